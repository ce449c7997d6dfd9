/**
 * Reader for LLVM OffloadBinary versions 1, 2 and 3, driven by formats/offload-binary.ts (the version
 * table: header, entry table placement, string entry records, compression). Upstream:
 * llvm/lib/Object/OffloadBinary.cpp (`OffloadBinary::create`, `extractOffloadBinaries`); project
 * notes docs/spec/README.md rule 3.
 *
 * Stricter than LLVM where LLVM wraps or trusts (docs/spec/README.md "Where we are stricter"): every
 * offset+size is checked exactly, image ranges completely, string keys/values inside the binary.
 * Every problem is a DecodeError at the field it is about; in collect mode (`problems`) the reader
 * reports it and reads on where the rest still makes sense.
 */
import { READ_OFFLOAD_COMMON_KEYS } from './read-keys.js';
import { appendAll } from '../codec/arrays.js';
import {
  ArgumentError,
  blobRef,
  decode,
  decodeEscapedUtf8,
  DecodeError,
  bytesEqual,
  decodeUtf8,
  hasMagic,
  locate,
  lookupIn,
  memorySource,
  place,
  report,
  Space,
  toSource,
  wholeNumberArgument,
  rangeArgument,
  describeValue,
  pathArgument,
  toBytes,
  type BlobRef,
  type ByteSource,
  type PathKey,
  type ReadOptions,
  type SpanNode,
  type SpanTree, optionsArgument, type OptionKeys, type BytesLike } from '../codec/index.js';
import { OFFLOAD_BINARY_ALIGN, OFFLOAD_VERSIONS, OffloadHeaderPrefix, OffloadMagic, type OffloadEntryValue, type OffloadVersion } from '../../formats/offload-binary.js';
import { decompressExact, DEFAULT_MAX_INFLATED_SIZE, detectCompression, type Compression } from './decompress.js';
import { withReaderHint } from './sniff.js';

/** One entry of an OffloadBinary. */
export interface OffloadEntryModel {
  /** ImageKind field (formats/kinds.ts names it). */
  imageKind: number;
  /** OffloadKind field (named by the numbering of the binary's version and the era). */
  offloadKind: number;
  /** Flags field. */
  flags: number;
  /**
   * String entries in file order (a repeated key keeps its first position, last value wins). Entries
   * of one binary that point at the same string-entry table share this map and `stringEntries`
   * (read once: a table referenced N times over costs one read): treat them as read-only.
   */
  strings: Map<string, string>;
  /** Every string entry as stored, in table order (offsets relative to the binary). */
  stringEntries: StringEntryModel[];
  /** Image bytes: a view into the input (or into the inflated payload for compressed v3); read on access for file sources. */
  readonly image: Uint8Array;
  /** Where the image is (absolute offset; undefined inside a compressed payload) and its bytes on demand. */
  imageRef: BlobRef;
  /** The entry as stored (offsets relative to the binary start). */
  raw: OffloadEntryValue;
}

/** One string entry: key and value, and where they are (offsets relative to the binary). */
export interface StringEntryModel {
  /** Key text. */
  key: string;
  /** Value text, UTF-8 decoded (v1: up to the NUL; v2+: all `valueSize` bytes, NULs included). */
  value: string;
  /** Offset of the key (relative to the binary). */
  keyOffset: number;
  /** Offset of the value (relative to the binary). */
  valueOffset: number;
  /** v2+: the stored size; v1: the value's length without its NUL. */
  valueSize: number;
  /** v2+: the value's bytes as stored (they may hold NULs or binary data, e.g. a SYCL symbol table). */
  valueBytes?: Uint8Array;
  /**
   * The key's bytes, set only when they are not valid UTF-8 (`key` then holds U+FFFD for the bad
   * bytes): what LLVM's tools print of it is these bytes.
   */
  keyRaw?: Uint8Array;
  /** The value's bytes (v1: without the NUL), set only when they are not valid UTF-8 (see `keyRaw`). */
  valueRaw?: Uint8Array;
}

/**
 * The string entries of an entry as LLVM's StringMap keeps them (for each key the last value, in the
 * order keys first appear), byte for byte: a key or value that is not UTF-8 text with its bytes as
 * lone surrogates U+DC80+byte (src/codec/bytes.ts decodeEscapedUtf8, the escape property-set names use),
 * a v2+ value with every byte it stores. The writers write such text back to the same bytes; shown to
 * people, the escapes read as `\xNN` (src/props/explain.ts printable).
 */
export function escapedStrings(e: { stringEntries: readonly StringEntryModel[] }): Map<string, string> {
  // (from JavaScript: "e.stringEntries is not iterable")
  if (typeof e !== 'object' || e === null || !Array.isArray(e.stringEntries)) throw new ArgumentError(`escapedStrings: expected an OffloadBinary entry (an element of a binary's entries, with its stringEntries), not ${describeValue(e)}`);
  const out = new Map<string, string>();
  for (const se of e.stringEntries) {
    const raw = se.valueBytes ?? se.valueRaw;
    out.set(se.keyRaw ? escapedText(se.keyRaw) : se.key, raw ? escapedText(raw) : se.value);
  }
  return out;
}

/**
 * The escaped text of a string's bytes, made once per bytes: the reader hands the same bytes to every
 * entry that names the same range (its cache by offset), so thousands of entries sharing one long
 * value (LLVM's string table merges equal strings) share one string, not a copy each. (The bytes of
 * a read model are not to be changed in place: the text made of them is kept with them.)
 */
const ESCAPED = new WeakMap<Uint8Array, string>();
function escapedText(bytes: Uint8Array): string {
  let text = ESCAPED.get(bytes);
  if (text === undefined) {
    text = decodeEscapedUtf8(bytes);
    ESCAPED.set(bytes, text);
  }
  return text;
}

/**
 * The string entries of an entry as LLVM's StringMap keeps them: for each key, the last entry that
 * gives it, in the order keys first appear (the order of `strings`). One pass: an entry may have many.
 */
export function lastStringEntries(e: { stringEntries: readonly StringEntryModel[] }): Map<string, StringEntryModel> {
  const last = new Map<string, StringEntryModel>();
  for (const se of e.stringEntries) last.set(se.key, se);
  return last;
}

/**
 * The keys an entry gives more than once, in the order they first appear: each with the table
 * indexes of its string entries (every reader keeps one value: LLVM 19/22's StringMap and main's
 * MapVector the last). One pass; empty for the usual entry.
 */
export function repeatedStringKeys(e: { stringEntries: readonly StringEntryModel[] }): { key: string; indexes: number[] }[] {
  const seen = new Map<string, number[]>();
  let repeated = false;
  e.stringEntries.forEach((se, i) => {
    const at = seen.get(se.key);
    if (at) {
      at.push(i);
      repeated = true;
    } else seen.set(se.key, [i]);
  });
  if (!repeated) return [];
  const out: { key: string; indexes: number[] }[] = [];
  for (const [key, indexes] of seen) if (indexes.length > 1) out.push({ key, indexes });
  return out;
}

/** One OffloadBinary. */
export interface OffloadBinaryModel {
  /** Header version (1-3). */
  version: number;
  /** Offset of this binary in the input it was read from. */
  offset: number;
  /** Header `Size` (on-disk size; for compressed v3 not a multiple of 8). */
  size: number;
  /** Entries in file order. */
  entries: OffloadEntryModel[];
  /** v3 only. */
  compression?: Compression;
  /** v3 compressed: the payload's declared inflated size. */
  inflatedSize?: bigint;
  /** The header fields as stored. */
  header: Record<string, unknown>;
  /**
   * v3 compressed, as read from the file: the binary's inflated space (the header, then the inflated
   * payload, as {@link inflateOffloadBinary} returns it), which the entries' images already lie in;
   * a view of the inside (annotateInflated, verify) reads it instead of inflating again. Not
   * enumerable: a model printed or compared is its fields.
   */
  readonly inflated?: Uint8Array;
}

/**
 * The decompression cap that the payloads of one input share (ReadOffloadOptions.inflatedBudget) is
 * spent: a limit of this reader, not a malformed binary (a scan does not take it for "no binary here").
 */
export class InflateBudgetError extends DecodeError {}

/** Options of the OffloadBinary readers. */
export interface ReadOffloadOptions extends ReadOptions {
  /** Cap on the decompressed size of a v3 payload (default 1 GiB). */
  maxInflatedSize?: number;
  /**
   * Shared by the reads of one input: the v3 payloads they inflate add up to at most `left` bytes
   * (each is also under `maxInflatedSize`; `left` starts at that cap when not given), taken as each
   * is inflated. readOffloadInput sets one for the members and sections of an object or archive, so
   * that their payloads inflate to the cap in all, as its offload bundles do: twenty 1:1000-compressed
   * members were each under the cap and together 2 GB kept in memory (docs/offload.md).
   */
  inflatedBudget?: { left?: number };
  /**
   * With `tree`: record spans only for the binaries of a sequence (offloadBinaries, and the sections
   * of objects read through it) that overlap `[spansWindow[0], spansWindow[1])` of the input; the others are
   * read as models without spans. What a hexdump of a few rows needs: 100,000 binaries were 1.7
   * million spans for one printed row. The tiling outside the window is then not meaningful.
   */
  spansWindow?: readonly [number, number];
  /**
   * The input is the inflated address space of a compressed v3 binary (its header followed by the
   * inflated payload, as `inflateOffloadBinary` returns it), not a file: the payload is read in place,
   * so that its entries, strings and images get spans with offsets into that space. Header `Size`
   * (the compressed size on disk) is not checked against it.
   */
  inflated?: boolean;
}

/** Options for one binary: where it sits in the span tree and in error paths, and where its data ends. */
export interface ReadOneOptions extends ReadOffloadOptions {
  /** Path keys of the binary (errors and spans), e.g. `['binaries', 2]` or `['sections', 12, 'binaries', 0]`. */
  path?: readonly PathKey[];
  /** Span node the binary's spans go under (default: the node at `path`). */
  node?: SpanNode;
  /** End of the data the binary lies in (default: the end of the input), e.g. its section's end. */
  end?: number;
}

/** A region of the input holding binaries back to back (e.g. an ELF section). */
export interface RegionOptions {
  /** Region start and end (default: the whole input); binaries align to 8 from `start`. */
  start?: number;
  /** Region end (exclusive). */
  end?: number;
  /** Path keys before `binaries[i]` (e.g. `['sections', 12]`). */
  path?: readonly PathKey[];
  /**
   * A region that is one binary (see {@link regionIsOneBinary}) gets paths without `binaries[0]`,
   * as the span tree of a single-binary file names them (`entries[0].imageSize`): set by the
   * readers of whole files (inspect, offload-list, annotate), so every command names a byte alike.
   */
  singlePaths?: boolean;
  /**
   * Collect mode: told when a binary cannot be read and so ends the sequence (its error is also one
   * of `problems`); the bytes after it belong to no known binary.
   */
  onStop?: (e: DecodeError) => void;
  /**
   * Told when zero bytes after the last binary are taken as padding (fewer than
   * TRAILING_PADDING_LIMIT): LLVM's extractOffloadBinaries has no such rule and reports "Invalid
   * data", so a listing that stands in for llvm-objdump says so.
   */
  onPadding?: (offset: number, length: number) => void;
}

/**
 * Is `[start, end)` one OffloadBinary (up to the alignment padding after it)? Read from the first
 * header's `Size` alone, so a binary that fails to read further down is still judged: it is one
 * unless another binary's magic starts where that Size (8-aligned) ends. A region too short for the
 * header, or of an unknown version, counts as one binary (its error names no index); so does one
 * whose Size is too small, ending inside its own strings or image (not `binaries[0]` followed by a
 * "binaries[1]" that is none: named as the SYCLBIN reader, which reads a file as one binary, names it).
 */
export function regionIsOneBinary(input: BytesLike | ByteSource, start = 0, end?: number): boolean {
  const src = toSource(input);
  const { from: begin, to: stop } = rangeArgument(start, end, src.size, ['start', 'end']);
  const size = declaredBinarySize(src, begin, stop);
  // (too short for its header, or of an unknown version: one binary, whose error names no index)
  if (size === undefined || BigInt(stop - begin) - size < BigInt(OFFLOAD_BINARY_ALIGN)) return true;
  const next = begin + alignTo(Number(size), OFFLOAD_BINARY_ALIGN);
  return !(stop - next >= OffloadHeaderPrefix.fixedSize! && hasMagic(OffloadMagic, src.read(next, OffloadMagic.fixedSize!)));
}

/**
 * The `Size` field of the OffloadBinary header at `start` of `src` (`end`: where the region ends),
 * read from the header alone; undefined when the region is too short for its header or the version
 * is unknown.
 */
export function declaredBinarySize(src: ByteSource, start: number, end = src.size): bigint | undefined {
  if (end - start < OffloadHeaderPrefix.fixedSize!) return undefined;
  try {
    const { version } = decode(OffloadHeaderPrefix, src.read(start, OffloadHeaderPrefix.fixedSize!), 0);
    const v = OFFLOAD_VERSIONS[version as 1 | 2 | 3];
    if (!v || end - start < v.header.fixedSize!) return undefined;
    const { size } = decode(v.header, src.read(start, v.header.fixedSize!), 0) as { size: number | bigint };
    return BigInt(size);
  } catch (e) {
    if (e instanceof DecodeError) return undefined;
    throw e;
  }
}

/**
 * Does `[start, end)` hold bytes that are neither OffloadBinaries back to back (stepped over by their
 * headers' `Size` alone, as {@link offloadBinaries} steps) nor zeros? A linker that merges the
 * `.llvm.offloading` sections of an OpenMP object (an OffloadBinary) and of a SYCL wrapper object (a
 * bare device image: llvm-project llvm/lib/Frontend/Offloading/OffloadWrapper.cpp wrapSYCLBinaries)
 * leaves both in one section. A header that does not read, or a Size past the region, ends the walk
 * with false: the region's own read reports it. Reads the headers, then the bytes after the last
 * binary until a non-zero one.
 */
export function holdsForeignBytes(input: BytesLike | ByteSource, start: number, end: number): boolean {
  const src = toSource(input);
  let offset = start;
  while (end - offset >= OffloadHeaderPrefix.fixedSize!) {
    let version: number;
    try {
      ({ version } = decode(OffloadHeaderPrefix, src.read(offset, OffloadHeaderPrefix.fixedSize!), 0) as { version: number });
    } catch (e) {
      if (e instanceof DecodeError) break;
      throw e;
    }
    const size = declaredBinarySize(src, offset, end);
    if (size === undefined || size <= 0n || size > BigInt(end - offset)) return false;
    offset = nextBinaryOffset(start, offset, version, Number(size));
  }
  // (what follows the last binary, or the whole region when no binary starts it)
  for (let at = offset; at < end; at += ZERO_CHUNK) {
    const bytes = src.read(at, Math.min(ZERO_CHUNK, end - at));
    for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return true;
  }
  return false;
}

/** Bytes looked at per read when checking that a region is all zeros. */
const ZERO_CHUNK = 1 << 16;

/**
 * Where the binary after the one at `offset` (of `version`, `size` bytes) starts in a region that
 * starts at `start`: right after it, or for a compressed v3 binary, whose Size is not a multiple of 8,
 * at the next multiple of 8 from the region's start (llvm-project OffloadBinary.cpp
 * extractOffloadBinaries). The one rule every walk over binaries back to back follows.
 */
export function nextBinaryOffset(start: number, offset: number, version: number, size: number): number {
  return version >= 3 ? start + alignTo(offset - start + size, OFFLOAD_BINARY_ALIGN) : offset + size;
}

/** True when `bytes` holds the OffloadBinary magic at `offset`. */
export function isOffloadBinary(bytes: BytesLike, offset = 0): boolean {
  return hasMagic(OffloadMagic, toBytes(bytes), wholeNumberArgument(offset, 'offset'));
}

/** Zero bytes after the last binary (fewer than this) are section/file padding, not another binary. */
export const TRAILING_PADDING_LIMIT = 64;

/**
 * Every OffloadBinary in `input`, one after the other (as in an `.llvm.offloading` section), read as
 * they are reached: the caller can print and drop each one. Paths are `binaries[i]`.
 */
export function* offloadBinaries(input: BytesLike | ByteSource, opts: ReadOffloadOptions & RegionOptions = {}): Generator<OffloadBinaryModel> {
  const src = toSource(input);
  const { from: start, to: end } = rangeArgument(opts.start, opts.end, src.size, ['start', 'end']);
  const prefix = pathArgument(opts.path, 'the path option') ?? [];
  const one = opts.singlePaths === true && regionIsOneBinary(src, start, end);
  let offset = start;
  let count = 0;
  while (offset < end) {
    if (count && end - offset < TRAILING_PADDING_LIMIT && src.read(offset, end - offset).every((b) => b === 0)) {
      opts.onPadding?.(offset, end - offset);
      break;
    }
    let bin: OffloadBinaryModel;
    const path = one && count === 0 ? [...prefix] : [...prefix, 'binaries', count];
    try {
      bin = outsideWindow(src, offset, end, path, opts) ?? readOneOffloadBinary(src, offset, { ...opts, path, end, ...(opts.spansWindow && opts.tree ? { inflatedBudget: undefined } : {}) });
    } catch (e) {
      // A binary that cannot be read ends the sequence (nothing after it has a known start); in
      // collect mode its error is one of the problems, as every other reader's is.
      if (e instanceof DecodeError && opts.problems) {
        if (!opts.problems.includes(e)) opts.problems.push(e);
        opts.onStop?.(e);
        return;
      }
      throw e;
    }
    yield bin;
    count++;
    // v1/v2 sizes are multiples of 8; a compressed v3 binary's Size is not, the next one starts at the
    // next multiple of 8 (llvm-project OffloadBinary.cpp extractOffloadBinaries).
    offset = nextBinaryOffset(start, offset, bin.version, bin.size);
    if (bin.size === 0) return; // only in collect mode (reported): no progress is possible
  }
  if (!count) report(opts, new DecodeError('EOF', 'no OffloadBinary in an empty input', start, prefix));
}

/**
 * The binary at `offset` read without spans when it lies outside `opts.spansWindow` (its problems go
 * to `opts.problems` as a recording read's would); undefined when there is no window or the binary
 * overlaps it: the caller reads it again with spans (its decompression already charged to the
 * budget). Only a binary the window cuts is read twice.
 */
function outsideWindow(src: ByteSource, offset: number, end: number, path: PathKey[], opts: ReadOffloadOptions): OffloadBinaryModel | undefined {
  const w = opts.spansWindow;
  if (!w || !opts.tree) return undefined;
  const problems: DecodeError[] | undefined = opts.problems ? [] : undefined;
  let bin: OffloadBinaryModel;
  try {
    bin = readOneOffloadBinary(src, offset, { ...opts, tree: undefined, problems, path, end });
  } catch (e) {
    // A binary that does not read ends the sequence: read again with spans, so that what it holds
    // up to its error is named wherever it lies (but a spent decompression budget stays spent: the
    // second read has none).
    if (e instanceof DecodeError && !(e instanceof InflateBudgetError)) return undefined;
    throw e;
  }
  // (a compressed binary's padding to 8 belongs to it, as the sequence steps over it)
  const binEnd = offset + alignTo(bin.size, OFFLOAD_BINARY_ALIGN);
  if (offset < w[1] && binEnd > w[0]) return undefined;
  if (problems?.length) appendAll(opts.problems!, problems);
  return bin;
}

/** The keys `readOffloadBinaries` takes: any other is an UnknownOptionError (a typo is not silently no option). */
const READ_OFFLOAD_KEYS: OptionKeys<ReadOffloadOptions & RegionOptions> = { ...READ_OFFLOAD_COMMON_KEYS, start: true, end: true, path: true, singlePaths: true, onStop: true, onPadding: true };
/** The keys `readOffloadBinary` and `inflateOffloadBinary` take. */
const READ_ONE_KEYS: OptionKeys<ReadOneOptions> = { ...READ_OFFLOAD_COMMON_KEYS, path: true, node: true, end: true };

/** Read every OffloadBinary concatenated in `input` (or in a region of it). */
export function readOffloadBinaries(input: BytesLike | ByteSource, opts: ReadOffloadOptions & RegionOptions = {}): OffloadBinaryModel[] {
  opts = optionsArgument(opts, 'readOffloadBinaries', READ_OFFLOAD_KEYS);
  // (a window that is no [from, to] of whole numbers was compared as it was: 'x'[0] < offset, spans of no binary)
  const w: unknown = opts.spansWindow;
  if (w !== undefined && (!Array.isArray(w) || w.length !== 2)) throw new ArgumentError(`readOffloadBinaries: spansWindow must be [from, to], not ${describeValue(w)}`);
  if (w !== undefined) rangeArgument(w[0], w[1], Number.MAX_SAFE_INTEGER, ['spansWindow[0]', 'spansWindow[1]']);
  try {
    return [...offloadBinaries(input, opts)];
  } catch (e) {
    // Input of another kind (an ELF file, an archive, a SYCLBIN v1 image): what it is and which function reads it.
    throw withReaderHint(e, input, 'readOffloadBinaries', typeof opts.start === 'number' ? opts.start : 0);
  }
}

/** The `end` option of a one-binary read: a whole number no larger than the input (default: its size). */
function endArgument(end: number | undefined, size: number): number {
  return rangeArgument(0, end, size, ['start', 'end']).to;
}

function alignTo(n: number, a: number): number {
  return Math.ceil(n / a) * a;
}

/** Read one OffloadBinary starting at `offset`. An option it does not take is an UnknownOptionError. */
export function readOffloadBinary(input: BytesLike | ByteSource, offset = 0, opts: ReadOneOptions = {}): OffloadBinaryModel {
  return readOneOffloadBinary(input, offset, optionsArgument(opts, 'readOffloadBinary', READ_ONE_KEYS));
}

/**
 * {@link readOffloadBinary} for the readers of this package, which hand it their own options spread
 * with a path and end (`{ ...opts, path, end }`: a region's `start`, a walk's `window`), keys that
 * are theirs, not a caller's typo: not checked against {@link ReadOneOptions}' keys.
 * @internal
 */
export function readOneOffloadBinary(input: BytesLike | ByteSource, offset = 0, opts: ReadOneOptions = {}): OffloadBinaryModel {
  opts = optionsArgument(opts, 'readOffloadBinary');
  const src = toSource(input);
  wholeNumberArgument(offset, 'offset');
  // Past the input is the caller's mistake (an offset of a binary cut short is the input's: a DecodeError).
  if (offset > src.size) throw new ArgumentError(`offset (${offset}) is past the end of the ${src.size}-byte input`);
  const path = pathArgument(opts.path, 'the path option') ?? [];
  const tree = opts.tree;
  const node = tree ? (opts.node ?? tree.at(path)) : undefined;
  const file = new Space(src, 0, tree);
  const { v, header, size } = readHeader(file, offset, endArgument(opts.end, src.size), path, node, !opts.inflated);
  // A binary among several (`binaries[2]`, a section's `binaries[0]`) is a group of its own extent, so
  // that what lies inside it and nothing names (alignment padding, unreferenced bytes) is named under it.
  if (node && path.length && node.offset < 0) {
    node.offset = offset;
    node.size = size;
  }
  const claim = v.compression ? (header[v.compression.flag] as bigint) : 0n;
  let bin: Space;
  let compression: Compression | undefined;
  let inflatedSize: bigint | undefined;
  let whole: Uint8Array | undefined;
  if (claim === 0n) bin = file.sub(offset, size);
  else {
    inflatedSize = claim;
    if (opts.inflated) bin = inflatedSpace(file, offset, v, claim, path);
    else {
      const inflated = inflate(file.sub(offset, size), v, header, claim, path, node, opts);
      compression = inflated.compression;
      whole = inflated.whole;
      bin = new Space(memorySource(whole), -1, undefined);
    }
  }
  const entries = whole ? insidePayload(offset + v.header.fixedSize!, path, opts, (o) => new EntryReader(bin, v, path, node, o).entries(header), 0, offset) : new EntryReader(bin, v, path, node, opts).entries(header);
  const model: OffloadBinaryModel = { version: v.version, offset, size, entries, header };
  if (compression) model.compression = compression;
  if (whole) Object.defineProperty(model, 'inflated', { value: whole, enumerable: false });
  // (In `inflated` mode the stream is not there to name its kind; the binary is still a compressed one.)
  if (inflatedSize !== undefined) model.inflatedSize = inflatedSize;
  return model;
}

/**
 * Read what lies inside a compressed payload (the binary's entries, or a SYCLBIN in its image) with
 * `read`; a problem there has no offset in the input: it is placed at the payload's first byte in
 * the input (`payloadAt`, path `compressedPayload` after `path`), where annotate names the bytes,
 * its own place kept in the message ({@link payloadPlace}). Offsets inside are offsets of the
 * inflated binary (its header included), as `annotate --inflated` numbers them, plus `base` (where
 * the space `read` reads lies in that binary: an image's offset). With `binaryAt` (the binary's offset
 * in the input), a problem in the binary's header, which is not compressed (an inflated offset before
 * the payload), keeps its place: `binaryAt` plus its offset.
 */
export function insidePayload<T>(payloadAt: number, path: readonly PathKey[], opts: { problems?: DecodeError[] }, read: (o: { problems?: DecodeError[] }) => T, base = 0, binaryAt?: number): T {
  const inner: DecodeError[] | undefined = opts.problems ? [] : undefined;
  const headerSize = binaryAt === undefined ? 0 : payloadAt - binaryAt;
  const move = (e: DecodeError): DecodeError => (base + e.offset < headerSize ? e.rebase(binaryAt!) : relocatedIntoPayload(e, payloadAt, [...path, 'compressedPayload'], base));
  try {
    return read({ ...opts, problems: inner });
  } catch (e) {
    throw e instanceof DecodeError ? move(e) : e;
  } finally {
    for (const p of inner ?? []) opts.problems!.push(move(p));
  }
}

/** The place of an error inside a compressed payload, for its message: `entries[0].imageSize at inflated offset 0x48`. */
export function payloadPlace(e: DecodeError, base = 0): string {
  return `${e.path || 'payload'} at inflated offset 0x${(base + e.offset).toString(16)}`;
}

/** `e` (inside a compressed payload) placed at the payload: see {@link insidePayload}. A subclass relocates itself with {@link RelocatableError}. */
function relocatedIntoPayload(e: DecodeError, payloadAt: number, path: readonly PathKey[], base: number): DecodeError {
  const place = payloadPlace(e, base);
  if (typeof (e as Partial<RelocatableError>).relocated === 'function') return (e as unknown as RelocatableError).relocated(place, payloadAt, path);
  return new DecodeError(e.code, `${e.reason} (inside the compressed payload: ${place})`, payloadAt, path);
}

/** An error class that keeps its own kind when placed at a compressed payload ({@link insidePayload}). */
export interface RelocatableError {
  /** This error, placed at `offset`/`path`, its own place inside the payload (`place`) in its message. */
  relocated(place: string, offset: number, path: readonly PathKey[]): DecodeError;
}

/** Magic and version, then the header of that version, then its Size against the data. */
function readHeader(
  file: Space,
  offset: number,
  end: number,
  path: readonly PathKey[],
  node: SpanNode | undefined,
  checkSize = true,
): { v: OffloadVersion; header: Record<string, unknown> & { size: number }; size: number } {
  const hp = [...path, 'header'];
  const rest = file.sub(offset, Math.max(0, end - offset));
  // Every version starts with magic + version: read those to learn the version, then the header of
  // that version (reading a v1 header first would misname v2's EntriesCount as EntrySize).
  let prefix;
  try {
    prefix = rest.decode(OffloadHeaderPrefix, 0, { path: hp });
  } catch (e) {
    // Cut short before its version: the magic, when it is there, is still named.
    rest.recordPrefix(OffloadHeaderPrefix as never, 0, { path: hp, parent: node, key: 'header' });
    throw e;
  }
  const v = OFFLOAD_VERSIONS[prefix.version as 1 | 2 | 3];
  if (!v) {
    // (magic and version named, where the error is: the rest is no header this reader knows)
    rest.recordPrefix(OffloadHeaderPrefix as never, 0, { path: hp, parent: node, key: 'header' });
    throw new DecodeError('VERSION', `unsupported OffloadBinary version ${prefix.version} (this reader supports 1, 2 and 3)`, offset + OffloadHeaderPrefix.offsets.version, [
      ...hp,
      'version',
    ]);
  }
  if (rest.size < v.header.fixedSize!) {
    // A header cut short: the fields that are there are named, then the reader's error.
    rest.recordPrefix(v.header as never, 0, { path: hp, parent: node, key: 'header' });
  }
  const header = rest.decode(v.header, 0, { path: hp, parent: node, key: 'header' }) as Record<string, unknown> & { size: number };
  const size = header.size;
  if (!checkSize) return { v, header, size };
  const available = rest.size;
  const sizeAt = offset + v.header.offsets.size!;
  if (size > available) {
    throw new DecodeError('EOF', `OffloadBinary Size ${size} runs past the end of the data (${available} bytes available)`, sizeAt, [...hp, 'size'], {
      needed: size,
      available,
    });
  }
  if (size < v.header.fixedSize) {
    throw new DecodeError('RANGE', `OffloadBinary Size ${size} is smaller than its ${v.header.fixedSize}-byte header`, sizeAt, [...hp, 'size']);
  }
  return { v, header, size };
}

/** v3 with InflatedSize != 0: the payload after the header, inflated; the binary's address space becomes header + payload. */
function inflate(
  bin: Space,
  v: OffloadVersion,
  header: Record<string, unknown>,
  claim: bigint,
  path: readonly PathKey[],
  node: SpanNode | undefined,
  opts: ReadOneOptions,
): { whole: Uint8Array; compression: Compression } {
  const hp = [...path, 'header'];
  const h = v.header;
  const entriesOffset = header[v.fields.entriesOffset] as number;
  if (entriesOffset !== h.fixedSize) {
    throw new DecodeError('FORMAT', `compressed OffloadBinary must have EntriesOffset ${h.fixedSize}, found ${entriesOffset}`, bin.abs(h.offsets[v.fields.entriesOffset]!), [
      ...hp,
      v.fields.entriesOffset,
    ]);
  }
  const flagAt = bin.abs(h.offsets[v.compression!.flag]!);
  if (claim < BigInt(h.fixedSize)) {
    throw new DecodeError('RANGE', `InflatedSize ${claim} is smaller than the ${h.fixedSize}-byte header`, flagAt, [...hp, v.compression!.flag]);
  }
  // The compressed payload is named before anything about inflating it is decided: a payload over the
  // cap is still shown as the compressed stream it is (not as unreferenced bytes). Its first bytes
  // say which stream; the rest is read only to inflate it.
  const payloadLength = bin.size - h.fixedSize;
  const compression = detectCompression(bin.bytes(h.fixedSize, Math.min(4, payloadLength), 'compressed payload', [...path, 'compressedPayload']));
  bin.record({ path: [...path, 'compressedPayload'], parent: node, key: 'compressedPayload' }, h.fixedSize, payloadLength, 'compressed', compression);
  const cap = wholeNumberArgument(opts.maxInflatedSize ?? DEFAULT_MAX_INFLATED_SIZE, 'maxInflatedSize');
  const payloadSize = claim - BigInt(h.fixedSize);
  if (payloadSize > BigInt(cap)) {
    throw new DecodeError('LIMIT', `the payload, ${payloadSize} bytes (InflatedSize ${claim} less the ${h.fixedSize}-byte header), exceeds the decompression cap of ${cap} bytes (raise the cap to read it: --max-inflated-size on the command line, maxInflatedSize in the library)`, flagAt, [...hp, v.compression!.flag]);
  }
  const budget = opts.inflatedBudget;
  if (budget) {
    budget.left ??= cap;
    if (payloadSize > BigInt(budget.left)) {
      throw new InflateBudgetError(
        'LIMIT',
        `the payload, ${payloadSize} bytes, is more than the ${budget.left} bytes left of the decompression cap (${cap} bytes) that the compressed payloads of one input share (raise the cap to read them all: --max-inflated-size on the command line, maxInflatedSize in the library)`,
        flagAt,
        [...hp, v.compression!.flag],
      );
    }
    budget.left -= Number(payloadSize);
  }
  const stream = bin.bytes(h.fixedSize, payloadLength, 'compressed payload', [...path, 'compressedPayload']);
  // One buffer for header + payload, allocated at the declared size (checked against the cap above).
  const whole = decompressExact({
    stream,
    expected: Number(payloadSize),
    cap,
    offset: bin.abs(h.fixedSize),
    path: [...path, 'compressedPayload'],
    prefix: bin.bytes(0, h.fixedSize, 'header', hp),
  });
  // Offsets inside the inflated payload do not exist in the input: the caller reads them in a space of
  // their own, and errors give them relative to the binary.
  return { whole, compression };
}

/** `inflated` mode: the input already is header + inflated payload; the binary spans InflatedSize bytes of it. */
function inflatedSpace(file: Space, offset: number, v: OffloadVersion, claim: bigint, path: readonly PathKey[]): Space {
  const flag = v.compression!.flag;
  const available = file.size - offset;
  if (claim > BigInt(available)) {
    throw new DecodeError('EOF', `InflatedSize ${claim} runs past the end of the inflated data (${available} bytes available)`, offset + v.header.offsets[flag]!, [...path, 'header', flag]);
  }
  return file.sub(offset, Number(claim));
}

/**
 * The inflated address space of the compressed v3 binary at `offset`: its header followed by the
 * inflated payload (InflatedSize bytes; entry offsets point into it). Read it with `{ inflated: true }`
 * to see the payload's structure. Throws a DecodeError when the binary is not compressed or does not inflate.
 */
export function inflateOffloadBinary(input: BytesLike | ByteSource, offset = 0, opts: ReadOneOptions = {}): { bytes: Uint8Array; compression: Compression } {
  // (null, a string or a typo as options was a TypeError or silently nothing, as at the other readers)
  opts = optionsArgument(opts, 'inflateOffloadBinary', READ_ONE_KEYS);
  const src = toSource(input);
  wholeNumberArgument(offset, 'offset');
  const path = pathArgument(opts.path, 'the path option') ?? [];
  const file = new Space(src, 0, undefined);
  const { v, header, size } = readHeader(file, offset, endArgument(opts.end, src.size), path, undefined);
  const claim = v.compression ? (header[v.compression.flag] as bigint) : 0n;
  if (claim === 0n) {
    throw new DecodeError('FORMAT', `OffloadBinary version ${v.version} at offset ${offset} is not compressed`, offset + OffloadHeaderPrefix.offsets.version, [...path, 'header', 'version']);
  }
  const { whole, compression } = inflate(file.sub(offset, size), v, header, claim, path, undefined, opts);
  return { bytes: whole, compression };
}

/** Reads the entries of one binary: their string entries, strings and images (relations of formats/). */
class EntryReader {
  /** Strings are deduplicated in the string table: decode each offset once per binary. */
  private readonly cache = new Map<number, { value: string; size: number }>();
  /** NUL-terminated strings' bytes where they are not UTF-8 (null: they are), by offset. */
  private readonly raws = new Map<number, Uint8Array | null>();
  /** String-entry tables already read, by `stringOffset:numStrings` (entries sharing a table share its reading). */
  private readonly tables = new Map<string, { map: Map<string, string>; list: StringEntryModel[] }>();
  /** v2+ values already decoded, by `valueOffset:valueSize` (many string entries naming one range decode it once). */
  private readonly values = new Map<string, { value: string; valueBytes: Uint8Array; valueRaw: Uint8Array | undefined }>();
  private readonly tree: SpanTree | undefined;
  constructor(
    private readonly bin: Space,
    private readonly v: OffloadVersion,
    private readonly path: readonly PathKey[],
    private readonly node: SpanNode | undefined,
    private readonly opts: ReadOptions,
  ) {
    this.tree = bin.tree;
  }

  /** The entry table (placed by the version's layout), each entry with its strings and image. */
  entries(header: Record<string, unknown>): OffloadEntryModel[] {
    const { bin, v, path } = this;
    const at = place(v.layout, lookupIn({ header })).entries;
    const size = v.entry.fixedSize!;
    const count = at.size / size;
    if (at.at > bin.size || count > Math.floor((bin.size - at.at) / size)) {
      // The rule of `locate` (src/codec/geometry.ts): an offset at or past the end is wrong itself;
      // inside, the count that runs past the end is (v1 has no count field: its one entry is fixed).
      const field = at.at >= bin.size || !v.fields.entriesCount ? v.fields.entriesOffset : v.fields.entriesCount;
      throw new DecodeError('RANGE', `${count} entries at offset ${at.at} do not fit in the ${bin.size}-byte binary`, bin.abs(v.header.offsets[field]!), [...path, 'header', field], {
        needed: at.at + size * count,
        available: bin.size,
      });
    }
    const list = this.tree?.add(this.node, 'entries', bin.base + at.at, at.size, 'group');
    const entries: OffloadEntryModel[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const ep = [...path, 'entries', i];
      // (the entry's node made here and its fields read into it: a windowed tree, SpanTree `window`,
      // does not list a node outside its window among its parent's children)
      const eNode = this.tree?.add(list, i, bin.base + at.at + size * i, size, 'group');
      const raw = bin.decode(v.entry, at.at + size * i, { path: ep, parent: eNode }) as OffloadEntryValue;
      entries[i] = this.entry(raw, at.at + size * i, ep, eNode);
    }
    if (this.tree) this.stringTable(at.end, entries);
    return entries;
  }

  /** One entry: its string entries (relation `strings`) and its image (relation `image`). */
  private entry(raw: OffloadEntryValue, eAt: number, ep: PathKey[], eNode: SpanNode | undefined): OffloadEntryModel {
    const { bin, v } = this;
    let map = new Map<string, string>();
    let list: StringEntryModel[] = [];
    const table = locate(v.entry.relations.strings, raw, bin.size);
    const tableKey = `${raw.stringOffset}:${raw.numStrings}`;
    const seen = table.ok ? this.tables.get(tableKey) : undefined;
    if (seen) {
      // The table another entry read (its bytes are named once, by that entry's path).
      map = seen.map;
      list = seen.list;
    } else if (!table.ok) {
      const f = table.field as 'stringOffset';
      report(this.opts, new DecodeError('RANGE', `${raw.numStrings} string entries at offset ${raw.stringOffset} do not fit in the ${bin.size}-byte binary`, bin.abs(eAt + v.entry.offsets[f]), [...ep, f]));
    } else {
      const tableNode = raw.numStrings ? this.tree?.add(eNode, 'strings', bin.base + table.at, table.size, 'group') : undefined;
      for (let j = 0; j < raw.numStrings; j++) {
        const seAt = table.at + v.stringEntry.fixedSize! * j;
        const sp = [...ep, 'strings', j];
        const seNode = tableNode && this.tree!.add(tableNode, j, bin.base + seAt, v.stringEntry.fixedSize!, 'group');
        const se = bin.decode(v.stringEntry, seAt, { path: sp, parent: seNode }) as RawStringEntry;
        const s = this.string(se, seAt, sp, seNode);
        if (!s) continue;
        // Duplicate keys: the last value wins at the first position (LLVM StringMap insert_or_assign).
        map.set(s.key, s.value);
        list.push(s);
      }
      this.tables.set(tableKey, { map, list });
    }
    const img = locate(v.entry.relations.image, raw, bin.size);
    let imageRef: BlobRef;
    if (img.ok) {
      imageRef = blobRef(bin.src, img.at, img.size, bin.base < 0 ? undefined : bin.base + img.at);
      bin.record({ path: ep, parent: eNode, key: 'image' }, img.at, img.size, 'image');
    } else {
      const f = img.field as 'imageOffset';
      report(this.opts, new DecodeError('RANGE', `image [${raw.imageOffset}, +${raw.imageSize}) does not fit in the ${bin.size}-byte binary`, bin.abs(eAt + v.entry.offsets[f]), [...ep, f]));
      imageRef = blobRef(bin.src, 0, 0, undefined);
    }
    return {
      imageKind: raw.imageKind,
      offloadKind: raw.offloadKind,
      flags: raw.flags,
      strings: map,
      stringEntries: list,
      imageRef,
      get image() {
        return imageRef.bytes();
      },
      raw,
    };
  }

  /** Key and value of one string entry (relations `key`, `value`); undefined when reported in collect mode. */
  private string(se: RawStringEntry, seAt: number, sp: PathKey[], seNode: SpanNode | undefined): StringEntryModel | undefined {
    const { bin, v, tree } = this;
    const rel = v.stringEntry.relations;
    // (spans are added to the tree directly: this is the loop of a binary of many strings, where an
    // options object per span, a path array per string and a closure per entry were a third of it)
    if (!locate(rel.key, se, bin.size).ok) return this.outside(se, seAt, sp, `string key offset ${se.keyOffset}`, 'keyOffset');
    try {
      const k = this.cstring(se.keyOffset, sp, 'key');
      const key = k.value;
      if (tree) tree.add(seNode, 'key', bin.base + se.keyOffset, k.size, 'string', key);
      const keyRaw = this.raw(key, se.keyOffset, k.size - 1, sp);
      const val = locate(rel.value, se, bin.size);
      if (!val.ok) return this.outside(se, seAt, sp, rel.value.kind === 'bytes' ? `string value [${se.valueOffset}, +${se.valueSize})` : `string value offset ${se.valueOffset}`, val.field);
      let value: string;
      let valueSize: number;
      let valueBytes: Uint8Array | undefined;
      let cachedRaw: Uint8Array | undefined;
      if (rel.value.kind === 'bytes') {
        const vk = `${val.at}:${val.size}`;
        let hit = this.values.get(vk);
        if (!hit) {
          const b = bin.bytes(val.at, val.size, 'string value', [...sp, 'value']);
          const text = decodeUtf8(b);
          hit = { value: text, valueBytes: b, valueRaw: NON_ASCII.test(text) && !bytesEqual(utf8.encode(text), b) ? b : undefined };
          this.values.set(vk, hit);
        }
        valueBytes = hit.valueBytes;
        value = hit.value;
        cachedRaw = hit.valueRaw;
        valueSize = val.size;
        if (tree) tree.add(seNode, 'value', bin.base + val.at, val.size, 'string', value);
      } else {
        const c = this.cstring(se.valueOffset, sp, 'value');
        value = c.value;
        valueSize = c.size - 1;
        if (tree) tree.add(seNode, 'value', bin.base + se.valueOffset, c.size, 'string', value);
      }
      const valueRaw = valueBytes ? cachedRaw : this.raw(value, se.valueOffset, valueSize, sp);
      const out: StringEntryModel = { key, value, keyOffset: se.keyOffset, valueOffset: se.valueOffset, valueSize };
      if (valueBytes) out.valueBytes = valueBytes;
      if (keyRaw) out.keyRaw = keyRaw;
      if (valueRaw) out.valueRaw = valueRaw;
      return out;
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      report(this.opts, e);
      return undefined;
    }
  }

  /** A string entry whose `field` points outside the binary: reported (collect mode) or thrown. */
  private outside(se: RawStringEntry, seAt: number, sp: PathKey[], what: string, field: string): undefined {
    const fields = this.v.stringEntry.offsets as Record<string, number>;
    report(this.opts, new DecodeError('RANGE', `${what} is outside the ${this.bin.size}-byte binary`, this.bin.abs(seAt + fields[field]!), [...sp, field]));
    return undefined;
  }

  /**
   * The bytes of the string `text` read at `at` (`n` bytes without its NUL) when they are not UTF-8
   * (the text then holds U+FFFD for them): kept, so a listing can print them as LLVM does. ASCII text
   * is its bytes: only other text is compared, once per offset (strings named many times over are
   * checked once).
   */
  private raw(text: string, at: number, n: number, sp: PathKey[]): Uint8Array | undefined {
    if (!NON_ASCII.test(text)) return undefined;
    const known = this.raws.get(at);
    if (known !== undefined) return known ?? undefined;
    const bytes = this.bin.bytes(at, n, 'string', sp);
    const out = bytesEqual(utf8.encode(text), bytes) ? undefined : bytes;
    this.raws.set(at, out ?? null);
    return out;
  }

  /**
   * The NUL-terminated string at `offset` (relative to the binary): its text and its size with the
   * NUL. Its error path is `sp` then `key` (made only when the string is read, not for a cached one).
   */
  private cstring(offset: number, sp: PathKey[], key: PathKey): { value: string; size: number } {
    let s = this.cache.get(offset);
    if (s === undefined) {
      s = this.bin.cstring(offset, { path: [...sp, key] });
      this.cache.set(offset, s);
    }
    return s;
  }

  /**
   * The string table (what the writer puts after the string-entry tables: ELF StringTableBuilder
   * output, offset 0 = the empty string; docs/spec/syclbin-format.md §3): from the end of the tables
   * (or the first string, if earlier) to the end of the last string, and its leading NUL.
   */
  private stringTable(entriesEnd: number, entries: OffloadEntryModel[]): void {
    const { bin, v } = this;
    let tablesEnd = entriesEnd;
    let lo = Infinity;
    let hi = -Infinity;
    // A string-entry table shared by several entries is looked at once (its list is shared: src/offload/read.ts entry()).
    const tables = new Set<StringEntryModel[]>();
    // The key's size with its NUL, from the string cache (read once per offset), not by encoding the text again.
    const keyEnd = (s: StringEntryModel): number => s.keyOffset + (this.cache.get(s.keyOffset)?.size ?? utf8.encode(s.key).length + 1);
    const valueEnd = (s: StringEntryModel): number => s.valueOffset + s.valueSize + (v.version === 1 ? 1 : 0);
    for (const e of entries) {
      if (e.raw.numStrings && e.stringEntries.length) tablesEnd = Math.max(tablesEnd, e.raw.stringOffset + e.raw.numStrings * v.stringEntry.fixedSize!);
      if (tables.has(e.stringEntries)) continue;
      tables.add(e.stringEntries);
      for (const s of e.stringEntries) {
        lo = Math.min(lo, s.keyOffset, s.valueOffset);
        hi = Math.max(hi, keyEnd(s), valueEnd(s));
      }
    }
    const none = hi < 0;
    if (none) hi = tablesEnd + 1;
    if (tablesEnd < lo) lo = tablesEnd;
    // Offset 0 of the table is the empty string, unless a string or an image already owns that byte
    // (a second pass over the few facts, not a list of every string's range kept for one question).
    const holds = (a: number, b: number): boolean => a <= lo && lo < b;
    let covered = entries.some((e) => e.imageRef.size > 0 && holds(e.raw.imageOffset, e.raw.imageOffset + e.raw.imageSize));
    for (const list of tables) {
      if (covered) break;
      for (const s of list) {
        if (holds(s.keyOffset, keyEnd(s)) || holds(s.valueOffset, valueEnd(s))) {
          covered = true;
          break;
        }
      }
    }
    const empty = lo < bin.size && !covered && bin.bytes(lo, 1, 'string table', this.path)[0] === 0;
    if (!empty && none) return;
    const group = this.tree!.add(this.node, 'stringTable', bin.base + lo, Math.min(hi, bin.size) - lo, 'group');
    if (empty) this.tree!.add(group, 'emptyString', bin.base + lo, 1, 'string', '');
  }
}

type RawStringEntry = { keyOffset: number; valueOffset: number; valueSize?: number };

const utf8 = new TextEncoder();
/** A character outside ASCII: the only text whose bytes may differ from its UTF-8 encoding. */
const NON_ASCII = /[^\x00-\x7f]/;
