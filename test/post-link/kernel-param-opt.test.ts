/**
 * `-emit-param-info` and `optLevel` (src/lower/post-link/kernel-param-opt.ts): the property values
 * of intel/llvm's omit_kernel_args.ll, whose copied revision spells its value checks so that FileCheck
 * does not read them, in the order of LLVM's DenseMap<StringRef, BitVector>; both attachment names;
 * the empty set; the first readable "sycl-optlevel" of an image.
 */
import { expect } from 'chai';
import { postLink, type PostLinkFileSystem } from '../../src/lower/post-link/driver.js';
import { parsePostLinkArgs } from '../../src/lower/post-link/options.js';
import { IrSyntaxError } from '../../src/lower/llvm-ir/parse/errors.js';
import { LlvmStringDenseMap } from '../../src/offload/densemap-order.js';

function run(ir: string, args: string[]): Map<string, string> {
  const files = new Map<string, Uint8Array>([['in.ll', new TextEncoder().encode(ir)]]);
  const fs: PostLinkFileSystem = {
    read: (p) => {
      const b = files.get(p);
      if (!b) throw new Error(`no file ${p}`);
      return b;
    },
    write: (p, b) => void files.set(p, b),
  };
  postLink(parsePostLinkArgs([...args, '-S', 'in.ll', '-o', 'out.table']), fs);
  return new Map([...files].map(([k, v]) => [k, new TextDecoder().decode(v)]));
}

const KERNELS = (md: string): string => `target triple = "spir64-unknown-unknown"
define weak_odr spir_kernel void @SpirKernel1(float %arg1) !${md} !0 {
  ret void
}
define weak_odr spir_kernel void @SpirKernel2(i8 %arg1, i8 %arg2, i8 %arg3) !${md} !1 {
  ret void
}
!0 = !{i1 true, i1 false}
!1 = !{i1 false, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 false, i1 false, i1 true, i1 true}
`;

describe('post-link -emit-param-info: [SYCL/kernel param opt]', () => {
  for (const md of ['sycl_kernel_omit_args', 'spir_kernel_omit_args']) {
    it(`!${md}: the bits of each kernel, LSB first, with their count (omit_kernel_args.ll's values), in DenseMap order`, () => {
      const prop = run(KERNELS(md), ['-emit-param-info']).get('out_0.prop')!;
      const set = prop.slice(prop.indexOf('[SYCL/kernel param opt]\n'));
      // The order LLVM's DenseMap<StringRef, BitVector> iterates (release build hash seed).
      const order = new LlvmStringDenseMap<number>();
      for (const k of ['SpirKernel1', 'SpirKernel2']) order.tryEmplace(k, 0);
      const value: Record<string, string> = { SpirKernel1: '2|CAAAAAAAAAQA', SpirKernel2: '2|LAAAAAAAAAgfGA' };
      expect(set).to.equal('[SYCL/kernel param opt]\n' + order.entries().map(([k]) => `${k}=${value[k]}\n`).join(''));
    });
  }

  it('the set is written, empty, when no function has bits; not at all without the flag', () => {
    const ir = 'target triple = "spir64-unknown-unknown"\ndefine spir_kernel void @k() !sycl_kernel_omit_args !0 {\n  ret void\n}\n!0 = !{}\n';
    expect(run(ir, ['-emit-param-info']).get('out_0.prop')).to.match(/\[SYCL\/kernel param opt\]\n$/);
    expect(run(ir, ['-symbols']).get('out_0.prop')).to.not.contain('kernel param opt');
  });

  it('an operand that is not an integer constant is an error at the function, as LLVM stops on it', () => {
    const ir = 'target triple = "spir64-unknown-unknown"\ndefine spir_kernel void @k(i32 %a) !sycl_kernel_omit_args !0 {\n  ret void\n}\n!0 = !{!"x"}\n';
    expect(() => run(ir, ['-emit-param-info'])).to.throw(IrSyntaxError, /sycl_kernel_omit_args of @k must hold integer constants/);
  });

  it('-emit-param-info with --ir-output-only is refused, as the other property options are', () => {
    expect(() => parsePostLinkArgs(['-emit-param-info', '--ir-output-only', 'x.ll'])).to.throw(/-emit-param-info/);
  });
});

describe('post-link: [SYCL/misc properties] optLevel', () => {
  const ir = (levels: string[]): string =>
    'target triple = "spir64-unknown-unknown"\n' +
    levels.map((l, i) => `define spir_kernel void @k${i}() #${i} {\n  ret void\n}\nattributes #${i} = { "sycl-module-id"="a.cpp" "sycl-optlevel"="${l}" }\n`).join('');

  it('the first entry point whose "sycl-optlevel" reads as an int gives the image its optLevel, before specConstsReplacedWithDefault', () => {
    expect(run(ir(['2']), ['-symbols']).get('out_0.prop')).to.contain('[SYCL/misc properties]\noptLevel=1|2\n');
    expect(run(ir(['x1', '3']), ['-symbols']).get('out_0.prop')).to.contain('optLevel=1|3\n');
    expect(run(ir(['-1', '3']), ['-symbols']).get('out_0.prop')).to.not.contain('optLevel');
    expect(run(ir(['+1']), ['-symbols']).get('out_0.prop')).to.not.contain('optLevel');
  });
});
