/**
 * Review E (a consumer's walk through the library API, 2026-11-28): options of the wrong kind that
 * ended in a TypeError deep inside a reader or writer instead of the documented typed error
 * (README "Library": an options argument the function cannot take is an ArgumentError; writers
 * refuse an option they cannot honour with an EncodeError).
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import * as api from '../src/index.js';
import { dumpSyclbinChunks } from '../src/syclbin/dump.js';

const ROOT = new URL('../', import.meta.url).pathname;
const bytesOf = (p: string): Uint8Array => new Uint8Array(readFileSync(ROOT + p));

describe('library (review 2026-11-28): the ReadOptions every reader shares, of the wrong kind, are ArgumentErrors', () => {
  const syclbin = bytesOf('testdata/syclbin/v1_one_ir.syclbin');
  const offload = bytesOf('testdata/offload/multi.v1.bin');
  const props = bytesOf('testdata/props/sample.prop');
  const readers: [string, (o: object) => unknown][] = [
    ['readSyclbin', (o) => api.readSyclbin(syclbin, o)],
    ['readOffloadBinaries', (o) => api.readOffloadBinaries(offload, o)],
    ['readOffloadBinary', (o) => api.readOffloadBinary(offload, 0, o)],
  ];
  for (const [name, read] of readers) {
    it(`${name}: a tree that is not a SpanTree, problems that are not an array`, () => {
      for (const tree of [true, {}, 'tree']) expect(() => read({ tree }), `tree ${String(tree)}`).to.throw(api.ArgumentError, new RegExp(`${name}: the tree option must be a SpanTree`));
      for (const problems of [true, {}, 'x']) expect(() => read({ problems }), `problems ${String(problems)}`).to.throw(api.ArgumentError, new RegExp(`${name}: the problems option`));
      // (the right kinds still read)
      const tree = new api.codec.SpanTree();
      const problems: api.DecodeError[] = [];
      read({ tree, problems });
      expect(problems).to.deep.equal([]);
      expect(tree.root.children?.length).to.be.greaterThan(0);
    });
  }

  it('readRegistry: a tree that is not a SpanTree; problems is no option of it (it has no collect mode)', () => {
    for (const tree of [true, {}, 'tree']) expect(() => api.readRegistry(props, { tree } as never), `tree ${String(tree)}`).to.throw(api.ArgumentError, /readRegistry: the tree option must be a SpanTree/);
    // (LLVM's PropertySetRegistry::read stops at the first bad line, and so does this reader: problems
    // given to it were silently never filled, a collect mode that was not there)
    expect(() => api.readRegistry(props, { problems: [] } as never)).to.throw(api.UnknownOptionError, /readRegistry: unknown option 'problems'/);
    const tree = new api.codec.SpanTree();
    api.readRegistry(props, { tree });
    expect(tree.root.children?.length).to.be.greaterThan(0);
  });

  it('problems of the wrong kind are refused before a damaged input is read (it ended in "push is not a function")', () => {
    const bad = syclbin.slice();
    bad[8] = 9; // 9 abstract modules: the tables no longer fit
    expect(() => api.readSyclbin(bad, { problems: true } as never)).to.throw(api.ArgumentError, /problems option/);
  });
});

describe('library (review 2026-11-28): a compressor that is not a function is an EncodeError', () => {
  const entries = [{ imageKind: 1, offloadKind: 1, image: Uint8Array.of(1, 2, 3) }];
  it('writeOffloadBinary (was a TypeError "(compressor ?? defaultCompressor) is not a function")', () => {
    expect(() => api.writeOffloadBinary(entries, { version: 3, compression: 'zlib', compressor: 5 as never })).to.throw(api.EncodeError, /compressor must be a function/);
  });
  it('writeSyclbin, into a v3 envelope or none', () => {
    const file = api.readSyclbin(bytesOf('testdata/syclbin/v1_one_ir.syclbin'));
    expect(() => api.writeSyclbin(file, { envelope: 'offload-v3', compression: 'zlib', compressor: 'pako' as never })).to.throw(api.EncodeError, /compressor must be a function/);
    expect(() => api.writeSyclbin(file, { compressor: {} as never })).to.throw(api.EncodeError, /compressor must be a function/);
    // (a compressor given without compression stays allowed: the CLI passes one to every write)
    expect(api.writeSyclbin(file, { compressor: () => new Uint8Array() })).to.deep.equal(api.writeSyclbin(file));
  });
});

describe('library (review 2026-11-28): writeSybi refuses a model of the wrong shape as writeSyclbin does', () => {
  it('an EncodeError at the path, not a TypeError or an error naming writeRegistry', () => {
    expect(() => api.writeSybi(null as never)).to.throw(api.EncodeError, /expected a SYCLBIN model/);
    expect(() => api.writeSybi(5 as never)).to.throw(api.EncodeError, /expected a SYCLBIN model/);
    const e = (() => {
      try {
        api.writeSybi({ version: 1, envelope: { kind: 'none' }, globalMetadata: new Map(), abstractModules: 'x' } as never);
      } catch (x) {
        return x as api.EncodeError;
      }
      return undefined;
    })();
    expect(e).to.be.instanceOf(api.EncodeError);
    expect(e!.path).to.equal('abstractModules');
    // (a model read still writes, in its own layout or the one asked for)
    const file = api.readSyclbin(bytesOf('testdata/syclbin/v1_grouped.syclbin'));
    expect(api.writeSybi(file)).to.deep.equal(api.writeSyclbin(file));
    expect(api.writeSybi(file, 'canonical')).to.deep.equal(api.writeSyclbin(file, { layout: 'canonical' }));
  });
});

describe('library (review 2026-11-28): writeArchive given readArchive\'s result says what to pass', () => {
  it('names the reader\'s result and its .members, as the property-set writers name readPropsJson\'s', () => {
    const archive = api.readArchive(bytesOf('testdata/llvm22/extract/archive-members/x86.a'));
    expect(() => api.writeArchive(archive as never)).to.throw(api.EncodeError, /readArchive's result; pass its \.members without the special ones/);
    expect(api.writeArchive(archive.members.filter((m) => !m.special))).to.be.instanceOf(Uint8Array);
  });
});

describe('library (review 2026-11-28): readSyclbin\'s own collecting options of the wrong kind are ArgumentErrors', () => {
  const z = bytesOf('testdata/syclbin/v1_in_offload_v3_zlib.syclbin');
  it('geometry, offload, visit and inflatedBudget (each was a TypeError: "push is not a function", "Cannot create property \'left\'")', () => {
    expect(() => api.readSyclbin(z, { geometry: 5 } as never)).to.throw(api.ArgumentError, /geometry option must be an array/);
    expect(() => api.readSyclbin(z, { offload: {} } as never)).to.throw(api.ArgumentError, /offload option must be an array/);
    expect(() => api.readSyclbin(z, { visit: 5 } as never)).to.throw(api.ArgumentError, /visit option must be a SyclbinVisitor/);
    expect(() => api.readSyclbin(z, { visit: { start() {} } } as never)).to.throw(api.ArgumentError, /visit option/);
    expect(() => api.readSyclbin(z, { inflatedBudget: 5 } as never)).to.throw(api.ArgumentError, /inflatedBudget option must be an object/);
    expect(() => api.readOffloadBinaries(z, { inflatedBudget: 5 } as never)).to.throw(api.ArgumentError, /readOffloadBinaries: the inflatedBudget option/);
    // (the right kinds still read and collect)
    const geometry: api.V1Geometry[] = [];
    const offload: api.OffloadBinaryModel[] = [];
    const inflatedBudget = {};
    const seen: number[] = [];
    api.readSyclbin(z, { geometry, offload, inflatedBudget, visit: { start() {}, module: (_m, i) => seen.push(i) } });
    expect(geometry).to.have.length(1);
    expect(offload).to.have.length(1);
    expect(seen).to.deep.equal(api.readSyclbin(z).abstractModules.map((_m, i) => i));
  });
});

describe('library (review apirev 2026-11-28): an option a function does not take is an UnknownOptionError naming it', () => {
  const syclbin = bytesOf('testdata/syclbin/v1_one_ir.syclbin');
  const zlib = bytesOf('testdata/syclbin/v1_in_offload_v3_zlib.syclbin');
  const offload = bytesOf('testdata/offload/multi.v1.bin');
  const props = bytesOf('testdata/props/sample.prop');
  const entries = [{ imageKind: 1, offloadKind: 1, image: Uint8Array.of(1, 2, 3) }];
  const file = api.readSyclbin(syclbin);
  const manifest = JSON.parse(readFileSync(ROOT + 'testdata/lower/issue-example.json', 'utf8')) as unknown;
  const ir = readFileSync(ROOT + 'testdata/sycl-post-link/spec-constants/composite-default-value.ll');
  const dumpChunks = (b: Uint8Array, o: object) => dumpSyclbinChunks(b, () => {}, o);
  const archive = bytesOf('testdata/llvm22/containers/omp.a');
  const elf = bytesOf('testdata/llvm22/containers/cray-typed.o');
  const coff = bytesOf('testdata/llvm22/containers/coff.obj');
  const annotation = api.annotate(syclbin);
  // [function, a call with options, the keys the function takes]
  const calls: [string, (o: object) => unknown, string[]][] = [
    ['readSyclbin', (o) => api.readSyclbin(zlib, o), ['geometry', 'inflated', 'inflatedBudget', 'maxInflatedSize', 'offload', 'onRepeatBudget', 'problems', 'sharedBlobsFree', 'tree', 'visit']],
    ['writeSyclbin', (o) => api.writeSyclbin(file, o), ['compression', 'compressor', 'envelope', 'format', 'formatVersionKey', 'layout', 'offloadVersion']],
    ['syclbinChunks', (o) => api.syclbinChunks(file, o), ['compression', 'compressor', 'envelope', 'format', 'formatVersionKey', 'layout', 'offloadVersion']],
    ['readOffloadBinaries', (o) => api.readOffloadBinaries(offload, o), ['end', 'inflated', 'inflatedBudget', 'maxInflatedSize', 'onPadding', 'onStop', 'path', 'problems', 'singlePaths', 'spansWindow', 'start', 'tree']],
    ['readOffloadBinary', (o) => api.readOffloadBinary(offload, 0, o), ['end', 'inflated', 'inflatedBudget', 'maxInflatedSize', 'node', 'path', 'problems', 'spansWindow', 'tree']],
    ['inflateOffloadBinary', (o) => api.inflateOffloadBinary(zlib, 0, o), ['end', 'inflated', 'inflatedBudget', 'maxInflatedSize', 'node', 'path', 'problems', 'spansWindow', 'tree']],
    ['writeOffloadBinary', (o) => api.writeOffloadBinary(entries, o), ['compression', 'compressor', 'version']],
    ['writeOffloadBinaries', (o) => api.writeOffloadBinaries([entries], o), ['compression', 'compressor', 'version']],
    ['offloadBinaryChunks', (o) => api.offloadBinaryChunks(entries, o), ['compression', 'compressor', 'version']],
    ['readRegistry', (o) => api.readRegistry(props, o), ['base', 'from', 'parent', 'repeats', 'to', 'tree']],
    ['readOffloadBundles', (o) => api.readOffloadBundles(offload, [], o), ['maxInflatedSize', 'object', 'path', 'sectionPath', 'tree']],
    ['dumpSyclbinSource', (o) => api.dumpSyclbinSource(syclbin, o), ['geometry', 'inflated', 'inflatedBudget', 'maxInflatedSize', 'offload', 'onRepeatBudget', 'problems', 'sharedBlobsFree', 'tree']],
    ['dumpSyclbinChunks', (o) => dumpChunks(syclbin, o), ['geometry', 'inflated', 'inflatedBudget', 'maxInflatedSize', 'offload', 'onRepeatBudget', 'problems', 'sharedBlobsFree', 'tree']],
    ['annotate', (o) => api.annotate(syclbin, o), ['inflated', 'maxInflatedSize', 'maxSpans', 'sharedBlobsFree', 'spansWindow']],
    ['annotateInflated', (o) => api.annotateInflated(zlib, o), ['maxInflatedSize', 'maxSpans', 'sharedBlobsFree', 'spansWindow']],
    ['verify', (o) => api.verify(syclbin, o), ['inflated', 'maxInflatedSize', 'maxSpans', 'sharedBlobsFree', 'spansWindow']],
    ['lowerManifestJson', (o) => api.lowerManifestJson(manifest, o), ['emitProgramMetadata']],
    ['lowerManifest', (o) => api.lowerManifest(api.parseManifest(manifest), o), ['emitProgramMetadata']],
    ['lowerIrModule', (o) => api.lowerIrModule(ir, o), ['emitProgramMetadata', 'mode']],
    // (review apirev2: the rest of the public functions with options)
    ['readArchive', (o) => api.readArchive(archive, o), ['origin', 'partial', 'path', 'size', 'tree']],
    ['readOffloadInput', (o) => api.readOffloadInput(archive, o), ['bundles', 'byName', 'inflated', 'inflatedBudget', 'llvmRules', 'maxArchiveDepth', 'maxInflatedSize', 'maxScanCandidates', 'memberErrors', 'membersAligned', 'peer', 'peerReads', 'peerTool', 'problems', 'scan', 'scanNoteAdvice', 'sectionNames', 'spansWindow', 'tree']],
    ['readElfSectionTable', (o) => api.readElfSectionTable(elf, o), ['origin', 'path', 'size', 'tree']],
    ['readCoffSectionTable', (o) => api.readCoffSectionTable(coff, o), ['origin', 'path', 'size', 'tree']],
    ['readElfOffloadBinaries', (o) => api.readElfOffloadBinaries(elf, o), ['bareSections', 'byName', 'deviceImages', 'inflated', 'inflatedBudget', 'llvmRules', 'maxInflatedSize', 'onPadding', 'origin', 'path', 'problems', 'repeats', 'sectionNames', 'size', 'spansWindow', 'tree']],
    ['readCoffOffloadBinaries', (o) => api.readCoffOffloadBinaries(coff, o), ['bareSections', 'inflated', 'inflatedBudget', 'llvmRules', 'maxInflatedSize', 'onPadding', 'origin', 'path', 'problems', 'repeats', 'sectionNames', 'size', 'spansWindow', 'tree']],
    ['scanForOffloadBinaries', (o) => api.scanForOffloadBinaries(offload, o), ['end', 'exclude', 'inflatedBudget', 'maxCandidates', 'maxInflatedSize', 'path', 'start', 'tree', 'window']],
    ['inspectInput', (o) => api.inspectInput(syclbin, o), ['byName', 'era', 'inflatedBudget', 'maxInflatedSize', 'sectionNames', 'sha256']],
    ['explainInput', (o) => api.explainInput(offload, o), ['byName', 'era', 'inflatedBudget', 'maxInflatedSize', 'sectionNames', 'sha256']],
    ['notSyclbin', (o) => api.notSyclbin(syclbin, o), ['byName', 'era', 'inflatedBudget', 'maxInflatedSize', 'sectionNames', 'sha256']],
    ['notSyclbinInput', (o) => api.notSyclbinInput(offload, o), ['byName', 'era', 'inflatedBudget', 'maxInflatedSize', 'sectionNames', 'sha256']],
    ['hexdump', (o) => api.hexdump(syclbin, annotation, o), ['color', 'full', 'path', 'range']],
    ['modelToManifest', (o) => api.modelToManifest(file, o), ['layout']],
    ['syclbinToJson', (o) => api.syclbinToJson(file, { sha256: false, ...o }), ['sha256', 'withBytes']],
    ['inspectSyclbin', (o) => api.inspectSyclbin(file, o), ['era', 'fileSize', 'imageAt', 'sha256']],
    ['renderInspect', (o) => api.renderInspect(api.inspectSyclbin(file), o), ['annotate', 'indent']],
    ['diffFiles', (o) => api.diffFiles(syclbin, syclbin, o), ['bytes', 'maxInflatedSize']],
    ['formatOffloadingText', (o) => api.formatOffloadingText(api.readOffloadBinaries(offload), o), ['byteStrings', 'era', 'read', 'strings', 'warn']],
    ['offloadListJson', (o) => api.offloadListJson('f', api.readOffloadBinaries(offload), undefined, o), ['era', 'read']],
    ['planLlvmExtraction', (o) => api.planLlvmExtraction([], 'f', [], { era: api.llvmEra(), ...o }), ['archive', 'era', 'read']],
  ];

  for (const [name, call, known] of calls) {
    it(`${name}: a typo is refused with the key, the likely key and the keys it takes`, () => {
      let e: unknown;
      try {
        call({ maxInflatedsize: 1, version_: 1 });
      } catch (x) {
        e = x;
      }
      expect(e, `${name} ignored an unknown option`).to.be.instanceOf(api.UnknownOptionError);
      const u = e as api.UnknownOptionError;
      expect(u).to.be.instanceOf(api.ArgumentError); // (what a caller matching the documented error catches)
      expect(u.code).to.equal('ARGUMENT');
      expect(u.fn).to.equal(name);
      expect(u.option).to.equal('maxInflatedsize');
      expect(u.known).to.deep.equal(known);
      expect(u.message).to.contain(`${name}: unknown option 'maxInflatedsize'`).and.to.contain(`the options are ${known.join(', ')}`);
      if (known.includes('maxInflatedSize')) expect(u.message).to.contain("(did you mean 'maxInflatedSize'?)");
    });

    it(`${name}: any key it does not take is refused (fast-check, fixed seed); none given, an undefined value or a symbol key still calls`, () => {
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.includes(k) && k !== '__proto__'), (key) => {
          expect(() => call({ [key]: 0 })).to.throw(api.UnknownOptionError).with.property('option', key);
        }),
        { numRuns: 50 },
      );
      call({});
      call({ notAnOption: undefined }); // (an optional option left undefined is none, as in TypeScript)
      call({ [Symbol('internal')]: true });
    });
  }

  it('the keys a function takes stay all of its options: each known key of readSyclbin and writeSyclbin is honoured, not refused', () => {
    // (the lists are typed OptionKeys<T> in src/: a key added to an options interface without its list fails to compile)
    expect(api.readSyclbin(syclbin, { sharedBlobsFree: true, maxInflatedSize: 1 << 20 }).version).to.equal(1);
    expect(api.writeSyclbin(file, { layout: 'canonical', envelope: 'keep', format: 1 })).to.deep.equal(syclbin);
  });

  it('the CLI and the readers that hand on their options still read (internal spreads are not a caller\'s typo)', () => {
    // annotate reads with readSyclbin and readOffloadBinary in collect mode, passing its own options on
    expect(api.annotate(syclbin).problems).to.deep.equal([]);
    expect(api.annotate(offload).problems).to.deep.equal([]);
    expect(api.verify(zlib).counts.error).to.equal(0);
    expect([...api.walkOffloadEntries(offload)].length).to.be.greaterThan(0);
  });
});

describe('library (review apirev2 2026-11-28): writeArchive and archiveChunks take no options, and the internal callers hand on theirs', () => {
  const archive = bytesOf('testdata/llvm22/containers/omp.a');
  const members = api.readArchive(archive).members.filter((m) => !m.special).map((m) => ({ name: m.name, data: m.data.bytes() }));

  for (const [name, call] of [
    ['writeArchive', (o: object) => api.writeArchive(members, o as never)],
    ['archiveChunks', (o: object) => api.archiveChunks(members, o as never)],
  ] as const) {
    it(`${name}: any key is an UnknownOptionError saying it takes none (a BSD or thin archive asked for was written GNU without a word)`, () => {
      for (const key of ['kind', 'thin', 'symtab']) {
        expect(() => call({ [key]: 'bsd' }), key).to.throw(api.UnknownOptionError, new RegExp(`^${name}: unknown option '${key}'; it takes no options$`)).with.property('known').that.deep.equals([]);
      }
      expect(() => call('gnu' as never)).to.throw(api.ArgumentError, new RegExp(`^${name}: the options must be an object`));
      // (none, null, {} and an undefined value are no options: the same bytes)
      const want = api.writeArchive(members);
      for (const none of [undefined, null, {}, { kind: undefined }]) {
        const got = call(none as never);
        expect(got instanceof Uint8Array ? got : api.codec.concatChunks(got as api.Chunk[])).to.deep.equal(want);
      }
    });
  }

  it('the whole-input readers hand the ELF and COFF readers their own options, and annotate hands readOffloadInput its collect options, as before', () => {
    // (readOffloadInput passes ReadOffloadInputOptions on to the ELF/COFF readers; annotate passes sharedBlobsFree)
    for (const f of ['testdata/llvm22/containers/cray-typed.o', 'testdata/llvm22/containers/coff.obj', 'testdata/llvm22/containers/omp.a']) {
      const b = bytesOf(f);
      expect(api.readOffloadInput(b, { scan: 'always', peer: 'llvm-objdump-22', bundles: true }).binaries.length, f).to.be.at.least(0);
      expect(api.annotate(b).problems, f).to.deep.equal([]);
    }
    // inspectInput hands explainInput, and explainInput inspectSyclbin, only the keys they take
    const syclbin = bytesOf('testdata/syclbin/v1_in_offload_v3_zlib.syclbin');
    expect(api.renderInspect(api.inspectInput(syclbin, { maxInflatedSize: 1 << 20, sha256: false }))).to.equal(api.renderInspect(api.inspectInput(syclbin)));
    expect(api.notSyclbin(syclbin, { maxInflatedSize: 1 << 20 })).to.equal(undefined);
    // (a typo is refused before notSyclbinInput returns early for a SYCLBIN)
    expect(() => api.notSyclbinInput(syclbin, { maxInflatedsize: 1 } as never)).to.throw(api.UnknownOptionError, /did you mean 'maxInflatedSize'/);
  });
});
