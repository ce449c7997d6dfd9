/**
 * ELF — what is needed to find sections by name and type and to follow a pointer stored in a
 * section: the file header (e_ident + the fields that locate the section header table and the
 * section-name string table), the section header, the symbol (Elf32_Sym/Elf64_Sym) and the
 * relocation records (Elf_Rel/Elf_Rela), for ELFCLASS32 and ELFCLASS64, little- or big-endian (the
 * byte order of e_ident[EI_DATA] is the reader's cursor order; one description serves both), and the
 * table of the relocation types that store a pointer (absolute and relative) per machine. The single
 * description of these structures; src/offload/elf.ts and src/containers/elf-pointers.ts read them.
 *
 * Upstream: llvm/include/llvm/BinaryFormat/ELF.h@llvmorg-19.1.7 (Elf32_Ehdr/Elf64_Ehdr,
 * Elf32_Shdr/Elf64_Shdr, Elf32_Sym/Elf64_Sym, Elf32_Rel(a)/Elf64_Rel(a), the SHT_, SHF_, SHN_, STB_,
 * STT_ and EM_ constants); llvm/include/llvm/BinaryFormat/ELFRelocs/{x86_64,i386,AArch64,ARM,
 * PowerPC,PowerPC64,RISCV,SystemZ,LoongArch,Mips}.def (relocation numbers; read in the copies
 * llvm-22-dev installs); the System V gABI "ELF Header", "Sections", "Symbol Table" and
 * "Relocation" chapters.
 *
 * Offsets and sizes that locate bytes (e_shoff, sh_offset, sh_size) are `u64n` in ELF64: a value
 * above 2^53-1 cannot address a byte of any input this reader holds and is rejected with its
 * location. Addresses, flags and alignments are never used to locate bytes and stay `bigint`.
 */
import { flagNames, named } from './value-names.js';
import { enumeration, i32, i64, magic, R, reserved, struct, u16, u32, u64, u64n, u8, type Decoded } from '../src/codec/index.js';

/** `7f 45 4c 46` ("\x7fELF"). */
export const ELF_MAGIC = [0x7f, 0x45, 0x4c, 0x46] as const;

/** e_ident[EI_CLASS]: 32-bit objects. */
export const ELFCLASS32 = 1;
/** e_ident[EI_CLASS]: 64-bit objects. */
export const ELFCLASS64 = 2;
/** e_ident[EI_DATA]: little-endian. */
export const ELFDATA2LSB = 1;
/** e_ident[EI_DATA]: big-endian (two's complement, most significant byte first). */
export const ELFDATA2MSB = 2;

/** e_type: relocatable object. The e_type values are those LLVM's identify_magic maps to object kinds (llvm/lib/BinaryFormat/Magic.cpp). */
export const ET_REL = 1;
/** e_type: executable. */
export const ET_EXEC = 2;
/** e_type: shared object (or position-independent executable). */
export const ET_DYN = 3;
/** e_type: core file (LLVM reads no offloading section from it). */
export const ET_CORE = 4;

/** Section index 0: no section (undefined symbols, no string table). */
export const SHN_UNDEF = 0;
/** e_shstrndx escape: the real index is in sh_link of section header 0. */
export const SHN_XINDEX = 0xffff;

/** Section type: inactive header (section header 0). */
export const SHT_NULL = 0;
/** Section type: program-defined contents. */
export const SHT_PROGBITS = 1;
/** The symbol table (`.symtab`). */
export const SHT_SYMTAB = 2;
/** Section type: string table. */
export const SHT_STRTAB = 3;
/** Relocations with explicit addends (Elf_Rela). */
export const SHT_RELA = 4;
/** Section type: occupies no bytes in the file (`.bss`); its sh_offset locates nothing. */
export const SHT_NOBITS = 8;
/** Relocations whose addend is the value in place (Elf_Rel). */
export const SHT_REL = 9;
/** The dynamic symbol table (`.dynsym`). */
export const SHT_DYNSYM = 11;
/** Compact relative relocations (`.relr.dyn`): the addend is the value in place, which a reader can use as is. */
export const SHT_RELR = 19;

/**
 * Android's packed relocations (`ld.lld --pack-dyn-relocs=android`): the table is the magic "APS2"
 * and a stream of SLEB128 numbers, relocations in groups that share an offset step, an r_info or an
 * addend (llvm/include/llvm/Object/ELF.h@llvmorg-19.1.7 `ELFFile::android_relas`).
 */
export const SHT_ANDROID_REL = 0x60000001;
/** See {@link SHT_ANDROID_REL}: the RELA form (addends in the stream). */
export const SHT_ANDROID_RELA = 0x60000002;
/** The magic of a packed relocation table. */
export const ANDROID_RELOCS_MAGIC = [0x41, 0x50, 0x53, 0x32] as const; // "APS2"
/** Group flags of a packed relocation table (llvm/BinaryFormat/ELF.h `RELOCATION_GROUPED_BY_*`). */
export const ANDROID_RELOC_GROUP = { BY_INFO: 1, BY_OFFSET_DELTA: 2, BY_ADDEND: 4, HAS_ADDEND: 8 } as const;

/** Section flag: occupies memory at run time (has an address in an executable). */
export const SHF_ALLOC = 0x2;

/** `SHF_COMPRESSED`: the section's contents are an `Elf32_Chdr`/`Elf64_Chdr` and a compressed stream. */
export const SHF_COMPRESSED = 0x800;

/** `ch_type` of a compressed section (the first u32 of its contents, in the file's byte order): `ELFCOMPRESS_*`. */
export const ELFCOMPRESS: Readonly<Record<number, string>> = { 1: 'zlib', 2: 'zstd' };

/** st_shndx of an absolute symbol (its value is not relative to a section). */
export const SHN_ABS = 0xfff1;
/** st_shndx of a common symbol. */
export const SHN_COMMON = 0xfff2;

/** Local binding (symbol binding is st_info >> 4, type st_info & 0xf). */
export const STB_LOCAL = 0;
/** Global binding. */
export const STB_GLOBAL = 1;
/** Weak binding (global to an archive's symbol table). */
export const STB_WEAK = 2;
/** A section symbol (format-specific to LLVM). */
export const STT_SECTION = 3;
/** A file symbol (format-specific to LLVM). */
export const STT_FILE = 4;

/** e_machine values named here. */
export const EM = {
  I386: 3,
  SPARC: 2,
  MIPS: 8,
  PPC: 20,
  PPC64: 21,
  S390: 22,
  ARM: 40,
  X86_64: 62,
  AARCH64: 183,
  AMDGPU: 224,
  RISCV: 243,
  LOONGARCH: 258,
} as const;
/**
 * LLVM device offloading data (ELF.h@llvmorg-19.1.7: `SHT_LLVM_OFFLOADING = 0x6fff4c0b`). Checked
 * against `llvm-readelf-19 -S` of a clang-19 -fopenmp object, which names this type LLVM_OFFLOADING.
 */
export const SHT_LLVM_OFFLOADING = 0x6fff4c0b;

// ---------------------------------------------------------------------------------------------
// Names of enumerated header fields (annotate, hexdump and the web inspector show them beside the
// numbers): llvm/include/llvm/BinaryFormat/ELF.h as llvm-22-dev installs it.

/** EI_CLASS names. */
const CLASS_NAMES: Readonly<Record<number, string>> = { 0: 'ELFCLASSNONE', 1: 'ELFCLASS32', 2: 'ELFCLASS64' };
/** EI_DATA names. */
const DATA_NAMES: Readonly<Record<number, string>> = { 0: 'ELFDATANONE', 1: 'ELFDATA2LSB', 2: 'ELFDATA2MSB' };
/** e_type names (the OS- and processor-specific ranges have none). */
const TYPE_NAMES: Readonly<Record<number, string>> = { 0: 'ET_NONE', 1: 'ET_REL', 2: 'ET_EXEC', 3: 'ET_DYN', 4: 'ET_CORE' };
/** e_machine names of the machines offloading objects are built for (host and device), and of those getFileFormatName names. */
const MACHINE_NAMES: Readonly<Record<number, string>> = {
  0: 'EM_NONE', 2: 'EM_SPARC', 3: 'EM_386', 4: 'EM_68K', 6: 'EM_IAMCU', 8: 'EM_MIPS', 18: 'EM_SPARC32PLUS', 20: 'EM_PPC',
  21: 'EM_PPC64', 22: 'EM_S390', 40: 'EM_ARM', 43: 'EM_SPARCV9', 62: 'EM_X86_64', 83: 'EM_AVR', 94: 'EM_XTENSA',
  105: 'EM_MSP430', 164: 'EM_HEXAGON', 183: 'EM_AARCH64', 190: 'EM_CUDA', 224: 'EM_AMDGPU', 243: 'EM_RISCV',
  244: 'EM_LANAI', 247: 'EM_BPF', 251: 'EM_VE', 252: 'EM_CSKY', 258: 'EM_LOONGARCH',
};
/**
 * sh_type names: the generic and the OS-specific (GNU, LLVM, Android) ones. Processor-specific
 * types (0x70000000-0x7fffffff) mean different things per machine and are left as numbers.
 */
const SECTION_TYPE_NAMES: Readonly<Record<number, string>> = {
  0: 'SHT_NULL', 1: 'SHT_PROGBITS', 2: 'SHT_SYMTAB', 3: 'SHT_STRTAB', 4: 'SHT_RELA', 5: 'SHT_HASH', 6: 'SHT_DYNAMIC',
  7: 'SHT_NOTE', 8: 'SHT_NOBITS', 9: 'SHT_REL', 10: 'SHT_SHLIB', 11: 'SHT_DYNSYM', 14: 'SHT_INIT_ARRAY',
  15: 'SHT_FINI_ARRAY', 16: 'SHT_PREINIT_ARRAY', 17: 'SHT_GROUP', 18: 'SHT_SYMTAB_SHNDX', 19: 'SHT_RELR',
  0x40000014: 'SHT_CREL', 0x60000001: 'SHT_ANDROID_REL', 0x60000002: 'SHT_ANDROID_RELA',
  0x6fff4c00: 'SHT_LLVM_ODRTAB', 0x6fff4c01: 'SHT_LLVM_LINKER_OPTIONS', 0x6fff4c03: 'SHT_LLVM_ADDRSIG',
  0x6fff4c04: 'SHT_LLVM_DEPENDENT_LIBRARIES', 0x6fff4c05: 'SHT_LLVM_SYMPART', 0x6fff4c06: 'SHT_LLVM_PART_EHDR',
  0x6fff4c07: 'SHT_LLVM_PART_PHDR', 0x6fff4c09: 'SHT_LLVM_CALL_GRAPH_PROFILE',
  0x6fff4c0a: 'SHT_LLVM_BB_ADDR_MAP', 0x6fff4c0b: 'SHT_LLVM_OFFLOADING', 0x6fff4c0c: 'SHT_LLVM_LTO',
  0x6fff4c0d: 'SHT_LLVM_JT_SIZES', 0x6fff4c0e: 'SHT_LLVM_CFI_JUMP_TABLE', 0x6fff4c0f: 'SHT_LLVM_CALL_GRAPH',
  0x6fffff00: 'SHT_ANDROID_RELR', 0x6ffffff4: 'SHT_GNU_SFRAME', 0x6ffffff5: 'SHT_GNU_ATTRIBUTES', 0x6ffffff6: 'SHT_GNU_HASH',
  0x6ffffffd: 'SHT_GNU_verdef', 0x6ffffffe: 'SHT_GNU_verneed', 0x6fffffff: 'SHT_GNU_versym',
};
/** p_type names (generic and GNU; processor-specific ones are left as numbers). */
const SEGMENT_TYPE_NAMES: Readonly<Record<number, string>> = {
  0: 'PT_NULL', 1: 'PT_LOAD', 2: 'PT_DYNAMIC', 3: 'PT_INTERP', 4: 'PT_NOTE', 5: 'PT_SHLIB', 6: 'PT_PHDR', 7: 'PT_TLS',
  0x6474e550: 'PT_GNU_EH_FRAME', 0x6474e551: 'PT_GNU_STACK', 0x6474e552: 'PT_GNU_RELRO', 0x6474e553: 'PT_GNU_PROPERTY',
  0x6474e554: 'PT_GNU_SFRAME',
};

/** EI_OSABI names (the architecture-specific values from 64 name different ABIs per machine: left as numbers). */
const OSABI_NAMES: Readonly<Record<number, string>> = {
  0: 'ELFOSABI_NONE', 1: 'ELFOSABI_HPUX', 2: 'ELFOSABI_NETBSD', 3: 'ELFOSABI_GNU', 4: 'ELFOSABI_HURD', 6: 'ELFOSABI_SOLARIS',
  7: 'ELFOSABI_AIX', 8: 'ELFOSABI_IRIX', 9: 'ELFOSABI_FREEBSD', 10: 'ELFOSABI_TRU64', 11: 'ELFOSABI_MODESTO', 12: 'ELFOSABI_OPENBSD',
  13: 'ELFOSABI_OPENVMS', 14: 'ELFOSABI_NSK', 15: 'ELFOSABI_AROS', 16: 'ELFOSABI_FENIXOS', 17: 'ELFOSABI_CLOUDABI', 41: 'ELFOSABI_CUDA_V2',
  51: 'ELFOSABI_CUDA', 255: 'ELFOSABI_STANDALONE',
};
/** sh_flags bits (generic and GNU; the processor-specific bits are left as a number). */
const SECTION_FLAGS: readonly (readonly [bigint, string])[] = [
  [0x1n, 'SHF_WRITE'], [0x2n, 'SHF_ALLOC'], [0x4n, 'SHF_EXECINSTR'], [0x10n, 'SHF_MERGE'], [0x20n, 'SHF_STRINGS'],
  [0x40n, 'SHF_INFO_LINK'], [0x80n, 'SHF_LINK_ORDER'], [0x100n, 'SHF_OS_NONCONFORMING'], [0x200n, 'SHF_GROUP'],
  [0x400n, 'SHF_TLS'], [0x800n, 'SHF_COMPRESSED'], [0x200000n, 'SHF_GNU_RETAIN'], [0x80000000n, 'SHF_EXCLUDE'],
];
/** p_flags bits. */
const SEGMENT_FLAGS: readonly (readonly [bigint, string])[] = [[0x4n, 'PF_R'], [0x2n, 'PF_W'], [0x1n, 'PF_X']];


/** The name of an e_machine value (`EM_X86_64`), undefined for machines not named here. */
export const elfMachineName = named(MACHINE_NAMES);
/** The name of a section type (`SHT_LLVM_OFFLOADING`), undefined for processor-specific and unknown types. */
export const elfSectionTypeName = named(SECTION_TYPE_NAMES);

/** e_ident, 16 bytes; EI_NIDENT = 16. */
export const ElfIdent = struct(
  {
    magic: magic(ELF_MAGIC, 'ELF magic'),
    /** EI_CLASS: 1 = 32-bit, 2 = 64-bit. */
    class: enumeration(u8, named(CLASS_NAMES)),
    /** EI_DATA: 1 = little-endian, 2 = big-endian. */
    data: enumeration(u8, named(DATA_NAMES)),
    /** EI_VERSION: 1 = EV_CURRENT. */
    version: u8,
    osabi: enumeration(u8, named(OSABI_NAMES)),
    abiversion: u8,
    pad: reserved(7),
  },
  'e_ident',
);

/** Elf32_Ehdr, 52 bytes. */
export const Elf32Header = struct(
  {
    e_ident: ElfIdent,
    e_type: enumeration(u16, named(TYPE_NAMES)),
    e_machine: enumeration(u16, elfMachineName),
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
    e_type: enumeration(u16, named(TYPE_NAMES)),
    e_machine: enumeration(u16, elfMachineName),
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
    sh_type: enumeration(u32, elfSectionTypeName),
    sh_flags: enumeration(u32, flagNames(SECTION_FLAGS)),
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
    sh_type: enumeration(u32, elfSectionTypeName),
    sh_flags: enumeration(u64, flagNames(SECTION_FLAGS)),
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

/** Program header relation: the segment's bytes in the file. */
const segmentRelations = { contents: R.bytes('p_offset', 'p_filesz') };

/**
 * Elf32_Phdr, 32 bytes (gABI "Program Header"). Read only to name the bytes of a linked program's
 * program header table (annotate, verify); offloading data is found through sections.
 */
export const Elf32ProgramHeader = struct(
  { p_type: enumeration(u32, named(SEGMENT_TYPE_NAMES)), p_offset: u32, p_vaddr: u32, p_paddr: u32, p_filesz: u32, p_memsz: u32, p_flags: enumeration(u32, flagNames(SEGMENT_FLAGS)), p_align: u32 },
  'Elf32_Phdr',
  segmentRelations,
);

/** Elf64_Phdr, 56 bytes (p_flags moves up beside p_type). */
export const Elf64ProgramHeader = struct(
  { p_type: enumeration(u32, named(SEGMENT_TYPE_NAMES)), p_flags: enumeration(u32, flagNames(SEGMENT_FLAGS)), p_offset: u64, p_vaddr: u64, p_paddr: u64, p_filesz: u64, p_memsz: u64, p_align: u64 },
  'Elf64_Phdr',
  segmentRelations,
);

/** p_type of a loadable segment (gABI): what a program without section headers is read through. */
export const PT_LOAD = 1;
/** p_type of the segment holding the dynamic table. */
export const PT_DYNAMIC = 2;

/** Elf32_Dyn, 8 bytes: a tag and a value or address. */
export const Elf32Dyn = struct({ d_tag: u32, d_val: u32 }, 'Elf32_Dyn');
/** Elf64_Dyn, 16 bytes. */
export const Elf64Dyn = struct({ d_tag: u64, d_val: u64 }, 'Elf64_Dyn');
/** Elf32_Dyn / Elf64_Dyn by EI_CLASS. */
export const ELF_DYNS = { [ELFCLASS32]: Elf32Dyn, [ELFCLASS64]: Elf64Dyn } as const;

/**
 * The dynamic tags that place the dynamic relocation tables (gABI "Dynamic Section"): where a
 * program without section headers keeps the relocations of its pointers.
 */
export const DT = {
  NULL: 0,
  RELA: 7,
  RELASZ: 8,
  RELAENT: 9,
  REL: 17,
  RELSZ: 18,
  RELENT: 19,
  /** Android's packed tables (llvm/BinaryFormat/DynamicTags.def: ANDROID_REL 0x6000000F ... ANDROID_RELASZ 0x60000012). */
  ANDROID_REL: 0x6000000f,
  ANDROID_RELSZ: 0x60000010,
  ANDROID_RELA: 0x60000011,
  ANDROID_RELASZ: 0x60000012,
} as const;

/** Elf32_Sym, 16 bytes. */
export const Elf32Symbol = struct(
  { st_name: u32, st_value: u32, st_size: u32, st_info: u8, st_other: u8, st_shndx: u16 },
  'Elf32_Sym',
);

/** Elf64_Sym, 24 bytes (a value is an address: bigint). */
export const Elf64Symbol = struct(
  { st_name: u32, st_info: u8, st_other: u8, st_shndx: u16, st_value: u64, st_size: u64 },
  'Elf64_Sym',
);

/** Elf32_Rel, 8 bytes: r_info = symbol index << 8 | type; the addend is the value in place. */
export const Elf32Rel = struct({ r_offset: u32, r_info: u32 }, 'Elf32_Rel');
/** Elf32_Rela, 12 bytes. */
export const Elf32Rela = struct({ r_offset: u32, r_info: u32, r_addend: i32 }, 'Elf32_Rela');
/** Elf64_Rel, 16 bytes: r_info = symbol index << 32 | type. */
export const Elf64Rel = struct({ r_offset: u64, r_info: u64 }, 'Elf64_Rel');
/** Elf64_Rela, 24 bytes. */
export const Elf64Rela = struct({ r_offset: u64, r_info: u64, r_addend: i64 }, 'Elf64_Rela');

/** Symbol records by EI_CLASS. */
export const ELF_SYMBOLS = { [ELFCLASS32]: Elf32Symbol, [ELFCLASS64]: Elf64Symbol } as const;
/** Elf_Rel records by EI_CLASS. */
export const ELF_RELS = { [ELFCLASS32]: Elf32Rel, [ELFCLASS64]: Elf64Rel } as const;
/** Elf_Rela records by EI_CLASS. */
export const ELF_RELAS = { [ELFCLASS32]: Elf32Rela, [ELFCLASS64]: Elf64Rela } as const;

/**
 * Symbol index and relocation type of an r_info (gABI ELF32_R_SYM/ELF32_R_TYPE, ELF64_R_SYM/ELF64_R_TYPE).
 *
 * `mips64el`: an ELFCLASS64 little-endian EM_MIPS file, whose r_info is not one little-endian u64 but
 * r_sym (u32, little-endian), r_ssym, r_type3, r_type2, r_type (one byte each, in that order): read as
 * LLVM does (llvm/llvm-project:llvm/include/llvm/Object/ELFTypes.h `Elf_Rel_Impl::getRInfo` with
 * isMips64EL), the type is `r_type | r_type2 << 8 | r_type3 << 16 | r_ssym << 24` (R_MIPS_REL32 with
 * R_MIPS_64: 0x1203), the same value ELF64_R_TYPE gives for big-endian MIPS64.
 */
export function relocInfo(elfClass: 32 | 64, info: number | bigint, mips64el = false): { sym: number; type: number } {
  const v = BigInt(info);
  if (elfClass === 64 && mips64el) {
    const type = ((v >> 56n) & 0xffn) | ((v >> 40n) & 0xff00n) | ((v >> 24n) & 0xff0000n) | ((v >> 8n) & 0xff000000n);
    return { sym: Number(v & 0xffffffffn), type: Number(type) };
  }
  return elfClass === 64 ? { sym: Number(v >> 32n), type: Number(v & 0xffffffffn) } : { sym: Number(v >> 8n), type: Number(v & 0xffn) };
}

/** The relocation types that store a pointer-sized value: absolute (S + A) and relative (B + A). */
export interface PointerRelocs {
  /** S + A, pointer-sized (R_X86_64_64, R_386_32, ...). */
  readonly abs: number;
  /** B + A (R_X86_64_RELATIVE, ...): in an executable or shared object, the addend is the address. */
  readonly relative: number;
  /** The two relocation types' names, for notes (`['R_X86_64_64', 'R_X86_64_RELATIVE']`). */
  readonly names: readonly [string, string];
  /**
   * The relative type may name a symbol (MIPS: R_MIPS_REL32 is B + A against symbol 0 and S + A
   * against a symbol, the addend in place either way): with a symbol it is read as `abs`.
   */
  readonly relativeWithSymbol?: true;
}

/**
 * Pointer relocation types by EI_CLASS and e_machine (ELFRelocs/*.def). Machines not listed: pointers
 * in relocatable objects cannot be followed (the reader says so in a note); executables are still
 * read through the value in place.
 */
export function pointerRelocs(elfClass: 32 | 64, machine: number): PointerRelocs | undefined {
  const t: Record<string, PointerRelocs> = {
    [`64:${EM.X86_64}`]: { abs: 1, relative: 8, names: ['R_X86_64_64', 'R_X86_64_RELATIVE'] },
    [`64:${EM.AARCH64}`]: { abs: 0x101, relative: 0x403, names: ['R_AARCH64_ABS64', 'R_AARCH64_RELATIVE'] },
    [`64:${EM.PPC64}`]: { abs: 38, relative: 22, names: ['R_PPC64_ADDR64', 'R_PPC64_RELATIVE'] },
    [`64:${EM.RISCV}`]: { abs: 2, relative: 3, names: ['R_RISCV_64', 'R_RISCV_RELATIVE'] },
    [`64:${EM.S390}`]: { abs: 22, relative: 12, names: ['R_390_64', 'R_390_RELATIVE'] },
    [`64:${EM.LOONGARCH}`]: { abs: 2, relative: 3, names: ['R_LARCH_64', 'R_LARCH_RELATIVE'] },
    [`32:${EM.I386}`]: { abs: 1, relative: 8, names: ['R_386_32', 'R_386_RELATIVE'] },
    // x32 (ELFCLASS32 objects of x86-64: 4-byte pointers, i64 8-aligned).
    [`32:${EM.X86_64}`]: { abs: 10, relative: 8, names: ['R_X86_64_32', 'R_X86_64_RELATIVE'] },
    [`32:${EM.PPC}`]: { abs: 1, relative: 22, names: ['R_PPC_ADDR32', 'R_PPC_RELATIVE'] },
    [`32:${EM.ARM}`]: { abs: 2, relative: 23, names: ['R_ARM_ABS32', 'R_ARM_RELATIVE'] },
    [`32:${EM.RISCV}`]: { abs: 1, relative: 3, names: ['R_RISCV_32', 'R_RISCV_RELATIVE'] },
    [`32:${EM.LOONGARCH}`]: { abs: 1, relative: 3, names: ['R_LARCH_32', 'R_LARCH_RELATIVE'] },
    // MIPS (Mips.def): no RELATIVE type; ld.lld writes a pointer to a local symbol as R_MIPS_REL32
    // against symbol 0 with the address in place (SHT_REL), on MIPS64 as the composite type
    // R_MIPS_REL32 | R_MIPS_64 << 8 (llvm/llvm-project:lld/ELF/Arch/Mips.cpp `relativeRel`).
    [`32:${EM.MIPS}`]: { abs: 2, relative: 3, names: ['R_MIPS_32', 'R_MIPS_REL32'], relativeWithSymbol: true },
    [`64:${EM.MIPS}`]: { abs: 18, relative: 0x1203, names: ['R_MIPS_64', 'R_MIPS_REL32/R_MIPS_64'], relativeWithSymbol: true },
  };
  return t[`${elfClass}:${machine}`];
}

/** SHN_LORESERVE: e_shnum 0 with a table means the count is in sh_size of section header 0 (gABI). */
export const SHN_LORESERVE = 0xff00;

/** File header descriptions by EI_CLASS. */
export const ELF_HEADERS = { [ELFCLASS32]: Elf32Header, [ELFCLASS64]: Elf64Header } as const;
/** Section header descriptions by EI_CLASS. */
export const ELF_SECTION_HEADERS = { [ELFCLASS32]: Elf32SectionHeader, [ELFCLASS64]: Elf64SectionHeader } as const;
/** Program header descriptions by EI_CLASS. */
export const ELF_PROGRAM_HEADERS = { [ELFCLASS32]: Elf32ProgramHeader, [ELFCLASS64]: Elf64ProgramHeader } as const;

/** A decoded Elf32_Ehdr. */
export type Elf32HeaderValue = Decoded<typeof Elf32Header>;
/** A decoded Elf64_Ehdr. */
export type Elf64HeaderValue = Decoded<typeof Elf64Header>;

// ---------------------------------------------------------------------------------------------
// e_machine names

/**
 * `ELFObjectFile::getFileFormatName` (llvm/include/llvm/Object/ELFObjectFile.h@llvmorg-19.1.7, as
 * Debian's llvm-19 installs it; the same table in llvm-22-dev's copy): keyed by EI_CLASS, e_machine
 * and, for ARM, PowerPC, RISC-V and AArch64, the byte order (`elf64-powerpc` for big-endian ppc64,
 * checked against `containers/ppc64be.o.objdump22.txt`); all names are already lower case
 * (dumpObject lowers them).
 */
export function elfFileFormatName(elfClass: 32 | 64, machine: number, littleEndian = true): string {
  const be: Record<string, string> = {
    [`32:${EM.ARM}`]: 'elf32-bigarm',
    [`32:${EM.PPC}`]: 'elf32-powerpc',
    [`32:${EM.RISCV}`]: 'elf32-bigriscv',
    [`64:${EM.AARCH64}`]: 'elf64-bigaarch64',
    [`64:${EM.PPC64}`]: 'elf64-powerpc',
    [`64:${EM.RISCV}`]: 'elf64-bigriscv',
  };
  const big = littleEndian ? undefined : be[`${elfClass}:${machine}`];
  if (big) return big;
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
