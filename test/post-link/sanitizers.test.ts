/**
 * The sanitizer entry of [SYCL/misc properties] (src/lower/post-link/sanitizers.ts) beyond the
 * copied device-sanitizer/asan.ll: the metadata globals of each sanitizer (with and without a
 * per-module id), their precedence, the older `asanUsed`, where the entry goes, and the warning for
 * what is not done to the metadata global.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { parseLlvmIr } from '../../src/lower/llvm-ir/parse/parser.js';
import { sanitizerEntry } from '../../src/lower/post-link/sanitizers.js';

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

  it('the entry opens the misc set after [SYCL/assert used], or joins it where optLevel opened it; a warning names what is not done to the metadata global', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-san-'));
    try {
      const base = 'target triple = "spir64-unknown-unknown"\n@__TsanKernelMetadata = addrspace(1) global [1 x { i64, i64 }] [{ i64, i64 } { i64 0, i64 58 }]\ndeclare spir_func void @__devicelib_assert_fail()\n';
      writeFileSync(join(dir, 'a.ll'), base + 'define spir_kernel void @k() #0 {\n  call spir_func void @__devicelib_assert_fail()\n  ret void\n}\nattributes #0 = { "sycl-module-id"="a.cpp" }\n');
      writeFileSync(join(dir, 'b.ll'), base + 'define spir_kernel void @k() #0 {\n  ret void\n}\nattributes #0 = { "sycl-module-id"="a.cpp" "sycl-optlevel"="2" }\n');
      let err = '';
      const io = { stdout: { write: () => undefined }, stderr: { write: (c: string | Uint8Array) => void (err += String(c)) }, cwd: dir, env: {} };
      expect(await runCli(['post-link', '-symbols', '-S', 'a.ll', '-o', 'a.table'], io)).to.equal(0);
      expect(readFileSync(join(dir, 'a_0.prop'), 'utf8')).to.match(/\[SYCL\/assert used\]\nk=1\|1\n\[SYCL\/misc properties\]\nsanUsed=2\|gAAAAAAAAAAdzFmb\n$/);
      expect(err).to.contain("warning: sycl-post-link would also write the sanitizer metadata global's device-global size attribute and !spirv.Decorations").and.contain('@__TsanKernelMetadata is in the module');
      expect(await runCli(['post-link', '-symbols', '-S', 'b.ll', '-o', 'b.table'], io)).to.equal(0);
      expect(readFileSync(join(dir, 'b_0.prop'), 'utf8')).to.match(/\[SYCL\/misc properties\]\noptLevel=1\|2\nsanUsed=2\|gAAAAAAAAAAdzFmb\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
