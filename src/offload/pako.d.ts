/**
 * Types of the pako modules the core uses directly (pako 2.2: lib/deflate.js, and zlib's own
 * inflate API in lib/zlib/, which lets the inflater write straight into a caller's buffer).
 * Only what src/offload/compress.ts calls is declared.
 */
declare module 'pako/lib/zlib/zstream.js' {
  /** zlib's z_stream: input/output arrays with positions instead of pointers. */
  export default class ZStream {
    input: Uint8Array | null;
    next_in: number;
    avail_in: number;
    total_in: number;
    output: Uint8Array | null;
    next_out: number;
    avail_out: number;
    total_out: number;
    msg: string;
  }
}

declare module 'pako/lib/zlib/inflate.js' {
  import type ZStream from 'pako/lib/zlib/zstream.js';
  /** zlib `inflateInit2`: windowBits 8..15 reads a zlib (RFC 1950) stream. */
  export function inflateInit2(strm: ZStream, windowBits: number): number;
  /** zlib `inflate`: Z_OK 0, Z_STREAM_END 1, Z_NEED_DICT 2, Z_STREAM_ERROR -2, Z_DATA_ERROR -3, Z_MEM_ERROR -4, Z_BUF_ERROR -5. */
  export function inflate(strm: ZStream, flush: number): number;
}

declare module 'pako/lib/deflate.js' {
  /** zlib `compress2`-compatible one-shot deflate with the zlib wrapper. */
  export function deflate(data: Uint8Array, options?: { level?: number }): Uint8Array;
}
