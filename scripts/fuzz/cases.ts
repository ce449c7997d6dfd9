/**
 * Case `i` of seed `s`: its generator (by weight, or the one `--target` names) and its input, from
 * `new Rng(s, i)` alone; and the corpus, every file under testdata/ (recursively).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { GENERATORS, SIZES, type CorpusFile, type FuzzInput, type Generator } from './generators.js';
import { Rng } from './rng.js';

/** The repository root. */
export const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * Every file under testdata/, sorted by path (the order is part of what a seed means: adding a file
 * changes what a case index builds, so recorded cases name the corpus they were found with, see
 * {@link loadCorpusPaths}).
 */
export function loadCorpus(dir = join(ROOT, 'testdata')): CorpusFile[] {
  const out: CorpusFile[] = [];
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) stack.push(p);
      else out.push({ name: relative(ROOT, p), bytes: new Uint8Array(readFileSync(p)) });
    }
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The corpus as the given paths (relative to the repository), in their order: a recorded corpus. */
export function loadCorpusPaths(paths: readonly string[]): CorpusFile[] {
  return paths.map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(ROOT, name))) }));
}

/** The generators a run draws from: all of them by weight, or the one named. */
export function generatorsFor(target: string | undefined): Generator[] {
  if (!target) return [...GENERATORS];
  const g = GENERATORS.filter((x) => x.name === target);
  if (!g.length) throw new Error(`no fuzz target '${target}' (targets: ${GENERATORS.map((x) => x.name).join(', ')})`);
  return g;
}

/** The generator of `gens` that `r` (in [0, total weight)) falls on. */
function byWeight(gens: readonly Generator[], r: number): Generator {
  for (const g of gens) {
    if (r < g.weight) return g;
    r -= g.weight;
  }
  return gens[0]!;
}

/** Key of the random stream the generators added after the recorded runs draw from. */
const LATER_STREAM = 0x1e5a11;

/**
 * Build case `index` of `seed`. Generators marked `later` (added after the recorded 1,000,000-case
 * runs: the IR generators) take their share of the cases (about 7%) through a random stream of
 * their own; every other case is drawn exactly as it was before they existed, and with `--target`
 * naming an earlier generator every case is: case numbers in earlier reports and in
 * test/robustness/fuzz.test.ts (which names each case's generator) still name the same inputs.
 * A case replayed with `--target` is the same input as in the run of all generators.
 */
export function makeCase(seed: number, index: number, gens: readonly Generator[], corpus: readonly CorpusFile[], huge = false): { target: string; input: FuzzInput } {
  const sizes = SIZES[huge ? 'huge' : 'ci'];
  const first = gens.filter((g) => !g.later);
  const later = gens.filter((g) => g.later);
  if (later.length) {
    const side = new Rng(seed ^ LATER_STREAM, index);
    const laterWeight = later.reduce((a, g) => a + g.weight, 0);
    const isLater = side.int(laterWeight + first.reduce((a, g) => a + g.weight, 0)) < laterWeight;
    const g = byWeight(later, side.int(laterWeight));
    if (isLater || !first.length) return { target: g.name, input: g.make(side, corpus, sizes) };
  }
  const rng = new Rng(seed, index);
  const g = byWeight(first, rng.int(first.reduce((a, x) => a + x.weight, 0)));
  return { target: g.name, input: g.make(rng, corpus, sizes) };
}
