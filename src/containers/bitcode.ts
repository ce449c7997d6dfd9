/**
 * The target triple of an LLVM bitcode module, read with a small, bounded bitstream reader: the
 * `MODULE_BLOCK` (id 8) is entered, sub-blocks are skipped by their length word, and the
 * unabbreviated `MODULE_CODE_TRIPLE` record (code 2, one character per operand) is returned. LLVM's
 * writer emits the triple unabbreviated, after the version record and the BLOCKINFO, type and
 * attribute blocks (`writeModuleInfo`: `writeStringRecord(Stream, bitc::MODULE_CODE_TRIPLE, ...,
 * 0)`); an abbreviated module-level record before it ends the search (its abbreviation is not
 * decoded here).
 *
 * Upstream: llvm/include/llvm/Bitstream/BitCodeEnums.h (abbrev ids END_BLOCK 0, ENTER_SUBBLOCK 1,
 * DEFINE_ABBREV 2, UNABBREV_RECORD 3; the encodings: fixed 1, vbr 2, array 3, char6 4, blob 5) and
 * llvm/include/llvm/Bitcode/LLVMBitCodes.h (`MODULE_BLOCK_ID` 8, `MODULE_CODE_TRIPLE` 2), read in the
 * copies llvm-22-dev installs; llvm/docs/BitCodeFormat.rst for the stream layout (32-bit little-endian
 * words, fields from the least significant bit, top-level abbreviation width 2, ENTER_SUBBLOCK =
 * block id vbr8, abbreviation width vbr4, align to 32 bits, length in words).
 *
 * Bounded: at most {@link MAX_STEPS} items are read and at most {@link BITCODE_TRIPLE_WINDOW} bytes of
 * the module are looked at; sub-blocks are skipped without being read. Never throws: a stream it cannot
 * follow gives a `problem`. Checked against testdata/llvm22/sycl/k.device.bc (`spirv64-unknown-unknown`,
 * its `.ll.txt`) and containers/host.bc (`x86_64-unknown-linux-gnu`).
 */
import type { BlobRef } from '../codec/index.js';

/** Bytes of a module the reader may look at. */
export const BITCODE_TRIPLE_WINDOW = 1 << 20;
/** Items (blocks, records, abbreviation definitions) the reader may read. */
export const MAX_STEPS = 4096;

const MODULE_BLOCK_ID = 8;
const MODULE_CODE_TRIPLE = 2;
const END_BLOCK = 0;
const ENTER_SUBBLOCK = 1;
const DEFINE_ABBREV = 2;
const UNABBREV_RECORD = 3;

class End extends Error {}

/** A bit cursor over `[offset, offset+size)` of a blob, reading it in 4 KiB windows. */
class Bits {
  private pos = 0; // in bits, from the start of the module
  private win: Uint8Array = new Uint8Array(0);
  private winAt = 0;
  constructor(
    private readonly blob: BlobRef,
    private readonly offset: number,
    private readonly size: number,
  ) {}

  private byte(i: number): number {
    if (i >= this.size) throw new End('the stream ends');
    if (i < this.winAt || i >= this.winAt + this.win.length) {
      this.winAt = i;
      this.win = this.blob.slice(this.offset + i, Math.min(4096, this.size - i));
    }
    return this.win[i - this.winAt]!;
  }

  fixed(width: number): number {
    let v = 0;
    for (let k = 0; k < width; k++) {
      const bit = (this.byte(this.pos >>> 3) >>> (this.pos & 7)) & 1;
      v += bit * 2 ** k;
      this.pos++;
    }
    return v;
  }

  vbr(width: number): number {
    const hi = 2 ** (width - 1);
    let v = 0;
    for (let shift = 0; ; shift += width - 1) {
      if (shift > 52) throw new End('a VBR value is longer than 53 bits');
      const piece = this.fixed(width);
      v += (piece % hi) * 2 ** shift;
      if (piece < hi) return v;
    }
  }

  align32(): void {
    this.pos = Math.ceil(this.pos / 32) * 32;
  }

  /** Skip `words` 32-bit words (a sub-block), without reading them. */
  skipWords(words: number): void {
    this.pos += words * 32;
    if (this.pos > this.size * 8) throw new End('a block runs past the end of the stream');
  }
}

/** The triple of the module at `[offset, +size)` of `blob` (raw bitcode: `BC C0 DE` first). */
export function bitcodeTriple(blob: BlobRef, offset: number, size: number): { triple?: string; problem?: string } {
  const b = new Bits(blob, offset, Math.min(size, BITCODE_TRIPLE_WINDOW));
  try {
    b.fixed(32); // magic, checked by the caller
    let width = 2;
    let inModule = false;
    for (let step = 0; step < MAX_STEPS; step++) {
      const id = b.fixed(width);
      if (id === ENTER_SUBBLOCK) {
        const block = b.vbr(8);
        const newWidth = b.vbr(4);
        b.align32();
        const words = b.fixed(32);
        if (!inModule && block === MODULE_BLOCK_ID) {
          if (newWidth < 2 || newWidth > 32) return { problem: `MODULE_BLOCK abbreviation width ${newWidth}` };
          inModule = true;
          width = newWidth;
        } else b.skipWords(words);
      } else if (id === END_BLOCK) {
        if (inModule) return { problem: 'MODULE_BLOCK has no TRIPLE record' };
        b.align32();
      } else if (id === UNABBREV_RECORD) {
        const code = b.vbr(6);
        const n = b.vbr(6);
        if (inModule && code === MODULE_CODE_TRIPLE) {
          if (n > 4096) return { problem: `TRIPLE record of ${n} characters` };
          let s = '';
          for (let i = 0; i < n; i++) s += String.fromCharCode(b.vbr(6) & 0xff);
          return { triple: s };
        }
        for (let i = 0; i < n; i++) b.vbr(6);
      } else if (id === DEFINE_ABBREV) {
        skipAbbrevDefinition(b);
      } else {
        return { problem: inModule ? 'an abbreviated record comes before the TRIPLE record' : 'an abbreviated record outside any block' };
      }
    }
    return { problem: `no TRIPLE record in the first ${MAX_STEPS} items` };
  } catch (e) {
    if (e instanceof End) return { problem: `bitstream: ${e.message}` };
    throw e;
  }
}

/** DEFINE_ABBREV: numops vbr5, then per op a literal flag and a literal (vbr8) or an encoding. */
function skipAbbrevDefinition(b: Bits): void {
  const n = b.vbr(5);
  for (let i = 0; i < n; i++) {
    if (b.fixed(1)) b.vbr(8);
    else {
      const enc = b.fixed(3);
      if (enc === 1 || enc === 2) b.vbr(5);
    }
  }
}
