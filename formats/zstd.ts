/**
 * Zstandard frames as an OffloadBinary v3 payload holds them — the single description of the frame
 * header and block headers, and of what their fields mean.
 *
 * Format: RFC 8878 §3.1.1 (Zstandard frames): Magic_Number, Frame_Header (Frame_Header_Descriptor,
 * [Window_Descriptor], [Dictionary_ID], [Frame_Content_Size]), Data_Blocks (§3.1.1.2, each behind a
 * 3-byte Block_Header), [Content_Checksum]. Skippable frames: §3.1.2. Magic numbers of the legacy
 * formats (v0.1–v0.7): facebook/zstd:lib/legacy/zstd_legacy.h.
 *
 * What LLVM writes (llvm/llvm-project:llvm/lib/Support/Compression.cpp, `zstd::compress`): one
 * `ZSTD_compress2` call on a fresh context with only the level (and long-distance matching off) set,
 * that is exactly one frame, with Frame_Content_Size (the source size is known), no dictionary and
 * no checksum (libzstd's defaults). Its reader (`zstd::decompress`) calls `ZSTD_decompress`, which
 * would also accept several frames, skippable frames and a dictionary ID; the OffloadBinary reader
 * here accepts only what the writer can produce (src/offload/compress.ts).
 */
import { absent, bits, magic, struct, u8, u16, u24, u32, u64, variant, type Decoded } from '../src/codec/index.js';

/** `28 B5 2F FD` on disk (0xFD2FB528 little-endian): a Zstandard frame (RFC 8878 §3.1.1). */
export const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const;

/** The frame magic as a node. */
export const ZstdMagic = magic(ZSTD_MAGIC, 'zstd frame magic');

/** First byte of the magic of a skippable frame (0x184D2A50–0x184D2A5F, RFC 8878 §3.1.2): `5? 2A 4D 18`. */
export const ZSTD_SKIPPABLE_MAGIC_TAIL = [0x2a, 0x4d, 0x18] as const;

/** Last byte of the legacy (v0.1–v0.7) frame magics 0xFD2FB51E, 0xFD2FB522–0xFD2FB527 (zstd_legacy.h); bytes 1–3 are `B5 2F FD`. */
export const ZSTD_LEGACY_MAGIC_FIRST = [0x1e, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27] as const;

/** Frame_Header_Descriptor (RFC 8878 §3.1.1.1.1), one byte. */
export const ZstdFrameHeaderDescriptor = bits(
  u8,
  {
    dictionaryIdFlag: [0, 2],
    contentChecksumFlag: [2, 1],
    /** Must be 0: a decoder must refuse a frame with it set. */
    reservedBit: [3, 1],
    unusedBit: [4, 1],
    singleSegmentFlag: [5, 1],
    frameContentSizeFlag: [6, 2],
  },
  'Frame_Header_Descriptor',
);

/** Window_Descriptor (RFC 8878 §3.1.1.1.2): Window_Size = 2^(10+Exponent) × (1 + Mantissa/8). */
export const ZstdWindowDescriptor = bits(u8, { mantissa: [0, 3], exponent: [3, 5] }, 'Window_Descriptor');

/**
 * The frame header (RFC 8878 §3.1.1.1), 6 to 18 bytes with the magic. Absent fields decode as
 * `undefined`. Frame_Content_Size is stored in 0, 1, 2, 4 or 8 bytes, the 2-byte form offset by 256
 * (`frameContentSize()` gives the value).
 */
export const ZstdFrameHeader = struct(
  {
    magic: ZstdMagic,
    descriptor: ZstdFrameHeaderDescriptor,
    /** Absent when Single_Segment_flag is set (the window is then the whole content). */
    windowDescriptor: variant('descriptor.singleSegmentFlag', { 0: ZstdWindowDescriptor, 1: absent }, 'Single_Segment_flag'),
    dictionaryId: variant('descriptor.dictionaryIdFlag', { 0: absent, 1: u8, 2: u16, 3: u32 }, 'Dictionary_ID_flag'),
    /** Frame_Content_Size_flag 0 stores it only in a single-segment frame (1 byte). */
    frameContentSize: variant(
      'descriptor.frameContentSizeFlag',
      { 0: variant('descriptor.singleSegmentFlag', { 0: absent, 1: u8 }, 'Single_Segment_flag'), 1: u16, 2: u32, 3: u64 },
      'Frame_Content_Size_flag',
    ),
  },
  'zstd frame header',
);

/** A decoded frame header. */
export type ZstdFrameHeaderValue = Decoded<typeof ZstdFrameHeader>;

/** Block_Type values (RFC 8878 §3.1.1.2.2). */
export const ZSTD_BLOCK_TYPES = ['Raw_Block', 'RLE_Block', 'Compressed_Block', 'Reserved'] as const;

/**
 * Block_Header (RFC 8878 §3.1.1.2), 3 bytes little-endian: Last_Block, Block_Type, Block_Size. The
 * block's content takes Block_Size bytes, except an RLE block (1 byte, repeated Block_Size times).
 */
export const ZstdBlockHeader = bits(u24, { lastBlock: [0, 1], blockType: [1, 2], blockSize: [3, 21] }, 'Block_Header');

/** Content_Checksum after the last block when Content_Checksum_flag is set (RFC 8878 §3.1.1): 4 bytes. */
export const ZSTD_CHECKSUM_SIZE = 4;

/** Block_Maximum_Size is min(Window_Size, 128 KiB) (RFC 8878 §3.1.1.2.3). */
export const ZSTD_BLOCK_SIZE_MAX = 128 << 10;

/** The smallest window a frame can declare, 1 KiB (Window_Descriptor exponent 0; RFC 8878 §3.1.1.1.2). */
export const ZSTD_WINDOW_MIN = 1 << 10;

/** Frame_Content_Size in bytes, or undefined when the frame does not record it. */
export function frameContentSize(h: ZstdFrameHeaderValue): bigint | undefined {
  const v = h.frameContentSize;
  if (v === undefined) return undefined;
  if (h.descriptor.frameContentSizeFlag === 1) return BigInt(v as number) + 256n;
  return BigInt(v);
}

/**
 * Window_Size in bytes (RFC 8878 §3.1.1.1.2); a single-segment frame's window is its content
 * (Frame_Content_Size). At most 2^41 × 15/8, exact as a number.
 */
export function windowSize(h: ZstdFrameHeaderValue): number {
  const w = h.windowDescriptor;
  if (w === undefined) return Number(frameContentSize(h) ?? 0n);
  const base = 2 ** (10 + w.exponent);
  return base + (base / 8) * w.mantissa;
}

/**
 * The largest Window_Size a compressor can write for `size` bytes of content: libzstd shrinks the
 * window log to the content (never below 10) and writes mantissa 0 (facebook/zstd:
 * lib/compress/zstd_compress.c `ZSTD_adjustCParams_internal`, `ZSTD_writeFrameHeader`), so the
 * window is the content size rounded up to a power of two, at least 1 KiB.
 */
export function windowNeededFor(size: number): number {
  let w = ZSTD_WINDOW_MIN;
  while (w < size) w *= 2;
  return w;
}
