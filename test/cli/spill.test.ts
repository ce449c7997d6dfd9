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

describe('SpillBuffer: failures and exits leave nothing behind (review 2026-11-27z)', () => {
  it('a temporary folder that cannot be made: a SpillError naming it', async () => {
    const { SpillError } = await import('../../src/node/spill.js');
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = '/proc';
    try {
      const s = new SpillBuffer(1);
      expect(() => s.push(new Uint8Array(10))).to.throw(SpillError, /temporary file in \/proc \(set TMPDIR/);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });

  it('a process that exits while output is held removes the temporary file', async () => {
    const { spawnSync } = await import('node:child_process');
    const { mkdtempSync, readdirSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-spill-test-'));
    try {
      const spill = new URL('../../src/node/spill.ts', import.meta.url).pathname;
      const script = `import { SpillBuffer } from ${JSON.stringify(spill)}; const s = new SpillBuffer(1); s.push(new Uint8Array(100)); process.exit(3);`;
      const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, TMPDIR: dir }, encoding: 'utf8' });
      expect(r.status, r.stderr).to.equal(3);
      expect(readdirSync(dir).filter((f) => f.startsWith('syclbin-spill-'))).to.deep.equal([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
