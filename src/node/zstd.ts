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

let wasmPath: string | undefined;

/**
 * Where `zstd.wasm` is: beside the package's Node entry point (its exports map hides the file
 * itself; the package ships the same file in dist/common, dist/esm and dist/web). Resolved on first
 * use, so a command that never meets a zstd payload does not pay for the package lookup at start-up.
 */
export function zstdWasmPath(): string {
  return (wasmPath ??= join(dirname(createRequire(import.meta.url).resolve('@bokuweb/zstd-wasm')), 'zstd.wasm'));
}

provideZstd(() => new WebAssembly.Module(readFileSync(zstdWasmPath())));

let ready: Promise<void> | undefined;

/** Compile libzstd now (once) instead of on first use; optional, zstd works without it. */
export function initZstd(): Promise<void> {
  ready ??= compileZstd(readFileSync(zstdWasmPath()));
  return ready;
}
