/**
 * A ByteSource over an open file descriptor with a window cache: a read inside the current window is
 * a view into it; a read outside loads a window starting there, and a large read is done directly.
 * Windows start small (a header-only tool reads a few KiB of a huge file) and double while the reads
 * go on forward (a listing walks headers and string tables: one `read(2)` per MiB, not one per
 * field); memory stays at one window.
 *
 * Views handed out stay valid: a new window is a new buffer, the old one lives as long as its views.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ByteSource } from '../codec/index.js';

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
  close(): void;
}

/** Open `path` (relative to `cwd`) as a windowed FileSource; close it when done. */
export function openFileSource(cwd: string, path: string): OpenFileSource {
  const fd = openSync(resolve(cwd, path), 'r');
  const src = windowedFileSource(fd, fstatSync(fd).size);
  return {
    size: src.size,
    read: (offset, length) => src.read(offset, length),
    close: () => closeSync(fd),
    get bytesRead() {
      return src.bytesRead;
    },
  };
}

export function windowedFileSource(fd: number, size: number): FileSource {
  let win: Uint8Array = new Uint8Array(0);
  let winAt = 0;
  let bytesRead = 0;
  const load = (position: number, length: number): Uint8Array => {
    const out = new Uint8Array(length);
    let at = 0;
    while (at < length) {
      const n = readSync(fd, out, at, length - at, position + at);
      if (n === 0) break;
      at += n;
    }
    bytesRead += at;
    return at === length ? out : out.subarray(0, at);
  };
  return {
    size,
    read(offset, length) {
      if (offset >= winAt && offset + length <= winAt + win.length) return win.subarray(offset - winAt, offset - winAt + length);
      if (length >= WINDOW / 2) return load(offset, length);
      // Forward within reach of the last window: a walk; grow. Anywhere else: a jump; start small.
      const forward = offset >= winAt && offset <= winAt + 2 * win.length + FIRST_WINDOW;
      const want = forward ? Math.min(WINDOW, Math.max(FIRST_WINDOW, win.length * 2)) : FIRST_WINDOW;
      winAt = offset;
      win = load(offset, Math.min(Math.max(want, length), size - offset));
      return win.subarray(0, length);
    },
    get bytesRead() {
      return bytesRead;
    },
  };
}
