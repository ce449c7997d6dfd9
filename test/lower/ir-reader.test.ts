/**
 * The LLVM IR reader (src/lower/llvm-ir/parse) and the IR path of the lowering (src/lower/from-ir):
 * syntax coverage (typed and opaque pointers, constant expressions, literal forms), typed errors with
 * line and column, explicit nesting limits, LLVM's use-list order, and the agreement of the IR path
 * with the manifest path.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { parseLlvmIr, printType } from '../../src/lower/llvm-ir/parse/parser.js';
import type { LValue } from '../../src/lower/llvm-ir/parse/model.js';
import { IrSyntaxError, MAX_IR_NESTING } from '../../src/lower/llvm-ir/parse/errors.js';
import { lowerIrModule } from '../../src/lower/from-ir/lower-ir.js';
import { lowerManifestJson } from '../../src/lower/lower.js';
import { writeRegistry } from '../../src/props/registry.js';
import { TypeConverter } from '../../src/lower/from-ir/convert.js';
import { emitSpirv } from '../../src/lower/spirv/emit.js';
import { decodeSpirvModule } from '../../src/lower/spirv/binary.js';
import { emitLlvmIr } from '../../src/lower/llvm-ir/emit.js';
import { Decoration, Op } from '../../formats/spirv-enums.js';

const ROOT = new URL('../../testdata/sycl-post-link/', import.meta.url).pathname;
const read = (f: string): string => readFileSync(ROOT + f, 'latin1');
const DL = 'e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64';

function fails(text: string): IrSyntaxError {
  try {
    parseLlvmIr(text);
  } catch (e) {
    expect(e).to.be.instanceOf(IrSyntaxError);
    return e as IrSyntaxError;
  }
  throw new Error('expected an IrSyntaxError');
}

/** A module with one scalar 2020 spec constant per entry of `consts` (name, type, default literal). */
function scalarModule(consts: [string, string, string][], declareFirst: boolean): string {
  const lines = [`target datalayout = "${DL}"`, 'target triple = "spir64-unknown-unknown"'];
  consts.forEach(([n, t, d], i) => {
    lines.push(`@name${i} = private unnamed_addr constant [${n.length + 1} x i8] c"${n}\\00"`);
    lines.push(`@id${i} = internal addrspace(1) constant { ${t} } { ${t} ${d} }`);
  });
  const decl = (t: string): string => `declare ${t} @_Z37__sycl_getScalar2020SpecConstantValueI${t}(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))`;
  const types = [...new Set(consts.map((c) => c[1]))];
  if (declareFirst) types.forEach((t) => lines.push(decl(t)));
  lines.push('define spir_kernel void @k() {', 'entry:');
  consts.forEach(([, t], i) => {
    lines.push(`  %v${i} = call ${t} @_Z37__sycl_getScalar2020SpecConstantValueI${t}(ptr addrspace(4) addrspacecast (ptr @name${i} to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id${i} to ptr addrspace(4)), ptr addrspace(4) null)`);
  });
  lines.push('  ret void', '}');
  if (!declareFirst) types.forEach((t) => lines.push(decl(t)));
  return lines.join('\n') + '\n';
}

describe('LLVM IR reader', () => {
  it('a token of 300,000 characters is quoted clipped in the error (array length, integer width, hex literals, undefined names)', () => {
    const d = '9'.repeat(300_000);
    for (const [text, re] of [
      [`@g = global [${d} x i8] zeroinitializer`, /an array length 9{200}… \(300000 characters\) is too large/],
      [`@g = global i${d} 0`, /bitwidth for integer type out of range: i9{199}… \(300001 characters\)$/],
      [`@g = global i32 0x${d}`, /written u0x\/s0x, not 0x9{198}… \(300002 characters\)$/],
      [`@g = global half 0xH${d}`, /half literal 0xH9{197}… \(300003 characters\) has more than 16 bits/],
      [`@g = global double 0x${d}`, /hexadecimal FP literal 0x9{198}… \(300002 characters\) has more than 64 bits/],
      [`@g = global ptr @h${d}`, /use of undefined value '@h9{199}… \(300001 characters\)'/],
      [`@g = global i8 0, !dbg !${d}`, /use of undefined metadata '!9{200}… \(300000 characters\)'/],
      [`@g = global ptr addrspace(${d}) null`, /an address space 9{200}… \(300000 characters\) is too large/],
    ] as const) {
      const e = fails(`target triple = "spir64-unknown-unknown"\n${text}\n`);
      expect(e.reason, text.slice(0, 30)).to.match(re);
      expect(e.reason.length, text.slice(0, 30)).to.be.below(400);
    }
  });
  it('an attribute group number beyond 32 bits is LLLexer\'s "invalid value number (too large)", not #Infinity or a group of another number', () => {
    for (const text of [
      '@g = global i8 0 #' + '9'.repeat(400),
      'define void @f() #99999999999999999999999 { ret void }',
      'define void @f() #9007199254740993 { ret void }\nattributes #9007199254740992 = { nounwind }',
      'attributes #4294967296 = { nounwind }',
    ]) {
      const e = fails(`${text}\n`);
      expect(e.reason, text.slice(0, 30)).to.equal('invalid value number (too large)');
      expect(e.code).to.equal('SYNTAX');
    }
    // (the largest 32-bit number and leading zeros are IDs)
    expect(() => parseLlvmIr('define void @f() #4294967295 { ret void }\nattributes #0004294967295 = { nounwind }\n')).to.not.throw();
  });
  it('reads every copied sycl-post-link test module (typed and opaque pointers)', () => {
    for (const f of JSON.parse(readFileSync(ROOT + 'SOURCES.json', 'utf8')).tests as { file: string }[]) {
      const m = parseLlvmIr(read(f.file));
      // (sycl-registered-kernels-empty.ll is named metadata alone)
      expect(m.globals.length + m.functions.length + m.namedMetadata.size, f.file).to.be.greaterThan(0);
    }
  });

  it('reads constants: hex floats and halves, c-strings, nested aggregates, zeroinitializer/undef/poison, constant expressions', () => {
    const m = parseLlvmIr(
      [
        '%s = type { half, float, double, [2 x i8], <2 x i16>, <{ i8, i32 }> }',
        '@a = global %s { half 0xH3C00, float 0x3FF0000000000000, double 1.500000e+00, [2 x i8] c"a\\00", <2 x i16> <i16 1, i16 -1>, <{ i8, i32 }> <{ i8 1, i32 poison }> }',
        '@b = global [2 x %s] [%s zeroinitializer, %s undef]',
        '@c = global ptr getelementptr inbounds ([2 x %s], ptr @b, i64 0, i64 1)',
        '@d = global i8 addrspace(4)* addrspacecast (i8* bitcast ([2 x %s]* @b to i8*) to i8 addrspace(4)*)',
      ].join('\n'),
    );
    expect(m.globals.map((g) => g.name)).to.deep.equal(['a', 'b', 'c', 'd']);
    const a = m.globals[0]!.initializer!.value;
    expect(a.k).to.equal('struct');
    const d = m.globals[3]!.initializer!.value;
    expect(d.k === 'cast' && d.op).to.equal('addrspacecast');
  });

  it('reads several instructions on one line, as LLLexer does (line breaks are blanks)', () => {
    // sycl-post-link's spec-constants/SYCL-2020.ll has `call … ptr null)  call void @llvm.lifetime.end…`.
    const m = parseLlvmIr(
      [
        'declare void @g(i32)',
        'define void @f(ptr %p) {',
        'entry: %a = load i32, ptr %p, align 4  call void @g(i32 %a) #0  tail call void @g(i32 1) store i32 %a, ptr %p br label %next',
        'next: %b = add i32 %a, 1 ret void }',
      ].join('\n'),
    );
    const [entry, next] = m.functions.find((f) => f.name === 'f')!.blocks;
    expect(entry!.instructions.map((i) => [i.opcode, i.result ?? ''])).to.deep.equal([
      ['load', 'a'],
      ['call', ''],
      ['call', ''],
      ['store', ''],
      ['br', ''],
    ]);
    expect(entry!.instructions.slice(1, 3).map((i) => i.call!.args.length)).to.deep.equal([1, 1]);
    expect(next!.instructions.map((i) => i.opcode)).to.deep.equal(['add', 'ret']);
  });

  it('reads one instruction over several lines, as LLLexer does: a line break ends it only before what begins something else', () => {
    // (llvm-as-19 and -22 accept every form below; a line break at bracket depth 0 used to end the instruction)
    const m = parseLlvmIr(
      [
        'declare float @g(i32, ptr)',
        'define void @f(ptr %p) {',
        'entry:',
        '  %a =',
        '    call spir_func ; a comment',
        '',
        '    float @g(i32 1, ptr %p), !dbg !1',
        '  %c = tail',
        '    call float @g(i32 2,',
        '                  ptr %p)',
        '    , !dbg !1',
        '  %z = add',
        '     i32 1,',
        '     2',
        '  store i32 %z,',
        '        ptr %p, align 4',
        '  load i32, ptr %p',
        '  %v = phi i32 [ 1, %entry ],',
        '      [ 2, %entry ]',
        '  call float @g(i32 3, ptr %p)',
        '  #dbg_value(i32 %z, !1, !DIExpression(), !1)',
        '  br',
        '    label %next',
        'next:',
        '  ret void',
        '}',
        '!1 = !{}',
      ].join('\n'),
    );
    const [entry, next] = m.functions.find((f) => f.name === 'f')!.blocks;
    expect(entry!.instructions.map((i) => [i.opcode, i.result ?? ''])).to.deep.equal([
      ['call', 'a'],
      ['call', 'c'],
      ['add', 'z'],
      ['store', ''],
      ['load', ''],
      ['phi', 'v'],
      ['call', ''],
      ['#dbg_value', ''],
      ['br', ''],
    ]);
    expect(entry!.instructions.filter((i) => i.call).map((i) => [i.call!.retType, i.call!.args.length, i.call!.cc ?? ''])).to.deep.equal([
      [{ kind: 'float', float: 'float' }, 2, 'spir_func'],
      [{ kind: 'float', float: 'float' }, 2, ''],
      [{ kind: 'float', float: 'float' }, 2, ''],
    ]);
    expect(next!.instructions.map((i) => i.opcode)).to.deep.equal(['ret']);
    // A line that begins with a constant expression (its opcode, flags, then `(`) goes on the
    // instruction before it; one after a comma too (review 2026-12-01e finding 4).
    const ce = parseLlvmIr(
      [
        '%s = type { i32, i32 }',
        '@g = addrspace(1) global %s zeroinitializer',
        'define void @f(ptr addrspace(1) %p, i32 %v) {',
        '  store i32 %v, ptr addrspace(1)',
        '      getelementptr inbounds (%s, ptr addrspace(1) @g, i64 0, i32 1), align 4',
        '  %a = add i32 %v,',
        '     add (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 1)',
        '  %x = alloca i32',
        '  store i32 %a, ptr %x',
        '  ret void',
        '}',
      ].join('\n'),
    );
    expect(ce.functions[0]!.blocks[0]!.instructions.map((i) => [i.opcode, i.usesGlobal.join()])).to.deep.equal([
      ['store', 'g'],
      ['add', 'g'],
      ['alloca', ''],
      ['store', ''],
      ['ret', ''],
    ]);
    // A line that cannot continue the instruction is still an error where it is.
    expect(fails('define void @f() {\n  %a = add i32 1, 2\n  = 3\n  ret void\n}').message).to.match(/^3:3: /);
  });

  it('reports malformed text as IrSyntaxError with line and column', () => {
    const cases: [string, RegExp, number, number][] = [
      ['@x = global i32 1\n@y = global i32 "s"', /expected a value of type i32/, 2, 17],
      ['@x = global [2 x i8] c"abc"', /got type '\[3 x i8\]'/, 1, 22],
      ['%t = type { i32, }', /expected a type/, 1, 18],
      ['define void @f() {\nentry:\n  ret void\n', /expected '}'/, 4, 1],
      ['@s = global [2 x i8] c"ab', /unterminated string/, 1, 23],
      ['@x = global float 0.1', /floating point constant invalid for type float/, 1, 19],
      ['@x = global i8 +5', /expected value token/, 1, 16], // (as llvm-as-19 and -22)
      ['@x = global i32 1\n@x = global i32 2', /redefinition of global '@x'/, 2, 1],
      ['attributes #0 = { nounwind ', /expected an attribute or '}'/, 1, 28],
      // LLParser::parseOptionalAlignment, as llvm-as-19 reports them (checked with it).
      ['@g = global i32 0, align 3', /alignment is not a power of two/, 1, 26],
      ['@g = global i32 0, align 0', /alignment is not a power of two/, 1, 26],
      ['@g = global i32 0, align 8589934592', /huge alignments are not supported yet/, 1, 26],
      ['@g = global i32 0, align 6442450944', /alignment is not a power of two/, 1, 26], // power of two is checked first
      ['define void @K(ptr align 3 %p) { ret void }', /alignment is not a power of two/, 1, 26],
      ['define void @K(ptr align(3) %p) { ret void }', /alignment is not a power of two/, 1, 25],
      ['declare align 3 ptr @f()', /alignment is not a power of two/, 1, 15],
    ];
    for (const [text, re, line, col] of cases) {
      const e = fails(text);
      expect(e.message, text).to.match(re);
      expect([e.line, e.column], `${text}: ${e.message}`).to.deep.equal([line, col]);
    }
    expect(() => parseLlvmIr('@g = global i32 0, align 4294967296')).to.not.throw(); // 2^32: Value::MaximumAlignment
    // A target extension type is printed whole (in messages and in written IR).
    const tm = parseLlvmIr('@g = global target("spirv.Image", void, 1) zeroinitializer\n');
    expect(printType(tm.globals[0]!.valueType)).to.equal('target("spirv.Image", void, 1)');
    // FP literal rules are LLParser's: 0.1f written as its double bits is fine, the double 0.1 is not a float.
    expect(() => parseLlvmIr('@x = global float 0x3FB99999A0000000')).to.not.throw();
    expect(fails('@x = global float 0x3FB999999999999A').message).to.match(/invalid for type float/);
  });

  it('a global initializer is checked when read (nothing kept) and read again the same: integers wrap at every width, element counts', () => {
    // LLParser wraps any literal to its type (convertValIDToValue: APSInt::extOrTrunc), as llvm-as-19
    // and -22 read them: `i8 256` is 0, `i8 300` 44, `i8 -129` 127 (review 2026-12-02d finding 5).
    const widths = [1, 7, 8, 16, 31, 32, 33, 52, 53, 54, 63, 64, 65, 128];
    const near = (x: bigint): bigint[] => [x - 1n, x, x + 1n];
    for (const bits of widths) {
      const lim = 1n << BigInt(bits);
      for (const v of [0n, 1n, -1n, ...near(lim), ...near(-lim), 999999999999999n, -999999999999999n, 1000000000000000n, -1000000000000000n]) {
        const text = `@x = global i${bits} ${v}`;
        expect(parseLlvmIr(text).globals[0]!.initializer!.value, text).to.deep.equal({ k: 'int', value: BigInt.asUintN(bits, v) });
      }
    }
    for (const [lit, want] of [['256', 0n], ['300', 44n], ['-129', 127n], ['99999999999999999999999', 255n], ['-99999999999999999999999', 1n], ['u0xFFFF', 255n], ['s0x1FF', 255n], ['u0xFF', 255n]] as const) {
      expect(parseLlvmIr(`@x = global i8 ${lit}`).globals[0]!.initializer!.value, lit).to.deep.equal({ k: 'int', value: want });
    }
    // `+N` is no value to LLVM's lexer.
    expect(fails('@x = global i8 +255').message).to.match(/expected value token/);
    // Leading zeros do not count; a literal of a million digits is read in linear time, its low bits only.
    expect(parseLlvmIr(`@x = global i8 ${'0'.repeat(5000)}255`).globals[0]!.initializer!.value).to.deep.equal({ k: 'int', value: 255n });
    expect(parseLlvmIr(`@x = global i8 -${'0'.repeat(5000)}1`).globals[0]!.initializer!.value).to.deep.equal({ k: 'int', value: 255n });
    expect(parseLlvmIr('@x = global i8 s0x00FF').globals[0]!.initializer!.value).to.deep.equal({ k: 'int', value: 255n });
    // 10^1000000 - 1 modulo 2^64, by squaring
    let pow = 1n;
    let base = 10n;
    for (let e = 1_000_000; e > 0; e >>= 1, base = BigInt.asUintN(64, base * base)) if (e & 1) pow = BigInt.asUintN(64, pow * base);
    expect(parseLlvmIr(`@x = global i64 ${'9'.repeat(1_000_000)}`).globals[0]!.initializer!.value).to.deep.equal({ k: 'int', value: BigInt.asUintN(64, pow - 1n) });
    expect(parseLlvmIr(`@x = global i8 u0x${'F'.repeat(100)}`).globals[0]!.initializer!.value).to.deep.equal({ k: 'int', value: 255n });
    const cases: [string, RegExp, number, number][] = [
      ['@x = global { i32, i8 } { i32 1 }', /struct constant has 1 element\(s\) but \{ i32, i8 \} has 2/, 1, 25],
      ['@x = global { i32 } { i32 1, i8 2 }', /too many elements in a constant of type \{ i32 \}/, 1, 30],
      ['@x = global [2 x i8] [i8 1]', /constant has 1 element\(s\) but \[2 x i8\] has 2/, 1, 22],
      ['@x = global [1 x [2 x i8]] [[2 x i16] zeroinitializer]', /element type \[2 x i16\] does not match \[2 x i8\]/, 1, 29],
      ['@x = global <2 x i8> <i8 1, i8 2, i8 3>', /too many elements for <2 x i8>/, 1, 35],
    ];
    for (const [text, re, line, col] of cases) {
      const e = fails(text);
      expect(e.message, text).to.match(re);
      expect([e.line, e.column], `${text}: ${e.message}`).to.deep.equal([line, col]);
    }
    // Nested aggregates, casts and GEPs read again in full after the check.
    const m = parseLlvmIr('@g = global i32 0\n@x = global { [2 x i16], ptr, <2 x float> } { [2 x i16] [i16 1, i16 -1], ptr getelementptr (i8, ptr @g, i64 4), <2 x float> <float 1.0, float 2.0> }');
    const elementsOf = (v: LValue): LValue[] => (v.k === 'struct' || v.k === 'array' || v.k === 'vector' ? v.elements.map((e) => e.value) : expect.fail(`not an aggregate: ${v.k}`));
    const [arr, gep, vec] = elementsOf(m.globals[1]!.initializer!.value);
    expect(elementsOf(arr!)).to.deep.equal([{ k: 'int', value: 1n }, { k: 'int', value: 0xffffn }]);
    expect(gep).to.deep.include({ k: 'gep' });
    expect(elementsOf(vec!).map((v) => v.k)).to.deep.equal(['fp', 'fp']);
  });

  it('deep nesting is a typed LIMIT error, never a stack overflow (types, constants, metadata, named-type chains)', () => {
    const deepType = '{ '.repeat(2000) + 'i32' + ' }'.repeat(2000);
    const e1 = fails(`@x = global ${deepType} zeroinitializer`);
    expect(e1.code).to.equal('LIMIT');
    expect(e1.message).to.match(new RegExp(`nesting deeper than ${MAX_IR_NESTING} levels`));
    // (said to be this tool's limit, as the other limit messages are: llvm-as reads such input)
    expect(e1.message).to.contain('(a limit of this tool: llvm-as has none)');
    const e2 = fails(`@x = global ptr ${'bitcast (ptr '.repeat(5000)}@x${' to ptr)'.repeat(5000)}`);
    expect(e2.code).to.equal('LIMIT');
    const e3 = fails(`!0 = ${'!{'.repeat(3000)}${'}'.repeat(3000)}`);
    expect(e3.code).to.equal('LIMIT');
    const e4 = fails(`@p = global i8${'*'.repeat(100000)} null`);
    expect(e4.code).to.equal('LIMIT');
    // 10 000 named structs each holding the next: fine to read, refused (typed) when a spec constant needs its layout.
    const chain = Array.from({ length: 10000 }, (_, i) => `%t${i} = type { ${i === 9999 ? 'i32' : `%t${i + 1}`} }`).join('\n');
    const m = parseLlvmIr(`${chain}\n@g = global %t0 zeroinitializer`);
    try {
      new TypeConverter().convert(m.globals[0]!.valueType, { line: 1, column: 1 });
      expect.fail('expected a LIMIT error');
    } catch (e) {
      expect(e).to.be.instanceOf(IrSyntaxError);
      expect((e as IrSyntaxError).code).to.equal('LIMIT');
      expect((e as IrSyntaxError).message).to.contain('(a limit of this tool: llvm-as has none)');
    }
  });
});

describe('IR path of the lowering', () => {
  it("follows LLVM's use-list order: calls after the declaration in reverse, forward references in text order", () => {
    const consts: [string, string, string][] = [
      ['A', 'i32', '1'],
      ['B', 'i32', '2'],
      ['C', 'i32', '3'],
    ];
    const before = lowerIrModule(scalarModule(consts, true));
    expect(before.specConstants.constants.map((c) => c.name)).to.deep.equal(['C', 'B', 'A']);
    const after = lowerIrModule(scalarModule(consts, false));
    expect(after.specConstants.constants.map((c) => c.name)).to.deep.equal(['A', 'B', 'C']);
    expect(after.specConstants.constants.map((c) => c.descriptors[0]!.id)).to.deep.equal([0, 1, 2]);
  });

  it('a uselistorder directive (what bitcode keeps, llvm-dis -preserve-ll-uselistorder prints) orders the calls as LLParser does; function-level and _bb directives are read over; none is printed back', () => {
    const consts: [string, string, string][] = [
      ['A', 'i32', '1'],
      ['B', 'i32', '2'],
      ['C', 'i32', '3'],
    ];
    // declared first: the order read is C, B, A (each new use goes to the front); the directive puts
    // use i of that order at position indexes[i]
    const base = scalarModule(consts, true);
    expect(lowerIrModule(base).specConstants.constants.map((c) => c.name)).to.deep.equal(['C', 'B', 'A']);
    const withOrder = (perm: string): string =>
      base.replace('  ret void\n}', '  %x = add i32 1, 2\n  ret void\n  uselistorder i32 %x, { 1, 0 }\n  uselistorder_bb @k, %entry, { 1, 0 }\n}') + `uselistorder ptr @_Z37__sycl_getScalar2020SpecConstantValueIi32, { ${perm} }\n`;
    expect(lowerIrModule(withOrder('2, 0, 1')).specConstants.constants.map((c) => c.name)).to.deep.equal(['B', 'A', 'C']);
    expect(lowerIrModule(withOrder('2, 1, 0')).specConstants.constants.map((c) => c.name)).to.deep.equal(['A', 'B', 'C']);
    expect(lowerIrModule(withOrder('2, 1, 0')).specConstants.constants.map((c) => c.descriptors[0]!.id)).to.deep.equal([0, 1, 2]);
    // (a list of another length orders other uses than the calls: the order read stays)
    expect(lowerIrModule(withOrder('1, 0')).specConstants.constants.map((c) => c.name)).to.deep.equal(['C', 'B', 'A']);
    // LLParser's checks of the list: at least 2, distinct, in range, not already in order (review 2026-12-01f)
    for (const [perm, why] of [['0, 0, 1', /distinct uselistorder indexes/], ['1', />= 2 uselistorder indexes/], ['0, 1, 2', /to change the order/], ['3, 0, 1', /in range \[0, size\)/]] as const) {
      expect(() => parseLlvmIr(withOrder(perm)), perm).to.throw(IrSyntaxError, why);
    }
    const m = parseLlvmIr(withOrder('2, 0, 1'));
    expect([...m.useListOrders!]).to.deep.equal([['_Z37__sycl_getScalar2020SpecConstantValueIi32', [2, 0, 1]]]);
    expect(m.functions.find((f) => f.name === 'k')!.blocks[0]!.instructions.map((i) => i.opcode).slice(-2)).to.deep.equal(['add', 'ret']);
  });

  it('a device global declared `constant` in IR stays read-only: Constant in SPIR-V and `constant` in the SPIR-V-friendly IR, as llvm-spirv-15 translates it', () => {
    const text = read('device-globals/test_global_variable.ll');
    const constant = lowerIrModule(text);
    expect(constant.deviceGlobals.map((g) => [g.irName, g.constant === true])).to.deep.equal([
      ['_ZL7dg_int1', true],
      ['_ZL7dg_int2', true],
      ['_ZL8dg_bool3', true],
      ['_ZL8dg_bool4', true],
    ]);
    const writable = lowerIrModule(text.replace(/addrspace\(1\) constant %"class/g, 'addrspace(1) global %"class'));
    expect(writable.deviceGlobals.map((g) => g.constant === true)).to.deep.equal([false, false, false, false]);
    const decorated = (r: typeof constant): number =>
      decodeSpirvModule(emitSpirv(r)).instructions.filter((i) => i.opcode === Op.Decorate && i.operands[1] === Decoration.Constant).length;
    expect([decorated(constant), decorated(writable)]).to.deep.equal([4, 0]);
    expect(emitLlvmIr(constant).match(/^@_ZL\w+ = addrspace\(1\) constant /gm)).to.have.length(4);
    expect(emitLlvmIr(writable)).not.to.match(/^@_ZL\w+ = addrspace\(1\) constant /m);
  });

  it('agrees with the manifest path (padded struct, undef tail, property bytes)', () => {
    const ir = lowerIrModule(read('spec-constants/struct-with-undef-padding-2.ll'));
    const manifest = lowerManifestJson({
      mode: 'native',
      types: { 'struct.user_defined_type': '<{ float, i32, i8, [3 x i8] }>' },
      // the IR's specialization_id holds { float, i32, i8 }: the [3 x i8] member is an undef tail
      specConstants: [{ name: 'uidac684fbd602505be____ZL7spec_id', type: '%struct.user_defined_type', default: ['0x40091EB860000000', 42, 8] }],
    });
    expect(ir.specConstants.constants[0]!.descriptors).to.deep.equal([
      { id: 0, offset: 0, size: 4 },
      { id: 1, offset: 4, size: 4 },
      { id: 2, offset: 8, size: 1 },
      { id: 4294967295, offset: 9, size: 3 },
    ]);
    expect(Buffer.from(writeRegistry(ir.registry)).toString()).to.equal(Buffer.from(writeRegistry(manifest.registry)).toString());
  });

  it('a bool spec constant read from IR keeps its i8 default (SYCL 2020) or i1 zero (SYCL 1.2.1)', () => {
    const r = lowerIrModule(read('spec-constants/bool.ll'));
    const tree = r.specConstants.constants[0]!.tree!;
    expect(tree.kind === 'scalar' && tree.type.kind === 'int' && tree.type.bits).to.equal(1);
    expect(tree.kind === 'scalar' && tree.default.type.kind === 'int' && tree.default.type.bits).to.equal(8);
  });

  it('non-ASCII names reach the property sets as the UTF-8 bytes the IR holds, once (bytes or a Unicode string in)', () => {
    // testdata/lower/non-ascii-names.ll: "café" escaped (\C3\A9) in c"…" and attribute strings, raw UTF-8 in a quoted global name.
    const text = readFileSync(new URL('../../testdata/lower/non-ascii-names.ll', import.meta.url), 'utf8');
    const fromString = lowerIrModule(text);
    const fromBytes = lowerIrModule(new TextEncoder().encode(text));
    expect(fromString.specConstants.constants.map((c) => c.name)).to.deep.equal(['café']);
    expect(fromString.deviceGlobals.map((g) => g.name)).to.deep.equal(['dgé']);
    expect(fromString.deviceGlobals.map((g) => g.path)).to.deep.equal([['@dg.café']]);
    const prop = Buffer.from(writeRegistry(fromString.registry));
    expect(prop.equals(Buffer.from(writeRegistry(fromBytes.registry)))).to.equal(true);
    // é once as c3 a9, never re-encoded (c3 83 c2 a9)
    expect(prop.includes(Buffer.from('caf\u00e9=2|', 'utf8'))).to.equal(true);
    expect(prop.includes(Buffer.from('dg\u00e9=2|', 'utf8'))).to.equal(true);
    expect(prop.includes(Buffer.from([0xc3, 0x83]))).to.equal(false);
  });

  it('errors in IR are IrSyntaxErrors at the offending construct', () => {
    const text = scalarModule([['A', 'i32', '1']], true).replace('@id0 = internal addrspace(1) constant { i32 } { i32 1 }', '@id0 = external addrspace(1) constant { i32 }');
    try {
      lowerIrModule(text);
      expect.fail('expected an error');
    } catch (e) {
      expect(e).to.be.instanceOf(IrSyntaxError);
      expect((e as IrSyntaxError).message).to.match(/specialization_id @id0 is not a global variable with an initializer/);
      expect((e as IrSyntaxError).line).to.equal(8);
    }
  });
});

describe('LLVM IR reader: what a parsed module hands out', () => {
  const text = 'target triple = "spir64-unknown-unknown"\n@g = constant i32 7, align 4\n\ndefine void @f() {\nentry:\n  %a = alloca i32, align 4\n  ret void\n}\n';
  it('instructions and globals carry their line and column (computed when read) and serialize as plain data, without the reader', () => {
    const m = parseLlvmIr(text);
    const inst = m.functions[0]!.blocks[0]!.instructions[0]!;
    expect([inst.opcode, inst.result, inst.line, inst.column]).to.deep.equal(['alloca', 'a', 6, 3]);
    const json = JSON.parse(JSON.stringify(inst)) as Record<string, unknown>;
    expect(json).to.deep.include({ opcode: 'alloca', result: 'a', line: 6, column: 3, usesLocal: [], usesGlobal: [] });
    expect(JSON.stringify(inst).length).to.be.lessThan(400);
    const g = m.globals[0]!;
    expect([g.name, g.line]).to.deep.equal(['g', 2]);
    const gj = JSON.parse(JSON.stringify(g)) as { line: number; initFrom: number; initTo: number };
    expect([gj.line, gj.initTo - gj.initFrom]).to.deep.equal([2, 1]);
    expect(g.initializer!.value).to.deep.equal({ k: 'int', value: 7n });
    expect(JSON.stringify(g).length).to.be.lessThan(800);
  });
});

describe('llvm.sycl.alloca on a SPIR target in emulation mode (review finding: lower wrote sets post-link does not)', () => {
  const module = (triple: string): string => [
    `target triple = "${triple}"`,
    '%"class.sycl::_V1::specialization_id" = type { i32 }',
    '@size = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { i32 120 }, align 4',
    '@name = private unnamed_addr constant [5 x i8] c"size\\00", align 1',
    'define void @k() {',
    '  call ptr @llvm.sycl.alloca.p0.p4.p4.p4.f64(ptr addrspace(4) addrspacecast (ptr @name to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @size to ptr addrspace(4)), ptr addrspace(4) null, double 0.000000e+00, i64 8)',
    '  ret void',
    '}',
    'declare ptr @llvm.sycl.alloca.p0.p4.p4.p4.f64(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), double, i64)',
    '',
  ].join('\n');

  it('writes no spec-constant sets, as post-link and SpecConstantsPass (IsSPIREmulated) do', () => {
    const r = lowerIrModule(module('spir64-unknown-unknown'), { mode: 'emulation' });
    expect(r.specConstants.constants).to.have.length(0);
    expect([...r.registry.keys()].filter((k) => k.includes('specialization constants'))).to.deep.equal([]);
  });

  it('still lowers it in native mode and on non-SPIR targets in emulation mode', () => {
    expect([...lowerIrModule(module('spir64-unknown-unknown'), { mode: 'native' }).registry.keys()]).to.include('SYCL/specialization constants');
    const nv = lowerIrModule(module('nvptx64-nvidia-cuda'), { mode: 'emulation' });
    expect(nv.specConstants.constants.map((c) => c.name)).to.deep.equal(['size']);
    expect([...nv.registry.keys()]).to.include('SYCL/specialization constants default values');
  });
});

describe('emulation descriptor Size (review finding: SpecConstants.cpp@08fde7a7 passes DefValTy)', () => {
  it('is the store size of the default value\u2019s type; the buffer offset still advances by the call\u2019s', () => {
    const ir = [
      'target triple = "spir64-unknown-unknown"',
      '@n0 = private unnamed_addr constant [2 x i8] c"a\\00"',
      '@g0 = internal addrspace(1) constant { double } { double 1.0 }',
      '@n1 = private unnamed_addr constant [2 x i8] c"b\\00"',
      '@g1 = internal addrspace(1) constant { i32 } { i32 7 }',
      'define spir_kernel void @k() {',
      '  %v0 = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueI0ET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n0 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @g0 to ptr addrspace(4)), ptr addrspace(4) null)',
      '  %v1 = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueI0ET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n1 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @g1 to ptr addrspace(4)), ptr addrspace(4) null)',
      '  ret void',
      '}',
      'declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueI0ET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))',
      '',
    ].join('\n');
    const r = lowerIrModule(ir, { mode: 'emulation' });
    expect(r.specConstants.constants.map((c) => c.descriptors)).to.deep.equal([
      [{ id: 0, offset: 0, size: 8 }],
      [{ id: 1, offset: 0, size: 4 }],
    ]);
    expect(r.specConstants.constants.map((c) => c.emulation?.offset)).to.deep.equal([0, 4]);
  });
});

describe('a repeated sycl-unique-id in IR names the first global by its line and column, not a manifest path', () => {
  const ir = [
    'target triple = "spir64-unknown-unknown"',
    '@a = addrspace(1) global { [4 x i8] } zeroinitializer, align 4 #0',
    '@b = addrspace(1) global { [4 x i8] } zeroinitializer, align 4 #0',
    'define spir_kernel void @k() {',
    '  %x = load i8, ptr addrspace(1) @a',
    '  %y = load i8, ptr addrspace(1) @b',
    '  ret void',
    '}',
    'attributes #0 = { "sycl-unique-id"="same" "sycl-device-global-size"="4" }',
    '',
  ].join('\n');
  it('lower', () => {
    try {
      lowerIrModule(ir);
      expect.fail('expected an error');
    } catch (e) {
      expect(e).to.be.instanceOf(IrSyntaxError);
      expect((e as IrSyntaxError).line).to.equal(3);
      expect((e as IrSyntaxError).message).to.contain('device global "same" is listed twice (first at line 2, column 1)');
      expect((e as IrSyntaxError).message).to.not.contain('deviceGlobals[');
    }
  });
  it('a manifest still names the first entry by its JSON path', () => {
    const m = { mode: 'native', specConstants: [], deviceGlobals: [{ name: 'same', irName: 'a', type: 'i32' }, { name: 'same', irName: 'b', type: 'i32' }] };
    expect(() => lowerManifestJson(m)).to.throw(/first at deviceGlobals\[0\]/);
  });
});
