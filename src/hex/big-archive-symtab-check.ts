/**
 * verify's check of an AIX big archive's global symbol tables (the 32-bit one at the fixed-length
 * header's `GlobSymOffset`, the 64-bit one at `GlobSym64Offset`), as LLVM reads them
 * (llvm/llvm-project:llvm/lib/Object/Archive.cpp `BigArchive::BigArchive`,
 * `appendGlobalSymbolTableInfo`, `Archive::symbol_begin`, `Archive::Symbol::getNext`,
 * `Archive::Symbol::getMember`): a big-endian u64 count, that many big-endian u64 member-header
 * offsets, then one NUL-terminated name per symbol (layout: formats/ar.ts `ArBigSymbolTableHeader`,
 * `ArBigSymbolOffset`; the same in both tables). src/containers/big-archive.ts has already checked
 * that each table's header and contents lie inside the archive (`getGlobalSymtabLocAndSize`); this
 * checks what is inside:
 * - the count fits the table: LLVM does not check it (`appendGlobalSymbolTableInfo` subtracts the
 *   offsets' bytes from the size unchecked), so llvm-nm --print-armap and linkers read offsets and
 *   names past the table;
 * - each offset is where a member's header starts: `getMember` opens a member header at the offset
 *   whatever is there;
 * - there are as many NUL-terminated names as the count: `getNext` goes one past the next NUL
 *   (past the table when there is none) and `getName` reads up to a NUL wherever it is;
 * - with both tables, the 32-bit one has nothing after its names: LLVM reads the two as one (the
 *   32-bit table's names, then the 64-bit table's), so bytes there shift every 64-bit symbol's name.
 *
 * Library core: no Node APIs.
 */
import { decode, type ByteSource } from '../codec/index.js';
import type { ArchiveFile, BigArchiveSymbolTable } from '../containers/archive.js';
import { ArBigMemberHeader, ArBigSymbolOffset, ArBigSymbolTableHeader } from '../../formats/ar.js';
import type { Finding } from './annotate.js';

const COUNT = ArBigSymbolTableHeader.fixedSize!;
const ENTRY = ArBigSymbolOffset.fixedSize!;
/** What reads the tables, for the messages. */
const READERS = 'llvm-nm --print-armap and linkers';

/** Check the global symbol tables of the AIX big archive `archive` (read from `src`), reporting through `add`. */
export function checkBigArchiveSymbolTables(src: ByteSource, archive: ArchiveFile, add: (f: Finding) => void): void {
  if (archive.kind !== 'aix-big' || !archive.globalSymbolTables?.length) return;
  const tables = archive.globalSymbolTables;
  for (const t of tables) checkTable(src, archive, t, t.bits === 32 && tables.some((o) => o.bits === 64), add);
}

function checkTable(src: ByteSource, archive: ArchiveFile, t: BigArchiveSymbolTable, merged: boolean, add: (f: Finding) => void): void {
  const what = `the ${t.bits}-bit global symbol table`;
  const data = `${t.key}.data`;
  if (t.size < COUNT) {
    const sizeAt = t.headerOffset + ArBigMemberHeader.offsets.size!;
    add({
      severity: 'error',
      offset: sizeAt,
      size: ArBigMemberHeader.fields.size.fixedSize!,
      path: `${t.key}.header.size`,
      code: 'structure',
      message: `${what} has ${t.size} byte(s), fewer than its ${COUNT}-byte symbol count: LLVM reads the count from the bytes after the table (${READERS})`,
    });
    return;
  }
  const count = BigInt(decode(ArBigSymbolTableHeader, src.read(t.dataOffset, COUNT), 0, { le: false }).count);
  const room = BigInt(t.size - COUNT) / BigInt(ENTRY);
  if (count > room) {
    add({
      severity: 'error',
      offset: t.dataOffset,
      size: COUNT,
      path: `${data}.count`,
      code: 'structure',
      message: `${what} says ${count} symbol(s): their member offsets need ${count * BigInt(ENTRY)} bytes after the count, the table has ${t.size - COUNT} (room for ${room}); ${READERS} read offsets and names past it (LLVM does not check the count)`,
    });
    return;
  }
  const n = Number(count);
  // Offsets and names: in one read of the table (its size is what the file holds).
  const table = src.read(t.dataOffset, t.size);
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  // (a member list cut short by a malformed member, reported already: the members after it are not known)
  if (!archive.stop) checkOffsets(archive, t, view, n, what, add);
  checkNames(t, table, n, what, merged, add);
}

/** Each of the `n` offsets of table `t` against the member headers: one finding, at the first that names none. */
function checkOffsets(archive: ArchiveFile, t: BigArchiveSymbolTable, view: DataView, n: number, what: string, add: (f: Finding) => void): void {
  const headers = new Set<number>();
  for (const m of archive.members) headers.add(m.headerOffset - archive.origin);
  let bad = 0;
  let first = -1;
  let firstValue = 0n;
  for (let i = 0; i < n; i++) {
    const v = view.getBigUint64(COUNT + i * ENTRY, false);
    if (v <= BigInt(Number.MAX_SAFE_INTEGER) && headers.has(Number(v))) continue;
    if (bad++ === 0) {
      first = i;
      firstValue = v;
    }
  }
  if (!bad) return;
  add({
    severity: 'error',
    offset: t.dataOffset + COUNT + first * ENTRY,
    size: ENTRY,
    path: `${t.key}.data.offsets[${first}]`,
    code: 'structure',
    message: `${what}: ${bad} of its ${n} symbol(s) name a member offset where no member header starts (the first: symbol ${first}, offset 0x${firstValue.toString(16)}, ${placeOf(archive, firstValue)}); ${READERS} open a member header there (Archive::Symbol::getMember)`,
  });
}

/** Where archive offset `v` falls, for a message: inside which member or table, or past the end. */
function placeOf(archive: ArchiveFile, v: bigint): string {
  if (v >= BigInt(archive.size)) return `past the end of the ${archive.size}-byte archive`;
  const at = Number(v);
  for (const m of archive.members) {
    const start = m.headerOffset - archive.origin;
    const end = m.dataOffset - archive.origin + m.size;
    if (start <= at && at < end) return `${at - start} byte(s) into member ${m.index} ('${m.name}'), whose header is at 0x${start.toString(16)}`;
  }
  for (const g of archive.globalSymbolTables ?? []) {
    const start = g.headerOffset - archive.origin;
    if (start <= at && at < g.dataOffset - archive.origin + g.size) return `inside the ${g.bits}-bit global symbol table`;
  }
  return 'in no member';
}

/** The names after the `n` offsets of table `t`: one NUL-terminated name per symbol, inside the table. */
function checkNames(t: BigArchiveSymbolTable, table: Uint8Array, n: number, what: string, merged: boolean, add: (f: Finding) => void): void {
  const start = COUNT + n * ENTRY;
  let names = 0;
  let end = start; // one past the last NUL read
  for (let i = start; i < table.length && names < n; i++) {
    if (table[i] !== 0) continue;
    names++;
    end = i + 1;
  }
  const base = { path: `${t.key}.data.names`, code: 'structure' as const };
  if (names < n) {
    if (end < table.length) {
      add({
        ...base,
        severity: 'error',
        offset: t.dataOffset + end,
        size: table.length - end,
        path: `${t.key}.data.names[${names}]`,
        message: `${what}: the name of symbol ${names} (of ${n}) has no NUL before the end of the table: ${READERS} read it on past the table`,
      });
      if (names + 1 === n) return;
    }
    const room = start < table.length;
    add({
      ...base,
      severity: 'error',
      offset: room ? t.dataOffset + start : t.dataOffset,
      ...(room ? { size: table.length - start } : { size: COUNT, path: `${t.key}.data.count` }),
      message: `${what} says ${n} symbol(s) but holds ${names} NUL-terminated name(s) after the offsets: ${READERS} read names past it`,
    });
    return;
  }
  if (merged && end < table.length) {
    add({
      ...base,
      severity: 'warning',
      offset: t.dataOffset + end,
      size: table.length - end,
      message: `${what} has ${table.length - end} byte(s) after its ${n} name(s): LLVM reads the 32-bit and 64-bit tables as one (the names of one, then the other's), so these bytes shift the names of the 64-bit table's symbols`,
    });
  }
}
