/**
 * Lint mode (`syclbin verify`): every problem of a file with a severity, byte offset and structure
 * path, like Wireshark's expert info. It is the readers in collect mode (src/hex/annotate.ts: every
 * structural and property-set syntax error, each at the field it is about) plus lints over what they
 * recorded:
 * - layout facts of v1 images (src/syclbin/read-v1.ts `V1Geometry`): header version 0, overlapping
 *   blobs, header table entries no abstract module refers to;
 * - the byte annotation: non-zero padding and unreferenced bytes (docs/spec/README.md rule 5 lists
 *   the layouts readers must accept; "accepted" is not "clean", hence warnings, not errors);
 * - property-set semantics (src/props/check.ts) for every metadata blob, located at the property's line,
 *   and the lines LLVM's reader folds into earlier ones (a set named again, a key given again);
 * - consistency: IR/native targets against their metadata, the envelope strings and v2 StringData;
 * - unknown enum values (image kind, offload kind, flags);
 * - an OffloadBinary string key given more than once in an entry (every reader keeps one value);
 * - non-canonical layout: the file is not what our writer (which reproduces LLVM's) would write,
 *   decided by comparing the writer's chunks with the file (images at the same place are not re-read).
 *
 * Library core: no Node APIs.
 */
import { blobRef, decodeEscapedUtf8, hasMagic, firstDifference, formatPath, hex, toSource, type ByteSource, type Chunk, type PathKey, type SpanNode, optionsArgument, type BytesLike } from '../codec/index.js';
import { IMAGE_KIND, IMAGE_KINDS, NUMBERING_DESCRIPTIONS, OFFLOAD_ENTRY_FLAGS, OFFLOAD_KIND_NUMBERINGS, offloadKindKnown, possibleNumberings } from '../../formats/kinds.js';
import { OFFLOAD_BINARY_ALIGN, OFFLOAD_VERSIONS } from '../../formats/offload-binary.js';
import { IRModuleHeader, NativeImageHeader, SyclbinFileHeader } from '../../formats/syclbin-v1.js';
import { SET, SYCLBIN_KEYS } from '../../formats/property-sets.js';
import { checkRegistry, repeatDiagnostics, repeatGroups } from '../props/check.js';
import { byteOrderMarkHint, readRegistry, registryRepeatsOf, textIrregularities, type RegistryRepeat } from '../props/registry.js';
import { PropertySetError } from '../props/errors.js';
import { zstdAvailable } from '../offload/libzstd.js';
import { spirvModuleProblem } from '../containers/identify.js';
import { bitcodeArchiveSymbols } from '../containers/bitcode-symbols.js';
import { bitcodeStream } from '../containers/bitcode.js';
import { BitcodeMagic, BitcodeWrapperHeader } from '../../formats/llvm-bitcode.js';
import { SPIRV_HEADER_SIZE, spirvByteOrder } from '../../formats/spirv.js';
import { syclbinChunks } from '../syclbin/write.js';
import { terminalSafe } from './terminal.js';
import { checkArchiveSymbolTable } from './archive-symtab-check.js';
import { checkBigArchiveSymbolTables } from './big-archive-symtab-check.js';
import { clipText, someOf } from '../codec/messages.js';
import { irTargetBytes, irTypeValue, nativeArchBytes, nativeTargetBytes, type SyclbinFile } from '../syclbin/model.js';
import { declaredFormatProblem, globalMetadataSetProblem, IR_TYPE_SPIRV_WHY, irTypeTargetProblem } from '../syclbin/lint.js';
import { escapedStrings, repeatedStringKeys } from '../offload/read.js';
import { missingImagesText } from '../offload/input.js';
import { unknownImageVersionText } from '../containers/sycl-wrapper.js';
import { printable, printableClipped } from '../props/explain.js';
import { annotate, ANNOTATE_KEYS, annotateEmbedded, inflatedAnnotation, MAX_EMBEDDED_SPANS, findingOf, leavesOf, quoted, type AnnotateOptions, type Annotation, type FileFormat, type Finding, type MetadataBlob, type V1Image } from './annotate.js';

/** The result of `verify`. */
export interface VerifyReport {
  /** What the file was read as. */
  format: FileFormat;
  /** File size in bytes. */
  size: number;
  /** Every finding, sorted by offset, then severity, then path. */
  problems: Finding[];
  /** Number of findings per severity. */
  counts: { error: number; warning: number; note: number };
}

const SEVERITY_RANK = { error: 0, warning: 1, note: 2 } as const;

/** Read `input` in collect mode and lint it. */
export function verify(input: BytesLike | ByteSource, opts: AnnotateOptions = {}): VerifyReport {
  opts = optionsArgument(opts, 'verify', ANNOTATE_KEYS);
  return verifyAnnotation(input, annotate(input, opts), opts);
}

/**
 * A compressed OffloadBinary v3 at the start of the file: its payload is verified too, as
 * `annotate --inflated` reads it (the SYCLBIN inside, its property sets, overlaps and padding), and
 * what the file view did not already report is added at the compressed payload (its offset and path,
 * as annotate names those bytes), the path and offset in the inflated space leading its message
 * (where `annotate --inflated` and `hexdump --inflated` show it): a problem inside a compressed file
 * is a problem of the file.
 */
function withInflatedFindings(ann: Annotation, report: VerifyReport, opts: Pick<AnnotateOptions, 'maxInflatedSize'>): VerifyReport {
  if (ann.stoppedBy) return report;
  // (nothing to do without a compressed binary: no set of every finding's text for a file of none)
  if (!ann.offload?.some((ob) => ob.compression && ob.inflated)) return report;
  const headerSize = OFFLOAD_VERSIONS[3].header.fixedSize!;
  const seen = new Set(report.problems.map((p) => `${p.path}\u0000${p.message}`));
  const added: Finding[] = [];
  // Findings of the file view that the inflated view says again, where they are (a problem inside a
  // payload: the file view names the payload and its place in the message; one finding per problem).
  const sayAgain = new Set<Finding>();
  // (the file view's findings inside payloads, by offset: looked up per payload, not a pass over
  // every finding for each payload of an archive)
  const atPayload = new Map<number, Finding[]>();
  for (const f of report.problems) {
    if (f.code !== 'structure' || !f.message.includes('(inside the compressed payload: ')) continue;
    const list = atPayload.get(f.offset);
    if (list) list.push(f);
    else atPayload.set(f.offset, [f]);
  }
  // The payloads the file view inflated to read its binaries (by the binary's offset): used as they
  // are, not inflated a second time; one it could not inflate is reported by the file view.
  const inflatedAt = new Map<number, OffloadModel>();
  for (const ob of ann.offload ?? []) if (ob.compression && ob.inflated) inflatedAt.set(ob.offset, ob);
  for (const payload of leavesOf(ann)) {
    if (payload.kind !== 'compressed' || payload.offset < headerSize) continue;
    const at = payload.offset - headerSize;
    const ob = inflatedAt.get(at);
    if (!ob) continue;
    const inside = inflatedAnnotation(ob.inflated!, ob.compression!, opts);
    const where = at === 0 ? 'the inflated binary, header included: annotate --inflated shows it' : `the binary at 0x${at.toString(16)} inflated, header included`;
    // (the SYCLBIN images of a multi-entry payload too)
    const insideProblems = withEmbeddedSyclbinFindings(lint(inside.source, inside.annotation), inside.annotation, opts).problems;
    for (const p of insideProblems) {
      if (seen.has(`${p.path}\u0000${p.message}`)) continue;
      // Named as annotate names the file's byte there (the compressed payload); the path inside is the message's.
      added.push({ ...p, offset: payload.offset, size: undefined, path: payload.path, message: `${p.path}: ${p.message} (at 0x${p.offset.toString(16)} of ${where})` });
    }
    // (the reader's own error inside this payload, said by the file view at the payload: the inside
    // view's structure errors say it where it is)
    if (insideProblems.some((p) => p.severity === 'error' && p.code === 'structure')) {
      for (const f of atPayload.get(payload.offset) ?? []) if (f.path === payload.path) sayAgain.add(f);
    }
  }
  if (!added.length && !sayAgain.size) return report;
  return reportOf(report.format, report.size, [...report.problems.filter((f) => !sayAgain.has(f)), ...added]);
}

/**
 * Lint an annotation made of `input` (what {@link verify} does after annotating: for a caller that
 * has the annotation already). A compressed OffloadBinary v3 is looked inside too (its payload
 * inflated within `opts.maxInflatedSize`), its findings added at the compressed payload.
 */
export function verifyAnnotation(input: BytesLike | ByteSource, ann: Annotation, opts: Pick<AnnotateOptions, 'maxInflatedSize'> = {}): VerifyReport {
  return withEmbeddedSyclbinFindings(withInflatedFindings(ann, lint(input, ann), opts), ann, opts);
}

/**
 * The SYCLBIN images inside the OffloadBinaries of an object, archive, program or multi-entry binary
 * (`clang -fembed-offload-object`, a linked SYCL program; annotate's `embedded`): each is verified as
 * the bare SYCLBIN it is, its findings placed in the file (the image's offset plus theirs; its path
 * leading theirs), where annotate places its spans. What the file's own lint already said of those
 * bytes (a gap inside the image is a gap of the file too) is not said twice.
 */
function withEmbeddedSyclbinFindings(report: VerifyReport, ann: Annotation, opts: Pick<AnnotateOptions, 'maxInflatedSize'>): VerifyReport {
  if (!ann.embedded?.length && !ann.embeddedSkipped) return report;
  const seen = new Set(report.problems.map((p) => `${p.offset}\u0000${p.code}\u0000${p.path}`));
  const added: Finding[] = [];
  // One image at a time (its annotation is made again here, not kept by annotate: memory stays at one).
  for (const e of ann.embedded ?? []) {
    for (const p of lint(e.source, annotateEmbedded(e.source, opts)).problems) {
      const path = p.path ? `${e.path}.${p.path}` : e.path;
      const offset = e.offset + p.offset;
      if (seen.has(`${offset}\u0000${p.code}\u0000${path}`)) continue;
      // Its message names places in the image: where it ends with the image's place, the file's;
      // other offsets it gives count from the image's start, which it then says.
      const own = ` (at ${p.path}, offset 0x${p.offset.toString(16)})`;
      let message = p.message.endsWith(own) ? `${p.message.slice(0, -own.length)} (at ${path}, offset 0x${offset.toString(16)})` : p.message;
      if (/0x[0-9a-f]/.test(message.replace(/ \(at [^()]*, offset 0x[0-9a-f]+\)$/, ''))) message += ` (offsets in this message count from the SYCLBIN image at 0x${e.offset.toString(16)})`;
      added.push({ ...p, offset, path, message });
    }
  }
  if (ann.embeddedSkipped) {
    added.push({ severity: 'note', offset: 0, path: '', code: 'incomplete', message: `${ann.embeddedSkipped} SYCLBIN image(s) inside the file's OffloadBinaries are not explained or checked (more than ${MAX_EMBEDDED_SPANS} spans of them already are)` });
  }
  return added.length ? reportOf(report.format, report.size, [...report.problems, ...added]) : report;
}

/** The findings of the file's own bytes. */
function lint(input: BytesLike | ByteSource, ann: Annotation): VerifyReport {
  const src = toSource(input);
  const problems: Finding[] = [];
  // A finding said twice (same offset, code and message) is said once. Looked up by offset, then
  // compared: no key text made per finding (a file of 100,000 property lines has 98,000 findings).
  const seen = new Map<number, Finding | Finding[]>();
  const add = (f: Finding): void => {
    const at = seen.get(f.offset);
    const same = (x: Finding): boolean => x.code === f.code && x.message === f.message;
    if (at === undefined) seen.set(f.offset, f);
    else if (Array.isArray(at)) {
      if (at.some(same)) return;
      at.push(f);
    } else {
      if (same(at)) return;
      seen.set(f.offset, [at, f]);
    }
    problems.push(f);
  };
  for (const e of ann.problems) add({ ...findingOf(e), code: e instanceof PropertySetError ? 'property' : 'structure' });
  if (ann.format === 'unknown' && ann.error) add(ann.error);
  // LLVM IR text has no layout to check: said, not passed over in silence (nor an error).
  if (ann.format === 'llvm-ir') {
    add({ severity: 'note', offset: 0, size: src.size, path: 'text', code: 'incomplete', message: "LLVM IR text: not checked here (verify checks binary layouts and property sets); 'syclbin inspect FILE' explains the module, 'llvm-as FILE -o /dev/null' checks it" });
  }
  // Property-set text with a byte order mark: why its first line does not read (as `props` says).
  const bom = ann.format === 'property-sets' ? byteOrderMarkHint(src.read(0, Math.min(3, src.size))) : undefined;
  if (bom) add({ severity: 'note', offset: 0, size: 3, path: '', code: 'property', message: bom });
  // An ELF object whose section names do not read (offload-list notes it): LLVM finds the offloading
  // sections by type alone, so the file reads, but a named section (--section) cannot be found.
  const names = ann.elf?.elf.nameProblem;
  if (names) {
    add({ ...findingOf(names), severity: 'warning', code: 'structure', message: `section names cannot be read (${names.reason}): offloading sections are found by type only, as LLVM finds them` });
  }
  // Device images a SYCL descriptor names whose bytes are not in the file (offload-list notes it):
  // the runtime would be handed bytes that are not there.
  // Device-image records of a version not known here: read as version 3's, which may be wrong.
  for (const u of ann.input?.unknownImageVersions ?? []) {
    add({ severity: 'warning', offset: u.site.offset, size: u.size, path: formatPath(u.site.path), code: 'structure', message: unknownImageVersionText(u.version) });
  }
  for (const m of ann.input?.missingImages ?? []) {
    add({ severity: 'warning', offset: m.site.offset, size: m.size, path: formatPath(m.site.path), code: 'structure', message: missingImagesText([m]) });
  }
  // A thin archive is clean as far as its own bytes go; what its members hold is in other files.
  const thin = ann.input?.archive?.thin ? ann.input.archive.members.filter((m) => m.external) : [];
  if (thin.length) {
    add({
      severity: 'note',
      offset: thin[0]!.headerOffset,
      path: `members[${thin[0]!.index}]`,
      code: 'structure',
      message: `a thin archive: its ${thin.length} member(s) are files outside it (${someOf(thin.map((m) => printable(m.name)))}), not checked here; verify each file`,
    });
  }
  if (ann.input?.archive && !ann.input.archive.thin) {
    checkArchiveSymbolTable(src, ann.input.archive, add);
    checkBigArchiveSymbolTables(src, ann.input.archive, add);
  }
  // Blobs named again past the sharing budget: read here, refused where every copy is handed out.
  if (ann.repeatLimit) {
    add({ ...findingOf(ann.repeatLimit), severity: 'warning', code: 'structure', message: `json, inspect and extract refuse this file (diff compares what reads before it): ${ann.repeatLimit.reason}` });
  }
  for (const g of ann.v1Images) checkV1(g, add);
  for (const blob of ann.metadata) checkBlob(src, blob, add);
  // A file of no known kind: its error says so; "N bytes that nothing references" would add nothing.
  if (ann.format !== 'unknown' && !ann.stoppedBy) checkBytes(ann, add);
  else if (ann.stoppedBy) {
    add({
      severity: 'note',
      offset: ann.stoppedBy.offset,
      path: ann.stoppedBy.path,
      code: 'incomplete',
      message: 'reading stopped at the error above; padding and unreferenced bytes after it are not reported',
    });
  }
  if ((ann.format === 'spirv' || ann.format === 'bitcode') && !ann.stoppedBy) checkModule(src, ann.format, 0, undefined, add);
  else checkImages(src, ann, add);
  for (const ob of ann.offload ?? []) checkOffload(ob, ann, add);
  if (ann.model) {
    checkTargets(ann.model, ann, add);
    if (!ann.problems.length) checkLayout(src, ann.model, ann, add);
  }
  return reportOf(ann.format, ann.size, problems);
}

/** A report of `problems` (sorted in place: by offset, then severity, then path) with their counts. */
function reportOf(format: FileFormat, size: number, problems: Finding[]): VerifyReport {
  problems.sort((a, b) => a.offset - b.offset || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || a.path.localeCompare(b.path));
  const counts = { error: 0, warning: 0, note: 0 };
  for (const p of problems) counts[p.severity]++;
  return { format, size, problems, counts };
}

// ---------------------------------------------------------------------------------------------
// A file that is one module: what its own reader would stop on

/**
 * A SPIR-V module's instruction stream (whole words, word counts that fit: what spirv-val checks
 * before validating) and an LLVM bitcode file's stream (what BitcodeReader cannot follow is an error;
 * what this toolkit's reader does not follow, e.g. several modules in one file, a note). The module's
 * contents are not validated: spirv-val and llvm-dis do that.
 */
function checkModule(src: ByteSource, format: 'spirv' | 'bitcode', base: number, image: { path: string; what: string } | undefined, add: (f: Finding) => void): void {
  // A module that is the file: paths of annotate's spans in it; an image: the image's path, and the
  // message says which image the offset is in.
  const at = (path: readonly PathKey[]): string => image?.path ?? formatPath(path);
  const lead = image ? `${image.what}: ` : '';
  // The file that is the module does not read; an image's module does not, while its container does
  // (its readers hand it out; the runtime or the device compiler is what stops on it).
  const severity = image ? 'warning' : 'error';
  const code = image ? 'image' : 'structure';
  if (format === 'spirv') {
    const p = spirvModuleProblem(src, spirvByteOrder(src.read(0, Math.min(4, src.size))) !== 'be');
    if (p) add({ severity, offset: base + p.offset, path: at(p.path), code, message: `${lead}${p.message}` });
    return;
  }
  const blob = blobRef(src, 0, src.size, 0);
  const facts = bitcodeArchiveSymbols(blob);
  if (!facts?.problem) return;
  // Where annotate's `bitstream` span starts: after the magic, behind the wrapper header if any.
  const stream = bitcodeStream(blob);
  const bitstream = base + (stream && 'offset' in stream ? stream.offset : 0) + BitcodeMagic.fixedSize!;
  if (facts.invalid) add({ severity, offset: bitstream, path: at(['bitstream']), code, message: `${lead}LLVM cannot read this bitcode: ${facts.problem}${facts.llvmMessage ? ` (BitcodeReader: "${facts.llvmMessage}")` : ''}` });
  else add({ severity: 'note', offset: bitstream, path: at(['bitstream']), code: 'incomplete', message: `${lead}not checked beyond this point: ${facts.problem}` });
}

/**
 * The device images inside a container (a SYCLBIN's IR modules and native images, an OffloadBinary's
 * entries, an object's or program's bare modules): each image span whose bytes are a SPIR-V module or
 * LLVM bitcode gets the check of a file that is one (its instruction stream; what BitcodeReader
 * cannot follow), its findings at the image's offset, as warnings (the container reads; the runtime
 * or device compiler is what stops on the module); an image declared SPIR-V (a SYCLBIN IR module of
 * type 0, an OffloadBinary entry of image kind 6) or bitcode (image kind 2) whose bytes are not is a
 * warning. Each image is read once, in windows (a SPIR-V walk: linear in the image).
 */
function checkImages(src: ByteSource, ann: Annotation, add: (f: Finding) => void): void {
  // What each image says it is, by the offset of its bytes.
  const declared = new Map<number, { kind: 'spirv' | 'bitcode'; why: string }>();
  ann.model?.abstractModules.forEach((am) =>
    am.irModules.forEach((ir) => {
      if (ir.image.offset !== undefined && irTypeValue(ir) === 0) declared.set(ir.image.offset, { kind: 'spirv', why: IR_TYPE_SPIRV_WHY });
    }),
  );
  for (const ob of ann.offload ?? []) {
    for (const e of ob.entries) {
      const kind = e.imageKind === IMAGE_KIND.spirv ? 'spirv' : e.imageKind === IMAGE_KIND.bitcode ? 'bitcode' : undefined;
      if (kind && e.imageRef.offset !== undefined) declared.set(e.imageRef.offset, { kind, why: `its entry's image kind is ${e.imageKind}, ${kind === 'spirv' ? 'SPIR-V' : 'LLVM bitcode'}` });
    }
  }
  const done = new Set<number>();
  for (const span of ann.spans) {
    if (span.kind !== 'image' || span.size === 0 || span.offset < 0 || span.offset + span.size > src.size || done.has(span.offset)) continue;
    done.add(span.offset);
    const head = src.read(span.offset, Math.min(span.size, BITCODE_WRAPPER_MAGIC_SIZE));
    const image: ByteSource = { size: span.size, read: (at, n) => src.read(span.offset + at, n) };
    const format = spirvByteOrder(head) ? 'spirv' : hasMagic(BitcodeMagic, head) || hasMagic(BitcodeWrapperHeader.fields.magic, head) ? 'bitcode' : undefined;
    const said = declared.get(span.offset);
    if (format === 'spirv' && span.size < SPIRV_HEADER_SIZE) {
      add({ severity: 'warning', offset: span.offset, size: span.size, path: span.path, code: 'image', message: `the SPIR-V module in this image (at 0x${span.offset.toString(16)}) is cut short: ${span.size} of its ${SPIRV_HEADER_SIZE}-byte header` });
    } else if (format) {
      checkModule(image, format, span.offset, { path: span.path, what: `the ${format === 'spirv' ? 'SPIR-V module' : 'LLVM bitcode'} in this image (at 0x${span.offset.toString(16)})` }, add);
    } else if (said) {
      add({ severity: 'warning', offset: span.offset, size: Math.min(4, span.size), path: span.path, code: 'image', message: declaredFormatProblem(said.why, said.kind, head) });
    }
  }
}

/** Bytes read to tell SPIR-V and bitcode apart (the bitcode wrapper's magic is 4 bytes too). */
const BITCODE_WRAPPER_MAGIC_SIZE = 4;

// ---------------------------------------------------------------------------------------------
// v1 layout facts: version 0, overlapping blobs, unreferenced header entries

function checkV1(g: V1Image, add: (f: Finding) => void): void {
  const at = (keys: readonly PathKey[]): string => formatPath([...g.keys, ...keys]);
  if (g.header.version === 0 && g.offset >= 0) {
    add({ severity: 'note', offset: g.offset + SyclbinFileHeader.offsets.version, path: at(['header', 'version']), code: 'version', message: 'SYCLBIN header version 0 (LLVM accepts it; writers emit 1)' });
  }
  for (const table of ['metadataTable', 'binaryTable'] as const) {
    const tableAt = g.offset + g.regions[table].at;
    const list = g.blobs.filter((b) => b.table === table && b.inside && b.size > 0);
    overlaps(list, tableAt, table === 'metadataTable' ? 'metadata blobs' : 'images', add);
  }
  const unused = (used: boolean[], table: 'irModules' | 'nativeImages', what: string): void => {
    const entrySize = (table === 'irModules' ? IRModuleHeader : NativeImageHeader).fixedSize!;
    used.forEach((u, j) => {
      if (u || g.offset < 0) return;
      add({ severity: 'warning', offset: g.offset + g.regions[table].at + entrySize * j, size: entrySize, path: at([table, j]), code: 'unreferenced', message: `no abstract module refers to this ${what} header` });
    });
  };
  unused(g.irUsed, 'irModules', 'IR module');
  unused(g.nativeUsed, 'nativeImages', 'native image');
}

/**
 * Overlapping ranges, each reported once against the range reaching furthest before it: a sweep in
 * offset order (n log n, however many ranges share bytes).
 */
function* overlapping<T extends { offset: number; size: number }>(list: readonly T[]): Generator<[T, T]> {
  const sorted = list.filter((x) => x.size > 0).sort((a, b) => a.offset - b.offset || b.size - a.size);
  let reach: T | undefined;
  for (const b of sorted) {
    if (reach && b.offset < reach.offset + reach.size) yield [reach, b];
    if (!reach || b.offset + b.size > reach.offset + reach.size) reach = b;
  }
}

function overlapFinding(a: { offset: number; size: number }, b: { offset: number; size: number }, at: number, path: string, same: string, partial: string): Finding {
  const identical = a.offset === b.offset && a.size === b.size;
  return { severity: identical ? 'note' : 'warning', offset: at, size: Math.min(a.offset + a.size, b.offset + b.size) - b.offset, path, code: 'overlap', message: identical ? same : partial };
}

function overlaps(list: V1Image['blobs'], tableAt: number, what: string, add: (f: Finding) => void): void {
  // The same blob used twice (an IR header shared by two modules) is one blob.
  const seen = new Set<number>();
  const unique = list.filter((b) => !seen.has(b.fieldAt) && seen.add(b.fieldAt));
  for (const [a, b] of overlapping(unique)) {
    const [na, nb] = [formatPath(a.blob), formatPath(b.blob)];
    add(
      overlapFinding(a, b, tableAt + b.offset, nb, `shares its bytes with ${na} (${formatPath(b.field)} = ${formatPath(a.field)}; readers accept shared ${what})`, `${what} overlap: [${b.offset}, +${b.size}) overlaps ${na} [${a.offset}, +${a.size}) (${formatPath(b.field)})`),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Property sets: semantic checks, located at the line of the set or key

/** The last line node of `set`/`key` below a blob (the value that counts), or the set header line. */
function lineOf(blob: MetadataBlob, set: string, key: string | undefined): SpanNode | undefined {
  const entry = lineIndexOf(blob).get(set);
  if (!entry) return undefined;
  if (key === undefined) return entry.first;
  // The set's keys, made when a finding first names a key of it (a file of 200,000 one-line sets
  // whose findings name only sets made a map per set that nothing asked).
  if (!entry.keys) {
    entry.keys = new Map();
    for (const s of entry.more ? [entry.first, ...entry.more] : [entry.first]) for (const p of s.children ?? []) if (typeof p.key === 'string') entry.keys.set(p.key, p);
  }
  return entry.keys.get(key);
}

/**
 * Per blob: each set's first header line, the lines of the same name after it (a set named again,
 * which LLVM folds into one), and, once asked, per key the line that counts (the last).
 */
type LineIndex = Map<string, { first: SpanNode; more?: SpanNode[]; keys?: Map<string, SpanNode> }>;
const lineIndexes = new WeakMap<MetadataBlob, LineIndex>();

/**
 * The set lines of a blob by name, built once: a finding per key looked up by scanning the set
 * made verify quadratic in property lines (100,000 lines: 70 s).
 */
function lineIndexOf(blob: MetadataBlob): LineIndex {
  let index = lineIndexes.get(blob);
  if (index) return index;
  index = new Map();
  for (const s of blob.node.children ?? []) {
    if (s.kind !== 'property-set' || typeof s.key !== 'string') continue;
    const entry = index.get(s.key);
    if (!entry) index.set(s.key, { first: s });
    else (entry.more ??= []).push(s);
  }
  lineIndexes.set(blob, index);
  return index;
}

/** Index of the first byte of 1-based line `line` of `text` (its end when there are fewer lines). */
function lineStart(text: Uint8Array, line: number): number {
  let at = 0;
  for (let n = 1; n < line; n++) {
    const nl = text.indexOf(0x0a, at);
    if (nl < 0) return text.length;
    at = nl + 1;
  }
  return at;
}

function checkBlob(src: ByteSource, blob: MetadataBlob, add: (f: Finding) => void): void {
  if (!blob.registry) return;
  // What LLVM's reader folds (a set named again, a key given again), as `syclbin props --check` says
  // it: the registry holds the folded result, so the blob's text is read again to find those lines.
  const text = src.read(blob.offset, blob.size);
  // (the annotation's read kept them; a blob read without spans is read again for them)
  let repeats = registryRepeatsOf(blob.node);
  if (!repeats) {
    const found: RegistryRepeat[] = [];
    readRegistry(text, { base: blob.offset, repeats: found });
    repeats = found;
  }
  const groups = repeatGroups(repeats);
  repeatDiagnostics(repeats).forEach((d, i) => {
    const path = d.key !== undefined ? quoted(quoted(blob.path, d.set), d.key) : quoted(blob.path, d.set);
    add({ severity: d.severity, offset: groups[i]!.first.offset, path, code: 'property', message: d.message });
  });
  // Text the reader accepts as LLVM's does and a writer writes otherwise (CRLF, blank lines, ...).
  for (const t of textIrregularities(text, blob.registry, repeats)) {
    if (t.kind === 'repeat') continue; // said above, per line
    const more = t.count > 1 ? ` (and ${t.count - 1} more line(s))` : '';
    add({ severity: 'note', offset: blob.offset + lineStart(text, t.line), path: blob.path, code: 'property', message: `line ${t.line}${more}: ${t.message}; LLVM's reader accepts it, a writer writes it otherwise` });
  }
  // A SYCLBIN's global metadata without its set at all fails in the runtime as one without `state`
  // does (syclbin-format.md §5: "SYCLBIN global metadata missing 'state'."); checkRegistry sees a
  // registry, not whose blob it is.
  const noState = blob.keys[blob.keys.length - 1] === 'globalMetadata' ? globalMetadataSetProblem(blob.registry) : undefined;
  if (noState) add({ severity: 'error', offset: blob.offset, size: blob.size, path: blob.path, code: 'property', message: noState });
  // (the path of a set, made once for all its findings: a set of many unknown keys has one each)
  let setName: string | undefined;
  let setPath = '';
  for (const d of checkRegistry(blob.registry)) {
    const line = lineOf(blob, d.set, d.key);
    if (d.set !== setName) {
      setName = d.set;
      setPath = quoted(blob.path, d.set);
    }
    const path = d.key !== undefined ? quoted(setPath, d.key) : setPath;
    add({
      severity: d.severity,
      offset: line?.focus?.offset ?? line?.offset ?? blob.offset,
      size: line?.focus?.size ?? line?.size,
      path,
      code: /^unknown value /.test(d.message) ? 'enum' : 'property',
      message: d.offset !== undefined ? `${d.message} (value byte ${d.offset})` : d.message,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Bytes: padding and unreferenced

function checkBytes(ann: Annotation, add: (f: Finding) => void): void {
  for (const s of leavesOf(ann)) {
    if (s.kind === 'padding-nonzero') {
      // LLVM writers leave the v1 header's 4 alignment bytes uninitialised (docs/spec/README.md "Decisions").
      const reserved = s.keys.length >= 2 && s.keys[s.keys.length - 1] === 'reserved' && s.keys[s.keys.length - 2] === 'header';
      add({
        severity: reserved ? 'note' : 'warning',
        offset: s.offset,
        size: s.size,
        path: s.path,
        code: 'padding',
        message: reserved
          ? 'non-zero reserved bytes in the SYCLBIN header (LLVM writers leave them uninitialised; readers ignore them)'
          : `${s.size} padding byte(s) are not zero`,
      });
    } else if (s.kind === 'unreferenced') {
      add({ severity: 'warning', offset: s.offset, size: s.size, path: s.path, code: 'unreferenced', message: `${s.size} byte(s) (${String(s.value)}) that nothing references` });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// OffloadBinary

type OffloadModel = NonNullable<Annotation['offload']>[number];

/** Magic spans by offset, per annotation: looked up once per binary (a search of every leaf per binary was quadratic). */
const magicSpans = new WeakMap<Annotation, Map<number, readonly PathKey[]>>();

/** The path keys of an OffloadBinary in the tree (its magic span's parent's parent). */
function binaryKeys(ann: Annotation, ob: OffloadModel): PathKey[] {
  let byOffset = magicSpans.get(ann);
  if (!byOffset) {
    byOffset = new Map();
    for (const s of ann.spans) if (s.kind === 'magic' && !byOffset.has(s.offset)) byOffset.set(s.offset, s.keys);
    magicSpans.set(ann, byOffset);
  }
  const keys = byOffset.get(ob.offset);
  return keys ? [...keys.slice(0, -2)] : [];
}

/**
 * The zero padding after a compressed v3 binary (its Size is not a multiple of 8; the file is padded
 * to 8, docs/spec/syclbin-format.md §1.5) when the end of the data cuts it short: where it starts,
 * the bytes there and the bytes the writer writes. Undefined when it is complete or the data goes on.
 */
function shortPadding(ob: OffloadModel, dataEnd: number): { offset: number; have: number; want: number } | undefined {
  const end = ob.offset + ob.size;
  const want = Math.ceil(ob.size / OFFLOAD_BINARY_ALIGN) * OFFLOAD_BINARY_ALIGN - ob.size;
  if (!ob.compression || dataEnd < end || dataEnd >= end + want) return undefined;
  return { offset: end, have: dataEnd - end, want };
}

function checkOffload(ob: OffloadModel, ann: Annotation, add: (f: Finding) => void): void {
  const keys = binaryKeys(ann, ob);
  const at = (k: readonly PathKey[]): string => formatPath([...keys, ...k]);
  const v = OFFLOAD_VERSIONS[ob.version as 1 | 2 | 3];
  const entriesAt = ob.offset + (ob.header[v.fields.entriesOffset] as number);
  const sycl = ann.format === 'syclbin-v1-offload';
  const entrySize = ob.header.entrySize as bigint | undefined;
  if (ob.version === 1 && entrySize !== undefined && entrySize !== BigInt(v.entry.fixedSize!)) {
    add({ severity: 'note', offset: ob.offset + v.header.offsets.entrySize!, path: at(['header', 'entrySize']), code: 'structure', message: `EntrySize ${entrySize} is not ${v.entry.fixedSize} (readers ignore it)` });
  }
  // A compressed binary's Size is its stream's (not padded); inflatedSize is also set when the
  // input is the inflated view of one (annotate --inflated, or verify's look inside a compressed file), which names no compression.
  if (ob.inflatedSize === undefined && ob.size % OFFLOAD_BINARY_ALIGN !== 0) {
    add({ severity: 'warning', offset: ob.offset + v.header.offsets.size!, path: at(['header', 'size']), code: 'layout', message: `Size ${ob.size} is not a multiple of 8 (LLVM writers pad the binary to 8)` });
  }
  const field = v.entry.offsets;
  ob.entries.forEach((e, i) => {
    const eAt = ob.compression ? ob.offset : entriesAt + v.entry.fixedSize! * i;
    const ep: PathKey[] = ['entries', i];
    if (e.imageKind >= IMAGE_KINDS.length) {
      add({ severity: 'warning', offset: eAt + field.imageKind, size: 2, path: at([...ep, 'imageKind']), code: 'enum', message: `unknown image kind ${e.imageKind} (known: 0-${IMAGE_KINDS.length - 1})` });
    } else if (sycl && i === 0 && e.imageKind !== 7) {
      add({ severity: 'note', offset: eAt + field.imageKind, size: 2, path: at([...ep, 'imageKind']), code: 'enum', message: `image kind ${e.imageKind}, not 7 (IMG_SYCLBIN); SYCLBIN readers do not check it` });
    }
    // A kind some era's numbering defines is not flagged: a version-1 file does not say its era (LLVM
    // 22 writes sycl as 8, intel/llvm as 4, LLVM 19 writes 0); `inspect` names each meaning.
    if (!offloadKindKnown(e.offloadKind, ob.version)) {
      add({
        severity: 'warning',
        offset: eAt + field.offloadKind,
        size: 2,
        path: at([...ep, 'offloadKind']),
        code: 'enum',
        message: `unknown offload kind ${e.offloadKind} for an OffloadBinary v${ob.version} (${possibleNumberings(ob.version).map((n) => NUMBERING_DESCRIPTIONS[n]).join(', ')}: ${ob.version >= 2 ? 'it defines' : 'they define'} ${[...new Set(possibleNumberings(ob.version).flatMap((n) => Object.values(OFFLOAD_KIND_NUMBERINGS[n])))].sort((a, b) => a - b).join(', ')})`,
      });
    }
    // A key given twice: every reader keeps one value (LLVM 19/22's StringMap and main's MapVector the
    // last, main at the first's place), so the others are in the file and in no listing's fields.
    if (!ob.compression) {
      const ses = v.stringEntry.fixedSize!;
      for (const { key, indexes } of repeatedStringKeys(e)) {
        const first = indexes[0]!;
        const last = e.stringEntries[indexes[indexes.length - 1]!]!;
        add({
          severity: 'warning',
          offset: ob.offset + e.raw.stringOffset + ses * first,
          size: ses,
          path: at([...ep, 'strings', first]),
          code: 'structure',
          message: `string key '${clipText(printable(key))}' is given ${indexes.length} times (${someOf(indexes.map((i) => `strings[${i}]`))}): readers keep the last value, '${clipText(printable(last.value))}'; offload-list --json lists every value under repeatedKeys`,
        });
      }
    }
    if (e.flags & ~OFFLOAD_ENTRY_FLAGS.OIF_Metadata) {
      add({ severity: 'note', offset: eAt + field.flags, size: v.entry.fields.flags!.fixedSize!, path: at([...ep, 'flags']), code: 'enum', message: `unknown entry flags ${hex(e.flags)} (only bit 0, OIF_Metadata, is defined)` });
    }
  });
  if (ob.compression) {
    const short = shortPadding(ob, ann.size);
    if (short) {
      add({
        severity: 'note',
        offset: short.offset,
        ...(short.have ? { size: short.have } : {}),
        path: at(['padding']),
        code: 'padding',
        message: `the file ends after ${short.have} of the ${short.want} zero byte(s) that pad the compressed binary (Size ${ob.size}) to a multiple of 8: LLVM's writer writes them all, readers need none`,
      });
    }
    return;
  }
  const imgs = ob.entries.map((e, i) => ({ i, offset: e.raw.imageOffset, size: e.raw.imageSize }));
  for (const [x, y] of overlapping(imgs)) {
    const f = overlapFinding(x, y, ob.offset + y.offset, at(['entries', y.i, 'image']), `image is the same bytes as entries[${x.i}].image`, `image [${y.offset}, +${y.size}) overlaps entries[${x.i}].image [${x.offset}, +${x.size})`);
    delete f.size;
    add(f);
  }
}

// ---------------------------------------------------------------------------------------------
// Targets: metadata vs envelope strings / v2 StringData, IR type vs target triple

/** Where the value of string `key` of entry i is (the last entry with that key). */
function stringValueAt(ob: OffloadModel, i: number, key: string, prefix: readonly PathKey[]): { offset: number; path: string } | undefined {
  const list = ob.entries[i]?.stringEntries ?? [];
  for (let j = list.length - 1; j >= 0; j--) {
    if (list[j]!.key === key) return { offset: ob.offset + list[j]!.valueOffset, path: formatPath([...prefix, 'entries', i, 'strings', j, 'value']) };
  }
  return undefined;
}

function checkTargets(model: SyclbinFile, ann: Annotation, add: (f: Finding) => void): void {
  const image = ann.v1Images[0]?.keys ?? [];
  const blobs = new Map(ann.metadata.map((b) => [b.path, b]));
  // Where the property line is in this view's bytes; undefined when the metadata is not among them
  // (inside a compressed payload: the look inside it, withInflatedFindings, reports it there).
  const propAt = (blobKeys: readonly PathKey[], set: string, key: string): { offset: number; path: string } | undefined => {
    const blobPath = formatPath(blobKeys);
    const blob = blobs.get(blobPath);
    const line = blob ? lineOf(blob, set, key) : undefined;
    return line ? { offset: line.offset, path: quoted(quoted(blobPath, set), key) } : undefined;
  };
  model.abstractModules.forEach((am, a) =>
    am.irModules.forEach((ir, j) => {
      const mismatch = irTypeTargetProblem(ir);
      if (mismatch) {
        const p = propAt([...image, 'abstractModules', a, 'irModules', j, 'metadata'], SET.SYCLBIN_IR_MODULE_METADATA, SYCLBIN_KEYS.target);
        if (p) add({ severity: 'warning', ...p, code: 'target', message: mismatch });
      }
    }),
  );
  const env = model.envelope;
  const ob = ann.offload?.[0];
  if (!ob || ob.compression) return;
  if (env.kind === 'offload') {
    // v1 in an OffloadBinary: the entry's `triple`/`arch` strings should name one of the images.
    // Compared byte for byte: the envelope's strings and the metadata's values as escaped text
    // (src/offload/read.ts escapedStrings), shown with bytes that are not UTF-8 as \xNN.
    const irTargets = model.abstractModules.flatMap((m) => m.irModules.map((ir) => escaped(irTargetBytes(ir))));
    const natTargets = model.abstractModules.flatMap((m) => m.nativeImages.map((n) => escaped(nativeTargetBytes(n))));
    const arches = model.abstractModules.flatMap((m) => m.nativeImages.map((n) => escaped(nativeArchBytes(n))));
    const triple = env.strings.get('triple');
    if (triple && ![...irTargets, ...natTargets].includes(triple)) {
      const p = stringValueAt(ob, 0, 'triple', []) ?? { offset: 0, path: 'entries[0].strings' };
      const known = someOf([...irTargets, ...natTargets].filter((t): t is string => !!t));
      add({ severity: 'warning', ...p, code: 'target', message: `envelope triple '${clipText(printable(triple))}' matches no IR or native target in the SYCLBIN metadata (${printable(known)})` });
    }
    const arch = env.strings.get('arch');
    if (arch && !arches.includes(arch)) {
      const p = stringValueAt(ob, 0, 'arch', []) ?? { offset: 0, path: 'entries[0].strings' };
      add({ severity: 'warning', ...p, code: 'target', message: `envelope arch '${clipText(printable(arch))}' matches no native image arch in the SYCLBIN metadata (${printable(someOf(arches.filter((a): a is string => !!a)))})` });
    }
  }
  if (env.kind === 'roles') {
    const counters = new Map<string, number>();
    ob.entries.forEach((e, i) => {
      const strings = escapedStrings(e);
      const role = strings.get('role');
      if (role !== 'ir' && role !== 'native') return;
      const amIndex = Number(strings.get('am_index'));
      const key = `${amIndex}/${role}`;
      const j = counters.get(key) ?? 0;
      counters.set(key, j + 1);
      const img = role === 'ir' ? model.abstractModules[amIndex]?.irModules[j] : model.abstractModules[amIndex]?.nativeImages[j];
      if (!img) return;
      const type = irTypeValue(img);
      const expect: [string, string | undefined][] =
        role === 'ir'
          ? [
              ['ir_type', type === undefined ? undefined : String(type)],
              ['triple', escaped(irTargetBytes(img))],
            ]
          : [
              ['arch', escaped(nativeArchBytes(img))],
              ['triple', escaped(nativeTargetBytes(img))],
            ];
      for (const [k, fromMetadata] of expect) {
        const s = strings.get(k);
        if (s === undefined || fromMetadata === undefined || s === fromMetadata) continue;
        const p = stringValueAt(ob, i, k, []) ?? { offset: 0, path: `entries[${i}].strings` };
        add({ severity: 'warning', ...p, code: 'target', message: `StringData ${k}='${printableClipped(s)}' does not match the metadata (${printableClipped(fromMetadata)}); readers use the metadata` });
      }
    });
  }
}

/** A metadata value's bytes as escaped text (src/codec/bytes.ts decodeEscapedUtf8), undefined when missing. */
function escaped(b: Uint8Array | undefined): string | undefined {
  return b && decodeEscapedUtf8(b);
}

// ---------------------------------------------------------------------------------------------
// Layout: would our writer (LLVM's layout) produce the same bytes?

function checkLayout(src: ByteSource, model: SyclbinFile, ann: Annotation, add: (f: Finding) => void): void {
  // The inflated view of a compressed binary (annotate/verify with `inflated`) is no file a writer
  // writes: the writer's bytes are the compressed ones.
  const first = ann.offload?.[0];
  if (first && first.inflatedSize !== undefined && first.compression === undefined) return;
  const env = model.envelope;
  // zstd is compared only where libzstd has been provided (in Node always; a browser page may not have compiled it).
  if ('compression' in env && env.compression === 'zstd' && !zstdAvailable()) return;
  // A writer writes a blob once per use: where headers share blobs so much that a rewrite would be
  // far larger than the file, it is no writer's layout (the sharing notes say why) and writing it
  // would cost more than the file (3,000 headers naming one 72 KB blob: 216 MB, 35 s).
  // Each image against its own size, one inside a compressed payload too (its rewrite is compressed again).
  if ((ann.v1Geometry ?? []).some((g) => blobUses(g) > 2 * g.size + (1 << 20))) return;
  const attempt = (layout: 'canonical' | 'grouped'): readonly Chunk[] | undefined => {
    try {
      return syclbinChunks(model, model.version === 1 ? { layout } : {});
    } catch {
      return undefined; // a model the writer cannot write (e.g. a name it would not read back)
    }
  };
  const canonical = attempt('canonical');
  if (!canonical) return;
  const diff = firstDifference(src, canonical);
  if (diff < 0) return;
  // A file that is the rewrite cut short inside the padding after a compressed binary: noted as such (checkOffload).
  if (diff === src.size && ann.offload?.some((ob) => shortPadding(ob, src.size))) return;
  const grouped = model.version === 1 ? attempt('grouped') : undefined;
  if (grouped && firstDifference(src, grouped) < 0) {
    add({ severity: 'note', offset: 0, path: ann.v1Images[0]?.path ?? '', code: 'layout', message: 'grouped v1 layout (all module metadata, all IR metadata, all native metadata): readers accept it; the canonical writer layout is per module' });
    return;
  }
  const at = leavesOf(ann).find((s) => s.offset <= diff && diff < s.offset + s.size);
  // Already reported as non-zero padding / unreferenced bytes: no second finding.
  if (at && (at.kind === 'padding-nonzero' || at.kind === 'unreferenced')) return;
  add({
    severity: 'note',
    offset: diff,
    path: at?.path ?? '',
    code: 'layout',
    message: `not the canonical writer layout: the first byte that differs from a rewrite is at 0x${diff.toString(16)}${at ? ` (${at.path})` : ''}`,
  });
}

/** Bytes of the blobs a v1 image's headers name, each counted per use: what a rewrite writes of them. */
function blobUses(g: Pick<V1Image, 'blobs'>): number {
  let n = 0;
  for (const b of g.blobs) if (b.inside) n += b.size;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Text

/** The report as text: a line per problem, then the counts ({@link reportLines} joined). */
export function formatReport(r: VerifyReport, name = ''): string {
  let out = '';
  for (const line of reportLines(r, name)) out += line;
  return out;
}

/**
 * {@link formatReport}'s text a line at a time (each with its line feed), for a writer that prints as
 * it goes: a report of 100,000 findings is never one string.
 */
export function* reportLines(r: VerifyReport, name = ''): Generator<string> {
  yield `${terminalSafe(`${name ? `${name}: ` : ''}${r.format}, ${r.size} bytes`)}\n`;
  // Messages quote the file's strings: their control characters are shown, not sent to the terminal.
  for (const p of r.problems) {
    yield `${terminalSafe(`${p.severity.padEnd(7)} 0x${p.offset.toString(16).padStart(8, '0')}  ${p.path || '(file)'}: ${p.message}`)}\n`;
  }
  const c = r.counts;
  yield `${c.error} error(s), ${c.warning} warning(s), ${c.note} note(s)\n`;
}
