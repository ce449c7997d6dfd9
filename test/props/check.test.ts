import { expect } from 'chai';
import { checkRegistry, hasErrors, type PropDiagnostic } from '../../src/props/check.js';
import { readRegistry } from '../../src/props/registry.js';
import { encodeBase64 } from '../../src/props/base64.js';
import { encodeTypedRegistry, type SpecConstDescriptor } from '../../src/props/typed/index.js';
import { byteArray } from '../../src/props/model.js';

const enc = new TextEncoder();
const check = (text: string): PropDiagnostic[] => checkRegistry(readRegistry(enc.encode(text)));
/** Byte-array value text for a payload (bits = 8 x length). */
const b64 = (...payload: number[]): string => {
  const raw = new Uint8Array(8 + payload.length);
  new DataView(raw.buffer).setBigUint64(0, BigInt(payload.length * 8), true);
  raw.set(payload, 8);
  return encodeBase64(raw);
};
const u32le = (...ws: number[]): number[] => ws.flatMap((w) => [w & 0xff, (w >>> 8) & 0xff, (w >>> 16) & 0xff, w >>> 24]);

function specConsts(lists: [string, SpecConstDescriptor[]][], blobSize: number): PropDiagnostic[] {
  const reg = encodeTypedRegistry([
    { name: 'SYCL/specialization constants', properties: lists.map(([key, descriptors]) => ({ key, typed: { kind: 'spec-const-descriptors', descriptors } })) },
    { name: 'SYCL/specialization constants default values', properties: [{ key: 'all', value: byteArray(new Uint8Array(blobSize)) }] },
  ]);
  return checkRegistry(reg);
}

function only(diags: PropDiagnostic[], severity: PropDiagnostic['severity']): PropDiagnostic[] {
  return diags.filter((d) => d.severity === severity);
}

describe('props/check', () => {
  it('a registry as sycl-post-link writes it has no errors or warnings (lowering.md V9a, composite-padding-desc.ll @0a41dcb5)', () => {
    const d = check(
      '[SYCL/specialization constants]\nfb86570d411366d1____ZL9SpecConst=2|gEAAAAAAAAAAAAAAAAAAAQAAAAQAAAAAEAAAAEAAAAw/////FAAAAMAAAAA\n' +
        '[SYCL/specialization constants default values]\nall=2|ABAAAAAAAAAAAAAAAAAAAA\n' +
        '[SYCL/device requirements]\naspects=2|ABAAAAAAAAQAAAAAGAAAAA\nreqd_sub_group_size=1|32\n',
    );
    expect(d).to.deep.equal([]);
  });

  it('descriptor sizes that do not add up to the all blob', () => {
    const d = specConsts([['a', [{ id: 0, offset: 0, size: 4 }]], ['b', [{ id: 1, offset: 0, size: 8 }]]], 16);
    expect(only(d, 'error')).to.deep.equal([
      {
        severity: 'error',
        set: 'SYCL/specialization constants default values',
        key: 'all',
        offset: 12,
        message: "the descriptors cover 12 byte(s) of the blob (runtime walk) but it holds 16: 4 byte(s) after the last slice belong to no constant",
      },
    ]);
    expect(hasErrors(specConsts([['a', [{ id: 0, offset: 0, size: 4 }]], ['b', [{ id: 1, offset: 0, size: 8 }]]], 12))).to.equal(false);
  });

  it('gaps inside one constant count toward the blob (runtime walk, lowering.md fact 30)', () => {
    // {i8, i32}: id0 at 0, id1 at 4 -> constant covers 8 bytes
    expect(hasErrors(specConsts([['s', [{ id: 0, offset: 0, size: 1 }, { id: 1, offset: 4, size: 4 }]]], 8))).to.equal(false);
    expect(hasErrors(specConsts([['s', [{ id: 0, offset: 0, size: 1 }, { id: 1, offset: 4, size: 4 }]]], 5))).to.equal(true);
  });

  it('overlapping descriptors, located at the offset field of the descriptor', () => {
    const d = specConsts([['s', [{ id: 0, offset: 0, size: 4 }, { id: 1, offset: 2, size: 4 }]]], 6);
    const e = only(d, 'error');
    expect(e).to.have.length(1);
    expect(e[0]).to.include({ set: 'SYCL/specialization constants', key: 's', offset: 12 + 4 });
    expect(e[0]!.message).to.match(/overlapping descriptors/);
  });

  it('a descriptor id used twice', () => {
    const d = specConsts([['a', [{ id: 3, offset: 0, size: 4 }]], ['b', [{ id: 3, offset: 0, size: 4 }]]], 8);
    expect(only(d, 'error').map((x) => [x.key, x.offset, x.message])).to.deep.equal([['b', 0, "descriptor 0: id 3 is already used by 'a'"]]);
  });

  it('descriptor list that is not a whole number of 12-byte records', () => {
    const d = check(`[SYCL/specialization constants]\nx=2|${b64(...new Array(13).fill(0))}\n`);
    expect(only(d, 'error')[0]!.message).to.match(/13 bytes is not a whole number of 12-byte SpecConstantDescriptor records/);
    expect(only(d, 'error')[0]!.offset).to.equal(12);
  });

  it('device global value that is not 8 bytes; 5-byte legacy form is a warning', () => {
    const d = check(`[SYCL/device globals]\ng12=2|${b64(...u32le(4, 1, 0))}\ng5=2|${b64(4, 0, 0, 0, 1)}\ng8=2|${b64(...u32le(4, 1))}\n`);
    expect(d.map((x) => [x.severity, x.key])).to.deep.equal([
      ['error', 'g12'],
      ['warning', 'g5'],
    ]);
    expect(d[0]!.message).to.match(/12 bytes, expected 8/);
  });

  it('UINT32 where a byte array is expected, and a byte array where a UINT32 is expected', () => {
    const d = check(`[SYCL/device requirements]\naspects=1|5\nreqd_sub_group_size=2|${b64(...u32le(32))}\n`);
    expect(d.map((x) => [x.severity, x.key, x.message])).to.deep.equal([
      ['error', 'aspects', 'expected a byte array (type 2), found a uint32 (type 1)'],
      ['error', 'reqd_sub_group_size', 'expected a uint32 (type 1), found a byte array (type 2)'],
    ]);
  });

  it('unknown aspects (warning at the aspect) and unsorted aspects', () => {
    const d = check(`[SYCL/device requirements]\naspects=2|${b64(...u32le(6, 5000, 2))}\n`);
    expect(d.map((x) => [x.severity, x.offset, x.message])).to.deep.equal([
      ['warning', 4, 'unknown aspect value 5000'],
      ['warning', 8, 'aspects are not in ascending order without duplicates (sycl-post-link writes a sorted set)'],
    ]);
  });

  it('bit count not 8 x the payload where bytes are expected: a warning, and the payload checked all the same (the runtime reads it by its size in bytes)', () => {
    const raw = Uint8Array.of(31, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0);
    const d = check(`[SYCL/device requirements]\naspects=2|${encodeBase64(raw)}\n`);
    expect(d).to.have.length(1);
    expect(d[0]).to.include({ severity: 'warning', key: 'aspects' });
    expect(d[0]!.message).to.match(/bit count 31 is not 8 x the 4-byte payload \(bytes expected; the SYCL runtime reads the 4 bytes\)/);
    // (the payload still decodes: an unknown aspect in it is said too)
    const raw2 = Uint8Array.of(31, 0, 0, 0, 0, 0, 0, 0, 0x88, 0x13, 0, 0);
    const d2 = check(`[SYCL/device requirements]\naspects=2|${encodeBase64(raw2)}\n`);
    expect(d2.map((x) => [x.severity, x.message])).to.deep.equal([
      ['warning', 'bit count 31 is not 8 x the 4-byte payload (bytes expected; the SYCL runtime reads the 4 bytes)'],
      ['warning', 'unknown aspect value 5000'],
    ]);
  });

  it('[SYCL/program metadata]: every key post-link writes is known (reqd_sub_group_size and max_linear_work_group_size too)', () => {
    expect(check('[SYCL/program metadata]\nk@reqd_sub_group_size=1|16\nk@work_group_num_dim=1|1\nk@max_linear_work_group_size=1|256\n')).to.deep.equal([]);
  });

  it('a spec constant whose descriptors do not decode: a note says the checks across the set were not made', () => {
    const d = check('[SYCL/specialization constants]\na=2|oAAAAAAAAAAAAAAAAA\nb=2|gBAAAAAAAAAAAAAAAAAAAAAAAAA\n');
    expect(d.map((x) => [x.severity, x.key])).to.deep.equal([['error', 'a'], ['note', 'a']]);
    expect(d[1]!.message).to.equal('its descriptors do not decode: the checks across the set (IDs used twice, overlaps, the default blob size) are not made');
  });

  it('SYCLBIN metadata: unknown state, missing state', () => {
    expect(check('[SYCLBIN/global metadata]\nstate=1|5\n').map((x) => x.severity)).to.deep.equal(['error']);
    expect(check('[SYCLBIN/global metadata]\n')[0]!.message).to.equal("SYCLBIN global metadata missing 'state'");
  });

  it('default blob under a key other than all, unknown sets and keys are reported', () => {
    const d = check('[SYCL/specialization constants default values]\nSpecConst=2|ABAAAAAAAAAAAAAAAAAAAA\n[vendor/x]\nk=1|1\n[SYCL/misc properties]\nzzz=1|1\n');
    expect(d.map((x) => [x.severity, x.set, x.key ?? null])).to.deep.equal([
      ['note', 'SYCL/specialization constants default values', 'SpecConst'],
      ['note', 'vendor/x', null],
      ['note', 'SYCL/misc properties', 'zzz'],
      ['warning', 'SYCL/specialization constants default values', 'SpecConst'],
      ['warning', 'SYCL/specialization constants default values', null],
    ]);
  });
});

describe('props check: LLVM DenseMap special keys', () => {
  it('warns about "_" as a set name or key (the tombstone key of PropertySetKeyInfo)', () => {
    const reg = readRegistry(new TextEncoder().encode('[_]\na=1|1\n[SYCL/misc properties]\n_=1|2\noptLevel=1|2\n'));
    const d = checkRegistry(reg).filter((x) => x.message.includes('tombstone'));
    expect(d.map((x) => [x.severity, x.set, x.key])).to.deep.equal([
      ['warning', '_', undefined],
      ['warning', 'SYCL/misc properties', '_'],
    ]);
    expect(checkRegistry(readRegistry(new TextEncoder().encode('[SYCL/misc properties]\noptLevel=1|2\n'))).some((x) => x.message.includes('tombstone'))).to.equal(false);
  });
});

describe('props/check: SYCLBIN metadata keys, by what the SYCL runtime reads (intel/llvm sycl/source/detail/syclbin.cpp)', () => {
  it("a native image without 'target' is a warning (it matches no device); IR 'type'/'target' and native 'arch' missing are notes", () => {
    const d = check('[SYCLBIN/ir module metadata]\n[SYCLBIN/native device code image metadata]\n');
    expect(d.map((x) => `${x.severity}: ${x.message}`)).to.deep.equal([
      "note: IR module metadata without 'type' (writers write it; the SYCL runtime does not read it: it takes an IR module as SPIR-V for spir64)",
      "note: IR module metadata without 'target' (writers write it; the SYCL runtime does not read it: it takes an IR module as SPIR-V for spir64)",
      "warning: native image metadata without 'target': the SYCL runtime matches the image to devices by it, and without it to none",
      "note: native image metadata without 'arch' (writers write it; the SYCL runtime does not read it)",
    ]);
    const full = check(`[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=2|${b64(...enc.encode('spir64-unknown-unknown'))}\n[SYCLBIN/native device code image metadata]\narch=2|${b64(...enc.encode('x'))}\ntarget=2|${b64(...enc.encode('spir64_gen-unknown-unknown'))}\n`);
    expect(full).to.deep.equal([]);
  });
});

describe('props: [SYCL/specialization constants set values] (the SYCL runtime writes it when it saves a kernel bundle)', () => {
  it('is a known set; its blob is split per constant as the defaults are, and a blob the descriptors do not fit is an error', async () => {
    const { decodeTypedRegistry } = await import('../../src/props/typed/index.js');
    const reg = (blob: number[]) =>
      encodeTypedRegistry([
        { name: 'SYCL/specialization constants', properties: [{ key: 'a', typed: { kind: 'spec-const-descriptors', descriptors: [{ id: 0, offset: 0, size: 4 }] } }] },
        { name: 'SYCL/specialization constants default values', properties: [{ key: 'all', value: byteArray(new Uint8Array(4)) }] },
        { name: 'SYCL/specialization constants set values', properties: [{ key: 'all', value: byteArray(new Uint8Array(blob)) }] },
      ]);
    const sets = decodeTypedRegistry(reg([7, 0, 0, 0]));
    const set = sets.find((s) => s.name === 'SYCL/specialization constants set values')!;
    expect(set.known).to.equal(true);
    const all = set.properties[0]!;
    expect(all.typed?.kind === 'spec-const-defaults' && all.typed.constants?.map((c) => [c.symbolicId, c.blobOffset, c.size])).to.deep.equal([['a', 0, 4]]);
    expect(all.problems).to.deep.equal([]);
    expect(checkRegistry(reg([7, 0])).filter((x) => x.set === 'SYCL/specialization constants set values').map((x) => x.severity)).to.deep.equal(['error']);
  });
});
