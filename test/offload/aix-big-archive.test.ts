/**
 * AIX big archives (`<bigaf>\n`, llvm-ar's default with an XCOFF member): listed, extracted,
 * inspected and annotated as LLVM reads them (src/containers/big-archive.ts), and malformed ones
 * stopped where LLVM stops, with its message under --strict; a member list that loops or overlaps
 * (which LLVM follows for ever) is an error at the next-member offset. Input:
 * testdata/offload/aix-big.a (provenance in that folder's README); the malformed variants patch its
 * fields.
 */
import { expect } from 'chai';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERA_TOOLS, requireTool } from '../support/tools.js';
import { DecodeError } from '../../src/codec/index.js';
import { readArchive } from '../../src/containers/archive.js';
import { ArBigFixedHeader, ArBigMemberHeader } from '../../formats/ar.js';
import { cli, readBytes, run, tempDir, TESTDATA } from './support.js';

const WARNING = '--offloading is currently only supported for COFF and ELF targets';
const BIG = readBytes(join(TESTDATA, 'aix-big.a'));

/** A copy of aix-big.a with the field of `width` bytes at `at` set to `text` (blank padded). */
function patch(src: Uint8Array, edits: [number, number, string][]): Uint8Array {
  const b = Uint8Array.from(src);
  for (const [at, width, text] of edits) {
    const t = new TextEncoder().encode(text);
    b.fill(0x20, at, at + width);
    b.set(t.subarray(0, width), at);
  }
  return b;
}

const F = ArBigFixedHeader.offsets;
const H = ArBigMemberHeader.offsets;
const a = readArchive(BIG);
const [m0, m1, m2] = a.members;
const field = (k: keyof typeof F) => [F[k]!, 20] as const;

/** Malformed variants LLVM reads deterministically (no loop, no read past its buffer). */
const VARIANTS: Record<string, Uint8Array> = {
  'short-fixed.a': BIG.subarray(0, 100),
  'next-past.a': patch(BIG, [[m0!.headerOffset + H.next!, 20, '99999']]),
  'next-bad.a': patch(BIG, [[m1!.headerOffset + H.next!, 20, '12x']]),
  'next-at-end.a': patch(BIG, [[...field('globalSymbols'), '0'], [...field('globalSymbols64'), '0'], [m0!.headerOffset + H.next!, 20, String(BIG.length)]]),
  'size-bad0.a': patch(BIG, [[m0!.headerOffset + H.size!, 20, 'abc']]),
  'size-bad2.a': patch(BIG, [[m2!.headerOffset + H.size!, 20, 'abc']]),
  'namelen-bad1.a': patch(BIG, [[m1!.headerOffset + H.nameLength!, 4, 'z']]),
  'terminator0.a': patch(BIG, [[m0!.dataOffset - 2, 1, 'A']]),
  'terminator1.a': patch(BIG, [[m1!.dataOffset - 1, 1, 'A']]),
  'first-late.a': patch(BIG, [[...field('firstMember'), String(BIG.length - 50)]]),
  'sym64-past.a': patch(BIG, [[...field('globalSymbols64'), String(BIG.length - 10)]]),
  'sym64-size.a': patch(BIG, [[...field('globalSymbols64'), String(BIG.length - 200)]]),
};

describe('offload input: AIX big archives', () => {
  it('reads the members along the next-member offsets', () => {
    expect(a.kind).to.equal('aix-big');
    expect(a.members.map((m) => [m.name, m.size])).to.deep.equal([
      ['xcoff32.o', readBytes(join(TESTDATA, 'xcoff32.o')).length],
      ['xcoff64.o', readBytes(join(TESTDATA, 'xcoff64.o')).length],
      ['omp-two-targets.o', readBytes(join(TESTDATA, 'omp-two-targets.o')).length],
    ]);
    expect(m0!.headerOffset).to.equal(128);
    expect(Buffer.from(m2!.data.bytes()).equals(readFileSync(join(TESTDATA, 'omp-two-targets.o')))).to.equal(true);
    expect(readArchive(patch(BIG.subarray(0, 128), [[...field('firstMember'), '0'], [...field('lastMember'), '0'], [...field('globalSymbols'), '0'], [...field('globalSymbols64'), '0']])).members).to.deep.equal([]);
  });

  it('a member list that loops or overlaps: an error at the next-member offset, after the members before', () => {
    const notLast = [...field('lastMember'), '1'] as [number, number, string];
    for (const [target, name] of [
      [m0!.headerOffset, 'loop'],
      [m0!.headerOffset + 72, 'overlap'],
    ] as const) {
      const bytes = patch(BIG, [notLast, [m2!.headerOffset + H.next!, 20, String(target)]]);
      let e: unknown;
      try {
        readArchive(bytes);
      } catch (x) {
        e = x;
      }
      expect(e, name).to.be.instanceOf(DecodeError);
      const d = e as DecodeError;
      expect([d.code, d.path, d.offset], name).to.deep.equal(['FORMAT', 'members[2].header.next', m2!.headerOffset + H.next!]);
      expect(d.message).to.match(/overlaps member 0 \('xcoff32\.o'\)/);
      const p = readArchive(bytes, { partial: true });
      expect(p.members.length).to.equal(3);
      expect(p.stop?.index).to.equal(3);
      expect(p.stop?.llvmMessage).to.equal(undefined);
      expect(p.stop?.llvmGoesOn, name).to.match(name === 'loop' ? /for ever/ : /another member holds/);
    }
    // Data past the end: an error at the size field (LLVM reads past its buffer).
    const cut = patch(BIG.subarray(0, m2!.dataOffset + 100), [[...field('globalSymbols'), '0'], [...field('globalSymbols64'), '0']]);
    expect(() => readArchive(cut)).to.throw(DecodeError, /members\[2\]\.header\.size/);
  });

  it('members met backwards cost what members in file order cost (the overlap check is not quadratic)', () => {
    // n empty members, each 114 bytes, the list walking from the last in the file to the first (one
    // byte after them: LLVM wants more than 114 bytes from a header on).
    const n = 20000;
    const b = new Uint8Array(128 + n * 114 + 1).fill(0x20);
    const put = (at: number, w: number, t: string) => b.set(new TextEncoder().encode(t.padEnd(w)), at);
    put(0, 8, '<bigaf>\n');
    for (const [k, v] of [['memberTable', '0'], ['globalSymbols', '0'], ['globalSymbols64', '0'], ['firstMember', String(128 + (n - 1) * 114)], ['lastMember', '128'], ['freeList', '0']] as const) put(F[k]!, 20, v);
    for (let i = 0; i < n; i++) {
      const pos = 128 + i * 114;
      put(pos + H.size!, 20, '0');
      put(pos + H.next!, 20, String(pos - 114));
      put(pos + H.nameLength!, 4, '0');
      put(pos + 112, 2, '`\n');
    }
    const t = Date.now();
    const r = readArchive(b);
    expect(r.members.length).to.equal(n);
    expect(r.members[n - 1]!.headerOffset).to.equal(128);
    expect(Date.now() - t).to.be.lessThan(20000);
  });

  it('offload-list, inspect, annotate and verify read it', async () => {
    const l = await cli(['offload-list', '--strict', 'aix-big.a'], TESTDATA);
    expect(l.code).to.equal(0);
    expect(l.stdout).to.match(/^\naix-big\.a\(xcoff32\.o\):\tfile format aixcoff-rs6000\n\naix-big\.a\(xcoff64\.o\):\tfile format aix5coff64-rs6000\n\naix-big\.a\(omp-two-targets\.o\):\tfile format elf64-x86-64\n\nOFFLOADING IMAGE \[0\]:/);
    expect(l.stderr).to.equal(`syclbin offload-list: warning: 'xcoff32.o': ${WARNING}\nsyclbin offload-list: warning: 'xcoff64.o': ${WARNING}\n`);
    const i = await cli(['inspect', 'aix-big.a'], TESTDATA);
    expect([i.code, (i.stdout.match(/OffloadBinary in member omp-two-targets\.o/g) ?? []).length]).to.deep.equal([0, 2]);
    const an = await cli(['annotate', 'aix-big.a'], TESTDATA);
    expect(an.code).to.equal(0);
    for (const s of ['header.firstMember = 128', 'members[2].header.nameLength = 17', 'members[2].name = "omp-two-targets.o"', 'members[0].terminator', 'symbolTable64.data']) expect(an.stdout).to.contain(s);
    const v = await cli(['verify', 'aix-big.a'], TESTDATA);
    expect([v.code, v.stdout]).to.deep.equal([0, 'aix-big.a: archive, 8279 bytes\n0 error(s), 0 warning(s), 0 note(s)\n']);
  });

  for (const era of ['19', '22'] as const) {
    it(`same text and status as llvm-objdump-${era} --offloading, malformed variants included`, async () => {
      const objdump = requireTool(ERA_TOOLS[era].objdump);
      const { dir, cleanup } = tempDir('syclbin-bigaf-');
      try {
        writeFileSync(join(dir, 'aix-big.a'), BIG);
        for (const [f, bytes] of Object.entries(VARIANTS)) writeFileSync(join(dir, f), bytes);
        for (const f of ['aix-big.a', ...Object.keys(VARIANTS)]) {
          const theirs = run(objdump, ['--offloading', f], dir);
          const ours = await cli(['offload-list', '--llvm', era, '--strict', f], dir);
          expect(ours.stdout, f).to.equal(theirs.stdout.toString('utf8'));
          expect(ours.code, f).to.equal(theirs.status);
          // (the tool's name before the first ': ' of each line: 'syclbin offload-list', or llvm-objdump's argv[0])
          const bare = (t: string) => t.replace(/^[^:\n]*: /gm, '');
          expect(bare(ours.stderr), f).to.equal(bare(theirs.stderr));
        }
      } finally {
        cleanup();
      }
    });
  }

  it('offload-extract writes what llvm-offload-binary-22 writes (files, --archive)', async () => {
    const tool = requireTool('llvm-offload-binary-22');
    const { dir, cleanup } = tempDir('syclbin-bigaf-x-');
    try {
      for (const d of ['theirs', 'ours']) {
        mkdirSync(join(dir, d));
        writeFileSync(join(dir, d, 'aix-big.a'), BIG);
      }
      const cases = [
        ['--image=triple=x86_64-unknown-linux-gnu,file=x.o', '--image=triple=aarch64-unknown-linux-gnu'],
        ['--image=kind=openmp,file=all.a', '--archive'],
      ];
      for (const args of cases) {
        const theirs = run(tool, ['aix-big.a', ...args], join(dir, 'theirs'));
        const ours = await cli(['offload-extract', 'aix-big.a', ...args], join(dir, 'ours'));
        expect([ours.code, theirs.status], args.join(' ')).to.deep.equal([0, 0]);
      }
      const files = readdirSync(join(dir, 'theirs')).sort();
      expect(files).to.deep.equal(['aix-big-aarch64-unknown-linux-gnu-.0.o', 'aix-big.a', 'all.a', 'x.o']);
      expect(readdirSync(join(dir, 'ours')).sort()).to.deep.equal(files);
      for (const f of files) expect(readFileSync(join(dir, 'ours', f)).equals(readFileSync(join(dir, 'theirs', f))), f).to.equal(true);
    } finally {
      cleanup();
    }
  });

  it('inside a GNU archive: llvm-objdump fails on it as on any nested archive, llvm-offload-binary-22 reads it', async () => {
    const ar = requireTool('llvm-ar-22');
    const objdump = requireTool('llvm-objdump-22');
    const tool = requireTool('llvm-offload-binary-22');
    const { dir, cleanup } = tempDir('syclbin-bigaf-n-');
    try {
      writeFileSync(join(dir, 'aix-big.a'), BIG);
      writeFileSync(join(dir, 'omp.o'), readBytes(join(TESTDATA, 'omp-two-targets.o')));
      expect(run(ar, ['rcs', '--format=gnu', 'nest.a', 'aix-big.a', 'omp.o'], dir).status).to.equal(0);
      const theirs = run(objdump, ['--offloading', 'nest.a'], dir);
      const ours = await cli(['offload-list', '--strict', 'nest.a'], dir);
      expect([ours.code, ours.stdout]).to.deep.equal([theirs.status, theirs.stdout.toString('utf8')]);
      expect(run(tool, ['nest.a', '--image=triple=x86_64-unknown-linux-gnu,file=theirs.a', '--archive'], dir).status).to.equal(0);
      expect((await cli(['offload-extract', 'nest.a', '--image=triple=x86_64-unknown-linux-gnu,file=ours.a', '--archive'], dir)).code).to.equal(0);
      expect(readFileSync(join(dir, 'ours.a')).equals(readFileSync(join(dir, 'theirs.a')))).to.equal(true);
    } finally {
      cleanup();
    }
  });
});
