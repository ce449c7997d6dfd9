/**
 * The library core must run in a browser under a strict CSP: no Node built-ins, no Buffer, no
 * eval/new Function outside the Node edge (src/cli, src/node). This test reads the sources and also
 * bundles the core for the browser platform with esbuild (which fails on a Node built-in import).
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
// The Node edge, and build-time generator scripts (formats/generated/generate.ts writes files).
const EDGE = ['src/cli', 'src/node', 'formats/generated/generate.ts'];

function coreFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const rel = relative(root, p);
    if (EDGE.some((e) => rel === e || rel.startsWith(e + '/'))) continue;
    if (statSync(p).isDirectory()) out.push(...coreFiles(p));
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

describe('portable core', () => {
  const files = [...coreFiles(join(root, 'src')), ...coreFiles(join(root, 'formats'))];

  it('finds the core sources', () => {
    expect(files.length).to.be.greaterThan(20);
  });

  for (const f of files) {
    it(`${relative(root, f)} uses no Node built-ins, Buffer or eval`, () => {
      const text = readFileSync(f, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      expect(text, 'node: import').not.to.match(/from\s+['"]node:/);
      expect(text, 'bare built-in import').not.to.match(/from\s+['"](fs|path|zlib|crypto|os|child_process)['"]/);
      expect(text, 'Buffer').not.to.match(/\bBuffer\./);
      expect(text, 'eval').not.to.match(/\beval\s*\(|new\s+Function\s*\(/);
    });
  }

  it('bundles for the browser platform (esbuild, no Node built-ins)', async () => {
    const r = await build({
      entryPoints: [join(root, 'src/index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(r.errors).to.have.length(0);
    const js = r.outputFiles[0]!.text;
    expect(js).not.to.match(/new Function\(/);
  });
});
