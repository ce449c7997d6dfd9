/**
 * What the readers of wrapper objects (src/containers/sycl-wrapper.ts: the offload entries and the
 * SYCL descriptor) need of an object file, whatever its format: the bytes of a section, where a
 * pointer stored in a section leads, the string at a place, where a symbol lies. ELF objects and
 * executables (src/containers/elf-pointers.ts) and COFF objects (src/containers/coff-pointers.ts)
 * implement it; a pointer that cannot be followed is `undefined`, with the reason in `notes`.
 *
 * Portable: no Node APIs.
 */
import { decodeEscapedUtf8, hex, TerminatedStrings, type PathKey } from '../codec/index.js';

/** A section as the pointer readers see it. */
export interface PointerSection {
  /** Index in the file's section table (ELF: section header index; COFF: from 0, one less than its SectionNumber). */
  index: number;
  /** Section name. */
  name: string;
  /** Offset of its contents from the file's start. */
  offset: number;
  /** Size of its contents. */
  size: number;
  /**
   * A linked program without section headers: the PT_LOAD segment standing in for this section is
   * program header `segment` (src/containers/elf-segments.ts); its bytes are `segments[segment]`.
   */
  segment?: number;
}

/** Where the span tree names a section's contents: `sections[i]`, or a program's `segments[i]`. */
export function contentKeys(s: Pick<PointerSection, 'index' | 'segment'>): PathKey[] {
  return s.segment === undefined ? ['sections', s.index] : ['segments', s.segment];
}

/** A section as messages name it: `section [i] 'NAME'`, or a program's `PT_LOAD segment (program header i)`. */
export function sectionPlace(s: Pick<PointerSection, 'index' | 'name' | 'segment'>): string {
  return s.segment === undefined ? `section [${s.index}] '${s.name}'` : `PT_LOAD segment (program header ${s.segment})`;
}

/** A place in the file a pointer leads to. */
export interface PointerTarget<S extends PointerSection = PointerSection> {
  /** The section it points into. */
  section: S;
  /** Offset inside the section. */
  offset: number;
}

/** The facts of an object file its pointer reader needs. */
export interface PointerFileFacts<S extends PointerSection = PointerSection> {
  /** Width of a pointer in the file's data: 64 or 32 bits. */
  readonly pointerBits: 32 | 64;
  /** 64-bit integers are 4-byte aligned in structures (i386), which changes the entry stride. */
  readonly i64Align4: boolean;
  /** Byte order of the file's data. */
  readonly littleEndian: boolean;
  /** Where the file lies in the input (an archive member's data offset, else 0). */
  readonly origin: number;
  /** Path keys of the file in errors and spans (`['members', 3]`). */
  readonly path: readonly PathKey[];
  /** The sections of the file, in table order. */
  readonly sections: readonly S[];
}

/** Reads the pointers, strings and symbols of one object file. */
export interface PointerReader<S extends PointerSection = PointerSection> {
  /** Why pointers could not be followed (for notes on stderr). */
  readonly notes: string[];
  /** The file's facts. */
  readonly file: PointerFileFacts<S>;
  /** The bytes of a section (read once). */
  bytes(s: S): Uint8Array;
  /** Where the pointer at `offset` of section `s` leads; `end`: it may point just past the end of its section. */
  follow(s: S, offset: number, what: string, end?: boolean): PointerTarget<S> | undefined;
  /** The NUL-terminated string at a target (it must end inside its section). */
  string(t: PointerTarget<S>, what: string): string | undefined;
  /** Whether a NUL-terminated string starts at the target (without decoding it; no note). */
  hasString(t: PointerTarget<S>): boolean;
  /**
   * Where the symbols named `name` lie, in symbol-table order (a relocatable link of two objects keeps
   * a local symbol of each): empty when the file has no such symbol (or no symbol table); null for one
   * that does not lie in a section of this file (noted).
   */
  symbolPlaces(name: string): (PointerTarget<S> | null)[];
  /**
   * The pointers (by the `what` they were followed as) whose address lies in no section with
   * contents: the bytes they lead to are not in the file (a section removed by `llvm-objcopy -R`).
   * Kept by the readers that know addresses (ELF programs, PE images).
   */
  readonly unmapped?: ReadonlyMap<string, bigint>;
  /**
   * The address the pointer at `offset` of section `s` holds, whether or not a section holds it
   * (ELF programs, PE images; undefined where addresses are not what a pointer holds, or it cannot be read).
   */
  address?(s: S, offset: number, what: string): bigint | undefined;
}

/**
 * What the ELF and COFF pointer readers share: the file's facts, the notes, and strings read from
 * section contents (each section's terminators indexed once).
 */
export abstract class SectionPointers<S extends PointerSection> implements PointerReader<S> {
  /** Why pointers could not be followed. */
  readonly notes: string[] = [];
  /** Pointers whose address lies in no section with contents (see {@link PointerReader.unmapped}). */
  readonly unmapped = new Map<string, bigint>();
  private readonly strings = new Map<number, TerminatedStrings>();

  /** The file's facts. */
  readonly file: PointerFileFacts<S>;
  constructor(file: PointerFileFacts<S>) {
    this.file = file;
  }

  /** The bytes of a section (read once). */
  abstract bytes(s: S): Uint8Array;
  /** Where the pointer at `offset` of section `s` leads. */
  abstract follow(s: S, offset: number, what: string, end?: boolean): PointerTarget<S> | undefined;
  /** Where the symbols named `name` lie (see {@link PointerReader.symbolPlaces}). */
  abstract symbolPlaces(name: string): (PointerTarget<S> | null)[];

  /** Whether a NUL-terminated string starts at the target (without decoding it; no note). */
  hasString(t: PointerTarget<S>): boolean {
    return this.stringEnd(t) >= 0;
  }

  /** Where the string at `t` ends (its NUL, in the section's bytes), or -1. */
  private stringEnd(t: PointerTarget<S>): number {
    const b = this.bytes(t.section);
    let ends = this.strings.get(t.section.index);
    if (!ends) this.strings.set(t.section.index, (ends = new TerminatedStrings(b)));
    return t.offset < 0 || t.offset >= b.length ? -1 : ends.end(t.offset);
  }

  /** A NUL-terminated string at a target (it must end inside its section). */
  string(t: PointerTarget<S>, what: string): string | undefined {
    const b = this.bytes(t.section);
    const nul = this.stringEnd(t);
    if (nul < 0) return this.fail(`${what}: the string at offset ${hex(t.offset)} of ${sectionPlace(t.section)} is not NUL-terminated inside it`);
    // (bytes that are not UTF-8 kept as U+DC80+byte escapes, src/codec/bytes.ts decodeEscapedUtf8: a triple or
    // kernel name is printed, named in a file name and put in JSON as the bytes it is, not as U+FFFD)
    return decodeEscapedUtf8(b, t.offset, nul);
  }

  /** Records why a pointer could not be followed. */
  protected fail(note: string): undefined {
    this.notes.push(note);
    return undefined;
  }
}

/**
 * Sections by their address in memory (an executable's sh_addr, a PE image's VirtualAddress), sorted
 * once: which one holds an address is a binary search for the last section starting at or below it
 * (an end pointer: strictly below), which must hold it. Sections do not overlap in a linked file;
 * where a hostile one makes them, the one found is the one used.
 */
export class SectionsByAddress<S extends PointerSection> {
  private readonly list: { section: S; start: bigint }[];

  constructor(sections: readonly S[], start: (s: S) => bigint) {
    this.list = sections.map((section) => ({ section, start: start(section) })).sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0));
  }

  /** The section holding address `a` (`end`: or ending at it), and the offset in it; undefined when none does. */
  find(a: bigint, end = false): PointerTarget<S> | undefined {
    const list = this.list;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (end ? list[mid]!.start < a : list[mid]!.start <= a) lo = mid + 1;
      else hi = mid;
    }
    const hit = list[lo - 1];
    if (!hit) return undefined;
    const off = a - hit.start;
    const size = BigInt(hit.section.size);
    return off < size || (end && off === size) ? { section: hit.section, offset: Number(off) } : undefined;
  }
}
