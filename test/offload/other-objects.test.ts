/**
 * XCOFF objects and Mach-O universal binaries, which LLVM opens but reads no offloading data from:
 * `llvm-objdump --offloading` prints an XCOFF object's header line and warns (status 0), prints
 * nothing for a universal binary (status 0), and fails on a universal binary inside an archive
 * ("The file was not recognized as a valid object file"), as on a nested archive. These were refused
 * as unknown data (and skipped inside archives) before. Inputs: testdata/offload/README.md.
 */
import { expect } from 'chai';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERA_TOOLS, requireTool } from '../support/tools.js';
import { isMachoUniversal, xcoffBits } from '../../formats/other-objects.js';
import { readXcoffHeaders } from '../../src/containers/xcoff.js';
import { readOffloadInput } from '../../src/offload/input.js';
import { cli, readBytes, run, tempDir, TESTDATA } from './support.js';

const WARNING = '--offloading is currently only supported for COFF and ELF targets';
const FILES = ['xcoff32.o', 'xcoff64.o', 'universal.o', 'other-objects.a'];

describe('offload input: XCOFF objects and Mach-O universal binaries', () => {
  it('XCOFF: the header line llvm-objdump prints and its warning, status 0', async () => {
    const r32 = await cli(['offload-list', '--strict', 'xcoff32.o'], TESTDATA);
    expect([r32.code, r32.stdout, r32.stderr]).to.deep.equal([0, '\nxcoff32.o:\tfile format aixcoff-rs6000\n', `syclbin offload-list: warning: 'xcoff32.o': ${WARNING}\n`]);
    const r64 = await cli(['offload-list', 'xcoff64.o'], TESTDATA);
    expect([r64.code, r64.stdout]).to.deep.equal([0, '\nxcoff64.o:\tfile format aix5coff64-rs6000\n']);
    expect(readOffloadInput(readBytes(join(TESTDATA, 'xcoff64.o'))).container).to.equal('xcoff');
    expect(readXcoffHeaders(readBytes(join(TESTDATA, 'xcoff32.o')))).to.deep.equal({ bits: 32, fileFormat: 'aixcoff-rs6000', sections: 2 });
  });

  it('XCOFF: where XCOFFObjectFile::create fails, its message', async () => {
    const x64 = readBytes(join(TESTDATA, 'xcoff64.o'));
    const x32 = readBytes(join(TESTDATA, 'xcoff32.o'));
    const EOF = 'The end of the file was unexpectedly encountered';
    // (messages of llvm-objdump-22 on these truncations; 3 bytes are too few for identify_magic)
    const cases: [Uint8Array, string | undefined][] = [
      [x64.subarray(0, 3), undefined],
      [x64.subarray(0, 23), EOF],
      [x64.subarray(0, 40), `${EOF}: section headers with offset 0x18 and size 0x90 go past the end of the file`],
      [x32.subarray(0, 20), `${EOF}: section headers with offset 0x14 and size 0x50 go past the end of the file`],
      [x32.subarray(0, 200), `${EOF}: symbol table with offset 0xa0 and size 0xc6 goes past the end of the file`],
    ];
    for (const [bytes, message] of cases) {
      if (message === undefined) {
        expect(xcoffBits(bytes)).to.equal(undefined);
        continue;
      }
      expect(() => readXcoffHeaders(bytes)).to.throw(message);
    }
  });

  it('a universal binary: nothing listed, status 0; in an archive, llvm-objdump stops there', async () => {
    const u = await cli(['offload-list', '--strict', 'universal.o'], TESTDATA);
    expect([u.code, u.stdout, u.stderr]).to.deep.equal([0, '', '']);
    expect(isMachoUniversal(readBytes(join(TESTDATA, 'universal.o')))).to.equal(true);
    // A Java class file starts CA FE BA BE too, with its version (>= 43) where nfat_arch's low byte is.
    expect(isMachoUniversal(Uint8Array.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 52]))).to.equal(false);
    const a = await cli(['offload-list', '--strict', 'other-objects.a'], TESTDATA);
    expect(a.code).to.equal(1);
    expect(a.stdout).to.equal('\nother-objects.a(xcoff32.o):\tfile format aixcoff-rs6000\n\nother-objects.a(xcoff64.o):\tfile format aix5coff64-rs6000\n');
    expect(a.stderr).to.equal(
      `syclbin offload-list: warning: 'xcoff32.o': ${WARNING}\nsyclbin offload-list: warning: 'xcoff64.o': ${WARNING}\nsyclbin offload-list: error: 'other-objects.a': The file was not recognized as a valid object file\n`,
    );
    // Without --strict a note says where and why llvm-objdump stops.
    const n = await cli(['offload-list', 'other-objects.a'], TESTDATA);
    expect(n.code).to.equal(0);
    expect(n.stderr).to.match(/universal\.o: llvm-objdump-22 --offloading fails on this member, a Mach-O universal binary and not an object/);
  });

  for (const era of ['19', '22'] as const) {
    it(`same text and status as llvm-objdump-${era} --offloading, and llvm-offload-binary extracts nothing`, async () => {
      const objdump = requireTool(ERA_TOOLS[era].objdump);
      const { dir, cleanup } = tempDir('syclbin-xcoff-');
      try {
        const x64 = readBytes(join(TESTDATA, 'xcoff64.o'));
        for (const f of FILES) copyFileSync(join(TESTDATA, f), join(dir, f));
        for (const n of [10, 23, 40, 300]) writeFileSync(join(dir, `cut${n}.o`), x64.subarray(0, n));
        for (const f of [...FILES, 'cut10.o', 'cut23.o', 'cut40.o', 'cut300.o']) {
          const theirs = run(objdump, ['--offloading', f], dir);
          const ours = await cli(['offload-list', '--llvm', era, '--strict', f], dir);
          expect(ours.stdout, f).to.equal(theirs.stdout.toString('utf8'));
          expect(ours.code === 0, f).to.equal(theirs.status === 0);
          // (a malformed container: LLVM's label and message, then where this toolkit found it)
          const norm = (s: string): string => s.replace(/^\S*llvm-objdump-\d+: /gm, 'syclbin offload-list: ').replace(/ \(at [^)]*\)$/gm, '');
          expect(norm(ours.stderr), f).to.equal(norm(theirs.stderr));
        }
        if (era === '22') {
          const packer = requireTool('llvm-offload-binary-22');
          for (const f of FILES) {
            const theirs = run(packer, [f, '--image=triple=x86_64-unknown-linux-gnu,file=out.o'], dir);
            const ours = await cli(['offload-extract', f, '--image=triple=x86_64-unknown-linux-gnu,file=ours.o'], dir);
            expect([ours.code, theirs.status], f).to.deep.equal([0, 0]);
          }
        }
      } finally {
        cleanup();
      }
    });
  }
});
