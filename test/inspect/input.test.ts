/**
 * `syclbin inspect` on anything (src/inspect/input.ts) and `syclbin dump`'s note for files that are
 * not SYCLBIN, on the committed fixtures of testdata/llvm22 (made by LLVM 22 / 19; goldens.tsv).
 */
import { expect } from 'chai';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { cli, tempDir } from '../offload/support.js';
import { elfWithSection } from '../support/minimal-elf.js';
import { LLVM22 } from '../llvm22/support.js';

const SYCL = join(LLVM22, 'sycl');
const CONTAINERS = join(LLVM22, 'containers');

describe('inspect: anything in, an honest answer out', () => {
  it("a clang-sycl-linker image: an OffloadBinary that is not a SYCLBIN, its SPIR-V, kernels and the era's names", async () => {
    const r = await cli(['inspect', 'k2.img'], SYCL);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.match(/^LLVM OffloadBinary file: 1 binary, 1 image\(s\) — \d+ bytes\n/);
    expect(r.stdout).to.include('kernels: 2 (from \'symbols\': text, newline-separated (LLVM 22))\n      _ZTS5First\n      _ZTSN2ns6SecondE\n');
    expect(r.stdout).to.match(/contents: SPIR-V 1\.4 module \(little-endian; generator LLVM SPIR-V Backend, version 22; bound \d+\)/);
    // Kind 8 has one meaning (the sequential numberings have no 8): named, not called ambiguous.
    expect(r.stdout).to.include('offload kind: 8 (sycl)\n');
    const r19 = await cli(['inspect', '--llvm', '19', 'k2.img'], SYCL);
    expect(r19.stdout).to.include('offload kind: 8 (unknown(8)) — sycl in LLVM 21+ (bitmask, llvm-project #135809)\n');
  });

  it('a program linked by clang++ -fsycl: the bare SPIR-V module, its triple from the descriptor, its kernels, and why llvm-objdump fails', async () => {
    const r = await cli(['inspect', '--no-hash', 'k2.exe'], SYCL);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.match(/^ELF file \(elf64-x86-64\): 0 OffloadBinaries, 1 device image\(s\) outside one/);
    expect(r.stdout).to.include('Device image 0 (not in an OffloadBinary):\n  triple: spirv64-unknown-unknown\n  offload kind: 8 (sycl, from the SYCL device image descriptor)\n');
    expect(r.stdout).to.include('  kernels: 2 (from .sycl_offloading.descriptor)\n    _ZTS5First\n    _ZTSN2ns6SecondE\n');
    expect(r.stdout).to.match(/Notes:\n(.*\n)*.*llvm-objdump-22 --offloading fails on this file/);
    expect(r.stdout).to.not.include('sha256');
  });

  it('objects, archives, bitcode, SPIR-V: where the binaries are and what each image is', async () => {
    const a = await cli(['inspect', 'omp.a'], CONTAINERS);
    expect(a.stdout).to.match(/^static archive: 3 OffloadBinaries, 0 device image\(s\) outside one/);
    expect(a.stdout).to.include('OffloadBinary in member omp22-gfx90a.o, section [12] .llvm.offloading');
    expect(a.stdout).to.include('contents: LLVM bitcode, triple amdgcn-amd-amdhsa');
    expect(a.stdout).to.include('contents: ELF 32-bit little-endian, elf32-i386, e_type 1');
    const be = await cli(['inspect', 'ppc64be.o'], CONTAINERS);
    expect(be.stdout).to.match(/^ELF file \(elf64-powerpc\): 1 OffloadBinary/);
    const coff = await cli(['inspect', 'coff.obj'], CONTAINERS);
    expect(coff.stdout).to.match(/^COFF object \(coff-x86-64\): 1 OffloadBinary/);
    const bc = await cli(['inspect', 'k.device.bc'], SYCL);
    expect(bc.stdout).to.match(/^LLVM bitcode module — 2340 bytes\n/);
    expect(bc.stdout).to.include('Module:\n  triple: spirv64-unknown-unknown\n');
    expect(bc.stdout).to.include('  contents: LLVM bitcode, triple spirv64-unknown-unknown\n    kernel: _ZTS5KName\n');
    const spv = await cli(['inspect', 'k.spv'], SYCL);
    expect(spv.stdout).to.match(/^SPIR-V module — \d+ bytes\nNames: .*\nModule:\n(.*\n)*  contents: SPIR-V 1\.4 module.*\n    entry point: Kernel _ZTS5KName\n/);
  });

  it('a binary found by scanning ordinary data is labelled so (review 2026-11-30u finding 6: "OffloadBinary in found by scanning")', async () => {
    const { dir, cleanup } = tempDir('syclbin-inspect-scan-');
    try {
      const bin = readFileSync(join(CONTAINERS, '..', '..', 'offload', 'cuda-sm70.v1.bin'));
      writeFileSync(join(dir, 'emb.dat'), Buffer.concat([Buffer.alloc(100, 'x'), bin]));
      const r = await cli(['inspect', 'emb.dat'], dir);
      expect(r.stdout).to.include('OffloadBinary (found by scanning ordinary data): @0x64, version 1');
      expect(r.stdout).to.not.include('OffloadBinary in found');
    } finally {
      cleanup();
    }
  });

  it('an OffloadBinary nesting another (main): the inner binaries are inspected', async () => {
    const { dir, cleanup } = tempDir('syclbin-inspect-');
    try {
      writeFileSync(join(dir, 'k.o'), 'device');
      expect((await cli(['offload-pack', '--llvm', 'main', '-o', 'in.bin', '--image=file=k.o,triple=nvptx64-nvidia-cuda,arch=sm_70,kind=cuda'], dir)).code).to.equal(0);
      expect((await cli(['offload-pack', '--llvm', 'main', '-o', 'out.bin', '--image=file=in.bin,triple=x86_64-unknown-linux-gnu,kind=openmp'], dir)).code).to.equal(0);
      const r = await cli(['inspect', '--no-hash', 'out.bin'], dir);
      expect(r.stdout).to.include('contents: nested OffloadBinaries (1)\n      Nested binary 0: @0x0, version 3');
      expect(r.stdout).to.include('no released LLVM reads version 3');
    } finally {
      cleanup();
    }
  });

  it('property-set text is explained; unknown input is an error that says what it is not', async () => {
    const { dir, cleanup } = tempDir('syclbin-inspect-');
    try {
      writeFileSync(join(dir, 'p.prop'), '[SYCL/device globals]\n');
      const p = await cli(['inspect', 'p.prop'], dir);
      expect(p.code, p.stderr).to.equal(0);
      expect(p.stdout).to.match(/^Property-set registry text: 1 set\(s\)/);
      writeFileSync(join(dir, 'x.txt'), 'hello world');
      const x = await cli(['inspect', 'x.txt'], dir);
      expect(x.code).to.equal(1);
      expect(x.stderr).to.match(/x\.txt: not a SYCLBIN, OffloadBinary, object file, archive, bitcode or SPIR-V module, nor property-set text \(it starts with 68 65 6c 6c\)/);
    } finally {
      cleanup();
    }
  });

  it('explainInput says which kind of input it explained (callers do not read its labels); notSyclbinInput is undefined for a SYCLBIN', async () => {
    const { explainInput, notSyclbinInput } = await import('../../src/inspect/input.js');
    const kind = (path: string): string => explainInput(new Uint8Array(readFileSync(path)), { sha256: false }).kind;
    expect(kind(join(LLVM22, '../syclbin/v1_in_offload_v1.syclbin'))).to.equal('syclbin');
    expect(kind(join(LLVM22, '../syclbin/v1_grouped.syclbin'))).to.equal('syclbin');
    expect(kind(join(SYCL, 'k2.img'))).to.equal('offload-binary');
    expect(kind(join(LLVM22, '../props/sample.prop'))).to.equal('property-sets');
    expect(kind(join(SYCL, 'k.spv'))).to.equal('module');
    expect(kind(join(SYCL, 'k.device.bc'))).to.equal('module');
    // A module that embeds OffloadBinaries (!llvm.embedded.objects) is a container: there is something to list.
    expect(kind(join(CONTAINERS, 'embedded.bc'))).to.equal('container');
    expect(kind(join(CONTAINERS, 'omp.a'))).to.equal('container');
    expect(kind(join(SYCL, 'k2.exe'))).to.equal('container');
    expect(notSyclbinInput(new Uint8Array(readFileSync(join(LLVM22, '../syclbin/v1_grouped.syclbin'))))).to.equal(undefined);
    expect(notSyclbinInput(new Uint8Array(readFileSync(join(SYCL, 'k.spv'))))?.kind).to.equal('module');
  });

  it('LLVM IR text: the module, its kernels, and the property sets of its spec constants and device globals; bad IR says where', async () => {
    const { looksLikeIrText } = await import('../../src/lower/inspect-ir.js');
    const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
    expect(looksLikeIrText(enc('; ModuleID = \'k\'\n\nsource_filename = "k.cpp"\n'))).to.equal(true);
    expect(looksLikeIrText(enc('define void @f() {\n'))).to.equal(true);
    expect(looksLikeIrText(enc('hello world\n'))).to.equal(false);
    expect(looksLikeIrText(enc('[SYCL/device globals]\n'))).to.equal(false);
    expect(looksLikeIrText(Uint8Array.from([0x42, 0x43, 0xc0, 0xde, 0, 0]))).to.equal(false);
    // Text that merely starts with an IR sigil is not taken for IR (a shell script, Markdown, batch, YAML, make).
    for (const t of ['#!/bin/sh\necho hi\n', '# Title\n', '#include <x.h>\n', '@echo off\n', '%YAML 1.2\n', 'target: dep\n', '$ ls\n']) expect(looksLikeIrText(enc(t)), t).to.equal(false);
    // A long comment header (lit tests) before the first entity.
    expect(looksLikeIrText(enc('; RUN: x\n'.repeat(2000) + '@g = global i32 0\n'))).to.equal(true);
    // Nothing but comments: the empty module llvm-as reads, when the bytes are the whole file (not a window of it).
    expect(looksLikeIrText(enc('; RUN: x\n\n; only comments\n'), true)).to.equal(true);
    expect(looksLikeIrText(enc('; RUN: x\n'), false)).to.equal(false);
    expect(looksLikeIrText(enc('\n\n'), true)).to.equal(false);
    const k = await cli(['inspect', 'k2.device.bc.ll.txt'], SYCL); // llvm-dis-22 of clang++-22's device bitcode
    expect(k.code, k.stderr).to.equal(0);
    expect(k.stdout).to.match(/^LLVM IR text module — \d+ bytes\nModule:\n  source_filename: k2\.cpp\n  triple: spirv64-unknown-unknown\n/);
    expect(k.stdout).to.include('Kernels: 2\n  spir_kernel _ZTS5First\n  spir_kernel _ZTSN2ns6SecondE\n');
    expect(k.stdout).to.include('Lowering: 0 spec constant(s), 0 device global(s)');
    const dg = await cli(['inspect', join(LLVM22, '../sycl-post-link/device-globals/test_global_variable.ll')], SYCL);
    expect(dg.stdout).to.include('Lowering: 0 spec constant(s), 4 device global(s)');
    // The same property sets `syclbin lower --props-out` writes, explained as `syclbin props` explains them.
    const { dir, cleanup } = tempDir('syclbin-inspect-');
    try {
      const ll = join(LLVM22, '../sycl-post-link/spec-constants/SYCL-2020-zeroinitializer.ll');
      expect((await cli(['lower', ll, '--props-out', 'm.prop'], dir)).code).to.equal(0);
      const props = await cli(['props', 'm.prop'], dir);
      const ir = await cli(['inspect', ll], dir);
      expect(ir.stdout).to.include('Lowering: 3 spec constant(s), 0 device global(s)');
      // A constant used by several calls is one constant, as `lower --json` counts it.
      const multi = join(LLVM22, '../sycl-post-link/spec-constants/multiple-scalar-usages.ll');
      const lowered = JSON.parse((await cli(['lower', multi, '--json'], dir)).stdout) as { specConstants: unknown[] };
      expect(lowered.specConstants.length).to.equal(2);
      expect((await cli(['inspect', multi], dir)).stdout).to.include('Lowering: 2 spec constant(s), 0 device global(s)');
      const indented = props.stdout.trimEnd().split('\n').map((l) => (l ? `  ${l}` : l)).join('\n');
      expect(ir.stdout).to.include(indented);
      // What the lowering refuses: the module is still explained, the refusal on the Lowering line.
      const src = readFileSync(join(LLVM22, '../sycl-post-link/device-globals/test_global_variable.ll'), 'utf8');
      writeFileSync(join(dir, 'refuse.ll'), src.replace('"sycl-device-global-size"="4"', '"sycl-device-global-size"="abc"'));
      const refused = await cli(['inspect', 'refuse.ll'], dir);
      expect(refused.code, refused.stderr).to.equal(0);
      expect(refused.stdout).to.match(/\nLowering: not lowered: \d+:\d+: "sycl-device-global-size"="abc" of @\w+ is not a 32-bit unsigned integer\n/);
      // Aliases are counted apart from the global variables they are read with.
      writeFileSync(join(dir, 'alias.ll'), '@g = global i32 0\n@a = alias i32, ptr @g\n@b = alias i32, ptr @a\ndefine void @f() {\n  ret void\n}\ndeclare void @h()\n');
      expect((await cli(['inspect', 'alias.ll'], dir)).stdout).to.include('Functions: 1 defined, 1 declared, 1 global variable(s), 2 alias(es)\n');
      // dump says what an .ll file is and which commands read it.
      const d = await cli(['dump', 'refuse.ll'], dir);
      expect(d.stderr).to.equal("Failed to parse SYCLBIN file: Incorrect SYCLBIN magic number.\nnote: refuse.ll: not a SYCLBIN: LLVM IR text; see 'syclbin inspect refuse.ll' or 'syclbin lower refuse.ll'\n");
      writeFileSync(join(dir, 'comments.ll'), '; RUN: sycl-post-link -S %s\n; nothing else\n');
      const empty = await cli(['inspect', 'comments.ll'], dir);
      expect([empty.code, empty.stderr]).to.deep.equal([0, '']);
      expect(empty.stdout).to.match(/^LLVM IR text module — 43 bytes\n[^]*Functions: 0 defined, 0 declared, 0 global variable\(s\)\n/);
      writeFileSync(join(dir, 'bad.ll'), 'define void @f() {\n  ret void\n');
      const bad = await cli(['inspect', 'bad.ll'], dir);
      expect([bad.code, bad.stderr]).to.deep.equal([1, "syclbin inspect: bad.ll:3:1: error: expected '}' at the end of the function body\n"]);
    } finally {
      cleanup();
    }
  });

  it("dump keeps syclbin-dump's failure line and adds what the file is", async () => {
    const r = await cli(['dump', 'k.img'], SYCL);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.equal(
      "Failed to parse SYCLBIN file: SYCLBIN v2 entry has unexpected ImageKind.\nnote: k.img: not a SYCLBIN: LLVM OffloadBinary file: 1 binary, 1 image(s) — 488 bytes; see 'syclbin inspect k.img' or 'syclbin offload-list k.img'\n",
    );
    const w = await cli(['dump', 'k.wrapper.o'], SYCL);
    expect(w.stderr).to.match(/^Failed to parse SYCLBIN file: Incorrect SYCLBIN magic number\.\nnote: k\.wrapper\.o: not a SYCLBIN: ELF file \(elf64-x86-64\): 0 OffloadBinaries, 1 device image/);
    // The command named is one that reads the file: props for property sets, inspect alone for a module.
    const p = await cli(['dump', join(SYCL, '../../props/sample.prop')], SYCL);
    expect(p.stderr).to.match(/note: .*sample\.prop: not a SYCLBIN: Property-set registry text: 8 set\(s\) — 673 bytes; see 'syclbin inspect .*sample\.prop' or 'syclbin props .*sample\.prop'\n$/);
    const m = await cli(['dump', 'k.spv'], SYCL);
    expect(m.stderr).to.match(/note: k\.spv: not a SYCLBIN: SPIR-V module — \d+ bytes; see 'syclbin inspect k\.spv'\n$/);
  });

  it('a file holding SYCLBIN images (bare, or one in its envelope packed whole) says how to get them out; k.img holds none', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const sybi = readFileSync(new URL('../../testdata/syclbin/v1_one_ir.syclbin', import.meta.url));
      const enveloped = readFileSync(new URL('../../testdata/syclbin/v1_in_offload_v1.syclbin', import.meta.url));
      const { writeOffloadBinary } = await import('../../src/offload/write.js');
      const other = { imageKind: 6, offloadKind: 8, strings: { triple: 'spirv64-unknown-unknown' }, image: new Uint8Array(readFileSync(join(SYCL, 'k.spv'))) };
      writeFileSync(join(dir, 'multi.bin'), writeOffloadBinary([other, { imageKind: 7, offloadKind: 4, strings: { triple: 'spir64' }, image: sybi }, { imageKind: 0, offloadKind: 4, strings: { triple: 'spir64' }, image: enveloped }], { version: 2 }));
      const r = await cli(['json', 'multi.bin'], dir);
      expect(r.code).to.equal(1);
      expect(r.stderr.split('\n')[0]).to.match(/^syclbin json: error: multi\.bin: not a SYCLBIN: LLVM OffloadBinary file: 1 binary, 3 image\(s\) — \d+ bytes; see 'syclbin inspect multi\.bin' or 'syclbin offload-list multi\.bin'; it holds 2 SYCLBIN image\(s\): 'syclbin offload-extract multi\.bin -o DIR' writes them out as files this command reads$/);
      expect((await cli(['json', 'k.img'], SYCL)).stderr).to.not.contain('it holds');
    } finally {
      cleanup();
    }
  });

  it('json, extract and specialize say what a file that is not a SYCLBIN is, and which command reads it', async () => {
    for (const [cmd, extra, reader] of [
      ['json', [], "'syclbin offload-list k.img'"],
      ['specialize', [], "'syclbin offload-list k.img'"],
      ['extract', ['-o', '/nonexistent/never-made'], "'syclbin offload-extract k.img -o DIR'"],
    ] as const) {
      const r = await cli([cmd, 'k.img', ...extra], SYCL);
      expect(r.code, cmd).to.equal(1);
      // What the file is comes first; the SYCLBIN reader's complaint second, as a note.
      expect(r.stderr, cmd).to.match(new RegExp(`^syclbin ${cmd}: error: k\\.img: not a SYCLBIN: LLVM OffloadBinary file: 1 binary, 1 image\\(s\\) — 488 bytes; see 'syclbin inspect k\\.img' or ${reader.replace(/[.()]/g, '\\$&')}\\nsyclbin ${cmd}: k\\.img: note: read as a SYCLBIN: SYCLBIN v2 entry has unexpected ImageKind\\..*\\n$`));
    }
  });
});

describe('inspect: a compressed SYCLBIN is inflated once', () => {
  it('reads the compressed payload once (bench/ saw two inflated copies alive at once)', async () => {
    const { memorySource } = await import('../../src/codec/source.js');
    const { inspectInput } = await import('../../src/inspect/input.js');
    const bytes = new Uint8Array(readFileSync(new URL('../../testdata/syclbin/v1_in_offload_v3_zlib.syclbin', import.meta.url)));
    const inner = memorySource(bytes);
    let read = 0;
    const src = {
      size: inner.size,
      read(at: number, n: number) {
        read += n;
        return inner.read(at, n);
      },
    };
    const node = inspectInput(src);
    expect(node.label).to.match(/^SYCLBIN v1/);
    // The header is read a few times (magic sniffing, the header itself); the payload once.
    const payload = bytes.length - 40;
    expect(read).to.be.at.least(payload);
    expect(read).to.be.below(2 * payload);
  });
});

describe('inspect: a SYCLBIN inside an OffloadBinary entry that is not the first', () => {
  it('gives its images\' file offsets from the start of the file (they were offsets in the entry image)', async () => {
    const { explainInput } = await import('../../src/inspect/input.js');
    const { writeOffloadBinary } = await import('../../src/offload/write.js');
    const { readOffloadBinary } = await import('../../src/offload/read.js');
    const { readSyclbin } = await import('../../src/syclbin/read.js');
    const syclbin = new Uint8Array(readFileSync(join(import.meta.dirname, '../../testdata/syclbin/v1_grouped.syclbin')));
    const { entryOf } = await import('../support/shared-images.js');
    const b = writeOffloadBinary([entryOf(new Uint8Array(8), 1), entryOf(syclbin)], { version: 2 });
    const at = readOffloadBinary(b).entries[1]!.imageRef.offset!;
    expect(at).to.be.greaterThan(0);
    const inner = readSyclbin(syclbin).abstractModules[0]!.irModules[0]!.image.offset!;
    const text = JSON.stringify(explainInput(b, {}).tree);
    expect(text).to.include(`"label":"file offset","value":"0x${(at + inner).toString(16)}"`);
    expect(text).to.not.include(`"label":"file offset","value":"0x${inner.toString(16)}"`);
  });
});

describe('inspect: a host module as LLVM IR text with embedded objects (review 2026-11-27p: they were not mentioned)', () => {
  it('containers/embedded.ll: the objects LLVM extracts from its bitcode (embedded.bc), each explained; the operands LLVM skips, with why', async () => {
    const CONTAINERS = join(LLVM22, 'containers');
    const ll = await cli(['inspect', 'embedded.ll'], CONTAINERS);
    expect(ll.code, ll.stderr).to.equal(0);
    expect(ll.stdout).to.include('Embedded objects (!llvm.embedded.objects, what llvm-offload-binary extracts from the module as bitcode): 2\n');
    expect(ll.stdout).to.include("  !llvm.embedded.objects operand 1: section '.other', not .llvm.offloading (skipped, as LLVM skips it)\n");
    expect(ll.stdout).to.include('  !llvm.embedded.objects operand 2: @obj.zero has no ConstantDataSequential (c"…") initializer (skipped, as LLVM skips it)\n');
    expect(ll.stdout).to.match(/ {2}@obj\.two: 320 bytes\n {4}LLVM OffloadBinary file: 2 binaries, 2 image\(s\) — 320 bytes/);
    expect(ll.stdout).to.match(/ {2}@obj\.multi: 808 bytes\n {4}LLVM OffloadBinary file: 5 binaries, 5 image\(s\) — 808 bytes/);
    // the same binaries the bitcode of the module gives (7, in @obj.two and @obj.multi)
    const bc = await cli(['inspect', 'embedded.bc'], CONTAINERS);
    expect(bc.stdout).to.match(/^LLVM bitcode module: 7 OffloadBinaries/);
    const sums = (t: string): string[] => [...t.matchAll(/sha256: ([0-9a-f]{64})/g)].map((x) => x[1]!);
    expect(sums(ll.stdout)).to.deep.equal(sums(bc.stdout));
  });

  it('a global named by many operands is read once; distinct nodes and a third operand are read as LLVM reads them; a node of blanks is linear (review 2026-11-27t)', async () => {
    const CONTAINERS = join(LLVM22, 'containers');
    const text = readFileSync(join(CONTAINERS, 'embedded.ll'), 'utf8')
      .replace(/^!llvm\.embedded\.objects = .*$/m, `!llvm.embedded.objects = !{!0, ${Array.from({ length: 2000 }, () => '!4').join(', ')}, !9, !10}`)
      .concat('!9 = distinct !{ptr @obj.unlisted, !".llvm.offloading"}\n', `!10 = !{${' '.repeat(20000)}i32 0}\n`);
    const { dir, cleanup } = tempDir('syclbin-embedded-');
    try {
      writeFileSync(join(dir, 'many.ll'), text.replace('!4 = !{ptr @obj.multi, !".llvm.offloading"}', '!4 = !{ptr @obj.multi, !".llvm.offloading", i32 1}'));
      const r = await cli(['inspect', 'many.ll'], dir);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.include('Embedded objects (!llvm.embedded.objects, what llvm-offload-binary extracts from the module as bitcode): 3\n');
      expect(r.stdout.match(/^ {2}@obj\.multi: 808 bytes$/gm)).to.have.length(1);
      expect(r.stdout).to.match(/^ {2}@obj\.unlisted: 160 bytes$/m);
      expect(r.stdout).to.include('  1999 more operands name a global already named (read once): @obj.multi\n');
      expect(r.stdout).to.include('  !llvm.embedded.objects operand 2002: not a node of a global and a section name (skipped, as LLVM skips it)\n');
    } finally {
      cleanup();
    }
  });
});

describe('inspect: an OffloadBinary whose image-kind-7 entry is no SYCLBIN (review 2026-11-27y finding 9)', () => {
  it('is explained as an OffloadBinary, with what the SYCLBIN reader said; one with SYCLBIN roles that does not read is still its error', async () => {
    const { writeOffloadBinary } = await import('../../src/offload/write.js');
    const { explainInput } = await import('../../src/inspect/input.js');
    const { renderInspect } = await import('../../src/syclbin/inspect.js');
    const hello = new TextEncoder().encode('hello world!');
    const plain = writeOffloadBinary([{ imageKind: 7, offloadKind: 8, flags: 0, strings: [], image: hello }], { version: 2 });
    const r = explainInput(plain, {});
    expect(r.kind).to.equal('offload-binary');
    expect(renderInspect(r.tree)).to.match(/^Not a SYCLBIN: an entry has image kind 7 \(SYCLBIN\), but the file does not read as one: SYCLBIN v2 entry has unknown role ''/m);
    const roled = writeOffloadBinary([{ imageKind: 7, offloadKind: 8, flags: 0, strings: [['role', 'ir']], image: hello }], { version: 2 });
    expect(() => explainInput(roled, {})).to.throw(/SYCLBIN v2/);
  });
});

describe('inspect: a SYCLBIN that does not read inside an object is placed as verify places it (review 2026-12-03b finding 4)', () => {
  it('in an OffloadBinary and bare in the section: the image\'s path and the file offset verify gives', async () => {
    const { SyclbinFileHeader, IRModuleHeader } = await import('../../formats/syclbin-v1.js');
    const { verify } = await import('../../src/hex/verify.js');
    const envelope = new Uint8Array(readFileSync(new URL('../../testdata/syclbin/v1_in_offload_v2.syclbin', import.meta.url))).slice();
    const imageAt = 0x80;
    new DataView(envelope.buffer).setBigUint64(imageAt + SyclbinFileHeader.offsets.globalMetadataOffset, 999n, true);
    const bare = new Uint8Array(readFileSync(new URL('../../testdata/conformance/sample_v1_two_modules_mixed.syclbin', import.meta.url))).slice();
    const sizeAt = SyclbinFileHeader.fixedSize! + 32 * 2 + IRModuleHeader.offsets.rawIRBytesSize;
    new DataView(bare.buffer).setBigUint64(sizeAt, 100n, true);
    const { dir, cleanup } = tempDir('syclbin-inspect-');
    try {
      for (const [name, payload, inner] of [['env.o', envelope, 'header.globalMetadataOffset'], ['bare.o', bare, 'irModules[0].rawIRBytesSize']] as const) {
        const elf = elfWithSection(payload);
        writeFileSync(join(dir, name), elf);
        const error = verify(elf).problems.find((p) => p.severity === 'error')!;
        expect(error.path.endsWith(inner), error.path).to.equal(true);
        const r = await cli(['inspect', '--no-hash', name], dir);
        expect(r.stdout).to.include(`a SYCLBIN that does not read: `);
        expect(r.stdout, name).to.include(`(at the image's ${inner}, offset 0x${error.offset.toString(16)})`);
      }
    } finally {
      cleanup();
    }
  });
});
