/**
 * CUDASpecConstantToSymbolPass (src/lower/from-ir/cuda-spec-constants.ts) beyond the two copied lit
 * tests (cuda_spec_const.ll, cuda_spec_const_no_accesses.ll, typed pointers): opaque pointers, sizes,
 * the re-created function (header, place), the metadata nodes of the erased function, the errors
 * where LLVM asserts, and modules other than nvptx left alone. Outputs with opaque pointers are
 * checked with llvm-as-19 (Debian package llvm-19).
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { postLink, type PostLinkFileSystem } from '../../src/lower/post-link/driver.js';
import { parsePostLinkArgs } from '../../src/lower/post-link/options.js';
import { SyclbinError } from '../../src/codec/errors.js';
import { requireTool } from '../support/tools.js';

function run(ir: string, extra: string[] = []): string {
  const files = new Map<string, Uint8Array>([['in.ll', new TextEncoder().encode(ir)]]);
  const fs: PostLinkFileSystem = {
    read: (p) => files.get(p)!,
    write: (p, b) => void files.set(p, b),
  };
  postLink(parsePostLinkArgs(['--ir-output-only', '--spec-const=rt', ...extra, 'in.ll', '-S', '-o', 'out.ll']), fs);
  return new TextDecoder().decode(files.get('out.ll'));
}

function failure(ir: string): string {
  try {
    run(ir);
  } catch (e) {
    if (e instanceof SyclbinError) return e.message;
    throw e;
  }
  return expect.fail('expected an error');
}

const HEAD = `target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
`;

/** An opaque-pointer kernel with the buffer argument cast twice, a helper after it and metadata around it. */
const OPAQUE = `${HEAD}
declare void @other()

define weak_odr hidden ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) noundef align 1 %_arg__specialization_constants_buffer) unnamed_addr section "x" align 16 {
entry:
  %c = addrspacecast ptr addrspace(1) %_arg__specialization_constants_buffer to ptr
  %v = load i32, ptr %c, align 4
  %c2 = addrspacecast ptr addrspace(1) %_arg__specialization_constants_buffer to ptr addrspace(5)
  %w = load i8, ptr addrspace(5) %c2, align 1
  store i32 %v, ptr addrspace(1) %out, align 4
  call void @helper()
  ret void
}

define internal void @helper() {
  call void @other()
  ret void
}

!nvvm.annotations = !{!0, !1}
!sycl.specialization-constants = !{!2, !3}
!sycl.specialization-constants-kernel = !{!4}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @k, !"maxntidx", i32 128}
!2 = !{!"a", i32 0, i32 0, i32 4}
!3 = !{!"b", i32 1, i32 64, i32 1}
!4 = !{!"k", !2, !3}
`;

describe('CUDASpecConstantToSymbolPass', () => {
  it('opaque pointers: the global (sizes 4 + 64+1 → PowerOf2Ceil 128), the casts of it, the re-created kernel at the end; llvm-as-19 accepts it', () => {
    const out = run(OPAQUE);
    expect(out).to.include('@sycl_specialization_constants_kernel_k = weak_odr addrspace(4) externally_initialized constant [128 x i8] zeroinitializer');
    expect(out).to.include('%v = load i32, ptr addrspacecast (ptr addrspace(4) @sycl_specialization_constants_kernel_k to ptr), align 4');
    expect(out).to.include('%w = load i8, ptr addrspace(5) addrspacecast (ptr addrspace(4) @sycl_specialization_constants_kernel_k to ptr addrspace(5)), align 1');
    expect(out).to.not.include('%_arg__specialization_constants_buffer');
    // Linkage and attributes kept; dso_local, local_unnamed_addr; no visibility, calling convention, section or align.
    expect(out).to.include('define weak_odr dso_local void @k(ptr addrspace(1) %out) local_unnamed_addr {');
    // Function::Create appends: the kernel now follows the helper defined after it.
    expect(out.indexOf('define weak_odr dso_local void @k')).to.be.greaterThan(out.indexOf('define internal void @helper()'));
    // The erased function's nodes are distinct; the "kernel" node gets the new function, the other a null.
    expect(out).to.include('!0 = distinct !{ptr @k, !"kernel", i32 1}');
    expect(out).to.include('!1 = distinct !{null, !"maxntidx", i32 128}');
    const as = spawnSync(requireTool('llvm-as-19'), ['-o', '/dev/null', '-'], { input: out, encoding: 'utf8' });
    expect(as.status, as.stderr).to.equal(0);
  });

  it('sizes: a kernel with small constants gets 64 bytes; a kernel not in the metadata keeps its argument', () => {
    const ir = OPAQUE.replace('!3 = !{!"b", i32 1, i32 64, i32 1}', '!3 = !{!"b", i32 1, i32 2, i32 1}');
    expect(run(ir)).to.include('constant [64 x i8] zeroinitializer');
    const none = OPAQUE.replace('!4 = !{!"k", !2, !3}', '!4 = !{!"not_here", !2, !3}');
    const out = run(none);
    expect(out).to.not.include('sycl_specialization_constants_kernel_');
    expect(out).to.include('%_arg__specialization_constants_buffer');
  });

  it('without !sycl.specialization-constants-kernel: a 1-byte placeholder per "kernel" annotation, nothing else changed', () => {
    const ir = OPAQUE.replace('!sycl.specialization-constants-kernel = !{!4}\n', '').replace('!4 = !{!"k", !2, !3}\n', '');
    const out = run(ir);
    expect(out.match(/@sycl_specialization_constants_kernel_k = weak_odr addrspace\(4\) externally_initialized constant \[1 x i8\] zeroinitializer/g)).to.have.length(1);
    expect(out).to.include('%c = addrspacecast ptr addrspace(1) %_arg__specialization_constants_buffer to ptr');
    expect(out).to.include('!0 = !{ptr @k, !"kernel", i32 1}');
  });

  it('a quoted kernel name: the global and the annotation name it quoted, as LLVM prints names', () => {
    const ir = OPAQUE.replaceAll('@k(', '@"k k"(').replaceAll('ptr @k,', 'ptr @"k k",').replace('!{!"k", !2, !3}', '!{!"k k", !2, !3}');
    const out = run(ir);
    expect(out).to.include('@"sycl_specialization_constants_kernel_k k" = weak_odr addrspace(4) externally_initialized constant [128 x i8] zeroinitializer');
    expect(out).to.include('define weak_odr dso_local void @"k k"(ptr addrspace(1) %out) local_unnamed_addr {');
    expect(out).to.include('!0 = distinct !{ptr @"k k", !"kernel", i32 1}');
    expect(out).to.include('!1 = distinct !{null, !"maxntidx", i32 128}');
  });

  it('review cases: a !dbg on the cast, a cast into address space 4 (folds to the global), kernel-node order, a null annotation, a kernel listed twice', () => {
    const dbg = OPAQUE.replace('%c = addrspacecast ptr addrspace(1) %_arg__specialization_constants_buffer to ptr', '%c = addrspacecast ptr addrspace(1) %_arg__specialization_constants_buffer to ptr, !dbg !9').replace(
      '!4 = !{!"k", !2, !3}',
      '!4 = !{!"k", !2, !3}\n!9 = !{}',
    );
    expect(run(dbg)).to.include('%v = load i32, ptr addrspacecast (ptr addrspace(4) @sycl_specialization_constants_kernel_k to ptr), align 4');
    const as4 = OPAQUE.replace('%c2 = addrspacecast ptr addrspace(1) %_arg__specialization_constants_buffer to ptr addrspace(5)', '%c2 = addrspacecast ptr addrspace(1) %_arg__specialization_constants_buffer to ptr addrspace(4)').replace(
      'load i8, ptr addrspace(5) %c2',
      'load i8, ptr addrspace(4) %c2',
    );
    expect(run(as4)).to.include('%w = load i8, ptr addrspace(4) @sycl_specialization_constants_kernel_k, align 1');
    // getMDNode takes the first "kernel" node in the operands' order: with !{!1, !0} that is !1.
    const order = OPAQUE.replace('!nvvm.annotations = !{!0, !1}', '!nvvm.annotations = !{!1, !0}').replace('!1 = !{ptr @k, !"maxntidx", i32 128}', '!1 = !{ptr @k, !"kernel", i32 1}');
    const out = run(order);
    expect(out).to.include('!1 = distinct !{ptr @k, !"kernel", i32 1}');
    expect(out).to.include('!0 = distinct !{null, !"kernel", i32 1}');
    const nulls = OPAQUE.replace('!sycl.specialization-constants-kernel = !{!4}\n', '').replace('!nvvm.annotations = !{!0, !1}', '!nvvm.annotations = !{!5, !0, !1}').replace('!4 = !{!"k", !2, !3}', '!4 = !{!"k", !2, !3}\n!5 = !{null, !"kernel", i32 1}');
    expect(run(nulls).match(/constant \[1 x i8\]/g)).to.have.length(1);
    expect(failure(OPAQUE.replace('!sycl.specialization-constants-kernel = !{!4}', '!sycl.specialization-constants-kernel = !{!4, !4}'))).to.match(/kernel k is listed twice in !sycl.specialization-constants-kernel \(line \d+\)$/);
  });

  it('a spir64 module is left alone', () => {
    const out = run(OPAQUE.replace('nvptx64-nvidia-cuda', 'spir64-unknown-unknown'));
    expect(out).to.not.include('sycl_specialization_constants_kernel_');
    expect(out).to.include('%_arg__specialization_constants_buffer');
  });

  it('where LLVM asserts or stops, a typed error: another use of the argument, no buffer argument, no "kernel" annotation', () => {
    expect(failure(OPAQUE.replace('%v = load i32, ptr %c, align 4', '%v = load i32, ptr addrspace(1) %_arg__specialization_constants_buffer, align 4'))).to.match(
      /CUDASpecConstantToSymbolPass: unhandled use of %_arg__specialization_constants_buffer in @k: only addrspacecast is .*\(line 9\)$/,
    );
    expect(failure(OPAQUE.replaceAll('_arg__specialization_constants_buffer', 'buf'))).to.match(/the last argument of kernel @k is not %_arg__specialization_constants_buffer.*\(line 6\)$/);
    expect(failure(OPAQUE.replace('!0 = !{ptr @k, !"kernel", i32 1}', '!0 = !{ptr @k, !"other", i32 1}'))).to.match(/no !nvvm.annotations node marks @k as a "kernel"/);
  });
});
