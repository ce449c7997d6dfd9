/**
 * The constant expressions LLParser folds while it reads a module (ConstantExpr::get… →
 * llvm/lib/IR/ConstantFold.cpp), found in the module's tokens, so that every printer of IR text
 * (src/lower/llvm-ir/print.ts, the rewritten `llvm.compiler.used`, the spec-constant pass's operand
 * texts) prints them folded, as sycl-post-link's output does.
 */
import { TK, type TokenList } from './parse/lexer.js';
import type { LModule } from './parse/model.js';
import type { TokenFolds } from './parse/parser.js';

const FOLDS = new WeakMap<LModule, TokenFolds>();

/**
 * The constant expressions of an opaque-pointer module that LLParser folds to their base pointer:
 * `getelementptr [inbounds|nuw|nusw] (T, ptr[ addrspace(N)] V, iN 0, …)` whose indices are all zero
 * or undef/poison, or that has none (llvm/lib/IR/ConstantFold.cpp `ConstantFoldGetElementPtr`:
 * `Idxs.empty()`, `IsNoOp`: no `inrange`, every index `isNullValue()` or undef), and
 * `bitcast (T V to T)` (`FoldBitCast`: a cast to its own type is V), so sycl-post-link prints `ptr V` where the input
 * had the GEP (device-code-split/one-kernel-per-module.ll). Only a base of type `ptr` folds: in
 * typed-pointer IR such a GEP changes the pointer's type, and vector GEPs are left alone. Cast pairs
 * (`addrspacecast (addrspacecast (…))`, `foldConstantCastPair`) are not folded: printed as written.
 */
export function constantFolds(m: LModule): TokenFolds {
  let folds = FOLDS.get(m);
  if (folds) return folds;
  const map = new Map<number, { from: number; to: number; next: number }>();
  const t = m.tokens;
  // Most modules have neither keyword: one text search instead of a pass over every token.
  const any = m.text.includes('getelementptr') || m.text.includes('bitcast');
  for (let i = 0; any && i < t.length; i++) {
    if (t.kindCode(i) !== TK.word) continue;
    const fold = t.textIs(i, 'getelementptr') ? gepNoOpFold(t, i) : t.textIs(i, 'bitcast') ? bitcastNoOpFold(t, i) : undefined;
    if (fold) map.set(i, fold);
  }
  folds = map;
  FOLDS.set(m, folds);
  return folds;
}

const isPunct = (t: TokenList, i: number, c: string): boolean => t.kindCode(i) === TK.punct && t.charAt(i) === c.charCodeAt(0);

/** The fold of the GEP constant expression at token `i`, when it is a no-op (see {@link constantFolds}). */
function gepNoOpFold(t: TokenList, i: number): { from: number; to: number; next: number } | undefined {
  let j = i + 1;
  while (t.kindCode(j) === TK.word && (t.textIs(j, 'inbounds') || t.textIs(j, 'nuw') || t.textIs(j, 'nusw'))) j++;
  if (!isPunct(t, j, '(')) return undefined; // the instruction, or `inrange(…)`
  // The operands at depth 1, split at commas (line breaks skipped).
  const parts: number[][] = [[]];
  let depth = 0;
  let k = j + 1;
  for (; k < t.length; k++) {
    const kind = t.kindCode(k);
    if (kind === TK.eof) return undefined;
    if (kind === TK.nl) continue;
    const delta = t.bracketDelta(k);
    if (delta < 0 && depth === 0) break;
    depth += delta;
    if (delta === 0 && depth === 0 && isPunct(t, k, ',')) {
      parts.push([]);
      continue;
    }
    parts[parts.length - 1]!.push(k);
  }
  if (parts.length < 2) return undefined; // no indices: `if (Idxs.empty()) return C;`
  for (const idx of parts.slice(2)) {
    if (idx.length !== 2 || t.kindCode(idx[0]!) !== TK.word || !/^i[0-9]+$/.test(t.valueOf(idx[0]!))) return undefined;
    const v = idx[1]!;
    const zero = t.kindCode(v) === TK.int ? /^-?0+$/.test(t.valueOf(v)) : t.kindCode(v) === TK.word && (t.textIs(v, 'zeroinitializer') || t.textIs(v, 'undef') || t.textIs(v, 'poison'));
    if (!zero) return undefined;
  }
  const base = parts[1]!;
  if (base.length < 2 || t.kindCode(base[0]!) !== TK.word || !t.textIs(base[0]!, 'ptr')) return undefined;
  let v = 1;
  if (t.kindCode(base[1]!) === TK.word && t.textIs(base[1]!, 'addrspace')) v = 5;
  if (base.length <= v) return undefined;
  return { from: base[v]!, to: base[base.length - 1]! + 1, next: k + 1 };
}

/** The fold of `bitcast (T V to T)` at token `i` (see {@link constantFolds}). */
function bitcastNoOpFold(t: TokenList, i: number): { from: number; to: number; next: number } | undefined {
  const open = i + 1;
  if (!isPunct(t, open, '(')) return undefined; // the instruction
  // Tokens up to the matching ')', and the `to` at depth 0.
  let depth = 0;
  let to = -1;
  let k = open + 1;
  for (; k < t.length; k++) {
    const kind = t.kindCode(k);
    if (kind === TK.eof) return undefined;
    const delta = t.bracketDelta(k);
    if (delta < 0 && depth === 0) break;
    depth += delta;
    if (depth === 0 && kind === TK.word && t.textIs(k, 'to')) to = k;
  }
  if (to < 0) return undefined;
  const dest = [];
  for (let d = to + 1; d < k; d++) if (t.kindCode(d) !== TK.nl) dest.push(d);
  const src = [];
  for (let d = open + 1; d < to && src.length <= dest.length; d++) if (t.kindCode(d) !== TK.nl) src.push(d);
  if (dest.length === 0 || src.length <= dest.length) return undefined;
  for (let n = 0; n < dest.length; n++) if (t.kindCode(src[n]!) !== t.kindCode(dest[n]!) || t.valueOf(src[n]!) !== t.valueOf(dest[n]!)) return undefined;
  // The source type must end where the destination type does (`ptr` is not `ptr addrspace(1)`, `i8` not `i8*`).
  const after = src[dest.length]!;
  if ((t.kindCode(after) === TK.word && t.textIs(after, 'addrspace')) || isPunct(t, after, '*') || isPunct(t, after, '(')) return undefined;
  return { from: after, to, next: k + 1 };
}
