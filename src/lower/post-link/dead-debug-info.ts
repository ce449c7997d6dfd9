/**
 * LLVM's StripDeadDebugInfoPass, which sycl-post-link runs on every output module after GlobalDCE
 * (`ModuleDesc::cleanup`, intel/llvm:llvm/lib/SYCLPostLink/ModuleSplitter.cpp@01e7e04f), as
 * llvm/llvm-project:llvm/lib/Transforms/IPO/StripSymbols.cpp@00c65764 `stripDeadDebugInfoImpl`
 * does it (checked against `opt-19 -passes=strip-dead-debug-info`):
 *
 * 1. live global variable expressions: the `!dbg` attachments of the module's global variables;
 * 2. live compile units: those a DebugInfoFinder meets from the module's functions (their
 *    `!dbg` subprograms, and each instruction's debug location and debug-record or
 *    `llvm.dbg.*` variable), through scopes, types, subprograms' units and each met unit's
 *    globals, enums, retained types and imports (llvm/lib/IR/DebugInfo.cpp `DebugInfoFinder`);
 * 3. for every compile unit a finder over the whole module meets (`!llvm.dbg.cu` first): its
 *    `globals:` keep the live expressions and the constant ones (`DIExpression::isConstant`),
 *    each expression counted once; a list that lost one becomes the uniqued tuple of the rest
 *    (an identical node of the module's when there is one, else a new node); a unit with a kept
 *    expression is live; a unit neither live nor with a kept expression is dead;
 * 4. with a dead unit, `!llvm.dbg.cu` lists the live units (upstream iterates a
 *    `std::set<DICompileUnit *>`, i.e. allocation order; here the nodes' order of definition).
 *
 * Nothing else changes: units are edited in place (same node, `globals:` replaced), attachments
 * stay, and a dropped unit or expression disappears from the printed module when nothing else
 * refers to it. The walk is iterative (an explicit stack in the recursion's order): the depth of
 * a debug-info graph is the input's.
 *
 * Portable: no Node APIs.
 */
import { TK } from '../llvm-ir/parse/lexer.js';
import type { LFunction, LGlobal, LModule } from '../llvm-ir/parse/model.js';
import { newMetadataNode, tokensText, type ModuleEdits } from '../llvm-ir/print.js';

/** A specialized node (`!DIKind(field: value, …)`): its kind, each field's value tokens and, for a `!N` value, N. */
interface DiNode {
  readonly kind: string;
  readonly fields: ReadonlyMap<string, { readonly from: number; readonly to: number; readonly ref?: string }>;
}

/**
 * The debug-info nodes of one module, read when first asked for and kept: every output module of
 * a split asks for the same nodes, so each is read once (not once per image).
 */
class DiIndex {
  private readonly nodes = new Map<string, DiNode | null>();
  private readonly tuples = new Map<string, readonly (string | undefined)[]>();
  private readonly constants = new Map<string, boolean>();
  /** Uniqued tuples of references by their canonical text (`!{!1, !2}`), for MDTuple::get. */
  readonly tupleByText = new Map<string, string>();
  /** The units DebugInfoFinder::processModule meets from `!llvm.dbg.cu` (the same for every image). */
  readonly listedUnits: readonly string[];
  readonly listedSet: ReadonlySet<string>;

  constructor(readonly m: LModule) {
    for (const [n, node] of m.metadata) {
      if (!node.text.startsWith('!{')) continue;
      const refs = this.tuple(n);
      if (refs.every((r) => r !== undefined)) {
        const text = `!{${refs.map((r) => '!' + r).join(', ')}}`;
        if (!this.tupleByText.has(text)) this.tupleByText.set(text, n);
      }
    }
    const finder = new DebugInfoFinder(this);
    // Module::debug_compile_units skips units with emissionKind NoDebug.
    for (const cu of m.namedMetadata.get('llvm.dbg.cu') ?? []) {
      const n = cu.replace(/^!/, '');
      const kind = this.node(n)?.fields.get('emissionKind');
      if (kind && kind.to === kind.from + 1 && m.tokens.textIs(kind.from, 'NoDebug')) continue;
      finder.compileUnit(n);
    }
    this.listedUnits = finder.compileUnits;
    this.listedSet = new Set(finder.compileUnits);
  }

  /** The specialized node numbered `n` (`null` for a tuple or anything else). */
  node(n: string): DiNode | null {
    let hit = this.nodes.get(n);
    if (hit !== undefined) return hit;
    const m = this.m;
    const node = m.metadata.get(n);
    hit = null;
    if (node) {
      const t = m.tokens;
      let i = node.tokFrom + 2;
      while (i < node.tokTo && t.kindCode(i) === TK.nl) i++;
      if (t.kindCode(i) === TK.word && t.textIs(i, 'distinct')) i++;
      if (t.kindCode(i) === TK.meta && t.kindCode(i + 1) === TK.punct && t.charAt(i + 1) === 0x28) hit = { kind: t.valueOf(i), fields: fieldsOf(m, i + 2, node.tokTo) };
    }
    this.nodes.set(n, hit);
    return hit;
  }

  /** The node `node`'s field refers to (`!N` → `N`); undefined for `null`, an inline node or no field. */
  ref(node: DiNode | null, field: string): string | undefined {
    return node?.fields.get(field)?.ref;
  }

  /**
   * The operands of tuple `!N` (`!{!1, null, !2}`): node numbers, undefined for anything else. (A
   * scanner of its own, not image-requirements.ts `mdOperands`: this one is on the path of every
   * image of a split and keeps only references.)
   */
  tuple(n: string | undefined): readonly (string | undefined)[] {
    if (n === undefined) return [];
    let hit = this.tuples.get(n);
    if (!hit) this.tuples.set(n, (hit = tupleOperands(this.m, n)));
    return hit;
  }

  private readonly closures = new Map<string, readonly string[]>();

  /** The units processCompileUnit(`n`) meets from a fresh finder, in order (`n` first). */
  unitClosure(n: string): readonly string[] {
    let hit = this.closures.get(n);
    if (!hit) {
      const finder = new DebugInfoFinder(this);
      finder.compileUnit(n);
      this.closures.set(n, (hit = finder.compileUnits));
    }
    return hit;
  }

  /** Whether global variable expression `!gve`'s `expr:` is a constant (DIExpression::isConstant). */
  constantGve(gve: string): boolean {
    let hit = this.constants.get(gve);
    if (hit === undefined) this.constants.set(gve, (hit = constantExpressionOf(this, gve)));
    return hit;
  }
}

const INDEXES = new WeakMap<LModule['metadata'], DiIndex>();
function indexOf(m: LModule): DiIndex {
  let ix = INDEXES.get(m.metadata);
  if (!ix) INDEXES.set(m.metadata, (ix = new DiIndex(m)));
  return ix;
}

/** The `name: value` fields of a specialized node's argument list starting at token `from`. */
function fieldsOf(m: LModule, from: number, to: number): Map<string, { from: number; to: number; ref?: string }> {
  const t = m.tokens;
  const out = new Map<string, { from: number; to: number; ref?: string }>();
  let i = from;
  while (i < to) {
    if (t.kindCode(i) === TK.nl) {
      i++;
      continue;
    }
    if (t.kindCode(i) === TK.punct && t.charAt(i) === 0x29) break;
    // `name:` lexes as a label token (LLLexer's LabelStr).
    if (t.kindCode(i) !== TK.label) break;
    const name = t.valueOf(i);
    let j = i + 1;
    const start = j;
    let depth = 0;
    for (; j < to; j++) {
      if (t.kindCode(j) !== TK.punct) continue;
      const c = t.charAt(j);
      if (c === 0x28 || c === 0x7b) depth++;
      else if (c === 0x29 || c === 0x7d) {
        if (depth === 0) break;
        depth--;
      } else if (c === 0x2c && depth === 0) break;
    }
    const v = j === start + 1 && t.kindCode(start) === TK.meta ? t.valueOf(start) : '';
    out.set(name, /^[0-9]+$/.test(v) ? { from: start, to: j, ref: v } : { from: start, to: j });
    i = t.kindCode(j) === TK.punct && t.charAt(j) === 0x2c ? j + 1 : j;
  }
  return out;
}

/** The operands of tuple `!n` as node numbers (undefined for `null` and anything not a reference). */
function tupleOperands(m: LModule, n: string): (string | undefined)[] {
  const node = m.metadata.get(n);
  if (!node) return [];
  const t = m.tokens;
  let i = node.tokFrom + 2;
  while (i < node.tokTo && !(t.kindCode(i) === TK.punct && t.charAt(i) === 0x7b)) i++;
  const out: (string | undefined)[] = [];
  let cur: string | undefined;
  let count = 0;
  let depth = 0;
  for (i++; i < node.tokTo; i++) {
    const k = t.kindCode(i);
    if (k === TK.nl) continue;
    if (k === TK.punct) {
      const c = t.charAt(i);
      if (c === 0x28 || c === 0x7b) depth++;
      else if ((c === 0x29 || c === 0x7d) && depth > 0) depth--;
      else if ((c === 0x2c || c === 0x7d) && depth === 0) {
        if (count > 0 || c === 0x2c) out.push(count === 1 ? cur : undefined);
        cur = undefined;
        count = 0;
        if (c === 0x7d) break;
        continue;
      }
    }
    count++;
    cur = k === TK.meta && /^[0-9]+$/.test(t.valueOf(i)) ? t.valueOf(i) : undefined;
  }
  return out;
}

const TYPE_KINDS = new Set(['DIBasicType', 'DIDerivedType', 'DICompositeType', 'DISubroutineType', 'DIStringType', 'DISubrangeType']);

/** One step of the walk: a visit, returning the visits it makes next (in order). */
type Step = () => Step[];

/** DebugInfoFinder, as far as StripDeadDebugInfo reads it: the compile units met, in order. */
class DebugInfoFinder {
  /** Compile units in the order they were met (DebugInfoFinder::compile_units). */
  readonly compileUnits: string[] = [];
  private readonly units = new Set<string>();
  // Nodes met, one set per kind of visit (DebugInfoFinder's NodesSeen and its lists).
  private readonly seenGve = new Set<string>();
  private readonly seenSp = new Set<string>();
  private readonly seenType = new Set<string>();
  private readonly seenScope = new Set<string>();
  private readonly seenLoc = new Set<string>();
  private readonly seenVar = new Set<string>();

  /**
   * `memo`: take what a unit's lists lead to from the module's index (the walk from a unit is the
   * same in every image: the units it meets are one list per module) instead of walking it again.
   */
  constructor(
    private readonly ix: DiIndex,
    private readonly memo = false,
  ) {}

  /** Runs `first` and everything it leads to, depth first in call order, without recursion. */
  private run(first: Step): void {
    const stack: Step[] = [first];
    while (stack.length) {
      const next = stack.pop()!();
      for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
    }
  }

  /** processCompileUnit. */
  compileUnit(n: string | undefined): void {
    this.run(() => this.visitCompileUnit(n));
  }

  /** processSubprogram. */
  subprogram(n: string | undefined): void {
    this.run(() => this.visitSubprogram(n));
  }

  /** processInstruction, for one metadata node an instruction names: a location or a variable. */
  instructionRef(n: string): void {
    const kind = this.ix.node(n)?.kind;
    if (kind === 'DILocation') this.run(() => this.visitLocation(n));
    else if (kind === 'DILocalVariable') this.run(() => this.visitVariable(n));
  }

  private addUnit(n: string | undefined): boolean {
    if (n === undefined || this.units.has(n)) return false;
    this.units.add(n);
    this.compileUnits.push(n);
    return true;
  }

  private static first(set: Set<string>, n: string): boolean {
    if (set.has(n)) return false;
    set.add(n);
    return true;
  }

  private visitCompileUnit(n: string | undefined): Step[] {
    if (!this.addUnit(n)) return [];
    const ix = this.ix;
    if (this.memo) {
      // The units the walk from `n` would add, in its order (those already met are met again: a
      // node this finder met before led only to units it added then).
      for (const u of ix.unitClosure(n!)) this.addUnit(u);
      return [];
    }
    const cu = ix.node(n!);
    const out: Step[] = [];
    for (const gve of ix.tuple(ix.ref(cu, 'globals'))) {
      if (gve === undefined || !DebugInfoFinder.first(this.seenGve, gve)) continue;
      const v = ix.ref(ix.node(gve), 'var');
      const gv = v === undefined ? null : ix.node(v);
      out.push(
        () => this.visitScope(ix.ref(gv, 'scope')),
        () => this.visitType(ix.ref(gv, 'type')),
      );
    }
    for (const e of ix.tuple(ix.ref(cu, 'enums'))) out.push(() => this.visitType(e));
    for (const r of ix.tuple(ix.ref(cu, 'retainedTypes'))) {
      if (r !== undefined) out.push(() => (TYPE_KINDS.has(ix.node(r)?.kind ?? '') ? this.visitType(r) : this.visitSubprogram(r)));
    }
    for (const imp of ix.tuple(ix.ref(cu, 'imports'))) {
      const entity = ix.ref(imp === undefined ? null : ix.node(imp), 'entity');
      if (entity === undefined) continue;
      const e = ix.node(entity);
      if (TYPE_KINDS.has(e?.kind ?? '')) out.push(() => this.visitType(entity));
      else if (e?.kind === 'DISubprogram') out.push(() => this.visitSubprogram(entity));
      else if (e?.kind === 'DINamespace' || e?.kind === 'DIModule') out.push(() => this.visitScope(ix.ref(e, 'scope')));
    }
    return out;
  }

  private visitSubprogram(n: string | undefined): Step[] {
    if (n === undefined || !DebugInfoFinder.first(this.seenSp, n)) return [];
    const ix = this.ix;
    const sp = ix.node(n);
    const out: Step[] = [() => this.visitScope(ix.ref(sp, 'scope')), () => this.visitCompileUnit(ix.ref(sp, 'unit')), () => this.visitType(ix.ref(sp, 'type'))];
    for (const p of ix.tuple(ix.ref(sp, 'templateParams'))) {
      const param = p === undefined ? null : ix.node(p);
      if (param?.kind === 'DITemplateTypeParameter' || param?.kind === 'DITemplateValueParameter') out.push(() => this.visitType(ix.ref(param, 'type')));
    }
    return out;
  }

  private visitType(n: string | undefined): Step[] {
    if (n === undefined || !DebugInfoFinder.first(this.seenType, n)) return [];
    const ix = this.ix;
    const ty = ix.node(n);
    const out: Step[] = [() => this.visitScope(ix.ref(ty, 'scope'))];
    if (ty?.kind === 'DISubroutineType') {
      for (const r of ix.tuple(ix.ref(ty, 'types'))) out.push(() => this.visitType(r));
    } else if (ty?.kind === 'DICompositeType') {
      out.push(() => this.visitType(ix.ref(ty, 'baseType')));
      for (const e of ix.tuple(ix.ref(ty, 'elements'))) {
        if (e === undefined) continue;
        const k = ix.node(e)?.kind ?? '';
        if (TYPE_KINDS.has(k)) out.push(() => this.visitType(e));
        else if (k === 'DISubprogram') out.push(() => this.visitSubprogram(e));
      }
    } else if (ty?.kind === 'DIDerivedType') out.push(() => this.visitType(ix.ref(ty, 'baseType')));
    return out;
  }

  private visitScope(n: string | undefined): Step[] {
    if (n === undefined) return [];
    const ix = this.ix;
    const s = ix.node(n);
    const kind = s?.kind ?? '';
    if (TYPE_KINDS.has(kind)) return this.visitType(n);
    if (kind === 'DICompileUnit') {
      // processScope adds a unit without walking its lists.
      this.addUnit(n);
      return [];
    }
    if (kind === 'DISubprogram') return this.visitSubprogram(n);
    if (!DebugInfoFinder.first(this.seenScope, n)) return [];
    if (kind === 'DILexicalBlock' || kind === 'DILexicalBlockFile' || kind === 'DINamespace' || kind === 'DIModule') return [() => this.visitScope(ix.ref(s, 'scope'))];
    return [];
  }

  private visitLocation(n: string | undefined): Step[] {
    // (Locations are uniqued: one met again adds nothing. LLVM revisits them; an inlinedAt cycle, which
    // the verifier would reject, would make it loop.)
    if (n === undefined || !DebugInfoFinder.first(this.seenLoc, n)) return [];
    const loc = this.ix.node(n);
    return [() => this.visitScope(this.ix.ref(loc, 'scope')), () => this.visitLocation(this.ix.ref(loc, 'inlinedAt'))];
  }

  private visitVariable(n: string): Step[] {
    if (!DebugInfoFinder.first(this.seenVar, n)) return [];
    const v = this.ix.node(n);
    return [() => this.visitScope(this.ix.ref(v, 'scope')), () => this.visitType(this.ix.ref(v, 'type'))];
  }
}

/** Whether a module has any debug-info compile unit (once per module). */
const HAS_UNITS = new WeakMap<LModule['metadata'], boolean>();
function hasCompileUnits(m: LModule): boolean {
  let has = HAS_UNITS.get(m.metadata);
  if (has === undefined) {
    has = false;
    for (const node of m.metadata.values()) {
      if (node.text.includes('!DICompileUnit(')) {
        has = true;
        break;
      }
    }
    HAS_UNITS.set(m.metadata, has);
  }
  return has;
}

/** The elements of a `!DIExpression(…)` written at tokens [from, to): opcodes as words, operands as integers. */
function expressionElements(m: LModule, from: number, to: number): string[] | undefined {
  const t = m.tokens;
  let i = from;
  if (!(t.kindCode(i) === TK.meta && t.valueOf(i) === 'DIExpression')) return undefined;
  i += 2;
  const out: string[] = [];
  for (; i < to; i++) {
    const k = t.kindCode(i);
    if (k === TK.punct && t.charAt(i) === 0x29) break;
    if (k === TK.word || k === TK.int) out.push(t.valueOf(i));
  }
  return out;
}

/**
 * DIExpression::isConstant (llvm/lib/IR/DebugInfoMetadata.cpp, LLVM 19): `DW_OP_constu|consts C`,
 * optionally followed by `DW_OP_stack_value` and then optionally by `DW_OP_LLVM_fragment O, S`.
 */
function isConstantExpression(el: readonly string[]): boolean {
  const n = el.length;
  if ((n !== 2 && n !== 3 && n !== 6) || (el[0] !== 'DW_OP_consts' && el[0] !== 'DW_OP_constu')) return false;
  if (n === 2) return true;
  if (el[2] !== 'DW_OP_stack_value') return false;
  return n === 3 || el[3] === 'DW_OP_LLVM_fragment';
}

/** Whether global variable expression `!gve`'s `expr:` (inline or a node) is a constant. */
function constantExpressionOf(ix: DiIndex, gve: string): boolean {
  const m = ix.m;
  const node = ix.node(gve);
  const f = node?.fields.get('expr');
  if (!f) return false;
  if (f.ref !== undefined) {
    const e = m.metadata.get(f.ref);
    if (!e) return false;
    let i = e.tokFrom + 2;
    while (i < e.tokTo && m.tokens.kindCode(i) === TK.nl) i++;
    const el = expressionElements(m, i, e.tokTo);
    return el !== undefined && isConstantExpression(el);
  }
  const el = expressionElements(m, f.from, f.to);
  return el !== undefined && isConstantExpression(el);
}

/** Seeds a finder with what StripDeadDebugInfo's LiveCUFinder processes: each function's subprogram and instructions. */
function seedFunctions(finder: DebugInfoFinder, m: LModule, functions: readonly LFunction[], edits: ModuleEdits): void {
  const t = m.tokens;
  for (const f of functions) {
    // A body Function::deleteBody dropped took its attachments.
    if (edits.bodyDeleted.has(f)) continue;
    finder.subprogram(f.metadata.find((a) => a.kind === 'dbg')?.node.replace(/^!/, ''));
    const ed = edits.functions.get(f);
    for (const b of f.blocks) {
      for (const ins of b.instructions) {
        if (ed?.deleted.has(ins)) continue;
        for (let i = ins.tokFrom; i < ins.tokTo; i++) {
          if (t.kindCode(i) !== TK.meta) continue;
          const v = t.valueOf(i);
          if (/^[0-9]+$/.test(v)) finder.instructionRef(v);
        }
      }
    }
  }
}

/**
 * StripDeadDebugInfo on one output module: `functions` and `globals` are what it keeps (after
 * GlobalDCE). Records in `edits` the compile units whose `globals:` change and, when a unit is
 * dead, the new operands of `!llvm.dbg.cu`.
 */
export function stripDeadDebugInfo(m: LModule, functions: readonly LFunction[], globals: readonly LGlobal[], edits: ModuleEdits): void {
  if (!hasCompileUnits(m)) return;
  const ix = indexOf(m);
  const liveGves = new Set<string>();
  for (const g of globals) {
    // A re-created global (SanitizerKernelMetadataPass) has no metadata.
    if (edits.replacedGlobals.has(g)) continue;
    for (const a of g.metadata) if (a.kind === 'dbg' && a.node !== '') liveGves.add(a.node.replace(/^!/, ''));
  }
  const live = new DebugInfoFinder(ix, true);
  seedFunctions(live, m, functions, edits);
  const liveUnits = new Set(live.compileUnits);
  // The units a finder over the whole module meets: those of !llvm.dbg.cu and what their lists
  // lead to (the same for every image of the module), then the units the image's functions lead to
  // that those did not (a node the first part met led to no unit the first part missed).
  const allUnits = [...ix.listedUnits, ...live.compileUnits.filter((u) => !ix.listedSet.has(u))];
  const visited = new Set<string>();
  const changedLists: [string, string[]][] = [];
  let deadUnits = false;
  for (const cu of allUnits) {
    const kept: string[] = [];
    let changed = false;
    for (const gve of ix.tuple(ix.ref(ix.node(cu), 'globals'))) {
      if (gve === undefined) continue;
      if (ix.constantGve(gve)) liveGves.add(gve);
      if (visited.has(gve)) continue;
      visited.add(gve);
      if (liveGves.has(gve)) kept.push(gve);
      else changed = true;
    }
    if (kept.length) liveUnits.add(cu);
    else if (!liveUnits.has(cu)) deadUnits = true;
    if (changed) changedLists.push([cu, kept]);
  }
  // DICompileUnit::replaceGlobalVariables(MDTuple::get(…)): the same (distinct) node, its list a
  // uniqued tuple. Done for the units the module still prints: a dead unit left out of
  // !llvm.dbg.cu is, in practice, referred to by nothing else, and its new list would be an orphan.
  const newTuples = new Map<string, string>();
  for (const [cu, kept] of changedLists) {
    if (deadUnits && !liveUnits.has(cu)) continue;
    const node = ix.node(cu);
    const f = node?.fields.get('globals');
    if (!f) continue;
    const text = `!{${kept.map((k) => '!' + k).join(', ')}}`;
    const existing = ix.tupleByText.get(text);
    // (A new node is this image's: the index is shared by every image.)
    const ref = existing !== undefined ? `!${existing}` : (newTuples.get(text) ?? newMetadataNode(m, edits, text));
    newTuples.set(text, ref);
    const whole = m.metadata.get(cu)!;
    let valueFrom = whole.tokFrom + 2;
    while (valueFrom < whole.tokTo && m.tokens.kindCode(valueFrom) === TK.nl) valueFrom++;
    edits.replaceMetadata.set(cu, `${tokensText(m, valueFrom, f.from)} ${ref}${tokensText(m, f.to, whole.tokTo)}`);
  }
  if (deadUnits) {
    // Upstream iterates a std::set<DICompileUnit *>: address order, which for units LLParser
    // allocated one after the other is their order of definition in the text; that order here.
    const at = (n: string): number => m.metadata.get(n)?.tokFrom ?? Number.MAX_SAFE_INTEGER;
    const units = [...liveUnits].sort((a, b) => at(a) - at(b)).map((n) => '!' + n);
    // (A module with units but no !llvm.dbg.cu is invalid IR, "DICompileUnit not listed in llvm.dbg.cu": left as it is.)
    if (m.namedMetadata.has('llvm.dbg.cu')) edits.replaceNamedMetadata.set('llvm.dbg.cu', units);
  }
}
