/**
 * ELF — only what is needed to find sections by name and type: the file header (e_ident + the
 * fields that locate the section header table and the section-name string table) and the section
 * header, for ELFCLASS32 and ELFCLASS64, little- or big-endian (the byte order of e_ident[EI_DATA] is
 * the reader's cursor order; one description serves both). The single description of these
 * structures; src/offload/elf.ts reads them.
 *
 * Upstream: llvm/include/llvm/BinaryFormat/ELF.h@llvmorg-19.1.7 (Elf32_Ehdr/Elf64_Ehdr,
 * Elf32_Shdr/Elf64_Shdr, the SHT_ and SHN_ constants); the System V gABI "ELF Header" and
 * "Sections" chapters.
 *
 * Offsets and sizes that locate bytes (e_shoff, sh_offset, sh_size) are `u64n` in ELF64: a value
 * above 2^53-1 cannot address a byte of any input this reader holds and is rejected with its
 * location. Addresses, flags and alignments are never used to locate bytes and stay `bigint`.
 */
import { magic, R, reserved, struct, u16, u32, u64, u64n, u8, type Decoded } from '../src/codec/index.js';

/** `7f 45 4c 46` ("\x7fELF"). */
export const ELF_MAGIC = [0x7f, 0x45, 0x4c, 0x46] as const;

/** e_ident[EI_CLASS] */
export const ELFCLASS32 = 1;
export const ELFCLASS64 = 2;
/** e_ident[EI_DATA] */
export const ELFDATA2LSB = 1;
export const ELFDATA2MSB = 2;

/** e_type values LLVM's identify_magic maps to object kinds (llvm/lib/BinaryFormat/Magic.cpp). */
export const ET_REL = 1;
export const ET_EXEC = 2;
export const ET_DYN = 3;
export const ET_CORE = 4;

/** Section indices. */
export const SHN_UNDEF = 0;
/** e_shstrndx escape: the real index is in sh_link of section header 0. */
export const SHN_XINDEX = 0xffff;

/** Section types. */
export const SHT_NULL = 0;
export const SHT_PROGBITS = 1;
export const SHT_STRTAB = 3;
export const SHT_NOBITS = 8;
/**
 * LLVM device offloading data (ELF.h@llvmorg-19.1.7: `SHT_LLVM_OFFLOADING = 0x6fff4c0b`). Checked
 * against `llvm-readelf-19 -S` of a clang-19 -fopenmp object, which names this type LLVM_OFFLOADING.
 */
export const SHT_LLVM_OFFLOADING = 0x6fff4c0b;

/** e_ident, 16 bytes; EI_NIDENT = 16. */
export const ElfIdent = struct(
  {
    magic: magic(ELF_MAGIC, 'ELF magic'),
    /** EI_CLASS: 1 = 32-bit, 2 = 64-bit. */
    class: u8,
    /** EI_DATA: 1 = little-endian, 2 = big-endian. */
    data: u8,
    /** EI_VERSION: 1 = EV_CURRENT. */
    version: u8,
    osabi: u8,
    abiversion: u8,
    pad: reserved(7),
  },
  'e_ident',
);

/** Elf32_Ehdr, 52 bytes. */
export const Elf32Header = struct(
  {
    e_ident: ElfIdent,
    e_type: u16,
    e_machine: u16,
    e_version: u32,
    e_entry: u32,
    e_phoff: u32,
    e_shoff: u32,
    e_flags: u32,
    e_ehsize: u16,
    e_phentsize: u16,
    e_phnum: u16,
    e_shentsize: u16,
    e_shnum: u16,
    e_shstrndx: u16,
  },
  'Elf32_Ehdr',
);

/** Elf64_Ehdr, 64 bytes. */
export const Elf64Header = struct(
  {
    e_ident: ElfIdent,
    e_type: u16,
    e_machine: u16,
    e_version: u32,
    e_entry: u64,
    e_phoff: u64,
    e_shoff: u64n,
    e_flags: u32,
    e_ehsize: u16,
    e_phentsize: u16,
    e_phnum: u16,
    e_shentsize: u16,
    e_shnum: u16,
    e_shstrndx: u16,
  },
  'Elf64_Ehdr',
);

/** Section header relation: the section's contents (not for SHT_NOBITS). */
const sectionRelations = { contents: R.bytes('sh_offset', 'sh_size') };

/** Elf32_Shdr, 40 bytes. */
export const Elf32SectionHeader = struct(
  {
    sh_name: u32,
    sh_type: u32,
    sh_flags: u32,
    sh_addr: u32,
    sh_offset: u32,
    sh_size: u32,
    sh_link: u32,
    sh_info: u32,
    sh_addralign: u32,
    sh_entsize: u32,
  },
  'Elf32_Shdr',
  sectionRelations,
);

/** Elf64_Shdr, 64 bytes. */
export const Elf64SectionHeader = struct(
  {
    sh_name: u32,
    sh_type: u32,
    sh_flags: u64,
    sh_addr: u64,
    sh_offset: u64n,
    sh_size: u64n,
    sh_link: u32,
    sh_info: u32,
    sh_addralign: u64,
    sh_entsize: u64,
  },
  'Elf64_Shdr',
  sectionRelations,
);

/** Table alignment of the section header table per class (ELFFile::sections checks it). */
export const ELF_SHDR_ALIGN = { [ELFCLASS32]: 4, [ELFCLASS64]: 8 } as const;

/** SHN_LORESERVE: e_shnum 0 with a table means the count is in sh_size of section header 0 (gABI). */
export const SHN_LORESERVE = 0xff00;

export const ELF_HEADERS = { [ELFCLASS32]: Elf32Header, [ELFCLASS64]: Elf64Header } as const;
export const ELF_SECTION_HEADERS = { [ELFCLASS32]: Elf32SectionHeader, [ELFCLASS64]: Elf64SectionHeader } as const;

export type Elf32HeaderValue = Decoded<typeof Elf32Header>;
export type Elf64HeaderValue = Decoded<typeof Elf64Header>;

// ---------------------------------------------------------------------------------------------
// e_machine names

/**
 * `ELFObjectFile::getFileFormatName` for little-endian ELF
 * (llvm/include/llvm/Object/ELFObjectFile.h@llvmorg-19.1.7, as Debian's llvm-19 installs it): keyed by
 * EI_CLASS and e_machine; all names are already lower case (dumpObject lowers them).
 */
export function elfFileFormatName(elfClass: 32 | 64, machine: number): string {
  if (elfClass === 32) {
    const names: Record<number, string> = {
      4: 'elf32-m68k', // EM_68K
      3: 'elf32-i386', // EM_386
      6: 'elf32-iamcu', // EM_IAMCU
      62: 'elf32-x86-64', // EM_X86_64
      40: 'elf32-littlearm', // EM_ARM
      83: 'elf32-avr', // EM_AVR
      164: 'elf32-hexagon', // EM_HEXAGON
      244: 'elf32-lanai', // EM_LANAI
      8: 'elf32-mips', // EM_MIPS
      105: 'elf32-msp430', // EM_MSP430
      20: 'elf32-powerpcle', // EM_PPC
      243: 'elf32-littleriscv', // EM_RISCV
      252: 'elf32-csky', // EM_CSKY
      2: 'elf32-sparc', // EM_SPARC
      18: 'elf32-sparc', // EM_SPARC32PLUS
      224: 'elf32-amdgpu', // EM_AMDGPU
      258: 'elf32-loongarch', // EM_LOONGARCH
      94: 'elf32-xtensa', // EM_XTENSA
    };
    return names[machine] ?? 'elf32-unknown';
  }
  const names: Record<number, string> = {
    3: 'elf64-i386', // EM_386
    62: 'elf64-x86-64', // EM_X86_64
    183: 'elf64-littleaarch64', // EM_AARCH64
    21: 'elf64-powerpcle', // EM_PPC64
    243: 'elf64-littleriscv', // EM_RISCV
    22: 'elf64-s390', // EM_S390
    43: 'elf64-sparc', // EM_SPARCV9
    8: 'elf64-mips', // EM_MIPS
    224: 'elf64-amdgpu', // EM_AMDGPU
    247: 'elf64-bpf', // EM_BPF
    251: 'elf64-ve', // EM_VE
    258: 'elf64-loongarch', // EM_LOONGARCH
  };
  return names[machine] ?? 'elf64-unknown';
}
