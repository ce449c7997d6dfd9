/**
 * Which OffloadBinaries a released LLVM (19 to 22) accepts, and how it fails, as its code decides it:
 * the rules `syclbin offload-list --strict` and `offload-extract --strict` follow, where this
 * toolkit's own reader (src/offload/read.ts) is stricter or looser. Field offsets come from
 * formats/offload-binary.ts (OFFLOAD_VERSIONS[1]); the rules are llvm/lib/Object/OffloadBinary.cpp
 * (LLVM 19 to 22, `OffloadBinary::create` and `extractOffloadFiles`), checked against
 * llvm-objdump-19/-22 --offloading on mutated files (test/llvm22/strict-rules.test.ts):
 *
 * `create(Buf)`:
 *  1. `Buf.size() < sizeof(Header) + sizeof(Entry)` (32 + 40): parse_failed ("Invalid data ...");
 *  2. not the magic `10 FF 10 AD`: parse_failed; a buffer not 8-aligned: parse_failed (only where
 *     nothing copies it first: an archive member read by llvm-objdump);
 *  3. `Version != 1`: parse_failed;
 *  4. `Size > Buf.size() || Size < sizeof(Entry) || Size < sizeof(Header)`: unexpected_eof
 *     ("The end of the file was unexpectedly encountered");
 *  5. `EntryOffset > Size - sizeof(Entry) || EntrySize > Size - sizeof(Header)`: unexpected_eof;
 *  6. `ImageOffset > Buf.size() || StringOffset > Buf.size()`: unexpected_eof. The image's end is
 *     not checked, and an entry may overlap the header.
 *  The constructor then reads `NumStrings` string entries at `StringOffset` and the NUL-terminated
 *  key and value each points at, unchecked: where those reads leave the buffer, LLVM's behaviour is
 *  undefined, and this module says so instead of guessing.
 *
 * `extractOffloadFiles(Contents)` (a raw file, or one offloading section): from offset 0 while
 * `Offset < Contents.size()`: `create(Contents.drop_front(Offset))` (copied first when misaligned),
 * then `create` again on a copy of exactly `Size` bytes (a MemoryBuffer copy: one NUL after its end,
 * so a string running to the end of the binary is terminated there), then `Offset += Size`.
 *
 * Portable: no Node APIs.
 */
import { ArgumentError, blobRef, DecodeError, describeValue, wholeNumberArgument, decodeLatin1, decodeUtf8, type BlobRef, type ByteSource, type PathKey } from '../codec/index.js';
import type { OffloadBinaryModel, OffloadEntryModel } from './read.js';
import { OFFLOAD_BINARY_MAGIC, OFFLOAD_VERSIONS } from '../../formats/offload-binary.js';

/** How `OffloadBinary::create` fails (llvm/lib/Object/Error.cpp texts). */
export type LlvmCreateError = 'invalidData' | 'eof';

/** The object_error texts LLVM prints for each failure. */
export const LLVM_CREATE_ERRORS: Readonly<Record<LlvmCreateError, string>> = {
  invalidData: 'Invalid data was encountered while parsing the file',
  eof: 'The end of the file was unexpectedly encountered',
};

/** What LLVM sees of one binary it accepts: what llvm-objdump --offloading prints of it. */
export interface LlvmBinaryView {
  /** Absolute offset of the binary. */
  offset: number;
  /** Its `Size` field. */
  size: number;
  /** The entry's ImageKind. */
  imageKind: number;
  /** The entry's OffloadKind. */
  offloadKind: number;
  /** The entry's Flags. */
  flags: number;
  /**
   * The `arch` and `triple` strings ('' when absent; a repeated key's last value) as byte strings
   * (one character per byte, src/codec/bytes.ts decodeLatin1): llvm-objdump prints their bytes.
   */
  arch: string;
  /** The `triple` string, likewise. */
  triple: string;
}

/** The outcome of {@link llvmExtractRegion}. */
export interface LlvmRegionResult {
  /** The binaries LLVM accepts, in order, up to the failure. */
  binaries: LlvmBinaryView[];
  /** Where LLVM fails: the index of the binary (0 = the first) and how. */
  failure?: { index: number; offset: number; error: LlvmCreateError };
  /**
   * Where LLVM reads outside the binary (undefined behaviour: a string table or string past its end):
   * the absolute offset of the binary and what is read out of bounds.
   */
  undefinedBehaviour?: { offset: number; what: string };
}

const V1 = OFFLOAD_VERSIONS[1];
const H = V1.header.offsets;
const EN = V1.entry.offsets;
const SE = V1.stringEntry.offsets;
const HEADER_BYTES = V1.header.fixedSize;
const ENTRY_BYTES = V1.entry.fixedSize!;
const HEADER_SIZE = BigInt(HEADER_BYTES);
const ENTRY_SIZE = BigInt(ENTRY_BYTES);
const STRING_ENTRY_SIZE = V1.stringEntry.fixedSize!;

/** The EntryOffset of the binary at `at`. */
function entryOffsetOf(src: ByteSource, at: number): number {
  return Number(u64(src.read(at, HEADER_BYTES), H.entryOffset!));
}

/** A little-endian u64 of `b` at `p` (bigint: LLVM compares the full 64 bits). */
function u64(b: Uint8Array, p: number): bigint {
  return new DataView(b.buffer, b.byteOffset, b.byteLength).getBigUint64(p, true);
}

/**
 * `OffloadBinary::create` on the `bufSize` bytes at `at` (`aligned`: the buffer's address is a
 * multiple of 8). Returns the binary's `Size`, or how it fails.
 */
export function llvmCreateCheck(src: ByteSource, at: number, bufSize: number, aligned = true): { size: number } | { error: LlvmCreateError } {
  // (a src that is no ByteSource was "src.read is not a function"; offsets that are no whole numbers a RangeError from BigInt)
  if (typeof src !== 'object' || src === null || typeof (src as ByteSource).read !== 'function') throw new ArgumentError(`llvmCreateCheck: src must be a ByteSource (memorySource(bytes)), not ${describeValue(src)}`);
  wholeNumberArgument(at, 'llvmCreateCheck: at');
  wholeNumberArgument(bufSize, 'llvmCreateCheck: bufSize');
  const minimum = Number(HEADER_SIZE + ENTRY_SIZE);
  if (bufSize < minimum) return { error: 'invalidData' };
  const head = src.read(at, HEADER_BYTES);
  for (let i = 0; i < OFFLOAD_BINARY_MAGIC.length; i++) if (head[i] !== OFFLOAD_BINARY_MAGIC[i]) return { error: 'invalidData' };
  if (!aligned) return { error: 'invalidData' };
  if (new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(H.version!, true) !== V1.version) return { error: 'invalidData' };
  const size = u64(head, H.size!);
  const buf = BigInt(bufSize);
  if (size > buf || size < ENTRY_SIZE || size < HEADER_SIZE) return { error: 'eof' };
  const entryOffset = u64(head, H.entryOffset!);
  if (entryOffset > size - ENTRY_SIZE || u64(head, H.entrySize!) > size - HEADER_SIZE) return { error: 'eof' };
  const entry = src.read(at + Number(entryOffset), ENTRY_BYTES);
  if (u64(entry, EN.imageOffset!) > buf || u64(entry, EN.stringOffset!) > buf) return { error: 'eof' };
  return { size: Number(size) };
}

/**
 * What LLVM's `extractOffloadFiles` finds in the region `[start, end)` of `src` (a raw file or an
 * offloading section): the binaries it accepts up to where it fails, or where its reads would leave
 * the binary. Work is linear in the number of binaries and strings (bounded by the region's size).
 */
export function llvmExtractRegion(src: ByteSource, start: number, end: number): LlvmRegionResult {
  const out: LlvmRegionResult = { binaries: [] };
  for (let offset = start; offset < end; ) {
    const first = llvmCreateCheck(src, offset, end - offset);
    if ('error' in first) {
      out.failure = { index: out.binaries.length, offset, error: first.error };
      return out;
    }
    // The second create, on a copy of exactly Size bytes.
    const again = llvmCreateCheck(src, offset, first.size);
    if ('error' in again) {
      // The first create's constructor has already read the strings in the whole remaining buffer
      // (the table may lie past Size, in the next binary's bytes): out of it, that was undefined.
      // (When the second create works, its reads, within Size, are checked below and imply these.)
      const wide = stringOffsets(src, offset, entryOffsetOf(src, offset), end - offset);
      if (typeof wide === 'string') out.undefinedBehaviour = { offset, what: wide };
      else out.failure = { index: out.binaries.length, offset, error: again.error };
      return out;
    }
    const view = llvmBinaryView(src, offset, first.size);
    if (typeof view === 'string') {
      out.undefinedBehaviour = { offset, what: view };
      return out;
    }
    out.binaries.push(view);
    offset += first.size;
  }
  return out;
}

/** `arch` and `triple` as bytes (the keys llvm-objdump prints). */
const ARCH = new TextEncoder().encode('arch');
const TRIPLE = new TextEncoder().encode('triple');

/** Bytes per read when looking for a string's NUL. */
const STRING_WINDOW = 4096;

/**
 * The C string at `o` of the buffer of `limit` bytes at `at` equals `want`? (The buffers LLVM reads
 * have one NUL after their last byte: a file's MemoryBuffer and the copy of a binary.)
 */
function cstringIs(src: ByteSource, at: number, limit: number, o: number, want: Uint8Array): boolean {
  if (o + want.length > limit) return false;
  const b = src.read(at + o, Math.min(want.length + 1, limit - o));
  for (let i = 0; i < want.length; i++) if (b[i] !== want[i]) return false;
  return o + want.length === limit || b[want.length] === 0;
}

/** The C string at `o` of the buffer of `limit` bytes at `at`, as a byte string (decodeLatin1; read in windows up to its NUL). */
function cstringAt(src: ByteSource, at: number, limit: number, o: number): string {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (let p = o; p < limit; p += STRING_WINDOW) {
    const b = src.read(at + p, Math.min(STRING_WINDOW, limit - p));
    const nul = b.indexOf(0);
    parts.push(nul < 0 ? b : b.subarray(0, nul));
    total += nul < 0 ? b.length : nul;
    if (nul >= 0) break;
  }
  const all = new Uint8Array(total);
  let k = 0;
  for (const part of parts) {
    all.set(part, k);
    k += part.length;
  }
  return decodeLatin1(all);
}

/**
 * The string entries of the binary at `at` whose entry is at `e`, as LLVM's constructor reads them
 * from a buffer of `limit` bytes: the offsets of the last `arch` and `triple` values, or a text
 * saying what is read out of bounds. Keys are compared in place: linear in the string entries.
 */
function stringOffsets(src: ByteSource, at: number, e: number, limit: number): { arch?: number; triple?: number } | string {
  const entry = src.read(at + e, ENTRY_BYTES);
  const stringOffset = u64(entry, EN.stringOffset!);
  const numStrings = u64(entry, EN.numStrings!);
  if (numStrings > (BigInt(limit) - stringOffset) / BigInt(STRING_ENTRY_SIZE)) return `${numStrings} string entries at offset ${stringOffset}, past the ${limit} bytes it reads`;
  const out: { arch?: number; triple?: number } = {};
  for (let i = 0; i < Number(numStrings); i++) {
    const rec = src.read(at + Number(stringOffset) + i * STRING_ENTRY_SIZE, STRING_ENTRY_SIZE);
    const ko = u64(rec, SE.keyOffset!);
    const vo = u64(rec, SE.valueOffset!);
    if (ko > BigInt(limit)) return `string ${i}'s key at offset ${ko}, past the ${limit} bytes it reads`;
    if (vo > BigInt(limit)) return `string ${i}'s value at offset ${vo}, past the ${limit} bytes it reads`;
    if (cstringIs(src, at, limit, Number(ko), ARCH)) out.arch = Number(vo);
    else if (cstringIs(src, at, limit, Number(ko), TRIPLE)) out.triple = Number(vo);
  }
  return out;
}

/**
 * The entry, arch and triple of a binary `create` accepted (`size` bytes at `at`), as LLVM's
 * constructor reads them from its copy of the binary, or a text saying what it would read out of
 * bounds. Only the last `arch` and `triple` values are decoded (LLVM's map keeps a key's last value).
 */
function llvmBinaryView(src: ByteSource, at: number, size: number): LlvmBinaryView | string {
  const head = src.read(at, HEADER_BYTES);
  const e = Number(u64(head, H.entryOffset!));
  const found = stringOffsets(src, at, e, size);
  if (typeof found === 'string') return found;
  const entry = src.read(at + e, ENTRY_BYTES);
  const view = new DataView(entry.buffer, entry.byteOffset, entry.byteLength);
  return {
    offset: at,
    size,
    imageKind: view.getUint16(EN.imageKind!, true),
    offloadKind: view.getUint16(EN.offloadKind!, true),
    flags: view.getUint32(EN.flags!, true),
    arch: found.arch === undefined ? '' : cstringAt(src, at, size, found.arch),
    triple: found.triple === undefined ? '' : cstringAt(src, at, size, found.triple),
  };
}

/** Bytes of decoded string text {@link llvmModel} builds at most (strings may overlap: LLVM only points at them). */
const MAX_STRING_TEXT = 16 << 20;

/**
 * A model of a binary LLVM accepts but this toolkit's reader refuses (src/offload/read.ts shapes),
 * for `offload-extract --strict`: every string as LLVM's map holds it (a repeated key's last value,
 * UTF-8 decoded) and the image where LLVM takes it. An image that does not lie inside the binary
 * would be read out of bounds by LLVM (undefined behaviour): its blob throws this toolkit's error
 * when it is read, so only extracting it fails. Work is linear in the binary's size plus its string
 * entries (one forward pass finds every string's end); decoded text is capped.
 */
export function llvmModel(src: ByteSource, view: LlvmBinaryView, path: readonly PathKey[] = []): OffloadBinaryModel {
  const at = view.offset;
  const size = view.size;
  const head = src.read(at, HEADER_BYTES);
  const e = Number(u64(head, H.entryOffset!));
  const entry = src.read(at + e, ENTRY_BYTES);
  const dv = new DataView(entry.buffer, entry.byteOffset, entry.byteLength);
  const stringOffset = Number(u64(entry, EN.stringOffset!));
  const numStrings = Number(u64(entry, EN.numStrings!));
  const imageOffset = u64(entry, EN.imageOffset!);
  const imageSize = u64(entry, EN.imageSize!);
  // Key and value offsets (checked inside the binary by llvmExtractRegion), then each one's NUL in one
  // forward pass over the sorted offsets (the copy LLVM reads ends with a NUL at `size`).
  const pairs: [number, number][] = [];
  for (let i = 0; i < numStrings; i++) {
    const rec = src.read(at + stringOffset + i * STRING_ENTRY_SIZE, STRING_ENTRY_SIZE);
    pairs.push([Number(u64(rec, SE.keyOffset!)), Number(u64(rec, SE.valueOffset!))]);
  }
  const starts = Array.from(new Set(pairs.flat())).sort((a, b) => a - b);
  const ends = new Map<number, number>();
  let nul = -1;
  for (const s of starts) {
    if (s > nul) {
      nul = size;
      for (let p = s; p < size; p += STRING_WINDOW) {
        const k = src.read(at + p, Math.min(STRING_WINDOW, size - p)).indexOf(0);
        if (k >= 0) {
          nul = p + k;
          break;
        }
      }
    }
    ends.set(s, nul);
  }
  let budget = MAX_STRING_TEXT;
  const text = (o: number): string => {
    const n = ends.get(o)! - o;
    budget -= n;
    if (budget < 0) throw new DecodeError('LIMIT', `the strings of this binary add up to more than ${MAX_STRING_TEXT} bytes of text`, at + stringOffset, [...path, 'entries', 0, 'strings']);
    return decodeUtf8(src.read(at + o, n));
  };
  const strings = new Map<string, string>();
  for (const [k, v] of pairs) strings.set(text(k), text(v));
  const inside = imageOffset <= BigInt(size) && imageSize <= BigInt(size) - imageOffset;
  const image: BlobRef = inside ? blobRef(src, at + Number(imageOffset), Number(imageSize), at + Number(imageOffset)) : outsideImage(at, Number(imageOffset), imageSize, size, path);
  const model: OffloadEntryModel = {
    imageKind: view.imageKind,
    offloadKind: view.offloadKind,
    flags: dv.getUint32(EN.flags!, true),
    strings,
    stringEntries: [],
    get image() {
      return image.bytes();
    },
    imageRef: image,
    raw: { imageKind: view.imageKind, offloadKind: view.offloadKind, flags: view.flags, stringOffset, numStrings, imageOffset: Number(imageOffset), imageSize: Number(imageSize) } as OffloadEntryModel['raw'],
  };
  return { version: 1, offset: at, size, entries: [model], header: {} };
}

/** The blob of an image LLVM would read outside its binary: reading it is this toolkit's error. */
function outsideImage(at: number, offset: number, size: bigint, binarySize: number, path: readonly PathKey[]): BlobRef {
  const fail = (): never => {
    throw new DecodeError('RANGE', `LLVM reads this image outside the OffloadBinary (undefined behaviour, not reproduced): [${offset}, +${size}) of a ${binarySize}-byte binary`, at, [...path, 'entries', 0, 'image']);
  };
  // Its claimed size, so that whoever writes it reads it (and fails) rather than writing nothing.
  return { offset: undefined, size: size > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(size), bytes: fail, slice: fail, readInto: fail };
}
