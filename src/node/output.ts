/**
 * The one output writer of the Node edge: a file is written to a temporary file beside it and renamed
 * over the destination when complete (rename(2) is atomic within one file system, so a reader never
 * sees a half-written output and a failed write leaves the old file untouched). Chunks are written as
 * they come; blob chunks (images of an input) are copied in windows, so a huge output never needs a
 * whole-image buffer.
 */
import { closeSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { forEachWindow, type Chunk } from '../codec/index.js';
import { FileError } from './input.js';

/** Bytes copied per write when streaming a blob. */
const COPY_WINDOW = 1 << 20;

/** Somewhere bytes go: standard output or an atomically written file. */
export interface OutputSink {
  /** Write text (UTF-8) or bytes. */
  write(chunk: string | Uint8Array): void;
  /** Write chunks (blobs are copied in windows). */
  writeChunks(chunks: readonly Chunk[]): void;
  /** Finish: rename the temporary file over the destination (no-op for standard output). */
  commit(): void;
  /** Give up: remove the temporary file. */
  abort(): void;
}

const encoder = new TextEncoder();

/** Write blob chunks through `write`, in windows. */
export function copyChunks(chunks: readonly Chunk[], write: (b: Uint8Array) => void): void {
  for (const c of chunks) {
    if (c instanceof Uint8Array) {
      write(c);
      continue;
    }
    // A BlobRef: copied in windows (positioned reads for a file input; views for memory).
    forEachWindow(c, write, COPY_WINDOW);
  }
}

/** Temporary files made by this process (part of their names). */
let tempCounter = 0;

/** An atomically written file at `path` (absolute). */
export function atomicFile(path: string, mode = 0o644): OutputSink {
  const dir = dirname(path);
  // O_EXCL ('wx'): never opens an existing file or follows a planted symlink; on a name clash
  // (another process, an old leftover) the next name is tried. The name need not be unguessable,
  // so node:crypto is not loaded for it (start-up of every command).
  let tmp = '';
  let fd: number | undefined;
  for (let attempt = 0; fd === undefined; attempt++) {
    tmp = join(dir, `.${basename(path)}.${process.pid}.${(++tempCounter).toString(36)}${Math.floor(Math.random() * 0x7fffffff).toString(36)}.tmp`);
    try {
      fd = openSync(tmp, 'wx', mode);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw e;
    }
  }
  const write = (b: Uint8Array): void => {
    let at = 0;
    while (at < b.length) at += writeSync(fd!, b, at, b.length - at);
  };
  const cleanup = (): void => {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        /* already failing */
      }
      fd = undefined;
    }
    try {
      unlinkSync(tmp);
    } catch {
      /* not there */
    }
  };
  return {
    write: (chunk) => write(typeof chunk === 'string' ? encoder.encode(chunk) : chunk),
    writeChunks: (chunks) => copyChunks(chunks, write),
    commit() {
      if (fd === undefined) return;
      closeSync(fd);
      fd = undefined;
      try {
        renameSync(tmp, path);
      } catch (e) {
        cleanup();
        throw e;
      }
    },
    abort: cleanup,
  };
}

/** Write `data` to `path` atomically. */
export function writeFileAtomic(path: string, data: Uint8Array | string | readonly Chunk[]): void {
  const out = atomicFile(path);
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) out.write(data);
    else out.writeChunks(data);
    out.commit();
  } catch (e) {
    out.abort();
    throw e;
  }
}

/** Create a directory (and parents); an existing directory is fine, an existing file is an error. */
export function ensureDir(path: string): string {
  mkdirSync(path, { recursive: true });
  if (!statSync(path).isDirectory()) throw new FileError(`${path}: exists and is not a directory`, 'ENOTDIR', 'mkdir');
  return path;
}

/** Identity (device:inode) of an existing file, or undefined. */
export function fileIdentity(path: string): string | undefined {
  try {
    const st = statSync(path);
    return `${st.dev}:${st.ino}`;
  } catch {
    return undefined;
  }
}

