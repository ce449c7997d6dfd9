/**
 * Wrapper objects and executables of clang++-22 -fsycl (testdata/llvm22/sycl, README there): their
 * SHT_LLVM_OFFLOADING section holds a bare SPIR-V module (llvm-objdump-22 fails on them with "Invalid
 * data"); readOffloadInput returns it as a bare image with the kernel names of `llvm_offload_entries`
 * and the triple of the SYCL descriptor — checked against the disassembled wrapper (`k*.wrapper.ll`),
 * the SPIR-V module the linker wrote (`k*.spv`) and the `llvm-readelf-22 -S -r` goldens (section
 * places, relocation addends; in-place values read from the executables themselves). OpenMP objects'
 * entry tables (REL on i386, RELA big-endian on PowerPC) go through the same pointer code.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { memorySource } from '../../src/codec/index.js';
import { readElfSectionTable } from '../../src/offload/elf.js';
import { readOffloadInput } from '../../src/offload/input.js';
import { ElfPointers } from '../../src/containers/elf-pointers.js';
import { CoffPointers, PePointers } from '../../src/containers/coff-pointers.js';
import { readCoffSectionTable, readPeSectionTable } from '../../src/containers/coff.js';
import { CoffSectionHeader, CoffSymbol, coffSymbolName, COFF_MACHINE } from '../../formats/coff.js';
import { OFFLOAD_ENTRIES, SYCL_DESCRIPTORS } from '../../formats/offload-entry.js';
import { offloadEntryArrayStride, offloadEntrySectionLayout } from '../../formats/offload-entry.js';
import { MAX_DESCRIPTORS, MAX_DEVICE_IMAGES, MAX_ENTRIES_READ, offloadEntries, syclDescriptor } from '../../src/containers/sycl-wrapper.js';
import { readElfSymbols } from '../../src/containers/elf-symbols.js';
import { Elf64SectionHeader } from '../../formats/elf.js';
import { bytesOf, decodeErrorOf, input, objdump22, onlyDecodeErrors, overwrite, readelfRelocs, readelfSection, readobjRelocs, readobjSection, readobjSymbol, textOf } from './support.js';

/** Kernel names and triple as the wrapper's IR states them (llvm-dis-22 of the wrapper bitcode). */
function wrapperIr(stem: string): { kernels: string[]; triple: string } {
  const ll = textOf(`sycl/${stem}.wrapper.ll`);
  const kernels = [...ll.matchAll(/^@\.offloading\.entry_name(?:\.\d+)? = .*c"([^"\\]*)\\00"/gm)].map((m) => m[1]!);
  const triple = /^@\.sycl_offloading\.target\.0 = .*c"([^"\\]*)\\00"/m.exec(ll)![1]!;
  return { kernels, triple };
}

const CASES: [file: string, stem: string][] = [
  ['sycl/k.wrapper.o', 'k'],
  ['sycl/k2.wrapper.o', 'k2'],
  ['sycl/k.exe', 'k'],
  ['sycl/k2.exe', 'k2'],
  ['sycl/k.lld.exe', 'k'],
  ['sycl/k.nopie.exe', 'k'],
];

describe('wrapper objects and executables: bare SPIR-V with kernel names', () => {
  for (const [file, stem] of CASES) {
    it(`${file}: the .llvm.offloading image is ${stem}.spv, kernels and triple as ${stem}.wrapper.ll says; objdump prints only the header line`, () => {
      const r = input(file);
      const ir = wrapperIr(stem);
      const sec = readelfSection(textOf(`${file}.readelf.txt`), '.llvm.offloading');
      expect(sec.type).to.equal('LLVM_OFFLOADING');
      expect(r.container).to.equal('elf');
      expect(r.binaries).to.deep.equal([]);
      expect(r.found).to.deep.equal([]);
      expect(r.bare).to.have.length(1);
      const [b] = r.bare;
      expect(b!.kind).to.equal('spirv');
      expect(b!.image.bytes()).to.deep.equal(bytesOf(`sycl/${stem}.spv`));
      expect([b!.site.offset, b!.image.size, b!.site.section]).to.deep.equal([sec.offset, sec.size, { index: sec.index, name: '.llvm.offloading' }]);
      expect(b!.site.path).to.deep.equal(['sections', sec.index, 'images', 0]);
      expect(b!.kernels).to.deep.equal(ir.kernels);
      expect(b!.triple).to.equal(ir.triple);
      // objdump: what the *.objdump22.stderr.txt golden says, and only the file-format line.
      expect(textOf(`${file}.objdump22.stderr.txt`)).to.match(/while extracting offloading files: Invalid data was encountered while parsing the file/);
      expect(r.notes.join('\n')).to.match(/llvm-objdump-22 --offloading fails on this file \("while extracting offloading files: Invalid data/);
      // objdump printed the header line before failing: the *.objdump22.txt golden.
      expect(objdump22(file.replace(/^.*\//, ''), r)).to.equal(textOf(`${file}.objdump22.txt`));
    });
  }

  it('the SPIR-V facts of the image are the spirv-dis header of k.spv (version, bound, schema; generator 43 = LLVM SPIR-V Backend)', () => {
    const info = input('sycl/k.wrapper.o').bare[0]!.info!;
    const dis = textOf('sycl/k.spv.dis.txt');
    const field = (k: string): string => new RegExp(`^; ${k}: (.*)$`, 'm').exec(dis)![1]!;
    expect(info).to.deep.include({ kind: 'spirv', byteOrder: 'le', bound: Number(field('Bound')), schema: Number(field('Schema')) });
    expect(info.kind === 'spirv' && `${info.version.major}.${info.version.minor}`).to.equal(field('Version'));
    // spirv-tools 2023.1 predates the registry's id 43 ("Unknown(43); 22"); the number and version agree.
    expect(field('Generator')).to.equal('Unknown(43); 22');
    expect(info.kind === 'spirv' && info.generator).to.deep.equal({ id: 43, version: 22, vendor: 'LLVM', tool: 'LLVM SPIR-V Backend' });
  });
});

describe('wrapper objects and executables: the pointers', () => {
  it('relocatable: R_X86_64_64 against .llvm.rodata.offloading + addend (k2.wrapper.o .relallvm_offload_entries)', () => {
    const b = bytesOf('sycl/k2.wrapper.o');
    const elf = readElfSectionTable(b);
    const p = new ElfPointers(b, elf);
    const entries = elf.sections.find((s) => s.name === 'llvm_offload_entries')!;
    const relocs = readelfRelocs(textOf('sycl/k2.wrapper.o.readelf.txt'), '.relallvm_offload_entries');
    expect(relocs.map((r) => [r.offset, r.type])).to.deep.equal([
      [0x18, 'R_X86_64_64'],
      [0x50, 'R_X86_64_64'],
    ]);
    const targets = relocs.map((r) => p.follow(entries, r.offset, 'name')!);
    expect(targets.map((t) => [t.section.name, t.offset])).to.deep.equal(relocs.map((r) => ['.llvm.rodata.offloading', parseInt(/\+ ([0-9a-f]+)$/.exec(r.rest)![1]!, 16)]));
    expect(targets.map((t) => p.string(t, 'name'))).to.deep.equal(['_ZTS5First', '_ZTSN2ns6SecondE']);
    // In place (RELA): zeros.
    expect(relocs.map((r) => p.inPlace(entries, r.offset))).to.deep.equal([0n, 0n]);
    expect(offloadEntries(p).map((e) => [e.version, e.kind, e.flags, e.name])).to.deep.equal([
      [1, 8, 0, '_ZTS5First'],
      [1, 8, 0, '_ZTSN2ns6SecondE'],
    ]);
  });

  for (const [file, inPlace] of [
    ['sycl/k.exe', 'the addend'],
    ['sycl/k.lld.exe', 'zero'],
  ] as const) {
    it(`PIE ${file}: R_X86_64_RELATIVE in .rela.dyn at the name field, addend = the name's address; in place: ${inPlace}`, () => {
      const b = bytesOf(file);
      const readelf = textOf(`${file}.readelf.txt`);
      const entries = readelfSection(readelf, 'llvm_offload_entries');
      const names = readelfSection(readelf, '.llvm.rodata.offloading');
      const rel = readelfRelocs(readelf, '.rela.dyn').find((r) => r.offset === entries.addr + 24)!;
      expect([rel.type, parseInt(rel.rest, 16)]).to.deep.equal(['R_X86_64_RELATIVE', names.addr]);
      const view = new DataView(b.buffer, b.byteOffset);
      expect(view.getBigUint64(entries.offset + 24, true)).to.equal(inPlace === 'zero' ? 0n : BigInt(names.addr));
      const elf = readElfSectionTable(b);
      const p = new ElfPointers(b, elf);
      const t = p.follow(elf.sections[entries.index]!, 24, 'name')!;
      expect([t.section.name, t.offset, p.string(t, 'name')]).to.deep.equal(['.llvm.rodata.offloading', 0, '_ZTS5KName']);
    });
  }

  it('non-PIE sycl/k.nopie.exe: no dynamic relocation there, the absolute address in place', () => {
    const b = bytesOf('sycl/k.nopie.exe');
    const readelf = textOf('sycl/k.nopie.exe.readelf.txt');
    const entries = readelfSection(readelf, 'llvm_offload_entries');
    const names = readelfSection(readelf, '.llvm.rodata.offloading');
    expect(readelfRelocs(readelf, '.rela.dyn').some((r) => r.offset === entries.addr + 24)).to.equal(false);
    expect(new DataView(b.buffer, b.byteOffset).getBigUint64(entries.offset + 24, true)).to.equal(BigInt(names.addr));
    expect(offloadEntries(new ElfPointers(b, readElfSectionTable(b))).map((e) => e.name)).to.deep.equal(['_ZTS5KName']);
  });

  it('OpenMP objects: the entry name through REL (i386, addend in place), RELA big-endian (ppc32, ppc64) and RELA x86-64', () => {
    for (const f of ['containers/omp22.o', 'containers/i386.o', 'containers/ppc32be.o', 'containers/ppc64be.o']) {
      const b = bytesOf(f);
      const p = new ElfPointers(b, readElfSectionTable(b));
      // clang-22 names the region after a hash of <stdin> (testdata/llvm22/README.md).
      expect(offloadEntries(p).map((e) => [e.kind, e.name]), f).to.deep.equal([[1, '__omp_offloading_deadf17e_1818da40_main_l3']]);
      expect(p.notes, f).to.deep.equal([]);
    }
  });

  it('the SYCL descriptor gives the image range, its entries and the options (k2.wrapper.o: ImageEnd = .llvm.offloading + 0x1cc)', () => {
    const b = bytesOf('sycl/k2.wrapper.o');
    const p = new ElfPointers(b, readElfSectionTable(b));
    const [d, ...more] = syclDescriptor(p)!;
    expect(more).to.deep.equal([]);
    expect(readelfRelocs(textOf('sycl/k2.wrapper.o.readelf.txt'), '.rela.data.rel.ro').some((r) => r.offset === 0x98 && r.rest.endsWith('.llvm.offloading + 1cc'))).to.equal(true);
    expect([d!.version, d!.offloadKind, d!.format, d!.triple, d!.compileOptions, d!.linkOptions]).to.deep.equal([3, 8, 0, 'spirv64-unknown-unknown', '', '']);
    expect([d!.image!.section.name, d!.image!.offset, d!.image!.size]).to.deep.equal(['.llvm.offloading', 0, 0x1cc]);
    expect(d!.entries!.map((e) => e.name)).to.deep.equal(['_ZTS5First', '_ZTSN2ns6SecondE']);
  });
});

describe('wrapper objects: when things cannot be followed', () => {
  const golden = bytesOf('sycl/k.wrapper.o');
  const elf = readElfSectionTable(golden);
  const sh = (name: string): number => elf.sections.find((s) => s.name === name)!.headerOffset;

  it('without the descriptor symbol (renamed): the descriptor found by its shape (its triple and its entries)', () => {
    const b = golden.slice();
    const strtab = elf.sections.find((s) => s.name === '.strtab')!;
    const at = Buffer.from(b.subarray(strtab.offset, strtab.offset + strtab.size)).indexOf('.sycl_offloading.descriptor');
    b[strtab.offset + at + 1] = 0x53; // '.Sycl_offloading.descriptor'
    const r = readOffloadInput(memorySource(b));
    expect(r.bare.map((x) => [x.kind, x.kernels, x.triple, x.image.size])).to.deep.equal([['spirv', ['_ZTS5KName'], 'spirv64-unknown-unknown', 308]]);
    expect(r.notes.join('\n')).to.match(/\.sycl_offloading\.descriptor: no such symbol \(no symbol table, or it was stripped or renamed\); the descriptor was found by its shape at offset 0x\w+ of section \[\d+\] '\.data\.rel\.ro'/);
  });

  it('a triple byte that is not UTF-8 is kept as that byte (U+DC80+byte), not replaced by U+FFFD; inspect shows it as \\xNN (review 2026-11-28)', async () => {
    const b = golden.slice();
    const at = Buffer.from(b).indexOf('spirv64-unknown-unknown\0');
    expect(at).to.be.greaterThan(0);
    b[at + 5] = 0xff; // 'spirv\xff4-unknown-unknown'
    const r = readOffloadInput(memorySource(b));
    expect(r.bare.map((x) => x.triple)).to.deep.equal(['spirv\udcff4-unknown-unknown']);
    const { runCliCaptured } = await import('../support/run-cli.js');
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-triple-'));
    try {
      writeFileSync(join(dir, 'w.o'), b);
      const i = await runCliCaptured(['inspect', 'w.o'], dir);
      expect(i.stdout).to.include('triple: spirv\\xff4-unknown-unknown');
      expect(i.stdout).not.to.include('\ufffd');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a bad relocation table or symbol is a note: the image is still found', () => {
    const entsize = golden.slice();
    new DataView(entsize.buffer).setBigUint64(sh('.relallvm_offload_entries') + Elf64SectionHeader.offsets.sh_entsize, 7n, true);
    const r = readOffloadInput(memorySource(entsize));
    expect(r.bare.map((x) => x.kernels)).to.deep.equal([['_ZTS5KName']]); // the descriptor's own entries
    expect(r.notes.join('\n')).to.match(/offload entries \(llvm_offload_entries\) could not be read: relocation section \[\d+\] has sh_entsize 7/);
    // The relocation's symbol index past the table (r_info high word).
    const sym = golden.slice();
    const rel = elf.sections.find((s) => s.name === '.relallvm_offload_entries')!;
    new DataView(sym.buffer).setUint32(rel.offset + 12, 0xffff, true);
    const r2 = readOffloadInput(memorySource(sym));
    expect(r2.bare.map((x) => x.kernels)).to.deep.equal([['_ZTS5KName']]);
    expect(offloadEntries(new ElfPointers(sym, readElfSectionTable(sym))).map((e) => e.name)).to.deep.equal([undefined]);
    expect(r2.notes.join('\n')).to.match(/names symbol 65535, past the \d+ of its table/);
  });

  it('a symbol table linked to itself (no string table) is a located error, turned into a note', () => {
    const b = golden.slice();
    const symtab = elf.sections.find((s) => s.name === '.symtab')!;
    new DataView(b.buffer).setUint32(symtab.headerOffset + Elf64SectionHeader.offsets.sh_link, symtab.index, true);
    const patched = readElfSectionTable(b);
    const e = decodeErrorOf(() => readElfSymbols(b, patched, patched.sections[symtab.index]!));
    expect([e.code, e.path]).to.deep.equal(['FORMAT', `sectionHeaders[${symtab.index}].sh_link`]);
    const r = readOffloadInput(memorySource(b));
    expect(r.bare.map((x) => x.kernels)).to.deep.equal([[]]);
    expect(r.notes.join('\n')).to.match(/links to section \d+, which is not a string table/);
  });

  it('a name pointer into llvm_offload_entries itself reads the string there (empty: Reserved is 0), no loop; the null symbol is a note', () => {
    const rel = elf.sections.find((s) => s.name === '.relallvm_offload_entries')!;
    const symbols = readElfSymbols(golden, elf, elf.sections.find((s) => s.name === '.symtab')!);
    const self = symbols.find((x) => x.name === '.offloading.entry._ZTS5KName')!;
    expect(elf.sections[self.shndx]!.name).to.equal('llvm_offload_entries');
    const b = golden.slice();
    new DataView(b.buffer).setUint32(rel.offset + 12, self.index, true); // r_info's symbol index (high word)
    expect(offloadEntries(new ElfPointers(b, readElfSectionTable(b))).map((e) => e.name)).to.deep.equal(['']);
    const r = readOffloadInput(memorySource(b));
    // the descriptor's own entries are given; the global table's differing name is a note
    expect(r.bare.map((x) => x.kernels)).to.deep.equal([['_ZTS5KName']]);
    expect(r.notes.join('\n')).to.match(/llvm_offload_entries \(\) differs from the descriptor's entries \(_ZTS5KName\); the descriptor's are given: the SYCL runtime registers those/);
    const nul = golden.slice();
    new DataView(nul.buffer).setUint32(rel.offset + 12, 0, true);
    expect(offloadEntries(new ElfPointers(nul, readElfSectionTable(nul))).map((e) => e.name)).to.deep.equal([undefined]);
    const r2 = readOffloadInput(memorySource(nul));
    expect(r2.bare.map((x) => x.kernels)).to.deep.equal([['_ZTS5KName']]);
    expect(r2.notes.join('\n')).to.match(/symbol '' is not defined in a section of this file/);
  });

  it('property (fixed seed): random overwrites of the wrapper object and the PIE executable give only DecodeError', () => {
    for (const f of ['sycl/k.wrapper.o', 'sycl/k.lld.exe']) {
      const b0 = bytesOf(f);
      fc.assert(
        fc.property(fc.nat(b0.length - 1), fc.uint8Array({ minLength: 1, maxLength: 8 }), (at, v) => {
          onlyDecodeErrors(() => readOffloadInput(memorySource(overwrite(b0, at, v))), f);
        }),
        { seed: 31337, numRuns: 1500 },
      );
    }
  });
});

describe('COFF wrapper objects (Windows host): llvm_offload_entries$OE and COFF relocations', () => {
  for (const stem of ['k', 'k2']) {
    const file = `sycl/${stem}.coff.wrapper.obj`;
    it(`${file}: the image is ${stem}.spv (the ELF wrapper's module), kernels and triple as ${stem}.wrapper.ll says`, () => {
      const r = input(file);
      const ro = textOf(`${file}.readobj.txt`);
      const sec = readobjSection(ro, '.llvm.offloading');
      expect(r.container).to.equal('coff');
      expect(r.bare).to.have.length(1);
      const [b] = r.bare;
      expect(b!.kind).to.equal('spirv');
      expect(b!.image.bytes()).to.deep.equal(bytesOf(`sycl/${stem}.spv`));
      expect([b!.site.offset, b!.image.size, b!.site.section]).to.deep.equal([sec.offset, sec.size, { index: sec.number - 1, name: '.llvm.offloading' }]);
      const ir = wrapperIr(stem);
      expect(b!.kernels).to.deep.equal(ir.kernels);
      expect([b!.triple, b!.offloadKind, b!.kernelsFrom]).to.deep.equal([ir.triple, 8, '.sycl_offloading.descriptor']);
      expect(r.notes.join('\n')).to.match(/llvm-objdump-22 --offloading fails on this file \("while extracting offloading files: Invalid data/);
    });
  }

  it('the entry names: IMAGE_REL_AMD64_ADDR64 at +0x18 of each entry, against .offloading.entry_name* (k2: llvm-readobj-22 --relocations)', () => {
    const b = bytesOf('sycl/k2.coff.wrapper.obj');
    const ro = textOf('sycl/k2.coff.wrapper.obj.readobj.txt');
    const coff = readCoffSectionTable(b);
    const p = new CoffPointers(b, coff);
    const relocs = readobjRelocs(ro, 'llvm_offload_entries$OE');
    expect(relocs.map((r) => [r.offset, r.type, r.symbol])).to.deep.equal([
      [0x18, 'IMAGE_REL_AMD64_ADDR64', '.offloading.entry_name'],
      [0x50, 'IMAGE_REL_AMD64_ADDR64', '.offloading.entry_name.1'],
    ]);
    const entries = coff.sections[readobjSection(ro, 'llvm_offload_entries$OE').number - 1]!;
    const targets = relocs.map((r) => p.follow(entries, r.offset, 'name')!);
    const names = relocs.map((r) => readobjSymbol(ro, r.symbol));
    expect(targets.map((t) => [t.section.index + 1, t.offset])).to.deep.equal(names.map((n) => [n.section, n.value]));
    expect(targets.map((t) => p.string(t, 'name'))).to.deep.equal(['_ZTS5First', '_ZTSN2ns6SecondE']);
    expect(offloadEntries(p, 'coff').map((e) => [e.version, e.kind, e.flags, e.name])).to.deep.equal([
      [1, 8, 0, '_ZTS5First'],
      [1, 8, 0, '_ZTSN2ns6SecondE'],
    ]);
    expect(offloadEntries(p, 'elf')).to.deep.equal([]); // no section of the ELF name
    expect(p.notes).to.deep.equal([]);
  });

  it('the SYCL descriptor: symbol .sycl_offloading.descriptor in .rdata, the image range = all of .llvm.offloading, its entries and options', () => {
    const b = bytesOf('sycl/k2.coff.wrapper.obj');
    const ro = textOf('sycl/k2.coff.wrapper.obj.readobj.txt');
    const p = new CoffPointers(b, readCoffSectionTable(b));
    const sym = readobjSymbol(ro, '.sycl_offloading.descriptor');
    const [place, ...others] = p.symbolPlaces('.sycl_offloading.descriptor');
    expect(others).to.deep.equal([]);
    expect([place!.section.index + 1, place!.offset]).to.deep.equal([sym.section, sym.value]);
    expect(p.symbolPlaces('no such symbol')).to.deep.equal([]);
    expect(p.symbolPlaces('__sycl_register_lib')).to.deep.equal([null]); // external: not in this file
    const [d, ...more] = syclDescriptor(p)!;
    expect(more).to.deep.equal([]);
    expect([d!.version, d!.offloadKind, d!.format, d!.triple, d!.compileOptions, d!.linkOptions]).to.deep.equal([3, 8, 0, 'spirv64-unknown-unknown', '', '']);
    const sec = readobjSection(ro, '.llvm.offloading');
    expect([d!.image!.section.name, d!.image!.offset, d!.image!.size]).to.deep.equal(['.llvm.offloading', 0, sec.size]);
    expect(d!.entries!.map((e) => e.name)).to.deep.equal(['_ZTS5First', '_ZTSN2ns6SecondE']);
  });

  it('damage: a relocation table past the end is a located error (turned into a note), a symbol index past the table or a wrong type a note', () => {
    const golden = bytesOf('sycl/k.coff.wrapper.obj');
    const ro = textOf('sycl/k.coff.wrapper.obj.readobj.txt');
    const coff = readCoffSectionTable(golden);
    const entries = coff.sections.find((s) => s.name === 'llvm_offload_entries$OE')!;
    const past = golden.slice();
    new DataView(past.buffer).setUint32(entries.headerOffset + CoffSectionHeader.offsets.pointerToRelocations, golden.length - 4, true);
    const e = decodeErrorOf(() => offloadEntries(new CoffPointers(past, readCoffSectionTable(past)), 'coff'));
    expect([e.code, e.path]).to.deep.equal(['EOF', `sectionHeaders[${entries.index}].numberOfRelocations`]);
    const r = readOffloadInput(memorySource(past));
    expect(r.bare.map((x) => x.kernels)).to.deep.equal([['_ZTS5KName']]); // the descriptor's own entries
    expect(r.notes.join('\n')).to.match(/offload entries \(llvm_offload_entries\$OE\) could not be read: section \[\d+\] 'llvm_offload_entries\$OE' relocations/);
    const rel = readobjSection(ro, 'llvm_offload_entries$OE').relocations;
    const index = golden.slice();
    new DataView(index.buffer).setUint32(rel + 4, 0xffff, true); // SymbolTableIndex
    const r2 = readOffloadInput(memorySource(index));
    expect(r2.bare.map((x) => x.kernels)).to.deep.equal([['_ZTS5KName']]); // the descriptor's copy is what is given (the global table's: a note)
    expect(r2.notes.join('\n')).to.match(/relocation names symbol 65535, which is not a symbol record/);
    const type = golden.slice();
    new DataView(type.buffer).setUint16(rel + 8, 4, true); // IMAGE_REL_AMD64_REL32
    const r3 = readOffloadInput(memorySource(type));
    expect(r3.notes.join('\n')).to.match(/relocation type 0x4 is not the absolute pointer relocation of machine 0x8664/);
  });

  it('property (fixed seed): random overwrites of the COFF wrapper give only DecodeError', () => {
    const b0 = bytesOf('sycl/k2.coff.wrapper.obj');
    fc.assert(
      fc.property(fc.nat(b0.length - 1), fc.uint8Array({ minLength: 1, maxLength: 8 }), (at, v) => {
        onlyDecodeErrors(() => readOffloadInput(memorySource(overwrite(b0, at, v))), 'k2.coff.wrapper.obj');
      }),
      { seed: 4242, numRuns: 1500 },
    );
  });
});

describe('PE images (a Windows program linked by lld-link-22): the descriptor found by its shape, addresses in place', () => {
  for (const stem of ['k', 'k2']) {
    const file = `sycl/${stem}.coff.exe`;
    it(`${file}: llvm-objdump-22 prints only its header; we find the image (= ${stem}.spv), the kernels and the triple`, () => {
      const r = input(file);
      const ro = textOf(`${file}.readobj.txt`);
      expect([r.container, r.binaries, r.found]).to.deep.equal(['pe', [], []]);
      expect(objdump22(file.replace(/^.*\//, ''), r)).to.equal(textOf(`${file}.objdump22.txt`));
      const [b, ...more] = r.bare;
      expect(more).to.deep.equal([]);
      expect(b!.image.bytes()).to.deep.equal(bytesOf(`sycl/${stem}.spv`));
      // .llvm holds .llvm.offloading and .llvm.rodata.offloading merged: the image is its first bytes.
      const llvm = readobjSection(ro, '.llvm');
      expect([b!.site.section, b!.site.offset]).to.deep.equal([{ index: llvm.number - 1, name: '.llvm' }, llvm.offset]);
      const ir = wrapperIr(stem);
      expect([b!.kernels, b!.triple, b!.offloadKind, b!.kernelsFrom]).to.deep.equal([ir.kernels, ir.triple, 8, '.sycl_offloading.descriptor']);
      expect(r.notes.join('\n')).to.match(/no such symbol \(no symbol table, or it was stripped or renamed\); the descriptor was found by its shape at offset 0x[0-9a-f]+ of section \[\d\] '\.rdata'/);
    });
  }

  it('pointers are addresses: ImageBase + RVA, resolved through the sections by VirtualAddress (llvm-readobj-22 --file-headers --sections)', () => {
    const b = bytesOf('sycl/k.coff.exe');
    const ro = textOf('sycl/k.coff.exe.readobj.txt');
    const pe = readPeSectionTable(b);
    expect([pe.pe32Plus, pe.imageBase]).to.deep.equal([true, BigInt(/ImageBase: (0x[0-9A-F]+)/.exec(ro)![1]!)]);
    const p = new PePointers(b, pe);
    const entries = pe.sections.find((s) => s.name === 'llvm_off')!;
    // Section sizes are min(VirtualSize, SizeOfRawData): one 56-byte entry, not the 512 bytes of file alignment.
    expect([entries.size, readobjSection(ro, 'llvm_off').size]).to.deep.equal([56, 512]);
    const t = p.follow(entries, 24, 'name')!;
    expect([t.section.name, t.offset, p.string(t, 'name')]).to.deep.equal(['.llvm', 308, '_ZTS5KName']);
    expect(offloadEntries(p, 'pe').map((e) => e.name)).to.deep.equal(['_ZTS5KName']);
    expect(p.symbolPlaces('.sycl_offloading.descriptor')).to.deep.equal([]); // no symbol table
    const [d] = syclDescriptor(p, { scan: true })!;
    expect([d!.version, d!.offloadKind, d!.triple, d!.image!.section.name, d!.image!.offset, d!.image!.size]).to.deep.equal([3, 8, 'spirv64-unknown-unknown', '.llvm', 0, 308]);
    expect(syclDescriptor(p)).to.equal(undefined); // no scan asked for
  });

  it('sycl/k.coff.noimg.exe (.llvm removed): the shape search takes the record whose image is gone only when asked to (missing), and says where it was', () => {
    const b = bytesOf('sycl/k.coff.noimg.exe');
    const pe = readPeSectionTable(b);
    expect(pe.sections.map((s) => s.name)).not.to.include('.llvm');
    expect(syclDescriptor(new PePointers(b, pe), { scan: true })).to.equal(undefined);
    const p = new PePointers(b, pe);
    const [d, ...more] = syclDescriptor(p, { scan: true, missing: true })!;
    expect(more).to.deep.equal([]);
    // ImageStart..ImageEnd: ImageBase + the RVA .llvm had (llvm-readobj-22 of sycl/k.coff.exe: VirtualAddress 0x5000), 308 bytes.
    const base = BigInt(/ImageBase: (0x[0-9A-F]+)/.exec(textOf('sycl/k.coff.exe.readobj.txt'))![1]!);
    const rva = BigInt(readobjSection(textOf('sycl/k.coff.exe.readobj.txt'), '.llvm').virtualAddress);
    expect([d!.triple, d!.image, d!.missing]).to.deep.equal(['spirv64-unknown-unknown', undefined, { start: base + rva, end: base + rva + 308n }]);
    // (the kernel names were in .llvm too: the entry is read, its name is not)
    expect(d!.entries!.map((e) => [e.kind, e.name])).to.deep.equal([[8, undefined]]);
  });

  /**
   * sycl/k.coff.exe with its last section (.reloc) grown to hold `n` copies of the program's device-image
   * record and `n` descriptors, descriptor i pointing at record `target(i)` (the copies' pointers are
   * addresses, so each copy is a well-shaped record of the same image).
   */
  const extraDescriptors = (n: number, target: (i: number) => number): Uint8Array => {
    const golden = bytesOf('sycl/k.coff.exe');
    const pe = readPeSectionTable(golden);
    const p = new PePointers(golden, pe);
    const [d] = syclDescriptor(p, { scan: true })!;
    const { binDesc, deviceImage } = SYCL_DESCRIPTORS[64];
    const last = pe.sections[pe.sections.length - 1]!;
    const size = n * (deviceImage.fixedSize! + binDesc.fixedSize!);
    const b = new Uint8Array(last.offset + size);
    b.set(golden.subarray(0, last.offset));
    const v = new DataView(b.buffer);
    v.setUint32(last.headerOffset + CoffSectionHeader.offsets.virtualSize, size, true);
    v.setUint32(last.headerOffset + CoffSectionHeader.offsets.sizeOfRawData, size, true);
    const record = golden.subarray(d!.offset, d!.offset + deviceImage.fixedSize!);
    for (let i = 0; i < n; i++) b.set(record, last.offset + i * deviceImage.fixedSize!);
    const descriptors = last.offset + n * deviceImage.fixedSize!;
    for (let i = 0; i < n; i++) {
      const at = descriptors + i * binDesc.fixedSize!;
      v.setUint16(at + binDesc.offsets.version, 1, true);
      v.setUint16(at + binDesc.offsets.numDeviceImages, 1, true);
      v.setBigUint64(at + binDesc.offsets.deviceImages, pe.imageBase + BigInt(last.virtualAddress + target(i) * deviceImage.fixedSize!), true);
    }
    return b;
  };

  it('descriptors found by their shape: every one is read, each device-image record once, at most MAX_DESCRIPTORS of them', () => {
    // Three more descriptors, each with its own record: four images (the program's and three copies).
    const three = readOffloadInput(memorySource(extraDescriptors(3, (i) => i)));
    expect(three.bare.map((x) => [x.kernels, x.triple])).to.deep.equal(Array(4).fill([['_ZTS5KName'], 'spirv64-unknown-unknown']));
    expect(three.notes.join('\n')).to.match(/4 descriptors were found by their shape at offset 0xb0 of section \[1\] '\.rdata', offset 0x\w+ of section \[6\] '\.reloc'/);
    // Ten descriptors naming one record: it is read once, the others are one note.
    const same = readOffloadInput(memorySource(extraDescriptors(10, () => 0)));
    expect(same.bare).to.have.length(2);
    expect(same.notes.join('\n')).to.match(/\.sycl_offloading\.descriptor: 9 descriptor\(s\) whose device-image records are those of an earlier one were not read again \(at offset 0x\w+ of section \[6\] '\.reloc', .* and 4 more\)/);
    // Past the cap, the rest is a note (data shaped like descriptors cannot make a listing of 10^5 images).
    const many = readOffloadInput(memorySource(extraDescriptors(MAX_DESCRIPTORS + 5, (i) => i)));
    expect(many.bare).to.have.length(MAX_DESCRIPTORS);
    expect(many.notes.join('\n')).to.include(`more than ${MAX_DESCRIPTORS} places have a descriptor's shape; the first ${MAX_DESCRIPTORS} are read`);
    expect(many.notes.join('\n')).to.match(/64 descriptors were found by their shape at offset 0xb0 of section \[1\] '\.rdata', (offset 0x\w+ of section \[6\] '\.reloc', ){3}offset 0x\w+ of section \[6\] '\.reloc' and 59 more/);
  });

  it('a malformed PE header is a DecodeError at its place in the file (after the MS-DOS header and signature)', () => {
    const b = bytesOf('sycl/k.coff.exe');
    const pe = readPeSectionTable(b);
    const bad = b.slice();
    new DataView(bad.buffer).setUint32(pe.peOffset + 4 + 12, 5, true); // NumberOfSymbols without a symbol table
    const e = decodeErrorOf(() => readPeSectionTable(bad));
    expect([e.offset, e.path]).to.deep.equal([pe.peOffset + 4 + 12, 'header.numberOfSymbols']);
    const magic = b.slice();
    magic[pe.peOffset + 4 + 20] = 0x99; // optional header magic
    expect(decodeErrorOf(() => readPeSectionTable(magic)).message).to.match(/not PE32 \(0x10b\) or PE32\+ \(0x20b\)/);
  });

  it('without a recognisable descriptor: a note, no device image; random overwrites give only DecodeError', () => {
    const golden = bytesOf('sycl/k.coff.exe');
    const pe = readPeSectionTable(golden);
    const rdata = pe.sections.find((s) => s.name === '.rdata')!;
    const p = new PePointers(golden, pe);
    const at = p.notes.length;
    syclDescriptor(p, { scan: true });
    const where = /offset (0x[0-9a-f]+)/.exec(p.notes.slice(at).join('\n'))![1]!;
    const bad = golden.slice();
    new DataView(bad.buffer).setUint16(rdata.offset + Number(where), 7, true); // descriptor Version 7
    const r = readOffloadInput(memorySource(bad));
    expect(r.bare).to.deep.equal([]);
    expect(r.notes.join('\n')).to.match(/no SYCL device-image descriptor found: the device images of this program are not located/);
    fc.assert(
      fc.property(fc.nat(golden.length - 1), fc.uint8Array({ minLength: 1, maxLength: 8 }), (o, v) => {
        onlyDecodeErrors(() => readOffloadInput(memorySource(overwrite(golden, o, v))), 'k.coff.exe');
      }),
      { seed: 77, numRuns: 1500 },
    );
  });
});

describe('32-bit hosts (i686): the 32-bit SYCL descriptor and EntryTy layouts, ELF and COFF', () => {
  it('EntryTy: alloc size 44 on i386 ELF, 48 on other 32-bit targets, 56 on 64-bit; in the section each entry is an 8-aligned global, the last may end unpadded', () => {
    expect([offloadEntryArrayStride(64, false), offloadEntryArrayStride(32, false), offloadEntryArrayStride(32, true)]).to.deep.equal([56, 48, 44]);
    // k2.i386.wrapper.o: two entries in 92 bytes (48 + 44).
    expect(offloadEntrySectionLayout(32, true, 92)).to.deep.equal({ stride: 48, count: 2, leftover: 0 });
    expect(offloadEntrySectionLayout(32, true, 96)).to.deep.equal({ stride: 48, count: 2, leftover: 0 });
    expect(offloadEntrySectionLayout(32, true, 44)).to.deep.equal({ stride: 48, count: 1, leftover: 0 });
    expect(offloadEntrySectionLayout(32, true, 50)).to.deep.equal({ stride: 48, count: 1, leftover: 2 });
    expect(offloadEntrySectionLayout(32, false, 40)).to.deep.equal({ stride: 48, count: 0, leftover: 40 });
    expect(offloadEntrySectionLayout(64, false, 112)).to.deep.equal({ stride: 56, count: 2, leftover: 0 });
    expect(offloadEntrySectionLayout(64, false, 60)).to.deep.equal({ stride: 56, count: 1, leftover: 4 });
    expect([coffSymbolName(COFF_MACHINE.I386, '.x'), coffSymbolName(COFF_MACHINE.AMD64, '.x')]).to.deep.equal(['_.x', '.x']);
  });

  for (const [file, stem] of [
    ['sycl/k.i386.wrapper.o', 'k'],
    ['sycl/k2.i386.wrapper.o', 'k2'],
    ['sycl/k.i386.exe', 'k'],
    ['sycl/k2.i386.exe', 'k2'],
    ['sycl/k.i386.coff.wrapper.obj', 'k'],
    ['sycl/k2.i386.coff.wrapper.obj', 'k2'],
    ['sycl/k.i386.coff.exe', 'k'],
    ['sycl/k2.i386.coff.exe', 'k2'],
  ] as const) {
    it(`${file}: the image is ${stem}.spv; kernels and triple as ${stem}.i386.wrapper.ll says, with no note about layouts`, () => {
      const r = input(file);
      const ir = wrapperIr(`${stem}.i386`);
      expect(r.container).to.equal(file.endsWith('.exe') && file.includes('coff') ? 'pe' : file.includes('coff') ? 'coff' : 'elf');
      const [b, ...more] = r.bare;
      expect(more).to.deep.equal([]);
      expect(b!.image.bytes()).to.deep.equal(bytesOf(`sycl/${stem}.spv`));
      expect([b!.kernels, b!.triple, b!.offloadKind]).to.deep.equal([ir.kernels, ir.triple, 8]);
      expect(r.notes.join('\n')).not.to.match(/32-bit|not a whole number|differ from|not read/);
    });
  }

  it('k2.i386.wrapper.o: entries 48 bytes apart (R_386_32 at +0x14 and +0x44), the last 44 long; the descriptor copy 44 apart (llvm-readelf-22 -S -r -s)', () => {
    const b = bytesOf('sycl/k2.i386.wrapper.o');
    const re = textOf('sycl/k2.i386.wrapper.o.readelf.txt');
    const elf = readElfSectionTable(b);
    expect([elf.class, elf.machine]).to.deep.equal([32, 3]);
    const p = new ElfPointers(b, elf);
    expect(readelfSection(re, 'llvm_offload_entries').size).to.equal(92);
    expect(readelfRelocs(re, '.relllvm_offload_entries').map((r) => [r.offset, r.type])).to.deep.equal([
      [0x14, 'R_386_32'],
      [0x44, 'R_386_32'],
    ]);
    expect(offloadEntries(p).map((e) => [e.index, e.offset - readelfSection(re, 'llvm_offload_entries').offset, e.version, e.kind, e.name])).to.deep.equal([
      [0, 0, 1, 8, '_ZTS5First'],
      [1, 48, 1, 8, '_ZTSN2ns6SecondE'],
    ]);
    const [d, ...more] = syclDescriptor(p)!;
    expect(more).to.deep.equal([]);
    expect([d!.version, d!.offloadKind, d!.format, d!.triple, d!.compileOptions, d!.linkOptions]).to.deep.equal([3, 8, 0, 'spirv64-unknown-unknown', '', '']);
    expect([d!.image!.section.name, d!.image!.offset, d!.image!.size]).to.deep.equal(['.llvm.offloading', 0, readelfSection(re, '.llvm.offloading').size]);
    expect(d!.entries!.map((e) => e.name)).to.deep.equal(['_ZTS5First', '_ZTSN2ns6SecondE']);
    expect(p.notes).to.deep.equal([]);
  });

  it('k2.i386.coff.wrapper.obj: i64 8-aligned (48-byte entries), IMAGE_REL_I386_DIR32, the descriptor under the symbol _.sycl_offloading.descriptor (llvm-readobj-22)', () => {
    const b = bytesOf('sycl/k2.i386.coff.wrapper.obj');
    const ro = textOf('sycl/k2.i386.coff.wrapper.obj.readobj.txt');
    const coff = readCoffSectionTable(b);
    const p = new CoffPointers(b, coff);
    expect([p.file.pointerBits, p.file.i64Align4]).to.deep.equal([32, false]);
    expect(readobjSection(ro, 'llvm_offload_entries$OE').size).to.equal(96);
    expect(readobjRelocs(ro, 'llvm_offload_entries$OE').map((r) => [r.offset, r.type])).to.deep.equal([
      [0x14, 'IMAGE_REL_I386_DIR32'],
      [0x44, 'IMAGE_REL_I386_DIR32'],
    ]);
    expect(offloadEntries(p, 'coff').map((e) => e.name)).to.deep.equal(['_ZTS5First', '_ZTSN2ns6SecondE']);
    const sym = readobjSymbol(ro, '_.sycl_offloading.descriptor');
    const place = p.symbolPlaces('.sycl_offloading.descriptor')[0]!;
    expect([place.section.index + 1, place.offset]).to.deep.equal([sym.section, sym.value]);
    const [d] = syclDescriptor(p)!;
    expect([d!.triple, d!.image!.size, d!.entries!.map((e) => e.name)]).to.deep.equal(['spirv64-unknown-unknown', readobjSection(ro, '.llvm.offloading').size, ['_ZTS5First', '_ZTSN2ns6SecondE']]);
    expect(p.notes).to.deep.equal([]);
  });

  it('k2.i386.coff.exe: a PE32 image (ImageBase from llvm-readobj-22); the 16-byte descriptor found by its shape at a 4-aligned place', () => {
    const b = bytesOf('sycl/k2.i386.coff.exe');
    const ro = textOf('sycl/k2.i386.coff.exe.readobj.txt');
    const pe = readPeSectionTable(b);
    expect([pe.pe32Plus, pe.imageBase]).to.deep.equal([false, BigInt(/ImageBase: (0x[0-9A-F]+)/.exec(ro)![1]!)]);
    const p = new PePointers(b, pe);
    const [d] = syclDescriptor(p, { scan: true })!;
    expect([d!.triple, d!.entries!.map((e) => e.name)]).to.deep.equal(['spirv64-unknown-unknown', ['_ZTS5First', '_ZTSN2ns6SecondE']]);
    expect(p.notes.join('\n')).to.match(/found by its shape at offset 0x[0-9a-f]+ of section \[\d\] '\.rdata'/);
  });

  it('k2.x32.wrapper.o (x32: ELFCLASS32, machine x86-64): R_X86_64_32 pointers (RELA), i64 8-aligned: entries 48 bytes apart, 96 bytes', () => {
    const b = bytesOf('sycl/k2.x32.wrapper.o');
    const re = textOf('sycl/k2.x32.wrapper.o.readelf.txt');
    const elf = readElfSectionTable(b);
    expect([elf.class, elf.machine]).to.deep.equal([32, 62]);
    const p = new ElfPointers(b, elf);
    expect([p.file.pointerBits, p.file.i64Align4]).to.deep.equal([32, false]);
    expect(readelfSection(re, 'llvm_offload_entries').size).to.equal(96);
    expect(readelfRelocs(re, '.relallvm_offload_entries').map((r) => [r.offset, r.type])).to.deep.equal([
      [0x14, 'R_X86_64_32'],
      [0x44, 'R_X86_64_32'],
    ]);
    expect(offloadEntries(p).map((e) => e.name)).to.deep.equal(['_ZTS5First', '_ZTSN2ns6SecondE']);
    const [d] = syclDescriptor(p)!;
    expect([d!.triple, d!.entries!.map((e) => e.name)]).to.deep.equal(['spirv64-unknown-unknown', ['_ZTS5First', '_ZTSN2ns6SecondE']]);
    expect(p.notes).to.deep.equal([]);
  });

  it('COFF i386: a descriptor symbol without the `_` prefix is still found (the mangled name first, then the plain one)', () => {
    const b = bytesOf('sycl/k2.i386.coff.wrapper.obj').slice();
    const coff = readCoffSectionTable(b);
    // The symbol's name is in the string table (4 zero bytes, then the offset): point one byte further, past the '_'.
    const p0 = new CoffPointers(b, coff);
    const place = p0.symbolPlaces('.sycl_offloading.descriptor')[0]!;
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const rec = CoffSymbol.fixedSize!;
    const strtab = coff.symbolTable.offset + coff.symbolTable.count * rec;
    let renamed = false;
    for (let i = 0; i < coff.symbolTable.count; i++) {
      const at = coff.symbolTable.offset + i * rec;
      if (v.getUint32(at, true) !== 0) continue;
      const off = v.getUint32(at + 4, true);
      if (new TextDecoder().decode(b.subarray(strtab + off, strtab + off + 29)) === '_.sycl_offloading.descriptor\0') {
        v.setUint32(at + 4, off + 1, true);
        renamed = true;
      }
    }
    expect(renamed).to.equal(true);
    const p = new CoffPointers(b, readCoffSectionTable(b));
    expect(p.symbolPlaces('.sycl_offloading.descriptor')).to.deep.equal([place]);
    expect(syclDescriptor(p)![0]!.triple).to.equal('spirv64-unknown-unknown');
  });

  it('the shape scan of a PE32 image checks each device-image record once, however many candidate descriptors point into a list (pointers followed: linear)', () => {
    // A hostile PE32: the real descriptor erased, a section of R records (every 256th malformed) and one
    // candidate descriptor per record, each claiming 256 images from there (before: up to 256 checks each).
    const orig = bytesOf('sycl/k2.i386.coff.exe');
    const pe0 = readPeSectionTable(orig);
    const rdata = pe0.sections.find((s) => s.name === '.rdata')!;
    const last = pe0.sections[pe0.sections.length - 1]!;
    const N = 1 << 16;
    const out = new Uint8Array(last.offset + N);
    out.set(orig.subarray(0, last.offset));
    const v = new DataView(out.buffer);
    const found = syclDescriptor(new PePointers(orig, pe0), { scan: true });
    expect(found).to.have.length(1);
    const { binDesc, deviceImage } = SYCL_DESCRIPTORS[32];
    const d = binDesc.offsets;
    const img = deviceImage.offsets;
    const size = deviceImage.fixedSize!;
    // Erase every descriptor candidate of the real file (Version 1 at a 4-aligned place of .rdata).
    for (let o = rdata.offset; o + binDesc.fixedSize! <= rdata.offset + rdata.size; o += 4) if (v.getUint16(o + d.version, true) === 1) v.setUint16(o + d.version, 0, true);
    v.setUint32(last.headerOffset + CoffSectionHeader.offsets.virtualSize, N, true);
    v.setUint32(last.headerOffset + CoffSectionHeader.offsets.sizeOfRawData, N, true);
    const base = Number(pe0.imageBase) + last.virtualAddress;
    out.set(new TextEncoder().encode('spirv\0\0\0'), last.offset);
    const R = Math.floor((N - 8) / (size + binDesc.fixedSize!));
    for (let i = 0; i < R; i++) {
      const r = last.offset + 8 + i * size;
      v.setUint16(r + img.version, i % 256 === 255 ? 9 : 3, true);
      out[r + img.offloadKind] = 8;
      v.setUint32(r + img.target, base, true);
      v.setUint32(r + img.imageStart, base, true);
      v.setUint32(r + img.imageEnd, base + 4, true);
    }
    for (let j = 0; j < R; j++) {
      const c = last.offset + 8 + R * size + j * binDesc.fixedSize!;
      if (c + binDesc.fixedSize! > out.length) break;
      v.setUint16(c + d.version, 1, true);
      v.setUint16(c + d.numDeviceImages, 256, true);
      v.setUint32(c + d.deviceImages, base + 8 + j * size, true);
    }
    const pe = readPeSectionTable(out);
    const p = new PePointers(out, pe);
    let follows = 0;
    const follow = p.follow.bind(p);
    p.follow = (...args: Parameters<typeof follow>) => (follows++, follow(...args));
    expect(syclDescriptor(p, { scan: true })).to.equal(undefined);
    // One pointer per candidate, three per record: well under 5 per record (it was about 256 × 3).
    expect(follows).to.be.lessThan(5 * R);
  });

  it('property (fixed seed): random overwrites of the i686 wrapper and PE32 program give only DecodeError', () => {
    for (const f of ['sycl/k2.i386.wrapper.o', 'sycl/k2.i386.coff.exe']) {
      const b0 = bytesOf(f);
      fc.assert(
        fc.property(fc.nat(b0.length - 1), fc.uint8Array({ minLength: 1, maxLength: 8 }), (at, v) => {
          onlyDecodeErrors(() => readOffloadInput(memorySource(overwrite(b0, at, v))), f);
        }),
        { seed: 1686, numRuns: 1000 },
      );
    }
  });
});

/**
 * An x86-64 ET_EXEC (review 2026-11-27s): `.data` with `k` SYCL descriptors of `n` device images each,
 * a `.symtab` naming each `.sycl_offloading.descriptor`, `.rodata` of zeros where their DeviceImages
 * point (descriptor j's list at REC + shift(j)): every record is garbage whose pointers lead nowhere.
 * (`k` is small enough here for a spread of its shifts.)
 */
function manyDescriptors(k: number, n: number, shift: (j: number) => number): Uint8Array {
  const DESC = 0x100000;
  const REC = 0x200000;
  const { binDesc, deviceImage } = SYCL_DESCRIPTORS[64];
  const d = binDesc.fixedSize!;
  const desc = new Uint8Array(d * k);
  const dv = new DataView(desc.buffer);
  for (let j = 0; j < k; j++) {
    dv.setUint16(d * j + binDesc.offsets.version, 1, true);
    dv.setUint16(d * j + binDesc.offsets.numDeviceImages, n, true);
    dv.setBigUint64(d * j + binDesc.offsets.deviceImages, BigInt(REC + shift(j)), true);
  }
  return elfWith(
    [
      ['.llvm.offloading', 0x6fff4c0b, 2, 0x1000000, Uint8Array.of(3, 2, 0x23, 7, 0, 4, 1, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0)],
      ['.data', 1, 3, DESC, desc],
      ['.rodata', 1, 2, REC, new Uint8Array(n * deviceImage.fixedSize! + Math.max(...Array.from({ length: k }, (_, j) => shift(j))))],
    ],
    Array.from({ length: k }, (_, j) => [2, DESC + d * j] as [number, number]),
  );
}

/**
 * An x86-64 ET_EXEC of `sections` ([name, type, flags, address, contents]; indices from 1) and a
 * `.symtab` of local `.sycl_offloading.descriptor` symbols ([section index, address]).
 */
function elfWith(sections: [string, number, number, number, Uint8Array][], symbols: [number, number][]): Uint8Array {
  const strtab = new TextEncoder().encode('\0.sycl_offloading.descriptor\0');
  const syms = new Uint8Array(24 * (symbols.length + 1));
  const sv = new DataView(syms.buffer);
  symbols.forEach(([shndx, value], j) => {
    const at = 24 * (j + 1);
    sv.setUint32(at, 1, true);
    syms[at + 4] = 1; // STT_OBJECT, STB_LOCAL
    sv.setUint16(at + 6, shndx, true);
    sv.setBigUint64(at + 8, BigInt(value), true);
    sv.setBigUint64(at + 16, 32n, true);
  });
  const names = [...sections.map((s) => s[0]), '.symtab', '.strtab', '.shstrtab'];
  const shstr: number[] = [0];
  const nameAt = names.map((nm) => {
    const at = shstr.length;
    for (const c of nm) shstr.push(c.charCodeAt(0));
    shstr.push(0);
    return at;
  });
  const datas = [...sections.map((s) => s[4]), syms, strtab, Uint8Array.from(shstr)];
  const offsets: number[] = [];
  let off = 64;
  for (const d of datas) {
    off += -off & 7;
    offsets.push(off);
    off += d.length;
  }
  off += -off & 7;
  const shoff = off;
  const shnum = datas.length + 1;
  const out = new Uint8Array(shoff + 64 * shnum);
  const v = new DataView(out.buffer);
  out.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
  v.setUint16(16, 2, true);
  v.setUint16(18, 62, true);
  v.setUint32(20, 1, true);
  v.setBigUint64(40, BigInt(shoff), true);
  v.setUint16(52, 64, true);
  v.setUint16(58, 64, true);
  v.setUint16(60, shnum, true);
  v.setUint16(62, shnum - 1, true);
  datas.forEach((d, i) => out.set(d, offsets[i]!));
  const header = (i: number, name: number, type: number, flags: number, addr: number, link = 0, info = 0, entsize = 0): void => {
    const h = shoff + 64 * (i + 1);
    v.setUint32(h, name, true);
    v.setUint32(h + 4, type, true);
    v.setBigUint64(h + 8, BigInt(flags), true);
    v.setBigUint64(h + 16, BigInt(addr), true);
    v.setBigUint64(h + 24, BigInt(offsets[i]!), true);
    v.setBigUint64(h + 32, BigInt(datas[i]!.length), true);
    v.setUint32(h + 40, link, true);
    v.setUint32(h + 44, info, true);
    v.setBigUint64(h + 48, 8n, true);
    v.setBigUint64(h + 56, BigInt(entsize), true);
  };
  sections.forEach((s, i) => header(i, nameAt[i]!, s[1], s[2], s[3]));
  const n = sections.length;
  header(n, nameAt[n]!, 2, 0, 0, n + 2, 1, 24);
  header(n + 1, nameAt[n + 1]!, 3, 0, 0);
  header(n + 2, nameAt[n + 2]!, 3, 0, 0);
  return out;
}

/**
 * An ELF of one SYCL descriptor (formats/offload-entry.ts layouts, 64-bit) whose images each name the
 * first `entries` records of entry array `array` (`arrays` arrays of `count` SYCL entries, each in a
 * section of its own, every name the string `_ZTS1K`); the image of each is a SPIR-V header.
 */
function imagesOverEntries(images: readonly { array: number; entries: number }[], arrays: number, count: number): Uint8Array {
  const [STR, ENT, OFF, REC, DESC] = [0x10000000, 0x20000000, 0x30000000, 0x200000, 0x100000];
  const { binDesc, deviceImage } = SYCL_DESCRIPTORS[64];
  const entry = OFFLOAD_ENTRIES[64];
  const arrayAt = (k: number): number => ENT + k * 0x1000000;
  const desc = new Uint8Array(binDesc.fixedSize!);
  const dv = new DataView(desc.buffer);
  dv.setUint16(binDesc.offsets.version, 1, true);
  dv.setUint16(binDesc.offsets.numDeviceImages, images.length, true);
  dv.setBigUint64(binDesc.offsets.deviceImages, BigInt(REC), true);
  const size = deviceImage.fixedSize!;
  const recs = new Uint8Array(size * images.length);
  const rv = new DataView(recs.buffer);
  const o = deviceImage.offsets;
  images.forEach(({ array, entries }, i) => {
    const r = size * i;
    rv.setUint16(r + o.version, 3, true);
    recs[r + o.offloadKind] = 8;
    const pointers: [keyof typeof o, number][] = [['target', STR], ['compileOptions', STR], ['linkOptions', STR], ['imageStart', OFF], ['imageEnd', OFF + 20], ['entriesBegin', arrayAt(array)], ['entriesEnd', arrayAt(array) + entries * entry.fixedSize!]];
    for (const [field, v] of pointers) rv.setBigUint64(r + o[field], BigInt(v), true);
  });
  const ents = new Uint8Array(entry.fixedSize! * count);
  const ev = new DataView(ents.buffer);
  for (let j = 0; j < count; j++) {
    const e = entry.fixedSize! * j;
    ev.setUint16(e + entry.offsets.version, 1, true);
    ev.setUint16(e + entry.offsets.kind, 8, true);
    ev.setBigUint64(e + entry.offsets.symbolName, BigInt(STR), true);
  }
  return elfWith(
    [
      ['.data', 1, 3, DESC, desc],
      ['.rodata', 1, 2, REC, recs],
      ['.str', 1, 2, STR, new TextEncoder().encode('_ZTS1K\0')],
      ...Array.from({ length: arrays }, (_, k) => [`.ents${k}`, 1, 2, arrayAt(k), ents] as [string, number, number, number, Uint8Array]),
      ['.llvm.offloading', 0x6fff4c0b, 2, OFF, Uint8Array.of(3, 2, 0x23, 7, 0, 4, 1, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0)],
    ],
    [[1, DESC]],
  );
}

describe('wrapper descriptors: bounded however many a file names (review 2026-11-27s)', () => {
  it('2,000 symbols naming descriptors of one 65,535-record list: the first 64 looked at, the list read once, one note per kind of problem', () => {
    const r = readOffloadInput(memorySource(manyDescriptors(2000, 0xffff, () => 0)));
    const notes = r.notes.join('\n');
    expect(notes).to.include(`.sycl_offloading.descriptor: 2000 descriptors; the first ${MAX_DESCRIPTORS} are read`);
    expect(notes).to.match(/63 descriptor\(s\) whose device-image records are those of an earlier one were not read again/);
    expect(notes).to.match(/device images \[0\], \[1\], \[2\], \[3\], \[4\] and 65530 more \(65535 images\) target: address 0x0 is in no allocated section/);
    expect(notes.length).to.be.lessThan(4000);
  });

  it('lists a few bytes apart overlap: read once; past 65,535 images in all, the rest is a note', () => {
    const shifted = readOffloadInput(memorySource(manyDescriptors(8, 6553, (j) => j)));
    expect(shifted.notes.join('\n')).to.match(/7 descriptor\(s\) whose device-image records are those of an earlier one were not read again/);
    const apart = readOffloadInput(memorySource(manyDescriptors(2, 40000, (j) => j * 40000 * 80)));
    expect(apart.notes.join("\n")).to.include(`more than ${MAX_DEVICE_IMAGES} device images in all; the descriptors past that are not read`);
  });
});

describe('wrapper descriptors: entry ranges that overlap are read once per section budget (review 2026-11-27t)', () => {
  it('2,000 images whose entry ranges grow over one array: linear, the rest of the images said in one note', () => {
    const N = 2000;
    const elf = imagesOverEntries(Array.from({ length: N }, (_, i) => ({ array: 0, entries: i + 1 })), 1, N);
    const r = readOffloadInput(memorySource(elf));
    expect(r.bare).to.have.length(N);
    const kernels = r.bare.reduce((n, b) => n + b.kernels.length, 0);
    // at most twice the array's 2,000 records (+64) are read, not 2,001,000
    expect(kernels).to.be.at.most(2 * N + 64);
    expect(r.bare[0]!.kernels).to.deep.equal(['_ZTS1K']);
    expect(r.notes.join('\n')).to.match(/device images \[\d+\], .* more \(\d+ images\): its entries are not read: the device images' entry ranges overlap/);
  });
});

describe('wrapper descriptors: at most MAX_ENTRIES_READ entries in all (review 2026-11-27u: section headers over the same bytes each had a budget)', () => {
  it('8 images over 4 entry arrays of 40,000: past 262,144 entries in all, the rest of the images said in one note', () => {
    const N = 40000;
    const IMAGES = 8;
    const elf = imagesOverEntries(Array.from({ length: IMAGES }, (_, i) => ({ array: i % 4, entries: N - i })), 4, N);
    const r = readOffloadInput(memorySource(elf));
    expect(r.bare).to.have.length(IMAGES);
    const read = r.bare.map((b) => b.kernels.length);
    expect(read.reduce((a, b) => a + b, 0)).to.be.at.most(MAX_ENTRIES_READ);
    expect(read.slice(0, 6)).to.deep.equal([N, N - 1, N - 2, N - 3, N - 4, N - 5]);
    expect(read.slice(6)).to.deep.equal([0, 0]);
    expect(r.notes.join("\n")).to.match(/device images \[6\], \[7\] \(2 images\): its entries are not read/);
  });
});

describe('wrapper descriptors: a device-image record of an unknown version', () => {
  it('is noted (its fields are read as version 3\'s), not read in silence', async () => {
    const { annotate } = await import('../../src/hex/annotate.js');
    const exe = bytesOf('sycl/k.exe').slice();
    const at = annotate(exe).spans.find((s) => s.path.endsWith('syclDeviceImages[0].version'))!;
    expect(readOffloadInput(memorySource(exe)).notes.join('\n')).to.not.match(/device image \[0\]: version/);
    new DataView(exe.buffer).setUint16(at.offset, 9, true);
    const r = readOffloadInput(memorySource(exe));
    expect(r.bare.map((b) => b.kernels.length)).to.deep.equal([1]);
    expect(r.notes).to.include("device image [0]: version 9 is not one of the __sycl.tgt_device_image versions known here (1, 2, 3; LLVM 22 writes 3): its fields are read as version 3's");
    // verify warns at the record (it was silent: 0 problems)
    const { verify } = await import('../../src/hex/verify.js');
    expect(verify(bytesOf('sycl/k.exe')).problems.filter((p) => p.severity !== 'note')).to.deep.equal([]);
    const v = verify(exe).problems.filter((p) => p.severity !== 'note');
    expect(v.map((p) => [p.severity, p.code, p.offset <= at.offset, p.message])).to.deep.equal([
      ['warning', 'structure', true, "version 9 is not one of the __sycl.tgt_device_image versions known here (1, 2, 3; LLVM 22 writes 3): its fields are read as version 3's"],
    ]);
  });
});
