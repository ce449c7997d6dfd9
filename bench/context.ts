/**
 * What a workload of `npm run bench` gets (bench/run.ts makes one per run) and small helpers the
 * workloads share: loading our code as users run it (dist/), file hashing and sparse files.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TableResult, TableSpec } from './harness.js';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The built CLI (`npm run bench` builds first). */
export const CLI = join(ROOT, 'dist', 'cli', 'main.js'); // the package's bin (scripts/build.ts)

/** One run of the benchmarks, as a workload sees it. */
export interface BenchContext {
  /** Measured runs per contender. */
  readonly runs: number;
  /** Small inputs (a smoke test of the benchmarks, not a measurement). */
  readonly quick: boolean;
  /** A fresh directory under os.tmpdir() for this workload's inputs and outputs (removed after). */
  readonly tmp: string;
  /** Measure a table (interleaved runs), print it and record it in the results. */
  measure(spec: Omit<TableSpec, 'runs'> & { runs?: number }): TableResult;
  /** Print a line and record it (with an optional machine-readable value) under `key`. */
  fact(key: string, text: string, value?: unknown): void;
  /** Print a progress line (stderr; not recorded). */
  progress(text: string): void;
}

/** A named group of tables (`--only NAME`). */
export interface Workload {
  readonly name: string;
  /** One line: what it measures. */
  readonly summary: string;
  run(ctx: BenchContext): Promise<void> | void;
}

/** Whether dist/ holds the built library (else in-process code is loaded from src/ through tsx). */
export const FROM_DIST = existsSync(join(ROOT, 'dist', 'src', 'index.js'));

/**
 * Import one of our modules as users run it: the tsc output in dist/ when built (running src/
 * through tsx adds esbuild's `__name` wrappers and is slower), src/ otherwise.
 * @param rel Path from the repository root without extension, e.g. `src/offload/read`.
 */
export async function load<T>(rel: string): Promise<T> {
  const url = pathToFileURL(FROM_DIST ? join(ROOT, 'dist', `${rel}.js`) : join(ROOT, `${rel}.ts`)).href;
  return (await import(url)) as T;
}

/** The node binary running the benchmarks, and `node CLI ARGS`. */
export function cli(...args: string[]): string[] {
  return [process.execPath, CLI, ...args];
}

/** SHA-256 (hex) of a file, read in 4 MiB pieces. */
export function sha256File(path: string): string {
  const h = createHash('sha256');
  const fd = openSync(path, 'r');
  const buf = Buffer.allocUnsafe(1 << 22);
  try {
    for (let pos = 0; ; ) {
      const n = readSync(fd, buf, 0, buf.length, pos);
      if (n === 0) break;
      h.update(buf.subarray(0, n));
      pos += n;
    }
  } finally {
    closeSync(fd);
  }
  return h.digest('hex');
}

/** Write `head` and extend the file to `size` bytes with a hole (the rest reads as zeros, costs no disk). */
export function writeSparse(path: string, head: Uint8Array, size: number): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, head);
  } finally {
    closeSync(fd);
  }
  truncateSync(path, size);
}

/** Size of a file in bytes. */
export function fileSize(path: string): number {
  return statSync(path).size;
}

/** `n` with thousands separators. */
export function count(n: number): string {
  return n.toLocaleString('en');
}

/** A byte count as MB/MiB/GiB text. */
export function bytes(n: number): string {
  if (n >= 2 ** 30) return `${(n / 2 ** 30).toFixed(2)} GiB`;
  if (n >= 2 ** 20) return `${(n / 2 ** 20).toFixed(1)} MiB`;
  if (n >= 2 ** 10) return `${(n / 2 ** 10).toFixed(1)} KiB`;
  return `${n} bytes`;
}

/** Deterministic incompressible bytes (xorshift32), for images that must not compress or be sparse. */
export function noise(n: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(n);
  const words = new Uint32Array(out.buffer, 0, n >> 2);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  for (let i = words.length * 4; i < n; i++) out[i] = i & 0xff;
  return out;
}

/** A 10,000 / 200,000 style label: 1k, 10k, 200k, 1M. */
export function short(n: number): string {
  if (n >= 1e6 && n % 1e6 === 0) return `${n / 1e6}m`;
  if (n >= 1e3 && n % 1e3 === 0) return `${n / 1e3}k`;
  return String(n);
}

/**
 * Run `argv` once with its standard output written to `outPath` (for comparing outputs; not timed).
 * @returns the exit status and the end of standard error.
 */
export function runToFile(argv: readonly string[], outPath: string, cwd?: string): { status: number; stderr: string } {
  const fd = openSync(outPath, 'w');
  try {
    const r = spawnSync(argv[0]!, argv.slice(1), { cwd, stdio: ['ignore', fd, 'pipe'], maxBuffer: 1 << 26 });
    if (r.error) throw r.error;
    return { status: r.status ?? -1, stderr: r.stderr.toString('utf8').trim().split('\n').slice(-3).join('\n') };
  } finally {
    closeSync(fd);
  }
}

/** `DIR/manifest.json`: a `syclbin pack` manifest of one executable SPIR-V module, the file `image` in DIR. */
export function writeOneImageManifest(dir: string, image: string): string {
  const manifest = join(dir, 'manifest.json');
  const doc = {
    format: 'syclbin-manifest',
    version: 1,
    syclbinVersion: 1,
    state: 'executable',
    abstractModules: [{ irModules: [{ file: image, type: 'SPIR-V', target: 'spir64-unknown-unknown' }], nativeImages: [] }],
  };
  writeFileSync(manifest, JSON.stringify(doc));
  return manifest;
}
