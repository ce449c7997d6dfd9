/**
 * The one output writer of the Node edge: a file is written to a temporary file beside it and renamed
 * over the destination when complete (rename(2) is atomic within one file system, so a reader never
 * sees a half-written output and a failed write leaves the old file untouched). Chunks are written as
 * they come; blob chunks (images of an input) are copied in windows, so a huge output never needs a
 * whole-image buffer.
 */
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readlinkSync, realpathSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { encodeEscapedUtf8, forEachWindow, type Chunk } from '../codec/index.js';
import { FileError, STRERROR } from './input.js';

/**
 * A path as the file system takes it: a name that holds bytes that are not UTF-8 (lone surrogates
 * U+DC80+byte, src/codec/bytes.ts decodeEscapedUtf8: a file name taken from a file's strings, as LLVM
 * names it) as its bytes; any other lone surrogate (a name cut inside a pair) as U+FFFD.
 */
export function fsPath(p: string): string | Buffer {
  if (!/[\ud800-\udfff]/.test(p)) return p;
  const clean = p.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udc7f\udd00-\udfff]/g, '\ufffd');
  return Buffer.from(
    encodeEscapedUtf8(clean, () => {
      throw new Error('unreachable: lone surrogates other than U+DC80..U+DCFF were replaced');
    }),
  );
}

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
  /**
   * Everything is written: close the file now, keep the rename for commit (a command writing
   * thousands of outputs holds no descriptor per output until the end). Optional; no-op elsewhere.
   */
  seal?(): void;
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
    // At most 64 characters of the name: a name near the 255-byte limit of a file name still gets a temporary beside it.
    tmp = join(dir, `.${basename(path).slice(0, 64)}.${process.pid}.${(++tempCounter).toString(36)}${Math.floor(Math.random() * 0x7fffffff).toString(36)}.tmp`);
    try {
      fd = openSync(fsPath(tmp), 'wx', mode);
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
      unlinkSync(fsPath(tmp));
    } catch {
      /* not there */
    }
  };
  let done = false;
  return {
    write: (chunk) => write(typeof chunk === 'string' ? encoder.encode(chunk) : chunk),
    writeChunks: (chunks) => copyChunks(chunks, write),
    seal() {
      if (fd === undefined) return;
      closeSync(fd);
      fd = undefined;
    },
    commit() {
      if (done) return;
      done = true;
      if (fd !== undefined) {
        closeSync(fd);
        fd = undefined;
      }
      try {
        renameSync(fsPath(tmp), fsPath(path));
      } catch (e) {
        cleanup();
        throw e;
      }
    },
    abort() {
      done = true;
      cleanup();
    },
  };
}

/**
 * Where an output named `path` (absolute) really goes, and how:
 * - a new file or a regular file: written atomically at `path`;
 * - a symbolic link (also one whose target does not exist yet): its final target, written
 *   atomically there, so the link stays a link (as `cp`, `gcc -o` and LLVM's tools write through it);
 * - a FIFO, a device or anything under /dev or /proc (`/dev/stdout`, `/dev/null`): opened and
 *   written in place (`special`), never replaced by a regular file;
 * - a directory: an error (`EISDIR`).
 */
export function outputTarget(path: string): { path: string; special: boolean } {
  if (path.startsWith('/dev/') || path.startsWith('/proc/')) return { path, special: true };
  let p = path;
  // Links followed one by one (a dangling link names the file to create); a loop ends at 40, as in Linux.
  for (let hops = 0; ; hops++) {
    let st: Stats;
    try {
      st = lstatSync(fsPath(p));
    } catch {
      return { path: p, special: false };
    }
    if (st.isSymbolicLink()) {
      if (hops >= 40) throw new FileError(STRERROR.ELOOP, 'ELOOP', 'open');
      // A relative target counts from the link's directory as the kernel finds it (its own links
      // resolved), not from the text of the path: `d/lnk -> ../t` with `d -> a/b/c` is `a/b/t`.
      let dir = dirname(p);
      try {
        dir = realpathSync(fsPath(dir));
      } catch {
        /* a directory that does not exist: the open names it */
      }
      p = resolve(dir, readlinkSync(fsPath(p)));
      if (p.startsWith('/dev/') || p.startsWith('/proc/')) return { path: p, special: true };
      continue;
    }
    if (st.isDirectory()) throw new FileError(STRERROR.EISDIR, 'EISDIR', 'open');
    return { path: p, special: !st.isFile() };
  }
}

/** An output written in place: a FIFO or a device (nothing to rename; a failed run cannot take back what was written). */
export function directFile(path: string): OutputSink {
  let fd: number | undefined = openSync(path, 'w');
  const write = (b: Uint8Array): void => {
    let at = 0;
    while (at < b.length) at += writeSync(fd!, b, at, b.length - at);
  };
  const close = (): void => {
    if (fd === undefined) return;
    const f = fd;
    fd = undefined;
    closeSync(f);
  };
  return {
    write: (chunk) => write(typeof chunk === 'string' ? encoder.encode(chunk) : chunk),
    writeChunks: (chunks) => copyChunks(chunks, write),
    commit: close,
    abort: () => {
      try {
        close();
      } catch {
        /* already failing */
      }
    },
  };
}

/** Write `data` to `path` (relative paths: from the process's working directory) atomically. */
export function writeFileAtomic(path: string, data: Uint8Array | string | readonly Chunk[]): void {
  const out = atomicFile(resolve(path));
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) out.write(data);
    else out.writeChunks(data);
    out.commit();
  } catch (e) {
    out.abort();
    throw e;
  }
}

/** Kernel file systems: nothing an output directory could be made in. */
const KERNEL_FILE_SYSTEMS = ['/proc', '/sys'];

/**
 * The kernel file system `path` (absolute) lies in, by the real path of its nearest existing
 * ancestor (so a link into /proc counts), or undefined.
 */
function kernelFileSystemOf(path: string): string | undefined {
  let known = path;
  while (!existsSync(fsPath(known)) && dirname(known) !== known) known = dirname(known);
  let real = path;
  try {
    real = join(realpathSync(fsPath(known)), relative(known, path));
  } catch {
    /* unreadable: judged by its name */
  }
  return [path, real].flatMap((p) => KERNEL_FILE_SYSTEMS.filter((k) => p === k || p.startsWith(`${k}/`)))[0];
}

/**
 * Create a directory (and parents); an existing directory is fine, an existing file is an error, and
 * so is any directory in /proc or /sys, refused before mkdir: Node 20's `mkdirSync(recursive)` of
 * `/proc/nope` never returns (it spins at 100% CPU).
 */
export function ensureDir(path: string): string {
  const kernel = kernelFileSystemOf(path);
  if (kernel) throw new FileError(`is in ${kernel}, a kernel file system: no output directory can be made there`, 'EINVAL', 'mkdir');
  try {
    mkdirSync(path, { recursive: true });
  } catch (e) {
    // mkdir of a path that is a file (or a link to one) fails with EEXIST: say what it is.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  if (!statSync(path).isDirectory()) throw new FileError('exists and is not a directory', 'ENOTDIR', 'mkdir');
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


/**
 * The bytes of a byte string (one code unit per byte, as src/codec/bytes.ts decodeLatin1 makes them),
 * ready for any writer: Node's native Latin-1 encoder, one copy and no scan. For listings that print
 * bytes as LLVM prints them (the codec's portable `latin1Output` scans for non-ASCII first).
 */
export function latin1Bytes(s: string): Uint8Array {
  return Buffer.from(s, 'latin1');
}
