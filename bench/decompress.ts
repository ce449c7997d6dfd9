/**
 * Decompression benchmark (issue 11 §1, issue 13 §2), run by `npm run bench:decompress` (builds
 * first; not part of `npm test`). Every measurement is a child process under GNU time
 * (`/usr/bin/time -f '%e %M'`: wall seconds, peak RSS), runs interleaved A B A B, reported as
 * median and min–max.
 *
 *  1. A 256 MiB image in a SYCLBIN inside a compressed OffloadBinary v3, through
 *     `syclbin inspect` (decompression, parsing, SHA-256 of the image, printing), against the system
 *     tools on the same data: `zstd -d` on the very zstd stream of the file, `zcat` on a gzip file of
 *     the same inflated bytes at level 6 (zcat reads gzip, not the zlib wrapper LLVM writes; the
 *     deflate work is the same). Peak RSS is also given beyond a `syclbin inspect` of a small file,
 *     as a multiple of the inflated size.
 *  2. Hostile files, each of which must be refused in under 1 s and under 64 MB beyond that baseline:
 *     a 1 MB zlib stream inflating to ~160 MB declared as 512 bytes, read with
 *     `--max-inflated-size 1K`; the same declaring its true size; a 56-byte file whose zstd frame
 *     header declares a 2 GiB window; a 2 KB zstd stream of RLE blocks inflating to 1 GiB declared
 *     as 1 MiB.
 *
 * Results: stdout and bench/out/decompress.txt.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import { readSyclbin } from '../src/syclbin/read.js';
import { memoryBlob, writeSyclbin } from '../src/syclbin/write.js';
import { decompressExact, zlibCompress } from '../src/offload/compress.js';
import { zstdCompress } from '../src/offload/libzstd.js';
import { ZSTD_LEVEL } from '../src/node/compressors.js';
import { offloadV3, rleBlocks, zlibZeros, zstdFrame } from '../scripts/fuzz/compressed.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'bench', 'out');
const MAIN = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const TIME = '/usr/bin/time';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MIB = 1 << 20;
const SIZE = 256 * MIB;
mkdirSync(OUT, { recursive: true });
if (!existsSync(MAIN)) throw new Error('dist/ is missing: run npm run build (npm run bench:decompress does)');
if (!existsSync(TIME)) throw new Error(`${TIME} is missing: apt-get install -y time`);

let text = '';
const say = (line = ''): void => {
  text += line + '\n';
  process.stdout.write(line + '\n');
};
say(`machine: ${os.cpus()[0]?.model ?? '?'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`);

// ---------------------------------------------------------------------------------------------
// Files

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

/** The bundled v1-in-OffloadBinary-v3 sample with its first native image replaced by `image`, compressed with `kind`. */
function bigSyclbin(image: Uint8Array, kind: 'zlib' | 'zstd'): Uint8Array {
  const file = readSyclbin(new Uint8Array(readFileSync(join(ROOT, 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin'))));
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

function cached(name: string, make: () => Uint8Array): string {
  const p = join(OUT, name);
  if (!existsSync(p)) writeFileSync(p, make());
  return p;
}

const t0 = performance.now();
const image = content(SIZE);
const zlibFile = cached('decompress-256m-zlib.syclbin', () => bigSyclbin(image, 'zlib'));
const zstdFile = cached('decompress-256m-zstd.syclbin', () => bigSyclbin(image, 'zstd'));
const zlibBytes = new Uint8Array(readFileSync(zlibFile));
const zstdBytes = new Uint8Array(readFileSync(zstdFile));
const inflatedZlib = streamOf(zlibBytes);
const inflatedZstd = streamOf(zstdBytes);
const zstPath = cached('decompress-256m.zst', () => inflatedZstd.stream);
// gzip of the same inflated payload.
const gzPath = cached('decompress-256m.gz', () =>
  gzipSync(decompressExact({ stream: inflatedZlib.stream, expected: inflatedZlib.inflated, cap: 2 ** 31, offset: 40, path: [] }), { level: 6 }),
);
const small = join(ROOT, 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin');
say(`files (built in ${((performance.now() - t0) / 1000).toFixed(1)} s, cached in bench/out):`);
say(`  256 MiB image; zlib v3 file ${(zlibBytes.length / MIB).toFixed(1)} MiB (payload ${(inflatedZlib.inflated / MIB).toFixed(1)} MiB), zstd v3 file ${(zstdBytes.length / MIB).toFixed(1)} MiB, gzip ${(readFileSync(gzPath).length / MIB).toFixed(1)} MiB`);

// Hostile files.
const bomb = zlibZeros(160 * MIB); // ~1 MB of stream
const hostile = {
  zlibLying: cached('hostile-zlib-1m-lying.bin', () => offloadV3(bomb, 512)),
  zlibHonest: cached('hostile-zlib-1m-honest.bin', () => offloadV3(bomb, 160 * MIB)),
  zstdWindow: cached('hostile-zstd-2g-window.bin', () => offloadV3(zstdFrame({ window: { exponent: 21 }, blocks: rleBlocks(64, 0) }), 1024)),
  zstdRle: cached('hostile-zstd-rle-1g.bin', () => offloadV3(zstdFrame({ window: { exponent: 10 }, blocks: rleBlocks(1 << 30, 0, 1 << 20) }), MIB)),
};
say(`  hostile: zlib bomb ${(bomb.length / 1e6).toFixed(2)} MB -> 160 MiB; 2 GiB-window file ${readFileSync(hostile.zstdWindow).length} bytes; zstd RLE file ${readFileSync(hostile.zstdRle).length} bytes -> 1 GiB`);

// ---------------------------------------------------------------------------------------------
// Measuring

interface Sample {
  s: number;
  rssMiB: number;
  status: number;
}

function measure(cmd: string[]): Sample {
  const r = spawnSync(TIME, ['-f', '%e %M', ...cmd], { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 24 });
  const lines = r.stderr.toString('utf8').trim().split('\n');
  const [s, kb] = lines[lines.length - 1]!.split(' ').map(Number);
  return { s: s!, rssMiB: kb! / 1024, status: r.status ?? -1 };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const range = (xs: number[], digits: number): string => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

/** Run the commands interleaved (A B A B …), RUNS times each. */
function interleaved(cmds: Record<string, string[]>): Record<string, Sample[]> {
  const out: Record<string, Sample[]> = Object.fromEntries(Object.keys(cmds).map((k) => [k, []]));
  for (let i = 0; i < RUNS; i++) for (const [k, c] of Object.entries(cmds)) out[k]!.push(measure(c));
  return out;
}

function row(name: string, xs: Sample[], extra = ''): void {
  const s = xs.map((x) => x.s);
  const m = xs.map((x) => x.rssMiB);
  const status = [...new Set(xs.map((x) => x.status))].join('/');
  say(`  ${name.padEnd(44)} ${median(s).toFixed(2).padStart(6)} s (${range(s, 2)})  peak RSS ${median(m).toFixed(0).padStart(5)} MiB (${range(m, 0)})  exit ${status}${extra}`);
}

const node = (args: string[]): string[] => [process.execPath, MAIN, ...args];
const base = interleaved({ baseline: node(['inspect', small]) });
const baseline = median(base.baseline!.map((x) => x.rssMiB));
say();
say(`${RUNS} runs each, interleaved; median (min–max). Baseline: syclbin inspect of a ${readFileSync(small).length}-byte file, ${median(base.baseline!.map((x) => x.s)).toFixed(2)} s, peak RSS ${baseline.toFixed(0)} MiB.`);

say();
say('1. 256 MiB payload');
const big = interleaved({
  'syclbin inspect (zlib v3)': node(['inspect', zlibFile]),
  'zcat (gzip of the same bytes)': ['zcat', gzPath],
  'syclbin inspect (zstd v3)': node(['inspect', zstdFile]),
  'zstd -d (the same zstd stream)': ['zstd', '-d', '-c', zstPath],
});
for (const [k, xs] of Object.entries(big)) {
  const ours = k.startsWith('syclbin');
  const beyond = median(xs.map((x) => x.rssMiB)) - baseline;
  row(k, xs, ours ? `  beyond baseline ${beyond.toFixed(0)} MiB = ${(beyond / (SIZE / MIB)).toFixed(2)}x the image` : '');
}

say();
say('2. hostile files (must be refused: exit 1, < 1 s, < 64 MiB beyond the baseline)');
const bad = interleaved({
  'zlib 1 MB -> 160 MiB, declares 512 B, cap 1K': node(['inspect', '--max-inflated-size', '1K', hostile.zlibLying]),
  'zlib 1 MB -> 160 MiB, declares 160 MiB, cap 1K': node(['inspect', '--max-inflated-size', '1K', hostile.zlibHonest]),
  [`zstd frame with a 2 GiB window (${readFileSync(hostile.zstdWindow).length} bytes)`]: node(['inspect', hostile.zstdWindow]),
  'zstd RLE 1 GiB, declares 1 MiB': node(['inspect', hostile.zstdRle]),
});
let ok = true;
for (const [k, xs] of Object.entries(bad)) {
  const pass = xs.every((x) => x.status === 1 && x.s < 1 && x.rssMiB - baseline < 64);
  ok &&= pass;
  row(k, xs, `  ${pass ? 'PASS' : 'FAIL'}`);
}
say();
say(ok ? 'hostile files: all refused within bounds' : 'hostile files: SOME OUT OF BOUNDS');
writeFileSync(join(OUT, 'decompress.txt'), text);
if (!ok) process.exitCode = 1;
