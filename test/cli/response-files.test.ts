/**
 * `@FILE` response files on the drop-in commands (src/cli/response-files.ts), split as LLVM's
 * cl::TokenizeGNUCommandLine splits them and expanded as llvm::cl / OptTable expand them; live
 * against llvm-offload-binary-22 and llvm-objdump-22 where they are installed.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expandResponseFiles, MAX_EXPANDED_ARGUMENTS, tokenizeGnu } from '../../src/cli/response-files.js';
import { requireTool } from '../support/tools.js';
import { cli, tempDir } from '../offload/support.js';

const ONE = new URL('../../testdata/llvm22/strict/one.bin', import.meta.url).pathname;

describe('response files (@FILE)', function () {
  this.timeout(60_000);
  it('tokenizeGnu: whitespace separates, quotes group, a backslash takes the next character (inside quotes too)', () => {
    expect(tokenizeGnu('a  b\tc\n\nd\r\n')).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(tokenizeGnu(`"a b" 'c "d"' e\\ f g\\\\h`)).to.deep.equal(['a b', 'c "d"', 'e f', 'g\\h']);
    expect(tokenizeGnu(`"x\\"y" pre"mid dle"post`)).to.deep.equal(['x"y', 'premid dlepost']);
    expect(tokenizeGnu('"" a')).to.deep.equal(['a']); // an empty token is no argument
    expect(tokenizeGnu('"unterminated quote')).to.deep.equal(['unterminated quote']);
    expect(tokenizeGnu('a\vb\fc d')).to.deep.equal(['a\vb\fc', 'd']); // only space, tab, CR, LF separate (LLVM's isWhitespace)
    expect(tokenizeGnu('a b c d', 2)).to.have.length(3); // stops once past the limit
  });

  it('bounded: more than MAX_EXPANDED_ARGUMENTS arguments, or a /proc file of no size, are one-line errors', async () => {
    const { dir, cleanup } = tempDir('syclbin-rsp-big-');
    try {
      writeFileSync(join(dir, 'many.rsp'), 'a '.repeat(MAX_EXPANDED_ARGUMENTS + 1));
      expect(() => expandResponseFiles(['@many.rsp'], dir)).to.throw(/expands to more than 100000 arguments/);
      const r = await cli(['offload-list', '@many.rsp'], dir);
      expect([r.code, r.stderr]).to.deep.equal([1, 'syclbin offload-list: error: the command line expands to more than 100000 arguments\n']);
      // /proc/self/status reports size 0 but has text: read (to its end, bounded), as LLVM reads it.
      expect(expandResponseFiles(['@/proc/self/status'], dir)[0]).to.equal('Name:');
    } finally {
      cleanup();
    }
  });

  it('expands nested files in place, keeps @NAME that names no file, refuses a file that includes itself', () => {
    const { dir, cleanup } = tempDir('syclbin-rsp-');
    try {
      writeFileSync(join(dir, 'inner.rsp'), '--b "c d"\n');
      writeFileSync(join(dir, 'outer.rsp'), `--a @${join(dir, 'inner.rsp')} e\n`);
      expect(expandResponseFiles(['x', `@${join(dir, 'outer.rsp')}`, 'y', '@', '@no-such-file'])).to.deep.equal(['x', '--a', '--b', 'c d', 'e', 'y', '@', '@no-such-file']);
      writeFileSync(join(dir, 'loop1.rsp'), `@${join(dir, 'loop2.rsp')}`);
      writeFileSync(join(dir, 'loop2.rsp'), `@${join(dir, 'loop1.rsp')}`);
      expect(() => expandResponseFiles([`@${join(dir, 'loop1.rsp')}`])).to.throw(/recursive expansion of: '.*loop1\.rsp'/);
      // A long chain of distinct files: no recursion (an explicit stack).
      const n = 3000;
      for (let i = 0; i < n; i++) writeFileSync(join(dir, `c${i}.rsp`), i + 1 < n ? `a${i} @${join(dir, `c${i + 1}.rsp`)}` : 'end');
      const chain = expandResponseFiles([`@${join(dir, 'c0.rsp')}`]);
      expect(chain.length).to.equal(n);
      expect(chain[n - 1]).to.equal('end');
    } finally {
      cleanup();
    }
  });

  it('offload-extract, offload-list and offload-pack take @FILE as llvm-offload-binary-22 and llvm-objdump-22 do; --help lists it', async () => {
    const packer = requireTool('llvm-offload-binary-22');
    const objdump = requireTool('llvm-objdump-22');
    const { dir, cleanup } = tempDir('syclbin-rsp-live-');
    try {
      writeFileSync(join(dir, 'one.bin'), readFileSync(ONE));
      for (const d of ['llvm', 'ours']) mkdirSync(join(dir, d));
      writeFileSync(join(dir, 'x.rsp'), "../one.bin '--image=file=x.o,triple=x86_64-unknown-linux-gnu'\n");
      const theirs = spawnSync(packer, ['@../x.rsp'], { cwd: join(dir, 'llvm') });
      expect(theirs.status).to.equal(0);
      const ours = await cli(['offload-extract', '@../x.rsp'], join(dir, 'ours'));
      expect(ours.code, ours.stderr).to.equal(0);
      expect(readFileSync(join(dir, 'ours', 'x.o')).equals(readFileSync(join(dir, 'llvm', 'x.o')))).to.equal(true);
      writeFileSync(join(dir, 'l.rsp'), 'one.bin\n');
      const listed = spawnSync(objdump, ['--offloading', '@l.rsp'], { cwd: dir, encoding: 'utf8' });
      const r = await cli(['offload-list', '@l.rsp'], dir);
      expect([r.code, r.stdout]).to.deep.equal([listed.status, listed.stdout]);
      writeFileSync(join(dir, 'p.rsp'), '-o packed.bin --image=file=one.bin,triple=spir64,arch=pvc\n');
      const p = await cli(['offload-pack', '@p.rsp'], dir);
      expect(p.code, p.stderr).to.equal(0);
      expect(spawnSync(packer, ['-o', 'llvm-packed.bin', '--image=file=one.bin,triple=spir64,arch=pvc'], { cwd: dir }).status).to.equal(0);
      expect(readFileSync(join(dir, 'packed.bin')).equals(readFileSync(join(dir, 'llvm-packed.bin')))).to.equal(true);
      const help = await cli(['offload-list', '--help'], dir);
      expect(help.stdout).to.match(/@FILE +Read more arguments from FILE/);
      const loop = await cli(['offload-list', '@loop.rsp'], dir);
      writeFileSync(join(dir, 'loop.rsp'), '@loop.rsp');
      const again = await cli(['offload-list', '@loop.rsp'], dir);
      expect(loop.code).to.equal(1); // no such file yet: an operand that does not exist
      expect([again.code, again.stderr]).to.deep.equal([1, "syclbin offload-list: error: recursive expansion of: 'loop.rsp'\n"]);
    } finally {
      cleanup();
    }
  });
});
