/**
 * `syclbin verify` on valid archives whose members LLVM opens but reads no offloading data from
 * (short import members of an import library, Mach-O, XCOFF, universal binaries): their bytes are
 * named, not reported as "bytes that nothing references". (Before, llvm-dlltool-22's import library
 * and testdata/offload/other-objects.a gave one warning per such member.)
 */
import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { verify } from '../../src/hex/verify.js';
import { annotate } from '../../src/hex/annotate.js';
import { requireTool } from '../support/tools.js';
import { tempDir, TESTDATA } from '../offload/support.js';

describe('hex: verify of archives with members LLVM does not read', () => {
  it('XCOFF, Mach-O and universal-binary members: no warnings, each member named', () => {
    const bytes = new Uint8Array(readFileSync(join(TESTDATA, 'other-objects.a')));
    expect(verify(bytes).problems).to.deep.equal([]);
    const values = annotate(bytes).spans.filter((s) => /^members\[\d+\]\.data$/.test(s.path)).map((s) => s.value);
    expect(values).to.include.members(['aixcoff-rs6000 object (not read)', 'aix5coff64-rs6000 object (not read)', 'Mach-O universal binary (not read)', 'mach-o 64-bit x86-64 object (not read)']);
  });

  it('an import library by llvm-dlltool-22: no warnings', () => {
    const dlltool = requireTool('llvm-dlltool-22');
    const { dir, cleanup } = tempDir('syclbin-implib-');
    try {
      writeFileSync(join(dir, 'foo.def'), 'LIBRARY foo.dll\nEXPORTS\n  f1\n  a_long_export_name_here\n');
      expect(spawnSync(dlltool, ['-m', 'i386:x86-64', '-d', 'foo.def', '-l', 'imp.lib'], { cwd: dir }).status).to.equal(0);
      const bytes = new Uint8Array(readFileSync(join(dir, 'imp.lib')));
      expect(verify(bytes).problems).to.deep.equal([]);
      expect(annotate(bytes).spans.filter((s) => s.value === 'COFF short import member (not read)')).to.have.length(2);
    } finally {
      cleanup();
    }
  });
});
