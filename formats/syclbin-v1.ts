/**
 * SYCLBIN v1 ("SYBI" header tables) — the single description of its fixed structures.
 * Spec: docs/spec/README.md rule 5 and the "Decisions" (56-byte header with 4 reserved bytes);
 * syclbin-format.md §1.2. Upstream: intel/llvm llvm/include/llvm/Object/SYCLBIN.h@fb33872a.
 *
 * File order: header (56) | N x AbstractModuleHeader | M x IRModuleHeader | L x NativeImageHeader |
 * metadata byte table (padded to 8) | binary byte table (padded to 8).
 * Metadata offsets are relative to the metadata table, binary offsets to the binary table.
 */
import { array, countOf, magic, reserved, struct, u32, u64n, type Decoded } from '../src/codec/index.js';
import { fromLayout } from './layout.js';

/** The u32 0x53594249 little-endian: bytes `49 42 59 53` ("IBYS") on disk. */
export const SYCLBIN_MAGIC = [0x49, 0x42, 0x59, 0x53] as const;
export const SYCLBIN_V1_VERSION = 1;

export const SyclbinFileHeader = struct(
  {
    magic: magic(SYCLBIN_MAGIC, 'SYCLBIN magic'),
    version: u32,
    abstractModuleCount: countOf(u32, 'abstractModules'),
    irModuleCount: countOf(u32, 'irModules'),
    nativeImageCount: countOf(u32, 'nativeImages'),
    /** alignas(8) padding: LLVM writers leave it uninitialised, the runtime writes zeros. Kept on read. */
    reserved: reserved(4),
    /** Unpadded sizes of the two byte tables. */
    metadataTableSize: fromLayout(u64n, 'metadataTableSize'),
    binaryTableSize: fromLayout(u64n, 'binaryTableSize'),
    globalMetadataOffset: fromLayout(u64n, 'metadataOffset'),
    globalMetadataSize: fromLayout(u64n, 'metadataSize'),
  },
  'SyclbinFileHeader',
);

export const AbstractModuleHeader = struct(
  {
    metadataOffset: fromLayout(u64n, 'metadataOffset'),
    metadataSize: fromLayout(u64n, 'metadataSize'),
    irModuleCount: fromLayout(u32, 'irModuleCount'),
    /** Index of the first IR module header (not a byte offset). */
    irModuleOffset: fromLayout(u32, 'irModuleIndex'),
    nativeImageCount: fromLayout(u32, 'nativeImageCount'),
    /** Index of the first native image header. */
    nativeImageOffset: fromLayout(u32, 'nativeImageIndex'),
  },
  'AbstractModuleHeader',
);

export const IRModuleHeader = struct(
  {
    metadataOffset: fromLayout(u64n, 'metadataOffset'),
    metadataSize: fromLayout(u64n, 'metadataSize'),
    rawIRBytesOffset: fromLayout(u64n, 'bytesOffset'),
    rawIRBytesSize: fromLayout(u64n, 'bytesSize'),
  },
  'IRModuleHeader',
);

export const NativeImageHeader = struct(
  {
    metadataOffset: fromLayout(u64n, 'metadataOffset'),
    metadataSize: fromLayout(u64n, 'metadataSize'),
    binaryBytesOffset: fromLayout(u64n, 'bytesOffset'),
    binaryBytesSize: fromLayout(u64n, 'bytesSize'),
  },
  'NativeImageHeader',
);

/** The three header tables that follow the file header; counts come from the file header. */
export const SyclbinHeaderTables = struct(
  {
    abstractModules: array(AbstractModuleHeader, 'header.abstractModuleCount'),
    irModules: array(IRModuleHeader, 'header.irModuleCount'),
    nativeImages: array(NativeImageHeader, 'header.nativeImageCount'),
  },
  'SyclbinHeaderTables',
);

export const SYCLBIN_FILE_HEADER_SIZE = 56;
export const SYCLBIN_TABLE_HEADER_SIZE = 32;

export type SyclbinFileHeaderValue = Decoded<typeof SyclbinFileHeader>;
export type AbstractModuleHeaderValue = Decoded<typeof AbstractModuleHeader>;
export type IRModuleHeaderValue = Decoded<typeof IRModuleHeader>;
export type NativeImageHeaderValue = Decoded<typeof NativeImageHeader>;
