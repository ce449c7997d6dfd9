/**
 * intel/llvm's own sycl-post-link lit tests as a conformance suite (issue: "run sycl-post-link's own
 * tests as they are written"). Every test listed in testdata/sycl-post-link/SOURCES.json is run line
 * by line with test/post-link/lit.ts: `sycl-post-link` → `syclbin post-link` (in process), FileCheck
 * → Debian's FileCheck-19 (a process; the suite fails with the package to install when missing).
 *
 *   - `expect: pass`: every RUN line passes, except lines skipped for one of lit.ts's SKIP_REASONS
 *     (an assertions build: `-debug-only`, `%if asserts`; sycl-module-split, another tool; ESIMD
 *     lowering, refused by name; a line reading what a skipped line wrote), reported with the reason;
 *   - `expect: xfail`: the copied revision checks behaviour of another sycl-post-link revision (the
 *     reason says which); at least one line must fail, so a change that makes it pass is noticed.
 * The manifest and the directory must list the same files (no test is silently left out).
 */
import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runLitTest, SKIP_REASONS, type RunResult } from './lit.js';

const ROOT = new URL('../../testdata/sycl-post-link/', import.meta.url).pathname;

interface Entry {
  file: string;
  upstream: string;
  commit?: string;
  checks: string;
  expect: 'pass' | 'xfail';
  reason?: string;
  /** `main`: written for current intel/llvm's rules, run with `--era=main`. */
  era?: 'main';
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'SOURCES.json'), 'utf8')) as { tests: Entry[] };

function listLl(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...listLl(p));
    else if (e.endsWith('.ll')) out.push(relative(ROOT, p));
  }
  return out.sort();
}

function report(r: readonly RunResult[]): string {
  return r.map((x) => `  line ${x.line} ${x.status}${x.reason ? ` (${x.reason})` : ''}: ${x.command}${x.output ? `\n${x.output}` : ''}`).join('\n');
}

describe('sycl-post-link lit tests (testdata/sycl-post-link, FileCheck-19)', function () {
  this.timeout(60_000);
  let work: string;
  before(() => {
    work = mkdtempSync(join(tmpdir(), 'syclbin-lit-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('SOURCES.json lists exactly the copied tests, each with its upstream path (and commit, for an older revision) and what it checks', () => {
    expect(manifest.tests.map((t) => t.file).sort()).to.deep.equal(listLl(ROOT));
    for (const t of manifest.tests) {
      // An older revision of a test sits under revisions/<its commit>/ (SOURCES.json says so).
      const older = /^revisions\/([0-9a-f]{8})\/(.*)$/.exec(t.file);
      expect(t.upstream, t.file).to.equal(`llvm/test/tools/sycl-post-link/${older ? older[2] : t.file}`);
      if (older) expect(t.commit, t.file).to.match(new RegExp(`^${older[1]}`));
      expect(t.checks, t.file).to.be.a('string').and.not.equal('');
      if (t.expect === 'xfail') expect(t.reason, t.file).to.be.a('string').and.not.equal('');
      // A test of current upstream's rules says so, and runs with --era=main.
      if (t.era !== undefined) expect(t.era, t.file).to.equal('main');
    }
  });

  for (const t of manifest.tests) {
    it(`${t.file}${t.expect === 'xfail' ? ' (expected to fail: see its reason in SOURCES.json)' : ''}`, async () => {
      const results = await runLitTest(join(ROOT, t.file), join(work, t.file.replace(/\//g, '__')), t.era);
      expect(results.length, `${t.file} has no RUN lines`).to.be.greaterThan(0);
      const allowed: readonly string[] = Object.values(SKIP_REASONS);
      for (const r of results) if (r.status === 'skipped') expect(allowed, `line ${r.line}: ${r.reason}`).to.include(r.reason);
      const failed = results.filter((r) => r.status === 'fail');
      if (t.expect === 'pass') {
        expect(failed, `${t.file}\n${report(results)}`).to.deep.equal([]);
        expect(results.some((r) => r.status === 'pass'), `${t.file}: no line ran`).to.equal(true);
      } else {
        expect(failed.length, `${t.file} now passes; update SOURCES.json and docs/post-link.md\n${report(results)}`).to.be.greaterThan(0);
      }
    });
  }
});
