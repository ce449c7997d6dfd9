/**
 * Hostile input for the OffloadBinary reader (issue 2 §4; spec README "Where we are stricter than
 * LLVM"): truncations, bad versions, sizes and offsets past the end, u64 values near 2^64 whose sums
 * would wrap in LLVM's 64-bit arithmetic, corrupt zlib/zstd streams, decompression bombs. Every
 * failure must be the library's DecodeError (with offset and path), never a RangeError/TypeError,
 * and nothing may be allocated from an unchecked size.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import pako from 'pako';
import { readOffloadBinaries, readOffloadBinary } from '../../src/offload/read.js';
import { writeOffloadBinary, writeOffloadBinaries } from '../../src/offload/write.js';
import { initZstd, nodeCompressor } from '../../src/node/compressors.js';
import { DecodeError } from '../../src/codec/errors.js';
import { CONFORMANCE, CONFORMANCE_ENVELOPES, expectDecodeError, PACKAGER_GOLDENS, readBytes, TESTDATA } from './support.js';

const U64_MAX = (1n << 64n) - 1n;

function setU64(b: Uint8Array, at: number, v: bigint): Uint8Array {
  const c = b.slice();
  new DataView(c.buffer).setBigUint64(at, v, true);
  return c;
}
function setU32(b: Uint8Array, at: number, v: number): Uint8Array {
  const c = b.slice();
  new DataView(c.buffer).setUint32(at, v, true);
  return c;
}

const entry = { imageKind: 1, offloadKind: 2, strings: [['triple', 'nvptx64-nvidia-cuda'] as [string, string], ['arch', 'sm_70'] as [string, string]], image: Uint8Array.from({ length: 13 }, (_, i) => i + 1) };

interface Sample {
  name: string;
  bytes: Uint8Array;
}
let samples: Sample[] = [];

describe('offload hostile input', () => {
  before(async () => {
    await initZstd();
    samples = [
      ...PACKAGER_GOLDENS.map((n) => ({ name: n, bytes: readBytes(TESTDATA + n) })),
      ...CONFORMANCE_ENVELOPES.map((n) => ({ name: n, bytes: readBytes(CONFORMANCE + n) })),
      { name: 'ours v2 (2 entries)', bytes: writeOffloadBinary([entry, entry], { version: 2 }) },
      { name: 'ours v3', bytes: writeOffloadBinary([entry], { version: 3 }) },
      { name: 'ours v3 zlib', bytes: writeOffloadBinary([entry, entry], { version: 3, compression: 'zlib' }) },
      { name: 'ours v3 zstd', bytes: writeOffloadBinary([entry, entry], { version: 3, compression: 'zstd', compressor: nodeCompressor }) },
    ];
  });

  it('every strict prefix of every valid file is rejected with DecodeError, except prefixes that end at a binary boundary', () => {
    let checked = 0;
    for (const s of samples) {
      const bins = readOffloadBinaries(s.bytes);
      // Prefixes that are themselves valid files: a prefix holding whole binaries (LLVM 19's packager
      // concatenates them), including a compressed v3 binary whose zero padding after Size is cut.
      const valid = new Set<number>();
      for (const b of bins) {
        const end = b.offset + b.size;
        for (let l = end; l < Math.ceil(end / 8) * 8 + 1; l++) valid.add(l);
      }
      for (let len = 0; len < s.bytes.length; len++) {
        const prefix = s.bytes.slice(0, len); // a copy, so reads past `len` cannot see the original
        if (valid.has(len)) {
          expect(readOffloadBinaries(prefix).length, `${s.name}[0, ${len})`).to.be.lessThan(bins.length + 1);
          continue;
        }
        const e = expectDecodeError(() => readOffloadBinaries(prefix), `${s.name} prefix of ${len} bytes`);
        expect(e.offset, `${s.name}: ${e.message}`).to.be.within(0, s.bytes.length);
        expect(e.message).to.match(/\(at .*offset 0x[0-9a-f]+\)$/);
        checked++;
      }
    }
    expect(checked).to.be.greaterThan(3000);
  });

  it('truncation errors say what was needed and what was available', () => {
    const v1 = readBytes(TESTDATA + 'cuda-sm70.v1.bin');
    const e = expectDecodeError(() => readOffloadBinaries(v1.subarray(0, 20)));
    expect(e.code).to.equal('EOF');
    expect(e.path).to.equal('binaries[0].header');
    expect([e.needed, e.available]).to.deep.equal([32, 20]);
    const e2 = expectDecodeError(() => readOffloadBinaries(v1.subarray(0, 100)));
    expect(e2.path).to.equal('binaries[0].header.size');
    expect([e2.needed, e2.available]).to.deep.equal([v1.length, 100]);
  });

  it('versions 0 and 4 (and 2^32-1) are rejected with the version location', () => {
    const v1 = readBytes(TESTDATA + 'cuda-sm70.v1.bin');
    for (const v of [0, 4, 0xffffffff]) {
      const e = expectDecodeError(() => readOffloadBinaries(setU32(v1, 4, v)));
      expect(e.code).to.equal('VERSION');
      expect(e.offset).to.equal(4);
      expect(e.path).to.equal('binaries[0].header.version');
      expect(e.message).to.include(`version ${v}`);
    }
  });

  it('bad magic', () => {
    const v1 = readBytes(TESTDATA + 'cuda-sm70.v1.bin').slice();
    v1[3] = 0xae;
    expect(expectDecodeError(() => readOffloadBinaries(v1)).code).to.equal('MAGIC');
  });

  it('Size past the end, Size below the header, Size near 2^64', () => {
    const v1 = readBytes(TESTDATA + 'cuda-sm70.v1.bin');
    const past = expectDecodeError(() => readOffloadBinaries(setU64(v1, 8, BigInt(v1.length + 8))));
    expect(past.code).to.equal('EOF');
    expect(past.offset).to.equal(8);
    const small = expectDecodeError(() => readOffloadBinaries(setU64(v1, 8, 16n)));
    expect(small.code).to.equal('RANGE');
    for (const big of [U64_MAX, U64_MAX - 7n, 1n << 53n]) {
      const e = expectDecodeError(() => readOffloadBinaries(setU64(v1, 8, big)));
      expect(e.offset).to.equal(8);
    }
    // Size 0 would make LLVM's loop `Offset += Size` spin forever; here it is an error.
    expect(expectDecodeError(() => readOffloadBinaries(setU64(v1, 8, 0n))).code).to.equal('RANGE');
  });

  it('entry offsets and counts past the end, and counts whose 40*count wraps 2^64', () => {
    const v1 = readBytes(TESTDATA + 'cuda-sm70.v1.bin');
    expect(expectDecodeError(() => readOffloadBinaries(setU64(v1, 16, BigInt(v1.length - 8)))).path).to.equal('binaries[0].header.entryOffset');
    expect(expectDecodeError(() => readOffloadBinaries(setU64(v1, 16, U64_MAX - 39n))).path).to.equal('binaries[0].header.entryOffset');
    const v2 = writeOffloadBinary([entry, entry], { version: 2 });
    const countPast = expectDecodeError(() => readOffloadBinaries(setU64(v2, 24, 1000n)));
    expect(countPast.code).to.equal('RANGE');
    expect(countPast.needed).to.equal(32 + 40 * 1000);
    // The table starts inside the binary, its count runs past the end: the count is blamed, at its own offset.
    expect([countPast.path, countPast.offset]).to.deep.equal(['binaries[0].header.entriesCount', 24]);
    const offsetPast = expectDecodeError(() => readOffloadBinaries(setU64(v2, 16, BigInt(v2.length))));
    expect([offsetPast.path, offsetPast.offset]).to.deep.equal(['binaries[0].header.entriesOffset', 16]);
    // Likewise in a compressed v3 binary, whose entries lie in the inflated payload.
    const v3 = writeOffloadBinary([entry, entry], { version: 3, compression: 'zlib' });
    const v3Past = expectDecodeError(() => readOffloadBinaries(setU64(v3, 24, 1000n)));
    expect([v3Past.path, v3Past.offset]).to.deep.equal(['binaries[0].header.entriesCount', 24]);
    // 40 * (2^64/8 + 1) wraps to 40 in 64-bit arithmetic; LLVM's `40*count <= Size-32` would pass.
    for (const count of [(1n << 61n) + 1n, U64_MAX, (1n << 64n) / 40n + 1n]) {
      const e = expectDecodeError(() => readOffloadBinaries(setU64(v2, 24, count)));
      expect(e.path).to.equal('binaries[0].header.entriesCount');
    }
  });

  it('image offset/size past the end or wrapping 2^64', () => {
    const v2 = writeOffloadBinary([entry, entry], { version: 2 });
    const e1 = 32 + 40; // second entry
    for (const [off, size] of [
      [BigInt(v2.length), 1n],
      [BigInt(v2.length - 4), 5n],
      [U64_MAX - 7n, 16n], // offset + size wraps to 8
      [16n, U64_MAX - 7n],
      [BigInt(Number.MAX_SAFE_INTEGER), BigInt(Number.MAX_SAFE_INTEGER)], // exact sum > 2^53, still caught
    ] as [bigint, bigint][]) {
      const bad = setU64(setU64(v2, e1 + 24, off), e1 + 32, size);
      const e = expectDecodeError(() => readOffloadBinaries(bad), `image ${off}+${size}`);
      expect(e.path).to.match(/^binaries\[0\]\.entries\[1\]\.image(Offset|Size)$/);
    }
  });

  it('string entries: table past the end, key/value offsets past the end, value size wrapping, unterminated key', () => {
    const v2 = writeOffloadBinary([entry], { version: 2 });
    const se = Number(new DataView(v2.buffer).getBigUint64(32 + 8, true)); // stringOffset of entry 0
    // The table starts inside the binary, its count runs past the end: the count is blamed.
    expect(expectDecodeError(() => readOffloadBinaries(setU64(v2, 32 + 16, 1n << 40n))).path).to.equal('binaries[0].entries[0].numStrings');
    expect(expectDecodeError(() => readOffloadBinaries(setU64(v2, 32 + 16, U64_MAX))).path).to.equal('binaries[0].entries[0].numStrings');
    expect(expectDecodeError(() => readOffloadBinaries(setU64(v2, 32 + 8, BigInt(v2.length)))).path).to.equal('binaries[0].entries[0].stringOffset');
    expect(expectDecodeError(() => readOffloadBinaries(setU64(v2, se, BigInt(v2.length)))).path).to.equal('binaries[0].entries[0].strings[0].keyOffset');
    expect(expectDecodeError(() => readOffloadBinaries(setU64(v2, se, U64_MAX))).path).to.equal('binaries[0].entries[0].strings[0].keyOffset');
    expect(expectDecodeError(() => readOffloadBinaries(setU64(v2, se + 8, BigInt(v2.length + 1)))).path).to.equal('binaries[0].entries[0].strings[0].valueOffset');
    expect(expectDecodeError(() => readOffloadBinaries(setU64(v2, se + 16, U64_MAX - 3n))).path).to.equal('binaries[0].entries[0].strings[0].valueSize');
    expect(expectDecodeError(() => readOffloadBinaries(setU64(v2, se + 16, BigInt(v2.length)))).path).to.equal('binaries[0].entries[0].strings[0].valueSize');
    // A key offset pointing at the last byte, which is not NUL: unterminated inside the binary.
    const last = v2.slice();
    last[last.length - 1] = 0x41;
    const e = expectDecodeError(() => readOffloadBinaries(setU64(last, se, BigInt(last.length - 1))));
    expect(e.path).to.equal('binaries[0].entries[0].strings[0].key');
    expect(e.message).to.match(/not NUL-terminated/);
    // v1: value offset past the end.
    const v1 = readBytes(TESTDATA + 'cuda-sm70.v1.bin');
    expect(expectDecodeError(() => readOffloadBinaries(setU64(v1, 72 + 8, U64_MAX))).path).to.equal('binaries[0].entries[0].strings[0].valueOffset');
  });

  it('corrupt zlib and zstd streams', () => {
    for (const s of ['ours v3 zlib', 'ours v3 zstd', 'sample_v2_roles_v3_zlib.syclbin']) {
      const good = samples.find((x) => x.name === s)!.bytes;
      const size = Number(new DataView(good.buffer, good.byteOffset).getBigUint64(8, true));
      // Flip bits in the middle of the stream, cut the stream short (Size adjusted), or garble the start.
      const flipped = good.slice();
      for (let i = 48; i < size - 4; i += 7) flipped[i] ^= 0x5a;
      // zstd block headers are checked before decoding: a flipped one is named (`compressedPayload.blocks[0].blockSize`).
      const e1 = expectDecodeError(() => readOffloadBinaries(flipped), `${s} flipped`);
      expect(e1.path).to.match(/^binaries\[0\]\.compressedPayload\b/);
      const cut = setU64(good.slice(0, 40 + Math.floor((size - 40) / 2)), 8, BigInt(40 + Math.floor((size - 40) / 2)));
      expect(expectDecodeError(() => readOffloadBinaries(cut), `${s} cut`).offset).to.be.within(40, size);
      const garbled = good.slice();
      garbled.fill(0xff, 40, 48);
      expectDecodeError(() => readOffloadBinaries(garbled), `${s} garbled`);
    }
  });

  it('InflatedSize that disagrees with the stream (more or fewer bytes)', () => {
    const good = samples.find((x) => x.name === 'ours v3 zlib')!.bytes;
    const inflated = new DataView(good.buffer, good.byteOffset).getBigUint64(32, true);
    const more = expectDecodeError(() => readOffloadBinaries(setU64(good, 32, inflated - 8n)));
    expect(more.message).to.match(/inflates to more than/);
    const fewer = expectDecodeError(() => readOffloadBinaries(setU64(good, 32, inflated + 8n)));
    expect(fewer.message).to.match(/inflates to \d+ bytes but InflatedSize declares/);
    // The messages give the field's value and the payload size compared (InflatedSize less the header).
    expect(fewer.message).to.contain(`declares a payload of ${inflated + 8n - 40n} bytes (InflatedSize ${inflated + 8n} less the 40-byte header)`);
    expect(more.message).to.contain(`more than the ${inflated - 8n - 40n} bytes of the payload InflatedSize declares (InflatedSize ${inflated - 8n} less the 40-byte header)`);
    expect(expectDecodeError(() => readOffloadBinaries(setU64(good, 32, 39n))).code).to.equal('RANGE');
    // A compressed binary must have its entries right after the 40-byte header.
    expect(expectDecodeError(() => readOffloadBinaries(setU64(good, 16, 48n))).path).to.equal('binaries[0].header.entriesOffset');
  });

  it('decompression bomb: InflatedSize 2^64-1 is an error before any allocation', () => {
    const good = samples.find((x) => x.name === 'ours v3 zstd')!.bytes;
    const before = process.memoryUsage().arrayBuffers;
    for (const claim of [U64_MAX, 1n << 62n, BigInt(2 ** 31)]) {
      const e = expectDecodeError(() => readOffloadBinaries(setU64(good, 32, claim)));
      expect(e.code).to.equal('LIMIT');
      expect(e.path).to.equal('binaries[0].header.inflatedSize');
      expect(e.message).to.match(/exceeds the decompression cap of 1073741824 bytes/);
    }
    expect(process.memoryUsage().arrayBuffers - before).to.be.lessThan(64 << 20);
  });

  it('the cap is compared with the payload (InflatedSize less the header), and the message says so', () => {
    const good = samples.find((x) => x.name === 'ours v3 zlib')!.bytes;
    const payload = Number(new DataView(good.buffer, good.byteOffset).getBigUint64(32, true)) - 40;
    expect(readOffloadBinaries(good, { maxInflatedSize: payload })).to.have.length(1);
    const e = expectDecodeError(() => readOffloadBinaries(good, { maxInflatedSize: payload - 1 }));
    expect([e.code, e.path]).to.deep.equal(['LIMIT', 'binaries[0].header.inflatedSize']);
    expect(e.message).to.contain(`the payload, ${payload} bytes (InflatedSize ${payload + 40} less the 40-byte header), exceeds the decompression cap of ${payload - 1} bytes`);
  });

  it('decompression bomb: a small stream inflating beyond the cap option stops at the cap', () => {
    // 64 MiB of zeros compresses to ~64 KiB; declare it honestly, read with a 1 MiB cap.
    const payload = new Uint8Array(64 << 20);
    const stream = pako.deflate(payload, { level: 9 });
    expect(stream.length).to.be.lessThan(200 * 1024);
    const header = new Uint8Array(40);
    header.set([0x10, 0xff, 0x10, 0xad]);
    const dv = new DataView(header.buffer);
    dv.setUint32(4, 3, true);
    dv.setBigUint64(8, BigInt(40 + stream.length), true);
    dv.setBigUint64(16, 40n, true);
    dv.setBigUint64(24, 1n, true);
    dv.setBigUint64(32, BigInt(40 + payload.length), true);
    const file = new Uint8Array(Math.ceil((40 + stream.length) / 8) * 8);
    file.set(header);
    file.set(stream, 40);
    const e = expectDecodeError(() => readOffloadBinaries(file, { maxInflatedSize: 1 << 20 }));
    expect(e.code).to.equal('LIMIT');
    // A stream that lies (declares 1 KiB, inflates to 64 MiB) stops after the declared size.
    const lying = setU64(file, 32, 40n + 1024n);
    const e2 = expectDecodeError(() => readOffloadBinaries(lying));
    expect(e2.code).to.equal('FORMAT');
    expect(e2.message).to.match(/more than the 1024 bytes/);
  });

  it('property: random corruption of valid files gives a model or DecodeError, never another exception', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (pick, edits, wide) => {
          const s = samples[pick % samples.length]!;
          const b = s.bytes.slice();
          for (const [at, v] of edits) {
            const i = at % b.length;
            if (wide && i + 8 <= b.length) new DataView(b.buffer).setBigUint64(i - (i % 8), (BigInt(v) << 56n) | BigInt(at), true);
            else b[i] = v;
          }
          try {
            readOffloadBinaries(b);
          } catch (e) {
            if (!(e instanceof DecodeError)) throw e;
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('an empty buffer and zero bytes are not an OffloadBinary', () => {
    expect(expectDecodeError(() => readOffloadBinaries(new Uint8Array(0))).code).to.equal('EOF');
    expect(expectDecodeError(() => readOffloadBinaries(new Uint8Array(64))).code).to.equal('MAGIC');
    // Zero padding after the last binary is accepted (llvm-objdump-19 rejects it; see offload-list --help).
    const two = writeOffloadBinaries([[entry], [entry]], { version: 1 });
    const padded = new Uint8Array(two.length + 24);
    padded.set(two);
    expect(readOffloadBinaries(padded).length).to.equal(2);
  });

  it('readOffloadBinary at an offset reports absolute offsets', () => {
    const v1 = readBytes(TESTDATA + 'cuda-sm70.v1.bin');
    const buf = new Uint8Array(64 + v1.length);
    buf.set(setU32(v1, 4, 9), 64);
    const e = expectDecodeError(() => readOffloadBinary(buf, 64));
    expect(e.offset).to.equal(68);
  });
});
