/**
 * SYCLBIN reader errors: a DecodeError whose first sentence is LLVM's own wording where LLVM has
 * the same check (spec syclbin-format.md §5), so `syclbin dump` can print exactly
 * `Failed to parse SYCLBIN file: <LLVM sentence>`, followed by our detail and location.
 */
import { DecodeError, type ErrorCode, type PathKey } from '../codec/index.js';
import { PropertySetError } from '../props/errors.js';
import { printableClipped } from '../props/explain.js';

/**
 * The sentences of the SYCLBIN readers' errors, LLVM's wording where LLVM has the check
 * (docs/spec/syclbin-format.md §5; v2: intel/llvm:llvm/lib/Object/SYCLBIN.cpp@003d792a).
 */
export const LLVM_MESSAGES = {
  size: 'Unexpected file contents size.',
  magic: 'Incorrect SYCLBIN magic number.',
  /**
   * A SYBI header version above 1, in the words of the v2-era reader (intel/llvm:llvm/lib/Object/SYCLBIN.cpp
   * `readV1`), whose dump prints `Version: 1` for any SYBI file as this one does (docs/spec/README.md
   * rule 7); the pre-v2 reader said "Unsupported SYCLBIN version N." and printed the header's version.
   */
  version: (n: number) => `Unsupported legacy SYCLBIN version ${n}.`,
  noEntries: 'OffloadBinary contains no entries.',
  /** llvm::object::object_error::parse_failed (llvm/lib/Object/Error.cpp). */
  objectParse: 'Invalid data was encountered while parsing the file',
  v2ImageTooSmall: 'SYCLBIN v2 entry image too small.',
  v2MetadataSize: 'SYCLBIN v2 entry metadata size out of range.',
  /** An `am_index` that is not decimal digits fitting a u64. */
  v2InvalidAmIndex: (s: string) => `SYCLBIN v2 invalid am_index '${s}'.`,
  v2ImageKind: 'SYCLBIN v2 entry has unexpected ImageKind.',
  v2MultipleGlobal: 'SYCLBIN v2 has multiple global_metadata entries.',
  /** An `am_index` at or past the number of entries. */
  v2AmIndexRange: (n: bigint | number, e: number) => `SYCLBIN v2 am_index ${n} is out of range (entries=${e}).`,
  /** A `role` other than global_metadata, am_metadata, ir, native. */
  // (the role is the file's text: control characters and bytes that are not UTF-8 as \xNN, clipped)
  v2UnknownRole: (r: string) => `SYCLBIN v2 entry has unknown role '${printableClipped(r)}'.`,
  v2MissingGlobal: 'SYCLBIN v2 missing global_metadata entry.',
  /** A `sycl_format_version` other than 2. */
  v2FormatVersion: (v: string) => `Unsupported sycl_format_version '${v}' (this reader supports v2).`,
  /** Two am_metadata entries for one `am_index`. */
  v2DuplicateAm: (n: number) => `SYCLBIN v2 has duplicate am_metadata for am_index ${n}.`,
  /** An abstract module (up to the highest `am_index` used) without an am_metadata entry. */
  v2MissingAm: (n: number) => `SYCLBIN v2 missing am_metadata for am_index ${n}.`,
} as const;

/** A SYCLBIN reader error: LLVM's sentence (`headline`) and our detail, with the location of a DecodeError. */
export class SyclbinFormatError extends DecodeError {
  /** The LLVM sentence (or our own where LLVM has no such check). */
  readonly headline: string;
  /** What exactly is wrong, in SYCL terms. */
  readonly detail: string;
  constructor(code: ErrorCode, headline: string, detail: string, offset: number, path: readonly PathKey[] = [], extra: { needed?: number; available?: number } = {}) {
    super(code, detail ? `${headline} ${detail}` : headline, offset, path, extra);
    this.headline = headline;
    this.detail = detail;
  }

  /** This error placed at a compressed payload, its place inside (`place`) kept in the detail (src/offload/read.ts insidePayload). */
  relocated(place: string, offset: number, path: readonly PathKey[]): SyclbinFormatError {
    return new SyclbinFormatError(this.code, this.headline, `${this.detail ? `${this.detail} ` : ''}(inside the compressed payload: ${place})`, offset, path);
  }
}

/** The first line `syclbin dump` prints after `Failed to parse SYCLBIN file: `. */
export function headlineOf(e: DecodeError): string {
  if (e instanceof PropertySetError && e.llvm !== undefined) return e.llvm;
  return e instanceof SyclbinFormatError ? e.headline : e.reason;
}

/**
 * LLVM reports every `OffloadBinary::create` failure as object_error::parse_failed; keep our reason
 * as the detail (errors already in SYCLBIN terms, and a missing codec, pass through).
 */
export function asObjectParseError(e: DecodeError): DecodeError {
  // (a codec that was not provided is no parse failure: its own words, "needs libzstd, which was not provided")
  if (e instanceof SyclbinFormatError || e.code === 'UNAVAILABLE') return e;
  return new SyclbinFormatError(e.code, LLVM_MESSAGES.objectParse, `(OffloadBinary: ${e.reason})`, e.offset, e.pathSegments);
}

/**
 * A u64 offset/size beyond 2^53 (the codec's RANGE error) lies outside any table, which LLVM reports
 * as "Unexpected file contents size." (its bounds checks); keep the codec's reason as the detail.
 */
export function asSizeError(e: unknown): unknown {
  if (e instanceof DecodeError && !(e instanceof SyclbinFormatError) && !(e instanceof PropertySetError) && e.code === 'RANGE') {
    return new SyclbinFormatError('RANGE', LLVM_MESSAGES.size, e.reason, e.offset, e.pathSegments);
  }
  return e;
}
