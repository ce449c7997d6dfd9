/** src/cli/json-pieces.ts: reports written a member at a time are JSON.stringify's text, byte for byte. */
import { expect } from 'chai';
import fc from 'fast-check';
import { jsonDocumentPieces } from '../../src/cli/json-pieces.js';
import { verify } from '../../src/hex/verify.js';
import { runCliCaptured } from '../support/run-cli.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const cli = runCliCaptured;

const joined = (value: unknown, levels?: number): string => [...jsonDocumentPieces(value, levels)].join('');

describe('cli JSON pieces', () => {
  it('equal JSON.stringify(value, null, 2) + "\\n" for any JSON value and any number of streamed levels (fixed seed)', () => {
    // (undefined members and items too: JSON leaves them out of objects and writes null in arrays)
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined), fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 4 }), tie('v'), { maxKeys: 4 })),
    })).v;
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 5 }), (v, levels) => {
        if (v === undefined) return;
        expect(joined(v, levels)).to.equal(JSON.stringify(v, null, 2) + '\n');
      }),
      { numRuns: 3000 },
    );
  });

  it('write a large report in many pieces, none of them the whole document', () => {
    const problems = Array.from({ length: 5000 }, (_, i) => ({ severity: 'note', offset: i, path: `["s"]["k${i}"]`, code: 'property', message: 'unknown key in a known set; value kept raw' }));
    const doc = { file: 'x.prop', format: 'property-sets', size: 1, problems, counts: { error: 0, warning: 0, note: 5000 } };
    const pieces = [...jsonDocumentPieces(doc)];
    const text = JSON.stringify(doc, null, 2) + '\n';
    expect(pieces.join('')).to.equal(text);
    expect(Math.max(...pieces.map((p) => p.length))).to.be.below(200);
  });

  it('verify --json and the text report of a file of many findings are what the report stringified and formatted are', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-json-pieces-'));
    try {
      const lines = ['[SYCL/devicelib req mask]', ...Array.from({ length: 3000 }, (_, i) => `key${i}=1|${i}`)];
      writeFileSync(join(dir, 'k.prop'), lines.join('\n') + '\n');
      const report = verify(new Uint8Array(readFileSync(join(dir, 'k.prop'))));
      expect(report.counts.note).to.equal(3000);
      const json = await cli(['verify', '--json', 'k.prop'], dir);
      expect(json.code, json.stderr).to.equal(0);
      expect(json.stdout).to.equal(JSON.stringify({ file: 'k.prop', ...report }, null, 2) + '\n');
      const two = await cli(['verify', '--json', 'k.prop', 'k.prop'], dir);
      expect(two.stdout).to.equal(JSON.stringify([{ file: 'k.prop', ...report }, { file: 'k.prop', ...report }], null, 2) + '\n');
      const text = await cli(['verify', 'k.prop'], dir);
      expect(text.stdout.split('\n')).to.have.length(3000 + 3);
      expect(text.stdout).to.match(/^k\.prop: property-sets, \d+ bytes\nnote {4}0x00000021 {2}\["SYCL\/devicelib req mask"\]\["key0"\]: unknown key in a known set; value kept raw\n/);
      expect(text.stdout.endsWith('0 error(s), 0 warning(s), 3000 note(s)\n')).to.equal(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
