/**
 * SYCLBIN writers (spec README rules 5 and 6; syclbin-format.md §1.2-§1.4).
 *
 * v1 canonical layout (the first LLVM writer's): metadata table = global metadata, then per
 * abstract module its metadata, its IR modules' metadata, its native images' metadata; padded to 8;
 * binary table = per abstract module its IR bytes then its native bytes; padded to 8; first-index
 * fields are running counts (even when a count is 0); the header's reserved bytes are zero.
 * `layout: 'grouped'` writes the later LLVM/runtime order instead (all AM metadata, all IR metadata,
 * all native metadata / all IR bytes, all native bytes).
 *
 * v2: one OffloadBinary of role entries: global_metadata, then per module am_metadata, its ir
 * entries, its native entries; string keys in the order sycl_format_version, role, am_index, then
 * ir_type, triple (ir) or arch, triple (native); ImageKind 7, OffloadKind 8.
 */
import { EncodeError, encodeInto, Sink, type BlobRef } from '../codec/index.js';
import type { LayoutPlan } from '../../formats/layout.js';
import { SYCLBIN_FILE_HEADER_SIZE, SyclbinFileHeader, SyclbinHeaderTables } from '../../formats/syclbin-v1.js';
import { SyclbinV2ImagePrefix } from '../../formats/syclbin-v2.js';
import { OffloadEntry, OffloadHeaderV2 } from '../../formats/offload-binary.js';
import { writeOffloadBinary, type OffloadEntryInput } from '../offload/write.js';
import { IMAGE_KIND, offloadKindValue, eraForVersion } from '../offload/kinds.js';
import type { Compressor } from '../offload/compress.js';
import { encodeRegistry } from '../props/registry.js';
import { irTarget, irTypeValue, nativeArch, nativeTarget, type SyclbinFile } from './model.js';

export type EnvelopeChoice = 'keep' | 'none' | 'offload-v1' | 'offload-v2' | 'offload-v3' | 'runtime';

export interface WriteSyclbinOptions {
  /** 1 (SYBI) or 2 (role entries). Default: the model's version. */
  format?: 1 | 2;
  /** v1 table order. Default canonical. */
  layout?: 'canonical' | 'grouped';
  /** v1 envelope. Default 'keep' (as read; 'none' for a new model). */
  envelope?: EnvelopeChoice;
  /** OffloadBinary version for v2 files (default: as read, else 2). */
  offloadVersion?: 2 | 3;
  /** Compress an OffloadBinary v3 (v1-in-offload-v3 or v2 with offloadVersion 3). */
  compression?: 'zlib' | 'zstd';
  compressor?: Compressor;
  /** v2: write the `sycl_format_version` key (default: as read, else true). */
  formatVersionKey?: boolean;
}

const align8 = (n: number): number => Math.ceil(n / 8) * 8;

/** A blob from bytes already in memory (for building models by hand). */
export function memoryBlob(bytes: Uint8Array): BlobRef {
  return { offset: undefined, size: bytes.length, bytes: () => bytes };
}

export function writeSyclbin(file: SyclbinFile, opts: WriteSyclbinOptions = {}): Uint8Array {
  const format = opts.format ?? file.version;
  if (format === 2) return writeSyclbinV2(file, opts);
  const sybi = writeSybi(file, opts.layout ?? 'canonical');
  let choice = opts.envelope ?? 'keep';
  const env = file.envelope;
  if (choice === 'keep') {
    if (env.kind !== 'offload') choice = 'none';
    else if (env.runtimeStyle) choice = 'runtime';
    else choice = env.version === 1 ? 'offload-v1' : env.version === 2 ? 'offload-v2' : 'offload-v3';
  }
  if (choice === 'none') return sybi;
  if (choice === 'runtime') return runtimeEnvelope(sybi);
  const version = choice === 'offload-v1' ? 1 : choice === 'offload-v2' ? 2 : 3;
  const keep = env.kind === 'offload' && (opts.envelope ?? 'keep') === 'keep';
  const entry: OffloadEntryInput = {
    imageKind: keep ? env.imageKind : IMAGE_KIND.syclbin,
    offloadKind: keep ? env.offloadKind : offloadKindValue('sycl', eraForVersion(version))!,
    flags: keep ? env.flags : 0,
    strings: keep ? env.strings : new Map(),
    image: sybi,
  };
  const compression = opts.compression ?? (keep && env.kind === 'offload' ? env.compression : undefined);
  return writeOffloadBinary([entry], { version, compression, compressor: opts.compressor });
}

interface Blob {
  bytes: Uint8Array;
  offset?: number;
}

/** The bare SYBI image. */
export function writeSybi(file: SyclbinFile, layout: 'canonical' | 'grouped' = 'canonical'): Uint8Array {
  const reg = (r: Parameters<typeof encodeRegistry>[0]): Blob => ({ bytes: encodeRegistry(r) });
  const global = reg(file.globalMetadata);
  const ams = file.abstractModules.map((am) => ({
    md: reg(am.metadata),
    ir: am.irModules.map((m) => ({ md: reg(m.metadata), bin: { bytes: m.image.bytes() } as Blob })),
    native: am.nativeImages.map((m) => ({ md: reg(m.metadata), bin: { bytes: m.image.bytes() } as Blob })),
  }));
  const mdOrder: Blob[] = [global];
  const binOrder: Blob[] = [];
  if (layout === 'canonical') {
    for (const am of ams) {
      mdOrder.push(am.md, ...am.ir.map((x) => x.md), ...am.native.map((x) => x.md));
      binOrder.push(...am.ir.map((x) => x.bin), ...am.native.map((x) => x.bin));
    }
  } else {
    mdOrder.push(...ams.map((a) => a.md), ...ams.flatMap((a) => a.ir.map((x) => x.md)), ...ams.flatMap((a) => a.native.map((x) => x.md)));
    binOrder.push(...ams.flatMap((a) => a.ir.map((x) => x.bin)), ...ams.flatMap((a) => a.native.map((x) => x.bin)));
  }
  let mdSize = 0;
  for (const b of mdOrder) {
    b.offset = mdSize;
    mdSize += b.bytes.length;
  }
  let binSize = 0;
  for (const b of binOrder) {
    b.offset = binSize;
    binSize += b.bytes.length;
  }
  // Plan every layout-derived field declared in formats/syclbin-v1.ts.
  const plan: LayoutPlan = new WeakMap();
  const header = { version: 1 };
  plan.set(header, { metadataTableSize: mdSize, binaryTableSize: binSize, metadataOffset: global.offset!, metadataSize: global.bytes.length });
  const abstractModules: object[] = [];
  const irModules: object[] = [];
  const nativeImages: object[] = [];
  for (const am of ams) {
    const h = {};
    plan.set(h, {
      metadataOffset: am.md.offset!,
      metadataSize: am.md.bytes.length,
      irModuleCount: am.ir.length,
      irModuleIndex: irModules.length,
      nativeImageCount: am.native.length,
      nativeImageIndex: nativeImages.length,
    });
    abstractModules.push(h);
    for (const [list, items] of [
      [irModules, am.ir],
      [nativeImages, am.native],
    ] as const) {
      for (const x of items) {
        const ih = {};
        plan.set(ih, { metadataOffset: x.md.offset!, metadataSize: x.md.bytes.length, bytesOffset: x.bin.offset!, bytesSize: x.bin.bytes.length });
        list.push(ih);
      }
    }
  }
  const tables = { abstractModules, irModules, nativeImages };
  const headerBlock = SYCLBIN_FILE_HEADER_SIZE + 32 * (abstractModules.length + irModules.length + nativeImages.length);
  const sink = new Sink(headerBlock + align8(mdSize) + align8(binSize), plan);
  encodeInto(sink, SyclbinFileHeader, header, { scopes: [tables], path: ['header'] });
  encodeInto(sink, SyclbinHeaderTables, tables as never, { scopes: [{ header }] });
  for (const b of mdOrder) sink.bytes(b.bytes);
  sink.alignTo(8);
  for (const b of binOrder) sink.bytes(b.bytes);
  sink.alignTo(8);
  return sink.result();
}

/**
 * The SYCL runtime's `ext_oneapi_get_content` envelope (sycl/source/detail/syclbin.cpp@03f1899d):
 * OffloadBinary v2 header {Size = 72 + len, EntriesOffset 32, EntriesCount 1}, one entry
 * {ImageKind 7, OffloadKind 8, Flags 0, StringOffset 0, NumStrings 0, ImageOffset 72, ImageSize len},
 * the SYBI bytes at 72; no string table, no extra padding.
 */
export function runtimeEnvelope(sybi: Uint8Array): Uint8Array {
  const plan: LayoutPlan = new WeakMap();
  const header = { version: 2 };
  const entry = { imageKind: IMAGE_KIND.syclbin, offloadKind: 8, flags: 0 };
  plan.set(header, { size: 72 + sybi.length, entriesOffset: 32 });
  plan.set(entry, { stringOffset: 0, numStrings: 0, imageOffset: 72, imageSize: sybi.length });
  const sink = new Sink(72 + sybi.length, plan);
  encodeInto(sink, OffloadHeaderV2, header, { scopes: [{ entries: [entry] }], path: ['header'] });
  encodeInto(sink, OffloadEntry, entry, { path: ['entries', 0] });
  sink.bytes(sybi);
  return sink.result();
}

/** SYCLBIN v2 role entries. */
export function writeSyclbinV2(file: SyclbinFile, opts: WriteSyclbinOptions = {}): Uint8Array {
  const env = file.envelope;
  const version = opts.offloadVersion ?? (env.kind === 'roles' && env.version >= 2 ? (env.version as 2 | 3) : 2);
  const withFv = opts.formatVersionKey ?? (env.kind === 'roles' ? env.formatVersionKey : true);
  const compression = opts.compression ?? (env.kind === 'roles' ? env.compression : undefined);
  const keys = (role: string, more: [string, string][] = []): [string, string][] => [...(withFv ? [['sycl_format_version', '2'] as [string, string]] : []), ['role', role], ...more];
  const entry = (strings: [string, string][], image: Uint8Array): OffloadEntryInput => ({ imageKind: IMAGE_KIND.syclbin, offloadKind: 8, flags: 0, strings, image });
  const withPrefix = (md: Uint8Array, raw: Uint8Array): Uint8Array => {
    const plan: LayoutPlan = new WeakMap();
    const v = {};
    plan.set(v, { metadataSize: md.length });
    const sink = new Sink(8 + md.length + raw.length, plan);
    encodeInto(sink, SyclbinV2ImagePrefix, v);
    sink.bytes(md);
    sink.bytes(raw);
    return sink.result();
  };
  const entries: OffloadEntryInput[] = [entry(keys('global_metadata'), encodeRegistry(file.globalMetadata))];
  file.abstractModules.forEach((am, a) => {
    const idx: [string, string] = ['am_index', String(a)];
    entries.push(entry(keys('am_metadata', [idx]), encodeRegistry(am.metadata)));
    for (const ir of am.irModules) {
      entries.push(entry(keys('ir', [idx, ['ir_type', String(irTypeValue(ir) ?? 0)], ['triple', irTarget(ir) ?? '']]), withPrefix(encodeRegistry(ir.metadata), ir.image.bytes())));
    }
    for (const n of am.nativeImages) {
      entries.push(entry(keys('native', [idx, ['arch', nativeArch(n) ?? ''], ['triple', nativeTarget(n) ?? '']]), withPrefix(encodeRegistry(n.metadata), n.image.bytes())));
    }
  });
  if (compression && version !== 3) throw new EncodeError('compression needs OffloadBinary version 3 (offloadVersion: 3)');
  return writeOffloadBinary(entries, { version, compression, compressor: opts.compressor });
}
