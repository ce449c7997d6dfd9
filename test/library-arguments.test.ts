/**
 * What a JavaScript caller may pass the library and what it gets back (a new user's review of the
 * API found these): every function that takes bytes reads an ArrayBuffer or any view of one as the
 * same bytes, text readers also take a string, and anything else is an ArgumentError, never an
 * empty or wrong answer read from a value that has no bytes; writers refuse options and model
 * shapes they cannot honour with an EncodeError at the path, never by writing something else.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import * as api from '../src/index.js';
import { describeValue } from '../src/codec/errors.js';
import '../src/node/index.js';

const ROOT = new URL('../', import.meta.url).pathname;
const bytesOf = (p: string): Uint8Array => new Uint8Array(readFileSync(ROOT + p));

/** The same bytes as a fresh ArrayBuffer, a DataView at an offset, and a Buffer. */
function otherForms(b: Uint8Array): unknown[] {
  const ab = b.slice().buffer;
  const padded = new Uint8Array(b.length + 3);
  padded.set(b, 3);
  return [ab, new DataView(padded.buffer, 3, b.length), Buffer.from(b)];
}

/** A value comparable across calls (Maps and typed arrays as plain data). */
function plain(v: unknown): unknown {
  // (A Buffer is serialised by its toJSON before the replacer sees it: its data is the bytes.)
  const isBufferJson = (x: unknown): x is { data: number[] } => typeof x === 'object' && x !== null && (x as { type?: unknown }).type === 'Buffer' && Array.isArray((x as { data?: unknown }).data);
  return JSON.parse(JSON.stringify(v, (_k, x: unknown) => (x instanceof Map ? [...x] : ArrayBuffer.isView(x) ? [...new Uint8Array(x.buffer, x.byteOffset, x.byteLength)] : isBufferJson(x) ? x.data : typeof x === 'bigint' ? `${x}n` : x)));
}

const NOT_BYTES: unknown[] = [5, {}, null, undefined, [1, 2, 3], true];

describe('library arguments: bytes in any form, or a typed error', () => {
  const prop = bytesOf('testdata/props/sample.prop');
  const ob = bytesOf('testdata/llvm22/sycl/k.img');
  const ar = bytesOf('testdata/llvm22/containers/omp.a');
  const ir = 'define spir_kernel void @k() {\n  ret void\n}\n';
  // (sample.prop has bit-sized byte arrays, which upstream JSON cannot carry)
  const small = api.readRegistry('[SYCL/devicelib req mask]\nDeviceLibReqMask=1|0\n');

  const cases: { name: string; input: Uint8Array; call: (x: never) => unknown }[] = [
    { name: 'readRegistry', input: prop, call: (x) => api.readRegistry(x) },
    { name: 'isOffloadBinary', input: ob, call: (x) => api.isOffloadBinary(x) },
    { name: 'isArchive', input: ar, call: (x) => api.isArchive(x) },
    { name: 'offloadContainerOf', input: ar, call: (x) => api.offloadContainerOf(x) },
    { name: 'identifyCoff', input: bytesOf('testdata/llvm22/containers/coff.obj'), call: (x) => api.identifyCoff(x) },
    { name: 'readOffloadBinaries', input: ob, call: (x) => api.readOffloadBinaries(x).length },
    { name: 'readArchive', input: ar, call: (x) => api.readArchive(x).members.length },
    { name: 'encodeBase64', input: prop, call: (x) => api.encodeBase64(x) },
    { name: 'encodeStandardBase64', input: prop, call: (x) => api.encodeStandardBase64(x) },
    { name: 'decodeText', input: new TextEncoder().encode('naïve'), call: (x) => api.decodeText(x) },
    { name: 'readPropsJson', input: new TextEncoder().encode(api.writePropsJson(api.readRegistry(prop))), call: (x) => api.readPropsJson(x).registry },
    { name: 'readLlvmPropertiesJson', input: api.writeLlvmPropertiesJson(small).json, call: (x) => api.readLlvmPropertiesJson(x).registry },
    { name: 'looksLikeIrText', input: new TextEncoder().encode(ir), call: (x) => api.looksLikeIrText(x, true) },
    { name: 'inspectIrText', input: new TextEncoder().encode(ir), call: (x) => api.renderInspect(api.inspectIrText(x)) },
    // Names beyond ASCII: read one character per byte whatever the form of the bytes.
    { name: 'lowerIrModule', input: bytesOf('testdata/lower/non-ascii-names.ll'), call: (x) => api.writeRegistry(api.lowerIrModule(x).registry) },
    { name: 'memorySource', input: prop, call: (x) => api.memorySource(x).read(2, 5) },
    { name: 'memoryBlob', input: prop, call: (x) => api.memoryBlob(x).slice(1, 4) },
    { name: 'byteArray', input: prop, call: (x) => api.byteArray(x) },
    { name: 'scanForOffloadBinaries', input: ob, call: (x) => api.scanForOffloadBinaries(x).found.map((f) => f.offset) },
  ];

  for (const c of cases) {
    it(`${c.name}: an ArrayBuffer, a DataView at an offset and a Buffer read as the Uint8Array does; a value with no bytes is an ArgumentError`, () => {
      const want = plain(c.call(c.input as never));
      for (const form of otherForms(c.input)) expect(plain(c.call(form as never)), String((form as object).constructor.name)).to.deep.equal(want);
      for (const bad of NOT_BYTES) {
        expect(() => c.call(bad as never), String(bad)).to.throw(api.ArgumentError);
      }
    });
  }

  it('the text readers take a string: registry text, props JSON, LLVM JSON, LLVM IR', () => {
    const text = new TextDecoder().decode(prop);
    expect(plain(api.readRegistry(text))).to.deep.equal(plain(api.readRegistry(prop)));
    const json = api.writePropsJson(api.readRegistry(prop));
    expect(plain(api.readPropsJson(json).registry)).to.deep.equal(plain(api.readRegistry(prop)));
    const llvm = new TextDecoder().decode(api.writeLlvmPropertiesJson(small).json);
    expect(plain(api.readLlvmPropertiesJson(llvm).registry)).to.deep.equal(plain(small));
    expect(api.looksLikeIrText(ir, true)).to.equal(true);
    expect(api.renderInspect(api.inspectIrText(ir))).to.equal(api.renderInspect(api.inspectIrText(new TextEncoder().encode(ir))));
  });

  it('a string beyond ASCII is its UTF-8 text; a lone surrogate is the byte it escapes (U+DC80..U+DCFF) or an ArgumentError', () => {
    // é and € as UTF-8, in a key and a value: the same registry as from the bytes.
    const text = new TextDecoder().decode(api.writeRegistry(new Map([['s', new Map([['clé', api.byteArray(new TextEncoder().encode('€'))]])]])));
    expect(text).to.match(/^\[s\]\nclé=2\|/);
    expect(plain(api.readRegistry(text))).to.deep.equal(plain(api.readRegistry(new TextEncoder().encode(text))));
    // A key read from bytes that are not UTF-8 (0xFF) comes back as U+DCFF and reads back as 0xFF.
    const raw = Uint8Array.from([...new TextEncoder().encode('[s]\nk'), 0xff, ...new TextEncoder().encode('=1|1\n')]);
    const reg = api.readRegistry(raw);
    const key = [...reg.get('s')!.keys()][0]!;
    expect(key).to.equal('k\udcff');
    expect(api.writeRegistry(api.readRegistry(api.decodeText(raw)))).to.deep.equal(raw);
    expect(() => api.readRegistry('[s]\nk\ud800=1|1\n')).to.throw(api.ArgumentError, /lone surrogate U\+D800/);
    expect(() => api.readPropsJson('{"k": "\udc00"}')).to.throw(api.ArgumentError, /lone surrogate/);
    // LLVM IR given as a Unicode string: its names are the text, as from the file's bytes.
    const ll = readFileSync(ROOT + 'testdata/lower/non-ascii-names.ll', 'utf8');
    expect(api.writeRegistry(api.lowerIrModule(ll).registry)).to.deep.equal(api.writeRegistry(api.lowerIrModule(bytesOf('testdata/lower/non-ascii-names.ll')).registry));
  });

  it('an ArrayBuffer made in another realm (a vm context) is bytes too', () => {
    const foreign = runInNewContext('new Uint8Array([0x10, 0xff, 0x10, 0xad]).buffer') as ArrayBuffer;
    expect(foreign instanceof ArrayBuffer).to.equal(false);
    expect(api.isOffloadBinary(foreign as never)).to.equal(true);
  });

  it('decodeStandardBase64 of a string reads its UTF-8 bytes, as LLVM reads the text (message and index)', () => {
    // 'é' is C3 A9: LLVM prints the first byte as a signed char in %#2.2x, at its byte index.
    expect(() => api.decodeStandardBase64('QUFBéAA')).to.throw(api.PropertySetError, /^Invalid Base64 character 0xffffffc3 at index 4/);
    // Lengths count bytes too: 'QUFBéAAA' is 8 characters but 9 bytes.
    expect(() => api.decodeStandardBase64('QUFBéAAA')).to.throw(api.PropertySetError, /multiple of 4 bytes in length \(9 bytes\)/);
  });

  it('RFC 4648 Base64 round-trips through encodeStandardBase64 and decodeStandardBase64, from a string or its bytes', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 300]) {
      const b = Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) & 0xff);
      const text = api.encodeStandardBase64(b);
      expect(api.decodeStandardBase64(text)).to.deep.equal({ bytes: b, canonical: true });
      expect(api.decodeStandardBase64(new TextEncoder().encode(text))).to.deep.equal({ bytes: b, canonical: true });
    }
    expect(() => api.decodeStandardBase64('AA\u0100')).to.throw(api.PropertySetError, /0xffffffc4 at index 2/);
    expect(() => api.encodeBase64('hello' as never)).to.throw(api.ArgumentError);
    expect(() => api.decodeBase64(7 as never)).to.throw(api.ArgumentError);
  });

  it('range options are checked: a range past the input, reversed or not a whole number is an ArgumentError naming the option', () => {
    expect(() => api.readOffloadBinaries(ob, { end: 1e9 })).to.throw(api.ArgumentError, /end \(1000000000\) is past the end/);
    expect(() => api.readOffloadBinaries(ob, { start: 100, end: 8 })).to.throw(api.ArgumentError, /start \(100\) is after end \(8\)/);
    expect(() => api.readOffloadBinaries(ob, { start: -5 })).to.throw(api.ArgumentError, /start must be a whole number/);
    expect(() => api.readOffloadBinary(ob, 0, { end: ob.length + 1 })).to.throw(api.ArgumentError, /end/);
    expect(() => api.readOffloadBinary(ob, ob.length + 1)).to.throw(api.ArgumentError, /offset \(\d+\) is past the end/);
    expect(() => api.regionIsOneBinary(ob, 0, ob.length + 8)).to.throw(api.ArgumentError, /end/);
    for (const opts of [{ from: 1e6 }, { from: 'a' }, { from: 10, to: 4 }, { from: 1.5 }, { from: -1 }, { to: prop.length + 1 }]) {
      expect(() => api.readRegistry(prop, opts as never), JSON.stringify(opts)).to.throw(api.ArgumentError);
    }
    // An empty range is a range: an empty registry.
    expect(api.readRegistry(prop, { from: 5, to: 5 }).size).to.equal(0);
  });
});

describe('library writers: options and model shapes they cannot honour are EncodeErrors', () => {
  const v1 = api.readSyclbin(bytesOf('testdata/syclbin/v1_object_state.syclbin'));
  const v1InOb2 = api.readSyclbin(bytesOf('testdata/syclbin/v1_in_offload_v2.syclbin'));

  it('writeSyclbin refuses an unknown layout, compression without a v3 envelope, and options of the other version', () => {
    expect(() => api.writeSyclbin(v1, { layout: 'weird' as never })).to.throw(api.EncodeError, /unknown layout 'weird'/);
    expect(() => api.writeSybi(v1, 'weird' as never)).to.throw(api.EncodeError, /unknown layout/);
    expect(() => api.writeSyclbin(v1, { compression: 'zlib' })).to.throw(api.EncodeError, /compression needs an OffloadBinary version 3 envelope/);
    expect(() => api.writeSyclbin(v1InOb2, { compression: 'zlib', envelope: 'runtime' })).to.throw(api.EncodeError, /runtime's envelope is version 2/);
    expect(() => api.writeSyclbin(v1, { format: 2, envelope: 'runtime' })).to.throw(api.EncodeError, /for version 1 files/);
    expect(() => api.writeSyclbin(v1, { format: 2, layout: 'grouped' })).to.throw(api.EncodeError, /layout/);
    expect(() => api.writeSyclbin(v1, { offloadVersion: 3 })).to.throw(api.EncodeError, /offloadVersion is for version 2 files/);
    expect(() => api.writeSyclbin(v1, { format: '2' as never })).to.throw(api.EncodeError, /unsupported SYCLBIN version '2' \(a string\)/);
    expect(() => api.writeOffloadBinary([], { version: '2' as never })).to.throw(api.EncodeError, /unsupported OffloadBinary version '2' \(a string\)/);
    // What it can honour it still writes: compression in a v3 envelope, v2 files in v3.
    const z = api.writeSyclbin(v1, { envelope: 'offload-v3', compression: 'zlib' });
    expect(api.readSyclbin(z).envelope).to.include({ kind: 'offload', version: 3, compression: 'zlib' });
    expect(api.readSyclbin(api.writeSyclbin(v1, { format: 2, offloadVersion: 3 })).version).to.equal(2);
  });

  it('a model image may be plain bytes; anything else is an EncodeError at its model path', () => {
    const spv = Uint8Array.of(3, 2, 0x23, 7, 1, 2, 3, 4);
    const model = api.readSyclbin(api.writeSyclbin(v1));
    const am = model.abstractModules.find((m) => m.irModules.length)!;
    const a = model.abstractModules.indexOf(am);
    (am.irModules[0] as { image: unknown }).image = spv;
    for (const format of [1, 2] as const) {
      const back = api.readSyclbin(api.writeSyclbin(model, { format }));
      expect(back.abstractModules[a]!.irModules[0]!.image.bytes()).to.deep.equal(spv);
    }
    for (const bad of [undefined, null, 'x', { size: 'x' }]) {
      (am.irModules[0] as { image: unknown }).image = bad;
      for (const format of [1, 2] as const) {
        expect(() => api.writeSyclbin(model, { format }), `${String(bad)} v${format}`)
          .to.throw(api.EncodeError)
          .with.property('pathSegments')
          .that.deep.equals(['abstractModules', a, 'irModules', 0, 'image']);
      }
    }
  });

  it('writeOffloadBinary: strings as a plain object are written; wrong shapes, non-string values and lone surrogates are EncodeErrors at the path', () => {
    const image = Uint8Array.of(1, 2, 3, 4);
    const fromObject = api.writeOffloadBinary([{ imageKind: 1, offloadKind: 1, strings: { triple: 'x', arch: 'y' }, image }]);
    const fromMap = api.writeOffloadBinary([{ imageKind: 1, offloadKind: 1, strings: new Map([['triple', 'x'], ['arch', 'y']]), image }]);
    expect(fromObject).to.deep.equal(fromMap);
    const bad = (strings: unknown): (() => unknown) => () => api.writeOffloadBinary([{ imageKind: 1, offloadKind: 1, strings: strings as never, image }]);
    expect(bad(new Map([['a', 5]]))).to.throw(api.EncodeError, /must be a string or bytes \(a Uint8Array\), not number/).with.property('pathSegments').that.deep.equals(['entries', 0, 'strings', 'a']);
    expect(bad(new Map([['k', '\ud800']]))).to.throw(api.EncodeError, /lone surrogate/);
    expect(bad([['only-key']])).to.throw(api.EncodeError, /\[key, value\] pair/);
    expect(bad(5)).to.throw(api.EncodeError, /strings must be/);
    expect(() => api.writeOffloadBinary({} as never)).to.throw(api.EncodeError, /entries must be an array/);
    expect(() => api.writeOffloadBinary([5] as never)).to.throw(api.EncodeError, /an entry must be an object/);
  });

  it('a compressor that returns no stream of the kind asked for is an EncodeError, not a file no reader inflates', () => {
    const entries = [{ imageKind: 1, offloadKind: 1, image: Uint8Array.of(1, 2, 3) }];
    expect(() => api.writeOffloadBinary(entries, { version: 3, compression: 'zlib', compressor: () => 'junk' as never })).to.throw(api.EncodeError, /must return the compressed bytes/);
    expect(() => api.writeOffloadBinary(entries, { version: 3, compression: 'zlib', compressor: () => Uint8Array.of(1, 2, 3) })).to.throw(api.EncodeError, /no zlib stream/);
    expect(() => api.writeOffloadBinary(entries, { version: 3, compression: 'zstd', compressor: () => Uint8Array.of(0x78, 0x9c) })).to.throw(api.EncodeError, /no zstd stream/);
  });
});

describe('library results: names, paths and locations a caller can use', () => {
  it('lowerManifestJson refuses a name the registry could not write, at the name, and a type too large, at the type', () => {
    const lower = (sc: object): unknown => api.lowerManifestJson({ mode: 'native', specConstants: [sc] });
    expect(() => lower({ name: '[x]', type: 'i32', default: 1 })).to.throw(api.LowerError, /set header/).with.property('path', 'specConstants[0].name');
    expect(() => lower({ name: 'a\ud800', type: 'i32', default: 1 })).to.throw(api.LowerError, /lone surrogate/).with.property('path', 'specConstants[0].name');
    expect(() => api.lowerManifestJson({ mode: 'native', deviceGlobals: [{ name: '[g]', type: 'i32' }] })).to.throw(api.LowerError).with.property('path', 'deviceGlobals[0].name');
    expect(() => lower({ name: 'a', type: '[4294967295 x [4294967295 x i64]]', default: 'zeroinitializer' })).to.throw(api.LowerError, /too large/).with.property('path', 'specConstants[0].type');
  });

  it('IrSyntaxError gives the byte offset as well as line and column', () => {
    const text = 'target triple = "spir64"\n\ndefine void @f( {\n';
    try {
      api.lowerIrModule(text);
      expect.fail('no error');
    } catch (e) {
      expect(e).to.be.instanceOf(api.IrSyntaxError);
      const err = e as api.IrSyntaxError;
      const lineStart = text.split('\n').slice(0, err.line - 1).join('\n').length + 1;
      expect(err.offset).to.equal(lineStart + err.column - 1);
    }
    expect(() => api.lowerIrModule('@g = global i32 1\n@g = global i32 2\n')).to.throw(api.IrSyntaxError).with.property('offset', 18);
  });

  it('hexdump with a path that matches no span is an ArgumentError, not text that looks like a dump', () => {
    const b = bytesOf('testdata/syclbin/v1_object_state.syclbin');
    expect(() => api.hexdump(b, api.annotate(b), { path: 'nope' })).to.throw(api.ArgumentError, /no span matches 'nope'/);
    expect(api.hexdump(b, api.annotate(b), { path: 'header' })).to.match(/^[0-9a-f]{8}/);
  });

  it('verify of the inflated view of a compressed binary reports no unpadded Size and no writer layout', () => {
    for (const f of ['v1_in_offload_v3_zlib', 'v1_in_offload_v3_zstd', 'v2_roles_v3_zstd']) {
      const inf = api.inflateOffloadBinary(bytesOf(`testdata/syclbin/${f}.syclbin`));
      const codes = api.verify(inf.bytes, { inflated: true }).problems.map((p) => p.code);
      expect(codes, f).to.not.include('layout');
    }
  });

  it('the readers and writers of every format pair as read… / write…; the former registry names remain as aliases', () => {
    const prop = bytesOf('testdata/props/sample.prop');
    expect(api.writeRegistry(api.readRegistry(prop))).to.deep.equal(prop);
    expect(api.decodeRegistry).to.equal(api.readRegistry);
    expect(api.encodeRegistry).to.equal(api.writeRegistry);
    const reg = api.readRegistry(prop);
    expect(plain(api.readPropsJson(api.writePropsJson(reg)).registry)).to.deep.equal(plain(reg));
    const ar = bytesOf('testdata/llvm22/containers/omp.a');
    const members = api.readArchive(ar).members.filter((m) => m.special === undefined).map((m) => ({ name: m.name, data: m.data.bytes() }));
    const again = api.readArchive(api.writeArchive(members)).members.filter((m) => m.special === undefined);
    expect(again.map((m) => [m.name, m.data.size])).to.deep.equal(members.map((m) => [m.name, m.data.length]));
  });

  it('the lowering outputs are exported: SPIR-V, rewritten LLVM IR and the .syclbin of a lowering', () => {
    const r = api.lowerManifestJson(JSON.parse(readFileSync(ROOT + 'testdata/lower/issue-example.json', 'utf8')));
    const spv = api.lower.emitSpirv(r);
    expect([...spv.subarray(0, 4)]).to.deep.equal([0x03, 0x02, 0x23, 0x07]);
    expect(api.lower.emitLlvmIr(r)).to.match(/__spirv_SpecConstant/);
    const file = api.readSyclbin(api.lower.writeLoweredSyclbin(r));
    expect(file.version).to.equal(1);
    expect(file.abstractModules).to.have.length(1);
    expect(plain(api.lower.loweredSyclbinModel(r).globalMetadata)).to.deep.equal(plain(file.globalMetadata));
  });
});

describe('library arguments, second review: options, models and registries of the wrong shape are typed errors', () => {
  const sy = bytesOf('testdata/syclbin/v1_object_state.syclbin');
  const prop = bytesOf('testdata/props/sample.prop');
  const ob = bytesOf('testdata/offload/multi.v1.bin');
  const ll = bytesOf('testdata/sycl-post-link/spec-constants/SYCL-2020.ll');

  it('null options are no options; a string, number or array as options is an ArgumentError naming the function', () => {
    const calls: [string, (o: unknown) => unknown][] = [
      ['readSyclbin', (o) => api.readSyclbin(sy, o as never).abstractModules.length],
      ['readOffloadBinaries', (o) => api.readOffloadBinaries(ob, o as never).length],
      ['annotate', (o) => api.annotate(sy, o as never).spans.length],
      ['verify', (o) => api.verify(sy, o as never).counts],
      ['inspectInput', (o) => api.renderInspect(api.inspectInput(sy, o as never))],
      ['lowerIrModule', (o) => api.writeRegistry(api.lowerIrModule(ll, o as never).registry)],
      ['writeSyclbin', (o) => api.writeSyclbin(api.readSyclbin(sy), o as never)],
      ['readRegistry', (o) => api.readRegistry(prop, o as never).size],
    ];
    for (const [name, call] of calls) {
      expect(plain(call(null)), name).to.deep.equal(plain(call(undefined)));
      for (const bad of ['zlib', 5, [1]]) expect(() => call(bad), `${name} ${String(bad)}`).to.throw(api.ArgumentError, new RegExp(`^${name}: the options must be an object`));
    }
  });

  it('functions that read a SYCLBIN model refuse bytes and damaged models: an ArgumentError, or an EncodeError at the path for the writer', () => {
    expect(() => api.dumpSyclbin(sy as never)).to.throw(api.ArgumentError, /dumpSyclbin \(for bytes: dumpSyclbinSource\): expected a SYCLBIN model \(what readSyclbin returns\), not a Uint8Array/);
    for (const fn of [api.syclbinToJson, api.inspectSyclbin, api.modelToManifest] as ((m: never, o?: never) => unknown)[]) expect(() => fn(null as never, {} as never)).to.throw(api.ArgumentError, /expected a SYCLBIN model/);
    const damage: [(f: Record<string, unknown> & { abstractModules: Record<string, unknown>[] }) => void, (string | number)[]][] = [
      [(f) => (f.abstractModules = null as never), ['abstractModules']],
      [(f) => (f.globalMetadata = null), ['globalMetadata']],
      [(f) => (f.abstractModules[0]!.irModules = undefined), ['abstractModules', 0, 'irModules']],
      [(f) => (f.abstractModules[0]!.metadata = {}), ['abstractModules', 0, 'metadata']],
    ];
    for (const [hurt, path] of damage) {
      const f = api.readSyclbin(sy) as never;
      hurt(f);
      expect(() => api.writeSyclbin(f), path.join('.')).to.throw(api.EncodeError).with.property('pathSegments').that.deep.equals(path);
      expect(() => api.dumpSyclbin(f), path.join('.')).to.throw(api.ArgumentError, /the model's/);
    }
    expect(() => api.writeSyclbin(null as never)).to.throw(api.EncodeError, /expected a SYCLBIN model/);
  });

  it('the property-set writers take a registry; a reader\'s { registry, notes } result is named, with what to pass', () => {
    const j = api.writePropsJson(api.readRegistry(prop));
    expect(() => api.writePropsJson(api.readPropsJson(j) as never)).to.throw(api.ArgumentError, /writePropsJson: expected a PropertySetRegistry .*: this is a reader's result; pass its \.registry/);
    expect(() => api.writeRegistry({} as never)).to.throw(api.ArgumentError, /^writeRegistry: expected a PropertySetRegistry/);
    expect(() => api.writeLlvmPropertiesJson(new Map([['s', 5]]) as never)).to.throw(api.ArgumentError, /set "s" must be a Map/);
    expect(api.writePropsJson(api.readPropsJson(j).registry)).to.equal(j);
  });

  it('a registry with a set name, key or value of the wrong kind is an ArgumentError naming it, in every writer (review 2026-12-01c finding 1: bare TypeErrors, and empty upstream JSON)', () => {
    const v = api.uint32(2);
    const bad: [unknown, RegExp][] = [
      [new Map([[5, new Map()]]), /a set name must be a string, not number/],
      [new Map([["s", new Map([[5, v]])]]), /set "s": a key must be a string, not number/],
      [new Map([['s', new Map([['k', null]])]]), /property \["s"\]\["k"\] must be \{ type: 1, value \} or \{ type: 2, bytes, bits \}, not null/],
      [new Map([['s', new Map([['k', { type: 2, bytes: 5, bits: 8n }]])]]), /property \["s"\]\["k"\]: a byte array needs bytes \(a Uint8Array\) and bits \(a bigint\)/],
      [new Map<unknown, unknown>([[5, new Map([["k", v]])], ["t", new Map([["k", v]])]]), /a set name must be a string/],
    ];
    const writers: [string, (r: never) => unknown][] = [
      ['writeRegistry', (r) => api.writeRegistry(r)],
      ['encodeRegistry', (r) => api.encodeRegistry(r)],
      ['writePropsJson', (r) => api.writePropsJson(r)],
      ['writeLlvmPropertiesJson', (r) => api.writeLlvmPropertiesJson(r)],
    ];
    for (const [reg, why] of bad) for (const [name, w] of writers) expect(() => w(reg as never), `${name} ${String(why)}`).to.throw(api.ArgumentError, why);
    // (of that shape but not writable: still the writer's EncodeError at the path)
    expect(() => api.writeRegistry(new Map([['s', new Map([['k', { type: 1, value: 'x' }]])]]) as never)).to.throw(api.EncodeError);
    // the same registries in a model: writeSyclbin's EncodeError and dumpSyclbin's ArgumentError name where
    for (const [reg] of bad.slice(0, 3)) {
      const f = api.readSyclbin(sy) as { globalMetadata: unknown };
      f.globalMetadata = reg;
      expect(() => api.writeSyclbin(f as never)).to.throw(api.EncodeError).with.property('pathSegments').that.deep.equals(['globalMetadata']);
      expect(() => api.dumpSyclbin(f as never)).to.throw(api.ArgumentError, /the model's globalMetadata/);
    }
    // an image that is neither bytes nor a blob
    const f = api.readSyclbin(sy);
    const am = f.abstractModules.findIndex((m) => m.irModules.length);
    (f.abstractModules[am]!.irModules[0] as { image: unknown }).image = 5;
    expect(() => api.dumpSyclbin(f)).to.throw(api.ArgumentError, /an image must be bytes .* or a blob, not number/);
  });

  it('the types of the top-level functions are importable by name (review 2026-12-01c finding 5; this file type-checks them)', () => {
    const files: api.PostLinkFileSystem = { read: () => new Uint8Array(), write: () => undefined };
    const tools: Partial<api.PostLinkTools> = {};
    const types: [api.LowerOptions, api.LowerIrOptions, api.PostLinkResult | undefined, api.IrLoweringResult | undefined, api.Chunk, api.JsonObject] = [{}, {}, undefined, undefined, new Uint8Array(), {}];
    expect([typeof files.read, Object.keys(tools).length, types.length]).to.deep.equal(['function', 0, 6]);
  });

  it('options and arguments of the wrong type are ArgumentErrors (review 2026-12-01c findings 2 and 3)', async () => {
    for (const e of [null, {}, { imageKind: 1 }]) expect(() => api.offloadEntryInput(e as never)).to.throw(api.ArgumentError, /^offloadEntryInput: expected an OffloadBinary entry/);
    const entry = api.readOffloadBinaries(ob)[0]!.entries[0]!;
    expect(api.offloadEntryInput(entry).imageKind).to.equal(entry.imageKind);
    expect(() => api.hexdump(sy, api.annotate(sy), { path: 5 as never })).to.throw(api.ArgumentError, /the path option must be a path pattern/);
    expect(() => api.readOffloadBinaries(ob, { path: 5 as never })).to.throw(api.ArgumentError, /the path option must be an array of path keys/);
    expect(() => api.readOffloadBinaries(ob, { path: ['x', -1] as never })).to.throw(api.ArgumentError, /the path option must be an array of path keys/);
    expect(api.readOffloadBinaries(ob, { path: ['in', 2] })[0]!.entries.length).to.be.greaterThan(0);
    expect(() => api.annotate(sy, { spansWindow: [10, 5] })).to.throw(api.ArgumentError, /spansWindow\[0\] \(10\) is after spansWindow\[1\] \(5\)/);
    expect(() => api.annotate(sy, { spansWindow: [0, -1] as never })).to.throw(api.ArgumentError, /spansWindow\[1\]/);
    expect(api.annotate(sy, { spansWindow: [0, 1e9] }).size).to.equal(sy.length);
    expect(() => api.lower.specialize(null as never, {})).to.throw(api.ArgumentError, /^specialize: expected a PropertySetRegistry/);
    expect(() => api.lower.specialize(new Map(), 5 as never)).to.throw(api.ArgumentError, /^specialize: the values must be a Map or an object/);
    let rejected: unknown;
    await api.compileZstd(5 as never).catch((e: unknown) => (rejected = e));
    expect(rejected).to.be.instanceOf(api.ArgumentError);
  });

  it('identifyImage and runtimeEnvelope read bytes in any form; anything else is an ArgumentError', () => {
    const want = api.identifyImage(ob);
    expect(want.kind).to.equal('offload-binary');
    for (const form of [...otherForms(ob), new Int8Array(ob.buffer, ob.byteOffset, ob.length)]) expect(api.identifyImage(form as never), (form as object).constructor.name).to.deep.equal(want);
    expect(() => api.identifyImage(null as never)).to.throw(api.ArgumentError);
    const sybi = api.writeSyclbin(api.readSyclbin(sy), { envelope: 'none' });
    const env = api.runtimeEnvelope(sybi);
    for (const form of otherForms(sybi)) expect(api.runtimeEnvelope(form as never)).to.deep.equal(env);
    for (const bad of [null, 'abc', 5]) expect(() => api.runtimeEnvelope(bad as never), String(bad)).to.throw(api.ArgumentError, /runtimeEnvelope: the SYBI image must be bytes/);
  });

  it('lowering: a mode, state or target of the wrong kind, a lowering result that is not one, manifest text as bytes', () => {
    expect(() => api.lowerIrModule(ll, { mode: 'bogus' as never })).to.throw(api.ArgumentError, /mode must be 'native' or 'emulation', not "bogus"/);
    const r = api.lowerIrModule(ll);
    expect(() => api.lower.emitSpirv(null as never)).to.throw(api.ArgumentError, /emitSpirv: expected a lowering result/);
    expect(() => api.lower.emitLlvmIr(r, { triple: 5 as never })).to.throw(api.ArgumentError, /triple must be a string/);
    expect(() => api.lower.writeLoweredSyclbin(r, { state: 'bogus' as never })).to.throw(api.ArgumentError, /unknown state "bogus" \(input, object, executable\)/);
    const text = readFileSync(ROOT + 'testdata/lower/issue-example.json', 'utf8');
    const fromText = api.writeRegistry(api.lowerManifest(api.parseManifestText(text)).registry);
    for (const form of [new TextEncoder().encode(text), ...otherForms(new TextEncoder().encode(text))]) expect(api.writeRegistry(api.lowerManifest(api.parseManifestText(form as never)).registry)).to.deep.equal(fromText);
    expect(() => api.lowerManifestJson(text)).to.throw(api.ArgumentError, /takes the parsed manifest .* for its text, lowerManifest\(parseManifestText\(text\)\)/);
  });

  it('postLink takes only the fields a caller sets, checks each, and writes what the command line would', () => {
    const fs = (): { read: (p: string) => Uint8Array; write: (p: string, b: Uint8Array) => void; files: Map<string, Uint8Array> } => {
      const files = new Map<string, Uint8Array>([['in.ll', ll]]);
      return { files, read: (p) => files.get(p)!, write: (p, b) => void files.set(p, b) };
    };
    const a = fs();
    const b = fs();
    api.postLink({ input: 'in.ll', output: 'out.table', split: 'kernel', symbols: true, specConst: 'native', outputAssembly: true }, a);
    api.postLink(api.parsePostLinkArgs(['-split=kernel', '-symbols', '-spec-const=native', '-S', 'in.ll', '-o', 'out.table']), b);
    expect(a.files.size).to.be.greaterThan(3);
    expect(plain([...a.files])).to.deep.equal(plain([...b.files]));
    expect(() => api.postLink({ input: 'in.ll', split: 'banana' as never }, fs())).to.throw(api.ArgumentError, /split must be none, source, kernel, auto/);
    expect(() => api.postLink({ input: 'in.ll', symbols: 'yes' as never }, fs())).to.throw(api.ArgumentError, /'symbols' must be true or false/);
    expect(() => api.postLink({ input: 'in.ll', splt: 'kernel' } as never, fs())).to.throw(api.ArgumentError, /unknown option 'splt'/);
    expect(() => api.postLink({ input: 'in.ll' }, fs())).to.throw(api.PostLinkUsageError, /no actions specified/);
    expect(() => api.postLink({ input: 'in.ll', symbols: true }, null as never)).to.throw(api.ArgumentError, /file system must be an object/);
    expect(() => api.parsePostLinkArgs('-S in.ll' as never)).to.throw(api.ArgumentError, /array of strings/);
  });

  it('readRegistry base, hexdump of another input, writeArchive of a read archive\'s tables', () => {
    expect(() => api.readRegistry('[a]\nfoo', { base: 'x' as never })).to.throw(api.ArgumentError, /base must be a whole number/);
    expect(() => api.readRegistry('[a]\nfoo', { base: 1.5 })).to.throw(api.ArgumentError, /base/);
    expect(() => api.hexdump(new Uint8Array(8), api.annotate(sy))).to.throw(api.ArgumentError, /annotation is of a \d+-byte input, this input is 8 bytes/);
    expect(() => api.hexdump(sy, undefined as never)).to.throw(api.ArgumentError, /expected the annotation of the input/);
    expect(() => api.hexdump(sy, api.annotate(sy), { range: '0:16' as never })).to.throw(api.ArgumentError, /range must be \[start, end\] .* not string '0:16'/);
    expect(() => api.hexdump(sy, api.annotate(sy), { range: [1e9, 1e9 + 1] })).to.throw(api.ArgumentError, /past the end/);
    const a = api.readArchive(bytesOf('testdata/llvm22/containers/omp.a'));
    expect(() => api.writeArchive(a.members.map((m) => ({ name: m.name, data: m.data })) as never)).to.throw(api.EncodeError, /is an archive table, not a member/);
    const plainMembers = a.members.filter((m) => !m.special).map((m) => ({ name: m.name, data: m.data }));
    expect(api.readArchive(api.writeArchive(plainMembers as never)).members.filter((m) => !m.special).map((m) => m.name)).to.deep.equal(plainMembers.map((m) => m.name));
    expect(describeValue(new Uint16Array(1))).to.equal('a Uint16Array');
    expect(describeValue(new ArrayBuffer(1))).to.equal('an ArrayBuffer');
  });
});

describe('library types: the byte forms README promises are in the signatures (this file type-checks them)', () => {
  it('an ArrayBuffer or a DataView is accepted by the readers without a cast, and reads as the Uint8Array does', () => {
    const u8 = bytesOf('testdata/syclbin/v1_object_state.syclbin');
    const ab: ArrayBuffer = u8.slice().buffer;
    const dv = new DataView(ab);
    const want = plain(api.readSyclbin(u8).abstractModules.length);
    expect(plain(api.readSyclbin(ab).abstractModules.length)).to.deep.equal(want);
    expect(plain(api.readSyclbin(dv).abstractModules.length)).to.deep.equal(want);
    expect(api.verify(ab).counts).to.deep.equal(api.verify(u8).counts);
    expect(api.identifyImage(dv).kind).to.equal(api.identifyImage(u8).kind);
    const prop = bytesOf('testdata/props/sample.prop');
    expect(api.readRegistry(prop.slice().buffer).size).to.equal(api.readRegistry(prop).size);
    expect(api.isOffloadBinary(new DataView(bytesOf('testdata/offload/multi.v1.bin').slice().buffer))).to.equal(true);
    expect(api.readOffloadBinaries(bytesOf('testdata/offload/multi.v1.bin').slice().buffer)).to.have.length(3);
  });
});

describe('writers: a model image in any byte form', () => {
  it('writeOffloadBinary and writeSyclbin take an ArrayBuffer or a view as the image, the same bytes as a Uint8Array', () => {
    const image = Uint8Array.of(3, 2, 0x23, 7, 1, 2, 3, 4);
    const want = api.writeOffloadBinary([{ imageKind: 1, offloadKind: 1, image }]);
    for (const form of otherForms(image)) expect(api.writeOffloadBinary([{ imageKind: 1, offloadKind: 1, image: form as never }]), (form as object).constructor.name).to.deep.equal(want);
    const model = api.readSyclbin(bytesOf('testdata/syclbin/v1_object_state.syclbin'));
    const am = model.abstractModules.find((m) => m.irModules.length)!;
    (am.irModules[0] as { image: unknown }).image = image;
    const bytes = api.writeSyclbin(model);
    (am.irModules[0] as { image: unknown }).image = new DataView(image.slice().buffer);
    expect(api.writeSyclbin(model)).to.deep.equal(bytes);
    expect(() => api.writeOffloadBinary([{ imageKind: 1, offloadKind: 1, image: 'x' as never }])).to.throw(api.EncodeError, /an image must be bytes \(a Uint8Array, an ArrayBuffer or a view of one\) or a blob, not string/);
  });
});

describe('node helpers: arguments in the forms a caller reaches for', () => {
  it('openInput without options reads a path against the working directory; openFileSource takes an absolute path alone and refuses a directory at once', async () => {
    const node = await import('../src/node/index.js');
    const abs = ROOT + 'testdata/syclbin/v1_object_state.syclbin';
    const f = node.openInput(abs);
    expect(f.source.size).to.equal(bytesOf('testdata/syclbin/v1_object_state.syclbin').length);
    f.close();
    expect(() => node.openInput(5 as never)).to.throw(api.ArgumentError, /name must be a string/);
    const s = node.openFileSource(abs);
    expect(api.readSyclbin(s).abstractModules.length).to.equal(api.readSyclbin(bytesOf('testdata/syclbin/v1_object_state.syclbin')).abstractModules.length);
    s.close();
    expect(() => node.openFileSource(ROOT, 'testdata')).to.throw(node.FileError, /testdata: Is a directory$/);
    // (a missing file is a FileError naming it too, as a folder is)
    expect(() => node.openFileSource(ROOT, 'no-such.syclbin')).to.throw(node.FileError, /no-such\.syclbin: No such file or directory$/).with.property('code', 'ENOENT');
    expect(() => node.openFileSource(5 as never)).to.throw(api.ArgumentError);
  });
});

describe('library errors: stack traces', () => {
  it('a caller\'s wrong argument keeps the stack that leads to the call; errors about the input carry none (they are many in collect mode)', () => {
    let arg: Error | undefined;
    try {
      api.readSyclbin(42 as never);
    } catch (e) {
      arg = e as Error;
    }
    expect(arg?.name).to.equal('ArgumentError');
    expect(arg?.stack?.split('\n').length).to.be.greaterThan(1);
    let input: Error | undefined;
    try {
      api.readSyclbin(new Uint8Array(8));
    } catch (e) {
      input = e as Error;
    }
    expect(input?.name).to.match(/Error$/);
    expect(input?.stack?.split('\n')).to.have.length(1);
    // And the limit is restored for everyone else's errors.
    expect(new Error('x').stack?.split('\n').length).to.be.greaterThan(1);
  });
});

describe('library (review apirev 2026-11-28): arguments that ended in a bare TypeError or were taken silently', () => {
  const bytes = bytesOf('testdata/syclbin/v1_one_ir.syclbin');

  it('readOffloadBundles takes bytes as every reader does, and refuses sections that are not an array of { index, offset, size }', () => {
    // (it took only a ByteSource: a Uint8Array ended in "src.read is not a function", a string in "sections is not iterable")
    expect(api.readOffloadBundles(bytes, [{ index: 0, offset: 0, size: bytes.length }])).to.deep.equal([]);
    expect(api.readOffloadBundles(bytes.slice().buffer, [])).to.deep.equal([]);
    expect(() => api.readOffloadBundles('x' as never, [])).to.throw(api.ArgumentError, /the input must be bytes/);
    expect(() => api.readOffloadBundles(bytes, 'x' as never)).to.throw(api.ArgumentError, /readOffloadBundles: the sections must be an array/);
    expect(() => api.readOffloadBundles(bytes, [5 as never])).to.throw(api.ArgumentError, /sections\[0\] must be an object/);
    expect(() => api.readOffloadBundles(bytes, [{ index: 0, offset: -1, size: 1 }])).to.throw(api.ArgumentError, /sections\[0\]\.offset must be a whole number/);
    expect(() => api.readOffloadBundles(bytes, [{ index: 0, offset: 0, size: 1n as never }])).to.throw(api.ArgumentError, /sections\[0\]\.size must be a whole number/);
    expect(() => api.readOffloadBundles(bytes, [], { path: 'x' as never })).to.throw(api.ArgumentError, /the path option must be an array/);
    expect(() => api.readOffloadBundles(bytes, [], 'x' as never)).to.throw(api.ArgumentError, /readOffloadBundles: the options must be an object/);
  });

  it('inflateOffloadBinary checks its options as readOffloadBinary does (null was a TypeError, a string path silently a path)', () => {
    const zlib = bytesOf('testdata/syclbin/v1_in_offload_v3_zlib.syclbin');
    expect(api.inflateOffloadBinary(zlib, 0, null as never).compression).to.equal('zlib');
    expect(() => api.inflateOffloadBinary(zlib, 0, 5 as never)).to.throw(api.ArgumentError, /inflateOffloadBinary: the options must be an object/);
    expect(() => api.inflateOffloadBinary(zlib, 0, { path: 'x' as never })).to.throw(api.ArgumentError, /the path option must be an array/);
  });

  it('parseRange refuses text that is not a string and a size that is not a whole number (was "text.trim is not a function")', () => {
    expect(api.parseRange('0x10:', 100)).to.deep.equal([16, 100]);
    expect(() => api.parseRange(5 as never, 100)).to.throw(api.HexRangeError, /parseRange: the range must be text/);
    expect(() => api.parseRange('1:2', -1)).to.throw(api.ArgumentError, /size must be a whole number/);
    expect(() => api.parseRange('1:2', '9' as never)).to.throw(api.ArgumentError, /size must be a whole number/);
  });

  it('sliceSource refuses a window past its source or of offsets that are not whole numbers (a Uint8Array clamped it, a positioned source claimed bytes it lacks)', () => {
    const mem = api.memorySource(bytes);
    const positioned: api.ByteSource = { size: bytes.length, read: (o, n) => bytes.slice(o, o + n) };
    for (const src of [mem, positioned]) {
      const w = api.sliceSource(src, 4, 8);
      expect(w.size).to.equal(8);
      expect([...w.read(0, 8)]).to.deep.equal([...bytes.subarray(4, 12)]);
      expect(api.sliceSource(src, bytes.length, 0).size).to.equal(0);
      expect(() => api.sliceSource(src, 0, bytes.length + 1)).to.throw(api.ArgumentError, /past the end/);
      expect(() => api.sliceSource(src, bytes.length, 1)).to.throw(api.ArgumentError, /past the end/);
      expect(() => api.sliceSource(src, -1, 4)).to.throw(api.ArgumentError, /offset must be a whole number/);
      expect(() => api.sliceSource(src, 0, 1.5)).to.throw(api.ArgumentError, /size must be a whole number/);
      expect(() => api.sliceSource(src, 1n as never, 4)).to.throw(api.ArgumentError, /offset must be a whole number/);
    }
    expect(() => api.sliceSource(bytes as never, 0, 4)).to.throw(api.ArgumentError, /sliceSource: the source must be a ByteSource/);
  });
});

describe('library (review apirev 2026-11-28): options checked where the reader starts, not when an input happens to need them', () => {
  const plain = bytesOf('testdata/syclbin/v1_one_ir.syclbin');
  const offload = bytesOf('testdata/offload/multi.v1.bin');

  it('maxInflatedSize that is not a whole number is refused on an input with nothing to inflate too (was read without a word)', () => {
    for (const bad of [-1, 1.5, NaN, '64M', 1n]) {
      expect(() => api.readSyclbin(plain, { maxInflatedSize: bad as never }), String(bad)).to.throw(api.ArgumentError, /maxInflatedSize must be a whole number/);
      expect(() => api.readOffloadBinaries(offload, { maxInflatedSize: bad as never }), String(bad)).to.throw(api.ArgumentError, /maxInflatedSize must be a whole number/);
    }
    expect(api.readSyclbin(plain, { maxInflatedSize: 0 }).version).to.equal(1);
  });

  it('readOffloadBinaries: a spansWindow that is not [from, to] of whole numbers, from <= to', () => {
    const tree = new api.codec.SpanTree();
    expect(() => api.readOffloadBinaries(offload, { tree, spansWindow: 'x' as never })).to.throw(api.ArgumentError, /spansWindow must be \[from, to\], not string/);
    expect(() => api.readOffloadBinaries(offload, { tree, spansWindow: [0] as never })).to.throw(api.ArgumentError, /spansWindow must be \[from, to\]/);
    expect(() => api.readOffloadBinaries(offload, { tree, spansWindow: [-1, 5] })).to.throw(api.ArgumentError, /spansWindow\[0\] must be a whole number/);
    expect(() => api.readOffloadBinaries(offload, { tree, spansWindow: [9, 5] })).to.throw(api.ArgumentError, /spansWindow\[0\] \(9\) is after spansWindow\[1\] \(5\)/);
    expect(api.readOffloadBinaries(offload, { tree, spansWindow: [0, 16] }).length).to.be.greaterThan(0);
  });
});

describe('library (review apirev 2026-11-28): the helpers of entries and packager arguments refuse what they cannot read', () => {
  const entry = api.readOffloadBinaries(bytesOf('testdata/offload/multi.v1.bin'))[0]!.entries[0]!;

  it('escapedStrings and syclKernelNames take an entry (each was "stringEntries is not iterable")', () => {
    expect(api.escapedStrings(entry)).to.be.instanceOf(Map);
    api.syclKernelNames(entry);
    for (const bad of [5, null, 'x', {}]) {
      expect(() => api.escapedStrings(bad as never), String(bad)).to.throw(api.ArgumentError, /escapedStrings: expected an OffloadBinary entry/);
      expect(() => api.syclKernelNames(bad as never), String(bad)).to.throw(api.ArgumentError, /syclKernelNames: expected an OffloadBinary entry/);
    }
  });

  it('parseImageArgument takes text and describePackagerImages an array of it and a reader function (were "image.split is not a function", "images is not iterable")', () => {
    expect(api.parseImageArgument('file=k.o,triple=spir64').files).to.deep.equal(['k.o']);
    expect(() => api.parseImageArgument(5 as never)).to.throw(api.ArgumentError, /parseImageArgument: the --image argument must be text/);
    expect(() => api.parseImageArgument('file=k.o', 'x' as never)).to.throw(api.ArgumentError, /parseImageArgument: the options must be an object/);
    expect(() => api.describePackagerImages(5 as never, () => new Uint8Array())).to.throw(api.ArgumentError, /describePackagerImages: the images must be an array/);
    expect(() => api.describePackagerImages([5] as never, () => new Uint8Array())).to.throw(api.ArgumentError, /describePackagerImages: the images must be an array/);
    expect(() => api.describePackagerImages(['file=k.o'], 'x' as never)).to.throw(api.ArgumentError, /describePackagerImages: readImage must be a function/);
    expect(api.describePackagerImages(['file=k.o,triple=spir64,kind=sycl'], () => Uint8Array.of(1)).length).to.equal(1);
  });
});

describe('library (review apirev2 2026-11-28): arguments of the wrong type that were bare TypeErrors or gave empty text', () => {
  const syclbin = bytesOf('testdata/syclbin/v1_one_ir.syclbin');
  const offload = bytesOf('testdata/offload/multi.v1.bin');
  const bin = api.readOffloadBinaries(offload);
  const era = api.llvmEra();

  it('bitcodeKernels and bitcodeArchiveSymbols take a BlobRef (was "blob.slice is not a function"), bitcodeKernels a count', () => {
    for (const bad of [5, null, 'x', {}, syclbin]) {
      expect(() => api.bitcodeKernels(bad as never), String(bad)).to.throw(api.ArgumentError, /^bitcodeKernels: the blob must be a BlobRef/);
      expect(() => api.bitcodeArchiveSymbols(bad as never), String(bad)).to.throw(api.ArgumentError, /^bitcodeArchiveSymbols: the blob must be a BlobRef/);
    }
    const blob = api.memoryBlob(bytesOf('testdata/llvm22/sycl/k.device.bc'));
    for (const max of [-1, 1.5, NaN, '2']) expect(() => api.bitcodeKernels(blob, max as never), String(max)).to.throw(api.ArgumentError, /bitcodeKernels: max must be a whole number/);
    // (a count and Infinity, the default, still list as before)
    expect(api.bitcodeKernels(blob, 0)).to.deep.equal({ kernels: [], omitted: 1 });
    expect(api.bitcodeKernels(blob, Infinity)).to.deep.equal({ kernels: ['_ZTS5KName'] });
    expect(api.bitcodeKernels(api.memoryBlob(syclbin))).to.equal(undefined); // (not bitcode: undefined, as before)
  });

  it('elfArchiveSymbols refuses a value that is not bytes, a source or a blob (was "Cannot use \'in\' operator")', () => {
    for (const bad of [5, null, undefined, 'x', true]) expect(() => api.elfArchiveSymbols(bad as never), String(bad)).to.throw(api.ArgumentError, /^elfArchiveSymbols: the input must be bytes/);
    // (an object of no byte form is toSource's ArgumentError, as before)
    expect(() => api.elfArchiveSymbols({} as never)).to.throw(api.ArgumentError);
    expect(api.elfArchiveSymbols(syclbin)).to.equal(undefined);
  });

  it('planLlvmExtraction names the argument it cannot take (was "Cannot destructure property \'era\'")', () => {
    expect(() => api.planLlvmExtraction(5 as never, 'f', [], { era })).to.throw(api.ArgumentError, /^planLlvmExtraction: the candidates must be an array/);
    expect(() => api.planLlvmExtraction([], 5 as never, [], { era })).to.throw(api.ArgumentError, /^planLlvmExtraction: the input name must be a string/);
    expect(() => api.planLlvmExtraction([], 'f', 'a' as never, { era })).to.throw(api.ArgumentError, /^planLlvmExtraction: the images must be an array of strings/);
    expect(() => api.planLlvmExtraction([], 'f', [5] as never, { era })).to.throw(api.ArgumentError, /^planLlvmExtraction: the images must be an array of strings/);
    for (const opts of [undefined, 5, {}, { era: 5 }]) expect(() => api.planLlvmExtraction([], 'f', [], opts as never), String(opts)).to.throw(api.ArgumentError, /^planLlvmExtraction: /);
    expect(() => api.planLlvmExtraction([], 'f', [], { era, achive: true } as never)).to.throw(api.UnknownOptionError, /did you mean 'archive'/);
    expect(api.planLlvmExtraction([], 'f', [], { era }).files).to.deep.equal([]);
  });

  it('llvmCreateCheck takes a ByteSource and whole-number offsets (was "src.read is not a function")', () => {
    const src = api.memorySource(offload);
    for (const bad of [5, null, offload]) expect(() => api.llvmCreateCheck(bad as never, 0, offload.length), String(bad)).to.throw(api.ArgumentError, /^llvmCreateCheck: src must be a ByteSource/);
    expect(() => api.llvmCreateCheck(src, -1, 10)).to.throw(api.ArgumentError, /llvmCreateCheck: at must be a whole number/);
    expect(() => api.llvmCreateCheck(src, 0, NaN)).to.throw(api.ArgumentError, /llvmCreateCheck: bufSize must be a whole number/);
    expect(api.llvmCreateCheck(src, 0, offload.length)).to.have.property('size', bin[0]!.size);
  });

  it('formatOffloadingText and offloadListJson name the binaries they cannot list (were "binaries is not iterable", "reading \'map\'")', () => {
    for (const bad of [5, null, undefined, 'x', {}]) {
      expect(() => api.formatOffloadingText(bad as never), String(bad)).to.throw(api.ArgumentError, /^formatOffloadingText: the binaries must be an array/);
      expect(() => api.offloadListJson('f', bad as never), String(bad)).to.throw(api.ArgumentError, /^offloadListJson: the binaries must be an array/);
    }
    expect(() => api.offloadListJson(5 as never, bin)).to.throw(api.ArgumentError, /^offloadListJson: the file name must be a string/);
    expect(() => api.offloadListJson('f', bin, 5 as never)).to.throw(api.ArgumentError, /^offloadListJson: elf must be/);
    // (an iterable that is not an array still lists, as the signature says)
    expect(api.formatOffloadingText(new Set(bin))).to.equal(api.formatOffloadingText(bin));
    expect(api.offloadListJson('f', bin).binaries).to.have.length(bin.length);
  });

  it('renderInspect and formatPath refuse a value of the wrong type instead of returning text of nothing', () => {
    for (const bad of [5, null, undefined, 'x', [], {}]) expect(() => api.renderInspect(bad as never), String(bad)).to.throw(api.ArgumentError, /^renderInspect: expected an InspectNode/);
    const tree = api.inspectSyclbin(api.readSyclbin(syclbin));
    expect(() => api.renderInspect(tree, { indent: 2 } as never)).to.throw(api.ArgumentError, /indent option must be a string/);
    expect(() => api.renderInspect(tree, { annotate: 'x' } as never)).to.throw(api.ArgumentError, /annotate option must be a function/);
    expect(api.renderInspect(tree, { indent: '  ' })).to.equal(api.renderInspect(tree));
    for (const bad of [5, null, undefined, 'abc', {}]) expect(() => api.formatPath(bad as never), String(bad)).to.throw(api.ArgumentError, /^formatPath: the keys must be an array/);
    expect(() => api.formatPath(['a'], 'x' as never)).to.throw(api.ArgumentError, /^formatPath: named must be/);
    expect(api.formatPath(['entries', 2, 'strings'])).to.equal('entries[2].strings');
    expect(api.formatPath(['metadata', 'SYCL/misc properties'], 1)).to.equal('metadata["SYCL/misc properties"]');
  });

  it('lowerManifestJson of a value that is no JSON object is an ArgumentError, not a LowerError at the manifest\'s root', () => {
    for (const bad of [5, null, undefined, true, [], 1n]) {
      let e: unknown;
      try {
        api.lowerManifestJson(bad as never);
      } catch (x) {
        e = x;
      }
      expect(e, String(bad)).to.be.instanceOf(api.ArgumentError);
      expect((e as Error).message, String(bad)).to.match(/^lowerManifestJson takes the parsed manifest, a JSON object, not /);
    }
    // (a manifest object with a wrong field is still the manifest's LowerError, at its path)
    expect(() => api.lowerManifestJson({})).to.throw(api.LowerError);
  });
});
