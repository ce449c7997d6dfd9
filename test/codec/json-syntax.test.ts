/**
 * src/codec/json-syntax.ts: the first syntax error of JSON text, with line and column, agrees with
 * JSON.parse on what is JSON (fast-check over JSON documents and their mutations).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { jsonSyntaxProblem, parseJsonText } from '../../src/codec/json-syntax.js';

describe('codec/json-syntax: where JSON text stops being JSON', () => {
  it('valid exactly where JSON.parse succeeds (documents, one character changed, removed or added)', () => {
    const accepts = (t: string): boolean => {
      try {
        JSON.parse(t);
        return true;
      } catch {
        return false;
      }
    };
    const edits = fc.tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', ']', '}', '"', ':', '0', '-', '.', 'e', '\\', ' ', '\n', 'x', '{', '['), fc.boolean());
    fc.assert(
      fc.property(edits, ([doc, at, ch, replace]) => {
        const i = doc.length ? at % (doc.length + 1) : 0;
        const t = doc.slice(0, i) + ch + doc.slice(replace ? i + 1 : i);
        for (const text of [doc, t]) expect(jsonSyntaxProblem(text) === undefined, JSON.stringify(text)).to.equal(accepts(text));
      }),
      { numRuns: 3000, seed: 20261127 },
    );
  });

  it('names line, column and what was expected; deep nesting is no stack overflow', () => {
    expect(jsonSyntaxProblem('{\n  "a": 1,\n}')).to.deep.equal({ offset: 12, line: 3, column: 1, message: "expected a double-quoted property name, found '}'" });
    expect(jsonSyntaxProblem('[1, 2')).to.deep.include({ line: 1, column: 6, message: "expected ',' or ']', found the end of the text" });
    expect(jsonSyntaxProblem('{"a" 1}')).to.deep.include({ column: 6, message: "expected ':' after the property name, found '1'" });
    expect(jsonSyntaxProblem('[01]')).to.deep.include({ column: 3, message: "expected ',' or ']', found '1'" });
    expect(jsonSyntaxProblem('"\\x"')).to.deep.include({ column: 2, message: "invalid escape in a string, found '\\'" });
    expect(jsonSyntaxProblem('[]x')).to.deep.include({ column: 3, message: "expected the end of the text after the JSON value, found 'x'" });
    expect(jsonSyntaxProblem('['.repeat(200000) + ']'.repeat(200000))).to.equal(undefined);
    expect(jsonSyntaxProblem('['.repeat(200000))).to.deep.include({ offset: 200000 });
    expect(() => parseJsonText('{\n  "mode": "native",\n  "x": [1,]\n}')).to.throw(SyntaxError, /^line 3, column 11: expected a value, found '\]'$/);
  });
});
