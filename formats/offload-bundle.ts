/**
 * clang-offload-bundler bundles: what HIP objects compiled without `-fgpu-rdc` keep in a section
 * (clang names it `.hip_fatbin`), which llvm-objdump-22 `--offloading` splits and writes out as files
 * (`Extracting offload bundle: NAME`). The single description of their on-disk structures: the
 * uncompressed bundle (magic, entry count, entries of offset/size/ID-length then the ID; offsets count
 * from the bundle's first byte) and the compressed `CCOB` wrapper in its three header versions.
 *
 * Upstream: llvm/lib/Object/OffloadBundle.cpp and llvm/include/llvm/Object/OffloadBundle.h (the
 * revision Debian's LLVM 22.1.8 is built from), llvm/tools/llvm-objdump/OffloadDump.cpp@03c2d602;
 * clang/lib/Driver/OffloadBundler.cpp (`CompressedOffloadBundle`: the CCOB header). All fields
 * little-endian.
 */
import { magic, struct, u16, u32, u64, u64n } from '../src/codec/index.js';

/** `__CLANG_OFFLOAD_BUNDLE__`: an uncompressed bundle. */
export const OFFLOAD_BUNDLE_MAGIC = [...'__CLANG_OFFLOAD_BUNDLE__'].map((c) => c.charCodeAt(0));
/** `CCOB`: a compressed bundle. */
export const COMPRESSED_BUNDLE_MAGIC = [...'CCOB'].map((c) => c.charCodeAt(0));

/** The bundle header: magic, then the number of entries. */
export const OffloadBundleHeader = struct({ magic: magic(OFFLOAD_BUNDLE_MAGIC, 'offload bundle magic'), numEntries: u64n }, 'offload bundle header');

/** One entry: where its code is (from the bundle's first byte), its size, and the length of the ID that follows. */
export const OffloadBundleEntry = struct(
  {
    /** Read as a u64 (bigint): LLVM adds it to the section's offset unchecked; a huge one fails only where code is copied from it. */
    offset: u64,
    /** Read as a u64 (bigint); an entry of size 0 is skipped, wherever its offset points. */
    size: u64,
    /**
     * Read as a u64, of which LLVM uses the low 32 bits: OffloadBundleFatBin::readEntries passes it to
     * BinaryStreamReader::readFixedString, whose length is a uint32_t (llvm/lib/Object/OffloadBundle.cpp).
     */
    idLength: u64,
  },
  'offload bundle entry',
);

/** The compressed bundle's header, per version (1: 20 bytes, 2: 24, 3: 32); the compressed stream follows. */
export const CompressedBundleHeaders = {
  1: struct({ magic: magic(COMPRESSED_BUNDLE_MAGIC, 'compressed bundle magic'), version: u16, method: u16, uncompressedSize: u32, hash: u64 }, 'compressed bundle header v1'),
  2: struct({ magic: magic(COMPRESSED_BUNDLE_MAGIC, 'compressed bundle magic'), version: u16, method: u16, totalSize: u32, uncompressedSize: u32, hash: u64 }, 'compressed bundle header v2'),
  3: struct({ magic: magic(COMPRESSED_BUNDLE_MAGIC, 'compressed bundle magic'), version: u16, method: u16, totalSize: u64n, uncompressedSize: u64n, hash: u64 }, 'compressed bundle header v3'),
} as const;

/** The compressed bundle's `method` values (OffloadBundle.cpp: `zlib` 0, `zstd` 1). */
export const COMPRESSED_BUNDLE_METHODS: Readonly<Record<number, 'zlib' | 'zstd'>> = { 0: 'zlib', 1: 'zstd' };

/** The fields every compressed header starts with (magic, version, method): 8 bytes. */
export const CompressedBundlePrefix = struct({ magic: magic(COMPRESSED_BUNDLE_MAGIC, 'compressed bundle magic'), version: u16, method: u16 }, 'compressed bundle header prefix');
