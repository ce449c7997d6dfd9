/**
 * SYCLBIN v1 ("SYBI" header tables) — the single description of its structures and geometry.
 * Upstream: intel/llvm llvm/include/llvm/Object/SYCLBIN.h@fb33872a and llvm/lib/Object/SYCLBIN.cpp.
 * Project notes: docs/spec/README.md rule 5 and "Decisions" (56-byte header with 4 reserved bytes);
 * docs/spec/syclbin-format.md §1.2.
 *
 * File order: header (56) | N x AbstractModuleHeader | M x IRModuleHeader | L x NativeImageHeader |
 * metadata byte table (padded to 8) | binary byte table (padded to 8). Metadata offsets are relative
 * to the metadata table, binary offsets to the binary table; an abstract module refers to its IR
 * modules and native images by index ranges of the header tables.
 */
import { array, countOf, E, layout, magic, R, reserved, struct, u32, u64n, type Decoded } from '../src/codec/index.js';
import { fromLayout } from './layout.js';

/** The u32 0x53594249 little-endian: bytes `49 42 59 53` ("IBYS") on disk. */
export const SYCLBIN_MAGIC = [0x49, 0x42, 0x59, 0x53] as const;
/** The magic as a codec node (checked on read, written as is). */
export const SyclbinMagic = magic(SYCLBIN_MAGIC, 'SYCLBIN magic');
/** The version writers emit; readers accept 0 and 1 (LLVM rejects only > 1). */
export const SYCLBIN_V1_VERSION = 1;

/** SYCLBIN v1 file header (`FileHeaderType`, 56 bytes): counts of the three header tables, the sizes of the metadata and binary tables, where the global metadata is (docs/spec/syclbin-format.md §1.2). */
export const SyclbinFileHeader = struct(
  {
    magic: SyclbinMagic,
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
  { globalMetadata: R.blob('metadataTable', 'globalMetadataOffset', 'globalMetadataSize') },
);

/** Abstract module header (`AbstractModuleHeaderType`, 32 bytes): its metadata blob and the index ranges of its IR module and native image headers. */
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
  {
    metadata: R.blob('metadataTable', 'metadataOffset', 'metadataSize'),
    irModules: R.slice('irModules', 'irModuleOffset', 'irModuleCount'),
    nativeImages: R.slice('nativeImages', 'nativeImageOffset', 'nativeImageCount'),
  },
);

/** IR module header (`IRModuleHeaderType`, 32 bytes): its metadata blob and its bytes in the binary table. */
export const IRModuleHeader = struct(
  {
    metadataOffset: fromLayout(u64n, 'metadataOffset'),
    metadataSize: fromLayout(u64n, 'metadataSize'),
    rawIRBytesOffset: fromLayout(u64n, 'bytesOffset'),
    rawIRBytesSize: fromLayout(u64n, 'bytesSize'),
  },
  'IRModuleHeader',
  {
    metadata: R.blob('metadataTable', 'metadataOffset', 'metadataSize'),
    bytes: R.blob('binaryTable', 'rawIRBytesOffset', 'rawIRBytesSize'),
  },
);

/** Native image header (`NativeDeviceCodeImageHeaderType`, 32 bytes): its metadata blob and its bytes in the binary table. */
export const NativeImageHeader = struct(
  {
    metadataOffset: fromLayout(u64n, 'metadataOffset'),
    metadataSize: fromLayout(u64n, 'metadataSize'),
    binaryBytesOffset: fromLayout(u64n, 'bytesOffset'),
    binaryBytesSize: fromLayout(u64n, 'bytesSize'),
  },
  'NativeImageHeader',
  {
    metadata: R.blob('metadataTable', 'metadataOffset', 'metadataSize'),
    bytes: R.blob('binaryTable', 'binaryBytesOffset', 'binaryBytesSize'),
  },
);

/** Where everything is, from the file header's counts and sizes (README rule 5). */
export const SyclbinV1Layout = layout('SYCLBIN v1', {
  header: { at: 0, node: SyclbinFileHeader },
  abstractModules: { at: E.end('header'), table: { elem: AbstractModuleHeader, count: E.ref('header.abstractModuleCount') } },
  irModules: { at: E.end('abstractModules'), table: { elem: IRModuleHeader, count: E.ref('header.irModuleCount') } },
  nativeImages: { at: E.end('irModules'), table: { elem: NativeImageHeader, count: E.ref('header.nativeImageCount') } },
  metadataTable: { at: E.end('nativeImages'), size: E.ref('header.metadataTableSize'), padTo: 8, doc: 'property-set registry texts' },
  binaryTable: { at: E.alignUp(E.end('metadataTable'), 8), size: E.ref('header.binaryTableSize'), padTo: 8, doc: 'IR modules and native images' },
});

/** The three header tables (the writer encodes them back to back). */
export const SyclbinHeaderTables = struct(
  {
    abstractModules: array(AbstractModuleHeader, 'header.abstractModuleCount'),
    irModules: array(IRModuleHeader, 'header.irModuleCount'),
    nativeImages: array(NativeImageHeader, 'header.nativeImageCount'),
  },
  'SyclbinHeaderTables',
);

/** A decoded SYCLBIN v1 file header. */
export type SyclbinFileHeaderValue = Decoded<typeof SyclbinFileHeader>;
/** A decoded abstract module header. */
export type AbstractModuleHeaderValue = Decoded<typeof AbstractModuleHeader>;
/** A decoded IR module header. */
export type IRModuleHeaderValue = Decoded<typeof IRModuleHeader>;
/** A decoded native image header. */
export type NativeImageHeaderValue = Decoded<typeof NativeImageHeader>;
