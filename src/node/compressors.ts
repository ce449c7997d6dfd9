/**
 * Node-side compressors for OffloadBinary v3 (the core stays portable and takes them as a
 * parameter). zlib: pako level 6 from the core (same bytes as LLVM's zlib; node:zlib differs).
 * zstd: libzstd (WebAssembly, src/offload/libzstd.ts, provided by ./zstd.ts) at LLVM's level.
 */
import { zlibCompress, type Compression, type Compressor } from '../offload/compress.js';
import { zstdCompress } from '../offload/libzstd.js';
import './zstd.js';

/** Compile libzstd ahead of time (src/node/zstd.ts); kept here for callers of the compressors. */
export { initZstd } from './zstd.js';

/** LLVM's default zstd level (llvm::compression::zstd::DefaultCompression = 5). */
export const ZSTD_LEVEL = 5;

/** zlib level 6 or zstd level 5: the bytes LLVM's `compression::compress` writes by default. */
export const nodeCompressor: Compressor = (data: Uint8Array, kind: Compression): Uint8Array => (kind === 'zlib' ? zlibCompress(data) : zstdCompress(data, ZSTD_LEVEL));
