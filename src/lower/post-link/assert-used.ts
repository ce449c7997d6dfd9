/**
 * `[SYCL/assert used]`: the SPIR kernels that reach `__devicelib_assert_fail` through direct calls,
 * as computeModuleProperties finds them (intel/llvm:llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp@46a4a43c
 * `getKernelNamesUsingAssert`, `traverseCGToFindSPIRKernels`): a breadth-first walk up the call
 * graph from `__devicelib_assert_fail`, each function's callers taken from its users in LLVM
 * use-list order (src/lower/from-ir/use-list-order.ts), only `call` instructions (`CallInst`: an
 * `invoke` or a use that is not in a call is passed over; a call that passes the function as an
 * argument is a `CallInst` user too). Every `spir_kernel` met is listed, in the
 * order met (a kernel met twice keeps its first place: PropertySet::insert keeps the first value).
 * When the walk meets a function with the `"referenced-indirectly"` attribute, it gives up and
 * every `spir_kernel` of the module is listed, in module order.
 *
 * Current sycl-post-link (ComputeModuleRuntimeInfo.cpp@09168482) no longer writes this set; the
 * revisions the copied tests come from do (docs/post-link.md).
 *
 * Work is linear in the calls of the module: a function is expanded once, a call site read once.
 * Portable: no Node APIs.
 */
import type { LFunction, LModule } from '../llvm-ir/parse/model.js';
import { callUsersOf, useListOrder, type UseOrder } from '../from-ir/use-list-order.js';
import { functionAttribute } from './split.js';

/** The function whose callers are looked for. */
const ASSERT_FAIL = '__devicelib_assert_fail';

/**
 * The kernel names of `[SYCL/assert used]` for one image: `functions` are the image's functions in
 * module order, `bodies` those whose bodies it keeps (the others make no calls).
 */
export function kernelsUsingAssert(m: LModule, functions: readonly LFunction[], bodies: readonly LFunction[], order: UseOrder): string[] {
  const start = functions.find((f) => f.name === ASSERT_FAIL);
  if (!start) return [];
  const sites = callUsersOf(m, bodies);
  const visited = new Set<LFunction>();
  const queue: LFunction[] = [start];
  const names: string[] = [];
  for (let qi = 0; qi < queue.length; qi++) {
    const f = queue[qi]!;
    if (visited.has(f)) continue;
    visited.add(f);
    for (const site of useListOrder(f, sites.get(f.name) ?? [], order, m)) {
      const parent = site.fn;
      if (visited.has(parent)) continue;
      if (functionAttribute(m, parent, 'referenced-indirectly') !== undefined) return functions.filter((g) => g.cc === 'spir_kernel').map((g) => g.name);
      if (parent.cc === 'spir_kernel') names.push(parent.name);
      queue.push(parent);
    }
  }
  return names;
}
