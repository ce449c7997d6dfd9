/**
 * ByteBuilder (src/codec/bytes.ts): text and decimal appends, and the chunked mode (a `flush`
 * callback) that a large output (`syclbin dump`) is written in: the chunks, in order, are the bytes
 * an ordinary builder makes.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { ByteBuilder, concatBytes } from '../../src/codec/index.js';
import { decodeLatin1, encodeLatin1, latin1Output } from '../../src/codec/bytes.js';

type Op = { text: string } | { decimal: number } | { bytes: Uint8Array } | { align: number } | { u32: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.string({ maxLength: 300 }).map((text) => ({ text })),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => ({ text })),
  fc.oneof(fc.nat(20), fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER)).map((decimal) => ({ decimal })),
  fc.uint8Array({ maxLength: 100 }).map((bytes) => ({ bytes })),
  fc.constantFrom(2, 4, 8).map((align) => ({ align })),
  fc.nat(0xffffffff).map((u32) => ({ u32 })),
);

function apply(w: ByteBuilder, ops: readonly Op[]): void {
  for (const o of ops) {
    if ('text' in o) w.text(o.text);
    else if ('decimal' in o) w.decimal(o.decimal);
    else if ('bytes' in o) w.bytes(o.bytes);
    else if ('align' in o) w.alignTo(o.align);
    else w.u32(o.u32);
  }
}

describe('codec: ByteBuilder', () => {
  it('text is UTF-8 (lone surrogates as U+FFFD, as TextEncoder), decimal is String(n)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER)), (s, n) => {
        const w = new ByteBuilder(16);
        w.text(s);
        w.decimal(n);
        expect(w.result()).to.deep.equal(new TextEncoder().encode(s + String(n)));
      }),
    );
  });

  it('property: chunked mode hands over, in order, exactly the bytes of an ordinary builder', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.integer({ min: 16, max: 200 }), (ops, capacity) => {
        const whole = new ByteBuilder();
        apply(whole, ops);
        const chunks: Uint8Array[] = [];
        const w = new ByteBuilder(capacity, true, (c) => chunks.push(c));
        apply(w, ops);
        w.finish();
        expect(concatBytes(chunks)).to.deep.equal(whole.result());
        // Each chunk is a buffer of its own (kept by the receiver, never written again).
        expect(new Set(chunks.map((c) => c.buffer)).size).to.equal(chunks.length);
        expect(chunks.every((c) => c.length > 0)).to.equal(true);
      }),
    );
  });
});

describe('Latin-1 text (decodeLatin1 / encodeLatin1 / latin1Output)', () => {
  it('round-trips any bytes, and latin1Output writes the same bytes as UTF-8 text or as bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = decodeLatin1(bytes);
        expect(encodeLatin1(text)).to.deep.equal(bytes);
        const out = latin1Output(text);
        const written = typeof out === 'string' ? new TextEncoder().encode(out) : out;
        expect(written).to.deep.equal(bytes);
      }),
    );
  });

  it('hands ASCII text through as the string itself (no copy) and other text as its bytes', () => {
    expect(latin1Output('OFFLOADING IMAGE [0]:\n')).to.equal('OFFLOADING IMAGE [0]:\n');
    expect(latin1Output('caf\u00e9')).to.deep.equal(new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
  });
});
