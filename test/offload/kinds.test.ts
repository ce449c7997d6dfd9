/**
 * Offload kind numbers in words (formats/kinds.ts): a number is ambiguous only where two numberings
 * define it differently; a number one numbering leaves undefined says where it is defined; an entry
 * whose image kind is intel/llvm's SYCLBIN (7) is named in intel/llvm's numbering.
 */
import { expect } from 'chai';
import { offloadKindAmbiguity, offloadKindElsewhere, offloadKindEntryText, offloadKindEraText, offloadKindText } from '../../formats/kinds.js';

describe('offload kinds in words', () => {
  it('ambiguous: 4 in a version-1 binary (sycl to intel/llvm, hip to LLVM 21+); not 8 (sycl, bitmask only), 3 (hip, sequential only), 1, or any number of version 2', () => {
    expect(offloadKindAmbiguity(4, 1)?.meanings.map((m) => m.name)).to.deep.equal(['unknown(4)', 'sycl', 'hip']);
    for (const k of [0, 1, 2, 3, 8, 16]) expect(offloadKindAmbiguity(k, 1), String(k)).to.equal(undefined);
    expect(offloadKindAmbiguity(4, 2)).to.equal(undefined);
  });

  it('a number the chosen numbering leaves undefined says where it is defined', () => {
    expect(offloadKindElsewhere(8, 1, 'llvm19')).to.equal('sycl in LLVM 21+ (bitmask, llvm-project #135809)');
    expect(offloadKindElsewhere(3, 1, 'bitmask')).to.equal('hip in LLVM 19/20 (sequential), hip in intel/llvm (sequential, sycl 4)');
    expect(offloadKindElsewhere(8, 1, 'bitmask')).to.equal(undefined);
    expect(offloadKindElsewhere(16, 1, 'bitmask')).to.equal(undefined);
    expect(offloadKindElsewhere(3, 2, 'bitmask'), 'version 2 is bitmask only').to.equal(undefined);
    expect(offloadKindEraText(8, 1, 'bitmask')).to.equal('8 (sycl)');
    expect(offloadKindEraText(8, 1, 'llvm19')).to.equal('8 (unknown(8)) — sycl in LLVM 21+ (bitmask, llvm-project #135809)');
    expect(offloadKindEraText(4, 1, 'bitmask')).to.match(/^4 \(hip\) — ambiguous: offload kind 4 of a version-1 binary is sycl in intel\/llvm/);
    expect(offloadKindText(8, 1)).to.equal('8 (unknown(8), sequential numbering) — sycl in LLVM 21+ (bitmask, llvm-project #135809)');
  });

  it("an entry of image kind 7 (SYCLBIN, intel/llvm's) is named in intel/llvm's numbering, with the era's name when it differs", () => {
    expect(offloadKindEntryText(4, 1, 7, 'bitmask')).to.equal("4 (sycl; intel/llvm's numbering, as image kind 7, SYCLBIN, is intel/llvm's; LLVM 21+ (bitmask, llvm-project #135809) calls it hip)");
    expect(offloadKindEntryText(4, 1, 7, 'intel')).to.equal("4 (sycl; intel/llvm's numbering, as image kind 7, SYCLBIN, is intel/llvm's)");
    expect(offloadKindEntryText(4, 1, 6, 'bitmask')).to.equal(offloadKindEraText(4, 1, 'bitmask'));
    expect(offloadKindEntryText(8, 2, 7, 'bitmask'), 'version 2: bitmask only').to.equal('8 (sycl)');
  });
});
