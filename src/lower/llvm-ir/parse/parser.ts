/**
 * Reader of LLVM IR text into {@link LModule} (src/lower/llvm-ir/parse/model.ts): the syntax clang and
 * sycl-post-link write, LLVM 14–19 (llvm/lib/AsmParser/LLParser.cpp is the reference grammar) —
 * typed (`i8 addrspace(4)*`) and opaque (`ptr`) pointers, named/literal/packed structs, arrays,
 * vectors, globals with initializers (`zeroinitializer`, `undef`, `poison`, nested aggregates,
 * `c"…"`, hex floats and halves), constant expressions (`bitcast`, `addrspacecast`,
 * `getelementptr`, others kept as opaque expressions), attributes and attribute groups, functions
 * and their instructions, named and numbered metadata.
 *
 * Instructions are kept as token ranges (one per line at bracket depth 0, the way LLVM prints them);
 * `call` instructions are parsed fully (callee, argument types, attributes and constant operands)
 * because the spec-constant lowering reads them. Every error is an {@link IrSyntaxError} with line and
 * column. Types, constants and metadata nest at most {@link MAX_IR_NESTING} levels; the recursion
 * depth of this reader is bounded by that limit, whatever the input.
 */
import { IrSyntaxError, MAX_IR_NESTING } from './errors.js';
import { tokenize, type Token, type TokenList } from './lexer.js';
import { fpLiteralBits } from './fp-literal.js';
import type { LAttribute, LBlock, LCall, LFunction, LGlobal, LInstruction, LModule, LParam, LStruct, LTopItem, LType, LTyped, LValue } from './model.js';

const LINKAGES = new Set([
  'private', 'internal', 'available_externally', 'linkonce', 'weak', 'common', 'appending', 'extern_weak',
  'linkonce_odr', 'weak_odr', 'external',
]);
const GLOBAL_PREFIX_WORDS = new Set([
  ...LINKAGES, 'dso_local', 'dso_preemptable', 'default', 'hidden', 'protected', 'dllimport', 'dllexport',
  'unnamed_addr', 'local_unnamed_addr', 'externally_initialized',
]);
const CALLING_CONVS = /^(ccc|fastcc|coldcc|cc[0-9]+|spir_func|spir_kernel|intel_ocl_bicc|x86_stdcallcc|x86_fastcallcc|x86_thiscallcc|x86_vectorcallcc|arm_apcscc|arm_aapcscc|arm_aapcs_vfpcc|aarch64_vector_pcs|msp430_intrcc|ptx_kernel|ptx_device|x86_64_sysvcc|win64cc|webkit_jscc|anyregcc|preserve_mostcc|preserve_allcc|swiftcc|swifttailcc|tailcc|amdgpu_kernel|amdgpu_vs|amdgpu_gs|amdgpu_ps|amdgpu_cs|amdgpu_hs|amdgpu_ls|amdgpu_es|amdgpu_gfx|cfguard_checkcc|ghccc|hhvmcc|hhvm_ccc|x86_intrcc|avr_intrcc|avr_signalcc|x86_regcallcc)$/;
/** Attributes taking a parenthesised argument (`align(4)` is written `align 4` on params). */
const TYPE_ATTRS = new Set(['sret', 'byval', 'byref', 'preallocated', 'inalloca', 'elementtype']);
const INT_ARG_ATTRS = new Set(['align', 'dereferenceable', 'dereferenceable_or_null', 'alignstack', 'allocsize', 'vscale_range', 'uwtable', 'memory', 'nofpclass', 'range', 'initializes', 'captures', 'allockind', 'allocalign', 'inlinehint']);
const FLOAT_KINDS = new Set(['half', 'bfloat', 'float', 'double', 'x86_fp80', 'fp128', 'ppc_fp128']);
const CAST_OPS = new Set(['bitcast', 'addrspacecast', 'inttoptr', 'ptrtoint', 'trunc', 'zext', 'sext', 'fptrunc', 'fpext', 'fptoui', 'fptosi', 'uitofp', 'sitofp']);

const VOID: LType = { kind: 'void' };
/** Shared objects for the common scalar types (types are immutable; only named structs have identity). */
const SCALARS = new Map<string, LType>([
  ...[1, 8, 16, 32, 64, 128].map((b) => [`i${b}`, { kind: 'int', bits: b }] as [string, LType]),
  ...[...FLOAT_KINDS].map((f) => [f, { kind: 'float', float: f }] as [string, LType]),
]);
const OPAQUE_PTRS = new Map<number, LType>();
/** Keywords that start a top-level entity (never attributes). */
const TOP_LEVEL_WORDS = new Set(['define', 'declare', 'attributes', 'source_filename', 'target', 'module', 'uselistorder', 'uselistorder_bb']);

/** Parses LLVM IR text. Throws {@link IrSyntaxError} with line and column for anything malformed. */
export function parseLlvmIr(text: string): LModule {
  return new IrParser(text).module();
}

class IrParser {
  private readonly toks: TokenList;
  private p = 0;
  private depth = 0;
  /** Newlines at or past this token index are not skipped (the end of the instruction being read). */
  private limit = Number.POSITIVE_INFINITY;
  private readonly structs = new Map<string, LStruct>();
  private readonly structDefined = new Set<string>();
  private readonly globals: LGlobal[] = [];
  private readonly functions: LFunction[] = [];
  private readonly attributeGroups = new Map<number, LAttribute[]>();
  private readonly namedMetadata = new Map<string, string[]>();
  private readonly metadata = new Map<string, { text: string; refs: string[]; tokFrom: number; tokTo: number }>();
  private readonly items: LTopItem[] = [];
  private readonly globalNames = new Set<string>();
  private opaquePointers = false;
  private dataLayout: string | undefined;
  private triple: string | undefined;
  private sourceFilename: string | undefined;

  constructor(private readonly text: string) {
    this.toks = tokenize(text);
  }

  // ---------------------------------------------------------------------------------------------
  // Token helpers

  private get tok(): Token {
    return this.toks.get(this.p)!;
  }
  private fail(msg: string, t: Token = this.tok, code: 'SYNTAX' | 'LIMIT' | 'FORMAT' = 'SYNTAX'): never {
    throw new IrSyntaxError(msg, t.line, t.column, code);
  }
  private describe(t: Token): string {
    if (t.kind === 'eof') return 'end of input';
    if (t.kind === 'nl') return 'end of line';
    return `'${this.text.slice(t.start, Math.min(t.end, t.start + 40))}'`;
  }
  /** Skips line breaks. */
  private skipNl(): void {
    while (this.p < this.limit && this.toks.kindAt(this.p) === 'nl') this.p++;
  }
  /** The next non-newline token (inside an entity, newlines are insignificant). */
  private peek(): Token {
    this.skipNl();
    return this.tok;
  }
  private next(): Token {
    this.skipNl();
    return this.toks.get(this.p++)!;
  }
  private isPunct(v: string): boolean {
    this.skipNl();
    return this.toks.kindAt(this.p) === 'punct' && this.toks.textIs(this.p, v);
  }
  private isWord(v: string): boolean {
    this.skipNl();
    return this.toks.kindAt(this.p) === 'word' && this.toks.textIs(this.p, v);
  }
  private eatPunct(v: string): boolean {
    if (this.isPunct(v)) {
      this.p++;
      return true;
    }
    return false;
  }
  private eatWord(v: string): boolean {
    if (this.isWord(v)) {
      this.p++;
      return true;
    }
    return false;
  }
  private expectPunct(v: string, what = `'${v}'`): Token {
    const t = this.peek();
    if (t.kind !== 'punct' || t.value !== v) this.fail(`expected ${what} but found ${this.describe(t)}`, t);
    this.p++;
    return t;
  }
  private expectWord(v: string): Token {
    const t = this.peek();
    if (t.kind !== 'word' || t.value !== v) this.fail(`expected '${v}' but found ${this.describe(t)}`, t);
    this.p++;
    return t;
  }
  private expectInt(what: string, max = 0xffffffff): number {
    const t = this.peek();
    if (t.kind !== 'int' || t.value.startsWith('-')) this.fail(`expected ${what} but found ${this.describe(t)}`, t);
    const n = Number(t.value);
    if (!Number.isSafeInteger(n) || n > max) this.fail(`${what} ${t.value} is too large (at most ${max})`, t, 'LIMIT');
    this.p++;
    return n;
  }
  private expectString(what: string): string {
    const t = this.peek();
    if (t.kind !== 'str') this.fail(`expected ${what} (a quoted string) but found ${this.describe(t)}`, t);
    this.p++;
    return t.value;
  }
  private enter(t: Token): void {
    if (++this.depth > MAX_IR_NESTING) this.fail(`nesting deeper than ${MAX_IR_NESTING} levels`, t, 'LIMIT');
  }
  private leave(): void {
    this.depth--;
  }
  /** Skips a balanced group starting at an opening bracket; returns refs seen. */
  private skipBalanced(refs?: string[]): void {
    const open = this.next();
    const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
    const stack: string[] = [pairs[open.value]!];
    if (!stack[0]) this.fail(`expected a bracket but found ${this.describe(open)}`, open);
    while (stack.length) {
      const t = this.toks.get(this.p++)!;
      if (t.kind === 'eof') this.fail(`unbalanced '${open.value}' (opened at ${open.line}:${open.column})`, t);
      if (t.kind === 'gvar' && refs) refs.push('@' + t.value);
      if (t.kind === 'meta' && refs) refs.push('!' + t.value);
      if (t.kind !== 'punct') continue;
      if (pairs[t.value]) {
        if (stack.length >= MAX_IR_NESTING) this.fail(`nesting deeper than ${MAX_IR_NESTING} levels`, t, 'LIMIT');
        stack.push(pairs[t.value]!);
      } else if (t.value === stack[stack.length - 1]) stack.pop();
      else if (')]}>'.includes(t.value)) this.fail(`unexpected '${t.value}' (expected '${stack[stack.length - 1]}')`, t);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Module

  module(): LModule {
    for (;;) {
      this.skipNl();
      const t = this.tok;
      if (t.kind === 'eof') break;
      const from = this.p;
      if (t.kind === 'word') {
        switch (t.value) {
          case 'source_filename':
            this.p++;
            this.expectPunct('=');
            this.sourceFilename = this.expectString('the source file name');
            this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'source_filename' });
            break;
          case 'target': {
            this.p++;
            const w = this.next();
            if (w.kind !== 'word' || (w.value !== 'datalayout' && w.value !== 'triple')) this.fail(`expected 'datalayout' or 'triple' after 'target' but found ${this.describe(w)}`, w);
            this.expectPunct('=');
            const s = this.expectString(`the target ${w.value}`);
            if (w.value === 'datalayout') this.dataLayout = s;
            else this.triple = s;
            this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'target' });
            break;
          }
          case 'declare':
          case 'define':
            this.functionEntity();
            break;
          case 'attributes':
            this.attributeGroup();
            break;
          case 'module':
            this.p++;
            this.expectWord('asm');
            this.expectString('inline assembly');
            this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'other' });
            break;
          case 'uselistorder':
          case 'uselistorder_bb':
            this.fail(`'${t.value}' directives are not supported`, t, 'FORMAT');
            break;
          default:
            this.fail(`expected a top-level entity (global, function, type, attributes, metadata) but found ${this.describe(t)}`, t);
        }
      } else if (t.kind === 'lvar') {
        this.typeDefinition();
      } else if (t.kind === 'gvar') {
        this.globalEntity();
      } else if (t.kind === 'comdat') {
        this.p++;
        this.expectPunct('=');
        this.expectWord('comdat');
        const k = this.next();
        if (k.kind !== 'word') this.fail(`expected a comdat selection kind but found ${this.describe(k)}`, k);
        this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'comdat', name: t.value });
      } else if (t.kind === 'meta') {
        this.metadataEntity();
      } else {
        this.fail(`expected a top-level entity but found ${this.describe(t)}`, t);
      }
      this.endOfEntity();
    }
    for (const [name, s] of this.structs) {
      if (!this.structDefined.has(name)) s.opaque = true;
    }
    return {
      text: this.text,
      tokens: this.toks,
      ...(this.dataLayout !== undefined ? { dataLayout: this.dataLayout } : {}),
      ...(this.triple !== undefined ? { triple: this.triple } : {}),
      ...(this.sourceFilename !== undefined ? { sourceFilename: this.sourceFilename } : {}),
      structs: this.structs,
      globals: this.globals,
      globalsByName: new Map(this.globals.map((g) => [g.name, g])),
      functions: this.functions,
      attributeGroups: this.attributeGroups,
      namedMetadata: this.namedMetadata,
      metadata: this.metadata,
      items: this.items,
      opaquePointers: this.opaquePointers,
    };
  }

  /** After a top-level entity: the next entity (LLParser does not need line breaks between them). */
  private endOfEntity(): void {
    const t = this.peek();
    const ok = t.kind === 'eof' || t.kind === 'gvar' || t.kind === 'lvar' || t.kind === 'comdat' || t.kind === 'meta' || (t.kind === 'word' && TOP_LEVEL_WORDS.has(t.value));
    if (!ok) this.fail(`unexpected ${this.describe(t)} after the end of the entity`, t);
  }

  private typeDefinition(): void {
    const from = this.p;
    const nameTok = this.next();
    this.expectPunct('=');
    this.expectWord('type');
    const name = nameTok.value;
    if (this.structDefined.has(name)) this.fail(`redefinition of type %${name}`, nameTok);
    const s = this.namedStruct(name);
    this.structDefined.add(name);
    if (this.eatWord('opaque')) {
      s.opaque = true;
    } else {
      const t = this.peek();
      const packed = t.kind === 'punct' && t.value === '<';
      if (!(t.kind === 'punct' && (t.value === '{' || packed))) this.fail(`expected a struct body or 'opaque' for %${name} but found ${this.describe(t)}`, t);
      if (packed) this.p++;
      this.enter(t);
      s.elements = this.structElements();
      this.leave();
      if (packed) this.expectPunct('>');
      s.packed = packed;
      s.opaque = false;
    }
    this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'type', name });
  }

  private namedStruct(name: string): LStruct {
    let s = this.structs.get(name);
    if (!s) {
      s = { kind: 'struct', name, packed: false, opaque: false, elements: [] };
      this.structs.set(name, s);
    }
    return s;
  }

  // ---------------------------------------------------------------------------------------------
  // Types

  /** Parses a type (with pointer suffixes `*` / `addrspace(N)*`). */
  type(): LType {
    const t = this.peek();
    this.enter(t);
    let extra = 0;
    let ty = this.baseType();
    for (;;) {
      if (this.eatPunct('*')) {
        if (ty.kind === 'void' || ty.kind === 'label' || ty.kind === 'metadata') this.fail(`pointers to ${ty.kind} are invalid`, t);
        ty = { kind: 'ptr', addrspace: 0, pointee: ty };
      } else if (this.isWord('addrspace') && this.toks.get(this.p + 1)?.value === '(' && this.ptrSuffixFollows()) {
        this.p++;
        const as = this.addrspaceArg();
        this.expectPunct('*');
        ty = { kind: 'ptr', addrspace: as, pointee: ty };
      } else if (this.isPunct('(')) {
        // function type: ret (params)
        const params: LType[] = [];
        let varargs = false;
        this.p++;
        if (!this.eatPunct(')')) {
          for (;;) {
            if (this.eatPunct('...')) {
              varargs = true;
              this.expectPunct(')');
              break;
            }
            params.push(this.type());
            if (this.eatPunct(')')) break;
            this.expectPunct(',', "',' or ')'");
          }
        }
        ty = { kind: 'function', ret: ty, params, varargs };
        // a function type must be followed by '*' to be first-class, but `call T (…) @f` uses it bare
        if (!this.isPunct('*') && !this.isWord('addrspace')) break;
      } else break;
      extra++;
      if (++this.depth > MAX_IR_NESTING) this.fail(`nesting deeper than ${MAX_IR_NESTING} levels`, t, 'LIMIT');
    }
    this.depth -= extra;
    this.leave();
    return ty;
  }

  /** After `addrspace`: is this `addrspace(N)*` (a pointer suffix) rather than an attribute? */
  private ptrSuffixFollows(): boolean {
    const a = this.toks.get(this.p + 1);
    const b = this.toks.get(this.p + 2);
    const c = this.toks.get(this.p + 3);
    const d = this.toks.get(this.p + 4);
    return a?.value === '(' && b?.kind === 'int' && c?.value === ')' && d?.kind === 'punct' && d.value === '*';
  }

  private addrspaceArg(): number {
    this.expectPunct('(');
    const t = this.peek();
    let n: number;
    if (t.kind === 'str') {
      this.p++;
      n = t.value === 'A' || t.value === 'G' || t.value === 'P' ? 0 : NaN;
      if (Number.isNaN(n)) this.fail(`unknown symbolic address space "${t.value}"`, t);
    } else n = this.expectInt('an address space', 0xffffff);
    this.expectPunct(')');
    return n;
  }

  private baseType(): LType {
    const t = this.next();
    if (t.kind === 'word') {
      const w = t.value;
      const interned = SCALARS.get(w);
      if (interned) return interned;
      if (/^i[0-9]+$/.test(w)) {
        const bits = Number(w.slice(1));
        if (bits < 1 || bits > 8388608) this.fail(`bitwidth for integer type out of range: ${w}`, t);
        return { kind: 'int', bits };
      }
      switch (w) {
        case 'void':
          return VOID;
        case 'label':
          return { kind: 'label' };
        case 'metadata':
          return { kind: 'metadata' };
        case 'token':
          return { kind: 'token' };
        case 'ptr': {
          this.opaquePointers = true;
          let as = 0;
          if (this.isWord('addrspace')) {
            this.p++;
            as = this.addrspaceArg();
          }
          let pt = OPAQUE_PTRS.get(as);
          if (!pt) {
            pt = { kind: 'ptr', addrspace: as };
            OPAQUE_PTRS.set(as, pt);
          }
          return pt;
        }
        case 'target': {
          const from = this.p;
          this.skipBalanced();
          return { kind: 'target', text: this.sliceTokens(from, this.p) };
        }
        case 'x86_mmx':
        case 'x86_amx':
          return { kind: 'target', text: w };
        case 'opaque':
          this.fail("'opaque' is only valid in a type definition", t);
      }
      this.fail(`unknown type '${w}'`, t);
    }
    if (t.kind === 'lvar') {
      if (/^[0-9]+$/.test(t.value)) this.fail(`numbered types (%${t.value}) are not supported`, t, 'FORMAT');
      return this.namedStruct(t.value);
    }
    if (t.kind === 'punct') {
      if (t.value === '{') {
        this.p--;
        const elements = this.structElements();
        return { kind: 'struct', packed: false, opaque: false, elements };
      }
      if (t.value === '[') {
        const length = this.expectInt('an array length', 2 ** 53 - 1);
        this.expectWord('x');
        const element = this.type();
        this.expectPunct(']');
        return { kind: 'array', length, element };
      }
      if (t.value === '<') {
        if (this.isPunct('{')) {
          const elements = this.structElements();
          this.expectPunct('>');
          return { kind: 'struct', packed: true, opaque: false, elements };
        }
        const scalable = this.eatWord('vscale');
        if (scalable) this.expectWord('x');
        const length = this.expectInt('a vector length');
        if (length === 0) this.fail('zero element vector is illegal', t);
        this.expectWord('x');
        const element = this.type();
        this.expectPunct('>');
        return { kind: 'vector', length, element, scalable };
      }
    }
    this.fail(`expected a type but found ${this.describe(t)}`, t);
  }

  /** `{ T, T }` (cursor on `{`). */
  private structElements(): LType[] {
    this.expectPunct('{');
    const out: LType[] = [];
    if (this.eatPunct('}')) return out;
    for (;;) {
      out.push(this.type());
      if (this.eatPunct('}')) return out;
      this.expectPunct(',', "',' or '}'");
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Constants and values

  /** `T v` */
  typedValue(allowLocal: boolean): LTyped {
    const from = this.p;
    this.skipNl();
    const start = this.p;
    const type = this.type();
    this.skipNl();
    const valueFrom = this.p;
    if (type.kind === 'metadata') {
      const refs: string[] = [];
      this.metadataValue(refs);
      return { type, value: { k: 'metadata', refs }, from: start, to: this.p, valueFrom };
    }
    const value = this.value(type, allowLocal);
    void from;
    return { type, value, from: start, to: this.p, valueFrom };
  }

  /** A value of type `ty`. */
  value(ty: LType, allowLocal: boolean): LValue {
    const t = this.peek();
    this.enter(t);
    try {
      return this.valueInner(ty, allowLocal, t);
    } finally {
      this.leave();
    }
  }

  private valueInner(ty: LType, allowLocal: boolean, t: Token): LValue {
    switch (t.kind) {
      case 'lvar':
        if (!allowLocal) this.fail(`local value %${t.value} is not allowed in a constant`, t);
        this.p++;
        return { k: 'local', name: t.value, at: this.p - 1 };
      case 'gvar':
        this.p++;
        return { k: 'global', name: t.value, at: this.p - 1 };
      case 'int': {
        this.p++;
        if (ty.kind !== 'int') this.fail(`integer constant must have integer type, not ${describeType(ty)}`, t);
        return { k: 'int', value: this.intValue(t, ty.bits) };
      }
      case 'fp':
      case 'hexfp':
        this.p++;
        if (ty.kind !== 'float') {
          if (t.kind === 'hexfp' && ty.kind === 'int') this.fail(`hexadecimal integer constants are written u0x/s0x, not ${t.value}`, t);
          this.fail(`floating point constant invalid for type ${describeType(ty)}`, t);
        }
        // LLParser checks the literal against the type (ConstantFP::isValueValidForType).
        if (ty.float === 'half' || ty.float === 'float' || ty.float === 'double') fpLiteralBits(t.value, ty.float, t);
        return { k: 'fp', text: t.value, at: this.p - 1 };
      case 'cstr':
        this.p++;
        if (ty.kind !== 'array' || ty.element.kind !== 'int' || ty.element.bits !== 8) this.fail(`c"…" constants need an [N x i8] type, not ${describeType(ty)}`, t);
        if (t.value.length !== ty.length) this.fail(`constant expression type mismatch: got type '[${t.value.length} x i8]' but expected '[${ty.length} x i8]'`, t);
        return { k: 'cstr', bytes: t.value };
      case 'word':
        return this.wordValue(ty, t);
      case 'punct':
        return this.aggregateValue(ty, t);
      case 'meta':
        this.fail(`metadata ${this.describe(t)} is only valid as a 'metadata' operand`, t);
        break;
      default:
        break;
    }
    this.fail(`expected a value of type ${describeType(ty)} but found ${this.describe(t)}`, t);
  }

  private intValue(t: Token, bits: number): bigint {
    let v: bigint;
    if (t.value.startsWith('u0x') || t.value.startsWith('s0x')) v = BigInt('0x' + t.value.slice(3));
    else v = BigInt(t.value);
    const lim = 1n << BigInt(bits);
    if (v >= lim || v < -lim) this.fail(`integer constant ${t.value} does not fit in i${bits}`, t);
    return BigInt.asUintN(bits, v);
  }

  private wordValue(ty: LType, t: Token): LValue {
    const w = t.value;
    switch (w) {
      case 'true':
      case 'false':
        this.p++;
        if (ty.kind !== 'int' || ty.bits !== 1) this.fail(`'${w}' needs type i1, not ${describeType(ty)}`, t);
        return { k: 'bool', value: w === 'true' };
      case 'null':
        this.p++;
        if (ty.kind !== 'ptr') this.fail(`null must be a pointer type, not ${describeType(ty)}`, t);
        return { k: 'null' };
      case 'undef':
      case 'poison':
      case 'zeroinitializer':
      case 'none':
        this.p++;
        return { k: w === 'zeroinitializer' ? 'zero' : w };
      case 'getelementptr': {
        this.p++;
        while (this.peek().kind === 'word' && ['inbounds', 'nuw', 'nusw', 'inrange'].includes(this.tok.value)) {
          if (this.tok.value === 'inrange' && this.toks.get(this.p + 1)?.value === '(') {
            this.p++;
            this.skipBalanced();
          } else this.p++;
        }
        this.expectPunct('(');
        const source = this.type();
        this.expectPunct(',');
        const base = this.typedValue(false);
        const indices: LTyped[] = [];
        while (this.eatPunct(',')) {
          this.eatWord('inrange');
          indices.push(this.typedValue(false));
        }
        this.expectPunct(')');
        return { k: 'gep', source, base, indices };
      }
      default:
        if (CAST_OPS.has(w)) {
          this.p++;
          this.expectPunct('(');
          const operand = this.typedValue(false);
          this.expectWord('to');
          const to = this.type();
          this.expectPunct(')');
          return { k: 'cast', op: w, operand, to };
        }
        if (this.toks.get(this.p + 1)?.kind === 'punct' && this.toks.get(this.p + 1)!.value === '(' || ['blockaddress', 'dso_local_equivalent', 'no_cfi', 'asm', 'extractvalue', 'icmp', 'fcmp', 'select'].includes(w)) {
          // Other constant expressions (add, sub, icmp, blockaddress, …): kept opaque with their refs.
          this.p++;
          while (this.peek().kind === 'word' && this.tok.value !== 'asm') this.p++;
          const refs: string[] = [];
          if (this.peek().kind === 'gvar') {
            refs.push('@' + this.tok.value);
            this.p++;
          } else if (this.isPunct('(')) this.skipBalanced(refs);
          else if (this.peek().kind === 'str') {
            this.p++;
            if (this.eatPunct(',')) this.expectString('asm constraints');
          }
          return { k: 'expr', op: w, refs };
        }
    }
    this.fail(`expected a value of type ${describeType(ty)} but found ${this.describe(t)}`, t);
  }

  private aggregateValue(ty: LType, t: Token): LValue {
    if (t.value === '{' || (t.value === '<' && this.toks.get(this.p + 1)?.value === '{')) {
      const packed = t.value === '<';
      if (packed) this.p++;
      if (ty.kind !== 'struct') this.fail(`struct constant used for ${describeType(ty)}`, t);
      if (ty.packed !== packed) this.fail(`${packed ? 'packed' : 'unpacked'} struct constant used for ${packed ? 'an unpacked' : 'a packed'} struct type ${describeType(ty)}`, t);
      this.expectPunct('{');
      const elements: LTyped[] = [];
      if (!this.eatPunct('}')) {
        for (;;) {
          const at = this.peek();
          const el = this.typedValue(false);
          const want = ty.elements[elements.length];
          if (!want) this.fail(`too many elements in a constant of type ${describeType(ty)}`, at);
          if (!sameType(el.type, want)) this.fail(`element ${elements.length} of the struct constant has type ${describeType(el.type)} but ${describeType(ty)} needs ${describeType(want)}`, at);
          elements.push(el);
          if (this.eatPunct('}')) break;
          this.expectPunct(',', "',' or '}'");
        }
      }
      if (packed) this.expectPunct('>');
      if (elements.length !== ty.elements.length) this.fail(`struct constant has ${elements.length} element(s) but ${describeType(ty)} has ${ty.elements.length}`, t);
      return { k: 'struct', elements };
    }
    if (t.value === '[' || t.value === '<') {
      const isVec = t.value === '<';
      if (isVec ? ty.kind !== 'vector' : ty.kind !== 'array') this.fail(`${isVec ? 'vector' : 'array'} constant used for ${describeType(ty)}`, t);
      const agg = ty as { length: number; element: LType };
      this.p++;
      const close = isVec ? '>' : ']';
      const elements: LTyped[] = [];
      if (!this.eatPunct(close)) {
        for (;;) {
          const at = this.peek();
          const el = this.typedValue(false);
          if (!sameType(el.type, agg.element)) this.fail(`element type ${describeType(el.type)} does not match ${describeType(agg.element)}`, at);
          elements.push(el);
          if (elements.length > agg.length) this.fail(`too many elements for ${describeType(ty)}`, at);
          if (this.eatPunct(close)) break;
          this.expectPunct(',', `',' or '${close}'`);
        }
      }
      if (elements.length !== agg.length) this.fail(`constant has ${elements.length} element(s) but ${describeType(ty)} has ${agg.length}`, t);
      return { k: isVec ? 'vector' : 'array', elements };
    }
    this.fail(`expected a value of type ${describeType(ty)} but found ${this.describe(t)}`, t);
  }

  /** A metadata operand (`!0`, `!{…}`, `!"str"`, `!DILocation(…)`, `T v`); collects `!N` refs. */
  private metadataValue(refs: string[]): void {
    const t = this.peek();
    this.enter(t);
    try {
      if (t.kind === 'meta') {
        this.p++;
        refs.push('!' + t.value);
        if (this.isPunct('(')) this.skipBalanced(refs);
        return;
      }
      if (t.kind === 'punct' && t.value === '!') {
        this.p++;
        const n = this.peek();
        if (n.kind === 'str') {
          this.p++;
          return;
        }
        if (n.kind === 'punct' && n.value === '{') {
          this.p++;
          if (this.eatPunct('}')) return;
          for (;;) {
            if (this.eatWord('null')) {
              /* null operand */
            } else this.metadataValue(refs);
            if (this.eatPunct('}')) return;
            this.expectPunct(',', "',' or '}'");
          }
        }
        this.fail(`expected metadata after '!' but found ${this.describe(n)}`, n);
      }
      if (t.kind === 'word' && t.value === 'distinct') {
        this.p++;
        this.metadataValue(refs);
        return;
      }
      // `T v` as metadata (ValueAsMetadata)
      const v = this.typedValue(true);
      collectRefs(v, refs);
    } finally {
      this.leave();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Attributes

  /** Parses attributes until a token that cannot start one. */
  private attributes(stopAtAlignInt = false): LAttribute[] {
    const out: LAttribute[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === 'str') {
        this.p++;
        if (this.eatPunct('=')) out.push({ key: t.value, value: this.expectString(`the value of "${t.value}"`) });
        else out.push({ key: t.value });
        continue;
      }
      if (t.kind !== 'word') return out;
      const w = t.value;
      if (w === 'align' && stopAtAlignInt) return out;
      if (TYPE_ATTRS.has(w)) {
        this.p++;
        if (this.eatPunct('(')) {
          const type = this.type();
          this.expectPunct(')');
          out.push({ key: w, type });
        } else out.push({ key: w });
        continue;
      }
      if (w === 'align' || w === 'alignstack') {
        this.p++;
        if (this.eatPunct('(')) {
          const n = this.expectInt('an alignment');
          this.expectPunct(')');
          out.push({ key: w, value: String(n) });
        } else if (this.peek().kind === 'int') out.push({ key: w, value: String(this.expectInt('an alignment')) });
        else out.push({ key: w });
        continue;
      }
      if (INT_ARG_ATTRS.has(w) || w === 'nofpclass' || w === 'noundef' || /^[a-z_][a-z0-9_]*$/.test(w)) {
        if (!isAttributeWord(w)) return out;
        this.p++;
        if (this.isPunct('(')) {
          const from = this.p;
          this.skipBalanced();
          out.push({ key: w, value: this.sliceTokens(from + 1, this.p - 1) });
        } else out.push({ key: w });
        continue;
      }
      return out;
    }
  }

  private attributeGroup(): void {
    const from = this.p;
    this.expectWord('attributes');
    const g = this.next();
    if (g.kind !== 'attrgrp') this.fail(`expected '#N' after 'attributes' but found ${this.describe(g)}`, g);
    this.expectPunct('=');
    this.expectPunct('{');
    const attrs: LAttribute[] = [];
    for (;;) {
      attrs.push(...this.attributes());
      if (this.eatPunct('}')) break;
      const t = this.peek();
      if (t.kind === 'word') {
        // Unknown keyword attribute (kept).
        this.p++;
        if (this.isPunct('(')) this.skipBalanced();
        attrs.push({ key: t.value });
        continue;
      }
      this.fail(`expected an attribute or '}' but found ${this.describe(t)}`, t);
    }
    const n = Number(g.value);
    if (this.attributeGroups.has(n)) this.fail(`redefinition of attribute group #${n}`, g);
    this.attributeGroups.set(n, attrs);
    this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'attributes', name: g.value });
  }

  /** `#N` references and inline attributes, in any mix (function/global trailers). */
  private groupRefs(groups: number[], attrs: LAttribute[]): void {
    for (;;) {
      const t = this.peek();
      if (t.kind === 'attrgrp') {
        this.p++;
        groups.push(Number(t.value));
        continue;
      }
      const a = this.attributes(true);
      if (a.length === 0) return;
      attrs.push(...a);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Globals

  private globalEntity(): void {
    const from = this.p;
    const nameTok = this.next();
    if (this.globalNames.has(nameTok.value)) this.fail(`redefinition of global '@${nameTok.value}'`, nameTok);
    this.globalNames.add(nameTok.value);
    this.expectPunct('=');
    let linkage: string | undefined;
    let addrspace = 0;
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'word') break;
      if (GLOBAL_PREFIX_WORDS.has(t.value)) {
        if (LINKAGES.has(t.value)) linkage = t.value;
        this.p++;
        continue;
      }
      if (t.value === 'thread_local') {
        this.p++;
        if (this.isPunct('(')) this.skipBalanced();
        continue;
      }
      if (t.value === 'addrspace') {
        this.p++;
        addrspace = this.addrspaceArg();
        continue;
      }
      break;
    }
    const kw = this.next();
    if (kw.kind === 'word' && (kw.value === 'alias' || kw.value === 'ifunc')) this.fail(`global ${kw.value}es are not supported`, kw, 'FORMAT');
    if (kw.kind !== 'word' || (kw.value !== 'global' && kw.value !== 'constant')) this.fail(`expected 'global' or 'constant' but found ${this.describe(kw)}`, kw);
    const valueType = this.type();
    let initializer: LTyped | undefined;
    // `external` / `extern_weak` globals are declarations without an initializer (LLParser::parseGlobal).
    if (linkage !== 'external' && linkage !== 'extern_weak') {
      this.skipNl();
      const s = this.p;
      const value = this.value(valueType, false);
      initializer = { type: valueType, value, from: s, to: this.p, valueFrom: s };
    }
    const metadata: { kind: string; node: string }[] = [];
    const attrGroups: number[] = [];
    const attrs: LAttribute[] = [];
    while (this.eatPunct(',')) {
      const k = this.next();
      if (k.kind === 'word' && k.value === 'section') this.expectString('a section name');
      else if (k.kind === 'word' && k.value === 'partition') this.expectString('a partition name');
      else if (k.kind === 'word' && k.value === 'comdat') {
        if (this.isPunct('(')) this.skipBalanced();
      } else if (k.kind === 'word' && k.value === 'align') this.expectInt('an alignment');
      else if (k.kind === 'word' && (k.value === 'code_model' || k.value === 'no_sanitize_address' || k.value === 'sanitize_memtag')) {
        if (this.peek().kind === 'str') this.p++;
      } else if (k.kind === 'meta') {
        const refs: string[] = [];
        this.metadataValue(refs);
        metadata.push({ kind: k.value, node: refs[0] ?? '' });
      } else this.fail(`unexpected ${this.describe(k)} in the global's attribute list`, k);
    }
    this.groupRefs(attrGroups, attrs);
    const g: LGlobal = { name: nameTok.value, isConstant: kw.value === 'constant', addrspace, valueType, ...(initializer ? { initializer } : {}), ...(linkage ? { linkage } : {}), attrGroups, attrs, metadata, tokFrom: from, tokTo: this.p, line: nameTok.line };
    this.globals.push(g);
    this.items.push({ kind: 'global', global: g });
  }

  // ---------------------------------------------------------------------------------------------
  // Functions

  private functionEntity(): void {
    const from = this.p;
    const kw = this.next();
    const isDeclaration = kw.value === 'declare';
    let linkage: string | undefined;
    let cc: string | undefined;
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'word') break;
      if (GLOBAL_PREFIX_WORDS.has(t.value)) {
        if (LINKAGES.has(t.value)) linkage = t.value;
        this.p++;
        continue;
      }
      if (CALLING_CONVS.test(t.value)) {
        cc = t.value;
        this.p++;
        if (t.value === 'cc' && this.peek().kind === 'int') this.p++;
        continue;
      }
      break;
    }
    this.attributes(); // return attributes
    const retType = this.type();
    const nameTok = this.next();
    if (nameTok.kind !== 'gvar') this.fail(`expected a function name but found ${this.describe(nameTok)}`, nameTok);
    if (this.globalNames.has(nameTok.value)) this.fail(`redefinition of global '@${nameTok.value}'`, nameTok);
    this.globalNames.add(nameTok.value);
    this.expectPunct('(');
    const params: LParam[] = [];
    let varargs = false;
    if (!this.eatPunct(')')) {
      for (;;) {
        if (this.eatPunct('...')) {
          varargs = true;
          this.expectPunct(')');
          break;
        }
        const type = this.type();
        const attrs = this.attributes();
        const n = this.peek();
        let name: string | undefined;
        if (n.kind === 'lvar') {
          name = n.value;
          this.p++;
        }
        params.push(name !== undefined ? { type, attrs, name } : { type, attrs });
        if (this.eatPunct(')')) break;
        this.expectPunct(',', "',' or ')'");
      }
    }
    const attrGroups: number[] = [];
    const attrs: LAttribute[] = [];
    const fnMetadata: { kind: string; node: string }[] = [];
    // Trailer: unnamed_addr, addrspace(N), #N, attributes, section, comdat, align, gc, prefix, prologue, personality, !md
    for (;;) {
      const t = this.peek();
      if (t.kind === 'attrgrp') {
        this.p++;
        attrGroups.push(Number(t.value));
        continue;
      }
      if (t.kind === 'word') {
        if (t.value === 'unnamed_addr' || t.value === 'local_unnamed_addr') {
          this.p++;
          continue;
        }
        if (t.value === 'addrspace') {
          this.p++;
          this.addrspaceArg();
          continue;
        }
        if (t.value === 'section' || t.value === 'gc' || t.value === 'partition') {
          this.p++;
          this.expectString(t.value);
          continue;
        }
        if (t.value === 'comdat') {
          this.p++;
          if (this.isPunct('(')) this.skipBalanced();
          continue;
        }
        if (t.value === 'align') {
          this.p++;
          this.expectInt('an alignment');
          continue;
        }
        if (t.value === 'prefix' || t.value === 'prologue' || t.value === 'personality') {
          this.p++;
          this.typedValue(false);
          continue;
        }
        const a = this.attributes(true);
        if (a.length) {
          attrs.push(...a);
          continue;
        }
        break;
      }
      if (t.kind === 'str') {
        attrs.push(...this.attributes(true));
        continue;
      }
      if (t.kind === 'meta') {
        this.p++;
        const refs: string[] = [];
        this.metadataValue(refs);
        fnMetadata.push({ kind: t.value, node: (refs[0] ?? '').replace(/^!/, '') });
        continue;
      }
      break;
    }
    const headerTo = this.p;
    const blocks: LBlock[] = [];
    let bodyEnd = this.p;
    if (!isDeclaration) {
      this.expectPunct('{');
      bodyEnd = this.body(blocks);
    }
    const fn: LFunction = {
      name: nameTok.value,
      isDeclaration,
      retType,
      params,
      varargs,
      ...(cc ? { cc } : {}),
      ...(linkage ? { linkage } : {}),
      attrGroups,
      attrs,
      metadata: fnMetadata,
      blocks,
      headerFrom: from,
      headerTo,
      bodyEnd,
      line: kw.line,
    };
    this.functions.push(fn);
    this.items.push({ kind: 'function', fn });
  }

  /** Function body after `{`; returns the index of the closing `}` token. */
  private body(blocks: LBlock[]): number {
    let cur: LBlock | undefined;
    for (;;) {
      this.skipNl();
      const t = this.tok;
      if (t.kind === 'eof') this.fail("expected '}' at the end of the function body", t);
      if (t.kind === 'punct' && t.value === '}') {
        this.p++;
        if (!cur) this.fail('function body requires at least one basic block', t);
        return this.p - 1;
      }
      if (t.kind === 'label') {
        this.p++;
        cur = { label: t.value, labelTok: t, instructions: [] };
        blocks.push(cur);
        continue;
      }
      if (!cur) {
        cur = { instructions: [] };
        blocks.push(cur);
      }
      cur.instructions.push(this.instruction());
    }
  }

  private instruction(): LInstruction {
    const from = this.p;
    const first = this.tok;
    let result: string | undefined;
    if (first.kind === 'lvar' && this.toks.get(this.p + 1)?.kind === 'punct' && this.toks.get(this.p + 1)!.value === '=') {
      result = first.value;
      this.p += 2;
    }
    const opTok = this.toks.get(this.p)!;
    if (opTok.kind !== 'word') this.fail(`expected an instruction but found ${this.describe(opTok)}`, opTok);
    let opcode = opTok.value;
    const save = this.p;
    if (opcode === 'tail' || opcode === 'musttail' || opcode === 'notail') {
      const n = this.toks.get(this.p + 1);
      if (n?.kind === 'word' && n.value === 'call') opcode = 'call';
    }
    // Find the end: newline at bracket depth 0.
    let depth = 0;
    let end = this.p;
    const usesLocal: string[] = [];
    const usesGlobal: string[] = [];
    for (;;) {
      const t = this.toks.get(end)!;
      if (t.kind === 'eof') break;
      if (t.kind === 'nl' && depth === 0) break;
      if (t.kind === 'punct') {
        if ('([{<'.includes(t.value)) {
          depth++;
          if (depth > MAX_IR_NESTING) this.fail(`nesting deeper than ${MAX_IR_NESTING} levels`, t, 'LIMIT');
        } else if (')]}>'.includes(t.value)) {
          depth--;
          if (depth < 0) {
            if (t.value === '}' && end > this.p) break; // `}` closing the function on the same line
            this.fail(`unexpected '${t.value}'`, t);
          }
        }
      }
      if (t.kind === 'lvar') usesLocal.push(t.value);
      if (t.kind === 'gvar') usesGlobal.push(t.value);
      end++;
    }
    if (depth > 0) this.fail('unbalanced brackets in the instruction', opTok);
    let call: LCall | undefined;
    if (opcode === 'call') {
      this.p = save;
      this.limit = end;
      try {
        call = this.callInstruction(end);
      } finally {
        this.limit = Number.POSITIVE_INFINITY;
      }
      if (this.p !== end) {
        const t = this.toks.get(this.p)!;
        this.fail(`unexpected ${this.describe(t)} in the call instruction`, t);
      }
    }
    this.p = end;
    return {
      ...(result !== undefined ? { result } : {}),
      opcode,
      tokFrom: from,
      tokTo: end,
      line: first.line,
      column: first.column,
      ...(call ? { call } : {}),
      usesLocal,
      usesGlobal,
    };
  }

  /** `[tail] call [fmf] [cc] [ret attrs] [addrspace(N)] T [(params)] callee(args) [fn attrs] [bundles] [, !md]*` */
  private callInstruction(end: number): LCall {
    const lineEnd = this.toks.get(end)!;
    const at = (): Token => this.toks.get(this.p)!;
    if (at().value === 'tail' || at().value === 'musttail' || at().value === 'notail') this.p++;
    this.p++; // call
    let cc: string | undefined;
    const FMF = new Set(['fast', 'nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn', 'reassoc']);
    while (at().kind === 'word' && FMF.has(at().value)) this.p++;
    if (at().kind === 'word' && CALLING_CONVS.test(at().value)) {
      cc = at().value;
      this.p++;
    }
    this.attributes(true);
    while (at().kind === 'word' && at().value === 'align') {
      this.p++;
      this.expectInt('an alignment');
      this.attributes(true);
    }
    if (at().kind === 'word' && at().value === 'addrspace' && this.toks.get(this.p + 1)?.value === '(' && !this.ptrSuffixFollows()) {
      this.p++;
      this.addrspaceArg();
    }
    let retType = this.type();
    if (retType.kind === 'function') retType = retType.ret;
    const calleeFrom = this.p;
    const calleeTok = at();
    let calleeValue: LValue;
    if (calleeTok.kind === 'lvar' || calleeTok.kind === 'gvar') {
      this.p++;
      calleeValue = calleeTok.kind === 'lvar' ? { k: 'local', name: calleeTok.value, at: this.p - 1 } : { k: 'global', name: calleeTok.value, at: this.p - 1 };
    } else if (calleeTok.kind === 'word' && calleeTok.value === 'asm') {
      this.p++;
      while (at().kind === 'word') this.p++;
      this.expectString('inline assembly');
      this.expectPunct(',');
      this.expectString('asm constraints');
      calleeValue = { k: 'expr', op: 'asm', refs: [] };
    } else {
      calleeValue = this.value({ kind: 'ptr', addrspace: 0 }, true);
    }
    const callee: LTyped = { type: { kind: 'ptr', addrspace: 0 }, value: calleeValue, from: calleeFrom, to: this.p, valueFrom: calleeFrom };
    this.expectPunct('(');
    const args: { value: LTyped; attrs: LAttribute[] }[] = [];
    if (!this.eatPunct(')')) {
      for (;;) {
        if (this.eatPunct('...')) {
          this.expectPunct(')');
          break;
        }
        const s = this.p;
        const type = this.type();
        const attrs = this.attributes();
        this.skipNl();
        const valueFrom = this.p;
        let value: LValue;
        if (type.kind === 'metadata') {
          const refs: string[] = [];
          this.metadataValue(refs);
          value = { k: 'metadata', refs };
        } else value = this.value(type, true);
        args.push({ value: { type, value, from: s, to: this.p, valueFrom }, attrs });
        if (this.eatPunct(')')) break;
        if (!this.isPunct(',')) this.fail(`expected ',' or ')' in the argument list but found ${this.describe(this.peek())}`, this.peek());
        this.p++;
      }
    }
    // Function attributes, #N, operand bundles, metadata attachments.
    for (;;) {
      if (this.p >= end) break;
      const t = at();
      if (t.kind === 'attrgrp') {
        this.p++;
        continue;
      }
      if (t.kind === 'punct' && t.value === '[') {
        this.skipBalanced();
        continue;
      }
      if (t.kind === 'punct' && t.value === ',') {
        this.p++;
        const m = at();
        if (m.kind !== 'meta') this.fail(`expected a metadata attachment after ',' but found ${this.describe(m)}`, m);
        this.p++;
        const refs: string[] = [];
        this.metadataValue(refs);
        continue;
      }
      const a = this.attributes();
      if (a.length === 0) break;
    }
    if (this.p > end) this.fail('call instruction runs past the end of the line', lineEnd);
    return { callee, retType, args, ...(cc ? { cc } : {}) };
  }

  // ---------------------------------------------------------------------------------------------
  // Metadata

  private metadataEntity(): void {
    const from = this.p;
    const nameTok = this.next();
    this.expectPunct('=');
    if (/^[0-9]+$/.test(nameTok.value)) {
      const refs: string[] = [];
      const s = this.p;
      this.metadataValue(refs);
      if (this.metadata.has(nameTok.value)) this.fail(`metadata !${nameTok.value} is defined twice`, nameTok);
      this.metadata.set(nameTok.value, { text: this.sliceTokens(s, this.p), refs, tokFrom: from, tokTo: this.p });
      this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'md', name: nameTok.value });
      return;
    }
    this.expectPunct('!');
    this.expectPunct('{');
    const ops: string[] = [];
    if (!this.eatPunct('}')) {
      for (;;) {
        const t = this.next();
        if (t.kind !== 'meta' || !/^[0-9]+$/.test(t.value)) this.fail(`named metadata operands must be !N references, found ${this.describe(t)}`, t);
        ops.push('!' + t.value);
        if (this.eatPunct('}')) break;
        this.expectPunct(',', "',' or '}'");
      }
    }
    if (this.namedMetadata.has(nameTok.value)) this.fail(`named metadata !${nameTok.value} is defined twice`, nameTok);
    this.namedMetadata.set(nameTok.value, ops);
    this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'named-md', name: nameTok.value });
  }

  /** Source text of tokens [from, to), comments and line breaks collapsed to single spaces. */
  sliceTokens(from: number, to: number): string {
    return joinTokens(this.text, this.toks, from, to);
  }
}

/** Source text of tokens [from, to): original spacing, but comments/line breaks become one space. */
export function joinTokens(text: string, toks: TokenList, from: number, to: number, subst?: (t: Token, i: number) => string | undefined): string {
  let out = '';
  let prevEnd = -1;
  for (let i = from; i < to; i++) {
    const kind = toks.kindAt(i);
    if (kind === 'nl') continue;
    const start = toks.startOf(i);
    if (prevEnd >= 0 && start > prevEnd) {
      if (start === prevEnd + 1 && text.charCodeAt(prevEnd) === 32) out += ' ';
      else {
        const gap = text.slice(prevEnd, start);
        out += /[;\n]/.test(gap) ? ' ' : gap;
      }
    }
    const s = subst && (kind === 'lvar' || kind === 'gvar') ? subst(toks.get(i)!, i) : undefined;
    out += s ?? text.slice(start, toks.endOf(i));
    prevEnd = toks.endOf(i);
  }
  return out;
}

function isAttributeWord(w: string): boolean {
  // Words that start something else in the positions where attributes are read.
  if (TOP_LEVEL_WORDS.has(w)) return false;
  return !/^(i[0-9]+|half|bfloat|float|double|x86_fp80|fp128|ppc_fp128|void|ptr|label|metadata|token|target|x86_mmx|x86_amx|x|to|null|undef|poison|zeroinitializer|true|false|none|getelementptr|bitcast|addrspacecast|inttoptr|ptrtoint|asm|section|comdat|gc|prefix|prologue|personality|partition|unnamed_addr|local_unnamed_addr|addrspace|blockaddress|dso_local_equivalent|no_cfi)$/.test(w) && !CAST_OPS.has(w);
}

function collectRefs(v: LTyped, refs: string[]): void {
  const stack: LTyped[] = [v];
  while (stack.length) {
    const x = stack.pop()!;
    const val = x.value;
    switch (val.k) {
      case 'global':
        refs.push('@' + val.name);
        break;
      case 'struct':
      case 'array':
      case 'vector':
        stack.push(...val.elements);
        break;
      case 'cast':
        stack.push(val.operand);
        break;
      case 'gep':
        stack.push(val.base, ...val.indices);
        break;
      case 'expr':
      case 'metadata':
        refs.push(...val.refs);
        break;
      default:
        break;
    }
  }
}

/** Global names (`@x`, without `@`) referenced by a typed value, iteratively. */
export function globalRefs(v: LTyped): string[] {
  const refs: string[] = [];
  collectRefs(v, refs);
  return refs.filter((r) => r.startsWith('@')).map((r) => r.slice(1));
}

/** Structural type equality (named structs by identity), iterative. */
export function sameType(a: LType, b: LType): boolean {
  const stack: [LType, LType][] = [[a, b]];
  while (stack.length) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (x.kind !== y.kind) return false;
    switch (x.kind) {
      case 'int':
        if (x.bits !== (y as typeof x).bits) return false;
        break;
      case 'float':
        if (x.float !== (y as typeof x).float) return false;
        break;
      case 'ptr': {
        const yy = y as typeof x;
        if (x.addrspace !== yy.addrspace) return false;
        if ((x.pointee === undefined) !== (yy.pointee === undefined)) return false;
        if (x.pointee && yy.pointee) stack.push([x.pointee, yy.pointee]);
        break;
      }
      case 'array':
      case 'vector': {
        const yy = y as typeof x;
        if (x.length !== yy.length) return false;
        stack.push([x.element, yy.element]);
        break;
      }
      case 'struct': {
        const yy = y as LStruct;
        if (x.name !== undefined || yy.name !== undefined) return false; // distinct named structs
        if (x.packed !== yy.packed || x.elements.length !== yy.elements.length) return false;
        x.elements.forEach((e, i) => stack.push([e, yy.elements[i]!]));
        break;
      }
      case 'function': {
        const yy = y as typeof x;
        if (x.varargs !== yy.varargs || x.params.length !== yy.params.length) return false;
        stack.push([x.ret, yy.ret]);
        x.params.forEach((p, i) => stack.push([p, yy.params[i]!]));
        break;
      }
      case 'target':
        if (x.text !== (y as typeof x).text) return false;
        break;
      default:
        break;
    }
  }
  return true;
}

/** LLVM spelling of a type (named structs as `%name`), iterative over pointer chains. */
export function describeType(t: LType): string {
  return printType(t);
}

const PLAIN = /^[-a-zA-Z$._][-a-zA-Z$._0-9]*$/;

/** `%name` / `%"quoted name"` */
export function printLocalName(name: string, sigil = '%'): string {
  if (PLAIN.test(name) || /^[0-9]+$/.test(name)) return sigil + name;
  let out = sigil + '"';
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || c < 0x20 || c >= 0x7f) out += '\\' + c.toString(16).toUpperCase().padStart(2, '0');
    else out += name[i];
  }
  return out + '"';
}

/** Prints a type as LLVM does (depth bounded by the reader's nesting limit). */
export function printType(t: LType): string {
  switch (t.kind) {
    case 'void':
    case 'label':
    case 'metadata':
    case 'token':
      return t.kind;
    case 'int':
      return `i${t.bits}`;
    case 'float':
      return t.float;
    case 'ptr':
      if (t.pointee) return `${printType(t.pointee)}${t.addrspace ? ` addrspace(${t.addrspace})` : ''}*`;
      return t.addrspace ? `ptr addrspace(${t.addrspace})` : 'ptr';
    case 'array':
      return `[${t.length} x ${printType(t.element)}]`;
    case 'vector':
      return `<${t.scalable ? 'vscale x ' : ''}${t.length} x ${printType(t.element)}>`;
    case 'function':
      return `${printType(t.ret)} (${[...t.params.map(printType), ...(t.varargs ? ['...'] : [])].join(', ')})`;
    case 'target':
      return t.text;
    case 'struct':
      if (t.name !== undefined) return printLocalName(t.name);
      return printStructBody(t);
  }
}

/** `{ i32, float }` / `<{ i8 }>` / `{}` */
export function printStructBody(t: LStruct): string {
  const inner = t.elements.length ? `{ ${t.elements.map(printType).join(', ')} }` : '{}';
  return t.packed ? `<${inner}>` : inner;
}
