/** What the fuzz harness and its worker processes say to each other, and the per-case bounds. */

/** A case whose readers take longer than this fails (issue 11 §4: 2 s). */
export const CASE_TIME_MS = 2000;
/** A case during which the process's peak memory grows by more than this fails (256 MB). */
export const CASE_MEMORY_BYTES = 256 * 2 ** 20;
/** A case still running after this long is a hang: the worker is killed and the case fails. */
export const CASE_KILL_MS = 10000;

/** Cases [from, to) of `seed` for one worker. */
export interface Job {
  seed: number;
  from: number;
  to: number;
  target?: string;
  /** The full sizes (scripts/fuzz/generators.ts SIZES.huge). */
  huge?: boolean;
  /** Where the worker writes the index and start time of the case it is running. */
  progressFile: string;
  /**
   * The corpus as these paths (relative to the repository, sorted), instead of every file under
   * testdata/ now: replays cases recorded when the corpus was that list (see loadCorpus).
   */
  corpusPaths?: readonly string[];
}

/** A case that failed, with what is needed to replay it (`--seed S --case index`). */
export interface CaseFailure {
  index: number;
  target: string;
  what: string;
  reason: string;
}

/** A worker's messages: ready for a job; a job done, with its failures and measurements. */
export type ChildMessage =
  | { type: 'ready' }
  | {
      type: 'done';
      from: number;
      to: number;
      failures: CaseFailure[];
      slowest: { index: number; ms: number; target: string };
      heaviest: { index: number; bytes: number; target: string };
      counts: Record<string, number>;
      /** Milliseconds the readers took, per generator. */
      ms: Record<string, number>;
      measuredMemory: boolean;
    };
