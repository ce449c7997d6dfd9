/**
 * Text and JSON listings of OffloadBinaries, the text being exactly what `llvm-objdump --offloading
 * FILE` of the chosen era (formats/eras.ts: 19, 22 or main) prints for a file that is a sequence of
 * OffloadBinaries.
 *
 * Upstream (llvm/tools/llvm-objdump/OffloadDump.cpp; LLVM 19.1 and 22.1 print the same layout):
 *   static void printBinary(const OffloadBinary &OB, uint64_t Index) {
 *     outs() << "\nOFFLOADING IMAGE [" << Index << "]:\n";
 *     outs() << left_justify("kind", 16) << getImageName(OB) << "\n";
 *     outs() << left_justify("arch", 16) << OB.getArch() << "\n";
 *     outs() << left_justify("triple", 16) << OB.getTriple() << "\n";
 *     outs() << left_justify("producer", 16) << getOffloadKindName(OB.getOffloadKind()) << "\n";
 *   }
 * Upstream main (llvm/llvm-project:llvm/test/tools/llvm-objdump/Offloading/nested-offload-binary.test,
 * docs/upstream-llvm.md §2.2) indents every line but the leading empty one by 2 × nesting level, adds
 * `image size      N bytes`, and for an image that is itself an OffloadBinary `nested images   N`
 * followed by the inner images as `[i.j]` one level deeper.
 * `dumpOffloadBinary` prints every binary `extractOffloadBinaries` finds, index counting from 0, and
 * nothing else for a raw OffloadBinary file (no "file format" line; that line belongs to the object
 * path). `getArch`/`getTriple` are `getString("arch")`/`getString("triple")`: "" when absent, the
 * last value when a key repeats. `getOffloadKindName` follows the era's numbering (19: openmp 1,
 * cuda 2, hip 3; 22 and main: the bitmask of llvm-project #135809, openmp 1, cuda 2, hip 4, sycl 8;
 * any other value is "none"). Versions 2 and 3 exist only in the bitmask era and are named with it
 * whatever the era; LLVM 19 and 22 cannot read them at all, so for them the text follows the era's
 * layout.
 *
 * For an object file llvm-objdump first prints the object's header line, then the same blocks for the
 * binaries of its offloading sections (src/offload/elf.ts says which sections):
 *   outs() << '\n' << O->getFileName() << ":\tfile format " << O->getFileFormatName().lower() << "\n";
 * (llvm/tools/llvm-objdump/llvm-objdump.cpp `dumpObject`; checked against llvm-objdump-19 19.1.7 and
 * 22.1.8: "\nomp.o:\tfile format elf64-x86-64\n"). A raw OffloadBinary file is not an ObjectFile there
 * and gets no such line. The file name is printed as given on the command line.
 *
 * Portable: no Node APIs.
 */
import { blobSource, DecodeError, type ByteSource } from '../codec/index.js';
import { isOffloadBinary, readOffloadBinaries, readOffloadBinary, type OffloadBinaryModel, type OffloadEntryModel, type ReadOffloadOptions, type RegionOptions } from './read.js';
import { walkOffloadEntries } from './walk.js';
import type { ElfOffloadResult } from './elf.js';
import { identifyImage, type BareImage, type ImageInfo, type OffloadContainer, type OffloadInput } from './input.js';
import { syclKernelNames, type SyclKernelNames } from './sycl-symbols.js';
import { imageKindLabel, imageKindName, numberingFamily, objdumpImageKind, offloadKindAmbiguity, offloadKindLabel, offloadKindName, type OffloadKindAmbiguity, type OffloadKindNumbering } from '../../formats/kinds.js';
import { llvmEra, numberingFor, type LlvmEra, type LlvmEraInfo } from '../../formats/eras.js';

/** The `producer` column for an entry of a binary of `version`, as `era`'s llvm-objdump names it. */
export function objdumpProducer(offloadKind: number, version: number, era: LlvmEraInfo = llvmEra()): string {
  return offloadKindName(offloadKind, numberingFor(version, era));
}

/** `left_justify(Str, 16)`: pad to 16 columns; a longer string is printed whole, without padding. */
function leftJustify(s: string, width: number): string {
  return s.length >= width ? s : s + ' '.repeat(width - s.length);
}

/**
 * Make a string value printable on one line in the `--strings` extension: control characters
 * (including NUL, which v2+ values may hold) and backslashes are escaped as `\xNN` / `\\`.
 */
export function escapeForListing(s: string): string {
  return s.replace(/[\x00-\x1f\x7f\\]/g, (c) => (c === '\\' ? '\\\\' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

/** How to list. */
export interface ListingOptions {
  /** Also print every string entry of every image (our extension, after the objdump lines). */
  strings?: boolean;
  /** Whose llvm-objdump to match (default LLVM 22). */
  era?: LlvmEraInfo;
  /** Options for reading nested binaries (main era), e.g. the decompression cap. */
  read?: ReadOffloadOptions;
  /** Told when a nested binary cannot be read (main prints a warning and keeps the outer block). */
  warn?: (message: string) => void;
}

/** Nested binaries deeper than this are not listed (with a warning): the input must not choose our stack depth. */
export const MAX_NESTING = 32;

/**
 * The binaries inside an image that starts with the OffloadBinary magic (upstream main lists and
 * extracts them), or undefined when the image is not one. Throws DecodeError when it starts like
 * one but cannot be read.
 */
export function nestedBinaries(e: OffloadEntryModel, opts: ReadOffloadOptions = {}): OffloadBinaryModel[] | undefined {
  if (e.imageRef.size < 4 || !isOffloadBinary(e.imageRef.slice(0, 4))) return undefined;
  return readOffloadBinaries(blobSource(e.imageRef), { maxInflatedSize: opts.maxInflatedSize });
}

interface Frame {
  entry: OffloadEntryModel;
  version: number;
  label: string;
  level: number;
}

/** The text of one image's block, and the frames of its nested images (main). */
function block(f: Frame, opts: ListingOptions, era: LlvmEraInfo): { text: string; children: Frame[] } {
  const ind = ' '.repeat(2 * f.level);
  const e = f.entry;
  const line = (k: string, v: string): string => `${ind}${leftJustify(k, 16)}${v}\n`;
  let text = `\n${ind}OFFLOADING IMAGE [${f.label}]:\n`;
  text += line('kind', objdumpImageKind(e.imageKind, era));
  text += line('arch', e.strings.get('arch') ?? '');
  text += line('triple', e.strings.get('triple') ?? '');
  text += line('producer', objdumpProducer(e.offloadKind, f.version, era));
  if (era.listing.imageSize) text += line('image size', `${e.imageRef.size} bytes`);
  const children: Frame[] = [];
  if (era.listing.nested) {
    let inner: OffloadBinaryModel[] | undefined;
    try {
      inner = nestedBinaries(e, opts.read);
    } catch (err) {
      if (!(err instanceof DecodeError)) throw err;
      opts.warn?.(`failed to extract nested OffloadBinary: ${err.message}`);
    }
    if (inner && f.level + 1 > MAX_NESTING) opts.warn?.(`image [${f.label}]: nested OffloadBinaries deeper than ${MAX_NESTING} levels are not listed`);
    else if (inner) {
      let j = 0;
      for (const b of inner) for (const entry of b.entries) children.push({ entry, version: b.version, label: `${f.label}.${j++}`, level: f.level + 1 });
      text += line('nested images', String(children.length));
    }
  }
  if (opts.strings) {
    text += `${ind}${leftJustify('strings', 16)}${e.strings.size}\n`;
    for (const [k, v] of e.strings) text += `${ind}  ${leftJustify(escapeForListing(k), 14)}${escapeForListing(v)}\n`;
  }
  return { text, children };
}

/**
 * The `llvm-objdump --offloading` text for `binaries` (all read from one file), one piece per image
 * block as it is reached (so a caller can print while reading). Entries of v2/v3 binaries are
 * numbered on, one `OFFLOADING IMAGE` block per entry; nested images (main) follow their parent.
 */
export function* offloadingTextBlocks(binaries: Iterable<OffloadBinaryModel>, opts: ListingOptions = {}): Generator<string> {
  const era = opts.era ?? llvmEra();
  let index = 0;
  for (const bin of binaries) {
    for (const entry of bin.entries) {
      // Depth-first with an explicit stack: nesting depth is the input's choice, not our call stack's.
      const stack: Frame[] = [{ entry, version: bin.version, label: String(index++), level: 0 }];
      while (stack.length) {
        const { text, children } = block(stack.pop()!, opts, era);
        yield text;
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
      }
    }
  }
}

/**
 * The `llvm-objdump --offloading` text of the OffloadBinaries back to back in `src` (or a region of
 * it), walked without building models (src/offload/walk.ts) and handed out in pieces of about
 * `chunk` characters, so that a listing of any length is printed as it is read. Same text as
 * offloadingTextBlocks over the read binaries; `strings` is not supported here (it needs every string).
 */
export function* offloadingTextStream(
  src: ByteSource,
  opts: ListingOptions & RegionOptions & { chunk?: number; onVersion?: (version: number) => void } = {},
): Generator<string> {
  const era = opts.era ?? llvmEra();
  const chunk = opts.chunk ?? 1 << 16;
  const size = era.listing.imageSize;
  let out = '';
  let index = 0;
  for (const { summary: s, model } of walkOffloadEntries(src, { maxInflatedSize: opts.read?.maxInflatedSize, start: opts.start, end: opts.end, path: opts.path })) {
    opts.onVersion?.(model ? model.version : s.version);
    if (model || (s.nested && era.listing.nested)) {
      // Nested images and binaries the full reader took over print through the model path.
      const bin = model ?? readOffloadBinary(src, s.binaryOffset, { maxInflatedSize: opts.read?.maxInflatedSize, end: opts.end });
      const entries = model ? bin.entries : [bin.entries.find((e) => e.imageRef.offset === s.imageOffset && e.imageRef.size === s.imageSize)!];
      for (const entry of entries) {
        const stack: Frame[] = [{ entry, version: bin.version, label: String(index++), level: 0 }];
        while (stack.length) {
          const { text, children } = block(stack.pop()!, opts, era);
          out += text;
          for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
        }
      }
    } else {
      out +=
        `\nOFFLOADING IMAGE [${index++}]:\nkind            ${objdumpImageKind(s.imageKind, era)}\narch            ${s.arch}\ntriple          ${s.triple}\n` +
        `producer        ${objdumpProducer(s.offloadKind, s.version, era)}\n` +
        (size ? `image size      ${s.imageSize} bytes\n` : '');
    }
    if (out.length >= chunk) {
      yield out;
      out = '';
    }
  }
  if (out) yield out;
}

/** The whole `llvm-objdump --offloading` text for `binaries` (see offloadingTextBlocks). */
export function formatOffloadingText(binaries: Iterable<OffloadBinaryModel>, opts: ListingOptions = {}): string {
  let out = '';
  for (const piece of offloadingTextBlocks(binaries, opts)) out += piece;
  return out;
}

import { elfFileFormatName } from '../../formats/elf.js';

export { elfFileFormatName };

/** The line llvm-objdump prints before the listing of an object file: `\nFILE:\tfile format NAME\n`. */
export function objectFileHeaderText(file: string, formatName: string): string {
  return `\n${file}:\tfile format ${formatName}\n`;
}

/** `llvm-objdump --offloading FILE` for an ELF object (header line, then the images). */
export function formatElfOffloadingText(file: string, result: ElfOffloadResult, opts: ListingOptions = {}): string {
  return objectFileHeaderText(file, elfFileFormatName(result.elf.class, result.elf.machine, result.elf.littleEndian)) + formatOffloadingText(result.binaries, opts);
}

/**
 * `llvm-objdump --offloading FILE` for any input readOffloadInput reads (src/offload/input.ts): per
 * object file its header line (`\nFILE:\tfile format F\n`, an archive member as `FILE(MEMBER)`; none for
 * a raw OffloadBinary file), then its images numbered from 0 (llvm/tools/llvm-objdump/OffloadDump.cpp;
 * checked against testdata/llvm22 goldens). Device images that are not inside an OffloadBinary
 * (wrapper objects and executables: llvm-objdump stops with "Invalid data" there) follow as our
 * extension, `DEVICE IMAGE [i]` blocks with what is known of them (see bareImageText).
 */
export function* inputOffloadingText(file: string, input: OffloadInput, opts: ListingOptions & { scanned?: boolean } = {}): Generator<string> {
  for (const o of input.objects) {
    if (o.fileFormat) yield objectFileHeaderText(o.member === undefined ? file : `${file}(${o.member})`, o.fileFormat);
    yield* offloadingTextBlocks(o.binaries, opts);
  }
  if (opts.scanned) {
    for (const f of input.found.filter((x) => x.byScan)) {
      yield `\nOffloadBinary at offset 0x${f.site.offset.toString(16)}${f.site.member === undefined ? '' : ` of ${f.site.member}`}: (found by scanning; not in an offloading section)\n`;
      yield* offloadingTextBlocks([f.binary], opts);
    }
  }
  // A host bitcode module's embedded binaries (llvm-objdump rejects bitcode; llvm-offload-binary extracts them).
  for (const f of input.found.filter((x) => x.site.global !== undefined)) {
    yield `\nOffloadBinary in ${f.site.global}${f.site.member === undefined ? '' : ` of ${f.site.member}`}: (a host bitcode module's !llvm.embedded.objects; not an object file)\n`;
    yield* offloadingTextBlocks([f.binary], opts);
  }
  // The input itself is a module (bitcode, SPIR-V), or images sit outside OffloadBinaries (wrappers).
  const whole = input.container === 'bitcode' || input.container === 'spirv';
  let i = 0;
  for (const b of input.bare) yield bareImageText(b, i++, { ...opts, whole });
}

/**
 * One device image found outside any OffloadBinary, in the layout of an objdump block:
 * kind (`spir-v`, `llvm ir`, `elf`, `<none>`), triple, producer (from the SYCL descriptor's offload
 * kind), image size, where it is, and one `kernel` line per name of its `llvm_offload_entries`.
 * `whole`: the image is the input itself (a bitcode or SPIR-V file, which llvm-objdump rejects).
 */
export function bareImageText(b: BareImage, index: number, opts: ListingOptions & { whole?: boolean } = {}): string {
  const era = opts.era ?? llvmEra();
  const line = (k: string, v: string): string => `${leftJustify(k, 16)}${v}\n`;
  const where = b.site.section ? `section [${b.site.section.index}] ${b.site.section.name}` : 'file';
  let text = opts.whole ? `\nMODULE: (the whole input; not an object file)\n` : `\nDEVICE IMAGE [${index}]: (not in an OffloadBinary)\n`;
  text += line('kind', BARE_KIND_NAMES[b.kind]);
  text += line('triple', b.triple ?? '');
  if (!opts.whole) text += line('producer', b.offloadKind === undefined ? '' : objdumpProducer(b.offloadKind, 2, era));
  text += line('image size', `${b.image.size} bytes`);
  if (!opts.whole) text += line('location', `${b.site.member === undefined ? '' : `member ${b.site.member}, `}${where}, offset 0x${b.site.offset.toString(16)}`);
  for (const k of b.kernels) text += line('kernel', escapeForListing(k));
  return text;
}

/** How a bare image's kind is printed (objdump's names for the image kinds where they exist). */
const BARE_KIND_NAMES: Readonly<Record<BareImage['kind'], string>> = { spirv: 'spir-v', bitcode: 'llvm ir', elf: 'elf', unknown: '<none>' };

/** The JSON listing of any input (schemas/offload-list.schema.json): the binaries as offloadListJson, plus where they are and the device images outside OffloadBinaries. */
export function inputListJson(file: string, input: OffloadInput, opts: ListJsonOptions = {}): OffloadListJson {
  const j = offloadListJson(file, input.binaries, input.elf ? elfListJson(input.elf) : undefined, opts);
  let next = 0;
  j.container = input.container;
  j.objects = input.objects.map((o) => ({ ...(o.member === undefined ? {} : { member: o.member }), fileFormat: o.fileFormat, binaries: o.binaries.map(() => next++) }));
  j.bare = input.bare.map((b, index) => ({
    index,
    kind: b.kind,
    ...(b.triple === undefined ? {} : { triple: b.triple }),
    ...(b.offloadKind === undefined ? {} : { offloadKind: b.offloadKind }),
    ...(b.format === undefined ? {} : { format: b.format }),
    kernels: b.kernels,
    imageOffset: String(b.site.offset),
    imageSize: String(b.image.size),
    ...(b.site.member === undefined ? {} : { member: b.site.member }),
    ...(b.site.section ? { section: b.site.section } : {}),
    image: b.info ?? identifyImage(b.image),
  }));
  const scanned = input.found.filter((f) => f.byScan);
  if (scanned.length) j.scanned = scanned.map((f) => ({ offset: String(f.site.offset), version: f.binary.version, entries: f.binary.entries.length }));
  const embedded = input.found.filter((f) => f.site.global !== undefined);
  if (embedded.length) {
    const era = opts.era ?? llvmEra();
    j.embedded = embedded.map((f) => ({
      global: f.site.global!,
      ...(f.site.member === undefined ? {} : { member: f.site.member }),
      offset: String(f.site.offset),
      binary: binariesJson([f.binary], '', 0, era, opts)[0]!,
    }));
  }
  j.notes = input.notes;
  return j;
}

/** JSON listing (schemas/offload-list.schema.json). 64-bit quantities are decimal strings. */
export interface OffloadListJson {
  /** The file name as given (printed in object header lines). */
  file: string;
  /** The era followed (`--llvm`): it names version-1 offload kinds and image kinds. */
  llvm: LlvmEra;
  /** What the input is (src/offload/input.ts). */
  container?: OffloadContainer;
  /** The object files llvm-objdump prints a header for, with the indices of their binaries. */
  objects?: { member?: string; fileFormat: string; binaries: number[] }[];
  /** Device images outside any OffloadBinary (wrapper objects, executables, bare files). */
  bare?: OffloadListBareJson[];
  /** OffloadBinaries found only by scanning ordinary data for the magic (LLVM does not list them). */
  scanned?: { offset: string; version: number; entries: number }[];
  /**
   * OffloadBinaries in a host bitcode module's `!llvm.embedded.objects` globals (what
   * llvm-offload-binary extracts; llvm-objdump rejects bitcode): the global, where its initializer's
   * data starts in the file, and the binary (its offsets count from the start of the initializer).
   */
  embedded?: { global: string; member?: string; offset: string; binary: OffloadListBinaryJson }[];
  /** What the reader noticed (sections skipped, where llvm-objdump would differ, ...). */
  notes?: string[];
  /** Present when FILE is an ELF object: where the binaries were found. */
  elf?: OffloadListElfJson;
  /** Every OffloadBinary read, in file order; `objects[].binaries` and the ELF sections index into it. */
  binaries: OffloadListBinaryJson[];
}

/** A device image outside any OffloadBinary. */
export interface OffloadListBareJson {
  /** The `DEVICE IMAGE [index]` number. */
  index: number;
  /** What the image is by its magic (`spirv`, `bitcode`, `elf`, `unknown`). */
  kind: BareImage['kind'];
  /** Target triple, when the image or its descriptor says. */
  triple?: string;
  /** From the SYCL device image descriptor. */
  offloadKind?: number;
  /** Image format from the SYCL device image descriptor (an image kind number). */
  format?: number;
  /** Kernel names of the descriptor's `llvm_offload_entries`. */
  kernels: string[];
  /** Byte offset of the image in the file (decimal string). */
  imageOffset: string;
  /** Image size in bytes (decimal string). */
  imageSize: string;
  /** Archive member holding the image, when the input is an archive. */
  member?: string;
  /** Section holding the image (absent when it is the whole file). */
  section?: { index: number; name: string };
  /** What the image is (SPIR-V header fields, bitcode triple, ELF class and machine, ...). */
  image: ImageInfo;
}

/** The `elf` member of the JSON listing: the object's identity and its candidate offloading sections. */
export interface OffloadListElfJson {
  /** `file format` name as llvm-objdump prints it (elf64-x86-64, ...). */
  fileFormat: string;
  /** ELF class (EI_CLASS): 32- or 64-bit. */
  class: 32 | 64;
  /** e_type and e_machine. */
  type: number;
  /** e_machine. */
  machine: number;
  /** Candidate sections (type SHT_LLVM_OFFLOADING or named .llvm.offloading…), in section-header order. */
  sections: OffloadListSectionJson[];
}

/** A candidate offloading section of an ELF object. */
export interface OffloadListSectionJson {
  /** Section header index. */
  index: number;
  /** Section name. */
  name: string;
  /** sh_type (SHT_LLVM_OFFLOADING is 0x6fff4c0b). */
  type: number;
  /** sh_offset (decimal string). */
  offset: string;
  /** sh_size (decimal string). */
  size: string;
  /** Whether its type is SHT_LLVM_OFFLOADING. */
  byType: boolean;
  /** Whether its name starts with an offloading section name (`.llvm.offloading` by default) and it has contents (not SHT_NOBITS). */
  byName: boolean;
  /** Whether its binaries are in the listing (LLVM 19 reads sections by type; --by-name adds the others). */
  read: boolean;
  /** Indices into `binaries` of the binaries this section holds. */
  binaries: number[];
}

/** The `elf` member of the JSON listing for a result of `readElfOffloadBinaries`. */
export function elfListJson(result: ElfOffloadResult): OffloadListElfJson {
  let next = 0;
  const held = new Map<number, number[]>();
  for (const r of result.read) held.set(r.section.index, r.binaries.map(() => next++));
  return {
    fileFormat: elfFileFormatName(result.elf.class, result.elf.machine, result.elf.littleEndian),
    class: result.elf.class,
    type: result.elf.type,
    machine: result.elf.machine,
    sections: result.sections.map((s) => ({
      index: s.index,
      name: s.name,
      type: s.type,
      offset: String(s.offset),
      size: String(s.size),
      byType: s.byType,
      byName: s.byName,
      read: held.has(s.index),
      binaries: held.get(s.index) ?? [],
    })),
  };
}

/** One OffloadBinary of the JSON listing. */
export interface OffloadListBinaryJson {
  /** Byte offset of the binary in the file (in its parent image for nested binaries). */
  offset: string;
  /** Header version (1-3). */
  version: number;
  /** Header `Size`. */
  size: string;
  /** `sequential` or `bitmask`: the family of the numbering that names its offload kinds. */
  offloadKindEra: 'sequential' | 'bitmask';
  /** The numbering that names its offload kinds: the era's for version 1, bitmask for 2 and 3. */
  offloadKindNumbering: OffloadKindNumbering;
  /** Payload compression of a compressed v3 binary. */
  compression?: 'zlib' | 'zstd';
  /** Size of the inflated payload of a compressed v3 binary (decimal string). */
  inflatedSize?: string;
  /** Its entries, numbered on across the file. */
  entries: OffloadListEntryJson[];
}

/** One entry (image) of an OffloadBinary in the JSON listing. */
export interface OffloadListEntryJson {
  /** The `OFFLOADING IMAGE [index]` number (counted over all binaries of the file, or of the parent image). */
  index: number;
  /** The full label: `3`, or `3.0` for the first image nested in image 3 (upstream main's listing). */
  label: string;
  /** The entry's ImageKind number. */
  imageKind: number;
  /** `getImageKindName` of the era (file extension style, "" when LLVM has none). */
  imageKindName: string;
  /** Descriptive name (`object`, `bitcode`, ..., `syclbin`, `unknown(N)`). */
  imageKindLabel: string;
  /** The entry's OffloadKind number (named by `offloadKindNumbering`). */
  offloadKind: number;
  /** Name in `offloadKindNumbering` (`unknown(N)` when it has none). */
  offloadKindName: string;
  /** Present when the number means different things in different eras (version-1 binaries only). */
  offloadKindAmbiguity?: OffloadKindAmbiguity;
  /** The entry's Flags field. */
  flags: number;
  /** The fields `llvm-objdump --offloading` of the era prints. */
  objdump: { kind: string; arch: string; triple: string; producer: string };
  /** Image offset (relative to the binary; inside the inflated payload for compressed v3) and size. */
  imageOffset: string;
  /** Image size in bytes (decimal string). */
  imageSize: string;
  /** String entries in file order (duplicates resolved: last value at the first position). */
  strings: { key: string; value: string }[];
  /** Kernel names from a clang-sycl-linker `symbols` entry. */
  kernels?: SyclKernelNames;
  /** What the image is (SPIR-V header fields, bitcode triple, ELF class and machine, ...). */
  image: ImageInfo;
  /** The binaries inside an image that is itself an OffloadBinary (up to MAX_NESTING levels). */
  nested?: OffloadListBinaryJson[];
  /** Why an image that starts with the OffloadBinary magic could not be read as one. */
  nestedError?: string;
}

/** JSON options: the era names kinds; reading options apply to nested binaries. */
export interface ListJsonOptions {
  /** Whose numbering names image and offload kinds (default: formats/eras.ts `llvmEra()`). */
  era?: LlvmEraInfo;
  /** Options for reading nested binaries (the decompression cap). */
  read?: ReadOffloadOptions;
}

/** The JSON listing of the binaries of `file` (schemas/offload-list.schema.json). */
export function offloadListJson(file: string, binaries: readonly OffloadBinaryModel[], elf?: OffloadListElfJson, opts: ListJsonOptions = {}): OffloadListJson {
  const era = opts.era ?? llvmEra();
  return { file, llvm: era.era, ...(elf ? { elf } : {}), binaries: binariesJson(binaries, '', 0, era, opts) };
}

function binariesJson(binaries: readonly OffloadBinaryModel[], prefix: string, level: number, era: LlvmEraInfo, opts: ListJsonOptions): OffloadListBinaryJson[] {
  let index = 0;
  return binaries.map((bin) => {
    const numbering = numberingFor(bin.version, era);
    const b: OffloadListBinaryJson = {
      offset: String(bin.offset),
      version: bin.version,
      size: String(bin.size),
      offloadKindEra: numberingFamily(numbering),
      offloadKindNumbering: numbering,
      entries: bin.entries.map((e) => {
        const label = `${prefix}${index}`;
        const j: OffloadListEntryJson = {
          index: index++,
          label,
          imageKind: e.imageKind,
          imageKindName: imageKindName(e.imageKind, era),
          imageKindLabel: imageKindLabel(e.imageKind),
          offloadKind: e.offloadKind,
          offloadKindName: offloadKindLabel(e.offloadKind, numbering),
          flags: e.flags,
          objdump: {
            kind: objdumpImageKind(e.imageKind, era),
            arch: e.strings.get('arch') ?? '',
            triple: e.strings.get('triple') ?? '',
            producer: objdumpProducer(e.offloadKind, bin.version, era),
          },
          imageOffset: String(e.raw.imageOffset),
          imageSize: String(e.raw.imageSize),
          strings: [...e.strings].map(([key, value]) => ({ key, value })),
          image: identifyImage(e.imageRef),
        };
        const ambiguity = offloadKindAmbiguity(e.offloadKind, bin.version);
        if (ambiguity) j.offloadKindAmbiguity = ambiguity;
        const kernels = syclKernelNames(e);
        if (kernels) j.kernels = kernels;
        // Recursion bounded by MAX_NESTING, not by the input.
        if (level < MAX_NESTING) {
          try {
            const inner = nestedBinaries(e, opts.read);
            if (inner) j.nested = binariesJson(inner, `${label}.`, level + 1, era, opts);
          } catch (err) {
            if (!(err instanceof DecodeError)) throw err;
            j.nestedError = err.message;
          }
        }
        return j;
      }),
    };
    if (bin.compression) {
      b.compression = bin.compression;
      b.inflatedSize = String(bin.inflatedSize);
    }
    return b;
  });
}
