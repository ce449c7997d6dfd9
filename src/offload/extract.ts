/**
 * Extraction: our own mode (every image into a folder) and `llvm-offload-binary`'s extract mode.
 *
 * Names of extracted images in our mode: `<index>-<triple>-<arch>.<ext>` where index is the `OFFLOADING IMAGE
 * [index]` number of `syclbin offload-list` / `llvm-objdump --offloading`, `ext` is LLVM's
 * `getImageKindName` (llvm/lib/Object/OffloadBinary.cpp: o, bc, cubin, fatbin, s, spv), for IMG_SYCLBIN
 * (7, intel/llvm) `syclbin`, `prop` or `bin` (see extractedExtension), and otherwise what the bytes are or
 * `bin`. An empty arch or triple is left out.
 */
import { IMAGE_KIND, imageKindName, OFFLOAD_KIND_NUMBERINGS } from '../../formats/kinds.js';
import { llvmEra, type LlvmEraInfo } from '../../formats/eras.js';
import { ArgumentError, describeValue, optionsArgument, type BlobRef, type OptionKeys } from '../codec/index.js';
import { ELF_MAGIC } from '../../formats/elf.js';
import { BITCODE_MAGIC, BITCODE_WRAPPER_MAGIC } from '../../formats/llvm-bitcode.js';
import { SPIRV_MAGIC_BE, SPIRV_MAGIC_LE } from '../../formats/spirv.js';
import { SYCLBIN_MAGIC } from '../../formats/syclbin-v1.js';
import { V2_KEYS, V2_METADATA_ROLES } from '../../formats/syclbin-v2.js';
import { MAX_NESTING, nestedBinaries } from './objdump-text.js';
import { parseImageArguments } from './packager-args.js';
import { escapedStrings, type OffloadBinaryModel, type OffloadEntryModel, type ReadOffloadOptions } from './read.js';
import type { BareImage } from './input.js';

/**
 * A string from a file as a file name: characters outside `[A-Za-z0-9._+-]` become `_` and leading
 * dots too, so a string entry can never name a path outside the output folder.
 */
export function safeFileName(s: string): string {
  return s.replace(/[^A-Za-z0-9._+-]/g, '_').replace(/^\.+/, (dots) => '_'.repeat(dots.length));
}

/**
 * What an image of no named kind (`bin`) holds, told by its first bytes, as the extension of its file:
 * clang-sycl-linker-22 writes its SPIR-V with image kind 0 (`.spirv64..img`), and the same module found
 * in the program it links is a `.spv`; undefined for other bytes.
 */
function contentExtension(image: BlobRef | undefined): string | undefined {
  if (!image || image.size < 4) return undefined;
  const head = image.slice(0, 4);
  const is = (magic: readonly number[]): boolean => magic.every((b, i) => head[i] === b);
  if (is(SPIRV_MAGIC_LE) || is(SPIRV_MAGIC_BE)) return 'spv';
  if (is(BITCODE_MAGIC) || is(BITCODE_WRAPPER_MAGIC)) return 'bc';
  if (is(ELF_MAGIC)) return 'o';
  return undefined;
}

/**
 * The file name each image gets in our folder mode, in `offload-list` order: the extension of its
 * kind as LLVM names it, `syclbin`, or (a kind LLVM has no name for) what its bytes are, else `bin`.
 */
export function extractedImageNames(candidates: readonly (Pick<ExtractCandidate, 'strings' | 'imageKind'> & { image?: BlobRef })[]): string[] {
  return candidates.map((c, i) => {
    const parts = [String(i)];
    const triple = c.strings.get('triple') ?? '';
    const arch = c.strings.get('arch') ?? '';
    // (each cut to 100 characters: the name stays within the 255-byte limit of a file name, and
    // the index in front keeps names apart)
    if (triple) parts.push(safeFileName(triple).slice(0, 100));
    if (arch) parts.push(safeFileName(arch).slice(0, 100));
    return `${parts.join('-')}.${extractedExtension(c)}`;
  });
}

/**
 * The extension of an image's file: LLVM's name of its kind; for image kind 7 (SYCLBIN) `syclbin` when
 * the bytes are a SYCLBIN file, `prop` for the property-set text of a SYCLBIN v2's metadata role
 * entries, what the bytes are otherwise (a v2 `ir`/`native` part is its prefix, metadata and module:
 * `bin`); for a kind LLVM has no name for, what the bytes are, else `bin`.
 */
function extractedExtension(c: Pick<ExtractCandidate, 'strings' | 'imageKind'> & { image?: BlobRef }): string {
  const named = imageKindName(c.imageKind, llvmEra('main'));
  if (named) return named;
  if (c.imageKind === IMAGE_KIND.syclbin) {
    const head = c.image && c.image.size >= SYCLBIN_MAGIC.length ? c.image.slice(0, SYCLBIN_MAGIC.length) : undefined;
    if (head && SYCLBIN_MAGIC.every((b, i) => head[i] === b)) return 'syclbin';
    const role = c.strings.get(V2_KEYS.role);
    if (role !== undefined) return V2_METADATA_ROLES.has(role) ? 'prop' : 'bin';
  }
  return contentExtension(c.image) ?? 'bin';
}

/**
 * `sys::path::stem(Path)` (llvm/lib/Support/Path.cpp, POSIX style): the file name without its
 * directory and without its last extension; `.` and `..` stay as they are, `.bashrc` becomes "".
 */
export function llvmPathStem(path: string): string {
  const name = path.endsWith('/') ? '.' : path.slice(path.lastIndexOf('/') + 1);
  if (name === '.' || name === '..') return name;
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : name.slice(0, dot);
}

/**
 * One image `llvm-offload-binary` can extract: an entry of a binary found in the input, or (our
 * extension) a device image outside any OffloadBinary, with what is known of it.
 */
export interface ExtractCandidate {
  /** The strings `--image` keys are compared with (`triple`, `arch`, ...). */
  strings: ReadonlyMap<string, string>;
  /** The entry's OffloadKind, or a bare image's descriptor offload kind (0 when unknown); compared with `--image` `kind=`. */
  offloadKind: number;
  /** Names the default output's extension (getImageKindName of the era). */
  imageKind: number;
  /** The image bytes. */
  image: BlobRef;
  /** The OffloadBinary entry, when the image is one (upstream main extracts nested binaries). */
  entry?: OffloadEntryModel;
  /**
   * The archive member the image was found in, when the input is an archive: LLVM names an
   * `--archive` member after the buffer the binary was read from, which for an archive's member is
   * the member's own name, the innermost one of a nested archive (otherwise the input path as typed).
   */
  member?: string;
}

/** What an extraction writes and says. Paths are as LLVM would use them (relative to its working directory). */
export interface ExtractPlan {
  /** Single images: `file=OUT` or default names. */
  files: { path: string; image: BlobRef; defaultName: boolean }[];
  /** `--archive` outputs, in match order: members named after the input path as typed (or the archive member holding the image). */
  archives: { path: string; members: { name: string; image: BlobRef }[] }[];
  /** Lines LLVM prints on standard output (`Extracted: NAME`, main only). */
  stdout: string[];
  /** Warnings LLVM prints (without its program-name prefix). */
  warnings: string[];
  /** The `--image` values that selected no image (LLVM says nothing about them). */
  unmatched: string[];
}

/** Error of an extraction that LLVM also refuses (its message). */
export class ExtractError extends Error {}

/**
 * The entries of `binaries` as extraction candidates; `members[i]`, when given, is the archive
 * member binary `i` was found in: its own name, the innermost of a nested archive (src/offload/input.ts
 * `ImageSite.memberName`).
 */
export function binaryCandidates(binaries: readonly OffloadBinaryModel[], members?: readonly (string | undefined)[]): ExtractCandidate[] {
  const out: ExtractCandidate[] = [];
  binaries.forEach((b, i) => {
    const member = members?.[i];
    for (const e of b.entries) out.push({ strings: e.strings, offloadKind: e.offloadKind, imageKind: e.imageKind, image: e.imageRef, entry: e, ...(member === undefined ? {} : { member }) });
  });
  return out;
}

/** Image kind numbers for bare images by what they are (formats/kinds.ts IMAGE_KIND). */
const BARE_IMAGE_KINDS: Readonly<Record<BareImage['kind'], number>> = { spirv: IMAGE_KIND.spirv, bitcode: IMAGE_KIND.bitcode, elf: IMAGE_KIND.object, unknown: IMAGE_KIND.none };

/** Device images outside OffloadBinaries as candidates: the triple they are known by, the SYCL descriptor's offload kind. */
export function bareCandidates(bare: readonly BareImage[]): ExtractCandidate[] {
  return bare.map((b) => ({
    strings: new Map(b.triple === undefined ? [] : [['triple', b.triple]]),
    offloadKind: b.offloadKind ?? 0,
    imageKind: BARE_IMAGE_KINDS[b.kind],
    image: b.image,
    ...(b.site.memberName === undefined ? {} : { member: b.site.memberName }),
  }));
}

/** The options planLlvmExtraction takes (any other key is an UnknownOptionError). */
const PLAN_KEYS: OptionKeys<Parameters<typeof planLlvmExtraction>[3]> = { era: true, archive: true, read: true };

/**
 * The extract mode of `llvm-offload-binary INPUT --image=K=V,... [--image=...] [--archive]` as the
 * era's tool runs it (llvm/llvm-project:llvm/tools/llvm-offload-binary/llvm-offload-binary.cpp
 * `unbundleImages`; LLVM 19's clang-offload-packager and LLVM 22 behave the same except where
 * formats/eras.ts says otherwise; checked against both binaries, docs/upstream-llvm.md §3):
 * - per `--image` (parsed like the packer's, repeated keys joined with ','), every image whose strings
 *   match every key is selected: `file` is ignored for matching; `kind=V` compares the offload kind
 *   with the number of V in the era's numbering (unknown names are 0); any other key compares the
 *   image's string exactly, a missing string being "";
 * - with `--archive`, `file=OUT` is required ("Image must have a 'file' argument.") and receives a
 *   static archive of the matches; with `file=OUT` alone, OUT receives the LAST match (a warning when
 *   several match); without `file`, each match is written to `<stem>-<triple>-<arch>.<n>.<ext>`
 *   (main: `-<arch>` only when arch is non-empty, nested OffloadBinaries extracted instead of their
 *   outer image, and `Extracted: NAME` printed);
 * - without any `--image`: nothing in 19 and 22; every image (default names) on main.
 * Default names come from the file's strings; one that would leave the working directory (a `/` in
 * triple or arch, or a name of `.`/`..`) is refused instead of written (LLVM would write it).
 */
export function planLlvmExtraction(
  candidates: readonly ExtractCandidate[],
  inputName: string,
  images: readonly string[],
  opts: { era: LlvmEraInfo; archive?: boolean; read?: ReadOffloadOptions },
): ExtractPlan {
  // (from JavaScript each of these ended in a TypeError: "Cannot destructure property 'era'", "images is not iterable")
  if (!Array.isArray(candidates)) throw new ArgumentError(`planLlvmExtraction: the candidates must be an array (binaryCandidates' or bareCandidates' result), not ${describeValue(candidates)}`);
  if (typeof inputName !== 'string') throw new ArgumentError(`planLlvmExtraction: the input name must be a string, not ${describeValue(inputName)}`);
  if (!Array.isArray(images) || !images.every((i) => typeof i === 'string')) throw new ArgumentError(`planLlvmExtraction: the images must be an array of strings (the --image arguments), not ${describeValue(images)}${Array.isArray(images) ? ' holding other values' : ''}`);
  if (opts === undefined || opts === null) throw new ArgumentError('planLlvmExtraction: the options must be an object with the era (llvmEra()), not ' + describeValue(opts));
  opts = optionsArgument(opts, 'planLlvmExtraction', PLAN_KEYS);
  if (typeof opts.era !== 'object' || opts.era === null) throw new ArgumentError(`planLlvmExtraction: the era option must be an LlvmEraInfo (llvmEra()), not ${describeValue(opts.era)}`);
  const { era } = opts;
  const plan: ExtractPlan = { files: [], archives: [], stdout: [], warnings: [], unmatched: [] };
  const stem = llvmPathStem(inputName);
  // `MemoryBuffer::getFileOrSTDIN` names its buffer after the path as given ("<stdin>" for `-`), and
  // writeArchive keeps that name whole (a name holding '/' goes to the `//` table): checked against
  // llvm-offload-binary-22 with `sub/ext.bin` and `./sub/../sub/ext.bin`.
  const inputBuffer = inputName === '-' ? '<stdin>' : inputName;
  const table = OFFLOAD_KIND_NUMBERINGS[era.numbering];
  const kindNumber = (name: string): number => (Object.hasOwn(table, name) ? table[name]! : 0);

  const extractDefault = (matches: readonly ExtractCandidate[]): void => {
    let n = 0;
    // Depth-first over nested binaries (main) with an explicit stack: the input must not choose our stack depth.
    const stack = [...matches].reverse().map((c) => ({ c, level: 0 }));
    while (stack.length) {
      const { c, level } = stack.pop()!;
      const inner = era.extract.recurseNested && c.entry && level < MAX_NESTING ? nestedBinaries(c.entry, opts.read) : undefined;
      if (inner) {
        const cs = binaryCandidates(inner);
        for (let i = cs.length - 1; i >= 0; i--) stack.push({ c: cs[i]!, level: level + 1 });
        continue;
      }
      // The strings' bytes, as LLVM names the file (bytes that are not UTF-8 are lone surrogates
      // U+DC80+byte, written back as those bytes by the output writer: src/node/output.ts fsPath).
      const named = c.entry?.stringEntries.length ? escapedStrings(c.entry) : c.strings;
      const triple = named.get('triple') ?? '';
      const arch = named.get('arch') ?? '';
      const archPart = arch || era.extract.emptyArchDash ? `-${arch}` : '';
      const name = `${stem}-${triple}${archPart}.${n++}.${imageKindName(c.imageKind, era)}`;
      if (name.includes('/') || name === '.' || name === '..') {
        throw new ExtractError(`refusing to write '${name}': the image's triple or arch would place it outside the working directory`);
      }
      plan.files.push({ path: name, image: c.image, defaultName: true });
      if (era.extract.printExtracted) plan.stdout.push(`Extracted: ${name}`);
    }
  };

  if (!images.length) {
    if (era.extract.withoutImage === 'all') extractDefault(candidates);
    return plan;
  }
  for (const spec of images) {
    const args = parseImageArguments(spec);
    const matches = candidates.filter((c) =>
      args.every(([key, value]) => key === 'file' || (key === 'kind' ? c.offloadKind === kindNumber(value) : (c.strings.get(key) ?? '') === value)),
    );
    if (!matches.length) {
      plan.unmatched.push(spec);
      continue;
    }
    const file = args.find(([k]) => k === 'file')?.[1];
    if (opts.archive) {
      if (file === undefined) throw new ExtractError("Image must have a 'file' argument.");
      plan.archives.push({ path: file, members: matches.map((c) => ({ name: c.member ?? inputBuffer, image: c.image })) });
    } else if (file !== undefined) {
      if (matches.length > 1) plan.warnings.push(`Multiple inputs match to a single file, '${file}'`);
      plan.files.push({ path: file, image: matches[matches.length - 1]!.image, defaultName: false });
    } else extractDefault(matches);
  }
  return plan;
}
