/**
 * OffloadBinary v3 compression (llvm-project PR #222774), the writing side; reading is
 * src/offload/decompress.ts (re-exported here).
 *
 * zlib compression uses pako's deflate at level 6 (LLVM's default): pako is a port of zlib and gives
 * the same bytes as the system zlib LLVM links, whereas Node's bundled zlib (Chromium's fork) does not
 * (sample_v2_roles_v3_zlib is 597 bytes with pako and LLVM, 598 with node:zlib). zstd compression is
 * supplied by the caller (`Compressor`): the Node edge provides libzstd compiled to WebAssembly
 * (src/node/compressors.ts).
 */
/// <reference path="./pako.d.ts" />
import { deflate } from 'pako/lib/deflate.js';
import type { Compression } from './decompress.js';

export * from './decompress.js';

/** Compresses an OffloadBinary v3 payload (the Node edge supplies one with zstd: src/node/compressors.ts). */
export type Compressor = (data: Uint8Array, kind: Compression) => Uint8Array;

/** zlib `compress2` at level 6, byte-identical to LLVM's `compression::zlib::compress` default. */
export function zlibCompress(data: Uint8Array): Uint8Array {
  return deflate(data, { level: 6 });
}
