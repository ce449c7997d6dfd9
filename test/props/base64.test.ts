import { expect } from 'chai';
import fc from 'fast-check';
import { decodeBase64, encodeBase64 } from '../../src/props/base64.js';
import { DecodeError } from '../../src/codec/errors.js';

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');
const fromHex = (s: string): Uint8Array => Uint8Array.from(s.split(' ').filter(Boolean), (x) => parseInt(x, 16));

function expectDecodeError(text: string, offset: number, pattern: RegExp): void {
  try {
    decodeBase64(text);
  } catch (e) {
    expect(e).to.be.instanceOf(DecodeError);
    const d = e as DecodeError;
    expect(d.code).to.equal('SYNTAX');
    expect(d.offset, d.message).to.equal(offset);
    expect(d.message).to.match(pattern);
    return;
  }
  expect.fail(`decodeBase64(${JSON.stringify(text)}) should fail`);
}

describe('props/base64 (intel/llvm Base64, LSB-first, no padding)', () => {
  // intel/llvm llvm/unittests/Support/Base64Test.cpp @195d5d80; lowering.md §1.A fact 4.
  const vectors: [string, string][] = [
    ['LAAAAAAAAAgfGA', '0b 00 00 00 00 00 00 00 7e 06'],
    ['CAAAAAAAAAQA', '02 00 00 00 00 00 00 00 01'],
    // PropertySetIOTest.cpp @415c7d36 (lowering.md V8)
    ['IAAAAAAAAAQA', '08 00 00 00 00 00 00 00 01'],
    ['oAAAAAAAAAw///3/wB', '28 00 00 00 00 00 00 00 ff ff 7f ff 70'],
    // empty aspects (device-requirements/reqd-work-group-size.ll): 8 zero bytes
    ['AAAAAAAAAAA', '00 00 00 00 00 00 00 00'],
    ['', ''],
  ];
  for (const [text, bytes] of vectors) {
    it(`decodes and re-encodes ${JSON.stringify(text)}`, () => {
      expect(hex(decodeBase64(text))).to.equal(bytes);
      expect(encodeBase64(fromHex(bytes))).to.equal(text);
    });
  }

  it('packs bits least-significant first (differs from RFC 4648)', () => {
    // 0x01 -> sextets 1, 0 -> "BA"; RFC 4648 would give "AQ==".
    expect(encodeBase64(Uint8Array.of(1))).to.equal('BA');
    expect(encodeBase64(Uint8Array.of(0xff, 0xff, 0xff))).to.equal('////');
    expect(encodeBase64(Uint8Array.of(0x00, 0x01))).to.equal('AEA');
  });

  it('encoded length is ceil(8n/6) and decode inverts encode (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (b) => {
        const t = encodeBase64(b);
        expect(t.length).to.equal(Math.ceil((8 * b.length) / 6));
        expect(t).to.match(/^[A-Za-z0-9+/]*$/);
        expect(hex(decodeBase64(t))).to.equal(hex(b));
      }),
    );
  });

  it('rejects a 1-character remainder, naming its position', () => {
    expectDecodeError('AAAAA', 4, /invalid encoded sequence length/);
    expectDecodeError('A', 0, /invalid encoded sequence length/);
  });

  it('rejects characters outside the alphabet with their position and hex code', () => {
    expectDecodeError('AA=A', 2, /invalid char in Base64Impl encoding: 0x3d at character 2/);
    expectDecodeError('AAAA AAA', 4, /0x20 at character 4/);
    expectDecodeError('AAAA-_', 4, /invalid characters in the encoded sequence remainder: 0x2d/);
    expectDecodeError('AAAAA_', 5, /remainder: 0x5f at character 5/);
    expectDecodeError('AAAé', 3, /0xe9/);
  });

  it('checks quads before the length, like Base64Impl::decode', () => {
    // '=' in the first quad wins over the 1-char remainder.
    expectDecodeError('=AAAA', 0, /invalid char/);
  });

  it('ignores unused high bits of a 2/3-char tail (non-canonical tails accepted)', () => {
    // "B" + "/" : second char 63 -> byte 0 = 1 | (63 << 6) & 0xff = 0xc1; the rest is ignored
    expect(hex(decodeBase64('B/'))).to.equal('c1');
    // 'w' = 48: 48 << 4 leaves only bits above byte 1 -> same bytes as the canonical "AAA"
    expect(hex(decodeBase64('AAw'))).to.equal('00 00');
    expect(encodeBase64(decodeBase64('AAw'))).to.equal('AAA');
  });
});
