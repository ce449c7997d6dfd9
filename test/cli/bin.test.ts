/**
 * The package bin (dist/cli/main.js, from src/cli/bin.cjs): the one-file bundle and V8's code cache
 * that scripts/build.ts makes for it (`npm run build` first). The cache must be one V8 accepts for
 * the bundle as built, and the bin must run the same without it or with a cache V8 rejects.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIST_CLI = join(ROOT, 'dist/cli');
const SAMPLE = join(ROOT, 'testdata/syclbin/v1_object_state.syclbin');

/** Run `node` with `args` (plain: no loader, as the bin runs). */
function node(args: string[], cwd = ROOT): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('package bin: one bundle and its code cache', () => {
  it('the cache that the build wrote is accepted by this Node for the bundle as built', () => {
    const probe = `const { readFileSync } = require('node:fs');
      const bin = require(${JSON.stringify(join(DIST_CLI, 'main.js'))});
      const { script, exports } = bin.load(readFileSync(bin.CACHE));
      console.log(JSON.stringify({ rejected: script.cachedDataRejected, exports: Object.keys(exports).sort() }));`;
    const r = node(['-e', probe]);
    expect(r.status, r.stderr).to.equal(0);
    expect(JSON.parse(r.stdout)).to.deep.equal({ rejected: false, exports: ['main', 'runCli'] });
  });

  it('the bundle is ASCII (the bin reads it as Latin-1; scripts/build.ts asciiBundle)', () => {
    const bytes = readFileSync(join(DIST_CLI, 'syclbin.cjs'));
    expect(bytes.findIndex((b) => b > 0x7f)).to.equal(-1);
  });

  it('prints the same bytes with the cache, without it and with a cache V8 rejects', () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-bin-'));
    try {
      const copy = join(dir, 'cli');
      cpSync(DIST_CLI, copy, { recursive: true });
      const want = node([join(DIST_CLI, 'main.js'), 'dump', SAMPLE]);
      expect(want.status, want.stderr).to.equal(0);
      expect(want.stdout).to.match(/^Version: 1$/m);
      rmSync(join(copy, 'syclbin.cjs.cache'));
      expect(node([join(copy, 'main.js'), 'dump', SAMPLE])).to.deep.equal(want);
      // Same length as the real cache, wrong bytes: V8 checks and compiles from source.
      writeFileSync(join(copy, 'syclbin.cjs.cache'), new Uint8Array(readFileSync(join(DIST_CLI, 'syclbin.cjs.cache')).length).fill(0x5a));
      expect(node([join(copy, 'main.js'), 'dump', SAMPLE])).to.deep.equal(want);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an internal error exits 70 with a stack naming the bundle, not the folder of the build that made the cache', () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-bin-'));
    try {
      cpSync(DIST_CLI, join(dir, 'cli'), { recursive: true });
      // A bug stand-in: hashing throws a TypeError (not a DecodeError), which only the top level catches.
      writeFileSync(join(dir, 'bug.cjs'), "require('node:crypto').createHash = () => { throw new TypeError('boom'); };\n");
      const r = node(['-r', join(dir, 'bug.cjs'), join(dir, 'cli', 'main.js'), 'inspect', SAMPLE]);
      expect(r.status).to.equal(70);
      expect(r.stderr).to.match(/^syclbin: internal error: TypeError: boom\n/);
      expect(r.stderr).to.contain('(syclbin-toolkit/dist/cli/syclbin.cjs:');
      expect(r.stderr).not.to.contain(DIST_CLI);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the exit statuses of the command (usage 2, failure 1; a closed pipe: test/cli/edge.test.ts)', () => {
    const usage = node([join(DIST_CLI, 'main.js'), 'dump']);
    expect(usage.status).to.equal(2);
    expect(usage.stderr).to.match(/^syclbin dump: /);
    expect(node([join(DIST_CLI, 'main.js'), 'dump', join(ROOT, 'package.json')]).status).to.equal(1);
  });
});
