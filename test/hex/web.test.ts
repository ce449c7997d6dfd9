/**
 * The web inspector end to end in Debian's chromium driven by playwright-core (never a downloaded
 * browser; missing chromium = failure with the install command): build the bundle with esbuild, serve
 * web/ with `syclbin serve`'s server (strict CSP), open a test file, click a tree node and check the
 * highlighted byte range, click a byte and check the selected node, follow a diagnostic, and load a
 * 100 MB file without freezing (only the visible rows exist). Screenshots go to test-artifacts/.
 */
import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { requireTool } from '../support/tools.js';
import { CSP, startServer } from '../../src/cli/commands/serve.js';
import { memoryBlob, writeSyclbin } from '../../src/syclbin/write.js';
import { sampleModel } from './fixtures.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const ARTIFACTS = ROOT + 'test-artifacts/';
const SAMPLE = ROOT + 'testdata/conformance/sample_v1_one_ir.syclbin';

describe('hex: web inspector (chromium)', function () {
  this.timeout(180000);
  let server: Server;
  let url: string;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  before(async () => {
    const executablePath = requireTool('chromium');
    await build({ entryPoints: [ROOT + 'web/src/app.ts'], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', outfile: ROOT + 'web/dist/inspector.js', sourcemap: true, logLevel: 'warning', loader: { '.wasm': 'binary' } });
    ({ server, url } = await startServer(ROOT + 'web', 0));
    browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
  });

  it('serves the page with a strict CSP and no eval', async () => {
    const res = await page.goto(url);
    expect(res!.status()).to.equal(200);
    const csp = res!.headers()['content-security-policy']!;
    expect(csp).to.equal(CSP);
    expect(csp).to.contain("default-src 'self'");
    // The only relaxation is WebAssembly compilation (libzstd for zstd payloads); no JavaScript eval.
    expect(csp).to.contain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp.replace("'wasm-unsafe-eval'", '')).to.not.match(/unsafe-(eval|inline)/);
    expect(await page.evaluate(() => document.body.dataset.state)).to.equal('empty');
    expect((await fetch(url + '../../package.json')).status).to.equal(404);
  });

  it('opens a file: tree node -> highlighted bytes, byte -> selected node', async () => {
    await page.setInputFiles('#file', SAMPLE);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    // header.metadataTableSize is at 24..32 (spec syclbin-format.md §1.2).
    await page.click('.node[data-path="header.metadataTableSize"]');
    const hl = await page.$$eval('#rows .b.hl', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)));
    expect(hl).to.deep.equal([24, 25, 26, 27, 28, 29, 30, 31]);
    // A group: the whole header (0..56).
    await page.click('.node[data-path="header"]');
    const hl2 = await page.$$eval('#rows .b.hl', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)));
    expect([hl2.length, hl2[0], hl2.at(-1)]).to.deep.equal([56, 0, 55]);
    // Click byte 0x0d (abstract... no: irModuleCount at 12..16).
    await page.click('#rows .b[data-o="13"]');
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('header.irModuleCount');
    expect(await page.$$eval('#rows .b.hl', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)))).to.deep.equal([12, 13, 14, 15]);
    // A byte inside a property line selects the property node.
    const stateLine = await page.$eval('.node[data-path=\'globalMetadata["SYCLBIN/global metadata"]["state"]\']', (e) => e.textContent);
    expect(stateLine).to.contain('state');
    await page.click('.node[data-path=\'globalMetadata["SYCLBIN/global metadata"]["state"]\']');
    const first = await page.$eval('#rows .b.hl', (e) => Number((e as HTMLElement).dataset.o));
    await page.click(`#rows .b[data-o="${first + 3}"]`);
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('globalMetadata["SYCLBIN/global metadata"]["state"]');
    await page.screenshot({ path: ARTIFACTS + 'web-inspector.png' });
    expect(errors).to.deep.equal([]);
  });

  it('reads a zstd-compressed OffloadBinary: libzstd is compiled in the page under the CSP', async () => {
    await page.setInputFiles('#file', ROOT + 'testdata/syclbin/v2_roles_v3_zstd.syclbin');
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    const status = await page.textContent('#status');
    // An annotation error (e.g. UNAVAILABLE: no libzstd) would follow an em dash.
    // The format is known only from the inflated entries (their role strings).
    expect(status).to.match(/^v2_roles_v3_zstd\.syclbin: syclbin-v2, 1184 bytes/);
    expect(status).to.not.contain('\u2014');
    expect(await page.$$eval('.node[data-path="compressedPayload"]', (els) => els.length)).to.equal(1);
    expect(errors).to.deep.equal([]);
  });

  it('diagnostics link to their bytes', async () => {
    await page.setInputFiles('#file', ROOT + 'testdata/broken/v1-reserved-nonzero.syclbin');
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.querySelectorAll('#diagnostics .diag').length > 0);
    await page.click('#diagnostics .diag[data-offset="20"]');
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('header.reserved');
    expect(await page.$$eval('#rows .b.hl', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)))).to.deep.equal([20, 21, 22, 23]);
    await page.screenshot({ path: ARTIFACTS + 'web-inspector-diagnostic.png' });
  });

  it('handles a 100 MB file: visible rows only, scrolling to the end, selection still works', async () => {
    const m = sampleModel();
    const big = new Uint8Array(100 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i & 0xff;
    m.abstractModules[0]!.irModules[0]!.image = memoryBlob(big);
    const path = ARTIFACTS + 'big-100mb.syclbin';
    writeFileSync(path, writeSyclbin(m, { format: 1, envelope: 'none' }));
    const t0 = Date.now();
    await page.setInputFiles('#file', path);
    await page.waitForFunction(() => document.body.dataset.state === 'ready', undefined, { timeout: 60000 });
    const loadMs = Date.now() - t0;
    expect(await page.$$eval('#rows .row', (r) => r.length)).to.be.below(100);
    // Jump to the end, then click the last byte.
    await page.$eval('#hex', (h) => (h.scrollTop = h.scrollHeight));
    await page.waitForTimeout(200);
    const t1 = Date.now();
    const last = await page.$$eval('#rows .b', (els) => Math.max(...els.map((e) => Number((e as HTMLElement).dataset.o))));
    expect(Date.now() - t1).to.be.below(1000);
    const size = await page.evaluate(() => Number(/, (\d+) bytes/.exec(document.getElementById('status')!.textContent ?? '')?.[1]));
    expect(last).to.equal(size - 1);
    await page.click('.node[data-path="abstractModules[0].irModules[0].bytes"]');
    const hl = await page.$$eval('#rows .b.hl', (els) => els.length);
    expect(hl).to.be.greaterThan(100);
    await page.screenshot({ path: ARTIFACTS + 'web-inspector-100mb.png' });
    expect(loadMs, 'load time').to.be.below(45000);
    expect(errors).to.deep.equal([]);
  });
});
