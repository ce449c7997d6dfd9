import { expect } from 'chai';
import fc from 'fast-check';
import { encodeSpecConstantDescriptors, lowerManifestJson } from '../../src/lower/lower.js';
import { concatChunks, encode } from '../../src/codec/index.js';
import { SPEC_CONST_PADDING_ID, SpecConstantDescriptor as SpecConstantDescriptorRecord } from '../../formats/property-records.js';
import { LowerError } from '../../src/lower/errors.js';
import { parseDataLayout } from '../../src/lower/datalayout.js';
import { typeToString, type IrType } from '../../src/lower/types.js';
import { encodeMemoryImage, hasStoreAllocQuirk, parseConstValue, decimalToFpBits } from '../../src/lower/values.js';
import { specConstantLeaves } from '../../src/lower/report.js';
import { specialize } from '../../src/lower/runtime.js';
import { walkSpecConstants } from '../../src/props/typed/spec-constants.js';
import { MAX_DEFAULT_VALUE_BYTES, PADDING_ID, type SpecConstantNode } from '../../src/lower/spec-constants.js';
import { checkSpirvComposite } from '../../src/lower/spirv/emit.js';
import { SET } from '../../formats/property-sets.js';
import { byteArray, type PropertySetRegistry } from '../../src/props/model.js';
import { typeArb } from './arbitraries.js';

const spir = parseDataLayout();

/** A JSON default for `t`; `null` only as a struct member other than the first (see below). */
function valueArb(t: IrType, nullOk: boolean): fc.Arbitrary<unknown> {
  const maybeNull = (a: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => (nullOk ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 5, arbitrary: a }) : a);
  switch (t.kind) {
    case 'int':
      if (t.bits === 1) return maybeNull(fc.boolean());
      if (t.bits === 64) return maybeNull(fc.bigInt({ min: -(1n << 63n), max: (1n << 64n) - 1n }).map((b) => b.toString()));
      return maybeNull(fc.integer({ min: -(2 ** (t.bits - 1)), max: 2 ** t.bits - 1 }));
    case 'float':
      return maybeNull(fc.integer({ min: -4000, max: 4000 }).map((n) => n / 8));
    case 'vector':
    case 'array':
      return maybeNull(fc.oneof(fc.constant('zeroinitializer'), fc.array(valueArb(t.element, false), { minLength: t.length, maxLength: t.length })));
    case 'struct':
      // Undef members only after the first: sycl-post-link's first-element-undef quirk is tested on its own.
      return maybeNull(fc.oneof({ weight: 1, arbitrary: fc.constant('zeroinitializer') }, { weight: 4, arbitrary: fc.tuple(...t.elements.map((e, i) => valueArb(e, i > 0))) }));
  }
}

const constantArb = typeArb({ maxDepth: 3 })
  .filter((t) => !hasStoreAllocQuirk(t, spir))
  .chain((t) => valueArb(t, false).map((v) => ({ type: t, default: v })));

describe('lower: spec constants', () => {
  it('fast-check: native descriptors are ordered and never overlap; the runtime walk (fact 30) ends exactly at the default blob size', () => {
    fc.assert(
      fc.property(fc.array(constantArb, { minLength: 1, maxLength: 4 }), (scs) => {
        const r = lowerManifestJson({ mode: 'native', specConstants: scs.map((s, i) => ({ name: `sc${i}`, type: typeToString(s.type), default: s.default })) });
        const props = r.specConstants.constants.map((c) => [c.name, c.descriptors] as const);
        for (const [, ds] of props) {
          let end = 0;
          for (const d of ds) {
            expect(d.offset, JSON.stringify(ds)).to.be.at.least(end);
            end = d.offset + d.size;
          }
        }
        const walk = walkSpecConstants(props);
        expect(walk.issues).to.deep.equal([]);
        expect(walk.total).to.equal(r.specConstants.defaultBlob.length);
        // every constant's bytes are its store size (no quirk types here)
        r.specConstants.constants.forEach((c, i) => expect(walk.constants[i]!.size).to.equal(spir.storeSize(c.type)));
      }),
      { numRuns: 300 },
    );
  });

  it('fast-check: IDs are consecutive, leaves match descriptors, NextID = sum of ID lists', () => {
    fc.assert(
      fc.property(fc.array(constantArb, { minLength: 1, maxLength: 4 }), (scs) => {
        const r = lowerManifestJson({ mode: 'native', specConstants: scs.map((s, i) => ({ name: `sc${i}`, type: typeToString(s.type), default: s.default })) });
        let next = 0;
        for (const c of r.specConstants.constants) {
          expect(c.ids.map((e) => e.id)).to.deep.equal(c.ids.map((_e, k) => next + k));
          next += c.ids.length;
          const leaves = specConstantLeaves(c.tree!);
          if (leaves.length) expect(leaves.map((l) => l.id)).to.deep.equal(c.ids.map((e) => e.id));
          expect(leaves.filter((l) => l.kind === 'scalar').map((l) => l.id)).to.deep.equal(c.descriptors.filter((d) => d.id !== PADDING_ID).map((d) => d.id));
        }
        expect(r.specConstants.nextId).to.equal(next);
      }),
      { numRuns: 300 },
    );
  });

  it('fast-check: specializing every constant with its own default reproduces the default blob; other values land at the descriptors', () => {
    fc.assert(
      fc.property(fc.array(constantArb, { minLength: 1, maxLength: 3 }), fc.nat(), (scs, pick) => {
        const r = lowerManifestJson({ mode: 'native', specConstants: scs.map((s, i) => ({ name: `sc${i}`, type: typeToString(s.type), default: s.default })) });
        const values = new Map(r.specConstants.constants.map((c) => [c.name, encodeMemoryImage(c.default, spir)]));
        const s = specialize(r.registry, values);
        expect(Buffer.from(s.blob).toString('hex')).to.equal(Buffer.from(r.specConstants.defaultBlob).toString('hex'));
        // The runtime writes nothing for a value equal to its default (set_specialization_constant_raw_value).
        expect(s.writes).to.deep.equal([]);
        // all-0xAB bytes for one constant: every registered leaf gets 0xAB, nothing else changes
        const c = r.specConstants.constants[pick % r.specConstants.constants.length]!;
        const s2 = specialize(r.registry, { [c.name]: new Uint8Array(spir.allocSize(c.type)).fill(0xab) });
        const rc = s2.constants.find((x) => x.name === c.name)!;
        const touched = new Set<number>();
        for (const d of rc.registered) for (let k = 0; k < d.size; k++) touched.add(d.blobOffset + k);
        s2.blob.forEach((b, k) => expect(b).to.equal(touched.has(k) ? 0xab : r.specConstants.defaultBlob[k]));
        // Leaves whose default already is all 0xAB are not written (equal to the default).
        const differs = rc.registered.filter((d) => !r.specConstants.defaultBlob.subarray(d.blobOffset, d.blobOffset + d.size).every((b) => b === 0xab));
        expect(s2.writes.map((w) => w.specId)).to.deep.equal(differs.map((d) => d.id));
        for (const w of s2.writes) expect([...w.bytes].every((b) => b === 0xab)).to.equal(true);
      }),
      { numRuns: 200 },
    );
  });

  it('fast-check: emulation places constants at aligned, increasing offsets; walk total = blob size = buffer size', () => {
    fc.assert(
      fc.property(fc.array(constantArb, { minLength: 1, maxLength: 5 }), (scs) => {
        const r = lowerManifestJson({ mode: 'emulation', specConstants: scs.map((s, i) => ({ name: `sc${i}`, type: typeToString(s.type), default: s.default })) });
        let end = 0;
        for (const c of r.specConstants.constants) {
          const e = c.emulation!;
          expect(e.offset % e.align).to.equal(0);
          expect(e.offset - end).to.equal(e.paddingBefore).and.to.be.lessThan(e.align);
          expect(c.blobOffset).to.equal(e.offset);
          end = e.offset + e.size;
        }
        expect(r.specConstants.bufferSize).to.equal(end);
        const walk = walkSpecConstants(r.specConstants.constants.map((c) => [c.name, c.descriptors] as const));
        expect(walk.total).to.equal(r.specConstants.defaultBlob.length);
        expect(walk.total).to.equal(end);
        expect(r.specConstants.constants.map((c) => c.ids[0]!.id)).to.deep.equal(scs.map((_s, i) => i));
      }),
      { numRuns: 300 },
    );
  });

  it('issue example: native IDs 0, 1..3, 4..8 (padding consumes 6), zeroinitializer, explicit specId 7', () => {
    const r = lowerManifestJson({
      mode: 'native',
      types: { 'struct.A': '{ i32, %struct.Nested }', 'struct.Nested': '{ float, float }' },
      specConstants: [
        { name: 'uid1234____ZL6id_int', type: 'i32', default: 42 },
        { name: 'uid1234____ZL4id_A', type: '%struct.A', default: [1, [3.0, 4.0]] },
        { name: 'uid1234____ZL3pad', type: '<{ float, i8, [3 x i8], i32 }>', default: [3.14, 97, null, 42] },
        { name: 'uid1234____ZL1z', type: '{ i32, i8 }', default: 'zeroinitializer' },
        { name: 'my_constant', type: 'float', default: 1.0, specId: 12 },
      ],
    });
    const d = r.specConstants.constants.map((c) => c.descriptors.map((x) => [x.id, x.offset, x.size]));
    expect(d).to.deep.equal([
      [[0, 0, 4]],
      [[1, 0, 4], [2, 4, 4], [3, 8, 4]],
      [[4, 0, 4], [5, 4, 1], [7, 8, 4]],
      [[8, 0, 4], [9, 4, 1], [PADDING_ID, 5, 3]],
      [[12, 0, 4]],
    ]);
    expect(r.specConstants.nextId).to.equal(10);
  });

  it('specId conflicts, composites and emulation are errors naming the JSON path', () => {
    const base = { name: 'a', type: 'i32', default: 1 };
    expect(() => lowerManifestJson({ mode: 'native', specConstants: [base, { name: 'b', type: 'float', default: 1, specId: 0 }] })).to.throw(LowerError, /SpecId 0 is used twice.*"b" \(explicit specId\).*"a" \(sequential ID\)/);
    expect(() => lowerManifestJson({ mode: 'native', specConstants: [{ ...base, specId: 3 }, { name: 'b', type: 'float', default: 1, specId: 3 }] })).to.throw(LowerError, /SpecId 3 is used twice/);
    expect(() => lowerManifestJson({ mode: 'native', specConstants: [{ name: 'c', type: '{ i32 }', default: [1], specId: 3 }] })).to.throw(LowerError, /scalar constants only.*specConstants\[0\]\.specId/);
    expect(() => lowerManifestJson({ mode: 'emulation', specConstants: [{ ...base, specId: 3 }] })).to.throw(LowerError, /needs mode "native"/);
    // undef-consumed IDs count as used
    expect(() =>
      lowerManifestJson({ mode: 'native', specConstants: [{ name: 'p', type: '<{ i8, [3 x i8] }>', default: [1, null] }, { name: 'q', type: 'i8', default: 1, specId: 1 }] }),
    ).to.throw(LowerError, /SpecId 1 is used twice.*consumed by an undef element/);
    const ok = lowerManifestJson({ mode: 'native', specConstants: [{ ...base, specId: 5 }, { name: 'b', type: 'i8', default: 2 }] });
    expect(ok.specConstants.constants.map((c) => c.descriptors[0]!.id)).to.deep.equal([5, 0]);
  });

  it('replicates the first-element-undef quirk of emitSpecConstantRecursiveImpl', () => {
    // Scalar first element undef: it keeps the pre-pushed {ID, Undef=false} entry, so it gets a descriptor.
    const r = lowerManifestJson({ mode: 'native', specConstants: [{ name: 'q', type: '{ i32, i32 }', default: [null, 5] }] });
    const c = r.specConstants.constants[0]!;
    expect(c.ids).to.deep.equal([{ id: 0, undef: false }, { id: 1, undef: false }]);
    expect(c.descriptors).to.deep.equal([{ id: 0, offset: 0, size: 4 }, { id: 1, offset: 4, size: 4 }]);
    expect(specConstantLeaves(c.tree!).map((l) => l.kind)).to.deep.equal(['undef', 'scalar']);
    // Aggregate first element undef: the descriptor walk would run past the ID list (UB upstream).
    expect(() => lowerManifestJson({ mode: 'native', specConstants: [{ name: 'q', type: '<{ [3 x i8], i32 }>', default: [null, 5] }] })).to.throw(LowerError, /read past the end of its ID list.*specConstants\[0\]/);
  });

  it('a member whose first leaf is undef makes the whole member undef (one ID), as collectDefinedElements does', () => {
    const r = lowerManifestJson({ mode: 'native', specConstants: [{ name: 'q', type: '{ i32, { i8, i32 }, i8 }', default: [1, [null, 7], 2] }] });
    const c = r.specConstants.constants[0]!;
    expect(c.ids.map((e) => e.undef)).to.deep.equal([false, true, false]);
    expect(c.descriptors.map((d) => [d.id, d.offset, d.size])).to.deep.equal([[0, 0, 4], [2, 12, 1], [PADDING_ID, 13, 3]]);
    // ... but the default bytes still hold the 7 (encodeDefaultValue walks the constant)
    expect(Buffer.from(c.defaultBytes).toString('hex')).to.equal('01000000' + '00000000' + '07000000' + '02000000');
  });

  it('array/vector store-vs-alloc quirk (§3 item 7) is replicated and reported', () => {
    const r = lowerManifestJson({ mode: 'native', specConstants: [{ name: 'v', type: '[2 x <3 x float>]', default: [[1, 2, 3], [4, 5, 6]] }] });
    const c = r.specConstants.constants[0]!;
    expect(c.descriptors.map((d) => d.offset)).to.deep.equal([0, 4, 8, 12, 16, 20]);
    expect(c.defaultBytes.length).to.equal(24);
    expect(spir.storeSize(c.type)).to.equal(32);
    expect(r.warnings.join('\n')).to.match(/§3 item 7/);
    const z = lowerManifestJson({ mode: 'native', specConstants: [{ name: 'v', type: '[2 x <3 x float>]', default: 'zeroinitializer' }] });
    expect(z.specConstants.defaultBlob.length).to.equal(32); // CAZ: store size of the array
    const e = lowerManifestJson({ mode: 'emulation', specConstants: [{ name: 'v', type: '[2 x <3 x float>]', default: [[1, 2, 3], [4, 5, 6]] }, { name: 'w', type: 'i32', default: 1 }] });
    expect(e.specConstants.constants[1]!.emulation!.offset).to.equal(32);
    expect(e.specConstants.constants[1]!.blobOffset).to.equal(24);
  });

  it('bool and half defaults; i1 spec constants are 1 byte', () => {
    const r = lowerManifestJson({ mode: 'native', specConstants: [{ name: 'b', type: 'i1', default: true }, { name: 'h', type: 'half', default: 2 }, { name: 'x', type: 'i64', default: '-1' }] });
    expect(Buffer.from(r.specConstants.defaultBlob).toString('hex')).to.equal('01' + '0040' + 'ffffffffffffffff');
    expect(r.specConstants.constants[0]!.descriptors).to.deep.equal([{ id: 0, offset: 0, size: 1 }]);
  });
});

describe('lower: the spec-constant tree and a composite check', () => {
  /** The composites of a tree in pre-order (what a check called before the elements must see). */
  const composites = (n: SpecConstantNode, out: string[] = []): string[] => {
    if (n.kind === 'composite') {
      out.push(typeToString(n.type));
      for (const e of n.elements) composites(e, out);
    }
    return out;
  };

  it('fast-check: buildTree(check) builds the tree `tree` builds, calling check on each composite before its elements', () => {
    fc.assert(
      fc.property(constantArb, (s) => {
        const c = lowerManifestJson({ mode: 'native', specConstants: [{ name: 'sc', type: typeToString(s.type), default: s.default }] }).specConstants.constants[0]!;
        const seen: string[] = [];
        const tree = c.buildTree!((t) => void seen.push(typeToString(t)));
        expect(tree).to.deep.equal(c.tree);
        expect(seen).to.deep.equal(composites(tree));
      }),
      { seed: 20261127, numRuns: 200 },
    );
  });

  it('a check that throws at the root ends the build before any element (a million-leaf constant SPIR-V cannot hold is refused at once)', () => {
    const c = lowerManifestJson({ mode: 'native', specConstants: [{ name: 'big', type: '[1048576 x i8]', default: 'zeroinitializer' }] }).specConstants.constants[0]!;
    expect(c.ids).to.have.length(1 << 20);
    let calls = 0;
    expect(() =>
      c.buildTree!(() => {
        calls++;
        throw new LowerError('no');
      }),
    ).to.throw(LowerError, 'no');
    expect(calls).to.equal(1);
    // the SPIR-V emitter's own check, which the CLI's -o and --spirv-out reach
    expect(() => c.buildTree!(checkSpirvComposite)).to.throw(LowerError, /has 1048576 constituents; one instruction holds at most 65532/);
  });
});

describe('lower: default values', () => {
  const v = (x: unknown, t: string) => parseConstValue(x, parseDataLayoutType(t), ['d']);
  function parseDataLayoutType(t: string): IrType {
    return lowerManifestJson({ mode: 'native', specConstants: [{ name: 'x', type: t, default: 'zeroinitializer' }] }).specConstants.constants[0]!.type;
  }
  const bits = (x: unknown, t: string): string => {
    const c = v(x, t);
    return c.kind === 'fp' ? c.bits.toString(16) : c.kind === 'int' ? c.value.toString(16) : c.kind;
  };
  it('floats round to nearest-even; LLVM hex literals', () => {
    expect(bits(3.14, 'float')).to.equal('4048f5c3');
    expect(bits('0x40091EB860000000', 'float')).to.equal('4048f5c3');
    expect(bits('0x400921FB54442D18', 'double')).to.equal('400921fb54442d18');
    expect(bits('0xH4000', 'half')).to.equal('4000');
    expect(bits(1, 'half')).to.equal('3c00');
    expect(bits('0.1', 'half')).to.equal('2e66');
    expect(bits(65504, 'half')).to.equal('7bff');
    expect(bits(-0, 'float')).to.equal('80000000');
    expect(bits(1e-8, 'half')).to.equal('0'); // below half the smallest subnormal
    expect(bits(6e-8, 'half')).to.equal('1'); // smallest subnormal 2^-24 ~ 5.96e-8
    // a decimal just above the float halfway point 1 + 2^-24: direct rounding goes up, via double it ties to even
    expect(bits('1.00000005960464477539062500000001', 'float')).to.equal('3f800001');
    expect(bits(1.00000005960464477539062500000001, 'float')).to.equal('3f800000');
    expect(decimalToFpBits('1e400', 'double')).to.equal(undefined);
    expect(() => v(65520, 'half')).to.throw(LowerError, /out of range for half/);
    expect(() => v('0x3FB999999999999A', 'float')).to.throw(LowerError, /invalid for type float/);
    expect(() => v('0xH3C00', 'float')).to.throw(LowerError, /half bits/);
  });
  it('a JSON number beyond the double range (1e400, read as Infinity) is refused for double as 1e39 is for float', () => {
    const lower = (type: string, text: string): unknown => lowerManifestJson(JSON.parse(`{"mode":"native","specConstants":[{"name":"a","type":"${type}","default":${text}}]}`));
    for (const [type, text] of [['double', '1e400'], ['double', '-1e400'], ['float', '1e400'], ['half', '-1e999']]) {
      let e: unknown;
      try {
        lower(type!, text!);
      } catch (x) {
        e = x;
      }
      expect(e, `${type} ${text}`).to.be.instanceOf(LowerError);
      expect((e as LowerError).message).to.match(new RegExp(`beyond the double range \\(JSON reads it as -?Infinity\\) is out of range for ${type}.*at specConstants\\[0\\]\\.default`));
    }
    expect(() => lower('float', '1e39')).to.throw(LowerError, /1e\+39 is out of range for float/);
    // an infinity written as bits is still an infinity; 1.7976931348623157e308 still fits
    expect(() => lower('double', '"0x7FF0000000000000"')).to.not.throw();
    expect(() => lower('double', '1.7976931348623157e308')).to.not.throw();
  });
  it('integers: ranges, booleans, decimal strings', () => {
    expect(bits(-1, 'i8')).to.equal('ff');
    expect(bits(true, 'i32')).to.equal('1');
    expect(bits('18446744073709551615', 'i64')).to.equal('ffffffffffffffff');
    expect(() => v(256, 'i8')).to.throw(LowerError, /does not fit in i8 \(at d\)/);
    expect(() => v(2 ** 60, 'i64')).to.throw(LowerError, /decimal strings/);
    expect(() => v(1.5, 'i32')).to.throw(LowerError, /integer/);
  });
  it('a megabyte-long default string is quoted clipped in the error, and a huge decimal is refused without converting it', () => {
    const long = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        expect(e).to.be.instanceOf(LowerError);
        return (e as LowerError).message;
      }
      throw new Error('no error');
    };
    const digits = '9'.repeat(1_000_000);
    for (const [value, type, re] of [
      [digits, 'i64', /^9{200}… \(1000000 characters\) does not fit in i64/],
      [`-${digits}`, 'i8', /does not fit in i8/],
      ['x'.repeat(1_000_000), 'i32', /got "x{199}… \(1000002 characters\)/],
      ['x'.repeat(1_000_000), 'float', /got "x{199}… \(1000002 characters\)/],
      [`0xK${digits}`, 'float', /LLVM literal "0xK9+… \(1000003 characters\)"/],
      [`1e${digits}`, 'double', /1e9+… \(1000002 characters\) is out of range for double/],
    ] as const) {
      const msg = long(() => v(value, type));
      expect(msg, `${type} ${value.slice(0, 4)}`).to.match(re);
      expect(msg.length, `${type} ${value.slice(0, 4)}`).to.be.below(600);
    }
    // (digits that fit still convert: leading zeros and the widest values)
    expect(bits(`${'0'.repeat(100)}18446744073709551615`, 'i64')).to.equal('ffffffffffffffff');
    expect(bits('-128', 'i8')).to.equal('80');
  });
  it('aggregates canonicalise like LLVM (all-null -> zeroinitializer, all-undef -> undef)', () => {
    expect(v([0, 0], '{ i32, float }').kind).to.equal('zero');
    expect(v([0, -0], '{ i32, float }').kind).to.equal('aggregate');
    expect(v([null, null], '[2 x i8]').kind).to.equal('undef');
    // Fewer values than members: the tail is undef (clang's padding members, issue "undef tail").
    const short = v([1], '{ i32, i8 }');
    expect(short.kind).to.equal('aggregate');
    expect((short as unknown as { elements: readonly { kind: string }[] }).elements.map((e) => e.kind)).to.deep.equal(['int', 'undef']);
    expect(() => v([1, 2, 3], '{ i32, i8 }')).to.throw(LowerError, /has 2 element\(s\) but the default has 3 \(at d\)/);
    expect(() => v([1, 'x'], '{ i32, i8 }')).to.throw(LowerError, /at d\[1\]/);
  });
  it('non-zero <N x i1> and vectors with undef elements are rejected (sycl-post-link hits llvm_unreachable)', () => {
    expect(() => lowerManifestJson({ mode: 'native', specConstants: [{ name: 'x', type: '<2 x i1>', default: [true, false] }] })).to.throw(LowerError, /<N x i1>/);
    expect(() => lowerManifestJson({ mode: 'native', specConstants: [{ name: 'x', type: '{ i8, <2 x i32> }', default: [1, [1, null]] }] })).to.throw(LowerError, /undef elements.*specConstants\[0\]\.default\[1\]\[1\]/);
  });
});

describe('lower: manifest errors name the JSON path', () => {
  const cases: [unknown, RegExp][] = [
    [{}, /missing required property "mode"/],
    [{ mode: 'jit' }, /expected one of "native", "emulation".*at mode/],
    [{ mode: 'native', extra: 1 }, /unknown property "extra".*at extra/],
    [{ mode: 'native', specConstants: [{ name: 'a', type: 'i32' }] }, /missing required property "default".*specConstants\[0\]/],
    [{ mode: 'native', specConstants: [{ name: 'a=b', type: 'i32', default: 1 }] }, /cannot be a property key.*specConstants\[0\]\.name/],
    [{ mode: 'native', specConstants: [{ name: 'a', type: '%S', default: 1 }] }, /unknown type %S.*specConstants\[0\]\.type/],
    [{ mode: 'native', specConstants: [{ name: 'a', type: 'i32', default: 1 }, { name: 'a', type: 'i64', default: 1 }] }, /used with type i64 but first with i32.*specConstants\[1\]\.type/],
    [{ mode: 'native', specConstants: [{ name: 'a', type: 'i32', default: null }] }, /cannot be undef.*specConstants\[0\]\.default/],
    [{ mode: 'native', deviceGlobals: [{ name: 'g', type: 'i32', hostAccess: 'rw' }] }, /deviceGlobals\[0\]\.hostAccess/],
    [{ mode: 'native', modules: [{ name: 'm', uses: ['nope'] }] }, /neither a spec constant nor a device global.*modules\[0\]\.uses\[0\]/],
    [{ mode: 'native', dataLayout: 'e-i8:16' }, /i8 must be 8-bit aligned.*at dataLayout/],
    // (review 2026-11-28 message sweep: names from the file were written raw, an ESC or a U+DC80+byte code unit in the message)
    [{ mode: 'native', 'x\u001b[2J\udcff': 1 }, /^unknown property "x\\u001b\[2J\\xff" \(allowed: /],
    [{ mode: 'native', modules: [{ name: 'm\u0007', uses: [] }, { name: 'm\u0007', uses: [] }] }, /^module "m\\u0007" is listed twice/],
    [{ mode: 'native', modules: [{ name: 'm', uses: ['n\u001b'] }] }, /^"n\\u001b" is neither a spec constant/],
  ];
  for (const [m, re] of cases) {
    it(`${JSON.stringify(m).slice(0, 80)}`, () => {
      expect(() => lowerManifestJson(m)).to.throw(LowerError, re);
    });
  }
});

describe('lower: encodeSpecConstantDescriptors', () => {
  it('writes what the codec encodes for formats/property-records.ts SpecConstantDescriptor, record after record', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.nat(0xffffffff), offset: fc.nat(0xffffffff), size: fc.nat(0xffffffff) }), { maxLength: 20 }), (ds) => {
        const want = concatChunks(ds.map((d) => encode(SpecConstantDescriptorRecord, d)));
        expect(Buffer.from(encodeSpecConstantDescriptors(ds)).equals(Buffer.from(want))).to.equal(true);
      }),
      { seed: 20261127, numRuns: 200 },
    );
    // The padding descriptor's id (0xffffffff) stays unsigned.
    expect([...encodeSpecConstantDescriptors([{ id: SPEC_CONST_PADDING_ID, offset: 4, size: 4 }])]).to.deep.equal([0xff, 0xff, 0xff, 0xff, 4, 0, 0, 0, 4, 0, 0, 0]);
  });
});

describe('lower: specialize without a default-values set', () => {
  it('starts the blob as zeros up to MAX_DEFAULT_VALUE_BYTES; a larger claim (a 192-byte file asked for 4 GiB) is a LIMIT error before anything is allocated', () => {
    const registry = (size: number): PropertySetRegistry =>
      new Map([[SET.SPEC_CONSTANTS, new Map([['c', byteArray(encodeSpecConstantDescriptors([{ id: 0, offset: 0, size }]))]])]]);
    const ok = specialize(registry(16), { c: new Uint8Array(16).fill(7) });
    expect([...ok.blob]).to.deep.equal(new Array(16).fill(7));
    for (const size of [MAX_DEFAULT_VALUE_BYTES + 1, 0xffffffff]) {
      let err: unknown;
      try {
        specialize(registry(size), {});
      } catch (e) {
        err = e;
      }
      expect(err, String(size)).to.be.instanceOf(LowerError);
      expect((err as LowerError).code).to.equal('LIMIT');
      expect((err as LowerError).message).to.contain(`describe a ${size}-byte blob to start as zeros`);
    }
  });
});

describe('lower: decimal text is matched in linear time', () => {
  it('100,000 digits followed by a letter are refused at once (the decimal pattern backtracked quadratically: 31 s in specialize --set f:)', () => {
    const digits = '1'.repeat(100_000);
    expect(() => decimalToFpBits(`${digits}x`, 'float')).to.throw('not a decimal');
    expect(() => decimalToFpBits(`${digits}e`, 'double')).to.throw('not a decimal');
    expect(decimalToFpBits('1.5', 'float')).to.equal(0x3fc00000n);
    expect(decimalToFpBits('2.', 'float')).to.equal(0x40000000n);
    expect(decimalToFpBits('.25', 'float')).to.equal(0x3e800000n);
  });
});

describe('lower: a device global irName with a lone surrogate (review rv-ir)', () => {
  it('is refused at deviceGlobals[i].irName (it was written as U+FFFD into the IR, SPIR-V and global_id_mapping)', () => {
    for (const irName of ['a\ud800b', '\udfff', 'x\udc80']) {
      expect(() => lowerManifestJson({ mode: 'native', deviceGlobals: [{ name: 'g', irName, type: 'i32' }] }), JSON.stringify(irName)).to.throw(LowerError, /has a lone surrogate.*\(at deviceGlobals\[0\]\.irName\)/);
    }
    // a surrogate pair is a character
    expect(lowerManifestJson({ mode: 'native', deviceGlobals: [{ name: 'g', irName: 'a\ud83d\ude00', type: 'i32' }] }).deviceGlobals[0]!.irName).to.equal('a😀');
  });
});
