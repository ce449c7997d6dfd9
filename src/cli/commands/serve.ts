/**
 * `syclbin serve [DIR] [--port N]`: serve the web inspector (web/, built by `npm run build`) on
 * 127.0.0.1 with a strict Content-Security-Policy (no inline code, no eval; issue 6 §4). The page
 * parses files in the browser; this server only hands out static files (no directory listing, no
 * path traversal, GET/HEAD only).
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT, UsageError, type Command } from '../command.js';

export const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

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

/** Start the static server; resolves once it listens (port 0 = any free port). */
export function startServer(root: string, port: number): Promise<{ server: Server; url: string }> {
  const base = resolve(root);
  const server = createServer((req, res) => {
    const headers = { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400, headers).end();
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(base, path));
    if ((file !== base && !file.startsWith(base + sep)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const body = readFileSync(file);
    res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const addr = server.address();
      const p = typeof addr === 'object' && addr ? addr.port : port;
      ok({ server, url: `http://127.0.0.1:${p}/` });
    });
  });
}

export const command: Command = {
  name: 'serve',
  summary: 'Serve the web inspector on 127.0.0.1 (strict CSP; files are parsed in the browser)',
  usage: 'serve [options] [DIR]',
  description: `Serves DIR (default: the package's web/ directory, built by 'npm run build') on 127.0.0.1 only,
with Content-Security-Policy "${CSP}". Open the printed address, then open or drop a .syclbin,
OffloadBinary or .prop file: the page shows the structure tree, typed property values and
diagnostics beside a hex view (select a node to highlight its bytes, click a byte to select its
node, export the annotation as JSON). Nothing is uploaded. Stop with Ctrl-C.`,
  options: {
    port: { type: 'string', short: 'p', arg: 'N', description: 'TCP port (0 = any free port)', default: '8377' },
  },
  positionals: { min: 0, max: 1 },
  examples: ['syclbin serve', 'syclbin serve --port 0 web'],
  async run({ values, positionals, io }) {
    const port = Number(values.port ?? '8377');
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`bad port '${String(values.port)}'`);
    const dir = positionals[0] ? resolve(io.cwd, positionals[0]) : defaultWebDir();
    if (!existsSync(join(dir, 'index.html'))) throw new UsageError(`${dir} has no index.html`);
    if (!existsSync(join(dir, 'dist', 'inspector.js'))) io.stderr.write(`syclbin serve: warning: ${join(dir, 'dist', 'inspector.js')} is missing; run 'npm run build'\n`);
    const { server, url } = await startServer(dir, port);
    io.stdout.write(`Serving ${dir} at ${url} (Ctrl-C to stop)\n`);
    await new Promise<void>((done) => {
      const stop = () => server.close(() => done());
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return EXIT.OK;
  },
};
