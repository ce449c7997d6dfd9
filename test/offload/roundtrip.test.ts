/**
 * Round trips of the OffloadBinary reader and writer (spec README rule 3; syclbin-format.md §1.5):
 *   write → read gives the same model for v1, v2, v3, v3+zlib, v3+zstd;
 *   read → write gives the same bytes for canonical files (conformance samples, packager goldens);
 *   unknown keys and their order survive; duplicates resolve as LLVM does.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { readOffloadBinaries, readOffloadBinary, type OffloadBinaryModel } from '../../src/offload/read.js';
import { writeOffloadBinaries, writeOffloadBinary, type OffloadEntryInput } from '../../src/offload/write.js';
import type { Compression } from '../../src/offload/compress.js';
import { initZstd, nodeCompressor } from '../../src/node/compressors.js';
import { CONFORMANCE, CONFORMANCE_ENVELOPES, PACKAGER_GOLDENS, hexdiff, readBytes, TESTDATA } from './support.js';

function modelOf(bins: OffloadBinaryModel[]): { version: number; entries: { imageKind: number; offloadKind: number; flags: number; strings: [string, string][]; image: number[] }[] }[] {
  return bins.map((b) => ({
    version: b.version,
    entries: b.entries.map((e) => ({ imageKind: e.imageKind, offloadKind: e.offloadKind, flags: e.flags, strings: [...e.strings], image: [...e.image] })),
  }));
}

/** Rewrite every binary of a file from its model with the same version and compression. */
function rewrite(bytes: Uint8Array): Uint8Array {
  const bins = readOffloadBinaries(bytes);
  const parts = bins.map((b) => {
    const out = writeOffloadBinary(
      b.entries.map((e) => ({ imageKind: e.imageKind, offloadKind: e.offloadKind, flags: e.flags, strings: e.strings, image: e.image })),
      { version: b.version as 1 | 2 | 3, compression: b.compression, compressor: nodeCompressor },
    );
    return out;
  });
  const total = parts.reduce((a, p) => a + p.length, 0);
  const all = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

const strArb = fc.string({ unit: 'grapheme', maxLength: 10 }).filter((s) => !s.includes('\0'));
const entryArb = fc.record({
  imageKind: fc.integer({ min: 0, max: 0xffff }),
  offloadKind: fc.integer({ min: 0, max: 0xffff }),
  flags: fc.nat({ max: 0xffffffff }),
  // Unique keys (a repeated key is covered separately); keys and values may share suffixes.
  strings: fc.uniqueArray(fc.tuple(strArb, strArb), { selector: ([k]) => k, maxLength: 8 }),
  image: fc.uint8Array({ maxLength: 64 }),
});

describe('offload round trips: write → read', () => {
  before(async () => {
    await initZstd();
  });

  const configs: { name: string; version: 1 | 2 | 3; compression?: Compression }[] = [
    { name: 'v1', version: 1 },
    { name: 'v2', version: 2 },
    { name: 'v3', version: 3 },
    { name: 'v3 zlib', version: 3, compression: 'zlib' },
    { name: 'v3 zstd', version: 3, compression: 'zstd' },
  ];
  for (const cfg of configs) {
    it(`property: ${cfg.name} gives back the same model`, () => {
      fc.assert(
        fc.property(fc.array(entryArb, { minLength: 1, maxLength: cfg.version === 1 ? 1 : 6 }), (entries) => {
          const bytes = writeOffloadBinary(entries, { version: cfg.version, compression: cfg.compression, compressor: nodeCompressor });
          expect(bytes.length % 8).to.equal(0);
          const bins = readOffloadBinaries(bytes);
          expect(bins.length).to.equal(1);
          const b = bins[0]!;
          expect(b.version).to.equal(cfg.version);
          expect(b.compression).to.equal(cfg.compression);
          if (!cfg.compression) expect(b.size).to.equal(bytes.length);
          expect(modelOf(bins)[0]!.entries).to.deep.equal(entries.map((e) => ({ ...e, image: [...e.image] })));
          // And writing the model again gives the same bytes (the writer is deterministic).
          expect(hexdiff(rewrite(bytes), bytes)).to.equal('identical');
        }),
        { numRuns: cfg.compression ? 60 : 150 },
      );
    });
  }

  it('property: several v1 binaries concatenated (as the packager writes them) read back in order', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { minLength: 1, maxLength: 5 }), (entries) => {
        const bytes = writeOffloadBinaries(
          entries.map((e) => [e]),
          { version: 1 },
        );
        const bins = readOffloadBinaries(bytes);
        expect(bins.map((b) => b.entries[0]!.image.length)).to.deep.equal(entries.map((e) => e.image.length));
        expect(modelOf(bins).map((b) => b.entries[0]!.strings)).to.deep.equal(entries.map((e) => e.strings));
        let at = 0;
        for (const b of bins) {
          expect(b.offset).to.equal(at);
          at += b.size;
        }
      }),
      { numRuns: 100 },
    );
  });

  it('compressed v3 binaries concatenated: the next one starts at the next multiple of 8', () => {
    const e: OffloadEntryInput = { imageKind: 6, offloadKind: 8, strings: [['triple', 'spirv64']], image: new Uint8Array(100).fill(7) };
    const a = writeOffloadBinary([e], { version: 3, compression: 'zlib' });
    const b = writeOffloadBinary([e, e], { version: 3, compression: 'zstd', compressor: nodeCompressor });
    const both = new Uint8Array(a.length + b.length);
    both.set(a);
    both.set(b, a.length);
    const bins = readOffloadBinaries(both);
    expect(bins.map((x) => [x.offset, x.compression, x.entries.length])).to.deep.equal([
      [0, 'zlib', 1],
      [a.length, 'zstd', 2],
    ]);
    expect(bins[0]!.size % 8).to.not.equal(0); // Size is the unpadded on-disk size (spec rule 3)
  });

  it('v3 compressed headers: Size = 40 + stream, InflatedSize = uncompressed total, zstd magic', () => {
    const e: OffloadEntryInput = { imageKind: 7, offloadKind: 8, strings: [['role', 'ir']], image: new Uint8Array(300) };
    const plain = writeOffloadBinary([e], { version: 3 });
    for (const kind of ['zlib', 'zstd'] as const) {
      const c = writeOffloadBinary([e], { version: 3, compression: kind, compressor: nodeCompressor });
      const dv = new DataView(c.buffer, c.byteOffset);
      const size = Number(dv.getBigUint64(8, true));
      expect(dv.getBigUint64(16, true)).to.equal(40n);
      expect(dv.getBigUint64(24, true)).to.equal(1n);
      expect(dv.getBigUint64(32, true)).to.equal(BigInt(plain.length));
      expect(c.length).to.equal(Math.ceil(size / 8) * 8);
      expect(c.subarray(size).every((x) => x === 0)).to.equal(true);
      expect([...c.subarray(40, 44)]).to.deep.equal(kind === 'zstd' ? [0x28, 0xb5, 0x2f, 0xfd] : [...c.subarray(40, 44)]);
      if (kind === 'zlib') expect(c[40]).to.equal(0x78);
      const back = readOffloadBinary(c);
      expect(back.inflatedSize).to.equal(BigInt(plain.length));
      expect([...back.entries[0]!.image]).to.deep.equal([...(e.image as Uint8Array)]);
    }
  });

  it('unknown string keys and their order survive; a repeated key keeps its first position with the last value', () => {
    const strings: [string, string][] = [
      ['zzz-unknown', '1'],
      ['triple', 'nvptx64-nvidia-cuda'],
      ['aaa', ''],
      ['zzz-unknown', '2'],
      ['arch', 'sm_70'],
    ];
    for (const version of [1, 2, 3] as const) {
      const b = readOffloadBinary(writeOffloadBinary([{ imageKind: 1, offloadKind: 2, strings, image: Uint8Array.of(1) }], { version }));
      expect([...b.entries[0]!.strings]).to.deep.equal([
        ['zzz-unknown', '2'],
        ['triple', 'nvptx64-nvidia-cuda'],
        ['aaa', ''],
        ['arch', 'sm_70'],
      ]);
    }
  });

  it('v2/v3 string values may hold NUL (value by offset + size); v1 refuses them', () => {
    const strings: [string, string][] = [['blob', 'a\0b']];
    const b = readOffloadBinary(writeOffloadBinary([{ imageKind: 0, offloadKind: 0, strings, image: new Uint8Array() }], { version: 2 }));
    expect(b.entries[0]!.strings.get('blob')).to.equal('a\0b');
    expect(() => writeOffloadBinary([{ imageKind: 0, offloadKind: 0, strings, image: new Uint8Array() }], { version: 1 })).to.throw(/cannot contain NUL/);
  });
});

describe('offload round trips: read → write gives the same bytes for canonical files', () => {
  before(async () => {
    await initZstd();
  });
  for (const name of CONFORMANCE_ENVELOPES) {
    it(`testdata/conformance/${name}`, () => {
      const bytes = readBytes(CONFORMANCE + name);
      expect(hexdiff(rewrite(bytes), bytes)).to.equal('identical');
    });
  }
  for (const name of PACKAGER_GOLDENS) {
    it(`testdata/offload/${name} (clang-offload-packager-19)`, () => {
      const bytes = readBytes(TESTDATA + name);
      expect(hexdiff(rewrite(bytes), bytes)).to.equal('identical');
    });
  }
  it('a v2 file rewritten as v3 and back as v2 is unchanged', () => {
    const bytes = readBytes(CONFORMANCE + 'sample_v2_roles.syclbin');
    const m = readOffloadBinary(bytes);
    const entries = m.entries.map((e) => ({ imageKind: e.imageKind, offloadKind: e.offloadKind, flags: e.flags, strings: e.strings, image: e.image }));
    const v3 = writeOffloadBinary(entries, { version: 3, compression: 'zstd', compressor: nodeCompressor });
    const back = readOffloadBinary(v3);
    const v2 = writeOffloadBinary(
      back.entries.map((e) => ({ imageKind: e.imageKind, offloadKind: e.offloadKind, flags: e.flags, strings: e.strings, image: e.image })),
      { version: 2 },
    );
    expect(hexdiff(v2, bytes)).to.equal('identical');
  });
});
