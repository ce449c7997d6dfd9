/**
 * Array helpers whose cost does not depend on the engine's argument limit: `out.push(...items)` passes
 * every item as an argument, so an input-sized `items` (125,000 archive members, a 1 MB string's
 * words, 200,000 property lines) overflows the stack. Every input-sized append goes through here.
 *
 * Portable: no Node APIs.
 */

/** Append every item of `items` to `out`, in order (a loop, not a spread). */
export function appendAll<T>(out: T[], items: Iterable<T>): void {
  for (const x of items) out.push(x);
}

/** The largest of `values` (`fallback` when there are none), without spreading them into a call. */
export function maxOf(values: Iterable<number>, fallback = -Infinity): number {
  let m = fallback;
  for (const v of values) if (v > m) m = v;
  return m;
}

/** The smallest of `values` (`fallback` when there are none), without spreading them into a call. */
export function minOf(values: Iterable<number>, fallback = Infinity): number {
  let m = fallback;
  for (const v of values) if (v < m) m = v;
  return m;
}
