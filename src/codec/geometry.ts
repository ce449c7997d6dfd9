/**
 * Geometry: where structures sit, described as data so that readers, writers, checks and the
 * Kaitai/ImHex exporters all derive it from one place (`formats/`).
 *
 * - {@link Expr}: a tiny expression language over the fields of decoded headers (`ref`), constants,
 *   sums, products and alignment, plus the start/end of regions placed before. It is evaluated here
 *   and printed by the exporters.
 * - {@link Layout}: the regions of one address space in order (a header, tables of fixed-size
 *   records, byte tables), each with its start, its size and the alignment padding after it.
 * - {@link Relation}: how a field of a record points at bytes: a blob inside a region, a slice of a
 *   table, a table of records at an offset, a NUL-terminated string. Descriptions attach relations
 *   to their structs; {@link locate} checks a relation against the bytes that are there.
 *
 * Arithmetic is on JavaScript numbers: every offset and size a reader accepts is at most 2^53-1
 * (u64n), and a sum beyond that is larger than any input, so comparisons against sizes stay right.
 */
import { compileFieldReader, type Cursor, type Node, type Role, type StructNode } from './schema.js';

/** An expression over a scope of decoded fields and the regions placed so far. */
export type Expr =
  | number
  | { readonly ref: string }
  | { readonly add: readonly Expr[] }
  | { readonly sub: readonly [Expr, Expr] }
  | { readonly mul: readonly [Expr, Expr] }
  | { readonly alignUp: Expr; readonly to: number }
  | { readonly start: string }
  | { readonly end: string };

/** Expression constructors. */
export const E = {
  /** A decoded field, by dotted name in the scope (`header.entriesOffset`). */
  ref: (ref: string): Expr => ({ ref }),
  /** Sum of the operands. */
  add: (...add: Expr[]): Expr => ({ add }),
  /** `a - b`. */
  sub: (a: Expr, b: Expr): Expr => ({ sub: [a, b] }),
  /** `a * b`. */
  mul: (a: Expr, b: Expr): Expr => ({ mul: [a, b] }),
  /** `e` rounded up to a multiple of `to`. */
  alignUp: (e: Expr, to: number): Expr => ({ alignUp: e, to }),
  /** Start offset of a region placed before. */
  start: (region: string): Expr => ({ start: region }),
  /** End offset (start + size, before padding) of a region placed before. */
  end: (region: string): Expr => ({ end: region }),
};

/** Where a region was placed (offsets relative to the address space's start). */
export interface Placement {
  /** Start offset. */
  readonly at: number;
  /** Size in bytes (before padding). */
  readonly size: number;
  /** `at + size`. */
  readonly end: number;
  /** End after the alignment padding (`end` when there is none). */
  readonly paddedEnd: number;
}

/** Resolves `ref` names of an expression. */
export type FieldLookup = (ref: string) => unknown;

/** A lookup over nested plain objects: `lookupIn({header})('header.size')`. */
export function lookupIn(scope: Record<string, unknown>): FieldLookup {
  return (ref) => {
    let v: unknown = scope;
    for (const part of ref.split('.')) {
      if (v === null || typeof v !== 'object' || !(part in (v as object))) throw new Error(`geometry description error: '${ref}' is not in scope`);
      v = (v as Record<string, unknown>)[part];
    }
    return v;
  };
}

/**
 * `v` rounded up to a multiple of `to` (v >= 0), in integer steps: `Math.ceil(v / to) * to` gives the
 * same number as a heap-allocated double, and a double stored in a span's `offset` turns that field of
 * every span into a boxed double (V8 field representation), a heap number per span of a large file.
 */
export function alignUp(v: number, to: number): number {
  const r = v % to;
  return r === 0 ? v : v + (to - r);
}

/** Evaluate `e`. Iterative over the (small, description-defined) expression tree. */
export function evaluate(e: Expr, field: FieldLookup, placed: Readonly<Record<string, Placement>> = {}): number {
  if (typeof e === 'number') return e;
  if ('ref' in e) {
    const v = field(e.ref);
    return typeof v === 'bigint' ? Number(v) : (v as number);
  }
  if ('add' in e) {
    let s = 0;
    for (const x of e.add) s += evaluate(x, field, placed);
    return s;
  }
  if ('sub' in e) return evaluate(e.sub[0], field, placed) - evaluate(e.sub[1], field, placed);
  if ('mul' in e) return evaluate(e.mul[0], field, placed) * evaluate(e.mul[1], field, placed);
  if ('alignUp' in e) return alignUp(evaluate(e.alignUp, field, placed), e.to);
  const name = 'start' in e ? e.start : e.end;
  const p = placed[name];
  if (!p) throw new Error(`geometry description error: region '${name}' is used before it is placed`);
  return 'start' in e ? p.at : p.end;
}

/** One region of a layout: a structure, a table of fixed-size records, or a byte region of a given size. */
export interface Region {
  /** Where the region starts (an expression over fields and earlier regions). */
  readonly at: Expr;
  /** A fixed-size structure (its size is the region's size). */
  readonly node?: Node<unknown, unknown, Role>;
  /** Records: element description and count. */
  readonly table?: { readonly elem: Node<unknown, unknown, Role>; readonly count: Expr };
  /** Byte size (for non-table regions). */
  readonly size?: Expr;
  /** Zero padding after the region up to a multiple of this, counted from the layout start. */
  readonly padTo?: number;
  /** What the bytes are, for people and exporters. */
  readonly doc?: string;
}

/** The regions of one address space, in file order. */
export interface Layout<R extends string = string> {
  /** Name of the address space, for messages and exporters. */
  readonly name: string;
  /** Regions by name, in file order (later ones may refer to earlier ones). */
  readonly regions: Readonly<Record<R, Region>>;
}

/** Describe a layout (regions in file order; later regions may refer to earlier ones). */
export function layout<R extends string>(name: string, regions: Record<R, Region>): Layout<R> {
  return { name, regions };
}

/** Place every region of `l` given the decoded fields the expressions refer to. */
export function place<R extends string>(l: Layout<R>, field: FieldLookup): Record<R, Placement> {
  const out = {} as Record<string, Placement>;
  for (const [name, r] of Object.entries(l.regions) as [R, Region][]) {
    const at = evaluate(r.at, field, out);
    const size = r.table ? evaluate(r.table.count, field, out) * r.table.elem.fixedSize! : r.node ? r.node.fixedSize! : evaluate(r.size ?? 0, field, out);
    const end = at + size;
    out[name] = { at, size, end, paddedEnd: r.padTo ? alignUp(end, r.padTo) : end };
  }
  return out as Record<R, Placement>;
}

// ---------------------------------------------------------------------------------------------
// Relations: fields that point at bytes

/** A field value as a number (u64 fields may be bigint). */
function num(v: unknown): number {
  return typeof v === 'bigint' ? Number(v) : (v as number);
}

/** Bytes `[offset, +size)` inside a region, both given by fields of the record. */
export interface BlobRelation {
  /** Discriminant of `Relation`. */
  readonly kind: 'blob';
  /** Name of the region the blob lies in (its offset is relative to the region's start). */
  readonly region: string;
  /** Field holding the blob's offset in the region. */
  readonly offset: string;
  /** Field holding the blob's size in bytes. */
  readonly size: string;
}

/** Records `[first, +count)` of a table region (indices, not bytes). */
export interface SliceRelation {
  /** Discriminant of `Relation`. */
  readonly kind: 'slice';
  /** Name of the table region. */
  readonly table: string;
  /** Field holding the index of the first record. */
  readonly first: string;
  /** Field holding the number of records. */
  readonly count: string;
}

/** `count` records of `elem` at byte `offset` of the address space. */
export interface TableRelation {
  /** Discriminant of `Relation`. */
  readonly kind: 'table';
  /** Description of one record. */
  readonly elem: Node<unknown, unknown, Role>;
  /** Field holding the byte offset of the first record. */
  readonly offset: string;
  /** Field holding the number of records. */
  readonly count: string;
}

/** A NUL-terminated string at byte `offset` of the address space. */
export interface CStringRelation {
  /** Discriminant of `Relation`. */
  readonly kind: 'cstring';
  /** Field holding the string's byte offset. */
  readonly offset: string;
}

/** Bytes `[offset, +size)` of the address space (`text`: they are a UTF-8 string). */
export interface BytesRelation {
  /** Discriminant of `Relation`. */
  readonly kind: 'bytes';
  /** Field holding the byte offset. */
  readonly offset: string;
  /** Field holding the size in bytes. */
  readonly size: string;
  /** The bytes are a UTF-8 string (for dumps and exporters). */
  readonly text?: boolean;
}

/** How a field of a record points at bytes; the kinds are described by their interfaces. */
export type Relation = BlobRelation | SliceRelation | TableRelation | CStringRelation | BytesRelation;

/** Relation constructors (field names refer to the record the relation is attached to). */
export const R = {
  /** Bytes `[offset, +size)` inside `region`. */
  blob: (region: string, offset: string, size: string): BlobRelation => ({ kind: 'blob', region, offset, size }),
  /** Records `[first, +count)` of the `table` region. */
  slice: (table: string, first: string, count: string): SliceRelation => ({ kind: 'slice', table, first, count }),
  /** `count` records of `elem` at byte `offset`. */
  table: (elem: Node<unknown, unknown, Role>, offset: string, count: string): TableRelation => ({ kind: 'table', elem, offset, count }),
  /** A NUL-terminated string at byte `offset`. */
  cstring: (offset: string): CStringRelation => ({ kind: 'cstring', offset }),
  /** Bytes `[offset, +size)` of the address space; `text` when they are UTF-8. */
  bytes: (offset: string, size: string, text = false): BytesRelation => ({ kind: 'bytes', offset, size, ...(text ? { text } : {}) }),
};

/** A relation checked against the room it points into: where it lands, or why it does not fit. */
export type Located =
  | { readonly ok: true; readonly at: number; readonly size: number }
  | { readonly ok: false; readonly field: string; readonly reason: string; readonly at: number; readonly size: number };

/**
 * Check `[offset, +size)` (or `[first, +count)` records) of a relation against `room` units (bytes of
 * the region or address space, or records of the table). A failure names the field to blame: the
 * offset (or first index) when it already lies outside, otherwise the size (or count) that runs past
 * the end.
 */
export function locate(rel: Relation, record: Record<string, unknown>, room: number): Located {
  if (rel.kind === 'cstring') {
    const at = num(record[rel.offset]);
    if (at < room) return { ok: true, at, size: 0 };
    return { ok: false, field: rel.offset, at, size: 0, reason: `string offset ${at} is outside the ${room}-byte address space` };
  }
  return locateRange(rel, num(record[startField(rel)]), num(record[sizeField(rel)]), room);
}

/** A relation with a start and a size (everything but a string). */
export type RangeRelation = Exclude<Relation, CStringRelation>;

/** The field a range relation starts at (an offset, or the first index of a slice). */
export function startField(rel: RangeRelation): string {
  return rel.kind === 'slice' ? rel.first : rel.offset;
}

/** The field that says how much a range relation covers (a size, or a count of records). */
export function sizeField(rel: RangeRelation): string {
  return rel.kind === 'blob' || rel.kind === 'bytes' ? rel.size : rel.count;
}

/** Units a range relation counts in: bytes, records of a slice, or bytes of `elem` records for a table. */
function unitOf(rel: RangeRelation): number {
  return rel.kind === 'table' ? rel.elem.fixedSize! : 1;
}

/** Whether `n` units from `at` lie inside `room` units: the rule of {@link locate}. */
export function fits(rel: RangeRelation, at: number, n: number, room: number): boolean {
  return at <= room && n <= Math.floor((room - at) / unitOf(rel));
}

/** {@link locate} of a range relation whose start `at` and size `n` are already read. */
export function locateRange(rel: RangeRelation, at: number, n: number, room: number): Located {
  const unit = unitOf(rel);
  if (fits(rel, at, n, room)) return { ok: true, at, size: n * unit };
  const where = rel.kind === 'blob' ? rel.region : rel.kind === 'slice' ? rel.table : 'address space';
  const reason =
    rel.kind === 'slice'
      ? `records [${at}, +${n}) lie outside the ${room} record(s) of ${where}`
      : rel.kind === 'table'
        ? `${n} ${rel.elem.describe} record(s) at offset ${at} do not fit in ${room} bytes`
        : `[${at}, +${n}) lies outside the ${room}-byte ${where}`;
  // An offset at or past the end (with something to hold) is wrong itself; inside, the size runs over.
  return { ok: false, field: at >= room ? startField(rel) : sizeField(rel), at, size: n * unit, reason };
}

/**
 * A range relation of a fixed-size structure, compiled once: its start and size fields are read
 * straight from a record at an index of `c.bytes` (compileFieldReader), so a reader checks a
 * relation of each of many records with {@link fits} without decoding the records; the relation
 * and {@link locateRange} explain one that does not fit.
 */
export interface RelationReader<R extends RangeRelation = RangeRelation> {
  /** The relation compiled. */
  readonly relation: R;
  /** The relation's start (offset or first index) in the record at byte `at` of `c.bytes`. */
  start(c: Cursor, at: number): number;
  /** The relation's size (bytes or count) in the record at byte `at` of `c.bytes`. */
  size(c: Cursor, at: number): number;
}

/** Compile relation `name` of the fixed-size structure `s` (see {@link RelationReader}). */
export function compileRelation<F extends Record<string, Node<unknown, unknown, Role>>, Rel extends Record<string, Relation>, K extends keyof Rel & string>(
  s: StructNode<F, Rel>,
  name: K,
): RelationReader<Extract<Rel[K], RangeRelation>> {
  const relation = s.relations[name] as Relation | undefined;
  if (!relation || relation.kind === 'cstring') throw new Error(`geometry description error: ${s.describe} has no range relation '${name}'`);
  const start = compileFieldReader(s, startField(relation) as keyof F & string);
  const size = compileFieldReader(s, sizeField(relation) as keyof F & string);
  return {
    relation: relation as Extract<Rel[K], RangeRelation>,
    start: (c, at) => num(start(c, at)),
    size: (c, at) => num(size(c, at)),
  };
}
