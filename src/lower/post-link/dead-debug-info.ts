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

/** A specialized node (`!DIKind(field: value, …)`): its kind and each field's value tokens. */
interface DiNode {
  readonly kind: string;
  readonly fields: ReadonlyMap<string, { readonly from: number; readonly to: number }>;
}

const DI_NODES = new WeakMap<LModule['metadata'], Map<string, DiNode | null>>();

/** The specialized node numbered `n` (`null` for a tuple or anything else). */
function diNode(m: LModule, n: string): DiNode | null {
  let cache = DI_NODES.get(m.metadata);
  if (!cache) DI_NODES.set(m.metadata, (cache = new Map()));
  const hit = cache.get(n);
  if (hit !== undefined) return hit;
  const node = m.metadata.get(n);
  let out: DiNode | null = null;
  if (node) {
    const t = m.tokens;
    let i = node.tokFrom + 2;
    while (i < node.tokTo && t.kindCode(i) === TK.nl) i++;
    if (t.kindCode(i) === TK.word && t.textIs(i, 'distinct')) i++;
    if (t.kindCode(i) === TK.meta && t.kindCode(i + 1) === TK.punct && t.charAt(i + 1) === 0x28) out = { kind: t.valueOf(i), fields: fieldsOf(m, i + 2, node.tokTo) };
  }
  cache.set(n, out);
  return out;
}

/** The `name: value` fields of a specialized node's argument list starting at token `from`. */
function fieldsOf(m: LModule, from: number, to: number): Map<string, { from: number; to: number }> {
  const t = m.tokens;
  const out = new Map<string, { from: number; to: number }>();
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
    out.set(name, { from: start, to: j });
    i = t.kindCode(j) === TK.punct && t.charAt(j) === 0x2c ? j + 1 : j;
  }
  return out;
}

/** The node a field refers to (`!N` → `N`), undefined for `null`, an inline node or no field. */
function fieldRef(m: LModule, node: DiNode | null, field: string): string | undefined {
  const f = node?.fields.get(field);
  if (!f || f.to !== f.from + 1) return undefined;
  const t = m.tokens;
  if (t.kindCode(f.from) !== TK.meta) return undefined;
  const v = t.valueOf(f.from);
  return /^[0-9]+$/.test(v) ? v : undefined;
}

/** The operands of tuple `!N` (`!{!1, null, !2}`): node numbers, undefined for anything else. */
function tupleRefs(m: LModule, n: string | undefined): (string | undefined)[] {
  if (n === undefined) return [];
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
  private readonly seen = new Set<string>();

  constructor(private readonly m: LModule) {}

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
    const kind = diNode(this.m, n)?.kind;
    if (kind === 'DILocation') this.run(() => this.visitLocation(n));
    else if (kind === 'DILocalVariable') this.run(() => this.visitVariable(n));
  }

  private addUnit(n: string | undefined): boolean {
    if (n === undefined || this.units.has(n)) return false;
    this.units.add(n);
    this.compileUnits.push(n);
    return true;
  }

  private first(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }

  private visitCompileUnit(n: string | undefined): Step[] {
    if (!this.addUnit(n)) return [];
    const m = this.m;
    const cu = diNode(m, n!);
    const out: Step[] = [];
    for (const gve of tupleRefs(m, fieldRef(m, cu, 'globals'))) {
      if (gve === undefined || !this.first('gve:' + gve)) continue;
      const v = fieldRef(m, diNode(m, gve), 'var');
      const gv = v === undefined ? null : diNode(m, v);
      out.push(
        () => this.visitScope(fieldRef(m, gv, 'scope')),
        () => this.visitType(fieldRef(m, gv, 'type')),
      );
    }
    for (const e of tupleRefs(m, fieldRef(m, cu, 'enums'))) out.push(() => this.visitType(e));
    for (const r of tupleRefs(m, fieldRef(m, cu, 'retainedTypes'))) {
      if (r !== undefined) out.push(() => (TYPE_KINDS.has(diNode(m, r)?.kind ?? '') ? this.visitType(r) : this.visitSubprogram(r)));
    }
    for (const imp of tupleRefs(m, fieldRef(m, cu, 'imports'))) {
      const entity = fieldRef(m, imp === undefined ? null : diNode(m, imp), 'entity');
      if (entity === undefined) continue;
      const e = diNode(m, entity);
      if (TYPE_KINDS.has(e?.kind ?? '')) out.push(() => this.visitType(entity));
      else if (e?.kind === 'DISubprogram') out.push(() => this.visitSubprogram(entity));
      else if (e?.kind === 'DINamespace' || e?.kind === 'DIModule') out.push(() => this.visitScope(fieldRef(m, e, 'scope')));
    }
    return out;
  }

  private visitSubprogram(n: string | undefined): Step[] {
    if (n === undefined || !this.first('sp:' + n)) return [];
    const m = this.m;
    const sp = diNode(m, n);
    const out: Step[] = [() => this.visitScope(fieldRef(m, sp, 'scope')), () => this.visitCompileUnit(fieldRef(m, sp, 'unit')), () => this.visitType(fieldRef(m, sp, 'type'))];
    for (const p of tupleRefs(m, fieldRef(m, sp, 'templateParams'))) {
      const param = p === undefined ? null : diNode(m, p);
      if (param?.kind === 'DITemplateTypeParameter' || param?.kind === 'DITemplateValueParameter') out.push(() => this.visitType(fieldRef(m, param, 'type')));
    }
    return out;
  }

  private visitType(n: string | undefined): Step[] {
    if (n === undefined || !this.first('type:' + n)) return [];
    const m = this.m;
    const ty = diNode(m, n);
    const out: Step[] = [() => this.visitScope(fieldRef(m, ty, 'scope'))];
    if (ty?.kind === 'DISubroutineType') {
      for (const r of tupleRefs(m, fieldRef(m, ty, 'types'))) out.push(() => this.visitType(r));
    } else if (ty?.kind === 'DICompositeType') {
      out.push(() => this.visitType(fieldRef(m, ty, 'baseType')));
      for (const e of tupleRefs(m, fieldRef(m, ty, 'elements'))) {
        if (e === undefined) continue;
        const k = diNode(m, e)?.kind ?? '';
        if (TYPE_KINDS.has(k)) out.push(() => this.visitType(e));
        else if (k === 'DISubprogram') out.push(() => this.visitSubprogram(e));
      }
    } else if (ty?.kind === 'DIDerivedType') out.push(() => this.visitType(fieldRef(m, ty, 'baseType')));
    return out;
  }

  private visitScope(n: string | undefined): Step[] {
    if (n === undefined) return [];
    const m = this.m;
    const s = diNode(m, n);
    const kind = s?.kind ?? '';
    if (TYPE_KINDS.has(kind)) return this.visitType(n);
    if (kind === 'DICompileUnit') {
      // processScope adds a unit without walking its lists.
      this.addUnit(n);
      return [];
    }
    if (kind === 'DISubprogram') return this.visitSubprogram(n);
    if (!this.first('scope:' + n)) return [];
    if (kind === 'DILexicalBlock' || kind === 'DILexicalBlockFile' || kind === 'DINamespace' || kind === 'DIModule') return [() => this.visitScope(fieldRef(m, s, 'scope'))];
    return [];
  }

  private visitLocation(n: string | undefined): Step[] {
    if (n === undefined) return [];
    const loc = diNode(this.m, n);
    return [() => this.visitScope(fieldRef(this.m, loc, 'scope')), () => this.visitLocation(fieldRef(this.m, loc, 'inlinedAt'))];
  }

  private visitVariable(n: string): Step[] {
    if (!this.first('var:' + n)) return [];
    const v = diNode(this.m, n);
    return [() => this.visitScope(fieldRef(this.m, v, 'scope')), () => this.visitType(fieldRef(this.m, v, 'type'))];
  }
}

/** Whether a module has any debug-info compile unit (once per module). */
const HAS_UNITS = new WeakMap<LModule['metadata'], boolean>();
function hasCompileUnits(m: LModule): boolean {
  let has = HAS_UNITS.get(m.metadata);
  if (has === undefined) {
    has = false;
    for (const node of m.metadata.values()) if (node.text.includes('!DICompileUnit(')) has = true;
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
 * DIExpression::isConstant (llvm/lib/IR/DebugInfoMetadata.cpp, LLVM 19): `DW_OP_consts C`, or
 * `DW_OP_constu|consts C, DW_OP_stack_value` optionally followed by `DW_OP_LLVM_fragment O, S`.
 */
function isConstantExpression(el: readonly string[]): boolean {
  const n = el.length;
  if ((n !== 2 && n !== 3 && n !== 6) || (el[0] !== 'DW_OP_consts' && el[0] !== 'DW_OP_constu')) return false;
  if (n === 2) return el[0] === 'DW_OP_consts';
  if (el[2] !== 'DW_OP_stack_value') return false;
  return n === 3 || el[3] === 'DW_OP_LLVM_fragment';
}

/** Whether global variable expression `!gve`'s `expr:` is a constant. */
function constantGve(m: LModule, gve: string): boolean {
  const node = diNode(m, gve);
  const f = node?.fields.get('expr');
  if (!f) return false;
  const ref = fieldRef(m, node, 'expr');
  if (ref !== undefined) {
    const e = m.metadata.get(ref);
    if (!e) return false;
    let i = e.tokFrom + 2;
    while (i < e.tokTo && m.tokens.kindCode(i) === TK.nl) i++;
    const el = expressionElements(m, i, e.tokTo);
    return el !== undefined && isConstantExpression(el);
  }
  const el = expressionElements(m, f.from, f.to);
  return el !== undefined && isConstantExpression(el);
}

/** Per module: the units met from `!llvm.dbg.cu`, and the module's uniqued tuples by text (for MDTuple::get). */
const MODULE_UNITS = new WeakMap<LModule['metadata'], { units: readonly string[]; set: ReadonlySet<string>; tuples: Map<string, string> }>();
function moduleUnits(m: LModule): { units: readonly string[]; set: ReadonlySet<string>; tuples: Map<string, string> } {
  let hit = MODULE_UNITS.get(m.metadata);
  if (!hit) {
    const finder = new DebugInfoFinder(m);
    for (const cu of m.namedMetadata.get('llvm.dbg.cu') ?? []) finder.compileUnit(cu.replace(/^!/, ''));
    const tuples = new Map<string, string>();
    for (const [n, node] of m.metadata) if (node.text.startsWith('!{') && !tuples.has(node.text)) tuples.set(node.text, n);
    hit = { units: finder.compileUnits, set: new Set(finder.compileUnits), tuples };
    MODULE_UNITS.set(m.metadata, hit);
  }
  return hit;
}

/** Seeds a finder with what StripDeadDebugInfo's LiveCUFinder processes: each function's subprogram and instructions. */
function seedFunctions(finder: DebugInfoFinder, m: LModule, functions: readonly LFunction[], edits: ModuleEdits): void {
  const t = m.tokens;
  for (const f of functions) {
    // A body Function::deleteBody dropped took its attachments.
    if (edits.bodyDeleted.has(f)) continue;
    finder.subprogram(f.metadata.find((a) => a.kind === 'dbg')?.node);
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
  const liveGves = new Set<string>();
  for (const g of globals) {
    // A re-created global (SanitizerKernelMetadataPass) has no metadata.
    if (edits.replacedGlobals.has(g)) continue;
    for (const a of g.metadata) if (a.kind === 'dbg' && a.node !== '') liveGves.add(a.node.replace(/^!/, ''));
  }
  const live = new DebugInfoFinder(m);
  seedFunctions(live, m, functions, edits);
  const liveUnits = new Set(live.compileUnits);
  // The units a finder over the whole module meets: those of !llvm.dbg.cu and what their lists
  // lead to (the same for every image of the module), then the units the image's functions lead to
  // that those did not (a node the first part met led to no unit the first part missed).
  const { units: listedUnits, set: listedSet, tuples } = moduleUnits(m);
  const allUnits = [...listedUnits, ...live.compileUnits.filter((u) => !listedSet.has(u))];
  const visited = new Set<string>();
  const newTuples = new Map<string, string>();
  let deadUnits = false;
  for (const cu of allUnits) {
    const node = diNode(m, cu);
    const listRef = fieldRef(m, node, 'globals');
    const kept: string[] = [];
    let changed = false;
    for (const gve of tupleRefs(m, listRef)) {
      if (gve === undefined) continue;
      if (constantGve(m, gve)) liveGves.add(gve);
      if (visited.has(gve)) continue;
      visited.add(gve);
      if (liveGves.has(gve)) kept.push(gve);
      else changed = true;
    }
    if (kept.length) liveUnits.add(cu);
    else if (!liveUnits.has(cu)) deadUnits = true;
    if (changed && node) {
      // DICompileUnit::replaceGlobalVariables(MDTuple::get(…)): the same (distinct) node, its list a uniqued tuple.
      const text = `!{${kept.map((k) => '!' + k).join(', ')}}`;
      const existing = tuples.get(text);
      // (A new node is this image's: the module's table is shared by every image.)
      const ref = existing !== undefined ? `!${existing}` : (newTuples.get(text) ?? newMetadataNode(m, edits, text));
      newTuples.set(text, ref);
      const f = node.fields.get('globals')!;
      const whole = m.metadata.get(cu)!;
      let valueFrom = whole.tokFrom + 2;
      while (valueFrom < whole.tokTo && m.tokens.kindCode(valueFrom) === TK.nl) valueFrom++;
      edits.replaceMetadata.set(cu, `${tokensText(m, valueFrom, f.from)} ${ref}${tokensText(m, f.to, whole.tokTo)}`);
    }
  }
  if (deadUnits) {
    // (Upstream: std::set<DICompileUnit *> order, i.e. allocation order; the order of definition here.)
    const units = [...liveUnits].sort((a, b) => Number(a) - Number(b)).map((n) => '!' + n);
    // (A module with units but no !llvm.dbg.cu is invalid IR, "DICompileUnit not listed in llvm.dbg.cu": left as it is.)
    if (m.namedMetadata.has('llvm.dbg.cu')) edits.replaceNamedMetadata.set('llvm.dbg.cu', units);
  }
}
