/**
 * Round trips and layout freedom (README rule 5): read -> write with the same options is byte-identical
 * for files in one of the writers' orders (canonical or grouped: the reader records which); read -> write -> read gives an equal model for every valid file (grouped,
 * hand-laid, junk reserved bytes, shared blobs, the legacy and runtime files); metadata nobody
 * touched (unknown sets/keys, their order, odd bit counts) is kept; every strict prefix shorter than
 * what the format requires is rejected with the library's DecodeError and by `syclbin dump` with
 * exit 1 and `Failed to parse SYCLBIN file: `.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DecodeError, EncodeError } from '../../src/codec/errors.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { writeSyclbin, type WriteSyclbinOptions } from '../../src/syclbin/write.js';
import { byteArray, uint32 } from '../../src/props/model.js';
import { initZstd, nodeCompressor } from '../../src/node/compressors.js';
import { allValidFiles, cli, CONFORMANCE, expectDecodeError, expectSameModel, hexdiff, readBytes, requiredLength, SYCLBIN_TESTDATA, TESTDATA_CASES, tempDir } from './support.js';

const FILES = allValidFiles(CONFORMANCE);
/** Files in a writer's order: canonical ones, and the grouped one (src/syclbin/v1-order.ts). */
const CANONICAL = new Set([...TESTDATA_CASES.filter((c) => c.canonical).map((c) => `testdata/${c.name}`), 'testdata/v1_grouped', ...FILES.filter(([l]) => l.startsWith('conformance/')).map(([l]) => l)]);
const opts: WriteSyclbinOptions = { compressor: nodeCompressor };

before(async () => {
  await initZstd();
});

describe('syclbin round trips', () => {
  for (const [label, file] of FILES) {
    const canonical = CANONICAL.has(label);
    it(`${label}: read -> write -> read gives an equal model${canonical ? ' and the same bytes' : ''}`, () => {
      const bytes = readBytes(file);
      const model = readSyclbin(bytes);
      const again = writeSyclbin(model, opts);
      expectSameModel(model, readSyclbin(again), label);
      if (canonical) expect(hexdiff(again, bytes)).to.equal('identical');
      else expect(hexdiff(again, bytes)).to.not.equal('identical');
      // Whatever we write is in a writer's order: writing it again is a fixed point.
      expect(hexdiff(writeSyclbin(readSyclbin(again), opts), again)).to.equal('identical');
    });
  }

  it("v1_grouped is read as layout 'grouped' and written back byte for byte by default; an explicit layout wins", () => {
    const bytes = readBytes(`${SYCLBIN_TESTDATA}v1_grouped.syclbin`);
    const model = readSyclbin(bytes);
    expect(model.layout).to.equal('grouped');
    expect(hexdiff(writeSyclbin(model), bytes)).to.equal('identical');
    expect(hexdiff(writeSyclbin(model, { layout: 'grouped' }), bytes)).to.equal('identical');
    const canonical = writeSyclbin(model, { layout: 'canonical' });
    expect(hexdiff(canonical, bytes)).to.not.equal('identical');
    expect(readSyclbin(canonical).layout).to.equal('canonical');
    expectSameModel(model, readSyclbin(canonical), 'grouped -> canonical');
  });

  it('the layout is recorded only where a writer order places every blob: shared blobs (layout freedom) and streaming reads have none', () => {
    expect(readSyclbin(readBytes(`${SYCLBIN_TESTDATA}v1_layout_freedom.syclbin`)).layout).to.equal(undefined);
    expect(readSyclbin(readBytes(`${SYCLBIN_TESTDATA}v1_two_modules_mixed.syclbin`)).layout).to.equal('canonical');
    const streamed = readSyclbin(readBytes(`${SYCLBIN_TESTDATA}v1_grouped.syclbin`), { visit: { start() {}, module() {} } });
    expect(streamed.layout).to.equal(undefined);
  });

  it('layout freedom: v1_layout_freedom and v1_two_modules_mixed hold the same kind of content in different layouts', () => {
    const lf = readSyclbin(readBytes(`${SYCLBIN_TESTDATA}v1_layout_freedom.syclbin`));
    expect(lf.headerVersion).to.equal(0);
    expect(Array.from(lf.headerReserved!)).to.deep.equal([0xbe, 0xba, 0xfe, 0xca]);
    // The two IR modules share one blob; both read the same bytes.
    const [a, b] = [lf.abstractModules[0]!.irModules[0]!, lf.abstractModules[1]!.irModules[0]!];
    expect(a.image.offset).to.equal(b.image.offset);
    expect(hexdiff(a.image.bytes(), b.image.bytes())).to.equal('identical');
    // Rewritten canonically, the blobs are no longer shared; the header's version and reserved bytes are
    // the model's (LLVM's writers leave the reserved bytes uninitialised), a new model's 1 and zeros.
    const out = readSyclbin(writeSyclbin(lf));
    expect(out.headerVersion).to.equal(0);
    expect(Array.from(out.headerReserved!)).to.deep.equal([0xbe, 0xba, 0xfe, 0xca]);
    const fresh = readSyclbin(writeSyclbin({ ...lf, headerVersion: undefined, headerReserved: undefined }));
    expect(fresh.headerVersion).to.equal(1);
    expect(Array.from(fresh.headerReserved!)).to.deep.equal([0, 0, 0, 0]);
    expect(() => writeSyclbin({ ...lf, headerVersion: 2 })).to.throw(EncodeError, 'headerVersion 2 is not one a reader reads (0 or 1)');
    expect(() => writeSyclbin({ ...lf, headerReserved: new Uint8Array(3) })).to.throw(EncodeError, 'headerReserved must be 4 bytes');
    expect(out.abstractModules[0]!.irModules[0]!.image.offset).to.not.equal(out.abstractModules[1]!.irModules[0]!.image.offset);
    expectSameModel(lf, out, 'layout freedom');
  });

  it('a metadata blob two headers share is read as two registries: changing one module changes no other', () => {
    // v1_layout_freedom: the IR modules of modules 0 and 1 name one metadata blob. Each header gets
    // its own Maps (sets included), so a caller that edits one and writes the file edits that one.
    const lf = readSyclbin(readBytes(`${SYCLBIN_TESTDATA}v1_layout_freedom.syclbin`));
    const [a, b] = [lf.abstractModules[0]!.irModules[0]!.metadata, lf.abstractModules[1]!.irModules[0]!.metadata];
    expect(a).to.deep.equal(b);
    for (const [name, set] of a) expect(b.get(name)).to.not.equal(set);
    const target = byteArray(new TextEncoder().encode('nvptx64-nvidia-cuda'));
    b.get('SYCLBIN/ir module metadata')!.set('target', target);
    const back = readSyclbin(writeSyclbin(lf));
    expect(back.abstractModules[1]!.irModules[0]!.metadata.get('SYCLBIN/ir module metadata')!.get('target')).to.deep.equal(target);
    expect(back.abstractModules[0]!.irModules[0]!.metadata).to.deep.equal(readSyclbin(readBytes(`${SYCLBIN_TESTDATA}v1_layout_freedom.syclbin`)).abstractModules[0]!.irModules[0]!.metadata);
  });

  it('changing one value keeps every other set, key, order and odd bit count as it was', () => {
    const bytes = readBytes(`${SYCLBIN_TESTDATA}v1_multi_target.syclbin`);
    const model = readSyclbin(bytes);
    const before = [...model.abstractModules[0]!.metadata].map(([n, s]) => [n, [...s.keys()]]);
    model.abstractModules[0]!.metadata.get('SYCL/misc properties')!.set('optLevel', uint32(3));
    const back = readSyclbin(writeSyclbin(model));
    const md = back.abstractModules[0]!.metadata;
    expect([...md].map(([n, s]) => [n, [...s.keys()]])).to.deep.equal(before);
    expect(md.get('SYCL/misc properties')!.get('optLevel')).to.deep.equal(uint32(3));
    expect(md.get('toolkit/test values')!.get('bits11')).to.deep.equal(byteArray(Uint8Array.of(0xff, 0x07), 11n));
    const orig = readSyclbin(bytes);
    expect(md.get('toolkit/test values')).to.deep.equal(orig.abstractModules[0]!.metadata.get('toolkit/test values'));
    expect(back.globalMetadata).to.deep.equal(orig.globalMetadata);
    expect(hexdiff(back.abstractModules[0]!.nativeImages[1]!.image.bytes(), orig.abstractModules[0]!.nativeImages[1]!.image.bytes())).to.equal('identical');
  });

  it('v1 with several envelopes and both layouts, and v2 in OffloadBinary v2/v3, of one model', () => {
    const model = readSyclbin(readBytes(`${SYCLBIN_TESTDATA}v1_two_modules_mixed.syclbin`));
    const variants: WriteSyclbinOptions[] = [
      { envelope: 'none', layout: 'grouped' },
      { envelope: 'offload-v1' },
      { envelope: 'offload-v2', layout: 'grouped' },
      { envelope: 'offload-v3', compression: 'zlib' },
      { envelope: 'offload-v3', compression: 'zstd' },
      { envelope: 'runtime' },
    ];
    for (const v of variants) {
      const back = readSyclbin(writeSyclbin(model, { ...opts, ...v }));
      expect(back.version).to.equal(1);
      expect(back.envelope.kind).to.equal(v.envelope === 'none' ? 'none' : 'offload');
      expectSameModel({ ...model, envelope: back.envelope }, back, JSON.stringify(v));
    }
    for (const v of [{ offloadVersion: 2 }, { offloadVersion: 3 }, { offloadVersion: 3, compression: 'zlib' }, { offloadVersion: 2, formatVersionKey: false }] as WriteSyclbinOptions[]) {
      const back = readSyclbin(writeSyclbin(model, { ...opts, ...v, format: 2 }));
      expect(back.version).to.equal(2);
      expectSameModel({ ...model, version: 2, envelope: back.envelope }, back, JSON.stringify(v));
    }
  });
});

describe('syclbin strict prefixes', () => {
  for (const [label, file] of FILES) {
    it(`${label}: every prefix shorter than the required length is a DecodeError; longer ones read the same model`, () => {
      const bytes = readBytes(file);
      const need = requiredLength(bytes);
      expect(need).to.be.at.most(bytes.length);
      const whole = readSyclbin(bytes);
      for (let n = 0; n < bytes.length; n++) {
        const prefix = bytes.slice(0, n);
        if (n < need) expectDecodeError(() => readSyclbin(prefix), `${label} prefix ${n}`);
        else expectSameModel(whole, readSyclbin(prefix), `${label} prefix ${n} (only trailing padding dropped)`);
      }
    });
  }

  it("'syclbin dump' on prefixes exits 1 with 'Failed to parse SYCLBIN file: ' and prints nothing on stdout", async function () {
    this.timeout(120000);
    const t = tempDir('syclbin-prefix-');
    try {
      for (const [label, file] of FILES) {
        const bytes = readBytes(file);
        const need = requiredLength(bytes);
        // Every prefix of the small hand-made files, a spread of prefixes of the others.
        const all = /legacy_252|runtime_envelope|v2_roles_in_ob_v3|sample_v1_one_ir/.test(label);
        const lengths = all ? Array.from({ length: need }, (_, i) => i) : [0, 1, 3, 4, 7, 55, 56, 57, need >> 1, need - 8, need - 1].filter((n) => n >= 0 && n < need);
        for (const n of lengths) {
          const p = join(t.dir, 'p.syclbin');
          writeFileSync(p, bytes.subarray(0, n));
          const r = await cli(['dump', p], t.dir);
          expect(r.code, `${label} prefix ${n}`).to.equal(1);
          expect(r.stdout, `${label} prefix ${n}`).to.equal('');
          expect(r.stderr, `${label} prefix ${n}`).to.match(/^Failed to parse SYCLBIN file: \S[^\n]*\n$/);
        }
      }
    } finally {
      t.cleanup();
    }
  });

  it('a bare v1 prefix is rejected with LLVM\'s "Unexpected file contents size."', () => {
    const bytes = readBytes(`${SYCLBIN_TESTDATA}v1_one_ir.syclbin`);
    for (const n of [0, 10, 55, 56, 100, requiredLength(bytes) - 1]) {
      const e = expectDecodeError(() => readSyclbin(bytes.subarray(0, n)));
      expect(e.message.startsWith('Unexpected file contents size.'), e.message).to.equal(true);
      expect(e).to.be.instanceOf(DecodeError);
    }
  });
});

describe('syclbin writers compress with LLVM\'s default bytes unless given a compressor', () => {
  for (const name of ['v1_in_offload_v3_zstd', 'v2_roles_v3_zstd', 'v2_roles_in_ob_v3']) {
    it(`testdata/${name}: read -> writeSyclbin with no options is byte-identical (libzstd provided by the Node API)`, () => {
      const bytes = readBytes(`${SYCLBIN_TESTDATA}${name}.syclbin`);
      expect(hexdiff(writeSyclbin(readSyclbin(bytes)), bytes)).to.equal('identical');
    });
  }

  it('zstd without libzstd (the portable core alone) is an EncodeError that says how to provide it', () => {
    // A fresh process that loads only the core: nothing has provided libzstd there.
    const script = `
      import { readFileSync } from 'node:fs';
      const core = await import(${JSON.stringify(new URL('../../src/index.ts', import.meta.url).href)});
      const file = core.readSyclbin(new Uint8Array(readFileSync(${JSON.stringify(`${SYCLBIN_TESTDATA}v2_roles_in_ob_v3.syclbin`)})));
      try { core.writeSyclbin(file, { offloadVersion: 3, compression: 'zstd' }); console.log('written'); }
      catch (e) { console.log(e.constructor.name + ': ' + e.message); }`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).to.equal('');
    expect(r.stdout.trim()).to.match(/^EncodeError: .*zstd compression needs libzstd: in Node import 'syclbin-toolkit\/node'/);
  });

  it('reading a zstd payload without libzstd: a DecodeError UNAVAILABLE in its own words (no "Invalid data" parse-failure headline: the file is valid)', () => {
    const script = `
      import { readFileSync } from 'node:fs';
      const core = await import(${JSON.stringify(new URL('../../src/index.ts', import.meta.url).href)});
      try { core.readSyclbin(new Uint8Array(readFileSync(${JSON.stringify(`${SYCLBIN_TESTDATA}v2_roles_v3_zstd.syclbin`)}))); console.log('read'); }
      catch (e) { console.log(e.constructor.name + ' ' + e.code + ': ' + e.message); }`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).to.equal('');
    expect(r.stdout.trim()).to.match(/^DecodeError UNAVAILABLE: this zstd payload needs libzstd, which was not provided \(Node: import syclbin-toolkit\/node; a browser: await compileZstd\(bytes of zstd\.wasm\)\) \(at compressedPayload, offset 0x28\)$/);
  });
});
