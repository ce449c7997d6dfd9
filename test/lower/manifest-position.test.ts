/**
 * Review E (2026-11-28): parseManifestText's TSDoc promised LowerErrors "with line and column", but
 * they were only words in the message; a tool on the library could not place a manifest error as
 * `syclbin lower` does (FILE:LINE:COLUMN), the positions being computed inside the CLI only.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import * as api from '../../src/index.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const text = readFileSync(ROOT + 'testdata/lower/issue-example.json', 'utf8');

function caught(f: () => unknown): api.LowerError {
  try {
    f();
  } catch (e) {
    expect(e).to.be.instanceOf(api.LowerError);
    return e as api.LowerError;
  }
  throw new Error('no error');
}

/** 1-based line and column of `index` in `s`. */
function lineColumn(s: string, index: number): { line: number; column: number } {
  const before = s.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

describe('library (review 2026-11-28): parseManifestText errors carry line and column', () => {
  it('a syntax error: line and column of the first mistake, as the message says', () => {
    const e = caught(() => api.parseManifestText('{\n  "mode": \n'));
    expect(e.line).to.equal(3);
    expect(e.column).to.equal(1);
    expect(e.message).to.contain('line 3, column 1');
  });

  it('a value of the wrong kind: the start of the value at the error path, from text and from bytes', () => {
    const bad = text.replace('"type": "i32"', '"type": "bogus"');
    const want = lineColumn(bad, bad.indexOf('"bogus"'));
    for (const input of [bad, new TextEncoder().encode(bad)]) {
      const e = caught(() => api.parseManifestText(input));
      expect(e.path).to.equal('specConstants[0].type');
      expect({ line: e.line, column: e.column }).to.deep.equal(want);
    }
  });

  it('a parsed document has no text: path only, no line', () => {
    const doc = JSON.parse(text) as { mode: string };
    doc.mode = 'bogus';
    const e = caught(() => api.parseManifest(doc));
    expect(e.path).to.equal('mode');
    expect(e.line).to.equal(undefined);
  });
});
