/**
 * The symbols an archive's symbol table lists for a COFF object member, as LLVM's writeArchive
 * computes them (llvm/lib/Object/ArchiveWriter.cpp `isArchiveSymbol`: global, not format-specific,
 * not undefined) with the flags of `COFFObjectFile::getSymbolFlags` (llvm/lib/Object/COFFObjectFile.cpp)
 * and the predicates of `COFFSymbolRef` (llvm/include/llvm/Object/COFF.h):
 *  - global: storage class EXTERNAL or WEAK_EXTERNAL;
 *  - format-specific: a FILE record, or a section definition (an auxiliary record after a STATIC
 *    symbol, or after an EXTERNAL one with SectionNumber ABSOLUTE: C++/CLI appdomain globals);
 *  - undefined: EXTERNAL with SectionNumber 0 and Value 0 (with Value ≠ 0 it is common, and listed),
 *    or a weak external whose Characteristics are not SEARCH_ALIAS.
 * Names as stored (an i386 symbol's `_` is part of its name). Symbol-table order. Checked against
 * llvm-offload-binary-22 --archive on clang-22 x86_64-pc-windows-msvc objects (test/llvm22/strict-rules.test.ts).
 *
 * Portable: no Node APIs.
 */
import { DecodeError, type ByteSource, type PathKey } from '../codec/index.js';
import { COFF_SYM_ABSOLUTE, COFF_SYM_CLASS, COFF_SYM_UNDEFINED, COFF_WEAK_EXTERN_SEARCH_ALIAS } from '../../formats/coff.js';
import { identifyCoff, readCoffSectionTable } from './coff.js';
import { CoffPointers, type CoffSymbolRecord } from './coff-pointers.js';

/** Whether LLVM's writeArchive lists this symbol (see the file comment). */
export function isCoffArchiveSymbol(s: CoffSymbolRecord): boolean {
  const external = s.storageClass === COFF_SYM_CLASS.EXTERNAL;
  const weak = s.storageClass === COFF_SYM_CLASS.WEAK_EXTERNAL;
  if (!external && !weak) return false;
  if (s.auxCount > 0 && external && s.section === COFF_SYM_ABSOLUTE) return false; // a section definition
  if (external && s.section === COFF_SYM_UNDEFINED && s.value === 0) return false;
  if (weak && s.weakCharacteristics !== undefined && s.weakCharacteristics !== COFF_WEAK_EXTERN_SEARCH_ALIAS) return false;
  return true;
}

/**
 * The archive symbols of a COFF object (regular or bigobj), or undefined when `src` is not one
 * (identify_magic's tests, src/containers/coff.ts identifyCoff). Throws the section/symbol table
 * reader's DecodeError for a malformed object.
 */
export function coffArchiveSymbols(src: ByteSource): string[] | undefined {
  if (!identifyCoff(src.read(0, Math.min(64, src.size)))) return undefined;
  try {
    const coff = readCoffSectionTable(src);
    // COFFObjectFile::initialize drops the whole symbol table when initSymbolTablePtr fails (the table
    // or the string table past the end, a string table without its final NUL): no symbols, not even
    // the short names (readCoffSectionTable then has no string table for a symbol table it names).
    if (coff.symbolTable.offset !== 0 && !coff.stringTable) return [];
    return new CoffPointers(src, coff).symbolTable().filter(isCoffArchiveSymbol).map((s) => s.name);
  } catch (e) {
    // COFFObjectFile recovers from a symbol or string table it cannot read (and needs no section name
    // for the archive's symbols): an object with no symbols, for which writeArchive still writes an
    // empty table. A file header or section table it cannot read stays an error.
    if (e instanceof DecodeError && recoverable(e.pathSegments)) return [];
    throw e;
  }
}

/** Errors COFFObjectFile recovers from: the symbol table, the string table, a section's long name. */
function recoverable(path: readonly PathKey[]): boolean {
  const last = path[path.length - 1];
  return path.includes('symbols') || path.includes('stringTable') || last === 'pointerToSymbolTable' || last === 'numberOfSymbols' || (path.includes('sectionHeaders') && last === 'name');
}
