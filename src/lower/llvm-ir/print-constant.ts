/**
 * LLVM AsmWriter spelling of lowering constants (src/lower/values.ts), for the IR the spec-constant
 * pass writes: `i32 42`, `i1 true`, `half 0xH4000`, `double 2.000000e+00`,
 * `float 0x4020666660000000`, `%struct.A { i32 1, float 0x… }`, `[3 x i8] c"ab\00"`,
 * `zeroinitializer`, `undef`.
 *
 * FP rule (AsmWriter.cpp WriteAPFloatInternal): float and double print as `%e` with 6 digits
 * (`2.000000e+01`) when that text reads back as the same double; otherwise as the 16-hex-digit
 * bits of the value converted to double. half always prints as `0xH` + 4 hex digits.
 */
import { typeToString, type IrType } from '../types.js';
import { bitsToDouble, convertFpBits, type ConstValue, type ScalarConst } from '../values.js';
import { escapeLlvmBytes } from './escape.js';

/** `%e`-style with at least two exponent digits, as printf prints it. */
function exp6(x: number): string {
  const s = x.toExponential(6);
  const m = /^(-?[0-9.]+)e([+-])([0-9]+)$/.exec(s)!;
  return `${m[1]}e${m[2]}${m[3]!.padStart(2, '0')}`;
}

/** Texts of FP constants already formatted, per kind (bounded: cleared when full). */
const fpText = { half: new Map<bigint, string>(), float: new Map<bigint, string>(), double: new Map<bigint, string>() };
const FP_TEXT_LIMIT = 1 << 14;

/** The value text of a scalar constant (without its type). */
export function formatScalarValue(c: ScalarConst): string {
  if (c.kind === 'int') {
    if (c.type.bits === 1) return c.value !== 0n ? 'true' : 'false';
    return (c.value < 0x80n ? c.value : BigInt.asIntN(c.type.bits, c.value)).toString();
  }
  const cache = fpText[c.type.float];
  let s = cache.get(c.bits);
  if (s === undefined) {
    s = formatFp(c);
    if (cache.size >= FP_TEXT_LIMIT) cache.clear();
    cache.set(c.bits, s);
  }
  return s;
}

function formatFp(c: ScalarConst & { kind: 'fp' }): string {
  if (c.type.float === 'half') return '0xH' + c.bits.toString(16).toUpperCase().padStart(4, '0');
  const dbits = c.type.float === 'double' ? c.bits : convertFpBits(c.bits, 'float', 'double')!.bits;
  const x = bitsToDouble(dbits);
  if (Number.isFinite(x)) {
    const s = exp6(x);
    if (Number(s) === x && !(Object.is(x, -0) && !s.startsWith('-'))) return s;
  }
  return '0x' + dbits.toString(16).toUpperCase().padStart(16, '0');
}

/** The bytes of an `[N x i8]` constant's elements as a byte string (one character per byte). */
function byteString(elements: readonly ConstValue[]): string {
  let s = '';
  for (const e of elements) s += String.fromCharCode(Number((e as { value: bigint }).value) & 0xff);
  return s;
}

/** The value text of a constant (without its type), as AsmWriter writes it. */
export function formatConstValue(c: ConstValue): string {
  switch (c.kind) {
    case 'int':
    case 'fp':
      return formatScalarValue(c);
    case 'zero':
      return 'zeroinitializer';
    case 'undef':
      return 'undef';
    case 'aggregate': {
      const t = c.type;
      if (t.kind === 'array' && t.element.kind === 'int' && t.element.bits === 8 && c.elements.every((e) => e.kind === 'int')) {
        return `c"${escapeLlvmBytes(byteString(c.elements))}"`;
      }
      const inner = c.elements.map(formatTypedConst).join(', ');
      if (t.kind === 'struct') return t.packed ? `<{ ${inner} }>` : `{ ${inner} }`;
      if (t.kind === 'array') return `[${inner}]`;
      return `<${inner}>`;
    }
  }
}

/** `T value` */
export function formatTypedConst(c: ConstValue): string {
  return `${typeToString(c.type as IrType)} ${formatConstValue(c)}`;
}
