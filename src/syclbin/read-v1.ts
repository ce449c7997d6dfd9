/**
 * SYCLBIN v1 (docs/spec/README.md rule 5), driven by formats/syclbin-v1.ts: the file header, the
 * layout of the header tables and byte tables, and the relations of each header's fields (metadata
 * blobs, image blobs, index ranges of IR modules and native images).
 *
 * Checks run in the order of intel/llvm's `SYCLBIN::read` (SYCLBIN.cpp@efc12707): header size,
 * magic, version, the whole-file size, global metadata, then per abstract module its header and
 * metadata, its IR modules (header, metadata, bytes), its native range and native images; so a file
 * with several problems reports the same first one as LLVM. Header table entries are decoded when an
 * abstract module reaches them (as LLVM does); when recording spans, all of them are decoded first.
 *
 * Error paths name the bytes: a bad field of a header table entry is `irModules[1].metadataOffset`
 * (where the field is), a blob is named by the module it belongs to (`abstractModules[1].irModules[0].metadata`).
 */
import {
  blobRef,
  childByKey,
  compileRelation,
  Cursor,
  DecodeError,
  fits,
  locateRange,
  lookupIn,
  place,
  report,
  sizeField,
  startField,
  type BlobRelation,
  type Located,
  type PathKey,
  type Placement,
  type RelationReader,
  type SpanNode,
  type Space,
  type StructNode,
} from '../codec/index.js';
import {
  AbstractModuleHeader,
  IRModuleHeader,
  NativeImageHeader,
  SyclbinFileHeader,
  SyclbinV1Layout,
  type SyclbinFileHeaderValue,
} from '../../formats/syclbin-v1.js';
import { readRegistry, type ReadRegistryOptions } from '../props/registry.js';
import { decodeTypedRegistry, typedElementCount } from '../props/typed/index.js';
import type { PropertySetRegistry } from '../props/model.js';
import { asSizeError, LLVM_MESSAGES as M, SyclbinFormatError } from './errors.js';
import type { AbstractModule, Envelope, SyclbinFile, SyclbinImage } from './model.js';
import type { ReadSyclbinOptions } from './read.js';
import { VISIT_SHARES_BLOBS } from './visit-sharing.js';
import { RegistryCache } from './registry-cache.js';
import { detectV1Layout, type PlacedBlob, type V1ModuleBlobs } from './v1-order.js';

/** Where a v1 image's parts are, for checks that look at the layout (verify, annotate). */
export interface V1Geometry {
  /** Path of the image (`[]` for a bare file, `['entries', 0, 'image']` in an envelope). */
  readonly path: readonly PathKey[];
  /** Absolute offset of the image (-1 inside a compressed payload) and its size. */
  readonly offset: number;
  /** Image size in bytes. */
  readonly size: number;
  /** The file header as read. */
  readonly header: SyclbinFileHeaderValue;
  /** Regions (relative to the image): header, the three header tables, metadata and binary tables. */
  readonly regions: Readonly<Record<'header' | 'abstractModules' | 'irModules' | 'nativeImages' | 'metadataTable' | 'binaryTable', Placement>>;
  /** Which IR / native header entries some abstract module refers to. */
  readonly irUsed: boolean[];
  /** Which native image header entries some abstract module refers to. */
  readonly nativeUsed: boolean[];
  /** Every blob a header refers to (in reading order), inside its table or not. */
  readonly blobs: BlobUse[];
}

/** A header field pair that points at a blob. */
export interface BlobUse {
  /** Path of the offset field (`irModules[1].metadataOffset`) and its absolute offset. */
  readonly field: readonly PathKey[];
  /** Absolute offset of the offset field. */
  readonly fieldAt: number;
  /** Path of the blob itself (`abstractModules[0].irModules[1].bytes`). */
  readonly blob: readonly PathKey[];
  /** The table the blob's offset is relative to. */
  readonly table: 'metadataTable' | 'binaryTable';
  /** Offset and size relative to the table. */
  readonly offset: number;
  /** Blob size. */
  readonly size: number;
  /** Whether `[offset, +size)` lies inside the table. */
  readonly inside: boolean;
}

type TableName = 'abstractModules' | 'irModules' | 'nativeImages';

/** The regions after the file header (formats/syclbin-v1.ts SyclbinV1Layout, in file order), named for messages. */
const REGION_NAMES = {
  abstractModules: 'The abstract module header table',
  irModules: 'The IR module header table',
  nativeImages: 'The native image header table',
  metadataTable: 'The metadata table',
  binaryTable: 'The binary table',
} as const;

/**
 * Bytes of a header table read at once from a file source (the rest of the table when shorter): the
 * first block is small and the next ones double up to the largest, so a long table is refilled
 * early, while the reader is still being compiled (as ByteBuilder's chunks, src/codec/bytes.ts).
 */
const FIRST_TABLE_BLOCK = 1 << 12;
const TABLE_BLOCK = 1 << 16;


/**
 * How much sharing a v1 file may ask of its reader. Readers accept shared blobs and header ranges
 * that overlap (docs/spec/syclbin-format.md §1.2), but every abstract module naming the same range
 * of I headers makes a file of A + I entries name A × I images (a 64 KB file named a million), and
 * headers naming overlapping metadata blobs make a table of T bytes parse T × headers bytes. A read
 * may name `factor` times the module and image headers plus `slackImages` images in all, and parse
 * metadata up to `factor` times the metadata table plus `slackBytes` (a blob several headers name
 * is parsed once; each further header that names it hands its registry out again: what is handed out
 * again may weigh `repeatFactor` per byte of the metadata table, plus `repeatSlackBytes`, a blob
 * weighing its size, or `repeatBytesPerProperty` for each set, property and typed element it holds
 * and `repeatBytesPerPayloadByte` for each byte of its byte-array values, keys and set names, whichever is more (what
 * consumers build and print grows with those, not the text: `k=1|1` is 6 bytes, a bit list of N
 * bytes up to 8N elements, a byte printed as an escape 6 characters), unless `sharedBlobsFree`, for a
 * consumer whose output repeats it anyway, which is told instead (`onRepeatBudget`)): far above what any writer
 * makes (each blob once; the writer that put every module's first image index at 0, intel/llvm
 * efc1270's, names one image per module). Past that the read fails with a LIMIT error at the field
 * that asked for more, so work and memory stay linear in the file. Image bytes are not budgeted:
 * an image is a reference into the file, not a copy.
 */
export const V1_SHARING_LIMITS = { factor: 2, slackBytes: 1 << 18, slackImages: 1024, repeatFactor: 8, repeatSlackBytes: 4 << 20, repeatBytesPerProperty: 64, repeatBytesPerPayloadByte: 8 } as const;

/**
 * What handing out a parsed blob of `n` bytes again costs against the repeat budget: its size, or
 * `repeatBytesPerProperty` for each thing its typed form holds (sets, properties, the elements of
 * typed arrays: a bit list of N bytes is up to 8N) and `repeatBytesPerPayloadByte` for each byte of
 * its byte-array values, keys and set names (printed as hex, or text with escapes), whichever is more. Consumers (json, inspect,
 * extract) build and print per element, not per byte of text (review 2026-11-28c: a 100 KB bit list
 * named 38 times made a 416 MB manifest).
 */
function repeatWeight(value: PropertySetRegistry | DecodeError, n: number): number {
  if (!(value instanceof Map)) return n;
  const L = V1_SHARING_LIMITS;
  // (bytes of values, keys and set names: printed as hex or as text whose control and non-UTF-8 bytes
  // are escapes of up to 6 characters)
  let payload = 0;
  for (const [name, set] of value) {
    payload += name.length;
    for (const [key, v] of set) payload += key.length + (v.type === 2 ? v.bytes.length : 0);
  }
  return Math.max(n, typedElementCount(decodeTypedRegistry(value)) * L.repeatBytesPerProperty + payload * L.repeatBytesPerPayloadByte);
}

/**
 * A registry handed to another header that names the same blob: its own Map of sets and its own Map
 * per set (the values, read-only records, are shared), so that changing one module's metadata in a
 * read model changes no other module's. Linear in what the registry holds, as the repeat budget
 * ({@link repeatWeight}) already charges.
 */
function copyRegistry(registry: PropertySetRegistry): PropertySetRegistry {
  const copy: PropertySetRegistry = new Map();
  for (const [name, set] of registry) copy.set(name, new Map(set));
  return copy;
}

/**
 * The relations the reader follows, compiled from formats/syclbin-v1.ts (field offsets and types
 * come from there): the fields of a header table entry are read where they are, no entry decoded.
 */
const AM = {
  metadata: compileRelation(AbstractModuleHeader, 'metadata'),
  irModules: compileRelation(AbstractModuleHeader, 'irModules'),
  nativeImages: compileRelation(AbstractModuleHeader, 'nativeImages'),
};
/** The ranges {@link V1Reader.module} reads, in its order. */
const AM_RANGES = [AM.metadata, AM.irModules, AM.nativeImages];
function imageRelations<S extends typeof IRModuleHeader | typeof NativeImageHeader>(struct: S) {
  const metadata = compileRelation(struct as typeof IRModuleHeader, 'metadata');
  const bytes = compileRelation(struct as typeof IRModuleHeader, 'bytes');
  return { struct, metadata, bytes, ranges: [metadata, bytes] };
}
const IMAGES = { irModules: imageRelations(IRModuleHeader), nativeImages: imageRelations(NativeImageHeader) };

/**
 * One header table. An entry is read in place: `seek(i)` points `c`/`pos` at it in a block of the
 * table (the whole table in memory; up to `TABLE_BLOCK` bytes of a file) and the reader reads the fields
 * it follows with compiled relation readers. The relations cover every field of the three entry
 * structures (test/syclbin/malformed.test.ts checks it), so a field that does not decode (a u64 too
 * large) is found there; `fail` then decodes the entry with the general decoder, which raises the
 * error with its offset and path. When recording spans every entry is decoded first, in file order;
 * a bad one is reported and skipped.
 */
class HeaderTable {
  /** Span mode: which entries decoded (the others were reported). */
  private readonly decoded: boolean[] | undefined;
  /** Span mode: the table's group node (its entries are its children, keyed by index). */
  private readonly group: SpanNode | undefined;
  readonly count: number;
  readonly size: number;
  /** After `seek`: the block holding the entry and the entry's index in it. */
  c!: Cursor;
  pos = 0;
  /** Space offset of the block's byte 0, and the size of the last block read from a file. */
  private blockAt = 0;
  private block = 0;
  constructor(
    private readonly r: V1Reader,
    readonly name: TableName,
    readonly struct: StructNode<never>,
    readonly at: Placement,
  ) {
    this.size = struct.fixedSize!;
    this.count = at.size / this.size;
    if (r.space.tree) {
      const group = r.space.record({ path: r.outer, parent: r.node, key: name }, at.at, at.size, 'group');
      this.group = group;
      this.decoded = [];
      for (let i = 0; i < this.count; i++) {
        try {
          r.space.decode(struct, at.at + this.size * i, { path: [...r.outer, name, i], parent: group, key: i });
          this.decoded.push(true);
        } catch (e) {
          this.decoded.push(false);
          if (!(e instanceof DecodeError)) throw e;
          report(r.opts, asSizeError(e) as DecodeError);
        }
      }
    }
  }
  /**
   * Span mode: note that entry i is also named `logical` (image j of an abstract module), so the
   * entry and the module's image name each other (SpanNode.aliases). One alias per image read:
   * linear in what the reader reads.
   */
  alias(i: number, logical: SpanNode): void {
    const entry = this.group && childByKey(this.group, i);
    if (entry && entry.offset >= 0) (entry.aliases ??= []).push(logical);
  }
  /** Space offset of entry i. */
  entryAt(i: number): number {
    return this.at.at + this.size * i;
  }
  /** Point `c`/`pos` at entry i; false when it was reported (span mode, collect mode). */
  seek(i: number): boolean {
    if (this.decoded && !this.decoded[i]) return false;
    const o = this.entryAt(i);
    if (!this.c || o < this.blockAt || o + this.size - this.blockAt > this.c.end) {
      const space = this.r.space;
      const mem = space.src.bytes;
      if (mem) {
        this.blockAt = 0;
        this.c = new Cursor(mem, 0, space.abs(0));
      } else {
        // Inside the image: the constructor of V1Reader checked the whole layout against its size.
        this.block = this.block ? Math.min(this.block * 2, TABLE_BLOCK) : FIRST_TABLE_BLOCK;
        const length = Math.min(this.at.end - o, Math.max(this.block, this.size));
        this.blockAt = o;
        this.c = new Cursor(space.bytes(o, length, this.name, [...this.r.outer, this.name]), 0, space.abs(o));
      }
    }
    this.pos = o - this.blockAt;
    return true;
  }
  /**
   * Start and size of each of `relations` in entry i (after `seek`), as [start₀, size₀, start₁, …] in
   * an array reused by the next call; a field that does not read raises {@link fail}'s error.
   */
  ranges(i: number, relations: readonly RelationReader[]): readonly number[] {
    const { c, pos } = this;
    const out = this.got;
    try {
      for (let r = 0; r < relations.length; r++) {
        out[2 * r] = relations[r]!.start(c, pos);
        out[2 * r + 1] = relations[r]!.size(c, pos);
      }
    } catch (e) {
      throw this.fail(i, e);
    }
    return out;
  }
  private readonly got: number[] = [];
  /** A field of entry i did not read (`e`): the general decoder's error for the entry. */
  fail(i: number, e: unknown): unknown {
    if (!(e instanceof DecodeError)) return e;
    try {
      this.r.space.decode(this.struct, this.entryAt(i), { path: [...this.r.outer, this.name, i] });
    } catch (general) {
      return asSizeError(general);
    }
    return e;
  }
}

/** Which header a metadata blob belongs to: the file header, or an entry of a header table. */
type Owner = 'header' | TableName;

/**
 * Ranges `[offset, +size)` met so far, for telling the second naming of one: a file names its blobs
 * in rising offsets (kept as two arrays, found by binary search: no hashing of 400,000 offsets), a
 * range named out of order goes in a Map.
 */
class RangesSeen {
  private readonly offsets: number[] = [];
  private readonly sizes: number[] = [];
  private readonly others = new Set<string>();

  /** Whether `[offset, +size)` was met before; it is met from now on. */
  again(offset: number, size: number): boolean {
    const o = this.offsets;
    const last = o.length ? o[o.length - 1]! : -1;
    if (offset > last) {
      o.push(offset);
      this.sizes.push(size);
      return false;
    }
    let lo = 0;
    let hi = o.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (o[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    if (o[lo] === offset && this.sizes[lo] === size) return true;
    const key = `${offset}+${size}`;
    if (this.others.has(key)) return true;
    this.others.add(key);
    return false;
  }
}

/** State of one v1 read. */
class V1Reader {
  readonly header: SyclbinFileHeaderValue;
  readonly regions: V1Geometry['regions'];
  readonly geometry: V1Geometry;
  readonly am: HeaderTable;
  readonly ir: HeaderTable;
  readonly native: HeaderTable;
  private md: Uint8Array | undefined;
  /**
   * Where each blob of the module being read lies (metadata, then each image's metadata and bytes, in
   * reading order), to tell which writer order the file follows (src/syclbin/v1-order.ts); undefined
   * when not tracked (a streaming read keeps no per-module state).
   */
  placed: PlacedBlob[] | undefined;
  /** A blob outside its table was met: the file follows no writer order. */
  misplaced = false;
  /** The binary table runs past the end of the image (reported; read on while collecting problems). */
  cutShort = false;
  /** The options of every registry read (set per blob; readRegistry keeps none of them). */
  private readonly registryOptions: ReadRegistryOptions = {};
  /** Bytes of metadata blobs parsed so far, and images named (V1_SHARING_LIMITS). */
  private metadataTaken = 0;
  /** The weight of parsed blobs handed out again to further headers (V1_SHARING_LIMITS.repeatFactor). */
  private metadataRepeated = 0;
  /** The repeat budget was reported (or told to onRepeatBudget): once. */
  private repeatRefused = false;
  private imagesNamed = 0;
  /** Each metadata blob range parsed, by `offset+size`: its registry, or the error that stopped it (reported once). */
  /** Blobs parsed, by range: the registry (or error), its span node, and what naming it again costs (takeAgain). */
  private readonly parsed = new Map<number, { value: PropertySetRegistry | DecodeError; node: SpanNode | undefined; weight?: number; size: number }>();
  /** Parsed blobs at an offset `parsed` holds another range of, by `offset+size`. */
  private readonly parsedAlso = new Map<string, { value: PropertySetRegistry | DecodeError; node: SpanNode | undefined; weight?: number; size: number }>();
  /** A streaming read's blobs named once so far (see remember). */
  private readonly namedOnce = new RangesSeen();
  /**
   * Registries by the bytes they were read from, when the visitor keeps and changes nothing it is
   * handed (VISIT_SHARES_BLOBS, no spans): src/syclbin/registry-cache.ts.
   */
  private readonly sameBytes: RegistryCache | undefined;
  /** A sharing limit was reported (collect mode reads on without saying it again). */
  private sharingReported = false;
  private metadataRefused = false;

  constructor(
    readonly space: Space,
    readonly opts: ReadSyclbinOptions,
    readonly outer: readonly PathKey[],
    readonly node: SpanNode | undefined,
  ) {
    this.sameBytes = opts[VISIT_SHARES_BLOBS] === true && opts.visit && !space.tree ? new RegistryCache() : undefined;
    const hp = [...outer, 'header'];
    const headerSize = SyclbinFileHeader.fixedSize!;
    if (space.size < headerSize) {
      // The fields that are there are still named (annotate, hexdump): then the reader's error.
      space.recordPrefix(SyclbinFileHeader as never, 0, { path: hp, parent: node, key: 'header' });
      throw new SyclbinFormatError('EOF', M.size, `The SYCLBIN image has ${space.size} bytes, fewer than its ${headerSize}-byte header.`, space.abs(0), hp, {
        needed: headerSize,
        available: space.size,
      });
    }
    try {
      this.header = space.decode(SyclbinFileHeader, 0, { path: hp, parent: node, key: 'header' });
    } catch (e) {
      if (e instanceof DecodeError && e.code === 'MAGIC') throw new SyclbinFormatError('MAGIC', M.magic, e.reason, e.offset, e.pathSegments);
      throw asSizeError(e);
    }
    const h = this.header;
    // LLVM rejects Version > 1 and accepts 0 (docs/spec/README.md rule 5).
    if (h.version > 1) {
      throw new SyclbinFormatError('VERSION', M.version(h.version), 'This reader supports SYCLBIN version 1.', space.abs(SyclbinFileHeader.offsets.version), [...hp, 'version']);
    }
    const r = place(SyclbinV1Layout, lookupIn({ header: h }));
    this.regions = r;
    // The image must hold the header block, the padded metadata table and the *unpadded* binary table.
    // The error names the first region that runs past the end, at its own offset (the file may just be
    // cut short; the counts and sizes that placed it are in the message).
    if (r.binaryTable.end > space.size) {
      const [name, region] = (Object.entries(REGION_NAMES) as [keyof typeof REGION_NAMES, string][]).find(([n]) => r[n].end > space.size)!;
      const at = r[name];
      // The bytes the error is about, named as the error names them (when recording spans): what is
      // there of the region, as opaque bytes (it is not read further).
      const cut = new SyclbinFormatError(
        'EOF',
        M.size,
        `${region} [${at.at}, +${at.size}) runs past the end of the ${space.size}-byte SYCLBIN image: the header block (${r.metadataTable.at} bytes for ${h.abstractModuleCount} abstract modules, ${h.irModuleCount} IR modules, ${h.nativeImageCount} native images), the metadata table (${h.metadataTableSize} bytes, padded to 8) and the binary table (${h.binaryTableSize} bytes) need ${r.binaryTable.end} bytes.`,
        space.abs(Math.min(at.at, space.size)),
        [...outer, name],
        { needed: r.binaryTable.end, available: space.size },
      );
      // Collecting every problem (annotate, verify): the file's error, and what is there is read on,
      // so a file cut short in its binary table still has its headers, metadata and the images that
      // are whole explained (each structure past the end is its own error). Otherwise LLVM's refusal.
      if (!opts.problems || !space.tree || name !== 'binaryTable') {
        if (at.at < space.size) space.record({ path: outer, parent: node, key: name }, at.at, space.size - at.at, 'bytes');
        throw cut;
      }
      report(opts, cut);
      this.cutShort = true;
    }
    this.am = new HeaderTable(this, 'abstractModules', AbstractModuleHeader as never, r.abstractModules);
    this.ir = new HeaderTable(this, 'irModules', IRModuleHeader as never, r.irModules);
    this.native = new HeaderTable(this, 'nativeImages', NativeImageHeader as never, r.nativeImages);
    this.geometry = {
      path: outer,
      offset: space.base,
      size: space.size,
      header: h,
      regions: r,
      irUsed: new Array<boolean>(this.ir.count).fill(false),
      nativeUsed: new Array<boolean>(this.native.count).fill(false),
      blobs: [],
    };
    if (space.tree) this.recordTables();
  }

  /** The byte tables and the alignment padding the layout defines (docs/spec/README.md rule 5). */
  private recordTables(): void {
    const { space, regions: r } = this;
    const at = { path: this.outer, parent: this.node };
    if (r.metadataTable.size) space.record({ ...at, key: 'metadataTable' }, r.metadataTable.at, r.metadataTable.size, 'group');
    if (r.binaryTable.size) space.record({ ...at, key: 'binaryTable' }, r.binaryTable.at, r.binaryTable.size, 'group');
    for (const [from, to] of [
      [r.metadataTable.end, r.binaryTable.at],
      [r.binaryTable.end, Math.min(r.binaryTable.paddedEnd, space.size)],
    ] as const) {
      if (to <= from) continue;
      const b = space.bytes(from, to - from, 'padding', this.outer);
      space.record({ ...at, key: 'padding' }, from, to - from, b.every((x) => x === 0) ? 'padding' : 'padding-nonzero');
    }
  }

  /** Path of the header (entry) a metadata blob's fields are in: `header`, `irModules[k]`. */
  private fieldPath(owner: Owner, k: number): PathKey[] {
    return owner === 'header' ? [...this.outer, 'header'] : [...this.outer, owner, k];
  }

  /** Logical path of image `j` of abstract module `a` (`abstractModules[a].irModules[j]`). */
  private imagePath(kind: 'irModules' | 'nativeImages', a: number, j: number): PathKey[] {
    return [...this.outer, 'abstractModules', a, kind, j];
  }

  /** Logical path of a metadata blob: `globalMetadata`, `abstractModules[a].metadata`, `abstractModules[a].irModules[j].metadata`. */
  private blobPath(owner: Owner, a: number, j: number): PathKey[] {
    if (owner === 'header') return [...this.outer, 'globalMetadata'];
    if (owner === 'abstractModules') return [...this.outer, 'abstractModules', a, 'metadata'];
    return [...this.imagePath(owner, a, j), 'metadata'];
  }

  /** What a metadata blob or image is, in messages: `global`, `abstract module 1`, `IR module 0 of abstract module 1`. */
  private label(owner: Owner, a: number, j: number): string {
    if (owner === 'header') return 'global';
    if (owner === 'abstractModules') return `abstract module ${a}`;
    return owner === 'irModules' ? `IR module ${j} of abstract module ${a}` : `native image ${j} of abstract module ${a}`;
  }

  /**
   * The registry of a metadata blob `[o, +n)` of the metadata table (relation `relName` of `struct`,
   * the header at `recordAt`), the blob of `owner` (entry `k` of its table, image `j` of abstract
   * module `a`); undefined (reported) when it lies outside the metadata table or does not parse.
   * Paths and labels are built only when a span, the geometry or an error needs them.
   */
  metadata(struct: StructNode<never>, relName: string, o: number, n: number, recordAt: number, owner: Owner, k: number, a: number, j: number): PropertySetRegistry | undefined {
    const rel = (struct.relations as Record<string, BlobRelation>)[relName]!;
    const table = this.regions.metadataTable;
    const inside = fits(rel, o, n, table.size);
    const offsets = struct.offsets as Record<string, number>;
    if (this.opts.geometry) {
      this.geometry.blobs.push({
        field: [...this.fieldPath(owner, k), rel.offset],
        fieldAt: this.space.abs(recordAt + offsets[rel.offset]!),
        blob: this.blobPath(owner, a, j),
        table: 'metadataTable',
        offset: o,
        size: n,
        inside,
      });
    }
    if (!inside) {
      const loc = locateRange(rel, o, n, table.size) as Extract<Located, { ok: false }>;
      const what = `The ${this.label(owner, a, j)} metadata [${o}, +${n}) lies outside the ${table.size}-byte metadata table.`;
      report(this.opts, new SyclbinFormatError('RANGE', M.size, what, this.space.abs(recordAt + offsets[loc.field]!), [...this.fieldPath(owner, k), loc.field]));
      this.misplaced = true;
      return undefined;
    }
    // A blob several headers name (readers accept shared blobs) is parsed once: the others get a copy
    // of its registry (their own Maps of sets and properties), and their spans name the blob, not its lines again.
    // (by offset, then size: no key made for each header)
    const key = o;
    const cached = this.parsed.get(key);
    // (another range at the same offset, rare: by offset and size)
    const parsed = cached === undefined ? undefined : cached.size === n ? cached : this.parsedAlso.get(`${o}+${n}`);
    if (parsed !== undefined) {
      // Parsed once, but every header that names it hands the consumers (json, inspect, diff,
      // extract) the whole registry again: charged again, unless the consumer prints each one anyway
      // (dump, as syclbin-dump does: ReadSyclbinOptions.sharedBlobsFree).
      // (what naming it again costs: worked out at its first repeat, from its typed form)
      if ((!this.opts.sharedBlobsFree || this.opts.onRepeatBudget) && !this.takeAgain(parsed, recordAt + offsets[sizeField(rel)]!, owner, k, sizeField(rel))) return undefined;
      this.placed?.push({ offset: o, size: n });
      const tree = this.space.tree;
      if (tree && parsed.node) {
        // Named by the first one's spans: its node lists this path (annotate's `shared`).
        const blobPath = this.blobPath(owner, a, j);
        (parsed.node.aliases ??= []).push(tree.at(blobPath.slice(this.outer.length), this.node));
      }
      // (a copy each, its sets too, as the consumers own their models: a caller that changes one
      // module's metadata and writes the file changes that module's alone; the library's own streaming
      // consumer that prints each module and keeps none, dump (VISIT_SHARES_BLOBS), is handed the one
      // registry again)
      if (!(parsed.value instanceof Map)) return undefined;
      return this.opts[VISIT_SHARES_BLOBS] === true && this.opts.visit && !this.space.tree ? parsed.value : copyRegistry(parsed.value);
    }
    if (!this.take(n, recordAt + offsets[sizeField(rel)]!, owner, k, sizeField(rel))) return undefined;
    this.placed?.push({ offset: o, size: n });
    this.md ??= this.space.bytes(table.at, table.size, 'metadata table', [...this.outer, 'metadataTable']);
    const tree = this.space.tree;
    let node: SpanNode | undefined;
    if (tree) {
      const blobPath = this.blobPath(owner, a, j);
      node = this.space.record({ path: blobPath, parent: tree.at(blobPath.slice(this.outer.length, -1), this.node), key: blobPath[blobPath.length - 1] }, table.at + o, n, 'metadata');
    }
    // A dump (its visitor keeps and changes nothing) hands a blob of the bytes of one read before the
    // registry that one read as (src/syclbin/registry-cache.ts).
    const same = this.sameBytes;
    if (same !== undefined) {
      const known = same.get(this.md, o, o + n);
      if (known !== undefined) {
        this.remember(key, { value: known, node, size: n });
        return known;
      }
    }
    try {
      const ro = this.registryOptions;
      ro.base = this.space.abs(table.at + o);
      ro.from = o;
      ro.to = o + n;
      ro.tree = tree;
      ro.parent = node;
      const registry = readRegistry(this.md, ro);
      same?.set(this.md, o, o + n, registry);
      const entry = { value: registry, node, size: n };
      this.remember(key, entry);
      return registry;
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      const entry = { value: e, node, size: n };
      this.remember(key, entry);
      if (node) {
        // The lines read before the error keep their spans; the blob's value is the error (MetadataBlob.error).
        node.value = e;
      }
      report(this.opts, e.within(...this.blobPath(owner, a, j)));
      return undefined;
    }
  }

  /**
   * Hand out a parsed blob again (to another header): its weight (repeatWeight: its size, or what its
   * typed form holds if more, worked out once, at its first repeat) is charged against `repeatFactor`
   * per byte of the metadata table plus `repeatSlackBytes` (V1_SHARING_LIMITS): room for the sharing a
   * writer may do (several modules naming one blob of ordinary metadata), not for a small file whose
   * headers hand out one heavy registry many times. Past it a LIMIT error (false), or, for a reader
   * that repeats it anyway (sharedBlobsFree), the error handed to `onRepeatBudget` once (true).
   */
  /**
   * Keep a parsed blob for the headers that name it again. A read that keeps its model keeps every
   * registry anyway. A streaming read (`visit`: dump) keeps a blob only once a second header has
   * named it (the first naming leaves its range, two numbers): a file of 200,000 modules, each its
   * own blobs, holds none of their registries to the end (holding them made dump 3x slower), and a
   * shared blob is parsed twice, then handed out again (both parses charged by take: within the
   * sharing budget, twice the metadata table).
   */
  private remember(key: number, entry: { value: PropertySetRegistry | DecodeError; node: SpanNode | undefined; size: number }): void {
    if (this.opts.visit && !this.namedOnce.again(key, entry.size)) return;
    const at = this.parsed.get(key);
    if (at !== undefined && at.size !== entry.size) this.parsedAlso.set(`${key}+${entry.size}`, entry);
    else this.parsed.set(key, entry);
  }

  private takeAgain(blob: { value: PropertySetRegistry | DecodeError; weight?: number; size: number }, fieldAt: number, owner: Owner, k: number, field: string): boolean {
    const L = V1_SHARING_LIMITS;
    this.metadataRepeated += blob.weight ??= repeatWeight(blob.value, blob.size);
    const tableSize = this.regions.metadataTable.size;
    const budget = L.repeatFactor * tableSize + L.repeatSlackBytes;
    if (this.metadataRepeated <= budget) return true;
    if (this.repeatRefused) return !!this.opts.sharedBlobsFree;
    this.repeatRefused = true;
    const e = new SyclbinFormatError(
      'LIMIT',
      `The metadata blobs named again weigh ${this.metadataRepeated}, more than ${budget} (${L.repeatFactor} per byte of the ${tableSize}-byte metadata table and ${L.repeatSlackBytes}; a blob weighs its size, or ${L.repeatBytesPerProperty} for each set, property and typed element and ${L.repeatBytesPerPayloadByte} for each byte of its byte arrays, keys and set names if more).`,
      'Headers that name one blob over and over hand its properties out as many times; this reader stops there (docs/spec/syclbin-format.md; dump, annotate and verify read such a file).',
      this.space.abs(fieldAt),
      [...this.fieldPath(owner, k), field],
    );
    if (this.opts.sharedBlobsFree) {
      this.opts.onRepeatBudget?.(e);
      return true;
    }
    report(this.opts, e);
    return false;
  }

  /**
   * Take `n` more bytes of metadata to parse (V1_SHARING_LIMITS); false, reported as a LIMIT error at
   * the blob's size field (`fieldAt` in the space; `field` of entry `k` of `owner`), when the read
   * would go past the budget. (The field's path is made only for the error: not once per blob.)
   */
  private take(n: number, fieldAt: number, owner: Owner, k: number, field: string): boolean {
    const L = V1_SHARING_LIMITS;
    return this.charge((this.metadataTaken += n), L.factor, L.slackBytes, fieldAt, owner, k, field, 'named so far', 'Headers that name the same bytes over and over would make the file read as many times; this reader stops there (docs/spec/syclbin-format.md).');
  }

  /** `taken` bytes against `factor` times the metadata table plus `slack`; past it one LIMIT error (the first). */
  private charge(taken: number, factor: number, slack: number, fieldAt: number, owner: Owner, k: number, field: string, what: string, why: string): boolean {
    const tableSize = this.regions.metadataTable.size;
    const budget = factor * tableSize + slack;
    if (taken <= budget) return true;
    if (this.metadataRefused) return false;
    this.metadataRefused = true;
    report(this.opts, new SyclbinFormatError('LIMIT', `The metadata blobs ${what} add up to ${taken} bytes, more than ${budget} for the ${tableSize}-byte metadata table.`, why, this.space.abs(fieldAt), [...this.fieldPath(owner, k), field]));
    return false;
  }

  /** IR module or native image `k` of a header table, as image `j` of abstract module `a`. */
  image(kind: 'irModules' | 'nativeImages', k: number, a: number, j: number): SyclbinImage | undefined {
    const table = kind === 'irModules' ? this.ir : this.native;
    const R = IMAGES[kind];
    const struct = R.struct as unknown as StructNode<never>;
    const ok = table.seek(k);
    (kind === 'irModules' ? this.geometry.irUsed : this.geometry.nativeUsed)[k] = true;
    const spans = this.space.tree;
    if (spans) table.alias(k, spans.at(this.imagePath(kind, a, j).slice(this.outer.length), this.node));
    if (!ok) return undefined;
    // indexed, not destructured: no iterator per image in the hot path of a 200k-module dump
    const r = table.ranges(k, R.ranges);
    const mdAt = r[0]!, mdSize = r[1]!, at = r[2]!, size = r[3]!;
    const recordAt = table.entryAt(k);
    const metadata = this.metadata(struct, 'metadata', mdAt, mdSize, recordAt, kind, k, a, j) ?? new Map();
    const rel = R.bytes.relation;
    const bin = this.regions.binaryTable;
    const inside = fits(rel, at, size, bin.size);
    if (this.opts.geometry) {
      this.geometry.blobs.push({
        field: [...this.fieldPath(kind, k), rel.offset],
        fieldAt: this.space.abs(recordAt + (struct.offsets as Record<string, number>)[rel.offset]!),
        blob: [...this.imagePath(kind, a, j), 'bytes'],
        table: 'binaryTable',
        offset: at,
        size,
        inside,
      });
    }
    if (!inside) {
      const loc = locateRange(rel, at, size, bin.size) as Extract<Located, { ok: false }>;
      const what = `The bytes of ${this.label(kind, a, j)} [${at}, +${size}) lie outside the ${bin.size}-byte binary table.`;
      report(this.opts, new SyclbinFormatError('RANGE', M.size, what, this.space.abs(recordAt + (struct.offsets as Record<string, number>)[loc.field]!), [...this.fieldPath(kind, k), loc.field]));
      this.misplaced = true;
      return { metadata, image: blobRef(this.space.src, 0, 0, undefined) };
    }
    this.placed?.push({ offset: at, size });
    const o = bin.at + at;
    const tree = this.space.tree;
    // A binary table cut short (read on while collecting problems): an image with bytes past the end
    // is its own error, at its bytes, with what is there of them named; its blob is empty.
    const cut = this.cutShort && o + size > this.space.size;
    if (tree) {
      const logical = this.imagePath(kind, a, j);
      const there = cut ? Math.max(0, Math.min(size, this.space.size - o)) : size;
      if (!cut || there > 0) this.space.record({ path: logical, parent: tree.at(logical.slice(this.outer.length), this.node), key: 'bytes' }, o, there, 'image');
    }
    if (cut) {
      report(
        this.opts,
        new SyclbinFormatError('EOF', M.size, `The bytes of ${this.label(kind, a, j)} [${o}, +${size}) run past the end of the ${this.space.size}-byte SYCLBIN image (the binary table is cut short).`, this.space.abs(Math.min(o, this.space.size)), [...this.imagePath(kind, a, j), 'bytes'], {
          needed: o + size,
          available: this.space.size,
        }),
      );
      return { metadata, image: blobRef(this.space.src, 0, 0, undefined) };
    }
    return { metadata, image: blobRef(this.space.src, o, size, this.space.base < 0 ? undefined : this.space.base + o) };
  }

  /**
   * The images of the IR (or native) range `[first, +count)` of abstract module `a`, the range
   * checked against the header table first.
   */
  images(kind: 'irModules' | 'nativeImages', first: number, count: number, a: number): SyclbinImage[] {
    const table = kind === 'irModules' ? this.ir : this.native;
    const rel = AM[kind].relation;
    if (!fits(rel, first, count, table.count)) {
      const loc = locateRange(rel, first, count, table.count) as Extract<Located, { ok: false }>;
      // Stricter than LLVM: the module's range must lie within its header table (docs/spec/README.md).
      const what = kind === 'irModules' ? 'IR modules' : 'native images';
      const headers = kind === 'irModules' ? 'IR module headers' : 'native image headers';
      report(
        this.opts,
        new SyclbinFormatError(
          'RANGE',
          M.size,
          `Abstract module ${a} refers to ${what} [${first}, +${count}) but the file has ${table.count} ${headers}.`,
          this.space.abs(this.am.entryAt(a) + AbstractModuleHeader.offsets[loc.field as 'irModuleCount']),
          [...this.outer, 'abstractModules', a, loc.field],
        ),
      );
      // Collect mode reads on with the entries that exist.
      first = Math.min(first, table.count);
      count = Math.min(count, table.count - first);
    }
    const limit = V1_SHARING_LIMITS.factor * (this.am.count + this.ir.count + this.native.count) + V1_SHARING_LIMITS.slackImages;
    if (this.imagesNamed + count > limit) {
      // Said once: the modules after it are read without images (collect mode).
      const asked = count;
      count = Math.max(0, limit - this.imagesNamed);
      this.imagesNamed = limit;
      if (this.sharingReported) return this.imageList(kind, first, count, a);
      this.sharingReported = true;
      const field = sizeField(rel) as 'irModuleCount';
      report(
        this.opts,
        new SyclbinFormatError(
          'LIMIT',
          `Abstract module ${a} names ${asked} ${kind === 'irModules' ? 'IR module(s)' : 'native image(s)'}: with the modules before it that is more than ${limit} images for the ${this.am.count} module and ${this.ir.count + this.native.count} image headers of this file.`,
          'Modules that share header ranges over and over would make the file read as many times; this reader stops there (docs/spec/syclbin-format.md).',
          this.space.abs(this.am.entryAt(a) + AbstractModuleHeader.offsets[field]),
          [...this.outer, 'abstractModules', a, field],
        ),
      );
      return this.imageList(kind, first, count, a);
    }
    this.imagesNamed += count;
    return this.imageList(kind, first, count, a);
  }

  /** Images `[first, +count)` of a header table as images 0… of abstract module `a`. */
  private imageList(kind: 'irModules' | 'nativeImages', first: number, count: number, a: number): SyclbinImage[] {
    // Sized up front (most modules have one image of a kind, or none).
    const out: SyclbinImage[] = count ? new Array<SyclbinImage>(count) : [];
    let n = 0;
    for (let j = 0; j < count; j++) {
      const img = this.image(kind, first + j, a, j);
      if (img) out[n++] = img;
    }
    if (n < count) out.length = n;
    return out;
  }

  /** Abstract module `a` in LLVM's order: metadata, IR modules, then the native range and images. */
  module(a: number): AbstractModule | undefined {
    const t = this.am;
    if (!t.seek(a)) return undefined;
    const r = t.ranges(a, AM_RANGES);
    const mdAt = r[0]!, mdSize = r[1]!, irFirst = r[2]!, irCount = r[3]!, nativeFirst = r[4]!, nativeCount = r[5]!;
    const metadata = this.metadata(AbstractModuleHeader as never, 'metadata', mdAt, mdSize, t.entryAt(a), 'abstractModules', a, a, 0) ?? new Map();
    const irModules = this.images('irModules', irFirst, irCount, a);
    return { metadata, irModules, nativeImages: this.images('nativeImages', nativeFirst, nativeCount, a) };
  }
}

/**
 * Read a SYCLBIN v1 image in `space` (a bare file, or entry 0's image of an envelope). `outer` is the
 * image's path, `node` its span node. Returns the model; `opts.geometry` receives the layout facts.
 */
export function readSyclbinV1(space: Space, envelope: Envelope, opts: ReadSyclbinOptions = {}, outer: readonly PathKey[] = [], node?: SpanNode): SyclbinFile {
  const r = new V1Reader(space, opts, outer, node);
  opts.geometry?.push(r.geometry);
  const g = SyclbinFileHeader.relations.globalMetadata;
  const h = r.header as Record<string, unknown>;
  // The writer order is told from where the blobs lie; a streaming read keeps no model to write back.
  const track = !opts.visit;
  r.placed = track ? [] : undefined;
  const globalMetadata = r.metadata(SyclbinFileHeader as never, 'globalMetadata', h[startField(g)] as number, h[sizeField(g)] as number, 0, 'header', 0, 0, 0) ?? new Map();
  const global = r.placed?.[0];
  const file: SyclbinFile = { version: 1, headerVersion: r.header.version, headerReserved: r.header.reserved, envelope, globalMetadata, abstractModules: [] };
  const modules: V1ModuleBlobs<PlacedBlob>[] = [];
  opts.visit?.start(file, r.am.count);
  for (let a = 0; a < r.am.count; a++) {
    if (track) r.placed = [];
    const m = r.module(a);
    if (!m) {
      r.misplaced = true;
      continue;
    }
    if (opts.visit) opts.visit.module(m, a);
    else file.abstractModules.push(m);
    // Reading order: the module's metadata, then each image's metadata and bytes.
    const p = r.placed;
    if (p && p.length === 1 + 2 * (m.irModules.length + m.nativeImages.length)) {
      const pair = (i: number) => ({ md: p[1 + 2 * i]!, bin: p[2 + 2 * i]! });
      const ir = m.irModules.map((_, i) => pair(i));
      const native = m.nativeImages.map((_, i) => pair(m.irModules.length + i));
      modules.push({ md: p[0]!, ir, native });
    } else r.misplaced = true;
  }
  if (track && global && !r.misplaced) {
    const layout = detectV1Layout(global, modules);
    if (layout) file.layout = layout;
  }
  return file;
}
