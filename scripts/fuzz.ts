/**
 * `npm run fuzz -- --cases N [--seed S] [--target NAME] [--jobs J] [--huge]`: the fuzz suite (issue 11 §4,
 * scripts/fuzz/). Runs N cases of seed S (default 0x5eed, the seed `npm test` uses) in one worker
 * process per core; exits 1 when a case fails, printing how to replay it:
 * `npm run fuzz -- --seed S --case I` rebuilds case I and runs it in this process, printing what it
 * was and what happened. Targets: mutate, syclbin-counts, offload-counts, bomb, props-lines,
 * elf-sections, nesting, pe-scan, ir-mutate, ir-scale (default: all, by weight). `--huge`: the issue's sizes (10^5–10^6 lines,
 * strings, sections) instead of those the suite runs with (scripts/fuzz/generators.ts SIZES).
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { fuzz } from './fuzz/harness.js';
import { generatorsFor, loadCorpus, makeCase } from './fuzz/cases.js';
import { runCase } from './fuzz/run-case.js';

/** The seed of the suite `npm test` runs. */
export const DEFAULT_SEED = 0x5eed;

const USAGE = `usage: npm run fuzz -- [--cases N] [--seed S] [--target NAME] [--jobs J] [--huge]
       npm run fuzz -- --seed S --case I [--target NAME] [--huge]     (replay one case)

  --cases N      cases to run (default 10000; npm test runs 100000)
  --seed S       the seed (default ${0x5eed}, the one npm test uses)
  --target NAME  one generator: mutate, syclbin-counts, offload-counts, bomb, props-lines,
                 elf-sections, nesting, pe-scan, ir-mutate, ir-scale (default: all, by weight)
  --jobs J       worker processes (default: one per core)
  --huge         the issue's sizes (1e5-1e6 lines, strings, sections) instead of the suite's
  --case I       rebuild case I of seed S and run it here, printing what it was and what happened

Exit status 1 when a case fails; the report says how to replay it.
`;

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '10000' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    target: { type: 'string' },
    jobs: { type: 'string' },
    case: { type: 'string' },
    huge: { type: 'boolean', default: false },
  },
});
const seed = Number(values.seed);
const int = (s: string, what: string): number => {
  const n = Number(s.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${what} needs a non-negative integer, got ${s}`);
  return n;
};

if (values.case !== undefined) {
  const index = int(values.case, 'case');
  const { target, input } = makeCase(seed, index, generatorsFor(values.target), loadCorpus(), values.huge);
  process.stdout.write(`case ${index} of seed ${seed}: ${target}: ${input.what} (${input.bytes.length} bytes)\n`);
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const bad = runCase(input, index % 4 === 0, timings);
  process.stdout.write(`${bad ? `FAILED in ${bad.step}: ${bad.error}` : 'ok'} (${(performance.now() - t0).toFixed(0)} ms: ${Object.entries(timings).map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(', ')})\n`);
  process.exitCode = bad ? 1 : 0;
} else {
  const cases = int(values.cases!, 'cases');
  let last = 0;
  const r = await fuzz({
    cases,
    seed,
    target: values.target,
    huge: values.huge,
    jobs: values.jobs ? int(values.jobs, 'jobs') : undefined,
    progress: (done) => {
      if (done - last >= Math.max(10000, cases / 20) || done === cases) {
        last = done;
        process.stderr.write(`  ${done}/${cases}\n`);
      }
    },
  });
  const out = [
    `fuzz: ${r.cases} cases, seed ${r.seed}${values.target ? `, target ${values.target}` : ''}${values.huge ? ', huge sizes' : ''}: ${r.failures.length} failure(s) in ${(r.ms / 1000).toFixed(1)} s (${((r.cases / r.ms) * 1000).toFixed(0)} cases/s)`,
    `  per target (cases, mean ms): ${Object.entries(r.counts).sort().map(([k, n]) => `${k} ${n} ${((r.targetMs[k] ?? 0) / n).toFixed(1)}`).join(', ')}`,
    `  slowest case: ${r.slowest.ms.toFixed(0)} ms (${r.slowest.target}, case ${r.slowest.index}); largest peak-memory growth: ${r.measuredMemory ? `${(r.heaviest.bytes / 2 ** 20).toFixed(1)} MiB (${r.heaviest.target}, case ${r.heaviest.index})` : 'not measured on this system'}`,
  ];
  for (const f of r.failures.slice(0, 50)) out.push(`  FAIL case ${f.index} (${f.target}: ${f.what}): ${f.reason}\n    replay: npm run fuzz -- --seed ${r.seed} --case ${f.index}${values.target ? ` --target ${values.target}` : ''}${values.huge ? ' --huge' : ''}`);
  process.stdout.write(out.join('\n') + '\n');
  process.exitCode = r.failures.length ? 1 : 0;
}
