/** src/codec/suggest.ts: the distance behind "did you mean", against a plain full-table reference. */
import { expect } from 'chai';
import fc from 'fast-check';
import { editDistance, nearest, suggestOption } from '../../src/codec/suggest.js';

/** Optimal string alignment distance, the whole table (the textbook recurrence). */
function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('cli suggestions: edit distance', () => {
  it('equals the full-table distance; with a limit, the distance or limit + 1 (fixed seed)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '-'), maxLength: 9 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 4 }), (a, b, limit) => {
        const full = reference(a, b);
        expect(editDistance(a, b)).to.equal(full);
        expect(editDistance(a, b, limit)).to.equal(full <= limit ? full : limit + 1);
      }),
      { seed: 2911, numRuns: 2000 },
    );
  });

  it('nearest: within 2 edits (3 from 8 characters), a swap counting 1, and no suggestion on a tie', () => {
    expect(nearest('dupm', ['dump', 'json'])).to.equal('dump');
    expect(nearest('offload-lst', ['offload-list', 'offload-pack'])).to.equal('offload-list');
    expect(nearest('xyz', ['dump'])).to.equal(undefined);
    expect(nearest('ab', ['aa', 'bb'])).to.equal(undefined);
    expect(nearest('dump', ['dump'])).to.equal(undefined);
    expect(suggestOption('--outpt=x.bin', ['--output', '--offloading'])).to.equal('--output=x.bin');
  });
});
