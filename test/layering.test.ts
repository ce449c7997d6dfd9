/**
 * The import layering of the toolkit: codec -> formats -> readers/writers -> lowering -> CLI/web.
 * A module may import only from its own layer or a lower one; nothing below the CLI/Node edge
 * imports `node:*`; the codec imports nothing else of the toolkit; no command imports another.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = new URL('../', import.meta.url).pathname;

/** Layer of a file by where it lives. */
function layer(file: string): number {
  const rel = relative(ROOT, file);
  if (rel.startsWith('src/codec/')) return 0;
  if (rel.startsWith('formats/')) return 1;
  if (/^src\/(offload|containers|syclbin|props|hex|inspect)\//.test(rel)) return 2;
  if (rel.startsWith('src/lower/')) return 3;
  if (/^src\/(cli|node)\//.test(rel) || rel.startsWith('web/') || rel === 'src/index.ts') return 4;
  if (rel.startsWith('scripts/')) return 5;
  throw new Error(`no layer for ${rel}`);
}

const NAMES = ['codec', 'formats', 'readers/writers', 'lowering', 'CLI/Node edge/web', 'scripts'];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'dist' && name !== 'generated' && name !== 'node_modules') out.push(...sources(p));
    } else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) out.push(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) out.push(m[1]!);
  return out;
}

describe('layering', () => {
  const files = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'formats')), ...sources(join(ROOT, 'web/src')), ...sources(join(ROOT, 'scripts'))];

  it('every module imports only its own layer or lower ones', () => {
    const bad: string[] = [];
    for (const f of files) {
      const l = layer(f);
      for (const spec of imports(f)) {
        if (!spec.startsWith('.')) continue;
        const target = resolve(dirname(f), spec.replace(/\.js$/, '.ts'));
        // A package's file by path (the web bundle's zstd.wasm): a dependency, not a layer.
        if (relative(ROOT, target).startsWith('node_modules/')) continue;
        const t = layer(target);
        if (t > l) bad.push(`${relative(ROOT, f)} (${NAMES[l]}) imports ${relative(ROOT, target)} (${NAMES[t]})`);
      }
    }
    expect(bad).to.deep.equal([]);
  });

  it('nothing below the CLI/Node edge imports node:* (the core runs in a browser)', () => {
    const bad = files.filter((f) => layer(f) < 4 && imports(f).some((s) => s.startsWith('node:') || ['fs', 'path', 'crypto', 'zlib', 'os'].includes(s)));
    expect(bad.map((f) => relative(ROOT, f))).to.deep.equal([]);
  });

  it('the codec knows no format and no package beyond itself', () => {
    const bad = files.filter((f) => layer(f) === 0).flatMap((f) => imports(f).filter((s) => !s.startsWith('./')).map((s) => `${relative(ROOT, f)}: ${s}`));
    expect(bad).to.deep.equal([]);
  });

  it('no command imports another command', () => {
    const cmds = files.filter((f) => relative(ROOT, f).startsWith('src/cli/commands/'));
    const bad = cmds.flatMap((f) => imports(f).filter((s) => s.startsWith('./')).map((s) => `${relative(ROOT, f)}: ${s}`));
    expect(bad).to.deep.equal([]);
  });
});
