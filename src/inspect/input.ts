/**
 * `syclbin inspect` for any input: say what it is, then explain it.
 *
 * - SYCLBIN (bare v1, v1 in an OffloadBinary or the SYCL runtime's envelope, v2 role entries): the
 *   SYCLBIN view (src/syclbin/inspect.ts).
 * - An OffloadBinary that is not a SYCLBIN (clang-sycl-linker's images, llvm-offload-binary output, any
 *   era): its binaries and entries — kinds by name in the chosen era and where a number means
 *   different things in different eras, strings, kernel names of `symbols`, and what each image is
 *   (SPIR-V header fields, bitcode triple, ELF class and machine, a nested OffloadBinary, a SYCLBIN
 *   inside, which is then inspected in place).
 * - ELF and COFF objects, executables, static archives, wrapper objects of clang++ -fsycl, bitcode and
 *   SPIR-V modules (src/offload/input.ts): the objects and sections the binaries sit in, the device
 *   images outside OffloadBinaries with their kernels, and what the reader noticed.
 * - Property-set registry text: its typed sets (src/props/explain.ts).
 *
 * Portable: no Node APIs (hashing is a Hasher passed in).
 */
import { blobSource, RangeMemo, DecodeError, hasMagic, hexText, toSource, type BlobRef, type ByteSource, optionsArgument, type BytesLike, type OptionKeys } from '../codec/index.js';
import { SyclbinMagic } from '../../formats/syclbin-v1.js';
import { OffloadMagic } from '../../formats/offload-binary.js';
import { carriesV2Roles, V2_IMAGE_KIND } from '../../formats/syclbin-v2.js';
import { imageKindLabel, objdumpImageKind, offloadKindEntryText, offloadKindLabel } from '../../formats/kinds.js';
import { llvmEra, numberingFor, type LlvmEraInfo } from '../../formats/eras.js';
import { readOffloadBinaries, type OffloadBinaryModel, type OffloadEntryModel } from '../offload/read.js';
import { identifyImage, offloadContainerOf, readOffloadInput, type BareImage, type OffloadInput } from '../offload/input.js';
import { BUNDLE_SNIFF, holdsOffloadBundle, readOffloadBundles } from '../containers/offload-bundle.js';
import { DEFAULT_MAX_INFLATED_SIZE } from '../offload/decompress.js';
import { escapeForListing, MAX_NESTING, nestedBinaries } from '../offload/objdump-text.js';
import { syclKernelNames } from '../offload/sycl-symbols.js';
import { readSyclbin } from '../syclbin/read.js';
import { SyclbinFormatError } from '../syclbin/errors.js';
import { inspectSyclbin, type InspectNode } from '../syclbin/inspect.js';
import { contentsOf, describeImage } from './contents.js';

export { contentsOf, describeImage };
import { HASH_NOT_COMPUTED, imageHashes, type Hasher, ImageHashes } from '../syclbin/json.js';
import { readRegistry, RegistrySyntaxError } from '../props/registry.js';
import { decodeTypedRegistry } from '../props/typed/index.js';
import { explainRegistry, printable } from '../props/explain.js';

/** The options inspectInput and explainInput take (typed: a new option cannot be left out; any other key is an UnknownOptionError). */
const INSPECT_INPUT_KEYS: OptionKeys<InspectInputOptions> = { sha256: true, era: true, maxInflatedSize: true, sectionNames: true, byName: true, inflatedBudget: true };

/** Options of {@link inspectInput}. */
export interface InspectInputOptions {
  /** SHA-256 of each image (fed in windows; an ImageHashes shares its scope); absent or false: image bytes are not read. */
  sha256?: Hasher | ImageHashes | false;
  /** Whose names kind numbers get (default LLVM 22). */
  era?: LlvmEraInfo;
  /** Largest inflated payload of a compressed OffloadBinary to accept (default DEFAULT_MAX_INFLATED_SIZE). */
  maxInflatedSize?: number;
  /** Which ELF sections to read (as `offload-list --section`). */
  sectionNames?: readonly string[];
  /** Also read sections named like offloading sections whose type is not SHT_LLVM_OFFLOADING (as `offload-list --by-name`). */
  byName?: boolean;
  /**
   * Shared by several explanations (the objects one LLVM IR module embeds): what they inflate adds up
   * to at most `left` bytes (starting at `maxInflatedSize`); see ReadOffloadOptions.inflatedBudget.
   */
  inflatedBudget?: { left?: number };
}

/**
 * What the input is, as {@link explainInput} found it: a SYCLBIN (bare or in an OffloadBinary
 * envelope), OffloadBinaries that are not one, property-set text, a bitcode or SPIR-V module that
 * embeds no OffloadBinary, or another container (object, archive, program, a module that embeds some).
 */
export type InputKind = 'syclbin' | 'offload-binary' | 'property-sets' | 'offload-bundle' | 'module' | 'container';

/** An input's explanation ({@link inspectInput}'s tree) and what kind of input it is. */
export interface ExplainedInput {
  /** Which reader explained it. */
  kind: InputKind;
  /** The tree `syclbin inspect` prints. */
  tree: InspectNode;
  /**
   * A container or OffloadBinary file: how many of its binaries' entries are SYCLBIN files (counted
   * when asked: a nested OffloadBinary is read for it).
   */
  syclbinImages?: () => number;
}

/**
 * The SYCLBINs in `bins`: entries whose image is a SYCLBIN file (the `SYBI` magic, or an OffloadBinary
 * that holds a SYCLBIN: one in its envelope, packed whole), and binaries that are a SYCLBIN v2 (one
 * each: their role entries are its parts, not SYCLBINs).
 */
function syclbinImageCount(bins: readonly OffloadBinaryModel[], opts: InspectInputOptions): number {
  let n = 0;
  // A nested binary is read once per image range, and ranges that overlap without being equal up to
  // CONTENTS_LIMITS of the input: N entries whose image is the whole file (itself N entries) read N
  // binaries of N entries each (2,000 entries, a 144 KB file: `dump` 20 s). A range past the budget
  // is not counted (the count is a note's hint, not a listing).
  const nested = new RangeMemo<boolean>(CONTENTS_LIMITS);
  // (and the nested payloads inflate to the cap in all, not each: see nestedInflateBudget)
  const inflatedBudget = {};
  for (const b of bins) {
    // A binary of role entries is one SYCLBIN v2 (its entries are its parts, none a SYCLBIN alone).
    if (carriesV2Roles(b.entries)) {
      n++;
      continue;
    }
    for (const e of b.entries) {
      if (e.imageRef.size < 4) continue;
      const head = e.imageRef.slice(0, 4);
      if (hasMagic(SyclbinMagic, head)) n++;
      else if (hasMagic(OffloadMagic, head)) {
        const holds = nested.get(e.imageRef, () => {
          try {
            const inner = nestedBinaries(e, { maxInflatedSize: opts.maxInflatedSize, inflatedBudget });
            return !!inner?.length && holdsSyclbin(inner);
          } catch (err) {
            if (!(err instanceof DecodeError)) throw err;
            return false;
          }
        });
        if (holds) n++;
      }
    }
  }
  return n;
}

/** Whether an OffloadBinary input holds a SYCLBIN: entry 0's image is SYBI, or an entry carries a v2 role. */
function holdsSyclbin(bins: readonly OffloadBinaryModel[]): boolean {
  const e = bins[0]?.entries;
  if (!e?.length) return true; // "contains no entries": the SYCLBIN reader's own message says it best
  if (e[0]!.imageRef.size >= 4 && hasMagic(SyclbinMagic, e[0]!.imageRef.slice(0, 4))) return true;
  // A v2 file's entries carry roles; image kind 7 alone (any tool may stamp it) makes no SYCLBIN.
  return carriesV2Roles(e);
}

/**
 * Property-set text: starts with `[` and reads as a registry. Text whose first line is a set header
 * but that fails further down is property-set text with an error: that error (line, column, offset)
 * is thrown, as `verify` and `annotate` report it, instead of "no known kind".
 */
function propertySets(src: ByteSource): ReturnType<typeof readRegistry> | undefined {
  if (src.size === 0 || src.read(0, 1)[0] !== 0x5b || src.size > 64 << 20) return undefined;
  try {
    return readRegistry(src.read(0, src.size));
  } catch (e) {
    if (e instanceof RegistrySyntaxError && e.line > 1) throw e;
    if (e instanceof DecodeError) return undefined;
    throw e;
  }
}

/**
 * Inspect any binary input or property-set text (see the module comment). Throws DecodeError only
 * for a SYCLBIN that does not read, or input of no known kind. LLVM IR text is explained by
 * `inspectIrText` (in the lowering layer, so that inspecting a binary does not load the IR reader;
 * `syclbin inspect` tries it when this function finds no known kind).
 */
export function inspectInput(bytes: BytesLike | ByteSource, opts: InspectInputOptions = {}): InspectNode {
  opts = optionsArgument(opts, 'inspectInput', INSPECT_INPUT_KEYS);
  return explainInput(bytes, opts).tree;
}

/** {@link inspectInput}, also saying what kind of input it explained (so callers need not read its labels). */
export function explainInput(bytes: BytesLike | ByteSource, opts: InspectInputOptions = {}): ExplainedInput {
  opts = optionsArgument(opts, 'explainInput', INSPECT_INPUT_KEYS);
  // One scope of image hashes for the whole view: nested binaries and SYCLBINs share its budget.
  opts = { ...opts, sha256: imageHashes(opts.sha256) ?? false };
  CONTENTS_SCOPES.set(opts, new RangeMemo(CONTENTS_LIMITS));
  const src = toSource(bytes);
  const era = opts.era ?? llvmEra();
  const head = src.read(0, Math.min(4, src.size));
  const read = { maxInflatedSize: opts.maxInflatedSize, inflatedBudget: opts.inflatedBudget };
  const size = ` — ${src.size} bytes`;
  if (hasMagic(SyclbinMagic, head)) return { kind: 'syclbin', tree: inspectSyclbin(readSyclbin(src, read), { fileSize: src.size, sha256: opts.sha256 }) };
  if (hasMagic(OffloadMagic, head)) {
    // The SYCLBIN reader first, so that a compressed payload is inflated once: reading the binaries to
    // ask whether they hold a SYCLBIN, then the SYCLBIN, held two inflated copies (bench/: 2.1x the payload).
    const envelope: OffloadBinaryModel[] = [];
    let failure: DecodeError | undefined;
    try {
      const file = readSyclbin(src, { ...read, offload: envelope });
      if (holdsSyclbin(envelope)) return { kind: 'syclbin', tree: inspectSyclbin(file, { fileSize: src.size, sha256: opts.sha256, era }) };
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      failure = e;
    }
    envelope.length = 0;
    const bins = readOffloadBinaries(src, { ...read, singlePaths: true });
    if (failure && holdsSyclbin(bins)) throw failure;
    // An image of kind 7 (SYCLBIN) that is none: what the SYCLBIN reader said, beside the explanation.
    const kind7 = failure && bins.some((b) => b.entries.some((x) => x.imageKind === V2_IMAGE_KIND));
    const note = kind7 ? [{ label: 'Not a SYCLBIN', value: `an entry has image kind ${V2_IMAGE_KIND} (SYCLBIN), but the file does not read as one: ${failure!.message}` }] : [];
    const tree = {
      label: `LLVM OffloadBinary file: ${bins.length} binar${bins.length === 1 ? 'y' : 'ies'}, ${bins.reduce((n, b) => n + b.entries.length, 0)} image(s)${size}`,
      children: [eraNode(era), ...note, ...bins.map((b, i) => binaryNode(b, `Binary ${i}`, era, opts, 0))],
    };
    return { kind: 'offload-binary', tree, syclbinImages: () => syclbinImageCount(bins, opts) };
  }
  const reg = propertySets(src);
  if (reg) {
    return { kind: 'property-sets', tree: { label: `Property-set registry text: ${reg.size} set(s)${size}`, lines: explainRegistry(decodeTypedRegistry(reg)).trimEnd().split('\n') } };
  }
  // A clang-offload-bundler file by itself (`--cuda-device-only` HIP output, `clang-offload-bundler
  // -type=o`): its entries, read as LLVM reads the bundles of a section (one section: the file).
  if (holdsOffloadBundle(src.read(0, Math.min(BUNDLE_SNIFF, src.size)), src.size)) {
    // (a shared budget: what is left of it is this file's cap, and what its bundles inflate is taken from it)
    const budget = opts.inflatedBudget;
    if (budget) budget.left ??= opts.maxInflatedSize ?? DEFAULT_MAX_INFLATED_SIZE;
    const entries = readOffloadBundles(src, [{ index: 0, offset: 0, size: src.size }], { maxInflatedSize: budget ? Math.min(budget.left!, opts.maxInflatedSize ?? DEFAULT_MAX_INFLATED_SIZE) : opts.maxInflatedSize, sectionPath: () => [] });
    if (budget) for (const b of entries) if (b.compressed) budget.left = Math.max(0, budget.left! - b.data.size);
    const bundles = new Set(entries.map((b) => b.bundle)).size;
    const tree = {
      label: `clang-offload-bundler file: ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}${bundles > 1 ? ` in ${bundles} bundles` : ''}${size}`,
      children: entries.map((b) => ({
        label: printable(b.id),
        value: `${b.data.size} bytes${bundles > 1 ? `, bundle ${b.bundle}` : ''} ${b.compressed ? `(in the compressed bundle @0x${b.offset.toString(16)})` : where(b.data)}`,
        children: [memoContents(opts, b.data, () => contentsOf(identifyImage(b.data)))],
      })),
    };
    return { kind: 'offload-bundle', tree };
  }
  let input: OffloadInput;
  try {
    // With the bundle pass of the era's llvm-objdump (22, main): HIP objects' clang-offload-bundler entries.
    // A malformed archive member (a truncated archive's last) is a note after the members before it, which are shown.
    const memberErrors: { member: string; error: DecodeError }[] = [];
    input = readOffloadInput(src, { ...read, sectionNames: opts.sectionNames, byName: opts.byName, bundles: era.listing.bundles, memberErrors });
    for (const m of memberErrors) input.notes.push(`error: ${m.member ? `${m.member}: ` : ''}${m.error.message}`);
  } catch (e) {
    // Only for input of no known kind (the container is told by up to 64 bytes: an archive's magic is 8).
    if (!(e instanceof DecodeError) || offloadContainerOf(src.read(0, Math.min(64, src.size))) !== 'unknown') throw e;
    throw new DecodeError('FORMAT', `not a SYCLBIN, OffloadBinary, object file, archive, bitcode or SPIR-V module, nor property-set text (${src.size ? `it starts with ${hexText(head)}` : 'it is empty'})`, 0, []);
  }
  return { kind: moduleOnly(input) ? 'module' : 'container', tree: containerNode(input, src, era, opts), syclbinImages: () => syclbinImageCount(input.binaries, opts) };
}

/** A bitcode or SPIR-V module that embeds no OffloadBinary: just the module. */
function moduleOnly(input: OffloadInput): boolean {
  return (input.container === 'bitcode' || input.container === 'spirv') && input.found.length === 0;
}

function eraNode(era: LlvmEraInfo): InspectNode {
  return { label: 'Names', value: `kind numbers named as LLVM ${era.era} names them (--llvm 19|22|main)` };
}

function where(ref: BlobRef): string {
  return ref.offset === undefined ? '(inside a compressed payload)' : `@0x${ref.offset.toString(16)}`;
}

/** One OffloadBinary: header facts and its entries. */
function binaryNode(b: OffloadBinaryModel, label: string, era: LlvmEraInfo, opts: InspectInputOptions, depth: number): InspectNode {
  const facts = [`version ${b.version}`, `${b.size} bytes`];
  if (b.compression) facts.push(`${b.compression}-compressed, ${b.inflatedSize} bytes inflated`);
  if (!era.reads.includes(b.version)) facts.push(`no released LLVM reads version ${b.version}`);
  return { label, value: `@0x${b.offset.toString(16)}, ${facts.join(', ')}`, children: b.entries.map((e, i) => entryNode(e, b.version, `Image ${i}`, era, opts, depth)) };
}

/** One entry: kinds (era names, ambiguity), strings, kernels, the image and what it is. */
function entryNode(e: OffloadEntryModel, version: number, label: string, era: LlvmEraInfo, opts: InspectInputOptions, depth: number): InspectNode {
  const children: InspectNode[] = [
    { label: 'image kind', value: `${e.imageKind} (${imageKindLabel(e.imageKind)}; llvm-objdump-${era.era === 'main' ? 'main' : era.era}: ${objdumpImageKind(e.imageKind, era)})` },
    { label: 'offload kind', value: offloadKindEntryText(e.offloadKind, version, e.imageKind, numberingFor(version, era)) },
    { label: 'flags', value: `0x${e.flags.toString(16)}${e.flags & 1 ? ' (OIF_Metadata: no image, metadata only)' : ''}` },
  ];
  children.push(
    e.strings.size
      ? // The escapes of `offload-list --strings` (\xNN, \\), in quotes: one spelling of a value everywhere.
        { label: 'strings', children: [...e.strings].map(([k, v]) => ({ label: escapeForListing(k), value: `"${escapeForListing(v).replace(/"/g, '\\"')}"` })) }
      : { label: 'strings', value: '(none)' },
  );
  const kernels = syclKernelNames(e);
  if (kernels) {
    const how = kernels.encoding === 'table' ? "upstream main's binary symbol table" : `text, ${kernels.separator === '\n' ? 'newline' : 'NUL'}-separated (LLVM 22)`;
    children.push({ label: 'kernels', value: `${kernels.names.length} (from 'symbols': ${how})`, lines: kernels.names.map(printable) });
  }
  children.push(...imageNodes(e.imageRef, opts));
  children.push(contentsNode(e, era, opts, depth));
  return { label, children };
}

function imageNodes(ref: BlobRef, opts: InspectInputOptions): InspectNode[] {
  const nodes: InspectNode[] = [{ label: 'image', value: `${ref.size} bytes ${where(ref)}` }];
  if (opts.sha256 instanceof ImageHashes) nodes.push({ label: 'sha256', value: opts.sha256.of(ref) ?? HASH_NOT_COMPUTED });
  return nodes;
}

/**
 * What one view has explained (explainInput's scope, by its options object): the contents node of
 * each image range, so entries that name the same image share one, and at most CONTENTS_LIMITS of a
 * source explained in all. 5,000 entries naming one 1 MB SYCLBIN made inspect read it 5,000 times
 * (5 s); images that overlap without being equal are explained until the budget is spent, then said
 * not to be.
 */
const CONTENTS_SCOPES = new WeakMap<InspectInputOptions, RangeMemo<InspectNode>>();
/**
 * Bytes of images explained per source: `factor` × its size, and `slackBytes` beyond that for the
 * view (RangeMemo). Less slack than ImageHashes.LIMITS: an explanation prints about as much as it
 * examines (a SPIR-V module's entry points), a hash 64 characters.
 */
export const CONTENTS_LIMITS = { factor: 2, slackBytes: 1 << 20 } as const;

/** What an image holds, once per image range of a view (see {@link CONTENTS_SCOPES}). */
function contentsNode(e: OffloadEntryModel, era: LlvmEraInfo, opts: InspectInputOptions, depth: number): InspectNode {
  return memoContents(opts, e.imageRef, () => examineContents(e, era, opts, depth));
}

/**
 * What the compressed payloads of the nested OffloadBinaries of one view inflate to in all (up to
 * the cap, as the members of an archive do; ReadOffloadOptions.inflatedBudget): eight entries each
 * a v3 binary of 200 MB inflated, 1.6 MB of input, took 1.7 GB and 8 s. The top-level binaries are
 * not counted (the SYCLBIN reader and the OffloadBinary reader may each inflate them once).
 */
const NESTED_INFLATE = new WeakMap<InspectInputOptions, { left?: number }>();
function nestedInflateBudget(opts: InspectInputOptions): { left?: number } {
  let budget = NESTED_INFLATE.get(opts);
  if (!budget) NESTED_INFLATE.set(opts, (budget = {}));
  return budget;
}

/** The image ranges (offset in the input + size) whose contents node is being computed, per view. */
const OPEN_CONTENTS = new WeakMap<RangeMemo<InspectNode>, Set<string>>();

/**
 * `compute()` (an image's `contents` node) once per image range of the view: a range named again is
 * said in one line, without the node's children and lines (5,000 bundle entries naming one SPIR-V
 * module of 2,000 entry points printed its 2,000 lines 5,000 times: 320 MB from 160 KB).
 */
function memoContents(opts: InspectInputOptions, ref: BlobRef, compute: () => InspectNode): InspectNode {
  const scope = CONTENTS_SCOPES.get(opts);
  if (!scope) return compute();
  // An image that is the very range being explained further up (an entry whose image is the binary
  // it is in): said here, not explained again down to MAX_NESTING (2,000 such entries, a 144 KB file,
  // printed 80 MB in 2.7 s).
  // (keyed by the offset in the input: each nesting level reads its image through a source of its own)
  const key = ref.offset === undefined ? undefined : `${ref.offset}+${ref.size}`;
  let open = OPEN_CONTENTS.get(scope);
  if (!open) OPEN_CONTENTS.set(scope, (open = new Set()));
  if (key !== undefined && open.has(key)) return { label: 'contents', value: `the same ${ref.size} bytes as the image this one is in (it holds itself: not shown again)` };
  let fresh = false;
  const node = scope.get(ref, () => {
    fresh = true;
    if (key !== undefined) open.add(key);
    try {
      return compute();
    } finally {
      if (key !== undefined) open.delete(key);
    }
  });
  if (!node) return { label: 'contents', value: '(not examined: the images named so far overlap, and examining them again would read the input many times over)' };
  if (fresh || (!node.children?.length && !node.lines?.length)) return node;
  return { label: 'contents', value: `${node.value ?? ''} (the same ${ref.size} bytes as an image above: not shown again)`.trimStart() };
}

/**
 * A SYCLBIN image inspected in place, or what stops it reading: the reader's reason, where in the
 * image (its path there) and where in the file (the image's offset plus the error's; `verify` gives
 * that offset too, with the full path); undefined when the image is no SYCLBIN.
 */
function syclbinContents(image: BlobRef, opts: InspectInputOptions): InspectNode | undefined {
  if (image.size < 4 || !hasMagic(SyclbinMagic, image.slice(0, 4))) return undefined;
  try {
    const inner = inspectSyclbin(readSyclbin(blobSource(image), { maxInflatedSize: opts.maxInflatedSize }), { sha256: opts.sha256, imageAt: image.offset ?? null });
    return { label: 'contents', value: inner.label, children: inner.children };
  } catch (err) {
    if (!(err instanceof DecodeError)) throw err;
    const where = `${err.path ? `the image's ${err.path}, ` : ''}${image.offset === undefined ? `offset 0x${err.offset.toString(16)} in the image` : `offset 0x${(image.offset + err.offset).toString(16)}`}`;
    return { label: 'contents', value: `a SYCLBIN that does not read: ${err instanceof SyclbinFormatError ? `${err.headline}${err.detail ? ` ${err.detail}` : ''}` : err.reason} (at ${where})` };
  }
}

/** What an image holds; a SYCLBIN inside is inspected in place, a nested OffloadBinary listed (bounded depth). */
function examineContents(e: OffloadEntryModel, era: LlvmEraInfo, opts: InspectInputOptions, depth: number): InspectNode {
  const info = identifyImage(e.imageRef);
  const syclbin = syclbinContents(e.imageRef, opts);
  if (syclbin) return syclbin;
  if (info.kind === 'offload-binary' && depth < MAX_NESTING) {
    try {
      const inner = nestedBinaries(e, { maxInflatedSize: opts.maxInflatedSize, inflatedBudget: nestedInflateBudget(opts) }) ?? [];
      return { label: 'contents', value: `nested OffloadBinaries (${inner.length})`, children: inner.map((b, i) => binaryNode(b, `Nested binary ${i}`, era, opts, depth + 1)) };
    } catch (err) {
      if (!(err instanceof DecodeError)) throw err;
      return { label: 'contents', value: `starts like an OffloadBinary but does not read: ${err.message}` };
    }
  }
  return contentsOf(info);
}

const CONTAINER_TEXT: Readonly<Record<OffloadInput['container'], string>> = {
  'offload-binaries': 'LLVM OffloadBinary file',
  elf: 'ELF file',
  coff: 'COFF object',
  'coff-import': 'COFF short import member (of an import library; no offloading data)',
  pe: 'PE image (Windows program or DLL)',
  archive: 'static archive',
  bitcode: 'LLVM bitcode module',
  spirv: 'SPIR-V module',
  macho: 'Mach-O object (no offloading data: LLVM reads it from COFF and ELF only)',
  wasm: 'WebAssembly object (no offloading data: LLVM reads it from COFF and ELF only)',
  xcoff: 'XCOFF object (no offloading data: LLVM reads it from COFF and ELF only)',
  'macho-universal': 'Mach-O universal binary (no offloading data: llvm-objdump --offloading lists nothing of it)',
  unknown: 'unknown data',
};

/** Objects, their binaries, the device images outside OffloadBinaries, and the notes. */
function containerNode(input: OffloadInput, src: ByteSource, era: LlvmEraInfo, opts: InspectInputOptions): InspectNode {
  const children: InspectNode[] = [eraNode(era)];
  let what = CONTAINER_TEXT[input.container];
  const format = input.objects.find((o) => o.member === undefined)?.fileFormat;
  if (format) what += ` (${format})`;
  // (a section that repeats an earlier one's bytes gives the same binaries: shown once, the notes say so)
  const shown = input.found.filter((f) => f.sameAs === undefined);
  for (const f of shown) {
    const site = [
      f.site.member === undefined ? '' : `member ${f.site.member}`,
      f.site.section ? (f.site.section.segment === undefined ? `section [${f.site.section.index}] ${f.site.section.name}` : f.site.section.name) : '',
      f.site.global === undefined ? '' : `global ${f.site.global} (!llvm.embedded.objects; offsets within its initializer)`,
    ]
      .filter(Boolean)
      .join(', ');
    children.push(binaryNode(f.binary, `OffloadBinary${site ? ` in ${site}` : ''}${f.byScan ? ' (found by scanning ordinary data)' : ''}`, era, opts, 0));
  }
  input.bare.forEach((b, i) => children.push(bareNode(b, i, input, opts)));
  let bundleEntries = 0;
  for (const o of input.objects) {
    if (!o.bundles?.length) continue;
    bundleEntries += o.bundles.length;
    children.push({
      label: `Offload bundle entries (clang-offload-bundler; HIP without -fgpu-rdc)${o.member === undefined ? '' : ` of member ${o.member}`}`,
      value: String(o.bundles.length),
      children: o.bundles.map((b) => ({
        label: `[${b.bundle}] ${printable(b.id)}`,
        value: `${b.data.size} bytes in section [${b.section}], bundle @0x${b.offset.toString(16)}${b.compressed ? ' (compressed bundle)' : ''}`,
        children: [memoContents(opts, b.data, () => contentsOf(identifyImage(b.data)))],
      })),
    });
  }
  if (input.notes.length) children.push({ label: 'Notes', lines: input.notes.map(printable) }); // (notes quote member names from the file: control characters and non-UTF-8 bytes as \xNN)
  // A module file that embeds nothing is just the module: no counts of what it does not hold.
  const bundles = bundleEntries ? `, ${bundleEntries} offload bundle entr${bundleEntries === 1 ? 'y' : 'ies'}` : '';
  const counts = moduleOnly(input) ? '' : `: ${shown.length} OffloadBinar${shown.length === 1 ? 'y' : 'ies'}, ${input.bare.length} device image(s) outside one${bundles}`;
  return { label: `${what}${counts} — ${src.size} bytes`, children };
}

function bareNode(b: BareImage, i: number, input: OffloadInput, opts: InspectInputOptions): InspectNode {
  const whole = input.container === 'bitcode' || input.container === 'spirv';
  const children: InspectNode[] = [];
  if (b.triple !== undefined) children.push({ label: 'triple', value: printable(b.triple) });
  if (b.offloadKind !== undefined) children.push({ label: 'offload kind', value: `${b.offloadKind} (${offloadKindLabel(b.offloadKind, 'bitmask')}, from the SYCL device image descriptor)` });
  if (!whole && b.site.section) children.push({ label: b.site.section.segment === undefined ? 'section' : 'segment', value: `${b.site.section.segment === undefined ? `[${b.site.section.index}] ${b.site.section.name}` : b.site.section.name}${b.site.member === undefined ? '' : ` of member ${b.site.member}`}` });
  children.push(...imageNodes(b.image, opts));
  // (a SYCLBIN image is read and explained, or what stops it said, as inside an OffloadBinary)
  children.push(syclbinContents(b.image, opts) ?? contentsOf(b.info ?? identifyImage(b.image)));
  if (b.kernels.length) children.push({ label: 'kernels', value: `${b.kernels.length} (from ${b.kernelsFrom ?? 'llvm_offload_entries'})`, lines: b.kernels.map(printable) });
  return { label: whole ? 'Module' : `Device image ${i} (not in an OffloadBinary)`, children };
}

/**
 * What a file that is not a SYCLBIN is, in one line (the root line of {@link inspectInput}), or
 * undefined when it is a SYCLBIN (whose own error then says what is wrong) or of no known kind.
 * For `syclbin dump`, whose failure line must stay syclbin-dump's: this says why it failed.
 */
export function notSyclbin(input: BytesLike | ByteSource, opts: InspectInputOptions = {}): string | undefined {
  return notSyclbinInput(input, optionsArgument(opts, 'notSyclbin', INSPECT_INPUT_KEYS))?.tree.label;
}

/** {@link notSyclbin} with the kind of input it is (which command reads it depends on that). */
export function notSyclbinInput(input: BytesLike | ByteSource, opts: InspectInputOptions = {}): ExplainedInput | undefined {
  // (checked before a SYCLBIN returns early, so that a typo is refused whatever the input)
  opts = optionsArgument(opts, 'notSyclbinInput', INSPECT_INPUT_KEYS);
  const src = toSource(input);
  if (src.size >= 4 && hasMagic(SyclbinMagic, src.read(0, 4))) return undefined;
  try {
    const r = explainInput(src, { ...opts, sha256: false });
    return r.kind === 'syclbin' ? undefined : r;
  } catch (e) {
    if (e instanceof DecodeError) return undefined;
    throw e;
  }
}
