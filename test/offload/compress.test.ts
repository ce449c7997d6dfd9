/**
 * Compressed OffloadBinary v3 payloads (issue 11 §1, issue 13 §2): round trips through the one zlib
 * (pako) and one zstd (libzstd) implementation at sizes around the input slice and zstd block
 * boundaries, byte-identical compression against the goldens, and hostile streams: bombs with lying
 * sizes, huge declared windows (refused from the frame header alone), truncation, trailing bytes,
 * several frames, Frame_Content_Size disagreeing with InflatedSize, frames LLVM never writes.
 * Every refusal is a DecodeError at the offset and path of what is wrong.
 */
import { expect } from 'chai';
import pako from 'pako';
import { readOffloadBinaries } from '../../src/offload/read.js';
import { writeOffloadBinary } from '../../src/offload/write.js';
import { DECOMPRESS_SLICE, decompressExact, DEFAULT_MAX_INFLATED_SIZE, detectCompression, zlibCompress } from '../../src/offload/compress.js';
import { zstdCompress } from '../../src/offload/libzstd.js';
import { nodeCompressor, ZSTD_LEVEL } from '../../src/node/compressors.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { windowNeededFor } from '../../formats/zstd.js';
import { writeSyclbin } from '../../src/syclbin/write.js';
import { offloadV3, rleBlocks, zlibZeros, zstdFrame, zstdSkippableFrame } from '../../scripts/fuzz/compressed.js';
import { CONFORMANCE, expectDecodeError, readBytes } from './support.js';

const SYCLBIN = new URL('../../testdata/syclbin/', import.meta.url).pathname;
const HEADER = 40;

/** Deterministic bytes that compress somewhat (runs and noise). */
function payload(n: number, seed = 1): Uint8Array {
  const b = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    b[i] = x >>> 29 === 0 ? x >>> 16 : (i >> 4) & 0x3f;
  }
  return b;
}

const compressors = { zlib: zlibCompress, zstd: (d: Uint8Array) => zstdCompress(d, ZSTD_LEVEL) } as const;

/** The stream of a v3 file (bytes 40..Size). */
function streamOf(file: Uint8Array): Uint8Array {
  const size = Number(new DataView(file.buffer, file.byteOffset).getBigUint64(8, true));
  return file.subarray(HEADER, size);
}

describe('compressed payloads: round trips', () => {
  const sizes = [0, 1, 2, 1023, 1024, DECOMPRESS_SLICE - 1, DECOMPRESS_SLICE, DECOMPRESS_SLICE + 1, (128 << 10) - 1, 128 << 10, (128 << 10) + 1, (256 << 10) - 41, 256 << 10, (256 << 10) + 1, 3 * DECOMPRESS_SLICE + 7];
  for (const kind of ['zlib', 'zstd'] as const) {
    it(`${kind}: decompressExact gives back every size around slice, block and buffer boundaries, after the prefix`, () => {
      for (const n of sizes) {
        const data = payload(n, n + 1);
        const stream = compressors[kind](data);
        expect(detectCompression(stream)).to.equal(kind);
        const prefix = Uint8Array.of(9, 8, 7);
        const out = decompressExact({ stream, expected: n, cap: DEFAULT_MAX_INFLATED_SIZE, offset: 40, path: ['p'], prefix });
        expect(out.length, `${kind} ${n}`).to.equal(n + 3);
        expect(Buffer.from(out.subarray(0, 3)).equals(Buffer.from(prefix))).to.equal(true);
        expect(Buffer.from(out.subarray(3)).equals(Buffer.from(data)), `${kind} ${n} bytes`).to.equal(true);
      }
    });

    it(`${kind}: empty, 1-byte and 300 KiB images through the OffloadBinary writer and reader`, () => {
      for (const n of [0, 1, 300 << 10]) {
        const image = payload(n, 7);
        const file = writeOffloadBinary([{ imageKind: 1, offloadKind: 4, strings: [['triple', 'spir64']], image }], { version: 3, compression: kind, compressor: nodeCompressor });
        const [bin] = readOffloadBinaries(file);
        expect(bin!.compression).to.equal(kind);
        expect(Buffer.from(bin!.entries[0]!.image).equals(Buffer.from(image)), `${kind} ${n}`).to.equal(true);
      }
    });
  }

  it('a zstd frame made of raw and RLE blocks decodes, with and without Frame_Content_Size and a checksum-free frame', () => {
    const raw = payload(1000, 3);
    const expected = new Uint8Array(1000 + 5000);
    expected.set(raw);
    expected.fill(0x41, 1000);
    for (const contentSize of [undefined, 6000n]) {
      const frame = zstdFrame({ window: { exponent: 3 }, contentSize, blocks: [{ type: 'raw', bytes: raw }, { type: 'rle', byte: 0x41, size: 5000 }] });
      const out = decompressExact({ stream: frame, expected: 6000, cap: 1 << 20, offset: 0, path: [] });
      expect(Buffer.from(out).equals(Buffer.from(expected))).to.equal(true);
    }
  });
});

describe('compressed payloads: byte-identical compression (goldens)', () => {
  const goldens = [
    [CONFORMANCE + 'sample_v2_roles_v3_zlib.syclbin', 'zlib'],
    [SYCLBIN + 'v1_in_offload_v3_zlib.syclbin', 'zlib'],
    [SYCLBIN + 'v1_in_offload_v3_zstd.syclbin', 'zstd'],
    [SYCLBIN + 'v2_roles_v3_zstd.syclbin', 'zstd'],
  ] as const;
  for (const [path, kind] of goldens) {
    const name = path.split('/').slice(-2).join('/');
    it(`${name}: the stored ${kind} stream is what we compress from its inflated payload, and the file rewrites identically`, () => {
      const file = readBytes(path);
      const stream = streamOf(file);
      expect(detectCompression(stream)).to.equal(kind);
      const inflated = Number(new DataView(file.buffer, file.byteOffset).getBigUint64(32, true)) - HEADER;
      const data = decompressExact({ stream, expected: inflated, cap: DEFAULT_MAX_INFLATED_SIZE, offset: HEADER, path: [] });
      expect(Buffer.from(compressors[kind](data)).equals(Buffer.from(stream))).to.equal(true);
      expect(Buffer.from(writeSyclbin(readSyclbin(file), { compressor: nodeCompressor })).equals(Buffer.from(file))).to.equal(true);
    });
  }
});

describe('compressed payloads: hostile streams', () => {
  const zlibStream = zlibCompress(payload(5000));
  const zstdStream = zstdCompress(payload(5000), ZSTD_LEVEL);

  it('InflatedSize above the cap is refused before anything is decoded or allocated (LIMIT at inflatedSize)', () => {
    for (const stream of [zlibStream, zstdStream, zlibZeros(1 << 20)]) {
      const e = expectDecodeError(() => readOffloadBinaries(offloadV3(stream, 1 << 20), { maxInflatedSize: 1024 }));
      expect(e.code).to.equal('LIMIT');
      expect(e.path).to.equal('binaries[0].header.inflatedSize');
      // The same through the decompressor alone.
      expect(expectDecodeError(() => decompressExact({ stream, expected: 1 << 20, cap: 1024, offset: 40, path: ['p'] })).code).to.equal('LIMIT');
    }
  });

  it('zlib bomb with a lying InflatedSize: stops one byte past the declared size (FORMAT)', () => {
    const bomb = zlibZeros(64 << 20); // ~330 KB of stream, 64 MiB of output
    for (const declared of [0, 1, 1024, DECOMPRESS_SLICE, 1 << 20]) {
      const e = expectDecodeError(() => readOffloadBinaries(offloadV3(bomb, declared), { maxInflatedSize: 1 << 20 }));
      expect(e.code).to.equal('FORMAT');
      expect(e.message).to.match(new RegExp(`zlib stream inflates to more than the ${declared} bytes`));
      expect(e.path).to.equal('binaries[0].compressedPayload');
      expect(e.offset).to.equal(HEADER);
    }
  });

  it('zstd bomb without Frame_Content_Size and a lying InflatedSize: libzstd stops at the declared size (FORMAT)', () => {
    for (const declared of [1024, 1 << 17, (1 << 17) + 1, 1 << 20]) {
      // The largest window the declared size allows (a larger one is refused from the header, below).
      const exponent = Math.log2(windowNeededFor(declared)) - 10;
      const bomb = zstdFrame({ window: { exponent }, blocks: rleBlocks(64 << 20, 0, Math.min(128 << 10, 1024 << exponent)) }); // 64 MiB of output
      const e = expectDecodeError(() => readOffloadBinaries(offloadV3(bomb, declared)));
      expect(e.code, e.message).to.equal('FORMAT');
      expect(e.message).to.match(new RegExp(`zstd stream inflates to more than the ${declared} bytes`));
    }
  });

  it('a zstd frame declaring a 2 GiB window is refused from its header alone (72-byte file)', () => {
    // Window_Descriptor exponent 21: 2^31 bytes. Nothing after the header is valid: the header decides.
    const frame = zstdFrame({ window: { exponent: 21 }, blocks: [{ type: 'reserved', size: 0 }] });
    const file = offloadV3(frame, 1024);
    expect(file.length).to.be.lessThan(72 + 1);
    const e = expectDecodeError(() => readOffloadBinaries(file));
    expect(e.code).to.equal('LIMIT');
    expect(e.path).to.equal('binaries[0].compressedPayload.frameHeader.windowDescriptor');
    expect(e.offset).to.equal(HEADER + 5);
    expect(e.message).to.match(/Window_Size 2147483648 is larger than any output within the cap/);
    // Within the cap but larger than the declared size can need: FORMAT.
    const f2 = zstdFrame({ window: { exponent: 11 }, blocks: [{ type: 'reserved', size: 0 }] });
    const e2 = expectDecodeError(() => readOffloadBinaries(offloadV3(f2, 1024)));
    expect([e2.code, e2.path]).to.deep.equal(['FORMAT', 'binaries[0].compressedPayload.frameHeader.windowDescriptor']);
    // A window the size can need (rounded up to a power of two) is accepted.
    const ok = zstdFrame({ window: { exponent: 1 }, blocks: rleBlocks(1500, 0, 2048) });
    expect(readOffloadBinaries(offloadV3(ok, 1500)).length).to.equal(1);
  });

  it('Frame_Content_Size that disagrees with InflatedSize is refused at its field', () => {
    const frame = zstdFrame({ contentSize: 5n, blocks: [{ type: 'raw', bytes: Uint8Array.of(1, 2, 3, 4, 5) }] });
    for (const declared of [4, 6, 1000]) {
      const e = expectDecodeError(() => readOffloadBinaries(offloadV3(frame, declared)));
      expect([e.code, e.path, e.offset]).to.deep.equal(['FORMAT', 'binaries[0].compressedPayload.frameHeader.frameContentSize', HEADER + 5]);
    }
    // libzstd's own frame for 5000 bytes, declared as 4999.
    const e = expectDecodeError(() => decompressExact({ stream: zstdStream, expected: 4999, cap: 1 << 20, offset: 0, path: [] }));
    expect(e.message).to.match(/Frame_Content_Size 5000 disagrees with InflatedSize, which declares a payload of 4999 bytes/);
  });

  it('a stream that inflates to fewer bytes than declared', () => {
    for (const stream of [zlibStream, zstdFrame({ window: { exponent: 3 }, blocks: rleBlocks(5000) })]) {
      const e = expectDecodeError(() => decompressExact({ stream, expected: 5001, cap: 1 << 20, offset: 0, path: [] }));
      expect(e.message).to.match(/inflates to 5000 bytes but InflatedSize declares a payload of 5001 bytes/);
    }
  });

  it('every truncation of a zlib and a zstd stream is a DecodeError', () => {
    for (const stream of [zlibStream, zstdStream, zstdFrame({ window: { exponent: 3 }, checksum: true, blocks: rleBlocks(5000, 2, 1000) })]) {
      for (let n = 0; n < stream.length; n++) {
        const e = expectDecodeError(() => decompressExact({ stream: stream.subarray(0, n), expected: 5000, cap: 1 << 20, offset: 100, path: ['p'] }), `prefix ${n}`);
        expect(e.offset).to.be.within(100, 100 + n);
      }
    }
  });

  it('bytes after the stream are refused at their offset (zlib, zstd, a second zstd frame, a skippable frame)', () => {
    const cases: [Uint8Array, Uint8Array][] = [
      [zlibStream, Uint8Array.of(0)],
      [zlibStream, zlibStream],
      [zstdStream, Uint8Array.of(0, 0, 0, 0)],
      [zstdStream, zstdCompress(new Uint8Array(0), ZSTD_LEVEL)],
      [zstdStream, zstdSkippableFrame(Uint8Array.of(1, 2, 3))],
    ];
    for (const [stream, extra] of cases) {
      const both = new Uint8Array(stream.length + extra.length);
      both.set(stream);
      both.set(extra, stream.length);
      const e = expectDecodeError(() => readOffloadBinaries(offloadV3(both, 5000)));
      expect([e.code, e.path, e.offset]).to.deep.equal(['FORMAT', 'binaries[0].compressedPayload.trailingBytes', HEADER + stream.length]);
    }
  });

  it('frames LLVM never writes: skippable and legacy frames, Reserved_bit, a dictionary, a reserved block type', () => {
    const skip = expectDecodeError(() => readOffloadBinaries(offloadV3(zstdSkippableFrame(zstdStream, 0xa), 5000)));
    expect([skip.code, skip.path]).to.deep.equal(['FORMAT', 'binaries[0].compressedPayload.frameHeader.magic']);
    expect(skip.message).to.match(/skippable frame/);
    const legacy = zstdStream.slice();
    legacy[0] = 0x27; // v0.7 magic 0xFD2FB527
    expect(expectDecodeError(() => readOffloadBinaries(offloadV3(legacy, 5000))).message).to.match(/legacy/);
    const reserved = expectDecodeError(() => readOffloadBinaries(offloadV3(zstdFrame({ contentSize: 0n, reservedBit: true, blocks: rleBlocks(0) }), 0)));
    expect([reserved.path, reserved.offset]).to.deep.equal(['binaries[0].compressedPayload.frameHeader.descriptor', HEADER + 4]);
    const dict = expectDecodeError(() => readOffloadBinaries(offloadV3(zstdFrame({ contentSize: 0n, dictionaryId: 77, blocks: rleBlocks(0) }), 0)));
    expect([dict.path, dict.offset]).to.deep.equal(['binaries[0].compressedPayload.frameHeader.dictionaryId', HEADER + 5]);
    const block = expectDecodeError(() => readOffloadBinaries(offloadV3(zstdFrame({ window: { exponent: 0 }, blocks: [{ type: 'raw', bytes: new Uint8Array(8) }, { type: 'reserved', size: 0 }] }), 8)));
    expect([block.path, block.offset]).to.deep.equal(['binaries[0].compressedPayload.blocks[1].blockType', HEADER + 6 + 3 + 8]);
    const big = expectDecodeError(() => readOffloadBinaries(offloadV3(zstdFrame({ window: { exponent: 0 }, blocks: [{ type: 'rle', byte: 0, size: 1025 }] }), 1025)));
    expect(big.path).to.equal('binaries[0].compressedPayload.blocks[0].blockSize');
  });

  it('corrupt zlib: bad header, a preset dictionary, a corrupt block', () => {
    const bad = zlibStream.slice();
    bad[0] = 0x79;
    expect(expectDecodeError(() => decompressExact({ stream: bad, expected: 5000, cap: 1 << 20, offset: 0, path: [] })).message).to.match(/corrupt zlib stream/);
    const dict = pako.deflate(payload(100), { dictionary: Uint8Array.of(1, 2, 3) } as pako.DeflateFunctionOptions);
    expect(expectDecodeError(() => decompressExact({ stream: dict, expected: 100, cap: 1 << 20, offset: 0, path: [] })).message).to.match(/corrupt zlib stream/);
    const broken = zlibStream.slice();
    broken.fill(0xff, 10, 20);
    expect(expectDecodeError(() => decompressExact({ stream: broken, expected: 5000, cap: 1 << 20, offset: 0, path: [] })).code).to.equal('FORMAT');
  });
});
