/**
 * "Did you mean …?" for a mistyped command or option, as LLVM's option parsers suggest the nearest
 * known spelling (llvm/lib/Option/OptTable.cpp `findNearest`, llvm/lib/Support/CommandLine.cpp
 * `LookupNearestOption`, both by `StringRef::edit_distance`). Distances here count a swap of two
 * neighbouring letters as one edit (`dupm` → `dump`), and a suggestion is made only when one
 * candidate is clearly nearest: at most 2 edits away (3 for names of 8 or more characters), and
 * closer than every other candidate.
 */

/**
 * The optimal-string-alignment distance of `a` and `b` (insertions, deletions, replacements and
 * swaps of adjacent characters, each 1), or `limit + 1` as soon as it must exceed `limit`. Work is
 * `a.length × b.length`; names are short.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, limit + 1);
}

/** The candidate nearest to `word` (see the module comment), or undefined when none is near or two tie. */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  const limit = word.length >= 8 ? 3 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tie = false;
  for (const c of candidates) {
    if (c === word) continue;
    const d = editDistance(word, c, limit);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance && c !== best) tie = true;
  }
  return best !== undefined && !tie ? best : undefined;
}

/**
 * The suggestion for a mistyped option `given` (`--imag=file=k.o`, `-x`) among `options` (`--image`,
 * `-o`, …): the nearest option with the value part kept (`--image=file=k.o`), or undefined.
 */
export function suggestOption(given: string, options: Iterable<string>): string | undefined {
  const eq = given.indexOf('=');
  const name = eq < 0 ? given : given.slice(0, eq);
  const hit = nearest(name, options);
  return hit === undefined ? undefined : hit + (eq < 0 ? '' : given.slice(eq));
}
