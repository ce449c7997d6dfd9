/**
 * Names of the SPIR-V-friendly builtins, exactly as sycl-post-link builds them
 * (intel/llvm llvm/lib/SYCLLowerIR/SpecConstants.cpp `mangleType`, `mangleFuncItanium`, `emitCall`):
 *
 *   mangleType: float → f, double → d, half → Dh, i1 → b, i8 → a, i16 → s, i32 → i, i64 → x,
 *               struct → its LLVM name verbatim (`struct.A`; "" for a literal struct),
 *               [N x T] → A<N>_<T>, <N x T> → Dv<N>_<T>
 *   mangleFuncItanium(Base, FT) = "_Z" + len(Base) + Base + mangleType(param)… and, when the return
 *               type is an array, struct or vector, "_R" + mangleType(return type)
 *               (comment upstream: several composites can share argument types).
 *
 * So `i32 __spirv_SpecConstant(i32, i32)` is `_Z20__spirv_SpecConstantii` (seed 000) and
 * `%struct.A __spirv_SpecConstantComposite(i32, float)` is
 * `_Z29__spirv_SpecConstantCompositeif_Rstruct.A`. Upstream notes this is not conformant Itanium
 * mangling; llvm-spirv only looks at the demangled base name.
 */
import { perType, type IrType } from '../types.js';

/** Unmangled name of the scalar spec-constant builtin (`_Z20__spirv_SpecConstant<args>`). */
export const SPIRV_SPEC_CONSTANT = '__spirv_SpecConstant';
/** Unmangled name of the composite spec-constant builtin (`_Z29__spirv_SpecConstantComposite<args>`). */
export const SPIRV_SPEC_CONSTANT_COMPOSITE = '__spirv_SpecConstantComposite';

const INT_MANGLING = { 1: 'b', 8: 'a', 16: 's', 32: 'i', 64: 'x' } as const;

/** SpecConstants.cpp `mangleType` (see the file comment), computed once per type. */
export function mangleType(t: IrType): string {
  return mangled(t);
}

const mangled = perType(mangleTypeUncached);

function mangleTypeUncached(t: IrType): string {
  switch (t.kind) {
    case 'float':
      return t.float === 'float' ? 'f' : t.float === 'double' ? 'd' : 'Dh';
    case 'int':
      return INT_MANGLING[t.bits];
    case 'struct':
      return t.name ?? '';
    case 'array':
      return `A${t.length}_${mangleType(t.element)}`;
    case 'vector':
      return `Dv${t.length}_${mangleType(t.element)}`;
  }
}

/** SpecConstants.cpp `mangleFuncItanium`: `_Z<len><base>` + parameter manglings (+ `_R<ret>` for aggregates). */
export function mangleFuncItanium(base: string, ret: IrType, params: readonly IrType[]): string {
  let res = `_Z${base.length}${base}`;
  for (const p of params) res += mangleType(p);
  if (ret.kind === 'array' || ret.kind === 'struct' || ret.kind === 'vector') res += `_R${mangleType(ret)}`;
  return res;
}
