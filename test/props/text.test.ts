import { expect } from 'chai';
import fc from 'fast-check';
import { decodeText, encodeText, isWellFormed } from '../../src/props/text.js';
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
