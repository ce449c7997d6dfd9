/**
 * Interop with the real LLVM 19 tools (Debian clang-19 / llvm-19; a missing tool fails with the
 * install command, test/support/tools.ts):
 *  - `llvm-objdump-19 --offloading` lists our v1-in-OffloadBinary-v1 files (LLVM 19 reads
 *    OffloadBinary version 1 only), with the same text as `syclbin offload-list`;
 *  - our reader reads what `clang-offload-packager-19` makes of a SYBI image
 *    (`--image=file=x.syclbin,triple=spir64-unknown-unknown,arch=,kind=sycl`): LLVM 19 gives it image
 *    kind 0 and offload kind 0, which the v1 dispatch does not check (spec README rule 4).
 */
import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireTool } from '../support/tools.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { writeSyclbin } from '../../src/syclbin/write.js';
import { dumpSyclbin } from '../../src/syclbin/dump.js';
import { allValidFiles, cli, CONFORMANCE, expectSameModel, hexdiff, readBytes, tempDir } from './support.js';
import { run } from '../offload/support.js';

const FILES = allValidFiles(CONFORMANCE);

describe('syclbin interop with LLVM 19', () => {
  let t: ReturnType<typeof tempDir>;
  before(() => {
    t = tempDir('syclbin-interop-');
  });
  after(() => t.cleanup());

  it('llvm-objdump-19 --offloading lists every v1 model of the testdata wrapped in OffloadBinary v1', async () => {
    const objdump = requireTool('llvm-objdump-19');
    let n = 0;
    for (const [label, file] of FILES) {
      const model = readSyclbin(readBytes(file));
      if (model.version !== 1) continue;
      const strings = new Map([['triple', 'spir64-unknown-unknown'], ['arch', '']]);
      const env = { kind: 'offload' as const, version: 1, imageKind: 7, offloadKind: 4, flags: 0, strings, runtimeStyle: false, extraEntries: 0 };
      const bytes = writeSyclbin({ ...model, envelope: env }, { envelope: 'keep' });
      const p = join(t.dir, `${n++}.syclbin`);
      writeFileSync(p, bytes);
      const r = run(objdump, ['--offloading', p], t.dir);
      expect(r.status, `${label}: ${r.stderr}`).to.equal(0);
      const text = r.stdout.toString('utf8');
      expect(text).to.contain('OFFLOADING IMAGE [0]:\n');
      expect(text).to.contain('triple          spir64-unknown-unknown\n');
      const ours = await cli(['offload-list', '--llvm', '19', p], t.dir);
      expect(ours.stdout, label).to.equal(text);
      expectSameModel({ ...model, envelope: env }, readSyclbin(bytes), label);
    }
    expect(n).to.be.greaterThan(8);
    // and the committed OffloadBinary v1 files themselves
    for (const f of ['v1_in_offload_v1']) {
      const r = run(objdump, ['--offloading', `${new URL(`../../testdata/syclbin/${f}.syclbin`, import.meta.url).pathname}`], t.dir);
      expect(r.status, r.stderr).to.equal(0);
      expect(r.stdout.toString()).to.contain('triple          spir64-unknown-unknown');
    }
  });

  it('our reader reads clang-offload-packager-19 output wrapping each bare SYBI image (image kind 0)', () => {
    const packager = requireTool('clang-offload-packager-19');
    let n = 0;
    for (const [label, file] of FILES) {
      const bytes = readBytes(file);
      const bare = readSyclbin(bytes);
      if (bare.envelope.kind !== 'none') continue;
      writeFileSync(join(t.dir, 'x.syclbin'), bytes);
      const out = join(t.dir, `packed${n++}.bin`);
      const r = run(packager, ['-o', out, '--image=file=x.syclbin,triple=spir64-unknown-unknown,arch=,kind=sycl'], t.dir);
      expect(r.status, r.stderr).to.equal(0);
      const packed = readBytes(out);
      const model = readSyclbin(packed);
      expect(model.version).to.equal(1);
      const env = model.envelope;
      if (env.kind !== 'offload') throw new Error(`${label}: expected an offload envelope`);
      expect(env.version).to.equal(1);
      expect(env.imageKind, 'LLVM 19 has no image kind for .syclbin').to.equal(0);
      expect(env.strings.get('triple')).to.equal('spir64-unknown-unknown');
      expect(hexdiff(dumpSyclbin(model), dumpSyclbin(bare)), label).to.equal('identical');
      // The SYBI image is carried unchanged, and re-wrapping the model gives the packager's bytes
      // when the image was canonical.
      const img = readSyclbin(packed);
      expectSameModel({ ...bare, envelope: img.envelope }, img, label);
      if (/v1_one_ir|v1_two_modules_mixed|v1_multi_target|sample_v1_one_ir/.test(label)) expect(hexdiff(writeSyclbin(model), packed), label).to.equal('identical');
    }
    expect(n).to.be.greaterThan(4);
  });
});
