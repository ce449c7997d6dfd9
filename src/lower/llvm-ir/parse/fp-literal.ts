/**
 * LLVM FP literals (LLLexer / LLParser rules): `0xH…` half bits, `0x…` the bits of a double (for
 * float and half the value must convert exactly: "floating point constant invalid for type"),
 * decimals (correctly rounded to double, then exact for float/half), `0xK/L/M/R` for x86_fp80,
 * fp128, ppc_fp128 and bfloat.
 */
import { clipText } from '../../../codec/messages.js';
import { IrSyntaxError } from './errors.js';
import { convertFpBits, decimalToFpBits } from '../../values.js';

/** Where an error is reported. */
interface At {
  readonly line: number;
  readonly column: number;
  readonly offset?: number;
}

const F64 = new DataView(new ArrayBuffer(8));

function fail(msg: string, at: At): never {
  throw new IrSyntaxError(msg, at.line, at.column, 'SYNTAX', at.offset);
}

const HEX_KIND: Record<string, string> = { K: 'x86_fp80', L: 'fp128', M: 'ppc_fp128', R: 'bfloat' };

/** Bits of literals already converted, per kind (a module repeats the same few literals). */
const converted = { half: new Map<string, bigint>(), float: new Map<string, bigint>(), double: new Map<string, bigint>() };
/** Bound on each cache, so hostile input with millions of distinct literals cannot grow it without limit. */
const CACHE_LIMIT = 1 << 14;

/** An LLVM FP literal token → IEEE bits of `kind` (LLParser rules: exact for half/float). */
export function fpLiteralBits(text: string, kind: 'half' | 'float' | 'double', at: At): bigint {
  const cache = converted[kind];
  let bits = cache.get(text);
  if (bits === undefined) {
    bits = convertLiteral(text, kind, at);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, bits);
  }
  return bits;
}

function convertLiteral(text: string, kind: 'half' | 'float' | 'double', at: At): bigint {
  if (/^0xH[0-9A-Fa-f]+$/.test(text)) {
    if (kind !== 'half') fail(`floating point constant invalid for type ${kind}: 0xH… literals are half bits`, at);
    const v = BigInt('0x' + text.slice(3));
    if (v > 0xffffn) fail(`half literal ${clipText(text)} has more than 16 bits`, at);
    return v;
  }
  const hk = /^0x([KLMR])/.exec(text);
  if (hk) fail(`floating point constant invalid for type ${kind}: ${clipText(text)} is a ${HEX_KIND[hk[1]!]} literal`, at);
  let dbits: bigint;
  if (/^0x[0-9A-Fa-f]+$/.test(text)) {
    if (text.length > 18) fail(`hexadecimal FP literal ${clipText(text)} has more than 64 bits`, at);
    dbits = BigInt(text);
  } else if (/^[+-]?[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?$/.test(text)) {
    // JavaScript's Number() is correctly rounded to the nearest double (ties to even), as
    // APFloat::convertFromString is; a float literal must then be exactly a float.
    const x = Number(text);
    if (!Number.isFinite(x)) fail(`floating point constant ${clipText(text)} is out of range for double`, at);
    if (kind === 'float') {
      if (Math.fround(x) !== x) fail(`floating point constant invalid for type ${kind}`, at);
      F64.setFloat32(0, x, true);
      return BigInt(F64.getUint32(0, true));
    }
    F64.setFloat64(0, x, true);
    dbits = F64.getBigUint64(0, true);
  } else {
    const b = decimalToFpBits(text, 'double');
    if (b === undefined) fail(`floating point constant ${clipText(text)} is out of range for double`, at);
    dbits = b;
  }
  if (kind === 'double') return dbits;
  const r = convertFpBits(dbits, 'double', kind);
  if (!r || !r.exact) fail(`floating point constant invalid for type ${kind}`, at);
  return r.bits;
}

