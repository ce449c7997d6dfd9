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
@g3 = global i32 0, comdat($c3)
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
    const llvm = execFileSync(opt, ['-passes=internalize', '-internalize-public-api-list=k,imp,g3,g', '-S', join(dir, 'int.ll')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(linkageLines(ours)).to.deep.equal(linkageLines(llvm));
    expect(ours).to.contain('$c2 = comdat nodeduplicate').and.contain('define internal void @a() {').and.contain('define weak_odr dso_local spir_func void @imp()');
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
