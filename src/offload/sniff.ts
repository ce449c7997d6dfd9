/**
 * What input is from its first bytes, for the readers that were given the wrong kind: the container
 * kinds `readOffloadInput` tells apart ({@link offloadContainerOf}, identify_magic's order of tests),
 * a SYCLBIN v1 image, and property-set text; and the hint a reader's error carries when its input is
 * one of them (which function reads it instead).
 *
 * Portable: no Node APIs.
 */
import { DecodeError, hasMagic, toBytes, toSource, type ByteSource, type BytesLike } from '../codec/index.js';
import { ElfIdent } from '../../formats/elf.js';
import { BitcodeMagic, BitcodeWrapperHeader } from '../../formats/llvm-bitcode.js';
import { OffloadMagic } from '../../formats/offload-binary.js';
import { PeDosHeader } from '../../formats/coff.js';
import { spirvByteOrder } from '../../formats/spirv.js';
import { isMachoUniversal, isWasm, machoHeader, xcoffBits } from '../../formats/other-objects.js';
import { SyclbinMagic } from '../../formats/syclbin-v1.js';
import { isArchive } from '../containers/archive.js';
import { identifyCoff, isCoffImportFile } from '../containers/coff.js';
import type { OffloadContainer } from './input.js';

/** The kind of a container from its first bytes (identify_magic's order of tests). */
export function offloadContainerOf(input: BytesLike): OffloadContainer {
  const head = toBytes(input);
  if (hasMagic(OffloadMagic, head)) return 'offload-binaries';
  if (hasMagic(ElfIdent.fields.magic, head)) return 'elf';
  if (isArchive(head)) return 'archive';
  if (identifyCoff(head)) return 'coff';
  if (isCoffImportFile(head)) return 'coff-import';
  // `MZ`: a PE image when the MS-DOS header leads to `PE\0\0` (checked when it is read).
  if (head.length >= PeDosHeader.fixedSize! && hasMagic(PeDosHeader.fields.magic, head)) return 'pe';
  if (hasMagic(BitcodeMagic, head) || hasMagic(BitcodeWrapperHeader.fields.magic, head)) return 'bitcode';
  if (spirvByteOrder(head)) return 'spirv';
  if (machoHeader(head)) return 'macho';
  if (isWasm(head)) return 'wasm';
  if (xcoffBits(head)) return 'xcoff';
  if (isMachoUniversal(head)) return 'macho-universal';
  return 'unknown';
}

/**
 * Registry text: an optional UTF-8 byte order mark, optional blank lines, then a `[` line without a
 * NUL (or nothing but line breaks). A NUL later on, or the mark, is the registry's own error, with its
 * line and offset (as `props` reports it), not "not a property-set file".
 */
export function looksLikeRegistryText(head: Uint8Array): boolean {
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x0a || head[i] === 0x0d)) i++;
  if (i === head.length) return head.length > 0;
  if (head[i] !== 0x5b) return false;
  const eol = head.indexOf(0x0a, i);
  return !head.subarray(i, eol < 0 ? head.length : eol).includes(0);
}

/** The readers whose errors carry a {@link readerHint}. */
export type HintedReader = 'readSyclbin' | 'readOffloadBinaries' | 'readElfOffloadBinaries' | 'readRegistry';

/** Bytes of the input {@link readerHint} looks at (every magic it tests fits; a set name's line mostly does). */
export const HINT_HEAD = 256;

const ANY = 'readOffloadInput reads any container';

/** What each kind is called and which function reads it. */
const READERS: Record<Exclude<OffloadContainer, 'unknown'> | 'syclbin' | 'property-sets', { what: string; reader: string; reads: string }> = {
  syclbin: { what: 'a SYCLBIN v1 image (SYBI magic)', reader: 'readSyclbin', reads: 'readSyclbin reads it' },
  'offload-binaries': { what: 'an LLVM OffloadBinary', reader: 'readOffloadBinaries', reads: 'readOffloadBinaries reads it (readSyclbin a SYCLBIN in one)' },
  elf: { what: 'an ELF file', reader: 'readElfOffloadBinaries', reads: `readElfOffloadBinaries reads the OffloadBinaries in its sections (${ANY})` },
  archive: { what: 'an archive', reader: 'readOffloadInput', reads: 'readOffloadInput reads the OffloadBinaries in its members' },
  coff: { what: 'a COFF object', reader: 'readOffloadInput', reads: 'readOffloadInput reads the OffloadBinaries in its sections' },
  'coff-import': { what: 'a COFF import file', reader: 'readOffloadInput', reads: 'readOffloadInput reads it' },
  pe: { what: 'a PE image (MZ)', reader: 'readOffloadInput', reads: 'readOffloadInput reads the OffloadBinaries in its sections' },
  bitcode: { what: 'LLVM bitcode', reader: 'readOffloadInput', reads: 'readOffloadInput reads the OffloadBinaries it embeds' },
  spirv: { what: 'a SPIR-V module', reader: 'identifyImage', reads: 'a device image, not a container: identifyImage describes it' },
  macho: { what: 'a Mach-O object', reader: 'readOffloadInput', reads: 'readOffloadInput reads it' },
  wasm: { what: 'a WebAssembly module', reader: 'readOffloadInput', reads: 'readOffloadInput reads it' },
  xcoff: { what: 'an XCOFF object', reader: 'readOffloadInput', reads: 'readOffloadInput reads it' },
  'macho-universal': { what: 'a Mach-O universal binary', reader: 'readOffloadInput', reads: 'readOffloadInput reads it' },
  'property-sets': { what: 'property-set text', reader: 'readRegistry', reads: 'readRegistry reads it' },
};

/**
 * When `head` (the input's first bytes, {@link HINT_HEAD} of them are enough) is of a known kind that
 * `reader` does not read: what it is and which function reads it (`the bytes are an ELF file:
 * readElfOffloadBinaries reads …`). Undefined for input of no known kind, or of the kind `reader` reads.
 */
export function readerHint(head: Uint8Array, reader: HintedReader): string | undefined {
  const container = offloadContainerOf(head);
  const kind = hasMagic(SyclbinMagic, head)
    ? 'syclbin'
    : container !== 'unknown'
      ? container
      : head.includes(0x5b) && looksLikeRegistryText(head)
        ? 'property-sets'
        : undefined;
  // (a COFF object of machine 0, IMAGE_FILE_MACHINE_UNKNOWN, is what identify_magic makes of any input
  // starting 00 00, zeros included: too weak a sign to name a reader for)
  if (kind === undefined || (kind === 'coff' && head[0] === 0 && head[1] === 0 && identifyCoff(head) === 'object')) return undefined;
  const r = READERS[kind];
  if (r.reader === reader || (reader === 'readSyclbin' && kind === 'offload-binaries')) return undefined;
  return `the bytes are ${r.what}: ${r.reads}`;
}

/**
 * `e` with the {@link readerHint} of `input`'s bytes at `at` (the start of what `reader` was asked to
 * read) when it is a DecodeError and the bytes are of a known kind `reader` does not read; `e` as it
 * is otherwise. For a reader's own entry point: its callers inside the toolkit say what an input is
 * in their own words.
 */
export function withReaderHint(e: unknown, input: BytesLike | ByteSource | string, reader: HintedReader, at = 0): unknown {
  if (!(e instanceof DecodeError) || e.hint !== undefined) return e;
  let head: Uint8Array;
  try {
    if (typeof input === 'string') head = new TextEncoder().encode(input.slice(at, at + HINT_HEAD));
    else {
      const src = toSource(input);
      head = src.read(at, Math.max(0, Math.min(HINT_HEAD, src.size - at)));
    }
  } catch {
    return e;
  }
  const hint = readerHint(head, reader);
  return hint ? e.withHint(hint) : e;
}
