/**
 * Constant values of the lowering manifest: parsing JSON defaults into LLVM-like constants and
 * encoding them to bytes the way sycl-post-link does.
 *
 * The constant model mirrors the LLVM `Constant` classes that SpecConstants.cpp distinguishes:
 *   - `int`       ConstantInt (value zero-extended: 0 <= value < 2^bits)
 *   - `fp`        ConstantFP (raw IEEE bits of the type's format)
 *   - `undef`     UndefValue (manifest `null` or `"undef"`)
 *   - `zero`      ConstantAggregateZero (manifest `"zeroinitializer"` on an aggregate, or an aggregate
 *                 whose members are all null values — LLVM canonicalises those to CAZ)
 *   - `aggregate` ConstantStruct / ConstantArray / ConstantDataSequential / ConstantVector
 * LLVM's canonicalisation matters for bytes: a CAZ or undef array is encoded as its *store size*
 * in zeros, an explicit array element by element (spec lowering.md §3 item 7), so
 * {@link makeAggregate} applies the same rules as `ConstantStruct::get` / `ConstantArray::get`.
 *
 * Manifest default syntax (issue 5): numbers, booleans, decimal strings, nested arrays for
 * aggregates, `null` (undef), `"zeroinitializer"`, LLVM FP literals `"0x400921FB54442D18"`
 * (double bits; for float/half the value must convert exactly, as LLParser requires) and
 * `"0xH4000"` (half bits).
 */
import { ByteBuilder } from '../codec/bytes.js';
import { clipText } from '../codec/messages.js';
import { LowerError } from './errors.js';
import type { DataLayout } from './datalayout.js';
import { isScalar, typeToString, type AggregateType, type FloatKind, type FloatType, type IntType, type IrType } from './types.js';

/** An integer constant (ConstantInt). */
export interface IntConst {
  /** Discriminant of `ConstValue`. */
  readonly kind: 'int';
  /** Its integer type. */
  readonly type: IntType;
  /** Zero-extended value, 0 <= value < 2^bits. */
  readonly value: bigint;
}
/** A floating-point constant (ConstantFP). */
export interface FpConst {
  /** Discriminant of `ConstValue`. */
  readonly kind: 'fp';
  /** Its floating-point type. */
  readonly type: FloatType;
  /** IEEE-754 bit pattern of the type's format (binary16/32/64). */
  readonly bits: bigint;
}
/** An undef value of any type (UndefValue). */
export interface UndefConst {
  /** Discriminant of `ConstValue`. */
  readonly kind: 'undef';
  /** Its type. */
  readonly type: IrType;
}
/** An all-zero aggregate (ConstantAggregateZero). */
export interface ZeroConst {
  /** Discriminant of `ConstValue`. */
  readonly kind: 'zero';
  /** Its aggregate type. */
  readonly type: AggregateType;
}
/** An aggregate with explicit elements (ConstantStruct, ConstantArray, ConstantVector); build it with `makeAggregate`. */
export interface AggregateConst {
  /** Discriminant of `ConstValue`. */
  readonly kind: 'aggregate';
  /** Its aggregate type. */
  readonly type: AggregateType;
  /** One constant per element, in order. */
  readonly elements: readonly ConstValue[];
}
/** An integer or floating-point constant. */
export type ScalarConst = IntConst | FpConst;
/** A constant of the lowering (see the module comment for the LLVM class each kind mirrors). */
export type ConstValue = IntConst | FpConst | UndefConst | ZeroConst | AggregateConst;

/** Constant::isNullValue: integer 0, +0.0 (not -0.0), ConstantAggregateZero. */
export function isNullValue(c: ConstValue): boolean {
  return (c.kind === 'int' && c.value === 0n) || (c.kind === 'fp' && c.bits === 0n) || c.kind === 'zero';
}

/** The null constant of a type (Constant::getNullValue). */
export function nullValue(t: IrType): ConstValue {
  // One value per type (constants are immutable): the elements of a `zeroinitializer` of a million
  // elements are then one object, not a million (spec-constant lowering walks every leaf).
  let v = NULL_VALUES.get(t);
  if (!v) {
    v = t.kind === 'int' ? { kind: 'int', type: t, value: 0n } : t.kind === 'float' ? { kind: 'fp', type: t, bits: 0n } : { kind: 'zero', type: t };
    NULL_VALUES.set(t, v);
  }
  return v;
}
const NULL_VALUES = new WeakMap<IrType, ConstValue>();

/** The undef value of a type, one per type as {@link nullValue}. */
function undefValue(t: IrType): UndefConst {
  let v = UNDEF_VALUES.get(t);
  if (!v) UNDEF_VALUES.set(t, (v = { kind: 'undef', type: t }));
  return v;
}
const UNDEF_VALUES = new WeakMap<IrType, UndefConst>();

/**
 * Builds an aggregate constant with LLVM's canonicalisation (ConstantStruct::get,
 * ConstantArray::get, ConstantVector::get): no elements or all elements null → CAZ; all elements
 * undef → undef; otherwise an explicit aggregate.
 */
export function makeAggregate(type: AggregateType, elements: readonly ConstValue[]): ConstValue {
  if (elements.every(isNullValue)) return { kind: 'zero', type };
  if (elements.every((e) => e.kind === 'undef')) return { kind: 'undef', type };
  return { kind: 'aggregate', type, elements };
}

/**
 * Element `i` of a constant aggregate (Constant::getAggregateElement): CAZ → null element,
 * undef → undef element.
 */
export function aggregateElement(c: ConstValue, i: number): ConstValue {
  const t = c.type as AggregateType;
  const elTy = t.kind === 'struct' ? t.elements[i]! : t.element;
  if (c.kind === 'zero') return nullValue(elTy);
  if (c.kind === 'undef') return undefValue(elTy);
  if (c.kind === 'aggregate') return c.elements[i]!;
  throw new Error('aggregateElement on a scalar');
}

// ------------------------------------------------------------------------------------------------
// IEEE formats and correctly rounded conversion

/** An IEEE binary format: its exponent and fraction widths. */
export interface FpFormat {
  /** Exponent bits. */
  readonly expBits: number;
  /** Fraction (explicit mantissa) bits. */
  readonly mant: number;
}
/** Exponent and fraction widths of the IEEE binary16/32/64 formats. */
export const FP_FORMATS: Record<FloatKind, FpFormat> = {
  half: { expBits: 5, mant: 10 },
  float: { expBits: 8, mant: 23 },
  double: { expBits: 11, mant: 52 },
};

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/**
 * Rounds the exact rational ±num/den to the format with round-to-nearest-ties-to-even (what
 * APFloat does for `convertFromString` and `convert`). Returns the bit pattern, or `undefined` on
 * overflow (the magnitude rounds to infinity).
 */
export function roundRationalToFormat(negative: boolean, num: bigint, den: bigint, fmt: FpFormat): bigint | undefined {
  const signBit = negative ? 1n << BigInt(fmt.expBits + fmt.mant) : 0n;
  if (num === 0n) return signBit;
  const bias = (1 << (fmt.expBits - 1)) - 1;
  const emin = 1 - bias;
  let e = bitLength(num) - bitLength(den);
  // make 2^e <= num/den < 2^(e+1)
  const ge = (k: number): boolean => (k >= 0 ? num >= den << BigInt(k) : num << BigInt(-k) >= den);
  if (!ge(e)) e--;
  let eff = Math.max(e, emin);
  const q = eff - fmt.mant;
  let n = num;
  let d = den;
  if (q >= 0) d <<= BigInt(q);
  else n <<= BigInt(-q);
  let m = n / d;
  const r2 = 2n * (n - m * d);
  if (r2 > d || (r2 === d && (m & 1n) === 1n)) m += 1n;
  const hidden = 1n << BigInt(fmt.mant);
  if (m === hidden << 1n) {
    m = hidden;
    eff += 1;
  }
  if (m >= hidden) {
    const expField = eff + bias;
    if (expField >= (1 << fmt.expBits) - 1) return undefined;
    return signBit | (BigInt(expField) << BigInt(fmt.mant)) | (m - hidden);
  }
  return signBit | m; // subnormal (exponent field 0)
}

/** Exact value of IEEE bits: finite → {negative, num, den}; otherwise 'inf'/'nan'. */
function decodeFpBits(bits: bigint, fmt: FpFormat): { negative: boolean; num: bigint; den: bigint } | { special: 'inf' | 'nan'; negative: boolean; fraction: bigint } {
  const negative = (bits >> BigInt(fmt.expBits + fmt.mant)) & 1n ? true : false;
  const expField = Number((bits >> BigInt(fmt.mant)) & ((1n << BigInt(fmt.expBits)) - 1n));
  const fraction = bits & ((1n << BigInt(fmt.mant)) - 1n);
  const bias = (1 << (fmt.expBits - 1)) - 1;
  if (expField === (1 << fmt.expBits) - 1) return { special: fraction === 0n ? 'inf' : 'nan', negative, fraction };
  const m = expField === 0 ? fraction : fraction | (1n << BigInt(fmt.mant));
  const e = (expField === 0 ? 1 - bias : expField - bias) - fmt.mant;
  return e >= 0 ? { negative, num: m << BigInt(e), den: 1n } : { negative, num: m, den: 1n << BigInt(-e) };
}

/** One scratch word for the bit conversions below (single-threaded; nothing holds it across calls). */
const SCRATCH = new DataView(new ArrayBuffer(8));

/** Bits of a JS number (an IEEE double). */
export function doubleToBits(x: number): bigint {
  SCRATCH.setFloat64(0, x, true);
  return SCRATCH.getBigUint64(0, true);
}
/** The JS number (an IEEE double) of 64 bits. */
export function bitsToDouble(b: bigint): number {
  SCRATCH.setBigUint64(0, b, true);
  return SCRATCH.getFloat64(0, true);
}

/**
 * double ↔ float of a number that is not a NaN, in hardware: Math.fround rounds to nearest, ties to
 * even, to binary32 with subnormals, as APFloat::convert does; a magnitude that rounds past the
 * largest float is an overflow (undefined, as {@link roundRationalToFormat} says it). NaNs, whose
 * payload rules are APFloat's, and half take the exact path.
 */
function convertDoubleFloat(bits: bigint, from: 'double' | 'float'): { bits: bigint; exact: boolean } | undefined | null {
  if (from === 'double') {
    const x = bitsToDouble(bits);
    if (x !== x) return null;
    const f = Math.fround(x);
    if (f === Infinity || f === -Infinity) {
      if (x !== f) return undefined;
    }
    SCRATCH.setFloat32(0, f, true);
    return { bits: BigInt(SCRATCH.getUint32(0, true)), exact: f === x };
  }
  SCRATCH.setUint32(0, Number(bits & 0xffffffffn), true);
  const f = SCRATCH.getFloat32(0, true);
  if (f !== f) return null;
  return { bits: doubleToBits(f), exact: true };
}

/**
 * Converts IEEE bits between formats (APFloat::convert, nearest-even). `exact` reports whether
 * the conversion lost information (LLParser rejects inexact FP literals for float/half).
 */
export function convertFpBits(bits: bigint, from: FloatKind, to: FloatKind): { bits: bigint; exact: boolean } | undefined {
  if ((from === 'double' && to === 'float') || (from === 'float' && to === 'double')) {
    const fast = convertDoubleFloat(bits, from);
    if (fast !== null) return fast;
  }
  return convertFpBitsExact(bits, from, to);
}

/**
 * {@link convertFpBits} by exact rational arithmetic for every format pair (what it uses for half
 * and NaNs; the double ↔ float conversions it does in hardware agree with it, test/lower/values).
 */
export function convertFpBitsExact(bits: bigint, from: FloatKind, to: FloatKind): { bits: bigint; exact: boolean } | undefined {
  const f = FP_FORMATS[from];
  const t = FP_FORMATS[to];
  const v = decodeFpBits(bits, f);
  const sign = v.negative ? 1n << BigInt(t.expBits + t.mant) : 0n;
  const expAll = ((1n << BigInt(t.expBits)) - 1n) << BigInt(t.mant);
  if ('special' in v) {
    if (v.special === 'inf') return { bits: sign | expAll, exact: true };
    // NaN: keep the top payload bits (APFloat keeps the quiet bit and the high payload).
    const shift = f.mant - t.mant;
    let frac = shift >= 0 ? v.fraction >> BigInt(shift) : v.fraction << BigInt(-shift);
    const lost = shift > 0 && (v.fraction & ((1n << BigInt(shift)) - 1n)) !== 0n;
    if (frac === 0n) frac = 1n << BigInt(t.mant - 1);
    return { bits: sign | expAll | frac, exact: !lost };
  }
  const out = roundRationalToFormat(v.negative, v.num, v.den, t);
  if (out === undefined) return undefined;
  const back = decodeFpBits(out, t);
  const exact = !('special' in back) && back.num * v.den === v.num * back.den;
  return { bits: out, exact };
}

// (`\d+(?:\.\d*)?`, not `\d+\.?\d*`: the same numbers, but the latter splits a run of digits between
// its two `\d` in every way before it fails, quadratic: 100,000 digits and an `x` took 31 s)
const DECIMAL = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?$/;

/** Whether `text` is a decimal number as {@link decimalToFpBits} reads it (no blanks). */
export function isDecimalText(text: string): boolean {
  return DECIMAL.test(text);
}

/** Correctly rounded decimal → format (APFloat::convertFromString, nearest-even). */
export function decimalToFpBits(text: string, kind: FloatKind): bigint | undefined {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new Error('not a decimal');
  const negative = m[1] === '-';
  const [intPart, fracPart = ''] = m[2]!.split('.');
  const digits = BigInt((intPart ?? '') + fracPart || '0');
  let exp = Number(m[3] ?? '0') - fracPart.length;
  if (digits === 0n) return negative ? 1n << BigInt(FP_FORMATS[kind].expBits + FP_FORMATS[kind].mant) : 0n;
  const mag = digits.toString().length + exp;
  if (mag > 400) return undefined; // far beyond double range
  if (mag < -400) exp = -500 - digits.toString().length; // rounds to zero in every format; bounded work
  const num = exp >= 0 ? digits * 10n ** BigInt(exp) : digits;
  const den = exp >= 0 ? 1n : 10n ** BigInt(-exp);
  return roundRationalToFormat(negative, num, den, FP_FORMATS[kind]);
}

/** Parses an FP default for a half/float/double. */
function parseFp(v: unknown, t: FloatType, path: readonly (string | number)[]): FpConst {
  const kind = t.float;
  const mk = (bits: bigint): FpConst => ({ kind: 'fp', type: t, bits });
  if (typeof v === 'number') {
    // JSON.parse reads a number beyond the double range (1e400) as ±Infinity: refused as a float
    // default beyond its range is, not written as an infinity (infinities are "0x7FF0000000000000").
    if (!Number.isFinite(v)) throw new LowerError(`a number beyond the double range (JSON reads it as ${v}) is out of range for ${kind}; write an infinity as "0x${v < 0 ? 'FFF' : '7FF'}0000000000000"`, path);
    // A JSON number is an IEEE double; converting it to half/float rounds to nearest-even, as
    // clang/APFloat do for a double expression converted to the narrower type.
    if (kind === 'double') return mk(doubleToBits(v));
    const r = convertFpBits(doubleToBits(v), 'double', kind);
    if (!r) throw new LowerError(`${v} is out of range for ${kind}`, path);
    return mk(r.bits);
  }
  if (typeof v === 'string') {
    const s = v.trim();
    const hexH = /^0xH([0-9A-Fa-f]{1,4})$/.exec(s);
    if (hexH) {
      if (kind !== 'half') throw new LowerError(`"0xH…" literals are half bits; use a decimal or a "0x…" double literal for ${kind}`, path);
      return mk(BigInt('0x' + hexH[1]));
    }
    if (/^0x[KLMR]/i.test(s) && !/^0x[0-9A-Fa-f]+$/.test(s)) {
      throw new LowerError(`LLVM literal "${clipText(s)}" is for x86_fp80/fp128/ppc_fp128/bfloat, which spec constants do not support`, path);
    }
    const hex = /^0x([0-9A-Fa-f]{1,16})$/.exec(s);
    if (hex) {
      // LLVM IR writes every half/float/double literal in hex as the *double* bit pattern; for
      // float/half it must convert exactly (LLParser: "floating point constant invalid for type").
      const dbits = BigInt('0x' + hex[1]);
      if (kind === 'double') return mk(dbits);
      const r = convertFpBits(dbits, 'double', kind);
      if (!r || !r.exact) throw new LowerError(`floating point constant ${clipText(s)} invalid for type ${kind} (the double value is not exactly representable)`, path);
      return mk(r.bits);
    }
    if (DECIMAL.test(s)) {
      const b = decimalToFpBits(s, kind);
      if (b === undefined) throw new LowerError(`${clipText(s)} is out of range for ${kind}`, path);
      return mk(b);
    }
    throw new LowerError(`expected a number, a decimal string, "0x<16 hex digits>" (double bits) or "0xH<4 hex digits>" (half bits) for ${kind}, got ${describe(v)}`, path);
  }
  throw new LowerError(`expected a number for ${kind}, got ${describe(v)}`, path);
}

function parseInt_(v: unknown, t: IntType, path: readonly (string | number)[]): IntConst {
  let n: bigint;
  if (typeof v === 'boolean') n = v ? 1n : 0n;
  else if (typeof v === 'number') {
    if (!Number.isInteger(v)) throw new LowerError(`expected an integer for i${t.bits}, got ${v}`, path);
    // (the number as JSON.parse rounded it is not what the manifest says: named by its range, not quoted)
    if (!Number.isSafeInteger(v)) throw new LowerError(`an integer beyond ±(2^53 - 1) is not exactly representable as a JSON number (it reads as ${v}); write large i${t.bits} values as decimal strings`, path);
    n = BigInt(v);
  } else if (typeof v === 'string' && /^[+-]?[0-9]+$/.test(v.trim())) {
    const text = v.trim();
    // (not converted when it has more digits than any value of the type: a string of a million
    // digits would be converted, then quoted whole in the error)
    if (text.replace(/^[+-]?0*/, '').length > Math.ceil(t.bits * Math.log10(2)) + 1) throw new LowerError(`${clipText(text)} does not fit in i${t.bits}`, path);
    n = BigInt(text);
  } else throw new LowerError(`expected an integer (number, decimal string or boolean) for i${t.bits}, got ${describe(v)}`, path);
  const bits = BigInt(t.bits);
  if (n >= 1n << bits || n < -(1n << (bits - 1n)) || (t.bits === 1 && n < -1n)) {
    throw new LowerError(`${n} does not fit in i${t.bits}`, path);
  }
  return { kind: 'int', type: t, value: BigInt.asUintN(t.bits, n) };
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  // (a string quoted in a message is clipped: a manifest value may be megabytes long; src/codec/messages.ts)
  return typeof v === 'string' ? clipText(JSON.stringify(v)) : typeof v;
}

/**
 * Parses a manifest default value for `type`. `path` is the JSON path used in errors
 * (`specConstants[1].default[0]`).
 */
export function parseConstValue(v: unknown, type: IrType, path: readonly (string | number)[]): ConstValue {
  if (v === null || v === 'undef') return { kind: 'undef', type };
  if (v === 'zeroinitializer') return nullValue(type);
  if (type.kind === 'int') return parseInt_(v, type, path);
  if (type.kind === 'float') return parseFp(v, type, path);
  if (!Array.isArray(v)) {
    throw new LowerError(`expected an array of up to ${type.kind === 'struct' ? type.elements.length : type.length} element(s) for ${typeToString(type)} (or "zeroinitializer" / null), got ${describe(v)}`, path);
  }
  const els = type.kind === 'struct' ? type.elements : null;
  const count = type.kind === 'struct' ? type.elements.length : type.length;
  if (v.length > count) {
    throw new LowerError(`${typeToString(type)} has ${count} element(s) but the default has ${v.length}`, path);
  }
  // Fewer values than elements: the tail is undef, as in IR where the specialization_id's type is a
  // prefix of the spec constant's (clang's explicit padding members, e.g. `<{float, i32, i8, [3 x i8]}>`
  // with a `{float, i32, i8}` initializer; spec-constants/struct-with-undef-padding-2.ll).
  const out: ConstValue[] = [];
  for (let i = 0; i < count; i++) {
    const et = els ? els[i]! : (type as { element: IrType }).element;
    out.push(i < v.length ? parseConstValue(v[i], et, [...path, i]) : { kind: 'undef', type: et });
    if (out.length > 1 << 20) throw new LowerError(`${typeToString(type)} has more than ${1 << 20} elements; write the default as "zeroinitializer"`, path, 'LIMIT');
  }
  return makeAggregate(type, out);
}

/** JSON-friendly rendering of a constant (inverse of {@link parseConstValue} up to canonicalisation). */
export function constToJson(c: ConstValue): unknown {
  switch (c.kind) {
    case 'int':
      return c.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(c.value) : c.value.toString();
    case 'fp':
      if (c.type.float === 'double') return formatFpJson(c.bits);
      if (c.type.float === 'float') return formatFpJson(convertFpBits(c.bits, 'float', 'double')!.bits);
      return '0xH' + c.bits.toString(16).toUpperCase().padStart(4, '0');
    case 'undef':
      return null;
    case 'zero':
      return 'zeroinitializer';
    case 'aggregate':
      return c.elements.map(constToJson);
  }
}

function formatFpJson(doubleBits: bigint): number | string {
  const x = bitsToDouble(doubleBits);
  if (Number.isFinite(x) && !Object.is(x, -0)) return x;
  return '0x' + doubleBits.toString(16).toUpperCase().padStart(16, '0');
}

// ------------------------------------------------------------------------------------------------
// Byte encodings

/** Appends the `n` low bytes of `value`, little-endian (scalars: 1, 2, 4 or 8 bytes). */
function pushLE(out: ByteBuilder, value: bigint, n: number): void {
  switch (n) {
    case 1:
      out.u8(Number(value & 0xffn));
      return;
    case 2:
      out.u16(Number(value & 0xffffn));
      return;
    case 4:
      out.u32(Number(value & 0xffffffffn));
      return;
    case 8:
      out.u64(BigInt.asUintN(64, value));
      return;
    default:
      for (let i = 0; i < n; i++) out.u8(Number((value >> BigInt(8 * i)) & 0xffn));
  }
}

/**
 * Appends the default-value bytes of `c` exactly like
 * `collectCompositeElementsDefaultValuesRecursive` (SpecConstants.cpp; spec lowering.md fact 24):
 *   - CAZ / undef (any type): `getTypeStoreSize` zero bytes;
 *   - arrays and vectors: elements back to back, each by its own rule (no re-alignment — the
 *     store-vs-alloc quirk of §3 item 7: `[2 x <3 x float>]` yields 24 bytes, its zeroinitializer 32);
 *   - structs: each member at `blobStart + StructLayout offset`, gaps zero-filled, then zero-filled
 *     (or truncated, as `resize` would) to the struct's StructLayout size;
 *   - integers: zero-extended, little-endian, store size; half: 16 bits; float/double: IEEE LE.
 * `c` must be canonical (built by {@link parseConstValue} / {@link makeAggregate}). Errors carry
 * `path` followed by `sub` and the element indices (built only when there is an error).
 */
export function encodeDefaultValue(c: ConstValue, dl: DataLayout, out: ByteBuilder, path: readonly (string | number)[] = [], ...sub: (string | number)[]): void {
  encodeInto(c, dl, out, path, sub, []);
}

/** {@link encodeDefaultValue} with the element indices of the current position in `idx`. */
function encodeInto(c: ConstValue, dl: DataLayout, out: ByteBuilder, path: readonly (string | number)[], sub: readonly (string | number)[], idx: number[]): void {
  switch (c.kind) {
    case 'zero':
    case 'undef':
      out.zeros(dl.storeSize(c.type));
      return;
    case 'int':
      pushLE(out, c.value, dl.storeSize(c.type));
      return;
    case 'fp':
      pushLE(out, c.bits, dl.storeSize(c.type));
      return;
    case 'aggregate': {
      const t = c.type;
      if (t.kind === 'vector') {
        // A vector constant reaches the element loop only as ConstantDataVector, whose elements
        // are i8..i64/half/float/double constants. With i1 elements or an undef element LLVM makes
        // a ConstantVector, which falls to the scalar branch and hits
        // llvm_unreachable("Unexpected constant scalar type") in sycl-post-link.
        if (t.element.kind === 'int' && t.element.bits === 1) {
          throw new LowerError('sycl-post-link cannot encode a non-zero <N x i1> default (ConstantVector reaches llvm_unreachable "Unexpected constant scalar type"); use i8 elements', [...path, ...sub, ...idx]);
        }
        const bad = c.elements.findIndex((e) => e.kind === 'undef');
        if (bad >= 0) {
          throw new LowerError('sycl-post-link cannot encode a vector default with undef elements (ConstantVector reaches llvm_unreachable "Unexpected constant scalar type")', [...path, ...sub, ...idx, bad]);
        }
      }
      if (t.kind === 'struct') {
        const sl = dl.structLayout(t);
        const base = out.length;
        for (let i = 0; i < c.elements.length; i++) {
          const at = base + sl.offsets[i]!;
          if (out.length < at) out.zeros(at - out.length);
          idx.push(i);
          encodeInto(c.elements[i]!, dl, out, path, sub, idx);
          idx.pop();
        }
        // DefaultValues.resize(Base + SLSize): zero-fill (never truncates for supported types).
        if (out.length < base + sl.size) out.zeros(base + sl.size - out.length);
        else out.length = base + sl.size;
        return;
      }
      for (let i = 0; i < c.elements.length; i++) {
        idx.push(i);
        encodeInto(c.elements[i]!, dl, out, path, sub, idx);
        idx.pop();
      }
      return;
    }
  }
}

/** {@link encodeDefaultValue} into a fresh array. */
export function defaultValueBytes(c: ConstValue, dl: DataLayout): Uint8Array {
  const out = new ByteBuilder();
  encodeDefaultValue(c, dl, out);
  return out.result();
}

/**
 * The in-memory image of a value as the host program holds it (`sizeof(T)` = alloc size bytes;
 * struct members at StructLayout offsets, array elements at alloc-size stride, vector elements at
 * element-size stride; undef/padding bytes zero). This is what `set_specialization_constant`
 * hands to the runtime, which then copies `Size` bytes from `value + CompositeOffset` per
 * descriptor (spec lowering.md fact 32). Vectors of i1 are bit-packed in LLVM and rejected here.
 */
export function encodeMemoryImage(c: ConstValue, dl: DataLayout, path: readonly (string | number)[] = []): Uint8Array {
  const out = new Uint8Array(dl.allocSize(c.type));
  const put = (v: ConstValue, at: number, p: readonly (string | number)[]): void => {
    const t = v.type;
    if (v.kind === 'undef' || v.kind === 'zero') return;
    if (v.kind === 'int' || v.kind === 'fp') {
      const val = v.kind === 'int' ? v.value : v.bits;
      const n = dl.storeSize(t);
      for (let i = 0; i < n; i++) out[at + i] = Number((val >> BigInt(8 * i)) & 0xffn);
      return;
    }
    const at2 = v.type;
    if (at2.kind === 'struct') {
      const sl = dl.structLayout(at2);
      v.elements.forEach((e, i) => put(e, at + sl.offsets[i]!, [...p, i]));
    } else if (at2.kind === 'array') {
      const stride = dl.allocSize(at2.element);
      v.elements.forEach((e, i) => put(e, at + i * stride, [...p, i]));
    } else {
      if (at2.element.kind === 'int' && at2.element.bits === 1) throw new LowerError('vectors of i1 are bit-packed in memory and not supported here', p);
      const stride = dl.storeSize(at2.element);
      v.elements.forEach((e, i) => put(e, at + i * stride, [...p, i]));
    }
  };
  put(c, 0, path);
  return out;
}

/** True when any array/vector element type (recursively) has alloc size != store size (§3 item 7). */
export function hasStoreAllocQuirk(t: IrType, dl: DataLayout): boolean {
  if (isScalar(t)) return false;
  if (t.kind === 'struct') return t.elements.some((e) => hasStoreAllocQuirk(e, dl));
  const el = t.element;
  if (dl.allocSize(el) !== dl.storeSize(el)) return true;
  return hasStoreAllocQuirk(el, dl);
}
