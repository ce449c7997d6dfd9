/**
 * XCOFF objects (AIX): only what `XCOFFObjectFile::create` checks before LLVM hands the object to a
 * tool — the file header, the auxiliary header, the section headers, the symbol table and the string
 * table lie in the file. llvm-objdump --offloading prints the object's header line and warns that it
 * reads COFF and ELF only; llvm-offload-binary extracts nothing from it. Nothing inside is read.
 *
 * Upstream: llvm/llvm-project:llvm/lib/Object/XCOFFObjectFile.cpp (`XCOFFObjectFile::create`,
 * `parseStringTable`); the layouts are formats/other-objects.ts.
 *
 * Portable: no Node APIs.
 */
import { decode, DecodeError, toSource, type ByteSource, type BytesLike, type PathKey } from '../codec/index.js';
import {
  XCOFF_SECTION_HEADER_SIZE,
  XCOFF_STRING_TABLE_SIZE_WORD,
  XCOFF_SYMBOL_ENTRY_SIZE,
  XcoffFileHeader32,
  XcoffFileHeader64,
  xcoffBits,
  xcoffFileFormatName,
} from '../../formats/other-objects.js';

/** LLVM's message for a structure that does not fit (object_error::unexpected_eof). */
const UNEXPECTED_EOF = 'The end of the file was unexpectedly encountered';

/** What {@link readXcoffHeaders} found. */
export interface XcoffFile {
  /** 32- or 64-bit XCOFF. */
  bits: 32 | 64;
  /** The name llvm-objdump prints after `file format` (`aixcoff-rs6000`, `aix5coff64-rs6000`). */
  fileFormat: string;
  /** Number of section headers. */
  sections: number;
}

/** Options of {@link readXcoffHeaders}. */
export interface ReadXcoffOptions {
  /** Offset of the object in the source (an archive member's data). */
  origin?: number;
  /** Bytes of the object (default: the rest of the source). */
  size?: number;
  /** Path keys before the object's own (for errors). */
  path?: readonly PathKey[];
}

/**
 * Check an XCOFF object as XCOFFObjectFile::create does, with its messages (`The end of the file was
 * unexpectedly encountered: section headers with offset 0x14 and size 0x50 go past the end of the
 * file`); throws a DecodeError where LLVM fails, or when the input is not XCOFF.
 */
export function readXcoffHeaders(input: BytesLike | ByteSource, opts: ReadXcoffOptions = {}): XcoffFile {
  const src = toSource(input);
  const origin = opts.origin ?? 0;
  const size = opts.size ?? src.size - origin;
  const path = opts.path ?? [];
  const head = src.read(origin, Math.min(size, XcoffFileHeader64.fixedSize!));
  const bits = xcoffBits(head);
  if (bits === undefined) throw new DecodeError('MAGIC', 'not an XCOFF object (01 DF or 01 F7)', origin, [...path, 'header', 'magic']);
  const H = bits === 64 ? XcoffFileHeader64 : XcoffFileHeader32;
  const fail = (what: string, at: number, field: string): never => {
    throw new DecodeError('EOF', what ? `${UNEXPECTED_EOF}: ${what}` : UNEXPECTED_EOF, origin + at, [...path, 'header', field]);
  };
  // fits: getObject's check (Binary::checkOffset) of [at, at + n) against the object's bytes
  const fits = (at: bigint, n: bigint): boolean => at + n <= BigInt(size);
  if (size < H.fixedSize!) fail('', 0, 'magic');
  const h = decode(H as typeof XcoffFileHeader32, src.read(origin, H.fixedSize!), 0, { le: false, base: origin, path: [...path, 'header'] }) as unknown as {
    numberOfSections: number;
    symbolTableOffset: number | bigint;
    numberOfSymbolTableEntries: number;
    auxHeaderSize: number;
  };
  let at = BigInt(H.fixedSize!);
  if (h.auxHeaderSize && !fits(at, BigInt(h.auxHeaderSize))) fail('', H.offsets.auxHeaderSize, 'auxHeaderSize');
  at += BigInt(h.auxHeaderSize);
  if (h.numberOfSections) {
    const n = BigInt(h.numberOfSections * XCOFF_SECTION_HEADER_SIZE[bits]);
    if (!fits(at, n)) fail(`section headers with offset 0x${at.toString(16)} and size 0x${n.toString(16)} go past the end of the file`, H.offsets.numberOfSections, 'numberOfSections');
  }
  const fileFormat = xcoffFileFormatName(bits);
  if (h.numberOfSymbolTableEntries === 0) return { bits, fileFormat, sections: h.numberOfSections };
  const symAt = BigInt(h.symbolTableOffset);
  const symSize = BigInt(XCOFF_SYMBOL_ENTRY_SIZE) * BigInt(h.numberOfSymbolTableEntries);
  if (!fits(symAt, symSize)) fail(`symbol table with offset 0x${symAt.toString(16)} and size 0x${symSize.toString(16)} goes past the end of the file`, H.offsets.symbolTableOffset, 'symbolTableOffset');
  // parseStringTable: no room for the size word is no string table (not an error); a size up to the
  // word's own is a table without strings; else the table must fit and end with NUL.
  const strAt = symAt + symSize;
  const word = BigInt(XCOFF_STRING_TABLE_SIZE_WORD);
  if (fits(strAt, word)) {
    const b = src.read(origin + Number(strAt), XCOFF_STRING_TABLE_SIZE_WORD);
    const strSize = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(0, false);
    if (BigInt(strSize) > word) {
      if (!fits(strAt, BigInt(strSize))) fail(`string table with offset 0x${strAt.toString(16)} and size 0x${strSize.toString(16)} goes past the end of the file`, Number(strAt), 'stringTable');
      if (src.read(origin + Number(strAt) + strSize - 1, 1)[0] !== 0) {
        throw new DecodeError('FORMAT', 'String table must end with a null terminator', origin + Number(strAt), [...path, 'stringTable']);
      }
    }
  }
  return { bits, fileFormat, sections: h.numberOfSections };
}
