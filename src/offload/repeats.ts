/**
 * Binaries found again: a section whose bytes an earlier section header already named, a global that
 * `!llvm.embedded.objects` names again. LLVM lists (and extracts) them again for every name, and so
 * does this toolkit, within a budget: what is found again may add up to {@link REPEAT_SLACK} plus
 * {@link REPEAT_FACTOR} times the binaries read, per input. A file of section headers or metadata
 * operands that name the same bytes thousands of times (a few bytes each) would otherwise list
 * millions of binaries from a small file (review 2026-11-28a: a 20 KB module listed 300,000).
 */
import { DecodeError, type PathKey } from '../codec/index.js';

/** Binaries found again beyond {@link REPEAT_FACTOR} times those read. */
export const REPEAT_SLACK = 4096;
/** See {@link REPEAT_SLACK}. */
export const REPEAT_FACTOR = 8;

/** The count of binaries read and found again in one input, charged as they are found. */
export class RepeatBudget {
  /** Binaries read (each once). */
  distinct = 0;
  /** Binaries found again. */
  again = 0;

  /** `n` binaries read for the first time. */
  read(n: number): void {
    this.distinct += n;
  }

  /** `n` binaries found again (`what`, at `offset` / `path`): a LIMIT error past the budget. */
  repeat(n: number, offset: number, path: readonly PathKey[], what: string): void {
    this.again += n;
    const budget = REPEAT_SLACK + REPEAT_FACTOR * this.distinct;
    if (this.again > budget) {
      throw new DecodeError(
        'LIMIT',
        `${what}: the binaries found again add up to ${this.again}, more than ${budget} (${REPEAT_FACTOR} times the ${this.distinct} read, and ${REPEAT_SLACK}); LLVM lists every one, this reader stops here`,
        offset,
        path,
      );
    }
  }
}
