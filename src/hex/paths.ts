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
 * A matcher for a path pattern: `*` matches within one segment run (no `.`/`[`), `**` anything. A
 * pattern without wildcards matches the path itself and everything below it. Compiled once.
 */
export function pathMatcher(pattern: string): (path: string) => boolean {
  if (!pattern.includes('*')) return (path) => isWithin(path, pattern);
  let re = '^';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        re += '.*';
        i++;
      } else re += '[^.\\[]*';
    } else re += c.replace(/[\\^$.+?()[\]{}|]/g, '\\$&');
  }
  re += '(?:$|[.\\[])';
  const rx = new RegExp(re);
  return (path) => rx.test(path);
}

/** Match one path against a pattern (see pathMatcher). */
export function matchPath(path: string, pattern: string): boolean {
  return pathMatcher(pattern)(path);
}
