/**
 * The one input opener of the Node edge. A name is a file path, or `-` for standard input.
 *
 * - Regular files are read with positioned reads through a window cache (src/node/file-source.ts),
 *   so readers fetch the headers and metadata they need, not the images, and a sequential walk costs
 *   one read per window, not one per field. Small files are read at once (one read is fastest).
 * - Standard input, pipes, FIFOs, sockets and terminals (`-`, `/dev/stdin`, `<(cmd)`) are read
 *   fully, up to a limit, because readers need random access; the limit keeps a runaway producer
 *   from exhausting memory.
 * - Other devices (`/dev/zero`, disks) are refused: they never end or are not files.
 */
import { closeSync, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';
import { isatty } from 'node:tty';
import { ArgumentError, concatBytes, describeValue, memorySource, optionsArgument, type ByteSource } from '../codec/index.js';
import { windowedFileSource } from './file-source.js';

/** Thrown for file-level refusals (not a file, too large); `code`/`syscall` make it an I/O failure. */
export class FileError extends Error {
  /** Error code in the style of Node's system errors (`EISDIR`, `EFBIG`, ...). */
  readonly code: string;
  /** The operation refused (`read`, `mkdir`). */
  readonly syscall: string;
  constructor(message: string, code: string, syscall: string) {
    super(message);
    this.name = 'FileError';
    this.code = code;
    this.syscall = syscall;
  }
}

/** An opened input. */
export interface InputFile {
  /** The name as given (`-` for standard input). */
  readonly name: string;
  /** Absolute path ('' for standard input). */
  readonly path: string;
  /** The input's bytes. */
  readonly source: ByteSource;
  /** Device and inode of a regular file (to refuse writing an output over it). */
  readonly identity?: string;
  /** Release the file descriptor (nothing for in-memory inputs). */
  close(): void;
}

/** Options of `openInput`. */
export interface OpenInputOptions {
  /** Directory relative names are resolved against (default: the process's working directory). */
  cwd?: string;
  /** Most bytes read from a stream (standard input, a pipe); default 1 GiB. */
  maxStreamBytes?: number;
  /** Regular files up to this size are read at once (default 16 MiB). */
  wholeFileLimit?: number;
  /** Standard input as bytes (tests inject it); default: file descriptor 0. */
  stdin?: () => Uint8Array;
}

/** Default cap on inputs read from streams. */
export const DEFAULT_MAX_STREAM_BYTES = 1 << 30;

/** Most bytes read from a character device (16 MiB): /dev/null is empty, /dev/zero would never end. */
export const DEVICE_READ_LIMIT = 16 << 20;

/** Open `name` for the readers. */
export function openInput(name: string, opts: OpenInputOptions = {}): InputFile {
  if (typeof name !== 'string') throw new ArgumentError(`openInput: the name must be a string (a path, or '-' for standard input), not ${describeValue(name)}`);
  opts = { ...optionsArgument(opts, 'openInput') };
  const cwd = opts.cwd ?? process.cwd();
  const max = opts.maxStreamBytes ?? DEFAULT_MAX_STREAM_BYTES;
  if (name === '-') {
    const bytes = opts.stdin ? opts.stdin() : readStream(0, max);
    if (bytes.length > max) throw new FileError(`more than the ${max}-byte limit for inputs that are not files (save it to a file first)`, 'EFBIG', 'read');
    // Standard input redirected from a regular file (`< in.syclbin`) is that file: its identity keeps
    // an output from being written over it, as for a named input.
    const identity = opts.stdin ? undefined : stdinIdentity();
    return { name, path: '', ...(identity ? { identity } : {}), source: memorySource(bytes), close: () => undefined };
  }
  // An empty name is no file (open("") is ENOENT); resolved, it would name the working directory.
  if (name === '') throw new FileError(STRERROR.ENOENT, 'ENOENT', 'open');
  const path = resolve(cwd, name);
  const fd = openSync(path, 'r');
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new FileError(STRERROR.EISDIR, 'EISDIR', 'read');
    if (st.isFile()) return regularFile(name, path, fd, st, opts.wholeFileLimit ?? 16 << 20);
    if (st.isFIFO() || st.isSocket() || isatty(fd)) {
      const bytes = readStream(fd, max);
      closeSync(fd);
      return { name, path, source: memorySource(bytes), close: () => undefined };
    }
    if (st.isCharacterDevice()) {
      // A character device (/dev/null: an empty input, as LLVM reads it) is read as a stream, but only
      // so far: /dev/zero and /dev/urandom never end.
      const limit = Math.min(max, DEVICE_READ_LIMIT);
      let bytes: Uint8Array;
      try {
        bytes = readStream(fd, limit);
      } catch (e) {
        if (e instanceof FileError && e.code === 'EFBIG') throw new FileError(`a device that gives more than ${limit} bytes is not read to its end (save what you need to a file first)`, 'EFBIG', 'read');
        throw e;
      }
      closeSync(fd);
      return { name, path, source: memorySource(bytes), close: () => undefined };
    }
    throw new FileError('not a regular file, pipe, terminal or character device (a block device is not read)', 'EINVAL', 'read');
  } catch (e) {
    try {
      closeSync(fd);
    } catch {
      /* already closed */
    }
    throw e;
  }
}

/** Device and inode of standard input when it is a regular file; undefined otherwise. */
function stdinIdentity(): string | undefined {
  try {
    const st = fstatSync(0);
    return st.isFile() ? `${st.dev}:${st.ino}` : undefined;
  } catch {
    return undefined;
  }
}

function regularFile(name: string, path: string, fd: number, st: Stats, wholeFileLimit: number): InputFile {
  const identity = `${st.dev}:${st.ino}`;
  if (st.size <= wholeFileLimit) {
    const bytes = new Uint8Array(st.size);
    let at = 0;
    while (at < bytes.length) {
      const n = readSync(fd, bytes, at, bytes.length - at, at);
      if (n === 0) break; // the file shrank while reading
      at += n;
    }
    closeSync(fd);
    return { name, path, identity, source: memorySource(at === bytes.length ? bytes : bytes.subarray(0, at)), close: () => undefined };
  }
  const source = windowedFileSource(fd, st.size);
  return { name, path, identity, source, close: () => closeSync(fd) };
}

/** Read a stream to its end, refusing more than `max` bytes. */
function readStream(fd: number, max: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const buf = new Uint8Array(1 << 16);
    let n: number;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'EAGAIN') continue; // a non-blocking pipe with no data yet
      if (err.code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    total += n;
    if (total > max) throw new FileError(`more than the ${max}-byte limit for inputs that are not files (save it to a file first)`, 'EFBIG', 'read');
    chunks.push(buf.subarray(0, n));
  }
  return concatBytes(chunks);
}

/**
 * strerror text of the errno codes the toolkit meets (what LLVM's `EC.message()` and intel's
 * syclbin-dump print). A {@link FileError} for one of these codes says it in these words.
 */
export const STRERROR: Readonly<Record<string, string>> = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  EPERM: 'Operation not permitted',
  EMFILE: 'Too many open files',
  EIO: 'Input/output error',
  EFBIG: 'File too large',
  ENOSPC: 'No space left on device',
  EROFS: 'Read-only file system',
  EDQUOT: 'Disk quota exceeded',
  ELOOP: 'Too many levels of symbolic links',
  ENAMETOOLONG: 'File name too long',
};

/** strerror-style text for Node's errno codes (what LLVM's `EC.message()` prints); a FileError's own message. */
export function errnoText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err instanceof FileError) return err.message;
  return (err?.code && STRERROR[err.code]) || err?.message || String(e);
}
