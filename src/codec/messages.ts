/**
 * Bounds on what a message quotes from its input: a diagnostic names a value or lists the values it
 * compared, and a value from the input may be megabytes long (a property-set JSON array of 2,000,000
 * numbers made a 4 MB error line) or a list may hold every image of the file. Portable (no Node).
 */

/** Longest quoted value, in characters, before {@link clipText} cuts it. */
export const MAX_QUOTED = 200;

/**
 * `text` when it has at most `max` characters, else its first `max` characters followed by
 * `… (N characters)`, N being the whole length.
 */
export function clipText(text: string, max = MAX_QUOTED): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

/**
 * The first `max` distinct items (each clipped by {@link clipText}), joined by `, `, then
 * `and N more` for the distinct items left out; `none` for an empty list. Linear in the list.
 */
export function someOf(items: Iterable<string>, max = 5): string {
  const distinct = new Set(items);
  if (distinct.size === 0) return 'none';
  const shown: string[] = [];
  for (const x of distinct) {
    if (shown.length === max) break;
    shown.push(clipText(x));
  }
  const rest = distinct.size - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
}
