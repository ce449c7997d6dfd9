/**
 * CUDASpecConstantToSymbolPass (intel/llvm:llvm/lib/SYCLLowerIR/CUDASpecConstantToSymbol.cpp and
 * .h, read in the index, id 33815740543 / 34047126759): on an NVPTX module, the spec-constant
 * buffer becomes a global symbol the CUDA plugin copies the values to, instead of a kernel argument.
 *
 * - With `!sycl.specialization-constants-kernel` (nodes `!{!"<kernel>", !SC...}`), per kernel:
 *   a global `@sycl_specialization_constants_kernel_<kernel>` = `weak_odr addrspace(4)
 *   externally_initialized constant [N x i8] zeroinitializer`, N = PowerOf2Ceil(Σ of the last two
 *   operands of each SC node, a 32-bit unsigned sum), at least 64 (`cuMemcpyHtoD` copies no less);
 *   then the kernel is re-created without its last argument, which must be
 *   `_arg__specialization_constants_buffer`: every use of it must be an `addrspacecast`, replaced by
 *   the same cast of the global (a constant expression; with typed pointers the global is first cast
 *   to the operand's pointee, which folds to `getelementptr inbounds ([N x i8], ... @G, i32 0, i32 0)`
 *   for `i8`); the new function keeps linkage, comdat, attributes and metadata attachments, is
 *   `dso_local local_unnamed_addr`, has the default calling convention and no visibility, DLL storage,
 *   section, alignment or gc, and is appended after every other function (Function::Create into the
 *   module); the old function is erased, so every metadata node that referred to it gets a null
 *   operand and becomes `distinct` (MDNode::handleChangedOperand), and the kernel's first
 *   `!nvvm.annotations` node `!{<fn>, !"kernel", ...}` then gets the new function.
 * - Without that metadata: a placeholder `[1 x i8]` global per kernel of `!nvvm.annotations` (size 1
 *   tells the plugin the argument has no uses), the kernels unchanged.
 *
 * Where sycl-post-link runs it was not found in the index; it is applied, as both of intel/llvm's
 * tests of it run it (`--spec-const=rt` on an nvptx64 module), after the spec-constant pass of a
 * module whose triple is nvptx/nvptx64, when `-spec-const` is given. What LLVM reaches with
 * `llvm_unreachable` or an assertion (a use that is not an addrspacecast, a missing kernel or buffer
 * argument) is a {@link PostLinkPassError} here.
 */
import { SyclbinError } from '../../codec/errors.js';
import { TK, unescapeLlvm, type TokenList } from '../llvm-ir/parse/lexer.js';
import type { LFunction, LModule } from '../llvm-ir/parse/model.js';
import { joinTokens, printLocalName, printType } from '../llvm-ir/parse/parser.js';
import { editorFor, type ModuleEdits } from '../llvm-ir/print.js';

/** A module the pass cannot transform (where LLVM would assert or stop). */
export class PostLinkPassError extends SyclbinError {
  constructor(
    message: string,
    /** 1-based line of the IR it is about. */
    readonly line?: number,
  ) {
    super('FORMAT', `CUDASpecConstantToSymbolPass: ${message}${line === undefined ? '' : ` (line ${line})`}`);
  }
}

/** 1-based line of numbered metadata node `num` (`!4` or `4`). */
function nodeLine(m: LModule, num: string): number | undefined {
  const node = m.metadata.get(num.replace(/^!/, ''));
  return node ? m.tokens.lineOf(node.tokFrom) : undefined;
}

/** `GlobalNamePrefix` (read by the CUDA plugin: must not change). */
export const CUDA_SPEC_CONST_GLOBAL_PREFIX = 'sycl_specialization_constants_kernel_';
/** The named metadata listing each kernel's spec-constant nodes (`KERNEL_SPEC_CONST_MD_STRING`). */
export const KERNEL_SPEC_CONST_MD = 'sycl.specialization-constants-kernel';
/** The implicit kernel argument the pass removes. */
export const SPEC_CONST_BUFFER_ARG = '_arg__specialization_constants_buffer';

/** Triple::isNVPTX: the nvptx and nvptx64 architectures. */
export function isNvptxTriple(triple: string | undefined): boolean {
  const arch = (triple ?? '').split('-')[0]!;
  return arch === 'nvptx' || arch === 'nvptx64';
}

/** PowerOf2Ceil of a non-negative integer (0 stays 0). */
function powerOf2Ceil(n: number): number {
  if (n <= 1) return n;
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** The top-level operand texts of a metadata node text `[distinct ]!{a, b, …}`. */
function mdOperands(text: string): string[] {
  const open = text.indexOf('!{');
  if (open < 0 || !text.endsWith('}')) return [];
  const body = text.slice(open + 2, -1);
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(' || c === '[' || c === '{' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '}' || c === '>') depth--;
    else if (c === ',' && depth === 0) {
      out.push(body.slice(from, i).trim());
      from = i + 1;
    }
  }
  if (body.trim()) out.push(body.slice(from).trim());
  return out;
}

/** An MDString operand's value (`!"kernel"`), undefined for other operands. */
function mdStringValue(op: string): string | undefined {
  return op.startsWith('!"') && op.endsWith('"') && op.length >= 3 ? unescapeLlvm(op.slice(2, -1)) : undefined;
}

/** The global a value operand names at its end (`void (…)* @k`, `ptr @"a b"`), undefined when none. */
function operandGlobal(op: string): string | undefined {
  if (op.endsWith('"')) {
    // A quoted name holds no raw quote (it is written \22): its `@"` is the last one.
    const at = op.lastIndexOf('@"');
    if (at < 0 || at + 2 > op.length - 1) return undefined;
    return unescapeLlvm(op.slice(at + 2, -1));
  }
  const at = op.lastIndexOf('@');
  if (at < 0) return undefined;
  const name = op.slice(at + 1);
  return /^[-a-zA-Z$._0-9]+$/.test(name) ? name : undefined;
}

/** `uintFromMDNode`: an `iN V` operand as an unsigned value (getZExtValue). */
function uintOperand(op: string, what: string): number {
  const m = /^i(\d+) (-?\d+)$/.exec(op);
  if (!m) throw new PostLinkPassError(`${what}: operand '${op}' is not an integer constant`);
  // getZExtValue, then the pass's cast to unsigned: the low min(N, 32) bits of the two's complement,
  // read 15 digits at a time modulo 2^32 (a long literal costs linear time, no wide BigInt).
  const bits = BigInt(Math.min(Number(m[1]), 32));
  const digits = m[2]!.replace('-', '');
  let v = 0n;
  for (let i = 0; i < digits.length; i += 15) {
    const chunk = digits.slice(i, i + 15);
    v = (v * 10n ** BigInt(chunk.length) + BigInt(chunk)) & 0xffffffffn;
  }
  if (m[2]!.startsWith('-')) v = (0x100000000n - v) & 0xffffffffn;
  return Number(BigInt.asUintN(Number(bits), v));
}

/** The numbered nodes of a named metadata (`!name = !{!0, !1}`), with their numbers. */
function namedNodes(m: LModule, name: string): { num: string; text: string }[] {
  return (m.namedMetadata.get(name) ?? []).map((ref) => {
    const num = ref.slice(1);
    const node = m.metadata.get(num);
    if (!node) {
      const item = m.items.find((it) => it.kind === 'text' && it.what === 'named-md' && it.name === name);
      throw new PostLinkPassError(`!${name} refers to ${ref}, which is not defined`, item && item.kind === 'text' ? m.tokens.lineOf(item.tokFrom) : undefined);
    }
    return { num, text: node.text };
  });
}

/**
 * What the pass reads of a module's metadata, once per module (a split module runs the pass on the
 * same parsed module again): the kernels of `!sycl.specialization-constants-kernel` with their sizes,
 * the kernels of `!nvvm.annotations`, and which metadata operands name each function.
 */
interface MetadataView {
  /** `!sycl.specialization-constants-kernel` present (else: placeholders). */
  readonly specConstKernels: boolean;
  /** Its kernels in order with their spec constants' summed size (32-bit), and the node's line. */
  readonly kernels: readonly { kernel: string; size: number; line?: number }[];
  /** Kernels of `"kernel"` annotations in operand order (placeholders), and getMDNode's node per kernel. */
  readonly annotated: readonly string[];
  readonly kernelNodes: ReadonlyMap<string, string>;
  /** The metadata nodes whose operands name a function (by name), with their operand texts. */
  readonly refs: ReadonlyMap<string, readonly { num: string; ops: string[] }[]>;
}

const views = new WeakMap<LModule, MetadataView>();

function metadataView(m: LModule): MetadataView {
  const cached = views.get(m);
  if (cached) return cached;
  const annotated: string[] = [];
  const kernelNodes = new Map<string, string>();
  for (const { num, text } of namedNodes(m, 'nvvm.annotations')) {
    const ops = mdOperands(text);
    if (ops.length < 2 || mdStringValue(ops[1]!) !== 'kernel') continue;
    // getMDNodeAndFuncAtIndex: a null operand (the function gone, e.g. after splitting) is skipped.
    if (ops[0] === 'null') continue;
    const fn = operandGlobal(ops[0]!);
    if (fn === undefined) throw new PostLinkPassError(`a !nvvm.annotations "kernel" node has no function: ${text}`, nodeLine(m, num));
    annotated.push(fn);
    if (!kernelNodes.has(fn)) kernelNodes.set(fn, num);
  }
  const kernels: { kernel: string; size: number; line?: number }[] = [];
  /** Each spec-constant node's size + offset (its last two operands), read once. */
  const scSizes = new Map<string, number>();
  for (const { num, text } of namedNodes(m, KERNEL_SPEC_CONST_MD)) {
    const line = nodeLine(m, num);
    const ops = mdOperands(text);
    const kernel = ops.length ? mdStringValue(ops[0]!) : undefined;
    if (kernel === undefined) throw new PostLinkPassError(`a !${KERNEL_SPEC_CONST_MD} node does not start with the kernel's name: ${text}`, line);
    let size = 0;
    for (const ref of ops.slice(1)) {
      let sc = scSizes.get(ref);
      if (sc === undefined) {
        const node = m.metadata.get(ref.replace(/^!/, ''));
        const scOps = node ? mdOperands(node.text) : [];
        if (!node || scOps.length < 4) throw new PostLinkPassError(`spec-constant node ${ref} of kernel ${kernel} is not a node of at least 4 operands`, nodeLine(m, ref) ?? line);
        sc = (uintOperand(scOps[scOps.length - 1]!, ref) + uintOperand(scOps[scOps.length - 2]!, ref)) >>> 0;
        scSizes.set(ref, sc);
      }
      size = (size + sc) >>> 0;
    }
    kernels.push({ kernel, size, line });
  }
  const refs = new Map<string, { num: string; ops: string[] }[]>();
  for (const [num, node] of m.metadata) {
    if (!node.text.includes('@')) continue;
    const ops = mdOperands(node.text);
    const seen = new Set<string>();
    for (const op of ops) {
      const g = op.startsWith('!') ? undefined : operandGlobal(op);
      if (g === undefined || seen.has(g)) continue;
      seen.add(g);
      let list = refs.get(g);
      if (!list) refs.set(g, (list = []));
      list.push({ num, ops });
    }
  }
  const view: MetadataView = { specConstKernels: m.namedMetadata.has(KERNEL_SPEC_CONST_MD), kernels, annotated, kernelNodes, refs };
  views.set(m, view);
  return view;
}

/**
 * Runs the pass on the functions of `scope` (a split module: its kept functions, in module order); returns whether it
 * changed anything (a global is always added when the module has kernels).
 */
export function runCudaSpecConstantToSymbol(m: LModule, edits: ModuleEdits, scope: readonly LFunction[]): boolean {
  if (!isNvptxTriple(m.triple)) return false;
  const view = metadataView(m);
  const byName = new Map(scope.map((f) => [f.name, f]));
  const global = (kernel: string, size: number): string =>
    `${printLocalName(CUDA_SPEC_CONST_GLOBAL_PREFIX + kernel, '@')} = weak_odr addrspace(4) externally_initialized constant [${size} x i8] zeroinitializer`;
  if (!view.specConstKernels) {
    // setUpPlaceholderEntries: one 1-byte global per kernel entry point of !nvvm.annotations.
    const here = view.annotated.filter((fn) => byName.has(fn));
    for (const fn of here) edits.newGlobals.push(global(fn, 1));
    return here.length > 0;
  }
  const sizes = new Map<string, number>();
  for (const { kernel, size, line } of view.kernels) {
    if (!byName.has(kernel)) continue;
    // LLVM would create a second global (renamed) and then fail its assertion on the re-created kernel.
    if (sizes.has(kernel)) throw new PostLinkPassError(`kernel ${kernel} is listed twice in !${KERNEL_SPEC_CONST_MD}`, line);
    // createGlobal(RoundUp): PowerOf2Ceil, at least 64 bytes.
    const alloc = Math.max(64, powerOf2Ceil(size));
    sizes.set(kernel, alloc);
    edits.newGlobals.push(global(kernel, alloc));
  }
  for (const [kernel, size] of sizes) rewriteKernel(m, edits, byName.get(kernel)!, size, view.refs.get(kernel) ?? [], view.kernelNodes.get(kernel));
  return true;
}

/** rewriteKernelSignature + fixupSpecConstantUses for one kernel. */
function rewriteKernel(m: LModule, edits: ModuleEdits, fn: LFunction, size: number, mdRefs: readonly { num: string; ops: string[] }[], kernelNode: string | undefined): void {
  if (fn.isDeclaration) throw new PostLinkPassError(`kernel @${fn.name} is only declared`, fn.line);
  const last = fn.params[fn.params.length - 1];
  if (!last || last.name !== SPEC_CONST_BUFFER_ARG) throw new PostLinkPassError(`the last argument of kernel @${fn.name} is not %${SPEC_CONST_BUFFER_ARG} ("Expected a specialisation constants buffer argument. The function is not a kernel?")`, fn.line);
  const ed = editorFor(edits, fn);
  const symbol = printLocalName(CUDA_SPEC_CONST_GLOBAL_PREFIX + fn.name, '@');
  const arrayTy = `[${size} x i8]`;
  const toks = m.tokens;
  // Uses of the argument: each must be an addrspacecast of it.
  for (const b of fn.blocks) {
    for (const ins of b.instructions) {
      if (!ins.usesLocal.includes(SPEC_CONST_BUFFER_ARG)) continue;
      if (ins.opcode !== 'addrspacecast' || ins.result === undefined) {
        throw new PostLinkPassError(`unhandled use of %${SPEC_CONST_BUFFER_ARG} in @${fn.name}: only addrspacecast is ("Unhandled instruction")`, ins.line);
      }
      // `%r = addrspacecast <src type> %arg to <dest type>`
      let to = -1;
      for (let i = ins.tokFrom; i < ins.tokTo; i++) if (toks.kindCode(i) === TK.word && toks.textIs(i, 'to')) to = i;
      // The destination type ends at the first top-level comma (`, !dbg !5` and other attachments follow).
      let destTo = ins.tokTo;
      walkBrackets(toks, to + 1, ins.tokTo, (i, c, depth) => {
        if (c !== COMMA || depth !== 0) return false;
        destTo = i;
        return true;
      });
      const dest = joinTokens(m.text, toks, to + 1, destTo).trim();
      const srcFrom = (() => {
        for (let i = ins.tokFrom; i < ins.tokTo; i++) if (toks.kindCode(i) === TK.word && toks.textIs(i, 'addrspacecast')) return i + 1;
        return -1;
      })();
      const srcText = joinTokens(m.text, toks, srcFrom, to).trim();
      const src = dropTrailingValue(srcText);
      ed.replace.set(ins.result, castOfGlobal(symbol, arrayTy, src, dest));
      ed.deleted.add(ins);
    }
  }
  editHeader(m, edits, fn);
  // The erased function's metadata references become null (the nodes distinct); the kernel's first
  // !nvvm.annotations "kernel" node gets the new function.
  const newFnRef = m.opaquePointers ? null : `${printType(fn.retType)} (${fn.params.slice(0, -1).map((p) => printType(p.type)).join(', ')}${fn.varargs ? (fn.params.length > 1 ? ', ...' : '...') : ''})*`;
  const annotated = kernelNode !== undefined;
  for (const { num, ops } of mdRefs) {
    const next = ops.map((op, i) => {
      if (op.startsWith('!') || operandGlobal(op) !== fn.name) return op;
      if (num === kernelNode && i === 0) return newFnRef === null ? op : `${newFnRef} ${printLocalName(fn.name, '@')}`;
      return 'null';
    });
    edits.replaceMetadata.set(num, `distinct !{${next.join(', ')}}`);
  }
  if (!annotated) throw new PostLinkPassError(`no !nvvm.annotations node marks @${fn.name} as a "kernel" ("Failed to find corresponding MDNode")`, fn.line);
  edits.moveToEnd.push(fn);
}

/**
 * `text.replace(/\s*%\S+$/, '')` by a scan: that pattern, unanchored, tried \s* from every blank of
 * a run (and \S+ from every '%' of a run) to a failing end, quadratic: 15 s on 100,000 blanks.
 * The leftmost match: the first '%' of the last non-blank run with a character after it, and, when
 * that '%' starts the run, the blanks before it.
 */
export function dropTrailingValue(text: string): string {
  let j = text.length;
  while (j > 0 && !/\s/.test(text[j - 1]!)) j--;
  const p = text.indexOf('%', j);
  if (p < 0 || p > text.length - 2) return text;
  return p === j ? text.slice(0, j).trimEnd() : text.slice(0, p);
}

/**
 * `type.replace(/\s*(?:addrspace\(\d+\)\s*)?\*$/, '')` without its quadratic backtracking (every
 * blank of a run tried as the start: 15 s on 100,000 blanks). trimEnd drops exactly what \s matches.
 */
export function pointeeOf(type: string): string {
  if (!type.endsWith('*')) return type;
  const t = type.slice(0, -1).trimEnd();
  const as = /addrspace\(\d+\)$/.exec(t);
  return as ? t.slice(0, as.index).trimEnd() : t;
}

/**
 * IRBuilder::CreateAddrSpaceCast of the global to the cast's destination address space, as a
 * constant expression. Typed pointers: getAddrSpaceCast bitcasts to the operand's pointee first
 * (the cast's source pointee), which folds to a GEP 0, 0 when that is the array's element type.
 */
function castOfGlobal(symbol: string, arrayTy: string, srcTy: string, destTy: string): string {
  const opaque = /^ptr\b/.test(srcTy);
  const destAs = /addrspace\((\d+)\)/.exec(destTy)?.[1] ?? '0';
  // A cast into the global's own address space (4) folds away: the global (typed: its bitcast) itself.
  if (opaque) return destAs === '4' ? symbol : `addrspacecast (ptr addrspace(4) ${symbol} to ${destTy})`;
  // PointerType::getWithSamePointeeType(operand type, DestAS): the source's pointee in the destination space.
  const pointee = pointeeOf(srcTy);
  const dest = `${pointee}${destAs === '0' ? '' : ` addrspace(${destAs})`}*`;
  const inner =
    pointee === 'i8'
      ? `getelementptr inbounds (${arrayTy}, ${arrayTy} addrspace(4)* ${symbol}, i32 0, i32 0)`
      : pointee === arrayTy
        ? symbol
        : `bitcast (${arrayTy} addrspace(4)* ${symbol} to ${pointee} addrspace(4)*)`;
  if (destAs === '4') return inner;
  return `addrspacecast (${pointee === arrayTy ? `${arrayTy} addrspace(4)*` : `${pointee} addrspace(4)*`} ${inner} to ${dest})`;
}

const COMMA = 0x2c;
const OPENERS = new Set([0x28, 0x5b, 0x7b, 0x3c]); // ( [ { <
const CLOSERS = new Set([0x29, 0x5d, 0x7d, 0x3e]); // ) ] } >

/**
 * Walks the punctuation of tokens [from, to) with the bracket depth after each (`(` `[` `{` `<` open,
 * their pairs close), calling `visit(i, c, depth)`; stops when `visit` returns true.
 */
function walkBrackets(toks: TokenList, from: number, to: number, visit: (i: number, c: number, depth: number) => boolean): void {
  let depth = 0;
  for (let i = from; i < to; i++) {
    if (toks.kindCode(i) !== TK.punct) continue;
    const c = toks.charAt(i);
    if (OPENERS.has(c)) depth++;
    else if (CLOSERS.has(c)) depth--;
    else if (c !== COMMA) continue;
    if (visit(i, c, depth)) return;
  }
}

const DROPPED_WORDS = new Set(['hidden', 'protected', 'default', 'dllimport', 'dllexport', 'dso_preemptable']);

/** The new function's header: no last parameter; dso_local, local_unnamed_addr; default CC; no visibility, DLL storage, section, align, gc. */
function editHeader(m: LModule, edits: ModuleEdits, fn: LFunction): void {
  const toks = m.tokens;
  const ed = editorFor(edits, fn);
  const out: { from: number; to: number; text: string }[] = [];
  // The parameter list: the `(` after the function's name, to its `)`.
  let nameAt = -1;
  for (let i = fn.headerFrom; i < fn.headerTo; i++) {
    if (toks.kindCode(i) === TK.gvar && toks.valueOf(i) === fn.name) {
      nameAt = i;
      break;
    }
  }
  const open = nameAt + 1;
  let close = -1;
  let lastComma = -1;
  walkBrackets(toks, open, fn.headerTo, (i, c, depth) => {
    if (c === COMMA && depth === 1) lastComma = i;
    else if (depth === 0 && c !== COMMA) {
      close = i;
      return true;
    }
    return false;
  });
  if (nameAt < 0 || close < 0) throw new PostLinkPassError(`the header of @${fn.name} could not be read`, fn.line);
  // Before the name: `define [linkage] [preemption] [visibility] [dll] [cc] [ret attrs] <type>`.
  let linkageAt = fn.headerFrom; // `define`, or the linkage keyword after it
  let hasDsoLocal = false;
  for (let i = fn.headerFrom + 1; i < nameAt; i++) {
    if (toks.kindCode(i) !== TK.word) continue;
    if (fn.linkage !== undefined && toks.textIs(i, fn.linkage)) linkageAt = i;
    else if (toks.textIs(i, 'dso_local')) hasDsoLocal = true;
    else if (DROPPED_WORDS.has(toks.valueOf(i)) || (fn.cc !== undefined && toks.textIs(i, fn.cc))) out.push({ from: i, to: i + 1, text: '' });
  }
  if (!hasDsoLocal) out.push({ from: linkageAt + 1, to: linkageAt + 1, text: ' dso_local ' });
  out.push({ from: lastComma >= 0 ? lastComma : open + 1, to: close, text: '' });
  // After the `)`: unnamed_addr → local_unnamed_addr; section "…", align N, gc "…" dropped.
  let hasLocal = false;
  for (let i = close + 1; i < fn.headerTo; i++) {
    if (toks.kindCode(i) !== TK.word) continue;
    if (toks.textIs(i, 'local_unnamed_addr')) hasLocal = true;
    else if (toks.textIs(i, 'unnamed_addr')) {
      out.push({ from: i, to: i + 1, text: 'local_unnamed_addr' });
      hasLocal = true;
    } else if (toks.textIs(i, 'section') || toks.textIs(i, 'align') || toks.textIs(i, 'gc') || toks.textIs(i, 'partition')) out.push({ from: i, to: Math.min(i + 2, fn.headerTo), text: '' });
  }
  if (!hasLocal) out.push({ from: close + 1, to: close + 1, text: ' local_unnamed_addr' });
  ed.header = out.sort((a, b) => a.from - b.from || a.to - b.to);
}
