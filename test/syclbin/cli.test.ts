/**
 * `syclbin json`, `inspect`, `pack`, `extract`: JSON validated with ajv against schemas/ (and the
 * props schema it references), sha256/base64 checked against node:crypto/Buffer, extract -> pack
 * byte-identical for canonical files and model-identical (with a stderr note) for the others,
 * manifests validated against their schema, shorthand vs registry metadata, atomic outputs that never
 * replace an input without --force, --help with examples.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { readSyclbin } from '../../src/syclbin/read.js';
import { encodeStandardBase64, hashBlob, syclbinToJson } from '../../src/syclbin/json.js';
import { nodeSha256 } from '../../src/node/sha256.js';
import { memoryBlob } from '../../src/codec/index.js';
import { manifestToModel, MINIMAL_MANIFEST } from '../../src/syclbin/manifest.js';
import { EncodeError } from '../../src/codec/errors.js';
import { allValidFiles, cli, CONFORMANCE, expectSameModel, hexdiff, readBytes, SYCLBIN_TESTDATA, TESTDATA_CASES, tempDir } from './support.js';
import fc from 'fast-check';
import { runCliCaptured } from '../support/run-cli.js';

const REPO = new URL('../../', import.meta.url).pathname;
const schema = (n: string) => JSON.parse(readFileSync(`${REPO}schemas/${n}`, 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: true });
ajv.addSchema(schema('props.schema.json'));
ajv.addSchema(schema('llvm-props.schema.json'));
const validateJson = ajv.compile(schema('syclbin.schema.json'));
const validateManifest = ajv.compile(schema('syclbin-manifest.schema.json'));
const FILES = allValidFiles(CONFORMANCE);
const CANONICAL = new Set([...TESTDATA_CASES.filter((c) => c.canonical).map((c) => `testdata/${c.name}`), 'testdata/v1_grouped', ...FILES.filter(([l]) => l.startsWith('conformance/')).map(([l]) => l)]);

describe('syclbin json', () => {
  for (const [label, file] of FILES) {
    it(`${label}: valid per schemas/syclbin.schema.json; sizes, hashes and --with-bytes base64 match the images`, async () => {
      const r = await cli(['json', '--with-bytes', file], '/');
      expect(r.code, r.stderr).to.equal(0);
      const doc = JSON.parse(r.stdout);
      expect(validateJson(doc), JSON.stringify(validateJson.errors)).to.equal(true);
      const model = readSyclbin(readBytes(file));
      expect(doc.syclbinVersion).to.equal(model.version);
      expect(doc.abstractModules).to.have.length(model.abstractModules.length);
      model.abstractModules.forEach((am, a) => {
        for (const [kind, list] of [['irModules', am.irModules], ['nativeImages', am.nativeImages]] as const) {
          list.forEach((img, i) => {
            const j = doc.abstractModules[a][kind][i].image;
            const bytes = img.image.bytes();
            expect(j.size).to.equal(String(bytes.length));
            expect(j.sha256).to.equal(createHash('sha256').update(bytes).digest('hex'));
            expect(hexdiff(new Uint8Array(Buffer.from(j.base64, 'base64')), bytes)).to.equal('identical');
            if (img.image.offset !== undefined) {
              const whole = readBytes(file);
              expect(hexdiff(whole.subarray(Number(j.offset), Number(j.offset) + bytes.length), bytes)).to.equal('identical');
            } else expect(j).to.not.have.property('offset');
          });
        }
      });
      const plain = JSON.parse((await cli(['json', file], '/')).stdout);
      expect(JSON.stringify(plain)).to.not.contain('"base64"');
      // --no-hash: the same document without the hashes, still valid.
      const noHash = JSON.parse((await cli(['json', '--no-hash', file], '/')).stdout);
      expect(validateJson(noHash), JSON.stringify(validateJson.errors)).to.equal(true);
      expect(noHash).to.deep.equal(JSON.parse(JSON.stringify(plain, (k, v: unknown) => (k === 'sha256' ? undefined : v))));
    });
  }

  it('without a hasher (--no-hash) no image byte is read', () => {
    const model = readSyclbin(readBytes(`${SYCLBIN_TESTDATA}v1_two_modules_mixed.syclbin`));
    const untouchable = (size: number) => ({
      size,
      offset: 0,
      bytes: (): Uint8Array => {
        throw new Error('image read');
      },
      slice: (): Uint8Array => {
        throw new Error('image read');
      },
    });
    for (const am of model.abstractModules) for (const img of [...am.irModules, ...am.nativeImages]) img.image = untouchable(img.image.size);
    const doc = syclbinToJson(model, { sha256: false }) as { abstractModules: { irModules: { image: Record<string, unknown> }[] }[] };
    expect(doc.abstractModules[0]!.irModules[0]!.image).to.not.have.property('sha256');
    expect(() => syclbinToJson(model, { sha256: nodeSha256 })).to.throw('image read');
  });

  it('the schema rejects what it should (tests that it can fail)', () => {
    const doc = JSON.parse(JSON.stringify(readJsonOf('v1_two_modules_mixed')));
    expect(validateJson(doc)).to.equal(true);
    const bad1 = structuredClone(doc);
    bad1.abstractModules[0].irModules[0].image.size = 208; // 64-bit values are strings
    expect(validateJson(bad1)).to.equal(false);
    const bad2 = structuredClone(doc);
    bad2.syclbinVersion = 2; // v2 has no header and is v2-roles
    expect(validateJson(bad2)).to.equal(false);
    const bad3 = structuredClone(doc);
    bad3.globalMetadata.sets[0].properties[0].value = -1;
    expect(validateJson(bad3)).to.equal(false);
  });

  it('the portable base64 equals Buffer; images are hashed in windows as node:crypto hashes them whole', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 30000 }), (b) => {
        expect(encodeStandardBase64(b)).to.equal(Buffer.from(b).toString('base64'));
      }),
      { numRuns: 200 },
    );
    const big = Uint8Array.from({ length: 3 << 20 }, (_, i) => (i * 7) & 0xff); // three windows
    expect(hashBlob(memoryBlob(big), nodeSha256)).to.equal(createHash('sha256').update(big).digest('hex'));
  });

  it('a malformed file: exit 1 with the parse message', async () => {
    const r = await cli(['json', `${SYCLBIN_TESTDATA}README.md`], '/');
    expect(r.code).to.equal(1);
    expect(r.stderr).to.match(/^syclbin json: error: .*README\.md: Failed to parse SYCLBIN file: Incorrect SYCLBIN magic number\./);
  });
});

function readJsonOf(name: string): unknown {
  return JSON.parse(JSON.stringify(syclbinToJson(readSyclbin(readBytes(`${SYCLBIN_TESTDATA}${name}.syclbin`)), { sha256: nodeSha256 })));
}

describe('syclbin inspect', () => {
  it('shows variant, envelope, header, state name, typed metadata, targets, sizes and hashes', async () => {
    const r = await cli(['inspect', `${SYCLBIN_TESTDATA}v1_in_offload_v1.syclbin`], '/');
    expect(r.code, r.stderr).to.equal(0);
    const t = r.stdout;
    expect(t.split('\n')[0]).to.equal(`SYCLBIN v1 in an OffloadBinary v1 entry — ${readBytes(`${SYCLBIN_TESTDATA}v1_in_offload_v1.syclbin`).length} bytes`);
    for (const s of [
      'image kind: 7 (syclbin)',
      "offload kind: 4 (sycl; intel/llvm's numbering, as image kind 7, SYCLBIN, is intel/llvm's; LLVM 21+ (bitmask, llvm-project #135809) calls it hip)",
      'triple: "spir64-unknown-unknown"',
      'State: executable (2)',
      'state: 2 (executable)',
      'IR module 0: SPIR-V, target spir64-unknown-unknown',
      'Native image 0: arch intel_gpu_pvc, target spir64_gen-unknown-unknown',
      'uid7f0e2b4c2b96e3f3____ZL7counter: size 8, deviceImageScope 1',
      `sha256: ${createHash('sha256').update(readBytes(`${SYCLBIN_TESTDATA}k.spv`)).digest('hex')}`,
      'size: 208 bytes',
      // What each image is (review 2026-11-29b F2): the IR module's kernels, as for an OffloadBinary's entries.
      'contents: SPIR-V 1.2 module (little-endian; generator Khronos SPIR-V Tools Assembler, version 0; bound 6)\n      entry point: Kernel _ZTSZ4mainE10TestKernel\n',
      'contents: ELF 64-bit little-endian, elf64-unknown, e_type 1\n',
    ]) {
      expect(t).to.contain(s);
    }
    const junk = await cli(['inspect', '--no-hash', `${SYCLBIN_TESTDATA}v1_layout_freedom.syclbin`], '/');
    expect(junk.stdout).to.contain('reserved bytes: be ba fe ca (not zero');
    expect(junk.stdout).to.contain('version: 0 (accepted as LLVM does');
    expect(junk.stdout).to.not.contain('sha256');
    const v2 = await cli(['inspect', `${SYCLBIN_TESTDATA}v2_roles_v3_zstd.syclbin`], '/');
    expect(v2.stdout.split('\n')[0]).to.match(/^SYCLBIN v2 \(role entries in an OffloadBinary v3, zstd-compressed\)/);
    expect(v2.stdout).to.contain('file offset: (inside the compressed payload)');
  });

  it("--llvm names the envelope's offload kind as that era does, as offload-list does (review 2026-11-30u finding 2)", async () => {
    const t = tempDir('syclbin-inspect-era-');
    try {
      // A SYCLBIN packed as offload-pack packs anything: image kind 0, offload kind 4 (hip by default, LLVM 22's numbering).
      const pack = await cli(['offload-pack', '-o', 'hip.bin', `--image=file=${SYCLBIN_TESTDATA}v1_one_ir.syclbin,triple=spir64-unknown-unknown,kind=hip`], t.dir);
      expect(pack.code, pack.stderr).to.equal(0);
      const kindLine = async (...era: string[]) => (await cli(['inspect', '--no-hash', ...era, 'hip.bin'], t.dir)).stdout.split('\n').find((l) => l.includes('offload kind:'));
      expect(await kindLine()).to.match(/offload kind: 4 \(hip\) — ambiguous: /);
      expect(await kindLine('--llvm', '22')).to.match(/offload kind: 4 \(hip\) — ambiguous: /);
      expect(await kindLine('--llvm', '19')).to.match(/offload kind: 4 \(unknown\(4\)\) — ambiguous: /);
      expect((await cli(['offload-list', 'hip.bin'], t.dir)).stdout).to.match(/producer +hip/);
    } finally {
      t.cleanup();
    }
  });

  it('an empty file: says it is empty (not "it starts with" and nothing)', async () => {
    const t = tempDir('syclbin-inspect-');
    try {
      writeFileSync(join(t.dir, 'empty.bin'), new Uint8Array(0));
      const r = await cli(['inspect', 'empty.bin'], t.dir);
      expect(r.code).to.equal(1);
      expect(r.stderr).to.match(/^syclbin inspect: error: empty\.bin: not a SYCLBIN, .* nor property-set text \(it is empty\)/);
    } finally {
      t.cleanup();
    }
  });

  it('the renderer takes an annotation per node path (hook for --offsets)', async () => {
    const { inspectSyclbin, renderInspect } = await import('../../src/syclbin/inspect.js');
    const file = readSyclbin(readBytes(`${SYCLBIN_TESTDATA}v1_one_ir.syclbin`));
    const text = renderInspect(inspectSyclbin(file), { annotate: (n) => (n.path ? `<${n.path}>` : undefined) });
    expect(text).to.contain('IR module 0: SPIR-V, target spir64-unknown-unknown  <abstractModules[0].irModules[0]>');
    expect(text).to.contain('size: 208 bytes  <abstractModules[0].irModules[0].bytes>');
    expect(text).to.contain('Global metadata:  <globalMetadata>');
  });

  for (const [label, file] of FILES) {
    it(`${label}: inspect exits 0`, async () => {
      const r = await cli(['inspect', file], '/');
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.contain('Contents: ');
    });
  }
});

describe('syclbin extract / pack', () => {
  let t: ReturnType<typeof tempDir>;
  beforeEach(() => {
    t = tempDir('syclbin-pack-');
  });
  afterEach(() => t.cleanup());

  it('metadata text the writer writes otherwise (CRLF, a blank line): extract names that, not "layout freedom" (review 2026-11-27y finding 5)', async () => {
    const { handSybi } = await import('../../testdata/syclbin/generate.js');
    const md = new TextEncoder().encode('[SYCLBIN/global metadata]\r\nstate=1|0\r\n\n');
    writeFileSync(join(t.dir, 'crlf.syclbin'), handSybi({ md, bin: new Uint8Array(0), global: [0, md.length], ams: [], irs: [], natives: [] }));
    const e = await cli(['extract', 'crlf.syclbin', '-o', 'crlf.d'], t.dir);
    expect(e.code, e.stderr).to.equal(0);
    expect(e.stderr).to.include('metadata text is not in the form the writer writes, which the manifest cannot keep: globalMetadata: line 1 (and 1 more line(s)): a line ends in "\\r\\n"');
    expect(e.stderr).to.include('a blank line');
    expect(e.stderr).to.not.include('layout freedom');
  });

  it('a compressed file cut short in its padding, or with bytes after it: extract names that, not the compressor', async () => {
    for (const [name, bytes, want] of [
      ['tz.bin', readBytes(`${SYCLBIN_TESTDATA}v2_roles_v3_zstd.syclbin`).subarray(0, 1183), /ends 1 byte\(s\) short of the zero padding .* \(the zstd stream itself is the same\)/],
      ['tl.bin', readBytes(`${SYCLBIN_TESTDATA}v1_in_offload_v3_zlib.syclbin`).subarray(0, 1159), /ends 1 byte\(s\) short of the zero padding .* \(the zlib stream itself is the same\)/],
      ['tx.bin', Uint8Array.from([...readBytes(`${SYCLBIN_TESTDATA}v1_in_offload_v3_zlib.syclbin`), 1, 2, 3]), /has 3 byte\(s\) after what our writer writes/],
    ] as const) {
      writeFileSync(join(t.dir, name), bytes);
      const e = await cli(['extract', name, '-o', `${name}.d`], t.dir);
      expect(e.code, e.stderr).to.equal(0);
      expect(e.stderr).to.match(want);
      expect(e.stderr).to.not.match(/another compressor/);
    }
  });

  it("what a rebuild leaves out of the envelope is named, not called layout freedom: v2 entries' offload kind and strings, binaries after the SYCLBIN", async () => {
    const v2 = readBytes(`${SYCLBIN_TESTDATA}v2_roles.syclbin`);
    const kind4 = Uint8Array.from(v2);
    const count = Number(new DataView(kind4.buffer).getBigUint64(24, true));
    for (let i = 0; i < count; i++) new DataView(kind4.buffer).setUint16(32 + 40 * i + 2, 4, true); // entries at 32, OffloadKind at +2
    const renamed = Uint8Array.from(v2);
    const at = Buffer.from(renamed).indexOf('ir_type\0');
    renamed[at + 6] = 0x58; // ir_typX
    const appended = Uint8Array.from([...readBytes(`${SYCLBIN_TESTDATA}v1_in_offload_v2.syclbin`), ...readBytes(`${SYCLBIN_TESTDATA}v1_in_offload_v1.syclbin`)]);
    for (const [name, bytes, want] of [
      ['k4.bin', kind4, /- the entries' offload kind 4 is written as 8 \(the manifest does not carry it\)\n/],
      ['sx.bin', renamed, /- string entries not written again: ir_typX="0" \(the writer derives the entries' strings from the metadata\)\n/],
      ['ap.bin', appended, /- the 2048 byte\(s\) after the envelope hold more OffloadBinaries \('syclbin offload-list' lists them\); they are not extracted\n/],
    ] as const) {
      writeFileSync(join(t.dir, name), bytes);
      const e = await cli(['extract', name, '-o', `${name}.d`], t.dir);
      expect(e.code, e.stderr).to.equal(0);
      expect(e.stderr, name).to.match(want);
      expect(e.stderr, name).to.not.match(/layout freedom/);
    }
    // inspect lists the role entries' own fields; diff compares them (by role, not table position).
    const i = await cli(['inspect', '--no-hash', 'k4.bin'], t.dir);
    expect(i.stdout).to.contain('  entries: 6 (file order: image kind, offload kind, flags, string entries)\n');
    expect(i.stdout).to.match(/\[2\] am0\.ir0: image kind 7 \(syclbin\), offload kind 4 \(.*\), flags 0x0; sycl_format_version="2" role="ir" am_index="0" ir_type="0" triple="spir64-unknown-unknown"\n/);
    const j = JSON.parse((await cli(['json', '--no-hash', 'k4.bin'], t.dir)).stdout);
    expect(j.envelope.entries.map((x: { key: string; offloadKind: number }) => [x.key, x.offloadKind])).to.deep.equal([['global_metadata', 4], ['am0.metadata', 4], ['am0.ir0', 4], ['am0.native0', 4], ['am1.metadata', 4], ['am1.ir0', 4]]);
    const d = await cli(['diff', 'k4.bin', `${SYCLBIN_TESTDATA}v2_roles.syclbin`], t.dir);
    expect(d.code).to.equal(1);
    expect(d.stdout).to.contain('~ envelope.entries["am0.ir0"].offloadKind: 4 -> 8\n');
    const ds = await cli(['diff', 'sx.bin', `${SYCLBIN_TESTDATA}v2_roles.syclbin`], t.dir);
    expect(ds.stdout).to.contain('- envelope.entries["am0.ir0"].strings["ir_typX"]: "0"\n');
    // Entries in another table order are the same entries: swap the 40-byte records of entries 1 and 2.
    const swapped = Uint8Array.from(v2);
    swapped.set(v2.subarray(32 + 80, 32 + 120), 32 + 40);
    swapped.set(v2.subarray(32 + 40, 32 + 80), 32 + 80);
    writeFileSync(join(t.dir, 'sw.bin'), swapped);
    const same = await cli(['diff', 'sw.bin', `${SYCLBIN_TESTDATA}v2_roles.syclbin`], t.dir);
    expect([same.code, same.stdout.split('\n').at(-2)], same.stderr).to.deep.equal([0, 'no structural differences']);
  });

  it('extract - (standard input) names what it read as the file read from standard input, not "-"', async () => {
    const r = await runCliCaptured(['extract', '-', '-o', 'stdin.d'], t.dir, readBytes(`${SYCLBIN_TESTDATA}v1_object_state.syclbin`));
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stderr).to.contain("reproduces the file read from standard input byte for byte");
  });

  for (const [label, file] of FILES) {
    const exact = CANONICAL.has(label);
    it(`${label}: extract -> pack gives ${exact ? 'the same bytes' : 'the same model (and extract says so)'}`, async () => {
      const dir = join(t.dir, 'x');
      const e = await cli(['extract', file, '-o', dir], t.dir);
      expect(e.code, e.stderr).to.equal(0);
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      expect(validateManifest(manifest), JSON.stringify(validateManifest.errors)).to.equal(true);
      if (exact) expect(e.stderr).to.match(/reproduces .* byte for byte/);
      else expect(e.stderr).to.match(/rebuilds the same modules, images and metadata, not the same bytes/);
      const out = join(t.dir, 'out.syclbin');
      const p = await cli(['pack', join(dir, 'manifest.json'), '-o', out], t.dir);
      expect(p.code, p.stderr).to.equal(0);
      const orig = readBytes(file);
      const packed = readBytes(out);
      expectSameModel(readSyclbin(orig), readSyclbin(packed), label);
      if (exact) expect(hexdiff(packed, orig)).to.equal('identical');
      else expect(hexdiff(packed, orig)).to.not.equal('identical');
      // every image file named by the manifest exists and nothing else is left behind
      expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).to.deep.equal([]);
    });
  }

  it('a hand-written manifest with shorthands builds the file LLVM writers would (and pack says what is wrong otherwise)', async () => {
    writeFileSync(join(t.dir, 'k.spv'), readBytes(`${SYCLBIN_TESTDATA}k.spv`));
    writeFileSync(join(t.dir, 'pvc.bin'), Uint8Array.of(0x7f, 0x45, 0x4c, 0x46));
    const m = {
      format: 'syclbin-manifest',
      version: 1,
      syclbinVersion: 1,
      envelope: 'offload-v2',
      state: 'executable',
      abstractModules: [{ irModules: [{ file: 'k.spv', target: 'spir64-unknown-unknown' }], nativeImages: [{ file: 'pvc.bin', arch: 'intel_gpu_pvc', target: 'spir64_gen-unknown-unknown' }] }],
    };
    expect(validateManifest(m), JSON.stringify(validateManifest.errors)).to.equal(true);
    writeFileSync(join(t.dir, 'm.json'), JSON.stringify(m));
    const r = await cli(['pack', 'm.json', '-o', 'out.syclbin'], t.dir);
    expect(r.code, r.stderr).to.equal(0);
    const d = await cli(['dump', 'out.syclbin'], t.dir);
    expect(d.stdout).to.equal(
      [
        'Version: 1',
        'Global metadata:',
        '  SYCLBIN/global metadata:',
        '    state: 2',
        'Number of Abstract Modules: 1',
        'Abstract Module 0:',
        '  Metadata:',
        '  Number of IR Modules: 1',
        '  IR module 0:',
        '    Metadata:',
        '      SYCLBIN/ir module metadata:',
        '        type: 0',
        '        target: spir64-unknown-unknown',
        '    Raw IR bytes: <Binary blob of 208 bytes>',
        '  Number of Native Device Code Images: 1',
        '  Native device code image 0:',
        '    Metadata:',
        '      SYCLBIN/native device code image metadata:',
        '        arch: intel_gpu_pvc',
        '        target: spir64_gen-unknown-unknown',
        '    Raw native device code image bytes: <Binary blob of 4 bytes>',
        '',
      ].join('\n'),
    );
    const f = readSyclbin(readBytes(join(t.dir, 'out.syclbin')));
    expect(f.envelope).to.include({ kind: 'offload', version: 2, imageKind: 7, offloadKind: 8, runtimeStyle: false });

    // errors: unknown field, missing image, conflicting shorthand and metadata, bad state
    const bad = async (doc: unknown, re: RegExp) => {
      writeFileSync(join(t.dir, 'bad.json'), JSON.stringify(doc));
      const b = await cli(['pack', 'bad.json', '-o', 'bad.syclbin'], t.dir);
      expect(b.code, JSON.stringify(doc)).to.equal(1);
      expect(b.stderr).to.match(re);
      expect(existsSync(join(t.dir, 'bad.syclbin'))).to.equal(false);
    };
    await bad({ ...m, colour: 'red' }, /unknown field 'colour'/);
    await bad({ ...m, state: 'running' }, /unknown state 'running'/);
    await bad({ ...m, abstractModules: [{ irModules: [{ file: 'missing.spv' }] }] }, /missing\.spv|ENOENT/);
    await bad({ ...m, syclbinVersion: 2, envelope: 'offload-v1' }, /OffloadBinary v2 or v3/);
    await bad({ ...m, envelope: { kind: 'offload', version: 2, compression: 'zlib' } }, /compression needs OffloadBinary version 3/);
    const props = JSON.parse((await cli(['json', 'out.syclbin'], t.dir)).stdout).abstractModules[0].irModules[0].metadata;
    await bad({ ...m, abstractModules: [{ irModules: [{ file: 'k.spv', target: 'nvptx64-nvidia-cuda', metadata: props }] }] }, /describe different metadata/);
    // ... and agreeing shorthand + metadata is fine
    writeFileSync(join(t.dir, 'ok.json'), JSON.stringify({ ...m, abstractModules: [{ irModules: [{ file: 'k.spv', target: 'spir64-unknown-unknown', metadata: props }] }] }));
    expect((await cli(['pack', 'ok.json', '-o', 'ok.syclbin'], t.dir)).code).to.equal(0);
  });

  it('pack says where a manifest registry in our JSON form lists a key or set twice, folded as LLVM folds it (review rv-dsj: said by props --encode, silent in pack)', async () => {
    writeFileSync(join(t.dir, 'k.spv'), readBytes(`${SYCLBIN_TESTDATA}k.spv`));
    const sets = [
      { name: 'S', properties: [{ key: 'k', type: 1, value: 1 }, { key: 'k', type: 1, value: 2 }] },
      { name: 'S', properties: [{ key: 'j', type: 1, value: 3 }] },
    ];
    const m = { format: 'syclbin-manifest', version: 1, state: 'input', abstractModules: [{ metadata: { format: 'syclbin-props', version: 1, sets }, irModules: [{ file: 'k.spv', target: 'spir64-unknown-unknown' }] }] };
    const text = JSON.stringify(m);
    writeFileSync(join(t.dir, 'twice.json'), text);
    const r = await cli(['pack', 'twice.json', '-o', 'twice.syclbin'], t.dir);
    expect(r.code, r.stderr).to.equal(0);
    const col = (needle: string, from = 0): number => text.indexOf(needle, from) + 1;
    expect(r.stderr.split('\n').filter(Boolean)).to.deep.equal([
      `syclbin pack: twice.json:1:${col('{"key":"k","type":1,"value":2}')}: note: abstractModules[0].metadata["S"]["k"]: key listed again (sets[0].properties[1]): the last value is kept, as LLVM's reader keeps it`,
      `syclbin pack: twice.json:1:${col('{"name":"S"', col('{"name":"S"'))}: note: abstractModules[0].metadata["S"]: set listed again (sets[1]): its properties join the first listing's, as LLVM's reader joins a set named again`,
    ]);
    const s = readSyclbin(readBytes(join(t.dir, 'twice.syclbin'))).abstractModules[0]!.metadata.get('S')!;
    expect([...s].map(([k, v]) => [k, v.type === 1 ? v.value : -1])).to.deep.equal([['k', 2], ['j', 3]]);
  });

  it('pack says on stderr what verify would of a hand-written manifest (type vs target, bytes not SPIR-V, no bundle state) and writes the file as given', async () => {
    writeFileSync(join(t.dir, 'k.spv'), readBytes(`${SYCLBIN_TESTDATA}k.spv`));
    writeFileSync(join(t.dir, 'junk.bin'), Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8));
    const m = {
      format: 'syclbin-manifest',
      version: 1,
      envelope: 'offload-v1',
      globalMetadata: { format: 'syclbin-props', version: 1, sets: [] },
      abstractModules: [{ irModules: [{ file: 'k.spv', type: 'PTX', target: 'spir64-unknown-unknown' }, { file: 'junk.bin', type: 'SPIR-V', target: 'spir64-unknown-unknown' }] }],
    };
    writeFileSync(join(t.dir, 'lint.json'), JSON.stringify(m));
    const r = await cli(['pack', 'lint.json', '-o', 'lint.syclbin'], t.dir);
    expect(r.code, r.stderr).to.equal(0);
    const tail = " (written as given; 'syclbin verify' checks the file)";
    expect(r.stderr.split('\n').filter(Boolean)).to.deep.equal([
      // Placed as a compiler places a warning (FILE:LINE:COLUMN), at the manifest value each is about.
      `syclbin pack: lint.json:1:83: error: globalMetadata: SYCLBIN global metadata missing 'state' (there is no [SYCLBIN/global metadata] set): the runtime refuses the file${tail}`,
      // Named as the manifest names them (review 2026-11-30u finding 8): the fields that made the metadata, the image's file.
      `syclbin pack: lint.json:1:165: warning: abstractModules[0].irModules[0] (the metadata its type and target fields make): IR type 1 does not match target triple 'spir64-unknown-unknown'${tail}`,
      `syclbin pack: lint.json:1:237: warning: abstractModules[0].irModules[1].file ("junk.bin"): its IR module metadata says type 0, SPIR-V, but its bytes are not a SPIR-V module (they start with 01 02 03 04)${tail}`,
    ]);
    // A native image without a target, in shorthand: named by its entry and the set its fields make.
    const n = { format: 'syclbin-manifest', version: 1, state: 'input', abstractModules: [{ irModules: [{ file: 'k.spv', target: 'spir64-unknown-unknown' }], nativeImages: [{ file: 'junk.bin', arch: 'intel_gpu_pvc' }] }] };
    writeFileSync(join(t.dir, 'native.json'), JSON.stringify(n));
    const nr = await cli(['pack', 'native.json', '-o', 'native.syclbin'], t.dir);
    expect(nr.stderr).to.match(/^syclbin pack: native.json:1:\d+: warning: /);
    expect(nr.stderr).to.contain(`warning: abstractModules[0].nativeImages[0] (the metadata its arch and target fields make: ["SYCLBIN/native device code image metadata"]): native image metadata without 'target'`);
    // verify of the file written says the same things.
    const v = await cli(['verify', 'lint.syclbin'], t.dir);
    expect(v.stdout).to.contain("IR type 1 does not match target triple 'spir64-unknown-unknown'");
    expect(v.stdout).to.contain("SYCLBIN global metadata missing 'state'");
    // A valid manifest: nothing on stderr.
    const x = await cli(['extract', `${SYCLBIN_TESTDATA}v1_in_offload_v1.syclbin`, '-o', 'lintx'], t.dir);
    expect(x.code, x.stderr).to.equal(0);
    const p = await cli(['pack', 'lintx/manifest.json', '-o', 'lintx.syclbin'], t.dir);
    expect([p.code, p.stderr]).to.deep.equal([0, '']);
  });

  it('pack places a registry that does not read, and what verify would say, at the manifest line and column of the value (review 2026-11-28: they had a byte offset, or no place)', async () => {
    writeFileSync(join(t.dir, 'k.spv'), readBytes(`${SYCLBIN_TESTDATA}k.spv`));
    const lines = (aspects: string, target: string): string =>
      [
        '{"format": "syclbin-manifest", "version": 1, "state": "input",',
        ' "abstractModules": [{"metadata": {"SYCL/device requirements": {"aspects": ' + aspects + '}},',
        `   "irModules": [{"file": "k.spv", "target": "${target}"}]}]}`,
      ].join('\n');
    const col = (line: string, what: string): number => line.indexOf(what) + what.length + 1;
    // An upstream-JSON byte array that is not base64: LLVM's reader's error, at the value (not at a byte offset of the manifest).
    const bad = lines('"x"', 'spir64-unknown-unknown');
    writeFileSync(join(t.dir, 'bad.json'), bad);
    const r = await cli(['pack', 'bad.json', '-o', 'bad.syclbin'], t.dir);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.match(new RegExp(`^syclbin pack: bad\\.json:2:${col(bad.split('\n')[1]!, '"aspects": ')}: error: error while deserializing property aspects in property set SYCL/device requirements: unable to base64 decode the string x`));
    expect(r.stderr).to.contain('(at abstractModules[0].metadata["SYCL/device requirements"]["aspects"])\n');
    expect(r.stderr).to.not.contain('offset 0x');
    // A key of the wrong type and an IR type that does not match its target: each at its own line.
    const lint = lines('5', 'nvptx64-nvidia-cuda');
    writeFileSync(join(t.dir, 'lint2.json'), lint);
    const w = await cli(['pack', 'lint2.json', '-o', 'lint2.syclbin'], t.dir);
    expect(w.code, w.stderr).to.equal(0);
    const l = lint.split('\n');
    expect(w.stderr.split('\n').filter(Boolean).map((x) => /^syclbin pack: \S+ (error|warning)/.exec(x)?.[0])).to.deep.equal([
      `syclbin pack: lint2.json:2:${col(l[1]!, '"aspects": ')}: error`,
      `syclbin pack: lint2.json:3:${col(l[2]!, '"irModules": [')}: warning`, // irModules[0]
    ]);
  });

  it('to standard output by any of its names (-, /dev/stdout, /dev/fd/1) pack writes the bytes alone; to a file it says what it wrote', async () => {
    writeFileSync(join(t.dir, 'k.spv'), readBytes(`${SYCLBIN_TESTDATA}k.spv`));
    const m = { format: 'syclbin-manifest', version: 1, syclbinVersion: 1, envelope: 'offload-v1', state: 'input', abstractModules: [{ irModules: [{ file: 'k.spv', target: 'spir64-unknown-unknown' }] }] };
    writeFileSync(join(t.dir, 'so.json'), JSON.stringify(m));
    const file = await cli(['pack', 'so.json', '-o', 'so.syclbin'], t.dir);
    expect(file.code, file.stderr).to.equal(0);
    const bytes = readBytes(join(t.dir, 'so.syclbin'));
    expect(file.stdout).to.equal(`so.syclbin (${bytes.length} bytes)\n`);
    for (const name of ['-', '/dev/stdout', '/dev/fd/1']) {
      const r = await cli(['pack', 'so.json', '-o', name], t.dir);
      expect(r.code, r.stderr).to.equal(0);
      expect(hexdiff(r.stdoutBytes, bytes), name).to.equal('identical');
    }
  });

  it("image paths must lie below the manifest's folder, symbolic links followed (unless --allow-any-path)", async () => {
    const m = join(t.dir, 'm');
    mkdirSync(m);
    writeFileSync(join(t.dir, 'secret.spv'), readBytes(`${SYCLBIN_TESTDATA}k.spv`));
    writeFileSync(join(m, 'k.spv'), readBytes(`${SYCLBIN_TESTDATA}k.spv`));
    symlinkSync(join(t.dir, 'secret.spv'), join(m, 'link.spv'));
    symlinkSync('/', join(m, 'rootlink'));
    symlinkSync('k.spv', join(m, 'inside.spv'));
    const pack = async (file: string, ...extra: string[]) => {
      const doc = { format: 'syclbin-manifest', version: 1, syclbinVersion: 1, state: 'input', abstractModules: [{ irModules: [{ file, target: 'spir64-unknown-unknown' }] }] };
      writeFileSync(join(m, 'manifest.json'), JSON.stringify(doc));
      return cli(['pack', 'm/manifest.json', '-o', 'out.syclbin', ...extra], t.dir);
    };
    for (const file of ['../secret.spv', 'link.spv', `rootlink${join(t.dir, 'secret.spv')}`]) {
      const r = await pack(file);
      expect(r.code, file).to.equal(1);
      expect(r.stderr, file).to.contain(`image path ${JSON.stringify(file)} leaves the manifest's folder`);
      // placed at the "file" value's line and column (JSON.stringify writes the manifest on one line)
      const text = readFileSync(join(m, 'manifest.json'), 'utf8');
      expect(r.stderr, file).to.match(new RegExp(`^syclbin pack: m/manifest\\.json:1:${text.indexOf('"file"') + 8}: error: `));
      expect(r.stderr, file).to.contain('(at abstractModules[0].irModules[0].file)');
      expect(existsSync(join(t.dir, 'out.syclbin')), file).to.equal(false);
    }
    // A missing image: the file's error, then which manifest field names it.
    const missing = await pack('nope.spv');
    expect([missing.code, missing.stderr]).to.deep.equal([1, `syclbin pack: error: ${join(m, 'nope.spv')}: No such file or directory\nsyclbin pack: ${join(m, 'nope.spv')}: note: the image named at abstractModules[0].irModules[0].file in m/manifest.json\n`]);
    // a link that stays inside the folder is fine, and --allow-any-path lifts the rule
    expect((await pack('inside.spv')).code).to.equal(0);
    // Names that start with two dots are inside (only `..` as a whole segment leaves).
    mkdirSync(join(m, '..d'));
    writeFileSync(join(m, '..k.spv'), readBytes(`${SYCLBIN_TESTDATA}k.spv`));
    writeFileSync(join(m, '..d', 'k.spv'), readBytes(`${SYCLBIN_TESTDATA}k.spv`));
    for (const file of ['..k.spv', '..d/k.spv', '..d/../k.spv']) expect((await pack(file)).code, file).to.equal(0);
    // A value of a manifest written over several lines: its line and column, the JSON path kept.
    writeFileSync(join(m, 'lines.json'), '{"format": "syclbin-manifest", "version": 1,\n  "state": "inputx"}\n');
    const placed = await cli(['pack', 'm/lines.json', '-o', 'out.syclbin'], t.dir);
    expect([placed.code, placed.stderr]).to.deep.equal([1, "syclbin pack: m/lines.json:2:12: error: unknown state 'inputx' (input, object, executable, or a number) (at state)\n"]);
    // A SYCLBIN given in place of its manifest says so.
    const binary = await cli(['pack', `${SYCLBIN_TESTDATA}v1_one_ir.syclbin`, '-o', 'b.out'], t.dir);
    expect([binary.code, binary.stderr]).to.deep.equal([1, `syclbin pack: error: ${SYCLBIN_TESTDATA}v1_one_ir.syclbin: not a manifest: a SYCLBIN file (pack reads the JSON manifest 'syclbin extract FILE -o DIR' writes from one)\n`]);
    const any = await pack('link.spv', '--allow-any-path');
    expect(any.code, any.stderr).to.equal(0);
  });

  it('extract -o into /proc or /sys is refused at once (mkdir there never returned), also through a link', function () {
    this.timeout(30_000);
    symlinkSync('/proc', join(t.dir, 'plink'));
    // A child process with a timeout: the spin was synchronous, an in-process run would never end.
    const extract = (out: string) => spawnSync('node', ['--import', 'tsx', 'src/cli/main.ts', 'extract', `${SYCLBIN_TESTDATA}v1_one_ir.syclbin`, '-o', out], { cwd: REPO, encoding: 'utf8', timeout: 10_000 });
    for (const [out, fs] of [['/proc/nope', '/proc'], [join(t.dir, 'plink', 'nope'), '/proc'], ['/sys/nope/x', '/sys']]) {
      const r = extract(out!);
      expect([r.status, r.stdout, r.stderr], out).to.deep.equal([1, '', `syclbin extract: error: ${out}: is in ${fs}, a kernel file system: no output directory can be made there\n`]);
    }
  });

  it('never writes over an input without --force; outputs are atomic', async () => {
    const src = join(t.dir, 'in.syclbin');
    writeFileSync(src, readBytes(`${SYCLBIN_TESTDATA}v1_one_ir.syclbin`));
    const e = await cli(['extract', 'in.syclbin', '-o', 'd'], t.dir);
    expect(e.code).to.equal(0);
    const image = join('d', readdirSync(join(t.dir, 'd')).find((n) => n.endsWith('.spv'))!);
    const p = await cli(['pack', 'd/manifest.json', '-o', image], t.dir);
    expect(p.code).to.equal(1);
    expect(p.stderr).to.contain('refusing to overwrite the input');
    const p2 = await cli(['pack', 'd/manifest.json', '-o', 'd/manifest.json'], t.dir);
    expect(p2.code).to.equal(1);
    const f = await cli(['pack', 'd/manifest.json', '-o', 'in.syclbin'], t.dir);
    expect(f.code, 'in.syclbin is not an input of pack').to.equal(0);
    // extract into the directory holding the input under the name of an image
    mkdirSync(join(t.dir, 'e'));
    writeFileSync(join(t.dir, 'e', 'am0.ir0.spv'), readBytes(src));
    const x = await cli(['extract', 'e/am0.ir0.spv', '-o', 'e'], t.dir);
    expect(x.code).to.equal(1);
    expect(x.stderr).to.contain('refusing to overwrite');
    const xf = await cli(['extract', '--force', 'e/am0.ir0.spv', '-o', 'e'], t.dir);
    expect(xf.code, xf.stderr).to.equal(0);
    expect(readdirSync(join(t.dir, 'e')).filter((n) => n.endsWith('.tmp'))).to.deep.equal([]);
  });

  it('manifestToModel validates without touching the file system', () => {
    const load = () => new Uint8Array(4);
    expect(() => manifestToModel({ format: 'syclbin-manifest', version: 2, state: 'input' }, load)).to.throw(/unsupported manifest 'version'/);
    expect(() => manifestToModel({ format: 'syclbin-manifest', version: 1, abstractModules: [] }, load)).to.throw(/the manifest is missing 'state': "input", "object" or "executable" .*\(at state\)$/);
    // Every missing required field at once, with what it takes and the least a manifest holds.
    try {
      manifestToModel({ syclbinVersion: 1, abstractModules: [] }, load);
      expect.fail('no error');
    } catch (e) {
      expect((e as Error).message).to.equal(`the manifest is missing 'format': "syclbin-manifest", 'version': 1, 'state': "input", "object" or "executable" (or a 'globalMetadata' registry); the least a manifest holds: ${MINIMAL_MANIFEST}`);
    }
    const { file, options } = manifestToModel({ format: 'syclbin-manifest', version: 1, syclbinVersion: 2, state: 0, envelope: { kind: 'roles', version: 3, compression: 'zlib', formatVersionKey: false } }, load);
    expect(file.envelope).to.deep.equal({ kind: 'roles', version: 3, formatVersionKey: false, compression: 'zlib' });
    expect(options).to.deep.equal({ format: 2, envelope: 'keep' });
    // 'roles' in a v1 manifest says what it needs; an empty image name is the manifest's error.
    expect(() => manifestToModel({ format: 'syclbin-manifest', version: 1, state: 0, envelope: { kind: 'roles' } }, load)).to.throw(/envelope kind 'roles' is SYCLBIN v2's: set "syclbinVersion": 2 .*\(at envelope\.kind\)/);
    expect(() => manifestToModel({ format: 'syclbin-manifest', version: 1, state: 0, abstractModules: [{ irModules: [{ file: '', type: 'SPIR-V', target: 'spir64-unknown-unknown' }] }] }, load)).to.throw(/an empty image file name \(at abstractModules\[0\]\.irModules\[0\]\.file\)/);
  });

  it('a target or arch shorthand with a lone surrogate is refused at its path, not written as U+FFFD', () => {
    // (stringProperty's TextEncoder wrote EF BF BD for it: the file held another target than the
    // manifest named, with no word said)
    const load = () => new Uint8Array(4);
    const m = (ir: object, native: object) => ({ format: 'syclbin-manifest', version: 1, state: 'input', abstractModules: [{ irModules: [{ file: 'k.spv', ...ir }], nativeImages: [{ file: 'n.bin', ...native }] }] });
    expect(() => manifestToModel(m({ target: 'spir\udcff64' }, {}), load)).to.throw(EncodeError, /"target" is UTF-8 text and this one has a lone surrogate.*\(at abstractModules\[0\]\.irModules\[0\]\.target\)/);
    expect(() => manifestToModel(m({}, { arch: 'pvc\ud800' }), load)).to.throw(EncodeError, /"arch" is UTF-8 text.*\(at abstractModules\[0\]\.nativeImages\[0\]\.arch\)/);
    const ok = manifestToModel(m({ target: 'spir64-\u00e9' }, { arch: 'pvc', target: 'spir64_gen' }), load).file.abstractModules[0]!;
    expect(ok.irModules[0]!.metadata.get('SYCLBIN/ir module metadata')!.get('target')).to.deep.equal({ type: 2, bytes: new TextEncoder().encode('spir64-\u00e9'), bits: 72n });
  });

  it('a NUL in an envelope string is named by its manifest path (not the written model\'s)', () => {
    const load = () => new Uint8Array(4);
    const m = (key: string, value: string, version = 1) => ({ format: 'syclbin-manifest', version: 1, syclbinVersion: 1, state: 'input', envelope: { kind: 'offload', version, strings: [{ key: 'ok', value: 'x' }, { key, value }] }, abstractModules: [] });
    expect(() => manifestToModel(m('a\u0000b', 'b'), load)).to.throw(/string keys cannot contain NUL \(at envelope\.strings\[1\]\.key\)|at envelope\.strings\[1\]\.key/);
    expect(() => manifestToModel(m('k', 'a\u0000b'), load)).to.throw(EncodeError).with.property('path').that.satisfies((p: string) => p === 'envelope.strings[1].value');
    // Version 2 and 3 values carry their size: a NUL is allowed there.
    expect(() => manifestToModel(m('k', 'a\u0000b', 2), load)).to.not.throw();
    // A key given twice is refused (the strings are a map: the second value would replace the first unseen).
    expect(() => manifestToModel(m('ok', 'y'), load)).to.throw(/string key "ok" is given twice \(first at strings\[0\]\): an entry's strings are a map \(at envelope\.strings\[1\]\.key\)/);
  });
});

describe('syclbin json/inspect/pack/extract --help', () => {
  for (const name of ['json', 'inspect', 'pack', 'extract']) {
    it(`${name} --help has usage, an example and the exit codes`, async () => {
      const r = await cli([name, '--help'], '/');
      expect(r.code).to.equal(0);
      expect(r.stdout).to.match(new RegExp(`^Usage: syclbin ${name} `));
      expect(r.stdout).to.contain('Examples:\n  syclbin ');
      expect(r.stdout).to.contain('Exit status: 0 success; 1 ');
    });
  }
  it('pack/extract without -o is a usage error (exit 2)', async () => {
    expect((await cli(['pack', 'm.json'], '/')).code).to.equal(2);
    expect((await cli(['extract', 'f.syclbin'], '/')).code).to.equal(2);
  });
});
