/**
 * Path patterns (src/hex/paths.ts): the matcher steps a set of pattern positions over the path, so
 * its work is path length × pattern length; the RegExp it replaced is the oracle here on short
 * inputs (where backtracking costs nothing), and a pattern that made it backtrack exponentially
 * answers at once.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { matchPath, pathMatcher } from '../../src/hex/paths.js';

/**
 * The matcher as a RegExp: `*` = `[^.[]*`, `**` = `.*`, a whole segment `**.` = `(?:.*\.)?` (no
 * segment at all too, as in file globs), anchored at the start, ending at the end or before `.`/`[`.
 */
function regexOracle(pattern: string): (path: string) => boolean {
  let re = '^';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      if (pattern[i + 1] === '*' && pattern[i + 2] === '.' && (i === 0 || pattern[i - 1] === '.')) {
        re += '(?:.*\\.)?';
        i += 2;
      } else if (pattern[i + 1] === '*') {
        re += '.*';
        i++;
      } else re += '[^.\\[]*';
    } else re += c.replace(/[\\^$.+?()[\]{}|]/g, '\\$&');
  }
  const rx = new RegExp(`${re}(?:$|[.\\[])`);
  return (p) => rx.test(p);
}

describe('hex: path patterns', () => {
  it('agree with the regular expression they replace (fast-check, fixed seed)', () => {
    const alphabet = fc.constantFrom('a', 'b', '.', '[', ']', '0', '"', '*');
    const pathChars = fc.constantFrom('a', 'b', '.', '[', ']', '0', '"');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 8 }), fc.array(pathChars, { maxLength: 12 }), (pc, xc) => {
        const pattern = pc.join('');
        const path = xc.join('');
        if (!pattern.includes('*')) return;
        expect(pathMatcher(pattern)(path), `${pattern} on ${path}`).to.equal(regexOracle(pattern)(path));
      }),
      { seed: 20261127, numRuns: 20000 },
    );
  });

  it('examples: * stays inside a name, ** crosses, the match ends at a boundary', () => {
    expect(matchPath('abstractModules[0].metadata', 'abstractModules[*].metadata')).to.equal(true);
    expect(matchPath('abstractModules[0].metadata', 'abstractModules*metadata')).to.equal(false); // `*` takes no `[` or `.`
    expect(matchPath('abstractModules[0].metadata', 'abstractModules**metadata')).to.equal(true);
    expect(matchPath('abstractModules[0].metadata', 'abstractModules[*]')).to.equal(true);
    expect(matchPath('entries[0].image.abstractModules[1].metadata["S"]', '**.abstractModules[1].metadata')).to.equal(true);
    expect(matchPath('header.magic', 'head*')).to.equal(true);
    expect(matchPath('headers.x', 'header')).to.equal(false);
    expect(matchPath('header.magic', 'h*.mag')).to.equal(false);
  });

  it('a whole segment ** may be no segment at all, as in file globs (help: "matches at any depth"; review 2026-11-27r)', () => {
    expect(matchPath('abstractModules[0].metadata', '**.abstractModules[0].metadata')).to.equal(true);
    expect(matchPath('header', '**.header')).to.equal(true);
    expect(matchPath('header.magic', '**.header')).to.equal(true);
    expect(matchPath('entries[0].image.header', '**.header')).to.equal(true);
    expect(matchPath('a.b', 'a.**.b')).to.equal(true);
    expect(matchPath('a.x.y.b', 'a.**.b')).to.equal(true);
    expect(matchPath('ab', 'a.**.b')).to.equal(false);
    expect(matchPath('xheader', '**.header')).to.equal(false);
    expect(matchPath('xheader', 'x**.header')).to.equal(false); // `**` inside a segment still needs its `.`
    // any number of them, without recursion
    expect(pathMatcher('**.'.repeat(100000) + 'header')('header')).to.equal(true);
  });

  it('a pattern that backtracks a regular expression exponentially on a long name answers at once', function () {
    this.timeout(5000); // the RegExp ran for minutes
    const name = `["${'A'.repeat(30000)}"]`;
    expect(pathMatcher('**A**A**A**B')(name)).to.equal(false);
    expect(pathMatcher(`["${'*A'.repeat(25)}*B`)(name)).to.equal(false);
    expect(pathMatcher('**A**A**A**')(name)).to.equal(true);
  });
});
