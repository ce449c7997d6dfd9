/**
 * The pack/extract manifest (`syclbin pack MANIFEST.json`, `syclbin extract FILE -o DIR`; schema:
 * schemas/syclbin-manifest.schema.json).
 *
 * A manifest names image files (paths relative to the manifest) and gives metadata either
 *   - as a registry in the shape of `syclbin props --json` (`metadata` / `globalMetadata`), exact
 *     down to set/key order and unknown sets, or
 *   - by the typed shorthands `state` (global), `type` + `target` (IR module), `arch` + `target`
 *     (native image), which produce the registry the LLVM writers produce (spec syclbin-format.md §3:
 *     `[SYCLBIN/global metadata] state`, `[SYCLBIN/ir module metadata] type, target`,
 *     `[SYCLBIN/native device code image metadata] arch, target`).
 * When both are given they must agree (a stale field is an error, never silently ignored).
 * A registry may also be given in upstream LLVM's JSON form (`{"set":{"key":1}}`, told apart by
 * `propsJsonForm`): its own text in the manifest is read exactly as `readPropertiesFromJSON` reads a
 * file (src/props/llvm-json.ts); what LLVM lets through laxly comes back as notes.
 *
 * Portable core: files are loaded through a callback; the CLI resolves paths.
 */
import { blobsEqual, bytesEqual, decodeEscapedUtf8, EncodeError, encodeEscapedUtf8, formatPath, hexBytes, isWellFormed, toHex, jsonChecks, type BlobRef, type CompareBuffers, type JsonObject, optionsArgument, type OptionKeys } from '../codec/index.js';
import { IMAGE_KIND, numberingForVersion, offloadKindValue } from '../../formats/kinds.js';
import { safeFileName } from '../offload/extract.js';
import { propsJsonForm, registryFromJson, registryToJson, repeatedNames } from '../props/json.js';
import { PropertySetError } from '../props/errors.js';
import { parseLlvmJson, readLlvmPropertiesJson, type LlvmJsonNote, type LlvmJsonValue } from '../props/llvm-json.js';
import { stringProperty, uint32, type PropertySetRegistry } from '../props/model.js';
import { encodePropertyValue, writeRegistry } from '../props/registry.js';
import {
  BUNDLE_STATES,
  GLOBAL_METADATA_SET,
  IR_MODULE_METADATA_SET,
  IR_TYPES,
  NATIVE_IMAGE_METADATA_SET,
  bundleState,
  irTarget,
  irTypeValue,
  nativeArch,
  nativeTarget,
  syclbinModelArgument,
  type AbstractModule,
  type Envelope,
  type SyclbinFile,
  type SyclbinImage,
} from './model.js';
import { memoryBlob, type WriteSyclbinOptions } from './write.js';

/** The `format` value of a pack manifest (`syclbin pack`, `syclbin extract`). */
export const MANIFEST_FORMAT = 'syclbin-manifest';
/** The manifest `version` this tool reads and writes. */
export const MANIFEST_VERSION = 1;

/** Where in a manifest document: its keys and indexes. */
export type ManifestPath = (string | number)[];


// ---- checked accessors (src/codec/json.ts) -------------------------------------------------------

const J = jsonChecks();
const obj = J.object;
const arr = J.array;
const str = J.string;
const int = J.integer;
const only = J.only;

// ---- shorthands ---------------------------------------------------------------------------------

/** The registry an LLVM writer produces for the global metadata. */
export function globalRegistry(state: number): PropertySetRegistry {
  return new Map([[GLOBAL_METADATA_SET, new Map([['state', uint32(state)]])]]);
}

/** The `[SYCLBIN/ir module metadata]` registry of an IR module: `type` and, when given, `target`. */
export function irRegistry(type: number, target: string | undefined): PropertySetRegistry {
  const set = new Map([['type', uint32(type)]]) as Map<string, ReturnType<typeof uint32> | ReturnType<typeof stringProperty>>;
  if (target !== undefined) set.set('target', stringProperty(target));
  return new Map([[IR_MODULE_METADATA_SET, set]]);
}

/** The `[SYCLBIN/native device code image metadata]` registry of a native image: `arch` and `target` when given. */
export function nativeRegistry(arch: string | undefined, target: string | undefined): PropertySetRegistry {
  const set = new Map() as Map<string, ReturnType<typeof stringProperty>>;
  if (arch !== undefined) set.set('arch', stringProperty(arch));
  if (target !== undefined) set.set('target', stringProperty(target));
  return new Map([[NATIVE_IMAGE_METADATA_SET, set]]);
}

function sameRegistry(a: PropertySetRegistry, b: PropertySetRegistry): boolean {
  const x = writeRegistry(a);
  const y = writeRegistry(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

function stateNumber(v: unknown, path: ManifestPath): number {
  if (typeof v === 'string') {
    const i = (BUNDLE_STATES as readonly string[]).indexOf(v);
    if (i < 0) throw new EncodeError(`unknown state '${v}' (input, object, executable, or a number)`, path);
    return i;
  }
  return int(v, path, 0xffffffff);
}

function irTypeNumber(v: unknown, path: ManifestPath): number {
  if (typeof v === 'string') {
    const i = (IR_TYPES as readonly string[]).indexOf(v);
    if (i < 0) throw new EncodeError(`unknown IR type '${v}' (SPIR-V, PTX, AMDGCN, or a number)`, path);
    return i;
  }
  return int(v, path, 0xffffffff);
}

/** What reading a manifest needs besides the document: images, the manifest's text, notes. */
interface Reading {
  load: LoadImage;
  /** The manifest's bytes (upstream registries are read from their own text), if known. */
  source?: Uint8Array;
  tree?: LlvmJsonValue;
  notes: ManifestNote[];
}

/** A warning about an upstream-JSON registry of a manifest: where, how bad, what. */
export interface ManifestNote {
  /** `warning` (what LLVM's reader lets through laxly) or `note` (a set or key listed twice in our JSON form, folded as LLVM folds it). */
  readonly severity: string;
  /** The manifest path of the value (`abstractModules[0].metadata["s"]["n"]`). */
  readonly path: string;
  /** What is wrong. */
  readonly message: string;
  /** Byte offset of the value in the manifest's bytes, when known. */
  readonly byte?: number;
}

/** The text of the value at `path` in the manifest (offset `base`), or the value written out again. */
function textOf(v: unknown, path: ManifestPath, r: Reading): { bytes: Uint8Array; base: number } {
  if (r.source) {
    const bom = r.source[0] === 0xef && r.source[1] === 0xbb && r.source[2] === 0xbf ? 3 : 0;
    let node: LlvmJsonValue | undefined = (r.tree ??= parseLlvmJson(r.source.subarray(bom)).root);
    for (const k of path) node = node?.kind === 'object' ? node.members.get(String(k)) : node?.kind === 'array' ? node.items[Number(k)] : undefined;
    if (node) return { bytes: r.source.subarray(bom + node.start, bom + node.end), base: bom + node.start };
  }
  return { bytes: new TextEncoder().encode(JSON.stringify(v)), base: 0 };
}

function registryField(v: unknown, path: ManifestPath, r: Reading): PropertySetRegistry {
  let base = 0;
  try {
    if (propsJsonForm(v) === 'syclbin') {
      const registry = registryFromJson(v);
      // A set or key listed twice is folded as LLVM's reader folds it: said, as 'props --encode' says it.
      const text = textOf(v, path, r);
      addNotes(repeatedNames(v, text.bytes), text.base, path, r);
      return registry;
    }
    const text = textOf(v, path, r);
    base = text.base;
    const read = readLlvmPropertiesJson(text.bytes);
    addNotes(read.notes, base, path, r);
    return read.registry;
  } catch (e) {
    if (e instanceof PropertySetError) throw e.rebase(base).within(...path);
    if (e instanceof EncodeError) throw e.within(...path);
    throw e;
  }
}

/** Notes on a registry of the manifest, placed at the set or key they name (offsets from `base`). */
function addNotes(notes: readonly LlvmJsonNote[], base: number, path: ManifestPath, r: Reading): void {
  for (const n of notes) {
    const names = [n.set, n.key].filter((x): x is string => x !== undefined);
    const where = formatPath([...path, ...names], names.length);
    r.notes.push({ severity: n.severity, path: where, message: n.message, ...(n.at === undefined ? {} : { byte: base + n.at }) });
  }
}

/** metadata given as registry and/or shorthand; both must agree. */
function resolveMetadata(o: JsonObject, field: string, shorthand: PropertySetRegistry | undefined, path: ManifestPath, what: string, r: Reading): PropertySetRegistry {
  const given = o[field] === undefined ? undefined : registryField(o[field], [...path, field], r);
  const differs = given && shorthand ? shorthandDisagreement(given, shorthand) : undefined;
  if (differs) throw new EncodeError(`the ${what} shorthand fields and '${field}' describe different metadata (${differs}); give one of them`, path);
  return given ?? shorthand ?? new Map();
}

/**
 * Where a registry given in full disagrees with what the shorthand fields say (each property they
 * imply must be there with the same value; its order and the other sets and keys are the registry's
 * own, what the file gets), or undefined when it agrees.
 */
function shorthandDisagreement(given: PropertySetRegistry, shorthand: PropertySetRegistry): string | undefined {
  for (const [set, props] of shorthand) {
    for (const [key, v] of props) {
      const w = given.get(set)?.get(key);
      const want = encodePropertyValue(v);
      if (w === undefined) return `[${set}] ${key}=${want} is not in '${set}' of the registry`;
      const have = encodePropertyValue(w);
      if (have !== want) return `[${set}] ${key} is ${have} there, ${want} by the shorthand`;
    }
  }
  return undefined;
}

// ---- manifest -> model --------------------------------------------------------------------------

/** A manifest read: the SYCLBIN model to write and the writer options it asks for. */
export interface PackPlan {
  /** The model to write. */
  file: SyclbinFile;
  /** Writer options: SYCLBIN version, the model's envelope kept, the v1 layout. */
  options: WriteSyclbinOptions;
  /** Warnings about upstream-JSON registries (`path: warning: message (byte N)`), for the user to see. */
  notes: string[];
  /** The same warnings, each with its parts and byte offset (`pack` places them at their line and column). */
  manifestNotes: ManifestNote[];
}

/** Reads an image named by the manifest (path exactly as written there). */
export type LoadImage = (path: string, where: ManifestPath) => Uint8Array | BlobRef;

function envelopeFrom(v: unknown, syclbinVersion: 1 | 2, path: ManifestPath): Envelope {
  if (v === undefined) return syclbinVersion === 1 ? { kind: 'none' } : { kind: 'roles', version: 2, formatVersionKey: true };
  if (typeof v === 'string') {
    const m = /^offload-v([123])$/.exec(v);
    if (syclbinVersion === 2) {
      if (!m || m[1] === '1') throw new EncodeError(`a SYCLBIN v2 file is an OffloadBinary v2 or v3: envelope 'offload-v2' or 'offload-v3' (got '${v}')`, path);
      return { kind: 'roles', version: Number(m[1]), formatVersionKey: true };
    }
    if (v === 'none') return { kind: 'none' };
    if (v === 'runtime') return runtimeEnvelope();
    if (m) return offloadEnvelope(Number(m[1]), {});
    throw new EncodeError(`unknown envelope '${v}' (none, offload-v1, offload-v2, offload-v3, runtime)`, path);
  }
  const o = obj(v, path);
  const kind = str(o.kind, [...path, 'kind']);
  const compression = (): 'zlib' | 'zstd' | undefined => {
    if (o.compression === undefined || o.compression === null) return undefined;
    if (o.compression !== 'zlib' && o.compression !== 'zstd') throw new EncodeError("compression must be 'zlib', 'zstd' or null", [...path, 'compression']);
    return o.compression;
  };
  if (syclbinVersion === 2) {
    if (kind !== 'roles') throw new EncodeError(`a SYCLBIN v2 manifest needs envelope kind 'roles' (got '${kind}')`, [...path, 'kind']);
    only(o, ['kind', 'version', 'formatVersionKey', 'compression'], path);
    const version = o.version === undefined ? 2 : int(o.version, [...path, 'version'], 3);
    if (version < 2) throw new EncodeError('SYCLBIN v2 role entries need OffloadBinary version 2 or 3', [...path, 'version']);
    const c = compression();
    if (c && version !== 3) throw new EncodeError('compression needs OffloadBinary version 3', [...path, 'compression']);
    if (o.formatVersionKey !== undefined && typeof o.formatVersionKey !== 'boolean') throw new EncodeError('expected true or false', [...path, 'formatVersionKey']);
    const env: Envelope = { kind: 'roles', version, formatVersionKey: o.formatVersionKey !== false };
    if (c) env.compression = c;
    return env;
  }
  if (kind === 'none') {
    only(o, ['kind'], path);
    return { kind: 'none' };
  }
  if (kind === 'runtime') {
    // The entry's kinds and flags: the runtime's 7, 8, 0 unless given (a read file's, which another
    // runtime revision stamped otherwise).
    only(o, ['kind', 'imageKind', 'offloadKind', 'flags'], path);
    const env = runtimeEnvelope();
    if (o.imageKind !== undefined) env.imageKind = int(o.imageKind, [...path, 'imageKind'], 0xffff);
    if (o.offloadKind !== undefined) env.offloadKind = int(o.offloadKind, [...path, 'offloadKind'], 0xffff);
    if (o.flags !== undefined) env.flags = int(o.flags, [...path, 'flags'], 0xffffffff);
    return env;
  }
  if (kind === 'roles') throw new EncodeError(`envelope kind 'roles' is SYCLBIN v2's: set "syclbinVersion": 2 (a v1 manifest takes none, offload or runtime)`, [...path, 'kind']);
  if (kind !== 'offload') throw new EncodeError(`unknown envelope kind '${kind}' (none, offload, runtime; roles with "syclbinVersion": 2)`, [...path, 'kind']);
  only(o, ['kind', 'version', 'imageKind', 'offloadKind', 'flags', 'strings', 'compression'], path);
  const version = int(o.version, [...path, 'version'], 3);
  if (version < 1) throw new EncodeError('OffloadBinary version is 1, 2 or 3', [...path, 'version']);
  const strings = new Map<string, string>();
  const firsts = new Map<string, number>();
  if (o.strings !== undefined) {
    arr(o.strings, [...path, 'strings']).forEach((s, i) => {
      const sp = [...path, 'strings', i];
      const so = obj(s, sp);
      only(so, ['key', 'value'], sp);
      const key = byteText(str(so.key, [...sp, 'key']), [...sp, 'key']);
      const value = byteText(str(so.value, [...sp, 'value']), [...sp, 'value']);
      // Checked here so that the error names the manifest's field, not the written model's (the writer,
      // src/offload/write.ts, says the same for other callers): keys are NUL-terminated in every version,
      // values in version 1.
      if (key.includes('\0')) throw new EncodeError('string keys cannot contain NUL', [...sp, 'key']);
      if (version === 1 && value.includes('\0')) throw new EncodeError('version 1 string values are NUL-terminated and cannot contain NUL', [...sp, 'value']);
      // An entry's strings are a map (LLVM's StringData): a second value for a key would replace the first unseen.
      const first = firsts.get(key);
      if (first !== undefined) throw new EncodeError(`string key ${JSON.stringify(key)} is given twice (first at strings[${first}]): an entry's strings are a map`, [...sp, 'key']);
      firsts.set(key, i);
      strings.set(key, value);
    });
  }
  const c = compression();
  if (c && version !== 3) throw new EncodeError('compression needs OffloadBinary version 3', [...path, 'compression']);
  return offloadEnvelope(version, {
    imageKind: o.imageKind === undefined ? undefined : int(o.imageKind, [...path, 'imageKind'], 0xffff),
    offloadKind: o.offloadKind === undefined ? undefined : int(o.offloadKind, [...path, 'offloadKind'], 0xffff),
    flags: o.flags === undefined ? undefined : int(o.flags, [...path, 'flags'], 0xffffffff),
    strings,
    compression: c,
  });
}

/**
 * An envelope string of the manifest: text, where a byte that is not UTF-8 is the lone surrogate
 * U+DC80+byte (`\udcff` in JSON, as `extract` writes it); another lone surrogate stands for no byte.
 * Returned in its one spelling (escapes of bytes that form UTF-8 read as that text).
 */
function byteText(text: string, path: ManifestPath): string {
  const bytes = encodeEscapedUtf8(text, (code, index) => {
    throw new EncodeError(`a lone surrogate \\u${code.toString(16)} at character ${index}: not text, and not a byte (a byte 0x80-0xFF that is not UTF-8 is written \\udc80-\\udcff)`, path);
  });
  // (one spelling per byte string: escapes of bytes that are UTF-8 read as that text)
  return decodeEscapedUtf8(bytes);
}

function runtimeEnvelope(): Extract<Envelope, { kind: 'offload' }> {
  return { kind: 'offload', version: 2, imageKind: IMAGE_KIND.syclbin, offloadKind: offloadKindValue('sycl', 'bitmask')!, flags: 0, strings: new Map(), runtimeStyle: true, extraEntries: 0 };
}

function offloadEnvelope(
  version: number,
  o: { imageKind?: number; offloadKind?: number; flags?: number; strings?: Map<string, string>; compression?: 'zlib' | 'zstd' },
): Envelope {
  const env: Envelope = {
    kind: 'offload',
    version,
    imageKind: o.imageKind ?? IMAGE_KIND.syclbin,
    offloadKind: o.offloadKind ?? offloadKindValue('sycl', numberingForVersion(version))!,
    flags: o.flags ?? 0,
    strings: o.strings ?? new Map(),
    runtimeStyle: false,
    extraEntries: 0,
  };
  if (o.compression) env.compression = o.compression;
  return env;
}

/**
 * A `target` or `arch` shorthand: text, written as its UTF-8 (stringProperty). A lone surrogate has
 * no UTF-8 (TextEncoder would write U+FFFD, a value other than the one given): an error that says
 * where bytes that are not UTF-8 go (`extract` writes such a value in `metadata`).
 */
function shorthandText(v: unknown, path: ManifestPath): string {
  const text = str(v, path);
  if (!isWellFormed(text)) {
    throw new EncodeError(`${JSON.stringify(path[path.length - 1])} is UTF-8 text and this one has a lone surrogate (it would be written as U+FFFD); give a value that is not UTF-8 in 'metadata' (the 'syclbin props --json' shape, its bytes as hex)`, path);
  }
  return text;
}

function imageFrom(v: unknown, kind: 'ir' | 'native', r: Reading, path: ManifestPath): SyclbinImage {
  const o = obj(v, path);
  only(o, kind === 'ir' ? ['file', 'type', 'target', 'metadata'] : ['file', 'arch', 'target', 'metadata'], path);
  const fileName = str(o.file, [...path, 'file']);
  // (schemas/syclbin-manifest.schema.json: minLength 1; '' would name the manifest's folder)
  if (fileName === '') throw new EncodeError('an empty image file name', [...path, 'file']);
  const target = o.target === undefined ? undefined : shorthandText(o.target, [...path, 'target']);
  let shorthand: PropertySetRegistry | undefined;
  if (kind === 'ir') {
    if (o.type !== undefined || o.target !== undefined || o.metadata === undefined) {
      shorthand = irRegistry(o.type === undefined ? 0 : irTypeNumber(o.type, [...path, 'type']), target);
    }
  } else if (o.arch !== undefined || o.target !== undefined || o.metadata === undefined) {
    shorthand = nativeRegistry(o.arch === undefined ? undefined : shorthandText(o.arch, [...path, 'arch']), target);
  }
  const metadata = resolveMetadata(o, 'metadata', shorthand, path, kind === 'ir' ? 'type/target' : 'arch/target', r);
  const bytes = r.load(fileName, [...path, 'file']);
  return { metadata, image: bytes instanceof Uint8Array ? memoryBlob(bytes) : bytes };
}

/** The smallest manifest `pack` takes (one SPIR-V module): what `pack --help` and a manifest missing a required field show. */
export const MINIMAL_MANIFEST = '{"format":"syclbin-manifest","version":1,"state":"input","abstractModules":[{"irModules":[{"file":"k.spv","target":"spir64-unknown-unknown"}]}]}';

/**
 * Parse a manifest document and load its images: the model and the writer options for `pack`.
 * `source` = the manifest's bytes (`doc` is their JSON.parse): upstream-JSON registries are then read
 * from their own text, so LLVM's number and name rules apply exactly (without it, from the value
 * written out again).
 */
export function manifestToModel(doc: unknown, load: LoadImage, source?: Uint8Array): PackPlan {
  const r: Reading = { load, notes: [], ...(source ? { source } : {}) };
  const root = obj(doc, []);
  only(root, ['format', 'version', 'syclbinVersion', 'layout', 'header', 'envelope', 'state', 'globalMetadata', 'abstractModules', 'comment'], []);
  // Every required field that is missing, said at once, with what it takes.
  const missing: [string, string][] = [];
  if (root.format === undefined) missing.push(['format', `'format': "${MANIFEST_FORMAT}"`]);
  if (root.version === undefined) missing.push(['version', `'version': ${MANIFEST_VERSION}`]);
  if (root.state === undefined && root.globalMetadata === undefined) missing.push(['state', `'state': "input", "object" or "executable" (or a 'globalMetadata' registry)`]);
  if (missing.length) {
    throw new EncodeError(`the manifest is missing ${missing.map(([, t]) => t).join(', ')}; the least a manifest holds: ${MINIMAL_MANIFEST}`, missing.length === 1 ? [missing[0]![0]] : []);
  }
  if (root.format !== MANIFEST_FORMAT) throw new EncodeError(`'format' must be '${MANIFEST_FORMAT}'`, ['format']);
  if (root.version !== MANIFEST_VERSION) throw new EncodeError(`unsupported manifest 'version' ${JSON.stringify(root.version)} (this tool reads ${MANIFEST_VERSION})`, ['version']);
  const sv = root.syclbinVersion === undefined ? 1 : root.syclbinVersion;
  if (sv !== 1 && sv !== 2) throw new EncodeError('syclbinVersion must be 1 (SYBI) or 2 (role entries)', ['syclbinVersion']);
  const layout = root.layout === undefined ? 'canonical' : root.layout;
  if (layout !== 'canonical' && layout !== 'grouped') throw new EncodeError("layout must be 'canonical' or 'grouped'", ['layout']);
  if (sv === 2 && root.layout !== undefined) throw new EncodeError("'layout' applies to SYCLBIN v1 only (v2 entry order is fixed)", ['layout']);
  const envelope = envelopeFrom(root.envelope, sv, ['envelope']);
  const state = root.state === undefined ? undefined : stateNumber(root.state, ['state']);
  if (state === undefined && root.globalMetadata === undefined) throw new EncodeError("give the bundle 'state' (input, object, executable) or 'globalMetadata'", []);
  const globalMetadata = resolveMetadata(root, 'globalMetadata', state === undefined ? undefined : globalRegistry(state), [], 'state', r);
  const abstractModules: AbstractModule[] = arr(root.abstractModules ?? [], ['abstractModules']).map((av, a) => {
    const ap = ['abstractModules', a];
    const ao = obj(av, ap);
    only(ao, ['metadata', 'irModules', 'nativeImages'], ap);
    return {
      metadata: ao.metadata === undefined ? new Map() : registryField(ao.metadata, [...ap, 'metadata'], r),
      irModules: arr(ao.irModules ?? [], [...ap, 'irModules']).map((v, i) => imageFrom(v, 'ir', r, [...ap, 'irModules', i])),
      nativeImages: arr(ao.nativeImages ?? [], [...ap, 'nativeImages']).map((v, i) => imageFrom(v, 'native', r, [...ap, 'nativeImages', i])),
    };
  });
  const file: SyclbinFile = { version: sv, envelope, globalMetadata, abstractModules };
  if (root.header !== undefined) {
    // The SYBI header's version and reserved bytes when a file had others than the writer's 1 and zeros.
    if (sv !== 1) throw new EncodeError("'header' is the SYBI header of SYCLBIN v1 files; a v2 file has none", ['header']);
    const h = obj(root.header, ['header']);
    only(h, ['version', 'reserved'], ['header']);
    if (h.version !== undefined) {
      const v = int(h.version, ['header', 'version'], 1);
      file.headerVersion = v;
    }
    if (h.reserved !== undefined) {
      const b = hexBytes(str(h.reserved, ['header', 'reserved']));
      if (!b || b.length !== 4) throw new EncodeError('reserved must be 4 bytes as 8 hex digits', ['header', 'reserved']);
      file.headerReserved = b;
    }
  }
  const options: WriteSyclbinOptions = { format: sv, envelope: 'keep' };
  if (sv === 1) options.layout = layout;
  return { file, options, notes: r.notes.map((n) => `${n.path}: ${n.severity}: ${n.message}${n.byte === undefined ? '' : ` (byte ${n.byte})`}`), manifestNotes: r.notes };
}

// ---- model -> manifest ---------------------------------------------------------------------------

/** File names extract gives the images: am<A>.ir<I>.<ext> / am<A>.native<I>[.<arch>].bin. */
export function imageFileNames(file: SyclbinFile): { ir: string[][]; native: string[][] } {
  const ext = ['spv', 'ptx', 'amdgcn'];
  return {
    ir: file.abstractModules.map((am, a) => am.irModules.map((ir, i) => `am${a}.ir${i}.${ext[irTypeValue(ir) ?? -1] ?? 'bin'}`)),
    native: file.abstractModules.map((am, a) =>
      am.nativeImages.map((n, i) => {
        const arch = nativeArch(n);
        return `am${a}.native${i}${arch ? '.' + safeFileName(arch).slice(0, 64) : ''}.bin`;
      }),
    ),
  };
}

/** Options of `modelToManifest`. */
export interface ManifestOptions {
  /** The v1 layout to record (default: the file's, as read, else `canonical`). */
  layout?: 'canonical' | 'grouped';
}

/** The options modelToManifest takes (any other key is an UnknownOptionError). */
const MANIFEST_KEYS: OptionKeys<ManifestOptions> = { layout: true };

/**
 * The manifest that packs back into `file` (same model; same bytes when the file is in the layout
 * given). Metadata is written as the typed shorthand when that reproduces it exactly, else as the
 * full registry (`syclbin props --json` shape).
 */
export function modelToManifest(file: SyclbinFile, opts: ManifestOptions = {}): JsonObject {
  opts = optionsArgument(opts, 'modelToManifest', MANIFEST_KEYS);
  syclbinModelArgument(file, 'modelToManifest');
  const names = imageFileNames(file);
  const doc: JsonObject = { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, syclbinVersion: file.version };
  if (file.version === 1) doc.layout = opts.layout ?? file.layout ?? 'canonical';
  // The SYBI header's version and reserved bytes, where they are not what a writer writes (1, zeros):
  // LLVM's writers leave the reserved bytes uninitialised (formats/syclbin-v1.ts).
  if (file.version === 1) {
    const header: JsonObject = {};
    if (file.headerVersion !== undefined && file.headerVersion !== 1) header.version = file.headerVersion;
    if (file.headerReserved?.some((b) => b !== 0)) header.reserved = toHex(file.headerReserved);
    if (Object.keys(header).length) doc.header = header;
  }
  const e = file.envelope;
  if (e.kind === 'none') doc.envelope = { kind: 'none' };
  else if (e.kind === 'roles') doc.envelope = { kind: 'roles', version: e.version, formatVersionKey: e.formatVersionKey, compression: e.compression ?? null };
  else if (e.runtimeStyle) {
    const rt = runtimeEnvelope();
    const o: JsonObject = { kind: 'runtime' };
    for (const k of ['imageKind', 'offloadKind', 'flags'] as const) if (e[k] !== rt[k]) o[k] = e[k];
    doc.envelope = o;
  }
  else {
    doc.envelope = {
      kind: 'offload',
      version: e.version,
      imageKind: e.imageKind,
      offloadKind: e.offloadKind,
      flags: e.flags,
      strings: [...e.strings].map(([key, value]) => ({ key, value })),
      compression: e.compression ?? null,
    };
  }
  const state = bundleState(file);
  const stateNum = file.globalMetadata.get(GLOBAL_METADATA_SET)?.get('state');
  if (state !== undefined && stateNum?.type === 1 && sameRegistry(file.globalMetadata, globalRegistry(stateNum.value))) {
    doc.state = stateNum.value < BUNDLE_STATES.length ? state : stateNum.value;
  } else doc.globalMetadata = registryToJson(file.globalMetadata);
  doc.abstractModules = file.abstractModules.map((am, a) => {
    const m: JsonObject = {};
    if (am.metadata.size) m.metadata = registryToJson(am.metadata);
    m.irModules = am.irModules.map((ir, i) => {
      const o: JsonObject = { file: names.ir[a]![i]! };
      const type = irTypeValue(ir);
      const target = irTarget(ir);
      if (type !== undefined && sameRegistry(ir.metadata, irRegistry(type, target))) {
        o.type = IR_TYPES[type] ?? type;
        if (target !== undefined) o.target = target;
      } else o.metadata = registryToJson(ir.metadata);
      return o;
    });
    m.nativeImages = am.nativeImages.map((n, i) => {
      const o: JsonObject = { file: names.native[a]![i]! };
      const arch = nativeArch(n);
      const target = nativeTarget(n);
      if (n.metadata.size === 1 && sameRegistry(n.metadata, nativeRegistry(arch, target))) {
        if (arch !== undefined) o.arch = arch;
        if (target !== undefined) o.target = target;
      } else o.metadata = registryToJson(n.metadata);
      return o;
    });
    return m;
  });
  return doc;
}

// ---- model comparison ------------------------------------------------------------------------------

/**
 * The first difference between two models, or undefined when they are equal. Layout details that a
 * writer decides (table order, padding, where the images lie) are not part of the model; the v1
 * header's version and reserved bytes, the envelope, metadata (byte-exact registry text, so set and
 * key order count) and image bytes are.
 */
export function modelDifference(a: SyclbinFile, b: SyclbinFile): string | undefined {
  if (a.version !== b.version) return `version ${a.version} vs ${b.version}`;
  if (a.version === 1 && (a.headerVersion ?? 1) !== (b.headerVersion ?? 1)) return `header version ${a.headerVersion ?? 1} vs ${b.headerVersion ?? 1}`;
  const zeros = new Uint8Array(4);
  if (a.version === 1 && !bytesEqual(a.headerReserved ?? zeros, b.headerReserved ?? zeros)) return `header reserved bytes ${toHex(a.headerReserved ?? zeros)} vs ${toHex(b.headerReserved ?? zeros)}`;
  const ea = a.envelope;
  const eb = b.envelope;
  if (ea.kind !== eb.kind) return `envelope ${ea.kind} vs ${eb.kind}`;
  if (ea.kind === 'offload' && eb.kind === 'offload') {
    for (const k of ['version', 'imageKind', 'offloadKind', 'flags', 'runtimeStyle', 'extraEntries', 'compression'] as const) {
      if (ea[k] !== eb[k]) return `envelope ${k} ${String(ea[k])} vs ${String(eb[k])}`;
    }
    if (JSON.stringify([...ea.strings]) !== JSON.stringify([...eb.strings])) return 'envelope string entries differ';
  }
  if (ea.kind === 'roles' && eb.kind === 'roles') {
    for (const k of ['version', 'formatVersionKey', 'compression'] as const) {
      if (ea[k] !== eb[k]) return `envelope ${k} ${String(ea[k])} vs ${String(eb[k])}`;
    }
  }
  const bufs: CompareBuffers = {};
  const reg = (x: PropertySetRegistry, y: PropertySetRegistry, what: string) => (bytesEqual(writeRegistry(x), writeRegistry(y)) ? undefined : `${what} differs`);
  const g = reg(a.globalMetadata, b.globalMetadata, 'global metadata');
  if (g) return g;
  if (a.abstractModules.length !== b.abstractModules.length) return `${a.abstractModules.length} vs ${b.abstractModules.length} abstract modules`;
  for (let i = 0; i < a.abstractModules.length; i++) {
    const x = a.abstractModules[i]!;
    const y = b.abstractModules[i]!;
    const m = reg(x.metadata, y.metadata, `metadata of abstract module ${i}`);
    if (m) return m;
    for (const kind of ['irModules', 'nativeImages'] as const) {
      if (x[kind].length !== y[kind].length) return `abstract module ${i}: ${x[kind].length} vs ${y[kind].length} ${kind}`;
      for (let j = 0; j < x[kind].length; j++) {
        const p = x[kind][j]!;
        const q = y[kind][j]!;
        const d = reg(p.metadata, q.metadata, `metadata of abstract module ${i} ${kind}[${j}]`);
        if (d) return d;
        if (!blobsEqual(p.image, q.image, bufs)) return `bytes of abstract module ${i} ${kind}[${j}] differ`;
      }
    }
  }
  return undefined;
}
