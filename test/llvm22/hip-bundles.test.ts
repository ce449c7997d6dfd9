/**
 * HIP objects compiled without -fgpu-rdc keep their device code in a clang-offload-bundler bundle
 * (.hip_fatbin); llvm-objdump-22 --offloading splits it and writes each entry to
 * `<FILE or MEMBER>.<bundle>.<ID>` (src/containers/offload-bundle.ts, ObjectListing.bundles). Checked on
 * the committed clang-22 objects of testdata/llvm22/hip (scripts/fixtures/llvm22.sh 4c: the objdump text
 * and the sha256 of the files it wrote), and live against llvm-objdump-22 where it is installed
 * (test/support/tools.ts names the package when it is missing): fresh objects, malformed bundles, a
 * bundle in a COFF object.
 */
import { expect } from 'chai';
import { Ajv } from 'ajv';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { requireTool } from '../support/tools.js';
import { cli, tempDir } from '../offload/support.js';
import { LLVM22 } from './support.js';
import { encode, memorySource } from '../../src/codec/index.js';
import { OffloadBundleEntry, OffloadBundleHeader } from '../../formats/offload-bundle.js';
import { BUNDLE_LLVM_ERRORS, MAX_BUNDLE_ID, OffloadBundleError, readOffloadBundles } from '../../src/containers/offload-bundle.js';

const HIP = join(LLVM22, 'hip');
const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
/** `sha256sum`'s lines for every file in `dir` but `skip`, sorted by name. */
const sums = (dir: string, skip: string[]): string =>
  readdirSync(dir)
    .filter((f) => !skip.includes(f))
    .sort()
    .map((f) => `${sha(readFileSync(join(dir, f)))}  ${f}\n`)
    .join('');

describe('HIP offload bundles (llvm-objdump-22 --offloading writes their entries)', function () {
  this.timeout(120_000);
  for (const f of ['h.o', 'h2.o', 'hip.a']) {
    it(`${f}: the text and the files of llvm-objdump-22, with and without --strict`, async () => {
      for (const args of [['--strict'], []]) {
        const { dir, cleanup } = tempDir('syclbin-hip-');
        try {
          copyFileSync(join(HIP, f), join(dir, f));
          const r = await cli(['offload-list', ...args, f], dir);
          expect([r.code, r.stdout]).to.deep.equal([0, readFileSync(join(HIP, `${f}.objdump22.txt`), 'utf8')]);
          expect(sums(dir, [f])).to.equal(readFileSync(join(HIP, `${f}.bundles.sha256`), 'utf8'));
          if (!args.length) expect(r.stderr).to.match(/note: \d+ offload bundle entr(y|ies) written to files where llvm-objdump-22 writes them \(the 'Extracting offload bundle' lines\), with the bytes it writes$/m);
        } finally {
          cleanup();
        }
      }
    });
  }

  it('hc.o (a compressed CCOB bundle): the decompressed entries, as clang-offload-bundler unbundles them (LLVM 22.1.8 copies bytes of the object instead)', async () => {
    const { dir, cleanup } = tempDir('syclbin-hip-');
    try {
      copyFileSync(join(HIP, 'hc.o'), join(dir, 'hc.o'));
      const r = await cli(['offload-list', '--strict', 'hc.o'], dir);
      expect([r.code, r.stdout]).to.deep.equal([0, readFileSync(join(HIP, 'hc.o.objdump22.txt'), 'utf8')]);
      expect(sums(dir, ['hc.o'])).to.equal(readFileSync(join(HIP, 'hc.o.unbundle.sha256'), 'utf8'));
      // Without --strict the note says the bytes differ from llvm-objdump-22's (review 2026-11-30u finding 5).
      const listed = await cli(['offload-list', 'hc.o'], dir);
      expect(listed.stderr).to.match(/written to files where llvm-objdump-22 writes them .*; \d+ from compressed bundles, written decompressed \(llvm-objdump-22 writes other bytes for them/);
    } finally {
      cleanup();
    }
  });

  it('--llvm 19 (no bundle pass in LLVM 19) and --json write nothing', async () => {
    const { dir, cleanup } = tempDir('syclbin-hip-');
    try {
      copyFileSync(join(HIP, 'h.o'), join(dir, 'h.o'));
      const r = await cli(['offload-list', '--llvm', '19', 'h.o'], dir);
      expect(r.stdout).to.equal('\nh.o:\tfile format elf64-x86-64\n');
      await cli(['offload-list', '--json', 'h.o'], dir);
      expect(readdirSync(dir)).to.deep.equal(['h.o']);
    } finally {
      cleanup();
    }
  });

  it('--json lists the bundle entries (valid against the schema) and inspect explains them, writing no file; offload-extract -o DIR writes them (the bytes llvm-objdump-22 and clang-offload-bundler write)', async () => {
    const validate = new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(new URL('../../schemas/offload-list.schema.json', import.meta.url), 'utf8')) as object);
    const { dir, cleanup } = tempDir('syclbin-hip-');
    try {
      copyFileSync(join(HIP, 'h.o'), join(dir, 'h.o'));
      const j = await cli(['offload-list', '--json', 'h.o'], dir);
      const doc = JSON.parse(j.stdout) as { objects: { bundles?: { bundle: number; id: string; section: number; size: string; compressed: boolean; image: { kind: string } }[] }[] };
      expect(validate(doc), JSON.stringify(validate.errors)).to.equal(true);
      const sums = readFileSync(join(HIP, 'h.o.bundles.sha256'), 'utf8');
      expect(doc.objects[0]!.bundles!.map((b) => [b.bundle, b.id, b.section, b.compressed, b.image.kind])).to.deep.equal([
        [0, 'host-x86_64-unknown-linux-gnu-', 7, false, 'unknown'],
        [0, 'hipv4-amdgcn-amd-amdhsa--gfx90a', 7, false, 'elf'],
      ]);
      // The same entries as llvm-objdump-22 writes (h.o.bundles.sha256 lists its files).
      for (const b of doc.objects[0]!.bundles!) expect(sums).to.include(`h.o.${b.bundle}.${b.id}`);
      const i = await cli(['inspect', '--no-hash', 'h.o'], dir);
      expect(i.stdout).to.match(/^ELF file \(elf64-x86-64\): 0 OffloadBinaries, 0 device image\(s\) outside one, 2 offload bundle entries/);
      expect(i.stdout).to.include('  [0] hipv4-amdgcn-amd-amdhsa--gfx90a: 5400 bytes in section [7], bundle @0x1000\n    contents: ELF 64-bit little-endian, elf64-amdgpu');
      expect(readdirSync(dir)).to.deep.equal(['h.o']);
      const hash = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');
      const llvmFiles = (f: string): Map<string, string> => new Map(readFileSync(join(HIP, f), 'utf8').trim().split('\n').map((l) => l.split(/\s+/) as [string, string]).map(([h, n]) => [n.replace(/^[^.]*\.o\.\d+\./, ''), h]));
      const x = await cli(['offload-extract', 'h.o', '-o', 'out'], dir);
      expect(x.code, x.stderr).to.equal(0);
      expect(x.stdout).to.equal('out/0-bundle0-host-x86_64-unknown-linux-gnu- (0 bytes)\nout/1-bundle0-hipv4-amdgcn-amd-amdhsa--gfx90a.o (5400 bytes)\n');
      const want = llvmFiles('h.o.bundles.sha256');
      expect(hash(join(dir, 'out/1-bundle0-hipv4-amdgcn-amd-amdhsa--gfx90a.o'))).to.equal(want.get('hipv4-amdgcn-amd-amdhsa--gfx90a'));
      // A compressed bundle: the entries clang-offload-bundler --unbundle writes (hc.o.unbundle.sha256).
      const c2 = await cli(['offload-extract', join(HIP, 'hc.o'), '-o', 'hc'], dir);
      expect(c2.code, c2.stderr).to.equal(0);
      expect(hash(join(dir, 'hc/1-bundle0-hipv4-amdgcn-amd-amdhsa--gfx90a.o'))).to.equal(llvmFiles('hc.o.unbundle.sha256').get('hipv4-amdgcn-amd-amdhsa--gfx90a'));
      // An archive: each member's entries, the member named first.
      const a = await cli(['offload-extract', join(HIP, 'hip.a'), '-o', 'a'], dir);
      expect(readdirSync(join(dir, 'a')).sort()).to.deep.equal([
        '0-h.o-bundle0-host-x86_64-unknown-linux-gnu-',
        '1-h.o-bundle0-hipv4-amdgcn-amd-amdhsa--gfx90a.o',
        '2-h2.o-bundle0-host-x86_64-unknown-linux-gnu-',
        '3-h2.o-bundle0-hipv4-amdgcn-amd-amdhsa--gfx1030.o',
        '4-h2.o-bundle0-hipv4-amdgcn-amd-amdhsa--gfx90a.o',
      ]);
      expect(a.code, a.stderr).to.equal(0);
      // A bundle that cannot be read: why, and no pointer to commands that cannot read it either.
      const corrupt = readFileSync(join(HIP, 'hc.o'));
      corrupt.fill(0, 0x1030, 0x1038); // inside the zstd stream of the CCOB bundle at 0x1000
      writeFileSync(join(dir, 'cbad.o'), corrupt);
      const cb = await cli(['offload-extract', 'cbad.o', '-o', 'cbad'], dir);
      expect(cb.code, cb.stderr).to.equal(0);
      expect(cb.stderr).to.match(/note: llvm-objdump-22 fails on the offload bundles \("while extracting offload FatBin bundles: corrupt zstd stream/);
      expect(cb.stderr).to.include('note: nothing extracted: its offload bundles (HIP without -fgpu-rdc) could not be read (the note above says why)\n');
      expect(readdirSync(join(dir, 'cbad'))).to.deep.equal([]);
      // Other reasons for an empty folder are said as they are.
      const c = await cli(['offload-extract', join(LLVM22, 'containers/cray-progbits.o'), '-o', 'cray'], dir);
      expect(c.stderr).to.include('note: nothing extracted: the 2 OffloadBinary(s) found by scanning ordinary data are extracted with --scan always\n');
      const p = await cli(['offload-extract', join(LLVM22, 'containers/name-only.o'), '-o', 'plain'], dir);
      expect(p.stderr).to.match(/note: nothing extracted: /);
    } finally {
      cleanup();
    }
  });

  it('live: malformed bundles and a bundle in a COFF object fail as llvm-objdump-22 fails (status, text, error line)', async () => {
    const objdump = requireTool('llvm-objdump-22');
    const objcopy = requireTool('llvm-objcopy-22');
    const clang = requireTool('clang-22');
    const { dir, cleanup } = tempDir('syclbin-hip-live-');
    try {
      const h = new Uint8Array(readFileSync(join(HIP, 'h.o')));
      expect(spawnSync(objcopy, ['--dump-section', `.hip_fatbin=${join(dir, 'fatbin')}`, join(HIP, 'h.o'), join(dir, 'stripped.o')]).status).to.equal(0);
      const fatbin = new Uint8Array(readFileSync(join(dir, 'fatbin')));
      const at = Buffer.from(h).indexOf(Buffer.from(fatbin.subarray(0, 64)));
      expect(at).to.be.greaterThan(0);
      const variant = (name: string, patch: (b: Uint8Array) => void): string => {
        const b = h.slice();
        patch(b);
        writeFileSync(join(dir, name), b);
        return name;
      };
      const dv = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
      const cases = [
        variant('count.o', (b) => dv(b).setBigUint64(at + 24, 1000n, true)), // more entries than the bundle holds
        variant('idlen.o', (b) => dv(b).setBigUint64(at + 32 + 16, 1n << 40n, true)), // an ID length of 0 mod 2^32
        variant('idlen-long.o', (b) => dv(b).setBigUint64(at + 32 + 16, 1n << 20n, true)), // an ID longer than the bundle
        // LLVM reads an ID length modulo 2^32 (readFixedString takes a uint32_t; review 2026-11-28a F8)
        variant('idlen-2p32.o', (b) => dv(b).setBigUint64(at + 32 + 16, (1n << 32n) + dv(b).getBigUint64(at + 32 + 16, true), true)),
        variant('idlen-hi.o', (b) => dv(b).setBigUint64(at + 32 + 16, (1n << 61n) | dv(b).getBigUint64(at + 32 + 16, true), true)),
        // an entry of size 0 LLVM skips wherever it points (extractBundle; F9)
        variant('zero-far.o', (b) => dv(b).setBigUint64(at + 32, 0x100_0000_1000n, true)),
      ];
      expect(dv(h).getBigUint64(at + 32 + 8, true), 'the first entry (the host one) has size 0').to.equal(0n);
      // A bundle in a COFF object.
      writeFileSync(join(dir, 'host.c'), 'int foo(void) { return 1; }\n');
      expect(spawnSync(clang, ['--target=x86_64-pc-windows-msvc', '-c', 'host.c', '-o', 'host.obj'], { cwd: dir }).status).to.equal(0);
      expect(spawnSync(objcopy, ['--add-section', '.hip_fatbin=fatbin', 'host.obj', 'bundle.obj'], { cwd: dir }).status).to.equal(0);
      cases.push('bundle.obj');
      for (const f of cases) {
        for (const d of ['llvm', 'ours']) mkdirSync(join(dir, `${d}-${f}`));
        copyFileSync(join(dir, f), join(dir, `llvm-${f}`, f));
        copyFileSync(join(dir, f), join(dir, `ours-${f}`, f));
        const theirs = spawnSync(objdump, ['--offloading', f], { cwd: join(dir, `llvm-${f}`), encoding: 'utf8' });
        const ours = await cli(['offload-list', '--strict', f], join(dir, `ours-${f}`));
        expect([ours.code, ours.stdout, ours.stderr.replace(/^syclbin offload-list: /, '')], f).to.deep.equal([theirs.status, theirs.stdout, theirs.stderr.replace(/^[^:]+: /, '')]);
        expect(readdirSync(join(dir, `ours-${f}`)), f).to.deep.equal(readdirSync(join(dir, `llvm-${f}`)));
      }
      // The COFF object's bundle, which LLVM does not read: offload-extract -o DIR writes its entries (review 2026-11-27w F5).
      const x = await cli(['offload-extract', 'bundle.obj', '-o', 'coff-out'], dir);
      expect(x.code, x.stderr).to.equal(0);
      expect(x.stderr).to.include("read here all the same ('syclbin offload-extract FILE -o DIR' writes its entries)");
      const entries = readOffloadBundles(memorySource(fatbin), [{ index: 0, offset: 0, size: fatbin.length }]);
      expect(readdirSync(join(dir, 'coff-out')).map((f) => sha(readFileSync(join(dir, 'coff-out', f)))).sort()).to.deep.equal(entries.map((e) => sha(e.data.bytes())).sort());
    } finally {
      cleanup();
    }
  });

  it('archive members: a name that leaves the directory is refused; two members of one name write the later one\'s files', async () => {
    const { dir, cleanup } = tempDir('syclbin-hip-hostile-');
    try {
      const h = new Uint8Array(readFileSync(join(HIP, 'h.o')));
      // A GNU archive whose member is named ../escape.o: refused, nothing written outside.
      const hdr = (name: string, size: number): string => `${name.padEnd(16)}${'0'.padEnd(12)}${'0'.padEnd(6)}${'0'.padEnd(6)}${'644'.padEnd(8)}${String(size).padEnd(10)}\`\n`;
      const table = '../escape.o/\n';
      const head = new TextEncoder().encode(`!<arch>\n${hdr('//', table.length)}${table}\n${hdr('/0', h.length)}`); // (the odd-sized table padded)
      const ar = new Uint8Array(head.length + h.length + (h.length % 2));
      ar.set(head);
      ar.set(h, head.length);
      mkdirSync(join(dir, 'cwd'));
      writeFileSync(join(dir, 'cwd', 'g.a'), ar);
      const g = await cli(['offload-list', 'g.a'], join(dir, 'cwd'));
      expect(g.code).to.equal(1);
      expect(g.stderr).to.contain('member "../escape.o" holds offload bundles: not written');
      expect(readdirSync(dir).sort()).to.deep.equal(['cwd']);
      // Two members of one name: the later one's files replace the earlier one's, as LLVM writes them.
      const two = new TextEncoder().encode(`!<arch>\n`);
      const member = (data: Uint8Array): Uint8Array => {
        const x = new TextEncoder().encode(hdr('h.o/', data.length));
        const m = new Uint8Array(x.length + data.length + (data.length % 2));
        m.set(x);
        m.set(data, x.length);
        return m;
      };
      const h2 = new Uint8Array(readFileSync(join(HIP, 'h2.o')));
      const parts = [two, member(h), member(h2)];
      const dup = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      parts.reduce((at, p) => (dup.set(p, at), at + p.length), 0);
      writeFileSync(join(dir, 'dup.a'), dup);
      const d = await cli(['offload-list', '--strict', 'dup.a'], dir);
      expect(d.code, d.stderr).to.equal(0);
      expect(readdirSync(dir).filter((f) => f.startsWith('h.o.0.')).sort()).to.deep.equal(['h.o.0.hipv4-amdgcn-amd-amdhsa--gfx1030', 'h.o.0.hipv4-amdgcn-amd-amdhsa--gfx90a', 'h.o.0.host-x86_64-unknown-linux-gnu-']);
    } finally {
      cleanup();
    }
  });

  it('bundles bounded by their bytes: a table running into the next bundle, sections that overlap, a CCOB declaring more than it holds', async () => {
    const enc = new TextEncoder();
    const le64 = (v: number): Uint8Array => {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setBigUint64(0, BigInt(v), true);
      return b;
    };
    const cat = (...parts: Uint8Array[]): Uint8Array => {
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
      return out;
    };
    const magic = enc.encode('__CLANG_OFFLOAD_BUNDLE__');
    // Bundle A claims 2 entries but only one fits before bundle B: refused, as the table runs into B.
    const a = cat(magic, le64(2), le64(0), le64(0), le64(4), enc.encode('abcd'));
    const b = cat(magic, le64(1), le64(0), le64(0), le64(4), enc.encode('efgh'));
    const sec = cat(a, b, new Uint8Array(64));
    const e = (() => {
      try {
        readOffloadBundles(memorySource(sec), [{ index: 1, offset: 0, size: sec.length }]);
      } catch (x) {
        return x as OffloadBundleError;
      }
      throw new Error('no error');
    })();
    expect(e).to.be.instanceOf(OffloadBundleError);
    expect(e.message).to.match(/2 entries do not fit in the 60-byte offload bundle/);
    expect(e.llvm).to.equal(BUNDLE_LLVM_ERRORS.short);
    // An ID longer than any file name is refused before it is decoded (a string of the section's size otherwise).
    const longId = cat(magic, le64(1), le64(0), le64(0), le64(MAX_BUNDLE_ID + 1), new Uint8Array(MAX_BUNDLE_ID + 1).fill(0x61));
    expect(() => readOffloadBundles(memorySource(longId), [{ index: 1, offset: 0, size: longId.length }])).to.throw(OffloadBundleError, /longer than any file name/);
    // Well-formed, the two bundles read as bundles 0 and 1.
    const ok = cat(cat(magic, le64(1), le64(0), le64(0), le64(4), enc.encode('abcd')), b);
    expect(readOffloadBundles(memorySource(ok), [{ index: 1, offset: 0, size: ok.length }]).map((x) => [x.bundle, x.id])).to.deep.equal([
      [0, 'abcd'],
      [1, 'efgh'],
    ]);
    // Section headers naming the same bytes over and over: read at most twice the object.
    const big = new Uint8Array(1 << 20);
    big.set(ok);
    const same = Array.from({ length: 4 }, (_, i) => ({ index: i + 1, offset: 0, size: big.length }));
    expect(() => readOffloadBundles(memorySource(big), same)).to.throw(OffloadBundleError, /overlap/);
    // A CCOB whose uncompressed size is larger than what it holds: read (LLVM decompresses into a buffer of that size).
    const { dir, cleanup } = tempDir('syclbin-hip-ccob-');
    try {
      const hc = new Uint8Array(readFileSync(join(HIP, 'hc.o')));
      const at = Buffer.from(hc).indexOf(Buffer.from('CCOB'));
      const v = new DataView(hc.buffer, hc.byteOffset);
      expect(v.getUint16(at + 4, true)).to.equal(3);
      v.setBigUint64(at + 16, v.getBigUint64(at + 16, true) + 1000n, true);
      writeFileSync(join(dir, 'hc.o'), hc);
      const r = await cli(['offload-list', '--strict', 'hc.o'], dir);
      expect(r.code, r.stderr).to.equal(0);
      expect(sums(dir, ['hc.o'])).to.equal(readFileSync(join(HIP, 'hc.o.unbundle.sha256'), 'utf8'));
    } finally {
      cleanup();
    }
  });
});


describe('a clang-offload-bundler file by itself (the .hip_fatbin sections of hip/h.o and hip/hc.o; review 2026-11-27p)', () => {
  for (const [file, sums] of [
    ['h.fatbin', 'h.o.bundles.sha256'],
    ['hc.fatbin', 'hc.o.unbundle.sha256'],
  ] as const) {
    it(`${file}: inspect lists its entries (what LLVM unbundles from the object: ${sums})`, async () => {
      const dir = join(LLVM22, 'hip');
      const want = readFileSync(join(dir, sums), 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(/\s+/))
        .map(([hash, name]) => [name!.replace(/^h\.o\.0\.|^hc\.o\.0\./, ''), hash]);
      const bytes = readFileSync(join(dir, file));
      const got = readOffloadBundles(memorySource(bytes), [{ index: 0, offset: 0, size: bytes.length }]).map((e) => [e.id, createHash('sha256').update(e.data.bytes()).digest('hex')]);
      expect(got.sort()).to.deep.equal(want.sort());
      const r = await cli(['inspect', file], dir);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout.split('\n')[0]).to.equal(`clang-offload-bundler file: 2 entries — ${bytes.length} bytes`);
      expect(r.stdout).to.match(/^hipv4-amdgcn-amd-amdhsa--gfx90a: \d+ bytes (@0x1000|\(in the compressed bundle @0x0\))\n {2}contents: ELF 64-bit little-endian, elf64-amdgpu/m);
      expect(r.stdout.includes('(in the compressed bundle @0x0)')).to.equal(file === 'hc.fatbin');
    });

    it(`${file}: offload-list says what it is (llvm-objdump-22 rejects it); offload-extract -o DIR writes its entries (review 2026-11-27w F7)`, async () => {
      const dir = join(LLVM22, 'hip');
      const want = readFileSync(join(dir, sums), 'utf8').trim().split('\n').map((l) => l.split(/\s+/)[0]!).sort();
      const l = await cli(['offload-list', file], dir);
      expect(l.code, l.stderr).to.equal(0);
      expect(l.stderr).to.include(`${file}: note: a clang-offload-bundler file (HIP device code built without -fgpu-rdc; 2 entries): llvm-objdump-22 --offloading rejects it ("The file was not recognized as a valid object file"); 'syclbin offload-extract FILE -o DIR' writes its entries`);
      expect(l.stderr).to.not.include('bad OffloadBinary magic');
      const j = await cli(['offload-list', '--json', file], dir);
      const listed = JSON.parse(j.stdout) as { otherBundles: { bundles: { id: string }[] }[] };
      const validate = new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(new URL('../../schemas/offload-list.schema.json', import.meta.url), 'utf8')) as object);
      expect(validate(listed), JSON.stringify(validate.errors)).to.equal(true);
      expect(listed.otherBundles[0]!.bundles.map((b) => b.id).sort()).to.deep.equal(['hipv4-amdgcn-amd-amdhsa--gfx90a', 'host-x86_64-unknown-linux-gnu-']);
      const strict = await cli(['offload-list', '--strict', file], dir);
      expect([strict.code, strict.stderr]).to.deep.equal([1, `syclbin offload-list: error: '${file}': The file was not recognized as a valid object file\n`]);
      const t = tempDir('syclbin-bundle-file-');
      try {
        const x = await cli(['offload-extract', join(dir, file), '-o', 'out'], t.dir);
        expect(x.code, x.stderr).to.equal(0);
        expect(readdirSync(join(t.dir, 'out')).map((f) => sha(readFileSync(join(t.dir, 'out', f)))).sort()).to.deep.equal(want);
      } finally {
        t.cleanup();
      }
    });
  }
});

describe('a clang-offload-bundler file by itself: annotate, hexdump and verify explain its bytes', () => {
  const dir = join(LLVM22, 'hip');
  it('h.fatbin: header, entry table, IDs, the 4096-aligned code and the zero padding before it; verify clean', async () => {
    const a = JSON.parse((await cli(['annotate', '--json', 'h.fatbin'], dir)).stdout) as { format: string; spans: { path: string; kind: string; offset: number; size: number; value?: unknown }[] };
    expect(a.format).to.equal('offload-bundle');
    expect(a.spans.filter((x) => x.kind === 'unreferenced')).to.deep.equal([]);
    const code = a.spans.find((x) => x.path === 'bundles[0].entries[1].code')!;
    expect([code.kind, code.offset, code.value]).to.deep.equal(['image', 4096, 'hipv4-amdgcn-amd-amdhsa--gfx90a']);
    const bytes = readFileSync(join(dir, 'h.fatbin'));
    expect(code.offset + code.size).to.equal(bytes.length);
    expect(a.spans.find((x) => x.kind === 'padding')).to.deep.include({ path: 'bundles[0].padding', size: 4096 - 0x8d });
    const v = await cli(['verify', 'h.fatbin'], dir);
    expect([v.code, v.stdout]).to.deep.equal([0, 'h.fatbin: offload-bundle, 9496 bytes\n0 error(s), 0 warning(s), 0 note(s)\n']);
    const h = await cli(['hexdump', '--path', '**.entries[1].id', 'h.fatbin'], dir);
    expect(h.stdout).to.match(/^00000060 .*\|  bundles\[0\]\.entries\[1\]\.id$/m);
  });

  it('hc.fatbin (compressed): header fields and the stream; a code offset past the bundle is an error at its field', async () => {
    const a = JSON.parse((await cli(['annotate', '--json', 'hc.fatbin'], dir)).stdout) as { spans: { path: string; kind: string; value?: unknown }[] };
    expect(a.spans.map((x) => x.path)).to.deep.equal(['bundles[0]', 'bundles[0].header', 'bundles[0].header.magic', 'bundles[0].header.version', 'bundles[0].header.method', 'bundles[0].header.totalSize', 'bundles[0].header.uncompressedSize', 'bundles[0].header.hash', 'bundles[0].stream']);
    expect((await cli(['verify', 'hc.fatbin'], dir)).code).to.equal(0);
    const { dir: tmp, cleanup } = tempDir('syclbin-bundle-');
    try {
      const bad = readFileSync(join(dir, 'h.fatbin'));
      bad.writeBigUInt64LE(1n << 40n, 0x56); // entries[1].offset
      writeFileSync(join(tmp, 'bad.fatbin'), bad);
      const v = await cli(['verify', 'bad.fatbin'], tmp);
      expect(v.code).to.equal(1);
      expect(v.stdout).to.match(/^error {3}0x00000056 {2}bundles\[0\]\.entries\[1\]\.offset: the code of entry 1 \('hipv4-amdgcn-amd-amdhsa--gfx90a'\)/m);
    } finally {
      cleanup();
    }
  });
});

describe('a file that starts like a bundle and is none (review 2026-11-27x F5)', () => {
  it('CCOB then text: an error that says so (status 1), --strict as llvm-objdump-22; offload-extract -o fails with the reason', async () => {
    const { dir, cleanup } = tempDir('syclbin-ccob-');
    try {
      writeFileSync(join(dir, 'ccob.txt'), 'CCOBhello world, this is no bundle\n');
      const l = await cli(['offload-list', 'ccob.txt'], dir);
      expect([l.code, l.stderr]).to.deep.equal([1, "syclbin offload-list: error: 'ccob.txt': starts as a clang-offload-bundler file but does not read as one: compressed offload bundle version 25960 (1 to 3 are known) (at bundles[0].version, offset 0x4)\n"]);
      const s = await cli(['offload-list', '--strict', 'ccob.txt'], dir);
      expect([s.code, s.stderr]).to.deep.equal([1, "syclbin offload-list: error: 'ccob.txt': The file was not recognized as a valid object file\n"]);
      const x = await cli(['offload-extract', 'ccob.txt', '-o', 'x'], dir);
      expect(x.code).to.equal(1);
      expect(x.stderr).to.include('does not read as one: compressed offload bundle version 25960');
    } finally {
      cleanup();
    }
  });
});

describe('offload-extract -o DIR: a compressed payload counts as what it inflates to (review 2026-11-27z finding 3)', () => {
  it('a small v3 file holding a 72 MiB image is written (the budget is 8 x the input and its payloads inflated + 64 MiB)', async function () {
    this.timeout(30_000);
    const { writeOffloadBinary } = await import('../../src/offload/write.js');
    const image = new Uint8Array(72 << 20);
    const ob = writeOffloadBinary([{ imageKind: 1, offloadKind: 1, flags: 0, strings: [['triple', 'x86_64-unknown-linux-gnu']], image }], { version: 3, compression: 'zlib' });
    expect(ob.length).to.be.below(1 << 20);
    const { dir, cleanup } = tempDir('syclbin-v3-big-');
    try {
      writeFileSync(join(dir, 'big.bin'), ob);
      const r = await cli(['offload-extract', '--llvm', 'main', 'big.bin', '-o', 'x'], dir);
      expect(r.code, r.stderr).to.equal(0);
      expect(readdirSync(join(dir, 'x'))).to.have.length(1);
    } finally {
      cleanup();
    }
  });
});

/** Bytes of a clang-offload-bundler header and entry table naming `ids` (formats/offload-bundle.ts). */
function bundleTableSize(ids: readonly string[]): number {
  return OffloadBundleHeader.fixedSize! + ids.length * OffloadBundleEntry.fixedSize! + ids.join('').length;
}

/** An uncompressed bundle: header, one entry per item, then `code` zero bytes of code. */
function plainBundle(entries: readonly { id: string; offset: number; size: number }[], code = 0): Uint8Array {
  const out = new Uint8Array(bundleTableSize(entries.map((e) => e.id)) + code);
  let at = 0;
  const put = (b: Uint8Array): void => {
    out.set(b, at);
    at += b.length;
  };
  put(encode(OffloadBundleHeader, { numEntries: entries.length }));
  for (const e of entries) {
    put(encode(OffloadBundleEntry, { offset: BigInt(e.offset), size: BigInt(e.size), idLength: BigInt(e.id.length) }));
    put(new TextEncoder().encode(e.id));
  }
  return out;
}

describe('offload-extract -o DIR: what it writes is bounded by the input (review 2026-11-27x F3)', () => {
  it('a bundle of 2000 entries each naming the whole file: refused before anything is written; --max-output-size lets it through', async () => {
    const n = 2000;
    const ids = Array.from({ length: n }, (_, i) => `hip-amdgcn-amd-amdhsa--gfx${1000 + i}`);
    const total = bundleTableSize(ids);
    const out = plainBundle(ids.map((id) => ({ id, offset: 0, size: total })));
    const { dir, cleanup } = tempDir('syclbin-amp-');
    try {
      writeFileSync(join(dir, 'amp.bin'), out);
      const r = await cli(['offload-extract', 'amp.bin', '-o', 'x'], dir);
      expect(r.code).to.equal(1);
      expect(r.stderr).to.include(`the ${n} images and bundle entries add up to ${n * total} bytes, more than ${8 * total + 64 * 1024 * 1024} (--max-output-size`);
      expect(readdirSync(dir)).to.deep.equal(['amp.bin']);
      // (--image mode writes what llvm-offload-binary writes: the option is refused there, not ignored)
      const withImage = await cli(['offload-extract', 'amp.bin', '--image=kind=hip', '--max-output-size', '1'], dir);
      expect([withImage.code, withImage.stderr.split('\n')[0]]).to.deep.equal([1, 'syclbin offload-extract: error: --max-output-size bounds folder mode (-o DIR without --image); --image writes what llvm-offload-binary writes']);
      const ok = await cli(['offload-extract', 'amp.bin', '-o', 'x', '--max-output-size', String(n * total)], dir);
      expect(ok.code, ok.stderr).to.equal(0);
      expect(readdirSync(join(dir, 'x'))).to.have.length(n);
    } finally {
      cleanup();
    }
  });

  it('defaultOutputBudget: a compressed bundle counts once per object, archive members of one name each their own (review 2026-11-28c finding 3)', async () => {
    const { defaultOutputBudget } = await import('../../src/cli/commands/offload-extract.js');
    const entry = (bundle: number, inflatedSize: number) => ({ bundle, compressed: true, inflatedSize, data: { size: 10 } as never });
    const slack = 64 * 1024 * 1024;
    // two entries of one bundle: once; the same bundle number in two objects (two members named a.o): both
    expect(defaultOutputBudget(100, [], [{ object: 0, entry: entry(0, 1000) }, { object: 0, entry: entry(0, 1000) }])).to.equal(8 * (100 + 1000) + slack);
    expect(defaultOutputBudget(100, [], [{ object: 0, entry: entry(0, 200_000_000) }, { object: 1, entry: entry(0, 10) }])).to.equal(8 * (100 + 200_000_010) + slack);
    // compressed OffloadBinaries count what they inflate to
    expect(defaultOutputBudget(100, [{ binary: { compression: 'zlib', inflatedSize: 5000n } }, { binary: {} }], [])).to.equal(8 * 5100 + slack);
  });

  it('a compressed bundle whose entries all name the same inflated bytes: its inflated size counts once, not once per entry (review 2026-11-28a F2)', async () => {
    const { encode, sizeOf } = await import('../../src/codec/index.js');
    const { CompressedBundleHeaders } = await import('../../formats/offload-bundle.js');
    const { deflateSync } = await import('node:zlib');
    const n = 300;
    const d = 1_000_000;
    const ids = Array.from({ length: n }, (_, i) => `hipv4-amdgcn-amd-amdhsa--gfx90a-${i}`);
    const table = bundleTableSize(ids);
    const plain = plainBundle(ids.map((id) => ({ id, offset: table, size: d })), d);
    const stream = deflateSync(plain, { level: 9 });
    const header = encode(CompressedBundleHeaders[2], { version: 2, method: 0, totalSize: sizeOf(CompressedBundleHeaders[2]) + stream.length, uncompressedSize: plain.length, hash: 0n });
    const file = new Uint8Array([...header, ...stream]);
    const { dir, cleanup } = tempDir('syclbin-amp-');
    try {
      writeFileSync(join(dir, 'c.hip'), file);
      const r = await cli(['offload-extract', 'c.hip', '-o', 'x'], dir);
      expect(r.code).to.equal(1);
      expect(r.stderr).to.include(`the ${n} images and bundle entries add up to ${n * d} bytes, more than ${8 * (file.length + plain.length) + 64 * 1024 * 1024} (--max-output-size`);
      expect(readdirSync(dir)).to.deep.equal(['c.hip']);
    } finally {
      cleanup();
    }
  });
});
