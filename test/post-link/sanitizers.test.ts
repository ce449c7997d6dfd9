/**
 * What post-link does for sanitized modules (src/lower/post-link/sanitizers.ts) beyond the copied
 * device-sanitizer tests: the `[SYCL/misc properties]` entry (the metadata globals of each
 * sanitizer, with and without a per-module id, their precedence, the older `asanUsed`, where the
 * entry goes); the metadata globals re-created as SanitizerKernelMetadataPass makes them (what is
 * copied from the old global and what is not, the attribute set, the decoration), printed as
 * llvm-dis-19 prints the same module; the sentinel kernels; the device-global size; the warnings
 * for what later revisions also do.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { parseLlvmIr } from '../../src/lower/llvm-ir/parse/parser.js';
import { sanitizerEntry } from '../../src/lower/post-link/sanitizers.js';
import { requireTool } from '../support/tools.js';

const entry = (ir: string): ReturnType<typeof sanitizerEntry> => {
  const m = parseLlvmIr(ir);
  return sanitizerEntry(m, m.globals);
};

describe('post-link: the sanitizer entry of [SYCL/misc properties]', () => {
  it('sanUsed names the sanitizer whose metadata global the module has (asan before msan before tsan; a per-module id suffix counts)', () => {
    expect(entry('@__TsanKernelMetadata = addrspace(1) global i32 0\n')).to.deep.equal({ key: 'sanUsed', value: 'tsan' });
    expect(entry('@__TsanKernelMetadata = addrspace(1) global i32 0\n@__MsanKernelMetadata_0123 = addrspace(1) global i32 0\n')).to.deep.equal({ key: 'sanUsed', value: 'msan' });
    expect(entry('@__AsanKernelMetadata_aaaa = addrspace(1) global i32 0\n@__MsanKernelMetadata = addrspace(1) global i32 0\n!device.sanitizer = !{!0}\n!0 = !{!"asan"}\n')).to.deep.equal({ key: 'sanUsed', value: 'asan' });
  });

  it('without a metadata global, !device.sanitizer naming asan gives the older asanUsed; anything else nothing', () => {
    expect(entry('!device.sanitizer = !{!0}\n!0 = !{!"asan"}\n')).to.deep.equal({ key: 'asanUsed' });
    expect(entry('!device.sanitizer = !{!0}\n!0 = !{!"msan"}\n')).to.equal(undefined);
    expect(entry('@x = global i32 0\n')).to.equal(undefined);
  });

  it('the oldest form: a function named __asan_init in the image (a declaration will do) gives asanUsed', () => {
    expect(entry('declare void @__asan_init()\n')).to.deep.equal({ key: 'asanUsed' });
    expect(entry('define void @__asan_init() {\n  ret void\n}\n')).to.deep.equal({ key: 'asanUsed' });
    expect(entry('declare void @__asan_init_v2()\n@__asan_init = global i32 0\n')).to.equal(undefined);
    // Per image: the split module that does not keep it has no entry.
    const m = parseLlvmIr('declare void @__asan_init()\n');
    expect(sanitizerEntry(m, m.globals, [])).to.equal(undefined);
  });

  it('the entry opens the misc set after [SYCL/assert used], or joins it where optLevel opened it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-san-'));
    try {
      const base = 'target triple = "spir64-unknown-unknown"\n@__TsanKernelMetadata = addrspace(1) global [1 x { i64, i64 }] [{ i64, i64 } { i64 0, i64 58 }]\ndeclare spir_func void @__devicelib_assert_fail()\n';
      writeFileSync(join(dir, 'a.ll'), base + 'define spir_kernel void @k() #0 {\n  call spir_func void @__devicelib_assert_fail()\n  ret void\n}\nattributes #0 = { "sycl-module-id"="a.cpp" }\n');
      writeFileSync(join(dir, 'b.ll'), base + 'define spir_kernel void @k() #0 {\n  ret void\n}\nattributes #0 = { "sycl-module-id"="a.cpp" "sycl-optlevel"="2" }\n');
      let err = '';
      const io = { stdout: { write: () => undefined }, stderr: { write: (c: string | Uint8Array) => void (err += String(c)) }, cwd: dir, env: {} };
      expect(await runCli(['post-link', '-symbols', '-S', 'a.ll', '-o', 'a.table'], io)).to.equal(0);
      expect(readFileSync(join(dir, 'a_0.prop'), 'utf8')).to.match(/\[SYCL\/assert used\]\nk=1\|1\n\[SYCL\/misc properties\]\nsanUsed=2\|gAAAAAAAAAAdzFmb\n$/);
      expect(err).to.equal('');
      expect(await runCli(['post-link', '-symbols', '-S', 'b.ll', '-o', 'b.table'], io)).to.equal(0);
      expect(readFileSync(join(dir, 'b_0.prop'), 'utf8')).to.match(/\[SYCL\/misc properties\]\noptLevel=1\|2\nsanUsed=2\|gAAAAAAAAAAdzFmb\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('post-link: sanitizer metadata globals and sentinel kernels', () => {
  let dir = '';
  let err = '';
  const io = () => ({ stdout: { write: () => undefined }, stderr: { write: (c: string | Uint8Array) => void (err += String(c)) }, cwd: dir, env: {} });
  const postLink = async (ir: string, ...args: string[]): Promise<{ code: number; files: (suffix: string) => string }> => {
    err = '';
    writeFileSync(join(dir, 'in.ll'), ir);
    const code = await runCli(['post-link', '-S', ...args, 'in.ll', '-o', 'out.table'], io());
    return { code, files: (suffix) => readFileSync(join(dir, `out${suffix}`), 'latin1') };
  };
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'syclbin-san-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const MODULE = `target triple = "spir64-unknown-unknown"
$c = comdat any
@__asan_kernel = internal addrspace(1) constant [2 x i8] c"k\\00"
@__AsanKernelMetadata_x = internal addrspace(1) global [1 x { i64, i64 }] zeroinitializer, section "san", comdat($c), align 8, !foo !0
@__TsanKernelMetadata_y = hidden unnamed_addr externally_initialized global [2 x { i64, i64 }] [{ i64, i64 } { i64 ptrtoint (ptr addrspace(1) @__asan_kernel to i64), i64 1 }, { i64, i64 } zeroinitializer], align 16 #0
define spir_kernel void @k() #1 {
  ret void
}
define spir_func void @__sanitizerModule_x() #2 {
  ret void
}
attributes #0 = { "sycl-device-global-size"="8" "sycl-unique-id"="tsan_y" "a" }
attributes #1 = { "sycl-module-id"="a.cpp" }
attributes #2 = { "sycl-entry-point" }
!0 = !{i32 1}
`;

  it('re-creates each metadata global: struct-wrapped, external, in addrspace(1), its dso_local, visibility, unnamed_addr, section, alignment, externally_initialized and attributes kept, its comdat and metadata not, the alloc size and !spirv.Decorations added', async () => {
    const { code, files } = await postLink(MODULE, '-symbols');
    expect(code).to.equal(0);
    const ir = files('_0.ll');
    // Numbered types first; the globals re-created after the others (appended), in module order.
    expect(ir).to.contain('%0 = type { [1 x { i64, i64 }] }\n%1 = type { [2 x { i64, i64 }] }\n\n@__asan_kernel =');
    expect(ir).to.contain('@__AsanKernelMetadata_x = dso_local addrspace(1) global %0 zeroinitializer, section "san", align 8, !spirv.Decorations !1 #3\n');
    expect(ir).to.contain(
      '@__TsanKernelMetadata_y = hidden unnamed_addr addrspace(1) externally_initialized global %1 { [2 x { i64, i64 }] [{ i64, i64 } { i64 ptrtoint (ptr addrspace(1) @__asan_kernel to i64), i64 1 }, { i64, i64 } zeroinitializer] }, align 16, !spirv.Decorations !1 #4\n',
    );
    expect(ir).not.to.contain('comdat').and.not.to.contain('!foo');
    // The size replaced in a new set (string attributes sorted by key); one decoration for both.
    expect(ir).to.contain('attributes #3 = { "sycl-device-global-size"="16" }\nattributes #4 = { "a" "sycl-device-global-size"="32" "sycl-unique-id"="tsan_y" }\n');
    expect(ir).to.match(/!1 = !\{!2\}\n!2 = !\{i32 6147, i32 0, !"_Z20__SanitizerKernelMetadata"\}\n$/);
    // Sentinels after the functions, named after each global's id, the taken name made unique, the existing { "sycl-entry-point" } group used.
    expect(ir).to.contain(
      'define spir_func void @__sanitizerModule_x() #2 {\n  ret void\n}\n\ndefine weak_odr dso_local spir_kernel void @__sanitizerModule_x.1() #2 {\nentry:\n  ret void\n}\n\ndefine weak_odr dso_local spir_kernel void @__sanitizerModule_y() #2 {\nentry:\n  ret void\n}\n',
    );
    // Not entry points of the image.
    expect(files('_0.sym')).to.equal('k\n');
  });

  it('prints the re-created globals and the sentinels as llvm-dis-19 prints the same module (numbers of attribute groups and metadata aside)', async () => {
    const llvmAs = requireTool('llvm-as-19');
    const llvmDis = requireTool('llvm-dis-19');
    const { files } = await postLink(MODULE);
    const ours = files('_0.ll');
    const theirs = execFileSync(llvmDis, ['-o', '-'], { input: execFileSync(llvmAs, ['-o', '-'], { input: ours }) }).toString('latin1');
    const entities = (text: string): string[] =>
      text
        .split('\n')
        .filter((l) => /^(%|@|define )/.test(l))
        .map((l) => l.replace(/#[0-9]+/g, '#N').replace(/![0-9]+/g, '!N'));
    expect(entities(ours)).to.have.length(9);
    expect(entities(ours)).to.deep.equal(entities(theirs));
  });

  it('[SYCL/device globals] has the alloc size the pass writes; a metadata global without sycl-unique-id is not a device global', async () => {
    const { code, files } = await postLink(MODULE, '--device-globals');
    expect(code).to.equal(0);
    const props = files('_0.prop');
    expect(props).to.match(/\[SYCL\/device globals\]\ntsan_y=2\|ABAAAAAAAAAIAAAAAAAAAA\n/);
    expect(props).to.contain('[SYCL/misc properties]\nsanUsed=2|gAAAAAAAAAQYzFmb\n');
  });

  it('every split image keeps every metadata global and has a sentinel for each; a module without one is unchanged', async () => {
    const ir = `target triple = "spir64-unknown-unknown"
@__MsanKernelMetadata_p = appending addrspace(1) global [1 x { i64, i64 }] zeroinitializer
define spir_kernel void @k1() #0 {
  ret void
}
define spir_kernel void @k2() #0 {
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
`;
    const { code, files } = await postLink(ir, '-split=kernel', '-symbols');
    expect(code).to.equal(0);
    for (const i of [0, 1]) {
      const out = files(`_${i}.ll`);
      expect(out).to.contain('@__MsanKernelMetadata_p = addrspace(1) global %0 zeroinitializer, !spirv.Decorations !0 #1\n');
      expect(out).to.contain('define weak_odr dso_local spir_kernel void @__sanitizerModule_p() #2 {');
      expect(out).to.contain('attributes #0 = { "sycl-module-id"="a.cpp" }\nattributes #1 = { "sycl-device-global-size"="16" }\nattributes #2 = { "sycl-entry-point" }\n');
    }
    const plain = await postLink(ir.replace('@__MsanKernelMetadata_p', '@other'), '-split=kernel', '-symbols');
    expect(plain.code).to.equal(0);
    expect(plain.files('_0.ll')).to.contain('@other = appending addrspace(1) global [1 x { i64, i64 }] zeroinitializer\n').and.not.contain('sanitizerModule');
  });

  it('new attribute groups skip numbers the module names but never defines; sentinel names made unique with one counter, as ValueSymbolTable does', async () => {
    const ir = `target triple = "spir64-unknown-unknown"
@__AsanKernelMetadata_a = addrspace(1) global [1 x { i64, i64 }] zeroinitializer
@__MsanKernelMetadata_a = addrspace(1) global [1 x { i64, i64 }] zeroinitializer
@__AsanKernelMetadata_b = addrspace(1) global [1 x { i64, i64 }] zeroinitializer
@__MsanKernelMetadata_b = addrspace(1) global [1 x { i64, i64 }] zeroinitializer
@__sanitizerModule_c = addrspace(1) global i32 0
@__TsanKernelMetadata_c = addrspace(1) global [1 x { i64, i64 }] zeroinitializer
declare void @f()
define spir_kernel void @k() #0 {
  call void @f() #3
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
`;
    const { code, files } = await postLink(ir, '-symbols');
    expect(code, err).to.equal(0);
    const out = files('_0.ll');
    expect(out.match(/@__sanitizerModule_[a-c][.0-9]*(?=\(\))/g)).to.deep.equal(['@__sanitizerModule_a', '@__sanitizerModule_a.1', '@__sanitizerModule_b', '@__sanitizerModule_b.2', '@__sanitizerModule_c.3']);
    // #3 is named (by the call) but not defined: the new groups are #4 and #5.
    expect(out).to.contain('call void @f() #3\n').and.contain('attributes #4 = { "sycl-device-global-size"="16" }\nattributes #5 = { "sycl-entry-point" }\n');
  });

  it('a used metadata global outside addrspace(1) is an error at the use (the pass erases it with its uses)', async () => {
    const ir = 'target triple = "spir64-unknown-unknown"\n@__AsanKernelMetadata = global [1 x { i64, i64 }] zeroinitializer\n@p = global ptr @__AsanKernelMetadata\n';
    const { code } = await postLink(ir, '-symbols');
    expect(code).to.equal(1);
    expect(err).to.contain('in.ll:3:17:').and.contain('@__AsanKernelMetadata is a sanitizer metadata global in addrspace(0) used here');
    // Unused, or in addrspace(1), it is re-created.
    expect((await postLink(ir.replace('@p = global ptr @__AsanKernelMetadata\n', ''), '-symbols')).code).to.equal(0);
    expect((await postLink(ir.replace(/= global \[/, '= addrspace(1) global [').replace('global ptr @', 'global ptr addrspace(1) @'), '-symbols')).code).to.equal(0);
  });

  it('a metadata global without an initializer, or of a type whose size is not computed here, is an error at its line; what later revisions also do is a warning', async () => {
    const bad = await postLink('target triple = "spir64-unknown-unknown"\n\n@__AsanKernelMetadata = external addrspace(1) global [1 x { i64, i64 }]\n', '-symbols');
    expect(bad.code).to.equal(1);
    expect(err).to.contain('3:1').and.contain('@__AsanKernelMetadata has no initializer');
    const ptr = await postLink('target triple = "spir64-unknown-unknown"\n@__AsanKernelMetadata = addrspace(1) global ptr null\n', '-symbols');
    expect(ptr.code).to.equal(1);
    expect(err).to.contain('2:1').and.contain('the alloc size of sanitizer metadata global @__AsanKernelMetadata');
    const msan = `target triple = "spir64-unknown-unknown"
@__MsanKernelMetadata = addrspace(1) global [1 x { i64, i64 }] zeroinitializer
@__msan_track_origins = weak_odr addrspace(1) constant i32 0
declare void @__msan_maybe_warning_1(i8, i32)
define spir_kernel void @k() #0 {
  call void @__msan_maybe_warning_1(i8 0, i32 0)
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
`;
    expect((await postLink(msan, '-symbols')).code).to.equal(0);
    expect(err).to.contain('EliminateDeadCheck').and.contain('@__msan_track_origins linkonce_odr');
    expect((await postLink(msan.replace('i8 0, i32 0', 'i8 1, i32 0').replace('weak_odr', 'linkonce_odr'), '-symbols')).code).to.equal(0);
    expect(err).to.equal('');
  });
});
