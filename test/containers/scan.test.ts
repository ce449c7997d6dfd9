/**
 * scanForOffloadBinaries (src/containers/scan.ts) finds every place the OffloadBinary magic starts,
 * as a byte-by-byte search would: the search now looks a few bytes at a time and then jumps with
 * TypedArray indexOf, so bytes dense in the magic's first byte, runs without it, and windows that cut
 * a candidate are checked against the plain search (fast-check, fixed seed).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { scanForOffloadBinaries } from '../../src/containers/scan.js';
import { OFFLOAD_BINARY_MAGIC } from '../../formats/offload-binary.js';
import { writeOffloadBinary } from '../../src/offload/write.js';

const MAGIC = Uint8Array.from(OFFLOAD_BINARY_MAGIC);
const BINARY = writeOffloadBinary([{ imageKind: 1, offloadKind: 4, strings: [['triple', 'spir64']], image: new Uint8Array(8).fill(7) }], { version: 1 });

/** Where a plain search meets the magic, stepping over each binary that reads (as the scan does). */
function plainSearch(bytes: Uint8Array, found: ReadonlyMap<number, number>): number[] {
  const at: number[] = [];
  for (let i = 0; i + MAGIC.length <= bytes.length; i++) {
    if (!MAGIC.every((b, k) => bytes[i + k] === b)) continue;
    at.push(i);
    const size = found.get(i);
    if (size !== undefined) i += size - 1;
  }
  return at;
}

describe('containers: the scan for OffloadBinaries meets the magic wherever a byte-by-byte search does', () => {
  it('random bytes over the magic alphabet, magics and whole binaries placed anywhere, windows of any size', () => {
    const piece = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => b.map((x) => [0x00, 0x10, 0xff, 0xad][x & 3]!)),
      fc.integer({ min: 1, max: 400 }).map((n) => new Uint8Array(n)),
      fc.integer({ min: 1, max: 400 }).map((n) => new Uint8Array(n).fill(0x10)),
      fc.constant(MAGIC),
      fc.constant(BINARY),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.integer({ min: 64, max: 2048 }), (pieces, window) => {
        const bytes = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
        let o = 0;
        for (const p of pieces) {
          bytes.set(p, o);
          o += p.length;
        }
        const r = scanForOffloadBinaries(bytes, { window });
        const found = new Map(r.found.map((b) => [b.offset, b.size]));
        const met = [...r.found.map((b) => b.offset), ...r.rejected.map((x) => x.offset)].sort((a, b) => a - b);
        expect(met).to.deep.equal(plainSearch(bytes, found));
      }),
      { seed: 0x5ca7, numRuns: 300 },
    );
  });

  it('a binary after a long run of zeros, and one inside a run of its first byte, are found', () => {
    const bytes = new Uint8Array(1 << 20);
    bytes.set(BINARY, 700_000);
    bytes.fill(0x10, 800_000, 900_000);
    bytes.set(BINARY, 850_001);
    expect(scanForOffloadBinaries(bytes).found.map((b) => b.offset)).to.deep.equal([700_000, 850_001]);
  });
});
