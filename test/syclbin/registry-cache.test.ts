/**
 * The registries a dump reuses for metadata blobs whose bytes repeat an earlier blob's
 * (src/syclbin/registry-cache.ts): only the library's own dump visitor is handed them, a hit is
 * always the registry of the same bytes, and the dump's text is what the model's dump prints.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { concatChunks } from '../../src/codec/index.js';
import type { PropertySetRegistry, PropertyValue } from '../../src/props/model.js';
import { byteArray, stringProperty, uint32 } from '../../src/props/model.js';
import { dumpSyclbin, dumpSyclbinChunks } from '../../src/syclbin/dump.js';
import type { SyclbinFile } from '../../src/syclbin/model.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { RegistryCache } from '../../src/syclbin/registry-cache.js';
import { VISIT_SHARES_BLOBS } from '../../src/syclbin/visit-sharing.js';
import { memoryBlob, writeSyclbin } from '../../src/syclbin/write.js';

const enc = new TextEncoder();

/** A registry of one set `name` holding `props`. */
const reg = (name: string, props: [string, PropertyValue][]): PropertySetRegistry => new Map([[name, new Map(props)]]);

/**
 * A SYCLBIN v1 of `n` modules, each with its own metadata blobs (the writer writes one per header):
 * module `a` has optimisation level `a % 3`, its IR module the same target as every other one, and
 * every fifth module a byte array longer than the cache keeps (600 bytes, the same each time).
 */
function repeating(n: number): Uint8Array {
  const big = byteArray(new Uint8Array(600).fill(0x41));
  const file: SyclbinFile = {
    version: 1,
    envelope: { kind: 'none' },
    globalMetadata: reg('SYCLBIN/global metadata', [['state', uint32(2)]]),
    abstractModules: Array.from({ length: n }, (_, a) => ({
      metadata: reg('SYCL/misc properties', a % 5 === 0 ? [['optLevel', uint32(a % 3)], ['blob', big]] : [['optLevel', uint32(a % 3)]]),
      irModules: [{ metadata: reg('SYCLBIN/ir module metadata', [['type', uint32(0)], ['target', stringProperty('spir64-unknown-unknown')]]), image: memoryBlob(Uint8Array.of(a, 1, 2, 3)) }],
      nativeImages: [],
    })),
  };
  return writeSyclbin(file);
}

describe('syclbin: registries of repeated metadata bytes (dump)', () => {
  it('a hit is the registry kept for the same bytes elsewhere in the buffer; other bytes of the same length miss, long blobs are not kept, another buffer starts afresh', () => {
    const cache = new RegistryCache();
    //                      0           10          20          30
    const buf = enc.encode('[S]\nk=1|1\n[S]\nk=1|2\n[S]\nk=1|1\n');
    expect(cache.get(buf, 0, 10)).to.equal(undefined);
    const r = reg('S', [['k', uint32(1)]]);
    cache.set(buf, 0, 10, r);
    expect(cache.get(buf, 20, 30)).to.equal(r);
    expect(cache.get(buf, 10, 20)).to.equal(undefined);
    // (the same bytes in another buffer: not known there)
    expect(cache.get(enc.encode('[S]\nk=1|1\n'), 0, 10)).to.equal(undefined);
    const long = new Uint8Array(1100).fill(0x41);
    expect(cache.get(long, 0, 513)).to.equal(undefined);
    cache.set(long, 0, 513, r);
    expect(cache.get(long, 513, 1026)).to.equal(undefined);
    // (and one of at most 512 bytes is)
    expect(cache.get(long, 0, 512)).to.equal(undefined);
    cache.set(long, 0, 512, r);
    expect(cache.get(long, 512, 1024)).to.equal(r);
  });

  it('lookups that keep missing rest for 16,384 blobs after a window of 1,024 with fewer than 64 hits, then look again', () => {
    const cache = new RegistryCache();
    const blobs = Array.from({ length: 1024 + 16384 + 2 }, (_, i) => enc.encode(`[S]\nk=1|${i % (1024 + 16384)}\n`));
    const buf = concatChunks(blobs);
    const places: [number, number][] = [];
    let at = 0;
    for (const b of blobs) places.push([at, (at += b.length)]);
    const r = reg('S', [['k', uint32(0)]]);
    // (1,024 distinct blobs: every lookup misses; blob 0 is kept)
    for (let i = 0; i < 1024; i++) {
      expect(cache.get(buf, ...places[i]!)).to.equal(undefined);
      if (i === 0) cache.set(buf, ...places[0]!, r);
    }
    // (blob 16,384 + 1,024 has blob 0's bytes: not looked at while resting, ...)
    for (let i = 1024; i < 1024 + 16384; i++) expect(cache.get(buf, ...places[i]!)).to.equal(undefined);
    // (... found once the rest is over)
    expect(cache.get(buf, ...places[1024 + 16384]!)).to.equal(r);
  });

  it('whatever blobs come, in whatever order, a hit is always the registry of the same bytes (fast-check, more blobs than slots)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2000 }), { minLength: 1, maxLength: 3000 }), (order) => {
        const cache = new RegistryCache();
        const made = new Map<number, PropertySetRegistry>();
        // (one buffer of the blobs in that order, as a metadata table holds them)
        const blobs = order.map((v) => enc.encode(`[S]\nk=1|${v}\n`));
        const buf = concatChunks(blobs);
        let at = 0;
        for (let i = 0; i < order.length; i++) {
          const v = order[i]!;
          const from = at;
          at += blobs[i]!.length;
          const hit = cache.get(buf, from, at);
          if (hit !== undefined) {
            if (hit !== made.get(v)) return false;
            continue;
          }
          const r = made.get(v) ?? reg('S', [['k', uint32(v)]]);
          made.set(v, r);
          cache.set(buf, from, at, r);
        }
        return true;
      }),
      { seed: 20261128, numRuns: 50 },
    );
  });

  it('only the dump visitor is handed one registry for repeated bytes; a model and any other visitor get one of their own per blob', () => {
    const bytes = repeating(30);
    const model = readSyclbin(bytes);
    const irMetadata = model.abstractModules.map((m) => m.irModules[0]!.metadata);
    expect(new Set(irMetadata).size).to.equal(30);
    const seen = (extra: object): PropertySetRegistry[] => {
      const out: PropertySetRegistry[] = [];
      readSyclbin(bytes, { ...extra, visit: { start() {}, module: (m) => void out.push(m.metadata, m.irModules[0]!.metadata) } });
      return out;
    };
    expect(new Set(seen({})).size).to.equal(60);
    const shared = seen({ [VISIT_SHARES_BLOBS]: true });
    // (three optimisation levels, with and without the long blob: the long ones are parsed each time; one IR target)
    const moduleRegs = shared.filter((_, i) => i % 2 === 0);
    const irRegs = shared.filter((_, i) => i % 2 === 1);
    expect(new Set(irRegs).size).to.equal(1);
    expect(new Set(moduleRegs.filter((_, a) => a % 5 !== 0)).size).to.equal(3);
    expect(new Set(moduleRegs.filter((_, a) => a % 5 === 0)).size).to.equal(6);
    // (and what each was handed reads as its own blob's text)
    for (let a = 0; a < 30; a++) expect(moduleRegs[a]).to.deep.equal(model.abstractModules[a]!.metadata);
  });

  it('the streamed dump of repeating blobs is the model\'s dump, byte for byte', () => {
    const bytes = repeating(50);
    const streamed: Uint8Array[] = [];
    dumpSyclbinChunks(bytes, (c) => void streamed.push(c.slice()));
    expect(Buffer.from(concatChunks(streamed))).to.deep.equal(Buffer.from(dumpSyclbin(readSyclbin(bytes))));
  });
});
