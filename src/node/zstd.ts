/**
 * libzstd for Node: the WebAssembly module of @bokuweb/zstd-wasm (the exact version package.json
 * pins; src/offload/libzstd.ts drives it), read from node_modules and compiled on first use.
 * Importing this module provides it to the core, so every reader in this process can read zstd
 * payloads; `initZstd()` compiles it ahead of time (asynchronously).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { compileZstd, provideZstd } from '../offload/libzstd.js';

/**
 * Where `zstd.wasm` is: beside the package's Node entry point (its exports map hides the file
 * itself; the package ships the same file in dist/common, dist/esm and dist/web).
 */
export const ZSTD_WASM_PATH = join(dirname(createRequire(import.meta.url).resolve('@bokuweb/zstd-wasm')), 'zstd.wasm');

provideZstd(() => new WebAssembly.Module(readFileSync(ZSTD_WASM_PATH)));

let ready: Promise<void> | undefined;

/** Compile libzstd now (once) instead of on first use; optional, zstd works without it. */
export function initZstd(): Promise<void> {
  ready ??= compileZstd(readFileSync(ZSTD_WASM_PATH));
  return ready;
}
