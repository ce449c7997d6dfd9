/**
 * One `.llvm.offloading` section holding an OpenMP object's OffloadBinary and a SYCL wrapper object's
 * bare SPIR-V, in either order (testdata/llvm22/containers/mixed-*.r.o: `ld.lld-22 -r` of omp22.o and
 * sycl/k2.wrapper.o, README there), as a program linked by `clang++ -fsycl` from a SYCL and an
 * OpenMP-offload object holds them (review 2026-12-03a F1). llvm-objdump-22/-19 and
 * llvm-offload-binary-22 fail on the section ("Invalid data"); the reader finds both: the binary is
 * omp22.o's, the image is k2.spv with k2's kernels (k2.wrapper.ll).
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { annotate, checkTiling } from '../../src/hex/annotate.js';
import { verify } from '../../src/hex/verify.js';
import { bytesOf, input, LLVM22, textOf } from './support.js';
import { cli, tempDir } from '../offload/support.js';
import { elfWithSection } from '../support/minimal-elf.js';
import { concatChunks } from '../../src/codec/index.js';

const FILES = ['containers/mixed-omp-first.r.o', 'containers/mixed-sycl-first.r.o'] as const;

/** k2's kernel names as its wrapper's IR states them. */
const K2_KERNELS = [...textOf('sycl/k2.wrapper.ll').matchAll(/^@\.offloading\.entry_name(?:\.\d+)? = .*c"([^"\\]*)\\00"/gm)].map((m) => m[1]!);

describe('containers: an OffloadBinary and a bare SYCL image in one section (ld.lld-22 -r of an OpenMP object and a SYCL wrapper)', () => {
  const omp = input('containers/omp22.o').binaries[0]!;

  for (const file of FILES) {
    const name = file.replace(/^.*\//, '');
    it(`${name}: the OpenMP binary is omp22.o's and the image outside it is k2.spv with k2's kernels; the note says why LLVM fails`, () => {
      const r = input(file);
      expect(K2_KERNELS).to.have.length(2);
      expect(r.binaries).to.have.length(1);
      const b = r.binaries[0]!;
      expect(b.entries.map((e) => [e.imageKind, e.offloadKind, [...e.strings]])).to.deep.equal(omp.entries.map((e) => [e.imageKind, e.offloadKind, [...e.strings]]));
      expect(b.entries[0]!.image).to.deep.equal(omp.entries[0]!.image);
      expect(r.bare).to.have.length(1);
      expect(r.bare[0]!.kind).to.equal('spirv');
      expect(r.bare[0]!.image.bytes()).to.deep.equal(bytesOf('sycl/k2.spv'));
      expect(r.bare[0]!.kernels).to.deep.equal(K2_KERNELS);
      // (the binary and the image in the same section, in the order the link put them)
      expect(b.offset < r.bare[0]!.site.offset).to.equal(name.startsWith('mixed-omp-first'));
      expect(r.notes.join('\n')).to.match(/fails on this file \("while extracting offloading files: Invalid data.*\): section \[\d+\] '\.llvm\.offloading' holds a device image outside any OffloadBinary \(at offset 0x[0-9a-f]+\) beside its OffloadBinary/);
    });

    it(`${name}: offload-list lists both; --strict is llvm-objdump-22's failure, byte for byte; annotate tiles it and verify finds nothing wrong`, async () => {
      const dir = join(LLVM22, 'containers');
      const list = await cli(['offload-list', name], dir);
      expect(list.code).to.equal(0);
      expect(list.stdout).to.match(/OFFLOADING IMAGE \[0\]:\nkind {12}elf\narch {12}generic\ntriple {10}x86_64-unknown-linux-gnu\nproducer {8}openmp\n/);
      expect(list.stdout).to.include('DEVICE IMAGE [0]: (not in an OffloadBinary)').and.include(`kernel          ${K2_KERNELS[0]}`);
      const strict = await cli(['offload-list', '--strict', name], dir);
      expect(strict.code).to.equal(1);
      expect(strict.stdout).to.equal(textOf(`${file}.objdump22.txt`));
      expect(strict.stderr.replace('syclbin offload-list', 'llvm-objdump-22')).to.equal(textOf(`${file}.objdump22.stderr.txt`));
      const bytes = bytesOf(file);
      const ann = annotate(bytes);
      expect(checkTiling(ann)).to.equal(undefined);
      const paths = ann.spans.map((s) => s.path);
      expect(paths.some((p) => /^sections\[\d+\]\.binaries\[0\]\.entries\[0\]\.image$/.test(p))).to.equal(true);
      expect(paths.some((p) => /^sections\[\d+\]\.images\[0\]$/.test(p))).to.equal(true);
      expect(verify(bytes).counts.error).to.equal(0);
    });
  }

  it('offload-extract -o DIR writes the OpenMP image and the SPIR-V module, each as the section holds it', async () => {
    const t = tempDir();
    try {
      const r = await cli(['offload-extract', join(LLVM22, FILES[0]), '-o', join(t.dir, 'out')], t.dir);
      expect(r.code, r.stderr).to.equal(0);
      const files = readdirSync(join(t.dir, 'out')).sort();
      expect(files).to.have.length(2);
      const spv = files.find((f) => f.endsWith('.spv'))!;
      expect(new Uint8Array(readFileSync(join(t.dir, 'out', spv)))).to.deep.equal(bytesOf('sycl/k2.spv'));
      const other = files.find((f) => f !== spv)!;
      expect(new Uint8Array(readFileSync(join(t.dir, 'out', other)))).to.deep.equal(omp.entries[0]!.image);
    } finally {
      t.cleanup();
    }
  });
});

describe('containers: the bytes of a device image the SYCL descriptor places are not looked through for OffloadBinaries', () => {
  it('an OffloadBinary written inside k2.exe\'s SPIR-V module (at a multiple of 8) stays part of the image: no binary listed, the image whole', async () => {
    const { writeOffloadBinary } = await import('../../src/offload/write.js');
    const exe = bytesOf('sycl/k2.exe').slice();
    const before = input('sycl/k2.exe');
    const image = before.bare[0]!;
    const inside = writeOffloadBinary([{ imageKind: 1, offloadKind: 1, flags: 0, strings: [['triple', 'x86_64-unknown-linux-gnu']], image: new Uint8Array(8) }]);
    const at = image.site.offset + 160;
    expect((at - image.site.offset) % 8).to.equal(0);
    expect(160 + inside.length).to.be.below(image.image.size);
    exe.set(inside, at);
    const { readOffloadInput } = await import('../../src/offload/input.js');
    const { memorySource } = await import('../../src/codec/index.js');
    const r = readOffloadInput(memorySource(exe));
    expect(r.binaries).to.deep.equal([]);
    expect(r.bare).to.have.length(1);
    expect([r.bare[0]!.site.offset, r.bare[0]!.image.size, r.bare[0]!.kernels]).to.deep.equal([image.site.offset, image.image.size, image.kernels]);
  });
});

describe('containers: an OffloadBinary and device-image bytes in one section without a SYCL descriptor (review 2026-12-03c)', () => {
  const omp = (): Uint8Array => {
    const r = input('containers/omp22.o');
    const b = r.binaries[0]!;
    return bytesOf('containers/omp22.o').slice(b.offset, b.offset + b.size);
  };
  const spv = bytesOf('sycl/k2.spv');
  const cat = (...parts: Uint8Array[]): Uint8Array => concatChunks(parts);
  const read = async (section: Uint8Array) => {
    const { readOffloadInput } = await import('../../src/offload/input.js');
    const { memorySource } = await import('../../src/codec/index.js');
    return readOffloadInput(memorySource(elfWithSection(section)));
  };

  it('the binary first, then a SPIR-V module to the end of the section: the module whole (it ends in zero bytes: nothing is trimmed; finding 1)', async () => {
    const bin = omp();
    expect(bin.length % 8).to.equal(0);
    expect(spv[spv.length - 1]).to.equal(0);
    const r = await read(cat(bin, spv));
    expect(r.binaries).to.have.length(1);
    expect(r.bare).to.have.length(1);
    expect(r.bare[0]!.image.bytes()).to.deep.equal(spv);
  });

  it('a device image that holds an OffloadBinary, without a descriptor to say where the image is: bare, one image of the whole section, never split (findings 2 and 3)', async () => {
    const section = cat(spv.subarray(0, 24), omp(), spv.subarray(24));
    const r = await read(section);
    expect(r.binaries).to.deep.equal([]);
    expect(r.bare).to.have.length(1);
    expect(r.bare[0]!.image.size).to.equal(section.length);
  });

  it('many magic numbers in a section that does not start with a binary cost nothing: it is not looked through (finding 2: 20,000 candidates took 50 s)', async () => {
    const { writeOffloadBinary } = await import('../../src/offload/write.js');
    const one = writeOffloadBinary([{ imageKind: 1, offloadKind: 1, flags: 0, strings: [['triple', 'x']], image: new Uint8Array(8) }]);
    const many = new Uint8Array(8 + one.length * 20_000);
    many.set(spv.subarray(0, 8));
    for (let i = 0; i < 20_000; i++) many.set(one, 8 + i * one.length);
    const r = await read(many);
    expect(r.binaries).to.deep.equal([]);
    expect(r.bare).to.have.length(1);
  });
});

describe('verify: a binary followed by bytes that are no binary is an error, as offload-list and llvm-objdump say (review 2026-12-03c finding 4)', () => {
  it('the trailing bytes are binaries[1], whose magic is bad', async () => {
    const { verify } = await import('../../src/hex/verify.js');
    const r = input('containers/omp22.o');
    const b = r.binaries[0]!;
    const bin = bytesOf('containers/omp22.o').slice(b.offset, b.offset + b.size);
    const file = new Uint8Array(bin.length + 16).fill(1);
    file.set(bin);
    const v = verify(file);
    expect(v.counts.error).to.equal(1);
    expect(v.problems.find((p) => p.severity === 'error')!.path).to.equal('binaries[1].header.magic');
  });
});

describe('containers: a mixed section whose SYCL descriptor places its image wrongly (review 2026-12-03d)', () => {
  /** mixed-omp-first.r.o with the descriptor's image range set to [start, end) of its section (the ImageStart/ImageEnd relocations at .data.rel.ro+0xb0/+0xb8, read with llvm-readelf-22 -r). */
  const placed = async (start: number, end: number): Promise<Uint8Array> => {
    const { readElfSectionTable } = await import('../../src/offload/elf.js');
    const { Elf64Rela } = await import('../../formats/elf.js');
    const b = bytesOf('containers/mixed-omp-first.r.o').slice();
    const rela = readElfSectionTable(b).sections.find((x) => x.name === '.rela.data.rel.ro')!;
    const dv = new DataView(b.buffer);
    const o = Elf64Rela.offsets;
    let patched = 0;
    for (let at = rela.offset; at < rela.offset + rela.size; at += Elf64Rela.fixedSize!) {
      const field = dv.getBigUint64(at + o.r_offset, true);
      if (field === 0xb0n || field === 0xb8n) {
        dv.setBigInt64(at + o.r_addend, BigInt(field === 0xb0n ? start : end), true);
        patched++;
      }
    }
    expect(patched).to.equal(2);
    return b;
  };
  const read = async (b: Uint8Array) => {
    const { readOffloadInput } = await import('../../src/offload/input.js');
    const { memorySource } = await import('../../src/codec/index.js');
    return readOffloadInput(memorySource(b));
  };

  it('the fixture as linked: the descriptor places the SPIR-V at 0x340..0x50c of the section (what the cases below change)', async () => {
    const r = await read(await placed(0x340, 0x50c));
    expect(r.binaries).to.have.length(1);
    expect(r.bare.map((x) => x.image.size)).to.deep.equal([spvSize()]);
  });

  it('a zero-size image: the SPIR-V module beside it is listed too (it was hidden), the binary read as it is', async () => {
    const r = await read(await placed(0x340, 0x340));
    expect(r.binaries).to.have.length(1);
    expect(r.bare.map((x) => x.image.size)).to.deep.equal([0, spvSize()]);
    expect(r.bare[1]!.image.bytes()).to.deep.equal(bytesOf('sycl/k2.spv'));
  });

  it('an image that starts inside the binary: the binary is read whole (its Size was blamed), the image where the descriptor says', async () => {
    const r = await read(await placed(0x100, 0x50c));
    expect(r.binaries).to.have.length(1);
    expect(r.binaries[0]!.entries[0]!.image).to.deep.equal(input('containers/omp22.o').binaries[0]!.entries[0]!.image);
    expect(r.bare.map((x) => x.image.size)).to.deep.equal([0x50c - 0x100]);
  });

  const spvSize = (): number => bytesOf('sycl/k2.spv').length;
});

describe('containers: binaries in a mixed section are read back to back at any offset, as in a section of binaries alone (review 2026-12-03d N4)', () => {
  it('a binary whose Size is not a multiple of 8, another right after it, then a SPIR-V module: two binaries and the module', async () => {
    const { readOffloadInput } = await import('../../src/offload/input.js');
    const { memorySource } = await import('../../src/codec/index.js');
    const { OffloadHeaderV1 } = await import('../../formats/offload-binary.js');
    const r0 = input('containers/omp22.o');
    const b0 = r0.binaries[0]!;
    const omp = bytesOf('containers/omp22.o').slice(b0.offset, b0.offset + b0.size);
    const odd = concatChunks([omp, new Uint8Array(4)]);
    new DataView(odd.buffer).setBigUint64(OffloadHeaderV1.offsets.size!, BigInt(odd.length), true);
    const spv = bytesOf('sycl/k2.spv');
    const r = readOffloadInput(memorySource(elfWithSection(concatChunks([odd, omp, spv]))));
    expect(r.binaries.map((b) => b.size)).to.deep.equal([odd.length, omp.length]);
    expect(r.bare.map((b) => b.image.bytes())).to.deep.equal([spv]);
  });
});
