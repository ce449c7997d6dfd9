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
