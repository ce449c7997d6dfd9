/**
 * What the offload commands read: anything a user may hand over that holds device images — a file of
 * OffloadBinaries back to back, an ELF object or linked executable, a COFF object or PE image, a static archive of
 * any of these (nested archives too), a wrapper object whose offloading section holds a bare SPIR-V
 * module or bitcode, a bare SPIR-V module or bitcode file — and an honest answer about each.
 *
 * Containers are visited with an explicit worklist (archives push their members in order; nesting is
 * bounded by `maxArchiveDepth`), each read by its reader: src/offload/read.ts (OffloadBinaries),
 * src/offload/elf.ts (ELF sections), src/containers/coff.ts, src/containers/archive.ts; bare images
 * are identified by src/containers/identify.ts and, in ELF wrapper objects and executables, given their
 * kernel names and triple by src/containers/sycl-wrapper.ts. Which binaries LLVM finds follows
 * `extractOffloadBinaries` (llvm/lib/Object/OffloadBinary.cpp@02dc39ba; docs/upstream-llvm.md §1.3):
 * ELF sections by type, COFF sections by name, archive members recursively, OffloadBinary files
 * themselves, and in a host bitcode module the initializers of the globals its
 * `!llvm.embedded.objects` metadata lists (src/containers/bitcode.ts; the binaries' offsets then count
 * from the start of the initializer, `site.global` names it).
 *
 * `binaries` is what `llvm-objdump-22 --offloading` lists, in its order: an object's binaries (none when
 * one of its offloading sections holds no OffloadBinary: objdump fails on the whole file), an
 * archive's object members' binaries up to the first member objdump fails on (an OffloadBinary file,
 * a nested archive, a wrapper object). `found` is everything found, with where; `bare` the images that
 * are not in OffloadBinaries. Scanning for the OffloadBinary magic in ordinary data
 * (src/containers/scan.ts) is done, with `scan: 'auto'` (the default), for objects of which no
 * offloading section was read and for inputs of no known kind; `'always'` scans every container
 * outside the binaries already found; `'never'` never. Binaries found so are `byScan` and never in
 * `binaries`; rejected candidates are notes.
 *
 * Errors: a malformed container is a DecodeError at its place (`members[2].data.sections[7]...`), as
 * LLVM fails the whole extraction; in collect mode (`problems`) it is recorded and the next member is
 * read. An input of no known kind in which nothing is found is the OffloadBinary reader's error (the
 * first bytes are not its magic), saying what else was tried. What cannot be followed around a bare
 * image (kernel names, the descriptor) is a note, not an error.
 *
 * Portable: no Node APIs.
 */
import { READ_OFFLOAD_COMMON_KEYS } from './read-keys.js';
import { blobRef, decode, DecodeError, spanInt, hexText, memorySource, toSource, type BlobRef, type ByteSource, type Node, type PathKey, type Role, type SpanKind, optionsArgument, type OptionKeys, type BytesLike } from '../codec/index.js';
import { ELFCOMPRESS, ET_REL, SHF_COMPRESSED, SHT_NOBITS } from '../../formats/elf.js';
import { COFF_IMPORT_FILE_FORMAT, coffFileFormatName } from '../../formats/coff.js';
import { elfFileFormatName } from '../../formats/elf.js';
import { machoFileFormatName, machoHeader, OFFLOADING_UNSUPPORTED_WARNING, WASM_FILE_FORMAT_NAME } from '../../formats/other-objects.js';
import { ArMemberHeader, ArThinMagic } from '../../formats/ar.js';
import { isThinArchive } from '../containers/thin-archive.js';
import { readArchive, type ArchiveFile, type ArchiveStop } from '../containers/archive.js';
import { identifyCoff, coffOffloadBinaries, readPeSectionTable, type CoffOffloadResult, type CoffSection, type PeFile } from '../containers/coff.js';
import { ElfPointers } from '../containers/elf-pointers.js';
import { segmentSections } from '../containers/elf-segments.js';
import { CoffPointers, PePointers } from '../containers/coff-pointers.js';
import { contentKeys, sectionPlace, type PointerReader, type PointerSection } from '../containers/pointers.js';
import { recordSectionContents } from '../containers/section-spans.js';
import { bareKind, identifyImage, type ImageInfo } from '../containers/identify.js';
import { readXcoffHeaders } from '../containers/xcoff.js';
import { bitcodeEmbeddedObjects, EMBEDDED_OBJECTS_METADATA, EMBEDDED_OFFLOADING_SECTION, type EmbeddedObject } from '../containers/bitcode.js';
import { scanForOffloadBinaries } from '../containers/scan.js';
import { ENTRY_KIND_SYCL, offloadEntries, syclDescriptor, type OffloadEntryRecord, type SyclDeviceImageInfo } from '../containers/sycl-wrapper.js';
import { elfOffloadBinaries, readElfSectionTable, type ElfFile, type ElfOffloadResult, type ElfSection, type ForeignPart, type OffloadingSection, type SectionsRead } from './elf.js';
import { OFFLOAD_ENTRIES, OFFLOAD_ENTRIES_SECTION, OFFLOADING_STRINGS_SECTION, PE_OFFLOADING_SECTION, offloadEntriesSectionName, offloadEntryArrayStride, SYCL_DESCRIPTOR_SYMBOL, SYCL_DESCRIPTORS, SYCL_DEVICE_IMAGE_VERSIONS } from '../../formats/offload-entry.js';
import { clipText, someOf } from '../codec/messages.js';
import { offloadContainerOf } from './sniff.js';
import { offloadBinaries, regionIsOneBinary, type OffloadBinaryModel, type ReadOffloadOptions } from './read.js';
import { appendAll } from '../codec/arrays.js';
import { RepeatBudget } from './repeats.js';
import { BUNDLE_ERROR_PREFIX, BUNDLE_LLVM_ERRORS, BUNDLE_SNIFF, holdsOffloadBundle, OffloadBundleError, readOffloadBundles, type BundleSection, type OffloadBundleEntryModel } from '../containers/offload-bundle.js';
import { LLVM_CREATE_ERRORS, llvmCreateCheck, llvmExtractRegion, llvmModel, type LlvmBinaryView, type LlvmCreateError } from './llvm-rules.js';

export { identifyImage, type ImageInfo };

/**
 * Every OffloadBinary of a region, as `readOffloadBinaries` reads them but without its hint of what
 * else the bytes are: this reader says that itself, in the peer's terms.
 */
function binariesOf(src: ByteSource, opts: Parameters<typeof offloadBinaries>[1]): OffloadBinaryModel[] {
  return [...offloadBinaries(src, opts)];
}
export { offloadContainerOf };

/** Where something was found, for messages and listings. */
export interface ImageSite {
  /** Structured path, the same keys as the span tree: `['members', 3, 'data', 'sections', 5, 'binaries', 0]`. */
  path: PathKey[];
  /** The archive member (`inner.a(k.o)` when nested). */
  member?: string;
  /**
   * The innermost member's own name (`k.o` for `inner.a(k.o)`): the name of the buffer LLVM reads
   * the member from (Archive::Child::getMemoryBufferRef), which `llvm-offload-binary --archive`
   * names its archive members after.
   */
  memberName?: string;
  /** The object file section. */
  section?: { index: number; name: string; segment?: number };
  /** Absolute offset in the input (a bitcode global: where its initializer's data starts). */
  offset: number;
  /**
   * The bitcode global whose initializer holds the binary (a host module's `!llvm.embedded.objects`):
   * the binary's own offsets then count from the start of that initializer, not of the input.
   */
  global?: string;
}

/** An OffloadBinary and where it was found. */
export interface FoundBinary {
  /** The binary. */
  binary: OffloadBinaryModel;
  /** Where it was found (member, section, offset). */
  site: ImageSite;
  /** Found by scanning ordinary data for the magic (LLVM does not find it). */
  byScan?: boolean;
  /**
   * In a section whose contents are the very bytes of an earlier section (the index of that one):
   * the same model, found again as LLVM finds it (offload-extract writes it again, as
   * llvm-offload-binary does); views that explain bytes (inspect, annotate, verify) skip it.
   */
  sameAs?: number;
}

/** What a bare image is. */
export type BareImageKind = 'spirv' | 'bitcode' | 'elf' | 'unknown';

/** A device image that is not inside an OffloadBinary. */
export interface BareImage {
  /** Where it was found (member, section, offset). */
  site: ImageSite;
  /** Its bytes. */
  image: BlobRef;
  /** What it is by its magic. */
  kind: BareImageKind;
  /** Names from the offload entries table (SYCL entries), in table order. */
  kernels: string[];
  /**
   * Where the kernel names come from, when there are any: the SYCL descriptor's own entries
   * (`.sycl_offloading.descriptor`, what the SYCL runtime registers), else the section of the global
   * table (`llvm_offload_entries`; COFF: `llvm_offload_entries$OE`).
   */
  kernelsFrom?: string;
  /** When known: from the SYCL descriptor, or the bitcode module (a note says which). */
  triple?: string;
  /** From the SYCL device image descriptor: its offload kind (8 = SYCL). */
  offloadKind?: number;
  /** Image format from the SYCL device image descriptor (an image kind number). */
  format?: number;
  /** What identifyImage found in its header. */
  info?: ImageInfo;
}

/**
 * A device image a SYCL descriptor names whose bytes are not in the file: its ImageStart leads to an
 * address in no section with contents (`llvm-objcopy -R .llvm.offloading` removes the section and
 * leaves the descriptor, its device-image records and entries). What the record still says.
 */
export interface MissingDeviceImage {
  /** Where the descriptor's device-image record is (its section, its absolute offset). */
  site: ImageSite;
  /** The record's size in bytes. */
  size: number;
  /** The index of the record among the file's descriptor images. */
  index: number;
  /** ImageStart's address. */
  start: bigint;
  /** ImageEnd's address, when it reads. */
  end?: bigint;
  /**
   * A program without section headers: the range is in a loadable segment, but its bytes are all
   * zero (`llvm-objcopy -R` zero-fills a removed section's bytes inside a segment): that segment.
   */
  zeroFilledIn?: string;
  /** The record's target triple, when its pointer could be followed. */
  triple?: string;
  /** The kernel names of the record's own entries (SYCL entries). */
  kernels: string[];
  /**
   * How many of its SYCL entries have a name that cannot be read: in a PE image lld-link puts the
   * names (`.llvm.rodata.offloading`) in the same section `.llvm` as the image, and removing it
   * removes them too (testdata/llvm22/sycl/k.coff.exe.readobj.txt).
   */
  unnamedKernels?: number;
  /** The section that held the image, as the program's linker names it, when it is not `.llvm.offloading` (`.llvm` in a PE image). */
  section?: string;
}

/** What kinds of input there are (`container` of {@link OffloadInput}; schemas/offload-list.schema.json lists the same). */
export const OFFLOAD_CONTAINERS = ['offload-binaries', 'elf', 'coff', 'coff-import', 'pe', 'archive', 'bitcode', 'spirv', 'macho', 'wasm', 'xcoff', 'macho-universal', 'unknown'] as const;
/** One of {@link OFFLOAD_CONTAINERS}. */
export type OffloadContainer = (typeof OFFLOAD_CONTAINERS)[number];

/** One object file as `llvm-objdump --offloading` prints it: its header line and its binaries. */
export interface ObjectListing {
  /** The archive member name (undefined for the input itself). */
  member?: string;
  /** `elf64-x86-64`, `coff-x86-64`, ...; '' for an OffloadBinary file (objdump prints no header line for it). */
  fileFormat: string;
  /** Its binaries, in the order objdump prints them. */
  binaries: OffloadBinaryModel[];
  /** An ELF or COFF object's section names by section index (what `syclbin diff` pairs sections by). */
  sectionNames?: readonly string[];
  /**
   * With `llvmRules` (`--strict`): what LLVM 19/22 sees of each binary it prints (src/offload/llvm-rules.ts);
   * also where this reader rejects a binary LLVM accepts (then `binaries` lacks it).
   */
  views?: LlvmBinaryView[];
  /**
   * With `bundles`: the entries of the clang-offload-bundler bundles in its sections (HIP without
   * -fgpu-rdc), which llvm-objdump-22 writes out as `<FILE or MEMBER>.<bundle>.<ID>` after the images.
   */
  bundles?: OffloadBundleEntryModel[];
  /**
   * llvm-objdump stops before this object (it failed on an earlier archive member, or on this one, an
   * OffloadBinary file it does not list): read by this toolkit only, listed after llvm-objdump's text.
   * Never set under `llvmRules`, which read nothing past the failure.
   */
  afterPeer?: boolean;
}

/** What an input holds. */
export interface OffloadInput {
  /** What the input is. */
  container: OffloadContainer;
  /** Exactly what llvm-objdump-22 --offloading lists, in its order (the binaries of `objects` that are not `afterPeer`). */
  binaries: OffloadBinaryModel[];
  /** Every binary found, with its site (also those objdump does not list; scan finds are flagged). */
  found: FoundBinary[];
  /** Device images outside any OffloadBinary (wrapper objects, executables, a bare module input). */
  bare: BareImage[];
  /** Honest remarks: sections skipped, candidates rejected, where objdump differs, ... */
  notes: string[];
  /** The note of {@link notes} that says which OffloadBinary versions the peer rejects, when one does (a command that says it its own way leaves this one out). */
  versionNote?: string;
  /** The object files objdump prints, in order, up to the one it fails on (its header line printed, no binaries). */
  objects: ObjectListing[];
  /** Set when the input is an ELF object (its `notes` are also in `notes`). */
  elf?: ElfOffloadResult;
  /** Set when the input is a COFF object. */
  coff?: CoffOffloadResult;
  /** Set when the input is an archive. */
  archive?: ArchiveFile;
  /**
   * Where and how llvm-objdump (LLVM 19 and 22 alike) fails on this input, when it does: the message it
   * prints after `error: LABEL: ` (checked against llvm-objdump-22 on each kind of failure,
   * test/llvm22/interop.test.ts and the testdata/llvm22 goldens). Versions 2/3, which only the era
   * decides about, are not here (src/offload/input-text.ts `strictOffloadingText`).
   */
  peerFailure?: PeerFailure;
  /**
   * With `bundles`: the offload bundles that could not be read (a section outside the file, a COFF
   * object, a corrupt or oversized bundle), per object, whether or not llvm-objdump got that far.
   */
  bundleFailures?: { member?: string; message: string; why: string }[];
  /**
   * With `bundles`: bundles LLVM's tools do not extract, read all the same: a clang-offload-bundler
   * file itself (`clang -x hip --offload-device-only -c`), a COFF object's `.hip_fatbin` (llvm-objdump
   * reads bundles only in ELF objects). `syclbin offload-extract -o DIR` writes their entries.
   */
  otherBundles?: { member?: string; entries: OffloadBundleEntryModel[] }[];
  /**
   * Device images a SYCL descriptor names whose bytes are not in the file (a note says so; `verify`
   * warns): the file's objects and members together, in order.
   */
  missingImages?: MissingDeviceImage[];
  /**
   * Device-image records of a SYCL descriptor whose version this reader does not know (read as
   * version 3's; the descriptor reader's note says so, `verify` warns): the file's objects and
   * members together, in order.
   */
  unknownImageVersions?: { site: ImageSite; size: number; version: number }[];
  /** Warnings llvm-objdump prints (after `warning: LABEL: `) without failing, in order (Mach-O, WebAssembly and XCOFF objects). */
  peerWarnings?: { message: string; label: PeerFailure['label'] }[];
}

/** How llvm-objdump fails on an input (see {@link OffloadInput.peerFailure}). */
export interface PeerFailure {
  /** The text after `error: LABEL: `. */
  message: string;
  /**
   * How LLVM names the file: `input` = `'FILE'` as given (createBinary's failures: `'-'` for
   * standard input), `object` = `'NAME'` the object's buffer name (a failure while extracting from a
   * file it read: `'<stdin>'` for standard input), `member` = `'MEMBER'` (an object member),
   * `member-of` = `FILE(MEMBER)` unquoted (an OffloadBinary file inside an archive), `none` = not
   * at all (llvm-offload-binary prints `error: MESSAGE`).
   */
  label: { kind: 'input' } | { kind: 'object' } | { kind: 'member'; member: string } | { kind: 'member-of'; member: string } | { kind: 'none' };
  /** LLVM prints nothing of the last listed object (it reads all of a raw file's binaries before printing). */
  dropLastObject?: boolean;
}

/**
 * The errors llvm-objdump --offloading reports (llvm/lib/Object/Error.cpp object_error texts, with its
 * prefix for a failed extraction), as LLVM 19 and 22 print them after `error: LABEL: `.
 */
export const OBJDUMP_ERRORS = {
  notAnObject: 'The file was not recognized as a valid object file',
  invalidData: 'Invalid data was encountered while parsing the file',
  extracting: 'while extracting offloading files: Invalid data was encountered while parsing the file',
} as const;
const NOT_AN_OBJECT = OBJDUMP_ERRORS.notAnObject;

/** llvm-objdump's error for a failed extraction (an object's sections, or a raw file past its first binary). */
function extracting(error: LlvmCreateError): string {
  return `while extracting offloading files: ${LLVM_CREATE_ERRORS[error]}`;
}

/** Where LLVM would read outside a binary: not reproduced, this toolkit's error instead. */
function undefinedBehaviour(u: { offset: number; what: string }, path: readonly PathKey[]): DecodeError {
  return new DecodeError('RANGE', `LLVM reads outside the OffloadBinary here (undefined behaviour, not reproduced): ${u.what}`, u.offset, [...path]);
}
const INVALID_DATA = OBJDUMP_ERRORS.invalidData;
/** OffloadBinary.cpp extractFromBitcode's error when the module cannot be loaded (several modules in one file, for one). */
const FAILED_TO_CREATE_MODULE = 'Failed to create module';
const EXTRACTING = OBJDUMP_ERRORS.extracting;

/** Options of {@link readOffloadInput}. */
export interface ReadOffloadInputOptions extends ReadOffloadOptions {
  /** Section name prefixes of offloading sections (default LLVM's `.llvm.offloading`). */
  sectionNames?: readonly string[];
  /** ELF: also read sections named so whose type is not SHT_LLVM_OFFLOADING. */
  byName?: boolean;
  /** Scanning ordinary data for OffloadBinaries (see the module comment). Default 'auto'. */
  scan?: 'auto' | 'always' | 'never';
  /** Candidates validated per scanned container (default 64). */
  maxScanCandidates?: number;
  /**
   * Appended to the note on what scanning found (`: TEXT`), e.g. how the caller lists those binaries
   * (offload-list: `--scan always lists them too`).
   */
  scanNoteAdvice?: string;
  /** Archives nested deeper than this are not read (a note says so). Default 16. */
  maxArchiveDepth?: number;
  /**
   * The LLVM tool the notes compare with (default `llvm-objdump-22`; `offload-extract`
   * names the packer of its era, e.g. `llvm-offload-binary-22`): both fail on the same files, as both
   * read through extractOffloadBinaries.
   */
  peer?: string;
  /**
   * Which of LLVM's tools `peer` is: `objdump` (the default; it lists object files and fails on archive
   * members that are OffloadBinary files or archives, and on modules) or `packer` (llvm-offload-binary
   * / clang-offload-packager, whose extractOffloadBinaries also reads such members and returns nothing,
   * successfully, for modules and unknown files). Checked against both tools of LLVM 22.
   */
  peerTool?: 'objdump' | 'packer';
  /**
   * Follow the rules of LLVM 19/22's OffloadBinary reader (src/offload/llvm-rules.ts) where they
   * differ from this reader's, for `--strict` (version-1 eras only): where LLVM fails, `peerFailure`
   * says how and nothing of that file or section is read; object listings carry LLVM's `views`.
   */
  llvmRules?: boolean;
  /**
   * Archive members are read from files of their own (a thin archive, src/containers/thin-archive.ts):
   * under `llvmRules` every member's data is 8-aligned, as LLVM reads each member file into its own buffer.
   */
  membersAligned?: boolean;
  /** The OffloadBinary versions `peer` reads (default [1], every released LLVM; upstream main reads 1 to 3). */
  peerReads?: readonly number[];
  /**
   * A malformed archive member is recorded here (with its name) and the next member is read, where
   * it would end the whole read: LLVM stops at it, what follows is listed `afterPeer`. (The malformed
   * input itself still throws.) `problems` (verify's collect mode) takes precedence.
   */
  memberErrors?: { member: string; error: DecodeError }[];
  /**
   * Run llvm-objdump-22's offload bundle pass after each listed object (eras 22 and main: LlvmEraInfo
   * listing.bundles): ELF objects' bundles are read into ObjectListing.bundles; a section whose
   * contents leave the file, a bundle that cannot be read, or a bundle in a COFF object stops the
   * listing there with LLVM's error (peerFailure).
   */
  bundles?: boolean;
}

/** Default bound on archive nesting (LLVM recurses without one). */
export const DEFAULT_MAX_ARCHIVE_DEPTH = 16;

/** One container to read: where it is, its path and member name, how deep in archives, whether objdump lists it. */
interface Item {
  origin: number;
  size: number;
  path: PathKey[];
  member?: string;
  /** The member names from the input archive down (`member` is them written `A(B(C))`). */
  chain?: string[];
  depth: number;
  /** The input itself or a member of the input archive: objdump prints these. */
  listed: boolean;
  /** Not a container: the error that stopped the walk of an archive, visited after the members before it. */
  archiveStop?: ArchiveStop;
}

/**
 * `src` followed by zeros up to `size` bytes: the view LLVM's archive walk gets of a member that runs
 * past the end of the file (`Archive::Child` does not check the header's size; see
 * {@link ArchiveStop.runaway}). Reads within `src` are `src`'s.
 */
function zeroExtended(src: ByteSource, size: number): ByteSource {
  const within = src.size;
  return {
    size,
    read: (offset, length) => {
      if (offset + length <= within) return src.read(offset, length);
      const out = new Uint8Array(length);
      if (offset < within) out.set(src.read(offset, within - offset));
      return out;
    },
  };
}

/** Member names from the outermost archive down, written as LLVM nests them: `mid.a(inner.a(k.o))`. */
function memberName(chain: readonly string[]): string {
  return chain[0]! + chain.slice(1).map((n) => `(${n}`).join('') + ')'.repeat(chain.length - 1);
}

/** Read whatever `source` is and say what it holds. */
export function readOffloadInput(source: BytesLike | ByteSource, opts: ReadOffloadInputOptions = {}): OffloadInput {
  return offloadInputOf(source, optionsArgument(opts, 'readOffloadInput', READ_OFFLOAD_INPUT_KEYS));
}

/** The options readOffloadInput takes (typed: a new option cannot be left out; any other key is an UnknownOptionError). */
const READ_OFFLOAD_INPUT_KEYS: OptionKeys<ReadOffloadInputOptions> = {
  ...READ_OFFLOAD_COMMON_KEYS,
  sectionNames: true,
  byName: true,
  scan: true,
  maxScanCandidates: true,
  scanNoteAdvice: true,
  maxArchiveDepth: true,
  peer: true,
  peerTool: true,
  llvmRules: true,
  membersAligned: true,
  peerReads: true,
  memberErrors: true,
  bundles: true,
};

/**
 * {@link readOffloadInput} for annotate (src/hex/annotate.ts), which hands on the collect options it
 * gives every reader (sharedBlobsFree and onRepeatBudget are readSyclbin's): its keys are not a
 * caller's typo, so they are not checked against readOffloadInput's (the options' kinds still are).
 */
export function offloadInputOf(source: BytesLike | ByteSource, opts: ReadOffloadInputOptions = {}): OffloadInput {
  opts = optionsArgument(opts, 'readOffloadInput');
  // One decompression budget for every payload of the input (objects, archive members, sections).
  opts = { ...opts, inflatedBudget: opts.inflatedBudget ?? {} };
  return new InputReader(toSource(source), opts).read();
}

/** A note given for more members than this is counted for the rest (InputReader.note). */
export const MEMBER_NOTE_REPEATS = 20;

class InputReader {
  private readonly out: OffloadInput = { container: 'unknown', binaries: [], found: [], bare: [], notes: [], objects: [] };
  /** Binaries read (each once) and found again so far, in all the input's objects and modules. */
  private readonly repeats = new RepeatBudget();
  /** objdump has failed on a file by now: nothing after it is listed. */
  private stopped = false;
  /** The object listed last (the bundle pass adds to it). */
  private listed: ObjectListing | undefined;
  /** How many members each member note was given for (see note). */
  private readonly memberNotes = new Map<string, number>();
  private readonly peer: string;
  /** The peer is the packer (see ReadOffloadInputOptions.peerTool). */
  private readonly packer: boolean;

  constructor(
    // (not readonly: under llvmRules an archive whose last member runs past its end is read zero-extended, see archive())
    private src: ByteSource,
    private readonly opts: ReadOffloadInputOptions,
  ) {
    this.peer = opts.peer ?? 'llvm-objdump-22';
    this.packer = opts.peerTool === 'packer';
  }

  read(): OffloadInput {
    const root: Item = { origin: 0, size: this.src.size, path: [], depth: 0, listed: true };
    this.out.container = offloadContainerOf(this.head(root));
    const work: Item[] = [root];
    while (work.length) {
      // Under LLVM's rules nothing after the file LLVM fails on is read (its listing and error end there;
      // this reader's own objections to a later member must not pre-empt them).
      if (this.opts.llvmRules && this.stopped) break;
      const item = work.pop()!;
      try {
        appendAll(work, this.visit(item).reverse());
      } catch (e) {
        if (!(e instanceof DecodeError) || item === root) throw e;
        if (this.opts.problems) {
          this.opts.problems.push(e);
          this.stop(item, `reading stopped with an error: ${e.message}`);
        } else if (this.opts.memberErrors) {
          this.opts.memberErrors.push({ member: item.member ?? '', error: e });
          // The error itself is the caller's to report; LLVM stops at this member, this reader goes on
          // (under llvmRules it stops there too, failing as LLVM does: `FILE(MEMBER): MESSAGE`, our message).
          // A limit of this reader (the decompression cap the members share) is no malformed member:
          // LLVM reads it, and nothing stops.
          if (item.listed && !this.stopped && e.code !== 'LIMIT') {
            this.stopped = true;
            if (this.opts.llvmRules) this.out.peerFailure ??= { message: e.reason, label: { kind: 'member-of', member: item.member ?? '' } };
            else if (item.archiveStop?.llvmGoesOn !== undefined) this.note(item, `the archive is malformed here (the error below): ${this.peer} --offloading does not stop there, it ${item.archiveStop.llvmGoesOn}`);
            else if (item.archiveStop) this.note(item, `the archive is malformed here (the error below): ${this.peer} --offloading fails on it too, after listing the members before it`);
            else this.note(item, `malformed (the error below): ${this.peer} --offloading fails on it too; members after it are listed after its text`);
          }
        } else throw e;
      }
    }
    for (const [text, n] of this.memberNotes) if (n > MEMBER_NOTE_REPEATS) this.out.notes.push(`${n - MEMBER_NOTE_REPEATS} more member(s): ${text}`);
    for (const o of this.out.objects) if (!o.afterPeer) appendAll(this.out.binaries, o.binaries);
    const reads = this.opts.peerReads ?? [1];
    const versions = [...new Set(this.out.binaries.filter((b) => !reads.includes(b.version)).map((b) => b.version))];
    if (versions.length) {
      this.out.versionNote = `OffloadBinary version ${versions.join(' and ')}: ${this.peer} rejects it ("Invalid data was encountered while parsing the file"); listed here as this toolkit reads it`;
      this.out.notes.push(this.out.versionNote);
    }
    return this.out;
  }

  private head(item: Item): Uint8Array {
    return this.src.read(item.origin, Math.min(64, item.size));
  }

  /** Read one container; returns the containers inside it (archive members), in order. */
  private visit(item: Item): Item[] {
    if (item.archiveStop) {
      const stop = item.archiveStop;
      // Under LLVM's rules its error once the members before it are listed (the archive as LLVM names it).
      if (this.opts.llvmRules && !this.packer && stop.llvmMessage !== undefined) {
        if (!this.stopped) {
          this.stopped = true;
          this.out.peerFailure ??= { message: stop.llvmMessage, label: { kind: 'input' } };
        }
        return [];
      }
      throw stop.error;
    }
    const kind = offloadContainerOf(this.head(item));
    switch (kind) {
      case 'offload-binaries':
        this.offloadBinaries(item);
        return [];
      case 'elf':
        this.elf(item);
        return [];
      case 'coff':
        return this.coff(item);
      case 'pe':
        this.pe(item);
        return [];
      case 'archive':
        return this.archive(item);
      case 'bitcode':
      case 'spirv':
        this.bareFile(item, kind);
        return [];
      case 'macho':
      case 'wasm':
      case 'xcoff':
        this.otherObject(item, kind);
        return [];
      case 'macho-universal':
        this.universal(item);
        return [];
      case 'coff-import':
        // A short import member (import libraries): llvm-objdump prints its header line only.
        this.span(item.path, item.origin, item.size, 'bytes', 'COFF short import member (not read)');
        this.listing(item, COFF_IMPORT_FILE_FORMAT, []);
        if (this.packer) this.note(item, `a COFF short import member: ${this.peer} reads no offloading data from it`);
        return [];
      case 'unknown':
        this.unknown(item);
        return [];
    }
  }

  private note(item: Item, text: string): void {
    if (!item.member) {
      this.out.notes.push(text);
      return;
    }
    // The same note for member after member (an archive of thousands of members of one kind) is
    // said {@link MEMBER_NOTE_REPEATS} times, then counted; a member's name is clipped (a GNU
    // archive's members may all name one megabyte-long name): notes follow the input, not names x members.
    const n = (this.memberNotes.get(text) ?? 0) + 1;
    this.memberNotes.set(text, n);
    if (n <= MEMBER_NOTE_REPEATS) this.out.notes.push(`${clipText(item.member)}: ${text}`);
  }

  /** objdump fails on this file: note it, and list nothing after it; `failure`: what it reports. */
  private stop(item: Item, why: string, failure?: PeerFailure): void {
    if (!item.listed || this.stopped) return;
    this.stopped = true;
    // The packer reports the extraction error bare: "error: Invalid data was encountered while parsing the file".
    if (this.packer) {
      why = why.replace(EXTRACTING, INVALID_DATA);
      if (failure) failure = { message: failure.message.replace(/^while extracting offloading files: /, ''), label: { kind: 'none' } };
    }
    if (failure) this.out.peerFailure = failure;
    // Past LLVM's failure this reader goes on (not under llvmRules): later members follow LLVM's listing.
    // (the packer extracts nothing from an input it fails on: no member's images, earlier or later)
    const after = !item.depth
      ? ''
      : this.packer
        ? '; it extracts nothing from the archive'
        : this.opts.llvmRules
          ? '; its listing stops before this member'
          : '; its listing stops before this member (this one and later members are listed after it)';
    this.note(item, `${this.peer}${this.peer.includes('objdump') ? ' --offloading' : ''} ${why}${after}`);
  }

  /**
   * A module file (bitcode, SPIR-V) as the input: llvm-objdump rejects it; the packer reads a host
   * module's embedded objects and finds nothing, successfully, in any other.
   */
  private rejectModule(item: Item): void {
    if (!this.packer) this.stop(item, `rejects this file ("${NOT_AN_OBJECT}")`, { message: NOT_AN_OBJECT, label: { kind: item.depth ? 'object' : 'input' } });
    else if (!this.out.found.length) this.note(item, `${this.peer} extracts nothing from it (status 0)`);
  }

  private listing(item: Item, fileFormat: string, binaries: OffloadBinaryModel[], views?: LlvmBinaryView[], sectionNames?: readonly string[]): void {
    if (!item.listed || (this.stopped && this.opts.llvmRules)) return;
    const o: ObjectListing = { fileFormat, binaries };
    if (views) o.views = views;
    if (sectionNames) o.sectionNames = sectionNames;
    if (item.member !== undefined) o.member = item.member;
    if (this.stopped) o.afterPeer = true;
    this.out.objects.push(o);
    this.listed = o;
  }

  /**
   * llvm-objdump-22's offload bundle pass over an object listed just now (src/containers/offload-bundle.ts):
   * every section's contents must lie in the file; ELF bundles are read into its listing; a bundle in a
   * COFF object is LLVM's "COFF object files not supported".
   */
  private bundlePass(item: Item, sections: readonly { index: number; offset: number; size: number }[], format: 'elf' | 'coff'): void {
    const o = this.listed;
    if (!this.opts.bundles || !item.listed || !o || (this.stopped && !o.afterPeer)) return;
    const label: PeerFailure['label'] = item.depth ? { kind: 'member', member: item.member ?? '' } : { kind: 'object' };
    // Past llvm-objdump's stop (an object it does not reach) a bundle that cannot be read is a note.
    const fail = (llvm: string, why: string): void => {
      (this.out.bundleFailures ??= []).push({ ...(item.member === undefined ? {} : { member: item.member }), message: BUNDLE_ERROR_PREFIX + llvm, why });
      if (o.afterPeer) this.note(item, `its offload bundles cannot be read ("${BUNDLE_ERROR_PREFIX}${llvm}"): ${why}`);
      else this.stop(item, `fails on this file ("${BUNDLE_ERROR_PREFIX}${llvm}"): ${why}`, { message: BUNDLE_ERROR_PREFIX + llvm, label });
    };
    const inside: BundleSection[] = [];
    for (const sec of sections) {
      if (sec.offset > item.size || sec.size > item.size - sec.offset) return fail(BUNDLE_LLVM_ERRORS.eof, `it reads every section's contents, and those of section [${sec.index}] lie outside the file`);
      inside.push({ index: sec.index, offset: item.origin + sec.offset, size: sec.size });
    }
    if (format === 'coff') {
      const hit = inside.find((sec) => holdsOffloadBundle(this.src.read(sec.offset, Math.min(BUNDLE_SNIFF, sec.size)), sec.size));
      if (hit) {
        const anyway = this.opts.llvmRules ? '' : "; read here all the same ('syclbin offload-extract FILE -o DIR' writes its entries)";
        fail(BUNDLE_LLVM_ERRORS.coff, `section [${hit.index}] holds an offload bundle, which it reads only in ELF objects${anyway}`);
        // Read all the same (not under LLVM's rules): offload-extract -o DIR writes the entries.
        if (!this.opts.llvmRules) this.otherBundles(item, inside);
      }
      return;
    }
    try {
      const entries = readOffloadBundles(this.src, inside, { maxInflatedSize: this.opts.maxInflatedSize, path: item.path, object: { offset: item.origin, size: item.size } });
      if (entries.length) o.bundles = entries;
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      fail(e instanceof OffloadBundleError && e.llvm ? e.llvm : e.message, `an offload bundle cannot be read: ${e.message}`);
    }
  }

  /** Record `[offset, +size)` at `path` in the span tree (a container's node, or an image below a section). */
  private span(path: readonly PathKey[], offset: number, size: number, kind: SpanKind, value?: unknown): void {
    const tree = this.opts.tree;
    if (!tree || !path.length) return;
    const node = tree.at(path);
    // An object's section recorded with its raw extent (src/containers/section-spans.ts): kept; the
    // image recorded under it makes it its group.
    if (node.background && kind === 'group') return;
    node.offset = spanInt(offset);
    node.size = spanInt(size);
    node.kind = kind;
    if (value !== undefined) node.value = value;
  }

  private site(item: Item, path: PathKey[], offset: number, section?: { index: number; name: string; segment?: number }): ImageSite {
    const s: ImageSite = { path, offset };
    if (item.member) s.member = item.member;
    const own = item.chain?.at(-1);
    if (own !== undefined) s.memberName = own;
    if (section) s.section = { index: section.index, name: section.name, ...(section.segment === undefined ? {} : { segment: section.segment }) };
    return s;
  }

  /**
   * Zero bytes after the last OffloadBinary of a file or an offloading section (fewer than an
   * OffloadBinary header, src/offload/walk.ts) are read as padding; LLVM's extractOffloadFiles reads
   * none and fails. A note, and the peer's failure. `where` names the section.
   */
  private padding(item: Item, at: number, n: number, where = ''): void {
    this.note(item, `${n} zero byte(s) after the last OffloadBinary${where} (at offset 0x${at.toString(16)}) are read as padding; ${this.peer} reads no padding and rejects the file ("${this.packer ? INVALID_DATA : EXTRACTING}")`);
    if (item.depth === 0 && !this.stopped) this.out.peerFailure ??= this.packer ? { message: INVALID_DATA, label: { kind: 'none' } } : { message: EXTRACTING, label: { kind: 'object' }, dropLastObject: true };
  }

  private offloadBinaries(item: Item): void {
    if (this.opts.llvmRules && !this.llvmBinaries(item)) return;
    const region = { start: item.origin, end: item.origin + item.size };
    const onPadding = (at: number, n: number): void => this.padding(item, at, n);
    let bins: OffloadBinaryModel[];
    try {
      // A file that is OffloadBinaries itself has no shared budget (only the payloads of an object's
      // or archive's members share the cap), as every command that reads such a file reads it alone.
      const budget = item.depth === 0 ? { inflatedBudget: undefined } : {};
      bins = binariesOf(this.src, { ...this.opts, ...region, ...budget, path: item.path, singlePaths: true, onPadding });
    } catch (e) {
      // LLVM reads what this reader rejects (an image past the binary's end, ...): listed from LLVM's
      // view; the packer extracts from models of what LLVM sees (src/offload/llvm-rules.ts llvmModel).
      if (!this.llvmRegion || !(e instanceof DecodeError)) throw e;
      bins = this.packer ? this.llvmRegion.map((v, i) => llvmModel(this.src, v, [...item.path, 'binaries', i])) : [];
    }
    const one = bins.length === 1 && regionIsOneBinary(this.src, region.start, region.end);
    bins.forEach((b, i) => this.out.found.push({ binary: b, site: this.site(item, one ? [...item.path] : [...item.path, 'binaries', i], b.offset) }));
    if (item.depth === 0) this.out.objects.push(this.llvmViews ? { fileFormat: '', binaries: bins, views: this.llvmViews } : { fileFormat: '', binaries: bins });
    // llvm-objdump-22 on an archive holding an OffloadBinary file: "error: A.a(MEMBER): Invalid data was
    // encountered while parsing the file" (checked [bin]; test/llvm22/interop.test.ts).
    else if (!this.packer) {
      // As llvm-objdump: the member is created (8-aligned data: then it is not an object) or fails to be.
      const created = llvmCreateCheck(this.src, item.origin, item.size, this.opts.membersAligned === true || item.origin % 8 === 0);
      const failure: PeerFailure = 'error' in created ? { message: LLVM_CREATE_ERRORS[created.error], label: { kind: 'member-of', member: item.member ?? '' } } : { message: NOT_AN_OBJECT, label: { kind: 'object' } };
      this.stop(item, `fails on this member, an OffloadBinary file and not an object ("${failure.message}")`, failure);
      // Listed after llvm-objdump's text (not under llvmRules, which read nothing past the failure).
      if (item.listed && !this.opts.llvmRules) this.out.objects.push({ member: item.member ?? '', fileFormat: '', binaries: bins, afterPeer: true });
    }
    this.scanAlways(item, bins);
  }

  /** With llvmRules: LLVM's views of the input's binaries (the raw-file case). */
  private llvmViews: LlvmBinaryView[] | undefined;
  /** With llvmRules: LLVM's views of the binaries of the region read last (a raw file or an archive member). */
  private llvmRegion: LlvmBinaryView[] | undefined;

  /**
   * OffloadBinaries as LLVM 19/22 reads them (llvmRules): false when LLVM fails on them (peerFailure
   * set, nothing read). llvm-objdump first creates the file's first binary on the whole file
   * (`createBinary`: its error plain), then extracts all (`while extracting offloading files: `);
   * as an archive member it creates the member (not 8-aligned: Invalid data) and, when that works,
   * rejects it as not an object. The packer only extracts (its error plain, unlabelled).
   */
  private llvmBinaries(item: Item): boolean {
    this.llvmRegion = undefined;
    if (!item.listed || this.stopped) return true;
    const fail = (message: string, label: PeerFailure['label']): false => {
      this.stop(item, `fails on this file ("${message}")`);
      this.out.peerFailure = this.packer ? { message, label: { kind: 'none' } } : { message, label };
      return false;
    };
    const start = item.origin;
    const end = item.origin + item.size;
    if (item.depth > 0 && !this.packer) {
      const member: PeerFailure['label'] = { kind: 'member-of', member: item.member ?? '' };
      const created = llvmCreateCheck(this.src, start, item.size, this.opts.membersAligned === true || start % 8 === 0);
      if ('error' in created) return fail(LLVM_CREATE_ERRORS[created.error], member);
      // (dumpArchive reports it under the archive's buffer name: `<stdin>` for standard input)
      return fail(NOT_AN_OBJECT, { kind: 'object' });
    }
    if (!this.packer) {
      const created = llvmCreateCheck(this.src, start, item.size);
      if ('error' in created) return fail(LLVM_CREATE_ERRORS[created.error], { kind: 'input' });
    }
    const r = llvmExtractRegion(this.src, start, end);
    if (r.undefinedBehaviour) throw undefinedBehaviour(r.undefinedBehaviour, item.path);
    if (r.failure) return fail(this.packer ? LLVM_CREATE_ERRORS[r.failure.error] : extracting(r.failure.error), { kind: this.packer ? 'input' : 'object' });
    if (item.depth === 0) this.llvmViews = r.binaries;
    this.llvmRegion = r.binaries;
    return true;
  }

  private elf(item: Item): void {
    const paddings: [number, number][] = [];
    // (the SYCL descriptor, read once and only when a section is not OffloadBinaries: where a bare
    // section's device images are, so that what lies beside them is looked through, not they)
    let described: { pointers: ElfPointers | undefined; desc: SyclDeviceImageInfo<ElfSection>[] | undefined; failed?: true } | undefined;
    const deviceImages = (index: number): ForeignPart[] | undefined => {
      if (!described) {
        described = { pointers: undefined, desc: undefined };
        try {
          described.pointers = new ElfPointers(this.src, readElfSectionTable(this.src, { origin: item.origin, size: item.size, path: item.path }));
          described.desc = syclDescriptor(described.pointers, { scan: true });
        } catch (e) {
          // (said by the wrapper's own look, which reads it again)
          if (!(e instanceof DecodeError)) throw e;
          described.failed = true;
        }
      }
      const own = (described.desc ?? []).filter((d) => d.image && d.image.section.index === index);
      return own.length ? own.map((d) => ({ offset: item.origin + d.image!.section.offset + d.image!.offset, size: d.image!.size })) : undefined;
    };
    const r = elfOffloadBinaries(this.src, { ...this.opts, origin: item.origin, size: item.size, path: item.path, bareSections: true, deviceImages, llvmRules: this.sectionRules(item), onPadding: (at, n) => paddings.push([at, n]), repeats: this.repeats });
    if (item.depth === 0) this.out.elf = r;
    for (const n of r.notes) this.note(item, n);
    this.sectionPaddings(item, r.read, paddings);
    if (r.elf.nameProblem) this.note(item, `section names cannot be read (${r.elf.nameProblem.message}): offloading sections are found by type only, as LLVM finds them`);
    const format = elfFileFormatName(r.elf.class, r.elf.machine, r.elf.littleEndian);
    if (r.llvmFailure) return this.llvmSectionFailure(item, format, r.llvmFailure);
    const bins: OffloadBinaryModel[] = [];
    this.sectionBinaries(item, r.read, bins);
    // objdump prints the file's header line, then fails on a section that holds no OffloadBinary.
    // (the binaries of a section that also holds device images outside them are listed, though
    // llvm-objdump fails on the section: what it would list, had it read them)
    this.listing(item, format, r.bare.length && !r.foreign ? [] : bins, r.llvmViews, r.elf.sections.map((s) => s.name));
    // (after the images, before any failure of the section read: LLVM's order)
    if (!r.bare.length) this.bundlePass(item, r.elf.sections.filter((x) => x.type !== SHT_NOBITS), 'elf');
    if (r.bare.length) {
      for (const b of r.bare) if (!r.foreign?.has(b)) this.compressedSection(item, r.elf, b);
      this.wrapper(item, described?.pointers ?? new ElfPointers(this.src, r.elf), 'elf', r.bare, r.foreign, described && !described.failed ? { desc: described.desc } : undefined);
      this.stop(item, `fails on this file ("${EXTRACTING}"): ${describeBare(r.bare, r.read, r.foreign)}`, { message: EXTRACTING, label: item.depth ? { kind: 'member', member: item.member ?? '' } : { kind: 'object' } });
    }
    // No bare section: the SYCL descriptor, when the file names one by its symbol, may still name device
    // images whose section was removed (`llvm-objcopy -R .llvm.offloading`): said, not passed over.
    if (!r.bare.length && r.elf.sections.length && !this.opts.llvmRules) this.removedImages(item, described?.pointers ?? new ElfPointers(this.src, r.elf), r.elf);
    if (!r.elf.sections.length && r.elf.type !== ET_REL && this.segments(item, r.elf)) return;
    this.scanIfNeeded(item, r.read.length + r.bare.length === 0, bins, r.elf.sections);
  }

  /**
   * A linked program without section headers (`ld.lld -z nosectionheader`, `llvm-objcopy
   * --strip-sections`): llvm-objdump lists nothing of it; its SYCL device images are found through
   * the descriptor in its loadable segments (src/containers/elf-segments.ts), as in a PE image.
   * True when an image was found.
   */
  private segments(item: Item, elf: ElfFile): boolean {
    const seg = segmentSections(this.src, elf);
    if (!seg || seg.sections.length < 2) return false;
    // Their bytes are named (`segments[i]`, in the background as an object's sections are): a program
    // stripped of its section headers is loaded segments, not bytes "that nothing references".
    const loads = seg.sections.filter((s) => s.segment !== undefined && s.size > 0);
    if (this.opts.tree) recordSectionContents(this.opts.tree, item.path, loads.map((s) => ({ index: s.segment!, name: `PT_LOAD`, offset: item.origin + s.offset, size: s.size })), 'segments');
    for (const n of seg.notes) this.note(item, n);
    this.note(item, 'no section headers (e_shnum 0): the loadable segments (PT_LOAD) are searched for the SYCL descriptor');
    const images = this.wrapper(item, new ElfPointers(this.src, { ...elf, sections: seg.sections }), 'elf', 'descriptor');
    if (!images) return false;
    return true;
  }

  /**
   * The binaries of an object's sections, as LLVM takes them: a section with the same contents as an
   * earlier one gives the same models again (flagged `sameAs` in `found`, with a note), in `found`
   * and in `bins` for the listing (LLVM lists and extracts a section's binaries for every header
   * that names them).
   */
  private sectionBinaries(item: Item, read: SectionsRead<{ index: number; name: string; offset: number; size: number }>['read'], bins: OffloadBinaryModel[]): void {
    let repeats = 0;
    let first: { index: number; sameAs: number } | undefined;
    for (const { section, binaries, sameAs } of read) {
      if (sameAs !== undefined) {
        repeats++;
        first ??= { index: section.index, sameAs };
      }
      appendAll(bins, binaries);
      binaries.forEach((b, k) => {
        const f: FoundBinary = { binary: b, site: this.site(item, [...item.path, 'sections', section.index, 'binaries', k], b.offset, section) };
        if (sameAs !== undefined) f.sameAs = sameAs;
        this.out.found.push(f);
      });
    }
    if (first) {
      const more = repeats > 1 ? ` (and ${repeats - 1} more section(s) like it)` : '';
      this.note(item, `section [${first.index}] holds the very bytes of section [${first.sameAs}]${more}: its binaries are read once and listed and extracted again for it, as LLVM does`);
    }
  }

  /** Padding after the last binary of an object's offloading sections (ELF, COFF): a note naming the section. */
  private sectionPaddings(item: Item, read: readonly { section: { index: number; name: string; offset: number; size: number } }[], paddings: readonly [number, number][]): void {
    for (const [at, n] of paddings) {
      const s = read.find(({ section: x }) => at >= item.origin + x.offset && at < item.origin + x.offset + x.size)?.section;
      this.padding(item, at, n, s ? ` in section [${s.index}] ${s.name}` : '');
    }
  }

  /** The LLVM rules for an object's sections (llvmRules; listed objects only: objdump stops at the first failure). */
  private sectionRules(item: Item): 'objdump' | 'packer' | undefined {
    return this.opts.llvmRules && item.listed && !this.stopped ? (this.packer ? 'packer' : 'objdump') : undefined;
  }

  /** LLVM's extraction fails in a section of this object: its header line, then the error (llvmRules). */
  private llvmSectionFailure(item: Item, format: string, f: { section: { index: number; name: string }; error: LlvmCreateError }): void {
    this.listing(item, format, []);
    const message = this.packer ? LLVM_CREATE_ERRORS[f.error] : extracting(f.error);
    this.stop(item, `fails on this file ("${message}") in ${sectionPlace(f.section)}`, { message, label: item.depth ? { kind: 'member', member: item.member ?? '' } : { kind: 'object' } });
  }

  private coff(item: Item): Item[] {
    let r: CoffOffloadResult;
    const paddings: [number, number][] = [];
    try {
      r = coffOffloadBinaries(this.src, { ...this.opts, origin: item.origin, size: item.size, path: item.path, bareSections: true, llvmRules: this.sectionRules(item), onPadding: (at, n) => paddings.push([at, n]), repeats: this.repeats });
    } catch (e) {
      // identify_magic calls any file starting with 00 00 a COFF object of unknown machine: if it does not read as one, say so and treat it as unknown.
      const head = this.head(item);
      // (a limit of this reader, e.g. binaries found again past the budget, is no sign that it is not COFF)
      if (!(e instanceof DecodeError) || e.code === 'LIMIT' || head[0] !== 0 || head[1] !== 0 || identifyCoff(head) === 'bigobj') throw e;
      // Under LLVM's rules its failure: a header or section table that runs past the end is
      // COFFObjectFile::create's unexpected_eof (a member's too: the archive stops there).
      if (e.code === 'EOF' && this.sectionRules(item)) {
        const message = LLVM_CREATE_ERRORS.eof;
        this.stop(item, `fails on this file ("${message}"): ${e.message}`, { message, label: item.depth ? { kind: 'member-of', member: item.member ?? '' } : { kind: 'object' } });
        return [];
      }
      this.note(item, `starts with 00 00 (a COFF object of unknown machine to LLVM) but does not read as one: ${e.message}`);
      this.unknown(item);
      return [];
    }
    if (item.depth === 0) this.out.coff = r;
    this.sectionPaddings(item, r.read, paddings);
    const format = coffFileFormatName(r.coff.machine);
    if (r.llvmFailure) {
      this.llvmSectionFailure(item, format, r.llvmFailure);
      return [];
    }
    const bins: OffloadBinaryModel[] = [];
    this.sectionBinaries(item, r.read, bins);
    this.listing(item, format, r.bare.length && !r.foreign ? [] : bins, r.llvmViews, r.coff.sections.map((s) => s.name));
    if (!r.bare.length) this.bundlePass(item, r.coff.sections.filter((x) => x.offset !== 0), 'coff');
    if (r.bare.length) {
      this.wrapper(item, new CoffPointers(this.src, r.coff), 'coff', r.bare, r.foreign);
      this.stop(item, `fails on this file ("${EXTRACTING}"): ${describeBare(r.bare, r.read, r.foreign)}`, { message: EXTRACTING, label: item.depth ? { kind: 'member', member: item.member ?? '' } : { kind: 'object' } });
    }
    this.scanIfNeeded(item, r.read.length + r.bare.length === 0, bins, r.coff.sections);
    return [];
  }

  /**
   * A PE image (a linked Windows program or DLL). llvm-objdump prints its header line and nothing
   * else: lld-link names the offloading data `.llvm`, which no `.llvm.offloading*` rule matches. The
   * device images are found through the SYCL descriptor, located by its shape (no symbol table), with
   * the kernel names of the entries section (`llvm_off`); OffloadBinaries in its data (OpenMP
   * programs) are found by scanning when no descriptor is.
   */
  private pe(item: Item): void {
    let r: PeFile;
    try {
      r = readPeSectionTable(this.src, { tree: this.opts.tree, origin: item.origin, size: item.size, path: item.path });
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      this.note(item, `starts with MZ but is not a PE image LLVM reads: ${e.message}`);
      this.unknown(item);
      return;
    }
    this.listing(item, coffFileFormatName(r.machine), []);
    const images = this.wrapper(item, new PePointers(this.src, r), 'pe', 'descriptor');
    this.scanIfNeeded(item, images === 0, [], r.sections);
  }

  /** The error for a thin archive that is an archive member (see {@link archive}). */
  private thinMember(item: Item): DecodeError {
    return new DecodeError('FORMAT', 'a thin archive inside an archive: its members are files named in it, not stored in it; read the member files themselves', item.origin, [...item.path, 'header', 'magic']);
  }

  private archive(item: Item): Item[] {
    // llvm-objdump does not open a nested archive: it fails on it as on any member that is not an
    // object, before anything in it could be malformed.
    if (item.depth > 0 && !this.packer) this.stop(item, `fails on this member, an archive and not an object ("${NOT_AN_OBJECT}")`, { message: NOT_AN_OBJECT, label: { kind: 'object' } });
    // A thin archive as a member (of a thin archive: its member files are read as its members) names
    // files relative to a folder this reader does not know: refused, as before thin archives were read.
    // Without spans to record (offload-list, offload-extract, inspect) it is refused by its magic,
    // before its member headers are read: a thin archive that names itself again and again (each member
    // the whole archive, up to the repeat budget of src/cli/files.ts) had all its headers parsed once
    // per member (20,000 members: 5 s for one error). With spans (annotate, verify) they are read and
    // recorded, which is what is shown.
    const thinMember = item.depth > 0 && item.size >= ArThinMagic.fixedSize! && isThinArchive(this.src.read(item.origin, ArThinMagic.fixedSize!));
    if (thinMember && !this.opts.tree) throw this.thinMember(item);
    // Member by member: the members before a malformed one are read and listed, the malformed one is an
    // error after them (an Item of its own), as llvm-objdump lists the members before it.
    const a = readArchive(this.src, { tree: this.opts.tree, origin: item.origin, size: item.size, path: item.path, partial: true });
    const stop = a.stop;
    if (stop && item.depth === 0 && this.opts.llvmRules && !this.packer && stop.llvmMessage !== undefined) {
      if (stop.beforeListing) {
        // LLVM's createBinary fails on the archive itself: nothing is listed.
        this.stopped = true;
        this.out.peerFailure = { message: stop.llvmMessage, label: { kind: 'input' } };
        return [];
      }
      const r = stop.runaway;
      if (r && !r.special) {
        // LLVM opens the member with the header's size, reading past the end of the file (memory after its
        // buffer, undefined behaviour; zeros in the recorded runs): read here as zeros, then the archive's error.
        this.src = zeroExtended(this.src, r.dataOffset + r.size);
        a.members.push({ index: stop.index, name: stop.name ?? '', rawName: stop.name ?? '', headerOffset: r.dataOffset - ArMemberHeader.fixedSize!, dataOffset: r.dataOffset, size: r.size, header: undefined as never, data: blobRef(this.src, r.dataOffset, r.size, r.dataOffset) });
      }
    }
    if (thinMember) throw this.thinMember(item);
    if (item.depth === 0) this.out.archive = a;
    const max = this.opts.maxArchiveDepth ?? DEFAULT_MAX_ARCHIVE_DEPTH;
    if (item.depth + 1 > max) {
      this.note(item, `archive nested ${item.depth + 1} deep: its ${a.members.length} member(s) are not read (limit ${max}${this.packer ? `; ${this.peer} reads on` : ''})`);
      return [];
    }
    const members: Item[] = [];
    const external = a.members.filter((m) => m.external);
    if (external.length) {
      // (the offload commands and inspect read a thin archive's member files: src/containers/thin-archive.ts)
      this.note(item, `a thin archive: its ${external.length} member(s) are files outside it (${someOf(external.map((m) => m.name))}), not read here (the offload commands and inspect read them)`);
    }
    for (const m of a.members) {
      if (m.special || m.external) continue;
      const path = [...item.path, 'members', m.index, 'data'];
      const node = this.opts.tree?.at(path);
      if (node) {
        node.offset = spanInt(m.dataOffset);
        node.size = spanInt(m.size);
      }
      // llvm-objdump lists the members of the input archive; past its stop (a nested archive is one)
      // this reader lists the members of nested archives too, as `OUTER(INNER(MEMBER))`.
      const listed = item.depth === 0 || (item.listed && !this.opts.llvmRules && !this.packer);
      const chain = [...(item.chain ?? []), m.name];
      members.push({ origin: m.dataOffset, size: m.size, path, member: memberName(chain), chain, depth: item.depth + 1, listed });
    }
    if (stop) {
      const chain = [...(item.chain ?? []), stop.name ?? ''];
      members.push({ origin: item.origin, size: 0, path: [...item.path, 'members', stop.index], member: stop.name === undefined ? '' : memberName(chain), chain, depth: item.depth + 1, listed: item.depth === 0, archiveStop: stop });
    }
    return members;
  }

  /** A SPIR-V module or a bitcode file: itself a bare image. */
  private bareFile(item: Item, kind: 'spirv' | 'bitcode'): void {
    const image = blobRef(this.src, item.origin, item.size, item.origin);
    const info = identifyImage(image);
    if (info.kind === 'bitcode' && this.embedded(item, image, info)) return;
    const bare: BareImage = { site: this.site(item, item.path, item.origin), image, kind: bareKind(info), kernels: [], info };
    this.span(item.path, item.origin, item.size, 'image', kind);
    if (info.kind === 'bitcode' && info.triple !== undefined) bare.triple = info.triple;
    this.out.bare.push(bare);
    if (info.problem) this.note(item, `${kind}: ${info.problem}`);
    if (kind === 'bitcode' && bare.triple !== undefined) this.note(item, `triple ${bare.triple}: the module's TRIPLE record`);
    if (item.depth === 0) this.rejectModule(item);
    this.scanAlways(item, []);
  }

  /**
   * A host bitcode module (it has `!llvm.embedded.objects`): its embedded OffloadBinaries are what LLVM
   * finds (extractFromBitcode), the module itself is not a device image. False for other modules.
   */
  private embedded(item: Item, image: BlobRef, info: ImageInfo & { kind: 'bitcode' }): boolean {
    // The raw bitcode (inside a wrapper header, if any), relative to the image; a wrapper whose range
    // is outside the image was reported by identifyImage and is not read.
    const w = info.wrapper;
    if (w && (w.offset > image.size || w.size > image.size - w.offset)) return false;
    const e = w ? bitcodeEmbeddedObjects(image, w.offset, w.size) : bitcodeEmbeddedObjects(image, 0, image.size);
    // Without embedded objects the module is a bare image, whose own problem bareFile reports (once).
    if (e.problem && e.hasMetadata) this.note(item, `bitcode: ${e.problem}; the embedded objects found before it are listed`);
    else if (e.problem && e.problem !== info.problem) this.note(item, `bitcode: ${e.problem}`);
    if (e.moduleCount > 1) {
      // LLVM reads one module per file (getSingleModule): llvm-offload-binary fails on it.
      this.note(item, `bitcode: the file holds ${e.moduleCount} modules (llvm-cat -b); ${this.packer ? this.peer : 'llvm-offload-binary-22'} reads a single module and stops with '${FAILED_TO_CREATE_MODULE}' here`);
      if (this.packer && this.opts.llvmRules) this.out.peerFailure ??= { message: FAILED_TO_CREATE_MODULE, label: { kind: 'none' } };
    }
    if (!e.hasMetadata) return false;
    for (const why of e.skipped) this.note(item, `${why} (skipped, as LLVM skips it)`);
    for (const why of e.unread) this.note(item, why);
    // The binaries are read from the decoded initializer (its own offsets; no span tree: its bytes are
    // bit-packed in the file); a global listed twice is read once. An initializer that is not
    // OffloadBinaries stops LLVM's extraction: here a note, and the next global is read.
    const read = new Map<EmbeddedObject, OffloadBinaryModel[]>();
    let n = 0; // this module's binaries (counted here: a filter over everything found would be quadratic in an archive of modules)
    e.objects.forEach((o, g) => {
      const path: PathKey[] = [...item.path, 'globals', g];
      let bins = read.get(o);
      if (bins) this.repeats.repeat(bins.length, image.offset! + o.offset, path, `!${EMBEDDED_OBJECTS_METADATA} names ${o.global} again`);
      else {
        try {
          bins = binariesOf(memorySource(o.bytes), { maxInflatedSize: this.opts.maxInflatedSize, inflatedBudget: this.opts.inflatedBudget, path: [...path, 'binaries'] });
        } catch (err) {
          if (!(err instanceof DecodeError)) throw err;
          bins = [];
          this.note(item, `${o.global}: its initializer is not OffloadBinaries (${err.message}; at its byte ${err.offset}); llvm-offload-binary-22 stops with an error here`);
          // (extractOffloadFiles' error: llvm-offload-binary's "error: Invalid data was encountered while parsing the file")
          if (this.packer && this.opts.llvmRules) this.out.peerFailure ??= { message: INVALID_DATA, label: { kind: 'none' } };
        }
        read.set(o, bins);
        this.repeats.read(bins.length);
      }
      bins.forEach((b, k) => this.out.found.push({ binary: b, site: { ...this.site(item, [...path, 'binaries', k], image.offset! + o.offset), global: o.global } }));
      n += bins.length;
    });
    const globals = [...new Set(e.objects.map((o) => o.global))].join(', ');
    this.note(item, `host bitcode module: ${n} OffloadBinary(s) in ${globals || 'no global'} (!${EMBEDDED_OBJECTS_METADATA}, section ${EMBEDDED_OFFLOADING_SECTION}), ${e.moduleCount > 1 ? 'what llvm-offload-binary-22 would extract from each module alone' : 'what llvm-offload-binary-22 extracts'}; their offsets count from the start of the global's initializer`);
    if (item.depth === 0) this.rejectModule(item);
    return true;
  }

  /**
   * A Mach-O, WebAssembly or XCOFF object: llvm-objdump prints its header line and warns that --offloading
   * reads only COFF and ELF (status 0); LLVM's extractOffloadBinaries finds nothing in it. (Its
   * load commands or sections are not checked: where LLVM fails to read a malformed one, this does not.)
   */
  private otherObject(item: Item, kind: 'macho' | 'wasm' | 'xcoff'): void {
    const head = this.head(item);
    const mo = machoHeader(head);
    // XCOFF: XCOFFObjectFile::create checks its headers and tables lie in the file (src/containers/xcoff.ts);
    // where they do not, LLVM fails on the object as on a malformed ELF one.
    const format =
      kind === 'xcoff'
        ? readXcoffHeaders(this.src, { origin: item.origin, size: item.size, path: item.path }).fileFormat
        : kind === 'macho' && mo
          ? machoFileFormatName(mo.bits, mo.cpuType)
          : WASM_FILE_FORMAT_NAME;
    // (an archive member's bytes: named, not left unreferenced; LLVM reads nothing of them either)
    this.span(item.path, item.origin, item.size, 'bytes', `${format} object (not read)`);
    if (!item.listed || this.stopped) return;
    if (this.packer) {
      this.note(item, `a ${format} object: ${this.peer} reads no offloading data from it (nothing extracted, status 0)`);
      return;
    }
    this.listing(item, format, []);
    this.out.peerWarnings ??= [];
    this.out.peerWarnings.push({ message: OFFLOADING_UNSUPPORTED_WARNING, label: item.depth ? { kind: 'member', member: item.member ?? '' } : { kind: 'object' } });
    this.note(item, `a ${format} object: ${this.peer} --offloading prints its header line and warns "${OFFLOADING_UNSUPPORTED_WARNING}"; nothing read`);
  }

  /**
   * A Mach-O universal binary: llvm-objdump's dumpInput hands it to the Mach-O dumper, which prints
   * nothing for --offloading (status 0); as an archive member it is a Binary that is no object file,
   * and dumpArchive fails on it as on a nested archive. llvm-offload-binary extracts nothing from it.
   * (Its fat headers are not checked: where LLVM fails to read malformed ones, this does not.)
   */
  private universal(item: Item): void {
    this.span(item.path, item.origin, item.size, 'bytes', 'Mach-O universal binary (not read)');
    if (!item.listed || this.stopped) return;
    if (item.depth > 0 && !this.packer) {
      this.stop(item, `fails on this member, a Mach-O universal binary and not an object ("${NOT_AN_OBJECT}")`, { message: NOT_AN_OBJECT, label: { kind: 'object' } });
      return;
    }
    this.note(item, `a Mach-O universal binary: ${this.packer ? `${this.peer} reads no offloading data from it (nothing extracted, status 0)` : `${this.peer} --offloading prints nothing for it (status 0)`}`);
  }

  /** Bundles LLVM does not extract, read with `bundles` into `otherBundles`; why one cannot be read is a note. */
  private otherBundles(item: Item, sections: readonly BundleSection[]): number {
    if (!this.opts.bundles) return 0;
    try {
      const entries = readOffloadBundles(this.src, sections, { maxInflatedSize: this.opts.maxInflatedSize, path: item.path, object: { offset: item.origin, size: item.size } });
      if (entries.length) (this.out.otherBundles ??= []).push({ ...(item.member === undefined ? {} : { member: item.member }), entries });
      return entries.length;
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      this.note(item, `its offload bundle cannot be read: ${e.message}`);
      return 0;
    }
  }

  /**
   * A clang-offload-bundler file (`clang -x hip --offload-device-only -c` without -fgpu-rdc): not an
   * object, so llvm-objdump rejects it and llvm-offload-binary finds nothing in it; said so, with what
   * reads it.
   */
  private bundleFile(item: Item): void {
    // Its magic alone makes no bundle: it must read as one (else it is a file of no known kind, whose
    // error says why), whether or not its entries are kept.
    let entries: OffloadBundleEntryModel[];
    try {
      entries = readOffloadBundles(this.src, [{ index: 0, offset: item.origin, size: item.size }], { maxInflatedSize: this.opts.maxInflatedSize, path: item.path, object: { offset: item.origin, size: item.size }, sectionPath: () => [] });
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      const why = `starts as a clang-offload-bundler file but does not read as one: ${e.reason}`;
      // (under LLVM's rules it is what it is to LLVM: a file of no kind it reads)
      if (this.opts.llvmRules) {
        if (!this.packer && item.depth === 0) this.out.peerFailure ??= { message: NOT_AN_OBJECT, label: { kind: 'input' } };
        return;
      }
      if (item.depth === 0) throw new DecodeError(e.code, why, e.offset, e.pathSegments);
      this.note(item, `${why}; nothing read`);
      return;
    }
    this.span(item.path, item.origin, item.size, 'bytes', 'a clang-offload-bundler file');
    const n = entries.length;
    if (this.opts.bundles && n) (this.out.otherBundles ??= []).push({ ...(item.member === undefined ? {} : { member: item.member }), entries });
    const peer = this.packer ? `${this.peer} extracts nothing from it (status 0)` : `${this.peer} --offloading rejects it ("${NOT_AN_OBJECT}")`;
    this.note(item, `a clang-offload-bundler file (HIP device code built without -fgpu-rdc${n ? `; ${n} entries` : ''}): ${peer}; 'syclbin offload-extract FILE -o DIR' writes its entries, 'syclbin inspect FILE' explains it`);
    if (!this.packer && item.depth === 0) this.out.peerFailure ??= { message: NOT_AN_OBJECT, label: { kind: 'input' } };
  }

  private unknown(item: Item): void {
    if (holdsOffloadBundle(this.head(item), item.size)) return this.bundleFile(item);
    const scan = this.opts.scan ?? 'auto';
    const found = scan === 'never' ? 0 : this.scan(item, []);
    if (item.depth > 0) {
      if (!found) this.span(item.path, item.origin, item.size, 'bytes', 'not read');
      if (!found) this.note(item, `${item.size ? `not an object file, archive, OffloadBinary, bitcode or SPIR-V module (starts with ${hexText(this.head(item).subarray(0, 4))})` : 'empty'}; nothing read`);
      return;
    }
    if (found) {
      this.note(item, `the input is of no kind LLVM reads (starts with ${hexText(this.head(item).subarray(0, 4))}); ${this.packer ? `${this.peer} extracts nothing from it (status 0)` : `${this.peer} rejects it`}`);
      if (!this.packer) this.out.peerFailure ??= { message: NOT_AN_OBJECT, label: { kind: 'input' } };
      return;
    }
    // Nothing at all: the OffloadBinary reader's error (as before), saying what else was tried.
    try {
      binariesOf(this.src, {});
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      const tried = scan === 'never' ? '' : ', and no OffloadBinary magic was found in it';
      throw new DecodeError(e.code, `${e.reason}; not an ELF or COFF object, archive, LLVM bitcode or SPIR-V module either${tried}`, e.offset, e.pathSegments);
    }
  }

  /** 'auto': objects of which no offloading section was read; 'always': everything. */
  private scanIfNeeded(item: Item, nothingRead: boolean, bins: OffloadBinaryModel[], sections: readonly { index: number; name: string; offset: number; size: number }[]): void {
    const scan = this.opts.scan ?? 'auto';
    if (scan === 'never' || (scan === 'auto' && !nothingRead)) return;
    this.scan(item, bins, sections);
  }

  private scanAlways(item: Item, bins: OffloadBinaryModel[]): void {
    if (this.opts.scan === 'always') this.scan(item, bins);
  }

  /** Scan the item outside `bins`; returns how many binaries were found. */
  private scan(item: Item, bins: OffloadBinaryModel[], sections: readonly { index: number; name: string; offset: number; size: number }[] = []): number {
    const path = [...item.path, 'scan'];
    const r = scanForOffloadBinaries(this.src, {
      start: item.origin,
      end: item.origin + item.size,
      exclude: bins.map((b) => [b.offset, b.offset + b.size] as const),
      maxCandidates: this.opts.maxScanCandidates,
      maxInflatedSize: this.opts.maxInflatedSize,
      inflatedBudget: this.opts.inflatedBudget,
      tree: this.opts.tree,
      path,
    });
    let first = '';
    r.found.forEach((b, k) => {
      const rel = b.offset - item.origin;
      const section = sections.filter((s) => s.offset <= rel && rel < s.offset + s.size).sort((x, y) => x.size - y.size)[0];
      this.out.found.push({ binary: b, site: this.site(item, [...path, k], b.offset, section), byScan: true });
      if (k === 0) first = `(version ${b.version}, ${b.size} bytes) at offset 0x${b.offset.toString(16)}${section ? ` in ${sectionPlace(section)}` : ''}`;
    });
    // One note for what one scan found, however many binaries (the first one's place in it), and one for what it rejected.
    const n = r.found.length;
    const advice = this.opts.scanNoteAdvice ? `: ${this.opts.scanNoteAdvice}` : '';
    if (n === 1) this.note(item, `an OffloadBinary ${first} was found by scanning for its magic; LLVM does not look there, and ${this.peer} does not see it${advice}`);
    else if (n > 1) this.note(item, `${n} OffloadBinaries were found by scanning for their magic, the first ${first}; LLVM does not look there, and ${this.peer} does not see them${advice}`);
    const [x, ...more] = r.rejected;
    if (x) this.note(item, `the OffloadBinary magic at offset 0x${x.offset.toString(16)} does not start a valid binary: ${x.error.message}${more.length ? ` (nor does it at ${more.length} more offset(s))` : ''}`);
    if (r.capped) this.note(item, `scanning stopped after ${this.opts.maxScanCandidates ?? 64} candidates`);
    return r.found.length;
  }

  /**
   * Bare sections of a wrapper object (ELF or COFF) or an executable: images, kernel names, triple.
   * `'descriptor'` (a PE image): the images are where the SYCL descriptor (found by its shape) says.
   * Returns the number of device images found.
   */
  /**
   * An offloading section whose contents are compressed (SHF_COMPRESSED: an Elf_Chdr, then a zlib or
   * zstd stream, as `llvm-objcopy --compress-sections` writes it): LLVM reads the compressed bytes as
   * they are and fails ("Invalid data"); they are no device image either. An error that says so and
   * how to decompress it.
   */
  private compressedSection(item: Item, elf: ElfFile, b: OffloadingSection): void {
    const s = elf.sections[b.index]; // (sections are in table order: index i at i)
    if (!s || (s.flags & BigInt(SHF_COMPRESSED)) === 0n) return;
    const head = this.src.read(item.origin + b.offset, Math.min(4, b.size));
    const type = head.length === 4 ? new DataView(head.buffer, head.byteOffset, 4).getUint32(0, elf.littleEndian) : undefined;
    const kind = type === undefined ? 'its header is cut short' : (ELFCOMPRESS[type] ?? `ch_type ${type}`);
    throw new DecodeError(
      'FORMAT',
      `${sectionPlace(b)} is compressed (SHF_COMPRESSED, ${kind}); LLVM reads no compressed offloading section either ("${EXTRACTING}"): decompress it first, e.g. llvm-objcopy --compress-sections '${b.name}=none' IN OUT`,
      item.origin + b.offset,
      [...item.path, 'sections', b.index],
    );
  }

  /**
   * The device images outside OffloadBinaries of a wrapper object or a linked program: in `bareSections`
   * (or the sections the SYCL descriptor names), where the descriptor puts them, else the runs of a
   * section's bytes `foreign` gives (a section that also holds binaries), else the whole section.
   */
  private wrapper<S extends PointerSection>(
    item: Item,
    p: PointerReader<S>,
    format: 'elf' | 'coff' | 'pe',
    bareSections: readonly PointerSection[] | 'descriptor',
    foreign?: ReadonlyMap<unknown, readonly ForeignPart[]>,
    /** The SYCL descriptor as read already (a look for it that failed: undefined inside). */
    known?: { desc: SyclDeviceImageInfo<S>[] | undefined },
  ): number {
    let entries: OffloadEntryRecord[] = [];
    let desc: SyclDeviceImageInfo<S>[] | undefined;
    const aside = <T>(what: string, f: () => T): T | undefined => {
      try {
        return f();
      } catch (e) {
        if (!(e instanceof DecodeError)) throw e;
        this.note(item, `${what} could not be read: ${e.message}`);
        return undefined;
      }
    };
    entries = aside(`the offload entries (${offloadEntriesSectionName(format)})`, () => offloadEntries(p, format)) ?? [];
    // Without its symbol (a PE image, a stripped ELF program) the descriptor is found by its shape.
    // (a program read through its descriptor alone, a PE image or an ELF one without section headers,
    // may name images whose section was removed: such a descriptor is taken too, and said)
    desc = known ? known.desc : aside('the SYCL descriptor', () => syclDescriptor(p, { scan: true, missing: bareSections === 'descriptor' }));
    // A program without section headers whose device-image section was removed (llvm-objcopy -R, then
    // --strip-sections): the descriptor leads into a segment whose bytes there were zero-filled.
    // (No device image is all zero bytes: SPIR-V, bitcode and ELF start with their magic.)
    for (const d of desc ?? []) {
      const s = d.image?.section;
      if (!s || s.segment === undefined || d.image!.size === 0) continue;
      if (!p.bytes(s).subarray(d.image!.offset, d.image!.offset + d.image!.size).every((b) => b === 0)) continue;
      const addr = (s as { addr?: bigint }).addr;
      if (addr === undefined) continue;
      const start = addr + BigInt(d.image!.offset);
      d.missing = { start, end: start + BigInt(d.image!.size), zeroFilledIn: sectionPlace(s) };
      delete d.image;
    }
    this.recordSyclTables(item, p, entries, desc ?? []);
    let bare: readonly PointerSection[];
    if (bareSections !== 'descriptor') bare = bareSections;
    else {
      bare = [...new Set((desc ?? []).flatMap((d) => (d.image ? [d.image.section] : [])))];
      if (!bare.length) {
        for (const n of p.notes) this.note(item, n);
        if (!this.missingImages(item, desc ?? [], format)) this.note(item, 'no SYCL device-image descriptor found: the device images of this program are not located');
        return 0;
      }
    }
    const sycl = (list: OffloadEntryRecord[]): string[] => list.filter((e) => e.kind === ENTRY_KIND_SYCL && e.name !== undefined).map((e) => e.name!);
    const others = entries.filter((e) => e.kind !== ENTRY_KIND_SYCL).length;
    if (others) this.note(item, `${others} offload entr${others === 1 ? 'y is' : 'ies are'} not SYCL (kind other than 8) and not taken as kernels`);
    const unnamed = entries.filter((e) => e.kind === ENTRY_KIND_SYCL && e.name === undefined).length;
    if (unnamed) this.note(item, `${unnamed} SYCL entr${unnamed === 1 ? 'y has' : 'ies have'} no readable name`);
    const images: { section: PointerSection; at: number; size: number; d?: SyclDeviceImageInfo<S> }[] = [];
    const bySection = new Map<number, SyclDeviceImageInfo<S>[]>();
    for (const d of desc ?? []) {
      if (!d.image) continue;
      const list = bySection.get(d.image.section.index);
      if (list) list.push(d);
      else bySection.set(d.image.section.index, [d]);
    }
    for (const s of bare) {
      const ds = bySection.get(s.index) ?? [];
      const runs = foreign?.get(s);
      if (ds.length) for (const d of ds) images.push({ section: s, at: d.image!.offset, size: d.image!.size, d });
      // (runs of bytes the descriptor does not place, beside binaries: images too, or the error that
      // they are none: nothing of the section is left unsaid)
      const placed = (run: ForeignPart): boolean => ds.some((d) => item.origin + s.offset + d.image!.offset === run.offset && d.image!.size === run.size);
      if (runs) for (const run of runs) if (!placed(run)) images.push({ section: s, at: run.offset - item.origin - s.offset, size: run.size });
      if (!ds.length && !runs) images.push({ section: s, at: 0, size: s.size });
    }
    const single = images.length === 1;
    if (!single && !desc && entries.length) this.note(item, `${images.length} bare images and no SYCL descriptor: the entries of ${offloadEntriesSectionName(format)} cannot be given to one of them`);
    // Images at one place (several descriptor entries may name the same range) are identified once.
    const identified = new Map<string, ImageInfo>();
    images.forEach((x, i) => {
      const at = item.origin + x.section.offset + x.at;
      const image = blobRef(this.src, at, x.size, at);
      const placeKey = `${at}:${x.size}`;
      let info = identified.get(placeKey);
      if (!info) identified.set(placeKey, (info = identifyImage(image)));
      // A whole section of no kind this toolkit knows (text, a compressed stream, ...) is no device image
      // of a wrapper object: the file fails as LLVM's extraction fails on it.
      if (!x.d && info.kind === 'unknown' && x.size > 0) {
        throw new DecodeError(
          'FORMAT',
          foreign?.has(x.section)
            ? `${sectionPlace(x.section)} holds ${x.size} byte(s) at offset 0x${at.toString(16)}, beside its OffloadBinaries, that are neither an OffloadBinary nor a device image this toolkit recognises (SPIR-V, LLVM bitcode, ELF): they start with ${hexText(image.slice(0, Math.min(8, x.size)))}; LLVM fails on the section too ("${EXTRACTING}")`
            : `${sectionPlace(x.section)} holds neither OffloadBinaries (it does not start with the magic 10 ff 10 ad) nor a device image this toolkit recognises (SPIR-V, LLVM bitcode, ELF): it starts with ${hexText(image.slice(0, Math.min(8, x.size)))}; LLVM fails on it too ("${EXTRACTING}")`,
          at,
          [...item.path, ...contentKeys(x.section)],
        );
      }
      // The descriptor's own entries are what the SYCL runtime registers (__sycl_register_lib is given
      // the descriptor: llvm-project llvm/lib/Frontend/Offloading/OffloadWrapper.cpp wrapSYCLBinaries);
      // the global table is the fallback for a lone image whose descriptor entries cannot be read. It
      // may be gone (`--gc-sections` drops the unreferenced llvm_offload_entries from a program) or
      // hold the entries of every image (a file linked from two wrapper objects).
      const own = x.d?.entries ? sycl(x.d.entries) : undefined;
      const kernels = own ?? (single ? sycl(entries) : []);
      const path = [...item.path, ...contentKeys(x.section), 'images', i];
      this.span(path.slice(0, -2), item.origin + x.section.offset, x.section.size, 'group');
      this.span(path, at, x.size, 'image', info.kind);
      const bare: BareImage = { site: this.site(item, path, at, x.section), image, kind: bareKind(info), kernels, info };
      if (kernels.length) bare.kernelsFrom = own ? SYCL_DESCRIPTOR_SYMBOL : offloadEntriesSectionName(format);
      if (x.d) {
        bare.offloadKind = x.d.offloadKind;
        bare.format = x.d.format;
      }
      if (x.d?.triple !== undefined) {
        bare.triple = x.d.triple;
        this.note(item, `image ${i} in ${sectionPlace(x.section)}: triple ${x.d.triple} from the SYCL device image descriptor (.sycl_offloading.descriptor)`);
      } else if (info.kind === 'bitcode' && info.triple !== undefined) {
        bare.triple = info.triple;
        this.note(item, `image ${i} in ${sectionPlace(x.section)}: triple ${info.triple} from the bitcode module's TRIPLE record`);
      }
      if (single && own && entries.length && sycl(entries).join('\n') !== own.join('\n')) {
        this.note(item, `${offloadEntriesSectionName(format)} (${someOf(sycl(entries))}) differs from the descriptor's entries (${someOf(own)}); the descriptor's are given: the SYCL runtime registers those`);
      }
      if (info.problem) this.note(item, `image ${i}: ${info.problem}`);
      this.out.bare.push(bare);
    });
    for (const n of p.notes) this.note(item, n);
    this.missingImages(item, desc ?? [], format);
    return images.length;
  }

  /**
   * The SYCL tables of a wrapper object or program in the span tree, so that `annotate`, `hexdump`
   * and `verify` name their fields: the offload entries (`llvm_offload_entries`, and each device
   * image's private copy: `sections[k].entries[i]`, i counted from the section's start) and the
   * descriptor's device-image records (`sections[k].syclDeviceImages[j]`, in the descriptor's order).
   * Each record once (an entry list several images share, a record two descriptors name). Their
   * strings (names, triples) stay in their sections' bytes.
   */
  private recordSyclTables<S extends PointerSection>(item: Item, p: PointerReader<S>, entries: readonly OffloadEntryRecord[], desc: readonly SyclDeviceImageInfo<S>[]): void {
    const tree = this.opts.tree;
    if (!tree) return;
    const le = p.file.littleEndian;
    // The section holding an absolute offset: sections with contents by their file offset, searched.
    const placed = p.file.sections.filter((s) => s.size > 0).sort((a, b) => a.offset - b.offset);
    const sectionAt = (abs: number): S | undefined => {
      const o = abs - p.file.origin;
      let lo = 0;
      let hi = placed.length - 1;
      let found: S | undefined;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (placed[mid]!.offset <= o) {
          found = placed[mid];
          lo = mid + 1;
        } else hi = mid - 1;
      }
      return found && o < found.offset + found.size ? found : undefined;
    };
    const done = new Set<number>();
    const record = (node: Node<unknown, unknown, Role>, abs: number, key: 'entries' | 'syclDeviceImages', index: (s: S) => number): void => {
      const size = node.fixedSize!;
      if (done.has(abs) || abs < 0 || abs + size > this.src.size) return;
      const s = sectionAt(abs);
      if (!s || abs + size > p.file.origin + s.offset + s.size) return;
      done.add(abs);
      decode(node, this.src.read(abs, size), 0, { le, base: abs, tree, parent: tree.at([...item.path, ...contentKeys(s), key]), key: index(s) });
    };
    const entry = OFFLOAD_ENTRIES[p.file.pointerBits];
    const stride = offloadEntryArrayStride(p.file.pointerBits, p.file.i64Align4);
    const entryIndex = (abs: number) => (s: S) => Math.floor((abs - p.file.origin - s.offset) / stride);
    for (const e of entries) record(entry, e.offset, 'entries', entryIndex(e.offset));
    const image = SYCL_DESCRIPTORS[p.file.pointerBits].deviceImage;
    desc.forEach((d, j) => {
      record(image, d.offset, 'syclDeviceImages', () => j);
      for (const e of d.entries ?? []) record(entry, e.offset, 'entries', entryIndex(e.offset));
    });
  }

  /**
   * An ELF file with no offloading section: the device images its SYCL descriptor (found by the
   * `.sycl_offloading.descriptor` symbol) names, when their bytes are not in the file. Without the
   * symbol (`llvm-strip`, `--strip-all`, `--discard-all` drop it with or after `-R .llvm.offloading`)
   * the descriptor is looked for by its shape, but only in a program that holds what every
   * offloading wrapper leaves beside it (see {@link offloadingLeftovers}): not through every
   * program's data.
   */
  private removedImages(item: Item, p: ElfPointers, elf: ElfFile): void {
    let desc: SyclDeviceImageInfo<ElfSection>[] | undefined;
    try {
      desc = syclDescriptor(p, { scan: elf.type !== ET_REL && offloadingLeftovers(elf.sections), missing: true });
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      return; // (a descriptor that does not read names no image: nothing to add to what the file is)
    }
    if (!desc?.some((d) => d.missing)) return;
    for (const n of p.notes) this.note(item, n);
    this.missingImages(item, desc);
  }

  /**
   * Says which device images of the SYCL descriptors are not in the file (see {@link MissingDeviceImage}):
   * a note, and `missingImages` for verify. Returns how many.
   */
  private missingImages<S extends PointerSection>(item: Item, desc: readonly SyclDeviceImageInfo<S>[], format: 'elf' | 'coff' | 'pe' = 'elf'): number {
    const missing: MissingDeviceImage[] = [];
    for (const d of desc) {
      if (!d.record || SYCL_DEVICE_IMAGE_VERSIONS.includes(d.version)) continue;
      (this.out.unknownImageVersions ??= []).push({ site: this.site(item, [...item.path, ...contentKeys(d.record.section)], d.offset, d.record.section), size: d.record.size, version: d.version });
    }
    desc.forEach((d, index) => {
      if (!d.missing || !d.record) return;
      const r = d.record;
      const sycl = (d.entries ?? []).filter((e) => e.kind === ENTRY_KIND_SYCL);
      const m: MissingDeviceImage = { site: this.site(item, [...item.path, ...contentKeys(r.section)], d.offset, r.section), size: r.size, index, start: d.missing.start, kernels: sycl.filter((e) => e.name !== undefined).map((e) => e.name!) };
      const unnamed = sycl.filter((e) => e.name === undefined).length;
      if (unnamed) m.unnamedKernels = unnamed;
      if (format === 'pe') m.section = PE_OFFLOADING_SECTION;
      if (d.missing.end !== undefined) m.end = d.missing.end;
      if (d.missing.zeroFilledIn !== undefined) m.zeroFilledIn = d.missing.zeroFilledIn;
      if (d.triple !== undefined) m.triple = d.triple;
      missing.push(m);
    });
    if (!missing.length) return 0;
    (this.out.missingImages ??= []).push(...missing);
    this.note(item, missingImagesText(missing));
    return missing.length;
  }
}

/**
 * The sections an offloading program keeps when its device images are removed: the offload entries
 * (`llvm_offload_entries`) and their names' strings (`.llvm.rodata.offloading`), both written by
 * llvm/llvm-project:llvm/lib/Frontend/Offloading/Utility.cpp `emitOffloadingEntry` for every wrapper
 * (testdata/llvm22/sycl/k.wrapper.ll). `ld --gc-sections` may drop the entries (sycl/k2.gc.exe has
 * only the strings), strip keeps both (they are allocated).
 */
function offloadingLeftovers(sections: readonly { name: string }[]): boolean {
  return sections.some((s) => s.name === OFFLOAD_ENTRIES_SECTION || s.name === OFFLOADING_STRINGS_SECTION);
}

/** What {@link MissingDeviceImage}s are, in one sentence (offload-list's and inspect's note, verify's warning). */
export function missingImagesText(missing: readonly MissingDeviceImage[]): string {
  const one = (m: MissingDeviceImage): string => {
    const range = m.end === undefined ? `address 0x${m.start.toString(16)}` : `addresses 0x${m.start.toString(16)}..0x${m.end.toString(16)} (${m.end - m.start} bytes)`;
    const record = m.site.section ? ` (record at offset 0x${m.site.offset.toString(16)}, ${sectionPlace(m.site.section)})` : '';
    const where = m.zeroFilledIn === undefined ? 'in no section with contents' : `all zero bytes in ${m.zeroFilledIn}`;
    const unnamed = m.unnamedKernels ? `${m.unnamedKernels} whose name${m.unnamedKernels === 1 ? ' is' : 's are'} not in the file either` : '';
    const kernels = m.kernels.length ? someOf(m.kernels) + (unnamed && `, and ${unnamed}`) : unnamed || 'none';
    return `[${m.index}]${m.triple === undefined ? '' : ` ${m.triple}`} at ${range}, ${where}${record}, kernels: ${kernels}`;
  };
  // (each image's text is too long for someOf's clipping: the first 5, and how many more)
  const shown = missing.slice(0, 5).map(one).join('; ') + (missing.length > 5 ? `; and ${missing.length - 5} more` : '');
  const section = missing.find((m) => m.section !== undefined)?.section ?? '.llvm.offloading';
  return `the SYCL descriptor (${SYCL_DESCRIPTOR_SYMBOL}) names ${missing.length} device image(s) whose bytes are not in the file (their section was removed, e.g. by llvm-objcopy -R ${section}): ${shown}`;
}

/** Why LLVM's extraction fails on these sections: no OffloadBinary in them, or bytes beside their binaries. */
function describeBare<S extends OffloadingSection | CoffSection | ElfSection>(sections: readonly S[], read: readonly { section: S; binaries: readonly OffloadBinaryModel[] }[], foreign?: ReadonlyMap<S, readonly ForeignPart[]>): string {
  return sections
    .map((s) => {
      const runs = foreign?.get(s);
      if (!runs) return `${sectionPlace(s)} holds no OffloadBinary`;
      const n = read.find((x) => x.section === s)?.binaries.length ?? 0;
      return `${sectionPlace(s)} holds ${runs.length === 1 ? 'a device image' : `${runs.length} device images`} outside any OffloadBinary (at offset ${runs.map((r) => `0x${r.offset.toString(16)}`).join(', ')}) beside its ${n === 1 ? 'OffloadBinary' : `${n} OffloadBinaries`}`;
    })
    .join('; ');
}
