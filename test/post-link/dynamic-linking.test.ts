/**
 * Dependencies between device images (src/lower/post-link/dynamic-linking.ts) beyond the copied
 * upstream tests: InternalizePass as LLVM runs it (opt-19 -passes=internalize, given what
 * sycl-post-link's mustPreserveGV keeps: kernels, importable functions, every global variable),
 * which functions can be imported, and the options.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { parseLlvmIr } from '../../src/lower/llvm-ir/parse/parser.js';
import { canBeImportedFunction, importedSymbols } from '../../src/lower/post-link/dynamic-linking.js';
import { parsePostLinkArgs } from '../../src/lower/post-link/options.js';
import { requireTool } from '../support/tools.js';

async function postLink(args: string[], cwd: string): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await runCli(['post-link', ...args], { stdout: { write: () => undefined }, stderr: { write: (c) => void (err += String(c)) }, cwd, env: {} });
  return { code, err };
}

/** The lines InternalizePass decides: comdats, global variables, function headers; whitespace and attribute groups left out. */
function linkageLines(ir: string): string[] {
  return ir
    .split('\n')
    .filter((l) => /^(\$|@|define )/.test(l))
    .map((l) => l.replace(/ #[0-9]+/g, '').replace(/\s+/g, ' ').replace(/ \{$/, '').trim());
}

describe('post-link -allow-device-image-dependencies: InternalizePass and imports', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'syclbin-dynlink-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('internalizes as opt-19 -passes=internalize does with the same functions preserved: linkage, visibility, dso_local, comdats of one or more members, a global keeping its comdat', async () => {
    const opt = requireTool('opt-19');
    const ir = `target triple = "spir64-unknown-unknown"
$c1 = comdat any
$c2 = comdat any
$c3 = comdat any
$c4 = comdat any
$lonely = comdat any
@g3 = global i32 0, comdat($c3)
@lv = internal global i32 0, comdat($lonely)
@g = internal global i32 1
define weak_odr hidden void @a() comdat($c1) {
  ret void
}
define linkonce_odr dso_local void @b() comdat($c2) {
  ret void
}
define linkonce_odr void @b2() comdat($c2) {
  ret void
}
define void @c() comdat($c3) {
  ret void
}
define private void @d() comdat($c4) {
  ret void
}
define dllexport void @e() {
  ret void
}
define protected void @f() {
  ret void
}
define available_externally void @h() {
  ret void
}
define weak_odr dso_local spir_func void @imp() #1 {
  ret void
}
define dso_local spir_kernel void @k() #0 {
  call void @a()
  call void @b()
  call void @b2()
  call void @c()
  call void @d()
  call void @e()
  call void @f()
  call void @h()
  call void @imp()
  %v = load i32, ptr @g
  %w = load i32, ptr @g3
  %x = load i32, ptr @lv
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
`;
    writeFileSync(join(dir, 'int.ll'), ir);
    const r = await postLink(['-support-dynamic-linking', '-symbols', '-S', 'int.ll', '-o', 'int.table'], dir);
    expect(r.code, r.err).to.equal(0);
    const ours = readFileSync(join(dir, 'int_0.ll'), 'utf8');
    // sycl-post-link preserves the kernel, the importable @imp and every global variable.
    const llvm = execFileSync(opt, ['-passes=internalize,globaldce', '-internalize-public-api-list=k,imp,g3,g,lv', '-S', join(dir, 'int.ll')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(linkageLines(ours)).to.deep.equal(linkageLines(llvm));
    expect(ours).to.contain('$c2 = comdat nodeduplicate').and.contain('define internal void @a() {').and.contain('define weak_odr dso_local spir_func void @imp()');
  });

  it('GlobalDCE keeps every member of a live member\'s comdat (before and after it in the module), as opt-19 -passes=globaldce does', async () => {
    const opt = requireTool('opt-19');
    const ir = 'target triple = "spir64-unknown-unknown"\n$c = comdat any\ndefine spir_kernel void @k() #0 {\n  call spir_func void @a()\n  ret void\n}\n' +
      'define linkonce_odr spir_func void @z() comdat($c) {\n  ret void\n}\ndefine linkonce_odr spir_func void @a() comdat($c) {\n  ret void\n}\ndefine linkonce_odr spir_func void @b() comdat($c) {\n  ret void\n}\n' +
      'define linkonce_odr spir_func void @unused() {\n  ret void\n}\nattributes #0 = { "sycl-module-id"="a.cpp" }\n';
    writeFileSync(join(dir, 'cd.ll'), ir);
    const r = await postLink(['-symbols', '-S', 'cd.ll', '-o', 'cd.table'], dir);
    expect(r.code, r.err).to.equal(0);
    const llvm = execFileSync(opt, ['-passes=globaldce', '-S', join(dir, 'cd.ll')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(linkageLines(readFileSync(join(dir, 'cd_0.ll'), 'utf8'))).to.deep.equal(linkageLines(llvm));
  });

  it('a function left to another image is a declaration for every pass: no spec constants lowered in it, no metadata or assert use taken from it', async () => {
    const ir = `target triple = "spir64-unknown-unknown"
%struct.id = type { i32 }
@name = private unnamed_addr addrspace(1) constant [2 x i8] c"n\\00", align 1
@sid = linkonce_odr addrspace(1) constant %struct.id { i32 1 }, align 4
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func void @__devicelib_assert_fail()
define spir_kernel void @k(ptr addrspace(1) %p) #0 {
  %v = call spir_func i32 @_Z3foov()
  store i32 %v, ptr addrspace(1) %p
  ret void
}
define spir_func i32 @_Z3foov() #1 !reqd_work_group_size !0 !sycl_used_aspects !1 {
  call spir_func void @__devicelib_assert_fail()
  %c = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr addrspace(1) @name to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @sid to ptr addrspace(4)), ptr addrspace(4) null)
  ret i32 %c
}
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
!0 = !{i32 4, i32 2, i32 1}
!1 = !{i32 5}
`;
    writeFileSync(join(dir, 'decl.ll'), ir);
    const r = await postLink(['-support-dynamic-linking', '-spec-const=native', '-emit-program-metadata', '-split=source', '-S', 'decl.ll', '-o', 'decl.table'], dir);
    expect(r.code, r.err).to.equal(0);
    // decl_0 is b.cpp (descending keys): it defines _Z3foov. decl_1 (a.cpp, the kernel) only declares it.
    const text = readFileSync(join(dir, 'decl_1.ll'), 'utf8');
    expect(text).to.contain('declare spir_func i32 @_Z3foov() #1').and.not.contain('__spirv_SpecConstant');
    expect(readFileSync(join(dir, 'decl_1.prop'), 'utf8')).to.equal('[SYCL/devicelib req mask]\nDeviceLibReqMask=1|0\n[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n');
    expect(readFileSync(join(dir, 'decl_0.prop'), 'utf8')).to.contain('[SYCL/specialization constants]').and.contain('_Z3foov@reqd_work_group_size');
  });

  it('an indirect call still pulls in an importable referenced-indirectly function (DependencyGraph drops use edges to it, not call-type edges)', async () => {
    writeFileSync(
      join(dir, 'ind.ll'),
      'target triple = "spir64-unknown-unknown"\ndefine spir_kernel void @k(ptr %fp) #0 {\n  call spir_func void @helper(ptr %fp)\n  ret void\n}\n' +
        'define internal spir_func void @helper(ptr %fp) {\n  call spir_func void %fp()\n  ret void\n}\ndefine spir_func void @_Z1hv() #1 {\n  ret void\n}\n' +
        'attributes #0 = { "sycl-module-id"="a.cpp" }\nattributes #1 = { "sycl-module-id"="a.cpp" "referenced-indirectly" }\n',
    );
    const r = await postLink(['-support-dynamic-linking', '-split=kernel', '-S', 'ind.ll', '-o', 'ind.table'], dir);
    expect(r.code, r.err).to.equal(0);
    // _Z1hv is an entry point of its own (SYCL_EXTERNAL) and reached from k's indirect call: both images define it.
    expect(readFileSync(join(dir, 'ind_0.ll'), 'utf8')).to.contain('define spir_func void @_Z1hv() #1 {');
    expect(readFileSync(join(dir, 'ind_1.ll'), 'utf8')).to.contain('define spir_func void @_Z1hv() #1 {');
  });

  it('the device_image_scope check sees every use, with the switch too; a virtual function made external for cleanup is internalized and dropped when not importable', async () => {
    writeFileSync(
      join(dir, 'dg.ll'),
      'target triple = "spir64-unknown-unknown"\n@dg = linkonce_odr dso_local addrspace(1) global i32 0, align 4 #2\ndefine spir_kernel void @k1() #0 {\n  call spir_func void @_Z3foov()\n  ret void\n}\n' +
        'define spir_kernel void @k2() #1 {\n  ret void\n}\ndefine spir_func void @_Z3foov() #1 {\n  store i32 1, ptr addrspace(1) @dg\n  ret void\n}\n' +
        'attributes #0 = { "sycl-module-id"="a.cpp" }\nattributes #1 = { "sycl-module-id"="b.cpp" }\nattributes #2 = { "sycl-unique-id"="dg" "sycl-device-image-scope"="true" "sycl-host-access"="2" "sycl-device-global-size"="4" }\n',
    );
    const dg = await postLink(['-support-dynamic-linking', '--device-globals', '-split=source', '-S', 'dg.ll', '-o', 'dg.table'], dir);
    expect(dg.code).to.equal(1);
    expect(dg.err).to.contain('is used in more than one device image');
    writeFileSync(
      join(dir, 'vf.ll'),
      'target triple = "spir64-unknown-unknown"\n@vtable = linkonce_odr dso_local unnamed_addr addrspace(1) constant { [3 x ptr addrspace(4)] } { [3 x ptr addrspace(4)] [ptr addrspace(4) null, ptr addrspace(4) null, ptr addrspace(4) addrspacecast (ptr @foo to ptr addrspace(4))] }, align 8\n' +
        'define internal spir_func void @foo() #0 {\nentry:\n  ret void\n}\ndefine weak_odr dso_local spir_kernel void @kernel(ptr addrspace(1) %p) #1 {\nentry:\n  store ptr addrspace(1) getelementptr inbounds (i8, ptr addrspace(1) @vtable, i64 16), ptr addrspace(1) %p, align 8\n  ret void\n}\n' +
        'attributes #0 = { "indirectly-callable"="set-foo" }\nattributes #1 = { "sycl-module-id"="v.cpp" }\n',
    );
    const vf = await postLink(['-support-dynamic-linking', '-split=auto', '-emit-only-kernels-as-entry-points', '-S', 'vf.ll', '-o', 'vf.table'], dir);
    expect(vf.code, vf.err).to.equal(0);
    // The set's own image: @foo (no sycl-module-id, so not importable) externalized, internalized again, and unused: gone.
    expect(readFileSync(join(dir, 'vf_1.ll'), 'utf8')).to.not.contain('@foo');
  });

  it('without the option nothing is internalized (the copied tests of that era keep linkage as written)', async () => {
    writeFileSync(join(dir, 'plain.ll'), 'target triple = "spir64-unknown-unknown"\ndefine weak_odr void @a() {\n  ret void\n}\ndefine spir_kernel void @k() #0 {\n  call void @a()\n  ret void\n}\nattributes #0 = { "sycl-module-id"="a.cpp" }\n');
    const r = await postLink(['-symbols', '-S', 'plain.ll', '-o', 'plain.table'], dir);
    expect(r.code, r.err).to.equal(0);
    expect(readFileSync(join(dir, 'plain_0.ll'), 'utf8')).to.contain('define weak_odr void @a() {');
  });

  it('canBeImportedFunction: SYCL_EXTERNAL, not an intrinsic, no __ in the name or its demangling; bfloat16 device-library declarations always; indirectly-callable ones are not listed', () => {
    const m = parseLlvmIr(
      'declare void @childA() #0\ndeclare void @_Z8__insidev() #0\ndeclare void @__x() #0\ndeclare void @n() #0\ndeclare void @noId()\n' +
        'declare i8 @llvm.bitreverse.i8(i8)\ndeclare float @__devicelib_ConvertBF16ToFINTEL(ptr)\ndeclare void @virt() #1\ndeclare void @_ZN2ns3fooEv() #0\n' +
        'attributes #0 = { "sycl-module-id"="x.cpp" }\nattributes #1 = { "sycl-module-id"="x.cpp" "indirectly-callable"="set" }\n',
    );
    const importable = m.functions.filter((f) => canBeImportedFunction(m, f, true)).map((f) => f.name);
    // @n demangles as a type, `__int128` (llvm::itaniumDemangle reads a name that is not _Z… as a type).
    expect(importable).to.deep.equal(['childA', '__devicelib_ConvertBF16ToFINTEL', 'virt', '_ZN2ns3fooEv']);
    expect(importedSymbols(m, m.functions, new Set())).to.deep.equal(['childA', '__devicelib_ConvertBF16ToFINTEL', '_ZN2ns3fooEv']);
    // A definition is never imported through the bfloat16 rule.
    expect(canBeImportedFunction(m, m.functions.find((f) => f.name === '__devicelib_ConvertBF16ToFINTEL')!, false)).to.equal(false);
  });

  it('options: both spellings of the switch (not an action by itself), -emit-imported-symbols an action refused with -ir-output-only', async () => {
    expect(parsePostLinkArgs(['-support-dynamic-linking', '-split=kernel', 'x.ll']).allowDeviceImageDependencies).to.equal(true);
    expect(parsePostLinkArgs(['--allow-device-image-dependencies', '-split=kernel', 'x.ll']).allowDeviceImageDependencies).to.equal(true);
    expect(() => parsePostLinkArgs(['-support-dynamic-linking', 'x.ll'])).to.throw('no actions specified');
    expect(parsePostLinkArgs(['-emit-imported-symbols', 'x.ll']).emitImportedSymbols).to.equal(true);
    expect(() => parsePostLinkArgs(['-emit-imported-symbols', '--ir-output-only', '-spec-const=native', 'x.ll'])).to.throw("error: -emit-imported-symbols can't be used with -ir-output-only");
  });
});
