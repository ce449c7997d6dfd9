/**
 * Reading OffloadBinary v3 compressed payloads (llvm-project PR #222774): everything after
 * EntriesOffset is one zlib or zstd stream; zstd is recognised by its frame magic `28 B5 2F FD`,
 * anything else is zlib.
 *
 * Decompression is portable (fflate / fzstd, pure JavaScript) and streams into chunks so that a
 * hostile `InflatedSize` or a decompression bomb never causes a large allocation: output beyond
 * the expected size or the cap stops the stream with a DecodeError. Compression (src/offload/
 * compress.ts) is a module of its own, so readers do not load the compressor.
 */
import { Unzlib } from 'fflate';
import { Decompress as ZstdDecompress } from 'fzstd';
import { DecodeError } from '../codec/errors.js';
import { concatBytes } from '../codec/source.js';

/** The two stream kinds of a v3 payload. */
export type Compression = 'zlib' | 'zstd';

/** The zstd frame magic (a payload starting otherwise is zlib). */
export const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const;

/** 1 GiB: the default cap on decompressed OffloadBinary payloads (spec README, stricter rules). */
export const DEFAULT_MAX_INFLATED_SIZE = 1 << 30;

/** Which kind of stream `data` is (by the zstd magic). */
export function detectCompression(data: Uint8Array): Compression {
  return data.length >= 4 && ZSTD_MAGIC.every((b, i) => data[i] === b) ? 'zstd' : 'zlib';
}

/**
 * Decompress `data` that must produce exactly `expected` bytes (never more than `cap`).
 * `offset` is the absolute offset of the stream, for error locations.
 */
export function decompressExact(data: Uint8Array, expected: number, cap: number, offset: number, path: (string | number)[]): Uint8Array {
  const kind = detectCompression(data);
  const limit = Math.min(expected, cap);
  const chunks: Uint8Array[] = [];
  let total = 0;
  let overflow = false;
  const ondata = (chunk: Uint8Array): void => {
    total += chunk.length;
    if (total > limit) {
      overflow = true;
      throw new Overflow();
    }
    chunks.push(chunk);
  };
  try {
    if (kind === 'zstd') {
      const d = new ZstdDecompress((chunk) => ondata(chunk));
      d.push(data, true);
    } else {
      const d = new Unzlib((chunk) => ondata(chunk));
      d.push(data, true);
    }
  } catch (e) {
    if (!overflow) {
      throw new DecodeError('FORMAT', `corrupt ${kind} stream: ${(e as Error).message}`, offset, path);
    }
  }
  if (overflow) {
    if (expected > cap) {
      throw new DecodeError('LIMIT', `decompressed ${kind} data exceeds the cap of ${cap} bytes (raise it with maxInflatedSize)`, offset, path);
    }
    throw new DecodeError('FORMAT', `${kind} stream inflates to more than the ${expected} bytes InflatedSize declares`, offset, path);
  }
  if (total !== expected) {
    throw new DecodeError('FORMAT', `${kind} stream inflates to ${total} bytes but InflatedSize declares ${expected}`, offset, path);
  }
  return chunks.length === 1 ? chunks[0]! : concatBytes(chunks);
}

class Overflow extends Error {}

