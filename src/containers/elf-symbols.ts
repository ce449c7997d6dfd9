/**
 * ELF symbol tables (formats/elf.ts `Elf32Symbol`/`Elf64Symbol`): reading one (`.symtab`,
 * `.dynsym`) with its names, finding a symbol by name, and the symbols an archive's symbol table lists
 * for an ELF member (`getSymbols` of llvm/lib/Object/ArchiveWriter.cpp@014d1714 with the flags of
 * `ELFObjectFile::getSymbolFlags`, llvm/include/llvm/Object/ELFObjectFile.h: global or weak, defined,
 * not a FILE or SECTION symbol, not the null symbol 0, not a mapping symbol `$d`/`$x` (AArch64),
 * `$a`/`$d`/`$t` or unnamed (ARM), `$d`/`$x` or `.L0 ` (RISC-V)).
 *
 * Checks (DecodeError at the section header field, path `sectionHeaders[i]...` after the file's own
 * path): sh_entsize equal to the record size (ELFFile::symbols: "invalid sh_entsize"), the contents
 * inside the file, a size that is a whole number of records, the string table (sh_link) a STRTAB
 * section inside the file, every st_name inside it. Work and memory are linear in the section's size.
 *
 * Portable: no Node APIs.
 */
import { ArgumentError, blobSource, decode, describeValue, DecodeError, decodeEscapedUtf8, hex, placedSpace, TerminatedStrings, toSource, withinPath, type BlobRef, type ByteSource, type Space, type BytesLike } from '../codec/index.js';
import {
  ELF_SECTION_HEADERS,
  ELF_SYMBOLS,
  ELFCLASS32,
  ELFCLASS64,
  EM,
  ET_DYN,
  ET_EXEC,
  ET_REL,
  SHN_UNDEF,
  SHT_DYNSYM,
  SHT_STRTAB,
  SHT_SYMTAB,
  STB_LOCAL,
  STT_FILE,
  STT_SECTION,
} from '../../formats/elf.js';
import { checkContents, isElf, readElfSectionTable, type ElfFile, type ElfSection } from '../offload/elf.js';

/** One symbol. */
export interface ElfSymbol {
  /** Index in the symbol table. */
  index: number;
  /** Name from the linked string table ('' for none). */
  name: string;
  /** st_value: an offset in its section (relocatable objects) or an address. */
  value: bigint;
  /** st_size. */
  size: bigint;
  /** st_info >> 4 */
  bind: number;
  /** st_info & 0xf */
  type: number;
  /** st_shndx */
  shndx: number;
}

/** The contents of a section as bytes, range-checked (error at its header). */
export function sectionBytes(src: ByteSource, elf: ElfFile, s: ElfSection): Uint8Array {
  const { file } = placedSpace(src, elf, undefined, elf.littleEndian);
  return withinPath(elf.path, () => contents(file, elf, s));
}

function contents(file: Space, elf: ElfFile, s: ElfSection): Uint8Array {
  checkContents(file, { sh_offset: s.offset, sh_size: s.size }, s.headerOffset, s.index, elf.class === 32 ? ELFCLASS32 : ELFCLASS64);
  return file.bytes(s.offset, s.size, `section [${s.index}]`, ['sections', s.index]);
}

/** Read the symbol table in section `s` (SHT_SYMTAB or SHT_DYNSYM) with its names. */
export function readElfSymbols(input: BytesLike | ByteSource, elf: ElfFile, s: ElfSection): ElfSymbol[] {
  const src = toSource(input);
  const cls = elf.class === 32 ? ELFCLASS32 : ELFCLASS64;
  const rec = ELF_SYMBOLS[cls];
  const shdr = ELF_SECTION_HEADERS[cls];
  const size = rec.fixedSize!;
  const { file } = placedSpace(src, elf, undefined, elf.littleEndian);
  return withinPath(elf.path, () => {
    const hp = ['sectionHeaders', s.index];
    if (s.entsize !== BigInt(size)) throw new DecodeError('FORMAT', `symbol table [${s.index}] has sh_entsize ${s.entsize}, expected ${size} (${rec.describe})`, s.headerOffset + shdr.offsets.sh_entsize, [...hp, 'sh_entsize']);
    if (s.size % size !== 0) throw new DecodeError('FORMAT', `symbol table [${s.index}] size ${s.size} is not a whole number of ${size}-byte symbols`, s.headerOffset + shdr.offsets.sh_size, [...hp, 'sh_size']);
    const table = contents(file, elf, s);
    const strSec = elf.sections[s.link];
    if (!strSec || strSec.type !== SHT_STRTAB) {
      throw new DecodeError('FORMAT', `symbol table [${s.index}] links to section ${s.link}, which is not a string table`, s.headerOffset + shdr.offsets.sh_link, [...hp, 'sh_link']);
    }
    const names = contents(file, elf, strSec);
    const ends = new TerminatedStrings(names, 0, file.abs(strSec.offset));
    const base = file.abs(s.offset);
    const out: ElfSymbol[] = new Array(s.size / size);
    for (let i = 0; i < out.length; i++) {
      const r = decode(rec, table, i * size, { le: elf.littleEndian, base, path: ['sections', s.index, 'symbols', i] }) as {
        st_name: number;
        st_info: number;
        st_shndx: number;
        st_value: number | bigint;
        st_size: number | bigint;
      };
      if (r.st_name >= Math.max(1, names.length)) {
        throw new DecodeError('RANGE', `st_name ${hex(r.st_name)} is past the end of the ${names.length}-byte string table [${strSec.index}]`, file.abs(s.offset + i * size + rec.offsets.st_name), ['sections', s.index, 'symbols', i, 'st_name']);
      }
      out[i] = {
        index: i,
        name: names.length ? ends.text(r.st_name, decodeEscapedUtf8) : '',
        value: BigInt(r.st_value),
        size: BigInt(r.st_size),
        bind: r.st_info >> 4,
        type: r.st_info & 0xf,
        shndx: r.st_shndx,
      };
    }
    return out;
  });
}

/** The first section of a type (`.symtab` is SHT_SYMTAB, `.dynsym` SHT_DYNSYM). */
export function sectionOfType(elf: ElfFile, type: number): ElfSection | undefined {
  return elf.sections.find((s) => s.type === type);
}

/** The symbols of `.symtab` (or, without one, `.dynsym`). */
export function elfSymbols(input: BytesLike | ByteSource, elf: ElfFile): ElfSymbol[] {
  const s = sectionOfType(elf, SHT_SYMTAB) ?? sectionOfType(elf, SHT_DYNSYM);
  return s ? readElfSymbols(input, elf, s) : [];
}

/** Mapping symbols LLVM marks format-specific (ELFObjectFile::getSymbolFlags). */
function isMappingSymbol(machine: number, name: string): boolean {
  const starts = (...p: string[]): boolean => p.some((x) => name.startsWith(x));
  if (machine === EM.AARCH64) return starts('$d', '$x');
  if (machine === EM.ARM) return name === '' || starts('$d', '$t', '$a');
  if (machine === EM.RISCV) return name === '.L0 ' || starts('$d', '$x');
  return false;
}

/** Fewest bytes identify_magic needs to call a file ELF. */
const ELF_IDENTIFY_MIN = 18;

/**
 * The names an archive symbol table lists for an ELF object member, in symbol-table order (global
 * or weak, defined, not FILE/SECTION, not the null symbol, not a mapping symbol); `undefined` when
 * the bytes are not an ELF file LLVM reads symbols from (then the member is data, and no symbol table
 * is needed for it). Only `.symtab` counts (ELFObjectFile::symbols).
 */
export function elfArchiveSymbols(input: BytesLike | ByteSource | BlobRef): string[] | undefined {
  // (a value that is no object was "Cannot use 'in' operator to search for 'read' in 5")
  if (typeof input !== 'object' || input === null) throw new ArgumentError(`elfArchiveSymbols: the input must be bytes (a Uint8Array, an ArrayBuffer or a view of one), a ByteSource or a BlobRef, not ${describeValue(input)}`);
  const src = 'read' in input || !('slice' in input && 'bytes' in input) ? toSource(input as BytesLike | ByteSource) : blobSource(input);
  // identify_magic (llvm/lib/BinaryFormat/Magic.cpp) calls a file ELF only from 18 bytes (it reads
  // e_type at 16): a shorter one is data to writeArchive, not an object it fails to read.
  if (src.size < ELF_IDENTIFY_MIN || !isElf(src)) return undefined;
  const elf = readElfSectionTable(src);
  if (elf.type !== ET_REL && elf.type !== ET_EXEC && elf.type !== ET_DYN) return undefined;
  const symtab = sectionOfType(elf, SHT_SYMTAB);
  if (!symtab) return [];
  return readElfSymbols(src, elf, symtab)
    .filter((s) => s.index > 0 && s.bind !== STB_LOCAL && s.shndx !== SHN_UNDEF && s.type !== STT_FILE && s.type !== STT_SECTION && !isMappingSymbol(elf.machine, s.name))
    .map((s) => s.name);
}
