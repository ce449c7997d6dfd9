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
 *
 * Speed: the reader works on token indices of the column-wise {@link TokenList} (kind codes and
 * character codes, interned values), never on per-token objects, and builds model objects of one
 * shape each, so a module of millions of tokens is read without garbage-collector churn.
 */
import { printLlvmName } from '../escape.js';
import { LLVM_ATTRIBUTE_KEYWORDS } from '../../../../formats/llvm-attributes.js';
import { IrSyntaxError, MAX_IR_NESTING, IR_NESTING_MESSAGE } from './errors.js';
import { tokenize, TK, type TokenList, type TokenPlace } from './lexer.js';
import { fpLiteralBits } from './fp-literal.js';
import type { LAttribute, LBlock, LCall, LFunction, LGlobal, LInstruction, LModule, LParam, LStruct, LTopItem, LType, LTyped, LValue } from './model.js';
import { appendAll } from '../../../codec/arrays.js';
import { clipText } from '../../../codec/messages.js';

const LINKAGES = new Set([
  'private', 'internal', 'available_externally', 'linkonce', 'weak', 'common', 'appending', 'extern_weak',
  'linkonce_odr', 'weak_odr', 'external',
]);
const GLOBAL_PREFIX_WORDS = new Set([
  ...LINKAGES, 'dso_local', 'dso_preemptable', 'default', 'hidden', 'protected', 'dllimport', 'dllexport',
  'unnamed_addr', 'local_unnamed_addr', 'externally_initialized',
]);
/** Calling-convention keywords (LLLexer), plus `cc<N>` ({@link isCallingConv}). */
const CALLING_CONVS = new Set([
  'ccc', 'fastcc', 'coldcc', 'spir_func', 'spir_kernel', 'intel_ocl_bicc', 'x86_stdcallcc', 'x86_fastcallcc', 'x86_thiscallcc',
  'x86_vectorcallcc', 'arm_apcscc', 'arm_aapcscc', 'arm_aapcs_vfpcc', 'aarch64_vector_pcs', 'msp430_intrcc', 'ptx_kernel', 'ptx_device',
  'x86_64_sysvcc', 'win64cc', 'webkit_jscc', 'anyregcc', 'preserve_mostcc', 'preserve_allcc', 'swiftcc', 'swifttailcc', 'tailcc',
  'amdgpu_kernel', 'amdgpu_vs', 'amdgpu_gs', 'amdgpu_ps', 'amdgpu_cs', 'amdgpu_hs', 'amdgpu_ls', 'amdgpu_es', 'amdgpu_gfx',
  'cfguard_checkcc', 'ghccc', 'hhvmcc', 'hhvm_ccc', 'x86_intrcc', 'avr_intrcc', 'avr_signalcc', 'x86_regcallcc',
]);
/**
 * Keywords of a global's or function's header and trailer that take an argument, and what the
 * argument is (LLParser::parseGlobal, parseOptionalFunctionMetadata / parseFunctionHeader):
 * one table so the three places that read them agree.
 */
const KEYWORD_ARGUMENTS: ReadonlyMap<string, 'parens?' | 'addrspace' | 'string' | 'int' | 'typed' | 'string?' | 'none'> = new Map([
  ['thread_local', 'parens?'], ['comdat', 'parens?'], ['addrspace', 'addrspace'],
  ['section', 'string'], ['gc', 'string'], ['partition', 'string'], ['align', 'int'],
  ['prefix', 'typed'], ['prologue', 'typed'], ['personality', 'typed'],
  ['code_model', 'string?'], ['no_sanitize_address', 'string?'], ['sanitize_memtag', 'string?'],
  ['unnamed_addr', 'none'], ['local_unnamed_addr', 'none'],
] as const);
/** The keywords of {@link KEYWORD_ARGUMENTS} each place accepts. */
const GLOBAL_PREFIX_ARGUMENTS = new Set(['thread_local', 'addrspace']);
const GLOBAL_TRAILER_ARGUMENTS = new Set(['section', 'partition', 'comdat', 'align', 'code_model', 'no_sanitize_address', 'sanitize_memtag']);
const FUNCTION_TRAILER_ARGUMENTS = new Set([
  'unnamed_addr', 'local_unnamed_addr', 'addrspace', 'section', 'gc', 'partition', 'comdat', 'align', 'prefix', 'prologue', 'personality',
]);
function isCallingConv(w: string): boolean {
  return CALLING_CONVS.has(w) || (w.length > 2 && w.charCodeAt(0) === 99 && w.charCodeAt(1) === 99 && isDigits(w, 2));
}
/** Fast-math flags a call may carry. */
const FMF = new Set(['fast', 'nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn', 'reassoc']);
/** Attributes taking a parenthesised argument (`align(4)` is written `align 4` on params). */
const TYPE_ATTRS = new Set(['sret', 'byval', 'byref', 'preallocated', 'inalloca', 'elementtype']);
const INT_ARG_ATTRS = new Set(['align', 'dereferenceable', 'dereferenceable_or_null', 'alignstack', 'allocsize', 'vscale_range', 'uwtable', 'memory', 'nofpclass', 'range', 'initializes', 'captures', 'allockind', 'allocalign', 'inlinehint']);
const FLOAT_KINDS = new Set(['half', 'bfloat', 'float', 'double', 'x86_fp80', 'fp128', 'ppc_fp128']);
const CAST_OPS = new Set(['bitcast', 'addrspacecast', 'inttoptr', 'ptrtoint', 'trunc', 'zext', 'sext', 'fptrunc', 'fpext', 'fptoui', 'fptosi', 'uitofp', 'sitofp']);
/** Keywords that start a top-level entity (never attributes). */
const TOP_LEVEL_WORDS = new Set(['define', 'declare', 'attributes', 'source_filename', 'target', 'module', 'uselistorder', 'uselistorder_bb']);
/** Words that start something else where attributes are read (types, constants, trailers). */
const NOT_ATTRIBUTE_WORDS = new Set([
  ...TOP_LEVEL_WORDS, ...CAST_OPS, ...FLOAT_KINDS, 'void', 'ptr', 'label', 'metadata', 'token', 'x86_mmx', 'x86_amx', 'x', 'to', 'null',
  'undef', 'poison', 'zeroinitializer', 'true', 'false', 'none', 'getelementptr', 'asm', 'section', 'comdat', 'gc', 'prefix',
  'prologue', 'personality', 'partition', 'unnamed_addr', 'local_unnamed_addr', 'addrspace', 'blockaddress', 'dso_local_equivalent', 'no_cfi',
]);
const OPAQUE_CONST_EXPRS = new Set(['blockaddress', 'dso_local_equivalent', 'no_cfi', 'asm', 'extractvalue', 'icmp', 'fcmp', 'select']);
/**
 * Opcodes of instructions without a result (no `%x =` before them) that cannot occur inside another
 * instruction at bracket depth 0 (LLParser::parseInstruction): where one appears after an
 * instruction's opcode, the next instruction has begun.
 */
const VOID_INSTRUCTION_OPCODES = new Set(['store', 'ret', 'br', 'switch', 'indirectbr', 'resume', 'unreachable', 'fence', 'invoke', 'callbr', 'cleanupret', 'catchret', 'call', 'tail', 'musttail', 'notail']);

/**
 * Every opcode of LLParser::parseInstruction (llvm/lib/AsmParser/LLParser.cpp), and the call
 * prefixes: a line that begins with one begins an instruction (an instruction may be written without
 * its `%x =`, and its value is numbered then).
 */
const INSTRUCTION_OPCODES = new Set([
  ...VOID_INSTRUCTION_OPCODES, 'catchswitch', 'catchpad', 'cleanuppad', 'fneg', 'add', 'sub', 'mul', 'shl', 'fadd', 'fsub', 'fmul', 'fdiv', 'frem',
  'sdiv', 'udiv', 'lshr', 'ashr', 'urem', 'srem', 'and', 'or', 'xor', 'icmp', 'fcmp', 'trunc', 'zext', 'sext', 'fptrunc', 'fpext', 'bitcast',
  'addrspacecast', 'uitofp', 'sitofp', 'fptoui', 'fptosi', 'inttoptr', 'ptrtoaddr', 'ptrtoint', 'select', 'va_arg', 'extractelement',
  'insertelement', 'shufflevector', 'phi', 'landingpad', 'freeze', 'alloca', 'load', 'cmpxchg', 'atomicrmw', 'getelementptr', 'extractvalue',
  'insertvalue',
]);

/**
 * Whether the line break before token `j` ends the instruction being read (at bracket depth 0):
 * LLLexer treats a line break as a blank, so an instruction goes on over lines (`%a =⏎ call …`,
 * `call spir_func⏎ float @f()`, `add⏎ i32 1,⏎ 2`) until what follows begins something else: an
 * instruction (`%x =`, an opcode, but `call` after a `tail` that ends the line before), a debug
 * record (`#dbg_value(…)`), a label, the `}` that closes the body, or the end of the text.
 */
function lineBreakEndsInstruction(toks: TokenList, j: number, before: number): boolean {
  const kind = toks.kindCode(j);
  if (kind === TK.eof || kind === TK.label) return true;
  // (no instruction has a `=` of its own after its result: a line beginning with one is read, and
  // reported, as what it is)
  if (kind === TK.punct) return toks.charAt(j) === RBRACE || toks.charAt(j) === EQ;
  if (kind === TK.lvar) return toks.kindCode(j + 1) === TK.punct && toks.charAt(j + 1) === EQ;
  if (kind !== TK.word) return false;
  const w = toks.valueOf(j);
  if (w.startsWith('#dbg_') || w === 'uselistorder' || w === 'uselistorder_bb') return true;
  if (!INSTRUCTION_OPCODES.has(w)) return false;
  // An operand still to come (the line ended in a comma), or a constant expression (its opcode, and
  // its flags, then `(`: `getelementptr inbounds (…)`, `bitcast (… to …)`), is no new instruction.
  if (toks.kindCode(before) === TK.punct && toks.charAt(before) === COMMA) return false;
  let k = j + 1;
  while (toks.kindCode(k) === TK.nl || (toks.kindCode(k) === TK.word && CONSTANT_EXPRESSION_FLAGS.has(toks.valueOf(k)))) k++;
  if (toks.kindCode(k) === TK.punct && toks.charAt(k) === LPAREN) return false;
  if (w !== 'call' || toks.kindCode(before) !== TK.word) return true;
  const prev = toks.valueOf(before);
  return prev !== 'tail' && prev !== 'musttail' && prev !== 'notail';
}

/** A numbered value's name. */
const DIGITS = /^[0-9]+$/;

/** Opcodes that end a basic block (llvm/include/llvm/IR/Instruction.def TERM_INST). */
const TERMINATORS: ReadonlySet<string> = new Set(['ret', 'br', 'switch', 'indirectbr', 'invoke', 'resume', 'unreachable', 'cleanupret', 'catchret', 'catchswitch', 'callbr']);

/**
 * The intrinsics LLParser counts as the old debug-info format (LLParser.cpp
 * `isOldDbgFormatIntrinsic`: `llvm.dbg.label` is not among them; opt-19 and opt-22 take it next to
 * debug records).
 */
const OLD_DEBUG_INTRINSICS = new Set(['llvm.dbg.declare', 'llvm.dbg.value', 'llvm.dbg.assign']);

/** Flags between a constant expression's opcode and its `(` (LLParser::parseValID). */
const CONSTANT_EXPRESSION_FLAGS = new Set(['inbounds', 'nuw', 'nsw', 'nusw', 'exact', 'disjoint', 'nneg', 'samesign']);

/** Token `i` starts an instruction without a result (`call` after `tail`/`musttail`/`notail` does not). */
function startsVoidInstruction(toks: TokenList, i: number): boolean {
  const w = toks.valueOf(i);
  if (!VOID_INSTRUCTION_OPCODES.has(w)) return false;
  let b = i - 1;
  while (b > 0 && toks.kindCode(b) === TK.nl) b--;
  if (w !== 'call' || toks.kindCode(b) !== TK.word) return true;
  const before = toks.valueOf(b);
  return before !== 'tail' && before !== 'musttail' && before !== 'notail';
}

const GEP_FLAGS = new Set(['inbounds', 'nuw', 'nusw', 'inrange']);

const VOID: LType = { kind: 'void' };
/** Shared objects for the common scalar types (types are immutable; only named structs have identity). */
const SCALARS = new Map<string, LType>([
  ...[1, 8, 16, 32, 64, 128].map((b) => [`i${b}`, { kind: 'int', bits: b }] as [string, LType]),
  ...[...FLOAT_KINDS].map((f) => [f, { kind: 'float', float: f }] as [string, LType]),
]);
const OPAQUE_PTRS = new Map<number, LType>();
const EMPTY_ATTRS: readonly LAttribute[] = Object.freeze([]);
/** What the value readers return while only checking a value (see {@link IrParser.checkValue}): nothing is kept. */
const CHECKED: LValue = Object.freeze({ k: 'undef' });

// Character codes of punctuation.
const LPAREN = 40;
const RPAREN = 41;
const STAR = 42;
const COMMA = 44;
const DOT = 46;
const EQ = 61;
const LT = 60;
const GT = 62;
const LBRACK = 91;
const RBRACK = 93;
const LBRACE = 123;
const RBRACE = 125;
const BANG = 33;

/** The closing bracket of an opening one, 0 for anything else. */
function closerOf(c: number): number {
  return c === LPAREN ? RPAREN : c === LBRACK ? RBRACK : c === LBRACE ? RBRACE : c === LT ? GT : 0;
}

/** `list`, or one shared frozen empty array when it is empty (most lists of a module are). */
function orEmpty<T>(list: T[]): readonly T[] {
  return list.length ? list : (EMPTY as readonly T[]);
}
const EMPTY: readonly never[] = Object.freeze([]);

/** `s` from `from` on is a non-empty run of decimal digits. */
function isDigits(s: string, from = 0): boolean {
  if (s.length <= from) return false;
  for (let k = from; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * Parses LLVM IR text given as a byte string: the file's bytes, one character per byte
 * (`decodeLatin1`), as LLVM reads IR (columns and offsets count bytes; a name's characters are the
 * UTF-8 bytes it is written in). A Unicode string must be turned into that form first
 * (`decodeLatin1(toTextBytes(s))`, which `lowerIrModule` and `inspectIrText` do). Throws
 * {@link IrSyntaxError} with line and column for anything malformed.
 */
export function parseLlvmIr(text: string): LModule {
  return new IrParser(text).module();
}

/**
 * Reads the typed operand (`T v`) starting at token `at` of a parsed module: an operand of an
 * instruction the reader kept as tokens (load, store, casts). Named types resolve to the module's
 * structs. Errors are {@link IrSyntaxError}s.
 */
export function parseOperandAt(m: LModule, at: number): LTyped {
  return new IrParser(m.text, m.tokens, new Map(m.structs)).operandAt(at);
}

class IrParser {
  private readonly toks: TokenList;
  private p = 0;
  private depth = 0;
  /** Newlines at or past this token index are not skipped (the end of the instruction being read). */
  private limit = Number.POSITIVE_INFINITY;
  private readonly structs: Map<string, LStruct>;
  private readonly structDefined = new Set<string>();
  private readonly globals: LGlobal[] = [];
  private readonly functions: LFunction[] = [];
  private readonly attributeGroups = new Map<number, LAttribute[]>();
  private readonly namedMetadata = new Map<string, string[]>();
  private readonly metadata = new Map<string, { text: string; refs: string[]; tokFrom: number; tokTo: number }>();
  private readonly items: LTopItem[] = [];
  /** Comdats defined (`$c = comdat any`), and the tokens that define them. */
  private readonly comdatDefined = new Set<string>();
  private readonly comdatDefinitions = new Set<number>();
  /** A debug record (`#dbg_value(…)`) was read (LLParser's SeenNewDbgInfoFormat). */
  private seenDebugRecords = false;
  /** A call of an old debug intrinsic was read (LLParser's SeenOldDbgInfoFormat). */
  private seenDebugIntrinsics = false;
  /** `uselistorder` directives of the module's global values: name → the permutation of its use list. */
  private readonly useListOrders = new Map<string, number[]>();
  /** Per value id ({@link TokenList.valueIdOf}): 1 when a global or function of that name is defined. */
  private globalDefined = new Uint8Array(1024);
  private opaquePointers = false;
  /**
   * Set while a value is only checked, not kept (a global's initializer, read again when asked
   * for): the value readers then build no objects, so the first pass over every initializer of a
   * module leaves nothing for the garbage collector.
   */
  private checking = false;
  /** The one {@link LTyped} that {@link IrParser.typedValue} hands back while checking (its type is all a caller reads). */
  private readonly checkedTyped: { type: LType; value: LValue; from: number; to: number; valueFrom: number } = { type: VOID, value: CHECKED, from: 0, to: 0, valueFrom: 0 };
  /** Types derived from an element type, by element and kind/size (see {@link IrParser.derived}). */
  private readonly derivedTypes = new Map<LType, Map<number | string, LType>>();
  private dataLayout: string | undefined;
  private triple: string | undefined;
  private sourceFilename: string | undefined;

  constructor(
    private readonly text: string,
    tokens?: TokenList,
    structs?: Map<string, LStruct>,
  ) {
    this.toks = tokens ?? tokenize(text);
    this.structs = structs ?? new Map();
  }

  /** Records the definition of global `@name` (token `t`); a second one is an error. */
  private defineGlobal(t: number, name: string): void {
    const id = this.toks.valueIdOf(t);
    if (id >= this.globalDefined.length) {
      const grown = new Uint8Array(Math.max(id + 1, this.globalDefined.length * 2));
      grown.set(this.globalDefined);
      this.globalDefined = grown;
    }
    if (this.globalDefined[id]) this.fail(`redefinition of global '@${name}'`, t);
    this.globalDefined[id] = 1;
  }

  /** The typed value at token `at` (see {@link parseOperandAt}). */
  operandAt(at: number): LTyped {
    this.p = at;
    return this.typedValue(true);
  }

  /** The value of type `type` written at tokens [from, to), read again (a global's initializer). */
  reread(type: LType, from: number, to: number): LTyped {
    const saved = this.p;
    this.p = from;
    this.limit = Number.POSITIVE_INFINITY;
    this.depth = 0;
    try {
      const value = this.value(type, false);
      return { type, value, from, to, valueFrom: from };
    } finally {
      this.p = saved;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Token helpers (token indices; `i` defaults to the cursor)

  /** Kind code of token `i`. */
  private k(i: number = this.p): number {
    return this.toks.kindCode(i);
  }
  /** Interned value of token `i`. */
  private v(i: number = this.p): string {
    return this.toks.valueOf(i);
  }
  /** Token `i` is the punctuation starting with character `c` (`.` is `...`). */
  private isPunctAt(i: number, c: number): boolean {
    return this.toks.kindCode(i) === TK.punct && this.toks.charAt(i) === c;
  }
  private fail(msg: string, i: number = this.p, code: 'SYNTAX' | 'LIMIT' | 'FORMAT' = 'SYNTAX'): never {
    const n = Math.min(Math.max(i, 0), this.toks.length - 1);
    throw new IrSyntaxError(msg, this.toks.lineOf(n), this.toks.columnOf(n), code, this.toks.startOf(n));
  }
  private describe(i: number): string {
    const k = this.k(i);
    if (k === TK.eof) return 'end of input';
    if (k === TK.nl) return 'end of line';
    const start = this.toks.startOf(i);
    return `'${this.text.slice(start, Math.min(this.toks.endOf(i), start + 40))}'`;
  }
  /** Skips line breaks. */
  private skipNl(): void {
    while (this.p < this.limit && this.toks.kindCode(this.p) === TK.nl) this.p++;
  }
  /** Index of the next non-newline token (inside an entity, newlines are insignificant). */
  private peek(): number {
    this.skipNl();
    return this.p;
  }
  /** Kind of the next non-newline token. */
  private pk(): number {
    this.skipNl();
    return this.toks.kindCode(this.p);
  }
  /** Index of the next non-newline token, consumed. */
  private next(): number {
    this.skipNl();
    return this.p++;
  }
  private isPunct(c: number): boolean {
    this.skipNl();
    return this.isPunctAt(this.p, c);
  }
  private isWord(w: string): boolean {
    this.skipNl();
    return this.toks.kindCode(this.p) === TK.word && this.toks.textIs(this.p, w);
  }
  private eatPunct(c: number): boolean {
    if (this.isPunct(c)) {
      this.p++;
      return true;
    }
    return false;
  }
  private eatWord(w: string): boolean {
    if (this.isWord(w)) {
      this.p++;
      return true;
    }
    return false;
  }
  private expectPunct(c: number, what?: string): number {
    const i = this.peek();
    if (!this.isPunctAt(i, c)) this.fail(`expected ${what ?? `'${c === DOT ? '...' : String.fromCharCode(c)}'`} but found ${this.describe(i)}`, i);
    this.p++;
    return i;
  }
  private expectWord(w: string): number {
    const i = this.peek();
    if (this.k(i) !== TK.word || !this.toks.textIs(i, w)) this.fail(`expected '${w}' but found ${this.describe(i)}`, i);
    this.p++;
    return i;
  }
  /**
   * The N of `align N` / `align(N)`: LLParser::parseOptionalAlignment's rules and messages, in its
   * order: a power of two, then at most Value::MaximumAlignment (2^32).
   */
  private alignment(reportAt?: number): number {
    const i = this.peek();
    if (this.k(i) !== TK.int || this.toks.charAt(i) === 45 /* - */) this.fail(`expected an alignment but found ${this.describe(i)}`, i);
    const text = this.v(i);
    // (`align(N)` is reported at its '(', as LLParser does)
    const at = reportAt ?? i;
    // Every global has one: the common short form without a BigInt.
    if (text.length <= 9) {
      const n = Number(text);
      if (n === 0 || (n & (n - 1)) !== 0) this.fail('alignment is not a power of two', at);
      this.p++;
      return n;
    }
    const n = BigInt(text);
    if (n === 0n || (n & (n - 1n)) !== 0n) this.fail('alignment is not a power of two', at);
    if (n > 1n << 32n) this.fail('huge alignments are not supported yet', at);
    this.p++;
    return Number(n);
  }

  private expectInt(what: string, max = 0xffffffff): number {
    const i = this.peek();
    if (this.k(i) !== TK.int || this.toks.charAt(i) === 45 /* - */) this.fail(`expected ${what} but found ${this.describe(i)}`, i);
    const text = this.v(i);
    const n = Number(text);
    if (!Number.isSafeInteger(n) || n > max) this.fail(`${what} ${clipText(text)} is too large (at most ${max})`, i, 'LIMIT');
    this.p++;
    return n;
  }
  private expectString(what: string): string {
    const i = this.peek();
    if (this.k(i) !== TK.str) this.fail(`expected ${what} (a quoted string) but found ${this.describe(i)}`, i);
    this.p++;
    return this.v(i);
  }
  /**
   * Reads a parameter list after its `(` up to and including its `)`: `param` reads one parameter,
   * `...` ends the list. Returns whether it did (varargs).
   */
  private parameterList(param: () => void): boolean {
    if (this.eatPunct(RPAREN)) return false;
    for (;;) {
      if (this.eatPunct(DOT)) {
        this.expectPunct(RPAREN);
        return true;
      }
      param();
      if (this.eatPunct(RPAREN)) return false;
      this.expectPunct(COMMA, "',' or ')'");
    }
  }
  /**
   * Reads the words before a global's `global`/`constant` or a function's return type: linkage,
   * visibility, DLL storage, `unnamed_addr`, … ({@link GLOBAL_PREFIX_WORDS}), and the words `extra`
   * takes (it consumes a word of its own with its argument and returns true, or returns false).
   * Returns the linkage, if one was given.
   */
  private entityPrefix(extra: (w: string) => boolean): string | undefined {
    let linkage: string | undefined;
    for (;;) {
      const t = this.peek();
      if (this.k(t) !== TK.word) return linkage;
      const w = this.v(t);
      if (GLOBAL_PREFIX_WORDS.has(w)) {
        if (LINKAGES.has(w)) linkage = w;
        this.p++;
      } else if (!extra(w)) return linkage;
    }
  }
  /**
   * Reads the argument of keyword `w` of {@link KEYWORD_ARGUMENTS}, the keyword itself already
   * consumed. Returns the address space for `addrspace(N)`, undefined for every other keyword.
   */
  private keywordArgument(w: string): number | undefined {
    switch (KEYWORD_ARGUMENTS.get(w)) {
      case 'parens?':
        if (this.isPunct(LPAREN)) this.skipBalanced();
        return undefined;
      case 'addrspace':
        return this.addrspaceArg();
      case 'string':
        this.expectString(`a ${w} name`);
        return undefined;
      case 'int':
        return this.alignment(); // `align N`, the only integer argument
      case 'typed':
        this.typedValue(false);
        return undefined;
      case 'string?':
        if (this.pk() === TK.str) this.p++;
        return undefined;
      default:
        return undefined;
    }
  }
  private enter(i: number): void {
    if (++this.depth > MAX_IR_NESTING) this.fail(IR_NESTING_MESSAGE, i, 'LIMIT');
  }
  private leave(): void {
    this.depth--;
  }
  /** Skips a balanced group starting at an opening bracket; collects `@x` / `!x` refs seen. */
  private skipBalanced(refs?: string[]): void {
    const open = this.next();
    const first = this.k(open) === TK.punct ? closerOf(this.toks.charAt(open)) : 0;
    if (!first) this.fail(`expected a bracket but found ${this.describe(open)}`, open);
    const stack: number[] = [first];
    while (stack.length) {
      const i = this.p++;
      const kind = this.k(i);
      if (kind === TK.eof) this.fail(`unbalanced '${String.fromCharCode(this.toks.charAt(open))}' (opened at ${this.toks.lineOf(open)}:${this.toks.columnOf(open)})`, i);
      if (kind === TK.gvar && refs) refs.push('@' + this.v(i));
      if (kind === TK.meta && refs) refs.push('!' + this.v(i));
      if (kind !== TK.punct || this.toks.lengthOf(i) !== 1) continue;
      const c = this.toks.charAt(i);
      const close = closerOf(c);
      if (close) {
        if (stack.length >= MAX_IR_NESTING) this.fail(IR_NESTING_MESSAGE, i, 'LIMIT');
        stack.push(close);
      } else if (c === stack[stack.length - 1]) stack.pop();
      else if (c === RPAREN || c === RBRACK || c === RBRACE || c === GT) this.fail(`unexpected '${String.fromCharCode(c)}' (expected '${String.fromCharCode(stack[stack.length - 1]!)}')`, i);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Module

  module(): LModule {
    for (;;) {
      this.skipNl();
      const t = this.p;
      const kind = this.k(t);
      if (kind === TK.eof) break;
      const from = this.p;
      if (kind === TK.word) {
        const w = this.v(t);
        switch (w) {
          case 'source_filename':
            this.p++;
            this.expectPunct(EQ);
            this.sourceFilename = this.expectString('the source file name');
            this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'source_filename' });
            break;
          case 'target': {
            this.p++;
            const wi = this.next();
            const wv = this.v(wi);
            if (this.k(wi) !== TK.word || (wv !== 'datalayout' && wv !== 'triple')) this.fail(`expected 'datalayout' or 'triple' after 'target' but found ${this.describe(wi)}`, wi);
            this.expectPunct(EQ);
            const s = this.expectString(`the target ${wv}`);
            if (wv === 'datalayout') this.dataLayout = s;
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
          case 'uselistorder_bb': {
            // The order of a value's use list (llvm-dis -preserve-ll-uselistorder; bitcode keeps it):
            // a global's is kept for the use-list order of its calls (src/lower/from-ir/use-list-order.ts);
            // never printed back (the output's use lists are its own).
            const d = this.useListDirective();
            if (d.global !== undefined) this.useListOrders.set(d.global, d.indexes);
            break;
          }
          default:
            this.fail(`expected a top-level entity (global, function, type, attributes, metadata) but found ${this.describe(t)}`, t);
        }
      } else if (kind === TK.lvar) {
        this.typeDefinition();
      } else if (kind === TK.gvar) {
        this.globalEntity();
      } else if (kind === TK.comdat) {
        // (LLParser::parseComdat)
        if (this.comdatDefined.has(this.v(t))) this.fail(`redefinition of comdat '$${this.v(t)}'`, t);
        this.comdatDefined.add(this.v(t));
        this.comdatDefinitions.add(t);
        this.p++;
        this.expectPunct(EQ);
        this.expectWord('comdat');
        const ki = this.next();
        if (this.k(ki) !== TK.word) this.fail(`expected a comdat selection kind but found ${this.describe(ki)}`, ki);
        this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'comdat', name: this.v(t) });
      } else if (kind === TK.meta) {
        this.metadataEntity();
      } else {
        this.fail(`expected a top-level entity but found ${this.describe(t)}`, t);
      }
      this.endOfEntity();
    }
    for (const [name, s] of this.structs) {
      if (!this.structDefined.has(name)) s.opaque = true;
    }
    // LLParser: a global named anywhere (an initializer, a call, an instruction kept as tokens,
    // metadata) must be defined in the module; forward references are fine, hence after the parse.
    // Except `@llvm.*`: LLVM 20 and later declare a known intrinsic a module calls without declaring
    // it (intel/llvm's SYCL-alloca-error.ll calls llvm.sycl.alloca so), and which names intel's LLVM
    // knows is not for this reader to say.
    for (let i = 0, n = this.toks.length; i < n; i++) {
      if (this.k(i) !== TK.gvar || this.globalDefined[this.toks.valueIdOf(i)]) continue;
      const name = this.v(i);
      if (!name.startsWith('llvm.')) this.fail(`use of undefined value '@${clipText(name)}'`, i);
    }
    // LLParser::validateEndOfModule: a comdat or metadata node named but never defined (the first in
    // its forward-reference map's order: the smallest name, the smallest number, at its first use).
    let comdat: number | undefined;
    let node: number | undefined;
    for (let i = 0, n = this.toks.length; i < n; i++) {
      const k = this.k(i);
      if (k === TK.comdat && !this.comdatDefinitions.has(i) && !this.comdatDefined.has(this.v(i))) {
        if (comdat === undefined || this.v(i) < this.v(comdat)) comdat = i;
      } else if (k === TK.meta && !this.metadata.has(this.v(i)) && DIGITS.test(this.v(i))) {
        if (node === undefined || Number(this.v(i)) < Number(this.v(node))) node = i;
      }
    }
    if (comdat !== undefined) this.fail(`use of undefined comdat '$${this.v(comdat)}'`, comdat);
    // (at the number after the `!`, where LLParser's location is)
    if (node !== undefined) throw new IrSyntaxError(`use of undefined metadata '!${clipText(this.v(node))}'`, this.toks.lineOf(node), this.toks.columnOf(node) + 1, 'SYNTAX', this.toks.startOf(node) + 1);
    const globalsByName = new Map<string, LGlobal>();
    for (const g of this.globals) globalsByName.set(g.name, g);
    return {
      text: this.text,
      tokens: this.toks,
      dataLayout: this.dataLayout,
      triple: this.triple,
      sourceFilename: this.sourceFilename,
      structs: this.structs,
      globals: this.globals,
      globalsByName,
      functions: this.functions,
      attributeGroups: this.attributeGroups,
      namedMetadata: this.namedMetadata,
      metadata: this.metadata,
      items: this.items,
      opaquePointers: this.opaquePointers,
      useListOrders: this.useListOrders,
    };
  }

  /** After a top-level entity: the next entity (LLParser does not need line breaks between them). */
  private endOfEntity(): void {
    const t = this.peek();
    const kind = this.k(t);
    const ok = kind === TK.eof || kind === TK.gvar || kind === TK.lvar || kind === TK.comdat || kind === TK.meta || (kind === TK.word && TOP_LEVEL_WORDS.has(this.v(t)));
    if (!ok) this.fail(`unexpected ${this.describe(t)} after the end of the entity`, t);
  }

  private typeDefinition(): void {
    const from = this.p;
    const nameTok = this.next();
    this.expectPunct(EQ);
    this.expectWord('type');
    const name = this.v(nameTok);
    if (this.structDefined.has(name)) this.fail(`redefinition of type %${name}`, nameTok);
    const s = this.namedStruct(name);
    this.structDefined.add(name);
    if (this.eatWord('opaque')) {
      s.opaque = true;
    } else {
      const t = this.peek();
      const packed = this.isPunctAt(t, LT);
      if (!(this.isPunctAt(t, LBRACE) || packed)) this.fail(`expected a struct body or 'opaque' for %${name} but found ${this.describe(t)}`, t);
      if (packed) this.p++;
      this.enter(t);
      s.elements = this.structElements();
      this.leave();
      if (packed) this.expectPunct(GT);
      s.packed = packed;
      s.opaque = false;
    }
    this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'type', name });
  }

  /**
   * The pointer to, array of or vector of `element` (`n`: the address space or the length), one
   * object per distinct type: a module spells `[2 x i16]` once per constant, and equal types being
   * the same object makes most {@link sameType} checks an identity test and keeps the garbage
   * collector out of type parsing. (Types are immutable; a named struct is one object, so the key
   * holds for types built before its body is read.)
   */
  private derived(element: LType, kind: 'ptr' | 'array' | 'vector' | 'vscale', n: number): LType {
    let byKind = this.derivedTypes.get(element);
    if (!byKind) this.derivedTypes.set(element, (byKind = new Map()));
    const key = kind === 'ptr' ? -1 - n : kind === 'vscale' ? `v${n}` : kind === 'vector' ? `<${n}` : n;
    let t = byKind.get(key);
    if (!t) {
      t = kind === 'ptr' ? { kind, addrspace: n, pointee: element } : kind === 'array' ? { kind, length: n, element } : { kind: 'vector', length: n, element, scalable: kind === 'vscale' };
      byKind.set(key, t);
    }
    return t;
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
      if (this.eatPunct(STAR)) {
        if (ty.kind === 'void' || ty.kind === 'label' || ty.kind === 'metadata') this.fail(`pointers to ${ty.kind} are invalid`, t);
        ty = this.derived(ty, 'ptr', 0);
      } else if (this.isWord('addrspace') && this.isPunctAt(this.p + 1, LPAREN) && this.ptrSuffixFollows()) {
        this.p++;
        const as = this.addrspaceArg();
        this.expectPunct(STAR);
        ty = this.derived(ty, 'ptr', as);
      } else if (this.isPunct(LPAREN)) {
        // function type: ret (params)
        const params: LType[] = [];
        this.p++;
        const varargs = this.parameterList(() => params.push(this.type()));
        ty = { kind: 'function', ret: ty, params, varargs };
        // a function type must be followed by '*' to be first-class, but `call T (…) @f` uses it bare
        if (!this.isPunct(STAR) && !this.isWord('addrspace')) break;
      } else break;
      extra++;
      if (++this.depth > MAX_IR_NESTING) this.fail(IR_NESTING_MESSAGE, t, 'LIMIT');
    }
    this.depth -= extra;
    this.leave();
    return ty;
  }

  /** After `addrspace`: is this `addrspace(N)*` (a pointer suffix) rather than an attribute? */
  private ptrSuffixFollows(): boolean {
    const p = this.p;
    return this.isPunctAt(p + 1, LPAREN) && this.k(p + 2) === TK.int && this.isPunctAt(p + 3, RPAREN) && this.isPunctAt(p + 4, STAR);
  }

  private addrspaceArg(): number {
    this.expectPunct(LPAREN);
    const t = this.peek();
    let n: number;
    if (this.k(t) === TK.str) {
      this.p++;
      const s = this.v(t);
      n = s === 'A' || s === 'G' || s === 'P' ? 0 : NaN;
      if (Number.isNaN(n)) this.fail(`unknown symbolic address space "${s}"`, t);
    } else n = this.expectInt('an address space', 0xffffff);
    this.expectPunct(RPAREN);
    return n;
  }

  private baseType(): LType {
    const t = this.next();
    const kind = this.k(t);
    if (kind === TK.word) {
      const w = this.v(t);
      const interned = SCALARS.get(w);
      if (interned) return interned;
      if (w.charCodeAt(0) === 105 /* i */ && isDigits(w, 1)) {
        const bits = Number(w.slice(1));
        if (bits < 1 || bits > 8388608) this.fail(`bitwidth for integer type out of range: ${clipText(w)}`, t);
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
          // The whole type as written, `target("spirv.Image", void, 1, …)`: what printType prints.
          const from = this.p - 1;
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
    if (kind === TK.lvar) {
      const name = this.v(t);
      if (isDigits(name)) this.fail(`numbered types (%${name}) are not supported`, t, 'FORMAT');
      return this.namedStruct(name);
    }
    if (kind === TK.punct) {
      const c = this.toks.charAt(t);
      if (c === LBRACE) {
        this.p--;
        const elements = this.structElements();
        return { kind: 'struct', packed: false, opaque: false, elements };
      }
      if (c === LBRACK) {
        const length = this.expectInt('an array length', 2 ** 53 - 1);
        this.expectWord('x');
        const element = this.type();
        this.expectPunct(RBRACK);
        return this.derived(element, 'array', length);
      }
      if (c === LT) {
        if (this.isPunct(LBRACE)) {
          const elements = this.structElements();
          this.expectPunct(GT);
          return { kind: 'struct', packed: true, opaque: false, elements };
        }
        const scalable = this.eatWord('vscale');
        if (scalable) this.expectWord('x');
        const length = this.expectInt('a vector length');
        if (length === 0) this.fail('zero element vector is illegal', t);
        this.expectWord('x');
        const element = this.type();
        this.expectPunct(GT);
        return this.derived(element, scalable ? 'vscale' : 'vector', length);
      }
    }
    this.fail(`expected a type but found ${this.describe(t)}`, t);
  }

  /** `{ T, T }` (cursor on `{`). */
  private structElements(): LType[] {
    this.expectPunct(LBRACE);
    const out: LType[] = [];
    if (this.eatPunct(RBRACE)) return out;
    for (;;) {
      out.push(this.type());
      if (this.eatPunct(RBRACE)) return out;
      this.expectPunct(COMMA, "',' or '}'");
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Constants and values

  /** `T v` */
  typedValue(allowLocal: boolean): LTyped {
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
    if (this.checking) {
      this.checkedTyped.type = type;
      return this.checkedTyped;
    }
    return { type, value, from: start, to: this.p, valueFrom };
  }

  /**
   * Checks the value of type `ty` at the cursor as {@link IrParser.value} reads it (the same
   * errors at the same tokens) without building it.
   */
  private checkValue(ty: LType): void {
    this.checking = true;
    try {
      this.value(ty, false);
    } finally {
      this.checking = false;
    }
  }

  /** A value of type `ty`. */
  value(ty: LType, allowLocal: boolean): LValue {
    const t = this.peek();
    this.enter(t);
    const v = this.valueInner(ty, allowLocal, t);
    this.leave();
    return v;
  }

  private valueInner(ty: LType, allowLocal: boolean, t: number): LValue {
    switch (this.k(t)) {
      case TK.lvar:
        if (!allowLocal) this.fail(`local value %${this.v(t)} is not allowed in a constant`, t);
        this.p++;
        return this.checking ? CHECKED : { k: 'local', name: this.v(t), at: t };
      case TK.gvar:
        this.p++;
        return this.checking ? CHECKED : { k: 'global', name: this.v(t), at: t };
      case TK.int: {
        // (LLLexer reads `+` only before a floating-point exponent: `i8 +5` is no value to llvm-as-19 or -22)
        if (this.text.charCodeAt(this.toks.startOf(t)) === 43) this.fail('expected value token', t);
        this.p++;
        if (ty.kind !== 'int') this.fail(`integer constant must have integer type, not ${describeType(ty)}`, t);
        if (this.checking && this.smallIntFits(t, ty.bits)) return CHECKED;
        const value = this.intValue(t, ty.bits);
        return this.checking ? CHECKED : { k: 'int', value };
      }
      case TK.fp:
      case TK.hexfp: {
        this.p++;
        const text = this.v(t);
        if (ty.kind !== 'float') {
          if (this.k(t) === TK.hexfp && ty.kind === 'int') this.fail(`hexadecimal integer constants are written u0x/s0x, not ${clipText(text)}`, t);
          this.fail(`floating point constant invalid for type ${describeType(ty)}`, t);
        }
        // LLParser checks the literal against the type (ConstantFP::isValueValidForType).
        if (ty.float === 'half' || ty.float === 'float' || ty.float === 'double') fpLiteralBits(text, ty.float, this.toks.placeOf(t));
        return this.checking ? CHECKED : { k: 'fp', text, at: t };
      }
      case TK.cstr: {
        this.p++;
        if (ty.kind !== 'array' || ty.element.kind !== 'int' || ty.element.bits !== 8) this.fail(`c"…" constants need an [N x i8] type, not ${describeType(ty)}`, t);
        const bytes = this.v(t);
        if (bytes.length !== ty.length) this.fail(`constant expression type mismatch: got type '[${bytes.length} x i8]' but expected '[${ty.length} x i8]'`, t);
        return this.checking ? CHECKED : { k: 'cstr', bytes };
      }
      case TK.word:
        return this.wordValue(ty, t);
      case TK.punct:
        return this.aggregateValue(ty, t);
      case TK.meta:
        this.fail(`metadata ${this.describe(t)} is only valid as a 'metadata' operand`, t);
        break;
      default:
        break;
    }
    this.fail(`expected a value of type ${describeType(ty)} but found ${this.describe(t)}`, t);
  }

  /**
   * Whether the decimal integer token `t` (at most 15 digits, so exact as a double) is within iN
   * without wrapping (-2^N < v < 2^N), so that checking it needs no conversion; false when
   * {@link IrParser.intValue} is to compute its value (which wraps any literal).
   */
  private smallIntFits(t: number, bits: number): boolean {
    const start = this.toks.startOf(t);
    const len = this.toks.endOf(t) - start;
    const c = this.text.charCodeAt(start);
    const neg = c === 45; // '-'
    // `+5`, `u0x…`, `s0x…`: the full check.
    if (!neg && (c < 48 || c > 57)) return false;
    if (len - (neg ? 1 : 0) > 15 || bits >= 64) return len - (neg ? 1 : 0) <= 15;
    let v = 0;
    for (let i = start + (neg ? 1 : 0); i < start + len; i++) v = v * 10 + this.text.charCodeAt(i) - 48;
    // intValue's rule: -2^bits < value < 2^bits (negative values are stored two's complement).
    return v < 2 ** bits;
  }

  private intValue(t: number, bits: number): bigint {
    const text = this.v(t);
    const c = text.charCodeAt(0);
    const hexForm = (c === 117 || c === 115) && text.charCodeAt(1) === 48;
    // LLParser wraps any literal to the type's width (convertValIDToValue: APSInt::extOrTrunc): `i8 256`
    // is 0, `i8 -129` is 127, as llvm-as-19 and -22 read them. Only the low bits are computed, a
    // chunk of digits at a time: a literal of millions of digits costs linear time, not BigInt's
    // conversion of the whole.
    if (hexForm) {
      const hex = text.slice(3);
      return BigInt.asUintN(bits, BigInt('0x' + (hex.slice(Math.max(0, hex.length - Math.ceil(bits / 4))) || '0')));
    }
    const neg = c === 45;
    let v = 0n;
    for (let i = c === 45 || c === 43 ? 1 : 0; i < text.length; i += 15) {
      const chunk = text.slice(i, i + 15);
      v = BigInt.asUintN(bits, v * 10n ** BigInt(chunk.length) + BigInt(chunk));
    }
    return BigInt.asUintN(bits, neg ? -v : v);
  }

  private wordValue(ty: LType, t: number): LValue {
    const w = this.v(t);
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
        while (this.pk() === TK.word && GEP_FLAGS.has(this.v())) {
          if (this.toks.textIs(this.p, 'inrange') && this.isPunctAt(this.p + 1, LPAREN)) {
            this.p++;
            this.skipBalanced();
          } else this.p++;
        }
        this.expectPunct(LPAREN);
        const source = this.type();
        this.expectPunct(COMMA);
        const base = this.typedValue(false);
        const indices: LTyped[] = [];
        while (this.eatPunct(COMMA)) {
          this.eatWord('inrange');
          indices.push(this.typedValue(false));
        }
        this.expectPunct(RPAREN);
        return this.checking ? CHECKED : { k: 'gep', source, base, indices };
      }
      default:
        if (CAST_OPS.has(w)) {
          this.p++;
          this.expectPunct(LPAREN);
          const operand = this.typedValue(false);
          this.expectWord('to');
          const to = this.type();
          this.expectPunct(RPAREN);
          return this.checking ? CHECKED : { k: 'cast', op: w, operand, to };
        }
        if (this.isPunctAt(this.p + 1, LPAREN) || OPAQUE_CONST_EXPRS.has(w)) {
          // Other constant expressions (add, sub, icmp, blockaddress, …): kept opaque with their refs.
          this.p++;
          while (this.pk() === TK.word && !this.toks.textIs(this.p, 'asm')) this.p++;
          const refs: string[] = [];
          if (this.pk() === TK.gvar) {
            refs.push('@' + this.v());
            this.p++;
          } else if (this.isPunct(LPAREN)) this.skipBalanced(refs);
          else if (this.pk() === TK.str) {
            this.p++;
            if (this.eatPunct(COMMA)) this.expectString('asm constraints');
          }
          return { k: 'expr', op: w, refs };
        }
    }
    this.fail(`expected a value of type ${describeType(ty)} but found ${this.describe(t)}`, t);
  }

  private aggregateValue(ty: LType, t: number): LValue {
    const c = this.toks.charAt(t);
    if (c === LBRACE || (c === LT && this.isPunctAt(this.p + 1, LBRACE))) {
      const packed = c === LT;
      if (packed) this.p++;
      if (ty.kind !== 'struct') this.fail(`struct constant used for ${describeType(ty)}`, t);
      if (ty.packed !== packed) this.fail(`${packed ? 'packed' : 'unpacked'} struct constant used for ${packed ? 'an unpacked' : 'a packed'} struct type ${describeType(ty)}`, t);
      this.expectPunct(LBRACE);
      const elements: LTyped[] | undefined = this.checking ? undefined : [];
      let count = 0;
      if (!this.eatPunct(RBRACE)) {
        for (;;) {
          const at = this.peek();
          const el = this.typedValue(false);
          const want = ty.elements[count];
          if (!want) this.fail(`too many elements in a constant of type ${describeType(ty)}`, at);
          if (!sameType(el.type, want)) this.fail(`element ${count} of the struct constant has type ${describeType(el.type)} but ${describeType(ty)} needs ${describeType(want)}`, at);
          elements?.push(el);
          count++;
          if (this.eatPunct(RBRACE)) break;
          this.expectPunct(COMMA, "',' or '}'");
        }
      }
      if (packed) this.expectPunct(GT);
      if (count !== ty.elements.length) this.fail(`struct constant has ${count} element(s) but ${describeType(ty)} has ${ty.elements.length}`, t);
      return elements ? { k: 'struct', elements } : CHECKED;
    }
    if (c === LBRACK || c === LT) {
      const isVec = c === LT;
      if (isVec ? ty.kind !== 'vector' : ty.kind !== 'array') this.fail(`${isVec ? 'vector' : 'array'} constant used for ${describeType(ty)}`, t);
      const agg = ty as { length: number; element: LType };
      this.p++;
      const close = isVec ? GT : RBRACK;
      const elements: LTyped[] | undefined = this.checking ? undefined : [];
      let count = 0;
      if (!this.eatPunct(close)) {
        for (;;) {
          const at = this.peek();
          const el = this.typedValue(false);
          if (!sameType(el.type, agg.element)) this.fail(`element type ${describeType(el.type)} does not match ${describeType(agg.element)}`, at);
          elements?.push(el);
          if (++count > agg.length) this.fail(`too many elements for ${describeType(ty)}`, at);
          if (this.eatPunct(close)) break;
          this.expectPunct(COMMA, `',' or '${isVec ? '>' : ']'}'`);
        }
      }
      if (count !== agg.length) this.fail(`constant has ${count} element(s) but ${describeType(ty)} has ${agg.length}`, t);
      return elements ? { k: isVec ? 'vector' : 'array', elements } : CHECKED;
    }
    this.fail(`expected a value of type ${describeType(ty)} but found ${this.describe(t)}`, t);
  }

  /** A metadata operand (`!0`, `!{…}`, `!"str"`, `!DILocation(…)`, `T v`); collects `!N` refs. */
  private metadataValue(refs: string[]): void {
    const t = this.peek();
    this.enter(t);
    this.metadataValueInner(refs, t);
    this.leave();
  }

  private metadataValueInner(refs: string[], t: number): void {
    const kind = this.k(t);
    if (kind === TK.meta) {
      this.p++;
      refs.push('!' + this.v(t));
      if (this.isPunct(LPAREN)) this.skipBalanced(refs);
      return;
    }
    if (this.isPunctAt(t, BANG)) {
      this.p++;
      const n = this.peek();
      if (this.k(n) === TK.str) {
        this.p++;
        return;
      }
      if (this.isPunctAt(n, LBRACE)) {
        this.p++;
        if (this.eatPunct(RBRACE)) return;
        for (;;) {
          if (this.eatWord('null')) {
            /* null operand */
          } else this.metadataValue(refs);
          if (this.eatPunct(RBRACE)) return;
          this.expectPunct(COMMA, "',' or '}'");
        }
      }
      this.fail(`expected metadata after '!' but found ${this.describe(n)}`, n);
    }
    if (kind === TK.word && this.toks.textIs(t, 'distinct')) {
      this.p++;
      this.metadataValue(refs);
      return;
    }
    // `T v` as metadata (ValueAsMetadata)
    const v = this.typedValue(true);
    collectRefs(v, refs);
  }

  // ---------------------------------------------------------------------------------------------
  // Attributes

  /** Parses attributes until a token that cannot start one (a shared empty list when there are none). */
  private attributes(stopAtAlignInt = false): readonly LAttribute[] {
    let out: LAttribute[] | undefined;
    for (;;) {
      const t = this.peek();
      const kind = this.k(t);
      if (kind === TK.str) {
        this.p++;
        const key = this.v(t);
        (out ??= []).push(this.eatPunct(EQ) ? { key, value: this.expectString(`the value of "${key}"`) } : { key });
        continue;
      }
      if (kind !== TK.word) return out ?? EMPTY_ATTRS;
      const w = this.v(t);
      if (w === 'align' && stopAtAlignInt) return out ?? EMPTY_ATTRS;
      if (TYPE_ATTRS.has(w)) {
        this.p++;
        if (this.eatPunct(LPAREN)) {
          const type = this.type();
          this.expectPunct(RPAREN);
          (out ??= []).push({ key: w, type });
        } else (out ??= []).push({ key: w });
        continue;
      }
      if (w === 'align' || w === 'alignstack') {
        this.p++;
        const value = (paren?: number): number => (w === 'align' ? this.alignment(paren) : this.expectInt('an alignment'));
        const paren = this.p;
        if (this.eatPunct(LPAREN)) {
          const n = value(paren);
          this.expectPunct(RPAREN);
          (out ??= []).push({ key: w, value: String(n) });
        } else if (this.pk() === TK.int) (out ??= []).push({ key: w, value: String(value()) });
        else (out ??= []).push({ key: w });
        continue;
      }
      if (INT_ARG_ATTRS.has(w) || isLowerIdentifier(w)) {
        if (!isAttributeWord(w)) return out ?? EMPTY_ATTRS;
        this.p++;
        if (this.isPunct(LPAREN)) {
          const from = this.p;
          this.skipBalanced();
          (out ??= []).push({ key: w, value: this.sliceTokens(from + 1, this.p - 1) });
        } else (out ??= []).push({ key: w });
        continue;
      }
      return out ?? EMPTY_ATTRS;
    }
  }

  private attributeGroup(): void {
    const from = this.p;
    this.expectWord('attributes');
    const g = this.next();
    if (this.k(g) !== TK.attrgrp) this.fail(`expected '#N' after 'attributes' but found ${this.describe(g)}`, g);
    this.expectPunct(EQ);
    this.expectPunct(LBRACE);
    const attrs: LAttribute[] = [];
    for (;;) {
      for (const a of this.attributes()) attrs.push(a);
      if (this.eatPunct(RBRACE)) break;
      const t = this.peek();
      if (this.k(t) === TK.word) {
        // Unknown keyword attribute (kept).
        this.p++;
        if (this.isPunct(LPAREN)) this.skipBalanced();
        attrs.push({ key: this.v(t) });
        continue;
      }
      this.fail(`expected an attribute or '}' but found ${this.describe(t)}`, t);
    }
    const name = this.v(g);
    const n = Number(name);
    if (this.attributeGroups.has(n)) this.fail(`redefinition of attribute group #${n}`, g);
    this.attributeGroups.set(n, attrs);
    this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'attributes', name });
  }

  /** `#N` references and inline attributes, in any mix (function/global trailers). */
  private groupRefs(groups: number[], attrs: LAttribute[]): void {
    for (;;) {
      const t = this.peek();
      if (this.k(t) === TK.attrgrp) {
        this.p++;
        groups.push(Number(this.v(t)));
        continue;
      }
      const a = this.attributes(true);
      if (a.length === 0) return;
      for (const x of a) attrs.push(x);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Globals

  private globalEntity(): void {
    const from = this.p;
    const nameTok = this.next();
    const name = this.v(nameTok);
    this.defineGlobal(nameTok, name);
    this.expectPunct(EQ);
    let addrspace = 0;
    const linkage = this.entityPrefix((w) => {
      if (!GLOBAL_PREFIX_ARGUMENTS.has(w)) return false;
      this.p++;
      const as = this.keywordArgument(w);
      if (as !== undefined) addrspace = as;
      return true;
    });
    const kw = this.next();
    const kwv = this.v(kw);
    const isWord = this.k(kw) === TK.word;
    if (isWord && kwv === 'ifunc') this.fail('global ifuncs are not supported', kw, 'FORMAT');
    const alias = isWord && kwv === 'alias';
    if (!isWord || (kwv !== 'global' && kwv !== 'constant' && !alias)) this.fail(`expected 'global', 'constant' or 'alias' but found ${this.describe(kw)}`, kw);
    // An alias (`@C1 = alias T, ptr @C2`: clang's constructor and destructor aliases,
    // -mconstructor-aliases, which the SYCL driver passes) is kept as a global whose initializer is
    // its aliasee (LLParser::parseAliasOrIFunc): GlobalDCE and the splitter then keep the aliasee with it.
    if (alias) {
      this.type();
      this.expectPunct(COMMA);
    }
    // (an aliasee may be a constant expression without a type before it, as LLParser reads one:
    // `@a = alias i32, getelementptr (…)`; it is a pointer)
    const untyped = alias && this.pk() === TK.word && CAST_OPS.has(this.v(this.peek())) || (alias && this.pk() === TK.word && this.toks.textIs(this.peek(), 'getelementptr'));
    const valueType = untyped ? OPAQUE_PTR0 : this.type();
    let initFrom = this.p;
    let initTo = this.p;
    // `external` / `extern_weak` globals are declarations without an initializer (LLParser::parseGlobal).
    // The initializer is checked now and read again from its tokens when asked for (ParsedGlobal).
    if (alias || (linkage !== 'external' && linkage !== 'extern_weak')) {
      this.skipNl();
      initFrom = this.p;
      this.checkValue(valueType);
      initTo = this.p;
    }
    const metadata: { kind: string; node: string }[] = [];
    const attrGroups: number[] = [];
    const attrs: LAttribute[] = [];
    while (this.eatPunct(COMMA)) {
      const ki = this.next();
      const kk = this.k(ki);
      const kv = kk === TK.word ? this.v(ki) : '';
      if (GLOBAL_TRAILER_ARGUMENTS.has(kv)) this.keywordArgument(kv);
      else if (kk === TK.meta) {
        const refs: string[] = [];
        this.metadataValue(refs);
        metadata.push({ kind: this.v(ki), node: refs[0] ?? '' });
      } else this.fail(`unexpected ${this.describe(ki)} in the global's attribute list`, ki);
    }
    this.groupRefs(attrGroups, attrs);
    const g = new ParsedGlobal(this, name, kwv === 'constant', addrspace, valueType, initFrom, initTo, linkage, orEmpty(attrGroups), orEmpty(attrs), orEmpty(metadata), from, this.p, this.toks.placeOf(nameTok), alias);
    this.globals.push(g);
    this.items.push({ kind: 'global', global: g });
  }

  // ---------------------------------------------------------------------------------------------
  // Functions

  private functionEntity(): void {
    const from = this.p;
    const kw = this.next();
    const isDeclaration = this.toks.textIs(kw, 'declare');
    const fnMetadata: { kind: string; node: string }[] = [];
    // LLParser::parseDeclare: a declaration's metadata attachments come right after `declare`
    // (`declare !dbg !107 void @f()`); a definition's after its header (below).
    if (isDeclaration) while (this.k(this.peek()) === TK.meta) this.metadataAttachment(fnMetadata);
    let cc: string | undefined;
    const linkage = this.entityPrefix((w) => {
      if (!isCallingConv(w)) return false;
      cc = w;
      this.p++;
      return true;
    });
    this.attributes(); // return attributes
    const retType = this.type();
    const nameTok = this.next();
    if (this.k(nameTok) !== TK.gvar) this.fail(`expected a function name but found ${this.describe(nameTok)}`, nameTok);
    const name = this.v(nameTok);
    this.defineGlobal(nameTok, name);
    this.expectPunct(LPAREN);
    const params: LParam[] = [];
    const paramNames = new Set<string>();
    const varargs = this.parameterList(() => {
      const typeAt = this.peek();
      const type = this.type();
      const attrs = this.attributes();
      const n = this.peek();
      let pname: string | undefined;
      if (this.k(n) === TK.lvar) {
        pname = this.v(n);
        // (LLParser::parseArgumentList, at the parameter's type)
        if (paramNames.has(pname)) this.fail(`redefinition of argument '${printLocalName(pname)}'`, typeAt);
        paramNames.add(pname);
        this.p++;
      }
      params.push({ type, attrs, name: pname });
    });
    const attrGroups: number[] = [];
    const attrs: LAttribute[] = [];
    // Trailer: unnamed_addr, addrspace(N), #N, attributes, section, comdat, align, gc, prefix, prologue, personality, !md
    for (;;) {
      const t = this.peek();
      const kind = this.k(t);
      if (kind === TK.attrgrp) {
        this.p++;
        attrGroups.push(Number(this.v(t)));
        continue;
      }
      if (kind === TK.word) {
        const w = this.v(t);
        if (FUNCTION_TRAILER_ARGUMENTS.has(w)) {
          this.p++;
          this.keywordArgument(w);
          continue;
        }
        const a = this.attributes(true);
        if (a.length) {
          for (const x of a) attrs.push(x);
          continue;
        }
        break;
      }
      if (kind === TK.str) {
        for (const x of this.attributes(true)) attrs.push(x);
        continue;
      }
      // After a declaration's header, `!name` starts the next entity (named metadata).
      if (kind === TK.meta && !isDeclaration) {
        this.metadataAttachment(fnMetadata);
        continue;
      }
      break;
    }
    const headerTo = this.p;
    const blocks: LBlock[] = [];
    let bodyEnd = this.p;
    if (!isDeclaration) {
      this.expectPunct(LBRACE);
      bodyEnd = this.body(blocks, params);
    }
    const fn: LFunction = {
      name,
      isDeclaration,
      retType,
      params,
      varargs,
      cc,
      linkage,
      attrGroups,
      attrs,
      metadata: fnMetadata,
      blocks,
      headerFrom: from,
      headerTo,
      bodyEnd,
      line: this.toks.lineOf(kw),
    };
    this.functions.push(fn);
    this.items.push({ kind: 'function', fn });
  }

  /** One `!kind !node` attachment of a function (the cursor on `!kind`). */
  private metadataAttachment(out: { kind: string; node: string }[]): void {
    const t = this.next();
    const refs: string[] = [];
    this.metadataValue(refs);
    const node = refs[0] ?? '';
    out.push({ kind: this.v(t), node: node.startsWith('!') ? node.slice(1) : node });
  }

  /** Function body after `{`; returns the index of the closing `}` token. */
  private body(blocks: LBlock[], params: readonly LParam[]): number {
    let cur: LBlock | undefined;
    // LLParser's next unnamed number (PerFunctionState NumberedVals): after the largest numbered
    // value so far (numbers may skip ahead); an unnamed parameter or unlabelled block takes it.
    let next = 0;
    for (const p of params) next = p.name === undefined ? next + 1 : DIGITS.test(p.name) ? Number(p.name) + 1 : next;
    for (;;) {
      this.skipNl();
      const t = this.p;
      const kind = this.k(t);
      if (kind === TK.eof) this.fail("expected '}' at the end of the function body", t);
      // A function's `uselistorder` directives (after its instructions): the use lists of its local
      // values, which nothing here reads; read over, never printed back.
      if (kind === TK.word && (this.toks.textIs(t, 'uselistorder') || this.toks.textIs(t, 'uselistorder_bb')) && blocks.length) {
        this.useListDirective();
        continue;
      }
      if (this.isPunctAt(t, RBRACE)) {
        this.p++;
        if (!blocks.length) this.fail('function body requires at least one basic block', t);
        return this.p - 1;
      }
      if (kind === TK.label) {
        this.p++;
        const label = this.v(t);
        if (DIGITS.test(label)) next = Number(label) + 1;
        cur = { label, labelTok: this.toks.get(t), instructions: [] };
        blocks.push(cur);
        continue;
      }
      if (!cur) {
        // The entry block, or an instruction after a terminator: a new block, numbered (LLParser
        // parseBasicBlock: an unlabelled block is the next unnamed value)
        cur = { label: undefined, labelTok: undefined, implicitNumber: String(next++), instructions: [] };
        blocks.push(cur);
      }
      const ins = this.instruction();
      cur.instructions.push(ins);
      if (ins.result !== undefined && DIGITS.test(ins.result)) next = Number(ins.result) + 1;
      if (TERMINATORS.has(ins.opcode)) cur = undefined;
    }
  }

  /**
   * `uselistorder TYPE VALUE, { i, … }` or `uselistorder_bb @f, %bb, { i, … }` (LLParser::
   * parseUseListOrder / parseUseListOrderBB): the value when it is a global (`@name`), and the indexes.
   */
  private useListDirective(): { global?: string; indexes: number[] } {
    const kw = this.next();
    let global: string | undefined;
    if (this.toks.textIs(kw, 'uselistorder_bb')) {
      this.next(); // @f
      this.expectPunct(COMMA);
      this.next(); // %bb
    } else {
      this.type();
      const v = this.peek();
      if (this.k(v) === TK.gvar && this.isPunctAt(v + 1, COMMA)) global = this.v(v);
      // the value (a constant expression too): to the comma at depth 0
      let depth = 0;
      for (;;) {
        const i = this.peek();
        const k = this.k(i);
        if (k === TK.eof) this.fail("expected ',' before the use-list order's indexes", i);
        if (k === TK.punct) {
          const c = this.toks.charAt(i);
          if (c === COMMA && depth === 0) break;
          if (c === LPAREN || c === LBRACK || c === LBRACE || c === LT) depth++;
          else if (c === RPAREN || c === RBRACK || c === RBRACE || c === GT) depth--;
        }
        this.p++;
      }
    }
    this.expectPunct(COMMA);
    const open = this.expectPunct(LBRACE);
    const indexes: number[] = [];
    for (;;) {
      indexes.push(this.expectInt('a use-list index'));
      if (this.eatPunct(RBRACE)) break;
      this.expectPunct(COMMA, "',' or '}'");
    }
    // LLParser::parseUseListOrderIndexes's checks (the count of the value's uses, which it checks
    // too, is not known here: a list of another length leaves the order read, use-list-order.ts)
    if (indexes.length < 2) this.fail('expected >= 2 uselistorder indexes', open);
    const seen = new Uint8Array(indexes.length);
    let sorted = true;
    for (let i = 0; i < indexes.length; i++) {
      const x = indexes[i]!;
      if (x >= indexes.length || seen[x]) this.fail('expected distinct uselistorder indexes in range [0, size)', open);
      seen[x] = 1;
      if (x !== i) sorted = false;
    }
    if (sorted) this.fail('expected uselistorder indexes to change the order', open);
    return global === undefined ? { indexes } : { global, indexes };
  }

  private instruction(): LInstruction {
    const from = this.p;
    const first = this.p;
    let result: string | undefined;
    if (this.k(first) === TK.lvar && this.isPunctAt(first + 1, EQ)) {
      result = this.v(first);
      this.p += 2;
      this.skipNl();
    }
    const opTok = this.p;
    if (this.k(opTok) !== TK.word) this.fail(`expected an instruction but found ${this.describe(opTok)}`, opTok);
    let opcode = this.v(opTok);
    const save = this.p;
    let afterOp = opTok + 1;
    while (this.k(afterOp) === TK.nl) afterOp++;
    if ((opcode === 'tail' || opcode === 'musttail' || opcode === 'notail') && this.k(afterOp) === TK.word && this.toks.textIs(afterOp, 'call')) opcode = 'call';
    // Find the end: a line break at bracket depth 0 before what begins something else
    // (lineBreakEndsInstruction), or the start of the next instruction on the same line (LLLexer
    // treats line breaks as blanks, so `call void @f()  call void @g()` is two instructions;
    // sycl-post-link's spec-constants/SYCL-2020.ll has such a line).
    let depth = 0;
    let end = this.p;
    /** The last token before `end` that is not a line break. */
    let lastWord = this.p;
    const usesLocal: string[] = [];
    const usesGlobal: string[] = [];
    const toks = this.toks;
    for (;; end++) {
      const kind = toks.kindCode(end);
      if (kind === TK.eof) break;
      if (kind === TK.nl) {
        if (depth !== 0) continue;
        let j = end + 1;
        while (toks.kindCode(j) === TK.nl) j++;
        if (lineBreakEndsInstruction(toks, j, lastWord)) break;
        end = j - 1;
        continue;
      }
      lastWord = end;
      if (kind === TK.punct) {
        const c = toks.charAt(end);
        if (c === LPAREN || c === LBRACK || c === LBRACE || c === LT) {
          depth++;
          if (depth > MAX_IR_NESTING) this.fail(IR_NESTING_MESSAGE, end, 'LIMIT');
        } else if (c === RPAREN || c === RBRACK || c === RBRACE || c === GT) {
          depth--;
          if (depth < 0) {
            if (c === RBRACE && end > this.p) break; // `}` closing the function on the same line
            this.fail(`unexpected '${String.fromCharCode(c)}'`, end);
          }
        }
      } else if (kind === TK.lvar) {
        if (depth === 0 && end > opTok && this.isPunctAt(end + 1, EQ)) break; // `%x = …`
        usesLocal.push(toks.valueOf(end));
      } else if (kind === TK.gvar) usesGlobal.push(toks.valueOf(end));
      else if (kind === TK.word && depth === 0 && end > opTok && startsVoidInstruction(toks, end)) break;
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
      if (this.p !== end) this.fail(`unexpected ${this.describe(this.p)} in the call instruction`, this.p);
      // LLParser::parseCall: a module holds debug records or the old intrinsics, not both (at the
      // token after `call`, where LLParser's CallLoc is)
      const callee = call.callee.value;
      if (callee.k === 'global' && OLD_DEBUG_INTRINSICS.has(callee.name)) {
        if (this.seenDebugRecords) {
          let at = toks.textIs(opTok, 'call') ? opTok + 1 : afterOp + 1;
          while (toks.kindCode(at) === TK.nl) at++;
          this.fail('llvm.dbg intrinsic should not appear in a module using non-intrinsic debug info', at);
        }
        this.seenDebugIntrinsics = true;
      }
    } else if (opcode.startsWith('#dbg_')) {
      // LLParser::parseDebugRecord
      if (this.seenDebugIntrinsics) this.fail('debug record should not appear in a module containing debug info intrinsics', opTok);
      this.seenDebugRecords = true;
    }
    this.p = end;
    return new ParsedInstruction(result, opcode, from, end, toks.placeOf(first), call, orEmpty(usesLocal), orEmpty(usesGlobal));
  }

  /** `[tail] call [fmf] [cc] [ret attrs] [addrspace(N)] T [(params)] callee(args) [fn attrs] [bundles] [, !md]*` */
  private callInstruction(end: number): LCall {
    // (line breaks inside the call are blanks: each read skips them, up to the end found)
    const word = (): string | undefined => (this.pk() === TK.word ? this.v() : undefined);
    const w0 = word();
    if (w0 === 'tail' || w0 === 'musttail' || w0 === 'notail') this.p++;
    this.skipNl();
    this.p++; // call
    let cc: string | undefined;
    while (FMF.has(word() ?? '')) this.p++;
    const ccw = word();
    if (ccw !== undefined && isCallingConv(ccw)) {
      cc = ccw;
      this.p++;
    }
    this.attributes(true);
    while (word() === 'align') {
      this.p++;
      this.alignment();
      this.attributes(true);
    }
    if (word() === 'addrspace' && this.isPunctAt(this.p + 1, LPAREN) && !this.ptrSuffixFollows()) {
      this.p++;
      this.addrspaceArg();
    }
    let retType = this.type();
    const fnType = retType.kind === 'function' ? retType : undefined;
    if (retType.kind === 'function') retType = retType.ret;
    this.skipNl();
    const calleeFrom = this.p;
    const calleeTok = this.p;
    const ck = this.k(calleeTok);
    let calleeValue: LValue;
    if (ck === TK.lvar || ck === TK.gvar) {
      this.p++;
      calleeValue = ck === TK.lvar ? { k: 'local', name: this.v(calleeTok), at: calleeTok } : { k: 'global', name: this.v(calleeTok), at: calleeTok };
    } else if (ck === TK.word && this.toks.textIs(calleeTok, 'asm')) {
      this.p++;
      while (this.k() === TK.word) this.p++;
      this.expectString('inline assembly');
      this.expectPunct(COMMA);
      this.expectString('asm constraints');
      calleeValue = { k: 'expr', op: 'asm', refs: [] };
    } else {
      calleeValue = this.value(OPAQUE_PTR0, true);
    }
    const callee: LTyped = { type: OPAQUE_PTR0, value: calleeValue, from: calleeFrom, to: this.p, valueFrom: calleeFrom };
    this.expectPunct(LPAREN);
    const args: { value: LTyped; attrs: readonly LAttribute[] }[] = [];
    if (!this.eatPunct(RPAREN)) {
      for (;;) {
        if (this.eatPunct(DOT)) {
          this.expectPunct(RPAREN);
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
        if (this.eatPunct(RPAREN)) break;
        if (!this.isPunct(COMMA)) this.fail(`expected ',' or ')' in the argument list but found ${this.describe(this.peek())}`, this.peek());
        this.p++;
      }
    }
    // Function attributes, #N, operand bundles, metadata attachments.
    for (;;) {
      this.skipNl();
      if (this.p >= end) break;
      const t = this.p;
      const kind = this.k(t);
      if (kind === TK.attrgrp) {
        this.p++;
        continue;
      }
      if (this.isPunctAt(t, LBRACK)) {
        this.skipBalanced();
        continue;
      }
      if (this.isPunctAt(t, COMMA)) {
        this.p++;
        const m = this.peek();
        if (this.k(m) !== TK.meta) this.fail(`expected a metadata attachment after ',' but found ${this.describe(m)}`, m);
        this.p++;
        const refs: string[] = [];
        this.metadataValue(refs);
        continue;
      }
      const a = this.attributes();
      if (a.length === 0) break;
    }
    if (this.p > end) this.fail('call instruction runs past the end of the line', end);
    return fnType ? { callee, retType, args, cc, fnType } : { callee, retType, args, cc };
  }

  // ---------------------------------------------------------------------------------------------
  // Metadata

  private metadataEntity(): void {
    const from = this.p;
    const nameTok = this.next();
    const name = this.v(nameTok);
    this.expectPunct(EQ);
    if (isDigits(name)) {
      const refs: string[] = [];
      const s = this.p;
      this.metadataValue(refs);
      if (this.metadata.has(name)) this.fail(`metadata !${name} is defined twice`, nameTok);
      this.metadata.set(name, { text: this.sliceTokens(s, this.p), refs, tokFrom: from, tokTo: this.p });
      this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'md', name });
      return;
    }
    this.expectPunct(BANG);
    this.expectPunct(LBRACE);
    const ops: string[] = [];
    if (!this.eatPunct(RBRACE)) {
      for (;;) {
        const t = this.next();
        if (this.k(t) !== TK.meta || !isDigits(this.v(t))) this.fail(`named metadata operands must be !N references, found ${this.describe(t)}`, t);
        ops.push('!' + this.v(t));
        if (this.eatPunct(RBRACE)) break;
        this.expectPunct(COMMA, "',' or '}'");
      }
    }
    if (this.namedMetadata.has(name)) this.fail(`named metadata !${name} is defined twice`, nameTok);
    this.namedMetadata.set(name, ops);
    this.items.push({ kind: 'text', tokFrom: from, tokTo: this.p, what: 'named-md', name });
  }

  /** Source text of tokens [from, to), comments and line breaks collapsed to single spaces. */
  sliceTokens(from: number, to: number): string {
    return joinTokens(this.text, this.toks, from, to);
  }
}

/** A global variable of a parsed module; its initializer is read from its tokens when asked for. */
class ParsedGlobal implements LGlobal {
  readonly #reader: IrParser;
  readonly #place: TokenPlace;
  constructor(
    reader: IrParser,
    readonly name: string,
    readonly isConstant: boolean,
    readonly addrspace: number,
    readonly valueType: LType,
    readonly initFrom: number,
    readonly initTo: number,
    readonly linkage: string | undefined,
    readonly attrGroups: readonly number[],
    readonly attrs: readonly LAttribute[],
    readonly metadata: readonly { readonly kind: string; readonly node: string }[],
    readonly tokFrom: number,
    readonly tokTo: number,
    place: TokenPlace,
    /** An alias: the initializer is its aliasee. */
    readonly isAlias = false,
  ) {
    this.#reader = reader;
    this.#place = place;
  }

  /** 1-based line of the global's name (computed when read). */
  get line(): number {
    return this.#place.line;
  }

  get initializer(): LTyped | undefined {
    return this.initTo > this.initFrom ? this.#reader.reread(this.valueType, this.initFrom, this.initTo) : undefined;
  }

  /** The plain {@link LGlobal} with its line, for JSON (the initializer stays a token range: its integers are bigints). */
  toJSON(): Omit<LGlobal, 'initializer'> {
    const { name, isConstant, addrspace, valueType, initFrom, initTo, linkage, attrGroups, attrs, metadata, tokFrom, tokTo, line, isAlias } = this;
    return { name, isConstant, addrspace, valueType, initFrom, initTo, linkage, attrGroups, attrs, metadata, tokFrom, tokTo, line, ...(isAlias ? { isAlias } : {}) };
  }
}

/** An instruction of a parsed module; its line and column are computed when read (few are ever reported). */
class ParsedInstruction implements LInstruction {
  readonly #place: TokenPlace;
  constructor(
    readonly result: string | undefined,
    readonly opcode: string,
    readonly tokFrom: number,
    readonly tokTo: number,
    place: TokenPlace,
    readonly call: LCall | undefined,
    readonly usesLocal: readonly string[],
    readonly usesGlobal: readonly string[],
  ) {
    this.#place = place;
  }
  /** 1-based line of the instruction's first token. */
  get line(): number {
    return this.#place.line;
  }
  /** 1-based column of the instruction's first token. */
  get column(): number {
    return this.#place.column;
  }
  /** The plain {@link LInstruction} (line and column included), for JSON. */
  toJSON(): LInstruction {
    const { result, opcode, tokFrom, tokTo, line, column, call, usesLocal, usesGlobal } = this;
    return { result, opcode, tokFrom, tokTo, line, column, call, usesLocal, usesGlobal };
  }
}

/** The callee's type placeholder (`ptr`): calls are typed by their return type and arguments. */
const OPAQUE_PTR0: LType = { kind: 'ptr', addrspace: 0 };

/**
 * Source text of tokens [from, to): original spacing, but comments/line breaks become one space.
 * `subst(i)` may replace a `%name` / `@name` token (index `i`) by other text.
 */
export function joinTokens(text: string, toks: TokenList, from: number, to: number, subst?: (i: number) => string | undefined, folds?: TokenFolds): string {
  let out = '';
  let prevEnd = -1;
  for (let i = from; i < to; i++) {
    const kind = toks.kindCode(i);
    if (kind === TK.nl) continue;
    const start = toks.startOf(i);
    if (prevEnd >= 0 && start > prevEnd) {
      if (start === prevEnd + 1 && text.charCodeAt(prevEnd) === 32) out += ' ';
      else out += gapText(text, prevEnd, start);
    }
    const fold = folds?.get(i);
    if (fold !== undefined && fold.next <= to) {
      // A constant expression LLParser folds (see TokenFolds): its replacement's tokens instead of its own.
      out += joinTokens(text, toks, fold.from, fold.to, subst, folds);
      prevEnd = toks.endOf(fold.next - 1);
      i = fold.next - 1;
      continue;
    }
    const end = toks.endOf(i);
    const s = subst !== undefined && (kind === TK.lvar || kind === TK.gvar) ? subst(i) : undefined;
    out += s ?? text.slice(start, end);
    prevEnd = end;
  }
  return out;
}

/**
 * Constant expressions that LLParser folds while reading (ConstantExpr::get… → ConstantFold), keyed
 * by their first token: the tokens [from, to) are printed instead of the tokens up to `next`.
 */
export type TokenFolds = ReadonlyMap<number, { readonly from: number; readonly to: number; readonly next: number }>;

/** The text between two tokens as joinTokens writes it: kept unless it holds a comment or a line break (then one space). */
export function gapText(text: string, from: number, to: number): string {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 59 || c === 10) return ' ';
  }
  return text.slice(from, to);
}

/** `[a-z_][a-z0-9_]*` */
function isLowerIdentifier(w: string): boolean {
  for (let k = 0; k < w.length; k++) {
    const c = w.charCodeAt(k);
    const ok = (c >= 97 && c <= 122) || c === 95 || (k > 0 && c >= 48 && c <= 57);
    if (!ok) return false;
  }
  return w.length > 0;
}

function isAttributeWord(w: string): boolean {
  // LLParser's keyword attributes only (formats/llvm-attributes.ts): another word where attributes
  // are read ends them, and what follows must then make sense (`declare void @f() garbage` does not).
  return LLVM_ATTRIBUTE_KEYWORDS.has(w) && !NOT_ATTRIBUTE_WORDS.has(w);
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
        appendAll(stack, val.elements);
        break;
      case 'cast':
        stack.push(val.operand);
        break;
      case 'gep':
        stack.push(val.base, ...val.indices);
        break;
      case 'expr':
      case 'metadata':
        appendAll(refs, val.refs);
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
  if (a === b) return true;
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

/** `%name` / `%"quoted name"` (a byte string; a name of digits is a numbered value), as AsmWriter prints it. */
export function printLocalName(name: string, sigil = '%'): string {
  return printLlvmName(sigil, name, true);
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
