/**
 * Structure paths as used by spans: `entries[0].image.abstractModules[1].metadata["SYCL/x"]["key"]`.
 * Segments: identifiers joined by `.`, array indices `[3]`, and JSON-quoted names `["..."]` (property-set
 * and key names may hold any character).
 */

export type PathSegment = string | number;

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** Join segments; identifiers with `.`, numbers as `[n]`, other names JSON-quoted in brackets. */
export function joinPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const s of segments) out = appendSegment(out, s);
  return out;
}

export function appendSegment(path: string, s: PathSegment): string {
  if (typeof s === 'number') return `${path}[${s}]`;
  if (IDENT.test(s)) return path ? `${path}.${s}` : s;
  return `${path}[${JSON.stringify(s)}]`;
}

/** Split a path into segments (inverse of joinPath). Unparseable rest is returned as one segment. */
export function splitPath(path: string): PathSegment[] {
  const out: PathSegment[] = [];
  let i = 0;
  while (i < path.length) {
    const c = path[i]!;
    if (c === '.') {
      i++;
      continue;
    }
    if (c === '[') {
      if (path[i + 1] === '"') {
        // JSON string up to the closing quote (escapes skipped).
        let j = i + 2;
        while (j < path.length && path[j] !== '"') j += path[j] === '\\' ? 2 : 1;
        const lit = path.slice(i + 1, j + 1);
        try {
          out.push(JSON.parse(lit) as string);
        } catch {
          out.push(path.slice(i));
          return out;
        }
        i = j + 2; // skip `"]`
        continue;
      }
      const close = path.indexOf(']', i);
      if (close < 0) {
        out.push(path.slice(i));
        return out;
      }
      const n = Number(path.slice(i + 1, close));
      out.push(Number.isInteger(n) ? n : path.slice(i + 1, close));
      i = close + 1;
      continue;
    }
    let j = i;
    while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
    out.push(path.slice(i, j));
    i = j;
  }
  return out;
}

/** The parent path (`a.b[2]` -> `a.b`), or undefined for a root segment. */
export function parentPath(path: string): string | undefined {
  const segs = splitPath(path);
  if (segs.length <= 1) return segs.length === 1 && path ? '' : undefined;
  return joinPath(segs.slice(0, -1));
}

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
