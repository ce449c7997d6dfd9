/**
 * Matching text paths (`entries[0].image.abstractModules[1].metadata["SYCL/x"]["key"]`, as
 * src/codec/spans.ts formats them) against what a person types: an ancestor, or a pattern with `*`.
 * Programs use the structured paths (keys) of the span tree instead.
 */

/** True when `path` is `ancestor` or lies below it. */
export function isWithin(path: string, ancestor: string): boolean {
  if (ancestor === '') return true;
  if (!path.startsWith(ancestor)) return false;
  const next = path[ancestor.length];
  return next === undefined || next === '.' || next === '[';
}

/**
 * A matcher for a path pattern: `*` matches within one segment run (no `.`/`[`), `**` anything, and a
 * whole segment `**.` (at the start, or after a `.`) also no segment at all, as in file globs: `**.header`
 * matches `header` and `entries[0].image.header`, `a.**.b` matches `a.b`. A pattern without wildcards matches the path itself and everything below it (the pattern must match
 * a prefix of the path that ends at its end or before a `.` or `[`). Compiled once.
 *
 * Run as a set of pattern positions stepped over the path's characters (Thompson's simulation), so a
 * match costs O(path length × pattern length) whatever both hold: paths come from the file (set
 * names, keys), and the RegExp this replaced backtracked exponentially (`**A**A**A**B` on a 1 KB set
 * name ran for minutes).
 */
export function pathMatcher(pattern: string): (path: string) => boolean {
  if (!pattern.includes('*')) return (path) => isWithin(path, pattern);
  // Tokens: a character code, STAR (`*`) or ANY (`**`).
  const tokens: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '*') tokens.push(pattern.charCodeAt(i));
    else if (pattern[i + 1] === '*') {
      tokens.push(ANY);
      i++;
    } else tokens.push(STAR);
  }
  const n = tokens.length;
  let cur = new Uint8Array(n + 1);
  let next = new Uint8Array(n + 1);
  // `**.` as a whole segment: its `.` may be skipped with it (zero segments).
  const segment = tokens.map((t, j) => t === ANY && tokens[j + 1] === DOT && (j === 0 || tokens[j - 1] === DOT));
  // Add state j and every state reachable from it by skipping wildcards (they may match nothing).
  // (iterative: the pattern may hold any number of `**.`)
  const stack: number[] = [];
  const add = (set: Uint8Array, from: number): void => {
    stack.push(from);
    while (stack.length) {
      for (let j = stack.pop()!; j <= n && !set[j]; j++) {
        set[j] = 1;
        if (j === n || tokens[j]! >= 0) break;
        if (segment[j]) stack.push(j + 2);
      }
    }
  };
  return (path) => {
    cur.fill(0);
    add(cur, 0);
    for (let k = 0; ; k++) {
      const c = k < path.length ? path.charCodeAt(k) : -3;
      if (cur[n] && (c === -3 || c === DOT || c === LBRACKET)) return true;
      if (c === -3) return false;
      next.fill(0);
      let any = false;
      for (let j = 0; j < n; j++) {
        if (!cur[j]) continue;
        const t = tokens[j]!;
        if (t === ANY || (t === STAR && c !== DOT && c !== LBRACKET)) {
          next[j] = 1;
          any = true;
          add(next, j + 1);
        } else if (t === c) {
          add(next, j + 1);
          any = true;
        }
      }
      if (!any) return false;
      [cur, next] = [next, cur];
    }
  };
}

const STAR = -1;
const ANY = -2;
const DOT = 46;
const LBRACKET = 91;

/** Match one path against a pattern (see pathMatcher). */
export function matchPath(path: string, pattern: string): boolean {
  return pathMatcher(pattern)(path);
}
