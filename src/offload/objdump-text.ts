/**
 * Text and JSON listings of OffloadBinaries, the text being exactly what `llvm-objdump-19
 * --offloading FILE` prints for a file that is a sequence of OffloadBinaries.
 *
 * Upstream (LLVM 19.1, llvm/tools/llvm-objdump/OffloadDump.cpp):
 *   static void printBinary(const OffloadBinary &OB, uint64_t Index) {
 *     outs() << "\nOFFLOADING IMAGE [" << Index << "]:\n";
 *     outs() << left_justify("kind", 16) << getImageName(OB) << "\n";
 *     outs() << left_justify("arch", 16) << OB.getArch() << "\n";
 *     outs() << left_justify("triple", 16) << OB.getTriple() << "\n";
 *     outs() << left_justify("producer", 16) << getOffloadKindName(OB.getOffloadKind()) << "\n";
 *   }
 * `dumpOffloadBinary` prints every binary `extractOffloadBinaries` finds, index counting from 0, and
 * nothing else for a raw OffloadBinary file (no "file format" line; that line belongs to the ELF
 * path). `getArch`/`getTriple` are `getString("arch")`/`getString("triple")`: "" when absent, the
 * last value when a key repeats (StringMap assignment in the OffloadBinary constructor).
 * `getOffloadKindName` in LLVM 19 (llvm/lib/Object/OffloadBinary.cpp) knows only OFK_OpenMP 1
 * "openmp", OFK_Cuda 2 "cuda", OFK_HIP 3 "hip"; everything else is "none" (so intel/llvm's sycl = 4
 * prints "none" there). Version 2/3 files come from the bitmask era (llvm-project #135809:
 * openmp 1, cuda 2, hip 4, sycl 8), named with that table; llvm-objdump-19 itself cannot read them
 * (it accepts only Version 1), so for them the text follows the same layout.
 *
 * For an ELF object llvm-objdump first prints the object's header line, then the same blocks for the
 * binaries of its SHT_LLVM_OFFLOADING sections (src/offload/elf.ts says which sections):
 *   outs() << '\n' << O->getFileName() << ":\tfile format " << O->getFileFormatName().lower() << "\n";
 * (llvm/tools/llvm-objdump/llvm-objdump.cpp@00374aa98631 `dumpObject`, the LLVM 19 code; checked
 * against llvm-objdump-19 19.1.7 output: "\nomp.o:\tfile format elf64-x86-64\n"). A raw
 * OffloadBinary file is not an ObjectFile there (`dumpInput` hands it to `dumpOffloadSections`) and
 * gets no such line. The file name is printed as given on the command line.
 *
 * Portable: no Node APIs.
 */
import type { OffloadBinaryModel } from './read.js';
import type { ElfOffloadResult } from './elf.js';
import { imageKindLabel, imageKindName, numberingFamily, numberingForVersion, objdumpImageKind, offloadKindLabel, offloadKindName } from '../../formats/kinds.js';

/**
 * The `producer` column for an entry of a binary of `version`: LLVM 19's getOffloadKindName for
 * version 1 (no SYCL kind), the bitmask names for versions 2 and 3 (formats/kinds.ts).
 */
export function objdumpProducer(offloadKind: number, version: number): string {
  return offloadKindName(offloadKind, version <= 1 ? 'llvm19' : 'bitmask');
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

export interface ListingOptions {
  /** Also print every string entry of every image (our extension, after the objdump lines). */
  strings?: boolean;
}

/**
 * The `llvm-objdump --offloading` text for `binaries` (all read from one file). Entries of v2/v3
 * binaries are numbered on, one `OFFLOADING IMAGE` block per entry.
 */
export function formatOffloadingText(binaries: readonly OffloadBinaryModel[], opts: ListingOptions = {}): string {
  let out = '';
  let index = 0;
  for (const bin of binaries) {
    for (const e of bin.entries) {
      out += `\nOFFLOADING IMAGE [${index}]:\n`;
      out += `${leftJustify('kind', 16)}${objdumpImageKind(e.imageKind)}\n`;
      out += `${leftJustify('arch', 16)}${e.strings.get('arch') ?? ''}\n`;
      out += `${leftJustify('triple', 16)}${e.strings.get('triple') ?? ''}\n`;
      out += `${leftJustify('producer', 16)}${objdumpProducer(e.offloadKind, bin.version)}\n`;
      if (opts.strings) {
        out += `${leftJustify('strings', 16)}${e.strings.size}\n`;
        for (const [k, v] of e.strings) out += `  ${leftJustify(escapeForListing(k), 14)}${escapeForListing(v)}\n`;
      }
      index++;
    }
  }
  return out;
}

import { elfFileFormatName } from '../../formats/elf.js';

export { elfFileFormatName };

/** The line llvm-objdump prints before the listing of an object file: `\nFILE:\tfile format NAME\n`. */
export function objectFileHeaderText(file: string, formatName: string): string {
  return `\n${file}:\tfile format ${formatName}\n`;
}

/** `llvm-objdump-19 --offloading FILE` for an ELF object (header line, then the images). */
export function formatElfOffloadingText(file: string, result: ElfOffloadResult, opts: ListingOptions = {}): string {
  return objectFileHeaderText(file, elfFileFormatName(result.elf.class, result.elf.machine, result.elf.littleEndian)) + formatOffloadingText(result.binaries, opts);
}

/** JSON listing (schemas/offload-list.schema.json). 64-bit quantities are decimal strings. */
export interface OffloadListJson {
  file: string;
  /** Present when FILE is an ELF object: where the binaries were found. */
  elf?: OffloadListElfJson;
  binaries: OffloadListBinaryJson[];
}

export interface OffloadListElfJson {
  /** `file format` name as llvm-objdump prints it (elf64-x86-64, ...). */
  fileFormat: string;
  class: 32 | 64;
  /** e_type and e_machine. */
  type: number;
  machine: number;
  /** Candidate sections (type SHT_LLVM_OFFLOADING or named .llvm.offloading…), in section-header order. */
  sections: OffloadListSectionJson[];
}

export interface OffloadListSectionJson {
  index: number;
  name: string;
  type: number;
  offset: string;
  size: string;
  byType: boolean;
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

export interface OffloadListBinaryJson {
  /** Byte offset of the binary in the file. */
  offset: string;
  version: number;
  /** Header `Size`. */
  size: string;
  /** `sequential` (v1, LLVM <= 19) or `bitmask` (v2/v3): how offload kinds are numbered. */
  offloadKindEra: 'sequential' | 'bitmask';
  compression?: 'zlib' | 'zstd';
  inflatedSize?: string;
  entries: OffloadListEntryJson[];
}

export interface OffloadListEntryJson {
  /** The `OFFLOADING IMAGE [index]` number (counted over all binaries of the file). */
  index: number;
  imageKind: number;
  /** `getImageKindName` (file extension style, "" when LLVM has none). */
  imageKindName: string;
  /** Descriptive name (`object`, `bitcode`, ..., `syclbin`, `unknown(N)`). */
  imageKindLabel: string;
  offloadKind: number;
  /** Name in the numbering era of the binary's version (`unknown(N)` when it has none). */
  offloadKindName: string;
  flags: number;
  /** The four fields `llvm-objdump --offloading` prints. */
  objdump: { kind: string; arch: string; triple: string; producer: string };
  /** Image offset (relative to the binary; inside the inflated payload for compressed v3) and size. */
  imageOffset: string;
  imageSize: string;
  /** String entries in file order (duplicates resolved: last value at the first position). */
  strings: { key: string; value: string }[];
}

export function offloadListJson(file: string, binaries: readonly OffloadBinaryModel[], elf?: OffloadListElfJson): OffloadListJson {
  let index = 0;
  return {
    file,
    ...(elf ? { elf } : {}),
    binaries: binaries.map((bin) => {
      const numbering = numberingForVersion(bin.version);
      const b: OffloadListBinaryJson = {
        offset: String(bin.offset),
        version: bin.version,
        size: String(bin.size),
        offloadKindEra: numberingFamily(numbering),
        entries: bin.entries.map((e) => ({
          index: index++,
          imageKind: e.imageKind,
          imageKindName: imageKindName(e.imageKind),
          imageKindLabel: imageKindLabel(e.imageKind),
          offloadKind: e.offloadKind,
          offloadKindName: offloadKindLabel(e.offloadKind, numbering),
          flags: e.flags,
          objdump: {
            kind: objdumpImageKind(e.imageKind),
            arch: e.strings.get('arch') ?? '',
            triple: e.strings.get('triple') ?? '',
            producer: objdumpProducer(e.offloadKind, bin.version),
          },
          imageOffset: String(e.raw.imageOffset),
          imageSize: String(e.raw.imageSize),
          strings: [...e.strings].map(([key, value]) => ({ key, value })),
        })),
      };
      if (bin.compression) {
        b.compression = bin.compression;
        b.inflatedSize = String(bin.inflatedSize);
      }
      return b;
    }),
  };
}
