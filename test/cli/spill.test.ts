/** Held output (src/node/spill.ts): in memory up to the limit, then in a temporary file; drained in order, removed after. */
import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { SpillBuffer } from '../../src/node/spill.js';

const spills = (): string[] => readdirSync(tmpdir()).filter((f) => f.startsWith('syclbin-spill-'));

describe('SpillBuffer', () => {
  it('under the limit: the chunks themselves, in order; over it: a temporary file, read back in order and removed', () => {
    const before = spills().length;
    const chunks = Array.from({ length: 50 }, (_, i) => new Uint8Array(1000 + i).fill(i));
    for (const limit of [1 << 30, 10_000, 0]) {
      const s = new SpillBuffer(limit);
      for (const c of chunks) s.push(c);
      if (limit < 1 << 30) expect(spills().length).to.equal(before + 1);
      const got: number[] = [];
      s.drainTo((c) => got.push(...c));
      expect(got).to.deep.equal(chunks.flatMap((c) => [...c]));
      expect(spills().length).to.equal(before);
    }
  });

  it('dispose drops everything, the temporary file too', () => {
    const before = spills().length;
    const s = new SpillBuffer(10);
    s.push(new Uint8Array(100));
    expect(spills().length).to.equal(before + 1);
    s.dispose();
    expect(spills().length).to.equal(before);
  });
});
