import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliCaptured } from '../support/run-cli.js';
import { writeSyclbin } from '../../src/syclbin/write.js';
import { lowerManifestJson } from '../../src/lower/lower.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import type { SyclbinFile } from '../../src/syclbin/model.js';

async function run(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  const r = await runCliCaptured(args, cwd);
  return { code: r.code, out: r.stdout, err: r.stderr };
}

const manifest = {
  mode: 'native',
  types: { 'struct.A': '{ i32, %struct.Nested }', 'struct.Nested': '{ float, float }' },
  specConstants: [
    { name: 'uid1234____ZL6id_int', type: 'i32', default: 42 },
    { name: 'uid1234____ZL4id_A', type: '%struct.A', default: [1, [3.0, 4.0]] },
    { name: 'uid1234____ZL1z', type: '{ i32, i8 }', default: 'zeroinitializer' },
  ],
  deviceGlobals: [
    { name: '6da74a122db9f35d____ZL7dg_int1', irName: '_ZL7dg_int1', type: 'i32', deviceImageScope: true },
  ],
  modules: [
    { name: 'm0', uses: ['uid1234____ZL6id_int', '6da74a122db9f35d____ZL7dg_int1'] },
    { name: 'm1', uses: ['uid1234____ZL4id_A'] },
  ],
};

describe('cli: syclbin lower / specialize', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lower-cli-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'm.json'), JSON.stringify(manifest));

  it('lower prints the property sets; --props-out writes the same bytes', async () => {
    const a = await run(['lower', 'm.json'], dir);
    expect(a.code, a.err).to.equal(0);
    expect(a.out.split('\n')[0]).to.equal('[SYCL/specialization constants]');
    expect(a.out).to.contain('uid1234____ZL6id_int=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA\n');
    expect(a.out).to.contain('[SYCL/device globals]\n6da74a122db9f35d____ZL7dg_int1=2|ABAAAAAAAAABAAAABAAAAA\n');
    const b = await run(['lower', 'm.json', '--props-out', 'm.prop'], dir);
    expect(b.code).to.equal(0);
    expect(b.out).to.equal('');
    expect(readFileSync(join(dir, 'm.prop'), 'utf8')).to.equal(a.out);
    const c = await run(['lower', 'm.json', '--emit-program-metadata'], dir);
    expect(c.out).to.contain('[SYCL/program metadata]\n6da74a122db9f35d____ZL7dg_int1@global_id_mapping=2|YBAAAAAAAAwXax0Nkd2Xp5GdxA\n');
  });

  it('--json reports IDs, descriptors, leaves and defaults', async () => {
    const a = await run(['lower', 'm.json', '--json'], dir);
    const j = JSON.parse(a.out);
    expect(j.specConstants[1].leaves.map((l: { id: number; path: number[] }) => [l.id, l.path])).to.deep.equal([[1, [0]], [2, [1, 0]], [3, [1, 1]]]);
    expect(j.defaultBlob).to.equal('2a000000' + '01000000' + '00004040' + '00008040' + '0000000000000000');
    expect(j.deviceGlobals[0].size).to.equal(4);
  });

  it('device_image_scope global used by two modules: the exact sycl-post-link diagnostic (fact 37)', async () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...manifest, modules: [manifest.modules[0], { name: 'm1', uses: ['6da74a122db9f35d____ZL7dg_int1'] }] }));
    const a = await run(['lower', 'bad.json'], dir);
    expect(a.code).to.equal(1);
    expect(a.err).to.equal('syclbin lower: error: device_global variable \'_ZL7dg_int1\' with property "device_image_scope" is used in more than one device image.\n');
    // one module, or no device_image_scope: fine
    writeFileSync(join(dir, 'ok.json'), JSON.stringify({ ...manifest, deviceGlobals: [{ ...manifest.deviceGlobals[0], deviceImageScope: false }], modules: [manifest.modules[0], { name: 'm1', uses: ['6da74a122db9f35d____ZL7dg_int1'] }] }));
    expect((await run(['lower', 'ok.json'], dir)).code).to.equal(0);
  });

  it('manifest errors name the file and JSON path, exit 1; --help has an example', async () => {
    writeFileSync(join(dir, 'e.json'), JSON.stringify({ mode: 'native', specConstants: [{ name: 'a', type: '{ i32 }', default: [1, 2] }] }));
    const a = await run(['lower', 'e.json'], dir);
    expect(a.code).to.equal(1);
    // Placed as IR errors are (FILE:LINE:COLUMN, here of the default's '['), the JSON path kept.
    const eText = readFileSync(join(dir, 'e.json'), 'utf8');
    expect(a.err).to.equal(`syclbin lower: e.json:1:${eText.indexOf('[1,2]') + 1}: error: { i32 } has 1 element(s) but the default has 2 (at specConstants[0].default)\n`);
    // On its own line and column in a manifest written over several lines; a repeated key is the
    // member JSON.parse keeps (the last).
    writeFileSync(join(dir, 'l.json'), '{\n  "mode": "native",\n  "specConstants": [\n    {"name": "a", "type": "i32", "default": 1},\n    {"name": "b", "type": "i32",\n     "default": 2, "default": "x"}\n  ]\n}\n');
    expect((await run(['lower', 'l.json'], dir)).err).to.equal('syclbin lower: l.json:6:31: error: expected an integer (number, decimal string or boolean) for i32, got "x" (at specConstants[1].default)\n');
    // A path the text does not hold (an error about the whole manifest) keeps the path-only form.
    writeFileSync(join(dir, 'n.json'), '{"specConstants": []}');
    expect((await run(['lower', 'n.json'], dir)).err).to.equal('syclbin lower: error: n.json: missing required property "mode"\n');
    // A JSON syntax error: line and column (JSON.parse alone gives a position for some mistakes, none for others).
    writeFileSync(join(dir, 's.json'), '{\n  "mode": "native",\n  "specConstants": [\n    { "name": "a", }\n  ]\n}\n');
    const s = await run(['lower', 's.json'], dir);
    expect([s.code, s.err]).to.deep.equal([1, "syclbin lower: error: s.json: manifest is not valid JSON: line 4, column 20: expected a double-quoted property name, found '}'\n"]);
    // Property-set text (what lower writes) given as input: named for what it is.
    writeFileSync(join(dir, 'p.prop'), '[SYCL/misc properties]\noptLevel=1|2\n');
    const p = await run(['lower', 'p.prop'], dir);
    expect([p.code, p.err]).to.deep.equal([1, "syclbin lower: error: p.prop: not a lowering manifest: it is property-set registry text (1 set), what lower writes; see 'syclbin props p.prop'\n"]);
    // An empty input is an empty module (as llvm-as reads it), with a note.
    writeFileSync(join(dir, 'empty.ll'), '');
    const e = await run(['lower', 'empty.ll'], dir);
    expect([e.code, e.out, e.err]).to.deep.equal([0, '', 'syclbin lower: empty.ll: note: the input is empty: an empty LLVM IR module, with no spec constants or device globals\n']);
    const h = await run(['lower', '--help'], dir);
    expect(h.out).to.contain('Examples:').and.contain('--props-out FILE');
    expect((await run(['specialize', '--help'], dir)).out).to.contain('syclbin specialize app.syclbin');
  });

  it('an integer JSON cannot hold exactly is named by its range, not by the number JSON.parse rounded it to (review 2026-12-02c finding 4)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-lower-big-'));
    try {
      writeFileSync(join(dir, 'big.json'), '{"mode":"native","specConstants":[{"name":"a","type":"i64","default":9007199254740993}]}');
      const r = await run(['lower', 'big.json'], dir);
      expect([r.code, r.err]).to.deep.equal([1, 'syclbin lower: big.json:1:70: error: an integer beyond ±(2^53 - 1) is not exactly representable as a JSON number (it reads as 9007199254740992); write large i64 values as decimal strings (at specConstants[0].default)\n']);
      writeFileSync(join(dir, 'ok.json'), '{"mode":"native","specConstants":[{"name":"a","type":"i64","default":"9007199254740993"}]}');
      expect((await run(['lower', 'ok.json'], dir)).code).to.equal(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warnings about a replicated upstream quirk are placed: FILE:LINE:COLUMN of the IR call, or the manifest entry (review 2026-11-27q)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-lower-warn-'));
    try {
      writeFileSync(join(dir, 'm.json'), JSON.stringify({ mode: 'native', specConstants: [{ name: 'a', type: 'i32', default: 1 }, { name: 'v', type: '[2 x <3 x float>]', default: 'zeroinitializer' }] }));
      const m = await run(['lower', 'm.json'], dir);
      // (both warnings at the entry's '{', line 1 of a one-line manifest)
      const v = `m.json:1:${readFileSync(join(dir, 'm.json'), 'utf8').indexOf('{"name":"v"') + 1}`;
      expect([m.code, m.err]).to.deep.equal([
        0,
        `syclbin lower: ${v}: warning: [2 x <3 x float>] of "v" has array/vector elements whose alloc size differs from their store size: its descriptors place them back to back by store size, unlike the memory layout (replicated sycl-post-link quirk, spec lowering.md §3 item 7) (at specConstants[1])\n` +
          // (its zeroinitializer is the memory layout: 32 bytes where the descriptors walk 24; review 2026-12-02c finding 1)
          `syclbin lower: ${v}: warning: the default of "v" ([2 x <3 x float>]) is 32 byte(s) but its descriptors walk 24: the runtime reads the defaults of the constants after it 8 byte(s) early (sycl-post-link writes the same blob; verify and specialize refuse such a file, its 'props --check' says where) (at specConstants[1])\n`,
      ]);
      // An array with undef elements: they have no descriptor, yet bytes in the blob.
      writeFileSync(join(dir, 'u.json'), JSON.stringify({ mode: 'native', specConstants: [{ name: 'a', type: '[4 x i32]', default: [1, null, null, null] }, { name: 'b', type: 'i32', default: 5 }] }));
      const u = await run(['lower', 'u.json', '--props-out', 'u.prop'], dir);
      expect([u.code, u.err]).to.deep.equal([0, 'syclbin lower: u.json:1:35: warning: the default of "a" ([4 x i32]) is 16 byte(s) but its descriptors walk 4: the runtime reads the defaults of the constants after it 12 byte(s) early (sycl-post-link writes the same blob; verify and specialize refuse such a file, its \'props --check\' says where) (at specConstants[0])\n']);
      expect((await run(['props', '--check', 'u.prop'], dir)).code).to.equal(1);
      // A struct's undef tail is padding: no warning (issue 14 item 2a).
      writeFileSync(join(dir, 't.json'), JSON.stringify({ mode: 'native', specConstants: [{ name: 'udt', type: '<{ float, i32, i8, [3 x i8] }>', default: [3.14, 42, 8] }] }));
      expect((await run(['lower', 't.json'], dir)).err).to.equal('');
      // An sret type whose store size (5) is not the default's (8): the second call, line 10.
      const ir = [
        'target triple = "spir64-unknown-unknown"',
        '%struct.P = type <{ i32, i8 }>',
        '@n = private unnamed_addr constant [2 x i8] c"n\\00", align 1',
        '@id = internal addrspace(1) constant { { i32, i8 } } { { i32, i8 } { i32 1, i8 2 } }, align 4',
        'define spir_kernel void @K(i8 addrspace(1)* %buf) {',
        'entry:',
        '  %t = alloca %struct.P, align 1',
        '  %a = addrspacecast %struct.P* %t to %struct.P addrspace(4)*',
        '  %b = addrspacecast i8 addrspace(1)* %buf to i8 addrspace(4)*',
        '  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1PET_PKcPKvS5_(%struct.P addrspace(4)* sret(%struct.P) align 1 %a, i8 addrspace(4)* addrspacecast (i8* getelementptr inbounds ([2 x i8], [2 x i8]* @n, i64 0, i64 0) to i8 addrspace(4)*), i8 addrspace(4)* addrspacecast (i8 addrspace(1)* bitcast ({ { i32, i8 } } addrspace(1)* @id to i8 addrspace(1)*) to i8 addrspace(4)*), i8 addrspace(4)* %b)',
        '  ret void',
        '}',
        'declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1PET_PKcPKvS5_(%struct.P addrspace(4)* sret(%struct.P) align 1, i8 addrspace(4)*, i8 addrspace(4)*, i8 addrspace(4)*)',
        '',
      ].join('\n');
      writeFileSync(join(dir, 'k.ll'), ir);
      const k = await run(['lower', 'k.ll', '--mode', 'emulation'], dir);
      expect([k.code, k.err]).to.deep.equal([0, 'syclbin lower: k.ll:10:3: warning: default bytes of "n" (8) differ from its store size (5): the emulation buffer layout and the default blob disagree after it (replicated sycl-post-link quirk, spec lowering.md §3 item 7)\n']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--mode may repeat a manifest\'s mode but not contradict it (usage error)', async () => {
    const same = await run(['lower', 'm.json', '--mode', 'native'], dir);
    expect(same.code, same.err).to.equal(0);
    expect(same.out).to.equal((await run(['lower', 'm.json'], dir)).out);
    const bad = await run(['lower', 'm.json', '--mode', 'emulation'], dir);
    expect(bad.code).to.equal(2);
    expect(bad.err).to.contain('--mode emulation contradicts the manifest\'s "mode": "native"');
  });

  it('a binary file given as IR is named for what it is; a control byte in IR text is shown as its number', async () => {
    const syclbin = new URL('../../testdata/syclbin/v1_one_ir.syclbin', import.meta.url).pathname;
    const a = await run(['lower', syclbin], dir);
    expect([a.code, a.err]).to.deep.equal([1, `syclbin lower: error: ${syclbin}: not LLVM IR: it is a SYCLBIN file (see 'syclbin inspect ${syclbin}')\n`]);
    const p = await run(['post-link', '-spec-const=native', '-S', syclbin, '-o', 'p.table'], dir);
    expect([p.code, p.err]).to.deep.equal([1, `syclbin post-link: error: ${syclbin}: not LLVM IR: it is a SYCLBIN file\n`]);
    writeFileSync(join(dir, 'nul.ll'), 'define void @f() {\n\0}\n');
    expect((await run(['lower', 'nul.ll'], dir)).err).to.equal('syclbin lower: error: nul.ll: not LLVM IR text: it holds NUL bytes (binary data) (see \'syclbin inspect nul.ll\')\n');
    writeFileSync(join(dir, 'ctl.ll'), 'define void @f() {\n\x01}\n');
    expect((await run(['lower', 'ctl.ll'], dir)).err).to.equal('syclbin lower: ctl.ll:2:1: error: unexpected character byte 0x01\n');
  });

  it('from IR, outputs holding SPIR-V say they declare the spec constants and device globals, not the module\u2019s code; the .syclbin takes the module\u2019s SPIR-V triple; a module with nothing to lower says so', async () => {
    const ir = [
      'target triple = "spirv64-unknown-unknown"',
      '%"class.sycl::_V1::specialization_id" = type { i32 }',
      '@_ZL2id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { i32 7 }, align 4',
      '@__usid_str = private unnamed_addr constant [4 x i8] c"uid\\00", align 1',
      'define spir_kernel void @k() {',
      '  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @__usid_str to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL2id to ptr addrspace(4)), ptr addrspace(4) null)',
      '  ret void',
      '}',
      'define spir_func void @helper() {',
      '  ret void',
      '}',
      'declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'code.ll'), ir);
    const a = await run(['lower', 'code.ll', '--props-out', 'code.prop', '--spirv-out', 'code.spv', '-o', 'code.syclbin'], dir);
    expect(a.code, a.err).to.equal(0);
    expect(a.err).to.equal("syclbin lower: code.ll: note: --spirv-out, -o: the spec constants and device globals, declared; not the module's 2 function definition(s) (1 kernel(s)): translate the module itself (llvm-spirv) for its device code, and 'syclbin pack' it with these property sets\n");
    const file = readSyclbin(new Uint8Array(readFileSync(join(dir, 'code.syclbin'))));
    const target = file.abstractModules[0]!.irModules[0]!.metadata.get('SYCLBIN/ir module metadata')!.get('target')!;
    expect(target.type === 2 ? new TextDecoder().decode(target.bytes) : '').to.equal('spirv64-unknown-unknown');
    // A SPIR-V triple with a version (clang --target=spirv64v1.6-unknown-unknown) is kept too.
    writeFileSync(join(dir, 'v16.ll'), ir.replace('spirv64-unknown-unknown', 'spirv64v1.6-unknown-unknown'));
    expect((await run(['lower', 'v16.ll', '-o', 'v16.syclbin'], dir)).code).to.equal(0);
    const v16 = readSyclbin(new Uint8Array(readFileSync(join(dir, 'v16.syclbin')))).abstractModules[0]!.irModules[0]!.metadata.get('SYCLBIN/ir module metadata')!.get('target')!;
    expect(v16.type === 2 ? new TextDecoder().decode(v16.bytes) : '').to.equal('spirv64v1.6-unknown-unknown');
    // --props-out alone: no note (the property sets are what was asked for).
    expect((await run(['lower', 'code.ll', '--props-out', 'code2.prop'], dir)).err).to.equal('');
    writeFileSync(join(dir, 'none.ll'), 'define spir_kernel void @k() {\n  ret void\n}\n');
    const n = await run(['lower', 'none.ll'], dir);
    expect([n.code, n.out, n.err]).to.deep.equal([0, '', 'syclbin lower: none.ll: note: the module has no spec constants or device globals: nothing to lower\n']);
  });

  it('a non-ASCII name in IR is written once as its UTF-8 bytes, the same bytes post-link writes; specialize finds it by that name', async () => {
    // testdata/lower/non-ascii-names.ll: "é" escaped in strings, raw UTF-8 in a quoted global name.
    writeFileSync(join(dir, 'u8.ll'), readFileSync(new URL('../../testdata/lower/non-ascii-names.ll', import.meta.url)));
    const a = await run(['lower', 'u8.ll', '--props-out', 'u8.prop', '-o', 'u8.syclbin'], dir);
    expect(a.code, a.err).to.equal(0);
    const p = await run(['post-link', '-properties', '--device-globals', '-spec-const=native', '-S', 'u8.ll', '-o', 'u8.table'], dir);
    expect(p.code, p.err).to.equal(0);
    const ours = readFileSync(join(dir, 'u8.prop'), 'latin1');
    const theirs = readFileSync(join(dir, 'u8_0.prop'), 'latin1');
    // "é" is c3 a9 in both files (read one character per byte here), never c3 83 c2 a9.
    for (const line of ['caf\xc3\xa9=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA\n', 'dg\xc3\xa9=2|ABAAAAAAAAABAAAAAAAAAA\n']) {
      expect(ours).to.contain(line);
      expect(theirs).to.contain(line);
    }
    const s = await run(['specialize', 'u8.syclbin', '--set', 'café=i:5', '--json'], dir);
    expect(s.code, s.err).to.equal(0);
    expect(JSON.parse(s.out).writes).to.deep.equal([{ name: 'café', specId: 0, size: 4, bytes: '05000000' }]);
  });

  it('specialize on a .syclbin holding the lowered property sets matches a hand-computed blob', async () => {
    const r = lowerManifestJson(manifest);
    const file: SyclbinFile = {
      version: 1,
      envelope: { kind: 'none' },
      globalMetadata: new Map(),
      abstractModules: [{ metadata: r.registry, irModules: [], nativeImages: [] }],
    };
    const bytes = writeSyclbin(file);
    expect(readSyclbin(bytes).abstractModules[0]!.metadata.get('SYCL/specialization constants')!.size).to.equal(3);
    writeFileSync(join(dir, 'a.syclbin'), bytes);
    // id_A = {7, {0.5, -2}} as the host object: 7 | 0.5f | -2.0f
    const a = await run(['specialize', 'a.syclbin', '--set', 'uid1234____ZL4id_A=x:07000000' + '0000003f' + '000000c0', '--set', 'uid1234____ZL6id_int=i:-1', '--json'], dir);
    expect(a.code, a.err).to.equal(0);
    const j = JSON.parse(a.out);
    expect(j.blob).to.equal('ffffffff' + '07000000' + '0000003f' + '000000c0' + '0000000000000000');
    // std::map order: "uid1234____ZL4id_A" < "uid1234____ZL6id_int"
    expect(j.writes).to.deep.equal([
      { name: 'uid1234____ZL4id_A', specId: 1, size: 4, bytes: '07000000' },
      { name: 'uid1234____ZL4id_A', specId: 2, size: 4, bytes: '0000003f' },
      { name: 'uid1234____ZL4id_A', specId: 3, size: 4, bytes: '000000c0' },
      { name: 'uid1234____ZL6id_int', specId: 0, size: 4, bytes: 'ffffffff' },
    ]);
    // A value equal to its default is no write (the runtime's memcmp with the default blob), per leaf:
    // id_A = {1, {3.0, 9.0}}: only the leaf that differs (SpecID 3) is written.
    const d = await run(['specialize', 'a.syclbin', '--set', 'uid1234____ZL6id_int=i:42', '--set', 'uid1234____ZL4id_A=x:01000000' + '00004040' + '00001041', '--json'], dir);
    expect(d.code, d.err).to.equal(0);
    expect(JSON.parse(d.out).writes).to.deep.equal([{ name: 'uid1234____ZL4id_A', specId: 3, size: 4, bytes: '00001041' }]);
    // A name given twice: the last value, with a note (it may be a typo of another name).
    const twice = await run(['specialize', 'a.syclbin', '--set', 'uid1234____ZL6id_int=i:7', '--set', 'uid1234____ZL6id_int=i:-1', '--json'], dir);
    expect(twice.code, twice.err).to.equal(0);
    expect(twice.err).to.equal('syclbin specialize: note: --set uid1234____ZL6id_int is given 2 times: the last value is used\n');
    // Said once per name however often it is given; a name or value from the command line is quoted clipped.
    const thrice = await run(['specialize', 'a.syclbin', ...['i:1', 'i:2', 'i:3'].flatMap((v) => ['--set', `uid1234____ZL6id_int=${v}`])], dir);
    expect([thrice.code, thrice.err]).to.deep.equal([0, 'syclbin specialize: note: --set uid1234____ZL6id_int is given 3 times: the last value is used\n']);
    const longName = await run(['specialize', 'a.syclbin', '--set', `${'n'.repeat(100_000)}=i:1`], dir);
    expect(longName.code).to.equal(1);
    expect(longName.err.length, longName.err.slice(0, 300)).to.be.below(1000);
    expect(longName.err).to.contain('… (100000 characters)');
    const longValue = await run(['specialize', 'a.syclbin', '--set', `uid1234____ZL6id_int=f:${'1'.repeat(100_000)}x`], dir);
    expect(longValue.code).to.equal(2);
    expect(longValue.err.length, longValue.err.slice(0, 300)).to.be.below(1000);
    expect(JSON.parse(twice.out).writes).to.deep.include({ name: 'uid1234____ZL6id_int', specId: 0, size: 4, bytes: 'ffffffff' });
    // Without a default-values set the blob starts as zeros (as the runtime's does), with a note, and every value given is written.
    const noDefaults = new Map(r.registry);
    noDefaults.delete('SYCL/specialization constants default values');
    writeFileSync(join(dir, 'nd.syclbin'), writeSyclbin({ ...file, abstractModules: [{ metadata: noDefaults, irModules: [], nativeImages: [] }] }));
    const nd = await run(['specialize', 'nd.syclbin', '--set', 'uid1234____ZL6id_int=i:0', '--json'], dir);
    expect(nd.code, nd.err).to.equal(0);
    expect(nd.err).to.equal('syclbin specialize: nd.syclbin: note: there is no [SYCL/specialization constants default values] set: the blob starts as 24 zero byte(s), as the runtime starts it, and every value given is written\n');
    expect(JSON.parse(nd.out)).to.deep.include({ blob: '00'.repeat(24), writes: [{ name: 'uid1234____ZL6id_int', specId: 0, size: 4, bytes: '00000000' }] });
    // An empty default-values set is the same to the runtime (no first property): said as what it is.
    const emptyDefaults = new Map(noDefaults).set('SYCL/specialization constants default values', new Map());
    writeFileSync(join(dir, 'ed.syclbin'), writeSyclbin({ ...file, abstractModules: [{ metadata: emptyDefaults, irModules: [], nativeImages: [] }] }));
    const ed = await run(['specialize', 'ed.syclbin', '--set', 'uid1234____ZL6id_int=i:0', '--json'], dir);
    expect([ed.code, ed.err]).to.deep.equal([0, 'syclbin specialize: ed.syclbin: note: the [SYCL/specialization constants default values] set is empty: the blob starts as 24 zero byte(s), as the runtime starts it, and every value given is written\n']);
    expect(ed.out).to.equal(nd.out);
    // f: is a decimal number or inf/nan (strtod's words), nothing JavaScript reads besides.
    const { parseSetValue } = await import('../../src/cli/commands/specialize.js');
    const hex = (t: string, w: number): string => Buffer.from(parseSetValue(t, w, 'n')).toString('hex');
    expect([hex('f:1.5', 4), hex('f:-inf', 8), hex('f:NaN', 4), hex('f:Infinity', 2)]).to.deep.equal(['0000c03f', '000000000000f0ff', '0000c07f', '007c']);
    for (const bad of ['f:0x10', 'f:0b101', 'f: 1', 'f:']) expect(() => parseSetValue(bad, 4, 'n'), bad).to.throw(/f: needs a decimal number/);
    // too small for the format: refused as too large is (not set to 0 unsaid); the smallest subnormals and zeros are fine
    expect(() => parseSetValue('f:1e-50', 4, 'n')).to.throw(/1e-50 is too small for float: it rounds to zero/);
    expect(() => parseSetValue('f:-1e-400', 8, 'n')).to.throw(/too small for double/);
    expect(() => parseSetValue('f:1e-8', 2, 'n')).to.throw(/too small for half/);
    expect([hex('f:1.4e-45', 4), hex('f:0', 4), hex('f:-0.0e5', 4), hex('f:0.000', 8)]).to.deep.equal(['01000000', '00000000', '00000080', '0000000000000000']);
    // A VALUE written wrong is a usage error whatever the constant's width (5 bytes here).
    for (const bad of ['i:abc', 'f:zzz']) expect((await run(['specialize', 'a.syclbin', '--set', `uid1234____ZL1z=${bad}`], dir)).code, bad).to.equal(2);
    const t = await run(['specialize', 'a.syclbin', '--set', 'uid1234____ZL1z=f:1.5'], dir);
    expect(t.code).to.equal(1); // {i32, i8} is 5 bytes wide: no float of that width (the width is the file's: input trouble)
    expect(t.err).to.contain('5 bytes wide')
    const u = await run(['specialize', 'a.syclbin', '--set', 'nope=i:1'], dir);
    // The name is checked against the file: input trouble (1), naming what the module has.
    expect([u.code, u.err]).to.deep.equal([1, 'syclbin specialize: error: --set nope: no such spec constant in abstract module 0 (it has uid1234____ZL6id_int, uid1234____ZL4id_A, uid1234____ZL1z)\n']);
    // x: must cover the registered descriptors and may not pass sizeof(T): both sides are status 1 (the
    // file says how wide the constant is), naming --set, without the usage line (the syntax was right).
    const short = await run(['specialize', 'a.syclbin', '--set', 'uid1234____ZL6id_int=x:00'], dir);
    expect([short.code, short.err]).to.deep.equal([1, 'syclbin specialize: error: --set uid1234____ZL6id_int: the value has 1 byte(s); the constant takes 4 (sizeof the host object)\n']);
    const long = await run(['specialize', 'a.syclbin', '--set', 'uid1234____ZL6id_int=x:0000803f00'], dir);
    expect(long.code).to.equal(1);
    // An integer too wide for the constant: 1 as well; a VALUE written wrong is a usage error (2).
    const wide = await run(['specialize', 'a.syclbin', '--set', 'uid1234____ZL6id_int=i:4294967296'], dir);
    expect([wide.code, wide.err]).to.deep.equal([1, 'syclbin specialize: error: --set uid1234____ZL6id_int: 4294967296 does not fit in 4 byte(s)\n']);
    const written = await run(['specialize', 'a.syclbin', '--set', 'uid1234____ZL6id_int=7'], dir);
    expect([written.code, written.err.split('\n')[0]]).to.deep.equal([2, 'syclbin specialize: error: --set uid1234____ZL6id_int=7: VALUE must be x:<hex bytes>, i:<integer> or f:<number>']);
    expect(long.err).to.contain('the value has 5 byte(s); the constant takes 4');
    // {i32, i8}: 5 bytes are read, the host object is 8 (3 bytes of trailing padding): both lengths are values.
    for (const v of ['0100000002', '0100000002000000']) {
      const z = await run(['specialize', 'a.syclbin', '--set', `uid1234____ZL1z=x:${v}`, '--json'], dir);
      expect(z.code, z.err).to.equal(0);
    }
    expect((await run(['specialize', 'a.syclbin', '--set', 'uid1234____ZL1z=x:010000000200000000'], dir)).err).to.contain('the constant takes 5 to 8');
  });

  it('specialize --set NAME=x:zz says that "zz" are not hex digits (not that their number is odd)', async () => {
    const file = new URL('../../testdata/syclbin/v1_two_modules_mixed.syclbin', import.meta.url).pathname;
    const name = 'uid7f0e2b4c2b96e3f3____ZL10coeff_spec';
    const r = await run(['specialize', file, '--set', `${name}=x:zz`], '/');
    expect(r.code).to.equal(2);
    expect(r.err).to.contain(`syclbin specialize: error: --set ${name}: x:zz: 'z' is not a hex digit (x: takes two hex digits per byte)\n`);
    const odd = await run(['specialize', file, '--set', `${name}=x:000`], '/');
    expect([odd.code, odd.err.split('\n')[0]]).to.deep.equal([2, `syclbin specialize: error: --set ${name}: x: needs an even number of hex digits (two per byte), not 3`]);
  });

});

describe('lower CLI: SPIR-V outputs checked by spirv-val', () => {
  it('--spirv-plain-out passes spirv-val; --spirv-out carries the INTEL capability spirv-val 2023.1 does not know', async () => {
    const { requireTool } = await import('../support/tools.js');
    const { spawnSync } = await import('node:child_process');
    const spirvVal = requireTool('spirv-val');
    const dir = mkdtempSync(join(tmpdir(), 'lower-spv-'));
    try {
      writeFileSync(join(dir, 'm.json'), JSON.stringify(manifest));
      const r = await run(['lower', 'm.json', '--spirv-out', 'full.spv', '--spirv-plain-out', 'plain.spv'], dir);
      expect(r.code, r.err).to.equal(0);
      const plain = spawnSync(spirvVal, [join(dir, 'plain.spv')], { encoding: 'utf8' });
      expect(plain.status, plain.stderr + plain.stdout).to.equal(0);
      const full = spawnSync(spirvVal, [join(dir, 'full.spv')], { encoding: 'utf8' });
      expect(full.status).to.not.equal(0);
      expect(full.stderr + full.stdout).to.contain('6146');
      expect(readFileSync(join(dir, 'full.spv')).length).to.be.greaterThan(readFileSync(join(dir, 'plain.spv')).length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
