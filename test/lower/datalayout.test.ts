import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { DataLayout, DEFAULT_SPIR_DATALAYOUT, parseDataLayout } from '../../src/lower/datalayout.js';
import { parseType, TypeTable, typeToString } from '../../src/lower/types.js';
import { LowerError } from '../../src/lower/errors.js';

const spir = parseDataLayout();
const t = (s: string) => parseType(s);

describe('lower/datalayout', () => {
  describe('against LLVM 19 (testdata/lower/datalayout-golden.json, generated with opt-19)', () => {
    const golden = JSON.parse(readFileSync(new URL('../../testdata/lower/datalayout-golden.json', import.meta.url), 'utf8')) as {
      vectors: { dataLayout: string; type: string; allocSize: number; abiAlign: number; offsets?: number[] }[];
    };
    const layouts = new Map<string, DataLayout>();
    it(`has vectors for several layouts (${golden.vectors.length})`, () => {
      expect(golden.vectors.length).to.be.greaterThan(200);
      expect(new Set(golden.vectors.map((v) => v.dataLayout)).size).to.be.greaterThanOrEqual(4);
    });
    it('alloc size, ABI alignment and struct member offsets match LLVM for every vector', () => {
      const bad: string[] = [];
      for (const v of golden.vectors) {
        let dl = layouts.get(v.dataLayout);
        if (!dl) layouts.set(v.dataLayout, (dl = parseDataLayout(v.dataLayout)));
        const ty = t(v.type);
        const got = { allocSize: dl.allocSize(ty), abiAlign: dl.abiAlign(ty), offsets: ty.kind === 'struct' && ty.elements.length ? [...dl.structLayout(ty).offsets] : undefined };
        const want = { allocSize: v.allocSize, abiAlign: v.abiAlign, offsets: v.offsets };
        if (JSON.stringify(got) !== JSON.stringify(want)) bad.push(`${JSON.stringify(v.dataLayout)} ${v.type}: got ${JSON.stringify(got)} want ${JSON.stringify(want)}`);
      }
      expect(bad, bad.slice(0, 5).join('\n')).to.deep.equal([]);
    });
  });

  it('default SPIR layout: store vs alloc sizes (spec lowering.md fact 28, §3 item 7)', () => {
    const rows: [string, number, number, number][] = [
      // type, store, alloc, align
      ['i1', 1, 1, 1],
      ['i64', 8, 8, 8],
      ['half', 2, 2, 2],
      ['double', 8, 8, 8],
      ['<3 x float>', 12, 16, 16],
      ['<3 x i8>', 3, 4, 4],
      ['<3 x half>', 6, 8, 8],
      ['<5 x i1>', 1, 1, 1],
      ['[2 x <3 x float>]', 32, 32, 16],
      ['<{ i8, i32 }>', 5, 5, 1],
      ['{ i8, i32 }', 8, 8, 4],
      ['{ i8, { i8, i32, i8 }, i8 }', 20, 20, 4],
      ['{}', 0, 0, 1],
    ];
    for (const [ty, store, alloc, align] of rows) {
      const x = t(ty);
      expect([spir.storeSize(x), spir.allocSize(x), spir.abiAlign(x)], ty).to.deep.equal([store, alloc, align]);
    }
    expect(spir.structLayout(t('{ i8, { i8, i32, i8 }, i8 }') as never).offsets).to.deep.equal([0, 4, 16]);
  });

  it('LLVM defaults without a layout: i64 has ABI alignment 4', () => {
    const dl = parseDataLayout('');
    expect(dl.abiAlign(t('i64'))).to.equal(4);
    expect(dl.structLayout(t('{ i32, i64 }') as never).offsets).to.deep.equal([0, 4]);
    expect(dl.allocSize(t('{ i32, i64 }'))).to.equal(12);
  });

  it('a:<abi> raises struct alignment (alloc) but not the StructLayout size', () => {
    const dl = parseDataLayout('e-a:64');
    const s = t('{ i8 }');
    expect(dl.structLayout(s as never).size).to.equal(1);
    expect(dl.storeSize(s)).to.equal(1);
    expect(dl.allocSize(s)).to.equal(8);
    expect(dl.abiAlign(t('<{ i8 }>'))).to.equal(1);
  });

  it('integer alignment uses the next larger spec, else the largest', () => {
    const dl = parseDataLayout('e-i16:32');
    expect(dl.abiAlign(t('i16'))).to.equal(4);
    expect(dl.allocSize(t('i16'))).to.equal(4);
    expect(dl.storeSize(t('i16'))).to.equal(2);
    expect(dl.abiAlign(t('i1'))).to.equal(1);
    expect(parseDataLayout('e-i64:128').abiAlign(t('i64'))).to.equal(16);
  });

  it('rejects malformed layouts with the spec named', () => {
    for (const [s, re] of [
      ['e-i8:16', /i8 must be 8-bit aligned/],
      ['e-i32:33', /power of two/],
      ['e--i64:64', /empty specification/],
      ['e-x', /unknown specifier 'x'/],
      ['E', /big-endian/],
      ['i32:64:32', /preferred alignment cannot be less/],
      ['v', /must be of the form/],
    ] as const) {
      expect(() => parseDataLayout(s), s).to.throw(LowerError, re);
    }
    try {
      parseDataLayout('e-q', ['dataLayout']);
    } catch (e) {
      expect((e as LowerError).path).to.equal('dataLayout');
    }
    expect(parseDataLayout(DEFAULT_SPIR_DATALAYOUT).text).to.equal(DEFAULT_SPIR_DATALAYOUT);
  });
});

describe('lower/types', () => {
  it('parses and prints LLVM type syntax', () => {
    for (const s of ['i1', 'double', '{ i32, float }', '<{ float, i8, [3 x i8] }>', '[2 x [3 x <4 x half>]]', '{}', '<{}>', '[0 x i8]']) {
      expect(typeToString(t(s))).to.equal(s);
    }
    expect(typeToString(t('  <  { i8 ,i32 }  >'))).to.equal('<{ i8, i32 }>');
  });

  it('resolves named structs to shared objects and prints them by name', () => {
    const tt = new TypeTable({ 'struct.A': '{ i32, %struct.Nested }', 'struct.Nested': '{ float, float }', 'class.x y': '{ i8 }' });
    const a = tt.parse('[2 x %struct.A]', ['x']);
    expect(typeToString(a)).to.equal('[2 x %struct.A]');
    const a2 = tt.get('struct.A');
    expect(a.kind === 'array' && a.element).to.equal(a2);
    expect(typeToString(tt.parse('%"class.x y"', []))).to.equal('%"class.x y"');
  });

  it('reports cycles, unknown names and syntax errors with the JSON path', () => {
    const cyc = new TypeTable({ A: '{ i32, %B }', B: '{ [2 x %A] }' });
    expect(() => cyc.get('A', ['specConstants', 0, 'type'])).to.throw(LowerError, /recursive type definition %A -> %B -> %A.*types\.A/);
    const unk = new TypeTable({ A: '{ %Missing }' });
    expect(() => unk.resolveAll()).to.throw(LowerError, /unknown type %Missing.*at types\.A/);
    expect(() => parseType('{ i32, }', ['specConstants', 3, 'type'])).to.throw(LowerError, /column 8.*specConstants\[3\]\.type/);
    expect(() => parseType('i24')).to.throw(/unsupported integer type i24/);
    expect(() => parseType('<2 x { i8 }>')).to.throw(/vector elements must be scalars/);
    expect(() => parseType('<0 x i8>')).to.throw(/at least one element/);
    expect(() => new TypeTable({ A: 'i32' }).get('A')).to.throw(/must be a struct body/);
  });
});
