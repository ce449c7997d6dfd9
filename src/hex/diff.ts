/**
 * Structural diff (`syclbin diff A B`, issue 6 §2): compares what two files MEAN — the SYCLBIN model
 * (envelope, metadata property values, modules, images), the OffloadBinary entries of plain
 * OffloadBinary files, or the registry of `.prop` files — not their bytes. With `bytes`, it also lists
 * the annotated spans (by path) whose bytes, offset or size differ.
 */
import { blobRef, blobsEqual, bytesEqual, forEachWindow, formatPath, toSource, type BlobRef, type ByteSource, type CompareBuffers, optionsArgument, type BytesLike, type OptionKeys, type PathKey } from '../codec/index.js';
import { annotate, leavesOf, spanKeysOnce, propertyDisplay, quoted, spanFields, type AnnotatedSpan, type Annotation } from './annotate.js';
import { encodePropertyValue } from '../props/registry.js';
import { terminalSafe } from './terminal.js';
import type { PropertySetRegistry, PropertyValue } from '../props/model.js';
import type { SyclbinFile } from '../syclbin/model.js';
import { escapedStrings, type OffloadBinaryModel } from '../offload/read.js';
import { placeNames } from './place-names.js';
import { quotedText } from '../props/explain.js';
import { clipText } from '../codec/messages.js';
import { SHT_NULL } from '../../formats/elf.js';
import { keyRule, type EnumNames } from '../../formats/property-sets.js';

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
  /** How the files were compared, when not as usual (one side read too little for its model). */
  notes?: string[];
}

/** A value of the flat view: display text or, for blobs, the bytes (compared in windows, described only when shown). */
interface Item {
  text?: string;
  /**
   * `text` is a string value, shown quoted (quotedText) only when shown: entries that share one long
   * value (a string table merges equal strings) share that string, not a quoted copy each.
   */
  quote?: true;
  blob?: BlobRef;
  /** A property's value: compared as it is, made text (propertyText) only when shown. */
  prop?: PropertyValue;
  /** The names of a uint32 property's values where its set and key say it is an enumeration (a SYCLBIN's `state`, an IR module's `type`). */
  names?: EnumNames;
  /**
   * The order of a registry's sets or of a set's keys (kept by LLVM's MapVector reader and writer, and
   * meaning for the runtime in [SYCL/specialization constants], whose order places the constants in the
   * blob, and in the default-values set, whose first property is the blob): compared by the relative
   * order of the names both sides have, and only when both have the registry or set (a name added or
   * removed is its own entry).
   */
  order?: { what: 'key' | 'set'; names: readonly string[] };
  /** Its path for people, made when it is shown (`prefix[name]` for a named entry). */
  path(): string;
}

/** What an item holds, without its path. */
type ItemValue = Omit<Item, 'path'>;

/** An entry `prefix["name"]`: its path made from its parent's when shown (no closure per entry). */
class NamedItem implements Item {
  readonly text?: string;
  readonly quote?: true;
  readonly blob?: BlobRef;
  readonly prop?: PropertyValue;
  readonly names?: EnumNames;
  constructor(
    private readonly prefix: PrefixRef,
    private readonly name: string,
    v: ItemValue,
  ) {
    if (v.text !== undefined) this.text = v.text;
    if (v.quote) this.quote = v.quote;
    if (v.blob) this.blob = v.blob;
    if (v.prop) this.prop = v.prop;
    if (v.names) this.names = v.names;
  }
  path(): string {
    return quoted(this.prefix.path(), this.name);
  }
}

/**
 * The items of a flat view, in the order they were first set, by key: a Map for string keys, and for
 * a span's first occurrence (keyed by its trie node's number) the leaf itself in an array by that
 * number, its item made when asked for. A Map entry and an item kept for each of 100,000s of spans were
 * a good part of diff's time (the Map grown again and again) and memory.
 */
class ItemTable {
  private readonly byText = new Map<string, Item>();
  private readonly spans: (AnnotatedSpan | undefined)[] = [];
  private side: SpanSide | undefined;
  private readonly order: (string | number)[] = [];

  /** Set the item of a string key (a key set again keeps its place, as a Map's does). */
  set(key: string, item: Item): void {
    if (!this.byText.has(key)) this.order.push(key);
    this.byText.set(key, item);
  }

  /** Set the first occurrence of a span, keyed by its trie node's number (one side per table). */
  setSpan(node: number, side: SpanSide, leaf: AnnotatedSpan): void {
    this.side = side;
    if (this.spans[node] === undefined) this.order.push(node);
    // (filled up to the node first: an array written past its end becomes a dictionary)
    while (this.spans.length < node) this.spans.push(undefined);
    this.spans[node] = leaf;
  }

  get(key: string | number): Item | undefined {
    if (typeof key === 'string') return this.byText.get(key);
    const leaf = this.spans[key];
    return leaf && new SpanItem(this.side!, leaf, 1);
  }

  has(key: string | number): boolean {
    return typeof key === 'string' ? this.byText.has(key) : this.spans[key] !== undefined;
  }

  /** The keys and items in the order the keys were first set. */
  *[Symbol.iterator](): IterableIterator<[string | number, Item]> {
    for (const key of this.order) yield [key, this.get(key)!];
  }
}

/**
 * The flattened model, keyed compactly: an entry under a named parent (a set, a role) by the number
 * of its parent and its own name or field, never by the whole path. Paths repeat their parents'
 * names (a 50 KB set name in every key's path): keying by them would make the work quadratic (and
 * V8 hashes strings over 16,383 characters by length only, so such keys all collide). Paths for
 * people are made only for what is shown.
 */
class FlatView {
  /** The items by key: strings, and a span's trie node number ({@link SpanKeys}) for its first occurrence. */
  readonly items = new ItemTable();

  /**
   * `parents` numbers the parent paths and `spanKeys` the path keys of spans: both files of a diff
   * share them, so that equal keys mean equal paths across the two views.
   */
  constructor(
    private readonly parents: Map<string, number>,
    readonly spanKeys: SpanKeys,
  ) {}

  /** An entry at a fixed path (`version`, `binaries[0].flags`). */
  set(path: string, item: ItemValue): void {
    this.items.set(`p${path}`, { ...item, path: () => path });
  }

  /** The parent `prefix["name"]` (entries go below it with {@link add}). */
  under(prefix: PrefixRef, name: string): PrefixRef {
    const key = `${this.parentId(prefix)}[${name}`;
    return { key, path: () => quoted(prefix.path(), name) };
  }

  /** An entry `prefix` + `suffix` (`.flags`). */
  add(prefix: PrefixRef, suffix: string, item: ItemValue): void {
    this.items.set(`n${this.parentId(prefix)}\u0000${suffix}`, { ...item, path: () => prefix.path() + suffix });
  }

  /**
   * The entry `prefix["name"]` itself, with no entries below it (a property): keyed by its parent's
   * number and its name, its parent not numbered (a registry of a million keys numbers its sets only).
   */
  leaf(prefix: PrefixRef, name: string, item: ItemValue): void {
    this.items.set(`m${this.parentId(prefix)}[${name}`, new NamedItem(prefix, name, item));
  }

  /** The entry `prefix["name"]` itself; returns it as a parent for the entries below it. */
  named(prefix: PrefixRef, name: string, item: ItemValue): PrefixRef {
    this.leaf(prefix, name, item);
    return this.under(prefix, name);
  }

  private parentId(prefix: PrefixRef): number {
    let id = this.parents.get(prefix.key);
    if (id === undefined) this.parents.set(prefix.key, (id = this.parents.size));
    return id;
  }
}

/** A parent path: a compact key that names it, and its text, made on demand. */
interface PrefixRef {
  readonly key: string;
  readonly path: () => string;
}

/** A fixed parent path (`globalMetadata`, `abstractModules[0].metadata`). */
function fixedPrefix(path: string): PrefixRef {
  return { key: `p${path}`, path: () => path };
}

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

function blob(b: BlobRef): ItemValue {
  return { blob: b };
}

/** What an item prints as: its text, or a blob's size and FNV-1a hash (read only for a blob that is shown). */
function textOf(item: Item): string {
  if (item.prop) return propertyText(item.prop, item.names);
  if (item.text !== undefined) return item.quote ? quotedText(item.text) : item.text;
  return `<${item.blob!.size} bytes, fnv1a ${fnv1a(item.blob!)}>`;
}

/**
 * A uint32 as its number; a byte array as its readable value (text, hex, or `empty`) and then the
 * exact registry encoding it compares by, whose `2|` marks the type (`empty (2|AAAAAAAAAAA) -> 0`
 * is a byte array that became a uint32).
 */
function propertyText(v: PropertyValue, names?: EnumNames): string {
  // (an enumeration's value with its name, as dump and props name it: `0 (input) -> 2 (executable)`)
  if (v.type === 1) return names ? `${v.value} (${names[v.value] ?? 'unknown'})` : String(v.value);
  const d = propertyDisplay(v);
  const shown = d === '' ? 'empty' : typeof d === 'string' && !d.startsWith('0x') ? JSON.stringify(d) : String(d);
  return `${shown} (${encodePropertyValue(v)})`;
}

/** Byte-array values longer than this are compared and shown as images are (size and FNV-1a hash), not as a line of their text. */
const LONG_VALUE = 256;

/** A long byte array as a blob of its 8-byte bit count and payload (compared byte for byte, shown as size and hash). */
function longValue(v: PropertyValue & { type: 2 }): ItemValue {
  const b = new Uint8Array(8 + v.bytes.length);
  new DataView(b.buffer).setBigUint64(0, v.bits, true);
  b.set(v.bytes, 8);
  return blob(blobRef(toSource(b), 0, b.length, undefined));
}

function flattenRegistry(out: FlatView, path: string, reg: PropertySetRegistry): void {
  const parent = fixedPrefix(path);
  // (a property-set file's registry is at the path '': its order line is named `(sets)`)
  out.add(parent, path === '' ? '(sets)' : '', { order: { what: 'set', names: [...reg.keys()] } });
  for (const [name, set] of reg) {
    const setRef = out.named(parent, name, { text: `(set, ${set.size} propert${set.size === 1 ? 'y' : 'ies'})` });
    out.add(setRef, '', { order: { what: 'key', names: [...set.keys()] } });
    for (const [key, v] of set) {
      if (v.type === 2) out.leaf(setRef, key, v.bytes.length > LONG_VALUE ? longValue(v) : { prop: v });
      else {
        const rule = keyRule(name, key);
        out.leaf(setRef, key, rule?.kind === 'enum' && rule.enumNames ? { prop: v, names: rule.enumNames } : { prop: v });
      }
    }
  }
}

/** The names of `names` that `other` holds too, in their order. */
function common(names: readonly string[], other: readonly string[]): string[] {
  const there = new Set(other);
  return names.filter((n) => there.has(n));
}

/** Names shown in an order line, from the first place the two orders differ. */
const ORDER_SHOWN = 5;

/** An order line's value: the names both sides have, from the first (`from`) that is not in the same place. */
function orderText(what: 'key' | 'set', names: readonly string[], from: number): string {
  const shown = names.slice(from, from + ORDER_SHOWN).map((n) => quotedText(clipText(n)));
  const before = from ? `(${from} the same), ` : '';
  const after = names.length > from + ORDER_SHOWN ? `, … (${names.length} in all)` : '';
  return `${what} order: ${before}${shown.join(', ')}${after}`;
}

/**
 * String entries by key, each value as quoted text: byte for byte, for the maps hold bytes that are not
 * UTF-8 as lone surrogates U+DC80+byte (src/offload/read.ts escapedStrings), shown as `\xNN`.
 */
function flattenStrings(out: FlatView, prefix: PrefixRef, strings: Iterable<readonly [string, string]>): void {
  for (const [k, v] of strings) out.leaf(prefix, k, { text: v, quote: true });
}

function flattenSyclbin(out: FlatView, m: SyclbinFile): void {
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
    flattenStrings(out, fixedPrefix('envelope.strings'), env.strings);
    out.set('envelope.extraEntries', { text: String(env.extraEntries) });
  }
  if (env.kind === 'roles') {
    out.set('envelope.formatVersionKey', { text: String(env.formatVersionKey) });
    // Each role entry's own fields, by role and position (not by place in the table: entries come in
    // any order), so that what a v2 manifest cannot carry is still compared.
    const entries = fixedPrefix('envelope.entries');
    for (const x of env.entries ?? []) {
      const role = out.under(entries, x.key);
      out.add(role, '.imageKind', { text: String(x.imageKind) });
      out.add(role, '.offloadKind', { text: String(x.offloadKind) });
      out.add(role, '.flags', { text: String(x.flags) });
      const strings = { key: `${role.key}.strings`, path: () => `${role.path()}.strings` };
      flattenStrings(out, strings, x.strings);
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

function flattenOffload(out: FlatView, obs: readonly OffloadBinaryModel[]): void {
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
      flattenStrings(out, fixedPrefix(`${q}.strings`), escapedStrings(e));
      out.set(`${q}.image`, blob(e.imageRef));
    });
  });
}

/** The spans of an ELF file's sections and section headers, whose index names a section. */
const SECTION_KEYS: ReadonlySet<string> = new Set(['sections', 'sectionHeaders']);

/** A section's name as a diff key, and its occurrence among the sections of that name (1 for the first). */
interface SectionName {
  readonly name: string;
  readonly n: number;
  /**
   * Its diff key and shown path key under each head (`sections`, `sectionHeaders`), made once: every
   * span of a section shares them (a 100 KB name quoted for each of its fields was gigabytes).
   */
  keys?: Map<string, { key: string; shown: string }>;
  /** Its diff key alone (the same under every head), made once: most spans are keyed, few shown. */
  key?: string;
  /** The name quoted under each head, shared by every section of the name (made when first shown). */
  readonly quoted: { under?: Map<string, string> };
}

/** Names by index, each with its occurrence among the names before it (a name that repeats: occurrence 2, ...). */
function numbered(names: Iterable<[number, string]>): Map<number, SectionName> {
  const out = new Map<number, SectionName>();
  const seen = new Map<string, { n: number; quoted: { under?: Map<string, string> } }>();
  for (const [i, name] of names) {
    let s = seen.get(name);
    if (s) s.n++;
    else seen.set(name, (s = { n: 1, quoted: {} }));
    out.set(i, { name, n: s.n, quoted: s.quoted });
  }
  return out;
}

/**
 * An ELF file's section names by index, with each name's occurrence (a name that repeats: its second
 * section is occurrence 2); undefined for other files. Two objects are compared section by section by
 * these, not by index: one section more (or in another place) in one of them shifts no other section.
 */
function sectionNames(a: Annotation): Map<number, SectionName> | undefined {
  // (an ELF file's sections as its reader read them; a COFF file's as the listing of the object has them)
  const sections = placeNames(a).sections;
  if (!sections?.length) return undefined;
  return numbered(sections.map((name, i) => [i, name]));
}

/** The diff key and the shown path key of a name with its occurrence (`".text"#2`: no name is spelled so, a `"` in a name is escaped; the key is a NUL, the name's number in both files and `#` the occurrence: no path key of a span starts with a NUL). */
function nameKey(head: string, sec: SectionName, ids: SpanKeys): { key: string; shown: string } {
  let k = sec.keys?.get(head);
  if (k === undefined) {
    // The key: the name's number (one per distinct name, in both files) and the occurrence, short
    // whatever the name's length (a long key hashed for each span, and V8 hashes strings over 16,383
    // characters by length alone, so names of one length would all collide).
    const under = (sec.quoted.under ??= new Map());
    let q = under.get(head);
    if (q === undefined) under.set(head, (q = quoted(head, sec.name)));
    k = { key: nameKeyOnly(sec, ids), shown: sec.n === 1 ? q : `${q.slice(0, -1)}#${sec.n}]` };
    (sec.keys ??= new Map()).set(head, k);
  }
  return k;
}

/** The diff key of {@link nameKey} alone, without the path text it shows. */
function nameKeyOnly(sec: SectionName, ids: SpanKeys): string {
  return (sec.key ??= `\u0000${ids.nameId(sec.name)}#${sec.n}`);
}

/**
 * `leaf` with the section index at `keys[at + 1]` (after a `sections` or `sectionHeaders` key at
 * `at`) replaced by the section's name: `sections[".llvm.offloading"]`, a repeated name's later
 * sections `sections[".text"#2]`. `shownBefore` is the path text of `keys[0 .. at)` as shown.
 */
function renameIndex(leaf: AnnotatedSpan, keys: PathKey[], at: number, names: ReadonlyMap<number, SectionName>, shownBefore: string, restOfPath: string, ids: SpanKeys): { keys: PathKey[]; path: string } | undefined {
  const head = keys[at];
  const index = keys[at + 1];
  if (typeof head !== 'string' || typeof index !== 'number') return undefined;
  const sec = names.get(index);
  if (sec === undefined) return undefined;
  const { key, shown } = nameKey(head, sec, ids);
  return { keys: [...keys.slice(0, at), head, key, ...keys.slice(at + 2)], path: appendPath(shownBefore, shown) + restOfPath };
}

/** `before` + `.tail` (or `tail` alone at the start). */
function appendPath(before: string, tail: string): string {
  return before === '' ? tail : `${before}.${tail}`;
}

/**
 * How the leaves of a file are keyed for the diff: an ELF file's sections by name (see
 * {@link sectionNames}); an archive's members by their names (as LLVM's `getName` gives them, special
 * members by their stored name), and the sections of an ELF member by name too (the names its span
 * tree holds). Two archives are then compared member by member however their members are ordered.
 */
function leafKeys(a: Annotation, ids: SpanKeys): SpanNaming {
  const elfNames = sectionNames(a);
  if (elfNames) {
    const byName = (leaf: AnnotatedSpan): AnnotatedSpan => {
      if (!SECTION_KEYS.has(leaf.keys[0] as string)) return leaf;
      const head = `${leaf.keys[0]}[${leaf.keys[1]}]`;
      const r = renameIndex(leaf, [...leaf.keys], 0, elfNames, '', leaf.path.slice(head.length), ids);
      return r ? { ...spanFields(leaf), ...r } : leaf;
    };
    // The same keys as byName's, without its path and arrays: the index replaced by the name's key.
    const keyOf = (leaf: AnnotatedSpan, keys: SpanKeys): SpanKey => {
      const k = spanKeysOnce(leaf);
      const sec = SECTION_KEYS.has(k[0] as string) && typeof k[1] === 'number' ? elfNames.get(k[1]) : undefined;
      return sec ? keys.of(k, 1, nameKeyOnly(sec, ids)) : keys.of(k);
    };
    return { byName, keyOf };
  }
  const members = placeNames(a).members;
  if (!members?.length) return { byName: (leaf) => leaf, keyOf: (leaf, keys) => keys.of(spanKeysOnce(leaf)) };
  const memberNames = numbered(members.map((m) => [m.index, m.name]));
  // Each member's section names (src/hex/place-names.ts).
  const memberSections = new Map<number, Map<number, SectionName>>();
  for (const m of members) if (m.sections) memberSections.set(m.index, numbered(m.sections.map((name, i) => [i, name])));
  const sectionsOf = (i: number): Map<number, SectionName> => memberSections.get(i) ?? new Map();
  const byName = (leaf: AnnotatedSpan): AnnotatedSpan => {
    if (leaf.keys[0] !== 'members' || typeof leaf.keys[1] !== 'number') return leaf;
    const i = leaf.keys[1];
    const memberHead = `members[${i}]`;
    const renamed = renameIndex(leaf, [...leaf.keys], 0, memberNames, '', leaf.path.slice(memberHead.length), ids);
    if (!renamed) return leaf;
    // members["k.o"].data.sections[".text"]…
    if (renamed.keys[2] === 'data' && SECTION_KEYS.has(renamed.keys[3] as string) && typeof renamed.keys[4] === 'number') {
      const before = renamed.path.slice(0, renamed.path.length - leaf.path.length + memberHead.length);
      const head = `.data.${renamed.keys[3]}[${renamed.keys[4]}]`;
      const rest = leaf.path.slice(memberHead.length + head.length);
      const again = renameIndex(leaf, renamed.keys, 3, sectionsOf(i), `${before}.data`, rest, ids);
      if (again) return { ...spanFields(leaf), ...again };
    }
    return { ...spanFields(leaf), ...renamed };
  };
  // byName's keys without its path, arrays and copies (per span they were most of diff's time and memory).
  const keyOf = (leaf: AnnotatedSpan, keys: SpanKeys): SpanKey => {
    const k = spanKeysOnce(leaf);
    if (k[0] !== 'members' || typeof k[1] !== 'number') return keys.of(k);
    const i = k[1];
    const member = memberNames.get(i);
    if (member === undefined) return keys.of(k);
    const memberKey = nameKeyOnly(member, ids);
    const head = k[3];
    if (k[2] === 'data' && SECTION_KEYS.has(head as string) && typeof k[4] === 'number') {
      const sec = sectionsOf(i).get(k[4]);
      if (sec !== undefined) return keys.of(k, 1, memberKey, 4, nameKeyOnly(sec, ids));
    }
    return keys.of(k, 1, memberKey);
  };
  return { byName, keyOf };
}

/**
 * How a file's leaves are keyed: `byName` gives a leaf as renamed (its path for people, made only for
 * a span that is shown), `keyOf` its key alone, the same as byName's keys would give.
 */
interface SpanNaming {
  byName: (leaf: AnnotatedSpan) => AnnotatedSpan;
  keyOf: (leaf: AnnotatedSpan, keys: SpanKeys) => SpanKey;
}

/** What {@link flattenSpans} needs to show a span: its file and how its leaves are renamed. */
interface SpanSide {
  readonly src: ByteSource;
  readonly byName: (leaf: AnnotatedSpan) => AnnotatedSpan;
}

/** A field, magic or string is compared by its decoded value; the rest (images, sections, padding, gaps, whose value, when there is one, only classifies the bytes) by the bytes. */
function byValue(s: AnnotatedSpan): boolean {
  return s.value !== undefined && (s.kind === 'field' || s.kind === 'magic' || s.kind === 'string');
}

/**
 * A span's item: the leaf and its occurrence only. Its text, blob and path are made when compared or
 * shown, not kept for every span of both files (a text, blob, copy of the span and closure per span
 * were about 1 KB each).
 */
class SpanItem implements Item {
  constructor(
    private readonly side: SpanSide,
    readonly leaf: AnnotatedSpan,
    private readonly n: number,
  ) {}
  get text(): string | undefined {
    return byValue(this.leaf) ? valueText(this.leaf.value) : undefined;
  }
  get blob(): BlobRef | undefined {
    const s = this.leaf;
    return byValue(s) ? undefined : blobRef(this.side.src, s.offset, s.size, s.offset);
  }
  path(): string {
    const p = this.side.byName(this.leaf).path;
    return this.n === 1 ? p : `${p}#${this.n}`;
  }
}

/** Whether two spans' items are the same (as {@link sameItem} finds their texts or blobs), without making equal values' texts. */
function sameSpan(x: SpanItem, y: SpanItem, bufs: CompareBuffers): boolean {
  const s = x.leaf;
  const t = y.leaf;
  const bx = byValue(s);
  if (bx !== byValue(t)) return false;
  if (!bx) return blobsEqual(x.blob!, y.blob!, bufs);
  const v = s.value;
  const w = t.value;
  // (equal primitives of one type have one text; a number and a bigint, or objects, by their texts)
  if (v === w && typeof v === typeof w && typeof v !== 'object') return true;
  return valueText(v) === valueText(w);
}


/**
 * A file of no model this diff knows (ELF, COFF and PE files, archives, SPIR-V and bitcode modules,
 * bytes of no known format): its annotated spans, one entry per leaf (a field, magic or string by its
 * decoded value, anything else by its bytes), keyed by the leaf's path keys (a path seen again gets `#2`, `#3`, …).
 */
function flattenSpans(out: FlatView, src: ByteSource, a: Annotation): void {
  const keys = new SpanKeys(out.spanKeys);
  const { byName, keyOf } = leafKeys(a, keys);
  const side: SpanSide = { src, byName };
  const add = (leaf: AnnotatedSpan): void => {
    const key = keyOf(leaf, keys);
    if (typeof key === 'number') out.items.setSpan(key, side, leaf);
    else out.items.set(`s${key}`, new SpanItem(side, leaf, keys.n));
  };
  for (const leaf of leavesOf(a)) add(leaf);
  flattenDeviceImages(out, a, byName, new SpanKeys(out.spanKeys));
  // An ELF file's empty sections hold no bytes to annotate, but they are there: their contents are
  // compared as 0 bytes (a section emptied in B is changed, not removed).
  const elf = a.elf && !a.elf.elf.path.length ? a.elf.elf : undefined;
  for (const sec of elf?.sections ?? []) {
    if (sec.size !== 0 || sec.type === SHT_NULL) continue;
    add({ offset: elf!.origin + sec.offset, size: 0, path: `sections[${sec.index}]`, keys: ['sections', sec.index], kind: 'bytes' });
  }
}

/**
 * What offload-list finds of each device image outside an OffloadBinary (a wrapper object's or a
 * program's SPIR-V image; src/offload/input.ts `BareImage`): its triple and offload kind (from the
 * SYCL device image descriptor) and its kernels (from the offload entries table), which its span
 * (compared by its bytes) does not name. Keyed by the image's span path as the spans are (sections and
 * members by name), so an image's kernels are compared with the same image's in the other file; the
 * kernels by name, not by position (`IMAGE.kernels["NAME"]`, a name listed again `["NAME"#2]`).
 * These paths name no bytes of their own: `hexdump --path IMAGE` shows the image.
 */
function flattenDeviceImages(out: FlatView, a: Annotation, byName: (leaf: AnnotatedSpan) => AnnotatedSpan, keys: SpanKeys): void {
  for (const img of a.input?.bare ?? []) {
    const site = img.site.path;
    const leaf = byName({ offset: img.site.offset, size: img.image.size, path: formatPath(site), keys: [...site], kind: 'image' });
    const key = keys.of(leaf.keys);
    const n = keys.n;
    const at = n === 1 ? leaf.path : `${leaf.path}#${n}`;
    const set = (field: string, suffix: string, text: string): void => {
      out.items.set(`i${key}\u0000${field}`, { text, path: () => at + suffix });
    };
    if (img.triple !== undefined) set('t', '.triple', img.triple);
    if (img.offloadKind !== undefined) set('o', '.offloadKind', String(img.offloadKind));
    set('n', '.kernels.length', String(img.kernels.length));
    const seen = new Map<string, number>();
    for (const name of img.kernels) {
      const k = (seen.get(name) ?? 0) + 1;
      seen.set(name, k);
      out.items.set(`i${key}\u0000k${keys.nameId(name)}#${k}`, {
        text: 'kernel',
        path: () => {
          const q = quoted(`${at}.kernels`, name);
          return k === 1 ? q : `${q.slice(0, -1)}#${k}]`;
        },
      });
    }
  }
}

/** A decoded span value as text. */
function valueText(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)) ?? String(v);
}

/**
 * A span's key: the number of its path's node in the trie of paths both files share (its first
 * occurrence), or that number and its occurrence (`12#2`).
 */
type SpanKey = number | string;

/** The numbering both files of a diff share: of path keys, of names, and of the nodes of the trie of paths. */
interface SpanNumbering {
  readonly ids: Map<PathKey, number>;
  readonly names: NameNumbers;
  /**
   * Each node's children by key number (undefined for a node with none yet): a Map per parent, not one
   * Map keyed by a `parent,key` string made for every span looked up.
   */
  readonly children: (Map<number, number> | undefined)[];
}

/**
 * Compact keys for span paths: each path key is numbered once (a long set name hashed once, not in
 * every path that holds it), a path is a node of a trie of those numbers (a number, not a string
 * per span; the nodes of the path before it are reused for the keys it shares with it, as siblings
 * do), and a path seen again is counted.
 */
class SpanKeys {
  private readonly numbering: SpanNumbering;
  /** Occurrences so far by node (this file's own). */
  private seen = new Uint32Array(1024);
  /** The keys of the last path and the node of each of its prefixes. */
  private readonly lastKeys: PathKey[] = [];
  private readonly lastNodes: number[] = [];
  /** The occurrence of the path {@link of} keyed last (1 for the first). */
  n = 0;

  /** `numbering`: share another's numbers of path keys, names and paths (its occurrence counts stay its own). */
  constructor(numbering?: SpanKeys) {
    this.numbering = numbering ? numbering.numbering : { ids: new Map(), names: new NameNumbers(), children: [undefined] };
  }

  /** A number for a section or member name, the same in both files. */
  nameId(name: string): number {
    return this.numbering.names.of(name);
  }

  /**
   * The key of the path `keys`, with the key at `at1` replaced by `k1` and at `at2` by `k2` (a section's
   * index by its name's key), without making the path so replaced; its occurrence is then {@link n}.
   */
  of(keys: readonly PathKey[], at1 = -1, k1?: PathKey, at2 = -1, k2?: PathKey): SpanKey {
    const num = this.numbering;
    const last = this.lastKeys;
    const nodes = this.lastNodes;
    let node = 0;
    let same = true;
    for (let i = 0; i < keys.length; i++) {
      const k = i === at1 ? k1! : i === at2 ? k2! : keys[i]!;
      if (same && i < last.length && last[i] === k) {
        node = nodes[i]!;
        continue;
      }
      same = false;
      let id = num.ids.get(k);
      if (id === undefined) num.ids.set(k, (id = num.ids.size));
      let kids = num.children[node];
      if (kids === undefined) num.children[node] = kids = new Map();
      let child = kids.get(id);
      if (child === undefined) {
        kids.set(id, (child = num.children.length));
        num.children.push(undefined);
      }
      node = child;
      last[i] = k;
      nodes[i] = node;
    }
    last.length = nodes.length = keys.length;
    if (node >= this.seen.length) {
      const grown = new Uint32Array(Math.max(node + 1, this.seen.length * 2));
      grown.set(this.seen);
      this.seen = grown;
    }
    const n = (this.n = ++this.seen[node]!);
    return n === 1 ? node : `${node}#${n}`;
  }
}

/** Texts above this length are numbered by a hash of their own ({@link NameNumbers}). */
const LONG_NAME = 1024;

/**
 * A number per distinct text. Short texts are keys of a Map; long ones are bucketed by their length
 * and an FNV-1a hash of their characters (V8 hashes a string over 16,383 characters by its length
 * alone: many long names of one length in one Map would all collide, each lookup comparing them).
 */
class NameNumbers {
  private readonly short = new Map<string, number>();
  private readonly long = new Map<string, { text: string; id: number }[]>();
  private next = 0;

  of(text: string): number {
    if (text.length <= LONG_NAME) {
      let id = this.short.get(text);
      if (id === undefined) this.short.set(text, (id = this.next++));
      return id;
    }
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    const slot = `${text.length}:${h >>> 0}`;
    let bucket = this.long.get(slot);
    if (!bucket) this.long.set(slot, (bucket = []));
    const found = bucket.find((x) => x.text === text);
    if (found) return found.id;
    const id = this.next++;
    bucket.push({ text, id });
    return id;
  }
}

/** How a file is compared: by its model (SYCLBIN, plain OffloadBinary, property sets) or by its spans. */
type View = 'syclbin' | 'offload' | 'registry' | 'spans';

function viewOf(a: Annotation): View {
  if (a.model) return 'syclbin';
  // A plain OffloadBinary file by its model; an object, archive or program by its spans (its own
  // sections besides the binaries inside, which its spans hold too).
  if (a.offload && a.format === 'offload-binary') return 'offload';
  if (a.registry) return 'registry';
  return 'spans';
}

function flatten(src: ByteSource, a: Annotation, view: View, parents: Map<string, number>, spanKeys: SpanKeys): FlatView {
  const out = new FlatView(parents, spanKeys);
  out.set('format', { text: a.format });
  if (view === 'syclbin') flattenSyclbin(out, a.model!);
  else if (view === 'offload') flattenOffload(out, a.offload!);
  else if (view === 'registry') flattenRegistry(out, '', a.registry!);
  else flattenSpans(out, src, a);
  return out;
}

function sameItem(x: Item, y: Item, bufs: CompareBuffers): boolean {
  if (x.blob && y.blob) return blobsEqual(x.blob, y.blob, bufs);
  if (x.blob || y.blob) return false;
  // Two properties are the same text (propertyText) exactly when they are the same value: a uint32's
  // number, a byte array's bit count and bytes (its registry encoding).
  if (x.prop && y.prop) {
    const a = x.prop;
    const b = y.prop;
    if (a.type === 1) return b.type === 1 && a.value === b.value;
    return b.type === 2 && a.bits === b.bits && bytesEqual(a.bytes, b.bytes);
  }
  if (x.prop || y.prop) return textOf(x) === textOf(y);
  return x.text === y.text && x.quote === y.quote;
}

/** The options diffFiles takes (typed by its signature: a new option cannot be left out; any other key is an UnknownOptionError). */
const DIFF_KEYS: OptionKeys<NonNullable<Parameters<typeof diffFiles>[2]>> = { bytes: true, maxInflatedSize: true };

/** Compare two files structurally (and, with `bytes`, span by span); `maxInflatedSize` caps each compressed payload. */
export function diffFiles(inputA: BytesLike | ByteSource, inputB: BytesLike | ByteSource, opts: { bytes?: boolean; maxInflatedSize?: number } = {}): DiffResult {
  opts = optionsArgument(opts, 'diffFiles', DIFF_KEYS);
  const a = toSource(inputA);
  const b = toSource(inputB);
  // (diff walks every module's registries: a blob handed out thousands of times is refused, not repeated)
  const A = annotate(a, { maxInflatedSize: opts.maxInflatedSize, sharedBlobsFree: false });
  const B = annotate(b, { maxInflatedSize: opts.maxInflatedSize, sharedBlobsFree: false });
  // One numbering of parents and path keys for both views (keys equal across them mean equal paths).
  const parents = new Map<string, number>();
  const spanKeys = new SpanKeys();
  // Files of one format of which only one has a model (the other did not read far enough) are both
  // compared span by span: a model path and a span path never name the same field the same way.
  let va = viewOf(A);
  let vb = viewOf(B);
  // (one that did not read has a model of what it read, the rest made up to fill it, an image out of
  // its table as 0 bytes: its spans say what its fields hold, the one that was changed among them)
  const unread = va !== 'spans' && vb !== 'spans' && A.format === B.format && (A.error || B.error) ? (A.error ? 'A' : 'B') : undefined;
  const spansOnly = va !== vb && A.format === B.format ? (va === 'spans' ? 'A' : 'B') : unread;
  if (spansOnly) va = vb = 'spans';
  const fa = flatten(a, A, va, parents, spanKeys).items;
  const fb = flatten(b, B, vb, parents, spanKeys).items;
  const entries: DiffEntry[] = [];
  const bufs = {};
  // A's paths in A's order, then the paths only in B, in B's order.
  for (const [key, x] of fa) {
    const y = fb.get(key);
    if (x.order) {
      // Only a registry or set both sides have: the names in common, in each side's order.
      if (!y?.order) continue;
      const ca = common(x.order.names, y.order.names);
      const cb = common(y.order.names, x.order.names);
      let i = 0;
      while (i < ca.length && ca[i] === cb[i]) i++;
      if (i < ca.length) entries.push({ op: 'changed', path: x.path(), a: orderText(x.order.what, ca, i), b: orderText(x.order.what, cb, i) });
      continue;
    }
    if (!y) entries.push({ op: 'removed', path: x.path(), a: textOf(x) });
    else if (x instanceof SpanItem && y instanceof SpanItem ? !sameSpan(x, y, bufs) : !sameItem(x, y, bufs)) entries.push({ op: 'changed', path: x.path(), a: textOf(x), b: textOf(y) });
  }
  for (const [key, y] of fb) if (!y.order && !fa.has(key)) entries.push({ op: 'added', path: y.path(), b: textOf(y) });
  const result: DiffResult = { formats: [A.format, B.format], entries, errors: [] };
  // Bytes of no known format are read (one span of their bytes, compared as such: src/cli/commands/diff.ts
  // help); that they are no known format is said in a note, not as trouble (diff(1)'s status 2 is for a
  // file that cannot be read or does not read to its end).
  const unknown: string[] = [];
  for (const [side, X] of [['A', A], ['B', B]] as const) {
    if (!X.error) continue;
    if (X.format === 'unknown') unknown.push(`${side}: ${X.error.message}: compared by its bytes`);
    else result.errors.push(`${side}: ${X.error.message}`);
  }
  if (spansOnly) result.notes = [unread && spansOnly === unread ? `${spansOnly} does not read: both files are compared span by span (the paths annotate gives), its fields as they are` : `${spansOnly} did not read far enough for its ${A.format} model: both files are compared span by span (the paths annotate gives)`];
  if (unknown.length) result.notes = [...(result.notes ?? []), ...unknown];
  if (opts.bytes) result.bytes = byteDiff(a, A, b, B);
  return result;
}

function byteDiff(a: ByteSource, A: Annotation, b: ByteSource, B: Annotation): ByteDiffEntry[] {
  // Leaves that share a path (a set header repeated) are keyed by path + occurrence; the keys are
  // compact (SpanKeys), one numbering for both files.
  const keys = new SpanKeys();
  const la = new SpanPlaces(A, keys);
  const lb = new SpanPlaces(B, keys);
  const at = (x: AnnotatedSpan): { offset: number; size: number } => ({ offset: x.offset, size: x.size });
  const out: ByteDiffEntry[] = [];
  for (const p of la.order) {
    const x = la.get(p)!;
    const y = lb.get(p);
    if (!y) {
      out.push({ path: placePath(x, p), a: at(x), what: ['only-a'] });
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
    if (what.length) out.push({ path: placePath(x, p), a: at(x), b: at(y), what });
  }
  for (const p of lb.order) if (!la.get(p)) out.push({ path: placePath(lb.get(p)!, p), b: at(lb.get(p)!), what: ['only-b'] });
  return out;
}

/**
 * A file's leaves by key, in its order, for {@link byteDiff}: a first occurrence in an array by its
 * trie node's number, a later one in a Map (no object, closure or Map entry for each span).
 */
class SpanPlaces {
  readonly order: SpanKey[] = [];
  private readonly first: (AnnotatedSpan | undefined)[] = [];
  private readonly more = new Map<string, AnnotatedSpan>();

  /** `keys`: the numbering both files share. */
  constructor(x: Annotation, keys: SpanKeys) {
    const own = new SpanKeys(keys);
    for (const s of leavesOf(x)) {
      const key = own.of(spanKeysOnce(s));
      this.order.push(key);
      if (typeof key === 'string') this.more.set(key, s);
      else {
        // (filled up to the node first: an array written past its end becomes a dictionary)
        while (this.first.length < key) this.first.push(undefined);
        this.first[key] = s;
      }
    }
  }

  get(key: SpanKey): AnnotatedSpan | undefined {
    return typeof key === 'number' ? this.first[key] : this.more.get(key);
  }
}

/** A leaf's path as byteDiff shows it: with its occurrence after a `#` (`PATH#2`) when its key has one. */
function placePath(s: AnnotatedSpan, key: SpanKey): string {
  return typeof key === 'number' ? s.path : `${s.path}${key.slice(key.lastIndexOf('#'))}`;
}

/** The diff as text: `- path: a`, `+ path: b`, `~ path: a -> b` lines under `--- A` / `+++ B` headers, then the byte differences. */
export function formatDiff(r: DiffResult, nameA = 'A', nameB = 'B'): string {
  const lines: string[] = [`--- ${nameA} (${r.formats[0]})`, `+++ ${nameB} (${r.formats[1]})`];
  for (const e of r.errors) lines.push(`! ${e}`);
  for (const n of r.notes ?? []) lines.push(`# ${n}`);
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
  return lines.map(terminalSafe).join('\n') + '\n';
}
