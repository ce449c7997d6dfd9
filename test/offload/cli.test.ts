/**
 * The offload CLI commands run in-process (runCli): help, errors, JSON against its schema (ajv),
 * extraction, packing of versions 2/3 and kind numbering. Interop with the real LLVM tools is in
 * interop.test.ts.
 */
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Ajv } from 'ajv';
import { readOffloadBinaries } from '../../src/offload/read.js';
import { writeOffloadBinary } from '../../src/offload/write.js';
import { OFFLOAD_CONTAINERS } from '../../src/offload/input.js';
import { cli, CONFORMANCE, CONFORMANCE_ENVELOPES, handV1Binary, PACKAGER_GOLDENS, readBytes, run, tempDir, TESTDATA } from './support.js';
import { FileError, openInput } from '../../src/node/input.js';
import { requireTool } from '../support/tools.js';
import { writeFileAtomic } from '../../src/node/output.js';
import { elfWithSection } from '../support/minimal-elf.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/offload-list.schema.json', import.meta.url), 'utf8')) as object;
const ajv = new Ajv({ allErrors: true, strict: true });
const validate = ajv.compile(schema);

describe('cli: offload-* help', () => {
  for (const name of ['offload-pack', 'offload-list', 'offload-extract']) {
    it(`${name} --help has usage, options and an example`, async () => {
      const r = await cli([name, '--help'], '/');
      expect(r.code).to.equal(0);
      expect(r.stdout).to.match(new RegExp(`^Usage: syclbin ${name} `));
      expect(r.stdout).to.include('Examples:\n  syclbin ' + name);
      expect(r.stdout).to.include('-h, --help');
    });
  }
  it('offload-pack --help says which tool each era matches and what kind=sycl does in each', async () => {
    const r = await cli(['offload-pack', '--help'], '/');
    expect(r.stdout).to.match(/22 \(default\) +llvm-offload-binary-22 \(LLVM 22\.1\)/);
    expect(r.stdout).to.match(/openmp 1, cuda 2, hip 4, sycl 8 \(llvm-project #135809\)/);
    expect(r.stdout).to.match(/19 +clang-offload-packager-19 \(LLVM 19\.1\)/);
    expect(r.stdout).to.match(/no SYCL kind: kind=sycl writes 0/);
    expect(r.stdout).to.match(/main +upstream llvm-offload-binary \(unreleased/);
    expect(r.stdout).to.match(/No released LLVM reads\s+versions 2 and 3/);
    expect(r.stdout).to.match(/intel\/llvm's sequential\s+numbering \(sycl 4/);
  });
  it('offload-list --help says which llvm-objdump each era matches and that no release reads v2/v3', async () => {
    const r = await cli(['offload-list', '--help'], '/');
    expect(r.stdout).to.match(/22 \(default\) +llvm-objdump-22 \(LLVM 22\.1\)/);
    expect(r.stdout).to.match(/19 +llvm-objdump-19 \(LLVM 19\.1\)/);
    expect(r.stdout).to.match(/main +upstream llvm-objdump after llvm-project #185425/);
    expect(r.stdout).to.match(/no released LLVM reads them/);
  });
  it('the main help lists the commands', async () => {
    const r = await cli(['--help'], '/');
    for (const name of ['offload-pack', 'offload-list', 'offload-extract']) expect(r.stdout).to.include(`  ${name} `);
  });
});

describe('cli: offload-list', () => {
  const all = [...PACKAGER_GOLDENS.map((n) => TESTDATA + n), ...CONFORMANCE_ENVELOPES.map((n) => CONFORMANCE + n)];
  for (const file of all) {
    it(`--json of ${file.split('/').slice(-2).join('/')} validates against schemas/offload-list.schema.json and matches the text`, async () => {
      const r = await cli(['offload-list', '--json', file], '/');
      expect(r.code, r.stderr).to.equal(0);
      const doc = JSON.parse(r.stdout) as { binaries: { offset: string; entries: { index: number; objdump: Record<string, string>; strings: { key: string; value: string }[] }[] }[] };
      const ok = validate(doc);
      expect(ok, JSON.stringify(validate.errors)).to.equal(true);
      // The text listing is the same data.
      const text = await cli(['offload-list', file], '/');
      const fromJson = doc.binaries
        .flatMap((b) => b.entries)
        .map((e) => `\nOFFLOADING IMAGE [${e.index}]:\nkind            ${e.objdump.kind}\narch            ${e.objdump.arch}\ntriple          ${e.objdump.triple}\nproducer        ${e.objdump.producer}\n`)
        .join('');
      expect(text.stdout).to.equal(fromJson);
      const models = readOffloadBinaries(readBytes(file));
      expect(doc.binaries.map((b) => b.offset)).to.deep.equal(models.map((m) => String(m.offset)));
    });
  }

  it('--json of a compressed v3 file gives compression and InflatedSize (as a string)', async () => {
    const r = await cli(['offload-list', '--json', CONFORMANCE + 'sample_v2_roles_v3_zlib.syclbin'], '/');
    const doc = JSON.parse(r.stdout) as { binaries: { version: number; compression: string; inflatedSize: string; offloadKindEra: string; entries: { offloadKindName: string; imageKindLabel: string }[] }[] };
    expect(doc.binaries[0]).to.include({ version: 3, compression: 'zlib', offloadKindEra: 'bitmask' });
    expect(doc.binaries[0]!.inflatedSize).to.match(/^\d+$/);
    expect(doc.binaries[0]!.entries.every((e) => e.offloadKindName === 'sycl' && e.imageKindLabel === 'syclbin')).to.equal(true);
  });

  it('the schema rejects a document with a 64-bit value as a number', () => {
    expect(validate({ file: 'x', binaries: [{ offset: 0, version: 1, size: '8', offloadKindEra: 'sequential', entries: [] }] })).to.equal(false);
  });

  it('--strings adds every key and value, escaping control characters', async () => {
    const r = await cli(['offload-list', '--strings', TESTDATA + 'sycl-utf8.v1.bin'], '/');
    expect(r.stdout).to.include('producer        none\nstrings         5\n');
    expect(r.stdout).to.include('  compile-opts  -O3 -g\n');
    expect(r.stdout).to.include('  Ünïcødé       välue→✓\n');
    expect(r.stdout).to.include('  producer      dpcpp\n');
    const { dir, cleanup } = tempDir();
    try {
      const k = join(dir, 'k.o');
      writeFileSync(k, 'x');
      expect((await cli(['offload-pack', '-o', 'ctl.bin', '--format-version', '2', '--image=file=k.o,triple=t,note=a\tb\\c'], dir)).code).to.equal(0);
      const l = await cli(['offload-list', '--strings', 'ctl.bin'], dir);
      expect(l.stdout).to.include('  note          a\\x09b\\\\c\n');
      // C1 controls (U+0085 as C2 85), a lone continuation byte and a truncated sequence are escaped;
      // well-formed UTF-8 stays.
      expect((await cli(['offload-pack', '-o', 'c1.bin', '--format-version', '2', '--image=file=k.o,triple=t,note=\u00e9\u0085|'], dir)).code).to.equal(0);
      expect((await cli(['offload-list', '--strings', 'c1.bin'], dir)).stdout).to.include('  note          \u00e9\\xc2\\x85|\n');
    } finally {
      cleanup();
    }
  });

  it('--strings shows an empty key as "", not as a blank column; the default listing stays llvm-objdump-22\'s (review finding)', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'k.o'), 'x');
      expect((await cli(['offload-pack', '-o', 'e.bin', '--image=file=k.o,triple=t,=v'], dir)).code).to.equal(0);
      expect((await cli(['offload-list', '--strings', 'e.bin'], dir)).stdout).to.include('strings         2\n  ""            v\n  triple        t\n');
      const text = await cli(['offload-list', 'e.bin'], dir);
      const peer = spawnSync(requireTool('llvm-objdump-22'), ['--offloading', 'e.bin'], { cwd: dir, encoding: 'latin1' });
      expect(text.stdout).to.equal(peer.stdout.slice(peer.stdout.indexOf('\nOFFLOADING')));
      expect(text.stdout).to.not.include('""');
    } finally {
      cleanup();
    }
  });

  it('a key given twice: the listing keeps the last value (as llvm-objdump-22), --strings counts the entries, --json lists them under repeatedKeys, verify warns (review 2026-12-02a finding 4)', async () => {
    // triple=first, arch=a1, triple=second, arch=a2 in one version-1 entry
    const pairs: [string, string][] = [['triple', 'first'], ['arch', 'a1'], ['triple', 'second'], ['arch', 'a2']];
    const table = 72;
    let data = '';
    const offsets: [number, number][] = [];
    const at = table + 16 * pairs.length;
    for (const [k, v] of pairs) {
      const ko = at + data.length;
      data += k + '\0';
      offsets.push([ko, at + data.length]);
      data += v + '\0';
    }
    const imageAt = Math.ceil((at + data.length) / 8) * 8;
    const total = imageAt + 8;
    const { bytes: b, view: v } = handV1Binary(total, pairs.length, imageAt, 1);
    offsets.forEach(([ko, vo], i) => {
      v.setBigUint64(table + 16 * i, BigInt(ko), true);
      v.setBigUint64(table + 16 * i + 8, BigInt(vo), true);
    });
    b.set(new TextEncoder().encode(data), at);
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'dup.bin'), b);
      const text = await cli(['offload-list', 'dup.bin'], dir);
      const peer = spawnSync(requireTool('llvm-objdump-22'), ['--offloading', 'dup.bin'], { cwd: dir, encoding: 'latin1' });
      expect(text.stdout).to.equal(peer.stdout.slice(peer.stdout.indexOf('\nOFFLOADING')));
      expect(text.stdout).to.include('arch            a2\ntriple          second\n');
      const strings = await cli(['offload-list', '--strings', 'dup.bin'], dir);
      expect(strings.stdout).to.include('strings         2 (of 4 string entries: a repeated key keeps its last value)\n  triple        second\n  arch          a2\n');
      const json = await cli(['offload-list', '--json', 'dup.bin'], dir);
      const doc = JSON.parse(json.stdout) as { binaries: { entries: { repeatedKeys?: unknown }[] }[] };
      expect(validate(doc), JSON.stringify(validate.errors)).to.equal(true);
      expect(doc.binaries[0]!.entries[0]!.repeatedKeys).to.deep.equal([
        { key: 'triple', indexes: [0, 2], values: ['first', 'second'] },
        { key: 'arch', indexes: [1, 3], values: ['a1', 'a2'] },
      ]);
      const verify = await cli(['verify', 'dup.bin'], dir);
      expect(verify.stdout).to.include("warning 0x00000048  entries[0].strings[0]: string key 'triple' is given 2 times (strings[0], strings[2]): readers keep the last value, 'second'");
      expect(verify.stdout).to.include('0 error(s), 2 warning(s)');
      // The usual entry has no repeatedKeys.
      const plain = JSON.parse((await cli(['offload-list', '--json', TESTDATA + 'sycl-utf8.v1.bin'], '/')).stdout) as { binaries: { entries: object[] }[] };
      expect(plain.binaries[0]!.entries[0]).not.to.have.property('repeatedKeys');
    } finally {
      cleanup();
    }
  });

  it('--llvm 20 and 21 are refused with the era that numbers kinds as they do (not silently mapped)', async () => {
    for (const [v, say] of [
      ['20', "LLVM 20 numbers offload kinds as 19 does (sequential, hip 3): '--llvm 19' follows that numbering"],
      ['21', "LLVM 21 numbers offload kinds as 22 does (bitmask, hip 4, sycl 8; llvm-project #135809): '--llvm 22' follows that numbering"],
    ] as const) {
      for (const cmd of ['offload-list', 'offload-extract', 'offload-pack']) {
        const r = await cli([cmd, '--llvm', v, 'x.bin'], '/');
        expect(r.code, cmd).to.equal(1); // (LLVM drop-ins: a usage error is status 1, as their tools)
        expect(r.stderr.split('\n')[0], cmd).to.equal(`syclbin ${cmd}: error: --llvm must be 19, 22 or main (got '${v}'): ${say}; its tools' exact text was not checked here`);
      }
    }
  });

  it('producer names follow --llvm for v1 (4 is hip in 22, none in 19), the bitmask for v2; JSON says when a number is ambiguous', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'k.o'), 'x');
      const img = '--image=file=k.o,triple=spir64,kind=sycl';
      await cli(['offload-pack', '-o', 'v1.bin', '--offload-kinds', 'intel', img], dir);
      await cli(['offload-pack', '-o', 'v2.bin', '--format-version', '2', img], dir);
      expect(readOffloadBinaries(readBytes(join(dir, 'v1.bin')))[0]!.entries[0]!.offloadKind).to.equal(4);
      expect((await cli(['offload-list', 'v1.bin'], dir)).stdout).to.include('producer        hip\n');
      expect((await cli(['offload-list', '--llvm', '19', 'v1.bin'], dir)).stdout).to.include('producer        none\n');
      for (const era of ['19', '22', 'main']) expect((await cli(['offload-list', '--llvm', era, 'v2.bin'], dir)).stdout).to.include('producer        sycl\n');
      type J = { llvm: string; binaries: { offloadKindNumbering: string; entries: { offloadKindName: string; offloadKindAmbiguity?: { meanings: { numbering: string; name: string }[]; note: string } }[] }[] };
      const j = JSON.parse((await cli(['offload-list', '--json', 'v1.bin'], dir)).stdout) as J;
      expect(j.llvm).to.equal('22');
      expect(j.binaries[0]!.offloadKindNumbering).to.equal('bitmask');
      const e = j.binaries[0]!.entries[0]!;
      expect(e.offloadKindName).to.equal('hip');
      expect(e.offloadKindAmbiguity!.meanings).to.deep.equal([
        { numbering: 'llvm19', name: 'unknown(4)' },
        { numbering: 'intel', name: 'sycl' },
        { numbering: 'bitmask', name: 'hip' },
      ]);
      expect(e.offloadKindAmbiguity!.note).to.match(/offload kind 4 of a version-1 binary is sycl in intel\/llvm.*, hip in LLVM 21\+.*; LLVM 19\/20 \(sequential\) has no kind 4/);
      const j2 = JSON.parse((await cli(['offload-list', '--json', 'v2.bin'], dir)).stdout) as J;
      expect(j2.binaries[0]!.entries[0]!.offloadKindAmbiguity).to.equal(undefined);
    } finally {
      cleanup();
    }
  });

  it('a truncated file fails with exit 1 and a message naming the file, offset and structure path', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'cut.bin'), readBytes(TESTDATA + 'multi.v1.bin').subarray(0, 200));
      const r = await cli(['offload-list', 'cut.bin'], dir);
      expect(r.code).to.equal(1);
      expect(r.stdout).to.equal('');
      expect(r.stderr).to.match(/^syclbin offload-list: error: 'cut\.bin': OffloadBinary Size \d+ runs past the end of the data \(40 bytes available\) \(at binaries\[1\]\.header\.size, offset 0xa8\)\n$/);
    } finally {
      cleanup();
    }
  });

  it('LLVM IR text (a host module clang -S -emit-llvm wrote) fails in offload-list and offload-extract with a note: the LLVM tools read bitcode, inspect shows what it embeds', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'host.ll'), '; ModuleID = \'k.cpp\'\ntarget triple = "x86_64-unknown-linux-gnu"\n@x = global i32 0\n');
      writeFileSync(join(dir, 'junk.bin'), 'hello, world\n');
      for (const [cmd, peer, extra] of [
        ['offload-list', 'llvm-objdump-22', []],
        ['offload-extract', 'llvm-offload-binary-22', ['--image=kind=sycl']],
      ] as const) {
        const r = await cli([cmd, 'host.ll', ...extra], dir);
        expect(r.code, cmd).to.equal(1);
        expect(r.stderr.split('\n')[1], cmd).to.equal(
          `syclbin ${cmd}: host.ll: note: the input is LLVM IR text, which ${peer} does not read either (it reads host bitcode: 'llvm-as host.ll' makes it); 'syclbin inspect host.ll' shows the objects the module embeds`,
        );
        // (a file of no kind at all gets no such note)
        const j = await cli([cmd, 'junk.bin', ...extra], dir);
        expect([j.code, j.stderr], cmd).to.satisfy(([c, e]: [number, string]) => c === 1 && !e.includes('IR text') && e.split('\n').filter(Boolean).length === 1);
      }
    } finally {
      cleanup();
    }
  });

  it('usage errors and a missing file exit 1 (as llvm-objdump); no file means a.out and several are listed in turn (as llvm-objdump)', async () => {
    const none = await cli(['offload-list'], '/');
    expect(none.code).to.equal(1);
    expect(none.stderr).to.equal("syclbin offload-list: error: 'a.out': No such file or directory\n");
    const two = await cli(['offload-list', 'sample_v2_roles.syclbin', 'sample_v1_in_offload_v1.syclbin'], CONFORMANCE);
    expect(two.code, two.stderr).to.equal(0);
    const one = (f: string) => cli(['offload-list', f], CONFORMANCE);
    expect(two.stdout).to.equal((await one('sample_v2_roles.syclbin')).stdout + (await one('sample_v1_in_offload_v1.syclbin')).stdout);
    const stops = await cli(['offload-list', 'sample_v1_in_offload_v1.syclbin', 'nonexistent.bin', 'sample_v2_roles.syclbin'], CONFORMANCE);
    expect(stops.code).to.equal(1);
    expect(stops.stdout).to.equal((await one('sample_v1_in_offload_v1.syclbin')).stdout);
    // Usage errors: status 1, as llvm-objdump's parser (statuses 'llvm'), with our usage line.
    for (const args of [['--json', 'a', 'b'], ['--bogus', 'x'], ['--json', '--strings', 'x'], ['--max-inflated-size', 'lots', 'x']]) {
      const u = await cli(['offload-list', ...args], '/');
      expect(u.code, args.join(' ')).to.equal(1);
      expect(u.stderr, args.join(' ')).to.include('Usage: syclbin offload-list');
    }
    const r = await cli(['offload-list', '/nonexistent/file.bin'], '/');
    expect(r.code).to.equal(1);
    expect(r.stderr).to.match(/ENOENT|no such file/i);
  });

  it("--offloading (llvm-objdump's flag) is accepted and changes nothing; a module file is called a module, not a device image", async () => {
    const plain = await cli(['offload-list', 'sample_v2_roles.syclbin'], CONFORMANCE);
    const flagged = await cli(['offload-list', '--offloading', 'sample_v2_roles.syclbin'], CONFORMANCE);
    expect([flagged.code, flagged.stdout, flagged.stderr]).to.deep.equal([plain.code, plain.stdout, plain.stderr]);
    // -C / --demangle too: llvm-objdump-22 --offloading -C prints what it prints without it (the listing names no symbol).
    for (const c of [['-C'], ['--demangle'], ['--offloading', '-C']]) {
      const d = await cli(['offload-list', ...c, 'sample_v2_roles.syclbin'], CONFORMANCE);
      expect([d.code, d.stdout, d.stderr], c.join(' ')).to.deep.equal([plain.code, plain.stdout, plain.stderr]);
    }
    const k = new URL('../../testdata/llvm22/sycl/k2.o', import.meta.url).pathname;
    const withC = run(requireTool('llvm-objdump-22'), ['--offloading', '-C', k], '/');
    const ours = await cli(['offload-list', '--strict', '--offloading', '-C', k], '/');
    expect(ours.stdout).to.equal(withC.stdout.toString('latin1'));
    const spv = await cli(['offload-list', new URL('../../testdata/llvm22/sycl/k.spv', import.meta.url).pathname], '/');
    expect(spv.code, spv.stderr).to.equal(0);
    expect(spv.stderr).to.contain('note: the input is a SPIR-V module, not an object file: listed as one MODULE block\n');
    expect(spv.stderr).to.not.contain('device image');
  });

  it('--max-inflated-size caps decompression', async () => {
    const f = CONFORMANCE + 'sample_v2_roles_v3_zlib.syclbin';
    const r = await cli(['offload-list', '--max-inflated-size', '100', f], '/');
    expect(r.code).to.equal(1);
    expect(r.stderr).to.match(/exceeds the decompression cap of 100 bytes/);
    expect((await cli(['offload-list', '--max-inflated-size', '1M', f], '/')).code).to.equal(0);
  });
});

describe('cli: the drop-ins tag every failure error:, as the LLVM tools do', () => {
  it('usage errors, a missing image, an unreadable or malformed input: every first line is PROG: error: …', async () => {
    const t = tempDir();
    try {
      writeFileSync(join(t.dir, 'bad.bin'), new Uint8Array([0x10, 0xff, 0x10, 0xad, 1, 0, 0, 0]));
      const cases: string[][] = [
        ['offload-pack', '--image=triple=x', '-o', 'o.bin'], // 'file' is a required image argument
        ['offload-pack', '--image=file=nope.o,triple=x', '-o', 'o.bin'],
        ['offload-pack', '--image=file=bad.bin', '-o'],
        ['offload-pack', '--no-such-option'],
        ['offload-list', 'nope.bin'],
        ['offload-list', 'bad.bin'],
        ['offload-extract', 'nope.bin'],
        ['offload-extract', 'bad.bin'],
      ];
      for (const c of cases) {
        const r = await cli(c, t.dir);
        expect(r.code, c.join(' ')).to.equal(1);
        expect(r.stderr.split('\n')[0], c.join(' ')).to.match(new RegExp(`^syclbin ${c[0]}: error: \\S`));
      }
      // The other commands keep their untagged lines.
      const verify = await cli(['verify', 'nope.bin'], t.dir);
      expect(verify.stderr).to.equal('syclbin verify: error: nope.bin: No such file or directory\n');
    } finally {
      t.cleanup();
    }
  });
});

describe('cli: a module file with a bitstream problem', () => {
  it('the problem is one note (no claim about embedded objects when there are none)', async () => {
    for (const cmd of [['offload-list'], ['inspect']]) {
      const r = await cli([...cmd, TESTDATA + 'k.bc'], '/');
      const text = r.stdout + r.stderr;
      expect(text.match(/^(\s+|.*note: )bitcode: .*the stream ends inside a field/gm), text).to.have.length(1);
      expect(text).to.not.match(/found before it are listed/);
    }
  });
});

describe('cli: offload-extract', () => {
  it('an archive whose wrapper-object member llvm-offload-binary fails on: the note says it extracts nothing, not that a listing stops', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const { writeArchive } = await import('../../src/containers/archive.js');
      const sycl = new URL('../../testdata/llvm22/sycl/', import.meta.url).pathname;
      writeFileSync(join(dir, 'wr.a'), writeArchive([{ name: 'k.wrapper.o', data: readBytes(sycl + 'k.wrapper.o') }, { name: 'k.o', data: readBytes(sycl + 'k.o') }]));
      const r = await cli(['offload-extract', 'wr.a', '-o', 'out'], dir);
      expect(r.code, r.stderr).to.equal(0);
      const note = r.stderr.split('\n').find((l) => l.includes('holds no OffloadBinary'));
      expect(note).to.match(/llvm-offload-binary-22 fails on this file .*; it extracts nothing from the archive$/);
      const listed = await cli(['offload-list', 'wr.a'], dir);
      expect(listed.stderr).to.contain('its listing stops before this member (this one and later members are listed after it)');
    } finally {
      cleanup();
    }
  });

  it('folder names cut the triple and arch to 100 characters each; lines name written files only, after they are in place', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const long = 'x'.repeat(300);
      const entries = [0, 1, 2].map(() => ({ imageKind: 1, offloadKind: 8, image: Uint8Array.of(1, 2, 3, 4), strings: new Map([['triple', long], ['arch', long]]) }));
      writeFileSync(join(dir, 'long.bin'), writeOffloadBinary(entries, { version: 2 }));
      const r = await cli(['offload-extract', 'long.bin', '-o', 'out'], dir);
      expect(r.code, r.stderr).to.equal(0);
      const names = readdirSync(join(dir, 'out')).sort();
      expect(names).to.deep.equal([0, 1, 2].map((i) => `${i}-${'x'.repeat(100)}-${'x'.repeat(100)}.o`));
      expect(r.stdout.split('\n').filter(Boolean)).to.deep.equal(names.map((n) => `${join('out', n)} (4 bytes)`));
      // LLVM's names (--llvm main: <stem>-<triple>-<arch>.<n>.<ext>) are LLVM's, too long here: the
      // failed rename is the error, and no 'Extracted' line names a file that is not there
      mkdirSync(join(dir, 'llvm'));
      const l = await cli(['offload-extract', '--llvm', 'main', '../long.bin'], join(dir, 'llvm'));
      expect(l.code).to.equal(1);
      expect(l.stdout).to.equal('');
      expect(l.stderr).to.match(/File name too long/);
      expect(readdirSync(join(dir, 'llvm'))).to.deep.equal([]);
    } finally {
      cleanup();
    }
  });

  it('writes every image atomically with <index>-<triple>-<arch>.<ext> names', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const r = await cli(['offload-extract', TESTDATA + 'multi.v1.bin', '-o', 'out'], dir);
      expect(r.code, r.stderr).to.equal(0);
      const names = readdirSync(join(dir, 'out')).sort();
      expect(names).to.deep.equal(['0-amdgcn-amd-amdhsa-gfx90a.bc', '1-x86_64-unknown-linux-gnu-native.fatbin', '2-nvptx64-nvidia-cuda-sm_52.cubin']);
      expect(readBytes(join(dir, 'out', names[0]!))).to.deep.equal(readBytes(TESTDATA + 'k.bc'));
      expect(readBytes(join(dir, 'out', names[1]!))).to.deep.equal(readBytes(TESTDATA + 'k.fatbin'));
      expect(readBytes(join(dir, 'out', names[2]!)).length).to.equal(0);
      expect(r.stdout.split('\n').filter(Boolean)).to.have.length(3);
      // Compressed v3 with SYCLBIN images; strings are sanitised into names.
      const r2 = await cli(['offload-extract', CONFORMANCE + 'sample_v2_roles_v3_zlib.syclbin', '-o', 'v3'], dir);
      expect(r2.code, r2.stderr).to.equal(0);
      // (a SYCLBIN v2's role entries are its parts: metadata text .prop, prefixed modules .bin, none a
      // .syclbin; the binary they make up is written whole as binary0.syclbin, readable by dump)
      const v3names = readdirSync(join(dir, 'v3')).sort();
      expect(v3names).to.deep.equal(['0.prop', '1.prop', '2-spir64-unknown-unknown.bin', 'binary0.syclbin']);
      const models = readOffloadBinaries(readBytes(CONFORMANCE + 'sample_v2_roles_v3_zlib.syclbin'));
      expect(v3names.length - 1).to.equal(models[0]!.entries.length);
      expect(readBytes(join(dir, 'v3', 'binary0.syclbin'))).to.deep.equal(readBytes(CONFORMANCE + 'sample_v2_roles_v3_zlib.syclbin').subarray(0, models[0]!.size));
      expect(r2.stderr).to.include("note: images 0-2 are the parts of one SYCLBIN v2 (OffloadBinary 0): v3/binary0.syclbin is all of it, the file 'syclbin dump' reads");
      expect(readdirSync(join(dir, 'v3')).some((n) => n.endsWith('.tmp'))).to.equal(false);
    } finally {
      cleanup();
    }
  });

  it('a SYCLBIN v2 embedded in an object (clang -fembed-offload-object) is counted by the note of dump and written whole by folder mode (review 2026-11-28b finding 2)', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const v2 = readBytes(CONFORMANCE + 'sample_v2_roles.syclbin');
      writeFileSync(join(dir, 'v2.o'), elfWithSection(v2));
      const dump = await cli(['dump', 'v2.o'], dir);
      expect(dump.code).to.equal(1);
      expect(dump.stderr).to.include("it holds 1 SYCLBIN image(s): 'syclbin offload-extract v2.o -o DIR' writes them out as files this command reads");
      // extract already names offload-extract among the commands to see: the note does not name it twice
      const ex = await cli(['extract', 'v2.o', '-o', 'x'], dir);
      expect(ex.stderr.split('\n')[0]).to.match(/see 'syclbin inspect v2\.o' or 'syclbin offload-extract v2\.o -o DIR'; it holds 1 SYCLBIN image\(s\), which that command writes out as files this command reads$/);
      const r = await cli(['offload-extract', 'v2.o', '-o', 'out'], dir);
      expect(r.code, r.stderr).to.equal(0);
      expect(readdirSync(join(dir, 'out')).sort()).to.deep.equal(['0.prop', '1.prop', '2-spir64-unknown-unknown.bin', '3-nvptx64-nvidia-cuda-sm_90.bin', 'binary0.syclbin']);
      expect(r.stdout.split('\n').filter(Boolean).at(-1)).to.equal(`out/binary0.syclbin (${v2.length} bytes)`);
      expect(readBytes(join(dir, 'out', 'binary0.syclbin'))).to.deep.equal(v2);
      const again = await cli(['dump', 'out/binary0.syclbin'], dir);
      expect(again.stdout).to.equal((await cli(['dump', CONFORMANCE + 'sample_v2_roles.syclbin'], dir)).stdout);
      // (a metadata role entry is the property-set text it holds)
      expect((await cli(['props', 'out/1.prop'], dir)).code).to.equal(0);
    } finally {
      cleanup();
    }
  });

  it('hostile strings cannot escape the output directory', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'k.o'), 'x');
      await cli(['offload-pack', '-o', 'evil.bin', '--image=file=k.o,triple=../../etc,arch=/passwd'], dir);
      const r = await cli(['offload-extract', 'evil.bin', '-o', 'out'], dir);
      expect(r.code, r.stderr).to.equal(0);
      expect(readdirSync(join(dir, 'out'))).to.deep.equal(['0-___.._etc-_passwd.o']);
    } finally {
      cleanup();
    }
  });

  it('folder mode writes at most --max-files files (default 100,000), refusing before it writes any (review 2026-12-02a finding 2)', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const one = writeOffloadBinary([{ imageKind: 1, offloadKind: 1, strings: new Map([['triple', 't']]), image: new Uint8Array(8) }]);
      const many = new Uint8Array(one.length * 12);
      for (let i = 0; i < 12; i++) many.set(one, i * one.length);
      writeFileSync(join(dir, 'many.bin'), many);
      const refused = await cli(['offload-extract', 'many.bin', '-o', 'out', '--max-files', '11'], dir);
      expect([refused.code, refused.stderr]).to.deep.equal([1, 'syclbin offload-extract: error: many.bin: 12 images and bundle entries, more than 11 files (--max-files): nothing written; raise --max-files to write them all\n']);
      expect(existsSync(join(dir, 'out'))).to.equal(false);
      const written = await cli(['offload-extract', 'many.bin', '-o', 'out', '--max-files', '12'], dir);
      expect(written.code, written.stderr).to.equal(0);
      expect(readdirSync(join(dir, 'out'))).to.have.length(12);
      expect((await cli(['offload-extract', 'many.bin', '-o', 'out2', '--max-files', '0'], dir)).code).to.equal(1);
    } finally {
      cleanup();
    }
  });

  it('bad input: exit 1 naming the file, nothing written', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'junk.bin'), 'not an offload binary, clearly');
      const r = await cli(['offload-extract', 'junk.bin', '-o', 'out'], dir);
      expect(r.code).to.equal(1);
      expect(r.stderr).to.match(/'junk\.bin': bad OffloadBinary magic/);
      expect(existsSync(join(dir, 'out'))).to.equal(false);
      expect((await cli(['offload-extract', 'junk.bin', '--image=triple=x'], dir)).code).to.equal(1);
      expect((await cli(['offload-extract', 'junk.bin', '--archive'], dir)).code).to.equal(1);
    } finally {
      cleanup();
    }
  });
});

describe('cli: offload-pack', () => {
  it('--format-version 2 and 3 (zlib, zstd) put all images in one binary with bitmask kinds', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'a.o'), 'AAAAAAA');
      writeFileSync(join(dir, 'b.bc'), Uint8Array.of(0x42, 0x43, 0xc0, 0xde, 9));
      const images = ['--image=file=a.o,triple=nvptx64-nvidia-cuda,arch=sm_70,kind=cuda', '--image=file=b.bc,triple=amdgcn-amd-amdhsa,arch=gfx90a,kind=hip', '--image=file=a.o,triple=spir64,kind=sycl'];
      for (const [args, compression] of [
        [['--format-version', '2'], undefined],
        [['--format-version', '3'], undefined],
        [['--format-version', '3', '--compress', 'zlib'], 'zlib'],
        [['--format-version', '3', '--compress', 'zstd'], 'zstd'],
      ] as [string[], string | undefined][]) {
        const r = await cli(['offload-pack', '-o', 'out.bin', ...args, ...images], dir);
        expect(r.code, r.stderr).to.equal(0);
        expect(r.stderr).to.equal(''); // kind=sycl is known in the bitmask numbering
        const bins = readOffloadBinaries(readBytes(join(dir, 'out.bin')));
        expect(bins).to.have.length(1);
        expect(bins[0]!.version).to.equal(Number(args[1]));
        expect(bins[0]!.compression).to.equal(compression);
        expect(bins[0]!.entries.map((e) => [e.imageKind, e.offloadKind])).to.deep.equal([
          [1, 2],
          [2, 4],
          [1, 8],
        ]);
        expect(bins[0]!.entries.map((e) => e.strings.get('triple'))).to.deep.equal(['nvptx64-nvidia-cuda', 'amdgcn-amd-amdhsa', 'spir64']);
      }
      // A sequential numbering asked for in a version 2/3 binary is written, with a warning that readers misname it (review 2026-11-30u finding 4).
      const seq = await cli(['offload-pack', '-o', 'seq.bin', '--format-version', '2', '--offload-kinds', 'intel', ...images], dir);
      expect(seq.code, seq.stderr).to.equal(0);
      expect(seq.stderr).to.match(/warning: --offload-kinds intel with version 2: readers name the kinds of version 2 binaries in the bitmask numbering \(hip 4, sycl 8\), so these will be misnamed: hip 3 as unknown\(3\), sycl 4 as hip\n/);
      // Kinds whose number is the same in every numbering: no warning (review 2026-11-30r finding 4).
      const same = await cli(['offload-pack', '-o', 'same.bin', '--format-version', '2', '--offload-kinds', 'llvm19', images[0]!], dir);
      expect([same.code, same.stderr]).to.deep.equal([0, '']);
      expect(readOffloadBinaries(readBytes(join(dir, 'seq.bin')))[0]!.entries.map((e) => e.offloadKind)).to.deep.equal([2, 3, 4]);
    } finally {
      cleanup();
    }
  });

  it('-o - writes the binaries to standard output, like clang-offload-packager', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'k.o'), 'device-object');
      const r = await cli(['offload-pack', '-o', '-', '--image=file=k.o,triple=nvptx64-nvidia-cuda,arch=sm_70,kind=cuda'], dir);
      expect(r.code).to.equal(0);
      expect(r.stdoutBytes).to.deep.equal(readBytes(TESTDATA + 'cuda-sm70.v1.bin'));
      expect(existsSync(join(dir, '-'))).to.equal(false);
    } finally {
      cleanup();
    }
  });

  it('kind=sycl: 8 by default (LLVM 22), 0 with --llvm 19 (with a warning), 4 with --offload-kinds intel', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'k.o'), 'x');
      const d = await cli(['offload-pack', '-o', 'd.bin', '--image=file=k.o,triple=spir64,kind=sycl'], dir);
      expect(d.stderr).to.equal('');
      expect(readOffloadBinaries(readBytes(join(dir, 'd.bin')))[0]!.entries[0]!.offloadKind).to.equal(8);
      const r = await cli(['offload-pack', '--llvm', '19', '-o', 'a.bin', '--image=file=k.o,triple=spir64,kind=sycl'], dir);
      expect(r.code).to.equal(0);
      expect(r.stderr).to.match(/warning: kind=sycl is not an offload kind of clang-offload-packager-19; writing 0 .*no SYCL offload kind/);
      expect(readOffloadBinaries(readBytes(join(dir, 'a.bin')))[0]!.entries[0]!.offloadKind).to.equal(0);
      const i = await cli(['offload-pack', '-o', 'b.bin', '--offload-kinds', 'intel', '--image=file=k.o,triple=spir64,kind=sycl'], dir);
      expect(i.stderr).to.equal('');
      expect(readOffloadBinaries(readBytes(join(dir, 'b.bin')))[0]!.entries[0]!.offloadKind).to.equal(4);
    } finally {
      cleanup();
    }
  });

  it('without -o: the help on standard output (22, main) or a note and nothing (19), status 0 as the packers; no file written', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'k.o'), 'x');
      for (const era of ['22', 'main']) {
        const r = await cli(['offload-pack', '--llvm', era, '--image=file=k.o,triple=t'], dir);
        expect(r.code, r.stderr).to.equal(0);
        expect(r.stdout).to.match(/^Usage: syclbin offload-pack /);
        expect(r.stderr).to.equal('');
      }
      expect((await cli(['offload-pack'], dir)).stdout).to.match(/^Usage: syclbin offload-pack /);
      const r19 = await cli(['offload-pack', '--llvm', '19', '--image=file=missing.o'], dir);
      expect([r19.code, r19.stdout]).to.deep.equal([0, '']);
      expect(r19.stderr).to.equal('syclbin offload-pack: note: no -o OUT: nothing written (clang-offload-packager-19 writes nothing too, status 0)\n');
      // -o '' is no output to the packers too (an unset $OUT in a build script).
      const e22 = await cli(['offload-pack', '--llvm', '22', '-o', '', '--image=file=k.o,triple=t'], dir);
      expect([e22.code, e22.stderr]).to.deep.equal([0, '']);
      expect(e22.stdout).to.match(/^Usage: syclbin offload-pack /);
      const e19 = await cli(['offload-pack', '--llvm', '19', '-o', '', '--image=file=k.o,triple=t'], dir);
      expect([e19.code, e19.stdout, e19.stderr]).to.deep.equal([0, '', r19.stderr]);
      expect(readdirSync(dir)).to.deep.equal(['k.o']);
    } finally {
      cleanup();
    }
  });

  it("an empty file= is no file (LLVM: 'No such file or directory'), not the working directory; 'file' without '=' adds no image; --archive in folder mode is a usage error", async () => {
    const { dir, cleanup } = tempDir();
    try {
      const r = await cli(['offload-pack', '-o', 'e.bin', '--image=file=,triple=t'], dir);
      expect([r.code, r.stderr]).to.deep.equal([1, "syclbin offload-pack: error: '' (an empty file name): No such file or directory\n"]);
      writeFileSync(join(dir, 'k.o'), 'x');
      // 'file' without '=' is no file at all: that --image adds nothing (as both LLVM packers), with a note.
      const none = await cli(['offload-pack', '-o', 'n.bin', '--image=file,triple=t', '--image=file=k.o,triple=u'], dir);
      expect([none.code, none.stderr]).to.deep.equal([0, "syclbin offload-pack: note: --image=file,triple=t adds no image: 'file' has no '=' (llvm-offload-binary-22 skips such an --image too; file=NAME names a file)\n"]);
      const one = await cli(['offload-pack', '-o', 'o.bin', '--image=file=k.o,triple=u'], dir);
      expect(one.code).to.equal(0);
      expect(readFileSync(join(dir, 'n.bin')).equals(readFileSync(join(dir, 'o.bin')))).to.equal(true);
      expect((await cli(['offload-pack', '-o', 'dev.bin', '--image=file=k.o,triple=t'], dir)).code).to.equal(0);
      const a = await cli(['offload-extract', '--archive', 'dev.bin', '-o', 'out'], dir);
      expect(a.code).to.equal(1); // a usage error; 1 as LLVM's parsers
      expect(a.stderr).to.contain('--archive writes the images an --image selects into the archive its file= names');
      expect(existsSync(join(dir, 'out'))).to.equal(false);
    } finally {
      cleanup();
    }
  });

  it('usage errors: bad version, --compress without version 3, bad numbering, v2 without images', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'k.o'), 'x');
      const img = '--image=file=k.o,triple=t';
      for (const args of [
        ['-o', 'o.bin', '--format-version', '4', img],
        ['-o', 'o.bin', '--compress', 'zlib', img],
        ['-o', 'o.bin', '--format-version', '3', '--compress', 'lz4', img],
        ['-o', 'o.bin', '--offload-kinds', 'sycl', img],
        ['-o', 'o.bin', '--format-version', '2'],
      ]) {
        const r = await cli(['offload-pack', ...args], dir);
        expect(r.code, args.join(' ')).to.equal(1); // usage errors: 1, as LLVM's parsers
        expect(r.stderr).to.include('Usage: syclbin offload-pack');
      }
      expect(existsSync(join(dir, 'o.bin'))).to.equal(false);
      // An input file with -o: LLVM's packers answer "mutually exclusive" (they would extract from it), status 1.
      const x = await cli(['offload-pack', '-o', 'o.bin', 'k.o', img], dir);
      expect(x.code).to.equal(1);
      expect(x.stderr).to.equal("syclbin offload-pack: error: Packaging to an output file and extracting from an input file are mutually exclusive.\nsyclbin offload-pack: note: to extract images from k.o, run 'syclbin offload-extract k.o --image=...'\n");
      const y = await cli(['offload-pack', 'k.o', img], dir);
      expect(y.code).to.equal(1);
      expect(y.stderr).to.include("to extract images from k.o, run 'syclbin offload-extract k.o --image=...'\nUsage: syclbin offload-pack");
      expect(existsSync(join(dir, 'o.bin'))).to.equal(false);
      // An input that cannot be opened (also an @file that does not exist): llvm-offload-binary-22's line.
      for (const name of ['nofile', '@nonexist.rsp']) {
        const z = await cli(['offload-pack', name], dir);
        expect([z.code, z.stderr]).to.deep.equal([1, `syclbin offload-pack: error: '${name}': No such file or directory\n`]);
      }
      const zo = await cli(['offload-pack', '-o', 'o.bin', 'nofile', img], dir);
      expect(zo.stderr).to.match(/^syclbin offload-pack: error: Packaging to an output file and extracting from an input file are mutually exclusive\./);
    } finally {
      cleanup();
    }
  });

  it('refuses to overwrite an input image unless --force; a failed pack leaves the old output', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'k.o'), 'precious');
      const r = await cli(['offload-pack', '-o', './k.o', '--image=file=k.o,triple=t'], dir);
      expect(r.code).to.equal(1);
      expect(r.stderr).to.match(/\.\/k\.o: refusing to overwrite the input k\.o/);
      expect(readFileSync(join(dir, 'k.o'), 'utf8')).to.equal('precious');
      const f = await cli(['offload-pack', '-o', 'k.o', '--force', '--image=file=k.o,triple=t'], dir);
      expect(f.code).to.equal(0);
      expect(readOffloadBinaries(readBytes(join(dir, 'k.o')))[0]!.entries[0]!.image).to.deep.equal(new TextEncoder().encode('precious'));
      writeFileSync(join(dir, 'out.bin'), 'old');
      const m = await cli(['offload-pack', '-o', 'out.bin', '--image=file=missing.o,triple=t'], dir);
      expect(m.code).to.equal(1);
      expect(readFileSync(join(dir, 'out.bin'), 'utf8')).to.equal('old');
      expect(readdirSync(dir).some((n) => n.endsWith('.tmp'))).to.equal(false);
    } finally {
      cleanup();
    }
  });
});

describe('node edge: input opener and atomic output', () => {
  it('writeFileAtomic replaces the file and leaves no temporary file; failures clean up', () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileAtomic(join(dir, 'f'), Uint8Array.of(1, 2, 3));
      writeFileAtomic(join(dir, 'f'), 'text');
      expect(readFileSync(join(dir, 'f'), 'utf8')).to.equal('text');
      mkdirSync(join(dir, 'd'));
      expect(() => writeFileAtomic(join(dir, 'd'), 'x')).to.throw(); // rename over a directory fails
      expect(readdirSync(dir).sort()).to.deep.equal(['d', 'f']);
      expect(() => writeFileAtomic(join(dir, 'nodir/f'), 'x')).to.throw(/ENOENT/);
    } finally {
      cleanup();
    }
  });

  it('openInput: small files at once, large ones through the window cache, devices refused', () => {
    const { dir, cleanup } = tempDir();
    try {
      const data = Uint8Array.from({ length: 1000 }, (_, i) => i & 0xff);
      writeFileSync(join(dir, 'd'), data);
      const small = openInput('d', { cwd: dir });
      expect(small.source.bytes).to.deep.equal(data);
      small.close();
      const big = openInput('d', { cwd: dir, wholeFileLimit: 10 }); // forced positioned reads
      expect(big.source.bytes).to.equal(undefined);
      expect(big.source.read(998, 2)).to.deep.equal(Uint8Array.of(998 & 0xff, 999 & 0xff));
      expect(big.source.read(0, 3)).to.deep.equal(Uint8Array.of(0, 1, 2));
      big.close();
      const stdin = openInput('-', { cwd: dir, stdin: () => data });
      expect(stdin.source.bytes).to.deep.equal(data);
      expect(() => openInput('-', { cwd: dir, stdin: () => data, maxStreamBytes: 10 })).to.throw(FileError, /limit/);
      expect(() => openInput('/dev/zero', { cwd: dir })).to.throw(FileError, /a device that gives more than/);
      expect(openInput('/dev/null', { cwd: dir }).source.size).to.equal(0);
      expect(() => openInput('.', { cwd: dir })).to.throw(FileError, /directory/);
    } finally {
      cleanup();
    }
  });

  it('offload-list gives the same text with positioned reads as with a whole-file read', async () => {
    const bytes = readBytes(TESTDATA + 'multi.v1.bin');
    const viaMemory = readOffloadBinaries(bytes);
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'm.bin'), bytes);
      const src = openInput('m.bin', { cwd: dir, wholeFileLimit: 0 });
      try {
        const viaFile = readOffloadBinaries(src.source);
        expect(viaFile.map((b) => b.entries.map((e) => [e.raw, [...e.strings], [...e.image]]))).to.deep.equal(viaMemory.map((b) => b.entries.map((e) => [e.raw, [...e.strings], [...e.image]])));
      } finally {
        src.close();
      }
    } finally {
      cleanup();
    }
  });
});

describe('cli: offload-pack --archive (accepted and ignored when packing, as llvm-offload-binary)', () => {
  it('writes the same bytes as without it, with a note', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'k.o'), 'device-object');
      const a = await cli(['offload-pack', '-o', 'a.bin', '--image=file=k.o,triple=t', '--archive'], dir);
      expect(a.code, a.stderr).to.equal(0);
      expect(a.stderr).to.match(/--archive applies to extraction .*ignored when packing/);
      const b = await cli(['offload-pack', '-o', 'b.bin', '--image=file=k.o,triple=t'], dir);
      expect(b.code).to.equal(0);
      expect(readFileSync(join(dir, 'a.bin')).equals(readFileSync(join(dir, 'b.bin')))).to.equal(true);
    } finally {
      cleanup();
    }
  });
});

describe('cli: offload-list --json on every container of testdata/llvm22 validates against its schema', () => {
  const LLVM22 = new URL('../../testdata/llvm22/', import.meta.url).pathname;
  it('the schema names every container kind the reader has (src/offload/input.ts OFFLOAD_CONTAINERS)', () => {
    const container = (schema as { properties: { container: { enum: string[] } } }).properties.container.enum;
    expect([...container].sort()).to.deep.equal([...OFFLOAD_CONTAINERS].sort());
  });
  for (const sub of ['containers', 'strict']) {
    const files = readdirSync(LLVM22 + sub).filter((f) => !/\.(txt|c|ll|md)$/.test(f));
    it(`${sub}/ (${files.length} files: Mach-O, WebAssembly, COFF, archives, ...)`, async () => {
      let checked = 0;
      for (const f of files) {
        const r = await cli(['offload-list', '--json', LLVM22 + sub + '/' + f], '/');
        if (!r.stdout) continue; // refused before any JSON (its error is tested elsewhere)
        const ok = validate(JSON.parse(r.stdout));
        expect(ok, `${sub}/${f}: ${JSON.stringify(validate.errors)}`).to.equal(true);
        checked++;
      }
      expect(checked).to.be.greaterThan(files.length / 2);
    });
  }
});

describe('cli: offload-list says once that the era cannot read a version (review 2026-11-28 helper F)', () => {
  it('an object holding a version-2 binary: one note about version 2, in text and --json', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'v2.o'), elfWithSection(readBytes(CONFORMANCE + 'sample_v2_roles.syclbin')));
      for (const args of [['offload-list', 'v2.o'], ['offload-list', '--json', 'v2.o']]) {
        const r = await cli(args, dir);
        expect(r.code, r.stderr).to.equal(0);
        expect(r.stderr.match(/version 2/g), r.stderr).to.have.length(1);
      }
    } finally {
      cleanup();
    }
  });
});

describe('cli: offload-extract names an archive member of an empty name in words (review 2026-11-28 message sweep)', () => {
  it('a bundle failure in the blank-named member: no ": :" in the note', async () => {
    // testdata/llvm22/strict/blank-name.a with one byte of its member's section headers changed: a
    // section then lies outside the file, which llvm-objdump-22 fails on while reading offload bundles.
    const bytes = readFileSync(join(TESTDATA, '../llvm22/strict/blank-name.a'));
    bytes[871]! ^= 0x01;
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'in.a'), bytes);
      const r = await cli(['offload-extract', '-o', 'out', 'in.a'], dir);
      expect(r.code).to.equal(0);
      expect(r.stderr).to.include('note: the archive member with an empty name: llvm-objdump-22 fails on the offload bundles');
      expect(r.stderr).not.to.include(': :');
    } finally {
      cleanup();
    }
  });
});

describe('cli: notes quote archive member names terminal-safe (review 2026-11-28 message sweep)', () => {
  // A GNU archive of one member named "a ESC [2J 0xff .o" holding text: the note names it.
  function archive(): Uint8Array {
    const enc = new TextEncoder();
    const data = enc.encode('hello\n');
    const name = Uint8Array.of(0x61, 0x1b, 0x5b, 0x32, 0x4a, 0xff, 0x2e, 0x6f, 0x2f, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20);
    const rest = enc.encode('0'.padEnd(12) + '0'.padEnd(6) + '0'.padEnd(6) + '644'.padEnd(8) + String(data.length).padEnd(10) + '`\n');
    return new Uint8Array([...enc.encode('!<arch>\n'), ...name, ...rest, ...data]);
  }
  it('offload-list, offload-extract and inspect show ESC and the byte 0xff as \\xNN', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'm.a'), archive());
      const expected = 'a\\x1b[2J\\xff.o: not an object file, archive, OffloadBinary, bitcode or SPIR-V module (starts with 68 65 6c 6c); nothing read';
      const list = await cli(['offload-list', 'm.a'], dir);
      expect(list.stderr).to.equal(`syclbin offload-list: m.a: note: ${expected}\n`);
      const ex = await cli(['offload-extract', '-o', 'out', 'm.a'], dir);
      expect(ex.stderr).to.include(`syclbin offload-extract: m.a: note: ${expected}\n`);
      const ins = await cli(['inspect', 'm.a'], dir);
      expect(ins.stdout).to.include(`  ${expected}\n`);
      for (const r of [list, ex]) expect(r.stderr).not.to.match(/[\u001b\ufffd\udc80-\udcff]/);
    } finally {
      cleanup();
    }
  });
});
