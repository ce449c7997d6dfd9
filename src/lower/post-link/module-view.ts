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

/** A global value: a global variable or a function. */
export type GlobalValue = { readonly kind: 'global'; readonly g: LGlobal; readonly item: LTopItem } | { readonly kind: 'function'; readonly f: LFunction; readonly item: LTopItem };

/** Name → global value, and the references of each. */
export class ReferenceGraph {
  /** Globals and functions by name (without `@`). */
  readonly byName = new Map<string, GlobalValue>();

  constructor(/** The module whose globals and functions are indexed. */ readonly m: LModule) {
    for (const it of m.items) {
      if (it.kind === 'global') this.byName.set(it.global.name, { kind: 'global', g: it.global, item: it });
      else if (it.kind === 'function') this.byName.set(it.fn.name, { kind: 'function', f: it.fn, item: it });
    }
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
        for (const g of ins.usesGlobal) out.push(g);
      }
    }
    if (ed) for (const g of ed.globals) out.push(g);
    return out;
  }

  /** Closure of `roots` over references, restricted to `within` when given. */
  closure(roots: Iterable<string>, edits?: ModuleEdits, within?: ReadonlySet<string>): Set<string> {
    const seen = new Set<string>();
    const work: string[] = [];
    for (const r of roots) {
      if (!seen.has(r) && this.byName.has(r) && (!within || within.has(r))) {
        seen.add(r);
        work.push(r);
      }
    }
    while (work.length) {
      const n = work.pop()!;
      for (const r of this.refs(this.byName.get(n)!, edits)) {
        if (seen.has(r) || !this.byName.has(r) || (within && !within.has(r))) continue;
        seen.add(r);
        work.push(r);
      }
    }
    return seen;
  }
}

const DISCARDABLE = new Set(['internal', 'private', 'linkonce', 'linkonce_odr', 'available_externally']);

/** GlobalValue::isDiscardableIfUnused plus declarations (dropped when unused). */
export function isDiscardable(v: GlobalValue): boolean {
  if (v.kind === 'function') return v.f.isDeclaration || DISCARDABLE.has(v.f.linkage ?? '');
  if (v.g.initTo <= v.g.initFrom) return true;
  return DISCARDABLE.has(v.g.linkage ?? '');
}

/**
 * GlobalDCE + StripDeadPrototypes over the names in `kept`: roots are the non-discardable
 * definitions (and appending globals such as `llvm.compiler.used`); returns what stays.
 */
export function globalDce(g: ReferenceGraph, kept: ReadonlySet<string>, edits?: ModuleEdits, extraRoots: Iterable<string> = []): Set<string> {
  const roots: string[] = [...extraRoots];
  for (const n of kept) {
    const v = g.byName.get(n)!;
    if (!isDiscardable(v) || (v.kind === 'global' && v.g.linkage === 'appending')) roots.push(n);
  }
  return g.closure(roots, edits, kept);
}

/**
 * Metadata node numbers reachable from the kept entities (attachments, operands, named metadata),
 * so the printer can leave the others out as LLVM's AsmWriter does.
 */
export function reachableMetadata(m: LModule, keptItems: ReadonlySet<LTopItem>, edits?: ModuleEdits): Set<string> {
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
      scan(it.global.tokFrom, it.global.tokTo);
    } else if (it.kind === 'function') {
      const f = it.fn;
      const ed = edits?.functions.get(f);
      scan(f.headerFrom, f.headerTo);
      for (const b of f.blocks) {
        for (const ins of b.instructions) {
          if (ed?.deleted.has(ins)) continue;
          scan(ins.tokFrom, ins.tokTo);
        }
      }
    } else if (it.what === 'named-md') {
      for (const r of m.namedMetadata.get(it.name!) ?? []) add(r);
    }
  }
  while (work.length) {
    const n = work.pop()!;
    for (const r of m.metadata.get(n)?.refs ?? []) add(r);
  }
  return seen;
}

/**
 * Applies a kept-name set to the printer: globals and functions not kept, and metadata nodes no kept
 * entity reaches, are omitted.
 */
export function omitUnkept(m: LModule, keptNames: ReadonlySet<string>, edits: ModuleEdits): void {
  const keptItems = new Set<LTopItem>();
  for (const it of m.items) {
    if (it.kind === 'global' && !keptNames.has(it.global.name)) edits.omit.add(it);
    else if (it.kind === 'function' && !keptNames.has(it.fn.name)) edits.omit.add(it);
    else if (!edits.omit.has(it)) keptItems.add(it);
  }
  const md = reachableMetadata(m, keptItems, edits);
  for (const it of m.items) if (it.kind === 'text' && it.what === 'md' && !md.has(it.name!)) edits.omit.add(it);
  // AsmWriter prints only the attribute groups and comdats something still uses.
  const groups = new Set<string>();
  const comdats = new Set<string>();
  const toks = m.tokens;
  const scan = (from: number, to: number, self?: string): void => {
    for (let i = from; i < to; i++) {
      const kind = toks.kindCode(i);
      if (kind === TK.attrgrp) groups.add(toks.valueOf(i));
      else if (kind === TK.word && self !== undefined && toks.textIs(i, 'comdat')) {
        if (toks.kindCode(i + 1) === TK.punct && toks.textIs(i + 1, '(') && toks.kindCode(i + 2) === TK.comdat) comdats.add(toks.valueOf(i + 2));
        else comdats.add(self);
      }
    }
  };
  for (const it of keptItems) {
    if (it.kind === 'global') scan(it.global.tokFrom, it.global.tokTo, it.global.name);
    else if (it.kind === 'function') {
      const ed = edits.functions.get(it.fn);
      scan(it.fn.headerFrom, it.fn.headerTo, it.fn.name);
      for (const b of it.fn.blocks) for (const ins of b.instructions) if (!ed?.deleted.has(ins)) scan(ins.tokFrom, ins.tokTo);
    }
  }
  for (const it of m.items) {
    if (it.kind !== 'text') continue;
    if (it.what === 'attributes' && !groups.has(it.name!)) edits.omit.add(it);
    if (it.what === 'comdat' && !comdats.has(it.name!)) edits.omit.add(it);
  }
}
