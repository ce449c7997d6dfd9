/**
 * ByteBuilder (src/codec/bytes.ts): text and decimal appends, and the chunked mode (a `flush`
 * callback) that a large output (`syclbin dump`) is written in: the chunks, in order, are the bytes
 * an ordinary builder makes.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { blobRef, ByteBuilder, chunksSource, concatBytes, memorySource, type Chunk } from '../../src/codec/index.js';
import { decodeEscapedUtf8, decodeLatin1, encodeEscapedUtf8, encodeLatin1, escapedUtf8Offset, latin1Output, utf8SequenceAt } from '../../src/codec/bytes.js';

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

describe('utf8SequenceAt (well-formed UTF-8 in byte strings)', () => {
  /** Walk a byte string by utf8SequenceAt: true when every position starts a sequence. */
  const wellFormed = (b: Uint8Array): boolean => {
    const s = decodeLatin1(b);
    for (let i = 0; i < s.length; ) {
      const n = utf8SequenceAt(s, i);
      if (!n) return false;
      i += n;
    }
    return true;
  };
  const fatal = new TextDecoder('utf-8', { fatal: true });
  const decodes = (b: Uint8Array): boolean => {
    try {
      fatal.decode(b);
      return true;
    } catch {
      return false;
    }
  };
  it('agrees with a fatal TextDecoder on the edges of Table 3-7 (overlongs, surrogates, past U+10FFFF, truncation)', () => {
    for (const bytes of [[0x41], [0xc2, 0x80], [0xc1, 0xbf], [0xe0, 0xa0, 0x80], [0xe0, 0x9f, 0xbf], [0xed, 0x9f, 0xbf], [0xed, 0xa0, 0x80], [0xf0, 0x90, 0x80, 0x80], [0xf0, 0x8f, 0xbf, 0xbf], [0xf4, 0x8f, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80], [0xe2, 0x82], [0x80], [0xff]]) {
      const b = Uint8Array.from(bytes);
      expect(wellFormed(b), bytes.map((x) => x.toString(16)).join(' ')).to.equal(decodes(b));
    }
  });
  it('property: agrees with a fatal TextDecoder on any bytes (fixed seed)', () => {
    const byte = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xf0, 0xf4));
    fc.assert(fc.property(fc.array(byte, { maxLength: 12 }), (a) => wellFormed(Uint8Array.from(a)) === decodes(Uint8Array.from(a))), { seed: 20261126, numRuns: 20000 });
  });
});

describe('codec: chunksSource (a writer output read back without putting it together)', () => {
  it('reads what concatChunks gives, at every offset and length, from bytes and blobs alike', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 8 }), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), fc.nat(), fc.nat(), (parts, asBlob, a, b) => {
        const whole = concatBytes(parts);
        const backing = memorySource(whole);
        let at = 0;
        const chunks: Chunk[] = parts.map((p, i) => {
          const c = asBlob[i] ? blobRef(backing, at, p.length, at) : p;
          at += p.length;
          return c;
        });
        const src = chunksSource(chunks);
        expect(src.size).to.equal(whole.length);
        const from = whole.length ? a % (whole.length + 1) : 0;
        const len = (whole.length - from) ? b % (whole.length - from + 1) : 0;
        expect([...src.read(from, len)]).to.deep.equal([...whole.subarray(from, from + len)]);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe('decodeEscapedUtf8 (surrogateescape)', () => {
  /** A reference: the longest valid sequence at each byte by a fatal decoder, else the escape. */
  const reference = (x: Uint8Array): string => {
    const td = new TextDecoder('utf-8', { fatal: true });
    let out = '';
    for (let i = 0; i < x.length; ) {
      let ok = 0;
      for (const l of [1, 2, 3, 4]) {
        if (i + l > x.length) break;
        try {
          td.decode(x.subarray(i, i + l));
          ok = l;
          break;
        } catch {
          // not a sequence of this length
        }
      }
      if (ok) out += td.decode(x.subarray(i, i + ok));
      else out += String.fromCharCode(0xdc00 + x[i]!);
      i += ok || 1;
    }
    return out;
  };

  it('property: equals the reference on any bytes, and encodeEscapedUtf8 gives the bytes back', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.string({ unit: 'binary', maxLength: 20 }).map((t) => new TextEncoder().encode(t))), (x) => {
        const s = decodeEscapedUtf8(x);
        expect(s).to.equal(reference(x));
        expect(Buffer.from(encodeEscapedUtf8(s, () => { throw new Error('lone'); })).equals(Buffer.from(x))).to.equal(true);
      }),
      { seed: 20261127, numRuns: 5000 },
    );
  });

  it('long inputs of any mix are decoded in one linear pass (the buffer is flushed across chunk edges)', () => {
    const x = new Uint8Array(30_000);
    for (let i = 0; i < x.length; i += 5) x.set([0x61, 0xf0, 0x9f, 0x98, 0x80].slice(0, Math.min(5, x.length - i)), i);
    x[7] = 0xff;
    expect(decodeEscapedUtf8(x)).to.equal(reference(x));
  });
});

describe('escapedUtf8Offset (a UTF-16 index as a byte offset)', () => {
  it('is the length of the bytes before the index, for any bytes decoded with escapes (fixed seed)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat(), (bytes, k) => {
        const text = decodeEscapedUtf8(bytes);
        // (an index between the two halves of a pair is not a place in the bytes: moved past it)
        let at = text.length ? k % (text.length + 1) : 0;
        if (at > 0 && at < text.length && (text.charCodeAt(at) & 0xfc00) === 0xdc00 && (text.charCodeAt(at - 1) & 0xfc00) === 0xd800) at++;
        const never = (): never => {
          throw new Error('lone surrogate');
        };
        expect(escapedUtf8Offset(text, at)).to.equal(encodeEscapedUtf8(text.slice(0, at), never).length);
      }),
      { numRuns: 2000 },
    );
    expect(escapedUtf8Offset('a\u00e9\u20ac\ud83d\ude00', 5)).to.equal(1 + 2 + 3 + 4);
  });
});
