import { expect } from 'chai';
import fc from 'fast-check';
import { decodeText, decodeTextRange, encodeText, isWellFormed } from '../../src/props/text.js';
import { EncodeError } from '../../src/codec/errors.js';

describe('props/text: lossless bytes <-> string for names and keys', () => {
  it('any bytes survive decode -> encode (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (b) => {
        expect(Buffer.from(encodeText(decodeText(b))).equals(Buffer.from(b))).to.equal(true);
      }),
      { numRuns: 500 },
    );
  });
  it('valid UTF-8 decodes normally; invalid bytes become U+DC80+byte', () => {
    expect(decodeText(new TextEncoder().encode('ü€😀'))).to.equal('ü€😀');
    expect(decodeText(Uint8Array.of(0x61, 0xc3, 0x28, 0xed, 0xa0, 0x80))).to.equal('a\udcc3(\udced\udca0\udc80');
    expect(isWellFormed('a\udcc3')).to.equal(false);
    expect(isWellFormed('😀')).to.equal(true);
  });
  it('well-formed strings encode as UTF-8; other lone surrogates are rejected', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(decodeText(encodeText(s))).to.equal(s);
      }),
    );
    expect(() => encodeText('\ud800x')).to.throw(EncodeError);
    expect(() => encodeText('\udc7f')).to.throw(EncodeError);
  });
});

describe('props/text: decodeTextRange (names and keys from a cache keyed by their bytes)', () => {
  it('property: it is decodeText of the range, whatever was decoded before (colliding slots included)', () => {
    // Few distinct lengths and bytes: many texts share a slot of the cache.
    const bytes = fc.uint8Array({ maxLength: 80 }).map((b) => b.map((x) => (x % 5 === 0 ? 0x80 + (x % 64) : 0x41 + (x % 4))));
    fc.assert(
      fc.property(fc.array(fc.tuple(bytes, fc.nat(4), fc.nat(4)), { minLength: 1, maxLength: 40 }), (cases) => {
        for (const [b, cutFront, cutBack] of cases) {
          const from = Math.min(cutFront, b.length);
          const to = Math.max(from, b.length - cutBack);
          expect(decodeTextRange(b, from, to)).to.equal(decodeText(b.subarray(from, to)));
        }
      }),
      { numRuns: 300 },
    );
  });
});
