/**
 * The web inspector end to end in Debian's chromium driven by playwright-core (never a downloaded
 * browser; missing chromium = failure with the install command): build the bundle with esbuild, serve
 * web/ with `syclbin serve`'s server (strict CSP), open a test file, click a tree node and check the
 * highlighted byte range, click a byte and check the selected node, follow a diagnostic, show what is
 * inside a compressed envelope, open the page from disk (file://: a classic script, no server), and
 * load a 100 MB file with only the visible rows in the page. No timing is asserted (bench/ measures).
 * Screenshots go to test-artifacts/ (`npm run screenshots` copies them to docs/img/).
 */
import { expect } from 'chai';
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Server } from 'node:http';
import { build } from 'esbuild';
import { WEB_BUILD } from '../../scripts/build.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { requireTool } from '../support/tools.js';
import { CSP, startServer } from '../../src/cli/commands/serve.js';
import { memoryBlob, writeSyclbin } from '../../src/syclbin/write.js';
import { writeOffloadBinary } from '../../src/offload/write.js';
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
    await build(WEB_BUILD);
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
    // Typed values in words, as `syclbin props` says them (not their JSON).
    expect(stateLine).to.contain('0 (input)');
    expect(await page.$eval('.node[data-path=\'abstractModules[0].irModules[0].metadata["SYCLBIN/ir module metadata"]["type"]\']', (e) => e.textContent)).to.contain('0 (SPIR-V)');
    await page.click('.node[data-path=\'globalMetadata["SYCLBIN/global metadata"]["state"]\']');
    const first = await page.$eval('#rows .b.hl', (e) => Number((e as HTMLElement).dataset.o));
    await page.click(`#rows .b[data-o="${first + 3}"]`);
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('globalMetadata["SYCLBIN/global metadata"]["state"]');
    // A group's row gives its own span as `syclbin annotate` prints it (0x38 +32, the header-table
    // entry), then the bytes with its parts (review 2026-12-02b finding 3); a leaf its own bytes.
    const meta = (path: string): Promise<string> => page.$eval(`.node[data-path="${path}"] > .meta`, (e) => e.textContent ?? '');
    expect(await meta('abstractModules[0]')).to.match(/^group @0x38 \+32 \(\d+ with its parts\)$/);
    expect(await meta('header')).to.equal('group @0x0 +56');
    expect(await meta('header.metadataTableSize')).to.match(/^\w+ @0x18 \+8$/);
    await page.screenshot({ path: ARTIFACTS + 'inspector-serve.png' });
    expect(errors).to.deep.equal([]);
  });

  it('shows what is inside a compressed envelope: the inflated header + payload, and back', async () => {
    await page.setInputFiles('#file', ROOT + 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin');
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    expect(await page.isVisible('#inflate')).to.equal(true);
    await page.click('#inflate');
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.view === 'inflated');
    expect(await page.textContent('#status')).to.match(/^v1_in_offload_v3_zlib\.syclbin: syclbin-v1-offload, 2040 bytes inflated \(zlib; header \+ payload\)/);
    // The SYCLBIN inside the payload, field by field: its header's irModuleCount at 0x94 of the inflated space
    // (the same bytes `syclbin hexdump --inflated` names).
    // Nested nodes start collapsed and are rendered when opened: a byte selects (and reveals) its node.
    await page.click('#rows .b[data-o="148"]');
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('entries[0].image.header.irModuleCount');
    await page.click('.node[data-path="entries[0].image.header.irModuleCount"]');
    const hl = await page.$$eval('#rows .b.hl', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)));
    expect(hl).to.deep.equal([0x94, 0x95, 0x96, 0x97]);
    expect(await page.$$eval('.node[data-path^="entries[0].image.abstractModules"]', (els) => els.length)).to.be.greaterThan(0);
    await page.screenshot({ path: ARTIFACTS + 'inspector-inflated.png' });
    await page.click('#inflate');
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.view === 'file');
    expect(await page.$$eval('.node[data-path="compressedPayload"]', (els) => els.length)).to.equal(1);
    // A file without a compressed payload has no such button.
    await page.setInputFiles('#file', SAMPLE);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    expect(await page.isVisible('#inflate')).to.equal(false);
    expect(errors).to.deep.equal([]);
  });

  it('works opened from disk (file://, no server): the script runs, a file opens, zstd reads', async () => {
    const local = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const localErrors: string[] = [];
    local.on('pageerror', (e) => localErrors.push(String(e)));
    local.on('console', (m) => {
      if (m.type() === 'error') localErrors.push(m.text());
    });
    try {
      await local.goto(pathToFileURL(ROOT + 'web/index.html').href);
      await local.waitForFunction(() => document.body.dataset.state === 'empty');
      await local.setInputFiles('#file', ROOT + 'testdata/syclbin/v2_roles_v3_zstd.syclbin');
      await local.waitForFunction(() => document.body.dataset.state === 'ready');
      expect(await local.textContent('#status')).to.match(/^v2_roles_v3_zstd\.syclbin: syclbin-v2, 1184 bytes/);
      await local.click('#inflate');
      await local.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.view === 'inflated');
      expect(await local.$$eval('.node[data-path^="entries[1]"]', (els) => els.length)).to.be.greaterThan(0);
      await local.screenshot({ path: ARTIFACTS + 'inspector-file.png' });
      expect(localErrors).to.deep.equal([]);
    } finally {
      await local.close();
    }
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

  it('an error only the checks find (bitcode LLVM cannot read) is on the status line too, as a reader error is (review 2026-12-02b finding 5)', async () => {
    // (every status text shown, in order: the page says it is busy before it reads the structure)
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statuses: string[] }).statuses = seen;
      new MutationObserver(() => seen.push(document.getElementById('status')!.textContent ?? '')).observe(document.getElementById('status')!, { childList: true, characterData: true, subtree: true });
    });
    await page.setInputFiles('#file', ROOT + 'testdata/offload/k.bc');
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    const statuses = await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
    expect(statuses.slice(0, 2)).to.deep.equal(['reading k.bc (9 bytes)…', 'reading the structure of k.bc (9 bytes)… the page is busy until it is read']);
    expect(await page.textContent('#status')).to.match(/^k\.bc: bitcode, 9 bytes, \d+ leaf spans \(\d+ ms\) \u2014 .*not a multiple of 4/);
    expect(await page.textContent('#diagnostics h3')).to.match(/^Diagnostics: 1 error\(s\)/);
  });

  it('a diagnostic on a property line that did not parse selects that line (the annotation records it at the error\'s path)', async () => {
    await page.setInputFiles('#file', ROOT + 'testdata/broken/v1-property-syntax.syclbin');
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.querySelectorAll('#diagnostics .diag').length > 0);
    // verify: globalMetadata["SYCLBIN/global metadata"]["state"] at 250 (0xfa), the line `state=1|x`.
    await page.click('#diagnostics .diag[data-offset="250"]');
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('globalMetadata["SYCLBIN/global metadata"]["state"]');
    expect(await page.$$eval('#rows .b.cursor', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)))).to.deep.equal([250]);
    expect(await page.$$eval('#rows .b.hl', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)))).to.include(250);
    expect(errors).to.deep.equal([]);
  });

  it('handles a 100 MB file: visible rows only, scrolling to the end, selection still works', async () => {
    const m = sampleModel();
    const big = new Uint8Array(100 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i & 0xff;
    m.abstractModules[0]!.irModules[0]!.image = memoryBlob(big);
    const path = ARTIFACTS + 'big-100mb.syclbin';
    writeFileSync(path, writeSyclbin(m, { format: 1, envelope: 'none' }));
    await page.setInputFiles('#file', path);
    await page.waitForFunction(() => document.body.dataset.state === 'ready', undefined, { timeout: 120000 });
    expect(await page.$$eval('#rows .row', (r) => r.length)).to.be.below(100);
    // Jump to the end, then click the last byte.
    await page.$eval('#hex', (h) => (h.scrollTop = h.scrollHeight));
    await page.waitForTimeout(200);
    const last = await page.$$eval('#rows .b', (els) => els.reduce((m, e) => Math.max(m, Number((e as HTMLElement).dataset.o)), -1));
    const size = await page.evaluate(() => Number(/, (\d+) bytes/.exec(document.getElementById('status')!.textContent ?? '')?.[1]));
    expect(last).to.equal(size - 1);
    await page.click('.node[data-path="abstractModules[0].irModules[0].bytes"]');
    const hl = await page.$$eval('#rows .b.hl', (els) => els.length);
    expect(hl).to.be.greaterThan(100);
    await page.screenshot({ path: ARTIFACTS + 'web-inspector-100mb.png' });
    expect(errors).to.deep.equal([]);
  });

  it('a tree of 20,000 property lines is rendered lazily (a page of rows, not every node); a byte deep in it reveals its node; diagnostics come a page at a time', async () => {
    const lines = ['[SYCL/devicelib req mask]'];
    for (let i = 0; i < 20_000; i++) lines.push(`key${i}=1|${i}`);
    const path = ARTIFACTS + 'props-20k.prop';
    const text = lines.join('\n') + '\n';
    writeFileSync(path, text);
    await page.setInputFiles('#file', path);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    expect(await page.$$eval('.node', (els) => els.length)).to.be.below(500);
    // The last line's value: its node is made when its byte is clicked (wait for the rows of the
    // scrolled-to end: a fixed pause fails on a loaded machine).
    await page.$eval('#hex', (h) => (h.scrollTop = h.scrollHeight));
    await page.waitForFunction((end) => document.querySelector(`#rows .b[data-o="${end}"]`) !== null, text.length - 1);
    const last = await page.$$eval('#rows .b', (els) => Math.max(...els.map((e) => Number((e as HTMLElement).dataset.o))));
    // (clicked in the page: the rows are redrawn on every scroll frame, so an element found by a pointer
    // click's actionability checks may be replaced before the click lands, on a loaded machine)
    await page.evaluate((o) => (document.querySelector(`#rows .b[data-o="${o}"]`) as HTMLElement).click(), last - 1);
    // (the node is made and selected after the click's handler runs: waited for, a loaded machine is slow)
    await page.waitForSelector('.node.selected');
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('["SYCL/devicelib req mask"]["key19999"]');
    expect(await page.$$eval('.node', (els) => els.length)).to.be.below(20_500);
    // 20,000 findings: the first page and a "more" row.
    await page.waitForFunction(() => document.querySelectorAll('#diagnostics .diag').length > 0);
    const diags = await page.$$eval('#diagnostics .diag', (els) => els.length);
    expect(diags).to.be.below(300);
    await page.click('#diagnostics .diag.more');
    expect(await page.$$eval('#diagnostics .diag', (els) => els.length)).to.be.greaterThan(diags);
    expect(errors).to.deep.equal([]);
  });

  it('a byte at the end of 20,000 property lines renders the page of its node only, a "more" row for the pages before it (200,000 lines froze the page for seconds)', async () => {
    const lines = ['[SYCL/devicelib req mask]'];
    for (let i = 0; i < 20_000; i++) lines.push(`key${i}=1|${i}`);
    const path = ARTIFACTS + 'props-20k-end.prop';
    const text = lines.join('\n') + '\n';
    writeFileSync(path, text);
    await page.goto(url);
    await page.setInputFiles('#file', path);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    await page.$eval('#hex', (h) => (h.scrollTop = h.scrollHeight));
    await page.waitForFunction((end) => document.querySelector(`#rows .b[data-o="${end}"]`) !== null, text.length - 1);
    await page.evaluate((o) => (document.querySelector(`#rows .b[data-o="${o}"]`) as HTMLElement).click(), text.length - 2);
    await page.waitForSelector('.node.selected');
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('["SYCL/devicelib req mask"]["key19999"]');
    // The first page (rendered when the set opened), the last (19,800..19,999) and one row for the 98
    // pages between them.
    expect(await page.$$eval('.node', (els) => els.length)).to.be.below(500);
    expect(await page.$$eval('.node.more', (els) => els.map((e) => e.textContent))).to.deep.equal(['… 19600 more (show 200)']);
    // That row renders the first page of its run in its place: the keys stay in order.
    await page.click('.node.more');
    const keys = await page.$$eval('.node[data-path^=\'["SYCL/devicelib req mask"]["key\']', (els) => els.map((e) => Number(/key(\d+)/.exec((e as HTMLElement).dataset.path!)![1])));
    expect([keys.length, keys[0], keys[399], keys[400], keys.at(-1)]).to.deep.equal([600, 0, 399, 19_800, 19_999]);
    expect(keys).to.deep.equal([...keys].sort((a, b) => a - b));
    expect(await page.$$eval('.node.more', (els) => els.map((e) => e.textContent))).to.deep.equal(['… 19400 more (show 200)']);
    // Keyboard: Down from key399 reaches the "more" row, Enter renders the page there and moves to key400.
    await page.click('.node[data-path=\'["SYCL/devicelib req mask"]["key399"]\']');
    await page.focus('.node.selected');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('["SYCL/devicelib req mask"]["key400"]');
    expect(errors).to.deep.equal([]);
  });

  it('the file chosen last is the one shown: a large file chosen first and still being read does not replace it', async () => {
    await page.goto(url);
    const big = ARTIFACTS + 'race-100mb.bin';
    const fd = openSync(big, 'w');
    ftruncateSync(fd, 100 * 1024 * 1024);
    closeSync(fd);
    try {
      await page.setInputFiles('#file', big);
      await page.setInputFiles('#file', ROOT + 'testdata/props/sample.prop');
      await page.waitForFunction(() => document.body.dataset.state === 'ready' && /^sample\.prop: /.test(document.getElementById('status')!.textContent ?? ''));
      // Long enough for the large file's read to end (it ended after the small one's, and replaced it).
      await page.waitForTimeout(3000);
      expect(await page.textContent('#status')).to.match(/^sample\.prop: property-sets, 673 bytes/);
      expect(await page.textContent('#tree h3')).to.equal('Structure (property-sets, 673 bytes)');
      expect(await page.evaluate(() => document.body.dataset.state)).to.equal('ready');
    } finally {
      rmSync(big, { force: true });
    }
    expect(errors).to.deep.equal([]);
  });

  it('a diagnostic goes to its own bytes when its node has several ranges (v1_layout_freedom: binaryTable.unreferenced twice)', async () => {
    await page.setInputFiles('#file', ROOT + 'testdata/syclbin/v1_layout_freedom.syclbin');
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.querySelectorAll('#diagnostics .diag').length > 1);
    // binaryTable.unreferenced at 0x251 and at 0x324 (804): the second one.
    await page.click('#diagnostics .diag[data-offset="804"]');
    expect(await page.$$eval('#rows .b.cursor', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)))).to.deep.equal([804]);
    expect(await page.$$eval('#rows .b.hl', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)))).to.include(804);
  });

  it('keyboard: Enter on "Open file…" opens the chooser; arrows move in the tree and in the hex view', async () => {
    await page.setInputFiles('#file', SAMPLE);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    // Enter on the focused button clicks the hidden input (counted here, and its chooser not opened:
    // whether headless Chromium shows one is not what is tested).
    await page.evaluate(() => {
      const w = window as unknown as { inputClicks: number };
      w.inputClicks = 0;
      document.getElementById('file')!.addEventListener('click', (e) => {
        w.inputClicks++;
        e.preventDefault();
      });
    });
    await page.focus('#open');
    await page.keyboard.press('Enter');
    await page.keyboard.press(' ');
    expect(await page.evaluate(() => (window as unknown as { inputClicks: number }).inputClicks)).to.equal(2);
    await page.click('.node[data-path="header.version"]');
    await page.keyboard.press('ArrowDown');
    const next = await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path);
    expect(next).to.not.equal('header.version');
    expect(next).to.match(/^header\./);
    await page.keyboard.press('ArrowUp');
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('header.version');
    await page.click('#rows .b[data-o="9"]');
    await page.keyboard.press('ArrowRight');
    expect(await page.$$eval('#rows .b.cursor', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)))).to.deep.equal([10]);
    await page.keyboard.press('ArrowDown');
    expect(await page.$$eval('#rows .b.cursor', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)))).to.deep.equal([26]);
  });

  it('dragging over the page: the drop overlay stays while the pointer moves between elements, and goes when it leaves the page (it flickered)', async () => {
    await page.goto(url);
    const dragging = (): Promise<boolean> => page.evaluate(() => document.body.classList.contains('dragging'));
    const fire = (type: string, selector: string): Promise<void> =>
      page.evaluate(([t, sel]) => void document.querySelector(sel!)!.dispatchEvent(new DragEvent(t!, { bubbles: true, cancelable: true, dataTransfer: new DataTransfer() })), [type, selector]);
    await fire('dragenter', 'body');
    await fire('dragover', 'body');
    expect(await dragging()).to.equal(true);
    // Into a child: it is entered before the body is left.
    await fire('dragenter', '#hex');
    await fire('dragleave', 'body');
    expect(await dragging()).to.equal(true);
    await fire('dragleave', '#hex');
    expect(await dragging()).to.equal(false);
    expect(errors).to.deep.equal([]);
  });

  it('keyboard: in a file just opened, the first arrow in the hex view puts the cursor on byte 0 (it went a step past it)', async () => {
    await page.goto(url);
    await page.setInputFiles('#file', SAMPLE);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    await page.focus('#hex');
    await page.keyboard.press('ArrowDown');
    expect(await page.$$eval('#rows .b.cursor', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)))).to.deep.equal([0]);
    await page.keyboard.press('ArrowDown');
    expect(await page.$$eval('#rows .b.cursor', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)))).to.deep.equal([16]);
  });

  it('keyboard: the hex view\'s arrows go on from the node chosen in the tree, not from a byte clicked before', async () => {
    await page.goto(url);
    await page.setInputFiles('#file', SAMPLE);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    await page.click('#rows .b[data-o="2"]');
    // header.metadataTableSize is at 24..32 (spec syclbin-format.md §1.2).
    await page.click('.node[data-path="header.metadataTableSize"]');
    await page.focus('#hex');
    await page.keyboard.press('ArrowRight');
    expect(await page.$$eval('#rows .b.cursor', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)))).to.deep.equal([25]);
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('header.metadataTableSize');
    expect(errors).to.deep.equal([]);
  });

  it('accessibility: the open button, the tree and its rows have roles and names; the selected row says so; diagnostics are buttons', async () => {
    await page.goto(url);
    expect(await page.getAttribute('#open', 'role')).to.equal('button');
    await page.setInputFiles('#file', ROOT + 'testdata/syclbin/v1_legacy_252.syclbin');
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.querySelectorAll('#diagnostics .diag').length > 0);
    expect(await page.getAttribute('ul[role=tree]', 'aria-label')).to.equal('structure of v1_legacy_252.syclbin');
    // The parts of a row apart in its name (their text runs together: "versionfield @0x4 +4= 1").
    expect(await page.getAttribute('.node[data-path="header.version"]', 'aria-label')).to.equal('version field @0x4 +4 = 1');
    await page.click('.node[data-path="header.version"]');
    expect(await page.$$eval('[role=treeitem][aria-selected=true]', (els) => els.map((e) => (e as HTMLElement).dataset.path))).to.deep.equal(['header.version']);
    await page.click('#rows .b[data-o="9"]');
    expect(await page.$$eval('[role=treeitem][aria-selected=true]', (els) => els.map((e) => (e as HTMLElement).dataset.path))).to.deep.equal(['header.abstractModuleCount']);
    expect(await page.getAttribute('.node[data-path="header.version"]', 'aria-selected')).to.equal('false');
    // The focus ring of the selected row shows on it (the ring was the colour of its background).
    await page.focus('.node.selected');
    expect(await page.$eval('.node.selected', (e) => [getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineColor !== getComputedStyle(e).backgroundColor])).to.deep.equal(['solid', true]);
    expect(await page.$$eval('#diagnostics .diag', (els) => els.map((e) => e.getAttribute('role')))).to.satisfy((r: string[]) => r.length > 0 && r.every((x) => x === 'button'));
    expect(errors).to.deep.equal([]);
  });

  it('keyboard: the diagnostics are one Tab stop, the arrows, Home and End move among them, and "more" hands the stop to the page it shows', async () => {
    await page.goto(url);
    const lines = ['[SYCL/devicelib req mask]'];
    for (let i = 0; i < 600; i++) lines.push(`key${i}=1|${i}`);
    const path = ARTIFACTS + 'props-600.prop';
    writeFileSync(path, lines.join('\n') + '\n');
    await page.setInputFiles('#file', path);
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.querySelectorAll('#diagnostics .diag').length > 2);
    const stops = (): Promise<string[]> => page.$$eval('#diagnostics .diag', (els) => els.filter((e) => (e as HTMLElement).tabIndex === 0).map((e) => (e as HTMLElement).dataset.index ?? 'more'));
    expect(await stops()).to.deep.equal(['0']);
    await page.focus('#diagnostics .diag[data-index="0"]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.index)).to.equal('2');
    expect(await stops()).to.deep.equal(['2']);
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.index)).to.equal('1');
    // End: the "more" row; Enter shows the next page, whose first diagnostic takes the focus and the stop.
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement!.classList.contains('more'))).to.equal(true);
    const shown = await page.$$eval('#diagnostics .diag:not(.more)', (els) => els.length);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.index)).to.equal(String(shown));
    expect(await stops()).to.deep.equal([String(shown)]);
    await page.keyboard.press('Home');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.index)).to.equal('0');
    expect(errors).to.deep.equal([]);
  });

  it('?file=NAME opens a file served beside the page; another origin, a missing file and a page from disk say why not', async () => {
    const { mkdtempSync, copyFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(tmpdir() + '/syclbin-web-file-');
    mkdirSync(dir + '/dist');
    for (const f of ['index.html', 'style.css', 'dist/inspector.js']) copyFileSync(ROOT + 'web/' + f, `${dir}/${f}`);
    copyFileSync(SAMPLE, dir + '/sample one.syclbin');
    const second = await startServer(dir, 0);
    try {
      await page.goto(`${second.url}?file=${encodeURIComponent('sample one.syclbin')}`);
      await page.waitForFunction(() => document.body.dataset.state === 'ready');
      expect(await page.textContent('#status')).to.match(/^sample one\.syclbin: syclbin-v1, /);
      expect(await page.$$eval('.node[data-path="header"]', (els) => els.length)).to.equal(1);
      // A name is a file name, not a URL: '%', '?' and '#' in it are the file's (serve prints
      // ?file=100%25.prop for DIR/100%.prop; the page fetched "100%.prop" as a URL: 400).
      for (const name of ['100%.syclbin', 'q?x.syclbin', 'a#1.syclbin']) {
        copyFileSync(SAMPLE, `${dir}/${name}`);
        await page.goto(`${second.url}?file=${encodeURIComponent(name)}`);
        await page.waitForFunction(() => document.body.dataset.state === 'ready' || document.body.dataset.state === 'error');
        expect(await page.textContent('#status')).to.match(new RegExp(`^${name.replace(/[?]/g, '\\?')}: syclbin-v1, `));
      }
      for (const [name, why] of [['missing.bin', /cannot open missing\.bin: the server answered 404/], ['https://evil.example/x.bin', /only files of this page's own server are fetched/]] as const) {
        await page.goto(`${second.url}?file=${encodeURIComponent(name)}`);
        await page.waitForFunction(() => document.body.dataset.state === 'error');
        expect(await page.textContent('#status')).to.match(why);
      }
      await page.goto(`${pathToFileURL(ROOT + 'web/index.html').href}?file=x.syclbin`);
      await page.waitForFunction(() => document.body.dataset.state === 'error');
      expect(await page.textContent('#status')).to.match(/a page opened from disk cannot fetch files/);
    } finally {
      await new Promise((r) => second.server.close(r));
      rmSync(dir, { recursive: true, force: true });
      await page.goto(url);
    }
    expect(errors.filter((e) => !/404|Failed to load resource/.test(e))).to.deep.equal([]);
    errors.length = 0;
  });

  it('OffloadBinary kinds are named in the tree, as inspect names them', async () => {
    await page.setInputFiles('#file', ROOT + 'testdata/llvm22/sycl/k.img');
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    expect(await page.$eval('.node[data-path="entries[0].imageKind"]', (e) => e.textContent)).to.contain('0 (none)');
    const kind = await page.$eval('.node[data-path="entries[0].offloadKind"]', (e) => e.textContent);
    expect(kind).to.contain('8 (sycl)');
    expect(kind, 'kind 8 has one meaning').to.not.contain('ambiguous');
    // A SYCLBIN's envelope: named as inspect names it (image kind 7: intel/llvm's numbering, and what LLVM 22 calls the number).
    await page.setInputFiles('#file', ROOT + 'testdata/syclbin/v1_in_offload_v1.syclbin');
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    expect(await page.$eval('.node[data-path="entries[0].offloadKind"]', (e) => e.textContent)).to.match(/4 \(sycl; intel\/llvm's numbering, .* calls it hip\)/);
  });

  it('a tail-merged string is shown under every entry that uses it, with its value and extent; overlapping images with their own bytes', async () => {
    await page.setInputFiles('#file', ROOT + 'testdata/syclbin/v2_roles_v3_zstd.syclbin');
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    await page.click('#inflate');
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.view === 'inflated');
    // entries[0] owns "sycl_format_version" (0x37f, 20 bytes); entries[1] points at the same bytes.
    const sel = '.node[data-path="entries[1].strings[0].key"]';
    await page.evaluate((s) => {
      for (let i = 0; i < 8 && !document.querySelector(s); i++) document.querySelectorAll('li.collapsed > .node .twisty').forEach((t) => (t as HTMLElement).click());
    }, sel);
    const row = await page.$eval(sel, (e) => e.textContent!);
    expect(row).to.contain('= "sycl_format_version"');
    expect(row).to.contain('(the bytes of entries[0].strings[0].key)');
    await page.click(sel);
    const hl = await page.$$eval('#rows .b.hl', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)));
    expect([hl.length, hl[0], hl.at(-1)]).to.deep.equal([20, 0x37f, 0x392]);
    // Two images overlap: the second (5 bytes at 0x321) owns only 3 of them; its node still covers all 5.
    await page.setInputFiles('#file', ROOT + 'testdata/broken/v1-overlapping-images.syclbin');
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    const img = '.node[data-path="abstractModules[0].nativeImages[0].bytes"]';
    await page.evaluate((s) => {
      for (let i = 0; i < 8 && !document.querySelector(s); i++) document.querySelectorAll('li.collapsed > .node .twisty').forEach((t) => (t as HTMLElement).click());
    }, img);
    await page.click(img);
    const lit = (): Promise<number[]> => page.$$eval('#rows .b.hl', (els) => els.map((e) => Number((e as HTMLElement).dataset.o)));
    expect(await lit()).to.deep.equal([0x321, 0x322, 0x323, 0x324, 0x325]);
    // The overlap diagnostics select each image with all its bytes (not the part it owns, nor one byte).
    await page.waitForFunction(() => document.querySelectorAll('#diagnostics .diag').length > 0);
    await page.click('#diagnostics .diag[data-offset="801"]');
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('abstractModules[0].nativeImages[0].bytes');
    expect(await lit()).to.deep.equal([0x321, 0x322, 0x323, 0x324, 0x325]);
    await page.click('#diagnostics .diag[data-offset="800"]');
    expect(await page.$eval('.node.selected', (e) => (e as HTMLElement).dataset.path)).to.equal('abstractModules[1].irModules[0].bytes');
    expect(await lit()).to.deep.equal([0x320, 0x321, 0x322]);
    expect(errors).to.deep.equal([]);
  });

  it('a payload that cannot be inflated leaves the file view ready; a file the page cannot read is an error, not "reading…" forever', async () => {
    const bytes = new Uint8Array(readFileSync(ROOT + 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin'));
    // InflatedSize (header offset 32) claims more than the stream gives.
    new DataView(bytes.buffer).setBigUint64(32, new DataView(bytes.buffer).getBigUint64(32, true) + 4096n, true);
    const lying = ARTIFACTS + 'lying-inflated-size.bin';
    writeFileSync(lying, bytes);
    await page.setInputFiles('#file', lying);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    // The file view already failed to inflate it: the button is there, disabled, and says why.
    expect(await page.isVisible('#inflate')).to.equal(true);
    expect(await page.isDisabled('#inflate')).to.equal(true);
    expect(await page.getAttribute('#inflate', 'title')).to.match(/^cannot inflate: zlib stream inflates to 2000 bytes but InflatedSize declares/);
    expect(await page.evaluate(() => document.body.dataset.view)).to.equal('file');
    // A payload that inflates but holds a broken SYCLBIN (abstractModuleCount 0xffff): the file view
    // reports it at compressedPayload, and the inflated view is where it is seen in place.
    const inner = new Uint8Array(readFileSync(ROOT + 'testdata/syclbin/v1_one_ir.syclbin'));
    new DataView(inner.buffer).setUint32(8, 0xffff, true);
    const broken = ARTIFACTS + 'broken-inside-zlib.bin';
    writeFileSync(broken, writeOffloadBinary([{ imageKind: 7, offloadKind: 4, strings: { triple: 'spir64-unknown-unknown' }, image: inner }], { version: 3, compression: 'zlib' }));
    await page.setInputFiles('#file', broken);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    expect(await page.isDisabled('#inflate')).to.equal(false);
    await page.click('#inflate');
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.view === 'inflated');
    expect(await page.textContent('#status')).to.match(/inflated \(zlib; header \+ payload\).*abstract module header table/);
    // The inflated view lists the checks of the inflated space, at its offsets (review 2026-11-28c finding 4).
    await page.waitForFunction(() => document.querySelectorAll('#diagnostics .diag').length > 0);
    expect(await page.$eval('#diagnostics h3', (e) => e.textContent)).to.match(/^Inflated view: offsets are into the header \+ inflated payload/);
    expect(await page.$$eval('#diagnostics .diag .sev-error', (els) => els.length)).to.be.greaterThan(0);
    await page.click('#inflate');
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.view === 'file');
    // 3 GiB (sparse): more than an ArrayBuffer holds.
    const huge = ARTIFACTS + 'huge-3g.bin';
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, 3 * 2 ** 30);
    closeSync(fd);
    try {
      await page.setInputFiles('#file', huge);
      await page.waitForFunction(() => document.body.dataset.state === 'error');
      expect(await page.textContent('#status')).to.match(/^cannot read huge-3g\.bin: 3221225472 bytes is more than a page can read at once/);
      // The whole message is the status line's tooltip; the previous file's views are gone.
      expect(await page.getAttribute('#status', 'title')).to.equal(await page.textContent('#status'));
      expect(await page.$$eval('#tree .node', (els) => els.length)).to.equal(0);
      expect(await page.$$eval('#rows .b', (els) => els.length)).to.equal(0);
      expect(await page.isDisabled('#export')).to.equal(true);
    } finally {
      rmSync(huge, { force: true });
    }
  });
});
