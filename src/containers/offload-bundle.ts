/**
 * clang-offload-bundler bundles inside an object's sections (formats/offload-bundle.ts), found and
 * split as llvm-objdump-22 `--offloading` finds and splits them (llvm/lib/Object/OffloadBundle.cpp,
 * llvm/tools/llvm-objdump/OffloadDump.cpp@03c2d602; behaviour checked against Debian's 22.1.8):
 * - a section counts by its contents only (name, type and flags are not looked at): it starts with
 *   `__CLANG_OFFLOAD_BUNDLE__` and has more than those 24 bytes, or starts with `CCOB`;
 * - inside it, an uncompressed bundle is followed by the next one where the magic occurs again (the
 *   search starts after the magic and covers entry data too); a `CCOB` bundle runs to the next `CCOB`
 *   (or the section's end) and is decompressed, then read as a bundle;
 * - bundles are numbered from 0 across the object's sections, entries are taken in table order;
 * - an entry's code is at the bundle's first byte + its offset (uncompressed), or in the decompressed
 *   bundle (compressed: LLVM 22.1.8 copies it from the object instead, a bug upstream fixed after it).
 * Where LLVM reads past a section or file without a check (an entry's code), this reader refuses with
 * an error instead. Portable: no Node APIs.
 */
import { ArgumentError, blobRef, decode, DecodeError, describeValue, optionsArgument, pathArgument, spanInt, decodeLatin1, toSource, wholeNumberArgument, memoryBlob, type BlobRef, type BytesLike, type ByteSource, type OptionKeys, type DecodeOptions, type PathKey, type SpanNode, type SpanTree } from '../codec/index.js';
import { COMPRESSED_BUNDLE_MAGIC, COMPRESSED_BUNDLE_METHODS, CompressedBundleHeaders, CompressedBundlePrefix, OFFLOAD_BUNDLE_MAGIC, OffloadBundleEntry, OffloadBundleHeader } from '../../formats/offload-bundle.js';
import { DEFAULT_MAX_INFLATED_SIZE, decompressExact } from '../offload/decompress.js';

/** LLVM's messages for what fails here (after `while extracting offload FatBin bundles: `). */
export const BUNDLE_LLVM_ERRORS = {
  invalid: 'Invalid data was encountered while parsing the file',
  short: 'Stream Error: The stream is too short to perform the requested operation.',
  eof: 'The end of the file was unexpectedly encountered',
  coff: 'COFF object files not supported',
  headerTooSmall: 'failed to decompress input: compressed bundle header size too small',
  method: 'failed to decompress input: unknown compressing method',
} as const;

/** The longest entry ID read (it names a file: PATH_MAX is 4096 on Linux). */
export const MAX_BUNDLE_ID = 4096;

/** What llvm-objdump-22 prints before a bundle error. */
export const BUNDLE_ERROR_PREFIX = 'while extracting offload FatBin bundles: ';

/** A bundle that cannot be read: this reader's words, and LLVM's message where it has one. */
export class OffloadBundleError extends DecodeError {
  constructor(
    reason: string,
    offset: number,
    path: readonly PathKey[],
    /** LLVM's message (after BUNDLE_ERROR_PREFIX); undefined where LLVM reads on without a check. */
    readonly llvm: string | undefined,
  ) {
    super('FORMAT', reason, offset, path);
  }
}

/** One entry of a bundle in an object. */
export interface OffloadBundleEntryModel {
  /** The bundle's number in the object (from 0, across its sections). */
  bundle: number;
  /** The entry's ID (`hipv4-amdgcn-amd-amdhsa--gfx90a`), one character per byte. */
  id: string;
  /** The entry's code: a blob of the input, or of the decompressed bundle. */
  data: BlobRef;
  /** Index of the section holding the bundle. */
  section: number;
  /** Absolute offset of the bundle (of its `CCOB` header when compressed). */
  offset: number;
  /** The bundle was compressed. */
  compressed: boolean;
  /** A compressed bundle's size decompressed (every entry of the bundle has the same). */
  inflatedSize?: number;
}

/** A section of an object as the bundle pass sees it: its index and contents range (absolute). */
export interface BundleSection {
  /** Section index. */
  index: number;
  /** Absolute offset of the contents. */
  offset: number;
  /** Size of the contents. */
  size: number;
}

/** Options of readOffloadBundles. */
export interface ReadBundlesOptions {
  /** Cap on a decompressed bundle (default 1 GiB). */
  maxInflatedSize?: number;
  /** Structure path of the object (errors are placed under it). */
  path?: readonly PathKey[];
  /** Absolute offset of the object's first byte and its size (entries must lie inside it). */
  object?: { offset: number; size: number };
  /**
   * When set, what is read in the file is recorded here: each bundle's header, entry table and IDs,
   * its entries' code (`image`), a compressed bundle's header and stream (its inflated entries have no
   * bytes in the file). Under `[...path, ...sectionPath(s), 'bundles', n]`.
   */
  tree?: SpanTree;
  /** The path of a section's bundles below `path` (default `['sections', index]`; `[]` for a bundle file). */
  sectionPath?: (s: BundleSection) => PathKey[];
}

const MAGIC = Uint8Array.from(OFFLOAD_BUNDLE_MAGIC);
const CCOB = Uint8Array.from(COMPRESSED_BUNDLE_MAGIC);

/** Does `b` hold `m` at `at`? */
function at(b: Uint8Array, i: number, m: Uint8Array): boolean {
  if (i + m.length > b.length) return false;
  for (let k = 0; k < m.length; k++) if (b[i + k] !== m[k]) return false;
  return true;
}

/** First index ≥ `from` where `m` occurs in `b`, or -1. */
function find(b: Uint8Array, m: Uint8Array, from: number): number {
  for (let i = b.indexOf(m[0]!, from); i >= 0 && i + m.length <= b.length; i = b.indexOf(m[0]!, i + 1)) if (at(b, i, m)) return i;
  return -1;
}

/** Does a section whose contents start with `head` hold bundles (OffloadBundle.cpp: by its first bytes)? */
export function holdsOffloadBundle(head: Uint8Array, size: number): boolean {
  return (size > MAGIC.length && at(head, 0, MAGIC)) || (size >= CCOB.length && at(head, 0, CCOB));
}

/** How many bytes of a section's start tell whether it holds bundles. */
export const BUNDLE_SNIFF = MAGIC.length + 1;

/** The keys of {@link ReadBundlesOptions}: any other is an UnknownOptionError. */
const READ_BUNDLES_KEYS: OptionKeys<ReadBundlesOptions> = { maxInflatedSize: true, path: true, object: true, tree: true, sectionPath: true };

/** `sections` as readOffloadBundles takes them: an array of `{ index, offset, size }` (whole numbers), else an ArgumentError. */
function sectionsArgument(sections: unknown): void {
  if (!Array.isArray(sections)) throw new ArgumentError(`readOffloadBundles: the sections must be an array of { index, offset, size }, not ${describeValue(sections)}`);
  sections.forEach((s: unknown, i) => {
    if (typeof s !== 'object' || s === null) throw new ArgumentError(`readOffloadBundles: sections[${i}] must be an object { index, offset, size }, not ${describeValue(s)}`);
    const { index, offset, size: n } = s as Record<string, unknown>;
    wholeNumberArgument(index, `sections[${i}].index`);
    wholeNumberArgument(offset, `sections[${i}].offset`);
    wholeNumberArgument(n, `sections[${i}].size`);
    // (a section past the input's end is not refused here: an object's section table may name one,
    // and where its bytes end is the input's problem, read as it was before)
  });
}

/**
 * The bundles' entries in `sections` of an object in `input` (bytes or a ByteSource), in LLVM's order. Only the sections that
 * start like a bundle are read (whole: their entries are what is extracted).
 */
export function readOffloadBundles(input: BytesLike | ByteSource, sections: readonly BundleSection[], opts: ReadBundlesOptions = {}): OffloadBundleEntryModel[] {
  // A JavaScript caller is not held to the types: bytes (not only a ByteSource) as every reader takes
  // them, and options or sections of the wrong kind an ArgumentError, not a TypeError ("sections is
  // not iterable", "src.read is not a function") or a typo silently ignored.
  opts = optionsArgument(opts, 'readOffloadBundles', READ_BUNDLES_KEYS);
  const src = toSource(input);
  sectionsArgument(sections);
  const out: OffloadBundleEntryModel[] = [];
  const path = pathArgument(opts.path, 'the path option') ?? [];
  const object = opts.object ?? { offset: 0, size: src.size };
  // Bounds: the sections read (section headers may all name the same bytes: read at most twice the
  // object, never sections × size) and what the object's compressed bundles inflate to, in all.
  let toRead = 2 * object.size + (1 << 20);
  const fullCap = wholeNumberArgument(opts.maxInflatedSize ?? DEFAULT_MAX_INFLATED_SIZE, 'maxInflatedSize');
  let toInflate = fullCap;
  let bundle = 0;
  for (const s of sections) {
    if (!holdsOffloadBundle(src.read(s.offset, Math.min(BUNDLE_SNIFF, s.size)), s.size)) continue;
    const sp: PathKey[] = [...path, ...(opts.sectionPath ? opts.sectionPath(s) : ['sections', s.index]), 'bundles'];
    toRead -= s.size;
    if (toRead < 0) throw new OffloadBundleError(`sections holding offload bundles overlap: they add up to more than twice the ${object.size}-byte object (section [${s.index}])`, s.offset, sp, undefined);
    const bytes = src.read(s.offset, s.size);
    let off = 0;
    let next = 0;
    // OffloadBundleFatBin::readEntries: the loop as LLVM writes it; `next` > 0 whenever it continues.
    while (next >= 0 && off < bytes.length) {
      const buf = bytes.subarray(off);
      if (at(buf, 0, CCOB)) {
        const n = find(buf, CCOB, CCOB.length);
        next = n < 0 ? buf.length : n;
        const inflated = decompressBundle(buf.subarray(0, next), s.offset + off, [...sp, bundle], { left: toInflate, cap: fullCap }, spanned(opts.tree, [...sp, bundle], s.offset + off, next));
        toInflate -= inflated.length;
        for (const e of bundleEntries(inflated, 0, { offset: 0, size: inflated.length, what: 'decompressed bundle' }, s.offset + off, [...sp, bundle])) {
          out.push({ bundle, id: e.id, data: memoryBlob(inflated.subarray(e.offset, e.offset + e.size)), section: s.index, offset: s.offset + off, compressed: true, inflatedSize: inflated.length });
        }
        bundle++;
      } else if (buf.length > MAGIC.length && at(buf, 0, MAGIC)) {
        const base = s.offset + off;
        next = find(buf, MAGIC, MAGIC.length);
        // The entry table must end before the next bundle starts (LLVM reads on into it: bundles whose
        // tables overlap would make quadratically many entries from a linear section).
        const length = next < 0 ? buf.length : next;
        for (const e of bundleEntries(buf.subarray(0, length), base, { ...object, what: 'object' }, base, [...sp, bundle], spanned(opts.tree, [...sp, bundle], base, length))) {
          out.push({ bundle, id: e.id, data: blobRef(src, base + e.offset, e.size, base + e.offset), section: s.index, offset: base, compressed: false });
        }
        bundle++;
      } else if (next <= 0) break; // (LLVM keeps `next`; with nothing to skip it would not move)
      if (next >= 0) off += next;
    }
  }
  return out;
}

/** Where a bundle's spans go: the tree and the bundle's node (placed at its bytes in the file). */
interface BundleSpans {
  tree: SpanTree;
  node: SpanNode;
}

/** The span node of the bundle at `path`, `size` bytes at absolute `offset`, when recording. */
function spanned(tree: SpanTree | undefined, path: PathKey[], offset: number, size: number): BundleSpans | undefined {
  if (!tree) return undefined;
  const node = tree.at(path);
  node.offset = spanInt(offset);
  node.size = spanInt(size);
  return { tree, node };
}

/**
 * The entries of the bundle at the start of `b` (its first byte is at absolute `base`; entries'
 * code must lie inside `within`, absolute): ID and where the code is, relative to the bundle. With
 * `spans` (a bundle whose bytes are the file's), the header, entries, IDs and code are recorded.
 */
function bundleEntries(b: Uint8Array, base: number, within: { offset: number; size: number; what: string }, errAt: number, path: PathKey[], spans?: BundleSpans): { id: string; offset: number; size: number }[] {
  const headerSize = OffloadBundleHeader.fixedSize!;
  if (b.length < headerSize) throw new OffloadBundleError(`an offload bundle of ${b.length} bytes: its entry count does not fit`, errAt, path, BUNDLE_LLVM_ERRORS.invalid);
  const rec = (parent: SpanNode | undefined, key: PathKey): DecodeOptions => (spans ? { tree: spans.tree, parent, key } : {});
  const { numEntries } = decode(OffloadBundleHeader, b, 0, { base: errAt, path, ...rec(spans?.node, 'header') });
  const table = spans?.tree.add(spans.node, 'entries', base + headerSize, 0, 'group');
  const entrySize = OffloadBundleEntry.fixedSize!;
  // Each entry takes at least its 24 bytes: a count the bundle cannot hold is refused before any is read.
  if (numEntries > Math.floor((b.length - headerSize) / entrySize)) {
    throw new OffloadBundleError(`${numEntries} entries do not fit in the ${b.length}-byte offload bundle`, errAt + OffloadBundleHeader.offsets.numEntries, [...path, 'numEntries'], BUNDLE_LLVM_ERRORS.short);
  }
  // The table first, every record and ID (OffloadBundleFatBin::readEntries: an error there is LLVM's
  // stream error), then where each entry's code is (LLVM copies it unchecked when extracting).
  const records: { id: string; offset: bigint; size: bigint; at: number; entry: SpanNode | undefined }[] = [];
  let p = headerSize;
  for (let i = 0; i < numEntries; i++) {
    const ep: PathKey[] = [...path, 'entries', i];
    if (p + entrySize > b.length) throw new OffloadBundleError(`entry ${i} of the offload bundle is cut short`, errAt + p, ep, BUNDLE_LLVM_ERRORS.short);
    const e = decode(OffloadBundleEntry, b, p, { base: errAt, path: ep, ...rec(table, i) });
    // (LLVM takes the ID's length modulo 2^32: formats/offload-bundle.ts)
    const idLength = Number(e.idLength & 0xffff_ffffn);
    const at = p;
    p += entrySize;
    if (idLength > b.length - p) throw new OffloadBundleError(`the ${idLength}-byte ID of entry ${i} runs past the offload bundle`, errAt + at + OffloadBundleEntry.offsets.idLength, [...ep, 'idLength'], BUNDLE_LLVM_ERRORS.short);
    // The ID names a file: one longer than any file name is refused before it is decoded.
    if (idLength > MAX_BUNDLE_ID) throw new OffloadBundleError(`the ID of entry ${i} is ${idLength} bytes, longer than any file name (${MAX_BUNDLE_ID})`, errAt + at + OffloadBundleEntry.offsets.idLength, [...ep, 'idLength'], undefined);
    const id = decodeLatin1(b.subarray(p, p + idLength));
    const entry = spans && table ? spans.tree.child(table, i) : undefined;
    if (spans && entry) {
      spans.tree.add(entry, 'id', errAt + p, idLength, 'string', id);
      entry.size = entrySize + idLength; // the record and its ID
    }
    p += idLength;
    records.push({ id, offset: e.offset, size: e.size, at, entry });
  }
  const out: { id: string; offset: number; size: number }[] = [];
  const limit = within.offset + within.size;
  records.forEach((r, i) => {
    // LLVM copies `size` bytes from there without a check (past the object it reads whatever follows,
    // or crashes); an entry of size 0 it skips (OffloadBundleFatBin::extractBundle), wherever it points.
    const start = BigInt(base) + r.offset;
    if (r.size > 0n && (start > BigInt(limit) || r.size > BigInt(limit) - start)) {
      throw new OffloadBundleError(`the code of entry ${i} ('${r.id}'), [${r.offset}, +${r.size}) from the bundle's start, lies outside the ${within.size}-byte ${within.what} (LLVM reads past it unchecked)`, errAt + r.at, [...path, 'entries', i, 'offset'], undefined);
    }
    // (size 0: an empty code at the bundle's start when its offset is past anything a buffer holds)
    const offset = r.size > 0n || r.offset <= BigInt(b.length) ? Number(r.offset) : 0;
    const size = Number(r.size);
    if (spans && r.entry && size) spans.tree.add(r.entry, 'code', base + offset, size, 'image', r.id);
    out.push({ id: r.id, offset, size });
  });
  if (spans && table) {
    table.size = p - headerSize;
    recordPadding(spans, b, p, out);
  }
  return out;
}

/**
 * The zero bytes of a bundle between its entry table (ending at `from`) and the entries' code, and
 * between code blocks, as `padding` (clang-offload-bundler aligns each entry's code to 4096 bytes);
 * bytes that are not zero are left for the annotation's "unreferenced" check. Linear in the bundle.
 */
function recordPadding(spans: BundleSpans, b: Uint8Array, from: number, entries: readonly { offset: number; size: number }[]): void {
  const ranges = entries.filter((e) => e.size > 0 && e.offset >= from && e.offset < b.length).map((e) => [e.offset, Math.min(b.length, e.offset + e.size)] as const);
  ranges.sort((x, y) => x[0] - y[0]);
  let at = from;
  let n = 0;
  const gap = (a: number, z: number): void => {
    if (z <= a) return;
    for (let i = a; i < z; i++) if (b[i] !== 0) return;
    spans.tree.add(spans.node, n === 0 ? 'padding' : `padding${n}`, spans.node.offset + a, z - a, 'padding');
    n++;
  };
  for (const [a, z] of ranges) {
    gap(at, a);
    at = Math.max(at, z);
  }
  gap(at, b.length);
}

/** A `CCOB` bundle decompressed (OffloadBundle.cpp `CompressedOffloadBundle::decompress`); with `spans`, its header and stream recorded. */
function decompressBundle(b: Uint8Array, errAt: number, path: PathKey[], cap: { left: number; cap: number }, spans?: BundleSpans): Uint8Array {
  if (b.length < CompressedBundlePrefix.fixedSize!) throw new OffloadBundleError(`a compressed offload bundle of ${b.length} bytes: its header is cut short`, errAt, path, BUNDLE_LLVM_ERRORS.invalid);
  const { version, method } = decode(CompressedBundlePrefix, b, 0, { base: errAt, path });
  const header = CompressedBundleHeaders[version as 1 | 2 | 3];
  if (!header) throw new OffloadBundleError(`compressed offload bundle version ${version} (1 to 3 are known)`, errAt + CompressedBundlePrefix.offsets.version, [...path, 'version'], BUNDLE_LLVM_ERRORS.headerTooSmall);
  if (b.length < header.fixedSize!) throw new OffloadBundleError(`the ${header.fixedSize}-byte header of a version ${version} compressed offload bundle is cut short (${b.length} bytes)`, errAt, path, BUNDLE_LLVM_ERRORS.headerTooSmall);
  const kind = COMPRESSED_BUNDLE_METHODS[method];
  if (!kind) throw new OffloadBundleError(`compressed offload bundle method ${method} (0 zlib, 1 zstd)`, errAt + CompressedBundlePrefix.offsets.method, [...path, 'method'], BUNDLE_LLVM_ERRORS.method);
  const h = decode(header, b, 0, { base: errAt, path, ...(spans ? { tree: spans.tree, parent: spans.node, key: 'header' } : {}) }) as { uncompressedSize: number; totalSize?: number };
  const hs = header.fixedSize!;
  // v1 has no total size (the stream runs to the chunk's end); a total smaller than the header reads to the end too (LLVM's substr).
  const end = h.totalSize === undefined || h.totalSize < hs ? b.length : Math.min(b.length, h.totalSize);
  spans?.tree.add(spans.node, 'stream', errAt + hs, end - hs, 'compressed', kind);
  // The uncompressed size is the buffer LLVM decompresses into: more than the output is fine there.
  return decompressExact({ stream: b.subarray(hs, end), expected: h.uncompressedSize, cap: cap.left, sharedCap: cap.cap, offset: errAt + hs, path: [...path, 'stream'], atMost: true });
}
