/**
 * A ByteSource over an open file descriptor with a small cache of windows: a read inside a window is
 * a view into it; a read outside loads a window starting there, and a large read is done directly.
 * Windows start small (a header-only tool reads a few KiB of a huge file) and double while the reads
 * go on forward (a listing walks headers and string tables: one `read(2)` per MiB, not one per
 * field). A few windows are kept (least recently used replaced), so a walk that alternates between
 * regions — the header table and the metadata table of a SYCLBIN — streams each; memory stays at
 * a few MiB.
 *
 * Views handed out stay valid: a new window is a new buffer, the old one lives as long as its views.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { ArgumentError, describeValue, type ByteSource } from '../codec/index.js';
import { errnoText, FileError, STRERROR } from './input.js';

/** Largest window. */
export const WINDOW = 1 << 20;
/** First window after a jump. */
const FIRST_WINDOW = 1 << 12;

/** A ByteSource over a file; counts the bytes it reads (for benchmarks and tests). */
export interface FileSource extends ByteSource {
  /** Bytes read from the file so far. */
  readonly bytesRead: number;
}

/** A FileSource that owns its descriptor. */
export interface OpenFileSource extends FileSource {
  /** Close the file descriptor. */
  close(): void;
}

/**
 * Open `path` (relative to `cwd`; an absolute path alone is enough: `openFileSource(path)`) as a
 * windowed FileSource; close it when done. A directory is refused at once (EISDIR), not at the
 * first read.
 */
export function openFileSource(cwd: string, path?: string): OpenFileSource {
  if (typeof cwd !== 'string' || (path !== undefined && typeof path !== 'string')) throw new ArgumentError(`openFileSource(cwd, path) takes strings, not ${describeValue(cwd)}${path === undefined ? '' : ` and ${describeValue(path)}`}`);
  // Every failure to open is a FileError naming the path (a missing file as a directory is).
  const full = path === undefined ? resolve(cwd) : resolve(cwd, path);
  let fd: number;
  try {
    fd = openSync(full, 'r');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new FileError(`${full}: ${errnoText(e)}`, err.code ?? 'EIO', 'open');
  }
  const st = fstatSync(fd);
  if (st.isDirectory()) {
    closeSync(fd);
    throw new FileError(`${full}: ${STRERROR.EISDIR}`, 'EISDIR', 'read');
  }
  const src = windowedFileSource(fd, st.size);
  return {
    size: src.size,
    read: (offset, length) => src.read(offset, length),
    readInto: (offset, target) => src.readInto!(offset, target),
    close: () => closeSync(fd),
    get bytesRead() {
      return src.bytesRead;
    },
  };
}

/** Windows kept at once: a walk that alternates between regions (header table, metadata table) keeps one each. */
const WINDOWS = 4;

/** A windowed FileSource over an open descriptor of `size` bytes (see the file comment). */
export function windowedFileSource(fd: number, size: number): FileSource {
  // Most recently used first.
  const wins: { at: number; bytes: Uint8Array }[] = [];
  let bytesRead = 0;
  const fill = (out: Uint8Array, position: number): number => {
    let at = 0;
    while (at < out.length) {
      const n = readSync(fd, out, at, out.length - at, position + at);
      if (n === 0) break;
      at += n;
    }
    bytesRead += at;
    return at;
  };
  const load = (position: number, length: number): Uint8Array => {
    const out = new Uint8Array(length);
    const at = fill(out, position);
    return at === length ? out : out.subarray(0, at);
  };
  return {
    size,
    readInto(offset, target) {
      // The file shrank under us: what is missing reads as an error, never as stale bytes.
      if (fill(target, offset) !== target.length) {
        throw Object.assign(new Error(`the file ended before byte ${offset + target.length} (it changed while being read)`), { code: 'EIO', syscall: 'read' });
      }
    },
    read(offset, length) {
      for (let i = 0; i < wins.length; i++) {
        const w = wins[i]!;
        if (offset >= w.at && offset + length <= w.at + w.bytes.length) {
          if (i) wins.unshift(...wins.splice(i, 1));
          return w.bytes.subarray(offset - w.at, offset - w.at + length);
        }
      }
      if (length >= WINDOW / 2) return load(offset, length);
      // Forward within reach of a window: a walk of that region; grow it. Anywhere else: a jump; a new small window.
      let i = wins.findIndex((w) => offset >= w.at && offset <= w.at + 2 * w.bytes.length + FIRST_WINDOW);
      const grow = i >= 0;
      const want = grow ? Math.min(WINDOW, Math.max(FIRST_WINDOW, wins[i]!.bytes.length * 2)) : FIRST_WINDOW;
      if (!grow) i = wins.length < WINDOWS ? wins.length : wins.length - 1;
      const w = { at: offset, bytes: load(offset, Math.min(Math.max(want, length), size - offset)) };
      wins.splice(i, 1);
      wins.unshift(w);
      return w.bytes.subarray(0, length);
    },
    get bytesRead() {
      return bytesRead;
    },
  };
}
