/**
 * The fuzz harness (issue 11 §4): runs cases [0, cases) of a seed in worker processes
 * (scripts/fuzz/child.ts, one per core by default), handing out blocks of cases as workers finish.
 * A worker that hangs on a case (no progress for CASE_KILL_MS) is killed and one that dies
 * (a crash, running out of memory) is replaced; either way the case it was running fails, named
 * through the worker's progress file, and the rest of its block goes to the new worker.
 * Used by `npm run fuzz` (scripts/fuzz.ts) and by the test suite (test/robustness/fuzz.test.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CASE_KILL_MS, type CaseFailure, type ChildMessage, type Job } from './protocol.js';

/** What to run. */
export interface FuzzOptions {
  cases: number;
  seed: number;
  /** Only this generator (scripts/fuzz/generators.ts). */
  target?: string;
  /** The issue's full sizes (10^5–10^6 lines, strings, sections) instead of the test suite's. */
  huge?: boolean;
  /** Worker processes (default: one per core). */
  jobs?: number;
  /** Cases per block handed to a worker. */
  block?: number;
  /** Run exactly these case indices (e.g. earlier failures) instead of cases 0..cases-1. */
  indices?: readonly number[];
  /** The corpus as it was when those cases were recorded (paths under the repository, sorted); default: testdata/ now. */
  corpusPaths?: readonly string[];
  /** Called after each block with the number of cases done. */
  progress?: (done: number) => void;
}

/** What happened. */
export interface FuzzResult {
  cases: number;
  seed: number;
  ms: number;
  failures: CaseFailure[];
  /** Cases per generator, and the milliseconds their readers took. */
  counts: Record<string, number>;
  targetMs: Record<string, number>;
  slowest: { index: number; ms: number; target: string };
  heaviest: { index: number; bytes: number; target: string };
  /** False when the peak memory of a case could not be measured (not Linux). */
  measuredMemory: boolean;
}

const CHILD = new URL('./child.ts', import.meta.url).pathname;

/** Run the cases; resolves when every case has run (or failed). */
export function fuzz(opts: FuzzOptions): Promise<FuzzResult> {
  const jobs = Math.max(1, opts.jobs ?? availableParallelism());
  const block = opts.block ?? 500;
  const dir = mkdtempSync(join(tmpdir(), 'syclbin-fuzz-'));
  const t0 = Date.now();
  const result: FuzzResult = {
    cases: 0,
    seed: opts.seed,
    ms: 0,
    failures: [],
    counts: {},
    targetMs: {},
    slowest: { index: -1, ms: 0, target: '' },
    heaviest: { index: -1, bytes: 0, target: '' },
    measuredMemory: true,
  };
  // Blocks still to run: [from, to).
  const queue: [number, number][] = [];
  if (opts.indices) for (const i of opts.indices) queue.push([i, i + 1]);
  else for (let i = 0; i < opts.cases; i += block) queue.push([i, Math.min(opts.cases, i + block)]);

  return new Promise((resolve) => {
    let live = 0;
    const finish = (): void => {
      result.ms = Date.now() - t0;
      result.failures.sort((a, b) => a.index - b.index);
      rmSync(dir, { recursive: true, force: true });
      resolve(result);
    };

    const start = (slot: number): void => {
      const next = queue.shift();
      if (!next) {
        if (--live === 0) finish();
        return;
      }
      const progressFile = join(dir, `progress-${slot}`);
      writeFileSync(progressFile, Buffer.alloc(16));
      const child: ChildProcess = fork(CHILD, [], { execArgv: ['--import', 'tsx', '--max-old-space-size=2048'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-4000)));
      let block = next;
      let settled = false;
      /** The case the worker is running and since when (from its progress file). */
      const current = (): { index: number; since: number } => {
        const fd = openSync(progressFile, 'r');
        const b = Buffer.alloc(16);
        readSync(fd, b, 0, 16, 0);
        closeSync(fd);
        return { index: b.readDoubleLE(0), since: b.readDoubleLE(8) };
      };
      // The worker failed on a case: record it and give the rest of the block to a new worker.
      const lost = (why: string): void => {
        if (settled) return;
        settled = true;
        clearInterval(watchdog);
        const { index } = current();
        const at = index >= block[0] && index < block[1] ? index : block[0];
        result.failures.push({ index: at, target: '?', what: '(replay it with --case)', reason: `${why}${stderr ? `\n${stderr.trim()}` : ''}` });
        result.cases += 1;
        // The worker reports a block when it ends: the cases it ran before this one run again elsewhere.
        if (at + 1 < block[1]) queue.unshift([at + 1, block[1]]);
        if (at > block[0]) queue.unshift([block[0], at]);
        child.kill('SIGKILL');
        opts.progress?.(result.cases);
        start(slot);
      };
      const watchdog = setInterval(() => {
        const { index, since } = current();
        if (since && index >= block[0] && Date.now() - since > CASE_KILL_MS) lost(`did not finish within ${CASE_KILL_MS} ms (killed)`);
      }, 500);
      child.on('exit', (code, signal) => {
        if (!settled) lost(`the worker process exited (${signal ?? `status ${code}`}) during the case`);
      });
      child.on('message', (m: ChildMessage) => {
        if (m.type === 'ready') {
          child.send({ seed: opts.seed, from: block[0], to: block[1], target: opts.target, huge: opts.huge, progressFile, ...(opts.corpusPaths ? { corpusPaths: opts.corpusPaths } : {}) } satisfies Job);
          return;
        }
        result.cases += m.to - m.from;
        result.failures.push(...m.failures);
        for (const [k, n] of Object.entries(m.counts)) result.counts[k] = (result.counts[k] ?? 0) + n;
        for (const [k, n] of Object.entries(m.ms)) result.targetMs[k] = (result.targetMs[k] ?? 0) + n;
        if (m.slowest.ms > result.slowest.ms) result.slowest = m.slowest;
        if (m.heaviest.bytes > result.heaviest.bytes) result.heaviest = m.heaviest;
        result.measuredMemory &&= m.measuredMemory;
        opts.progress?.(result.cases);
        const more = queue.shift();
        if (!more) {
          settled = true;
          clearInterval(watchdog);
          child.disconnect();
          if (--live === 0) finish();
          return;
        }
        block = more;
        child.send({ seed: opts.seed, from: block[0], to: block[1], target: opts.target, huge: opts.huge, progressFile, ...(opts.corpusPaths ? { corpusPaths: opts.corpusPaths } : {}) } satisfies Job);
      });
    };
    for (let slot = 0; slot < jobs && queue.length; slot++) {
      live++;
      start(slot);
    }
    if (!live) finish();
  });
}
