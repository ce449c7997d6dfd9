/**
 * The npm package a stranger installs (issue "A package a stranger can clone, install and use"):
 * `npm pack` of this checkout (after `npm run build`, which `npm test` runs first), installed into a
 * scratch consumer, must give a working `syclbin` command, an ESM import, TypeScript types for
 * node16 / nodenext / bundler consumers, a clean publint and are-the-types-wrong report, and a web
 * inspector that `syclbin serve` serves and Chromium runs. The tarball holds only what a user needs.
 * Installing needs the npm registry or npm's cache (CI runs `npm ci` first, which fills the cache).
 */
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { requireTool } from '../support/tools.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'node_modules', '.bin');

function sh(cmd: string, args: string[], cwd: string): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('package: the tarball installed into a scratch consumer', function () {
  this.timeout(300_000);
  let work = '';
  let tarball = '';
  let consumer = '';
  let files: string[] = [];

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'syclbin-pack-'));
    // The build is the one `npm test` just made (npm run build); --ignore-scripts skips `prepare`.
    const p = sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT);
    expect(p.status, p.stderr).to.equal(0);
    const info = JSON.parse(p.stdout) as { filename: string; files: { path: string }[] }[];
    tarball = join(work, info[0]!.filename);
    files = info[0]!.files.map((f) => f.path);
    consumer = join(work, 'consumer');
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    const i = sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], consumer);
    expect(i.status, `npm install ${tarball}: ${i.stderr}`).to.equal(0);
  });
  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds only what a user needs: the built library, the inspector, schemas, docs; no tests, test data, bench or CI', () => {
    for (const want of ['package.json', 'README.md', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/cli/main.js', 'dist/src/cli/main.js', 'dist/formats/offload-binary.js', 'web/index.html', 'web/dist/inspector.js', 'schemas/offload-list.schema.json', 'dist/zstd.wasm']) {
      expect(files, want).to.include(want);
    }
    const unwanted = files.filter((f) => /^(test|testdata|bench|scripts|\.ci|src|formats|node_modules)\//.test(f) || f.endsWith('.map') || f.endsWith('.ts') && !f.endsWith('.d.ts'));
    expect(unwanted).to.deep.equal([]);
  });

  it("the README's embedded images ship with it (an installed README shows them)", () => {
    const readme = readFileSync(join(consumer, 'node_modules', 'syclbin-toolkit', 'README.md'), 'utf8');
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((u) => !/^[a-z]+:/.test(u));
    expect(images.length).to.be.greaterThan(0);
    expect(images.filter((u) => !files.includes(u))).to.deep.equal([]);
  });

  it('no shipped script points at a source map the package does not ship (devtools would request it and get a 404)', () => {
    const pkg = join(consumer, 'node_modules', 'syclbin-toolkit');
    const scripts = files.filter((f) => /\.c?js$/.test(f));
    expect(scripts).to.include('web/dist/inspector.js');
    const dangling = scripts.filter((f) => {
      const m = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(pkg, f), 'utf8').slice(-400));
      return m !== null && !files.includes(posix.join(posix.dirname(f), m[1]!));
    });
    expect(dangling).to.deep.equal([]);
  });

  it('syclbin --help and a real command run from the installed package', () => {
    const bin = join(consumer, 'node_modules', '.bin', 'syclbin');
    const h = sh(bin, ['--help'], consumer);
    expect(h.status).to.equal(0);
    expect(h.stdout).to.match(/^Usage: syclbin <command>/);
    const d = sh(bin, ['dump', join(ROOT, 'testdata/conformance/sample_v1_one_ir.syclbin')], consumer);
    expect(d.status, d.stderr).to.equal(0);
    expect(d.stdout).to.match(/^Version: 1\n/);
  });

  it('an ESM consumer imports the documented API (readSyclbin, lowerManifest, the node entry)', () => {
    writeFileSync(
      join(consumer, 'use.mjs'),
      `import { readSyclbin, lowerManifest, readOffloadInput, inspectInput, LLVM_ERAS } from 'syclbin-toolkit';
       import { openFileSource } from 'syclbin-toolkit/node';
       const src = openFileSource(process.cwd(), ${JSON.stringify(join(ROOT, 'testdata/conformance/sample_v1_one_ir.syclbin'))});
       const f = readSyclbin(src);
       console.log([typeof lowerManifest, typeof readOffloadInput, typeof inspectInput, Object.keys(LLVM_ERAS).join(','), f.abstractModules.length].join(' '));`,
    );
    const r = sh('node', ['use.mjs'], consumer);
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stdout.trim()).to.equal('function function function 19,22,main 1');
  });

  it("a browser's libzstd: syclbin-toolkit/zstd.wasm resolves (import.meta.resolve, require.resolve, a bundler's file loader) and compileZstd takes it", () => {
    const zstdFile = join(ROOT, 'testdata/syclbin/v1_in_offload_v3_zstd.syclbin');
    // The main entry only (no syclbin-toolkit/node, which provides libzstd itself): as a page does it.
    writeFileSync(
      join(consumer, 'zstd.mjs'),
      `import { compileZstd, readSyclbin, zstdAvailable } from 'syclbin-toolkit';
       import { readFileSync } from 'node:fs';
       import { createRequire } from 'node:module';
       import { fileURLToPath } from 'node:url';
       const url = import.meta.resolve('syclbin-toolkit/zstd.wasm');
       const viaRequire = createRequire(import.meta.url).resolve('syclbin-toolkit/zstd.wasm');
       if (fileURLToPath(url) !== viaRequire) throw new Error(url + ' vs ' + viaRequire);
       const before = zstdAvailable();
       await compileZstd(readFileSync(fileURLToPath(url)));
       const f = readSyclbin(readFileSync(${JSON.stringify(zstdFile)}));
       console.log(url.endsWith('/node_modules/syclbin-toolkit/dist/zstd.wasm'), before, zstdAvailable(), f.abstractModules.length > 0);`,
    );
    const r = sh('node', ['zstd.mjs'], consumer);
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stdout.trim()).to.equal('true false true true');
    // A bundler resolves the specifier through the exports map to the file it copies beside the bundle.
    writeFileSync(join(consumer, 'page.mjs'), `import wasmUrl from 'syclbin-toolkit/zstd.wasm';
console.log(wasmUrl);
`);
    const b = sh(join(BIN, 'esbuild'), ['page.mjs', '--bundle', '--loader:.wasm=file', '--outdir=page-out', '--asset-names=[name]'], consumer);
    expect(b.status, b.stderr).to.equal(0);
    expect(readFileSync(join(consumer, 'page-out', 'zstd.wasm'))).to.deep.equal(readFileSync(join(consumer, 'node_modules', 'syclbin-toolkit', 'dist', 'zstd.wasm')));
  });

  // The shipped .d.ts files are checked in full once (skipLibCheck false); the other resolutions check how they resolve.
  for (const [module, resolution, skipLibCheck] of [
    ['nodenext', 'nodenext', false],
    ['node16', 'node16', true],
    ['esnext', 'bundler', true],
  ] as const) {
    it(`a TypeScript consumer (module ${module}, moduleResolution ${resolution}) type-checks against the shipped types`, () => {
      const dir = join(consumer, `ts-${resolution}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      writeFileSync(
        join(dir, 'index.ts'),
        `import { readSyclbin, lowerManifest, type SyclbinFile, type OffloadInput } from 'syclbin-toolkit';
         import { openFileSource } from 'syclbin-toolkit/node';
         const f: SyclbinFile = readSyclbin(openFileSource('.', 'x.syclbin'));
         const n: number = f.abstractModules.length;
         const l: typeof lowerManifest = lowerManifest;
         const o: OffloadInput | undefined = undefined;
         export { n, l, o };`,
      );
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { module, moduleResolution: resolution, target: 'es2022', strict: true, noEmit: true, skipLibCheck, types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')] }, include: ['index.ts'] }),
      );
      const r = sh(join(BIN, 'tsc'), ['-p', 'tsconfig.json'], dir);
      expect(r.status, r.stdout + r.stderr).to.equal(0);
    });
  }

  it('publint and are-the-types-wrong find nothing wrong', () => {
    const pub = sh(join(BIN, 'publint'), ['--strict', join(consumer, 'node_modules', 'syclbin-toolkit')], ROOT);
    expect(pub.status, pub.stdout + pub.stderr).to.equal(0);
    // ESM-only by design (type: module, no require entry): the esm-only profile. ./zstd.wasm is an
    // asset (libzstd's module, for compileZstd), not a module with types: checked by the zstd test above.
    const attw = sh(join(BIN, 'attw'), ['--profile', 'esm-only', '--format', 'ascii', tarball, '--exclude-entrypoints', './zstd.wasm'], ROOT);
    expect(attw.status, attw.stdout + attw.stderr).to.equal(0);
  });

  it('the installed inspector: served by syclbin serve and opened from disk, Chromium runs it and it shows a compressed file from the inside', async () => {
    const executablePath = requireTool('chromium');
    const bin = join(consumer, 'node_modules', '.bin', 'syclbin');
    const child = spawn(bin, ['serve', '--port', '0'], { cwd: consumer });
    try {
      const url = await new Promise<string>((ok, fail) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
          if (m) ok(m[1]!);
        });
        child.once('exit', (code) => fail(new Error(`serve exited ${code}`)));
      });
      const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
      try {
        const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(url);
        await page.waitForFunction(() => document.body.dataset.state === 'empty');
        // The installed page reads a compressed file and shows what is inside it.
        await page.setInputFiles('#file', join(ROOT, 'testdata/syclbin/v1_in_offload_v3_zstd.syclbin'));
        await page.waitForFunction(() => document.body.dataset.state === 'ready');
        await page.click('#inflate');
        await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.view === 'inflated');
        expect(await page.textContent('#status')).to.match(/syclbin-v1-offload, \d+ bytes inflated \(zstd/);
        mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
        await page.screenshot({ path: join(ROOT, 'test-artifacts', 'inspector-installed.png') });
        // And opened from disk, from the installed package (a classic script: no server needed).
        await page.goto(pathToFileURL(join(consumer, 'node_modules', 'syclbin-toolkit', 'web', 'index.html')).href);
        await page.waitForFunction(() => document.body.dataset.state === 'empty');
        await page.setInputFiles('#file', join(ROOT, 'testdata/conformance/sample_v1_one_ir.syclbin'));
        await page.waitForFunction(() => document.body.dataset.state === 'ready');
        expect(errors).to.deep.equal([]);
      } finally {
        await browser.close();
      }
    } finally {
      child.kill();
    }
  });

  it('the tarball lists no file twice and nothing outside its folders', () => {
    expect(new Set(files).size).to.equal(files.length);
    expect(readdirSync(join(consumer, 'node_modules', 'syclbin-toolkit')).sort()).to.deep.equal(['README.md', 'dist', 'docs', 'package.json', 'schemas', 'web']);
  });
});
