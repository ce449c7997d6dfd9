/**
 * Shared Node file helpers for the CLI (the portable core never touches the file system).
 *
 * - `readInput`: whole-file read with a size cap and a clear message (errors keep their errno code
 *   so `runCli` reports them as I/O failures, exit status 1).
 * - `readAt` / `openForRead`: positioned reads (`fs.readSync(fd, buf, 0, n, position)`), so large
 *   inputs can be probed without reading them whole.
 * - `writeFileAtomic`: write to a temporary file in the destination directory, fsync it, then
 *   `rename` over the destination. A reader never sees a half-written output, and a failed write
 *   leaves the old file untouched (rename(2) is atomic within one file system).
 * - `checkNotOverwritingInput`: refuse to write over one of the inputs unless `--force` is given
 *   (compared by device + inode when the output exists, so `./a` and `a` and hard links match).
 */
import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { concatBytes } from '../codec/source.js';
import { memorySource, type ByteSource } from '../codec/source.js';

/** Thrown for file-level refusals (overwrite, too large); `code`/`syscall` let runCli print it as I/O failure. */
export class FileError extends Error {
  readonly code: string;
  readonly syscall: string;
  constructor(message: string, code: string, syscall: string) {
    super(message);
    this.name = 'FileError';
    this.code = code;
    this.syscall = syscall;
  }
}

/** Default cap for whole-file reads: 4 GiB is past what a Uint8Array of Node 20 can hold anyway. */
export const DEFAULT_MAX_INPUT = 2 ** 32 - 1;

/** Read a whole file. `path` is resolved against `cwd`. */
export function readInput(cwd: string, path: string, maxBytes = DEFAULT_MAX_INPUT): Uint8Array {
  const abs = resolve(cwd, path);
  const fd = openSync(abs, 'r');
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new FileError(`${path}: is a directory`, 'EISDIR', 'read');
    if (st.size > maxBytes) throw new FileError(`${path}: ${st.size} bytes is more than the ${maxBytes}-byte input limit`, 'EFBIG', 'read');
    // Regular files: read exactly st.size bytes with positioned reads. Pipes/devices report size 0:
    // read until EOF in chunks.
    if (st.isFile()) {
      const out = new Uint8Array(st.size);
      let at = 0;
      while (at < out.length) {
        const n = readSync(fd, out, at, out.length - at, at);
        if (n === 0) break; // file shrank while reading
        at += n;
      }
      return at === out.length ? out : out.subarray(0, at);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const buf = new Uint8Array(1 << 16);
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw new FileError(`${path}: more than the ${maxBytes}-byte input limit`, 'EFBIG', 'read');
      chunks.push(buf.subarray(0, n));
    }
    return concatBytes(chunks);
  } finally {
    closeSync(fd);
  }
}

/** An open file for positioned reads. Close it with `close()`. */
export interface RandomAccessFile {
  readonly size: number;
  /** Read `length` bytes at `position` (fewer at the end of the file). */
  readAt(position: number, length: number): Uint8Array;
  close(): void;
}

export function openForRead(cwd: string, path: string): RandomAccessFile {
  const fd = openSync(resolve(cwd, path), 'r');
  const size = fstatSync(fd).size;
  return {
    size,
    readAt: (position, length) => readAt(fd, position, length),
    close: () => closeSync(fd),
  };
}

/** Positioned read of up to `length` bytes at `position` of an open descriptor. */
export function readAt(fd: number, position: number, length: number): Uint8Array {
  if (!Number.isSafeInteger(position) || position < 0 || !Number.isSafeInteger(length) || length < 0) {
    throw new RangeError(`readAt: bad position/length ${position}/${length}`);
  }
  const out = new Uint8Array(length);
  let at = 0;
  while (at < length) {
    const n = readSync(fd, out, at, length - at, position + at);
    if (n === 0) break;
    at += n;
  }
  return at === length ? out : out.subarray(0, at);
}

/** Identity of an existing file (device + inode), or undefined when it does not exist. */
function identity(path: string): string | undefined {
  try {
    const st = statSync(path);
    return `${st.dev}:${st.ino}`;
  } catch {
    return undefined;
  }
}

/**
 * Refuse to write `output` when it is one of `inputs` (same path, or same file through another
 * name), unless `force`. Writing the output over an input that is still being read would corrupt it.
 */
export function checkNotOverwritingInput(cwd: string, output: string, inputs: readonly string[], force: boolean): void {
  if (force) return;
  const out = resolve(cwd, output);
  const outId = identity(out);
  for (const input of inputs) {
    const abs = resolve(cwd, input);
    if (abs === out || (outId !== undefined && identity(abs) === outId)) {
      throw new FileError(`refusing to overwrite the input file ${input} with the output (pass --force to do it anyway)`, 'EEXIST', 'open');
    }
  }
}

/**
 * Write `data` to `path` atomically: a temporary file beside it (same directory, so the rename
 * stays on one file system), fsync, rename. The temporary file is removed on failure.
 */
export function writeFileAtomic(cwd: string, path: string, data: Uint8Array | string, mode = 0o644): void {
  const abs = resolve(cwd, path);
  const dir = dirname(abs);
  const tmp = join(dir, `.${basename(abs)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'wx', mode);
    let at = 0;
    while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, abs);
  } catch (e) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        /* already failing */
      }
    }
    try {
      unlinkSync(tmp);
    } catch {
      /* not created */
    }
    throw e;
  }
}

/** Create a directory (and parents); an existing directory is fine, an existing file is an error. */
export function ensureDir(cwd: string, path: string): string {
  const abs = resolve(cwd, path);
  mkdirSync(abs, { recursive: true });
  if (!statSync(abs).isDirectory()) throw new FileError(`${path}: exists and is not a directory`, 'ENOTDIR', 'mkdir');
  return abs;
}

/** An input file as a ByteSource for the readers; close it when done. */
export interface InputSource {
  readonly source: ByteSource;
  close(): void;
}

/**
 * Open an input for a reader. Files up to `wholeFileLimit` bytes (default 64 MiB) are read at once
 * (one read is faster than many small ones); larger files are read with positioned reads, so
 * listing a huge file reads its headers and string tables, not its images.
 */
export function openInput(cwd: string, path: string, wholeFileLimit = 64 << 20): InputSource {
  const f = openForRead(cwd, path);
  try {
    if (f.size <= wholeFileLimit) {
      const bytes = f.readAt(0, f.size);
      f.close();
      return { source: memorySource(bytes), close: () => undefined };
    }
  } catch (e) {
    f.close();
    throw e;
  }
  return { source: { size: f.size, read: (offset, length) => f.readAt(offset, length) }, close: () => f.close() };
}
