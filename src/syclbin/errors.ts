/**
 * SYCLBIN reader errors: a DecodeError whose first sentence is LLVM's own wording where LLVM has
 * the same check (spec syclbin-format.md §5), so `syclbin dump` can print exactly
 * `Failed to parse SYCLBIN file: <LLVM sentence>`, followed by our detail and location.
 */
import { DecodeError, type ErrorCode, type PathKey } from '../codec/index.js';
import { PropertySetError } from '../props/errors.js';

export const LLVM_MESSAGES = {
  size: 'Unexpected file contents size.',
  magic: 'Incorrect SYCLBIN magic number.',
  version: (n: number) => `Unsupported SYCLBIN version ${n}.`,
  noEntries: 'OffloadBinary contains no entries.',
  /** llvm::object::object_error::parse_failed (llvm/lib/Object/Error.cpp). */
  objectParse: 'Invalid data was encountered while parsing the file',
  v2ImageTooSmall: 'SYCLBIN v2 entry image too small.',
  v2MetadataSize: 'SYCLBIN v2 entry metadata size out of range.',
  v2InvalidAmIndex: (s: string) => `SYCLBIN v2 invalid am_index '${s}'.`,
  v2ImageKind: 'SYCLBIN v2 entry has unexpected ImageKind.',
  v2MultipleGlobal: 'SYCLBIN v2 has multiple global_metadata entries.',
  v2AmIndexRange: (n: bigint | number, e: number) => `SYCLBIN v2 am_index ${n} is out of range (entries=${e}).`,
  v2UnknownRole: (r: string) => `SYCLBIN v2 entry has unknown role '${r}'.`,
  v2MissingGlobal: 'SYCLBIN v2 missing global_metadata entry.',
  v2FormatVersion: (v: string) => `Unsupported sycl_format_version '${v}' (this reader supports v2).`,
  v2DuplicateAm: (n: number) => `SYCLBIN v2 has duplicate am_metadata for am_index ${n}.`,
  v2MissingAm: (n: number) => `SYCLBIN v2 missing am_metadata for am_index ${n}.`,
} as const;

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
}

/** The first line `syclbin dump` prints after `Failed to parse SYCLBIN file: `. */
export function headlineOf(e: DecodeError): string {
  if (e instanceof PropertySetError && e.llvm !== undefined) return e.llvm;
  return e instanceof SyclbinFormatError ? e.headline : e.reason;
}

/**
 * LLVM reports every `OffloadBinary::create` failure as object_error::parse_failed; keep our reason
 * as the detail (errors already in SYCLBIN terms pass through).
 */
export function asObjectParseError(e: DecodeError): DecodeError {
  if (e instanceof SyclbinFormatError) return e;
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
