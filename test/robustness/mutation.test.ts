/**
 * Hostile input is normal input: byte mutations of every valid test file (bit flips, random bytes,
 * u64 fields set near 2^64, truncation, splices) go through every reader and analysis. The only
 * acceptable failure is the library's DecodeError (with an offset and a path); never a bare
 * RangeError/TypeError, a hang, or a huge allocation. Deterministic (fixed fast-check seed).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DecodeError } from '../../src/codec/errors.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { dumpSyclbin } from '../../src/syclbin/dump.js';
import { writeSyclbin } from '../../src/syclbin/write.js';
import { readOffloadBinaries } from '../../src/offload/read.js';
import { annotate, checkTiling } from '../../src/hex/annotate.js';
import { verify } from '../../src/hex/verify.js';
import { readRegistry, writeRegistry } from '../../src/props/registry.js';
import { readLlvmPropertiesJson, writeLlvmPropertiesJson } from '../../src/props/llvm-json.js';
import { syclbinToJson } from '../../src/syclbin/json.js';
import { nodeSha256 } from '../../src/node/sha256.js';
import { initZstd, nodeCompressor } from '../../src/node/compressors.js';

const root = new URL('../..', import.meta.url).pathname;
const dirs = [join(root, 'testdata/syclbin'), join(root, 'testdata/offload'), join(root, 'testdata/conformance')];
const corpus: { name: string; bytes: Uint8Array }[] = [];
for (const d of dirs) {
  for (const f of readdirSync(d)) {
    if (f.endsWith('.syclbin') || f.endsWith('.v1.bin')) corpus.push({ name: f, bytes: new Uint8Array(readFileSync(join(d, f))) });
  }
}
const props = new Uint8Array(readFileSync(join(root, 'testdata/props/sample.prop')));
const llvmJson = new Uint8Array(readFileSync(join(root, 'testdata/llvm22/props/w12-sycl-sets.write.txt')));

type Mutation = (b: Uint8Array) => Uint8Array;

const mutation = (size: number): fc.Arbitrary<Mutation> =>
  fc.oneof(
    fc.record({ at: fc.nat(size - 1), bit: fc.nat(7) }).map(({ at, bit }) => (b: Uint8Array) => {
      const c = b.slice();
      if (at < c.length) c[at]! ^= 1 << bit;
      return c;
    }),
    fc.record({ at: fc.nat(size - 1), v: fc.nat(255) }).map(({ at, v }) => (b: Uint8Array) => {
      const c = b.slice();
      if (at < c.length) c[at] = v;
      return c;
    }),
    // An aligned u64 set to a value near 2^64 or 2^53 (sizes/offsets whose sums would wrap).
    fc
      .record({ at: fc.nat(Math.max(0, Math.floor(size / 8) - 1)), v: fc.constantFrom(2n ** 64n - 1n, 2n ** 64n - 8n, 2n ** 63n, 2n ** 53n, 2n ** 53n - 1n, 2n ** 32n, 0xffffffffn) })
      .map(({ at, v }) => (b: Uint8Array) => {
        const c = b.slice();
        if (at * 8 + 8 <= c.length) new DataView(c.buffer).setBigUint64(at * 8, v, true);
        return c;
      }),
    fc.nat(size).map((n) => (b: Uint8Array) => b.slice(0, n)),
    fc.record({ from: fc.nat(size - 1), len: fc.nat(64), to: fc.nat(size - 1) }).map(({ from, len, to }) => (b: Uint8Array) => {
      const c = b.slice();
      if (to < c.length) c.set(b.subarray(from, Math.min(b.length, from + len)).subarray(0, c.length - to), to);
      return c;
    }),
  );

/** Run `f`; any exception other than DecodeError fails the property. */
function onlyDecodeErrors(what: string, f: () => void): void {
  try {
    f();
  } catch (e) {
    if (e instanceof DecodeError) {
      expect(e.offset, `${what}: offset`).to.be.a('number');
      expect(e.message, `${what}: message`).to.be.a('string').and.not.equal('');
      return;
    }
    throw new Error(`${what} threw ${(e as Error)?.name}: ${(e as Error)?.message}\n${(e as Error)?.stack}`);
  }
}

describe('robustness: mutated inputs give DecodeError or a valid result', function () {
  this.timeout(120000);
  before(() => initZstd());
  it('has a corpus', () => expect(corpus.length).to.be.greaterThan(20));

  for (const { name, bytes } of corpus) {
    it(`${name}: readers, dump, write, json, annotate, verify`, () => {
      fc.assert(
        fc.property(fc.array(mutation(bytes.length), { minLength: 1, maxLength: 3 }), (muts) => {
          const m = muts.reduce<Uint8Array>((b, f) => f(b), bytes);
          onlyDecodeErrors('readSyclbin', () => {
            const file = readSyclbin(m);
            dumpSyclbin(file);
            syclbinToJson(file, { sha256: nodeSha256 });
            // Whatever we could read, we can write and read back.
            readSyclbin(writeSyclbin(file, { compressor: nodeCompressor }));
          });
          onlyDecodeErrors('readOffloadBinaries', () => void readOffloadBinaries(m));
          // The analyses never throw: they report problems.
          const a = annotate(m);
          expect(checkTiling(a), 'tiling').to.equal(undefined);
          verify(m);
        }),
        { numRuns: 100, seed: 0x5eed },
      );
    });
  }

  it('property-set registry text: decode gives DecodeError or a registry that re-encodes and reads back', () => {
    fc.assert(
      fc.property(fc.array(mutation(props.length), { minLength: 1, maxLength: 4 }), (muts) => {
        const m = muts.reduce<Uint8Array>((b, f) => f(b), props);
        onlyDecodeErrors('readRegistry', () => {
          const reg = readRegistry(m);
          expect(readRegistry(writeRegistry(reg))).to.deep.equal(reg);
        });
      }),
      { numRuns: 300, seed: 0x5eed },
    );
  });

  it('upstream JSON property sets: read gives DecodeError or a registry that LLVM JSON writes and reads back', () => {
    fc.assert(
      fc.property(fc.array(mutation(llvmJson.length), { minLength: 1, maxLength: 4 }), (muts) => {
        const m = muts.reduce<Uint8Array>((b, f) => f(b), llvmJson);
        onlyDecodeErrors('readLlvmPropertiesJson', () => {
          const reg = readLlvmPropertiesJson(m).registry;
          expect(readLlvmPropertiesJson(writeLlvmPropertiesJson(reg).json).registry).to.deep.equal(reg);
        });
      }),
      { numRuns: 300, seed: 0x5eed },
    );
  });
});
