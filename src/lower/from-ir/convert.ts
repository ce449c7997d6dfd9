/**
 * Bridges the LLVM IR reader's model (src/lower/llvm-ir/parse/model.ts) to the lowering's own type
 * and constant model (src/lower/types.ts, src/lower/values.ts), so the IR path and the manifest path
 * share IDs, layout, descriptors and default-value encoding.
 *
 * - {@link toIrType}: first-class LLVM type → lowering type (ints i1…i64, half/float/double, structs,
 *   arrays, fixed vectors). Named structs map to one shared object each (identity kept, as the
 *   descriptor walk and the mangler need). The walk is iterative with a memo and measures nesting
 *   depth through named-struct references too (a chain of 10 000 `%a = type { %b }` is a typed
 *   `LIMIT` error, never a stack overflow).
 * - {@link toConstValue}: a parsed initializer → canonical lowering constant (ConstantStruct::get /
 *   ConstantArray::get canonicalisation via makeAggregate; `c"…"` becomes a ConstantDataArray of i8;
 *   FP literals are checked the way LLParser checks them: a decimal or `0x` (double bits) literal
 *   must convert exactly to half/float).
 */
import { IrSyntaxError, MAX_IR_NESTING } from '../llvm-ir/parse/errors.js';
import type { TokenList } from '../llvm-ir/parse/lexer.js';
import type { LStruct, LType, LTyped } from '../llvm-ir/parse/model.js';
import { printType } from '../llvm-ir/parse/parser.js';
import { Types, type IntBits, type IrType, type StructType } from '../types.js';
import { makeAggregate, nullValue, type ConstValue, type FpConst } from '../values.js';
import { fpLiteralBits } from '../llvm-ir/parse/fp-literal.js';

export { fpLiteralBits };

/** Where a conversion problem is reported: a token of the IR text. */
export interface At {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  /** Byte offset in the text, when known. */
  readonly offset?: number;
}

function fail(msg: string, at: At, code: 'FORMAT' | 'LIMIT' | 'SYNTAX' = 'FORMAT'): never {
  throw new IrSyntaxError(msg, at.line, at.column, code, at.offset);
}

/** Converts types, memoising named structs (one lowering StructType per LLVM named struct). */
export class TypeConverter {
  private readonly named = new Map<LStruct, StructType>();
  private readonly depthOf = new Map<LStruct, number>();

  /**
   * The lowering type of `t`; `at` locates errors. Pointers, function types, opaque structs,
   * scalable vectors and integer widths other than 1/8/16/32/64 are refused (typed FORMAT error).
   */
  convert(t: LType, at: At): IrType {
    if (t.kind === 'struct') {
      const known = this.named.get(t);
      if (known) return known;
    } else if (t.kind === 'int' && (t.bits === 1 || t.bits === 8 || t.bits === 16 || t.bits === 32 || t.bits === 64)) return Types[`i${t.bits as IntBits}`];
    // Iterative post-order over the type graph (named structs once), computing depth.
    type Frame = { t: LType; done: boolean };
    const stack: Frame[] = [{ t, done: false }];
    const result = new Map<LType, IrType>();
    const depth = new Map<LType, number>();
    const onStack = new Set<LStruct>();
    while (stack.length) {
      const f = stack[stack.length - 1]!;
      const ty = f.t;
      if (result.has(ty) || (ty.kind === 'struct' && this.named.has(ty))) {
        stack.pop();
        continue;
      }
      const kids = children(ty, at);
      if (!f.done) {
        f.done = true;
        if (ty.kind === 'struct') {
          if (ty.name !== undefined) {
            if (onStack.has(ty)) fail(`recursive type %${ty.name} contains itself`, at);
            onStack.add(ty);
          }
        }
        for (let i = kids.length - 1; i >= 0; i--) {
          const k = kids[i]!;
          if (!result.has(k) && !(k.kind === 'struct' && this.named.has(k))) stack.push({ t: k, done: false });
        }
        continue;
      }
      stack.pop();
      let d = 0;
      for (const k of kids) d = Math.max(d, this.depthFor(k, depth));
      d += 1;
      if (d > MAX_IR_NESTING) fail(`type ${shortType(t)} nests deeper than ${MAX_IR_NESTING} levels (a limit of this tool: llvm-as has none)`, at, 'LIMIT');
      const conv = (k: LType): IrType => (k.kind === 'struct' && this.named.has(k) ? this.named.get(k)! : result.get(k)!);
      let out: IrType;
      switch (ty.kind) {
        case 'int': {
          if (![1, 8, 16, 32, 64].includes(ty.bits)) fail(`i${ty.bits} is not supported: sycl-post-link handles i1, i8, i16, i32 and i64 (SpecConstants.cpp mangleType)`, at);
          out = Types[`i${ty.bits as IntBits}`];
          break;
        }
        case 'float':
          if (ty.float !== 'half' && ty.float !== 'float' && ty.float !== 'double') fail(`${ty.float} is not supported (half, float and double are)`, at);
          out = Types[ty.float];
          break;
        case 'array':
          out = { kind: 'array', length: ty.length, element: conv(ty.element) };
          break;
        case 'vector': {
          const el = conv(ty.element);
          if (el.kind !== 'int' && el.kind !== 'float') fail(`vector of ${printType(ty.element)} is not supported`, at);
          out = { kind: 'vector', length: ty.length, element: el };
          break;
        }
        case 'struct': {
          const elements = ty.elements.map(conv);
          out = ty.name !== undefined ? { kind: 'struct', packed: ty.packed, name: ty.name, elements } : { kind: 'struct', packed: ty.packed, elements };
          if (ty.name !== undefined) {
            this.named.set(ty, out);
            this.depthOf.set(ty, d);
            onStack.delete(ty);
          }
          break;
        }
        default:
          fail(`${printType(ty)} cannot be the type of a specialization constant`, at);
      }
      result.set(ty, out);
      depth.set(ty, d);
    }
    return t.kind === 'struct' && this.named.has(t) ? this.named.get(t)! : result.get(t)!;
  }

  private depthFor(k: LType, local: Map<LType, number>): number {
    if (k.kind === 'struct' && this.depthOf.has(k)) return this.depthOf.get(k)!;
    return local.get(k) ?? 1;
  }
}

function children(t: LType, at: At): LType[] {
  switch (t.kind) {
    case 'array':
    case 'vector':
      if (t.kind === 'vector' && t.scalable) fail('scalable vectors are not supported', at);
      return [t.element];
    case 'struct':
      if (t.opaque) fail(`opaque struct ${t.name !== undefined ? '%' + t.name : ''} has no layout`, at);
      return t.elements;
    default:
      return [];
  }
}

function shortType(t: LType): string {
  return t.kind === 'struct' && t.name !== undefined ? `%${t.name}` : t.kind;
}

/**
 * A parsed constant of LLVM type `lt` as a lowering constant of type `t` (already converted with
 * {@link TypeConverter}; the structures match). Iterative over the constant's nesting.
 */
export function toConstValue(v: LTyped, t: IrType, tokens: TokenList): ConstValue {
  type Frame = { v: LTyped; t: IrType; out: ConstValue[]; kids?: ConstValue[]; i: number };
  const root: ConstValue[] = [];
  const stack: Frame[] = [{ v, t, out: root, i: 0 }];
  let f: Frame;
  const at = (): At => tokens.placeOf(f.v.from);
  while (stack.length) {
    f = stack[stack.length - 1]!;
    const val = f.v.value;
    const ty = f.t;
    switch (val.k) {
      case 'int':
        if (ty.kind !== 'int') fail('integer constant for a non-integer type', at());
        f.out.push({ kind: 'int', type: ty, value: BigInt.asUintN(ty.bits, val.value) });
        stack.pop();
        continue;
      case 'bool':
        if (ty.kind !== 'int') fail('boolean constant for a non-integer type', at());
        f.out.push({ kind: 'int', type: ty, value: val.value ? 1n : 0n });
        stack.pop();
        continue;
      case 'fp': {
        if (ty.kind !== 'float') fail('floating point constant for a non-FP type', at());
        const c: FpConst = { kind: 'fp', type: ty, bits: fpLiteralBits(val.text, ty.float, tokens.placeOf(val.at)) };
        f.out.push(c);
        stack.pop();
        continue;
      }
      case 'zero':
        f.out.push(nullValue(ty));
        stack.pop();
        continue;
      case 'undef':
      case 'poison':
        f.out.push({ kind: 'undef', type: ty });
        stack.pop();
        continue;
      case 'cstr': {
        if (ty.kind !== 'array' || ty.element.kind !== 'int' || ty.element.bits !== 8) fail('c"…" constant for a non-[N x i8] type', at());
        const els: ConstValue[] = [];
        for (let i = 0; i < val.bytes.length; i++) els.push({ kind: 'int', type: Types.i8, value: BigInt(val.bytes.charCodeAt(i) & 0xff) });
        f.out.push(makeAggregate(ty, els));
        stack.pop();
        continue;
      }
      case 'struct':
      case 'array':
      case 'vector': {
        if (ty.kind !== 'struct' && ty.kind !== 'array' && ty.kind !== 'vector') fail('aggregate constant for a scalar type', at());
        if (!f.kids) f.kids = [];
        if (f.i < val.elements.length) {
          const el = val.elements[f.i]!;
          const elTy = ty.kind === 'struct' ? ty.elements[f.i]! : ty.element;
          f.i++;
          stack.push({ v: el, t: elTy, out: f.kids, i: 0 });
          continue;
        }
        f.out.push(makeAggregate(ty, f.kids));
        stack.pop();
        continue;
      }
      default:
        fail(`a ${val.k === 'global' || val.k === 'cast' || val.k === 'gep' || val.k === 'expr' ? 'constant expression or global address' : val.k} cannot be the default value of a specialization constant`, at());
    }
  }
  return root[0]!;
}
