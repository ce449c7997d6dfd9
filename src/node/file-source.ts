/**
 * A ByteSource over an open file: readers use positioned reads, so `syclbin dump` of a file with a
 * 1 GiB IR module reads the headers and metadata, never the image bytes.
 */
import type { ByteSource } from '../codec/source.js';
import { openForRead } from './files.js';

export interface FileSource extends ByteSource {
  close(): void;
  /** Bytes read so far (for benchmarks and tests of the lazy reading). */
  readonly bytesRead: number;
}

export function openFileSource(cwd: string, path: string): FileSource {
  const f = openForRead(cwd, path);
  let bytesRead = 0;
  return {
    size: f.size,
    read(offset, length) {
      bytesRead += length;
      return f.readAt(offset, length);
    },
    close: () => f.close(),
    get bytesRead() {
      return bytesRead;
    },
  };
}

/** strerror-style text for Node's errno codes (what LLVM's `EC.message()` prints). */
export function errnoText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const table: Record<string, string> = {
    ENOENT: 'No such file or directory',
    EACCES: 'Permission denied',
    EISDIR: 'Is a directory',
    ENOTDIR: 'Not a directory',
    EPERM: 'Operation not permitted',
    EMFILE: 'Too many open files',
    EIO: 'Input/output error',
    EFBIG: 'File too large',
  };
  return (err?.code && table[err.code]) || err?.message || String(e);
}
