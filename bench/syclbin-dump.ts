/**
 * Benchmark of `syclbin dump` (issue 4 "bench/"): run with
 *
 *   npm run build && node --import tsx bench/syclbin-dump.ts [--runs N] [--keep]
 *
 * Two inputs, generated in a temporary directory under os.tmpdir():
 *  1. a bare SYCLBIN v1 file with 10,000 abstract modules (one 64-byte SPIR-V-ish IR module each,
 *     with type/target metadata), written by our writer;
 *  2. a bare SYCLBIN v1 file with one 1 GiB IR module, written sparse: header block + metadata are
 *     encoded (testdata/syclbin/generate.ts handSybiHead) and the file is extended with truncate, so
 *     the generator never holds 1 GiB in memory.
 * Each is dumped by the built CLI (`node dist/src/cli/main.js dump FILE > /dev/null`) in a fresh
 * process under /usr/bin/time (wall time, peak RSS), against two baselines measured in the same run
 * on the same file:
 *  - walk: `node bench/syclbin-walk-baseline.mjs FILE` — a hand-written DataView header walk with
 *    positioned reads (headers + metadata table, no parsing): what "headers only" costs in Node;
 *  - cat:  `cat FILE > /dev/null` — reading every byte (for the 1 GiB file: all of it).
 * Also in-process (no process start-up): readSyclbin + dumpSyclbin through a file source vs the
 * same DataView walk done in-process, and bytes read.
 * Reported as ratios dump/walk and dump/cat (time: median of N runs; RSS: max). Results: stdout and
 * bench/out/syclbin-dump.json.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, fstatSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { writeSyclbin, memoryBlob } from '../src/syclbin/write.js';
import { readSyclbin } from '../src/syclbin/read.js';
import { dumpSyclbin } from '../src/syclbin/dump.js';
import { openFileSource } from '../src/node/file-source.js';
import { stringProperty, uint32, type PropertyValue } from '../src/props/model.js';
import type { SyclbinFile } from '../src/syclbin/model.js';
import { handSybiHead } from '../testdata/syclbin/generate.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'dist/src/cli/main.js');
const WALK = join(ROOT, 'bench/syclbin-walk-baseline.mjs');
const argv = process.argv.slice(2);
const RUNS = Number(argv[argv.indexOf('--runs') + 1]) > 0 && argv.includes('--runs') ? Number(argv[argv.indexOf('--runs') + 1]) : 5;

function tenThousandModules(path: string): void {
  const target = stringProperty('spir64-unknown-unknown');
  const file: SyclbinFile = {
    version: 1,
    envelope: { kind: 'none' },
    globalMetadata: new Map([['SYCLBIN/global metadata', new Map([['state', uint32(2)]])]]),
    abstractModules: Array.from({ length: 10_000 }, (_, a) => ({
      metadata: new Map([['SYCL/misc properties', new Map([['optLevel', uint32(a % 4)]])]]),
      irModules: [
        {
          metadata: new Map([['SYCLBIN/ir module metadata', new Map<string, PropertyValue>([["type", uint32(0)], ["target", target]])]]),
          image: memoryBlob(Uint8Array.from({ length: 64 }, (_, i) => (i * 7 + a) & 0xff)),
        },
      ],
      nativeImages: [],
    })),
  };
  writeFileSync(path, writeSyclbin(file));
}

function oneGiBModule(path: string): void {
  const size = 1 << 30;
  const g = '[SYCLBIN/global metadata]\nstate=1|0\n';
  const ir = '[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=2|wCAAAAAAAAwcwlmc2QTL152au92du1Sdutmbvdnb\n';
  const head = handSybiHead({
    md: new TextEncoder().encode(g + ir),
    bin: new Uint8Array(0),
    binSize: size,
    global: [0, g.length],
    ams: [{ md: [0, 0], ir: [1, 0], native: [0, 0] }],
    irs: [{ md: [g.length, ir.length], bytes: [0, size] }],
    natives: [],
  });
  const fd = openSync(path, 'w');
  writeSync(fd, head);
  closeSync(fd);
  truncateSync(path, head.length + size); // sparse: the 1 GiB of zeros is never written
}

interface Measure {
  seconds: number;
  maxRssKiB: number;
}

/** Run `sh -c CMD` under /usr/bin/time RUNS times: median wall time, max peak RSS. */
function measure(cmd: string): Measure {
  const times: number[] = [];
  let rss = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync('/usr/bin/time', ['-f', '%e %M', 'sh', '-c', cmd], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
    const last = r.stderr.trim().split('\n').pop()!;
    const [sec, kib] = last.split(' ').map(Number);
    times.push(sec!);
    rss = Math.max(rss, kib!);
  }
  times.sort((a, b) => a - b);
  return { seconds: times[times.length >> 1]!, maxRssKiB: rss };
}

/** The baseline walk, in-process (same logic as bench/syclbin-walk-baseline.mjs). */
function walkInProcess(path: string): number {
  const fd = openSync(path, 'r');
  const read = (pos: number, len: number) => {
    const b = new Uint8Array(len);
    let at = 0;
    while (at < len) {
      const n = readSync(fd, b, at, len - at, pos + at);
      if (n === 0) break;
      at += n;
    }
    return b;
  };
  const h = read(0, 56);
  const dv = new DataView(h.buffer);
  const n = dv.getUint32(8, true), m = dv.getUint32(12, true), l = dv.getUint32(16, true);
  const tables = read(56, 32 * (n + m + l));
  const md = read(56 + tables.length, Number(dv.getBigUint64(24, true)));
  const tv = new DataView(tables.buffer);
  let lines = 0;
  for (let a = 0; a < n; a++) lines += tv.getUint32(32 * a + 16, true);
  fstatSync(fd);
  closeSync(fd);
  return lines + md.length;
}

function median(f: () => void, runs: number): number {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    f();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[t.length >> 1]!;
}

function main(): void {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run 'npm run build' first`);
  const dir = mkdtempSync(join(tmpdir(), 'syclbin-bench-'));
  const results: Record<string, unknown>[] = [];
  try {
    const inputs: [string, string, (p: string) => void][] = [
      ['10,000 abstract modules', join(dir, 'am10k.syclbin'), tenThousandModules],
      ['one 1 GiB IR module (sparse)', join(dir, 'ir1g.syclbin'), oneGiBModule],
    ];
    for (const [label, path, make] of inputs) {
      make(path);
      const size = fstatSync(openSync(path, 'r')).size;
      const dump = measure(`node ${MAIN} dump ${path} > /dev/null`);
      const walk = measure(`node ${WALK} ${path} > /dev/null`);
      const cat = measure(`cat ${path} > /dev/null`);
      const src = openFileSource('/', path);
      let bytesRead = 0;
      const inDump = median(() => {
        const s = openFileSource('/', path);
        dumpSyclbin(readSyclbin(s));
        bytesRead = s.bytesRead;
        s.close();
      }, RUNS);
      src.close();
      const inWalk = median(() => walkInProcess(path), RUNS);
      const row = {
        input: label,
        fileBytes: size,
        dump,
        walk,
        cat,
        ratios: {
          timeVsWalk: +(dump.seconds / Math.max(walk.seconds, 0.01)).toFixed(2),
          rssVsWalk: +(dump.maxRssKiB / walk.maxRssKiB).toFixed(2),
          timeVsCat: +(dump.seconds / Math.max(cat.seconds, 0.01)).toFixed(2),
          rssVsCat: +(dump.maxRssKiB / cat.maxRssKiB).toFixed(2),
        },
        inProcess: { dumpMs: +inDump.toFixed(2), walkMs: +inWalk.toFixed(2), ratio: +(inDump / Math.max(inWalk, 0.001)).toFixed(2), bytesRead },
      };
      results.push(row);
      console.log(`\n${label}: ${size} bytes`);
      console.log(`  syclbin dump  ${dump.seconds.toFixed(2)} s  ${(dump.maxRssKiB / 1024).toFixed(1)} MiB peak RSS`);
      console.log(`  walk (node)   ${walk.seconds.toFixed(2)} s  ${(walk.maxRssKiB / 1024).toFixed(1)} MiB   -> dump/walk: time x${row.ratios.timeVsWalk}, RSS x${row.ratios.rssVsWalk}`);
      console.log(`  cat           ${cat.seconds.toFixed(2)} s  ${(cat.maxRssKiB / 1024).toFixed(1)} MiB   -> dump/cat:  time x${row.ratios.timeVsCat}, RSS x${row.ratios.rssVsCat}`);
      console.log(`  in-process: read+dump ${row.inProcess.dumpMs} ms vs DataView walk ${row.inProcess.walkMs} ms (x${row.inProcess.ratio}); bytes read ${bytesRead}`);
    }
  } finally {
    if (!argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
  }
  const outDir = join(ROOT, 'bench/out');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'syclbin-dump.json'), JSON.stringify({ runs: RUNS, node: process.version, results }, null, 2) + '\n');
}

main();
