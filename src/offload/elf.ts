/**
 * OffloadBinaries inside ELF objects: clang embeds them in a section `.llvm.offloading` of type
 * SHT_LLVM_OFFLOADING (formats/elf.ts), one or more binaries back to back.
 *
 * Which sections LLVM 19 reads (llvm/lib/Object/OffloadBinary.cpp@llvmorg-19.1.7,
 * `extractFromObject`): in an ELF file every section whose sh_type is SHT_LLVM_OFFLOADING,
 * whatever its name, in section-header order; section names are only looked at for COFF, where a
 * section is taken when its name starts with ".llvm.offloading". `extractOffloadBinaries` reaches
 * that code only for ELF files whose `identify_magic` is elf_relocatable, elf_executable or
 * elf_shared_object (e_type 1, 2 or 3; llvm/lib/BinaryFormat/Magic.cpp@llvmorg-19.1.7); for any
 * other e_type it finds nothing. llvm-objdump-19 `--offloading` prints what that finds
 * (llvm/tools/llvm-objdump/OffloadDump.cpp@llvmorg-19.1.7 `dumpOffloadBinary`).
 *
 * `findOffloadingSections` reports both kinds of candidate: sections of type SHT_LLVM_OFFLOADING
 * (`byType`) and sections named ".llvm.offloading…" of another type (`byName`; e.g.
 * `llvm-objcopy --add-section .llvm.offloading=F` without `--set-section-type`). Reading follows
 * LLVM 19 (by type) unless `byName` is asked for.
 *
 * Checks, stricter than LLVM where LLVM trusts (every failure is a DecodeError with the byte offset
 * of the field and its path, e.g. `sectionHeaders[12].sh_offset`):
 *   - the ELF header (little-endian only; big-endian is rejected), e_shentsize = sizeof(Shdr),
 *     the section header table inside the file and aligned (as ELFFile::sections),
 *   - the section count (e_shnum, or sh_size of section 0 when e_shnum is 0) against the file size
 *     before anything is allocated,
 *   - the section-name string table (e_shstrndx, SHN_XINDEX escape through sh_link of section 0):
 *     inside the file, of type SHT_STRTAB, non-empty and NUL-terminated (as ELFFile::getStringTable),
 *     every sh_name inside it,
 *   - the contents range [sh_offset, +sh_size) of every offloading section inside the file.
 * Section contents are read with `readOffloadBinaries` (src/offload/read.ts), so the OffloadBinary
 * rules (alignment of the next binary, v3 compression, padding) are those of the raw-file reader,
 * applied relative to the section start as LLVM's `extractOffloadFiles` does.
 *
 * Portable: no Node APIs.
 */
import { DecodeError, formatPath, hex, readNode, readRange, sliceSource, toSource, array, type BlobRef, type ByteSource, type Span } from '../codec/index.js';
import {
  ELF_HEADERS,
  ELF_MAGIC,
  ELF_SECTION_HEADERS,
  ELFCLASS32,
  ELFCLASS64,
  ELFDATA2LSB,
  ELFDATA2MSB,
  ElfIdent,
  ET_DYN,
  ET_EXEC,
  ET_REL,
  SHN_UNDEF,
  SHN_XINDEX,
  SHT_LLVM_OFFLOADING,
  SHT_NOBITS,
  SHT_NULL,
  SHT_PROGBITS,
  SHT_STRTAB,
  type Elf32HeaderValue,
  type Elf64HeaderValue,
} from '../../formats/elf.js';
import { readOffloadBinaries, type OffloadBinaryModel, type OffloadEntryModel, type ReadOffloadOptions } from './read.js';

/** Section name prefix LLVM gives embedded offloading data (OffloadBinary.cpp, COFF rule). */
export const OFFLOADING_SECTION_NAME = '.llvm.offloading';

export interface ElfSection {
  /** Index in the section header table. */
  index: number;
  /** From the section-name string table ("" when the file has none). */
  name: string;
  type: number;
  flags: bigint;
  /** Contents offset and size as stored (not range-checked unless the section is used). */
  offset: number;
  size: number;
  link: number;
  addralign: bigint;
  /** Absolute offset of this section header in the file. */
  headerOffset: number;
}

export interface ElfFile {
  class: 32 | 64;
  /** e_type (1 relocatable, 2 executable, 3 shared object, 4 core). */
  type: number;
  /** e_machine (62 x86-64, 3 i386, 183 AArch64, ...). */
  machine: number;
  /** The header fields as stored. */
  header: Elf32HeaderValue | Elf64HeaderValue;
  /** Section-name string table index after the SHN_XINDEX escape (0 = none). */
  shstrndx: number;
  sections: ElfSection[];
}

export interface OffloadingSection {
  index: number;
  name: string;
  type: number;
  /** Contents range, checked to lie inside the file. */
  offset: number;
  size: number;
  /** sh_type is SHT_LLVM_OFFLOADING (what LLVM 19 reads). */
  byType: boolean;
  /** The name starts with ".llvm.offloading". */
  byName: boolean;
}

export interface ReadElfOptions {
  /** When given, the spans of the ELF header and section headers read are appended. */
  spans?: Span[];
}

/** True when the input starts with the ELF magic `7f 45 4c 46`. */
export function isElf(input: Uint8Array | ByteSource): boolean {
  const src = toSource(input);
  if (src.size < 4) return false;
  const b = src.read(0, 4);
  return ELF_MAGIC.every((m, i) => b[i] === m);
}

const HEADER_PATH = ['header'];

/** Read the ELF header and the section header table, with section names. */
export function readElfSectionTable(input: Uint8Array | ByteSource, opts: ReadElfOptions = {}): ElfFile {
  const src = toSource(input);
  const spans = opts.spans;
  const identBytes = readRange(src, 0, Math.min(16, src.size), 'e_ident', [...HEADER_PATH, 'e_ident']);
  const ident = readNode(ElfIdent, identBytes, 0, { path: [...HEADER_PATH, 'e_ident'] }, undefined);
  if (ident.class !== ELFCLASS32 && ident.class !== ELFCLASS64) {
    throw new DecodeError('FORMAT', `invalid ELF class ${ident.class} (EI_CLASS must be 1 for 32-bit or 2 for 64-bit)`, 4, [...HEADER_PATH, 'e_ident', 'class']);
  }
  if (ident.data === ELFDATA2MSB) {
    throw new DecodeError('FORMAT', 'big-endian ELF (EI_DATA 2) is not supported: this reader reads little-endian objects only', 5, [...HEADER_PATH, 'e_ident', 'data']);
  }
  if (ident.data !== ELFDATA2LSB) {
    throw new DecodeError('FORMAT', `invalid ELF data encoding ${ident.data} (EI_DATA must be 1 for little-endian)`, 5, [...HEADER_PATH, 'e_ident', 'data']);
  }
  const headerNode = ELF_HEADERS[ident.class];
  const hsize = headerNode.fixedSize!;
  const headerBytes = readRange(src, 0, hsize, headerNode.describe, HEADER_PATH);
  const header = readNode(headerNode, headerBytes, 0, { path: HEADER_PATH }, spans) as Elf32HeaderValue | Elf64HeaderValue;
  const shdr = ELF_SECTION_HEADERS[ident.class];
  const entsize = shdr.fixedSize!;
  const hfield = (f: keyof typeof headerNode.offsets): number => headerNode.offsets[f];
  const elf: ElfFile = { class: ident.class === ELFCLASS32 ? 32 : 64, type: header.e_type, machine: header.e_machine, header, shstrndx: 0, sections: [] };

  // The section header table (llvm/include/llvm/Object/ELF.h@llvmorg-19.1.7 ELFFile::sections).
  const shoff = header.e_shoff;
  if (shoff === 0) return elf; // no section header table: no sections
  if (header.e_shentsize !== entsize) {
    throw new DecodeError('FORMAT', `invalid e_shentsize ${header.e_shentsize} in the ELF header (a ${shdr.describe} is ${entsize} bytes)`, hfield('e_shentsize'), [
      ...HEADER_PATH,
      'e_shentsize',
    ]);
  }
  if (shoff > src.size || entsize > src.size - shoff) {
    throw new DecodeError('EOF', `section header table at e_shoff ${hex(shoff)} goes past the end of the ${src.size}-byte file`, hfield('e_shoff'), [...HEADER_PATH, 'e_shoff'], {
      needed: entsize,
      available: Math.max(0, src.size - shoff),
    });
  }
  const align = ident.class === ELFCLASS32 ? 4 : 8;
  if (shoff % align !== 0) {
    throw new DecodeError('FORMAT', `section header table offset e_shoff ${hex(shoff)} is not a multiple of ${align}`, hfield('e_shoff'), [...HEADER_PATH, 'e_shoff']);
  }
  let count = header.e_shnum;
  let countAt = hfield('e_shnum');
  let countPath: (string | number)[] = [...HEADER_PATH, 'e_shnum'];
  let first: { sh_size: number; sh_link: number } | undefined;
  if (count === 0) {
    // e_shnum 0 with a table: the count is in sh_size of section header 0 (gABI, SHN_LORESERVE rule).
    first = readNode(shdr, readRange(src, shoff, entsize, shdr.describe, ['sectionHeaders', 0]), 0, { base: shoff, path: ['sectionHeaders', 0] }, undefined);
    count = first.sh_size;
    countAt = shoff + shdr.offsets.sh_size;
    countPath = ['sectionHeaders', 0, 'sh_size'];
  }
  // Checked before anything is allocated: a huge count cannot fit in the bytes that are there.
  const room = Math.floor((src.size - shoff) / entsize);
  if (count > room) {
    throw new DecodeError('EOF', `${count} section headers of ${entsize} bytes at e_shoff ${hex(shoff)} go past the end of the ${src.size}-byte file (room for ${room})`, countAt, countPath, {
      needed: count * entsize,
      available: src.size - shoff,
    });
  }
  const table = readRange(src, shoff, count * entsize, `${count} x ${shdr.describe}`, ['sectionHeaders']);
  const raws = readNode(array(shdr, count), table, 0, { base: shoff, path: ['sectionHeaders'] }, spans) as {
    sh_name: number;
    sh_type: number;
    sh_flags: number | bigint;
    sh_offset: number;
    sh_size: number;
    sh_link: number;
    sh_addralign: number | bigint;
  }[];

  // The section-name string table (ELFFile::getSectionStringTable).
  let shstrndx = header.e_shstrndx;
  let strndxAt = hfield('e_shstrndx');
  let strndxPath: (string | number)[] = [...HEADER_PATH, 'e_shstrndx'];
  if (shstrndx === SHN_XINDEX) {
    if (count === 0) throw new DecodeError('FORMAT', 'e_shstrndx is SHN_XINDEX (0xffff) but the section header table is empty', strndxAt, strndxPath);
    shstrndx = raws[0]!.sh_link;
    strndxAt = shoff + shdr.offsets.sh_link;
    strndxPath = ['sectionHeaders', 0, 'sh_link'];
  }
  let strtab: Uint8Array | undefined;
  if (shstrndx !== SHN_UNDEF) {
    if (shstrndx >= count) {
      throw new DecodeError('RANGE', `section-name string table index ${shstrndx} does not exist (the file has ${count} sections)`, strndxAt, strndxPath);
    }
    const s = raws[shstrndx]!;
    const at = shoff + shstrndx * entsize;
    const p = ['sectionHeaders', shstrndx];
    if (s.sh_type !== SHT_STRTAB) {
      throw new DecodeError('FORMAT', `section-name string table [index ${shstrndx}] has sh_type ${hex(s.sh_type)}, expected SHT_STRTAB (3)`, at + shdr.offsets.sh_type, [...p, 'sh_type']);
    }
    checkContents(src, s, at, shstrndx, shdr.offsets, p);
    if (s.sh_size === 0) throw new DecodeError('FORMAT', `section-name string table [index ${shstrndx}] is empty`, at + shdr.offsets.sh_size, [...p, 'sh_size']);
    strtab = readRange(src, s.sh_offset, s.sh_size, 'section-name string table', [...p, 'contents']);
    if (strtab[strtab.length - 1] !== 0) {
      throw new DecodeError('FORMAT', `section-name string table [index ${shstrndx}] is not NUL-terminated`, s.sh_offset + s.sh_size - 1, [...p, 'contents']);
    }
  }
  elf.shstrndx = shstrndx;

  const names = new Map<number, string>();
  elf.sections = raws.map((r, i) => {
    const at = shoff + i * entsize;
    let name = '';
    if (strtab) {
      if (r.sh_name >= strtab.length) {
        throw new DecodeError('RANGE', `sh_name ${hex(r.sh_name)} goes past the end of the ${strtab.length}-byte section-name string table`, at + shdr.offsets.sh_name, [
          'sectionHeaders',
          i,
          'sh_name',
        ]);
      }
      const cached = names.get(r.sh_name);
      if (cached !== undefined) name = cached;
      else {
        // The table ends with NUL (checked above), so this string is terminated inside it.
        name = utf8.decode(strtab.subarray(r.sh_name, strtab.indexOf(0, r.sh_name)));
        names.set(r.sh_name, name);
      }
    }
    return {
      index: i,
      name,
      type: r.sh_type,
      flags: BigInt(r.sh_flags),
      offset: r.sh_offset,
      size: r.sh_size,
      link: r.sh_link,
      addralign: BigInt(r.sh_addralign),
      headerOffset: at,
    };
  });
  return elf;
}

const utf8 = new TextDecoder();

/** [sh_offset, +sh_size) must lie inside the file (ELFFile::getSectionContentsAsArray's check). */
function checkContents(
  src: ByteSource,
  s: { sh_offset: number; sh_size: number },
  headerAt: number,
  index: number,
  offsets: { sh_offset: number },
  path: (string | number)[],
): void {
  if (s.sh_offset > src.size || s.sh_size > src.size - s.sh_offset) {
    throw new DecodeError(
      'EOF',
      `section [index ${index}] has a sh_offset (${hex(s.sh_offset)}) + sh_size (${hex(s.sh_size)}) that is greater than the file size (${hex(src.size)})`,
      headerAt + offsets.sh_offset,
      [...path, 'sh_offset'],
      { needed: s.sh_size, available: Math.max(0, src.size - s.sh_offset) },
    );
  }
}

/** The offloading candidates of a section table read by `readElfSectionTable`, contents ranges checked. */
export function offloadingSectionsOf(elf: ElfFile, input: Uint8Array | ByteSource): OffloadingSection[] {
  const src = toSource(input);
  const shdr = ELF_SECTION_HEADERS[elf.class === 32 ? ELFCLASS32 : ELFCLASS64];
  const out: OffloadingSection[] = [];
  for (const s of elf.sections) {
    const byType = s.type === SHT_LLVM_OFFLOADING;
    const byName = s.type !== SHT_NOBITS && s.name.startsWith(OFFLOADING_SECTION_NAME);
    if (!byType && !byName) continue;
    checkContents(src, { sh_offset: s.offset, sh_size: s.size }, s.headerOffset, s.index, shdr.offsets, ['sectionHeaders', s.index]);
    out.push({ index: s.index, name: s.name, type: s.type, offset: s.offset, size: s.size, byType, byName });
  }
  return out;
}

/**
 * The sections of an ELF object that hold (or are named for) embedded OffloadBinaries: type
 * SHT_LLVM_OFFLOADING or a name starting with ".llvm.offloading", in section-header order, each with
 * its contents range checked against the input.
 */
export function findOffloadingSections(input: Uint8Array | ByteSource): OffloadingSection[] {
  const src = toSource(input);
  return offloadingSectionsOf(readElfSectionTable(src), src);
}

export interface ReadElfOffloadOptions extends ReadOffloadOptions {
  /** Also read sections named ".llvm.offloading…" whose type is not SHT_LLVM_OFFLOADING (LLVM 19 skips them). */
  byName?: boolean;
}

export interface ElfOffloadSectionRead {
  section: OffloadingSection;
  /** The binaries of this section (offsets absolute in the file). */
  binaries: OffloadBinaryModel[];
}

export interface ElfOffloadResult {
  elf: ElfFile;
  /** Every candidate section (by type or by name). */
  sections: OffloadingSection[];
  /** The sections read, in section-header order, with their binaries. */
  read: ElfOffloadSectionRead[];
  /** All binaries of all sections read, in order (what llvm-objdump numbers). */
  binaries: OffloadBinaryModel[];
  /** Why candidates were not read (for a note on stderr); empty when every candidate was read. */
  notes: string[];
}

/**
 * Read the OffloadBinaries embedded in an ELF object, as LLVM 19's `extractOffloadBinaries` does
 * (sections of type SHT_LLVM_OFFLOADING of an ET_REL/ET_EXEC/ET_DYN file), optionally also the
 * sections found by name. Offsets of binaries, images and errors are absolute in the input; error
 * paths start with `sections[i]` (i = section index), e.g. `sections[12].binaries[0].header.size`.
 */
export function readElfOffloadBinaries(input: Uint8Array | ByteSource, opts: ReadElfOffloadOptions = {}): ElfOffloadResult {
  const src = toSource(input);
  const elf = readElfSectionTable(src, opts.spans ? { spans: opts.spans } : {});
  const sections = offloadingSectionsOf(elf, src);
  const result: ElfOffloadResult = { elf, sections, read: [], binaries: [], notes: [] };
  const extracts = elf.type === ET_REL || elf.type === ET_EXEC || elf.type === ET_DYN;
  if (!extracts) {
    if (sections.length) {
      result.notes.push(
        `e_type ${elf.type} is not ET_REL, ET_EXEC or ET_DYN; llvm-objdump-19 reads no offloading section from such a file, and neither does this reader (${sections.length} candidate section(s) not read)`,
      );
    }
    return result;
  }
  for (const section of sections) {
    if (!section.byType && !opts.byName) {
      result.notes.push(
        `section [${section.index}] '${section.name}' has type ${sectionTypeName(section.type)}, not SHT_LLVM_OFFLOADING (${hex(SHT_LLVM_OFFLOADING)}); skipped as llvm-objdump-19 skips it (--by-name reads it)`,
      );
      continue;
    }
    const binaries = section.size === 0 ? [] : readSection(src, section, opts);
    result.read.push({ section, binaries });
    for (const b of binaries) result.binaries.push(b);
  }
  return result;
}

function sectionTypeName(type: number): string {
  const known: Record<number, string> = { [SHT_NULL]: 'SHT_NULL', [SHT_PROGBITS]: 'SHT_PROGBITS', [SHT_STRTAB]: 'SHT_STRTAB' };
  return known[type] ? `${known[type]} (${hex(type)})` : hex(type);
}

function readSection(src: ByteSource, section: OffloadingSection, opts: ReadOffloadOptions): OffloadBinaryModel[] {
  const base = section.offset;
  const local: Span[] | undefined = opts.spans ? [] : undefined;
  let models: OffloadBinaryModel[];
  try {
    const o: ReadOffloadOptions = {};
    if (opts.maxInflatedSize !== undefined) o.maxInflatedSize = opts.maxInflatedSize;
    if (local) o.spans = local;
    models = readOffloadBinaries(sliceSource(src, base, section.size), o);
  } catch (e) {
    if (e instanceof DecodeError) throw e.rebase(base).within('sections', section.index);
    throw e;
  }
  if (local && opts.spans) {
    const prefix = formatPath(['sections', section.index]);
    for (const s of local) opts.spans.push({ ...s, offset: s.offset + base, path: s.path ? `${prefix}.${s.path}` : prefix });
  }
  return models.map((m) => rebaseBinary(m, base));
}

/** The same binary with its offset and image offsets made absolute in the enclosing file. */
function rebaseBinary(m: OffloadBinaryModel, base: number): OffloadBinaryModel {
  const entries = m.entries.map((e): OffloadEntryModel => {
    const ref = e.imageRef;
    const imageRef: BlobRef = { offset: ref.offset === undefined ? undefined : ref.offset + base, size: ref.size, bytes: () => ref.bytes() };
    return {
      imageKind: e.imageKind,
      offloadKind: e.offloadKind,
      flags: e.flags,
      strings: e.strings,
      imageRef,
      get image() {
        return imageRef.bytes();
      },
      raw: e.raw,
    };
  });
  const out: OffloadBinaryModel = { version: m.version, offset: m.offset + base, size: m.size, entries, header: m.header };
  if (m.compression) {
    out.compression = m.compression;
    out.inflatedSize = m.inflatedSize;
  }
  return out;
}
