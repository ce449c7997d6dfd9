/**
 * The bundles `npm run build` makes after `tsc` (one place for their esbuild settings; the web test
 * imports WEB_BUILD):
 *  - web/dist/inspector.js: the inspector as one classic script (IIFE), so the page also works opened
 *    from disk (Chromium refuses module scripts from file://); libzstd's wasm bytes are inlined.
 *  - dist/cli/: the `syclbin` command as ESM chunks (each command a chunk loaded on demand, pako
 *    inlined). Node loads a few chunks instead of ~50 tsc modules and pako's CommonJS files: bench/
 *    measured `syclbin dump` of a small file at 0.15 s against 0.23 s (node -e 0: 0.10 s). The library
 *    (`dist/src`) stays tsc's output. libzstd stays external: its wasm file is found through node_modules.
 */
import { rmSync } from 'node:fs';
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
  sourcemap: true,
  logLevel: 'warning',
  outfile: ROOT + 'web/dist/inspector.js',
};

/** The CLI bundle (package.json "bin"). */
export const CLI_BUILD: BuildOptions = {
  entryPoints: [ROOT + 'src/cli/main.ts'],
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@bokuweb/zstd-wasm'],
  logLevel: 'warning',
  outdir: ROOT + 'dist/cli',
};

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
}
