/**
 * A lean walk over OffloadBinaries back to back, for listings of any size: what `llvm-objdump
 * --offloading` prints (kinds, arch, triple, image size) without building models, span trees or
 * per-field objects, reading the input in large windows.
 *
 * Same description, same rules: field offsets and sizes come from formats/offload-binary.ts
 * (`OFFLOAD_VERSIONS`: header, entry and string-entry layouts), and a binary is taken on the fast
 * path only when every check the full reader (src/offload/read.ts `readOffloadBinary`) makes passes.
 * Anything else — a compressed payload, a field that does not fit, a string without its NUL, a value
 * past 2^53 — hands the binary to the full reader, which either reads it or throws its typed error
 * with offset and path. So a file lists exactly as the full reader reads it, and fails exactly where
 * it fails.
 *
 * Portable: no Node APIs.
 */
import { decodeLatin1, decodeUtf8, toSource, type ByteSource, type BytesLike } from '../codec/index.js';
import { OFFLOAD_BINARY_MAGIC, OFFLOAD_VERSIONS, OffloadHeaderPrefix, type OffloadVersion } from '../../formats/offload-binary.js';
import { nextBinaryOffset, readOffloadBinary, readOneOffloadBinary, regionIsOneBinary, TRAILING_PADDING_LIMIT, type OffloadBinaryModel, type ReadOffloadOptions, type RegionOptions } from './read.js';

/** What a listing needs of one entry. The walker reuses these objects from binary to binary: copy what you keep. */
export interface EntrySummary {
  /** Offset of the binary holding the entry, and its version. */
  binaryOffset: number;
  /** Header version of that binary. */
  version: number;
  /** The entry's ImageKind field. */
  imageKind: number;
  /** The entry's OffloadKind field. */
  offloadKind: number;
  /** The entry's Flags field. */
  flags: number;
  /** The last `arch` / `triple` string ('' when absent), as LLVM's getArch/getTriple (a byte string with `byteStrings`). */
  arch: string;
  /** The last `triple` string ('' when absent). */
  triple: string;
  /** Absolute offset of the image in the input, and its size. */
  imageOffset: number;
  /** Image size in bytes. */
  imageSize: number;
  /** The image starts with the OffloadBinary magic (upstream main lists it as nested binaries). */
  nested: boolean;
  /** The entry has a string whose key is {@link WalkOptions} `markKey` (false without one). */
  marked: boolean;
}

/** One step of the walk: an entry read on the fast path, or a binary the full reader read. */
export type WalkItem = { summary: EntrySummary; model?: undefined } | { summary?: undefined; model: OffloadBinaryModel };

/** Bytes read per window on file sources (one positioned read per window, not per field). */
const WINDOW = 4 << 20;
const MAGIC = Uint8Array.from(OFFLOAD_BINARY_MAGIC);
const ARCH = new TextEncoder().encode('arch');
const TRIPLE = new TextEncoder().encode('triple');
/** 2^53 / 2^32: a u64 whose high word reaches this is not a safe integer. */
const HI_LIMIT = 0x200000;

/** Why the fast path gave a binary to the full reader (never shown: the full reader speaks for it). */
class Handover extends Error {}
const HANDOVER = new Handover();

/** How many string lengths cstringEnd remembers per walk (by absolute offset of the source). */
const ENDS = 8;

/** A window over the source: views for in-memory input, large positioned reads for files. */
class Window {
  bytes: Uint8Array;
  view: DataView;
  at = 0;
  /** cstringEnd's recent strings of this source: absolute offsets and lengths (round robin at endsNext). */
  readonly endsAt = new Float64Array(ENDS).fill(-1);
  readonly endsLen = new Float64Array(ENDS);
  endsNext = 0;
  constructor(
    private readonly src: ByteSource,
    private readonly size: number,
  ) {
    this.bytes = src.bytes ?? new Uint8Array(0);
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
  }
  /** Position of absolute `abs` in `bytes`, with at least `len` bytes after it (loads a window if needed). */
  pos(abs: number, len: number): number {
    if (abs >= this.at && abs + len <= this.at + this.bytes.length) return abs - this.at;
    if (this.src.bytes || abs + len > this.src.size) throw HANDOVER;
    this.bytes = this.src.read(abs, Math.min(this.src.size - abs, Math.max(len, this.size)));
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    this.at = abs;
    return 0;
  }
  /** A u64 field that must be a safe integer. */
  u64(p: number): number {
    const hi = this.view.getUint32(p + 4, true);
    if (hi >= HI_LIMIT) throw HANDOVER;
    return hi * 0x100000000 + this.view.getUint32(p, true);
  }
}

/** Where the last string found by cstringEnd starts in `w.bytes` (a scratch slot: no object per string). */
let strAt = 0;

/**
 * The NUL-terminated string at binary-relative `o` (end of the binary: `size`): its NUL's position
 * in `w.bytes` (its start in `strAt`).
 */
function cstringEnd(w: Window, base: number, o: number, size: number): number {
  const abs = base + o;
  // A string named again (every entry's `triple` pointing at one value): its length from the last
  // few found, not a second scan (a 400 KB value named by 40,000 entries is scanned once).
  const { endsAt, endsLen } = w;
  for (let i = 0; i < ENDS; i++) {
    if (endsAt[i] !== abs) continue;
    const len = endsLen[i]!;
    if (len >= size - o) break; // (the same bytes in a binary that ends sooner: measured again)
    const at = w.pos(abs, len + 1);
    strAt = at;
    return at + len;
  }
  const at = w.pos(abs, 1);
  const limit = Math.min(w.bytes.length, at + (size - o));
  const nul = w.bytes.indexOf(0, at);
  if (nul < 0 || nul >= limit) throw HANDOVER; // not terminated inside what is in the window: let the full reader say
  strAt = at;
  endsAt[w.endsNext] = abs;
  endsLen[w.endsNext] = nul - at;
  w.endsNext = (w.endsNext + 1) % ENDS;
  return nul;
}

/**
 * Bytes [from, to) of `b` equal `want`? In place, for the short keys, values and magics of the walk:
 * codec `bytesEqual` compares two views, which would cost a subarray per call in this loop.
 */
function rangeEquals(b: Uint8Array, from: number, to: number, want: Uint8Array): boolean {
  if (to - from !== want.length) return false;
  for (let i = 0; i < want.length; i++) if (b[from + i] !== want[i]) return false;
  return true;
}

/** How many distinct values of one key {@link ValueCache} keeps. */
const CACHED_VALUES = 16;

/**
 * The recently decoded values of a key with their bytes: a file's entries repeat a few triples and
 * arches (one per target of a build), so most lookups find their text without a copy or a decode.
 * Fixed size (replaced round robin): memory does not grow with the input.
 */
class ValueCache {
  /** `bytes`: values as byte strings (decodeLatin1), as listings that print bytes want them. */
  constructor(private readonly bytes = false) {}
  private readonly raw: Uint8Array[] = [];
  private readonly text: string[] = [];
  /** Where in the input each value was read: the same place and length is the same value, not compared again. */
  private readonly places: number[] = [];
  private last = 0;
  private next = 0;
  /** The text of bytes [from, to) of `b`, read at absolute offset `abs` of the input. */
  get(b: Uint8Array, from: number, to: number, abs: number): string {
    const n = this.raw.length;
    // the value of the previous entry first, then the others: by place, then by bytes (entries of a
    // file repeat one value by pointing at it, or by a copy each; a long value named by thousands of
    // entries is compared once, not once per entry)
    for (let k = 0, i = this.last; k < n; k++, i = i + 1 === n ? 0 : i + 1) {
      if (this.places[i] === abs && this.raw[i]!.length === to - from) {
        this.last = i;
        return this.text[i]!;
      }
    }
    for (let k = 0, i = this.last; k < n; k++, i = i + 1 === n ? 0 : i + 1) {
      if (rangeEquals(b, from, to, this.raw[i]!)) {
        this.last = i;
        return this.text[i]!;
      }
    }
    const i = n < CACHED_VALUES ? n : this.next;
    this.next = (i + 1) % CACHED_VALUES;
    this.places[i] = abs;
    this.raw[i] = b.slice(from, to);
    this.text[i] = this.bytes ? decodeLatin1(b.subarray(from, to)) : decodeUtf8(b, from, to);
    this.last = i;
    return this.text[i]!;
  }
}

/** Options of {@link walkOffloadEntries} and {@link OffloadEntryCursor}. */
export type WalkOptions = ReadOffloadOptions &
  RegionOptions & {
    window?: number;
    byteStrings?: boolean;
    /** A string key whose presence in an entry sets its summary's `marked` (SYCLBIN v2's `role`: what a reader of kinds looks for). */
    markKey?: string;
  };

/**
 * Every entry of the OffloadBinaries in `input` (or in a region of it), in order: summaries on the
 * fast path, full models where the full reader took over. Throws the full reader's DecodeError for
 * a binary that cannot be read. Work is linear in the bytes it looks at; memory is one window.
 * `byteStrings`: arch and triple as byte strings (src/codec/bytes.ts decodeLatin1), as listings that
 * print bytes want them.
 */
export function* walkOffloadEntries(input: BytesLike | ByteSource, opts: WalkOptions = {}): Generator<WalkItem> {
  const cursor = new OffloadEntryCursor(input, opts);
  for (let item = cursor.next(); item; item = cursor.next()) yield item;
}

/**
 * {@link walkOffloadEntries} as a cursor: `next()` gives the next item, undefined at the end. For
 * hot loops: a caller looping over `next()` in a plain function is optimized by V8 while it runs
 * (on-stack replacement), where a loop driving a generator stays in the interpreter for a whole
 * single pass (the listing of bench/ spends most of its JavaScript time in that loop).
 */
export class OffloadEntryCursor {
  private readonly src: ByteSource;
  private readonly start: number;
  private readonly end: number;
  private readonly prefix: readonly (string | number)[];
  private readonly one: boolean;
  private readonly fast: FastBinaryReader;
  private offset: number;
  private count = 0;
  /** Entries of the current fast-path binary, and the next one to hand out. */
  private entries = 0;
  private at = 0;
  constructor(
    input: BytesLike | ByteSource,
    private readonly opts: WalkOptions = {},
  ) {
    this.src = toSource(input);
    this.start = this.offset = opts.start ?? 0;
    this.end = opts.end ?? this.src.size;
    this.prefix = opts.path ?? [];
    this.one = opts.singlePaths === true && regionIsOneBinary(this.src, this.start, this.end);
    this.fast = new FastBinaryReader(new Window(this.src, opts.window ?? WINDOW), opts.byteStrings === true, opts.markKey);
  }
  /** The next item (summaries are reused: copy what you keep), or undefined after the last. */
  next(): WalkItem | undefined {
    while (this.at >= this.entries) {
      const { src, end, start, opts } = this;
      const offset = this.offset;
      if (offset >= end) return undefined;
      if (this.count && end - offset < TRAILING_PADDING_LIMIT && src.read(offset, end - offset).every((b) => b === 0)) {
        opts.onPadding?.(offset, end - offset);
        this.offset = end;
        return undefined;
      }
      const entries = this.fast.read(offset, end);
      let size = this.fast.size;
      let version = this.fast.version;
      let model: OffloadBinaryModel | undefined;
      if (entries < 0) {
        model = readOneOffloadBinary(src, offset, { ...opts, path: this.one && this.count === 0 ? [...this.prefix] : [...this.prefix, 'binaries', this.count], end });
        size = model.size;
        version = model.version;
      }
      this.count++;
      // As offloadBinaries (src/offload/read.ts): v3 sizes need not be multiples of 8.
      this.offset = nextBinaryOffset(start, offset, version, size);
      this.at = 0;
      this.entries = Math.max(entries, 0);
      if (model) return { model };
    }
    return this.fast.pool[this.at++]!;
  }
}

/** One binary at a glance ({@link summarizeOffloadBinary}): its entries' summaries, or the full reader's model. */
export type BinarySummary = { version: number; size: number; entries: EntrySummary[]; model?: undefined } | { model: OffloadBinaryModel };

/**
 * The binary at `offset` of `input` summarized as the walk summarizes entries (copies, to keep), for
 * callers that only need kinds, keys and image places: the full reader's checks without its model,
 * span tree or strings map. A binary off the fast path (compressed, a field past 2^53, ...) is read
 * by the full reader: its model, or its typed error.
 */
export function summarizeOffloadBinary(input: BytesLike | ByteSource, offset = 0, opts: WalkOptions = {}): BinarySummary {
  const src = toSource(input);
  const end = opts.end ?? src.size;
  const fast = new FastBinaryReader(new Window(src, opts.window ?? WINDOW), opts.byteStrings === true, opts.markKey);
  const n = fast.read(offset, end);
  if (n < 0) return { model: readOneOffloadBinary(src, offset, { ...opts, end }) };
  return { version: fast.version, size: fast.size, entries: fast.pool.slice(0, n).map((p) => ({ ...p.summary })) };
}

/**
 * The fast path for one binary: header and entries checked and summarized into `pool`, or -1 when
 * the full reader must take it. A plain function called once per binary, not the walk's generator
 * body: V8 optimizes functions by calls, and a generator's loop, run once for the whole file, would
 * stay unoptimized for a whole listing (the 10k-binary listing of bench/ spends most of its
 * JavaScript time here).
 */
class FastBinaryReader {
  /** Size and version of the binary last read (valid when {@link read} returned ≥ 0). */
  size = 0;
  version = 0;
  /** Summaries of one binary's entries, reused from binary to binary. */
  readonly pool: { summary: EntrySummary }[] = [];
  private readonly caches: { arch: ValueCache; triple: ValueCache; mark: Uint8Array | undefined };
  constructor(
    private readonly w: Window,
    byteStrings: boolean,
    markKey?: string,
  ) {
    this.caches = { arch: new ValueCache(byteStrings), triple: new ValueCache(byteStrings), mark: markKey === undefined ? undefined : new TextEncoder().encode(markKey) };
  }
  /** The number of entries of the binary at `offset` (summaries in `pool`), or -1 to hand it over. */
  read(offset: number, end: number): number {
    try {
      return this.entries(offset, end);
    } catch (e) {
      if (e !== HANDOVER) throw e;
      return -1;
    }
  }
  private entries(offset: number, end: number): number {
    const w = this.w;
    // Header: magic, version, then that version's header (formats/offload-binary.ts).
    let p = w.pos(offset, OffloadHeaderPrefix.fixedSize!);
    if (!rangeEquals(w.bytes, p, p + MAGIC.length, MAGIC)) throw HANDOVER;
    const version = w.view.getUint32(p + OffloadHeaderPrefix.offsets.version, true);
    const v = OFFLOAD_VERSIONS[version as 1 | 2 | 3];
    if (!v) throw HANDOVER;
    const h = v.header;
    p = w.pos(offset, h.fixedSize);
    const size = w.u64(p + h.offsets.size!);
    if (size > end - offset || size < h.fixedSize) throw HANDOVER;
    if (v.compression && w.u64(p + h.offsets[v.compression.flag]!) !== 0) throw HANDOVER;
    const eo = w.u64(p + h.offsets[v.fields.entriesOffset]!);
    const entries = v.fields.entriesCount ? w.u64(p + h.offsets[v.fields.entriesCount]!) : 1;
    const es = v.entry.fixedSize!;
    if (eo > size || entries > Math.floor((size - eo) / es)) throw HANDOVER;
    // Read (and so check) every entry before yielding any, so a handover never repeats entries already listed.
    for (let i = 0; i < entries; i++) {
      const item = (this.pool[i] ??= { summary: { binaryOffset: 0, version: 0, imageKind: 0, offloadKind: 0, flags: 0, arch: '', triple: '', imageOffset: 0, imageSize: 0, nested: false, marked: false } });
      readEntry(w, v, offset, size, eo + es * i, item.summary, this.caches);
      item.summary.binaryOffset = offset;
      item.summary.version = version;
    }
    this.size = size;
    this.version = version;
    return entries;
  }
}

/**
 * One entry, with the full reader's checks (its relations `strings` and `image`, each string's key
 * and value): kinds, the last `arch` and `triple` (as LLVM's StringMap), the image.
 */
function readEntry(w: Window, v: OffloadVersion, base: number, size: number, at: number, s: EntrySummary, caches: { arch: ValueCache; triple: ValueCache; mark: Uint8Array | undefined }): void {
  const e = v.entry.offsets;
  let p = w.pos(base + at, v.entry.fixedSize!);
  s.imageKind = w.view.getUint16(p + e.imageKind, true);
  s.offloadKind = w.view.getUint16(p + e.offloadKind, true);
  s.flags = w.view.getUint32(p + e.flags, true);
  const so = w.u64(p + e.stringOffset);
  const ns = w.u64(p + e.numStrings);
  const io = w.u64(p + e.imageOffset);
  const is = w.u64(p + e.imageSize);
  const ses = v.stringEntry.fixedSize!;
  if (so > size || ns > Math.floor((size - so) / ses)) throw HANDOVER;
  if (io > size || is > size - io) throw HANDOVER;
  s.imageSize = is;
  s.imageOffset = base + io;
  s.arch = '';
  s.triple = '';
  s.marked = false;
  const mark = caches.mark;
  // The last `arch` and `triple` (as LLVM's StringMap keeps them), as places in the input: decoded
  // once after the strings, not once per string entry that names the key.
  let archAt = -1;
  let archLen = 0;
  let tripleAt = -1;
  let tripleLen = 0;
  const f = v.stringEntry.offsets as Readonly<Record<string, number>>;
  const sized = f.valueSize !== undefined;
  for (let j = 0; j < ns; j++) {
    const q = w.pos(base + so + ses * j, ses);
    const ko = w.u64(q + f.keyOffset!);
    const vo = w.u64(q + f.valueOffset!);
    const vs = sized ? w.u64(q + f.valueSize!) : 0;
    if (ko >= size) throw HANDOVER;
    const knul = cstringEnd(w, base, ko, size);
    const which = rangeEquals(w.bytes, strAt, knul, ARCH) ? 1 : rangeEquals(w.bytes, strAt, knul, TRIPLE) ? 2 : 0;
    if (mark && !s.marked) s.marked = rangeEquals(w.bytes, strAt, knul, mark);
    let from: number;
    let to: number;
    if (sized) {
      if (vo > size || vs > size - vo) throw HANDOVER;
      if (!which) continue;
      from = w.pos(base + vo, vs);
      to = from + vs;
    } else {
      if (vo >= size) throw HANDOVER;
      to = cstringEnd(w, base, vo, size);
      from = strAt;
    }
    if (which === 1) {
      archAt = w.at + from;
      archLen = to - from;
    } else if (which === 2) {
      tripleAt = w.at + from;
      tripleLen = to - from;
    }
  }
  if (archAt >= 0) {
    const q = w.pos(archAt, archLen);
    s.arch = caches.arch.get(w.bytes, q, q + archLen, archAt);
  }
  if (tripleAt >= 0) {
    const q = w.pos(tripleAt, tripleLen);
    s.triple = caches.triple.get(w.bytes, q, q + tripleLen, tripleAt);
  }
  s.nested = false;
  if (is >= MAGIC.length) {
    p = w.pos(s.imageOffset, MAGIC.length);
    s.nested = rangeEquals(w.bytes, p, p + MAGIC.length, MAGIC);
  }
}
