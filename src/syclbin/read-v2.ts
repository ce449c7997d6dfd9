/**
 * SYCLBIN v2: role entries in one OffloadBinary (docs/spec/README.md rule 6; syclbin-format.md §1.4,
 * intel/llvm llvm/lib/Object/SYCLBIN.cpp@003d792a), driven by formats/syclbin-v2.ts. Error texts are
 * LLVM's (syclbin-format.md §5); each error points at the bytes it is about: the `role` or
 * `am_index` string value, the entry's image kind, the image's metadata size.
 */
import { blobRef, DecodeError, hexText, lookupIn, place, report, Space, type PathKey, type SpanNode } from '../codec/index.js';
import { SyclbinV2ImageLayout, SyclbinV2ImagePrefix, V2_FORMAT_VERSION, V2_IMAGE_KIND, V2_KEYS } from '../../formats/syclbin-v2.js';
import { OFFLOAD_VERSIONS } from '../../formats/offload-binary.js';
import { SYCLBIN_MAGIC } from '../../formats/syclbin-v1.js';
import { escapedStrings, type OffloadBinaryModel, type OffloadEntryModel } from '../offload/read.js';
import { readRegistry } from '../props/registry.js';
import type { PropertySetRegistry } from '../props/model.js';
import { LLVM_MESSAGES as M, SyclbinFormatError } from './errors.js';
import type { AbstractModule, RoleEntryFields, SyclbinFile, SyclbinImage } from './model.js';
import type { ReadSyclbinOptions } from './read.js';

const U64_MAX = (1n << 64n) - 1n;

/**
 * How much metadata a v2 read parses at most: `factor` times the binary's size (its inflated size when
 * compressed) plus `slackBytes`. Each entry's image is read once by any writer (intel/llvm
 * llvm/lib/Object/SYCLBIN.cpp, ours), so only images that overlap over and over reach it; past it the
 * read fails with a LIMIT error at the blob that asked for more (said once in collect mode).
 */
export const V2_SHARING_LIMITS = { factor: 2, slackBytes: 1 << 18 } as const;

/** Where entry i and its strings are, for error locations (offsets absolute in the file). */
class EntryLocator {
  private readonly entriesAt: number;
  constructor(private readonly ob: OffloadBinaryModel) {
    const v = OFFLOAD_VERSIONS[ob.version as 1 | 2 | 3];
    this.entriesAt = ob.offset + (ob.header[v.fields.entriesOffset] as number);
    this.fields = v.entry.offsets;
    this.entrySize = v.entry.fixedSize!;
  }
  private readonly fields: Readonly<Record<string, number>>;
  private readonly entrySize: number;
  /** Entry i, or one of its fields. */
  entry(i: number, field?: string): { offset: number; path: PathKey[] } {
    return { offset: this.entriesAt + this.entrySize * i + (field ? this.fields[field]! : 0), path: field ? ['entries', i, field] : ['entries', i] };
  }
  /** The value of string `key` of entry i (the last one: the value that counts), else the entry. */
  value(i: number, key: string): { offset: number; path: PathKey[] } {
    const list = this.ob.entries[i]!.stringEntries;
    for (let j = list.length - 1; j >= 0; j--) {
      if (list[j]!.key === key) return { offset: this.ob.offset + list[j]!.valueOffset, path: ['entries', i, 'strings', j, 'value'] };
    }
    return this.entry(i);
  }
  /** The entry table. */
  table(): { offset: number; path: PathKey[] } {
    return { offset: this.entriesAt, path: ['entries'] };
  }
}

/**
 * The first bytes of entry `e`'s image when they are the SYCLBIN v1 magic but for one byte, with
 * where they are (the image, whose first bytes they are; in a compressed payload, the `entry`).
 */
function damagedV1Magic(e: OffloadEntryModel, i: number, entry: { offset: number; path: PathKey[] }): { found: Uint8Array; at: { offset: number; path: PathKey[] } } | undefined {
  if (e.image.length < SYCLBIN_MAGIC.length) return undefined;
  const found = e.image.subarray(0, SYCLBIN_MAGIC.length);
  let same = 0;
  for (let k = 0; k < SYCLBIN_MAGIC.length; k++) if (found[k] === SYCLBIN_MAGIC[k]) same++;
  if (same !== SYCLBIN_MAGIC.length - 1) return undefined;
  return { found, at: e.imageRef.offset === undefined ? entry : { offset: e.imageRef.offset, path: ['entries', i, 'image'] } };
}

function fail(code: ConstructorParameters<typeof SyclbinFormatError>[0], headline: string, detail: string, at: { offset: number; path: PathKey[] }, extra = {}): SyclbinFormatError {
  return new SyclbinFormatError(code, headline, detail, at.offset, at.path, extra);
}

interface RoleEntry {
  role: 'am_metadata' | 'ir' | 'native';
  am: number;
  entry: OffloadEntryModel;
  index: number;
}

/**
 * Pass 1 over the entries, in the order of LLVM's SYCLBIN::readV2: ImageKind, role, duplicate
 * global, am_index.
 */
function classify(ob: OffloadBinaryModel, at: EntryLocator): { global: { entry: OffloadEntryModel; index: number } | undefined; roles: RoleEntry[]; modules: number; formatVersionKey: boolean } {
  const n = ob.entries.length;
  let global: { entry: OffloadEntryModel; index: number } | undefined;
  const roles: RoleEntry[] = [];
  let modules = 0;
  let formatVersionKey = false;
  ob.entries.forEach((e, i) => {
    if (e.imageKind !== V2_IMAGE_KIND) {
      throw fail('FORMAT', M.v2ImageKind, `Entry ${i} has ImageKind ${e.imageKind}; every SYCLBIN v2 entry has ImageKind 7 (IMG_SYCLBIN).`, at.entry(i, 'imageKind'));
    }
    if (e.strings.has(V2_KEYS.formatVersion)) formatVersionKey = true;
    const role = e.strings.get(V2_KEYS.role) ?? '';
    if (role === 'global_metadata') {
      if (global) throw fail('FORMAT', M.v2MultipleGlobal, `Entries ${global.index} and ${i} both have role global_metadata.`, at.value(i, V2_KEYS.role));
      global = { entry: e, index: i };
      return;
    }
    if (role !== 'am_metadata' && role !== 'ir' && role !== 'native') {
      // An entry without a role whose image starts one byte away from the SYCLBIN v1 magic: a v1
      // image whose magic was damaged (LLVM reads a file that is not v1 as v2, hence its sentence);
      // said, and placed at that magic, where the byte to look at is.
      const damaged = !e.strings.has(V2_KEYS.role) ? damagedV1Magic(e, i, at.entry(i)) : undefined;
      if (damaged) {
        throw fail('FORMAT', M.v2UnknownRole(role), `Entry ${i} has no role string, and its image starts with ${hexText(damaged.found)}, one byte from the SYCLBIN v1 magic ${hexText(Uint8Array.from(SYCLBIN_MAGIC))}: a v1 image whose magic is damaged?`, damaged.at);
      }
      throw fail('FORMAT', M.v2UnknownRole(role), `Entry ${i}: roles are global_metadata, am_metadata, ir and native.`, at.value(i, V2_KEYS.role));
    }
    const text = e.strings.get(V2_KEYS.amIndex) ?? '';
    // am_index: decimal digits only (no sign), fitting a u64 (parseAMIndex), below the entry count.
    if (!/^[0-9]+$/.test(text) || BigInt(text) > U64_MAX) {
      throw fail('FORMAT', M.v2InvalidAmIndex(text), `Entry ${i} (${role}) needs am_index as decimal digits.`, at.value(i, V2_KEYS.amIndex));
    }
    const am = BigInt(text);
    if (am >= BigInt(n)) throw fail('RANGE', M.v2AmIndexRange(am, n), `Entry ${i} (${role}).`, at.value(i, V2_KEYS.amIndex));
    modules = Math.max(modules, Number(am) + 1);
    roles.push({ role, am: Number(am), entry: e, index: i });
  });
  return { global, roles, modules, formatVersionKey };
}

/**
 * SYCLBIN v2 from its OffloadBinary. `file` is the input (positioned reads of ir/native images when
 * the binary is not compressed, so their raw bytes are not loaded until asked for).
 */
export function readSyclbinV2(ob: OffloadBinaryModel, file: Space, opts: ReadSyclbinOptions = {}): SyclbinFile {
  const at = new EntryLocator(ob);
  const n = ob.entries.length;
  const { global, roles, modules: count, formatVersionKey } = classify(ob, at);
  if (!global) throw fail('FORMAT', M.v2MissingGlobal, `None of the ${n} entries has role global_metadata.`, at.table());
  const fv = global.entry.strings.get(V2_KEYS.formatVersion) ?? '';
  if (fv !== '' && fv !== V2_FORMAT_VERSION) throw fail('VERSION', M.v2FormatVersion(fv), '', at.value(global.index, V2_KEYS.formatVersion));
  const tree = ob.compression ? undefined : opts.tree;
  const space = (e: OffloadEntryModel): Space => (e.imageRef.offset !== undefined && !ob.compression ? file.sub(e.imageRef.offset, e.imageRef.size) : Space.detached(e.image));
  // Each entry image holds a SYCLBIN part named by its model path: the image span becomes its group.
  if (tree) for (let i = 0; i < n; i++) tree.at(['entries', i, 'image']).kind = 'group';
  // Entries may share image bytes (OffloadBinary images may overlap): the registries parsed add up to
  // at most V2_SHARING_LIMITS of the binary, so 2,000 entries naming one 600 KB image are not 1.2 GB of
  // parsing (they were: 60 s and 4 GB).
  const budget = V2_SHARING_LIMITS.factor * Math.max(ob.size, Number(ob.inflatedSize ?? 0)) + V2_SHARING_LIMITS.slackBytes;
  let parsed = 0;
  let refused = false;
  // A registry blob at logical `path`; the entry image span (`entries[i].image`) becomes its group.
  const registry = (s: Space, o: number, size: number, path: PathKey[]): PropertySetRegistry => {
    parsed += size;
    if (parsed > budget) {
      if (!refused) {
        refused = true;
        report(
          opts,
          new SyclbinFormatError(
            'LIMIT',
            `The metadata of the entries read so far adds up to ${parsed} bytes, more than ${budget} for this ${ob.size}-byte binary.`,
            'Entries whose images name the same bytes over and over would make the file read as many times; this reader stops there (docs/spec/syclbin-format.md).',
            s.abs(o),
            path,
          ),
        );
      }
      return new Map();
    }
    const node = tree ? s.record({ path, parent: tree.at(path.slice(0, -1)), key: path[path.length - 1] }, o, size, 'metadata') : undefined;
    try {
      return readRegistry(s.bytes(o, size, 'metadata', path), { base: s.abs(o), tree, parent: node });
    } catch (err) {
      if (!(err instanceof DecodeError)) throw err;
      if (node) {
        // The lines read before the error keep their spans; the blob's value is the error (MetadataBlob.error).
        node.value = err;
      }
      report(opts, err.within(...path));
      return new Map();
    }
  };
  const gs = space(global.entry);
  const globalMetadata = registry(gs, 0, gs.size, ['globalMetadata']);
  const mods: { metadata?: PropertySetRegistry; irModules: SyclbinImage[]; nativeImages: SyclbinImage[] }[] = Array.from({ length: count }, () => ({ irModules: [], nativeImages: [] }));
  const amMetaEntry = new Map<number, number>();
  // Pass 2 in entry order: duplicate am_metadata, its registry; ir/native size prefix and registry.
  for (const r of roles) {
    const mod = mods[r.am]!;
    const s = space(r.entry);
    if (r.role === 'am_metadata') {
      if (mod.metadata) throw fail('FORMAT', M.v2DuplicateAm(r.am), `Entries ${amMetaEntry.get(r.am)} and ${r.index}.`, at.value(r.index, V2_KEYS.amIndex));
      amMetaEntry.set(r.am, r.index);
      mod.metadata = registry(s, 0, s.size, ['abstractModules', r.am, 'metadata']);
      continue;
    }
    const list = r.role === 'ir' ? mod.irModules : mod.nativeImages;
    const logical: PathKey[] = ['abstractModules', r.am, r.role === 'ir' ? 'irModules' : 'nativeImages', list.length];
    list.push(readImage(s, r, logical, tree, registry));
  }
  const abstractModules: AbstractModule[] = mods.map((m, a) => {
    if (!m.metadata) throw fail('FORMAT', M.v2MissingAm(a), `Abstract module ${a} is referenced but has no am_metadata entry.`, at.table());
    return { metadata: m.metadata, irModules: m.irModules, nativeImages: m.nativeImages };
  });
  const envelope: SyclbinFile['envelope'] = { kind: 'roles', version: ob.version, formatVersionKey };
  if (ob.compression) envelope.compression = ob.compression;
  // The entries' own fields, named by role and position (what inspect lists and diff compares; the
  // writer derives them, so they are not part of the model a writer takes: not enumerable).
  const keys = new Map<number, string>([[global.index, 'global_metadata']]);
  const seen = new Map<string, number>();
  for (const r of roles) {
    const base = r.role === 'am_metadata' ? `am${r.am}.metadata` : `am${r.am}.${r.role}`;
    const k = seen.get(base) ?? 0;
    seen.set(base, k + 1);
    keys.set(r.index, r.role === 'am_metadata' ? base : `${base}${k}`);
  }
  const entries: RoleEntryFields[] = ob.entries.map((e, i) => ({ key: keys.get(i)!, imageKind: e.imageKind, offloadKind: e.offloadKind, flags: e.flags, strings: escapedStrings(e) }));
  Object.defineProperty(envelope, 'entries', { value: entries, enumerable: false });
  if (!opts.visit) return { version: 2, envelope, globalMetadata, abstractModules };
  // Role entries come in any order: the modules are complete only now.
  const head: SyclbinFile = { version: 2, envelope, globalMetadata, abstractModules: [] };
  opts.visit.start(head, abstractModules.length);
  abstractModules.forEach((m, a) => opts.visit!.module(m, a));
  return head;
}

/** An `ir`/`native` image: u64 metadata size, registry text, raw bytes (formats/syclbin-v2.ts layout). */
function readImage(
  s: Space,
  r: RoleEntry,
  logical: PathKey[],
  tree: ReadSyclbinOptions['tree'],
  registry: (s: Space, o: number, size: number, path: PathKey[]) => PropertySetRegistry,
): SyclbinImage {
  const imagePath: PathKey[] = ['entries', r.index, 'image'];
  const prefixSize = SyclbinV2ImagePrefix.fixedSize!;
  if (s.size < prefixSize) {
    throw new SyclbinFormatError('EOF', M.v2ImageTooSmall, `Entry ${r.index} (${r.role}) has ${s.size} bytes; it needs at least the 8-byte metadata size.`, s.abs(0), imagePath, {
      needed: prefixSize,
      available: s.size,
    });
  }
  const group: SpanNode | undefined = tree ? s.record({ path: logical, parent: tree.at(logical.slice(0, -1)), key: logical[logical.length - 1] }, 0, s.size, 'group') : undefined;
  let metadataSize: number;
  try {
    ({ metadataSize } = s.decode(SyclbinV2ImagePrefix, 0, { path: logical, parent: group }));
  } catch (err) {
    // A size beyond 2^53 is certainly larger than the image: LLVM's "metadata size out of range".
    if (err instanceof DecodeError && err.code === 'RANGE') throw new SyclbinFormatError('RANGE', M.v2MetadataSize, err.reason, err.offset, [...logical, 'metadataSize']);
    throw err;
  }
  const p = place(SyclbinV2ImageLayout, lookupIn({ prefix: { metadataSize }, image: { size: s.size } }));
  if (p.metadata.end > s.size) {
    throw new SyclbinFormatError('RANGE', M.v2MetadataSize, `Entry ${r.index} declares ${metadataSize} metadata bytes but its image holds ${s.size - prefixSize} after the size field.`, s.abs(0), [
      ...logical,
      'metadataSize',
    ]);
  }
  const metadata = registry(s, p.metadata.at, p.metadata.size, [...logical, 'metadata']);
  if (group) s.record({ path: logical, parent: group, key: 'bytes' }, p.bytes.at, p.bytes.size, 'image');
  return { metadata, image: blobRef(s.src, p.bytes.at, p.bytes.size, s.base < 0 ? undefined : s.base + p.bytes.at) };
}
