/**
 * COFF objects — the single description of what is needed to find sections by name: the file header
 * (and the bigobj header), the section header, the symbol record (only its size locates the string
 * table) and the string table's size word. Little-endian. src/containers/coff.ts reads them.
 *
 * Upstream: llvm/include/llvm/BinaryFormat/COFF.h (`header`, `BigObjHeader`, `BigObjMagic`,
 * `section`, `Symbol16Size` 18 / `Symbol32Size` 20, `MachineTypes`) and
 * llvm/lib/Object/COFFObjectFile.cpp@02c57ef0 (`initialize`: bigobj when Machine is 0,
 * NumberOfSections 0xFFFF, Version >= 2 and the UUID is BigObjMagic; the section table after the
 * optional header; the string table at PointerToSymbolTable + NumberOfSymbols * symbol size, its
 * first u32 = its size including that word, sizes < 4 read as 4; `getSectionName`: `/N` decimal and
 * `//BASE64` long names; `getFileFormatName`).
 */
import { flagNames } from './value-names.js';
import { bytes, enumeration, magic, struct, u16, u32, u64, u8, type Decoded } from '../src/codec/index.js';

/** `IMAGE_FILE_MACHINE_*` values this toolkit names (COFF.h MachineTypes). */
export const COFF_MACHINE = {
  UNKNOWN: 0x0,
  I386: 0x14c,
  AMD64: 0x8664,
  ARMNT: 0x1c4,
  ARM64: 0xaa64,
  ARM64EC: 0xa641,
  ARM64X: 0xa64e,
  R4000: 0x166,
} as const;

/** COFF_MACHINE by number, with the `IMAGE_FILE_MACHINE_` prefix COFF.h gives them. */
const MACHINE_NAMES: ReadonlyMap<number, string> = new Map(Object.entries(COFF_MACHINE).map(([k, v]) => [v, `IMAGE_FILE_MACHINE_${k}`]));

/** The name of a COFF machine (`IMAGE_FILE_MACHINE_AMD64`), undefined for machines not named here. */
export function coffMachineName(machine: number): string | undefined {
  return MACHINE_NAMES.get(machine);
}

/**
 * The first two bytes `identify_magic` takes for a COFF object (llvm/lib/BinaryFormat/Magic.cpp,
 * its cases 0x00, 0x01/0x02 machine bytes, 0x64 and ARM64EC/ARM64X): by the second byte, the first
 * bytes that go with it. (Not every COFF_MACHINE value: Magic.cpp lists these byte pairs.)
 */
export const COFF_OBJECT_FIRST_BYTES: Readonly<Record<number, ReadonlySet<number>>> = {
  0x01: new Set([0xf0, 0x83, 0x84, 0x66, 0x50, 0x4c, 0xc4]),
  0x02: new Set([0xf0, 0x83, 0x84, 0x66, 0x50, 0x4c, 0xc4, 0x90, 0x68]),
  0x86: new Set([0x64]),
  0xaa: new Set([0x64]),
  0xa6: new Set([0x41, 0x4e]),
};

/** A Windows resource file (`file_magic::windows_resource`, Magic.cpp): not an object although it starts with 00 00. */
export const WindowsResourceMagic = magic([0, 0, 0, 0, 0x20, 0, 0, 0, 0xff, 0xff, 0, 0, 0xff, 0xff, 0, 0], 'Windows resource magic');

/** A CUDA fat binary (`file_magic::cuda_fatbinary`, Magic.cpp, 0xba55ed50 little-endian): not a COFF object although its first byte is 0x50. */
export const CudaFatbinaryMagic = magic([0x50, 0xed, 0x55, 0xba], 'CUDA fat binary magic');

/** `Characteristics` bits of the file header (COFF.h `IMAGE_FILE_*`, as llvm-22-dev installs it). */
const FILE_CHARACTERISTICS: readonly (readonly [bigint, string])[] = [
  [0x0001n, 'IMAGE_FILE_RELOCS_STRIPPED'], [0x0002n, 'IMAGE_FILE_EXECUTABLE_IMAGE'], [0x0004n, 'IMAGE_FILE_LINE_NUMS_STRIPPED'],
  [0x0008n, 'IMAGE_FILE_LOCAL_SYMS_STRIPPED'], [0x0010n, 'IMAGE_FILE_AGGRESSIVE_WS_TRIM'], [0x0020n, 'IMAGE_FILE_LARGE_ADDRESS_AWARE'],
  [0x0080n, 'IMAGE_FILE_BYTES_REVERSED_LO'], [0x0100n, 'IMAGE_FILE_32BIT_MACHINE'], [0x0200n, 'IMAGE_FILE_DEBUG_STRIPPED'],
  [0x0400n, 'IMAGE_FILE_REMOVABLE_RUN_FROM_SWAP'], [0x0800n, 'IMAGE_FILE_NET_RUN_FROM_SWAP'], [0x1000n, 'IMAGE_FILE_SYSTEM'],
  [0x2000n, 'IMAGE_FILE_DLL'], [0x4000n, 'IMAGE_FILE_UP_SYSTEM_ONLY'], [0x8000n, 'IMAGE_FILE_BYTES_REVERSED_HI'],
];
/** `Characteristics` bits of a section header (COFF.h `IMAGE_SCN_*`); the alignment is a 4-bit field, named below. */
const SECTION_CHARACTERISTICS: readonly (readonly [bigint, string])[] = [
  [0x00000002n, 'IMAGE_SCN_TYPE_NOLOAD'], [0x00000008n, 'IMAGE_SCN_TYPE_NO_PAD'], [0x00000020n, 'IMAGE_SCN_CNT_CODE'],
  [0x00000040n, 'IMAGE_SCN_CNT_INITIALIZED_DATA'], [0x00000080n, 'IMAGE_SCN_CNT_UNINITIALIZED_DATA'], [0x00000100n, 'IMAGE_SCN_LNK_OTHER'],
  [0x00000200n, 'IMAGE_SCN_LNK_INFO'], [0x00000800n, 'IMAGE_SCN_LNK_REMOVE'], [0x00001000n, 'IMAGE_SCN_LNK_COMDAT'],
  [0x00008000n, 'IMAGE_SCN_GPREL'], [0x00020000n, 'IMAGE_SCN_MEM_PURGEABLE'], [0x00040000n, 'IMAGE_SCN_MEM_LOCKED'],
  [0x00080000n, 'IMAGE_SCN_MEM_PRELOAD'], [0x01000000n, 'IMAGE_SCN_LNK_NRELOC_OVFL'], [0x02000000n, 'IMAGE_SCN_MEM_DISCARDABLE'],
  [0x04000000n, 'IMAGE_SCN_MEM_NOT_CACHED'], [0x08000000n, 'IMAGE_SCN_MEM_NOT_PAGED'], [0x10000000n, 'IMAGE_SCN_MEM_SHARED'],
  [0x20000000n, 'IMAGE_SCN_MEM_EXECUTE'], [0x40000000n, 'IMAGE_SCN_MEM_READ'], [0x80000000n, 'IMAGE_SCN_MEM_WRITE'],
];
/** IMAGE_SCN_ALIGN_1BYTES (1) … IMAGE_SCN_ALIGN_8192BYTES (14): bits 20-23 of a section's characteristics. */
const SECTION_ALIGN = { mask: 0x00f00000n, name: (v: number): string | undefined => (v >= 1 && v <= 14 ? `IMAGE_SCN_ALIGN_${2 ** (v - 1)}BYTES` : undefined) };

/** Standard COFF file header, 20 bytes (`coff_file_header`). */
export const CoffFileHeader = struct(
  {
    machine: enumeration(u16, coffMachineName),
    numberOfSections: u16,
    timeDateStamp: u32,
    pointerToSymbolTable: u32,
    numberOfSymbols: u32,
    sizeOfOptionalHeader: u16,
    characteristics: enumeration(u16, flagNames(FILE_CHARACTERISTICS)),
  },
  'COFF file header',
);

/** `BigObjMagic`: the UUID that marks a bigobj header. */
export const COFF_BIGOBJ_UUID = [0xc7, 0xa1, 0xba, 0xd1, 0xee, 0xba, 0xa9, 0x4b, 0xaf, 0x20, 0xfa, 0xf6, 0x6a, 0xa4, 0xdc, 0xb8] as const;
/** `BigObjHeader::MinBigObjectVersion`. */
export const COFF_BIGOBJ_MIN_VERSION = 2;

/** `COFF::ClGlObjMagic`: the UUID of CL.exe's LTO objects (`/GL`), where a bigobj has its own (identify_magic). */
export const COFF_CLGL_UUID = [0x38, 0xfe, 0xb3, 0x0c, 0xa5, 0xd9, 0xab, 0x4d, 0xac, 0x9b, 0xd6, 0xb6, 0x22, 0x26, 0x53, 0xc2] as const;

/**
 * The format name llvm-objdump prints for a short import member of an import library
 * (`COFFImportFile`; llvm/tools/llvm-objdump/llvm-objdump.cpp `dumpObject(const COFFImportFile *...)`
 * prints `:\tfile format COFF-import-file` and then two newlines, one more than for an object).
 */
export const COFF_IMPORT_FILE_FORMAT = 'COFF-import-file';

/** Microsoft bigobj file header, 56 bytes (`coff_bigobj_file_header`): 32-bit section count, 20-byte symbols. */
export const CoffBigObjHeader = struct(
  {
    /** IMAGE_FILE_MACHINE_UNKNOWN (0). */
    sig1: u16,
    /** 0xFFFF. */
    sig2: u16,
    version: u16,
    machine: enumeration(u16, coffMachineName),
    timeDateStamp: u32,
    uuid: magic(COFF_BIGOBJ_UUID, 'bigobj UUID'),
    unused1: u32,
    unused2: u32,
    unused3: u32,
    unused4: u32,
    numberOfSections: u32,
    pointerToSymbolTable: u32,
    numberOfSymbols: u32,
  },
  'COFF bigobj header',
);

/** Section header, 40 bytes (`coff_section`). */
export const CoffSectionHeader = struct(
  {
    /** NUL-padded name, or `/N` / `//BASE64`: offset of the name in the string table. */
    name: bytes(8),
    virtualSize: u32,
    virtualAddress: u32,
    sizeOfRawData: u32,
    pointerToRawData: u32,
    pointerToRelocations: u32,
    pointerToLinenumbers: u32,
    numberOfRelocations: u16,
    numberOfLinenumbers: u16,
    characteristics: enumeration(u32, flagNames(SECTION_CHARACTERISTICS, [SECTION_ALIGN])),
  },
  'COFF section header',
);

/**
 * Symbol record, 18 bytes (`coff_symbol16`). Name: 8 bytes NUL-padded, or 4 zero bytes and the
 * name's offset in the string table (`getSymbolName`); SectionNumber from 1 (0 undefined, 0xFFFF
 * absolute, 0xFFFE debug); NumberOfAuxSymbols records of the same size follow.
 */
export const CoffSymbol = struct(
  { name: bytes(8), value: u32, sectionNumber: u16, type: u16, storageClass: u8, numberOfAuxSymbols: u8 },
  'COFF symbol',
);

/** bigobj symbol record, 20 bytes (`coff_symbol32`: 32-bit section number). */
export const CoffBigObjSymbol = struct(
  { name: bytes(8), value: u32, sectionNumber: u32, type: u16, storageClass: u8, numberOfAuxSymbols: u8 },
  'COFF bigobj symbol',
);

/** Storage classes the archive symbol rules look at (COFF.h `IMAGE_SYM_CLASS_*`). */
export const COFF_SYM_CLASS = { EXTERNAL: 2, STATIC: 3, FILE: 103, WEAK_EXTERNAL: 105 } as const;

/** `IMAGE_SYM_ABSOLUTE` as LLVM reads a SectionNumber (-1). */
export const COFF_SYM_ABSOLUTE = -1;

/** `IMAGE_WEAK_EXTERN_SEARCH_ALIAS`: a weak external's Characteristics that make it defined (an alias). */
export const COFF_WEAK_EXTERN_SEARCH_ALIAS = 3;

/** `IMAGE_SYM_UNDEFINED`: a symbol's SectionNumber when it is defined elsewhere (sections are numbered from 1). */
export const COFF_SYM_UNDEFINED = 0;

/**
 * `COFF::MaxNumberOfSections16`: the largest 16-bit SectionNumber that is a section; larger values
 * are the reserved negative ones (IMAGE_SYM_ABSOLUTE −1, IMAGE_SYM_DEBUG −2), COFFSymbolRef::getSectionNumber.
 */
export const COFF_MAX_SECTIONS_16 = 0xfeff;

/**
 * Relocation record, 10 bytes (`coff_relocation`): in an object file VirtualAddress is the offset of
 * the field inside its section, SymbolTableIndex counts every symbol record (auxiliary ones too).
 * COFF relocations carry no addend: the addend is the value in place.
 */
export const CoffRelocation = struct({ virtualAddress: u32, symbolTableIndex: u32, type: u16 }, 'COFF relocation');

/**
 * `IMAGE_SCN_LNK_NRELOC_OVFL`: the section has more than 65,535 relocations; NumberOfRelocations is
 * 0xFFFF and the first record's VirtualAddress holds the real count, that record included
 * (COFFObjectFile::getNumberOfRelocations).
 */
export const COFF_SCN_LNK_NRELOC_OVFL = 0x01000000;

/**
 * The relocation that stores a whole pointer (the target's address) per machine, and the pointer's
 * width: `IMAGE_REL_AMD64_ADDR64` (1), `IMAGE_REL_ARM64_ADDR64` (0xE), `IMAGE_REL_I386_DIR32` (6),
 * `IMAGE_REL_ARM_ADDR32` (1) (COFF.h; what the backends emit for a pointer in data: the relocations of
 * `llvm_offload_entries$OE` and `.rdata` in testdata/llvm22/sycl/k.coff.wrapper.obj.readobj.txt).
 */
export const COFF_POINTER_RELOCS: Readonly<Record<number, { type: number; bytes: 4 | 8 }>> = {
  [COFF_MACHINE.AMD64]: { type: 0x1, bytes: 8 },
  [COFF_MACHINE.ARM64]: { type: 0xe, bytes: 8 },
  [COFF_MACHINE.ARM64EC]: { type: 0xe, bytes: 8 },
  [COFF_MACHINE.ARM64X]: { type: 0xe, bytes: 8 },
  [COFF_MACHINE.I386]: { type: 0x6, bytes: 4 },
  [COFF_MACHINE.ARMNT]: { type: 0x1, bytes: 4 },
};

/**
 * The symbol name a COFF object gives an IR global named `name`: on i386 LLVM's mangler puts the
 * data layout's global prefix `_` before it (`m:x`, llvm/lib/IR/DataLayout.cpp `getGlobalPrefix`:
 * MM_WinCOFFX86 → '_'; the i686 wrapper object testdata/llvm22/sycl/k.i386.coff.wrapper.obj names
 * its descriptor `_.sycl_offloading.descriptor`); other machines use the name as it is.
 */
export function coffSymbolName(machine: number, name: string): string {
  return machine === COFF_MACHINE.I386 ? `_${name}` : name;
}

/** The string table's first word: its size in bytes, including this word. */
export const CoffStringTableHeader = struct({ size: u32 }, 'COFF string table header');

/** A decoded section header. */
export type CoffSectionHeaderValue = Decoded<typeof CoffSectionHeader>;

/** `COFFObjectFile::getFileFormatName`, lower-cased as llvm-objdump prints it (`coff-x86-64`). */
export function coffFileFormatName(machine: number): string {
  const names: Record<number, string> = {
    [COFF_MACHINE.I386]: 'coff-i386',
    [COFF_MACHINE.AMD64]: 'coff-x86-64',
    [COFF_MACHINE.ARMNT]: 'coff-arm',
    [COFF_MACHINE.ARM64]: 'coff-arm64',
    [COFF_MACHINE.ARM64EC]: 'coff-arm64ec',
    [COFF_MACHINE.ARM64X]: 'coff-arm64x',
    [COFF_MACHINE.R4000]: 'coff-mips',
  };
  return names[machine] ?? 'coff-<unknown arch>';
}

/**
 * PE images (linked Windows programs and DLLs): the MS-DOS header whose last field points at the
 * `PE\0\0` signature, followed by the COFF file header, the PE optional header (PE32 or PE32+) and the
 * section table (llvm/include/llvm/Object/COFF.h `dos_header`, `pe32_header`, `pe32plus_header`;
 * llvm/include/llvm/BinaryFormat/COFF.h `PEMagic`, `PE32Header::PE32` 0x10b / `PE32_PLUS` 0x20b).
 * Only the fields up to ImageBase are described: the readers need the image base to turn the
 * absolute addresses stored in the image into section offsets.
 */
export const PeDosHeader = struct(
  {
    magic: magic([0x4d, 0x5a], 'MZ'),
    /** The other MS-DOS fields (not used). */
    dos: bytes(58),
    /** AddressOfNewExeHeader: offset of the `PE\0\0` signature. */
    peOffset: u32,
  },
  'MS-DOS header',
);

/** `PEMagic`, at the MS-DOS header's AddressOfNewExeHeader; the COFF file header follows. */
export const PeSignature = magic([0x50, 0x45, 0x00, 0x00], 'PE signature');

/** The optional header's magic: PE32 (32-bit image base) and PE32+ (64-bit). */
export const PE_OPTIONAL_MAGIC = { PE32: 0x10b, PE32_PLUS: 0x20b } as const;

/** The start of a PE32 optional header, to ImageBase (`pe32_header`). */
export const Pe32HeaderStart = struct(
  { magic: u16, linkerMajor: u8, linkerMinor: u8, sizeOfCode: u32, sizeOfInitializedData: u32, sizeOfUninitializedData: u32, addressOfEntryPoint: u32, baseOfCode: u32, baseOfData: u32, imageBase: u32 },
  'PE32 optional header',
);

/** The start of a PE32+ optional header, to ImageBase (`pe32plus_header`). */
export const Pe32PlusHeaderStart = struct(
  { magic: u16, linkerMajor: u8, linkerMinor: u8, sizeOfCode: u32, sizeOfInitializedData: u32, sizeOfUninitializedData: u32, addressOfEntryPoint: u32, baseOfCode: u32, imageBase: u64 },
  'PE32+ optional header',
);
