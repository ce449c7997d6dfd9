/**
 * The library as a consumer meets it (the package entry point, src/index.ts): readers take bytes or a
 * ByteSource alike, manifests are lowered from their JSON through the named entry point, and a
 * manifest document given to the parsed-manifest entry point is a typed error that names the right one.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import * as api from '../src/index.js';

const ROOT = new URL('../', import.meta.url).pathname;
const bytesOf = (p: string): Uint8Array => new Uint8Array(readFileSync(ROOT + p));

describe('library API: what a consumer calls', () => {
  it('readOffloadInput, inspectInput, notSyclbin and scanForOffloadBinaries take a Uint8Array as well as a ByteSource', () => {
    const file = 'testdata/llvm22/containers/omp22.o';
    const b = bytesOf(file);
    const fromBytes = api.readOffloadInput(b);
    const fromSource = api.readOffloadInput(api.memorySource(b));
    expect(fromBytes.container).to.equal('elf');
    expect(fromBytes.found.length).to.be.greaterThan(0);
    expect(fromBytes.found.map((f) => f.binary.offset)).to.deep.equal(fromSource.found.map((f) => f.binary.offset));
    expect(api.renderInspect(api.inspectInput(b, { sha256: false }))).to.equal(api.renderInspect(api.inspectInput(api.memorySource(b), { sha256: false })));
    expect(api.notSyclbin(b)).to.be.a('string');
    expect(api.scanForOffloadBinaries(b).found.map((x) => x.offset)).to.deep.equal(api.scanForOffloadBinaries(api.memorySource(b)).found.map((x) => x.offset));
  });

  it('lowerManifestJson lowers the manifest document; lowerManifest given that document is a LowerError naming lowerManifestJson', () => {
    const json: unknown = JSON.parse(readFileSync(ROOT + 'testdata/lower/issue-example.json', 'utf8'));
    const r = api.lowerManifestJson(json);
    expect(api.writeRegistry(r.registry).length).to.be.greaterThan(0);
    expect(api.writeRegistry(api.lowerManifest(api.parseManifest(json)).registry)).to.deep.equal(api.writeRegistry(r.registry));
    expect(() => api.lowerManifest(json as api.LoweringManifest))
      .to.throw(api.LowerError)
      .with.property('message')
      .that.matches(/lowerManifestJson/);
  });

  it('the error classes of lowering are exported at the top level and are SyclbinErrors', () => {
    for (const E of [api.LowerError, api.IrSyntaxError, api.PostLinkError]) expect(E.prototype).to.be.instanceOf(api.SyclbinError);
    expect(() => api.lowerIrModule('define void @f( {')).to.throw(api.IrSyntaxError);
  });

  it('the streaming writers and the manifest mapping are exported: syclbinChunks, offloadBinaryChunks, modelToManifest, manifestToModel', () => {
    const b = bytesOf('testdata/syclbin/v1_grouped.syclbin');
    const file = api.readSyclbin(b);
    expect(api.codec.concatChunks(api.syclbinChunks(file))).to.deep.equal(b);
    const manifest = api.modelToManifest(file);
    expect(manifest.layout).to.equal('grouped');
    const names = file.abstractModules.flatMap((am, a) => [...am.irModules.map((m, i) => [`am${a}.ir${i}`, m.image] as const), ...am.nativeImages.map((m, i) => [`am${a}.native${i}`, m.image] as const)]);
    const plan = api.manifestToModel(JSON.parse(JSON.stringify(manifest)), (p) => {
      const hit = names.find(([n]) => p.startsWith(n));
      if (!hit) throw new Error(`no image for ${p}`);
      return hit[1];
    });
    expect(api.writeSyclbin(plan.file, plan.options)).to.deep.equal(b);
  });
});

describe('library API: readPropsJson is a reader: its errors are DecodeErrors with the byte offset of the value', () => {
  it('a wrong value in our JSON form names its path and where it is in the document', () => {
    const text = '{"format":"syclbin-props","version":1,"sets":[{"name":1,"properties":[]}]}';
    let caught: unknown;
    try {
      api.readPropsJson(new TextEncoder().encode(text));
    } catch (e) {
      caught = e;
    }
    expect(caught).to.be.instanceOf(api.DecodeError);
    const e = caught as api.DecodeError;
    expect(e.pathSegments).to.deep.equal(['sets', 0, 'name']);
    expect(e.offset).to.equal(text.indexOf('1,"properties"'));
  });
});

describe('library API: property-set syntax errors name the set and key', () => {
  it('readRegistry: a bad line in a set is at [set, key]; a bad set line at []', () => {
    const e = (text: string): api.DecodeError => {
      try {
        api.readRegistry(new TextEncoder().encode(text));
      } catch (x) {
        return x as api.DecodeError;
      }
      throw new Error('no error');
    };
    expect(e('[a]\nk=1|x\n').pathSegments).to.deep.equal(['a', 'k']);
    expect(e('[a]\nk=3|x\n').pathSegments).to.deep.equal(['a', 'k']);
    expect(e('[a]\nnoequals\n').pathSegments).to.deep.equal(['a']);
    expect(e('[a\n').pathSegments).to.deep.equal([]);
    expect(e('[a]\nk=1|x\n').offset).to.equal('[a]\nk=1|'.length);
  });
});

describe('library API: arguments a JavaScript caller gets wrong are typed errors', () => {
  const file = bytesOf('testdata/syclbin/v1_in_offload_v3_zlib.syclbin');
  const thrown = (f: () => unknown): unknown => {
    try {
      f();
    } catch (e) {
      return e;
    }
    return undefined;
  };

  it('inputs: an ArrayBuffer or any view of one is read as its bytes; anything else is an ArgumentError', () => {
    const expected = api.writeSyclbin(api.readSyclbin(file));
    const copy = file.slice();
    expect(api.writeSyclbin(api.readSyclbin(copy.buffer as unknown as Uint8Array))).to.deep.equal(expected);
    expect(api.writeSyclbin(api.readSyclbin(new DataView(copy.buffer) as unknown as Uint8Array))).to.deep.equal(expected);
    const padded = new Uint16Array(copy.length / 2 + 4);
    new Uint8Array(padded.buffer).set(copy, 4);
    expect(api.writeSyclbin(api.readSyclbin(new DataView(padded.buffer, 4, copy.length) as unknown as Uint8Array))).to.deep.equal(expected);
    for (const bad of [undefined, null, 'bytes', 42, {}, { size: 3 }, [1, 2, 3]]) {
      for (const f of [() => api.readSyclbin(bad as never), () => api.annotate(bad as never), () => api.inspectInput(bad as never), () => api.readOffloadInput(bad as never)]) {
        const e = thrown(f);
        expect(e, String(bad)).to.be.instanceOf(api.ArgumentError).and.instanceOf(api.SyclbinError);
        expect((e as api.SyclbinError).code).to.equal('ARGUMENT');
      }
    }
  });

  it('offsets and maxInflatedSize must be whole numbers from 0', () => {
    for (const bad of [-1, -8, 1.5, Number.NaN, Infinity, '8']) {
      expect(thrown(() => api.readOffloadBinary(file, bad as number)), String(bad)).to.be.instanceOf(api.ArgumentError);
      expect(thrown(() => api.inflateOffloadBinary(file, bad as number)), String(bad)).to.be.instanceOf(api.ArgumentError);
    }
    for (const bad of [Number.NaN, 'x', -1, 0.5]) {
      const e = thrown(() => api.readSyclbin(file, { maxInflatedSize: bad as number }));
      expect(e, String(bad)).to.be.instanceOf(api.ArgumentError);
      expect((e as Error).message).to.contain('maxInflatedSize');
    }
    expect(api.inflateOffloadBinary(file, 0).compression).to.equal('zlib');
  });

  it('writers: an unknown compression, SYCLBIN version or envelope, or a missing image is an EncodeError, never a file written as something else', () => {
    const entry = { imageKind: 1, offloadKind: 1, strings: new Map([['triple', 't']]), image: new Uint8Array(8) };
    for (const compression of ['lz4', 'ZLIB', '']) {
      const e = thrown(() => api.writeOffloadBinary([entry], { version: 3, compression: compression as 'zlib' }));
      expect(e, compression).to.be.instanceOf(api.EncodeError);
      expect((e as Error).message).to.contain('unknown compression');
    }
    expect(thrown(() => api.writeOffloadBinary([{ ...entry, image: undefined as never }]))).to.be.instanceOf(api.EncodeError).with.property('message').that.contains('entries[0].image');
    const model = api.readSyclbin(bytesOf('testdata/syclbin/v1_object_state.syclbin'));
    for (const version of [9, 0, '1', undefined]) {
      expect(thrown(() => api.writeSyclbin({ ...model, version: version as 1 })), String(version)).to.be.instanceOf(api.EncodeError);
    }
    expect(thrown(() => api.writeSyclbin(model, { envelope: 'offload-v4' as 'none' }))).to.be.instanceOf(api.EncodeError);
    expect(api.writeSyclbin(model)).to.deep.equal(bytesOf('testdata/syclbin/v1_object_state.syclbin'));
    // zstd asked of a core without libzstd: a typed error too.
    const z = new api.ZstdUnavailableError();
    expect(z).to.be.instanceOf(api.SyclbinError);
    expect(z.code).to.equal('UNAVAILABLE');
  });
});

describe('library API: the annotation helpers and ReadOptions are exported at the top level', () => {
  it('hexdumpLines gives hexdump a row at a time; verifyAnnotation verifies an annotation made once', () => {
    const b = bytesOf('testdata/syclbin/v1_grouped.syclbin');
    const ann = api.annotate(b);
    const lines = [...api.hexdumpLines(b, ann)];
    expect(lines.length).to.be.greaterThan(1);
    expect(lines.join('')).to.equal(api.hexdump(b, ann));
    expect(api.verifyAnnotation(b, ann)).to.deep.equal(api.verify(b));
  });

  it('ReadOptions (collect mode, which readSyclbin documents) is a type of the entry point', () => {
    const problems: api.DecodeError[] = [];
    const opts: api.ReadOptions = { problems };
    const file = api.readSyclbin(bytesOf('testdata/broken/v1-property-syntax.syclbin'), opts);
    expect(file.abstractModules.length).to.be.greaterThan(0);
    expect(problems).to.have.length(1);
  });
});

describe('library API: a model built by hand', () => {
  it('takes images as bytes (SyclbinFileInput) or as memoryBlob blobs; a read model is one too, and its images stay BlobRefs', () => {
    const spirv = new Uint8Array([0x03, 0x02, 0x23, 0x07, 1, 2, 3, 4]);
    const ir: api.IRModuleInput = { metadata: new Map(), image: spirv };
    const native: api.NativeImageInput = { metadata: new Map(), image: spirv.buffer.slice(0, 4) };
    const file: api.SyclbinFileInput = { version: 1, envelope: { kind: 'none' }, globalMetadata: new Map(), abstractModules: [{ metadata: new Map(), irModules: [ir], nativeImages: [native] }] };
    const bytes = api.writeSyclbin(file);
    const back = api.readSyclbin(bytes);
    // (the reader's model: image is a BlobRef, no narrowing needed)
    const image: api.BlobRef = back.abstractModules[0]!.irModules[0]!.image;
    expect(image.bytes()).to.deep.equal(spirv);
    expect(back.abstractModules[0]!.nativeImages[0]!.image.bytes()).to.deep.equal(spirv.subarray(0, 4));
    // memoryBlob makes the reader's kind of model from bytes; a read model is a writer's input as it is.
    const blobs: api.SyclbinFile = { ...back, abstractModules: [{ metadata: new Map(), irModules: [{ metadata: new Map(), image: api.memoryBlob(spirv) }], nativeImages: [] }] };
    const input: api.SyclbinFileInput = blobs;
    expect(api.readSyclbin(api.writeSyclbin(input)).abstractModules[0]!.irModules[0]!.image.bytes()).to.deep.equal(spirv);
    expect(api.irTypeValue(ir)).to.equal(undefined);
  });
});
