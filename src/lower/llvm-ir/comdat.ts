/**
 * The `comdat` clause of a global value as written (LLParser `parseOptionalComdat`): `comdat`
 * alone names the value's own comdat, `comdat($c)` another. One reading for the printer (which
 * drops the clause of a declaration or an internalized lone member), the split module's list of
 * comdats to print, and InternalizePass's comdat bookkeeping.
 */
import { TK } from './parse/lexer.js';
import type { LModule } from './parse/model.js';

/** A `comdat` clause: its token range [from, to) and the comdat it names. */
export interface ComdatClause {
  /** The `comdat` word. */
  readonly from: number;
  /** Past the clause (`)` of `comdat($c)` included). */
  readonly to: number;
  /** The comdat's name, without `$`. */
  readonly name: string;
}

/** The clause starting at token `i`, if token `i` is the word `comdat`; `self` is the value's own name. */
export function comdatAt(m: LModule, i: number, self: string): ComdatClause | undefined {
  const t = m.tokens;
  if (t.kindCode(i) !== TK.word || !t.textIs(i, 'comdat')) return undefined;
  if (t.kindCode(i + 1) === TK.punct && t.textIs(i + 1, '(') && t.kindCode(i + 2) === TK.comdat) return { from: i, to: i + 4, name: t.valueOf(i + 2) };
  return { from: i, to: i + 1, name: self };
}

/** The first clause among tokens [from, to) of a value named `self`. */
export function comdatClause(m: LModule, from: number, to: number, self: string): ComdatClause | undefined {
  for (let i = from; i < to; i++) {
    const c = comdatAt(m, i, self);
    if (c) return c;
  }
  return undefined;
}
