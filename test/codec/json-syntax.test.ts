/**
 * src/codec/json-syntax.ts: the first syntax error of JSON text, with line and column, agrees with
 * JSON.parse on what is JSON (fast-check over JSON documents and their mutations).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { jsonSyntaxProblem, jsonValuePosition, jsonValuePositions, parseJsonText } from '../../src/codec/json-syntax.js';

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
    // (review 2026-11-28 message sweep: the character was written raw, a NUL or a U+DC80+byte code unit in the message)
    expect(jsonSyntaxProblem('{\u0000}')).to.deep.include({ column: 2, message: 'expected a double-quoted property name, found U+0000' });
    expect(jsonSyntaxProblem('[\u001b[2J]')).to.deep.include({ column: 2, message: 'expected a value, found U+001B' });
    expect(jsonSyntaxProblem('[1,\udcff]')).to.deep.include({ column: 4, message: 'expected a value, found the byte 0xff (not UTF-8 text)' });
    expect(jsonSyntaxProblem('[\u{1F600}]')).to.deep.include({ column: 2, message: "expected a value, found '\u{1F600}'" });
    expect(jsonSyntaxProblem('{"a\u0001"}')).to.deep.include({ column: 4, message: 'control character in a string (write it as \\uXXXX), found U+0001' });
    expect(jsonSyntaxProblem('['.repeat(200000) + ']'.repeat(200000))).to.equal(undefined);
    expect(jsonSyntaxProblem('['.repeat(200000))).to.deep.include({ offset: 200000 });
    expect(() => parseJsonText('{\n  "mode": "native",\n  "x": [1,]\n}')).to.throw(SyntaxError, /^line 3, column 11: expected a value, found '\]'$/);
  });

  describe('jsonValuePosition: where the value at a path starts', () => {
    /** Every path into `v`, as error paths give them (indexes as numbers). */
    const pathsOf = (v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] => {
      out.push(at);
      if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...at, i], out));
      else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsOf(x, [...at, k], out);
      return out;
    };
    /** The text of the value starting at `offset`: the longest prefix JSON.parse reads as one value. */
    const valueAt = (text: string, offset: number): unknown => {
      for (let end = text.length; end > offset; end--) {
        try {
          return JSON.parse(text.slice(offset, end));
        } catch {
          // shorter
        }
      }
      throw new Error(`no value at ${offset}`);
    };
    const lineColumn = (text: string, offset: number): [number, number] => {
      const before = text.slice(0, offset).split('\n');
      return [before.length, before[before.length - 1]!.length + 1];
    };

    it('every path of a document: the value JSON.parse gives there starts at the offset, line and column', () => {
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(undefined, 2, '\t'), (v, indent) => {
          const text = JSON.stringify(v, null, indent);
          for (const path of pathsOf(v)) {
            const at = jsonValuePosition(text, path);
            expect(at, JSON.stringify(path)).to.not.equal(undefined);
            expect(valueAt(text, at!.offset)).to.deep.equal(path.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], v));
            expect([at!.line, at!.column]).to.deep.equal(lineColumn(text, at!.offset));
          }
          // all at once (one pass), with paths that name nothing among them: the same answers
          const paths = [...pathsOf(v), ['nothing', 0], [0, 'nothing']];
          expect(jsonValuePositions(text, paths)).to.deep.equal(paths.map((path) => jsonValuePosition(text, path)));
        }),
        { numRuns: 60 },
      );
    });

    it('a repeated key is its last member (what JSON.parse keeps); escaped names and strings with brackets are read as JSON reads them', () => {
      const text = '{"a": 1, "b": {"x": "]}\\"", "c": [0, {"d": 5}]},\n "a": [2, 3], "\\u0065": true}';
      expect(jsonValuePosition(text, ['a', 1])).to.deep.equal({ offset: text.indexOf('3'), line: 2, column: 11 });
      expect(jsonValuePosition(text, ['b', 'c', 1, 'd'])?.offset).to.equal(text.indexOf('5'));
      expect(jsonValuePosition(text, ['e'])?.offset).to.equal(text.indexOf('true'));
      // a value only an earlier member of a repeated key has is not there (JSON.parse drops that member)
      expect(jsonValuePositions('{"a": {"x": 1, "y": 2}, "a": {"y": 3}}', [['a', 'x'], ['a', 'y'], ['a']]).map((p) => p?.offset)).to.deep.equal([undefined, 35, 29]);
      // paths that name nothing: no position (the caller keeps its path-only message)
      for (const path of [['z'], ['a', 2], ['b', 'x', 0], ['a', 'x']]) expect(jsonValuePosition(text, path), JSON.stringify(path)).to.equal(undefined);
    });

    it('linear: a deep path in a large document is found without a tree', () => {
      const big = JSON.stringify({ specConstants: Array.from({ length: 200000 }, (_, i) => ({ name: `s${i}`, type: 'i32', default: i })) }, null, 1);
      const t0 = performance.now();
      const at = jsonValuePosition(big, ['specConstants', 199999, 'default']);
      expect(performance.now() - t0).to.be.below(2000);
      expect(valueAt(big.slice(0, at!.offset + 6), at!.offset)).to.equal(199999);
    });
  });
});
