/**
 * Static archives (`ar`) — the single description of their on-disk structures: the global header
 * (`!<arch>\n`, thin `!<thin>\n`, AIX big archive `<bigaf>\n`), the 60-byte member header of GNU, BSD
 * and COFF archives (ASCII fields, space padded), the names of the special members, and the GNU
 * symbol table's header. src/containers/archive.ts reads and writes them.
 *
 * Upstream: llvm/include/llvm/Object/Archive.h (`UnixArMemHdrType`: Name[16], LastModified[12],
 * UID[6], GID[6], AccessMode[8], Size[10], Terminator[2]; `ArchiveMagic`, `ThinArchiveMagic`,
 * `BigArchiveMagic`) and llvm/lib/Object/Archive.cpp@02efb768 (how the fields are read: trailing
 * blanks dropped, then decimal — octal for the mode; an empty UID/GID is 0), llvm/lib/Object/
 * ArchiveWriter.cpp@014d1714 (`printGNUSmallMemberHeader`, `printRestOfMemberHeader`,
 * `computeStringTable`, `writeSymbolTable`: the GNU symbol table is a big-endian u32 count, count
 * big-endian u32 member-header offsets, then the NUL-terminated names).
 *
 * AIX big archives (`<bigaf>\n`, what llvm-ar writes by default when a member is XCOFF): llvm/llvm-project:
 * llvm/include/llvm/Object/Archive.h (`BigArchive::FixLenHdr`, `BigArMemHdrType`) and
 * llvm/lib/Object/Archive.cpp (`BigArchive::BigArchive`, `BigArchiveMemberHeader::getRawName`,
 * `getSize`, `getNextChildLoc`, `getGlobalSymtabLocAndSize`; fields read as the GNU ones are: trailing
 * blanks dropped, then decimal).
 */
import { asciiNumber, fixedText, magic, struct, u32, u64, type Decoded } from '../src/codec/index.js';

/** `!<arch>\n`: a regular archive (GNU, BSD, COFF). */
export const AR_MAGIC = [0x21, 0x3c, 0x61, 0x72, 0x63, 0x68, 0x3e, 0x0a] as const;
/** `!<thin>\n`: a thin archive (members are files named in it, not stored in it). */
export const AR_THIN_MAGIC = [0x21, 0x3c, 0x74, 0x68, 0x69, 0x6e, 0x3e, 0x0a] as const;
/** `<bigaf>\n`: an AIX big archive (its own header layout: {@link ArBigFixedHeader}, {@link ArBigMemberHeader}). */
export const AR_BIG_MAGIC = [0x3c, 0x62, 0x69, 0x67, 0x61, 0x66, 0x3e, 0x0a] as const;

/** The archive's global header. */
export const ArGlobalHeader = struct({ magic: magic(AR_MAGIC, 'archive magic') }, 'ar global header');
/** The thin archive's magic (LLVM: `ThinArchiveMagic`). */
export const ArThinMagic = magic(AR_THIN_MAGIC, 'thin archive magic');
/**
 * The thin archive's global header. Its member headers are those of a regular archive; the special
 * members (symbol tables, `//`) are stored after their headers, the other members are the files they
 * name (no data here, no padding: `Archive::Child::isThinMember`).
 */
export const ArThinGlobalHeader = struct({ magic: ArThinMagic }, 'thin ar global header');
/** The AIX big archive's magic (LLVM: `BigArchiveMagic`). */
export const ArBigMagic = magic(AR_BIG_MAGIC, 'AIX big archive magic');

/** Member header, 60 bytes (`UnixArMemHdrType`). Member data follows; members start at even offsets. */
export const ArMemberHeader = struct(
  {
    /** GNU: `name/` or `/N` (offset in the `//` table); BSD: `name` or `#1/N` (N name bytes follow the header). */
    name: fixedText(16),
    /**
     * Seconds since 1970 (decimal). Blank in the `//` table's header (ArchiveWriter's
     * computeStringTable pads "//" to 48 characters), read as 0 like the uid and gid. LLVM parses
     * the date, uid, gid and mode only when asked (Archive.cpp getLastModified/getUID/getGID/
     * getAccessMode: `llvm-ar tv`), never to list or extract members, so text that is not a number
     * there reads as NaN instead of failing the archive.
     */
    date: asciiNumber(12, 10, { empty: 'zero', onDemand: true }),
    /** Decimal; blank reads as 0 (Archive.cpp getUID/getGID). */
    uid: asciiNumber(6, 10, { empty: 'zero', onDemand: true }),
    gid: asciiNumber(6, 10, { empty: 'zero', onDemand: true }),
    /** File mode, octal (`644`); blank in the `//` header, read as 0. */
    mode: asciiNumber(8, 8, { empty: 'zero', onDemand: true }),
    /** Bytes of member data after the header (BSD: including the `#1/N` name). */
    size: asciiNumber(10, 10),
    /** "`\n" */
    terminator: magic([0x60, 0x0a], 'archive member terminator'),
  },
  'ar member header',
);

/** A decoded member header. */
export type ArMemberHeaderValue = Decoded<typeof ArMemberHeader>;

/** Members start at even offsets: an odd-sized member is followed by one `\n` (ArchiveWriter's PaddingData). */
export const AR_MEMBER_ALIGN = 2;
/** The byte that pads odd-sized members. */
export const AR_PAD_BYTE = 0x0a;

/** Names of the special members at the start of an archive (Archive.cpp, `Archive::Archive`). */
export const AR_SPECIAL = {
  /** GNU/COFF symbol table (COFF archives have two). */
  symtab: '/',
  /** GNU 64-bit symbol table (MIPS64 / large archives). */
  symtab64: '/SYM64/',
  /** GNU long-name table: `name/\n` entries; COFF: NUL-terminated names. */
  strtab: '//',
  /** COFF ARM64EC symbol map. */
  ecSymbols: '/<ECSYMBOLS>/',
  /** Windows SDK CFG hash map (skipped by LLVM like the symbol tables). */
  xfgHashMap: '/<XFGHASHMAP>/',
} as const;

/** BSD symbol table member names (`__.SYMDEF`, `__.SYMDEF SORTED`, and the 64-bit variants). */
export const AR_BSD_SYMTABS: readonly string[] = ['__.SYMDEF', '__.SYMDEF SORTED', '__.SYMDEF_64', '__.SYMDEF_64 SORTED'];

/** BSD long names: `#1/N`, the N name bytes follow the header and count in its size. */
export const AR_BSD_LONG_NAME = '#1/';

/** First word of the GNU symbol table (`/`): the number of symbols, big-endian. */
export const ArGnuSymbolTableHeader = struct({ count: u32 }, 'ar GNU symbol table header');
/** One member offset of the GNU symbol table (big-endian u32 per symbol). */
export const ArGnuSymbolOffset = u32;
/** First word of the GNU 64-bit symbol table (`/SYM64/`): the number of symbols, big-endian. */
export const ArGnu64SymbolTableHeader = struct({ count: u64 }, 'ar GNU 64-bit symbol table header');
/** One member offset of the GNU 64-bit symbol table (big-endian u64 per symbol). */
export const ArGnu64SymbolOffset = u64;

// ---------------------------------------------------------------------------------------------
// AIX big archives (`<bigaf>\n`)

/**
 * The big archive's fixed-length header, 128 bytes (`BigArchive::FixLenHdr`): the magic, then six
 * decimal offsets of 20 characters each. Members form a doubly linked list from `firstMember` to
 * `lastMember` (each header names the next); the member table and the global symbol tables are
 * stored after the last member, each behind a member header of its own, outside that list.
 */
export const ArBigFixedHeader = struct(
  {
    magic: ArBigMagic,
    /** Offset of the member table (`MemOffset`; LLVM does not read it). 0 when there are no members. */
    memberTable: asciiNumber(20, 10, { empty: 'zero', onDemand: true }),
    /** Offset of the global symbol table of the 32-bit members (`GlobSymOffset`), 0 when none. */
    globalSymbols: asciiNumber(20),
    /** Offset of the global symbol table of the 64-bit members (`GlobSym64Offset`), 0 when none. */
    globalSymbols64: asciiNumber(20),
    /** Offset of the first member's header (`FirstChildOffset`). */
    firstMember: asciiNumber(20),
    /** Offset of the last member's header (`LastChildOffset`): the walk ends there. */
    lastMember: asciiNumber(20),
    /** Offset of the first member of the free list (`FreeOffset`; LLVM does not read it). */
    freeList: asciiNumber(20, 10, { empty: 'zero', onDemand: true }),
  },
  'AIX big archive fixed-length header',
);

/** A decoded big archive fixed-length header. */
export type ArBigFixedHeaderValue = Decoded<typeof ArBigFixedHeader>;

/**
 * A big archive member header's fixed part, 112 bytes (`BigArMemHdrType` up to `NameLen`). After it:
 * the name (`nameLength` bytes, then a NUL when the length is odd), the terminator "`\n"
 * ({@link ArBigNameTerminator}), then `size` bytes of member data. LLVM's `sizeof(BigArMemHdrType)`
 * is 114: its `Name[2]` counts, which the terminator fills when the name is empty.
 */
export const ArBigMemberHeader = struct(
  {
    /** Bytes of member data after the name and terminator (decimal). */
    size: asciiNumber(20),
    /**
     * Offset of the next member's header (`NextOffset`; 0 for the last). Read only when the member is
     * not the last (`getNextChildLoc`), so here blank reads as 0 and text that is not a number as NaN
     * (src/containers/big-archive.ts reads the field's text where it follows it, as LLVM does).
     */
    next: asciiNumber(20, 10, { empty: 'zero', onDemand: true }),
    /** Offset of the previous member's header (`PrevOffset`; LLVM does not read it). */
    prev: asciiNumber(20, 10, { empty: 'zero', onDemand: true }),
    /** Seconds since 1970 (decimal; read only by `llvm-ar tv`, as the GNU header's). */
    date: asciiNumber(12, 10, { empty: 'zero', onDemand: true }),
    /** Decimal; blank reads as 0. */
    uid: asciiNumber(12, 10, { empty: 'zero', onDemand: true }),
    gid: asciiNumber(12, 10, { empty: 'zero', onDemand: true }),
    /** File mode, octal. */
    mode: asciiNumber(12, 8, { empty: 'zero', onDemand: true }),
    /** Bytes of the name after this header (`NameLen`, decimal). */
    nameLength: asciiNumber(4),
  },
  'AIX big archive member header',
);

/** A decoded big archive member header. */
export type ArBigMemberHeaderValue = Decoded<typeof ArBigMemberHeader>;

/** "`\n" after a big archive member's name (and its padding). */
export const ArBigNameTerminator = magic([0x60, 0x0a], 'AIX big archive member name terminator');

/** A big archive member's name is padded to an even length (with a NUL) before its terminator. */
export const AR_BIG_NAME_ALIGN = 2;

/**
 * `sizeof(BigArMemHdrType)`: the fixed part, 112 bytes, and `Name[2]`. LLVM requires this much past a
 * member's header offset, and one byte more, before reading it (`BigArchiveMemberHeader`: "remaining
 * buffer is unable to contain next archive member").
 */
export const AR_BIG_MEMBER_HEADER_SIZEOF = 114;

/**
 * First word of a big archive global symbol table (after its member header): the number of symbols,
 * big-endian u64; then as many big-endian u64 member-header offsets ({@link ArBigSymbolOffset}), then
 * the NUL-terminated names, one per symbol, in the rest of the table's `size` bytes (its padding to an
 * even length lies after them, outside `size`). The 32-bit table (`GlobSymOffset`) and the 64-bit one
 * (`GlobSym64Offset`) are laid out alike: 8-byte count and offsets in both
 * (llvm/llvm-project:llvm/lib/Object/Archive.cpp `appendGlobalSymbolTableInfo`, and
 * `Archive::Symbol::getMember`, `getNumberOfSymbols`: `read64be` for `K_AIXBIG`). LLVM reads both
 * tables as one: the counts added, the offsets of the 32-bit table then the 64-bit one's, then the
 * names of the 32-bit table then the 64-bit one's (`BigArchive::BigArchive`).
 */
export const ArBigSymbolTableHeader = struct({ count: u64 }, 'AIX big archive global symbol table header');
/** One member offset of a big archive global symbol table: a member header's offset in the archive, big-endian u64. */
export const ArBigSymbolOffset = u64;
