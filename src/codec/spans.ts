/**
 * The span tree: what a reader read, where, under which structured path.
 *
 * Readers record into a {@link SpanTree} while they read (the codec's nodes record their fields;
 * readers record groups, blobs and regions), so every tool that explains bytes — `annotate`,
 * `hexdump`, `verify`, `diff`, `dump -v`, the web inspector — names a byte by the same path.
 * A path is an array of keys (property names and array indices), never a string to re-parse;
 * {@link formatPath} renders it for people (`entries[0].strings[1].key`).
 *
 * Nodes are ordered by the order they were read. A node's children need not lie inside its own
 * byte range: a header entry (`irModules[1]`) has its own 32 bytes, while the blob it refers to is a
 * node elsewhere in the tree. Nodes created only to hold children ({@link SpanTree.at}) are
 * *virtual*: they own no bytes (`offset` -1).
 */
// (errors.ts imports this module too: ArgumentError and describeValue are used only inside functions, so the cycle is safe)
import { ArgumentError, describeValue } from './errors.js';

/** One step of a structured path: a property name or an array index. */
export type PathKey = string | number;

/** What a span is. Groups hold other spans; every other kind owns bytes. */
export type SpanKind =
  | 'group'
  | 'field'
  | 'magic'
  | 'padding'
  | 'padding-nonzero'
  | 'string'
  | 'bytes'
  | 'image'
  | 'metadata'
  | 'property-set'
  | 'property'
  | 'blank-line'
  | 'compressed'
  | 'unreferenced';

/** A node of the span tree. */
export interface SpanNode {
  /** Key under the parent (undefined for the root). */
  readonly key: PathKey | undefined;
  /** Parent node (undefined for the root). */
  readonly parent: SpanNode | undefined;
  /** Absolute byte offset in the input; -1 for a virtual node that owns no bytes. */
  offset: number;
  /** Size in bytes. */
  size: number;
  /** What the bytes are (field, magic, padding, image, ..., `group` for a parent). */
  kind: SpanKind;
  /** Decoded value of a leaf (numbers; u64 as bigint; strings). */
  value?: unknown;
  /** The name of the value of an enumeration field (`syclbin` for image kind 7; src/codec/schema.ts `enumeration`). */
  label?: string;
  /** The part of the span a diagnostic about it should point at (e.g. a property line's value text). */
  focus?: { offset: number; size: number };
  /** Children in the order they were recorded. */
  children: SpanNode[] | undefined;
  /** Lookup by key for nodes with many children (built at the first lookup: {@link childByKey}). */
  index?: Map<PathKey, SpanNode>;
  /**
   * A leaf that yields its bytes to every other span over them: it names only the bytes nothing else
   * claims (an object file's section contents, in which binaries found by scanning own their bytes).
   * With children (a section a reader read) it is their group instead.
   */
  background?: boolean;
  /**
   * Other nodes that name this one (annotate lists their paths in `shared`, so `hexdump --path` on
   * either finds it): a SYCLBIN v1 header-table entry `nativeImages[k]` is also image j of each
   * abstract module whose range holds it, `abstractModules[a].nativeImages[j]`, where its metadata
   * and bytes are named (src/syclbin/read-v1.ts).
   */
  aliases?: SpanNode[];
  /**
   * Not in the tree (yet): a node a windowed tree ({@link SpanTree} `window`) made outside its window.
   * It knows its parent and key (its path reads), but its parent does not list it; a node of the
   * window recorded below it links it (and its unlinked ancestors) then.
   */
  unlinked?: boolean;
}

/**
 * `x` as a small integer where it is one. A byte offset computed through doubles (a division, code the
 * optimizer compiled to float arithmetic) is an integer held as a heap number; stored in a node's
 * `offset` it turns that field of every node into a boxed double (V8's field representation): a heap
 * allocation per node and per span of a large file. `x | 0` is the same integer, held as one.
 */
export function spanInt(x: number): number {
  const i = x | 0;
  return i === x ? i : x;
}

/** Below this many children a node's list is kept at its exact length ({@link SpanTree} `link`). */
const SMALL_CHILDREN = 8;

/** `list` and `x` in a new array of exactly that length (a literal's capacity is its length). */
function copyPlus(list: SpanNode[], x: SpanNode): SpanNode[] {
  switch (list.length) {
    case 1: return [list[0]!, x];
    case 2: return [list[0]!, list[1]!, x];
    case 3: return [list[0]!, list[1]!, list[2]!, x];
    case 4: return [list[0]!, list[1]!, list[2]!, list[3]!, x];
    case 5: return [list[0]!, list[1]!, list[2]!, list[3]!, list[4]!, x];
    case 6: return [list[0]!, list[1]!, list[2]!, list[3]!, list[4]!, list[5]!, x];
    default: {
      const out = list.slice();
      out.push(x);
      return out;
    }
  }
}

/** Above this many children a lookup makes a key index ({@link childByKey}), so `child` stays O(1) on huge tables. */
const INDEX_AT = 16;

/**
 * 2,000,000: the default span budget of the tools that explain every byte (annotate's `maxSpans`):
 * about 90,000 abstract modules of one IR module each (real files have a few), kept well below the
 * default JavaScript heap, which a file of millions of structures filled.
 */
export const DEFAULT_MAX_SPANS = 2_000_000;

/**
 * The span tree of a file grew past its node budget ({@link SpanTree} `maxNodes`): not a malformed
 * input (a reader that collects every problem does not take it for one and read on, which would
 * meet it again for every later structure) but the end of the reading, which the caller turns into
 * its limit error (annotate: a `LIMIT` problem at `offset`, `path`).
 */
export class SpanBudgetError extends Error {
  constructor(
    /** The budget that was reached. */
    readonly maxNodes: number,
    /** Absolute offset of the node that did not fit (-1 for a virtual group). */
    readonly offset: number,
    /** Its structured path. */
    readonly path: readonly PathKey[],
  ) {
    super(`more than ${maxNodes} spans`);
    this.name = 'SpanBudgetError';
  }
}

/** A tree of spans; the root is a virtual group standing for the whole input. */
export class SpanTree {
  /** The virtual root standing for the whole input. */
  readonly root: SpanNode = { key: undefined, parent: undefined, offset: -1, size: 0, kind: 'group', children: undefined };
  /** Nodes added so far (the root not counted). */
  private nodes = 0;

  /**
   * `maxNodes`: the most nodes the tree takes; one more is a {@link SpanBudgetError}. Each node (and
   * the span a tool makes of it) costs memory, about a kilobyte in all: a file of millions of tiny
   * structures would otherwise fill the heap instead of ending in an error that says so.
   */
  constructor(
    /** The most nodes the tree takes (Infinity: no limit). */
    readonly maxNodes = Infinity,
    /**
     * `[from, to)`: only nodes whose bytes meet this range are kept (hexdump --range prints a few
     * rows of a file of millions of structures). A node outside it is made but not linked (it is
     * dropped with the reader's references), unless a node of the window is recorded below it;
     * virtual nodes are always linked. Readers read the whole file as without a window, and every
     * node made counts against `maxNodes`.
     */
    readonly window?: readonly [number, number],
  ) {}

  /**
   * Add a node under `parent` (the root when undefined). Keys may repeat (a repeated set header).
   * `focus`: the part a diagnostic about the node points at ({@link SpanNode} `focus`).
   */
  add(parent: SpanNode | undefined, key: PathKey | undefined, offset: number, size: number, kind: SpanKind, value?: unknown, focus?: { offset: number; size: number }): SpanNode {
    const p = parent ?? this.root;
    if (key === undefined) {
      // No key: the span belongs to the parent itself (a struct read straight into a reader's node).
      if (p.offset < 0) {
        p.offset = spanInt(offset);
        p.size = spanInt(size);
      }
      return p;
    }
    // Every node counts, in the window or not: the budget bounds the reading (its models grow with
    // the structures read), not only the spans kept.
    if (++this.nodes > this.maxNodes) throw new SpanBudgetError(this.maxNodes, offset, [...pathOf(p), key]);
    // `value` in the literal even when undefined: set afterwards (the codec records a field's value
    // once decoded) it would move to a property array of its own, 40 bytes a node.
    // (so is `focus`, given here, for the nodes that have one: a property line's value)
    const node: SpanNode =
      focus === undefined
        ? { key, parent: p, offset: spanInt(offset), size: spanInt(size), kind, children: undefined, value }
        : { key, parent: p, offset: spanInt(offset), size: spanInt(size), kind, children: undefined, value, focus };
    const w = this.window;
    // (a node of no bytes counts as one byte long: an empty field at the window's edge is in it)
    if (w && offset >= 0 && !(offset < w[1] && offset + Math.max(size, 1) > w[0])) {
      node.unlinked = true;
      return node;
    }
    if (p.unlinked) this.linkAncestors(p);
    this.link(node);
    return node;
  }

  /** Link `node` under its parent. */
  private link(node: SpanNode): void {
    const p = node.parent!;
    const key = node.key!;
    // A small list is copied one longer instead of pushed to: V8 grows a pushed array to 17 slots at
    // its second element, and most groups (a string entry, a struct, a property line) hold 2–8
    // children: 100 bytes a group of a file of 50,000 strings. From SMALL_CHILDREN on, push (amortised).
    const old = p.children;
    let list: SpanNode[];
    if (!old) list = p.children = [node];
    else if (old.length < SMALL_CHILDREN) list = p.children = copyPlus(old, node);
    else (list = old).push(node);
    // (an index made by a lookup is kept up to date; none is made before one: a property set of 49
    // lines would hold a 5 KB map nobody asks)
    if (p.index && !p.index.has(key)) p.index.set(key, node);
  }

  /** Link `node` and its unlinked ancestors, top down (a node of the window below them). Iterative. */
  private linkAncestors(node: SpanNode): void {
    const chain: SpanNode[] = [];
    for (let n: SpanNode | undefined = node; n?.unlinked; n = n.parent) chain.push(n);
    for (let i = chain.length - 1; i >= 0; i--) {
      delete chain[i]!.unlinked;
      this.link(chain[i]!);
    }
  }

  /** The first child of `parent` with `key`, created as a virtual group when there is none. */
  child(parent: SpanNode | undefined, key: PathKey): SpanNode {
    const p = parent ?? this.root;
    return childByKey(p, key) ?? this.add(p, key, -1, 0, 'group');
  }

  /** The node at `keys` below `from` (default the root), creating virtual groups on the way. */
  at(keys: readonly PathKey[], from?: SpanNode): SpanNode {
    let n = from ?? this.root;
    for (const k of keys) n = this.child(n, k);
    return n;
  }
}

/**
 * The first child of `node` with `key`. A node of many children gets a key index at its first
 * lookup (kept up to date by {@link SpanTree} as children are added), so lookups in a huge table
 * stay O(1) each.
 */
export function childByKey(node: SpanNode, key: PathKey): SpanNode | undefined {
  if (node.index) return node.index.get(key);
  const list = node.children;
  if (!list) return undefined;
  if (list.length <= INDEX_AT) return list.find((c) => c.key === key);
  const index = (node.index = new Map());
  for (const c of list) if (!index.has(c.key!)) index.set(c.key!, c);
  return index.get(key);
}

/** The structured path of a node: keys from the root down. */
export function pathOf(node: SpanNode): PathKey[] {
  // Sized first, then filled from the end: an array pushed to holds 17 slots from its second key on
  // (a span's keys are kept by the span that asked for them).
  let depth = 0;
  for (let n: SpanNode | undefined = node; n && n.key !== undefined; n = n.parent) depth++;
  const keys = new Array<PathKey>(depth);
  for (let n: SpanNode | undefined = node; n && n.key !== undefined; n = n.parent) keys[--depth] = n.key;
  return keys;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/**
 * Render a path for people: identifiers joined by `.`, indices as `[n]`, other names JSON-quoted in
 * brackets. Keys that are names from the data (a property set, a property key: the last `named`
 * keys, or those flagged) are always `["name"]`, as {@link nodePath} writes them, so an error and a
 * span name the same byte alike.
 */
export function formatPath(keys: readonly PathKey[], named: number | readonly boolean[] = 0): string {
  // (a value that is no array gave '', a path of nothing: refused, naming it)
  if (!Array.isArray(keys)) throw new ArgumentError(`formatPath: the keys must be an array of path keys (strings and whole numbers), not ${describeValue(keys)}`);
  if (typeof named !== 'number' && !Array.isArray(named)) throw new ArgumentError(`formatPath: named must be a count of the last keys or an array of flags, not ${describeValue(named)}`);
  let out = '';
  const plain = typeof named === 'number' ? keys.length - named : Infinity;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    out = i >= plain || (typeof named !== 'number' && named[i]) ? `${out}[${quotedName(String(k))}]` : appendKey(out, k);
  }
  return out;
}

/** `formatPath([...path, key])` for an already formatted `path`. */
export function appendKey(path: string, k: PathKey): string {
  if (typeof k === 'number') return `${path}[${k}]`;
  if (IDENT.test(k)) return path ? `${path}.${k}` : k;
  return `${path}[${quotedName(k)}]`;
}

/**
 * A name as a path shows it: a JSON string, except that a byte of a name that is not UTF-8 (the
 * toolkit's U+DC80+byte escape, which JSON writes `\udcff`) is written `\xff`, as `inspect`, `props`
 * and the error lines show it; so one spelling names the byte everywhere (and `--path` takes it).
 */
export function quotedName(name: string): string {
  const json = JSON.stringify(name);
  // (a \udcXX that is not itself behind an escaped backslash)
  return json.includes('\\udc') ? json.replace(/(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])/g, '$1\\x$2') : json;
}

/** Kinds whose key is a name from the data (a property set or key): always written `["name"]`. */
export const NAMED_KINDS: ReadonlySet<SpanKind> = new Set(['property-set', 'property']);
const NAMED = NAMED_KINDS;

/**
 * The text path of a node. Keys of property-set and property nodes are names from the data and are
 * always quoted (`metadata["SYCL/device globals"]["key"]`), whatever characters they hold.
 */
export function nodePath(node: SpanNode): string {
  const parts: SpanNode[] = [];
  for (let n: SpanNode | undefined = node; n && n.key !== undefined; n = n.parent) parts.push(n);
  let out = '';
  for (let i = parts.length - 1; i >= 0; i--) out = childPath(out, parts[i]!);
  return out;
}

/** {@link nodePath} of `node` from its parent's text path (`parentPath`): one step of it, for walks that go top-down. */
export function childPath(parentPath: string, node: SpanNode): string {
  return NAMED.has(node.kind) ? `${parentPath}[${quotedName(String(node.key))}]` : appendKey(parentPath, node.key!);
}

/**
 * Does a node own bytes of its own? Groups do not; a metadata blob or an image that holds recorded
 * parts (lines, a SYCLBIN image's structures) is a group too; any other node owns its range even
 * when nodes are recorded below it (a property-set header line and the property lines of that set).
 */
export function ownsBytes(node: SpanNode): boolean {
  if (node.kind === 'group') return false;
  return !(node.children && (node.kind === 'metadata' || node.kind === 'image' || node.background));
}

/**
 * Every node below `node` (not `node` itself), depth first, in recording order, as an array: what
 * {@link descendants} yields, without a generator step per node (annotate walks trees of 10^6 nodes).
 */
export function descendantList(node: SpanNode): SpanNode[] {
  const out: SpanNode[] = [];
  forEachDescendant(node, (n) => void out.push(n));
  return out;
}

/**
 * Calls `fn` on every node below `node` (not `node` itself), depth first, in recording order, as
 * {@link descendantList} lists them, without building the list (a tree of 10^6 nodes is walked in
 * place). Iterative: no recursion depth.
 */
export function forEachDescendant(node: SpanNode, fn: (n: SpanNode) => void): void {
  walkDescendants(node, undefined, (n) => void fn(n));
}

/**
 * {@link forEachDescendant} with a value carried down the tree: `fn` gets each node and the value its
 * parent's call returned (`top` for the children of `node`), and returns the value for the node's own
 * children (a path built top-down, say). Iterative: no recursion depth.
 */
export function walkDescendants<C>(node: SpanNode, top: C, fn: (n: SpanNode, parent: C) => C): void {
  if (!node.children) return;
  const lists: SpanNode[][] = [node.children];
  const at: number[] = [0];
  const carried: C[] = [top];
  while (lists.length) {
    const depth = lists.length - 1;
    const list = lists[depth]!;
    const i = at[depth]!;
    if (i >= list.length) {
      lists.pop();
      at.pop();
      carried.pop();
      continue;
    }
    at[depth] = i + 1;
    const n = list[i]!;
    const mine = fn(n, carried[depth]!);
    if (n.children?.length) {
      lists.push(n.children);
      at.push(0);
      carried.push(mine);
    }
  }
}

/** Every node below `node` (not `node` itself), depth first, in recording order. Iterative: no recursion depth. */
export function* descendants(node: SpanNode): Generator<SpanNode> {
  const stack: [SpanNode[], number][] = node.children ? [[node.children, 0]] : [];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const [list, i] = top;
    if (i >= list.length) {
      stack.pop();
      continue;
    }
    top[1] = i + 1;
    const n = list[i]!;
    yield n;
    if (n.children) stack.push([n.children, 0]);
  }
}
