/**
 * LLVM's use-list order of a function's call sites, which decides the order passes meet them
 * (`F.users()`): the spec-constant IDs (intel/llvm:llvm/lib/SYCLLowerIR/SpecConstants.cpp) and the
 * kernels of `[SYCL/assert used]` (ComputeModuleRuntimeInfo.cpp@46a4a43c `traverseCGToFindSPIRKernels`).
 *
 * For a module read by LLParser, a new use goes to the front of its value's use list: calls after
 * the function's declaration come in reverse text order, then the calls before it (forward
 * references, RAUW'd from a placeholder when the declaration is read) in text order. After module
 * splitting (CloneModule) every use is re-created in text order, so the order is reverse text
 * order (docs/post-link.md, "Upstream facts", fact 1).
 */
import type { LFunction, LInstruction, LModule } from '../llvm-ir/parse/model.js';

/** How the module came to be, which decides LLVM's use-list order. */
export type UseOrder = 'parsed' | 'cloned';

/** A call site: the calling function and the call instruction. */
export interface CallSite {
  /** The function holding the call. */
  readonly fn: LFunction;
  /** The `call` (or `invoke`) instruction. */
  readonly inst: LInstruction;
}

/**
 * Direct calls of the functions named in `callees`, by callee name, in text order: one pass over
 * the module, or over `scope` (a split module's functions in module order).
 */
export function callSitesOf(m: LModule, callees: ReadonlySet<string>, scope?: readonly LFunction[]): Map<string, CallSite[]> {
  const sites = new Map<string, CallSite[]>();
  for (const fn of scope ?? m.functions) {
    if (fn.isDeclaration) continue;
    for (const b of fn.blocks) {
      for (const inst of b.instructions) {
        const c = inst.call;
        if (!c || c.callee.value.k !== 'global' || !callees.has(c.callee.value.name)) continue;
        const name = c.callee.value.name;
        let list = sites.get(name);
        if (!list) sites.set(name, (list = []));
        list.push({ fn, inst });
      }
    }
  }
  return sites;
}

/**
 * The `call` instructions that use each global (as the callee or as an operand: each is a `CallInst`
 * among the value's users), by name, one site per instruction and name, in text order.
 */
export function callUsersOf(m: LModule, scope?: readonly LFunction[]): Map<string, CallSite[]> {
  const sites = new Map<string, CallSite[]>();
  for (const fn of scope ?? m.functions) {
    if (fn.isDeclaration) continue;
    for (const b of fn.blocks) {
      for (const inst of b.instructions) {
        if (inst.opcode !== 'call') continue;
        const names = inst.usesGlobal.length > 1 ? new Set(inst.usesGlobal) : inst.usesGlobal;
        for (const name of names) {
          let list = sites.get(name);
          if (!list) sites.set(name, (list = []));
          list.push({ fn, inst });
        }
      }
    }
  }
  return sites;
}

/**
 * Call sites of `callee` (in text order) rearranged into LLVM use-list order. A module read as parsed
 * text takes the module's `uselistorder` directive for the callee (`m.useListOrders`, what bitcode
 * stores and `llvm-dis -preserve-ll-uselistorder` prints) as LLParser applies it
 * (llvm/llvm-project:llvm/lib/AsmParser/LLParser.cpp `sortUseListOrder`: the i-th use of the order
 * read goes to position `indexes[i]`), when it orders exactly these uses (a callee with other uses,
 * which this list does not hold, keeps the order read).
 */
export function useListOrder(callee: LFunction, sites: readonly CallSite[], order: UseOrder, m?: LModule): CallSite[] {
  const before: CallSite[] = [];
  const after: CallSite[] = [];
  for (const s of sites) (order === 'parsed' && s.inst.tokFrom < callee.headerFrom ? before : after).push(s);
  after.reverse();
  for (const s of before) after.push(s);
  const perm = order === 'parsed' ? m?.useListOrders?.get(callee.name) : undefined;
  if (!perm || perm.length !== after.length) return after;
  const out: (CallSite | undefined)[] = new Array(after.length);
  for (let i = 0; i < after.length; i++) {
    const at = perm[i]!;
    if (at >= out.length || out[at] !== undefined) return after; // not a permutation: LLParser refuses it
    out[at] = after[i];
  }
  return out as CallSite[];
}
