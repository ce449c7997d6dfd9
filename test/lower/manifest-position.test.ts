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

  it('and its byte offset in the text: past multi-byte characters and escaped bytes that are not UTF-8', () => {
    // (a description with "é" and U+1F600 before the value moves the byte offset beyond the UTF-16 index)
    const bad = text.replace('"type": "i32"', '"description": "\u00e9\ud83d\ude00 caf\u00e9", "type": "bogus"');
    const bytes = new TextEncoder().encode(bad);
    const want = new TextEncoder().encode(bad.slice(0, bad.indexOf('"bogus"'))).length;
    expect(want).to.be.above(bad.indexOf('"bogus"'));
    for (const input of [bad, bytes]) expect(caught(() => api.parseManifestText(input)).offset).to.equal(want);
    // a byte that is no UTF-8 inside a string (one escape, one byte): offsets in the bytes given
    const raw = Uint8Array.from([...new TextEncoder().encode('{"description": "\u00e9'), 0xff, ...new TextEncoder().encode('", "mode": 7}')]);
    const e = caught(() => api.parseManifestText(raw));
    expect(e.path).to.equal('mode');
    expect(raw[e.offset!]).to.equal(0x37); // the 7
    // a syntax error: the offset of the first mistake
    const broken = new TextEncoder().encode('{"description": "\u00e9", \n');
    const s = caught(() => api.parseManifestText(broken));
    expect(s.offset).to.equal(broken.length);
  });

  it('a parsed document has no text: path only, no line', () => {
    const doc = JSON.parse(text) as { mode: string };
    doc.mode = 'bogus';
    const e = caught(() => api.parseManifest(doc));
    expect(e.path).to.equal('mode');
    expect(e.line).to.equal(undefined);
    expect(e.offset).to.equal(undefined);
  });
});
