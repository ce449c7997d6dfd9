/**
 * AIX big archives (`<bigaf>\n`, what `llvm-ar` writes by default when a member is XCOFF), read as
 * LLVM reads them for listing and extraction. Structures: formats/ar.ts (ArBigFixedHeader,
 * ArBigMemberHeader, ArBigNameTerminator). src/containers/archive.ts `readArchive` hands these
 * archives here and returns the same {@link ArchiveFile} (kind `aix-big`), so every reader of
 * archives (the offload commands, inspect, annotate, verify) reads them unchanged.
 *
 * Reading (llvm/llvm-project:llvm/lib/Object/Archive.cpp, `BigArchive::BigArchive`,
 * `getGlobalSymtabLocAndSize`, `BigArchiveMemberHeader::BigArchiveMemberHeader`, `getRawName`,
 * `getSize`, `getNextChildLoc`, `Archive::Child::Child`, `Archive::Child::getNext`): the 128-byte
 * fixed-length header gives the offsets of the first and last members and of the global symbol
 * tables (checked to lie inside the file, as LLVM checks them); an archive of exactly 128 bytes has
 * no members. From the first member, each member header (112 bytes: size, next and previous offsets,
 * date, uid, gid, mode, name length) is followed by the name, a NUL when its length is odd, "`\n",
 * then the data; the walk ends at the member whose header is at the last member's offset, otherwise
 * it goes on at the header's next offset. Names are the stored bytes (no long-name table); there are
 * no special members (the member table and the symbol tables lie outside the list).
 *
 * Hostile input: LLVM follows next offsets wherever they point (one that points back loops for ever,
 * one that overlaps another member is read again). Here every member's bytes (header to end of data)
 * must lie inside the archive and apart from every other member's: a next offset that points back
 * to a member read before, or into one, is a FORMAT error at that header's `next` field. So the walk
 * reads each byte in at most one member and ends after at most size/114 members.
 *
 * Portable: no Node APIs.
 */
import { blobRef, DecodeError, decodeEscapedUtf8, hasMagic, spanInt, type ByteSource, type PathKey, type Space, type SpanNode } from '../codec/index.js';
import {
  AR_BIG_MEMBER_HEADER_SIZEOF,
  AR_BIG_NAME_ALIGN,
  ArBigFixedHeader,
  ArBigMemberHeader,
  ArBigNameTerminator,
  type ArBigFixedHeaderValue,
} from '../../formats/ar.js';
import type { ArchiveFile, ArchiveMember, ArchiveStop, BigArchiveSymbolTable } from './archive.js';

const FIXED = ArBigFixedHeader.fixedSize!;
const HEAD = ArBigMemberHeader.fixedSize!;
const TERM = ArBigNameTerminator.fixedSize!;

/** A malformed spot: this reader's error and, where LLVM reports it, LLVM's message. */
class Malformed {
  constructor(
    readonly error: DecodeError,
    readonly llvm: string | undefined,
  ) {}
}

/** LLVM's `malformedError` text (llvm/llvm-project:llvm/lib/Object/Archive.cpp). */
function llvmArchiveError(msg: string): string {
  return `truncated or malformed archive (${msg})`;
}

/** A field's text as LLVM's `getFieldRawString` gives it (trailing blanks dropped). */
function rawField(file: Space, o: number, width: number): string {
  const b = file.bytes(o, width, 'field', []);
  let end = width;
  while (end > 0 && b[end - 1] === 0x20) end--;
  return decodeEscapedUtf8(b, 0, end);
}

/** `StringRef::getAsInteger(10)` of a raw field: undefined where LLVM fails (empty, not all digits, past 64 bits). */
function llvmDecimal(text: string): bigint | undefined {
  if (!/^[0-9]+$/.test(text)) return undefined;
  const v = BigInt(text);
  return v < 1n << 64n ? v : undefined;
}

/**
 * Read the big archive in `file` (its magic checked by the caller): its members, or with `partial`
 * those before the first malformed one and an {@link ArchiveStop} for it.
 */
export function readBigArchive(src: ByteSource, file: Space, node: SpanNode | undefined, origin: number, partial: boolean): ArchiveFile {
  const a: ArchiveFile = { kind: 'aix-big', origin, size: file.size, members: [] };
  try {
    new BigArchiveReader(src, file, node, a).read();
  } catch (e) {
    if (!(e instanceof Malformed)) throw e;
    if (!partial) throw e.error;
    a.stop = (e as Malformed & { stop: ArchiveStop }).stop;
  }
  return a;
}

class BigArchiveReader {
  /** The bytes of the members read (header to end of data; they never overlap). */
  private readonly taken = new Intervals();
  private group: SpanNode | undefined;
  constructor(
    private readonly src: ByteSource,
    private readonly file: Space,
    private readonly node: SpanNode | undefined,
    private readonly a: ArchiveFile,
  ) {}

  /** Throw the stop at member `index` (`beforeListing`: LLVM fails to open the archive itself). */
  private fail(error: DecodeError, llvm: string | undefined, index: number, beforeListing: boolean, name?: string, llvmGoesOn?: string): never {
    const m = new Malformed(error, llvm === undefined ? undefined : llvmArchiveError(llvm)) as Malformed & { stop: ArchiveStop };
    m.stop = { error, index, beforeListing, ...(m.llvm === undefined ? {} : { llvmMessage: m.llvm }), ...(name === undefined ? {} : { name }), ...(llvmGoesOn === undefined ? {} : { llvmGoesOn }) };
    throw m;
  }

  read(): void {
    const { file } = this;
    if (file.size < FIXED) {
      this.fail(
        new DecodeError('EOF', `the AIX big archive's fixed-length header needs ${FIXED} bytes, the archive has ${file.size}`, file.abs(0), ['header'], { needed: FIXED, available: file.size }),
        `malformed AIX big archive: incomplete fixed length header, the archive is only${file.size} byte(s)`,
        0,
        true,
      );
    }
    let h: ArBigFixedHeaderValue;
    try {
      h = file.decode(ArBigFixedHeader, 0, { path: ['header'], parent: this.node, key: 'header' });
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      this.fail(e, this.fixedHeaderLlvmError(), 0, true);
    }
    this.symbolTable(h.globalSymbols, 'globalSymbols', '32-bit');
    this.symbolTable(h.globalSymbols64, 'globalSymbols64', '64-bit');
    this.memberTable(h.memberTable);
    // (`BigArchive::isEmpty`: the fixed-length header alone)
    if (file.size === FIXED) return;
    this.group = file.record({ path: ['members'], parent: this.node, key: 'members' }, h.firstMember, 0, 'group');
    let pos = h.firstMember;
    let from: PathKey[] = ['header', 'firstMember'];
    let fromAt = ArBigFixedHeader.offsets.firstMember!;
    for (let index = 0; ; index++) {
      const m = this.member(index, pos, from, fromAt);
      this.a.members.push(m);
      if (pos === h.lastMember) return;
      // (`getNextChildLoc`: NextOffset, read only now; blank is not a number there)
      const nextAt = pos + ArBigMemberHeader.offsets.next!;
      const mp: PathKey[] = ['members', index, 'header', 'next'];
      const raw = rawField(file, nextAt, ArBigMemberHeader.fields.next.fixedSize!);
      const big = llvmDecimal(raw);
      if (big === undefined) {
        this.fail(new DecodeError('FORMAT', `the next member offset '${raw}' is not a decimal number`, file.abs(nextAt), mp), `characters in NextOffset field in archive member header are not all decimal numbers: '${raw}' for the archive member header at offset ${pos}`, index, false, m.name);
      }
      if (big > BigInt(file.size)) {
        this.fail(new DecodeError('RANGE', `offset ${big} of the next member is past the end of the ${file.size}-byte archive after member '${m.name}'`, file.abs(nextAt), mp), `offset to next archive member past the end of the archive after member ${m.name}`, index, false, m.name);
      }
      const next = Number(big);
      pos = next;
      from = mp;
      fromAt = nextAt;
    }
  }

  /** LLVM's error for a fixed-length header whose offsets do not read: the last it sets (`BigArchive::BigArchive`). */
  private fixedHeaderLlvmError(): string | undefined {
    const { file } = this;
    const f = (k: keyof typeof ArBigFixedHeader.offsets) => rawField(file, ArBigFixedHeader.offsets[k]!, 20);
    const g64 = f('globalSymbols64');
    const g32 = f('globalSymbols');
    if (llvmDecimal(g32) === undefined) return `global symbol table offset of 32-bit members "${g32}" is not a number`;
    if (llvmDecimal(g64) === undefined) return `global symbol table offset of 64-bit members"${g64}" is not a number`;
    const last = f('lastMember');
    if (llvmDecimal(last) === undefined) return `malformed AIX big archive: last member offset "${last}" is not a number`;
    const first = f('firstMember');
    if (llvmDecimal(first) === undefined) return `malformed AIX big archive: first member offset "${first}" is not a number`;
    // (a value past 2^53 that LLVM reads: this reader's error alone)
    return undefined;
  }

  /**
   * A global symbol table (`getGlobalSymtabLocAndSize`): its header and contents inside the file;
   * recorded, and listed in `globalSymbolTables` (what src/hex/big-archive-symtab-check.ts checks).
   */
  private symbolTable(offset: number, key: 'globalSymbols' | 'globalSymbols64', bits: string): void {
    if (offset === 0) return;
    const { file } = this;
    const path: PathKey[] = ['header', key];
    const at = file.abs(ArBigFixedHeader.offsets[key]!);
    const content = offset + AR_BIG_MEMBER_HEADER_SIZEOF;
    if (content > file.size) {
      this.fail(
        new DecodeError('EOF', `the ${bits} global symbol table's ${AR_BIG_MEMBER_HEADER_SIZEOF}-byte header at offset ${offset} runs past the end of the ${file.size}-byte archive`, at, path),
        `${bits} global symbol table header at offset 0x${offset.toString(16)} and size 0x${AR_BIG_MEMBER_HEADER_SIZEOF.toString(16)} goes past the end of file`,
        0,
        true,
      );
    }
    const raw = rawField(file, offset + ArBigMemberHeader.offsets.size, ArBigMemberHeader.fields.size.fixedSize!);
    const size = llvmDecimal(raw);
    const tp: PathKey[] = [key === 'globalSymbols' ? 'symbolTable' : 'symbolTable64', 'header', 'size'];
    if (size === undefined) this.fail(new DecodeError('FORMAT', `the ${bits} global symbol table's size '${raw}' is not a decimal number`, file.abs(offset), tp), `${bits} global symbol table size "${raw}" is not a number`, 0, true);
    if (BigInt(content) + size > BigInt(file.size)) {
      this.fail(
        new DecodeError('EOF', `the ${bits} global symbol table's ${size} bytes at offset ${content} run past the end of the ${file.size}-byte archive`, file.abs(offset), tp),
        `${bits} global symbol table content at offset 0x${content.toString(16)} and size 0x${size.toString(16)} goes past the end of file`,
        0,
        true,
      );
    }
    const name = key === 'globalSymbols' ? 'symbolTable' : 'symbolTable64';
    const g = file.record({ path: [name], parent: this.node, key: name }, offset, AR_BIG_MEMBER_HEADER_SIZEOF + Number(size), 'group');
    file.record({ path: [name], parent: g, key: 'header' }, offset, AR_BIG_MEMBER_HEADER_SIZEOF, 'bytes', 'member header');
    file.record({ path: [name], parent: g, key: 'data' }, content, Number(size), 'bytes', `${bits} global symbol table`);
    const table: BigArchiveSymbolTable = { bits: key === 'globalSymbols' ? 32 : 64, key: name, headerOffset: file.abs(offset), dataOffset: file.abs(content), size: Number(size) };
    (this.a.globalSymbolTables ??= []).push(table);
  }

  /** The member table (LLVM does not read it): recorded when its header and contents lie inside the file. */
  private memberTable(offset: number): void {
    const { file } = this;
    if (!(offset > 0) || offset + AR_BIG_MEMBER_HEADER_SIZEOF > file.size) return;
    const size = llvmDecimal(rawField(file, offset + ArBigMemberHeader.offsets.size, ArBigMemberHeader.fields.size.fixedSize!));
    if (size === undefined || BigInt(offset + AR_BIG_MEMBER_HEADER_SIZEOF) + size > BigInt(file.size)) return;
    const g = file.record({ path: ['memberTable'], parent: this.node, key: 'memberTable' }, offset, AR_BIG_MEMBER_HEADER_SIZEOF + Number(size), 'group');
    file.record({ path: ['memberTable'], parent: g, key: 'header' }, offset, AR_BIG_MEMBER_HEADER_SIZEOF, 'bytes', 'member header');
    file.record({ path: ['memberTable'], parent: g, key: 'data' }, offset + AR_BIG_MEMBER_HEADER_SIZEOF, Number(size), 'bytes', 'member table');
  }

  /** The member whose header is at `pos` (reached through the field at `from`), checked and placed. */
  private member(index: number, pos: number, from: PathKey[], fromAt: number): ArchiveMember {
    const { file } = this;
    const mp: PathKey[] = ['members', index];
    const first = index === 0;
    // (`BigArchiveMemberHeader`: LLVM wants more than sizeof(BigArMemHdrType) bytes from the header on)
    if (pos + AR_BIG_MEMBER_HEADER_SIZEOF >= file.size) {
      this.fail(
        new DecodeError('EOF', `remaining size of the archive (${Math.max(0, file.size - pos)} bytes at offset ${pos}) is too small for a member header (more than ${AR_BIG_MEMBER_HEADER_SIZEOF} bytes)`, file.abs(Math.min(pos, file.size)), [...mp, 'header'], {
          needed: AR_BIG_MEMBER_HEADER_SIZEOF + 1,
          available: Math.max(0, file.size - pos),
        }),
        'malformed AIX big archive: remaining buffer is unable to contain next archive member',
        index,
        first,
      );
    }
    this.claim(pos, pos + HEAD, index, from, fromAt);
    const mNode = file.record({ path: mp, parent: this.group, key: index }, pos, HEAD, 'group');
    let header;
    try {
      header = file.decode(ArBigMemberHeader, pos, { path: [...mp, 'header'], parent: mNode, key: 'header' });
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      // (LLVM reads Size, then NameLen: `getRawSize`, `getRawName`)
      const llvm = this.headerLlvmError(pos);
      this.fail(e, llvm, index, first);
    }
    const padded = header.nameLength + (header.nameLength % AR_BIG_NAME_ALIGN);
    const termAt = pos + HEAD + padded;
    if (termAt + TERM > file.size) {
      this.fail(new DecodeError('EOF', `member name of ${header.nameLength} bytes and its terminator run past the end of the archive`, file.abs(pos + HEAD), [...mp, 'name'], { needed: padded + TERM, available: file.size - pos - HEAD }), undefined, index, first);
    }
    const nameBytes = file.bytes(pos + HEAD, header.nameLength, 'member name', [...mp, 'name']);
    const name = decodeEscapedUtf8(nameBytes, 0, nameBytes.length);
    if (!hasMagic(ArBigNameTerminator, file.bytes(termAt, TERM, 'name terminator', [...mp, 'terminator']))) {
      this.fail(
        new DecodeError('FORMAT', `member name is not followed by the terminator "\`\\n"`, file.abs(termAt), [...mp, 'terminator']),
        `name does not have name terminator "\`\\n" for archive memberheader at offset ${termAt}`,
        index,
        first,
        name,
      );
    }
    file.record({ path: mp, parent: mNode, key: 'name' }, pos + HEAD, header.nameLength, 'string', name);
    if (padded > header.nameLength) file.record({ path: mp, parent: mNode, key: 'namePadding' }, pos + HEAD + header.nameLength, padded - header.nameLength, 'padding', 0);
    file.decode(ArBigNameTerminator, termAt, { path: [...mp, 'terminator'], parent: mNode, key: 'terminator' });
    const dataAt = termAt + TERM;
    if (header.size > file.size - dataAt) {
      // (LLVM does not check it: `Archive::Child` takes the size as is and reads past the buffer)
      this.fail(
        new DecodeError('EOF', `member size ${header.size} runs past the end of the archive (${file.size - dataAt} bytes after the header)`, file.abs(pos + ArBigMemberHeader.offsets.size), [...mp, 'header', 'size'], { needed: header.size, available: file.size - dataAt }),
        undefined,
        index,
        first,
        name,
        'opens the member with the bytes after the end of its buffer (undefined behaviour)',
      );
    }
    this.claim(pos, dataAt + header.size, index, from, fromAt, true);
    if (mNode) mNode.size = spanInt(dataAt + header.size - pos);
    if (this.group) this.group.size = spanInt(Math.max(this.group.size, dataAt + header.size - this.group.offset));
    const abs = file.abs(dataAt);
    file.record({ path: mp, parent: mNode, key: 'data' }, dataAt, header.size, 'bytes');
    return { index, name, rawName: name, headerOffset: file.abs(pos), dataOffset: abs, size: header.size, header, data: blobRef(this.src, abs, header.size, abs) };
  }

  /** LLVM's error for a member header whose size or name length does not read. */
  private headerLlvmError(pos: number): string | undefined {
    for (const [field, label] of [
      ['size', 'size'],
      ['nameLength', 'NameLen'],
    ] as const) {
      const raw = rawField(this.file, pos + ArBigMemberHeader.offsets[field]!, ArBigMemberHeader.fields[field].fixedSize!);
      if (llvmDecimal(raw) === undefined) return `characters in ${label} field in archive member header are not all decimal numbers: '${raw}' for the archive member header at offset ${pos}`;
    }
    return undefined;
  }

  /**
   * Check `[start, end)` of member `index`, reached through the field at `from`, against the members
   * read before: a FORMAT error where it overlaps one; with `take`, it is then added to them.
   */
  private claim(start: number, end: number, index: number, from: PathKey[], fromAt: number, take = false): void {
    if (this.taken.overlaps(start, end)) this.overlap(index, start, from, fromAt);
    if (take) this.taken.add(start, end);
  }

  private overlap(index: number, at: number, from: PathKey[], fromAt: number): never {
    const prev = this.a.members.find((m) => m.headerOffset - this.file.abs(0) <= at && at < m.dataOffset - this.file.abs(0) + m.size) ?? this.a.members.find((m) => at <= m.headerOffset - this.file.abs(0));
    const what = prev ? `member ${prev.index} ('${prev.name}')` : 'a member read before';
    const where = from[0] === 'header' ? 'the first member offset' : `member ${index - 1}'s next offset`;
    const loops = this.a.members.some((m) => m.headerOffset - this.file.abs(0) === at);
    throw this.fail(
      new DecodeError('FORMAT', `member ${index} at offset ${at} (${where}) overlaps ${what}: the member list loops or members share bytes (LLVM reads such a list for ever or reads the bytes twice)`, this.file.abs(fromAt), from),
      undefined,
      index,
      index === 0,
      undefined,
      loops ? 'follows the member list for ever' : 'reads the member there, in bytes another member holds, and goes on from it',
    );
  }
}

/** Bucket size of {@link Intervals}: inserting costs O(log n + BUCKET), whatever the order. */
const BUCKET = 512;

/**
 * Disjoint intervals `[start, end)`, sorted by start in buckets of up to 2 × BUCKET: an overlap query
 * and an insertion cost O(log n + BUCKET), so members met in any order (a hostile list that walks
 * backwards) cost no more than members in file order.
 */
class Intervals {
  private readonly buckets: { s: number[]; e: number[] }[] = [];

  /** The bucket that holds, or would hold, start `x`: the last whose first start is at most `x` (0 when none). */
  private bucketOf(x: number): number {
    const b = this.buckets;
    let lo = 0;
    let hi = b.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (b[mid]!.s[0]! <= x) lo = mid + 1;
      else hi = mid;
    }
    return Math.max(0, lo - 1);
  }

  /** Index of the last start at most `x` in `s`, or -1. */
  private static last(s: readonly number[], x: number): number {
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (s[mid]! <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** True when `[start, end)` (end > start) shares a byte with an interval held. */
  overlaps(start: number, end: number): boolean {
    if (!this.buckets.length) return false;
    // (disjoint and sorted: the last interval starting before `end` ends last of those that do)
    const x = end - 1;
    const b = this.buckets[this.bucketOf(x)]!;
    const i = Intervals.last(b.s, x);
    return i >= 0 && b.e[i]! > start;
  }

  /** Add `[start, end)`, which overlaps no interval held. */
  add(start: number, end: number): void {
    if (!this.buckets.length) {
      this.buckets.push({ s: [start], e: [end] });
      return;
    }
    const k = this.bucketOf(start);
    const b = this.buckets[k]!;
    const i = Intervals.last(b.s, start) + 1;
    b.s.splice(i, 0, start);
    b.e.splice(i, 0, end);
    if (b.s.length > 2 * BUCKET) this.buckets.splice(k + 1, 0, { s: b.s.splice(BUCKET), e: b.e.splice(BUCKET) });
  }
}
