/**
 * `clang-offload-packager-19` / `llvm-offload-binary-22` command-line semantics
 * (src/offload/packager-args.ts, one era row each in formats/eras.ts), checked against the real
 * tools: for each command line the tool runs, and our description of the images
 * (kinds, flags, string-entry order, file order) written by our OffloadBinary writer must give the
 * very same bytes. A failure first reports the differing string-key order, which is the part this
 * module predicts (DenseMap bucket order, see densemap-order.ts).
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { ERA_TOOLS, requireTool } from '../support/tools.js';
import { llvmEra } from '../../formats/eras.js';
import {
  BITMASK_OFFLOAD_KINDS,
  describePackagerImages,
  hasBitcodeMagic,
  llvmPathExtension,
  packagerImageKind,
  parseImageArgument,
  parseImageArguments,
  SEQUENTIAL_OFFLOAD_KINDS,
  type PackagerImage,
} from '../../src/offload/packager-args.js';
import { SyclbinError } from '../../src/codec/errors.js';
import { readOffloadBinaries } from '../../src/offload/read.js';
import { writeOffloadBinaries } from '../../src/offload/write.js';

const BITCODE = [0x42, 0x43, 0xc0, 0xde];
const WRAPPER = [0xde, 0xc0, 0x17, 0x0b];

/** Files created in the scratch directory (name → contents). */
const FILES: Record<string, Uint8Array> = {
  'gfx90a.o': bytes(64, 1),
  'kernel.cubin': bytes(37, 2),
  'device.fatbin': bytes(101, 3),
  'ptx.s': new TextEncoder().encode('.version 7.0\n.target sm_70\n'),
  'empty.o': new Uint8Array(0),
  'one.bc': Uint8Array.of(BITCODE[0]!), // .bc with 1 byte: too short for any magic
  'seven.o': bytes(7, 4),
  'nine.bin': bytes(9, 5),
  'thirteen': bytes(13, 6),
  'notbitcode.bc': bytes(24, 7), // .bc extension, no magic → still IMG_Bitcode by extension
  'lto.o': Uint8Array.from([...BITCODE, ...bytes(20, 8)]), // .o with bitcode magic → IMG_Bitcode
  'wrapped.o': Uint8Array.from([...WRAPPER, ...bytes(12, 9)]), // bitcode wrapper magic → IMG_Bitcode
  'upper.O': bytes(8, 10), // StringSwitch is case-sensitive → IMG_None
  '.bc': bytes(5, 11), // hidden file: sys::path::extension is ".bc"
  'dir.d/noext': bytes(3, 12), // dot only in the directory → no extension
  'trailingdot.': bytes(2, 13),
  'bc.spv': Uint8Array.of(0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0), // SPIR-V magic: no IMG_SPIRV in LLVM 19
};

function bytes(n: number, seed: number): Uint8Array {
  return Uint8Array.from({ length: n }, (_, i) => (i * 29 + seed * 53 + 1) & 0xff);
}

const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}=v${i * 7}`).join(',');

/** ≥ 10 varied command lines (each entry = the list of --image values). */
const COMMAND_LINES: Array<{ name: string; images: string[] }> = [
  { name: 'AMDGPU object, OpenMP', images: ['file=gfx90a.o,triple=amdgcn-amd-amdhsa,arch=gfx90a,kind=openmp'] },
  { name: 'CUDA cubin', images: ['file=kernel.cubin,triple=nvptx64-nvidia-cuda,arch=sm_70,kind=cuda'] },
  { name: 'HIP fatbin, keys in another order', images: ['kind=hip,arch=gfx1030,triple=amdgcn-amd-amdhsa,file=device.fatbin'] },
  { name: 'PTX, kind=sycl (0 in LLVM 19), empty arch', images: ['file=ptx.s,triple=spir64-unknown-unknown,arch=,kind=sycl'] },
  { name: 'empty image, no kind', images: ['file=empty.o,triple=x86_64-unknown-linux-gnu,arch=generic'] },
  {
    name: 'several --image with odd sizes',
    images: [
      'file=seven.o,triple=x86_64-unknown-linux-gnu,arch=native,kind=openmp',
      'file=nine.bin,triple=nvptx64-nvidia-cuda,arch=sm_89,kind=cuda',
      'file=thirteen,triple=amdgcn-amd-amdhsa,arch=gfx942:xnack+,kind=hip',
      'file=one.bc,triple=spirv64-intel,arch=pvc',
    ],
  },
  {
    name: 'extra keys with shared string suffixes',
    images: ['file=gfx90a.o,triple=amdgcn-amd-amdhsa,arch=gfx90a:xnack+,kind=openmp,producer=openmp,feature=+xnack,target-id=gfx90a:xnack+,id=xnack+,tail=mp'],
  },
  {
    name: 'repeated keys join with "," at the first position; repeated kind → 0',
    images: ['arch=sm_70,triple=nvptx64-nvidia-cuda,file=kernel.cubin,arch=sm_80,kind=cuda,extra=1,arch=sm_90,kind=openmp,extra=2'],
  },
  { name: "'file' without '=' adds no image (llvm::split of a null StringRef); the next --image still does", images: ['file,triple=x86_64-unknown-linux-gnu,arch=a', 'file=seven.o,triple=t,arch=b'] },
  { name: 'two files in one --image (file=a,file=b)', images: ['file=gfx90a.o,triple=amdgcn-amd-amdhsa,arch=gfx90a,file=notbitcode.bc,kind=openmp,x=y'] },
  { name: '50 extra keys (DenseMap grows 64 → 128 at the 48th key)', images: [`file=seven.o,triple=t,arch=a,kind=openmp,${many(50, 'k')}`] },
  { name: '130 extra keys (grows to 256 at the 96th key)', images: [`${many(130, 'attr.')},file=device.fatbin,triple=t2,kind=hip`] },
  {
    name: 'UTF-8 keys and values',
    images: ['file=gfx90a.o,triple=amdgcn-amd-amdhsa,arch=gfx90a,clé=värde,名前=値,emoji=🚀🚀,ключ=значение,kind=openmp'],
  },
  {
    name: 'image kind from magic and extension',
    images: [
      'file=notbitcode.bc,triple=t,arch=a',
      'file=lto.o,triple=t,arch=a',
      'file=wrapped.o,triple=t,arch=a',
      'file=upper.O,triple=t,arch=a',
      'file=.bc,triple=t,arch=a',
      'file=dir.d/noext,triple=t,arch=a',
      'file=trailingdot.,triple=t,arch=a',
      'file=bc.spv,triple=t,arch=a',
    ],
  },
  {
    name: 'key without "=", value with "=", empty piece (key ""), empty value',
    images: ['file=seven.o,triple=t,flag,opt=a=b=c,,empty=,arch=x', 'file=nine.bin,triple=t,,'],
  },
  {
    name: 'keys of every hash length class (1..3, 4..8, 9..16, 17..32, 33..64, >64 bytes)',
    images: [
      `file=seven.o,triple=t,a=1,abc=2,abcdefg=3,abcdefghijklmno=4,${'k'.repeat(31)}=5,${'m'.repeat(63)}=6,${'n'.repeat(64)}=7,${'o'.repeat(65)}=8,${'p'.repeat(200)}=9,${'q'.repeat(128)}=10`,
    ],
  },
];

describe('offload/packager-args: parsing (no tool)', () => {
  it('getImageArguments: first "=" splits, repeated keys joined at the first position', () => {
    const pairs = parseImageArguments('a=1,b=x=y,a=2,c,a=3');
    const map = new Map(pairs);
    expect(map.get('a')).to.equal('1,2,3');
    expect(map.get('b')).to.equal('x=y');
    expect(map.get('c')).to.equal('');
    expect(pairs.length).to.equal(3);
  });

  const E19 = { era: llvmEra('19') };

  it("'file' without '=' names no file; 'file=' one empty name; a repeated 'file' joins as text", () => {
    expect(parseImageArgument('file,triple=t').files).to.deep.equal([]);
    expect(parseImageArgument('file=,triple=t').files).to.deep.equal(['']);
    expect(parseImageArgument('file,file=a.o,triple=t').files).to.deep.equal(['', 'a.o']);
    expect(parseImageArgument('file=a.o,file,triple=t').files).to.deep.equal(['a.o', '']);
    // Other keys without '=' are empty strings, as before.
    expect(parseImageArgument('file=a.o,triple,arch').strings.sort()).to.deep.equal([['arch', ''], ['triple', '']]);
  });

  it('file and kind are not strings; file splits into several images; flags are 0', () => {
    const p = parseImageArgument('file=a.o,triple=t,file=b.o,kind=hip,arch=x', E19);
    expect(p.files).to.deep.equal(['a.o', 'b.o']);
    expect(p.offloadKind).to.equal(3);
    expect(p.flags).to.equal(0);
    expect(p.strings.map(([k]) => k).sort()).to.deep.equal(['arch', 'triple']);
  });

  it('offload kinds: LLVM 22 by default (bitmask: hip 4, sycl 8), LLVM 19 (sycl → 0) and other numberings on request', () => {
    expect(parseImageArgument('file=a,kind=sycl').offloadKind).to.equal(8);
    expect(parseImageArgument('file=a,kind=hip').offloadKind).to.equal(4);
    expect(parseImageArgument('file=a,triple=t,kind=sycl', E19).offloadKind).to.equal(0);
    expect(parseImageArgument('file=a,triple=t,kind=hip', E19).offloadKind).to.equal(3);
    expect(parseImageArgument('file=a,triple=t,kind=openmp', E19).offloadKind).to.equal(1);
    expect(parseImageArgument('file=a,triple=t,kind=cuda', E19).offloadKind).to.equal(2);
    expect(parseImageArgument('file=a,triple=t,kind=HIP', E19).offloadKind).to.equal(0);
    expect(parseImageArgument('file=a,triple=t,kind=sycl', { offloadKinds: SEQUENTIAL_OFFLOAD_KINDS }).offloadKind).to.equal(4);
    expect(parseImageArgument('file=a,triple=t,kind=hip', { offloadKinds: BITMASK_OFFLOAD_KINDS }).offloadKind).to.equal(4);
    expect(parseImageArgument('file=a,triple=t,kind=toString').offloadKind).to.equal(0);
  });

  it('missing required keys are a typed error with the era\'s upstream message (19: file and triple; 22, main: file)', () => {
    for (const bad of ['file=a.o,arch=x', 'triple=t,arch=x', '', 'fil=a,triple=t']) {
      expect(() => parseImageArgument(bad, E19)).to.throw(SyclbinError, "'file' and 'triple' are required image arguments");
    }
    for (const bad of ['triple=t,arch=x', '', 'fil=a,triple=t']) {
      expect(() => parseImageArgument(bad)).to.throw(SyclbinError, "'file' is a required image arguments");
    }
    expect(parseImageArgument('file=a.o,arch=x').files).to.deep.equal(['a.o']);
  });

  it('image kind: bitcode magic wins, else the case-sensitive extension', () => {
    expect(hasBitcodeMagic(Uint8Array.from(BITCODE))).to.equal(true);
    expect(hasBitcodeMagic(Uint8Array.from(WRAPPER))).to.equal(true);
    expect(hasBitcodeMagic(Uint8Array.from(BITCODE.slice(0, 3)))).to.equal(false);
    expect(packagerImageKind('x.o', Uint8Array.from(BITCODE))).to.equal(2);
    expect(packagerImageKind('x.bc', new Uint8Array(0))).to.equal(2);
    const files = ['x.o', 'x.bc', 'x.cubin', 'x.fatbin', 'x.s', 'x.S', 'x.spv', 'x'];
    for (const era of ['19', '22'] as const) {
      expect(files.map((f) => packagerImageKind(f, new Uint8Array(8), llvmEra(era)))).to.deep.equal([1, 2, 3, 4, 5, 0, 0, 0]);
    }
    // Upstream main maps .spv to IMG_SPIRV (llvm/lib/Object/OffloadBinary.cpp getImageKind).
    expect(files.map((f) => packagerImageKind(f, new Uint8Array(8), llvmEra('main')))).to.deep.equal([1, 2, 3, 4, 5, 0, 6, 0]);
    expect(['a/b.c/d', 'a/.bc', 'a/..', '.', 'x.o/', 'a.tar.o'].map(llvmPathExtension)).to.deep.equal(['', '.bc', '', '', '', '.o']);
  });
});

for (const eraName of ['19', '22'] as const) {
  const era = llvmEra(eraName);
  const packer = ERA_TOOLS[eraName].packer;
  describe(`offload/packager-args vs ${packer} (same command line, same bytes)`, function () {
    this.timeout(120_000);
    let dir = '';
    let tool = '';

    before(() => {
      tool = requireTool(packer);
      dir = mkdtempSync(join(tmpdir(), 'packager-args-'));
      mkdirSync(join(dir, 'dir.d'));
      for (const [name, data] of Object.entries(FILES)) writeFileSync(join(dir, name), data);
    });
    after(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    function runTool(images: string[]): { ok: true; out: Uint8Array } | { ok: false; stderr: string } {
      const out = join(dir, 'out.bin');
      rmSync(out, { force: true });
      const r = spawnSync(tool, ['-o', out, ...images.map((i) => `--image=${i}`)], { cwd: dir, encoding: 'utf8' });
      if (r.status !== 0) return { ok: false, stderr: r.stderr };
      return { ok: true, out: new Uint8Array(readFileSync(out)) };
    }

    function ours(images: string[]): { described: PackagerImage[]; bytes: Uint8Array } {
      const described = describePackagerImages(images, (f) => new Uint8Array(readFileSync(join(dir, f))), { era });
      const bytes = writeOffloadBinaries(described.map((d) => [d]), { version: 1 });
      return { described, bytes };
    }

    function check(images: string[]): void {
      const theirs = runTool(images);
      if (!theirs.ok) throw new Error(`${packer} failed on ${images.join(' ')}: ${theirs.stderr}`);
      const { described, bytes } = ours(images);
      const read = readOffloadBinaries(theirs.out);
      // What this module predicts, compared field by field first (readable failures) ...
      expect(described.length, 'number of binaries').to.equal(read.length);
      read.forEach((bin, i) => {
        expect(bin.version).to.equal(1);
        const e = bin.entries[0]!;
        const d = described[i]!;
        expect([...e.strings.entries()], `string entries of binary ${i} (${d.file})`).to.deep.equal(d.strings);
        expect({ imageKind: e.imageKind, offloadKind: e.offloadKind, flags: e.flags }, `kinds of binary ${i} (${d.file})`).to.deep.equal({
          imageKind: d.imageKind,
          offloadKind: d.offloadKind,
          flags: d.flags,
        });
        expect(Buffer.from(e.image).equals(Buffer.from(d.image as Uint8Array)), `image of binary ${i}`).to.equal(true);
      });
      // ... then the whole file, byte for byte.
      expect(Buffer.from(bytes).equals(Buffer.from(theirs.out)), 'byte-identical output').to.equal(true);
    }

    for (const { name, images } of COMMAND_LINES) {
      it(name, () => check(images));
    }

    it('the command lines really exercise growth, repeats, several files and magic', () => {
      const kinds = new Set<number>();
      let maxStrings = 0;
      for (const { images } of COMMAND_LINES) {
        for (const d of ours(images).described) {
          kinds.add(d.imageKind);
          maxStrings = Math.max(maxStrings, d.strings.length);
        }
      }
      expect([...kinds].sort()).to.deep.equal([0, 1, 2, 3, 4, 5]);
      expect(maxStrings).to.be.greaterThanOrEqual(96);
    });

    it('rejects a missing required key like the tool does', () => {
      const bad = eraName === '19' ? [['file=seven.o,arch=x'], ['file=seven.o,triple=t', 'triple=t,arch=x']] : [['triple=t,arch=x'], ['file=seven.o,triple=t', 'arch=x']];
      for (const images of bad) {
        const theirs = runTool(images);
        expect(theirs.ok, images.join(' ')).to.equal(false);
        if (!theirs.ok) expect(theirs.stderr).to.contain(era.pack.missingKeysError);
        expect(() => ours(images)).to.throw(SyclbinError, era.pack.missingKeysError);
      }
    });

    it('random command lines (keys, repeats, UTF-8, 0..140 keys) give identical bytes', () => {
      const keyChar = fc.constantFrom(...'abcxyz_-.:+0189ÄéЖ名🚀'.split(/(?:)/u));
      const key = fc.array(keyChar, { minLength: 1, maxLength: 40 }).map((cs) => cs.join('')).filter((k) => k !== 'file' && k !== 'kind');
      const value = fc.array(fc.constantFrom(...'ab01=:+-. é名'.split(/(?:)/u)), { maxLength: 30 }).map((cs) => cs.join(''));
      const file = fc.constantFrom('gfx90a.o', 'kernel.cubin', 'empty.o', 'lto.o', 'nine.bin', 'ptx.s', 'notbitcode.bc');
      const kind = fc.constantFrom('openmp', 'cuda', 'hip', 'sycl', 'none');
      const image = fc
        .record({
          pairs: fc.array(fc.tuple(key, value), { maxLength: 140 }),
          repeats: fc.array(fc.tuple(fc.nat(), value), { maxLength: 5 }),
          files: fc.array(file, { minLength: 1, maxLength: 2 }),
          kind: fc.option(kind, { nil: undefined }),
          triple: fc.constantFrom('amdgcn-amd-amdhsa', 'nvptx64-nvidia-cuda', 'spir64-unknown-unknown'),
          at: fc.nat(),
        })
        .map(({ pairs, repeats, files, kind, triple, at }) => {
          const parts = pairs.map(([k, v]) => `${k}=${v}`);
          for (const [i, v] of repeats) if (pairs.length) parts.push(`${pairs[i % pairs.length]![0]}=${v}`);
          const fixed = [`triple=${triple}`, ...files.map((f) => `file=${f}`), ...(kind ? [`kind=${kind}`] : [])];
          parts.splice(at % (parts.length + 1), 0, ...fixed);
          return parts.join(',');
        })
        // Values must not contain ',' (they cannot: the tool splits there) — ensured by the alphabets.
        .filter((s) => s.length < 100_000);
      fc.assert(
        fc.property(fc.array(image, { minLength: 1, maxLength: 3 }), (images) => {
          check(images);
        }),
        { numRuns: 40, seed: 0x0ff10ad },
      );
    });
  });
}
