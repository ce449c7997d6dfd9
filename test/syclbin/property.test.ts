/**
 * Property-based round trips (fast-check): random SYCLBIN models — random property sets (unknown sets,
 * odd bit counts, empty sets/registries), 0-4 abstract modules with 0-3 IR modules and 0-3 native
 * images of random bytes, random envelopes — written by writeSyclbin and read back by readSyclbin give
 * an equal model, and what we write is a fixed point of read -> write (canonical).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { readSyclbin } from '../../src/syclbin/read.js';
import { writeSyclbin, memoryBlob, type WriteSyclbinOptions } from '../../src/syclbin/write.js';
import { byteArray, uint32, type PropertySetRegistry, type PropertyValue } from '../../src/props/model.js';
import type { Envelope, SyclbinFile, SyclbinImage } from '../../src/syclbin/model.js';
import { initZstd, nodeCompressor } from '../../src/node/compressors.js';
import { dumpSyclbin } from '../../src/syclbin/dump.js';
import { expectSameModel, hexdiff } from './support.js';

const nameChars = fc.constantFrom(...'abcXYZ019 _-/.@'.split(''));
const setName = fc.string({ unit: nameChars, minLength: 1, maxLength: 12 });
const key = fc.string({ unit: nameChars, minLength: 1, maxLength: 10 });
const value: fc.Arbitrary<PropertyValue> = fc.oneof(
  fc.integer({ min: 0, max: 0xffffffff }).map(uint32),
  fc.uint8Array({ maxLength: 24 }).map((b) => byteArray(b)),
  // an odd bit count: payload length = ceil(bits / 8)
  fc.uint8Array({ minLength: 1, maxLength: 8 }).chain((b) => fc.integer({ min: 1, max: 7 }).map((drop) => byteArray(b, BigInt(b.length * 8 - drop)))),
);
const registry: fc.Arbitrary<PropertySetRegistry> = fc
  .array(fc.tuple(setName, fc.array(fc.tuple(key, value), { maxLength: 4 })), { maxLength: 3 })
  .map((sets) => new Map(sets.map(([n, props]) => [n, new Map(props)])));
const image: fc.Arbitrary<SyclbinImage> = fc.tuple(registry, fc.uint8Array({ maxLength: 64 })).map(([metadata, bytes]) => ({ metadata, image: memoryBlob(bytes) }));
const modules = fc.array(
  fc.record({ metadata: registry, irModules: fc.array(image, { maxLength: 3 }), nativeImages: fc.array(image, { maxLength: 3 }) }),
  { maxLength: 4 },
);
const strings = fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 12 })), { maxLength: 3 }).map((p) => new Map(p));

const v1Envelope: fc.Arbitrary<Envelope> = fc.oneof(
  fc.constant<Envelope>({ kind: 'none' }),
  fc.record({ version: fc.constantFrom(1, 2, 3), imageKind: fc.integer({ min: 0, max: 0xffff }), offloadKind: fc.integer({ min: 0, max: 0xffff }), flags: fc.integer({ min: 0, max: 0xffffffff }), strings, compression: fc.constantFrom(undefined, 'zlib', 'zstd') }).map((r): Envelope => {
    const e: Envelope = { kind: 'offload', version: r.version, imageKind: r.imageKind, offloadKind: r.offloadKind, flags: r.flags, strings: r.strings, runtimeStyle: false, extraEntries: 0 };
    if (r.version === 3 && r.compression) e.compression = r.compression as 'zlib' | 'zstd';
    return e;
  }),
  fc.constant<Envelope>({ kind: 'offload', version: 2, imageKind: 7, offloadKind: 8, flags: 0, strings: new Map(), runtimeStyle: true, extraEntries: 0 }),
);
const v2Envelope: fc.Arbitrary<Envelope> = fc.record({ version: fc.constantFrom(2, 3), formatVersionKey: fc.boolean(), compression: fc.constantFrom(undefined, 'zlib', 'zstd') }).map((r): Envelope => {
  const e: Envelope = { kind: 'roles', version: r.version, formatVersionKey: r.formatVersionKey };
  if (r.version === 3 && r.compression) e.compression = r.compression as 'zlib' | 'zstd';
  return e;
});

const model = (version: 1 | 2): fc.Arbitrary<SyclbinFile> =>
  fc.record({ globalMetadata: registry, abstractModules: modules, envelope: version === 1 ? v1Envelope : v2Envelope }).map((r) => ({ version, ...r }));

before(async () => {
  await initZstd();
});

describe('syclbin property: random models survive write -> read', () => {
  it('SYCLBIN v1, canonical and grouped layouts, every envelope', () => {
    fc.assert(
      fc.property(model(1), fc.constantFrom<'canonical' | 'grouped'>('canonical', 'grouped'), (m, layout) => {
        const opts: WriteSyclbinOptions = { layout, compressor: nodeCompressor };
        const bytes = writeSyclbin(m, opts);
        const back = readSyclbin(bytes);
        expectSameModel(m, back, 'v1');
        expect(hexdiff(writeSyclbin(back, opts), bytes)).to.equal('identical');
        // the dump of a written file never throws and counts the modules
        expect(new TextDecoder('latin1').decode(dumpSyclbin(back))).to.contain(`Number of Abstract Modules: ${m.abstractModules.length}\n`);
      }),
      { numRuns: 300 },
    );
  });

  it('SYCLBIN v2 role entries in OffloadBinary v2/v3, with and without sycl_format_version', () => {
    fc.assert(
      fc.property(model(2), (m) => {
        const opts: WriteSyclbinOptions = { compressor: nodeCompressor };
        const bytes = writeSyclbin(m, opts);
        const back = readSyclbin(bytes);
        expectSameModel(m, back, 'v2');
        expect(hexdiff(writeSyclbin(back, opts), bytes)).to.equal('identical');
      }),
      { numRuns: 300 },
    );
  });

  it('v1 <-> v2 conversion keeps the model apart from the envelope', () => {
    fc.assert(
      fc.property(model(1), (m) => {
        const v2 = readSyclbin(writeSyclbin(m, { format: 2, compressor: nodeCompressor }));
        expect(v2.version).to.equal(2);
        const v1 = readSyclbin(writeSyclbin(v2, { format: 1, envelope: 'none' }));
        expectSameModel({ ...m, envelope: { kind: 'none' } }, v1, 'v1 -> v2 -> v1');
      }),
      { numRuns: 100 },
    );
  });
});
