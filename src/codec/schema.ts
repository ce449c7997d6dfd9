/**
 * The declarative codec layer: node constructors for describing fixed on-disk structures once.
 *
 * A description (`formats/*.ts`) is a tree of nodes. Each node knows how to
 *   - read itself from a bounds-checked cursor (`read`),
 *   - write itself into a byte sink (`write`),
 *   - tell its size (`fixedSize` when constant, otherwise `sizeOf(value)`),
 *   - report the spans of its leaves while reading (offset, size, path, kind, value) for hex-level
 *     debugging and error locations.
 * `src/codec/codec.ts` turns a description into `decode`/`encode`/`sizeOf`/`spans` functions.
 *
 * Design notes (why it looks like this):
 * - Closure-based, no code generation: the core must run in a browser under a strict CSP
 *   (`binary-parser` compiles with `new Function`, which such a page forbids).
 * - Derived fields (counts, sizes, offsets) are declared with `derived`/`countOf`: on encode their
 *   value is computed from what they measure; callers never pass them. On decode the stored value
 *   is kept (it is what the file says) and can be checked by `check`.
 * - References (`array(…, 'count')`, `bytes('size')`) are dotted names resolved through the scope
 *   chain of enclosing structs, innermost first, so a count in a header can size a table beside it.
 * - Every read goes through `need()` in the cursor: one bounds check, one error type.
 */
import { DecodeError, EncodeError, hex } from './errors.js';

// ---------------------------------------------------------------------------------------------
// Read / write state

export interface Span {
  /** Absolute byte offset. */
  offset: number;
  size: number;
  /** Structure path, e.g. `header.entriesOffset`, `entries[2].imageSize`. */
  path: string;
  /** `field`, `magic`, `padding`, `bytes`, `string`, `group`, ... */
  kind: string;
  /** Decoded value of a leaf (numbers as number, u64 as bigint, byte arrays omitted). */
  value?: unknown;
}

/** Mutable read state shared by all nodes while decoding one buffer. */
export class Cursor {
  readonly view: DataView;
  pos: number;
  /** Scope chain of partially decoded structs (innermost last), for reference resolution. */
  readonly scopes: Record<string, unknown>[] = [];
  /** When set, leaf spans are recorded here. */
  spans: Span[] | undefined;
  /** Current path segments (only maintained when recording spans). */
  readonly path: (string | number)[] = [];

  constructor(
    readonly bytes: Uint8Array,
    pos = 0,
    /** Absolute offset of `bytes[0]` in the caller's input (errors/spans report absolute offsets). */
    readonly base = 0,
    /** Reads may not go past this index of `bytes`. */
    readonly end = bytes.length,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = pos;
  }

  /** The single bounds check: `n` bytes must be available at the current position. */
  need(n: number, what: string): void {
    if (this.pos + n > this.end || this.pos < 0) {
      const available = Math.max(0, this.end - this.pos);
      throw new DecodeError('EOF', `${what} needs ${n} byte(s) but only ${available} remain`, this.base + this.pos, [], {
        needed: n,
        available,
      });
    }
  }

  /** Resolve a dotted reference (`count`, `header.entriesCount`) through the scope chain. */
  lookup(ref: string): unknown {
    return lookupRef(this.scopes, ref);
  }

  record(offset: number, size: number, kind: string, value?: unknown): void {
    const span: Span = { offset: this.base + offset, size, path: joinSegments(this.path), kind };
    if (value !== undefined) span.value = value;
    this.spans!.push(span);
  }
}

/** Growable byte sink used by encoders. */
export class Sink {
  private buf: Uint8Array;
  private view: DataView;
  length = 0;
  readonly scopes: Record<string, unknown>[] = [];
  readonly path: (string | number)[] = [];
  constructor(
    capacity = 256,
    /** Free-form context handed to `derived` measure functions (e.g. a layout plan). */
    readonly context: unknown = undefined,
  ) {
    this.buf = new Uint8Array(capacity);
    this.view = new DataView(this.buf.buffer);
  }
  private grow(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.length + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
  u8(v: number): void {
    this.grow(1);
    this.buf[this.length++] = v;
  }
  u16(v: number): void {
    this.grow(2);
    this.view.setUint16(this.length, v, true);
    this.length += 2;
  }
  u32(v: number): void {
    this.grow(4);
    this.view.setUint32(this.length, v, true);
    this.length += 4;
  }
  u64(v: bigint): void {
    this.grow(8);
    this.view.setBigUint64(this.length, v, true);
    this.length += 8;
  }
  bytes(b: Uint8Array): void {
    this.grow(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  zeros(n: number): void {
    this.grow(n);
    this.buf.fill(0, this.length, this.length + n);
    this.length += n;
  }
  /** Zero-fill up to a multiple of `align`. */
  alignTo(align: number): void {
    const pad = (align - (this.length % align)) % align;
    if (pad) this.zeros(pad);
  }
  lookup(ref: string): unknown {
    return lookupRef(this.scopes, ref);
  }
  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/**
 * Span paths: segments joined as given (callers may pass an already formatted prefix such as
 * `abstractModules[0].irModules[0]`; property-set names never reach the codec).
 */
function joinSegments(path: readonly (string | number)[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${p}` : p;
  return s;
}

function lookupRef(scopes: Record<string, unknown>[], ref: string): unknown {
  const parts = ref.split('.');
  for (let i = scopes.length - 1; i >= 0; i--) {
    let v: unknown = scopes[i];
    if (v === undefined || !(parts[0]! in (v as object))) continue;
    for (const p of parts) v = (v as Record<string, unknown>)[p];
    return v;
  }
  throw new Error(`codec description error: reference '${ref}' is not in scope`);
}


// ---------------------------------------------------------------------------------------------
// Nodes

/** Role of a node inside a struct: ordinary value, derived (computed on encode), or constant. */
export type Role = 'value' | 'derived' | 'const';

export interface Node<D, E = D, R extends Role = Role> {
  readonly kind: string;
  readonly role: R;
  /** Byte size when it does not depend on the value. */
  readonly fixedSize: number | undefined;
  read(c: Cursor): D;
  write(s: Sink, v: E): void;
  /** Size of the encoded value (for variable nodes). */
  sizeOf(v: E): number;
  /** Short text for documentation/exports (`u32`, `u8[4]`, ...). */
  readonly describe: string;
  /** True when reading looks up references in enclosing scopes (count/size/tag refs). */
  readonly refs?: boolean;
  /**
   * Fixed-size leaves: the value at index `at` of `c.bytes`, without bounds check or advancing
   * (the enclosing fixed-size struct has checked its whole range once).
   */
  peek?(c: Cursor, at: number): D;
}

export type Decoded<N> = N extends Node<infer D, unknown, Role> ? D : never;
export type EncodeInput<N> = N extends Node<unknown, infer E, Role> ? E : never;

type AnyNode = Node<unknown, unknown, Role>;

function int(kind: string, size: number, rd: (c: Cursor, at: number) => number, wr: (s: Sink, v: number) => void, max: number): Node<number, number, 'value'> {
  return {
    kind,
    role: 'value',
    fixedSize: size,
    describe: kind,
    read(c) {
      c.need(size, kind);
      const at = c.pos;
      const v = rd(c, at);
      c.pos += size;
      if (c.spans) c.record(at, size, 'field', v);
      return v;
    },
    peek: rd,
    write(s, v) {
      if (!Number.isInteger(v) || v < 0 || v > max) throw new EncodeError(`${kind} value ${v} is out of range 0..${max}`, [...s.path]);
      wr(s, v);
    },
    sizeOf: () => size,
  };
}

export const u8 = int('u8', 1, (c, at) => c.bytes[at]!, (s, v) => s.u8(v), 0xff);
export const u16 = int('u16', 2, (c, at) => c.view.getUint16(at, true), (s, v) => s.u16(v), 0xffff);
export const u32 = int('u32', 4, (c, at) => c.view.getUint32(at, true), (s, v) => s.u32(v), 0xffffffff);

const U64_MAX = (1n << 64n) - 1n;
/** 2^53-1 as a bigint, hoisted: building it on every u64n read cost ~30% of decoding an Entry (bench/). */
const MAX_SAFE_U64 = BigInt(Number.MAX_SAFE_INTEGER);

function peekU64n(c: Cursor, at: number): number {
  const v = c.view.getBigUint64(at, true);
  if (v > MAX_SAFE_U64) {
    throw new DecodeError('RANGE', `u64 value ${hex(v)} is too large to be an offset or size (limit 2^53-1)`, c.base + at);
  }
  return Number(v);
}

/** u64 little-endian as `bigint` (64-bit honesty: never rounded). */
export const u64: Node<bigint, bigint, 'value'> = {
  kind: 'u64',
  role: 'value',
  fixedSize: 8,
  describe: 'u64',
  read(c) {
    c.need(8, 'u64');
    const v = c.view.getBigUint64(c.pos, true);
    if (c.spans) c.record(c.pos, 8, 'field', v);
    c.pos += 8;
    return v;
  },
  peek: (c, at) => c.view.getBigUint64(at, true),
  write(s, v) {
    if (typeof v !== 'bigint' || v < 0n || v > U64_MAX) throw new EncodeError(`u64 value ${String(v)} is out of range`, [...s.path]);
    s.u64(v);
  },
  sizeOf: () => 8,
};

/**
 * u64 narrowed to a safe `number`, for offsets and sizes. A stored value above 2^53-1 cannot be an
 * offset or size inside any buffer this reader can hold, so it is rejected with its location
 * instead of being rounded.
 */
export const u64n: Node<number, number, 'value'> = {
  kind: 'u64',
  role: 'value',
  fixedSize: 8,
  describe: 'u64',
  read(c) {
    c.need(8, 'u64');
    const n = peekU64n(c, c.pos);
    if (c.spans) c.record(c.pos, 8, 'field', n);
    c.pos += 8;
    return n;
  },
  peek: peekU64n,
  write(s, v) {
    if (!Number.isSafeInteger(v) || v < 0) throw new EncodeError(`u64 value ${v} is not a non-negative safe integer`, [...s.path]);
    s.u64(BigInt(v));
  },
  sizeOf: () => 8,
};

/** A constant byte sequence (magic number). Not part of the encode input. */
export function magic(expected: readonly number[], name = 'magic'): Node<Uint8Array, undefined, 'const'> {
  const bytes = Uint8Array.from(expected);
  const text = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
  return {
    kind: 'magic',
    role: 'const',
    fixedSize: bytes.length,
    describe: `magic(${text})`,
    read(c) {
      c.need(bytes.length, name);
      const v = c.bytes.subarray(c.pos, c.pos + bytes.length);
      for (let i = 0; i < bytes.length; i++) {
        if (v[i] !== bytes[i]) {
          const got = Array.from(v, (b) => b.toString(16).padStart(2, '0')).join(' ');
          throw new DecodeError('MAGIC', `bad ${name}: expected ${text}, found ${got}`, c.base + c.pos);
        }
      }
      if (c.spans) c.record(c.pos, bytes.length, 'magic', text);
      c.pos += bytes.length;
      return v;
    },
    write(s) {
      s.bytes(bytes);
    },
    sizeOf: () => bytes.length,
    // Exposed for exports (Kaitai/ImHex) via `magicBytes`.
    ...({ magicBytes: bytes } as object),
  };
}

/** Fixed-size byte array, decoded as a zero-copy view. */
export function bytes(n: number): Node<Uint8Array, Uint8Array, 'value'> {
  return {
    kind: 'bytes',
    role: 'value',
    fixedSize: n,
    describe: `u8[${n}]`,
    read(c) {
      c.need(n, `u8[${n}]`);
      const v = c.bytes.subarray(c.pos, c.pos + n);
      if (c.spans) c.record(c.pos, n, 'bytes');
      c.pos += n;
      return v;
    },
    write(s, v) {
      if (v.length !== n) throw new EncodeError(`expected ${n} bytes, got ${v.length}`, [...s.path]);
      s.bytes(v);
    },
    sizeOf: () => n,
  };
}

/**
 * Reserved/padding bytes. Decoded as a view so a round trip keeps whatever the file held (LLVM
 * writers leave some of these uninitialised); encoding writes zeros when no value is given.
 */
export function reserved(n: number): Node<Uint8Array, Uint8Array | undefined, 'value'> {
  return {
    kind: 'reserved',
    role: 'value',
    fixedSize: n,
    describe: `reserved[${n}]`,
    read(c) {
      c.need(n, `reserved[${n}]`);
      const v = c.bytes.subarray(c.pos, c.pos + n);
      if (c.spans) c.record(c.pos, n, v.every((b) => b === 0) ? 'padding' : 'padding-nonzero');
      c.pos += n;
      return v;
    },
    write(s, v) {
      if (v === undefined) s.zeros(n);
      else if (v.length !== n) throw new EncodeError(`reserved field needs ${n} bytes, got ${v.length}`, [...s.path]);
      else s.bytes(v);
    },
    sizeOf: () => n,
  };
}

/** NUL-terminated UTF-8 string (the NUL is consumed, not part of the value). */
export const cstring: Node<string, string, 'value'> = {
  kind: 'cstring',
  role: 'value',
  fixedSize: undefined,
  describe: 'strz',
  read(c) {
    const start = c.pos;
    let i = start;
    while (i < c.end && c.bytes[i] !== 0) i++;
    if (i >= c.end) throw new DecodeError('EOF', 'string is not NUL-terminated before the end of its region', c.base + start);
    const v = utf8.decode(c.bytes.subarray(start, i));
    if (c.spans) c.record(start, i + 1 - start, 'string', v);
    c.pos = i + 1;
    return v;
  },
  write(s, v) {
    const b = utf8enc.encode(v);
    if (b.includes(0)) throw new EncodeError('a NUL-terminated string cannot contain NUL', [...s.path]);
    s.bytes(b);
    s.u8(0);
  },
  sizeOf: (v) => utf8enc.encode(v).length + 1,
};

const utf8 = new TextDecoder('utf-8');
const utf8enc = new TextEncoder();

/** Byte array whose length is another field's value (`bytes('size')`), zero-copy on decode. */
export function sizedBytes(sizeRef: string): Node<Uint8Array, Uint8Array, 'value'> {
  return {
    kind: 'bytes',
    role: 'value',
    fixedSize: undefined,
    describe: `u8[${sizeRef}]`,
    refs: true,
    read(c) {
      const n = Number(c.lookup(sizeRef));
      c.need(n, `u8[${sizeRef}]`);
      const v = c.bytes.subarray(c.pos, c.pos + n);
      if (c.spans) c.record(c.pos, n, 'bytes');
      c.pos += n;
      return v;
    },
    write(s, v) {
      s.bytes(v);
    },
    sizeOf: (v) => v.length,
  };
}

/**
 * A field whose value is computed on encode from what it measures (`measure(scope, context)`,
 * where `scope` is the enclosing struct's encode input and `context` the Sink's context).
 * Decoding keeps the stored value; `check` (optional) validates it against the decoded scope.
 */
export function derived<D, E>(
  node: Node<D, E, 'value'>,
  measure: (scope: Record<string, unknown>, context: unknown, sink: Sink) => E,
  what = 'derived value',
): Node<D, undefined, 'derived'> {
  return {
    kind: node.kind,
    role: 'derived',
    fixedSize: node.fixedSize,
    describe: `${node.describe} (${what})`,
    read: (c) => node.read(c),
    ...(node.peek ? { peek: node.peek } : {}),
    write(s) {
      node.write(s, measure(s.scopes[s.scopes.length - 1]!, s.context, s));
    },
    sizeOf: () => node.fixedSize ?? 0,
    ...({ measures: what } as object),
  };
}

/** A count derived from the length of an array found by reference (sibling or outer scope). */
export function countOf<D>(node: Node<D, number, 'value'>, arrayRef: string): Node<D, undefined, 'derived'> {
  return derived(node, (_scope, _ctx, sink) => (sink.lookup(arrayRef) as unknown[]).length, `count of ${arrayRef}`);
}

/** Array of `elem`, with its element count given by a reference (`'header.count'`) or a number. */
export function array<N extends AnyNode>(elem: N, count: string | number): Node<Decoded<N>[], EncodeInput<N>[], 'value'> {
  return {
    kind: 'array',
    role: 'value',
    fixedSize: typeof count === 'number' && elem.fixedSize !== undefined ? count * elem.fixedSize : undefined,
    describe: `${elem.describe}[${count}]`,
    refs: typeof count === 'string' || elem.refs === true,
    read(c) {
      const raw = typeof count === 'number' ? count : c.lookup(count);
      const n = typeof raw === 'bigint' ? Number(raw) : (raw as number);
      // Never allocate from a count before checking it against the bytes that are there.
      if (elem.fixedSize !== undefined) c.need(n * elem.fixedSize, `${n} x ${elem.describe}`);
      else if (n > c.end - c.pos) c.need(n, `${n} elements`);
      const out: Decoded<N>[] = [];
      const start = c.pos;
      if (c.spans) c.record(start, 0, 'group');
      const groupIdx = c.spans ? c.spans.length - 1 : -1;
      for (let i = 0; i < n; i++) {
        if (c.spans) c.path.push(i);
        try {
          out.push(elem.read(c) as Decoded<N>);
        } catch (e) {
          if (e instanceof DecodeError) e.within(i);
          throw e;
        } finally {
          if (c.spans) c.path.pop();
        }
      }
      if (c.spans) c.spans[groupIdx]!.size = c.pos - start;
      return out;
    },
    write(s, v) {
      if (typeof count === 'number' && v.length !== count) throw new EncodeError(`expected ${count} elements, got ${v.length}`, [...s.path]);
      for (let i = 0; i < v.length; i++) {
        s.path.push(i);
        elem.write(s, v[i]);
        s.path.pop();
      }
    },
    sizeOf: (v) => (elem.fixedSize !== undefined ? v.length * elem.fixedSize : v.reduce((a: number, x) => a + elem.sizeOf(x), 0)),
    // Exposed for exports (Kaitai/ImHex generators walk element type and count reference).
    ...({ elem, count } as object),
  };
}

type Fields = Record<string, AnyNode>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type ValueKeys<F extends Fields> = { [K in keyof F]: F[K] extends Node<unknown, unknown, 'value'> ? K : never }[keyof F];
type OptionalKeys<F extends Fields> = { [K in ValueKeys<F>]: undefined extends EncodeInput<F[K]> ? K : never }[ValueKeys<F>];
export type StructDecoded<F extends Fields> = Simplify<{ [K in keyof F]: Decoded<F[K]> }>;
export type StructInput<F extends Fields> = Simplify<
  { [K in Exclude<ValueKeys<F>, OptionalKeys<F>>]: EncodeInput<F[K]> } & { [K in OptionalKeys<F>]?: EncodeInput<F[K]> }
>;

export interface StructNode<F extends Fields> extends Node<StructDecoded<F>, StructInput<F>, 'value'> {
  readonly fields: F;
  /** Byte offset of each field from the struct start (fixed-size structs only). */
  readonly offsets: Readonly<Record<keyof F, number>>;
}

/** A struct: fields in declaration order, no implicit padding (declare it with `reserved`). */
export function struct<F extends Fields>(fields: F, name = 'struct'): StructNode<F> {
  const entries = Object.entries(fields);
  let fixed: number | undefined = 0;
  const offsets: Record<string, number> = {};
  for (const [k, n] of entries) {
    if (fixed !== undefined) offsets[k] = fixed;
    fixed = fixed === undefined || n.fixedSize === undefined ? undefined : fixed + n.fixedSize;
  }
  const keys = entries.map(([k]) => k);
  const nodes = entries.map(([, n]) => n);
  const count = keys.length;
  // Only a struct whose fields (or their descendants) resolve references needs to be a scope.
  const refs = nodes.some((n) => n.refs === true);
  // A fixed struct of plain leaves is read with one bounds check and direct peeks at known offsets.
  const peeks = fixed !== undefined && nodes.every((n) => n.peek) ? nodes.map((n) => n.peek!) : undefined;
  const offs = keys.map((k) => offsets[k]!);
  return {
    kind: 'struct',
    role: 'value',
    fixedSize: fixed,
    describe: name,
    fields,
    offsets: offsets as Record<keyof F, number>,
    refs,
    read(c) {
      const out: Record<string, unknown> = {};
      // Fast path: a fixed-size struct is bounds-checked once up front.
      if (fixed !== undefined) c.need(fixed, name);
      if (peeks && !c.spans) {
        const start = c.pos;
        let i = 0;
        try {
          for (; i < count; i++) out[keys[i]!] = peeks[i]!(c, start + offs[i]!);
        } catch (e) {
          if (e instanceof DecodeError) e.within(keys[i]!);
          throw e;
        }
        c.pos = start + fixed!;
        return out as StructDecoded<F>;
      }
      if (!refs && !c.spans) {
        let i = 0;
        try {
          for (; i < count; i++) out[keys[i]!] = nodes[i]!.read(c);
        } catch (e) {
          if (e instanceof DecodeError) e.within(keys[i]!);
          throw e;
        }
        return out as StructDecoded<F>;
      }
      c.scopes.push(out);
      const start = c.pos;
      let groupIdx = -1;
      if (c.spans) {
        c.record(start, fixed ?? 0, 'group');
        groupIdx = c.spans.length - 1;
      }
      let i = 0;
      try {
        for (; i < count; i++) {
          if (c.spans) c.path.push(keys[i]!);
          out[keys[i]!] = nodes[i]!.read(c);
          if (c.spans) c.path.pop();
        }
      } catch (e) {
        if (e instanceof DecodeError) e.within(keys[i]!);
        throw e;
      } finally {
        c.scopes.pop();
      }
      if (c.spans) c.spans[groupIdx]!.size = c.pos - start;
      return out as StructDecoded<F>;
    },
    write(s, v) {
      const scope = v as Record<string, unknown>;
      s.scopes.push(scope);
      try {
        for (let i = 0; i < count; i++) {
          s.path.push(keys[i]!);
          const n = nodes[i]!;
          n.write(s, n.role === 'value' ? scope[keys[i]!] : undefined);
          s.path.pop();
        }
      } finally {
        s.scopes.pop();
      }
    },
    sizeOf(v) {
      if (fixed !== undefined) return fixed;
      let total = 0;
      for (let i = 0; i < count; i++) {
        const n = nodes[i]!;
        total += n.fixedSize ?? n.sizeOf((v as Record<string, unknown>)[keys[i]!]);
      }
      return total;
    },
  };
}

/**
 * Versioned variant: the case is chosen by a referenced tag value (e.g. the header's `version`),
 * decoded as `{ tag, value }`-free union: the chosen case's struct. Unknown tags are an error that
 * lists the known ones.
 */
export function variant<C extends Record<number, AnyNode>>(
  tagRef: string,
  cases: C,
  what = 'version',
): Node<Decoded<C[keyof C]>, EncodeInput<C[keyof C]>, 'value'> {
  const known = Object.keys(cases).join(', ');
  const pick = (tag: unknown): AnyNode | undefined => cases[Number(tag)];
  return {
    kind: 'variant',
    role: 'value',
    refs: true,
    fixedSize: undefined,
    describe: `switch(${tagRef})`,
    read(c) {
      const tag = c.lookup(tagRef);
      const n = pick(tag);
      if (!n) throw new DecodeError('VERSION', `unsupported ${what} ${String(tag)} (known: ${known})`, c.base + c.pos);
      return n.read(c) as Decoded<C[keyof C]>;
    },
    write(s, v) {
      const tag = s.lookup(tagRef);
      const n = pick(tag);
      if (!n) throw new EncodeError(`unsupported ${what} ${String(tag)} (known: ${known})`, [...s.path]);
      n.write(s, v);
    },
    sizeOf() {
      // The size depends on a tag outside the value; encode the enclosing structure instead.
      throw new EncodeError(`the size of a ${what} variant depends on ${tagRef}; encode the enclosing structure`);
    },
    ...({ cases, tagRef } as object),
  };
}
