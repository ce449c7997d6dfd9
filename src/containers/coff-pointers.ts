/**
 * Following a pointer stored in a section of a COFF object to the bytes it points at, and finding a
 * symbol by name: what src/containers/sycl-wrapper.ts needs to read the kernel names and the SYCL
 * descriptor of a wrapper object built for a Windows host (checked on
 * testdata/llvm22/sycl/k.coff.wrapper.obj and k2.coff.wrapper.obj with their `llvm-readobj-22
 * --sections --relocations --symbols` goldens).
 *
 * A pointer field in an object file is given by a relocation of its section (formats/coff.ts
 * `CoffRelocation`: VirtualAddress = the field's offset in the section, SymbolTableIndex, Type) of the
 * machine's absolute pointer type (`COFF_POINTER_RELOCS`: IMAGE_REL_AMD64_ADDR64, ...), against a
 * symbol defined in a section of the file: target = (that section, symbol Value + the value in place,
 * COFF relocations having no addend field). Symbols are 18-byte records (bigobj: 20) whose
 * NumberOfAuxSymbols auxiliary records follow them and count in the indices; a name is 8 bytes
 * NUL-padded, or 4 zero bytes and an offset into the string table
 * (llvm/lib/Object/COFFObjectFile.cpp@02c57ef0 `getSymbolName`, `getSectionNumber`: numbers above
 * 0xFEFF in a 16-bit field are the reserved negative ones; `getNumberOfRelocations`:
 * IMAGE_SCN_LNK_NRELOC_OVFL).
 *
 * Each section's relocation table is read once, in one pass; the symbol table is read once when a
 * symbol is asked for: work and memory are linear in the tables' sizes. No chain is followed. A
 * pointer that cannot be followed is `undefined` with the reason in `notes`; tables that do not lie in
 * the file are DecodeErrors at their header field.
 *
 * Portable: no Node APIs.
 */
import { decodeEscapedUtf8, DecodeError, hex, locate, R, Space, TerminatedStrings, toSource, type ByteSource } from '../codec/index.js';
import { coffSymbolName, COFF_MAX_SECTIONS_16, COFF_SYM_CLASS, COFF_POINTER_RELOCS, COFF_SCN_LNK_NRELOC_OVFL, COFF_SYM_UNDEFINED, CoffBigObjSymbol, CoffFileHeader, CoffRelocation, CoffSectionHeader, CoffSymbol } from '../../formats/coff.js';
import type { CoffFile, CoffSection, PeFile } from './coff.js';
import { SectionPointers, SectionsByAddress, type PointerTarget } from './pointers.js';

/** A place in a COFF file a pointer leads to. */
export type CoffPointerTarget = PointerTarget<CoffSection>;

/** A symbol record (auxiliary records skipped). */
/** One symbol record of a COFF symbol table (formats/coff.ts CoffSymbol / CoffBigObjSymbol), with its name. */
export interface CoffSymbolRecord {
  /** Index in the table (auxiliary records counted). */
  index: number;
  /** The name (short, or from the string table). */
  name: string;
  /** Value. */
  value: number;
  /** SectionNumber as LLVM reads it: from 1; 0 undefined; negative reserved. */
  section: number;
  /** StorageClass. */
  storageClass: number;
  /** NumberOfAuxSymbols. */
  auxCount: number;
  /**
   * A weak external's `Characteristics` (the second u32 of its first auxiliary record,
   * `coff_aux_weak_external`); undefined for other symbols or without an auxiliary record.
   */
  weakCharacteristics?: number;
}

interface Reloc {
  type: number;
  symbol: number;
}


/** Reads the pointers and symbols of one COFF object. */
export class CoffPointers extends SectionPointers<CoffSection> {
  private readonly space: Space;
  private readonly pointer: { type: number; bytes: 4 | 8 } | undefined;
  private readonly contents = new Map<number, Uint8Array>();
  private readonly relocs = new Map<number, Map<number, Reloc>>();
  /** Relocation records that may still be parsed (see `relocations`). */
  private relocBudget: number;
  private symbols: CoffSymbolRecord[] | undefined;
  /** Symbol by index (auxiliary records have none). */
  private byIndex: Map<number, CoffSymbolRecord> | undefined;

  constructor(
    input: Uint8Array | ByteSource,
    /** The COFF object whose pointers are read. */
    readonly coff: CoffFile,
  ) {
    const pointer = COFF_POINTER_RELOCS[coff.machine];
    // 64 for AMD64 and the ARM64 family; Windows aligns i64 to 8 on every machine (i386 too: the x86
    // data layout adds `i64:64` for Windows, the X86 `computeDataLayout`: `isOSWindows()` → `-i64:64`); COFF is little-endian.
    super({ pointerBits: pointer?.bytes === 4 ? 32 : 64, i64Align4: false, littleEndian: true, origin: coff.origin, path: coff.path, sections: coff.sections });
    this.pointer = pointer;
    this.space = new Space(toSource(input), 0, undefined).sub(coff.origin, coff.size);
    this.relocBudget = 2 * Math.floor(this.space.size / CoffRelocation.fixedSize!) + 1024;
  }

  /** The contents of a section (PointerToRawData 0: none), range-checked (error at its header). */
  bytes(s: CoffSection): Uint8Array {
    let b = this.contents.get(s.index);
    if (!b) {
      const size = s.offset === 0 ? 0 : s.size;
      this.check(s, { offset: s.offset, size }, 'pointerToRawData', 'sizeOfRawData', 'contents');
      b = size ? this.space.bytes(s.offset, size, `section [${s.index}] '${s.name}'`, [...this.file.path, 'sections', s.index]) : new Uint8Array(0);
      this.contents.set(s.index, b);
    }
    return b;
  }

  /** Where the pointer at `offset` of section `s` leads, or undefined (reason in `notes`). */
  follow(s: CoffSection, offset: number, what: string, end = false): CoffPointerTarget | undefined {
    if (!this.pointer) return this.fail(`${what}: machine ${hex(this.coff.machine)} has no pointer relocation this reader follows`);
    const rel = this.relocations(s).get(offset);
    if (!rel) return this.fail(`${what}: no relocation for the pointer at offset ${hex(offset)} of section [${s.index}] '${s.name}'`);
    if (rel.type !== this.pointer.type) return this.fail(`${what}: relocation type ${hex(rel.type)} is not the absolute pointer relocation of machine ${hex(this.coff.machine)}`);
    const sym = this.symbol(rel.symbol);
    if (!sym) return this.fail(`${what}: relocation names symbol ${rel.symbol}, which is not a symbol record of the ${this.coff.symbolTable.count}-record table`);
    const target = this.sectionOf(sym, what);
    if (!target) return undefined;
    const b = this.bytes(s);
    if (offset + this.pointer.bytes > b.length) return this.fail(`${what}: a ${this.pointer.bytes}-byte pointer at offset ${hex(offset)} runs past the end of section [${s.index}] '${s.name}'`);
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const addend = this.pointer.bytes === 8 ? v.getBigUint64(offset, true) : BigInt(v.getUint32(offset, true));
    const off = BigInt(sym.value) + addend;
    const size = BigInt(target.offset === 0 ? 0 : target.size);
    if (off > size || (off === size && !end)) return this.fail(`${what}: offset ${hex(off)} is outside section [${target.index}] '${target.name}' (${size} bytes)`);
    return { section: target, offset: Number(off) };
  }

  /**
   * The symbol of IR global `name` (i386: `_name`, as LLVM's mangler writes it, else the plain name):
   * its section and Value (the offset in that section, in an object file).
   */
  symbolPlaces(name: string): (CoffPointerTarget | null)[] {
    const mangled = coffSymbolName(this.coff.machine, name);
    const table = this.symbolTable();
    let syms = table.filter((x) => x.name === mangled);
    if (!syms.length && mangled !== name) syms = table.filter((x) => x.name === name);
    return syms.map((sym) => {
      const s = this.sectionOf(sym, name);
      if (!s) return null;
      if (sym.value > (s.offset === 0 ? 0 : s.size)) {
        this.notes.push(`${name}: Value ${hex(sym.value)} is outside section [${s.index}] '${s.name}'`);
        return null;
      }
      return { section: s, offset: sym.value };
    });
  }

  private sectionOf(sym: CoffSymbolRecord, what: string): CoffSection | undefined {
    if (sym.section === COFF_SYM_UNDEFINED) return this.fail(`${what}: symbol '${sym.name}' is not defined in this file`);
    const s = sym.section > 0 ? this.file.sections[sym.section - 1] : undefined;
    if (!s) return this.fail(`${what}: symbol '${sym.name}' has SectionNumber ${sym.section}, which is not a section of this file`);
    return s;
  }

  /** A range of the file given by two fields of a section header must lie in the file. */
  private check(s: CoffSection, range: { offset: number; size: number }, offsetField: 'pointerToRawData' | 'pointerToRelocations', sizeField: 'sizeOfRawData' | 'numberOfRelocations', what: string): void {
    const loc = locate(R.bytes('offset', 'size'), range, this.space.size);
    if (loc.ok) return;
    const f = loc.field === 'offset' ? offsetField : sizeField;
    throw new DecodeError('EOF', `section [${s.index}] '${s.name}' ${what}: ${loc.reason}`, s.headerOffset + CoffSectionHeader.offsets[f], [...this.file.path, 'sectionHeaders', s.index, f]);
  }

  /** The relocations of section `s` by field offset (read once, in one pass; the first of a place wins). */
  private relocations(s: CoffSection): Map<number, Reloc> {
    let m = this.relocs.get(s.index);
    if (m) return m;
    m = new Map();
    this.relocs.set(s.index, m);
    const size = CoffRelocation.fixedSize!;
    let { offset, count } = s.relocations;
    if (count === 0) return m;
    this.check(s, { offset, size: size * count }, 'pointerToRelocations', 'numberOfRelocations', 'relocations');
    const path = [...this.file.path, 'sections', s.index, 'relocations'];
    let first = 0;
    if ((s.characteristics & COFF_SCN_LNK_NRELOC_OVFL) !== 0 && count === 0xffff) {
      // The real count is the first record's VirtualAddress (that record included).
      count = this.space.decode(CoffRelocation, offset, { path: [...path, 0] }).virtualAddress;
      this.check(s, { offset, size: size * count }, 'pointerToRelocations', 'numberOfRelocations', 'relocations (IMAGE_SCN_LNK_NRELOC_OVFL count)');
      first = 1;
    }
    // Sections may all name one relocation table (or overlapping ones): each is parsed into its own
    // map, so the records parsed in all are bounded by twice the records the object can hold (tables
    // that do not overlap never come near it). 100 sections naming one 65,535-record table were
    // 6.5 million map entries (offload-list: 1.5 s, 540 MB; 10 sections: 0.33 s, 135 MB).
    this.relocBudget -= count - first;
    if (this.relocBudget < 0) {
      throw new DecodeError('FORMAT', `section [${s.index}] '${s.name}' relocations: the relocation tables of the sections read add up to more than twice the ${Math.floor(this.space.size / size)} records the object can hold (they overlap)`, s.headerOffset + CoffSectionHeader.offsets.pointerToRelocations, [...this.file.path, 'sectionHeaders', s.index, 'pointerToRelocations']);
    }
    const table = this.space.bytes(offset, size * count, `relocations of section [${s.index}]`, path);
    const v = new DataView(table.buffer, table.byteOffset, table.byteLength);
    const o = CoffRelocation.offsets;
    for (let i = first; i < count; i++) {
      const at = i * size;
      const place = v.getUint32(at + o.virtualAddress, true);
      if (!m.has(place)) m.set(place, { type: v.getUint16(at + o.type, true), symbol: v.getUint32(at + o.symbolTableIndex, true) });
    }
    return m;
  }

  private symbol(index: number): CoffSymbolRecord | undefined {
    if (!this.byIndex) this.byIndex = new Map(this.symbolTable().map((x) => [x.index, x]));
    return this.byIndex.get(index);
  }

  /** Every symbol record with its name (read once). */
  symbolTable(): CoffSymbolRecord[] {
    if (this.symbols) return this.symbols;
    const out: CoffSymbolRecord[] = [];
    this.symbols = out;
    const { offset, count, recordSize } = this.coff.symbolTable;
    if (offset === 0 || count === 0) return out;
    const loc = locate(R.bytes('offset', 'size'), { offset, size: count * recordSize }, this.space.size);
    if (!loc.ok) {
      const f = loc.field === 'offset' ? 'pointerToSymbolTable' : 'numberOfSymbols';
      throw new DecodeError('EOF', `symbol table: ${loc.reason}`, this.space.abs(CoffFileHeader.offsets[f]), [...this.file.path, 'header', f]);
    }
    const big = recordSize === CoffBigObjSymbol.fixedSize;
    const rec = big ? CoffBigObjSymbol.offsets : CoffSymbol.offsets;
    const table = this.space.bytes(offset, count * recordSize, 'symbol table', [...this.file.path, 'symbols']);
    const v = new DataView(table.buffer, table.byteOffset, table.byteLength);
    const st = this.coff.stringTable;
    const strtab = st ? new TerminatedStrings(this.space.bytes(st.offset, st.size, 'string table', [...this.file.path, 'stringTable']), 0, this.space.abs(st.offset)) : undefined;
    for (let i = 0; i < count; i++) {
      const at = i * recordSize;
      let name: string;
      if (v.getUint32(at + rec.name, true) === 0) {
        // 4 zero bytes, then the name's offset in the string table.
        const o = v.getUint32(at + rec.name + 4, true);
        const end = strtab && o >= 4 && o < strtab.bytes.length ? strtab.end(o) : -1;
        name = end < 0 ? '' : strtab!.text(o, decodeEscapedUtf8, end);
      } else {
        const field = table.subarray(at + rec.name, at + rec.name + 8);
        const nul = field.indexOf(0);
        name = decodeEscapedUtf8(field, 0, nul < 0 ? 8 : nul);
      }
      const raw = big ? v.getUint32(at + rec.sectionNumber, true) | 0 : v.getUint16(at + rec.sectionNumber, true);
      const section = big ? raw : raw <= COFF_MAX_SECTIONS_16 ? raw : raw - 0x10000;
      const storageClass = table[at + rec.storageClass]!;
      const auxCount = table[at + rec.numberOfAuxSymbols]!;
      const r: CoffSymbolRecord = { index: i, name, value: v.getUint32(at + rec.value, true), section, storageClass, auxCount };
      // coff_aux_weak_external {TagIndex, Characteristics, ...}: inside the table (the loop bound checks the next record).
      if (storageClass === COFF_SYM_CLASS.WEAK_EXTERNAL && auxCount > 0 && i + 1 < count) r.weakCharacteristics = v.getUint32(at + recordSize + 4, true);
      out.push(r);
      i += auxCount;
    }
    return out;
  }
}

/**
 * Pointers of a PE image (a linked Windows program or DLL): a pointer field holds the address itself
 * (ImageBase + RVA; the base relocations in `.reloc` only move it when the image is loaded elsewhere),
 * so the target is the section whose [VirtualAddress, + size) holds the RVA (size = min(VirtualSize, SizeOfRawData), its file data: src/containers/coff.ts readPeSectionTable),
 * at RVA − VirtualAddress, which must lie in the section's file data. Checked on
 * testdata/llvm22/sycl/k.coff.exe, k2.coff.exe (lld-link-22) and their `llvm-readobj-22` goldens.
 */
export class PePointers extends CoffPointers {
  /** Sections with file data, by VirtualAddress (for `atRva`). */
  private byRva: SectionsByAddress<CoffSection> | undefined;

  constructor(
    input: Uint8Array | ByteSource,
    /** The PE image whose pointers are read. */
    readonly pe: PeFile,
  ) {
    super(input, pe);
  }

  /**
   * Where the address stored at `offset` of section `s` leads, or undefined (reason in `notes`; an
   * address inside the image that no section's file data holds is kept in `unmapped`: a section
   * removed by `llvm-objcopy --remove-section`, the pointers to it left as they were).
   */
  override follow(s: CoffSection, offset: number, what: string, end = false): CoffPointerTarget | undefined {
    const address = this.address(s, offset, what);
    if (address === undefined) return undefined;
    if (address === 0n) return this.fail(`${what}: a null pointer`);
    const rva = address - this.pe.imageBase;
    if (rva < 0n || rva > 0xffffffffn) return this.fail(`${what}: address ${hex(address)} is outside the image (base ${hex(this.pe.imageBase)})`);
    const t = this.atRva(Number(rva), what, end);
    if (!t) this.unmapped.set(what, address);
    return t;
  }

  /** The address (ImageBase + RVA) the pointer at `offset` of section `s` holds, wherever it leads; undefined when it cannot be read (reason in `notes`). */
  address(s: CoffSection, offset: number, what: string): bigint | undefined {
    const b = this.bytes(s);
    const width = this.file.pointerBits === 64 ? 8 : 4;
    if (offset < 0 || offset + width > b.length) return this.fail(`${what}: a ${width}-byte pointer at offset ${hex(offset)} runs past the end of section [${s.index}] '${s.name}'`);
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return width === 8 ? v.getBigUint64(offset, true) : BigInt(v.getUint32(offset, true));
  }

  /** The section holding relative virtual address `rva` in its file data (`end`: or ending there), and the offset in it. */
  atRva(rva: number, what: string, end = false): CoffPointerTarget | undefined {
    this.byRva ??= new SectionsByAddress(
      this.pe.sections.filter((s) => s.offset !== 0 && s.size > 0),
      (s) => BigInt(s.virtualAddress),
    );
    return this.byRva.find(BigInt(rva), end) ?? this.fail(`${what}: address RVA ${hex(rva)} is in no section with file data`);
  }
}
