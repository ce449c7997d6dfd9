/**
 * What this toolkit reads of an LLVM bitcode module, with the bounded bitstream reader of
 * src/containers/bitstream.ts and the codes of formats/llvm-bitcode.ts:
 *
 * - its target triple (`MODULE_CODE_TRIPLE`, which LLVM's writer puts near the start of the
 *   MODULE_BLOCK: only the first {@link BITCODE_TRIPLE_WINDOW} bytes are looked at);
 * - the OffloadBinaries a host module embeds, found as LLVM's `extractFromBitcode`
 *   (llvm/lib/Object/OffloadBinary.cpp@02dc39ba) finds them: every operand of the named metadata
 *   `!llvm.embedded.objects` that is a node of at least two operands, whose second operand is the
 *   MDString `.llvm.offloading` and whose first is (the value of) a global variable whose initializer
 *   is a ConstantDataSequential (a STRING / CSTRING / DATA constant record) — its raw bytes are the
 *   OffloadBinaries (`embedBufferInModule`, llvm/lib/Transforms/Utils/ModuleUtils.cpp, writes them as
 *   an `[N x i8]` private constant `@llvm.embedded.object`).
 *
 * How the module is walked (BitcodeReader.cpp, MetadataLoader.cpp): the MODULE_BLOCK's records (VERSION;
 * SECTIONNAME; GLOBALVAR, FUNCTION, ALIAS and IFUNC, each the next global value id; with VERSION ≥ 2 the
 * names are offset/size pairs into the STRTAB block), its module-level CONSTANTS_BLOCK (every record but
 * SETTYPE is the next value id, after the global values) and METADATA_BLOCK (strings from
 * METADATA_STRINGS first, then one id per record but NAME, KIND, NAMED_NODE, GLOBAL_DECL_ATTACHMENT,
 * INDEX_OFFSET, INDEX); function bodies and other blocks are skipped by their length word. Only what
 * the search needs is kept (each node's first two operands, the positions of byte-array constants), so
 * memory is linear in the module's record count and nothing is decoded twice except the chosen arrays.
 * DATA constants of elements wider than a byte are not read (a problem says so; LLVM's writer embeds
 * `[N x i8]`, which is a STRING).
 *
 * Checked against testdata/llvm22/containers/host.bc (clang-22 -fopenmp ... -emit-llvm; its
 * OffloadBinary is what `llvm-offload-binary-22 host.bc --image=...` extracts, extract/bitcode-input)
 * and sycl/k.device.bc (a device module: no embedded objects).
 *
 * Portable: no Node APIs.
 */
import { decode, decodeUtf8, hasMagic, type BlobRef } from '../codec/index.js';
import { BITCODE_BLOCK, BitcodeMagic, BitcodeWrapperHeader, BITSTREAM, CST_CODE, GLOBALVAR_FIELD, METADATA_CODE, MODULE_CODE, STRTAB_CODE } from '../../formats/llvm-bitcode.js';
import { BitstreamError, BitstreamReader, type BitItem, type BitRecord } from './bitstream.js';

/** Bytes of a module the triple search may look at. */
export const BITCODE_TRIPLE_WINDOW = 1 << 20;

/** The section name LLVM's extractFromBitcode takes objects from. */
export const EMBEDDED_OFFLOADING_SECTION = '.llvm.offloading';
/** The named metadata listing embedded objects. */
export const EMBEDDED_OBJECTS_METADATA = 'llvm.embedded.objects';

/** Record operands as characters (one byte each), as LLVM's writeStringRecord writes names and strings. */
export function latin1(codes: readonly number[]): string {
  let s = '';
  for (const c of codes) s += String.fromCharCode(c & 0xff);
  return s;
}

/**
 * Where the bitstream of the bitcode in `blob` is: after the magic at 0, or behind the bitcode
 * wrapper header (formats/llvm-bitcode.ts BitcodeWrapperHeader, its range checked against the file);
 * `undefined` when `blob` is not bitcode.
 */
export function bitcodeStream(blob: BlobRef): { offset: number; size: number } | { problem: string } | undefined {
  const head = blob.slice(0, Math.min(blob.size, BitcodeWrapperHeader.fixedSize!));
  if (head.length >= BitcodeWrapperHeader.fixedSize! && hasMagic(BitcodeWrapperHeader.fields.magic, head)) {
    const w = decode(BitcodeWrapperHeader, head, 0, { path: ['wrapper'] });
    if (w.offset > blob.size || w.size > blob.size - w.offset) return { problem: `the wrapper's bitcode [${w.offset}, +${w.size}) is outside the ${blob.size}-byte file` };
    return hasMagic(BitcodeMagic, blob.slice(w.offset, Math.min(4, w.size))) ? { offset: w.offset, size: w.size } : undefined;
  }
  return hasMagic(BitcodeMagic, head) ? { offset: 0, size: blob.size } : undefined;
}

/** The STRTAB block just announced by `next()` (entered here): where its blob is, if it has one. */
export function readStrtabBlock(r: BitstreamReader, block: Parameters<BitstreamReader['enter']>[0]): { offset: number; size: number } | undefined {
  let blob: { offset: number; size: number } | undefined;
  r.enter(block);
  for (let s = r.next(); s.kind !== 'end'; s = r.next()) {
    if (s.kind === 'block') r.skip(s);
    else {
      const rec = r.record(s, false);
      if (rec.code === STRTAB_CODE.BLOB && rec.blob) blob = rec.blob;
    }
  }
  return blob;
}

/** Characters kept of a TRIPLE record (target triples are a few dozen). */
const TRIPLE_MAX = 4096;

/** The triple of the module at `[offset, +size)` of `blob` (raw bitcode: `BC C0 DE` first). */
export function bitcodeTriple(blob: BlobRef, offset: number, size: number): { triple?: string; problem?: string } {
  // The stream is the whole module (a MODULE_BLOCK longer than the window is still entered); the
  // search stops once it has read past the window.
  const r = new BitstreamReader(blob, offset, size, 4096);
  const limit = BITCODE_TRIPLE_WINDOW * 8;
  try {
    r.fixed(32); // magic, checked by the caller
    for (let it = r.next(); it.kind !== 'end'; it = r.next()) {
      if (r.pos > limit) break;
      if (it.kind === 'record') {
        r.record(it, false);
        continue;
      }
      if (it.id !== BITCODE_BLOCK.MODULE) {
        r.skip(it);
        continue;
      }
      r.enter(it);
      for (let m = r.next(); m.kind !== 'end'; m = r.next()) {
        if (r.pos > limit) return { problem: `no TRIPLE record in the first ${BITCODE_TRIPLE_WINDOW} bytes of the MODULE_BLOCK (LLVM writes it near the start)` };
        if (m.kind === 'block') {
          if (m.id === BITSTREAM.blockinfo.BLOCK_ID) r.enter(m); // read whole (its abbreviations)
          else r.skip(m);
          continue;
        }
        const rec = r.record(m, true, TRIPLE_MAX);
        if (rec.code === MODULE_CODE.TRIPLE) return { triple: latin1(r.usedOps(rec, 'TRIPLE', m.at)) };
      }
      return { problem: 'MODULE_BLOCK has no TRIPLE record' };
    }
    return { problem: r.pos > limit ? `no MODULE_BLOCK in the first ${BITCODE_TRIPLE_WINDOW} bytes` : 'no MODULE_BLOCK' };
  } catch (e) {
    if (e instanceof BitstreamError) return { problem: `bitstream: ${e.message}` };
    throw e;
  }
}

/** One OffloadBinary-holding global found through `!llvm.embedded.objects`. */
export interface EmbeddedObject {
  /** The global's name (from the STRTAB; `#N` by value id when it has none). */
  global: string;
  /** The section operand of its metadata node (`.llvm.offloading`). */
  section: string;
  /** Its initializer's raw bytes (the OffloadBinaries). */
  bytes: Uint8Array;
  /** Byte offset in the input of the initializer's constant record (where its data starts). */
  offset: number;
}

/** Modules of one bitcode file read for embedded objects (LLVM reads one; `llvm-cat -b` writes a few). */
export const MAX_MODULES_READ = 64;

/** What {@link bitcodeEmbeddedObjects} found. */
export interface EmbeddedObjects {
  /** The module has the named metadata `!llvm.embedded.objects` (a host module that embeds device code). */
  hasMetadata: boolean;
  /** The globals LLVM extracts from, in metadata order. */
  objects: EmbeddedObject[];
  /** Operands skipped (LLVM skips them silently), and why. */
  skipped: string[];
  /** Operands LLVM extracts from but this toolkit does not read (a wide-element initializer), and why. */
  unread: string[];
  /** The module could not be read (then `objects` is what was found before). */
  problem?: string;
  /**
   * Top-level MODULE_BLOCKs of the stream (`llvm-cat -b` writes several). LLVM reads a single module
   * (BitcodeReader.cpp `getSingleModule`: "Expected a single module"), so extractFromBitcode fails on
   * more ("Failed to create module"); each is read here with its own facts, their globals named
   * `@NAME (module K of N)`.
   */
  moduleCount: number;
}

interface GlobalValue {
  /** STRTAB name. */
  name?: { offset: number; size: number };
  /** GLOBALVAR: initializer value id + 1 (0: none); undefined for functions, aliases, ifuncs. */
  initId?: number;
}

interface ByteArrayConstant {
  code: number;
  record: BitRecord;
}

interface MetadataStrings {
  first: number;
  count: number;
  charsAt: number;
  blob: { offset: number; size: number };
  /** Where each string starts in the blob (and the last ends), once read. */
  starts?: Float64Array;
}

/** The module's facts the search needs, gathered in one walk. */
class ModuleFacts {
  version = 0;
  globals: GlobalValue[] = [];
  /** Byte-array constants by value id. */
  arrays = new Map<number, ByteArrayConstant>();
  nextValue = 0;
  nextMetadata = 0;
  strings: MetadataStrings[] = [];
  oldStrings = new Map<number, string>();
  /** NODE / DISTINCT_NODE: operand count and first two operands (ids + 1). */
  nodes = new Map<number, { count: number; op0: number; op1: number }>();
  /** VALUE: the value id. */
  values = new Map<number, number>();
  named = new Map<string, number[]>();
  strtab?: { offset: number; size: number };
}

/**
 * The OffloadBinary-holding globals of the host module at `[offset, +size)` of `blob`, as LLVM's
 * extractFromBitcode picks them (see the file comment). Never throws for bad input: a stream that
 * cannot be followed gives `problem`.
 */
export function bitcodeEmbeddedObjects(blob: BlobRef, offset: number, size: number): EmbeddedObjects {
  const out: EmbeddedObjects = { hasMetadata: false, objects: [], skipped: [], unread: [], moduleCount: 0 };
  const r = new BitstreamReader(blob, offset, size);
  // One set of facts per module (value and metadata numbering are per module); the string table
  // (one, after the modules, as BitcodeWriter writes it) is every module's.
  // Only modules that embed objects are kept (with their number); a STRTAB serves the kept modules
  // before it that have none yet (each waits in `pending` once: linear however the blocks interleave).
  const modules: { f: ModuleFacts; k: number }[] = [];
  let pending: ModuleFacts[] = [];
  let skipped = 0;
  try {
    r.fixed(32);
    for (let it = r.next(); it.kind !== 'end'; it = r.next()) {
      if (it.kind === 'record') r.record(it, false);
      else if (it.id === BITCODE_BLOCK.MODULE) {
        out.moduleCount++;
        // LLVM reads one module per file; past MAX_MODULES_READ the modules are counted, not read.
        if (out.moduleCount > MAX_MODULES_READ) {
          skipped++;
          r.skip(it);
          continue;
        }
        r.enter(it);
        const f = new ModuleFacts();
        walkModule(r, f);
        if (f.named.has(EMBEDDED_OBJECTS_METADATA)) {
          modules.push({ f, k: out.moduleCount });
          pending.push(f);
        }
      } else if (it.id === BITCODE_BLOCK.STRTAB) {
        const strtab = readStrtabBlock(r, it);
        if (strtab) {
          for (const f of pending) f.strtab ??= strtab;
          pending = [];
        }
      } else r.skip(it);
    }
    const n = out.moduleCount;
    for (const { f, k } of modules) resolve(r, blob, f, out, n > 1 ? ` (module ${k} of ${n})` : '');
    if (skipped) out.unread.push(`modules ${MAX_MODULES_READ + 1} to ${n} of this file: not read (LLVM reads a single module; the first ${MAX_MODULES_READ} are)`);
  } catch (e) {
    if (!(e instanceof BitstreamError)) throw e;
    out.problem = `bitstream: ${e.message}`;
  }
  return out;
}

function walkModule(r: BitstreamReader, f: ModuleFacts): void {
  for (let m = r.next(); m.kind !== 'end'; m = r.next()) {
    if (m.kind === 'block') {
      if (m.id === BITSTREAM.blockinfo.BLOCK_ID) r.enter(m);
      else if (m.id === BITCODE_BLOCK.CONSTANTS) {
        if (f.nextValue < f.globals.length) f.nextValue = f.globals.length;
        r.enter(m);
        walkConstants(r, f);
      } else if (m.id === BITCODE_BLOCK.METADATA) {
        r.enter(m);
        walkMetadata(r, f);
      } else r.skip(m);
      continue;
    }
    const rec = r.record(m);
    switch (rec.code) {
      case MODULE_CODE.VERSION:
        f.version = r.usedOps(rec, 'MODULE_CODE_VERSION', m.at)[0] ?? 0;
        break;
      case MODULE_CODE.GLOBALVAR:
      case MODULE_CODE.FUNCTION:
      case MODULE_CODE.ALIAS:
      case MODULE_CODE.ALIAS_OLD:
      case MODULE_CODE.IFUNC: {
        const strtab = f.version >= 2;
        const all = r.usedOps(rec, `MODULE_BLOCK record ${rec.code}`, m.at);
        const ops = strtab ? all.slice(2) : all;
        const g: GlobalValue = {};
        if (strtab && all.length >= 2) g.name = { offset: all[0]!, size: all[1]! };
        if (rec.code === MODULE_CODE.GLOBALVAR) g.initId = ops[GLOBALVAR_FIELD.initId] ?? 0;
        f.globals.push(g);
        break;
      }
    }
  }
}

function walkConstants(r: BitstreamReader, f: ModuleFacts): void {
  for (let c = r.next(); c.kind !== 'end'; c = r.next()) {
    if (c.kind === 'block') {
      r.skip(c);
      continue;
    }
    const rec = r.record(c, false); // array elements are read again only for the globals chosen
    if (rec.code === CST_CODE.SETTYPE) continue;
    if (rec.code === CST_CODE.STRING || rec.code === CST_CODE.CSTRING || rec.code === CST_CODE.DATA) f.arrays.set(f.nextValue, { code: rec.code, record: rec });
    f.nextValue++;
  }
}

/** The METADATA records whose operands walkMetadata uses. */
const METADATA_RECORDS_READ: ReadonlySet<number> = new Set([METADATA_CODE.STRINGS, METADATA_CODE.STRING_OLD, METADATA_CODE.NODE, METADATA_CODE.DISTINCT_NODE, METADATA_CODE.VALUE, METADATA_CODE.NAME, METADATA_CODE.NAMED_NODE]);

const NO_ID: ReadonlySet<number> = new Set([METADATA_CODE.NAME, METADATA_CODE.KIND, METADATA_CODE.NAMED_NODE, METADATA_CODE.GLOBAL_DECL_ATTACHMENT, METADATA_CODE.INDEX_OFFSET, METADATA_CODE.INDEX]);

function walkMetadata(r: BitstreamReader, f: ModuleFacts): void {
  let name: string | undefined;
  for (let it: BitItem = r.next(); it.kind !== 'end'; it = r.next()) {
    if (it.kind === 'block') {
      r.skip(it);
      continue;
    }
    const read = r.record(it);
    const id = f.nextMetadata;
    // The records interpreted below must fit JavaScript numbers; others (an enumerator's 64-bit value) may not.
    const rec = METADATA_RECORDS_READ.has(read.code) ? { ...read, ops: r.usedOps(read, `METADATA record ${read.code}`, it.at) } : read;
    switch (rec.code) {
      case METADATA_CODE.STRINGS: {
        const count = rec.ops[0] ?? 0;
        const charsAt = rec.ops[1] ?? 0;
        // The lengths are `count` vbr6 values before `charsAt`: a count they cannot hold is refused.
        if (rec.blob && (charsAt > rec.blob.size || count * BITSTREAM.width.op > charsAt * 8)) throw new BitstreamError(`METADATA_STRINGS: ${count} strings do not fit in the blob`, rec.blob.offset);
        if (rec.blob) f.strings.push({ first: id, count, charsAt, blob: rec.blob });
        f.nextMetadata += count;
        continue;
      }
      case METADATA_CODE.STRING_OLD:
        f.oldStrings.set(id, latin1(rec.ops));
        break;
      case METADATA_CODE.NODE:
      case METADATA_CODE.DISTINCT_NODE:
        f.nodes.set(id, { count: rec.ops.length, op0: rec.ops[0] ?? 0, op1: rec.ops[1] ?? 0 });
        break;
      case METADATA_CODE.VALUE:
        if (rec.ops.length >= 2) f.values.set(id, rec.ops[1]!);
        break;
      case METADATA_CODE.NAME:
        name = latin1(rec.ops);
        break;
      case METADATA_CODE.NAMED_NODE:
        if (name !== undefined) f.named.set(name, rec.ops.slice());
        name = undefined;
        break;
    }
    if (!NO_ID.has(rec.code)) f.nextMetadata++;
  }
}

/** Longest MDString text quoted in a note. */
const QUOTED = 64;

/**
 * The MDString with metadata id `id` (at most `limit` bytes of it, with `…` when longer), undefined when
 * the id is not a string. The METADATA_STRINGS record holding it is found by binary search (records
 * come in id order); its lengths are read once.
 */
function mdString(blob: BlobRef, f: ModuleFacts, id: number, limit = Infinity): string | undefined {
  const old = f.oldStrings.get(id);
  if (old !== undefined) return old.length > limit ? `${old.slice(0, limit)}…` : old;
  let lo = 0;
  let hi = f.strings.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (f.strings[mid]!.first <= id) lo = mid + 1;
    else hi = mid;
  }
  const s = f.strings[lo - 1];
  if (!s || id >= s.first + s.count) return undefined;
  if (!s.starts) {
    // The lengths: `count` vbr6 values in a bitstream at the start of the blob; starts are their sums.
    const lr = new BitstreamReader(blob, s.blob.offset, Math.min(s.charsAt, s.blob.size));
    s.starts = new Float64Array(s.count + 1);
    s.starts[0] = s.charsAt;
    for (let i = 0; i < s.count; i++) s.starts[i + 1] = s.starts[i]! + lr.vbr(BITSTREAM.width.op);
  }
  const k = id - s.first;
  const at = s.starts[k]!;
  const end = s.starts[k + 1]!;
  if (end > s.blob.size) throw new BitstreamError(`METADATA_STRINGS: string ${k} runs past the blob`, s.blob.offset);
  const text = decodeUtf8(blob.slice(s.blob.offset + at, Math.min(end - at, limit === Infinity ? end - at : limit * 4)));
  return end - at > limit ? `${text.slice(0, limit)}…` : text;
}

function resolve(r: BitstreamReader, blob: BlobRef, f: ModuleFacts, out: EmbeddedObjects, which: string): void {
  const ops = f.named.get(EMBEDDED_OBJECTS_METADATA);
  if (!ops) return;
  out.hasMetadata = true;
  const skipped = out.skipped.length;
  const unread = out.unread.length;
  const first = out.objects.length;
  // A node listed K times is one global: its bytes are read once and shared (LLVM extracts it K times).
  const byValue = new Map<number, EmbeddedObject | string | { unread: string }>();
  const sections = new Map<number, string | undefined>();
  ops.forEach((nodeId, i) => {
    const what = `!${EMBEDDED_OBJECTS_METADATA} operand ${i}`;
    const node = f.nodes.get(nodeId);
    if (!node || node.count < 2) return void out.skipped.push(`${what}: not a node of two operands`);
    if (!sections.has(node.op1)) sections.set(node.op1, node.op1 ? mdString(blob, f, node.op1 - 1, QUOTED) : undefined);
    const section = sections.get(node.op1);
    if (section !== EMBEDDED_OFFLOADING_SECTION) return void out.skipped.push(`${what}: section ${section === undefined ? '(not a string)' : `'${section}'`}, not ${EMBEDDED_OFFLOADING_SECTION}`);
    const valueId = node.op0 ? f.values.get(node.op0 - 1) : undefined;
    if (valueId === undefined) return void out.skipped.push(`${what}: its first operand is not a global variable`);
    let o = byValue.get(valueId);
    if (o === undefined) byValue.set(valueId, (o = embeddedObject(r, blob, f, valueId, section)));
    if (typeof o === 'string') out.skipped.push(`${what}: ${o}`);
    else if ('unread' in o) out.unread.push(`${what}: ${o.unread}`);
    else out.objects.push(o);
  });
  if (!which) return;
  // Several modules: say which one each operand and global is of.
  for (let i = skipped; i < out.skipped.length; i++) out.skipped[i] = out.skipped[i]!.replace(/^(!\S+ operand \d+)/, `$1${which}`);
  for (let i = unread; i < out.unread.length; i++) out.unread[i] = out.unread[i]!.replace(/^(!\S+ operand \d+)/, `$1${which}`);
  const renamed = new Map<EmbeddedObject, EmbeddedObject>();
  for (let i = first; i < out.objects.length; i++) {
    const o = out.objects[i]!;
    let n = renamed.get(o);
    if (!n) renamed.set(o, (n = { ...o, global: `${o.global}${which}` }));
    out.objects[i] = n;
  }
}

/** The global with value id `valueId` and its initializer's bytes, or why it is skipped (by LLVM too) or not read (here only). */
function embeddedObject(r: BitstreamReader, blob: BlobRef, f: ModuleFacts, valueId: number, section: string): EmbeddedObject | string | { unread: string } {
  const g = f.globals[valueId];
  if (!g || g.initId === undefined) return 'its first operand is not a global variable';
  const named = g.name && f.strtab && g.name.offset + g.name.size <= f.strtab.size && g.name.size <= 4096;
  const global = named ? `@${decodeUtf8(blob.slice(f.strtab!.offset + g.name!.offset, g.name!.size))}` : `global #${valueId}`;
  const init = g.initId ? f.arrays.get(g.initId - 1) : undefined;
  if (!init) return `${global} has no ConstantDataSequential initializer`;
  if (init.code === CST_CODE.DATA) return { unread: `${global}'s initializer has elements wider than a byte: not read by this toolkit (LLVM reads its bytes and extracts what they hold)` };
  const rec = init.record;
  // CSTRING leaves out the final NUL, which the constant has.
  const bytes = new Uint8Array(rec.arrayLength + (init.code === CST_CODE.CSTRING ? 1 : 0));
  r.arrayBytes(rec, bytes);
  return { global, section, bytes, offset: r.byteAt(rec.arrayAt ?? 0) };
}
