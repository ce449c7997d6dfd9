/**
 * A fuzz worker process (forked by scripts/fuzz/harness.ts): runs the cases it is sent, one at a
 * time, and measures each: the readers' time, and the peak resident memory of the process during
 * the case (Linux: the high-water mark is reset before the case through /proc/self/clear_refs and
 * read after it from /proc/self/status). Before each case it writes the case index and start time
 * to its progress file, so that the parent can name the case if this process hangs or dies.
 */
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { generatorsFor, loadCorpus, loadCorpusPaths, makeCase, type CorpusFile } from './cases.js';
import { runCase } from './run-case.js';
import { CASE_MEMORY_BYTES, CASE_TIME_MS, type CaseFailure, type ChildMessage, type Job } from './protocol.js';

const current = loadCorpus();
/** Recorded corpora by their path list (a job may name one, see Job.corpusPaths). */
const recorded = new Map<string, CorpusFile[]>();
function corpusOf(job: Job): CorpusFile[] {
  if (!job.corpusPaths) return current;
  const key = job.corpusPaths.join('\n');
  let c = recorded.get(key);
  if (!c) recorded.set(key, (c = loadCorpusPaths(job.corpusPaths)));
  return c;
}

/** Peak-RSS measurement when the kernel offers it (resetting VmHWM needs Linux 4.0+). */
const canMeasure = ((): boolean => {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return /VmHWM:\s+\d+/.test(readFileSync('/proc/self/status', 'latin1'));
  } catch {
    return false;
  }
})();

function status(field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'latin1'));
  return m ? Number(m[1]) * 1024 : 0;
}

function send(m: ChildMessage): void {
  process.send!(m);
}

process.on('message', (job: Job) => {
  const gens = generatorsFor(job.target);
  const fd = openSync(job.progressFile, 'r+');
  const mark = Buffer.alloc(16);
  const failures: CaseFailure[] = [];
  let slowest = { index: -1, ms: 0, target: '' };
  let heaviest = { index: -1, bytes: 0, target: '' };
  const counts: Record<string, number> = {};
  const ms: Record<string, number> = {};
  for (let i = job.from; i < job.to; i++) {
    mark.writeDoubleLE(i, 0);
    mark.writeDoubleLE(Date.now(), 8);
    writeSync(fd, mark, 0, 16, 0);
    let target = '?';
    let what = '';
    try {
      const c = makeCase(job.seed, i, gens, corpusOf(job), job.huge);
      target = c.target;
      what = c.input.what;
      counts[target] = (counts[target] ?? 0) + 1;
      if (canMeasure) writeFileSync('/proc/self/clear_refs', '5');
      const before = canMeasure ? status('VmRSS') : 0;
      const t0 = performance.now();
      const bad = runCase(c.input, i % 4 === 0);
      const took = performance.now() - t0;
      ms[target] = (ms[target] ?? 0) + took;
      const grew = canMeasure ? status('VmHWM') - before : 0;
      if (took > slowest.ms) slowest = { index: i, ms: took, target };
      if (grew > heaviest.bytes) heaviest = { index: i, bytes: grew, target };
      if (bad) failures.push({ index: i, target, what, reason: `${bad.step}: ${bad.error}` });
      else if (took > CASE_TIME_MS) failures.push({ index: i, target, what, reason: `took ${took.toFixed(0)} ms (limit ${CASE_TIME_MS})` });
      else if (grew > CASE_MEMORY_BYTES) failures.push({ index: i, target, what, reason: `peak memory grew by ${(grew / 2 ** 20).toFixed(0)} MiB (limit ${CASE_MEMORY_BYTES / 2 ** 20})` });
    } catch (e) {
      failures.push({ index: i, target, what, reason: `the case could not be built: ${(e as Error)?.stack ?? String(e)}` });
    }
  }
  closeSync(fd);
  send({ type: 'done', from: job.from, to: job.to, failures, slowest, heaviest, counts, ms, measuredMemory: canMeasure });
});

send({ type: 'ready' });
