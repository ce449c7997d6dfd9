/**
 * How `clang-offload-packager-19` / `llvm-offload-binary-22` / upstream main's `llvm-offload-binary`
 * (`-o OUT --image=... [--image=...]`) turn their command line into OffloadBinary images, reproduced
 * exactly so that `syclbin offload-pack` writes the same bytes for the same command line. What differs
 * between those tools (required keys, extension → image kind, offload kind numbers) is a row of
 * formats/eras.ts; the steps below are the same in all of them.
 *
 * Source: clang/tools/clang-offload-packager/ClangOffloadPackager.cpp as shipped in LLVM 19.1
 * (`getImageArguments` + `bundleImages`; the Debian clang-19 19.1.7 binary behaves as described here,
 * see test/offload/packager-args.test.ts), llvm/lib/Object/OffloadBinary.cpp (`getImageKind`,
 * `getOffloadKind`), llvm/lib/BinaryFormat/Magic.cpp (`identify_magic`), llvm/lib/Support/Path.cpp
 * (`sys::path::extension`).
 *
 * 1. Each `--image` value is split at every `,` (`llvm::split`, empty pieces kept); each piece is
 *    split at its first `=` into key and value (`StringRef::split`; no `=` → value ""). The pairs go
 *    into a `DenseMap<StringRef, StringRef>`: a new key takes its bucket, a repeated key keeps its
 *    first bucket and its value becomes `old + "," + new`.
 * 2. The era's required keys must be present (19: `file` and `triple`, error `'file' and 'triple' are
 *    required image arguments`; 22 and main: `file`, error `'file' is a required image arguments`).
 * 3. The (joined) `file` value is split at `,` again ("Permit using multiple instances of `file` in a
 *    single string"): one OffloadBinary per file, in order, all with the same kinds and strings. A
 *    `file` written once without `=` has the null StringRef as its value, which `llvm::split` splits
 *    into nothing: that `--image` adds no image (checked against both Debian binaries).
 * 4. Per file: image kind = IMG_Bitcode (2) if `identify_magic` says bitcode (first 4 bytes `BC C0 DE`
 *    or the wrapper magic 0x0B17C0DE stored as `DE C0 17 0B`; "Clang uses the '.o' suffix for LTO
 *    bitcode"), else from the extension without its dot: `o` 1, `bc` 2, `cubin` 3, `fatbin` 4, `s` 5,
 *    on main also `spv` 6, anything else 0 (case-sensitive `StringSwitch`).
 * 5. Walking the DenseMap in iteration order: `kind` sets the offload kind (`getOffloadKind` of the
 *    era: 19 `openmp` 1, `cuda` 2, `hip` 3; 22 and main 1, 2, 4 and `sycl` 8; anything else —
 *    including a joined `openmp,cuda` — 0); `file` is
 *    skipped; every other pair becomes a string entry (`OffloadingImage::StringData`, a `MapVector`,
 *    so the entries keep the DenseMap order). Flags are 0 (`OffloadingImage ImageBinary{}`).
 *
 * Pure: file contents come from a callback; nothing here touches the file system.
 */
import { ArgumentError, describeValue, optionsArgument, SyclbinError } from '../codec/errors.js';
import type { BlobRef } from '../codec/source.js';
import { hasMagic } from '../codec/schema.js';
import { BitcodeMagic, BitcodeWrapperHeader } from '../../formats/llvm-bitcode.js';
import { LlvmStringDenseMap } from './densemap-order.js';
import { OFFLOAD_KIND_NUMBERINGS } from '../../formats/kinds.js';
import { llvmEra, type LlvmEraInfo } from '../../formats/eras.js';

/** Offload-kind numbering: LLVM 19's `getOffloadKind` (sequential enum, no SYCL). */
export const LLVM19_OFFLOAD_KINDS = OFFLOAD_KIND_NUMBERINGS.llvm19;
/** Sequential numbering as intel/llvm has it (adds `sycl` = 4; docs/spec/syclbin-format.md §2). */
export const SEQUENTIAL_OFFLOAD_KINDS = OFFLOAD_KIND_NUMBERINGS.intel;
/** Bitmask numbering of llvm-project after #135809 (docs/spec/syclbin-format.md §2). */
export const BITMASK_OFFLOAD_KINDS = OFFLOAD_KIND_NUMBERINGS.bitmask;

/** `object::getImageKind(StringRef)` of an era (llvm/lib/Object/OffloadBinary.cpp): 0 for unknown extensions. */
export function imageKindFromExtension(ext: string, era: LlvmEraInfo = llvmEra()): number {
  return Object.hasOwn(era.extensionKinds, ext) ? era.extensionKinds[ext]! : 0;
}

/** `identify_magic(Buffer) == file_magic::bitcode` (llvm/lib/BinaryFormat/Magic.cpp). */
export function hasBitcodeMagic(bytes: Uint8Array): boolean {
  // "if (Magic.size() < 4) return file_magic::unknown;" (hasMagic needs the 4 bytes); magics in formats/llvm-bitcode.ts.
  return hasMagic(BitcodeMagic, bytes) || hasMagic(BitcodeWrapperHeader.fields.magic, bytes);
}

/**
 * `sys::path::extension(Path)` for the POSIX style (llvm/lib/Support/Path.cpp): the part of the last
 * path component from its last `.`, or "" when there is none or the component is `.` / `..`. A path
 * ending in `/` has the component `.`, hence no extension.
 */
export function llvmPathExtension(path: string): string {
  if (path.endsWith('/')) return '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot < 0 || name === '.' || name === '..') return '';
  return name.slice(dot);
}

/** The image kind the packager of `era` records for `file` with contents `bytes`. */
export function packagerImageKind(file: string, bytes: Uint8Array, era: LlvmEraInfo = llvmEra()): number {
  if (hasBitcodeMagic(bytes)) return 2;
  // getImageKind(sys::path::extension(File).drop_front())
  return imageKindFromExtension(llvmPathExtension(file).slice(1), era);
}

/**
 * `getImageArguments(Image)`: the key/value pairs of one `--image=` value in `DenseMap` iteration
 * order, repeated keys joined with `,` at their first position.
 */
export function parseImageArguments(image: string): Array<[key: string, value: string]> {
  return imageArgumentPairs(image).map(([k, v]) => [k, v ?? '']);
}

/**
 * {@link parseImageArguments} keeping LLVM's null value: a key written without `=` has the null
 * `StringRef()` (`StringRef::split` finds no `=`), which differs from an empty one where it is split
 * again: `llvm::split` of a null StringRef yields no pieces at all, of an empty one a single empty
 * piece. A repeated key's joined value is saved text, never null.
 */
function imageArgumentPairs(image: string): Array<[key: string, value: string | null]> {
  const args = new LlvmStringDenseMap<string | null>();
  for (const arg of image.split(',')) {
    const eq = arg.indexOf('=');
    const key = eq < 0 ? arg : arg.slice(0, eq);
    const value = eq < 0 ? null : arg.slice(eq + 1);
    if (!args.tryEmplace(key, value)) args.set(key, `${args.get(key) ?? ''},${value ?? ''}`);
  }
  return args.entries();
}

/** One `--image=` value, parsed: what every OffloadBinary produced from it shares. */
export interface ParsedImageArgument {
  /** The files, in order (the `file` value split at `,`); one OffloadBinary each. None for `file` written without `=`, as in LLVM. */
  files: string[];
  /** OffloadKind from the `kind` value, in the era's numbering. */
  offloadKind: number;
  /** Flags (always 0: the packager sets none). */
  flags: number;
  /** String entries (`file` and `kind` excluded) in DenseMap iteration order. */
  strings: Array<[key: string, value: string]>;
}

/** Whose packager to follow. */
export interface PackagerOptions {
  /** The era (formats/eras.ts; default LLVM 22): required keys, extension kinds, offload kind numbers. */
  era?: LlvmEraInfo;
  /**
   * Offload-kind names → numbers, replacing the era's; names not listed give 0 (e.g. intel/llvm's
   * sequential numbering with sycl 4, `OFFLOAD_KIND_NUMBERINGS.intel`).
   */
  offloadKinds?: Readonly<Record<string, number>>;
}

function offloadKindOf(name: string, table: Readonly<Record<string, number>>): number {
  return Object.prototype.hasOwnProperty.call(table, name) ? table[name]! : 0;
}

/** Parses one `--image=` value the way `bundleImages` does, before any file is read. */
export function parseImageArgument(image: string, options: PackagerOptions = {}): ParsedImageArgument {
  // (from JavaScript: not text was "image.split is not a function")
  if (typeof image !== 'string') throw new ArgumentError(`parseImageArgument: the --image argument must be text ('file=k.o,triple=...'), not ${describeValue(image)}`);
  options = optionsArgument(options, 'parseImageArgument');
  const era = options.era ?? llvmEra();
  const table = options.offloadKinds ?? OFFLOAD_KIND_NUMBERINGS[era.numbering];
  const pairs = imageArgumentPairs(image);
  const file = pairs.find(([k]) => k === 'file');
  if (!era.pack.requiredKeys.every((key) => pairs.some(([k]) => k === key)) || !file) {
    throw new SyclbinError('SYNTAX', `${era.pack.missingKeysError} (in --image=${image})`);
  }
  let offloadKind = 0;
  const strings: Array<[string, string]> = [];
  for (const [key, value] of pairs) {
    if (key === 'kind') offloadKind = offloadKindOf(value ?? '', table);
    else if (key !== 'file') strings.push([key, value ?? '']);
  }
  // `file` without `=` (and not repeated): llvm::split of the null StringRef gives no file, so this
  // --image adds no image (and no error); `file=` gives one empty name, which fails to open.
  return { files: file[1] === null ? [] : file[1].split(','), offloadKind, flags: 0, strings };
}

/** One OffloadBinary the packager writes, in output order. */
export interface PackagerImage {
  /** ImageKind: bitcode when the contents start with the bitcode magic, otherwise from the file's extension (packagerImageKind). */
  imageKind: number;
  /** OffloadKind from `kind`. */
  offloadKind: number;
  /** Flags field. */
  flags: number;
  /** String entries in the order the packager writes them. */
  strings: Array<[key: string, value: string]>;
  /** The file name as given on the command line. */
  file: string;
  /** The file contents, as returned by the caller's reader (bytes, or a blob read on demand). */
  image: Uint8Array | BlobRef;
}

/**
 * The images the packager of the era writes (one binary each, concatenated, in 19 and 22; one binary
 * holding them all on main), in this order, for
 * `--image=` values `images`. `readImage(file)` returns a file's contents (callers do the I/O; `-`
 * means standard input to the real tool); it is called once per file, in the tool's order, after the
 * `file`/`triple` check of its `--image`.
 */
export function describePackagerImages(
  images: readonly string[],
  readImage: (file: string) => Uint8Array | BlobRef,
  options: PackagerOptions = {},
): PackagerImage[] {
  // (from JavaScript: "images is not iterable", "readImage is not a function" at the first image)
  if (!Array.isArray(images) || !images.every((x) => typeof x === 'string')) throw new ArgumentError(`describePackagerImages: the images must be an array of --image arguments (strings), not ${describeValue(images)}`);
  if (typeof readImage !== 'function') throw new ArgumentError(`describePackagerImages: readImage must be a function (file name) => bytes, not ${describeValue(readImage)}`);
  const out: PackagerImage[] = [];
  for (const spec of images) {
    const parsed = parseImageArgument(spec, options);
    for (const file of parsed.files) {
      const image = readImage(file);
      out.push({
        // Only the first bytes decide (the bitcode magic): a blob is not read further here.
        imageKind: packagerImageKind(file, image instanceof Uint8Array ? image : image.slice(0, Math.min(4, image.size)), options.era),
        offloadKind: parsed.offloadKind,
        flags: parsed.flags,
        strings: parsed.strings.map(([k, v]): [string, string] => [k, v]),
        file,
        image,
      });
    }
  }
  return out;
}
