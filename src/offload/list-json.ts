/**
 * The JSON listing of `syclbin offload-list --json` (schemas/offload-list.schema.json): every header
 * field, kind numbers with their names in the chosen era, string entries, what each image is, kernel
 * names of clang-sycl-linker images and nested binaries; for any input readOffloadInput reads, also
 * where the binaries were found and the device images outside OffloadBinaries. The fields named
 * `objdump` are what llvm-objdump of the era prints (src/offload/objdump-text.ts).
 *
 * Portable: no Node APIs.
 */
import { ArgumentError, DecodeError, describeValue, optionsArgument, toHex, type OptionKeys } from '../codec/index.js';
import { lastStringEntries, repeatedStringKeys, type OffloadBinaryModel, type OffloadEntryModel, type ReadOffloadOptions } from './read.js';
import type { ElfOffloadResult } from './elf.js';
import type { OffloadBundleEntryModel } from '../containers/offload-bundle.js';
import { identifyImage, type BareImage, type ImageInfo, type OffloadContainer, type OffloadInput } from './input.js';
import { syclKernelNames, type SyclKernelNames } from './sycl-symbols.js';
import { MAX_NESTING, nestedBinaries, objdumpProducer } from './objdump-text.js';
import { imageKindLabel, imageKindName, numberingFamily, objdumpImageKind, offloadKindAmbiguity, offloadKindLabel, type OffloadKindAmbiguity, type OffloadKindNumbering } from '../../formats/kinds.js';
import { llvmEra, numberingFor, type LlvmEra, type LlvmEraInfo } from '../../formats/eras.js';
import { elfFileFormatName } from '../../formats/elf.js';

/** The JSON listing of any input (schemas/offload-list.schema.json): the binaries as offloadListJson, plus where they are and the device images outside OffloadBinaries. */
export function inputListJson(file: string, input: OffloadInput, opts: ListJsonOptions = {}): OffloadListJson {
  // What llvm-objdump lists, then the binaries of the objects past its stop (ObjectListing.afterPeer).
  const after = input.objects.filter((o) => o.afterPeer).flatMap((o) => o.binaries);
  const j = offloadListJson(file, after.length ? [...input.binaries, ...after] : input.binaries, input.elf ? elfListJson(input.elf) : undefined, opts);
  let next = 0;
  const bundleJson = (b: OffloadBundleEntryModel): OffloadListBundleJson => ({ bundle: b.bundle, id: b.id, section: b.section, offset: String(b.offset), size: String(b.data.size), compressed: b.compressed, image: identifyImage(b.data) });
  j.container = input.container;
  const ordered = [...input.objects.filter((o) => !o.afterPeer), ...input.objects.filter((o) => o.afterPeer)];
  j.objects = ordered.map((o) => ({
    ...(o.member === undefined ? {} : { member: o.member }),
    fileFormat: o.fileFormat,
    ...(o.afterPeer ? { afterObjdump: true } : {}),
    binaries: o.binaries.map(() => next++),
    ...(o.bundles?.length ? { bundles: o.bundles.map((b) => bundleJson(b)) } : {}),
  }));
  if (input.otherBundles?.length) j.otherBundles = input.otherBundles.map((o) => ({ ...(o.member === undefined ? {} : { member: o.member }), bundles: o.entries.map(bundleJson) }));
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

/** An entry of a clang-offload-bundler bundle in an object (HIP without -fgpu-rdc). */
export interface OffloadListBundleJson {
  /** The bundle's number in the object (from 0, across its sections). */
  bundle: number;
  /** The entry ID (`hipv4-amdgcn-amd-amdhsa--gfx90a`). */
  id: string;
  /** Index of the section holding the bundle. */
  section: number;
  /** Absolute offset of the bundle (of its CCOB header when compressed). */
  offset: string;
  /** The entry's code size (inflated when compressed). */
  size: string;
  /** The bundle was compressed. */
  compressed: boolean;
  /** What the code is. */
  image: ImageInfo;
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
  objects?: {
    member?: string;
    fileFormat: string;
    /** llvm-objdump stops before this object (on an earlier member, or on this OffloadBinary-file member): listed by this toolkit only. */
    afterObjdump?: boolean;
    binaries: number[];
    bundles?: OffloadListBundleJson[];
  }[];
  /**
   * Offload bundles llvm-objdump does not read (a clang-offload-bundler file itself, a COFF object's
   * bundle), read all the same, per file or member.
   */
  otherBundles?: { member?: string; bundles: OffloadListBundleJson[] }[];
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
  /**
   * String entries in file order (duplicates resolved: last value at the first position). A key or
   * value that is not valid UTF-8 (U+FFFD stands for each bad sequence) also has its bytes, in hex.
   */
  strings: StringJson[];
  /**
   * Keys the entry gives more than once: each with the table indexes of its string entries and the
   * distinct values given, in table order (`strings` holds the last, as every reader keeps it). Absent when no key repeats.
   */
  repeatedKeys?: { key: string; indexes: number[]; values: string[] }[];
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

/** The options offloadListJson takes (any other key is an UnknownOptionError). */
const LIST_JSON_KEYS: OptionKeys<ListJsonOptions> = { era: true, read: true };

/** The JSON listing of the binaries of `file` (schemas/offload-list.schema.json). */
export function offloadListJson(file: string, binaries: readonly OffloadBinaryModel[], elf?: OffloadListElfJson, opts: ListJsonOptions = {}): OffloadListJson {
  // (binaries that are no array were "Cannot read properties of undefined (reading 'map')", a name that is no string written as the listing's file)
  if (typeof file !== 'string') throw new ArgumentError(`offloadListJson: the file name must be a string, not ${describeValue(file)}`);
  if (!Array.isArray(binaries)) throw new ArgumentError(`offloadListJson: the binaries must be an array of OffloadBinary models (readOffloadBinaries' result), not ${describeValue(binaries)}`);
  if (elf !== undefined && (typeof elf !== 'object' || elf === null)) throw new ArgumentError(`offloadListJson: elf must be the listing's ELF facts (an object) or undefined, not ${describeValue(elf)}`);
  opts = optionsArgument(opts, 'offloadListJson', LIST_JSON_KEYS);
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
          strings: stringsJson(e),
          ...repeatedKeysJson(e),
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

/** One string entry of {@link OffloadListEntryJson}: `keyBytes` / `valueBytes` (hex) only where the text is not valid UTF-8. */
export interface StringJson {
  /** The key as UTF-8 text. */
  key: string;
  /** The value as UTF-8 text. */
  value: string;
  /** The key's bytes, contiguous lowercase hex, when they are not valid UTF-8. */
  keyBytes?: string;
  /** The value's bytes, contiguous lowercase hex, when they are not valid UTF-8. */
  valueBytes?: string;
}

/** `repeatedKeys` of an entry whose string entries give a key more than once (nothing otherwise). */
function repeatedKeysJson(e: OffloadEntryModel): { repeatedKeys?: { key: string; indexes: number[]; values: string[] }[] } {
  const repeated = repeatedStringKeys(e);
  // (each value once: entries may all name one long value, and the distinct values are bounded by the
  // reader's budget of decoded string text, MAX_STRING_TEXT)
  return repeated.length ? { repeatedKeys: repeated.map(({ key, indexes }) => ({ key, indexes, values: [...new Set(indexes.map((i) => e.stringEntries[i]!.value))] })) } : {};
}

/** The entry's strings as LLVM's StringMap keeps them (the last value of a key), with the bytes of text that is not UTF-8. */
function stringsJson(e: OffloadEntryModel): StringJson[] {
  const last = lastStringEntries(e);
  return [...e.strings].map(([key, value]) => {
    const se = last.get(key);
    const j: StringJson = { key, value };
    if (se?.keyRaw) j.keyBytes = toHex(se.keyRaw);
    if (se?.valueRaw) j.valueBytes = toHex(se.valueRaw);
    return j;
  });
}
