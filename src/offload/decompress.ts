/**
 * Reading OffloadBinary v3 compressed payloads (llvm-project PR #222774): everything after
 * EntriesOffset is one zlib or zstd stream; zstd is recognised by its frame magic `28 B5 2F FD`,
 * anything else is zlib. Compression (src/offload/compress.ts) is a module of its own, so readers do
 * not load the deflater.
 *
 * One implementation of each, chosen by measurement (bench/decompress.ts, issue 11):
 *  - zlib: pako, both ways. Its deflate at level 6 gives the bytes of the system zlib LLVM links
 *    (Node's zlib, Chromium's fork, does not: sample_v2_roles_v3_zlib is 597 bytes with pako and
 *    LLVM, 598 with node:zlib); its inflate is zlib's own state machine, which writes into the
 *    caller's buffer, so the output is allocated once at its declared size.
 *  - zstd: libzstd compiled to WebAssembly (src/offload/libzstd.ts), the library LLVM links.
 *
 * Decompression is bounded before it starts and while it runs (docs/spec/README.md "Where we are
 * stricter"): the caller has checked the declared size against the cap, the output buffer has
 * exactly that size, and the decoder stops at the first byte that would not fit in it. zlib input is
 * fed in slices of DECOMPRESS_SLICE bytes. A zstd frame is checked from its header and block headers
 * (formats/zstd.ts) before any decoding: one frame, as LLVM writes, whose Frame_Content_Size agrees
 * with the declared size and whose window is no larger than that size can need.
 * Every problem is a DecodeError (LIMIT, FORMAT, EOF) at the offset and path of what is wrong.
 */
/// <reference path="./pako.d.ts" />
import ZStream from 'pako/lib/zlib/zstream.js';
import { inflate, inflateInit2 } from 'pako/lib/zlib/inflate.js';
import { cursorFor, DecodeError, decodeWithSize, SpanTree, wholeNumberArgument, type PathKey } from '../codec/index.js';
import {
  frameContentSize,
  windowNeededFor,
  windowSize,
  ZSTD_BLOCK_SIZE_MAX,
  ZSTD_BLOCK_TYPES,
  ZSTD_CHECKSUM_SIZE,
  ZSTD_LEGACY_MAGIC_FIRST,
  ZSTD_MAGIC,
  ZSTD_SKIPPABLE_MAGIC_TAIL,
  ZstdBlockHeader,
  ZstdFrameHeader,
} from '../../formats/zstd.js';
import { ZstdError, zstdDecompress } from './libzstd.js';

/** The two compressions of OffloadBinary v3 payloads. */
export type Compression = 'zlib' | 'zstd';

/** The compression methods a v3 payload may use (LLVM's `compression::Format`: zlib, zstd). */
export const COMPRESSIONS: readonly Compression[] = ['zlib', 'zstd'];

/** 1 GiB: the default cap on decompressed OffloadBinary payloads (spec README, stricter rules). */
export const DEFAULT_MAX_INFLATED_SIZE = 1 << 30;

/** zlib input is handed to the inflater this many bytes at a time. */
export const DECOMPRESS_SLICE = 64 << 10;

/** zstd when the stream starts with the zstd frame magic, else zlib (LLVM's rule). */
export function detectCompression(data: Uint8Array): Compression {
  return data.length >= 4 && ZSTD_MAGIC.every((b, i) => data[i] === b) ? 'zstd' : 'zlib';
}

/** What to decompress and what it must produce. */
export interface DecompressRequest {
  /** The compressed stream (for OffloadBinary v3: the bytes from the header's end to Size). */
  stream: Uint8Array;
  /** Bytes the stream must produce (InflatedSize minus the header, which is `prefix`). */
  expected: number;
  /** Cap on the output (maxInflatedSize). */
  cap: number;
  /** When `cap` is what is left of a cap others shared (the bundles of an object): that cap, for the message. */
  sharedCap?: number;
  /** Absolute offset of the stream and its path, for errors. */
  offset: number;
  /** Structure path of the stream, for errors. */
  path: readonly PathKey[];
  /** Bytes to put before the output in the returned buffer (the header), so header + payload are one allocation. */
  prefix?: Uint8Array;
  /**
   * `expected` is an upper bound, not the exact size (a clang-offload-bundler `CCOB` header's
   * uncompressed size: LLVM hands it to the decompressor as the buffer size): less output is fine
   * and the result is cut to what was produced.
   */
  atMost?: boolean;
}

const NO_PREFIX = new Uint8Array(0);

/**
 * Decompress `stream`, which must produce exactly `expected` bytes (never more than `cap`), into a
 * new buffer of `prefix.length + expected` bytes that starts with `prefix`.
 */
export function decompressExact(r: DecompressRequest): Uint8Array {
  wholeNumberArgument(r.cap, 'maxInflatedSize');
  const kind = detectCompression(r.stream);
  if (r.expected > r.cap) throw overCap(kind, r);
  if (kind === 'zstd') return inflateZstd(r);
  refuseOtherZstdFrames(r);
  return inflateZlib(r);
}

/**
 * How the header gives the output size of a request: InflatedSize counts the header too, the stream
 * produces the payload after it (` (InflatedSize 2040 less the 40-byte header)`; empty without a header).
 */
function fromInflatedSize(r: DecompressRequest): string {
  const header = r.prefix?.length ?? 0;
  return header ? ` (InflatedSize ${r.expected + header} less the ${header}-byte header)` : '';
}
/** The output size a request expects: `a payload of 2000 bytes (InflatedSize 2040 less the 40-byte header)`. */
function payload(r: DecompressRequest): string {
  return `a payload of ${r.expected} bytes${fromInflatedSize(r)}`;
}
function overCap(kind: Compression, r: DecompressRequest): DecodeError {
  const cap = r.sharedCap !== undefined && r.sharedCap !== r.cap ? `the ${r.cap} bytes left of the decompression cap (${r.sharedCap} bytes) that they share` : `the cap of ${r.cap} bytes`;
  return new DecodeError('LIMIT', `the ${kind} stream would produce ${payload(r)}, more than ${cap} (raise the cap to read it: --max-inflated-size on the command line, maxInflatedSize in the library)`, r.offset, r.path);
}
function overDeclared(kind: Compression, r: DecompressRequest): DecodeError {
  return new DecodeError('FORMAT', `${kind} stream inflates to more than the ${r.expected} bytes of the payload InflatedSize declares${fromInflatedSize(r)}`, r.offset, r.path);
}
function underDeclared(kind: Compression, r: DecompressRequest, produced: number): DecodeError {
  return new DecodeError('FORMAT', `${kind} stream inflates to ${produced} bytes but InflatedSize declares ${payload(r)}`, r.offset, r.path);
}
function trailing(kind: Compression, r: DecompressRequest, end: number, why: string): DecodeError {
  return new DecodeError('FORMAT', `${r.stream.length - end} byte(s) after the end of the ${kind} ${why}`, r.offset + end, [...r.path, 'trailingBytes']);
}

// ---------------------------------------------------------------------------------------------
// zlib

const Z_NO_FLUSH = 0;
const Z_OK = 0;
const Z_STREAM_END = 1;
const Z_BUF_ERROR = -5;
/** RFC 1950 zlib wrapper with up to a 32 KiB window (any CINFO a zlib stream may declare). */
const ZLIB_WINDOW_BITS = 15;

function inflateZlib(r: DecompressRequest): Uint8Array {
  const { stream, expected } = r;
  const prefix = r.prefix ?? NO_PREFIX;
  const out = new Uint8Array(prefix.length + expected);
  out.set(prefix);
  const strm = new ZStream();
  inflateInit2(strm, ZLIB_WINDOW_BITS);
  strm.input = stream;
  strm.output = out;
  strm.next_out = prefix.length;
  strm.avail_out = expected;
  // Once `out` is full the inflater gets a 1-byte buffer: a byte written there is one too many, while
  // the end-of-block code and the Adler-32 trailer can still be read.
  const spill = new Uint8Array(1);
  let fed = 0;
  for (;;) {
    if (strm.avail_in === 0 && fed < stream.length) {
      const n = Math.min(DECOMPRESS_SLICE, stream.length - fed);
      strm.avail_in = n;
      fed += n;
    }
    const progress = strm.next_in + strm.next_out + strm.avail_in;
    const status = inflate(strm, Z_NO_FLUSH);
    if (strm.output === spill && strm.next_out > 0) throw overDeclared('zlib', r);
    if (status === Z_STREAM_END) break;
    if (status !== Z_OK && status !== Z_BUF_ERROR) {
      throw new DecodeError('FORMAT', `corrupt zlib stream: ${strm.msg || `zlib status ${status}`}`, r.offset, r.path);
    }
    if (strm.avail_out === 0 && strm.output === out) {
      strm.output = spill;
      strm.next_out = 0;
      strm.avail_out = 1;
    } else if (strm.avail_in === 0 && fed === stream.length) {
      const produced = strm.output === spill ? expected : strm.next_out - prefix.length;
      throw new DecodeError('FORMAT', `zlib stream is truncated: it ends after ${produced} bytes, but InflatedSize declares ${payload(r)}`, r.offset, r.path);
    } else if (strm.next_in + strm.next_out + strm.avail_in === progress) {
      throw new DecodeError('FORMAT', `corrupt zlib stream: the inflater stopped (status ${status})`, r.offset, r.path);
    }
  }
  if (strm.output === out && strm.next_out !== out.length) {
    if (!r.atMost) throw underDeclared('zlib', r, strm.next_out - prefix.length);
    return out.slice(0, strm.next_out); // (a copy: the declared size may be far larger than the output)
  }
  // zlib's uncompress (LLVM's reader) ignores what follows the stream; LLVM's writer puts nothing there.
  if (strm.next_in < stream.length) throw trailing('zlib', r, strm.next_in, 'stream (LLVM writes the stream alone)');
  return out;
}

// ---------------------------------------------------------------------------------------------
// zstd

/**
 * Streams that are not zlib but another kind of zstd frame: skippable frames (RFC 8878 §3.1.2) and
 * the legacy formats. LLVM's reader treats them as zlib (they lack the frame magic) and fails; say what they are.
 */
function refuseOtherZstdFrames(r: DecompressRequest): void {
  const s = r.stream;
  if (s.length < 4) return;
  const skippable = (s[0]! & 0xf0) === 0x50 && ZSTD_SKIPPABLE_MAGIC_TAIL.every((b, i) => s[i + 1] === b);
  const legacy = ZSTD_LEGACY_MAGIC_FIRST.some((b) => s[0] === b) && ZSTD_MAGIC.slice(1).every((b, i) => s[i + 1] === b);
  if (skippable || legacy) {
    throw new DecodeError(
      'FORMAT',
      `a ${skippable ? 'zstd skippable frame (RFC 8878 §3.1.2)' : 'legacy (pre-1.0) zstd frame'}: LLVM writes one Zstandard frame (llvm/lib/Support/Compression.cpp zstd::compress) and reads anything without its magic as zlib`,
      r.offset,
      [...r.path, 'frameHeader', 'magic'],
    );
  }
}

function inflateZstd(r: DecompressRequest): Uint8Array {
  const frame = checkZstdFrame(r);
  let result: { out: Uint8Array; produced: number };
  try {
    result = zstdDecompress(frame, r.prefix ?? NO_PREFIX, r.expected, r.offset, r.path);
  } catch (e) {
    // The process may not be allowed the WebAssembly memory (ulimit -v): a limit, not a crash.
    if (e instanceof RangeError) throw new DecodeError('LIMIT', `libzstd could not get the memory to decompress ${payload(r)}: ${e.message}`, r.offset, r.path);
    if (!(e instanceof ZstdError)) throw e;
    if (e.codeName === 'dstSize_tooSmall') throw overDeclared('zstd', r);
    throw new DecodeError('FORMAT', `corrupt zstd stream: ${e.codeName}`, r.offset, r.path);
  }
  if (result.produced !== r.expected) {
    if (!r.atMost) throw underDeclared('zstd', r, result.produced);
    return result.out.slice(0, (r.prefix?.length ?? 0) + result.produced); // (a copy, as for zlib)
  }
  return result.out;
}

/**
 * Check a zstd frame from its headers before decoding it (RFC 8878 §3.1.1): the frame header's
 * fields against what LLVM writes and against the declared size, then every block header up to the
 * last block, so that the frame's end is known (no second frame, nothing after it). Returns the frame.
 */
function checkZstdFrame(r: DecompressRequest): Uint8Array {
  const { stream, offset, expected, cap } = r;
  const hp = [...r.path, 'frameHeader'];
  const tree = new SpanTree();
  const { value: h, size: headerSize } = decodeWithSize(ZstdFrameHeader, stream, 0, { base: offset, path: hp, tree });
  const at = (field: string): number => tree.root.children?.find((c) => c.key === field)?.offset ?? offset;
  const d = h.descriptor;
  if (d.reservedBit) {
    throw new DecodeError('FORMAT', 'Reserved_bit of the Frame_Header_Descriptor is set (RFC 8878 §3.1.1.1.1: a decoder must refuse the frame)', at('descriptor'), [...hp, 'descriptor']);
  }
  if (h.dictionaryId) {
    throw new DecodeError(
      'FORMAT',
      `the frame needs dictionary ${h.dictionaryId}: LLVM compresses without a dictionary (llvm/lib/Support/Compression.cpp) and none can be given`,
      at('dictionaryId'),
      [...hp, 'dictionaryId'],
    );
  }
  const fcs = frameContentSize(h);
  if (fcs !== undefined && (r.atMost ? fcs > BigInt(expected) : fcs !== BigInt(expected))) {
    throw new DecodeError('FORMAT', `Frame_Content_Size ${fcs} disagrees with InflatedSize, which declares ${payload(r)}`, at('frameContentSize'), [...hp, 'frameContentSize']);
  }
  const window = windowSize(h);
  if (h.windowDescriptor !== undefined) {
    // A compressor writes the content size rounded up to a power of two (at least 1 KiB) or less.
    const wp = [...hp, 'windowDescriptor'];
    if (window > windowNeededFor(cap)) {
      throw new DecodeError('LIMIT', `Window_Size ${window} is larger than any output within the cap of ${cap} bytes can need (${windowNeededFor(cap)})`, at('windowDescriptor'), wp);
    }
    if (!r.atMost && window > windowNeededFor(expected)) {
      throw new DecodeError('FORMAT', `Window_Size ${window} is larger than InflatedSize allows: ${payload(r)} needs at most ${windowNeededFor(expected)}`, at('windowDescriptor'), wp);
    }
  }
  const end = walkBlocks(r, headerSize, Math.min(window, ZSTD_BLOCK_SIZE_MAX), d.contentChecksumFlag === 1);
  if (end < stream.length) throw trailing('zstd', r, end, 'frame (LLVM writes exactly one frame: llvm/lib/Support/Compression.cpp zstd::compress)');
  return stream.subarray(0, end);
}

/** Follow the Block_Headers from `pos` to the last block (and the checksum); returns where the frame ends. */
function walkBlocks(r: DecompressRequest, pos: number, blockMax: number, checksum: boolean): number {
  const { stream, offset } = r;
  // One cursor for the walk: a frame may hold a block per 3 bytes of stream.
  const c = cursorFor(stream, pos, { base: offset });
  const headerSize = ZstdBlockHeader.fixedSize!;
  for (let i = 0; ; i++) {
    if (stream.length - pos < headerSize) {
      c.pos = pos;
      try {
        c.need(headerSize, ZstdBlockHeader.describe);
      } catch (e) {
        throw (e as DecodeError).within(...r.path, 'blocks', i);
      }
    }
    const b = ZstdBlockHeader.peek!(c, pos);
    if (b.blockType === 3) throw new DecodeError('FORMAT', 'Block_Type 3 is reserved (RFC 8878 §3.1.1.2.2)', offset + pos, [...r.path, 'blocks', i, 'blockType']);
    // Block_Size, whatever the type, may not exceed Block_Maximum_Size = min(Window_Size, 128 KiB).
    if (b.blockSize > blockMax) {
      throw new DecodeError('FORMAT', `Block_Size ${b.blockSize} of a ${ZSTD_BLOCK_TYPES[b.blockType]} exceeds Block_Maximum_Size ${blockMax} (RFC 8878 §3.1.1.2.3)`, offset + pos, [...r.path, 'blocks', i, 'blockSize']);
    }
    const content = b.blockType === 1 ? 1 : b.blockSize;
    pos += headerSize;
    if (content > stream.length - pos) {
      throw new DecodeError('EOF', `the ${ZSTD_BLOCK_TYPES[b.blockType]} runs past the end of the stream`, offset + pos, [...r.path, 'blocks', i, 'content'], {
        needed: content,
        available: stream.length - pos,
      });
    }
    pos += content;
    if (b.lastBlock) break;
  }
  if (checksum) {
    if (stream.length - pos < ZSTD_CHECKSUM_SIZE) {
      throw new DecodeError('EOF', 'the Content_Checksum runs past the end of the stream', offset + pos, [...r.path, 'contentChecksum'], {
        needed: ZSTD_CHECKSUM_SIZE,
        available: stream.length - pos,
      });
    }
    pos += ZSTD_CHECKSUM_SIZE;
  }
  return pos;
}
