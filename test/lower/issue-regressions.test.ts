/**
 * Regression tests for the three differences the issue "Lowering from real LLVM IR" lists:
 *   1. a bool spec constant is an 8-bit constant + trunc (`call i8 @_Z20__spirv_SpecConstantia(i32 N,
 *      i8 1)`, SPIR-V `OpSpecConstant %uchar`), as sycl-post-link emits it in every version of bool.ll;
 *   2. a default with fewer elements than its type (the IR's undef tail) is accepted, and a constant
 *      used twice may be listed twice;
 *   3. deeply nested types (`{`×2000 `i32` `}`×2000) are a typed error, not `internal error: RangeError`.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliCaptured } from '../support/run-cli.js';
import { LowerError } from '../../src/lower/errors.js';
import { lowerManifestJson } from '../../src/lower/lower.js';
import { emitLlvmIr } from '../../src/lower/llvm-ir/emit.js';
import { emitSpirv } from '../../src/lower/spirv/emit.js';
import { decodeSpirvModule } from '../../src/lower/spirv/binary.js';
import { Decoration, Op } from '../../formats/spirv-enums.js';
import { writeRegistry } from '../../src/props/registry.js';

async function cli(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  const r = await runCliCaptured(args, cwd);
  return { code: r.code, out: r.stdout, err: r.stderr };
}

describe('issue regressions: lowering from real LLVM IR', () => {
  const dir = mkdtempSync(join(tmpdir(), 'syclbin-issue-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('1. a bool spec constant is call i8 @_Z20__spirv_SpecConstantia + trunc, and an 8-bit OpSpecConstant', () => {
    const r = lowerManifestJson({ mode: 'native', specConstants: [{ name: 'flag', type: 'i1', default: true }] });
    const ir = emitLlvmIr(r);
    expect(ir).to.contain('= call i8 @_Z20__spirv_SpecConstantia(i32 0, i8 1)');
    expect(ir).to.match(/= trunc i8 %0 to i1/);
    expect(ir).to.not.contain('_Z20__spirv_SpecConstantib');
    const m = decodeSpirvModule(emitSpirv(r));
    const specId = m.instructions.find((i) => i.opcode === Op.Decorate && i.operands[1] === Decoration.SpecId)!;
    const specOps: number[] = [Op.SpecConstant, Op.SpecConstantTrue, Op.SpecConstantFalse];
    const def = m.instructions.find((i) => specOps.includes(i.opcode) && i.operands[1] === specId.operands[0])!;
    expect(def.opcode).to.equal(Op.SpecConstant);
    const type = m.instructions.find((i) => i.opcode === Op.TypeInt && i.operands[0] === def.operands[0])!;
    expect(type.operands.slice(1)).to.deep.equal([8, 0]);
    expect(def.operands[2]).to.equal(1);
    // The property value is unchanged: one byte at offset 0.
    expect(r.specConstants.constants[0]!.descriptors).to.deep.equal([{ id: 0, offset: 0, size: 1 }]);
    expect(Array.from(r.specConstants.defaultBlob)).to.deep.equal([1]);
  });

  it('2a. a default with fewer values than members leaves an undef tail (IDs consumed, no descriptor)', () => {
    const r = lowerManifestJson({
      mode: 'native',
      specConstants: [{ name: 'udt', type: '<{ float, i32, i8, [3 x i8] }>', default: [3.14, 42, 8] }],
    });
    expect(r.specConstants.constants[0]!.descriptors).to.deep.equal([
      { id: 0, offset: 0, size: 4 },
      { id: 1, offset: 4, size: 4 },
      { id: 2, offset: 8, size: 1 },
      { id: 4294967295, offset: 9, size: 3 },
    ]);
    expect(r.specConstants.nextId).to.equal(4); // the undef [3 x i8] consumed ID 3
    expect(r.specConstants.defaultBlob.length).to.equal(12);
  });

  it('2b. a constant used twice may be listed twice: one property, the first IDs (a different type is an error)', () => {
    const once = lowerManifestJson({ mode: 'native', specConstants: [{ name: 'a', type: 'i32', default: 1 }, { name: 'b', type: 'i16', default: 2 }] });
    const twice = lowerManifestJson({
      mode: 'native',
      specConstants: [
        { name: 'a', type: 'i32', default: 1 },
        { name: 'b', type: 'i16', default: 2 },
        { name: 'a', type: 'i32', default: 1 },
      ],
    });
    expect(Buffer.from(writeRegistry(twice.registry)).toString()).to.equal(Buffer.from(writeRegistry(once.registry)).toString());
    expect(() =>
      lowerManifestJson({ mode: 'native', specConstants: [{ name: 'a', type: 'i32', default: 1 }, { name: 'a', type: 'float', default: 1 }] }),
    ).to.throw(LowerError, /used with type float but first with i32/);
  });

  it('3. {×2000 i32 }×2000 is a typed LIMIT error with its JSON path (library and CLI exit 1, not 70)', async () => {
    const type = '{'.repeat(2000) + ' i32 ' + '}'.repeat(2000);
    const manifest = { mode: 'native', specConstants: [{ name: 'deep', type, default: 'zeroinitializer' }] };
    try {
      lowerManifestJson(manifest);
      expect.fail('expected a LowerError');
    } catch (e) {
      expect(e).to.be.instanceOf(LowerError);
      expect((e as LowerError).code).to.equal('LIMIT');
      expect((e as LowerError).message).to.match(/nests deeper than 256 levels.*specConstants\[0\]\.type/);
    }
    // Named types chained 2000 deep.
    const types: Record<string, string> = {};
    for (let i = 0; i < 2000; i++) types[`t${i}`] = i === 1999 ? '{ i32 }' : `{ %t${i + 1} }`;
    expect(() => lowerManifestJson({ mode: 'native', types, specConstants: [{ name: 'x', type: '%t0', default: 'zeroinitializer' }] })).to.throw(LowerError, /nest deeper than 256 levels/);
    writeFileSync(join(dir, 'deep.json'), JSON.stringify(manifest));
    const r = await cli(['lower', 'deep.json'], dir);
    expect(r.code, r.err).to.equal(1);
    expect(r.err).to.match(/nests deeper than 256 levels/);
    // The same nesting in LLVM IR.
    writeFileSync(join(dir, 'deep.ll'), `@x = global ${type} zeroinitializer\n`);
    const p = await cli(['post-link', '-spec-const=native', '-S', 'deep.ll', '-o', 'deep.table'], dir);
    expect(p.code, p.err).to.equal(1);
    expect(p.err).to.match(/deep\.ll:1:\d+: error: nesting deeper than 256 levels/);
    const l = await cli(['lower', 'deep.ll'], dir);
    expect(l.code, l.err).to.equal(1);
  });
  it('a module-wide budget: a kilobyte declaring gigabytes of default values, or millions of IDs over several constants, is a LIMIT error (exit 1) before anything is built (review: 7.9 GB, then exit 70)', async () => {
    const big = { mode: 'emulation', specConstants: [{ name: 'a', type: '[1000000000 x i32]', default: 'zeroinitializer' }] };
    expect(() => lowerManifestJson(big)).to.throw(LowerError, /take 4000000000 bytes, more than the 67108864 this tool lowers in one module.*specConstants\[0\]\.type/);
    // Each constant under the per-constant leaf limit, together over the budget of IDs (native).
    const many = { mode: 'native', specConstants: [0, 1].map((i) => ({ name: `c${i}`, type: '[1048576 x i8]', default: 'zeroinitializer' })) };
    expect(() => lowerManifestJson(many)).to.throw(LowerError, /need 2097152 SPIR-V IDs, more than the 1048576/);
    // The same through post-link on IR (the reviewer's h3.ll, trimmed).
    const call = (t: string): string =>
      `call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1XET_PKcPKvS5_(ptr addrspace(4) sret(${t}) align 8 %ra, ptr addrspace(4) addrspacecast (ptr addrspace(1) @name to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id to ptr addrspace(4)), ptr addrspace(4) null)`;
    const t = '[1000000000 x i32]';
    writeFileSync(
      join(dir, 'huge.ll'),
      `target triple = "spir64-unknown-unknown"\n@name = private unnamed_addr addrspace(1) constant [5 x i8] c"name\\00", align 1\n@id = internal addrspace(1) constant { ${t} } zeroinitializer, align 8\n` +
        `define spir_kernel void @k() {\nentry:\n  %r = alloca ${t}, align 8\n  %ra = addrspacecast ptr %r to ptr addrspace(4)\n  ${call(t)}\n  ret void\n}\n` +
        `declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1XET_PKcPKvS5_(ptr addrspace(4) sret(${t}) align 8, ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))\n`,
    );
    const p = await cli(['post-link', '-spec-const=emulation', '-S', 'huge.ll', '-o', 'huge.table'], dir);
    expect(p.code, p.err).to.equal(1);
    expect(p.err).to.match(/^syclbin post-link: huge\.ll:8:3: error: the default values of the spec constants up to this one \(\[1000000000 x i32\]\) take 4000000000 bytes/);
  });
});

describe('lower: zero-sized elements take no ID and no byte, yet are bounded (review 2026-11-30h findings 1, 2)', () => {
  const composite = (t: string, init: string, calls = 1): string =>
    `target triple = "spir64-unknown-unknown"\n%SC = type { ${t} }\n@name = private unnamed_addr addrspace(1) constant [4 x i8] c"abc\\00", align 1\n@id = internal addrspace(1) constant %SC ${init}, align 8\n` +
    `define spir_kernel void @K() #0 {\nentry:\n  %t = alloca ${t}, align 8\n  %a = addrspacecast ptr %t to ptr addrspace(4)\n` +
    `  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1XET_PKcPKvS5_(ptr addrspace(4) sret(${t}) align 8 %a, ptr addrspace(4) addrspacecast (ptr addrspace(1) @name to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id to ptr addrspace(4)), ptr addrspace(4) null)\n`.repeat(calls) +
    `  ret void\n}\ndeclare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1XET_PKcPKvS5_(ptr addrspace(4) sret(${t}) align 8, ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))\nattributes #0 = { "sycl-module-id"="t.cpp" }\n`;
  it('[4294967295 x {}], { [4294967295 x {}] undef, i32 7 } and a DAG of 2^40 empty structs are LIMIT errors at once (they ran for hours)', async () => {
    const limit = /nodes to walk \(every struct, array and vector element .*zero-sized ones such as those of \[4294967295 x \{\}\] included\), more than the 4194304 this tool walks in one module/;
    expect(() => lowerManifestJson({ mode: 'native', specConstants: [{ name: 'a', type: '[4294967295 x {}]', default: 'zeroinitializer' }] })).to.throw(LowerError, limit);
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-zero-sized-'));
    try {
      const dag = '%Z0 = type {}\n' + Array.from({ length: 40 }, (_, i) => `%Z${i + 1} = type { %Z${i}, %Z${i} }\n`).join('');
      writeFileSync(join(dir, 'a.ll'), composite('[4294967295 x {}]', 'zeroinitializer'));
      writeFileSync(join(dir, 'b.ll'), composite('{ [4294967295 x {}], i32 }', '{ { [4294967295 x {}], i32 } { [4294967295 x {}] undef, i32 7 } }'));
      writeFileSync(join(dir, 'z.ll'), composite('%Z40', 'zeroinitializer').replace('%SC = type', `${dag}%SC = type`));
      for (const f of ['a.ll', 'b.ll', 'z.ll']) {
        const r = await cli(['lower', f], dir);
        expect(r.code, `${f}: ${r.err}`).to.equal(1);
        expect(r.err, f).to.match(limit);
        const p = await cli(['post-link', '-spec-const=native', '-S', f, '-o', 'o.table'], dir);
        expect(p.code, `${f}: ${p.err}`).to.equal(1);
        expect(p.err, f).to.match(limit);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("post-link native: a call emits its constant's composites, zero-sized ones too; calls share one budget of nodes (a kilobyte ran out of memory at 5 GB)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-zero-sized-'));
    try {
      // A composite per element, as sycl-post-link writes them.
      const small = (n: number): [string, string] => [`{ [${n} x {}], i32 }`, `{ { [${n} x {}], i32 } { [${n} x {}] undef, i32 7 } }`];
      writeFileSync(join(dir, 'one.ll'), composite(...small(1000)));
      const one = await cli(['post-link', '-spec-const=native', '-S', 'one.ll', '-o', 'one.table'], dir);
      expect(one.code, one.err).to.equal(0);
      expect(readFileSync(join(dir, 'one_0.ll'), 'utf8').match(/= call \{\} @_Z29__spirv_SpecConstantComposite/g)).to.have.length(1000);
      // 1,000,003 nodes per call: five calls are refused before any tree is written.
      const [t, init] = small(1000000);
      writeFileSync(join(dir, 'five.ll'), composite(t, init, 5));
      const five = await cli(['post-link', '-spec-const=native', '-S', 'five.ll', '-o', 'five.table'], dir);
      expect(five.code, five.err).to.equal(1);
      expect(five.err).to.match(/five\.ll:\d+:3: error: the spec-constant calls of this module emit trees of more than 4194304 nodes \(this call: 1000003 for "abc", zero-sized elements included\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("lower: the default's own type is bounded, not only the call's (review rv-ir)", () => {
  // The call returns i32; the specialization_id's element 0 (the default sycl-post-link reads) is
  // of another type. Its walk and its bytes were not budgeted: a hang (native) and 1.8 GB (emulation).
  const scalarCall = (t: string): string =>
    `target triple = "spir64-unknown-unknown"\n@name = private unnamed_addr constant [4 x i8] c"abc\\00", align 1\n@id = global { ${t} } zeroinitializer, align 4\n` +
    `define spir_kernel void @K() #0 {\nentry:\n  %c = call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPvS3_(ptr @name, ptr @id, ptr null)\n  ret void\n}\n` +
    `declare i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPvS3_(ptr, ptr, ptr)\nattributes #0 = { "sycl-module-id"="t.cpp" }\n`;
  it('an i32 call whose default is [4294967295 x [4294967295 x {}]] or { [100000000 x {}], i32 } is a LIMIT error at once (it ran for hours)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-default-type-'));
    try {
      writeFileSync(join(dir, 'a.ll'), scalarCall('[4294967295 x [4294967295 x {}]]'));
      writeFileSync(join(dir, 'b.ll'), scalarCall('[100000000 x {}], i32'));
      for (const f of ['a.ll', 'b.ll']) {
        const t0 = performance.now();
        const r = await cli(['lower', f], dir);
        expect(r.code, `${f}: ${r.err}`).to.equal(1);
        expect(r.err, f).to.match(new RegExp(`^syclbin lower: ${f.replace('.', '\\.')}:6:3: error: the types of the spec constants up to this one have .* nodes to walk`));
        const p = await cli(['post-link', '-spec-const=native', '-S', f, '-o', 'o.table'], dir);
        expect(p.code, `${f}: ${p.err}`).to.equal(1);
        expect(p.err, f).to.match(/nodes to walk/);
        expect(performance.now() - t0, f).to.be.below(2000);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('an i32 call whose default is [100000000 x i32] is refused by the default-bytes budget before 400 MB are written (emulation took 1.8 GB)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-default-type-'));
    try {
      writeFileSync(join(dir, 'c.ll'), scalarCall('[100000000 x i32]'));
      const budget = /c\.ll:6:3: error: the default values of the spec constants up to this one \(i32, its default a \[100000000 x i32\]\) take 400000000 bytes, more than the 67108864/;
      for (const args of [['lower', '--mode', 'emulation', 'c.ll'], ['lower', 'c.ll'], ['post-link', '-spec-const=emulation', '-S', 'c.ll', '-o', 'o.table']]) {
        const r = await cli(args, dir);
        expect(r.code, `${args.join(' ')}: ${r.err}`).to.equal(1);
        expect(r.err, args.join(' ')).to.match(budget);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('lower -o: a name SPIR-V cannot hold is said at its IR line (review rv-ir)', () => {
  it('a 300,000-byte device-global name: FILE:LINE:COL, not an output instruction number', async () => {
    const src = readFileSync(new URL('../../testdata/sycl-post-link/device-globals/test_global_variable.ll', import.meta.url), 'latin1');
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-long-name-'));
    try {
      const long = src.replace(/@_ZL7dg_int1\b/g, '@' + 'd'.repeat(300000));
      expect(long).to.not.equal(src);
      writeFileSync(join(dir, 'long.ll'), long, 'latin1');
      const r = await cli(['lower', 'long.ll', '-o', join(dir, 'out.syclbin')], dir);
      expect(r.code, r.err).to.equal(1);
      expect(r.err).to.match(/^syclbin lower: long\.ll:\d+:1: error: a name of 300000 bytes cannot be a SPIR-V literal string/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('lower: a spec-constant type too large to size is named by its line', () => {
  it('"type is too large" comes with FILE:LINE:COL, as the other limits do (it had no location)', async () => {
    const { readFileSync } = await import('node:fs');
    const src = readFileSync(new URL('../../testdata/sycl-post-link/spec-constants/SYCL-2020-zeroinitializer.ll', import.meta.url), 'utf8');
    const big = src.replace('%struct._ZTS6nested.nested = type { float }', '%struct._ZTS6nested.nested = type { [4294967295 x [4294967295 x i8]] }');
    expect(big).to.not.equal(src);
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-big-type-'));
    try {
      writeFileSync(join(dir, 'big.ll'), big);
      const r = await cli(['lower', 'big.ll', '-o', join(dir, 'out.syclbin')], dir);
      expect(r.code).to.equal(1);
      expect(r.err).to.match(/^syclbin lower: big\.ll:\d+:\d+: error: type is too large \(its size does not fit in 2\^53 bits\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('lower -o: what SPIR-V cannot hold is said at the constant\'s IR line', () => {
  const variant = async (type: string): Promise<{ code: number; err: string }> => {
    const { readFileSync } = await import('node:fs');
    const src = readFileSync(new URL('../../testdata/sycl-post-link/spec-constants/SYCL-2020-zeroinitializer.ll', import.meta.url), 'utf8');
    const text = src.replace('%struct._ZTS6nested.nested = type { float }', `%struct._ZTS6nested.nested = type { ${type} }`);
    expect(text).to.not.equal(src);
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-spirv-limits-'));
    try {
      writeFileSync(join(dir, 'k.ll'), text);
      return await cli(['lower', 'k.ll', '-o', join(dir, 'out.syclbin')], dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('a composite of more than 65532 constituents (one instruction is at most 65535 words): before it is emitted, not as an output instruction number', async function () {
    this.timeout(20000);
    const r = await variant('[70000 x float]');
    expect(r.code).to.equal(1);
    expect(r.err).to.match(/^syclbin lower: k\.ll:\d+:\d+: error: a SPIR-V composite of \[70000 x float\] has 70000 constituents; one instruction holds at most 65532 /);
  });

  it('a vector width SPIR-V does not have', async () => {
    const r = await variant('<5 x i32>');
    expect(r.code).to.equal(1);
    expect(r.err).to.match(/^syclbin lower: k\.ll:\d+:\d+: error: SPIR-V vectors have 2, 3, 4, 8 or 16 components, not 5 \(<5 x i32>\)/);
  });
});
