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
import { chunkSize, chunksSize, concatChunks, describeValue, EncodeError, encodeInto, isChunk, lookupIn, memoryBlob, place, toBytes, shownValue, Sink, type Chunk, type PathKey, optionsArgument, type OptionKeys } from '../codec/index.js';
import type { LayoutPlan } from '../../formats/layout.js';
import { SYCLBIN_V1_VERSION, SyclbinFileHeader, SyclbinHeaderTables, SyclbinV1Layout } from '../../formats/syclbin-v1.js';
import { SyclbinV2ImagePrefix, V2_FORMAT_VERSION, V2_IMAGE_KIND, V2_KEYS } from '../../formats/syclbin-v2.js';
import { OFFLOAD_VERSIONS } from '../../formats/offload-binary.js';
import { IMAGE_KIND, offloadKindValue, numberingForVersion } from '../../formats/kinds.js';
import { imageBytes, imageMessage, offloadBinaryChunks, type OffloadEntryInput } from '../offload/write.js';
import type { Compressor } from '../offload/compress.js';
import { writeRegistry } from '../props/registry.js';
import type { PropertySetRegistry } from '../props/model.js';
import { V1_LAYOUTS, v1BlobOrder, type V1Layout } from './v1-order.js';
import { syclbinModelProblem, irTargetBytes, irTypeValue, nativeArchBytes, nativeTargetBytes, type SyclbinFileInput } from './model.js';

export { memoryBlob };

/** Which envelope a v1 file gets. */
export type EnvelopeChoice = 'keep' | 'none' | 'offload-v1' | 'offload-v2' | 'offload-v3' | 'runtime';

/** Every {@link EnvelopeChoice}, for checking a choice given from JavaScript. */
export const ENVELOPE_CHOICES: readonly EnvelopeChoice[] = ['keep', 'none', 'offload-v1', 'offload-v2', 'offload-v3', 'runtime'];

/** Options of `writeSyclbin`. */
export interface WriteSyclbinOptions {
  /** 1 (SYBI) or 2 (role entries). Default: the model's version. */
  format?: 1 | 2;
  /** v1 table order. Default: the order the file was read in (`SyclbinFile.layout`), else canonical. */
  layout?: V1Layout;
  /** v1 envelope. Default 'keep' (as read; 'none' for a new model). */
  envelope?: EnvelopeChoice;
  /** OffloadBinary version for v2 files (default: as read, else 2). */
  offloadVersion?: 2 | 3;
  /** Compress an OffloadBinary v3 (v1-in-offload-v3 or v2 with offloadVersion 3). */
  compression?: 'zlib' | 'zstd';
  /** Compresses the payload (default: defaultCompressor, LLVM's zlib 6 / zstd 5 bytes; zstd once libzstd is provided). */
  compressor?: Compressor;
  /** v2: write the `sycl_format_version` key (default: as read, else true). */
  formatVersionKey?: boolean;
}

/** The keys of {@link WriteSyclbinOptions}: any other is an UnknownOptionError. */
const WRITE_SYCLBIN_KEYS: OptionKeys<WriteSyclbinOptions> = {
  format: true, layout: true, envelope: true, offloadVersion: true, compression: true, compressor: true, formatVersionKey: true,
};

/** Write a SYCLBIN file (any variant) as one buffer. */
export function writeSyclbin(file: SyclbinFileInput, opts: WriteSyclbinOptions = {}): Uint8Array {
  opts = optionsArgument(opts, 'writeSyclbin', WRITE_SYCLBIN_KEYS);
  return concatChunks(syclbinChunks(file, opts));
}

/**
 * A SYCLBIN file as chunks: headers, tables and metadata as bytes, images as the blobs of the model
 * (a streaming writer copies them from their input; nothing holds them all).
 */
export function syclbinChunks(file: SyclbinFileInput, opts: WriteSyclbinOptions = {}): Chunk[] {
  opts = optionsArgument(opts, 'syclbinChunks', WRITE_SYCLBIN_KEYS);
  // A model of the wrong shape is refused at its path, as a value the writer cannot write is.
  const shape = syclbinModelProblem(file);
  if (shape) throw new EncodeError(shape.message, shape.path);
  const format = opts.format ?? file.version;
  // A JavaScript caller is not held to the types: a version, envelope or layout we do not write,
  // or an option that cannot apply, is an error, not a file written silently without it.
  if (format !== 1 && format !== 2) throw new EncodeError(`unsupported SYCLBIN version ${shownValue(format)} (1 or 2)`, opts.format === undefined ? ['version'] : []);
  if (opts.envelope !== undefined && !ENVELOPE_CHOICES.includes(opts.envelope)) throw new EncodeError(`unknown envelope ${shownValue(opts.envelope)} (${ENVELOPE_CHOICES.join(', ')})`);
  checkLayout(opts.layout);
  if (opts.offloadVersion !== undefined && opts.offloadVersion !== 2 && opts.offloadVersion !== 3) throw new EncodeError(`unsupported offloadVersion ${shownValue(opts.offloadVersion)} (2 or 3)`);
  if (opts.compressor !== undefined && typeof opts.compressor !== 'function') throw new EncodeError(`the compressor must be a function (bytes, kind) => compressed bytes, not ${describeValue(opts.compressor)}`);
  if (opts.formatVersionKey !== undefined && typeof opts.formatVersionKey !== 'boolean') throw new EncodeError(`formatVersionKey must be true or false, not ${shownValue(opts.formatVersionKey)}`);
  if (format === 2) {
    if (opts.envelope !== undefined && opts.envelope !== 'keep') throw new EncodeError(`envelope '${opts.envelope}' is for version 1 files: a version 2 file is an OffloadBinary of role entries (choose its version with offloadVersion)`);
    if (opts.layout !== undefined) throw new EncodeError('layout is the table order of version 1 files; a version 2 file has none');
    return syclbinV2Chunks(file, opts);
  }
  if (opts.offloadVersion !== undefined) throw new EncodeError("offloadVersion is for version 2 files; a version 1 file's envelope is chosen with envelope");
  if (opts.formatVersionKey !== undefined) throw new EncodeError('formatVersionKey is a key of version 2 files');
  const sybi = sybiChunks(file, opts.layout ?? file.layout ?? 'canonical');
  let choice = opts.envelope ?? 'keep';
  const env = file.envelope;
  if (choice === 'keep') {
    if (env.kind !== 'offload') choice = 'none';
    else if (env.runtimeStyle) choice = 'runtime';
    else choice = env.version === 1 ? 'offload-v1' : env.version === 2 ? 'offload-v2' : 'offload-v3';
  }
  if ((choice === 'none' || choice === 'runtime') && opts.compression !== undefined) {
    throw new EncodeError(`compression needs an OffloadBinary version 3 envelope (envelope 'offload-v3'); the ${choice === 'none' ? 'bare file has no envelope' : "runtime's envelope is version 2"}`);
  }
  if (choice === 'none') return sybi;
  // The runtime's envelope as read keeps its kinds and flags: the OffloadKind the runtime stamps differs
  // between its revisions (docs/spec/syclbin-format.md §1.5), and the layout says nothing of them.
  if (choice === 'runtime') return envelopeChunks(() => runtimeEnvelopeChunks(sybi, env.kind === 'offload' && env.runtimeStyle && (opts.envelope ?? 'keep') === 'keep' ? env : undefined));
  const version = choice === 'offload-v1' ? 1 : choice === 'offload-v2' ? 2 : 3;
  const keep = env.kind === 'offload' && (opts.envelope ?? 'keep') === 'keep';
  const entry: OffloadEntryInput = {
    imageKind: keep ? env.imageKind : IMAGE_KIND.syclbin,
    offloadKind: keep ? env.offloadKind : offloadKindValue('sycl', numberingForVersion(version))!,
    flags: keep ? env.flags : 0,
    strings: keep ? env.strings : new Map(),
    image: sybi,
  };
  const compression = opts.compression ?? (keep && env.kind === 'offload' ? env.compression : undefined);
  return envelopeChunks(() => offloadBinaryChunks([entry], { version, compression, compressor: opts.compressor }));
}

/** A v1 layout option must name one of the layouts. */
function checkLayout(layout: unknown): void {
  if (layout !== undefined && !V1_LAYOUTS.includes(layout as V1Layout)) throw new EncodeError(`unknown layout ${shownValue(layout)} (${V1_LAYOUTS.join(' or ')})`);
}

/**
 * An image of the model as a blob to write: a blob as read, or (from a caller building a model)
 * plain bytes; anything else is an error at its path, not a TypeError or a NaN size.
 */
function imageBlob(given: unknown, path: readonly PathKey[]): Blob {
  const image = imageBytes(given);
  if (!isChunk(image)) throw new EncodeError(imageMessage(image), path);
  return { chunk: image, size: chunkSize(image) };
}

/**
 * A registry of the model as bytes; a value the writer cannot write is an error at its place in the
 * model (`abstractModules[0].irModules[1].metadata["set"]["key"]`), not only at its set and key.
 */
function registryAt(registry: PropertySetRegistry, path: readonly PathKey[]): Uint8Array {
  try {
    return writeRegistry(registry);
  } catch (e) {
    if (e instanceof EncodeError) throw e.within(...path);
    throw e;
  }
}

/**
 * The OffloadBinary around a v1 image; an envelope field the writer cannot write (its one entry's
 * kinds, flags or strings, which the model keeps in `envelope`) is an error at `envelope.…`, not at
 * `entries[0].…` of an entry list the caller never gave.
 */
function envelopeChunks<T>(write: () => T): T {
  try {
    return write();
  } catch (e) {
    if (e instanceof EncodeError && e.pathSegments[0] === 'entries' && e.pathSegments[1] === 0) {
      const named = e.namedKeys.slice(2).filter(Boolean).length;
      throw new EncodeError(e.reason, ['envelope', ...e.pathSegments.slice(2)], named);
    }
    throw e;
  }
}

/**
 * The bare SYBI image as one buffer (of a v2 model too), in `layout` (default: the model's
 * `layout`, else canonical). A model of the wrong shape is an EncodeError at its path, as in
 * `writeSyclbin`.
 */
export function writeSybi(file: SyclbinFileInput, layout?: V1Layout): Uint8Array {
  // (it ended in a TypeError, or in an error naming writeRegistry)
  const shape = syclbinModelProblem(file);
  if (shape) throw new EncodeError(shape.message, shape.path);
  return concatChunks(sybiChunks(file, layout ?? file.layout ?? 'canonical'));
}

interface Blob {
  chunk: Chunk;
  size: number;
  offset?: number;
}

/**
 * The bare SYBI image as chunks. Layouts (docs/spec/README.md rule 5): canonical = the first LLVM
 * writer's (per module: its metadata, its IR modules' metadata, its native images' metadata; binary
 * table per module: IR bytes then native bytes); grouped = the later LLVM/runtime order (all module
 * metadata, all IR metadata, all native metadata / all IR bytes, all native bytes). First-index fields
 * are running counts (even when a count is 0); the header's version and reserved bytes are the model's
 * (`headerVersion`, `headerReserved`: a read file's), else 1 and zeros.
 */
export function sybiChunks(file: SyclbinFileInput, layout: V1Layout = file.layout ?? 'canonical'): Chunk[] {
  checkLayout(layout);
  const reg = (r: PropertySetRegistry, path: readonly PathKey[]): Blob => {
    const b = registryAt(r, path);
    return { chunk: b, size: b.length };
  };
  const img = (m: { image: unknown }, path: readonly PathKey[]): Blob => imageBlob(m.image, path);
  const global = reg(file.globalMetadata, ['globalMetadata']);
  const ams = file.abstractModules.map((am, a) => ({
    md: reg(am.metadata, ['abstractModules', a, 'metadata']),
    ir: am.irModules.map((m, i) => ({ md: reg(m.metadata, ['abstractModules', a, 'irModules', i, 'metadata']), bin: img(m, ['abstractModules', a, 'irModules', i, 'image']) })),
    native: am.nativeImages.map((m, i) => ({ md: reg(m.metadata, ['abstractModules', a, 'nativeImages', i, 'metadata']), bin: img(m, ['abstractModules', a, 'nativeImages', i, 'image']) })),
  }));
  const { md: mdOrder, bin: binOrder } = v1BlobOrder(layout, global, ams);
  let mdSize = 0;
  for (const b of mdOrder) {
    b.offset = mdSize;
    mdSize += b.size;
  }
  let binSize = 0;
  for (const b of binOrder) {
    b.offset = binSize;
    binSize += b.size;
  }
  // Plan every layout-derived field declared in formats/syclbin-v1.ts.
  const plan: LayoutPlan = new WeakMap();
  // The SYBI header's version (0 or 1: both read) and its reserved bytes as the model holds them (a read
  // file's, which LLVM's writers leave uninitialised: formats/syclbin-v1.ts), so a read file writes back
  // the same; a new model gets version 1 and zeros.
  const version = file.headerVersion ?? SYCLBIN_V1_VERSION;
  if (version !== 0 && version !== SYCLBIN_V1_VERSION) throw new EncodeError(`headerVersion ${shownValue(version)} is not one a reader reads (0 or 1)`, ['headerVersion']);
  const reservedBytes = file.headerReserved === undefined ? undefined : imageBytes(file.headerReserved);
  if (reservedBytes !== undefined && !(reservedBytes instanceof Uint8Array && reservedBytes.length === 4)) {
    throw new EncodeError(`headerReserved must be 4 bytes (a Uint8Array), not ${describeValue(file.headerReserved)}`, ['headerReserved']);
  }
  const header = { version, reserved: reservedBytes };
  plan.set(header, { metadataTableSize: mdSize, binaryTableSize: binSize, metadataOffset: global.offset!, metadataSize: global.size });
  const abstractModules: object[] = [];
  const irModules: object[] = [];
  const nativeImages: object[] = [];
  for (const am of ams) {
    const h = {};
    plan.set(h, {
      metadataOffset: am.md.offset!,
      metadataSize: am.md.size,
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
        plan.set(ih, { metadataOffset: x.md.offset!, metadataSize: x.md.size, bytesOffset: x.bin.offset!, bytesSize: x.bin.size });
        list.push(ih);
      }
    }
  }
  const tables = { abstractModules, irModules, nativeImages };
  const counts = { abstractModuleCount: abstractModules.length, irModuleCount: irModules.length, nativeImageCount: nativeImages.length, metadataTableSize: mdSize, binaryTableSize: binSize };
  const regions = place(SyclbinV1Layout, lookupIn({ header: counts }));
  const sink = new Sink(regions.binaryTable.at, plan);
  encodeInto(sink, SyclbinFileHeader, header, { scopes: [tables], path: ['header'] });
  encodeInto(sink, SyclbinHeaderTables, tables as never, { scopes: [{ header }] });
  for (const b of mdOrder) sink.bytes(b.chunk as Uint8Array);
  sink.zeros(regions.metadataTable.paddedEnd - regions.metadataTable.end);
  return [sink.result(), ...binOrder.map((b) => b.chunk), new Uint8Array(regions.binaryTable.paddedEnd - regions.binaryTable.end)];
}

/**
 * The SYCL runtime's `ext_oneapi_get_content` envelope (sycl/source/detail/syclbin.cpp@03f1899d):
 * OffloadBinary v2 header {Size = 72 + len, EntriesOffset 32, EntriesCount 1}, one entry
 * {ImageKind 7, OffloadKind 8, Flags 0, StringOffset 0, NumStrings 0, ImageOffset 72, ImageSize len},
 * the SYBI bytes at 72; no string table, no extra padding.
 */
export function runtimeEnvelope(sybi: Uint8Array): Uint8Array {
  return concatChunks(runtimeEnvelopeChunks([toBytes(sybi, 'runtimeEnvelope: the SYBI image')]));
}

/** The runtime's envelope around `sybi`; its entry's kinds and flags are `fields`' (a read envelope's), else 7, 8 and 0. */
function runtimeEnvelopeChunks(sybi: readonly Chunk[], fields?: { imageKind: number; offloadKind: number; flags: number }): Chunk[] {
  const v = OFFLOAD_VERSIONS[2];
  const size = chunksSize(sybi);
  const imageAt = v.header.fixedSize + v.entry.fixedSize!;
  const plan: LayoutPlan = new WeakMap();
  const header = { version: 2 };
  const entry = fields
    ? { imageKind: fields.imageKind, offloadKind: fields.offloadKind, flags: fields.flags }
    : { imageKind: IMAGE_KIND.syclbin, offloadKind: offloadKindValue('sycl', 'bitmask')!, flags: 0 };
  plan.set(header, { size: imageAt + size, entriesOffset: v.header.fixedSize });
  plan.set(entry, { stringOffset: 0, numStrings: 0, imageOffset: imageAt, imageSize: size });
  const sink = new Sink(imageAt, plan);
  encodeInto(sink, v.header, header as never, { scopes: [{ entries: [entry] }], path: ['header'] });
  encodeInto(sink, v.entry, entry as never, { path: ['entries', 0] });
  return [sink.result(), ...sybi];
}

/**
 * SYCLBIN v2 role entries as chunks: entry order global, then per module am_metadata, ir..., native...;
 * keys sycl_format_version, role, am_index, then ir_type, triple or arch, triple; ImageKind 7,
 * OffloadKind 8 (docs/spec/README.md rule 6).
 */
function syclbinV2Chunks(file: SyclbinFileInput, opts: WriteSyclbinOptions): Chunk[] {
  const env = file.envelope;
  const version = opts.offloadVersion ?? (env.kind === 'roles' && env.version >= 2 ? (env.version as 2 | 3) : 2);
  const withFv = opts.formatVersionKey ?? (env.kind === 'roles' ? env.formatVersionKey : true);
  const compression = opts.compression ?? (env.kind === 'roles' ? env.compression : undefined);
  const K = V2_KEYS;
  type Pair = [string, string | Uint8Array];
  const keys = (role: string, more: Pair[] = []): Pair[] => [...(withFv ? [[K.formatVersion, V2_FORMAT_VERSION] as Pair] : []), [K.role, role], ...more];
  // The entry's triple and arch are the metadata's bytes as they are, UTF-8 or not (intel/llvm:
  // llvm/lib/Object/SYCLBIN.cpp SYCLBIN::write saves the StringRef's bytes), not their decoding, which
  // would replace bytes that are not UTF-8 by U+FFFD.
  const entry = (strings: Pair[], image: Chunk | Chunk[]): OffloadEntryInput => ({
    imageKind: V2_IMAGE_KIND,
    offloadKind: offloadKindValue('sycl', 'bitmask')!,
    flags: 0,
    strings,
    image,
  });
  const withPrefix = (md: Uint8Array, raw: Chunk): Chunk[] => {
    const plan: LayoutPlan = new WeakMap();
    const v = {};
    plan.set(v, { metadataSize: md.length });
    const sink = new Sink(SyclbinV2ImagePrefix.fixedSize! + md.length, plan);
    encodeInto(sink, SyclbinV2ImagePrefix, v);
    sink.bytes(md);
    return [sink.result(), raw];
  };
  const entries: OffloadEntryInput[] = [entry(keys('global_metadata'), registryAt(file.globalMetadata, ['globalMetadata']))];
  file.abstractModules.forEach((am, a) => {
    const idx: [string, string] = [K.amIndex, String(a)];
    entries.push(entry(keys('am_metadata', [idx]), registryAt(am.metadata, ['abstractModules', a, 'metadata'])));
    am.irModules.forEach((ir, i) => {
      const image = imageBlob(ir.image, ['abstractModules', a, 'irModules', i, 'image']).chunk;
      entries.push(entry(keys('ir', [idx, [K.irType, String(irTypeValue(ir) ?? 0)], [K.triple, irTargetBytes(ir) ?? '']]), withPrefix(registryAt(ir.metadata, ['abstractModules', a, 'irModules', i, 'metadata']), image)));
    });
    am.nativeImages.forEach((n, i) => {
      const image = imageBlob(n.image, ['abstractModules', a, 'nativeImages', i, 'image']).chunk;
      entries.push(entry(keys('native', [idx, [K.arch, nativeArchBytes(n) ?? ''], [K.triple, nativeTargetBytes(n) ?? '']]), withPrefix(registryAt(n.metadata, ['abstractModules', a, 'nativeImages', i, 'metadata']), image)));
    });
  });
  if (compression && version !== 3) throw new EncodeError('compression needs OffloadBinary version 3 (offloadVersion: 3)');
  return offloadBinaryChunks(entries, { version, compression, compressor: opts.compressor });
}
