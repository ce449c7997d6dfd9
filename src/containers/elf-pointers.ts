/**
 * Following a pointer stored in an ELF section to the bytes it points at, in the three forms a
 * linker leaves it (checked on testdata/llvm22/sycl: `k.wrapper.o`, `k.exe`, `k.lld.exe`,
 * `k.nopie.exe` and their `*.readelf.txt`; docs/upstream-llvm.md §5.1):
 *
 * - relocatable object (ET_REL): the field is given by a relocation of a SHT_RELA/SHT_REL section
 *   whose sh_info is the field's section, type "absolute pointer" of the machine (formats/elf.ts
 *   `pointerRelocs`: R_X86_64_64, R_AARCH64_ABS64, R_PPC64_ADDR64, R_386_32, ...), against a symbol
 *   of the linked symbol table: target = (symbol's section, st_value + addend), the addend being
 *   r_addend (RELA) or the value in place (REL);
 * - executable or shared object (ET_EXEC/ET_DYN): a dynamic relocation at the field's address
 *   (allocated SHT_RELA/SHT_REL sections such as `.rela.dyn`): RELATIVE → the addend is the address
 *   (GNU ld also writes it in place; ld.lld leaves 0, so the relocation must be read), absolute
 *   against a defined dynamic symbol → its value + addend; without a relocation (a non-PIE
 *   executable, or RELR-packed relocations) the value in place is the address. MIPS has no RELATIVE
 *   type: ld.lld writes R_MIPS_REL32 against symbol 0 with the address in place (on MIPS64 the
 *   composite R_MIPS_REL32/R_MIPS_64, r_info in the MIPS64 little-endian layout where that applies);
 *   the descriptor's and entries' pointers are all such data relocations, none goes through the
 *   MIPS GOT (only code loads the descriptor's address from it). An address becomes
 *   a place in the file through the allocated section that contains it (sh_addr, sh_size,
 *   sh_offset).
 *
 * Relocation tables are read once, in one pass each (in a relocatable object only the tables of the
 * sections asked about): work and memory are linear in the tables' sizes. No chain is followed
 * (one relocation, one symbol), so a hostile table cannot loop. A pointer that cannot be followed is
 * `undefined` with the reason in `notes`; malformed tables are DecodeErrors at their section header.
 *
 * Portable: no Node APIs.
 */
import { decode, DecodeError, hex, toSource, withinPath, type ByteSource } from '../codec/index.js';
import {
  ELF_RELAS,
  ELF_RELS,
  ELF_SECTION_HEADERS,
  ELFCLASS32,
  ELFCLASS64,
  EM,
  ET_REL,
  pointerRelocs,
  relocInfo,
  SHF_ALLOC,
  SHN_LORESERVE,
  SHN_UNDEF,
  SHT_ANDROID_REL,
  SHT_ANDROID_RELA,
  SHT_NOBITS,
  SHT_REL,
  SHT_RELA,
  SHT_SYMTAB,
  type PointerRelocs,
} from '../../formats/elf.js';
import type { ElfFile, ElfSection } from '../offload/elf.js';
import { readElfSymbols, sectionBytes, sectionOfType, type ElfSymbol } from './elf-symbols.js';
import { SectionPointers, SectionsByAddress, sectionPlace, type PointerTarget as GenericTarget } from './pointers.js';
import { forEachPackedReloc, isPackedRelocs, PackedRelocsError } from './elf-android-relocs.js';

/** Relocations of Android's packed tables kept per file, all tables together (a million: 2^20). */
export const MAX_PACKED_RELOCS = 1 << 20;

/** Section types of relocation tables (never pointed at; a program's segments, read as sections, hold them). */
const RELOCATION_TYPES: ReadonlySet<number> = new Set([SHT_RELA, SHT_REL, SHT_ANDROID_RELA, SHT_ANDROID_REL]);

/** A place in an ELF file a pointer leads to. */
export type PointerTarget = GenericTarget<ElfSection>;

interface Reloc {
  type: number;
  sym: number;
  /** r_addend, or the value in place for SHT_REL (read when used). */
  addend: bigint | undefined;
  /** The relocation section (for its symbol table link). */
  table: ElfSection;
}

/** Reads pointers of one ELF file. */
export class ElfPointers extends SectionPointers<ElfSection> {
  private readonly src: ByteSource;
  private readonly relocatable: boolean;
  private readonly relocs: PointerRelocs | undefined;
  private readonly ptrSize: 4 | 8;
  /** ELFCLASS64 little-endian MIPS: r_info in its own byte layout (formats/elf.ts `relocInfo`). */
  private readonly mips64el: boolean;
  /** Relocations by place: ET_REL `section index:offset`, else the address. */
  private readonly byPlace = new Map<string, Reloc>();
  /** ET_REL: sections whose relocation tables are read; executables: 'dynamic' once read. */
  private readonly loaded = new Set<number | 'dynamic'>();
  /** The relocation tables of each section (ET_REL, by sh_info) or the dynamic ones, in section order. */
  private tables: Map<number | 'dynamic', ElfSection[]> | undefined;
  /** Relocation records that may still be decoded (see `relocations`). */
  private relocBudget: number;
  private readonly symtabs = new Map<number, ElfSymbol[]>();
  private readonly contents = new Map<number, Uint8Array>();
  /** Packed relocation tables read (by file range), and the relocations kept from them. */
  private readonly packedRead = new Set<string>();
  private packedCount = 0;
  /** Allocated sections with contents, by address (for `at`). */
  private byAddress: SectionsByAddress<ElfSection> | undefined;

  constructor(
    input: Uint8Array | ByteSource,
    /** The ELF file whose pointers are read. */
    readonly elf: ElfFile,
  ) {
    super({ pointerBits: elf.class, i64Align4: elf.machine === EM.I386, littleEndian: elf.littleEndian, origin: elf.origin, path: elf.path, sections: elf.sections });
    this.src = toSource(input);
    this.relocatable = elf.type === ET_REL;
    this.relocs = pointerRelocs(elf.class, elf.machine);
    this.ptrSize = elf.class === 64 ? 8 : 4;
    this.mips64el = elf.class === 64 && elf.machine === EM.MIPS && elf.littleEndian;
    // (Elf32_Rel, 8 bytes, is the smallest record)
    this.relocBudget = 2 * Math.floor(this.src.size / 8) + 1024;
  }

  /**
   * A symbol of `.symtab` by name (present in objects and unstripped executables): in a relocatable
   * object st_value is an offset in section st_shndx, in an executable an address.
   */
  symbolPlaces(name: string): (PointerTarget | null)[] {
    const symtab = sectionOfType(this.elf, SHT_SYMTAB);
    if (!symtab || !this.mayName(symtab, name)) return [];
    return readElfSymbols(this.src, this.elf, symtab)
      .filter((x) => x.name === name)
      .map((sym) => {
        if (!this.relocatable) return this.at(sym.value, name) ?? null;
        const s = sym.shndx !== SHN_UNDEF && sym.shndx < SHN_LORESERVE ? this.elf.sections[sym.shndx] : undefined;
        if (s && sym.value <= BigInt(s.size)) return { section: s, offset: Number(sym.value) };
        this.notes.push(`${name}: symbol does not lie in a section of this file`);
        return null;
      });
  }

  /**
   * Whether the string table of `symtab` holds `name` + NUL (a symbol of that name needs it; a
   * longer name may end with it): a cheap test before the symbols are decoded, as the SYCL
   * descriptor is looked for in every ELF file. A table that does not read: true (the symbols'
   * read says why).
   */
  private mayName(symtab: ElfSection, name: string): boolean {
    const strtab = this.elf.sections[symtab.link];
    if (!strtab || strtab.type === SHT_NOBITS) return true;
    let b: Uint8Array;
    try {
      b = sectionBytes(this.src, this.elf, strtab);
    } catch (e) {
      if (e instanceof DecodeError) return true;
      throw e;
    }
    // (a name that runs to the table's end without its NUL counts too)
    const want = new TextEncoder().encode(`${name}\0`);
    for (let i = b.indexOf(want[0]!); i >= 0; i = b.indexOf(want[0]!, i + 1)) {
      let j = 1;
      while (j < want.length && i + j < b.length && b[i + j] === want[j]) j++;
      if (j === want.length || (i + j === b.length && j === want.length - 1)) return true;
    }
    return false;
  }

  /** The bytes of a section (read once). */
  bytes(s: ElfSection): Uint8Array {
    let b = this.contents.get(s.index);
    if (!b) {
      b = sectionBytes(this.src, this.elf, s);
      this.contents.set(s.index, b);
    }
    return b;
  }

  /** The pointer-sized value in place at `offset` of section `s`. */
  inPlace(s: ElfSection, offset: number): bigint {
    const b = this.bytes(s);
    if (offset < 0 || offset + this.ptrSize > b.length) {
      throw new DecodeError('EOF', `a ${this.ptrSize}-byte pointer at offset ${offset} of ${sectionPlace(s)} runs past its end`, this.elf.origin + s.offset + offset, [
        ...this.elf.path,
        'sections',
        s.index,
      ]);
    }
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return this.ptrSize === 8 ? v.getBigUint64(offset, this.elf.littleEndian) : BigInt(v.getUint32(offset, this.elf.littleEndian));
  }

  /**
   * Where the pointer at `offset` of section `s` leads, or undefined (reason in `notes`). `end`: the
   * pointer may point just past the end of its section (an `ImageEnd`).
   */
  follow(s: ElfSection, offset: number, what: string, end = false): PointerTarget | undefined {
    const rel = this.relocations(s).get(this.relocatable ? `${s.index}:${offset}` : String(s.addr + BigInt(offset)));
    if (this.relocatable) {
      if (!rel) return this.fail(`${what}: no relocation for the pointer at offset ${hex(offset)} of ${sectionPlace(s)}`);
      if (!this.relocs || rel.type !== this.relocs.abs) return this.fail(`${what}: relocation type ${rel.type} is not the absolute pointer relocation of machine ${this.elf.machine}`);
      const sym = this.symbol(rel);
      if (!sym) return undefined;
      if (sym.shndx === SHN_UNDEF || sym.shndx >= SHN_LORESERVE) return this.fail(`${what}: symbol '${sym.name}' is not defined in a section of this file`);
      const target = this.elf.sections[sym.shndx];
      if (!target) return this.fail(`${what}: symbol '${sym.name}' names section ${sym.shndx}, which does not exist`);
      return this.inside(target, sym.value + (rel.addend ?? this.inPlace(s, offset)), what, end);
    }
    const address = this.addressAt(s, offset, what, rel);
    return address === undefined ? undefined : this.at(address, what, end);
  }

  /**
   * The address the pointer at `offset` of section `s` of a program holds (its relocation's, else the
   * value in place), whether or not a section holds it; undefined in a relocatable object or when
   * it cannot be read (reason in `notes`).
   */
  address(s: ElfSection, offset: number, what: string): bigint | undefined {
    if (this.relocatable) return undefined;
    return this.addressAt(s, offset, what, this.relocations(s).get(String(s.addr + BigInt(offset))));
  }

  private addressAt(s: ElfSection, offset: number, what: string, rel: Reloc | undefined): bigint | undefined {
    let address: bigint;
    if (!rel) address = this.inPlace(s, offset);
    else if (this.relocs && rel.type === this.relocs.relative && !(this.relocs.relativeWithSymbol && rel.sym !== 0)) address = rel.addend ?? this.inPlace(s, offset);
    else if (this.relocs && (rel.type === this.relocs.abs || rel.type === this.relocs.relative)) {
      // (MIPS: R_MIPS_REL32 against a symbol is S + A; the loader takes S from the symbol's GOT
      // entry, which holds its st_value in the file: the GOT itself is not read.)
      const sym = this.symbol(rel);
      if (!sym) return undefined;
      if (sym.shndx === SHN_UNDEF) return this.fail(`${what}: dynamic symbol '${sym.name}' is undefined (resolved at load time)`);
      address = sym.value + (rel.addend ?? this.inPlace(s, offset));
    } else return this.fail(`${what}: dynamic relocation type ${rel.type} at ${hex(s.addr + BigInt(offset))} is not a pointer relocation this reader follows`);
    return address;
  }

  /** The allocated section holding address `a` (`end`: or ending at it), and the offset in it. */
  at(a: bigint, what: string, end = false): PointerTarget | undefined {
    this.byAddress ??= new SectionsByAddress(
      // (relocation tables are never pointed at; a program's segments, read as sections, hold them)
      this.elf.sections.filter((s) => (s.flags & BigInt(SHF_ALLOC)) !== 0n && s.type !== SHT_NOBITS && !RELOCATION_TYPES.has(s.type) && s.size > 0),
      (s) => s.addr,
    );
    const t = this.byAddress.find(a, end);
    if (t) return t;
    this.unmapped.set(what, a);
    return this.fail(`${what}: address ${hex(a)} is in no allocated section with contents`);
  }

  private inside(s: ElfSection, off: bigint, what: string, end: boolean): PointerTarget | undefined {
    if (off < 0n || off > BigInt(s.size) || (off === BigInt(s.size) && !end)) return this.fail(`${what}: offset ${hex(off)} is outside ${sectionPlace(s)} (${s.size} bytes)`);
    return { section: s, offset: Number(off) };
  }

  private symbol(rel: Reloc): ElfSymbol | undefined {
    const link = rel.table.link;
    let syms = this.symtabs.get(link);
    if (!syms) {
      const s = this.elf.sections[link];
      if (!s) return this.fail(`relocation section [${rel.table.index}] links to symbol table ${link}, which does not exist`);
      syms = readElfSymbols(this.src, this.elf, s);
      this.symtabs.set(link, syms);
    }
    const sym = syms[rel.sym];
    if (!sym) return this.fail(`relocation section [${rel.table.index}] names symbol ${rel.sym}, past the ${syms.length} of its table`);
    return sym;
  }

  /** An allocated relocation table holding Android's packed stream ("APS2") rather than records. */
  private packed(t: ElfSection): boolean {
    if (t.size < 4 || t.type === SHT_NOBITS) return false;
    try {
      return isPackedRelocs(this.src.read(this.elf.origin + t.offset, 4));
    } catch {
      return false; // (a table outside the file is reported where its records are read)
    }
  }

  /**
   * The relocations of a packed table (src/containers/elf-android-relocs.ts), by address. `rel`: no
   * addends (SHT_ANDROID_REL: the value in place is the addend, as for SHT_REL).
   */
  private packedTable(t: ElfSection, rel: boolean): void {
    // Section headers naming the very same table read it once.
    const range = `${t.offset}+${t.size}`;
    if (this.packedRead.has(range)) return;
    this.packedRead.add(range);
    const bytes = sectionBytes(this.src, { ...this.elf, path: [] }, t);
    // As many relocations as plain RELA records would fit in the file (the sizes sections claim,
    // .bss's among them, cost no bytes: they bound nothing), and at most MAX_PACKED_RELOCS in all
    // tables together (each is a map entry: V8's maps hold at most 2^24).
    const max = Math.max(0, Math.min(Math.ceil(this.elf.size / ELF_RELAS[this.elf.class === 32 ? ELFCLASS32 : ELFCLASS64].fixedSize!) + 1, MAX_PACKED_RELOCS - this.packedCount));
    try {
      forEachPackedReloc(bytes, max, (r) => {
        this.packedCount++;
        const place = String(r.offset);
        if (this.byPlace.has(place)) return;
        const { sym, type } = relocInfo(this.elf.class, r.info, this.mips64el);
        this.byPlace.set(place, { type, sym, addend: rel ? undefined : r.addend, table: t });
      });
    } catch (e) {
      if (!(e instanceof PackedRelocsError)) throw e;
      throw new DecodeError('FORMAT', `packed relocation ${sectionPlace(t)}: ${e.message}`, this.elf.origin + t.offset + e.at, [...this.elf.path, 'sections', t.index]);
    }
  }

  /** The relocations that can apply to section `s`, by place (each table read once, in one pass). */
  private relocations(s: ElfSection): Map<string, Reloc> {
    const key = this.relocatable ? s.index : 'dynamic';
    if (this.loaded.has(key)) return this.byPlace;
    this.loaded.add(key);
    const cls = this.elf.class === 32 ? ELFCLASS32 : ELFCLASS64;
    const shdr = ELF_SECTION_HEADERS[cls];
    // The tables of every section, found in one pass over the section headers (looked for again for
    // each section a pointer is followed in, the work was sections x sections).
    if (!this.tables) {
      this.tables = new Map();
      for (const t of this.elf.sections) {
        const android = t.type === SHT_ANDROID_RELA || t.type === SHT_ANDROID_REL;
        if (t.type !== SHT_RELA && t.type !== SHT_REL && !(android && !this.relocatable)) continue;
        // ET_REL: the tables for this section (sh_info); executables: the dynamic (allocated) tables.
        if (!this.relocatable && (t.flags & BigInt(SHF_ALLOC)) === 0n) continue;
        const k = this.relocatable ? t.info : 'dynamic';
        let list = this.tables.get(k);
        if (!list) this.tables.set(k, (list = []));
        list.push(t);
      }
    }
    withinPath(this.elf.path, () => {
      for (const t of this.tables!.get(key) ?? []) {
        const android = t.type === SHT_ANDROID_RELA || t.type === SHT_ANDROID_REL;
        // Android's packed form (its own type, or SHT_RELA after GNU strip, which keeps the bytes).
        if (!this.relocatable && (android || this.packed(t))) {
          this.packedTable(t, t.type === SHT_ANDROID_REL || t.type === SHT_REL);
          continue;
        }
        const rec = t.type === SHT_RELA ? ELF_RELAS[cls] : ELF_RELS[cls];
        const size = rec.fixedSize!;
        const hp = ['sectionHeaders', t.index];
        if (t.entsize !== BigInt(size)) {
          throw new DecodeError('FORMAT', `relocation section [${t.index}] has sh_entsize ${t.entsize}, expected ${size} (${rec.describe})`, t.headerOffset + shdr.offsets.sh_entsize, [...hp, 'sh_entsize']);
        }
        if (t.size % size !== 0) throw new DecodeError('FORMAT', `relocation section [${t.index}] size ${t.size} is not a whole number of ${size}-byte records`, t.headerOffset + shdr.offsets.sh_size, [...hp, 'sh_size']);
        // Tables may all lie at one offset (or overlap): the records decoded in all are bounded by
        // twice the records the file can hold (tables that do not overlap never come near it).
        this.relocBudget -= t.size / size;
        if (this.relocBudget < 0) {
          throw new DecodeError('FORMAT', `relocation section [${t.index}]: the relocation tables read add up to more than twice the records the ${this.src.size}-byte file can hold (they overlap)`, t.headerOffset + shdr.offsets.sh_offset, [...hp, 'sh_offset']);
        }
        const bytes = sectionBytes(this.src, { ...this.elf, path: [] }, t);
        const base = this.elf.origin + t.offset;
        for (let i = 0; i < t.size / size; i++) {
          const r = decode(rec, bytes, i * size, { le: this.elf.littleEndian, base, path: ['sections', t.index, 'relocations', i] }) as {
            r_offset: number | bigint;
            r_info: number | bigint;
            r_addend?: number | bigint;
          };
          const place = this.relocatable ? `${s.index}:${BigInt(r.r_offset)}` : String(BigInt(r.r_offset));
          const { sym, type } = relocInfo(this.elf.class, r.r_info, this.mips64el);
          // The first relocation of a place wins (a second one would be an odd table; LLVM applies both).
          if (!this.byPlace.has(place)) this.byPlace.set(place, { type, sym, addend: r.r_addend === undefined ? undefined : BigInt(r.r_addend), table: t });
        }
      }
    });
    return this.byPlace;
  }
}
