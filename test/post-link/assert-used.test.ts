/**
 * `[SYCL/assert used]` (src/lower/post-link/assert-used.ts) beyond the four copied upstream tests
 * (testdata/sycl-post-link/assert/), which check membership only (CHECK-DAG): the order of the
 * breadth-first walk in use-list order, the giving up at "referenced-indirectly", calls only.
 */
import { expect } from 'chai';
import { parseLlvmIr } from '../../src/lower/llvm-ir/parse/parser.js';
import { kernelsUsingAssert } from '../../src/lower/post-link/assert-used.js';

function kernels(ir: string, order: 'parsed' | 'cloned' = 'parsed'): string[] {
  const m = parseLlvmIr(ir);
  return kernelsUsingAssert(m, m.functions, m.functions, order);
}

const DECL = 'declare spir_func void @__devicelib_assert_fail()\n';

describe('[SYCL/assert used]: traverseCGToFindSPIRKernels (ComputeModuleRuntimeInfo.cpp@46a4a43c)', () => {
  it('walks callers breadth first in use-list order: after the declaration in reverse text order, forward references after them', () => {
    const ir =
      'define spir_kernel void @early() {\n  call spir_func void @__devicelib_assert_fail()\n  ret void\n}\n' +
      DECL +
      'define spir_func void @helper() {\n  call spir_func void @__devicelib_assert_fail()\n  ret void\n}\n' +
      'define spir_kernel void @a() {\n  call spir_func void @helper()\n  ret void\n}\n' +
      'define spir_kernel void @b() {\n  call spir_func void @__devicelib_assert_fail()\n  call spir_func void @__devicelib_assert_fail()\n  ret void\n}\n' +
      'define spir_kernel void @none() {\n  ret void\n}\n';
    // Users of the declaration: @b's two calls (reverse text order), @helper's, then @early's (a forward reference).
    // @b is met twice (the property set keeps its first place); @a is reached through @helper, one level up.
    expect(kernels(ir)).to.deep.equal(['b', 'b', 'early', 'a']);
    // After a split every use is re-created in text order: reverse text order throughout.
    expect(kernels(ir, 'cloned')).to.deep.equal(['b', 'b', 'early', 'a']);
  });

  it('a "referenced-indirectly" caller lists every spir_kernel of the module, in module order', () => {
    const ir =
      DECL +
      'define spir_kernel void @z() {\n  ret void\n}\n' +
      'define spir_func void @f() #0 {\n  call spir_func void @__devicelib_assert_fail()\n  ret void\n}\n' +
      'define spir_kernel void @y() {\n  call spir_func void @__devicelib_assert_fail()\n  ret void\n}\n' +
      'attributes #0 = { "referenced-indirectly" }\n';
    expect(kernels(ir)).to.deep.equal(['z', 'y']);
  });

  it('a call passing the function as an argument is a CallInst user too', () => {
    const ir = DECL + 'declare spir_func void @g(ptr)\n' + 'define spir_kernel void @k() {\n  call spir_func void @g(ptr @__devicelib_assert_fail)\n  ret void\n}\n';
    expect(kernels(ir)).to.deep.equal(['k']);
  });

  it('only calls count (an invoke or a stored function pointer is not a CallInst); no __devicelib_assert_fail, no kernels', () => {
    const ir =
      DECL +
      'define spir_kernel void @inv() personality ptr null {\n  invoke spir_func void @__devicelib_assert_fail() to label %ok unwind label %bad\nok:\n  ret void\nbad:\n  %l = landingpad { ptr, i32 } cleanup\n  ret void\n}\n' +
      'define spir_kernel void @ptr(ptr %p) {\n  store ptr @__devicelib_assert_fail, ptr %p\n  ret void\n}\n';
    expect(kernels(ir)).to.deep.equal([]);
    expect(kernels('define spir_kernel void @k() {\n  ret void\n}\n')).to.deep.equal([]);
  });
});
