/**
 * The web inspector (issue 6 §4): runs the toolkit's own library in the browser (bundled by esbuild,
 * no server-side parsing, no eval; served under a strict CSP by `syclbin serve`).
 * Left: diagnostics (verify) and the structure tree built from the byte annotation (paths), with
 * property values and their typed meaning. Right: a hex view that renders only the visible rows
 * (virtual scrolling with a scaled scrollbar, so a 100 MB file stays responsive).
 * Tree node -> its bytes are highlighted; byte -> the deepest node holding it is selected;
 * diagnostic -> its bytes and node. "Export JSON" saves the annotation and the verify report.
 */
import { annotate, annotateInflated, annotationToJson, inflatedAnnotation, leavesOf, quoted, type AnnotatedSpan, type Annotation } from '../../src/hex/annotate.js';
import type { OffloadBinaryModel } from '../../src/offload/read.js';
import { verifyAnnotation, type VerifyReport } from '../../src/hex/verify.js';
import { appendAll, formatPath, minOf, type PathKey } from '../../src/codec/index.js';
import { mergeRanges } from '../../src/hex/ranges.js';
import { decodeTypedRegistry } from '../../src/props/typed/index.js';
import { typedValueSummary } from '../../src/props/explain.js';
import { imageKindLabel, offloadKindEntryText } from '../../formats/kinds.js';
import { DEFAULT_LLVM_ERA, llvmEra, numberingFor } from '../../formats/eras.js';
import { compileZstd } from '../../src/offload/libzstd.js';
// libzstd (WebAssembly) for zstd-compressed OffloadBinaries: the bytes are bundled (esbuild's binary
// loader, package.json "build"), compiled asynchronously since a page's main thread may not compile
// large modules synchronously. Under `syclbin serve` the CSP allows it with 'wasm-unsafe-eval'.
// A file path: the package's exports map names only its JavaScript entry points.
import zstdWasm from '../../node_modules/@bokuweb/zstd-wasm/dist/web/zstd.wasm';

/** Settles when libzstd is ready; if it cannot be compiled, zstd payloads are reported as UNAVAILABLE. */
const zstdReady = compileZstd(zstdWasm).catch((e: unknown) => console.warn(`zstd payloads cannot be read here: ${String(e)}`));

const ROW_H = 18;
/** Browsers cap element heights (~16-33M px); beyond this the scrollbar is scaled. */
const MAX_PX = 8_000_000;

interface TreeNode {
  path: string;
  label: string;
  children: TreeNode[];
  spans: AnnotatedSpan[];
  ranges: [number, number][];
  first: number;
  typed?: string;
  el?: HTMLElement;
  li?: HTMLLIElement;
  parent?: TreeNode;
  /** The list of rendered children (made on first expansion). */
  sub?: HTMLUListElement;
  /** Pages of children rendered so far (a long list is rendered a page at a time, in any order). */
  pages?: Set<number>;
  /** The "… N more" rows standing for the runs of pages not rendered. */
  more?: HTMLLIElement[];
  depth?: number;
}

/**
 * Children rendered per page. The tree is rendered lazily: a collapsed node's children are made
 * when it is first expanded, a long list a page at a time, so a file of 60,000 ELF sections or
 * 100,000 property lines puts a few hundred rows in the page, not millions of elements to lay out.
 */
const TREE_PAGE = 200;
/** Lists longer than this start collapsed at any depth; from depth 2, lists over 8. */
const OPEN_LIST_MAX = 50;
/** Diagnostics listed before a "show more" row (the export has every one). */
const DIAG_PAGE = 200;

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

const state: {
  name: string;
  /** The file as opened; `bytes` is what the view shows (the file, or a compressed binary's inflated space). */
  file: Uint8Array;
  /** The view: the file, or (compressed OffloadBinary v3) its header + inflated payload. */
  view: 'file' | 'inflated';
  bytes: Uint8Array;
  ann?: Annotation;
  leaves: AnnotatedSpan[];
  nodes: Map<string, TreeNode>;
  selected?: TreeNode;
  highlight: [number, number][];
  cursor: number;
  report?: VerifyReport;
} = { name: '', file: new Uint8Array(0), view: 'file', bytes: new Uint8Array(0), leaves: [], nodes: new Map(), highlight: [], cursor: -1 };

function hex(n: number, w = 8): string {
  return n.toString(16).padStart(w, '0');
}

function json(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x instanceof Uint8Array ? `${x.length} bytes` : x));
}


// ---------------------------------------------------------------------------------------------
// Tree

function buildTree(ann: Annotation): TreeNode {
  const root: TreeNode = { path: '', label: state.name || 'file', children: [], spans: [], ranges: [], first: 0 };
  const nodes = new Map<string, TreeNode>([['', root]]);
  // The tree follows the structured paths (keys) the readers recorded; the text path is the span's own.
  const byKeys = new Map<string, TreeNode>([['[]', root]]);
  const nodeFor = (keys: readonly PathKey[], path?: string): TreeNode => {
    const id = JSON.stringify(keys);
    const hit = byKeys.get(id);
    if (hit) return hit;
    let parent = root;
    for (let i = 1; i < keys.length; i++) parent = nodeFor(keys.slice(0, i));
    const last = keys[keys.length - 1];
    const text = path ?? formatPath(keys);
    const n: TreeNode = { path: text, label: typeof last === 'number' ? `[${last}]` : String(last), children: [], spans: [], ranges: [], first: Infinity, parent };
    parent.children.push(n);
    byKeys.set(id, n);
    nodes.set(text, n);
    return n;
  };
  for (const s of ann.spans) nodeFor(s.keys, s.path).spans.push(s);
  // Bytes two paths reference (a tail-merged string of another entry, overlapping images) have one
  // owner span; each other path is shown where its keys put it, with the extent and value its reader
  // recorded, saying whose bytes they are (annotate lists them under the owner's "shared").
  for (const s of ann.spans) {
    for (const x of s.sharers ?? []) {
      const n = nodeFor(x.keys, x.path);
      if (n.spans.includes(x)) continue;
      if (!n.spans.length) n.typed = `(the bytes of ${s.path})`;
      n.spans.push(x);
    }
  }
  // Typed property values (src/props/typed) for property lines.
  for (const blob of ann.metadata) {
    if (!blob.registry) continue;
    for (const set of decodeTypedRegistry(blob.registry)) {
      for (const p of set.properties) {
        const n = nodes.get(quoted(quoted(blob.path, set.name), p.key));
        // In words, as `syclbin props` says it (names of aspects and enums, descriptor counts).
        if (n && p.typed) n.typed = typedValueSummary(p);
      }
    }
  }
  // OffloadBinary kinds in words, as `syclbin inspect` says them (the offload kind in the numbering
  // of its binary's version, read from the header.version field beside its entries).
  for (const s of ann.spans) {
    const last = s.keys[s.keys.length - 1];
    if ((last !== 'imageKind' && last !== 'offloadKind') || typeof s.value !== 'number') {
      // Other enumeration fields (entry flags, ELF and COFF header fields) by the name their span carries.
      if (s.label !== undefined) nodeFor(s.keys, s.path).typed = s.label;
      continue;
    }
    const entries = s.keys.lastIndexOf('entries');
    const versionSpan = entries >= 0 ? byKeys.get(JSON.stringify([...s.keys.slice(0, entries), 'header', 'version'])) : undefined;
    const version = versionSpan?.spans.find((v) => typeof v.value === 'number')?.value as number | undefined;
    const n = nodeFor(s.keys, s.path);
    // Named as inspect names them in its default era (LLVM 22): image kind 7 (SYCLBIN) in intel/llvm's numbering.
    const imageKindSpan = byKeys.get(JSON.stringify([...s.keys.slice(0, -1), 'imageKind']));
    const imageKind = imageKindSpan?.spans.find((v) => typeof v.value === 'number')?.value as number | undefined;
    const offload = version === undefined ? undefined : offloadKindEntryText(s.value, version, imageKind ?? -1, numberingFor(version, llvmEra(DEFAULT_LLVM_ERA)));
    n.typed = last === 'imageKind' ? `${s.value} (${imageKindLabel(s.value)})` : offload;
  }
  const finish = (n: TreeNode): void => {
    const own: [number, number][] = n.spans.map((s) => [s.offset, s.offset + s.size]);
    for (const c of n.children) {
      finish(c);
      appendAll(own, c.ranges);
    }
    n.ranges = mergeRanges(own);
    n.first = minOf(n.spans.map((s) => s.offset), n.ranges[0]?.[0] ?? Infinity);
    n.children.sort((a, b) => a.first - b.first);
  };
  finish(root);
  state.nodes = nodes;
  return root;
}

function renderTree(root: TreeNode): void {
  const box = $('tree');
  box.replaceChildren();
  const h = document.createElement('h3');
  h.textContent = `Structure (${state.ann!.format}, ${state.bytes.length} bytes)`;
  box.append(h);
  const ul = document.createElement('ul');
  ul.setAttribute('role', 'tree');
  // (the tree's name: the focusable box around it is not the tree, so its aria-label is not the tree's)
  ul.setAttribute('aria-label', `structure of ${state.name || 'the file'}`);
  root.sub = ul;
  root.pages = new Set();
  root.depth = -1;
  box.append(ul);
  renderPage(root, 0);
}

/** The row of `n` (its children are rendered when it is open). */
function renderNode(n: TreeNode, parentUl: HTMLUListElement, depth: number): void {
  const li = document.createElement('li');
  const row = document.createElement('div');
  row.className = 'node';
  row.dataset.path = n.path;
  row.tabIndex = -1;
  row.setAttribute('role', 'treeitem');
  const tw = document.createElement('span');
  tw.className = 'twisty';
  const label = document.createElement('span');
  label.textContent = n.label;
  const meta = document.createElement('span');
  meta.className = 'meta';
  const leaf = n.spans.find((s) => s.kind !== 'group');
  const kind = leaf?.kind ?? (n.spans.length ? 'group' : '');
  const r = n.ranges;
  // A node's own span first, as `syclbin annotate` prints it (a group's own bytes: its header-table
  // entry); the bytes of the node with its parts after it, when they are more.
  const own = leaf ? undefined : n.spans[0];
  const total = r.reduce((a, [x, y]) => a + y - x, 0);
  meta.textContent = own ? `${kind} @0x${own.offset.toString(16)} +${own.size}${total !== own.size ? ` (${total} with its parts)` : ''}` : r.length ? `${kind} @0x${r[0]![0].toString(16)} +${total}` : kind;
  row.append(tw, label, meta);
  if (n.children.length > OPEN_LIST_MAX || (depth >= 2 && n.children.length > 8)) {
    const count = document.createElement('span');
    count.className = 'meta';
    count.textContent = `(${n.children.length})`;
    row.append(count);
  }
  if (leaf && leaf.value !== undefined) {
    const v = document.createElement('span');
    v.className = 'val';
    v.textContent = `= ${typeof leaf.value === 'string' ? JSON.stringify(leaf.value) : String(leaf.value)}`;
    row.append(v);
  }
  if (n.typed) {
    const t = document.createElement('span');
    t.className = 'meta';
    t.textContent = n.typed.length > 160 ? n.typed.slice(0, 160) + '…' : n.typed;
    row.append(t);
  }
  // The row's accessible name with its parts apart (their text runs together: "versionfield @0x4 +4= 1").
  row.setAttribute('aria-label', Array.from(row.children).flatMap((c) => (c === tw || !c.textContent ? [] : [c.textContent])).join(' '));
  row.setAttribute('aria-selected', 'false');
  tw.addEventListener('click', (e) => {
    e.stopPropagation();
    setOpen(n, li.classList.contains('collapsed'));
  });
  row.addEventListener('click', () => select(n, true));
  li.append(row);
  n.el = row;
  n.li = li;
  n.depth = depth;
  parentUl.append(li);
  if (n.children.length) {
    const open = n.children.length <= OPEN_LIST_MAX && !(depth >= 2 && n.children.length > 8);
    setOpen(n, open);
  }
}

/** Open or close `n`; its children are rendered on first opening. */
function setOpen(n: TreeNode, open: boolean): void {
  if (!n.li || !n.children.length) return;
  n.li.classList.toggle('collapsed', !open);
  n.el?.setAttribute('aria-expanded', String(open));
  const tw = n.el?.querySelector('.twisty');
  if (tw) tw.textContent = open ? '▾' : '▸';
  if (open && !n.sub) {
    n.sub = document.createElement('ul');
    n.sub.setAttribute('role', 'group');
    n.pages = new Set();
    n.li.append(n.sub);
    renderPage(n, 0);
  }
}

/**
 * Render page `p` of the children of `n` in its place among the pages already rendered, and a
 * "… N more" row for each run of pages not rendered. A node deep in a long list (a byte's, a
 * diagnostic's) renders its own page only: the pages before it stay one row, so selecting the last of
 * 200,000 property lines puts a few hundred rows in the page, not 200,000.
 */
function renderPage(n: TreeNode, p: number): void {
  const sub = n.sub!;
  const pages = (n.pages ??= new Set());
  const count = Math.ceil(n.children.length / TREE_PAGE);
  if (p < 0 || p >= count || pages.has(p)) return;
  for (const m of n.more ?? []) m.remove();
  n.more = [];
  // Before the first child of the next rendered page, or at the end.
  let next: number | undefined;
  for (const q of pages) if (q > p && (next === undefined || q < next)) next = q;
  const before = next === undefined ? null : n.children[next * TREE_PAGE]!.li!;
  const frag = document.createElement('ul');
  const end = Math.min(n.children.length, (p + 1) * TREE_PAGE);
  for (let i = p * TREE_PAGE; i < end; i++) renderNode(n.children[i]!, frag as HTMLUListElement, (n.depth ?? 0) + 1);
  sub.insertBefore(fragmentOf(frag), before);
  pages.add(p);
  // A "more" row for each run of pages not rendered; it renders the first page of its run.
  for (let q = 0; q < count; q++) {
    if (pages.has(q)) continue;
    let r = q;
    while (r + 1 < count && !pages.has(r + 1)) r++;
    const left = Math.min(n.children.length, (r + 1) * TREE_PAGE) - q * TREE_PAGE;
    const li = document.createElement('li');
    const row = document.createElement('div');
    row.className = 'node more';
    row.tabIndex = -1;
    row.setAttribute('role', 'treeitem');
    row.textContent = `… ${left} more (show ${Math.min(TREE_PAGE, left)})`;
    const first = q;
    row.addEventListener('click', () => renderPage(n, first));
    li.append(row);
    sub.insertBefore(li, r + 1 < count ? n.children[(r + 1) * TREE_PAGE]!.li! : null);
    n.more.push(li);
    q = r;
  }
}

/** The children of `ul` moved into a fragment. */
function fragmentOf(ul: HTMLElement): DocumentFragment {
  const f = document.createDocumentFragment();
  f.append(...Array.from(ul.childNodes));
  return f;
}

/** Make the row of `n` exist: open its ancestors and render the page of each list that holds it. */
function reveal(n: TreeNode): void {
  const chain: TreeNode[] = [];
  for (let p: TreeNode | undefined = n; p?.parent; p = p.parent) chain.push(p);
  for (let i = chain.length - 1; i >= 0; i--) {
    const c = chain[i]!;
    const parent = c.parent!;
    if (parent.parent) setOpen(parent, true);
    renderPage(parent, Math.floor(parent.children.indexOf(c) / TREE_PAGE));
  }
}

function select(n: TreeNode | undefined, scroll: boolean, ranges?: [number, number][]): void {
  state.selected?.el?.classList.remove('selected');
  state.selected?.el?.setAttribute('aria-selected', 'false');
  state.selected = n;
  state.highlight = ranges ?? n?.ranges ?? [];
  // A node chosen in the tree puts the hex cursor on its first byte: the hex view's arrow keys go on
  // from the bytes selected, not from a byte clicked before (a byte or diagnostic sets its own).
  if (!ranges && n) state.cursor = n.ranges[0]?.[0] ?? state.cursor;
  if (n) reveal(n);
  if (n?.el) {
    n.el.classList.add('selected');
    n.el.setAttribute('aria-selected', 'true');
    n.el.scrollIntoView({ block: 'nearest' });
  }
  const r = state.highlight;
  const leaf = n?.spans.find((s) => s.kind !== 'group');
  $('selection').textContent = n
    ? `${n.path || '(file)'}  ${leaf?.kind ?? 'group'}  ${r.map(([a, b]) => `0x${a.toString(16)}..0x${b.toString(16)}`).join(' ')}${leaf?.value !== undefined ? `  = ${json(leaf.value)}` : ''}${leaf?.shared ? `  shared with ${leaf.shared.join(', ')}` : ''}`
    : r.length
      ? `0x${r[0]![0].toString(16)}..0x${r[0]![1].toString(16)}`
      : '';
  $('selection').dataset.path = n?.path ?? '';
  if (scroll && r.length) scrollToOffset(r[0]![0]);
  renderRows();
}

// ---------------------------------------------------------------------------------------------
// Hex view (virtual rows)

function rowCount(): number {
  return Math.ceil(state.bytes.length / 16);
}

function layout(): void {
  $('spacer').style.height = `${Math.min(rowCount() * ROW_H, MAX_PX)}px`;
}

function firstVisibleRow(): number {
  const hexEl = $('hex');
  const total = rowCount() * ROW_H;
  if (total <= MAX_PX) return Math.floor(hexEl.scrollTop / ROW_H);
  const visible = Math.floor(hexEl.clientHeight / ROW_H);
  const maxTop = MAX_PX - hexEl.clientHeight;
  return Math.round((hexEl.scrollTop / Math.max(1, maxTop)) * Math.max(0, rowCount() - visible));
}

function scrollToOffset(o: number): void {
  const hexEl = $('hex');
  const row = Math.floor(o / 16);
  const first = firstVisibleRow();
  const visible = Math.floor(hexEl.clientHeight / ROW_H);
  if (row >= first && row < first + visible - 1) return;
  const target = Math.max(0, row - 2);
  const total = rowCount() * ROW_H;
  if (total <= MAX_PX) hexEl.scrollTop = target * ROW_H;
  else hexEl.scrollTop = (target / Math.max(1, rowCount() - visible)) * (MAX_PX - hexEl.clientHeight);
}

function leafIndexAt(o: number): number {
  const L = state.leaves;
  let lo = 0;
  let hi = L.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = L[mid]!;
    if (o < s.offset) hi = mid - 1;
    else if (o >= s.offset + s.size) lo = mid + 1;
    else return mid;
  }
  return -1;
}

function highlighted(o: number): boolean {
  for (const [a, b] of state.highlight) if (a <= o && o < b) return true;
  return false;
}

function renderRows(): void {
  const hexEl = $('hex');
  const rows = $('rows');
  const first = firstVisibleRow();
  const count = Math.min(rowCount() - first, Math.ceil(hexEl.clientHeight / ROW_H) + 1);
  rows.style.transform = `translateY(${hexEl.scrollTop}px)`;
  const frag = document.createDocumentFragment();
  const b = state.bytes;
  for (let r = 0; r < count; r++) {
    const base = (first + r) * 16;
    const row = document.createElement('div');
    row.className = 'row';
    const off = document.createElement('span');
    off.className = 'off';
    off.textContent = hex(base, Math.max(8, (b.length - 1).toString(16).length));
    row.append(off);
    const ascii = document.createElement('span');
    ascii.className = 'ascii';
    let li = leafIndexAt(base);
    for (let i = 0; i < 16; i++) {
      const o = base + i;
      if (i === 8) {
        const g = document.createElement('span');
        g.className = 'gap';
        row.append(g);
      }
      if (o >= b.length) break;
      while (li >= 0 && li < state.leaves.length && o >= state.leaves[li]!.offset + state.leaves[li]!.size) li++;
      const leaf = li >= 0 ? state.leaves[li] : undefined;
      const cls = `b k-${leaf?.kind ?? 'none'}${highlighted(o) ? ' hl' : ''}${o === state.cursor ? ' cursor' : ''}`;
      const x = document.createElement('span');
      x.className = cls;
      x.dataset.o = String(o);
      x.textContent = hex(b[o]!, 2);
      row.append(x);
      const a = document.createElement('span');
      a.className = cls.replace(/^b /, 'a ');
      a.dataset.o = String(o);
      a.textContent = b[o]! >= 0x20 && b[o]! < 0x7f ? String.fromCharCode(b[o]!) : '.';
      ascii.append(a);
    }
    row.append(ascii);
    frag.append(row);
  }
  rows.replaceChildren(frag);
}

/** Rows of the tree a keyboard user can move between: rendered and not inside a closed node. */
function visibleRows(): HTMLElement[] {
  return Array.from($('tree').querySelectorAll<HTMLElement>('.node')).filter((el) => el.offsetParent !== null);
}

/** Tree keys: Up/Down move, Right opens (or goes to the first child), Left closes (or goes to the parent), Enter takes a "more" row. */
function treeKey(e: KeyboardEvent): void {
  const rows = visibleRows();
  if (!rows.length) return;
  const active = document.activeElement instanceof HTMLElement && document.activeElement.classList.contains('node') ? document.activeElement : state.selected?.el;
  const at = active ? rows.indexOf(active) : -1;
  const go = (row: HTMLElement | undefined): void => {
    if (!row) return;
    e.preventDefault();
    const n = row.dataset.path !== undefined ? state.nodes.get(row.dataset.path) : undefined;
    if (n) select(n, true);
    row.focus();
  };
  const n = active?.dataset.path !== undefined ? state.nodes.get(active.dataset.path) : undefined;
  switch (e.key) {
    case 'ArrowDown':
      return go(rows[at + 1] ?? rows[0]);
    case 'ArrowUp':
      return go(rows[Math.max(0, at - 1)]);
    case 'Home':
      return go(rows[0]);
    case 'End':
      return go(rows[rows.length - 1]);
    case 'ArrowRight':
      if (n?.children.length && n.li?.classList.contains('collapsed')) {
        e.preventDefault();
        setOpen(n, true);
      } else if (n?.children.length) go(n.children[0]!.el);
      return;
    case 'ArrowLeft':
      if (n?.children.length && !n.li?.classList.contains('collapsed')) {
        e.preventDefault();
        setOpen(n, false);
      } else if (n?.parent?.el) go(n.parent.el);
      return;
    case 'Enter':
    case ' ':
      if (active?.classList.contains('more')) {
        e.preventDefault();
        active.click();
        go(visibleRows()[at]);
      } else if (n) go(active);
      return;
  }
}

/** Hex keys: the cursor moves by a byte (Left/Right), a row (Up/Down) or a screen (PageUp/PageDown). */
function hexKey(e: KeyboardEvent): void {
  const screen = 16 * Math.max(1, Math.floor($('hex').clientHeight / ROW_H) - 1);
  const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -16, ArrowDown: 16, PageUp: -screen, PageDown: screen };
  const d = step[e.key];
  if (d === undefined || !state.bytes.length) return;
  e.preventDefault();
  // (no cursor yet: the first key puts it on byte 0, where the view starts, rather than a step past it)
  const o = state.cursor < 0 ? 0 : Math.min(state.bytes.length - 1, Math.max(0, state.cursor + d));
  clickByte(o);
  scrollToOffset(o);
  renderRows();
}

/** The innermost span holding byte `o`, if any. */
function leafAt(o: number): AnnotatedSpan | undefined {
  const i = leafIndexAt(o);
  return i >= 0 ? state.leaves[i] : undefined;
}

/** The tree node of the innermost span holding byte `o`, if any. */
function nodeAt(o: number): TreeNode | undefined {
  const leaf = leafAt(o);
  return leaf ? state.nodes.get(leaf.path) : undefined;
}

function clickByte(o: number): void {
  state.cursor = o;
  const leaf = leafAt(o);
  select(leaf ? state.nodes.get(leaf.path) : undefined, false, leaf ? [[leaf.offset, leaf.offset + leaf.size]] : []);
}

// ---------------------------------------------------------------------------------------------
// Diagnostics

/** Enter or Space on a focused element does `act` (what a click does on a button). */
function onKeyActivate(el: HTMLElement, act: () => void): void {
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      act();
    }
  });
}

/** A click, or Enter/Space from the keyboard, does `act`. */
function onActivate(el: HTMLElement, act: () => void): void {
  el.addEventListener('click', act);
  onKeyActivate(el, act);
}

/** The elements {@link rovingDiagnostics} has set up. */
const roving = new WeakSet<HTMLElement>();

/**
 * The diagnostics are one Tab stop (a roving tabindex, WAI-ARIA Authoring Practices "Keyboard
 * Navigation Inside Components"): the current one has tabIndex 0, the others -1, and the arrows,
 * Home and End move among them. With a Tab stop each, 200 diagnostics stood between the buttons
 * and the tree.
 */
function rovingDiagnostics(box: HTMLElement): void {
  const items = (): HTMLElement[] => Array.from(box.querySelectorAll<HTMLElement>('.diag'));
  const current = (el: HTMLElement): void => {
    for (const d of items()) d.tabIndex = d === el ? 0 : -1;
  };
  // (set up once per element: the list is rendered again for every file)
  if (roving.has(box)) return;
  roving.add(box);
  box.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLElement && e.target.classList.contains('diag')) current(e.target);
  });
  box.addEventListener('keydown', (e) => {
    if (!(e.target instanceof HTMLElement) || !e.target.classList.contains('diag')) return;
    const list = items();
    const i = list.indexOf(e.target);
    const to = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? list.length - 1 : undefined;
    if (to === undefined || !list[to]) return;
    e.preventDefault();
    current(list[to]);
    list[to].focus();
  });
}

function renderDiagnostics(r: VerifyReport): void {
  const box = $('diagnostics');
  box.replaceChildren();
  rovingDiagnostics(box);
  const h = document.createElement('h3');
  h.textContent = `Diagnostics: ${r.counts.error} error(s), ${r.counts.warning} warning(s), ${r.counts.note} note(s)`;
  box.append(h);
  renderDiagnosticPage(r, 0);
}

/** Diagnostics from `from`, a page of them, then a "show more" row (a file may have 100,000 findings). */
function renderDiagnosticPage(r: VerifyReport, from: number): void {
  const box = $('diagnostics');
  const end = Math.min(r.problems.length, from + DIAG_PAGE);
  for (let i = from; i < end; i++) {
    const p = r.problems[i]!;
    const d = document.createElement('div');
    d.className = 'diag';
    // (one Tab stop for the list: the first diagnostic, until another is focused; rovingDiagnostics)
    d.tabIndex = i === 0 ? 0 : -1;
    d.setAttribute('role', 'button');
    d.dataset.offset = String(p.offset);
    d.dataset.index = String(i);
    const sev = document.createElement('span');
    sev.className = `sev-${p.severity}`;
    sev.textContent = p.severity;
    const text = document.createElement('span');
    // (a finding about the whole file has no path: named as verify names it)
    text.textContent = ` 0x${p.offset.toString(16)} ${p.path || '(file)'}: ${p.message}`;
    d.append(sev, text);
    const follow = (): void => {
      state.cursor = p.offset;
      // A path the tree has no node for selects the innermost node holding the diagnostic's byte,
      // as a click on it does.
      const node = state.nodes.get(p.path) ?? nodeAt(p.offset);
      const range: [number, number] = [p.offset, p.offset + Math.max(1, p.size ?? 1)];
      // The node's bytes when they hold the diagnostic's, else the diagnostic's own; the view goes to
      // the diagnostic's offset either way (a node may have several ranges, the first elsewhere).
      select(node, false, node && node.ranges.some(([a, b]) => a <= p.offset && p.offset < b) ? node.ranges : [range]);
      scrollToOffset(p.offset);
      renderRows();
    };
    onActivate(d, follow);
    box.append(d);
  }
  if (end < r.problems.length) {
    const more = document.createElement('div');
    more.className = 'diag more';
    more.tabIndex = -1;
    more.setAttribute('role', 'button');
    more.textContent = `… ${r.problems.length - end} more (show ${Math.min(DIAG_PAGE, r.problems.length - end)}; Export JSON has them all)`;
    const next = (): void => {
      const focused = document.activeElement === more;
      more.remove();
      renderDiagnosticPage(r, end);
      // (the row that had the focus is gone: the first of the page shown takes it and the Tab stop)
      const first = box.querySelector<HTMLElement>(`.diag[data-index="${end}"]`);
      if (first) {
        for (const x of Array.from(box.querySelectorAll<HTMLElement>('.diag'))) x.tabIndex = x === first ? 0 : -1;
        if (focused) first.focus();
      }
    };
    onActivate(more, next);
    box.append(more);
  }
}

// ---------------------------------------------------------------------------------------------
// Loading, export

/** The compressed binary at offset 0 as the file view's reader inflated it, if it did. */
function inflatedFirst(ann: Annotation): { bytes: Uint8Array; compression: NonNullable<OffloadBinaryModel['compression']> } | undefined {
  const b = ann.offload?.find((x) => x.offset === 0);
  return b?.inflated && b.compression ? { bytes: b.inflated, compression: b.compression } : undefined;
}

/** True when the annotation saw a compressed OffloadBinary v3 payload (the reader recorded its span). */
function hasCompressedPayload(ann: Annotation): boolean {
  return ann.spans.some((s) => s.kind === 'compressed');
}

/**
 * Show `view` of the open file. The inflated view annotates the header and inflated payload of a
 * compressed OffloadBinary v3 (src/hex/annotate.ts annotateInflated): its offsets are into that
 * space, so the file's diagnostics are not shown there.
 */
function show(view: 'file' | 'inflated'): void {
  const t0 = performance.now();
  let ann: Annotation;
  let bytes: Uint8Array;
  let what: string;
  if (view === 'inflated') {
    try {
      // The payload the file view inflated (not a second inflation), else inflated here.
      const done = state.ann ? inflatedFirst(state.ann) : undefined;
      const inside = done && state.view === 'file' ? inflatedAnnotation(done.bytes, done.compression) : annotateInflated(state.file);
      ann = inside.annotation;
      bytes = inside.source.read(0, inside.source.size);
      what = `${bytes.length} bytes inflated (${inside.compression}; header + payload)`;
    } catch (e) {
      setStatus(`${state.name}: cannot inflate: ${(e as Error).message}`);
      // The file view stays as it was, usable.
      document.body.dataset.state = 'ready';
      return;
    }
  } else {
    bytes = state.file;
    ann = annotate(bytes);
    what = `${bytes.length} bytes`;
  }
  state.view = view;
  state.bytes = bytes;
  state.ann = ann;
  state.leaves = leavesOf(ann);
  state.highlight = [];
  state.cursor = -1;
  state.selected = undefined;
  state.report = undefined;
  document.body.dataset.view = view;
  renderTree(buildTree(ann));
  $('diagnostics').replaceChildren();
  layout();
  $('hex').scrollTop = 0;
  renderRows();
  $<HTMLButtonElement>('export').disabled = false;
  const toggle = $<HTMLButtonElement>('inflate');
  toggle.hidden = view === 'file' && !hasCompressedPayload(ann);
  // The inflated view is that of the binary at offset 0, which the file view inflated already. When it
  // did not (a corrupt stream, a lying InflatedSize; or the compressed binary is another one), the
  // button says why instead of failing on a click. An error inside a payload that inflated (a broken
  // SYCLBIN in it) leaves it enabled: the inflated view is where that error is seen in place.
  const first = view === 'file' ? inflatedFirst(ann) : undefined;
  toggle.disabled = view === 'file' && first === undefined;
  toggle.title = !toggle.disabled ? '' : ann.stoppedBy ? `cannot inflate: ${ann.stoppedBy.message}` : 'the inflated view shows a compressed OffloadBinary at the start of the file; this one is not';
  toggle.textContent = view === 'file' ? 'Show inflated payload' : 'Show file';
  setStatus(`${state.name}: ${ann.format}, ${what}, ${state.leaves.length} leaf spans (${Math.round(performance.now() - t0)} ms)${ann.error ? ` \u2014 ${ann.error.message}` : ''}`);
  // Diagnostics after the first paint (the layout check rewrites the file); not when another file or
  // view has been asked for meanwhile (they would be put beside it, and the page said ready).
  const ticket = latestOpen;
  setTimeout(() => {
    if (ticket !== latestOpen || state.ann !== ann) return;
    if (view === 'file') {
      state.report = verifyAnnotation(bytes, ann);
      renderDiagnostics(state.report);
      // An error only the checks find (bitcode LLVM cannot read: the reader took the bytes, verify
      // refuses them) goes on the status line too, as a reader's error does.
      const first = ann.error ? undefined : state.report.problems.find((p) => p.severity === 'error');
      if (first) setStatus(`${$('status').textContent ?? ''} \u2014 ${first.message}`);
    } else {
      // The checks of the inflated space itself, at its offsets (where this view shows them); the file
      // view reports the same problems at the compressed payload.
      state.report = verifyAnnotation(bytes, ann);
      renderDiagnostics(state.report);
      const note = document.createElement('h3');
      note.textContent = 'Inflated view: offsets are into the header + inflated payload (the file view reports these at the compressed payload)';
      $('diagnostics').prepend(note);
    }
    document.body.dataset.state = 'ready';
  }, 0);
}

/**
 * The number of the latest file asked for (chosen, dropped or named by ?file=). Reading a file is
 * asynchronous, so a large file chosen first can finish after a small one chosen after it: each
 * opening checks, after every wait, that it is still the latest, and otherwise leaves the page to it.
 */
let latestOpen = 0;

class Superseded extends Error {}

/** Throws Superseded when a later file has been asked for than opening `ticket`. */
function stillLatest(ticket: number): void {
  if (ticket !== latestOpen) throw new Superseded();
}

/**
 * Opens `bytes`: says first what is being done and lets the page draw that (the file is read into
 * spans in this thread, which a file of many structures keeps busy for seconds), then shows it.
 */
async function load(bytes: Uint8Array, name: string, ticket: number): Promise<void> {
  setStatus(`reading the structure of ${name} (${bytes.length} bytes)… the page is busy until it is read`);
  // (a frame, then a task: the status is drawn first; a hidden tab draws no frames, hence the timeout)
  await new Promise<void>((r) => {
    requestAnimationFrame(() => setTimeout(r, 0));
    setTimeout(r, 100);
  });
  stillLatest(ticket);
  state.name = name;
  state.file = bytes;
  show('file');
}

/** Files the page reads whole: a browser's ArrayBuffer holds at most about 2 GiB. */
const MAX_PAGE_FILE = 2 ** 31 - 1;

/** The status line; its whole text is also its tooltip (a long message is cut to one line). */
function setStatus(text: string): void {
  const el = $('status');
  el.textContent = text;
  el.title = text;
}

/** No file shown: the views emptied, so nothing on screen belongs to a file that is not open. */
function clearViews(): void {
  state.ann = undefined;
  state.report = undefined;
  state.bytes = new Uint8Array(0);
  state.file = new Uint8Array(0);
  state.leaves = [];
  state.nodes = new Map();
  state.highlight = [];
  state.cursor = -1;
  state.selected = undefined;
  $('tree').replaceChildren();
  $('diagnostics').replaceChildren();
  $('rows').replaceChildren();
  $('spacer').style.height = '0px';
  $<HTMLButtonElement>('export').disabled = true;
  $<HTMLButtonElement>('inflate').hidden = true;
}

async function openFile(f: File): Promise<void> {
  const ticket = ++latestOpen;
  document.body.dataset.state = 'loading';
  setStatus(`reading ${f.name} (${f.size} bytes)…`);
  try {
    if (f.size > MAX_PAGE_FILE) throw new Error(`${f.size} bytes is more than a page can read at once (${MAX_PAGE_FILE}); use 'syclbin inspect' or 'syclbin annotate', which read files of any size`);
    const bytes = new Uint8Array(await f.arrayBuffer());
    await zstdReady;
    stillLatest(ticket);
    await load(bytes, f.name, ticket);
  } catch (e) {
    if (e instanceof Superseded || ticket !== latestOpen) return;
    // A file the browser cannot read (too large, removed, a folder dropped): said, not a page stuck
    // "reading", and the previous file's views cleared (they would look like this file's).
    clearViews();
    setStatus(`cannot read ${f.name}: ${(e as Error).message || String(e)}`);
    document.body.dataset.state = 'error';
  }
}

function exportJson(): void {
  if (!state.ann) return;
  const doc = { file: state.name, view: state.view, annotation: annotationToJson(state.ann), verify: state.report };
  const blob = new Blob([JSON.stringify(doc, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${state.name || 'file'}.annotation.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function init(): void {
  const input = $<HTMLInputElement>('file');
  input.addEventListener('change', () => {
    const f = input.files?.[0];
    // Cleared, so that choosing the same file again (changed on disk) opens it again.
    input.value = '';
    if (f) void openFile(f);
  });
  // The "Open file…" button from the keyboard (the input itself is hidden).
  onKeyActivate($('open'), () => input.click());
  $('tree').addEventListener('keydown', treeKey);
  $('hex').addEventListener('keydown', hexKey);
  $('export').addEventListener('click', exportJson);
  $('inflate').addEventListener('click', () => {
    document.body.dataset.state = 'loading';
    show(state.view === 'file' ? 'inflated' : 'file');
  });
  let raf = 0;
  $('hex').addEventListener('scroll', () => {
    cancelAnimationFrame(raf);
    raf = requestAnimationFrame(renderRows);
  });
  window.addEventListener('resize', () => renderRows());
  $('rows').addEventListener('click', (e) => {
    const o = (e.target as HTMLElement).dataset?.o;
    if (o !== undefined) clickByte(Number(o));
  });
  // The drop overlay stays while the pointer is anywhere over the page: `dragleave` fires on every
  // element the pointer leaves, also into a child of it (and `dragenter` on that child first), so
  // the overlay flickered; entries and leaves are counted instead, and it goes at zero.
  let dragDepth = 0;
  document.addEventListener('dragenter', () => {
    dragDepth++;
    document.body.classList.add('dragging');
  });
  document.addEventListener('dragover', (e) => {
    e.preventDefault();
    document.body.classList.add('dragging');
  });
  document.addEventListener('dragleave', () => {
    dragDepth = Math.max(0, dragDepth - 1);
    if (dragDepth === 0) document.body.classList.remove('dragging');
  });
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    dragDepth = 0;
    document.body.classList.remove('dragging');
    const f = e.dataTransfer?.files[0];
    if (f) void openFile(f);
  });
  document.body.dataset.state = 'empty';
  // `?file=NAME`: a file served beside the page (`syclbin serve DIR` serves DIR), opened at once.
  const named = new URLSearchParams(location.search).get('file');
  if (named) void openUrl(named);
}

/** Fetch `name` (a path on the page's own server; nothing else is fetched) and open it. */
async function openUrl(name: string): Promise<void> {
  const ticket = ++latestOpen;
  document.body.dataset.state = 'loading';
  setStatus(`fetching ${name}…`);
  try {
    // NAME is a file name (the value ?file= decodes to), not a URL: '%', '?' and '#' in it are part of
    // the name (`syclbin serve` prints ?file=100%25.prop for DIR/100%.prop), so each path segment is
    // encoded. A NAME with a scheme or '//' stays a URL, and the origin check below refuses it.
    const absolute = /^[a-z][a-z0-9+.-]*:|^[/\\]{2}/i.test(name);
    const target = new URL(absolute ? name : name.split('/').map(encodeURIComponent).join('/'), location.href);
    if (location.protocol === 'file:') throw new Error("a page opened from disk cannot fetch files: open it with 'Open file…' or drop it here, or serve its folder with 'syclbin serve DIR'");
    if (target.origin !== location.origin) throw new Error('only files of this page\'s own server are fetched');
    const res = await fetch(target, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`the server answered ${res.status} ${res.statusText}`.trim());
    const size = Number(res.headers.get('content-length') ?? NaN);
    if (size > MAX_PAGE_FILE) throw new Error(`${size} bytes is more than a page can read at once (${MAX_PAGE_FILE}); use 'syclbin inspect' or 'syclbin annotate', which read files of any size`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    await zstdReady;
    stillLatest(ticket);
    await load(bytes, decodeURIComponent(target.pathname.split('/').pop() || name), ticket);
  } catch (e) {
    if (e instanceof Superseded || ticket !== latestOpen) return;
    clearViews();
    setStatus(`cannot open ${name}: ${(e as Error).message || String(e)}`);
    document.body.dataset.state = 'error';
  }
}

init();
