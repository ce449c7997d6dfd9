/**
 * The benchmark harness of `npm run bench` (bench/run.ts): every comparison is a *table* of
 * contenders measured in the same run, interleaved (A B C A B C …, so that a change in the load of a
 * shared machine slows them alike), reported as median (min–max) with the ratio of medians to a named
 * reference contender.
 *
 * Two kinds of contender:
 *  - a process, run under GNU time (`/usr/bin/time -o FILE -f '%e %U %S %M'`: elapsed, user and
 *    system seconds, peak resident set size in KiB; GNU time's `%M` is the child's `ru_maxrss`,
 *    getrusage(2)). The wall time reported is the harness's own high-resolution clock around the
 *    spawn of `/usr/bin/time` (GNU time prints only hundredths of a second); it includes starting
 *    `/usr/bin/time` itself (about a millisecond), as it does for every process contender alike;
 *  - a function run in this process, timed with `performance.now()`: calibrated once to repeat it
 *    enough times to last at least `minSampleMs`, then every run is that many calls (the sample is the
 *    mean per call). No peak RSS for these.
 *
 * Before the measured runs every contender runs once, unmeasured (warm-up: page cache, JIT), and a
 * process's exit status is checked on every run. Nothing here asserts speed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** GNU time (Debian package `time`); the shell keyword `time` cannot report peak RSS. */
export const GNU_TIME = '/usr/bin/time';

/** A contender run as a child process under GNU time. */
export interface ProcessContender {
  readonly name: string;
  /** Program and arguments (no shell). */
  readonly argv: readonly string[];
  /** Working directory. */
  readonly cwd?: string;
  /** Exit statuses that count as success (default [0]). */
  readonly expectStatus?: readonly number[];
  /** Run after every run of this contender, untimed (e.g. remove the file it wrote). */
  readonly after?: () => void;
  /** Name of the contender its ratio is taken against (default: the table's baseline). */
  readonly compareTo?: string;
}

/** A contender run in this process. */
export interface FunctionContender {
  readonly name: string;
  readonly fn: () => unknown;
  /** Name of the contender its ratio is taken against (default: the table's baseline). */
  readonly compareTo?: string;
}

/** Either kind of contender. */
export type Contender = ProcessContender | FunctionContender;

/** One comparison: contenders measured interleaved, ratios to `baseline`. */
export interface TableSpec {
  /** Stable identifier (results.json, goals), e.g. `listing-200k`. */
  readonly id: string;
  /** What is measured, on what input. */
  readonly title: string;
  /** Name of the reference contender (ratio 1.00). */
  readonly baseline: string;
  readonly contenders: readonly Contender[];
  /** Measured runs of every contender (after one warm-up run each). */
  readonly runs: number;
  /** In-process contenders: the least time one sample lasts (default 50 ms). */
  readonly minSampleMs?: number;
}

/** One measured run. */
export interface Sample {
  /** Wall time, ms (process: around the spawn; function: mean per call). */
  readonly wallMs: number;
  /** Process only: user CPU, system CPU (ms), peak RSS (KiB), exit status. */
  readonly userMs?: number;
  readonly sysMs?: number;
  readonly maxRssKiB?: number;
  readonly status?: number;
}

/** Median, minimum and maximum of a sample. */
export interface Stats {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly n: number;
}

/** A contender's measurements and its ratios (median / median of its reference). */
export interface ContenderResult {
  readonly name: string;
  readonly kind: 'process' | 'function';
  /** The command line, for process contenders. */
  readonly command?: string;
  readonly samples: readonly Sample[];
  readonly wallMs: Stats;
  readonly userMs?: Stats;
  readonly sysMs?: Stats;
  readonly rssMiB?: Stats;
  /** In-process: calls per sample. */
  readonly callsPerSample?: number;
  readonly ratio: { readonly to: string; readonly wall: number; readonly rss?: number };
}

/** A measured table. */
export interface TableResult {
  readonly id: string;
  readonly title: string;
  readonly baseline: string;
  readonly runs: number;
  /** The order the measured runs were taken in (contender names). */
  readonly order: readonly string[];
  readonly loadavgBefore: readonly number[];
  readonly loadavgAfter: readonly number[];
  readonly contenders: readonly ContenderResult[];
}

/** The machine a run was measured on. */
export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly node: string;
  readonly platform: string;
  /** 1, 5 and 15-minute load averages when recorded. */
  readonly loadavg: readonly number[];
  readonly date: string;
}

/**
 * Median of a non-empty list (the mean of the two middle values for an even count).
 * @throws Error on an empty list.
 */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of no values');
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}

/** Median, min and max of a non-empty list. */
export function stats(xs: readonly number[]): Stats {
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs), n: xs.length };
}

/**
 * The interleaved order of `runs` rounds over `count` contenders: indices 0 1 … count-1, repeated
 * `runs` times (A B C A B C …).
 */
export function interleavedOrder(count: number, runs: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < runs; r++) for (let i = 0; i < count; i++) out.push(i);
  return out;
}

/** Load averages rounded to 2 decimals. */
export function loadavg(): number[] {
  return os.loadavg().map((x) => +x.toFixed(2));
}

/** The machine facts recorded once per run of the benchmarks. */
export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadavg: loadavg(),
    date: new Date().toISOString(),
  };
}

/** One line describing the machine. */
export function formatMachine(m: Machine): string {
  return `machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}; load average ${m.loadavg.join(' ')} (1, 5, 15 min); ${m.date}`;
}

/** Whether a contender runs as a process. */
export function isProcess(c: Contender): c is ProcessContender {
  return 'argv' in c;
}

/** A command line as text (arguments with spaces or quotes are single-quoted). */
export function commandLine(argv: readonly string[]): string {
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

let timeDir: string | undefined;

/**
 * Run a process contender once under GNU time, its standard output to /dev/null. Throws when its
 * exit status is not an expected one (with the end of its standard error).
 */
export function runProcess(c: ProcessContender): Sample {
  if (!existsSync(GNU_TIME)) throw new Error(`${GNU_TIME} is missing: apt-get install -y time`);
  timeDir ??= mkdtempSync(join(os.tmpdir(), 'syclbin-bench-time-'));
  const report = join(timeDir, 'time.txt');
  const t0 = performance.now();
  const r = spawnSync(GNU_TIME, ['-o', report, '-f', '%e %U %S %M', ...c.argv], {
    cwd: c.cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 26,
  });
  const wallMs = performance.now() - t0;
  if (r.error) throw r.error;
  const status = r.status ?? -1;
  const expected = c.expectStatus ?? [0];
  if (!expected.includes(status)) {
    const err = r.stderr.toString('utf8').trim().split('\n').slice(-5).join('\n');
    throw new Error(`${c.name}: exit status ${status} (expected ${expected.join(' or ')}) from ${commandLine(c.argv)}\n${err}`);
  }
  // GNU time writes "Command exited with non-zero status N" before the format line then.
  const line = readFileSync(report, 'utf8').trim().split('\n').pop()!;
  const [, user, sys, rss] = line.split(' ').map(Number);
  if (![user, sys, rss].every((x) => Number.isFinite(x))) throw new Error(`${c.name}: cannot read GNU time's report '${line}'`);
  return { wallMs, userMs: user! * 1000, sysMs: sys! * 1000, maxRssKiB: rss!, status };
}

/** How many calls of `fn` last at least `minMs` (doubling from 1; the calls also warm `fn` up). */
export function calibrate(fn: () => unknown, minMs: number): number {
  for (let reps = 1; ; reps *= 2) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    if (performance.now() - t0 >= minMs || reps >= 1 << 24) return reps;
  }
}

/** One in-process sample: `reps` calls of `fn`, the mean wall time per call. */
export function runFunction(fn: () => unknown, reps: number): Sample {
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) fn();
  return { wallMs: (performance.now() - t0) / reps };
}

/** What {@link measureTable} reports as it goes. */
export type Progress = (message: string) => void;

/**
 * Measure a table: one warm-up run of every contender, then `runs` measured rounds interleaved
 * (A B C A B C …); statistics and ratios (median / median of the reference, for wall time and, when
 * both are processes, peak RSS).
 */
export function measureTable(spec: TableSpec, progress: Progress = () => undefined): TableResult {
  const names = spec.contenders.map((c) => c.name);
  if (new Set(names).size !== names.length) throw new Error(`${spec.id}: contender names repeat`);
  const byName = new Map(spec.contenders.map((c) => [c.name, c]));
  for (const c of spec.contenders) {
    const ref = c.compareTo ?? spec.baseline;
    if (!byName.has(ref)) throw new Error(`${spec.id}: ${c.name} is compared to ${ref}, which is not a contender`);
  }
  const loadavgBefore = loadavg();
  const reps = new Map<string, number>();
  for (const c of spec.contenders) {
    progress(`${spec.id}: warm-up ${c.name}`);
    if (isProcess(c)) {
      runProcess(c);
      c.after?.();
    } else reps.set(c.name, calibrate(c.fn, spec.minSampleMs ?? 50));
  }
  const samples = new Map<string, Sample[]>(names.map((n) => [n, []]));
  const order: string[] = [];
  for (const i of interleavedOrder(spec.contenders.length, spec.runs)) {
    const c = spec.contenders[i]!;
    order.push(c.name);
    if (i === 0) progress(`${spec.id}: round ${samples.get(c.name)!.length + 1}/${spec.runs}`);
    if (isProcess(c)) {
      samples.get(c.name)!.push(runProcess(c));
      c.after?.();
    } else samples.get(c.name)!.push(runFunction(c.fn, reps.get(c.name)!));
  }
  const partial = spec.contenders.map((c) => {
    const xs = samples.get(c.name)!;
    const proc = isProcess(c);
    return {
      name: c.name,
      kind: proc ? ('process' as const) : ('function' as const),
      ...(proc ? { command: commandLine(c.argv) } : { callsPerSample: reps.get(c.name)! }),
      samples: xs,
      wallMs: stats(xs.map((x) => x.wallMs)),
      ...(proc
        ? {
            userMs: stats(xs.map((x) => x.userMs!)),
            sysMs: stats(xs.map((x) => x.sysMs!)),
            rssMiB: stats(xs.map((x) => x.maxRssKiB! / 1024)),
          }
        : {}),
    };
  });
  const results = new Map(partial.map((p) => [p.name, p]));
  const contenders: ContenderResult[] = spec.contenders.map((c) => {
    const p = results.get(c.name)!;
    const to = c.compareTo ?? spec.baseline;
    const ref = results.get(to)!;
    const ratio: { to: string; wall: number; rss?: number } = { to, wall: p.wallMs.median / ref.wallMs.median };
    if (p.rssMiB && ref.rssMiB) ratio.rss = p.rssMiB.median / ref.rssMiB.median;
    return { ...p, ratio };
  });
  return { id: spec.id, title: spec.title, baseline: spec.baseline, runs: spec.runs, order, loadavgBefore, loadavgAfter: loadavg(), contenders };
}

/** A duration in ms with sensible precision (3 significant digits, at most 3 decimals). */
export function fmtMs(ms: number): string {
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  if (ms >= 1) return ms.toFixed(2);
  return ms.toFixed(3);
}

/** A ratio as `1.23×`. */
export function fmtRatio(x: number): string {
  return `${x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)}×`;
}

/** `median (min–max)` of a statistic. */
export function fmtStats(s: Stats, f: (x: number) => string = fmtMs): string {
  return `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
}

/** The printed table: a title line, a header, one row per contender. */
export function formatTable(t: TableResult): string {
  const mib = (x: number): string => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
  const header = ['contender', 'wall ms', 'ratio', 'vs', 'user ms', 'sys ms', 'peak RSS MiB', 'RSS ratio'];
  const rows = t.contenders.map((c) => [
    c.name,
    fmtStats(c.wallMs),
    fmtRatio(c.ratio.wall),
    c.ratio.to === c.name ? '(baseline)' : c.ratio.to,
    c.userMs ? c.userMs.median.toFixed(0) : '',
    c.sysMs ? c.sysMs.median.toFixed(0) : '',
    c.rssMiB ? fmtStats(c.rssMiB, mib) : c.kind === 'function' ? `in-process ×${c.callsPerSample}` : '',
    c.ratio.rss !== undefined ? fmtRatio(c.ratio.rss) : '',
  ]);
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const right = new Set([1, 2, 4, 5, 6, 7]);
  const line = (r: string[]): string =>
    '  ' +
    r
      .map((cell, i) => (right.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const head = `[${t.id}] ${t.title} — ${t.runs} interleaved runs, median (min–max); load ${t.loadavgBefore[0]} → ${t.loadavgAfter[0]}`;
  return [head, line(header), ...rows.map(line)].join('\n');
}

/** Remove the harness's temporary directory (GNU time reports). */
export function cleanupHarness(): void {
  if (timeDir) rmSync(timeDir, { recursive: true, force: true });
  timeDir = undefined;
}
