import { expect } from 'chai';
import fc from 'fast-check';
import { dropTrailingValue, pointeeOf } from '../../src/lower/from-ir/cuda-spec-constants.js';
import { againName } from '../../src/lower/inspect-ir.js';

const ch = fc.constantFrom(' ', '\t', '\u00a0', '%', '*', 'a', '(', ')', '1', 'addrspace(', 'addrspace(3)', 'i8');
const text = fc.array(ch, { maxLength: 12 }).map((a) => a.join(''));

describe('lower: cuda spec-constant cast types are taken apart in linear time', () => {
  it("100,000 blanks (or '%'s) are scanned at once (/\\s*%\\S+$/ and /\\s*(?:addrspace\\(\\d+\\)\\s*)?\\*$/ took 10-15 s)", () => {
    const blanks = ' '.repeat(100_000);
    const t0 = Date.now();
    expect(dropTrailingValue(`a${blanks}x`)).to.equal(`a${blanks}x`);
    expect(dropTrailingValue(`${'%'.repeat(100_000)} x`)).to.equal(`${'%'.repeat(100_000)} x`);
    expect(pointeeOf(`a${blanks}x`)).to.equal(`a${blanks}x`);
    expect(dropTrailingValue('ptr addrspace(1) %x')).to.equal('ptr addrspace(1)');
    expect(pointeeOf('[4 x i8] addrspace(1)*')).to.equal('[4 x i8]');
    expect(Date.now() - t0).to.be.below(1000);
  });
  it('fast-check: the scans give what the replaced patterns gave', () => {
    fc.assert(fc.property(text, (s) => {
      expect(dropTrailingValue(s)).to.equal(s.replace(/\s*%\S+$/, ''));
      expect(pointeeOf(s)).to.equal(s.replace(/\s*(?:addrspace\(\d+\)\s*)?\*$/, ''));
    }), { numRuns: 30_000 });
  });
});

describe('lower: "named again" lines are shortened in linear time', () => {
  const OLD = /^.*: (@.*) again \(read once\)$/;
  it('a name of 100,000 characters with a line break is passed over at once (the pattern took 3.9 s)', () => {
    const line = `!1 operand 0: @${': @'.repeat(33_000)}\n again (read once)`;
    const t0 = Date.now();
    expect(againName(line)).to.equal(line);
    expect(againName('!1 operand 1: @g again (read once)')).to.equal('@g');
    expect(Date.now() - t0).to.be.below(1000);
  });
  it('fast-check: the scan gives what the replaced pattern gave', () => {
    const c = fc.constantFrom(': @', ':', ' ', '@', '\n', '\u2028', 'g', ' again (read once)', 'again', ')');
    fc.assert(fc.property(fc.array(c, { maxLength: 10 }).map((a) => a.join('')), (s) => {
      expect(againName(s)).to.equal(s.replace(OLD, '$1'));
    }), { numRuns: 30_000 });
  });
});
