/**
 * COFF objects (src/containers/coff.ts): the clang-22 x86_64-pc-windows-msvc object of
 * testdata/llvm22/containers against llvm-readobj-22 / llvm-objdump-22 -h / --offloading and what
 * llvm-offload-binary-22 extracts from it; a bigobj built by hand; hostile headers.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { identifyCoff, readCoffOffloadBinaries, readCoffSectionTable } from '../../src/containers/coff.js';
import { CoffBigObjHeader, CoffFileHeader, CoffSectionHeader, COFF_BIGOBJ_UUID } from '../../formats/coff.js';
import { bytesOf, decodeErrorOf, input, objdump22, onlyDecodeErrors, overwrite, sha256, textOf } from './support.js';
import { DecodeError } from '../../src/codec/index.js';

const COFF = 'containers/coff.obj';

/** The sections of `llvm-readobj --sections`: number, name, raw name bytes, size, pointer, characteristics. */
function readobjSections(): { number: number; name: string; raw: string; size: number; pointer: number; characteristics: number }[] {
  const out = [];
  for (const block of textOf(`${COFF}.readobj.txt`).split('Section {').slice(1)) {
    const get = (k: string): string => new RegExp(`${k}: (.*)`).exec(block)![1]!;
    const [, name, raw] = /^(.*) \((.*)\)$/.exec(get('Name'))!;
    out.push({
      number: Number(get('Number')),
      name: name!,
      raw: raw!,
      size: Number(get('RawDataSize')),
      pointer: parseInt(get('PointerToRawData'), 16),
      characteristics: parseInt(/Characteristics \[ \((0x[0-9A-F]+)\)/.exec(block)![1]!, 16),
    });
  }
  return out;
}

describe('COFF: clang-22 object (containers/coff.obj)', () => {
  const b = bytesOf(COFF);

  it('is a coff_object; the section table is what llvm-readobj-22 and llvm-objdump-22 -h show', () => {
    expect(identifyCoff(b)).to.equal('object');
    const coff = readCoffSectionTable(b);
    expect([coff.machine, coff.bigobj]).to.deep.equal([0x8664, false]);
    const golden = readobjSections();
    expect(coff.sections.map((s) => [s.index + 1, s.name, s.size, s.offset, s.characteristics])).to.deep.equal(golden.map((g) => [g.number, g.name, g.size, g.pointer, g.characteristics]));
    const h = textOf(`${COFF}.sections.txt`)
      .split('\n')
      .filter((l) => /^\s+\d+ /.test(l))
      .map((l) => l.trim().split(/\s+/).slice(0, 3));
    expect(coff.sections.map((s) => [String(s.index), s.name, s.size.toString(16).padStart(8, '0')])).to.deep.equal(h);
  });

  it('.llvm.offloading is a long name (/177 in the string table), its data unaligned at 0x442', () => {
    const s = readobjSections().find((x) => x.name === '.llvm.offloading')!;
    expect(s.raw).to.equal('2F 31 37 37 00 00 00 00');
    const r = readCoffOffloadBinaries(b);
    expect(r.read.map((x) => [x.section.index, x.section.name, x.section.offset])).to.deep.equal([[s.number - 1, '.llvm.offloading', 0x442]]);
    expect(r.binaries.map((x) => x.offset)).to.deep.equal([0x442]);
  });

  it('the listing is llvm-objdump-22 --offloading byte for byte; the image is what llvm-offload-binary-22 extracts', () => {
    const r = input(COFF);
    expect(r.container).to.equal('coff');
    expect(objdump22('coff.obj', r)).to.equal(textOf(`${COFF}.objdump22.txt`));
    const [size, hash] = textOf('extract/coff-input.files.txt').trim().split('\t');
    const image = r.found[0]!.binary.entries[0]!.image;
    expect([image.length, sha256(image)]).to.deep.equal([Number(size), hash]);
    expect(r.found.map((f) => [f.site.path, f.site.section])).to.deep.equal([[['sections', 7, 'binaries', 0], { index: 7, name: '.llvm.offloading' }]]);
  });

  it('section name prefixes are an option: another name is not read by default', () => {
    expect(readCoffOffloadBinaries(b, { sectionNames: ['.cray.llvm.offloading'] }).binaries).to.deep.equal([]);
    expect(readCoffOffloadBinaries(b, { sectionNames: ['.llvm.off'] }).binaries).to.have.length(1);
  });
});

/** A bigobj object: header, one section `.llvm.offloading` named `//` + base64 offset, one 20-byte symbol, the string table. */
function bigobj(payload: Uint8Array, nameField = '//AAAAAE'): Uint8Array {
  const H = CoffBigObjHeader.fixedSize!;
  const S = CoffSectionHeader.fixedSize!;
  const dataAt = H + S;
  const symAt = dataAt + payload.length;
  const strings = new TextEncoder().encode('\0\0\0\0.llvm.offloading\0');
  const out = new Uint8Array(symAt + 20 + strings.length);
  const v = new DataView(out.buffer);
  v.setUint16(0, 0, true);
  v.setUint16(2, 0xffff, true);
  v.setUint16(CoffBigObjHeader.offsets.version, 2, true);
  v.setUint16(CoffBigObjHeader.offsets.machine, 0x8664, true);
  out.set(COFF_BIGOBJ_UUID, CoffBigObjHeader.offsets.uuid);
  v.setUint32(CoffBigObjHeader.offsets.numberOfSections, 1, true);
  v.setUint32(CoffBigObjHeader.offsets.pointerToSymbolTable, symAt, true);
  v.setUint32(CoffBigObjHeader.offsets.numberOfSymbols, 1, true);
  out.set(new TextEncoder().encode(nameField), H);
  v.setUint32(H + CoffSectionHeader.offsets.sizeOfRawData, payload.length, true);
  v.setUint32(H + CoffSectionHeader.offsets.pointerToRawData, dataAt, true);
  out.set(payload, dataAt);
  strings.set([strings.length, 0, 0, 0]);
  out.set(strings, symAt + 20);
  return out;
}

describe('COFF: bigobj and hostile headers', () => {
  const two = bytesOf('pack/two.ob22.bin');

  it('a bigobj object (56-byte header, 20-byte symbols, //BASE64 name) is read', () => {
    const b = bigobj(two);
    expect(identifyCoff(b)).to.equal('bigobj');
    const r = readCoffOffloadBinaries(b);
    expect([r.coff.bigobj, r.coff.machine, r.coff.sections.map((s) => s.name)]).to.deep.equal([true, 0x8664, ['.llvm.offloading']]);
    expect(r.binaries.map((x) => x.entries[0]!.strings.get('triple'))).to.deep.equal(['nvptx64-nvidia-cuda', 'amdgcn-amd-amdhsa']);
    // Without the UUID it is no object (an import library to LLVM).
    const lib = b.slice();
    lib[CoffBigObjHeader.offsets.uuid] ^= 1;
    expect(identifyCoff(lib)).to.equal(undefined);
  });

  it('bad names and ranges are DecodeErrors at the field', () => {
    const bad = decodeErrorOf(() => readCoffSectionTable(bigobj(two, '//A*')));
    expect([bad.code, bad.path]).to.deep.equal(['FORMAT', 'sectionHeaders[0].name']);
    const past = decodeErrorOf(() => readCoffSectionTable(bigobj(two, '/9999')));
    expect([past.code, past.path]).to.deep.equal(['RANGE', 'sectionHeaders[0].name']);
    const b = bytesOf(COFF);
    const many = b.slice();
    new DataView(many.buffer).setUint16(CoffFileHeader.offsets.numberOfSections, 0xfff0, true);
    const e = decodeErrorOf(() => readCoffSectionTable(many));
    expect([e.code, e.path, e.offset]).to.deep.equal(['EOF', 'header.numberOfSections', CoffFileHeader.offsets.numberOfSections]);
    const off = b.slice();
    const at = 20 + 7 * 40 + CoffSectionHeader.offsets.pointerToRawData;
    new DataView(off.buffer).setUint32(at, 0xfffffff0, true);
    const o = decodeErrorOf(() => readCoffOffloadBinaries(off));
    expect([o.code, o.path, o.offset]).to.deep.equal(['EOF', 'sectionHeaders[7].pointerToRawData', at]);
    // No string table (symbol table pointer past the end: LLVM recovers, and the long name fails).
    const nost = b.slice();
    new DataView(nost.buffer).setUint32(CoffFileHeader.offsets.pointerToSymbolTable, 0x7ffffff0, true);
    expect(decodeErrorOf(() => readCoffSectionTable(nost)).message).to.match(/refers to the string table, but the file has none/);
  });

  it('every strict prefix of coff.obj, and random overwrites (fixed seed): only DecodeError', () => {
    const b = bytesOf(COFF);
    for (let n = 0; n < b.length; n += 7) {
      onlyDecodeErrors(() => readCoffOffloadBinaries(b.subarray(0, n)), `prefix ${n}`);
    }
    fc.assert(
      fc.property(fc.nat(b.length - 1), fc.uint8Array({ minLength: 1, maxLength: 8 }), (at, v) => {
        const c = overwrite(b, at, v);
        onlyDecodeErrors(() => readCoffOffloadBinaries(c));
      }),
      { seed: 777, numRuns: 3000 },
    );
  });
});

/** A COFF object of `machine` whose `n` section headers are all `.llvm.offloading` over one payload (names through the string table). */
function repeatedSections(payload: Uint8Array, n: number, machine: number): Uint8Array {
  const H = CoffFileHeader.fixedSize!;
  const S = CoffSectionHeader.fixedSize!;
  const dataAt = Math.ceil((H + n * S) / 8) * 8;
  const strAt = dataAt + payload.length;
  const name = new TextEncoder().encode('.llvm.offloading\0');
  const out = new Uint8Array(strAt + 4 + name.length);
  const v = new DataView(out.buffer);
  v.setUint16(CoffFileHeader.offsets.machine, machine, true);
  v.setUint16(CoffFileHeader.offsets.numberOfSections, n, true);
  v.setUint32(CoffFileHeader.offsets.pointerToSymbolTable, strAt, true);
  for (let i = 0; i < n; i++) {
    const at = H + i * S;
    out.set(new TextEncoder().encode('/4'), at);
    v.setUint32(at + CoffSectionHeader.offsets.sizeOfRawData, payload.length, true);
    v.setUint32(at + CoffSectionHeader.offsets.pointerToRawData, dataAt, true);
    v.setUint32(at + CoffSectionHeader.offsets.characteristics, 0x40000040, true);
  }
  out.set(payload, dataAt);
  v.setUint32(strAt, 4 + name.length, true);
  out.set(name, strAt + 4);
  return out;
}

describe('COFF: sections named again past the repeat budget (review 2026-11-28c finding 2)', () => {
  it('a LIMIT error for an object of unknown machine (00 00) as for an x86-64 one, not "does not read as one"', async () => {
    const { readOffloadInput } = await import('../../src/offload/input.js');
    const { REPEAT_SLACK } = await import('../../src/offload/repeats.js');
    const one = bytesOf('pack/two.ob22.bin');
    for (const machine of [0, 0x8664]) {
      const few = readOffloadInput(repeatedSections(one, 3, machine));
      expect(few.found, `machine ${machine}`).to.have.length(6);
      const e = decodeErrorOf(() => readOffloadInput(repeatedSections(one, REPEAT_SLACK, machine)));
      expect([e.code, e.message.includes('the binaries found again add up to')], `machine ${machine}`).to.deep.equal(['LIMIT', true]);
    }
  });
});

describe('COFF: an object of unknown machine (00 00) in annotate and verify, as inspect and offload-list read it', () => {
  it('is explained and verifies clean when it declares sections that fit; zeros stay unknown', async () => {
    const { annotate } = await import('../../src/hex/annotate.js');
    const { verify } = await import('../../src/hex/verify.js');
    const b = bytesOf(COFF).slice();
    new DataView(b.buffer).setUint16(CoffFileHeader.offsets.machine, 0, true);
    const ann = annotate(b);
    expect([ann.format, ann.error]).to.deep.equal(['coff', undefined]);
    expect(verify(b).problems.filter((p) => p.severity === 'error')).to.deep.equal([]);
    expect(annotate(new Uint8Array(64)).format).to.equal('unknown');
  });
});

describe('COFF pointers: sections that all name one relocation table (hostile review 2026-11-28)', () => {
  /** A COFF x86-64 object: `.llvm.offloading` holding a SPIR-V header, then `n` sections each holding a descriptor-shaped record and naming one `relocs`-record table. */
  function sharedRelocations(n: number, relocs: number): Uint8Array {
    const all = n + 1;
    const spvAt = 20 + 40 * all;
    const dataAt = spvAt + 20;
    const relAt = dataAt + 32;
    const symAt = relAt + 10 * relocs;
    const strtab = new TextEncoder().encode('.llvm.offloading\0');
    const out = new Uint8Array(symAt + 18 + 4 + strtab.length);
    const v = new DataView(out.buffer);
    v.setUint16(0, 0x8664, true);
    v.setUint16(2, all, true);
    v.setUint32(8, symAt, true);
    v.setUint32(12, 1, true);
    const section = (i: number, name: string, size: number, raw: number, rel: number, count: number, flags: number): void => {
      const at = 20 + 40 * i;
      out.set(new TextEncoder().encode(name), at);
      v.setUint32(at + 16, size, true);
      v.setUint32(at + 20, raw, true);
      v.setUint32(at + 24, rel, true);
      v.setUint16(at + 32, count, true);
      v.setUint32(at + 36, flags, true);
    };
    section(0, '/4', 20, spvAt, 0, 0, 0x40000040);
    for (let i = 1; i <= n; i++) section(i, '.data', 32, dataAt, relAt, relocs, 0xc0000040);
    v.setUint32(spvAt, 0x07230203, true);
    v.setUint32(spvAt + 4, 0x00010000, true);
    v.setUint16(dataAt, 1, true); // version 1
    v.setUint16(dataAt + 2, 1, true); // 1 device image
    for (let i = 0; i < relocs; i++) {
      v.setUint32(relAt + 10 * i, i === 0 ? 8 : 1000 + 8 * i, true);
      v.setUint16(relAt + 10 * i + 8, 1, true); // IMAGE_REL_AMD64_ADDR64
    }
    out.set(new TextEncoder().encode('.text'), symAt);
    v.setInt16(symAt + 12, 2, true);
    out[symAt + 16] = 3;
    v.setUint32(symAt + 18, 4 + strtab.length, true);
    out.set(strtab, symAt + 22);
    return out;
  }

  it('parses at most twice the records the object holds (100 sections x 65,535 records were 1.5 s and 540 MB)', async () => {
    const { readOffloadInput } = await import('../../src/offload/input.js');
    const { CoffPointers } = await import('../../src/containers/coff-pointers.js');
    const { readCoffSectionTable } = await import('../../src/containers/coff.js');
    const b = sharedRelocations(100, 0xffff);
    const coff = readCoffSectionTable(b);
    const p = new CoffPointers(b, coff);
    const errors: string[] = [];
    for (const s of coff.sections.slice(1)) {
      try {
        p.follow(s, 8, 'test');
      } catch (e) {
        expect(e).to.be.instanceOf(DecodeError);
        errors.push((e as DecodeError).message);
      }
    }
    // the first two sections are read; the third goes past the budget, and every one after it
    expect(errors.length).to.equal(98);
    expect(errors[0]).to.match(/relocation tables of the sections read add up to more than twice/);
    const t = performance.now();
    readOffloadInput(b);
    expect(performance.now() - t).to.be.lessThan(1000);
  });
});
