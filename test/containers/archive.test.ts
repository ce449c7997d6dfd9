/**
 * Static archives (src/containers/archive.ts): the reader on archives written by llvm-ar-22 and
 * llvm-offload-binary-22 (testdata/llvm22), GNU long names and BSD names, the refusals, hostile
 * headers; the writer byte for byte against `llvm-offload-binary-22 --archive` and llvm-ar-22.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCliCaptured } from '../support/run-cli.js';
import { concatChunks, DecodeError, memoryBlob, type ByteSource } from '../../src/codec/index.js';
import { annotate, leavesOf } from '../../src/hex/annotate.js';
import { archiveChunks, readArchive, type ArchiveMemberInput } from '../../src/containers/archive.js';
import { elfArchiveSymbols } from '../../src/containers/elf-symbols.js';
import { ArMemberHeader } from '../../formats/ar.js';
import { bytesOf, decodeErrorOf, onlyDecodeErrors, overwrite, sha256, textOf } from './support.js';

const enc = new TextEncoder();
const NVPTX = 'extract/archive/nvptx.a';

/** `llvm-ar tv` lines: mode, uid/gid, size, name. */
function arTv(rel: string): { mode: string; owner: string; size: number; name: string }[] {
  return textOf(rel)
    .trim()
    .split('\n')
    .map((l) => {
      const m = /^(\S+) (\d+\/\d+)\s+(\d+) \w+\s+\d+ \d\d:\d\d \d+ (.+)$/.exec(l)!;
      return { mode: m[1]!, owner: m[2]!, size: Number(m[3]), name: m[4]! };
    });
}

/** A GNU archive built by hand: members as [header name field, data]. */
function gnu(members: [string, Uint8Array][]): Uint8Array {
  const parts: Uint8Array[] = [enc.encode('!<arch>\n')];
  for (const [name, data] of members) {
    parts.push(enc.encode(`${name.padEnd(16)}${'0'.padEnd(12)}${'0'.padEnd(6)}${'0'.padEnd(6)}${'644'.padEnd(8)}${String(data.length).padEnd(10)}\`\n`), data);
    if (data.length % 2) parts.push(enc.encode('\n'));
  }
  return concatChunks(parts);
}

describe('archive: reading', () => {
  it('llvm-offload-binary-22 --archive output: the members llvm-ar-22 tv lists, with their data', () => {
    const b = bytesOf(NVPTX);
    const a = readArchive(b);
    const tv = arTv('extract/archive.ar-tv.txt');
    expect(a.kind).to.equal('gnu');
    expect(a.members.map((m) => [m.name, m.size, m.header.uid, m.header.gid, m.header.mode.toString(8), m.header.date])).to.deep.equal(
      tv.map((t) => [t.name, t.size, 0, 0, '644', 0]),
    );
    expect(tv.map((t) => [t.mode, t.owner])).to.deep.equal(tv.map(() => ['rw-r--r--', '0/0']));
    // The members are the images of the matching entries of pack/multi.ob22.bin (src/k.o and src/k.s, and the empty cubin).
    expect(a.members.map((m) => new TextDecoder().decode(m.data.bytes()))).to.deep.equal(['device-object', '.version 7.0\n.target sm_80\n', '']);
    expect(a.members.map((m) => m.dataOffset)).to.deep.equal([68, 142, 230]);
  });

  it('llvm-ar-22 rcs output: the symbol table is a special member, the objects follow', () => {
    const a = readArchive(bytesOf('containers/omp.a'));
    expect(a.members.map((m) => [m.name, m.special ?? 'regular'])).to.deep.equal([
      ['/', 'symbol-table'],
      ['omp22.o', 'regular'],
      ['omp22-gfx90a.o', 'regular'],
      ['i386.o', 'regular'],
    ]);
    for (const m of a.members.slice(1)) expect(sha256(m.data.bytes()), m.name).to.equal(sha256(bytesOf(`containers/${m.name}`)));
  });

  it('GNU long names through the // table, and the table is not a member', () => {
    const long = 'a-rather-long-member-name.o';
    const table = enc.encode(`${long}/\nx/y.o/\n`);
    const a = readArchive(gnu([['//', table], ['/0', enc.encode('AB')], [`/${long.length + 2}`, enc.encode('C')], ['short.o/', enc.encode('D')]]));
    expect(a.members.map((m) => [m.name, m.special ?? '', new TextDecoder().decode(m.data.bytes())])).to.deep.equal([
      ['//', 'string-table', new TextDecoder().decode(table)],
      [long, '', 'AB'],
      ['x/y.o', '', 'C'],
      ['short.o', '', 'D'],
    ]);
  });

  it('BSD archives: __.SYMDEF and #1/N names (the name bytes count in the size, trailing NULs dropped)', () => {
    const name = 'a name with spaces.o';
    const padded = enc.encode(`${name}\0\0\0\0`);
    const withName = concatChunks([padded, enc.encode('DATA')]);
    const b = gnu([['__.SYMDEF', new Uint8Array(8)], [`#1/${padded.length}`, withName]]);
    const a = readArchive(b);
    expect(a.kind).to.equal('bsd');
    expect(a.members.map((m) => [m.name, m.special ?? '', m.size])).to.deep.equal([
      ['__.SYMDEF', 'symbol-table', 8],
      [name, '', 4],
    ]);
    expect(new TextDecoder().decode(a.members[1]!.data.bytes())).to.equal('DATA');
    // A BSD symbol table behind a #1/ name is special too.
    const sorted = readArchive(gnu([['#1/20', enc.encode('__.SYMDEF SORTED\0\0\0\0')], ['x.o', enc.encode('x')]]));
    expect(sorted.members.map((m) => m.special ?? m.name)).to.deep.equal(['symbol-table', 'x.o']);
  });

  it('COFF archives: two linker members, the // table (NUL-terminated names) and /<ECSYMBOLS>/', () => {
    const a = readArchive(gnu([['/', new Uint8Array(4)], ['/', new Uint8Array(8)], ['//', enc.encode('long-coff-member.obj\0')], ['/<ECSYMBOLS>/', new Uint8Array(4)], ['/0', enc.encode('Z')]]));
    expect(a.kind).to.equal('coff');
    expect(a.members.map((m) => m.special ?? m.name)).to.deep.equal(['symbol-table', 'coff-linker-member', 'string-table', 'ec-symbols', 'long-coff-member.obj']);
  });

  it('an empty archive has no members; an AIX big archive cut in its fixed-length header is an EOF error', () => {
    expect(readArchive(enc.encode('!<arch>\n')).members).to.deep.equal([]);
    expect(readArchive(enc.encode('!<thin>\n'))).to.deep.include({ members: [], thin: true });
    const e = decodeErrorOf(() => readArchive(enc.encode('<bigaf>\n')));
    expect([e.code, e.path]).to.deep.equal(['EOF', 'header']);
    expect(e.message).to.match(/AIX big archive's fixed-length header needs 128 bytes/);
  });

  /** A member header of a thin archive (the archive names the file; its size is the file's). */
  const thinHeader = (name: string, size: number): string => `${name.padEnd(16)}${'0'.padEnd(12)}${'0'.padEnd(6)}${'0'.padEnd(6)}${'644'.padEnd(8)}${String(size).padEnd(10)}\`\n`;

  /** `body(dir)` in a scratch folder holding testdata's one.o as `object`, removed after. */
  async function inThinDir(object: string, body: (dir: string) => Promise<void>): Promise<void> {
    const { mkdtempSync, copyFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-thin-'));
    try {
      copyFileSync(new URL('../../testdata/llvm22/strict/one.o', import.meta.url), join(dir, object));
      await body(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('a thin archive whose member file is a thin archive is refused, as before thin archives were read (review 2026-11-27s)', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    await inThinDir('x.o', async (dir) => {
      writeFileSync(join(dir, 'inner.a'), `!<thin>\n${thinHeader('x.o/', 100)}`);
      writeFileSync(join(dir, 'outer.a'), `!<thin>\n${thinHeader('inner.a/', 68)}`);
      const { runCli } = await import('../../src/cli/run.js');
      let err = '';
      const code = await runCli(['offload-list', 'outer.a'], { stdout: { write: () => undefined }, stderr: { write: (c) => void (err += String(c)) }, cwd: dir, env: {} });
      expect(code).to.equal(1);
      expect(err).to.match(/a thin archive inside an archive: its members are files named in it, not stored in it/);
    });
  });

  it('a thin archive whose member file is gone: offload-list and offload-extract fail as llvm-objdump-22 does; inspect explains the members before it (status 0, a note)', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    await inThinDir('a.o', async (dir) => {
      const size = readFileSync(join(dir, 'a.o')).length;
      writeFileSync(join(dir, 't.a'), `!<thin>\n${thinHeader('a.o/', size)}${thinHeader('b.o/', 100)}`);
      const { runCli } = await import('../../src/cli/run.js');
      const run = async (args: string[]): Promise<{ code: number; out: string; err: string }> => {
        let out = '';
        let err = '';
        const code = await runCli(args, { stdout: { write: (c) => void (out += String(c)) }, stderr: { write: (c) => void (err += String(c)) }, cwd: dir, env: {} });
        return { code, out, err };
      };
      for (const args of [['offload-list', 't.a'], ['offload-extract', 't.a', '-o', 'x']]) {
        const r = await run(args);
        expect([r.code, r.err.split('\n').filter((l) => l.includes('error:'))], args[0]).to.deep.equal([1, [`syclbin ${args[0]}: error: t.a(b.o): 'b.o': No such file or directory`]]);
      }
      const i = await run(['inspect', 't.a']);
      expect(i.code).to.equal(0);
      expect(i.err).to.include("note: member (b.o): 'b.o': No such file or directory; the members before it are explained");
      expect(i.out).to.include('a.o');
    });
  });

  it('a gone thin archive member whose name holds control bytes is named with them escaped, in every command (review 2026-11-28)', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    await inThinDir('a.o', async (dir) => {
      const size = readFileSync(join(dir, 'a.o')).length;
      // A GNU name table member ('//') holds the long name; an ESC sequence that would clear the screen.
      const name = 'b\x1b[2J.o';
      const table = `${name}/\n\n`; // (even: members start on an even offset)
      writeFileSync(join(dir, 't.a'), `!<thin>\n${thinHeader('//', table.length)}${table}${thinHeader('a.o/', size)}${thinHeader('/0', 100)}`);
      const { runCli } = await import('../../src/cli/run.js');
      for (const args of [['offload-list', 't.a'], ['offload-list', '--strict', 't.a'], ['offload-extract', 't.a', '-o', 'x'], ['offload-extract', '--strict', 't.a'], ['inspect', 't.a']]) {
        let err = '';
        await runCli(args, { stdout: { write: () => undefined }, stderr: { write: (c) => void (err += String(c)) }, cwd: dir, env: {} });
        expect(err, args.join(' ')).to.include('b\\x1b[2J.o');
        expect(err, args.join(' ')).not.to.include('\x1b');
      }
    });
  });

  it("a thin archive (llvm-ar-22 --thin): its headers and stored tables are read and spanned; its members are the files named, not stored (review 2026-11-27p: verify, annotate and hexdump refused it)", async () => {
    const file = 'testdata/llvm22/strict/thin.a';
    const bytes = new Uint8Array(readFileSync(new URL(`../../${file}`, import.meta.url)));
    const a = readArchive(bytes);
    expect(a.thin).to.equal(true);
    expect(a.members.map((m) => [m.name, m.special ?? (m.external ? 'external' : 'stored'), m.external ? m.data.size : m.size])).to.deep.equal([
      ['/', 'symbol-table', a.members[0]!.size],
      ['//', 'string-table', a.members[1]!.size],
      ['one.o', 'external', 0],
      ['macho.o', 'external', 0],
    ]);
    // The member headers follow one another: nothing but the special members' data between them.
    expect(a.members[3]!.headerOffset).to.equal(a.members[2]!.headerOffset + 60);
    expect(a.members[3]!.headerOffset + 60).to.equal(bytes.length);
    const { runCli } = await import('../../src/cli/run.js');
    const run = async (args: string[]): Promise<{ code: number; out: string }> => {
      let out = '';
      const code = await runCli(args, { stdout: { write: (c) => void (out += String(c)) }, stderr: { write: () => undefined }, cwd: new URL('../../', import.meta.url).pathname, env: {} });
      return { code, out };
    };
    const v = await run(['verify', file]);
    expect([v.code, v.out.split('\n').slice(1)]).to.deep.equal([0, ["note    0x000000a6  members[2]: a thin archive: its 2 member(s) are files outside it (one.o, macho.o), not checked here; verify each file", '0 error(s), 0 warning(s), 1 note(s)', '']]);
    const ann = JSON.parse((await run(['annotate', '--json', file])).out) as { spans: { kind: string; path: string; offset: number; size: number }[] };
    expect(ann.spans.filter((x) => x.kind === 'unreferenced')).to.deep.equal([]);
    expect(ann.spans.filter((x) => x.path === 'members[3].header.size').map((x) => x.offset)).to.deep.equal([a.members[3]!.headerOffset + 48]);
    expect((await run(["hexdump", "--path", "members[2].header.name", file])).out).to.match(/^000000a0 .*members\[2\]\.header\.name/m);
  });
});

describe('archive: hostile headers', () => {
  const golden = bytesOf(NVPTX);
  const field = (member: number, f: keyof typeof ArMemberHeader.offsets): number => [8, 82, 170][member]! + ArMemberHeader.offsets[f];
  const patch = (at: number, text: string): Uint8Array => {
    const c = golden.slice();
    c.set(enc.encode(text), at);
    return c;
  };

  it('every strict prefix is a valid shorter archive or a DecodeError with a members[i] path', () => {
    const boundaries = new Set([8, 82, 170, 230]);
    for (let n = 0; n < golden.length; n++) {
      if (boundaries.has(n)) {
        expect(readArchive(golden.subarray(0, n)).members.length, `prefix ${n}`).to.equal([8, 82, 170, 230].indexOf(n));
        continue;
      }
      const e = decodeErrorOf(() => readArchive(golden.subarray(0, n)), `prefix ${n}`);
      expect(e.path, `prefix ${n}`).to.match(n < 8 ? /^header/ : /^members\[\d\]/);
    }
  });

  it('sizes past the end, bad digits, a broken terminator and a missing padding byte are located', () => {
    const huge = decodeErrorOf(() => readArchive(patch(field(0, 'size'), '9999999999')));
    expect([huge.code, huge.path, huge.offset]).to.deep.equal(['EOF', 'members[0].header.size', field(0, 'size')]);
    const digits = decodeErrorOf(() => readArchive(patch(field(1, 'size'), '2x')));
    expect([digits.code, digits.path]).to.deep.equal(['FORMAT', 'members[1].header.size']);
    // The date, uid, gid and mode are parsed only on demand by LLVM (llvm-ar tv): text that is not a
    // number there reads as NaN and the archive is read (formats/ar.ts).
    const mode = readArchive(patch(field(0, 'mode'), '9'));
    expect(mode.members[0]!.header.mode).to.be.NaN;
    expect(readArchive(patch(field(0, 'date'), 'abc')).members[0]!.header.date).to.be.NaN;
    const term = decodeErrorOf(() => readArchive(patch(field(2, 'terminator'), 'xx')));
    expect([term.code, term.path]).to.deep.equal(['MAGIC', 'members[2].header.terminator']);
    // The last member odd-sized and unpadded: LLVM "offset to next archive member past the end".
    const odd = gnu([['a/', enc.encode('abc')]]).subarray(0, 8 + 60 + 3);
    const e = decodeErrorOf(() => readArchive(odd));
    expect([e.code, e.path]).to.deep.equal(['EOF', 'members[0].padding']);
  });

  it('a member size one short: the next header starts inside the data and fails at its terminator', () => {
    const b = gnu([['a.o/', enc.encode('0123456789')], ['b.o/', enc.encode('xy')]]);
    const short = b.slice();
    short.set(enc.encode('8 '), 8 + ArMemberHeader.offsets.size);
    const e = decodeErrorOf(() => readArchive(short));
    expect(e.path).to.match(/^members\[1\]\.header\./);
  });

  it('names: a long name past the // table, no table, an unterminated entry, a BSD name longer than its member', () => {
    const past = decodeErrorOf(() => readArchive(gnu([['//', enc.encode('a/\n')], ['/9', enc.encode('x')]])));
    expect([past.code, past.path]).to.deep.equal(['RANGE', 'members[1].header.name']);
    expect(decodeErrorOf(() => readArchive(gnu([['x.o/', enc.encode('x')], ['/0', enc.encode('y')]]))).message).to.match(/past the end of the 0-byte string table/);
    expect(decodeErrorOf(() => readArchive(gnu([['//', enc.encode('abc')], ['/0', enc.encode('y')]]))).message).to.match(/not terminated/);
    const bsd = decodeErrorOf(() => readArchive(gnu([['#1/50', enc.encode('short')]])));
    expect([bsd.code, bsd.path]).to.deep.equal(['RANGE', 'members[0].header.name']);
    expect(decodeErrorOf(() => readArchive(gnu([['#1/5x', enc.encode('short')]]))).code).to.equal('FORMAT');
    // A first member named like a long name where a symbol table or // is expected (LLVM: parse_failed).
    expect(decodeErrorOf(() => readArchive(gnu([['/', new Uint8Array(4)], ['/5', enc.encode('y')]]))).path).to.equal('members[1].header.name');
  });

  it('property (fixed seed): random byte overwrites give an archive or a DecodeError, never anything else', () => {
    fc.assert(
      fc.property(fc.nat(golden.length - 1), fc.uint8Array({ minLength: 1, maxLength: 12 }), (at, v) => {
        const c = overwrite(golden, at, v);
        onlyDecodeErrors(() => readArchive(c));
      }),
      { seed: 424242, numRuns: 3000 },
    );
  });
});

describe('archive: a thin archive as a member is refused by its magic (hostile review 2026-11-28)', () => {
  /** A thin archive of `n` members, each naming `name` (its headers only: the files are not read here). */
  const thin = (n: number, name: string): Uint8Array => enc.encode(`!<thin>\n${`${`${name}/`.padEnd(16)}${'0'.padEnd(12)}${'0'.padEnd(6)}${'0'.padEnd(6)}${'644'.padEnd(8)}${'5'.padEnd(10)}\`\n`.repeat(n)}`);

  it('offload-list and inspect read its magic, not its 20,000 member headers (a thin archive naming itself 20,000 times took 5 s)', async () => {
    const { readOffloadInput } = await import('../../src/offload/input.js');
    const { inspectInput } = await import('../../src/inspect/input.js');
    const inner = thin(20_000, 'self.a');
    const outer = gnu([['a.o/', enc.encode('x')], ['self.a/', inner]]);
    for (const read of [(s: ByteSource) => readOffloadInput(s), (s: ByteSource) => readOffloadInput(s, { llvmRules: true }), (s: ByteSource) => inspectInput(s)]) {
      let bytes = 0;
      const src: ByteSource = { size: outer.length, read: (o, n) => ((bytes += n), outer.subarray(o, o + n)) };
      let error: unknown;
      try {
        read(src);
      } catch (e) {
        error = e;
      }
      if (error !== undefined) {
        expect(error).to.be.instanceOf(DecodeError);
        expect((error as DecodeError).message).to.match(/a thin archive inside an archive/);
      }
      // (the inner archive's headers are 1.2 MB: read once they were)
      expect(bytes).to.be.lessThan(inner.length / 10);
    }
  });

  it('annotate still records its member headers (what it shows), and says it is refused', () => {
    const outer = gnu([['t.a/', thin(3, 'x.o')]]);
    const a = annotate(outer);
    const paths = [...leavesOf(a)].map((l) => l.path);
    expect(paths).to.include('members[0].data.members[2].header.size');
  });
});

describe('archive: writing as llvm-offload-binary-22 --archive', () => {
  it('the three images of extract/archive/nvptx.a give its exact bytes (sha256 of archive.files.txt)', () => {
    const a = readArchive(bytesOf(NVPTX));
    const out = concatChunks(archiveChunks(a.members.map((m) => ({ name: 'multi.ob22.bin', data: m.data }))));
    expect(out).to.deep.equal(bytesOf(NVPTX));
    const [size, hash, name] = textOf('extract/archive.files.txt').trim().split('\t');
    expect([out.length, sha256(out), name]).to.deep.equal([Number(size), hash, 'nvptx.a']);
  });

  it('members that are ELF objects get the / symbol table LLVM writes: llvm-ar-22 omp.a byte for byte', () => {
    const golden = bytesOf('containers/omp.a');
    const members: ArchiveMemberInput[] = readArchive(golden)
      .members.filter((m) => !m.special)
      .map((m) => ({ name: m.name, data: m.data, symbols: elfArchiveSymbols(m.data) }));
    expect(members.map((m) => m.symbols)).to.deep.equal(
      members.map(() => ['main', '.__omp_offloading_deadf17e_1818da40_main_l3.region_id', '.offloading.entry.__omp_offloading_deadf17e_1818da40_main_l3']),
    );
    expect(concatChunks(archiveChunks(members))).to.deep.equal(golden);
  });

  it('a symbol name that is not UTF-8 goes into the / table as its bytes, as llvm-ar-22 writes it (review 2026-11-28: it was U+FFFD)', async () => {
    const { requireTool } = await import('../support/tools.js');
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const object = readArchive(bytesOf('containers/omp.a')).members.find((m) => !m.special)!.data.bytes().slice();
    // 'main' in the string table (NUL before and after) becomes 'm\xffin'
    const at = Buffer.from(object).indexOf('\0main\0') + 2;
    expect(at).to.be.greaterThan(1);
    object[at] = 0xff;
    const symbols = elfArchiveSymbols(object)!;
    expect(symbols[0]).to.equal('m\udcffin');
    const ours = concatChunks(archiveChunks([{ name: 'x.o', data: object, symbols }]));
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-ar-'));
    try {
      writeFileSync(join(dir, 'x.o'), object);
      execFileSync(requireTool('llvm-ar-22'), ['rc', 'x.a', 'x.o'], { cwd: dir });
      const theirs = readFileSync(join(dir, 'x.a'));
      expect(Buffer.from(ours).equals(theirs)).to.equal(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a symbolic member without symbols still gets a table (three NULs); no members: the magic alone', () => {
    const out = concatChunks(archiveChunks([{ name: 'dev.o', data: enc.encode('x'), symbols: [] }]));
    const a = readArchive(out);
    expect(a.members.map((m) => [m.name, m.special ?? '', m.size])).to.deep.equal([
      ['/', 'symbol-table', 8],
      ['dev.o', '', 1],
    ]);
    expect(Array.from(a.members[0]!.data.bytes())).to.deep.equal([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(concatChunks(archiveChunks([]))).to.deep.equal(enc.encode('!<arch>\n'));
  });

  it('long and slashed names go to one // table, deduplicated; blobs stay blobs; the result reads back', () => {
    const long = 'nvptx64-nvidia-cuda-sm_70.cubin';
    const blob = memoryBlob(enc.encode('odd'));
    const chunks = archiveChunks([
      { name: long, data: blob },
      { name: 'dir/k.o', data: [enc.encode('ab'), enc.encode('c')] },
      { name: long, data: enc.encode('') },
    ]);
    expect(chunks).to.include(blob);
    const out = concatChunks(chunks);
    const text = new TextDecoder().decode(out);
    expect(text).to.contain(`//${' '.repeat(46)}${String(long.length + 2 + 9).padEnd(10)}\`\n${long}/\ndir/k.o/\n`);
    expect(readArchive(out).members.map((m) => [m.name, m.special ?? '', new TextDecoder().decode(m.data.bytes())])).to.deep.equal([
      ['//', 'string-table', `${long}/\ndir/k.o/\n`],
      [long, '', 'odd'],
      ['dir/k.o', '', 'abc'],
      [long, '', ''],
    ]);
    // The two headers of the long name point at the same table entry: "/0" twice, "/33" once.
    expect([text.split(`/0${' '.repeat(14)}0 `).length - 1, text.split(`/${long.length + 2}${' '.repeat(13)}0 `).length - 1]).to.deep.equal([2, 1]);
  });
});

describe('archive: a thin archive member name in verify (review 2026-11-28 message sweep)', () => {
  it('control characters and bytes that are not UTF-8 are \\xNN in the note, in --json too', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../../testdata/llvm22/strict/thin.a', import.meta.url)));
    const at = Buffer.from(bytes).indexOf('one.o/');
    expect(at).to.be.greaterThan(0);
    bytes.set([0x6f, 0x1b, 0xff, 0x2e, 0x6f], at); // "o ESC 0xff .o"
    const { dir, cleanup } = (await import('../offload/support.js')).tempDir();
    try {
      writeFileSync(join(dir, 'thin.a'), bytes);
      const r = await runCliCaptured(['verify', '--json', 'thin.a'], dir);
      const msgs = (JSON.parse(r.stdout) as { problems: { message: string }[] }).problems.map((p) => p.message);
      expect(msgs.join('\n')).to.include('are files outside it (o\\x1b\\xff.o, macho.o)');
    } finally {
      cleanup();
    }
  });
});
