/**
 * Decompression (issue 11 §1, issue 13 §2; formerly bench/decompress.ts, still `npm run
 * bench:decompress`):
 *  1. a 256 MiB image in a SYCLBIN inside a compressed OffloadBinary v3, through `syclbin inspect`
 *     (decompression, parsing, SHA-256 of the image, printing), against the system tools on the same
 *     data: `zstd -d` on the very zstd stream of the file and `zcat` on a gzip file of the same inflated
 *     bytes at level 6 (zcat reads gzip, not the zlib wrapper LLVM writes; the deflate work is the
 *     same). The peak RSS beyond `syclbin inspect` of the small sample file is printed as a multiple
 *     of the image size.
 *  2. hostile files, each of which must be refused (exit 1) in under 1 s and under 64 MiB beyond that
 *     baseline: a 1 MB zlib stream inflating to 160 MiB declared as 512 bytes, read with
 *     `--max-inflated-size 1K`; the same declaring its true size; a 56-byte file whose zstd frame header
 *     declares a 2 GiB window; a 2 KB zstd stream of RLE blocks inflating to 1 GiB declared as 1 MiB.
 *     A failed bound sets the exit status of the run to 1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readSyclbin } from '../../src/syclbin/read.js';
import { memoryBlob, writeSyclbin } from '../../src/syclbin/write.js';
import { decompressExact, zlibCompress } from '../../src/offload/compress.js';
import { zstdCompress } from '../../src/offload/libzstd.js';
import { ZSTD_LEVEL } from '../../src/node/compressors.js';
import { offloadV3, rleBlocks, zlibZeros, zstdFrame } from '../../scripts/fuzz/compressed.js';
import { bytes, cli, ROOT, type BenchContext, type Workload } from '../context.js';

const MIB = 1 << 20;

/** Deterministic, moderately compressible bytes (about 6:1 with zlib level 6). */
function content(n: number): Uint8Array {
  const b = new Uint8Array(n);
  let x = 12345;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    b[i] = (x >>> 24) % 61 === 0 ? (x >>> 16) & 0xff : (i >> 3) & 0x3f;
  }
  return b;
}

const SAMPLE = join(ROOT, 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin');

/** The bundled v1-in-OffloadBinary-v3 sample with its first native image replaced by `image`, compressed with `kind`. */
function bigSyclbin(image: Uint8Array, kind: 'zlib' | 'zstd'): Uint8Array {
  const file = readSyclbin(new Uint8Array(readFileSync(SAMPLE)));
  file.abstractModules[0]!.nativeImages[0]!.image = memoryBlob(image);
  if (file.envelope.kind !== 'offload') throw new Error('expected an OffloadBinary envelope');
  file.envelope.compression = kind;
  return writeSyclbin(file, { compressor: (d, k) => (k === 'zlib' ? zlibCompress(d) : zstdCompress(d, ZSTD_LEVEL)) });
}

/** The compressed stream of a v3 file (bytes 40..Size) and its inflated payload size. */
function streamOf(file: Uint8Array): { stream: Uint8Array; inflated: number } {
  const dv = new DataView(file.buffer, file.byteOffset);
  return { stream: file.subarray(40, Number(dv.getBigUint64(8, true))), inflated: Number(dv.getBigUint64(32, true)) - 40 };
}

/** The decompression workload. */
export const decompress: Workload = {
  name: 'decompress',
  summary: 'syclbin inspect of a 256 MiB compressed payload vs zcat / zstd -d; hostile files refused within bounds',
  run(ctx: BenchContext) {
    const size = ctx.quick ? 8 * MIB : 256 * MIB;
    const t = ctx.tmp;
    ctx.progress(`decompress: building ${bytes(size)} zlib and zstd files`);
    const image = content(size);
    const zlibBytes = bigSyclbin(image, 'zlib');
    const zstdBytes = bigSyclbin(image, 'zstd');
    const zlibFile = join(t, 'payload-zlib.syclbin');
    const zstdFile = join(t, 'payload-zstd.syclbin');
    writeFileSync(zlibFile, zlibBytes);
    writeFileSync(zstdFile, zstdBytes);
    const z = streamOf(zlibBytes);
    const zs = streamOf(zstdBytes);
    const zstPath = join(t, 'payload.zst');
    writeFileSync(zstPath, zs.stream);
    const gzPath = join(t, 'payload.gz');
    const gz = gzipSync(decompressExact({ stream: z.stream, expected: z.inflated, cap: 2 ** 31, offset: 40, path: [] }), { level: 6 });
    writeFileSync(gzPath, gz);
    ctx.fact(
      'decompress.files',
      `decompress: ${bytes(size)} image; zlib v3 file ${bytes(zlibBytes.length)} (payload ${bytes(z.inflated)}), zstd v3 file ${bytes(zstdBytes.length)}, gzip ${bytes(gz.length)}`,
      { image: size, zlibFile: zlibBytes.length, zstdFile: zstdBytes.length, payload: z.inflated, gzip: gz.length },
    );
    const small = 'syclbin inspect (small sample file)';
    const big = ctx.measure({
      id: 'decompress',
      title: `inspect a ${bytes(size)} image in a compressed OffloadBinary v3 (decompress, parse, SHA-256) vs the system decompressors on the same data, output to /dev/null`,
      baseline: small,
      contenders: [
        { name: small, argv: cli('inspect', SAMPLE) },
        { name: 'zcat (gzip of the same bytes)', argv: ['zcat', gzPath] },
        { name: 'syclbin inspect (zlib v3)', argv: cli('inspect', zlibFile), compareTo: 'zcat (gzip of the same bytes)' },
        { name: 'zstd -d (the same zstd stream)', argv: ['zstd', '-d', '-c', zstPath] },
        { name: 'syclbin inspect (zstd v3)', argv: cli('inspect', zstdFile), compareTo: 'zstd -d (the same zstd stream)' },
      ],
    });
    const baseRss = big.contenders[0]!.rssMiB!.median;
    for (const c of big.contenders.filter((x) => x.name.startsWith('syclbin inspect ('))) {
      if (c.name === small) continue;
      const beyond = c.rssMiB!.median - baseRss;
      ctx.fact(`decompress.${c.name}.rssBeyond`, `decompress: ${c.name}: peak RSS ${beyond.toFixed(0)} MiB beyond the small-file inspect = ${(beyond / (size / MIB)).toFixed(2)}× the image`, beyond);
    }

    const bomb = zlibZeros(160 * MIB);
    const hostile = {
      zlibLying: offloadV3(bomb, 512),
      zlibHonest: offloadV3(bomb, 160 * MIB),
      zstdWindow: offloadV3(zstdFrame({ window: { exponent: 21 }, blocks: rleBlocks(64, 0) }), 1024),
      zstdRle: offloadV3(zstdFrame({ window: { exponent: 10 }, blocks: rleBlocks(1 << 30, 0, 1 << 20) }), MIB),
    };
    const path = (k: keyof typeof hostile): string => {
      const p = join(t, `hostile-${k}.bin`);
      writeFileSync(p, hostile[k]);
      return p;
    };
    const bad = ctx.measure({
      id: 'decompress-hostile',
      title: 'hostile compressed files (must be refused: exit 1, < 1 s, < 64 MiB beyond the small-file inspect)',
      baseline: small,
      contenders: [
        { name: small, argv: cli('inspect', SAMPLE) },
        { name: 'zlib 1 MB -> 160 MiB, declares 512 B, cap 1K', argv: cli('inspect', '--max-inflated-size', '1K', path('zlibLying')), expectStatus: [1] },
        { name: 'zlib 1 MB -> 160 MiB, declares 160 MiB, cap 1K', argv: cli('inspect', '--max-inflated-size', '1K', path('zlibHonest')), expectStatus: [1] },
        { name: `zstd frame with a 2 GiB window (${hostile.zstdWindow.length} bytes)`, argv: cli('inspect', path('zstdWindow')), expectStatus: [1] },
        { name: `zstd RLE 1 GiB, declares 1 MiB (${hostile.zstdRle.length} bytes)`, argv: cli('inspect', path('zstdRle')), expectStatus: [1] },
      ],
    });
    const base = bad.contenders[0]!.rssMiB!.median;
    let ok = true;
    for (const c of bad.contenders.slice(1)) {
      const pass = c.samples.every((s) => s.status === 1 && s.wallMs < 1000 && s.maxRssKiB! / 1024 - base < 64);
      ok &&= pass;
      ctx.fact(`decompress-hostile.${c.name}`, `decompress-hostile: ${c.name}: ${pass ? 'PASS' : 'FAIL'} (every run: exit 1, < 1 s, < 64 MiB beyond)`, pass);
    }
    if (!ok) process.exitCode = 1;
  },
};
