/**
 * SPIR-V-friendly LLVM IR text: builtin names as sycl-post-link mangles them (SpecConstants.cpp
 * mangleType / mangleFuncItanium; seed 000 `_Z20__spirv_SpecConstantii`), literal spelling, device
 * global definitions with `!spirv.Decorations`. The translation by llvm-spirv-15 is checked in
 * spirv-translator.test.ts.
 */
import { expect } from 'chai';
import { lowerManifestJson } from '../../src/lower/lower.js';
import { emitLlvmIr, formatGlobalName, formatScalar } from '../../src/lower/llvm-ir/emit.js';
import { mangleFuncItanium, mangleType, SPIRV_SPEC_CONSTANT, SPIRV_SPEC_CONSTANT_COMPOSITE } from '../../src/lower/llvm-ir/mangle.js';
import { parseType, Types, type StructType } from '../../src/lower/types.js';

const i32 = Types.i32;

describe('SPIR-V friendly LLVM IR', () => {
  it('mangles builtin names like sycl-post-link (seed 000 names)', () => {
    expect(mangleFuncItanium(SPIRV_SPEC_CONSTANT, i32, [i32, i32])).to.equal('_Z20__spirv_SpecConstantii');
    expect(mangleFuncItanium(SPIRV_SPEC_CONSTANT, Types.float, [i32, Types.float])).to.equal('_Z20__spirv_SpecConstantif');
    expect(mangleFuncItanium(SPIRV_SPEC_CONSTANT, Types.half, [i32, Types.half])).to.equal('_Z20__spirv_SpecConstantiDh');
    const named: StructType = { kind: 'struct', packed: false, name: 'struct.A', elements: [i32, Types.float] };
    expect(mangleFuncItanium(SPIRV_SPEC_CONSTANT_COMPOSITE, named, [i32, Types.float])).to.equal('_Z29__spirv_SpecConstantCompositeif_Rstruct.A');
    expect(mangleType(parseType('[2 x <3 x i8>]'))).to.equal('A2_Dv3_a');
    expect(mangleType(parseType('{ i64, i16, i1, double }'))).to.equal('');
    expect(mangleFuncItanium(SPIRV_SPEC_CONSTANT_COMPOSITE, parseType('<2 x i64>'), [Types.i64, Types.i64])).to.equal('_Z29__spirv_SpecConstantCompositexx_RDv2_x');
  });

  it('spells literals exactly (hex FP, signed integers, i1 as true/false) and quotes names', () => {
    expect(formatScalar({ kind: 'int', type: Types.i8, value: 255n })).to.equal('-1');
    expect(formatScalar({ kind: 'int', type: Types.i1, value: 1n })).to.equal('true');
    expect(formatScalar({ kind: 'fp', type: Types.half, bits: 0x3c00n })).to.equal('0xH3C00');
    expect(formatScalar({ kind: 'fp', type: Types.float, bits: 0x4048f5c3n })).to.equal('0x40091EB860000000');
    expect(formatScalar({ kind: 'fp', type: Types.double, bits: 0x400921fb54442d18n })).to.equal('0x400921FB54442D18');
    expect(formatGlobalName('_ZL7dg_int1')).to.equal('@_ZL7dg_int1');
    // LLVM prints a backslash as \\ (printEscapedString; what llvm-dis-19 prints).
    expect(formatGlobalName('a "b"\\c')).to.equal('@"a \\22b\\22\\\\c"');
  });

  it('writes calls leaves first, undef elements, device globals with !spirv.Decorations', () => {
    const text = emitLlvmIr(
      lowerManifestJson({
        mode: 'native',
        types: { 'struct.A': '{ i32, %struct.N }', 'struct.N': '{ float, float }' },
        specConstants: [
          { name: 'a', type: '%struct.A', default: [1, [3.0, 4.0]] },
          { name: 'p', type: '<{ float, i8, [3 x i8], i32 }>', default: [3.14, 97, null, 42] },
        ],
        deviceGlobals: [
          { name: 'uid_g', irName: '_ZL1g', type: 'i32', hostAccess: 'read', initMode: 'reset', implementInCsr: true },
          { name: 'uid_h', irName: '_ZL1h', type: '%struct.N', deviceImageScope: true },
        ],
      }),
    );
    expect(text).to.include('target triple = "spir64-unknown-unknown"');
    expect(text).to.include('%struct.N = type { float, float }\n%struct.A = type { i32, %struct.N }');
    expect(text).to.include(
      [
        '  %0 = call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 1)',
        '  %1 = call float @_Z20__spirv_SpecConstantif(i32 1, float 0x4008000000000000)',
        '  %2 = call float @_Z20__spirv_SpecConstantif(i32 2, float 0x4010000000000000)',
        '  %3 = call %struct.N @_Z29__spirv_SpecConstantCompositeff_Rstruct.N(float %1, float %2)',
        '  %4 = call %struct.A @_Z29__spirv_SpecConstantCompositeistruct.N_Rstruct.A(i32 %0, %struct.N %3)',
        '  ret %struct.A %4',
      ].join('\n'),
    );
    expect(text).to.include('@_Z29__spirv_SpecConstantCompositefaA3_ai_R(float %0, i8 %1, [3 x i8] undef, i32 %2)');
    expect(text).to.include('(i32 6, i32 42)'); // ID 5 consumed by the undef padding field
    expect(text).to.match(/@_ZL1g = addrspace\(1\) global \{ i32 addrspace\(4\)\* \} zeroinitializer, align 8, !spirv.Decorations !(\d+)/);
    expect(text).to.match(/@_ZL1h = addrspace\(1\) global \{ %struct.N \} zeroinitializer, align 4, !spirv.Decorations !(\d+)/);
    expect(text).to.include('!{i32 6147, i32 0, !"uid_g"}');
    expect(text).to.include('!{i32 6148, i32 1}');
    expect(text).to.include('!{i32 6149, i32 1}');
    expect(text).to.include('!{i32 6147, i32 2, !"uid_h"}');
    expect(text.match(/!\{i32 6148/g)).to.have.length(1);
  });
});

describe('generated names stay clear of the module’s own (review finding: redefinition of @__spec_const.0)', () => {
  const manifest = {
    mode: 'native',
    specConstants: [
      { name: 's', type: 'i32', default: 1 },
      { name: 'c', type: '{ i32, i8 }', default: [1, 2] },
    ],
    deviceGlobals: [
      { name: 'uid_a', irName: '__spec_const.0', type: 'i32' },
      { name: 'uid_b', irName: '_Z20__spirv_SpecConstantii', type: 'i32' },
      { name: 'uid_c', irName: '_Z20__spirv_SpecConstantii.1', type: 'i32' },
    ],
  };

  it('--ir-out defines each global name once; the SPIR-V names its functions the same way', async () => {
    const result = lowerManifestJson(manifest);
    const ir = emitLlvmIr(result);
    const defined = [...ir.matchAll(/^(?:define [^@]*|declare [^@]*|)(@[^ (]+)(?: = |\()/gm)].map((m) => m[1]);
    expect(defined.length).to.equal(new Set(defined).size, defined.join(' '));
    expect(ir).to.include('define spir_func i32 @__spec_const.0.1()');
    expect(ir).to.include('define spir_func { i32, i8 } @__spec_const.1()');
    expect(ir).to.include('declare i32 @_Z20__spirv_SpecConstantii.2(i32, i32)');
    const { emitSpirv } = await import('../../src/lower/spirv/emit.js');
    const { decodeSpirvModule, readString } = await import('../../src/lower/spirv/binary.js');
    const { Decoration, Op } = await import('../../formats/spirv-enums.js');
    const linkage = decodeSpirvModule(emitSpirv(result)).instructions
      .filter((i) => i.opcode === Op.Decorate && i.operands[1] === Decoration.LinkageAttributes)
      .map((i) => readString(i.operands, 2).text);
    expect(linkage.sort()).to.deep.equal(['__spec_const.0', '__spec_const.0.1', '__spec_const.1', '_Z20__spirv_SpecConstantii', '_Z20__spirv_SpecConstantii.1'].sort());
  });

  it('llvm-as-15 assembles it', async () => {
    const { requireTool } = await import('../support/tools.js');
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(requireTool('llvm-as-15'), ['-opaque-pointers=0', '-', '-o', '/dev/null'], { input: emitLlvmIr(lowerManifestJson(manifest)), encoding: 'utf8' });
    expect(r.status, r.stderr).to.equal(0);
  });
});
