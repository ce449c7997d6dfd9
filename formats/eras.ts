/**
 * LLVM eras: whose conventions the offload commands follow (`--llvm 19|22|main`). Each era is one row
 * of the table below; readers, writers and listings take their choices from the row instead of
 * branching on tool versions themselves.
 *
 * What each row says was checked against Debian's binaries where they exist (19.1.7: clang-19,
 * llvm-19; 22.1.8: clang-22, llvm-22) and read from the source for upstream main; docs/upstream-llvm.md
 * names the fixture or the `repo:path@commit` behind every fact:
 * - 19: `clang-offload-packager-19` writes one version-1 binary per image, requires `file` and
 *   `triple`, sequential offload kinds without SYCL (llvm/lib/Object/OffloadBinary.cpp
 *   `getOffloadKind` in 19: openmp 1, cuda 2, hip 3); `llvm-objdump-19 --offloading` reads version 1 only.
 * - 22: `llvm-offload-binary-22` (also installed as `clang-offload-packager`) still writes one
 *   version-1 binary per image, byte-identical to 19 except the offload kind field, which follows the
 *   bitmask numbering of llvm-project #135809 (openmp 1, cuda 2, hip 4, sycl 8); only `file` is
 *   required; `.spv` still maps to image kind 0; `llvm-objdump-22` prints image kind 6 as `<none>`.
 * - main: llvm/llvm-project:llvm/tools/llvm-offload-binary/llvm-offload-binary.cpp writes ONE binary
 *   holding every image (`OffloadBinary::write(ArrayRef<OffloadingImage>)`, version 3);
 *   llvm/lib/Object/OffloadBinary.cpp maps `spv` to IMG_SPIRV (6); llvm/tools/llvm-objdump/OffloadDump.cpp
 *   prints `image size` and nested binaries (`[0.1]`) and names kind 6 `spir-v`; extracting without
 *   `--image` extracts everything and prints `Extracted: NAME`. No released LLVM reads versions 2 and 3.
 */
import type { OffloadKindNumbering } from './kinds.js';

/** An LLVM era the offload commands can follow. */
export type LlvmEra = '19' | '22' | 'main';

/** The eras, oldest first. */
export const LLVM_ERAS_ORDER: readonly LlvmEra[] = ['19', '22', 'main'];

/** The era followed when the user does not choose one: the newest LLVM release Debian ships. */
export const DEFAULT_LLVM_ERA: LlvmEra = '22';

/** Everything that differs between eras, as data. */
export interface LlvmEraInfo {
  /** The era's name (`19`, `22`, `main`). */
  readonly era: LlvmEra;
  /** The release the row was checked against (or `main` for unreleased upstream). */
  readonly release: string;
  /** The packer/extractor of this era, as Debian names it. */
  readonly packer: string;
  /** The lister of this era. */
  readonly objdump: string;
  /** How `kind=NAME` becomes a number and how numbers are named in version-1 binaries. */
  readonly numbering: OffloadKindNumbering;
  /** OffloadBinary versions this era's tools read (others are "Invalid data" to them). */
  readonly reads: readonly number[];
  /** What the packer writes. */
  readonly pack: {
    /** Version written. */
    readonly version: 1 | 3;
    /** One binary holding every image (true) or one binary per image, concatenated (false). */
    readonly multiEntry: boolean;
    /** `--image` keys that must be present, and the error when one is missing. */
    readonly requiredKeys: readonly string[];
    readonly missingKeysError: string;
    /**
     * Without `-o` (and no input): print the help, status 0 (llvm-offload-binary, main():
     * `OutputFile.empty() && InputFile.empty()`), or write nothing, status 0 (clang-offload-packager-19,
     * which packs only when an output is named).
     */
    readonly withoutOutput: 'help' | 'nothing';
  };
  /** Image kind numbers by file extension (`getImageKind`); anything else is 0. */
  readonly extensionKinds: Readonly<Record<string, number>>;
  /** Names that differ from `IMAGE_KINDS` (formats/kinds.ts) in this era: `getImageKindName` and objdump's `kind`. */
  readonly imageKindNames: Readonly<Record<number, { readonly ext: string; readonly objdump: string }>>;
  /** `llvm-objdump --offloading` layout. */
  readonly listing: {
    /** Print `image size      N bytes` after `producer`. */
    readonly imageSize: boolean;
    /** Recurse into images that are themselves OffloadBinaries (`nested images   N`, `[0.1]`). */
    readonly nested: boolean;
    /**
     * Split clang-offload-bundler bundles found in an ELF object's sections and write their entries as
     * files (`Extracting offload bundle: NAME`; llvm/tools/llvm-objdump/OffloadDump.cpp, LLVM 22 on;
     * src/containers/offload-bundle.ts).
     */
    readonly bundles: boolean;
    /**
     * The exit status when standard output is closed while listing: 74 (EX_IOERR, silently) from
     * llvm-objdump-19, whose InitLLVM sets LLVM's one-shot pipe-signal handler
     * (llvm/lib/Support/Unix/Signals.inc `DefaultOneShotPipeSignalHandler`); llvm-objdump-22 dies of
     * SIGPIPE (141). Both observed on Debian's builds; main is taken to be as 22.
     */
    readonly closedPipeStatus: number;
  };
  /**
   * `llvm-offload-binary INPUT [--image=...]` (extract mode). In every era default names are
   * `<stem(INPUT)>-<triple>-<arch>.<n>.<ext>` with `n` counting the matches of one `--image` (or of
   * the whole input without `--image`) from 0.
   */
  readonly extract: {
    /** Without `--image`: do nothing (19, 22) or extract every image (main). */
    readonly withoutImage: 'nothing' | 'all';
    /** Default names keep `-<arch>` when arch is empty (19, 22: `k-spirv64-unknown-unknown-.0.`) or drop it (main). */
    readonly emptyArchDash: boolean;
    /** Print `Extracted: NAME` per file (main). */
    readonly printExtracted: boolean;
    /** Extract the images of nested binaries instead of the outer image (main). */
    readonly recurseNested: boolean;
  };
}

const BASE_EXTENSIONS = { o: 1, bc: 2, cubin: 3, fatbin: 4, s: 5 } as const;

/** The eras. */
export const LLVM_ERAS: Readonly<Record<LlvmEra, LlvmEraInfo>> = {
  '19': {
    era: '19',
    release: '19.1.7',
    packer: 'clang-offload-packager-19',
    objdump: 'llvm-objdump-19',
    numbering: 'llvm19',
    reads: [1],
    pack: { version: 1, multiEntry: false, requiredKeys: ['file', 'triple'], missingKeysError: "'file' and 'triple' are required image arguments", withoutOutput: 'nothing' },
    extensionKinds: BASE_EXTENSIONS,
    imageKindNames: {},
    listing: { imageSize: false, nested: false, bundles: false, closedPipeStatus: 74 },
    extract: { withoutImage: 'nothing', emptyArchDash: true, printExtracted: false, recurseNested: false },
  },
  '22': {
    era: '22',
    release: '22.1.8',
    packer: 'llvm-offload-binary-22',
    objdump: 'llvm-objdump-22',
    numbering: 'bitmask',
    reads: [1],
    pack: { version: 1, multiEntry: false, requiredKeys: ['file'], missingKeysError: "'file' is a required image arguments", withoutOutput: 'help' },
    extensionKinds: BASE_EXTENSIONS,
    imageKindNames: {},
    listing: { imageSize: false, nested: false, bundles: true, closedPipeStatus: 141 },
    extract: { withoutImage: 'nothing', emptyArchDash: true, printExtracted: false, recurseNested: false },
  },
  main: {
    era: 'main',
    release: 'main',
    packer: 'llvm-offload-binary (upstream main)',
    objdump: 'llvm-objdump (upstream main)',
    numbering: 'bitmask',
    reads: [1, 2, 3],
    pack: { version: 3, multiEntry: true, requiredKeys: ['file'], missingKeysError: "'file' is a required image arguments", withoutOutput: 'help' },
    extensionKinds: { ...BASE_EXTENSIONS, spv: 6 },
    imageKindNames: { 6: { ext: 'spv', objdump: 'spir-v' } },
    listing: { imageSize: true, nested: true, bundles: true, closedPipeStatus: 141 },
    extract: { withoutImage: 'all', emptyArchDash: false, printExtracted: true, recurseNested: true },
  },
};

/** The row of an era. */
export function llvmEra(era: LlvmEra = DEFAULT_LLVM_ERA): LlvmEraInfo {
  return LLVM_ERAS[era];
}

/**
 * The numbering that names the offload kinds of a binary of `version` when following `era`: versions
 * 2 and 3 exist only in the bitmask era, whatever the user chose; version 1 follows the era.
 */
export function numberingFor(version: number, era: LlvmEraInfo): OffloadKindNumbering {
  return version >= 2 ? 'bitmask' : era.numbering;
}

/**
 * The era's tools read only version-1 OffloadBinaries with the rules of LLVM 19 to 22's
 * `OffloadBinary::create` (src/offload/llvm-rules.ts), which `--strict` follows; upstream main's
 * reader (v2/v3) has other rules, read from its source only.
 */
export function followsLlvmRules(era: LlvmEraInfo): boolean {
  return era.reads.length === 1 && era.reads[0] === 1;
}
