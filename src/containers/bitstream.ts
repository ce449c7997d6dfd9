/**
 * A bounded reader of LLVM's bitstream container (formats/llvm-bitcode.ts `BITSTREAM`: words read
 * from the least significant bit, abbreviation ids, ENTER_SUBBLOCK / END_BLOCK, DEFINE_ABBREV with
 * literal, fixed, vbr, array, char6 and blob operands, the BLOCKINFO block), as
 * llvm/lib/Bitstream/Reader/BitstreamReader.cpp reads it (`readRecord`, `readAbbrevRecord`,
 * `ReadBlockInfoBlock`) and llvm/docs/BitCodeFormat.rst describes it.
 *
 * It walks one level at a time: the caller enters the blocks it wants and skips the others by their
 * length word, so nothing recurses and blocks are never read unless asked for. Every item consumes at
 * least one bit (widths of 0 are refused as LLVM refuses them, fixed(0) / vbr(0) operands are
 * literal 0 as in LLVM), arrays are checked against the bits left before they are read, and array
 * elements are only stored when asked for: work and memory are linear in the bits read.
 * Malformed streams are {@link BitstreamError}s with the byte offset.
 *
 * Portable: no Node APIs.
 */
import type { BlobRef } from '../codec/index.js';
import { BITSTREAM } from '../../formats/llvm-bitcode.js';

const A = BITSTREAM.abbrev;
const E = BITSTREAM.encoding;
const W = BITSTREAM.width;

/** A stream that cannot be followed, at a byte offset of the input. */
export class BitstreamError extends Error {
  constructor(
    message: string,
    /** Byte offset (in the input) of the item that cannot be read. */
    readonly offset: number,
  ) {
    super(`${message} (at byte ${offset})`);
  }
}

/** One operand of an abbreviation. */
export type AbbrevOp =
  | { kind: 'literal'; value: number }
  | { kind: 'fixed' | 'vbr'; width: number }
  | { kind: 'char6' }
  | { kind: 'array'; element: AbbrevOp }
  | { kind: 'blob' };

/** An abbreviation: its operands (the first gives the record code). */
export type Abbrev = readonly AbbrevOp[];

/** A record read. */
export interface BitRecord {
  /** Record code. */
  code: number;
  /** Scalar operands, and the array's elements when asked for (`keepArray`). */
  ops: number[];
  /** Number of elements of the record's array operand (an unabbreviated record: all its operands). */
  arrayLength: number;
  /** Bit position where the array's elements start (to read them again, e.g. as bytes). */
  arrayAt?: number;
  /** The array's element operand (abbreviated records), to read it again. */
  arrayElement?: AbbrevOp;
  /** A blob operand: where its bytes are in the input, and how many. */
  blob?: { offset: number; size: number };
  /**
   * An operand was larger than 2^53 - 1 (legal: record operands are 64-bit, e.g. a double's bits
   * in a CST_CODE_FLOAT record); it is NaN in `ops`, never a rounded number. A reader that uses
   * this record's operands must refuse it (BitstreamReader.usedOps); one that skips the record need not care.
   */
  wide?: boolean;
}


/** What was entered: the block id, and the bit where it ends. */
export interface BlockEntry {
  /** The block id. */
  id: number;
  /** First bit after the block. */
  end: number;
}

/**
 * One item of a block: its end, a sub-block announced (enter it with `enter`, which reads a BLOCKINFO
 * block whole, or skip it with `skip`), or a record (read it with `record`).
 */
export type BitItem = { kind: 'end' } | { kind: 'block'; id: number; newWidth: number; lengthWords: number; at: number } | { kind: 'record'; abbrev: number; at: number };

const CHAR6 = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._';

/** The fewest bits an operand of this encoding takes (array elements: fixed, vbr or char6). */
function minBits(op: AbbrevOp): number {
  return op.kind === 'fixed' || op.kind === 'vbr' ? op.width : op.kind === 'char6' ? 6 : 1;
}

interface Scope {
  width: number;
  /** The BLOCKINFO abbreviations of the block id (shared, not copied) and how many there were on entry. */
  inherited: readonly Abbrev[];
  inheritedCount: number;
  /** The block's own DEFINE_ABBREVs, numbered after the inherited ones. */
  abbrevs: Abbrev[];
  blockId: number;
  end: number;
}

const NO_ABBREVS: readonly Abbrev[] = [];

/** A cursor over the bitstream at `[offset, offset + size)` of a blob, read in windows. */
export class BitstreamReader {
  /** Bit position, from the start of the stream. */
  pos = 0;
  private readonly bits: number;
  private readonly size: number;
  private win: Uint8Array = new Uint8Array(0);
  private winAt = 0;
  private readonly scopes: Scope[] = [];
  /** BLOCKINFO abbreviations by block id (a later BLOCKINFO block replaces them, as LLVM's reader does). */
  private blockInfo = new Map<number, Abbrev[]>();
  /**
   * Operands produced by abbreviated records so far, and the most the stream may produce: a record
   * costs its abbreviation id's few bits however many literal operands its abbreviation has, so
   * without this bound an abbreviation of N literals used R times would be N × R work from a stream
   * of R × 3 bits. LLVM's writer uses a literal for the code and a few fields, so its streams stay far
   * below two operands per bit.
   */
  private work = 0;
  private readonly workLimit: number;

  constructor(
    private readonly blob: BlobRef,
    /** Where the stream starts in the blob (the input). */
    readonly offset: number,
    size: number,
    /** Bytes per window. */
    private readonly window = 1 << 16,
  ) {
    // Never past the blob: a range a header claims beyond it reads as a stream that ends there.
    this.size = Math.max(0, Math.min(size, blob.size - offset));
    this.bits = this.size * 8;
    this.workLimit = 2 * this.bits + (1 << 16);
    this.scopes.push({ width: W.topLevel, inherited: NO_ABBREVS, inheritedCount: 0, abbrevs: [], blockId: -1, end: this.bits });
  }

  /** Byte offset in the input of bit `bit`. */
  byteAt(bit = this.pos): number {
    return this.offset + Math.floor(bit / 8);
  }

  /** Bits left in the stream. */
  get left(): number {
    return this.bits - this.pos;
  }

  private fail(message: string, bit = this.pos): never {
    throw new BitstreamError(message, this.byteAt(bit));
  }

  private byte(i: number): number {
    if (i < this.winAt || i >= this.winAt + this.win.length) {
      this.winAt = i;
      this.win = this.blob.slice(this.offset + i, Math.min(this.window, this.size - i));
    }
    return this.win[i - this.winAt]!;
  }

  /** A fixed-width field (width ≤ 32). */
  fixed(width: number): number {
    if (this.pos + width > this.bits) this.fail('the stream ends inside a field');
    let v = 0;
    let got = 0;
    while (got < width) {
      const off = this.pos & 7;
      const take = Math.min(8 - off, width - got);
      const b = (this.byte(Math.floor(this.pos / 8)) >>> off) & ((1 << take) - 1);
      v += b * 2 ** got;
      got += take;
      this.pos += take;
    }
    return v;
  }

  /**
   * A variable bit-rate field of chunks of `width` bits. Values past 2^53 - 1 are refused, never
   * rounded; with `wide` (record operands, which LLVM reads as 64-bit: ReadVBR64) such a value is
   * read to its end and returned as NaN, for the caller to mark (BitRecord.wide).
   */
  vbr(width: number, wide = false): number {
    if (width === 1) {
      // No data bits: LLVM's ReadVBR reads 1-bit chunks until a 0 and returns 0.
      while (this.fixed(1) === 1);
      return 0;
    }
    const hi = 2 ** (width - 1);
    let v = 0;
    let tooLarge = false;
    for (let shift = 0; ; shift += width - 1) {
      const piece = this.fixed(width);
      v += (piece % hi) * 2 ** shift;
      // 64-bit honesty: a value past 2^53 - 1 is refused (or NaN with `wide`), never rounded.
      if (v > Number.MAX_SAFE_INTEGER || (shift > 52 && piece % hi !== 0)) {
        if (!wide) this.fail('a VBR value is larger than 2^53 - 1');
        tooLarge = true;
      }
      if (piece < hi) return tooLarge ? Number.NaN : v;
      if (shift + width - 1 >= 64) this.fail('a VBR value is longer than 64 bits');
    }
  }

  /**
   * The operands of a record the caller interprets (ids, counts, offsets, characters), the record
   * read at bit `at`: refused when one of them does not fit a JavaScript number (BitRecord.wide),
   * never used rounded.
   */
  usedOps(r: BitRecord, what: string, at: number): number[] {
    if (r.wide) this.fail(`${what}: an operand is larger than 2^53 - 1`, at);
    return r.ops;
  }

  /** Skip to the next multiple of 32 bits. */
  align32(): void {
    this.pos = Math.min(this.bits, Math.ceil(this.pos / 32) * 32);
  }

  private get scope(): Scope {
    return this.scopes[this.scopes.length - 1]!;
  }

  /** The next item of the current block (at the end of the stream at top level: `end`). */
  next(): BitItem {
    const s = this.scope;
    for (;;) {
      // Top level: the end of the stream, or zero padding after the last block.
      if (this.scopes.length === 1 && this.left < s.width) return { kind: 'end' };
      if (this.pos >= s.end) this.fail('a block runs past its length');
      const at = this.pos;
      const id = this.fixed(s.width);
      if (id === A.END_BLOCK) {
        if (this.scopes.length === 1) return { kind: 'end' };
        this.align32();
        this.scopes.pop();
        return { kind: 'end' };
      }
      if (id === A.ENTER_SUBBLOCK) {
        const block = this.vbr(W.blockId);
        const newWidth = this.vbr(W.newAbbrevLen);
        this.align32();
        const lengthWords = this.fixed(W.blockLength);
        return { kind: 'block', id: block, newWidth, lengthWords, at };
      }
      if (id !== A.DEFINE_ABBREV) return { kind: 'record', abbrev: id, at };
      s.abbrevs.push(this.readAbbrev());
    }
  }

  /** Enter the block just announced by `next()`. */
  enter(b: { id: number; newWidth: number; lengthWords: number; at: number }): BlockEntry {
    if (b.newWidth < 1 || b.newWidth > BITSTREAM.maxChunkSize) this.fail(`block ${b.id}: abbreviation width ${b.newWidth}`, b.at);
    const end = this.pos + b.lengthWords * 32;
    if (end > this.bits || end > this.scope.end) this.fail(`block ${b.id}: its ${b.lengthWords} words run past the end of the stream`, b.at);
    // The block id's BLOCKINFO abbreviations come first; shared (never copied: entering a block is O(1)).
    const inherited = this.blockInfo.get(b.id) ?? NO_ABBREVS;
    this.scopes.push({ width: b.newWidth, inherited, inheritedCount: inherited.length, abbrevs: [], blockId: b.id, end });
    if (b.id === BITSTREAM.blockinfo.BLOCK_ID) this.readBlockInfo();
    return { id: b.id, end };
  }

  /** Skip the block just announced by `next()` by its length word. */
  skip(b: { id: number; lengthWords: number; at: number }): void {
    const end = this.pos + b.lengthWords * 32;
    if (end > this.bits || end > this.scope.end) this.fail(`block ${b.id}: its ${b.lengthWords} words run past the end of the stream`, b.at);
    this.pos = end;
  }

  /** DEFINE_ABBREV (readAbbrevRecord). */
  private readAbbrev(): Abbrev {
    const at = this.pos;
    const n = this.vbr(W.abbrevNumOps);
    if (n > this.left) this.fail(`an abbreviation of ${n} operands`, at);
    const ops: AbbrevOp[] = [];
    for (let i = 0; i < n; i++) {
      if (this.fixed(1)) {
        ops.push({ kind: 'literal', value: this.vbr(W.abbrevLiteral) });
        continue;
      }
      const enc = this.fixed(W.abbrevEncoding);
      if (enc === E.FIXED || enc === E.VBR) {
        const width = this.vbr(W.abbrevValue);
        if (width > BITSTREAM.maxChunkSize) this.fail(`an abbreviation operand ${width} bits wide`, at);
        // Fixed(0) and VBR(0) are literal zeros (readAbbrevRecord).
        ops.push(width === 0 ? { kind: 'literal', value: 0 } : { kind: enc === E.FIXED ? 'fixed' : 'vbr', width });
      } else if (enc === E.ARRAY || enc === E.CHAR6 || enc === E.BLOB) {
        ops.push(enc === E.ARRAY ? { kind: 'array', element: { kind: 'literal', value: 0 } } : enc === E.CHAR6 ? { kind: 'char6' } : { kind: 'blob' });
      } else this.fail(`an abbreviation operand of unknown encoding ${enc}`, at);
    }
    // An array is the operand before last and takes the last as its element; a blob is last.
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!;
      if (op.kind === 'array') {
        const el = ops[i + 1];
        if (i !== ops.length - 2 || !el || el.kind === 'array' || el.kind === 'blob' || el.kind === 'literal') this.fail('an array operand must be followed by its element encoding, last', at);
        ops.splice(i + 1, 1);
        ops[i] = { kind: 'array', element: el };
      } else if (op.kind === 'blob' && i !== ops.length - 1) this.fail('a blob operand must be last', at);
    }
    if (ops.length === 0 || ops[0]!.kind === 'array' || ops[0]!.kind === 'blob') this.fail('an abbreviation must start with a scalar operand (the code)', at);
    return ops;
  }

  /** The BLOCKINFO block (ReadBlockInfoBlock): SETBID, then abbreviations for that block id. */
  private readBlockInfo(): void {
    let current: Abbrev[] | undefined;
    const info = new Map<number, Abbrev[]>();
    this.blockInfo = info;
    for (;;) {
      const at = this.pos;
      const s = this.scope;
      if (this.pos >= s.end) this.fail('BLOCKINFO runs past its length');
      const id = this.fixed(s.width);
      if (id === A.END_BLOCK) {
        this.align32();
        this.scopes.pop();
        return;
      }
      if (id === A.ENTER_SUBBLOCK) {
        const block = this.vbr(W.blockId);
        const newWidth = this.vbr(W.newAbbrevLen);
        this.align32();
        this.skip({ id: block, lengthWords: this.fixed(W.blockLength), at });
        void newWidth;
        continue;
      }
      if (id === A.DEFINE_ABBREV) {
        if (!current) this.fail('BLOCKINFO: an abbreviation before SETBID', at);
        current.push(this.readAbbrev());
        continue;
      }
      const r = this.record({ kind: 'record', abbrev: id, at });
      if (r.code === BITSTREAM.blockinfo.SETBID) {
        const bid = this.usedOps(r, 'BLOCKINFO SETBID', at)[0];
        if (bid === undefined) this.fail('BLOCKINFO: SETBID without a block id', at);
        current = info.get(bid);
        if (!current) info.set(bid, (current = []));
      }
    }
  }

  /**
   * The record announced by `next()`. Array elements are stored in `ops` only with `keepArray`, and
   * at most `keep` of them (the rest are consumed: memory stays bounded by what the caller needs);
   * `arrayAt` tells where they start, to read them again.
   */
  record(item: { kind: 'record'; abbrev: number; at: number }, keepArray = true, keep = Infinity): BitRecord {
    if (item.abbrev === A.UNABBREV_RECORD) {
      const code = this.vbr(W.code);
      const n = this.vbr(W.numOps);
      // Each operand takes at least W.op bits: a count the bits left cannot hold is refused before any work.
      if (n * W.op > this.left) this.fail(`a record of ${n} operands`, item.at);
      const r: BitRecord = { code, ops: [], arrayLength: n, arrayAt: this.pos };
      for (let i = 0; i < n; i++) {
        const v = this.vbr(W.op, true);
        if (v !== v) r.wide = true;
        if (keepArray && i < keep) r.ops.push(v);
      }
      return r;
    }
    const sc = this.scope;
    const k = item.abbrev - A.FIRST_DEFINED;
    const abbrev = k < sc.inheritedCount ? sc.inherited[k] : sc.abbrevs[k - sc.inheritedCount];
    if (!abbrev) this.fail(`abbreviation id ${item.abbrev} is not defined in block ${sc.blockId}`, item.at);
    this.work += abbrev.length;
    if (this.work > this.workLimit) this.fail(`abbreviated records expand to more than ${this.workLimit} operands, twice the stream's bits (an abbreviation of literal operands used over and over)`, item.at);
    const code = this.operand(abbrev[0]!);
    if (code !== code) this.fail('a record code is larger than 2^53 - 1', item.at);
    const r: BitRecord = { code, ops: [], arrayLength: 0 };
    for (let i = 1; i < abbrev.length; i++) {
      const op = abbrev[i]!;
      if (op.kind === 'array') {
        const n = this.vbr(W.arrayLength);
        // Each element takes at least its encoding's width: the count is bounded by the bits left.
        if (n * minBits(op.element) > this.left) this.fail(`an array of ${n} elements`, item.at);
        r.arrayLength = n;
        r.arrayAt = this.pos;
        r.arrayElement = op.element;
        for (let k = 0; k < n; k++) {
          const v = this.operand(op.element);
          if (v !== v) r.wide = true;
          if (keepArray && k < keep) r.ops.push(v);
        }
      } else if (op.kind === 'blob') {
        const n = this.vbr(W.blobLength);
        this.align32();
        if (n * 8 > this.left) this.fail(`a blob of ${n} bytes`, item.at);
        r.blob = { offset: this.byteAt(), size: n };
        this.pos += n * 8;
        this.align32();
      } else {
        const v = this.operand(op);
        if (v !== v) r.wide = true;
        r.ops.push(v);
      }
    }
    return r;
  }

  /** The elements of a record's array read again as bytes (each must be < 256), into `out`. */
  arrayBytes(r: BitRecord, out: Uint8Array): void {
    if (r.arrayAt === undefined) return;
    const back = this.pos;
    this.pos = r.arrayAt;
    const el: AbbrevOp = r.arrayElement ?? { kind: 'vbr', width: W.op };
    const byteAligned8 = el.kind === 'fixed' && el.width === 8 && (this.pos & 7) === 0;
    if (byteAligned8) {
      // The usual String8Abbrev: whole bytes; copy window by window.
      let start = Math.floor(this.pos / 8);
      let done = 0;
      while (done < r.arrayLength) {
        const n = Math.min(this.window, r.arrayLength - done);
        out.set(this.blob.slice(this.offset + start, n), done);
        done += n;
        start += n;
      }
      this.pos = back;
      return;
    }
    for (let k = 0; k < r.arrayLength; k++) {
      const v = this.operand(el);
      if (!(v <= 0xff)) this.fail(`array element ${k} is ${v !== v ? 'larger than 2^53 - 1' : v}, not a byte`);
      out[k] = v;
    }
    this.pos = back;
  }

  private operand(op: AbbrevOp): number {
    switch (op.kind) {
      case 'literal':
        return op.value;
      case 'fixed':
        return this.fixed(op.width);
      case 'vbr':
        return this.vbr(op.width, true);
      case 'char6':
        return CHAR6.charCodeAt(this.fixed(6));
      default:
        return this.fail('an array or blob where a scalar operand is expected');
    }
  }
}
