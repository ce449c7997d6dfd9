/**
 * Warnings and notes that repeat one message are said a few times, then counted: a hostile or
 * machine-made input may earn the same warning for each of 300,000 values (1.8 MB of upstream JSON
 * wrote 35 MB of warnings), which no reader of standard error reads. Errors are always said.
 */

/** How many times one warning or note is said before the rest are counted. */
export const NOTE_REPEATS = 20;

/** A diagnostic as this module needs it: how bad, and what (the key of a repeat). */
export interface RepeatableNote {
  /** `error`, `warning` or `note`: errors are never counted away. */
  readonly severity: string;
  /** The message; the same severity and message make a repeat. */
  readonly message: string;
}

/**
 * `say` each of `list` in order, but a warning or note whose severity and message were said
 * {@link NOTE_REPEATS} times already; then `more(severity, message, count)` once for each of those
 * with the number left unsaid. Linear in the list.
 */
export function sayCapped<T extends RepeatableNote>(list: Iterable<T>, say: (n: T) => void, more: (severity: string, message: string, count: number) => void): void {
  const said = new Map<string, number>();
  for (const n of list) {
    const key = `${n.severity}\0${n.message}`;
    const k = (said.get(key) ?? 0) + 1;
    said.set(key, k);
    if (n.severity === 'error' || k <= NOTE_REPEATS) say(n);
  }
  for (const [key, k] of said) {
    const [severity, message] = key.split('\0') as [string, string];
    if (severity !== 'error' && k > NOTE_REPEATS) more(severity, message, k - NOTE_REPEATS);
  }
}
