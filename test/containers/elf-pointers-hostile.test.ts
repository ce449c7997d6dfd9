/**
 * ELF pointers (src/containers/elf-pointers.ts) against relocation tables that overlap: sections
 * whose headers all name one table are decoded each, so the records decoded in all are bounded
 * (hostile review 2026-11-28: 100 RELA headers naming one 40,000-record table took 4.2 s).
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { readOffloadInput } from '../../src/offload/input.js';

const WRAPPER = new URL('../../testdata/llvm22/sycl/k.wrapper.o', import.meta.url);

/** k.wrapper.o with `n` more RELA headers for `.data.rel.ro` (section 11), all naming one `records`-record table appended. */
function sharedRela(n: number, records: number): Uint8Array {
  const b = readFileSync(WRAPPER);
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const shoff = Number(v.getBigUint64(0x28, true));
  const shnum = v.getUint16(0x3c, true);
  const tableAt = (shoff + 7) & ~7;
  const headersAt = tableAt + 24 * records;
  const out = new Uint8Array(headersAt + 64 * (shnum + n));
  const w = new DataView(out.buffer);
  out.set(b.subarray(0, shoff));
  for (let i = 0; i < records; i++) {
    w.setBigUint64(tableAt + 24 * i, BigInt(100_000 + 8 * i), true);
    w.setBigUint64(tableAt + 24 * i + 8, 1n, true); // R_X86_64_64, symbol 0
  }
  out.set(b.subarray(shoff, shoff + 64 * shnum), headersAt);
  const rela = b.subarray(shoff + 64 * 12, shoff + 64 * 13); // .rela.data.rel.ro
  for (let i = 0; i < n; i++) {
    const at = headersAt + 64 * (shnum + i);
    out.set(rela, at);
    w.setBigUint64(at + 0x18, BigInt(tableAt), true);
    w.setBigUint64(at + 0x20, BigInt(24 * records), true);
  }
  w.setBigUint64(0x28, BigInt(headersAt), true);
  w.setUint16(0x3c, shnum + n, true);
  return out;
}

describe('ELF pointers: relocation tables that overlap (hostile review 2026-11-28)', () => {
  it('records decoded in all are bounded: a note, not 100 x 40,000 records', () => {
    const t = performance.now();
    const r = readOffloadInput(sharedRela(100, 40_000));
    expect(performance.now() - t).to.be.lessThan(2000);
    expect(r.notes.join('\n')).to.match(/relocation tables read add up to more than twice the records/);
  });

  it('a few tables naming one: read as before (the image and its triple)', () => {
    const plain = readOffloadInput(readFileSync(WRAPPER));
    const two = readOffloadInput(sharedRela(1, 16));
    expect(two.bare.map((x) => x.triple)).to.deep.equal(plain.bare.map((x) => x.triple));
  });
});
