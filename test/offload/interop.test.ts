/**
 * Interop with the real LLVM 19 and LLVM 22 peers (Debian clang-19 / llvm-19 and llvm-22;
 * test/support/tools.ts fails with the install command when they are missing), for each era:
 *   - `syclbin offload-pack --llvm ERA` writes the same bytes as the era's packer
 *     (`clang-offload-packager-19`, `llvm-offload-binary-22`) for the same command line;
 *   - the era's `llvm-objdump --offloading` reads every file we write and prints exactly what
 *     `syclbin offload-list --llvm ERA` prints;
 *   - we read everything the packer writes (model = the files and keys given).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERA_TOOLS, requireTool } from '../support/tools.js';
import { llvmEra } from '../../formats/eras.js';
import { readOffloadBinaries } from '../../src/offload/read.js';
import { writeOffloadBinaries } from '../../src/offload/write.js';
import { formatOffloadingText } from '../../src/offload/objdump-text.js';
import { cli, hexdiff, readBytes, run, tempDir, TESTDATA, PACKAGER_GOLDENS } from './support.js';

interface Case {
  name: string;
  files: Record<string, Uint8Array | string>;
  /** Arguments after `-o OUT`. */
  args: string[];
  /** Expected number of images the packager writes. */
  images: number;
}

const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);
const BC = [0x42, 0x43, 0xc0, 0xde];

// At least ten varied command lines (issue 2 §4): triples, arches, kinds, empty image, odd sizes,
// several images, extra keys, shared string suffixes, UTF-8, repeated keys, magic-based kinds.
const cases: Case[] = [
  {
    name: 'one CUDA object',
    files: { 'k.o': 'device-object' },
    args: ['--image=file=k.o,triple=nvptx64-nvidia-cuda,arch=sm_70,kind=cuda'],
    images: 1,
  },
  {
    name: 'HIP bitcode by magic and by extension',
    files: { 'a.bc': bytes(...BC, 0x35, 0x14, 0, 0, 5), 'b.bc': 'not really bitcode' },
    args: ['--image=file=a.bc,triple=amdgcn-amd-amdhsa,arch=gfx90a,kind=hip', '--image=file=b.bc,triple=amdgcn-amd-amdhsa,arch=gfx1030,kind=hip'],
    images: 2,
  },
  {
    name: 'empty image',
    files: { 'empty.cubin': new Uint8Array(0) },
    args: ['--image=file=empty.cubin,triple=nvptx64-nvidia-cuda,arch=sm_52,kind=cuda'],
    images: 1,
  },
  {
    name: 'odd sizes 1, 3, 7, 9, 15, 17 bytes',
    files: Object.fromEntries([1, 3, 7, 9, 15, 17].map((n) => [`i${n}.o`, Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff)])),
    args: [1, 3, 7, 9, 15, 17].map((n) => `--image=file=i${n}.o,triple=x86_64-unknown-linux-gnu,arch=x86-64-v${(n % 4) + 1},kind=openmp`),
    images: 6,
  },
  {
    name: 'several images of every extension kind',
    files: { 'a.o': 'obj', 'b.bc': 'bc!', 'c.cubin': 'cubin', 'd.fatbin': 'fatbin', 'e.s': '.version 7.0\n', 'f.spv': bytes(3, 2, 0x23, 7), 'g.img': 'other' },
    args: [
      '--image=file=a.o,triple=x86_64-unknown-linux-gnu,arch=generic,kind=openmp',
      '--image=file=b.bc,triple=amdgcn-amd-amdhsa,arch=gfx908,kind=hip',
      '--image=file=c.cubin,triple=nvptx64-nvidia-cuda,arch=sm_80,kind=cuda',
      '--image=file=d.fatbin,triple=nvptx64-nvidia-cuda,arch=sm_86,kind=cuda',
      '--image=file=e.s,triple=nvptx64-nvidia-cuda,arch=sm_90,kind=cuda',
      '--image=file=f.spv,triple=spirv64-unknown-unknown,arch=,kind=sycl',
      '--image=file=g.img,triple=unknown,kind=openmp',
    ],
    images: 7,
  },
  {
    name: 'extra keys (feature, producer, options with spaces and =)',
    files: { 'k.o': 'kernel' },
    args: ['--image=file=k.o,triple=nvptx64-nvidia-cuda,arch=sm_75,kind=openmp,feature=+ptx63,producer=clang,compile-opts=-O2 -g -DX=1,link-opts=--lto=thin'],
    images: 1,
  },
  {
    name: 'shared string suffixes (tail merging in the string table)',
    files: { 'k.o': 'k' },
    args: ['--image=file=k.o,triple=amdgcn-amd-amdhsa,arch=gfx90a,target=amdgcn-amd-amdhsa--gfx90a,a=a,hsa=hsa,x=gfx90a,90a=90a'],
    images: 1,
  },
  {
    name: 'UTF-8 keys and values',
    files: { 'ü.o': 'ü' },
    args: ['--image=file=ü.o,triple=spir64-unknown-unknown,arch=intel_gpu_pvc,kind=openmp,Ünïcødé=välue→✓,名前=値,emoji=🚀🧪'],
    images: 1,
  },
  {
    name: 'repeated keys: file=a,file=b gives two binaries; other values joined with ","',
    files: { 'a.o': 'AAAA', 'b.s': 'BBB' },
    args: ['--image=file=a.o,triple=nvptx64-nvidia-cuda,arch=sm_80,kind=openmp,file=b.s,arch=sm_90,extra=1,extra=2'],
    images: 2,
  },
  {
    name: 'kind=sycl, unknown, empty and missing kinds (LLVM 19 writes 0), repeated kind joined',
    files: { 'a.o': 'a', 'b.o': 'b', 'c.o': 'c', 'd.o': 'd', 'e.o': 'e' },
    args: [
      '--image=file=a.o,triple=spir64,kind=sycl',
      '--image=file=b.o,triple=spir64,kind=fortran',
      '--image=file=c.o,triple=spir64,kind=',
      '--image=file=d.o,triple=spir64',
      '--image=file=e.o,triple=spir64,kind=openmp,kind=cuda',
    ],
    images: 5,
  },
  {
    name: 'bitcode magic behind .o and wrapper magic behind an unknown extension; odd paths',
    files: { 'lto.o': bytes(...BC, 1, 2), 'w.foo': bytes(0xde, 0xc0, 0x17, 0x0b, 0, 0, 0, 0), 'UPPER.O': 'x', noext: 'y', 'dir.d/file': 'z', 'short.bc': bytes(0x42, 0x43) },
    args: [
      '--image=file=lto.o,triple=x86_64-unknown-linux-gnu,arch=generic,kind=openmp',
      '--image=file=w.foo,triple=x86_64-unknown-linux-gnu,kind=openmp',
      '--image=file=UPPER.O,triple=t',
      '--image=file=noext,triple=t',
      '--image=file=dir.d/file,triple=t',
      '--image=file=./short.bc,triple=t',
    ],
    images: 6,
  },
  {
    name: 'empty values, keys without "=", empty pieces',
    files: { 'k.o': 'k' },
    args: ['--image=file=k.o,triple=t,arch=,flag,,=v,k=a=b'],
    images: 1,
  },
  {
    name: 'sixty keys in one --image (DenseMap growth from 64 to 128 buckets)',
    files: { 'k.o': 'many' },
    args: [`--image=file=k.o,triple=t,${Array.from({ length: 60 }, (_, i) => `key${i}=value${(i * 7) % 13}`).join(',')}`],
    images: 1,
  },
  {
    name: '--image as a separate argument',
    files: { 'k.o': 'sep' },
    args: ['--image', 'file=k.o,triple=nvptx64-nvidia-cuda,arch=sm_61,kind=cuda', '--image=file=k.o,triple=nvptx64-nvidia-cuda,arch=sm_62,kind=cuda'],
    images: 2,
  },
  {
    name: 'no --image at all (empty output)',
    files: {},
    args: [],
    images: 0,
  },
  {
    name: 'a larger image (100 KiB, not a multiple of 8)',
    files: { 'big.cubin': Uint8Array.from({ length: 100 * 1024 + 5 }, (_, i) => (i * 2654435761) >>> 24) },
    args: ['--image=file=big.cubin,triple=nvptx64-nvidia-cuda,arch=sm_89,kind=cuda'],
    images: 1,
  },
];

function setup(dir: string, files: Case['files']): void {
  for (const [name, content] of Object.entries(files)) {
    const p = join(dir, name);
    mkdirSync(join(p, '..'), { recursive: true });
    writeFileSync(p, content);
  }
}

for (const era of ['19', '22'] as const) {
  const tools = ERA_TOOLS[era];
  describe(`interop: syclbin offload-pack --llvm ${era} vs ${tools.packer} (same command line)`, function () {
    this.timeout(120000);
    let packager: string;
    let objdump: string;
    before(() => {
      packager = requireTool(tools.packer);
      objdump = requireTool(tools.objdump);
    });

    for (const c of cases) {
      it(c.name, async () => {
        const { dir, cleanup } = tempDir();
        try {
          setup(dir, c.files);
          const real = run(packager, ['-o', 'theirs.bin', ...c.args], dir);
          expect(real.status, real.stderr).to.equal(0);
          const ours = await cli(['offload-pack', '--llvm', era, '-o', 'ours.bin', ...c.args], dir);
          expect(ours.code, ours.stderr).to.equal(0);
          const theirs = readBytes(join(dir, 'theirs.bin'));
          const mine = readBytes(join(dir, 'ours.bin'));
          expect(hexdiff(mine, theirs)).to.equal('identical');
          if (c.images === 0) {
            expect(mine.length).to.equal(0);
            return;
          }
          // We read what the packager wrote: one v1 binary per image, images = the files.
          const models = readOffloadBinaries(theirs);
          expect(models.length).to.equal(c.images);
          expect(models.every((m) => m.version === 1 && m.entries.length === 1)).to.equal(true);
          // The era's llvm-objdump reads our file and prints what offload-list prints (on both files).
          const dump = run(objdump, ['--offloading', 'ours.bin'], dir);
          expect(dump.status, dump.stderr).to.equal(0);
          const list = await cli(['offload-list', '--llvm', era, 'ours.bin'], dir);
          expect(list.code, list.stderr).to.equal(0);
          expect(hexdiff(list.stdoutBytes, new Uint8Array(dump.stdout))).to.equal('identical');
          const listTheirs = await cli(['offload-list', '--llvm', era, 'theirs.bin'], dir);
          expect(listTheirs.stdout).to.equal(list.stdout);
        } finally {
          cleanup();
        }
      });
    }

    it('the image bytes we read from the packager output are the input files, in command-line order', async () => {
      const c = cases.find((x) => x.name.startsWith('several images'))!;
      const { dir, cleanup } = tempDir();
      try {
        setup(dir, c.files);
        expect(run(packager, ['-o', 'theirs.bin', ...c.args], dir).status).to.equal(0);
        const models = readOffloadBinaries(readBytes(join(dir, 'theirs.bin')));
        const names = Object.keys(c.files);
        models.forEach((m, i) => {
          const want = c.files[names[i]!]!;
          expect(Buffer.from(m.entries[0]!.image).toString('latin1')).to.equal(Buffer.from(typeof want === 'string' ? Buffer.from(want) : want).toString('latin1'));
        });
        // .spv is image kind 0 in both releases (IMG_SPIRV only from main on).
        expect(models.map((m) => m.entries[0]!.imageKind)).to.deep.equal([1, 2, 3, 4, 5, 0, 0]);
        // LLVM 19: openmp 1, hip 3, cuda 2, sycl -> 0; LLVM 22 (bitmask): hip 4, sycl 8.
        expect(models.map((m) => m.entries[0]!.offloadKind)).to.deep.equal(era === '19' ? [1, 3, 2, 2, 2, 0, 1] : [1, 4, 2, 2, 2, 8, 1]);
      } finally {
        cleanup();
      }
    });

    it(`required keys as in LLVM ${era}: a missing file fails with the same message; a missing triple ${era === '19' ? 'too' : 'is accepted'}`, async () => {
      const { dir, cleanup } = tempDir();
      try {
        setup(dir, { 'k.o': 'k' });
        const message = llvmEra(era).pack.missingKeysError;
        for (const image of ['--image=triple=t,arch=sm_70', '--image=file=k.o,arch=sm_70']) {
          const real = run(packager, ['-o', 'theirs.bin', image], dir);
          const ours = await cli(['offload-pack', '--llvm', era, '-o', 'ours.bin', image], dir);
          const fails = era === '19' || !image.includes('file=');
          expect(real.status, `${packager} ${image}`).to.equal(fails ? 1 : 0);
          expect(ours.code, ours.stderr).to.equal(fails ? 1 : 0);
          if (fails) {
            expect(real.stderr).to.include(message);
            expect(ours.stderr).to.include(message);
          } else {
            expect(hexdiff(readBytes(join(dir, 'ours.bin')), readBytes(join(dir, 'theirs.bin')))).to.equal('identical');
          }
        }
      } finally {
        cleanup();
      }
    });

    if (era === '19') it('the goldens in testdata/offload are reproduced from their README command lines', async () => {
      // testdata/offload/README.md lists the command that made each golden; rerun it with our CLI.
      const readme = readBytes(join(TESTDATA, 'README.md'));
      const text = new TextDecoder().decode(readme);
      const { dir, cleanup } = tempDir();
      try {
        for (const f of ['k.o', 'k.bc', 'empty.cubin', 'k.fatbin', 'k.s', 'k.spv', 'lto.o']) writeFileSync(join(dir, f), readBytes(join(TESTDATA, f)));
        for (const golden of PACKAGER_GOLDENS) {
          const line = text.split('\n').find((l) => l.startsWith(`- \`${golden}\``))!;
          const cmd = /`\$P -o \S+ (.*?)`(?: \(|$)/.exec(line)![1]!;
          // Split the README's shell words: single-quoted words or plain words.
          const args = [...cmd.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
          const ours = await cli(['offload-pack', '--llvm', '19', '-o', 'out.bin', ...args], dir);
          expect(ours.code, ours.stderr).to.equal(0);
          expect(hexdiff(readBytes(join(dir, 'out.bin')), readBytes(join(TESTDATA, golden))), golden).to.equal('identical');
          const list = await cli(['offload-list', '--llvm', '19', join(TESTDATA, golden)], dir);
          expect(list.stdout, golden).to.equal(new TextDecoder().decode(readBytes(join(TESTDATA, golden.replace(/\.bin$/, '.objdump.txt')))));
        }
      } finally {
        cleanup();
      }
    });
  });

  describe(`interop: ${tools.objdump} reads every v1 file our writer produces`, function () {
    this.timeout(120000);
    it('property: random v1 binaries (kinds, strings, images) list identically', () => {
      const objdump = requireTool(tools.objdump);
      const { dir, cleanup } = tempDir();
      // Strings without NUL; keys non-empty. Several binaries per file, as the packager writes them.
      const str = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !s.includes('\0'));
      const entry = fc.record({
        imageKind: fc.integer({ min: 0, max: 8 }),
        offloadKind: fc.integer({ min: 0, max: 17 }),
        flags: fc.constantFrom(0, 1),
        strings: fc.array(fc.tuple(str.filter((s) => s.length > 0), str), { maxLength: 6 }),
        image: fc.uint8Array({ maxLength: 40 }),
      });
      try {
        let n = 0;
        fc.assert(
          fc.property(fc.array(entry, { minLength: 1, maxLength: 4 }), fc.option(str), fc.option(str), (entries, arch, triple) => {
            const withKeys = entries.map((e) => {
              const s = [...e.strings];
              if (arch !== null) s.push(['arch', arch]);
              if (triple !== null) s.push(['triple', triple]);
              return { ...e, strings: s };
            });
            const file = join(dir, `r${n++}.bin`);
            const bin = writeOffloadBinaries(
              withKeys.map((e) => [e]),
              { version: 1 },
            );
            writeFileSync(file, bin);
            const dump = run(objdump, ['--offloading', file], dir);
            expect(dump.status, dump.stderr).to.equal(0);
            expect(formatOffloadingText(readOffloadBinaries(bin), { era: llvmEra(era) })).to.equal(dump.stdout.toString('utf8'));
          }),
          { numRuns: 40 },
        );
      } finally {
        cleanup();
      }
    });
  });
}
