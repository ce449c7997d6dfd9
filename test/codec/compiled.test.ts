/**
 * The compiled readers of src/codec (compileReader, compileFieldReader, compileRelation with fits and
 * locateRange) agree with the general decoder and with `locate`: same values, and a record that does
 * not decode fails with the same error. Structures are random fixed-size descriptions.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import {
  compileFieldReader,
  compileReader,
  compileRelation,
  cstring,
  Cursor,
  decode,
  DecodeError,
  fits,
  i32,
  i64,
  locate,
  locateRange,
  magic,
  R,
  struct,
  u16,
  u32,
  u64,
  u64n,
  u8,
  type Node,
  type Relation,
  type Role,
} from '../../src/codec/index.js';
import { AbstractModuleHeader, IRModuleHeader, NativeImageHeader, SyclbinFileHeader } from '../../formats/syclbin-v1.js';
import { OffloadEntry } from '../../formats/offload-binary.js';

type AnyNode = Node<unknown, unknown, Role>;

const LEAVES: readonly AnyNode[] = [u8, u16, u32, u64, u64n, i32, i64];

/** A random fixed-size struct of leaves, possibly with a nested fixed struct. */
const fixedStruct: fc.Arbitrary<AnyNode> = fc
  .tuple(fc.array(fc.nat(LEAVES.length - 1), { minLength: 1, maxLength: 6 }), fc.option(fc.array(fc.nat(LEAVES.length - 1), { minLength: 1, maxLength: 3 })))
  .map(([outer, inner]) => {
    const fields: Record<string, AnyNode> = {};
    outer.forEach((k, i) => (fields[`f${i}`] = LEAVES[k]!));
    if (inner) {
      const nested: Record<string, AnyNode> = {};
      inner.forEach((k, i) => (nested[`g${i}`] = LEAVES[k]!));
      fields.nested = struct(nested, 'Nested') as AnyNode;
    }
    return struct(fields, 'Random') as AnyNode;
  });

/** The outcome of a read: its value, or the error's code, offset and path. */
function outcome(read: () => unknown): unknown {
  try {
    return { value: read() };
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    return { code: e.code, offset: e.offset, path: e.path };
  }
}

describe('codec: compiled readers', () => {
  it('property: compileReader reads what decode reads (values, or the same error), in either byte order', () => {
    fc.assert(
      fc.property(fixedStruct, fc.uint8Array({ minLength: 0, maxLength: 96 }), fc.nat(16), fc.boolean(), fc.nat(1000), (s, body, at, le, base) => {
        const bytes = new Uint8Array(at + s.fixedSize! + body.length);
        bytes.set(body.subarray(0, Math.min(body.length, bytes.length - at)), at);
        // Make u64 fields hit both sides of 2^53 now and then.
        if (body.length > 0 && body[0]! % 3 === 0) bytes.fill(0xff, at, at + s.fixedSize!);
        const c = new Cursor(bytes, 0, base);
        c.le = le;
        const general = outcome(() => decode(s, bytes, at, { base, le }));
        expect(outcome(() => compileReader(s)(c, at))).to.deep.equal(general);
      }),
    );
  });

  it('property: compileFieldReader reads each field as decode does', () => {
    fc.assert(
      fc.property(fixedStruct, fc.uint8Array({ minLength: 64, maxLength: 64 }), fc.boolean(), (s, bytes, le) => {
        const st = s as unknown as { fields: Record<string, AnyNode> } & Parameters<typeof compileFieldReader>[0];
        const c = new Cursor(bytes);
        c.le = le;
        let whole: Record<string, unknown> | undefined;
        try {
          whole = decode(s, bytes, 0, { le }) as Record<string, unknown>;
        } catch (e) {
          if (!(e instanceof DecodeError)) throw e;
        }
        // (a field reader checks no bounds, by contract: it reads records its caller placed in the
        // bytes, so a structure longer than the bytes is no input for it)
        if (st.fixedSize! > bytes.length) return;
        for (const key of Object.keys(st.fields)) {
          const one = outcome(() => compileFieldReader(st, key)(c, 0));
          if (whole) expect(one).to.deep.equal({ value: whole[key] });
        }
      }),
    );
  });

  it('the header structures of formats/ compile; nodes that are not fixed-size fields do not', () => {
    for (const s of [AbstractModuleHeader, IRModuleHeader, NativeImageHeader, OffloadEntry]) expect(compileReader(s)).to.be.a('function');
    expect(() => compileReader(SyclbinFileHeader)).to.throw(/not a fixed-size structure/); // a magic field is checked, not peeked
    expect(() => compileReader(struct({ name: cstring }))).to.throw(/not a fixed-size structure/);
    expect(() => compileReader(magic([1, 2]))).to.throw(/not a fixed-size structure/);
    expect(() => compileFieldReader(struct({ a: u32, name: cstring }) as never, 'name')).to.throw(/not a fixed-size field/);
  });

  it('property: fits and locateRange decide what locate decides', () => {
    const rels: Exclude<Relation, { kind: 'cstring' }>[] = [
      R.blob('table', 'offset', 'size'),
      R.bytes('offset', 'size'),
      R.slice('entries', 'offset', 'size'),
      R.table(AbstractModuleHeader, 'offset', 'size'),
    ];
    const n = fc.oneof(fc.nat(64), fc.nat(), fc.constant(2 ** 53 - 1));
    fc.assert(
      fc.property(fc.constantFrom(...rels), n, n, n, (rel, offset, size, room) => {
        const expected = locate(rel, { offset, size }, room);
        expect(fits(rel, offset, size, room)).to.equal(expected.ok);
        expect(locateRange(rel, offset, size, room)).to.deep.equal(expected);
      }),
    );
  });

  it('compileRelation reads the two fields of a relation where formats/ puts them', () => {
    const rel = compileRelation(IRModuleHeader, 'bytes');
    expect(rel.relation).to.equal(IRModuleHeader.relations.bytes);
    const bytes = new Uint8Array(IRModuleHeader.fixedSize! + 8);
    const v = new DataView(bytes.buffer);
    v.setBigUint64(8 + IRModuleHeader.offsets.rawIRBytesOffset, 1234n, true);
    v.setBigUint64(8 + IRModuleHeader.offsets.rawIRBytesSize, 99n, true);
    const c = new Cursor(bytes);
    expect([rel.start(c, 8), rel.size(c, 8)]).to.deep.equal([1234, 99]);
    expect(() => compileRelation(SyclbinFileHeader, 'nope' as never)).to.throw(/no range relation/);
  });
});
