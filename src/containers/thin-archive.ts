/**
 * Thin archives (`llvm-ar --thin`, magic `!<thin>\n`): the member headers and the special members
 * (symbol table `/`, `/SYM64/`, long names `//`) are stored in the archive, the members' contents are
 * the files the members name (a relative name counts from the archive's folder: LLVM's
 * `Archive::Child::getFullName`, llvm/lib/Object/Archive.cpp). llvm-objdump and llvm-offload-binary
 * read those files as the members.
 *
 * Here a thin archive is read as the regular archive it stands for: a ByteSource that is `!<arch>\n`,
 * then each member's header (as stored) followed by its data (stored, or the member file's bytes) and
 * the padding byte after an odd size. Every reader of archives then reads it unchanged; offsets into
 * it count in that archive (a note says so). Member files are read positionally, never loaded whole.
 *
 * Portable: no Node APIs; the caller opens member files (src/node: relative to the archive's folder).
 */
import { DecodeError, decode, hasMagic, type ByteSource } from '../codec/index.js';
import { gnuLongName } from './archive.js';
import { AR_MAGIC, AR_MEMBER_ALIGN, AR_PAD_BYTE, AR_SPECIAL, ArMemberHeader, ArThinMagic } from '../../formats/ar.js';

/** One member of a thin archive. */
export interface ThinMember {
  /** The member's name (a path, as stored: relative to the archive's folder or absolute). */
  name: string;
  /** Its size as the archive's header states it. */
  size: number;
  /** True for the special members stored in the archive itself (symbol tables, long names). */
  stored: boolean;
  /** Offset of its header in the thin archive. */
  headerOffset: number;
}

/** True when `head` starts with the thin archive magic. */
export function isThinArchive(head: Uint8Array): boolean {
  return hasMagic(ArThinMagic, head);
}

/** Digits of the header's size field (formats/ar.ts ArMemberHeader: Size[10]). */
const SIZE_DIGITS = ArMemberHeader.fields.size.fixedSize!;

/** The header size of a member (formats/ar.ts ArMemberHeader). */
const HEADER = ArMemberHeader.fixedSize!;

/** The raw names of the members a thin archive stores (`Archive::Child::isThinMember` is false for them). */
const STORED = new Set<string>([AR_SPECIAL.symtab, AR_SPECIAL.symtab64, AR_SPECIAL.strtab]);

/**
 * The members of the thin archive in `src` (headers checked, long names resolved through `//`).
 * Throws DecodeError (offset in the archive) for a header that does not read or a name that does not
 * resolve.
 */
export function readThinArchive(src: ByteSource): ThinMember[] {
  const out: ThinMember[] = [];
  let strtab: Uint8Array | undefined;
  let pos = AR_MAGIC.length;
  for (let index = 0; pos < src.size; index++) {
    if (src.size - pos < HEADER) throw new DecodeError('EOF', `remaining size of the thin archive (${src.size - pos} bytes) too small for the next ${HEADER}-byte member header`, pos, ['members', index, 'header']);
    const h = decode(ArMemberHeader, src.read(pos, HEADER), 0, { base: pos, path: ['members', index, 'header'] });
    const raw = h.name.trimEnd();
    const stored = STORED.has(raw);
    let name = raw;
    if (stored) {
      if (h.size > src.size - pos - HEADER) throw new DecodeError('EOF', `member '${raw}' (${h.size} bytes) runs past the end of the thin archive`, pos, ['members', index, 'header', 'size']);
      if (raw === AR_SPECIAL.strtab) strtab = src.read(pos + HEADER, h.size);
    } else if (raw.startsWith('/') && raw.length > 1) {
      // `/N`: the name at offset N of `//`, ending with `/\n`.
      const off = Number(raw.slice(1));
      const long = Number.isInteger(off) && strtab && off < strtab.length ? gnuLongName(strtab, off, strtab.indexOf(0x0a, off)) : undefined;
      if (long === undefined) throw new DecodeError('RANGE', `long name '${raw}' is not a name of the string table (//) ending with "/\\n"`, pos, ['members', index, 'header', 'name']);
      name = long;
    } else if (raw.endsWith('/')) name = raw.slice(0, -1);
    out.push({ name, size: h.size, stored, headerOffset: pos });
    pos += HEADER + (stored ? h.size + (h.size % AR_MEMBER_ALIGN) : 0);
  }
  return out;
}

/**
 * The regular archive a thin archive stands for (see the file comment), reading each member's data
 * from `openMember(name)`: the file as it is now (LLVM reads it so, whatever size the thin archive
 * recorded).
 */
export function thinArchiveSource(src: ByteSource, openMember: (name: string) => ByteSource): { source: ByteSource; members: ThinMember[]; missing?: { member: ThinMember; error: unknown } } {
  const members = readThinArchive(src);
  type Segment = { at: number; size: number; from: ByteSource | Uint8Array; offset: number };
  const segments: Segment[] = [];
  let at = 0;
  const push = (from: ByteSource | Uint8Array, offset: number, size: number): void => {
    if (size > 0) segments.push({ at, size, from, offset });
    at += size;
  };
  let missing: { member: ThinMember; error: unknown } | undefined;
  push(Uint8Array.from(AR_MAGIC), 0, AR_MAGIC.length);
  for (const [i, m] of members.entries()) {
    const pos = m.headerOffset;
    let size = m.size;
    if (m.stored) {
      push(src, pos, HEADER);
      push(src, pos + HEADER, m.size);
    } else {
      // LLVM reads the member file as it is now, whatever size the header recorded: so does the
      // archive made here (its header carries the file's size).
      let file: ByteSource;
      try {
        file = openMember(m.name);
      } catch (error) {
        // LLVM reads the members before it and fails at this one: the archive ends here, and the
        // caller says why after what comes before.
        missing = { member: m, error };
        break;
      }
      size = file.size;
      const text = String(size);
      const field = ArMemberHeader.offsets.size;
      if (text.length > SIZE_DIGITS) throw new DecodeError('RANGE', `member file '${m.name}' is ${size} bytes: more than an archive member header can state`, pos + field, ['members', i, 'header', 'size']);
      const header = Uint8Array.from(src.read(pos, HEADER));
      header.set(new TextEncoder().encode(text.padEnd(SIZE_DIGITS, ' ')), field);
      push(header, 0, HEADER);
      push(file, 0, size);
    }
    if (size % AR_MEMBER_ALIGN) push(Uint8Array.of(AR_PAD_BYTE), 0, 1);
  }
  const size = at;
  const slice = (s: Segment, offset: number, length: number): Uint8Array => (s.from instanceof Uint8Array ? s.from.subarray(s.offset + offset, s.offset + offset + length) : s.from.read(s.offset + offset, length));
  // The segment holding `offset` (binary search: work per read is logarithmic in the members).
  const find = (offset: number): number => {
    let lo = 0;
    let hi = segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segments[mid]!.at <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const source: ByteSource = {
    size,
    read(offset, length) {
      let k = find(offset);
      const first = segments[k]!;
      if (offset + length <= first.at + first.size) return slice(first, offset - first.at, length);
      const out = new Uint8Array(length);
      for (let done = 0; done < length; k++) {
        const s = segments[k]!;
        const from = offset + done - s.at;
        const n = Math.min(length - done, s.size - from);
        out.set(slice(s, from, n), done);
        done += n;
      }
      return out;
    },
  };
  return missing ? { source, members, missing } : { source, members };
}
