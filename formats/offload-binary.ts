/**
 * LLVM OffloadBinary, versions 1-3 — the single description of its fixed structures.
 * Spec: docs/spec/syclbin-format.md §1.5 (headers, entries, string entries), README rule 3.
 * Upstream: llvm/include/llvm/Object/OffloadBinary.h (v1 intel/llvm@8c4edb31, v2, v3 llvm-project@05ed393b).
 */
import { countOf, magic, struct, u16, u32, u64, u64n, variant, type Decoded } from '../src/codec/index.js';
import { fromLayout } from './layout.js';

/** `10 FF 10 AD` on disk (0x10FF10AD read as bytes). */
export const OFFLOAD_BINARY_MAGIC = [0x10, 0xff, 0x10, 0xad] as const;

const magicField = magic(OFFLOAD_BINARY_MAGIC, 'OffloadBinary magic');

/** v1 header, 32 bytes: one entry, whose offset and size the header states. */
export const OffloadHeaderV1 = struct(
  {
    magic: magicField,
    version: u32,
    size: fromLayout(u64n, 'size'),
    entryOffset: fromLayout(u64n, 'entriesOffset'),
    /** sizeof(Entry) = 40; readers ignore it (spec README rule 3), so it is kept as a u64 bigint, unchecked. */
    entrySize: fromLayout(u64, 'entrySize'),
  },
  'OffloadHeaderV1',
);

/** v2 header, 32 bytes: entries offset + count. */
export const OffloadHeaderV2 = struct(
  {
    magic: magicField,
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
    magic: magicField,
    version: u32,
    size: fromLayout(u64n, 'size'),
    entriesOffset: fromLayout(u64n, 'entriesOffset'),
    entriesCount: countOf(u64n, 'entries'),
    inflatedSize: fromLayout(u64, 'inflatedSize'),
  },
  'OffloadHeaderV3',
);

export const OFFLOAD_HEADERS = { 1: OffloadHeaderV1, 2: OffloadHeaderV2, 3: OffloadHeaderV3 } as const;

/** Magic + version: the part every version shares, read first to learn the version. */
export const OffloadHeaderPrefix = struct({ magic: magicField, version: u32 }, 'OffloadBinary header');

/** The header of the version found in the prefix (`version` resolved from the reader's scope). */
export const OffloadHeader = variant('version', OFFLOAD_HEADERS, 'OffloadBinary version');

/** Entry, 40 bytes in every version. Offsets are relative to the start of the binary. */
export const OffloadEntry = struct(
  {
    imageKind: u16,
    offloadKind: u16,
    flags: u32,
    stringOffset: fromLayout(u64n, 'stringOffset'),
    numStrings: fromLayout(u64n, 'numStrings'),
    imageOffset: fromLayout(u64n, 'imageOffset'),
    imageSize: fromLayout(u64n, 'imageSize'),
  },
  'OffloadEntry',
);

/** v1 string entry, 16 bytes: key and value are NUL-terminated strings in the string table. */
export const OffloadStringEntryV1 = struct(
  {
    keyOffset: fromLayout(u64n, 'keyOffset'),
    valueOffset: fromLayout(u64n, 'valueOffset'),
  },
  'OffloadStringEntryV1',
);

/** v2/v3 string entry, 24 bytes: the value is given by offset + size (the key stays NUL-terminated). */
export const OffloadStringEntryV2 = struct(
  {
    keyOffset: fromLayout(u64n, 'keyOffset'),
    valueOffset: fromLayout(u64n, 'valueOffset'),
    valueSize: fromLayout(u64n, 'valueSize'),
  },
  'OffloadStringEntryV2',
);

export type OffloadHeaderV1Value = Decoded<typeof OffloadHeaderV1>;
export type OffloadHeaderV2Value = Decoded<typeof OffloadHeaderV2>;
export type OffloadHeaderV3Value = Decoded<typeof OffloadHeaderV3>;
export type OffloadEntryValue = Decoded<typeof OffloadEntry>;

/** Header size per version. */
export const OFFLOAD_HEADER_SIZE = { 1: 32, 2: 32, 3: 40 } as const;
