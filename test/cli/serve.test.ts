/**
 * `syclbin serve` never dies on a request, never serves outside its folder, answers only to a
 * loopback Host, and streams files (issue 11 §6): raw HTTP requests against startServer with a
 * served folder holding a symlink out of it, a FIFO, a directory and a sparse 3 GiB file.
 */
import { expect } from 'chai';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync, ftruncateSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSP, startServer } from '../../src/cli/commands/serve.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request; `bytes` stops reading the body after that many bytes (and closes the connection). */
function get(port: number, path: string, opts: { host?: string; method?: string; bytes?: number } = {}): Promise<Reply> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: { Host: opts.host ?? `127.0.0.1:${port}` } }, (res) => {
      let body = '';
      let n = 0;
      res.on('data', (d: Buffer) => {
        n += d.length;
        if (body.length < 4096) body += d.toString('latin1');
        if (opts.bytes !== undefined && n >= opts.bytes) {
          res.destroy();
          ok({ status: res.statusCode!, headers: res.headers, body });
        }
      });
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body }));
      res.on('error', () => ok({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** `syclbin serve --port 0 DIR` as a child process, once its first line (with the address) is out. */
async function serveChild(dir: string): Promise<{ child: ChildProcess; port: number; out: string; err: () => string }> {
  const root = new URL('../../', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--port', '0', dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const port = await new Promise<number>((ok, fail) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /127\.0\.0\.1:(\d+)\//.exec(out);
      if (m && out.includes('\n')) ok(Number(m[1]));
    });
    child.on('exit', () => fail(new Error(`serve exited: ${err}`)));
  });
  return { child, port, out, err: () => err };
}

describe('cli: serve is safe to leave running', function () {
  this.timeout(30000);
  let dir: string;
  let server: Server;
  let port: number;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'syclbin-serve-'));
    const web = join(dir, 'web');
    mkdirSync(join(web, 'sub'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(web, '.hidden'), 'a dotfile');
    writeFileSync(join(web, 'sub', '.env'), 'SECRET=1');
    writeFileSync(join(dir, 'secret.txt'), 'outside the served folder');
    symlinkSync(join(dir, 'secret.txt'), join(web, 'link.txt'));
    symlinkSync(dir, join(web, 'up'));
    symlinkSync('.hidden', join(web, 'hiddenlink'));
    symlinkSync('sub', join(web, 'sublink'));
    writeFileSync(join(web, 'sub', 'plain.txt'), 'plain');
    execFileSync('mkfifo', [join(web, 'pipe')]);
    const fd = openSync(join(web, 'big.bin'), 'w');
    ftruncateSync(fd, 3 * 1024 ** 3); // sparse: 3 GiB claimed, nothing on disk
    closeSync(fd);
    ({ server } = await startServer(web, 0));
    port = (server.address() as { port: number }).port;
  });
  after(async () => {
    await new Promise((r) => server?.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a file with the strict CSP', async () => {
    const r = await get(port, '/');
    expect(r.status).to.equal(200);
    expect(r.headers['content-security-policy']).to.equal(CSP);
    expect(r.body).to.contain('<title>t</title>');
  });

  it('answers only to a loopback Host (DNS rebinding)', async () => {
    expect((await get(port, '/', { host: 'evil.example' })).status).to.equal(421);
    expect((await get(port, '/', { host: `evil.example:${port}` })).status).to.equal(421);
    expect((await get(port, '/', { host: `localhost:${port}` })).status).to.equal(200);
  });

  it('never serves outside its folder: symlinks resolved, traversal refused', async () => {
    expect((await get(port, '/link.txt')).status).to.equal(403);
    expect((await get(port, '/up/secret.txt')).status).to.equal(403);
    expect((await get(port, '/../secret.txt')).status).to.not.equal(200);
    expect((await get(port, '/%2e%2e/secret.txt')).status).to.not.equal(200);
    expect((await get(port, '/sub/..%2f..%2fsecret.txt')).status).to.not.equal(200);
    expect((await get(port, '/a%00b')).status).to.equal(400);
    expect((await get(port, '/%E0%A4%A')).status).to.equal(400);
  });

  it('refuses what is not a regular file, and methods other than GET/HEAD', async () => {
    expect((await get(port, '/pipe')).status).to.equal(404); // a FIFO would block a reader forever
    expect((await get(port, '/sub')).status).to.equal(404);
    expect((await get(port, '/missing')).status).to.equal(404);
    expect((await get(port, '/', { method: 'POST' })).status).to.equal(405);
  });

  it('streams a 3 GiB file (HEAD gives its size; a GET that stops early leaves the server running)', async () => {
    const head = await get(port, '/big.bin', { method: 'HEAD' });
    expect(head.status).to.equal(200);
    expect(head.headers['content-length']).to.equal(String(3 * 1024 ** 3));
    const part = await get(port, '/big.bin', { bytes: 1 << 20 });
    expect(part.status).to.equal(200);
    expect((await get(port, '/')).status).to.equal(200);
  });

  it('raw requests: one Host (any case), origin-form targets only, a 431 for a huge header, no dotfiles', async () => {
    const raw = (text: string): Promise<string> =>
      new Promise((ok, fail) => {
        const c = connect(port, '127.0.0.1', () => c.write(text));
        let got = '';
        c.on('data', (d: Buffer) => (got += d.toString('latin1')));
        c.on('end', () => ok(got));
        c.on('error', fail);
      });
    const status = async (text: string): Promise<string> => (await raw(text)).split('\r\n')[0]!;
    expect(await status(`GET / HTTP/1.1\r\nHost: LOCALHOST:${port}\r\nConnection: close\r\n\r\n`)).to.equal('HTTP/1.1 200 OK');
    expect(await status(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`)).to.equal('HTTP/1.1 400 Bad Request');
    expect(await status(`GET / HTTP/1.1\r\nConnection: close\r\n\r\n`)).to.equal('HTTP/1.1 400 Bad Request');
    expect(await status(`GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)).to.equal('HTTP/1.1 400 Bad Request');
    expect(await status(`GET index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)).to.equal('HTTP/1.1 400 Bad Request');
    expect(await status(`GET /${'a'.repeat(20000)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)).to.equal('HTTP/1.1 431 Request Header Fields Too Large');
    expect(await status(`garbage\r\n\r\n`)).to.equal('HTTP/1.1 400 Bad Request');
    expect((await get(port, '/.hidden')).status).to.equal(404);
    expect((await get(port, '/sub/.env')).status).to.equal(404);
    // Nor through a link inside the folder to a hidden file; a link to a plain folder is fine.
    expect((await get(port, '/hiddenlink')).status).to.equal(404);
    expect((await get(port, '/sublink/.env')).status).to.equal(404);
    expect((await get(port, '/sublink/plain.txt')).body).to.equal('plain');
    // A target starting with '//' is a path (not a host and a path): the file it names, or none.
    expect((await get(port, '//sub/plain.txt')).body).to.equal('plain');
    expect((await get(port, '//anything/index.html')).status).to.equal(404);
    const misdirected = await get(port, '/', { host: 'evil.example' });
    expect(misdirected.body).to.equal('misdirected request: this server answers to a Host of 127.0.0.1 or localhost only\n');
    // The server listens on IPv4 only: the IPv6 loopback is not its name.
    expect((await get(port, '/', { host: '[::1]' })).status).to.equal(421);
    expect((await get(port, '/', { host: `LOCALHOST:${port}` })).status).to.equal(200);
  });

  it('is still up after all of the above', async () => {
    expect(server.listening).to.equal(true);
    expect((await get(port, '/index.html')).status).to.equal(200);
  });
});

describe('cli: serve names a folder that is missing or not a folder', () => {
  it('a missing DIR is "No such file or directory", a file is "not a folder" (status 1, as for a missing input)', async () => {
    const { runCli } = await import('../../src/cli/run.js');
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-serve-arg-'));
    try {
      writeFileSync(join(dir, 'f.txt'), 'x');
      mkdirSync(join(dir, 'empty'));
      for (const [arg, message] of [
        ['nope', 'syclbin serve: error: nope: No such file or directory\n'],
        ['f.txt', 'syclbin serve: error: f.txt: not a folder (serve takes the folder of the files to open, or of an inspector)\n'],
      ]) {
        let err = '';
        const code = await runCli(['serve', '--port', '0', arg!], { stdout: { write: () => undefined }, stderr: { write: (c) => void (err += String(c)) }, cwd: dir, env: {} });
        expect(code).to.equal(1);
        expect(err).to.equal(message);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a port in use says so and what to pass instead (review 2026-11-30u finding 11)', async () => {
    const { runCli } = await import('../../src/cli/run.js');
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-serve-port-'));
    const { server } = await startServer(dir, 0);
    try {
      const port = (server.address() as { port: number }).port;
      let err = '';
      const code = await runCli(['serve', '--port', String(port), dir], { stdout: { write: () => undefined }, stderr: { write: (c) => void (err += String(c)) }, cwd: dir, env: {} });
      expect(code).to.equal(1);
      expect(err).to.equal(`syclbin serve: error: port ${port} on 127.0.0.1 is in use: pass --port N for another port, or --port 0 for any free port\n`);
    } finally {
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cli: serve DIR of your files: the inspector from the package, the files from DIR (review 2026-11-27r)', function () {
  this.timeout(30000);
  it('startServer with two folders: a path is served from the first that has it; the second is as safe as the first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-serve-two-'));
    let server: Server | undefined;
    try {
      const web = join(dir, 'web');
      const files = join(dir, 'files');
      mkdirSync(web);
      mkdirSync(files);
      writeFileSync(join(web, 'index.html'), '<!doctype html><title>inspector</title>');
      writeFileSync(join(files, 'index.html'), 'not the page');
      writeFileSync(join(files, 'k.syclbin'), 'SYBI...');
      writeFileSync(join(files, '.env'), 'SECRET=1');
      writeFileSync(join(dir, 'secret.txt'), 'outside');
      symlinkSync(join(dir, 'secret.txt'), join(files, 'link.txt'));
      ({ server } = await startServer([web, files], 0));
      const port = (server.address() as { port: number }).port;
      expect((await get(port, '/')).body).to.contain('<title>inspector</title>');
      expect(await get(port, '/k.syclbin')).to.deep.include({ status: 200, body: 'SYBI...' });
      expect((await get(port, '/.env')).status).to.equal(404);
      expect((await get(port, '/link.txt')).status).to.equal(403);
      expect((await get(port, '/nope')).status).to.equal(404);
    } finally {
      await new Promise((r) => server?.close(r));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('syclbin serve DIR (no index.html in it): prints the address with ?file= for a file there; the page is the package\'s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-serve-files-'));
    try {
      writeFileSync(join(dir, 'b.syclbin'), 'second');
      writeFileSync(join(dir, 'a k.syclbin'), 'first');
      // (a file the inspector does not explain, first by name, is not the one the address shows)
      writeFileSync(join(dir, 'README.md'), '# notes');
      const root = new URL('../../', import.meta.url).pathname;
      const { child, port, out } = await serveChild(dir);
      expect(out).to.equal(`Serving the inspector at http://127.0.0.1:${port}/ and the files of ${dir} (e.g. http://127.0.0.1:${port}/?file=a%20k.syclbin) (Ctrl-C to stop)\n`);
      expect((await get(port, '/')).body).to.equal(readFileSync(join(root, 'web', 'index.html'), 'latin1').slice(0, 4096));
      expect(await get(port, '/a%20k.syclbin')).to.deep.include({ status: 200, body: 'first' });
      const code = await new Promise<number | null>((ok) => {
        child.on('exit', (c) => ok(c));
        child.kill('SIGINT');
      });
      expect(code).to.equal(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('syclbin serve DIR of folders only (as testdata/): the example is a file in a subfolder, nearest first (review 2026-11-28c finding 12)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-serve-folders-'));
    try {
      mkdirSync(join(dir, 'b', 'deeper'), { recursive: true });
      mkdirSync(join(dir, 'a'));
      mkdirSync(join(dir, '.hidden'));
      writeFileSync(join(dir, '.hidden', 'x.syclbin'), 'hidden');
      writeFileSync(join(dir, 'b', 'k.syclbin'), 'second');
      writeFileSync(join(dir, 'a', 'notes.txt'), 'text');
      writeFileSync(join(dir, 'b', 'deeper', 'a.syclbin'), 'deeper');
      const { child, port, out } = await serveChild(dir);
      expect(out).to.equal(`Serving the inspector at http://127.0.0.1:${port}/ and the files of ${dir} (e.g. http://127.0.0.1:${port}/?file=b/k.syclbin) (Ctrl-C to stop)\n`);
      expect(await get(port, '/b/k.syclbin')).to.deep.include({ status: 200, body: 'second' });
      child.kill('SIGINT');
      await new Promise((ok) => child.on('exit', ok));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cli: serve stops on Ctrl-C even while a download runs', function () {
  this.timeout(30000);
  it('SIGINT: "stopping", open downloads cut after a second, status 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-serve-stop-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
      const fd = openSync(join(dir, 'big.bin'), 'w');
      ftruncateSync(fd, 3 * 1024 ** 3);
      closeSync(fd);
      const { child, port, err } = await serveChild(dir);
      // A download that reads nothing more after its first bytes (a slow client).
      await new Promise<void>((ok) => {
        const req = request({ host: '127.0.0.1', port, path: '/big.bin', headers: { Host: `127.0.0.1:${port}` } }, (res) => {
          res.once('data', () => {
            res.pause();
            ok();
          });
        });
        req.on('error', () => undefined);
        req.end();
      });
      const t0 = Date.now();
      const code = await new Promise<number | null>((ok) => {
        child.on('exit', (c) => ok(c));
        child.kill('SIGINT');
      });
      expect(Date.now() - t0).to.be.lessThan(5000);
      expect(code).to.equal(0);
      expect(err()).to.contain('syclbin serve: stopping');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
