/**
 * How LLVM 19's `clang-offload-packager -o OUT --image=... [--image=...]` turns its command line into
 * OffloadBinary images, reproduced exactly so that `syclbin offload-pack` writes the same bytes for
 * the same command line.
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
 * 2. Both `triple` and `file` must be present, else the error
 *    `'file' and 'triple' are required image arguments`.
 * 3. The (joined) `file` value is split at `,` again ("Permit using multiple instances of `file` in a
 *    single string"): one OffloadBinary per file, in order, all with the same kinds and strings.
 * 4. Per file: image kind = IMG_Bitcode (2) if `identify_magic` says bitcode (first 4 bytes `BC C0 DE`
 *    or the wrapper magic 0x0B17C0DE stored as `DE C0 17 0B`; "Clang uses the '.o' suffix for LTO
 *    bitcode"), else from the extension without its dot: `o` 1, `bc` 2, `cubin` 3, `fatbin` 4, `s` 5,
 *    anything else 0 (case-sensitive `StringSwitch`).
 * 5. Walking the DenseMap in iteration order: `kind` sets the offload kind (`getOffloadKind`: `openmp`
 *    1, `cuda` 2, `hip` 3, anything else — including `sycl` and a joined `openmp,cuda` — 0); `file` is
 *    skipped; every other pair becomes a string entry (`OffloadingImage::StringData`, a `MapVector`,
 *    so the entries keep the DenseMap order). Flags are 0 (`OffloadingImage ImageBinary{}`).
 *
 * Pure: file contents come from a callback; nothing here touches the file system.
 */
import { SyclbinError } from '../codec/errors.js';
import { hasMagic } from '../codec/schema.js';
import { BitcodeMagic, BitcodeWrapperHeader } from '../../formats/llvm-bitcode.js';
import { LlvmStringDenseMap } from './densemap-order.js';
import { OFFLOAD_KIND_NUMBERINGS } from '../../formats/kinds.js';

/** Offload-kind numbering: LLVM 19's `getOffloadKind` (sequential enum, no SYCL). */
export const LLVM19_OFFLOAD_KINDS = OFFLOAD_KIND_NUMBERINGS.llvm19;
/** Sequential numbering as intel/llvm has it (adds `sycl` = 4; docs/spec/syclbin-format.md §2). */
export const SEQUENTIAL_OFFLOAD_KINDS = OFFLOAD_KIND_NUMBERINGS.intel;
/** Bitmask numbering of llvm-project after #135809 (docs/spec/syclbin-format.md §2). */
export const BITMASK_OFFLOAD_KINDS = OFFLOAD_KIND_NUMBERINGS.bitmask;

/** `object::getImageKind(StringRef)` of LLVM 19 (llvm/lib/Object/OffloadBinary.cpp). */
export function imageKindFromExtension(ext: string): number {
  switch (ext) {
    case 'o':
      return 1; // IMG_Object
    case 'bc':
      return 2; // IMG_Bitcode
    case 'cubin':
      return 3; // IMG_Cubin
    case 'fatbin':
      return 4; // IMG_Fatbinary
    case 's':
      return 5; // IMG_PTX
    default:
      return 0; // IMG_None
  }
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

/** The image kind the packager records for `file` with contents `bytes`. */
export function packagerImageKind(file: string, bytes: Uint8Array): number {
  if (hasBitcodeMagic(bytes)) return 2;
  // getImageKind(sys::path::extension(File).drop_front())
  return imageKindFromExtension(llvmPathExtension(file).slice(1));
}

/**
 * `getImageArguments(Image)`: the key/value pairs of one `--image=` value in `DenseMap` iteration
 * order, repeated keys joined with `,` at their first position.
 */
export function parseImageArguments(image: string): Array<[key: string, value: string]> {
  const args = new LlvmStringDenseMap<string>();
  for (const arg of image.split(',')) {
    const eq = arg.indexOf('=');
    const key = eq < 0 ? arg : arg.slice(0, eq);
    const value = eq < 0 ? '' : arg.slice(eq + 1);
    if (!args.tryEmplace(key, value)) args.set(key, `${args.get(key)!},${value}`);
  }
  return args.entries();
}

/** One `--image=` value, parsed: what every OffloadBinary produced from it shares. */
export interface ParsedImageArgument {
  /** The files, in order (the `file` value split at `,`); one OffloadBinary each. */
  files: string[];
  offloadKind: number;
  flags: number;
  /** String entries (`file` and `kind` excluded) in DenseMap iteration order. */
  strings: Array<[key: string, value: string]>;
}

export interface PackagerOptions {
  /**
   * Offload-kind names → numbers; names not listed give 0. Default: `LLVM19_OFFLOAD_KINDS`, what the
   * LLVM 19 packager writes (it has no SYCL kind, so `kind=sycl` gives 0).
   */
  offloadKinds?: Readonly<Record<string, number>>;
}

function offloadKindOf(name: string, table: Readonly<Record<string, number>>): number {
  return Object.prototype.hasOwnProperty.call(table, name) ? table[name]! : 0;
}

/** Parses one `--image=` value the way `bundleImages` does, before any file is read. */
export function parseImageArgument(image: string, options: PackagerOptions = {}): ParsedImageArgument {
  const table = options.offloadKinds ?? LLVM19_OFFLOAD_KINDS;
  const pairs = parseImageArguments(image);
  const file = pairs.find(([k]) => k === 'file');
  if (!pairs.some(([k]) => k === 'triple') || !file) {
    throw new SyclbinError('SYNTAX', `'file' and 'triple' are required image arguments (in --image=${image})`);
  }
  let offloadKind = 0;
  const strings: Array<[string, string]> = [];
  for (const [key, value] of pairs) {
    if (key === 'kind') offloadKind = offloadKindOf(value, table);
    else if (key !== 'file') strings.push([key, value]);
  }
  return { files: file[1].split(','), offloadKind, flags: 0, strings };
}

/** One OffloadBinary the packager writes, in output order. */
export interface PackagerImage {
  imageKind: number;
  offloadKind: number;
  flags: number;
  /** String entries in the order the packager writes them. */
  strings: Array<[key: string, value: string]>;
  /** The file name as given on the command line. */
  file: string;
  /** The file contents, as returned by the caller's reader. */
  image: Uint8Array;
}

/**
 * The OffloadBinaries `clang-offload-packager` (LLVM 19) writes, concatenated in this order, for
 * `--image=` values `images`. `readImage(file)` returns a file's contents (callers do the I/O; `-`
 * means standard input to the real tool); it is called once per file, in the tool's order, after the
 * `file`/`triple` check of its `--image`.
 */
export function describePackagerImages(
  images: readonly string[],
  readImage: (file: string) => Uint8Array,
  options: PackagerOptions = {},
): PackagerImage[] {
  const out: PackagerImage[] = [];
  for (const spec of images) {
    const parsed = parseImageArgument(spec, options);
    for (const file of parsed.files) {
      const image = readImage(file);
      out.push({
        imageKind: packagerImageKind(file, image),
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
