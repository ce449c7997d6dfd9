/**
 * Byte annotation: which bytes of a file mean what.
 *
 * `annotate(input)` reads the file with the toolkit's readers in collect mode while they record the
 * span tree (src/codec/spans.ts), then turns the tree into a list that TILES the file: every byte
 * belongs to exactly one leaf span — a header/table field, a property-set line inside a metadata blob,
 * an image, an OffloadBinary string, padding (zero or not) or `unreferenced` bytes — and parent spans
 * are listed with kind `group`. The names are the readers' own: `dump -v`, `verify`, `hexdump`,
 * `diff` and the web inspector all name a byte by the path the reader recorded for it.
 *
 * Formats: bare SYCLBIN v1, v1 inside an OffloadBinary envelope (v1/v2/v3; a compressed payload is
 * one leaf), SYCLBIN v2 role entries, plain OffloadBinary files (several concatenated ones too), ELF
 * and COFF objects with offloading sections (file header, section headers, string table, the
 * binaries or bare images of the sections, binaries found by scanning), static archives (global
 * header, member headers, BSD names, padding, special members; each member's contents read as its
 * own container under `members[i].data`), all through src/offload/input.ts, and property-set registry
 * text (`.prop`).
 *
 * A file the readers reject is annotated as far as they got; every problem is returned (`problems`,
 * `error` = the first, with byte offset and path) and the bytes not read are `unreferenced`.
 *
 * Shared bytes: OffloadBinary string tables share tails (ELF StringTableBuilder) and v1 metadata
 * tables may share blobs (docs/spec/README.md rule 5); such bytes have one owner (the first reference
 * in file order) and the owner lists the other paths in `shared`. A SYCLBIN v1 header-table entry's
 * group lists in `shared` the module images it is (`nativeImages[3]`: `abstractModules[1].nativeImages[0]`).
 *
 * Library core: ByteSource/Uint8Array only (runs in the browser inspector); the bytes read are the
 * structures and the gaps, not the images.
 */
import { IR_HEAD, looksLikeIrText } from '../containers/ir-text.js';
import { BUNDLE_SNIFF, holdsOffloadBundle, readOffloadBundles } from '../containers/offload-bundle.js';
import { decode, ArgumentError, childPath, rangeArgument, blobRef, blobSource, quotedName, DecodeError, forEachDescendant, formatPath, hasMagic, hexText, memorySource, nodePath, ownsBytes, pathOf, DEFAULT_MAX_SPANS, SpanBudgetError, SpanTree, toSource, wholeNumberArgument, type ByteSource, type PathKey, type SpanKind, type SpanNode, optionsArgument, type OptionKeys, type BytesLike } from '../codec/index.js';
import { OFFLOAD_BINARY_ALIGN, OFFLOAD_BINARY_MAGIC, OFFLOAD_VERSIONS, OffloadHeaderPrefix, OffloadMagic } from '../../formats/offload-binary.js';
import { SYCLBIN_MAGIC, SyclbinFileHeader, SyclbinMagic } from '../../formats/syclbin-v1.js';
import { CoffFileHeader, CoffSectionHeader } from '../../formats/coff.js';
import { V2_IMAGE_KIND, V2_KEYS } from '../../formats/syclbin-v2.js';
import { inflateOffloadBinary, offloadBinaries, readOffloadBinary, readOneOffloadBinary, declaredBinarySize, type OffloadBinaryModel } from '../offload/read.js';
import { summarizeOffloadBinary, type BinarySummary } from '../offload/walk.js';
import type { ElfOffloadResult } from '../offload/elf.js';
import { offloadInputOf, type OffloadInput } from '../offload/input.js';
import { looksLikeRegistryText, offloadContainerOf } from '../offload/sniff.js';
import { readSyclbin } from '../syclbin/read.js';
import { recordModuleSpans } from '../containers/identify.js';
import type { V1Geometry } from '../syclbin/read-v1.js';
import type { SyclbinFile } from '../syclbin/model.js';
import { readRegistry } from '../props/registry.js';
import type { PropertySetRegistry } from '../props/model.js';
import { mergeRanges } from './ranges.js';

export { propertyDisplay } from '../props/display.js';

/** What a file was read as. */
export type FileFormat = 'syclbin-v1' | 'syclbin-v1-offload' | 'syclbin-v2' | 'offload-binary' | 'elf' | 'coff' | 'pe' | 'archive' | 'spirv' | 'bitcode' | 'offload-bundle' | 'property-sets' | 'llvm-ir' | 'unknown';

/** One span of the annotation. */
export interface AnnotatedSpan {
  /** Absolute byte offset. */
  offset: number;
  /** Size in bytes. */
  size: number;
  /** The path for people (`entries[0].strings[1].key`). */
  path: string;
  /** The same path as keys. */
  keys: readonly PathKey[];
  /** What the bytes are (field, image, padding, `group` for a parent, ...). */
  kind: SpanKind;
  /** Decoded value of a leaf (numbers; u64 fields that do not fit a double as bigint; strings). */
  value?: unknown;
  /** The name of the value of an enumeration field (`syclbin` for an image kind of 7). */
  label?: string;
  /** Other paths that reference (some of) these bytes, which this span owns (on a v1 header-table entry's group: the module images it is). */
  shared?: string[];
  /**
   * The spans of those other paths as the reader recorded them (their keys, extent and value), in the
   * order of `shared`: what a tree of the file shows under each sharer (a tail-merged string of another
   * entry). Not part of the JSON, which names them in `shared`.
   */
  sharers?: AnnotatedSpan[];
}

/**
 * The categories of findings (`Finding.code`, `verify --json`'s `code`; schemas/verify.schema.json):
 * `structure` the file does not read (the reader's error), `padding` non-zero padding,
 * `unreferenced` bytes or header entries nothing refers to, `overlap` blobs that share bytes,
 * `layout` a layout no writer makes, `property` a property-set problem (`props --check`), `target`
 * targets that disagree with their metadata or envelope, `enum` an unknown enumeration value,
 * `version` a version readers accept but writers do not write, `incomplete` what was not checked,
 * `image` a device image inside a container whose module does not read or whose bytes are not what
 * it is declared to be (the container reads; the runtime or device compiler stops on the image).
 */
export const FINDING_CODES = ['structure', 'padding', 'unreferenced', 'overlap', 'layout', 'property', 'target', 'enum', 'version', 'incomplete', 'image'] as const;
/** One of {@link FINDING_CODES}. */
export type FindingCode = (typeof FINDING_CODES)[number];

/** A problem with its place. */
export interface Finding {
  /** How bad it is. */
  severity: 'error' | 'warning' | 'note';
  /** Absolute byte offset. */
  offset: number;
  /** Bytes concerned, when known. */
  size?: number;
  /** Structure path for people (`entries[0].header.size`). */
  path: string;
  /** Stable category (one of {@link FINDING_CODES}). */
  code: FindingCode;
  /** What is wrong, for people. */
  message: string;
}

/** A metadata blob (property-set registry text) found in the file. */
export interface MetadataBlob {
  /** Its path for people. */
  path: string;
  /** The same path as keys. */
  keys: readonly PathKey[];
  /** Absolute byte offset. */
  offset: number;
  /** Size in bytes. */
  size: number;
  /** Its span node (set and key lines below it). */
  node: SpanNode;
  /** The decoded registry, when it parsed. */
  registry?: PropertySetRegistry;
  /** Why it did not parse. */
  error?: DecodeError;
}

/** A v1 image's layout facts, with its path as text. */
export type V1Image = Omit<V1Geometry, 'path'> & { path: string; keys: readonly PathKey[] };

/** The annotation of a file. */
export interface Annotation {
  /** What the file was read as. */
  format: FileFormat;
  /** File size in bytes. */
  size: number;
  /** Groups and leaves, sorted by offset; at one offset, larger spans (parents) first. */
  spans: AnnotatedSpan[];
  /** The first problem the reader found (when the file could not be read cleanly). */
  error?: Finding;
  /** Every problem the reader found, in reading order. */
  problems: DecodeError[];
  /** The problem that stopped the reader (the others it read past), if one did. */
  stoppedBy?: DecodeError;
  /**
   * SYCLBIN v1: metadata blobs named again past the sharing budget (src/syclbin/read-v1.ts): read
   * here (the annotation names each blob once), refused by readers that hand out every copy (json,
   * inspect, extract; diff compares what reads before it) with this error.
   */
  repeatLimit?: DecodeError;
  /** Every metadata blob, with its registry when it parsed. */
  metadata: MetadataBlob[];
  /** SYCLBIN model (when the file read as SYCLBIN). */
  model?: SyclbinFile;
  /** OffloadBinary models (envelope of v1-in-offload, the v2 file, a plain OffloadBinary file, an ELF's). */
  offload?: OffloadBinaryModel[];
  /** ELF objects: what the sections hold. */
  elf?: ElfOffloadResult;
  /** ELF, COFF and archive inputs: everything found (binaries, bare images, notes). */
  input?: OffloadInput;
  /** `.prop` files: the registry. */
  registry?: PropertySetRegistry;
  /** v1 images: where the header tables, metadata table and binary table are. */
  v1Images: V1Image[];
  /** Every SYCLBIN v1 image read, those inside a compressed payload too (offset -1): their layout facts. */
  v1Geometry?: readonly V1Geometry[];
  /** The span tree the readers recorded. */
  tree: SpanTree;
  /**
   * SYCLBIN images inside the file's OffloadBinaries (an object, archive or program; a multi-entry
   * binary): each annotated as the bare SYCLBIN it is, its spans placed in `spans` below the image's
   * (offsets of the file, paths after the image's), its reader's problems among `problems`.
   */
  embedded?: EmbeddedSyclbin[];
  /** SYCLBIN images past {@link MAX_EMBEDDED_SPANS} that are left as images (not explained). */
  embeddedSkipped?: number;
}

/** A SYCLBIN image inside a file's OffloadBinary (see {@link Annotation.embedded}). */
export interface EmbeddedSyclbin {
  /** Where the image starts in the file. */
  offset: number;
  /** The image span's path. */
  path: string;
  /** The same path as keys. */
  keys: readonly PathKey[];
  /** The image's bytes (addressed from 0): `annotate` them again for their own annotation. */
  source: ByteSource;
}

/**
 * How many spans of embedded SYCLBIN images one annotation takes in (about 300 bytes each): past it
 * the images are left as images, counted in `embeddedSkipped`. Memory stays bounded for a file of
 * many small SYCLBIN entries (80,000 of 252 bytes made 5x the spans of the file itself).
 */
export const MAX_EMBEDDED_SPANS = 250_000;

/** Options of `annotate`. */
export interface AnnotateOptions {
  /** Largest inflated payload of a compressed OffloadBinary to accept (default DEFAULT_MAX_INFLATED_SIZE). */
  maxInflatedSize?: number;
  /**
   * The input is a compressed v3 binary's inflated address space (`inflateOffloadBinary`): its header
   * and the inflated payload, annotated in place (the entries, strings and images inside it).
   */
  inflated?: boolean;
  /**
   * Only the spans of `[spansWindow[0], spansWindow[1])` are wanted (hexdump --range): the span tree
   * keeps the nodes that meet it or lie within 4 KiB of it (SpanTree `window`), in every format, and
   * the binaries of a sequence of OffloadBinaries (bare, or in an object's sections) that lie outside
   * it are read without spans (ReadOffloadOptions.spansWindow). The rows of the window read as in the
   * whole file's annotation; the tiling outside it is not meaningful. Problems are found in the whole
   * file as without it, and every structure read counts against `maxSpans`.
   */
  spansWindow?: readonly [number, number];
  /**
   * A SYCLBIN v1 metadata blob that many headers name is read once and not charged again for each
   * (ReadSyclbinOptions.sharedBlobsFree; default true: the annotation names it once). A caller that
   * walks every module's registry of `model` (diff) sets false, so that a file handing one large blob
   * out thousands of times is refused instead.
   */
  sharedBlobsFree?: boolean;
  /**
   * The most spans (span tree nodes) to explain the file with (default {@link DEFAULT_MAX_SPANS}):
   * past it the reading ends in a `LIMIT` problem at the structure that did not fit, and what was
   * read before it is explained. Each span costs memory (about a kilobyte with its tree node), so a
   * file of millions of tiny structures ends in an error, not in a full heap.
   */
  maxSpans?: number;
}

/** Leaves of an annotation (spans that own bytes), sorted by offset. */
export function leavesOf(a: Pick<Annotation, 'spans'>): AnnotatedSpan[] {
  return a.spans.filter((s) => s.kind !== 'group');
}

/** The finding form of a reader error. */
export function findingOf(e: DecodeError): Finding {
  return { severity: 'error', offset: e.offset, path: e.path, code: 'structure', message: e.message };
}

/** What kind of OffloadBinary file: SYCLBIN (v1 in entry 0, or v2 role entries) or a plain one. */
function offloadFormat(src: ByteSource, opts: AnnotateOptions): FileFormat | 'offload-binary-broken' {
  // The first binary's kinds and keys, with every check of the full reader but without its model: the
  // reading that names the bytes comes after (a binary of 50,000 strings was read twice, the first
  // time for these few facts).
  let first: BinarySummary;
  try {
    first = summarizeOffloadBinary(src, 0, { maxInflatedSize: opts.maxInflatedSize, inflated: opts.inflated, markKey: V2_KEYS.role });
  } catch {
    return 'offload-binary-broken';
  }
  const version = first.model ? first.model.version : first.version;
  const entries = first.model ? first.model.entries.map((e) => ({ imageKind: e.imageKind, marked: e.strings.has(V2_KEYS.role), imageSize: e.imageRef.size, imageOffset: e.imageRef.offset })) : first.entries;
  const e0 = entries[0];
  // No entries: what the SYCLBIN reader rejects ("OffloadBinary contains no entries.").
  if (!e0) return version >= 2 ? 'syclbin-v2' : 'offload-binary';
  let sybi = false;
  try {
    const m = SyclbinMagic.fixedSize!;
    sybi = hasMagic(SyclbinMagic, e0.imageSize >= m ? (first.model?.compression ? first.model.entries[0]!.image : src.read(e0.imageOffset!, m)) : new Uint8Array(0));
  } catch {
    sybi = false;
  }
  if (sybi) return 'syclbin-v1-offload';
  return entries.some((e) => e.imageKind === V2_IMAGE_KIND || e.marked) ? 'syclbin-v2' : 'offload-binary';
}

/**
 * A first binary that does not read: whether another OffloadBinary could follow where its Size
 * (8-aligned) says it ends (room for a header there, and the magic). Then the file is read as a sequence
 * (binaries[i]); otherwise it is that one binary, whatever its Size claims (a Size a few bytes short
 * of the file is one of the ways a binary is broken), named as the SYCLBIN reader (dump -v) names an
 * envelope.
 */
function anotherBinaryFollows(src: ByteSource): boolean {
  const size = declaredBinarySize(src, 0);
  if (size === undefined) return false;
  const align = BigInt(OFFLOAD_BINARY_ALIGN);
  const next = ((size + align - 1n) / align) * align;
  if (!(next < BigInt(src.size) && BigInt(src.size) - next >= BigInt(OFFLOAD_VERSIONS[1].header.fixedSize!))) return false;
  // (and it starts there: a Size too small that points into the binary's own strings or image is a
  // broken binary, named as dump names it, not binaries[0] and a "binaries[1]" that is none)
  return hasMagic(OffloadMagic, src.read(Number(next), OFFLOAD_BINARY_MAGIC.length));
}

/** ELF, COFF (of a known machine), PE and archive inputs, read by src/offload/input.ts. */
function objectFormat(head: Uint8Array, size: number): 'elf' | 'coff' | 'pe' | 'archive' | undefined {
  const kind = offloadContainerOf(head);
  // A COFF object of unknown machine (00 00) is what LLVM calls any file starting with two zero bytes:
  // explained as COFF (as inspect and offload-list read it) only when it declares sections and its
  // section table lies in the file, so that zeros and other data stay unknown.
  if (kind === 'coff' && head[0] === 0 && head[1] === 0 && head[2] !== 0xff && !machineUnknownCoff(head, size)) return undefined;
  return kind === 'elf' || kind === 'coff' || kind === 'pe' || kind === 'archive' ? kind : undefined;
}

/** A COFF file header of machine 0 (IMAGE_FILE_MACHINE_UNKNOWN) with sections, its section table within `size` bytes. */
function machineUnknownCoff(head: Uint8Array, size: number): boolean {
  if (head.length < CoffFileHeader.fixedSize!) return false;
  const h = decode(CoffFileHeader, head, 0);
  const tableEnd = CoffFileHeader.fixedSize! + h.sizeOfOptionalHeader + h.numberOfSections * CoffSectionHeader.fixedSize!;
  return h.numberOfSections > 0 && tableEnd <= size;
}

/** SPIR-V modules and LLVM bitcode files (a header, then module contents `inspect` explains). */
function moduleFormat(head: Uint8Array): 'spirv' | 'bitcode' | undefined {
  const kind = offloadContainerOf(head);
  return kind === 'spirv' || kind === 'bitcode' ? kind : undefined;
}

/** `head` starts with `magic` but for one byte: a damaged magic rather than another kind of file. */
function damagedMagic(head: Uint8Array, magic: readonly number[]): boolean {
  let same = 0;
  for (let i = 0; i < magic.length; i++) if (head[i] === magic[i]) same++;
  return same === magic.length - 1;
}

/**
 * The `spansWindow` option: `[from, to)` in order (an {@link ArgumentError} otherwise); a window
 * that reaches past the input is the part of it in the input (hexdump asks for rows by their ends).
 */
/** Bytes beside a spans window whose spans are kept too (4 KiB: far more than the 16 rows after which hexdump elides a run). */
const WINDOW_MARGIN = 4096;

function windowArgument(w: unknown, size: number): readonly [number, number] {
  if (!Array.isArray(w) || w.length !== 2) throw new ArgumentError(`annotate: spansWindow must be [from, to], not ${JSON.stringify(w) ?? String(w)}`);
  const { from, to } = rangeArgument(w[0], w[1], Number.MAX_SAFE_INTEGER, ['spansWindow[0]', 'spansWindow[1]']);
  return [Math.min(from, size), Math.min(to, size)];
}

/** The keys of {@link AnnotateOptions} (annotate, verify): any other is an UnknownOptionError. */
export const ANNOTATE_KEYS: OptionKeys<AnnotateOptions> = { maxInflatedSize: true, inflated: true, spansWindow: true, sharedBlobsFree: true, maxSpans: true };
/** The keys annotateInflated takes (those of annotate but `inflated`, which it sets). */
const ANNOTATE_INFLATED_KEYS: OptionKeys<Omit<AnnotateOptions, 'inflated'>> = { maxInflatedSize: true, spansWindow: true, sharedBlobsFree: true, maxSpans: true };

/** Detect the format and annotate every byte. Never throws for bad input. */
export function annotate(input: BytesLike | ByteSource, opts: AnnotateOptions = {}): Annotation {
  return annotateIn(input, optionsArgument(opts, 'annotate', ANNOTATE_KEYS), true);
}

/**
 * The annotation of a SYCLBIN image inside a file's OffloadBinary (Annotation.embedded), as
 * `annotate` splices it in: read as the bare SYCLBIN it is, without looking for SYCLBIN images in it
 * (a broken SYCLBIN's images that are SYCLBINs again would make the depth of the nesting the input's).
 */
export function annotateEmbedded(image: ByteSource, opts: Pick<AnnotateOptions, 'maxInflatedSize'> = {}): Annotation {
  return annotateIn(image, { maxInflatedSize: opts.maxInflatedSize }, false);
}

function annotateIn(input: BytesLike | ByteSource, opts: AnnotateOptions, embedded: boolean): Annotation {
  const src = toSource(input);
  const maxSpans = opts.maxSpans === undefined ? DEFAULT_MAX_SPANS : wholeNumberArgument(opts.maxSpans, 'annotate: maxSpans', 1);
  // A window keeps the spans near hexdump --range's rows only (a file of millions of structures):
  // those that meet it, and those up to WINDOW_MARGIN bytes beside it, so that an unnamed run of
  // bytes that reaches into the window starts and ends where it does in the whole file's tiling, or
  // beyond the margin in both (hexdump's rows then read the same: test/hex/hexdump.test.ts).
  const window = opts.spansWindow === undefined ? undefined : windowArgument(opts.spansWindow, src.size);
  const tree = new SpanTree(maxSpans, window && [Math.max(0, window[0] - WINDOW_MARGIN), window[1] + WINDOW_MARGIN]);
  const problems: DecodeError[] = [];
  const geometry: V1Geometry[] = [];
  const offload: OffloadBinaryModel[] = [];
  const ann: Annotation = { format: 'unknown', size: src.size, spans: [], problems, metadata: [], v1Images: [], tree };
  const head = src.read(0, Math.min(src.size, 1024));
  // (objects and archives: readOffloadInput gives their payloads one decompression budget, ReadOffloadOptions.inflatedBudget)
  // (a shared metadata blob is one node of the tree, named by every header: sharedBlobsFree, the
  // annotation repeats no registry)
  const free = opts.sharedBlobsFree ?? true;
  const collect = {
    tree,
    problems,
    maxInflatedSize: opts.maxInflatedSize,
    inflated: opts.inflated,
    spansWindow: opts.spansWindow === undefined ? undefined : windowArgument(opts.spansWindow, src.size),
    sharedBlobsFree: free,
    ...(free ? { onRepeatBudget: (e: DecodeError) => void (ann.repeatLimit ??= e) } : {}),
  };
  // (readSyclbin takes no spansWindow, and refuses an option it does not take: a SYCLBIN's spans are few)
  const { spansWindow: _window, ...syclbinCollect } = collect;
  const attempt = (read: () => void): void => {
    try {
      read();
    } catch (caught) {
      let e = caught;
      if (e instanceof SpanBudgetError) {
        e = new DecodeError(
          'LIMIT',
          `more than ${e.maxNodes} structures to explain: spans are kept up to here, the rest of the file is not read (raise the limit: --max-spans on the command line, maxSpans in the library; 'syclbin dump' reads a SYCLBIN of any size, without spans)`,
          Math.max(0, e.offset),
          e.path,
        );
      }
      if (!(e instanceof DecodeError)) throw e;
      problems.push(e);
      ann.stoppedBy = e;
    }
  };
  if (hasMagic(SyclbinMagic, head)) {
    ann.format = 'syclbin-v1';
    attempt(() => (ann.model = readSyclbin(src, { ...syclbinCollect, geometry })));
  } else if (hasMagic(OffloadMagic, head)) {
    const format = offloadFormat(src, opts);
    ann.format = format === 'offload-binary-broken' ? 'offload-binary' : format;
    if (ann.format === 'offload-binary') {
      // One binary covering the file (up to alignment padding): paths without a `binaries[i]` prefix,
      // by the rule every whole-file reader follows (src/offload/read.ts regionIsOneBinary). A first
      // binary that does not read has no reliable end (a short Size): it is the file, named as the
      // SYCLBIN reader (dump -v) names an envelope, not binaries[0] followed by guesses.
      // (a first binary that reads is read as the sequence offload-list reads, named by the same rule
      // (singlePaths): bytes after it that are no binary are its error, as they are offload-list's)
      const single = opts.inflated ? true : format === 'offload-binary-broken' ? !anotherBinaryFollows(src) : false;
      attempt(() => {
        if (single) offload.push(readOneOffloadBinary(src, 0, collect));
        else for (const b of offloadBinaries(src, { ...collect, singlePaths: true, onStop: (e) => (ann.stoppedBy ??= e) })) offload.push(b);
      });
    } else attempt(() => (ann.model = readSyclbin(src, { ...syclbinCollect, geometry, offload })));
  } else if (objectFormat(head, src.size)) {
    ann.format = objectFormat(head, src.size)!;
    attempt(() => {
      const input = offloadInputOf(src, collect);
      ann.input = input;
      if (input.elf) ann.elf = input.elf;
      // A bitcode global's binaries were decoded out of bit-packed records: no bytes of the file to annotate.
      // (a section that repeats an earlier one's bytes gives the same models: explained once)
      for (const f of input.found) if (f.site.global === undefined && f.sameAs === undefined) offload.push(f.binary);
    });
  } else if (moduleFormat(head)) {
    // A module file (SPIR-V, LLVM bitcode): its header; `inspect` says what the module holds.
    ann.format = moduleFormat(head)!;
    attempt(() => recordModuleSpans(src, tree));
  } else if (holdsOffloadBundle(head.subarray(0, BUNDLE_SNIFF), src.size)) {
    // A clang-offload-bundler file by itself: its bundles as LLVM splits a section's (the file is the one section).
    ann.format = 'offload-bundle';
    attempt(() => void readOffloadBundles(src, [{ index: 0, offset: 0, size: src.size }], { tree, sectionPath: () => [], maxInflatedSize: opts.maxInflatedSize }));
  } else if (looksLikeRegistryText(head)) {
    ann.format = 'property-sets';
    const node = tree.root;
    node.offset = 0;
    node.size = src.size;
    node.kind = 'metadata';
    attempt(() => (ann.registry = readRegistry(src.read(0, src.size), { tree, parent: node })));
    // The lines read before an error keep their spans; the file's value is the error (MetadataBlob.error).
    if (problems.length) node.value = problems[0];
  } else if (src.size > 0 && looksLikeIrText(src.read(0, Math.min(IR_HEAD, src.size)), src.size <= IR_HEAD)) {
    // LLVM IR text (what clang -S -emit-llvm and sycl-post-link -S write): text, no layout to explain;
    // one span, and `verify` says it does not check it (`inspect` explains the module).
    ann.format = 'llvm-ir';
    tree.add(undefined, 'text', 0, src.size, 'bytes', 'LLVM IR text');
  } else if (src.size >= OffloadHeaderPrefix.fixedSize! && damagedMagic(head, OFFLOAD_BINARY_MAGIC)) {
    // An OffloadBinary whose magic lost a byte: read as one, so its error sits at header.magic (where
    // dump and the library put it) and the rest of the file is still explained.
    ann.format = 'offload-binary';
    attempt(() => void offload.push(readOneOffloadBinary(src, 0, collect)));
  } else if (src.size >= SyclbinFileHeader.fixedSize! && damagedMagic(head, SYCLBIN_MAGIC)) {
    // A SYCLBIN whose magic lost a byte: read as one, so its error sits at header.magic and the rest
    // of the file is still explained.
    ann.format = 'syclbin-v1';
    attempt(() => (ann.model = readSyclbin(src, { ...syclbinCollect, geometry })));
  }
  // Anything else is named by what it is not (below), at any size, as `inspect` names it (the SYCLBIN
  // reader's "Incorrect SYCLBIN magic number." is what dump and json say, as intel's syclbin-dump).
  if (offload.length) ann.offload = offload;
  // Images inside a compressed payload have no bytes in the file to annotate.
  ann.v1Images = geometry.filter((g) => g.offset >= 0).map((g) => ({ ...g, path: formatPath(g.path), keys: g.path }));
  ann.v1Geometry = geometry;
  if (problems.length) ann.error = findingOf(problems[0]!);
  else if (ann.format === 'unknown') {
    ann.error = {
      severity: 'error',
      offset: 0,
      path: '',
      code: 'structure',
      message:
        src.size === 0
          ? 'empty file'
          : `not a SYCLBIN (49 42 59 53), OffloadBinary (10 ff 10 ad), ELF, COFF, PE, archive, SPIR-V, LLVM bitcode or property-set registry file (starts with ${hexText(head.subarray(0, 4))})`,
    };
  }
  ann.metadata = metadataBlobs(ann);
  ann.spans = tile(src, ann);
  if (embedded && !ann.model) withEmbeddedSyclbins(src, ann, opts);
  return ann;
}

/**
 * Explain the SYCLBIN images of a file that is not itself a SYCLBIN's envelope (an object's, an
 * archive's, a program's OffloadBinaries, a multi-entry binary): each image leaf whose bytes start
 * with the SYCLBIN magic becomes a group, with the spans of the SYCLBIN inside it below (as `inspect`
 * explains them), and its reader's problems join the file's (a broken image makes the file's
 * annotation end in its error). The inner reader is the bare SYCLBIN's (no envelope of its own: no
 * deeper nesting); at most MAX_EMBEDDED_SPANS spans are taken in.
 */
function withEmbeddedSyclbins(src: ByteSource, ann: Annotation, opts: AnnotateOptions): void {
  let spliced: AnnotatedSpan[] | undefined;
  let budget = MAX_EMBEDDED_SPANS;
  for (let i = 0; i < ann.spans.length; i++) {
    const s = ann.spans[i]!;
    const syclbin = s.kind === 'image' && s.size >= SyclbinFileHeader.fixedSize! && hasMagic(SyclbinMagic, src.read(s.offset, SyclbinMagic.fixedSize!));
    if (!syclbin || budget <= 0) {
      if (syclbin) ann.embeddedSkipped = (ann.embeddedSkipped ?? 0) + 1;
      spliced?.push(s);
      continue;
    }
    spliced ??= ann.spans.slice(0, i);
    const source = blobSource(blobRef(src, s.offset, s.size, s.offset));
    const inner = annotateEmbedded(source, opts);
    budget -= inner.spans.length;
    (ann.embedded ??= []).push({ offset: s.offset, path: s.path, keys: s.keys, source });
    const place = (x: AnnotatedSpan): AnnotatedSpan => {
      const placed: AnnotatedSpan = { ...spanFields(x), offset: s.offset + x.offset, path: x.path ? `${s.path}.${x.path}` : s.path, keys: s.keys.concat(x.keys) };
      if (x.shared) placed.shared = x.shared.map((p) => `${s.path}.${p}`);
      // (a sharer's own extent: what hexdump --path selects for it)
      if (x.sharers) placed.sharers = x.sharers.map(place);
      return placed;
    };
    spliced.push({ ...spanFields(s), kind: 'group' });
    for (const x of inner.spans) spliced.push(place(x));
    // (the inner annotation is not kept: its errors are moved to the file's place and path)
    for (const e of inner.problems) ann.problems.push(e.within(...s.keys).rebase(s.offset));
  }
  if (!spliced) return;
  ann.spans = spliced;
  if (!ann.error && ann.problems.length) ann.error = findingOf(ann.problems[0]!);
}

/** What `annotateInflated` returns: the inflated address space and its annotation. */
export interface InflatedAnnotation {
  /** The compression of the payload. */
  compression: 'zlib' | 'zstd';
  /** The binary's header followed by the inflated payload (InflatedSize bytes): what the offsets address. */
  source: ByteSource;
  /** The annotation of `source`. */
  annotation: Annotation;
}

/**
 * Inflate the compressed OffloadBinary v3 at the start of `input` and annotate what is inside: its
 * header, then the entries, strings and images of the payload at their offsets in the inflated space
 * (llvm-project PR #222774: entry offsets count from the binary's start in that space). Throws a
 * DecodeError when the file does not start with a compressed binary or the payload does not inflate.
 */
export function annotateInflated(input: BytesLike | ByteSource, opts: Omit<AnnotateOptions, 'inflated'> = {}): InflatedAnnotation {
  opts = optionsArgument(opts, 'annotateInflated', ANNOTATE_INFLATED_KEYS);
  let inflated;
  try {
    inflated = inflateOffloadBinary(input, 0, { maxInflatedSize: opts.maxInflatedSize });
  } catch (e) {
    // A file that is no compressed OffloadBinary at all (a bare SYCLBIN, a v1, an uncompressed v3):
    // say what the inflated view needs before what the header holds.
    if (e instanceof DecodeError && (e.code === 'MAGIC' || (e.pathSegments.length === 2 && e.pathSegments[0] === 'header' && e.pathSegments[1] === 'version'))) {
      throw new DecodeError(e.code, `the inflated view needs a compressed OffloadBinary (version 3) at offset 0: ${e.reason}`, e.offset, e.pathSegments);
    }
    throw e;
  }
  return inflatedAnnotation(inflated.bytes, inflated.compression, opts);
}

/**
 * The annotation of a compressed binary's inflated space (`bytes`: header, then payload), for
 * {@link annotateInflated} and for a reader that has it already (OffloadBinaryModel.inflated).
 */
export function inflatedAnnotation(bytes: Uint8Array, compression: InflatedAnnotation['compression'], opts: Omit<AnnotateOptions, 'inflated'> = {}): InflatedAnnotation {
  const source = memorySource(bytes);
  return { compression, source, annotation: annotate(source, { ...opts, inflated: true }) };
}

/** The metadata blobs of the tree, each with its registry (readers keep it on the blob's node) or its error. */
function metadataBlobs(ann: Annotation): MetadataBlob[] {
  const out: MetadataBlob[] = [];
  const nodes: SpanNode[] = [];
  if (ann.tree.root.kind === 'metadata') nodes.push(ann.tree.root);
  else forEachDescendant(ann.tree.root, (n) => void (n.kind === 'metadata' && nodes.push(n)));
  for (const node of nodes) {
    const keys = pathOf(node);
    const blob: MetadataBlob = { path: nodePath(node), keys, offset: node.offset, size: node.size, node };
    // Readers keep what a blob held on its node: the registry, or the error that stopped it.
    if (node.value instanceof Map) blob.registry = node.value as PropertySetRegistry;
    else if (node.value instanceof DecodeError) blob.error = node.value;
    out.push(blob);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tiling

interface Region {
  start: number;
  end: number;
}

/**
 * Turn the tree into a tiling: nodes with children (or kind group) become groups, every byte gets
 * one owner, and the gaps become padding (alignment, NUL terminators of sized strings) or
 * `unreferenced` leaves named after the innermost group holding them.
 */
function tile(src: ByteSource, ann: Annotation): AnnotatedSpan[] {
  const size = src.size;
  const groups: AnnotatedSpan[] = [];
  const leaves: AnnotatedSpan[] = [];
  const backgrounds: AnnotatedSpan[] = [];
  const root = ann.tree.root;
  const paths: ParentPathCache = { parent: undefined, path: '' };
  const stringTableRanges: Region[] = [];
  const visit = (n: SpanNode): void => {
    if (n.offset < 0 || n.offset > size) return; // virtual, or past the end of a truncated file
    const span: AnnotatedSpan = new TreeSpan(n.offset, n.size, n.kind, n, paths);
    if (!ownsBytes(n)) {
      // A background with children (a section a reader read) is their group and names what they leave.
      if (n.background && n.size > 0) backgrounds.push(clip(n.value === undefined ? spanFields(span) : { ...spanFields(span), value: n.value }, size));
      span.kind = 'group';
      const g = clip(span, size);
      groups.push(g);
      // (the node's key, not the span's keys: those would be made for every group of the file)
      if (n.key === 'stringTable') stringTableRanges.push({ start: g.offset, end: g.offset + g.size });
      if (n.aliases) aliased.push([g, n.aliases]);
      return;
    }
    if (n.size <= 0) {
      groups.push({ ...spanFields(span), size: 0, kind: 'group' });
      return;
    }
    // (a blob's registry or its error is the annotation's, not a value of its bytes)
    if (n.value !== undefined && !(n.value instanceof Map) && !(n.value instanceof Error)) span.value = typeof n.value === 'bigint' && n.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n.value) : n.value;
    if (n.label !== undefined) span.label = n.label;
    (n.background ? backgrounds : leaves).push(clip(span, size));
  };
  // Groups other nodes also name (a v1 header-table entry and the module image it is): their paths,
  // once every path is known.
  const aliased: [AnnotatedSpan, SpanNode[]][] = [];
  if (root.offset >= 0 && root.kind !== 'group' && !root.children) visit(root);
  else forEachDescendant(root, visit);
  for (const [g, aliases] of aliased) g.shared = aliases.map((a) => nodePath(a));
  const owned = ownBytes(leaves);
  // Fill gaps.
  // The structures readers read (OffloadBinaries, v1 images) at their exact extents: bytes in them are
  // theirs to explain, never an object's. As containers of alignment padding, an OffloadBinary's may
  // follow its Size (up to 8 bytes); a v1 image ends at its size.
  const binaries = (ann.offload ?? []).map((ob) => ({ start: ob.offset, end: ob.offset + ob.size }));
  const images = ann.v1Images.filter((g) => g.offset >= 0).map((g) => ({ start: g.offset, end: g.offset + g.size }));
  const structures = new Regions([...binaries, ...images]);
  const containers = new Regions([...binaries.map((r) => ({ start: r.start, end: r.end + OFFLOAD_BINARY_ALIGN })), ...images]);
  const containerStart = (o: number): number => containers.latestHolding(o, o + 1)?.start ?? 0;
  // A compressed v3 binary's Size is not a multiple of 8: the zero padding after it may be cut short by
  // the end of the file (docs/spec/syclbin-format.md §1.5; verify notes it).
  const compressedEnds = new Set((ann.offload ?? []).filter((ob) => ob.compression).map((ob) => ob.offset + ob.size));
  const stringTables = new Regions(stringTableRanges);
  const ranged = groups.filter((g) => g.size > 0).sort((a, b) => a.offset - b.offset || b.size - a.size);
  const filled: AnnotatedSpan[] = [];
  let pos = 0;
  const owners = new InnermostGroups(ranged);
  const unclaimed = (a: number, b: number, background?: AnnotatedSpan): void => {
    const owner = owners.at(a, b - a);
    const inStructure = structures.latestHolding(a, b) !== undefined;
    // A background span (an object's section) names what nothing in it explains, except inside a
    // structure a reader read there (an OffloadBinary, an image, a group below the section's node):
    // their unreferenced bytes and nonzero padding are findings, as in the bare structure.
    const ownBytes = background !== undefined && !inStructure && !(owner && below(owner.keys, background.keys));
    const g = gapSpan(src, a, b, containerStart, stringTables, ann.format, b === size && compressedEnds.has(a), ownBytes || inStructure);
    if (ownBytes && (g.kind === 'unreferenced' || g.kind === 'padding-nonzero')) {
      filled.push({ ...spanFields(background), offset: a, size: b - a });
      return;
    }
    if (owner) {
      g.keys = owner.keys.concat(g.keys);
      g.path = owner.path ? `${owner.path}.${g.path}` : g.path;
    }
    filled.push(g);
  };
  // Background leaves (section contents) take the parts of the gaps they cover: in offset order, one
  // pass (gaps come in offset order), an earlier background keeping bytes two of them cover.
  const bg = flatten(backgrounds);
  let bi = 0;
  const gap = (a: number, b: number): void => {
    while (bi < bg.length && bg[bi]!.offset + bg[bi]!.size <= a) bi++;
    let cur = a;
    for (let k = bi; k < bg.length && bg[k]!.offset < b; k++) {
      const s = bg[k]!;
      const from = Math.max(cur, s.offset);
      const to = Math.min(b, s.offset + s.size);
      if (from >= to) continue;
      if (from > cur) unclaimed(cur, from);
      unclaimed(from, to, s.span);
      cur = to;
    }
    if (cur < b) unclaimed(cur, b);
  };
  for (const s of owned) {
    if (s.offset > pos) gap(pos, s.offset);
    filled.push(s);
    pos = s.offset + s.size;
  }
  if (pos < size) gap(pos, size);
  const all = [...groups, ...filled];
  all.sort((x, y) => x.offset - y.offset || (x.kind === 'group' ? 0 : 1) - (y.kind === 'group' ? 0 : 1) || y.size - x.size);
  return all;
}

/** `keys` is a path strictly below `prefix`. */
function below(keys: readonly PathKey[], prefix: readonly PathKey[]): boolean {
  return keys.length > prefix.length && prefix.every((k, i) => keys[i] === k);
}

/**
 * Background spans cut so that none overlaps an earlier one (sorted by offset; the earlier keeps
 * shared bytes): the part, and the span it was cut from.
 */
function flatten(spans: AnnotatedSpan[]): { offset: number; size: number; span: AnnotatedSpan }[] {
  spans.sort((x, y) => x.offset - y.offset || y.size - x.size);
  const out: { offset: number; size: number; span: AnnotatedSpan }[] = [];
  let end = 0;
  for (const s of spans) {
    const sEnd = s.offset + s.size;
    if (sEnd <= end) continue;
    const offset = Math.max(s.offset, end);
    out.push({ offset, size: sEnd - offset, span: s });
    end = sEnd;
  }
  return out;
}

/**
 * One owner per byte: sweep in offset order; bytes already owned are "shared" with their owner.
 * Sharers are collected in a Set per owner (a string value tail-merged by thousands of entries made
 * the list check quadratic: 20,000 entries took 77 s).
 */
function ownBytes(leaves: AnnotatedSpan[]): AnnotatedSpan[] {
  const structure: AnnotatedSpan[] = [];
  const content: AnnotatedSpan[] = [];
  for (const s of leaves) (CONTENT_KINDS.has(s.kind) ? content : structure).push(s);
  if (!content.length || !structure.length) return ownTier(leaves);
  return overlay(ownTier(structure), ownTier(content));
}

/**
 * Kinds that yield bytes to the structure over them: an image, raw bytes, a compressed payload or
 * padding that a malformed file places over a header or a table (an image offset of 0) is named
 * around the fields, which keep their names (hexdump and annotate would otherwise call the header
 * "image" and hide the fields a reader of a broken file needs to see).
 */
const CONTENT_KINDS: ReadonlySet<SpanKind> = new Set<SpanKind>(['image', 'bytes', 'compressed', 'padding', 'padding-nonzero']);

/**
 * The content owners cut around the structure owners (both sorted, each without overlaps): the
 * parts of a content span under a field are the field's, which lists the content's path in
 * `shared`. One merge pass: linear in both lists.
 */
function overlay(structure: AnnotatedSpan[], content: AnnotatedSpan[]): AnnotatedSpan[] {
  const out: AnnotatedSpan[] = [];
  const extra = new Map<AnnotatedSpan, Map<string, AnnotatedSpan>>();
  let j = 0;
  for (const c of content) {
    const cEnd = c.offset + c.size;
    while (j < structure.length && structure[j]!.offset + structure[j]!.size <= c.offset) out.push(structure[j++]!);
    let cur = c.offset;
    let first = true;
    const piece = (a: number, b: number): void => {
      if (a >= b) return;
      if (first && a === c.offset && b === cEnd) out.push(c);
      else {
        const p: AnnotatedSpan = { ...spanFields(c), offset: a, size: b - a };
        // What the whole span holds (its value, its sharers) is said once, on its first part.
        if (!first) {
          delete p.value;
          delete p.shared;
          delete p.sharers;
        }
        out.push(p);
      }
      first = false;
    };
    let under: Map<string, AnnotatedSpan> | undefined; // the sharers of the first field over c
    for (let k = j; k < structure.length && structure[k]!.offset < cEnd; k++) {
      const s = structure[k]!;
      piece(cur, s.offset);
      let set = extra.get(s);
      if (!set) extra.set(s, (set = new Map()));
      set.set(c.path, c);
      under ??= set;
      cur = Math.max(cur, s.offset + s.size);
      // A field the content ends inside of stays for the next content span.
      if (s.offset + s.size <= cEnd) {
        out.push(s);
        j = k + 1;
      }
    }
    piece(cur, cEnd);
    // Content under fields only: what shared its bytes is named by the first field instead (once,
    // not by every field, which would be quadratic).
    if (first && under) c.sharers?.forEach((x) => under.set(x.path, x));
  }
  while (j < structure.length) out.push(structure[j++]!);
  for (const [s, set] of extra) {
    const names = new Set(s.shared);
    for (const [path, span] of set) {
      if (names.has(path) || path === s.path) continue;
      (s.shared ??= []).push(path);
      (s.sharers ??= []).push(span);
    }
  }
  return out;
}

/** {@link ownBytes} within one tier of kinds. */
function ownTier(leaves: AnnotatedSpan[]): AnnotatedSpan[] {
  leaves.sort((x, y) => x.offset - y.offset || y.size - x.size);
  const owned: AnnotatedSpan[] = [];
  // (the leaves are the reader's spans as recorded: none has `shared` yet)
  const sharers = new Map<AnnotatedSpan, Map<string, AnnotatedSpan>>();
  let end = 0;
  for (const s of leaves) {
    if (s.size === 0) continue;
    const sEnd = s.offset + s.size;
    if (s.offset >= end) {
      owned.push(s);
      end = sEnd;
      continue;
    }
    for (let k = owned.length - 1; k >= 0 && owned[k]!.offset + owned[k]!.size > s.offset; k--) {
      const o = owned[k]!;
      if (o.offset < sEnd && o.path !== s.path) {
        let set = sharers.get(o);
        if (!set) sharers.set(o, (set = new Map()));
        if (!set.has(s.path)) set.set(s.path, s);
      }
    }
    if (sEnd > end) {
      owned.push({ ...spanFields(s), offset: end, size: sEnd - end });
      end = sEnd;
    }
  }
  for (const [o, set] of sharers) {
    o.shared = [...set.keys()];
    o.sharers = [...set.values()];
  }
  return owned;
}

/**
 * Regions (start inclusive, end exclusive) asked for the one with the latest start that holds a
 * range: a binary search, then a walk back that stops once no earlier region reaches the range
 * (prefix maxima of the ends). Gaps asked one region list each made tiling quadratic in the number
 * of concatenated binaries.
 */
class Regions {
  private readonly list: Region[];
  private readonly reach: number[];

  constructor(regions: Region[]) {
    this.list = [...regions].sort((x, y) => x.start - y.start);
    this.reach = [];
    let max = -Infinity;
    for (const r of this.list) this.reach.push((max = Math.max(max, r.end)));
  }

  /** The region with the latest start that holds [start, end), if any. */
  latestHolding(start: number, end: number): Region | undefined {
    let lo = 0;
    let hi = this.list.length; // first region starting after `start`
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.list[mid]!.start <= start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo - 1; i >= 0 && this.reach[i]! >= end; i--) if (this.list[i]!.end >= end) return this.list[i];
    return undefined;
  }
}

/**
 * The smallest group holding each gap, for gaps asked in increasing offset order. Groups (sorted by
 * offset, then size descending) enter a heap ordered by size when the sweep reaches their offset and
 * leave it once it has passed their end: each is pushed and popped once, where a scan of every
 * group per gap was quadratic (40,000 OffloadBinary entries: 8 minutes). Ties go to the group that
 * comes first in `groups`, as a scan would find it.
 */
class InnermostGroups {
  private next = 0;
  private readonly heap: number[] = [];

  constructor(private readonly groups: readonly AnnotatedSpan[]) {}

  private before(i: number, j: number): boolean {
    const a = this.groups[i]!;
    const b = this.groups[j]!;
    return a.size < b.size || (a.size === b.size && i < j);
  }

  private push(i: number): void {
    const h = this.heap;
    h.push(i);
    for (let c = h.length - 1; c > 0; ) {
      const p = (c - 1) >> 1;
      if (!this.before(h[c]!, h[p]!)) break;
      [h[c], h[p]] = [h[p]!, h[c]!];
      c = p;
    }
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (!h.length) return;
    h[0] = last;
    for (let p = 0; ; ) {
      const l = 2 * p + 1;
      const r = l + 1;
      let m = p;
      if (l < h.length && this.before(h[l]!, h[m]!)) m = l;
      if (r < h.length && this.before(h[r]!, h[m]!)) m = r;
      if (m === p) break;
      [h[p], h[m]] = [h[m]!, h[p]!];
      p = m;
    }
  }

  /** The smallest named group containing [offset, offset+size); `offset` never decreases between calls. */
  at(offset: number, size: number): AnnotatedSpan | undefined {
    const g = this.groups;
    while (this.next < g.length && g[this.next]!.offset <= offset) {
      if (hasPath(g[this.next]!)) this.push(this.next);
      this.next++;
    }
    // Groups that end at or before this gap can hold no later gap either.
    while (this.heap.length && g[this.heap[0]!]!.offset + g[this.heap[0]!]!.size <= offset) this.pop();
    const top = this.heap[0];
    if (top === undefined) return undefined;
    if (offset + size <= g[top]!.offset + g[top]!.size) return g[top];
    // The smallest open group ends inside the gap (rare): look at all open groups.
    let best: number | undefined;
    for (const i of this.heap) if (offset + size <= g[i]!.offset + g[i]!.size && (best === undefined || this.before(i, best))) best = i;
    return best === undefined ? undefined : g[best];
  }
}

function clip(s: AnnotatedSpan, size: number): AnnotatedSpan {
  if (s.offset >= size) return { ...spanFields(s), size: 0 };
  if (s.offset + s.size > size) return { ...spanFields(s), size: size - s.offset };
  return s;
}

/** Zero-filled? Read in chunks (a gap may be large). */
function isZero(src: ByteSource, a: number, b: number): boolean {
  for (let at = a; at < b; at += 1 << 16) {
    const chunk = src.read(at, Math.min(1 << 16, b - at));
    for (let i = 0; i < chunk.length; i++) if (chunk[i] !== 0) return false;
  }
  return true;
}

/** Formats whose files are object files or programs (sections, tables, alignment between them). */
const OBJECT_FORMATS: ReadonlySet<FileFormat> = new Set(['elf', 'coff', 'pe', 'archive']);

function gapSpan(src: ByteSource, a: number, b: number, containerStart: (o: number) => number, stringTables: Regions, format: FileFormat, cutShort: boolean, inBinary: boolean): AnnotatedSpan {
  const zero = isZero(src, a, b);
  const span = (key: string, kind: SpanKind, value?: unknown): AnnotatedSpan => ({ offset: a, size: b - a, path: key, keys: [key], kind, ...(value === undefined ? {} : { value }) });
  // NUL terminators of v2+ string values (their spans are offset+size without the NUL).
  if (zero && stringTables.latestHolding(a, b)) return span('nul', 'padding');
  // Alignment padding: shorter than 8 and ending at a multiple of 8 from its container's start
  // (OffloadBinary images and end, v1 tables; docs/spec/README.md rules 3 and 5), or the padding after
  // a compressed binary that the end of the file cuts short (`cutShort`).
  // (v1 tables pad to the same 8: formats/syclbin-v1.ts SyclbinV1Layout padTo)
  const aligned = b - a < OFFLOAD_BINARY_ALIGN && (cutShort || (b - containerStart(a)) % OFFLOAD_BINARY_ALIGN === 0) && format !== 'property-sets' && format !== 'unknown';
  if (aligned) return span('padding', zero ? 'padding' : 'padding-nonzero');
  // Zeros between the sections and tables of an object file or program, outside any OffloadBinary:
  // alignment (sh_addralign, section and page alignment of segments), which linkers fill with zeros.
  if (zero && !inBinary && OBJECT_FORMATS.has(format)) return span('padding', 'padding');
  return span('unreferenced', 'unreferenced', zero ? 'zero' : 'nonzero');
}

/** Check that the leaves tile [0, size) exactly; returns a description of the first problem or undefined. */
export function checkTiling(a: Pick<Annotation, 'spans' | 'size'>): string | undefined {
  let pos = 0;
  for (const s of leavesOf(a)) {
    if (s.offset !== pos) return `${s.offset > pos ? 'gap' : 'overlap'} at ${pos} (next leaf ${s.path} at ${s.offset})`;
    if (s.size <= 0) return `empty leaf ${s.path} at ${s.offset}`;
    pos += s.size;
  }
  return pos === a.size ? undefined : `leaves end at ${pos}, file has ${a.size} bytes`;
}

/** A span as JSON (no structured keys: the path string says it). */
export type JsonSpan = Omit<AnnotatedSpan, 'keys' | 'sharers'>;

/** One span's JSON-safe form (its keys and sharers left out, a bigint value as a decimal string). */
export function spanToJson(s: AnnotatedSpan): JsonSpan {
  const out: JsonSpan = { offset: s.offset, size: s.size, path: s.path, kind: s.kind };
  if (s.value !== undefined) out.value = typeof s.value === 'bigint' ? s.value.toString() : s.value;
  if (s.label !== undefined) out.label = s.label;
  if (s.shared !== undefined) out.shared = s.shared;
  return out;
}

/**
 * The span of a node of the span tree. Its path and keys are made from the node when first asked
 * for, not for every span of the file: most are never asked (verify names only the spans it
 * reports; a file of 100,000 property lines made 100,000 paths and key arrays it did not print).
 * Private fields: a copy is made with {@link spanFields}, never a spread (which would drop them).
 */
class TreeSpan implements AnnotatedSpan {
  declare value?: unknown;
  declare label?: string;
  declare shared?: string[];
  declare sharers?: AnnotatedSpan[];
  #path: string | undefined = undefined;
  #keys: readonly PathKey[] | undefined = undefined;
  readonly #node: SpanNode;
  readonly #paths: ParentPathCache;
  constructor(
    public offset: number,
    public size: number,
    public kind: SpanKind,
    node: SpanNode,
    paths: ParentPathCache,
  ) {
    this.#node = node;
    this.#paths = paths;
  }
  get path(): string {
    return (this.#path ??= treeSpanPath(this.#node, this.#paths));
  }
  set path(p: string) {
    this.#path = p;
  }
  get keys(): readonly PathKey[] {
    return (this.#keys ??= pathOf(this.#node));
  }
  set keys(k: readonly PathKey[]) {
    this.#keys = k;
  }
  /** The keys, made afresh and not kept (for a pass over every span that needs each span's keys once). */
  keysOnce(): readonly PathKey[] {
    return this.#keys ?? pathOf(this.#node);
  }
  /** `keys.length > 0`, without making the keys. */
  get hasPath(): boolean {
    return this.#keys ? this.#keys.length > 0 : this.#node.key !== undefined;
  }
}

/**
 * The parent whose path {@link treeSpanPath} made last, and that path: one per annotation, shared by
 * its spans (so nothing outlives the annotation that made it).
 */
interface ParentPathCache {
  parent: SpanNode | undefined;
  path: string;
}

/** Not the root (a span of the whole file: its keys are empty). A tree span says so without making its keys. */
function hasPath(s: AnnotatedSpan): boolean {
  return s instanceof TreeSpan ? s.hasPath : s.keys.length > 0;
}

/**
 * {@link nodePath} of a span's node, for spans asked in file order (annotate and hexdump print every
 * span): siblings follow each other, so their parent's path is made once for them, not once each.
 */
function treeSpanPath(node: SpanNode, cache: ParentPathCache): string {
  const parent = node.parent;
  if (!parent || parent.key === undefined) return nodePath(node);
  if (parent !== cache.parent) {
    cache.path = nodePath(parent);
    cache.parent = parent;
  }
  return childPath(cache.path, node);
}

/**
 * A span's keys, not kept by a span of the span tree that had not made them (`s.keys` keeps them):
 * for a pass that reads every span's keys once (diff keys 100,000s of spans, and keeping each one's
 * array was a third of the memory it added).
 */
export function spanKeysOnce(s: AnnotatedSpan): readonly PathKey[] {
  return s instanceof TreeSpan ? s.keysOnce() : s.keys;
}

/**
 * A span's fields as a plain object, in the order of {@link AnnotatedSpan} (the order JSON shows
 * them): what a spread gives of a plain span, and of a {@link TreeSpan} too (whose path and keys
 * are accessors a spread does not copy).
 */
export function spanFields(s: AnnotatedSpan): AnnotatedSpan {
  const out: AnnotatedSpan = { offset: s.offset, size: s.size, path: s.path, keys: s.keys, kind: s.kind };
  if (s.value !== undefined) out.value = s.value;
  if (s.label !== undefined) out.label = s.label;
  if (s.shared !== undefined) out.shared = s.shared;
  if (s.sharers !== undefined) out.sharers = s.sharers;
  return out;
}

/** JSON-safe form (bigint values as decimal strings). */
export function annotationToJson(a: Annotation): { format: FileFormat; size: number; error?: Finding; spans: JsonSpan[] } {
  const spans = a.spans.map(spanToJson);
  const out: { format: FileFormat; size: number; error?: Finding; spans: JsonSpan[] } = { format: a.format, size: a.size, spans };
  if (a.error) out.error = a.error;
  return out;
}

/**
 * The merged, sorted byte ranges of the paths `match` accepts: each matching span's extent, and for a
 * matching path that shares another span's bytes (a tail-merged string), the extent its reader
 * recorded for it (the owner's, when the sharer's span is not known).
 */
export function matchingRanges(ann: Pick<Annotation, 'spans'>, match: (path: string) => boolean): [number, number][] {
  const out: [number, number][] = [];
  for (const s of ann.spans) {
    if (s.size <= 0) continue;
    if (match(s.path)) {
      out.push([s.offset, s.offset + s.size]);
      continue;
    }
    if (!s.shared?.some(match)) continue;
    const known = new Set<string>();
    for (const x of s.sharers ?? []) {
      known.add(x.path);
      if (match(x.path) && x.size > 0) out.push([x.offset, x.offset + x.size]);
    }
    if (s.shared.some((p) => !known.has(p) && match(p))) out.push([s.offset, s.offset + s.size]);
  }
  return mergeRanges(out);
}

/** Property-set and key names are always bracketed: `metadata["SYCL/device globals"]["name"]`. */
export function quoted(path: string, name: string): string {
  return `${path}[${quotedName(name)}]`;
}
