/**
 * readOffloadInput on every kind of input (src/offload/input.ts): what llvm-objdump-22 --offloading
 * lists (the `*.objdump22.txt` goldens, byte for byte), what llvm-offload-binary-22 extracts (the
 * `extract/*-input.files.txt` checksums), bare SPIR-V and bitcode files, archives of OffloadBinaries and
 * nested archives, scanning ordinary data, image identification, and mutated inputs.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { concatChunks, memorySource } from '../../src/codec/index.js';
import { archiveChunks } from '../../src/containers/archive.js';
import { executionModelName, Op } from '../../formats/spirv-enums.js';
import { identifyImage, MAX_LISTED_NAMES } from '../../src/containers/identify.js';
import { SPIRV_HEADER_SIZE } from '../../formats/spirv.js';
import { readOffloadInput } from '../../src/offload/input.js';
import { annotate, checkTiling } from '../../src/hex/annotate.js';
import { bytesOf, decodeErrorOf, input, LLVM22, objdump22, onlyDecodeErrors, overwrite, readelfSection, sha256, textOf } from './support.js';

const exists = (rel: string): boolean => existsSync(LLVM22 + rel);
const listed = (dir: string): string[] =>
  readdirSync(LLVM22 + dir)
    .filter((f) => f.endsWith('.objdump22.txt'))
    .map((f) => `${dir}/${f.replace(/\.objdump22\.txt$/, '')}`);

describe('input: what llvm-objdump-22 --offloading lists', () => {
  for (const f of [...listed('containers'), ...listed('sycl'), ...listed('pack')]) {
    const fails = readdirSync(LLVM22 + f.replace(/\/[^/]+$/, '')).includes(`${f.replace(/^.*\//, '')}.objdump22.stderr.txt`);
    it(`${f}${fails ? ' (objdump fails: nothing past the header)' : ''}`, () => {
      const r = input(f);
      const name = f.replace(/^.*\//, '');
      if (f.endsWith('v2-in-elf.o')) {
        // objdump-22 rejects version 2 after the header line; this toolkit reads it and says so.
        expect(textOf(`${f}.objdump22.stderr.txt`)).to.match(/Invalid data/);
        expect(objdump22(name, { ...r, objects: r.objects.map((o) => ({ ...o, binaries: [] })) })).to.equal(textOf(`${f}.objdump22.txt`));
        expect(r.binaries.map((b) => b.version)).to.deep.equal([2]);
        expect(r.notes.join('\n')).to.match(/OffloadBinary version 2: llvm-objdump-22 rejects it/);
        return;
      }
      if (/\/mixed-.*\.r\.o$/.test(f)) {
        // An OffloadBinary beside a bare SYCL image: objdump fails on the section; this toolkit reads
        // both and lists the binary (test/containers/mixed-section.test.ts).
        expect(objdump22(name, { ...r, objects: r.objects.map((o) => ({ ...o, binaries: [] })) })).to.equal(textOf(`${f}.objdump22.txt`));
        expect(r.binaries).to.have.length(1);
        return;
      }
      expect(objdump22(name, r), f).to.equal(fails && !exists(`${f}.objdump22.txt`) ? '' : textOf(`${f}.objdump22.txt`));
      if (fails) expect(r.binaries, f).to.deep.equal([]);
    });
  }
});

describe('input: what llvm-offload-binary-22 extracts', () => {
  const cases: [string, string, string][] = [
    ['containers/omp.a', 'archive-input', 'x86_64-unknown-linux-gnu'],
    ['containers/coff.obj', 'coff-input', 'x86_64-unknown-linux-gnu'],
    ['containers/ppc64be.o', 'ppc64be-input', 'x86_64-unknown-linux-gnu'],
    ['sycl/k.o', 'sycl-object', 'spirv64-unknown-unknown'],
  ];
  for (const [file, golden, triple] of cases) {
    it(`${file}: the ${triple} image is extract/${golden}'s file`, () => {
      const images = input(file)
        .found.flatMap((x) => x.binary.entries)
        .filter((e) => e.strings.get('triple') === triple)
        .map((e) => e.image);
      const files = textOf(`extract/${golden}.files.txt`)
        .trim()
        .split('\n')
        .map((l) => l.split('\t').slice(0, 2));
      expect(images.map((i) => [String(i.length), sha256(i)])).to.deep.equal(files);
    });
  }
});

describe('input: containers and sites', () => {
  it('an archive: sites name the member and the path through members[i].data', () => {
    const r = input('containers/omp.a');
    expect(r.container).to.equal('archive');
    expect(r.found.map((f) => [f.site.member, f.site.path.join('.'), f.site.section?.name])).to.deep.equal([
      ['omp22.o', 'members.1.data.sections.12.binaries.0', '.llvm.offloading'],
      ['omp22-gfx90a.o', 'members.2.data.sections.12.binaries.0', '.llvm.offloading'],
      ['i386.o', 'members.3.data.sections.12.binaries.0', '.llvm.offloading'],
    ]);
    expect(r.archive!.members.map((m) => m.name)).to.deep.equal(['/', 'omp22.o', 'omp22-gfx90a.o', 'i386.o']);
  });

  it('an archive holding an OffloadBinary file: LLVM extracts from it, objdump fails at it (binaries stop there)', () => {
    const b = concatChunks(archiveChunks([{ name: 'two.ob22.bin', data: bytesOf('pack/two.ob22.bin') }, { name: 'omp22.o', data: bytesOf('containers/omp22.o') }]));
    const r = readOffloadInput(memorySource(b));
    expect(r.found.map((f) => [f.site.member, f.binary.entries[0]!.strings.get('triple')])).to.deep.equal([
      ['two.ob22.bin', 'nvptx64-nvidia-cuda'],
      ['two.ob22.bin', 'amdgcn-amd-amdhsa'],
      ['omp22.o', 'x86_64-unknown-linux-gnu'],
    ]);
    expect(r.binaries).to.deep.equal([]);
    expect(r.notes.join('\n')).to.match(/two\.ob22\.bin: llvm-objdump-22 --offloading fails on this member, an OffloadBinary file/);
  });

  it('nested archives are read member by member (LLVM recurses); objdump fails at the inner archive', () => {
    const inner = concatChunks(archiveChunks([{ name: 'omp22.o', data: bytesOf('containers/omp22.o') }]));
    const outer = concatChunks(archiveChunks([{ name: 'i386.o', data: bytesOf('containers/i386.o') }, { name: 'inner.a', data: inner }]));
    const r = readOffloadInput(memorySource(outer));
    expect(r.found.map((f) => [f.site.member, f.site.path.join('.')])).to.deep.equal([
      ['i386.o', 'members.0.data.sections.12.binaries.0'],
      ['inner.a(omp22.o)', 'members.1.data.members.0.data.sections.12.binaries.0'],
    ]);
    // objdump lists i386.o; the inner archive's members follow, past its stop (afterPeer).
    expect(r.objects.map((o) => [o.member, o.fileFormat, o.afterPeer ?? false])).to.deep.equal([
      ['i386.o', 'elf32-i386', false],
      ['inner.a(omp22.o)', 'elf64-x86-64', true],
    ]);
    expect(r.binaries.map((b) => b.entries[0]!.strings.get('triple'))).to.deep.equal(['i386-pc-linux-gnu']);
  });

  it('nesting deeper than the limit is not read (a note), with no recursion', () => {
    let a = bytesOf('containers/omp22.o');
    for (let i = 0; i < 40; i++) a = concatChunks(archiveChunks([{ name: `l${i}.a`, data: a }]));
    const r = readOffloadInput(memorySource(a));
    expect(r.found).to.deep.equal([]);
    expect(r.notes.join('\n')).to.match(/archive nested 17 deep: its 1 member\(s\) are not read \(limit 16\)/);
    expect(readOffloadInput(memorySource(a), { maxArchiveDepth: 64 }).found).to.have.length(1);
  });

  it('bare SPIR-V and bitcode files: one bare image each, with its facts; objdump rejects them', () => {
    const spv = input('sycl/k.spv');
    expect([spv.container, spv.bare.map((b) => [b.kind, b.image.size, b.site.offset])]).to.deep.equal(['spirv', [['spirv', 308, 0]]]);
    const bc = input('sycl/k.device.bc');
    const ll = /^target triple = "(.*)"$/m.exec(textOf('sycl/k.device.bc.ll.txt'))![1];
    expect([bc.container, bc.bare.map((b) => [b.kind, b.triple])]).to.deep.equal(['bitcode', [['bitcode', ll]]]);
    expect(textOf('sycl/k.device.bc.objdump22.stderr.txt')).to.match(/not recognized as a valid object file/);
    expect(bc.notes.join('\n')).to.match(/rejects this file \("The file was not recognized as a valid object file"\)/);
    // The host module of containers/host.bc: its embedded OffloadBinary is found (what llvm-offload-binary-22
    // extracts, test/containers/bitcode.test.ts); the module itself is not a device image.
    const host = input('containers/host.bc');
    expect([host.found.map((f) => [f.site.global, f.binary.entries[0]!.strings.get('triple')]), host.bare, host.binaries]).to.deep.equal([[['@llvm.embedded.object', 'x86_64-unknown-linux-gnu']], [], []]);
    expect(host.notes.join('\n')).to.match(/host bitcode module: 1 OffloadBinary\(s\) in @llvm\.embedded\.object/);
    expect(host.notes.join('\n')).to.match(/rejects this file \("The file was not recognized as a valid object file"\)/);
  });

  it('an input of no known kind with nothing in it is the OffloadBinary reader\'s error, saying what else was tried', () => {
    const e = decodeErrorOf(() => readOffloadInput(memorySource(new TextEncoder().encode('not an offload binary, clearly'))));
    expect([e.code, e.path, e.offset]).to.deep.equal(['MAGIC', 'binaries[0].header.magic', 0]);
    expect(e.message).to.match(/^bad OffloadBinary magic: .*; not an ELF or COFF object, archive, LLVM bitcode or SPIR-V module either, and no OffloadBinary magic was found in it/);
    expect(decodeErrorOf(() => readOffloadInput(memorySource(new Uint8Array(0)))).message).to.match(/empty input/);
  });
});

describe('input: OffloadBinaries in ordinary data (scan)', () => {
  it('embedded-data.o: LLVM lists nothing; the scan finds both binaries of pack/two.ob22.bin in .rodata.blob', () => {
    const r = input('containers/embedded-data.o');
    const blob = readelfSection(textOf('containers/embedded-data.o.readelf.txt'), '.rodata.blob');
    expect(r.binaries).to.deep.equal([]);
    expect(r.found.map((f) => [f.byScan, f.site.offset, f.site.section, f.site.path])).to.deep.equal([
      [true, blob.offset, { index: blob.index, name: '.rodata.blob' }, ['scan', 0]],
      [true, blob.offset + 160, { index: blob.index, name: '.rodata.blob' }, ['scan', 1]],
    ]);
    const two = readOffloadInput(memorySource(bytesOf('pack/two.ob22.bin'))).binaries;
    expect(r.found.map((f) => [...f.binary.entries[0]!.strings])).to.deep.equal(two.map((b) => [...b.entries[0]!.strings]));
    expect(input('containers/embedded-data.o', { scan: 'never' }).found).to.deep.equal([]);
  });

  it('a section of another name: found by scanning, or read as a section when named and --by-name', () => {
    const auto = input('containers/cray-progbits.o');
    expect(auto.found.map((f) => [f.byScan, f.site.section?.name])).to.deep.equal([
      [true, '.cray.llvm.offloading'],
      [true, '.cray.llvm.offloading'],
    ]);
    const named = input('containers/cray-progbits.o', { sectionNames: ['.cray.llvm.offloading'], byName: true });
    expect(named.found.map((f) => [f.byScan ?? false, f.site.path.join('.')])).to.deep.equal([
      [false, 'sections.9.binaries.0'],
      [false, 'sections.9.binaries.1'],
    ]);
    expect(named.binaries).to.have.length(2);
  });

  it("'always' scans outside what was read (no double finds); rejected candidates and the cap are notes", () => {
    expect(input('containers/typed.o', { scan: 'always' }).found.map((f) => f.byScan ?? false)).to.deep.equal([false, false]);
    const junk = new Uint8Array(4000);
    for (let i = 4; i < junk.length; i += 40) junk.set([0x10, 0xff, 0x10, 0xad, 1], i);
    junk.set(bytesOf('pack/sycl.ob22.bin'), 3204);
    const r = readOffloadInput(memorySource(junk), { maxScanCandidates: 1000 });
    expect(r.found.map((f) => [f.site.offset, f.byScan])).to.deep.equal([[3204, true]]);
    // 100 planted magics, 5 of them overwritten by the 168-byte binary at 3204: 95 rejections, in one
    // note with the first one's reason (review finding: a note per candidate), and one note for the find.
    const rejected = r.notes.filter((n) => /does not start a valid binary/.test(n));
    expect(rejected).to.have.length(1);
    expect(rejected[0]).to.match(/^the OffloadBinary magic at offset 0x4 does not start a valid binary: .* \(nor does it at 94 more offset\(s\)\)$/);
    expect(r.notes.filter((n) => /found by scanning/.test(n))).to.deep.equal([
      'an OffloadBinary (version 1, 168 bytes) at offset 0xc84 was found by scanning for its magic; LLVM does not look there, and llvm-objdump-22 does not see it',
    ]);
    const capped = readOffloadInput(memorySource(junk), { maxScanCandidates: 5 });
    expect(capped.found).to.deep.equal([]);
    expect(capped.notes.join('\n')).to.match(/scanning stopped after 5 candidates/);
  });
});

describe('input: image identification', () => {
  it('SPIR-V in either byte order, the bitcode wrapper, ELF facts as llvm-readelf-22 -h says, a nested OffloadBinary', () => {
    const spv = bytesOf('sycl/k.spv');
    const be = spv.slice();
    for (let i = 0; i < be.length; i += 4) be.set([spv[i + 3]!, spv[i + 2]!, spv[i + 1]!, spv[i]!], i);
    const le = identifyImage(spv);
    expect(identifyImage(be)).to.deep.equal({ ...le, byteOrder: 'be' });
    // The magic with less than the 20-byte header after it: a module cut short, said so (either byte order).
    for (const cut of [spv.subarray(0, 4), spv.subarray(0, 12), be.subarray(0, 19)]) {
      expect(identifyImage(cut)).to.deep.include({ kind: 'unknown', problem: `a SPIR-V module cut short: ${cut.length} of its 20-byte header` });
    }
    // Entry points as spirv-dis prints them (sycl/k*.spv.dis.txt: OpEntryPoint Kernel %NAME "NAME"), either byte order.
    for (const f of ['sycl/k.spv', 'sycl/k2.spv']) {
      const want = [...textOf(`${f}.dis.txt`).matchAll(/OpEntryPoint (\w+) %\S+ "([^"]*)"/g)].map((m) => ({ model: m[1], name: m[2] }));
      expect(want.length, f).to.be.greaterThan(0);
      const got = (identifyImage(bytesOf(f)) as { entryPoints: { model: number; name: string }[] }).entryPoints.map((e) => ({ model: executionModelName(e.model), name: e.name }));
      expect(got, f).to.deep.equal(want);
    }
    expect((identifyImage(be) as { entryPoints: unknown[] }).entryPoints).to.deep.equal([{ model: 6, name: '_ZTS5KName' }]);
    // Millions of entry points: the first MAX_LISTED_NAMES are kept, the rest counted (memory bounded by what is shown).
    const many = 70000;
    const mod = new Uint8Array(spv.length + many * 16);
    mod.set(spv.subarray(0, SPIRV_HEADER_SIZE));
    const dv = new DataView(mod.buffer);
    for (let i = 0; i < many; i++) {
      const at = SPIRV_HEADER_SIZE + i * 16;
      dv.setUint32(at, (4 << 16) | Op.EntryPoint, true);
      dv.setUint32(at + 4, 6, true);
      dv.setUint32(at + 8, 1, true);
      mod[at + 12] = 0x6b; // "k\0\0\0"
    }
    const capped = identifyImage(mod.subarray(0, SPIRV_HEADER_SIZE + many * 16)) as { entryPoints: unknown[]; entryPointsOmitted?: number };
    expect([capped.entryPoints.length, capped.entryPointsOmitted]).to.deep.equal([MAX_LISTED_NAMES, many - MAX_LISTED_NAMES]);
    const bc = bytesOf('sycl/k.device.bc');
    const wrapped = new Uint8Array(20 + bc.length);
    const v = new DataView(wrapped.buffer);
    wrapped.set([0xde, 0xc0, 0x17, 0x0b]);
    v.setUint32(8, 20, true);
    v.setUint32(12, bc.length, true);
    wrapped.set(bc, 20);
    expect(identifyImage(wrapped)).to.deep.equal({ kind: 'bitcode', size: wrapped.length, wrapper: { version: 0, offset: 20, size: bc.length, cpuType: 0 }, triple: 'spirv64-unknown-unknown', kernels: ['_ZTS5KName'] });
    const h = textOf('containers/ppc64be.o.readelf.txt');
    expect([/Class:\s+(\S+)/.exec(h)![1], /Data:\s+2's complement, (\S+) endian/.exec(h)![1], /Machine:\s+(\S+)/.exec(h)![1]]).to.deep.equal(['ELF64', 'big', 'PowerPC64']);
    expect(identifyImage(bytesOf('containers/ppc64be.o'))).to.deep.include({ kind: 'elf', class: 64, littleEndian: false, machine: 21, type: 1, fileFormat: 'elf64-powerpc' });
    expect(identifyImage(bytesOf('sycl/k.img'))).to.deep.equal({ kind: 'offload-binary', size: 488, version: 1 });
    // A SYCLBIN (image kind 7's payload): its file header's version and counts; a header cut short is said.
    const sybi = readFileSync(new URL('../../testdata/syclbin/v1_one_ir.syclbin', import.meta.url));
    const at = sybi.indexOf('IBYS'); // the magic's bytes (the u32 'SYBI' little-endian)
    const bare = Uint8Array.from(sybi.subarray(at));
    expect(identifyImage(bare)).to.deep.equal({ kind: 'syclbin', size: bare.length, version: 1, abstractModules: 1, irModules: 1, nativeImages: 0 });
    expect(identifyImage(bare.subarray(0, 40))).to.deep.include({ kind: 'unknown', size: 40, magic: '49 42 59 53' }).and.to.have.property('problem');
    expect(identifyImage(new TextEncoder().encode('.version 7.0'))).to.deep.equal({ kind: 'unknown', size: 12, magic: '2e 76 65 72' });
  });

  it('property (fixed seed): identification never throws, whatever the bytes (truncated and mutated headers too)', () => {
    const seeds = [bytesOf('sycl/k.spv'), bytesOf('sycl/k.device.bc'), bytesOf('containers/omp22.o').subarray(0, 64)];
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.nat(400), fc.uint8Array({ maxLength: 16 }), fc.nat(3000), (b, at, v, cut) => {
        const c = b.slice(0, Math.max(0, b.length - cut));
        c.set(v.subarray(0, Math.max(0, c.length - at)), Math.min(at, c.length));
        const info = identifyImage(c);
        expect(info.size).to.equal(c.length);
      }),
      { seed: 99, numRuns: 3000 },
    );
  });
});

describe('input: mutated inputs (fixed seed) give a result or a DecodeError; annotate tiles them', () => {
  // Every binary fixture of testdata/llvm22 (containers, SYCL objects/executables/images, packed binaries, the archive).
  const binary = (dir: string, keep: (f: string) => boolean): string[] =>
    readdirSync(LLVM22 + dir)
      .filter((f) => keep(f) && !/\.(txt|ll|md|tsv)$/.test(f))
      .map((f) => `${dir}/${f}`);
  const files = [
    ...binary('containers', () => true),
    ...binary('sycl', (f) => /\.(o|exe|img|spv|bc)$/.test(f)),
    ...binary('pack', (f) => f.endsWith('.bin')),
    'extract/archive/nvptx.a',
  ];
  it('covers the fixtures', () => expect(files.length).to.be.greaterThan(50));
  for (const f of files) {
    it(f, () => {
      const b0 = bytesOf(f);
      fc.assert(
        fc.property(fc.nat(b0.length - 1), fc.uint8Array({ minLength: 1, maxLength: 8 }), fc.boolean(), (at, v, cut) => {
          const c = cut ? b0.slice(0, at) : overwrite(b0, at, v);
          onlyDecodeErrors(() => readOffloadInput(memorySource(c)), f);
          onlyDecodeErrors(() => readOffloadInput(memorySource(c), { scan: 'always', byName: true }), f);
          expect(checkTiling(annotate(c)), f).to.equal(undefined);
        }),
        { seed: 2025, numRuns: 60 },
      );
    });
  }
});
