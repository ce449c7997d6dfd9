/**
 * Android's packed relocations (src/containers/elf-android-relocs.ts), against the rules of LLVM's
 * `ELFFile::android_relas` and the streams of its tests (llvm/test/tools/llvm-readobj/ELF/
 * packed-relocs-errors.s: "relocation group unexpectedly large" for a group of 5 when 4 are left).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { decodePackedRelocs, PackedRelocsError } from '../../src/containers/elf-android-relocs.js';

/** SLEB128 of each value, after "APS2". */
function stream(...values: (number | bigint)[]): Uint8Array {
  const out = [0x41, 0x50, 0x53, 0x32];
  for (const x of values) {
    let v = BigInt(x);
    for (;;) {
      const b = Number(v & 0x7fn);
      v >>= 7n;
      const done = (v === 0n && (b & 0x40) === 0) || (v === -1n && (b & 0x40) !== 0);
      out.push(done ? b : b | 0x80);
      if (done) break;
    }
  }
  return Uint8Array.from(out);
}

describe('Android packed relocations (APS2)', () => {
  it('groups: by offset delta and info, addends per relocation or per group, offsets and addends running sums', () => {
    // 4 relocations from offset 0x1000: a group of 2 sharing delta 8 and info 8 (R_X86_64_RELATIVE) with
    // addends +0x10, +0x10; then a group of 2 with its own deltas and infos and no addend (reset to 0).
    const r = decodePackedRelocs(stream(4, 0x1000, 2, 2 | 1 | 8, 8, 8, 0x10, 0x10, 2, 0, 8, 0x100000001n, 16, 0x200000001n), 100);
    expect(r).to.deep.equal([
      { offset: 0x1008n, info: 8n, addend: 0x10n },
      { offset: 0x1010n, info: 8n, addend: 0x20n },
      { offset: 0x1018n, info: 0x100000001n, addend: 0n },
      { offset: 0x1028n, info: 0x200000001n, addend: 0n },
    ]);
    // grouped by addend: one addend for the group
    expect(decodePackedRelocs(stream(2, 0, 2, 2 | 1 | 4 | 8, 8, 8, -8), 100).map((x) => x.addend)).to.deep.equal([BigInt.asUintN(64, -8n), BigInt.asUintN(64, -8n)]);
  });

  it('LLVM\u2019s errors: a group larger than what is left, a number past the end, no magic', () => {
    expect(() => decodePackedRelocs(stream(4, 0, 5, 2, 8), 100)).to.throw(PackedRelocsError, 'relocation group unexpectedly large');
    expect(() => decodePackedRelocs(stream(4, 0, 2, 2, 8).slice(0, -1), 100)).to.throw(PackedRelocsError, 'malformed sleb128, extends past end');
    expect(() => decodePackedRelocs(Uint8Array.of(0x41, 0x50, 0x53), 100)).to.throw(PackedRelocsError, 'invalid packed relocation header');
  });

  it('hostile: a count past the places a program has is refused before any is decoded; relocations of no bytes stop at the cap', () => {
    expect(() => decodePackedRelocs(stream(1n << 40n, 0, 1n << 40n, 2 | 1, 8, 8), 1000)).to.throw(PackedRelocsError, /more than the 1000 kept for this file/);
    expect(decodePackedRelocs(stream(1000, 0, 1000, 2 | 1, 8, 8), 1000)).to.have.length(1000);
  });

  it('property (fixed seed): any bytes after the magic give relocations or a PackedRelocsError, within the cap', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (tail) => {
        const b = new Uint8Array(4 + tail.length);
        b.set([0x41, 0x50, 0x53, 0x32]);
        b.set(tail, 4);
        try {
          expect(decodePackedRelocs(b, 64).length).to.be.at.most(64);
        } catch (e) {
          expect(e).to.be.instanceOf(PackedRelocsError);
        }
      }),
      { seed: 2026, numRuns: 2000 },
    );
  });
});
