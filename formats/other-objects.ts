/**
 * Object files LLVM recognises but `llvm-objdump --offloading` does not read (Mach-O and WebAssembly):
 * what identifies them and the format name it prints before warning "--offloading is currently only
 * supported for COFF and ELF targets" (llvm/tools/llvm-objdump/OffloadDump.cpp, LLVM 19 to 22).
 *
 * Upstream: llvm/lib/BinaryFormat/Magic.cpp `identify_magic` (Mach-O: the magic in either byte order,
 * then a known `filetype`; WebAssembly: `\0asm`), llvm/lib/Object/MachOObjectFile.cpp
 * `getFileFormatName`, llvm/lib/Object/WasmObjectFile.cpp (`"WASM"`); llvm-objdump prints the name
 * lower-cased. Checked against llvm-objdump-19/-22 on clang-22 objects for x86_64/arm64/i386/armv7/
 * arm64_32 Darwin and wasm32/wasm64 (test/llvm22/strict-rules.test.ts).
 */

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
 * xcoff_object_64). Recognised only to say what an image is: this toolkit reads no XCOFF.
 */
export const XCOFF_MAGIC = { 32: 0x01df, 64: 0x01f7 } as const;

/** True when `head` starts with an XCOFF magic. */
export function isXcoff(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === XCOFF_MAGIC[32] >> 8 && (head[1] === (XCOFF_MAGIC[32] & 0xff) || head[1] === (XCOFF_MAGIC[64] & 0xff));
}
