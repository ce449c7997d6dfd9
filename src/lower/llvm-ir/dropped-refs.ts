/**
 * What becomes of references to a global value a module no longer has (GlobalDCE deleted it, or a
 * split module left it out), where they are not uses: in metadata. LLVM does not keep a dangling
 * reference: deleting the value calls `ValueAsMetadata::handleDeletion`
 * (llvm/llvm-project:llvm/lib/IR/Metadata.cpp), so
 * - an operand of a metadata node that is the value, or a constant expression over it, becomes
 *   `null`, and the node, uniqued before, becomes `distinct` (`MDNode::handleChangedOperand`: "Drop
 *   uniquing for ... deleted constants");
 * - the location of a debug record (`#dbg_value(ptr @g, …)`) becomes `poison` of its type.
 * `opt -passes=globaldce` on such a module prints `!0 = distinct !{null}` and
 * `#dbg_value(ptr poison, …)` (checked with opt-19 and opt-22).
 */
import { TK } from './parse/lexer.js';
import type { LModule } from './parse/model.js';
import { gapText, joinTokens, type TokenFolds } from './parse/parser.js';

/** The global values an output does not have, by name (a lookup: the printer does not list them). */
export interface DroppedNames {
  /** Whether `name` (without `@`) is a global value of the module the output does not have. */
  has(name: string): boolean;
}

/** A replacement of the tokens [from, to) by `text`. */
interface TokenEdit {
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

const [LPAREN, RPAREN, LBRACE, RBRACE, LBRACK, RBRACK, LT, GT, COMMA, COLON, EQ] = [0x28, 0x29, 0x7b, 0x7d, 0x5b, 0x5d, 0x3c, 0x3e, 0x2c, 0x3a, 0x3d];

/** Whether token `i` opens (1), closes (-1) or neither (0) a bracket. */
function bracket(m: LModule, i: number): number {
  if (m.tokens.kindCode(i) !== TK.punct) return 0;
  const c = m.tokens.charAt(i);
  if (c === LPAREN || c === LBRACE || c === LBRACK || c === LT) return 1;
  if (c === RPAREN || c === RBRACE || c === RBRACK || c === GT) return -1;
  return 0;
}

function isPunct(m: LModule, i: number, c: number): boolean {
  return m.tokens.kindCode(i) === TK.punct && m.tokens.charAt(i) === c;
}

/** Whether the tokens [from, to) name a global value in `dropped`. */
function names(m: LModule, from: number, to: number, dropped: DroppedNames): boolean {
  for (let i = from; i < to; i++) if (m.tokens.kindCode(i) === TK.gvar && dropped.has(m.tokens.valueOf(i))) return true;
  return false;
}

/** The tokens [from, to) with `edits` (sorted, not overlapping) applied, spaced as the input is. */
function joinEdited(m: LModule, from: number, to: number, edits: readonly TokenEdit[], folds?: TokenFolds, subst?: (i: number) => string | undefined): string {
  const t = m.tokens;
  let out = '';
  let at = from;
  for (const e of edits) {
    out += joinTokens(m.text, t, at, e.from, subst, folds);
    if (e.from > at) out += gapText(m.text, t.endOf(e.from - 1), t.startOf(e.from));
    out += e.text;
    if (e.to < to) out += gapText(m.text, t.endOf(e.to - 1), t.startOf(e.to));
    at = e.to;
  }
  return out + joinTokens(m.text, t, at, to, subst, folds);
}

/**
 * The text of the metadata item `!N = …` (tokens [from, to)) with every operand that names a
 * value in `dropped` as `null`, and `distinct` when it was uniqued; undefined when it names none.
 * An operand is what lies between the node's own `(`/`{` or a `,` and the next `,` or its close, at
 * its own bracket depth; a field (`value: ptr @g`) is the part after its `:`.
 */
export function metadataWithoutDropped(m: LModule, from: number, to: number, dropped: DroppedNames, folds?: TokenFolds): string | undefined {
  if (!names(m, from, to, dropped)) return undefined;
  const t = m.tokens;
  const edits: TokenEdit[] = [];
  // `!N = [distinct] !{…}` / `!DIxxx(…)`: the body opens at the first bracket after the `=`.
  let eq = from;
  while (eq < to && !isPunct(m, eq, EQ)) eq++;
  let open = eq + 1;
  while (open < to && bracket(m, open) !== 1) open++;
  if (open >= to) return undefined;
  const distinct = t.kindCode(eq + 1) === TK.word && t.textIs(eq + 1, 'distinct');
  // Operands of the body (depth 1): from after `(`/`{`/`,` (a field: after its `:`) to the next `,`/close.
  let depth = 0;
  let start = -1;
  const close = (end: number): void => {
    // (a field, `value: ptr @g`: its label — one token, `value:` — stays)
    while (start >= 0 && start < end && t.kindCode(start) === TK.nl) start++;
    if (start >= 0 && start < end && t.kindCode(start) === TK.label) start++;
    if (start >= 0 && end > start && names(m, start, end, dropped)) edits.push({ from: start, to: end, text: 'null' });
    start = -1;
  };
  for (let i = open; i < to; i++) {
    if (t.kindCode(i) === TK.nl) continue;
    const b = bracket(m, i);
    if (b === 1) {
      depth++;
      if (depth === 1) {
        start = i + 1;
        continue;
      }
    } else if (b === -1) {
      if (depth === 1) close(i);
      depth--;
      if (depth === 0) break;
      continue;
    }
    if (depth !== 1) continue;
    if (isPunct(m, i, COMMA)) {
      close(i);
      start = i + 1;
    } else if (isPunct(m, i, COLON) && start >= 0 && i === start + 1) start = i + 1; // `field :` — the value follows
  }
  if (!edits.length) return undefined;
  if (!distinct) edits.unshift({ from: eq + 1, to: eq + 1, text: 'distinct' });
  return joinEdited(m, from, to, edits.sort((a, b) => a.from - b.from || a.to - b.to), folds);
}

/** Words that begin a constant expression: where a typed operand's value starts, after its type. */
const CONSTANT_EXPRESSIONS = new Set(['getelementptr', 'bitcast', 'addrspacecast', 'ptrtoint', 'ptrtoaddr', 'inttoptr', 'trunc', 'zext', 'sext', 'add', 'sub', 'mul', 'xor', 'shl', 'icmp', 'fcmp', 'select', 'extractelement', 'insertelement', 'shufflevector', 'blockaddress', 'dso_local_equivalent', 'no_cfi']);

/**
 * The text of a debug record (`#dbg_value(…)`, `#dbg_declare(…)`, `#dbg_assign(…)`; tokens
 * [from, to)) whose location operands name a value in `dropped`, with each such value `poison` of
 * its type; undefined when it names none.
 */
export function debugRecordWithoutDropped(m: LModule, from: number, to: number, dropped: DroppedNames, subst?: (i: number) => string | undefined, folds?: TokenFolds): string | undefined {
  if (!names(m, from, to, dropped)) return undefined;
  const t = m.tokens;
  const edits: TokenEdit[] = [];
  let depth = 0;
  let start = -1;
  // `<type> <value>`: the value starts at the first global, or constant-expression word, at the operand's own depth.
  const typed = (from: number, to: number): void => {
    if (!names(m, from, to, dropped)) return;
    let d = 0;
    for (let i = from; i < to; i++) {
      const b = bracket(m, i);
      if (b) {
        d += b;
        continue;
      }
      if (d !== 0) continue;
      if (t.kindCode(i) === TK.gvar || (t.kindCode(i) === TK.word && CONSTANT_EXPRESSIONS.has(t.valueOf(i)))) {
        if (i > from) edits.push({ from: i, to, text: 'poison' });
        return;
      }
    }
  };
  const close = (end: number): void => {
    if (start < 0 || end <= start || !names(m, start, end, dropped)) return;
    // `!DIArgList(<type> <value>, …)`: each of its operands so (LLVM's ValueMapper keeps the list)
    if (t.kindCode(start) === TK.meta && t.valueOf(start) === 'DIArgList' && isPunct(m, start + 1, LPAREN)) {
      let d = 0;
      let from = start + 2;
      for (let i = start + 2; i < end; i++) {
        const b = bracket(m, i);
        if (b === 1) d++;
        else if (b === -1) {
          if (d === 0) {
            typed(from, i);
            return;
          }
          d--;
        } else if (d === 0 && isPunct(m, i, COMMA)) {
          typed(from, i);
          from = i + 1;
        }
      }
      return;
    }
    typed(start, end);
  };
  for (let i = from; i < to; i++) {
    if (t.kindCode(i) === TK.nl) continue;
    const b = bracket(m, i);
    if (b === 1) {
      depth++;
      if (depth === 1) start = i + 1;
      continue;
    }
    if (b === -1) {
      if (depth === 1) close(i);
      depth--;
      if (depth === 0) break;
      continue;
    }
    if (depth === 1 && isPunct(m, i, COMMA)) {
      close(i);
      start = i + 1;
    }
  }
  if (!edits.length) return undefined;
  // (the rest of the record as joinTokens prints it, local names renamed as the function's are)
  return joinEdited(m, from, to, edits, folds, subst);
}
