/**
 * The declarative codec layer: node constructors for describing fixed on-disk structures once.
 *
 * A description (`formats/*.ts`) is a tree of nodes. Each node knows how to
 *   - read itself from a bounds-checked cursor (`read`),
 *   - write itself into a byte sink (`write`),
 *   - tell its size (`fixedSize` when constant, otherwise `sizeOf(value)`),
 *   - record what it read in a span tree (offset, size, structured path, kind, value) when the
 *     cursor carries one (src/codec/spans.ts), for hex-level debugging and error locations.
 * `src/codec/codec.ts` turns a description into `decode`/`encode`/`sizeOf` functions.
 *
 * Design notes (why it looks like this):
 * - Closure-based, no code generation: the core must run in a browser under a strict CSP
 *   (`binary-parser` compiles with `new Function`, which such a page forbids).
 * - Derived fields (counts, sizes, offsets) are declared with `derived`/`countOf`: on encode their
 *   value is computed from what they measure; callers never pass them. On decode the stored value
 *   is kept (it is what the file says) and readers check it.
 * - Integers are read in the cursor's byte order (`Cursor.le`), so one description serves
 *   little- and big-endian files (ELF).
 * - References (`array(…, 'count')`, `bytes('size')`) are dotted names resolved through the scope
 *   chain of enclosing structs, innermost first, so a count in a header can size a table beside it.
 * - Every read goes through `need()` in the cursor: one bounds check, one error type.
 */
import { ByteBuilder, decodeEscapedUtf8, encodeEscapedUtf8 } from './bytes.js';
import { DecodeError, EncodeError, hex } from './errors.js';
import type { Relation } from './geometry.js';
import { spanInt, type PathKey, type SpanKind, type SpanNode, type SpanTree } from './spans.js';

// ---------------------------------------------------------------------------------------------
// Read / write state

/** Mutable read state shared by all nodes while decoding one buffer. */
export class Cursor {
  /** DataView over `bytes` for multi-byte reads. */
  readonly view: DataView;
  /** Current read position (index into `bytes`). */
  pos: number;
  /** Byte order of multi-byte integers (ELF may be big-endian; everything else is little-endian). */
  le = true;
  /** Scope chain of partially decoded structs (innermost last), for reference resolution. */
  readonly scopes: Record<string, unknown>[] = [];
  /** When set, every node read is recorded in this tree (under `parent`, with key `key`). */
  tree: SpanTree | undefined;
  /** Span node that the next recorded node goes under (when `tree` is set). */
  parent: SpanNode | undefined;
  /** Key of the node about to be read (the enclosing struct/array sets it). */
  key: PathKey | undefined;

  constructor(
    /** The buffer being decoded. */
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

  /** Record the node just read (`offset` relative to `bytes`). */
  record(offset: number, size: number, kind: SpanKind, value?: unknown): SpanNode {
    return this.tree!.add(this.parent, this.key, this.base + offset, size, kind, value);
  }
}

/** Byte sink used by encoders: a ByteBuilder with the scope chain, path and context of an encode. */
export class Sink extends ByteBuilder {
  /** Scope chain of the structs being encoded (innermost last), for reference resolution. */
  readonly scopes: Record<string, unknown>[] = [];
  /** Structure path of the value being written, for EncodeError locations. */
  readonly path: PathKey[] = [];
  constructor(
    capacity = 256,
    /** Free-form context handed to `derived` measure functions (e.g. a layout plan). */
    readonly context: unknown = undefined,
    le = true,
  ) {
    super(capacity, le);
  }
  /** Resolve a dotted reference through the scope chain (as `Cursor.lookup`). */
  lookup(ref: string): unknown {
    return lookupRef(this.scopes, ref);
  }
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

/** A node of a structure description. */
export interface Node<D, E = D, R extends Role = Role> {
  /** Node kind (`u32`, `struct`, `array`, ...). */
  readonly kind: string;
  /** Whether the node is a value, derived on encode, or a constant. */
  readonly role: R;
  /** Byte size when it does not depend on the value. */
  readonly fixedSize: number | undefined;
  /** Read the node at `c.pos` (advancing it); records a span when `c.tree` is set. */
  read(c: Cursor): D;
  /** Append the encoding of `v` to `s`. */
  write(s: Sink, v: E): void;
  /** Size of the encoded value (for variable nodes). */
  sizeOf(v: E): number;
  /** Short text for documentation/exports (`u32`, `u8[4]`, ...). */
  readonly describe: string;
  /** True when reading looks up references in enclosing scopes (count/size/tag refs). */
  readonly scoped?: boolean;
  /**
   * Fixed-size leaves, and fixed-size structs of them: the value at index `at` of `c.bytes`,
   * without bounds check or advancing (the enclosing fixed-size struct, or the caller of
   * {@link compileReader}, has checked the whole range once).
   */
  peek?(c: Cursor, at: number): D;
}

/** The decoded value type of a node. */
export type Decoded<N> = N extends Node<infer D, unknown, Role> ? D : never;
/** The value type a node takes on encode. */
export type EncodeInput<N> = N extends Node<unknown, infer E, Role> ? E : never;

/** Any codec node, whatever it decodes to, takes on encode and its role. */
export type AnyNode = Node<unknown, unknown, Role>;

/** A fixed-size leaf read by `peek` at the cursor and written by `write`. */
function leaf<T>(kind: string, size: number, peek: (c: Cursor, at: number) => T, write: (s: Sink, v: T) => void): Node<T, T, 'value'> {
  return {
    kind,
    role: 'value',
    fixedSize: size,
    describe: kind,
    read(c) {
      c.need(size, kind);
      const at = c.pos;
      const v = peek(c, at);
      c.pos += size;
      if (c.tree) c.record(at, size, 'field', v);
      return v;
    },
    peek,
    write,
    sizeOf: () => size,
  };
}

/**
 * How an encode error shows a value of the wrong JavaScript type for its field: `1n (a bigint, not a
 * number)`, `'7' (a string, not a number)`. A bigint 1n was shown as "u16 value 1 is out of range
 * 0..65535", a message that contradicts itself. Undefined when the value is of the expected type
 * (its message is as before).
 */
function wrongKind(v: unknown, expected: 'number' | 'bigint'): string | undefined {
  if (typeof v === expected) return undefined;
  const shown = typeof v === 'bigint' ? `${v}n` : typeof v === 'string' ? `'${v}'` : String(v);
  const kind = v === null || v === undefined ? String(v) : typeof v === 'object' ? 'an object' : `a ${typeof v}`;
  return `${shown} (${kind}, not a ${expected})`;
}

function int(kind: string, size: number, rd: (c: Cursor, at: number) => number, wr: (s: Sink, v: number) => void, max: number): Node<number, number, 'value'> {
  return leaf(kind, size, rd, (s, v) => {
    if (!Number.isInteger(v) || v < 0 || v > max) throw new EncodeError(`${kind} value ${wrongKind(v, 'number') ?? v} is out of range 0..${max}`, [...s.path]);
    wr(s, v);
  });
}

/** Unsigned 8-bit integer. */
export const u8 = int('u8', 1, (c, at) => c.bytes[at]!, (s, v) => s.u8(v), 0xff);
/** Unsigned 16-bit integer in the cursor's byte order. */
export const u16 = int('u16', 2, (c, at) => c.view.getUint16(at, c.le), (s, v) => s.u16(v), 0xffff);
/** Unsigned 32-bit integer in the cursor's byte order. */
export const u32 = int('u32', 4, (c, at) => c.view.getUint32(at, c.le), (s, v) => s.u32(v), 0xffffffff);

/** Signed 32-bit integer in the cursor's byte order (e.g. an ELF32 relocation addend). */
export const i32 = leaf<number>('i32', 4, (c, at) => c.view.getInt32(at, c.le), (s, v) => {
  if (!Number.isInteger(v) || v < -0x80000000 || v > 0x7fffffff) throw new EncodeError(`i32 value ${v} is out of range`, [...s.path]);
  s.u32(v >>> 0);
});

const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;
/** Signed 64-bit integer as `bigint` (e.g. an ELF64 relocation addend). */
export const i64 = leaf<bigint>('i64', 8, (c, at) => c.view.getBigInt64(at, c.le), (s, v) => {
  if (typeof v !== 'bigint' || v < I64_MIN || v > I64_MAX) throw new EncodeError(`i64 value ${String(v)} is out of range`, [...s.path]);
  s.u64(BigInt.asUintN(64, v));
});

/** Unsigned 24-bit integer in the cursor's byte order (zstd block headers). */
export const u24 = int(
  'u24',
  3,
  (c, at) => (c.le ? c.bytes[at]! | (c.bytes[at + 1]! << 8) | (c.bytes[at + 2]! << 16) : (c.bytes[at]! << 16) | (c.bytes[at + 1]! << 8) | c.bytes[at + 2]!),
  (s, v) => {
    const b = [v & 0xff, (v >>> 8) & 0xff, v >>> 16];
    for (const x of s.le ? b : b.reverse()) s.u8(x);
  },
  0xffffff,
);

const U64_MAX = (1n << 64n) - 1n;
/** The high u32 of 2^53-1: a u64 whose high half is larger is not a safe number. */
const MAX_SAFE_HI = 0x1f_ffff;

/** u64 as `bigint` (64-bit honesty: never rounded). */
export const u64: Node<bigint, bigint, 'value'> = leaf(
  'u64',
  8,
  (c, at) => c.view.getBigUint64(at, c.le),
  (s, v) => {
    if (typeof v !== 'bigint' || v < 0n || v > U64_MAX) throw new EncodeError(`u64 value ${wrongKind(v, 'bigint') ?? String(v)} is out of range`, [...s.path]);
    s.u64(v);
  },
);

/**
 * u64 narrowed to a safe `number`, for offsets and sizes. A stored value above 2^53-1 cannot be an
 * offset or size inside any buffer this reader can hold, so it is rejected with its location
 * instead of being rounded.
 */
export const u64n: Node<number, number, 'value'> = leaf(
  'u64',
  8,
  (c, at) => {
    // Two u32 halves: no BigInt on the success path (a header walk reads millions of these).
    const hi = c.view.getUint32(c.le ? at + 4 : at, c.le);
    const lo = c.view.getUint32(c.le ? at : at + 4, c.le);
    if (hi > MAX_SAFE_HI) throw new DecodeError('RANGE', `u64 value ${hex(c.view.getBigUint64(at, c.le))} is too large to be an offset or size (limit 2^53-1)`, c.base + at);
    return hi * 0x1_0000_0000 + lo;
  },
  (s, v) => {
    if (!Number.isSafeInteger(v) || v < 0) throw new EncodeError(`u64 value ${wrongKind(v, 'number') ?? v} is not a non-negative safe integer`, [...s.path]);
    s.u64(BigInt(v));
  },
);

/** Hex text of bytes (`49 42 59 53`). */
export function hexText(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');
}

/** A constant byte sequence (magic number). Not part of the encode input. */
export interface MagicNode extends Node<Uint8Array, undefined, 'const'> {
  /** The expected bytes. */
  readonly magicBytes: Uint8Array;
}

/** A constant byte sequence, checked on decode (DecodeError `MAGIC` names `name`), written as is. */
export function magic(expected: readonly number[], name = 'magic'): MagicNode {
  const bytes = Uint8Array.from(expected);
  const text = hexText(bytes);
  return {
    kind: 'magic',
    role: 'const',
    fixedSize: bytes.length,
    describe: `magic(${text})`,
    magicBytes: bytes,
    read(c) {
      c.need(bytes.length, name);
      const v = c.bytes.subarray(c.pos, c.pos + bytes.length);
      for (let i = 0; i < bytes.length; i++) {
        if (v[i] !== bytes[i]) throw new DecodeError('MAGIC', `bad ${name}: expected ${text}, found ${hexText(v)}`, c.base + c.pos);
      }
      if (c.tree) c.record(c.pos, bytes.length, 'magic', text);
      c.pos += bytes.length;
      return v;
    },
    write(s) {
      s.bytes(bytes);
    },
    sizeOf: () => bytes.length,
  };
}

/** True when `b` starts (at `at`) with the magic bytes of `m`. */
export function hasMagic(m: MagicNode, b: Uint8Array, at = 0): boolean {
  if (b.length - at < m.magicBytes.length) return false;
  for (let i = 0; i < m.magicBytes.length; i++) if (b[at + i] !== m.magicBytes[i]) return false;
  return true;
}

/** Bit positions of the named fields of a `bits` node: `[shift, width]`, bit 0 = least significant. */
export type BitLayout = Readonly<Record<string, readonly [shift: number, width: number]>>;

/** A `bits` node: its layout, for documentation and exporters. */
export interface BitsNode<L extends BitLayout> extends Node<{ [K in keyof L]: number }, { [K in keyof L]: number }, 'value'> {
  /** The named bit fields. */
  readonly layout: L;
}

/**
 * Named bit fields packed into one integer node (`bits(u8, { flag: [7, 1], count: [0, 3] })`),
 * decoded to an object of numbers so that later fields can refer to them (`variant('h.flag', …)`).
 * Bits the layout does not name must be zero on encode; on decode they are ignored (name them to check them).
 */
export function bits<L extends BitLayout>(node: Node<number, number, 'value'>, layout: L, name = 'bits'): BitsNode<L> {
  const entries = Object.entries(layout);
  const names = entries.map(([k]) => k);
  const shifts = entries.map(([, [shift]]) => 2 ** shift);
  const widths = entries.map(([, [, width]]) => 2 ** width);
  const split = (v: number): { [K in keyof L]: number } => {
    const out: Record<string, number> = {};
    for (let i = 0; i < names.length; i++) out[names[i]!] = Math.floor(v / shifts[i]!) % widths[i]!;
    return out as { [K in keyof L]: number };
  };
  return {
    kind: 'bits',
    role: 'value',
    fixedSize: node.fixedSize,
    describe: `${name}(${node.describe})`,
    layout,
    read: (c) => split(node.read(c)),
    ...(node.peek ? { peek: (c: Cursor, at: number) => split(node.peek!(c, at)) } : {}),
    write(s, v) {
      let x = 0;
      for (const [k, [shift, width]] of entries) {
        const f = v[k as keyof L];
        if (!Number.isInteger(f) || f < 0 || f >= 2 ** width) throw new EncodeError(`${name}.${k} value ${f} does not fit in ${width} bit(s)`, [...s.path]);
        x += f * 2 ** shift;
      }
      node.write(s, x);
    },
    sizeOf: () => node.fixedSize ?? 0,
  };
}

/**
 * Names of an enumeration's values: the name of `v`, or undefined for a value it does not name.
 * `fields` are the fields of the enclosing struct read so far, when the name of a value depends on
 * one of them (an OffloadBinary entry's offload kind on its image kind).
 */
export type ValueNames<T> = (v: T, fields: Readonly<Record<string, unknown>>) => string | undefined;

/** A fixed table of an enumeration's names, for exporters (Kaitai `enums`, ImHex `enum`). */
export interface EnumTable {
  /** The enumeration's name (`ImageKind`). */
  readonly name: string;
  /** Its values by name, as the format names them. */
  readonly values: Readonly<Record<string, number>>;
}

/** An `enumeration` node: its value names, for documentation and exporters. */
export interface EnumNode<T> extends Node<T, T, 'value'> {
  /** The name of a value (undefined for values the enumeration does not name). */
  readonly nameOf: ValueNames<T>;
  /** The names as one fixed table, when they do not depend on other fields (what exporters write). */
  readonly table?: EnumTable;
}

/** The fields of a struct being read, for names that depend on none. */
const NO_FIELDS: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * A fixed-size integer whose values have names (`enumeration(u16, imageKindLabel)`): read and
 * written exactly as `node`, every value kept (unknown values are not an error); a recorded span
 * also carries the name of its value (`SpanNode.label`), so every view of the bytes names it the
 * same way. A `nameOf` taking two parameters sees the enclosing struct's fields read before it;
 * `table`, the same names as one fixed table, is what the exporters write (formats/generated).
 */
export function enumeration<T>(node: Node<T, T, 'value'>, nameOf: ValueNames<T>, table?: EnumTable): EnumNode<T> {
  const size = node.fixedSize;
  const peek = node.peek;
  if (size === undefined || !peek) throw new Error(`codec description error: enumeration of ${node.describe}, not a fixed-size leaf`);
  const wantsFields = nameOf.length >= 2;
  return {
    ...node,
    nameOf,
    ...(table ? { table } : {}),
    // Only a name that looks at its siblings needs the enclosing struct as a scope.
    ...(wantsFields ? { scoped: true } : {}),
    read(c) {
      if (!c.tree) return node.read(c);
      c.need(size, node.kind);
      const at = c.pos;
      const v = peek(c, at);
      c.pos += size;
      const span = c.record(at, size, 'field', v);
      const label = nameOf(v, wantsFields ? (c.scopes[c.scopes.length - 1] ?? NO_FIELDS) : NO_FIELDS);
      if (label !== undefined) span.label = label;
      return v;
    },
  };
}

/** Zero bytes, decoded as `undefined`: the case of a `variant` where a field is absent. */
export const absent: Node<undefined, undefined, 'value'> = {
  kind: 'absent',
  role: 'value',
  fixedSize: 0,
  describe: 'absent',
  read: () => undefined,
  peek: () => undefined,
  write: () => undefined,
  sizeOf: () => 0,
};

/** n raw bytes, decoded as a zero-copy view; `span` says how a span of them is recorded. */
function rawBytes<E>(kind: string, n: number, describe: string, span: (v: Uint8Array) => SpanKind, write: (s: Sink, v: E) => void): Node<Uint8Array, E, 'value'> {
  return {
    kind,
    role: 'value',
    fixedSize: n,
    describe,
    read(c) {
      c.need(n, describe);
      const v = c.bytes.subarray(c.pos, c.pos + n);
      if (c.tree) c.record(c.pos, n, span(v));
      c.pos += n;
      return v;
    },
    write,
    sizeOf: () => n,
  };
}

/** Fixed-size byte array, decoded as a zero-copy view. */
export function bytes(n: number): Node<Uint8Array, Uint8Array, 'value'> {
  return rawBytes('bytes', n, `u8[${n}]`, () => 'bytes', (s, v) => {
    if (v.length !== n) throw new EncodeError(`expected ${n} bytes, got ${v.length}`, [...s.path]);
    s.bytes(v);
  });
}

/**
 * Reserved/padding bytes. Decoded as a view so a round trip keeps whatever the file held (LLVM
 * writers leave some of these uninitialised); encoding writes zeros when no value is given.
 */
export function reserved(n: number): Node<Uint8Array, Uint8Array | undefined, 'value'> {
  return rawBytes<Uint8Array | undefined>('reserved', n, `reserved[${n}]`, (v) => (v.every((b) => b === 0) ? 'padding' : 'padding-nonzero'), (s, v) => {
    if (v === undefined) s.zeros(n);
    else if (v.length !== n) throw new EncodeError(`reserved field needs ${n} bytes, got ${v.length}`, [...s.path]);
    else s.bytes(v);
  });
}

// ignoreBOM: a leading U+FEFF is text of the string, kept (the default decoder would drop it).
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const utf8enc = new TextEncoder();

/**
 * UTF-8 text of `b[from, to)`: ASCII (most names, keys, triples) without a TextDecoder call, which
 * costs about a microsecond each on short strings.
 */
export function decodeUtf8(b: Uint8Array, from = 0, to = b.length): string {
  if (to - from <= 64) {
    let s = '';
    for (let i = from; i < to; i++) {
      const x = b[i]!;
      if (x > 0x7f) return utf8.decode(b.subarray(from, to));
      s += String.fromCharCode(x);
    }
    return s;
  }
  return utf8.decode(b.subarray(from, to));
}

/** NUL-terminated UTF-8 string (the NUL is consumed, not part of the value). */
export const cstring: Node<string, string, 'value'> = {
  kind: 'cstring',
  role: 'value',
  fixedSize: undefined,
  describe: 'strz',
  read(c) {
    const start = c.pos;
    const nul = c.bytes.subarray(start, c.end).indexOf(0);
    const i = start + nul;
    if (nul < 0) throw new DecodeError('EOF', 'string is not NUL-terminated before the end of its region', c.base + start);
    const v = decodeUtf8(c.bytes, start, i);
    if (c.tree) c.record(start, i + 1 - start, 'string', v);
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

/**
 * Fixed-width text field (e.g. an `ar` member name): `width` bytes decoded as UTF-8 exactly as
 * stored, padding included (the format's reader says what the padding means). Encoding writes the
 * text and pads it with `pad` (a space by default) up to `width`; longer text is an error.
 */
export function fixedText(width: number, pad = 0x20): Node<string, string, 'value'> {
  return leaf(
    `char[${width}]`,
    width,
    // (bytes that are not UTF-8, e.g. an archive member named `n\xff.o`, read as lone surrogates and
    // written back as the bytes they were: src/codec/bytes.ts decodeEscapedUtf8)
    (c, at) => decodeEscapedUtf8(c.bytes, at, at + width),
    (s, v) => {
      const b = encodeEscapedUtf8(v, (code) => {
        throw new EncodeError(`text '${v}' has the lone surrogate U+${code.toString(16).toUpperCase()}, which stands for no byte`, [...s.path]);
      });
      if (b.length > width) throw new EncodeError(`text '${v}' is ${b.length} bytes, longer than its ${width}-byte field`, [...s.path]);
      s.bytes(b);
      for (let i = b.length; i < width; i++) s.u8(pad);
    },
  );
}

/** Options of {@link asciiNumber}. */
export interface AsciiNumberOptions {
  /** An all-blank field reads as 0 (`'zero'`) or is an error (`'error'`, the default). */
  readonly empty?: 'zero' | 'error';
  /**
   * A field its readers parse only on demand: characters that are not digits read as NaN instead
   * of failing the structure (the bytes stay in the input; NaN is not written back).
   */
  readonly onDemand?: boolean;
}

const RADIX_NAMES: Record<number, string> = { 8: 'octal', 10: 'decimal', 16: 'hexadecimal' };

/**
 * A number written as ASCII digits in a fixed-width field, left-aligned and padded with trailing
 * spaces (the `ar` member header's date, uid, gid, mode and size). Decoding drops the trailing
 * spaces and requires every remaining character to be a digit of `radix` (no sign, no leading
 * blank), as LLVM's `StringRef::rtrim(" ").getAsInteger(radix)` does; anything else is a FORMAT
 * error at the field. Encoding writes the digits and pads with spaces; a value that needs more
 * digits than the field has is an error. Values stay below 2^53 (a field of up to 15 decimal digits).
 */
export function asciiNumber(width: number, radix: 8 | 10 | 16 = 10, opts: AsciiNumberOptions = {}): Node<number, number, 'value'> {
  const kind = `${RADIX_NAMES[radix]} char[${width}]`;
  const node = leaf<number>(
    kind,
    width,
    (c, at) => {
      let end = at + width;
      while (end > at && c.bytes[end - 1] === 0x20) end--;
      if (end === at) {
        if (opts.empty === 'zero') return 0;
        throw new DecodeError('FORMAT', `empty ${RADIX_NAMES[radix]} number field (${width} blanks)`, c.base + at);
      }
      let v = 0;
      for (let i = at; i < end; i++) {
        const ch = c.bytes[i]!;
        const d = ch >= 0x30 && ch <= 0x39 ? ch - 0x30 : ch >= 0x61 && ch <= 0x66 ? ch - 0x57 : ch >= 0x41 && ch <= 0x46 ? ch - 0x37 : 99;
        if (d >= radix) {
          if (opts.onDemand) return NaN;
          const text = decodeUtf8(c.bytes, at, end).replace(/[^\x20-\x7e]/g, (x) => `\\x${x.charCodeAt(0).toString(16).padStart(2, '0')}`);
          throw new DecodeError('FORMAT', `characters in the field are not all ${RADIX_NAMES[radix]} digits: '${text}'`, c.base + at);
        }
        v = v * radix + d;
      }
      if (!Number.isSafeInteger(v)) throw new DecodeError('RANGE', `number field value is too large (limit 2^53-1)`, c.base + at);
      return v;
    },
    (s, v) => {
      if (!Number.isSafeInteger(v) || v < 0) throw new EncodeError(`${kind} value ${v} is not a non-negative safe integer`, [...s.path]);
      const text = v.toString(radix);
      if (text.length > width) throw new EncodeError(`${kind} value ${v} needs ${text.length} digits`, [...s.path]);
      s.text(text);
      for (let i = text.length; i < width; i++) s.u8(0x20);
    },
  );
  return node;
}

/** Byte array whose length is another field's value (`sizedBytes('size')`), zero-copy on decode. */
export function sizedBytes(sizeRef: string): Node<Uint8Array, Uint8Array, 'value'> {
  return {
    kind: 'bytes',
    role: 'value',
    fixedSize: undefined,
    describe: `u8[${sizeRef}]`,
    scoped: true,
    read(c) {
      const n = Number(c.lookup(sizeRef));
      c.need(n, `u8[${sizeRef}]`);
      const v = c.bytes.subarray(c.pos, c.pos + n);
      if (c.tree) c.record(c.pos, n, 'bytes');
      c.pos += n;
      return v;
    },
    write(s, v) {
      s.bytes(v);
    },
    sizeOf: (v) => v.length,
  };
}

/** A derived node: what it measures, for documentation and exporters. */
export interface DerivedNode<D> extends Node<D, undefined, 'derived'> {
  /** What the value measures (`count of entries`, ...). */
  readonly measures: string;
}

/**
 * A field whose value is computed on encode from what it measures (`measure(scope, context)`,
 * where `scope` is the enclosing struct's encode input and `context` the Sink's context).
 * Decoding keeps the stored value.
 */
export function derived<D, E>(
  node: Node<D, E, 'value'>,
  measure: (scope: Record<string, unknown>, context: unknown, sink: Sink) => E,
  what = 'derived value',
): DerivedNode<D> {
  return {
    kind: node.kind,
    role: 'derived',
    fixedSize: node.fixedSize,
    describe: `${node.describe} (${what})`,
    measures: what,
    read: (c) => node.read(c),
    ...(node.peek ? { peek: node.peek } : {}),
    write(s) {
      node.write(s, measure(s.scopes[s.scopes.length - 1]!, s.context, s));
    },
    sizeOf: () => node.fixedSize ?? 0,
  };
}

/** A count derived from the length of an array found by reference (sibling or outer scope). */
export function countOf<D>(node: Node<D, number, 'value'>, arrayRef: string): DerivedNode<D> {
  return derived(node, (_scope, _ctx, sink) => (sink.lookup(arrayRef) as unknown[]).length, `count of ${arrayRef}`);
}

/** An array node: element description and count (a reference or a number). */
export interface ArrayNode<N extends AnyNode> extends Node<Decoded<N>[], EncodeInput<N>[], 'value'> {
  /** Element description. */
  readonly elem: N;
  /** Element count: a reference to a decoded field, or a number. */
  readonly count: string | number;
}

/** Array of `elem`, with its element count given by a reference (`'header.count'`) or a number. */
export function array<N extends AnyNode>(elem: N, count: string | number): ArrayNode<N> {
  return {
    kind: 'array',
    role: 'value',
    fixedSize: typeof count === 'number' && elem.fixedSize !== undefined ? count * elem.fixedSize : undefined,
    describe: `${elem.describe}[${count}]`,
    scoped: typeof count === 'string' || elem.scoped === true,
    elem,
    count,
    read(c) {
      const raw = typeof count === 'number' ? count : c.lookup(count);
      const n = typeof raw === 'bigint' ? Number(raw) : (raw as number);
      // Never allocate from a count before checking it against the bytes that are there.
      if (elem.fixedSize !== undefined) c.need(n * elem.fixedSize, `${n} x ${elem.describe}`);
      else if (n > c.end - c.pos) c.need(n, `${n} elements`);
      const out: Decoded<N>[] = [];
      const start = c.pos;
      const parent = c.parent;
      const key = c.key;
      const group = c.tree ? c.record(start, 0, 'group') : undefined;
      for (let i = 0; i < n; i++) {
        if (group) {
          c.parent = group;
          c.key = i;
        }
        try {
          out.push(elem.read(c) as Decoded<N>);
        } catch (e) {
          if (e instanceof DecodeError) e.within(i);
          throw e;
        } finally {
          if (group) {
            c.parent = parent;
            c.key = key;
          }
        }
      }
      if (group) group.size = spanInt(c.pos - start);
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
    sizeOf: (v) => {
      if (elem.fixedSize !== undefined) return v.length * elem.fixedSize;
      let total = 0;
      for (const x of v) total += elem.sizeOf(x);
      return total;
    },
  };
}

/** The fields of a struct node: name → node, in layout order. */
export type Fields = Record<string, AnyNode>;
/** `T` with its intersections flattened into one object type (for readable hover types). */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** The names of the fields of `F` a caller gives on encode (role `value`: not derived, not constant). */
export type ValueKeys<F extends Fields> = { [K in keyof F]: F[K] extends Node<unknown, unknown, 'value'> ? K : never }[keyof F];
/** The value fields of `F` that may be left out on encode (their node takes `undefined`). */
export type OptionalKeys<F extends Fields> = { [K in ValueKeys<F>]: undefined extends EncodeInput<F[K]> ? K : never }[ValueKeys<F>];
/** The decoded value of a struct with fields `F`. */
export type StructDecoded<F extends Fields> = Simplify<{ [K in keyof F]: Decoded<F[K]> }>;
/** The encode input of a struct with fields `F`: value fields only (derived and constant ones are computed), optional where the field accepts undefined. */
export type StructInput<F extends Fields> = Simplify<
  { [K in Exclude<ValueKeys<F>, OptionalKeys<F>>]: EncodeInput<F[K]> } & { [K in OptionalKeys<F>]?: EncodeInput<F[K]> }
>;

/** A struct node: its fields, their offsets (fixed-size structs) and the relations its fields define. */
export interface StructNode<F extends Fields, Rel extends Record<string, Relation> = Record<string, Relation>> extends Node<StructDecoded<F>, StructInput<F>, 'value'> {
  /** Field descriptions in declaration (file) order. */
  readonly fields: F;
  /** Byte offset of each field from the struct start (fixed-size structs only). */
  readonly offsets: Readonly<Record<keyof F, number>>;
  /** Where fields of this struct point (blobs, tables, strings), by relation name. */
  readonly relations: Rel;
}

/**
 * A struct: fields in declaration order, no implicit padding (declare it with `reserved`).
 * `relations` names what its offset/size fields point at (src/codec/geometry.ts).
 */
export function struct<F extends Fields, Rel extends Record<string, Relation> = Record<never, Relation>>(fields: F, name = 'struct', relations?: Rel): StructNode<F, Rel> {
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
  const scoped = nodes.some((n) => n.scoped === true);
  // A fixed struct of plain leaves (or of such structs) is read with one bounds check and direct
  // peeks at known offsets, and is itself peekable (see compileReader).
  const peeks = fixed !== undefined && nodes.every((n) => n.peek) ? nodes.map((n) => n.peek!) : undefined;
  const offs = keys.map((k) => offsets[k]!);
  const peek = peeks
    ? (c: Cursor, at: number): StructDecoded<F> => {
        const out: Record<string, unknown> = {};
        let i = 0;
        try {
          for (; i < count; i++) out[keys[i]!] = peeks[i]!(c, at + offs[i]!);
        } catch (e) {
          if (e instanceof DecodeError) e.within(keys[i]!);
          throw e;
        }
        return out as StructDecoded<F>;
      }
    : undefined;
  /**
   * A fixed struct that stopped at field `failed` (recording spans): that field, when it is a leaf
   * whose bytes are there but whose value is refused (a wrong magic, a u64 past 2^53, an unknown
   * version), is named without a value, and the fields after it, at their fixed places, are read into
   * the tree as far as they read (each named without a value when it does not): so annotate and
   * hexdump put the error's path on the error's bytes, and the rest of the header keeps its names.
   */
  const nameTheRest = (c: Cursor, group: SpanNode, start: number, failed: number, code: string): void => {
    const parent = c.parent;
    const key = c.key;
    const pos = c.pos;
    const scopes = c.scopes.length;
    try {
      c.parent = group;
      for (let j = failed; j < count; j++) {
        const n = nodes[j]!;
        const at = start + offs[j]!;
        c.key = keys[j]!;
        // (a struct field names its own fields as it stops: see above)
        if (j === failed) {
          if (n.kind !== 'struct') c.record(at, n.fixedSize!, code === 'MAGIC' ? 'magic' : 'field');
          continue;
        }
        c.pos = at;
        try {
          n.read(c);
        } catch (e) {
          if (!(e instanceof DecodeError)) throw e;
          if (n.kind !== 'struct') c.record(at, n.fixedSize!, n.kind === 'magic' ? 'magic' : 'field');
        }
      }
    } finally {
      c.parent = parent;
      c.key = key;
      c.pos = pos;
      c.scopes.length = scopes;
    }
  };
  return {
    kind: 'struct',
    role: 'value',
    fixedSize: fixed,
    describe: name,
    fields,
    offsets: offsets as Record<keyof F, number>,
    relations: (relations ?? {}) as Rel,
    scoped,
    ...(peek ? { peek } : {}),
    read(c) {
      // A fixed-size struct is bounds-checked once up front.
      if (fixed !== undefined) c.need(fixed, name);
      if (peek && !c.tree) {
        const v = peek(c, c.pos);
        c.pos += fixed!;
        return v;
      }
      const out: Record<string, unknown> = {};
      let i = 0;
      const start = c.pos;
      const parent = c.parent;
      const key = c.key;
      const group = c.tree ? c.record(start, fixed ?? 0, 'group') : undefined;
      if (scoped) c.scopes.push(out);
      try {
        for (; i < count; i++) {
          if (group) {
            c.parent = group;
            c.key = keys[i]!;
          }
          out[keys[i]!] = nodes[i]!.read(c);
        }
      } catch (e) {
        if (e instanceof DecodeError) {
          if (group && fixed !== undefined) nameTheRest(c, group, start, i, e.code);
          e.within(keys[i]!);
        }
        throw e;
      } finally {
        if (scoped) c.scopes.pop();
        if (group) {
          c.parent = parent;
          c.key = key;
        }
      }
      if (group && c.pos - start > group.size) group.size = spanInt(c.pos - start);
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
 * The reader of a fixed-size structure (a struct of fixed-size leaves and such structs), built once
 * from its description: `(c, at)` is the value of the structure at index `at` of `c.bytes`, fields
 * read at the description's offsets, with no bounds check, no span recording and no per-read setup.
 * For callers that checked a whole range once and read many records in it (a header table), so
 * formats/ stays the one description of the fields. Errors are the decoder's (a u64n field too
 * large: RANGE at `c.base + at + offset`, the field's key in the path). Throws for any other node.
 */
export function compileReader<N extends AnyNode>(node: N): (c: Cursor, at: number) => Decoded<N> {
  if (!node.peek) throw new Error(`codec description error: ${node.describe} is not a fixed-size structure of fixed-size fields`);
  return node.peek as (c: Cursor, at: number) => Decoded<N>;
}

/** Reads one field of a fixed-size structure at the structure's index in `c.bytes` (see compileFieldReader). */
export type FieldReader<T> = (c: Cursor, at: number) => T;

/**
 * The reader of one field of a fixed-size structure: `(c, at)` is the value of field `key` of the
 * structure at index `at` of `c.bytes`, read by the field's own node at the description's offset.
 * Like {@link compileReader} it checks no bounds and records no span, and it makes no object: a
 * reader that needs a few fields of many records reads each into a local (each reader is its own
 * function, so a call site that always calls one stays monomorphic). Errors are the field node's
 * (no path: the caller knows the record). Throws for a field that cannot be read this way.
 */
export function compileFieldReader<F extends Fields, K extends keyof F & string>(s: StructNode<F>, key: K): FieldReader<Decoded<F[K]>> {
  const node = s.fields[key];
  const at = s.offsets[key];
  if (!node?.peek || s.fixedSize === undefined || at === undefined) {
    throw new Error(`codec description error: field '${key}' of ${s.describe} is not a fixed-size field of a fixed-size structure`);
  }
  const peek = node.peek as FieldReader<Decoded<F[K]>>;
  return (c, o) => peek(c, o + at);
}

/** A variant node: the case chosen by a referenced tag. */
export interface VariantNode<C extends Record<number, AnyNode>> extends Node<Decoded<C[keyof C]>, EncodeInput<C[keyof C]>, 'value'> {
  /** Node per tag value. */
  readonly cases: C;
  /** Reference to the decoded field that holds the tag. */
  readonly tagRef: string;
}

/**
 * Versioned variant: the case is chosen by a referenced tag value (e.g. the header's `version`),
 * decoded as the chosen case's value. Unknown tags are an error that lists the known ones.
 */
export function variant<C extends Record<number, AnyNode>>(tagRef: string, cases: C, what = 'version'): VariantNode<C> {
  const known = Object.keys(cases).join(', ');
  const pick = (tag: unknown): AnyNode | undefined => cases[Number(tag)];
  return {
    kind: 'variant',
    role: 'value',
    scoped: true,
    fixedSize: undefined,
    describe: `switch(${tagRef})`,
    cases,
    tagRef,
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
  };
}
