/**
 * The archive symbols of a member as LLVM's writeArchive computes them (llvm/lib/Object/ArchiveWriter.cpp
 * `getSymbols`, SymtabWritingMode::NormalSymtab): ELF objects through src/containers/elf-symbols.ts,
 * COFF objects through src/containers/coff-symbols.ts,
 * LLVM bitcode through src/containers/bitcode-symbols.ts; Mach-O, WebAssembly and XCOFF objects (whose
 * symbols LLVM lists) are data with a `problem` saying so; anything else is data (no symbols, and no
 * symbol table needed for it).
 *
 * Portable: no Node APIs.
 */
import { blobSource, type BlobRef } from '../codec/index.js';
import { coffArchiveSymbols } from './coff-symbols.js';
import { bitcodeArchiveSymbols } from './bitcode-symbols.js';
import { elfArchiveSymbols } from './elf-symbols.js';
import { isWasm, isXcoff, machoHeader } from '../../formats/other-objects.js';

/** A member's archive symbols: `symbols` undefined for data; `problem` when they could not be computed as LLVM would. */
export interface MemberSymbols {
  /** The names for the archive symbol table (undefined: the member is data). */
  symbols?: readonly string[];
  /** Why the member's symbols are left out (see `llvmToo`). */
  problem?: string;
  /**
   * With `problem`: LLVM cannot read the member either (malformed bitcode): it warns (`warning:
   * 'MEMBER': MESSAGE`) and writes the member as data; `message` is its text where known. Without
   * it, the problem is this toolkit's limit and LLVM would list the member's symbols.
   */
  llvmToo?: { message?: string };
}

/** The archive symbols of `image` (see the file comment). */
export function archiveMemberSymbols(image: BlobRef): MemberSymbols {
  // An ELF or COFF object that cannot be read is an error, as in LLVM (getSymbolicFile returns the
  // error of createSymbolicFile; only bitcode is written as data with a warning).
  const elf = elfArchiveSymbols(blobSource(image));
  if (elf) return { symbols: elf };
  const coff = coffArchiveSymbols(blobSource(image));
  if (coff) return { symbols: coff };
  // Object files LLVM indexes but this toolkit does not read: data here, with the reason (the caller
  // warns that LLVM would list their symbols).
  const head = image.slice(0, Math.min(image.size, 32));
  const other = machoHeader(head) ? 'a Mach-O object' : isWasm(head) ? 'a WebAssembly object' : isXcoff(head) ? 'an XCOFF object' : undefined;
  if (other) return { problem: `${other}: its symbols are not read by this toolkit` };
  const bc = bitcodeArchiveSymbols(image);
  if (!bc) return {};
  // LLVM indexes a bitcode member even when it defines nothing (an empty symbol table is still written);
  // bitcode it cannot read is data (no symbols, and no symbol table on its account).
  if (bc.problem === undefined) return { symbols: bc.symbols };
  if (bc.invalid) return { problem: bc.problem, llvmToo: bc.llvmMessage === undefined ? {} : { message: bc.llvmMessage } };
  return { symbols: [], problem: bc.problem };
}
