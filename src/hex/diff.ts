/**
 * Structural diff (`syclbin diff A B`, issue 6 §2): compares what two files MEAN — the SYCLBIN model
 * (envelope, metadata property values, modules, images), the OffloadBinary entries of plain
 * OffloadBinary files, or the registry of `.prop` files — not their bytes. With `bytes`, it also lists
 * the annotated spans (by path) whose bytes, offset or size differ.
 */
import { blobsEqual, bytesEqual, forEachWindow, toSource, type BlobRef, type ByteSource, type CompareBuffers, optionsArgument, type BytesLike } from '../codec/index.js';
import { annotate, leavesOf, propertyDisplay, quoted, type Annotation } from './annotate.js';
import { encodePropertyValue } from '../props/registry.js';
import type { PropertySetRegistry, PropertyValue } from '../props/model.js';
import type { SyclbinFile } from '../syclbin/model.js';
import type { OffloadBinaryModel } from '../offload/read.js';

/** One structural difference: a path of the flattened model added, removed or changed. */
export interface DiffEntry {
  /** Whether the path is only in B (`added`), only in A (`removed`) or in both with different values. */
  op: 'added' | 'removed' | 'changed';
  /** The flattened path (`abstractModules[0].metadata["SYCL/kernel names"]`, `binaries[0].entries[1].image`). */
  path: string;
  /** The value in A (display text; blobs as size and FNV-1a hash). */
  a?: string;
  /** The value in B. */
  b?: string;
}

/** One annotated span whose bytes, offset or size differ between the files. */
export interface ByteDiffEntry {
  /** The span's path (a repeated path gets `#2`, `#3`, ...). */
  path: string;
  /** Where the span is in A (absent when only in B). */
  a?: { offset: number; size: number };
  /** Where the span is in B (absent when only in A). */
  b?: { offset: number; size: number };
  /** What differs: 'bytes', 'offset', 'size', 'only-a', 'only-b'. */
  what: string[];
}

/** What `diffFiles` found. */
export interface DiffResult {
  /** What each file was read as (FileFormat of A and B). */
  formats: [string, string];
  /** Structural differences, in A's path order, then the paths only in B. */
  entries: DiffEntry[];
  /** With `bytes`: the spans that differ. */
  bytes?: ByteDiffEntry[];
  /** Read errors of either side (the diff covers what could be read). */
  errors: string[];
}

/** A value of the flat view: display text or, for blobs, the bytes (compared in windows, described only when shown). */
interface Item {
  text?: string;
  blob?: BlobRef;
}

type Flat = Map<string, Item>;

const WINDOW = 1 << 16;

function fnv1a(b: BlobRef): string {
  let h = 0x811c9dc5;
  forEachWindow(b, (w) => {
    for (let i = 0; i < w.length; i++) {
      h ^= w[i]!;
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  });
  return h.toString(16).padStart(8, '0');
}

function blob(b: BlobRef): Item {
  return { blob: b };
}

/** What an item prints as: its text, or a blob's size and FNV-1a hash (read only for a blob that is shown). */
function textOf(item: Item): string {
  return item.text ?? `<${item.blob!.size} bytes, fnv1a ${fnv1a(item.blob!)}>`;
}

/**
 * A uint32 as its number; a byte array as its readable value (text, hex, or `empty`) and then the
 * exact registry encoding it compares by, whose `2|` marks the type (`empty (2|AAAAAAAAAAA) -> 0`
 * is a byte array that became a uint32).
 */
function propertyText(v: PropertyValue): string {
  if (v.type === 1) return String(v.value);
  const d = propertyDisplay(v);
  const shown = d === '' ? 'empty' : typeof d === 'string' && !d.startsWith('0x') ? JSON.stringify(d) : String(d);
  return `${shown} (${encodePropertyValue(v)})`;
}

function flattenRegistry(out: Flat, path: string, reg: PropertySetRegistry): void {
  for (const [name, set] of reg) {
    out.set(quoted(path, name), { text: `(set, ${set.size} propert${set.size === 1 ? 'y' : 'ies'})` });
    for (const [key, v] of set) out.set(quoted(quoted(path, name), key), { text: propertyText(v) });
  }
}

function flattenSyclbin(out: Flat, m: SyclbinFile): void {
  out.set('version', { text: String(m.version) });
  // The SYBI header's own version (0 or 1): readers check it (> CurrentVersion fails), so it is meaning.
  if (m.headerVersion !== undefined) out.set('header.version', { text: String(m.headerVersion) });
  const env = m.envelope;
  out.set('envelope.kind', { text: env.kind });
  if (env.kind !== 'none') {
    out.set('envelope.version', { text: String(env.version) });
    if (env.compression) out.set('envelope.compression', { text: env.compression });
  }
  if (env.kind === 'offload') {
    out.set('envelope.imageKind', { text: String(env.imageKind) });
    out.set('envelope.offloadKind', { text: String(env.offloadKind) });
    out.set('envelope.flags', { text: String(env.flags) });
    for (const [k, v] of env.strings) out.set(quoted('envelope.strings', k), { text: JSON.stringify(v) });
    out.set('envelope.extraEntries', { text: String(env.extraEntries) });
  }
  if (env.kind === 'roles') {
    out.set('envelope.formatVersionKey', { text: String(env.formatVersionKey) });
    // Each role entry's own fields, by role and position (not by place in the table: entries come in
    // any order), so that what a v2 manifest cannot carry is still compared.
    for (const x of env.entries ?? []) {
      const p = quoted('envelope.entries', x.key);
      out.set(`${p}.imageKind`, { text: String(x.imageKind) });
      out.set(`${p}.offloadKind`, { text: String(x.offloadKind) });
      out.set(`${p}.flags`, { text: String(x.flags) });
      for (const [k, v] of x.strings) out.set(quoted(`${p}.strings`, k), { text: JSON.stringify(v) });
    }
  }
  flattenRegistry(out, 'globalMetadata', m.globalMetadata);
  out.set('abstractModules.length', { text: String(m.abstractModules.length) });
  m.abstractModules.forEach((am, a) => {
    const p = `abstractModules[${a}]`;
    flattenRegistry(out, `${p}.metadata`, am.metadata);
    for (const kind of ['irModules', 'nativeImages'] as const) {
      out.set(`${p}.${kind}.length`, { text: String(am[kind].length) });
      am[kind].forEach((img, j) => {
        flattenRegistry(out, `${p}.${kind}[${j}].metadata`, img.metadata);
        out.set(`${p}.${kind}[${j}].bytes`, blob(img.image));
      });
    }
  });
}

function flattenOffload(out: Flat, obs: readonly OffloadBinaryModel[]): void {
  out.set('binaries.length', { text: String(obs.length) });
  obs.forEach((ob, i) => {
    const p = `binaries[${i}]`;
    out.set(`${p}.version`, { text: String(ob.version) });
    if (ob.compression) out.set(`${p}.compression`, { text: ob.compression });
    out.set(`${p}.entries.length`, { text: String(ob.entries.length) });
    ob.entries.forEach((e, j) => {
      const q = `${p}.entries[${j}]`;
      out.set(`${q}.imageKind`, { text: String(e.imageKind) });
      out.set(`${q}.offloadKind`, { text: String(e.offloadKind) });
      out.set(`${q}.flags`, { text: String(e.flags) });
      for (const [k, v] of e.strings) out.set(quoted(`${q}.strings`, k), { text: JSON.stringify(v) });
      out.set(`${q}.image`, blob(e.imageRef));
    });
  });
}

function flatten(a: Annotation): Flat {
  const out: Flat = new Map();
  out.set('format', { text: a.format });
  if (a.model) flattenSyclbin(out, a.model);
  else if (a.offload) flattenOffload(out, a.offload);
  else if (a.registry) flattenRegistry(out, '', a.registry);
  return out;
}

function sameItem(x: Item, y: Item, bufs: CompareBuffers): boolean {
  if (x.blob && y.blob) return blobsEqual(x.blob, y.blob, bufs);
  if (x.blob || y.blob) return false;
  return x.text === y.text;
}

/** Compare two files structurally (and, with `bytes`, span by span); `maxInflatedSize` caps each compressed payload. */
export function diffFiles(inputA: BytesLike | ByteSource, inputB: BytesLike | ByteSource, opts: { bytes?: boolean; maxInflatedSize?: number } = {}): DiffResult {
  opts = optionsArgument(opts, 'diffFiles');
  const a = toSource(inputA);
  const b = toSource(inputB);
  const A = annotate(a, { maxInflatedSize: opts.maxInflatedSize });
  const B = annotate(b, { maxInflatedSize: opts.maxInflatedSize });
  const fa = flatten(A);
  const fb = flatten(B);
  const entries: DiffEntry[] = [];
  const bufs = {};
  // A's paths in A's order, then the paths only in B, in B's order.
  for (const [path, x] of fa) {
    const y = fb.get(path);
    if (!y) entries.push({ op: 'removed', path, a: textOf(x) });
    else if (!sameItem(x, y, bufs)) entries.push({ op: 'changed', path, a: textOf(x), b: textOf(y) });
  }
  for (const [path, y] of fb) if (!fa.has(path)) entries.push({ op: 'added', path, b: textOf(y) });
  const result: DiffResult = { formats: [A.format, B.format], entries, errors: [] };
  if (A.error) result.errors.push(`A: ${A.error.message}`);
  if (B.error) result.errors.push(`B: ${B.error.message}`);
  if (opts.bytes) result.bytes = byteDiff(a, A, b, B);
  return result;
}

function byteDiff(a: ByteSource, A: Annotation, b: ByteSource, B: Annotation): ByteDiffEntry[] {
  const la = new Map<string, { offset: number; size: number }>();
  const lb = new Map<string, { offset: number; size: number }>();
  // Leaves that share a path (a set header repeated) are keyed by path + occurrence.
  const key = (m: Map<string, unknown>, p: string): string => {
    let k = p;
    for (let n = 2; m.has(k); n++) k = `${p}#${n}`;
    return k;
  };
  for (const s of leavesOf(A)) la.set(key(la, s.path), { offset: s.offset, size: s.size });
  for (const s of leavesOf(B)) lb.set(key(lb, s.path), { offset: s.offset, size: s.size });
  const out: ByteDiffEntry[] = [];
  for (const [p, x] of la) {
    const y = lb.get(p);
    if (!y) {
      out.push({ path: p, a: x, what: ['only-a'] });
      continue;
    }
    const what: string[] = [];
    if (x.offset !== y.offset) what.push('offset');
    if (x.size !== y.size) what.push('size');
    if (x.size === y.size) {
      for (let at = 0; at < x.size; at += WINDOW) {
        const n = Math.min(WINDOW, x.size - at);
        if (!bytesEqual(a.read(x.offset + at, n), b.read(y.offset + at, n))) {
          what.push('bytes');
          break;
        }
      }
    } else what.push('bytes');
    if (what.length) out.push({ path: p, a: x, b: y, what });
  }
  for (const [p, y] of lb) if (!la.has(p)) out.push({ path: p, b: y, what: ['only-b'] });
  return out;
}

/** The diff as text: `- path: a`, `+ path: b`, `~ path: a -> b` lines under `--- A` / `+++ B` headers, then the byte differences. */
export function formatDiff(r: DiffResult, nameA = 'A', nameB = 'B'): string {
  const lines: string[] = [`--- ${nameA} (${r.formats[0]})`, `+++ ${nameB} (${r.formats[1]})`];
  for (const e of r.errors) lines.push(`! ${e}`);
  for (const e of r.entries) {
    if (e.op === 'removed') lines.push(`- ${e.path}: ${e.a}`);
    else if (e.op === 'added') lines.push(`+ ${e.path}: ${e.b}`);
    else lines.push(`~ ${e.path}: ${e.a} -> ${e.b}`);
  }
  if (r.bytes) {
    lines.push(`bytes: ${r.bytes.length} span(s) differ`);
    const loc = (x?: { offset: number; size: number }): string => (x ? `0x${x.offset.toString(16)}+${x.size}` : '-');
    for (const d of r.bytes) lines.push(`@ ${d.path}: ${loc(d.a)} ${loc(d.b)} (${d.what.join(', ')})`);
  }
  if (!r.entries.length && !r.errors.length) lines.push('no structural differences');
  return lines.join('\n') + '\n';
}
