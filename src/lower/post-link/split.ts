/**
 * Device code split as sycl-post-link does it (intel/llvm:llvm/lib/SYCLLowerIR/ModuleSplitter.cpp,
 * `isEntryPoint`, `groupEntryPointsByAttribute`, `getDeviceCodeSplitter`,
 * `verifyNoCrossModuleDeviceGlobalUsage`; sycl-post-link.cpp@676a364f):
 *   - entry points: definitions with the `spir_kernel` calling convention, and (unless
 *     `-emit-only-kernels-as-entry-points`) SYCL_EXTERNAL functions — definitions with the
 *     `sycl-module-id` attribute whose names do not start with `__spirv_`, `__sycl_`, `__esimd_`;
 *   - groups: `-split=kernel` one per entry point (key = its name), `-split=source` by the value of
 *     `sycl-module-id` (entry points without it share the key `<GLOBAL>`), no split / `auto` on a
 *     module with indirect calls or `referenced-indirectly` functions: one group; otherwise `auto`
 *     splits by source. Modules are written in descending key order (groups come from a `std::map` and
 *     are popped from the back), entry points in function order;
 *   - a group's module holds its entry points and everything they reference, transitively.
 */
import type { LFunction, LModule } from '../llvm-ir/parse/model.js';
import type { LAttribute } from '../llvm-ir/parse/model.js';
import { ReferenceGraph } from './module-view.js';
import type { SplitMode } from './options.js';
import { appendAll } from '../../codec/arrays.js';

/** One output module: its key and entry points. */
export interface EntryPointGroup {
  /** The group's key: the entry point's name (`-split=kernel`), its `sycl-module-id` (`-split=source`), or `<GLOBAL>`. */
  readonly key: string;
  /** Its entry points in module order. */
  readonly entries: readonly LFunction[];
}

/** All attributes of a function (groups, then inline). */
export function functionAttributes(m: LModule, f: LFunction): LAttribute[] {
  const out: LAttribute[] = [];
  for (const n of f.attrGroups) appendAll(out, m.attributeGroups.get(n) ?? []);
  appendAll(out, f.attrs);
  return out;
}

function attrValue(m: LModule, f: LFunction, key: string): string | undefined {
  const a = functionAttributes(m, f).filter((x) => x.key === key);
  if (a.length === 0) return undefined;
  return a[a.length - 1]!.value ?? '';
}

/** ModuleSplitter `isEntryPoint`. */
export function isEntryPoint(m: LModule, f: LFunction, onlyKernels: boolean): boolean {
  if (f.isDeclaration) return false;
  if (f.cc === 'spir_kernel') return true;
  if (onlyKernels) return false;
  if (attrValue(m, f, 'sycl-module-id') === undefined) return false;
  return !/^(__spirv_|__sycl_|__esimd_)/.test(f.name);
}

const GLOBAL_KEY = '<GLOBAL>';

function hasIndirectCalls(m: LModule): boolean {
  for (const f of m.functions) {
    if (attrValue(m, f, 'referenced-indirectly') !== undefined) return true;
    if (f.isDeclaration) continue;
    for (const b of f.blocks) for (const i of b.instructions) if (i.call && i.call.callee.value.k !== 'global') return true;
  }
  return false;
}

/** Entry point groups for `mode` (see the file comment), ordered by key. */
export function groupEntryPoints(m: LModule, mode: SplitMode, onlyKernels: boolean, irOutputOnly: boolean): EntryPointGroup[] {
  const eps = m.functions.filter((f) => isEntryPoint(m, f, onlyKernels));
  let scope: 'kernel' | 'source' | 'global' = mode === 'kernel' ? 'kernel' : mode === 'source' ? 'source' : 'global';
  if (mode === 'auto') scope = irOutputOnly || hasIndirectCalls(m) ? 'global' : 'source';
  const map = new Map<string, LFunction[]>();
  for (const f of eps) {
    const key = scope === 'kernel' ? f.name : scope === 'source' ? attrValue(m, f, 'sycl-module-id') ?? GLOBAL_KEY : GLOBAL_KEY;
    const list = map.get(key) ?? [];
    list.push(f);
    map.set(key, list);
  }
  // EntryPointGroupVec is built from a std::map (ascending keys) and ModuleSplitterBase::nextGroup
  // takes groups from the back (intel/llvm:llvm/include/llvm/SYCLLowerIR/ModuleSplitter.h@36e2bcbb):
  // output modules come in descending key order.
  const keys = [...map.keys()].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  return keys.map((key) => ({ key, entries: map.get(key)! }));
}

/** The names a group's module keeps: its entry points and everything they reference. */
export function groupClosure(g: ReferenceGraph, group: EntryPointGroup): Set<string> {
  return g.closure(group.entries.map((f) => f.name));
}
