/**
 * verify's check of an archive's GNU symbol table (`/`, and `/SYM64/`): the count it states against
 * the bytes it has, each member offset against the member headers, and a name per symbol.
 * llvm-objdump never reads the table, but llvm-nm --print-armap and linkers do: they take `count`
 * offsets and names from it and open the member at each offset (llvm/lib/Object/Archive.cpp,
 * `Archive::Symbol::getMember`), failing with "truncated or malformed archive" where there is none.
 * Layout: formats/ar.ts (ArGnuSymbolTableHeader, ArGnu64SymbolTableHeader; ArchiveWriter.cpp
 * `writeSymbolTable`).
 */
import { decode } from '../codec/index.js';
import type { ByteSource } from '../codec/index.js';
import type { ArchiveFile } from '../containers/archive.js';
import { ArGnu64SymbolOffset, ArGnu64SymbolTableHeader, ArGnuSymbolOffset, ArGnuSymbolTableHeader } from '../../formats/ar.js';
import type { Finding } from './annotate.js';

/** Check the GNU symbol tables of `archive` (read from `src`), reporting through `add`. */
export function checkArchiveSymbolTable(src: ByteSource, archive: ArchiveFile, add: (f: Finding) => void): void {
  // (COFF's first linker member is `/` in this layout too; BSD and Darwin tables are laid out otherwise)
  if (archive.kind !== 'gnu' && archive.kind !== 'gnu64' && archive.kind !== 'coff') return;
  const headers = new Set<number>();
  for (const m of archive.members) headers.add(m.headerOffset - archive.origin);
  for (const m of archive.members) {
    if (m.special !== 'symbol-table' && m.special !== 'symbol-table-64') continue;
    if (m.rawName !== '/' && m.rawName !== '/SYM64/') continue;
    const wide = m.rawName === '/SYM64/';
    const head = wide ? ArGnu64SymbolTableHeader : ArGnuSymbolTableHeader;
    const entry = (wide ? ArGnu64SymbolOffset : ArGnuSymbolOffset).fixedSize!;
    const path = `members[${m.index}].data`;
    const at = { offset: m.dataOffset, size: m.size, path, code: 'structure' as const };
    const what = wide ? 'the 64-bit symbol table' : 'the symbol table';
    if (m.size < head.fixedSize!) {
      add({ ...at, severity: 'error', message: `${what} has ${m.size} byte(s), fewer than its ${head.fixedSize}-byte count: llvm-nm and linkers fail on it ("truncated or malformed archive")` });
      continue;
    }
    const bytes = src.read(m.dataOffset, Math.min(m.size, head.fixedSize!));
    const count = BigInt(decode(head, bytes, 0, { le: false }).count);
    const room = BigInt(m.size - head.fixedSize!) / BigInt(entry);
    if (count > room) {
      add({ ...at, severity: 'error', message: `${what} says ${count} symbol(s): their member offsets need ${count * BigInt(entry)} bytes after the count, it has ${m.size - head.fixedSize!} (room for ${room}); llvm-nm and linkers read past it ("truncated or malformed archive")` });
      continue;
    }
    const n = Number(count);
    if (n === 0) continue;
    // Offsets and names: in one read of the table (its size is what the file holds).
    const table = src.read(m.dataOffset, m.size);
    const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
    let bad = 0;
    let first = -1;
    let firstValue = 0n;
    for (let i = 0; i < n; i++) {
      const o = head.fixedSize! + i * entry;
      const v = wide ? view.getBigUint64(o, false) : BigInt(view.getUint32(o, false));
      if (v > BigInt(Number.MAX_SAFE_INTEGER) || !headers.has(Number(v))) {
        if (bad++ === 0) {
          first = i;
          firstValue = v;
        }
      }
    }
    if (bad) {
      add({ ...at, offset: m.dataOffset + head.fixedSize! + first * entry, size: entry, severity: 'error', message: `${what}: ${bad} of its ${n} symbol(s) name a member offset where no member header starts (the first: symbol ${first}, offset 0x${firstValue.toString(16)}); llvm-nm and linkers fail opening that member` });
    }
    let names = 0;
    for (let i = head.fixedSize! + n * entry; i < table.length && names < n; i++) if (table[i] === 0) names++;
    if (names < n) {
      add({ ...at, severity: 'error', message: `${what} says ${n} symbol(s) but holds ${names} NUL-terminated name(s) after the offsets: llvm-nm and linkers read names past it` });
    }
  }
}
