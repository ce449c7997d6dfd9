/**
 * Device code split as sycl-post-link does it (intel/llvm:llvm/lib/SYCLLowerIR/ModuleSplitter.cpp,
 * `isEntryPoint`, `groupEntryPointsByAttribute`, `getDeviceCodeSplitter`,
 * `verifyNoCrossModuleDeviceGlobalUsage`; sycl-post-link.cpp@676a364f):
 *   - entry points (ModuleSplitter.cpp@16c65834 `isKernel`, `isEntryPoint`): definitions with a kernel
 *     calling convention (`spir_kernel`, `amdgpu_kernel`, `ptx_kernel`), and SYCL_EXTERNAL functions —
 *     definitions with the `sycl-module-id` attribute that are not builtins (`_Z<N>__spirv_…`,
 *     `_Z<N>__sycl_…`, `_Z<N>__esimd_…`, `__builtin_…`); with `-emit-only-kernels-as-entry-points`
 *     the SYCL_EXTERNAL functions are not, but `indirectly-callable` functions still are;
 *   - groups: `-split=kernel` one per entry point (key = its name and `-`), `-split=source` by
 *     {@link perModuleCategory} (the `sycl-module-id` and the optional features), no split: one group,
 *     `auto`: by source, or one group with `--ir-output-only` (`selectDeviceCodeGroupScope`@16c65834;
 *     older sycl-post-link also kept one group for a module with indirect calls). Modules are written
 *     in descending key order (groups come from a `std::map` and are popped from the back), entry
 *     points in function order;
 *   - a group's module holds its entry points, the globals that are not discardable if unused, and
 *     everything they reference, transitively; an indirect call also reaches every non-kernel
 *     `referenced-indirectly` function of its type ({@link indirectCallEdges}).
 */
import type { LFunction, LModule, LType } from '../llvm-ir/parse/model.js';
import { printType } from '../llvm-ir/parse/parser.js';
import { isDiscardable, ReferenceGraph } from './module-view.js';
import { fnMd, mdOperands, type MdOperand } from './image-requirements.js';
import { irErrorAt } from '../llvm-ir/parse/errors.js';
import type { SplitMode } from './options.js';

/** One output module: its key and entry points. */
export interface EntryPointGroup {
  /** The group's key (FunctionsCategorizer): `<name>-` (`-split=kernel`), {@link perModuleCategory} (`-split=source`), or `<GLOBAL>-`. */
  readonly key: string;
  /** Its entry points in module order. */
  readonly entries: readonly LFunction[];
}

/**
 * The value of a function attribute (`""` for one without a value), undefined when the function
 * has none; of several with the key, the last LLVM adds: its inline attributes first, then each
 * group's in order, a group's value replacing an inline one (llvm/lib/AsmParser/LLParser.cpp
 * validateEndOfModule: the function's attributes `AttrBuilder::merge` each forward-referenced group).
 */
export function functionAttribute(m: LModule, f: LFunction, key: string): string | undefined {
  let value: string | undefined;
  for (const a of f.attrs) if (a.key === key) value = a.value ?? '';
  for (const n of f.attrGroups) for (const a of m.attributeGroups.get(n) ?? []) if (a.key === key) value = a.value ?? '';
  return value;
}

/** Calling conventions of kernels (ModuleSplitter.cpp@16c65834 `isKernel`). */
const KERNEL_CALLING_CONVENTIONS: ReadonlySet<string> = new Set(['spir_kernel', 'amdgpu_kernel', 'ptx_kernel']);

/** ModuleSplitter `isKernel`: the function has a kernel calling convention. */
export function isKernel(f: LFunction): boolean {
  return f.cc !== undefined && KERNEL_CALLING_CONVENTIONS.has(f.cc);
}

/**
 * `isSpirvSyclBuiltin` / `isESIMDBuiltin` / `isGenericBuiltin`: a mangled name `_Z<digits>` followed by
 * `__spirv_`, `__sycl_` or `__esimd_`, or a name starting with `__builtin_`.
 */
function isBuiltin(name: string): boolean {
  return /^_Z[0-9]*__(?:spirv|sycl|esimd)_/.test(name) || name.startsWith('__builtin_');
}

/**
 * `isIntrinsicOrBuiltin` (ModuleSplitter.cpp@01e7e04f): an LLVM intrinsic (`llvm.`), any name starting
 * with `__`, or a mangled SPIR-V / SYCL / ESIMD builtin (`_Z<digits>__spirv_`, `__sycl_`, `__esimd_`).
 */
export function isIntrinsicOrBuiltin(name: string): boolean {
  return name.startsWith('llvm.') || name.startsWith('__') || /^_Z[0-9]*__(?:spirv|sycl|esimd)_/.test(name);
}

/** ModuleSplitter `isEntryPoint`. */
export function isEntryPoint(m: LModule, f: LFunction, onlyKernels: boolean): boolean {
  if (f.isDeclaration) return false;
  if (isKernel(f)) return true;
  if (onlyKernels) return functionAttribute(m, f, 'indirectly-callable') !== undefined;
  return functionAttribute(m, f, 'sycl-module-id') !== undefined && !isBuiltin(f.name);
}

const GLOBAL_KEY = '<GLOBAL>';

/** A function type as text: `ret (params[, ...])`, what FunctionType identity compares. */
function signatureText(ret: LType, params: readonly LType[], varargs: boolean): string {
  return `${printType(ret)} (${[...params.map(printType), ...(varargs ? ['...'] : [])].join(', ')})`;
}

const INDIRECT_EDGES = new WeakMap<ReferenceGraph, ReadonlyMap<string, readonly string[]>>();

/**
 * DependencyGraph case (2) (ModuleSplitter.cpp@16c65834): a function making an indirect call (through
 * a value that is not a constant) depends on every function of the same type that has the
 * `referenced-indirectly` attribute and is not a kernel. Function name → those functions.
 */
export function indirectCallEdges(g: ReferenceGraph): ReadonlyMap<string, readonly string[]> {
  let edges = INDIRECT_EDGES.get(g);
  if (edges) return edges;
  const m = g.m;
  const byType = new Map<string, string[]>();
  for (const f of m.functions) {
    if (isKernel(f) || functionAttribute(m, f, 'referenced-indirectly') === undefined) continue;
    const key = signatureText(f.retType, f.params.map((p) => p.type), f.varargs);
    const list = byType.get(key);
    if (list) list.push(f.name);
    else byType.set(key, [f.name]);
  }
  const map = new Map<string, string[]>();
  if (byType.size) {
    for (const f of m.functions) {
      if (f.isDeclaration) continue;
      const targets = new Set<string>();
      for (const b of f.blocks) {
        for (const i of b.instructions) {
          // CallBase::isIndirectCall: the called operand is neither a function nor a constant.
          if (!i.call || i.call.callee.value.k !== 'local') continue;
          const key = signatureText(i.call.fnType?.ret ?? i.call.retType, i.call.fnType?.params ?? i.call.args.map((a) => a.value.type), i.call.fnType?.varargs ?? false);
          for (const t of byType.get(key) ?? []) targets.add(t);
        }
      }
      if (targets.size) map.set(f.name, [...targets]);
    }
  }
  edges = map;
  INDIRECT_EDGES.set(g, edges);
  return edges;
}

/** Entry point groups for `mode` (see the file comment), ordered by key. */
export function groupEntryPoints(m: LModule, mode: SplitMode, onlyKernels: boolean, irOutputOnly: boolean): EntryPointGroup[] {
  const eps = m.functions.filter((f) => isEntryPoint(m, f, onlyKernels));
  let scope: 'kernel' | 'source' | 'global' = mode === 'kernel' ? 'kernel' : mode === 'source' ? 'source' : 'global';
  // selectDeviceCodeGroupScope (ModuleSplitter.cpp@16c65834): auto is per source unless the output is
  // IR only (older sycl-post-link also kept one module when there were indirect calls).
  if (mode === 'auto') scope = irOutputOnly ? 'global' : 'source';
  const map = new Map<string, LFunction[]>();
  for (const f of eps) {
    const key = scope === 'kernel' ? `${f.name}-` : scope === 'source' ? perModuleCategory(m, f) : `${GLOBAL_KEY}-`;
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

/**
 * The group key of an entry point in a per-source split: `FunctionsCategorizer::computeCategoryFor`
 * with the rules getDeviceCodeSplitter registers for `Scope_PerModule` (ModuleSplitter.cpp@16c65834),
 * each result followed by `-`: the `sycl-module-id`, `indirectly-callable`, `sycl-register-alloc-mode`
 * and `sycl-grf-size` attribute values, the sorted `!sycl_used_aspects` values (`-N` each), the
 * `!reqd_work_group_size`, `!work_group_num_dim` and `!intel_reqd_sub_group_size` operands (`-N`
 * each, zero-extended), the `sycl-optlevel` value, and the `!sycl_joint_matrix` and
 * `!sycl_joint_matrix_mad` strings (`-S` each). Kernels of one source that differ in an optional
 * feature go to different modules.
 */
export function perModuleCategory(m: LModule, f: LFunction): string {
  let key = '';
  const attr = (name: string): void => {
    key += (functionAttribute(m, f, name) ?? '') + '-';
  };
  const operands = (kind: string): MdOperand[] => {
    const node = fnMd(f, kind);
    return node === undefined ? [] : mdOperands(m, node);
  };
  const int = (op: MdOperand | undefined, kind: string): bigint => {
    if (op?.k !== 'int') {
      throw irErrorAt(m, f.headerFrom, `!${kind} of @${f.name} must hold integer constants`);
    }
    return BigInt.asUintN(op.bits, op.v);
  };
  const integers = (kind: string): void => {
    for (const op of operands(kind)) key += `-${int(op, kind)}`;
    key += '-';
  };
  const strings = (kind: string): void => {
    for (const op of operands(kind)) {
      if (op.k !== 'str') {
        throw irErrorAt(m, f.headerFrom, `!${kind} of @${f.name} must hold strings`);
      }
      key += `-${op.s}`;
    }
    key += '-';
  };
  attr('sycl-module-id');
  attr('indirectly-callable');
  attr('sycl-register-alloc-mode');
  attr('sycl-grf-size');
  // registerAspectListRule: an operand is a node {!"name", iN value} or an aspect value (getZExtValue);
  // any other operand is passed over.
  const aspects: bigint[] = [];
  for (const op of operands('sycl_used_aspects')) {
    if (op.k === 'ref') aspects.push(int(mdOperands(m, op.n)[1], 'sycl_used_aspects'));
    else if (op.k === 'int') aspects.push(int(op, 'sycl_used_aspects'));
  }
  aspects.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const v of aspects) key += `-${v}`;
  key += '-';
  integers('reqd_work_group_size');
  integers('work_group_num_dim');
  integers('intel_reqd_sub_group_size');
  attr('sycl-optlevel');
  strings('sycl_joint_matrix');
  strings('sycl_joint_matrix_mad');
  return key;
}

/**
 * What ModuleDesc::cleanup (ModuleSplitter.cpp@16c65834) does to the virtual functions
 * (`indirectly-callable`) of a module holding `group`: where none of the group's entry points is
 * one (`HasVirtualFunctionDefinitions` false) their bodies are deleted — another image provides
 * them — otherwise they get external linkage so GlobalDCE keeps them. `functions`: the module's.
 */
export function virtualFunctionCleanup(m: LModule, group: EntryPointGroup, functions: readonly LFunction[]): { bodyDeleted: LFunction[]; externalized: LFunction[] } {
  const isVirtual = (f: LFunction): boolean => functionAttribute(m, f, 'indirectly-callable') !== undefined;
  const hasDefinitions = group.entries.some(isVirtual);
  const virtual = functions.filter((f) => !f.isDeclaration && isVirtual(f));
  return hasDefinitions ? { bodyDeleted: [], externalized: virtual } : { bodyDeleted: virtual, externalized: [] };
}

/**
 * `[SYCL/virtual functions]` of a module (ComputeModuleRuntimeInfo.cpp@46a4a43c): the
 * `indirectly-callable` value of its first definition that has one (`virtual-functions-set`), or
 * else the sets its definitions' `calls-indirectly` values name, comma-joined
 * (`uses-virtual-functions-set`; upstream joins a StringSet in its hash order, this in first-seen
 * order: the same for one set). `definitions`: the module's function definitions after cleanup.
 */
export function virtualFunctionSets(m: LModule, definitions: readonly LFunction[]): Map<string, string> {
  const used = new Set<string>();
  for (const f of definitions) {
    const set = functionAttribute(m, f, 'indirectly-callable');
    if (set !== undefined) return new Map([['virtual-functions-set', set]]);
    const calls = functionAttribute(m, f, 'calls-indirectly');
    if (calls !== undefined) for (const s of calls.split(',')) if (s !== '') used.add(s);
  }
  return used.size ? new Map([['uses-virtual-functions-set', [...used].join(',')]]) : new Map();
}

/**
 * The names a group's module keeps: its entry points and everything they reference; a function in
 * `imported` (another image provides it: `-allow-device-image-dependencies`,
 * src/lower/post-link/dynamic-linking.ts) reached only by references is kept but not followed, and
 * goes into `declared` (the module keeps its declaration).
 */
export function groupClosure(g: ReferenceGraph, group: EntryPointGroup, globalRoots: readonly string[] = [], imported?: ReadonlySet<string>, declared?: Set<string>): Set<string> {
  // collectFunctionsAndGlobalVariablesToExtract (ModuleSplitter.cpp@16c65834): the entry points and
  // every global variable that is not discardable if unused ({@link splitRoots}), then what they
  // reference. verifyNoCrossModuleDeviceGlobalUsage asks only what the entry points reach (no globalRoots).
  const roots = group.entries.map((f) => f.name);
  for (const n of globalRoots) roots.push(n);
  return g.closure(roots, undefined, undefined, indirectCallEdges(g), imported, declared);
}

/**
 * The global variables every split module starts from: those not discardable if unused, as the
 * module is when it is split — `llvm.used` already erased and `llvm.compiler.used` already rewritten
 * (sycl-post-link.cpp `processInputModule` does both first): `removed` names are left out and the
 * rewritten list's elements (`compilerUsedRefs`) stand for it.
 */
export function splitRoots(g: ReferenceGraph, removed: ReadonlySet<string>, compilerUsedRefs: readonly string[]): string[] {
  // (an alias is no variable: like a function, a module has it when something it keeps names it —
  // ModuleSplitter's DependencyGraph reaches it through its users — and then its aliasee with it)
  const out = g.m.globals.filter((v) => !v.isAlias && !removed.has(v.name) && !isDiscardable(g.byName.get(v.name)!)).map((v) => v.name);
  for (const n of compilerUsedRefs) if (!removed.has(n)) out.push(n);
  return out;
}
