/**
 * `offload-extract --archive` on images at the edge of what LLVM's writeArchive reads as objects
 * (llvm/lib/Object/ArchiveWriter.cpp getSymbolicFile; identify_magic; COFFObjectFile::initialize;
 * BitcodeReader getBitcodeFileContents), checked live against llvm-offload-binary-22 and
 * clang-offload-packager-19 (Debian llvm-22, clang-19): the same status, and the same archive bytes
 * where both write one. The images are made here, a few bytes each:
 *   - ELF magic in fewer than 18 bytes: not ELF to identify_magic, a data member (status 0);
 *   - COFF objects cut inside the file header or section table, or whose optional header runs past
 *     the end: an error (status 1), not a data member with a warning;
 *   - COFF symbol and string tables LLVM cannot initialise (past the end, no final NUL): no symbols
 *     at all, but an (empty) symbol table;
 *   - bitcode of at most 12 bytes: no room for a module, an empty module list, an empty symbol table
 *     and no warning; 16 bytes of which 12 are zero: "Malformed block", a data member.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireTool } from '../support/tools.js';
import { cli, tempDir } from '../offload/support.js';
import { LLVM22 } from './support.js';

const CLI_MAIN = new URL('../../dist/cli/main.js', import.meta.url).pathname;

/** A 20-byte COFF file header (x86-64): sections, symbol-table pointer, symbol count, optional-header size. */
function coffHeader(sections: number, symbolPointer: number, symbols: number, optional = 0): Uint8Array {
  const b = new Uint8Array(20);
  const v = new DataView(b.buffer);
  v.setUint16(0, 0x8664, true);
  v.setUint16(2, sections, true);
  v.setUint32(8, symbolPointer, true);
  v.setUint32(12, symbols, true);
  v.setUint16(16, optional, true);
  return b;
}

/** One 18-byte symbol record named `foo` (external, section 1). */
function fooSymbol(): Uint8Array {
  const b = new Uint8Array(18);
  b.set([0x66, 0x6f, 0x6f]);
  new DataView(b.buffer).setInt16(12, 1, true);
  b[16] = 2;
  return b;
}

const cat = (...parts: (Uint8Array | number[])[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const u32 = (n: number): number[] => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24];
const ELF_START = [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1];
const BC = [0x42, 0x43, 0xc0, 0xde];

const IMAGES: Record<string, Uint8Array> = {
  'elf-10-bytes': cat(ELF_START, [0, 0, 0]),
  'elf-17-bytes': cat(ELF_START, new Array(10).fill(0)),
  'elf-header-cut': cat(ELF_START, new Array(9).fill(0), [1, 0, 0x3e, 0], new Array(4).fill(0)),
  'coff-header-cut': cat([0x64, 0x86], [...'junkjunk'].map((c) => c.charCodeAt(0))),
  'coff-i386-12-bytes': cat([0x4c, 0x01], new Array(10).fill(0)),
  'coff-optional-header-past-end': coffHeader(0, 0, 0, 0x100),
  'coff-section-table-cut': cat(coffHeader(1, 0, 0), [...'.text\0\0\0'].map((c) => c.charCodeAt(0))),
  'coff-empty': coffHeader(0, 0, 0),
  'coff-symbol-table-past-end': coffHeader(0, 0xffff, 1),
  'coff-string-table-past-end': cat(coffHeader(0, 20, 1), fooSymbol(), u32(0xffffff)),
  'coff-string-table-no-nul': cat(coffHeader(0, 20, 1), fooSymbol(), u32(8), [0x61, 0x62, 0x63, 0x64]),
  'coff-string-table-size-cut': cat(coffHeader(0, 20, 1), fooSymbol()),
  'coff-string-table-ok': cat(coffHeader(0, 20, 1), fooSymbol(), u32(4)),
  'bitcode-4-bytes': cat(BC),
  'bitcode-8-bytes': cat(BC, [0x35, 0x14, 0, 0]),
  'bitcode-12-bytes': cat(BC, new Array(8).fill(0)),
  'bitcode-16-bytes': cat(BC, new Array(12).fill(0)),
};

describe('offload-extract --archive: images at the edge of what writeArchive reads (live: llvm-offload-binary-22, clang-offload-packager-19)', function () {
  this.timeout(120_000);
  let dir = '';
  let cleanup = (): void => undefined;
  before(() => ({ dir, cleanup } = tempDir('syclbin-archive-edge-')));
  after(() => cleanup());

  for (const [era, tool] of [['22', 'llvm-offload-binary-22'], ['19', 'clang-offload-packager-19']] as const) {
    it(`--llvm ${era}: the status of ${tool} on each image, and its archive bytes where it writes one`, async () => {
      const packer = requireTool(tool);
      const mismatches: string[] = [];
      for (const [name, image] of Object.entries(IMAGES)) {
        writeFileSync(join(dir, `${name}.o`), image);
        const bin = `${name}.${era}.bin`;
        expect(spawnSync(packer, ['-o', bin, `--image=file=${name}.o,triple=t,kind=openmp`], { cwd: dir }).status, name).to.equal(0);
        const theirs = spawnSync(packer, [bin, `--image=file=${name}.${era}.theirs.a`, '--archive'], { cwd: dir, encoding: 'utf8' });
        const ours = await cli(['offload-extract', '--llvm', era, bin, `--image=file=${name}.${era}.ours.a`, '--archive'], dir);
        const a = join(dir, `${name}.${era}.theirs.a`);
        const b = join(dir, `${name}.${era}.ours.a`);
        if (theirs.status !== ours.code) mismatches.push(`${name}: status ${theirs.status} (${theirs.stderr.trim()}) vs ours ${ours.code} (${ours.stderr.trim()})`);
        else if (existsSync(a) !== existsSync(b)) mismatches.push(`${name}: archive written by ${existsSync(a) ? tool : 'us'} only`);
        else if (existsSync(a) && !readFileSync(a).equals(readFileSync(b))) mismatches.push(`${name}: archive bytes differ`);
        // LLVM warns for bitcode it cannot read; so do we (with its message where known).
        if (theirs.stderr.includes('warning:') && !ours.stderr.includes('warning:')) mismatches.push(`${name}: ${tool} warns (${theirs.stderr.trim()}), we do not`);
      }
      expect(mismatches).to.deep.equal([]);
    });
  }
});

describe('offload-extract --strict runs each --image in turn, as llvm-offload-binary-22 does (live)', function () {
  this.timeout(60_000);
  it('what an earlier --image wrote stays when a later one fails; later warnings are not printed; without --strict nothing is written', async () => {
    const tool = requireTool('llvm-offload-binary-22');
    const { dir, cleanup } = tempDir('syclbin-inturn-');
    try {
      writeFileSync(join(dir, 'k.o'), 'x');
      expect(spawnSync(tool, ['-o', 'p.bin', '--image=file=k.o,triple=t,kind=openmp', '--image=file=k.o,triple=t,kind=openmp'], { cwd: dir }).status).to.equal(0);
      const lines = (text: string): string[] => text.split('\n').filter(Boolean).map((l) => l.replace(/^[^:]*(llvm-offload-binary-22|syclbin offload-extract): /, ''));
      for (const [i, images] of [
        ['--image=file=first.bin', '--image=file=nodir/x.bin', '--image=file=third.bin'],
        ['--image=file=first.a', '--image=triple=t', '--archive'],
        ['--image=file=a.bin', '--image=file=a.bin,kind=openmp', '--image=file=nodir/y.bin'],
      ].entries()) {
        const theirs = spawnSync(tool, ['p.bin', ...images], { cwd: dir, encoding: 'utf8' });
        const theirFiles = ['first.bin', 'third.bin', 'first.a', 'a.bin'].filter((f) => existsSync(join(dir, f)));
        const saved = new Map(theirFiles.map((f) => [f, readFileSync(join(dir, f))]));
        for (const f of theirFiles) rmSync(join(dir, f));
        const ours = await cli(['offload-extract', '--strict', 'p.bin', ...images], dir);
        expect([ours.code, lines(ours.stderr)], `case ${i}`).to.deep.equal([theirs.status, lines(theirs.stderr)]);
        const ourFiles = ['first.bin', 'third.bin', 'first.a', 'a.bin'].filter((f) => existsSync(join(dir, f)));
        expect(ourFiles, `case ${i}`).to.deep.equal(theirFiles);
        for (const f of ourFiles) {
          expect(readFileSync(join(dir, f)).equals(saved.get(f)!), `${f} (case ${i})`).to.equal(true);
          rmSync(join(dir, f));
        }
        // Ours without --strict: every --image checked first; a failure leaves no output.
        const atomic = await cli(['offload-extract', 'p.bin', ...images], dir);
        expect(atomic.code).to.equal(1);
        expect(['first.bin', 'third.bin', 'first.a', 'a.bin'].filter((f) => existsSync(join(dir, f))), `case ${i}`).to.deep.equal([]);
      }
    } finally {
      cleanup();
    }
  });
});

describe('archive member names that are not UTF-8 (review 2026-11-27w F4)', () => {
  it('a member named n\\xff.o: --strict prints its bytes as llvm-objdump-22 does; --archive writes the archive llvm-offload-binary-22 writes; read and written back byte for byte', async () => {
    const objdump = requireTool('llvm-objdump-22');
    const packer = requireTool('llvm-offload-binary-22');
    const { writeArchive, readArchive } = await import('../../src/containers/archive.js');
    const { memorySource } = await import('../../src/codec/index.js');
    const { dir, cleanup } = tempDir('syclbin-ar-bytes-');
    try {
      const k = new Uint8Array(readFileSync(join(LLVM22, 'sycl', 'k.o')));
      // (the lone surrogate U+DCFF is how a name read from bytes holds the byte 0xff: src/codec/bytes.ts decodeEscapedUtf8)
      const a = writeArchive([{ name: 'n\udcff.o', data: k }, { name: 'long-member-name-\udcfe-x.o', data: k }]);
      expect(Buffer.from(a).includes(Buffer.from([0x6e, 0xff, 0x2e, 0x6f, 0x2f]))).to.equal(true);
      expect(readArchive(memorySource(a)).members.filter((m) => !m.special).map((m) => m.name)).to.deep.equal(['n\udcff.o', 'long-member-name-\udcfe-x.o']);
      writeFileSync(join(dir, 'nu.a'), a);
      const theirs = spawnSync(objdump, ['--offloading', 'nu.a'], { cwd: dir });
      const ours = spawnSync(process.execPath, [CLI_MAIN, 'offload-list', '--strict', 'nu.a'], { cwd: dir });
      expect(ours.status).to.equal(theirs.status);
      expect(Buffer.compare(ours.stdout, theirs.stdout)).to.equal(0);
      expect(ours.stdout.includes(Buffer.from('nu.a(n\xff.o):', 'latin1'))).to.equal(true);
      expect(spawnSync(packer, ['nu.a', '--image=kind=sycl,file=t.a', '--archive'], { cwd: dir }).status).to.equal(0);
      const x = await cli(['offload-extract', 'nu.a', '--image=kind=sycl,file=o.a', '--archive'], dir);
      expect(x.code, x.stderr).to.equal(0);
      expect(readFileSync(join(dir, 'o.a')).equals(readFileSync(join(dir, 't.a')))).to.equal(true);
    } finally {
      cleanup();
    }
  });
});
