/**
 * Which globals and functions of a parsed module an output module keeps, computed the way
 * sycl-post-link's cleanup does it (intel/llvm:llvm/tools/sycl-post-link/sycl-post-link.cpp@676a364f
 * `ModuleDesc::cleanup`: GlobalDCE, StripDeadPrototypes; `removeSYCLKernelsConstRefArray`,
 * `removeDeviceGlobalFromCompilerUsed`), over a reference graph built from the tokens of each
 * entity. Everything here is iterative (worklists), linear in the module size.
 */
import type { LFunction, LGlobal, LModule, LTopItem } from '../llvm-ir/parse/model.js';
import { TK } from '../llvm-ir/parse/lexer.js';
import type { ModuleEdits } from '../llvm-ir/print.js';
import { comdatAt, comdatClause } from '../llvm-ir/comdat.js';

/** A global value: a global variable or a function. */
export type GlobalValue = { readonly kind: 'global'; readonly g: LGlobal; readonly item: LTopItem } | { readonly kind: 'function'; readonly f: LFunction; readonly item: LTopItem };

/** The globals and functions an output module keeps, each list in module order. */
export interface KeptEntities {
  /** Their names. */
  readonly names: ReadonlySet<string>;
  /** The kept functions (definitions and declarations), in module order. */
  readonly functions: readonly LFunction[];
  /** The kept global variables, in module order. */
  readonly globals: readonly LGlobal[];
}

/**
 * Name → global value, and the references of each; and, built in the same pass over the module,
 * where each top-level item sits and the text items by name, so that what one split module keeps
 * is found from its own names (work per module in what it keeps, not in the whole module's size:
 * `-split=kernel` of a module with thousands of kernels was quadratic).
 */
export class ReferenceGraph {
  /** Globals and functions by name (without `@`). */
  readonly byName = new Map<string, GlobalValue>();
  /** Index of each top-level item in `m.items`. */
  private readonly position = new Map<LTopItem, number>();
  /** `!N = …` items by N, `attributes #N` items by N, `$name = comdat` items by name. */
  private readonly metadataItems = new Map<string, LTopItem>();
  private readonly attributeItems = new Map<string, LTopItem>();
  private readonly comdatItems = new Map<string, LTopItem>();
  /** Text items every output module prints (source_filename, target, types, named metadata, others). */
  private readonly alwaysItems: LTopItem[] = [];

  /** The module whose globals and functions are indexed. */
  readonly m: LModule;
  constructor(m: LModule) {
    this.m = m;
    m.items.forEach((it, i) => {
      this.position.set(it, i);
      if (it.kind === 'global') this.byName.set(it.global.name, { kind: 'global', g: it.global, item: it });
      else if (it.kind === 'function') this.byName.set(it.fn.name, { kind: 'function', f: it.fn, item: it });
      else if (it.what === 'md') this.metadataItems.set(it.name!, it);
      else if (it.what === 'attributes') this.attributeItems.set(it.name!, it);
      else if (it.what === 'comdat') this.comdatItems.set(it.name!, it);
      else this.alwaysItems.push(it);
    });
  }

  /** `items` in module order. */
  private inModuleOrder<T extends LTopItem>(items: T[]): T[] {
    return items.sort((a, b) => this.position.get(a)! - this.position.get(b)!);
  }

  /** The functions and globals named in `names`, each in module order. */
  kept(names: ReadonlySet<string>): KeptEntities {
    const fnItems: LTopItem[] = [];
    const globalItems: LTopItem[] = [];
    for (const n of names) {
      const v = this.byName.get(n);
      if (v) (v.kind === 'function' ? fnItems : globalItems).push(v.item);
    }
    const functions = this.inModuleOrder(fnItems).map((it) => (it as { fn: LFunction }).fn);
    const globals = this.inModuleOrder(globalItems).map((it) => (it as { global: LGlobal }).global);
    return { names, functions, globals };
  }

  /**
   * The top-level items an output module keeping the globals and functions in `kept` prints, in
   * module order: those entities, the metadata nodes they reach, the attribute groups and comdats
   * they use (AsmWriter prints only those), and every other text item.
   */
  itemsKept(kept: KeptEntities, edits: ModuleEdits): LTopItem[] {
    const items: LTopItem[] = [...this.alwaysItems];
    for (const f of kept.functions) items.push(this.byName.get(f.name)!.item);
    for (const g of kept.globals) items.push(this.byName.get(g.name)!.item);
    for (const n of reachableMetadata(this.m, items, edits)) {
      const it = this.metadataItems.get(n);
      if (it) items.push(it);
    }
    const { groups, comdats } = usedGroupsAndComdats(this.m, kept, edits);
    for (const g of groups) {
      const it = this.attributeItems.get(g);
      if (it) items.push(it);
    }
    for (const c of comdats) {
      const it = this.comdatItems.get(c);
      if (it) items.push(it);
    }
    return this.inModuleOrder(items);
  }

  /** Names referenced by `v` (skipping instructions deleted by `edits`). */
  refs(v: GlobalValue, edits?: ModuleEdits): string[] {
    if (v.kind === 'global') {
      // Every `@name` token of a constant is a reference (what globalRefs finds in the parsed value).
      const out: string[] = [];
      const toks = this.m.tokens;
      for (let i = v.g.initFrom; i < v.g.initTo; i++) if (toks.kindCode(i) === TK.gvar) out.push(toks.valueOf(i));
      return out;
    }
    // A body Function::deleteBody dropped took its references (personality, prefix, prologue too).
    if (edits?.bodyDeleted.has(v.f)) return [];
    const out: string[] = [];
    const ed = edits?.functions.get(v.f);
    // Header references (personality, prefix): tokens between headerFrom and headerTo.
    const toks = this.m.tokens;
    for (let i = v.f.headerFrom; i < v.f.headerTo; i++) {
      if (toks.kindCode(i) !== TK.gvar) continue;
      const name = toks.valueOf(i);
      if (name !== v.f.name) out.push(name);
    }
    for (const b of v.f.blocks) {
      for (const ins of b.instructions) {
        if (ed?.deleted.has(ins)) continue;
        // A debug record names values through metadata, which is no use: GlobalDCE deletes a global
        // only records name, and the records then say `poison` (src/lower/llvm-ir/dropped-refs.ts).
        if (ins.opcode.startsWith('#dbg_')) continue;
        for (const g of ins.usesGlobal) out.push(g);
      }
    }
    if (ed) for (const g of ed.globals) out.push(g);
    return out;
  }

  /**
   * Closure of `roots` over references, restricted to `within` when given; `extra` adds edges that
   * are not references (device code split's indirect-call edges, src/lower/post-link/split.ts).
   * A name in `stop` reached by a reference is kept but not followed (a function another image
   * provides: DependencyGraph has no use edge to it, so the module keeps only its declaration);
   * reached by an `extra` edge or as a root it is followed, through its references only (it has no
   * `extra` edges of its own). The names kept but not followed go into `declared`.
   */
  closure(roots: Iterable<string>, edits?: ModuleEdits, within?: ReadonlySet<string>, extra?: ReadonlyMap<string, readonly string[]>, stop?: ReadonlySet<string>, declared?: Set<string>): Set<string> {
    const seen = new Set<string>();
    const followed = stop ? new Set<string>() : seen;
    const work: string[] = [];
    const visit = (r: string, byReference: boolean): void => {
      if (followed.has(r) || !this.byName.has(r) || (within && !within.has(r))) return;
      seen.add(r);
      if (byReference && stop?.has(r)) return;
      followed.add(r);
      work.push(r);
    };
    for (const r of roots) visit(r, false);
    while (work.length) {
      const n = work.pop()!;
      for (const r of this.refs(this.byName.get(n)!, edits)) visit(r, true);
      const more = stop?.has(n) ? undefined : extra?.get(n);
      if (more) for (const r of more) visit(r, false);
    }
    if (declared && stop) for (const n of seen) if (!followed.has(n)) declared.add(n);
    return seen;
  }
}

const DISCARDABLE = new Set(['internal', 'private', 'linkonce', 'linkonce_odr', 'available_externally']);

/**
 * GlobalValue::isDiscardableIfUnused plus declarations (dropped when unused), as `edits` leave the
 * function: a body deleted or left to another image makes a declaration, internalizing makes it local.
 */
export function isDiscardable(v: GlobalValue, edits?: ModuleEdits): boolean {
  if (v.kind === 'function') return v.f.isDeclaration || DISCARDABLE.has(v.f.linkage ?? '') || edits?.internalized.has(v.f) === true || edits?.bodyDeleted.has(v.f) === true;
  if (v.g.initTo <= v.g.initFrom) return true;
  return DISCARDABLE.has(v.g.linkage ?? '');
}

/**
 * GlobalDCE + StripDeadPrototypes over the names in `kept`: roots are the non-discardable
 * definitions (and appending globals such as `llvm.compiler.used`); a live member of a comdat keeps
 * the other members (llvm/llvm-project:llvm/lib/Transforms/IPO/GlobalDCE.cpp `MarkLive`); returns
 * what stays.
 */
export function globalDce(g: ReferenceGraph, kept: ReadonlySet<string>, edits?: ModuleEdits, extraRoots: Iterable<string> = []): Set<string> {
  const roots: string[] = [...extraRoots];
  const members = new Map<string, string[]>();
  const m = g.m;
  for (const n of kept) {
    const v = g.byName.get(n)!;
    if (!isDiscardable(v, edits) || (v.kind === 'global' && v.g.linkage === 'appending')) roots.push(n);
    // The comdat as the output module has it: none for a declaration or a lone member InternalizePass took it from.
    let c: string | undefined;
    if (v.kind === 'function') {
      if (!v.f.isDeclaration && !edits?.bodyDeleted.has(v.f) && !edits?.internalized.get(v.f)?.dropComdat) c = comdatClause(m, v.f.headerFrom, v.f.headerTo, n)?.name;
    } else if (!edits?.globalsDroppingComdat.has(v.g)) {
      c = comdatClause(m, v.g.initTo, v.g.tokTo, n)?.name;
    }
    if (c === undefined) continue;
    const list = members.get(c);
    if (list) list.push(n);
    else members.set(c, [n]);
  }
  // Each member leads to the next, the last to the first: a ring reaches every member from any
  // (linear in the members, where an edge to each other member would be quadratic).
  const edges = new Map<string, readonly string[]>();
  for (const list of members.values()) if (list.length > 1) list.forEach((n, i) => edges.set(n, [list[(i + 1) % list.length]!]));
  return g.closure(roots, edits, kept, edges.size ? edges : undefined);
}

/**
 * Metadata node numbers reachable from the kept entities (attachments, operands, named metadata),
 * so the printer can leave the others out as LLVM's AsmWriter does.
 */
export function reachableMetadata(m: LModule, keptItems: Iterable<LTopItem>, edits?: ModuleEdits): Set<string> {
  const seen = new Set<string>();
  const work: string[] = [];
  const add = (ref: string): void => {
    const n = ref.startsWith('!') ? ref.slice(1) : ref;
    if (!seen.has(n) && /^[0-9]+$/.test(n)) {
      seen.add(n);
      work.push(n);
    }
  };
  const toks = m.tokens;
  const scan = (from: number, to: number): void => {
    for (let i = from; i < to; i++) if (toks.kindCode(i) === TK.meta) add(toks.valueOf(i));
  };
  for (const it of keptItems) {
    if (it.kind === 'global') {
      // A re-created global has only the metadata its new text names (new nodes, not the module's).
      if (!edits?.replacedGlobals.has(it.global)) scan(it.global.tokFrom, it.global.tokTo);
    } else if (it.kind === 'function') {
      const f = it.fn;
      // Function::deleteBody clears the attachments along with the body.
      if (edits?.bodyDeleted.has(f)) continue;
      const ed = edits?.functions.get(f);
      scan(f.headerFrom, f.headerTo);
      for (const b of f.blocks) {
        for (const ins of b.instructions) {
          if (ed?.deleted.has(ins)) continue;
          scan(ins.tokFrom, ins.tokTo);
        }
      }
    } else if (it.what === 'named-md') {
      // Operands given in place of the module's (edits.replaceNamedMetadata): existing nodes, or the references of new ones.
      const replaced = edits?.replaceNamedMetadata.get(it.name!);
      for (const r of replaced ? replaced.flat() : (m.namedMetadata.get(it.name!) ?? [])) add(r);
    }
  }
  // New nodes are always printed: what they name is reachable.
  for (const text of edits?.newNodes ?? []) for (const r of metadataTextRefs(text)) add(r);
  while (work.length) {
    const n = work.pop()!;
    // A node printed with another text (edits.replaceMetadata) names what that text names.
    const replaced = edits?.replaceMetadata.get(n);
    for (const r of replaced !== undefined ? metadataTextRefs(replaced) : (m.metadata.get(n)?.refs ?? [])) add(r);
  }
  return seen;
}

/** The `!N` references in a metadata text (metadata strings `!"…"` skipped). */
export function metadataTextRefs(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote (escapes are \XX hex, never a quote).
      const close = text.indexOf('"', i + 1);
      i = close < 0 ? text.length : close;
      continue;
    }
    if (c !== 0x21) continue;
    let j = i + 1;
    while (j < text.length && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x39) j++;
    if (j > i + 1) out.push(text.slice(i, j));
    i = j - 1;
  }
  return out;
}

/** The attribute groups (`#N`) and comdats the kept entities use (AsmWriter prints only those). */
function usedGroupsAndComdats(m: LModule, kept: KeptEntities, edits: ModuleEdits): { groups: Set<string>; comdats: Set<string> } {
  const groups = new Set<string>();
  const comdats = new Set<string>();
  const toks = m.tokens;
  const scan = (from: number, to: number, self?: string, ownGroups = true): void => {
    for (let i = from; i < to; i++) {
      const kind = toks.kindCode(i);
      if (kind === TK.attrgrp) {
        if (ownGroups) groups.add(toks.valueOf(i));
      }
      else if (self !== undefined) {
        const c = comdatAt(m, i, self);
        if (c) comdats.add(c.name);
      }
    }
  };
  for (const g of kept.globals) {
    // A re-created global uses the groups its new text names, and no comdat (copyAttributesFrom does not copy it).
    const r = edits.replacedGlobals.get(g);
    if (r) for (const n of r.attributeGroups) groups.add(n);
    else scan(g.tokFrom, g.tokTo, edits.globalsDroppingComdat.has(g) ? undefined : g.name);
  }
  for (const d of edits.newDefinitions) for (const n of d.attributeGroups) groups.add(n);
  for (const f of kept.functions) {
    const ed = edits.functions.get(f);
    if (edits.bodyDeleted.has(f)) {
      // A declaration now: its attribute groups stay, its comdat was cleared.
      scan(f.headerFrom, f.headerTo);
      continue;
    }
    if (edits.internalized.get(f)?.dropComdat) {
      // Internalized, the only member of its comdat: the comdat is gone with it.
      scan(f.headerFrom, f.headerTo);
      for (const b of f.blocks) for (const ins of b.instructions) if (!ed?.deleted.has(ins)) scan(ins.tokFrom, ins.tokTo);
      continue;
    }
    // A header that names another group (setFunctionAttributeGroup) uses that one, not its own.
    const other = edits.functionAttributeGroups.get(f);
    if (other !== undefined) groups.add(other);
    scan(f.headerFrom, f.headerTo, f.name, other === undefined);
    for (const b of f.blocks) for (const ins of b.instructions) if (!ed?.deleted.has(ins)) scan(ins.tokFrom, ins.tokTo);
  }
  return { groups, comdats };
}
