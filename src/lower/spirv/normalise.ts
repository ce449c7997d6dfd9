/**
 * Normalises `spirv-dis --raw-id` text so that two modules built by different producers (our direct
 * emitter and llvm-spirv-15) can be compared on the instructions that matter for spec constants and
 * device globals, independently of <id> numbering and of where each producer places types.
 *
 * The compared subset: every module-scope `OpSpecConstant`, `OpSpecConstantTrue`,
 * `OpSpecConstantFalse`, `OpSpecConstantComposite` and `OpVariable`, each followed by the
 * `OpDecorate`s that target it. Within that subset
 *   - type operands are replaced by their structure (`{i32, [3 x i8]}`, `<{…}>` for CPacked structs,
 *     `<2 x i16>`, `i32 CrossWorkgroup*`), so type <id>s and type order do not matter;
 *   - non-spec constants used as operands are spelled out (`undef([3 x i8])`, `null({i32})`);
 *   - the subset is put in a canonical order — scalar spec constants by SpecId, then composites
 *     (operands first) by their text, then variables by OpName — and the remaining <id>s are renamed
 *     `%1, %2, …` by first appearance in that order;
 *   - decorations of one <id> are sorted (producers order them differently).
 * Everything else (OpName, functions, capabilities, the OpenCL.std import) is ignored.
 */
import { appendAll } from '../../codec/arrays.js';

/** One `spirv-dis` instruction line, split. */
export interface DisInstruction {
  /** Result <id> (`%12`), when the instruction has one. */
  readonly result?: string;
  /** Opcode name (`OpSpecConstant`). */
  readonly opcode: string;
  /** Operand tokens (quoted strings keep their quotes). */
  readonly operands: readonly string[];
  /** 1-based line in the disassembly. */
  readonly line: number;
}

/** Splits one `spirv-dis` line into tokens; quoted strings keep their quotes and escapes. */
function tokenize(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === ';') break; // comment
    if (c === '"') {
      let j = i + 1;
      while (j < line.length && line[j] !== '"') j += line[j] === '\\' ? 2 : 1;
      out.push(line.slice(i, j + 1));
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < line.length && line[j] !== ' ' && line[j] !== '\t') j++;
    out.push(line.slice(i, j));
    i = j;
  }
  return out;
}

/** Parses `spirv-dis` output (ids as `%N` or friendly names) into instructions. */
export function parseSpirvDis(text: string): DisInstruction[] {
  const out: DisInstruction[] = [];
  text.split('\n').forEach((raw, n) => {
    const t = tokenize(raw);
    if (!t.length) return;
    if (t[1] === '=') out.push({ result: t[0]!, opcode: t[2]!, operands: t.slice(3), line: n + 1 });
    else out.push({ opcode: t[0]!, operands: t.slice(1), line: n + 1 });
  });
  return out;
}

const SPEC_LEAVES = new Set(['OpSpecConstant', 'OpSpecConstantTrue', 'OpSpecConstantFalse']);

/** The normalised subset as lines (see the module comment). */
export function normaliseSpirvDis(text: string): string[] {
  const all = parseSpirvDis(text);
  const firstFunction = all.findIndex((i) => i.opcode === 'OpFunction');
  const moduleScope = firstFunction < 0 ? all : all.slice(0, firstFunction);
  const defs = new Map<string, DisInstruction>();
  for (const i of all) if (i.result) defs.set(i.result, i);
  const decorations = new Map<string, DisInstruction[]>();
  for (const i of moduleScope) {
    if (i.opcode !== 'OpDecorate') continue;
    const list = decorations.get(i.operands[0]!) ?? [];
    list.push(i);
    decorations.set(i.operands[0]!, list);
  }
  const names = new Map<string, string>();
  for (const i of moduleScope) if (i.opcode === 'OpName') names.set(i.operands[0]!, i.operands[1]!);

  const def = (id: string): DisInstruction => {
    const d = defs.get(id);
    if (!d) throw new Error(`spirv-dis text: ${id} is used but never defined`);
    return d;
  };
  const typeMemo = new Map<string, string>();
  const typeDesc = (id: string): string => {
    const hit = typeMemo.get(id);
    if (hit !== undefined) return hit;
    const d = def(id);
    const o = d.operands;
    let s: string;
    switch (d.opcode) {
      case 'OpTypeVoid':
        s = 'void';
        break;
      case 'OpTypeBool':
        s = 'bool';
        break;
      case 'OpTypeInt':
        s = `i${o[0]}${o[1] === '1' ? 's' : ''}`;
        break;
      case 'OpTypeFloat':
        s = `f${o[0]}`;
        break;
      case 'OpTypeVector':
        s = `<${o[1]} x ${typeDesc(o[0]!)}>`;
        break;
      case 'OpTypeArray':
        s = `[${valueDesc(o[1]!)} x ${typeDesc(o[0]!)}]`;
        break;
      case 'OpTypeStruct': {
        const packed = (decorations.get(id) ?? []).some((x) => x.operands[1] === 'CPacked');
        const body = `{${o.map(typeDesc).join(', ')}}`;
        s = packed ? `<${body}>` : body;
        break;
      }
      case 'OpTypePointer':
        s = `${typeDesc(o[1]!)} ${o[0]}*`;
        break;
      default:
        s = `${d.opcode}(${o.join(' ')})`;
    }
    typeMemo.set(id, s);
    return s;
  };

  const canonical = new Map<string, string>();
  let counter = 0;
  const nameOf = (id: string): string => {
    let n = canonical.get(id);
    if (n === undefined) {
      n = `%${++counter}`;
      canonical.set(id, n);
    }
    return n;
  };
  const valueDesc = (id: string): string => {
    const c = canonical.get(id);
    if (c !== undefined) return c;
    const d = def(id);
    switch (d.opcode) {
      case 'OpConstant':
        return `${typeDesc(d.operands[0]!)} ${d.operands.slice(1).join(' ')}`;
      case 'OpConstantNull':
        return `null(${typeDesc(d.operands[0]!)})`;
      case 'OpUndef':
        return `undef(${typeDesc(d.operands[0]!)})`;
      case 'OpConstantTrue':
        return 'true';
      case 'OpConstantFalse':
        return 'false';
      case 'OpConstantComposite':
        return `${typeDesc(d.operands[0]!)} [${d.operands.slice(1).map(valueDesc).join(', ')}]`;
      default:
        // A spec constant not named yet: only reachable through an ordering bug.
        throw new Error(`spirv-dis text: ${id} (${d.opcode}) used before it was ordered`);
    }
  };

  const subset = moduleScope.filter((i) => i.result && (SPEC_LEAVES.has(i.opcode) || i.opcode === 'OpSpecConstantComposite' || i.opcode === 'OpVariable'));
  const specIdOf = (id: string): number => {
    const d = (decorations.get(id) ?? []).find((x) => x.operands[1] === 'SpecId');
    return d ? Number(d.operands[2]) : Number.POSITIVE_INFINITY;
  };
  const render = (i: DisInstruction): string => {
    if (i.opcode === 'OpVariable') return `${i.opcode} ${typeDesc(i.operands[0]!)} ${i.operands.slice(1, 2).join(' ')}${i.operands[2] ? ' ' + valueDesc(i.operands[2]) : ''}`;
    if (i.opcode === 'OpSpecConstantComposite') return `${i.opcode} ${typeDesc(i.operands[0]!)} ${i.operands.slice(1).map(valueDesc).join(' ')}`;
    return `${i.opcode} ${typeDesc(i.operands[0]!)}${i.operands.length > 1 ? ' ' + i.operands.slice(1).join(' ') : ''}`;
  };

  const lines: string[] = [];
  const emit = (i: DisInstruction, body: string): void => {
    const n = nameOf(i.result!);
    lines.push(`${n} = ${body}`);
    const decos = (decorations.get(i.result!) ?? []).map((x) => `OpDecorate ${n} ${x.operands.slice(1).join(' ')}`).sort();
    appendAll(lines, decos);
  };

  const leaves = subset.filter((i) => SPEC_LEAVES.has(i.opcode));
  leaves
    .map((i) => ({ i, key: specIdOf(i.result!), body: render(i) }))
    .sort((a, b) => a.key - b.key || (a.body < b.body ? -1 : a.body > b.body ? 1 : 0))
    .forEach(({ i, body }) => emit(i, body));

  let pending = subset.filter((i) => i.opcode === 'OpSpecConstantComposite');
  while (pending.length) {
    const isReady = (i: DisInstruction): boolean =>
      i.operands.slice(1).every((op) => {
        const d = def(op);
        return canonical.has(op) || !(SPEC_LEAVES.has(d.opcode) || d.opcode === 'OpSpecConstantComposite');
      });
    const ready = pending.filter(isReady);
    if (!ready.length) throw new Error('spirv-dis text: cyclic OpSpecConstantComposite operands');
    ready
      .map((i) => ({ i, body: render(i) }))
      .sort((a, b) => (a.body < b.body ? -1 : a.body > b.body ? 1 : 0))
      .forEach(({ i, body }) => emit(i, body));
    pending = pending.filter((i) => !canonical.has(i.result!));
  }

  subset
    .filter((i) => i.opcode === 'OpVariable')
    .map((i) => ({ i, key: names.get(i.result!) ?? '', body: render(i) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.body < b.body ? -1 : a.body > b.body ? 1 : 0))
    .forEach(({ i, body }) => emit(i, body));
  return lines;
}
