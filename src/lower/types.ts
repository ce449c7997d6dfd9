/**
 * LLVM IR type syntax → typed AST.
 *
 * Supported syntax (the subset a SYCL specialization constant or device global can have, spec
 * lowering.md §1.D and issue 5): `i1 i8 i16 i32 i64 half float double`, literal structs `{ T, … }`,
 * packed structs `<{ T, … }>`, arrays `[N x T]`, vectors `<N x S>` (S scalar) and `%name` references
 * to named (identified) struct types defined in the manifest's `types` map (`"struct.A": "{ i32 }"`).
 *
 * The AST is immutable and shared: every reference to `%struct.A` resolves to the same
 * {@link StructType} object, so identity comparison (`a === b`) tells "same named type", like LLVM
 * `StructType*`. Named types must be struct bodies (as in LLVM, where only structs are identified);
 * recursion is impossible without pointers, so any cycle is an error.
 *
 * Consumers (layout, default values, spec-constant IDs, and the SPIR-V / LLVM-IR emitters) switch on
 * `kind`:
 *   - `int`    {bits}                      — SPIR-V OpTypeInt bits 0 (i1 → OpTypeBool)
 *   - `float`  {float: half|float|double}  — OpTypeFloat 16/32/64
 *   - `struct` {elements, packed, name?}   — OpTypeStruct (named: `%name` in IR, `_R<name>` mangling)
 *   - `array`  {length, element}           — OpTypeArray
 *   - `vector` {length, element}           — OpTypeVector
 */
import { printLlvmName, utf8ByteString } from './llvm-ir/escape.js';
import { LowerError } from './errors.js';

/** Integer widths the lowering accepts (`i1` … `i64`). */
export type IntBits = 1 | 8 | 16 | 32 | 64;

/**
 * Deepest type nesting accepted (struct/array/vector levels, through named types too). Deeper input
 * is a typed `LIMIT` error instead of a stack overflow in the recursive layout, ID and encoding walks
 * (issue: `{`×2000 `i32` `}`×2000 used to end in `internal error: RangeError`). The same bound as the
 * LLVM IR reader (src/lower/llvm-ir/parse/errors.ts MAX_IR_NESTING).
 */
export const MAX_TYPE_NESTING = 256;
/** Floating-point types the lowering accepts. */
export type FloatKind = 'half' | 'float' | 'double';

/** `iN`. */
export interface IntType {
  /** Discriminant of `IrType`. */
  readonly kind: 'int';
  /** Width in bits. */
  readonly bits: IntBits;
}
/** `half`, `float` or `double`. */
export interface FloatType {
  /** Discriminant of `IrType`. */
  readonly kind: 'float';
  /** Which floating-point type. */
  readonly float: FloatKind;
}
/** An integer or floating-point type. */
export type ScalarType = IntType | FloatType;

/** A struct: literal (`{ … }`, `<{ … }>`) or identified (`%name`, one shared object per name). */
export interface StructType {
  /** Discriminant of `IrType`. */
  readonly kind: 'struct';
  /** `<{ … }>`: no padding between members, ABI alignment 1. */
  readonly packed: boolean;
  /** Name of an identified struct (without `%`), absent for literal structs. */
  readonly name?: string;
  /** Member types in order. */
  readonly elements: readonly IrType[];
}
/** `[N x T]`. */
export interface ArrayType {
  /** Discriminant of `IrType`. */
  readonly kind: 'array';
  /** Number of elements. */
  readonly length: number;
  /** Element type. */
  readonly element: IrType;
}
/** `<N x S>` of a scalar S. */
export interface VectorType {
  /** Discriminant of `IrType`. */
  readonly kind: 'vector';
  /** >= 1 */
  readonly length: number;
  /** Element type (a scalar). */
  readonly element: ScalarType;
}
/** A type with elements. */
export type AggregateType = StructType | ArrayType | VectorType;
/** A type of the supported subset, switched on by `kind` (see the module comment). */
export type IrType = ScalarType | AggregateType;

const INT_TYPES: Record<string, IntType> = {
  i1: { kind: 'int', bits: 1 },
  i8: { kind: 'int', bits: 8 },
  i16: { kind: 'int', bits: 16 },
  i32: { kind: 'int', bits: 32 },
  i64: { kind: 'int', bits: 64 },
};
const FLOAT_TYPES: Record<FloatKind, FloatType> = {
  half: { kind: 'float', float: 'half' },
  float: { kind: 'float', float: 'float' },
  double: { kind: 'float', float: 'double' },
};

/** Shared scalar type objects. */
export const Types = {
  i1: INT_TYPES.i1!,
  i8: INT_TYPES.i8!,
  i16: INT_TYPES.i16!,
  i32: INT_TYPES.i32!,
  i64: INT_TYPES.i64!,
  half: FLOAT_TYPES.half,
  float: FLOAT_TYPES.float,
  double: FLOAT_TYPES.double,
} as const;

/** Whether `t` is an integer or floating-point type. */
export function isScalar(t: IrType): t is ScalarType {
  return t.kind === 'int' || t.kind === 'float';
}

/** Bit width of a scalar (i1 → 1, half → 16, …). */
export function scalarBits(t: ScalarType): number {
  return t.kind === 'int' ? t.bits : t.float === 'half' ? 16 : t.float === 'float' ? 32 : 64;
}

/** Element types of an aggregate in order (array/vector: `length` copies). */
export function elementTypes(t: AggregateType): IrType[] {
  if (t.kind === 'struct') return [...t.elements];
  return new Array<IrType>(t.length).fill(t.element);
}

// ------------------------------------------------------------------------------------------------
// Printing (LLVM IR syntax)

/** `%struct.A` or `%"class.sycl::vec"` as LLVM prints identified-type names (UTF-8, src/lower/llvm-ir/escape.ts). */
export function formatTypeName(name: string): string {
  return printLlvmName('%', utf8ByteString(name), true);
}

/**
 * Whether two types have the same structure: equal but for the names of identified structs (the
 * `%struct.A` and `%struct.A.0` that llvm-link makes of one C++ type from two translation units).
 * Iterative, each pair of type nodes compared once (a DAG of named structs is not expanded).
 */
export function sameStructure(a: IrType, b: IrType): boolean {
  const seen = new Map<IrType, Set<IrType>>();
  const todo: [IrType, IrType][] = [[a, b]];
  while (todo.length) {
    const [x, y] = todo.pop()!;
    if (x === y) continue;
    let done = seen.get(x);
    if (done?.has(y)) continue;
    if (!done) seen.set(x, (done = new Set()));
    done.add(y);
    switch (x.kind) {
      case 'int':
        if (y.kind !== 'int' || y.bits !== x.bits) return false;
        break;
      case 'float':
        if (y.kind !== 'float' || y.float !== x.float) return false;
        break;
      case 'struct':
        if (y.kind !== 'struct' || y.packed !== x.packed || y.elements.length !== x.elements.length) return false;
        for (let i = 0; i < x.elements.length; i++) todo.push([x.elements[i]!, y.elements[i]!]);
        break;
      case 'array':
      case 'vector':
        if (y.kind !== x.kind || y.length !== x.length) return false;
        todo.push([x.element, y.element]);
        break;
    }
  }
  return true;
}

/** LLVM IR spelling of a type; named structs print as their `%name`. */
export function typeToString(t: IrType): string {
  return typeText(t);
}

/**
 * `f` computed once per type object (types are immutable; named structs compare by identity), for
 * the spellings and manglings the printers ask for again and again.
 */
export function perType<T>(f: (t: IrType) => T): (t: IrType) => T {
  const memo = new WeakMap<IrType, T>();
  return (t) => {
    let v = memo.get(t);
    if (v === undefined) {
      v = f(t);
      memo.set(t, v);
    }
    return v;
  };
}

const typeText = perType(typeToStringUncached);

function typeToStringUncached(t: IrType): string {
  switch (t.kind) {
    case 'int':
      return `i${t.bits}`;
    case 'float':
      return t.float;
    case 'struct':
      return t.name !== undefined ? formatTypeName(t.name) : structBodyToString(t);
    case 'array':
      return `[${t.length} x ${typeToString(t.element)}]`;
    case 'vector':
      return `<${t.length} x ${typeToString(t.element)}>`;
  }
}

/** The body of a struct as LLVM prints it: `{ i32, float }`, `<{ i8 }>`, `{}`. */
export function structBodyToString(t: StructType): string {
  const inner = t.elements.length ? `{ ${t.elements.map(typeToString).join(', ')} }` : '{}';
  return t.packed ? `<${inner}>` : inner;
}

/**
 * Named structs reachable from `roots`, dependencies first (the order an LLVM IR module can
 * define them in), each once.
 */
export function collectNamedStructs(roots: readonly IrType[]): StructType[] {
  const seen = new Set<StructType>();
  const out: StructType[] = [];
  const visit = (t: IrType): void => {
    if (t.kind === 'array' || t.kind === 'vector') return visit(t.element);
    if (t.kind !== 'struct') return;
    if (seen.has(t)) return;
    if (t.name !== undefined) seen.add(t);
    t.elements.forEach(visit);
    if (t.name !== undefined) out.push(t);
  };
  roots.forEach(visit);
  return out;
}

// ------------------------------------------------------------------------------------------------
// Parsing

/** Resolves `%name` references; returns the struct type or throws a LowerError. */
export type NamedTypeResolver = (name: string, column: number) => StructType;

class TypeParser {
  private pos = 0;
  private depth = 0;
  constructor(
    private readonly text: string,
    private readonly path: readonly (string | number)[],
    private readonly resolve: NamedTypeResolver | undefined,
  ) {}

  fail(msg: string, at = this.pos): never {
    throw new LowerError(`${msg} in type "${this.text}" at column ${at + 1}`, this.path);
  }

  private skipWs(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  private peek(): string {
    this.skipWs();
    return this.text[this.pos] ?? '';
  }

  private expect(ch: string): void {
    if (this.peek() !== ch) this.fail(`expected '${ch}'${this.pos >= this.text.length ? ' but the type ended' : ` but found '${this.text[this.pos]}'`}`);
    this.pos++;
  }

  private integer(what: string): number {
    this.skipWs();
    const m = /^[0-9]+/.exec(this.text.slice(this.pos));
    if (!m) this.fail(`expected ${what}`);
    const n = Number(m[0]);
    if (!Number.isSafeInteger(n) || n > 0xffffffff) this.fail(`${what} ${m[0]} is too large (at most 4294967295)`);
    this.pos += m[0].length;
    return n;
  }

  parseTop(): IrType {
    const t = this.type();
    this.skipWs();
    if (this.pos !== this.text.length) this.fail(`unexpected '${this.text[this.pos]}' after the type`);
    return t;
  }

  /** A named type's body must be a struct (LLVM only names structs). */
  parseStructBody(name: string): StructType {
    this.skipWs();
    const start = this.pos;
    const c = this.peek();
    const next = this.text.slice(this.pos + 1).trimStart()[0];
    if (c !== '{' && !(c === '<' && next === '{')) {
      this.fail(`named type %${name} must be a struct body ('{ … }' or '<{ … }>'), as LLVM only names struct types`, start);
    }
    const body = this.type(name);
    this.skipWs();
    if (this.pos !== this.text.length) this.fail(`unexpected '${this.text[this.pos]}' after the type`);
    return body as StructType;
  }

  private type(name?: string): IrType {
    if (++this.depth > MAX_TYPE_NESTING) {
      throw new LowerError(`type nests deeper than ${MAX_TYPE_NESTING} levels (a limit of this tool) in type "${this.text.length > 60 ? this.text.slice(0, 60) + '…' : this.text}" at column ${this.pos + 1}`, this.path, 'LIMIT');
    }
    try {
      return this.typeInner(name);
    } finally {
      this.depth--;
    }
  }

  private typeInner(name?: string): IrType {
    const c = this.peek();
    const start = this.pos;
    if (c === '{') return this.struct(false, name);
    if (c === '<') {
      this.pos++;
      if (this.peek() === '{') {
        const s = this.struct(true, name);
        this.expect('>');
        return s;
      }
      const length = this.integer('a vector length');
      if (length === 0) this.fail('a vector needs at least one element', start);
      this.expectX();
      const elStart = this.pos;
      const element = this.type();
      if (!isScalar(element)) this.fail(`vector elements must be scalars (i1…i64, half, float, double), not ${typeToString(element)}`, elStart);
      this.expect('>');
      return { kind: 'vector', length, element };
    }
    if (c === '[') {
      this.pos++;
      const length = this.integer('an array length');
      this.expectX();
      const element = this.type();
      this.expect(']');
      return { kind: 'array', length, element };
    }
    if (c === '%') return this.named();
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.pos));
    if (!m) this.fail(c === '' ? 'expected a type but the text ended' : `expected a type but found '${c}'`);
    const word = m[0];
    const it = INT_TYPES[word];
    if (it) {
      this.pos += word.length;
      return it;
    }
    if (word === 'half' || word === 'float' || word === 'double') {
      this.pos += word.length;
      return FLOAT_TYPES[word];
    }
    if (/^i[0-9]+$/.test(word)) {
      this.fail(`unsupported integer type ${word}: sycl-post-link handles only i1, i8, i16, i32 and i64 (SpecConstants.cpp mangleType)`);
    }
    this.fail(`unknown type '${word}' (supported: i1 i8 i16 i32 i64 half float double, {…}, <{…}>, [N x T], <N x T>, %name)`);
  }

  private expectX(): void {
    this.skipWs();
    if (this.text[this.pos] !== 'x' || /[A-Za-z0-9_]/.test(this.text[this.pos + 1] ?? '')) this.fail(`expected 'x'`);
    this.pos++;
  }

  private struct(packed: boolean, name?: string): StructType {
    this.expect('{');
    const elements: IrType[] = [];
    if (this.peek() === '}') {
      this.pos++;
    } else {
      for (;;) {
        elements.push(this.type());
        const c = this.peek();
        if (c === ',') {
          this.pos++;
          continue;
        }
        this.expect('}');
        break;
      }
    }
    return name !== undefined ? { kind: 'struct', packed, name, elements } : { kind: 'struct', packed, elements };
  }

  private named(): StructType {
    const start = this.pos;
    this.pos++; // '%'
    let name: string;
    if (this.text[this.pos] === '"') {
      const end = this.text.indexOf('"', this.pos + 1);
      if (end < 0) this.fail('unterminated quoted type name', start);
      name = this.text.slice(this.pos + 1, end).replace(/\\([0-9A-Fa-f]{2})/g, (_s, h: string) => String.fromCharCode(parseInt(h, 16)));
      this.pos = end + 1;
    } else {
      const m = /^[-a-zA-Z$._0-9]+/.exec(this.text.slice(this.pos));
      if (!m) this.fail("expected a type name after '%'", start);
      name = m[0];
      this.pos += name.length;
    }
    if (!this.resolve) this.fail(`named type %${name} used but no types are defined`, start);
    return this.resolve(name, start);
  }
}

const depthCache = new WeakMap<StructType, number>();

/**
 * Nesting depth of a type (a scalar is 1), iterative; named structs are memoised, so a table of
 * shared named types is measured in linear time.
 */
export function typeDepth(root: IrType): number {
  const local = new Map<IrType, number>();
  const stack: { t: IrType; expanded: boolean }[] = [{ t: root, expanded: false }];
  const known = (t: IrType): number | undefined => (t.kind === 'struct' ? depthCache.get(t) ?? local.get(t) : local.get(t));
  while (stack.length) {
    const f = stack[stack.length - 1]!;
    if (known(f.t) !== undefined) {
      stack.pop();
      continue;
    }
    const kids: readonly IrType[] = f.t.kind === 'struct' ? f.t.elements : f.t.kind === 'array' || f.t.kind === 'vector' ? [f.t.element] : [];
    if (!f.expanded) {
      f.expanded = true;
      for (const k of kids) if (known(k) === undefined) stack.push({ t: k, expanded: false });
      continue;
    }
    stack.pop();
    let d = 0;
    for (const k of kids) d = Math.max(d, known(k) ?? 0);
    d += 1;
    if (f.t.kind === 'struct') depthCache.set(f.t, d);
    local.set(f.t, d);
  }
  return known(root)!;
}

/**
 * Parses one type string. `%name` references are resolved through `resolve` (see
 * {@link TypeTable}); `path` is the JSON path used in error messages.
 */
export function parseType(text: string, path: readonly (string | number)[] = [], resolve?: NamedTypeResolver): IrType {
  const t = new TypeParser(text, path, resolve).parseTop();
  const depth = typeDepth(t);
  if (depth > MAX_TYPE_NESTING) throw new LowerError(`type "${text.length > 60 ? text.slice(0, 60) + '…' : text}" nests ${depth} levels deep (at most ${MAX_TYPE_NESTING})`, path, 'LIMIT');
  return t;
}

/**
 * The manifest's named types (`"types": {"struct.A": "{ i32, %struct.B }"}`), resolved lazily with
 * cycle and unknown-name detection. Errors name the JSON path of the offending definition
 * (`types["struct.A"]`) and the path of the use site.
 */
export class TypeTable {
  private readonly defs = new Map<string, string>();
  private readonly resolved = new Map<string, StructType>();
  private readonly active: string[] = [];
  private readonly basePath: readonly (string | number)[];

  constructor(definitions: Record<string, string> | undefined, basePath: readonly (string | number)[] = ['types']) {
    this.basePath = basePath;
    for (const [k, v] of Object.entries(definitions ?? {})) {
      const name = k.startsWith('%') ? k.slice(1) : k;
      if (name === '') throw new LowerError('empty type name', [...basePath, k]);
      if (this.defs.has(name)) throw new LowerError(`type %${name} is defined twice`, [...basePath, k]);
      if (typeof v !== 'string') throw new LowerError('a type definition must be a string in LLVM IR syntax', [...basePath, k]);
      this.defs.set(name, v);
    }
  }

  /** All defined names, in definition order. */
  names(): string[] {
    return [...this.defs.keys()];
  }

  /** Resolves a named struct type (by name without `%`). */
  get(name: string, usePath: readonly (string | number)[] = []): StructType {
    const done = this.resolved.get(name);
    if (done) return done;
    const text = this.defs.get(name);
    const defPath = [...this.basePath, name];
    if (text === undefined) {
      throw new LowerError(`unknown type %${name} (not defined in "types")`, usePath);
    }
    if (this.active.length >= MAX_TYPE_NESTING) {
      throw new LowerError(`named types nest deeper than ${MAX_TYPE_NESTING} levels (%${this.active[0]} -> … -> %${name}; a limit of this tool)`, defPath, 'LIMIT');
    }
    const cycleAt = this.active.indexOf(name);
    if (cycleAt >= 0) {
      const cycle = [...this.active.slice(cycleAt), name].map((n) => `%${n}`).join(' -> ');
      throw new LowerError(`recursive type definition ${cycle} (a struct cannot contain itself)`, defPath);
    }
    this.active.push(name);
    try {
      const t = new TypeParser(text, defPath, (n) => this.get(n, defPath)).parseStructBody(name);
      const depth = typeDepth(t);
      if (depth > MAX_TYPE_NESTING) throw new LowerError(`type %${name} nests ${depth} levels deep (at most ${MAX_TYPE_NESTING})`, defPath, 'LIMIT');
      this.resolved.set(name, t);
      return t;
    } finally {
      this.active.pop();
    }
  }

  /** Parses a type string that may reference the table's names. */
  parse(text: string, path: readonly (string | number)[]): IrType {
    return parseType(text, path, (n) => this.get(n, path));
  }

  /** Resolves every definition (reports errors in unused definitions too). */
  resolveAll(): StructType[] {
    return this.names().map((n) => this.get(n, [...this.basePath, n]));
  }
}
