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
import { DecodeError, hasMagic, type ByteSource } from '../codec/index.js';
import { readArchive } from './archive.js';
import { AR_MAGIC, AR_MEMBER_ALIGN, AR_PAD_BYTE, ArMemberHeader, ArThinMagic } from '../../formats/ar.js';

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

/**
 * The members of the thin archive in `src`, read by the archive reader (src/containers/archive.ts:
 * headers checked, long names resolved through `//`). Throws DecodeError (offset in the archive) for
 * a header that does not read or a name that does not resolve.
 */
export function readThinArchive(src: ByteSource): ThinMember[] {
  const a = readArchive(src);
  if (!a.thin) throw new DecodeError('FORMAT', 'not a thin archive (no !<thin> magic)', 0, ['header', 'magic']);
  return a.members.map((m) => ({ name: m.name, size: m.size, stored: !m.external, headerOffset: m.headerOffset }));
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
