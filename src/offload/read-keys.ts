/**
 * The option keys every OffloadBinary reader takes ({@link ReadOffloadOptions}), in a module of their
 * own: the readers of objects (src/containers/coff.ts, src/offload/elf.ts) and of any input
 * (src/offload/input.ts) spread them into their own key lists at load time, and src/offload/read.ts
 * reaches those modules through its imports (a constant there would be read before it is made).
 *
 * Portable: no Node APIs.
 */
import type { InputPlacement, OptionKeys } from '../codec/index.js';
import type { ReadOffloadOptions } from './read.js';

/** The keys of {@link ReadOffloadOptions}: any other is an UnknownOptionError where a list spreads them. */
export const READ_OFFLOAD_COMMON_KEYS: OptionKeys<ReadOffloadOptions> = { tree: true, problems: true, maxInflatedSize: true, inflatedBudget: true, spansWindow: true, inflated: true };

/** The keys of {@link InputPlacement} (where an object sits in a larger input): the ELF and COFF readers spread them. */
export const PLACEMENT_KEYS: OptionKeys<InputPlacement> = { origin: true, size: true, path: true };
