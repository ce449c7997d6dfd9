/**
 * Lint mode (`syclbin verify`, issue 6 §2): read a file as far as possible and report every problem
 * with a severity, byte offset and structure path, like Wireshark's expert info.
 *
 * Sources of findings:
 * - the reader's error (structural; LLVM wording where LLVM has the check);
 * - a lenient pass over the v1 header tables (formats/syclbin-v1.ts) that checks every blob on its own,
 *   so one bad reference does not hide the others, and finds overlapping blobs and header entries no
 *   abstract module refers to;
 * - the byte annotation: non-zero padding and unreferenced bytes (spec README rule 5 lists the layouts
 *   readers must accept; "accepted" is not "clean", hence warnings, not errors);
 * - property-set semantics (src/props/check.ts) for every metadata blob, located at the property's line;
 * - consistency: IR/native targets against their metadata, the OffloadBinary envelope strings and v2
 *   StringData (`ir_type`, `arch`, `triple`; spec README rule 6 says the metadata blob is authoritative);
 * - unknown enum values (image kind, offload kind, bundle state, IR type);
 * - non-canonical layout (the file is not what our writer, which reproduces LLVM's, would write).
 *
 * Library core: no Node APIs.
 */
import { DecodeError, readNode } from '../codec/index.js';
import { SyclbinFileHeader, SyclbinHeaderTables, type SyclbinFileHeaderValue } from '../../formats/syclbin-v1.js';
import { checkRegistry } from '../props/check.js';
import { decodeRegistry } from '../props/registry.js';
import { zlibCompress } from '../offload/compress.js';
import { eraForVersion, IMAGE_KIND, offloadKindName } from '../offload/kinds.js';
import { writeSyclbin } from '../syclbin/write.js';
import { irTarget, irTypeValue, nativeArch, nativeTarget, type SyclbinFile } from '../syclbin/model.js';
import { annotate, leavesOf, quoted, type AnnotateOptions, type Annotation, type AnnotatedSpan, type FileFormat, type Finding, type MetadataBlob, type V1Geometry } from './annotate.js';

export interface VerifyReport {
  format: FileFormat;
  size: number;
  problems: Finding[];
  counts: { error: number; warning: number; note: number };
}

const SEVERITY_RANK = { error: 0, warning: 1, note: 2 } as const;

export function verify(bytes: Uint8Array, opts: AnnotateOptions = {}): VerifyReport {
  return verifyAnnotation(bytes, annotate(bytes, opts));
}

export function verifyAnnotation(bytes: Uint8Array, ann: Annotation): VerifyReport {
  const problems: Finding[] = [];
  const add = (f: Finding): void => {
    if (problems.some((p) => p.offset === f.offset && p.code === f.code && p.message === f.message)) return;
    problems.push(f);
  };
  const lenient: Finding[] = [];
  for (const g of ann.v1Images) checkV1Tables(bytes, g, lenient);
  for (const blob of ann.metadata) checkBlob(blob, (f) => lenient.push(f));
  // The reader's error, unless the lenient pass reported an error at the same byte (it names the
  // table entry or metadata blob, and carries on past it).
  if (ann.error && !lenient.some((f) => f.severity === 'error' && f.offset === ann.error!.offset)) add(ann.error);
  for (const f of lenient) add(f);
  if (!ann.error) checkBytes(ann, add);
  else {
    add({
      severity: 'note',
      offset: ann.error.offset,
      path: ann.error.path,
      code: 'incomplete',
      message: 'reading stopped at the error above; padding and unreferenced bytes after it are not reported',
    });
  }
  for (const ob of ann.offload ?? []) checkOffload(ob, ann, add);
  if (ann.model) {
    checkTargets(ann.model, ann, add);
    checkLayout(bytes, ann.model, ann, add);
  }
  problems.sort((a, b) => a.offset - b.offset || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || a.path.localeCompare(b.path));
  const counts = { error: 0, warning: 0, note: 0 };
  for (const p of problems) counts[p.severity]++;
  return { format: ann.format, size: ann.size, problems, counts };
}

// ---------------------------------------------------------------------------------------------
// v1 header tables, each blob on its own (spec README rule 5 and "Where we are stricter")

interface Blob {
  path: string;
  field: number; // absolute offset of the offset field
  offset: number; // relative to its table
  size: number;
}

function checkV1Tables(bytes: Uint8Array, g: V1Geometry, out: Finding[]): void {
  const pre = g.path ? `${g.path}.` : '';
  let header: SyclbinFileHeaderValue;
  let tables;
  try {
    header = readNode(SyclbinFileHeader, bytes, g.offset, { base: 0 }, undefined);
    tables = readNode(SyclbinHeaderTables, bytes, g.offset + 56, { base: 0, scopes: [{ header }] }, undefined);
  } catch {
    return; // the reader reports the truncated header block
  }
  if (header.version === 0) {
    out.push({ severity: 'note', offset: g.offset + 4, path: `${pre}header.version`, code: 'version', message: 'SYCLBIN header version 0 (LLVM accepts it; writers emit 1)' });
  }
  const amAt = g.offset + 56;
  const irAt = amAt + 32 * header.abstractModuleCount;
  const nAt = irAt + 32 * header.irModuleCount;
  const md: Blob[] = [{ path: `${pre}header.globalMetadataOffset`, field: g.offset + 40, offset: header.globalMetadataOffset, size: header.globalMetadataSize }];
  const bin: Blob[] = [];
  tables.abstractModules.forEach((h, a) => md.push({ path: `${pre}abstractModules[${a}].metadataOffset`, field: amAt + 32 * a, offset: h.metadataOffset, size: h.metadataSize }));
  tables.irModules.forEach((h, j) => {
    md.push({ path: `${pre}irModules[${j}].metadataOffset`, field: irAt + 32 * j, offset: h.metadataOffset, size: h.metadataSize });
    bin.push({ path: `${pre}irModules[${j}].rawIRBytesOffset`, field: irAt + 32 * j + 16, offset: h.rawIRBytesOffset, size: h.rawIRBytesSize });
  });
  tables.nativeImages.forEach((h, j) => {
    md.push({ path: `${pre}nativeImages[${j}].metadataOffset`, field: nAt + 32 * j, offset: h.metadataOffset, size: h.metadataSize });
    bin.push({ path: `${pre}nativeImages[${j}].binaryBytesOffset`, field: nAt + 32 * j + 16, offset: h.binaryBytesOffset, size: h.binaryBytesSize });
  });
  const inside = (list: Blob[], tableSize: number, what: string): Blob[] =>
    list.filter((b) => {
      if (b.offset <= tableSize && b.size <= tableSize - b.offset) return true;
      out.push({
        severity: 'error',
        offset: b.field,
        size: 16,
        path: b.path,
        code: 'structure',
        message: `${what} [${b.offset}, +${b.size}) lies outside the ${tableSize}-byte ${what === 'metadata' ? 'metadata' : 'binary'} table`,
      });
      return false;
    });
  const mdOk = inside(md, header.metadataTableSize, 'metadata');
  overlaps(mdOk, g.metadataTable, 'metadata blobs', out);
  // Every metadata blob's syntax, each on its own (the reader stops at the first bad one).
  for (const b of mdOk) {
    const at = g.metadataTable + b.offset;
    if (at + b.size > bytes.length) continue;
    try {
      decodeRegistry(bytes.subarray(at, at + b.size), { base: at });
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      out.push({ severity: 'error', offset: e.offset, path: b.path.replace(/\.metadataOffset$/, '.metadata').replace(/header\.globalMetadataOffset$/, 'globalMetadata'), code: 'property', message: e.message });
    }
  }
  overlaps(inside(bin, header.binaryTableSize, 'image bytes'), g.binaryTable, 'images', out);
  // Index ranges of abstract modules; IR/native headers nobody refers to.
  const usedIr = new Set<number>();
  const usedNative = new Set<number>();
  tables.abstractModules.forEach((h, a) => {
    const at = amAt + 32 * a;
    const ranges: [string, number, number, number, Set<number>, number][] = [
      ['irModuleCount', h.irModuleOffset, h.irModuleCount, header.irModuleCount, usedIr, 16],
      ['nativeImageCount', h.nativeImageOffset, h.nativeImageCount, header.nativeImageCount, usedNative, 24],
    ];
    for (const [name, first, count, total, used, fieldAt] of ranges) {
      if (first > total || count > total - first) {
        out.push({
          severity: 'error',
          offset: at + fieldAt,
          size: 8,
          path: `${pre}abstractModules[${a}].${name}`,
          code: 'structure',
          message: `abstract module ${a} refers to headers [${first}, +${count}) but the file has ${total} ${name.startsWith('ir') ? 'IR module' : 'native image'} header(s)`,
        });
        for (let k = first; k < total; k++) used.add(k); // the headers it does reach are not "unreferenced"
        continue;
      }
      for (let k = first; k < first + count; k++) used.add(k);
    }
  });
  for (let j = 0; j < header.irModuleCount; j++) {
    if (!usedIr.has(j)) out.push({ severity: 'warning', offset: irAt + 32 * j, size: 32, path: `${pre}irModules[${j}]`, code: 'unreferenced', message: 'no abstract module refers to this IR module header' });
  }
  for (let j = 0; j < header.nativeImageCount; j++) {
    if (!usedNative.has(j)) out.push({ severity: 'warning', offset: nAt + 32 * j, size: 32, path: `${pre}nativeImages[${j}]`, code: 'unreferenced', message: 'no abstract module refers to this native image header' });
  }
}

function overlaps(list: Blob[], tableAt: number, what: string, out: Finding[]): void {
  const sorted = list.filter((b) => b.size > 0).sort((a, b) => a.offset - b.offset || b.size - a.size);
  for (let i = 0; i < sorted.length; i++) {
    for (let k = i + 1; k < sorted.length && sorted[k]!.offset < sorted[i]!.offset + sorted[i]!.size; k++) {
      const a = sorted[i]!;
      const b = sorted[k]!;
      const same = a.offset === b.offset && a.size === b.size;
      out.push({
        severity: same ? 'note' : 'warning',
        offset: tableAt + b.offset,
        size: Math.min(a.offset + a.size, b.offset + b.size) - b.offset,
        path: b.path,
        code: 'overlap',
        message: same
          ? `shares its bytes with ${a.path.replace(/\.\w+$/, '')} (readers accept shared ${what})`
          : `${what} overlap: [${b.offset}, +${b.size}) overlaps ${a.path.replace(/\.\w+$/, '')} [${a.offset}, +${a.size})`,
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Property sets

function checkBlob(blob: MetadataBlob, add: (f: Finding) => void): void {
  if (blob.error) {
    const e = blob.error;
    add({ severity: 'error', offset: e.offset, path: blob.path, code: 'property', message: e.message });
    return;
  }
  if (!blob.registry) return;
  for (const d of checkRegistry(blob.registry)) {
    const lines = blob.lines ?? [];
    const line = d.key !== undefined ? [...lines].reverse().find((l) => l.kind === 'property' && l.set === d.set && l.key === d.key) : lines.find((l) => l.kind === 'set' && l.set === d.set);
    const path = d.key !== undefined ? quoted(quoted(blob.path, d.set), d.key) : quoted(blob.path, d.set);
    const offset = line?.valueOffset ?? line?.offset ?? blob.offset;
    add({
      severity: d.severity,
      offset,
      size: line?.valueSize ?? line?.size,
      path,
      code: /^unknown value /.test(d.message) ? 'enum' : 'property',
      message: d.offset !== undefined ? `${d.message} (payload byte ${d.offset})` : d.message,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Bytes: padding and unreferenced

function checkBytes(ann: Annotation, add: (f: Finding) => void): void {
  for (const s of leavesOf(ann)) {
    if (s.kind === 'padding-nonzero') {
      // LLVM writers leave the v1 header's 4 alignment bytes uninitialised (spec README "Decisions").
      const reserved = /(^|\.)header\.reserved$/.test(s.path);
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
    } else if (s.kind === 'metadata' && ann.metadata.every((m) => m.path !== s.path || !m.error)) {
      // opaque metadata without a syntax error cannot happen; kept for completeness
    }
  }
}

// ---------------------------------------------------------------------------------------------
// OffloadBinary

type OffloadModel = NonNullable<Annotation['offload']>[number];

function checkOffload(ob: OffloadModel, ann: Annotation, add: (f: Finding) => void): void {
  const prefix = leavesOf(ann).find((s) => s.kind === 'magic' && s.offset === ob.offset)?.path.replace(/\.?header\.magic$/, '') ?? '';
  const pre = prefix ? `${prefix}.` : '';
  const h = ob.header as { entriesOffset?: number; entryOffset?: number; entrySize?: bigint };
  const entriesAt = ob.offset + (h.entriesOffset ?? h.entryOffset ?? 32);
  const era = eraForVersion(ob.version);
  const syclbin = ann.format === 'syclbin-v1-offload' || ann.format === 'syclbin-v2';
  if (ob.version === 1 && h.entrySize !== undefined && h.entrySize !== 40n) {
    add({ severity: 'note', offset: ob.offset + 24, path: `${pre}header.entrySize`, code: 'structure', message: `EntrySize ${h.entrySize} is not 40 (readers ignore it)` });
  }
  if (!ob.compression && ob.size % 8 !== 0) {
    add({ severity: 'warning', offset: ob.offset + 8, path: `${pre}header.size`, code: 'layout', message: `Size ${ob.size} is not a multiple of 8 (LLVM writers pad the binary to 8)` });
  }
  ob.entries.forEach((e, i) => {
    const at = ob.compression ? ob.offset : entriesAt + 40 * i;
    const epath = `${pre}entries[${i}]`;
    if (e.imageKind > IMAGE_KIND.syclbin) {
      add({ severity: 'warning', offset: at, size: 2, path: `${epath}.imageKind`, code: 'enum', message: `unknown image kind ${e.imageKind} (known: 0-7)` });
    } else if (syclbin && i === 0 && ann.format === 'syclbin-v1-offload' && e.imageKind !== IMAGE_KIND.syclbin) {
      add({ severity: 'note', offset: at, size: 2, path: `${epath}.imageKind`, code: 'enum', message: `image kind ${e.imageKind}, not 7 (IMG_SYCLBIN); SYCLBIN readers do not check it` });
    }
    if (offloadKindName(e.offloadKind, era) === 'none' && e.offloadKind !== 0) {
      add({ severity: 'warning', offset: at + 2, size: 2, path: `${epath}.offloadKind`, code: 'enum', message: `unknown offload kind ${e.offloadKind} for an OffloadBinary v${ob.version} (${era} numbering)` });
    }
    if (e.flags & ~1) add({ severity: 'note', offset: at + 4, size: 4, path: `${epath}.flags`, code: 'enum', message: `unknown entry flags 0x${e.flags.toString(16)} (only bit 0, OIF_Metadata, is defined)` });
  });
  if (ob.compression) return;
  // Overlapping images.
  const imgs = ob.entries.map((e, i) => ({ i, off: e.raw.imageOffset, size: e.raw.imageSize })).filter((x) => x.size > 0);
  imgs.sort((a, b) => a.off - b.off);
  for (let a = 0; a < imgs.length; a++) {
    for (let b = a + 1; b < imgs.length && imgs[b]!.off < imgs[a]!.off + imgs[a]!.size; b++) {
      const x = imgs[a]!;
      const y = imgs[b]!;
      const same = x.off === y.off && x.size === y.size;
      add({
        severity: same ? 'note' : 'warning',
        offset: ob.offset + y.off,
        path: `${pre}entries[${y.i}].image`,
        code: 'overlap',
        message: same ? `image is the same bytes as entries[${x.i}].image` : `image [${y.off}, +${y.size}) overlaps entries[${x.i}].image [${x.off}, +${x.size})`,
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Targets: metadata vs envelope strings / v2 StringData, IR type vs target triple

/** Where a path's bytes are: its own leaf, or the leaf that owns them (shared strings). */
function locate(ann: Annotation, path: string): AnnotatedSpan | undefined {
  return ann.spans.find((s) => s.path === path) ?? ann.spans.find((s) => s.shared?.includes(path));
}

function stringValuePath(ann: Annotation, entryPath: string, key: string): string | undefined {
  const keySpan = ann.spans.find((s) => s.kind === 'string' && s.value === key && new RegExp(`^${escapeRe(entryPath)}\\.strings\\[\\d+\\]\\.key$`).test(s.path));
  if (keySpan) return keySpan.path.replace(/\.key$/, '.value');
  for (const s of ann.spans) {
    if (s.kind !== 'string' || s.value !== key) continue;
    const hit = s.shared?.find((p) => new RegExp(`^${escapeRe(entryPath)}\\.strings\\[\\d+\\]\\.key$`).test(p));
    if (hit) return hit.replace(/\.key$/, '.value');
  }
  return undefined;
}

function escapeRe(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

const TRIPLE_FOR_IR_TYPE: Record<number, RegExp> = { 0: /^spir/, 1: /^nvptx/, 2: /^amdgcn/ };

function checkTargets(model: SyclbinFile, ann: Annotation, add: (f: Finding) => void): void {
  const mdPath = (a: number, kind: 'irModules' | 'nativeImages', j: number): string => {
    const root = ann.v1Images[0]?.path;
    return `${root ? `${root}.` : ''}abstractModules[${a}].${kind}[${j}].metadata`;
  };
  const propAt = (blobPath: string, set: string, key: string): { offset: number; path: string } => {
    const path = quoted(quoted(blobPath, set), key);
    const s = locate(ann, path);
    return { offset: s?.offset ?? 0, path };
  };
  // IR type vs target triple (SPIR-V 0 / PTX 1 / AMDGCN 2; syclbin-format.md §2).
  model.abstractModules.forEach((am, a) =>
    am.irModules.forEach((ir, j) => {
      const t = irTypeValue(ir);
      const target = irTarget(ir);
      const re = t === undefined ? undefined : TRIPLE_FOR_IR_TYPE[t];
      if (re && target && !re.test(target)) {
        const at = propAt(mdPath(a, 'irModules', j), 'SYCLBIN/ir module metadata', 'target');
        add({ severity: 'warning', offset: at.offset, path: at.path, code: 'target', message: `IR type ${t} does not match target triple '${target}'` });
      }
    }),
  );
  const env = model.envelope;
  if (env.kind === 'offload') {
    // v1 in an OffloadBinary: the entry's `triple`/`arch` strings should name one of the images.
    const irTargets = model.abstractModules.flatMap((am) => am.irModules.map(irTarget));
    const natTargets = model.abstractModules.flatMap((am) => am.nativeImages.map(nativeTarget));
    const arches = model.abstractModules.flatMap((am) => am.nativeImages.map(nativeArch));
    const triple = env.strings.get('triple');
    if (triple && ![...irTargets, ...natTargets].includes(triple)) {
      const p = stringValuePath(ann, 'entries[0]', 'triple') ?? 'entries[0].strings';
      add({ severity: 'warning', offset: locate(ann, p)?.offset ?? 0, path: p, code: 'target', message: `envelope triple '${triple}' matches no IR or native target in the SYCLBIN metadata (${[...new Set([...irTargets, ...natTargets])].filter(Boolean).join(', ') || 'none'})` });
    }
    const arch = env.strings.get('arch');
    if (arch && !arches.includes(arch)) {
      const p = stringValuePath(ann, 'entries[0]', 'arch') ?? 'entries[0].strings';
      add({ severity: 'warning', offset: locate(ann, p)?.offset ?? 0, path: p, code: 'target', message: `envelope arch '${arch}' matches no native image arch in the SYCLBIN metadata (${arches.filter(Boolean).join(', ') || 'none'})` });
    }
  }
  if (env.kind === 'roles' && ann.offload?.[0] && !env.compression) {
    const ob = ann.offload[0];
    const counters = new Map<string, number>();
    ob.entries.forEach((e, i) => {
      const role = e.strings.get('role');
      if (role !== 'ir' && role !== 'native') return;
      const am = Number(e.strings.get('am_index'));
      const key = `${am}/${role}`;
      const j = counters.get(key) ?? 0;
      counters.set(key, j + 1);
      const img = role === 'ir' ? model.abstractModules[am]?.irModules[j] : model.abstractModules[am]?.nativeImages[j];
      if (!img) return;
      const expect: [string, string | undefined][] =
        role === 'ir'
          ? [
              ['ir_type', irTypeValue(img) === undefined ? undefined : String(irTypeValue(img))],
              ['triple', irTarget(img)],
            ]
          : [
              ['arch', nativeArch(img)],
              ['triple', nativeTarget(img)],
            ];
      for (const [k, fromMetadata] of expect) {
        const s = e.strings.get(k);
        if (s === undefined || fromMetadata === undefined || s === fromMetadata) continue;
        const p = stringValuePath(ann, `entries[${i}]`, k) ?? `entries[${i}].strings`;
        add({
          severity: 'warning',
          offset: locate(ann, p)?.offset ?? 0,
          path: p,
          code: 'target',
          message: `StringData ${k}='${s}' does not match the metadata (${fromMetadata}); readers use the metadata`,
        });
      }
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Layout: would our writer (LLVM's layout) produce the same bytes?

function checkLayout(bytes: Uint8Array, model: SyclbinFile, ann: Annotation, add: (f: Finding) => void): void {
  const env = model.envelope;
  if ('compression' in env && env.compression === 'zstd') return; // the core has no zstd compressor
  const compressor = (d: Uint8Array): Uint8Array => zlibCompress(d);
  const attempt = (layout: 'canonical' | 'grouped'): Uint8Array | undefined => {
    try {
      return writeSyclbin(model, { layout, compressor });
    } catch (e) {
      if (e instanceof DecodeError || e instanceof Error) return undefined;
      throw e;
    }
  };
  const canonical = attempt('canonical');
  if (!canonical) return;
  const diff = firstDifference(bytes, canonical);
  if (diff < 0) return;
  if (model.version === 1 && attempt('grouped') && firstDifference(bytes, attempt('grouped')!) < 0) {
    add({ severity: 'note', offset: 0, path: ann.v1Images[0]?.path ?? '', code: 'layout', message: 'grouped v1 layout (all module metadata, all IR metadata, all native metadata): readers accept it; the canonical writer layout is per module' });
    return;
  }
  const at = leavesOf(ann).find((s) => s.offset <= diff && diff < s.offset + s.size);
  // Already reported as non-zero padding / unreferenced bytes / an overlap: no second finding.
  if (at && (at.kind === 'padding-nonzero' || at.kind === 'unreferenced')) return;
  add({
    severity: 'note',
    offset: diff,
    path: at?.path ?? '',
    code: 'layout',
    message: `not the canonical writer layout: the first byte that differs from a rewrite is at 0x${diff.toString(16)}${at ? ` (${at.path})` : ''}`,
  });
}

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

// ---------------------------------------------------------------------------------------------
// Text

export function formatReport(r: VerifyReport, name = ''): string {
  const lines: string[] = [];
  lines.push(`${name ? `${name}: ` : ''}${r.format}, ${r.size} bytes`);
  for (const p of r.problems) {
    lines.push(`${p.severity.padEnd(7)} 0x${p.offset.toString(16).padStart(8, '0')}  ${p.path || '(file)'}: ${p.message}`);
  }
  const c = r.counts;
  lines.push(`${c.error} error(s), ${c.warning} warning(s), ${c.note} note(s)`);
  return lines.join('\n') + '\n';
}
