/**
 * Upstream vectors of spec lowering.md §2 (V2, V9a, V9d) and facts 26 and 29, written as manifests,
 * byte-exact on the property lines sycl-post-link prints.
 */
import { expect } from 'chai';
import { writeRegistry } from '../../src/props/registry.js';
import { decodeBase64 } from '../../src/props/base64.js';
import { lowerManifestJson, type LoweringResult } from '../../src/lower/lower.js';
import { PADDING_ID } from '../../src/lower/spec-constants.js';

const text = (r: LoweringResult): string => new TextDecoder().decode(writeRegistry(r.registry));
const lines = (r: LoweringResult): string[] => text(r).split('\n').filter((l) => l !== '');
const descs = (r: LoweringResult, i = 0) => r.specConstants.constants[i]!.descriptors.map((d) => [d.id, d.offset, d.size]);
const MAX = PADDING_ID;

describe('lower: upstream vectors (spec lowering.md §2)', () => {
  it('V9a: {i32, i8} zeroinitializer, native (spec-constants/composite-padding-desc.ll @0a41dcb5)', () => {
    const r = lowerManifestJson({
      mode: 'native',
      specConstants: [{ name: 'fb86570d411366d1____ZL9SpecConst', type: '{ i32, i8 }', default: 'zeroinitializer' }],
    });
    expect(descs(r)).to.deep.equal([[0, 0, 4], [1, 4, 1], [MAX, 5, 3]]);
    expect(lines(r)).to.deep.equal([
      '[SYCL/specialization constants]',
      'fb86570d411366d1____ZL9SpecConst=2|gEAAAAAAAAAAAAAAAAAAAQAAAAQAAAAAEAAAAEAAAAw/////FAAAAMAAAAA',
      '[SYCL/specialization constants default values]',
      'all=2|ABAAAAAAAAAAAAAAAAAAAA',
    ]);
  });

  it('V9d: nested struct {i8, {i8, i32, i8}, i8}, two padding descriptors (spec-constants/nested-struct.ll @34f3aca3)', () => {
    const r = lowerManifestJson({
      mode: 'native',
      specConstants: [{ name: 'uid', type: '{ i8, %struct.Inner, i8 }', default: [120, [121, 122, 97], 98] }],
      types: { 'struct.Inner': '{ i8, i32, i8 }' },
    });
    expect(descs(r)).to.deep.equal([[0, 0, 1], [1, 4, 1], [2, 8, 4], [3, 12, 1], [MAX, 13, 3], [4, 16, 1], [MAX, 17, 3]]);
    expect(lines(r)[3]).to.equal('all=2|gCAAAAAAAAAeAAAA5BAAAoHAAAQYAAAAiBAAAA');
    expect(Buffer.from(r.specConstants.defaultBlob).toString('hex')).to.equal('7800000079000000' + '7a000000' + '61000000' + '62000000');
  });

  it('fact 29: packed struct with padding fields consumes IDs 2 and 5 (spec-constants/struct-with-padding-in-the-middle.ll @0a41dcb5)', () => {
    const r = lowerManifestJson({
      mode: 'native',
      specConstants: [
        { name: 'uidc5885cee0b80ad9d____ZL7spec_id', type: '%struct.user_defined_type', default: [3.14, 97, null, 42, 8, null] },
      ],
      types: { 'struct.user_defined_type': '<{ float, i8, [3 x i8], i32, i8, [3 x i8] }>' },
    });
    expect(descs(r)).to.deep.equal([[0, 0, 4], [1, 4, 1], [3, 8, 4], [4, 12, 1], [MAX, 13, 3]]);
    expect(r.specConstants.nextId).to.equal(6);
    // The test's default tuples {0,4,3.14} {4,1,97} {8,4,42} {12,1,8}; float 0x40091EB860000000.
    expect(Buffer.from(r.specConstants.defaultBlob).toString('hex')).to.equal('c3f54840' + '61000000' + '2a000000' + '08000000');
    const leaves = r.specConstants.constants[0]!.tree!;
    expect(leaves.kind === 'composite' && leaves.elements.map((e) => `${e.kind}:${'id' in e ? e.id : ''}`)).to.deep.equal([
      'scalar:0', 'scalar:1', 'undef:2', 'scalar:3', 'scalar:4', 'undef:5',
    ]);
  });

  it('fact 26: id_half native {0,0,2}; emulation {0,0,2, -1,2,2} because id_int (align 4) follows (spec-constants/SYCL-2020.ll)', () => {
    const sc = [
      { name: 'uid_id_half', type: 'half', default: '0xH4000' },
      { name: 'uid_id_int', type: 'i32', default: 42 },
    ];
    const nat = lowerManifestJson({ mode: 'native', specConstants: sc });
    expect(descs(nat, 0)).to.deep.equal([[0, 0, 2]]);
    expect(descs(nat, 1)).to.deep.equal([[1, 0, 4]]);
    expect(Buffer.from(nat.specConstants.defaultBlob).toString('hex')).to.equal('00402a000000');
    const emu = lowerManifestJson({ mode: 'emulation', specConstants: sc });
    expect(descs(emu, 0)).to.deep.equal([[0, 0, 2], [MAX, 2, 2]]);
    expect(descs(emu, 1)).to.deep.equal([[1, 0, 4]]);
    expect(Buffer.from(emu.specConstants.defaultBlob).toString('hex')).to.equal('004000002a000000');
    expect(emu.specConstants.constants.map((c) => c.emulation)).to.deep.equal([
      { offset: 0, size: 2, align: 2, paddingBefore: 0 },
      { offset: 4, size: 4, align: 4, paddingBefore: 2 },
    ]);
    // Property line: Base64 of bit count 192 + six LE u32 (decoded with the props Base64 decoder).
    const [key, value] = lines(emu)[1]!.split('=');
    expect(key).to.equal('uid_id_half');
    const raw = decodeBase64(value!.slice(2));
    const words = [192, 0, 0, 0, 0, 2, 0xffffffff, 2, 2];
    const want = new Uint8Array(8 + 24);
    const dv = new DataView(want.buffer);
    dv.setBigUint64(0, 192n, true);
    words.slice(3).forEach((w, i) => dv.setUint32(8 + 4 * i, w, true));
    expect(Buffer.from(raw).toString('hex')).to.equal(Buffer.from(want).toString('hex'));
  });

  const v2 = {
    mode: 'native',
    deviceGlobals: [
      { name: '6da74a122db9f35d____ZL7dg_int1', irName: '_ZL7dg_int1', type: 'i32', deviceImageScope: false, hostAccess: 'write', initMode: 'reprogram', implementInCsr: true },
      { name: '7da74a1187b9f35d____ZL7dg_int2', irName: '_ZL7dg_int2', type: 'i32', implementInCsr: false, initMode: 'reset' },
      { name: '9d329ad59055e972____ZL8dg_bool3', irName: '_ZL8dg_bool3', type: 'i8', deviceImageScope: true, hostAccess: 'read' },
      { name: 'dda2bad52c45c432____ZL8dg_bool4', irName: '_ZL8dg_bool4', type: 'i8', deviceImageScope: true, hostAccess: 'read_write' },
    ],
  };

  it('V2: [SYCL/device globals] (device-globals/test_global_variable.ll @074732ed: 17-char prefixes; full value with uint32 scope)', () => {
    const r = lowerManifestJson(v2);
    const l = lines(r);
    expect(l[0]).to.equal('[SYCL/device globals]');
    const upstreamPrefixes = [
      '6da74a122db9f35d____ZL7dg_int1=2|ABAAAAAAAAABAAAAA',
      '7da74a1187b9f35d____ZL7dg_int2=2|ABAAAAAAAAABAAAAA',
      '9d329ad59055e972____ZL8dg_bool3=2|ABAAAAAAAAQAAAAAB',
      'dda2bad52c45c432____ZL8dg_bool4=2|ABAAAAAAAAQAAAAAB',
    ];
    l.slice(1).forEach((line, i) => expect(line.startsWith(upstreamPrefixes[i]!), line).to.equal(true));
    expect(l.slice(1)).to.deep.equal([
      '6da74a122db9f35d____ZL7dg_int1=2|ABAAAAAAAAABAAAAAAAAAA',
      '7da74a1187b9f35d____ZL7dg_int2=2|ABAAAAAAAAABAAAAAAAAAA',
      '9d329ad59055e972____ZL8dg_bool3=2|ABAAAAAAAAQAAAAABAAAAA',
      'dda2bad52c45c432____ZL8dg_bool4=2|ABAAAAAAAAQAAAAABAAAAA',
    ]);
    expect(r.registry.has('SYCL/program metadata')).to.equal(false);
  });

  it('V2 with -emit-program-metadata: <id>@global_id_mapping = IR name (device-globals/test_global_variable.ll, --emit-program-metadata version)', () => {
    const r = lowerManifestJson(v2, { emitProgramMetadata: true });
    const t = text(r);
    expect(t.startsWith(
      '[SYCL/program metadata]\n' +
        '6da74a122db9f35d____ZL7dg_int1@global_id_mapping=2|YBAAAAAAAAwXax0Nkd2Xp5GdxA\n' +
        '7da74a1187b9f35d____ZL7dg_int2@global_id_mapping=2|YBAAAAAAAAwXax0Nkd2Xp5GdyA\n' +
        '9d329ad59055e972____ZL8dg_bool3@global_id_mapping=2|gBAAAAAAAAwXaxEOkd2Xi92bsND\n' +
        'dda2bad52c45c432____ZL8dg_bool4@global_id_mapping=2|gBAAAAAAAAwXaxEOkd2Xi92bsRD\n' +
        '[SYCL/device globals]\n',
    ), t).to.equal(true);
    // The manifest flag does the same as the option.
    expect(text(lowerManifestJson({ ...v2, emitProgramMetadata: true }))).to.equal(t);
  });

  it('set order with everything: spec constants, default values, program metadata, device globals (fact 10)', () => {
    const r = lowerManifestJson({ ...v2, emitProgramMetadata: true, specConstants: [{ name: 'a', type: 'i32', default: 1 }] });
    expect([...r.registry.keys()]).to.deep.equal([
      'SYCL/specialization constants',
      'SYCL/specialization constants default values',
      'SYCL/program metadata',
      'SYCL/device globals',
    ]);
  });
});
