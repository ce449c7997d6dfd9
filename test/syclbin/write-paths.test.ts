/**
 * Writer errors name their place in the model: a value a registry cannot hold is at the registry's
 * path (`abstractModules[0].irModules[0].metadata["x"]["k"]`), an envelope field at `envelope.…`, and a
 * binary of `writeOffloadBinaries` at its index.
 */
import { expect } from 'chai';
import { EncodeError } from '../../src/codec/errors.js';
import { memoryBlob, writeSyclbin } from '../../src/syclbin/write.js';
import type { SyclbinFile } from '../../src/syclbin/model.js';
import type { PropertySetRegistry, PropertyValue } from '../../src/props/model.js';
import { writeOffloadBinaries } from '../../src/offload/write.js';

function model(version: 1 | 2): SyclbinFile {
  return {
    version,
    envelope: { kind: 'none' },
    globalMetadata: new Map(),
    abstractModules: [
      { metadata: new Map(), irModules: [], nativeImages: [] },
      {
        metadata: new Map(),
        irModules: [{ metadata: new Map(), image: memoryBlob(new Uint8Array([1])) }, { metadata: new Map(), image: memoryBlob(new Uint8Array([2])) }],
        nativeImages: [{ metadata: new Map(), image: memoryBlob(new Uint8Array([3])) }],
      },
    ],
  };
}

function encodeErrorOf(f: () => unknown): EncodeError {
  try {
    f();
  } catch (e) {
    expect(e).to.be.instanceOf(EncodeError);
    return e as EncodeError;
  }
  expect.fail('no error');
}

describe('writer errors carry the structure path', () => {
  const bad = (): Map<string, PropertyValue> => new Map([['k', { type: 1, value: -1 } as PropertyValue]]);
  const places: [string, (m: SyclbinFile) => PropertySetRegistry][] = [
    ['globalMetadata', (m) => m.globalMetadata],
    ['abstractModules[1].metadata', (m) => m.abstractModules[1]!.metadata],
    ['abstractModules[1].irModules[1].metadata', (m) => m.abstractModules[1]!.irModules[1]!.metadata],
    ['abstractModules[1].nativeImages[0].metadata', (m) => m.abstractModules[1]!.nativeImages[0]!.metadata],
  ];
  for (const version of [1, 2] as const) {
    for (const [where, reg] of places) {
      it(`v${version}: a bad value in ${where} is at ${where}["x"]["k"]`, () => {
        const m = model(version);
        reg(m).set('x', bad());
        const e = encodeErrorOf(() => writeSyclbin(m));
        expect(e.path).to.equal(`${where}["x"]["k"]`);
        expect(e.message).to.contain(`(at ${where}["x"]["k"])`);
      });
    }
  }

  it("v1: an envelope's entry field is at envelope.…, not entries[0].…", () => {
    const m = model(1);
    m.envelope = { kind: 'offload', version: 2, imageKind: -7, offloadKind: 8, flags: 0, strings: new Map(), runtimeStyle: false, extraEntries: 0 };
    expect(encodeErrorOf(() => writeSyclbin(m)).path).to.equal('envelope.imageKind');
    m.envelope = { kind: 'offload', version: 1, imageKind: 7, offloadKind: 4, flags: 0, strings: new Map([['k', 'a\0b']]), runtimeStyle: false, extraEntries: 0 };
    expect(encodeErrorOf(() => writeSyclbin(m)).path).to.equal('envelope.strings.k');
    m.envelope = { kind: 'offload', version: 2, imageKind: 7, offloadKind: 8, flags: -1, strings: new Map(), runtimeStyle: true, extraEntries: 0 };
    expect(encodeErrorOf(() => writeSyclbin(m)).path).to.equal('envelope.flags');
  });

  it('writeOffloadBinaries: an error in a binary is at its index', () => {
    const ok = { imageKind: 1, offloadKind: 1, image: new Uint8Array(1) };
    expect(encodeErrorOf(() => writeOffloadBinaries([[ok], [{ ...ok, imageKind: -1 }]])).path).to.equal('[1].entries[0].imageKind');
    expect(encodeErrorOf(() => writeOffloadBinaries([[ok], [ok, ok]])).path).to.equal('[1]');
  });
});
