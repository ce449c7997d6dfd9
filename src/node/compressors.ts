/**
 * Node-side compressors for OffloadBinary v3 (the core stays portable and takes them as a
 * parameter). zlib: pako level 6 from the core (same bytes as LLVM's zlib; node:zlib differs).
 * zstd: libzstd (WebAssembly, src/offload/libzstd.ts, provided by ./zstd.ts) at LLVM's level.
 */
import { defaultCompressor, ZSTD_LEVEL, type Compressor } from '../offload/compress.js';
import './zstd.js';

/** Compile libzstd ahead of time (src/node/zstd.ts); kept here for callers of the compressors. */
export { initZstd } from './zstd.js';

/** LLVM's default zstd level, re-exported for callers of the compressors. */
export { ZSTD_LEVEL };

/**
 * zlib level 6 or zstd level 5: the bytes LLVM's `compression::compress` writes by default. The
 * core's default compressor, with libzstd provided (importing this module provides it), so writers
 * given no compressor write the same bytes; kept as a name for callers that pass one explicitly.
 */
export const nodeCompressor: Compressor = defaultCompressor;
