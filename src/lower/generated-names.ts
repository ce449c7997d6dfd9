/**
 * Names the lowering outputs generate themselves (the `__spec_const.<n>` functions of `--ir-out` and
 * `--spirv-out`, the mangled `__spirv_SpecConstant…` declarations of `--ir-out`), made unique against
 * the module's own names (its device globals), so that a device global called `__spec_const.0` or
 * `_Z20__spirv_SpecConstantii` does not make a module llvm-as rejects ("redefinition of …"). A
 * clash takes LLVM's own suffix for clashing names, `.<k>`.
 */
import type { LoweringResult } from './lower.js';

/** `base`, or `base.<k>` with the smallest k ≥ 1 not in `taken`; the name returned is added to `taken`. */
export function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let k = 1; taken.has(name); k++) name = `${base}.${k}`;
  taken.add(name);
  return name;
}

/** The module-level names a lowering result's outputs declare for the module itself: its device globals' IR names. */
export function moduleNames(result: LoweringResult): Set<string> {
  return new Set(result.deviceGlobals.map((g) => g.irName));
}

/**
 * The name of the function returning the `n`-th native spec constant (counting those with a tree):
 * `__spec_const.<n>`, made unique against `taken` (which it extends). Called in order n = 0, 1, …
 * with the same `taken`, it gives --ir-out and --spirv-out the same names.
 */
export function specConstFunctionName(n: number, taken: Set<string>): string {
  return uniqueName(`__spec_const.${n}`, taken);
}
