/**
 * Random-access byte sources. Readers take a ByteSource so that a file can be read with positioned
 * reads (headers and metadata only; image bytes on demand) while an in-memory buffer is read with
 * zero-copy `subarray` views. The Node file source lives at the edge (src/node/file-source.ts).
 */
import { ArgumentError, DecodeError, describeValue, rangeArgument, wholeNumberArgument } from './errors.js';
import { encodeEscapedUtf8 } from './bytes.js';

/** Random access to an input's bytes: memory or a file read on demand (the readers' only view of their input). */
export interface ByteSource {
  /** Total size in bytes. */
  readonly size: number;
  /**
   * `length` bytes at `offset`. The caller has checked the range against `size`. In-memory sources
   * return a view (no copy); file sources return freshly read bytes.
   */
  read(offset: number, length: number): Uint8Array;
  /** The whole content when it is already in memory (lets readers skip positioned reads). */
  readonly bytes?: Uint8Array;
  /**
   * Fill `target` with the bytes at `offset` (the caller has checked the range): a file source reads
   * straight into a buffer the caller reuses, so copying a large image allocates nothing per window.
   */
  readInto?(offset: number, target: Uint8Array): void;
}

/** A source over bytes in memory (reads are zero-copy views). */
export function memorySource(input: BytesLike): ByteSource {
  const bytes = toBytes(input);
  return { size: bytes.length, bytes, read: (offset, length) => bytes.subarray(offset, offset + length) };
}

/**
 * A window [offset, offset+size) of another source, addressed from 0. A window past the source's
 * end, or an offset or size that is not a whole number, is an ArgumentError: a Uint8Array's
 * subarray clamped it silently (a shorter window than asked), a positioned source's window claimed
 * bytes it does not have.
 */
export function sliceSource(src: ByteSource, offset: number, size: number): ByteSource {
  if (typeof src !== 'object' || src === null || typeof (src as Partial<ByteSource>).read !== 'function' || typeof (src as Partial<ByteSource>).size !== 'number') {
    throw new ArgumentError(`sliceSource: the source must be a ByteSource ({ size, read }; memorySource(bytes) makes one), not ${describeValue(src)}`);
  }
  const { from } = rangeArgument(offset, wholeNumberArgument(offset, 'offset') + wholeNumberArgument(size, 'size'), src.size, ['offset', 'offset + size']);
  return windowOf(src, from, size);
}

/**
 * {@link sliceSource} without its checks, for the readers' own windows (Space.sub), whose bounds
 * are the input's to get right or wrong (a window past the end reads short, and the reader says
 * where): not a caller's argument.
 * @internal
 */
export function windowOf(src: ByteSource, offset: number, size: number): ByteSource {
  if (src.bytes) return memorySource(src.bytes.subarray(offset, offset + size));
  return { size, read: (o, n) => src.read(offset + o, n) };
}

/** The bytes of a Uint8Array, an ArrayBuffer (or SharedArrayBuffer) or any view of one, in place; else undefined. */
function bytesOf(v: unknown): Uint8Array | undefined {
  if (v instanceof Uint8Array) return v;
  // (By tag, not instanceof: a buffer from another realm — a vm context, an iframe — is one too.)
  const tag = Object.prototype.toString.call(v);
  if (tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]') return new Uint8Array(v as ArrayBuffer);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  return undefined;
}

/**
 * Bytes as a caller may hold them: a Uint8Array, an ArrayBuffer, or any view of one (a DataView, a
 * Buffer, another typed array), read in place.
 */
export type BytesLike = Uint8Array | ArrayBuffer | ArrayBufferView;

/**
 * `input` as a Uint8Array. An ArrayBuffer or any
 * view of one (DataView, Buffer, other typed arrays) is read as it lies in memory, without a copy.
 * Anything else is an {@link ArgumentError} naming `what`, never a wrong answer read from a value
 * that has no bytes.
 */
export function toBytes(input: BytesLike, what = 'the input'): Uint8Array {
  const b = bytesOf(input);
  if (b) return b;
  throw new ArgumentError(`${what} must be bytes (a Uint8Array, an ArrayBuffer or a view of one), not ${describeValue(input)}`);
}

/**
 * Text input as bytes: a string is its UTF-8 encoding (a lone surrogate U+DC80..U+DCFF is the byte
 * it escapes, as the property-set text decoder writes one; any other lone surrogate is an
 * {@link ArgumentError}, not a replacement character), anything else as {@link toBytes}. For the
 * readers of text formats (property-set text, JSON, LLVM IR), which read files as bytes.
 */
export function toTextBytes(input: BytesLike | string, what = 'the input'): Uint8Array {
  if (typeof input === 'string') {
    return encodeEscapedUtf8(input, (code, i) => {
      throw new ArgumentError(`${what} has a lone surrogate U+${code.toString(16).toUpperCase()} at index ${i}: it is no text (UTF-8 has no bytes for it)`);
    });
  }
  const b = bytesOf(input);
  if (b) return b;
  throw new ArgumentError(`${what} must be text (a string) or its bytes (a Uint8Array, an ArrayBuffer or a view of one), not ${describeValue(input)}`);
}

/** `input` as a source (bytes are wrapped with memorySource). */
export function toSource(input: BytesLike | ByteSource): ByteSource {
  // From JavaScript: the bytes of an ArrayBuffer or of any view of one are read as they lie in memory.
  const bytes = bytesOf(input);
  if (bytes) return memorySource(bytes);
  const loose = input as unknown;
  if (typeof loose === 'object' && loose !== null && typeof (loose as ByteSource).read === 'function' && Number.isSafeInteger((loose as ByteSource).size) && (loose as ByteSource).size >= 0) return loose as ByteSource;
  throw new ArgumentError(`the input must be bytes (a Uint8Array, an ArrayBuffer or a view of one) or a ByteSource, not ${describeValue(loose)}`);
}

/** Read a checked range: raises DecodeError (not RangeError) when it does not fit. */
export function readRange(src: ByteSource, offset: number, length: number, what: string, path: (string | number)[] = [], base = 0): Uint8Array {
  if (offset < 0 || length < 0 || offset > src.size || length > src.size - offset) {
    const available = Math.max(0, src.size - offset);
    throw new DecodeError('EOF', `${what} needs ${length} byte(s) but only ${available} remain`, base + offset, path, {
      needed: length,
      available,
    });
  }
  return src.read(offset, length);
}

/** A lazily read image: its place in the input and its bytes on demand. */
export interface BlobRef {
  /** Absolute offset in the input (undefined for bytes inside a compressed payload). */
  readonly offset: number | undefined;
  /** Size in bytes. */
  readonly size: number;
  /** The bytes: a zero-copy view for in-memory input, a positioned read for files. */
  bytes(): Uint8Array;
  /** `length` bytes at `at` of the blob (a window of a large image, without reading it all). */
  slice(at: number, length: number): Uint8Array;
  /** Fill `target` with the blob's bytes at `at`, when its source can (see ByteSource.readInto). */
  readInto?(at: number, target: Uint8Array): void;
}

/** A blob of a source: one object per image (no closures), as readers make one per module of large files. */
class SourceBlob implements BlobRef {
  constructor(
    private readonly src: ByteSource,
    private readonly at: number,
    readonly size: number,
    readonly offset: number | undefined,
  ) {}
  bytes(): Uint8Array {
    return this.src.read(this.at, this.size);
  }
  slice(at: number, length: number): Uint8Array {
    return this.src.read(this.at + at, length);
  }
  /** Its source and offset there ({@link blobOrigin}). */
  origin(): { readonly source: ByteSource; readonly at: number } {
    return { source: this.src, at: this.at };
  }
  /** Fill `target` from the blob's bytes at `at` (positioned reads into the caller's buffer when the source can). */
  readInto(at: number, target: Uint8Array): void {
    if (this.src.readInto) this.src.readInto(this.at + at, target);
    else target.set(this.src.read(this.at + at, target.length));
  }
}

/**
 * Where a blob made by {@link blobRef} lies: its source and offset in it (undefined for other blobs,
 * e.g. {@link memoryBlob}). Two blobs with the same origin and size are the same bytes: what lets a
 * view hash an image that many entries name once (src/syclbin/json.ts ImageHashes).
 */
export function blobOrigin(b: BlobRef): { readonly source: ByteSource; readonly at: number } | undefined {
  return b instanceof SourceBlob ? b.origin() : undefined;
}

/**
 * What a view computes once per blob range of a source (a hash, an explanation), bounded by the
 * source: a range several entries name is computed once, and the ranges computed from one source add
 * up to at most `factor` times its size plus `slackBytes` (ranges that do not overlap, what writers
 * make, add up to at most its size). Past the budget {@link RangeMemo.get} gives undefined. Blobs
 * that are not ranges of a source ({@link blobOrigin}) are always computed.
 */
export class RangeMemo<T> {
  private readonly done = new Map<ByteSource, Map<string, T>>();
  private readonly spent = new Map<ByteSource, number>();
  constructor(
    /** Budget per source: `factor` × its size, and `slackBytes` beyond that for all sources together. */
    readonly limits: { readonly factor: number; readonly slackBytes: number },
  ) {
    this.slackLeft = limits.slackBytes;
  }

  /**
   * What the sources together may spend beyond `factor` × their sizes: one `slackBytes` for the view,
   * not one per source (an archive's members and nested binaries are sources of their own: 64 MB of
   * slack each let a 416 KB archive of four members print 263 MB).
   */
  private slackLeft: number;

  /** `compute()` for `b`, once per range; undefined when its source's budget is spent. */
  get(b: BlobRef, compute: () => T): T | undefined {
    const origin = blobOrigin(b);
    if (!origin) return compute();
    let seen = this.done.get(origin.source);
    if (!seen) this.done.set(origin.source, (seen = new Map()));
    const key = `${origin.at}+${b.size}`;
    if (seen.has(key)) return seen.get(key);
    const before = this.spent.get(origin.source) ?? 0;
    const spent = before + b.size;
    const base = this.limits.factor * origin.source.size;
    const over = Math.max(0, spent - base) - Math.max(0, before - base);
    if (over > this.slackLeft) return undefined;
    this.slackLeft -= over;
    this.spent.set(origin.source, spent);
    const value = compute();
    seen.set(key, value);
    return value;
  }
}

/** The blob `[offset, +size)` of `src`, at `absolute` in the input (undefined: not in the input). */
export function blobRef(src: ByteSource, offset: number, size: number, absolute: number | undefined): BlobRef {
  return new SourceBlob(src, offset, size, absolute);
}

/**
 * `v` when it is a BlobRef (an object with `bytes` and `slice` functions and a whole-number `size`, as
 * the readers' images are), else an {@link ArgumentError} naming `what` (`bitcodeKernels: the blob`).
 */
export function blobArgument(v: unknown, what: string): BlobRef {
  const b = v as Partial<BlobRef> | null;
  if (typeof v !== 'object' || b === null || typeof b.bytes !== 'function' || typeof b.slice !== 'function' || !Number.isSafeInteger(b.size) || b.size! < 0) {
    throw new ArgumentError(`${what} must be a BlobRef (an image of a model read, or memoryBlob(bytes)), not ${describeValue(v)}`);
  }
  return v as BlobRef;
}

/** A blob as a source addressed from 0 (to read a structure inside an image without copying it). */
export function blobSource(b: BlobRef): ByteSource {
  return { size: b.size, read: (offset, length) => b.slice(offset, length) };
}

/** Concatenate byte chunks into one new buffer. */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const c of chunks) total += c.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** A blob from bytes already in memory (for building models by hand). */
export function memoryBlob(input: BytesLike): BlobRef {
  const bytes = toBytes(input);
  return { offset: undefined, size: bytes.length, bytes: () => bytes, slice: (at, length) => bytes.subarray(at, at + length) };
}

/**
 * A piece of a file a writer produces: bytes it made, or a blob it copies from an input (an image),
 * so that a writer can describe a huge output without holding the images (streamed by the Node edge).
 */
export type Chunk = Uint8Array | BlobRef;

/** Bytes or a blob: something with a whole, non-negative size and its bytes on demand (a writer's input checked as a {@link Chunk}). */
export function isChunk(c: unknown): c is Chunk {
  return c instanceof Uint8Array || (typeof c === 'object' && c !== null && Number.isSafeInteger((c as BlobRef).size) && (c as BlobRef).size >= 0 && typeof (c as BlobRef).slice === 'function');
}

/** Size of a chunk. */
export function chunkSize(c: Chunk): number {
  return c instanceof Uint8Array ? c.length : c.size;
}

/** Total size of chunks. */
export function chunksSize(chunks: readonly Chunk[]): number {
  let n = 0;
  for (const c of chunks) n += chunkSize(c);
  return n;
}

/**
 * Call `fn` with the bytes of a blob in windows of at most `window` bytes, in order. `fn` must not
 * keep a window after it returns: a blob of a file is read into one buffer reused for every window.
 */
export function forEachWindow(b: BlobRef, fn: (window: Uint8Array, at: number) => void, window = 1 << 20): void {
  const buf = b.readInto && b.size > window ? new Uint8Array(window) : undefined;
  for (let at = 0; at < b.size; at += window) {
    const n = Math.min(window, b.size - at);
    if (buf) {
      const w = n === window ? buf : buf.subarray(0, n);
      b.readInto!(at, w);
      fn(w, at);
    } else fn(b.slice(at, n), at);
  }
}

/**
 * Same bytes? The one byte comparison of the toolkit. Where both views start on a 4-byte boundary,
 * four words per step with their differences OR-ed (one branch per 16 bytes instead of one per word;
 * bench/ big-file measures it as `syclbin diff` against `cmp` on the same files), then the tail byte
 * by byte.
 */
export function bytesEqual(x: Uint8Array, y: Uint8Array): boolean {
  if (x.length !== y.length) return false;
  let i = 0;
  if (x.byteOffset % 4 === 0 && y.byteOffset % 4 === 0) {
    const words = x.length >>> 2;
    const wx = new Int32Array(x.buffer, x.byteOffset, words);
    const wy = new Int32Array(y.buffer, y.byteOffset, words);
    let k = 0;
    for (; k + 4 <= words; k += 4) {
      if (((wx[k]! ^ wy[k]!) | (wx[k + 1]! ^ wy[k + 1]!) | (wx[k + 2]! ^ wy[k + 2]!) | (wx[k + 3]! ^ wy[k + 3]!)) !== 0) return false;
    }
    for (; k < words; k++) if (wx[k] !== wy[k]) return false;
    i = words << 2;
  }
  for (; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** Reusable window buffers for {@link blobsEqual} (one per side, allocated on first use). */
export interface CompareBuffers {
  /** Window of the first blob. */
  x?: Uint8Array;
  /** Window of the second blob. */
  y?: Uint8Array;
}

/**
 * Two blobs with the same bytes? Compared window by window (reusing `bufs` where a blob can read
 * into a buffer), stopping at the first window that differs; a blob is equal to itself unread.
 */
export function blobsEqual(x: BlobRef, y: BlobRef, bufs: CompareBuffers = {}, window = 1 << 20): boolean {
  if (x.size !== y.size) return false;
  if (x === y) return true;
  for (let at = 0; at < x.size; at += window) {
    const n = Math.min(window, x.size - at);
    const wx = x.readInto ? (bufs.x ??= new Uint8Array(window)).subarray(0, n) : x.slice(at, n);
    const wy = y.readInto ? (bufs.y ??= new Uint8Array(window)).subarray(0, n) : y.slice(at, n);
    if (x.readInto) x.readInto(at, wx);
    if (y.readInto) y.readInto(at, wy);
    if (!bytesEqual(wx, wy)) return false;
  }
  return true;
}

/** The bytes of chunks, in one buffer. */
export function concatChunks(chunks: readonly Chunk[]): Uint8Array {
  if (chunks.length === 1 && chunks[0] instanceof Uint8Array) return chunks[0];
  const out = new Uint8Array(chunksSize(chunks));
  let at = 0;
  for (const c of chunks) {
    const b = c instanceof Uint8Array ? c : c.bytes();
    out.set(b, at);
    at += b.length;
  }
  return out;
}

/**
 * The bytes `chunks` describe as a {@link ByteSource}, read on demand (a writer's output read back
 * without putting it together: blobs stay where they are).
 */
export function chunksSource(chunks: readonly Chunk[]): ByteSource {
  const starts: number[] = [];
  let size = 0;
  for (const c of chunks) {
    starts.push(size);
    size += chunkSize(c);
  }
  return {
    size,
    read(offset: number, length: number): Uint8Array {
      const out = new Uint8Array(length);
      // The last chunk starting at or before `offset`, then forward.
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      for (let i = lo, done = 0; done < length && i < chunks.length; i++) {
        const c = chunks[i]!;
        const from = offset + done - starts[i]!;
        const n = Math.min(chunkSize(c) - from, length - done);
        if (n <= 0) continue;
        out.set(c instanceof Uint8Array ? c.subarray(from, from + n) : c.slice(from, n), done);
        done += n;
      }
      return out;
    },
  };
}

/**
 * The first offset where the bytes `chunks` describe differ from `src` (-1: identical). A blob chunk
 * that lies where `src` already has it (its absolute offset is its position) is the same bytes and
 * is not read; everything else is compared in windows.
 */
export function firstDifference(src: ByteSource, chunks: readonly Chunk[]): number {
  let pos = 0;
  const window = 1 << 16;
  for (const c of chunks) {
    const n = chunkSize(c);
    if (!(c instanceof Uint8Array) && c.offset === pos) {
      pos += n;
      continue;
    }
    const have = Math.min(n, Math.max(0, src.size - pos));
    for (let o = 0; o < have; o += window) {
      const len = Math.min(window, have - o);
      const a = src.read(pos + o, len);
      const b = c instanceof Uint8Array ? c.subarray(o, o + len) : c.slice(o, len);
      if (bytesEqual(a, b)) continue;
      for (let i = 0; i < len; i++) if (a[i] !== b[i]) return pos + o + i;
    }
    if (have < n) return pos + have;
    pos += n;
  }
  return pos === src.size ? -1 : pos;
}

/** How many times its own size a string table may decode to (TerminatedStrings.text). */
export const TEXT_BUDGET_FACTOR = 4;
/** The longest string a table's text is decoded to (V8's strings end below 2^29 characters; a name this long is no name). */
export const MAX_TABLE_STRING = 1 << 28;

/**
 * Strings at offsets of one table (ELF and COFF string tables, an archive's `//` names): where the
 * string starting at an offset ends. The terminator positions are found once, on first use, and each
 * lookup is a binary search, so N lookups in a table of T bytes cost O(T + N log T) whatever the
 * offsets (a hostile table without terminators, or many names pointing into one long string, stays
 * linear).
 */
export class TerminatedStrings {
  private ends: Int32Array | undefined;
  /** Decoded strings by offset: a table referenced N times over costs one decode per distinct offset. */
  private readonly texts = new Map<number, string>();
  /** Characters decoded so far (distinct offsets). */
  private decoded = 0;
  constructor(
    /** The bytes holding the strings. */
    readonly bytes: Uint8Array,
    /** The terminator byte (NUL; `\n` for GNU archive names). */
    readonly terminator = 0,
    /** Absolute offset of `bytes` in the input (for errors). */
    readonly base = 0,
  ) {}

  /**
   * The string at `offset`, up to `end` (default: its terminator, else the table's end), decoded by
   * `decode` once per offset. Distinct offsets into one long string (each a suffix of the other) would
   * decode quadratically many characters from a linear table: past TEXT_BUDGET_FACTOR times the
   * table's size (plus 1 MiB) that is a LIMIT DecodeError, above what any compiler's tail-merged
   * string table needs (libLLVM-22.so and a 40k-symbol `-g -ffunction-sections` object stay well
   * below), and so is a single string over MAX_TABLE_STRING bytes.
   */
  text(offset: number, decode: (b: Uint8Array, from: number, to: number) => string, end?: number): string {
    const hit = this.texts.get(offset);
    if (hit !== undefined) return hit;
    let to = end ?? this.end(offset);
    if (to < 0) to = this.bytes.length;
    if (to - offset > MAX_TABLE_STRING) throw new DecodeError('LIMIT', `a string of ${to - offset} bytes in this string table (longer than ${MAX_TABLE_STRING})`, this.base + offset);
    this.decoded += to - offset;
    const budget = TEXT_BUDGET_FACTOR * this.bytes.length + (1 << 20);
    if (this.decoded > budget) {
      throw new DecodeError('LIMIT', `the strings named in this ${this.bytes.length}-byte string table add up to more than ${budget} bytes (names that overlap one another over and over)`, this.base + offset);
    }
    const text = decode(this.bytes, offset, to);
    this.texts.set(offset, text);
    return text;
  }

  /** Index of the first terminator at or after `offset`, or -1 when there is none. */
  end(offset: number): number {
    if (!this.ends) {
      let n = 0;
      for (let i = 0; i < this.bytes.length; i++) if (this.bytes[i] === this.terminator) n++;
      this.ends = new Int32Array(n);
      for (let i = 0, k = 0; i < this.bytes.length; i++) if (this.bytes[i] === this.terminator) this.ends[k++] = i;
    }
    const e = this.ends;
    let lo = 0;
    let hi = e.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (e[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo < e.length ? e[lo]! : -1;
  }
}
