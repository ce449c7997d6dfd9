/**
 * Lowering from LLVM IR at scale (issue "Lowering from real LLVM IR", item 6): a generated module
 * with 10,000 SYCL 2020 spec constants of nested composite types (`{ i32, { float, [2 x i16] },
 * double }`, each with its own specialization_id and name string, each read once through an sret
 * call), measured as
 *   1. reading it (parseLlvmIr),
 *   2. reading + lowering it to property sets (lowerIrModule + encodeRegistry),
 *   3. the whole `post-link -spec-const=native -S` (postLink with an in-memory file system: pass,
 *      cleanup, printing, .prop, .table),
 * against the baseline of LLVM itself just reading the same file: `llvm-as-19 -disable-output`
 * (process wall time, Debian package llvm-19), measured in the same run. The steps run interleaved
 * (A B C D A B C D …, `BENCH_ROUNDS` rounds, at least 5, after one warm-up each) so a change in the
 * machine's load affects all of them alike; each is reported as median (min–max), with the machine
 * (CPU model, cores, Node version, load average).
 *
 * Run: `npm run build && node --import tsx bench/lower-ir.ts` (uses dist/ when built, src/ otherwise).
 * Results: a table on stdout and bench/out/lower-ir.json (bench/out is gitignored).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const fromDist = existsSync(join(DIST, 'src', 'lower', 'from-ir', 'lower-ir.js'));
async function load<T>(rel: string): Promise<T> {
  return (await import(pathToFileURL(fromDist ? join(DIST, `${rel}.js`) : join(ROOT, `${rel}.ts`)).href)) as T;
}
const { parseLlvmIr } = await load<typeof import('../src/lower/llvm-ir/parse/parser.js')>('src/lower/llvm-ir/parse/parser');
const { lowerIrModule } = await load<typeof import('../src/lower/from-ir/lower-ir.js')>('src/lower/from-ir/lower-ir');
const { postLink } = await load<typeof import('../src/lower/post-link/driver.js')>('src/lower/post-link/driver');
const { parsePostLinkArgs } = await load<typeof import('../src/lower/post-link/options.js')>('src/lower/post-link/options');
const { encodeRegistry } = await load<typeof import('../src/props/registry.js')>('src/props/registry');

const N = Number(process.env.BENCH_SPEC_CONSTANTS ?? 10_000);

/** The generated module (opaque pointers, as clang 17+ writes it). */
function generate(n: number): string {
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
    out.push(`  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2scET_PKcPKvS5_(ptr addrspace(4) sret(%struct.sc) align 8 %p, ptr addrspace(4) addrspacecast (ptr @__usid_str.${i} to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL7spec_${i} to ptr addrspace(4)), ptr addrspace(4) null)`);
  }
  out.push('  ret void', '}', 'attributes #0 = { "sycl-module-id"="bench.cpp" }');
  return out.join('\n') + '\n';
}

/** Median and range of a sample. */
function stats(xs: readonly number[]): { median: number; min: number; max: number; runs: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, min: s[0]!, max: s[s.length - 1]!, runs: s.length };
}

const text = generate(N);
const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
const OUT = join(ROOT, 'bench', 'out');
mkdirSync(OUT, { recursive: true });
const file = join(OUT, `spec-constants-${N}.ll`);
writeFileSync(file, text);

const llvmAs = spawnSync('sh', ['-c', 'command -v llvm-as-19'], { encoding: 'utf8' }).stdout.trim();
if (!llvmAs) console.error('llvm-as-19 is not installed (Debian package llvm-19): baseline skipped');

/** The measured steps, run interleaved (A B C D A B C D …) so load changes hit all of them alike. */
const steps: { what: string; run: () => void }[] = [
  { what: 'read (parseLlvmIr)', run: () => void parseLlvmIr(text) },
  { what: 'read + lower to property sets (lowerIrModule)', run: () => void encodeRegistry(lowerIrModule(text).registry) },
  {
    what: 'post-link -spec-const=native -S (whole driver)',
    run: () => {
      const files = new Map<string, Uint8Array>([['in.ll', bytes]]);
      postLink(parsePostLinkArgs(['-spec-const=native', '-S', 'in.ll', '-o', 'o.table']), { read: (p) => files.get(p)!, write: (p, b) => void files.set(p, b) });
    },
  },
  ...(llvmAs
    ? [
        {
          what: 'baseline: llvm-as-19 -disable-output (process)',
          run: () => {
            const r = spawnSync(llvmAs, ['-disable-output', file]);
            if (r.status !== 0) throw new Error(`llvm-as-19 failed: ${r.stderr}`);
          },
        },
      ]
    : []),
];

const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 7));
for (const s of steps) s.run(); // warm-up
const samples = steps.map(() => [] as number[]);
for (let r = 0; r < ROUNDS; r++) {
  steps.forEach((s, i) => {
    const t0 = performance.now();
    s.run();
    samples[i]!.push(performance.now() - t0);
  });
}
const results = steps.map((s, i) => ({ what: s.what, ...stats(samples[i]!) }));
const base = llvmAs ? results[results.length - 1]!.median : undefined;
const machine = { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.arch()}`, loadavg: os.loadavg().map((x) => Number(x.toFixed(2))) };
console.log(`Machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node} (${machine.platform}); load average ${machine.loadavg.join(' ')}`);
console.log(`Module: ${N} spec constants (nested composites), ${(text.length / 1e6).toFixed(1)} MB of IR text; code from ${fromDist ? 'dist/' : 'src/ (tsx)'}; ${ROUNDS} interleaved rounds, median (min–max)`);
for (const r of results) {
  const ratio = base ? `  ${(r.median / base).toFixed(2)}x llvm-as` : '';
  console.log(`  ${r.what.padEnd(50)} ${r.median.toFixed(0).padStart(6)} ms (${r.min.toFixed(0)}–${r.max.toFixed(0)})${ratio}`);
}
writeFileSync(join(OUT, 'lower-ir.json'), JSON.stringify({ machine, specConstants: N, bytes: text.length, fromDist, rounds: ROUNDS, results, baselineMedianMs: base }, null, 2) + '\n');
