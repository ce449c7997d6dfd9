/**
 * The loadable segments of a linked ELF program that has no section headers (`ld.lld -z
 * nosectionheader`, `llvm-objcopy --strip-sections`), as sections the pointer reader
 * (src/containers/elf-pointers.ts) can follow pointers through: one per PT_LOAD segment with bytes
 * in the file (address p_vaddr, contents p_offset..+p_filesz), and the dynamic relocation tables
 * the PT_DYNAMIC segment names (DT_RELA/DT_RELASZ/DT_RELAENT, DT_REL/DT_RELSZ/DT_RELENT: gABI
 * "Dynamic Section"; Android's packed DT_ANDROID_RELA/DT_ANDROID_REL too), placed in the file
 * through the segment holding their address. The program's
 * SYCL descriptor is then found by its shape, as in a PE image. No symbol table is placed (the
 * dynamic one has no size without its hash table): a relocation against a symbol is not followed.
 *
 * Bounded: the program header table (at most 65,535 records) and the dynamic table (up to its
 * first DT_NULL, within its segment's bytes) are each read once.
 *
 * Portable: no Node APIs.
 */
import { decode, DecodeError, type ByteSource } from '../codec/index.js';
import { DT, ELF_DYNS, ELF_PROGRAM_HEADERS, ELF_RELAS, ELF_RELS, ELFCLASS32, ELFCLASS64, PT_DYNAMIC, PT_LOAD, SHF_ALLOC, SHT_ANDROID_REL, SHT_ANDROID_RELA, SHT_NULL, SHT_PROGBITS, SHT_REL, SHT_RELA } from '../../formats/elf.js';
import type { ElfFile, ElfSection } from '../offload/elf.js';

/** The sections standing in for a program's segments, and why any part was left out. */
export interface SegmentSections {
  /** Index 0 an empty SHT_NULL entry (as in a section table), then the PT_LOAD segments, then the relocation tables. */
  sections: ElfSection[];
  /** What could not be placed (a segment or table outside the file, a malformed dynamic table). */
  notes: string[];
}

interface Segment {
  type: number;
  offset: bigint;
  vaddr: bigint;
  filesz: bigint;
  align: bigint;
  at: number;
}

/**
 * The segments of `elf` as sections (see the file comment), or undefined when it has no program
 * header table to read.
 */
export function segmentSections(src: ByteSource, elf: ElfFile): SegmentSections | undefined {
  const cls = elf.class === 32 ? ELFCLASS32 : ELFCLASS64;
  const phdr = ELF_PROGRAM_HEADERS[cls];
  const entsize = phdr.fixedSize!;
  const h = elf.header;
  const phoff = BigInt(h.e_phoff);
  const count = h.e_phnum;
  if (phoff === 0n || count === 0 || h.e_phentsize !== entsize) return undefined;
  if (phoff > BigInt(elf.size) || BigInt(count * entsize) > BigInt(elf.size) - phoff) return undefined;
  const table = src.read(elf.origin + Number(phoff), count * entsize);
  const notes: string[] = [];
  const segments: Segment[] = [];
  for (let i = 0; i < count; i++) {
    const at = elf.origin + Number(phoff) + i * entsize;
    const p = decode(phdr, table, i * entsize, { le: elf.littleEndian, base: elf.origin + Number(phoff), path: [...elf.path, 'programHeaders', i] });
    segments.push({ type: p.p_type, offset: BigInt(p.p_offset), vaddr: BigInt(p.p_vaddr), filesz: BigInt(p.p_filesz), align: BigInt(p.p_align), at });
  }
  const inFile = (s: Segment): boolean => s.offset <= BigInt(elf.size) && s.filesz <= BigInt(elf.size) - s.offset;
  const loads = segments.map((s, i) => ({ s, i })).filter(({ s }) => s.type === PT_LOAD && s.filesz > 0n);
  const sections: ElfSection[] = [section(0, '', SHT_NULL, 0n, 0n, 0, 0, 0n, 0n, 0)];
  // The segments' bytes are searched (and held) once each: a table of segments that each cover the
  // file (hostile) stops at twice the file's size, not at 65,535 times it.
  let budget = 2 * elf.size;
  for (const { s, i } of loads) {
    if (!inFile(s)) {
      notes.push(`program header ${i} (PT_LOAD): its ${s.filesz} bytes at offset ${s.offset} are not all in the ${elf.size}-byte file; not searched`);
      continue;
    }
    budget -= Number(s.filesz);
    if (budget < 0) {
      notes.push(`program header ${i} (PT_LOAD) and later ones: the segments so far cover the file twice over; the rest are not searched`);
      break;
    }
    sections.push({ ...section(sections.length, `PT_LOAD segment (program header ${i})`, SHT_PROGBITS, BigInt(SHF_ALLOC), s.vaddr, Number(s.offset), Number(s.filesz), s.align, 0n, s.at), segment: i });
  }
  // An address of the dynamic table's entries, as a place in the file (through the PT_LOAD holding it).
  const fileOffset = (addr: bigint, size: bigint): number | undefined => {
    for (const { s } of loads) if (inFile(s) && addr >= s.vaddr && addr - s.vaddr <= s.filesz && size <= s.filesz - (addr - s.vaddr)) return Number(s.offset + (addr - s.vaddr));
    return undefined;
  };
  const dynamic = segments.find((s) => s.type === PT_DYNAMIC);
  if (dynamic && inFile(dynamic)) {
    const tags = dynamicTags(src, elf, dynamic, notes);
    const tables: [number, number, number, number, typeof ELF_RELAS | typeof ELF_RELS, string][] = [
      [DT.RELA, DT.RELASZ, DT.RELAENT, SHT_RELA, ELF_RELAS, 'DT_RELA'],
      [DT.REL, DT.RELSZ, DT.RELENT, SHT_REL, ELF_RELS, 'DT_REL'],
    ];
    // Android's packed tables: a byte stream, no record size (src/containers/elf-android-relocs.ts).
    for (const [addrTag, sizeTag, type, name] of [
      [DT.ANDROID_RELA, DT.ANDROID_RELASZ, SHT_ANDROID_RELA, 'DT_ANDROID_RELA'],
      [DT.ANDROID_REL, DT.ANDROID_RELSZ, SHT_ANDROID_REL, 'DT_ANDROID_REL'],
    ] as const) {
      const addr = tags.get(addrTag);
      const size = tags.get(sizeTag);
      if (addr === undefined || size === undefined || size === 0n) continue;
      const at = fileOffset(addr, size);
      if (at === undefined) notes.push(`the dynamic table's ${name} (${size} bytes at address 0x${addr.toString(16)}) is not in the file: its relocations are not read`);
      else sections.push(section(sections.length, `${name} (packed dynamic relocations)`, type, BigInt(SHF_ALLOC), addr, at, Number(size), 1n, 0n, dynamic.at));
    }
    for (const [addrTag, sizeTag, entTag, type, recs, name] of tables) {
      const addr = tags.get(addrTag);
      const size = tags.get(sizeTag);
      if (addr === undefined || size === undefined || size === 0n) continue;
      const rec = recs[cls].fixedSize!;
      const ent = tags.get(entTag) ?? BigInt(rec);
      const at = fileOffset(addr, size);
      if (ent !== BigInt(rec) || size % BigInt(rec) !== 0n || at === undefined) {
        notes.push(`the dynamic table's ${name} (${size} bytes at address 0x${addr.toString(16)}, entries of ${ent}) is not a table of ${rec}-byte records in the file: its relocations are not read`);
        continue;
      }
      sections.push(section(sections.length, `${name} (dynamic relocations)`, type, BigInt(SHF_ALLOC), addr, at, Number(size), 8n, BigInt(rec), dynamic.at));
    }
  }
  return { sections, notes };
}

/** The dynamic table's tags up to its first DT_NULL (a tag given twice: the first). */
function dynamicTags(src: ByteSource, elf: ElfFile, dynamic: Segment, notes: string[]): Map<number, bigint> {
  const cls = elf.class === 32 ? ELFCLASS32 : ELFCLASS64;
  const dyn = ELF_DYNS[cls];
  const size = dyn.fixedSize!;
  const n = Number(dynamic.filesz / BigInt(size));
  const bytes = src.read(elf.origin + Number(dynamic.offset), n * size);
  const tags = new Map<number, bigint>();
  const wanted = new Set<number>(Object.values(DT));
  for (let i = 0; i < n; i++) {
    let d: { d_tag: number | bigint; d_val: number | bigint };
    try {
      d = decode(dyn, bytes, i * size, { le: elf.littleEndian, base: elf.origin + Number(dynamic.offset), path: [...elf.path, 'dynamic', i] });
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      notes.push(`the dynamic table could not be read: ${e.message}`);
      break;
    }
    const tag = BigInt(d.d_tag);
    if (tag === BigInt(DT.NULL)) break;
    if (tag <= 0xffffffffn && wanted.has(Number(tag)) && !tags.has(Number(tag))) tags.set(Number(tag), BigInt(d.d_val));
  }
  return tags;
}

function section(index: number, name: string, type: number, flags: bigint, addr: bigint, offset: number, size: number, addralign: bigint, entsize: bigint, headerOffset: number): ElfSection {
  return { index, name, type, flags, addr, offset, size, link: 0, info: 0, addralign, entsize, headerOffset };
}
