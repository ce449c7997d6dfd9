/**
 * src/lower/values.ts convertFpBits: double ↔ float in hardware (Math.fround) agrees bit for bit
 * with the exact rational path (APFloat's nearest-even), exactness and overflow included.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { bitsToDouble, convertFpBits, convertFpBitsExact, doubleToBits } from '../../src/lower/values.js';

describe('lower/values: double <-> float conversion', () => {
  const same = (bits: bigint, from: 'double' | 'float', to: 'double' | 'float'): void => {
    expect(convertFpBits(bits, from, to), `${from} 0x${bits.toString(16)}`).to.deep.equal(convertFpBitsExact(bits, from, to));
  };

  it('double -> float: every double (random bits, subnormals, ties, overflow, NaNs) as the exact path converts it', () => {
    const edges = [0, -0, 1, -1, 1.5, 0.1, 3.4028234663852886e38, 3.4028235677973366e38, 3.402823567797337e38, 1e39, -1e39, 1.401298464324817e-45, 7.006492321624085e-46, 7.006492321624087e-46, 1e-50, Number.MIN_VALUE, Number.MAX_VALUE, Infinity, -Infinity, NaN];
    for (const x of edges) same(doubleToBits(x), 'double', 'float');
    // Halfway between two floats (ties to even) and just beside it.
    for (const f of [1, 1.0000001192092896, 2 ** -126, 2 ** -149 * 3]) {
      const next = Math.fround(f * (1 + 2 ** -23));
      const mid = (f + next) / 2;
      for (const x of [mid, mid * (1 + 2 ** -52), mid * (1 - 2 ** -52)]) same(doubleToBits(x), 'double', 'float');
    }
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (b) => same(b, 'double', 'float')), { numRuns: 5000, seed: 27112026 });
    fc.assert(fc.property(fc.double({ noNaN: true }), (x) => same(doubleToBits(x), 'double', 'float')), { numRuns: 5000, seed: 27112026 });
  });

  it('float -> double: every float (random bits, NaNs) exactly', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 32n - 1n }), (b) => same(b, 'float', 'double')), { numRuns: 5000, seed: 27112026 });
    for (const b of [0n, 0x80000000n, 1n, 0x7f7fffffn, 0x7f800000n, 0xff800000n, 0x7fc00000n, 0x7f800001n]) same(b, 'float', 'double');
    expect(bitsToDouble(convertFpBits(0x3fc00000n, 'float', 'double')!.bits)).to.equal(1.5);
  });
});
