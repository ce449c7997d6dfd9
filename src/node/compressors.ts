/**
 * Node-side compressors for OffloadBinary v3 (the core stays portable and takes them as a
 * parameter). zlib: pako level 6 from the core (same bytes as LLVM's zlib; node:zlib differs). zstd: a WebAssembly build of libzstd (@bokuweb/zstd-wasm),
 * since Node 20's zlib has no zstd.
 */
import { zlibCompress, type Compression, type Compressor } from '../offload/compress.js';

let zstd: { compress(d: Uint8Array, level?: number): Uint8Array } | undefined;

/** Load the zstd WebAssembly module (once). Call before compressing with zstd. */
export async function initZstd(): Promise<void> {
  if (zstd) return;
  const mod = await import('@bokuweb/zstd-wasm');
  await mod.init();
  zstd = mod;
}

/** LLVM's default zstd level (llvm::compression::zstd::DefaultCompression = 5). */
export const ZSTD_LEVEL = 5;

export const nodeCompressor: Compressor = (data: Uint8Array, kind: Compression): Uint8Array => {
  if (kind === 'zlib') return zlibCompress(data);
  if (!zstd) throw new Error('zstd is not initialised: await initZstd() first');
  return zstd.compress(data, ZSTD_LEVEL);
};
