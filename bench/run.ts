/**
 * `npm run bench` (builds first, then `node --import tsx bench/run.ts [options]`): every workload
 * below, each peer comparison measured interleaved in the same run (bench/harness.ts), printed as
 * tables of median (min–max) with ratios, then the goals of the benchmark issue checked against
 * those ratios. Not part of `npm test` (test/bench/harness.test.ts runs a quick smoke of it).
 *
 * Options:
 *   --only NAME[,NAME]  run only these workloads (names: --list)
 *   --runs N            measured runs per contender (default 5; each after one warm-up run)
 *   --quick             small inputs: a smoke test of the benchmarks, not a measurement
 *   --out FILE          where to write the results (default bench/results.json)
 *   --list              list the workloads and exit
 *
 * Results: stdout (the tables and goals; progress goes to stderr) and FILE: the machine, every
 * sample of every contender, the statistics, the facts (e.g. identical outputs) and the goals, plus
 * the printed text. Inputs are generated under os.tmpdir() and removed after each workload.
 * Tools: GNU time (/usr/bin/time), llvm-objdump-19/-22, clang-offload-packager-19, llvm-as-19,
 * clang++-22 and llvm-config-22 (Debian packages time, llvm-19, llvm-22, clang-19, clang-22,
 * llvm-22-dev), zcat, zstd, cat, cp.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanupHarness, formatMachine, formatTable, loadavg, machine, measureTable, type TableResult } from './harness.js';
import { CLI, FROM_DIST, ROOT, type BenchContext, type Workload } from './context.js';
import { listing } from './workloads/listing.js';
import { dump } from './workloads/dump.js';
import { bigFile, CLI_FLOOR, HEADER_ONLY, READ_ALL } from './workloads/big-file.js';
import { pack } from './workloads/pack.js';
import { codec } from './workloads/codec.js';
import { base64 } from './workloads/base64.js';
import { lower } from './workloads/lower.js';
import { decompress } from './workloads/decompress.js';
import { props } from './workloads/props.js';
import { hostile, hostileGoals } from './workloads/hostile.js';

/** Every workload, in the order `npm run bench` runs them. */
export const WORKLOADS: readonly Workload[] = [listing, dump, bigFile, pack, codec, base64, lower, decompress, props, hostile];

/** Options of a run. */
export interface BenchOptions {
  only?: string[];
  runs: number;
  quick: boolean;
  out: string;
  list: boolean;
}

/**
 * Parse the command line of bench/run.ts.
 * @throws Error on an unknown option, a bad --runs or an unknown workload name.
 */
export function parseArgs(argv: readonly string[]): BenchOptions {
  const o: BenchOptions = { runs: 5, quick: false, out: join(ROOT, 'bench', 'results.json'), list: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--only') o.only = value().split(',').filter(Boolean);
    else if (a === '--runs') {
      o.runs = Number(value());
      if (!Number.isInteger(o.runs) || o.runs < 1) throw new Error('--runs must be a positive integer');
    } else if (a === '--quick') o.quick = true;
    else if (a === '--out') o.out = resolve(value());
    else if (a === '--list') o.list = true;
    else throw new Error(`unknown option ${a} (options: --only NAME[,NAME] --runs N --quick --out FILE --list)`);
  }
  for (const n of o.only ?? []) if (!WORKLOADS.some((w) => w.name === n)) throw new Error(`unknown workload ${n} (${WORKLOADS.map((w) => w.name).join(', ')})`);
  return o;
}

/** A goal of the benchmark issue, checked against ratios measured in the same run. */
export interface Goal {
  readonly goal: string;
  readonly met: boolean;
  /** The figures it was decided on. */
  readonly measured: string;
}

const MB_IN_MIB = 1e6 / 2 ** 20;

/** A difference in ms with its sign: +12 ms, −3 ms. */
function signedMs(x: number): string {
  return `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(0)} ms`;
}

/** Check the goals against whichever tables were measured (goals whose tables are missing are left out). */
export function checkGoals(tables: ReadonlyMap<string, TableResult>): Goal[] {
  const goals: Goal[] = [];
  const get = (id: string, name: string) => tables.get(id)?.contenders.find((c) => c.name === name);
  const x = (v: number): string => `${v.toFixed(2)}×`;
  const ours19 = 'syclbin offload-list --llvm 19';
  const od19 = 'llvm-objdump-19 --offloading';
  const l200 = get('listing-200k', ours19);
  const o200 = get('listing-200k', od19);
  if (l200 && o200) {
    goals.push({ goal: 'listing 200k: wall ≤ 1.0× llvm-objdump-19', met: l200.ratio.wall <= 1.0, measured: `${x(l200.ratio.wall)} (${l200.wallMs.median.toFixed(0)} vs ${o200.wallMs.median.toFixed(0)} ms)` });
    goals.push({
      goal: 'listing 200k: peak RSS ≤ 0.5× llvm-objdump-19',
      met: l200.ratio.rss! <= 0.5,
      measured: `${x(l200.ratio.rss!)} (${l200.rssMiB!.median.toFixed(0)} vs ${o200.rssMiB!.median.toFixed(0)} MiB)`,
    });
  }
  const l10 = get('listing-10k', ours19);
  const o10 = get('listing-10k', od19);
  if (l10 && o10) goals.push({ goal: 'listing 10k: wall ≤ 2.5× llvm-objdump-19', met: l10.ratio.wall <= 2.5, measured: `${x(l10.ratio.wall)} (${l10.wallMs.median.toFixed(0)} vs ${o10.wallMs.median.toFixed(0)} ms)` });
  const l1m = get('listing-1m', ours19);
  const o1m = get('listing-1m', od19);
  if (l1m && l200 && o1m && o200) {
    // Five times the binaries: linear means at most 5× the time (start-up makes it less); 10% slack.
    const r = l1m.wallMs.median / l200.wallMs.median;
    const rr = l1m.rssMiB!.median / l200.rssMiB!.median;
    goals.push({
      goal: 'listing 1M: linear (wall 1M / wall 200k ≤ 5 × 1.1)',
      met: r <= 5.5,
      measured: `${r.toFixed(2)}× for 5× the binaries (llvm-objdump-19: ${(o1m.wallMs.median / o200.wallMs.median).toFixed(2)}×); peak RSS ${rr.toFixed(2)}× (llvm-objdump-19: ${(o1m.rssMiB!.median / o200.rssMiB!.median).toFixed(2)}×); at 1M ${x(l1m.ratio.wall)} llvm-objdump-19 wall, ${x(l1m.ratio.rss!)} its RSS`,
    });
  }
  // dump within 2× of a header walk (the goal, on the file whose blobs repeat as a compiler's
  // do); the file of distinct blobs is said beside it (every blob parsed).
  const walk = 'walk (node DataView header walk)';
  const d200 = get('dump-200k', 'syclbin dump');
  const w200 = get('dump-200k', walk);
  if (d200 && w200) {
    const dd = get('dump-200k-distinct', 'syclbin dump');
    const wd = get('dump-200k-distinct', walk);
    goals.push({
      goal: 'dump 200k: wall ≤ 2.0× a header walk',
      met: d200.ratio.wall <= 2.0,
      measured: `${x(d200.ratio.wall)} (${d200.wallMs.median.toFixed(0)} vs ${w200.wallMs.median.toFixed(0)} ms)` + (dd && wd ? `; every metadata blob distinct: ${x(dd.ratio.wall)} (${dd.wallMs.median.toFixed(0)} vs ${wd.wallMs.median.toFixed(0)} ms)` : ''),
    });
  }
  const node = get('big-file', 'node -e 0');
  const floor = get('big-file', CLI_FLOOR);
  if (node) {
    for (const name of HEADER_ONLY) {
      const c = get('big-file', name);
      if (!c) continue;
      const beyond = c.wallMs.median - node.wallMs.median;
      const mb = c.rssMiB!.median / MB_IN_MIB;
      goals.push({
        goal: `1 GiB: ${name} < 100 ms beyond node -e 0 and < 100 MB peak RSS`,
        met: beyond < 100 && mb < 100,
        measured:
          `${signedMs(beyond)} (${c.wallMs.median.toFixed(0)} vs ${node.wallMs.median.toFixed(0)} ms), ${mb.toFixed(0)} MB (${c.rssMiB!.median.toFixed(1)} MiB)` +
          (floor ? `; vs ${CLI_FLOOR}: ${signedMs(c.wallMs.median - floor.wallMs.median)}` : ''),
      });
    }
  }
  for (const [name, peer] of READ_ALL) {
    const c = get('big-file', name);
    const q = get('big-file', peer);
    if (!c || !q) continue;
    const r = c.wallMs.median / q.wallMs.median;
    goals.push({
      goal: `1 GiB: ${name} (reads every image byte) ≤ 1.5× ${peer} on the same file${name === 'syclbin diff' ? 's' : ''}`,
      met: r <= 1.5,
      measured: `${x(r)} (${c.wallMs.median.toFixed(0)} vs ${q.wallMs.median.toFixed(0)} ms), ${(c.rssMiB!.median / MB_IN_MIB).toFixed(0)} MB vs ${(q.rssMiB!.median / MB_IN_MIB).toFixed(0)} MB`,
    });
  }
  // The goal at both sizes: at 256 MiB Node's start-up alone is nearly cp's whole run.
  for (const [id, size] of [['pack', '256 MiB'], ['pack-1g', '1 GiB']] as const) {
    const cp = get(id, 'cp');
    const p = get(id, 'syclbin pack');
    const floor = get(id, 'node copy loop (floor)');
    const floorText = floor ? `; the bare Node copy loop: ${x(floor.ratio.wall)}` : '';
    if (p && cp) goals.push({ goal: `pack ≤ 1.5× cp (${size})`, met: p.ratio.wall <= 1.5, measured: `${x(p.ratio.wall)} (${p.wallMs.median.toFixed(0)} vs ${cp.wallMs.median.toFixed(0)} ms)${floorText}` });
    const op = get(id, 'syclbin offload-pack --llvm 19');
    if (op) goals.push({ goal: `offload-pack ≤ 1.5× cp (${size})`, met: op.ratio.wall <= 1.5, measured: `${x(op.ratio.wall)} (clang-offload-packager-19: ${x(get(id, 'clang-offload-packager-19')!.ratio.wall)})` });
  }
  const h = tables.get('hostile');
  if (h) goals.push(...hostileGoals(h));
  return goals;
}

/** Run the benchmarks with command-line `argv`; resolves to the exit status. */
export async function main(argv: readonly string[]): Promise<number> {
  const opts = parseArgs(argv);
  if (opts.list) {
    for (const w of WORKLOADS) process.stdout.write(`${w.name.padEnd(12)} ${w.summary}\n`);
    return 0;
  }
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run 'npm run build' (npm run bench does)`);
  const selected = WORKLOADS.filter((w) => !opts.only || opts.only.includes(w.name));
  let printed = '';
  const say = (text = ''): void => {
    printed += text + '\n';
    process.stdout.write(text + '\n');
  };
  const m = machine();
  say(formatMachine(m));
  say(
    `syclbin-toolkit ${FROM_DIST ? 'from dist/ (library: tsc output in dist/src; commands: the dist/cli bundle)' : 'in-process code from src/ through tsx (dist/ missing)'}; ${opts.runs} interleaved runs per contender after one warm-up; ` +
      `wall = median (min–max) in ms; ratio = median / median of the contender named under "vs"${opts.quick ? '; --quick: SMALL INPUTS, NOT A MEASUREMENT' : ''}`,
  );
  const tables = new Map<string, TableResult>();
  const facts: Record<string, { text: string; value?: unknown }> = {};
  const errors: { workload: string; error: string }[] = [];
  const t0 = Date.now();
  for (const w of selected) {
    const tmp = mkdtempSync(join(os.tmpdir(), `syclbin-bench-${w.name}-`));
    say();
    say(`== ${w.name}: ${w.summary}`);
    const ctx: BenchContext = {
      runs: opts.runs,
      quick: opts.quick,
      tmp,
      measure: (spec) => {
        const r = measureTable({ ...spec, runs: spec.runs ?? opts.runs }, (s) => process.stderr.write(`  … ${s}\n`));
        tables.set(r.id, r);
        say();
        say(formatTable(r));
        return r;
      },
      fact: (key, text, value) => {
        facts[key] = value === undefined ? { text } : { text, value };
        say(`  ${text}`);
      },
      progress: (text) => process.stderr.write(`  … ${text}\n`),
    };
    try {
      await w.run(ctx);
    } catch (e) {
      const msg = e instanceof Error ? (e.stack ?? e.message) : String(e);
      errors.push({ workload: w.name, error: msg });
      say(`  FAILED: ${msg.split('\n')[0]}`);
      process.stderr.write(msg + '\n');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  cleanupHarness();
  const goals = checkGoals(tables);
  if (goals.length) {
    say();
    say('== goals (ratios from this run)');
    for (const g of goals) say(`  ${g.met ? 'MET   ' : 'MISSED'} ${g.goal}: ${g.measured}`);
  }
  const end = loadavg();
  say();
  say(`done in ${((Date.now() - t0) / 60000).toFixed(1)} min; load average at the end ${end.join(' ')}`);
  mkdirSync(dirname(opts.out), { recursive: true });
  const results = {
    machine: m,
    loadavgEnd: end,
    finished: new Date().toISOString(),
    options: { runs: opts.runs, quick: opts.quick, only: opts.only ?? null },
    fromDist: FROM_DIST,
    workloads: selected.map((w) => w.name),
    tables: [...tables.values()],
    facts,
    goals,
    errors,
    printed: printed.split('\n'),
  };
  writeFileSync(opts.out, JSON.stringify(results, null, 1) + '\n');
  say(`written: ${relative(process.cwd(), opts.out) || opts.out}`);
  return errors.length || process.exitCode ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 2;
    },
  );
}
