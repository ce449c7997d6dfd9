/**
 * `!sycl_registered_kernels` and `[SYCL/registered kernels]`: the kernels a program registered by
 * name, each a pair of strings `!{!"name", !"mangled name"}` in one node that the named metadata lists.
 * - cleanupSYCLRegisteredKernels (intel/llvm:llvm/lib/SYCLPostLink/ModuleSplitter.cpp@01e7e04f,
 *   run by ModuleDesc::cleanup for every output module before its properties are computed): when the
 *   named metadata has operands, the pairs of its first operand whose mangled name is a function of
 *   the module are kept, in order, and `MDNode::get` of them becomes its only operand (pairs of
 *   another arity are dropped; the other operands go);
 * - the end of computeModuleProperties (intel/llvm:llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp@09168482):
 *   each kept pair is the property `name` = the mangled name as a byte array, in the set added last
 *   (a repeated name keeps its first value: MapVector::insert).
 * Where LLVM's `cast` would stop with an assertion (an operand that is not a node, a mangled name
 * or, of a kept pair, a name that is not a string) this is an error at the node.
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
  /**
   * The named metadata's operands after the cleanup, when it changes them (for
   * `ModuleEdits.replaceNamedMetadata`): the same node when `MDNode::get` returns it (a uniqued node
   * keeping all its pairs), else a new node of the kept pairs.
   */
  readonly operands?: readonly (string | readonly string[])[];
}

/** The registered kernels of an output module that defines or declares the functions named `functions`. */
export function registeredKernels(m: LModule, functions: ReadonlySet<string>): RegisteredKernels {
  const ops = m.namedMetadata.get(REGISTERED_KERNELS_MD);
  if (!ops || ops.length === 0) return { properties: [] };
  const first = ops[0]!;
  const node = first.replace(/^!/, '');
  const pairs = mdOperands(m, node);
  const kept: string[] = [];
  const properties: [string, string][] = [];
  for (const op of pairs) {
    if (op.k !== 'ref') throw nodeError(m, node, `!${REGISTERED_KERNELS_MD}: the operands of !${node} must be metadata nodes`);
    const pair = mdOperands(m, op.n);
    if (pair.length !== 2) continue;
    const [name, mangled] = pair;
    if (mangled!.k !== 'str') throw nodeError(m, op.n, `!${REGISTERED_KERNELS_MD}: the second operand of !${op.n} must be a string (the mangled name)`);
    if (!functions.has(mangled!.s)) continue;
    if (name!.k !== 'str') throw nodeError(m, op.n, `!${REGISTERED_KERNELS_MD}: the first operand of !${op.n} must be a string (the registered name)`);
    kept.push(`!${op.n}`);
    properties.push([name!.s, mangled!.s]);
  }
  const distinct = /^\s*distinct\b/.test(m.metadata.get(node)?.text ?? '');
  const same = !distinct && kept.length === pairs.length;
  if (same && ops.length === 1) return { properties };
  return { properties, operands: [same ? first : kept] };
}

/** An error at the definition of metadata node `!n` (where LLVM's cast would stop): `n` is a node the module defines (mdOperands read it). */
function nodeError(m: LModule, n: string, message: string): IrSyntaxError {
  const from = m.metadata.get(n)!.tokFrom;
  const t = m.tokens;
  return new IrSyntaxError(message, t.lineOf(from), t.columnOf(from), 'FORMAT', t.startOf(from));
}
