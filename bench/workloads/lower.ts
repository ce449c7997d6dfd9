/**
 * Lowering 10,000 SYCL 2020 specialization constants of a nested composite type
 * (`%struct.sc = { i32, { float, [2 x i16] }, double }`, each with its own symbolic ID and default):
 *  1. from a lowering manifest (schemas/lower-manifest.schema.json, docs/spec/lowering.md): the CLI
 *     `syclbin lower MANIFEST.json` (property-set text to /dev/null) against `node -e 0`, and
 *     in-process `lowerManifestJson` + `writeRegistry` against `JSON.parse` of the same text (the
 *     least any reader of the manifest does);
 *  2. from LLVM IR (the module bench/lower-ir.ts describes: one sret
 *     `__sycl_getComposite2020SpecConstantValue` call per constant, 6 MB of IR): `syclbin lower MODULE.ll`
 *     and `syclbin post-link -spec-const=native -S` as processes, and in-process the reader
 *     (`parseLlvmIr`), reader + lowering (`lowerIrModule` + `writeRegistry`) and the whole post-link
 *     driver on an in-memory file system, against LLVM itself just reading the file:
 *     `llvm-as-19 -disable-output` (a process; Debian package llvm-19). No sycl-post-link is
 *     packaged for Debian, so there is no peer doing the same lowering.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, count, load, type BenchContext, type Workload } from '../context.js';

/** A lowering manifest of `n` spec constants of a nested composite type. */
export function specConstantManifest(n: number): string {
  const m = {
    mode: 'native',
    types: { 'struct.inner': '{ float, [2 x i16] }', 'struct.sc': '{ i32, %struct.inner, double }' },
    specConstants: Array.from({ length: n }, (_, i) => ({
      name: `uid${i.toString(16).padStart(16, '0')}____ZL7spec_${i}`,
      type: '%struct.sc',
      default: [i, [1.5, [i & 0x7fff, -1]], 0.25],
    })),
  };
  return JSON.stringify(m, null, 1);
}

/** The LLVM IR module of `n` spec constants (opaque pointers, as clang 17+ writes it). */
export function specConstantModule(n: number): string {
  const out: string[] = [
    'target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"',
    'target triple = "spir64-unknown-unknown"',
    '%struct.inner = type { float, [2 x i16] }',
    '%struct.sc = type { i32, %struct.inner, double }',
    '%class.specialization_id = type { %struct.sc }',
  ];
  for (let i = 0; i < n; i++) {
    const name = `uid${i.toString(16).padStart(16, '0')}____ZL7spec_${i}`;
    out.push(`@__usid_str.${i} = private unnamed_addr constant [${name.length + 1} x i8] c"${name}\\00", align 1`);
    out.push(`@_ZL7spec_${i} = internal addrspace(1) constant %class.specialization_id { %struct.sc { i32 ${i}, %struct.inner { float 1.500000e+00, [2 x i16] [i16 ${i & 0x7fff}, i16 -1] }, double 2.500000e-01 } }, align 8`);
  }
  out.push('declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2scET_PKcPKvS5_(ptr addrspace(4) sret(%struct.sc) align 8, ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))');
  out.push('define weak_odr spir_kernel void @kernel() #0 {', 'entry:', '  %tmp = alloca %struct.sc, align 8', '  %p = addrspacecast ptr %tmp to ptr addrspace(4)');
  for (let i = 0; i < n; i++) {
    out.push(
      `  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2scET_PKcPKvS5_(ptr addrspace(4) sret(%struct.sc) align 8 %p, ptr addrspace(4) addrspacecast (ptr @__usid_str.${i} to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL7spec_${i} to ptr addrspace(4)), ptr addrspace(4) null)`,
    );
  }
  out.push('  ret void', '}', 'attributes #0 = { "sycl-module-id"="bench.cpp" }');
  return out.join('\n') + '\n';
}

/** The lowering workload. */
export const lower: Workload = {
  name: 'lower',
  summary: 'lowering 10k spec constants: manifest and LLVM IR (vs JSON.parse, node -e 0, llvm-as-19)',
  async run(ctx: BenchContext) {
    const { lowerManifestJson } = await load<typeof import('../../src/lower/lower.js')>('src/lower/lower');
    const { parseLlvmIr } = await load<typeof import('../../src/lower/llvm-ir/parse/parser.js')>('src/lower/llvm-ir/parse/parser');
    const { lowerIrModule } = await load<typeof import('../../src/lower/from-ir/lower-ir.js')>('src/lower/from-ir/lower-ir');
    const { postLink } = await load<typeof import('../../src/lower/post-link/driver.js')>('src/lower/post-link/driver');
    const { parsePostLinkArgs } = await load<typeof import('../../src/lower/post-link/options.js')>('src/lower/post-link/options');
    const { writeRegistry } = await load<typeof import('../../src/props/registry.js')>('src/props/registry');
    const n = ctx.quick ? 500 : 10_000;

    const manifestText = specConstantManifest(n);
    const manifest = join(ctx.tmp, 'spec-constants.json');
    writeFileSync(manifest, manifestText);
    const lowered = lowerManifestJson(JSON.parse(manifestText)).registry.get('SYCL/specialization constants')?.size;
    if (lowered !== n) throw new Error(`lower: the manifest lowered to ${String(lowered)} spec constants, not ${n}`);
    ctx.measure({
      id: 'lower-manifest',
      title: `lower a manifest of ${count(n)} composite spec constants (${(manifestText.length / 1e6).toFixed(1)} MB JSON): CLI, property text to /dev/null`,
      baseline: 'node -e 0',
      contenders: [
        { name: 'node -e 0', argv: [process.execPath, '-e', '0'] },
        { name: 'syclbin lower MANIFEST.json', argv: cli('lower', manifest) },
      ],
    });
    ctx.measure({
      id: 'lower-manifest-inprocess',
      title: `the same in-process: lowerManifestJson + writeRegistry vs JSON.parse of the manifest`,
      baseline: 'JSON.parse',
      contenders: [
        { name: 'JSON.parse', fn: () => JSON.parse(manifestText) },
        { name: 'JSON.parse + lowerManifestJson + writeRegistry', fn: () => writeRegistry(lowerManifestJson(JSON.parse(manifestText)).registry) },
      ],
    });

    const ir = specConstantModule(n);
    const irBytes = new TextEncoder().encode(ir);
    const module = join(ctx.tmp, 'spec-constants.ll');
    writeFileSync(module, ir);
    const llvmAs = spawnSync('sh', ['-c', 'command -v llvm-as-19'], { encoding: 'utf8' }).stdout.trim();
    if (!llvmAs) throw new Error('llvm-as-19 is not installed (Debian package llvm-19)');
    const plDir = join(ctx.tmp, 'pl');
    const table = join(plDir, 'out.table');
    const plReset = (): void => {
      rmSync(plDir, { recursive: true, force: true });
      mkdirSync(plDir);
    };
    plReset();
    ctx.measure({
      id: 'lower-ir',
      title: `lower ${count(n)} composite spec constants from LLVM IR (${(ir.length / 1e6).toFixed(1)} MB of text)`,
      baseline: 'llvm-as-19 -disable-output',
      contenders: [
        { name: 'llvm-as-19 -disable-output', argv: [llvmAs, '-disable-output', module] },
        { name: 'syclbin lower MODULE.ll', argv: cli('lower', module) },
        {
          name: 'syclbin post-link -spec-const=native -S',
          argv: cli('post-link', '-spec-const=native', '-S', '-o', table, module),
          after: plReset,
        },
        { name: 'node -e 0', argv: [process.execPath, '-e', '0'] },
        { name: 'in-process parseLlvmIr', fn: () => parseLlvmIr(ir) },
        { name: 'in-process lowerIrModule + writeRegistry', fn: () => writeRegistry(lowerIrModule(ir).registry) },
        {
          name: 'in-process postLink (in-memory files)',
          fn: () => {
            const files = new Map<string, Uint8Array>([['in.ll', irBytes]]);
            postLink(parsePostLinkArgs(['-spec-const=native', '-S', 'in.ll', '-o', 'o.table']), { read: (p) => files.get(p)!, write: (p, b) => void files.set(p, b) });
          },
        },
      ],
    });
  },
};
