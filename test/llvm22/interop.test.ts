/**
 * What today's toolchain makes, made at test time by the real LLVM 22 tools (Debian clang-22,
 * clang-tools-22, llvm-22, lld-22; test/support/tools.ts fails with the install command when one is
 * missing) and read by us, compared with what LLVM's own tools say about the same files:
 *   clang++-22 -fsycl -c k2.cpp            → k2.o (device bitcode for spirv64 in .llvm.offloading)
 *   clang++ -fsycl k2.o stub.o --save-temps → clang-sycl-linker's k2.spirv64..img, the wrapper object
 *                                             k2.sycl.image.wrapper.o and the program k2
 *   the same for x86_64-pc-windows-msvc      → the COFF wrapper object (the final lld-link fails: no MSVC runtime)
 *   llvm-as-22 embedded.ll                  → a host module whose embedded objects llvm-offload-binary-22 extracts
 * The committed copies in testdata/llvm22 (scripts/fixtures/llvm22.sh) keep the rest of the suite
 * independent of these tools; this test checks that what the tools make today still reads the same.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { requireTool } from '../support/tools.js';
import { cli, tempDir } from '../offload/support.js';
import { LLVM22 } from './support.js';
import { bitcodeEmbeddedObjects } from '../../src/containers/bitcode.js';
import { bitcodeArchiveSymbols } from '../../src/containers/bitcode-symbols.js';
import { OBJDUMP_ERRORS } from '../../src/offload/input.js';
import { identifyImage } from '../../src/containers/identify.js';
import { blobRef, memorySource } from '../../src/codec/index.js';

/** The package's bin (built by `npm run build`), for the runs that read standard input. */
const CLI_MAIN = new URL('../../dist/cli/main.js', import.meta.url).pathname;

function run(tool: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(tool, args, { cwd, env, encoding: 'utf8' });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('interop: clang++-22 -fsycl, clang-sycl-linker, llvm-objdump-22 and llvm-offload-binary-22 on files made now', function () {
  this.timeout(300_000);
  let dir = '';
  let cleanup = (): void => undefined;
  let objdump = '';
  let offloadBinary = '';
  const KERNELS = ['_ZTS5First', '_ZTSN2ns6SecondE'];

  before(() => {
    const cxx = requireTool('clang++-22');
    const cc = requireTool('clang-22');
    const linker = requireTool('clang-sycl-linker-22');
    requireTool('ld.lld-22');
    objdump = requireTool('llvm-objdump-22');
    offloadBinary = requireTool('llvm-offload-binary-22');
    ({ dir, cleanup } = tempDir('syclbin-llvm22-'));
    for (const f of ['k2.cpp', 'stub.c']) copyFileSync(join(LLVM22, 'src', f), join(dir, f));
    const c = run(cxx, ['-fsycl', '-c', 'k2.cpp', '-o', 'k2.o'], dir);
    expect(c.status, c.stderr).to.equal(0);
    expect(run(cc, ['-c', 'stub.c', '-o', 'stub.o'], dir).status).to.equal(0);
    // clang --sycl-link runs clang-sycl-linker by its bare name: LLVM 22's bin directory goes first in PATH.
    const env = { ...process.env, PATH: `${dirname(linker)}:${process.env.PATH}` };
    const l = run(join(dirname(linker), 'clang++'), ['-fsycl', 'k2.o', 'stub.o', '-o', 'k2', '-Wl,--save-temps'], dir, env);
    expect(l.status, l.stderr).to.equal(0);
  });
  after(() => cleanup());

  it('the object and the clang-sycl-linker image: offload-list prints what llvm-objdump-22 prints', async () => {
    for (const f of ['k2.o', 'k2.spirv64..img']) {
      const theirs = run(objdump, ['--offloading', f], dir);
      expect(theirs.status, theirs.stderr).to.equal(0);
      const ours = await cli(['offload-list', f], dir);
      expect(ours.code, ours.stderr).to.equal(0);
      expect(ours.stdout, f).to.equal(theirs.stdout);
    }
  });

  it("the image's kernel names (`symbols`, newline-separated in LLVM 22) are the kernels of k2.cpp", async () => {
    const j = JSON.parse((await cli(['offload-list', '--json', 'k2.spirv64..img'], dir)).stdout) as { binaries: { entries: { kernels: { names: string[] }; image: { kind: string } }[] }[] };
    const e = j.binaries[0]!.entries[0]!;
    expect(e.kernels.names).to.deep.equal(KERNELS);
    expect(e.image.kind).to.equal('spirv');
  });

  it('offload-extract = llvm-offload-binary-22 extract on the image (same file names and bytes)', async () => {
    for (const image of ['--image=triple=spirv64-unknown-unknown', '--image=file=out.spv,kind=sycl']) {
      const a = tempDir('syclbin-x-');
      const b = tempDir('syclbin-y-');
      try {
        copyFileSync(join(dir, 'k2.spirv64..img'), join(a.dir, 'k2.img'));
        copyFileSync(join(dir, 'k2.spirv64..img'), join(b.dir, 'k2.img'));
        expect(run(offloadBinary, ['k2.img', image], a.dir).status).to.equal(0);
        const ours = await cli(['offload-extract', 'k2.img', image], b.dir);
        expect(ours.code, ours.stderr).to.equal(0);
        const list = (d: string): string[] => readdirSync(d).sort();
        expect(list(b.dir), image).to.deep.equal(list(a.dir));
        for (const f of list(a.dir)) expect(readFileSync(join(b.dir, f)).equals(readFileSync(join(a.dir, f))), f).to.equal(true);
      } finally {
        a.cleanup();
        b.cleanup();
      }
    }
  });

  it('the wrapper object and the program: llvm-objdump-22 stops ("Invalid data"); we list and extract the SPIR-V module clang-sycl-linker wrote, with its kernels', async () => {
    const spv = readFileSync(join(dir, 'k2.spirv64._0.spv'));
    for (const f of ['k2.sycl.image.wrapper.o', 'k2']) {
      const theirs = run(objdump, ['--offloading', f], dir);
      expect(theirs.status).to.equal(1);
      expect(theirs.stderr).to.include('Invalid data was encountered while parsing the file');
      const ours = await cli(['offload-list', f], dir);
      expect(ours.code, ours.stderr).to.equal(0);
      // Our text starts with what llvm-objdump printed before it stopped.
      expect(ours.stdout.startsWith(theirs.stdout)).to.equal(true);
      for (const k of KERNELS) expect(ours.stdout).to.include(`kernel          ${k}\n`);
      const x = tempDir('syclbin-w-');
      try {
        copyFileSync(join(dir, f), join(x.dir, f));
        const r = await cli(['offload-extract', f, '--image=file=out.spv,triple=spirv64-unknown-unknown'], x.dir);
        expect(r.code, r.stderr).to.equal(0);
        expect(readFileSync(join(x.dir, 'out.spv')).equals(spv), f).to.equal(true);
      } finally {
        x.cleanup();
      }
    }
  });

  it('for a Windows host (COFF): the wrapper object clang-linker-wrapper makes before lld-link fails (no MSVC runtime), and the program linked without that runtime, list with their kernels', async () => {
    const cxx = requireTool('clang++-22');
    const linker = requireTool('clang-sycl-linker-22');
    const flags = ['--target=x86_64-pc-windows-msvc', '-mno-incremental-linker-compatible', '-fsycl'];
    const w = tempDir('syclbin-coff-');
    try {
      copyFileSync(join(LLVM22, 'src', 'k2.cpp'), join(w.dir, 'k2.cpp'));
      const c = run(cxx, [...flags, '-c', 'k2.cpp', '-o', 'k2.obj'], w.dir);
      expect(c.status, c.stderr).to.equal(0);
      const env = { ...process.env, PATH: `${dirname(linker)}:${process.env.PATH}` };
      const l = run(join(dirname(linker), 'clang++'), [...flags, '-fuse-ld=lld', 'k2.obj', '-o', 'k2.exe', '-Wl,--save-temps'], w.dir, env);
      expect(l.stderr).to.include("lld-link: error: could not open 'libcmt.lib'");
      const f = 'k2.exe.sycl.image.wrapper.o';
      const theirs = run(objdump, ['--offloading', f], w.dir);
      expect([theirs.status, theirs.stdout]).to.deep.equal([1, `\n${f}:\tfile format coff-x86-64\n`]);
      const ours = await cli(['offload-list', f], w.dir);
      expect(ours.code, ours.stderr).to.equal(0);
      expect(ours.stdout.startsWith(theirs.stdout)).to.equal(true);
      expect(ours.stdout.match(/^kernel {10}.*$/gm)).to.deep.equal(KERNELS.map((k) => `kernel          ${k}`));
      const r = await cli(['offload-extract', f, '--image=file=out.spv,triple=spirv64-unknown-unknown'], w.dir);
      expect(r.code, r.stderr).to.equal(0);
      expect(readFileSync(join(w.dir, 'out.spv')).equals(readFileSync(join(w.dir, 'k2.exe.spirv64._0.spv')))).to.equal(true);
      // The committed copy (testdata/llvm22/sycl/k2.coff.wrapper.obj) is what the tools make today.
      expect(readFileSync(join(w.dir, f)).equals(readFileSync(join(LLVM22, 'sycl', 'k2.coff.wrapper.obj')))).to.equal(true);
      // The program itself, linked without the MSVC runtime: llvm-objdump-22 prints only its header line.
      copyFileSync(join(LLVM22, 'src', 'stub.c'), join(w.dir, 'stub.c'));
      expect(run(requireTool('clang-22'), ['--target=x86_64-pc-windows-msvc', '-mno-incremental-linker-compatible', '-c', 'stub.c', '-o', 'stub.obj'], w.dir).status).to.equal(0);
      const pe = run(join(dirname(linker), 'clang++'), [...flags, '-fuse-ld=lld', 'k2.obj', 'stub.obj', '-o', 'k2.pe.exe', '-nostdlib', '-Wl,/entry:main'], w.dir, env);
      expect(pe.status, pe.stderr).to.equal(0);
      const peTheirs = run(objdump, ['--offloading', 'k2.pe.exe'], w.dir);
      expect([peTheirs.status, peTheirs.stdout]).to.deep.equal([0, '\nk2.pe.exe:\tfile format coff-x86-64\n']);
      const peOurs = await cli(['offload-list', 'k2.pe.exe'], w.dir);
      expect(peOurs.stdout.startsWith(peTheirs.stdout)).to.equal(true);
      expect(peOurs.stdout.match(/^kernel {10}.*$/gm)).to.deep.equal(KERNELS.map((k) => `kernel          ${k}`));
      expect(readFileSync(join(w.dir, 'k2.pe.exe')).equals(readFileSync(join(LLVM22, 'sycl', 'k2.coff.exe')))).to.equal(true);
    } finally {
      w.cleanup();
    }
  });

  it('for 32-bit hosts (i686 Linux and Windows, device spirv64): the wrapper objects and programs are the committed ones; llvm-objdump-22 gives up, we list them with their triple and kernels', async () => {
    const cxx = requireTool('clang++-22');
    const cc = requireTool('clang-22');
    const linker = requireTool('clang-sycl-linker-22');
    const env = { ...process.env, PATH: `${dirname(linker)}:${process.env.PATH}` };
    const w = tempDir('syclbin-i686-');
    try {
      copyFileSync(join(LLVM22, 'src', 'k2.cpp'), join(w.dir, 'k2.cpp'));
      copyFileSync(join(LLVM22, 'src', 'stub.c'), join(w.dir, 'stub.c'));
      // The commands of scripts/fixtures/llvm22.sh `sycl_i386` (testdata/llvm22/goldens.tsv).
      const elf = ['--target=i686-pc-linux-gnu', '-fsycl', '--offload-targets=spirv64-unknown-unknown'];
      const coff = ['--target=i686-pc-windows-msvc', '-mno-incremental-linker-compatible', '-fsycl', '--offload-targets=spirv64-unknown-unknown'];
      for (const args of [
        [cxx, ...elf, '-c', 'k2.cpp', '-o', 'k2.o'],
        [cc, '--target=i686-pc-linux-gnu', '-c', 'stub.c', '-o', 'stub.o'],
        [join(dirname(linker), 'clang++'), ...elf, '-fuse-ld=lld', 'k2.o', 'stub.o', '-o', 'k2', '-nostdlib', '-Wl,-e,main', '-Wl,--save-temps'],
        [cxx, ...coff, '-c', 'k2.cpp', '-o', 'k2.obj'],
        [cc, '--target=i686-pc-windows-msvc', '-mno-incremental-linker-compatible', '-c', 'stub.c', '-o', 'stub.obj'],
        [join(dirname(linker), 'clang++'), ...coff, '-fuse-ld=lld', 'k2.obj', 'stub.obj', '-o', 'k2.exe', '-nostdlib', '-Wl,/entry:main', '-Wl,--save-temps'],
      ]) {
        const r = run(args[0]!, args.slice(1), w.dir, env);
        expect(r.status, `${args.join(' ')}\n${r.stderr}`).to.equal(0);
      }
      for (const [made, committed, format] of [
        ['k2.sycl.image.wrapper.o', 'k2.i386.wrapper.o', 'elf32-i386'],
        ['k2', 'k2.i386.exe', 'elf32-i386'],
        ['k2.exe.sycl.image.wrapper.o', 'k2.i386.coff.wrapper.obj', 'coff-i386'],
        ['k2.exe', 'k2.i386.coff.exe', 'coff-i386'],
      ] as const) {
        expect(readFileSync(join(w.dir, made)).equals(readFileSync(join(LLVM22, 'sycl', committed))), committed).to.equal(true);
        const theirs = run(objdump, ['--offloading', made], w.dir);
        expect(theirs.stdout, made).to.equal(`\n${made}:\tfile format ${format}\n`);
        const ours = await cli(['offload-list', made], w.dir);
        expect(ours.code, ours.stderr).to.equal(0);
        expect(ours.stdout.startsWith(`${theirs.stdout}\nDEVICE IMAGE [0]: (not in an OffloadBinary)\nkind            spir-v\ntriple          spirv64-unknown-unknown\nproducer        sycl\n`), ours.stdout).to.equal(true);
        expect(ours.stdout.match(/^kernel {10}.*$/gm)).to.deep.equal(KERNELS.map((k) => `kernel          ${k}`));
      }
    } finally {
      w.cleanup();
    }
  });

  it('two input files: offload-pack and offload-extract refuse them in llvm-offload-binary-22\'s words, status 1 (review 2026-11-27w F6)', async () => {
    for (const args of [['a', 'b', '--image=kind=sycl'], ['a', 'b', '-o', 'x', '--image=file=a']]) {
      const theirs = run(offloadBinary, args, dir);
      const norm = (t: string): string => t.replace(/^[^\n]*?: Too/, 'P: Too').replace(/See: [^\n]+ --help/, 'See: P --help');
      for (const cmd of ['offload-extract', 'offload-pack']) {
        const ours = await cli([cmd, ...args], dir);
        expect([ours.code, norm(ours.stderr)], `${cmd} ${args.join(' ')}`).to.deep.equal([theirs.status, norm(theirs.stderr)]);
      }
    }
  });

  it('Android packed relocations (ld.lld --pack-dyn-relocs=android; also after llvm-objcopy --strip-sections): the descriptor\'s pointers are decoded from the APS2 stream (review 2026-11-27w F3)', async () => {
    const linker = requireTool('clang-sycl-linker-22');
    const objcopy = requireTool('llvm-objcopy-22');
    const env = { ...process.env, PATH: `${dirname(linker)}:${process.env.PATH}` };
    const l = run(join(dirname(linker), 'clang++'), ['-fsycl', '-fuse-ld=lld', '-Wl,--pack-dyn-relocs=android', 'k2.o', 'stub.o', '-o', 'k2.aps2'], dir, env);
    expect(l.status, l.stderr).to.equal(0);
    // (the table is SHT_ANDROID_RELA, the entries' pointers zeros in place: only the stream has them)
    expect(run(requireTool('llvm-objdump-22'), ['-h', 'k2.aps2'], dir).stdout).to.match(/\.rela\.dyn/);
    expect(run(objcopy, ['--strip-sections', 'k2.aps2', 'k2.aps2.nosh'], dir).status).to.equal(0);
    for (const f of ['k2.aps2', 'k2.aps2.nosh']) {
      const ours = await cli(['offload-list', f], dir);
      expect(ours.code, ours.stderr).to.equal(0);
      expect(ours.stdout, f).to.include('\ntriple          spirv64-unknown-unknown\nproducer        sycl\n');
      expect(ours.stdout.match(/^kernel {10}(.*)$/gm)?.map((k) => k.slice(16))).to.deep.equal(KERNELS);
    }
  });

  it('programs without section headers (llvm-objcopy-22 --strip-sections of k.exe, k.lld.exe, k.nopie.exe): llvm-objdump-22 lists the header line; the device image is found through the descriptor in the segments (review 2026-11-27w F2)', async () => {
    const objcopy = requireTool('llvm-objcopy-22');
    const t = tempDir('syclbin-nosh-');
    try {
      const spv = readFileSync(join(LLVM22, 'sycl', 'k.spv'));
      for (const name of ['k.exe', 'k.lld.exe', 'k.nopie.exe']) {
        const out = name.replace('.exe', '.nosh');
        expect(run(objcopy, ['--strip-sections', join(LLVM22, 'sycl', name), out], t.dir).status, name).to.equal(0);
        const theirs = run(objdump, ['--offloading', out], t.dir);
        const strict = await cli(['offload-list', '--strict', out], t.dir);
        expect([strict.code, strict.stdout], name).to.deep.equal([theirs.status, theirs.stdout]);
        const ours = await cli(['offload-list', out], t.dir);
        expect(ours.stdout.startsWith(`${theirs.stdout}\nDEVICE IMAGE [0]: (not in an OffloadBinary)\nkind            spir-v\ntriple          spirv64-unknown-unknown\nproducer        sycl\n`), name).to.equal(true);
        expect(ours.stdout).to.match(/^kernel {10}_ZTS5KName$/m);
        expect(ours.stderr).to.include('no section headers (e_shnum 0): the loadable segments (PT_LOAD) are searched for the SYCL descriptor');
        const x = await cli(['offload-extract', out, '-o', `${out}.d`], t.dir);
        expect(x.code, x.stderr).to.equal(0);
        const files = readdirSync(join(t.dir, `${out}.d`)).filter((f) => f.endsWith('.spv'));
        expect(files, name).to.have.length(1);
        expect(readFileSync(join(t.dir, `${out}.d`, files[0]!)).equals(spv), name).to.equal(true);
        // The loaded segments are named (segments[i], program header i), not "unreferenced" bytes
        // (review 2026-11-28b finding 4): verify is clean, the image lies in its segment, and the
        // notes name the segment, not a section the file does not have.
        const v = await cli(['verify', out], t.dir);
        expect([v.code, v.stdout.trim().split('\n').at(-1)], name).to.deep.equal([0, '0 error(s), 0 warning(s), 0 note(s)']);
        const ann = (await cli(['annotate', out], t.dir)).stdout;
        expect(ann, name).to.match(/^0x[0-9a-f]{8} \+308 +image +segments\[\d+\]\.images\[0\] = "spirv"$/m);
        expect(ann, name).to.not.match(/unreferenced|sections\[/);
        expect(ours.stderr, name).to.match(/image 0 in PT_LOAD segment \(program header \d+\): triple spirv64-unknown-unknown/);
        expect(ours.stderr, name).to.not.match(/section \[\d+\] 'PT_LOAD/);
      }
    } finally {
      t.cleanup();
    }
  });

  it('bitcode of several modules (llvm-cat -b) and an initializer that is not OffloadBinaries: --strict fails as llvm-offload-binary-22 does; by default each module is read with its own numbering (review 2026-11-27w F1)', async () => {
    const as = requireTool('llvm-as-22');
    const cat = requireTool('llvm-cat-22');
    const t = tempDir('syclbin-multi-bc-');
    try {
      copyFileSync(join(LLVM22, 'containers', 'embedded.ll'), join(t.dir, 'embedded.ll'));
      expect(run(as, ['embedded.ll', '-o', 'one.bc'], t.dir).status).to.equal(0);
      expect(run(cat, ['-b', '-o', 'two.bc', 'one.bc', 'one.bc'], t.dir).status).to.equal(0);
      const image = ['--image=kind=openmp'];
      const peer = run(offloadBinary, ['two.bc', ...image], t.dir);
      expect([peer.status, peer.stderr.replace(/^.*?error: /, '')]).to.deep.equal([1, 'Failed to create module\n']);
      const strict = await cli(['offload-extract', '--strict', 'two.bc', ...image], t.dir);
      expect([strict.code, strict.stderr]).to.deep.equal([1, 'syclbin offload-extract: error: Failed to create module\n']);
      expect(readdirSync(t.dir).filter((f) => f.startsWith('two-'))).to.deep.equal([]);
      // Default: both modules' binaries, each module's globals under its own name (the second module's
      // value and metadata numbers are its own, not continued from the first).
      const one = JSON.parse((await cli(['offload-list', '--json', 'one.bc'], t.dir)).stdout) as { embedded: { global: string }[] };
      const two = JSON.parse((await cli(['offload-list', '--json', 'two.bc'], t.dir)).stdout) as { embedded: { global: string }[] };
      expect(two.embedded.length).to.equal(2 * one.embedded.length);
      expect(two.embedded.map((e) => e.global)).to.deep.equal([...one.embedded.map((e) => `${e.global} (module 1 of 2)`), ...one.embedded.map((e) => `${e.global} (module 2 of 2)`)]);
      const listed = await cli(['offload-list', 'two.bc'], t.dir);
      expect(listed.stderr).to.include("the file holds 2 modules (llvm-cat -b); llvm-offload-binary-22 reads a single module and stops with 'Failed to create module' here");
      expect(listed.stderr).to.not.match(/section '(?!\.other)[^']*', not \.llvm\.offloading/);
      // 70 modules: the first 64 are read, the rest counted (LLVM reads none of them).
      expect(run(cat, ['-b', '-o', 'many.bc', ...Array<string>(70).fill('one.bc')], t.dir).status).to.equal(0);
      const many = await cli(['offload-list', '--json', 'many.bc'], t.dir);
      const mj = JSON.parse(many.stdout) as { embedded: unknown[]; notes: string[] };
      expect(mj.embedded.length).to.equal(64 * one.embedded.length);
      expect(mj.notes).to.include('modules 65 to 70 of this file: not read (LLVM reads a single module; the first 64 are)');
    } finally {
      t.cleanup();
    }
  });

  it('a module embedding a bare SPIR-V module: llvm-offload-binary-22 fails on its bitcode; inspect says so for the .bc and the .ll alike (review 2026-11-27u B9)', async () => {
    const as = requireTool('llvm-as-22');
    const t = tempDir('syclbin-bc-spv-');
    try {
      const spv = readFileSync(join(LLVM22, 'src', 'k.spv'));
      const c = [...spv].map((x) => `\\${x.toString(16).toUpperCase().padStart(2, '0')}`).join('');
      writeFileSync(join(t.dir, 'm.ll'), `target triple = "x86_64-unknown-linux-gnu"\n@b = private constant [${spv.length} x i8] c"${c}", section ".llvm.offloading"\n!llvm.embedded.objects = !{!0}\n!0 = !{ptr @b, !".llvm.offloading"}\n`);
      expect(run(as, ['m.ll', '-o', 'm.bc'], t.dir).status).to.equal(0);
      const peer = run(offloadBinary, ['m.bc', '--image=triple=spirv64-unknown-unknown'], t.dir);
      expect(peer.status, peer.stderr).to.not.equal(0);
      const strict = await cli(['offload-extract', '--strict', 'm.bc', '--image=triple=spirv64-unknown-unknown'], t.dir);
      expect([strict.code, strict.stderr]).to.deep.equal([1, `syclbin offload-extract: error: ${peer.stderr.replace(/^.*?error: /, '').trimEnd()}\n`]);
      const bc = await cli(['inspect', 'm.bc'], t.dir);
      expect(bc.stdout).to.include('@b: its initializer is not OffloadBinaries (bad OffloadBinary magic: expected 10 ff 10 ad, found 03 02 23 07');
      expect(bc.stdout).to.include('llvm-offload-binary-22 stops with an error here');
      const ll = await cli(['inspect', 'm.ll'], t.dir);
      expect(ll.code, ll.stderr).to.equal(0);
      expect(ll.stdout).to.match(/ {2}@b: \d+ bytes\n {4}its initializer is not OffloadBinaries: bad OffloadBinary magic: expected 10 ff 10 ad, found 03 02 23 07, at its byte 0; llvm-offload-binary-22 stops with an error here\. What it holds:\n {6}SPIR-V module/);
      // One good binary and junk after it: LLVM stops there too (review 2026-11-27x F7).
      const ob = readFileSync(join(LLVM22, 'pack', 'cuda.ob22.bin'));
      const junk = Buffer.concat([ob, Buffer.from('JUNKJUNKJUNKJUNK')]);
      const c2 = [...junk].map((x) => `\\${x.toString(16).toUpperCase().padStart(2, '0')}`).join('');
      writeFileSync(join(t.dir, 'j.ll'), `target triple = "x86_64-unknown-linux-gnu"\n@j = private constant [${junk.length} x i8] c"${c2}", section ".llvm.offloading"\n!llvm.embedded.objects = !{!0}\n!0 = !{ptr @j, !".llvm.offloading"}\n`);
      expect(run(as, ['j.ll', '-o', 'j.bc'], t.dir).status).to.equal(0);
      expect(run(offloadBinary, ['j.bc', '--image=triple=x'], t.dir).status).to.not.equal(0);
      const jl = await cli(['inspect', 'j.ll'], t.dir);
      expect(jl.stdout).to.include(`its initializer is not OffloadBinaries: bad OffloadBinary magic: expected 10 ff 10 ad, found 4a 55 4e 4b, at its byte ${ob.length}; llvm-offload-binary-22 stops with an error here`);
    } finally {
      t.cleanup();
    }
  });

  it('host bitcode: llvm-as-22 makes embedded.bc from embedded.ll as committed; offload-extract takes what llvm-offload-binary-22 takes; the bytes are what llvm-dis-22 prints', async () => {
    const as = requireTool('llvm-as-22');
    const dis = requireTool('llvm-dis-22');
    const a = tempDir('syclbin-bc-a-');
    const b = tempDir('syclbin-bc-b-');
    try {
      copyFileSync(join(LLVM22, 'containers', 'embedded.ll'), join(a.dir, 'embedded.ll'));
      expect(run(as, ['embedded.ll', '-o', 'embedded.bc'], a.dir).status).to.equal(0);
      const bc = readFileSync(join(a.dir, 'embedded.bc'));
      expect(bc.equals(readFileSync(join(LLVM22, 'containers', 'embedded.bc')))).to.equal(true);
      copyFileSync(join(a.dir, 'embedded.bc'), join(b.dir, 'embedded.bc'));
      const image = ['--image=triple=nvptx64-nvidia-cuda', '--image=triple=amdgcn-amd-amdhsa', '--image=kind=openmp'];
      expect(run(offloadBinary, ['embedded.bc', ...image], a.dir).status).to.equal(0);
      const ours = await cli(['offload-extract', 'embedded.bc', ...image], b.dir);
      expect(ours.code, ours.stderr).to.equal(0);
      const list = (d: string): string[] => readdirSync(d).filter((f) => !f.startsWith('embedded.')).sort();
      expect(list(b.dir)).to.deep.equal(list(a.dir));
      expect(list(a.dir).length).to.be.greaterThan(3);
      for (const f of list(a.dir)) expect(readFileSync(join(b.dir, f)).equals(readFileSync(join(a.dir, f))), f).to.equal(true);
      // A node listed several times: LLVM extracts the global each time; we do the same, reading its bytes once.
      for (const f of list(a.dir)) rmSync(join(a.dir, f));
      for (const f of list(b.dir)) rmSync(join(b.dir, f));
      const dup = readFileSync(join(LLVM22, 'containers', 'embedded.ll'), 'utf8').replace(/^!llvm\.embedded\.objects = .*$/m, '!llvm.embedded.objects = !{!0, !4, !0}');
      writeFileSync(join(a.dir, 'dup.ll'), dup);
      expect(run(as, ['dup.ll', '-o', 'dup.bc'], a.dir).status).to.equal(0);
      copyFileSync(join(a.dir, 'dup.bc'), join(b.dir, 'dup.bc'));
      expect(run(offloadBinary, ['dup.bc', ...image], a.dir).status).to.equal(0);
      expect((await cli(['offload-extract', 'dup.bc', ...image], b.dir)).code).to.equal(0);
      const dupFiles = list(a.dir).filter((f) => !f.startsWith('dup.'));
      expect(list(b.dir).filter((f) => !f.startsWith('dup.'))).to.deep.equal(dupFiles);
      for (const f of dupFiles) expect(readFileSync(join(b.dir, f)).equals(readFileSync(join(a.dir, f))), f).to.equal(true);
      const many = dup.replace(/^!llvm\.embedded\.objects = .*$/m, `!llvm.embedded.objects = !{${Array(2000).fill('!0').join(', ')}}`);
      writeFileSync(join(a.dir, 'many.ll'), many);
      expect(run(as, ['many.ll', '-o', 'many.bc'], a.dir).status).to.equal(0);
      const mb = readFileSync(join(a.dir, 'many.bc'));
      const objs = bitcodeEmbeddedObjects(blobRef(memorySource(mb), 0, mb.length, 0), 0, mb.length).objects;
      expect(objs).to.have.length(2000);
      expect(objs.every((o) => o.bytes === objs[0]!.bytes)).to.equal(true);
      // host.bc's initializer as llvm-dis-22 prints it (c"..." with \XX escapes) = the binary we read.
      const ll = run(dis, [join(LLVM22, 'containers', 'host.bc'), '-o', '-'], a.dir).stdout;
      const m = /^@llvm\.embedded\.object = private constant \[(\d+) x i8\] c"((?:[^"\\]|\\[0-9A-F]{2}|\\\\)*)"/m.exec(ll)!;
      const text = m[2]!.replace(/\\([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))).replace(/\\\\/g, '\\');
      const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
      expect(bytes.length).to.equal(Number(m[1]));
      const j = JSON.parse((await cli(['offload-list', '--json', join(LLVM22, 'containers', 'host.bc')], a.dir)).stdout) as { embedded: { binary: { size: string } }[] };
      expect(j.embedded[0]!.binary.size).to.equal(String(bytes.length));
      const host = readFileSync(join(LLVM22, 'containers', 'host.bc'));
      expect(Buffer.from(bitcodeEmbeddedObjects(blobRef(memorySource(host), 0, host.length, 0), 0, host.length).objects[0]!.bytes).equals(Buffer.from(bytes))).to.equal(true);
    } finally {
      a.cleanup();
      b.cleanup();
    }
  });

  it('--archive of object-file images: byte-identical to llvm-offload-binary-22 (symbol table included)', async () => {
    const a = tempDir('syclbin-a-');
    try {
      // Two host objects as images: the archive gets LLVM's `/` symbol table.
      copyFileSync(join(dir, 'stub.o'), join(a.dir, 'stub.o'));
      copyFileSync(join(dir, 'k2.o'), join(a.dir, 'k2.o'));
      const pack = ['-o', 'two.bin', '--image=file=stub.o,triple=x86_64-unknown-linux-gnu,kind=openmp', '--image=file=k2.o,triple=x86_64-unknown-linux-gnu,kind=openmp'];
      expect(run(offloadBinary, pack, a.dir).status).to.equal(0);
      expect(run(offloadBinary, ['two.bin', '--archive', '--image=file=theirs.a,kind=openmp'], a.dir).status).to.equal(0);
      const ours = await cli(['offload-extract', 'two.bin', '--archive', '--image=file=ours.a,kind=openmp'], a.dir);
      expect(ours.code, ours.stderr).to.equal(0);
      expect(readFileSync(join(a.dir, 'ours.a')).equals(readFileSync(join(a.dir, 'theirs.a')))).to.equal(true);
    } finally {
      a.cleanup();
    }
  });

  it('--archive member names: the input path as typed, "<stdin>" for -, an archive member its own name, also inside a nested archive (= llvm-offload-binary-22)', async () => {
    const a = tempDir('syclbin-a-');
    try {
      mkdirSync(join(a.dir, 'sub'));
      copyFileSync(join(dir, 'k2.o'), join(a.dir, 'sub', 'k2.o'));
      expect(run(requireTool('llvm-ar-22'), ['rc', 'both.a', 'sub/k2.o', join(LLVM22, 'containers', 'omp22.o')], a.dir).status).to.equal(0);
      // An archive inside an archive: a member of the inner one is named by its own name (k2.o), not inner(k2.o).
      expect(run(requireTool('llvm-ar-22'), ['rc', 'nested.a', 'both.a', 'sub/k2.o'], a.dir).status).to.equal(0);
      const cases: [input: string, image: string][] = [
        ['sub/k2.o', 'triple=spirv64-unknown-unknown'],
        ['./sub/../sub/k2.o', 'triple=spirv64-unknown-unknown'],
        [join(a.dir, 'sub', 'k2.o'), 'triple=spirv64-unknown-unknown'],
        ['both.a', 'kind=openmp'],
        ['both.a', 'kind=sycl'],
        ['nested.a', 'kind=sycl'],
        ['nested.a', 'kind=openmp'],
      ];
      for (const [i, [input, image]] of cases.entries()) {
        expect(run(offloadBinary, [input, '--archive', `--image=file=theirs${i}.a,${image}`], a.dir).status).to.equal(0);
        const ours = await cli(['offload-extract', input, '--archive', `--image=file=ours${i}.a,${image}`], a.dir);
        expect(ours.code, ours.stderr).to.equal(0);
        expect(readFileSync(join(a.dir, `ours${i}.a`)).equals(readFileSync(join(a.dir, `theirs${i}.a`))), `${input} ${image}`).to.equal(true);
      }
      // Standard input: LLVM's buffer is "<stdin>".
      const input = readFileSync(join(a.dir, 'sub', 'k2.o'));
      const theirs = spawnSync(offloadBinary, ['-', '--archive', '--image=file=theirs-stdin.a,kind=sycl'], { cwd: a.dir, input });
      expect(theirs.status, String(theirs.stderr)).to.equal(0);
      const ours = spawnSync(process.execPath, [CLI_MAIN, 'offload-extract', '-', '--archive', '--image=file=ours-stdin.a,kind=sycl'], { cwd: a.dir, input });
      expect(ours.status, String(ours.stderr)).to.equal(0);
      expect(readFileSync(join(a.dir, 'ours-stdin.a')).equals(readFileSync(join(a.dir, 'theirs-stdin.a')))).to.equal(true);
    } finally {
      a.cleanup();
    }
  });

  it('zero padding after the last binary of a COFF section: read with the note ELF sections get; llvm-objdump-22 and llvm-offload-binary-22 fail on it', async () => {
    const a = tempDir('syclbin-coffpad-');
    try {
      const objcopy = requireTool('llvm-objcopy-22');
      copyFileSync(join(LLVM22, 'containers', 'coff.obj'), join(a.dir, 'coff.obj'));
      copyFileSync(join(LLVM22, 'strict', 'one-padded.bin'), join(a.dir, 'one-padded.bin'));
      expect(run(objcopy, ['--remove-section=.llvm.offloading', 'coff.obj', 'base.obj'], a.dir).status).to.equal(0);
      expect(run(objcopy, ['--add-section', '.llvm.offloading=one-padded.bin', 'base.obj', 'padded.obj'], a.dir).status).to.equal(0);
      const theirs = run(requireTool('llvm-objdump-22'), ['--offloading', 'padded.obj'], a.dir);
      expect(theirs.status).to.equal(1);
      expect(String(theirs.stderr)).to.contain('Invalid data was encountered while parsing the file');
      const list = await cli(['offload-list', 'padded.obj'], a.dir);
      expect(list.code, list.stderr).to.equal(0);
      expect(list.stdout).to.contain('OFFLOADING IMAGE [0]:');
      expect(list.stderr).to.match(/note: 8 zero byte\(s\) after the last OffloadBinary in section \[\d+\] \.llvm\.offloading \(at offset 0x[0-9a-f]+\) are read as padding; llvm-objdump-22 reads no padding and rejects the file/);
      const x = await cli(['offload-extract', 'padded.obj', '--image=file=x.o,triple=x86_64-unknown-linux-gnu'], a.dir);
      expect(x.code, x.stderr).to.equal(0);
      expect(x.stderr).to.match(/note: 8 zero byte\(s\) after the last OffloadBinary in section .*llvm-offload-binary-22 reads no padding and rejects the file/);
      // --strict does what LLVM does.
      const strict = await cli(['offload-list', '--strict', 'padded.obj'], a.dir);
      expect(strict.code).to.equal(1);
      expect(strict.stderr).to.contain('Invalid data was encountered while parsing the file');
    } finally {
      a.cleanup();
    }
  });

  it("offload-pack takes llvm-offload-binary-22's option spellings (-o=X, --o=X, -image=V) with the same result", async () => {
    const a = tempDir('syclbin-spell-');
    try {
      copyFileSync(join(dir, 'k2.o'), join(a.dir, 'k2.o'));
      for (const [i, args] of [['-o=OUT', '-image=file=k2.o,triple=x86_64-unknown-linux-gnu,kind=openmp'], ['--o=OUT', '-image', 'file=k2.o,triple=t,arch=a']].entries()) {
        expect(run(offloadBinary, args.map((x) => x.replace('OUT', `theirs${i}.bin`)), a.dir).status).to.equal(0);
        const ours = await cli(['offload-pack', ...args.map((x) => x.replace('OUT', `ours${i}.bin`))], a.dir);
        expect(ours.code, ours.stderr).to.equal(0);
        expect(readFileSync(join(a.dir, `ours${i}.bin`)).equals(readFileSync(join(a.dir, `theirs${i}.bin`))), args.join(' ')).to.equal(true);
      }
    } finally {
      a.cleanup();
    }
  });

  it('offload-pack without -o: llvm-offload-binary-22 prints its help, clang-offload-packager-19 nothing, both status 0; so do we (--llvm 19), writing no file', async () => {
    const packager19 = requireTool('clang-offload-packager-19');
    const a = tempDir('syclbin-noout-');
    try {
      writeFileSync(join(a.dir, 'k.o'), 'x');
      const img = '--image=file=k.o,triple=t,arch=a';
      const theirs22 = run(offloadBinary, [img], a.dir);
      expect(theirs22.status).to.equal(0);
      expect(theirs22.stdout).to.match(/^OVERVIEW: /);
      const ours22 = await cli(['offload-pack', img], a.dir);
      expect(ours22.code, ours22.stderr).to.equal(0);
      expect(ours22.stdout).to.match(/^Usage: syclbin offload-pack /);
      const theirs19 = run(packager19, [img], a.dir);
      expect([theirs19.status, theirs19.stdout]).to.deep.equal([0, '']);
      const ours19 = await cli(['offload-pack', '--llvm', '19', img], a.dir);
      expect([ours19.code, ours19.stdout]).to.deep.equal([0, '']);
      expect(ours19.stderr).to.include('no -o OUT: nothing written');
      expect(readdirSync(a.dir)).to.deep.equal(['k.o']);
    } finally {
      a.cleanup();
    }
  });

  it('offload-pack --image=file=/dev/null: an empty image, byte-identical to llvm-offload-binary-22', async () => {
    const a = tempDir('syclbin-devnull-');
    try {
      expect(run(offloadBinary, ['-o', 'theirs.bin', '--image=file=/dev/null,triple=t,arch=a'], a.dir).status).to.equal(0);
      const ours = await cli(['offload-pack', '-o', 'ours.bin', '--image=file=/dev/null,triple=t,arch=a'], a.dir);
      expect(ours.code, ours.stderr).to.equal(0);
      expect(readFileSync(join(a.dir, 'ours.bin')).equals(readFileSync(join(a.dir, 'theirs.bin')))).to.equal(true);
    } finally {
      a.cleanup();
    }
  });

  it('files llvm-objdump-22 fails on: our listing starts with what it printed, our note quotes its error, --strict is it exactly', async () => {
    const a = tempDir('syclbin-fail-');
    try {
      const ar = requireTool('llvm-ar-22');
      const omp = join(LLVM22, 'containers', 'omp22.o');
      copyFileSync(join(LLVM22, 'pack', 'openmp.ob22.bin'), join(a.dir, 'raw.bin'));
      copyFileSync(join(dir, 'k2.sycl.image.wrapper.o'), join(a.dir, 'kw.o'));
      writeFileSync(join(a.dir, 'pad.bin'), Buffer.concat([readFileSync(join(a.dir, 'raw.bin')), Buffer.alloc(16)]));
      expect(run(ar, ['rc', 'inner.a', omp], a.dir).status).to.equal(0);
      expect(run(ar, ['rc', 'raw-member.a', omp, 'raw.bin'], a.dir).status).to.equal(0);
      expect(run(ar, ['rc', 'nested.a', omp, 'inner.a'], a.dir).status).to.equal(0);
      expect(run(ar, ['rc', 'wrapper-member.a', 'kw.o'], a.dir).status).to.equal(0);
      // Version 2 (upstream main's layout), alone and after a version-1 binary: LLVM 22 reads neither.
      expect((await cli(['offload-pack', '--llvm', 'main', '-o', 'v2.bin', '--image=file=raw.bin,triple=t'], a.dir)).code).to.equal(0);
      writeFileSync(join(a.dir, 'v1v2.bin'), Buffer.concat([readFileSync(join(a.dir, 'raw.bin')), readFileSync(join(a.dir, 'v2.bin'))]));
      for (const f of ['raw-member.a', 'nested.a', 'wrapper-member.a', 'pad.bin', 'v2.bin', 'v1v2.bin']) {
        const theirs = run(objdump, ['--offloading', f], a.dir);
        expect(theirs.status, f).to.equal(1);
        const message = /error: [^\n]*?: ((?:while extracting|Invalid data|The file was not)[^\n]*)/.exec(theirs.stderr)?.[1];
        expect(message, `${f}: ${theirs.stderr}`).to.be.a('string');
        const ours = await cli(['offload-list', f], a.dir);
        expect(ours.code, ours.stderr).to.equal(0);
        expect(ours.stdout.startsWith(theirs.stdout), f).to.equal(true);
        // (a version-2 binary: the note quotes the error's own words, which the extraction prefix may precede)
        expect(ours.stderr, f).to.contain(f.startsWith('v') && f !== 'v2.bin' ? OBJDUMP_ERRORS.invalidData : `"${message}"`);
        // --strict: what llvm-objdump-22 prints and says, exactly.
        const strict = await cli(['offload-list', '--strict', f], a.dir);
        expect([strict.code, strict.stdout], f).to.deep.equal([1, theirs.stdout]);
        expect(strict.stderr.replace(/^syclbin offload-list: /, ''), f).to.equal(theirs.stderr.replace(/^[^:]+: /, ''));
      }
      // The kinds it skips in an archive (a bitcode member, a text member) and lists around.
      copyFileSync(join(LLVM22, 'sycl', 'k.device.bc'), join(a.dir, 'kd.bc'));
      writeFileSync(join(a.dir, 'junk.txt'), 'hello');
      expect(run(ar, ['rc', 'skips.a', 'kd.bc', 'junk.txt', omp], a.dir).status).to.equal(0);
      const theirs = run(objdump, ['--offloading', 'skips.a'], a.dir);
      const strict = await cli(['offload-list', '--strict', 'skips.a'], a.dir);
      expect([strict.code, strict.stdout, strict.stderr]).to.deep.equal([theirs.status, theirs.stdout, '']);
      // offload-extract --strict = llvm-offload-binary-22 on the same files (it reads archive members that
      // are OffloadBinary files or archives, finds nothing in modules and unknown files, fails on the rest).
      for (const f of ['raw-member.a', 'nested.a', 'wrapper-member.a', 'pad.bin', 'v2.bin', 'v1v2.bin', 'skips.a', 'kw.o', 'kd.bc', 'junk.txt']) {
        const files = (d: string): string[] => readdirSync(d).map((n) => `${n} ${readFileSync(join(d, n)).toString('hex')}`).sort();
        const [t, o] = [join(a.dir, `t-${f}`), join(a.dir, `o-${f}`)];
        mkdirSync(t);
        mkdirSync(o);
        const image = '--image=triple=x86_64-unknown-linux-gnu';
        const theirs = run(offloadBinary, [join('..', f), image], t);
        const ours = await cli(['offload-extract', '--strict', join('..', f), image], o);
        expect([ours.code, files(o)], f).to.deep.equal([theirs.status, files(t)]);
        expect(ours.stderr.replace(/^syclbin offload-extract: /gm, ''), f).to.equal(theirs.stderr.replace(/^[^:]+: /gm, ''));
      }
    } finally {
      a.cleanup();
    }
  });

  it('a device module over 1 MiB (12,000 functions from clang-22): triple and kernels are read, the walk is not cut at the triple window', () => {
    const a = tempDir('syclbin-bigbc-');
    try {
      const fns = Array.from({ length: 12000 }, (_, i) => `int f${i}(int x) { return x * ${i} + ${i % 7}; }`).join('\n');
      writeFileSync(join(a.dir, 'big.c'), `${fns}\n__attribute__((amdgpu_kernel)) void k(int *p) { *p = f1(2); }\n`);
      const c = run(requireTool('clang-22'), ['-target', 'amdgcn-amd-amdhsa', '-mcpu=gfx90a', '-O0', '-nogpulib', '-c', '-emit-llvm', 'big.c', '-o', 'big.bc'], a.dir);
      expect(c.status, c.stderr).to.equal(0);
      const bytes = readFileSync(join(a.dir, 'big.bc'));
      expect(bytes.length).to.be.greaterThan(1 << 20);
      expect(identifyImage(bytes)).to.deep.include({ kind: 'bitcode', triple: 'amdgcn-amd-amdhsa', kernels: ['k'] });
      expect(identifyImage(bytes).problem).to.equal(undefined);
    } finally {
      a.cleanup();
    }
  });

  it('archive symbols of bitcode modules = llvm-ar-22 / llvm-nm-22 --print-armap (linkages, sections, manglings, aliases, ifuncs)', () => {
    const a = tempDir('syclbin-bcsym-');
    try {
      const as = requireTool('llvm-as-22');
      const ar = requireTool('llvm-ar-22');
      const nm = requireTool('llvm-nm-22');
      const body = [
        '@ext = global i32 1',
        '@int = internal global i32 2',
        '@priv = private global i32 3',
        '@decl = external global i32',
        '@ew = extern_weak global i32',
        '@com = common global i32 0',
        '@ae = available_externally global i32 4',
        '@weak = weak global i32 5',
        '@lo = linkonce_odr global i32 6',
        '@"llvm.used.thing" = global i32 7',
        '@meta = global i32 8, section "llvm.metadata"',
        '@other = global i32 9, section "data.other"',
        '@app = appending global [1 x i32] [i32 10]',
        '@"\\01raw_name" = global i32 11',
        '@hid = hidden global i32 12',
        '@al = alias i32, ptr @ext',
        '@ial = internal alias i32, ptr @ext',
        '@ifn = ifunc void (), ptr @resolver',
        'define ptr @resolver() { ret ptr null }',
        'define void @f() { ret void }',
        'define internal void @g() { ret void }',
        'declare void @h()',
        'define weak_odr void @w() { ret void }',
        'define available_externally void @av() { ret void }',
        'define void @"?msvc@@YAXXZ"() { ret void }',
      ].join('\n');
      const layouts: [name: string, layout: string][] = [
        ['elf', 'e-m:e-i64:64-n8:16:32:64-S128'],
        ['macho', 'e-m:o-i64:64-n8:16:32:64-S128'],
        ['win64', 'e-m:w-p270:32:32-i64:64-n8:16:32:64-S128'],
        ['win32', 'e-m:x-p:32:32-i64:64-n8:16:32-a:0:32-S32'],
        ['none', 'e-i64:64'],
      ];
      for (const [name, layout] of layouts) {
        writeFileSync(join(a.dir, `${name}.ll`), `target datalayout = "${layout}"\n${body}\n`);
        const asm = run(as, [`${name}.ll`, '-o', `${name}.bc`], a.dir);
        expect(asm.status, asm.stderr).to.equal(0);
        expect(run(ar, ['rc', `${name}.a`, `${name}.bc`], a.dir).status).to.equal(0);
        const map = run(nm, ['--print-armap', `${name}.a`], a.dir).stdout;
        const theirs = map.split('\n\n')[0]!.split('\n').slice(1).filter(Boolean).map((l) => l.replace(new RegExp(` in ${name}\\.bc$`), ''));
        const bytes = readFileSync(join(a.dir, `${name}.bc`));
        const ours = bitcodeArchiveSymbols(blobRef(memorySource(bytes), 0, bytes.length, 0));
        expect(ours?.problem, name).to.equal(undefined);
        expect(ours?.symbols, name).to.deep.equal(theirs);
      }
      // Module-level inline assembly: its symbols need LLVM's assembler; said, not guessed.
      writeFileSync(join(a.dir, 'asm.ll'), 'module asm ".globl asm_sym"\nmodule asm "asm_sym:"\n@x = global i32 1\n');
      expect(run(as, ['asm.ll', '-o', 'asm.bc'], a.dir).status).to.equal(0);
      const asmBytes = readFileSync(join(a.dir, 'asm.bc'));
      expect(bitcodeArchiveSymbols(blobRef(memorySource(asmBytes), 0, asmBytes.length, 0))?.problem).to.match(/inline assembly/);
    } finally {
      a.cleanup();
    }
  });
});
