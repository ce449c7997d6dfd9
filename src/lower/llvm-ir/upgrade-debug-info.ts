/**
 * What LLParser does to a module's debug info once the module is read (`validateEndOfModule` calls
 * llvm/llvm-project:llvm/lib/IR/AutoUpgrade.cpp `UpgradeDebugInfo`): a module whose
 * `"Debug Info Version"` module flag is not 3 (`DEBUG_METADATA_VERSION`; a module without the flag
 * counts as version 0) loses all its debug info (llvm/lib/IR/DebugInfo.cpp `StripDebugInfo`), and
 * when there was some, LLVM warns `ignoring debug info with an invalid version (N) in MODULE`
 * (`DiagnosticInfoDebugMetadataVersion`). sycl-post-link reads its input with `parseIRFile`, so a
 * hand-written module with `!dbg` attachments but no module flags comes out of it without them
 * (checked with `opt-22 -S`, which reads IR the same way).
 *
 * StripDebugInfo removes:
 * - the named metadata `!llvm.dbg.*` and `!llvm.gcov`;
 * - every function's `!dbg` attachment (its subprogram), definitions and declarations alike;
 * - every instruction's debug location (`, !dbg !N`), `!heapallocsite` and `!DIAssignID`
 *   attachments, its debug records (`#dbg_value(…)` …) and the `llvm.dbg.*` intrinsic calls;
 * - a loop ID's `DILocation` operands (`stripDebugLocFromLoopID`: a loop ID of only locations is
 *   removed from the instruction);
 * - every global variable's `!dbg` attachment.
 *
 * Done here on the text: the ranges those items occupy are blanked (their line breaks kept, so
 * line numbers in later errors stay the input's) and the text is read again. Nodes nothing refers
 * to any more are not printed (src/lower/llvm-ir/print.ts prints the metadata reachable from what
 * it prints). A module with version 3 is verified by LLVM (`verifyModule`) and kept as it is; the
 * verifier is not run here.
 *
 * Portable: no Node APIs.
 */
import { TK, type TokenList } from './parse/lexer.js';
import type { LModule } from './parse/model.js';
import { irErrorAt } from './parse/errors.js';
import { parseLlvmIr } from './parse/parser.js';

/** llvm/include/llvm/IR/Metadata.h `DEBUG_METADATA_VERSION`. */
export const DEBUG_METADATA_VERSION = 3n;

/** Instruction attachments StripDebugInfo removes besides loop IDs (DebugInfo.cpp `stripDebugInfo(Function &)`). */
const INSTRUCTION_KINDS = new Set(['dbg', 'heapallocsite', 'DIAssignID']);

/** The intrinsics `isa<DbgInfoIntrinsic>` is true of (llvm/include/llvm/IR/IntrinsicInst.h). */
const DEBUG_INTRINSICS = new Set(['llvm.dbg.declare', 'llvm.dbg.value', 'llvm.dbg.assign', 'llvm.dbg.label']);

/** A character range of the text to blank, or to replace with the third element. */
type Range = [number, number] | [number, number, string];

/** Words every item StripDebugInfo removes has in its text (a loop ID only changes when it holds a DILocation). */
const DEBUG_WORDS = /dbg|llvm\.gcov|heapallocsite|DIAssignID|DILocation/;

/** The result of {@link upgradeDebugInfo}. */
export interface DebugInfoUpgrade {
  /** The module as LLVM holds it after reading: `m` itself, or `m` read again without its debug info. */
  readonly module: LModule;
  /** LLVM's warning (without the `warning: ` prefix) when debug info was stripped for its version. */
  readonly warning?: string;
}

/**
 * The `"Debug Info Version"` module flag's value as LLVM reads it (AutoUpgrade.cpp
 * `UpgradeDebugInfo`: the first `!llvm.module.flags` operand of 3 or more operands whose second is
 * that string; its third as an unsigned integer when it is one), 0 when there is none.
 */
export function debugInfoVersion(m: LModule): bigint {
  const t = m.tokens;
  for (const ref of m.namedMetadata.get('llvm.module.flags') ?? []) {
    const node = m.metadata.get(ref.slice(1));
    if (!node) continue;
    const ops = tupleOperands(t, node.tokFrom, node.tokTo);
    if (!ops || ops.length < 3) continue;
    const [kf, kt] = ops[1]!;
    if (!(kt === kf + 2 && t.textIs(kf, '!') && t.kindCode(kf + 1) === TK.str && t.valueOf(kf + 1) === 'Debug Info Version')) continue;
    const [vf, vt] = ops[2]!;
    // `i32 3`: an integer type and a decimal literal (ConstantInt); anything else reads as 0.
    if (vt !== vf + 2 || t.kindCode(vf) !== TK.word || !/^i\d+$/.test(t.valueOf(vf)) || t.kindCode(vf + 1) !== TK.int) return 0n;
    const bits = BigInt(t.valueOf(vf).slice(1));
    const v = BigInt(t.valueOf(vf + 1));
    return bits > 0n ? BigInt.asUintN(Number(bits > 64n ? 64n : bits), v) : 0n;
  }
  return 0n;
}

/**
 * Applies LLParser's debug-info upgrade to a module read from text (see the file comment):
 * `module` is `m` when nothing changes, else the module without its debug info; `warning` is what
 * LLVM prints when it stripped something, naming the module `moduleId`.
 */
export function upgradeDebugInfo(m: LModule, moduleId: string): DebugInfoUpgrade {
  // (a module that names none of what StripDebugInfo removes is left without a walk of its tokens:
  // one search of the text)
  if (!DEBUG_WORDS.test(m.text)) return { module: m };
  const version = debugInfoVersion(m);
  if (version === DEBUG_METADATA_VERSION) return { module: m };
  const t = m.tokens;
  const blank: Range[] = [];
  let modified = false;
  const replaceNode = new Map<string, string>();
  const loopIds = new LoopIdStripper(m);

  for (const item of m.items) {
    if (item.kind !== 'text' || item.what !== 'named-md' || item.name === undefined) continue;
    if (item.name.startsWith('llvm.dbg.') || item.name === 'llvm.gcov') {
      blank.push([t.startOf(item.tokFrom), t.endOf(item.tokTo - 1)]);
      modified = true;
    }
  }
  for (const g of m.globals) {
    for (const [from, to] of attachments(t, g.tokFrom, g.tokTo, true)) {
      if (!t.textIs(from + 1, '!dbg')) continue;
      blank.push([t.startOf(from), t.endOf(to - 1)]);
      modified = true;
    }
  }
  for (const f of m.functions) {
    for (const [from, to] of attachments(t, f.headerFrom, f.headerTo, false)) {
      if (!t.textIs(from, '!dbg')) continue;
      // (from the end of the token before it: `#0 !dbg !3 {` becomes `#0 {`, not `#0  {`)
      blank.push([t.endOf(from - 1), t.endOf(to - 1)]);
      modified = true;
    }
    for (const b of f.blocks) {
      for (const ins of b.instructions) {
        if (ins.opcode.startsWith('#dbg_')) {
          // (Instruction::dropDbgRecords: not counted as a change)
          blank.push([t.startOf(ins.tokFrom), t.endOf(ins.tokTo - 1)]);
          continue;
        }
        const callee = ins.call?.callee.value;
        if (callee && callee.k === 'global' && DEBUG_INTRINSICS.has(callee.name)) {
          blank.push([t.startOf(ins.tokFrom), t.endOf(ins.tokTo - 1)]);
          modified = true;
          continue;
        }
        for (const [from, to] of attachments(t, ins.tokFrom, ins.tokTo, true)) {
          const kind = t.valueOf(from + 1);
          if (INSTRUCTION_KINDS.has(kind)) {
            blank.push([t.startOf(from), t.endOf(to - 1)]);
            // (a debug location is a change; the other two kinds are dropped without counting)
            if (kind === 'dbg') modified = true;
          } else if (kind === 'llvm.loop' && to === from + 3 && t.kindCode(from + 2) === TK.meta) {
            const id = t.valueOf(from + 2);
            const stripped = loopIds.strip(id, from + 2);
            if (stripped === null) blank.push([t.startOf(from), t.endOf(to - 1)]);
            else if (stripped !== undefined) replaceNode.set(id, stripped);
          }
        }
      }
    }
  }
  if (blank.length === 0 && replaceNode.size === 0) return { module: m };
  for (const [id, text] of replaceNode) {
    const node = m.metadata.get(id)!;
    blank.push([t.startOf(node.tokFrom), t.endOf(node.tokTo - 1), text]);
  }
  const text = rewrite(m.text, blank);
  const module = parseLlvmIr(text);
  return modified ? { module, warning: `ignoring debug info with an invalid version (${version}) in ${moduleId}` } : { module };
}

/**
 * `text` with each range blanked (only its line breaks kept) or, for a range with a third element,
 * replaced by that text and the range's line breaks. Ranges may nest (an instruction removed whole
 * holds attachments removed too): a range inside one already taken is skipped.
 */
function rewrite(text: string, ranges: Range[]): string {
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: string[] = [];
  let at = 0;
  for (const r of ranges) {
    if (r[0] < at) continue;
    out.push(text.slice(at, r[0]));
    if (r.length === 3) out.push(r[2]);
    for (let i = r[0]; i < r[1]; i++) if (text.charCodeAt(i) === 0x0a) out.push('\n');
    at = r[1];
  }
  out.push(text.slice(at));
  return out.join('');
}

/**
 * The metadata attachments among tokens [from, to) at bracket depth 0: each as the token range of
 * `, !kind VALUE` (`comma`: instructions and globals) or `!kind VALUE` (function headers).
 */
function attachments(t: TokenList, from: number, to: number, comma: boolean): [number, number][] {
  const out: [number, number][] = [];
  let depth = 0;
  for (let i = from; i < to; i++) {
    const k = t.kindCode(i);
    if (k === TK.nl) continue;
    if (depth === 0 && k === TK.meta && i + 1 < to && (comma ? i > from && t.textIs(i - 1, ',') : true)) {
      // A function header's `!kind VALUE` pairs follow its attributes; `!kind` names an attachment only
      // where a value follows it.
      const end = valueEnd(t, nextToken(t, i + 1, to), to);
      if (end !== undefined) {
        out.push([comma ? i - 1 : i, end]);
        i = end - 1;
        continue;
      }
    }
    depth += t.bracketDelta(i);
  }
  return out;
}

function nextToken(t: TokenList, i: number, to: number): number {
  while (i < to && t.kindCode(i) === TK.nl) i++;
  return i;
}

/** End (exclusive) of the metadata value starting at token `i`: `!N`, `!"…"`, `!{…}`, `!DIKind(…)`, `distinct …`. */
function valueEnd(t: TokenList, i: number, to: number): number | undefined {
  if (i >= to) return undefined;
  if (t.kindCode(i) === TK.word && t.textIs(i, 'distinct')) i = nextToken(t, i + 1, to);
  if (i >= to) return undefined;
  const k = t.kindCode(i);
  if (k === TK.meta) {
    const n = nextToken(t, i + 1, to);
    return n < to && t.textIs(n, '(') ? matching(t, n, to) : i + 1;
  }
  if (k === TK.punct && t.textIs(i, '!')) {
    const n = nextToken(t, i + 1, to);
    if (n >= to) return undefined;
    if (t.kindCode(n) === TK.str) return n + 1;
    if (t.textIs(n, '{')) return matching(t, n, to);
  }
  return undefined;
}

/** Just past the bracket closing the one at `i` (undefined when it does not close before `to`). */
function matching(t: TokenList, i: number, to: number): number | undefined {
  let depth = 0;
  for (let j = i; j < to; j++) {
    depth += t.bracketDelta(j);
    if (depth === 0) return j + 1;
  }
  return undefined;
}

/** The top-level operands of the tuple a node entity `!N = [distinct] !{…}` defines, as token ranges. */
export function tupleOperands(t: TokenList, from: number, to: number): [number, number][] | undefined {
  let i = from;
  while (i < to && !t.textIs(i, '{')) i++;
  if (i >= to || !t.textIs(i - 1, '!')) return undefined;
  const ops: [number, number][] = [];
  let depth = 0;
  let start = i + 1;
  for (let j = i; j < to; j++) {
    const d = t.bracketDelta(j);
    depth += d;
    if (depth === 0) {
      if (j > start) ops.push([start, j]);
      return ops;
    }
    if (depth === 1 && d === 0 && t.textIs(j, ',')) {
      ops.push([start, j]);
      start = j + 1;
    }
  }
  return undefined;
}

/**
 * stripDebugLocFromLoopID (llvm/lib/IR/DebugInfo.cpp) for the loop IDs clang writes: a
 * self-referential tuple whose other operands are locations (`!DILocation`, by reference or
 * inline) or nodes that reach none. Each loop ID is stripped once (its `LoopIDsMap`).
 */
class LoopIdStripper {
  private readonly done = new Map<string, string | null | undefined>();
  private readonly reaches = new Map<string, boolean>();
  private users?: Map<string, string>;
  constructor(private readonly m: LModule) {}

  /** For each node another node names as an operand (not itself), the first such node: made once, one pass over the metadata. */
  private usersOf(): Map<string, string> {
    if (this.users) return this.users;
    const users = new Map<string, string>();
    for (const [n, node] of this.m.metadata) {
      for (const r of node.refs) {
        if (!r.startsWith('!')) continue;
        const k = r.slice(1);
        if (k !== n && !users.has(k)) users.set(k, n);
      }
    }
    return (this.users = users);
  }

  /**
   * The new text of loop ID `!id` without its locations; `null` when it held only locations (the
   * attachment goes); undefined when it holds none (unchanged). `at`: the reference's token, for errors.
   */
  strip(id: string, at: number): string | null | undefined {
    if (this.done.has(id)) return this.done.get(id);
    const m = this.m;
    const t = m.tokens;
    const node = m.metadata.get(id);
    if (!node) return undefined;
    const ops = tupleOperands(t, node.tokFrom, node.tokTo);
    if (!ops || ops.length === 0) return undefined;
    const keep: string[] = [];
    let dropped = 0;
    for (let k = 1; k < ops.length; k++) {
      const [from, to] = ops[k]!;
      const text = m.text.slice(t.startOf(from), t.endOf(to - 1));
      if (this.isLocation(from, to)) {
        dropped++;
        continue;
      }
      const ref = to === from + 1 && t.kindCode(from) === TK.meta ? t.valueOf(from) : undefined;
      if (ref !== undefined && ref !== id && this.reachesLocation(ref, id)) {
        // stripDebugLocFromLoopID drops such an operand too, or the whole ID when it is made of
        // locations only (isAllDILocation): followed here only as far as direct locations.
        throw irErrorAt(m, at, `loop ID !${id} reaches a DILocation through !${ref}; stripping debug info from such a loop ID (the module has no "Debug Info Version" 3 flag) is not implemented`, 'UNAVAILABLE');
      }
      keep.push(text);
    }
    let result: string | null | undefined;
    if (dropped === 0) result = undefined;
    else if (keep.length === 0) result = null;
    else {
      const user = this.usersOf().get(id);
      if (user !== undefined) throw irErrorAt(m, at, `loop ID !${id} is also an operand of !${user}; stripping its DILocations (the module has no "Debug Info Version" 3 flag) is not implemented for a loop ID used elsewhere`, 'UNAVAILABLE');
      result = `!${id} = distinct !{!${id}, ${keep.join(', ')}}`;
    }
    this.done.set(id, result);
    return result;
  }

  /** Operand tokens [from, to) are a location: `!DILocation(…)` inline, or a reference to one. */
  private isLocation(from: number, to: number): boolean {
    const m = this.m;
    const t = m.tokens;
    if (t.kindCode(from) !== TK.meta) return false;
    if (to > from + 1) return t.valueOf(from) === 'DILocation';
    return this.nodeIsLocation(t.valueOf(from));
  }

  private nodeIsLocation(n: string): boolean {
    const node = this.m.metadata.get(n);
    return node !== undefined && /^(distinct )?!DILocation\(/.test(node.text);
  }

  /** Whether node `!n` reaches a location through its operands (an explicit stack; `self` not followed). */
  private reachesLocation(n: string, self: string): boolean {
    const hit = this.reaches.get(n);
    if (hit !== undefined) return hit;
    const seen = new Set<string>([self, n]);
    const stack = [n];
    let found = false;
    while (stack.length > 0 && !found) {
      const cur = stack.pop()!;
      if (this.nodeIsLocation(cur) || /!DILocation\(/.test(this.m.metadata.get(cur)?.text ?? '')) {
        found = true;
        break;
      }
      for (const r of this.m.metadata.get(cur)?.refs ?? []) {
        if (!r.startsWith('!')) continue;
        const k = r.slice(1);
        if (!seen.has(k)) {
          seen.add(k);
          stack.push(k);
        }
      }
    }
    this.reaches.set(n, found);
    return found;
  }
}
