/**
 * LLVM bitcode — the single description of what identifies it: the raw bitcode magic `BC C0 DE`
 * ("BC" 0x0DEC0, `isRawBitcode`) and the bitcode wrapper header (magic 0x0B17C0DE stored
 * little-endian as `DE C0 17 0B`, version, offset and size of the raw bitcode inside, CPU type;
 * `isBitcodeWrapper`, `SkipBitcodeWrapperHeader`). Little-endian.
 *
 * Upstream: llvm/include/llvm/Bitcode/BitcodeReader.h and llvm/include/llvm/Bitstream/BitCodeEnums.h
 * (`BWH_MagicField` 0, `BWH_VersionField` 4, `BWH_OffsetField` 8, `BWH_SizeField` 12,
 * `BWH_CPUTypeField` 16, `BWH_HeaderSize` 20), read in the copies llvm-22-dev installs;
 * llvm/lib/BinaryFormat/Magic.cpp (`identify_magic`: both magics are `file_magic::bitcode`).
 */
import { magic, struct, u32, type Decoded } from '../src/codec/index.js';

/** Raw bitcode: `B C C0 DE`. */
export const BITCODE_MAGIC = [0x42, 0x43, 0xc0, 0xde] as const;
/** The bitcode wrapper's magic 0x0B17C0DE as stored. */
export const BITCODE_WRAPPER_MAGIC = [0xde, 0xc0, 0x17, 0x0b] as const;

/** The raw bitcode magic as a node. */
export const BitcodeMagic = magic(BITCODE_MAGIC, 'LLVM bitcode magic');

/** The bitcode wrapper header, 20 bytes (`bc_header` in BitcodeReader.h). */
export const BitcodeWrapperHeader = struct(
  {
    magic: magic(BITCODE_WRAPPER_MAGIC, 'bitcode wrapper magic'),
    /** Currently always 0. */
    version: u32,
    /** Offset of the raw bitcode from the start of the wrapper. */
    offset: u32,
    /** Size of the raw bitcode. */
    size: u32,
    /** Darwin CPU type. */
    cpuType: u32,
  },
  'bitcode wrapper header',
);

/** A decoded bitcode wrapper header. */
export type BitcodeWrapperHeaderValue = Decoded<typeof BitcodeWrapperHeader>;

/**
 * The bitstream container (llvm/include/llvm/Bitstream/BitCodeEnums.h, BitCodes.h; llvm/docs/
 * BitCodeFormat.rst): a stream of 32-bit little-endian words read from the least significant bit;
 * every item starts with an abbreviation id of the current width (2 at top level).
 */
export const BITSTREAM = {
  /** Abbreviation ids with a fixed meaning (`FixedAbbrevIDs`); ids from 4 are defined abbreviations. */
  abbrev: { END_BLOCK: 0, ENTER_SUBBLOCK: 1, DEFINE_ABBREV: 2, UNABBREV_RECORD: 3, FIRST_DEFINED: 4 },
  /** `BitCodeAbbrevOp::Encoding`. */
  encoding: { FIXED: 1, VBR: 2, ARRAY: 3, CHAR6: 4, BLOB: 5 },
  /** Widths of the fixed fields (ENTER_SUBBLOCK: block id vbr8, new width vbr4, then the 32-bit length in words). */
  width: { topLevel: 2, blockId: 8, newAbbrevLen: 4, blockLength: 32, code: 6, numOps: 6, op: 6, abbrevNumOps: 5, abbrevLiteral: 8, abbrevEncoding: 3, abbrevValue: 5, arrayLength: 6, blobLength: 6 },
  /** The largest field width LLVM accepts (`MaxChunkSize`). */
  maxChunkSize: 32,
  /** The BLOCKINFO block and its records (`BLOCKINFO_CODE_*`). */
  blockinfo: { BLOCK_ID: 0, SETBID: 1, BLOCKNAME: 2, SETRECORDNAME: 3 },
} as const;

/** Bitcode block ids (llvm/include/llvm/Bitcode/LLVMBitCodes.h `BlockIDs`, from FIRST_APPLICATION_BLOCKID 8). */
export const BITCODE_BLOCK = {
  MODULE: 8,
  PARAMATTR: 9,
  PARAMATTR_GROUP: 10,
  CONSTANTS: 11,
  FUNCTION: 12,
  IDENTIFICATION: 13,
  VALUE_SYMTAB: 14,
  METADATA: 15,
  METADATA_ATTACHMENT: 16,
  TYPE_NEW: 17,
  USELIST: 18,
  MODULE_STRTAB: 19,
  GLOBALVAL_SUMMARY: 20,
  OPERAND_BUNDLE_TAGS: 21,
  METADATA_KIND: 22,
  STRTAB: 23,
  FULL_LTO_GLOBALVAL_SUMMARY: 24,
  SYMTAB: 25,
} as const;

/**
 * Module-level record codes (`ModuleCodes`). VERSION ≥ 2: the first two operands of GLOBALVAR,
 * FUNCTION, ALIAS and IFUNC are the name's offset and size in the STRTAB blob; each of those records
 * defines the next global value id. GLOBALVAR then reads [pointer type, isconst, initid (value id + 1,
 * 0 = none), linkage, alignment, section (index + 1 into the SECTIONNAME records, 0 = none), ...].
 */
export const MODULE_CODE = { VERSION: 1, TRIPLE: 2, DATALAYOUT: 3, ASM: 4, SECTIONNAME: 5, GLOBALVAR: 7, FUNCTION: 8, ALIAS_OLD: 9, ALIAS: 14, IFUNC: 18 } as const;
/** GLOBALVAR operand positions after the strtab name (BitcodeReader::parseGlobalVarRecord). */
export const GLOBALVAR_FIELD = { initId: 2, linkage: 3, section: 5 } as const;
/**
 * FUNCTION operand positions after the strtab name (BitcodeReader::parseFunctionRecord: [type,
 * callingconv, isproto, linkage, paramattr, alignment, section, visibility, ...]).
 */
export const FUNCTION_FIELD = { callingConv: 1, isProto: 2, linkage: 3 } as const;
/** ALIAS operand positions after the strtab name ([alias type, addrspace, aliasee val#, linkage, visibility, ...]). */
export const ALIAS_FIELD = { linkage: 3 } as const;
/** IFUNC operand positions after the strtab name ([ifunc type, addrspace, resolver val#, linkage, visibility, ...]). */
export const IFUNC_FIELD = { linkage: 3 } as const;

/**
 * Linkage numbers of global value records as BitcodeReader's getDecodedLinkage reads them (numbers it
 * does not list, and the obsolete dllimport/dllexport/autohide ones, read as external). weak and
 * linkonce stand for their _any and _odr forms.
 */
export const LINKAGE = {
  0: 'external',
  1: 'weak',
  2: 'appending',
  3: 'internal',
  4: 'linkonce',
  5: 'external',
  6: 'external',
  7: 'externalWeak',
  8: 'common',
  9: 'private',
  10: 'weak',
  11: 'linkonce',
  12: 'availableExternally',
  13: 'private',
  14: 'private',
  15: 'external',
  16: 'weak',
  17: 'weak',
  18: 'linkonce',
  19: 'linkonce',
} as const;

/**
 * Constants-block record codes (`ConstantsCodes`): every record but SETTYPE defines the next value
 * id, after the module's global values (BitcodeReader::parseConstants). STRING / CSTRING are arrays
 * of i8 (`ConstantDataArray::isString`; CSTRING drops the final NUL, which the constant has); DATA
 * holds the elements of other ConstantDataSequentials.
 */
export const CST_CODE = { SETTYPE: 1, STRING: 8, CSTRING: 9, DATA: 22 } as const;

/**
 * Metadata record codes (`MetadataCodes`). Every record defines the next metadata id except NAME,
 * KIND, NAMED_NODE, GLOBAL_DECL_ATTACHMENT, INDEX_OFFSET and INDEX; STRINGS defines `count` ids
 * (MetadataLoader::parseOneMetadata). NODE operands are metadata ids + 1 (0 = null); NAMED_NODE
 * operands are metadata ids; VALUE is [type, value id]. STRINGS: [count, offset to the characters]
 * and a blob of `count` vbr6 lengths (a bitstream) followed, at that offset, by the characters.
 */
export const METADATA_CODE = {
  STRING_OLD: 1,
  VALUE: 2,
  NODE: 3,
  NAME: 4,
  DISTINCT_NODE: 5,
  KIND: 6,
  NAMED_NODE: 10,
  STRINGS: 35,
  GLOBAL_DECL_ATTACHMENT: 36,
  INDEX_OFFSET: 38,
  INDEX: 39,
} as const;

/** STRTAB block: one blob record (`STRTAB_BLOB`) holding every name. */
export const STRTAB_CODE = { BLOB: 1 } as const;
