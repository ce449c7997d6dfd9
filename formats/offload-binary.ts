/**
 * LLVM OffloadBinary, versions 1-3 — the single description of its structures and geometry.
 *
 * Upstream: llvm/include/llvm/Object/OffloadBinary.h and llvm/lib/Object/OffloadBinary.cpp
 * (v1: LLVM <= 22 and intel/llvm@8c4edb31; v2 llvm-project #169425; v3 #222774 @05ed393b).
 * Project notes: docs/spec/README.md rule 3, docs/spec/syclbin-format.md §1.5.
 *
 * Address space: every offset in a binary is relative to the binary's start. A version 3 binary whose
 * `InflatedSize` is not 0 stores everything after its 40-byte header as one zlib/zstd stream; the
 * offsets inside then refer to the inflated binary (header + inflated payload).
 */
import { countOf, E, enumeration, layout, magic, R, struct, u16, u32, u64, u64n, type Decoded, type Layout, type Node, type Role } from '../src/codec/index.js';
import { IMAGE_KIND, imageKindFieldName, OFFLOAD_ENTRY_FLAGS, offloadEntryFlagsName, offloadKindFieldName } from './kinds.js';
import { fromLayout } from './layout.js';

/** `10 FF 10 AD` on disk (0x10FF10AD read as bytes). */
export const OFFLOAD_BINARY_MAGIC = [0x10, 0xff, 0x10, 0xad] as const;

/** The magic as a node (also used to recognise OffloadBinaries). */
export const OffloadMagic = magic(OFFLOAD_BINARY_MAGIC, 'OffloadBinary magic');

/** v1 header, 32 bytes: one entry, whose offset and size the header states. */
export const OffloadHeaderV1 = struct(
  {
    magic: OffloadMagic,
    version: u32,
    size: fromLayout(u64n, 'size'),
    entryOffset: fromLayout(u64n, 'entriesOffset'),
    /** sizeof(Entry) = 40; readers ignore it (docs/spec/README.md rule 3), so it stays a u64 bigint, unchecked. */
    entrySize: fromLayout(u64, 'entrySize'),
  },
  'OffloadHeaderV1',
);

/** v2 header, 32 bytes: entries offset + count. */
export const OffloadHeaderV2 = struct(
  {
    magic: OffloadMagic,
    version: u32,
    size: fromLayout(u64n, 'size'),
    entriesOffset: fromLayout(u64n, 'entriesOffset'),
    entriesCount: countOf(u64n, 'entries'),
  },
  'OffloadHeaderV2',
);

/** v3 header, 40 bytes: v2 + InflatedSize (0 = not compressed). u64 kept as bigint: it is a claim, checked against a cap. */
export const OffloadHeaderV3 = struct(
  {
    magic: OffloadMagic,
    version: u32,
    size: fromLayout(u64n, 'size'),
    entriesOffset: fromLayout(u64n, 'entriesOffset'),
    entriesCount: countOf(u64n, 'entries'),
    inflatedSize: fromLayout(u64, 'inflatedSize'),
  },
  'OffloadHeaderV3',
);

/** Magic + version: the part every version shares, read first to learn the version. */
export const OffloadHeaderPrefix = struct({ magic: OffloadMagic, version: u32 }, 'OffloadBinary header');

/** v1 string entry, 16 bytes: key and value are NUL-terminated strings. */
export const OffloadStringEntryV1 = struct(
  {
    keyOffset: fromLayout(u64n, 'keyOffset'),
    valueOffset: fromLayout(u64n, 'valueOffset'),
  },
  'OffloadStringEntryV1',
  { key: R.cstring('keyOffset'), value: R.cstring('valueOffset') },
);

/** v2/v3 string entry, 24 bytes: the value is given by offset + size (the key stays NUL-terminated). */
export const OffloadStringEntryV2 = struct(
  {
    keyOffset: fromLayout(u64n, 'keyOffset'),
    valueOffset: fromLayout(u64n, 'valueOffset'),
    valueSize: fromLayout(u64n, 'valueSize'),
  },
  'OffloadStringEntryV2',
  { key: R.cstring('keyOffset'), value: R.bytes('valueOffset', 'valueSize', true) },
);

/**
 * The 40 bytes of an entry, the same in every version; what its offload kind names depends on the
 * version (formats/kinds.ts: a version-1 file may come from any numbering, versions 2 and 3 only
 * from the bitmask one).
 */
function entryFields(version: 1 | 2) {
  return {
    imageKind: enumeration(u16, imageKindFieldName, { name: 'ImageKind', values: IMAGE_KIND }),
    offloadKind: enumeration(u16, (kind, fields) => offloadKindFieldName(kind, version, fields['imageKind'])),
    flags: enumeration(u32, offloadEntryFlagsName, { name: 'OffloadEntryFlags', values: OFFLOAD_ENTRY_FLAGS }),
    stringOffset: fromLayout(u64n, 'stringOffset'),
    numStrings: fromLayout(u64n, 'numStrings'),
    imageOffset: fromLayout(u64n, 'imageOffset'),
    imageSize: fromLayout(u64n, 'imageSize'),
  };
}

/** Entry, 40 bytes in every version: its string entries (v1 records) and its image. */
export const OffloadEntryV1 = struct(entryFields(1), 'OffloadEntry', {
  strings: R.table(OffloadStringEntryV1, 'stringOffset', 'numStrings'),
  image: R.bytes('imageOffset', 'imageSize'),
});

/** Entry of versions 2 and 3 (same 40 bytes; its string entries are the 24-byte records). */
export const OffloadEntryV2 = struct(entryFields(2), 'OffloadEntry', {
  strings: R.table(OffloadStringEntryV2, 'stringOffset', 'numStrings'),
  image: R.bytes('imageOffset', 'imageSize'),
});

/** The entry description without version-specific relations (fields only). */
export const OffloadEntry = OffloadEntryV1;

/** Everything a reader and writer need to know about one OffloadBinary version. */
export interface OffloadVersion {
  /** The version number. */
  readonly version: 1 | 2 | 3;
  /** The header description (fixed size, field offsets). */
  readonly header: Node<Record<string, unknown>, never, Role> & { readonly fixedSize: number; readonly offsets: Readonly<Record<string, number>> };
  /** Field names of the header (they differ between v1 and v2+). */
  readonly fields: { readonly entriesOffset: string; readonly entriesCount?: string; readonly inflatedSize?: string };
  /** The header and the entry table in the binary's address space. */
  readonly layout: Layout<'header' | 'entries'>;
  /** The entry description (its string-table relation differs by version). */
  readonly entry: typeof OffloadEntryV1 | typeof OffloadEntryV2;
  /** The string entry description (v1: offsets of NUL-terminated strings; v2+: offsets and value size). */
  readonly stringEntry: typeof OffloadStringEntryV1 | typeof OffloadStringEntryV2;
  /**
   * Compression (v3): when `inflatedSize` is not 0, the bytes from the header's end to `size` are one
   * zlib or zstd stream whose output follows the header; EntriesOffset must equal the header size.
   */
  readonly compression?: { readonly flag: 'inflatedSize' };
}

function versionLayout(header: Node<unknown, unknown, Role>, offset: string, count: string | number): Layout<'header' | 'entries'> {
  return layout('OffloadBinary', {
    header: { at: 0, node: header },
    entries: { at: E.ref(`header.${offset}`), table: { elem: OffloadEntryV1, count: typeof count === 'number' ? count : E.ref(`header.${count}`) } },
  });
}

/** The versions, as rows of one table: readers and writers branch on nothing else. */
export const OFFLOAD_VERSIONS: Readonly<Record<1 | 2 | 3, OffloadVersion>> = {
  1: {
    version: 1,
    header: OffloadHeaderV1 as OffloadVersion['header'],
    fields: { entriesOffset: 'entryOffset' },
    // v1 holds exactly one entry; EntrySize is ignored (docs/spec/README.md rule 3).
    layout: versionLayout(OffloadHeaderV1, 'entryOffset', 1),
    entry: OffloadEntryV1,
    stringEntry: OffloadStringEntryV1,
  },
  2: {
    version: 2,
    header: OffloadHeaderV2 as OffloadVersion['header'],
    fields: { entriesOffset: 'entriesOffset', entriesCount: 'entriesCount' },
    layout: versionLayout(OffloadHeaderV2, 'entriesOffset', 'entriesCount'),
    entry: OffloadEntryV2,
    stringEntry: OffloadStringEntryV2,
  },
  3: {
    version: 3,
    header: OffloadHeaderV3 as OffloadVersion['header'],
    fields: { entriesOffset: 'entriesOffset', entriesCount: 'entriesCount', inflatedSize: 'inflatedSize' },
    layout: versionLayout(OffloadHeaderV3, 'entriesOffset', 'entriesCount'),
    entry: OffloadEntryV2,
    stringEntry: OffloadStringEntryV2,
    compression: { flag: 'inflatedSize' },
  },
};

/** Binaries follow each other at multiples of this (LLVM pads each to 8; a compressed v3 `Size` is not). */
export const OFFLOAD_BINARY_ALIGN = 8;

/** A decoded entry (v1 and v2+ entries have the same fields; only their string records differ). */
export type OffloadEntryValue = Decoded<typeof OffloadEntryV1>;
