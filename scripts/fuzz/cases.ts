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

/** Every file under testdata/, sorted by path (the order is part of what a seed means). */
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

/** The generators a run draws from: all of them by weight, or the one named. */
export function generatorsFor(target: string | undefined): Generator[] {
  if (!target) return [...GENERATORS];
  const g = GENERATORS.filter((x) => x.name === target);
  if (!g.length) throw new Error(`no fuzz target '${target}' (targets: ${GENERATORS.map((x) => x.name).join(', ')})`);
  return g;
}

/** Build case `index` of `seed`. */
export function makeCase(seed: number, index: number, gens: readonly Generator[], corpus: readonly CorpusFile[], huge = false): { target: string; input: FuzzInput } {
  const rng = new Rng(seed, index);
  const total = gens.reduce((a, g) => a + g.weight, 0);
  let r = rng.int(total);
  let g = gens[0]!;
  for (const x of gens) {
    if (r < x.weight) {
      g = x;
      break;
    }
    r -= x.weight;
  }
  return { target: g.name, input: g.make(rng, corpus, SIZES[huge ? 'huge' : 'ci']) };
}
