/**
 * LLVM 19/22's own rules for OffloadBinaries (src/offload/llvm-rules.ts), which `--strict` follows:
 *  - on the committed malformed fixtures of testdata/llvm22/strict (made by scripts/fixtures/llvm22.sh
 *    section 4b; their llvm-objdump goldens are replayed with --strict by goldens.test.ts): what
 *    LLVM accepts and where it fails, and what the default (non-strict) listing says instead;
 *  - Mach-O and WebAssembly objects: their format names;
 *  - live, where llvm-objdump-22 / -19 are installed (test/support/tools.ts names the package when
 *    one is missing): a differential run over systematic mutants of pack/multi.ob22.bin, every u64
 *    field set to boundary values and every truncation, comparing standard output, error line and
 *    status with the tool's; and clang-22 Mach-O / WebAssembly objects of several targets.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { blobRef, memorySource } from '../../src/codec/index.js';
import { archiveMemberSymbols } from '../../src/containers/archive-symbols.js';
import { coffArchiveSymbols } from '../../src/containers/coff-symbols.js';
import { readThinArchive, thinArchiveSource } from '../../src/containers/thin-archive.js';
import { readArchive } from '../../src/containers/archive.js';
import { LLVM_CREATE_ERRORS, llvmCreateCheck, llvmExtractRegion } from '../../src/offload/llvm-rules.js';
import { readOffloadInput } from '../../src/offload/input.js';
import { readOffloadBinaries } from '../../src/offload/read.js';
import { strictOffloadingText } from '../../src/offload/input-text.js';
import { encodeLatin1 } from '../../src/codec/bytes.js';
import { llvmEra } from '../../formats/eras.js';
import { machoFileFormatName, machoHeader, MACHO_CPU_TYPES } from '../../formats/other-objects.js';
import { Elf64Header } from '../../formats/elf.js';
import { requireTool } from '../support/tools.js';
import { cli, tempDir } from '../offload/support.js';
import { LLVM22 } from './support.js';

const STRICT = join(LLVM22, 'strict');
const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(STRICT, name)));
const region = (b: Uint8Array) => llvmExtractRegion(memorySource(b), 0, b.length);

describe('LLVM 19/22 OffloadBinary rules (src/offload/llvm-rules.ts) on the strict fixtures', () => {
  it('EntrySize past Size - 32: create fails with unexpected_eof (this reader ignores EntrySize)', () => {
    const b = fixture('entrysize.bin');
    expect(llvmCreateCheck(memorySource(b), 0, b.length)).to.deep.equal({ error: 'eof' });
    expect(region(b).failure).to.deep.include({ index: 0, error: 'eof' });
  });
  it('an image past the binary, an entry overlapping the header: accepted, with what objdump prints of them', () => {
    const past = region(fixture('image-past-end.bin'));
    expect(past.failure).to.equal(undefined);
    expect(past.binaries).to.have.length(1);
    expect(past.binaries[0]).to.deep.include({ imageKind: 1, offloadKind: 1, arch: 'generic', triple: 'x86_64-unknown-linux-gnu' });
    const overlap = region(fixture('entry-at-header.bin'));
    expect(overlap.failure).to.equal(undefined);
    // The entry is the header's bytes: ImageKind 0xff10 (10 ff), OffloadKind 0xad10, no strings.
    expect(overlap.binaries[0]).to.deep.include({ imageKind: 0xff10, offloadKind: 0xad10, arch: '', triple: '' });
  });
  it('padding after the last binary: the second binary fails (Invalid data); a truncated binary: unexpected_eof', () => {
    expect(region(fixture('one-padded.bin')).failure).to.deep.include({ index: 1, error: 'invalidData' });
    expect(region(fixture('one-truncated.bin')).failure).to.deep.include({ index: 0, error: 'eof' });
    expect(LLVM_CREATE_ERRORS.eof).to.equal('The end of the file was unexpectedly encountered');
  });
  it('string values that are not UTF-8: kept as bytes (one character per byte), as objdump prints them', () => {
    const v = region(fixture('nonutf8.bin')).binaries[0]!;
    expect(v.triple).to.equal('x86\xffq');
    expect(v.arch).to.equal('\xe9');
  });
  it('a string table LLVM would read past the binary: undefined behaviour, said, not guessed', () => {
    const b = Uint8Array.from(fixture('one.bin'));
    // NumStrings (entry at 32, field at +16) = 1000: the table runs past the binary.
    new DataView(b.buffer).setBigUint64(32 + 16, 1000n, true);
    const r = region(b);
    expect(r.undefinedBehaviour?.what).to.match(/1000 string entries/);
    expect(() => readOffloadInput(memorySource(b), { llvmRules: true })).to.throw(/undefined behaviour, not reproduced/);
  });
  it('an archive member that is an OffloadBinary, its data 8-aligned: created, then not an object to llvm-objdump', () => {
    const r = readOffloadInput(memorySource(fixture('offload-member.a')), { llvmRules: true });
    expect(r.peerFailure).to.deep.include({ message: 'The file was not recognized as a valid object file', label: { kind: 'object' } });
  });
  it('the default listing reads these as this toolkit reads them: EntrySize ignored, an image past the binary refused', async () => {
    const a = await cli(['offload-list', 'entrysize.bin'], STRICT);
    expect(a.code, a.stderr).to.equal(0);
    expect(a.stdout).to.include('triple          x86_64-unknown-linux-gnu');
    const b = await cli(['offload-list', 'image-past-end.bin'], STRICT);
    expect(b.code).to.equal(1);
    expect(b.stderr).to.match(/image \[152, \+65535\) does not fit in the 168-byte binary \(at entries\[0\]\.imageSize, offset 0x40\)/);
    // llvm-objdump lists it: a note says so, and how to list it as llvm-objdump does.
    expect(b.stderr).to.match(/note: llvm-objdump-22 --offloading lists this file \(it does not check what failed here\); --strict lists it as llvm-objdump-22 does\n$/);
    // Where llvm-objdump fails too, its standard output up to the failure (the header line) is ours too; no note.
    for (const f of ['one-truncated.o', 'compressed.o', 'text-section.o']) {
      const d = await cli(['offload-list', f], STRICT);
      expect(d.code, f).to.equal(1);
      expect(d.stdout, f).to.equal(readFileSync(join(STRICT, `${f}.objdump22.txt`), 'utf8'));
      expect(d.stderr, f).to.not.match(/--strict lists it/);
    }
    const c = await cli(['offload-list', '--strict', 'image-past-end.bin'], STRICT);
    expect(c.code, c.stderr).to.equal(0);
    expect(c.stdout).to.equal(readFileSync(join(STRICT, 'image-past-end.bin.objdump22.txt'), 'utf8'));
  });
  it('zero padding after the last binary: read as padding with a note naming LLVM\'s failure, in a file and in an ELF section alike', async () => {
    for (const [f, where] of [['one-padded.bin', ''], ['one-padded.o', ' in section \\[9\\] \\.llvm\\.offloading']] as const) {
      const r = await cli(['offload-list', f], STRICT);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.include('OFFLOADING IMAGE [0]:');
      expect(r.stderr, f).to.match(new RegExp(`note: 8 zero byte\\(s\\) after the last OffloadBinary${where} \\(at offset 0x[0-9a-f]+\\) are read as padding; llvm-objdump-22 reads no padding and rejects the file`));
    }
  });
  it('a compressed offloading section, or one of text: an error saying what it is (LLVM fails on both too), not a device image', async () => {
    const c = await cli(['offload-list', 'compressed.o'], STRICT);
    expect(c.code).to.equal(1);
    expect(c.stderr).to.match(/section \[\d+\] '\.llvm\.offloading' is compressed \(SHF_COMPRESSED, zlib\).*llvm-objcopy --compress-sections '\.llvm\.offloading=none' IN OUT/);
    const x = await cli(['offload-extract', 'compressed.o', '-o', 'never-written'], STRICT);
    expect(x.code).to.equal(1);
    const t = await cli(['offload-list', 'text-section.o'], STRICT);
    expect(t.code).to.equal(1);
    expect(t.stderr).to.match(/holds neither OffloadBinaries .* nor a device image this toolkit recognises .*: it starts with 68 65 6c 6c 6f 20 6f 66/);
    for (const f of ['compressed.o', 'text-section.o']) {
      const s = await cli(['offload-list', '--strict', f], STRICT);
      expect(s.stdout).to.equal(readFileSync(join(STRICT, `${f}.objdump22.txt`), 'utf8'));
      expect(s.stderr).to.equal(`syclbin offload-list: error: '${f}': while extracting offloading files: Invalid data was encountered while parsing the file\n`);
    }
  });
  it("offload-extract --strict with -o, with or without --image: LLVM's \"mutually exclusive\" error and status 1, as both packers answer", async () => {
    const want = 'error: Packaging to an output file and extracting from an input file are mutually exclusive.\n';
    for (const extra of [[], ['--image=triple=x86_64-unknown-linux-gnu']]) {
      for (const tool of ['llvm-offload-binary-22', 'clang-offload-packager-19'] as const) {
        const peer = spawnSync(requireTool(tool), ['-o', 'never-written', 'entrysize.bin', ...extra], { cwd: STRICT, encoding: 'utf8' });
        expect(peer.status, tool).to.equal(1);
        expect(peer.stderr, tool).to.equal(`${requireTool(tool)}: ${want}`); // LLVM names itself as invoked (argv[0])
      }
      const r = await cli(['offload-extract', '--strict', 'entrysize.bin', '-o', 'never-written', ...extra], STRICT);
      expect(r.code, r.stderr).to.equal(1);
      expect(r.stderr).to.equal(`syclbin offload-extract: ${want}`);
    }
  });
  it('string bytes that are not UTF-8 are printed as they are (not replacement characters), with and without --strict', async () => {
    for (const args of [['--strict'], [], ['--llvm', '22']]) {
      const r = await cli(['offload-list', ...args, 'nonutf8.bin'], STRICT);
      expect(Buffer.from(r.stdoutBytes).equals(readFileSync(join(STRICT, 'nonutf8.bin.objdump22.txt'))), args.join(' ')).to.equal(true);
    }
    const s = await cli(['offload-list', '--strings', 'nonutf8.bin'], STRICT);
    // --strings (our extension) shows a byte that starts no UTF-8 sequence as \xNN, never raw or as U+FFFD.
    expect(s.stdout).to.include('  triple        x86\\xffq\n');
    const j = JSON.parse((await cli(['offload-list', '--json', 'nonutf8.bin'], STRICT)).stdout);
    expect(j.binaries[0].entries[0].strings.find((x: { key: string }) => x.key === 'triple')).to.deep.equal({ key: 'triple', value: 'x86\ufffdq', valueBytes: '783836ff71' });
    // The reader keeps those bytes (and their real size) beside the decoded text.
    const se = readOffloadBinaries(memorySource(fixture('nonutf8.bin')))[0]!.entries[0]!.stringEntries.find((x) => x.key === 'triple')!;
    expect(se.value).to.equal('x86\ufffdq');
    expect(Array.from(se.valueRaw!)).to.deep.equal([0x78, 0x38, 0x36, 0xff, 0x71]);
    expect(se.valueSize).to.equal(5);
  });
});

describe('Mach-O and WebAssembly objects (formats/other-objects.ts)', () => {
  it('names their formats as llvm-objdump 19/22 print them (checked on clang-22 objects)', () => {
    expect(machoFileFormatName(64, MACHO_CPU_TYPES.X86_64)).to.equal('mach-o 64-bit x86-64');
    expect(machoFileFormatName(64, MACHO_CPU_TYPES.ARM64)).to.equal('mach-o arm64');
    expect(machoFileFormatName(32, MACHO_CPU_TYPES.I386)).to.equal('mach-o 32-bit i386');
    expect(machoFileFormatName(32, MACHO_CPU_TYPES.ARM)).to.equal('mach-o arm');
    expect(machoFileFormatName(32, MACHO_CPU_TYPES.ARM64_32)).to.equal('mach-o arm64 (ilp32)');
    expect(machoFileFormatName(64, 99)).to.equal('mach-o 64-bit unknown');
    expect(machoHeader(fixture('macho.o'))).to.deep.equal({ bits: 64, cpuType: MACHO_CPU_TYPES.X86_64 });
    // A Mach-O magic with an unknown filetype is not a Mach-O object to identify_magic.
    const odd = Uint8Array.from(fixture('macho.o'));
    odd[12] = 99;
    expect(machoHeader(odd)).to.equal(undefined);
  });
  it('offload-list prints the header line, warns (strict: as llvm-objdump), exit 0; offload-extract finds nothing', async () => {
    const s = await cli(['offload-list', '--strict', 'macho.a'], STRICT);
    expect(s.code).to.equal(0);
    expect(s.stdout).to.equal(readFileSync(join(STRICT, 'macho.a.objdump22.txt'), 'utf8'));
    expect(s.stderr).to.equal("syclbin offload-list: warning: 'macho.o': --offloading is currently only supported for COFF and ELF targets\n");
    const d = await cli(['offload-list', 'wasm.o'], STRICT);
    expect(d.code).to.equal(0);
    expect(d.stdout).to.equal('\nwasm.o:\tfile format wasm\n');
    expect(d.stderr).to.match(/a wasm object: llvm-objdump-22 --offloading prints its header line and warns/);
  });
});

describe('live: --strict against llvm-objdump-22 / -19 on mutants, and clang-22 Mach-O / WebAssembly objects', function () {
  this.timeout(300_000);
  /** What our --strict prints for `bytes` named `file` (in-process: the CLI's code path without a process per mutant). */
  function ours(bytes: Uint8Array, file: string, era: '19' | '22'): { out: Buffer; err: string; rc: number } {
    const e = llvmEra(era);
    try {
      const r = strictOffloadingText(file, readOffloadInput(memorySource(bytes), { scan: 'never', peer: e.objdump, llvmRules: true }), { era: e });
      const out = Buffer.from(r.bytes ? encodeLatin1(r.text) : new TextEncoder().encode(r.text));
      return { out, err: r.error ? `error: ${r.error.label}: ${r.error.message}` : '', rc: r.error ? 1 : 0 };
    } catch (err) {
      return { out: Buffer.alloc(0), err: `ours: ${(err as Error).message}`, rc: -1 };
    }
  }
  for (const era of ['22', '19'] as const) {
    it(`header, entry and string fields of a three-binary file at boundary values, and truncations: llvm-objdump-${era}`, () => {
      const objdump = requireTool(`llvm-objdump-${era}`);
      const base = readFileSync(join(LLVM22, 'pack', `multi.ob${era}.bin`));
      const { dir, cleanup } = tempDir('syclbin-strict-rules-');
      try {
        const mutants: { what: string; bytes: Uint8Array }[] = [];
        // The first binary's header, entry and string entries, and the second binary's header (offset 0,
        // the magic, decides the container, not these rules). A run over every u64 field of the file
        // with 20 values each (2,277 mutants, scratch work of the session that wrote llvm-rules.ts) agreed
        // with both tools wherever LLVM's behaviour is defined; this subset keeps the suite fast.
        const fields = [8, 16, 24, 40, 48, 56, 64, 72, 80, 88, 96, 168, 176, 184];
        for (const p of fields) {
          for (const v of [0, 32, 39, 41, 120, 152, 160, 161, base.length, 2 ** 32]) {
            const b = Uint8Array.from(base);
            new DataView(b.buffer).setBigUint64(p, BigInt(v), true);
            mutants.push({ what: `u64 at ${p} = ${v}`, bytes: b });
          }
        }
        for (let n = 4; n < base.length; n += 23) mutants.push({ what: `first ${n} bytes`, bytes: base.subarray(0, n) });
        let compared = 0;
        for (const m of mutants) {
          const ourRun = ours(m.bytes, 'm.bin', era);
          if (ourRun.rc === -1) {
            // Only where LLVM would read outside the binary (undefined behaviour: it may crash or print garbage).
            expect(ourRun.err, m.what).to.match(/undefined behaviour/);
            continue;
          }
          writeFileSync(join(dir, 'm.bin'), m.bytes);
          const r = spawnSync(objdump, ['--offloading', 'm.bin'], { cwd: dir });
          const theirs = { out: r.stdout, err: r.stderr.toString('latin1').replace(/^[^:]+: /, '').trim(), rc: r.status ?? -1 };
          expect({ out: ourRun.out.toString('latin1'), err: ourRun.err, rc: ourRun.rc }, m.what).to.deep.equal({ out: theirs.out.toString('latin1'), err: theirs.err, rc: theirs.rc });
          compared++;
        }
        expect(compared).to.be.greaterThan(mutants.length * 0.8);
      } finally {
        cleanup();
      }
    });
  }
  it('clang-22 objects for Darwin and WebAssembly targets: the same header line and warning as llvm-objdump-22', async () => {
    const clang = requireTool('clang-22');
    const objdump = requireTool('llvm-objdump-22');
    const { dir, cleanup } = tempDir('syclbin-macho-');
    try {
      writeFileSync(join(dir, 'k.c'), 'int foo(void) { return 1; }\n');
      for (const t of ['x86_64-apple-darwin', 'arm64-apple-darwin', 'i386-apple-darwin', 'armv7-apple-ios', 'arm64_32-apple-watchos', 'wasm32-unknown-unknown', 'wasm64-unknown-unknown']) {
        const c = spawnSync(clang, ['-c', `--target=${t}`, 'k.c', '-o', `${t}.o`], { cwd: dir, encoding: 'utf8' });
        expect(c.status, c.stderr).to.equal(0);
        const theirs = spawnSync(objdump, ['--offloading', `${t}.o`], { cwd: dir, encoding: 'utf8' });
        const r = await cli(['offload-list', '--strict', `${t}.o`], dir);
        expect(r.code, t).to.equal(theirs.status);
        expect(r.stdout, t).to.equal(theirs.stdout);
        expect(r.stderr.replace(/^syclbin offload-list: /, ''), t).to.equal(theirs.stderr.replace(/^[^:]+: /, ''));
      }
    } finally {
      cleanup();
    }
  });
});

describe('--archive with Mach-O, WebAssembly or XCOFF images (whose symbols LLVM lists and this toolkit does not read)', function () {
  this.timeout(120_000);
  it('archiveMemberSymbols: data, with the reason; offload-extract --archive warns that LLVM would list their symbols', async () => {
    for (const [f, what] of [['macho.o', 'a Mach-O object'], ['macho-arm64.o', 'a Mach-O object'], ['wasm.o', 'a WebAssembly object']] as const) {
      const b = new Uint8Array(readFileSync(join(STRICT, f)));
      const r = archiveMemberSymbols(blobRef(memorySource(b), 0, b.length, 0));
      expect([r.symbols, r.problem, r.llvmToo], f).to.deep.equal([undefined, `${what}: its symbols are not read by this toolkit`, undefined]);
    }
    const xcoff = Uint8Array.from([0x01, 0xf7, 0, 0]);
    expect(archiveMemberSymbols(blobRef(memorySource(xcoff), 0, 4, 0)).problem).to.equal('an XCOFF object: its symbols are not read by this toolkit');
    const { dir, cleanup } = tempDir('syclbin-macho-');
    try {
      copyFileSync(join(STRICT, 'macho.o'), join(dir, 'm.o'));
      expect((await cli(['offload-pack', '-o', 'm.bin', '--image=file=m.o,triple=t,kind=openmp'], dir)).code).to.equal(0);
      const x = await cli(['offload-extract', 'm.bin', '--archive', '--image=file=o.a'], dir);
      expect(x.code, x.stderr).to.equal(0);
      expect(x.stderr).to.equal("syclbin offload-extract: warning: o.a: member 0 (m.bin): its symbols are not in the archive's symbol table (a Mach-O object: its symbols are not read by this toolkit); llvm-offload-binary-22 would list them\n");
    } finally {
      cleanup();
    }
  });
});

describe('--archive with an image that starts like bitcode but is not readable bitcode', function () {
  this.timeout(120_000);
  const BAD = Uint8Array.from([0x42, 0x43, 0xc0, 0xde, 0x61, 0x62, 0x63]); // 'BC' C0 DE + "abc": 7 bytes
  it('archiveMemberSymbols: data (no symbols), LLVM failing too, with its message', () => {
    const r = archiveMemberSymbols(blobRef(memorySource(BAD), 0, BAD.length, 0));
    expect(r.symbols).to.equal(undefined);
    expect(r.llvmToo).to.deep.equal({ message: 'Invalid bitcode signature' });
  });
  it('offload-extract --archive writes it as data (no symbol table for it alone) and warns as llvm-offload-binary-22 does', async () => {
    const { dir, cleanup } = tempDir('syclbin-badbc-');
    try {
      writeFileSync(join(dir, 'b.bc'), BAD);
      const p = await cli(['offload-pack', '-o', 'one.bin', '--image=file=b.bc,triple=t'], dir);
      expect(p.code, p.stderr).to.equal(0);
      const s = await cli(['offload-extract', '--strict', 'one.bin', '--image=file=S.a,triple=t', '--archive'], dir);
      expect(s.code, s.stderr).to.equal(0);
      expect(s.stderr).to.equal("warning: 'one.bin': Invalid bitcode signature\n");
      const a = readFileSync(join(dir, 'S.a'));
      // `!<arch>\n` then the first member's header: the member itself, no `/` symbol table.
      expect(a.subarray(8, 16).toString('latin1')).to.equal('one.bin/');
      const d = await cli(['offload-extract', 'one.bin', '--image=file=D.a,triple=t', '--archive'], dir);
      expect(d.stderr).to.match(/not bitcode LLVM can read \(the bitcode is 7 bytes, not a multiple of 4\): written as data, without symbols/);
      // The real tool on the same file (llvm-22).
      const packer = requireTool('llvm-offload-binary-22');
      const l = spawnSync(packer, ['one.bin', '--image=file=L.a,triple=t', '--archive'], { cwd: dir, encoding: 'utf8' });
      expect(l.status).to.equal(0);
      expect(l.stderr).to.equal("warning: 'one.bin': Invalid bitcode signature\n");
      expect(readFileSync(join(dir, 'L.a')).equals(a)).to.equal(true);
    } finally {
      cleanup();
    }
  });
});

describe('--strict: a file that cannot be opened, as the LLVM tools say it', () => {
  // llvm-objdump-22 / -19, llvm-offload-binary-22 and clang-offload-packager-19 print `error: 'FILE':
  // STRERROR` (checked by hand on Debian's tools: "No such file or directory", "Is a directory").
  it('offload-list --strict and offload-extract --strict: error: \'FILE\': strerror text, status 1', async () => {
    const { dir, cleanup } = tempDir('syclbin-strict-io-');
    try {
      for (const [args, prog] of [
        [['offload-list', '--strict'], 'offload-list'],
        [['offload-extract', '--strict', '--image=file=x.o'], 'offload-extract'],
      ] as const) {
        const missing = await cli([...args, 'nonexist.bin'], dir);
        expect(missing.code).to.equal(1);
        expect(missing.stderr).to.equal(`syclbin ${prog}: error: 'nonexist.bin': No such file or directory\n`);
        const d = await cli([...args, '.'], dir);
        expect(d.stderr).to.equal(`syclbin ${prog}: error: '.': Is a directory\n`);
      }
      // Without --strict: the file named as --strict names it (quoted), this toolkit's message.
      const plain = await cli(['offload-list', 'nonexist.bin'], dir);
      expect(plain.stderr).to.equal("syclbin offload-list: error: 'nonexist.bin': No such file or directory\n");
      const extract = await cli(['offload-extract', 'nonexist.bin', '--image=file=x.o'], dir);
      expect([extract.code, extract.stderr]).to.deep.equal([1, "syclbin offload-extract: error: 'nonexist.bin': No such file or directory\n"]);
    } finally {
      cleanup();
    }
  });
});

describe('--archive with COFF object images: the symbol table LLVM writes (src/containers/coff-symbols.ts)', function () {
  this.timeout(120_000);
  it('the committed clang-22 OpenMP Windows object: its archive symbols (as llvm-offload-binary-22 --archive lists them)', () => {
    const bytes = new Uint8Array(readFileSync(join(LLVM22, 'containers', 'coff.obj')));
    // `llvm-nm-22 --print-armap` of the archive llvm-offload-binary-22 --archive wrote for this object
    // (weak externals with SEARCH_ALIAS are listed; undefined externals, statics and the FILE record are not).
    expect(coffArchiveSymbols(memorySource(bytes))).to.deep.equal([
      'main',
      '.__omp_offloading_deadf17e_1818da40_main_l3.region_id',
      '.weak..__omp_offloading_deadf17e_1818da40_main_l3.region_id.default.main',
      '.offloading.entry.__omp_offloading_deadf17e_1818da40_main_l3',
      '.weak..offloading.entry.__omp_offloading_deadf17e_1818da40_main_l3.default.main',
    ]);
    expect(coffArchiveSymbols(memorySource(fixture('host.o')))).to.equal(undefined);
  });
  it('live: clang-22 objects for five Windows targets (common, weak, static, undefined symbols): the same archive bytes as llvm-offload-binary-22', async () => {
    const clang = requireTool('clang-22');
    const packer = requireTool('llvm-offload-binary-22');
    const { dir, cleanup } = tempDir('syclbin-coff-armap-');
    try {
      writeFileSync(
        join(dir, 's.c'),
        [
          'int g_defined = 1;',
          'int g_common;',
          'static int s_local = 2;',
          'extern int g_undef;',
          'int use(void) { return g_undef + s_local; }',
          'static int helper(void) { return 3; }',
          'int api(void) { return helper(); }',
          '__attribute__((weak)) int weakfn(void) { return 4; }',
          'extern int weakref_target(void) __attribute__((weak));',
          'int callweak(void) { return weakref_target ? weakref_target() : 0; }',
          '',
        ].join('\n'),
      );
      for (const t of ['x86_64-pc-windows-msvc', 'i686-pc-windows-msvc', 'aarch64-pc-windows-msvc', 'x86_64-w64-windows-gnu', 'i686-w64-windows-gnu']) {
        const c = spawnSync(clang, ['-fcommon', '-c', `--target=${t}`, 's.c', '-o', `${t}.obj`], { cwd: dir, encoding: 'utf8' });
        expect(c.status, c.stderr).to.equal(0);
        expect(spawnSync(packer, ['-o', `${t}.bin`, `--image=file=${t}.obj,triple=${t}`], { cwd: dir }).status).to.equal(0);
        expect(spawnSync(packer, [`${t}.bin`, `--image=file=L-${t}.a,triple=${t}`, '--archive'], { cwd: dir }).status).to.equal(0);
        const r = await cli(['offload-extract', `${t}.bin`, `--image=file=S-${t}.a,triple=${t}`, '--archive'], dir);
        expect(r.code, r.stderr).to.equal(0);
        expect(readFileSync(join(dir, `S-${t}.a`)).equals(readFileSync(join(dir, `L-${t}.a`))), t).to.equal(true);
      }
    } finally {
      cleanup();
    }
  });
});

describe('offload-extract: two --image options naming the same output', () => {
  it('the last one is written, as llvm-offload-binary-22 writes each in turn (a note says so without --strict)', async () => {
    const { dir, cleanup } = tempDir('syclbin-dup-out-');
    try {
      writeFileSync(join(dir, 'a.o'), 'first-image');
      writeFileSync(join(dir, 'b.o'), 'second-image');
      expect((await cli(['offload-pack', '-o', 'm.bin', '--image=file=a.o,triple=t', '--image=file=b.o,triple=u'], dir)).code).to.equal(0);
      for (const strict of [false, true]) {
        const r = await cli(['offload-extract', ...(strict ? ['--strict'] : []), 'm.bin', '--image=file=dup.o,triple=t', '--image=file=dup.o,triple=u'], dir);
        expect(r.code, r.stderr).to.equal(0);
        expect(readFileSync(join(dir, 'dup.o'), 'utf8')).to.equal('second-image');
        if (strict) expect(r.stderr).to.equal('');
        else expect(r.stderr).to.match(/dup\.o is named by more than one --image: the last one is written/);
      }
    } finally {
      cleanup();
    }
  });
});

describe('thin archives (src/containers/thin-archive.ts): the member files read as the members, as LLVM reads them', function () {
  this.timeout(120_000);
  it('readThinArchive: names (long names through //), sizes, the stored special members; a member file of another size is read as it is now', () => {
    const members = readThinArchive(memorySource(fixture('thin.a')));
    expect(members.filter((m) => !m.stored).map((m) => [m.name, m.size])).to.deep.equal([
      ['one.o', readFileSync(join(STRICT, 'one.o')).length],
      ['macho.o', readFileSync(join(STRICT, 'macho.o')).length],
    ]);
    // LLVM reads the member files as they are now: the archive made of them states their sizes.
    const { source } = thinArchiveSource(memorySource(fixture('thin.a')), () => memorySource(Uint8Array.of(1, 2, 3)));
    expect(readArchive(source).members.filter((m) => !m.special).map((m) => [m.name, m.size])).to.deep.equal([['one.o', 3], ['macho.o', 3]]);
  });
  it('offload-list (and --strict) of the committed thin archive: llvm-objdump-22\'s text, its warning; offload-extract --archive from it', async () => {
    const r = await cli(['offload-list', '--strict', 'thin.a'], STRICT);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.equal(readFileSync(join(STRICT, 'thin.a.objdump22.txt'), 'utf8'));
    expect(r.stderr).to.equal("syclbin offload-list: warning: 'macho.o': --offloading is currently only supported for COFF and ELF targets\n");
    const n = await cli(['offload-list', 'thin.a'], STRICT);
    expect(n.stdout).to.equal(r.stdout);
    expect(n.stderr).to.match(/a thin archive: its 2 member file\(s\) are read as its members/);
    const { dir, cleanup } = tempDir('syclbin-thin-');
    try {
      const x = await cli(['offload-extract', 'thin.a', `--image=file=${join(dir, 'S.a')},triple=x86_64-unknown-linux-gnu`, '--archive'], STRICT);
      expect(x.code, x.stderr).to.equal(0);
      const packer = requireTool('llvm-offload-binary-22');
      const l = spawnSync(packer, ['thin.a', `--image=file=${join(dir, 'L.a')},triple=x86_64-unknown-linux-gnu`, '--archive'], { cwd: STRICT, encoding: 'utf8' });
      expect(l.status, l.stderr).to.equal(0);
      expect(readFileSync(join(dir, 'S.a')).equals(readFileSync(join(dir, 'L.a')))).to.equal(true);
    } finally {
      cleanup();
    }
  });
  it('a member file that is missing: the error names it', async () => {
    const { dir, cleanup } = tempDir('syclbin-thin-missing-');
    try {
      writeFileSync(join(dir, 'thin.a'), fixture('thin.a'));
      const r = await cli(['offload-list', 'thin.a'], dir);
      expect(r.code).to.equal(1);
      expect(r.stderr).to.contain("syclbin offload-list: error: thin.a(one.o): 'one.o': No such file or directory\n");
      const e = await cli(['offload-extract', 'thin.a', '-o', 'out'], dir);
      expect([e.code, e.stderr.split('\n').slice(-3)]).to.deep.equal([1, ["syclbin offload-extract: error: thin.a(one.o): 'one.o': No such file or directory", 'syclbin offload-extract: thin.a: note: nothing extracted', '']]);
      // LLVM lists the members before it, then fails naming the member and the file it opened.
      writeFileSync(join(dir, 'one.o'), fixture('one.o'));
      const s = await cli(['offload-list', '--strict', 'thin.a'], dir);
      expect(s.code).to.equal(1);
      expect(s.stdout).to.equal('\nthin.a(one.o):\tfile format elf64-x86-64\n\nOFFLOADING IMAGE [0]:\nkind            elf\narch            generic\ntriple          x86_64-unknown-linux-gnu\nproducer        openmp\n');
      expect(s.stderr).to.equal("syclbin offload-list: error: thin.a(macho.o): 'macho.o': No such file or directory\n");
      const x = await cli(['offload-extract', '--strict', 'thin.a', '--image=triple=x86_64-unknown-linux-gnu'], dir);
      expect([x.code, x.stderr]).to.deep.equal([1, "syclbin offload-extract: error: 'macho.o': No such file or directory\n"]);
    } finally {
      cleanup();
    }
  });
});

describe('second review: archives, standard input, import libraries, UTF-8 edge cases', function () {
  this.timeout(120_000);
  it('--strict on an archive: LLVM\'s failure on a member ends the run, before this reader\'s objection to a later one', async () => {
    const objcopy = requireTool('llvm-objcopy-22');
    const ar = requireTool('llvm-ar-22');
    const objdump = requireTool('llvm-objdump-22');
    const { dir, cleanup } = tempDir('syclbin-strict-ar-');
    try {
      for (const f of ['host.o', 'one-padded.o', 'image-past-end.bin']) writeFileSync(join(dir, f), fixture(f));
      expect(spawnSync(objcopy, ['--add-section', '.llvm.offloading=image-past-end.bin', '--set-section-type', '.llvm.offloading=0x6fff4c0b', 'host.o', 'past.o'], { cwd: dir }).status).to.equal(0);
      expect(spawnSync(ar, ['rcs', 'f.a', 'one-padded.o', 'past.o'], { cwd: dir }).status).to.equal(0);
      const theirs = spawnSync(objdump, ['--offloading', 'f.a'], { cwd: dir, encoding: 'utf8' });
      const r = await cli(['offload-list', '--strict', 'f.a'], dir);
      expect([r.code, r.stdout, r.stderr.replace(/^syclbin offload-list: /, '')]).to.deep.equal([theirs.status, theirs.stdout, theirs.stderr.replace(/^[^:]+: /, '')]);
    } finally {
      cleanup();
    }
  });
  it('standard input is <stdin> in the text and errors (as LLVM names it); empty file names are skipped', async () => {
    const r = await cli(['offload-list', '--strict', '-'], STRICT, fixture('one.o'));
    expect(r.stdout.startsWith('\n<stdin>:\tfile format elf64-x86-64\n')).to.equal(true);
    const e = await cli(['offload-list', '--strict', '-'], STRICT, fixture('one-truncated.o'));
    expect(e.stderr).to.equal("syclbin offload-list: error: '<stdin>': while extracting offloading files: The end of the file was unexpectedly encountered\n");
    const both = await cli(['offload-list', 'one.bin', ''], STRICT);
    expect(both.code).to.equal(0);
    expect(both.stdout).to.equal((await cli(['offload-list', 'one.bin'], STRICT)).stdout);
  });
  it("standard input in llvm-objdump's error lines: '-' where it cannot make a binary of it, '<stdin>' where extracting from it fails; read twice it is empty", async () => {
    const objdump = requireTool('llvm-objdump-22');
    const cases: [string[], Uint8Array][] = [
      [['-'], fixture('one-truncated.bin')],
      [['-'], fixture('one-padded.bin')],
      [['-'], fixture('one-truncated.o')],
      [['-'], new Uint8Array(0)],
      [['-'], fixture('macho-arm64.o')],
      [['-', '-'], fixture('one.bin')],
    ];
    for (const [args, input] of cases) {
      const theirs = spawnSync(objdump, ['--offloading', ...args], { cwd: STRICT, input, encoding: 'utf8' });
      const r = await cli(['offload-list', '--strict', ...args], STRICT, input);
      expect([r.code, r.stdout, r.stderr.replace(/^syclbin offload-list: /, '')]).to.deep.equal([theirs.status, theirs.stdout, theirs.stderr.replace(/^[^:]+: /, '')]);
    }
  });
  it('offload bundles of a HIP object on standard input are written as <stdin>.N.ID, the names llvm-objdump-22 prints and writes', async () => {
    const objdump = requireTool('llvm-objdump-22');
    const hip = new Uint8Array(readFileSync(join(LLVM22, 'hip', 'h.o')));
    const { dir, cleanup } = tempDir('syclbin-stdin-hip-');
    try {
      mkdirSync(join(dir, 'llvm'));
      mkdirSync(join(dir, 'ours'));
      const theirs = spawnSync(objdump, ['--offloading', '-'], { cwd: join(dir, 'llvm'), input: hip, encoding: 'utf8' });
      for (const mode of [['--strict'], []]) {
        const r = await cli(['offload-list', ...mode, '-'], join(dir, 'ours'), hip);
        expect([r.code, r.stdout]).to.deep.equal([theirs.status, theirs.stdout]);
        expect(readdirSync(join(dir, 'ours')).sort()).to.deep.equal(readdirSync(join(dir, 'llvm')).sort());
      }
      expect(readdirSync(join(dir, 'ours')).every((f) => f.startsWith('<stdin>.'))).to.equal(true);
      for (const f of readdirSync(join(dir, 'llvm'))) expect(readFileSync(join(dir, 'ours', f)).equals(readFileSync(join(dir, 'llvm', f))), f).to.equal(true);
    } finally {
      cleanup();
    }
  });
  it('an import library: each short import member gets llvm-objdump\'s COFF-import-file header line', async () => {
    const dlltool = requireTool('llvm-dlltool-22');
    const objdump = requireTool('llvm-objdump-22');
    const { dir, cleanup } = tempDir('syclbin-implib-');
    try {
      writeFileSync(join(dir, 'foo.def'), 'LIBRARY foo.dll\nEXPORTS\n  func1\n  data1 DATA\n');
      expect(spawnSync(dlltool, ['-d', 'foo.def', '-l', 'foo.lib', '-m', 'i386:x86-64'], { cwd: dir }).status).to.equal(0);
      const theirs = spawnSync(objdump, ['--offloading', 'foo.lib'], { cwd: dir, encoding: 'utf8' });
      expect(theirs.stdout).to.include('file format COFF-import-file\n\n');
      for (const strict of [true, false]) {
        const r = await cli(['offload-list', ...(strict ? ['--strict'] : []), 'foo.lib'], dir);
        expect([r.code, r.stdout]).to.deep.equal([theirs.status, theirs.stdout]);
      }
    } finally {
      cleanup();
    }
  });
  it('a leading U+FEFF and a cut UTF-8 sequence are kept as bytes (decodeUtf8 keeps the BOM; valueRaw when decoding loses bytes)', async () => {
    const { dir, cleanup } = tempDir('syclbin-bom-');
    try {
      writeFileSync(join(dir, 'k.o'), 'x');
      expect((await cli(['offload-pack', '-o', 'bom.bin', '--image=file=k.o,triple=t,arch=\ufeffBOM'], dir)).code).to.equal(0);
      const l = await cli(['offload-list', '--strings', 'bom.bin'], dir);
      expect(Buffer.from(l.stdoutBytes).includes(Buffer.from('arch            \xef\xbb\xbfBOM\n', 'latin1'))).to.equal(true);
      expect(Buffer.from(l.stdoutBytes).includes(Buffer.from('  arch          \xef\xbb\xbfBOM\n', 'latin1'))).to.equal(true);
      // A value whose last character is cut (f0 9f 98): the decoded text has one U+FFFD for three bytes.
      const bytes = Uint8Array.from(readFileSync(join(dir, 'bom.bin')));
      const at = Buffer.from(bytes).indexOf(Buffer.from('\xef\xbb\xbfBOM', 'latin1'));
      bytes.set([0xf0, 0x9f, 0x98], at);
      const se = readOffloadBinaries(memorySource(bytes))[0]!.entries[0]!.stringEntries.find((x) => x.key === 'arch')!;
      expect(Array.from(se.valueRaw!.subarray(0, 3))).to.deep.equal([0xf0, 0x9f, 0x98]);
    } finally {
      cleanup();
    }
  });
  it('thin archives: a member file that grew is read as it is now; an OffloadBinary member file is aligned (not an object to llvm-objdump)', async () => {
    const { dir, cleanup } = tempDir('syclbin-thin2-');
    try {
      for (const f of ['thin.a', 'one.o', 'macho.o', 'one.bin']) writeFileSync(join(dir, f), fixture(f));
      writeFileSync(join(dir, 'one.o'), Buffer.concat([Buffer.from(fixture('one.o')), Buffer.alloc(100)]));
      const grown = await cli(['offload-list', '--strict', 'thin.a'], dir);
      expect(grown.code, grown.stderr).to.equal(0);
      expect(grown.stdout).to.equal(readFileSync(join(STRICT, 'thin.a.objdump22.txt'), 'utf8'));
      // A hand-made thin archive holding the OffloadBinary file one.bin (short GNU name, `one.bin/`).
      const size = fixture('one.bin').length;
      const header = `${'one.bin/'.padEnd(16)}${'0'.padEnd(12)}${'0'.padEnd(6)}${'0'.padEnd(6)}${'644'.padEnd(8)}${String(size).padEnd(10)}\`\n`;
      writeFileSync(join(dir, 'tb.a'), `!<thin>\n${header}`);
      const r = await cli(['offload-list', '--strict', 'tb.a'], dir);
      expect(r.stderr).to.equal("syclbin offload-list: error: 'tb.a': The file was not recognized as a valid object file\n");
    } finally {
      cleanup();
    }
  });
});

describe('fourth review: archive members llvm-objdump does not reach are listed after its text, not dropped', function () {
  this.timeout(120_000);
  it('an OffloadBinary-file member: LLVM\'s text up to it, then it and later members under a line each; --json and offload-extract -o DIR see the same binaries', async () => {
    const ar = requireTool('llvm-ar-22');
    const objdump = requireTool('llvm-objdump-22');
    const { dir, cleanup } = tempDir('syclbin-after-peer-');
    try {
      writeFileSync(join(dir, 'a.o'), fixture('one.o'));
      writeFileSync(join(dir, 'x.bin'), fixture('one.bin'));
      writeFileSync(join(dir, 'later.o'), fixture('one.o'));
      expect(spawnSync(ar, ['rc', 'l.a', 'a.o', 'x.bin', 'later.o'], { cwd: dir }).status).to.equal(0);
      const theirs = spawnSync(objdump, ['--offloading', 'l.a'], { cwd: dir, encoding: 'utf8' });
      expect(theirs.status).to.equal(1);
      const r = await cli(['offload-list', 'l.a'], dir);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout.startsWith(theirs.stdout)).to.equal(true);
      const rest = r.stdout.slice(theirs.stdout.length);
      expect(rest.startsWith('\nl.a(x.bin): (a file of OffloadBinaries; llvm-objdump-22 stops before it)\n\nOFFLOADING IMAGE [0]:\n')).to.equal(true);
      expect(rest).to.contain('\nl.a(later.o): (file format elf64-x86-64; llvm-objdump-22 stops before it)\n\nOFFLOADING IMAGE [0]:\n');
      expect(r.stderr).to.contain('x.bin: llvm-objdump-22 --offloading fails on this member, an OffloadBinary file and not an object');
      // --strict stays llvm-objdump-22 exactly.
      const strict = await cli(['offload-list', '--strict', 'l.a'], dir);
      expect([strict.code, strict.stdout]).to.deep.equal([1, theirs.stdout]);
      const j = JSON.parse((await cli(['offload-list', '--json', 'l.a'], dir)).stdout);
      expect(j.objects.map((o: { member: string; afterObjdump?: boolean; binaries: number[] }) => [o.member, o.afterObjdump ?? false, o.binaries.length])).to.deep.equal([
        ['a.o', false, 1],
        ['x.bin', true, 1],
        ['later.o', true, 1],
      ]);
      expect(j.binaries).to.have.length(3);
      const x = await cli(['offload-extract', 'l.a', '-o', 'out'], dir);
      expect(x.code, x.stderr).to.equal(0);
      expect(readdirSync(join(dir, 'out'))).to.have.length(j.binaries.length);
    } finally {
      cleanup();
    }
  });

  it('a nested archive: its members and later ones are listed after LLVM\'s text as OUTER(INNER(MEMBER)); --json indices are offload-extract\'s file numbers', async () => {
    const ar = requireTool('llvm-ar-22');
    const objdump = requireTool('llvm-objdump-22');
    const { dir, cleanup } = tempDir('syclbin-nested-');
    try {
      writeFileSync(join(dir, 'a.o'), fixture('one.o'));
      writeFileSync(join(dir, 'x.bin'), fixture('one.bin'));
      writeFileSync(join(dir, 'z.o'), fixture('one.o'));
      expect(spawnSync(ar, ['rc', 'inner.a', 'a.o', 'x.bin'], { cwd: dir }).status).to.equal(0);
      expect(spawnSync(ar, ['rc', 'outer.a', 'a.o', 'inner.a', 'z.o'], { cwd: dir }).status).to.equal(0);
      const theirs = spawnSync(objdump, ['--offloading', 'outer.a'], { cwd: dir, encoding: 'utf8' });
      const r = await cli(['offload-list', 'outer.a'], dir);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout.startsWith(theirs.stdout)).to.equal(true);
      const heads = r.stdout.slice(theirs.stdout.length).split('\n').filter((l) => l.startsWith('outer.a('));
      expect(heads).to.deep.equal([
        'outer.a(inner.a(a.o)): (file format elf64-x86-64; llvm-objdump-22 stops before it)',
        'outer.a(inner.a(x.bin)): (a file of OffloadBinaries; llvm-objdump-22 stops before it)',
        'outer.a(z.o): (file format elf64-x86-64; llvm-objdump-22 stops before it)',
      ]);
      const j = JSON.parse((await cli(['offload-list', '--json', 'outer.a'], dir)).stdout);
      expect(j.objects.map((o: { member: string; binaries: number[] }) => [o.member, o.binaries])).to.deep.equal([
        ['a.o', [0]],
        ['inner.a(a.o)', [1]],
        ['inner.a(x.bin)', [2]],
        ['z.o', [3]],
      ]);
      expect((await cli(['offload-extract', 'outer.a', '-o', 'out'], dir)).code).to.equal(0);
      expect(readdirSync(join(dir, 'out')).map((f) => Number(f.split('-')[0])).sort()).to.deep.equal([0, 1, 2, 3]);
      // Deeper nesting is written as LLVM nests names: OUTER(MID(INNER(MEMBER))).
      expect(spawnSync(ar, ['rc', 'mid.a', 'inner.a'], { cwd: dir }).status).to.equal(0);
      expect(spawnSync(ar, ['rc', 'top.a', 'a.o', 'mid.a'], { cwd: dir }).status).to.equal(0);
      const deep = await cli(['offload-list', 'top.a'], dir);
      expect(deep.stdout).to.contain('\ntop.a(mid.a(inner.a(a.o))): (file format elf64-x86-64; llvm-objdump-22 stops before it)\n');
      expect(deep.stdout).to.contain('\ntop.a(mid.a(inner.a(x.bin))): (a file of OffloadBinaries; llvm-objdump-22 stops before it)\n');
      // A nested archive that is itself malformed: llvm-objdump never opens it ("not an object"), nor does --strict.
      const header = (name: string, size: number): string => `${name}/`.padEnd(16) + '0'.padEnd(12) + '0'.padEnd(6) + '0'.padEnd(6) + '644'.padEnd(8) + String(size).padEnd(10) + '`\n';
      writeFileSync(join(dir, 'trunc.a'), '!<arch>\n' + header('k.o', 9999) + 'abc');
      expect(spawnSync(ar, ['rcS', 'bt.a', 'a.o', 'trunc.a'], { cwd: dir }).status).to.equal(0);
      const tb = spawnSync(objdump, ['--offloading', 'bt.a'], { cwd: dir, encoding: 'utf8' });
      const sb = await cli(['offload-list', '--strict', 'bt.a'], dir);
      expect([sb.code, sb.stdout, sb.stderr.replace(/^syclbin offload-list: /, '')]).to.deep.equal([tb.status, tb.stdout, tb.stderr.replace(/^[^:]+: /, '')]);
      const db = await cli(['offload-list', 'bt.a'], dir);
      expect(db.code).to.equal(1);
      expect(db.stderr).to.contain('note: trunc.a: llvm-objdump-22 --offloading fails on this member, an archive and not an object');
      // (the error names the member of the nested archive it is about)
      expect(db.stderr).to.match(/\nsyclbin offload-list: error: bt\.a\(trunc\.a\(k\.o\)\): member size 9999 runs past the end of the archive/);
      // On standard input llvm-objdump names the archive '<stdin>' in its error line, and so does --strict.
      const stdin = new Uint8Array(readFileSync(join(dir, 'outer.a')));
      const t = spawnSync(objdump, ['--offloading', '-'], { cwd: dir, input: stdin, encoding: 'utf8' });
      const s = await cli(['offload-list', '--strict', '-'], dir, stdin);
      expect([s.code, s.stdout, s.stderr.replace(/^syclbin offload-list: /, '')]).to.deep.equal([t.status, t.stdout, t.stderr.replace(/^[^:]+: /, '')]);
    } finally {
      cleanup();
    }
  });

  it('--scan always: offload-extract numbers the binaries as --json\'s `binaries`, then the scan finds in the order of its `scanned`', async () => {
    const ar = requireTool('llvm-ar-22');
    const objcopy = requireTool('llvm-objcopy-22');
    const { dir, cleanup } = tempDir('syclbin-scan-numbers-');
    try {
      writeFileSync(join(dir, 'a.o'), fixture('one.o'));
      // Three binaries of 9, 7 and 0 image bytes (one.o's image has 13): scan finds tell apart by size.
      writeFileSync(join(dir, 'x.bin'), readFileSync(new URL('../../testdata/offload/multi.v1.bin', import.meta.url)));
      // OffloadBinaries in ordinary data of an object that also has an offloading section.
      expect(spawnSync(objcopy, ['--add-section', '.rodata.x=x.bin', '--set-section-alignment', '.rodata.x=8', 'a.o', 's.o'], { cwd: dir }).status).to.equal(0);
      expect(spawnSync(ar, ['rc', 'sc.a', 's.o', 'a.o', 's.o'], { cwd: dir }).status).to.equal(0);
      const j = JSON.parse((await cli(['offload-list', '--scan', 'always', '--json', 'sc.a'], dir)).stdout);
      expect(j.binaries).to.have.length(3);
      expect(j.scanned).to.have.length(6);
      const x = await cli(['offload-extract', '--scan', 'always', 'sc.a', '-o', 'out'], dir);
      expect(x.code, x.stderr).to.equal(0);
      const sizes = readdirSync(join(dir, 'out'))
        .sort((p, q) => parseInt(p) - parseInt(q))
        .map((f) => readFileSync(join(dir, 'out', f)).length);
      const imageSize = (b: { entries: { imageSize: string }[] }): number => Number(b.entries[0]!.imageSize);
      expect(sizes.slice(0, 3)).to.deep.equal(j.binaries.map(imageSize));
      expect(sizes.slice(3)).to.deep.equal([9, 7, 0, 9, 7, 0]);
    } finally {
      cleanup();
    }
  });

  it('--strict with a malformed member: llvm-objdump-22\'s text up to it, then `error: FILE(MEMBER): ...` (our wording), status 1', async () => {
    const ar = requireTool('llvm-ar-22');
    const objdump = requireTool('llvm-objdump-22');
    const { dir, cleanup } = tempDir('syclbin-strict-bad-member-');
    try {
      const bad = fixture('one.o').slice();
      // e_shoff past the end: the member is not an ELF object LLVM (or this reader) can create
      new DataView(bad.buffer).setBigUint64(Elf64Header.offsets.e_shoff, BigInt(bad.length + 1000), true);
      writeFileSync(join(dir, 'good.o'), fixture('one.o'));
      writeFileSync(join(dir, 'bad.o'), bad);
      writeFileSync(join(dir, 'z.o'), fixture('one.o'));
      expect(spawnSync(ar, ['rcS', 'm.a', 'good.o', 'bad.o', 'z.o'], { cwd: dir }).status).to.equal(0);
      const theirs = spawnSync(objdump, ['--offloading', 'm.a'], { cwd: dir, encoding: 'utf8' });
      expect(theirs.stderr).to.match(/error: m\.a\(bad\.o\): section header table goes past the end of the file/);
      const r = await cli(['offload-list', '--strict', 'm.a'], dir);
      expect([r.code, r.stdout]).to.deep.equal([theirs.status, theirs.stdout]);
      expect(r.stderr).to.match(/^syclbin offload-list: error: m\.a\(bad\.o\): section header table at e_shoff 0x[0-9a-f]+ goes past the end/);
      const d = await cli(['offload-list', '-'], dir, new Uint8Array(readFileSync(join(dir, 'm.a'))));
      expect(d.stderr).to.match(/\nsyclbin offload-list: error: <stdin>\(bad\.o\): section header table/);
      // offload-extract --strict: LLVM's `error: MESSAGE` line, our message without path and offset (as offload-list --strict).
      const packer = spawnSync(requireTool('llvm-offload-binary-22'), ['m.a', '--image=file=x.bin,triple=x86_64-unknown-linux-gnu'], { cwd: dir, encoding: 'utf8' });
      const x = await cli(['offload-extract', '--strict', 'm.a', '--image=file=x.bin,triple=x86_64-unknown-linux-gnu'], dir);
      expect([x.code, packer.status]).to.deep.equal([1, 1]);
      expect(x.stderr).to.match(/^syclbin offload-extract: error: section header table at e_shoff 0x[0-9a-f]+ goes past the end of the \d+-byte file\n$/);
    } finally {
      cleanup();
    }
  });

  it('a malformed member: the members around it are listed, the error names FILE(MEMBER), status 1', async () => {
    const ar = requireTool('llvm-ar-22');
    const { dir, cleanup } = tempDir('syclbin-bad-member-');
    try {
      writeFileSync(join(dir, 'good.o'), fixture('one.o'));
      writeFileSync(join(dir, 'bad.o'), fixture('one-truncated.o'));
      writeFileSync(join(dir, 'later.o'), fixture('one.o'));
      expect(spawnSync(ar, ['rc', 'm.a', 'good.o', 'bad.o', 'later.o'], { cwd: dir }).status).to.equal(0);
      const r = await cli(['offload-list', 'm.a'], dir);
      expect(r.code).to.equal(1);
      expect(r.stdout).to.match(/^\nm\.a\(good\.o\):\tfile format elf64-x86-64\n\nOFFLOADING IMAGE \[0\]:\n[^]*\nm\.a\(later\.o\): \(file format elf64-x86-64; llvm-objdump-22 stops before it\)\n\nOFFLOADING IMAGE \[0\]:\n/);
      expect(r.stderr).to.contain('note: bad.o: malformed (the error below): llvm-objdump-22 --offloading fails on it too; members after it are listed after its text\n');
      expect(r.stderr).to.match(/\nsyclbin offload-list: error: m\.a\(bad\.o\): .* \(at members\[\d+\]\.data\.sections\[\d+\]/);
      const j = await cli(['offload-list', '--json', 'm.a'], dir);
      expect(j.code).to.equal(1);
      expect(JSON.parse(j.stdout).objects.map((o: { member: string }) => o.member)).to.deep.equal(['good.o', 'later.o']);
      // Extraction fails whole (no partial folder), naming the member as the listing does.
      for (const args of [['-o', 'out'], ['--image=file=x.bin,triple=nvptx64-nvidia-cuda']]) {
        const x = await cli(['offload-extract', 'm.a', ...args], dir);
        expect(x.code).to.equal(1);
        expect(x.stderr).to.match(/^syclbin offload-extract: error: m\.a\(bad\.o\): .* \(at members\[\d+\]\.data\.sections\[\d+\][^\n]*\nsyclbin offload-extract: m\.a: note: nothing extracted\n$/);
        expect(readdirSync(dir).sort()).to.deep.equal(['bad.o', 'good.o', 'later.o', 'm.a']);
      }
    } finally {
      cleanup();
    }
  });
});

describe('offload-extract --strict: binaries LLVM accepts and this reader refuses (src/offload/llvm-rules.ts llvmModel)', function () {
  this.timeout(120_000);
  it('an image past its binary does not stop the extraction of another; extracting it is an error (LLVM would read out of bounds)', async () => {
    const { dir, cleanup } = tempDir('syclbin-oob-');
    try {
      writeFileSync(join(dir, 'k.o'), 'nvptx-image');
      expect((await cli(['offload-pack', '-o', 'nv.bin', '--image=file=k.o,triple=nvptx64,arch=sm_70,kind=cuda'], dir)).code).to.equal(0);
      writeFileSync(join(dir, 'cat.bin'), Buffer.concat([Buffer.from(fixture('image-past-end.bin')), readFileSync(join(dir, 'nv.bin'))]));
      mkdirSync(join(dir, 'S'));
      const r = await cli(['offload-extract', '--strict', '../cat.bin', '--image=triple=nvptx64'], join(dir, 'S'));
      expect(r.code, r.stderr).to.equal(0);
      expect(readFileSync(join(dir, 'S', 'cat-nvptx64-sm_70.0.o'), 'utf8')).to.equal('nvptx-image');
      const bad = await cli(['offload-extract', '--strict', '../cat.bin', '--image=triple=x86_64-unknown-linux-gnu'], join(dir, 'S'));
      expect(bad.code).to.equal(1);
      expect(bad.stderr).to.match(/LLVM reads this image outside the OffloadBinary \(undefined behaviour, not reproduced\)/);
      // The real tool writes the same file for the first command.
      const packer = requireTool('llvm-offload-binary-22');
      mkdirSync(join(dir, 'L'));
      expect(spawnSync(packer, ['../cat.bin', '--image=triple=nvptx64'], { cwd: join(dir, 'L') }).status).to.equal(0);
      expect(readFileSync(join(dir, 'L', 'cat-nvptx64-sm_70.0.o')).equals(readFileSync(join(dir, 'S', 'cat-nvptx64-sm_70.0.o')))).to.equal(true);
    } finally {
      cleanup();
    }
  });
});

describe('a host bitcode module whose embedded object has elements wider than a byte', function () {
  this.timeout(60_000);
  it('is said to be this toolkit\'s limit (LLVM reads it), not "skipped, as LLVM skips it"', async () => {
    const as = requireTool('llvm-as-22');
    const { dir, cleanup } = tempDir('syclbin-wide-');
    try {
      writeFileSync(
        join(dir, 'h.ll'),
        [
          '@obj = private constant [2 x i16] [i16 4351, i16 44304], section ".llvm.offloading", align 8',
          '@llvm.compiler.used = appending global [1 x ptr] [ptr @obj], section "llvm.metadata"',
          '!llvm.embedded.objects = !{!0}',
          '!0 = !{ptr @obj, !".llvm.offloading"}',
          '',
        ].join('\n'),
      );
      expect(spawnSync(as, ['h.ll', '-o', 'h.bc'], { cwd: dir }).status).to.equal(0);
      const r = await cli(['offload-list', 'h.bc'], dir);
      expect(r.stderr).to.match(/@obj's initializer has elements wider than a byte: not read by this toolkit \(LLVM reads its bytes and extracts what they hold\)/);
      expect(r.stderr).to.not.match(/wider than a byte.*skipped, as LLVM skips it/);
    } finally {
      cleanup();
    }
  });
});

describe('third review: containers LLVM reads more loosely (scripts/fixtures/llvm22.sh 4b; goldens.test.ts replays their objdump text)', function () {
  this.timeout(120_000);
  it('ARM64X COFF, a member date that is not a number, an e_shstrndx past the table, an all-blank member name: listed as llvm-objdump-22 lists them, with and without --strict', async () => {
    for (const f of ['arm64x.obj', 'ar-date.a', 'elf-shstrndx.o', 'blank-name.a']) {
      const golden = readFileSync(join(STRICT, `${f}.objdump22.txt`), 'utf8');
      for (const args of [['offload-list', '--strict', f], ['offload-list', f]]) {
        const r = await cli(args, STRICT);
        expect([r.code, r.stdout], args.join(' ')).to.deep.equal([0, golden]);
      }
    }
    expect(readFileSync(join(STRICT, 'arm64x.obj.objdump22.txt'), 'utf8')).to.contain('file format coff-arm64x');
    expect(readFileSync(join(STRICT, 'blank-name.a.objdump22.txt'), 'utf8')).to.contain('blank-name.a():');
    // The section names are unreadable: said once, and offloading sections are found by type.
    const n = await cli(['offload-list', 'elf-shstrndx.o'], STRICT);
    expect(n.stderr).to.match(/note: section names cannot be read \(section-name string table index 77 does not exist .*\): offloading sections are found by type only, as LLVM finds them/);
  });

  it('--archive with file=-: a file named "-", as llvm-offload-binary-22 writes it (not standard output)', async () => {
    const packer = requireTool('llvm-offload-binary-22');
    const { dir, cleanup } = tempDir('syclbin-archive-dash-');
    try {
      writeFileSync(join(dir, 'one.bin'), fixture('one.bin'));
      mkdirSync(join(dir, 'llvm'));
      mkdirSync(join(dir, 'ours'));
      const spec = '--image=file=-,triple=x86_64-unknown-linux-gnu';
      const theirs = spawnSync(packer, ['../one.bin', spec, '--archive'], { cwd: join(dir, 'llvm'), encoding: 'utf8' });
      expect(theirs.status).to.equal(0);
      const r = await cli(['offload-extract', '../one.bin', spec, '--archive'], join(dir, 'ours'));
      expect([r.code, r.stdout]).to.deep.equal([0, theirs.stdout]);
      expect(readFileSync(join(dir, 'ours', '-')).equals(readFileSync(join(dir, 'llvm', '-')))).to.equal(true);
    } finally {
      cleanup();
    }
  });
});

describe('a host bitcode module whose !llvm.embedded.objects names one global over and over (review 2026-11-28a F1)', function () {
  this.timeout(60_000);
  it('its binaries are listed again up to the repeat budget, then a LIMIT error', async () => {
    const { REPEAT_FACTOR, REPEAT_SLACK } = await import('../../src/offload/repeats.js');
    const as = requireTool('llvm-as-22');
    const one = new Uint8Array(readFileSync(LLVM22 + 'pack/two.ob22.bin'));
    const k = readOffloadBinaries(memorySource(one)).length;
    const text = (r: number): string =>
      [
        `@obj.big = private constant [${one.length} x i8] c"${[...one].map((b) => `\\${b.toString(16).padStart(2, '0').toUpperCase()}`).join('')}", section ".llvm.offloading", align 8`,
        '@llvm.compiler.used = appending global [1 x ptr] [ptr @obj.big], section "llvm.metadata"',
        `!llvm.embedded.objects = !{${Array.from({ length: r }, () => '!0').join(', ')}}`,
        '!0 = !{ptr @obj.big, !".llvm.offloading"}',
        '',
      ].join('\n');
    const { dir, cleanup } = tempDir('syclbin-repeat-');
    try {
      const within = Math.floor((REPEAT_SLACK + REPEAT_FACTOR * k) / k) + 1;
      for (const [name, r] of [['ok', within], ['over', 3 * within]] as const) {
        writeFileSync(join(dir, `${name}.ll`), text(r));
        expect(spawnSync(as, [`${name}.ll`, '-o', `${name}.bc`], { cwd: dir }).status).to.equal(0);
      }
      const ok = await cli(['offload-list', 'ok.bc'], dir);
      expect(ok.code, ok.stderr).to.equal(0);
      expect(ok.stdout.match(/^OFFLOADING IMAGE/gm)).to.have.length(k * within);
      for (const args of [['offload-list', 'over.bc'], ['offload-list', '--json', 'over.bc'], ['inspect', 'over.bc']]) {
        const r = await cli(args, dir);
        expect(r.code, args.join(' ')).to.equal(1);
        expect(r.stderr, args.join(' ')).to.contain(`!llvm.embedded.objects names @obj.big again: the binaries found again add up to ${k * within}, more than ${REPEAT_SLACK + REPEAT_FACTOR * k}`);
      }
    } finally {
      cleanup();
    }
  });
});

describe('a file starting 00 00 whose COFF section table runs past its end (review 2026-11-28a F10)', function () {
  this.timeout(60_000);
  it("--strict fails as LLVM fails, by itself and as an archive member: COFFObjectFile::create's unexpected_eof", async () => {
    const objdump = requireTool('llvm-objdump-22');
    const packer = requireTool('llvm-offload-binary-22');
    const ar = requireTool('llvm-ar-22');
    const { dir, cleanup } = tempDir('syclbin-coff-eof-');
    try {
      // machine 0 (unknown), 0x0900 sections: 2304 headers of 40 bytes in a 400-byte file
      writeFileSync(join(dir, 'z.o'), new Uint8Array([...Buffer.from('00000009000001d4000001d4', 'hex'), ...new Uint8Array(388)]));
      expect(spawnSync(ar, ['rcS', 'z.a', 'z.o'], { cwd: dir }).status).to.equal(0);
      for (const f of ['z.o', 'z.a']) {
        const theirs = spawnSync(objdump, ['--offloading', f], { cwd: dir, encoding: 'utf8' });
        const ours = await cli(['offload-list', '--strict', f], dir);
        expect([ours.code, ours.stdout, ours.stderr.replace(/^syclbin offload-list: /, '')], f).to.deep.equal([theirs.status, theirs.stdout, theirs.stderr.replace(/^[^:]+: /, '')]);
        const packed = spawnSync(packer, [f, '--image=kind=sycl'], { cwd: dir, encoding: 'utf8' });
        const extracted = await cli(['offload-extract', '--strict', f, '--image=kind=sycl'], dir);
        expect([extracted.code, extracted.stderr.replace(/^syclbin offload-extract: /, '')], f).to.deep.equal([packed.status, packed.stderr.replace(/^[^:]+: /, '')]);
      }
      // Without --strict: a note says what it is, the archive lists nothing (status 0).
      const plain = await cli(['offload-list', 'z.a'], dir);
      expect(plain.code).to.equal(0);
      expect(plain.stderr).to.contain('starts with 00 00 (a COFF object of unknown machine to LLVM) but does not read as one');
    } finally {
      cleanup();
    }
  });
});

describe('offload-extract --image: default file names of strings that are not UTF-8 (review 2026-11-28b F6)', function () {
  this.timeout(60_000);
  it('are the strings\' bytes, as llvm-offload-binary-22 names them; --llvm main prints them as bytes', async () => {
    const packer = requireTool('llvm-offload-binary-22');
    const { dir, cleanup } = tempDir('syclbin-names-');
    try {
      writeFileSync(join(dir, 'a.bin'), 'abc');
      expect(spawnSync(packer, ['-o', 'm1', '--image=file=a.bin,triple=nvptx64-nvidia-cuda,arch=sm_70,kind=cuda'], { cwd: dir }).status).to.equal(0);
      const b = new Uint8Array(readFileSync(join(dir, 'm1')));
      b[Buffer.from(b).indexOf('sm_70') + 3] = 0xff;
      for (const d of ['llvm', 'ours']) {
        mkdirSync(join(dir, d));
        writeFileSync(join(dir, d, 'ob.bin'), b);
      }
      expect(spawnSync(packer, ['ob.bin', '--image=triple=nvptx64-nvidia-cuda'], { cwd: join(dir, 'llvm') }).status).to.equal(0);
      const ours = await cli(['offload-extract', 'ob.bin', '--image=triple=nvptx64-nvidia-cuda'], join(dir, 'ours'));
      expect(ours.code, ours.stderr).to.equal(0);
      const names = (d: string): string[] => readdirSync(join(dir, d), { encoding: 'buffer' }).map((n) => n.toString('hex')).sort();
      expect(names('ours')).to.deep.equal(names('llvm'));
      expect(names('ours')).to.include(Buffer.from('ob-nvptx64-nvidia-cuda-sm_\xff0.0.', 'latin1').toString('hex'));
      mkdirSync(join(dir, 'main'));
      writeFileSync(join(dir, 'main', 'ob.bin'), b);
      const main = await cli(['offload-extract', '--llvm', 'main', 'ob.bin'], join(dir, 'main'));
      expect(main.code, main.stderr).to.equal(0);
      expect(Buffer.from(main.stdoutBytes).includes(Buffer.from('Extracted: ob-nvptx64-nvidia-cuda-sm_\xff0.0.', 'latin1'))).to.equal(true);
    } finally {
      cleanup();
    }
  });
});

describe('truncated archives (strict/trunc-*.a, cuts of strict/ab.a): the members before the cut are read', () => {
  // The --strict listings of every cut are replayed against both llvm-objdumps' goldens by goldens.test.ts.
  it('readArchive partial: the members before the cut, then where and why it stopped, with LLVM\'s message', () => {
    const data = readArchive(fixture('trunc-data.a'), { partial: true });
    expect(data.members.map((m) => m.name)).to.deep.equal(['/', 'k.o']);
    expect(data.stop).to.include({ index: 2, name: 'k2.o', beforeListing: false });
    expect(data.stop!.llvmMessage).to.equal('truncated or malformed archive (offset to next archive member past the end of the archive after member k2.o)');
    expect(data.stop!.error.pathSegments).to.deep.equal(['members', 2, 'header', 'size']);
    expect(data.stop!.runaway).to.deep.equal({ dataOffset: 3938, size: 4008, special: false });
    const noname = readArchive(fixture('trunc-header-noname.a'), { partial: true }).stop!;
    expect(noname.llvmMessage).to.equal('truncated or malformed archive (remaining size of archive too small for next archive member header at offset 3878)');
    expect(readArchive(fixture('trunc-header.a'), { partial: true }).stop!.llvmMessage).to.match(/header for k2\.o\)$/);
    const symtab = readArchive(fixture('trunc-symtab.a'), { partial: true });
    expect(symtab.members).to.deep.equal([]);
    expect(symtab.stop).to.include({ beforeListing: true });
    // Without partial the first error still throws (the library's contract).
    expect(() => readArchive(fixture('trunc-data.a'))).to.throw(/member size 4008 runs past the end of the archive/);
  });

  for (const era of ['22', '19']) {
    it(`offload-list --llvm ${era} (default): k.o listed as llvm-objdump-${era} lists it, k2.o is the error at its field, status 1`, async () => {
      const r = await cli(['offload-list', '--llvm', era, 'trunc-data.a'], STRICT);
      expect(r.code).to.equal(1);
      const theirs = readFileSync(join(STRICT, `trunc-data.a.objdump${era}.txt`), 'utf8');
      // llvm-objdump's text up to the member it opens past the end of the file (its header line is its last line)
      expect(r.stdout).to.equal(theirs.slice(0, theirs.lastIndexOf('\ntrunc-data.a(k2.o):')));
      expect(r.stderr).to.include('error: trunc-data.a(k2.o): member size 4008 runs past the end of the archive (1062 bytes after the header) (at members[2].header.size, offset 0xf56)');
    });
  }

  it('offload-list (default), a cut inside a member header before its name: the error names the archive alone', async () => {
    const r = await cli(['offload-list', 'trunc-header-noname.a'], STRICT);
    expect(r.code).to.equal(1);
    expect(r.stdout).to.equal(readFileSync(join(STRICT, 'trunc-header-noname.a.objdump22.txt'), 'utf8'));
    expect(r.stderr).to.include('error: trunc-header-noname.a: remaining size of archive (1 bytes) too small for the next 60-byte member header (at members[2].header, offset 0xf26)');
  });

  it('inspect lists the intact member and notes the error', async () => {
    const r = await cli(['inspect', 'trunc-data.a'], STRICT);
    expect(r.stdout).to.include('_ZTS5KName');
    expect(r.stdout).to.include('error: k2.o: member size 4008 runs past the end of the archive');
  });
});
