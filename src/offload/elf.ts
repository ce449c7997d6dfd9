/**
 * OffloadBinaries inside ELF objects: clang embeds them in a section `.llvm.offloading` of type
 * SHT_LLVM_OFFLOADING (formats/elf.ts), one or more binaries back to back.
 *
 * Which sections LLVM reads (llvm/lib/Object/OffloadBinary.cpp@llvmorg-19.1.7, `extractFromObject`;
 * unchanged in 22): in an ELF file every section whose sh_type is SHT_LLVM_OFFLOADING, whatever its
 * name, in section-header order. `extractOffloadBinaries` reaches that code only for ELF files whose
 * `identify_magic` is elf_relocatable, elf_executable or elf_shared_object (e_type 1, 2 or 3;
 * llvm/lib/BinaryFormat/Magic.cpp); for any other e_type it finds nothing. llvm-objdump
 * `--offloading` prints what that finds (llvm/tools/llvm-objdump/OffloadDump.cpp).
 *
 * `offloadingSectionsOf` reports both kinds of candidate: sections of type SHT_LLVM_OFFLOADING
 * (`byType`) and sections named ".llvm.offloading…" of another type (`byName`; e.g.
 * `llvm-objcopy --add-section .llvm.offloading=F` without `--set-section-type`). Reading follows LLVM
 * (by type) unless `byName` is asked for.
 *
 * Checks, stricter than LLVM where LLVM trusts (each a DecodeError at the field, e.g.
 * `sectionHeaders[12].sh_offset`): the ELF header, e_shentsize = sizeof(Shdr), the section header
 * table inside the file and aligned (as ELFFile::sections), the section count (e_shnum, or sh_size of
 * section 0 when e_shnum is 0) against the file size before anything is allocated, the section-name
 * string table (e_shstrndx, SHN_XINDEX escape) inside the file, of type SHT_STRTAB, non-empty and
 * NUL-terminated (ELFFile::getStringTable), every sh_name inside it, and the contents range of every
 * offloading section. Big-endian objects are read in their byte order, as LLVM reads them.
 *
 * An ELF file may lie inside a larger input (an archive member): `origin`/`size` place it, `path`
 * prefixes every error path and span (`members[3].sections[12]...`); offsets in errors, spans and
 * binaries are absolute in the input, offsets in `ElfFile`/`ElfSection` are the file's own.
 *
 * Portable: no Node APIs.
 */
import { PLACEMENT_KEYS, READ_OFFLOAD_COMMON_KEYS } from './read-keys.js';
import { RepeatBudget } from './repeats.js';
import { appendAll, DecodeError, spanInt, decodeEscapedUtf8, hasMagic, hex, locate, placedSpace, TerminatedStrings, toSource, withinPath, type ByteSource, type PathKey, type InputPlacement, type Space, type SpanNode, type SpanTree, optionsArgument, type BytesLike, type OptionKeys } from '../codec/index.js';
import { OffloadMagic } from '../../formats/offload-binary.js';
import {
  ELF_HEADERS,
  ELF_PROGRAM_HEADERS,
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
import { holdsForeignBytes, nextBinaryOffset, offloadBinaries, readOffloadBinary, readOneOffloadBinary, type OffloadBinaryModel, type ReadOffloadOptions, type RegionOptions } from './read.js';
import { recordSectionContents, type SectionExtent } from '../containers/section-spans.js';
import { llvmExtractRegion, llvmModel, type LlvmBinaryView, type LlvmCreateError } from './llvm-rules.js';
import { withReaderHint } from './sniff.js';

/** Section name prefix LLVM gives embedded offloading data. */
export const OFFLOADING_SECTION_NAME = '.llvm.offloading';

/** One section header, decoded. */
export interface ElfSection {
  /** Index in the section header table. */
  index: number;
  /** From the section-name string table ("" when the file has none). */
  name: string;
  /** sh_type. */
  type: number;
  /** sh_flags. */
  flags: bigint;
  /** sh_addr: the address at run time (executables, shared objects; 0 in relocatable objects). */
  addr: bigint;
  /** Contents offset (from the ELF file's start) and size as stored (not range-checked unless the section is used). */
  offset: number;
  /** sh_size. */
  size: number;
  /** sh_link (e.g. the string table of a symbol table). */
  link: number;
  /** sh_info (a relocation section: the index of the section it applies to). */
  info: number;
  /** sh_addralign. */
  addralign: bigint;
  /** sh_entsize (size of one entry of a table section). */
  entsize: bigint;
  /** Absolute offset of this section header in the input. */
  headerOffset: number;
  /** A program without section headers: the program header whose PT_LOAD segment stands in for this section (src/containers/elf-segments.ts). */
  segment?: number;
}

/** An ELF file's header facts and section table. */
export interface ElfFile {
  /** Where the file lies in the input (0 for a whole-file ELF; an archive member's data offset). */
  origin: number;
  /** Its size (the input's size for a whole-file ELF). */
  size: number;
  /** Path keys before this file's own (`['members', 3]`), as in errors and spans. */
  path: readonly PathKey[];
  /** ELF class (EI_CLASS): 32- or 64-bit. */
  class: 32 | 64;
  /** Byte order (EI_DATA). */
  littleEndian: boolean;
  /** e_type (1 relocatable, 2 executable, 3 shared object, 4 core). */
  type: number;
  /** e_machine (62 x86-64, 3 i386, 183 AArch64, ...). */
  machine: number;
  /** The header fields as stored. */
  header: Elf32HeaderValue | Elf64HeaderValue;
  /** Section-name string table index after the SHN_XINDEX escape (0 = none). */
  shstrndx: number;
  /** Section headers in table order. */
  sections: ElfSection[];
  /**
   * Why section names could not be read (a missing or malformed section-name string table, an
   * sh_name past its end): the sections are kept with the names that could be read ('' for the
   * others). LLVM reads an ELF section's name only when asked, and finds offloading sections by
   * type (llvm/lib/Object/OffloadBinary.cpp `extractFromObject`), so such a file still lists.
   */
  nameProblem?: DecodeError;
}

/** A section that holds (or is named for) embedded offloading data. */
export interface OffloadingSection {
  /** Section header index. */
  index: number;
  /** Section name. */
  name: string;
  /** sh_type. */
  type: number;
  /** Contents range, checked to lie inside the file. */
  offset: number;
  /** Contents size. */
  size: number;
  /** sh_type is SHT_LLVM_OFFLOADING (what LLVM reads). */
  byType: boolean;
  /** The name starts with one of the chosen section names (`.llvm.offloading` by default) and the section has contents (not SHT_NOBITS). */
  byName: boolean;
  /**
   * Only with `lenientContents`: the contents run past the end of the file (LLVM's getContents fails:
   * "The end of the file was unexpectedly encountered"); `size` is then 0.
   */
  outOfRange?: boolean;
}

/** Where an ELF file lies in the input (src/codec/space.ts). */
export type ElfPlacement = InputPlacement;

/** Options of the ELF readers. */
export interface ReadElfOptions extends ElfPlacement {
  /** Record the ELF header and section headers in this span tree. */
  tree?: SpanTree;
}

/** The options readElfSectionTable takes (typed: a new option cannot be left out; any other key is an UnknownOptionError). */
const READ_ELF_KEYS: OptionKeys<ReadElfOptions> = { origin: true, size: true, path: true, tree: true };

/** True when the input starts with the ELF magic `7f 45 4c 46`. */
export function isElf(input: BytesLike | ByteSource): boolean {
  const src = toSource(input);
  return src.size >= 4 && hasMagic(ElfIdent.fields.magic, src.read(0, 4));
}

const HP: PathKey[] = ['header'];

/** e_ident: class and byte order; everything after it is read in that order. */
function readIdent(file: Space): { cls: 1 | 2; le: boolean } {
  const ident = file.decode(ElfIdent, 0, { path: [...HP, 'e_ident'] });
  if (ident.class !== ELFCLASS32 && ident.class !== ELFCLASS64) {
    throw new DecodeError('FORMAT', `invalid ELF class ${ident.class} (EI_CLASS must be 1 for 32-bit or 2 for 64-bit)`, file.abs(ElfIdent.offsets.class), [...HP, 'e_ident', 'class']);
  }
  if (ident.data !== ELFDATA2LSB && ident.data !== ELFDATA2MSB) {
    throw new DecodeError('FORMAT', `invalid ELF data encoding ${ident.data} (EI_DATA must be 1 for little-endian or 2 for big-endian)`, file.abs(ElfIdent.offsets.data), [...HP, 'e_ident', 'data']);
  }
  return { cls: ident.class, le: ident.data === ELFDATA2LSB };
}

type RawSection = {
  sh_name: number;
  sh_type: number;
  sh_flags: number | bigint;
  sh_addr: number | bigint;
  sh_offset: number;
  sh_size: number;
  sh_link: number;
  sh_info: number;
  sh_addralign: number | bigint;
  sh_entsize: number | bigint;
};

/** Read the ELF header and the section header table, with section names. */
export function readElfSectionTable(input: BytesLike | ByteSource, opts: ReadElfOptions = {}): ElfFile {
  opts = optionsArgument(opts, 'readElfSectionTable', READ_ELF_KEYS);
  const src = toSource(input);
  const path = opts.path ?? [];
  return withinPath(path, () => {
    const { cls, le } = readIdent(placedSpace(src, opts).file);
    const { file, node } = placedSpace(src, opts, opts.tree, le);
    const headerNode = ELF_HEADERS[cls];
    const header = file.decode(headerNode, 0, { path: HP, parent: node, key: 'header' }) as Elf32HeaderValue | Elf64HeaderValue;
    const elf: ElfFile = {
      origin: opts.origin ?? 0,
      size: file.size,
      path,
      class: cls === ELFCLASS32 ? 32 : 64,
      littleEndian: le,
      type: header.e_type,
      machine: header.e_machine,
      header,
      shstrndx: 0,
      sections: [],
    };
    recordProgramHeaders(file, node, cls, header);
    const table = readSectionHeaders(file, node, cls, header);
    if (!table) return elf; // no section header table: no sections
    const { raws, shoff } = table;
    let strtab: { index: number; bytes: Uint8Array; at: number } | undefined;
    try {
      strtab = readNames(file, cls, header, raws, shoff);
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      elf.nameProblem = e;
    }
    elf.shstrndx = strtab?.index ?? SHN_UNDEF;
    const shdr = ELF_SECTION_HEADERS[cls];
    const ends = strtab && new TerminatedStrings(strtab.bytes, 0, strtab.at);
    elf.sections = raws.map((r, i) => {
      const at = shoff + i * shdr.fixedSize!;
      let name = '';
      if (strtab && ends) {
        const t = strtab.bytes;
        if (r.sh_name >= t.length) {
          elf.nameProblem ??= new DecodeError('RANGE', `sh_name ${hex(r.sh_name)} goes past the end of the ${t.length}-byte section-name string table`, file.abs(at + shdr.offsets.sh_name), ['sectionHeaders', i, 'sh_name']);
        } else {
          try {
            name = ends.text(r.sh_name, decodeEscapedUtf8); // the table ends with NUL (checked); once per offset, budgeted
          } catch (e) {
            if (!(e instanceof DecodeError)) throw e;
            elf.nameProblem ??= e.within('sectionHeaders', i, 'sh_name');
          }
        }
      }
      return {
        index: i,
        name,
        type: r.sh_type,
        flags: BigInt(r.sh_flags),
        addr: BigInt(r.sh_addr),
        offset: r.sh_offset,
        size: r.sh_size,
        link: r.sh_link,
        info: r.sh_info,
        addralign: BigInt(r.sh_addralign),
        entsize: BigInt(r.sh_entsize),
        headerOffset: file.abs(at),
      };
    });
    return elf;
  });
}

/**
 * A linked program's program header table, recorded in the span tree when there is one and it lies
 * in the file (so annotate and verify name its bytes). Never an error: LLVM's offloading readers do
 * not read it, so neither does this reader's model.
 */
function recordProgramHeaders(file: Space, node: SpanNode | undefined, cls: 1 | 2, header: Elf32HeaderValue | Elf64HeaderValue): void {
  if (!file.tree) return;
  const phdr = ELF_PROGRAM_HEADERS[cls];
  const entsize = phdr.fixedSize!;
  const phoff = header.e_phoff;
  const count = header.e_phnum;
  if (phoff === 0 || phoff === 0n || count === 0 || header.e_phentsize !== entsize || BigInt(phoff) > BigInt(file.size)) return;
  const at = Number(phoff);
  if (count > Math.floor((file.size - at) / entsize)) return;
  const group = file.record({ path: ['programHeaders'], parent: node, key: 'programHeaders' }, at, count * entsize, 'group');
  for (let i = 0; i < count; i++) file.decode(phdr, at + i * entsize, { path: ['programHeaders', i], parent: group, key: i });
}

/** The section header table (ELFFile::sections), count checked against the file before allocating. */
function readSectionHeaders(file: Space, node: SpanNode | undefined, cls: 1 | 2, header: Elf32HeaderValue | Elf64HeaderValue): { raws: RawSection[]; shoff: number } | undefined {
  const shoff = header.e_shoff as number;
  if (shoff === 0) return undefined;
  const headerNode = ELF_HEADERS[cls];
  const shdr = ELF_SECTION_HEADERS[cls];
  const entsize = shdr.fixedSize!;
  const hfield = (f: keyof typeof headerNode.offsets): number => file.abs(headerNode.offsets[f]);
  if (header.e_shentsize !== entsize) {
    throw new DecodeError('FORMAT', `invalid e_shentsize ${header.e_shentsize} in the ELF header (a ${shdr.describe} is ${entsize} bytes)`, hfield('e_shentsize'), [...HP, 'e_shentsize']);
  }
  if (shoff > file.size || entsize > file.size - shoff) {
    throw new DecodeError('EOF', `section header table at e_shoff ${hex(shoff)} goes past the end of the ${file.size}-byte file`, hfield('e_shoff'), [...HP, 'e_shoff'], {
      needed: entsize,
      available: Math.max(0, file.size - shoff),
    });
  }
  // No alignment is required of e_shoff: ELFFile::sections' "invalid alignment of section headers"
  // tests alignof(Elf_Shdr), which is 1 (llvm/llvm-project:llvm/include/llvm/Object/ELFTypes.h builds
  // every field from packed_endian_specific_integral<..., 1>), so llvm-objdump reads a table at any offset.
  let count = header.e_shnum;
  let countAt = hfield('e_shnum');
  let countPath: PathKey[] = [...HP, 'e_shnum'];
  if (count === 0) {
    // e_shnum 0 with a table: the count is in sh_size of section header 0 (gABI, SHN_LORESERVE rule).
    count = (file.decode(shdr, shoff, { path: ['sectionHeaders', 0] }) as RawSection).sh_size;
    countAt = file.abs(shoff + shdr.offsets.sh_size);
    countPath = ['sectionHeaders', 0, 'sh_size'];
  }
  const room = Math.floor((file.size - shoff) / entsize);
  if (count > room) {
    throw new DecodeError('EOF', `${count} section headers of ${entsize} bytes at e_shoff ${hex(shoff)} go past the end of the ${file.size}-byte file (room for ${room})`, countAt, countPath, {
      needed: count * entsize,
      available: file.size - shoff,
    });
  }
  const group = file.record({ path: ['sectionHeaders'], parent: node, key: 'sectionHeaders' }, shoff, count * entsize, 'group');
  const raws: RawSection[] = new Array(count);
  for (let i = 0; i < count; i++) raws[i] = file.decode(shdr, shoff + i * entsize, { path: ['sectionHeaders', i], parent: group, key: i }) as RawSection;
  return { raws, shoff };
}

/** The section-name string table (ELFFile::getSectionStringTable). */
function readNames(file: Space, cls: 1 | 2, header: Elf32HeaderValue | Elf64HeaderValue, raws: RawSection[], shoff: number): { index: number; bytes: Uint8Array; at: number } | undefined {
  const shdr = ELF_SECTION_HEADERS[cls];
  let index = header.e_shstrndx;
  let at = file.abs(ELF_HEADERS[cls].offsets.e_shstrndx);
  let path: PathKey[] = [...HP, 'e_shstrndx'];
  if (index === SHN_XINDEX) {
    if (raws.length === 0) throw new DecodeError('FORMAT', 'e_shstrndx is SHN_XINDEX (0xffff) but the section header table is empty', at, path);
    index = raws[0]!.sh_link;
    at = file.abs(shoff + shdr.offsets.sh_link);
    path = ['sectionHeaders', 0, 'sh_link'];
  }
  if (index === SHN_UNDEF) return undefined;
  if (index >= raws.length) throw new DecodeError('RANGE', `section-name string table index ${index} does not exist (the file has ${raws.length} sections)`, at, path);
  const s = raws[index]!;
  const hAt = file.abs(shoff + index * shdr.fixedSize!);
  const p: PathKey[] = ['sectionHeaders', index];
  if (s.sh_type !== SHT_STRTAB) {
    throw new DecodeError('FORMAT', `section-name string table [index ${index}] has sh_type ${hex(s.sh_type)}, expected SHT_STRTAB (3)`, hAt + shdr.offsets.sh_type, [...p, 'sh_type']);
  }
  checkContents(file, s, hAt, index, cls);
  if (s.sh_size === 0) throw new DecodeError('FORMAT', `section-name string table [index ${index}] is empty`, hAt + shdr.offsets.sh_size, [...p, 'sh_size']);
  const bytes = file.bytes(s.sh_offset, s.sh_size, 'section-name string table', [...p, 'contents']);
  if (bytes[bytes.length - 1] !== 0) throw new DecodeError('FORMAT', `section-name string table [index ${index}] is not NUL-terminated`, file.abs(s.sh_offset + s.sh_size - 1), [...p, 'contents']);
  return { index, bytes, at: file.abs(s.sh_offset) };
}

/**
 * [sh_offset, +sh_size) must lie inside the file (ELFFile::getSectionContentsAsArray's check);
 * `headerAt` is the section header's absolute offset.
 */
export function checkContents(file: Space, s: { sh_offset: number; sh_size: number }, headerAt: number, index: number, cls: 1 | 2): void {
  const shdr = ELF_SECTION_HEADERS[cls];
  const loc = locate(shdr.relations.contents, s, file.size);
  if (loc.ok) return;
  throw new DecodeError(
    'EOF',
    `section [index ${index}] has a sh_offset (${hex(s.sh_offset)}) + sh_size (${hex(s.sh_size)}) that is greater than the file size (${hex(file.size)})`,
    headerAt + shdr.offsets[loc.field as 'sh_offset'],
    ['sectionHeaders', index, loc.field],
    { needed: s.sh_size, available: Math.max(0, file.size - s.sh_offset) },
  );
}

/** Options choosing offloading sections. */
export interface SectionChoice {
  /**
   * Section name prefixes that count as offloading sections by name (default LLVM's
   * `.llvm.offloading`; e.g. `.cray.llvm.offloading`). A section of type SHT_LLVM_OFFLOADING is a
   * candidate whatever its name, as LLVM reads it.
   */
  sectionNames?: readonly string[];
}

/** The offloading candidates of a section table read by `readElfSectionTable`, contents ranges checked. */
export function offloadingSectionsOf(elf: ElfFile, input: BytesLike | ByteSource, choice: SectionChoice & { lenientContents?: boolean } = {}): OffloadingSection[] {
  const { file } = placedSpace(toSource(input), elf, undefined, elf.littleEndian);
  const cls = elf.class === 32 ? ELFCLASS32 : ELFCLASS64;
  const names = choice.sectionNames ?? [OFFLOADING_SECTION_NAME];
  const out: OffloadingSection[] = [];
  withinPath(elf.path, () => {
    for (const s of elf.sections) {
      const byType = s.type === SHT_LLVM_OFFLOADING;
      const byName = s.type !== SHT_NOBITS && names.some((n) => s.name.startsWith(n));
      if (!byType && !byName) continue;
      if (choice.lenientContents && !locate(ELF_SECTION_HEADERS[cls].relations.contents, { sh_offset: s.offset, sh_size: s.size }, file.size).ok) {
        out.push({ index: s.index, name: s.name, type: s.type, offset: s.offset, size: 0, byType, byName, outOfRange: true });
        continue;
      }
      checkContents(file, { sh_offset: s.offset, sh_size: s.size }, s.headerOffset, s.index, cls);
      out.push({ index: s.index, name: s.name, type: s.type, offset: s.offset, size: s.size, byType, byName });
    }
  });
  return out;
}

/**
 * The sections of an ELF object that hold (or are named for) embedded OffloadBinaries: type
 * SHT_LLVM_OFFLOADING or a name starting with ".llvm.offloading", in section-header order, each with
 * its contents range checked against the input.
 */
export function findOffloadingSections(input: BytesLike | ByteSource): OffloadingSection[] {
  const src = toSource(input);
  return offloadingSectionsOf(readElfSectionTable(src), src);
}

/** Options of `readElfOffloadBinaries`. */
export interface ReadElfOffloadOptions extends ReadOffloadOptions, SectionChoice, ElfPlacement {
  /** Also read sections named in `sectionNames` whose type is not SHT_LLVM_OFFLOADING (LLVM skips them). */
  byName?: boolean;
  /**
   * A section read whose contents do not start with the OffloadBinary magic (a wrapper object's bare
   * SPIR-V or bitcode): collect it in `bare` instead of failing (LLVM fails the whole file with
   * "Invalid data"; default: fail as LLVM does, with the magic error at the section's first binary).
   */
  bareSections?: boolean;
  /** Also apply LLVM 19/22's rules ({@link ReadSectionsOptions}). */
  llvmRules?: 'objdump' | 'packer';
  /** Told when zero bytes after a section's last binary are read as padding ({@link RegionOptions.onPadding}). */
  onPadding?: RegionOptions['onPadding'];
  /** Binaries read and found again, shared by the objects of one input (src/offload/repeats.ts); else this object's own. */
  repeats?: RepeatBudget;
  /** With `bareSections`: where a section's device images are ({@link ReadSectionsOptions.deviceImages}). */
  deviceImages?: ReadSectionsOptions['deviceImages'];
}

/** One section read, with its binaries. */
export interface ElfOffloadSectionRead {
  /** The section. */
  section: OffloadingSection;
  /** The binaries of this section (offsets absolute in the input). */
  binaries: OffloadBinaryModel[];
}

/** What `readElfOffloadBinaries` found. */
export interface ElfOffloadResult {
  /** The ELF file's header facts and section table. */
  elf: ElfFile;
  /** Every candidate section (by type or by name). */
  sections: OffloadingSection[];
  /** The sections read, in section-header order, with their binaries. */
  read: ElfOffloadSectionRead[];
  /** All binaries of all sections read, in order (what llvm-objdump numbers). */
  binaries: OffloadBinaryModel[];
  /** With `bareSections`: the sections read whose contents are not OffloadBinaries, or not only (LLVM rejects the file). */
  bare: OffloadingSection[];
  /** With `bareSections`: the sections in both `read` and `bare`, with the runs of their bytes that are neither a binary nor zero padding. */
  foreign?: Map<OffloadingSection, ForeignPart[]>;
  /** Why candidates were not read (for a note on stderr); empty when every candidate was read. */
  notes: string[];
  /** With `llvmRules`: LLVM's views of the binaries ({@link SectionsRead}). */
  llvmViews?: LlvmBinaryView[];
  /** With `llvmRules`: where LLVM's extraction fails ({@link SectionsRead}). */
  llvmFailure?: { section: OffloadingSection; error: LlvmCreateError };
}

/**
 * Read the OffloadBinaries embedded in an ELF object, as LLVM's `extractOffloadBinaries` does
 * (sections of type SHT_LLVM_OFFLOADING of an ET_REL/ET_EXEC/ET_DYN file), optionally also the
 * sections found by name. Offsets of binaries, images and errors are absolute in the input; paths
 * start with `sections[i]` (i = section index), e.g. `sections[12].binaries[0].header.size`, after
 * the placement's path (`members[3].sections[12]...`).
 */
export function readElfOffloadBinaries(input: BytesLike | ByteSource, opts: ReadElfOffloadOptions = {}): ElfOffloadResult {
  return elfOffloadBinaries(input, optionsArgument(opts, 'readElfOffloadBinaries', READ_ELF_OFFLOAD_KEYS));
}

/** The options readElfOffloadBinaries takes (typed: a new option cannot be left out; any other key is an UnknownOptionError). */
const READ_ELF_OFFLOAD_KEYS: OptionKeys<ReadElfOffloadOptions> = {
  ...READ_OFFLOAD_COMMON_KEYS,
  ...PLACEMENT_KEYS,
  sectionNames: true,
  byName: true,
  bareSections: true,
  llvmRules: true,
  onPadding: true,
  repeats: true,
  deviceImages: true,
};

/**
 * {@link readElfOffloadBinaries} for the readers of whole inputs (src/offload/input.ts), which hand
 * on their own options (ReadOffloadInputOptions): their keys are not a caller's typo, so they are not
 * checked against the ELF reader's (the options' kinds still are).
 */
export function elfOffloadBinaries(input: BytesLike | ByteSource, opts: ReadElfOffloadOptions = {}): ElfOffloadResult {
  opts = optionsArgument(opts, 'readElfOffloadBinaries');
  const src = toSource(input);
  const origin = opts.origin ?? 0;
  const prefix = opts.path ?? [];
  let elf: ElfFile;
  try {
    elf = readElfSectionTable(src, { tree: opts.tree, origin, size: opts.size, path: prefix });
  } catch (e) {
    // Input of another kind (an OffloadBinary, an archive, property-set text): what it is and which function reads it.
    throw withReaderHint(e, src, 'readElfOffloadBinaries', origin);
  }
  // Under LLVM's rules a section whose contents leave the file fails LLVM's extraction where it is reached.
  const sections = offloadingSectionsOf(elf, src, { ...opts, lenientContents: opts.llvmRules !== undefined });
  const result: ElfOffloadResult = { elf, sections, read: [], binaries: [], bare: [], notes: [] };
  // Every section's contents in the span tree, the offloading ones filled in by the reads below.
  recordSectionContents(opts.tree, prefix, elfSectionExtents(elf));
  const extracts = elf.type === ET_REL || elf.type === ET_EXEC || elf.type === ET_DYN;
  if (!extracts) {
    if (sections.length) {
      result.notes.push(
        `e_type ${elf.type} is not ET_REL, ET_EXEC or ET_DYN; llvm-objdump reads no offloading section from such a file, and neither does this reader (${sections.length} candidate section(s) not read)`,
      );
    }
    return result;
  }
  const chosen = sections.filter((section) => {
    if (section.byType || opts.byName) return true;
    result.notes.push(
      `section [${section.index}] '${section.name}' has type ${sectionTypeName(section.type)}, not SHT_LLVM_OFFLOADING (${hex(SHT_LLVM_OFFLOADING)}); skipped as llvm-objdump skips it (--by-name reads it)`,
    );
    return false;
  });
  return { ...result, ...readSections(src, origin, prefix, chosen, (s) => s, opts) };
}

/** The sections of `elf` whose contents lie in the file (not SHT_NULL, not SHT_NOBITS, not empty), placed absolutely. */
function elfSectionExtents(elf: ElfFile): SectionExtent[] {
  const out: SectionExtent[] = [];
  for (const s of elf.sections) {
    if (s.type === SHT_NULL || s.type === SHT_NOBITS || s.size === 0 || s.offset > elf.size || s.size > elf.size - s.offset) continue;
    out.push({ index: s.index, name: s.name, offset: elf.origin + s.offset, size: s.size });
  }
  return out;
}

/** What `readSections` (the section walk of the ELF and COFF readers) found: the sections read with their binaries, all binaries in order, the bare sections. */
export interface SectionsRead<S> {
  /**
   * The sections read, in order, with their binaries. A section whose contents are the very bytes of
   * an earlier one (section headers may all name the same range) has that section's binaries, the
   * same models, and its index in `sameAs`: read once, listed again as LLVM lists it.
   */
  read: { section: S; binaries: OffloadBinaryModel[]; sameAs?: number }[];
  /** All binaries of all sections read, in order. */
  binaries: OffloadBinaryModel[];
  /**
   * The sections whose contents are not OffloadBinaries (with `bareSections`), and those that hold
   * OffloadBinaries and other bytes (also in `read`, their other bytes in `foreign`).
   */
  bare: S[];
  /** The sections in both `read` and `bare`: the runs of their bytes that are neither a binary nor zero padding. */
  foreign?: Map<S, ForeignPart[]>;
  /**
   * With `llvmRules`: what LLVM 19/22 sees (src/offload/llvm-rules.ts), per binary in order: what
   * llvm-objdump prints. Where LLVM accepts a binary this reader rejects (an image past the binary's
   * end, an entry overlapping the header), the section is in `read` with no binaries and its views here.
   */
  llvmViews?: LlvmBinaryView[];
  /** With `llvmRules`: the section where LLVM's extraction fails, and how (no later section is read). */
  llvmFailure?: { section: S; error: LlvmCreateError };
}

/** Options of the section walk of the ELF and COFF readers (`readSections`). */
export interface ReadSectionsOptions extends ReadOffloadOptions {
  /** Collect sections that do not start with the OffloadBinary magic in `bare` instead of failing. */
  bareSections?: boolean;
  /**
   * Also apply the rules of LLVM 19/22 (src/offload/llvm-rules.ts), for `--strict`: a binary LLVM
   * accepts and this reader rejects is listed from LLVM's view (`objdump`) or extracted from a model
   * of what LLVM sees (`packer`: llvmModel, whose out-of-bounds images fail only when read).
   */
  llvmRules?: 'objdump' | 'packer';
  /** Told when zero bytes after a section's last binary are read as padding ({@link RegionOptions.onPadding}). */
  onPadding?: RegionOptions['onPadding'];
  /** Binaries read and found again, shared by the objects of one input (src/offload/repeats.ts); else this object's own. */
  repeats?: RepeatBudget;
  /**
   * With `bareSections`: where the device images of section `index` lie (absolute), as the SYCL
   * descriptor says (asked only for a section that does not start with the OffloadBinary magic).
   * A section whose bytes beside them are zeros is bare without a look through it; else the look
   * for binaries skips them.
   */
  deviceImages?: (index: number) => readonly ForeignPart[] | undefined;
}

/**
 * Read the chosen sections of an object file (ELF or COFF) in order with {@link readSectionBinaries};
 * `contents` says where each section's bytes are (relative to the file).
 */
export function readSections<S>(
  src: ByteSource,
  origin: number,
  prefix: readonly PathKey[],
  sections: readonly S[],
  contents: (s: S) => { index: number; offset: number; size: number; outOfRange?: boolean },
  opts: ReadSectionsOptions,
): SectionsRead<S> {
  const out: SectionsRead<S> = { read: [], binaries: [], bare: [] };
  if (opts.llvmRules) out.llvmViews = [];
  // Sections with the same contents are read once; contents that overlap without being the same are
  // read until they add up to SECTION_READ_LIMITS of the object (2,000 headers naming one region of
  // 2,000 binaries were 4 million binaries read: minutes and 4 GB).
  const seen = new Map<string, { index: number; binaries: OffloadBinaryModel[]; views: LlvmBinaryView[]; node: SpanNode | undefined }>();
  const objectSize = src.size - origin;
  const budget = SECTION_READ_LIMITS.factor * objectSize + SECTION_READ_LIMITS.slackBytes;
  let taken = 0;
  const repeats = opts.repeats ?? new RepeatBudget();
  for (const section of sections) {
    const c = contents(section);
    if (opts.llvmRules && c.outOfRange) {
      out.llvmFailure = { section, error: 'eof' };
      return out;
    }
    const key = `${c.offset}+${c.size}`;
    const same = c.outOfRange ? undefined : seen.get(key);
    if (same) {
      const node = opts.tree?.at([...prefix, 'sections', c.index]);
      if (node) {
        node.offset = spanInt(origin + c.offset);
        node.size = spanInt(c.size);
        // Named by the first one's spans: its group lists this section (annotate's `shared`), so
        // `hexdump --path 'sections[k]'` finds the bytes.
        if (same.node) (same.node.aliases ??= []).push(node);
      }
      repeats.repeat(same.binaries.length, origin + c.offset, [...prefix, 'sections', c.index], `section [${c.index}] names the bytes of section [${same.index}] again`);
      if (out.llvmViews) appendAll(out.llvmViews, same.views);
      out.read.push({ section, binaries: same.binaries, sameAs: same.index });
      appendAll(out.binaries, same.binaries);
      continue;
    }
    if (!c.outOfRange && (taken += c.size) > budget) {
      throw new DecodeError(
        'LIMIT',
        `the offloading sections read so far add up to ${taken} bytes, more than ${budget} for the ${objectSize} bytes from the object's start: section headers that name overlapping bytes over and over would make the file read as many times`,
        origin + c.offset,
        [...prefix, 'sections', c.index],
      );
    }
    let accepted: LlvmBinaryView[] = [];
    if (opts.llvmRules) {
      const at = origin + c.offset;
      const r = llvmExtractRegion(src, at, at + c.size);
      if (r.undefinedBehaviour) {
        throw new DecodeError('RANGE', `LLVM reads outside the OffloadBinary here (undefined behaviour, not reproduced): ${r.undefinedBehaviour.what}`, r.undefinedBehaviour.offset, [...prefix, 'sections', c.index]);
      }
      if (r.failure) {
        out.llvmFailure = { section, error: r.failure.error };
        return out;
      }
      appendAll(out.llvmViews!, r.binaries);
      accepted = r.binaries;
    }
    let binaries: OffloadBinaryModel[] | undefined;
    const foreign: ForeignPart[] = [];
    try {
      binaries = readSectionBinaries(src, origin, prefix, c, opts, foreign);
    } catch (e) {
      if (!opts.llvmRules || !(e instanceof DecodeError)) throw e;
      // LLVM accepts what this reader refuses: the packer extracts from models of what LLVM sees.
      binaries = opts.llvmRules === 'packer' ? accepted.map((v, i) => llvmModel(src, v, [...prefix, 'sections', c.index, 'binaries', i])) : [];
    }
    if (!binaries) {
      out.bare.push(section);
      continue;
    }
    if (!c.outOfRange) seen.set(key, { index: c.index, binaries, views: accepted, node: opts.tree?.at([...prefix, 'sections', c.index]) });
    repeats.read(binaries.length);
    out.read.push({ section, binaries });
    for (const b of binaries) out.binaries.push(b);
    if (foreign.length) {
      // Binaries and device images outside them in one section: in both lists.
      out.bare.push(section);
      (out.foreign ??= new Map()).set(section, foreign);
    }
  }
  return out;
}

/**
 * How many bytes of offloading sections an object's read takes at most: `factor` times the object's
 * size plus `slackBytes` (sections with the same contents count once). As for offload bundles
 * (docs/offload.md), far above any linker's output, whose sections do not overlap.
 */
export const SECTION_READ_LIMITS = { factor: 2, slackBytes: 1 << 20 } as const;

/**
 * The OffloadBinaries back to back in an object file's section (ELF or COFF), read as LLVM's
 * `extractOffloadFiles` reads them; the section's span node (`sections[i]` after `prefix`) covers
 * its contents. With `bareSections`, a non-empty section that does not start with the OffloadBinary
 * magic is not read: undefined.
 */
export function readSectionBinaries(
  src: ByteSource,
  origin: number,
  prefix: readonly PathKey[],
  section: { index: number; offset: number; size: number },
  opts: ReadSectionsOptions,
  foreign?: ForeignPart[],
): OffloadBinaryModel[] | undefined {
  const at = origin + section.offset;
  const end = at + section.size;
  const path: PathKey[] = [...prefix, 'sections', section.index];
  let parts: { binaries: OffloadBinaryModel[]; foreign: ForeignPart[] } | undefined;
  if (opts.bareSections && section.size > 0) {
    // A section that does not start with the magic, or holds other bytes after its binaries, is looked
    // through for binaries beside what else it holds (sectionParts); one of nothing but device images
    // is bare (undefined): its images are located by the SYCL descriptor or are the whole section.
    const magicFirst = hasMagic(OffloadMagic, src.read(at, Math.min(4, section.size)));
    const foreignAfter = magicFirst && holdsForeignBytes(src, at, end);
    if (!magicFirst || foreignAfter) {
      const images = opts.deviceImages?.(section.index);
      // Without the descriptor's word on where its images are, a section that does not start with
      // a binary is bare: bytes inside an image are never looked through for binaries (an image
      // may hold any bytes, a binary's among them).
      if (!magicFirst && (!images?.length || onlyZerosBeside(src, at, end, images))) return undefined;
      parts = sectionParts(src, at, end, path, opts, images ?? []);
      if (!parts.binaries.length) return undefined;
    }
  }
  const node: SpanNode | undefined = opts.tree?.at(path);
  if (node) {
    node.offset = at;
    node.size = section.size;
  }
  if (parts) {
    if (foreign) appendAll(foreign, parts.foreign);
    return parts.binaries;
  }
  return section.size === 0 ? [] : [...offloadBinaries(src, { ...opts, start: at, end, path })];
}

/** Bytes of a section that are neither an OffloadBinary nor zero padding: a device image outside one (absolute). */
export interface ForeignPart {
  /** Absolute offset. */
  offset: number;
  /** Size in bytes. */
  size: number;
}

/**
 * The OffloadBinaries of a section that also holds a device image outside them, and where the other
 * bytes are: what a linker leaves when it merges the `.llvm.offloading` sections of an OpenMP object
 * (an OffloadBinary) and a SYCL wrapper object (a bare SPIR-V module), in either order, each aligned
 * with zeros. LLVM's extraction fails on such a section ("Invalid data"). Binaries are read back to
 * back, as a section of binaries alone is, from the section's start and after each device image the
 * SYCL descriptor places (`images`, absolute; the images themselves are never looked through), each
 * after zero padding; they are `binaries[i]` in the order read. What stops a run of them (bytes that are no binary) is other bytes up to the next
 * image or the section's end, whole (a SPIR-V module ends in zero bytes: nothing is trimmed). A
 * binary that does not read is its error, as in a section of binaries alone. Linear: each byte is
 * read once.
 */
function sectionParts(src: ByteSource, at: number, end: number, path: readonly PathKey[], opts: ReadSectionsOptions, images: readonly ForeignPart[]): { binaries: OffloadBinaryModel[]; foreign: ForeignPart[] } {
  const binaries: OffloadBinaryModel[] = [];
  const foreign: ForeignPart[] = [];
  /**
   * Binaries back to back from `from` while they start before `to` (each read within the section,
   * as LLVM reads them: one may run into an image the descriptor places, whose range is then wrong,
   * not the binary); where the first byte that is none of them (nor zero padding) is, or where the
   * last binary ends, at or past `to`.
   */
  const run = (from: number, to: number): number => {
    let p = from;
    while (p < to) {
      const z = firstNonZero(src, p, to);
      if (z === undefined) return to;
      if (end - z < OffloadMagic.fixedSize! || !hasMagic(OffloadMagic, src.read(z, OffloadMagic.fixedSize!))) return z;
      const bin = readOneOffloadBinary(src, z, { ...opts, path: [...path, 'binaries', binaries.length], end });
      binaries.push(bin);
      if (bin.size <= 0) return to; // (collect mode, reported: no progress is possible)
      // (as a section of binaries alone is stepped: a compressed binary's next at a multiple of 8)
      p = nextBinaryOffset(at, z, bin.version, bin.size);
    }
    return p;
  };
  let pos = at;
  for (const img of [...images].filter((x) => x.offset >= at && x.offset + x.size <= end).sort((x, y) => x.offset - y.offset)) {
    if (img.offset < pos) continue; // (images that overlap: the first one's bytes)
    const stop = run(pos, img.offset);
    if (stop < img.offset) foreign.push({ offset: stop, size: img.offset - stop });
    foreign.push(img);
    pos = Math.max(stop, img.offset + img.size);
  }
  const stop = run(pos, end);
  if (stop < end) foreign.push({ offset: stop, size: end - stop });
  return { binaries, foreign };
}

/** The first non-zero byte of `[from, to)`, or undefined when all are zero. */
function firstNonZero(src: ByteSource, from: number, to: number): number | undefined {
  const CHUNK = 1 << 16;
  for (let at = from; at < to; at += CHUNK) {
    const bytes = src.read(at, Math.min(CHUNK, to - at));
    for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return at + i;
  }
  return undefined;
}

/** Whether every byte of `[at, end)` outside `images` (absolute ranges) is zero. */
function onlyZerosBeside(src: ByteSource, at: number, end: number, images: readonly ForeignPart[]): boolean {
  const sorted = [...images].sort((x, y) => x.offset - y.offset);
  let pos = at;
  for (const x of [...sorted, { offset: end, size: 0 }]) {
    const to = Math.min(end, Math.max(pos, x.offset));
    if (to > pos && firstNonZero(src, pos, to) !== undefined) return false;
    pos = Math.max(pos, Math.min(end, x.offset + x.size));
  }
  return true;
}


function sectionTypeName(type: number): string {
  const known: Record<number, string> = { [SHT_NULL]: 'SHT_NULL', [SHT_PROGBITS]: 'SHT_PROGBITS', [SHT_STRTAB]: 'SHT_STRTAB' };
  return known[type] ? `${known[type]} (${hex(type)})` : hex(type);
}
