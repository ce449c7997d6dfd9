/**
 * Reader for LLVM OffloadBinary versions 1, 2 and 3 (spec README rule 3; syclbin-format.md §1.5).
 * Stricter than LLVM where LLVM wraps or trusts (README "Where we are stricter"): every offset+size
 * is checked exactly, image ranges completely, string keys/values inside the binary.
 */
import { blobRef, Cursor, cstring, DecodeError, formatPath, memorySource, readNode, readRange, sliceSource, toSource, type BlobRef, type ByteSource, type Node, type Role, type Span } from '../codec/index.js';
import {
  OFFLOAD_BINARY_MAGIC,
  OFFLOAD_HEADER_SIZE,
  OffloadEntry,
  OffloadHeader,
  OffloadHeaderPrefix,
  OffloadStringEntryV1,
  OffloadStringEntryV2,
  type OffloadEntryValue,
} from '../../formats/offload-binary.js';
import { decompressExact, DEFAULT_MAX_INFLATED_SIZE, detectCompression, type Compression } from './compress.js';

export interface OffloadEntryModel {
  imageKind: number;
  offloadKind: number;
  flags: number;
  /** String entries in file order (a repeated key keeps its first position, last value wins). */
  strings: Map<string, string>;
  /** Image bytes: a view into the input (or into the inflated payload for compressed v3); read on access for file sources. */
  readonly image: Uint8Array;
  /** Where the image is (absolute offset; undefined inside a compressed payload) and its bytes on demand. */
  imageRef: BlobRef;
  /** The entry as stored (offsets relative to the binary start). */
  raw: OffloadEntryValue;
}

export interface OffloadBinaryModel {
  version: number;
  /** Offset of this binary in the buffer it was read from. */
  offset: number;
  /** Header `Size` (on-disk size; for compressed v3 not a multiple of 8). */
  size: number;
  entries: OffloadEntryModel[];
  /** v3 only. */
  compression?: Compression;
  inflatedSize?: bigint;
  /** The header fields as stored. */
  header: Record<string, unknown>;
}

export interface ReadOffloadOptions {
  /** Cap on the decompressed size of a v3 payload (default 1 GiB). */
  maxInflatedSize?: number;
  /** When given, every leaf span read is appended (absolute offsets; compressed parts excluded). */
  spans?: Span[];
}

export function isOffloadBinary(bytes: Uint8Array, offset = 0): boolean {
  return bytes.length - offset >= 4 && OFFLOAD_BINARY_MAGIC.every((b, i) => bytes[offset + i] === b);
}

/** Read every OffloadBinary concatenated in `bytes` (as in an `.llvm.offloading` section). */
export function readOffloadBinaries(input: Uint8Array | ByteSource, opts: ReadOffloadOptions = {}): OffloadBinaryModel[] {
  const src = toSource(input);
  const out: OffloadBinaryModel[] = [];
  let offset = 0;
  while (offset < src.size) {
    // Zero bytes after the last binary are section/file padding, not another binary.
    if (out.length && src.size - offset < 64 && src.read(offset, src.size - offset).every((b) => b === 0)) break;
    const bin = readOffloadBinary(src, offset, { ...opts, path: [`binaries`, out.length] });
    out.push(bin);
    // v1/v2 sizes are multiples of 8; a compressed v3 binary's Size is not, the next one starts
    // at the next multiple of 8 (llvm-project OffloadBinary.cpp extractOffloadBinaries).
    offset = bin.version >= 3 ? alignTo(offset + bin.size, 8) : offset + bin.size;
  }
  if (!out.length) throw new DecodeError('EOF', 'no OffloadBinary in an empty input', 0);
  return out;
}

function alignTo(n: number, a: number): number {
  return Math.ceil(n / a) * a;
}

/** Read one OffloadBinary starting at `offset`. */
export function readOffloadBinary(
  input: Uint8Array | ByteSource,
  offset = 0,
  opts: ReadOffloadOptions & { path?: (string | number)[] } = {},
): OffloadBinaryModel {
  const path = opts.path ?? [];
  const spans = opts.spans;
  const cap = opts.maxInflatedSize ?? DEFAULT_MAX_INFLATED_SIZE;
  // Every version starts with magic + version: read those to learn the version, then read the
  // header of that version (reading a v1 header first would misname, and range-check as v1's
  // EntrySize, the EntriesCount of a v2/v3 header).
  const src = toSource(input);
  const head = readRange(src, offset, Math.min(40, Math.max(0, src.size - offset)), 'OffloadBinary header', [...path, 'header']);
  const common = readNode(OffloadHeaderPrefix, head, 0, { base: offset, path: [...path, 'header'] }, undefined);
  const version = common.version;
  if (version < 1 || version > 3) {
    throw new DecodeError('VERSION', `unsupported OffloadBinary version ${version} (this reader supports 1, 2 and 3)`, offset + 4, [...path, 'header', 'version']);
  }
  const headerSize = OFFLOAD_HEADER_SIZE[version as 1 | 2 | 3];
  const header = readNode(OffloadHeader, head, 0, { base: offset, path: [...path, 'header'], scopes: [{ version }] }, spans) as Record<string, unknown> & {
    size: number;
  };
  const size = header.size;
  const available = src.size - offset;
  if (size > available) {
    throw new DecodeError('EOF', `OffloadBinary Size ${size} runs past the end of the data (${available} bytes available)`, offset + 8, [...path, 'header', 'size'], {
      needed: size,
      available,
    });
  }
  if (size < headerSize) {
    throw new DecodeError('RANGE', `OffloadBinary Size ${size} is smaller than its ${headerSize}-byte header`, offset + 8, [...path, 'header', 'size']);
  }

  // `bin` is the binary's own address space: offsets in entries are relative to its start.
  let bin: ByteSource = sliceSource(src, offset, size);
  let base = offset; // absolute offset of bin[0] for error messages/spans
  let compression: Compression | undefined;
  let inflatedSize: bigint | undefined;
  let entriesOffset: number;
  let count: number;
  if (version === 1) {
    const h = header as unknown as { entryOffset: number };
    entriesOffset = h.entryOffset;
    count = 1; // v1 holds exactly one entry; EntrySize is ignored (spec README rule 3)
  } else {
    const h = header as unknown as { entriesOffset: number; entriesCount: number; inflatedSize?: bigint };
    entriesOffset = h.entriesOffset;
    count = h.entriesCount;
    if (version === 3 && h.inflatedSize !== undefined && h.inflatedSize !== 0n) {
      inflatedSize = h.inflatedSize;
      if (entriesOffset !== 40) {
        throw new DecodeError('FORMAT', `compressed OffloadBinary must have EntriesOffset 40, found ${entriesOffset}`, offset + 16, [...path, 'header', 'entriesOffset']);
      }
      if (inflatedSize < 40n) {
        throw new DecodeError('RANGE', `InflatedSize ${inflatedSize} is smaller than the 40-byte header`, offset + 32, [...path, 'header', 'inflatedSize']);
      }
      const payloadSize = inflatedSize - 40n;
      if (payloadSize > BigInt(cap)) {
        throw new DecodeError('LIMIT', `InflatedSize ${inflatedSize} exceeds the decompression cap of ${cap} bytes (raise maxInflatedSize to read it)`, offset + 32, [
          ...path,
          'header',
          'inflatedSize',
        ]);
      }
      const stream = bin.read(40, size - 40);
      compression = detectCompression(stream);
      if (spans) spans.push({ offset: offset + 40, size: stream.length, path: joinPath(path, 'compressedPayload'), kind: 'bytes', value: compression });
      const payload = decompressExact(stream, Number(payloadSize), cap, offset + 40, [...path, 'compressedPayload']);
      const whole = new Uint8Array(40 + payload.length);
      whole.set(head.subarray(0, 40));
      whole.set(payload, 40);
      bin = memorySource(whole);
      base = -1; // offsets inside the inflated payload do not exist in the file
    }
  }
  const binSize = bin.size;
  const abs = Math.max(base, 0);
  const where = (o: number): number => (base < 0 ? o : base + o);
  const inner = base < 0 ? undefined : spans; // spans only for bytes that exist in the input
  /**
   * Decode `node` at offset `o` of the binary. In-memory binaries share one cursor (no copy, no
   * per-record allocation beyond the value); file sources read the range first. Paths are added
   * to errors while they unwind, so the happy path builds none.
   */
  const mem = bin.bytes;
  const cur = mem ? new Cursor(mem, 0, abs) : undefined;
  if (cur && inner) {
    cur.spans = inner;
    cur.path.push(...path);
  }
  const at = <T>(node: Node<unknown, unknown, Role>, o: number, segs: (string | number)[]): T => {
    if (cur) {
      cur.pos = o;
      if (inner) cur.path.push(...segs);
      try {
        return node.read(cur) as T;
      } catch (e) {
        if (e instanceof DecodeError) e.within(...path, ...segs);
        throw e;
      } finally {
        if (inner) cur.path.length -= segs.length;
      }
    }
    const n = node.fixedSize!;
    return readNode(node, readRange(bin, o, n, node.describe, [...path, ...segs], abs), 0, { base: abs + o, path: [...path, ...segs] }, inner) as T;
  };
  // Strings are deduplicated in the string table: decode each offset once.
  const strCache = new Map<number, string>();
  const cstr = (o: number, segs: (string | number)[]): string => {
    let v = strCache.get(o);
    if (v === undefined) {
      v = readCString(bin, o, abs, [...path, ...segs]);
      strCache.set(o, v);
    }
    return v;
  };

  if (entriesOffset > binSize || count > Math.floor((binSize - entriesOffset) / 40)) {
    throw new DecodeError('RANGE', `${count} entries at offset ${entriesOffset} do not fit in the ${binSize}-byte binary`, where(16), [...path, 'header', version === 1 ? 'entryOffset' : 'entriesOffset'], {
      needed: entriesOffset + 40 * count,
      available: binSize,
    });
  }
  const stringEntry: Node<unknown, unknown, Role> = version === 1 ? OffloadStringEntryV1 : OffloadStringEntryV2;
  const stringEntrySize = version === 1 ? 16 : 24;
  const entries: OffloadEntryModel[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const raw = at<OffloadEntryValue>(OffloadEntry, entriesOffset + 40 * i, ['entries', i]);
    const ep = (...more: (string | number)[]) => [...path, 'entries', i, ...more];
    if (raw.stringOffset > binSize || raw.numStrings > Math.floor((binSize - raw.stringOffset) / stringEntrySize)) {
      throw new DecodeError('RANGE', `${raw.numStrings} string entries at offset ${raw.stringOffset} do not fit in the ${binSize}-byte binary`, where(entriesOffset + 40 * i + 8), ep('stringOffset'));
    }
    if (raw.imageOffset > binSize || raw.imageSize > binSize - raw.imageOffset) {
      throw new DecodeError('RANGE', `image [${raw.imageOffset}, +${raw.imageSize}) does not fit in the ${binSize}-byte binary`, where(entriesOffset + 40 * i + 24), ep('imageOffset'));
    }
    const strings = new Map<string, string>();
    for (let j = 0; j < raw.numStrings; j++) {
      const seAt = raw.stringOffset + j * stringEntrySize;
      const se = at<{ keyOffset: number; valueOffset: number; valueSize?: number }>(stringEntry, seAt, ['entries', i, 'strings', j]);
      if (se.keyOffset >= binSize) {
        throw new DecodeError('RANGE', `string key offset ${se.keyOffset} is outside the ${binSize}-byte binary`, where(seAt), ep('strings', j, 'keyOffset'));
      }
      const key = cstr(se.keyOffset, ['entries', i, 'strings', j, 'key']);
      let value: string;
      if (version === 1) {
        if (se.valueOffset >= binSize) {
          throw new DecodeError('RANGE', `string value offset ${se.valueOffset} is outside the ${binSize}-byte binary`, where(seAt + 8), ep('strings', j, 'valueOffset'));
        }
        value = cstr(se.valueOffset, ['entries', i, 'strings', j, 'value']);
      } else {
        const vsize = se.valueSize!;
        if (se.valueOffset > binSize || vsize > binSize - se.valueOffset) {
          throw new DecodeError('RANGE', `string value [${se.valueOffset}, +${vsize}) is outside the ${binSize}-byte binary`, where(seAt + 8), ep('strings', j, 'valueOffset'));
        }
        value = utf8.decode(bin.read(se.valueOffset, vsize));
      }
      if (inner) recordStrings(inner, base, se, version, key, value, ep('strings', j));
      // Duplicate keys: the last value wins at the first position (LLVM StringMap insert_or_assign).
      strings.set(key, value);
    }
    const imageRef = blobRef(bin, raw.imageOffset, raw.imageSize, base < 0 ? undefined : base + raw.imageOffset);
    if (inner) inner.push({ offset: base + raw.imageOffset, size: raw.imageSize, path: joinPath(ep(), 'image'), kind: 'image' });
    entries[i] = {
      imageKind: raw.imageKind,
      offloadKind: raw.offloadKind,
      flags: raw.flags,
      strings,
      imageRef,
      get image() {
        return imageRef.bytes();
      },
      raw,
    };
  }
  const model: OffloadBinaryModel = { version, offset, size, entries, header };
  if (compression) {
    model.compression = compression;
    model.inflatedSize = inflatedSize;
  }
  return model;
}

/** Magic + version: the part of the header every version shares (fields of formats/offload-binary.ts). */

const utf8 = new TextDecoder();

/** A NUL-terminated string at `offset` of the binary, read in chunks for file sources. */
function readCString(bin: ByteSource, offset: number, base: number, path: (string | number)[]): string {
  if (bin.bytes) return readNode(cstring, bin.bytes, offset, { base, path }, undefined);
  let chunk = 64;
  for (;;) {
    const n = Math.min(chunk, bin.size - offset);
    const b = bin.read(offset, n);
    if (b.includes(0) || offset + n >= bin.size) return readNode(cstring, b, 0, { base: base + offset, path }, undefined);
    chunk *= 4;
  }
}
const utf8enc = new TextEncoder();

function recordStrings(
  spans: Span[],
  base: number,
  se: { keyOffset: number; valueOffset: number; valueSize?: number },
  version: number,
  key: string,
  value: string,
  spath: (string | number)[],
): void {
  spans.push({ offset: base + se.keyOffset, size: utf8enc.encode(key).length + 1, path: joinPath(spath, 'key'), kind: 'string', value: key });
  const vsize = version === 1 ? utf8enc.encode(value).length + 1 : se.valueSize!;
  spans.push({ offset: base + se.valueOffset, size: vsize, path: joinPath(spath, 'value'), kind: 'string', value });
}

function joinPath(path: (string | number)[], last: string): string {
  return formatPath([...path, last]);
}
