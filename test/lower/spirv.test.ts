/**
 * SPIR-V emitter unit tests (no external tools): literal encoding (SPIR-V §2.2.1), the binary layer,
 * and the emitted module decoded word by word against the lowering's own IDs and default bytes —
 * two independent encodings of the same defaults (values.ts for the property blob, emit.ts for the
 * OpSpecConstant literals) must agree.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { DecodeError } from '../../src/codec/errors.js';
import { LowerError } from '../../src/lower/errors.js';
import { lowerManifestJson } from '../../src/lower/lower.js';
import { specConstantLeaves } from '../../src/lower/report.js';
import { decodeSpirvModule, encodeSpirvModule, readString, stringWords } from '../../src/lower/spirv/binary.js';
import { emitSpirv, literalWords, MAX_LITERAL_STRING_BYTES } from '../../src/lower/spirv/emit.js';
import { emitLlvmIr } from '../../src/lower/llvm-ir/emit.js';
import { Capability, Decoration, Op, SPIRV_MAGIC, StorageClass } from '../../formats/spirv-enums.js';
import { Types } from '../../src/lower/types.js';

const DATA = new URL('../../testdata/lower/spirv/', import.meta.url).pathname;
const manifest = (f: string): unknown => JSON.parse(readFileSync(DATA + f, 'utf8'));

function le(words: readonly number[], n: number): number[] {
  const out: number[] = [];
  for (const w of words) for (let k = 0; k < 4; k++) out.push((w >>> (8 * k)) & 0xff);
  return out.slice(0, n);
}

describe('SPIR-V literals and binary layer', () => {
  it('packs literal strings little-endian with a NUL and zero padding', () => {
    expect(stringWords('abc')).to.deep.equal([0x00636261]);
    expect(stringWords('abcd')).to.deep.equal([0x64636261, 0]);
    expect(stringWords('')).to.deep.equal([0]);
    expect(readString([...stringWords('héllo'), 7], 0)).to.deep.equal({ text: 'héllo', words: 2 });
  });

  it('writes 64-bit literals low word first and half in the low 16 bits', () => {
    expect(literalWords({ kind: 'int', type: Types.i64, value: 1n << 32n })).to.deep.equal([0, 1]);
    expect(literalWords({ kind: 'int', type: Types.i64, value: 0xfffffffffffffffdn })).to.deep.equal([0xfffffffd, 0xffffffff]);
    expect(literalWords({ kind: 'int', type: Types.i8, value: 255n })).to.deep.equal([255]);
    expect(literalWords({ kind: 'fp', type: Types.half, bits: 0xc000n })).to.deep.equal([0xc000]);
    expect(literalWords({ kind: 'fp', type: Types.double, bits: 0x400921fb54442d18n })).to.deep.equal([0x54442d18, 0x400921fb]);
  });

  it('decodes what it encodes and rejects malformed modules with DecodeError', () => {
    const bytes = encodeSpirvModule({ version: { major: 1, minor: 4 }, generator: 5, bound: 3, instructions: [{ opcode: Op.Capability, operands: [Capability.Kernel] }] });
    expect(new DataView(bytes.buffer).getUint32(0, true)).to.equal(SPIRV_MAGIC);
    expect(Array.from(bytes.subarray(0, 8))).to.deep.equal([0x03, 0x02, 0x23, 0x07, 0x00, 0x04, 0x01, 0x00]);
    expect(decodeSpirvModule(bytes)).to.deep.equal({ version: { major: 1, minor: 4 }, generator: 5, bound: 3, instructions: [{ opcode: Op.Capability, operands: [Capability.Kernel] }] });
    const bad = (b: Uint8Array, code: string): void => {
      try {
        decodeSpirvModule(b);
        expect.fail('accepted a malformed module');
      } catch (e) {
        expect(e).to.be.instanceOf(DecodeError);
        expect((e as DecodeError).code).to.equal(code);
      }
    };
    bad(bytes.subarray(0, 22), 'FORMAT');
    const wrongMagic = bytes.slice();
    wrongMagic[0] = 0x04;
    bad(wrongMagic, 'MAGIC');
    const zeroCount = bytes.slice();
    zeroCount.set([0x11, 0x00, 0x00, 0x00], 20);
    bad(zeroCount, 'FORMAT');
    const overrun = bytes.slice();
    overrun.set([0x11, 0x00, 0x05, 0x00], 20);
    bad(overrun, 'EOF');
    bad(bytes.subarray(0, 12), 'EOF');
  });
});

describe('direct SPIR-V emission', () => {
  for (const file of ['scalars.json', 'composites.json', 'spec-ids.json', 'device-globals.json', 'collisions.json']) {
    it(`${file}: one decorated OpSpecConstant* per scalar leaf, literals equal the default-value bytes`, () => {
      const r = lowerManifestJson(manifest(file));
      const m = decodeSpirvModule(emitSpirv(r));
      expect(m.version).to.deep.equal({ major: 1, minor: 1 });
      const defs = new Map<number, { opcode: number; operands: readonly number[] }>();
      let maxId = 0;
      for (const ins of m.instructions) {
        if ([Op.SpecConstant, Op.SpecConstantTrue, Op.SpecConstantFalse, Op.SpecConstantComposite, Op.Undef, Op.Variable, Op.Constant, Op.ConstantNull].includes(ins.opcode as never)) {
          defs.set(ins.operands[1]!, ins);
          maxId = Math.max(maxId, ins.operands[1]!);
        }
      }
      expect(m.bound).to.be.greaterThan(maxId);
      const specIds = new Map<number, number>(); // SpecId -> <id>
      for (const ins of m.instructions) {
        if (ins.opcode === Op.Decorate && ins.operands[1] === Decoration.SpecId) {
          expect(specIds.has(ins.operands[2]!), `SpecId ${ins.operands[2]} twice`).to.equal(false);
          specIds.set(ins.operands[2]!, ins.operands[0]!);
        }
      }
      let leaves = 0;
      for (const c of r.specConstants.constants) {
        for (const leaf of specConstantLeaves(c.tree!)) {
          if (leaf.kind === 'undef') {
            expect(specIds.has(leaf.id), `undef ID ${leaf.id} must not be decorated`).to.equal(false);
            continue;
          }
          leaves++;
          const def = defs.get(specIds.get(leaf.id)!);
          expect(def, `SpecId ${leaf.id} of ${c.name}`).to.not.equal(undefined);
          const desc = c.descriptors.find((d) => d.id === leaf.id)!;
          expect(desc, `descriptor of SpecId ${leaf.id}`).to.not.equal(undefined);
          const expected = Array.from(c.defaultBytes.subarray(desc.offset, desc.offset + desc.size));
          // A top-level bool is an 8-bit spec constant (its default is the specialization_id's i8,
          // sycl-post-link's `call i8 @_Z20__spirv_SpecConstantia` + trunc); an i1 inside a composite
          // stays OpSpecConstantTrue/False.
          if (leaf.type.kind === 'int' && leaf.type.bits === 1 && c.type.kind !== 'int') {
            expect(def!.opcode).to.equal(expected[0] ? Op.SpecConstantTrue : Op.SpecConstantFalse);
          } else {
            expect(def!.opcode).to.equal(Op.SpecConstant);
            expect(le(def!.operands.slice(2), desc.size), `${c.name} SpecId ${leaf.id}`).to.deep.equal(expected);
          }
        }
      }
      expect(specIds.size).to.equal(leaves);
    });
  }

  it('device globals: CrossWorkgroup variables, null initialiser, Linkage/Alignment/INTEL decorations', () => {
    const r = lowerManifestJson(manifest('device-globals.json'));
    const m = decodeSpirvModule(emitSpirv(r));
    const vars = m.instructions.filter((i) => i.opcode === Op.Variable);
    expect(vars).to.have.length(r.deviceGlobals.length);
    for (const v of vars) expect(v.operands[2]).to.equal(StorageClass.CrossWorkgroup);
    const caps = m.instructions.filter((i) => i.opcode === Op.Capability).map((i) => i.operands[0]);
    expect(caps).to.include.members([Capability.Addresses, Capability.Linkage, Capability.Kernel, Capability.GenericPointer, Capability.GlobalVariableDecorationsINTEL]);
    const deco = (d: number): number => m.instructions.filter((i) => i.opcode === Op.Decorate && i.operands[1] === d).length;
    expect(deco(Decoration.HostAccessINTEL)).to.equal(r.deviceGlobals.length);
    expect(deco(Decoration.InitModeINTEL)).to.equal(r.deviceGlobals.filter((g) => g.initMode !== undefined).length);
    expect(deco(Decoration.ImplementInCSRINTEL)).to.equal(r.deviceGlobals.filter((g) => g.implementInCsr !== undefined).length);
    const host = m.instructions.find((i) => i.opcode === Op.Decorate && i.operands[1] === Decoration.HostAccessINTEL)!;
    expect(host.operands[2]).to.equal(2);
    expect(readString(host.operands, 3).text).to.equal('6da74a122db9f35d____ZL7dg_int1');
  });

  it('emulation mode has no spec constants but keeps device globals', () => {
    const r = lowerManifestJson({ mode: 'emulation', specConstants: [{ name: 'a', type: 'i32', default: 1 }], deviceGlobals: [{ name: 'g', type: 'i32' }] });
    const m = decodeSpirvModule(emitSpirv(r));
    expect(m.instructions.some((i) => i.opcode === Op.SpecConstant || (i.opcode === Op.Decorate && i.operands[1] === Decoration.SpecId))).to.equal(false);
    expect(m.instructions.filter((i) => i.opcode === Op.Variable)).to.have.length(1);
  });

  it('rejects what SPIR-V cannot express, naming the manifest path', () => {
    const cases: [unknown, RegExp, string][] = [
      [{ mode: 'native', specConstants: [{ name: 'v', type: '<5 x i32>', default: [1, 2, 3, 4, 5] }] }, /2, 3, 4, 8 or 16 components/, 'specConstants[0].type'],
      [{ mode: 'native', deviceGlobals: [{ name: 'g', type: 'i1' }] }, /cannot contain i1/, 'deviceGlobals[0].type'],
      [{ mode: 'native', deviceGlobals: [{ name: 'g', type: '[0 x i32]' }] }, /at least one element/, 'deviceGlobals[0].type'],
    ];
    for (const [m, msg, path] of cases) {
      const r = lowerManifestJson(m);
      try {
        emitSpirv(r);
        expect.fail(`accepted ${JSON.stringify(m)}`);
      } catch (e) {
        expect(e).to.be.instanceOf(LowerError);
        expect((e as LowerError).message).to.match(msg);
        expect((e as LowerError).path).to.equal(path);
      }
    }
  });
});

describe('a DAG of named structs is mapped once per type (review rv-ir)', () => {
  // %Z1 = { %Z0, %Z0 } … %Z60: 61 types, a tree of 2^60 nodes. Device globals are not walked by the
  // spec-constant node budget: the i1 check and the SPIR-V type mapper walked the tree (a hang).
  const types = Object.fromEntries([['Z0', '{}'] as [string, string]].concat(Array.from({ length: 60 }, (_, i) => [`Z${i + 1}`, `{ %Z${i}, %Z${i} }`])));
  it('a device global of such a type is emitted at once, as SPIR-V and as IR', () => {
    const t0 = performance.now();
    const r = lowerManifestJson({ mode: 'native', types, deviceGlobals: [{ name: 'g', type: '%Z60' }] });
    const m = decodeSpirvModule(emitSpirv(r));
    expect(m.instructions.filter((i) => i.opcode === Op.TypeStruct).length).to.be.at.least(61);
    expect(emitLlvmIr(r)).to.include('%Z60 = type { %Z59, %Z59 }');
    expect(performance.now() - t0).to.be.below(2000);
  });
  it('an i1 deep in such a DAG is still found', () => {
    // (20 levels: 2^20 bytes, within what a type may size)
    const withBool = { ...types, Z0: '{ i8, { i1 } }' };
    expect(() => emitSpirv(lowerManifestJson({ mode: 'native', types: withBool, deviceGlobals: [{ name: 'g', type: '%Z20' }] }))).to.throw(LowerError, /cannot contain i1/);
  });
});

describe('names no SPIR-V instruction can hold are errors at their entry (review rv-ir)', () => {
  // They were the encoder's "instruction 8 (opcode 5) needs 75003 words" or "cannot contain NUL",
  // with no manifest path and no IR line.
  it('a NUL in an irName, a spec-constant name, unique ID or type name past MAX_LITERAL_STRING_BYTES: LowerError with the path', () => {
    const big = 'n'.repeat(MAX_LITERAL_STRING_BYTES + 1);
    const cases: [object, RegExp][] = [
      [{ mode: 'native', deviceGlobals: [{ name: 'g', irName: 'a\u0000b', type: 'i32' }] }, /"a\\u0000b" cannot be a SPIR-V literal string: it contains NUL \(at deviceGlobals\[0\]\.irName\)/],
      [{ mode: 'native', deviceGlobals: [{ name: big, irName: 'x', type: 'i32' }] }, /a name of 262124 bytes cannot be .* \(at deviceGlobals\[0\]\.name\)/],
      [{ mode: 'native', specConstants: [{ name: big, type: 'i32', default: 1 }] }, /a name of 262124 bytes cannot be .* \(at specConstants\[0\]\.name\)/],
      [{ mode: 'native', types: { [big]: '{ i32 }' }, specConstants: [{ name: 'a', type: `%${big}`, default: [1] }] }, /a name of 262124 bytes cannot be .* \(at specConstants\[0\]\.type\)/],
    ];
    for (const [manifest, message] of cases) expect(() => emitSpirv(lowerManifestJson(manifest))).to.throw(LowerError, message);
  });
  it('a name of exactly MAX_LITERAL_STRING_BYTES fits: the LinkageAttributes decoration is 65535 words', () => {
    const name = 'n'.repeat(MAX_LITERAL_STRING_BYTES);
    const m = decodeSpirvModule(emitSpirv(lowerManifestJson({ mode: 'native', deviceGlobals: [{ name: 'g', irName: name, type: 'i32' }] })));
    const linkage = m.instructions.find((i) => i.opcode === Op.Decorate && i.operands[1] === Decoration.LinkageAttributes);
    expect(linkage!.operands.length + 1).to.equal(0xffff);
  });
});
