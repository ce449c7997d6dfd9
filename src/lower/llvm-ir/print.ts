/**
 * Prints a parsed LLVM IR module (src/lower/llvm-ir/parse) back as text, with the edits a lowering
 * pass made: instructions inserted before others, instructions deleted, uses of a deleted value
 * replaced, new function declarations, new named metadata and nodes, and top-level entities left
 * out (module splitting). Everything not edited is printed from its own tokens, so the output keeps
 * the input's spelling (typed or opaque pointers, names, attributes).
 *
 * Layout follows LLVM's AsmWriter: `; ModuleID`, source_filename, target lines, types, comdats,
 * globals, functions, attribute groups, named metadata, numbered metadata; comments are not kept
 * (the lit tests' CHECK lines live in comments of the input and must not leak into the output).
 * Unnamed values (`%0`, `%1`, …: arguments, unlabelled blocks, instruction results) are renumbered
 * per function in definition order, so inserting or deleting unnamed instructions keeps the text
 * valid, as LLVM's slot numbering does.
 */
import { TK } from './parse/lexer.js';
import type { LFunction, LGlobal, LInstruction, LModule, LTopItem } from './parse/model.js';
import { joinTokens, printLocalName } from './parse/parser.js';
import { comdatAt, comdatClause } from './comdat.js';
import { constantFolds } from './constant-folds.js';
import { appendAll } from '../../codec/arrays.js';
import { escapeLlvmBytes, escapeLlvmString } from './escape.js';
import { usedNamedTypes } from './used-types.js';
import { debugRecordWithoutDropped, metadataWithoutDropped, type DroppedNames } from './dropped-refs.js';

/**
 * A new instruction. `text` refers to local values as `%{key}`: `key` is either an existing local
 * name or the `key` of another new instruction. `name` is the result name (unique in the function;
 * see {@link FunctionEditor.uniqueName}) or undefined for an unnamed result (numbered on printing)
 * or no result (`void`).
 */
export interface NewInstruction {
  /** The number of its key (`%{\u0001<number>}` in texts, see {@link FunctionEditor.insert}). */
  readonly key: number;
  /** Result name (without `%`); `''` for an unnamed result; undefined for no result. */
  readonly name?: string;
  /** The instruction's text (without the result name), with `%{key}` references. */
  readonly text: string;
}

/** Edits of one function body. */
export class FunctionEditor {
  /** New instructions to print before an existing one, in order. */
  readonly insertBefore = new Map<LInstruction, NewInstruction[]>();
  /** Existing instructions to leave out. */
  readonly deleted = new Set<LInstruction>();
  /** Local name → replacement: `%{key}` reference or a constant's text. */
  readonly replace = new Map<string, string>();
  /**
   * Globals (`@name`, without `@`) the inserted texts refer to: the inserter records them, so
   * GlobalDCE (src/lower/post-link/module-view.ts) need not read the texts again.
   */
  readonly globals = new Set<string>();
  /**
   * Edits of the header's tokens (a function re-created with another signature): each replaces the
   * tokens [from, to) with `text`; sorted, not overlapping.
   */
  header: readonly { readonly from: number; readonly to: number; readonly text: string }[] = [];
  private readonly names = new Set<string>();
  private lastUnique = 0;
  private nextKey = 0;

  /** The function edited. */
  readonly fn: LFunction;
  constructor(fn: LFunction) {
    this.fn = fn;
    for (const p of fn.params) if (p.name !== undefined) this.names.add(p.name);
    for (const b of fn.blocks) {
      if (b.label !== undefined) this.names.add(b.label);
      for (const i of b.instructions) if (i.result !== undefined) this.names.add(i.result);
    }
  }

  /** ValueSymbolTable::makeUniqueName for local values: `base`, then `base1`, `base2`, … (one counter per function). */
  uniqueName(base: string): string {
    if (!this.names.has(base)) {
      this.names.add(base);
      return base;
    }
    for (;;) {
      const cand = `${base}${++this.lastUnique}`;
      if (!this.names.has(cand)) {
        this.names.add(cand);
        return cand;
      }
    }
  }

  /** Number of keys handed out by {@link FunctionEditor.insert}. */
  get keyCount(): number {
    return this.nextKey;
  }

  /** Inserts `text` before `at`; returns the new instruction's key (`%{key}` in later texts): U+0001 and a number. */
  insert(at: LInstruction, text: string, name?: string): string {
    const key = this.nextKey++;
    let list = this.insertBefore.get(at);
    if (!list) this.insertBefore.set(at, (list = []));
    list.push({ key, name, text });
    return `\u0001${key}`;
  }
}

/** Module-level edits. */
export interface ModuleEdits {
  /** Editors of the functions with edits. */
  readonly functions: Map<LFunction, FunctionEditor>;
  /** Declarations appended after the last function (full `declare …` lines). */
  readonly newDeclarations: string[];
  /** Named metadata appended: name → operand node texts (each a new numbered node). */
  readonly newNamedMetadata: { readonly name: string; readonly nodes: readonly string[] }[];
  /**
   * The top-level items a split module keeps, in module order (src/lower/post-link/module-view.ts
   * `ReferenceGraph.itemsKept`); undefined: all of the module's. A list of what is printed, not a set of what is
   * left out, so printing a split module costs what it prints, not what the whole module holds.
   */
  only?: readonly LTopItem[];
  /** Extra lines placed with the globals (new globals). */
  readonly newGlobals: string[];
  /** Numbered metadata nodes printed with another text (`!N = <text>`), by number. */
  readonly replaceMetadata: Map<string, string>;
  /**
   * Named metadata given new operands in place (NamedMDNode::clearOperands + addOperand), by name:
   * each operand an existing node (`!4`) or a new node of the given references (`['!5', '!6']`,
   * printed `!{!5, !6}` under a new number), so the references are known without reading text.
   */
  readonly replaceNamedMetadata: Map<string, readonly (string | readonly string[])[]>;
  /** Functions printed after every other function and the new declarations (re-created: Function::Create appends). */
  readonly moveToEnd: LFunction[];
  /**
   * Definitions printed as declarations (Function::deleteBody: no body, external linkage, no
   * comdat, metadata attachments, personality, prefix or prologue; parameters unnamed).
   */
  readonly bodyDeleted: Set<LFunction>;
  /** Definitions printed with external linkage (their linkage keyword left out). */
  readonly externalized: Set<LFunction>;
  /**
   * Definitions InternalizePass made `internal` (llvm/llvm-project:llvm/lib/Transforms/IPO/Internalize.cpp
   * `maybeInternalize`: internal linkage, default visibility, so no `dso_local`, `hidden` or
   * `protected` is printed), with whether the function's comdat was dropped (a comdat of one member).
   */
  readonly internalized: Map<LFunction, { readonly dropComdat: boolean; readonly keepLinkage?: boolean }>;
  /** Comdats InternalizePass switched to `nodeduplicate` (members internalized, more than one). */
  readonly nodeduplicateComdats: Set<string>;
  /** Global variables printed without their `comdat` clause (InternalizePass dropped a lone member's comdat). */
  readonly globalsDroppingComdat: Set<LGlobal>;
  /**
   * Global variables re-created by a pass (a new GlobalVariable that takes the old one's name, the
   * old one erased): left out where they stand and printed, when the module keeps them, as `text`
   * after every other global (the constructor appends to the module's list), in insertion order.
   * `attributeGroups`: the existing `#N` groups the new text uses (the old global's own are not
   * printed for it).
   */
  readonly replacedGlobals: Map<LGlobal, { readonly text: string; readonly attributeGroups: readonly string[] }>;
  /** Numbered type definitions (`%0 = type …`), printed before the named ones as AsmWriter prints numbered types first. */
  readonly newTypes: string[];
  /** Attribute group lines (`attributes #N = { … }`) printed after the module's. */
  readonly newAttributeGroups: string[];
  /**
   * Metadata node texts numbered first after the module's largest (see {@link newMetadataNode}),
   * before the nodes of new or replaced named metadata.
   */
  readonly newNodes: string[];
  /**
   * Function definitions (full text) appended after the module's functions, before the new
   * declarations; `attributeGroups`: the existing `#N` groups they use (printed with them).
   */
  readonly newDefinitions: { readonly text: string; readonly attributeGroups: readonly string[] }[];
  /**
   * Definitions whose header names another attribute group than its own (`#N` tokens replaced by
   * it, through header edits of their {@link FunctionEditor}): the group each now uses, so that the
   * groups printed are those used.
   */
  readonly functionAttributeGroups: Map<LFunction, string>;
}

/** A new linkage for a definition as printed: external (its keyword left out) or internal. */
type Relink = { readonly to: 'external' } | { readonly to: 'internal'; readonly dropComdat: boolean; readonly keepLinkage?: boolean };

/** Empty edits. */
export function newModuleEdits(): ModuleEdits {
  return {
    functions: new Map(),
    newDeclarations: [],
    newNamedMetadata: [],
    newGlobals: [],
    replaceMetadata: new Map(),
    replaceNamedMetadata: new Map(),
    moveToEnd: [],
    bodyDeleted: new Set(),
    externalized: new Set(),
    internalized: new Map(),
    nodeduplicateComdats: new Set(),
    globalsDroppingComdat: new Set(),
    replacedGlobals: new Map(),
    newTypes: [],
    newAttributeGroups: [],
    newNodes: [],
    newDefinitions: [],
    functionAttributeGroups: new Map(),
  };
}

/**
 * `fn`'s header names attribute group `group` instead of its own: its first `#N` becomes `#group`,
 * the others go (LLVM merges a function's groups into one set); with none, ` #group` is appended.
 */
export function setFunctionAttributeGroup(m: LModule, edits: ModuleEdits, fn: LFunction, group: string): void {
  const ed = editorFor(edits, fn);
  const t = m.tokens;
  const out = [...ed.header];
  let first = true;
  for (let i = fn.headerFrom; i < fn.headerTo; i++) {
    if (t.kindCode(i) !== TK.attrgrp) continue;
    out.push({ from: i, to: i + 1, text: first ? `#${group}` : '' });
    first = false;
  }
  if (first) out.push({ from: fn.headerTo, to: fn.headerTo, text: ` #${group}` });
  ed.header = out.sort((a, b) => a.from - b.from || a.to - b.to);
  edits.functionAttributeGroups.set(fn, group);
}

/**
 * Adds a metadata node of text `text` (e.g. `!{i32 1}`) to `edits` and returns the reference the
 * printed module will give it (`!N`): new nodes are numbered after the module's largest, in the
 * order they are added.
 */
export function newMetadataNode(m: LModule, edits: ModuleEdits, text: string): string {
  edits.newNodes.push(text);
  return `!${largestMetadataNumber(m) + edits.newNodes.length}`;
}

/** The reference the next node {@link newMetadataNode} adds will get. */
export function nextMetadataNode(m: LModule, edits: ModuleEdits): string {
  return `!${largestMetadataNumber(m) + edits.newNodes.length + 1}`;
}

/** The text of tokens [from, to) as the printer writes it (constant expressions LLParser folds, folded). */
export function tokensText(m: LModule, from: number, to: number): string {
  return joinTokens(m.text, m.tokens, from, to, undefined, constantFolds(m));
}

/** The editor of `fn`, created on first use. */
export function editorFor(edits: ModuleEdits, fn: LFunction): FunctionEditor {
  let e = edits.functions.get(fn);
  if (!e) {
    e = new FunctionEditor(fn);
    edits.functions.set(fn, e);
  }
  return e;
}

// (`other` is `module asm`: AsmWriter's printModule prints it right after the target lines, after a blank line)
const ORDER: Record<string, number> = { source_filename: 0, target: 1, other: 1.5, type: 2, comdat: 3, global: 4, function: 5, attributes: 6, 'named-md': 7, md: 8 };

/** The names of a module's global variables and functions, made once per module (printModule). */
const GLOBAL_VALUE_NAMES = new WeakMap<LModule, ReadonlySet<string>>();
function globalValueNames(m: LModule): ReadonlySet<string> {
  let names = GLOBAL_VALUE_NAMES.get(m);
  if (!names) {
    const set = new Set<string>();
    for (const g of m.globals) set.add(g.name);
    for (const f of m.functions) set.add(f.name);
    GLOBAL_VALUE_NAMES.set(m, (names = set));
  }
  return names;
}

/** Prints the module with `edits` applied. `moduleId` is the `; ModuleID = '…'` value. */
export function printModule(m: LModule, edits: ModuleEdits = newModuleEdits(), moduleId = '<stdin>'): string {
  const out: string[] = [`; ModuleID = '${moduleId}'`];
  const moved = new Set(edits.moveToEnd);
  const kept = edits.only ?? m.items;
  /** A moved function is printed when its module keeps it (it may be left out of a split module). */
  const movedKept = new Set<LFunction>();
  if (moved.size) for (const it of kept) if (it.kind === 'function' && moved.has(it.fn)) movedKept.add(it.fn);
  const items = moved.size ? kept.filter((it) => !(it.kind === 'function' && moved.has(it.fn))) : kept;
  const cat = (it: LTopItem): number => (it.kind === 'text' ? ORDER[it.what]! : ORDER[it.kind]!);
  // The module's global values this output does not have (left out of a split module, or deleted by
  // the cleanup's GlobalDCE): metadata that names them is printed as LLVM leaves it (dropped-refs.ts).
  // (told by a lookup, not listed: each of thousands of split modules costs what it prints)
  let dropped: DroppedNames | undefined;
  if (edits.only) {
    const printed = new Set<string>();
    for (const it of kept) if (it.kind === 'global') printed.add(it.global.name);
    else if (it.kind === 'function') printed.add(it.fn.name);
    const all = globalValueNames(m);
    dropped = { has: (name) => !printed.has(name) && all.has(name) };
  }
  const sorted = items.map((it, i) => ({ it, i })).sort((a, b) => cat(a.it) - cat(b.it) || a.i - b.i);
  // AsmWriter's printModule: `source_filename` right under the ModuleID line, always (a module read
  // without one has the module identifier as its source file name, Module's constructor), in its
  // spelling (printEscapedString), then the target lines, with no blank line between them.
  out.push(`source_filename = "${m.sourceFilename !== undefined ? escapeLlvmBytes(m.sourceFilename) : escapeLlvmString(moduleId)}"`);
  let prevCat = ORDER.source_filename!;
  const maxMd = largestMetadataNumber(m);
  const folds = constantFolds(m);
  // Nodes of edits.newNodes first: their numbers were handed out when they were added (newMetadataNode).
  const newNodes: string[] = [...edits.newNodes];
  const namedLines: string[] = [];
  /** Operands appended to named metadata the module already has (Module::getOrInsertNamedMetadata). */
  const appended = new Map<string, string[]>();
  /** The operands of named metadata given new ones (edits.replaceNamedMetadata), new nodes numbered in turn. */
  const replacedOps = new Map<string, string[]>();
  for (const [name, ops] of edits.replaceNamedMetadata) {
    replacedOps.set(
      name,
      ops.map((op) => {
        if (typeof op === 'string') return op;
        newNodes.push(`!{${op.join(', ')}}`);
        return `!${maxMd + newNodes.length}`;
      }),
    );
  }
  for (const nm of edits.newNamedMetadata) {
    const refs = nm.nodes.map((text) => {
      newNodes.push(text);
      return `!${maxMd + newNodes.length}`;
    });
    if (m.namedMetadata.has(nm.name)) appended.set(nm.name, [...(appended.get(nm.name) ?? []), ...refs]);
    else namedLines.push(`!${nm.name} = !{${refs.join(', ')}}`);
  }
  let typesDone = false;
  let globalsDone = false;
  let declsDone = false;
  let groupsDone = false;
  /** Re-created globals the module keeps, printed after the others. */
  const replaced: string[] = [];
  const flushBefore = (c: number): void => {
    if (!typesDone && c >= ORDER.type!) {
      typesDone = true;
      if (edits.newTypes.length) {
        if (prevCat !== ORDER.type) out.push('');
        appendAll(out, edits.newTypes);
        prevCat = ORDER.type!;
      }
    }
    if (!globalsDone && c > ORDER.global!) {
      globalsDone = true;
      if (edits.newGlobals.length || replaced.length) {
        if (prevCat !== ORDER.global) out.push('');
        appendAll(out, edits.newGlobals);
        appendAll(out, replaced);
        prevCat = ORDER.global!;
      }
    }
    if (!declsDone && c > ORDER.function!) {
      declsDone = true;
      for (const d of edits.newDefinitions) out.push('', d.text);
      for (const d of edits.newDeclarations) out.push('', d);
      // In the order they were moved (Function::Create appends).
      for (const fn of moved) if (movedKept.has(fn)) out.push('', printFunction(m, fn, edits.functions.get(fn), relinkOf(edits, fn), dropped));
      if (edits.newDefinitions.length || edits.newDeclarations.length || moved.size) prevCat = ORDER.function!;
    }
    if (!groupsDone && c > ORDER.attributes!) {
      groupsDone = true;
      if (edits.newAttributeGroups.length) {
        if (prevCat !== ORDER.attributes) out.push('');
        appendAll(out, edits.newAttributeGroups);
        prevCat = ORDER.attributes!;
      }
    }
    if (prevCat <= ORDER['named-md']! && c > ORDER['named-md']! && namedLines.length) {
      if (prevCat !== ORDER['named-md']) out.push('');
      appendAll(out, namedLines);
      namedLines.length = 0;
      prevCat = ORDER['named-md']!;
    }
  };
  for (const { it } of sorted) {
    if (it.kind === 'text' && it.what === 'source_filename') continue; // printed above
    const c = cat(it);
    flushBefore(c);
    // The input's numbered types (`%0 = type …`) are never used: the reader refuses every use
    // (parser.ts, "numbered types are not supported"). AsmWriter prints only the types TypeFinder
    // finds, numbering the unnamed ones from 0 in that order (llvm/llvm-project:llvm/lib/IR/AsmWriter.cpp
    // TypePrinting::incorporateTypes), so `llvm-as-19 | llvm-dis-19` drops them; so does this printer,
    // which leaves the numbers from 0 to the types an edit adds (edits.newTypes, in TypeFinder order).
    if (it.kind === 'text' && it.what === 'type' && /^[0-9]+$/.test(it.name ?? '')) continue;
    if (it.kind === 'global' && edits.replacedGlobals.size) {
      const r = edits.replacedGlobals.get(it.global);
      if (r) {
        replaced.push(r.text);
        continue;
      }
    }
    if ((c !== prevCat && !(prevCat === ORDER.source_filename && c === ORDER.target)) || it.kind === 'function') out.push('');
    prevCat = c;
    if (it.kind === 'function') out.push(edits.bodyDeleted.has(it.fn) ? printDeclarationOf(m, it.fn) : printFunction(m, it.fn, edits.functions.get(it.fn), relinkOf(edits, it.fn), dropped));
    else if (it.kind === 'global') out.push(printGlobal(m, it.global, edits.globalsDroppingComdat.has(it.global), folds));
    else if (it.what === 'named-md' && (appended.has(it.name!) || replacedOps.has(it.name!))) out.push(`!${it.name} = !{${[...(replacedOps.get(it.name!) ?? m.namedMetadata.get(it.name!)!), ...(appended.get(it.name!) ?? [])].join(', ')}}`);
    else if (it.what === 'comdat' && edits.nodeduplicateComdats.has(it.name!)) out.push(`$${it.name} = comdat nodeduplicate`);
    else if (it.what === 'md' && edits.replaceMetadata.has(it.name!)) out.push(`!${it.name} = ${edits.replaceMetadata.get(it.name!)!}`);
    else if (it.what === 'md' && dropped) out.push(metadataWithoutDropped(m, it.tokFrom, it.tokTo, dropped, folds) ?? joinTokens(m.text, m.tokens, it.tokFrom, it.tokTo, undefined, folds));
    else out.push(joinTokens(m.text, m.tokens, it.tokFrom, it.tokTo, undefined, folds));
  }
  flushBefore(99);
  if (newNodes.length) {
    if (prevCat !== ORDER.md) out.push('');
    newNodes.forEach((t, i) => out.push(`!${maxMd + 1 + i} = ${t}`));
  }
  // The named types LLVM's printer would define, in its order (used-types.ts), where the module's
  // named type definitions stood; the numbered ones stay as they are.
  const typeDefs = new Map<string, string>();
  let typesAt = -1;
  for (let i = 0; i < out.length; i++) {
    const name = namedTypeDefinition(out[i]!);
    if (name === undefined || !m.structs.has(name)) continue;
    typeDefs.set(name, out[i]!);
    if (typesAt < 0) typesAt = i;
    out[i] = '';
  }
  if (typesAt >= 0) out[typesAt] = usedNamedTypes(out, m.structs).map((n) => typeDefs.get(n)).filter((t) => t !== undefined).join('\n');
  // One blank line at most between entities (out[0] is the ModuleID line; entities are single
  // lines or function texts without blank edges), and a final line break.
  const lines: string[] = [];
  for (const l of out) if (l !== '' || lines[lines.length - 1] !== '') lines.push(l);
  lines.push('');
  return lines.join('\n');
}

/**
 * The name (without `%`, unquoted) of the named type an entity printed by {@link printModule}
 * defines (`%name = type …`), or undefined (another entity, or a numbered type).
 */
function namedTypeDefinition(entity: string): string | undefined {
  if (entity.charCodeAt(0) !== 37 /* % */) return undefined;
  const r = /^%(?:"([^"]*)"|([-a-zA-Z$._][-a-zA-Z$._0-9]*))\s*=\s*type\b/.exec(entity);
  return r ? (r[1] ?? r[2]) : undefined;
}

/** The largest `!N` of each module (once per module: every split module's new nodes are numbered after it). */
const LARGEST_METADATA = new WeakMap<ReadonlyMap<string, unknown>, number>();
function largestMetadataNumber(m: LModule): number {
  let max = LARGEST_METADATA.get(m.metadata);
  if (max === undefined) {
    max = -1;
    for (const k of m.metadata.keys()) max = Math.max(max, Number(k));
    LARGEST_METADATA.set(m.metadata, max);
  }
  return max;
}

const NUMERIC = /^[0-9]+$/;

/** The number of a new instruction's key (U+0001 followed by decimal digits, see {@link FunctionEditor.insert}). */
function keyNumber(key: string): number {
  let n = 0;
  for (let i = 1; i < key.length; i++) n = n * 10 + (key.charCodeAt(i) - 48);
  return n;
}

/** `text` with every `%{key}` replaced by `ref(key)` (a scan, no regular expression per text). */
export function resolveRefs(text: string, ref: (key: string) => string): string {
  let at = text.indexOf('%{');
  if (at < 0) return text;
  let out = '';
  let from = 0;
  while (at >= 0) {
    const close = text.indexOf('}', at + 2);
    if (close < 0) break;
    out += text.slice(from, at) + ref(text.slice(at + 2, close));
    from = close + 1;
    at = text.indexOf('%{', from);
  }
  return out + text.slice(from);
}

/** The header's tokens with the editor's header edits; a space is kept between words the edits bring together. */
function printHeader(m: LModule, fn: LFunction, ed: FunctionEditor | undefined, subst?: (i: number) => string | undefined, relink?: Relink): string {
  const edits = relink ? [...(ed?.header ?? []), ...(relink.to === 'external' ? linkageEdit(m, fn) : internalizeEdits(m, fn, relink.dropComdat, relink.keepLinkage === true))].sort((a, b) => a.from - b.from) : (ed?.header ?? []);
  const folds = constantFolds(m);
  if (!edits.length) return joinTokens(m.text, m.tokens, fn.headerFrom, fn.headerTo, subst, folds);
  let out = '';
  const add = (piece: string): void => {
    if (!piece) return;
    const a = out.charCodeAt(out.length - 1);
    const b = piece.charCodeAt(0);
    // Not after '(' or a space; not before ')', ',' or a space.
    if (out && a !== 0x20 && a !== 0x28 && b !== 0x20 && b !== 0x29 && b !== 0x2c) out += ' ';
    out += piece;
  };
  let at = fn.headerFrom;
  for (const e of edits) {
    add(joinTokens(m.text, m.tokens, at, e.from, subst, folds));
    add(e.text);
    at = e.to;
  }
  add(joinTokens(m.text, m.tokens, at, fn.headerTo, subst, folds));
  return out;
}

/** The new linkage `edits` give `fn`, if any (internalized wins over externalized: Internalize runs after). */
function relinkOf(edits: ModuleEdits, fn: LFunction): Relink | undefined {
  const i = edits.internalized.get(fn);
  if (i) return { to: 'internal', dropComdat: i.dropComdat, ...(i.keepLinkage ? { keepLinkage: true } : {}) };
  return edits.externalized.has(fn) ? { to: 'external' } : undefined;
}

function printFunction(m: LModule, fn: LFunction, ed: FunctionEditor | undefined, relink?: Relink, dropped?: DroppedNames): string {
  const header = printHeader(m, fn, ed, undefined, relink);
  if (fn.isDeclaration) return header;
  const folds = constantFolds(m);
  // Slot numbering: unnamed args, unnamed blocks, unnamed results, in order.
  const renum = new Map<string, string>();
  let slot = 0;
  for (const p of fn.params) {
    if (p.name === undefined) slot++;
    else if (NUMERIC.test(p.name)) renum.set(p.name, String(slot++));
  }
  // Each new instruction's result, by the number in its key: its slot + 1 when unnamed (0: none),
  // its printed name when named.
  const keySlot = new Int32Array(ed?.keyCount ?? 0);
  const keyName = new Map<number, string>();
  fn.blocks.forEach((b) => {
    // An unlabelled block (the entry, or one after a terminator) takes a number: the input's
    // references to it by the number LLParser gave it follow it.
    if (b.label === undefined) {
      if (b.implicitNumber !== undefined) renum.set(b.implicitNumber, String(slot));
      slot++;
    } else if (NUMERIC.test(b.label)) renum.set(b.label, String(slot++));
    for (const ins of b.instructions) {
      for (const n of ed?.insertBefore.get(ins) ?? []) {
        if (n.name === '') keySlot[n.key] = ++slot;
        else if (n.name !== undefined) keyName.set(n.key, printLocalName(n.name));
      }
      if (ed?.deleted.has(ins)) continue;
      if (ins.result !== undefined && NUMERIC.test(ins.result)) renum.set(ins.result, String(slot++));
    }
  });
  /** The printed result of new instruction number `k` (undefined when it has none). */
  const newRef = (k: number): string | undefined => {
    const s = k < keySlot.length ? keySlot[k]! : 0;
    return s !== 0 ? '%' + (s - 1) : keyName.get(k);
  };
  const refText = (key: string): string => {
    if (key.charCodeAt(0) === 1) {
      const r = newRef(keyNumber(key));
      if (r !== undefined) return r;
    }
    const r = renum.get(key);
    return printLocalName(r ?? key);
  };
  const resolve = (text: string): string => resolveRefs(text, refText);
  const subst = (i: number): string | undefined => {
    if (m.tokens.kindCode(i) !== TK.lvar) return undefined;
    const name = m.tokens.valueOf(i);
    const rep = ed?.replace.get(name);
    if (rep !== undefined) return resolve(rep);
    const r = renum.get(name);
    if (r !== undefined) return printLocalName(r);
    return undefined;
  };
  // Header with renumbered parameter names (and the editor's header edits).
  const lines: string[] = [printHeader(m, fn, ed, subst, relink) + ' {'];
  fn.blocks.forEach((b, bi) => {
    if (b.label !== undefined) {
      const l = NUMERIC.test(b.label) ? renum.get(b.label)! : b.label;
      lines.push(`${bi === 0 ? '' : '\n'}${printLocalName(l, '')}:`);
    } else if (bi > 0) {
      // (AsmWriter prints an unnamed block's number but the entry's)
      lines.push(`\n${renum.get(b.implicitNumber ?? '') ?? '?'}:`);
    }
    for (const ins of b.instructions) {
      for (const n of ed?.insertBefore.get(ins) ?? []) {
        const res = n.name === undefined ? '' : `${newRef(n.key)} = `;
        lines.push(`  ${res}${resolve(n.text)}`);
      }
      if (ed?.deleted.has(ins)) continue;
      const record = dropped && ins.opcode.startsWith('#dbg_') ? debugRecordWithoutDropped(m, ins.tokFrom, ins.tokTo, dropped, subst, folds) : undefined;
      // (AsmWriter::printDbgRecordLine indents a debug record by four spaces, "out-of-line with instructions")
      lines.push((ins.opcode.startsWith('#dbg_') ? '    ' : '  ') + (record ?? joinTokens(m.text, m.tokens, ins.tokFrom, ins.tokTo, subst, folds)));
    }
  });
  lines.push('}');
  return lines.join('\n');
}


/** The header edit that leaves out `fn`'s linkage keyword (GlobalValue::setLinkage(ExternalLinkage)). */
function linkageEdit(m: LModule, fn: LFunction): { from: number; to: number; text: string }[] {
  if (fn.linkage === undefined) return [];
  const t = m.tokens;
  for (let i = fn.headerFrom + 1; i < fn.headerTo && t.kindCode(i) !== TK.gvar; i++) {
    if (t.kindCode(i) === TK.word && t.textIs(i, fn.linkage)) return [{ from: i, to: i + 1, text: '' }];
  }
  return [];
}

/** A global variable's line, without its `, comdat…` clause when `dropComdat`. */
function printGlobal(m: LModule, g: LGlobal, dropComdat: boolean, foldsGiven: ReturnType<typeof constantFolds>): string {
  // (an alias whose aliasee is written without its type, `alias i32, getelementptr (…)`, keeps its
  // constant expression as written: folded, it would be a value without a type)
  const t = m.tokens;
  const untyped = g.isAlias && g.initFrom > 0 && t.kindCode(g.initFrom - 1) === TK.punct && t.charAt(g.initFrom - 1) === 0x2c;
  const folds = untyped ? undefined : foldsGiven;
  const c = dropComdat ? comdatClause(m, g.initTo, g.tokTo, g.name) : undefined;
  if (!c) return joinTokens(m.text, m.tokens, g.tokFrom, g.tokTo, undefined, folds);
  // The clause follows a comma (`…, comdat($c), align 4`): both go.
  const from = m.tokens.kindCode(c.from - 1) === TK.punct && m.tokens.charAt(c.from - 1) === 0x2c ? c.from - 1 : c.from;
  return joinTokens(m.text, m.tokens, g.tokFrom, from, undefined, folds) + joinTokens(m.text, m.tokens, c.to, g.tokTo, undefined, folds);
}

/**
 * The header edits of an internalized definition: its linkage keyword becomes `internal` (or
 * `internal` follows `define`), `dso_local`, `hidden` and `protected` go (implied or reset by
 * InternalizePass), and, when its comdat was dropped, `comdat` / `comdat($c)` (only that, for a
 * function already local: `keepLinkage`).
 */
function internalizeEdits(m: LModule, fn: LFunction, dropComdat: boolean, keepLinkage: boolean): { from: number; to: number; text: string }[] {
  const t = m.tokens;
  const out: { from: number; to: number; text: string }[] = [];
  // The insertion goes first: edits are sorted stably by position, and a removal may start where it is.
  const hasLinkageWord = fn.linkage !== undefined && linkageEdit(m, fn).length > 0;
  if (!keepLinkage && !hasLinkageWord) out.push({ from: fn.headerFrom + 1, to: fn.headerFrom + 1, text: 'internal' });
  let linkageSeen = false;
  let k = fn.headerFrom + 1;
  for (; k < fn.headerTo && t.kindCode(k) !== TK.gvar; k++) {
    if (keepLinkage || t.kindCode(k) !== TK.word) continue;
    if (hasLinkageWord && !linkageSeen && t.textIs(k, fn.linkage!)) {
      out.push({ from: k, to: k + 1, text: 'internal' });
      linkageSeen = true;
    } else if (t.textIs(k, 'dso_local') || t.textIs(k, 'hidden') || t.textIs(k, 'protected')) {
      out.push({ from: k, to: k + 1, text: '' });
    }
  }
  if (dropComdat) {
    const c = comdatClause(m, k, fn.headerTo, fn.name);
    if (c) out.push({ from: c.from, to: c.to, text: '' });
  }
  return out;
}

/**
 * `fn` as a declaration, as AsmWriter prints a function whose body Function::deleteBody dropped
 * (with its references: metadata attachments, personality, prefix, prologue) and whose comdat
 * ModuleDesc::cleanup cleared: `declare`, no linkage, parameters without names; the rest of the
 * header (visibility, `dso_local`, calling convention, attributes, `#N`, section, alignment) as written.
 */
function printDeclarationOf(m: LModule, fn: LFunction): string {
  const t = m.tokens;
  const drop: { from: number; to: number; text: string }[] = [{ from: fn.headerFrom, to: fn.headerFrom + 1, text: 'declare' }, ...linkageEdit(m, fn)];
  // The parameter list: the parentheses after the function's name; local names inside it go.
  let i = fn.headerFrom;
  while (i < fn.headerTo && !(t.kindCode(i) === TK.gvar && t.valueOf(i) === fn.name)) i++;
  let close = i + 1;
  if (t.kindCode(i + 1) === TK.punct && t.charAt(i + 1) === 0x28) {
    let depth = 0;
    for (let k = i + 1; k < fn.headerTo; k++) {
      depth += t.bracketDelta(k);
      if (depth === 0) {
        close = k;
        break;
      }
      if (depth === 1 && t.kindCode(k) === TK.lvar) drop.push({ from: k, to: k + 1, text: '' });
    }
  }
  // After the parameters: comdat, metadata attachments, personality / prefix / prologue operands go.
  for (let k = close + 1; k < fn.headerTo; k++) {
    const kind = t.kindCode(k);
    const c = comdatAt(m, k, fn.name);
    if (c) {
      drop.push({ from: c.from, to: c.to, text: '' });
      k = c.to - 1;
    } else if (kind === TK.meta) {
      drop.push({ from: k, to: k + 2, text: '' });
      k++;
    } else if (kind === TK.word && (t.textIs(k, 'personality') || t.textIs(k, 'prefix') || t.textIs(k, 'prologue'))) {
      // `personality T V`: up to the next word that starts another header part, or the end.
      let e = k + 1;
      let depth = 0;
      for (; e < fn.headerTo; e++) {
        const ek = t.kindCode(e);
        depth += t.bracketDelta(e);
        if (depth === 0 && (ek === TK.gvar || (ek === TK.word && (t.textIs(e, 'null') || t.textIs(e, 'undef'))))) {
          e++;
          break;
        }
      }
      drop.push({ from: k, to: e, text: '' });
      k = e - 1;
    }
  }
  drop.sort((a, b) => a.from - b.from);
  const ed = new FunctionEditor(fn);
  ed.header = drop;
  return printHeader(m, fn, ed);
}
