/**
 * Object files LLVM recognises but `llvm-objdump --offloading` does not read (Mach-O, WebAssembly and
 * XCOFF), and Mach-O universal binaries, which it opens but lists nothing of:
 * what identifies them and the format name it prints before warning "--offloading is currently only
 * supported for COFF and ELF targets" (llvm/tools/llvm-objdump/OffloadDump.cpp, LLVM 19 to 22).
 *
 * Upstream: llvm/lib/BinaryFormat/Magic.cpp `identify_magic` (Mach-O: the magic in either byte order,
 * then a known `filetype`; WebAssembly: `\0asm`), llvm/lib/Object/MachOObjectFile.cpp
 * `getFileFormatName`, llvm/lib/Object/WasmObjectFile.cpp (`"WASM"`); llvm-objdump prints the name
 * lower-cased. Checked against llvm-objdump-19/-22 on clang-22 objects for x86_64/arm64/i386/armv7/
 * arm64_32 Darwin and wasm32/wasm64 (test/llvm22/strict-rules.test.ts). XCOFF:
 * llvm/lib/Object/XCOFFObjectFile.cpp `XCOFFObjectFile::create` (file header, auxiliary header, section
 * headers, symbol table and string table must lie in the file) and `getFileFormatName`; universal
 * binaries: llvm/lib/Object/MachOUniversal.cpp, llvm/tools/llvm-objdump/llvm-objdump.cpp `dumpInput`
 * (nothing printed for --offloading) and `dumpArchive` (a member that is no object file fails).
 * Checked against llvm-objdump-19/-22 on clang-22 --target=powerpc-ibm-aix / powerpc64-ibm-aix objects
 * and llvm-lipo-22 binaries (test/offload/other-objects.test.ts).
 */
import { struct, u16, u32, u64 } from '../src/codec/index.js';

/** `MH_MAGIC` (32-bit) and `MH_MAGIC_64`, as u32 in the file's byte order. */
export const MACHO_MAGIC = { 32: 0xfeedface, 64: 0xfeedfacf } as const;

/** Bytes of `mach_header` (32-bit) and `mach_header_64`; identify_magic reads `filetype` only from a header this long. */
export const MACHO_HEADER_SIZE = { 32: 28, 64: 32 } as const;

/** Field offsets of the Mach-O header (llvm/include/llvm/BinaryFormat/MachO.h `mach_header`). */
export const MachOHeaderOffsets = { magic: 0, cpuType: 4, cpuSubtype: 8, fileType: 12 } as const;

/** The `filetype` values identify_magic knows (MH_OBJECT 1 .. MH_FILESET 12). */
export const MACHO_FILE_TYPES = { min: 1, max: 12 } as const;

/** CPU types with their own format names (MachO.h `CPU_TYPE_*`; `CPU_ARCH_ABI64` = 0x01000000, `CPU_ARCH_ABI64_32` = 0x02000000). */
export const MACHO_CPU_TYPES = { I386: 7, X86_64: 0x01000007, ARM: 12, ARM64: 0x0100000c, ARM64_32: 0x0200000c, POWERPC: 18, POWERPC64: 0x01000012 } as const;

/** A Mach-O object's header facts, or undefined when identify_magic would not call `head` one. */
export function machoHeader(head: Uint8Array): { bits: 32 | 64; cpuType: number } | undefined {
  if (head.length < 4) return undefined;
  const v = new DataView(head.buffer, head.byteOffset, head.byteLength);
  for (const little of [false, true]) {
    const m = v.getUint32(MachOHeaderOffsets.magic, little);
    const bits = m === MACHO_MAGIC[32] ? 32 : m === MACHO_MAGIC[64] ? 64 : undefined;
    if (bits === undefined || head.length < MACHO_HEADER_SIZE[bits]) continue;
    const fileType = v.getUint32(MachOHeaderOffsets.fileType, little);
    if (fileType < MACHO_FILE_TYPES.min || fileType > MACHO_FILE_TYPES.max) return undefined;
    return { bits, cpuType: v.getUint32(MachOHeaderOffsets.cpuType, little) };
  }
  return undefined;
}

/** `MachOObjectFile::getFileFormatName`, lower-cased as llvm-objdump prints it. */
export function machoFileFormatName(bits: 32 | 64, cpuType: number): string {
  const c = MACHO_CPU_TYPES;
  if (bits === 32) {
    return cpuType === c.I386 ? 'mach-o 32-bit i386' : cpuType === c.ARM ? 'mach-o arm' : cpuType === c.ARM64_32 ? 'mach-o arm64 (ilp32)' : cpuType === c.POWERPC ? 'mach-o 32-bit ppc' : 'mach-o 32-bit unknown';
  }
  return cpuType === c.X86_64 ? 'mach-o 64-bit x86-64' : cpuType === c.ARM64 ? 'mach-o arm64' : cpuType === c.POWERPC64 ? 'mach-o 64-bit ppc64' : 'mach-o 64-bit unknown';
}

/** The WebAssembly module magic `\0asm`. */
export const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d] as const;

/** `WasmObjectFile::getFileFormatName` ("WASM"), lower-cased. */
export const WASM_FILE_FORMAT_NAME = 'wasm';

/** True when `head` starts with the WebAssembly magic. */
export function isWasm(head: Uint8Array): boolean {
  return head.length >= WASM_MAGIC.length && WASM_MAGIC.every((b, i) => head[i] === b);
}

/** What llvm-objdump --offloading warns for these objects (after `warning: 'FILE': `). */
export const OFFLOADING_UNSUPPORTED_WARNING = '--offloading is currently only supported for COFF and ELF targets';

/**
 * XCOFF object magics (big-endian u16 at offset 0; identify_magic: `01 DF` xcoff_object_32, `01 F7`
 * xcoff_object_64). Only the headers are read (what XCOFFObjectFile::create checks): llvm-objdump
 * --offloading prints the header line and the warning above, llvm-offload-binary extracts nothing.
 */
export const XCOFF_MAGIC = { 32: 0x01df, 64: 0x01f7 } as const;

/** True when `head` starts with an XCOFF magic. */
export function isXcoff(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === XCOFF_MAGIC[32] >> 8 && (head[1] === (XCOFF_MAGIC[32] & 0xff) || head[1] === (XCOFF_MAGIC[64] & 0xff));
}

/**
 * XCOFF file header, 32-bit (llvm/include/llvm/Object/XCOFFObjectFile.h `XCOFFFileHeader32`, 20
 * bytes, big-endian).
 */
export const XcoffFileHeader32 = struct(
  { magic: u16, numberOfSections: u16, timeStamp: u32, symbolTableOffset: u32, numberOfSymbolTableEntries: u32, auxHeaderSize: u16, flags: u16 },
  'XCOFFFileHeader32',
);

/** XCOFF file header, 64-bit (XCOFFObjectFile.h `XCOFFFileHeader64`, 24 bytes, big-endian). */
export const XcoffFileHeader64 = struct(
  { magic: u16, numberOfSections: u16, timeStamp: u32, symbolTableOffset: u64, auxHeaderSize: u16, flags: u16, numberOfSymbolTableEntries: u32 },
  'XCOFFFileHeader64',
);

/** Bytes of an XCOFF section header (XCOFFObjectFile.h `XCOFFSectionHeader32` 40, `XCOFFSectionHeader64` 72). */
export const XCOFF_SECTION_HEADER_SIZE = { 32: 40, 64: 72 } as const;

/** Bytes of an XCOFF symbol table entry, 32- and 64-bit alike (`XCOFF::SymbolTableEntrySize`). */
export const XCOFF_SYMBOL_ENTRY_SIZE = 18;

/** Bytes of the string table's size word (XCOFFObjectFile::parseStringTable; sizes up to it mean no strings). */
export const XCOFF_STRING_TABLE_SIZE_WORD = 4;

/** `XCOFFObjectFile::getFileFormatName`, as llvm-objdump prints it. */
export function xcoffFileFormatName(bits: 32 | 64): string {
  return bits === 64 ? 'aix5coff64-rs6000' : 'aixcoff-rs6000';
}

/** The XCOFF kind of `head` (32 or 64), or undefined (identify_magic: `01 DF`, `01 F7`, at least 4 bytes). */
export function xcoffBits(head: Uint8Array): 32 | 64 | undefined {
  if (head.length < IDENTIFY_MIN_BYTES || head[0] !== XCOFF_MAGIC[32] >> 8) return undefined;
  return head[1] === (XCOFF_MAGIC[32] & 0xff) ? 32 : head[1] === (XCOFF_MAGIC[64] & 0xff) ? 64 : undefined;
}

/** identify_magic calls nothing shorter than this a known kind. */
const IDENTIFY_MIN_BYTES = 4;

/**
 * Mach-O universal ("fat") binary magics, big-endian (MachO.h `FAT_MAGIC`, `FAT_MAGIC_64`).
 * identify_magic takes `CA FE BA BE` / `CA FE BA BF` for one only when byte 7 (the low byte of
 * `nfat_arch`) is below {@link MACHO_UNIVERSAL_MAX_ARCHS}: Java class files start `CA FE BA BE` too,
 * with a version there (Magic.cpp).
 */
export const MACHO_UNIVERSAL_MAGIC = [[0xca, 0xfe, 0xba, 0xbe], [0xca, 0xfe, 0xba, 0xbf]] as const;

/** Byte 7 of a universal binary is below this (Magic.cpp: `Magic[7] < 43`). */
export const MACHO_UNIVERSAL_MAX_ARCHS = 43;

/** Bytes identify_magic needs to call input a universal binary (the magic and `nfat_arch`). */
export const MACHO_UNIVERSAL_HEADER_SIZE = 8;

/** True when identify_magic calls `head` a Mach-O universal binary (`file_magic::macho_universal_binary`). */
export function isMachoUniversal(head: Uint8Array): boolean {
  if (head.length < MACHO_UNIVERSAL_HEADER_SIZE) return false;
  return MACHO_UNIVERSAL_MAGIC.some((m) => m.every((b, i) => head[i] === b)) && head[MACHO_UNIVERSAL_HEADER_SIZE - 1]! < MACHO_UNIVERSAL_MAX_ARCHS;
}
