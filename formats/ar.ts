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
 */
import { asciiNumber, fixedText, magic, struct, u32, u64, type Decoded } from '../src/codec/index.js';

/** `!<arch>\n`: a regular archive (GNU, BSD, COFF). */
export const AR_MAGIC = [0x21, 0x3c, 0x61, 0x72, 0x63, 0x68, 0x3e, 0x0a] as const;
/** `!<thin>\n`: a thin archive (members are files named in it, not stored in it). */
export const AR_THIN_MAGIC = [0x21, 0x3c, 0x74, 0x68, 0x69, 0x6e, 0x3e, 0x0a] as const;
/** `<bigaf>\n`: an AIX big archive (another header layout; not read here). */
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
/** The AIX big archive's magic (recognised to refuse it with a clear message). */
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
