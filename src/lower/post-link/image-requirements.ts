/**
 * The two property sets sycl-post-link writes for every device image
 * (intel/llvm:llvm/tools/sycl-post-link/sycl-post-link.cpp@676a364f `saveModuleProperties`):
 *
 * `[SYCL/devicelib req mask] DeviceLibReqMask=1|<mask>` —
 * intel/llvm:llvm/lib/SYCLLowerIR/SYCLDeviceLibReqMask.cpp@f72e501d `getSYCLDeviceLibReqMask`: 0 for
 * targets that are neither SPIR nor SPIR-V (intel/llvm#15336); otherwise the OR of the bits of every *declared* function named `__devicelib_…`
 * (assert 0x1, math 0x2, math_fp64 0x4, complex 0x8, complex_fp64 0x10, cstring 0x20, imf 0x40,
 * imf_fp64 0x80, imf_bf16 0x100, bfloat16 0x200, group-sort fallback 0x400 (`__devicelib_default_work_group_…`,
 * `__devicelib_default_sub_group_…`, @4ae26deb)). The assert/math/complex/cstring names are listed
 * below as upstream lists them, as are the imf_fp64 and imf_bf16 names (SDLMap@4ae26deb); the other
 * `__devicelib_imf_…` names (hundreds) are imf, `__devicelib_Convert…BF16…INTEL…` bfloat16.
 *
 * `[SYCL/device requirements]` — intel/llvm:llvm/lib/SYCLLowerIR/SYCLDeviceRequirements.cpp@8f923639
 * `computeDeviceRequirements` + `asMap` (a std::map, so keys sorted): `aspects` (always; u32 array of
 * the non-negative `!sycl_used_aspects` values of all functions, a std::set ordered by value),
 * `fixed_target` (`!sycl_fixed_targets`), `joint_matrix`, `joint_matrix_mad` (strings),
 * `reqd_sub_group_size` (UINT32, `!intel_reqd_sub_group_size` of an entry point),
 * `reqd_work_group_size_uint64_t` (u64 array, dropped when functions disagree),
 * `work_group_num_dim` (UINT32).
 */
import { byteArray, uint32, type PropertySet, type PropertyValue } from '../../props/model.js';
import { irErrorAt } from '../llvm-ir/parse/errors.js';
import type { LFunction, LModule } from '../llvm-ir/parse/model.js';
import type { Token } from '../llvm-ir/parse/lexer.js';
import { utf8FromLatin1 } from '../../codec/bytes.js';
import { isSpirOrSpirvTriple } from './device-libs.js';

const MATH = 'acosf acoshf asinf asinhf atan2f atanf atanhf cbrtf cosf coshf div erfcf erff exp2f expf expm1f fdimf fmaf fmodf frexpf hypotf ilogbf labs ldiv ldexpf lgammaf llabs lldiv log10f log1pf log2f logbf logf modff nextafterf powf remainderf remquof scalbnf sinf sinhf sqrtf tanf tanhf tgammaf abs';
const MATH_FP64 = 'acos acosh asin asinh atan atan2 atanh cbrt cos cosh erf erfc exp exp2 expm1 fdim fma fmod frexp hypot ilogb ldexp lgamma log log10 log1p log2 logb modf nextafter pow remainder remquo scalbn sin sinh sqrt tan tanh tgamma';
const COMPLEX = '__divsc3 __mulsc3 cabsf cacosf cacoshf cargf casinf casinhf catanf catanhf ccosf ccoshf cexpf cimagf clogf cpolarf cpowf cprojf crealf csinf csinhf csqrtf ctanf ctanhf';
const COMPLEX_FP64 = '__divdc3 __muldc3 cabs cacos cacosh carg casin casinh catan catanh ccos ccosh cexp cimag clog cpolar cpow cproj creal csin csinh csqrt ctan ctanh';
const CSTRING = 'memcpy memset memcmp';
const ASSERT = 'assert_read assert_fail';

/** `name_rd name_rn name_ru name_rz` for each `name*` of a list (the four rounding modes). */
function rounded(list: string): string {
  return list
    .split(' ')
    .flatMap((n) => (n.endsWith('*') ? ['rd', 'rn', 'ru', 'rz'].map((r) => `${n.slice(0, -1)}_${r}`) : [n]))
    .join(' ');
}
// cl_intel_devicelib_imf_fp64 and cl_intel_devicelib_imf_bf16 names of SDLMap (SYCLDeviceLibReqMask.cpp@4ae26deb):
// the other `__devicelib_imf_` names of the map are cl_intel_devicelib_imf.
const IMF_FP64 = rounded(
  'double2half double2bfloat16 fma floor ceil fabs trunc rint rcp64h nearbyint inv sqrt rsqrt fmax fmin copysign dadd* dsub* dmul* ddiv* ' +
    'double2float* double2int* double2uint* double2hiint double2loint double2ll* double2ull* double_as_longlong hiloint2double int2double_rn ' +
    'll2double* ull2double* uint2double_rn longlong_as_double fma* sqrt*',
);
const IMF_BF16 = rounded(
  'bfloat162float bfloat162int* bfloat162short* bfloat162ll* bfloat162uint* bfloat162ushort* bfloat162ull* float2bfloat16 float2bfloat16* ' +
    'bfloat16_as_short bfloat16_as_ushort short_as_bfloat16 ushort_as_bfloat16 ushort2bfloat16* uint2bfloat16* ull2bfloat16* short2bfloat16* ' +
    'int2bfloat16* ll2bfloat16* fmabf16 fmaxbf16 fminbf16 copysignbf16 sqrtbf16 rsqrtbf16 fabsbf16 rintbf16 floorbf16 ceilbf16 truncbf16',
);

const TABLE = new Map<string, number>();
for (const [list, bit] of [
  [ASSERT, 0x1],
  [MATH, 0x2],
  [MATH_FP64, 0x4],
  [COMPLEX, 0x8],
  [COMPLEX_FP64, 0x10],
  [CSTRING, 0x20],
] as const) {
  for (const n of list.split(' ')) TABLE.set(`__devicelib_${n}`, bit);
}
for (const [list, bit] of [
  [IMF_FP64, 0x80],
  [IMF_BF16, 0x100],
] as const) {
  for (const n of list.split(' ')) TABLE.set(`__devicelib_imf_${n}`, bit);
}

/** The bit of one `__devicelib_` function (0 when not a fallback library function). */
export function deviceLibBit(name: string): number {
  const hit = TABLE.get(name);
  if (hit !== undefined) return hit;
  if (/^__devicelib_Convert(FToBF16|BF16ToF)INTEL/.test(name)) return 0x200;
  // (the map's other __devicelib_imf_ names, hundreds, are all cl_intel_devicelib_imf)
  if (name.startsWith('__devicelib_imf_')) return 0x40;
  // checkGroupSortFallback (SYCLDeviceLibReqMask.cpp@4ae26deb): names no table lists.
  if (name.startsWith('__devicelib_default_work_group_') || name.startsWith('__devicelib_default_sub_group_')) return 0x400;
  return 0;
}

/** getSYCLDeviceLibReqMask over `functions` (an output module's). */
export function deviceLibReqMask(m: LModule, functions: readonly LFunction[]): number {
  // SYCLDeviceLibReqMask.cpp@4ae26deb (the newest revision read) tests `Triple::isSPIR()`: spir and
  // spir64, with their sub-architectures (spir64_gen, spir64_x86_64). intel/llvm#15336 ("Fix device
  // lib req mask for spirv target", September 2024; its source is not in the index) made it take
  // SPIR-V triples too, which device-requirements/mask.ll@e4a9a5ba checks (spirv64: 64): followed here.
  if (!isSpirOrSpirvTriple(m.triple)) return 0;
  let mask = 0;
  for (const f of functions) if (f.isDeclaration && f.name.startsWith('__devicelib_')) mask |= deviceLibBit(f.name);
  return mask >>> 0;
}

/** A metadata node's operands: integers, `!N` references, strings. */
export type MdOperand = { readonly k: 'int'; readonly v: bigint; readonly bits: number } | { readonly k: 'ref'; readonly n: string } | { readonly k: 'str'; readonly s: string } | { readonly k: 'other' };

/** Operands of `!N = !{…}`, read from its tokens. */
export function mdOperands(m: LModule, n: string): MdOperand[] {
  const node = m.metadata.get(n);
  if (!node) return [];
  const t = m.tokens;
  let i = node.tokFrom;
  // `!N = [distinct] ! {`
  while (i < node.tokTo && !(t.get(i)!.kind === 'punct' && t.get(i)!.value === '{')) i++;
  i++;
  const out: MdOperand[] = [];
  let cur: Token[] = [];
  let depth = 0;
  const flush = (): void => {
    const toks = cur.filter((x) => x.kind !== 'nl');
    const get = (k: number): Token | undefined => toks[k];
    cur = [];
    if (toks.length === 0) return;
    const width = /^i([0-9]+)$/.exec(get(0)?.value ?? '');
    if (toks.length === 2 && get(0)!.kind === 'word' && get(1)!.kind === 'int') out.push({ k: 'int', v: BigInt(get(1)!.value), bits: width ? Number(width[1]) : 64 });
    else if (toks.length === 2 && get(0)!.kind === 'word' && get(1)!.kind === 'word' && (get(1)!.value === 'true' || get(1)!.value === 'false')) out.push({ k: 'int', v: get(1)!.value === 'true' ? 1n : 0n, bits: 1 });
    else if (toks.length === 1 && get(0)!.kind === 'meta') out.push({ k: 'ref', n: get(0)!.value });
    else if (toks.length === 2 && get(0)!.value === '!' && get(1)!.kind === 'str') out.push({ k: 'str', s: get(1)!.value });
    else out.push({ k: 'other' });
  };
  for (; i < node.tokTo; i++) {
    const x = t.get(i)!;
    if (x.kind === 'punct' && '([{<'.includes(x.value)) depth++;
    if (x.kind === 'punct' && ')]}>'.includes(x.value)) {
      if (depth === 0) break;
      depth--;
    }
    if (depth === 0 && x.kind === 'punct' && x.value === ',') flush();
    else cur.push(x);
  }
  flush();
  return out;
}

/** The node of a function's `!kind` attachment (its number), if any. */
export function fnMd(f: LFunction, kind: string): string | undefined {
  return f.metadata.find((x) => x.kind === kind)?.node;
}

function u32Array(values: readonly number[]): Uint8Array {
  const b = new Uint8Array(values.length * 4);
  const dv = new DataView(b.buffer);
  values.forEach((v, i) => dv.setUint32(i * 4, v >>> 0, true));
  return b;
}

/**
 * An integer operand as ConstantInt::getZExtValue (default) or getSExtValue gives it: extended from
 * the operand's own width (`i16 -1` is 65535 zero-extended, -1 sign-extended).
 */
function intOperand(m: LModule, f: LFunction, op: MdOperand | undefined, kind: string, extend: 'zext' | 'sext' = 'zext'): bigint {
  if (!op || op.k !== 'int') {
    throw irErrorAt(m, f.headerFrom, `!${kind} of @${f.name} must hold integer constants`);
  }
  return extend === 'zext' ? BigInt.asUintN(op.bits, op.v) : BigInt.asIntN(op.bits, op.v);
}

/**
 * SYCLDeviceRequirements of one output module (intel/llvm:llvm/lib/SYCLLowerIR/SYCLDeviceRequirements.cpp
 * `computeDeviceRequirements`): what `[SYCL/device requirements]` holds and what `-o <target>,<file>`
 * compares with a target (src/lower/post-link/output-tables.ts).
 */
export interface DeviceRequirements {
  /** Used aspects (value ≥ 0) by value, ascending, each with the name of its `{!"name", iN value}` pair ('' for a bare integer; the first name met for a value: std::set compares values). */
  readonly aspects: ReadonlyMap<number, string>;
  /** `!sycl_fixed_targets` values. */
  readonly fixedTargets: ReadonlySet<number>;
  /** `!reqd_work_group_size` when every function that has one agrees. */
  readonly reqdWorkGroupSize?: readonly bigint[];
  /** `!sycl_joint_matrix` / `!sycl_joint_matrix_mad` strings. */
  readonly jointMatrix?: string;
  /** See {@link DeviceRequirements.jointMatrix}. */
  readonly jointMatrixMad?: string;
  /** The first entry point's `!intel_reqd_sub_group_size`. */
  readonly subGroupSize?: number;
  /** `!work_group_num_dim`. */
  readonly workGroupNumDim?: number;
}

/** computeDeviceRequirements(M, entryPoints); `functions`: the module's, in module order. */
export function computeDeviceRequirements(m: LModule, functions: readonly LFunction[], entryPoints: readonly LFunction[]): DeviceRequirements {
  const aspects = new Map<number, string>();
  const fixed = new Set<number>();
  let wgDim: number | undefined;
  let reqdWg: bigint[] | undefined;
  let multipleWg = false;
  let jointMatrix: string | undefined;
  let jointMatrixMad: string | undefined;
  let subGroup: number | undefined;
  for (const f of functions) {
    const ua = fnMd(f, 'sycl_used_aspects');
    if (ua !== undefined) {
      for (const op of mdOperands(m, ua)) {
        let v: bigint;
        let name = '';
        // computeDeviceRequirements: getSExtValue (negative values are internal aspects, left out).
        if (op.k === 'ref') {
          const pair = mdOperands(m, op.n);
          if (pair[0]?.k === 'str') name = pair[0].s;
          v = intOperand(m, f, pair[1], 'sycl_used_aspects', 'sext');
        } else v = intOperand(m, f, op, 'sycl_used_aspects', 'sext');
        const s = BigInt.asIntN(64, v);
        const key = Number(BigInt.asUintN(32, s));
        if (s >= 0n && !aspects.has(key)) aspects.set(key, name);
      }
    }
    const ft = fnMd(f, 'sycl_fixed_targets');
    if (ft !== undefined) for (const op of mdOperands(m, ft)) fixed.add(Number(BigInt.asUintN(32, intOperand(m, f, op, 'sycl_fixed_targets'))));
    const nd = fnMd(f, 'work_group_num_dim');
    if (nd !== undefined && reqdWg === undefined) wgDim = Number(BigInt.asUintN(32, intOperand(m, f, mdOperands(m, nd)[0], 'work_group_num_dim')));
    const rw = fnMd(f, 'reqd_work_group_size');
    if (rw !== undefined) {
      const vals = mdOperands(m, rw).map((op) => BigInt.asUintN(64, intOperand(m, f, op, 'reqd_work_group_size')));
      if (reqdWg === undefined) reqdWg = vals;
      else if (reqdWg.join(',') !== vals.join(',')) multipleWg = true;
    }
    const jm = fnMd(f, 'sycl_joint_matrix');
    if (jm !== undefined) {
      const op = mdOperands(m, jm)[0];
      if (op?.k === 'str' && op.s !== '') jointMatrix = op.s;
    }
    const jmm = fnMd(f, 'sycl_joint_matrix_mad');
    if (jmm !== undefined) {
      const op = mdOperands(m, jmm)[0];
      if (op?.k === 'str' && op.s !== '') jointMatrixMad = op.s;
    }
  }
  for (const f of entryPoints) {
    const sg = fnMd(f, 'intel_reqd_sub_group_size');
    if (sg !== undefined && subGroup === undefined) subGroup = Number(BigInt.asUintN(32, intOperand(m, f, mdOperands(m, sg)[0], 'intel_reqd_sub_group_size')));
  }
  return {
    aspects: new Map([...aspects].sort((a, b) => a[0] - b[0])),
    fixedTargets: fixed,
    ...(reqdWg && !multipleWg ? { reqdWorkGroupSize: reqdWg } : {}),
    ...(jointMatrix !== undefined ? { jointMatrix } : {}),
    ...(jointMatrixMad !== undefined ? { jointMatrixMad } : {}),
    ...(subGroup !== undefined ? { subGroupSize: subGroup } : {}),
    ...(wgDim !== undefined ? { workGroupNumDim: wgDim } : {}),
  };
}

/** The requirements as `[SYCL/device requirements]` (SYCLDeviceRequirements::asMap: a std::map, so sorted by name). */
export function deviceRequirementsSet(r: DeviceRequirements): PropertySet {
  const enc = new TextEncoder();
  const entries: [string, ReturnType<typeof byteArray> | ReturnType<typeof uint32>][] = [['aspects', byteArray(u32Array([...r.aspects.keys()]))]];
  if (r.fixedTargets.size) entries.push(['fixed_target', byteArray(u32Array([...r.fixedTargets].sort((a, b) => a - b)))]);
  if (r.reqdWorkGroupSize) {
    const b = new Uint8Array(r.reqdWorkGroupSize.length * 8);
    const dv = new DataView(b.buffer);
    r.reqdWorkGroupSize.forEach((v, i) => dv.setBigUint64(i * 8, v, true));
    entries.push(['reqd_work_group_size_uint64_t', byteArray(b)]);
  }
  if (r.jointMatrix !== undefined) entries.push(['joint_matrix', byteArray(enc.encode(r.jointMatrix))]);
  if (r.jointMatrixMad !== undefined) entries.push(['joint_matrix_mad', byteArray(enc.encode(r.jointMatrixMad))]);
  if (r.subGroupSize !== undefined) entries.push(['reqd_sub_group_size', uint32(r.subGroupSize)]);
  if (r.workGroupNumDim !== undefined) entries.push(['work_group_num_dim', uint32(r.workGroupNumDim)]);
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return new Map(entries);
}

/** One `[SYCL/program metadata]` entry of a kernel: its key and value. */
export interface KernelProgramMetadata {
  /** `<function>@reqd_work_group_size` and the other keys of {@link kernelProgramMetadata}. */
  readonly key: string;
  /** A u32 array (work-group sizes) or a UINT32. */
  readonly value: PropertyValue;
}

/**
 * The per-function entries of `[SYCL/program metadata]` (`-emit-program-metadata`), as
 * intel/llvm:llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp@46a4a43c `computeModuleProperties`
 * adds them, for every function of the output module in module order:
 * `@reqd_work_group_size` and `@max_work_group_size` (u32 arrays of the 1–3 operands,
 * `getKernelWorkGroupMetadata<uint32_t>`), `@reqd_sub_group_size` (from `!intel_reqd_sub_group_size`),
 * `@work_group_num_dim` and `@max_linear_work_group_size` (UINT32 of the single operand,
 * `getKernelSingleEltMetadata`; the u64 of the latter is narrowed to 32 bits by the UINT32
 * PropertyValue it is stored in, as upstream's comment says of all work-group data). A single-
 * operand node with more operands gives its first, told to `warn` (upstream asserts, then reads
 * operand 0); other operand counts out of range are errors (an assertions build aborts on them, a
 * release build reads past the node or writes an array the runtime does not expect).
 */
export function kernelProgramMetadata(m: LModule, functions: readonly LFunction[], warn?: (message: string) => void): KernelProgramMetadata[] {
  const out: KernelProgramMetadata[] = [];
  const operands = (f: LFunction, kind: string, min: number, max: number): number[] | undefined => {
    const node = fnMd(f, kind);
    if (node === undefined) return undefined;
    let ops = mdOperands(m, node);
    if (min === 1 && max === 1 && ops.length > 1) {
      // getKernelSingleEltMetadata only asserts one operand, then reads operand 0: what a release
      // build writes (and what [SYCL/device requirements] takes of !intel_reqd_sub_group_size).
      warn?.(`!${kind} of @${utf8FromLatin1(f.name)} has ${ops.length} operands, not 1: its first is used, as a release build of sycl-post-link does (an assertions build aborts)`);
      ops = ops.slice(0, 1);
    }
    if (ops.length < min || ops.length > max) {
      const count = min === max ? String(min) : `between ${min} and ${max}`;
      throw irErrorAt(m, f.headerFrom, `!${kind} of @${f.name} must have ${count} operand(s), not ${ops.length}`);
    }
    return ops.map((op) => Number(BigInt.asUintN(32, intOperand(m, f, op, kind))));
  };
  for (const f of functions) {
    const name = utf8FromLatin1(f.name);
    const reqd = operands(f, 'reqd_work_group_size', 1, 3);
    if (reqd) out.push({ key: `${name}@reqd_work_group_size`, value: byteArray(u32Array(reqd)) });
    const subGroup = operands(f, 'intel_reqd_sub_group_size', 1, 1);
    if (subGroup) out.push({ key: `${name}@reqd_sub_group_size`, value: uint32(subGroup[0]!) });
    const numDim = operands(f, 'work_group_num_dim', 1, 1);
    if (numDim) out.push({ key: `${name}@work_group_num_dim`, value: uint32(numDim[0]!) });
    const max = operands(f, 'max_work_group_size', 1, 3);
    if (max) out.push({ key: `${name}@max_work_group_size`, value: byteArray(u32Array(max)) });
    const maxLinear = operands(f, 'max_linear_work_group_size', 1, 1);
    if (maxLinear) out.push({ key: `${name}@max_linear_work_group_size`, value: uint32(maxLinear[0]!) });
  }
  return out;
}

/** `r` without its required work-group size (what `[SYCL/device requirements]` of a module that is not split holds). */
export function withoutReqdWorkGroupSize(r: DeviceRequirements): DeviceRequirements {
  if (!r.reqdWorkGroupSize) return r;
  const { reqdWorkGroupSize: _dropped, ...rest } = r;
  return rest;
}
