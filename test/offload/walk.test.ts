/**
 * The listing walk (src/offload/walk.ts) against the full reader: for every OffloadBinary file of the
 * test data and random mutations of them, the streamed `llvm-objdump --offloading` text equals the
 * text of the read models, or both fail with the same DecodeError (message, offset, path); on file
 * sources with small windows too (window reloads at every boundary).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DecodeError, messageWithoutHint, type ByteSource } from '../../src/codec/index.js';
import { readOffloadBinaries } from '../../src/offload/read.js';
import { formatOffloadingText, offloadingTextStream } from '../../src/offload/objdump-text.js';
import { summarizeOffloadBinary, walkOffloadEntries, type BinarySummary, type EntrySummary } from '../../src/offload/walk.js';
import { readOffloadBinary } from '../../src/offload/read.js';
import { llvmEra } from '../../formats/eras.js';
import { writeOffloadBinaries } from '../../src/offload/write.js';
import { handV1Binary } from './support.js';

const ROOT = new URL('../../testdata/', import.meta.url).pathname;

function* files(dir: string): Generator<string> {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Every test file that starts with the OffloadBinary magic. */
const corpus = [...files(ROOT)]
  .map((p) => ({ name: p.slice(ROOT.length), bytes: new Uint8Array(readFileSync(p)) }))
  .filter((f) => f.bytes.length >= 4 && f.bytes[0] === 0x10 && f.bytes[1] === 0xff && f.bytes[2] === 0x10 && f.bytes[3] === 0xad);

/** A source without `bytes` (as a file is read): every read is a fresh copy. */
function fileLike(b: Uint8Array): ByteSource {
  return { size: b.length, read: (o, n) => b.slice(o, o + n) };
}

type Outcome = { text: string } | { error: string };
function outcome(f: () => string): Outcome {
  try {
    return { text: f() };
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    // (the library reader's hint of what the bytes are instead is its own: the listing's error is the rest)
    return { error: `${messageWithoutHint(e)} @${e.offset} ${JSON.stringify(e.pathSegments)}` };
  }
}

function compare(bytes: Uint8Array, label: string): void {
  for (const era of ['19', '22', 'main'] as const) {
    const opts = { era: llvmEra(era) };
    const full = outcome(() => formatOffloadingText(readOffloadBinaries(bytes), opts));
    const mem = outcome(() => [...offloadingTextStream({ size: bytes.length, bytes, read: (o, n) => bytes.subarray(o, o + n) }, { ...opts, chunk: 7 })].join(''));
    expect(mem, `${label} (--llvm ${era}, in memory)`).to.deep.equal(full);
    for (const window of [16, 64]) {
      const src = fileLike(bytes);
      const walked = outcome(() => {
        // The same walk over small windows: the text comes from the summaries and models it yields.
        let n = 0;
        for (const it of walkOffloadEntries(src, { window })) n += it.model ? it.model.entries.length : 1;
        return String(n);
      });
      const count = 'text' in full ? String((full.text.match(/OFFLOADING IMAGE \[\d+\]/g) ?? []).length) : undefined;
      if ('text' in walked && count !== undefined && era !== 'main') expect(walked.text, `${label} window ${window}`).to.equal(count);
      const streamed = outcome(() => [...offloadingTextStream(src, { ...opts })].join(''));
      expect(streamed, `${label} (--llvm ${era}, file source)`).to.deep.equal(full);
    }
  }
}

describe('offload walk: the streamed listing equals the full reader', () => {
  it('has OffloadBinary files to compare', () => expect(corpus.length).to.be.greaterThan(20));
  for (const f of corpus) it(f.name, () => compare(f.bytes, f.name));

  it('random mutations: same text or the same error (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: corpus.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }),
        fc.option(fc.nat(), { nil: undefined }),
        (which, edits, cut) => {
          const b = corpus[which]!.bytes.slice(0, cut === undefined ? undefined : Math.max(1, cut % (corpus[which]!.bytes.length + 1)));
          for (const [at, v] of edits) b[at % b.length] = v;
          compare(b, `${corpus[which]!.name} mutated`);
        },
      ),
      { numRuns: 400, seed: 0x5eed },
    );
  });

  it("summarizeOffloadBinary: the full reader's kinds, images and marked keys of one binary, or its model or error", () => {
    for (const f of corpus) {
      let model;
      try {
        model = readOffloadBinary(f.bytes, 0);
      } catch (e) {
        expect(() => summarizeOffloadBinary(f.bytes, 0, { markKey: 'triple' }), f.name).to.throw(DecodeError, (e as Error).message);
        continue;
      }
      const s = summarizeOffloadBinary(f.bytes, 0, { markKey: 'triple' });
      if (s.model) {
        expect(s.model.size, f.name).to.equal(model.size);
        continue;
      }
      expect([s.version, s.size], f.name).to.deep.equal([model.version, model.size]);
      expect(
        s.entries.map((e) => [e.imageKind, e.offloadKind, e.imageOffset, e.imageSize, e.marked]),
        f.name,
      ).to.deep.equal(model.entries.map((e) => [e.imageKind, e.offloadKind, e.imageRef.offset, e.imageRef.size, e.strings.has('triple')]));
    }
    // The key is matched whole, whatever the other keys; copies are kept, not the walk's reused objects.
    const two = writeOffloadBinaries([[
      { imageKind: 1, offloadKind: 1, strings: new Map([['roles', 'x'], ['triple', 't']]), image: new Uint8Array(8) },
      { imageKind: 1, offloadKind: 1, strings: new Map([['role', ''], ['arch', 'a']]), image: new Uint8Array(8) },
    ]], { version: 2 });
    const fastPath = (b: BinarySummary): EntrySummary[] => {
      if (b.model) throw new Error('expected the fast path');
      return b.entries;
    };
    const r = fastPath(summarizeOffloadBinary(two, 0, { markKey: 'role' }));
    expect(r.map((e) => e.marked)).to.deep.equal([false, true]);
    expect(r[0]).to.not.equal(r[1]);
    expect(fastPath(summarizeOffloadBinary(two)).map((e) => e.marked)).to.deep.equal([false, false]);
  });

  it('chunk 0 or less: one image per piece, not a loop that never advances', () => {
    const bytes = writeOffloadBinaries([[{ imageKind: 1, offloadKind: 1, strings: new Map([['triple', 't']]), image: new Uint8Array(8) }], [{ imageKind: 1, offloadKind: 2, strings: new Map([['triple', 'u']]), image: new Uint8Array(8) }]]);
    const src = { size: bytes.length, bytes, read: (o: number, n: number) => bytes.subarray(o, o + n) };
    for (const chunk of [0, -5]) {
      const pieces = [...offloadingTextStream(src, { chunk })];
      expect(pieces, `chunk ${chunk}`).to.have.length(2);
      expect(pieces.join('')).to.equal(formatOffloadingText(readOffloadBinaries(bytes)));
    }
  });

  it('values cached by the walk (16 per key, replaced round robin) never leak into another entry', () => {
    // More distinct arches and triples than the cache holds, in patterns that hit, miss, evict and
    // come back (cycles of 3, 17 and 40 values, runs, values that are prefixes of others).
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 39 }), fc.integer({ min: 0, max: 39 })), { minLength: 1, maxLength: 120 }), (picks) => {
        const bins = picks.map(([a, t]) => [
          { imageKind: 1, offloadKind: 1, strings: [['arch', 'sm_'.repeat(1 + (a % 3)) + a], ['triple', `t${t}`.slice(0, 1 + (t % 4))]] as [string, string][], image: new Uint8Array(0) },
        ]);
        compare(writeOffloadBinaries(bins, { version: 1 }), 'cache patterns');
      }),
      { numRuns: 150, seed: 0xcac4e },
    );
    const cycle = (n: number, len: number) => Array.from({ length: len }, (_, i) => [{ imageKind: 1, offloadKind: 2, strings: [['arch', `gfx${i % n}`], ['triple', `x${(i * 7) % n}`]] as [string, string][], image: new Uint8Array(1) }]);
    for (const n of [3, 16, 17, 40]) compare(writeOffloadBinaries(cycle(n, 200), { version: 1 }), `cycle of ${n}`);
  });

  /**
   * A v1 binary whose `n` string entries all name one key and point into one long value (review
   * 2026-12-02a finding 1: the walk compared the value again for every entry, quadratic): at its start
   * (`step` 0) or at a later suffix each (tail-merged strings, `step` > 0).
   */
  function repeatedValue(n: number, valueLength: number, step: number, key = 'triple'): Uint8Array {
    const strings = 72;
    const data = strings + 16 * n;
    const k = new TextEncoder().encode(key + '\0');
    const imageOffset = Math.ceil((data + k.length + valueLength + 1) / 8) * 8;
    const { bytes: b, view: v } = handV1Binary(imageOffset + 8, n, imageOffset, 8);
    for (let i = 0; i < n; i++) {
      v.setBigUint64(strings + 16 * i, BigInt(data), true);
      v.setBigUint64(strings + 16 * i + 8, BigInt(data + k.length + Math.min(valueLength, i * step)), true);
    }
    b.set(k, data);
    b.fill(0x56, data + k.length, data + k.length + valueLength);
    return b;
  }

  it('many entries naming one long value (at one place, or at suffixes of it): the text of the full reader', () => {
    for (const step of [0, 1, 7]) {
      for (const key of ['triple', 'arch']) compare(repeatedValue(300, 2000, step, key), `300 entries, value of 2000 bytes, step ${step}, ${key}`);
    }
    // Two files one after the other: what a walk remembers of one source is not used for another.
    const a = repeatedValue(4, 100, 0);
    const b = repeatedValue(4, 10, 0);
    for (const bytes of [a, b, a]) compare(bytes, 'files in turn');
  });
});
