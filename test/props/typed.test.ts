import { expect } from 'chai';
import fc from 'fast-check';
import { readRegistry, writeRegistry } from '../../src/props/registry.js';
import {
  decodeTypedRegistry,
  decodeTypedValue,
  encodeTypedRegistry,
  encodeTypedValue,
  KIND_TYPE,
  SET_SCHEMAS,
  type TypedSet,
  type TypedValue,
} from '../../src/props/typed/index.js';
import { encodeBase64 } from '../../src/props/base64.js';
import { byteArray, stringProperty, uint32, type PropertySetRegistry } from '../../src/props/model.js';

const enc = new TextEncoder();
const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');

/** Decode a one-set registry text and return the typed properties of that set by key. */
function typedOf(text: string): Map<string, TypedSet['properties'][number]> {
  const sets = decodeTypedRegistry(readRegistry(enc.encode(text)));
  const out = new Map<string, TypedSet['properties'][number]>();
  for (const s of sets) for (const p of s.properties) out.set(`${s.name}/${p.key}`, p);
  return out;
}

function typed(text: string, key: string): TypedValue {
  const p = typedOf(text).get(key);
  expect(p, key).to.not.equal(undefined);
  expect(p!.typed, `${key}: ${JSON.stringify(p!.problems)}`).to.not.equal(null);
  return p!.typed!;
}

/** Re-encoding the typed view alone (no raw values) must give the input bytes. */
function expectTypedRoundTrip(text: string): void {
  const sets = decodeTypedRegistry(readRegistry(enc.encode(text)));
  const input = sets.map((s) => ({ name: s.name, properties: s.properties.map((p) => (p.typed ? { key: p.key, typed: p.typed } : { key: p.key, value: p.value })) }));
  expect(new TextDecoder().decode(writeRegistry(encodeTypedRegistry(input)))).to.equal(text);
}

// Spec: docs/spec/lowering.md §2 (vectors verbatim from intel/llvm lit tests)
describe('props/typed: lowering.md §2 vectors', () => {
  describe('V2 device globals (llvm/test/tools/sycl-post-link/device-globals/test_global_variable.ll @074732ed)', () => {
    const src =
      '[SYCL/device globals]\n' +
      '6da74a122db9f35d____ZL7dg_int1=2|ABAAAAAAAAABAAAAAAAAAA\n' +
      '7da74a1187b9f35d____ZL7dg_int2=2|ABAAAAAAAAABAAAAAAAAAA\n' +
      '9d329ad59055e972____ZL8dg_bool3=2|ABAAAAAAAAQAAAAABAAAAA\n' +
      'dda2bad52c45c432____ZL8dg_bool4=2|ABAAAAAAAAQAAAAABAAAAA\n';
    it('decodes {size, deviceImageScope} as two u32', () => {
      const t = typedOf(src);
      expect(t.get('SYCL/device globals/6da74a122db9f35d____ZL7dg_int1')!.typed).to.deep.equal({ kind: 'device-global', size: 4, deviceImageScope: 0, layout: 'u32' });
      expect(t.get('SYCL/device globals/9d329ad59055e972____ZL8dg_bool3')!.typed).to.deep.equal({ kind: 'device-global', size: 1, deviceImageScope: 1, layout: 'u32' });
      for (const p of t.values()) expect(p.problems).to.deep.equal([]);
      expectTypedRoundTrip(src);
    });
    it('our encodings start with the 17-character prefixes the lit test checks', () => {
      const v = (size: number, scope: number): string =>
        new TextDecoder().decode(writeRegistry(encodeTypedRegistry([{ name: 'SYCL/device globals', properties: [{ key: 'k', typed: { kind: 'device-global', size, deviceImageScope: scope, layout: 'u32' } }] }])));
      expect(v(4, 0)).to.contain('k=2|ABAAAAAAAAABAAAAA');
      expect(v(1, 1)).to.contain('k=2|ABAAAAAAAAQAAAAAB');
      expect(v(4, 0)).to.equal('[SYCL/device globals]\nk=2|ABAAAAAAAAABAAAAAAAAAA\n');
    });
    it('reads the older 5-byte {u32, u8} form with a warning and writes it back unchanged', () => {
      const legacy = encodeBase64(Uint8Array.of(40, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 1));
      const src5 = `[SYCL/device globals]\ndg=2|${legacy}\n`;
      const p = typedOf(src5).get('SYCL/device globals/dg')!;
      expect(p.typed).to.deep.equal({ kind: 'device-global', size: 4, deviceImageScope: 1, layout: 'legacy-u8' });
      expect(p.problems).to.have.length(1);
      expect(p.problems[0]).to.include({ severity: 'warning' });
      expect(p.problems[0]!.message).to.match(/older 5-byte/);
      expectTypedRoundTrip(src5);
    });
    it('flags 8-byte records whose scope looks like u8 + garbage padding', () => {
      const r = decodeTypedValue('device-global', byteArray(Uint8Array.of(4, 0, 0, 0, 1, 0xaa, 0xbb, 0xcc)));
      expect(r.typed).to.deep.include({ deviceImageScope: 0xccbbaa01 });
      expect(r.problems[0]!.message).to.match(/legacy u32\+u8 layout with non-zero padding/);
      expect(r.problems[0]!.offset).to.equal(4);
    });
  });

  describe('V5 kernel param opt (sycl-post-link/omit_kernel_args.ll @36d4d367)', () => {
    const src = '[SYCL/kernel param opt]\nSpirKernel1=2|CAAAAAAAAAQA\nSpirKernel2=2|LAAAAAAAAAgfGA\n';
    it('bit i set = argument i removed; 11-bit mask survives', () => {
      expect(typed(src, 'SYCL/kernel param opt/SpirKernel1')).to.deep.equal({ kind: 'bitmask', bits: 2, set: [0] });
      expect(typed(src, 'SYCL/kernel param opt/SpirKernel2')).to.deep.equal({ kind: 'bitmask', bits: 11, set: [1, 2, 3, 4, 5, 6, 9, 10] });
      expectTypedRoundTrip(src);
    });
    it('bits above the mask in the last byte keep the value raw (so it still round-trips)', () => {
      const r = decodeTypedValue('bitmask', byteArray(Uint8Array.of(0xff), 3n));
      expect(r.typed).to.equal(null);
      expect(r.problems[0]!.message).to.match(/above the 3-bit mask/);
    });
  });

  describe('V6 device requirements (device-requirements/aspects.ll @10598708, fixed-target.ll @22c0db38, reqd-work-group-size.ll, reqd-sub-group-size.ll @2d68065a)', () => {
    const cases: [string, number[]][] = [
      ['gCAAAAAAAAAAAAAABAAAAYAAAAQCAAAAMAAAAA', [0, 1, 6, 9, 12]],
      ['gBAAAAAAAAAAAAAAJAAAAwAAAAA', [0, 9, 12]],
      ['ABAAAAAAAAQAAAAAGAAAAA', [1, 6]],
      ['AAAAAAAAAAA', []],
    ];
    for (const [b64, values] of cases) {
      it(`aspects=2|${b64} -> [${values.join(',')}] with names`, () => {
        const src = `[SYCL/device requirements]\naspects=2|${b64}\n`;
        const t = typed(src, 'SYCL/device requirements/aspects');
        expect(t.kind).to.equal('aspects');
        if (t.kind !== 'aspects') return;
        expect(t.aspects.map((a) => a.value)).to.deep.equal(values);
        expect(t.aspects.every((a) => typeof a.name === 'string')).to.equal(true);
        expectTypedRoundTrip(src);
      });
    }
    it('names: 0 host, 1 cpu, 6 fp64, 9 image, 12 queue_profiling', () => {
      const t = typed('[SYCL/device requirements]\naspects=2|gCAAAAAAAAAAAAAABAAAAYAAAAQCAAAAMAAAAA\n', 'SYCL/device requirements/aspects');
      expect(t.kind === 'aspects' && t.aspects.map((a) => a.name)).to.deep.equal(['host', 'cpu', 'fp64', 'image', 'queue_profiling']);
    });
    it('fixed_target=2|gAAAAAAAAAQAAAAA -> [1]; reqd_sub_group_size=1|32 is a UINT32', () => {
      const src = '[SYCL/device requirements]\nfixed_target=2|gAAAAAAAAAQAAAAA\nreqd_sub_group_size=1|32\n';
      expect(typed(src, 'SYCL/device requirements/fixed_target')).to.deep.equal({ kind: 'aspects', aspects: [{ value: 1, name: 'cpu' }] });
      expect(typed(src, 'SYCL/device requirements/reqd_sub_group_size')).to.deep.equal({ kind: 'uint32', value: 32 });
      expectTypedRoundTrip(src);
    });
  });

  describe('V7 misc strings (device-sanitizer/tsan.ll @9436c3b6, msan.ll, spec-constants/default-value/*.ll)', () => {
    it('sanUsed tsan / msan and specConstsReplacedWithDefault', () => {
      const src = '[SYCL/misc properties]\nsanUsed=2|gAAAAAAAAAAdzFmb\nspecConstsReplacedWithDefault=1|1\n';
      expect(typed(src, 'SYCL/misc properties/sanUsed')).to.deep.equal({ kind: 'string', text: 'tsan' });
      expect(typed(src, 'SYCL/misc properties/specConstsReplacedWithDefault')).to.deep.equal({ kind: 'uint32', value: 1 });
      expect(typed('[SYCL/misc properties]\nsanUsed=2|gAAAAAAAAAQbzFmb\n', 'SYCL/misc properties/sanUsed')).to.deep.equal({ kind: 'string', text: 'msan' });
      expectTypedRoundTrip(src);
    });
  });

  describe('V8 (llvm/unittests/Support/PropertySetIOTest.cpp @415c7d36)', () => {
    it('raw byte arrays of 8 and 40 bits round-trip through read/write', () => {
      const src = '[some set]\nkernel1=2|IAAAAAAAAAQA\nkernel2=2|oAAAAAAAAAw///3/wB\n';
      const reg = readRegistry(enc.encode(src));
      const k2 = reg.get('some set')!.get('kernel2')!;
      expect(k2.type === 2 && [k2.bits, hex(k2.bytes)]).to.deep.equal([40n, 'ff ff 7f ff 70']);
      expect(new TextDecoder().decode(writeRegistry(reg))).to.equal(src);
      expectTypedRoundTrip(src);
    });
  });

  describe('V9 spec constants (spec-constants/composite-padding-desc.ll @0a41dcb5, nested-struct.ll @34f3aca3)', () => {
    it('a) {i32, i8}: descriptors {0,0,4} {1,4,1} {pad,5,3}, all = 8 zero bytes, split per descriptor', () => {
      const src =
        '[SYCL/specialization constants]\nfb86570d411366d1____ZL9SpecConst=2|gEAAAAAAAAAAAAAAAAAAAQAAAAQAAAAAEAAAAEAAAAw/////FAAAAMAAAAA\n' +
        '[SYCL/specialization constants default values]\nall=2|ABAAAAAAAAAAAAAAAAAAAA\n';
      const d = typed(src, 'SYCL/specialization constants/fb86570d411366d1____ZL9SpecConst');
      expect(d).to.deep.equal({
        kind: 'spec-const-descriptors',
        descriptors: [
          { id: 0, offset: 0, size: 4 },
          { id: 1, offset: 4, size: 1 },
          { id: 4294967295, offset: 5, size: 3 },
        ],
      });
      const all = typed(src, 'SYCL/specialization constants default values/all');
      expect(all.kind === 'spec-const-defaults' && hex(all.bytes)).to.equal('00 00 00 00 00 00 00 00');
      expect(all.kind === 'spec-const-defaults' && all.constants).to.deep.equal([
        {
          symbolicId: 'fb86570d411366d1____ZL9SpecConst',
          blobOffset: 0,
          size: 8,
          descriptors: [
            { id: 0, offset: 0, size: 4, blobOffset: 0, padding: false },
            { id: 1, offset: 4, size: 1, blobOffset: 4, padding: false },
            { id: 4294967295, offset: 5, size: 3, blobOffset: 5, padding: true },
          ],
        },
      ]);
      expectTypedRoundTrip(src);
    });

    it('d) nested struct {i8, {i8, i32, i8}, i8}: two padding descriptors, blob of 20 bytes split by the runtime walk', () => {
      const descriptors = [
        { id: 0, offset: 0, size: 1 },
        { id: 1, offset: 4, size: 1 },
        { id: 2, offset: 8, size: 4 },
        { id: 3, offset: 12, size: 1 },
        { id: 4294967295, offset: 13, size: 3 },
        { id: 4, offset: 16, size: 1 },
        { id: 4294967295, offset: 17, size: 3 },
      ];
      const reg = encodeTypedRegistry([
        { name: 'SYCL/specialization constants', properties: [{ key: 'nested', typed: { kind: 'spec-const-descriptors', descriptors } }] },
      ]);
      reg.set('SYCL/specialization constants default values', readRegistry(enc.encode('[d]\nall=2|gCAAAAAAAAAeAAAA5BAAAoHAAAQYAAAAiBAAAA\n')).get('d')!);
      const sets = decodeTypedRegistry(reg);
      const all = sets[1]!.properties[0]!.typed!;
      expect(all.kind).to.equal('spec-const-defaults');
      if (all.kind !== 'spec-const-defaults') return;
      expect(hex(all.bytes)).to.equal('78 00 00 00 79 00 00 00 7a 00 00 00 61 00 00 00 62 00 00 00');
      const placed = all.constants![0]!.descriptors.map((d) => [d.padding ? 'pad' : d.id, d.blobOffset, all.bytes[d.blobOffset]]);
      expect(placed).to.deep.equal([
        [0, 0, 120],
        [1, 4, 121],
        [2, 8, 122],
        [3, 12, 97],
        ['pad', 13, 0],
        [4, 16, 98],
        ['pad', 17, 0],
      ]);
      expect(all.constants![0]!.size).to.equal(20);
    });

    it('emulation id_half = {0,0,2, pad,2,2} (spec-constants/SYCL-2020.ll, fact 26) places id_int after 2 padding bytes', () => {
      const reg = encodeTypedRegistry([
        {
          name: 'SYCL/specialization constants',
          properties: [
            { key: 'id_half', typed: { kind: 'spec-const-descriptors', descriptors: [{ id: 0, offset: 0, size: 2 }, { id: 0xffffffff, offset: 2, size: 2 }] } },
            { key: 'id_int', typed: { kind: 'spec-const-descriptors', descriptors: [{ id: 1, offset: 0, size: 4 }] } },
          ],
        },
        { name: 'SYCL/specialization constants default values', properties: [{ key: 'all', value: byteArray(new Uint8Array(8)) }] },
      ]);
      const all = decodeTypedRegistry(reg)[1]!.properties[0]!.typed!;
      expect(all.kind === 'spec-const-defaults' && all.constants!.map((c) => [c.symbolicId, c.blobOffset, c.size])).to.deep.equal([
        ['id_half', 0, 4],
        ['id_int', 4, 4],
      ]);
    });
  });
});

describe('props/typed: a default blob the descriptors do not fit', () => {
  const registry = (blob: number[]): PropertySetRegistry =>
    encodeTypedRegistry([
      {
        name: 'SYCL/specialization constants',
        properties: [
          { key: 'a', typed: { kind: 'spec-const-descriptors', descriptors: [{ id: 0, offset: 0, size: 4 }] } },
          { key: 'b', typed: { kind: 'spec-const-descriptors', descriptors: [{ id: 1, offset: 0, size: 4 }] } },
        ],
      },
      { name: 'SYCL/specialization constants default values', properties: [{ key: 'all', value: byteArray(new Uint8Array(blob)) }] },
    ]);

  it('short: the split carries an error at the blob end, the text view marks the cut slice, props --json and --check say it once', async () => {
    const reg = registry([7, 0, 0, 0, 8, 0]);
    const sets = decodeTypedRegistry(reg);
    const all = sets[1]!.properties[0]!;
    expect(all.problems).to.deep.equal([{ severity: 'error', offset: 6, message: 'the descriptors cover 8 byte(s) of the blob (runtime walk) but it holds 6: the slices past byte 6 are cut short (the runtime reads past the value)' }]);
    const { explainRegistry } = await import('../../src/props/explain.js');
    const text = explainRegistry(sets);
    expect(text).to.contain('b         1   4     4     08 00 (2 of 4: the blob ends)\n');
    expect(text).to.contain('    error: the descriptors cover 8 byte(s)');
    const { checkRegistry } = await import('../../src/props/check.js');
    const found = checkRegistry(reg).filter((d) => /descriptors cover/.test(d.message));
    expect(found.map((d) => [d.severity, d.key, d.offset])).to.deep.equal([['error', 'all', 6]]);
  });

  it('long: the bytes after the last slice are named; an exact blob has no problem', () => {
    expect(decodeTypedRegistry(registry([1, 0, 0, 0, 2, 0, 0, 0, 9]))[1]!.properties[0]!.problems.map((p) => [p.offset, p.message])).to.deep.equal([
      [8, 'the descriptors cover 8 byte(s) of the blob (runtime walk) but it holds 9: 1 byte(s) after the last slice belong to no constant'],
    ]);
    expect(decodeTypedRegistry(registry([1, 0, 0, 0, 2, 0, 0, 0]))[1]!.properties[0]!.problems).to.deep.equal([]);
  });
});

describe('props/typed: hostile sizes in the text view', () => {
  it('a property of 300,000 descriptors is explained, a line each (its lines were spread into one push: an internal RangeError, exit 70, from 3.6 MB of .prop text)', async () => {
    const n = 300_000;
    const reg = encodeTypedRegistry([
      {
        name: 'SYCL/specialization constants',
        properties: [{ key: 'a', typed: { kind: 'spec-const-descriptors', descriptors: Array.from({ length: n }, (_, i) => ({ id: i, offset: 4 * i, size: 4 })) } }],
      },
    ]);
    const { explainRegistry } = await import('../../src/props/explain.js');
    const text = explainRegistry(decodeTypedRegistry(reg));
    expect(text).to.contain(`  a: ${n} descriptor(s)\n`);
    expect(text.split('\n').length).to.be.greaterThan(n);
  });
});

describe('props/typed: SYCLBIN metadata sets (syclbin-format.md §3 derived strings)', () => {
  it('target/arch strings and the state/type enums', () => {
    const src =
      '[SYCLBIN/global metadata]\nstate=1|2\n' +
      '[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=2|wCAAAAAAAAwcwlmc2QTL152au92du1Sdutmbvdnb\n' +
      '[SYCLBIN/native device code image metadata]\narch=2|oBAAAAAAAAQauRXZs91ZwV3XwZ3Y\ntarget=2|AAAAAAAAAAA\n';
    expect(typed(src, 'SYCLBIN/global metadata/state')).to.deep.equal({ kind: 'enum', value: 2, name: 'executable' });
    expect(typed(src, 'SYCLBIN/ir module metadata/type')).to.deep.equal({ kind: 'enum', value: 0, name: 'SPIR-V' });
    expect(typed(src, 'SYCLBIN/ir module metadata/target')).to.deep.equal({ kind: 'string', text: 'spir64-unknown-unknown' });
    expect(typed(src, 'SYCLBIN/native device code image metadata/arch')).to.deep.equal({ kind: 'string', text: 'intel_gpu_pvc' });
    expect(typed(src, 'SYCLBIN/native device code image metadata/target')).to.deep.equal({ kind: 'string', text: '' });
    expectTypedRoundTrip(src);
    // and the other direction: the typed model writes exactly these strings
    const reg: PropertySetRegistry = encodeTypedRegistry([
      { name: 'SYCLBIN/ir module metadata', properties: [{ key: 'target', typed: { kind: 'string', text: 'spir64-unknown-unknown' } }] },
    ]);
    expect(new TextDecoder().decode(writeRegistry(reg))).to.equal('[SYCLBIN/ir module metadata]\ntarget=2|wCAAAAAAAAwcwlmc2QTL152au92du1Sdutmbvdnb\n');
  });

  it('unknown enum values are kept (typed, with an error problem)', () => {
    const p = typedOf('[SYCLBIN/global metadata]\nstate=1|3\n').get('SYCLBIN/global metadata/state')!;
    expect(p.typed).to.deep.equal({ kind: 'enum', value: 3 });
    expect(p.problems[0]).to.include({ severity: 'error' });
  });
});

describe('props/typed: other sets and raw fallback', () => {
  it('program metadata keys by suffix, u64 work-group sizes, host pipes, implicit local arg, registered kernels', () => {
    const wg = encodeBase64(Uint8Array.of(96, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 16, 0, 0, 0, 32, 0, 0, 0));
    const u64wg = encodeBase64(Uint8Array.of(128, 0, 0, 0, 0, 0, 0, 0, ...[1, 0, 0, 0, 0, 0, 0, 0x80], ...[2, 0, 0, 0, 0, 0, 0, 0]));
    const src =
      `[SYCL/program metadata]\nK@reqd_work_group_size=2|${wg}\nK@work_group_num_dim=1|3\nDG@global_id_mapping=2|${encodeBase64(Uint8Array.of(32, 0, 0, 0, 0, 0, 0, 0, ...enc.encode('dg_x')))}\n` +
      `[SYCL/device requirements]\nreqd_work_group_size_uint64_t=2|${u64wg}\n` +
      `[SYCL/host pipes]\npipe=2|${encodeBase64(Uint8Array.of(32, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0))}\n` +
      '[SYCL/implicit local arg]\nK=1|2\n' +
      `[SYCL/registered kernels]\nfoo=2|${encodeBase64(Uint8Array.of(24, 0, 0, 0, 0, 0, 0, 0, ...enc.encode('_Z1')))}\n`;
    expect(typed(src, 'SYCL/program metadata/K@reqd_work_group_size')).to.deep.equal({ kind: 'u32-array', values: [8, 16, 32] });
    expect(typed(src, 'SYCL/program metadata/K@work_group_num_dim')).to.deep.equal({ kind: 'uint32', value: 3 });
    expect(typed(src, 'SYCL/program metadata/DG@global_id_mapping')).to.deep.equal({ kind: 'string', text: 'dg_x' });
    expect(typed(src, 'SYCL/device requirements/reqd_work_group_size_uint64_t')).to.deep.equal({ kind: 'u64-array', values: [0x8000000000000001n, 2n] });
    expect(typed(src, 'SYCL/host pipes/pipe')).to.deep.equal({ kind: 'host-pipe', size: 4 });
    expect(typed(src, 'SYCL/implicit local arg/K')).to.deep.equal({ kind: 'uint32', value: 2 });
    expect(typed(src, 'SYCL/registered kernels/foo')).to.deep.equal({ kind: 'string', text: '_Z1' });
    expectTypedRoundTrip(src);
  });

  it('unknown sets, unknown keys and undecodable values stay raw and re-encode unchanged', () => {
    const notUtf8 = encodeBase64(Uint8Array.of(8, 0, 0, 0, 0, 0, 0, 0, 0xff));
    const src = `[vendor/x]\na=1|5\nb=2|IAAAAAAAAAQA\n[SYCL/misc properties]\nnewKey=1|9\nsanUsed=2|${notUtf8}\n[SYCL/device requirements]\naspects=1|7\n`;
    const t = typedOf(src);
    expect(t.get('vendor/x/a')!.typed).to.equal(null);
    expect(t.get('SYCL/misc properties/newKey')!.typed).to.equal(null);
    expect(t.get('SYCL/misc properties/sanUsed')!.typed).to.equal(null); // 0xff is not UTF-8
    expect(t.get('SYCL/misc properties/sanUsed')!.problems[0]!.message).to.match(/not valid UTF-8/);
    expect(t.get('SYCL/device requirements/aspects')!.problems[0]!.message).to.match(/expected a byte array \(type 2\), found a uint32/);
    expectTypedRoundTrip(src);
  });

  it('a string value that is not UTF-8 is said at its first bad byte and changes nothing about the values decoded after it', () => {
    // (the offset came from prefixes fed to one shared decoder with `stream: true`: a value ending in
    // the start of a sequence (61 62 c3) left c3 pending, and the next string value, valid text,
    // was then "not valid UTF-8" too: props --json, --check and json depended on what was read before)
    const text = (b: number[]) => byteArray(Uint8Array.from(b));
    const valid = stringProperty('intel_gpu_pvc');
    expect(decodeTypedValue('string', text([0x61, 0x62, 0xc3])).problems).to.deep.equal([{ severity: 'error', message: 'string value is not valid UTF-8', offset: 2 }]);
    expect(decodeTypedValue('string', valid)).to.deep.equal({ typed: { kind: 'string', text: 'intel_gpu_pvc' }, problems: [] });
    expect(decodeTypedValue('string', text([0x61, 0xc3, 0x28])).problems[0]!.offset).to.equal(1);
    expect(decodeTypedValue('string', valid)).to.deep.equal({ typed: { kind: 'string', text: 'intel_gpu_pvc' }, problems: [] });
    // In one registry: the arch after a truncated sanUsed reads as the same text as alone.
    const cut = encodeBase64(Uint8Array.of(16, 0, 0, 0, 0, 0, 0, 0, 0x61, 0xc3));
    const reg = readRegistry(enc.encode(`[SYCL/misc properties]\nsanUsed=2|${cut}\n`));
    reg.set('SYCLBIN/native device code image metadata', new Map([['arch', valid]]));
    const arch = decodeTypedRegistry(reg)[1]!.properties[0]!;
    expect(arch.typed).to.deep.equal({ kind: 'string', text: 'intel_gpu_pvc' });
    expect(arch.problems).to.deep.equal([]);
  });

  it('a typed string with a lone surrogate is refused, not written as U+FFFD', () => {
    // (TextEncoder writes EF BF BD for it: the registry held another value than the one given, and
    // read back it was 'a\uFFFDb', with no word said; props --encode and pack take typed strings)
    const given = (text: string) => encodeTypedRegistry([{ name: 'SYCL/misc properties', properties: [{ key: 'sanUsed', typed: { kind: 'string', text } }] }]);
    for (const text of ['a\udcffb', '\ud800', 'x\ude00']) expect(() => given(text)).to.throw(/lone surrogate.*\(at \["SYCL\/misc properties"\]\["sanUsed"\]\)/);
    expect(given('a\u00e9\u{1f600}').get('SYCL/misc properties')!.get('sanUsed')).to.deep.equal(stringProperty('a\u00e9\u{1f600}'));
  });

  it('typed and raw values given together must agree', () => {
    expect(() =>
      encodeTypedRegistry([{ name: 'SYCL/assert used', properties: [{ key: 'k', typed: { kind: 'uint32', value: 1 }, value: uint32(2) }] }]),
    ).to.throw(/disagree/);
    expect(encodeTypedRegistry([{ name: 's', properties: [{ key: 'k', typed: { kind: 'string', text: 'ab' }, value: stringProperty('ab') }] }]).get('s')!.get('k')).to.deep.equal(
      stringProperty('ab'),
    );
  });
});

// ---- property: known sets with random values; typed-only re-encoding is byte-identical ----------

const knownSetAndKey = fc.constantFrom(
  ...SET_SCHEMAS.flatMap((s) =>
    s.rules.map((r) => [s.name, r.key === '*' || r.key === undefined ? `k${r.suffix ?? ''}` : r.key, r.kind] as const),
  ),
);
const anyValue = fc.oneof(
  fc.integer({ min: 0, max: 0xffffffff }).map(uint32),
  fc.uint8Array({ maxLength: 30 }).map((b) => byteArray(b)),
  fc.array(fc.constantFrom(0, 1, 2, 5, 12, 0xffffffff), { maxLength: 9 }).map((ws) => {
    const b = new Uint8Array(ws.length * 4);
    ws.forEach((w, i) => new DataView(b.buffer).setUint32(i * 4, w, true));
    return byteArray(b);
  }),
  fc.integer({ min: 0, max: 40 }).chain((bits) => fc.uint8Array({ minLength: Math.ceil(bits / 8), maxLength: Math.ceil(bits / 8) }).map((b) => byteArray(b, BigInt(bits)))),
);

describe('props/typed: property-based', () => {
  it('any value in a known set: typed view re-encodes to the same bytes, or stays raw', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(knownSetAndKey, anyValue), { maxLength: 8 }), (entries) => {
        const reg: PropertySetRegistry = new Map();
        for (const [[set, key], v] of entries) {
          if (!reg.has(set)) reg.set(set, new Map());
          reg.get(set)!.set(key, v);
        }
        const text = writeRegistry(reg);
        const sets = decodeTypedRegistry(reg);
        for (const s of sets) for (const p of s.properties) if (p.typed) expect(KIND_TYPE[p.typed.kind]).to.equal(p.value.type);
        const input = sets.map((s) => ({ name: s.name, properties: s.properties.map((p) => (p.typed ? { key: p.key, typed: p.typed } : { key: p.key, value: p.value })) }));
        expect(hex(writeRegistry(encodeTypedRegistry(input)))).to.equal(hex(text));
      }),
      { numRuns: 300 },
    );
  });

  it('typed -> value -> typed is the identity for descriptors, bitmasks and u64 arrays', () => {
    const desc = fc.array(fc.record({ id: fc.nat({ max: 0xffffffff }), offset: fc.nat({ max: 0xffffffff }), size: fc.nat({ max: 0xffffffff }) }), { maxLength: 6 });
    fc.assert(
      fc.property(desc, fc.integer({ min: 0, max: 70 }), fc.array(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), { maxLength: 4 }), (descriptors, bits, u64s) => {
        const samples: TypedValue[] = [
          { kind: 'spec-const-descriptors', descriptors },
          { kind: 'bitmask', bits, set: Array.from({ length: bits }, (_, i) => i).filter((i) => i % 3 === 0) },
          { kind: 'u64-array', values: u64s },
        ];
        for (const t of samples) expect(decodeTypedValue(t.kind, encodeTypedValue(t)).typed).to.deep.equal(t);
      }),
    );
  });
});
