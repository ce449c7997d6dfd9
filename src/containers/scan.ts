/**
 * Finding OffloadBinaries in ordinary data (a section of no offloading type or name, an unknown file):
 * candidates are the places that hold the magic `10 ff 10 ad`; each is validated by reading its
 * header, entries and strings with the OffloadBinary reader (src/offload/read.ts). A valid binary is
 * kept and the scan resumes after it; a candidate that fails is kept as a rejection with the reader's
 * error, never thrown. LLVM does not do this (docs/upstream-llvm.md §1.3: `containers/embedded-data.o`
 * lists nothing): what is found here is flagged as found by scanning.
 *
 * Bounded: the range is read in windows of `window` bytes through the ByteSource (each byte once; a
 * window overlaps the next by 3 bytes so a magic across the boundary is seen); at most
 * `maxCandidates` candidates are validated, then the scan stops and says so. Validating one candidate
 * reads at most its claimed binary (checked against the bytes there), so the work is at most
 * `maxCandidates` times the range's size, and linear for a fixed cap.
 *
 * Portable: no Node APIs.
 */
import { DecodeError, rangeArgument, toSource, type ByteSource, type PathKey, type SpanTree, optionsArgument, type BytesLike, type OptionKeys } from '../codec/index.js';
import { OFFLOAD_BINARY_MAGIC } from '../../formats/offload-binary.js';
import { InflateBudgetError, readOffloadBinary, type OffloadBinaryModel, type ReadOffloadOptions } from '../offload/read.js';

/** Default cap on validated candidates per scanned range. */
export const DEFAULT_MAX_SCAN_CANDIDATES = 64;

/** Options of {@link scanForOffloadBinaries}. */
export interface ScanOptions extends Pick<ReadOffloadOptions, 'maxInflatedSize' | 'inflatedBudget'> {
  /** Absolute range to scan (default: the whole source). */
  start?: number;
  /** End of the range (exclusive). */
  end?: number;
  /** Absolute ranges `[from, to)` already accounted for (binaries found otherwise): not scanned. */
  exclude?: readonly (readonly [number, number])[];
  /** Most magic matches to validate before stopping (`capped` is then set). */
  maxCandidates?: number;
  /** Window size in bytes (default 1 MiB). */
  window?: number;
  /** Record the binaries found in this span tree, as `[...path, i]`. */
  tree?: SpanTree;
  /** Path keys before `[i]` for the binaries found. */
  path?: readonly PathKey[];
}

/** The options scanForOffloadBinaries takes (typed: a new option cannot be left out; any other key is an UnknownOptionError). */
const SCAN_KEYS: OptionKeys<ScanOptions> = { start: true, end: true, exclude: true, maxCandidates: true, window: true, tree: true, path: true, maxInflatedSize: true, inflatedBudget: true };

/** What a scan found. */
export interface ScanResult {
  /** The binaries that read cleanly, in offset order. */
  found: OffloadBinaryModel[];
  /** Candidates whose validation failed: where, and the reader's error. */
  rejected: { offset: number; error: DecodeError }[];
  /** The cap was reached before the end of the range. */
  capped: boolean;
}

/** Bytes a scan looks at one by one before it asks indexOf for the next candidate byte. */
const SCAN_LOOK = 64;

/** Scan `[start, end)` of `src` for OffloadBinaries. */
export function scanForOffloadBinaries(input: BytesLike | ByteSource, opts: ScanOptions = {}): ScanResult {
  opts = optionsArgument(opts, 'scanForOffloadBinaries', SCAN_KEYS);
  const src = toSource(input);
  const { from: start, to: end } = rangeArgument(opts.start, opts.end, src.size, ['start', 'end']);
  const cap = opts.maxCandidates ?? DEFAULT_MAX_SCAN_CANDIDATES;
  const window = Math.max(64, opts.window ?? 1 << 20);
  const exclude = [...(opts.exclude ?? [])].sort((a, b) => a[0] - b[0]);
  const out: ScanResult = { found: [], rejected: [], capped: false };
  const m = OFFLOAD_BINARY_MAGIC;
  let pos = start; // next offset a candidate may start at
  let candidates = 0;
  for (let w = start; end - w >= m.length; w = Math.max(w + window, pos)) {
    const len = Math.min(window + m.length - 1, end - w);
    const bytes = src.read(w, len);
    const last = len - m.length;
    const m0 = m[0]!;
    for (let i = Math.max(0, pos - w); i <= last; i++) {
      // To the next byte that can start the magic: a short look here, then TypedArray indexOf, the
      // engine's own loop (several times faster over a file with no binary in it; the look first keeps
      // a file dense in that byte from paying a call per byte).
      if (bytes[i] !== m0) {
        const stop = Math.min(last, i + SCAN_LOOK);
        while (i < stop && bytes[i] !== m0) i++;
        if (bytes[i] !== m0) {
          i = bytes.indexOf(m0, i + 1);
          if (i < 0 || i > last) break;
        }
      }
      if (bytes[i + 1] !== m[1] || bytes[i + 2] !== m[2] || bytes[i + 3] !== m[3]) continue;
      const at = w + i;
      const ex = exclude.find(([a, b]) => a <= at && at < b);
      if (ex) {
        pos = ex[1];
        i = pos - w - 1;
        continue;
      }
      if (candidates++ >= cap) {
        out.capped = true;
        return out;
      }
      try {
        // (the budget is charged by the read that is kept)
        let bin = readOffloadBinary(src, at, { end, maxInflatedSize: opts.maxInflatedSize, inflatedBudget: opts.tree ? undefined : opts.inflatedBudget });
        // Valid: read again into the span tree (validation records nothing, so a rejection leaves no spans).
        if (opts.tree) bin = readOffloadBinary(src, at, { end, maxInflatedSize: opts.maxInflatedSize, inflatedBudget: opts.inflatedBudget, tree: opts.tree, path: [...(opts.path ?? []), out.found.length] });
        out.found.push(bin);
        pos = at + bin.size; // Size >= the header: progress
        i = pos - w - 1;
      } catch (e) {
        if (!(e instanceof DecodeError)) throw e;
        // A limit of this reader (the decompression cap the file's payloads share) is not "no binary here".
        if (e instanceof InflateBudgetError) throw e;
        out.rejected.push({ offset: at, error: e });
      }
    }
  }
  return out;
}
