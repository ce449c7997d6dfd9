/**
 * Claims of README.md and docs/*.md about what a command does, checked against what it does (a
 * review that tried them found these two stale): the sentence a user reads and the behaviour it
 * describes are tested together, so that neither changes alone.
 */
import { expect } from 'chai';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';

const ROOT = new URL('../../', import.meta.url).pathname;
/** A document's text with its line breaks made spaces (sentences wrap anywhere). */
const prose = (doc: string): string => readFileSync(join(ROOT, doc), 'utf8').replace(/\s*\n\s*/g, ' ');

function capture(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const dec = new TextDecoder();
  const w = (a: string[]) => ({ write: (c: string | Uint8Array) => void a.push(typeof c === 'string' ? c : dec.decode(c)) });
  return { io: { stdout: w(out), stderr: w(err), cwd, env: {} }, out, err };
}

describe('docs: claims about commands match what they do', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'syclbin-claims-'));
    copyFileSync(join(ROOT, 'testdata/llvm22/src/k.o'), join(dir, 'k.o'));
    copyFileSync(join(ROOT, 'testdata/llvm22/pack/multi.ob22.bin'), join(dir, 'multi.bin'));
    copyFileSync(join(ROOT, 'testdata/conformance/sample_v1_one_ir.syclbin'), join(dir, 'kernel.syclbin'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('docs/offload.md: -oX is refused by offload-pack and offload-extract, as LLVM refuses it (status 1), and nothing is written', async () => {
    const text = prose('docs/offload.md');
    expect(text).to.contain('`-oX` is refused as LLVM refuses it');
    expect(text).not.to.match(/`-oX`[^.]*is also taken/);
    for (const args of [
      ['offload-pack', '-ofoo.bin', '--image=file=k.o,triple=t'],
      ['offload-extract', 'multi.bin', '-ofolder'],
    ]) {
      const c = capture(dir);
      expect(await runCli(args, c.io), args.join(' ')).to.equal(1);
      expect(c.err.join(''), args.join(' ')).to.contain("a value is not joined to -o here (LLVM's option parser refuses it)");
    }
    expect(existsSync(join(dir, 'foo.bin'))).to.equal(false);
    expect(existsSync(join(dir, 'folder'))).to.equal(false);
  });

  it('README: an ambiguous offload kind is named by inspect and offload-list --json; the text listing stays llvm-objdump\u2019s', async () => {
    expect(prose('README.md')).to.contain('`inspect` and `offload-list --json` (`offloadKindAmbiguity`) say so (the text listing is llvm-objdump\'s: the era\'s name only)');
    // kind 4: sycl to intel/llvm (what --offload-kinds intel writes), hip to LLVM 22
    const pack = capture(dir);
    expect(await runCli(['offload-pack', '--offload-kinds', 'intel', '-o', 'k4.bin', '--image=file=kernel.syclbin,triple=spir64-unknown-unknown,kind=sycl'], pack.io)).to.equal(0);
    const json = capture(dir);
    expect(await runCli(['offload-list', '--json', 'k4.bin'], json.io)).to.equal(0);
    const entry = (JSON.parse(json.out.join('')) as { binaries: { entries: { offloadKindAmbiguity?: { meanings: { numbering: string; name: string }[] } }[] }[] }).binaries[0]!.entries[0]!;
    expect(entry.offloadKindAmbiguity?.meanings).to.deep.include({ numbering: 'intel', name: 'sycl' });
    expect(entry.offloadKindAmbiguity?.meanings).to.deep.include({ numbering: 'bitmask', name: 'hip' });
    const inspect = capture(dir);
    expect(await runCli(['inspect', 'k4.bin'], inspect.io)).to.equal(0);
    expect(inspect.out.join('')).to.match(/offload kind: 4 \(hip\) — ambiguous: offload kind 4 of a version-1 binary is sycl in intel\/llvm/);
    const text = capture(dir);
    expect(await runCli(['offload-list', 'k4.bin'], text.io)).to.equal(0);
    expect(text.out.join('')).to.contain('producer        hip\n');
  });
});
