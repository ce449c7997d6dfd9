import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { propsJsonPieces, readPropsJson, registryFromJson, registryToJson, writePropsJson } from '../../src/props/json.js';
import { PropertySetError } from '../../src/props/errors.js';
import { readRegistry, writeRegistry } from '../../src/props/registry.js';
import { byteArray, uint32, type PropertySetRegistry, type PropertyValue } from '../../src/props/model.js';
import { SET_SCHEMAS } from '../../src/props/typed/index.js';
import { isWellFormed } from '../../src/props/text.js';
import { EncodeError } from '../../src/codec/errors.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/props.schema.json', import.meta.url), 'utf8')) as object;
const ajv = new Ajv({ allErrors: true, strict: true });
const validate = ajv.compile(schema);
const sample = readFileSync(new URL('../../testdata/props/sample.prop', import.meta.url));
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

function expectValid(doc: unknown): void {
  const ok = validate(doc);
  expect(ok, JSON.stringify(validate.errors, null, 1)).to.equal(true);
}

/** Through JSON text, as the CLI does. */
const viaJsonText = (reg: PropertySetRegistry): PropertySetRegistry => registryFromJson(JSON.parse(JSON.stringify(registryToJson(reg))));

describe('props/json', () => {
  it('the sample registry (every kind) validates against schemas/props.schema.json and re-encodes byte-identically', () => {
    const reg = readRegistry(sample);
    const doc = registryToJson(reg);
    expectValid(doc);
    expect(hex(writeRegistry(viaJsonText(reg)))).to.equal(hex(sample));
  });

  it('propsJsonPieces, a set at a time, joins to exactly writePropsJson (the sample, an empty registry, empty sets, fast-check registries)', () => {
    const same = (reg: PropertySetRegistry): void => void expect([...propsJsonPieces(reg)].join('')).to.equal(writePropsJson(reg));
    same(readRegistry(sample));
    same(new Map());
    same(new Map([['a', new Map()], ['b', new Map([['k', uint32(1)]])]]));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ minLength: 1 }), fc.array(fc.tuple(fc.string({ minLength: 1 }), fc.nat(0xffffffff)), { maxLength: 3 })), { maxLength: 4 }), (sets) => {
        same(new Map(sets.map(([n, ps]) => [n, new Map(ps.map(([k, v]) => [k, uint32(v)]))])));
      }),
      { numRuns: 100 },
    );
  });

  it('64-bit values are strings', () => {
    const doc = registryToJson(readRegistry(new TextEncoder().encode('[s]\nk=2|IAAAAAAAAAQA\n'))) as { sets: { properties: { bits: unknown }[] }[] };
    expect(doc.sets[0]!.properties[0]!.bits).to.equal('8');
  });

  it('the schema rejects what the tool would not write (a negative check that the schema has teeth)', () => {
    const doc = registryToJson(readRegistry(sample)) as { sets: { properties: Record<string, unknown>[] }[] };
    const bad1 = structuredClone(doc);
    bad1.sets[0]!.properties[0]!.value = -1;
    expect(validate(bad1)).to.equal(false);
    const bad2 = structuredClone(doc);
    bad2.sets[1]!.properties[0]!.bits = 160;
    expect(validate(bad2)).to.equal(false);
    const bad3 = structuredClone(doc);
    (bad3.sets[1]!.properties[0]!.typed as Record<string, unknown>).kind = 'nope';
    expect(validate(bad3)).to.equal(false);
  });

  it('editing only the typed value works when the raw fields are removed', () => {
    const doc = registryToJson(readRegistry(new TextEncoder().encode('[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n'))) as {
      sets: { properties: Record<string, unknown>[] }[];
    };
    const p = doc.sets[0]!.properties[0]!;
    delete p.bits;
    delete p.hex;
    delete p.text;
    p.typed = { kind: 'aspects', aspects: [{ name: 'cpu' }, { name: 'fp64' }] };
    const out = new TextDecoder().decode(writeRegistry(registryFromJson(doc)));
    expect(out).to.equal('[SYCL/device requirements]\naspects=2|ABAAAAAAAAQAAAAAGAAAAA\n'); // lowering.md V6 [1,6]
  });

  it("a uint32 'text' reads as the registry reader reads the same text (leading zeros, range, non-digits)", () => {
    const textOnly = (text: string): unknown => ({ format: 'syclbin-props', version: 1, sets: [{ name: 's', properties: [{ key: 'k', type: 1, text }] }] });
    const viaReader = (text: string): PropertyValue => readRegistry(new TextEncoder().encode(`[s]\nk=1|${text}\n`)).get('s')!.get('k')!;
    for (const text of ['0', '7', '007', '4294967295', '04294967295', '0000000000001']) {
      expect(registryFromJson(textOnly(text)).get('s')!.get('k'), text).to.deep.equal(viaReader(text));
    }
    for (const text of ['4294967296', '99999999999', '', ' 1', '1 ', '+1', '-1', '1e3', '0x10', '\u0661']) {
      expect(() => viaReader(text), text).to.throw(PropertySetError);
      expect(() => registryFromJson(textOnly(text)), text).to.throw(EncodeError, /'text' is not a valid value/);
    }
  });

  it('stale fields are reported instead of silently winning', () => {
    const doc = registryToJson(readRegistry(new TextEncoder().encode('[SYCL/assert used]\nk=1|1\n'))) as { sets: { properties: Record<string, unknown>[] }[] };
    const a = structuredClone(doc);
    a.sets[0]!.properties[0]!.value = 2;
    expect(() => registryFromJson(a)).to.throw(EncodeError, /disagree/);
    const b = structuredClone(doc);
    b.sets[0]!.properties[0]!.text = '3';
    expect(() => registryFromJson(b)).to.throw(EncodeError, /disagree/);
    // A typed value the raw one contradicts is refused by the registry: read from a file, the error
    // names the property as every path names one ([set][key]), at its place in the document.
    const c = registryToJson(readRegistry(new TextEncoder().encode('[SYCL/misc properties]\noptLevel=1|2\n'))) as { sets: { properties: Record<string, unknown>[] }[] };
    c.sets[0]!.properties[0]!.typed = { kind: 'uint32', value: 5 };
    const bytes = new TextEncoder().encode(JSON.stringify(c, null, 2));
    try {
      readPropsJson(bytes);
      expect.fail('should throw');
    } catch (e) {
      expect(e).to.be.instanceOf(PropertySetError);
      expect((e as PropertySetError).path).to.equal('["SYCL/misc properties"]["optLevel"]');
      const at = (e as PropertySetError).offset;
      expect(new TextDecoder().decode(bytes.subarray(at, at + 200))).to.match(/^\{\s*"key": "optLevel"/);
    }
  });

  it('bad documents name the JSON path', () => {
    expect(() => registryFromJson({ format: 'x' })).to.throw(EncodeError, /format/);
    try {
      registryFromJson({ format: 'syclbin-props', version: 1, sets: [{ name: 's', properties: [{ key: 'k', type: 2, hex: 'zz' }] }] });
      expect.fail('should throw');
    } catch (e) {
      expect((e as EncodeError).path).to.equal('sets[0].properties[0].hex');
    }
  });

  // Random registries over known and unknown sets: JSON is schema-valid and round-trips byte-exactly.
  const key = fc.oneof(
    fc.constantFrom('k', 'aspects', 'all', 'state', 'type', 'target', 'arch', 'K@reqd_work_group_size', 'x|y]', 'ü[|', '\udcff'),
    fc.string({ minLength: 1, maxLength: 5 }).filter((s) => !/[=\n\0]/.test(s) && !s.startsWith('[') && isWellFormed(s)),
  );
  const setName = fc.oneof(fc.constantFrom(...SET_SCHEMAS.map((s) => s.name)), fc.constantFrom('vendor/x', 'a]b', '\udc80'));
  const value: fc.Arbitrary<PropertyValue> = fc.oneof(
    fc.nat({ max: 0xffffffff }).map(uint32),
    fc.uint8Array({ maxLength: 24 }).map((b) => byteArray(b)),
    fc.integer({ min: 0, max: 30 }).chain((bits) => fc.uint8Array({ minLength: Math.ceil(bits / 8), maxLength: Math.ceil(bits / 8) }).map((b) => byteArray(b, BigInt(bits)))),
  );
  it('random registries: schema-valid JSON, JSON -> registry -> text byte-identical', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(setName, fc.array(fc.tuple(key, value), { maxLength: 5 })), { maxLength: 5 }), (sets) => {
        const reg: PropertySetRegistry = new Map();
        for (const [n, props] of sets) {
          const s = reg.get(n) ?? new Map();
          for (const [k, v] of props) s.set(k, v);
          reg.set(n, s);
        }
        const doc = registryToJson(reg);
        expectValid(JSON.parse(JSON.stringify(doc)));
        expect(hex(writeRegistry(viaJsonText(reg)))).to.equal(hex(writeRegistry(reg)));
      }),
      { numRuns: 300 },
    );
  });
});

describe("props JSON: an invalid 'text' is reported at its own path, with the reason alone", () => {
  it('no line, column or path of the one-line registry the reader checks it in', () => {
    const doc = (p: Record<string, unknown>) => ({ format: 'syclbin-props', version: 1, sets: [{ name: 'S', properties: [{ key: 'k', ...p }] }] });
    expect(() => registryFromJson(doc({ type: 2, text: '!!!!' }))).to.throw(/^'text' is not a valid value: invalid char in Base64Impl encoding: 0x21 at character 0 \(at sets\[0\]\.properties\[0\]\.text\)$/);
    expect(() => registryFromJson(doc({ type: 1, text: 'x' }))).to.throw(`'text' is not a valid value: invalid property value: "x" (decimal digits expected) (at sets[0].properties[0].text)`);
  });
});

describe("props JSON: a 'text' is one value, not lines of registry text", () => {
  it('a line feed or carriage return in it is refused (the lines after it were read as other properties: dropped, or the value replaced)', () => {
    // ("5\nk=1|9" encoded k as 9, "5\nfoo=1|9" dropped foo without a word: the text was checked
    // by reading it as the line `k=TYPE|TEXT` of a one-set registry)
    const doc = (text: string) => ({ format: 'syclbin-props', version: 1, sets: [{ name: 'S', properties: [{ key: 'k', type: 1, text }] }] });
    expect(() => registryFromJson(doc('5\nk=1|9'))).to.throw(/^'text' is not a valid value: a line feed at character 1 .*\(at sets\[0\]\.properties\[0\]\.text\)$/);
    expect(() => registryFromJson(doc('5\n[y]\nz=1|1'))).to.throw(/a line feed at character 1/);
    expect(() => registryFromJson(doc('5\r'))).to.throw(/a carriage return at character 1/);
    expect(registryFromJson(doc('05')).get('S')!.get('k')).to.deep.equal(uint32(5));
  });
});

describe('props JSON: a set or key listed twice is folded as LLVM folds text, and said', () => {
  it('one note per repeat, with its place; the registry keeps the last value and joins the sets', () => {
    const doc = {
      format: 'syclbin-props',
      version: 1,
      sets: [
        { name: 'S', properties: [{ key: 'k', type: 1, value: 1 }, { key: 'k', type: 1, value: 2 }] },
        { name: 'T', properties: [] },
        { name: 'S', properties: [{ key: 'm', type: 1, value: 3 }] },
      ],
    };
    const text = JSON.stringify(doc);
    const r = readPropsJson(new TextEncoder().encode(text));
    expect(new TextDecoder().decode(writeRegistry(r.registry))).to.equal('[S]\nk=1|2\nm=1|3\n[T]\n');
    expect(r.notes.map((n) => [n.set, n.key, n.message, n.at])).to.deep.equal([
      ['S', 'k', 'key listed again (sets[0].properties[1]): the last value is kept, as LLVM\'s reader keeps it', text.indexOf('{"key":"k","type":1,"value":2}')],
      ['S', undefined, 'set listed again (sets[2]): its properties join the first listing\'s, as LLVM\'s reader joins a set named again', text.lastIndexOf('{"name":"S"')],
    ]);
  });
});
