/**
 * Writer for LLVM OffloadBinary versions 1, 2 and 3, reproducing LLVM's layout byte for byte
 * (spec README rule 3; syclbin-format.md §1.5):
 *   v1 (llvm/lib/Object/OffloadBinary.cpp, LLVM <= 19): header, the one entry, string entries,
 *      ELF string table, zero pad to 8, image, zero pad to 8.
 *   v2/v3: header, all entries, all string entries (entry order, then insertion order), ELF string
 *      table, zero pad to 8, images back to back (no per-image alignment), zero pad to 8.
 *   v3 compressed: everything after EntriesOffset (40) is one zlib/zstd stream; InflatedSize is the
 *      uncompressed total; Size = 40 + compressed length; the buffer is zero-padded to 8 after Size.
 */
import { ArgumentError, chunksSize, concatChunks, decodeEscapedUtf8, describeValue, encodeEscapedUtf8, EncodeError, encodeInto, isChunk, isWellFormed, shownValue, Sink, toHex, toBytes, type BytesLike, type Chunk, type PathKey, optionsArgument, type OptionKeys } from '../codec/index.js';
import { OFFLOAD_BINARY_ALIGN, OFFLOAD_VERSIONS, OffloadHeaderV3 } from '../../formats/offload-binary.js';
import type { LayoutPlan } from '../../formats/layout.js';
import { buildStringTable } from './strtab.js';
import { escapedStrings, type OffloadEntryModel } from './read.js';
import { COMPRESSIONS, defaultCompressor, ZstdUnavailableError, type Compression, type Compressor } from './compress.js';
import { detectCompression } from './decompress.js';

/** One entry to write into an OffloadBinary. */
export interface OffloadEntryInput {
  /** ImageKind field (formats/kinds.ts IMAGE_KIND). */
  imageKind: number;
  /** OffloadKind field (its meaning depends on the version's numbering, formats/kinds.ts). */
  offloadKind: number;
  /** Flags field (default 0). */
  flags?: number;
  /**
   * String entries in the order they are written (a Map, [key, value] pairs, or a plain object's own
   * properties). Text is written as UTF-8, a lone surrogate U+DC80..U+DCFF as the byte 0x80..0xFF it
   * escapes (src/codec/bytes.ts decodeEscapedUtf8); a key or value given as a `Uint8Array` as those
   * bytes (a v2+ value may hold binary data, e.g. upstream's SYCL symbol table). {@link offloadEntryInput}
   * gives a read entry's strings, byte for byte.
   */
  strings?: Map<string | Uint8Array, string | Uint8Array> | Iterable<readonly [string | Uint8Array, string | Uint8Array]> | Readonly<Record<string, string | Uint8Array>>;
  /** The image: bytes, a blob of an input, or chunks (e.g. a SYCLBIN image a writer describes). */
  image: Chunk | readonly Chunk[];
}

function imageChunks(image: OffloadEntryInput['image'], path: readonly PathKey[]): readonly Chunk[] {
  const chunks = (Array.isArray(image) ? image : [image]).map(imageBytes) as Chunk[];
  // A JavaScript caller is not held to the types: a missing image is an error at its path, not a TypeError.
  for (const c of chunks) if (!isChunk(c)) throw new EncodeError(imageMessage(c), path);
  return chunks;
}

/** Options of the OffloadBinary writers. */
export interface WriteOffloadOptions {
  /** 1 (LLVM <= 19), 2, or 3 (current upstream). Default 1. */
  version?: 1 | 2 | 3;
  /** v3 only: compress the payload (zlib is built in; zstd once libzstd is provided: `syclbin-toolkit/node`, `compileZstd`, or a `compressor`). */
  compression?: Compression;
  /** Compresses the payload instead of the built-in zlib (the Node API supplies a zstd one: src/node/compressors.ts). */
  compressor?: Compressor;
}

/** The message for an image of a model or entry that is neither bytes nor a blob (one wording for every writer). */
export function imageMessage(image: unknown): string {
  return `an image must be bytes (a Uint8Array, an ArrayBuffer or a view of one) or a blob, not ${describeValue(image)}`;
}

/**
 * An image given as an ArrayBuffer or a view other than a Uint8Array, as a Uint8Array over the same
 * memory (what the writers take, as every function that takes bytes does); anything else as it is.
 */
export function imageBytes(image: unknown): unknown {
  return image instanceof Uint8Array || !(image instanceof ArrayBuffer || ArrayBuffer.isView(image)) ? image : toBytes(image as BytesLike);
}

/**
 * A key or value as the writer keys its table: text as its UTF-8, where a lone surrogate U+DC80..U+DCFF
 * stands for the byte 0x80..0xFF it escapes (src/codec/bytes.ts decodeEscapedUtf8, as property-set
 * names and archive member names are kept); bytes as their escaped text, which encodes back to exactly
 * those bytes. Undefined for another lone surrogate (it has no bytes).
 */
function stringText(x: string | Uint8Array): string | undefined {
  // (one spelling per byte string: text and the escapes of its UTF-8 are the same key, as LLVM's map
  // of byte strings has them)
  if (x instanceof Uint8Array) return decodeEscapedUtf8(x);
  if (isWellFormed(x) && !/[\udc80-\udcff]/.test(x)) return x;
  try {
    return decodeEscapedUtf8(escapedBytes(x));
  } catch {
    return undefined;
  }
}

/** A key or value as it is shown in a message: an escaped byte as \xNN, another lone surrogate as \uXXXX. */
function shownText(t: string): string {
  return t.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => {
    const u = c.charCodeAt(0);
    return u >= 0xdc80 && u <= 0xdcff ? `\\x${(u - 0xdc00).toString(16)}` : `\\u${u.toString(16)}`;
  });
}

function stringPairs(s: OffloadEntryInput['strings'], path: readonly PathKey[]): [string, string][] {
  if (s === undefined || s === null) return [];
  const pairs: [string, string][] = [];
  const seen = new Map<string, number>();
  let list: Iterable<readonly [unknown, unknown]>;
  if (s instanceof Map) list = s.entries();
  else if (typeof (s as Iterable<unknown>)[Symbol.iterator] === 'function' && typeof s !== 'string') list = s as Iterable<readonly [unknown, unknown]>;
  else if (typeof s === 'object') list = Object.entries(s as Record<string, unknown>);
  else throw new EncodeError(`strings must be a Map, [key, value] pairs or an object, not ${describeValue(s)}`, path);
  for (const pair of list) {
    if (!Array.isArray(pair) || pair.length !== 2) throw new EncodeError(`a string entry must be a [key, value] pair, not ${describeValue(pair)}`, path);
    const [k0, v0] = pair as [unknown, unknown];
    // A JavaScript caller is not held to the types: what LLVM could not hold is an error at its path.
    if (typeof k0 !== 'string' && !(k0 instanceof Uint8Array)) throw new EncodeError(`a string key must be a string or bytes (a Uint8Array), not ${describeValue(k0)}`, path);
    const k = stringText(k0);
    if (k === undefined) throw new EncodeError(`string key '${shownText(k0 as string)}' has a lone surrogate that escapes no byte (not UTF-8 text: a byte 0x80-0xFF is U+DC80-U+DCFF, or give bytes as a Uint8Array)`, path);
    if (typeof v0 !== 'string' && !(v0 instanceof Uint8Array)) throw new EncodeError(`the value of string key '${shownText(k)}' must be a string or bytes (a Uint8Array), not ${describeValue(v0)}`, [...path, shownText(k)]);
    const v = stringText(v0);
    if (v === undefined) throw new EncodeError(`the value of string key '${shownText(k)}' has a lone surrogate that escapes no byte (not UTF-8 text: a byte 0x80-0xFF is U+DC80-U+DCFF, or give bytes as a Uint8Array)`, [...path, shownText(k)]);
    // LLVM keeps StringData in a map: a repeated key replaces the value in place.
    const at = seen.get(k);
    if (at !== undefined) pairs[at]![1] = v;
    else {
      seen.set(k, pairs.length);
      pairs.push([k, v]);
    }
  }
  return pairs;
}

/** The writer's text of a key or value (well-formed, or surrogate-escaped bytes) as its bytes. */
function escapedBytes(t: string): Uint8Array {
  return encodeEscapedUtf8(t, (code) => {
    throw new EncodeError(`lone surrogate U+${code.toString(16).toUpperCase()}`);
  });
}

/**
 * A read entry as the writers' input, byte for byte: its image (a blob: read when written), kinds and
 * flags, and its string entries as LLVM's StringMap keeps them ({@link escapedStrings}: each key's last
 * value, bytes that are not UTF-8 escaped, a v2+ value with every byte it stores). So
 * `writeOffloadBinary(bin.entries.map(offloadEntryInput), { version })` writes a binary LLVM wrote again.
 */
export function offloadEntryInput(entry: OffloadEntryModel): OffloadEntryInput {
  const e = entry as Partial<Record<keyof OffloadEntryModel, unknown>> | null;
  if (typeof e !== 'object' || e === null || !Array.isArray(e.stringEntries) || !isChunk(e.imageRef) || typeof e.imageKind !== 'number' || typeof e.offloadKind !== 'number' || typeof e.flags !== 'number') {
    throw new ArgumentError(`offloadEntryInput: expected an OffloadBinary entry (an element of the entries readOffloadBinaries returns), not ${describeValue(entry)}`);
  }
  return { imageKind: entry.imageKind, offloadKind: entry.offloadKind, flags: entry.flags, strings: escapedStrings(entry), image: entry.imageRef };
}

function alignTo(n: number, a: number): number {
  return Math.ceil(n / a) * a;
}

/** The keys of {@link WriteOffloadOptions}: any other is an UnknownOptionError. */
const WRITE_OFFLOAD_KEYS: OptionKeys<WriteOffloadOptions> = { version: true, compression: true, compressor: true };

/** Write one OffloadBinary. Version 1 holds exactly one entry (write several with writeOffloadBinaries). */
export function writeOffloadBinary(entries: readonly OffloadEntryInput[], opts: WriteOffloadOptions = {}): Uint8Array {
  opts = optionsArgument(opts, 'writeOffloadBinary', WRITE_OFFLOAD_KEYS);
  return concatChunks(offloadBinaryChunks(entries, opts));
}

/**
 * One OffloadBinary as chunks: the header, entry, string-entry and string tables as bytes, the images
 * as they were given (blobs stay blobs, so a huge image is streamed, not copied), and the padding.
 * A compressed v3 binary is all bytes (the payload must be compressed in memory).
 */
export function offloadBinaryChunks(entries: readonly OffloadEntryInput[], opts: WriteOffloadOptions = {}): Chunk[] {
  opts = optionsArgument(opts, 'offloadBinaryChunks', WRITE_OFFLOAD_KEYS);
  const version = opts.version ?? 1;
  if (version !== 1 && version !== 2 && version !== 3) throw new EncodeError(`unsupported OffloadBinary version ${shownValue(version)} (1, 2 or 3)`);
  if (!Array.isArray(entries)) throw new EncodeError(`entries must be an array of entries, not ${describeValue(entries)}`);
  entries.forEach((e: unknown, i) => {
    if (typeof e !== 'object' || e === null) throw new EncodeError(`an entry must be an object, not ${describeValue(e)}`, ['entries', i]);
  });
  if (version === 1 && entries.length !== 1) {
    throw new EncodeError(`an OffloadBinary version 1 holds exactly one entry (got ${entries.length}); write one binary per image`);
  }
  if (opts.compression !== undefined && !COMPRESSIONS.includes(opts.compression)) throw new EncodeError(`unknown compression '${String(opts.compression)}' (zlib or zstd)`);
  if (opts.compression && version !== 3) throw new EncodeError('compression needs OffloadBinary version 3');
  // (a compressor that is not a function would end in a TypeError at the first compression)
  if (opts.compressor !== undefined && typeof opts.compressor !== 'function') throw new EncodeError(`the compressor must be a function (bytes, kind) => compressed bytes, not ${describeValue(opts.compressor)}`);
  const pairs = entries.map((e, i) => stringPairs(e.strings, ['entries', i, 'strings']));
  for (const [i, p] of pairs.entries()) {
    for (const [k, v] of p) {
      if (k.includes('\0')) throw new EncodeError('string keys cannot contain NUL', ['entries', i, 'strings', shownText(k)]);
      if (version === 1 && v.includes('\0')) throw new EncodeError('version 1 string values are NUL-terminated and cannot contain NUL', ['entries', i, 'strings', shownText(k)]);
    }
  }
  const strtab = buildStringTable(pairs.flatMap((p) => p.flatMap(([k, v]) => [k, v])));
  const v = OFFLOAD_VERSIONS[version];
  const entriesOffset = v.header.fixedSize;
  const entrySize = v.entry.fixedSize!;
  const stringEntrySize = v.stringEntry.fixedSize!;
  const numStrings = pairs.reduce((a, p) => a + p.length, 0);
  const stringEntriesOffset = entriesOffset + entrySize * entries.length;
  const strtabOffset = stringEntriesOffset + stringEntrySize * numStrings;
  const binaryDataSize = alignTo(strtabOffset + strtab.bytes.length, OFFLOAD_BINARY_ALIGN);
  const images = entries.map((e, i) => imageChunks(e.image, ['entries', i, 'image']));
  const imageSizes = images.map(chunksSize);
  const imagesSize = imageSizes.reduce((a, n) => a + n, 0);
  const size = alignTo(binaryDataSize + imagesSize, OFFLOAD_BINARY_ALIGN);

  // Plan every layout-derived field (formats/offload-binary.ts declares them with fromLayout).
  const plan: LayoutPlan = new WeakMap();
  const entryValues = entries.map((e) => ({ imageKind: e.imageKind, offloadKind: e.offloadKind, flags: e.flags ?? 0 }));
  let stringIndex = 0;
  let imageOffset = binaryDataSize;
  entryValues.forEach((ev, i) => {
    plan.set(ev, {
      stringOffset: stringEntriesOffset + stringEntrySize * stringIndex,
      numStrings: pairs[i]!.length,
      imageOffset,
      imageSize: imageSizes[i]!,
    });
    stringIndex += pairs[i]!.length;
    imageOffset += imageSizes[i]!;
  });
  const header = { version };
  plan.set(header, { size, entriesOffset, entrySize: BigInt(entrySize), inflatedSize: 0n });

  const sink = new Sink(size, plan);
  encodeInto(sink, v.header, header as never, { scopes: [{ entries: entryValues }], path: ['header'] });
  entryValues.forEach((ev, i) => encodeInto(sink, v.entry, ev as never, { path: ['entries', i] }));
  pairs.forEach((p, i) =>
    p.forEach(([key, value], j) => {
      const se = {};
      plan.set(se, {
        keyOffset: strtabOffset + strtab.offsetOf(key),
        valueOffset: strtabOffset + strtab.offsetOf(value),
        valueSize: escapedBytes(value).length,
      });
      encodeInto(sink, v.stringEntry, se, { path: ['entries', i, 'strings', j] });
    }),
  );
  sink.bytes(strtab.bytes);
  sink.alignTo(OFFLOAD_BINARY_ALIGN);
  const tail = size - binaryDataSize - imagesSize;
  const chunks: Chunk[] = [sink.result(), ...images.flat(), new Uint8Array(tail)];
  if (!opts.compression) return chunks;
  return [compressV3(concatChunks(chunks), entries.length, opts.compression, opts.compressor)];
}

/**
 * Turn an uncompressed v3 binary into the compressed form: the header again (Size and InflatedSize
 * now describe the stream), then everything after the header as one zlib/zstd stream, zero-padded to 8.
 */
function compressV3(uncompressed: Uint8Array, count: number, kind: Compression, compressor: Compressor | undefined): Uint8Array {
  const headerSize = OffloadHeaderV3.fixedSize!;
  let payload: Uint8Array;
  try {
    payload = (compressor ?? defaultCompressor)(uncompressed.subarray(headerSize), kind);
  } catch (e) {
    if (e instanceof ZstdUnavailableError) throw new EncodeError(e.message);
    throw e;
  }
  if (!(payload instanceof Uint8Array)) throw new EncodeError(`the compressor must return the compressed bytes (a Uint8Array), not ${describeValue(payload)}`, ['compressedPayload']);
  // A compressor that returned something else than a stream of this kind would make a file no reader inflates.
  if (!startsStream(payload, kind)) throw new EncodeError(`the compressor returned no ${kind} stream (it starts ${toHex(payload.subarray(0, 4)) || 'with nothing'})`, ['compressedPayload']);
  const plan: LayoutPlan = new WeakMap();
  const header = { version: 3 };
  plan.set(header, { size: headerSize + payload.length, entriesOffset: headerSize, inflatedSize: BigInt(uncompressed.length) });
  const sink = new Sink(alignTo(headerSize + payload.length, OFFLOAD_BINARY_ALIGN), plan);
  encodeInto(sink, OffloadHeaderV3, header, { scopes: [{ entries: { length: count } }], path: ['header'] });
  sink.bytes(payload);
  sink.alignTo(OFFLOAD_BINARY_ALIGN);
  return sink.result();
}

/**
 * Whether `payload` starts as a `kind` stream does: the zstd frame magic (RFC 8878 §3.1.1), or a
 * zlib header (RFC 1950 §2.2: method 8, the check bits making CMF·256 + FLG a multiple of 31).
 */
function startsStream(payload: Uint8Array, kind: Compression): boolean {
  if (kind === 'zstd') return detectCompression(payload) === 'zstd';
  return payload.length >= 2 && (payload[0]! & 0x0f) === 8 && ((payload[0]! << 8) | payload[1]!) % 31 === 0;
}

/** Several binaries back to back, as clang-offload-packager writes one v1 binary per image. */
export function writeOffloadBinaries(binaries: readonly (readonly OffloadEntryInput[])[], opts: WriteOffloadOptions = {}): Uint8Array {
  opts = optionsArgument(opts, 'writeOffloadBinaries', WRITE_OFFLOAD_KEYS);
  if (!Array.isArray(binaries)) throw new EncodeError(`binaries must be an array of binaries (each an array of entries), not ${describeValue(binaries)}`);
  // An error in one binary is at its index (`[1].entries[0].imageKind`), as `binaries[1]` is where it is.
  return concatChunks(
    binaries.flatMap((b, i) => {
      try {
        return offloadBinaryChunks(b, opts);
      } catch (e) {
        if (e instanceof EncodeError) throw e.within(i);
        throw e;
      }
    }),
  );
}
