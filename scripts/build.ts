/**
 * The bundles `npm run build` makes after `tsc` (one place for their esbuild settings; the web test
 * imports WEB_BUILD):
 *  - web/dist/inspector.js: the inspector as one classic script (IIFE), so the page also works opened
 *    from disk (Chromium refuses module scripts from file://); libzstd's wasm bytes are inlined.
 *  - dist/cli/: the `syclbin` command: one CommonJS bundle (syclbin.cjs, pako inlined), V8's code cache
 *    for it (syclbin.cjs.cache, scripts/cli-code-cache.cjs) and the bin that loads both (main.js, from
 *    src/cli/bin.cjs). Before, the bundle was ESM chunks loaded on demand; Node's ESM loader resolves
 *    and compiles each chunk on every start, and the code cache cannot be used with ESM in Node 20.
 *    The library (`dist/src`) stays tsc's output. libzstd stays external: its wasm file is found
 *    through node_modules.
 *  - dist/zstd.wasm: libzstd's WebAssembly module, the package's `syclbin-toolkit/zstd.wasm` export,
 *    for a browser page's `compileZstd` (@bokuweb/zstd-wasm's exports map hides its file).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The inspector bundle. */
export const WEB_BUILD: BuildOptions = {
  entryPoints: [ROOT + 'web/src/app.ts'],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  loader: { '.wasm': 'binary' },
  // The map is written beside the bundle for whoever debugs it (load it in devtools), but not linked:
  // the package does not ship it, and a link would make devtools request a file that is not there.
  sourcemap: 'external',
  logLevel: 'warning',
  outfile: ROOT + 'web/dist/inspector.js',
};

/**
 * The CLI bundle: one CommonJS file that src/cli/bin.cjs (the package bin) compiles with V8's code
 * cache. `import.meta.url` (libzstd's wasm lookup, serve's web/ folder) becomes the bundle's own URL.
 */
export const CLI_BUILD: BuildOptions = {
  entryPoints: [ROOT + 'src/cli/entry.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['@bokuweb/zstd-wasm'],
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "'use strict';\nconst __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
  outfile: ROOT + 'dist/cli/syclbin.cjs',
};

/**
 * Where the build copies libzstd's module from: beside @bokuweb/zstd-wasm's entry point, as
 * src/node/zstd.ts finds it (the one build of the version package.json pins; src/offload/libzstd.ts
 * checks its exports).
 */
export function zstdWasmSource(): string {
  return dirname(createRequire(import.meta.url).resolve('@bokuweb/zstd-wasm')) + '/zstd.wasm';
}

/**
 * Make the CLI bundle pure ASCII, so that the bin reads it as Latin-1 (no UTF-8 decoding of a
 * megabyte on every start, and the source length V8's code cache is checked against is the byte
 * length). esbuild already escapes non-ASCII in strings, regular expressions and identifiers
 * (charset ascii, its default); what it leaves are JSDoc comments of class members. Each code unit
 * is written as `\uXXXX`, which reads as the same character wherever JavaScript reads escapes and as
 * plain text in a comment.
 */
function asciiBundle(path: string): void {
  const text = readFileSync(path, 'utf8');
  const ascii = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(path, ascii);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(ROOT + 'dist/cli', { recursive: true, force: true }); // chunk names change with their content
  const results = await Promise.all([build(WEB_BUILD), build(CLI_BUILD)]);
  // A warning is a bundle that differs from what the source says (e.g. esbuild dropping an import
  // that package.json "sideEffects" calls pure): the build fails instead of printing it and going on.
  const warnings = results.reduce((n, r) => n + r.warnings.length, 0);
  if (warnings) {
    console.error(`build: ${warnings} esbuild warning(s) above; fix them (the bundles may not do what the source says)`);
    process.exit(1);
  }
  asciiBundle(ROOT + 'dist/cli/syclbin.cjs');
  // The package's `./zstd.wasm` export (package.json exports and files).
  copyFileSync(zstdWasmSource(), ROOT + 'dist/zstd.wasm');
  // The bin: CommonJS in an ESM package, so dist/cli says so in its own package.json.
  copyFileSync(ROOT + 'src/cli/bin.cjs', ROOT + 'dist/cli/main.js');
  chmodSync(ROOT + 'dist/cli/main.js', 0o755);
  writeFileSync(ROOT + 'dist/cli/package.json', JSON.stringify({ type: 'commonjs' }) + '\n');
  const cache = spawnSync(process.execPath, [ROOT + 'scripts/cli-code-cache.cjs'], { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '' } });
  if (cache.status !== 0) {
    console.error('build: making the code cache of dist/cli/syclbin.cjs failed (above)');
    process.exit(1);
  }
}
