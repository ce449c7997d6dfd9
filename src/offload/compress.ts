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
import { zstdAvailable, zstdCompress } from './libzstd.js';
import { SyclbinError } from '../codec/errors.js';

export * from './decompress.js';

/** Compresses an OffloadBinary v3 payload (writers default to {@link defaultCompressor}). */
export type Compressor = (data: Uint8Array, kind: Compression) => Uint8Array;

/** zlib `compress2` at level 6, byte-identical to LLVM's `compression::zlib::compress` default. */
export function zlibCompress(data: Uint8Array): Uint8Array {
  return deflate(data, { level: 6 });
}

/** LLVM's default zstd level (llvm/include/llvm/Support/Compression.h `zstd::DefaultCompression` = 5). */
export const ZSTD_LEVEL = 5;

/**
 * What the writers compress with unless given a compressor: the bytes LLVM's
 * `compression::compress` writes by default, zlib at level 6 (pako) or zstd at level 5 (libzstd,
 * once provided: importing `syclbin-toolkit/node` provides it in Node; a browser calls
 * `compileZstd`). zstd without libzstd is an error that says so.
 */
export const defaultCompressor: Compressor = (data: Uint8Array, kind: Compression): Uint8Array => {
  if (kind === 'zlib') return zlibCompress(data);
  if (!zstdAvailable()) throw new ZstdUnavailableError();
  return zstdCompress(data, ZSTD_LEVEL);
};

/** zstd compression was asked for before libzstd was provided (a SyclbinError, code UNAVAILABLE). */
export class ZstdUnavailableError extends SyclbinError {
  constructor() {
    super('UNAVAILABLE', "zstd compression needs libzstd: in Node import 'syclbin-toolkit/node' (or pass its nodeCompressor); in a browser call compileZstd(bytes of zstd.wasm) first, or pass a compressor");
  }
}
