/**
 * Static archives (`ar`), read as LLVM reads them and written as `llvm-offload-binary --archive`
 * writes them. Structures: formats/ar.ts.
 *
 * Reading (llvm/lib/Object/Archive.cpp@02efb768, `Archive::Archive`, `ArchiveMemberHeader::getName`,
 * `getNextChildLoc`): after `!<arch>\n`, 60-byte member headers, each followed by its data and, when
 * the size is odd, one padding byte. The first members may be special and are not extracted: a
 * symbol table (`/`, `/SYM64/`; BSD `__.SYMDEF*`, also behind a `#1/N` name), the GNU long-name table
 * `//`, a second COFF linker member `/`, the COFF `/<ECSYMBOLS>/` map; the archive's kind (GNU, GNU64,
 * BSD, Darwin64, COFF) follows from them. Names: GNU `name/`, `/N` (offset in `//`, entry ends with
 * `/\n`; COFF: NUL-terminated), BSD `#1/N` (N name bytes after the header, counted in the size,
 * trailing NULs dropped), otherwise the field without trailing blanks. A thin archive (`!<thin>\n`)
 * stores the same headers and the special members, and names its other members' files (read as
 * `external` members: header only; src/containers/thin-archive.ts reads the files). An AIX big archive
 * (`<bigaf>\n`) has another layout: read by src/containers/big-archive.ts into the same
 * {@link ArchiveFile} (kind `aix-big`).
 *
 * Checks (each a DecodeError at the field, e.g. `members[2].header.size`): the header fits, its
 * terminator, the numeric fields, the member inside the archive, a BSD name inside its member, a long
 * name inside the `//` table and terminated, the next member's start inside the archive (LLVM: "offset
 * to next archive member past the end of the archive", which includes a missing padding byte after
 * an odd-sized last member). The loop advances by at least 60 bytes per member: work is linear in
 * the archive's size whatever the sizes claim.
 *
 * Writing (llvm/lib/Object/ArchiveWriter.cpp@014d1714, `writeArchiveToStream` with K_GNU,
 * Deterministic, not thin, as llvm-offload-binary calls `writeArchive`): `!<arch>\n`; a symbol table
 * `/` when a member declares symbols (see {@link ArchiveMemberInput.symbols}); the `//` table when a
 * name is 16 bytes or longer or holds `/`; then each member: header (date, uid, gid 0, mode 644),
 * data, `\n` after odd-sized data. Checked byte for byte against
 * testdata/llvm22/extract/archive/nvptx.a.
 *
 * Portable: no Node APIs.
 */
import {
  spanInt,
  blobRef,
  chunkSize,
  concatChunks,
  DecodeError,
  decodeEscapedUtf8,
  encodeEscapedUtf8,
  encode,
  EncodeError,
  hasMagic,
  hex,
  placedSpace,
  Sink,
  TerminatedStrings,
  toBytes,
  toSource,
  withinPath,
  type BlobRef,
  type ByteSource,
  type Chunk,
  type PathKey,
  type InputPlacement,
  type Space,
  type SpanNode,
  type SpanTree, optionsArgument, describeValue, type BytesLike, type OptionKeys } from '../codec/index.js';
import {
  AR_BSD_LONG_NAME,
  AR_BSD_SYMTABS,
  AR_MEMBER_ALIGN,
  AR_PAD_BYTE,
  AR_SPECIAL,
  ArBigMagic,
  ArGlobalHeader,
  ArGnuSymbolOffset,
  ArGnuSymbolTableHeader,
  ArMemberHeader,
  ArThinGlobalHeader,
  ArThinMagic,
  type ArMemberHeaderValue,
  type ArBigMemberHeaderValue,
} from '../../formats/ar.js';
import { readBigArchive } from './big-archive.js';

/** The kinds LLVM tells apart (`Archive::Kind`; `aix-big`: `K_AIXBIG`, the `<bigaf>\n` layout). */
export type ArchiveKind = 'gnu' | 'gnu64' | 'bsd' | 'darwin64' | 'coff' | 'aix-big';

/** What a special member is. */
export type ArchiveSpecial = 'symbol-table' | 'symbol-table-64' | 'string-table' | 'coff-linker-member' | 'ec-symbols';

/** One member as stored. */
export interface ArchiveMember {
  /** Position in the archive, special members included (the `members[i]` of paths and spans). */
  index: number;
  /** The name as LLVM's `getName` gives it (GNU `/` stripped, long names resolved). */
  name: string;
  /** The header's name field without its trailing blanks. */
  rawName: string;
  /** Absolute offset of the member header. */
  headerOffset: number;
  /** Absolute offset and size of the member's data (after a BSD `#1/N` name). */
  dataOffset: number;
  /** Data size in bytes. */
  size: number;
  /** The member header's fields as stored (an AIX big archive's: `ArBigMemberHeaderValue` of formats/ar.ts, with the next and previous members' offsets). */
  header: ArMemberHeaderValue | ArBigMemberHeaderValue;
  /** Set for the symbol and string tables at the start of the archive (not extracted). */
  special?: ArchiveSpecial;
  /** The member's bytes, on demand (empty for a thin archive's member file). */
  data: BlobRef;
  /**
   * A thin archive's member: the file it names, not stored in the archive (`size` is what the header
   * states; `data` is empty, and `dataOffset` is where the next header starts).
   */
  external?: boolean;
}

/** An archive's structure. */
export interface ArchiveFile {
  /** The archive format as LLVM tells it from the special members (GNU, GNU with a 64-bit symbol table, BSD, Darwin 64-bit, COFF with a second linker member). */
  kind: ArchiveKind;
  /** Absolute offset and size of the archive in the input. */
  origin: number;
  /** Archive size in bytes. */
  size: number;
  /** Every member, special ones first as stored. */
  members: ArchiveMember[];
  /** A thin archive (`!<thin>\n`): its members other than the special ones are files outside it. */
  thin?: boolean;
  /** Set by the `partial` walk ({@link ReadArchiveOptions.partial}) when a member is malformed: `members` are those before it. */
  stop?: ArchiveStop;
  /**
   * AIX big archives (`aix-big`): the global symbol tables the fixed-length header names, those whose
   * header and contents lie inside the archive (the 32-bit one first, as LLVM reads them). Undefined
   * for other archives and for a big archive with neither.
   */
  globalSymbolTables?: BigArchiveSymbolTable[];
}

/**
 * A global symbol table of an AIX big archive (layout: formats/ar.ts `ArBigSymbolTableHeader`), as
 * src/containers/big-archive.ts finds it at `GlobSymOffset` / `GlobSym64Offset`.
 */
export interface BigArchiveSymbolTable {
  /** Which header field names it: `GlobSymOffset` (32) or `GlobSym64Offset` (64). */
  bits: 32 | 64;
  /** Its span's name in annotate's tree (`symbolTable`, `symbolTable64`): its contents are `NAME.data`. */
  key: 'symbolTable' | 'symbolTable64';
  /** Absolute offset of its member header in the input. */
  headerOffset: number;
  /** Absolute offset of its contents (count, offsets, names) in the input. */
  dataOffset: number;
  /** Bytes of contents (its header's `size`). */
  size: number;
}

/**
 * Where and why the `partial` walk of {@link readArchive} stopped, with what LLVM's walk
 * (llvm/llvm-project:llvm/lib/Object/Archive.cpp, `Archive::Archive`, `Archive::Child::getNext`,
 * `createMemberHeaderParseError`) does there.
 */
export interface ArchiveStop {
  /** This reader's error, at the bad member's field (`members[2].header.size`). */
  error: DecodeError;
  /** Index (`members[i]`) of the member the error is about. */
  index: number;
  /** That member's name, when its header has one (LLVM's `getName`). */
  name?: string;
  /**
   * LLVM's error for the archive where it is a truncation: `truncated or malformed archive (remaining
   * size of archive too small for next archive member header for NAME|at offset N)` or `(offset to
   * next archive member past the end of the archive after member NAME|at offset N)`. Undefined for
   * other errors (this reader's message stands for them).
   */
  llvmMessage?: string;
  /**
   * LLVM fails before listing any member (`createBinary` of the archive fails): the error is at a
   * header up to the first regular member's, or after a special member (the symbol or string table).
   */
  beforeListing: boolean;
  /**
   * A member whose data runs past the end of the archive: LLVM does not check it (`Archive::Child`
   * takes the header's size as is), opens it with its bytes past the end of the file read from
   * memory after the buffer (undefined behaviour; zeros in the runs of llvm-objdump-19/-22 recorded in
   * testdata/llvm22/strict), then fails on the offset of the next member.
   */
  runaway?: { dataOffset: number; size: number; special: boolean };
  /**
   * Where LLVM does not stop at this error, what it does instead (an AIX big archive whose member list
   * loops: "follows the member list for ever"); undefined where it fails too.
   */
  llvmGoesOn?: string;
}

/** Options of {@link readArchive}: where the archive lies in the input (default: all of it) and the path before its own (`members[2].data`). */
export interface ReadArchiveOptions extends InputPlacement {
  /** When set, the structures read are recorded in this span tree. */
  tree?: SpanTree;
  /**
   * Walk member by member and stop at the first malformed one instead of throwing: the members before
   * it are returned and {@link ArchiveFile.stop} says where and why (the global header is still an error).
   */
  partial?: boolean;
}

/** The options readArchive takes (an unknown key is an UnknownOptionError; typed so a new option cannot be left out). */
const READ_ARCHIVE_KEYS: OptionKeys<ReadArchiveOptions> = { origin: true, size: true, path: true, tree: true, partial: true };

const HEADER = ArMemberHeader.fixedSize!;

/** True when the input starts like an archive LLVM recognises (`!<arch>\n`, `!<thin>\n` or `<bigaf>\n`). */
export function isArchive(input: BytesLike): boolean {
  const head = toBytes(input);
  return hasMagic(ArGlobalHeader.fields.magic, head) || hasMagic(ArThinMagic, head) || hasMagic(ArBigMagic, head);
}

/**
 * The GNU long name at offset `off` of the `//` table `t` whose `\n` after it is at `nl` (names end
 * with `/\n`): undefined when it does not end so. Regular and thin archives resolve `/N` names with it.
 */
export function gnuLongName(t: Uint8Array, off: number, nl: number): string | undefined {
  return nl < 1 || t[nl - 1] !== 0x2f ? undefined : decodeEscapedUtf8(t, off, nl - 1);
}

/** Read an archive's member table (members' contents are not read). */
export function readArchive(input: BytesLike | ByteSource, opts: ReadArchiveOptions = {}): ArchiveFile {
  opts = optionsArgument(opts, 'readArchive', READ_ARCHIVE_KEYS);
  const src = toSource(input);
  const { file, node, path } = placedSpace(src, opts, opts.tree);
  return withinPath(path, () => new ArchiveReader(src, file, node, opts.origin ?? 0, opts.partial === true).read());
}

/** The members a thin archive stores (`Archive::Child::isThinMember` is false for them): the symbol tables and `//`. */
const THIN_STORED: ReadonlySet<string> = new Set([AR_SPECIAL.symtab, AR_SPECIAL.symtab64, AR_SPECIAL.strtab]);

/** Where the reader is in LLVM's recognition of the special members at the start (`Archive::Archive`). */
type Phase = 'first' | 'after-symtab' | 'after-coff-member' | 'after-coff-strtab' | 'regular';

class ArchiveReader {
  private strtab: Uint8Array | undefined;
  /** Ends of the `//` table's names: NUL-terminated in COFF archives, `/\n` in GNU ones. */
  private names: TerminatedStrings | undefined;
  private kind: ArchiveKind = 'gnu';
  private phase: Phase = 'first';
  private has64 = false;
  private thin = false;
  private readonly nodes: (SpanNode | undefined)[] = [];
  /** The member whose data runs past the end (set before its error is thrown): LLVM's view of it. */
  private runaway: { name?: string; dataOffset: number; size: number; special: boolean } | undefined;
  constructor(
    private readonly src: ByteSource,
    private readonly file: Space,
    private readonly node: SpanNode | undefined,
    private readonly origin: number,
    private readonly partial = false,
  ) {}

  read(): ArchiveFile {
    const { file } = this;
    const head = file.bytes(0, Math.min(8, file.size), 'archive magic', ['header', 'magic']);
    this.thin = hasMagic(ArThinMagic, head);
    if (hasMagic(ArBigMagic, head)) return readBigArchive(this.src, file, this.node, this.origin, this.partial);
    file.decode(this.thin ? ArThinGlobalHeader : ArGlobalHeader, 0, { path: ['header'], parent: this.node, key: 'header' });
    const members: ArchiveMember[] = [];
    const start = ArGlobalHeader.fixedSize!;
    const group = file.record({ path: ['members'], parent: this.node, key: 'members' }, start, Math.max(0, file.size - start), 'group');
    let pos = start;
    let stop: ArchiveStop | undefined;
    while (pos < file.size) {
      let m: ArchiveMember;
      try {
        m = this.member(members.length, pos, group);
      } catch (e) {
        if (!this.partial || !(e instanceof DecodeError)) throw e;
        stop = this.stopAt(e, members, pos);
        break;
      }
      members.push(m);
      // (a thin archive's member file: its header alone is here, with no data or padding after it)
      if (m.external) {
        pos += HEADER;
        continue;
      }
      pos += HEADER + m.header.size;
      // Members start at even offsets; LLVM: "offset to next archive member past the end of the archive".
      const padded = pos + (pos % AR_MEMBER_ALIGN);
      if (padded > file.size) {
        const e = new DecodeError('EOF', `offset to the next archive member is past the end of the archive after member '${m.name}' (its odd size needs a padding byte)`, file.abs(file.size), [
          'members',
          m.index,
          'padding',
        ]);
        if (!this.partial) throw e;
        stop = { error: e, index: m.index, name: m.name, llvmMessage: llvmArchiveError(`offset to next archive member past the end of the archive after member ${m.name}`), beforeListing: m.special !== undefined };
        break;
      }
      if (padded > pos) file.record({ path: ['members', m.index], parent: this.nodes[m.index], key: 'padding' }, pos, padded - pos, 'padding', AR_PAD_BYTE);
      pos = padded;
    }
    const a: ArchiveFile = this.thin ? { kind: this.kind, origin: this.origin, size: file.size, members, thin: true } : { kind: this.kind, origin: this.origin, size: file.size, members };
    if (stop) a.stop = stop;
    return a;
  }

  /** The `partial` walk's stop at the member whose header is at `pos` (members: those read before it). */
  private stopAt(error: DecodeError, members: readonly ArchiveMember[], pos: number): ArchiveStop {
    const index = members.length;
    // LLVM's constructor walks the members up to the first regular one: an error there fails the archive.
    const noRegularYet = members.every((x) => x.special !== undefined);
    const r = this.runaway;
    this.runaway = undefined;
    if (r) {
      const after = r.name === undefined ? `at offset ${pos}` : r.name;
      const stop: ArchiveStop = { error, index, llvmMessage: llvmArchiveError(`offset to next archive member past the end of the archive after member ${after}`), beforeListing: r.special, runaway: { dataOffset: r.dataOffset, size: r.size, special: r.special } };
      if (r.name !== undefined) stop.name = r.name;
      return stop;
    }
    const left = this.file.size - pos;
    if (left < HEADER) {
      const name = left >= ArMemberHeader.offsets.name + ArMemberHeader.fields.name.fixedSize! ? this.nameOf(pos) : undefined;
      const stop: ArchiveStop = { error, index, llvmMessage: llvmArchiveError(`remaining size of archive too small for next archive member header ${name === undefined ? `at offset ${pos}` : `for ${name}`}`), beforeListing: noRegularYet };
      if (name !== undefined) stop.name = name;
      return stop;
    }
    const stop: ArchiveStop = { error, index, beforeListing: noRegularYet };
    const name = this.nameOf(pos);
    if (name !== undefined) stop.name = name;
    return stop;
  }

  /** The name LLVM's `getName` gives the member whose header is at `pos` (its name field present), or undefined where it fails. */
  private nameOf(pos: number): string | undefined {
    const { file } = this;
    try {
      const field = decodeEscapedUtf8(file.bytes(pos + ArMemberHeader.offsets.name, ArMemberHeader.fields.name.fixedSize!, 'member name', []), 0, ArMemberHeader.fields.name.fixedSize!);
      const at = { name: file.abs(pos), path: [] as PathKey[] };
      const raw = this.rawName(field, at);
      if (raw.startsWith(AR_BSD_LONG_NAME)) return undefined;
      if (raw.startsWith('/') && raw.length > 1 && raw !== AR_SPECIAL.strtab && raw !== AR_SPECIAL.xfgHashMap && raw !== AR_SPECIAL.ecSymbols) return this.longName(raw, at);
      return raw.endsWith('/') && !raw.startsWith('/') ? raw.slice(0, -1) : raw.trimEnd();
    } catch (e) {
      if (e instanceof DecodeError) return undefined;
      throw e;
    }
  }

  /** The member header at `pos`, its name resolved, its data placed. */
  private member(index: number, pos: number, group: SpanNode | undefined): ArchiveMember {
    const { file } = this;
    const mp: PathKey[] = ['members', index];
    if (file.size - pos < HEADER) {
      throw new DecodeError('EOF', `remaining size of archive (${file.size - pos} bytes) too small for the next ${HEADER}-byte member header`, file.abs(pos), [...mp, 'header'], {
        needed: HEADER,
        available: file.size - pos,
      });
    }
    const mNode = file.record({ path: mp, parent: group, key: index }, pos, HEADER, 'group');
    this.nodes[index] = mNode;
    const header = file.decode(ArMemberHeader, pos, { path: [...mp, 'header'], parent: mNode, key: 'header' });
    // (`Archive::Child::isThinMember`: by the raw name, `getRawName`: `/ 0` is `/`)
    if (this.thin && !THIN_STORED.has(this.rawName(header.name, { name: file.abs(pos + ArMemberHeader.offsets.name), path: [...mp, 'header', 'name'] }))) return this.thinMember(index, pos, header, mp);
    if (header.size > file.size - pos - HEADER) {
      if (this.partial) {
        const name = this.nameOf(pos);
        const raw = this.rawName(header.name, { name: file.abs(pos), path: [...mp, 'header', 'name'] });
        // (special as `classify` would find it: a symbol table first, or `//` before the first regular member)
        const special = this.phase !== 'regular' && (raw === AR_SPECIAL.symtab || raw === AR_SPECIAL.symtab64 || raw === AR_SPECIAL.strtab || raw === AR_SPECIAL.ecSymbols || AR_BSD_SYMTABS.includes(raw) || (name !== undefined && AR_BSD_SYMTABS.includes(name)));
        this.runaway = { dataOffset: file.abs(pos + HEADER), size: header.size, special, ...(name === undefined ? {} : { name }) };
      }
      throw new DecodeError('EOF', `member size ${header.size} runs past the end of the archive (${file.size - pos - HEADER} bytes after the header)`, file.abs(pos + ArMemberHeader.offsets.size), [
        ...mp,
        'header',
        'size',
      ], { needed: header.size, available: file.size - pos - HEADER });
    }
    if (mNode) mNode.size = spanInt(HEADER + header.size);
    const at = { name: file.abs(pos + ArMemberHeader.offsets.name), path: [...mp, 'header', 'name'] };
    const rawName = this.rawName(header.name, at);
    let name = rawName.endsWith('/') && !rawName.startsWith('/') ? rawName.slice(0, -1) : rawName;
    let dataAt = pos + HEADER;
    let size = header.size;
    if (rawName.startsWith(AR_BSD_LONG_NAME)) {
      const n = digits(rawName.slice(AR_BSD_LONG_NAME.length));
      if (n === undefined) throw new DecodeError('FORMAT', `long name length characters after the #1/ are not all decimal numbers: '${rawName}'`, at.name, at.path);
      if (n > size) throw new DecodeError('RANGE', `long name length ${n} extends past the end of the ${size}-byte member`, at.name, at.path);
      const bytes = file.bytes(dataAt, n, 'member name', [...mp, 'name']);
      let end = n;
      while (end > 0 && bytes[end - 1] === 0) end--;
      name = decodeEscapedUtf8(bytes, 0, end);
      file.record({ path: mp, parent: mNode, key: 'name' }, dataAt, n, 'string', name);
      dataAt += n;
      size -= n;
    }
    const abs = file.abs(dataAt);
    const m: ArchiveMember = { index, name, rawName, headerOffset: file.abs(pos), dataOffset: abs, size, header, data: blobRef(this.src, abs, size, abs) };
    this.classify(m, at);
    if (m.special) {
      if (m.special === 'string-table') {
        this.strtab = m.data.bytes();
        this.names = new TerminatedStrings(this.strtab, this.kind === 'coff' ? 0 : 0x0a, abs);
      }
      file.record({ path: mp, parent: mNode, key: 'data' }, dataAt, size, 'bytes', m.special);
    } else if (rawName.startsWith('/') && rawName.length > 1 && rawName !== AR_SPECIAL.strtab && rawName !== AR_SPECIAL.xfgHashMap && rawName !== AR_SPECIAL.ecSymbols) {
      // (`getName`: `/`, `//` and the two COFF specials are names as they are; `/N` is a long name)
      m.name = this.longName(rawName, at);
    }
    return m;
  }

  /**
   * A thin archive's member other than the special ones: the file it names (a GNU name, `name/` or
   * `/N` through `//`), its size as the header states it; nothing of it is stored here.
   */
  private thinMember(index: number, pos: number, header: ArMemberHeaderValue, mp: PathKey[]): ArchiveMember {
    const at = { name: this.file.abs(pos + ArMemberHeader.offsets.name), path: [...mp, 'header', 'name'] };
    const rawName = this.rawName(header.name, at);
    const name = rawName.startsWith('/') && rawName.length > 1 ? this.longName(rawName, at) : rawName.endsWith('/') ? rawName.slice(0, -1) : rawName;
    this.phase = 'regular';
    const abs = this.file.abs(pos + HEADER);
    return { index, name, rawName, headerOffset: this.file.abs(pos), dataOffset: abs, size: header.size, header, data: blobRef(this.src, abs, 0, abs), external: true };
  }

  /** `getRawName`: up to the end condition (BSD: blank; GNU: `/` unless the name starts with `/` or `#`). */
  private rawName(field: string, at: { name: number; path: PathKey[] }): string {
    const bsd = this.kind === 'bsd' || this.kind === 'darwin64';
    if (bsd && field.startsWith(' ')) throw new DecodeError('FORMAT', 'name contains a leading space', at.name, at.path);
    const endCond = bsd || field.startsWith('/') || field.startsWith('#') ? ' ' : '/';
    const end = field.indexOf(endCond);
    if (end < 0) return endCond === '/' ? field.trimEnd() : field;
    // GNU `name/`: the `/` is kept here and stripped by the caller, as getName drops it.
    return endCond === '/' ? `${field.slice(0, end)}/` : field.slice(0, end);
  }

  /** `/N`: the name at offset N of the `//` table (GNU: ends with `/\n`; COFF: NUL-terminated). */
  private longName(raw: string, at: { name: number; path: PathKey[] }): string {
    const off = digits(raw.slice(1));
    if (off === undefined) throw new DecodeError('FORMAT', `long name offset characters after the '/' are not all decimal numbers: '${raw}'`, at.name, at.path);
    const t = this.strtab;
    if (!t || !this.names || off >= t.length) throw new DecodeError('RANGE', `long name offset ${off} is past the end of the ${t?.length ?? 0}-byte string table (//)`, at.name, at.path);
    const end = this.names.end(off);
    if (this.kind === 'coff') return this.names.text(off, decodeEscapedUtf8, end < 0 ? t.length : end);
    // (decoded once per offset: members naming one long name N times over cost one decode)
    const name = end < 0 ? '\0' : this.names.text(off, (b, from, to) => gnuLongName(b, from, to) ?? '\0', end);
    if (name === '\0') throw new DecodeError('FORMAT', `string table at long name offset ${off} is not terminated by "/\\n"`, at.name, at.path);
    return name;
  }

  /** LLVM's recognition of the special members at the start (`Archive::Archive`), one member at a time. */
  private classify(m: ArchiveMember, at: { name: number; path: PathKey[] }): void {
    const raw = m.rawName;
    switch (this.phase) {
      case 'regular':
        return;
      case 'first':
        if (raw === '__.SYMDEF' || raw === '__.SYMDEF_64') {
          this.kind = raw === '__.SYMDEF' ? 'bsd' : 'darwin64';
          return this.mark(m, 'symbol-table', 'regular');
        }
        if (raw.startsWith(AR_BSD_LONG_NAME)) {
          this.kind = m.name.startsWith('__.SYMDEF_64') ? 'darwin64' : 'bsd';
          if (AR_BSD_SYMTABS.includes(m.name)) return this.mark(m, 'symbol-table', 'regular');
          this.phase = 'regular';
          return;
        }
        if (raw === AR_SPECIAL.symtab || raw === AR_SPECIAL.symtab64) {
          this.has64 = raw === AR_SPECIAL.symtab64;
          return this.mark(m, this.has64 ? 'symbol-table-64' : 'symbol-table', 'after-symtab');
        }
        return this.afterSymtab(m, at);
      case 'after-symtab':
        return this.afterSymtab(m, at);
      case 'after-coff-member':
        if (raw === AR_SPECIAL.strtab) return this.mark(m, 'string-table', 'after-coff-strtab');
      // falls through: the EC symbol map may follow the linker member directly
      case 'after-coff-strtab':
        if (raw === AR_SPECIAL.ecSymbols) return this.mark(m, 'ec-symbols', 'regular');
        this.phase = 'regular';
    }
  }

  private afterSymtab(m: ArchiveMember, at: { name: number; path: PathKey[] }): void {
    const raw = m.rawName;
    if (raw === AR_SPECIAL.strtab) {
      this.kind = this.has64 ? 'gnu64' : 'gnu';
      return this.mark(m, 'string-table', 'regular');
    }
    if (!raw.startsWith('/')) {
      this.kind = this.has64 ? 'gnu64' : 'gnu';
      this.phase = 'regular';
      return;
    }
    if (raw !== AR_SPECIAL.symtab) throw new DecodeError('FORMAT', `member name '${raw}' where a symbol table, the // string table or a regular member is expected`, at.name, at.path);
    this.kind = 'coff';
    this.mark(m, 'coff-linker-member', 'after-coff-member');
  }

  private mark(m: ArchiveMember, special: ArchiveSpecial, next: Phase): void {
    m.special = special;
    this.phase = next;
  }
}

/** LLVM's `malformedError` text (llvm/llvm-project:llvm/lib/Object/Archive.cpp). */
function llvmArchiveError(msg: string): string {
  return `truncated or malformed archive (${msg})`;
}

/** A decimal number of ASCII digits after trailing blanks are dropped (`rtrim(' ').getAsInteger(10)`), or undefined. */
function digits(text: string): number | undefined {
  const t = text.replace(/ +$/, '');
  if (!/^[0-9]+$/.test(t)) return undefined;
  const v = parseInt(t, 10);
  return Number.isSafeInteger(v) ? v : undefined;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** One member to write. */
export interface ArchiveMemberInput {
  /** Stored as is (`llvm-offload-binary` uses the input file's name as given). */
  name: string;
  /** The bytes: a blob of an input (streamed), bytes, or chunks. */
  data: Chunk | readonly Chunk[];
  /**
   * The member's archive symbols (global, defined, not format-specific; `getSymbols` of
   * ArchiveWriter.cpp), when it is an object file LLVM can read symbols from (ELF, COFF, bitcode).
   * Any member with `symbols` (even empty) makes the writer add the `/` symbol table, as LLVM does
   * when a member is a symbolic file; members without it are data. `elfArchiveSymbols`
   * (src/containers/elf-symbols.ts) computes them for ELF objects.
   */
  symbols?: readonly string[];
}

/** Names as bytes: UTF-8, a lone surrogate U+DC80..U+DCFF as the byte it was read from (a member named `n\xff.o`). */
const enc = {
  encode: (text: string): Uint8Array =>
    encodeEscapedUtf8(text, (code) => {
      throw new EncodeError(`name ${JSON.stringify(text)} has the lone surrogate U+${code.toString(16).toUpperCase()}, which stands for no byte`);
    }),
};

/** GNU small header: `name/` padded to 16, or `/N` for a long name. */
function memberHeader(nameField: string, size: number, mode: number): Uint8Array {
  return encode(ArMemberHeader, { name: nameField, date: 0, uid: 0, gid: 0, mode, size });
}

/** Pad after odd-sized data. */
const PAD = Uint8Array.of(AR_PAD_BYTE);

/**
 * A GNU archive as one buffer ({@link archiveChunks}, joined). It takes no options: an options object
 * with a key (`{ kind: 'bsd' }`, `{ thin: true }`) is an UnknownOptionError, not a GNU archive
 * written as if the key were not there.
 */
export function writeArchive(members: readonly ArchiveMemberInput[], opts?: Readonly<Record<string, never>>): Uint8Array {
  optionsArgument(opts, 'writeArchive', NO_OPTIONS);
  return concatChunks(archiveChunksOf(members));
}

/**
 * A GNU archive as chunks (headers and tables as bytes, member data as given: blobs stay blobs), as
 * LLVM's deterministic `writeArchive` writes it. No members: `!<arch>\n` alone. It takes no
 * options, as {@link writeArchive}: a key given is an UnknownOptionError.
 */
export function archiveChunks(members: readonly ArchiveMemberInput[], opts?: Readonly<Record<string, never>>): Chunk[] {
  optionsArgument(opts, 'archiveChunks', NO_OPTIONS);
  return archiveChunksOf(members);
}

/** The keys of a function that takes no options: none (any key is an UnknownOptionError). */
const NO_OPTIONS: OptionKeys<Record<string, never>> = {};

/** {@link archiveChunks} without the options check (writeArchive's, having checked its own). */
function archiveChunksOf(members: readonly ArchiveMemberInput[]): Chunk[] {
  if (!Array.isArray(members)) {
    // (readArchive's result is named, with what to pass instead, as the property-set writers name a reader's result)
    const read = typeof members === 'object' && members !== null && Array.isArray((members as { members?: unknown }).members);
    throw new EncodeError(`members must be an array of { name, data }, not ${describeValue(members)}${read ? ": this is readArchive's result; pass its .members without the special ones (the writer makes the tables)" : ''}`);
  }
  members.forEach((m, i) => {
    if (typeof m !== 'object' || m === null || typeof m.name !== 'string') throw new EncodeError(`a member must be an object with a name (a string) and data, not ${describeValue(m)}`, ['members', i]);
    // The writer makes the symbol table and the long-name table itself; read members that are those
    // tables (readArchive marks them `special`) would be written as ordinary members named '/' or '//'.
    if (m.name === '/' || m.name === '//' || m.name === '/SYM64/' || (m as { special?: unknown }).special) {
      throw new EncodeError(`member ${JSON.stringify(m.name)} is an archive table, not a member: leave out readArchive's special members (the writer makes the tables; pass symbols to list symbols)`, ['members', i, 'name']);
    }
  });
  const datas = members.map((m) => (Array.isArray(m.data) ? (m.data as readonly Chunk[]) : [m.data as Chunk]));
  const sizes = datas.map((d) => d.reduce((n, c) => n + chunkSize(c), 0));
  // The `//` table: `name/\n` per distinct long name (useStringTable: 16 bytes or more, or a '/').
  let strtab = '';
  const longAt = new Map<string, number>();
  const nameFields = members.map((m) => {
    if (enc.encode(m.name).length < 16 && !m.name.includes('/')) return `${m.name}/`;
    let at = longAt.get(m.name);
    if (at === undefined) {
      at = enc.encode(strtab).length;
      longAt.set(m.name, at);
      strtab += `${m.name}/\n`;
    }
    return `/${at}`;
  });
  const strtabBytes = enc.encode(strtab);
  const strtabChunks: Chunk[] = [];
  if (strtabBytes.length) {
    const padded = strtabBytes.length + (strtabBytes.length % 2);
    // computeStringTable: "//" padded to 48 (date, uid, gid, mode blank), then the size.
    strtabChunks.push(stringTableHeader(padded), strtabBytes);
    if (padded > strtabBytes.length) strtabChunks.push(PAD);
  }
  const symtab = symbolTable(members, sizes, strtabChunks);
  const out: Chunk[] = [Uint8Array.from(ArGlobalHeader.fields.magic.magicBytes), ...symtab, ...strtabChunks];
  members.forEach((_m, i) => {
    out.push(memberHeader(nameFields[i]!, sizes[i]!, 0o644), ...datas[i]!);
    if (sizes[i]! % 2) out.push(PAD);
  });
  return out;
}

/**
 * The `//` member's header (computeStringTable): "//" padded to 48 bytes, i.e. date, uid, gid and
 * mode left blank, then the size and the terminator.
 */
function stringTableHeader(size: number): Uint8Array {
  const h = encode(ArMemberHeader, { name: '//', date: 0, uid: 0, gid: 0, mode: 0, size });
  h.fill(0x20, ArMemberHeader.offsets.date, ArMemberHeader.offsets.size);
  return h;
}

/** `writeSymbolTable` (K_GNU): only when a member is a symbolic file. */
function symbolTable(members: readonly ArchiveMemberInput[], sizes: number[], strtabChunks: Chunk[]): Chunk[] {
  if (!members.some((m) => m.symbols !== undefined)) return [];
  const names: string[] = [];
  for (const m of members) for (const s of m.symbols ?? []) names.push(s);
  let nameBytes: Uint8Array = enc.encode(names.map((n) => `${n}\0`).join(''));
  // "If there are no symbols, emit an empty symbol table" of three NULs (computeMemberData).
  if (nameBytes.length === 0) nameBytes = new Uint8Array(3);
  const count = names.length;
  const body = ArGnuSymbolTableHeader.fixedSize! + count * ArGnuSymbolOffset.fixedSize! + nameBytes.length;
  const pad = body % 2;
  // Member offsets: after the magic, this table (header + body + pad) and the string table.
  let pos = ArGlobalHeader.fixedSize! + HEADER + body + pad + strtabChunks.reduce((n, c) => n + chunkSize(c), 0);
  const s = new Sink(HEADER + body + pad, undefined, false);
  s.bytes(memberHeader('/', body + pad, 0));
  s.bytes(encode(ArGnuSymbolTableHeader, { count }, { le: false }));
  members.forEach((m, i) => {
    if (pos > 0xffffffff && m.symbols?.length) throw new EncodeError(`member ${i} starts at ${hex(pos)}, past the 32-bit offsets of a GNU symbol table (/SYM64/ is not written)`, ['members', i]);
    for (let k = 0; k < (m.symbols?.length ?? 0); k++) s.u32(pos);
    pos += HEADER + sizes[i]! + (sizes[i]! % 2);
  });
  s.bytes(nameBytes);
  if (pad) s.u8(0);
  return [s.result()];
}
