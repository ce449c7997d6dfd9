/**
 * `syclbin verify` finds the one problem seeded in each file of testdata/broken/ (made by
 * testdata/broken/generate.ts, listed in cases.json) at the recorded path and byte offset, clean files
 * have no errors, and every problem has a severity, an offset inside the file and a path.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { verify } from '../../src/hex/verify.js';
import { writeOffloadBinary } from '../../src/offload/write.js';
import { sampleModel, VARIANTS, writeVariant } from './fixtures.js';
import { checkTypedSets, repeatDiagnostics } from '../../src/props/check.js';
import { readRegistry, type RegistryRepeat } from '../../src/props/registry.js';
import { decodeTypedRegistry } from '../../src/props/typed/index.js';
import { handSybi } from '../../testdata/syclbin/generate.js';
import { initZstd } from '../../src/node/compressors.js';
import { annotate } from '../../src/hex/annotate.js';
import { OFFLOAD_BINARY_MAGIC, OffloadHeaderPrefix, OffloadHeaderV1 } from '../../formats/offload-binary.js';
import { archiveChunks } from '../../src/containers/archive.js';
import { concatBytes, memoryBlob } from '../../src/codec/index.js';
import { uint32 } from '../../src/props/model.js';

const BROKEN = new URL('../../testdata/broken/', import.meta.url).pathname;

interface Case {
  file: string;
  description: string;
  expect: { severity: string; code: string; path: string; offset: number };
}

describe('hex: verify', () => {
  const cases = JSON.parse(readFileSync(BROKEN + 'cases.json', 'utf8')) as Case[];
  it('has broken files', () => expect(cases.length).to.be.at.least(20));
  for (const c of cases) {
    it(`${c.file}: ${c.description}`, () => {
      const bytes = new Uint8Array(readFileSync(BROKEN + c.file));
      const r = verify(bytes);
      const e = c.expect;
      const hit = r.problems.find((p) => p.path === e.path && p.offset === e.offset && p.severity === e.severity && p.code === e.code);
      expect(hit, `expected ${JSON.stringify(e)} in\n${r.problems.map((p) => JSON.stringify(p)).join('\n')}`).to.not.equal(undefined);
      for (const p of r.problems) {
        expect(p.offset).to.be.within(0, bytes.length);
        expect(['error', 'warning', 'note']).to.include(p.severity);
      }
      // Only the seeded error: no error anywhere else when the seeded problem is a warning/note.
      if (e.severity !== 'error') expect(r.counts.error, JSON.stringify(r.problems)).to.equal(0);
    });
  }

  it("offload kinds: any era's numbering of a version-1 binary is known (LLVM 22's sycl 8, hip 4; intel's sycl 4), others are flagged; v2/v3 are bitmask only", async () => {
    const { writeOffloadBinary } = await import('../../src/offload/write.js');
    const kindWarnings = (kind: number, formatVersion: 1 | 2): string[] =>
      verify(writeOffloadBinary([{ imageKind: 1, offloadKind: kind, strings: new Map([['triple', 't']]), image: new Uint8Array(8) }], { version: formatVersion }))
        .problems.filter((p) => p.path.endsWith('offloadKind'))
        .map((p) => p.message);
    for (const k of [0, 1, 2, 3, 4, 8]) expect(kindWarnings(k, 1), `v1 kind ${k}`).to.deep.equal([]);
    expect(kindWarnings(5, 1)).to.deep.equal([
      'unknown offload kind 5 for an OffloadBinary v1 (LLVM 19/20 (sequential), intel/llvm (sequential, sycl 4), LLVM 21+ (bitmask, llvm-project #135809): they define 0, 1, 2, 3, 4, 8)',
    ]);
    for (const k of [0, 1, 2, 4, 8]) expect(kindWarnings(k, 2), `v2 kind ${k}`).to.deep.equal([]);
    expect(kindWarnings(3, 2)).to.have.length(1);
    // What clang-sycl-linker-22 writes (offload kind 8): no finding at all.
    expect(verify(new Uint8Array(readFileSync(new URL('../../testdata/llvm22/sycl/k2.img', import.meta.url)))).problems).to.deep.equal([]);
  });

  it('reports nothing for clean canonical files written by our writer but the placeholder IR modules of the sample (code image)', () => {
    for (const v of VARIANTS.filter((x) => x.name !== 'v1-grouped')) {
      const r = verify(writeVariant(sampleModel(), v));
      expect(r.problems.filter((p) => p.code !== 'image'), v.name).to.deep.equal([]);
      // test/hex/fixtures.ts: a 9-byte "SPIR-V" module (the magic and 5 bytes) and 3 bytes declared SPIR-V.
      // (in a compressed envelope at the compressed payload, the inner path and offset around the message)
      const said = /the SPIR-V module in this image \(at 0x[0-9a-f]+\) is cut short: 9 of its 20-byte header|its IR module metadata says type 0, SPIR-V, but its bytes are not a SPIR-V module \(they start with 09 08 07\)/;
      expect(r.problems.map((p) => [p.severity, said.exec(p.message)?.[0].replace(/ \(at 0x[0-9a-f]+\)/, '')]), v.name).to.deep.equal([
        ['warning', 'the SPIR-V module in this image is cut short: 9 of its 20-byte header'],
        ['warning', 'its IR module metadata says type 0, SPIR-V, but its bytes are not a SPIR-V module (they start with 09 08 07)'],
      ]);
    }
  });

  it("reports what LLVM's reader folds (a key given again, a set named again) as props --check does, in .prop files and SYCLBIN metadata", () => {
    const te = new TextEncoder();
    // props --check: the folding warnings, then the semantic checks (src/cli/commands/props.ts).
    const check = (text: Uint8Array): string[] => {
      const repeats: RegistryRepeat[] = [];
      const reg = readRegistry(text, { repeats });
      return [...repeatDiagnostics(repeats), ...checkTypedSets(decodeTypedRegistry(reg))].map((d) => `${d.severity}: ${d.message}`);
    };
    for (const [text, path, offset] of [
      ['[A]\nk=1|5\nk=1|6\n', '["A"]["k"]', 10],
      ['[A]\n[A]\nk=1|1\n', '["A"]', 4],
    ] as const) {
      const bytes = te.encode(text);
      const r = verify(bytes);
      expect(r.problems.map((p) => `${p.severity}: ${p.message}`).sort(), text).to.deep.equal(check(bytes).sort());
      expect(r.problems.find((p) => p.severity === 'warning'), text).to.include({ path, offset, code: 'property' });
    }
    // In SYCLBIN metadata LLVM's reader folds alike: the global metadata gives `state` twice.
    const md = te.encode('[SYCLBIN/global metadata]\nstate=1|0\nstate=1|0\n');
    const file = handSybi({ md, bin: new Uint8Array(0), global: [0, md.length], ams: [], irs: [], natives: [] });
    const at = 56 + '[SYCLBIN/global metadata]\nstate=1|0\n'.length;
    const w = verify(file).problems.filter((p) => p.severity === 'warning');
    expect(w.map((p) => [p.path, p.offset, p.message])).to.deep.equal([
      ['globalMetadata["SYCLBIN/global metadata"]["state"]', at, "line 3: the key is given again in its set: LLVM's PropertySetRegistry::read keeps this last value, at the first one's place"],
    ]);
  });

  it('a key given again and again is one warning at its first repeat with the count (1,000,000 repeats were as many warnings)', () => {
    const te = new TextEncoder();
    const text = te.encode(`[A]\n${'k=1|1\n'.repeat(5000)}j=1|0\nj=1|0\n[A]\n[A]\n`);
    const r = verify(text).problems.filter((p) => p.severity === 'warning');
    expect(r.map((p) => [p.path, p.offset, p.message])).to.deep.equal([
      ['["A"]["k"]', 10, "line 3 (and 4998 more line(s)): the key is given again in its set: LLVM's PropertySetRegistry::read keeps this last value, at the first one's place"],
      ['["A"]["j"]', 4 + 6 * 5001, "line 5003: the key is given again in its set: LLVM's PropertySetRegistry::read keeps this last value, at the first one's place"],
      ['["A"]', 4 + 6 * 5002, 'line 5004 (and 1 more line(s)): the set is named again: LLVM\'s PropertySetRegistry::read adds what follows to the first [A]'],
    ]);
  });

  it('a finding per line (unknown keys of a known set, 20,000 lines) is placed on its own line, the last of a repeated key (lines found through an index, not a scan per finding)', () => {
    const lines = ['[SYCL/devicelib req mask]'];
    for (let i = 0; i < 20_000; i++) lines.push(`key${i}=1|${i}`);
    lines.push('key7=1|7');
    const text = lines.join('\n') + '\n';
    const r = verify(new TextEncoder().encode(text));
    const unknown = r.problems.filter((p) => p.message === 'unknown key in a known set; value kept raw');
    expect(unknown.length).to.equal(20_000);
    const valueAt = (line: number): number => lines.slice(0, line).join('\n').length + 1 + lines[line]!.indexOf('=') + 3; // (the value, after '=1|')
    expect(unknown.find((p) => p.path === '["SYCL/devicelib req mask"]["key19999"]')!.offset).to.equal(valueAt(20_000));
    // key7 is given twice: LLVM keeps the last value, and the finding is on that line.
    expect(unknown.find((p) => p.path === '["SYCL/devicelib req mask"]["key7"]')!.offset).to.equal(valueAt(20_001));
  });

  it('a compressed v3 file cut short in its trailing padding: one padding note, zlib and zstd alike; the bytes left are padding', async () => {
    await initZstd();
    const SYCLBIN = new URL('../../testdata/syclbin/', import.meta.url).pathname;
    for (const [name, size] of [
      ['v1_in_offload_v3_zlib.syclbin', 1157],
      ['v2_roles_v3_zstd.syclbin', 1183],
    ] as const) {
      const whole = new Uint8Array(readFileSync(SYCLBIN + name));
      // (these files hold placeholder IR modules: random bytes declared SPIR-V, code image)
      const own = (r: ReturnType<typeof verify>) => r.problems.filter((p) => p.code !== 'image');
      expect(own(verify(whole)), name).to.deep.equal([]);
      for (let cut = size; cut < whole.length; cut++) {
        const bytes = whole.subarray(0, cut);
        const r = verify(bytes);
        expect(own(r).map((p) => [p.severity, p.code, p.path, p.offset]), `${name} cut to ${cut}`).to.deep.equal([['note', 'padding', 'padding', size]]);
        expect(own(r)[0]!.message).to.equal(
          `the file ends after ${cut - size} of the ${whole.length - size} zero byte(s) that pad the compressed binary (Size ${size}) to a multiple of 8: LLVM's writer writes them all, readers need none`,
        );
        const tail = annotate(bytes).spans.filter((sp) => sp.offset >= size && sp.size > 0);
        expect(tail.map((sp) => [sp.kind, sp.offset, sp.size])).to.deep.equal(cut > size ? [['padding', size, cut - size]] : []);
      }
    }
  });

  it("a SYCLBIN whose global metadata has no [SYCLBIN/global metadata] set at all: the runtime's missing-'state' error, as for the set without 'state'", () => {
    for (const v of [VARIANTS[0]!, VARIANTS.find((x) => x.name === 'v2-roles')!]) {
      const m = sampleModel();
      m.globalMetadata = new Map([['Other', new Map([['k', uint32(1)]])]]);
      const r = verify(writeVariant(m, v));
      const errors = r.problems.filter((p) => p.severity === 'error');
      expect(errors.map((p) => [p.path, p.message]), v.name).to.deep.equal([['globalMetadata', "SYCLBIN global metadata missing 'state' (there is no [SYCLBIN/global metadata] set)"]]);
    }
  });

  it('LLVM IR text (clang -S -emit-llvm, sycl-post-link -S): named llvm-ir, one span, a note that it is not checked here, no error; diff compares two as text files (review 2026-12-03a F2)', async () => {
    const ll = readFileSync(new URL('../../testdata/lower/non-ascii-names.ll', import.meta.url));
    const bytes = new Uint8Array(ll);
    const ann = annotate(bytes);
    expect(ann.format).to.equal('llvm-ir');
    expect(ann.spans.map((s) => [s.offset, s.size, s.path, s.kind])).to.deep.equal([[0, bytes.length, 'text', 'bytes']]);
    const v = verify(bytes);
    expect(v.counts).to.deep.equal({ error: 0, warning: 0, note: 1 });
    expect(v.problems[0]).to.include({ code: 'incomplete', path: 'text' });
    expect(v.problems[0]!.message).to.match(/^LLVM IR text: not checked here/);
    const { diffFiles } = await import('../../src/hex/diff.js');
    const other = Uint8Array.from(bytes);
    other[other.length - 2] ^= 1;
    expect(diffFiles(bytes, bytes).entries).to.deep.equal([]);
    expect(diffFiles(bytes, other).entries.map((c) => c.path)).to.deep.equal(["text"]);
    // (text that is no IR stays unknown: an error)
    expect(annotate(new TextEncoder().encode('hello world\n')).format).to.equal('unknown');
  });

  it('reports all independent problems, not just the first', () => {
    const b = writeVariant(sampleModel(), VARIANTS[0]!);
    const v = new DataView(b.buffer);
    // Both IR module headers point outside the metadata table (at 56+64 and 56+96).
    v.setBigUint64(120, 0xfff0n, true);
    v.setBigUint64(152, 0xfff8n, true);
    const r = verify(b);
    const errs = r.problems.filter((p) => p.severity === 'error').map((p) => [p.path, p.offset]);
    expect(errs).to.deep.include(['irModules[0].metadataOffset', 120]);
    expect(errs).to.deep.include(['irModules[1].metadataOffset', 152]);
  });
});

describe('verify/annotate: an OffloadBinary that cannot be read is an error wherever it sits (a sequence, an object, an archive)', () => {
  const OFFLOAD = new URL('../../testdata/offload/', import.meta.url).pathname;
  const CONTAINERS = new URL('../../testdata/llvm22/containers/', import.meta.url).pathname;
  const MAGIC = Uint8Array.from(OFFLOAD_BINARY_MAGIC);
  /** `bytes` with the u32/u64 field of the first OffloadBinary header at `field` set to `value`. */
  const patched = (bytes: Uint8Array, field: 'version' | 'size', value: number): Uint8Array => {
    const b = bytes.slice();
    const at = Buffer.from(b).indexOf(Buffer.from(MAGIC));
    const v = new DataView(b.buffer);
    if (field === 'version') v.setUint32(at + OffloadHeaderPrefix.offsets.version!, value, true);
    else v.setBigUint64(at + OffloadHeaderV1.offsets.size!, BigInt(value), true);
    return b;
  };
  const errorsOf = (b: Uint8Array) => verify(b).problems.filter((p) => p.severity === 'error').map((p) => [p.path, p.message.replace(/ \(at .*$/, '')]);

  it('the first of several binaries with a Size smaller than its header: an error, and reading stops there (no unreferenced-byte warnings); no binary starts where that Size ends, so it is the file\'s one binary, named as dump names it', () => {
    const r = verify(patched(new Uint8Array(readFileSync(OFFLOAD + 'multi.v1.bin')), 'size', 16));
    expect(r.problems.map((p) => [p.severity, p.code, p.path])).to.deep.equal([
      ['error', 'structure', 'header.size'],
      ['note', 'incomplete', 'header.size'],
    ]);
    expect(annotate(patched(new Uint8Array(readFileSync(OFFLOAD + 'multi.v1.bin')), 'size', 16)).problems).to.have.length(1);
  });

  it('a SYCLBIN envelope whose Size is too small (ending in its own strings): verify, offload-list and dump name the same paths (entries[0]…, not binaries[0]…; review 2026-12-03b finding 2)', async () => {
    const b = new Uint8Array(readFileSync(new URL('../../testdata/syclbin/v1_in_offload_v2.syclbin', import.meta.url))).slice();
    new DataView(b.buffer).setBigUint64(OffloadHeaderV1.offsets.size!, 100n, true);
    const { readSyclbin } = await import('../../src/syclbin/read.js');
    const { readOffloadBinaries } = await import('../../src/offload/read.js');
    let dumpError = '';
    try {
      readSyclbin(b);
    } catch (e) {
      dumpError = (e as { path: string }).path;
    }
    let listError = '';
    try {
      readOffloadBinaries(b, { singlePaths: true });
    } catch (e) {
      listError = (e as { path: string }).path;
    }
    const errors = verify(b).problems.filter((p) => p.severity === 'error').map((p) => p.path);
    expect(dumpError).to.equal('entries[0].strings[0].keyOffset');
    expect(errors).to.include(dumpError);
    expect(errors.every((p) => p.startsWith('entries[0].'))).to.equal(true);
    expect(listError.startsWith('entries[0].')).to.equal(true);
  });

  it('a later binary of unknown version: the binaries before it are read, the error names it', () => {
    const one = new Uint8Array(readFileSync(OFFLOAD + 'cuda-sm70.v1.bin'));
    const both = new Uint8Array([...one, ...patched(one, 'version', 4)]);
    expect(errorsOf(both)).to.deep.equal([['binaries[1].header.version', 'unsupported OffloadBinary version 4 (this reader supports 1, 2 and 3)']]);
    expect(annotate(both).offload).to.have.length(1);
  });

  it('in an ELF object and in an archive member (llvm-objdump-22 fails on both: "Invalid data")', () => {
    const elf = patched(new Uint8Array(readFileSync(CONTAINERS + 'omp22.o')), 'version', 4);
    expect(errorsOf(elf)).to.deep.equal([['sections[12].binaries[0].header.version', 'unsupported OffloadBinary version 4 (this reader supports 1, 2 and 3)']]);
    const ar = concatBytes(archiveChunks([{ name: 'ok.o', data: new Uint8Array(readFileSync(CONTAINERS + 'omp22.o')) }, { name: 'bad.o', data: elf }]).map((c) => (c instanceof Uint8Array ? c : c.bytes())));
    const errs = errorsOf(ar);
    expect(errs).to.have.length(1);
    expect(errs[0]![0]).to.match(/^members\[\d+\]\.data\.sections\[12\]\.binaries\[0\]\.header\.version$/);
  });
});

describe("verify: an archive's GNU symbol table (what llvm-nm and linkers read; llvm-objdump does not)", () => {
  const CONTAINERS = new URL('../../testdata/llvm22/containers/', import.meta.url).pathname;
  const bytesOf = (chunks: ReturnType<typeof archiveChunks>): Uint8Array => concatBytes(chunks.map((c) => (c instanceof Uint8Array ? c : c.bytes())));
  const good = (): Uint8Array => bytesOf(archiveChunks([{ name: 'a.o', data: new Uint8Array(readFileSync(CONTAINERS + 'omp22.o')), symbols: ['f', 'g'] }, { name: 'b.o', data: Uint8Array.of(1, 2), symbols: ['h'] }]));
  const symtabErrors = (ar: Uint8Array): string[] => verify(ar).problems.filter((p) => p.path === 'members[0].data' || p.message.includes('symbol table')).map((p) => `${p.severity} ${p.message}`);
  // (the table: header at 8, data at 68: a big-endian count, count offsets, the names)
  const DATA = 8 + 60;

  it('the tables our writer (LLVM ArchiveWriter layout) and the system write verify clean', () => {
    expect(symtabErrors(good())).to.deep.equal([]);
    // (llvm-ar-22's, testdata/llvm22/containers/omp.a)
    expect(symtabErrors(new Uint8Array(readFileSync(CONTAINERS + 'omp.a')))).to.deep.equal([]);
  });

  it('a count the table has no room for (review 2026-12-01b finding 8: 0x7fffffff symbols in 8 bytes)', () => {
    const ar = good();
    new DataView(ar.buffer).setUint32(DATA, 0x7fffffff, false);
    expect(symtabErrors(ar)).to.have.length(1);
    expect(symtabErrors(ar)[0]).to.match(/^error the symbol table says 2147483647 symbol\(s\): their member offsets need 8589934588 bytes after the count, it has \d+ \(room for \d+\)/);
  });

  it('an offset where no member header starts, and fewer names than symbols', () => {
    const ar = good();
    const v = new DataView(ar.buffer);
    v.setUint32(DATA + 4 + 4, v.getUint32(DATA + 4, false) + 2, false);
    expect(symtabErrors(ar)).to.deep.equal([`error the symbol table: 1 of its 3 symbol(s) name a member offset where no member header starts (the first: symbol 1, offset 0x${(v.getUint32(DATA + 4, false) + 2).toString(16)}); llvm-nm and linkers fail opening that member`]);
    const fewer = good();
    // the last name's NUL becomes a letter: 2 names for 3 symbols
    const end = DATA + 4 + 12 + 'f\0g\0h'.length;
    fewer[end] = 0x78;
    expect(symtabErrors(fewer)).to.deep.equal(['error the symbol table says 3 symbol(s) but holds 2 NUL-terminated name(s) after the offsets: llvm-nm and linkers read names past it']);
  });
});

describe('verify/annotate: a file of no known kind is named alike at any size (as inspect names it)', () => {
  it('text of 40 and of 400 bytes: "not a SYCLBIN, OffloadBinary, ..." at offset 0, one unreferenced span; a SYCLBIN magic with one byte changed is still read as a SYCLBIN', () => {
    const text = new TextEncoder().encode('# Network services, Internet style\n'.repeat(12));
    for (const n of [40, 400]) {
      const r = verify(text.subarray(0, n));
      expect(r.format).to.equal('unknown');
      expect(r.problems.map((p) => [p.severity, p.offset, p.message])).to.deep.equal([
        ['error', 0, 'not a SYCLBIN (49 42 59 53), OffloadBinary (10 ff 10 ad), ELF, COFF, PE, archive, SPIR-V, LLVM bitcode or property-set registry file (starts with 23 20 4e 65)'],
      ]);
      expect(annotate(text.subarray(0, n)).spans.map((s) => [s.kind, s.offset, s.size])).to.deep.equal([['unreferenced', 0, n]]);
    }
    const bad = verify(new Uint8Array(readFileSync(BROKEN + 'v1-bad-magic.syclbin')));
    expect([bad.format, bad.problems[0]!.path, bad.problems[0]!.message]).to.deep.equal(['syclbin-v1', 'header.magic', 'Incorrect SYCLBIN magic number. Found 48 42 59 53; expected 49 42 59 53 (SYCLBIN v1) or 10 ff 10 ad (OffloadBinary). (at header.magic, offset 0x0)']);
  });
});

describe('verify: a file that is one module is checked as far as its own reader would stop', () => {
  const spv = new Uint8Array(readFileSync('testdata/syclbin/k.spv'));
  it('SPIR-V: a size that is not whole words, an instruction past the end, word count 0 are errors at the instruction; a valid module is clean', () => {
    expect(verify(spv).problems).to.deep.equal([]);
    const cut = verify(spv.subarray(0, 30));
    expect(cut.problems.map((p) => [p.severity, p.offset, p.path])).to.deep.equal([['error', 28, 'instructions']]);
    expect(cut.problems[0]!.message).to.match(/30 bytes, not a whole number of 32-bit words/);
    const mid = verify(spv.subarray(0, 100));
    expect(mid.problems.map((p) => [p.severity, p.offset, p.path])).to.deep.equal([['error', 92, 'instructions']]);
    expect(mid.problems[0]!.message).to.match(/instruction 5 \(opcode 3\) is 3 words, 2 remain/);
    const zero = spv.slice();
    new DataView(zero.buffer).setUint32(20, 0x0000_0011, true); // OpCapability with word count 0
    expect(verify(zero).problems.map((p) => [p.offset, p.path, p.message])).to.deep.equal([[20, 'instructions', 'instruction 0 (opcode 17) has word count 0']]);
    // The same module big-endian: read in its own byte order.
    const be = new Uint8Array(spv.length);
    for (let i = 0; i < spv.length; i += 4) for (let k = 0; k < 4; k++) be[i + k] = spv[i + 3 - k]!;
    expect(verify(be).problems).to.deep.equal([]);
  });

  it('LLVM bitcode: what BitcodeReader cannot read is an error at the bitstream; valid modules (clang-22) are clean', () => {
    const bad = verify(new Uint8Array(readFileSync('testdata/offload/k.bc')));
    expect(bad.problems.map((p) => [p.severity, p.offset, p.path])).to.deep.equal([['error', 4, 'bitstream']]);
    expect(bad.problems[0]!.message).to.equal('LLVM cannot read this bitcode: the bitcode is 9 bytes, not a multiple of 4 (BitcodeReader: "Invalid bitcode signature")');
    for (const f of ['testdata/llvm22/sycl/k.device.bc', 'testdata/llvm22/containers/host.bc']) expect(verify(new Uint8Array(readFileSync(f))).problems, f).to.deep.equal([]);
    // Cut inside the stream (a whole number of words): the record walk stops there.
    const cut = verify(new Uint8Array(readFileSync('testdata/llvm22/sycl/k.device.bc')).subarray(0, 1024));
    expect(cut.problems.map((p) => [p.severity, p.path])).to.deep.equal([['error', 'bitstream']]);
  });
});

describe('verify: inside a compressed OffloadBinary v3 (what annotate --inflated reads)', () => {
  const compressed = (file: string): Uint8Array => {
    const image = new Uint8Array(readFileSync(BROKEN + file));
    return writeOffloadBinary([{ imageKind: 0, offloadKind: 8, strings: { triple: 'spir64-unknown-unknown' }, image }], { version: 3, compression: 'zlib' });
  };
  it('the problems of the SYCLBIN inside are the file\'s, at the compressed payload with their inflated offset; valid compressed files stay clean', () => {
    const bare = verify(new Uint8Array(readFileSync(BROKEN + 'v1-unknown-state.syclbin')));
    expect(bare.counts.error).to.equal(1);
    const r = verify(compressed('v1-unknown-state.syclbin'));
    expect(r.counts.error).to.equal(1);
    const e = r.problems.find((p) => p.severity === 'error')!;
    // At the compressed payload (as annotate names those bytes); the path inside leads the message.
    expect([e.offset, e.path]).to.deep.equal([40, 'compressedPayload']);
    expect(e.message).to.match(/^entries\[0\]\.image\.globalMetadata\["SYCLBIN\/global metadata"\]\["state"\]: unknown value 7 .* \(at 0x[0-9a-f]+ of the inflated binary, header included: annotate --inflated shows it\)$/);
    // Overlaps and padding inside too; the same finding is not reported twice.
    const o = verify(compressed('v1-overlapping-images.syclbin'));
    expect(o.problems.filter((p) => p.code === 'overlap')).to.have.length(2);
    expect(new Set(o.problems.map((p) => `${p.path}|${p.message}`)).size).to.equal(o.problems.length);
    // (their IR modules are placeholders, random bytes declared SPIR-V: said with code image, nothing else)
    for (const f of ['v1_in_offload_v3_zlib.syclbin', 'v2_roles_v3_zstd.syclbin']) expect(verify(new Uint8Array(readFileSync('testdata/syclbin/' + f))).problems.filter((p) => p.code !== 'image'), f).to.deep.equal([]);
  });
});

describe('hex: verify of a compressed envelope: a finding inside is reported once, at the compressed payload', () => {
  it('an IR type that does not match its target (v1 in v3 zlib, v2 in v3 zstd): one warning, at the payload, not a second at offset 0', async () => {
    await initZstd();
    const { readSyclbin } = await import('../../src/syclbin/read.js');
    const { writeSyclbin } = await import('../../src/syclbin/write.js');
    for (const name of ['v1_in_offload_v3_zlib', 'v2_roles_v3_zstd']) {
      const file = readSyclbin(new Uint8Array(readFileSync(new URL(`../../testdata/syclbin/${name}.syclbin`, import.meta.url))));
      const ir = file.abstractModules[0]!.irModules[0]!;
      ir.metadata.get('SYCLBIN/ir module metadata')!.set('type', uint32(1)); // PTX, target still spir64
      const bytes = writeSyclbin(file, { format: file.version, envelope: 'keep' });
      const found = verify(bytes).problems.filter((p) => p.code === 'target');
      expect(found.map((p) => [p.severity, p.path]), name).to.deep.equal([['warning', 'compressedPayload']]);
      expect(found[0]!.offset, name).to.equal(40); // after the 40-byte v3 header
      expect(found[0]!.message, name).to.match(/irModules\[0\]\.metadata\["SYCLBIN\/ir module metadata"\]\["target"\]: IR type 1 does not match target triple 'spir64-unknown-unknown' \(at 0x[0-9a-f]+ of the inflated binary/);
    }
  });
});

describe('hex: verify of property-set text that does not read: read as property sets, with the reason', () => {
  it('a NUL in a later line and a byte order mark: the registry error at its line and offset, not "not a property-set file"', () => {
    const enc = new TextEncoder();
    const nul = verify(enc.encode('[S]\nk=1|1\u0000\n'));
    expect(nul.format).to.equal('property-sets');
    expect(nul.problems[0]).to.include({ severity: 'error', offset: 9 });
    expect(nul.problems[0]!.message).to.contain('NUL byte in property set registry text');
    const bom = verify(Uint8Array.of(0xef, 0xbb, 0xbf, ...enc.encode('[S]\nk=1|1\n')));
    expect(bom.format).to.equal('property-sets');
    expect(bom.problems.map((p) => [p.severity, p.offset, p.message.includes('byte order mark')])).to.deep.include(['note', 0, true]);
    // A binary file that happens to start with '[' and has a NUL in its first line is still no registry.
    expect(verify(Uint8Array.of(0x5b, 0, 1, 2, 0x5d, 0x0a)).format).to.equal('unknown');
  });
});

describe('hex: a SYCLBIN embedded in an object (clang-22 -fembed-offload-object) is explained and verified as inspect explains it', () => {
  it('annotate names its structures under the image, hexdump --path finds them, verify reports its problem there', async function () {
    this.timeout(30_000);
    const { requireTool } = await import('../support/tools.js');
    const clang = requireTool('clang-22');
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { readSyclbin } = await import('../../src/syclbin/read.js');
    const { writeSyclbin } = await import('../../src/syclbin/write.js');
    const { pathRanges } = await import('../../src/hex/hexdump.js');
    const dir = mkdtempSync(join(tmpdir(), 'embed-'));
    try {
      // A v1 SYCLBIN in an OffloadBinary v1 whose IR module says PTX for a spir64 target.
      const file = readSyclbin(new Uint8Array(readFileSync(new URL('../../testdata/syclbin/v1_in_offload_v1.syclbin', import.meta.url))));
      file.abstractModules[0]!.irModules[0]!.metadata.get('SYCLBIN/ir module metadata')!.set('type', uint32(1));
      writeFileSync(join(dir, 'k.syclbin'), writeSyclbin(file, { format: 1, envelope: 'keep' }));
      execFileSync(clang, ['-c', '-x', 'c', '-', '-o', join(dir, 'e.o'), '-Xclang', `-fembed-offload-object=${join(dir, 'k.syclbin')}`], { input: 'int x;\n' });
      const bytes = new Uint8Array(readFileSync(join(dir, 'e.o')));
      const ann = annotate(bytes);
      expect(ann.format).to.equal('elf');
      const image = ann.spans.find((s) => s.path.endsWith('entries[0].image'))!;
      expect(image.kind).to.equal('group');
      const target = `${image.path}.abstractModules[0].irModules[0].metadata["SYCLBIN/ir module metadata"]["target"]`;
      const span = ann.spans.find((s) => s.path === target)!;
      expect(span.kind).to.equal('property');
      expect(pathRanges(ann, `${image.path}.header`)).to.deep.equal([[image.offset, image.offset + 56]]);
      const r = verify(bytes);
      expect(r.problems.map((p) => [p.severity, p.code, p.path, p.offset])).to.deep.equal([['warning', 'target', target, span.offset]]);
      // diff compares an object's own sections too (not only the binaries it embeds).
      execFileSync(clang, ['-c', '-x', 'c', '-', '-o', join(dir, 'e2.o'), '-Xclang', `-fembed-offload-object=${join(dir, 'k.syclbin')}`], { input: 'int x = 5; int f(void) { return 3; }\n' });
      const { diffFiles } = await import('../../src/hex/diff.js');
      const d = diffFiles(bytes, new Uint8Array(readFileSync(join(dir, 'e2.o'))));
      expect(d.entries.some((e) => /^sections\["\.[a-z]+"\]$/.test(e.path))).to.equal(true); // (by name: sections[".data"])
      // A compressed (v3) binary in an object: its payload is inflated and checked as well.
      const { writeOffloadBinary } = await import('../../src/offload/write.js');
      const { readOffloadBinary } = await import('../../src/offload/read.js');
      const inner = readOffloadBinary(new Uint8Array(readFileSync(join(dir, 'k.syclbin')))).entries[0]!;
      writeFileSync(join(dir, 'z.bin'), writeOffloadBinary([{ imageKind: inner.imageKind, offloadKind: inner.offloadKind, strings: inner.strings, image: inner.image }, { imageKind: 0, offloadKind: 0, strings: new Map([['triple', 'x']]), image: new Uint8Array(8) }], { version: 3, compression: 'zlib' }));
      execFileSync(clang, ['-c', '-x', 'c', '-', '-o', join(dir, 'ez.o'), '-Xclang', `-fembed-offload-object=${join(dir, 'z.bin')}`], { input: 'int x;\n' });
      const rz = verify(new Uint8Array(readFileSync(join(dir, 'ez.o'))));
      expect(rz.problems.map((p) => [p.severity, p.code, p.path.replace(/^sections\[\d+\]\./, '')])).to.deep.equal([['warning', 'target', 'binaries[0].compressedPayload']]);
      expect(rz.problems[0]!.message).to.match(/IR type 1 does not match target triple .* of the binary at 0x[0-9a-f]+ inflated, header included\)$/);
      // The tiling of the file holds with the image's spans in it.
      let pos = 0;
      for (const s of ann.spans.filter((x) => x.kind !== 'group')) {
        expect(s.offset, s.path).to.equal(pos);
        pos += s.size;
      }
      expect(pos).to.equal(bytes.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('hex: SYCLBIN images among other entries of an OffloadBinary (plain, and compressed v3)', () => {
  it("a broken one: verify reports its error once at the file's place, annotate ends in it (status 1), and inside a v3 payload verify finds it too", async () => {
    await initZstd();
    const { writeOffloadBinary } = await import('../../src/offload/write.js');
    const spv = new Uint8Array(readFileSync(new URL('../../testdata/syclbin/k.spv', import.meta.url)));
    const broken = new Uint8Array(readFileSync(new URL('../../testdata/broken/v1-property-syntax.syclbin', import.meta.url)));
    const entries = [
      { imageKind: 0, offloadKind: 0, strings: new Map([['triple', 'spir64']]), image: spv },
      { imageKind: 7, offloadKind: 8, strings: new Map([['triple', 'spir64']]), image: broken },
    ];
    // Two version-1 binaries one after the other (what offload-pack writes by default).
    const plain = concatBytes(entries.map((e) => writeOffloadBinary([e], { version: 1 })));
    const ann = annotate(plain);
    expect(ann.format).to.equal('offload-binary');
    expect(ann.error?.path).to.equal('binaries[1].entries[0].image.globalMetadata["SYCLBIN/global metadata"]["state"]');
    const r = verify(plain);
    expect(r.counts.error).to.equal(1);
    expect(r.problems[0]).to.include({ path: ann.error!.path, offset: ann.error!.offset, code: 'property' });
    // One compressed v3 binary of both images, as offload-pack writes it.
    const { runCli } = await import('../../src/cli/run.js');
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'v3-'));
    let z: Uint8Array;
    try {
      writeFileSync(join(dir, 'k.spv'), spv);
      writeFileSync(join(dir, 'b.syclbin'), broken);
      const io = { stdout: { write: () => undefined }, stderr: { write: () => undefined }, cwd: dir, env: {} };
      expect(await runCli(['offload-pack', '-o', 'z3.bin', '--format-version', '3', '--compress', 'zlib', '--image=file=k.spv,triple=spir64', '--image=file=b.syclbin,triple=spir64,kind=sycl'], io)).to.equal(0);
      z = new Uint8Array(readFileSync(join(dir, 'z3.bin')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // An embedded image is read without looking for SYCLBINs in it again (no nesting the input controls).
    const { annotateEmbedded } = await import('../../src/hex/annotate.js');
    const { memorySource } = await import('../../src/codec/source.js');
    expect(ann.embedded).to.have.length(1);
    expect(annotateEmbedded(memorySource(plain)).embedded).to.equal(undefined);
    // A blob that shares another's bytes inside an embedded SYCLBIN selects its own bytes, as in the bare file.
    const overlapping = new Uint8Array(readFileSync(new URL('../../testdata/broken/v1-overlapping-images.syclbin', import.meta.url)));
    const two = concatBytes([entries[0]!, { ...entries[1]!, image: overlapping }].map((e) => writeOffloadBinary([e], { version: 1 })));
    const { pathRanges } = await import('../../src/hex/hexdump.js');
    const bare = pathRanges(annotate(overlapping), 'abstractModules[1].irModules[0].bytes');
    const inTwo = annotate(two);
    const image = inTwo.spans.find((s) => s.path === 'binaries[1].entries[0].image')!;
    expect(pathRanges(inTwo, 'binaries[1].entries[0].image.abstractModules[1].irModules[0].bytes')).to.deep.equal(bare.map(([a, b]) => [a + image.offset, b + image.offset]));
    const rz = verify(z);
    expect(rz.counts.error).to.equal(1);
    expect(rz.problems[0]).to.include({ path: 'compressedPayload', offset: 40 });
    expect(rz.problems[0]!.message).to.contain('entries[1].image.globalMetadata["SYCLBIN/global metadata"]["state"]');
  });
});

describe('verify: an ELF object whose section names do not read', () => {
  it('is a warning at the sh_name that goes past the name table (offload-list notes it; the file still reads by section type)', async () => {
    const { readElfSectionTable } = await import('../../src/offload/elf.js');
    const { Elf64SectionHeader } = await import('../../formats/elf.js');
    const b = new Uint8Array(readFileSync(new URL('../../testdata/llvm22/containers/cray-typed.o', import.meta.url)));
    expect(verify(b).problems.filter((p) => p.message.startsWith('section names cannot be read'))).to.have.length(0);
    const t = readElfSectionTable(b);
    const at = t.sections[1]!.headerOffset + Elf64SectionHeader.offsets.sh_name;
    new DataView(b.buffer, b.byteOffset).setUint32(at, 0xfffffff0, true);
    const found = verify(b).problems.filter((p) => p.message.startsWith('section names cannot be read'));
    expect(found).to.have.length(1);
    expect(found[0]).to.include({ severity: 'warning', offset: at, path: 'sectionHeaders[1].sh_name' });
    expect(found[0]!.message).to.contain('sh_name 0xfffffff0 goes past the end');
    expect(found[0]!.message).to.not.contain('(at sectionHeaders');
  });
});

describe('verify: a broken envelope is named as dump -v names it (review 2026-11-27y finding 6)', () => {
  it('an OffloadBinary whose Size is 8 bytes short of the file and whose image does not fit: entries[0].imageSize in dump -v, verify and hexdump alike', async () => {
    const { writeOffloadBinary } = await import('../../src/offload/write.js');
    const { readOffloadBinary } = await import('../../src/offload/read.js');
    const { runCli } = await import('../../src/cli/run.js');
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const ob = writeOffloadBinary([{ imageKind: 7, offloadKind: 8, flags: 0, strings: [], image: new Uint8Array(256).fill(1) }], { version: 2 });
    const size = Number(readOffloadBinary(ob).size);
    const bad = ob.slice();
    const { OffloadHeaderV2 } = await import('../../formats/offload-binary.js');
    new DataView(bad.buffer).setBigUint64(OffloadHeaderV2.offsets.size, BigInt(size - 8), true);
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-short-size-'));
    try {
      writeFileSync(join(dir, 'f.syclbin'), bad);
      const run = async (args: string[]) => {
        let out = '';
        let err = '';
        const code = await runCli(args, { stdout: { write: (c) => void (out += String(c)) }, stderr: { write: (c) => void (err += String(c)) }, cwd: dir, env: {} });
        return { code, out, err };
      };
      const d = await run(['dump', '-v', 'f.syclbin']);
      const path = /\(at ([^,]+), offset/.exec(d.err)![1]!;
      expect(path).to.equal('entries[0].imageSize');
      expect(verify(bad).problems.filter((p) => p.severity === 'error').map((p) => p.path)).to.deep.equal([path]);
      const h = await run(['hexdump', '--path', path, 'f.syclbin']);
      expect(h.out).to.include(path);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('verify: the device images inside a container (review 2026-11-29b F2)', () => {
  const spv = new Uint8Array(readFileSync(new URL('../../testdata/llvm22/sycl/k.spv', import.meta.url)));
  const bc = new Uint8Array(readFileSync(new URL('../../testdata/llvm22/sycl/k.device.bc', import.meta.url)));
  const packed = (image: Uint8Array, imageKind: number) => writeOffloadBinary([{ imageKind, offloadKind: 8, strings: { triple: 'spirv64-unknown-unknown' }, image }], { version: 1 });
  // (where annotate says the image is: one span tree names the bytes)
  const imageAt = (bin: Uint8Array): number => annotate(bin).spans.find((sp) => sp.path === 'entries[0].image')!.offset;
  const findings = (bytes: Uint8Array) => verify(bytes).problems.map((p) => [p.severity, p.code, p.path, p.offset, p.message]);

  it('a whole SPIR-V module or bitcode file in an entry: nothing to say; cut short: the SPIR-V check of a file that is one, at the image\u2019s offset, as a warning', () => {
    expect(findings(packed(spv, 6))).to.deep.equal([]);
    expect(findings(packed(bc, 2))).to.deep.equal([]);
    // Cut inside an instruction (the first whole-word cut the file check refuses).
    let n = 24;
    while (verify(spv.subarray(0, n)).counts.error === 0) n += 4;
    const cut = spv.subarray(0, n);
    const bare = verify(cut).problems[0]!;
    expect(bare.severity).to.equal('error');
    const bin = packed(cut, 6);
    const at = imageAt(bin);
    expect(findings(bin)).to.deep.equal([['warning', 'image', 'entries[0].image', at + bare.offset, `the SPIR-V module in this image (at 0x${at.toString(16)}): ${bare.message}`]]);
  });

  it('bytes that are not what the entry declares (image kind 6 SPIR-V, 2 bitcode) are a warning; an undeclared kind is not judged', () => {
    const junk = Uint8Array.from({ length: 40 }, (_, i) => (i * 37 + 11) & 0xff);
    for (const [kind, what] of [
      [6, "its entry's image kind is 6, SPIR-V, but its bytes are not a SPIR-V module"],
      [2, "its entry's image kind is 2, LLVM bitcode, but its bytes are not LLVM bitcode"],
    ] as const) {
      const bin = packed(junk, kind);
      expect(findings(bin), String(kind)).to.deep.equal([['warning', 'image', 'entries[0].image', imageAt(bin), `${what} (they start with 0b 30 55 7a)`]]);
    }
    expect(findings(packed(junk, 1))).to.deep.equal([]);
    // Bitcode whose stream LLVM cannot follow: what verify says of the file, as a warning of the image.
    const badBc = concatBytes([bc.subarray(0, 4), Uint8Array.of(1, 2, 3, 4, 5)]);
    const bin = packed(badBc, 2);
    expect(findings(bin).map((f) => f.slice(0, 3))).to.deep.equal([['warning', 'image', 'entries[0].image']]);
    expect(String(findings(bin)[0]![4])).to.match(/^the LLVM bitcode in this image \(at 0x[0-9a-f]+\): LLVM cannot read this bitcode: the bitcode is 9 bytes, not a multiple of 4/);
  });

  it('a SYCLBIN IR module of type 0 (SPIR-V): its module checked where it lies in the binary table', () => {
    const model = sampleModel();
    model.abstractModules = [model.abstractModules[0]!];
    let n = 24;
    while (verify(spv.subarray(0, n)).counts.error === 0) n += 4;
    model.abstractModules[0]!.irModules[0]!.image = memoryBlob(spv.subarray(0, n));
    const file = writeVariant(model, VARIANTS.find((v) => v.name === 'v1-canonical')!);
    const r = verify(file).problems.filter((p) => p.code === 'image');
    expect(r.map((p) => [p.severity, p.path])).to.deep.equal([['warning', 'abstractModules[0].irModules[0].bytes']]);
    expect(r[0]!.message).to.match(/^the SPIR-V module in this image \(at 0x[0-9a-f]+\): instruction \d+ \(opcode \d+\) is \d+ words, \d+ remain in the module$/);
  });
});
