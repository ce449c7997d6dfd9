/**
 * `!sycl_registered_kernels` and `[SYCL/registered kernels]`: the kernels a program registered by
 * name (sycl_ext_oneapi_free_function / registered kernel names), each a pair of strings
 * `!{!"name", !"mangled name"}` in one node that the named metadata lists.
 * - cleanupSYCLRegisteredKernels (intel/llvm:llvm/lib/SYCLPostLink/ModuleSplitter.cpp@01e7e04f,
 *   run by ModuleDesc::cleanup for every output module): the pairs whose mangled name is a function
 *   of the module are kept, in order, in a new node that becomes the named metadata's only operand
 *   (pairs of another arity are dropped; nothing changes when the named metadata has no operand);
 * - the end of computeModuleProperties (intel/llvm:llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp@09168482):
 *   with exactly one operand, each pair of two strings is the property `name` = the mangled name as
 *   a byte array, in the set added last (a repeated name keeps its first value: MapVector::insert).
 * Here the operand node is printed with the kept pairs under its own number (the output keeps the
 * input's metadata numbers, docs/post-link.md); a named metadata with several operands keeps the
 * others as written (LLVM would drop them) and writes no property, as LLVM writes none for it.
 *
 * Portable: no Node APIs.
 */
import { IrSyntaxError } from '../llvm-ir/parse/errors.js';
import type { LModule } from '../llvm-ir/parse/model.js';
import { mdOperands } from './image-requirements.js';

/** The named metadata's name. */
export const REGISTERED_KERNELS_MD = 'sycl_registered_kernels';

/** What one output module makes of its registered kernels. */
export interface RegisteredKernels {
  /** The `[SYCL/registered kernels]` properties: name → mangled name, in order. */
  readonly properties: readonly (readonly [string, string])[];
  /** The operand node to print with the kept pairs: its number and its new text. */
  readonly replace?: readonly [node: string, text: string];
}

/** The registered kernels of an output module that defines or declares the functions `functions`. */
export function registeredKernels(m: LModule, functions: ReadonlySet<string>): RegisteredKernels {
  const ops = m.namedMetadata.get(REGISTERED_KERNELS_MD);
  if (!ops || ops.length === 0) return { properties: [] };
  const node = ops[0]!.replace(/^!/, '');
  const kept: string[] = [];
  const properties: [string, string][] = [];
  for (const op of mdOperands(m, node)) {
    // cast<MDNode>: anything else stops LLVM with an assertion.
    if (op.k !== 'ref') throw nodeError(m, node, `!${REGISTERED_KERNELS_MD}: the operands of !${node} must be metadata nodes`);
    const pair = mdOperands(m, op.n);
    if (pair.length !== 2) continue;
    const [name, mangled] = pair;
    if (name!.k !== 'str' || mangled!.k !== 'str') {
      throw nodeError(m, op.n, `!${REGISTERED_KERNELS_MD}: !${op.n} must hold two strings`);
    }
    if (!functions.has(mangled!.s)) continue;
    kept.push(`!${op.n}`);
    properties.push([name!.s, mangled!.s]);
  }
  return { properties: ops.length === 1 ? properties : [], replace: [node, `!{${kept.join(', ')}}`] };
}

/** An error at the definition of metadata node `!n` (where LLVM's cast would stop). */
function nodeError(m: LModule, n: string, message: string): IrSyntaxError {
  const node = m.metadata.get(n);
  if (!node) return new IrSyntaxError(`${message} (it is not defined)`, 1, 1, 'FORMAT', 0);
  const t = m.tokens;
  return new IrSyntaxError(message, t.lineOf(node.tokFrom), t.columnOf(node.tokFrom), 'FORMAT', t.startOf(node.tokFrom));
}
