/**
 * SpecConstantsPass on parsed LLVM IR: finds the SYCL 2020 spec-constant intrinsic calls, lowers
 * them with the shared lowering (src/lower/spec-constants.ts: IDs, descriptors, default blob,
 * emulation layout) and rewrites the IR the way the pass does
 * (intel/llvm:llvm/lib/SYCLLowerIR/SpecConstants.cpp@08fde7a7 `SpecConstantsPass::run`).
 *
 * Which calls, in which order (spec lowering.md fact 16, §3 item 8):
 *   - module functions in order; declarations named `_Z37__sycl_getScalar2020SpecConstantValue…` or
 *     `_Z40__sycl_getComposite2020SpecConstantValue…`, or `llvm.sycl.alloca…`;
 *   - for each, its call sites in LLVM use-list order. For a module read by LLParser that is: calls
 *     after the declaration in reverse text order, then calls before it (forward references are
 *     RAUW'd from a placeholder) in text order. After module splitting (CloneModule) every use is
 *     re-created in text order, so the order is reverse text order (src/lower/from-ir/use-list-order.ts).
 * Per call: symbolic ID = the string literal behind the name argument (pointer casts and all-zero
 * GEPs stripped, trailing NUL dropped); default = element 0 of the `specialization_id` initializer;
 * type = the `sret` type, the call's type, or (alloca) the default's type.
 *
 * Rewrites (what the lit tests check):
 *   - native: `call T @_Z20__spirv_SpecConstant<m>(i32 ID, T default)` per scalar leaf and
 *     `call Agg @_Z29__spirv_SpecConstantComposite<m>_R<m>(…)` per aggregate, unnamed, before the
 *     intrinsic call; a bool becomes `call i8 @…ia(i32 ID, i8 v)` + `%tobool = trunc i8 … to i1`;
 *   - emulation: `%gep = getelementptr i8, <buffer>, i32 <offset>`, `%bc = bitcast` to a pointer to
 *     the type (not for i1), `%load = load T, … align <ABI>` (i1: load i8 + `%tobool = trunc`);
 *   - default_values: uses replaced by the default constant (i1: `%bool = trunc i8 v to i1`);
 *   - `sret` calls store the value into the sret pointer instead; the intrinsic call is deleted;
 *   - `!sycl.specialization-constants` (`!{!"SymID", i32 ID, i32 Off, i32 Size, …}`) and
 *     `!sycl.specialization-constants-default-values` (`!{T default}`, emulation padding as
 *     `!{[N x i8] zeroinitializer}`) are added.
 * The emitted calls carry no `spir_func` calling convention: the copied lit tests (testdata/
 * sycl-post-link) check `call i8 @_Z20__spirv_SpecConstantia(…)`; SpecConstants.cpp@08fde7a7 adds
 * `spir_func` for SPIR targets (docs/post-link.md, "differences between upstream revisions").
 */
import { IrSyntaxError } from '../llvm-ir/parse/errors.js';
import { TK } from '../llvm-ir/parse/lexer.js';
import type { LCall, LFunction, LInstruction, LModule, LTyped, LType } from '../llvm-ir/parse/model.js';
import { globalRefs, joinTokens, parseOperandAt, printLocalName, printType } from '../llvm-ir/parse/parser.js';
import { constantFolds } from '../llvm-ir/constant-folds.js';
import { editorFor, type FunctionEditor, type ModuleEdits } from '../llvm-ir/print.js';
import { formatConstValue, formatScalarValue, formatTypedConst } from '../llvm-ir/print-constant.js';
import { escapeLlvmBytes } from '../llvm-ir/escape.js';
import { mangleFuncItanium, SPIRV_SPEC_CONSTANT, SPIRV_SPEC_CONSTANT_COMPOSITE } from '../llvm-ir/mangle.js';
import type { DataLayout } from '../datalayout.js';
import { clipText } from '../../codec/messages.js';
import { assignNativeIds, lowerSpecConstants, MAX_DEFAULT_VALUE_BYTES, MAX_IDS_PER_LOWERING, MAX_NODES_PER_LOWERING, PADDING_ID, typeNodes, type SpecConstantInput, type SpecConstantNode, type SpecConstantsLowering } from '../spec-constants.js';
import { typeToString, Types, type IrType } from '../types.js';
import { aggregateElement, nullValue, type ConstValue } from '../values.js';
import { appendAll } from '../../codec/arrays.js';
import { TypeConverter, toConstValue, type At } from './convert.js';
import { callSitesOf, useListOrder, type UseOrder } from './use-list-order.js';
import { atIrEntry, irUseKey, irUseLabel } from './ir-entries.js';

/** Triple::isSPIR: the spir / spir64 architectures. */
export function isSpirTriple(triple: string | undefined): boolean {
  return /^spir(64)?(_[A-Za-z0-9_]*)?(-|$)/.test(triple ?? '');
}

/** `-spec-const=native|emulation`, plus `default_values` (the `-generate-device-image-default-spec-consts` image). */
export type SpecConstHandlingMode = 'native' | 'emulation' | 'default_values';


/** Mangled-name prefix of the SYCL 2020 scalar spec-constant intrinsic. */
export const SCALAR_2020_PREFIX = '_Z37__sycl_getScalar2020SpecConstantValue';
/** Mangled-name prefix of the SYCL 2020 composite spec-constant intrinsic. */
export const COMPOSITE_2020_PREFIX = '_Z40__sycl_getComposite2020SpecConstantValue';
/** Name prefix of the `llvm.sycl.alloca` intrinsics (private memory sized by a spec constant). */
export const SYCL_ALLOCA_PREFIX = 'llvm.sycl.alloca';
/** The SYCL 1.2.1 API (no specialization_id: the default is the type's zero value). */
export const SCALAR_121_PREFIX = '_Z33__sycl_getScalarSpecConstantValue';
/**
 * The SYCL 1.2.1 scalar intrinsic under its first name, before it was renamed
 * `__sycl_getScalarSpecConstantValue` (intel/llvm llvm/tools/sycl-post-link/SpecConstants.cpp of
 * 2020: `SYCL_GET_SPEC_CONST_VAL[] = "_Z27__sycl_getSpecConstantValue"`; the lit test
 * sc_sym_two_refs.ll@56bbbfa1 calls it). Lowered as the scalar 1.2.1 API.
 */
export const SCALAR_121_OLD_PREFIX = '_Z27__sycl_getSpecConstantValue';
/** Mangled-name prefix of the SYCL 1.2.1 composite spec-constant intrinsic. */
export const COMPOSITE_121_PREFIX = '_Z36__sycl_getCompositeSpecConstantValue';

/** One intrinsic call, resolved. */
export interface SpecConstantUse {
  /** The function holding the call. */
  readonly fn: LFunction;
  /** The call instruction. */
  readonly inst: LInstruction;
  /** The parsed call. */
  readonly call: LCall;
  /** The intrinsic declaration called. */
  readonly callee: LFunction;
  /** Symbolic ID: the string behind the name argument. */
  readonly symId: string;
  /** The intrinsic returns its value through an `sret` pointer parameter. */
  readonly sret: boolean;
  /** The call is an `llvm.sycl.alloca` intrinsic. */
  readonly isAlloca: boolean;
  /** Specialization constant type (SCTy). */
  readonly type: IrType;
  /** Default value (element 0 of the `specialization_id` initializer; the type's zero value for the 1.2.1 API). */
  readonly default: ConstValue;
  /** The SYCL 1.2.1 API (`__sycl_get{Scalar,Composite}SpecConstantValue`). */
  readonly is121: boolean;
  /** Instructions deleted with the call (the store of a name passed through an alloca). */
  readonly alsoDeleted: readonly LInstruction[];
}

/** What `SpecConstantsPass` did to a module. */
export interface SpecConstantsPassResult {
  /** The shared lowering (absent in default_values mode, which assigns no IDs). */
  readonly lowering?: SpecConstantsLowering;
  /** The intrinsic calls found, in LLVM use-list order. */
  readonly uses: readonly SpecConstantUse[];
  /** True when the module has spec-constant metadata (any intrinsic call was lowered). */
  readonly modified: boolean;
}

function at(m: LModule, tokIndex: number): At {
  const i = Math.min(Math.max(tokIndex, 0), m.tokens.length - 1);
  return m.tokens.placeOf(i);
}

function err(msg: string, where: At, code: 'FORMAT' | 'SYNTAX' | 'LIMIT' = 'FORMAT'): never {
  throw new IrSyntaxError(msg, where.line, where.column, code, where.offset);
}

/** Value::stripPointerCasts: bitcast, addrspacecast and all-zero-index GEPs. */
export function stripPointerCasts(v: LTyped): LTyped {
  let cur = v;
  for (;;) {
    const val = cur.value;
    if (val.k === 'cast' && (val.op === 'bitcast' || val.op === 'addrspacecast')) cur = val.operand;
    else if (val.k === 'gep' && val.indices.every((i) => i.value.k === 'zero' || (i.value.k === 'int' && i.value.value === 0n))) cur = val.base;
    else return cur;
  }
}

/** The shared empty list of {@link SpecConstantUse.alsoDeleted}. */
const NOTHING_DELETED: readonly LInstruction[] = Object.freeze([]);

/**
 * Per function, built once when first asked: the instruction defining each `%name` and the `store`s
 * that use each local, so resolving a name argument is a look-up, not a scan of the function (a
 * kernel with 10,000 constants loaded from allocas, as clang -O0 writes them, was quadratic).
 */
interface FunctionIndex {
  readonly defs: Map<string, LInstruction>;
  readonly storesUsing: Map<string, LInstruction[]>;
}
const FUNCTION_INDEXES = new WeakMap<LFunction, FunctionIndex>();
function functionIndex(fn: LFunction): FunctionIndex {
  let ix = FUNCTION_INDEXES.get(fn);
  if (ix) return ix;
  ix = { defs: new Map(), storesUsing: new Map() };
  for (const b of fn.blocks) {
    for (const i of b.instructions) {
      // SSA: a name is defined once; the first definition is the one a scan would have found.
      if (i.result !== undefined && !ix.defs.has(i.result)) ix.defs.set(i.result, i);
      if (i.opcode !== 'store') continue;
      for (const u of new Set(i.usesLocal)) {
        const list = ix.storesUsing.get(u);
        if (list) list.push(i);
        else ix.storesUsing.set(u, [i]);
      }
    }
  }
  FUNCTION_INDEXES.set(fn, ix);
  return ix;
}

/** The instruction of `fn` whose result is `%name`. */
function definition(fn: LFunction, name: string): LInstruction | undefined {
  return functionIndex(fn).defs.get(name);
}

/** Value::stripPointerCasts through `bitcast` / `addrspacecast` instructions of `fn` (by result name). */
function stripCastInstructions(fn: LFunction, name: string): { name: string; inst: LInstruction | undefined } {
  let cur = name;
  for (let guard = 0; guard < 1000; guard++) {
    const inst = definition(fn, cur);
    if (!inst || (inst.opcode !== 'bitcast' && inst.opcode !== 'addrspacecast') || inst.usesLocal.length !== 1) return { name: cur, inst };
    cur = inst.usesLocal[0]!;
  }
  return { name: cur, inst: definition(fn, cur) };
}

/**
 * The name argument passed through memory, as clang -O0 writes it: `store <literal>, %tmp` …
 * `%v = load %tmp`, where `%tmp` is (a cast or constant GEP of) an alloca. Returns the stored value
 * and the store, which SpecConstantsPass deletes with the call (getStringLiteralArg's LoadInst
 * branch, intel/llvm:llvm/lib/SYCLLowerIR/SpecConstants.cpp@08fde7a7; the load itself is deleted
 * only in assertions builds, so it stays, as in a release sycl-post-link).
 */
function storedNameArg(m: LModule, fn: LFunction, load: LInstruction, where: At): { value: LTyped; store: LInstruction } {
  if (load.usesLocal.length !== 1) err('the spec constant name argument is loaded from an address that is not a local pointer', where);
  const tmp = load.usesLocal[0]!;
  // ValueIsAlloca: an alloca, possibly through an addrspacecast (pointer casts stripped) and a GEP with constant indices.
  const asc = definition(fn, tmp);
  let base = asc && asc.opcode === 'addrspacecast' && asc.usesLocal.length === 1 ? stripCastInstructions(fn, asc.usesLocal[0]!) : { name: tmp, inst: asc };
  if (base.inst?.opcode === 'getelementptr' && base.inst.usesLocal.length === 1) base = { name: base.inst.usesLocal[0]!, inst: definition(fn, base.inst.usesLocal[0]!) };
  if (base.inst?.opcode !== 'alloca') err('unexpected instruction type: the spec constant name is loaded from something other than an alloca', where);
  const stores = functionIndex(fn).storesUsing.get(tmp) ?? [];
  if (stores.length > 1) err('single store expected: the spec constant name slot is stored to more than once', where);
  const store = stores[0];
  if (!store) err('unexpected spec const IR pattern 0: no store of the spec constant name', where);
  let at = store.tokFrom + 1;
  while (m.tokens.kindAt(at) === 'word' && (m.tokens.textIs(at, 'volatile') || m.tokens.textIs(at, 'atomic'))) at++;
  return { value: parseOperandAt(m, at), store };
}

/** The string literal behind a name argument (getStringLiteralArg); `deleted` receives instructions to delete with the call. */
function stringLiteralArg(m: LModule, fn: LFunction, v: LTyped, where: At, deleted: LInstruction[]): string {
  let s = stripPointerCasts(v);
  if (s.value.k === 'local') {
    const load = definition(fn, s.value.name);
    if (load?.opcode === 'load') {
      const { value, store } = storedNameArg(m, fn, load, where);
      deleted.push(store);
      s = stripPointerCasts(value);
    }
  }
  if (s.value.k !== 'global') err('the spec constant name argument must be (a cast of) a global string literal, directly or stored to an alloca and loaded back', where);
  const name = s.value.name;
  const g = m.globalsByName.get(name);
  let str: string;
  if (g && g.initTo === g.initFrom + 1 && m.tokens.kindCode(g.initFrom) === TK.cstr) {
    // `c"…"` (the usual form): the token's value, without reading the constant again.
    str = m.tokens.valueOf(g.initFrom);
  } else {
    const initializer = g?.initializer;
    if (!g || !initializer) err(`spec constant name @${name} is not a global variable with an initializer`, where);
    const init = initializer.value;
    if (init.k === 'cstr') str = init.bytes;
    else if (init.k === 'zero' && g.valueType.kind === 'array') str = '\0'.repeat(g.valueType.length);
    else err(`spec constant name @${name} is not a string literal (ConstantDataArray)`, where);
  }
  if (str.endsWith('\0')) str = str.slice(0, -1);
  // Names are byte strings (the reader decodes input as latin-1); the property key is UTF-8 bytes.
  return str;
}

/** A declaration SpecConstantsPass lowers the calls of (2020 and 1.2.1 API, llvm.sycl.alloca). */
function isSpecConstantIntrinsic(name: string): boolean {
  return [SCALAR_2020_PREFIX, COMPOSITE_2020_PREFIX, SCALAR_121_PREFIX, SCALAR_121_OLD_PREFIX, COMPOSITE_121_PREFIX, SYCL_ALLOCA_PREFIX].some((p) => name.startsWith(p));
}

/** The spec-constant intrinsics `m` declares, in module order (found once per module). */
const INTRINSICS = new WeakMap<readonly LFunction[], readonly LFunction[]>();
function specConstantIntrinsics(m: LModule): readonly LFunction[] {
  let list = INTRINSICS.get(m.functions);
  if (!list) INTRINSICS.set(m.functions, (list = m.functions.filter((f) => f.isDeclaration && isSpecConstantIntrinsic(f.name))));
  return list;
}

/** Whether the functions of `scope` (default: all) call any spec-constant intrinsic (checkModuleContainsSpecConsts). */
export function intrinsicsCalled(m: LModule, scope?: readonly LFunction[]): boolean {
  const names = new Set(specConstantIntrinsics(m).map((f) => f.name));
  if (names.size === 0) return false;
  for (const fn of scope ?? m.functions) {
    if (fn.isDeclaration) continue;
    for (const b of fn.blocks) for (const i of b.instructions) if (i.call && i.call.callee.value.k === 'global' && names.has(i.call.callee.value.name)) return true;
  }
  return false;
}

/**
 * Finds and resolves every spec-constant intrinsic call (in processing order). `scope` limits the
 * functions searched (a split module's functions, in module order).
 */
export function findSpecConstantUses(m: LModule, order: UseOrder, types: TypeConverter, scope?: readonly LFunction[]): SpecConstantUse[] {
  const uses: SpecConstantUse[] = [];
  const intrinsics = specConstantIntrinsics(m);
  if (intrinsics.length === 0) return uses;
  const sites = callSitesOf(m, new Set(intrinsics.map((f) => f.name)), scope);
  // A specialization_id's value, read once however many calls name it (400 calls of a 20,000-element
  // default made 8,000,000 constants).
  const initializers = new Map<string, { init: ConstValue; initTy: IrType; written: string }>();
  for (const callee of intrinsics) {
    const isAlloca = callee.name.startsWith(SYCL_ALLOCA_PREFIX);
    const is121 = callee.name.startsWith(SCALAR_121_PREFIX) || callee.name.startsWith(SCALAR_121_OLD_PREFIX) || callee.name.startsWith(COMPOSITE_121_PREFIX);
    const sret = callee.params.slice(0, 2).some((p) => p.attrs.some((a) => a.key === 'sret'));
    for (const { fn, inst } of useListOrder(callee, sites.get(callee.name) ?? [], order, m)) {
      const call = inst.call!;
      const where = at(m, inst.tokFrom);
      const nameArgNo = sret ? 1 : 0;
      const nameArg = call.args[nameArgNo];
      const idArg = call.args[nameArgNo + 1];
      if (!nameArg || (!is121 && !idArg)) err(`call to @${callee.name} has ${call.args.length} argument(s); the symbolic ID and the specialization_id are missing`, where);
      const alsoDeleted: LInstruction[] = [];
      const symId = stringLiteralArg(m, fn, nameArg.value, at(m, nameArg.value.from), alsoDeleted);
      let dflt: ConstValue | undefined;
      const sidValue = idArg ? stripPointerCasts(idArg.value).value : undefined;
      if (!is121 && sidValue?.k !== 'null') {
        // getSpecConstInitializerFromCI (a null specialization_id — early SYCL 2020 IR — means the
        // type's zero value, like the 1.2.1 API)
        const sid = stripPointerCasts(idArg!.value);
        if (sid.value.k !== 'global') err('the specialization_id argument must be (a cast of) a global variable', at(m, idArg!.value.from));
        const gname = sid.value.name;
        const g = m.globalsByName.get(gname);
        // (`initializer` reads the global's tokens again at each access: once per global here)
        let cached = initializers.get(gname);
        if (!cached) {
          const initializer = g?.initializer;
          if (!g || !initializer) err(`specialization_id @${gname} is not a global variable with an initializer`, at(m, idArg!.value.from));
          const initTy = types.convert(g.valueType, at(m, g.tokFrom));
          initializers.set(gname, (cached = { init: toConstValue(initializer, initTy, m.tokens), initTy, written: initializer.value.k }));
        }
        const gAt = at(m, g!.tokFrom);
        const { init, initTy } = cached;
        // An empty struct or array has no element 0 (getAggregateElement(0) is null; sycl-post-link would crash).
        const elements = initTy.kind === 'struct' ? initTy.elements.length : initTy.kind === 'array' ? initTy.length : 0;
        if (elements === 0) err(`specialization_id @${gname} must be an aggregate whose element 0 is the default value`, gAt);
        // (an aggregate written with only undef members is undef too: LLVM folds it, ConstantStruct::get)
        if (init.kind === 'undef') err(`specialization_id @${gname} is undef${cached.written === 'undef' ? '' : ' (its initializer has only undef members, which LLVM folds to undef)'}: it has no default value`, gAt);
        dflt = aggregateElement(init, 0);
      }
      let type: IrType;
      if (sret) {
        const p0 = callee.params.find((p) => p.attrs.some((a) => a.key === 'sret'))!;
        const st = p0.attrs.find((a) => a.key === 'sret')!.type ?? (p0.type.kind === 'ptr' ? p0.type.pointee : undefined);
        if (!st) err(`sret parameter of @${callee.name} has no type (write sret(T))`, at(m, callee.headerFrom));
        type = types.convert(st, at(m, callee.headerFrom));
      } else if (isAlloca) type = dflt!.type;
      else type = types.convert(call.retType, where);
      // SYCL 1.2.1 constants have no specialization_id: the C++ default (zero) of the type.
      uses.push({ fn, inst, call, callee, symId, sret, isAlloca, type, default: dflt ?? nullValue(type), is121, alsoDeleted: alsoDeleted.length ? alsoDeleted : NOTHING_DELETED });
    }
  }
  return uses;
}

function ptrTypeText(pointee: string, addrspace: number, opaque: boolean): string {
  if (opaque) return addrspace ? `ptr addrspace(${addrspace})` : 'ptr';
  return `${pointee}${addrspace ? ` addrspace(${addrspace})` : ''}*`;
}

/**
 * The `__spirv_SpecConstant*` builtins the pass calls: mangled once per type (pair) — a scalar's
 * name depends on its return and argument types, a composite's on its type alone (its parameters
 * are its element types) — declared on first use (getOrInsertFunction), and the `call T @name(`
 * text kept, so a module with many constants builds each call text in one piece.
 */
class Builtins {
  private readonly scalar = new Map<IrType, Map<IrType, Builtin>>();
  private readonly composite = new Map<IrType, Builtin>();

  constructor(
    private readonly edits: ModuleEdits,
    private readonly declared: DeclaredFunctions,
  ) {}

  /** `call R @_Z20__spirv_SpecConstant…(`, recorded as a reference of `ed`'s inserted code. */
  scalarCall(ed: FunctionEditor, ret: IrType, arg: IrType): string {
    let byArg = this.scalar.get(ret);
    if (!byArg) this.scalar.set(ret, (byArg = new Map()));
    let b = byArg.get(arg);
    if (b === undefined) byArg.set(arg, (b = this.declare(mangleFuncItanium(SPIRV_SPEC_CONSTANT, ret, [Types.i32, arg]), ret, [Types.i32, arg])));
    ed.globals.add(b.name);
    return b.prefix;
  }

  /** `call T @_Z29__spirv_SpecConstantComposite…(`, recorded as a reference of `ed`'s inserted code. */
  compositeCall(ed: FunctionEditor, type: IrType, params: readonly IrType[]): string {
    let b = this.composite.get(type);
    if (b === undefined) this.composite.set(type, (b = this.declare(mangleFuncItanium(SPIRV_SPEC_CONSTANT_COMPOSITE, type, params), type, params)));
    ed.globals.add(b.name);
    return b.prefix;
  }

  /** Declares `name` once; returns it with its call prefix. */
  private declare(name: string, ret: IrType, params: readonly IrType[]): Builtin {
    declare(this.edits, this.declared, name, ret, params);
    return { name, prefix: `call ${typeToString(ret)} ${printLocalName(name, '@')}(` };
  }
}

/** A builtin's name and the text `call T @name(`. */
interface Builtin {
  readonly name: string;
  readonly prefix: string;
}

/** Declares `name` once (getOrInsertFunction). */
/**
 * The function names a module declares or defines, plus those a pass declared: the module's are
 * collected once per module and shared (a split module adds its own on top), not copied per
 * output module.
 */
class DeclaredFunctions {
  private static readonly byModule = new WeakMap<readonly LFunction[], ReadonlySet<string>>();
  private readonly module: ReadonlySet<string>;
  private readonly added = new Set<string>();
  constructor(m: LModule) {
    let names = DeclaredFunctions.byModule.get(m.functions);
    if (!names) DeclaredFunctions.byModule.set(m.functions, (names = new Set(m.functions.map((f) => f.name))));
    this.module = names;
  }
  has(name: string): boolean {
    return this.module.has(name) || this.added.has(name);
  }
  add(name: string): void {
    this.added.add(name);
  }
}

function declare(edits: ModuleEdits, declared: DeclaredFunctions, name: string, ret: IrType, params: readonly IrType[]): void {
  if (declared.has(name)) return;
  declared.add(name);
  edits.newDeclarations.push(`declare ${typeToString(ret)} ${printLocalName(name, '@')}(${params.map(typeToString).join(', ')})`);
}

/** Emits the native tree before `inst`; returns the operand text of the root (`%{key}` or `undef`). */
function emitNative(ed: FunctionEditor, inst: LInstruction, node: SpecConstantNode, builtins: Builtins): string {
  // Post-order, iterative: children before parents (the order emitSpecConstantRecursiveImpl creates calls).
  // Each frame collects its call's text as parts, joined once (one flat string per instruction).
  type Frame = { n: SpecConstantNode; i: number; parts: string[]; types: IrType[] };
  let result = 'undef';
  const stack: Frame[] = [{ n: node, i: 0, parts: [], types: [] }];
  const done = (text: string): void => {
    stack.pop();
    if (stack.length) {
      const parent = stack[stack.length - 1]!;
      const el = parent.n.kind === 'composite' ? parent.n.elements[parent.i - 1]! : parent.n;
      if (parent.types.length) parent.parts.push(', ');
      parent.parts.push(typeToString(el.type), ' ', text);
      parent.types.push(el.type);
    } else result = text;
  };
  while (stack.length) {
    const f = stack[stack.length - 1]!;
    const n = f.n;
    if (n.kind === 'undef') {
      done('undef');
      continue;
    }
    if (n.kind === 'scalar') {
      // emitCall: a bool (i1) constant whose default is an i8 (SYCL 2020: the specialization_id
      // holds the in-memory bool) becomes `call i8 …ia(i32 ID, i8 v)` + `trunc … to i1`; a bool with
      // an i1 default (SYCL 1.2.1: the zero of the return type) stays `call i1 …ib(i32, i1)`.
      const dv = n.default;
      const isBool = n.type.kind === 'int' && n.type.bits === 1 && dv.type.kind === 'int' && dv.type.bits === 8;
      const argTy: IrType = dv.type;
      const retTy: IrType = isBool ? Types.i8 : n.type;
      const text = [builtins.scalarCall(ed, retTy, argTy), 'i32 ', String(n.id), ', ', typeToString(argTy), ' ', formatScalarValue(dv), ')'].join('');
      const key = ed.insert(inst, text, '');
      if (isBool) {
        const t = ed.insert(inst, `trunc i8 %{${key}} to i1`, ed.uniqueName('tobool'));
        done(`%{${t}}`);
      } else done(`%{${key}}`);
      continue;
    }
    if (f.i < n.elements.length) {
      stack.push({ n: n.elements[f.i++]!, i: 0, parts: [], types: [] });
      continue;
    }
    f.parts.unshift(builtins.compositeCall(ed, n.type, f.types));
    f.parts.push(')');
    done(`%{${ed.insert(inst, f.parts.join(''), '')}}`);
  }
  return result;
}

/** A typed operand as `{type, value}` texts, local refs in the value written `%{name}`. */
function operandText(m: LModule, v: LTyped, ed: FunctionEditor): { type: string; value: string } {
  for (const g of globalRefs(v)) ed.globals.add(g);
  const value = joinTokens(m.text, m.tokens, v.valueFrom, v.to, (i) => (m.tokens.kindCode(i) === TK.lvar ? `%{${m.tokens.valueOf(i)}}` : undefined), constantFolds(m));
  return { type: printType(v.type), value };
}

/** How many values the literal of `c` writes (a zeroinitializer or undef aggregate: one). Iterative. */
function literalValues(c: ConstValue): number {
  let n = 0;
  const todo: ConstValue[] = [c];
  while (todo.length) {
    const v = todo.pop()!;
    if (v.kind === 'aggregate') appendAll(todo, v.elements);
    else n++;
  }
  return n;
}

/** What is left of what the calls of a run may emit (see {@link runSpecConstantsPass}). */
export interface LeafBudget {
  /** Leaves of native __spirv_SpecConstant trees left. */
  left: number;
  /**
   * Bytes of default values left (MAX_DEFAULT_VALUE_BYTES to start): each module's default blob in
   * emulation mode (a module per kernel restates every constant's defaults), and the literal each call
   * becomes in default-values mode.
   */
  bytes?: number;
  /**
   * Type nodes of the trees the calls emit, zero-sized ones included (MAX_NODES_PER_LOWERING to
   * start): a `[400000 x {}]` constant takes no leaf but becomes 400,000 composites per call.
   */
  nodes?: number;
}

/** Takes `n` bytes of default values from `budget`; a LIMIT error at `where` when none are left. */
function chargeBytes(budget: LeafBudget, n: number, what: string, where: At): void {
  budget.bytes = (budget.bytes ?? MAX_DEFAULT_VALUE_BYTES) - n;
  if (budget.bytes < 0) err(`${what}: the default values this run writes add up to more than ${MAX_DEFAULT_VALUE_BYTES} bytes (in every module the input is split into)`, where, 'LIMIT');
}

/**
 * The uses the pass rewrites, of those {@link findSpecConstantUses} found: 'llvm.sycl.alloca' is not
 * lowered in emulation mode on SPIR targets (the runtime refuses such kernels), its calls stay as they
 * are and do not count as the module modified (SpecConstantsPass::run, IsSPIREmulated). Shared by the
 * pass (`syclbin post-link`) and {@link manifestFromIr}'s caller (`syclbin lower`), so both write
 * spec-constant sets for the same modules.
 */
export function usesThePassLowers<U extends { readonly isAlloca: boolean }>(m: LModule, uses: readonly U[], mode: SpecConstHandlingMode): U[] {
  return uses.filter((u) => !(u.isAlloca && mode === 'emulation' && isSpirTriple(m.triple)));
}

/**
 * Runs the pass on `m` (or the functions in `scope`), adding its rewrites to `edits`.
 * Errors are {@link IrSyntaxError}s at the offending call or global.
 */
export function runSpecConstantsPass(m: LModule, dl: DataLayout, mode: SpecConstHandlingMode, edits: ModuleEdits, order: UseOrder, scope?: readonly LFunction[], budget: LeafBudget = { left: MAX_IDS_PER_LOWERING }): SpecConstantsPassResult {
  const types = new TypeConverter();
  const uses = usesThePassLowers(m, findSpecConstantUses(m, order, types, scope), mode);
  const declared = new DeclaredFunctions(m);
  const opaque = m.opaquePointers;
  let lowering: SpecConstantsLowering | undefined;
  if (mode !== 'default_values') {
    // Emulation: 1.2.1 constants are replaced by their C++ default and take no buffer space.
    const inputs: SpecConstantInput[] = uses.filter((u) => !(mode === 'emulation' && u.is121)).map((u) => ({
      name: u.symId,
      type: u.type,
      default: u.default,
      path: [irUseKey(m, u.inst.tokFrom)],
      label: irUseLabel(m, u.inst.tokFrom),
    }));
    try {
      lowering = lowerSpecConstants(inputs, mode, dl);
    } catch (e) {
      throw atIrEntry(m, e);
    }
    if (mode === 'emulation' && uses.length) chargeBytes(budget, lowering.defaultBlob.length, 'the emulation buffer of this module', at(m, uses[0]!.inst.tokFrom));
  }
  const byName = new Map(lowering?.constants.map((c) => [c.name, c]) ?? []);
  const builtins = new Builtins(edits, declared);
  const seen = new Set<string>();
  // Native mode emits a constant's whole __spirv_SpecConstant tree at every call (as upstream does), so
  // the rewritten module grows with uses × leaves, which the per-lowering ID budget does not bound: 25 KB
  // of IR calling a 60,000-leaf constant 60 times would print 300 MB. The calls' trees share one budget
  // (`budget`: post-link passes one for all the modules it splits the input into). The counts are known
  // before any tree is built: a module past the budget is refused at once, at the call that passes it.
  if (mode === 'default_values') {
    // Each call becomes its default's literal: as many values as the literal writes, known before any
    // is written (a literal's count, once per value: calls of one constant share it).
    const counts = new Map<ConstValue, number>();
    let left = budget.left;
    for (const u of uses) {
      let n = counts.get(u.default);
      if (n === undefined) counts.set(u.default, (n = literalValues(u.default)));
      left -= n;
      if (left < 0) err(`the default values of this module's spec-constant calls write more than ${MAX_IDS_PER_LOWERING} values (this call: ${n} for "${clipText(u.symId)}"); each call becomes its whole default, in every module the input is split into`, at(m, u.inst.tokFrom), 'LIMIT');
    }
    budget.left = left;
  }
  if (mode === 'native') {
    let left = budget.left;
    // Zero-sized elements take no leaf but are composites of the tree all the same (`[400000 x {}]`:
    // 400,000 calls of __spirv_SpecConstantComposite per use): the trees' nodes have a budget too.
    let nodesLeft = budget.nodes ?? MAX_NODES_PER_LOWERING;
    const nodesOf = new Map<IrType, number>();
    for (const u of uses) {
      left -= byName.get(u.symId)!.ids.length;
      if (left < 0) {
        const n = byName.get(u.symId)!.ids.length;
        err(`the spec-constant calls of this module emit more than ${MAX_IDS_PER_LOWERING} __spirv_SpecConstant leaves (this call: ${n} for "${clipText(u.symId)}"); each call emits its constant's whole tree, in every module the input is split into`, at(m, u.inst.tokFrom), 'LIMIT');
      }
      let nodes = nodesOf.get(u.type);
      if (nodes === undefined) nodesOf.set(u.type, (nodes = typeNodes(u.type)));
      nodesLeft -= nodes;
      if (nodesLeft < 0) {
        err(`the spec-constant calls of this module emit trees of more than ${MAX_NODES_PER_LOWERING} nodes (this call: ${nodes} for "${clipText(u.symId)}", zero-sized elements included); each call emits its constant's whole tree, in every module the input is split into`, at(m, u.inst.tokFrom), 'LIMIT');
      }
    }
    budget.nodes = nodesLeft;
  }
  for (const u of uses) {
    const ed = editorFor(edits, u.fn);
    const inst = u.inst;
    const where = at(m, inst.tokFrom);
    const c = byName.get(u.symId);
    const isNew = !seen.has(u.symId);
    seen.add(u.symId);
    let replacement: string; // operand text (no type)
    const replTy = u.type;
    if (mode === 'native') {
      // A repeated use reuses the IDs of the first one but emits this call's default literals
      // (emitSpecConstantRecursive with the stored IDs and this call's DefaultValue).
      budget.left -= c!.ids.length;
      if (budget.left < 0) {
        err(`the spec-constant calls of this module emit more than ${MAX_IDS_PER_LOWERING} __spirv_SpecConstant leaves (this call: ${c!.ids.length} for "${clipText(u.symId)}"); each call emits its constant's whole tree, in every module the input is split into`, where, 'LIMIT');
      }
      let tree: SpecConstantNode;
      if (isNew) tree = c!.tree!;
      else {
        const again = assignNativeIds(u.type, u.default, c!.ids[0]!.id, dl);
        if (again.ids.length !== c!.ids.length) err(`spec constant "${u.symId}" is used with a default whose undefined parts differ from its first use`, where);
        tree = again.tree;
      }
      replacement = emitNative(ed, inst, tree, builtins);
    } else if (mode === 'emulation' && u.is121) {
      // Older sycl-post-link (-spec-const=default): 1.2.1 constants take their C++ default.
      replacement = formatConstValue(u.default);
    } else if (mode === 'emulation') {
      const bufArg = u.call.args[u.sret ? 3 : 2];
      if (!bufArg) err('the spec constant intrinsic has no run-time buffer argument', where);
      const buf = operandText(m, bufArg.value, ed);
      const bufTy = bufArg.value.type;
      const as = bufTy.kind === 'ptr' ? bufTy.addrspace : 0;
      const off = c!.emulation!.offset;
      const gep = ed.insert(inst, `getelementptr i8, ${buf.type} ${buf.value}, i32 ${off}`, ed.uniqueName('gep'));
      const i8ptr = ptrTypeText('i8', as, opaque);
      const isBool = replTy.kind === 'int' && replTy.bits === 1;
      let ptr = gep;
      if (!isBool) ptr = ed.insert(inst, `bitcast ${i8ptr} %{${gep}} to ${ptrTypeText(typeToString(replTy), as, opaque)}`, ed.uniqueName('bc'));
      const loadTy = isBool ? Types.i8 : replTy;
      const ptrTy = isBool ? i8ptr : ptrTypeText(typeToString(replTy), as, opaque);
      const load = ed.insert(inst, `load ${typeToString(loadTy)}, ${ptrTy} %{${ptr}}, align ${dl.abiAlign(loadTy)}`, ed.uniqueName('load'));
      if (isBool) replacement = `%{${ed.insert(inst, `trunc i8 %{${load}} to i1`, ed.uniqueName('tobool'))}}`;
      else replacement = `%{${load}}`;
    } else {
      if (replTy.kind === 'int' && replTy.bits === 1) {
        replacement = `%{${ed.insert(inst, `trunc ${formatTypedConst(u.default)} to i1`, ed.uniqueName('bool'))}}`;
      } else replacement = formatConstValue(u.default);
      chargeBytes(budget, replacement.length, `the default value written for "${clipText(u.symId)}"`, where);
    }
    if (u.isAlloca) {
      // `llvm.sycl.alloca(name, spec id, buffer, T marker, i64 align)`: a private array of T whose
      // length is the spec constant (emulation and default values: its default)
      // (SpecConstants.cpp: `new AllocaInst(Intr->getAllocatedType(), AS, ArraySize, Align, "alloca")`).
      const marker = u.call.args[3];
      const alignArg = u.call.args[4];
      if (!marker || !alignArg || alignArg.value.value.k !== 'int') err('llvm.sycl.alloca needs (name, specialization_id, buffer, element-type marker, i64 alignment) arguments', where);
      const align = Number((alignArg.value.value as { value: bigint }).value);
      const sizeText = mode === 'native' ? `${typeToString(replTy)} ${replacement}` : formatTypedConst(u.default);
      const ret = u.call.retType;
      const as = ret.kind === 'ptr' ? ret.addrspace : 0;
      const key = ed.insert(inst, `alloca ${printType(marker.value.type)}, ${sizeText}, align ${align}${as ? `, addrspace(${as})` : ''}`, ed.uniqueName('alloca'));
      replacement = `%{${key}}`;
    }
    if (u.sret) {
      const dst = u.call.args[0]!.value;
      const d = operandText(m, dst, ed);
      const valTy = mode === 'default_values' ? u.default.type : replTy;
      let ptrText = d.value;
      let ptrTy = d.type;
      const dstTy = dst.type;
      if (!opaque && dstTy.kind === 'ptr') {
        const want = ptrTypeText(typeToString(valTy), dstTy.addrspace, false);
        if (want !== printType(dstTy)) {
          const bc = ed.insert(inst, `bitcast ${d.type} ${d.value} to ${want}`, '');
          ptrText = `%{${bc}}`;
          ptrTy = want;
        }
      }
      ed.insert(inst, `store ${typeToString(valTy)} ${replacement}, ${ptrTy} ${ptrText}, align ${dl.abiAlign(valTy)}`);
    } else if (inst.result !== undefined) {
      ed.replace.set(inst.result, replacement);
    }
    ed.deleted.add(inst);
    for (const d of u.alsoDeleted) ed.deleted.add(d);
  }
  // Metadata (always added: getOrInsertNamedMetadata).
  const scNodes: string[] = [];
  const dvNodes: string[] = [];
  if (lowering) {
    for (const c of lowering.constants) {
      const ops = [`!"${escapeLlvmBytes(c.name)}"`];
      for (const d of c.descriptors) ops.push(`i32 ${d.id === PADDING_ID ? -1 : d.id}`, `i32 ${d.offset}`, `i32 ${d.size}`);
      scNodes.push(`!{${ops.join(', ')}}`);
      if (c.emulation && c.emulation.paddingBefore) dvNodes.push(`!{[${c.emulation.paddingBefore} x i8] zeroinitializer}`);
      dvNodes.push(`!{${formatTypedConst(c.default)}}`);
    }
  }
  edits.newNamedMetadata.push({ name: 'sycl.specialization-constants', nodes: scNodes }, { name: 'sycl.specialization-constants-default-values', nodes: dvNodes });
  return { ...(lowering ? { lowering } : {}), uses, modified: uses.length > 0 };
}

export type { LType };
