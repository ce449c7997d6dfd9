/**
 * What sycl-post-link does with `llvm.used` and `llvm.compiler.used` before anything else
 * (intel/llvm:llvm/tools/sycl-post-link/sycl-post-link.cpp@676a364f `processInputModule`:
 * `removeSYCLKernelsConstRefArray` erases llvm.used, then `removeDeviceGlobalFromCompilerUsed` takes
 * device globals out of llvm.compiler.used and erases those nothing else uses), and which globals the unsplit module keeps after its GlobalDCE. Shared by `postLink` and
 * the IR path of `syclbin lower` (src/lower/from-ir/lower-ir.ts), so both name the same device
 * globals.
 */
import { isDeviceGlobal } from '../from-ir/device-globals.js';
import { stripPointerCasts } from '../from-ir/spec-constants-pass.js';
import type { LModule } from '../llvm-ir/parse/model.js';
import { globalRefs, joinTokens } from '../llvm-ir/parse/parser.js';
import { constantFolds } from '../llvm-ir/constant-folds.js';
import { globalDce, ReferenceGraph } from './module-view.js';

/** The used lists, cleaned as sycl-post-link cleans them. */
export interface UsedListsCleanup {
  /** Globals gone from the module: `llvm.used`, `llvm.compiler.used` (rewritten), erased device globals. */
  readonly removed: Set<string>;
  /** Globals the rewritten llvm.compiler.used still holds (GlobalDCE roots). */
  readonly compilerUsedRefs: string[];
  /** The rewritten `@llvm.compiler.used` definition, when it keeps any element. */
  readonly compilerUsed?: string;
  /** The module had an `@llvm.compiler.used`. */
  readonly hadCompilerUsed: boolean;
}

/** Drop llvm.used; take device globals out of llvm.compiler.used, erasing those nothing else uses. */
export function cleanUsedLists(m: LModule, graph: ReferenceGraph): UsedListsCleanup {
  const removed = new Set<string>();
  const compilerUsedRefs: string[] = [];
  let compilerUsed: string | undefined;
  if (graph.byName.has('llvm.used')) removed.add('llvm.used');
  const cu = m.globalsByName.get('llvm.compiler.used');
  if (cu) {
    removed.add('llvm.compiler.used');
    const init = cu.initializer;
    const elements = init && init.value.k === 'array' ? init.value.elements : [];
    const keep = elements.filter((el) => {
      const s = stripPointerCasts(el);
      if (s.value.k !== 'global') return true;
      const g = m.globalsByName.get((s.value as { name: string }).name);
      return !g || !isDeviceGlobal(m, g);
    });
    // Erase a device global if nothing but the used lists refers to it (isConstantUsed, after
    // removeSYCLKernelsConstRefArray has erased llvm.used and destroyed its constant operands). What
    // everything else refers to is collected once: one pass over the module, not one per global.
    const kept = new Set(keep);
    let referenced: Set<string> | undefined;
    for (const el of elements) {
      if (kept.has(el)) continue;
      if (!referenced) {
        referenced = new Set<string>();
        for (const [n, v] of graph.byName) if (n !== 'llvm.compiler.used' && n !== 'llvm.used') for (const r of graph.refs(v)) referenced.add(r);
      }
      const name = (stripPointerCasts(el).value as { name: string }).name;
      if (!referenced.has(name)) removed.add(name);
    }
    for (const k of keep) for (const n of globalRefs(k)) compilerUsedRefs.push(n);
    if (keep.length) {
      const elTyText = joinTokens(m.text, m.tokens, keep[0]!.from, keep[0]!.valueFrom);
      const folds = constantFolds(m);
      compilerUsed = `@llvm.compiler.used = appending global [${keep.length} x ${elTyText}] [${keep.map((k) => joinTokens(m.text, m.tokens, k.from, k.to, undefined, folds)).join(', ')}], section "llvm.metadata"`;
    }
  }
  return { removed, compilerUsedRefs, ...(compilerUsed === undefined ? {} : { compilerUsed }), hadCompilerUsed: cu !== undefined };
}

/**
 * The globals and functions of the whole (unsplit) module that sycl-post-link's output keeps: after
 * the used-list cleanup, what its GlobalDCE reaches from the entry points and the remaining
 * llvm.compiler.used. (The spec-constant pass changes no reference to a device global.)
 */
export function liveAfterPostLink(m: LModule): Set<string> {
  const graph = new ReferenceGraph(m);
  const { removed, compilerUsedRefs } = cleanUsedLists(m, graph);
  const all = new Set([...graph.byName.keys()].filter((n) => !removed.has(n)));
  return globalDce(graph, all, undefined, compilerUsedRefs.filter((n) => all.has(n)));
}
