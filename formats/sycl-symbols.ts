/**
 * The `symbols` string entry clang-sycl-linker writes into its OffloadBinaries: the kernel names of
 * each device image. Two encodings exist:
 *
 * - LLVM 22 (Debian 22.1.8, checked on `clang++-22 -fsycl` builds: testdata/llvm22/sycl/k2.img): the
 *   names joined with `\n`, no trailing separator, in a version-1 (NUL-terminated) value. An older
 *   upstream revision split at NUL (llvm/llvm-project:llvm/lib/Frontend/Offloading/OffloadWrapper.cpp
 *   @047a29f1 `initOffloadEntriesPerImage`), so both separators are accepted when reading.
 * - upstream main (llvm/llvm-project:clang/tools/clang-sycl-linker/ClangSYCLLinker.cpp @00e7afe8 calls
 *   `llvm::offloading::sycl::writeSymbolTable`; layout from llvm/include/llvm/Frontend/Offloading/Utility.h):
 *   a binary table in a version 2/3 value (which has an explicit size and may hold NULs):
 *   `SymbolTableHeader { u32 Count; }`, then `SymbolTableEntry { u32 OffsetToSymbol; u32 SymbolSize; }[Count]`
 *   (offsets from the start of the value, sizes without the NUL), then the NUL-terminated names.
 *   Host byte order in LLVM (`reinterpret_cast`); little-endian here, as every producer is x86/Arm.
 */
import { E, layout, R, struct, u32 } from '../src/codec/index.js';

/** The string-entry key clang-sycl-linker stores kernel names under. */
export const SYCL_SYMBOLS_KEY = 'symbols';

/** `SymbolTableEntry`, 8 bytes: one name, by offset from the value's start and size without its NUL. */
export const SyclSymbolTableEntry = struct(
  {
    offsetToSymbol: u32,
    symbolSize: u32,
  },
  'SymbolTableEntry',
  { name: R.bytes('offsetToSymbol', 'symbolSize') },
);

/** `SymbolTableHeader`, 4 bytes. */
export const SyclSymbolTableHeader = struct({ count: u32 }, 'SymbolTableHeader');

/** The table in the value's address space: the header, then `count` entries right after it (names follow). */
export const SyclSymbolTableLayout = layout('SYCL symbol table', {
  header: { at: 0, node: SyclSymbolTableHeader },
  entries: { at: SyclSymbolTableHeader.fixedSize!, table: { elem: SyclSymbolTableEntry, count: E.ref('header.count') } },
});

/** Text separators of the older encodings (LLVM 22: newline; an earlier revision: NUL). */
export const SYCL_SYMBOL_SEPARATORS = ['\n', '\0'] as const;
