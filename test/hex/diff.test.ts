/**
 * `diffFiles` on images: identical images compare equal window by window without hashing, a
 * difference anywhere (also in the last byte, past the first compare window) is found, and only a
 * changed image is described by its FNV-1a hash. bench/ found diff hashing both 1 GiB images whole.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTool } from '../support/tools.js';
import { diffFiles, formatDiff } from '../../src/hex/diff.js';
import { memorySource, type ByteSource } from '../../src/codec/source.js';
import { memoryBlob, writeSyclbin } from '../../src/syclbin/write.js';
import { sampleModel } from './fixtures.js';
import { AbstractModuleHeader, IRModuleHeader, SyclbinFileHeader } from '../../formats/syclbin-v1.js';
import { Elf64SectionHeader } from '../../formats/elf.js';
import { readElfSectionTable } from '../../src/offload/elf.js';

const ROOT_TESTDATA = new URL('../../testdata/', import.meta.url).pathname;

/** A v1 file whose first IR module is `image`. */
function fileWith(image: Uint8Array): Uint8Array {
  const m = sampleModel();
  m.abstractModules[0]!.irModules[0]!.image = memoryBlob(image);
  return writeSyclbin(m, { format: 1, envelope: 'none' });
}

/** A source that counts the bytes read from it. */
function counting(bytes: Uint8Array): { src: ByteSource; read: () => number } {
  const inner = memorySource(bytes);
  let n = 0;
  const src: ByteSource = {
    size: inner.size,
    read(at, length) {
      n += length;
      return inner.read(at, length);
    },
  };
  return { src, read: () => n };
}

describe('hex: diff of images', () => {
  const SIZE = 3 * (1 << 20) + 5; // three compare windows and an odd tail
  const image = new Uint8Array(SIZE).map((_, i) => (i * 7) & 0xff);

  it('identical images: no difference, each side read about once (no hash pass)', () => {
    const a = counting(fileWith(image));
    const b = counting(fileWith(image.slice()));
    const r = diffFiles(a.src, b.src);
    expect(r.entries).to.deep.equal([]);
    // annotate reads headers and metadata; the compare reads each image once. A hash pass would double it.
    expect(a.read()).to.be.below(SIZE * 1.5);
    expect(b.read()).to.be.below(SIZE * 1.5);
  });

  // each of the four words compared per step, the words after the last full step, the byte tail
  for (const at of [0, 3, 4, 8, 13, (1 << 20) + 1, SIZE - 5, SIZE - 1]) {
    it(`a byte changed at ${at} is a changed image, described by size and hash`, () => {
      const other = image.slice();
      other[at] ^= 0xff;
      const r = diffFiles(fileWith(image), fileWith(other));
      expect(r.entries.map((e) => e.path)).to.deep.equal(['abstractModules[0].irModules[0].bytes']);
      const e = r.entries[0]!;
      expect(e.op).to.equal('changed');
      expect(e.a).to.match(new RegExp(`^<${SIZE} bytes, fnv1a [0-9a-f]{8}>$`));
      expect(e.a).to.not.equal(e.b);
    });
  }
});

describe('hex: diff of SYCLBIN headers', () => {
  it("the SYBI header's version is meaning (readers check it): 0 and 1 differ; its reserved bytes are only a byte difference", () => {
    const one = fileWith(Uint8Array.of(1, 2, 3));
    const zero = one.slice();
    new DataView(zero.buffer).setUint32(SyclbinFileHeader.offsets.version, 0, true);
    expect(diffFiles(one, zero).entries).to.deep.equal([{ op: 'changed', path: 'header.version', a: '1', b: '0' }]);
    const reserved = one.slice();
    reserved[SyclbinFileHeader.offsets.reserved] = 0xff;
    expect(diffFiles(one, reserved).entries).to.deep.equal([]);
    expect(diffFiles(one, reserved, { bytes: true }).bytes!.map((b) => b.path)).to.include('header.reserved');
  });

  it('the command: a byte difference alone is status 0, and 1 with --bytes, which asks about the bytes (review 2026-11-27y finding 10)', async () => {
    const { runCli } = await import('../../src/cli/run.js');
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-diff-bytes-'));
    try {
      const one = fileWith(Uint8Array.of(1, 2, 3));
      const reserved = one.slice();
      reserved[SyclbinFileHeader.offsets.reserved] = 0xff;
      writeFileSync(join(dir, 'a'), one);
      writeFileSync(join(dir, 'b'), reserved);
      const quiet = { write: () => undefined };
      const io = { stdout: quiet, stderr: quiet, cwd: dir, env: {} };
      expect(await runCli(['diff', 'a', 'b'], io)).to.equal(0);
      expect(await runCli(['diff', '--bytes', 'a', 'b'], io)).to.equal(1);
      expect(await runCli(['diff', '--bytes', 'a', 'a'], io)).to.equal(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('diff of property sets: a value that changes type', () => {
  it('an empty byte array reads "empty" with its encoding, the uint32 as its number', () => {
    const src = (t: string): ByteSource => memorySource(new TextEncoder().encode(t));
    expect(diffFiles(src('[S]\nk=2|AAAAAAAAAAA\n'), src('[S]\nk=1|0\n')).entries).to.deep.equal([{ op: 'changed', path: '["S"]["k"]', a: 'empty (2|AAAAAAAAAAA)', b: '0' }]);
  });
});

describe('diff of property sets: the order of sets and keys (review rv-dsj: reordered keys were "no structural differences")', () => {
  const src = (t: string): ByteSource => memorySource(new TextEncoder().encode(t));
  const sc = '[SYCL/specialization constants]\n';

  it('spec constants in another order place them elsewhere in the blob (runtime walk): a changed key order, at the set', () => {
    const a = `${sc}x=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA\ny=2|gBAAAAAAAAQAAAAAAAAAAQAAAAA\n`;
    const b = `${sc}y=2|gBAAAAAAAAQAAAAAAAAAAQAAAAA\nx=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA\n`;
    expect(diffFiles(src(a), src(b)).entries).to.deep.equal([{ op: 'changed', path: '["SYCL/specialization constants"]', a: 'key order: "x", "y"', b: 'key order: "y", "x"' }]);
  });

  it('sets in another order: a changed set order; a key added or removed moves no other key (no order line)', () => {
    expect(diffFiles(src('[A]\nk=1|0\n[B]\nk=1|0\n'), src('[B]\nk=1|0\n[A]\nk=1|0\n')).entries).to.deep.equal([{ op: 'changed', path: '(sets)', a: 'set order: "A", "B"', b: 'set order: "B", "A"' }]);
    expect(diffFiles(src('[A]\na=1|0\nb=1|0\nc=1|0\n'), src('[A]\na=1|0\nc=1|0\n[B]\nk=1|0\n')).entries.map((e) => [e.op, e.path])).to.deep.equal([
      ['changed', '["A"]'],
      ['removed', '["A"]["b"]'],
      ['added', '["B"]'],
      ['added', '["B"]["k"]'],
    ]);
  });

  it('in a SYCLBIN: a module\'s metadata keys in another order are a difference, shown from the first that moved', () => {
    const m = sampleModel();
    const reg = m.abstractModules[0]!.irModules[0]!.metadata;
    const [name, set] = [...reg][0]!;
    const swapped = new Map([...set].reverse());
    const a = writeSyclbin(m, { format: 1, envelope: 'none' });
    reg.set(name, swapped);
    const b = writeSyclbin(m, { format: 1, envelope: 'none' });
    const r = diffFiles(a, b);
    expect(r.entries).to.have.length(1);
    expect(r.entries[0]!.path).to.equal(`abstractModules[0].irModules[0].metadata[${JSON.stringify(name)}]`);
    expect(r.entries[0]!.a).to.match(/^key order: /);
    expect(formatDiff(r)).to.not.contain('no structural differences');
  });
});

describe('hex: diff of files of no model (ELF, COFF, SPIR-V, bitcode, unknown bytes): their annotated spans', () => {
  const root = new URL('../../testdata/llvm22/sycl/', import.meta.url).pathname;
  const read = (f: string): Uint8Array => new Uint8Array(readFileSync(root + f));

  it('programs, wrapper-free modules and bitcode that differ are different (they were "no structural differences"); a file and itself are not', () => {
    for (const [x, y] of [['k.exe', 'k2.exe'], ['k.spv', 'k2.spv'], ['k.device.bc', 'k2.device.bc'], ['k.coff.exe', 'k2.coff.exe']] as const) {
      const r = diffFiles(read(x), read(y));
      expect(r.entries.length, `${x} ${y}`).to.be.greaterThan(0);
      expect(diffFiles(read(x), read(x)).entries, x).to.deep.equal([]);
    }
    // SPIR-V: the header's fields by value, the instruction words by their bytes.
    const spv = diffFiles(read('k.spv'), read('k2.spv'));
    expect(spv.entries.map((e) => e.path)).to.include('header.bound');
    expect(spv.entries.find((e) => e.path === 'instructions')?.a).to.match(/^<\d+ bytes, fnv1a [0-9a-f]{8}>$/);
    // Bytes of no known format: one span, compared by its bytes.
    const u = diffFiles(new Uint8Array([1, 2, 3, 4]), new Uint8Array([1, 2, 3, 5]));
    expect(u.formats).to.deep.equal(['unknown', 'unknown']);
    expect(u.entries).to.have.length(1);
    expect(diffFiles(new Uint8Array([1, 2, 3, 4]), new Uint8Array([1, 2, 3, 4])).entries).to.deep.equal([]);
  });

  it('bytes of no known format are compared by their bytes, as the help says: diff(1) statuses 0 and 1, not 2 (trouble), with what they are not in a note', async () => {
    const { runCli } = await import('../../src/cli/run.js');
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-diff-unknown-'));
    try {
      writeFileSync(join(dir, 'a.txt'), 'int main() { return 0; }\n');
      writeFileSync(join(dir, 'b.txt'), 'int main() { return 1; }\n');
      let out = '';
      const io = { stdout: { write: (c: string | Uint8Array) => void (out += String(c)) }, stderr: { write: () => undefined }, cwd: dir, env: {} };
      expect(await runCli(['diff', 'a.txt', 'a.txt'], io)).to.equal(0);
      expect(out).to.contain('no structural differences');
      expect(out).to.contain('# A: not a SYCLBIN');
      expect(out).to.not.match(/^! /m);
      expect(await runCli(['diff', 'a.txt', 'b.txt'], io)).to.equal(1);
      const r = diffFiles(new TextEncoder().encode('abcd'), new TextEncoder().encode('abcd'));
      expect([r.errors, r.entries]).to.deep.equal([[], []]);
      expect(r.notes).to.have.length(2);
      // (a file of a known format that does not read is still trouble: status 2)
      writeFileSync(join(dir, 't.syclbin'), readFileSync(new URL('../../testdata/broken/v1-truncated.syclbin', import.meta.url)));
      expect(await runCli(['diff', 't.syclbin', 'a.txt'], io)).to.equal(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a device image outside an OffloadBinary: its triple, offload kind and kernels by name, under the image's path (review finding: diff ignored kernel names)", async () => {
    const img = 'sections[".llvm.offloading"].images[0]';
    const r = diffFiles(read('k.exe'), read('k2.exe'));
    const kernels = r.entries.filter((e) => e.path.startsWith(`${img}.`)).map((e) => [e.op, e.path, e.a ?? e.b]);
    // (by name: KName removed, First and Second added; not "kernels[0]: KName -> First")
    expect(kernels).to.deep.equal([
      ['changed', `${img}.kernels.length`, '1'],
      ['removed', `${img}.kernels["_ZTS5KName"]`, 'kernel'],
      ['added', `${img}.kernels["_ZTS5First"]`, 'kernel'],
      ['added', `${img}.kernels["_ZTSN2ns6SecondE"]`, 'kernel'],
    ]);
    // (in the text: the removed kernel's line before the added ones'; the SYCL tables' own fields may come between)
    const text = formatDiff(r).split('\n');
    const removedAt = text.indexOf(`- ${img}.kernels["_ZTS5KName"]: kernel`);
    const addedAt = text.indexOf(`+ ${img}.kernels["_ZTS5First"]: kernel`);
    expect(removedAt, formatDiff(r)).to.be.greaterThan(-1);
    expect(addedAt).to.be.greaterThan(removedAt);
    // The same kernels (a program linked with --gc-sections): no kernel line; triple and kind equal.
    expect(diffFiles(read('k2.exe'), read('k2.gc.exe')).entries.filter((e) => e.path.startsWith(`${img}.`))).to.deep.equal([]);
    // Each image against the same image of the other file: two wrappers' images[1] (First, Second) is only in A.
    // (the images' own lines: the descriptor's device-image records have fields of those names too)
    const two = diffFiles(read('two-wrappers.r.o'), read('k2.wrapper.o')).entries.filter((e) => /\.images\[\d+\]\.(kernels|triple|offloadKind)/.test(e.path));
    expect(two.map((e) => `${e.op} ${e.path}`)).to.deep.equal([
      `changed ${img}.kernels.length`,
      `removed ${img}.kernels["_ZTS5KName"]`,
      'removed sections[".llvm.offloading"].images[1].triple',
      'removed sections[".llvm.offloading"].images[1].offloadKind',
      'removed sections[".llvm.offloading"].images[1].kernels.length',
      'removed sections[".llvm.offloading"].images[1].kernels["_ZTS5First"]',
      'removed sections[".llvm.offloading"].images[1].kernels["_ZTSN2ns6SecondE"]',
      `added ${img}.kernels["_ZTS5First"]`,
      `added ${img}.kernels["_ZTSN2ns6SecondE"]`,
    ]);
    expect(two.find((e) => e.path.endsWith('images[1].triple'))?.a).to.equal('spirv64-unknown-unknown');
    expect(two.find((e) => e.path.endsWith('images[1].offloadKind'))?.a).to.equal('8');
    // hexdump --path: the image's path shows the image; its kernels name no bytes, and the error says so.
    const { annotate } = await import('../../src/hex/annotate.js');
    const { hexdump, pathRanges } = await import('../../src/hex/hexdump.js');
    const a = read('k2.exe');
    const ann = annotate(a);
    expect(pathRanges(ann, img).length).to.be.greaterThan(0);
    expect(() => hexdump(a, ann, { path: `${img}.kernels["_ZTS5First"]` })).to.throw(/are not byte spans; 'sections\[".llvm.offloading"\].images\[0\]' is the image/);
  });

  it('the device images of archive members are keyed by member name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-diff-kernels-'));
    try {
      writeFileSync(join(dir, 'k.wrapper.o'), read('k.wrapper.o'));
      writeFileSync(join(dir, 'k2.wrapper.o'), read('k2.wrapper.o'));
      const ar = requireTool('llvm-ar-22');
      execFileSync(ar, ['rcS', 'one.a', 'k.wrapper.o', 'k2.wrapper.o'], { cwd: dir });
      execFileSync(ar, ['rcS', 'two.a', 'k2.wrapper.o'], { cwd: dir });
      const r = diffFiles(new Uint8Array(readFileSync(join(dir, 'one.a'))), new Uint8Array(readFileSync(join(dir, 'two.a'))));
      const kernels = r.entries.filter((e) => e.path.includes('.kernels')).map((e) => `${e.op} ${e.path}`);
      expect(kernels).to.deep.equal(['removed members["k.wrapper.o"].data.sections[".llvm.offloading"].images[0].kernels.length', 'removed members["k.wrapper.o"].data.sections[".llvm.offloading"].images[0].kernels["_ZTS5KName"]']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a section emptied in B (sh_size 0) is changed to 0 bytes, not removed; an empty section in both is no difference (review 2026-12-03a F3)', () => {
    const a = read('k.o');
    const elf = readElfSectionTable(a);
    const sec = elf.sections.find((x) => x.name === '.llvm_addrsig' && x.size > 0) ?? elf.sections.find((x) => x.size > 0 && x.size < 64 && x.type !== 8)!;
    const b = Uint8Array.from(a);
    new DataView(b.buffer).setBigUint64(sec.headerOffset + Elf64SectionHeader.offsets.sh_size, 0n, true);
    const r = diffFiles(a, b);
    const entry = r.entries.find((e) => e.path === `sections[${JSON.stringify(sec.name)}]`);
    expect(entry, JSON.stringify(r.entries)).to.deep.include({ op: 'changed' });
    expect(entry!.b).to.match(/^<0 bytes, fnv1a [0-9a-f]{8}>$/);
    expect(r.entries.some((e) => e.op === 'removed')).to.equal(false);
    expect(diffFiles(b, b).entries).to.deep.equal([]);
  });

  it("the paths diff prints select their bytes in hexdump --path (sections by name there, by index in the span tree; review 2026-12-03a F5)", async () => {
    const { annotate } = await import('../../src/hex/annotate.js');
    const { hexdump, pathRanges } = await import('../../src/hex/hexdump.js');
    const a = read('k.o');
    const ann = annotate(a);
    const named = diffFiles(a, read('k2.o')).entries.filter((e) => e.path.startsWith('sections["'));
    expect(named.length).to.be.greaterThan(2);
    for (const e of named) {
      const indexed = e.path.replace(/^sections\["[^"]*"\]/, (m) => `sections[${ann.elf!.elf.sections.findIndex((x) => `sections[${JSON.stringify(x.name)}]` === m)}]`);
      expect(indexed).to.not.equal(e.path);
      expect(pathRanges(ann, e.path), e.path).to.deep.equal(pathRanges(ann, indexed));
      expect(pathRanges(ann, e.path).length, e.path).to.be.greaterThan(0);
      expect(hexdump(a, ann, { path: e.path })).to.equal(hexdump(a, ann, { path: indexed }));
    }
    // (a name the file has no section of matches nothing, and says so)
    expect(() => hexdump(a, ann, { path: 'sections[".nosuch"]' })).to.throw(/no span matches 'sections\[".nosuch"\]'/);
  });

  it('the paths diff prints for two archives select their bytes in hexdump --path: members and their sections by name (review 2026-11-28b finding 3)', async () => {
    const { annotate } = await import('../../src/hex/annotate.js');
    const { hexdump, pathRanges } = await import('../../src/hex/hexdump.js');
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-diff-ar-'));
    try {
      writeFileSync(join(dir, 'k.o'), read('k.o'));
      writeFileSync(join(dir, 'k2.o'), read('k2.o'));
      writeFileSync(join(dir, 'x.bin'), 'hello');
      const ar = requireTool('llvm-ar-22');
      execFileSync(ar, ['rcS', 'one.a', 'k.o', 'k2.o'], { cwd: dir });
      // (the second archive's k2.o has one section more)
      execFileSync(requireTool('llvm-objcopy-22'), ['--add-section', '.extra=x.bin', 'k2.o'], { cwd: dir });
      execFileSync(ar, ['rcS', 'two.a', 'k.o', 'k2.o'], { cwd: dir });
      const a = new Uint8Array(readFileSync(join(dir, 'one.a')));
      const b = new Uint8Array(readFileSync(join(dir, 'two.a')));
      const ann = annotate(a);
      const paths = diffFiles(a, b).entries.filter((e) => e.op !== 'added').map((e) => e.path);
      const named = paths.filter((p) => p.startsWith('members["') && !/#\d+$/.test(p));
      expect(named.some((p) => p.startsWith('members["k2.o"].data.sections["')), paths.join('\n')).to.equal(true);
      expect(named.some((p) => p.startsWith('members["k2.o"].header.')), paths.join('\n')).to.equal(true);
      const k2 = ann.input!.archive!.members.find((m) => m.name === 'k2.o')!.index;
      for (const p of named) {
        // The same path with indices, as the span tree names it: the member's, then its section's.
        let indexed = p.replace(/^members\["k2\.o"\]/, `members[${k2}]`);
        indexed = indexed.replace(/sections\[("[^"]*")\]/, (_m, q: string) => {
          const names = ann.input!.objects.find((o) => o.member === 'k2.o')!.sectionNames!;
          return `sections[${names.indexOf(JSON.parse(q) as string)}]`;
        });
        expect(pathRanges(ann, p).length, p).to.be.greaterThan(0);
        expect(pathRanges(ann, p), p).to.deep.equal(pathRanges(ann, indexed));
        expect(hexdump(a, ann, { path: p })).to.equal(hexdump(a, ann, { path: indexed }));
      }
      expect(() => hexdump(a, ann, { path: 'members["nosuch.o"].header' })).to.throw(/no span matches 'members\["nosuch.o"\].header'/);
      // A member's contents without '.data' (the step diff's paths have): the error names the pattern
      // as typed (not members[i]…) and the path with '.data'.
      const sec = named.find((p) => p.startsWith('members["k2.o"].data.sections["'))!;
      const typed = sec.replace('.data.', '.');
      expect(() => hexdump(a, ann, { path: typed })).to.throw(`no span matches '${typed}'; did you mean '${sec}'?`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('two ELF objects are compared section by section by name: one section more shifts no other (llvm-objcopy-22 --add-section)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-diff-'));
    try {
      writeFileSync(join(dir, 'a.o'), read('k2.o'));
      writeFileSync(join(dir, 'x.bin'), 'hello');
      execFileSync(requireTool('llvm-objcopy-22'), ['--add-section', '.extra=x.bin', 'a.o', 'b.o'], { cwd: dir });
      const r = diffFiles(read('k2.o'), new Uint8Array(readFileSync(join(dir, 'b.o'))));
      const paths = r.entries.map((e) => `${e.op} ${e.path}`);
      // The new section and its header, added; no path names a section by its index.
      expect(paths).to.include('added sections[".extra"]');
      expect(paths.filter((p) => p.startsWith('added ')).every((p) => /^added (sections|sectionHeaders)\[".extra"\]/.test(p)), paths.join('\n')).to.equal(true);
      expect(paths.filter((p) => /(sections|sectionHeaders)\[\d+\]/.test(p))).to.deep.equal([]);
      // What objcopy changed besides: the section count, the table's place, the names' string table.
      expect(paths).to.include.members(['changed header.e_shnum', 'changed header.e_shoff', 'changed sectionHeaders[".strtab"].sh_size']);
      // The device code's section is the same section in both: nothing of it differs.
      expect(paths.filter((p) => p.includes('.llvm.offloading'))).to.deep.equal([]);
      // A name given twice: its second section is ".text"#2, which no real name (".text#2" here) is.
      execFileSync(requireTool('llvm-objcopy-22'), ['--add-section', '.text=x.bin', 'a.o', 'd1.o'], { cwd: dir });
      execFileSync(requireTool('llvm-objcopy-22'), ['--add-section', '.text#2=x.bin', 'd1.o', 'd2.o'], { cwd: dir });
      const dup = diffFiles(read('k2.o'), new Uint8Array(readFileSync(join(dir, 'd2.o')))).entries.map((e) => `${e.op} ${e.path}`);
      expect(dup).to.include.members(['added sections[".text"#2]', 'added sections[".text#2"]']);
      expect(dup.filter((p) => p.includes(']#'))).to.deep.equal([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('two archives are compared member by member by name, and an ELF member section by section by name (review 2026-11-29d F5)', async () => {
    const { writeArchive } = await import('../../src/containers/archive.js');
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-diff-ar-'));
    try {
      writeFileSync(join(dir, 'a.o'), read('k2.o'));
      writeFileSync(join(dir, 'x.bin'), 'hello');
      execFileSync(requireTool('llvm-objcopy-22'), ['--add-section', '.extra=x.bin', 'a.o', 'b.o'], { cwd: dir });
      const k2 = read('k2.o');
      const other = read('k.exe');
      const ab = writeArchive([{ name: 'k2.o', data: k2 }, { name: 'k.exe', data: other }]);
      const ba = writeArchive([{ name: 'k.exe', data: other }, { name: 'k2.o', data: k2 }]);
      // The same members in another order: no difference (they were paired by index).
      expect(diffFiles(ab, ba).entries).to.deep.equal([]);
      // One member with one section more: only that member, its sections named.
      const changed = writeArchive([{ name: 'k.exe', data: other }, { name: 'k2.o', data: new Uint8Array(readFileSync(join(dir, 'b.o'))) }]);
      const paths = diffFiles(ab, changed).entries.map((e) => `${e.op} ${e.path}`);
      expect(paths).to.include('added members["k2.o"].data.sections[".extra"]');
      expect(paths).to.include('changed members["k2.o"].data.header.e_shnum');
      expect(paths.filter((p) => p.includes('"k.exe"'))).to.deep.equal([]);
      expect(paths.filter((p) => /members\[\d+\]|sections\[\d+\]|sectionHeaders\[\d+\]/.test(p)), paths.join('\n')).to.deep.equal([]);
      // Members of one name are paired by occurrence: the second is members["k2.o"#2].
      const twice = diffFiles(writeArchive([{ name: 'k2.o', data: k2 }, { name: 'k2.o', data: k2 }]), writeArchive([{ name: 'k2.o', data: k2 }, { name: 'k2.o', data: new Uint8Array(readFileSync(join(dir, 'b.o'))) }]));
      const twicePaths = twice.entries.map((e) => e.path);
      expect(twicePaths).to.include('members["k2.o"#2].data.sections[".extra"]');
      expect(twicePaths.filter((p) => p.startsWith('members["k2.o"].'))).to.deep.equal([]);
      // Sections without contents (.bss) are named too (review 2026-11-30z F1: they kept their index).
      const omp = new Uint8Array(readFileSync(join(ROOT_TESTDATA, 'offload/omp-two-targets.o')));
      writeFileSync(join(dir, 'omp.o'), omp);
      execFileSync(requireTool('llvm-objcopy-22'), ['--add-section', '.extra=x.bin', 'omp.o', 'omp2.o'], { cwd: dir });
      const ompPaths = diffFiles(writeArchive([{ name: 'omp.o', data: omp }]), writeArchive([{ name: 'omp.o', data: new Uint8Array(readFileSync(join(dir, 'omp2.o'))) }])).entries.map((e) => e.path);
      expect(ompPaths.filter((p) => /\[\d+\]/.test(p)), ompPaths.join('\n')).to.deep.equal([]);
      // A COFF object is compared section by section by name as an ELF one is.
      const coff = new Uint8Array(readFileSync(join(ROOT_TESTDATA, 'llvm22/containers/coff.obj')));
      writeFileSync(join(dir, 'c.obj'), coff);
      execFileSync(requireTool('llvm-objcopy-22'), ['--add-section', '.extra=x.bin', 'c.obj', 'c2.obj'], { cwd: dir });
      const coffPaths = diffFiles(coff, new Uint8Array(readFileSync(join(dir, 'c2.obj')))).entries.map((e) => `${e.op} ${e.path}`);
      expect(coffPaths).to.include('added sectionHeaders[".extra"].characteristics');
      expect(coffPaths.filter((p) => /section(Header)?s\[\d+\]/.test(p)), coffPaths.join('\n')).to.deep.equal([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a path repeated in the span tree (gaps) is told apart by occurrence (#2, #3)', () => {
    const a = read('k.exe');
    const b = a.slice();
    // The last byte of the file: change it and the one span that holds it differs, by its own path.
    b[b.length - 1] ^= 0xff;
    const r = diffFiles(a, b);
    expect(r.entries).to.have.length(1);
    expect(r.entries[0]!.op).to.equal('changed');
  });
});

describe('hex: diff keyed by compact paths', () => {
  const enc = new TextEncoder();
  it('a 50,000-character set name with many keys: the changed key is named by its whole path, the others compare equal', () => {
    const name = 'A'.repeat(50_000);
    const text = (v: number): Uint8Array => enc.encode(`[${name}]\n${Array.from({ length: 500 }, (_, i) => `k${i}=1|${i === 250 ? v : 0}\n`).join('')}`);
    const r = diffFiles(text(0), text(7), { bytes: true });
    expect(r.entries.map((e) => [e.op, e.path, e.a, e.b])).to.deep.equal([['changed', `[${JSON.stringify(name)}]["k250"]`, '0', '7']]);
    expect(r.bytes!.map((d) => d.path)).to.have.length(1);
    expect(r.bytes![0]!.path).to.equal(`[${JSON.stringify(name)}]["k250"]`);
  });

  it('a set given many times: each occurrence of a repeated span path is its own entry (#n)', () => {
    const text = enc.encode('[S]\na=1|0\n'.repeat(300));
    const changed = enc.encode('[S]\na=1|0\n'.repeat(299) + '[S]\na=1|1\n');
    const r = diffFiles(text, changed, { bytes: true });
    expect(r.bytes!.map((d) => [d.path, d.what])).to.deep.equal([['["S"]["a"]#300', ['bytes']]]);
  });
});

describe('diff: long byte-array values (review 2026-11-28e note)', () => {
  it('a value over 256 bytes is compared byte for byte and shown as size and FNV-1a hash, not as a line of its text', async () => {
    const { writeRegistry } = await import('../../src/props/registry.js');
    const { formatDiff } = await import('../../src/hex/diff.js');
    const reg = (fill: number, bits?: bigint) =>
      writeRegistry(new Map([['SYCL/misc properties', new Map([['big', { type: 2 as const, bytes: new Uint8Array(1000).fill(fill), bits: bits ?? 8000n }], ['small', { type: 2 as const, bytes: Uint8Array.of(fill), bits: 8n }]])]]));
    const text = formatDiff(diffFiles(reg(1), reg(2)));
    expect(text).to.match(/~ \["SYCL\/misc properties"\]\["big"\]: <1008 bytes, fnv1a [0-9a-f]{8}> -> <1008 bytes, fnv1a [0-9a-f]{8}>/);
    expect(text).to.contain('["small"]: 0x01 (2|IAAAAAAAAAQA) -> 0x02 (2|IAAAAAAAAAgA)');
    expect(text.split('\n').every((l) => l.length < 200)).to.equal(true);
    // the bit count is part of what is compared
    expect(diffFiles(reg(1), reg(1, 7999n)).entries.map((e) => e.path)).to.deep.equal(['["SYCL/misc properties"]["big"]']);
    expect(diffFiles(reg(1), reg(1)).entries).to.deep.equal([]);
  });
});

describe('diff: a file that reads too little for its model, against one that reads (review 2026-11-30u finding 1)', () => {
  it('both are compared span by span, so a field equal in both is no difference; a note says why', () => {
    const whole = fileWith(new Uint8Array([1, 2, 3, 4]));
    // Cut inside the binary table: the header and tables read, the model does not.
    const cut = whole.subarray(0, whole.length - 8);
    const r = diffFiles(cut, whole);
    expect(r.errors).to.have.length(1);
    // (a binary table cut short is read on by annotate: its model is there, with the file's errors)
    expect(r.notes).to.deep.equal(['A does not read: both files are compared span by span (the paths annotate gives), its fields as they are']);
    expect(r.entries.map((e) => e.path)).not.to.include('header.version');
    expect(r.entries.map((e) => e.path)).not.to.include('version');
    // The other way round names B; files that both read are compared by their models, without a note.
    expect(diffFiles(whole, cut).notes![0]).to.match(/^B does not read/);
    expect(diffFiles(whole, whole).notes).to.equal(undefined);
  });
});

describe('diff: against a file that does not read (review 2026-12-03b finding 11)', () => {
  it('both are compared span by span: the field that changed is shown, not image bytes made up as 0 bytes', () => {
    const a = new Uint8Array(readFileSync(new URL('../../testdata/conformance/sample_v1_two_modules_mixed.syclbin', import.meta.url)));
    const b = a.slice();
    const at = SyclbinFileHeader.fixedSize! + AbstractModuleHeader.fixedSize! * 2 + IRModuleHeader.offsets.rawIRBytesSize;
    expect(new DataView(b.buffer).getBigUint64(at, true)).to.equal(16n);
    new DataView(b.buffer).setBigUint64(at, 100n, true);
    const r = diffFiles(a, b);
    expect(r.errors).to.have.length(1);
    expect(r.notes).to.deep.equal(['B does not read: both files are compared span by span (the paths annotate gives), its fields as they are']);
    expect(r.entries.find((e) => e.path === 'irModules[0].rawIRBytesSize')).to.deep.include({ op: 'changed', a: '16', b: '100' });
    expect(r.entries.some((e) => e.op === 'changed' && /<0 bytes/.test(e.b ?? ''))).to.equal(false);
  });
});

describe('hex: diff names enumeration values', () => {
  it("a SYCLBIN's state and an IR module's type are said with their names, as dump says them (review 2026-11-28: bare numbers)", () => {
    const a = readFileSync(new URL('../../testdata/syclbin/v1_object_state.syclbin', import.meta.url));
    const b = readFileSync(new URL('../../testdata/syclbin/v1_empty_runtime.syclbin', import.meta.url));
    const text = formatDiff(diffFiles(a, b), 'a', 'b');
    expect(text).to.contain('~ globalMetadata["SYCLBIN/global metadata"]["state"]: 1 (object) -> 2 (executable)\n');
    // a uint32 that is no enumeration stays a number
    expect(text).to.match(/\["optLevel"\]: 2\n/);
  });
});
