/**
 * House rule (docs/CONTRIBUTING.md): every export of src/ and formats/ carries a TSDoc comment.
 * The first test lists the offenders (test/docs/exports.ts says what counts); the second runs
 * typedoc over the public entry points (typedoc.json: treatWarningsAsErrors, notDocumented) and
 * expects no warning.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { formatDecls, ROOT, scanRepository, scanSource } from './exports.js';

describe('TSDoc on every export', () => {
  it('finds exported declarations and public members, not private ones or re-exports', () => {
    const text = [
      "import { imported } from './x.js';",
      'export { imported };',
      "export { a } from './a.js';",
      "export * from './b.js';",
      '/** Documented. */',
      'export function f(): void {}',
      'export const g = 1;',
      'function local(): void {}',
      'export { local };',
      '/** C. */',
      'export class C {',
      '  /** @param w - the width */',
      '  constructor(readonly w: number, readonly h: number, private p: number) {}',
      '  m(): void {}',
      '  private q(): void {}',
      '  #r = 1;',
      '}',
      'export interface I {',
      '  /** x. */',
      '  x: number;',
      '  y: number;',
      '}',
      'export type T = number;',
    ].join('\n');
    const got = scanSource('t.ts', text).map((d) => `${d.name}:${d.documented}`);
    expect(got).to.deep.equal(['f:true', 'g:false', 'local:false', 'C:true', 'C.w:true', 'C.h:false', 'C.m:false', 'I:false', 'I.x:true', 'I.y:false', 'T:false']);
  });

  it('every export in src/ and formats/ has a /** */ comment', () => {
    const decls = scanRepository();
    expect(decls.length).to.be.greaterThan(1000);
    const missing = decls.filter((d) => !d.documented);
    if (missing.length > 0) console.log(`${missing.length} of ${decls.length} exports without TSDoc:\n${formatDecls(missing)}`);
    expect(missing.length, `exports without TSDoc (listed above):\n${formatDecls(missing)}`).to.equal(0);
  });

  it('typedoc documents the public entry points with no warning (npm run docs:api)', function () {
    this.timeout(180_000);
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/typedoc/bin/typedoc'), '--emit', 'none'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    const out = `${r.stdout}${r.stderr}`;
    const warnings = out.split('\n').filter((l) => /\[(warning|error)\]/.test(l));
    if (warnings.length > 0) console.log(`typedoc: ${warnings.length} warnings:\n${warnings.join('\n')}`);
    expect(warnings.length, 'typedoc warnings (listed above)').to.equal(0);
    expect(r.status, out).to.equal(0);
  });
});
