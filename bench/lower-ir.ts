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
 * (process wall time, Debian package llvm-19).
 *
 * Run: `npm run build && node --import tsx bench/lower-ir.ts` (uses dist/ when built, src/ otherwise).
 * Results: a table on stdout and bench/out/lower-ir.json (bench/out is gitignored).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => unknown, samples = 5): number {
  fn(); // warm-up
  const t: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  return median(t);
}

const text = generate(N);
const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
const OUT = join(ROOT, 'bench', 'out');
mkdirSync(OUT, { recursive: true });
const file = join(OUT, `spec-constants-${N}.ll`);
writeFileSync(file, text);

const parseMs = time(() => parseLlvmIr(text));
const lowerMs = time(() => encodeRegistry(lowerIrModule(text).registry));
const postLinkMs = time(() => {
  const files = new Map<string, Uint8Array>([['in.ll', bytes]]);
  postLink(parsePostLinkArgs(['-spec-const=native', '-S', 'in.ll', '-o', 'o.table']), { read: (p) => files.get(p)!, write: (p, b) => void files.set(p, b) });
});

let llvmAsMs: number | undefined;
const llvmAs = spawnSync('sh', ['-c', 'command -v llvm-as-19'], { encoding: 'utf8' }).stdout.trim();
if (llvmAs) {
  llvmAsMs = time(() => {
    const r = spawnSync(llvmAs, ['-disable-output', file]);
    if (r.status !== 0) throw new Error(`llvm-as-19 failed: ${r.stderr}`);
  }, 3);
} else {
  console.error('llvm-as-19 is not installed (Debian package llvm-19): baseline skipped');
}

const rows: [string, number][] = [
  ['read (parseLlvmIr)', parseMs],
  ['read + lower to property sets (lowerIrModule)', lowerMs],
  ['post-link -spec-const=native -S (whole driver)', postLinkMs],
  ...(llvmAsMs !== undefined ? ([['baseline: llvm-as-19 -disable-output (process)', llvmAsMs]] as [string, number][]) : []),
];
console.log(`Module: ${N} spec constants (nested composites), ${(text.length / 1e6).toFixed(1)} MB of IR text; code from ${fromDist ? 'dist/' : 'src/ (tsx)'}`);
for (const [what, ms] of rows) console.log(`  ${what.padEnd(52)} ${ms.toFixed(1).padStart(9)} ms${llvmAsMs ? `  (${(ms / llvmAsMs).toFixed(2)}x llvm-as)` : ''}`);
writeFileSync(join(OUT, 'lower-ir.json'), JSON.stringify({ specConstants: N, bytes: text.length, fromDist, parseMs, lowerMs, postLinkMs, llvmAsMs }, null, 2) + '\n');
