/**
 * Dependencies between device images: sycl-post-link's `-support-dynamic-linking` (renamed
 * `-allow-device-image-dependencies` by intel/llvm#15258) and `-emit-imported-symbols`.
 *
 * - Which functions another image may provide, `canBeImportedFunction`: as the revisions of the
 *   copied tests have it (intel/llvm:llvm/lib/SYCLLowerIR/ModuleSplitter.cpp@b76601c5): not an
 *   intrinsic, a name not starting with `__`, the `"sycl-module-id"` attribute (SYCL_EXTERNAL; on
 *   declarations too), and a demangled name not starting with `__` (src/lower/llvm-ir/demangle-prefix.ts);
 *   plus the bfloat16 device-library declarations, importable in any case
 *   (intel/llvm:llvm/lib/SYCLLowerIR/SYCLDeviceLibBF16.cpp@031015cc `isBF16DeviceLibFuncDecl`). Later
 *   revisions (intel/llvm#14575, ModuleSplitter.cpp@16c65834) import nothing else without the option;
 *   `emit_imported_symbols.ll@bd3dce7a` lists imports without it, which this follows.
 * - With the option, a split module does not pull in a function another image provides: its
 *   dependency graph has no edge to one, nor its indirect-call edges (DependencyGraph,
 *   ModuleSplitter.cpp@b76601c5); CloneModule leaves such a function a declaration.
 * - With the option, ModuleDesc::cleanup runs InternalizePass: every function definition but the
 *   kernels and the importable ones becomes `internal` (mustPreserveGV, ModuleSplitter.cpp@16c65834;
 *   llvm/llvm-project:llvm/lib/Transforms/IPO/Internalize.cpp `maybeInternalize`, `checkComdat`:
 *   declarations, `available_externally`, `dllexport` and local functions are left, a comdat with a
 *   preserved member keeps all its members, a comdat of one internalized member is dropped, of more
 *   becomes `nodeduplicate`; global variables are always preserved).
 * - `[SYCL/imported symbols]`: the module's function declarations, in module order, that can be
 *   imported and are not `"indirectly-callable"` (ComputeModuleRuntimeInfo.cpp@09168482).
 *
 * Portable: no Node APIs.
 */
import { TK } from '../llvm-ir/parse/lexer.js';
import { comdatClause } from '../llvm-ir/comdat.js';
import type { LFunction, LGlobal, LModule } from '../llvm-ir/parse/model.js';
import { demangledStartsWithUnderscores } from '../llvm-ir/demangle-prefix.js';
import { functionAttribute, isKernel } from './split.js';

/** The bfloat16 conversion functions of the SYCL device library (SYCLDeviceLibBF16.cpp@031015cc `BF16DeviceLibFuncs`). */
export const BF16_DEVICELIB_FUNCTIONS: ReadonlySet<string> = new Set(
  ['', 'Vec1', 'Vec2', 'Vec3', 'Vec4', 'Vec8', 'Vec16'].flatMap((v) => [`__devicelib_ConvertFToBF16INTEL${v}`, `__devicelib_ConvertBF16ToFINTEL${v}`]),
);

/**
 * `canBeImportedFunction` of `f`, which is a declaration in its output module when `declaration`
 * (the bfloat16 rule asks for one).
 */
export function canBeImportedFunction(m: LModule, f: LFunction, declaration: boolean): boolean {
  if (declaration && BF16_DEVICELIB_FUNCTIONS.has(f.name)) return true;
  let v = IMPORTABLE.get(f);
  if (v === undefined) {
    // Function::isIntrinsic: the name starts with `llvm.`.
    v = !f.name.startsWith('llvm.') && !f.name.startsWith('__') && functionAttribute(m, f, 'sycl-module-id') !== undefined && !demangledStartsWithUnderscores(f.name);
    IMPORTABLE.set(f, v);
  }
  return v;
}

/** The answer for each function once (asked per output module, of every function it keeps). */
const IMPORTABLE = new WeakMap<LFunction, boolean>();

/** The definitions of `m` another image may provide: what a split module does not pull in. */
export function importableDefinitions(m: LModule): Set<string> {
  const out = new Set<string>();
  for (const f of m.functions) if (!f.isDeclaration && canBeImportedFunction(m, f, false)) out.add(f.name);
  return out;
}

const LOCAL = new Set(['internal', 'private']);

/** What InternalizePass does to one output module. */
export interface Internalized {
  /**
   * The functions made internal, and whether each lost its comdat (the only member); a function
   * already local that lost its comdat is here with `keepLinkage`.
   */
  readonly functions: Map<LFunction, { readonly dropComdat: boolean; readonly keepLinkage?: boolean }>;
  /** Comdats switched to `nodeduplicate`. */
  readonly nodeduplicate: Set<string>;
  /** Local global variables that were the only member of their comdat, which is dropped. */
  readonly globalsDroppingComdat: Set<LGlobal>;
}

/**
 * InternalizePass with sycl-post-link's mustPreserveGV over one output module: `functions` and
 * `globals` are what it keeps, `declared` the definitions it prints as declarations, `externalized`
 * the virtual functions the cleanup before it gave external linkage. `mustPreserve` replaces the
 * dynamic-linking predicate (a kernel, or a function another image may import) for a definition of
 * external linkage: current upstream's without dynamic linking (the module's entry points, its
 * indirectly-callable and referenced-indirectly functions).
 */
export function internalize(m: LModule, functions: readonly LFunction[], globals: readonly LGlobal[], declared: ReadonlySet<LFunction>, externalized: ReadonlySet<LFunction>, mustPreserve?: (f: LFunction) => boolean): Internalized {
  const isDecl = (f: LFunction): boolean => f.isDeclaration || declared.has(f);
  const linkage = (f: LFunction): string => (externalized.has(f) ? '' : (f.linkage ?? ''));
  const dllexport = (f: LFunction): boolean => {
    const t = m.tokens;
    for (let i = f.headerFrom; i < f.headerTo && t.kindCode(i) !== TK.gvar; i++) if (t.kindCode(i) === TK.word && t.textIs(i, 'dllexport')) return true;
    return false;
  };
  // shouldPreserveGV for a function; MustPreserveGV: a kernel or a function another image may import.
  const preserveFn = (f: LFunction): boolean => {
    if (isDecl(f) || linkage(f) === 'available_externally' || dllexport(f)) return true;
    if (LOCAL.has(linkage(f))) return false;
    return mustPreserve ? mustPreserve(f) : isKernel(f) || canBeImportedFunction(m, f, false);
  };
  // checkComdat: members per comdat, and whether any member is preserved (global variables always are, unless local).
  const comdats = new Map<string, { size: number; external: boolean }>();
  const count = (c: string | undefined, preserved: boolean): void => {
    if (c === undefined) return;
    const info = comdats.get(c) ?? { size: 0, external: false };
    info.size++;
    if (preserved) info.external = true;
    comdats.set(c, info);
  };
  const fnComdat = new Map<LFunction, string>();
  for (const f of functions) {
    if (isDecl(f)) continue;
    const c = comdatClause(m, f.headerFrom, f.headerTo, f.name)?.name;
    if (c !== undefined) fnComdat.set(f, c);
    count(c, preserveFn(f));
  }
  const globalComdat = new Map<LGlobal, string>();
  for (const g of globals) {
    const c = comdatClause(m, g.tokFrom, g.tokTo, g.name)?.name;
    if (c !== undefined) globalComdat.set(g, c);
    count(c, g.initTo > g.initFrom && !LOCAL.has(g.linkage ?? ''));
  }
  const out: Internalized = { functions: new Map(), nodeduplicate: new Set(), globalsDroppingComdat: new Set() };
  // A local global variable in a comdat no preserved member keeps: maybeInternalize drops a lone
  // member's comdat (or makes a larger one nodeduplicate) before it looks at the linkage.
  for (const [g, c] of globalComdat) {
    const info = comdats.get(c)!;
    if (info.external) continue;
    if (info.size === 1) out.globalsDroppingComdat.add(g);
    else out.nodeduplicate.add(c);
  }
  for (const f of functions) {
    if (isDecl(f)) continue;
    const c = fnComdat.get(f);
    let dropComdat = false;
    if (c !== undefined) {
      const info = comdats.get(c)!;
      if (info.external) continue;
      if (info.size === 1) dropComdat = true;
      else out.nodeduplicate.add(c);
      if (LOCAL.has(linkage(f))) {
        if (dropComdat) out.functions.set(f, { dropComdat, keepLinkage: true });
        continue;
      }
    } else if (LOCAL.has(linkage(f)) || preserveFn(f)) {
      continue;
    }
    out.functions.set(f, { dropComdat });
  }
  return out;
}

/** `[SYCL/imported symbols]` of one output module: its importable declarations, in module order. */
export function importedSymbols(m: LModule, functions: readonly LFunction[], declared: ReadonlySet<LFunction>): string[] {
  const out: string[] = [];
  for (const f of functions) {
    if (!f.isDeclaration && !declared.has(f)) continue;
    if (functionAttribute(m, f, 'indirectly-callable') !== undefined) continue;
    if (canBeImportedFunction(m, f, true)) out.push(f.name);
  }
  return out;
}
