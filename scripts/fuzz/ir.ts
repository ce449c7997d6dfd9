/**
 * Fuzz generators for LLVM IR (issue 14 §5: hostile IR is normal input, fuzzed like the binary
 * readers). Cases run through the IR reader, `lowerIrModule` (and what is emitted from it) and the
 * `post-link` driver with a random sycl-post-link command line (scripts/fuzz/run-case.ts).
 *
 *  - `ir-mutate`: a `.ll` file of the corpus (the copied sycl-post-link lit tests and our own IR)
 *    changed line- and token-wise: lines deleted, duplicated, swapped, cut; names, numbers and types
 *    replaced by others of the file or by edge values; brackets added or dropped; a call line
 *    repeated thousands of times.
 *  - `ir-scale`: a well-formed module of many spec constants (every pattern the pass resolves: sret
 *    composites, scalars whose name is stored to an alloca and loaded back as clang -O0 writes them,
 *    bools, SYCL 1.2.1 calls, `llvm.sycl.alloca`) and device globals, spread over many kernels, so
 *    that a pass that is quadratic in calls, kernels or instructions exceeds the per-case bound.
 */
import type { CorpusFile, FuzzInput, Generator, Sizes } from './generators.js';

/** The most bytes of call lines one `repeat-call` mutation adds (about 1 MB). */
const REPEAT_BYTES = 1 << 20;
import type { Rng } from './rng.js';

const latin1 = (b: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode(...b.subarray(i, i + 8192));
  return s;
};
const bytesOf = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

/** sycl-post-link command lines the lit tests use (the input and `-o` are added by the runner). */
const POST_LINK_ARGS: readonly (readonly string[])[] = [
  ['-spec-const=native', '-S'],
  ['-spec-const=emulation', '-S'],
  ['-spec-const=native', '-S', '-split=kernel', '-symbols'],
  ['-spec-const=emulation', '-S', '-split=source', '-generate-device-image-default-spec-consts'],
  ['-device-globals', '-S', '-split=kernel'],
  ['-device-globals', '-emit-program-metadata', '-S', '-split=auto'],
  ['-properties', '-spec-const=native', '-device-globals', '-emit-exported-symbols', '-S', '-split=kernel'],
  ['-S', '-ir-output-only', '-spec-const=native'],
  ['-S', '-emit-only-kernels-as-entry-points', '-split=kernel', '-symbols'],
  ['-S', '-split=kernel', '-support-dynamic-linking', '-emit-imported-symbols', '-symbols', '-spec-const=native'],
  ['-S', '-split=source', '-allow-device-image-dependencies', '-emit-kernel-names', '-embed-aux-info-as-metadata', '-symbols'],
  ['-S', '-split=auto', '-emit-imported-symbols', '-emit-param-info', '-emit-program-metadata', '-O2'],
  ['-S', '-split=auto', '-symbols', '-o', 'intel_gpu_tgllp,tgllp.table', '-o', 'unknown_target,u.table'],
  // The SYCL compiler driver's usual command line.
  ['-S', '-properties', '-device-globals', '-spec-const=native', '-split=auto', '-emit-only-kernels-as-entry-points', '-emit-param-info', '-symbols', '-emit-exported-symbols', '-emit-imported-symbols', '-split-esimd', '-lower-esimd', '-O2'],
];

/** A random sycl-post-link command line and lowering mode for an IR case. */
export function irOptions(rng: Rng): Pick<FuzzInput, 'irMode' | 'postLinkArgs'> {
  return { irMode: rng.chance(0.5) ? 'native' : 'emulation', postLinkArgs: rng.pick(POST_LINK_ARGS) };
}

const TYPES = ['i1', 'i8', 'i16', 'i32', 'i64', 'half', 'float', 'double', 'ptr', 'ptr addrspace(4)', '[2 x i32]', '{ i32, float }', '<2 x float>', '%missing', 'void', 'i999'];
const NUMBERS = ['0', '-1', '1', '255', '256', '4294967295', '4294967296', '9223372036854775807', '18446744073709551616', '-9223372036854775809', '1.0e300', '0x7FF8000000000000', '0xH7C00'];
const TOKEN = /[%@!#$]?"[^"\n]*"|[%@!#$][-a-zA-Z$._0-9]+|-?[0-9][0-9.eE+-]*|[A-Za-z_][A-Za-z_0-9.]*|[()[\]{}<>,=*]/g;

type LineMutation = (rng: Rng, lines: string[], text: string) => string[];

function tokensOf(line: string): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = [];
  for (const m of line.matchAll(TOKEN)) out.push({ at: m.index!, text: m[0] });
  return out;
}
/** Line `i` with one token replaced by what `f` makes of it. */
function replaceToken(rng: Rng, lines: string[], f: (tok: string) => string): string[] {
  if (!lines.length) return lines;
  const i = rng.int(lines.length);
  const toks = tokensOf(lines[i]!);
  if (!toks.length) return lines;
  const t = rng.pick(toks);
  lines[i] = lines[i]!.slice(0, t.at) + f(t.text) + lines[i]!.slice(t.at + t.text.length);
  return lines;
}

const LINE_MUTATIONS: readonly [string, LineMutation][] = [
  ['line-delete', (rng, l) => (l.length && l.splice(rng.int(l.length), 1), l)],
  ['line-dup', (rng, l) => (l.length && l.splice(rng.int(l.length + 1), 0, l[rng.int(l.length)]!), l)],
  ['line-swap', (rng, l) => {
    if (l.length < 2) return l;
    const a = rng.int(l.length);
    const b = rng.int(l.length);
    [l[a], l[b]] = [l[b]!, l[a]!];
    return l;
  }],
  ['line-move', (rng, l) => {
    if (!l.length) return l;
    const [x] = l.splice(rng.int(l.length), 1);
    l.splice(rng.int(l.length + 1), 0, x!);
    return l;
  }],
  ['line-cut', (rng, l) => {
    if (!l.length) return l;
    const i = rng.int(l.length);
    l[i] = l[i]!.slice(0, rng.int(l[i]!.length + 1));
    return l;
  }],
  ['token-other', (rng, l, text) => {
    const all = [...text.matchAll(TOKEN)].map((m) => m[0]);
    return all.length ? replaceToken(rng, l, () => rng.pick(all)) : l;
  }],
  ['token-number', (rng, l) => replaceToken(rng, l, (t) => (/^-?[0-9]/.test(t) ? rng.pick(NUMBERS) : t))],
  ['token-type', (rng, l) => replaceToken(rng, l, (t) => (/^(i[0-9]+|half|float|double|ptr)$/.test(t) ? rng.pick(TYPES) : t))],
  ['token-delete', (rng, l) => replaceToken(rng, l, () => '')],
  ['bracket', (rng, l) => replaceToken(rng, l, (t) => t + rng.pick(['(', ')', '[', ']', '{', '}', '<', '>', ',', '"']))],
  ['repeat-call', (rng, l) => {
    // A call line repeated many times in its block: many uses of one intrinsic, one name, one default.
    const calls = l.map((s, i) => [s, i] as const).filter(([s]) => /^\s+(%\S+ = )?(tail )?call /.test(s));
    if (!calls.length) return l;
    const [s, i] = rng.pick(calls);
    // (at most about 1 MB of copies: past that a module is linear work, what bench/ measures, and the
    // 2 s bound of a case would measure the machine; the draw is the same, so no other case changes)
    const copies = Math.min(rng.logInt(2, 5000), Math.max(2, Math.floor(REPEAT_BYTES / (s.length + 1))));
    const results = /^\s+%(\S+) = /.exec(s);
    const out: string[] = [];
    for (let k = 0; k < copies; k++) out.push(results ? s.replace(`%${results[1]} =`, `%fz.${k} =`) : s);
    l.splice(i, 1, ...out);
    return l;
  }],
];

/** `ir-mutate`: corpus IR changed line- and token-wise. */
export const irMutate: Generator = {
  name: 'ir-mutate',
  weight: 6,
  later: true,
  make(rng, corpus) {
    const irs = corpus.filter((f) => f.name.endsWith('.ll'));
    const f = rng.pick(irs);
    const text = latin1(f.bytes);
    let lines = text.split('\n');
    const names: string[] = [];
    for (let n = 1 + rng.int(3), i = 0; i < n; i++) {
      const [name, m] = rng.pick(LINE_MUTATIONS);
      names.push(name);
      lines = m(rng, lines, text);
    }
    return { what: `${f.name} ${names.join('+')}`, bytes: bytesOf(lines.join('\n')), original: f.bytes, ir: true, ...irOptions(rng) };
  },
};

/** One spec constant of {@link specConstantModule}: how it is written. */
type Pattern = 'composite' | 'scalar-loaded' | 'bool' | 'scalar-121' | 'alloca';
const PATTERNS: readonly Pattern[] = ['composite', 'scalar-loaded', 'bool', 'scalar-121', 'alloca'];

/**
 * A module of `n` spec constants and `globals` device globals over `kernels` kernels (constant i
 * and device global i in kernel `i % kernels`), each constant written in pattern `pattern(i)`.
 */
export function specConstantModule(n: number, globals: number, kernels: number, pattern: (i: number) => Pattern): string {
  const out: string[] = [
    'target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"',
    'target triple = "spir64-unknown-unknown"',
    '%struct.inner = type { float, [2 x i16] }',
    '%struct.sc = type { i32, %struct.inner, double }',
    '%class.sid = type { %struct.sc }',
    '%class.sid.i = type { i32 }',
    '%class.sid.b = type { i8 }',
    '%class.dg = type { [4 x i32] }',
  ];
  const body: string[][] = Array.from({ length: kernels }, () => []);
  const attrs: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = pattern(i);
    const name = `uid${i.toString(16).padStart(8, '0')}____ZL2sc${i}`;
    out.push(`@__usid_str.${i} = private unnamed_addr constant [${name.length + 1} x i8] c"${name}\\00", align 1`);
    const b = body[i % kernels]!;
    const str = `ptr addrspace(4) addrspacecast (ptr @__usid_str.${i} to ptr addrspace(4))`;
    switch (p) {
      case 'composite':
        out.push(`@sid.${i} = internal addrspace(1) constant %class.sid { %struct.sc { i32 ${i}, %struct.inner { float 1.5, [2 x i16] [i16 ${i & 0x7fff}, i16 -1] }, double 2.5e-1 } }, align 8`);
        b.push(`  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2scET_PKcPKvS5_(ptr addrspace(4) sret(%struct.sc) align 8 %p, ${str}, ptr addrspace(4) addrspacecast (ptr addrspace(1) @sid.${i} to ptr addrspace(4)), ptr addrspace(4) null)`);
        break;
      case 'scalar-loaded':
        out.push(`@sid.${i} = internal addrspace(1) constant %class.sid.i { i32 ${i} }, align 4`);
        b.push(
          `  %a.${i} = alloca ptr addrspace(4), align 8`,
          `  %c.${i} = addrspacecast ptr %a.${i} to ptr addrspace(4)`,
          `  store ${str}, ptr addrspace(4) %c.${i}, align 8`,
          `  %l.${i} = load ptr addrspace(4), ptr addrspace(4) %c.${i}, align 8`,
          `  %r.${i} = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) %l.${i}, ptr addrspace(4) addrspacecast (ptr addrspace(1) @sid.${i} to ptr addrspace(4)), ptr addrspace(4) null)`,
        );
        break;
      case 'bool':
        out.push(`@sid.${i} = internal addrspace(1) constant %class.sid.b { i8 ${i & 1} }, align 1`);
        b.push(`  %r.${i} = call spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(${str}, ptr addrspace(4) addrspacecast (ptr addrspace(1) @sid.${i} to ptr addrspace(4)), ptr addrspace(4) null)`);
        break;
      case 'scalar-121':
        b.push(`  %r.${i} = call spir_func float @_Z33__sycl_getScalarSpecConstantValueIfET_PKc(${str})`);
        break;
      case 'alloca':
        out.push(`@sid.${i} = internal addrspace(1) constant %class.sid.i { i32 ${1 + (i % 7)} }, align 4`);
        b.push(`  %r.${i} = call ptr @llvm.sycl.alloca.p0.p4.p4.p4.f32(${str}, ptr addrspace(4) addrspacecast (ptr addrspace(1) @sid.${i} to ptr addrspace(4)), ptr addrspace(4) null, float 0.000000e+00, i64 4)`);
        break;
    }
  }
  for (let i = 0; i < globals; i++) {
    const group = 10 + i;
    out.push(`@dg.${i} = linkonce_odr dso_local addrspace(1) global %class.dg zeroinitializer, align 4 #${group}`);
    attrs.push(`attributes #${group} = { "sycl-unique-id"="dguid${i}____ZL2dg${i}" "sycl-device-global-size"="16"${i % 3 === 0 ? ' "sycl-device-image-scope"' : ''}${i % 2 ? ' "sycl-host-access"="1"' : ''} }`);
    body[i % kernels]!.push(`  store i32 ${i}, ptr addrspace(4) addrspacecast (ptr addrspace(1) @dg.${i} to ptr addrspace(4)), align 4`);
  }
  out.push(
    'declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2scET_PKcPKvS5_(ptr addrspace(4) sret(%struct.sc) align 8, ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))',
    'declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))',
    'declare spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))',
    'declare spir_func float @_Z33__sycl_getScalarSpecConstantValueIfET_PKc(ptr addrspace(4))',
    'declare ptr @llvm.sycl.alloca.p0.p4.p4.p4.f32(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), float, i64)',
  );
  body.forEach((b, k) => {
    out.push(`define weak_odr spir_kernel void @kernel${k}() #0 {`, 'entry:', '  %tmp = alloca %struct.sc, align 8', '  %p = addrspacecast ptr %tmp to ptr addrspace(4)', ...b, '  ret void', '}');
  });
  out.push(`attributes #0 = { "sycl-module-id"="fuzz.cpp" }`, ...attrs);
  return out.join('\n') + '\n';
}

/** `ir-scale`: many spec constants and device globals over many kernels, well-formed. */
export const irScale: Generator = {
  name: 'ir-scale',
  weight: 1,
  later: true,
  make(rng: Rng, _corpus: readonly CorpusFile[], sizes: Sizes) {
    const n = rng.logInt(1, sizes.irConstants);
    const globals = rng.chance(0.5) ? rng.logInt(1, Math.max(1, sizes.irConstants >> 2)) : 0;
    const kernels = rng.chance(0.3) ? 1 : rng.logInt(1, n);
    const one = rng.chance(0.5) ? rng.pick(PATTERNS) : undefined;
    const mix = Array.from({ length: 16 }, () => rng.pick(PATTERNS));
    const text = specConstantModule(n, globals, kernels, (i) => one ?? mix[i % 16]!);
    return { what: `${n} spec constants (${one ?? 'mixed'}), ${globals} device globals, ${kernels} kernels`, bytes: bytesOf(text), ir: true, ...irOptions(rng) };
  },
};
