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
 * Portable: no Node APIs.
 */
import type { OffloadBinaryModel } from './read.js';
import { eraForVersion, imageKindLabel, imageKindName, objdumpImageKind, offloadKindLabel, type OffloadKindEra } from './kinds.js';

/** LLVM 19's `getOffloadKindName` (sequential enum without SYCL). */
function llvm19OffloadKindName(kind: number): string {
  switch (kind) {
    case 1:
      return 'openmp';
    case 2:
      return 'cuda';
    case 3:
      return 'hip';
    default:
      return 'none';
  }
}

/** Bitmask-era `getOffloadKindName` (llvm-project after #135809). */
function bitmaskOffloadKindName(kind: number): string {
  switch (kind) {
    case 1:
      return 'openmp';
    case 2:
      return 'cuda';
    case 4:
      return 'hip';
    case 8:
      return 'sycl';
    default:
      return 'none';
  }
}

/** The `producer` column for an entry of a binary of `version`. */
export function objdumpProducer(offloadKind: number, version: number): string {
  return version <= 1 ? llvm19OffloadKindName(offloadKind) : bitmaskOffloadKindName(offloadKind);
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

/** JSON listing (schemas/offload-list.schema.json). 64-bit quantities are decimal strings. */
export interface OffloadListJson {
  file: string;
  binaries: OffloadListBinaryJson[];
}

export interface OffloadListBinaryJson {
  /** Byte offset of the binary in the file. */
  offset: string;
  version: number;
  /** Header `Size`. */
  size: string;
  /** `sequential` (v1, LLVM <= 19) or `bitmask` (v2/v3): how offload kinds are numbered. */
  offloadKindEra: OffloadKindEra;
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

export function offloadListJson(file: string, binaries: readonly OffloadBinaryModel[]): OffloadListJson {
  let index = 0;
  return {
    file,
    binaries: binaries.map((bin) => {
      const era = eraForVersion(bin.version);
      const b: OffloadListBinaryJson = {
        offset: String(bin.offset),
        version: bin.version,
        size: String(bin.size),
        offloadKindEra: era,
        entries: bin.entries.map((e) => ({
          index: index++,
          imageKind: e.imageKind,
          imageKindName: imageKindName(e.imageKind),
          imageKindLabel: imageKindLabel(e.imageKind),
          offloadKind: e.offloadKind,
          offloadKindName: offloadKindLabel(e.offloadKind, era),
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
