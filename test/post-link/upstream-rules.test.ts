/**
 * Rules of current sycl-post-link that its copied lit tests exercise only in part: which functions
 * are entry points (ModuleSplitter.cpp `isKernel` / `isEntryPoint`), what every split module keeps
 * (`collectFunctionsAndGlobalVariablesToExtract`: non-discardable globals too), the per-function
 * `[SYCL/program metadata]` keys (ComputeModuleRuntimeInfo.cpp), the constant expressions LLParser
 * folds while reading (so the printed module has them folded), `-reduce-memory-usage`,
 * `-emit-param-info` (the values of omit_kernel_args.ll, whose copied revision spells its value
 * checks so that FileCheck does not read them), `optLevel` and the registered kernels.
 */
import { expect } from 'chai';
import { postLink, type PostLinkFileSystem } from '../../src/lower/post-link/driver.js';
import { parsePostLinkArgs } from '../../src/lower/post-link/options.js';
import { readRegistry, writeRegistry } from '../../src/props/registry.js';
import { byteArray, uint32 } from '../../src/props/model.js';
import { buildRegistry } from '../../src/lower/lower.js';
import { IrSyntaxError } from '../../src/lower/llvm-ir/parse/errors.js';

/** In-memory files for the library driver. */
function memFs(text: string): PostLinkFileSystem & { files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>([['in.ll', new TextEncoder().encode(text)]]);
  return {
    files,
    read: (p) => {
      const b = files.get(p);
      if (!b) throw new Error(`no file ${p}`);
      return b;
    },
    write: (p, b) => void files.set(p, b),
  };
}

const text = (fs: { files: Map<string, Uint8Array> }, p: string): string => new TextDecoder().decode(fs.files.get(p));

/** Runs post-link on `ir` with `args` (input in.ll, output o.table) and returns the files. */
function run(ir: string, ...args: string[]): Map<string, Uint8Array> & { text(p: string): string } {
  const fs = memFs(ir);
  postLink(parsePostLinkArgs([...args, 'in.ll', '-o', 'o.table']), fs);
  return Object.assign(fs.files, { text: (p: string) => text(fs, p) });
}

/** The `.sym` files of a split, in order. */
function symbols(out: Map<string, Uint8Array> & { text(p: string): string }): string[] {
  return [...out.keys()].filter((k) => k.endsWith('.sym')).sort().map((k) => out.text(k).trim());
}

describe('post-link: entry points as ModuleSplitter::isEntryPoint finds them', () => {
  const ir = (extra: string): string => `target triple = "spir64-unknown-unknown"
define amdgpu_kernel void @amd() { ret void }
define ptx_kernel void @ptx() { ret void }
define spir_kernel void @spir() { ret void }
define spir_func void @_Z28__spirv_GlobalInvocationId_xv() #0 { ret void }
define spir_func void @__spirv_plain() #0 { ret void }
define spir_func void @__builtin_thing() #0 { ret void }
define spir_func void @ext() #0 { ret void }
define spir_func void @virt() #1 { ret void }
declare spir_kernel void @declared()
${extra}
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "indirectly-callable"="set" }
`;
  it('kernels of every kernel calling convention, and SYCL_EXTERNAL functions that are not mangled builtins', () => {
    const out = run(ir(''), '-split=kernel', '-symbols', '-S');
    // One module per entry point, in descending key order; a builtin is `_Z<N>__spirv_…`, not `__spirv_…`.
    expect(symbols(out)).to.deep.equal(['spir', 'ptx', 'ext', 'amd', '__spirv_plain']);
  });
  it('-emit-only-kernels-as-entry-points: kernels, and indirectly-callable functions still', () => {
    const out = run(ir(''), '-split=kernel', '-symbols', '-S', '-emit-only-kernels-as-entry-points');
    expect(symbols(out)).to.deep.equal(['virt', 'spir', 'ptx', 'amd']);
  });
});

describe('post-link -split=source: kernels of one source that differ in an optional feature get their own module', () => {
  const ir = `target triple = "spir64-unknown-unknown"
define spir_kernel void @wg8() #0 !reqd_work_group_size !0 { ret void }
define spir_kernel void @wg8b() #0 !reqd_work_group_size !0 { ret void }
define spir_kernel void @wg16() #0 !reqd_work_group_size !1 { ret void }
define spir_kernel void @asp21() #0 !sycl_used_aspects !2 { ret void }
define spir_kernel void @asp12() #0 !sycl_used_aspects !3 { ret void }
define spir_kernel void @grf() #1 { ret void }
define spir_kernel void @other() #2 { ret void }
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="a.cpp" "sycl-grf-size"="256" }
attributes #2 = { "sycl-module-id"="b.cpp" }
!0 = !{i32 8, i32 1, i32 1}
!1 = !{i32 16, i32 1, i32 1}
!2 = !{i32 2, !4}
!3 = !{i32 1, i32 2}
!4 = !{!"fp64", i32 1}
`;
  it('groups by sycl-module-id, then attributes and metadata (aspects sorted), modules in descending key order', () => {
    const out = run(ir, '-split=source', '-symbols', '-S');
    // Keys: b.cpp-…; a.cpp--- + 256 …; a.cpp---- -1-2 … (both aspect lists); a.cpp… -16-1-1; a.cpp… -8-1-1.
    expect(symbols(out)).to.deep.equal(['other', 'grf', 'asp21\nasp12', 'wg8\nwg8b', 'wg16']);
  });
});

describe('post-link: every split module keeps the globals that are not discardable if unused', () => {
  const ir = `target triple = "spir64-unknown-unknown"
@keep = global i32 1
@ref = global ptr @helper
@drop = internal global i32 2
@dg = internal addrspace(1) global i32 0 #1
define internal spir_func void @helper() { ret void }
define spir_kernel void @k1() #0 { store i32 0, ptr addrspace(1) @dg ret void }
define spir_kernel void @k2() #0 { ret void }
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-unique-id"="u" "sycl-device-global-size"="4" "sycl-device-image-scope" }
`;
  it('in each module of -split=kernel, with what they reference; internal unused globals left out', () => {
    const out = run(ir, '-split=kernel', '-S', '--device-globals');
    for (const f of ['o_0.ll', 'o_1.ll']) {
      const t = out.text(f);
      expect(t, f).to.contain('@keep = global i32 1').and.contain('@ref = global ptr @helper').and.contain('define internal spir_func void @helper()');
      expect(t, f).not.to.contain('@drop');
    }
    // The device_image_scope global is used by k1's module only: no cross-module error, and only there.
    expect(out.text('o_1.ll')).to.contain('@dg');
    expect(out.text('o_0.ll')).not.to.contain('@dg');
  });
});

describe('post-link -split=auto with indirect calls (DependencyGraph case 2)', () => {
  const ir = `target triple = "spir64-unknown-unknown"
define spir_func void @cb_i32(i32 %x) #2 { ret void }
define spir_func void @cb_float(float %x) #2 { ret void }
define spir_func void @not_marked(i32 %x) { ret void }
define spir_kernel void @a(ptr %fp) #0 { call spir_func void %fp(i32 1) ret void }
define spir_kernel void @b() #1 { ret void }
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "referenced-indirectly" }
`;
  it('splits by source; the caller’s module gains the referenced-indirectly functions of the call’s type only', () => {
    const out = run(ir, '-split=auto', '-symbols', '-S');
    expect(symbols(out)).to.deep.equal(['b', 'a']);
    const defs = (f: string): string[] => out.text(f).split('\n').filter((l) => l.startsWith('define')).map((l) => /@(\w+)/.exec(l)![1]!);
    expect(defs('o_1.ll')).to.deep.equal(['cb_i32', 'a']);
    expect(defs('o_0.ll')).to.deep.equal(['b']);
  });
  it('--ir-output-only keeps one module: both kernels and what they reach (the unreached functions go, as after extractCallGraph)', () => {
    const out = run(ir, '-split=auto', '--ir-output-only', '-S');
    const defs = out.text('o.table').split('\n').filter((l) => l.startsWith('define')).map((l) => /@(\w+)/.exec(l)![1]!);
    expect(defs).to.deep.equal(['cb_i32', 'a', 'b']);
  });
});

describe('post-link split: llvm.used is gone and llvm.compiler.used rewritten before the split', () => {
  const ir = `target triple = "spir64-unknown-unknown"
@llvm.used = appending global [3 x ptr] [ptr @k1, ptr @k2, ptr addrspacecast (ptr addrspace(1) @dg to ptr)], section "llvm.metadata"
@llvm.compiler.used = appending global [2 x ptr] [ptr @keepme, ptr addrspacecast (ptr addrspace(1) @dg to ptr)], section "llvm.metadata"
@keepme = internal global i32 3
@dg = linkonce_odr addrspace(1) global i32 0 #1
define spir_kernel void @k1() #0 { store i32 1, ptr addrspace(1) @dg ret void }
define spir_kernel void @k2() #0 { ret void }
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-unique-id"="u" "sycl-device-global-size"="4" }
`;
  it('a kernel llvm.used listed is in its own module only; what the rewritten llvm.compiler.used holds is in every module', () => {
    const out = run(ir, '-split=kernel', '-S', '-symbols', '--device-globals');
    const defs = (f: string): string[] => out.text(f).split('\n').filter((l) => l.startsWith('define')).map((l) => /@(\w+)/.exec(l)![1]!);
    expect([defs('o_0.ll'), defs('o_1.ll')]).to.deep.equal([['k2'], ['k1']]);
    for (const f of ['o_0.ll', 'o_1.ll']) {
      expect(out.text(f), f).not.to.contain('@llvm.used');
      expect(out.text(f), f).to.contain('@llvm.compiler.used = appending global [1 x ptr] [ptr @keepme]').and.contain('@keepme = internal global i32 3');
    }
    // The device global follows its user (k1), not llvm.used.
    expect(out.text('o_1.ll')).to.contain('@dg = ');
    expect(out.text('o_0.ll')).not.to.contain('@dg = ');
    expect(readRegistry(out.get('o_0.prop')!).has('SYCL/device globals')).to.equal(false);
    expect([...readRegistry(out.get('o_1.prop')!).get('SYCL/device globals')!.keys()]).to.deep.equal(['u']);
  });
});

describe('post-link -emit-program-metadata: the per-function keys of ComputeModuleRuntimeInfo', () => {
  const ir = (md: string): string => `target triple = "spir64-unknown-unknown"
define spir_kernel void @k() ${md} { ret void }
!0 = !{i32 8, i32 4, i32 2}
!1 = !{i32 16}
!2 = !{i32 2}
!3 = !{i64 64, i64 32, i64 1}
!4 = !{i64 4294967297}
!5 = !{i16 -1, i8 -2}
!6 = !{i8 -16}
`;
  it('reqd_work_group_size, reqd_sub_group_size, work_group_num_dim, max_work_group_size, max_linear_work_group_size, in that order', () => {
    const out = run(ir('!max_linear_work_group_size !4 !max_work_group_size !3 !work_group_num_dim !2 !intel_reqd_sub_group_size !1 !reqd_work_group_size !0'), '-emit-program-metadata', '-S');
    const reg = readRegistry(out.get('o_0.prop')!);
    const set = reg.get('SYCL/program metadata')!;
    expect([...set.keys()]).to.deep.equal(['k@reqd_work_group_size', 'k@reqd_sub_group_size', 'k@work_group_num_dim', 'k@max_work_group_size', 'k@max_linear_work_group_size']);
    const bytes = (k: string): number[] => {
      const v = set.get(k)!;
      return v.type === 2 ? [...v.bytes] : [];
    };
    expect(bytes('k@reqd_work_group_size')).to.deep.equal([8, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0]);
    expect(bytes('k@max_work_group_size')).to.deep.equal([64, 0, 0, 0, 32, 0, 0, 0, 1, 0, 0, 0]);
    const text = new TextDecoder().decode(writeRegistry(new Map([['SYCL/program metadata', set]])));
    expect(text.split('\n').slice(1, 6)).to.deep.equal([
      // 96 bits: u32 8, 4, 2 (little-endian)
      'k@reqd_work_group_size=2|gBAAAAAAAAACAAAAEAAAAIAAAAA',
      'k@reqd_sub_group_size=1|16',
      'k@work_group_num_dim=1|2',
      // u32 64, 32, 1
      'k@max_work_group_size=2|gBAAAAAAAAAQAAAAgAAAAEAAAAA',
      // The u64 is stored in a UINT32 PropertyValue: its low 32 bits.
      'k@max_linear_work_group_size=1|1',
    ]);
  });
  it('operands are zero-extended from their own width (getZExtValue), then narrowed to 32 bits', () => {
    const out = run(ir('!reqd_work_group_size !5 !intel_reqd_sub_group_size !6'), '-emit-program-metadata', '-S');
    const set = readRegistry(out.get('o_0.prop')!).get('SYCL/program metadata')!;
    const wg = set.get('k@reqd_work_group_size')!;
    expect(wg.type === 2 ? [...new Uint32Array(wg.bytes.slice().buffer)] : []).to.deep.equal([65535, 254]);
    expect(set.get('k@reqd_sub_group_size')).to.deep.include({ type: 1, value: 240 });
  });
  it("a single-operand node with more operands gives its first, with a warning (release getKernelSingleEltMetadata); an empty one, or a work-group node of 4, is a typed error at the function", () => {
    // per-reqd-sub-group-size-split-3.ll's `!{i32 16, i32 16}`, here !{i32 8, i32 4, i32 2}
    const fs = memFs(ir('!intel_reqd_sub_group_size !0 !work_group_num_dim !3'));
    const r = postLink(parsePostLinkArgs(['-emit-program-metadata', '-S', 'in.ll', '-o', 'o.table']), fs);
    const set = readRegistry(fs.files.get('o_0.prop')!).get('SYCL/program metadata')!;
    expect(set.get('k@reqd_sub_group_size')).to.deep.equal({ type: 1, value: 8 });
    expect(set.get('k@work_group_num_dim')).to.deep.equal({ type: 1, value: 64 });
    expect(r.warnings).to.deep.equal([
      '!intel_reqd_sub_group_size of @k has 3 operands, not 1: its first is used, as a release build of sycl-post-link does (an assertions build aborts)',
      '!work_group_num_dim of @k has 3 operands, not 1: its first is used, as a release build of sycl-post-link does (an assertions build aborts)',
    ]);
    const withEmpty = (md: string): string => ir(md).replace('!6 = ', '!7 = !{}\n!8 = !{i32 1, i32 2, i32 3, i32 4}\n!6 = ');
    expect(() => run(withEmpty('!intel_reqd_sub_group_size !7'), '-emit-program-metadata', '-S')).to.throw(IrSyntaxError, /intel_reqd_sub_group_size of @k must hold integer constants/);
    expect(() => run(withEmpty('!reqd_work_group_size !8'), '-emit-program-metadata', '-S')).to.throw(IrSyntaxError, /reqd_work_group_size of @k must have between 1 and 3 operand\(s\), not 4/);
  });
});

describe('post-link prints constant expressions as LLParser folds them', () => {
  const ir = `target triple = "spir64-unknown-unknown"
@g = global [2 x i32] zeroinitializer
@a = global ptr getelementptr ([2 x i32], ptr @g)
@b = global ptr getelementptr inbounds ([2 x i32], ptr @g, i64 0, i64 undef)
@c = global ptr bitcast (ptr @g to ptr)
@e = global ptr getelementptr inbounds ([2 x i32], ptr @g, i64 0, i64 1)
@f = global ptr getelementptr inbounds (i8, ptr getelementptr inbounds ([2 x i32], ptr @g, i64 0, i64 0), i64 0)
@h = global <2 x ptr> getelementptr (i8, ptr @g, <2 x i64> zeroinitializer)
@i = global ptr addrspace(4) bitcast (ptr addrspace(4) addrspacecast (ptr @g to ptr addrspace(4)) to ptr addrspace(4))
define spir_kernel void @k() {
  %v = load i32, ptr getelementptr inbounds ([2 x i32], ptr @g, i64 0, i64 0), align 4
  ret void
}
`;
  it('all-zero-index and index-less GEPs and same-type bitcasts become their operand (what llvm-as-19 | llvm-dis-19 prints); others stay', () => {
    const t = run(ir, '-split=kernel', '-S').text('o_0.ll');
    const lines = t.split('\n');
    expect(lines.filter((l) => l.startsWith('@'))).to.deep.equal([
      '@g = global [2 x i32] zeroinitializer',
      '@a = global ptr @g',
      '@b = global ptr @g',
      '@c = global ptr @g',
      '@e = global ptr getelementptr inbounds ([2 x i32], ptr @g, i64 0, i64 1)',
      '@f = global ptr @g',
      // LLVM makes a vector splat of this one; it is printed as written.
      '@h = global <2 x ptr> getelementptr (i8, ptr @g, <2 x i64> zeroinitializer)',
      '@i = global ptr addrspace(4) addrspacecast (ptr @g to ptr addrspace(4))',
    ]);
    expect(t).to.contain('  %v = load i32, ptr @g, align 4');
  });
  it('the rewritten llvm.compiler.used prints its elements folded too', () => {
    const cu = `target triple = "spir64-unknown-unknown"
@dg = internal addrspace(1) global i32 0 #1
@x = global [4 x i8] zeroinitializer
@llvm.compiler.used = appending global [2 x ptr] [ptr getelementptr ([4 x i8], ptr @x, i64 0, i64 0), ptr addrspacecast (ptr addrspace(1) @dg to ptr)], section "llvm.metadata"
define spir_kernel void @k() { %v = load i32, ptr addrspace(1) @dg ret void }
attributes #1 = { "sycl-unique-id"="u" "sycl-device-global-size"="4" }
`;
    expect(run(cu, '-split=kernel', '-S', '--device-globals').text('o_0.ll')).to.contain('@llvm.compiler.used = appending global [1 x ptr] [ptr @x], section "llvm.metadata"');
  });
  it('a typed-pointer GEP keeps its spelling (it changes the pointer type there)', () => {
    const typed = `target triple = "spir64-unknown-unknown"
@s = global [3 x i8] c"ab\\00"
@p = global i8* getelementptr inbounds ([3 x i8], [3 x i8]* @s, i64 0, i64 0)
define spir_kernel void @k() { ret void }
`;
    expect(run(typed, '-split=kernel', '-S').text('o_0.ll')).to.contain('@p = global i8* getelementptr inbounds ([3 x i8], [3 x i8]* @s, i64 0, i64 0)');
  });
});

describe('post-link -reduce-memory-usage', () => {
  it('is accepted (older tool\u2019s memory switch) and changes nothing written', () => {
    const ir = 'target triple = "spir64-unknown-unknown"\ndefine spir_kernel void @k() { ret void }\n';
    const a = run(ir, '-split=kernel', '-S', '-symbols');
    const b = run(ir, '-split=kernel', '-S', '-symbols', '-reduce-memory-usage=true');
    expect([...b.keys()]).to.deep.equal([...a.keys()]);
    for (const k of a.keys()) expect(b.text(k), k).to.equal(a.text(k));
    expect(() => parsePostLinkArgs(['-split=kernel', '-reduce-memory-usage=maybe', 'x.ll'])).to.throw(/invalid value for boolean argument/);
  });
});

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
  // The order of each era: today's DenseMap<StringRef, BitVector> (bucket order with LLVM 19's
  // hash_value, as docs/post-link.md says), the older std::map (by name).
  for (const [md, order] of [
    ['sycl_kernel_omit_args', ['SpirKernel2', 'SpirKernel1']],
    ['spir_kernel_omit_args', ['SpirKernel1', 'SpirKernel2']],
  ] as const) {
    it(`!${md}: the bits of each kernel, LSB first, with their count (omit_kernel_args.ll's values), in ${order.join(', ')} order`, () => {
      const prop = run(KERNELS(md), '-S', '-emit-param-info').text('o_0.prop');
      const set = prop.slice(prop.indexOf('[SYCL/kernel param opt]\n'));
      const value: Record<string, string> = { SpirKernel1: '2|CAAAAAAAAAQA', SpirKernel2: '2|LAAAAAAAAAgfGA' };
      expect(set).to.equal('[SYCL/kernel param opt]\n' + order.map((k) => `${k}=${value[k]}\n`).join(''));
    });
  }
  it('a bit is the operand zero-extended and cut to 32 bits (static_cast<unsigned>), not zero: i64 4294967296 is clear', () => {
    const ir = 'target triple = "spir64-unknown-unknown"\ndefine spir_kernel void @k(i32 %a) !sycl_kernel_omit_args !0 {\n  ret void\n}\n!0 = !{i64 4294967296, i8 -1, i1 true}\n';
    // bits 0, 1, 1: the byte 0b110 with a bit count of 3, as the registry writes that value
    const want = new TextDecoder().decode(writeRegistry(new Map([['s', new Map([['k', byteArray(Uint8Array.of(0b110), 3n)]])]]))).split('\n')[1];
    expect(want).to.equal('k=2|DAAAAAAAAAgB');
    expect(run(ir, '-S', '-emit-param-info').text('o_0.prop')).to.contain(`${want}\n`);
  });

  it('the set is written, empty, when no function has bits; not at all without the flag', () => {
    const ir = 'target triple = "spir64-unknown-unknown"\ndefine spir_kernel void @k() !sycl_kernel_omit_args !0 {\n  ret void\n}\n!0 = !{}\n';
    expect(run(ir, '-S', '-emit-param-info').text('o_0.prop')).to.match(/\[SYCL\/kernel param opt\]\n$/);
    expect(run(ir, '-S', '-symbols').text('o_0.prop')).to.not.contain('kernel param opt');
  });

  it('an operand that is not an integer constant is an error at the function, as LLVM stops on it', () => {
    const ir = 'target triple = "spir64-unknown-unknown"\ndefine spir_kernel void @k(i32 %a) !sycl_kernel_omit_args !0 {\n  ret void\n}\n!0 = !{!"x"}\n';
    expect(() => run(ir, '-S', '-emit-param-info')).to.throw(IrSyntaxError, /sycl_kernel_omit_args of @k must hold integer constants/);
  });

  it('-emit-param-info with --ir-output-only is refused, as the other property options are', () => {
    expect(() => parsePostLinkArgs(['-emit-param-info', '--ir-output-only', 'x.ll'])).to.throw(/-emit-param-info/);
  });
});

describe('post-link: [SYCL/misc properties] optLevel', () => {
  const ir = (levels: string[]): string =>
    'target triple = "spir64-unknown-unknown"\n' +
    levels.map((l, i) => `define spir_kernel void @k${i}() #${i} {\n  ret void\n}\nattributes #${i} = { "sycl-module-id"="a.cpp" "sycl-optlevel"="${l}" }\n`).join('');

  it('specConstsReplacedWithDefault joins the misc set where optLevel put it (MapVector), after the device globals when alone', () => {
    const base = { emitProgramMetadata: false, deviceGlobals: [], emitDeviceGlobals: false, specConstsReplacedWithDefault: true } as const;
    const withLevel = buildRegistry({ ...base, miscProperties: [['optLevel', uint32(2)]] });
    expect([...withLevel.get('SYCL/misc properties')!.keys()]).to.deep.equal(['optLevel', 'specConstsReplacedWithDefault']);
    expect([...buildRegistry(base).keys()]).to.deep.equal(['SYCL/misc properties']);
  });
  it('the first entry point whose "sycl-optlevel" reads as an int gives the image its optLevel', () => {
    expect(run(ir(['2']), '-S', '-symbols').text('o_0.prop')).to.contain('[SYCL/misc properties]\noptLevel=1|2\n');
    expect(run(ir(['x1', '3']), '-S', '-symbols').text('o_0.prop')).to.contain('optLevel=1|3\n');
    expect(run(ir(['-1', '3']), '-S', '-symbols').text('o_0.prop')).to.not.contain('optLevel');
    expect(run(ir(['+1']), '-S', '-symbols').text('o_0.prop')).to.not.contain('optLevel');
  });

  it('"sycl-grf-size" of the first entry point that has one, before optLevel; a value that is not a number is an error at the function', () => {
    const grf = (attrs: string[]): string =>
      'target triple = "spir64-unknown-unknown"\n' + attrs.map((a, i) => `define spir_kernel void @k${i}() #${i} {\n  ret void\n}\nattributes #${i} = { "sycl-module-id"="a.cpp" ${a} }\n`).join('');
    expect(run(grf(['"sycl-optlevel"="1"', '"sycl-grf-size"="256" "sycl-optlevel"="1"']), '-S', '-symbols').text('o_0.prop')).to.contain('[SYCL/misc properties]\nsycl-grf-size=1|256\noptLevel=1|1\n');
    expect(() => run(grf(['"sycl-grf-size"="big"']), '-S', '-symbols')).to.throw(IrSyntaxError, /sycl-grf-size/).with.property('line', 2);
  });
});

describe('post-link: !sycl_registered_kernels and [SYCL/registered kernels] (cleanupSYCLRegisteredKernels)', () => {
  const ir = (named: string): string => `target triple = "spir64-unknown-unknown"
define spir_kernel void @_Z1av() #0 {
  ret void
}
define spir_kernel void @_Z1bv() #1 {
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
${named}
!1 = !{!"a", !"_Z1av"}
!2 = !{!"b", !"_Z1bv"}
!3 = !{!"gone", !"_Z4gonev"}
!4 = !{!"odd"}
!5 = !{!"a", !"_Z1bv"}
`;
  const registered = (prop: string): [string, string][] =>
    [...(readRegistry(prop).get('SYCL/registered kernels') ?? new Map())].map(([k, v]) => [k, new TextDecoder().decode((v as { bytes: Uint8Array }).bytes)]);

  it('each output module keeps the pairs of its own functions, in order, in a new node, and lists them as properties', () => {
    const out = run(ir('!sycl_registered_kernels = !{!0}\n!0 = !{!1, !2, !3, !4}'), '-S', '-split=source');
    const byModule = [0, 1].map((i) => ({ ir: out.text(`o_${i}.ll`), props: registered(out.text(`o_${i}.prop`)) }));
    const a = byModule.find((x) => x.ir.includes('define spir_kernel void @_Z1av'))!;
    const b = byModule.find((x) => x.ir.includes('define spir_kernel void @_Z1bv'))!;
    expect(a.props).to.deep.equal([['a', '_Z1av']]);
    expect(b.props).to.deep.equal([['b', '_Z1bv']]);
    // MDNode::get of the kept pairs: a new node (numbered after the module's), the old one unreferenced.
    expect(a.ir).to.contain('!sycl_registered_kernels = !{!6}\n').and.contain('!6 = !{!1}\n').and.not.match(/^!(0|2|3|4) = /m);
    expect(b.ir).to.contain('!sycl_registered_kernels = !{!6}\n').and.contain('!6 = !{!2}\n').and.not.match(/^!(0|1|3|4) = /m);
  });
  it('a module keeping every pair keeps the node; a name given twice keeps its first value; no pair of its own: no set, an empty node', () => {
    const one = run(ir('!sycl_registered_kernels = !{!0}\n!0 = !{!1, !5}'), '-S', '-symbols');
    expect(registered(one.text('o_0.prop'))).to.deep.equal([['a', '_Z1av']]);
    expect(one.text('o_0.ll')).to.contain('!sycl_registered_kernels = !{!0}\n').and.contain('!0 = !{!1, !5}\n');
    const distinct = run(ir('!sycl_registered_kernels = !{!0}\n!0 = distinct !{!1, !2}'), '-S', '-symbols');
    expect(distinct.text('o_0.ll')).to.contain('!sycl_registered_kernels = !{!6}\n').and.contain('!6 = !{!1, !2}\n');
    const split = run(ir('!sycl_registered_kernels = !{!0}\n!0 = !{!2}'), '-S', '-split=source');
    const a = [0, 1].find((i) => split.text(`o_${i}.ll`).includes('define spir_kernel void @_Z1av'))!;
    expect(registered(split.text(`o_${a}.prop`))).to.deep.equal([]);
    expect(split.text(`o_${a}.ll`)).to.contain('!sycl_registered_kernels = !{!6}\n').and.contain('!6 = !{}\n');
  });
  it('operands after the first are dropped, its pairs written; what LLVM would stop on is an error at its node', () => {
    const out = run(ir('!sycl_registered_kernels = !{!0, !6}\n!0 = !{!1, !2}\n!6 = !{!3}'), '-S', '-symbols');
    expect(registered(out.text('o_0.prop'))).to.deep.equal([['a', '_Z1av'], ['b', '_Z1bv']]);
    expect(out.text('o_0.ll')).to.contain('!sycl_registered_kernels = !{!0}\n').and.not.match(/^!6 = /m);
    expect(() => run(ir('!sycl_registered_kernels = !{!0}\n!0 = !{!"x"}'), '-S', '-symbols')).to.throw(IrSyntaxError, /must be metadata nodes/).with.property('line', 11);
    // A pair that is dropped may hold anything; a kept one needs its name to be a string.
    expect(() => run(ir('!sycl_registered_kernels = !{!0}\n!0 = !{!6, !1}\n!6 = !{i32 1, !"_Z4gonev"}'), '-S', '-symbols')).to.not.throw();
    expect(() => run(ir('!sycl_registered_kernels = !{!0}\n!0 = !{!6}\n!6 = !{i32 1, !"_Z1av"}'), '-S', '-symbols')).to.throw(IrSyntaxError, /first operand of !6 must be a string/).with.property('line', 12);
  });
});

describe('post-link -spec-const=emulation: descriptor sizes are the default value type\'s store size', () => {
  // An sret type whose store size (5, packed) differs from its default's ({ float, i8 }: 8).
  // SpecConstantsPass::run calls generateSpecConstantMetadata(M, SymID, DefValTy, NextID, false)
  // (intel/llvm:llvm/lib/SYCLLowerIR/SpecConstants.cpp@08fde7a7): the descriptor is sized by the
  // default's type (8), and updatePaddingInLastMDNode's PrevSize is that size; the buffer offsets
  // advance by SCTy's (5): the next constant (an i32) goes to 8 after 3 bytes of padding.
  const IR = `target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
%struct.P = type <{ float, i8 }>
%class.sid = type { { float, i8 } }
@id = dso_local global %class.sid { { float, i8 } { float 1.0, i8 1 } }, align 4
@n = private unnamed_addr constant [2 x i8] c"n\\00", align 1
@m = private unnamed_addr constant [2 x i8] c"m\\00", align 1
@idm = dso_local global { i32 } { i32 5 }, align 4
define spir_kernel void @K(ptr %buf) {
entry:
  %t = alloca %struct.P, align 1
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1PET_PKcPvS4_(ptr sret(%struct.P) align 1 %t, ptr @n, ptr @id, ptr %buf)
  %x = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPvS3_(ptr @m, ptr @idm, ptr %buf)
  ret void
}
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1PET_PKcPvS4_(ptr sret(%struct.P) align 1, ptr, ptr, ptr)
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPvS3_(ptr, ptr, ptr)
`;
  it('n: {0, 0, 8} plus the padding descriptor {-1, 8, 3}; m loaded at 8', () => {
    const out = run(IR, '-spec-const=emulation', '-S', '--ir-output-only');
    expect([...out.keys()].sort()).to.deep.equal(['in.ll', 'o.table']);
    const text = out.text('o.table'); // --ir-output-only: the module itself is written to -o
    expect(text).to.contain('!{!"n", i32 0, i32 0, i32 8, i32 -1, i32 8, i32 3}');
    expect(text).to.contain('!{!"m", i32 1, i32 0, i32 4}');
    expect(text).to.contain('getelementptr i8, ptr %buf, i32 8');
  });
});

describe('post-link: a module that is not split keeps no required work-group size (intel/llvm#16236)', () => {
  // sycl-post-link.cpp computeModuleProperties: "When the split mode is none, the required work group
  // size will be added to the whole module, which will make the runtime unable to launch the other
  // kernels" — so [SYCL/device requirements] loses reqd_work_group_size_uint64_t.
  const IR = `target triple = "spir64-unknown-unknown"
define weak_odr spir_kernel void @kA() #0 !reqd_work_group_size !0 {
  ret void
}
define weak_odr spir_kernel void @kB() #1 {
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
!0 = !{i64 16, i64 1, i64 1}
`;
  const reqd = (prop: string): boolean => readRegistry(new TextEncoder().encode(prop)).get('SYCL/device requirements')?.has('reqd_work_group_size_uint64_t') ?? false;

  it('-split=none and no -split: one image, without the size one of its kernels asks for', () => {
    for (const args of [['-split=none'], []]) {
      const out = run(IR, '-properties', '-symbols', '-S', ...args);
      expect(out.text('o_0.sym'), args.join(' ')).to.equal('kA\nkB\n');
      expect(reqd(out.text('o_0.prop')), args.join(' ')).to.equal(false);
      expect(out.has('o_1.prop')).to.equal(false);
    }
  });

  it('split by source or kernel: the image of kA keeps it', () => {
    for (const mode of ['source', 'kernel', 'auto']) {
      const out = run(IR, '-properties', '-symbols', '-S', `-split=${mode}`);
      const withA = [0, 1].find((i) => out.text(`o_${i}.sym`) === 'kA\n')!;
      expect(reqd(out.text(`o_${withA}.prop`)), mode).to.equal(true);
      expect(reqd(out.text(`o_${1 - withA}.prop`)), mode).to.equal(false);
    }
  });
});

describe('post-link: -id-queries-range (clang -fsycl-id-queries-range, forwarded by the driver)', () => {
  // The intel/llvm sycl-post-link lit test of this option (found in the code index by its text; the
  // index does not show its path): default and `int` write no idQueriesRange, `uint` writes
  // [SYCL/misc properties] idQueriesRange=1|1, `size_t` idQueriesRange=1|2. Its module:
  const IR = `target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define dso_local spir_func noundef i32 @_Z3fooii(i32 noundef %a, i32 noundef %b) local_unnamed_addr #0 {
entry:
  %sub = sub nsw i32 %a, %b
  ret i32 %sub
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) "sycl-module-id"="test.cpp" }
`;
  const misc = (prop: string) => readRegistry(new TextEncoder().encode(prop)).get('SYCL/misc properties');

  it('int (the default) writes nothing; uint 1 and size_t 2', () => {
    const base = ['-properties', '-split=auto', '-symbols', '-S'];
    expect(run(IR, ...base).text('o_0.prop')).to.not.include('idQueriesRange');
    expect(run(IR, ...base, '-id-queries-range=int').text('o_0.prop')).to.not.include('idQueriesRange');
    expect(misc(run(IR, ...base, '-id-queries-range=uint').text('o_0.prop'))?.get('idQueriesRange')).to.deep.equal(uint32(1));
    expect(misc(run(IR, ...base, '-id-queries-range', 'size_t').text('o_0.prop'))?.get('idQueriesRange')).to.deep.equal(uint32(2));
  });

  it('another value is refused as LLVM\u2019s option parser refuses it; the option may be given once', () => {
    expect(() => parsePostLinkArgs(['-id-queries-range=long', '-split=auto', 'in.ll'])).to.throw("for the -id-queries-range option: Cannot find option named 'long'!");
    expect(() => parsePostLinkArgs(['-id-queries-range=int', '-id-queries-range=uint', '-split=auto', 'in.ll'])).to.throw('may only occur zero or one times');
  });

  it('-force-disable-esimd-opt is accepted (only ESIMD lowering reads it) and changes nothing here', () => {
    const a = run(IR, '-properties', '-split=auto', '-symbols', '-S');
    const b = run(IR, '-properties', '-split=auto', '-symbols', '-S', '-force-disable-esimd-opt');
    expect([...b.keys()]).to.deep.equal([...a.keys()]);
    for (const k of a.keys()) if (k !== 'in.ll') expect(b.text(k), k).to.equal(a.text(k));
  });
});

describe('post-link: --device-lib-dir, the bfloat16 device libraries as images of their own', () => {
  // sycl-post-link.cpp processInputModule / saveDeviceLibModule and ComputeModuleRuntimeInfo.cpp@46a4a43c
  // computeDeviceLibProperties: when an image declares a bfloat16 conversion function (SPIR/SPIR-V
  // triple), DIR/libsycl-fallback-bfloat16.bc and DIR/libsycl-native-bfloat16.bc follow as images.
  const KERNEL = `target triple = "spir64-unknown-unknown"
declare spir_func i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4))
define weak_odr spir_kernel void @k(ptr addrspace(4) %p) #0 {
  %r = call spir_func i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) %p)
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
`;
  // (parseIRFile reads IR text under a .bc name as well; the real libraries are bitcode)
  const LIB = `target triple = "spir64-unknown-unknown"
define weak_odr spir_func i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) %p) {
  ret i16 0
}
define internal spir_func void @helper() {
  ret void
}
`;
  const enc = (s: string) => new TextEncoder().encode(s);
  function runWith(ir: string, args: string[], libs = true) {
    const fs = memFs(ir);
    if (libs) for (const n of ['libsycl-fallback-bfloat16.bc', 'libsycl-native-bfloat16.bc']) fs.files.set(`d/${n}`, enc(LIB));
    postLink(parsePostLinkArgs([...args, 'in.ll', '-o', 'o.table']), fs);
    return (p: string) => text(fs, p);
  }

  it('two more images, fallback then native, with their exported symbols and bfloat16 = 0 / 1', () => {
    const t = runWith(KERNEL, ['-properties', '-symbols', '-split=auto', '-S', '--device-lib-dir=d']);
    expect(t('o.table')).to.equal('[Code|Properties|Symbols]\no_0.ll|o_0.prop|o_0.sym\no_1.ll|o_1.prop|o_1.sym\no_2.ll|o_2.prop|o_2.sym\n');
    for (const [i, native] of [[1, 0], [2, 1]] as const) {
      expect(t(`o_${i}.prop`)).to.equal(`[SYCL/exported symbols]\n__devicelib_ConvertFToBF16INTEL=1|1\n[SYCL/devicelib metadata]\nbfloat16=1|${native}\n`);
      expect(t(`o_${i}.sym`)).to.equal('');
      // saved as read: the helper stays (no cleanup), the module named by its path
      expect(t(`o_${i}.ll`)).to.match(new RegExp(`^; ModuleID = 'd/libsycl-${native ? 'native' : 'fallback'}-bfloat16.bc'`)).and.include('define internal spir_func void @helper()');
    }
  });

  it('nothing more without the option, without a declaration, or for a triple that is not SPIR', () => {
    expect(runWith(KERNEL, ['-properties', '-split=auto', '-S'])('o.table').split('\n')).to.have.length(3);
    const defined = KERNEL.replace('declare spir_func i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4))', 'define spir_func i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) %q) {\n  ret i16 0\n}');
    expect(runWith(defined, ['-properties', '-split=auto', '-S', '--device-lib-dir', 'd'])('o.table').split('\n')).to.have.length(3);
    const ptx = KERNEL.replace('spir64-unknown-unknown', 'nvptx64-nvidia-cuda');
    expect(runWith(ptx, ['-properties', '-split=auto', '-S', '--device-lib-dir=d'])('o.table').split('\n')).to.have.length(3);
  });

  it('asked before cleanup, as upstream asks: an unused declaration counts (review 2026-11-27x F6), in a split module too (a clone with every function of the input)', () => {
    const unused = KERNEL.replace('  %r = call spir_func i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) %p)\n', '');
    for (const split of ['-split=none', '-split=kernel']) {
      expect(runWith(unused, ['-properties', split, '-S', '--device-lib-dir=d'])('o.table').trim().split('\n'), split).to.have.length(4);
    }
  });

  it('a library that is missing: upstream\u2019s error, naming the file', () => {
    expect(() => runWith(KERNEL, ['-properties', '-split=auto', '-S', '--device-lib-dir=d'], false)).to.throw(/^failed to load bfloat16 device library modules: d\/libsycl-fallback-bfloat16\.bc/);
  });
});

describe('post-link --era=main: current intel/llvm rules (sycl-post-link.cpp of the index, ModuleSplitter.cpp@01e7e04f)', () => {
  const IR = `target triple = "spir64-unknown-unknown"
declare spir_func void @__devicelib_assert_fail()
define spir_func void @helper() {
  ret void
}
define spir_func void @ext() #0 {
  ret void
}
define spir_func void @vf() #2 {
  ret void
}
define spir_kernel void @kA() #0 {
  call spir_func void @helper()
  call spir_func void @ext()
  call spir_func void @__devicelib_assert_fail()
  ret void
}
define spir_kernel void @kB() #1 {
  call spir_func void @helper()
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "sycl-module-id"="a.cpp" "referenced-indirectly" }
`;
  it('no -split is -split=auto (here by source); -split=none alone is no action; the copied tests\u2019 era keeps one image', () => {
    const main = run(IR, '--era=main', '-symbols', '-S');
    expect(symbols(main)).to.deep.equal(['kB', 'ext\nvf\nkA']);
    expect(symbols(run(IR, '-symbols', '-S'))).to.have.length(1);
    expect(() => run(IR, '--era=main', '-split=none')).to.throw(/no actions specified/);
    expect(() => run(IR, '--era=main', '-S')).to.not.throw();
    expect(() => run(IR, '--era=later')).to.throw(/Cannot find option named 'later'/);
  });

  it('.prop files and the Properties column only with -properties (intel/llvm#14220); no [SYCL/assert used]', () => {
    const none = run(IR, '--era=main', '-symbols', '-S');
    expect(none.text('o.table').split('\n')[0]).to.equal('[Code|Symbols]');
    expect([...none.keys()].some((k) => k.endsWith('.prop'))).to.equal(false);
    const props = run(IR, '--era=main', '-properties', '-S');
    expect(props.text('o.table').split('\n')[0]).to.equal('[Code|Properties]');
    for (const k of [...props.keys()].filter((x) => x.endsWith('.prop'))) expect(props.text(k), k).to.not.contain('[SYCL/assert used]');
    // The copied tests' era: written without -properties, with the assert set.
    const tests = run(IR, '-split=source', '-S');
    expect(tests.text('o.table').split('\n')[0]).to.equal('[Code|Properties]');
    expect([...tests.keys()].filter((k) => k.endsWith('.prop')).map((k) => tests.text(k)).join('')).to.contain('[SYCL/assert used]\nkA=1|1\n');
  });

  it('every output module internalized but its entry points and referenced-indirectly / indirectly-callable functions (mustPreserveGV)', () => {
    const out = run(IR, '--era=main', '-S');
    const outputs = (files: Map<string, Uint8Array> & { text(p: string): string }): string[] => [...files.keys()].filter((k) => /^o_\d+\.ll$/.test(k)).map((k) => files.text(k));
    const image = (entry: string): string => outputs(out).find((t) => t.includes(`@${entry}()`) && t.includes(`define spir_kernel void @${entry}`))!;
    const a = image('kA');
    expect(a).to.match(/define internal spir_func void @helper\(\)/);
    expect(a).to.match(/define spir_func void @ext\(\)/); // an entry point of this image (SYCL_EXTERNAL, a.cpp)
    expect(a).to.match(/define spir_func void @vf\(\)/); // referenced-indirectly
    const b = image('kB');
    expect(b).to.match(/define internal spir_func void @helper\(\)/);
    // Each entry point marked "sycl-entry-point" (F->addFnAttr before InternalizePass), in a group of its
    // set (sorted as AsmWriter sorts string attributes); the others keep theirs.
    const groupOf = (text: string, fn: string): string => new RegExp(`define [^\\n]*@${fn}\\(\\) (#\\d+) \\{`).exec(text)![1]!;
    const setOf = (text: string, g: string): string => new RegExp(`^attributes ${g} = \\{ (.*) \\}$`, 'm').exec(text)![1]!;
    expect(setOf(a, groupOf(a, 'kA'))).to.equal('"sycl-entry-point" "sycl-module-id"="a.cpp"');
    expect(groupOf(a, 'ext')).to.equal(groupOf(a, 'kA'));
    expect(setOf(a, groupOf(a, 'vf'))).to.equal('"referenced-indirectly" "sycl-entry-point" "sycl-module-id"="a.cpp"');
    expect(setOf(b, groupOf(b, 'kB'))).to.equal('"sycl-entry-point" "sycl-module-id"="b.cpp"');
    expect(b).to.not.match(/^attributes #[01] /m); // the input's groups, used by no function of this image, are not printed
    // The copied tests' era: linkage as written.
    const t = run(IR, '-split=source', '-S');
    expect(outputs(t).join('')).to.not.contain('define internal');
    // With -allow-device-image-dependencies: the kernels and importable functions (the rule both eras share), no mark.
    const dyn = run(IR, '--era=main', '-allow-device-image-dependencies', '-S');
    expect(outputs(dyn).join('')).to.match(/define internal spir_func void @helper\(\)/);
    expect(outputs(dyn).join('')).to.not.contain('sycl-entry-point');
    expect(outputs(t).join('')).to.not.contain('sycl-entry-point');
  });

  it("computeModuleProperties@09168482: no devicelib mask, register-alloc mode or host pipes; imports only the bf16 device library without -allow-device-image-dependencies; a function marked \"sycl-entry-point\" in the input stays external", () => {
    const ir = `target triple = "spir64-unknown-unknown"
@hp = addrspace(1) global i32 0 #3
declare spir_func void @ext() #0
declare spir_func void @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4), ptr addrspace(4))
define spir_func void @marked() #4 {
  ret void
}
define spir_kernel void @k() #2 {
  call spir_func void @ext()
  call spir_func void @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) null, ptr addrspace(4) null)
  call spir_func void @marked()
  %v = load i32, ptr addrspace(1) @hp
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #2 = { "sycl-module-id"="a.cpp" "sycl-register-alloc-mode"="2" }
attributes #3 = { "sycl-host-pipe" "sycl-host-pipe-size"="4" "sycl-unique-id"="hp_id" }
attributes #4 = { "sycl-entry-point" }
`;
    const props = (args: string[]): string => {
      const out = run(ir, '-properties', '-emit-imported-symbols', '-split=none', '-S', ...args);
      return out.text('o_0.prop');
    };
    const tests = props([]);
    expect(tests).to.contain('[SYCL/devicelib req mask]');
    expect(tests).to.contain('sycl-register-alloc-mode=1|2');
    expect(tests).to.contain('[SYCL/host pipes]');
    expect(tests).to.match(/\[SYCL\/imported symbols\]\next=1\|1\n__devicelib_ConvertFToBF16INTEL=1\|1\n/);
    const main = props(['--era=main']);
    expect(main).to.not.contain('[SYCL/devicelib req mask]');
    expect(main).to.not.contain('sycl-register-alloc-mode');
    expect(main).to.not.contain('[SYCL/host pipes]');
    expect(main).to.match(/\[SYCL\/imported symbols\]\n__devicelib_ConvertFToBF16INTEL=1\|1\n/);
    expect(props(['--era=main', '-allow-device-image-dependencies'])).to.match(/\[SYCL\/imported symbols\]\next=1\|1\n__devicelib_ConvertFToBF16INTEL=1\|1\n/);
    // "sycl-entry-point" in the input: mustPreserveGV asks the attribute, so @marked stays external.
    const code = run(ir, '--era=main', '-split=none', '-symbols', '-S').text('o_0.ll');
    expect(code).to.match(/define spir_func void @marked\(\)/);
  });

  it('device globals among the exported (definitions, external, no image scope) and imported (device_global declarations, with dependencies) symbols', () => {
    const ir = `target triple = "spir64-unknown-unknown"
%"class.sycl::_V1::ext::oneapi::experimental::device_global" = type { ptr addrspace(4) }
@dg = addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer #1
@dgs = addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer #2
@dgi = internal addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer #3
@dgdecl = external addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global"
define spir_func void @sx() #0 {
  %a = load ptr addrspace(4), ptr addrspace(1) @dg
  %b = load ptr addrspace(4), ptr addrspace(1) @dgs
  %c = load ptr addrspace(4), ptr addrspace(1) @dgi
  %d = load ptr addrspace(4), ptr addrspace(1) @dgdecl
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-unique-id"="dg_id" }
attributes #2 = { "sycl-device-global-size"="4" "sycl-unique-id"="dgs_id" "sycl-device-image-scope" }
attributes #3 = { "sycl-device-global-size"="4" "sycl-unique-id"="dgi_id" }
`;
    const props = (...args: string[]): string => run(ir, '-properties', '-emit-exported-symbols', '-emit-imported-symbols', '-S', ...args).text('o_0.prop');
    expect(props('--era=main', '-allow-device-image-dependencies')).to.contain('[SYCL/exported symbols]\nsx=1|1\ndg=1|1\n[SYCL/imported symbols]\ndgdecl=1|1\n');
    const noDeps = props('--era=main');
    expect(noDeps).to.contain('[SYCL/exported symbols]\nsx=1|1\ndg=1|1\n');
    expect(noDeps).to.not.contain('dgdecl');
    // The copied tests' era: functions only.
    expect(props('-split=auto')).to.match(/\[SYCL\/exported symbols\]\nsx=1\|1\n$/);
  });

  it('the library options take era too (postLinkOptions): a wrong one is an ArgumentError', async () => {
    const { postLinkOptions } = await import('../../src/lower/post-link/options.js');
    expect(postLinkOptions({ input: 'in.ll', era: 'main' }).split).to.equal('auto');
    expect(postLinkOptions({ input: 'in.ll', era: 'main', split: 'kernel' }).split).to.equal('kernel');
    expect(() => postLinkOptions({ input: 'in.ll', era: 'later' as 'main' })).to.throw(/era must be tests or main/);
  });
});

describe('post-link: [SYCL/devicelib req mask] (getSYCLDeviceLibReqMask)', () => {
  it('SPIR and SPIR-V triples with their sub-architectures (intel/llvm#15336), other triples 0; group-sort fallbacks are 0x400 (SYCLDeviceLibReqMask.cpp@4ae26deb)', async () => {
    const { deviceLibReqMask, deviceLibBit } = await import('../../src/lower/post-link/image-requirements.js');
    const { parseLlvmIr } = await import('../../src/lower/llvm-ir/parse/parser.js');
    const mask = (triple: string, fn = '__devicelib_imf_umulhi'): number =>
      deviceLibReqMask(...((m) => [m, m.functions] as const)(parseLlvmIr(`target triple = "${triple}"\ndeclare spir_func i32 @${fn}(i32, i32)\n`)));
    for (const t of ['spir64-unknown-unknown', 'spir-unknown-unknown', 'spir64_gen-unknown-unknown', 'spir64_x86_64-unknown-unknown', 'spirv64-unknown-unknown', 'spirv64v1.6-unknown-unknown']) expect(mask(t), t).to.equal(0x40);
    for (const t of ['nvptx64-nvidia-cuda', 'amdgcn-amd-amdhsa', 'x86_64-unknown-linux-gnu']) expect(mask(t), t).to.equal(0);
    expect(deviceLibBit('__devicelib_default_work_group_joint_sort_ascending_p1i32_u32_p1i8')).to.equal(0x400);
    expect(deviceLibBit('__devicelib_default_sub_group_private_sort_close_ascending_i32')).to.equal(0x400);
    expect(deviceLibBit('__devicelib_assert_fail')).to.equal(0x1);
    // SDLMap's imf families by name: fp64 (a bfloat16 conversion from double too), bf16 (bfloat16 spelled out too), the rest imf.
    expect(deviceLibBit('__devicelib_imf_fma')).to.equal(0x80);
    expect(deviceLibBit('__devicelib_imf_dadd_rz')).to.equal(0x80);
    expect(deviceLibBit('__devicelib_imf_double2bfloat16')).to.equal(0x80);
    expect(deviceLibBit('__devicelib_imf_float2bfloat16_rn')).to.equal(0x100);
    expect(deviceLibBit('__devicelib_imf_bfloat162ushort_ru')).to.equal(0x100);
    expect(deviceLibBit('__devicelib_imf_sqrtbf16')).to.equal(0x100);
    expect(deviceLibBit('__devicelib_imf_fmaf')).to.equal(0x40);
    expect(deviceLibBit('__devicelib_imf_fmaf16')).to.equal(0x40);
    expect(deviceLibBit('__devicelib_ConvertFToBF16INTELVec8')).to.equal(0x200);
    expect(deviceLibBit('__devicelib_nothing')).to.equal(0);
  });
});
