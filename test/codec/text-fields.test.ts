/**
 * The codec's fixed-width text and ASCII-number nodes (the `ar` member header is made of them) and its
 * signed integers (ELF relocation addends): decoding, encoding, spans, and every malformed field as a
 * DecodeError at the field's offset and path.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { asciiNumber, decode, DecodeError, encode, EncodeError, fixedText, i32, i64, SpanTree, struct, descendants, pathOf, formatPath } from '../../src/codec/index.js';

const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);
const text = (b: Uint8Array): string => new TextDecoder().decode(b);

function decodeError(f: () => unknown): DecodeError {
  try {
    f();
  } catch (e) {
    if (e instanceof DecodeError) return e;
    throw e;
  }
  throw new Error('expected a DecodeError');
}

describe('codec: fixed-width text and ASCII numbers', () => {
  const Header = struct({ name: fixedText(8), size: asciiNumber(6, 10), mode: asciiNumber(4, 8, { empty: 'zero' }) }, 'H');

  it('decodes left-aligned, blank-padded fields; the octal field in octal; a blank field as 0 where allowed', () => {
    expect(decode(Header, ascii('foo/    42    644 '))).to.deep.equal({ name: 'foo/    ', size: 42, mode: 0o644 });
    expect(decode(Header, ascii('x       0         '))).to.deep.equal({ name: 'x       ', size: 0, mode: 0 });
  });

  it('encodes the digits and pads with blanks; too long values and text are EncodeErrors', () => {
    expect(text(encode(Header, { name: 'a/', size: 1234, mode: 0o755 }))).to.equal('a/      1234  755 ');
    expect(() => encode(Header, { name: 'a'.repeat(9), size: 0, mode: 0 })).to.throw(EncodeError, /longer than its 8-byte field/);
    expect(() => encode(Header, { name: '', size: 1_000_000, mode: 0 })).to.throw(EncodeError, /needs 7 digits/);
    expect(() => encode(Header, { name: '', size: -1, mode: 0 })).to.throw(EncodeError, /non-negative/);
  });

  it('bad digits, a leading blank, an empty size and a non-octal mode are FORMAT errors at the field', () => {
    const cases: [string, string, number][] = [
      ['foo/    4x    644 ', 'size', 8],
      ['foo/     42   644 ', 'size', 8],
      ['foo/          644 ', 'size', 8],
      ['foo/    42    648 ', 'mode', 14],
      ['foo/    -1    644 ', 'size', 8],
    ];
    for (const [input, field, at] of cases) {
      const e = decodeError(() => decode(Header, ascii(input), 0, { base: 100 }));
      expect([e.code, e.path, e.offset], input).to.deep.equal(['FORMAT', field, 100 + at]);
    }
    expect(decodeError(() => decode(Header, ascii('foo/    4x    644 '))).message).to.match(/not all decimal digits: '4x'/);
  });

  it('records each field as a span with its decoded value', () => {
    const tree = new SpanTree();
    decode(Header, ascii('foo/    42    644 '), 0, { tree, key: 'h' });
    const leaves = [...descendants(tree.root)].filter((n) => n.kind !== 'group').map((n) => [formatPath(pathOf(n)), n.offset, n.size, n.value]);
    expect(leaves).to.deep.equal([
      ['h.name', 0, 8, 'foo/    '],
      ['h.size', 8, 6, 42],
      ['h.mode', 14, 4, 420],
    ]);
  });

  it('property: any bytes decode to a value or a DecodeError, and encoded values decode back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 18, maxLength: 18 }), (b) => {
        try {
          decode(Header, b);
        } catch (e) {
          if (!(e instanceof DecodeError)) throw e;
        }
      }),
      { seed: 20240601, numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999999 }), fc.integer({ min: 0, max: 0o7777 }), (size, mode) => {
        expect(decode(Header, encode(Header, { name: 'n', size, mode }))).to.deep.equal({ name: 'n       ', size, mode });
      }),
      { seed: 20240602, numRuns: 500 },
    );
  });
});

describe('codec: signed integers', () => {
  it('i32 and i64 decode two\'s complement in either byte order and encode with range checks', () => {
    const S = struct({ a: i32, b: i64 });
    const b = Uint8Array.of(0xfc, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff);
    expect(decode(S, b)).to.deep.equal({ a: -4, b: -2n });
    expect(decode(S, b, 0, { le: false })).to.deep.equal({ a: -50331649, b: -72057594037927937n });
    expect(encode(S, { a: -4, b: -2n })).to.deep.equal(b);
    expect(() => encode(S, { a: 2 ** 31, b: 0n })).to.throw(EncodeError, /i32 value/);
    expect(() => encode(S, { a: 0, b: 1n << 63n })).to.throw(EncodeError, /i64 value/);
  });
});
