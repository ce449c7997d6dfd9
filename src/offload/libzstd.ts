/**
 * libzstd, the one zstd implementation of the toolkit: the WebAssembly build that
 * `@bokuweb/zstd-wasm` 0.0.27 ships (`dist/esm/zstd.wasm`, libzstd compiled with emscripten),
 * driven directly rather than through the package's JavaScript glue, so that
 *  - the core stays portable: the caller hands over the compiled module (the Node edge reads the file,
 *    src/node/zstd.ts; the web inspector bundles the bytes, web/src/app.ts), nothing here does I/O;
 *  - a large output is decoded into a WebAssembly memory of its own and handed back as a view of it,
 *    with no copy: the bytes are allocated once, at the size the caller asked for.
 * Only one-shot `ZSTD_decompress` is used for decoding: it writes straight into a destination of
 * fixed capacity and fails with dstSize_tooSmall at the first block that would not fit, and it
 * allocates no window (the output is the window), so neither a lying size nor a huge declared
 * window costs memory (facebook/zstd:lib/decompress/zstd_decompress.c `ZSTD_decompressFrame`).
 * Compression uses `ZSTD_compress` at the caller's level, as the goldens in testdata/ were made.
 *
 * The module's exports are emscripten-minified names; `EXPORTS` maps them (from the package's
 * dist/esm/zstd.js) and `attach` checks every one's kind and arity, so a different build fails
 * loudly instead of calling the wrong function. package.json pins the exact version.
 */
import { ArgumentError, DecodeError, describeValue, type PathKey } from '../codec/index.js';

/** The libzstd functions used here, by their C names, with the minified export each one has. */
const EXPORTS = {
  memory: 'f',
  initRuntime: 'g', // __wasm_call_ctors
  compressBound: 'i', // size_t ZSTD_compressBound(size_t)
  compress: 'm', // size_t ZSTD_compress(void *dst, size_t cap, const void *src, size_t n, int level)
  decompress: 'r', // size_t ZSTD_decompress(void *dst, size_t cap, const void *src, size_t n)
  malloc: 's',
  free: 't',
} as const;

const ARITY: Partial<Record<keyof typeof EXPORTS, number>> = { initRuntime: 0, compressBound: 1, compress: 5, decompress: 4, malloc: 1, free: 1 };

interface Lib {
  memory: WebAssembly.Memory;
  compressBound(n: number): number;
  compress(dst: number, cap: number, src: number, n: number, level: number): number;
  decompress(dst: number, cap: number, src: number, n: number): number;
  malloc(n: number): number;
  free(p: number): void;
}

/** ZSTD_ErrorCode names (facebook/zstd:lib/zstd_errors.h) of the errors a decoder can return. */
const ERRORS: Record<number, string> = {
  1: 'GENERIC',
  10: 'prefix_unknown',
  12: 'version_unsupported',
  14: 'frameParameter_unsupported',
  16: 'frameParameter_windowTooLarge',
  20: 'corruption_detected',
  22: 'checksum_wrong',
  24: 'literals_headerWrong',
  30: 'dictionary_corrupted',
  32: 'dictionary_wrong',
  64: 'memory_allocation',
  70: 'dstSize_tooSmall',
  72: 'srcSize_wrong',
};
/** ZSTD_isError: results above (size_t)-ZSTD_error_maxCode; size_t is 32-bit in wasm32, returned as i32. */
const MAX_ERROR_CODE = 120;

/** libzstd's own error, with its ZSTD_ErrorCode. */
export class ZstdError extends Error {
  /** The ZSTD_ErrorCode number. */
  readonly code: number;
  constructor(code: number) {
    super(`libzstd error ${ERRORS[code] ?? code}`);
    this.code = code;
  }
  /** The ZSTD_ErrorCode name (`dstSize_tooSmall`, `corruption_detected`, ...). */
  get codeName(): string {
    return ERRORS[this.code] ?? String(this.code);
  }
}

let compiled: WebAssembly.Module | undefined;
let loader: (() => WebAssembly.Module) | undefined;
/** One instance kept for small jobs; big outputs get an instance (and memory) of their own. */
let shared: Lib | undefined;

/** Outputs above this get their own WebAssembly memory, handed back without a copy. */
const OWN_MEMORY_ABOVE = 256 << 10;
/** A shared instance whose memory grew past this is dropped after the job (memory never shrinks). */
const SHARED_MEMORY_MAX = 32 << 20;
const PAGE = 65536;
/** The module declares a 2 GiB maximum (32768 pages). */
const MEMORY_MAX = 2 ** 31;

/**
 * Give the toolkit its zstd implementation: the compiled libzstd module, or a function that
 * compiles it synchronously on first use (Node: src/node/zstd.ts). Until then zstd payloads are
 * an `UNAVAILABLE` DecodeError.
 */
export function provideZstd(module: WebAssembly.Module | (() => WebAssembly.Module)): void {
  if (module instanceof WebAssembly.Module) compiled = module;
  else loader = module;
  shared = undefined;
}

/**
 * Compile libzstd from the bytes of `zstd.wasm` asynchronously (what a browser page does: its main
 * thread may not compile large modules synchronously) and provide it.
 */
export async function compileZstd(wasm: BufferSource): Promise<void> {
  if (!(wasm instanceof ArrayBuffer || ArrayBuffer.isView(wasm))) throw new ArgumentError(`compileZstd: expected the WebAssembly module's bytes (an ArrayBuffer or a view of one), not ${describeValue(wasm)}`);
  provideZstd(await WebAssembly.compile(wasm));
}

/** True when a zstd implementation has been provided (compiled or loadable). */
export function zstdAvailable(): boolean {
  return compiled !== undefined || loader !== undefined;
}

function moduleOrUndefined(): WebAssembly.Module | undefined {
  if (!compiled && loader) compiled = loader();
  return compiled;
}

/** A fresh instance with a memory of its own. */
function instantiate(module: WebAssembly.Module): Lib {
  let memory: WebAssembly.Memory | undefined;
  const fail = (what: string) => (): never => {
    throw new Error(`libzstd called ${what}`);
  };
  // The emscripten runtime imports (dist/esm/zstd.js `wasmImports`): exit/abort are failures, the
  // timer is unused, and the heap grows to exactly what malloc asks for (emscripten over-allocates 20%).
  const imports = {
    a: {
      a: fail('exit'),
      b: () => undefined,
      c: fail('abort'),
      d: () => 0,
      e: (requested: number): number => {
        const want = requested >>> 0;
        const have = memory!.buffer.byteLength;
        if (want > MEMORY_MAX) return 0;
        if (want <= have) return 1;
        try {
          memory!.grow(Math.ceil((want - have) / PAGE));
          return 1;
        } catch {
          return 0;
        }
      },
    },
  };
  const inst = new WebAssembly.Instance(module, imports);
  const lib = attach(inst.exports);
  memory = lib.memory;
  (inst.exports[EXPORTS.initRuntime] as () => void)();
  return lib;
}

function attach(exports: WebAssembly.Exports): Lib {
  const out: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(EXPORTS) as [keyof typeof EXPORTS, string][]) {
    const x = exports[key];
    const arity = ARITY[name];
    const ok = name === 'memory' ? x instanceof WebAssembly.Memory : typeof x === 'function' && (x as (...a: unknown[]) => unknown).length === arity;
    if (!ok) throw new Error(`this zstd.wasm is not the @bokuweb/zstd-wasm 0.0.27 build: export '${key}' is not ${name}`);
    out[name] = x;
  }
  return out as unknown as Lib;
}

function library(offset: number, path: readonly PathKey[]): { lib: Lib; module: WebAssembly.Module } {
  const module = moduleOrUndefined();
  if (!module) {
    throw new DecodeError(
      'UNAVAILABLE',
      'this zstd payload needs libzstd, which was not provided (Node: import syclbin-toolkit/node; a browser: await compileZstd(bytes of zstd.wasm))',
      offset,
      path,
    );
  }
  shared ??= instantiate(module);
  return { lib: shared, module };
}

function check(r: number): number {
  if (r < 0 && r >= -MAX_ERROR_CODE) throw new ZstdError(-r);
  return r >>> 0;
}

/** Copy `data` into `lib`'s memory; 0 when it cannot be allocated. */
function put(lib: Lib, data: Uint8Array): number {
  const p = lib.malloc(Math.max(1, data.length));
  if (p) new Uint8Array(lib.memory.buffer, p, data.length).set(data);
  return p;
}

/**
 * Decode one zstd frame into a new buffer of `prefix.length + size` bytes that starts with
 * `prefix`: the frame must produce at most `size` bytes (libzstd stops at the first block that would
 * not fit); returns the buffer and how many bytes the frame produced. Throws ZstdError for libzstd's
 * errors, DecodeError LIMIT when the memory cannot be had, UNAVAILABLE without libzstd.
 */
export function zstdDecompress(frame: Uint8Array, prefix: Uint8Array, size: number, offset: number, path: readonly PathKey[]): { out: Uint8Array; produced: number } {
  const total = prefix.length + size;
  const { lib: sharedLib, module } = library(offset, path);
  const own = total > OWN_MEMORY_ABOVE;
  const lib = own ? instantiate(module) : sharedLib;
  const src = put(lib, frame);
  const dst = src ? lib.malloc(Math.max(1, total)) : 0;
  if (!dst) {
    if (!own) release(lib, [src]);
    throw new DecodeError('LIMIT', `cannot allocate ${total} bytes of WebAssembly memory for the zstd output`, offset, path);
  }
  let produced: number;
  try {
    produced = check(lib.decompress(dst + prefix.length, size, src, frame.length));
  } catch (e) {
    if (!own) release(lib, [src, dst]);
    if (!(e instanceof ZstdError) && lib === shared) shared = undefined; // a trap leaves the instance unusable
    throw e;
  }
  const view = new Uint8Array(lib.memory.buffer, dst, total);
  view.set(prefix);
  if (own) return { out: view, produced };
  const out = view.slice();
  release(lib, [src, dst]);
  return { out, produced };
}

/** `ZSTD_compress(data, level)`: one frame with Frame_Content_Size, no checksum. */
export function zstdCompress(data: Uint8Array, level: number): Uint8Array {
  const { lib } = library(-1, []);
  const src = put(lib, data);
  const cap = lib.compressBound(data.length);
  const dst = src ? lib.malloc(cap) : 0;
  if (!dst) {
    release(lib, [src]);
    throw new Error(`cannot allocate WebAssembly memory to compress ${data.length} bytes`);
  }
  try {
    const n = check(lib.compress(dst, cap, src, data.length, level));
    return new Uint8Array(lib.memory.buffer, dst, n).slice();
  } finally {
    release(lib, [src, dst]);
  }
}

/** Free the job's blocks; drop the shared instance when its memory grew large (it cannot shrink). */
function release(lib: Lib, blocks: number[]): void {
  for (const p of blocks) if (p) lib.free(p);
  if (lib === shared && lib.memory.buffer.byteLength > SHARED_MEMORY_MAX) shared = undefined;
}
