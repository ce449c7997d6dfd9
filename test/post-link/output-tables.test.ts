/**
 * `-o` given more than once, `-o <target>,<file>` (src/lower/post-link/output-tables.ts) beyond
 * the copied multiple-filtered-outputs.ll: how a value splits into target and file, the
 * compatibility rule (aspects by name, sub-group size, unknown targets), the targeted property files
 * with `compile_target`, and the target table's provenance.
 */
import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { parsePostLinkArgs } from '../../src/lower/post-link/options.js';
import { targetCompatible } from '../../src/lower/post-link/output-tables.js';
import { DEVICE_TARGETS, deviceTarget } from '../../src/lower/post-link/device-targets.js';
import { DEVICE_TARGETS_MAIN } from '../../src/lower/post-link/device-targets-main.js';
import { deviceTargetsModule, expandTargets } from '../../scripts/device-targets.js';
import { requireTool } from '../support/tools.js';
import { readRegistry } from '../../src/props/registry.js';

const reqs = (aspects: [number, string][], subGroupSize?: number) => ({ aspects: new Map(aspects), fixedTargets: new Set<number>(), ...(subGroupSize === undefined ? {} : { subGroupSize }) });

describe('post-link -o <target>,<file>', () => {
  it('splits each -o at its first comma; a value without a comma, or ending in one, is a file; the first -o names the module files', () => {
    const o = parsePostLinkArgs(['-symbols', 'm.ll', '-o', 'out.table', '-o', 'intel_gpu_pvc,p.table', '-o', 'tgt,', '-o', 'x,a,b', '-o', ',plain.table']);
    expect(o.outputs).to.deep.equal([{ file: 'out.table' }, { target: 'intel_gpu_pvc', file: 'p.table' }, { file: 'tgt' }, { target: 'x', file: 'a,b' }, { target: '', file: 'plain.table' }]);
    expect(o.output).to.equal('out.table');
    expect(parsePostLinkArgs(['-symbols', 'm.ll', '-o', 'intel_gpu_tgllp,t.table']).output).to.equal('t.table');
  });

  it('a target runs a module when it has every aspect by name and the required sub-group size; no target or an unknown one filters nothing', () => {
    expect(targetCompatible(undefined, reqs([[6, 'fp64']], 64), 'tests')).to.equal(true);
    expect(targetCompatible('', reqs([[6, 'fp64']], 64), 'tests')).to.equal(true);
    expect(targetCompatible('no_such_target', reqs([[6, 'fp64']], 64), 'tests')).to.equal(true);
    expect(targetCompatible('intel_gpu_tgllp', reqs([[6, 'fp64']]), 'tests')).to.equal(false);
    expect(targetCompatible('intel_gpu_tgllp', reqs([[5, 'fp16']], 8), 'tests')).to.equal(true);
    expect(targetCompatible('intel_gpu_pvc', reqs([], 8), 'tests')).to.equal(false);
    expect(targetCompatible('intel_gpu_pvc', reqs([], 16), 'tests')).to.equal(true);
    // By name: a bare integer in !sycl_used_aspects has the name '' and no target lists it.
    expect(targetCompatible('intel_gpu_pvc', reqs([[6, '']]), 'tests')).to.equal(false);
    // maySupportOtherAspects is not consulted: spir64 lists no aspect, so any aspect excludes the module.
    expect(DEVICE_TARGETS.get('spir64')!.maySupportOtherAspects).to.equal(true);
    expect(targetCompatible('spir64', reqs([[5, 'fp16']]), 'tests')).to.equal(false);
    expect(targetCompatible('spir64', reqs([]), 'tests')).to.equal(true);
  });

  it('holds every target of DeviceConfigFile.td@89110f9e (85 records, the test records included)', () => {
    expect(DEVICE_TARGETS.size).to.equal(85);
    expect(DEVICE_TARGETS.get('intel_gpu_pvc')).to.deep.equal({ aspects: ['ext_intel_esimd', 'fp16', 'fp64', 'atomic64'], subGroupSizes: [16, 32], maySupportOtherAspects: false });
    expect(DEVICE_TARGETS.get('amd_gpu_gfx1031')!.aspects).not.to.include('ext_intel_free_memory');
    expect(DEVICE_TARGETS.get('nvidia_gpu_sm_90')!.subGroupSizes).to.deep.equal([32]);
    expect(DEVICE_TARGETS.has('__TestAspectList')).to.equal(true);
  });

  it('--era main: the newest device configuration file read (Xe2 and later targets; GPU aspects of that revision), expanded by TableGen', () => {
    // The committed table is what llvm-tblgen-22 makes of the transcribed records (scripts/device-targets.ts).
    const generated = deviceTargetsModule(expandTargets(requireTool('llvm-tblgen-22')));
    expect(readFileSync(new URL('../../src/lower/post-link/device-targets-main.ts', import.meta.url), 'utf8')).to.equal(generated);
    expect(DEVICE_TARGETS_MAIN.size).to.equal(103);
    for (const t of ['intel_gpu_lnl_m', 'intel_gpu_bmg_g21', 'intel_gpu_bmg_g31', 'intel_gpu_ptl_h', 'intel_gpu_cri']) {
      expect(deviceTarget(t, 'tests'), t).to.equal(undefined);
      expect(deviceTarget(t, 'main'), t).to.deep.equal({ aspects: ['ext_intel_esimd', 'ext_oneapi_fragment', 'ext_oneapi_chunk', 'ext_oneapi_tangle', 'fp16', 'fp64', 'atomic64'], subGroupSizes: [16, 32], maySupportOtherAspects: false });
    }
    // An unknown target filters nothing in the tests' era; in main's, BMG cannot run sub-group size 8.
    expect(targetCompatible('intel_gpu_bmg_g21', reqs([], 8), 'tests')).to.equal(true);
    expect(targetCompatible('intel_gpu_bmg_g21', reqs([], 8), 'main')).to.equal(false);
    expect(targetCompatible('intel_gpu_bmg_g21', reqs([[6, 'fp64']], 16), 'main')).to.equal(true);
    // Revisions differ on known targets too: the CPU target lists its aspects in main.
    expect(targetCompatible('spir64_x86_64', reqs([[6, 'fp64']]), 'tests')).to.equal(false);
    expect(targetCompatible('spir64_x86_64', reqs([[6, 'fp64']]), 'main')).to.equal(true);
    expect(deviceTarget('spir64_fpga', 'main')).to.equal(undefined);
  });

  it('writes a table per -o in order and, for a target, <stem>_<N>.<target>.prop with compile_target last in [SYCL/device requirements]', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-otables-'));
    try {
      writeFileSync(
        join(dir, 'm.ll'),
        `target triple = "spir64-unknown-unknown"
define spir_kernel void @d() #0 !sycl_used_aspects !0 {
  ret void
}
define spir_kernel void @f() #0 {
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
!0 = !{!1}
!1 = !{!"fp64", i32 6}
`,
      );
      let err = '';
      const code = await runCli(['post-link', '-S', '-symbols', '-split=kernel', 'm.ll', '-o', 'intel_gpu_tgllp,t.table', '-o', 'all.table'], { stdout: { write: () => undefined }, stderr: { write: (c) => void (err += String(c)) }, cwd: dir, env: {} });
      expect(code, err).to.equal(0);
      const all = readFileSync(join(dir, 'all.table'), 'utf8');
      const tgllp = readFileSync(join(dir, 't.table'), 'utf8');
      expect(all).to.equal('[Code|Properties|Symbols]\nt_0.ll|t_0.prop|t_0.sym\nt_1.ll|t_1.prop|t_1.sym\n');
      const fp64Image = readFileSync(join(dir, 't_0.sym'), 'utf8') === 'd\n' ? 0 : 1;
      expect(tgllp).to.equal(`[Code|Properties|Symbols]\nt_${1 - fp64Image}.ll|t_${1 - fp64Image}.intel_gpu_tgllp.prop|t_${1 - fp64Image}.sym\n`);
      expect(existsSync(join(dir, `t_${fp64Image}.intel_gpu_tgllp.prop`))).to.equal(false);
      const targeted = readRegistry(readFileSync(join(dir, `t_${1 - fp64Image}.intel_gpu_tgllp.prop`)));
      const plain = readRegistry(readFileSync(join(dir, `t_${1 - fp64Image}.prop`)));
      const req = targeted.get('SYCL/device requirements')!;
      expect([...req.keys()].at(-1)).to.equal('compile_target');
      expect(new TextDecoder().decode((req.get('compile_target') as { bytes: Uint8Array }).bytes)).to.equal('intel_gpu_tgllp');
      expect([...targeted.keys()]).to.deep.equal([...plain.keys()]);
      // Tables that name the same property files (two without a target, one target twice): each file written once, every table complete.
      err = '';
      const twice = await runCli(['post-link', '-S', '-symbols', '-split=kernel', 'm.ll', '-o', 'a.table', '-o', 'b.table', '-o', 'intel_gpu_pvc,p.table', '-o', 'intel_gpu_pvc,q.table'], { stdout: { write: () => undefined }, stderr: { write: (c) => void (err += String(c)) }, cwd: dir, env: {} });
      expect(twice, err).to.equal(0);
      expect(readFileSync(join(dir, 'b.table'), 'utf8')).to.equal(readFileSync(join(dir, 'a.table'), 'utf8'));
      expect(readFileSync(join(dir, 'q.table'), 'utf8')).to.equal(readFileSync(join(dir, 'p.table'), 'utf8')).and.contain('a_0.intel_gpu_pvc.prop');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
