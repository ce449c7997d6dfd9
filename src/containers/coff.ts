/**
 * COFF objects, read as LLVM reads them for offloading data (formats/coff.ts for the structures).
 *
 * Which files (llvm/lib/BinaryFormat/Magic.cpp@05c7a784 `identify_magic` → `coff_object`): the
 * first bytes are a COFF machine type LLVM lists (`4c 01` i386, `64 86` x86-64, `64 aa` ARM64, `41 a6`
 * ARM64EC, `c4 01` ARMNT, ...; `00 00` = machine unknown), or `00 00 ff ff` followed by the bigobj
 * UUID at offset 12. PE images (`MZ`) are `pecoff_executable`, which `extractOffloadBinaries` does
 * not read; import libraries are not objects.
 *
 * Which sections (llvm/lib/Object/OffloadBinary.cpp@02dc39ba `extractFromObject`; LLVM 22 and 19 read
 * `containers/coff.obj`, docs/upstream-llvm.md §1.3): COFF has no section types, so every section whose
 * name starts with `.llvm.offloading` (the name prefixes are an option), in section-table order.
 *
 * How (llvm/lib/Object/COFFObjectFile.cpp@02c57ef0): `initialize` — the bigobj header when Machine is 0,
 * NumberOfSections 0xFFFF, Version >= 2 and the UUID matches, else the 20-byte header and the section
 * table after SizeOfOptionalHeader bytes; the string table at PointerToSymbolTable + NumberOfSymbols ×
 * 18 (bigobj: 20), its first u32 its size (sizes below 4 read as 4), NUL-terminated when larger (errors
 * reading it are recovered by LLVM: the file then has no string table, and a long name is an error);
 * `getSectionName` — the 8-byte field up to its first NUL, `/N` decimal or `//` + base64 (up to 6
 * digits) = offset in the string table; `getSectionContents` — PointerToRawData 0 means no contents,
 * else [PointerToRawData, +SizeOfRawData) must lie in the file. Contents need not be aligned (the
 * `.llvm.offloading` of coff.obj starts at 0x442): OffloadBinaries are read from any offset.
 *
 * Every problem is a DecodeError at the field (`sectionHeaders[7].name`, `header.numberOfSections`);
 * section counts are checked against the file size before anything is allocated.
 *
 * Portable: no Node APIs.
 */
import { decodeEscapedUtf8, DecodeError, hasMagic, hex, locate, placedSpace, R, Space, TerminatedStrings, toBytes, toSource, withinPath, type ByteSource, type PathKey, type InputPlacement, type SpanNode, type SpanTree, optionsArgument, type BytesLike, type OptionKeys } from '../codec/index.js';
import {
  COFF_BIGOBJ_MIN_VERSION,
  COFF_CLGL_UUID,
  COFF_OBJECT_FIRST_BYTES,
  CoffBigObjHeader,
  CoffBigObjSymbol,
  CoffFileHeader,
  COFF_SCN_LNK_NRELOC_OVFL,
  CoffRelocation,
  CoffSectionHeader,
  CoffStringTableHeader,
  CoffSymbol,
  PE_OPTIONAL_MAGIC,
  Pe32HeaderStart,
  Pe32PlusHeaderStart,
  PeDosHeader,
  PeSignature,
  CudaFatbinaryMagic,
  WindowsResourceMagic,
} from '../../formats/coff.js';
import { readSections, type SectionsRead } from '../offload/elf.js';
import { recordSectionContents } from './section-spans.js';
import type { ReadOffloadOptions } from '../offload/read.js';
import { PLACEMENT_KEYS, READ_OFFLOAD_COMMON_KEYS } from '../offload/read-keys.js';
import type { RepeatBudget } from '../offload/repeats.js';

/** The section name prefix LLVM reads in COFF objects. */
export const COFF_OFFLOADING_SECTION = '.llvm.offloading';

/**
 * True for a short import member of an import library (`00 00 FF FF`, not a bigobj nor CL.exe's LTO
 * object: identify_magic's `coff_import_library`).
 */
export function isCoffImportFile(head: Uint8Array): boolean {
  if (head.length < 4 || head[0] !== 0 || head[1] !== 0 || head[2] !== 0xff || head[3] !== 0xff) return false;
  if (head.length < CoffBigObjHeader.offsets.uuid + COFF_CLGL_UUID.length) return true;
  return !hasMagic(CoffBigObjHeader.fields.uuid, head, CoffBigObjHeader.offsets.uuid) && !COFF_CLGL_UUID.every((b, i) => head[CoffBigObjHeader.offsets.uuid + i] === b);
}

/** `identify_magic` → `coff_object`: 'object', 'bigobj', or undefined (not a COFF object). */
export function identifyCoff(input: BytesLike): 'object' | 'bigobj' | undefined {
  const head = toBytes(input);
  if (head.length < 4) return undefined;
  const [a, b] = [head[0]!, head[1]!];
  if (a === 0x00 && b === 0x00 && head[2] === 0xff && head[3] === 0xff) {
    // bigobj, CL.exe's LTO object or a short import library: only the bigobj UUID makes an object.
    return hasMagic(CoffBigObjHeader.fields.uuid, head, CoffBigObjHeader.offsets.uuid) ? 'bigobj' : undefined;
  }
  if (a === 0x00) return b === 0x00 && !hasMagic(WindowsResourceMagic, head) ? 'object' : undefined;
  if (hasMagic(CudaFatbinaryMagic, head)) return undefined;
  return COFF_OBJECT_FIRST_BYTES[b]?.has(a) ? 'object' : undefined;
}

/** One section header, decoded, with its name resolved. */
export interface CoffSection {
  /** Index in the section table, from 0 (llvm-objdump -h `Idx`; COFF section numbers are this + 1). */
  index: number;
  /** Section name (long names resolved through the string table). */
  name: string;
  /** PointerToRawData and SizeOfRawData (0 pointer: no contents). */
  offset: number;
  /** SizeOfRawData. */
  size: number;
  /** Characteristics flags (IMAGE_SCN_*). */
  characteristics: number;
  /** VirtualAddress: in a PE image, the section's address relative to the image base (0 in objects). */
  virtualAddress: number;
  /** VirtualSize: in a PE image, the section's size in memory (0 in objects). */
  virtualSize: number;
  /** PointerToRelocations and NumberOfRelocations (src/containers/coff-pointers.ts reads them). */
  relocations: { offset: number; count: number };
  /** Absolute offset of the section header in the input. */
  headerOffset: number;
}

/** A COFF object's header facts and section table. */
export interface CoffFile {
  /** Where the file lies in the input (0 for a whole-file object; an archive member's data offset). */
  origin: number;
  /** Its size in bytes. */
  size: number;
  /** Path keys before this file's own (`['members', 3]`), as in errors and spans. */
  path: readonly PathKey[];
  /** The `/bigobj` header (ANON_OBJECT_HEADER_BIGOBJ) rather than the plain COFF file header. */
  bigobj: boolean;
  /** Machine field (0x8664 x86-64, 0xaa64 ARM64, ...). */
  machine: number;
  /** Section headers in table order. */
  sections: CoffSection[];
  /** PointerToSymbolTable, NumberOfSymbols (records, auxiliary ones included) and the record size (18; bigobj 20). */
  symbolTable: { offset: number; count: number; recordSize: number };
  /** Where the string table lies (relative to the file), when it could be read. */
  stringTable?: { offset: number; size: number };
}

/** Options of the COFF readers. */
export interface ReadCoffOptions extends InputPlacement {
  /** When set, the headers read are recorded in this span tree. */
  tree?: SpanTree;
}

/** The options readCoffSectionTable takes (typed: a new option cannot be left out; any other key is an UnknownOptionError). */
const READ_COFF_KEYS: OptionKeys<ReadCoffOptions> = { origin: true, size: true, path: true, tree: true };

const SH = CoffSectionHeader.fixedSize!;

/** Read the file header, the section table and the section names. */
export function readCoffSectionTable(input: BytesLike | ByteSource, opts: ReadCoffOptions = {}): CoffFile {
  opts = optionsArgument(opts, 'readCoffSectionTable', READ_COFF_KEYS);
  const src = toSource(input);
  const { file, node, path } = placedSpace(src, opts, opts.tree);
  return withinPath(path, () => readTable(file, node, opts.origin ?? 0, path));
}

function readTable(file: Space, node: SpanNode | undefined, origin: number, path: readonly PathKey[], at0 = 0): CoffFile {
  const hp: PathKey[] = ['header'];
  // A PE image's COFF header follows its signature (the header and section table are read from
  // there; section and symbol-table pointers stay offsets in the whole file).
  const whole = file;
  if (at0 !== 0) file = file.sub(at0, file.size - at0);
  const small = file.decode(CoffFileHeader, 0, { path: hp });
  let bigobj = false;
  if (at0 === 0 && small.machine === 0 && small.numberOfSections === 0xffff && file.size >= CoffBigObjHeader.fixedSize!) {
    const head = file.bytes(0, CoffBigObjHeader.fixedSize!, 'bigobj header', hp);
    const version = new DataView(head.buffer, head.byteOffset).getUint16(CoffBigObjHeader.offsets.version, true);
    bigobj = version >= COFF_BIGOBJ_MIN_VERSION && hasMagic(CoffBigObjHeader.fields.uuid, head, CoffBigObjHeader.offsets.uuid);
  }
  const H = bigobj ? CoffBigObjHeader : CoffFileHeader;
  const header = file.decode(H, 0, { path: hp, parent: node, key: 'header' }) as { machine: number; numberOfSections: number; pointerToSymbolTable: number; numberOfSymbols: number; sizeOfOptionalHeader?: number };
  const symbolTable = { offset: header.pointerToSymbolTable, count: header.numberOfSymbols, recordSize: (bigobj ? CoffBigObjSymbol : CoffSymbol).fixedSize! };
  const out: CoffFile = { origin, size: file.size + at0, path, bigobj, machine: header.machine, sections: [], symbolTable };
  // COFFObjectFile::section_end: an import library header (0xFFFF sections, not bigobj) has none.
  if (!bigobj && header.numberOfSections === 0xffff) return out;
  const tableAt = H.fixedSize! + (header.sizeOfOptionalHeader ?? 0);
  const count = header.numberOfSections;
  const room = tableAt > file.size ? 0 : Math.floor((file.size - tableAt) / SH);
  // LLVM's getObject(SectionTable, ..., count * 40) fails when the table starts past the end even
  // for no sections (SizeOfOptionalHeader beyond the file): "The end of the file was unexpectedly encountered".
  if (tableAt > file.size) {
    const f = header.sizeOfOptionalHeader ? 'sizeOfOptionalHeader' : 'numberOfSections';
    throw new DecodeError('EOF', `the section table at offset ${hex(tableAt)} (after the ${header.sizeOfOptionalHeader ?? 0}-byte optional header) starts past the end of the ${file.size}-byte file`, file.abs(CoffFileHeader.offsets[f]), [...hp, f], { needed: count * SH, available: 0 });
  }
  if (count > room) {
    throw new DecodeError('EOF', `${count} section headers of ${SH} bytes at offset ${hex(tableAt)} go past the end of the ${file.size}-byte file (room for ${room})`, file.abs(H.offsets.numberOfSections), [
      ...hp,
      'numberOfSections',
    ], { needed: count * SH, available: Math.max(0, file.size - tableAt) });
  }
  const strtab = stringTable(whole, node, header, bigobj, at0);
  if (strtab) out.stringTable = { offset: strtab.at, size: strtab.strings.bytes.length };
  const group = file.record({ path: ['sectionHeaders'], parent: node, key: 'sectionHeaders' }, tableAt, count * SH, 'group');
  for (let i = 0; i < count; i++) {
    const at = tableAt + i * SH;
    const sp: PathKey[] = ['sectionHeaders', i];
    const h = file.decode(CoffSectionHeader, at, { path: sp, parent: group, key: i });
    const name = sectionName(h.name, strtab?.strings, file.abs(at + CoffSectionHeader.offsets.name), [...sp, 'name']);
    out.sections.push({
      index: i,
      name,
      offset: h.pointerToRawData,
      size: h.sizeOfRawData,
      characteristics: h.characteristics,
      virtualAddress: h.virtualAddress,
      virtualSize: h.virtualSize,
      relocations: { offset: h.pointerToRelocations, count: h.numberOfRelocations },
      headerOffset: file.abs(at),
    });
  }
  return out;
}

/**
 * The string table (COFFObjectFile::initSymbolTablePtr), or undefined when there is none or it
 * cannot be read (LLVM recovers from that; a long name then fails).
 */
function stringTable(file: Space, node: SpanNode | undefined, header: { pointerToSymbolTable: number; numberOfSymbols: number }, bigobj: boolean, headerAt = 0): { at: number; strings: TerminatedStrings } | undefined {
  if (header.pointerToSymbolTable === 0) {
    if (header.numberOfSymbols !== 0) throw new DecodeError('FORMAT', 'symbol table missing (PointerToSymbolTable is 0 but NumberOfSymbols is not)', file.abs(headerAt + CoffFileHeader.offsets.numberOfSymbols), ['header', 'numberOfSymbols']);
    return undefined;
  }
  const symSize = (bigobj ? CoffBigObjSymbol : CoffSymbol).fixedSize!;
  const at = header.pointerToSymbolTable + header.numberOfSymbols * symSize;
  if (!locate(R.bytes('at', 'size'), { at, size: CoffStringTableHeader.fixedSize! }, file.size).ok) return undefined;
  const { size } = file.decode(CoffStringTableHeader, at, { path: ['stringTable'] });
  // (sizes below the size word's own read as the word: COFFObjectFile::initSymbolTablePtr)
  const word = CoffStringTableHeader.fixedSize!;
  const n = Math.max(size, word);
  if (!locate(R.bytes('at', 'size'), { at, size: n }, file.size).ok) return undefined;
  const bytes = file.bytes(at, n, 'string table', ['stringTable']);
  if (n > word && bytes[n - 1] !== 0) return undefined; // "string table missing null terminator" (recovered)
  const g = file.record({ path: ['stringTable'], parent: node, key: 'stringTable' }, at, n, 'group');
  file.decode(CoffStringTableHeader, at, { path: ['stringTable'], parent: g });
  if (n > word) file.record({ path: ['stringTable'], parent: g, key: 'strings' }, at + word, n - word, 'bytes');
  return { at, strings: new TerminatedStrings(bytes, 0, file.abs(at)) };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** `getSectionName`: short names, `/N` and `//BASE64` string-table offsets. */
function sectionName(field: Uint8Array, strtab: TerminatedStrings | undefined, at: number, path: PathKey[]): string {
  const nul = field.indexOf(0);
  const name = decodeEscapedUtf8(field, 0, nul < 0 ? field.length : nul);
  if (!name.startsWith('/')) return name;
  let offset = 0;
  if (name.startsWith('//')) {
    const digits = name.slice(2);
    if (digits.length > 6 || [...digits].some((c) => !BASE64.includes(c))) throw new DecodeError('FORMAT', `invalid section name '${name}' (// must be followed by up to 6 base64 digits)`, at, path);
    for (const c of digits) offset = offset * 64 + BASE64.indexOf(c);
  } else {
    if (!/^[0-9]+$/.test(name.slice(1))) throw new DecodeError('FORMAT', `invalid section name '${name}' (/ must be followed by a decimal string-table offset)`, at, path);
    offset = Number(name.slice(1));
  }
  const t = strtab?.bytes;
  if (!strtab || !t || t.length <= CoffStringTableHeader.fixedSize!) throw new DecodeError('FORMAT', `section name '${name}' refers to the string table, but the file has none`, at, path);
  if (offset >= t.length) throw new DecodeError('RANGE', `section name offset ${offset} is past the end of the ${t.length}-byte string table`, at, path);
  return strtab.text(offset, decodeEscapedUtf8); // the table ends with NUL (checked)
}

/** A PE image: its COFF facts, where its COFF header is, its optional header's kind and image base. */
export interface PeFile extends CoffFile {
  /** Offset of the `PE\0\0` signature (the MS-DOS header's AddressOfNewExeHeader). */
  peOffset: number;
  /** PE32+ (64-bit image base) rather than PE32. */
  pe32Plus: boolean;
  /** ImageBase: the address the image is linked at (stored addresses are ImageBase + RVA). */
  imageBase: bigint;
}

/**
 * A PE image's headers and section table (COFFObjectFile::initialize for `pecoff_executable`): the
 * MS-DOS header, the signature, the COFF file header after it, the optional header (its magic and
 * ImageBase), the sections after SizeOfOptionalHeader bytes.
 */
export function readPeSectionTable(input: BytesLike | ByteSource, opts: ReadCoffOptions = {}): PeFile {
  const src = toSource(input);
  const { file, node, path } = placedSpace(src, opts, opts.tree);
  return withinPath(path, () => {
    const dos = file.decode(PeDosHeader, 0, { path: ['dosHeader'], parent: node, key: 'dosHeader' });
    const peOffset = dos.peOffset;
    file.decode(PeSignature, peOffset, { path: ['peSignature'], parent: node, key: 'peSignature' });
    const coffAt = peOffset + PeSignature.fixedSize!;
    const coff = readTable(file, node, opts.origin ?? 0, path, coffAt);
    const optAt = coffAt + CoffFileHeader.fixedSize!;
    const magicValue = file.decode(Pe32HeaderStart.fields.magic, optAt, { path: ['optionalHeader', 'magic'] });
    if (magicValue !== PE_OPTIONAL_MAGIC.PE32 && magicValue !== PE_OPTIONAL_MAGIC.PE32_PLUS) {
      throw new DecodeError('MAGIC', `the optional header's magic is ${hex(magicValue)}, not PE32 (0x10b) or PE32+ (0x20b)`, file.abs(optAt), ['optionalHeader', 'magic']);
    }
    const pe32Plus = magicValue === PE_OPTIONAL_MAGIC.PE32_PLUS;
    const h = file.decode(pe32Plus ? Pe32PlusHeaderStart : Pe32HeaderStart, optAt, { path: ['optionalHeader'], parent: node, key: 'optionalHeader' }) as { imageBase: number | bigint };
    // COFFObjectFile::getSectionSize: in an image SizeOfRawData is rounded up to FileAlignment and
    // the section's size is min(VirtualSize, SizeOfRawData) (past it, memory is zero-filled).
    const sections = coff.sections.map((sec) => ({ ...sec, size: Math.min(sec.virtualSize, sec.size) }));
    if (opts.tree) {
      // What the model does not read, named for annotate and verify: the MS-DOS stub program, the
      // optional header past ImageBase (Windows fields, data directories), the raw section data.
      const stubAt = PeDosHeader.fixedSize!;
      if (peOffset > stubAt && peOffset <= file.size) file.record({ path: ['dosStub'], parent: node, key: 'dosStub' }, stubAt, peOffset - stubAt, 'bytes', 'MS-DOS stub program');
      const optSize = (file.decode(CoffFileHeader, coffAt, { path: ['header'] }) as { sizeOfOptionalHeader: number }).sizeOfOptionalHeader;
      const start = (pe32Plus ? Pe32PlusHeaderStart : Pe32HeaderStart).fixedSize!;
      const parent = opts.tree.at([...path, 'optionalHeader']);
      if (optSize > start && optAt + optSize <= file.size) file.record({ path: ['optionalHeader', 'rest'], parent, key: 'rest' }, optAt + start, optSize - start, 'bytes', 'Windows-specific fields and data directories');
      recordCoffContents(src, opts.tree, path, coff);
    }
    return { ...coff, sections, peOffset, pe32Plus, imageBase: BigInt(h.imageBase) };
  });
}

/**
 * A COFF file's section data (raw, as stored: SizeOfRawData bytes), each section's relocations and
 * the symbol table in the span tree (src/containers/section-spans.ts), where they lie in the file,
 * so annotate and verify name them. The string table is recorded where it is read.
 */
function recordCoffContents(src: ByteSource, tree: SpanTree | undefined, prefix: readonly PathKey[], coff: CoffFile): void {
  if (!tree) return;
  const fits = (o: number, n: number): boolean => o > 0 && n > 0 && o <= coff.size && n <= coff.size - o;
  recordSectionContents(
    tree,
    prefix,
    coff.sections.filter((s) => fits(s.offset, s.size)).map((s) => ({ index: s.index, name: s.name, offset: coff.origin + s.offset, size: s.size })),
  );
  const at = tree.at(prefix);
  for (const s of coff.sections) {
    let count = s.relocations.count;
    const o = s.relocations.offset;
    // IMAGE_SCN_LNK_NRELOC_OVFL: 0xffff stands for more; the first record's VirtualAddress is the count
    // (that record included), as src/containers/coff-pointers.ts reads it.
    if ((s.characteristics & COFF_SCN_LNK_NRELOC_OVFL) !== 0 && count === 0xffff && fits(o, CoffRelocation.fixedSize!)) {
      count = new Space(src, 0, undefined).sub(coff.origin, coff.size).decode(CoffRelocation, o, { path: [...prefix, 'relocations', s.index] }).virtualAddress;
    }
    const n = count * CoffRelocation.fixedSize!;
    if (!fits(o, n)) continue;
    const r = tree.add(tree.child(at, 'relocations'), s.index, coff.origin + o, n, 'bytes', `${count} relocation(s) of section [${s.index}] ${s.name}`);
    r.background = true;
  }
  const st = coff.symbolTable;
  if (fits(st.offset, st.count * st.recordSize)) tree.add(at, 'symbolTable', coff.origin + st.offset, st.count * st.recordSize, 'bytes', `${st.count} symbol record(s)`).background = true;
}

/** Options of {@link readCoffOffloadBinaries}. */
export interface ReadCoffOffloadOptions extends ReadOffloadOptions, InputPlacement {
  /** Section name prefixes read (default `.llvm.offloading`, as LLVM). */
  sectionNames?: readonly string[];
  /** Collect sections that do not start with the OffloadBinary magic in `bare` instead of failing. */
  bareSections?: boolean;
  /** Also apply LLVM 19/22's rules (src/offload/elf.ts ReadSectionsOptions). */
  llvmRules?: 'objdump' | 'packer';
  /** Told when zero bytes after a section's last binary are read as padding (src/offload/read.ts RegionOptions.onPadding). */
  onPadding?: (offset: number, size: number) => void;
  /** Binaries read and found again, shared by the objects of one input (src/offload/repeats.ts); else this object's own. */
  repeats?: RepeatBudget;
}

/** What {@link readCoffOffloadBinaries} found: the sections named for offloading, read in section-table order. */
export interface CoffOffloadResult extends SectionsRead<CoffSection> {
  /** The COFF file's header facts and section table. */
  coff: CoffFile;
}

/** The OffloadBinaries in a COFF object's `.llvm.offloading*` sections, as LLVM extracts them. */
export function readCoffOffloadBinaries(input: BytesLike | ByteSource, opts: ReadCoffOffloadOptions = {}): CoffOffloadResult {
  return coffOffloadBinaries(input, optionsArgument(opts, 'readCoffOffloadBinaries', READ_COFF_OFFLOAD_KEYS));
}

/** The options readCoffOffloadBinaries takes (typed: a new option cannot be left out; any other key is an UnknownOptionError). */
const READ_COFF_OFFLOAD_KEYS: OptionKeys<ReadCoffOffloadOptions> = {
  ...READ_OFFLOAD_COMMON_KEYS,
  ...PLACEMENT_KEYS,
  sectionNames: true,
  bareSections: true,
  llvmRules: true,
  onPadding: true,
  repeats: true,
};

/**
 * {@link readCoffOffloadBinaries} for the readers of whole inputs (src/offload/input.ts), which hand
 * on their own options (ReadOffloadInputOptions): their keys are not a caller's typo, so they are not
 * checked against the COFF reader's (the options' kinds still are).
 */
export function coffOffloadBinaries(input: BytesLike | ByteSource, opts: ReadCoffOffloadOptions = {}): CoffOffloadResult {
  opts = optionsArgument(opts, 'readCoffOffloadBinaries');
  const src = toSource(input);
  const origin = opts.origin ?? 0;
  const prefix = opts.path ?? [];
  const coff = readCoffSectionTable(src, { tree: opts.tree, origin, size: opts.size, path: prefix });
  recordCoffContents(src, opts.tree, prefix, coff);
  const names = opts.sectionNames ?? [COFF_OFFLOADING_SECTION];
  const file = new Space(src, 0, undefined).sub(origin, coff.size);
  // getSectionContents: no contents when PointerToRawData is 0; else they must lie in the file.
  const contents = (s: CoffSection): { index: number; offset: number; size: number } => ({ index: s.index, offset: s.offset, size: s.offset === 0 ? 0 : s.size });
  const chosen = coff.sections.filter((s) => names.some((n) => s.name.startsWith(n)));
  for (const section of chosen) {
    const loc = locate(R.bytes('offset', 'size'), contents(section), file.size);
    if (loc.ok) continue;
    const f = loc.field === 'offset' ? 'pointerToRawData' : 'sizeOfRawData';
    throw new DecodeError('EOF', `section [${section.index}] '${section.name}': ${loc.reason}`, section.headerOffset + CoffSectionHeader.offsets[f], [...prefix, 'sectionHeaders', section.index, f]);
  }
  return { coff, ...readSections(src, origin, prefix, chosen, contents, opts) };
}
