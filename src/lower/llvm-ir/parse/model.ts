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

/** An LLVM first-class type as written: typed (`pointee` set) or opaque pointers; named structs are shared `LStruct` objects. */
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
  /** Discriminant of `LType`. */
  readonly kind: 'struct';
  /** Identified struct name without `%` (absent for literal structs). */
  readonly name?: string;
  /** `<{ … }>`: laid out without padding. */
  packed: boolean;
  /** `type opaque` (or referenced but never defined). */
  opaque: boolean;
  /** Element types in order (empty while opaque). */
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
  /** The type written before the value. */
  readonly type: LType;
  /** The value operand. */
  readonly value: LValue;
  /** Token index range [from, to) of the `type value` text. */
  readonly from: number;
  /** End of the token range (exclusive). */
  readonly to: number;
  /** Token index where the value starts (after the type and any parameter attributes). */
  readonly valueFrom: number;
}

/** An attribute as written: `name`, `name(…)`, `"key"` or `"key"="value"`. */
export interface LAttribute {
  /** Attribute name, or the quoted key of a string attribute (without quotes). */
  readonly key: string;
  /** Value of `"key"="value"` or the text inside `name(…)`; absent for a bare `name`. */
  readonly value?: string;
  /** Type argument of `sret(T)`, `byval(T)`, `elementtype(T)`. */
  readonly type?: LType;
}

/** A global variable (`@x = … global/constant T init, …`). */
export interface LGlobal {
  /** Name without `@`. */
  readonly name: string;
  /** `constant` rather than `global`. */
  readonly isConstant: boolean;
  /** A global alias (`@a = alias T, ptr @b`): `valueType` and the initializer are its aliasee's pointer type and the aliasee. */
  readonly isAlias?: boolean;
  /** `addrspace(N)` of the global (0 when not written). */
  readonly addrspace: number;
  /** The type of the value stored (the `T` of `global T init`). */
  readonly valueType: LType;
  /**
   * The initializer, read from its tokens on each access (checked when the module was read, kept
   * as a token range: a module's many constants then cost the garbage collector nothing until a
   * pass looks at one). Read it once into a local.
   */
  readonly initializer?: LTyped;
  /** Token range [from, to) of the initializer's value (empty for declarations). */
  readonly initFrom: number;
  /** End of the initializer's token range (exclusive). */
  readonly initTo: number;
  /** Linkage keyword (`internal`, `linkonce_odr`, …) when written. */
  readonly linkage?: string;
  /** `#N` references. */
  readonly attrGroups: readonly number[];
  /** Attributes written inline after the metadata. */
  readonly attrs: readonly LAttribute[];
  /** `!kind !N` attachments. */
  readonly metadata: readonly { readonly kind: string; readonly node: string }[];
  /** First token of the definition (the `@name`). */
  readonly tokFrom: number;
  /** End of the definition's token range (exclusive). */
  readonly tokTo: number;
  /** 1-based source line of the global's name. */
  readonly line: number;
}

/** A formal parameter. */
export interface LParam {
  /** Parameter type. */
  readonly type: LType;
  /** Parameter attributes (`noundef`, `byval(T)`, …). */
  readonly attrs: readonly LAttribute[];
  /** Name without `%`; absent for unnamed parameters. */
  readonly name?: string;
}

/** A call/invoke site found in a function body. */
export interface LCall {
  /** The called value (a global function, a local pointer or a cast). */
  readonly callee: LTyped;
  /** Return type written at the call. */
  readonly retType: LType;
  /** Arguments with their parameter attributes, in order. */
  readonly args: readonly { readonly value: LTyped; readonly attrs: readonly LAttribute[] }[];
  /** Calling convention keyword written on the call (`spir_func`), if any. */
  readonly cc?: string;
  /** The function type written at the call (`call void (i32, ...) %f(…)`), when one is. */
  readonly fnType?: Extract<LType, { kind: 'function' }>;
}

/** An instruction: its tokens, result name and, for calls, the parsed call. */
export interface LInstruction {
  /** Result name without `%` (numeric names are digit strings), absent for void results. */
  readonly result?: string;
  /** Opcode keyword (`call`, `load`, `getelementptr`, …). */
  readonly opcode: string;
  /** First token of the instruction (the result name, if any). */
  readonly tokFrom: number;
  /** End of the instruction's token range (exclusive). */
  readonly tokTo: number;
  /** 1-based source line of the instruction's first token. */
  readonly line: number;
  /** 1-based column of the instruction's first token. */
  readonly column: number;
  /** The parsed call for `call`/`invoke` instructions. */
  readonly call?: LCall;
  /** Local value names used as operands (`%x` tokens after the `=`). */
  readonly usesLocal: readonly string[];
  /** Global names referenced (`@x` tokens). */
  readonly usesGlobal: readonly string[];
}

/** A basic block of a function body. */
export interface LBlock {
  /** Label (name or number text); undefined for an unlabelled block (the entry block, or one after a terminator). */
  readonly label?: string;
  /** The label's token (absent for the unlabelled entry block). */
  readonly labelTok?: Token;
  /**
   * An unlabelled block's number as LLParser gives it (the next unnamed value's: the entry block,
   * or a block that starts after a terminator without a label), which the function's references use.
   */
  readonly implicitNumber?: string;
  /** Instructions in order, the terminator last. */
  readonly instructions: LInstruction[];
}

/** A function definition (`define`) or declaration (`declare`). */
export interface LFunction {
  /** Name without `@`. */
  readonly name: string;
  /** `declare` (no body). */
  readonly isDeclaration: boolean;
  /** Return type. */
  readonly retType: LType;
  /** Formal parameters in order. */
  readonly params: readonly LParam[];
  /** Whether the parameter list ends in `...`. */
  readonly varargs: boolean;
  /** Calling convention keyword (`spir_kernel`, `spir_func`, …) when written. */
  readonly cc?: string;
  /** Linkage keyword when written. */
  readonly linkage?: string;
  /** `#N` attribute group references. */
  readonly attrGroups: readonly number[];
  /** Function attributes written inline. */
  readonly attrs: readonly LAttribute[];
  /** `!kind !N` attachments of the function (`!N` as its number text). */
  readonly metadata: readonly { readonly kind: string; readonly node: string }[];
  /** Basic blocks in order (empty for declarations). */
  readonly blocks: LBlock[];
  /** Tokens of the header (from `define`/`declare` to before `{`). */
  readonly headerFrom: number;
  /** End of the header's token range (exclusive). */
  readonly headerTo: number;
  /** Token index of the closing `}` (definitions). */
  readonly bodyEnd: number;
  /** 1-based source line of the `define`/`declare` keyword. */
  readonly line: number;
}

/** A top-level entity in source order, for printing. */
export type LTopItem =
  | { readonly kind: 'text'; readonly tokFrom: number; readonly tokTo: number; readonly what: 'source_filename' | 'target' | 'type' | 'comdat' | 'attributes' | 'named-md' | 'md' | 'other'; readonly name?: string }
  | { readonly kind: 'global'; readonly global: LGlobal }
  | { readonly kind: 'function'; readonly fn: LFunction };

/** A parsed LLVM IR module (src/lower/llvm-ir/parse/parser.ts builds it). */
export interface LModule {
  /** The source text the tokens index into. */
  readonly text: string;
  /** All tokens of `text` (column-wise, src/lower/llvm-ir/parse/lexer.ts). */
  readonly tokens: TokenList;
  /** `target datalayout = "…"` string, if present. */
  readonly dataLayout?: string;
  /** `target triple = "…"` string, if present. */
  readonly triple?: string;
  /** `source_filename = "…"`, if present. */
  readonly sourceFilename?: string;
  /** Identified struct types by name (without `%`). */
  readonly structs: ReadonlyMap<string, LStruct>;
  /** Global variables in source order. */
  readonly globals: readonly LGlobal[];
  /** Global variables by name (without `@`). */
  readonly globalsByName: ReadonlyMap<string, LGlobal>;
  /** Functions (definitions and declarations) in source order. */
  readonly functions: readonly LFunction[];
  /** `attributes #N = { … }` by N. */
  readonly attributeGroups: ReadonlyMap<number, readonly LAttribute[]>;
  /** `!name = !{!0, !1}` operand texts (`!0`). */
  readonly namedMetadata: ReadonlyMap<string, readonly string[]>;
  /** `!N = …` node texts, by number. */
  readonly metadata: ReadonlyMap<string, { readonly text: string; readonly refs: readonly string[]; readonly tokFrom: number; readonly tokTo: number }>;
  /** Top-level entities in source order, for printing the module back (src/lower/llvm-ir/print.ts). */
  readonly items: readonly LTopItem[];
  /** Whether any pointer was written as `ptr` (opaque dialect). */
  readonly opaquePointers: boolean;
  /**
   * The module's `uselistorder` directives for global values (llvm-dis -preserve-ll-uselistorder
   * prints the order bitcode keeps): name → each use's new position in the value's use list.
   */
  readonly useListOrders?: ReadonlyMap<string, readonly number[]>;
}
