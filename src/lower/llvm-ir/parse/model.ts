/**
 * The in-memory model of an LLVM IR module as the reader builds it: what the SYCL lowering needs
 * (types, globals with initializers and attributes, functions with their calls, attribute groups,
 * metadata) plus the token spans to print the module back after edits (src/lower/llvm-ir/print.ts).
 *
 * Types (`LType`) cover LLVM's first-class types in both pointer dialects: typed pointers
 * (`i8 addrspace(4)*`, `pointee` set) and opaque ones (`ptr addrspace(4)`). Named structs are shared
 * mutable objects (a reference before the `type` line creates the object, the line fills its
 * body), so `%struct.A` compares by identity as in LLVM and recursive types through pointers work.
 */
import type { Token, TokenList } from './lexer.js';

export type LType =
  | { readonly kind: 'void' }
  | { readonly kind: 'label' }
  | { readonly kind: 'metadata' }
  | { readonly kind: 'token' }
  | { readonly kind: 'int'; readonly bits: number }
  | { readonly kind: 'float'; readonly float: 'half' | 'bfloat' | 'float' | 'double' | 'x86_fp80' | 'fp128' | 'ppc_fp128' }
  | { readonly kind: 'ptr'; readonly addrspace: number; readonly pointee?: LType }
  | { readonly kind: 'array'; readonly length: number; readonly element: LType }
  | { readonly kind: 'vector'; readonly length: number; readonly element: LType; readonly scalable: boolean }
  | { readonly kind: 'function'; readonly ret: LType; readonly params: readonly LType[]; readonly varargs: boolean }
  | { readonly kind: 'target'; readonly text: string }
  | LStruct;

/** A struct type; named ones are shared objects whose body is set when the definition is read. */
export interface LStruct {
  readonly kind: 'struct';
  /** Identified struct name without `%` (absent for literal structs). */
  readonly name?: string;
  packed: boolean;
  /** `type opaque` (or referenced but never defined). */
  opaque: boolean;
  elements: LType[];
}

/** A constant or value operand as written (typed). `at` is the token index (LModule.tokens). */
export type LValue =
  | { readonly k: 'local'; readonly name: string; readonly at: number }
  | { readonly k: 'global'; readonly name: string; readonly at: number }
  | { readonly k: 'int'; readonly value: bigint }
  | { readonly k: 'bool'; readonly value: boolean }
  | { readonly k: 'fp'; readonly text: string; readonly at: number }
  | { readonly k: 'null' | 'undef' | 'poison' | 'zero' | 'none' }
  | { readonly k: 'struct' | 'array' | 'vector'; readonly elements: readonly LTyped[] }
  | { readonly k: 'cstr'; readonly bytes: string }
  | { readonly k: 'cast'; readonly op: string; readonly operand: LTyped; readonly to: LType }
  | { readonly k: 'gep'; readonly source: LType; readonly base: LTyped; readonly indices: readonly LTyped[] }
  | { readonly k: 'expr'; readonly op: string; readonly refs: readonly string[] }
  | { readonly k: 'metadata'; readonly refs: readonly string[] };

/** A value with its type. */
export interface LTyped {
  readonly type: LType;
  readonly value: LValue;
  /** Token index range [from, to) of the `type value` text. */
  readonly from: number;
  readonly to: number;
  /** Token index where the value starts (after the type and any parameter attributes). */
  readonly valueFrom: number;
}

/** An attribute as written: `name`, `name(…)`, `"key"` or `"key"="value"`. */
export interface LAttribute {
  readonly key: string;
  readonly value?: string;
  /** Type argument of `sret(T)`, `byval(T)`, `elementtype(T)`. */
  readonly type?: LType;
}

/** A global variable (`@x = … global/constant T init, …`). */
export interface LGlobal {
  readonly name: string;
  readonly isConstant: boolean;
  readonly addrspace: number;
  readonly valueType: LType;
  /**
   * The initializer, read from its tokens on each access (checked when the module was read, kept
   * as a token range: a module's many constants then cost the garbage collector nothing until a
   * pass looks at one). Read it once into a local.
   */
  readonly initializer?: LTyped;
  /** Token range [from, to) of the initializer's value (empty for declarations). */
  readonly initFrom: number;
  readonly initTo: number;
  readonly linkage?: string;
  /** `#N` references. */
  readonly attrGroups: readonly number[];
  /** Attributes written inline after the metadata. */
  readonly attrs: readonly LAttribute[];
  /** `!kind !N` attachments. */
  readonly metadata: readonly { readonly kind: string; readonly node: string }[];
  readonly tokFrom: number;
  readonly tokTo: number;
  readonly line: number;
}

/** A formal parameter. */
export interface LParam {
  readonly type: LType;
  readonly attrs: readonly LAttribute[];
  readonly name?: string;
}

/** A call/invoke site found in a function body. */
export interface LCall {
  readonly callee: LTyped;
  readonly retType: LType;
  readonly args: readonly { readonly value: LTyped; readonly attrs: readonly LAttribute[] }[];
  /** Calling convention keyword written on the call (`spir_func`), if any. */
  readonly cc?: string;
}

/** An instruction: its tokens, result name and, for calls, the parsed call. */
export interface LInstruction {
  /** Result name without `%` (numeric names are digit strings), absent for void results. */
  readonly result?: string;
  readonly opcode: string;
  readonly tokFrom: number;
  readonly tokTo: number;
  readonly line: number;
  readonly column: number;
  readonly call?: LCall;
  /** Local value names used as operands (`%x` tokens after the `=`). */
  readonly usesLocal: readonly string[];
  /** Global names referenced (`@x` tokens). */
  readonly usesGlobal: readonly string[];
}

export interface LBlock {
  /** Label (name or number text); undefined for the unlabelled entry block. */
  readonly label?: string;
  readonly labelTok?: Token;
  readonly instructions: LInstruction[];
}

export interface LFunction {
  readonly name: string;
  readonly isDeclaration: boolean;
  readonly retType: LType;
  readonly params: readonly LParam[];
  readonly varargs: boolean;
  readonly cc?: string;
  readonly linkage?: string;
  readonly attrGroups: readonly number[];
  readonly attrs: readonly LAttribute[];
  /** `!kind !N` attachments of the function (`!N` as its number text). */
  readonly metadata: readonly { readonly kind: string; readonly node: string }[];
  readonly blocks: LBlock[];
  /** Tokens of the header (from `define`/`declare` to before `{`). */
  readonly headerFrom: number;
  readonly headerTo: number;
  /** Token index of the closing `}` (definitions). */
  readonly bodyEnd: number;
  readonly line: number;
}

/** A top-level entity in source order, for printing. */
export type LTopItem =
  | { readonly kind: 'text'; readonly tokFrom: number; readonly tokTo: number; readonly what: 'source_filename' | 'target' | 'type' | 'comdat' | 'attributes' | 'named-md' | 'md' | 'other'; readonly name?: string }
  | { readonly kind: 'global'; readonly global: LGlobal }
  | { readonly kind: 'function'; readonly fn: LFunction };

export interface LModule {
  readonly text: string;
  readonly tokens: TokenList;
  readonly dataLayout?: string;
  readonly triple?: string;
  readonly sourceFilename?: string;
  readonly structs: ReadonlyMap<string, LStruct>;
  readonly globals: readonly LGlobal[];
  /** Global variables by name (without `@`). */
  readonly globalsByName: ReadonlyMap<string, LGlobal>;
  readonly functions: readonly LFunction[];
  readonly attributeGroups: ReadonlyMap<number, readonly LAttribute[]>;
  /** `!name = !{!0, !1}` operand texts (`!0`). */
  readonly namedMetadata: ReadonlyMap<string, readonly string[]>;
  /** `!N = …` node texts, by number. */
  readonly metadata: ReadonlyMap<string, { readonly text: string; readonly refs: readonly string[]; readonly tokFrom: number; readonly tokTo: number }>;
  readonly items: readonly LTopItem[];
  /** Whether any pointer was written as `ptr` (opaque dialect). */
  readonly opaquePointers: boolean;
}
