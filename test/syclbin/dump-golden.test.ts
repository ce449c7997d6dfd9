/**
 * `syclbin dump` golden outputs: every testdata/syclbin file (expected dumps rendered independently
 * by testdata/syclbin/generate.ts) and every conformance sample (testdata/conformance, written
 * by an independent implementation) — exact bytes, through the library, the in-process CLI and once
 * through the built executable. Also checks that the committed testdata matches a fresh generator run.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readSyclbin } from '../../src/syclbin/read.js';
import { dumpSyclbin } from '../../src/syclbin/dump.js';
import { openFileSource } from '../../src/node/file-source.js';
import { buildCases, expectedDump, equal } from '../../testdata/syclbin/generate.js';
import { allValidFiles, cli, CONFORMANCE, hexdiff, latin1, readBytes, SYCLBIN_TESTDATA, TESTDATA_CASES } from './support.js';

const FILES = allValidFiles(CONFORMANCE);
const REPO = new URL('../../', import.meta.url).pathname;

describe('syclbin dump: golden outputs', () => {
  it('covers every variant the issue lists', () => {
    const names = TESTDATA_CASES.map((c) => c.name);
    for (const n of [
      'v1_one_ir',
      'v1_two_modules_mixed',
      'v1_in_offload_v1',
      'v1_in_offload_v2',
      'v1_in_offload_v3_zlib',
      'v1_in_offload_v3_zstd',
      'v1_runtime_envelope',
      'v1_legacy_252',
      'v2_roles',
      'v2_roles_no_format_version',
      'v2_roles_in_ob_v3',
      'v1_grouped',
      'v1_layout_freedom',
    ]) {
      expect(names).to.include(n);
    }
    expect(new Set(TESTDATA_CASES.map((c) => c.variant))).to.deep.equal(new Set(['bare-v1', 'v1-in-offload', 'v1-runtime-envelope', 'v2-roles']));
  });

  for (const [label, file, golden] of FILES) {
    it(`${label}: library dump == golden (in memory and via positioned reads)`, () => {
      const want = readBytes(golden);
      const got = dumpSyclbin(readSyclbin(readBytes(file)));
      expect(hexdiff(got, want), latin1(got)).to.equal('identical');
      const src = openFileSource('/', file);
      try {
        expect(hexdiff(dumpSyclbin(readSyclbin(src)), want)).to.equal('identical');
      } finally {
        src.close();
      }
    });
    it(`${label}: 'syclbin dump' (in-process) prints the golden bytes, exit 0, nothing on stderr`, async () => {
      const r = await cli(['dump', file], '/');
      expect(r.stderr).to.equal('');
      expect(r.code).to.equal(0);
      expect(hexdiff(r.stdoutBytes, readBytes(golden))).to.equal('identical');
    });
  }

  it('the built executable (node dist/cli/main.js, the package bin) prints the same bytes (run `npm run build` first)', () => {
    const main = `${REPO}dist/cli/main.js`;
    expect(existsSync(main), `${main} is missing: run 'npm run build' (npm test does)`).to.equal(true);
    const [, file, golden] = FILES.find(([l]) => l === 'testdata/v1_multi_target')!;
    const r = spawnSync(process.execPath, [main, 'dump', file], { encoding: 'buffer' });
    expect(r.status, r.stderr.toString()).to.equal(0);
    expect(hexdiff(new Uint8Array(r.stdout), readBytes(golden))).to.equal('identical');
    const bad = spawnSync(process.execPath, [main, 'dump', `${SYCLBIN_TESTDATA}README.md`], { encoding: 'utf8' });
    expect(bad.status).to.equal(1);
    expect(bad.stdout).to.equal('');
    expect(bad.stderr).to.equal('Failed to parse SYCLBIN file: Incorrect SYCLBIN magic number.\n');
  });

  it('testdata/syclbin is what generate.ts produces now (files and expected dumps)', async function () {
    this.timeout(120000);
    const cases = await buildCases();
    expect(cases.map((c) => c.name)).to.deep.equal(TESTDATA_CASES.map((c) => c.name));
    for (const c of cases) {
      expect(equal(readBytes(`${SYCLBIN_TESTDATA}${c.name}.syclbin`), c.bytes), `${c.name}.syclbin is stale: run node --import tsx testdata/syclbin/generate.ts`).to.equal(true);
      expect(equal(readBytes(`${SYCLBIN_TESTDATA}${c.name}.dump.txt`), expectedDump(c.desc)), `${c.name}.dump.txt is stale`).to.equal(true);
    }
  });

  it('a missing file gives "Failed to open or read file <name>: No such file or directory", exit 1', async () => {
    const r = await cli(['dump', 'nonexistent.syclbin'], SYCLBIN_TESTDATA);
    expect(r.code).to.equal(1);
    expect(r.stdout).to.equal('');
    expect(r.stderr).to.equal('Failed to open or read file nonexistent.syclbin: No such file or directory\n');
  });

  it('a directory gives "Failed to open or read file <name>: Is a directory" (strerror text), as every command says it', async () => {
    const r = await cli(['dump', 'testdata'], REPO);
    expect([r.code, r.stdout, r.stderr]).to.deep.equal([1, '', 'Failed to open or read file testdata: Is a directory\n']);
    for (const cmd of ['inspect', 'verify', 'offload-list']) {
      const o = await cli([cmd, 'testdata'], REPO);
      expect([o.code, o.stderr], cmd).to.deep.equal([1, `syclbin ${cmd}: error: ${cmd === 'offload-list' ? "'testdata'" : 'testdata'}: Is a directory\n`]);
    }
    const out = await cli(['inspect', 'testdata/syclbin/v1_one_ir.syclbin', '-o', 'testdata'], REPO);
    expect([out.code, out.stderr]).to.deep.equal([1, 'syclbin inspect: error: testdata: Is a directory\n']);
  });

  it('the §1.6 and §1.3 hand-made files hold the spec bytes', () => {
    const legacy = readBytes(`${SYCLBIN_TESTDATA}v1_legacy_252.syclbin`);
    expect(legacy.length).to.equal(252);
    expect(latin1(legacy.subarray(0x78, 0xf4))).to.equal(
      '[SYCLBIN/global metadata]\nstate=1|0\n[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=2|wCAAAAAAAAwcwlmc2QTL152au92du1Sdutmbvdnb\n',
    );
    const rt = readBytes(`${SYCLBIN_TESTDATA}v1_runtime_envelope.syclbin`);
    expect(rt.length).to.equal(0x148);
    expect(Array.from(rt.subarray(0, 8))).to.deep.equal([0x10, 0xff, 0x10, 0xad, 2, 0, 0, 0]);
    expect(equal(rt.subarray(72, 72 + 252), legacy)).to.equal(true);
    expect(Array.from(rt.subarray(72 + 252))).to.deep.equal([0, 0, 0, 0]);
    const file = readSyclbin(rt);
    expect(file.envelope.kind === 'offload' && file.envelope.runtimeStyle).to.equal(true);
    expect(readFileSync(`${SYCLBIN_TESTDATA}v1_runtime_envelope.dump.txt`, 'latin1')).to.equal(readFileSync(`${SYCLBIN_TESTDATA}v1_legacy_252.dump.txt`, 'latin1'));
  });
});
