/**
 * OffloadBinary v3 compression (llvm-project PR #222774), the writing side; reading is
 * src/offload/decompress.ts (re-exported here).
 *
 * zlib compression uses pako at level 6 (LLVM's default): pako is a port of zlib and gives the same
 * bytes as the system zlib LLVM links, whereas Node's bundled zlib (Chromium's fork) does not —
 * measured on the conformance sample sample_v2_roles_v3_zlib (597 bytes, identical; node:zlib 598).
 * zstd compression must be supplied by the caller (`Compressor`): the Node edge provides a
 * WebAssembly libzstd (src/node/compressors.ts).
 */
import pako from 'pako';
import type { Compression } from './decompress.js';

export { decompressExact, detectCompression, DEFAULT_MAX_INFLATED_SIZE, ZSTD_MAGIC, type Compression } from './decompress.js';

/** Compresses a payload the given way (zstd comes from the caller: see the file comment). */
export type Compressor = (data: Uint8Array, kind: Compression) => Uint8Array;

/** zlib at level 6, byte-identical to LLVM's `compression::zlib::compress` default. */
export function zlibCompress(data: Uint8Array): Uint8Array {
  return pako.deflate(data, { level: 6 });
}
