/**
 * Benchmark of `syclbin dump` (issue 4 "bench/", issue 11 §3 "Listing at C++ speed"): run with
 *
 *   npm run build && node --import tsx bench/syclbin-dump.ts [--runs N] [--modules 10000,200000] [--keep]
 *
 * Inputs, generated in a temporary directory under os.tmpdir():
 *  1. bare SYCLBIN v1 files with N abstract modules each (default 10,000 and 200,000; one 64-byte
 *     SPIR-V-ish IR module each, with type/target metadata), written by our writer;
 *  2. a bare SYCLBIN v1 file with one 1 GiB IR module, written sparse: header block + metadata are
 *     encoded (testdata/syclbin/generate.ts handSybiHead) and the file is extended with truncate, so
 *     the generator never holds 1 GiB in memory.
 * Each is dumped by the built CLI (`node dist/src/cli/main.js dump FILE > /dev/null`) in a fresh
 * process under /usr/bin/time (user and system CPU, wall time, peak RSS), against two baselines
 * measured in the same run on the same file, the three interleaved (dump, walk, cat, dump, ...) so
 * that a busy machine slows them alike:
 *  - walk: `node bench/syclbin-walk-baseline.mjs FILE` — a hand-written DataView header walk with
 *    positioned reads (headers + metadata table, no parsing): what "headers only" costs in Node;
 *  - cat:  `cat FILE > /dev/null` — reading every byte (for the 1 GiB file: all of it).
 * Also in-process (no process start-up, code already optimised): the CLI's streaming dump
 * (dumpSyclbinSource through a file source) vs the same DataView walk done in-process, in CPU time,
 * and the bytes read.
 * Reported: medians of N runs (RSS: the largest), the machine (CPU model, cores, load, Node) and the
 * ratios dump/walk (user CPU, wall, RSS) and dump/cat. Results: stdout and bench/out/syclbin-dump.json.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, fstatSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSyclbin, memoryBlob } from '../src/syclbin/write.js';
import { dumpSyclbinSource } from '../src/syclbin/dump.js';
import { openFileSource } from '../src/node/file-source.js';
import { stringProperty, uint32, type PropertyValue } from '../src/props/model.js';
import type { SyclbinFile } from '../src/syclbin/model.js';
import { handSybiHead } from '../testdata/syclbin/generate.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'dist/src/cli/main.js');
const WALK = join(ROOT, 'bench/syclbin-walk-baseline.mjs');
const argv = process.argv.slice(2);
const option = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs')) > 0 ? Number(option('--runs')) : 5;
const MODULES = (option('--modules') ?? '10000,200000').split(',').map(Number);

/** A file of `n` abstract modules, one 64-byte IR module each (the bench input of issue 11 §3). */
function manyModules(n: number, path: string): void {
  const target = stringProperty('spir64-unknown-unknown');
  const file: SyclbinFile = {
    version: 1,
    envelope: { kind: 'none' },
    globalMetadata: new Map([['SYCLBIN/global metadata', new Map([['state', uint32(2)]])]]),
    abstractModules: Array.from({ length: n }, (_, a) => ({
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
  /** Medians of user and system CPU and wall time (seconds); the largest peak RSS. */
  user: number;
  sys: number;
  seconds: number;
  maxRssKiB: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** Run each `sh -c CMD` under /usr/bin/time RUNS times, interleaved (a, b, c, a, b, c, ...). */
function measure(cmds: Record<string, string>): Record<string, Measure> {
  const samples: Record<string, number[][]> = {};
  for (let i = 0; i < RUNS; i++) {
    for (const [name, cmd] of Object.entries(cmds)) {
      const r = spawnSync('/usr/bin/time', ['-f', '%U %S %e %M', 'sh', '-c', cmd], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
      (samples[name] ??= []).push(r.stderr.trim().split('\n').pop()!.split(' ').map(Number));
    }
  }
  const out: Record<string, Measure> = {};
  for (const [name, xs] of Object.entries(samples)) {
    out[name] = { user: median(xs.map((x) => x[0]!)), sys: median(xs.map((x) => x[1]!)), seconds: median(xs.map((x) => x[2]!)), maxRssKiB: Math.max(...xs.map((x) => x[3]!)) };
  }
  return out;
}

/** CPU time (user + system, ms) of `f`, median of RUNS calls. */
function cpuMs(f: () => void): number {
  const t: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = process.cpuUsage();
    f();
    const d = process.cpuUsage(s);
    t.push((d.user + d.system) / 1000);
  }
  return median(t);
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

function main(): void {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run 'npm run build' first`);
  const cpu = cpus();
  const machine = { cpu: cpu[0]?.model ?? 'unknown', cores: cpu.length, node: process.version, load: loadavg().map((x) => +x.toFixed(2)) };
  console.log(`machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load ${machine.load.join(' ')}; ${RUNS} interleaved runs, medians`);
  const dir = mkdtempSync(join(tmpdir(), 'syclbin-bench-'));
  const results: Record<string, unknown>[] = [];
  try {
    const inputs: [string, string, (p: string) => void][] = [
      ...MODULES.map((n): [string, string, (p: string) => void] => [`${n.toLocaleString('en')} abstract modules`, join(dir, `am${n}.syclbin`), (p) => manyModules(n, p)]),
      ['one 1 GiB IR module (sparse)', join(dir, 'ir1g.syclbin'), oneGiBModule],
    ];
    for (const [label, path, make] of inputs) {
      make(path);
      const size = fstatSync(openSync(path, 'r')).size;
      const { dump, walk, cat } = measure({ dump: `node ${MAIN} dump ${path} > /dev/null`, walk: `node ${WALK} ${path} > /dev/null`, cat: `cat ${path} > /dev/null` }) as Record<'dump' | 'walk' | 'cat', Measure>;
      let bytesRead = 0;
      const inDump = cpuMs(() => {
        const s = openFileSource('/', path);
        dumpSyclbinSource(s);
        bytesRead = s.bytesRead;
        s.close();
      });
      const inWalk = cpuMs(() => walkInProcess(path));
      const ratio = (a: number, b: number): number => +(a / Math.max(b, 0.01)).toFixed(2);
      const row = {
        input: label,
        fileBytes: size,
        dump,
        walk,
        cat,
        ratios: {
          userVsWalk: ratio(dump.user, walk.user),
          timeVsWalk: ratio(dump.seconds, walk.seconds),
          rssVsWalk: ratio(dump.maxRssKiB, walk.maxRssKiB),
          timeVsCat: ratio(dump.seconds, cat.seconds),
          rssVsCat: ratio(dump.maxRssKiB, cat.maxRssKiB),
        },
        inProcess: { dumpCpuMs: +inDump.toFixed(1), walkCpuMs: +inWalk.toFixed(1), ratio: ratio(inDump, inWalk), bytesRead },
      };
      results.push(row);
      const line = (m: Measure): string => `user ${m.user.toFixed(2)} s  sys ${m.sys.toFixed(2)} s  wall ${m.seconds.toFixed(2)} s  ${(m.maxRssKiB / 1024).toFixed(1)} MiB peak RSS`;
      console.log(`\n${label}: ${size} bytes`);
      console.log(`  syclbin dump  ${line(dump)}`);
      console.log(`  walk (node)   ${line(walk)}   -> dump/walk: user x${row.ratios.userVsWalk}, wall x${row.ratios.timeVsWalk}, RSS x${row.ratios.rssVsWalk}`);
      console.log(`  cat           ${line(cat)}   -> dump/cat: wall x${row.ratios.timeVsCat}, RSS x${row.ratios.rssVsCat}`);
      console.log(`  in-process (CPU): streaming dump ${row.inProcess.dumpCpuMs} ms vs DataView walk ${row.inProcess.walkCpuMs} ms (x${row.inProcess.ratio}); bytes read ${bytesRead}`);
    }
  } finally {
    if (!argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
  }
  const outDir = join(ROOT, 'bench/out');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'syclbin-dump.json'), JSON.stringify({ runs: RUNS, machine, results }, null, 2) + '\n');
}

main();
