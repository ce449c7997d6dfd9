/**
 * Byte annotation: which bytes of a file mean what (issue 6 §1).
 *
 * `annotate(bytes)` reads a file with the project's readers while they record spans (codec layer
 * `spans` collector), then turns those spans into a list that TILES the file: every byte belongs to
 * exactly one leaf span — a header/table field, a property-set line inside a metadata blob, an image,
 * an OffloadBinary string, padding (zero or not) or `unreferenced` bytes — and parent spans are
 * listed with kind `group`. It works for every format the readers know: bare SYCLBIN v1, v1 inside an
 * OffloadBinary envelope (v1/v2/v3, compressed payloads as one leaf), SYCLBIN v2 role entries, plain
 * OffloadBinary files (several concatenated ones too) and property-set registry text (`.prop`).
 *
 * A file the readers reject is annotated as far as they got; the reader's error is returned as
 * `error` (with byte offset and path), and the rest of the bytes are `unreferenced`.
 *
 * Shared bytes: OffloadBinary string tables share tails (ELF StringTableBuilder, spec syclbin-format.md
 * §3) and v1 metadata tables may share blobs (spec README rule 5); such bytes have one owner (the
 * first reference in file order) and the owner lists the other paths in `shared`.
 *
 * Library core: Uint8Array only (runs in the browser inspector).
 */
import { DecodeError, readNode, type Span } from '../codec/index.js';
import { SyclbinV2ImagePrefix } from '../../formats/syclbin-v2.js';
import { SYCLBIN_FILE_HEADER_SIZE, SYCLBIN_MAGIC, SYCLBIN_TABLE_HEADER_SIZE } from '../../formats/syclbin-v1.js';
import { isOffloadBinary, readOffloadBinaries, readOffloadBinary, type OffloadBinaryModel } from '../offload/read.js';
import { readSyclbin } from '../syclbin/read.js';
import type { SyclbinFile } from '../syclbin/model.js';
import { decodeRegistryWithSpans, type RegistryLineSpan } from '../props/registry.js';
import type { PropertySetRegistry, PropertyValue } from '../props/model.js';
import { IMAGE_KIND } from '../offload/kinds.js';
import { appendSegment, isWithin } from './paths.js';

export type FileFormat = 'syclbin-v1' | 'syclbin-v1-offload' | 'syclbin-v2' | 'offload-binary' | 'property-sets' | 'unknown';

export type SpanKind =
  | 'group'
  | 'field'
  | 'magic'
  | 'padding'
  | 'padding-nonzero'
  | 'string'
  | 'image'
  | 'property-set'
  | 'property'
  | 'blank-line'
  | 'metadata'
  | 'compressed'
  | 'unreferenced';

export interface AnnotatedSpan {
  offset: number;
  size: number;
  path: string;
  kind: SpanKind;
  /** Decoded value of a leaf (numbers; u64 fields that do not fit a double as bigint; strings). */
  value?: unknown;
  /** Other paths that reference (some of) these bytes, which this span owns. */
  shared?: string[];
}

export interface Finding {
  severity: 'error' | 'warning' | 'note';
  /** Absolute byte offset. */
  offset: number;
  size?: number;
  path: string;
  /** Stable category: structure, padding, unreferenced, overlap, layout, property, target, enum, ... */
  code: string;
  message: string;
}

/** A metadata blob (property-set registry text) found in the file. */
export interface MetadataBlob {
  path: string;
  offset: number;
  size: number;
  registry?: PropertySetRegistry;
  lines?: RegistryLineSpan[];
  error?: DecodeError;
}

export interface Annotation {
  format: FileFormat;
  size: number;
  /** Groups and leaves, sorted by offset; at one offset, larger spans (parents) first. */
  spans: AnnotatedSpan[];
  /** The reader's error when the file could not be read completely. */
  error?: Finding;
  /** Every metadata blob, with its registry when it parsed. */
  metadata: MetadataBlob[];
  /** SYCLBIN model (when the file read as SYCLBIN). */
  model?: SyclbinFile;
  /** OffloadBinary models (envelope of v1-in-offload, the v2 file, or a plain OffloadBinary file). */
  offload?: OffloadBinaryModel[];
  /** `.prop` files: the registry. */
  registry?: PropertySetRegistry;
  /** v1 images: where the header block, metadata table and binary table are. */
  v1Images: V1Geometry[];
  /** OffloadBinary string tables (from the first to the last string byte). */
  stringTables: { path: string; offset: number; size: number }[];
}

export interface V1Geometry {
  /** Path prefix of the image ('' for a bare file, `entries[0].image` in an envelope). */
  path: string;
  offset: number;
  size: number;
  headerBlock: number;
  metadataTable: number;
  metadataTableSize: number;
  binaryTable: number;
  binaryTableSize: number;
}

export interface AnnotateOptions {
  maxInflatedSize?: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Leaves of an annotation (spans that own bytes), sorted by offset. */
export function leavesOf(a: Pick<Annotation, 'spans'>): AnnotatedSpan[] {
  return a.spans.filter((s) => s.kind !== 'group');
}

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return bytes.length - at >= magic.length && magic.every((m, i) => bytes[at + i] === m);
}

function findingOf(e: DecodeError): Finding {
  return { severity: 'error', offset: e.offset, path: e.path, code: 'structure', message: e.message };
}

/** Detect the format and annotate every byte. Never throws for bad input. */
export function annotate(bytes: Uint8Array, opts: AnnotateOptions = {}): Annotation {
  const raw: Span[] = [];
  const ann: Annotation = { format: 'unknown', size: bytes.length, spans: [], metadata: [], v1Images: [], stringTables: [] };
  const fail = (e: unknown): void => {
    if (e instanceof DecodeError) ann.error = findingOf(e);
    else throw e;
  };
  if (startsWith(bytes, SYCLBIN_MAGIC)) {
    ann.format = 'syclbin-v1';
    try {
      ann.model = readSyclbin(bytes, { spans: raw, maxInflatedSize: opts.maxInflatedSize });
    } catch (e) {
      fail(e);
    }
  } else if (isOffloadBinary(bytes)) {
    annotateOffload(bytes, raw, ann, opts, fail);
  } else if (looksLikeRegistry(bytes)) {
    ann.format = 'property-sets';
    const blob: MetadataBlob = { path: '', offset: 0, size: bytes.length };
    try {
      const r = decodeRegistryWithSpans(bytes);
      blob.registry = ann.registry = r.registry;
      blob.lines = r.spans;
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      blob.error = e;
      fail(e);
    }
    ann.metadata.push(blob);
  } else if (bytes.length >= SYCLBIN_FILE_HEADER_SIZE) {
    // Neither magic: the SYCLBIN reader's own error (LLVM wording, at header.magic).
    try {
      readSyclbin(bytes);
    } catch (e) {
      fail(e);
    }
  }
  if (ann.format === 'unknown' && !ann.error) {
    ann.error = {
      severity: 'error',
      offset: 0,
      path: '',
      code: 'structure',
      message:
        bytes.length === 0
          ? 'empty file'
          : `not a SYCLBIN (49 42 59 53), OffloadBinary (10 ff 10 ad) or property-set registry file (starts with ${hexBytes(bytes.subarray(0, 4))})`,
    };
  }
  ann.spans = tile(bytes, raw, ann);
  return ann;
}

function hexBytes(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');
}

/** Registry text: optional blank lines, then a `[` line (or nothing but line breaks). */
function looksLikeRegistry(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (i === bytes.length) return bytes.length > 0;
  if (bytes[i] !== 0x5b) return false;
  // Text, not binary: no NUL in the first KiB.
  return !bytes.subarray(0, 1024).includes(0);
}

function annotateOffload(bytes: Uint8Array, raw: Span[], ann: Annotation, opts: AnnotateOptions, fail: (e: unknown) => void): void {
  // First: what kind of OffloadBinary is it? (read without spans; errors decided below)
  let first: OffloadBinaryModel | undefined;
  try {
    first = readOffloadBinary(bytes, 0, { maxInflatedSize: opts.maxInflatedSize });
  } catch {
    first = undefined;
  }
  const e0 = first?.entries[0];
  let sybi = false;
  if (e0) {
    try {
      sybi = startsWith(e0.image, SYCLBIN_MAGIC);
    } catch {
      sybi = false;
    }
  }
  const syclbinLike = first !== undefined && e0 !== undefined && (sybi || first.entries.some((e) => e.imageKind === IMAGE_KIND.syclbin || e.strings.has('role')));
  if (syclbinLike) {
    ann.format = sybi ? 'syclbin-v1-offload' : 'syclbin-v2';
    ann.offload = [first!];
    try {
      ann.model = readSyclbin(bytes, { spans: raw, maxInflatedSize: opts.maxInflatedSize });
    } catch (e) {
      fail(e);
    }
    if (ann.format === 'syclbin-v2' && !first!.compression) addV2Images(bytes, first!, raw);
    return;
  }
  ann.format = 'offload-binary';
  // One binary covering the file (up to alignment padding): paths without a `binaries[i]` prefix.
  const single = first === undefined || bytes.length - first.size < 8;
  try {
    ann.offload = single
      ? [readOffloadBinary(bytes, 0, { spans: raw, maxInflatedSize: opts.maxInflatedSize })]
      : readOffloadBinaries(bytes, { spans: raw, maxInflatedSize: opts.maxInflatedSize });
  } catch (e) {
    fail(e);
  }
}

/**
 * SYCLBIN v2: the reader records each entry image as one span; split ir/native images into the
 * metadata-size prefix (formats/syclbin-v2.ts), the metadata registry and the raw bytes, and give
 * global/am metadata images their registry. Paths follow the model (`abstractModules[a].irModules[j]`).
 */
function addV2Images(bytes: Uint8Array, ob: OffloadBinaryModel, raw: Span[]): void {
  const counters = new Map<string, number>();
  ob.entries.forEach((e, i) => {
    const at = e.imageRef.offset;
    if (at === undefined) return;
    const role = e.strings.get('role') ?? '';
    const am = e.strings.get('am_index') ?? '';
    const imagePath = `entries[${i}].image`;
    const idx = raw.findIndex((s) => s.path === imagePath && s.kind === 'image');
    if (idx < 0) return;
    const size = e.imageRef.size;
    if (role === 'global_metadata' || role === 'am_metadata') {
      const model = role === 'global_metadata' ? 'globalMetadata' : `abstractModules[${am}].metadata`;
      raw[idx] = { offset: at, size, path: imagePath, kind: 'group' };
      raw.push({ offset: at, size, path: model, kind: 'metadata' });
      return;
    }
    if ((role !== 'ir' && role !== 'native') || !/^[0-9]+$/.test(am) || size < 8) return;
    const listKey = `${am}/${role}`;
    const j = counters.get(listKey) ?? 0;
    counters.set(listKey, j + 1);
    const model = `abstractModules[${am}].${role === 'ir' ? 'irModules' : 'nativeImages'}[${j}]`;
    raw[idx] = { offset: at, size, path: imagePath, kind: 'group' };
    raw.push({ offset: at, size, path: model, kind: 'group' });
    let mdSize: number;
    const prefix: Span[] = [];
    try {
      mdSize = readNode(SyclbinV2ImagePrefix, bytes, at, { base: 0, path: [model], end: at + size }, prefix).metadataSize;
    } catch {
      return;
    }
    for (const p of prefix) if (p.kind !== 'group') raw.push(p); // the struct's own group would repeat `model`
    if (mdSize > size - 8) return;
    raw.push({ offset: at + 8, size: mdSize, path: `${model}.metadata`, kind: 'metadata' });
    raw.push({ offset: at + 8 + mdSize, size: size - 8 - mdSize, path: `${model}.bytes`, kind: 'image' });
  });
}

/** Short display value of a property (number, text, or hex of the payload). */
export function propertyDisplay(v: PropertyValue): string | number {
  if (v.type === 1) return v.value;
  try {
    const t = utf8.decode(v.bytes);
    // eslint-disable-next-line no-control-regex
    if (!/[\u0000-\u0008\u000e-\u001f\u007f]/.test(t)) return t;
  } catch {
    /* not UTF-8: hex below */
  }
  const shown = v.bytes.subarray(0, 32);
  return `0x${hexBytes(shown).replace(/ /g, '')}${v.bytes.length > 32 ? `… (${v.bytes.length} bytes)` : ''}`;
}

/** Expand metadata blob spans into property-set lines. */
function expandMetadata(bytes: Uint8Array, span: Span, ann: Annotation, out: Span[]): void {
  const blob: MetadataBlob = { path: span.path, offset: span.offset, size: span.size };
  ann.metadata.push(blob);
  if (span.offset + span.size > bytes.length) {
    out.push(span);
    return;
  }
  try {
    const r = decodeRegistryWithSpans(bytes.subarray(span.offset, span.offset + span.size), { base: span.offset });
    blob.registry = r.registry;
    blob.lines = r.spans;
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    blob.error = e;
    out.push(span); // one opaque leaf: the text did not parse
    return;
  }
  out.push({ offset: span.offset, size: span.size, path: span.path, kind: 'group' });
  pushLines(blob, out);
}

/** Property-set and key names are always bracketed: `metadata["SYCL/device globals"]["name"]`. */
export function quoted(path: string, name: string): string {
  return `${path}[${JSON.stringify(name)}]`;
}

function pushLines(blob: MetadataBlob, out: Span[]): void {
  for (const l of blob.lines ?? []) {
    if (l.kind === 'blank') out.push({ offset: l.offset, size: l.size, path: appendSegment(blob.path, 'blankLine'), kind: 'blank-line' });
    else if (l.kind === 'set') out.push({ offset: l.offset, size: l.size, path: quoted(blob.path, l.set!), kind: 'property-set', value: l.set });
    else {
      const v = blob.registry?.get(l.set!)?.get(l.key!);
      const span: Span = { offset: l.offset, size: l.size, path: quoted(quoted(blob.path, l.set!), l.key!), kind: 'property' };
      if (v) span.value = propertyDisplay(v);
      out.push(span);
    }
  }
}

function valueAt(raw: readonly Span[], path: string): number | undefined {
  const s = raw.find((x) => x.path === path && x.kind === 'field');
  return typeof s?.value === 'number' ? s.value : undefined;
}

/** Geometry of every v1 image whose header was read (for table groups and padding regions). */
function v1Geometry(raw: readonly Span[], size: number): V1Geometry[] {
  const out: V1Geometry[] = [];
  for (const s of raw) {
    if (s.kind !== 'magic' || s.value !== '49 42 59 53') continue;
    const root = s.path.replace(/\.?header\.magic$/, '');
    const hp = (f: string): string => (root ? `${root}.header.${f}` : `header.${f}`);
    const n = valueAt(raw, hp('abstractModuleCount'));
    const m = valueAt(raw, hp('irModuleCount'));
    const l = valueAt(raw, hp('nativeImageCount'));
    const md = valueAt(raw, hp('metadataTableSize'));
    const bin = valueAt(raw, hp('binaryTableSize'));
    if (n === undefined || m === undefined || l === undefined || md === undefined || bin === undefined) continue;
    const headerBlock = SYCLBIN_FILE_HEADER_SIZE + SYCLBIN_TABLE_HEADER_SIZE * (n + m + l);
    const image = raw.find((x) => x.path === root && x.kind === 'image');
    const offset = s.offset;
    const imageSize = image ? image.size : size - offset;
    out.push({
      path: root,
      offset,
      size: imageSize,
      headerBlock,
      metadataTable: offset + headerBlock,
      metadataTableSize: md,
      binaryTable: offset + headerBlock + Math.ceil(md / 8) * 8,
      binaryTableSize: bin,
    });
  }
  return out;
}

interface Region {
  start: number;
  end: number;
}

/**
 * Turn reader spans into a tiling: expand metadata, promote containers to groups, give every byte
 * one owner, fill the gaps with padding/unreferenced leaves, and add table groups.
 */
function tile(bytes: Uint8Array, raw: Span[], ann: Annotation): AnnotatedSpan[] {
  const size = bytes.length;
  const spans: Span[] = [];
  // v1 geometry (header block, tables) before anything is renamed.
  ann.v1Images = v1Geometry(raw, size);
  const v1Roots = new Set(ann.v1Images.map((g) => g.path));
  for (const s of raw) {
    if (s.kind === 'metadata') expandMetadata(bytes, s, ann, spans);
    else if (s.kind === 'group' && v1Roots.has(s.path) && ann.v1Images.some((g) => g.path === s.path && g.offset + SYCLBIN_FILE_HEADER_SIZE === s.offset)) {
      // The header-tables struct is read with the image's own path: name it.
      spans.push({ ...s, path: s.path ? `${s.path}.headerTables` : 'headerTables' });
    } else if (s.kind === 'group' && s.path === '') continue;
    else if (s.kind === 'image' && v1Roots.has(s.path)) spans.push({ ...s, kind: 'group' }); // the SYBI image of an envelope
    else if (s.path.endsWith('compressedPayload')) spans.push({ ...s, kind: 'compressed' });
    else spans.push(s);
  }
  // Property files: lines at the root.
  if (ann.format === 'property-sets') {
    const blob = ann.metadata[0]!;
    if (blob.lines) pushLines(blob, spans);
  }
  // Table groups and the padding regions the v1 layout defines (spec README rule 5).
  const paddingRegions: Region[] = [];
  for (const g of ann.v1Images) {
    const pre = g.path ? `${g.path}.` : '';
    const mdEnd = g.metadataTable + g.metadataTableSize;
    const binEnd = g.binaryTable + g.binaryTableSize;
    const imageEnd = Math.min(g.offset + g.size, size);
    if (g.metadataTableSize) spans.push({ offset: g.metadataTable, size: Math.min(g.metadataTableSize, Math.max(0, size - g.metadataTable)), path: `${pre}metadataTable`, kind: 'group' });
    if (g.binaryTableSize) spans.push({ offset: g.binaryTable, size: Math.min(g.binaryTableSize, Math.max(0, size - g.binaryTable)), path: `${pre}binaryTable`, kind: 'group' });
    paddingRegions.push({ start: mdEnd, end: Math.min(g.binaryTable, imageEnd) });
    paddingRegions.push({ start: binEnd, end: Math.min(Math.ceil((binEnd - g.offset) / 8) * 8 + g.offset, imageEnd) });
  }
  // OffloadBinary string tables: a group per binary and its leading NUL (ELF StringTableBuilder
  // reserves offset 0 for the empty string, spec syclbin-format.md §3).
  for (const ob of ann.offload ?? []) {
    if (ob.compression) continue;
    const prefix = prefixOfBinary(raw, ob);
    const inBinary = (s: Span): boolean => s.offset >= ob.offset && s.offset < ob.offset + ob.size && isWithin(s.path, prefix);
    const strs = spans.filter((s) => s.kind === 'string' && inBinary(s));
    // The string table starts after the header, entries and string-entry tables (spec README rule 3).
    const tablesEnd = Math.max(
      ...spans.filter((s) => inBinary(s) && s.kind !== 'string' && s.kind !== 'image' && s.kind !== 'metadata' && /^\.?(header|entries)\b/.test(s.path.slice(prefix.length)) && !/\.image\b/.test(s.path.slice(prefix.length))).map((s) => s.offset + s.size),
    );
    const covered = (o: number) => spans.some((s) => s.kind !== 'group' && s.kind !== 'image' && s.offset <= o && o < s.offset + s.size) || imageCovers(ob, o);
    let lo = strs.length ? Math.min(...strs.map((s) => s.offset)) : tablesEnd;
    const hi = strs.length ? Math.max(...strs.map((s) => s.offset + s.size)) : tablesEnd + 1;
    if (tablesEnd < lo) lo = tablesEnd;
    if (lo >= ob.offset + ob.size || lo >= bytes.length || covered(lo) || bytes[lo] !== 0) {
      if (!strs.length) continue;
    } else spans.push({ offset: lo, size: 1, path: `${prefix ? `${prefix}.` : ''}stringTable.emptyString`, kind: 'string', value: '' });
    spans.push({ offset: lo, size: hi - lo, path: `${prefix ? `${prefix}.` : ''}stringTable`, kind: 'group' });
    ann.stringTables.push({ path: `${prefix ? `${prefix}.` : ''}stringTable`, offset: lo, size: hi - lo });
  }
  // Promote leaves that have descendants to groups.
  const parents = new Set<string>();
  for (const s of spans) {
    let p = s.path;
    for (;;) {
      const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
      if (cut <= 0) break;
      p = p.slice(0, cut);
      parents.add(p);
    }
  }
  const groups: AnnotatedSpan[] = [];
  const leaves: AnnotatedSpan[] = [];
  for (const s of spans) {
    const kind = s.kind as SpanKind;
    if (s.offset > size) continue; // past the end of a truncated file
    if (kind === 'group' || (parents.has(s.path) && kind === 'image')) {
      groups.push(clip({ offset: s.offset, size: s.size, path: s.path, kind: 'group' }, size));
      continue;
    }
    if (s.size <= 0) {
      groups.push({ offset: s.offset, size: 0, path: s.path, kind: 'group' });
      continue;
    }
    const a: AnnotatedSpan = { offset: s.offset, size: s.size, path: s.path, kind };
    if (s.value !== undefined) a.value = typeof s.value === 'bigint' && s.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(s.value) : s.value;
    leaves.push(clip(a, size));
  }
  // One owner per byte: sweep in offset order; bytes already owned are "shared" with the owner.
  leaves.sort((x, y) => x.offset - y.offset || y.size - x.size);
  const owned: AnnotatedSpan[] = [];
  let end = 0;
  for (const s of leaves) {
    if (s.size === 0) continue;
    const sEnd = s.offset + s.size;
    if (s.offset >= end) {
      owned.push(s);
      end = sEnd;
      continue;
    }
    // Overlap with earlier owners: record sharing on each of them.
    for (let k = owned.length - 1; k >= 0 && owned[k]!.offset + owned[k]!.size > s.offset; k--) {
      const o = owned[k]!;
      if (o.offset < sEnd && o.path !== s.path) (o.shared ??= []).includes(s.path) || o.shared!.push(s.path);
    }
    if (sEnd > end) {
      const rest: AnnotatedSpan = { ...s, offset: end, size: sEnd - end };
      owned.push(rest);
      end = sEnd;
    }
  }
  // Fill gaps.
  const filled: AnnotatedSpan[] = [];
  let pos = 0;
  const containerStart = (o: number): number => {
    let best = 0;
    for (const ob of ann.offload ?? []) if (ob.offset <= o && o < ob.offset + ob.size + 8 && ob.offset >= best) best = ob.offset;
    for (const g of ann.v1Images) if (g.offset <= o && o < g.offset + g.size && g.offset >= best) best = g.offset;
    return best;
  };
  const gap = (a: number, b: number): void => {
    // Split at padding-region boundaries so a declared region is classified on its own.
    const cuts = new Set<number>([a, b]);
    for (const r of paddingRegions) {
      if (r.start > a && r.start < b) cuts.add(r.start);
      if (r.end > a && r.end < b) cuts.add(r.end);
    }
    const pts = [...cuts].sort((x, y) => x - y);
    for (let i = 0; i + 1 < pts.length; i++) {
      const g = gapSpan(bytes, pts[i]!, pts[i + 1]!, paddingRegions, containerStart, ann);
      const owner = innermostGroup(groups, g.offset, g.size);
      if (owner) g.path = `${owner}.${g.path}`;
      filled.push(g);
    }
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

/** Path of the smallest group that contains [offset, offset+size). */
function innermostGroup(groups: readonly AnnotatedSpan[], offset: number, size: number): string | undefined {
  let best: AnnotatedSpan | undefined;
  for (const g of groups) {
    if (g.offset <= offset && offset + size <= g.offset + g.size && g.size > 0 && (!best || g.size < best.size)) best = g;
  }
  return best?.path || undefined;
}

function clip(s: AnnotatedSpan, size: number): AnnotatedSpan {
  if (s.offset >= size) return { ...s, size: 0 };
  if (s.offset + s.size > size) return { ...s, size: size - s.offset };
  return s;
}

function imageCovers(ob: OffloadBinaryModel, o: number): boolean {
  return ob.entries.some((e) => e.imageRef.offset !== undefined && e.imageRef.offset <= o && o < e.imageRef.offset + e.imageRef.size);
}

function prefixOfBinary(raw: readonly Span[], ob: OffloadBinaryModel): string {
  const magic = raw.find((s) => s.kind === 'magic' && s.offset === ob.offset && s.value === '10 ff 10 ad');
  return magic ? magic.path.replace(/\.?header\.magic$/, '') : '';
}

function gapSpan(bytes: Uint8Array, a: number, b: number, regions: readonly Region[], containerStart: (o: number) => number, ann: Annotation): AnnotatedSpan {
  const zero = isZero(bytes, a, b);
  const inRegion = regions.some((r) => r.start <= a && b <= r.end);
  // Alignment padding: shorter than 8 and ending at a multiple of 8 from its container's start
  // (OffloadBinary images and end, v1 tables; spec README rules 3 and 5).
  const aligned = b - a < 8 && (b - containerStart(a)) % 8 === 0 && ann.format !== 'property-sets' && ann.format !== 'unknown';
  // NUL terminators of v2+ string values (their spans are offset+size without the NUL).
  if (zero && isStringTableGap(a, b, ann)) return { offset: a, size: b - a, path: 'nul', kind: 'padding' };
  if (inRegion || aligned) return { offset: a, size: b - a, path: 'padding', kind: zero ? 'padding' : 'padding-nonzero' };
  return { offset: a, size: b - a, path: 'unreferenced', kind: 'unreferenced', value: zero ? 'zero' : 'nonzero' };
}

function isStringTableGap(a: number, b: number, ann: Annotation): boolean {
  return ann.stringTables.some((t) => t.offset <= a && b <= t.offset + t.size);
}

function isZero(bytes: Uint8Array, a: number, b: number): boolean {
  for (let i = a; i < b; i++) if (bytes[i] !== 0) return false;
  return true;
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

/** JSON-safe form (bigint values as decimal strings). */
export function annotationToJson(a: Annotation): { format: FileFormat; size: number; error?: Finding; spans: AnnotatedSpan[] } {
  const spans = a.spans.map((s) => (typeof s.value === 'bigint' ? { ...s, value: s.value.toString() } : s));
  const out: { format: FileFormat; size: number; error?: Finding; spans: AnnotatedSpan[] } = { format: a.format, size: a.size, spans };
  if (a.error) out.error = a.error;
  return out;
}
