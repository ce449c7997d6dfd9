/**
 * `syclbin serve [DIR] [--port N]`: serve the web inspector (web/, built by `npm run build`) on
 * 127.0.0.1 with a strict Content-Security-Policy (no inline code, no eval). The page parses files in
 * the browser; this server only hands out static files:
 * - GET/HEAD only, no directory listing;
 * - only files whose real path (symlinks resolved) lies inside the served folder's real path;
 * - only requests whose Host header names the loopback address (no DNS rebinding);
 * - files are streamed, never read whole, and no request can stop the server (every failure is a
 *   status code: 400, 403, 404, 405, 421, 500).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createReadStream, existsSync, opendirSync, realpathSync, statSync, type Dir } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { defineCommand, EXIT } from '../command.js';
import { CommandFailure, FileFailure } from '../errors.js';
import { opt } from '../options.js';

/** Content-Security-Policy of every response: the page's own scripts only, WebAssembly allowed (zstd), no framing, forms or plugins. */
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The package's web/ directory (from src/cli/commands or dist/src/cli/commands). */
export function defaultWebDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'web', 'index.html'))) return join(dir, 'web');
    dir = dirname(dir);
  }
  throw new Error('web/ not found next to the syclbin package');
}

/** Hosts a loopback server answers to (with or without the port; host names are case-insensitive, RFC 9110 §4.2.3). */
function loopbackHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const h = host.toLowerCase();
  // Not [::1]: the server listens on 127.0.0.1 only, so a request naming the IPv6 loopback did not
  // come straight from a client of this address.
  const names = ['127.0.0.1', 'localhost'];
  return names.some((n) => h === n || h === `${n}:${port}`);
}

/** How many Host header lines a request carries (a request with more than one is invalid: RFC 9112 §3.2). */
function hostLines(req: IncomingMessage): number {
  let n = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'host') n++;
  return n;
}

/**
 * Start the static server; resolves once it listens (port 0 = any free port). `root` is the served
 * folder, or several: a path is served from the first one that has it (the inspector's own folder,
 * then a folder of the user's files).
 */
export function startServer(root: string | readonly string[], port: number): Promise<{ server: Server; url: string }> {
  const bases = (typeof root === 'string' ? [root] : root).map((r) => realpathSync(r));
  let listening = port;
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const headers = { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };
    const fail = (status: number, text: string): void => {
      if (!res.headersSent) res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`${text}\n`);
    };
    if (hostLines(req) !== 1) return fail(400, 'bad request: one Host header is required');
    if (!loopbackHost(req.headers.host, listening)) return fail(421, 'misdirected request: this server answers to a Host of 127.0.0.1 or localhost only');
    // Only the origin form (`/path`): an absolute-form target names another host (RFC 9112 §3.2.2).
    if (!req.url?.startsWith('/')) return fail(400, 'bad request: the target must be a path starting with /');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      // Parsed after a base of our own: a target starting with '//' is a path, not another authority.
      path = decodeURIComponent(new URL(`http://localhost${req.url}`).pathname);
    } catch {
      return fail(400, 'bad request');
    }
    if (path.includes('\0')) return fail(400, 'bad request');
    // Hidden files and folders (.git, .env, ...) are not served.
    if (path.split('/').some((part) => part.startsWith('.'))) return fail(404, 'not found');
    if (path.endsWith('/')) path += 'index.html';
    let file = '';
    let size = -1;
    let refused = 0;
    for (const base of bases) {
      try {
        const real = realpathSync(join(base, path));
        if (real !== base && !real.startsWith(base + sep)) {
          refused = 403;
          continue;
        }
        // Nor through a link inside DIR to a hidden file or folder (envlink -> .env).
        if (relative(base, real).split(sep).some((part) => part.startsWith('.'))) continue;
        const st = statSync(real);
        if (!st.isFile()) continue;
        file = real;
        size = st.size;
        break;
      } catch {
        // not in this folder: the next one
      }
    }
    if (size < 0) return refused === 403 ? fail(403, 'forbidden') : fail(404, 'not found');
    const stream = createReadStream(file);
    stream.on('error', () => fail(500, 'cannot read the file'));
    stream.on('open', () => {
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': size });
      if (req.method === 'HEAD') {
        stream.destroy();
        res.end();
      } else {
        // A client that goes away closes the file too; a file cut short while it is sent ends the
        // connection (fewer bytes than Content-Length: the client sees an incomplete answer at once).
        let sent = 0;
        stream.on('data', (c: string | Buffer) => void (sent += c.length));
        pipeline(stream, res, () => {
          stream.destroy();
          if (sent < size) res.destroy();
        });
      }
    });
  };
  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  // A request Node's parser refuses still gets an answer (a header section over its 16 KiB limit: 431).
  server.on('clientError', (e: NodeJS.ErrnoException, socket) => {
    if (socket.writable) {
      const status = e.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    } else socket.destroy();
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const addr = server.address();
      listening = typeof addr === 'object' && addr ? addr.port : port;
      ok({ server, url: `http://127.0.0.1:${listening}/` });
    });
  });
}

/** Names of the files the inspector explains, by their usual extensions (for the address `serve` prints). */
const INSPECTED = /\.(syclbin|prop|bin|img|o|obj|a|lib|bc|spv|ll|out|exe|elf)$/i;

/**
 * A regular, not hidden file of `dir` for the printed example address, as a path relative to `dir`
 * ('/'-separated): of `dir`'s own files the first by name the inspector explains, else the first by
 * name; when `dir` holds none, the same in its subfolders, nearest first (a folder of folders, as the
 * repository's testdata/, has an example too). Bounded: at most 1,000 entries read in all, three
 * levels down; links are not followed (they are not served either).
 */
function firstFile(dir: string): string | undefined {
  let budget = 1000;
  let level: string[] = [''];
  for (let depth = 0; depth < 4 && level.length && budget > 0; depth++) {
    const next: string[] = [];
    // The first by name of the files the inspector explains (by their usual extensions), else of any file.
    let best: string | undefined;
    let any: string | undefined;
    for (const rel of level.sort()) {
      let d: Dir | undefined;
      try {
        d = opendirSync(rel ? join(dir, rel) : dir);
        for (let e = d.readSync(); e && budget > 0; e = d.readSync(), budget--) {
          if (e.name.startsWith('.')) continue;
          const path = rel ? `${rel}/${e.name}` : e.name;
          if (e.isDirectory()) next.push(path);
          if (!e.isFile()) continue;
          if (any === undefined || path < any) any = path;
          if (INSPECTED.test(e.name) && (best === undefined || path < best)) best = path;
        }
      } catch {
        // (a folder that cannot be read has no example)
      } finally {
        d?.closeSync();
      }
    }
    if (best ?? any) return best ?? any;
    level = next;
  }
  return undefined;
}

/** `syclbin serve`: Serve the web inspector on 127.0.0.1 (strict CSP; files are parsed in the browser). */
export const command = defineCommand({
  name: 'serve',
  summary: 'Serve the web inspector on 127.0.0.1 (strict CSP; files are parsed in the browser)',
  usage: 'serve [options] [DIR]',
  description: `Serves the web inspector (the package's web/ directory, built by 'npm run build') and the
files of DIR on 127.0.0.1 only, with Content-Security-Policy "${CSP}". Open the printed address,
then open or drop a .syclbin, an OffloadBinary, an object file, archive or program (ELF, COFF, PE),
a SPIR-V or bitcode module, LLVM IR or a .prop file: the page shows the structure tree, typed
property values and diagnostics beside a hex view (select a node to highlight its bytes, click a
byte to select its node, export the annotation as JSON), or add ?file=NAME to the address for a file
NAME in DIR (the address is printed with the first file there; a file of DIR named like one of the
inspector's, e.g. style.css, is the inspector's). DIR may also be a folder holding an inspector of
its own (an index.html): then only DIR is served. Nothing is uploaded. Only regular
files inside DIR (after
resolving links), not hidden ones (a name starting with '.'), are served, only to requests with one
Host header naming 127.0.0.1 or localhost and a target path starting with '/'. Stop with Ctrl-C
(downloads still running are cut after a second).`,
  options: {
    port: opt.int('N', 'TCP port (0 = any free port)', { short: 'p', max: 65535, default: 8377 }),
  },
  positionals: { min: 0, max: 1 },
  examples: ['syclbin serve', 'syclbin serve --port 0 build/    # then open http://127.0.0.1:PORT/?file=kernel.syclbin'],
  async run({ opts, args, io, prog }) {
    const dir = args[0] ? resolve(io.cwd, args[0]) : undefined;
    // What DIR names is input the command cannot use (status 1, as a missing input file is for every command).
    if (dir !== undefined && !existsSync(dir)) throw new FileFailure(args[0]!, new Error('No such file or directory'));
    if (dir !== undefined && !statSync(dir).isDirectory()) throw new FileFailure(args[0]!, new Error('not a folder (serve takes the folder of the files to open, or of an inspector)'));
    // DIR with a page of its own is served alone; else the package's inspector, then DIR's files.
    const own = dir !== undefined && existsSync(join(dir, 'index.html'));
    const web = own ? dir : defaultWebDir();
    if (!existsSync(join(web, 'dist', 'inspector.js'))) io.stderr.write(`${prog}: warning: ${join(web, 'dist', 'inspector.js')} is missing; run 'npm run build'\n`);
    const roots = own || dir === undefined ? [web] : [web, dir];
    const { server, url } = await startServer(roots, opts.port!).catch((e: NodeJS.ErrnoException) => {
      // The port is the command line's choice: say which and what to do, not Node's text alone.
      if (e.code === 'EADDRINUSE') throw new CommandFailure(`${prog}: error: port ${opts.port} on 127.0.0.1 is in use: pass --port N for another port, or --port 0 for any free port`);
      if (e.code === 'EACCES') throw new CommandFailure(`${prog}: error: port ${opts.port} on 127.0.0.1 may not be used by this user (${e.message}): pass --port N above 1023, or --port 0 for any free port`);
      throw e;
    });
    if (roots.length === 1) io.stdout.write(`Serving ${web} at ${url} (Ctrl-C to stop)\n`);
    else {
      const first = firstFile(dir!);
      // (a path in a subfolder keeps its '/' readable: each part is encoded)
      io.stdout.write(`Serving the inspector at ${url} and the files of ${dir}${first ? ` (e.g. ${url}?file=${first.split('/').map(encodeURIComponent).join('/')})` : ''} (Ctrl-C to stop)\n`);
    }
    await new Promise<void>((done) => {
      // Downloads still running are cut after a second (server.close waits for them: a slow client of
      // a large file would keep Ctrl-C from doing anything visible).
      const stop = (): void => {
        io.stderr.write(`${prog}: stopping\n`);
        server.close(() => done());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return EXIT.OK;
  },
});
