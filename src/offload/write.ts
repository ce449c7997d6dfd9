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
import { concatBytes, EncodeError, encodeInto, Sink } from '../codec/index.js';
import {
  OFFLOAD_HEADER_SIZE,
  OffloadEntry,
  OffloadHeaderV1,
  OffloadHeaderV2,
  OffloadHeaderV3,
  OffloadStringEntryV1,
  OffloadStringEntryV2,
} from '../../formats/offload-binary.js';
import type { LayoutPlan } from '../../formats/layout.js';
import { buildStringTable } from './strtab.js';
import { zlibCompress, type Compression, type Compressor } from './compress.js';

export interface OffloadEntryInput {
  imageKind: number;
  offloadKind: number;
  flags?: number;
  /** String entries in the order they are written (Map, or [key, value] pairs). */
  strings?: Map<string, string> | Iterable<readonly [string, string]>;
  image: Uint8Array;
}

export interface WriteOffloadOptions {
  /** 1 (LLVM <= 19), 2, or 3 (current upstream). Default 1. */
  version?: 1 | 2 | 3;
  /** v3 only: compress the payload. Needs `compressor`. */
  compression?: Compression;
  compressor?: Compressor;
}

const enc = new TextEncoder();

function stringPairs(s: OffloadEntryInput['strings']): [string, string][] {
  if (!s) return [];
  const pairs: [string, string][] = [];
  const seen = new Map<string, number>();
  for (const [k, v] of s instanceof Map ? s.entries() : s) {
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

function alignTo(n: number, a: number): number {
  return Math.ceil(n / a) * a;
}

/** Write one OffloadBinary. Version 1 holds exactly one entry (write several with writeOffloadBinaries). */
export function writeOffloadBinary(entries: readonly OffloadEntryInput[], opts: WriteOffloadOptions = {}): Uint8Array {
  const version = opts.version ?? 1;
  if (version !== 1 && version !== 2 && version !== 3) throw new EncodeError(`unsupported OffloadBinary version ${String(version)}`);
  if (version === 1 && entries.length !== 1) {
    throw new EncodeError(`an OffloadBinary version 1 holds exactly one entry (got ${entries.length}); write one binary per image`);
  }
  if (opts.compression && version !== 3) throw new EncodeError('compression needs OffloadBinary version 3');
  const pairs = entries.map((e) => stringPairs(e.strings));
  for (const [i, p] of pairs.entries()) {
    for (const [k, v] of p) {
      if (k.includes('\0')) throw new EncodeError('string keys cannot contain NUL', ['entries', i, 'strings', k]);
      if (version === 1 && v.includes('\0')) throw new EncodeError('version 1 string values are NUL-terminated and cannot contain NUL', ['entries', i, 'strings', k]);
    }
  }
  const strtab = buildStringTable(pairs.flatMap((p) => p.flatMap(([k, v]) => [k, v])));
  const headerSize = OFFLOAD_HEADER_SIZE[version];
  const entriesOffset = headerSize;
  const stringEntrySize = version === 1 ? 16 : 24;
  const numStrings = pairs.reduce((a, p) => a + p.length, 0);
  const stringEntriesOffset = entriesOffset + 40 * entries.length;
  const strtabOffset = stringEntriesOffset + stringEntrySize * numStrings;
  const binaryDataSize = alignTo(strtabOffset + strtab.bytes.length, 8);
  const imagesSize = entries.reduce((a, e) => a + e.image.length, 0);
  const size = alignTo(binaryDataSize + imagesSize, 8);

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
      imageSize: entries[i]!.image.length,
    });
    stringIndex += pairs[i]!.length;
    imageOffset += entries[i]!.image.length;
  });
  const header = { version };
  plan.set(header, { size, entriesOffset, entrySize: 40n, inflatedSize: 0n });

  const sink = new Sink(size, plan);
  const headerNode = version === 1 ? OffloadHeaderV1 : version === 2 ? OffloadHeaderV2 : OffloadHeaderV3;
  encodeInto(sink, headerNode, header, { scopes: [{ entries: entryValues }], path: ['header'] });
  entryValues.forEach((ev, i) => encodeInto(sink, OffloadEntry, ev, { path: ['entries', i] }));
  pairs.forEach((p, i) =>
    p.forEach(([k, v], j) => {
      const se = {};
      plan.set(se, {
        keyOffset: strtabOffset + strtab.offsetOf(k),
        valueOffset: strtabOffset + strtab.offsetOf(v),
        valueSize: enc.encode(v).length,
      });
      encodeInto(sink, version === 1 ? OffloadStringEntryV1 : OffloadStringEntryV2, se, { path: ['entries', i, 'strings', j] });
    }),
  );
  sink.bytes(strtab.bytes);
  sink.alignTo(8);
  for (const e of entries) sink.bytes(e.image);
  sink.alignTo(8);
  const out = sink.result();
  if (!opts.compression) return out;
  return compressV3(out, opts.compression, opts.compressor);
}

/** Turn an uncompressed v3 binary into the compressed form (header copied, payload after 40 compressed). */
function compressV3(uncompressed: Uint8Array, kind: Compression, compressor: Compressor | undefined): Uint8Array {
  let payload: Uint8Array;
  if (compressor) payload = compressor(uncompressed.subarray(40), kind);
  else if (kind === 'zlib') payload = zlibCompress(uncompressed.subarray(40));
  else throw new EncodeError('no zstd compressor was provided (the Node API supplies one: src/node/compressors.ts; in a browser pass opts.compressor)');
  const plan: LayoutPlan = new WeakMap();
  const header = { version: 3 };
  const count = new DataView(uncompressed.buffer, uncompressed.byteOffset).getBigUint64(24, true);
  plan.set(header, { size: 40 + payload.length, entriesOffset: 40, inflatedSize: BigInt(uncompressed.length) });
  const sink = new Sink(alignTo(40 + payload.length, 8), plan);
  encodeInto(sink, OffloadHeaderV3, header, { scopes: [{ entries: { length: Number(count) } }], path: ['header'] });
  sink.bytes(payload);
  sink.alignTo(8);
  return sink.result();
}

/** Several binaries back to back, as clang-offload-packager writes one v1 binary per image. */
export function writeOffloadBinaries(binaries: readonly (readonly OffloadEntryInput[])[], opts: WriteOffloadOptions = {}): Uint8Array {
  return concatBytes(binaries.map((b) => writeOffloadBinary(b, opts)));
}
