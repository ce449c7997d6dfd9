/**
 * OffloadBinaries inside ELF objects (src/offload/elf.ts, formats/elf.ts):
 *   - objects made at test time by Debian's clang-19 (-fopenmp -fopenmp-targets=..., 64- and 32-bit,
 *     one and two targets) and by llvm-objcopy-19 wrapping our own writer's output (v1, v2, v3) into
 *     a section: `syclbin offload-list` prints exactly what `llvm-objdump-19 --offloading` prints,
 *     byte for byte, where llvm-objdump-19 can read the object; the section range we find holds the
 *     bytes `llvm-objcopy-19 --dump-section` writes; extracted images equal what
 *     `clang-offload-packager-19 OBJ --image=file=...` extracts;
 *   - the committed golden testdata/offload/omp-two-targets.o (testdata/offload/README.md);
 *   - hostile ELF: every strict prefix, ranges past the end, bad e_shstrndx, huge counts, u64 values
 *     near 2^64: only DecodeError (offset + path), never RangeError/TypeError, nothing allocated from
 *     an unchecked count.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { requireTool } from '../support/tools.js';
import { findOffloadingSections, isElf, readElfOffloadBinaries, readElfSectionTable } from '../../src/offload/elf.js';
import { readOffloadBinaries } from '../../src/offload/read.js';
import { writeOffloadBinaries, writeOffloadBinary } from '../../src/offload/write.js';
import { elfFileFormatName } from '../../formats/elf.js';
import { Elf32SectionHeader, Elf64Header, Elf64SectionHeader, Elf32Header, SHT_LLVM_OFFLOADING } from '../../formats/elf.js';
import { DecodeError } from '../../src/codec/errors.js';
import { cli, expectDecodeError, hexdiff, readBytes, run, tempDir, TESTDATA } from './support.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/offload-list.schema.json', import.meta.url), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

const GOLDEN = 'omp-two-targets.o';
const OMP_C = 'int main(void) {\n  int x = 0;\n#pragma omp target map(tofrom : x)\n  x = 42;\n  return x;\n}\n';
const U64_MAX = (1n << 64n) - 1n;

function setU16BE(b: Uint8Array, at: number, v: number): Uint8Array {
  const c = b.slice();
  new DataView(c.buffer).setUint16(at, v, false);
  return c;
}

function setU16(b: Uint8Array, at: number, v: number): Uint8Array {
  const c = b.slice();
  new DataView(c.buffer).setUint16(at, v, true);
  return c;
}
function setU32(b: Uint8Array, at: number, v: number): Uint8Array {
  const c = b.slice();
  new DataView(c.buffer).setUint32(at, v, true);
  return c;
}
function setU64(b: Uint8Array, at: number, v: bigint): Uint8Array {
  const c = b.slice();
  new DataView(c.buffer).setBigUint64(at, v, true);
  return c;
}
const u16 = (b: Uint8Array, at: number): number => new DataView(b.buffer, b.byteOffset).getUint16(at, true);
const u64 = (b: Uint8Array, at: number): number => Number(new DataView(b.buffer, b.byteOffset).getBigUint64(at, true));

/** Header fields of an ELF64 object (offsets from formats/elf.ts). */
function elf64(b: Uint8Array): { shoff: number; shnum: number; shstrndx: number; sh: (i: number, f: keyof typeof Elf64SectionHeader.offsets) => number } {
  const shoff = u64(b, Elf64Header.offsets.e_shoff);
  return {
    shoff,
    shnum: u16(b, Elf64Header.offsets.e_shnum),
    shstrndx: u16(b, Elf64Header.offsets.e_shstrndx),
    sh: (i, f) => shoff + i * 64 + Elf64SectionHeader.offsets[f],
  };
}

/** The listing with our --strings lines (`strings N` and the indented key/value lines) removed. */
function withoutStrings(text: string): string {
  return text
    .split('\n')
    .filter((l) => !l.startsWith('strings         ') && !l.startsWith('  '))
    .join('\n');
}

/** Run `llvm-objdump-19 --offloading NAME` in `dir`. */
function objdump(dir: string, name: string): { status: number; stdout: Buffer; stderr: string } {
  return run(requireTool('llvm-objdump-19'), ['--offloading', name], dir);
}

/** Assert `syclbin offload-list NAME` prints exactly what llvm-objdump-19 prints, and return it. */
async function expectSameListing(dir: string, name: string): Promise<string> {
  const theirs = objdump(dir, name);
  expect(theirs.status, theirs.stderr).to.equal(0);
  const ours = await cli(['offload-list', '--llvm', '19', name], dir);
  expect(ours.code, ours.stderr).to.equal(0);
  expect(hexdiff(ours.stdoutBytes, new Uint8Array(theirs.stdout)), `${name}\n--- ours\n${ours.stdout}\n--- llvm-objdump-19\n${theirs.stdout.toString()}`).to.equal('identical');
  return ours.stdout;
}

describe('offload ELF: committed golden (testdata/offload/omp-two-targets.o)', () => {
  const bytes = readBytes(TESTDATA + GOLDEN);

  it('finds section 12 .llvm.offloading of type SHT_LLVM_OFFLOADING (as llvm-readelf-19 -S shows it)', () => {
    expect(isElf(bytes)).to.equal(true);
    expect(findOffloadingSections(bytes)).to.deep.equal([
      { index: 12, name: '.llvm.offloading', type: SHT_LLVM_OFFLOADING, offset: 0x1e8, size: 0xd38, byType: true, byName: true },
    ]);
    const elf = readElfSectionTable(bytes);
    expect(elf).to.include({ class: 64, type: 1, machine: 62, shstrndx: 1 });
    expect(elf.sections).to.have.length(19);
    expect(elf.sections[1]).to.include({ name: '.strtab', type: 3, offset: 0x11eb, size: 0x18e });
    expect(elf.sections[11]).to.include({ name: '.relaomp_offloading_entries', offset: 0x1188, size: 0x30 });
  });

  it('offload-list prints the committed llvm-objdump-19 output byte for byte', async () => {
    const r = await cli(['offload-list', GOLDEN], TESTDATA);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stderr).to.equal('');
    expect(hexdiff(r.stdoutBytes, readBytes(TESTDATA + 'omp-two-targets.objdump.txt'))).to.equal('identical');
  });

  it('the binaries are those of the section bytes, with absolute offsets; each image is itself an ELF object', () => {
    const r = readElfOffloadBinaries(bytes);
    const raw = readOffloadBinaries(bytes.subarray(0x1e8, 0x1e8 + 0xd38));
    expect(r.binaries.map((b) => b.offset)).to.deep.equal(raw.map((b) => b.offset + 0x1e8));
    expect(r.binaries.map((b) => b.entries[0]!.strings.get('triple'))).to.deep.equal(['aarch64-unknown-linux-gnu', 'x86_64-unknown-linux-gnu']);
    r.binaries.forEach((b, i) => {
      const e = b.entries[0]!;
      expect(e.imageRef.offset).to.equal(raw[i]!.entries[0]!.imageRef.offset! + 0x1e8);
      expect(e.image).to.deep.equal(bytes.subarray(e.imageRef.offset!, e.imageRef.offset! + e.imageRef.size));
      expect(isElf(e.image)).to.equal(true);
      // A device image has no offloading section of its own.
      expect(findOffloadingSections(e.image)).to.deep.equal([]);
    });
    expect(elfFileFormatName(64, readElfSectionTable(r.binaries[0]!.entries[0]!.image).machine)).to.equal('elf64-littleaarch64');
  });

  it('--json validates against the schema and names the section and its binaries', async () => {
    const r = await cli(['offload-list', '--json', GOLDEN], TESTDATA);
    expect(r.code, r.stderr).to.equal(0);
    const doc = JSON.parse(r.stdout) as { elf: { fileFormat: string; sections: { index: number; read: boolean; binaries: number[]; offset: string }[] }; binaries: { offset: string }[] };
    expect(validate(doc), JSON.stringify(validate.errors)).to.equal(true);
    expect(doc.elf.fileFormat).to.equal('elf64-x86-64');
    expect(doc.elf.sections).to.have.length(1);
    expect(doc.elf.sections[0]).to.include({ index: 12, read: true, offset: String(0x1e8) });
    expect(doc.elf.sections[0]!.binaries).to.deep.equal([0, 1]);
    expect(doc.binaries[0]!.offset).to.equal(String(0x1e8));
  });

  it('--strings keeps the llvm-objdump lines and adds the string entries', async () => {
    const r = await cli(['offload-list', '--strings', GOLDEN], TESTDATA);
    expect(r.stdout).to.include('producer        openmp\nstrings         2\n');
    expect(withoutStrings(r.stdout)).to.equal(readFileSync(TESTDATA + 'omp-two-targets.objdump.txt', 'utf8'));
  });

  it('offload-extract writes both device objects', async () => {
    const t = tempDir();
    try {
      const r = await cli(['offload-extract', TESTDATA + GOLDEN, '-o', t.dir], '/');
      expect(r.code, r.stderr).to.equal(0);
      expect(readdirSync(t.dir).sort()).to.deep.equal(['0-aarch64-unknown-linux-gnu.o', '1-x86_64-unknown-linux-gnu.o']);
      const models = readElfOffloadBinaries(bytes).binaries;
      expect(readBytes(join(t.dir, '0-aarch64-unknown-linux-gnu.o'))).to.deep.equal(models[0]!.entries[0]!.image);
    } finally {
      t.cleanup();
    }
  });

  it('a ByteSource without the whole buffer (positioned reads) gives the same result', () => {
    let reads = 0;
    const src = { size: bytes.length, read: (o: number, n: number) => (reads++, bytes.slice(o, o + n)) };
    const a = readElfOffloadBinaries(src);
    const b = readElfOffloadBinaries(bytes);
    expect(a.binaries.map((x) => [x.offset, x.size, x.entries[0]!.image.length])).to.deep.equal(b.binaries.map((x) => [x.offset, x.size, x.entries[0]!.image.length]));
    expect(a.binaries[1]!.entries[0]!.image).to.deep.equal(b.binaries[1]!.entries[0]!.image);
    expect(reads).to.be.greaterThan(0);
  });
});

describe('offload ELF: interop with clang-19 / llvm-objdump-19 / llvm-objcopy-19 / clang-offload-packager-19', function () {
  this.timeout(180_000);
  let dir = '';
  let cleanup = (): void => undefined;
  const entry = (triple: string, arch: string, image: Uint8Array, offloadKind = 1): { imageKind: number; offloadKind: number; strings: [string, string][]; image: Uint8Array } => ({
    imageKind: 1,
    offloadKind,
    strings: [
      ['triple', triple],
      ['arch', arch],
    ],
    image,
  });
  const img = (n: number, seed: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

  /** `llvm-objcopy-19 --add-section NAME=FILE [--set-section-type NAME=TYPE] IN OUT`. */
  function wrap(input: string, output: string, sections: { name: string; file: string; type?: number }[]): void {
    const args: string[] = [];
    for (const s of sections) {
      args.push('--add-section', `${s.name}=${s.file}`);
      if (s.type !== undefined) args.push('--set-section-type', `${s.name}=${s.type}`);
    }
    const r = run(requireTool('llvm-objcopy-19'), [...args, input, output], dir);
    expect(r.status, r.stderr).to.equal(0);
  }

  before(() => {
    const t = tempDir('syclbin-elf-');
    dir = t.dir;
    cleanup = t.cleanup;
    writeFileSync(join(dir, 'omp.c'), OMP_C);
    writeFileSync(join(dir, 'plain.c'), 'int y;\n');
    const clang = requireTool('clang-19');
    const compile = (args: string[]): void => {
      const r = run(clang, args, dir);
      expect(r.status, `clang-19 ${args.join(' ')}: ${r.stderr}`).to.equal(0);
    };
    compile(['-fopenmp', '-fopenmp-targets=x86_64-unknown-linux-gnu', '-c', 'omp.c', '-o', 'omp.o']);
    compile(['-fopenmp', '-fopenmp-targets=x86_64-unknown-linux-gnu,aarch64-unknown-linux-gnu', '-c', 'omp.c', '-o', 'omp2.o']);
    compile(['-m32', '-fopenmp', '-fopenmp-targets=i386-pc-linux-gnu', '-c', 'omp.c', '-o', 'omp32.o']);
    compile(['-c', 'plain.c', '-o', 'plain.o']);
    compile(['-m32', '-c', 'plain.c', '-o', 'plain32.o']);
    writeFileSync(join(dir, 'v1.bin'), writeOffloadBinaries([[entry('nvptx64-nvidia-cuda', 'sm_70', img(13, 1), 2)], [entry('amdgcn-amd-amdhsa', 'gfx90a', img(21, 2), 3)], [entry('x86_64-unknown-linux-gnu', 'native', img(0, 3))]]));
    writeFileSync(join(dir, 'v1b.bin'), writeOffloadBinary([entry('spir64-unknown-unknown', '', img(7, 4), 0)]));
    writeFileSync(join(dir, 'v2.bin'), writeOffloadBinary([entry('nvptx64-nvidia-cuda', 'sm_80', img(9, 5), 2), entry('amdgcn-amd-amdhsa', 'gfx1030', img(17, 6), 4)], { version: 2 }));
    writeFileSync(join(dir, 'v3z.bin'), writeOffloadBinary([entry('nvptx64-nvidia-cuda', 'sm_90', img(100, 7), 2)], { version: 3, compression: 'zlib' }));
  });
  after(() => cleanup());

  for (const name of ['omp.o', 'omp2.o', 'omp32.o']) {
    it(`clang-19 ${name}: offload-list = llvm-objdump-19 --offloading, section bytes = llvm-objcopy-19 --dump-section`, async () => {
      const text = await expectSameListing(dir, name);
      expect(text).to.match(name === 'omp32.o' ? /file format elf32-i386\n/ : /file format elf64-x86-64\n/);
      expect(text.match(/OFFLOADING IMAGE/g)).to.have.length(name === 'omp2.o' ? 2 : 1);
      const bytes = readBytes(join(dir, name));
      const [sec, ...more] = findOffloadingSections(bytes);
      expect(more).to.have.length(0);
      const dump = run(requireTool('llvm-objcopy-19'), ['--dump-section', `.llvm.offloading=${name}.sec`, name, `${name}.copy`], dir);
      expect(dump.status, dump.stderr).to.equal(0);
      expect(hexdiff(bytes.subarray(sec!.offset, sec!.offset + sec!.size), readBytes(join(dir, `${name}.sec`)))).to.equal('identical');
    });
  }

  it('clang-19 two targets: offload-extract writes what clang-offload-packager-19 extracts from the object', async () => {
    const out = join(dir, 'extract2');
    const r = await cli(['offload-extract', 'omp2.o', '-o', 'extract2'], dir);
    expect(r.code, r.stderr).to.equal(0);
    const names = readdirSync(out).sort();
    expect(names).to.deep.equal(['0-aarch64-unknown-linux-gnu.o', '1-x86_64-unknown-linux-gnu.o']);
    const p = run(
      requireTool('clang-offload-packager-19'),
      ['omp2.o', '--image=file=pk-a.o,triple=aarch64-unknown-linux-gnu', '--image=file=pk-x.o,triple=x86_64-unknown-linux-gnu'],
      dir,
    );
    expect(p.status, p.stderr).to.equal(0);
    expect(hexdiff(readBytes(join(out, names[0]!)), readBytes(join(dir, 'pk-a.o')))).to.equal('identical');
    expect(hexdiff(readBytes(join(out, names[1]!)), readBytes(join(dir, 'pk-x.o')))).to.equal('identical');
  });

  it('an object without offloading sections: only the file-format line, as llvm-objdump-19', async () => {
    const text = await expectSameListing(dir, 'plain.o');
    expect(text).to.equal('\nplain.o:\tfile format elf64-x86-64\n');
    await expectSameListing(dir, 'plain32.o');
  });

  it('our v1 writer output (three binaries) wrapped by llvm-objcopy-19: identical listing; images and section bytes round-trip', async () => {
    wrap('plain.o', 'w1.o', [{ name: '.llvm.offloading', file: 'v1.bin', type: SHT_LLVM_OFFLOADING }]);
    const text = await expectSameListing(dir, 'w1.o');
    expect(text.match(/OFFLOADING IMAGE/g)).to.have.length(3);
    const bytes = readBytes(join(dir, 'w1.o'));
    const [sec] = findOffloadingSections(bytes);
    // llvm-objcopy puts an added section at an offset that need not be 8-aligned; binaries inside
    // the section align relative to the section start (OffloadBinary.cpp extractOffloadFiles).
    expect(sec!.offset % 8, 'the added section is not 8-aligned in the file').to.not.equal(0);
    expect(bytes.subarray(sec!.offset, sec!.offset + sec!.size)).to.deep.equal(readBytes(join(dir, 'v1.bin')));
    const images = readElfOffloadBinaries(bytes).binaries.map((b) => b.entries[0]!.image);
    expect(images).to.deep.equal([img(13, 1), img(21, 2), img(0, 3)]);
    // clang-offload-packager-19 extracts the same bytes from the object.
    const p = run(requireTool('clang-offload-packager-19'), ['w1.o', '--image=file=pk-w1.o,arch=gfx90a'], dir);
    expect(p.status, p.stderr).to.equal(0);
    expect(readBytes(join(dir, 'pk-w1.o'))).to.deep.equal(img(21, 2));
  });

  it('an added section of the right type in an object that already has one (a 32-bit one too): indices continue across sections', async () => {
    wrap('omp.o', 'omp-plus.o', [{ name: '.llvm.offloading', file: 'v1.bin', type: SHT_LLVM_OFFLOADING }]);
    const text = await expectSameListing(dir, 'omp-plus.o');
    expect(text.match(/OFFLOADING IMAGE/g)).to.have.length(4);
    const secs = findOffloadingSections(readBytes(join(dir, 'omp-plus.o')));
    expect(secs.map((s) => [s.name, s.byType])).to.deep.equal([
      ['.llvm.offloading', true],
      ['.llvm.offloading', true],
    ]);
    // Any name: LLVM 19 goes by type.
    wrap('plain32.o', 'w32.o', [
      { name: '.llvm.offloading', file: 'v1b.bin', type: SHT_LLVM_OFFLOADING },
      { name: '.other', file: 'v1.bin', type: SHT_LLVM_OFFLOADING },
    ]);
    const t32 = await expectSameListing(dir, 'w32.o');
    expect(t32).to.match(/^\nw32\.o:\tfile format elf32-i386\n/);
    expect(t32.match(/OFFLOADING IMAGE/g)).to.have.length(4);
    const r = readElfOffloadBinaries(readBytes(join(dir, 'w32.o')));
    expect(r.elf.class).to.equal(32);
    expect(r.read.map((s) => s.section.name)).to.deep.equal(['.llvm.offloading', '.other']);
  });

  it('a section named .llvm.offloading of type PROGBITS: skipped as llvm-objdump-19 skips it (note on stderr); --by-name reads it', async () => {
    wrap('plain.o', 'byname.o', [{ name: '.llvm.offloading', file: 'v1.bin' }]);
    await expectSameListing(dir, 'byname.o');
    const r = await cli(['offload-list', '--llvm', '19', 'byname.o'], dir);
    expect(r.stdout).to.equal('\nbyname.o:\tfile format elf64-x86-64\n');
    expect(r.stderr).to.match(/^syclbin offload-list: byname\.o: note: section \[\d+\] '\.llvm\.offloading' has type SHT_PROGBITS \(0x1\), not SHT_LLVM_OFFLOADING \(0x6fff4c0b\); skipped as llvm-objdump skips it \(--by-name reads it\)\n/);
    // The binaries in it are still found by their magic (noted, not listed: llvm-objdump does not list them).
    expect(r.stderr).to.match(/: note: 3 OffloadBinaries were found by scanning for their magic, the first \(version 1, \d+ bytes\) at offset 0x[0-9a-f]+ in section \[\d+\] '\.llvm\.offloading'; LLVM does not look there, and llvm-objdump-19 does not see them: --scan always lists them too/);
    expect(r.stderr.match(/found by scanning/g)).to.have.length(1);
    const byName = await cli(['offload-list', '--llvm', '19', '--by-name', 'byname.o'], dir);
    expect(byName.code, byName.stderr).to.equal(0);
    expect(byName.stderr).to.equal('');
    const w1 = await cli(['offload-list', '--llvm', '19', 'w1.o'], dir);
    expect(byName.stdout).to.equal(w1.stdout.replace('w1.o:', 'byname.o:'));
    const x = await cli(['offload-extract', '--by-name', 'byname.o', '-o', 'byname-out'], dir);
    expect(x.code, x.stderr).to.equal(0);
    expect(readdirSync(join(dir, 'byname-out'))).to.have.length(3);
  });

  it('v2 and compressed v3 in a section: llvm-objdump-19 rejects them (it reads version 1 only); we list them in the same layout', async () => {
    wrap('plain.o', 'w2.o', [{ name: '.llvm.offloading', file: 'v2.bin', type: SHT_LLVM_OFFLOADING }]);
    wrap('plain.o', 'w3.o', [{ name: '.llvm.offloading', file: 'v3z.bin', type: SHT_LLVM_OFFLOADING }]);
    const theirs = objdump(dir, 'w2.o');
    expect(theirs.status).to.equal(1);
    expect(theirs.stderr).to.include('while extracting offloading files');
    // It printed the file-format line before failing; ours is the same line, then the images.
    const ours = await cli(['offload-list', '--llvm', '19', 'w2.o'], dir);
    expect(ours.code, ours.stderr).to.equal(0);
    expect(ours.stdout.startsWith(theirs.stdout.toString())).to.equal(true);
    expect(ours.stdout).to.equal(
      '\nw2.o:\tfile format elf64-x86-64\n' +
        '\nOFFLOADING IMAGE [0]:\nkind            elf\narch            sm_80\ntriple          nvptx64-nvidia-cuda\nproducer        cuda\n' +
        '\nOFFLOADING IMAGE [1]:\nkind            elf\narch            gfx1030\ntriple          amdgcn-amd-amdhsa\nproducer        hip\n',
    );
    const r2 = readElfOffloadBinaries(readBytes(join(dir, 'w2.o')));
    expect(r2.binaries[0]!.entries.map((e) => e.image)).to.deep.equal([img(9, 5), img(17, 6)]);
    const r3 = readElfOffloadBinaries(readBytes(join(dir, 'w3.o')));
    expect(r3.binaries[0]!.compression).to.equal('zlib');
    expect(r3.binaries[0]!.entries[0]!.image).to.deep.equal(img(100, 7));
    expect(r3.binaries[0]!.entries[0]!.imageRef.offset).to.equal(undefined);
  });

  it('e_type ET_CORE: llvm-objdump-19 reads no offloading section from it, neither do we (note on stderr)', async () => {
    const core = setU16(readBytes(join(dir, 'omp.o')), Elf64Header.offsets.e_type, 4);
    writeFileSync(join(dir, 'core.o'), core);
    await expectSameListing(dir, 'core.o');
    const r = await cli(['offload-list', '--llvm', '19', 'core.o'], dir);
    expect(r.stderr).to.match(/note: e_type 4 is not ET_REL, ET_EXEC or ET_DYN/);
  });

  it('a raw OffloadBinary file keeps its listing without a file-format line', async () => {
    const text = await expectSameListing(dir, 'v1.bin');
    expect(text.startsWith('\nOFFLOADING IMAGE [0]:\n')).to.equal(true);
  });
});

describe('offload ELF: hostile input', () => {
  const golden = readBytes(TESTDATA + GOLDEN);
  const g = elf64(golden);
  const read = (b: Uint8Array): unknown => readElfOffloadBinaries(b);

  it('every strict prefix of the golden object is a DecodeError (the section header table is at the end)', () => {
    expect(g.shoff + g.shnum * 64).to.equal(golden.length);
    for (let n = 0; n < golden.length; n++) {
      const e = expectDecodeError(() => read(golden.subarray(0, n)), `prefix ${n}`);
      expect(e.code).to.be.oneOf(['EOF', 'MAGIC']);
      expect(e.path, `prefix ${n}`).to.match(/^(header|sectionHeaders)/);
    }
  });

  it('the offloading section running past the end of the file', () => {
    // An offset inside the file with a size that runs past its end blames the size; an offset past the end, the offset.
    const b = setU64(golden, g.sh(12, 'sh_offset'), BigInt(golden.length - 4));
    const e = expectDecodeError(() => findOffloadingSections(b));
    expect(e.path).to.equal('sectionHeaders[12].sh_size');
    expect(e.offset).to.equal(g.sh(12, 'sh_size'));
    const past = expectDecodeError(() => findOffloadingSections(setU64(golden, g.sh(12, 'sh_offset'), BigInt(golden.length + 1))));
    expect([past.path, past.offset]).to.deep.equal(['sectionHeaders[12].sh_offset', g.sh(12, 'sh_offset')]);
    expect(e.message).to.match(/section \[index 12\] has a sh_offset \(0x[0-9a-f]+\) \+ sh_size \(0xd38\) that is greater than the file size/);
    // The offset lies inside the file, the size runs past its end: the size is blamed.
    const e2 = expectDecodeError(() => read(setU64(golden, g.sh(12, 'sh_size'), BigInt(golden.length))));
    expect([e2.path, e2.offset]).to.deep.equal(['sectionHeaders[12].sh_size', g.sh(12, 'sh_size')]);
  });

  it('u64 offsets and sizes near 2^64 (sums that would wrap) are RANGE errors at the field', () => {
    for (const [field, v] of [
      ['sh_offset', U64_MAX],
      ['sh_size', U64_MAX],
      ['sh_size', U64_MAX - 0x1e7n],
      ['sh_offset', 1n << 63n],
    ] as const) {
      const e = expectDecodeError(() => read(setU64(golden, g.sh(12, field), v)), `${field}=${v}`);
      expect(e.code).to.equal('RANGE');
      expect(e.path).to.equal(`sectionHeaders[12].${field}`);
      expect(e.offset).to.equal(g.sh(12, field));
    }
    // 2^53 - 1 is representable but far past the end.
    const e = expectDecodeError(() => read(setU64(golden, g.sh(12, 'sh_size'), BigInt(Number.MAX_SAFE_INTEGER))));
    expect(e.path).to.equal('sectionHeaders[12].sh_size');
    const h = expectDecodeError(() => read(setU64(golden, Elf64Header.offsets.e_shoff, U64_MAX - 7n)));
    expect([h.code, h.path, h.offset]).to.deep.equal(['RANGE', 'header.e_shoff', Elf64Header.offsets.e_shoff]);
    const h2 = expectDecodeError(() => read(setU64(golden, Elf64Header.offsets.e_shoff, BigInt(golden.length))));
    expect([h2.code, h2.path]).to.deep.equal(['EOF', 'header.e_shoff']);
    // (an unaligned e_shoff is no error, as in LLVM, whose alignof(Elf_Shdr) is 1: this table, 4 bytes
    // later, just runs past the end, as llvm-objdump says: "section table goes past the end of file")
    const h3 = expectDecodeError(() => read(setU64(golden, Elf64Header.offsets.e_shoff, BigInt(g.shoff + 4))));
    expect([h3.code, h3.path]).to.deep.equal(['EOF', 'header.e_shnum']);
  });

  it('huge section counts fail before anything is allocated (e_shnum, and sh_size of section 0 when e_shnum is 0)', () => {
    const e = expectDecodeError(() => read(setU16(golden, Elf64Header.offsets.e_shnum, 0xffff)));
    expect([e.code, e.path, e.offset]).to.deep.equal(['EOF', 'header.e_shnum', Elf64Header.offsets.e_shnum]);
    const zero = setU16(golden, Elf64Header.offsets.e_shnum, 0);
    for (const v of [BigInt(Number.MAX_SAFE_INTEGER), 1n << 40n, 20n]) {
      const e0 = expectDecodeError(() => read(setU64(zero, g.sh(0, 'sh_size'), v)), String(v));
      expect([e0.code, e0.path, e0.offset]).to.deep.equal(['EOF', 'sectionHeaders[0].sh_size', g.sh(0, 'sh_size')]);
    }
    const e1 = expectDecodeError(() => read(setU64(zero, g.sh(0, 'sh_size'), U64_MAX)));
    expect([e1.code, e1.path]).to.deep.equal(['RANGE', 'sectionHeaders[0].sh_size']);
    // The escape itself works: the count taken from section 0 gives the same sections.
    const ok = readElfOffloadBinaries(setU64(zero, g.sh(0, 'sh_size'), BigInt(g.shnum)));
    expect(ok.binaries).to.have.length(2);
  });

  // Section names LLVM never needs (it finds offloading sections by type): a problem with them is
  // recorded (ElfFile.nameProblem, a note in listings) and the file is still read.
  const nameProblem = (b: Uint8Array) => {
    const elf = readElfSectionTable(b);
    expect(readElfOffloadBinaries(b).binaries).to.have.length(2); // still read, by type
    expect(elf.nameProblem, 'a name problem').to.be.instanceOf(DecodeError);
    return elf.nameProblem!;
  };

  it('e_shstrndx out of range, and the SHN_XINDEX escape through sh_link of section 0', () => {
    for (const v of [g.shnum, 0xfeff, 0xff00]) {
      const e = nameProblem(setU16(golden, Elf64Header.offsets.e_shstrndx, v));
      expect([e.code, e.path, e.offset]).to.deep.equal(['RANGE', 'header.e_shstrndx', Elf64Header.offsets.e_shstrndx]);
    }
    const x = setU16(golden, Elf64Header.offsets.e_shstrndx, 0xffff);
    const e = nameProblem(setU32(x, g.sh(0, 'sh_link'), 1000));
    expect([e.code, e.path]).to.deep.equal(['RANGE', 'sectionHeaders[0].sh_link']);
    const escaped = readElfSectionTable(setU32(x, g.sh(0, 'sh_link'), g.shstrndx));
    expect(escaped.shstrndx).to.equal(g.shstrndx);
    expect(escaped.sections[12]!.name).to.equal('.llvm.offloading');
    // No string table at all: no names, the section is still found by type.
    const none = findOffloadingSections(setU16(golden, Elf64Header.offsets.e_shstrndx, 0));
    expect(none.map((s) => [s.index, s.name, s.byType, s.byName])).to.deep.equal([[12, '', true, false]]);
  });

  it('a bad section-name string table: wrong type, not NUL-terminated, sh_name past its end', () => {
    const t = nameProblem(setU32(golden, g.sh(g.shstrndx, 'sh_type'), 1));
    expect([t.code, t.path]).to.deep.equal(['FORMAT', `sectionHeaders[${g.shstrndx}].sh_type`]);
    const strOff = u64(golden, g.sh(g.shstrndx, 'sh_offset'));
    const strSize = u64(golden, g.sh(g.shstrndx, 'sh_size'));
    const nt = golden.slice();
    nt[strOff + strSize - 1] = 0x41;
    const n = nameProblem(nt);
    expect([n.code, n.offset]).to.deep.equal(['FORMAT', strOff + strSize - 1]);
    const s = nameProblem(setU32(golden, g.sh(12, 'sh_name'), strSize));
    expect([s.code, s.path, s.offset]).to.deep.equal(['RANGE', 'sectionHeaders[12].sh_name', g.sh(12, 'sh_name')]);
    const str = nameProblem(setU64(golden, g.sh(g.shstrndx, 'sh_size'), BigInt(golden.length)));
    expect(str.path).to.equal(`sectionHeaders[${g.shstrndx}].sh_size`);
  });

  it('header problems: e_shentsize, class, big-endian, magic', () => {
    const s = expectDecodeError(() => read(setU16(golden, Elf64Header.offsets.e_shentsize, 40)));
    expect([s.code, s.path]).to.deep.equal(['FORMAT', 'header.e_shentsize']);
    const c = golden.slice();
    c[4] = 3;
    expect(expectDecodeError(() => read(c)).path).to.equal('header.e_ident.class');
    // EI_DATA 2: the little-endian fields are now read big-endian, as LLVM would: e_shoff is far past the end.
    const be = golden.slice();
    be[5] = 2;
    const b = expectDecodeError(() => read(be));
    expect([b.path, b.offset]).to.deep.equal(['header.e_shoff', Elf64Header.offsets.e_shoff]);
    const bad = golden.slice();
    bad[5] = 3;
    expect(expectDecodeError(() => read(bad)).path).to.equal('header.e_ident.data');
    const m = golden.slice();
    m[1] = 0x46;
    expect(expectDecodeError(() => readElfSectionTable(m)).code).to.equal('MAGIC');
    expect(isElf(m)).to.equal(false);
    // A 32-bit class byte on a 64-bit layout reads the 52-byte header: its e_shoff (bytes 32..35) is
    // the low half of the 64-bit e_phoff, 0 here, so the object has no sections and nothing to list.
    const c32 = golden.slice();
    c32[4] = 1;
    const r = readElfOffloadBinaries(c32);
    expect([r.elf.class, r.elf.sections.length, r.binaries.length]).to.deep.equal([32, 0, 0]);
    // With e_phoff's low half pointing somewhere, the 40-byte headers there are read and checked.
    const c32b = setU64(c32, 32, BigInt(g.shoff));
    expectDecodeError(() => read(c32b), 'class 1 on a 64-bit object with a table');
  });

  it('bad section contents: the OffloadBinary error is located in the file (sections[12].binaries[0]...)', () => {
    const b = golden.slice();
    b[0x1e8] = 0;
    const e = expectDecodeError(() => read(b));
    expect([e.code, e.path, e.offset]).to.deep.equal(['MAGIC', 'sections[12].binaries[0].header.magic', 0x1e8]);
    const size = setU64(golden, 0x1e8 + 8, 0x10000n);
    const es = expectDecodeError(() => read(size));
    expect([es.path, es.offset]).to.deep.equal(['sections[12].binaries[0].header.size', 0x1e8 + 8]);
  });

  it('CLI: a hostile object exits 1 with the file, offset and path; never a crash', async () => {
    const t = tempDir();
    try {
      writeFileSync(join(t.dir, 'bad.o'), setU64(golden, g.sh(12, 'sh_offset'), U64_MAX));
      for (const cmd of [['offload-list', 'bad.o'], ['offload-list', '--json', 'bad.o'], ['offload-extract', 'bad.o', '-o', 'out']]) {
        const r = await cli(cmd, t.dir);
        expect(r.code).to.equal(1);
        expect(r.stdout).to.equal('');
        expect(r.stderr).to.match(new RegExp(`^syclbin ${cmd[0]}: error: 'bad\\.o': .*\\(at sectionHeaders\\[12\\]\\.sh_offset, offset 0x[0-9a-f]+\\)\\n$`));
      }
    } finally {
      t.cleanup();
    }
  });

  it('random overwrites of the ELF header and section header table: only DecodeError (fast-check)', () => {
    const sizes = [1, 2, 4, 8] as const;
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 63 }), fc.integer({ min: g.shoff, max: golden.length - 1 })),
        fc.constantFrom(...sizes),
        fc.oneof(fc.bigInt({ min: 0n, max: U64_MAX }), fc.constantFrom(0n, 1n, U64_MAX, U64_MAX - 7n, 1n << 53n, BigInt(golden.length))),
        (at, size, v) => {
          const b = golden.slice();
          const n = Math.min(size, b.length - at);
          for (let i = 0; i < n; i++) b[at + i] = Number((v >> BigInt(8 * i)) & 0xffn);
          try {
            readElfOffloadBinaries(b, { byName: true });
          } catch (e) {
            if (!(e instanceof DecodeError)) throw new Error(`at ${at} size ${size} value ${v}: ${(e as Error).constructor.name}: ${(e as Error).message}`);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a hand-built ELF32 with hostile section fields: DecodeError at the 32-bit field offsets', () => {
    // Minimal ELF32: header, one offloading section (v1 binary), a name table, and 3 section headers.
    const bin = writeOffloadBinary([{ imageKind: 1, offloadKind: 1, strings: [['triple', 'i386-pc-linux-gnu']], image: Uint8Array.of(1, 2, 3) }]);
    const names = new TextEncoder().encode('\0.llvm.offloading\0.shstrtab\0');
    const binAt = 52;
    const namesAt = binAt + bin.length;
    const shoff = Math.ceil((namesAt + names.length) / 4) * 4;
    const b = new Uint8Array(shoff + 3 * 40);
    b.set([0x7f, 0x45, 0x4c, 0x46, 1, 1, 1]);
    const dv = new DataView(b.buffer);
    dv.setUint16(Elf32Header.offsets.e_type, 1, true);
    dv.setUint16(Elf32Header.offsets.e_machine, 3, true);
    dv.setUint32(Elf32Header.offsets.e_shoff, shoff, true);
    dv.setUint16(Elf32Header.offsets.e_shentsize, 40, true);
    dv.setUint16(Elf32Header.offsets.e_shnum, 3, true);
    dv.setUint16(Elf32Header.offsets.e_shstrndx, 2, true);
    b.set(bin, binAt);
    b.set(names, namesAt);
    const sh = (i: number, f: keyof typeof Elf32SectionHeader.offsets): number => shoff + i * 40 + Elf32SectionHeader.offsets[f];
    dv.setUint32(sh(1, 'sh_name'), 1, true);
    dv.setUint32(sh(1, 'sh_type'), SHT_LLVM_OFFLOADING, true);
    dv.setUint32(sh(1, 'sh_offset'), binAt, true);
    dv.setUint32(sh(1, 'sh_size'), bin.length, true);
    dv.setUint32(sh(2, 'sh_name'), 18, true);
    dv.setUint32(sh(2, 'sh_type'), 3, true);
    dv.setUint32(sh(2, 'sh_offset'), namesAt, true);
    dv.setUint32(sh(2, 'sh_size'), names.length, true);
    const ok = readElfOffloadBinaries(b);
    expect(ok.elf.class).to.equal(32);
    expect(ok.sections.map((s) => s.name)).to.deep.equal(['.llvm.offloading']);
    expect(ok.binaries[0]!.entries[0]!.image).to.deep.equal(Uint8Array.of(1, 2, 3));
    expect(ok.binaries[0]!.offset).to.equal(binAt);
    const e = expectDecodeError(() => readElfOffloadBinaries(setU32(b, sh(1, 'sh_size'), 0xffffffff)));
    expect([e.path, e.offset]).to.deep.equal(['sectionHeaders[1].sh_size', sh(1, 'sh_size')]);
    const e2 = expectDecodeError(() => readElfOffloadBinaries(setU32(b, sh(1, 'sh_offset'), 0xfffffff0)));
    expect(e2.path).to.equal('sectionHeaders[1].sh_offset');
    const e3 = expectDecodeError(() => readElfOffloadBinaries(setU32(b, Elf32Header.offsets.e_shoff, 0xfffffffc)));
    expect(e3.path).to.equal('header.e_shoff');
    for (let n = 0; n < b.length; n++) expectDecodeError(() => readElfOffloadBinaries(b.subarray(0, n)), `ELF32 prefix ${n}`);
    // An empty offloading section holds no binaries (LLVM's loop does not run).
    const empty = readElfOffloadBinaries(setU32(b, sh(1, 'sh_size'), 0));
    expect(empty.read.map((r) => r.binaries.length)).to.deep.equal([0]);
  });

  it('big-endian ELF32 and ELF64 (EI_DATA 2) are read in their byte order, as LLVM reads them', () => {
    const bin = writeOffloadBinary([{ imageKind: 1, offloadKind: 1, strings: [['triple', 'powerpc64-unknown-linux-gnu']], image: Uint8Array.of(9, 8, 7) }]);
    const names = new TextEncoder().encode('\0.llvm.offloading\0.shstrtab\0');
    for (const cls of [1, 2] as const) {
      const H = cls === 1 ? Elf32Header : Elf64Header;
      const shsize = cls === 1 ? 40 : 64;
      const binAt = H.fixedSize!;
      const namesAt = binAt + bin.length;
      const shoff = Math.ceil((namesAt + names.length) / 8) * 8;
      const b = new Uint8Array(shoff + 3 * shsize);
      b.set([0x7f, 0x45, 0x4c, 0x46, cls, 2, 1]);
      b.set(bin, binAt);
      b.set(names, namesAt);
      const dv = new DataView(b.buffer);
      const word = (at: number, v: number): void => (cls === 1 ? dv.setUint32(at, v, false) : dv.setBigUint64(at, BigInt(v), false));
      dv.setUint16(H.offsets.e_type, 1, false);
      dv.setUint16(H.offsets.e_machine, cls === 1 ? 20 : 21, false);
      word(H.offsets.e_shoff, shoff);
      dv.setUint16(H.offsets.e_shentsize, shsize, false);
      dv.setUint16(H.offsets.e_shnum, 3, false);
      dv.setUint16(H.offsets.e_shstrndx, 2, false);
      const S = cls === 1 ? Elf32SectionHeader : Elf64SectionHeader;
      const sh = (i: number, f: keyof typeof S.offsets): number => shoff + i * shsize + S.offsets[f];
      dv.setUint32(sh(1, 'sh_name'), 1, false);
      dv.setUint32(sh(1, 'sh_type'), SHT_LLVM_OFFLOADING, false);
      word(sh(1, 'sh_offset'), binAt);
      word(sh(1, 'sh_size'), bin.length);
      dv.setUint32(sh(2, 'sh_name'), 18, false);
      dv.setUint32(sh(2, 'sh_type'), 3, false);
      word(sh(2, 'sh_offset'), namesAt);
      word(sh(2, 'sh_size'), names.length);
      const r = readElfOffloadBinaries(b);
      expect([r.elf.class, r.elf.littleEndian, r.elf.machine], `class ${cls}`).to.deep.equal([cls === 1 ? 32 : 64, false, cls === 1 ? 20 : 21]);
      expect(r.sections.map((x) => x.name)).to.deep.equal(['.llvm.offloading']);
      expect(r.binaries[0]!.entries[0]!.strings.get('triple')).to.equal('powerpc64-unknown-linux-gnu');
      expect([...r.binaries[0]!.entries[0]!.image]).to.deep.equal([9, 8, 7]);
      // Hostile fields are located at their big-endian field offsets too.
      const e = expectDecodeError(() => readElfOffloadBinaries(setU16BE(b, H.offsets.e_shnum, 0xffff)));
      expect([e.path, e.offset]).to.deep.equal(['header.e_shnum', H.offsets.e_shnum]);
    }
  });
});

/**
 * An ELF64 relocatable object whose `headers` SHT_LLVM_OFFLOADING section headers name parts of one
 * region holding `count` 72-byte OffloadBinaries: all the whole region (`same`), or header i the
 * region from binary i on (overlapping, all different).
 */
function overlappingSections(count: number, headers: number, same: boolean): Uint8Array {
  const bin = writeOffloadBinary([{ imageKind: 1, offloadKind: 1, flags: 0, strings: [], image: new Uint8Array(0) }]);
  const region = new Uint8Array(bin.length * count);
  for (let i = 0; i < count; i++) region.set(bin, i * bin.length);
  const strtab = new TextEncoder().encode('\0.llvm.offloading\0');
  const eh = Elf64Header.fixedSize!;
  const sh = Elf64SectionHeader.fixedSize!;
  const strAt = eh + region.length;
  const shoff = (strAt + strtab.length + 7) & ~7;
  const out = new Uint8Array(shoff + sh * (headers + 2));
  const v = new DataView(out.buffer);
  out.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
  const h = Elf64Header.offsets as Record<string, number>;
  v.setUint16(h.e_type!, 1, true);
  v.setUint16(h.e_machine!, 62, true);
  v.setUint32(h.e_version!, 1, true);
  v.setBigUint64(h.e_shoff!, BigInt(shoff), true);
  v.setUint16(h.e_ehsize!, eh, true);
  v.setUint16(h.e_shentsize!, sh, true);
  v.setUint16(h.e_shnum!, headers + 2, true);
  v.setUint16(h.e_shstrndx!, headers + 1, true);
  out.set(region, eh);
  out.set(strtab, strAt);
  const s = Elf64SectionHeader.offsets as Record<string, number>;
  for (let i = 1; i <= headers; i++) {
    const at = shoff + sh * i;
    const skip = same ? 0 : (i - 1) * bin.length;
    v.setUint32(at + s.sh_name!, 1, true);
    v.setUint32(at + s.sh_type!, SHT_LLVM_OFFLOADING, true);
    v.setBigUint64(at + s.sh_offset!, BigInt(eh + skip), true);
    v.setBigUint64(at + s.sh_size!, BigInt(region.length - skip), true);
    v.setBigUint64(at + s.sh_addralign!, 8n, true);
  }
  const st = shoff + sh * (headers + 1);
  v.setUint32(st + s.sh_type!, 3, true);
  v.setBigUint64(st + s.sh_offset!, BigInt(strAt), true);
  v.setBigUint64(st + s.sh_size!, BigInt(strtab.length), true);
  v.setBigUint64(st + s.sh_addralign!, 1n, true);
  return out;
}

describe('offload: section headers that name the same bytes', () => {
  it('sections with the same contents are read once and listed for each header, as llvm-objdump-22 lists them', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'same.o'), overlappingSections(30, 20, true));
      const r = await cli(['offload-list', 'same.o'], dir);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stderr).to.contain('note: section [2] holds the very bytes of section [1] (and 18 more section(s) like it)');
      expect(r.stdout.match(/^OFFLOADING IMAGE/gm)).to.have.length(600);
      const peer = run(requireTool('llvm-objdump-22'), ['--offloading', 'same.o'], dir);
      expect(r.stdout).to.equal(peer.stdout.toString());
    } finally {
      cleanup();
    }
  });

  it('the binaries of the repeated sections are the same models, found again flagged sameAs (extracted as LLVM extracts them), explained once (inspect, annotate)', async () => {
    const { readOffloadInput } = await import('../../src/offload/input.js');
    const { explainInput } = await import('../../src/inspect/input.js');
    const { annotate } = await import('../../src/hex/annotate.js');
    const { hexdump } = await import('../../src/hex/hexdump.js');
    const b = overlappingSections(30, 20, true);
    const r = readOffloadInput(b);
    expect(r.found).to.have.length(600);
    expect(r.found.filter((f) => f.sameAs === undefined)).to.have.length(30);
    expect(r.found.filter((f) => f.sameAs === 1)).to.have.length(570);
    expect(r.binaries).to.have.length(600);
    expect(new Set(r.binaries).size).to.equal(30);
    expect(explainInput(b).tree.label).to.match(/: 30 OffloadBinaries,/);
    const ann = annotate(b);
    expect(ann.offload).to.have.length(30);
    expect(ann.spans.find((s) => s.path === 'sections[1]')?.shared).to.have.length(19);
    expect(hexdump(b, ann, { path: 'sections[7]' })).to.contain('sections[1].binaries[0].header.magic');
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'same.o'), b);
      const x = await cli(['offload-extract', 'same.o', '-o', 'out'], dir);
      expect(x.code, x.stderr).to.equal(0);
      expect(readdirSync(join(dir, 'out'))).to.have.length(600);
    } finally {
      cleanup();
    }
  });

  it('overlapping sections that are not the same: read up to SECTION_READ_LIMITS, then a LIMIT error at the section', async () => {
    const { SECTION_READ_LIMITS } = await import('../../src/offload/elf.js');
    const { readOffloadInput } = await import('../../src/offload/input.js');
    const b = overlappingSections(400, 400, false);
    const e = expectDecodeError(() => readOffloadInput(b));
    expect(e.code).to.equal('LIMIT');
    expect(e.message).to.contain(`more than ${SECTION_READ_LIMITS.factor * b.length + SECTION_READ_LIMITS.slackBytes} for the ${b.length} bytes`);
    expect(e.pathSegments.slice(-2)[0]).to.equal('sections');
    // A few such sections stay well inside the budget.
    expect(readOffloadInput(overlappingSections(40, 3, false)).binaries).to.have.length(40 + 39 + 38);
  });

  it('sections named again: listed again up to REPEAT_SLACK + REPEAT_FACTOR x the binaries read, then a LIMIT error at the section (review 2026-11-28a F1b)', async () => {
    const { REPEAT_FACTOR, REPEAT_SLACK } = await import('../../src/offload/repeats.js');
    const { readOffloadInput } = await import('../../src/offload/input.js');
    const { annotate } = await import('../../src/hex/annotate.js');
    // 50 binaries: 50 * (8 + 1) + 4096 = 4546 binaries found again are listed, the 92nd header's 50 more are not.
    const within = Math.floor((REPEAT_SLACK + REPEAT_FACTOR * 50) / 50) + 1;
    expect(readOffloadInput(overlappingSections(50, within, true)).found).to.have.length(50 * within);
    const b = overlappingSections(50, 2000, true);
    const e = expectDecodeError(() => readOffloadInput(b));
    expect(e.code).to.equal('LIMIT');
    expect(e.message).to.contain(`section [${within + 1}] names the bytes of section [1] again: the binaries found again add up to ${50 * within}, more than ${REPEAT_SLACK + REPEAT_FACTOR * 50}`);
    expect(e.pathSegments.slice(-2)).to.deep.equal(['sections', within + 1]);
    // annotate reports it and explains what it read
    const ann = annotate(b);
    expect(ann.problems.some((p) => p.code === 'LIMIT')).to.equal(true);
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'same.o'), b);
      for (const args of [['offload-list', 'same.o'], ['offload-list', '--json', 'same.o'], ['inspect', 'same.o']]) {
        const r = await cli(args, dir);
        expect(r.code, args.join(' ')).to.equal(1);
        expect(r.stderr, args.join(' ')).to.contain('the binaries found again add up to');
      }
    } finally {
      cleanup();
    }
  });
});
