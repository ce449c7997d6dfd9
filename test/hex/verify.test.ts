/**
 * `syclbin verify` finds the one problem seeded in each file of testdata/broken/ (made by
 * testdata/broken/generate.ts, listed in cases.json) at the recorded path and byte offset, clean files
 * have no errors, and every problem has a severity, an offset inside the file and a path.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { verify } from '../../src/hex/verify.js';
import { sampleModel, VARIANTS, writeVariant } from './fixtures.js';

const BROKEN = new URL('../../testdata/broken/', import.meta.url).pathname;

interface Case {
  file: string;
  description: string;
  expect: { severity: string; code: string; path: string; offset: number };
}

describe('hex: verify', () => {
  const cases = JSON.parse(readFileSync(BROKEN + 'cases.json', 'utf8')) as Case[];
  it('has broken files', () => expect(cases.length).to.be.at.least(20));
  for (const c of cases) {
    it(`${c.file}: ${c.description}`, () => {
      const bytes = new Uint8Array(readFileSync(BROKEN + c.file));
      const r = verify(bytes);
      const e = c.expect;
      const hit = r.problems.find((p) => p.path === e.path && p.offset === e.offset && p.severity === e.severity && p.code === e.code);
      expect(hit, `expected ${JSON.stringify(e)} in\n${r.problems.map((p) => JSON.stringify(p)).join('\n')}`).to.not.equal(undefined);
      for (const p of r.problems) {
        expect(p.offset).to.be.within(0, bytes.length);
        expect(['error', 'warning', 'note']).to.include(p.severity);
      }
      // Only the seeded error: no error anywhere else when the seeded problem is a warning/note.
      if (e.severity !== 'error') expect(r.counts.error, JSON.stringify(r.problems)).to.equal(0);
    });
  }

  it('reports nothing for clean canonical files written by our writer', () => {
    for (const v of VARIANTS.filter((x) => x.name !== 'v1-grouped')) {
      const r = verify(writeVariant(sampleModel(), v));
      expect(r.problems, v.name).to.deep.equal([]);
    }
  });

  it('reports all independent problems, not just the first', () => {
    const b = writeVariant(sampleModel(), VARIANTS[0]!);
    const v = new DataView(b.buffer);
    // Both IR module headers point outside the metadata table (at 56+64 and 56+96).
    v.setBigUint64(120, 0xfff0n, true);
    v.setBigUint64(152, 0xfff8n, true);
    const r = verify(b);
    const errs = r.problems.filter((p) => p.severity === 'error').map((p) => [p.path, p.offset]);
    expect(errs).to.deep.include(['irModules[0].metadataOffset', 120]);
    expect(errs).to.deep.include(['irModules[1].metadataOffset', 152]);
  });
});
