/**
 * Builders of compressed OffloadBinary v3 payloads, honest and hostile: zstd frames assembled from
 * their parts (the frame and block headers encoded through formats/zstd.ts), zlib streams that
 * inflate to any size from a few bytes per 258 output bytes, and the v3 envelope around a stream.
 * Used by the fuzzer (scripts/fuzz/), the compression tests and bench/decompress.ts.
 */
import { concatBytes, encode } from '../../src/codec/index.js';
import { OffloadHeaderV3, OFFLOAD_BINARY_MAGIC } from '../../formats/offload-binary.js';
import { ZstdBlockHeader, ZstdFrameHeader, ZSTD_SKIPPABLE_MAGIC_TAIL } from '../../formats/zstd.js';

/** A v3 OffloadBinary whose payload is `stream`, declaring `payloadSize` inflated bytes after the header (padded to 8). */
export function offloadV3(stream: Uint8Array, payloadSize: number | bigint, entries = 1n): Uint8Array {
  const h = OffloadHeaderV3;
  const headerSize = h.fixedSize!;
  const size = headerSize + stream.length;
  const out = new Uint8Array(Math.ceil(size / 8) * 8);
  out.set(OFFLOAD_BINARY_MAGIC);
  const dv = new DataView(out.buffer);
  dv.setUint32(h.offsets.version, 3, true);
  dv.setBigUint64(h.offsets.size, BigInt(size), true);
  dv.setBigUint64(h.offsets.entriesOffset, BigInt(headerSize), true);
  dv.setBigUint64(h.offsets.entriesCount, entries, true);
  dv.setBigUint64(h.offsets.inflatedSize, BigInt(headerSize) + BigInt(payloadSize), true);
  out.set(stream, headerSize);
  return out;
}

/** One block of a hand-made zstd frame. */
export type ZstdBlock = { type: 'raw'; bytes: Uint8Array } | { type: 'rle'; byte: number; size: number } | { type: 'reserved'; size: number };

/** The parts of a hand-made zstd frame (RFC 8878 §3.1.1). */
export interface ZstdFrameSpec {
  /** Window_Descriptor exponent/mantissa; absent: a single-segment frame (needs `contentSize`). */
  window?: { exponent: number; mantissa?: number };
  /** Frame_Content_Size; absent: not recorded (only without single segment). */
  contentSize?: bigint;
  dictionaryId?: number;
  checksum?: boolean;
  reservedBit?: boolean;
  blocks: readonly ZstdBlock[];
}

/** Smallest Frame_Content_Size_flag that holds `size` (RFC 8878 §3.1.1.1.1; flag 0 only in a single segment). */
function fcsFlag(size: bigint, single: boolean): 0 | 1 | 2 | 3 {
  if (single && size < 256n) return 0;
  if (size >= 256n && size < 65536n + 256n) return 1;
  if (size < 1n << 32n) return 2;
  return 3;
}

/** A zstd frame from its parts: header through the formats/ description, then the blocks (the last one marked), then a zero checksum if asked. */
export function zstdFrame(spec: ZstdFrameSpec): Uint8Array {
  const single = spec.window === undefined;
  const flag = spec.contentSize === undefined ? 0 : fcsFlag(spec.contentSize, single);
  const dictFlag = spec.dictionaryId === undefined ? 0 : spec.dictionaryId < 256 ? 1 : spec.dictionaryId < 65536 ? 2 : 3;
  const fcs = spec.contentSize === undefined ? undefined : flag === 1 ? Number(spec.contentSize - 256n) : flag === 3 ? spec.contentSize : Number(spec.contentSize);
  const header = encode(ZstdFrameHeader, {
    descriptor: {
      dictionaryIdFlag: dictFlag,
      contentChecksumFlag: spec.checksum ? 1 : 0,
      reservedBit: spec.reservedBit ? 1 : 0,
      unusedBit: 0,
      singleSegmentFlag: single ? 1 : 0,
      frameContentSizeFlag: flag,
    },
    windowDescriptor: single ? undefined : { exponent: spec.window!.exponent, mantissa: spec.window!.mantissa ?? 0 },
    dictionaryId: spec.dictionaryId,
    frameContentSize: fcs,
  } as never);
  const parts: Uint8Array[] = [header];
  spec.blocks.forEach((b, i) => {
    const lastBlock = i === spec.blocks.length - 1 ? 1 : 0;
    const blockType = b.type === 'raw' ? 0 : b.type === 'rle' ? 1 : 3;
    const blockSize = b.type === 'raw' ? b.bytes.length : b.size;
    parts.push(encode(ZstdBlockHeader, { lastBlock, blockType, blockSize }));
    parts.push(b.type === 'raw' ? b.bytes : b.type === 'rle' ? Uint8Array.of(b.byte) : new Uint8Array(0));
  });
  if (spec.checksum) parts.push(new Uint8Array(4));
  return concatBytes(parts);
}

/** RLE blocks of at most `blockSize` bytes each producing `total` bytes of `byte` (4 stream bytes per block). */
export function rleBlocks(total: number, byte = 0, blockSize = 128 << 10): ZstdBlock[] {
  const out: ZstdBlock[] = [];
  for (let left = total; left > 0; left -= blockSize) out.push({ type: 'rle', byte, size: Math.min(blockSize, left) });
  if (!out.length) out.push({ type: 'raw', bytes: new Uint8Array(0) });
  return out;
}

/** A skippable frame (RFC 8878 §3.1.2) holding `data`. */
export function zstdSkippableFrame(data: Uint8Array, variant = 0): Uint8Array {
  const out = new Uint8Array(8 + data.length);
  out.set([0x50 | (variant & 15), ...ZSTD_SKIPPABLE_MAGIC_TAIL]);
  new DataView(out.buffer).setUint32(4, data.length, true);
  out.set(data, 8);
  return out;
}

/**
 * A zlib stream (RFC 1950) of `size` zero bytes made of one fixed-Huffman deflate block (RFC 1951
 * §3.2.6): a literal 0, then (length 258, distance 1) pairs of 13 bits each, then the rest as literals.
 * 1 MB of stream inflates to about 160 MB; built in time linear in the stream, not the output.
 */
export function zlibZeros(size: number): Uint8Array {
  const w = new BitWriter();
  w.bits(0x78, 8);
  w.bits(0x01, 8); // CMF/FLG: deflate, 32 KiB window, no dictionary, level 0 hint; (0x7801 % 31 == 0)
  w.bits(1, 1); // BFINAL
  w.bits(1, 2); // BTYPE 01: fixed Huffman
  const literal0 = (): void => w.huffman(0x30, 8); // literals 0-143: 8-bit codes 0x30+
  let left = size;
  if (left > 0) {
    literal0();
    left--;
  }
  while (left >= 258) {
    w.huffman(0xc5, 8); // length code 285 (258): codes 280-287 are 8-bit 0xC0+
    w.huffman(0, 5); // distance code 0 (distance 1)
    left -= 258;
  }
  for (; left > 0; left--) literal0();
  w.huffman(0, 7); // end of block (256): 7-bit code 0
  w.flush();
  // Adler-32 of `size` zeros: A = 1, B = size (mod 65521).
  const b = size % 65521;
  w.byte(b >>> 8);
  w.byte(b & 0xff);
  w.byte(0);
  w.byte(1);
  return w.result();
}

/** LSB-first bit writer (deflate's order); Huffman codes are written most significant bit first. */
class BitWriter {
  private buf = new Uint8Array(1024);
  private len = 0;
  private acc = 0;
  private n = 0;
  bits(v: number, count: number): void {
    for (let i = 0; i < count; i++) this.bit((v >>> i) & 1);
  }
  huffman(code: number, count: number): void {
    for (let i = count - 1; i >= 0; i--) this.bit((code >>> i) & 1);
  }
  private bit(b: number): void {
    this.acc |= b << this.n;
    if (++this.n === 8) this.flush();
  }
  flush(): void {
    if (this.n) this.byte(this.acc);
    this.acc = 0;
    this.n = 0;
  }
  byte(v: number): void {
    if (this.len === this.buf.length) {
      const next = new Uint8Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.len++] = v;
  }
  result(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}
