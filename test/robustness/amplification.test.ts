/**
 * Small files that name the same bytes many times over (a review's hostile inputs): work and memory
 * follow the distinct bytes, not the references. Checked structurally (what is decoded once, what is
 * shared, what is refused), never by timing: names decoded once per string-table offset, with a budget
 * for overlapping names (src/codec/source.ts TerminatedStrings.text); v2/v3 string-entry tables and
 * value ranges read once (src/offload/read.ts); thin archive members opened once per file whatever the
 * spelling, and only when they are regular files (src/cli/files.ts withThinMembers).
 */
import { expect } from 'chai';
import { mkfifoSync } from './mkfifo.js';
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DecodeError } from '../../src/codec/errors.js';
import { MAX_TABLE_STRING, TerminatedStrings, TEXT_BUDGET_FACTOR } from '../../src/codec/source.js';
import { decodeUtf8 } from '../../src/codec/schema.js';
import { archiveChunks, readArchive } from '../../src/containers/archive.js';
import { concatChunks } from '../../src/codec/index.js';
import { readOffloadBinaries, readOffloadBinary } from '../../src/offload/read.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { writeSyclbin } from '../../src/syclbin/write.js';
import { dumpSyclbin, dumpSyclbinChunks } from '../../src/syclbin/dump.js';
import { VISIT_SHARES_BLOBS } from '../../src/syclbin/visit-sharing.js';
import { SyclbinFormatError } from '../../src/syclbin/errors.js';
import { V1_SHARING_LIMITS } from '../../src/syclbin/read-v1.js';
import { V2_SHARING_LIMITS } from '../../src/syclbin/read-v2.js';
import { offloadEntryInput, writeOffloadBinary, type OffloadEntryInput } from '../../src/offload/write.js';
import { OFFLOAD_VERSIONS } from '../../formats/offload-binary.js';
import { SyclbinFileHeader, AbstractModuleHeader, IRModuleHeader } from '../../formats/syclbin-v1.js';
import { verify } from '../../src/hex/verify.js';
import { annotate } from '../../src/hex/annotate.js';
import { explainInput, CONTENTS_LIMITS } from '../../src/inspect/input.js';
import { formatOffloadingText } from '../../src/offload/objdump-text.js';
import { llvmEra } from '../../formats/eras.js';
import { HASH_NOT_COMPUTED, ImageHashes, type Hasher } from '../../src/syclbin/json.js';
import type { InspectNode } from '../../src/syclbin/inspect.js';
import { cli, expectDecodeError, tempDir } from '../offload/support.js';
import { entryOf, pointEntriesAt, range } from '../support/shared-images.js';

const enc = new TextEncoder();

/** A GNU archive of `n` members all named `/0`: one `len`-byte long name. */
function sharedLongNames(n: number, len: number): Uint8Array {
  const h = (name: string, size: number): string => `${name.padEnd(16)}${'0'.padEnd(12)}${'0'.padEnd(6)}${'0'.padEnd(6)}${'644'.padEnd(8)}${String(size).padEnd(10)}\`\n`;
  const table = `${'A'.repeat(len)}/\n`;
  return enc.encode(`!<arch>\n${h('//', table.length)}${table}${`${h('/0', 2)}xy`.repeat(n)}`);
}

/** A v2 OffloadBinary: `n` entries sharing one table of `m` string entries (value: `valueSize` bytes at 0 when given). */
function sharedTables(n: number, m: number, wholeValue = false): Uint8Array {
  const se = 32 + 40 * n;
  const st = se + 24 * m;
  const strs = enc.encode('triple\0spir64\0key\0');
  const io = (st + strs.length + 7) & ~7;
  const size = io + 64;
  const b = new Uint8Array(size);
  const v = new DataView(b.buffer);
  b.set([0x10, 0xff, 0x10, 0xad]);
  v.setUint32(4, 2, true);
  v.setBigUint64(8, BigInt(size), true);
  v.setBigUint64(16, 32n, true);
  v.setBigUint64(24, BigInt(n), true);
  for (let i = 0; i < n; i++) {
    const e = 32 + 40 * i;
    v.setUint16(e, 6, true);
    v.setUint16(e + 2, 8, true);
    v.setBigUint64(e + 8, BigInt(se), true);
    v.setBigUint64(e + 16, BigInt(m), true);
    v.setBigUint64(e + 24, BigInt(io), true);
    v.setBigUint64(e + 32, 20n, true);
  }
  for (let j = 0; j < m; j++) {
    const at = se + 24 * j;
    const [k, vo, vs] = j === 0 ? [st, st + 7, 6] : wholeValue ? [st + 14, 0, size] : [st + 14, st + 7, 6];
    v.setBigUint64(at, BigInt(k), true);
    v.setBigUint64(at + 8, BigInt(vo), true);
    v.setBigUint64(at + 16, BigInt(vs), true);
  }
  b.set(strs, st);
  b.set([0x03, 0x02, 0x23, 0x07], io);
  return b;
}

describe('amplification: the same bytes named many times over', function () {
  this.timeout(30_000);
  it('a string table decodes each offset once; overlapping names past the budget are a LIMIT error with the offset', () => {
    const t = new TerminatedStrings(enc.encode(`${'A'.repeat(1000)}\0`), 0, 100);
    const a = t.text(0, decodeUtf8);
    expect(t.text(0, decodeUtf8)).to.equal(a);
    // Every suffix of one long run: quadratic characters from a linear table.
    const long = new TerminatedStrings(enc.encode(`${'A'.repeat(4096)}\0`), 0, 100);
    let caught: unknown;
    try {
      for (let o = 0; o < 4096; o++) long.text(o, decodeUtf8);
    } catch (e) {
      caught = e;
    }
    const budget = TEXT_BUDGET_FACTOR * 4097 + (1 << 20);
    expect(4096 * 4097 / 2).to.be.greaterThan(budget); // the input does exceed it
    expect(caught).to.be.instanceOf(DecodeError);
    expect((caught as DecodeError).code).to.equal('LIMIT');
    expect((caught as DecodeError).offset).to.be.within(100, 100 + 4096);
  });

  it('a single string longer than MAX_TABLE_STRING is a LIMIT error, not an engine error (V8 strings end below 2^29 characters)', () => {
    const b = new Uint8Array(MAX_TABLE_STRING + 2).fill(0x41);
    const t = new TerminatedStrings(b, 0, 64);
    expect(() => t.text(0, decodeUtf8)).to.throw(DecodeError, /longer than 268435456/);
    expect(t.text(b.length - 10, decodeUtf8)).to.equal('A'.repeat(10));
  });

  it('archive members sharing one long name get the same string, decoded once', () => {
    const members = readArchive(sharedLongNames(2000, 100_000)).members.filter((m) => !m.special);
    expect(members).to.have.length(2000);
    expect(members.every((m) => m.name === members[0]!.name)).to.equal(true);
    expect(members[0]!.name.length).to.equal(100_000);
  });

  it('v2 entries sharing a string-entry table share its reading; one value range named many times is decoded once', () => {
    const bin = readOffloadBinary(sharedTables(300, 300));
    expect(bin.entries).to.have.length(300);
    expect(bin.entries[299]!.strings).to.equal(bin.entries[0]!.strings);
    expect(bin.entries[0]!.strings.get('triple')).to.equal('spir64');
    const whole = readOffloadBinary(sharedTables(1, 500, true));
    const values = whole.entries[0]!.stringEntries.slice(1);
    expect(values.every((s) => s.valueBytes === values[0]!.valueBytes)).to.equal(true);
  });

  it('thin archive members that name one file over and over: read up to 8 times the distinct bytes and 64 MiB, then the member fails as one that cannot be read (review 2026-12-01b finding 6)', async () => {
    const { THIN_REPEAT_FACTOR, THIN_REPEAT_SLACK } = await import('../../src/cli/files.js');
    const { dir, cleanup } = tempDir('syclbin-thin-rep-');
    try {
      const size = 1 << 20;
      writeFileSync(join(dir, 'big.bin'), new Uint8Array(size).fill(0x5a));
      const h = (name: string, n: number): string => `${name.padEnd(16)}${'0'.padEnd(12)}${'0'.padEnd(6)}${'0'.padEnd(6)}${'644'.padEnd(8)}${String(n).padEnd(10)}\`\n`;
      const members = 300;
      writeFileSync(join(dir, 'rep.a'), enc.encode(`!<thin>\n${h('//', 10)}big.bin/\n\n${h('/0', size).repeat(members)}`));
      const r = await cli(['offload-list', '--scan', 'never', 'rep.a'], dir);
      expect(r.code).to.equal(1);
      // (the first member is the distinct file; each later one names it again)
      const first = Math.floor((THIN_REPEAT_FACTOR * size + THIN_REPEAT_SLACK) / size) + 2;
      expect(r.stderr).to.contain(`syclbin offload-list: error: rep.a(big.bin): 'big.bin': thin archive members name files again and again: ${(first - 1) * size} bytes named again, more than ${THIN_REPEAT_FACTOR * size + THIN_REPEAT_SLACK}`);
      // (each member read gets its note: 20 said, the rest counted in one)
      expect(r.stderr.match(/starts with 5a 5a 5a 5a/g)).to.have.length(21);
      expect(r.stderr).to.contain(`${first - 1 - 20} more member(s): not an object file`);
    } finally {
      cleanup();
    }
  });

  it('thin archive members: a FIFO is refused without blocking; one file under many spellings is opened once', async () => {
    const { dir, cleanup } = tempDir('syclbin-thin-amp-');
    try {
      mkfifoSync(join(dir, 'fifo'));
      const thin = (names: string[]): Uint8Array => {
        const h = (name: string, size: number): string => `${name.padEnd(16)}${'0'.padEnd(12)}${'0'.padEnd(6)}${'0'.padEnd(6)}${'644'.padEnd(8)}${String(size).padEnd(10)}\`\n`;
        const table = names.map((n) => `${n}/\n`).join('');
        let offset = 0;
        const members = names.map((n) => {
          const m = h(`/${offset}`, 4);
          offset += n.length + 2;
          return m;
        });
        // (an odd-sized member is followed by one padding byte)
        return enc.encode(`!<thin>\n${h('//', table.length)}${table}${table.length % 2 ? '\n' : ''}${members.join('')}`);
      };
      writeFileSync(join(dir, 'fifo.a'), thin(['fifo']));
      const r = await cli(['offload-list', 'fifo.a'], dir);
      expect(r.code).to.equal(1);
      expect(r.stderr).to.contain("syclbin offload-list: error: fifo.a(fifo): 'fifo': not a regular file");
      writeFileSync(join(dir, 'data.bin'), new Uint8Array([1, 2, 3, 4]));
      symlinkSync('data.bin', join(dir, 'link.bin'));
      const spellings = [join(dir, 'data.bin'), join(dir, '.', 'data.bin').replace('/data', '/./data'), `${dir}/../${dir.split('/').pop()}/data.bin`, join(dir, 'link.bin')];
      writeFileSync(join(dir, 'spell.a'), thin(spellings));
      const s = await cli(['offload-list', '--scan', 'never', 'spell.a'], dir);
      expect(s.stderr).to.contain(`its ${spellings.length} member file(s) are read`);
      expect(s.stderr.match(/starts with 01 02 03 04/g)).to.have.length(spellings.length); // each spelling still read as the file
    } finally {
      cleanup();
    }
  });
});

/**
 * A SYCLBIN v1 file of `modules` abstract modules that all name IR headers [0, +`range`) of `headers`
 * IR headers, every IR header naming one metadata blob of `mdLines` lines and one 16-byte image
 * (the review's q1k.syclbin: 1,000 × 1,000 in 64 KB named a million images).
 */
function v1Shared(modules: number, headers: number, range: number, mdLines = 2, suffixes = false): Uint8Array {
  const g = enc.encode('[SYCLBIN/global metadata]\nstate=1|0\n');
  // With `suffixes`: `mdLines` copies of one set, IR header i naming the blob from copy i on (blobs
  // that overlap without being the same).
  const unit = '[SYCLBIN/ir module metadata]\ntype=1|0\n';
  const irm = enc.encode(suffixes ? unit.repeat(mdLines) : `[SYCLBIN/ir module metadata]\ntype=1|0\n${Array.from({ length: mdLines - 1 }, (_, i) => `k${i}=1|${i}\n`).join('')}`);
  const hs = SyclbinFileHeader.fixedSize!;
  const es = AbstractModuleHeader.fixedSize!;
  const mdAt = hs + es * (modules + headers);
  const mdSize = g.length + irm.length;
  const binAt = (mdAt + mdSize + 7) & ~7;
  const b = new Uint8Array(binAt + 16);
  const v = new DataView(b.buffer);
  const o = SyclbinFileHeader.offsets;
  b.set([0x49, 0x42, 0x59, 0x53]);
  v.setUint32(o.version, 1, true);
  v.setUint32(o.abstractModuleCount, modules, true);
  v.setUint32(o.irModuleCount, headers, true);
  v.setBigUint64(o.metadataTableSize, BigInt(mdSize), true);
  v.setBigUint64(o.binaryTableSize, 16n, true);
  v.setBigUint64(o.globalMetadataSize, BigInt(g.length), true);
  for (let a = 0; a < modules; a++) v.setUint32(hs + es * a + AbstractModuleHeader.offsets.irModuleCount, range, true);
  const ir = IRModuleHeader.offsets;
  for (let i = 0; i < headers; i++) {
    const at = hs + es * (modules + i);
    const skip = suffixes ? (i % mdLines) * unit.length : 0;
    v.setBigUint64(at + ir.metadataOffset, BigInt(g.length + skip), true);
    v.setBigUint64(at + ir.metadataSize, BigInt(irm.length - skip), true);
    v.setBigUint64(at + ir.rawIRBytesSize, 16n, true);
  }
  b.set(g, mdAt);
  b.set(irm, mdAt + g.length);
  return b;
}

describe('amplification: SYCLBIN v1 headers that name the same entries and blobs over and over', function () {
  this.timeout(20000);
  const { factor, slackImages, slackBytes } = V1_SHARING_LIMITS;

  it('modules sharing one header range: read up to the image budget, past it a LIMIT error at the count that asked for more', () => {
    const I = 10;
    // The budget counts module and image headers: A modules × I images fit while A·I ≤ factor·(A + I) + slack.
    const limitFor = (A: number): number => factor * (A + I) + slackImages;
    let fits = 1;
    while ((fits + 1) * I <= limitFor(fits + 1)) fits++;
    const limit = limitFor(fits + 1);
    const ok = readSyclbin(v1Shared(fits, I, I));
    expect(ok.abstractModules).to.have.length(fits);
    expect(ok.abstractModules.every((m) => m.irModules.length === I)).to.equal(true);
    const bytes = v1Shared(fits + 1, I, I);
    const err = expectDecodeError(() => readSyclbin(bytes));
    const d = err;
    expect(d.code).to.equal('LIMIT');
    const at = Math.floor(limit / I);
    expect(d.pathSegments).to.deep.equal(['abstractModules', at, 'irModuleCount']);
    expect(d.offset).to.equal(SyclbinFileHeader.fixedSize! + AbstractModuleHeader.fixedSize! * at + AbstractModuleHeader.offsets.irModuleCount);
    expect(d.message).to.contain(`more than ${limit} images`);
  });

  it('the review\'s 1,000 × 1,000 file: one error in collect mode (verify, annotate), the images read stay within the budget', () => {
    const bytes = v1Shared(1000, 1000, 1000);
    const r = verify(bytes);
    const limits = r.problems.filter((f) => /more than \d+ images/.test(f.message));
    expect(limits).to.have.length(1);
    expect(limits[0]!.severity).to.equal('error');
    expect(limits[0]!.path).to.equal(`abstractModules[${Math.floor((factor * 2000 + slackImages) / 1000)}].irModuleCount`);
    const ann = annotate(bytes);
    expect(ann.error?.path).to.equal(limits[0]!.path);
    const imageSpans = ann.spans.filter((s) => s.kind === 'image' || (s.shared ?? []).some((p) => p.endsWith('.bytes')));
    const named = new Set(ann.spans.flatMap((s) => [s.path, ...(s.shared ?? [])]).filter((p) => /^abstractModules\[\d+\]\.irModules\[\d+\]\.bytes$/.test(p)));
    expect(imageSpans.length).to.be.greaterThan(0);
    expect(named.size).to.equal(factor * 2000 + slackImages);
  });

  it('IR headers naming overlapping metadata blobs: parsed up to the metadata budget, past it a LIMIT error at the size field', () => {
    const lines = 2000;
    const unit = '[SYCLBIN/ir module metadata]\ntype=1|0\n'.length;
    const mdSize = 36 + lines * unit;
    const budget = factor * mdSize + slackBytes;
    // The global blob, then header i's blob: copies i… of the set.
    let taken = 36;
    let fits = 0;
    while (taken + (lines - fits) * unit <= budget) taken += (lines - fits++) * unit;
    expect(fits).to.be.within(3, lines - 1);
    expect(readSyclbin(v1Shared(1, fits, fits, lines, true)).abstractModules[0]!.irModules).to.have.length(fits);
    const err = expectDecodeError(() => readSyclbin(v1Shared(1, fits + 1, fits + 1, lines, true)));
    expect(err.code).to.equal('LIMIT');
    expect(err.pathSegments).to.deep.equal(['irModules', fits, 'metadataSize']);
    expect(err.message).to.contain('metadata blobs named so far add up to');
  });

  it('headers naming the very same blob: parsed once; the model (each image its own copy) is refused past the budget, except for readers that repeat it anyway (dump, annotate: sharedBlobsFree)', () => {
    const lines = 6000;
    const b = v1Shared(1, 3000, 3000, lines);
    // 3000 copies of a 75 KB registry (review 2026-11-27y: json, diff, extract and inspect expanded
    // them, out of memory on files of 88 KB): a LIMIT error at the size field that crossed the budget.
    expect(() => readSyclbin(b)).to.throw(SyclbinFormatError, /The metadata blobs named again weigh \d+, more than \d+ \(8 per byte of the \d+-byte metadata table and 4194304/);
    const f = readSyclbin(b, { sharedBlobsFree: true });
    const ims = f.abstractModules[0]!.irModules;
    expect(ims).to.have.length(3000);
    expect(ims[0]!.metadata).to.not.equal(ims[1]!.metadata);
    expect([...ims[2999]!.metadata.get('SYCLBIN/ir module metadata')!.keys()]).to.have.length(lines);
    // Annotated: each image's blob is named (the repeats share the first one's bytes).
    const ann = annotate(b);
    expect(ann.error).to.equal(undefined);
    const owner = ann.spans.find((s) => s.path === 'abstractModules[0].irModules[0].metadata');
    expect(owner?.kind).to.equal('group');
    expect(owner?.shared).to.have.length(2999);
    expect(owner?.shared).to.include('abstractModules[0].irModules[2999].metadata');
    // verify reads it (each blob once) and warns that the readers handing out every copy refuse it
    const report = verify(b);
    expect(report.counts.error).to.equal(0);
    expect(report.problems.some((p) => p.severity === 'warning' && p.message.startsWith('json, inspect and extract refuse this file (diff compares what reads before it): The metadata blobs named again weigh'))).to.equal(true);
  });
});

/** The metadata table size a v1 file's header gives. */
function metadataTableSize(b: Uint8Array): number {
  return Number(new DataView(b.buffer, b.byteOffset, b.byteLength).getBigUint64(SyclbinFileHeader.offsets.metadataTableSize!, true));
}

/** A v1 file of `modules` abstract modules whose headers all name the first one's metadata blob `md` (written once, then shared). */
function sharedModuleMetadata(modules: number, md: Map<string, Map<string, import('../../src/props/model.js').PropertyValue>>): Uint8Array {
  const file = readSyclbin(v1Shared(1, 1, 1, 1));
  file.abstractModules = Array.from({ length: modules }, (_, a) => ({ metadata: a ? new Map() : md, irModules: [], nativeImages: [] }));
  const out = writeSyclbin(file).slice();
  const v = new DataView(out.buffer);
  const at = (a: number, f: 'metadataOffset' | 'metadataSize'): number => SyclbinFileHeader.fixedSize! + a * AbstractModuleHeader.fixedSize! + AbstractModuleHeader.offsets[f]!;
  for (let a = 1; a < modules; a++) for (const f of ['metadataOffset', 'metadataSize'] as const) v.setBigUint64(at(a, f), v.getBigUint64(at(0, f), true), true);
  return out;
}

describe('amplification: a shared metadata blob through the commands (review 2026-11-27y finding 1)', function () {
  this.timeout(30_000);
  it('a blob of short properties weighs 64 per property and 8 per key byte when named again, against 8 per byte of the metadata table and 4 MiB (review 2026-11-28a finding 6, 2026-11-28f F1, F2)', () => {
    const props = new Map([['SYCL/misc properties', new Map(Array.from({ length: 20000 }, (_, k) => [`k${k}`, { type: 1 as const, value: 1 }]))]]);
    const build = (modules: number): Uint8Array => sharedModuleMetadata(modules, props);
    // three modules sharing it: read
    expect(readSyclbin(build(3)).abstractModules).to.have.length(3);
    let keyBytes = 'SYCL/misc properties'.length;
    for (const k of props.get('SYCL/misc properties')!.keys()) keyBytes += k.length;
    const weight = 20001 * V1_SHARING_LIMITS.repeatBytesPerProperty + keyBytes * V1_SHARING_LIMITS.repeatBytesPerPayloadByte;
    const many = build(40);
    const budget = V1_SHARING_LIMITS.repeatFactor * metadataTableSize(many) + V1_SHARING_LIMITS.repeatSlackBytes;
    const err = expectDecodeError(() => readSyclbin(many));
    expect(err.code).to.equal('LIMIT');
    expect(err.message).to.contain(`named again weigh ${(Math.floor(budget / weight) + 1) * weight}, more than ${budget}`);
    expect(err.pathSegments).to.deep.equal(['abstractModules', Math.floor(budget / weight) + 1, 'metadataSize']);
    expect(readSyclbin(many, { sharedBlobsFree: true }).abstractModules).to.have.length(40);
  });

  it('a bit list weighs 64 bytes per bit set when named again: modules sharing 10 KB of [SYCL/kernel param opt] read, 100 KB named again is refused (review 2026-11-28c finding 1, 2026-11-28e F1)', () => {
    const bits = (n: number) => new Map([['SYCL/kernel param opt', new Map([['_ZTS1k', { type: 2 as const, bytes: new Uint8Array(n).fill(0xaa), bits: BigInt(8 * n) }]])]]);
    expect(readSyclbin(sharedModuleMetadata(2, bits(10000))).abstractModules).to.have.length(2);
    const out = sharedModuleMetadata(38, bits(100000));
    expect(out.length).to.be.below(200_000);
    const err = expectDecodeError(() => readSyclbin(out));
    expect(err.code).to.equal('LIMIT');
    // 400,000 bits set (0xAA: 4 per byte), the set and the property, 100,000 payload bytes and the names: over the budget at the first repeat
    const weight = (400000 + 2) * V1_SHARING_LIMITS.repeatBytesPerProperty + (100000 + '_ZTS1k'.length + 'SYCL/kernel param opt'.length) * V1_SHARING_LIMITS.repeatBytesPerPayloadByte;
    expect(err.message).to.contain(`named again weigh ${weight}`);
    expect(err.pathSegments).to.deep.equal(['abstractModules', 1, 'metadataSize']);
  });

  it('a string blob weighs 8 per payload byte (printed as escapes), blank lines weigh only their size (review 2026-11-28e F2)', () => {
    const control = new Map([['SYCL/misc properties', new Map([['s', { type: 2 as const, bytes: new Uint8Array(75000).fill(1), bits: 600000n }]])]]);
    const err = expectDecodeError(() => readSyclbin(sharedModuleMetadata(250, control)));
    expect(err.code).to.equal('LIMIT');
    const budget = V1_SHARING_LIMITS.repeatFactor * metadataTableSize(sharedModuleMetadata(250, control)) + V1_SHARING_LIMITS.repeatSlackBytes;
    expect(err.pathSegments[1]).to.be.at.most(Math.ceil(budget / (75000 * V1_SHARING_LIMITS.repeatBytesPerPayloadByte)) + 1);
  });

  it('verify: the repeat warning does not hide a later parse-budget error (review 2026-11-28e F3)', () => {
    // module 0 a 100 KB bit list, modules 1..17 name it again; module 18 400 small sets, the modules
    // after it name ever shorter suffixes of them (distinct, overlapping: past the parse budget)
    const B = new Map([['SYCL/kernel param opt', new Map([['_ZTS1k', { type: 2 as const, bytes: new Uint8Array(100000).fill(0xff), bits: 800000n }]])]]);
    const U = 400;
    const C = new Map(Array.from({ length: U }, (_, i) => [`s${String(i).padStart(5, '0')}`, new Map([['k', { type: 1 as const, value: 1 }]])]));
    const R = 17;
    const file = readSyclbin(v1Shared(1, 1, 1, 1));
    file.abstractModules = Array.from({ length: R + 1 + U }, (_, a) => ({ metadata: a === 0 ? B : a === R + 1 ? C : new Map(), irModules: [], nativeImages: [] }));
    const out = writeSyclbin(file).slice();
    const v = new DataView(out.buffer);
    const at = (a: number, f: 'metadataOffset' | 'metadataSize'): number => SyclbinFileHeader.fixedSize! + a * AbstractModuleHeader.fixedSize! + AbstractModuleHeader.offsets[f]!;
    const get = (a: number, f: 'metadataOffset' | 'metadataSize'): number => Number(v.getBigUint64(at(a, f), true));
    const put = (a: number, f: 'metadataOffset' | 'metadataSize', x: number): void => v.setBigUint64(at(a, f), BigInt(x), true);
    for (let a = 1; a <= R; a++) for (const f of ['metadataOffset', 'metadataSize'] as const) put(a, f, get(0, f));
    const co = get(R + 1, 'metadataOffset');
    const cs = get(R + 1, 'metadataSize');
    const unit = cs / U;
    expect(Number.isInteger(unit)).to.equal(true);
    for (let i = 1; i < U; i++) {
      put(R + 1 + i, 'metadataOffset', co + i * unit);
      put(R + 1 + i, 'metadataSize', cs - i * unit);
    }
    const report = verify(out);
    expect(report.problems.some((p) => p.severity === 'warning' && p.message.startsWith('json, inspect and extract refuse this file'))).to.equal(true);
    expect(report.problems.filter((p) => p.severity === 'error').map((p) => p.message)).to.satisfy((m: string[]) => m.some((x) => x.includes('The metadata blobs named so far add up to')));
  });

  it('verify of a compressed envelope whose image names one blob many times: no rewrite of every copy (review 2026-11-28f F4)', async () => {
    const { writeOffloadBinary } = await import('../../src/offload/write.js');
    const md = new Map([['SYCL/misc properties', new Map(Array.from({ length: 4000 }, (_, k) => [`k${k}`, { type: 1 as const, value: k }]))]]);
    const sybi = sharedModuleMetadata(400, md);
    const file = writeOffloadBinary([{ imageKind: 7, offloadKind: 8, image: sybi }], { version: 3, compression: 'zlib' });
    const report = verify(file);
    // readers refuse it (the warning), and the layout is not compared with a rewrite of 400 copies
    expect(report.problems.some((p) => p.message.startsWith('json, inspect and extract refuse this file'))).to.equal(true);
    expect(report.problems.filter((p) => p.code === 'layout')).to.deep.equal([]);
  });

  it('an output larger than a JavaScript string is a limit said as one (status 1), not an internal error (review 2026-11-28f F3)', async () => {
    const { outputLimitMessage } = await import('../../src/cli/run.js');
    let caught: unknown;
    try {
      'x'.repeat(1 << 29).repeat(2);
    } catch (e) {
      caught = e;
    }
    expect(outputLimitMessage(caught)).to.match(/^the output is larger than this tool can build in memory \(Invalid string length\)/);
    expect(outputLimitMessage(new RangeError('Maximum call stack size exceeded'))).to.equal(undefined);
    expect(outputLimitMessage(new TypeError('Invalid string length'))).to.equal(undefined);
  });

  it('modest sharing reads: 3 modules naming one 300 KB blob, 100 naming a 4 KB one (review 2026-11-27z)', () => {
    for (const [headers, lines] of [
      [3, 30000],
      [100, 400],
    ] as const) {
      const f = readSyclbin(v1Shared(1, headers, headers, lines));
      expect(f.abstractModules[0]!.irModules).to.have.length(headers);
    }
  });

  it('json, inspect, diff and extract refuse it at once (exit 1, LIMIT at the size field); dump prints every copy, as syclbin-dump does', async () => {
    // (1000 headers handing out one 3.5 KB blob: past 8 times the table and 4 MiB)
    const b = v1Shared(1, 1500, 1500, 400);
    const { dir, cleanup } = tempDir('syclbin-shared-blob-');
    try {
      writeFileSync(join(dir, 's.syclbin'), b);
      for (const args of [['json', 's.syclbin'], ['inspect', 's.syclbin'], ['extract', 's.syclbin', '-o', 'x']]) {
        const r = await cli(args, dir);
        expect([r.code, r.stderr], args[0]).to.satisfy(([code, err]: [number, string]) => code === 1 && /The metadata blobs named again weigh \d+, more than \d+ \(8 per byte/.test(err));
      }
      // (diff compares what reads: the same file is no difference, without a thousand registries)
      const d = await cli(['diff', 's.syclbin', 's.syclbin'], dir);
      expect([0, 2]).to.include(d.code);
      const dump = await cli(['dump', 's.syclbin'], dir);
      expect(dump.code, dump.stderr).to.equal(0);
      expect(dump.stdout.match(/^ {8}k398: 398$/gm)).to.have.length(1500);
    } finally {
      cleanup();
    }
  });
});

/**
 * A SYCLBIN v2 whose `n` ir entries all name the image of the first: a u64 metadata size, a registry
 * of `lines` lines and 16 bytes of code (the v2 twin of the v1 case: 2,000 entries naming one 600 KB
 * image parsed 1.2 GB, 60 s and 4 GB).
 */
function v2Shared(n: number, lines: number): Uint8Array {
  const entry = (strings: [string, string][], image: Uint8Array): OffloadEntryInput => ({ imageKind: 7, offloadKind: 8, flags: 0, strings, image });
  const reg = enc.encode(`[SYCL/misc properties]\n${Array.from({ length: lines }, (_, i) => `k${i}=1|${i}\n`).join('')}`);
  const img = new Uint8Array(8 + reg.length + 16);
  new DataView(img.buffer).setBigUint64(0, BigInt(reg.length), true);
  img.set(reg, 8);
  const ir = (image: Uint8Array) => entry([['role', 'ir'], ['am_index', '0']], image);
  const small = new Uint8Array(8);
  const b = writeOffloadBinary(
    [entry([['role', 'global_metadata']], enc.encode('[SYCLBIN/global metadata]\nstate=1|0\n')), entry([['role', 'am_metadata'], ['am_index', '0']], new Uint8Array(0)), ir(img), ...Array.from({ length: n - 1 }, () => ir(small))],
    { version: 2 },
  );
  return pointEntriesAt(b, range(3, n + 2), 2);
}

describe('amplification: SYCLBIN v2 entries that share one image', function () {
  this.timeout(20000);
  it('parse the metadata up to V2_SHARING_LIMITS of the binary, then a LIMIT error at the blob that asked for more (once in collect mode)', () => {
    const lines = 20000;
    const b = v2Shared(40, lines);
    const ob = readOffloadBinary(b);
    const blob = Number(ob.entries[2]!.imageRef.size) - 24;
    const budget = V2_SHARING_LIMITS.factor * b.length + V2_SHARING_LIMITS.slackBytes;
    // Global and am metadata come first (36 + 0 bytes), then the ir images in entry order.
    const fits = Math.floor((budget - 36) / blob);
    expect(fits).to.be.within(2, 39);
    const err = expectDecodeError(() => readSyclbin(b));
    expect(err.code).to.equal('LIMIT');
    expect(err.pathSegments).to.deep.equal(['abstractModules', 0, 'irModules', fits, 'metadata']);
    expect(err.message).to.contain(`more than ${budget} for this ${b.length}-byte binary`);
    const r = verify(b);
    expect(r.problems.filter((p) => p.message.includes('adds up to'))).to.have.length(1);
    // As many entries as the budget takes read without complaint.
    expect(readSyclbin(v2Shared(fits, lines)).abstractModules[0]!.irModules).to.have.length(fits);
  });
});

/**
 * An OffloadBinary v2 of `n` entries whose images are ranges of one `size`-byte image (entry 0's):
 * `[0, +size)` for every entry when `equal`, else `[i, +size - i)` (all distinct, all overlapping).
 * `first` is entry 0's image (zeros when not given).
 */
function sharedImages(n: number, size: number, equal: boolean, first?: Uint8Array): Uint8Array {
  const b = writeOffloadBinary([entryOf(first ?? new Uint8Array(size), 1), ...range(1, n).map(() => entryOf(new Uint8Array(8), 1))], { version: 2 });
  return pointEntriesAt(b, range(1, n), 0, (i) => (equal ? 0 : i));
}

/** A Hasher that counts what it is fed (its digest: a fixed 64-digit text). */
function countingHasher(): { hasher: Hasher; fed: () => number } {
  let fed = 0;
  return { hasher: () => ({ update: (w) => void (fed += w.length), digest: () => '0'.repeat(64) }), fed: () => fed };
}

const collect = (n: InspectNode, label: string, out: InspectNode[] = []): InspectNode[] => {
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    if (x.label === label) out.push(x);
    if (x.children) stack.push(...x.children);
  }
  return out;
};

describe('amplification: entries that share one long string value (review 2026-12-01b finding 1)', function () {
  this.timeout(60_000);
  // (LLVM's StringTableBuilder, and this toolkit's writer, write equal strings once: 1,000 native-image
  // entries naming one 400 KB arch are a 690 KB file, and 400 MB if each entry held a copy)
  it('dump, verify, annotate, hexdump and diff of it run in a 128 MB JavaScript heap (the built bin; a copy per entry ran out of memory, exit 134)', () => {
    const [bin] = readOffloadBinaries(readFileSync(new URL('../../testdata/conformance/sample_v2_roles.syclbin', import.meta.url)));
    const e = bin!.entries.map(offloadEntryInput);
    const arch = 'x'.repeat(400_000);
    const entries = [e[0]!, e[1]!, ...Array.from({ length: 1000 }, () => ({ ...e[3]!, strings: new Map([...(e[3]!.strings as Map<string, string>)].map(([k, v]) => [k, k === 'arch' ? arch : v])) }))];
    const { dir, cleanup } = tempDir();
    try {
      const file = join(dir, 'shared.syclbin');
      writeFileSync(file, writeOffloadBinary(entries, { version: 2 }));
      expect(readFileSync(file).length).to.be.below(1_000_000);
      const main = new URL('../../dist/cli/main.js', import.meta.url).pathname;
      for (const args of [['dump', file], ['verify', file], ['annotate', file], ['hexdump', file], ['diff', file, file]]) {
        const r = spawnSync(process.execPath, ['--max-old-space-size=128', main, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
        expect([r.status, r.signal], `${args[0]}: ${r.stderr.slice(0, 300)}`).to.deep.equal([0, null]);
      }
      // verify quotes the value clipped, once (one offset), not 400 KB per entry
      const v = spawnSync(process.execPath, [main, 'verify', file], { encoding: 'utf8' });
      expect(v.stdout.length).to.be.below(5_000);
      expect(v.stdout).to.contain("StringData arch='xxxx").and.contain('… (400000 characters)');
    } finally {
      cleanup();
    }
  });
});

describe('amplification: sections that share one long name, through diff (review 2026-12-01b finding 2)', function () {
  this.timeout(60_000);
  it('a COFF object of 2,000 sections all named by one 100 KB string-table name: diff f f in a 128 MB heap, and a changed section named by its name and occurrence', () => {
    // (COFF: a section name `/4` is the string-table name at offset 4; every span of every section
    // used to carry the name quoted again, and its diff key hashed it again)
    const coff = (n: number, len: number, flip?: number): Uint8Array => {
      const data = 20 + 40 * n;
      const name = enc.encode(`.${'b'.repeat(len)}\0`);
      const b = new Uint8Array(data + 16 + 4 + name.length);
      const v = new DataView(b.buffer);
      v.setUint16(0, 0x8664, true);
      v.setUint16(2, n, true);
      v.setUint32(8, data + 16, true);
      for (let i = 0; i < n; i++) {
        const o = 20 + 40 * i;
        b.set(enc.encode('/4'), o);
        v.setUint32(o + 16, 16, true);
        v.setUint32(o + 20, data, true);
        v.setUint32(o + 36, i === flip ? 0x40000020 : 0x40000040, true);
      }
      b.fill(0x41, data, data + 16);
      v.setUint32(data + 16, 4 + name.length, true);
      b.set(name, data + 20);
      return b;
    };
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'a.obj'), coff(2000, 100_000));
      writeFileSync(join(dir, 'b.obj'), coff(2000, 100_000, 1500));
      const main = new URL('../../dist/cli/main.js', import.meta.url).pathname;
      const same = spawnSync(process.execPath, ['--max-old-space-size=128', main, 'diff', 'a.obj', 'a.obj'], { cwd: dir, encoding: 'utf8' });
      expect([same.status, same.signal, same.stdout], same.stderr.slice(0, 300)).to.deep.equal([0, null, '--- a.obj (coff)\n+++ a.obj (coff)\nno structural differences\n']);
      const changed = spawnSync(process.execPath, ['--max-old-space-size=128', main, 'diff', 'a.obj', 'b.obj'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 });
      expect([changed.status, changed.signal], changed.stderr.slice(0, 300)).to.deep.equal([1, null]);
      // the one section that differs, by its name's occurrence (#1501): its characteristics field
      const lines = changed.stdout.split('\n').filter((l) => l.startsWith('~'));
      expect(lines).to.have.length.above(0);
      expect(lines.every((l) => l.includes('#1501]'))).to.equal(true);
    } finally {
      cleanup();
    }
  });
});

describe('amplification: a streaming read of modules that share metadata blobs (review 2026-12-01e finding 2)', function () {
  it('a caller\'s visitor gets a registry of its own for each image (dump alone is handed the one registry again), and dump prints the same text either way', () => {
    // (one module of 40 IR modules whose headers all name one metadata blob)
    const bytes = v1Shared(1, 40, 40, 3);
    const images = (extra: object): unknown[] => {
      const out: unknown[] = [];
      readSyclbin(bytes, { sharedBlobsFree: true, ...extra, visit: { start() {}, module: (m) => void out.push(...m.irModules.map((i) => i.metadata)) } });
      return out;
    };
    expect(images({})).to.have.length(40);
    expect(new Set(images({})).size).to.equal(40);
    // (the file does share: the library's own dump visitor is handed the blob's one registry from its third naming)
    expect(new Set(images({ [VISIT_SHARES_BLOBS]: true })).size).to.be.below(40);
    const streamed: Uint8Array[] = [];
    dumpSyclbinChunks(bytes, (c) => void streamed.push(c.slice()), { sharedBlobsFree: true });
    expect(Buffer.from(concatChunks(streamed))).to.deep.equal(Buffer.from(dumpSyclbin(readSyclbin(bytes, { sharedBlobsFree: true })) as Uint8Array));
  });
});

describe('amplification: extract of modules that share one image range (review 2026-12-01b finding 4)', function () {
  this.timeout(30_000);
  /** A SYCLBIN v1: `n` abstract modules of one native image each, all naming one `b`-byte range. */
  const sharedImages = (n: number, b: number): Uint8Array => {
    const gm = enc.encode('[SYCLBIN/global metadata]\nstate=1|2\n');
    const nm = enc.encode('[SYCLBIN/native device code image metadata]\n');
    const meta = concatChunks([gm, nm]);
    const out = new Uint8Array(56 + 64 * n + meta.length + b);
    const v = new DataView(out.buffer);
    out.set(enc.encode('IBYS'));
    v.setUint32(4, 1, true);
    v.setUint32(8, n, true);
    v.setUint32(16, n, true);
    v.setBigUint64(24, BigInt(meta.length), true);
    v.setBigUint64(32, BigInt(b), true);
    v.setBigUint64(48, BigInt(gm.length), true);
    for (let i = 0; i < n; i++) {
      const am = 56 + 32 * i;
      v.setBigUint64(am, BigInt(gm.length), true);
      v.setUint32(am + 24, 1, true);
      v.setUint32(am + 28, i, true);
      const ni = 56 + 32 * n + 32 * i;
      v.setBigUint64(ni, BigInt(gm.length), true);
      v.setBigUint64(ni + 8, BigInt(nm.length), true);
      v.setBigUint64(ni + 24, BigInt(b), true);
    }
    out.set(meta, 56 + 64 * n);
    out.fill(0x41, 56 + 64 * n + meta.length);
    return out;
  };

  it('refused before anything is written past 8 times the SYCLBIN and 64 MiB (--max-output-size sets it); within it every image is written', async () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'many.syclbin'), sharedImages(1000, 100_000)); // 100 MB from 164 KB
      const r = await cli(['extract', 'many.syclbin', '-o', 'out'], dir);
      expect(r.code).to.equal(1);
      expect(r.stderr).to.match(/the 1000 images add up to 100000000 bytes, more than \d+ \(--max-output-size/);
      expect(existsSync(join(dir, 'out'))).to.equal(false);
      writeFileSync(join(dir, 'few.syclbin'), sharedImages(10, 100_000));
      const small = await cli(['extract', 'few.syclbin', '-o', 'few', '--max-output-size', '900K'], dir);
      expect([small.code, small.stderr]).to.satisfy(([c, e]: [number, string]) => c === 1 && e.includes('the 10 images add up to 1000000 bytes, more than 921600'));
      // (one image: said as one, not as "the 1 images add up to")
      writeFileSync(join(dir, 'one.syclbin'), sharedImages(1, 100_000));
      const one = await cli(['extract', 'one.syclbin', '-o', 'one', '--max-output-size', '1K'], dir);
      expect([one.code, one.stderr]).to.satisfy(([c, e]: [number, string]) => c === 1 && e.includes('the image is 100000 bytes, more than 1024'));
      const ok = await cli(['extract', 'few.syclbin', '-o', 'few', '--max-output-size', '1M'], dir);
      expect(ok.code, ok.stderr).to.equal(0);
      expect(readdirSync(join(dir, 'few')).filter((f) => f.endsWith('.bin'))).to.have.length(10);
      // a compressed envelope: the default counts its images' distinct bytes (inflated), not the few
      // bytes of the file (review 2026-12-01e: a 66 MiB image in a small zlib file was refused)
      const big = readSyclbin(writeSyclbin({ version: 1, envelope: { kind: 'none' }, globalMetadata: new Map(), abstractModules: [{ metadata: new Map(), irModules: [{ metadata: new Map(), image: new Uint8Array(66 << 20) }], nativeImages: [] }] } as never));
      const z = writeSyclbin(big, { envelope: 'offload-v3', compression: 'zlib' });
      expect(z.length).to.be.below(1 << 20);
      writeFileSync(join(dir, 'z.syclbin'), z);
      const ze = await cli(['extract', 'z.syclbin', '-o', 'z'], dir);
      expect(ze.code, ze.stderr).to.equal(0);
      // json --with-bytes: base64 of every image in one text, refused before any is encoded when it cannot be one string
      writeFileSync(join(dir, 'wide.syclbin'), sharedImages(1000, 600_000));
      const j = await cli(['json', '--with-bytes', 'wide.syclbin'], dir);
      expect([j.code, j.stdout]).to.deep.equal([1, '']);
      expect(j.stderr).to.contain("--with-bytes: the images' base64 adds up to 800000000 characters, more than one JSON text this tool builds holds");
    } finally {
      cleanup();
    }
  });
});

describe('amplification: inspect of entries that name the same image', function () {
  this.timeout(20000);
  it('an image range many entries name is hashed and examined once (the same contents node)', () => {
    const b = sharedImages(2000, 100_000, true);
    const { hasher, fed } = countingHasher();
    const { tree } = explainInput(b, { sha256: hasher });
    expect(fed()).to.equal(100_000);
    const hashes = collect(tree, 'sha256');
    expect(hashes).to.have.length(2000);
    const contents = collect(tree, 'contents');
    expect(contents).to.have.length(2000);
    expect(new Set(contents).size).to.equal(1);
  });

  it('ranges that overlap without being equal: hashed up to the budget, then said not computed', () => {
    const size = 1 << 20;
    const b = sharedImages(200, size, false);
    const { hasher, fed } = countingHasher();
    const { tree } = explainInput(b, { sha256: hasher });
    const limit = ImageHashes.LIMITS.factor * b.length + ImageHashes.LIMITS.slackBytes;
    expect(fed()).to.be.at.most(limit);
    expect(fed()).to.be.greaterThan(limit - size);
    const values = collect(tree, 'sha256').map((n) => n.value);
    expect(values.filter((v) => v === HASH_NOT_COMPUTED).length).to.be.greaterThan(100);
    // Explanations have less slack than hashes (they print about what they examine): more are skipped.
    const skipped = collect(tree, 'contents').filter((n) => n.value?.startsWith('(not examined'));
    expect(skipped.length).to.be.at.least(values.filter((v) => v === HASH_NOT_COMPUTED).length);
    const examined = collect(tree, 'contents').length - skipped.length;
    expect(examined * size).to.be.at.most(CONTENTS_LIMITS.factor * b.length + CONTENTS_LIMITS.slackBytes);
    expect(CONTENTS_LIMITS.factor).to.equal(ImageHashes.LIMITS.factor);
  });
});

describe('amplification: an OffloadBinary whose entries name the binary itself as their image', function () {
  this.timeout(20000);
  /** `n` entries, each image the whole binary (offset 0, size the file's). */
  const selfImages = (n: number): Uint8Array => {
    const b = writeOffloadBinary(
      Array.from({ length: n }, () => ({ imageKind: 6, offloadKind: 4, strings: [['triple', 'x']] as [string, string][], image: new Uint8Array(8) })),
      { version: 2 },
    );
    const v = new DataView(b.buffer, b.byteOffset);
    const entries = Number(v.getBigUint64(16, true));
    // (Entry: kinds and flags, 8 bytes; string offset, count; image offset at +24, image size at +32)
    for (let i = 0; i < n; i++) {
      v.setBigUint64(entries + 40 * i + 24, 0n, true);
      v.setBigUint64(entries + 40 * i + 32, BigInt(b.length), true);
    }
    return b;
  };
  /** A source over `b` that counts the bytes read from it. */
  const counting = (b: Uint8Array): { src: { size: number; read(o: number, l: number): Uint8Array }; read: () => number } => {
    let n = 0;
    return { src: { size: b.length, read: (o, l) => ((n += l), b.subarray(o, o + l)) }, read: () => n };
  };

  it('inspect says the image holds itself instead of listing it again at every level down to MAX_NESTING (2,000 entries, 144 KB: 80 MB of text before)', () => {
    const b = selfImages(2000);
    const { tree } = explainInput(b);
    const contents = collect(tree, 'contents');
    // Entry 0 lists the nested binary once; its 2,000 entries each say they hold themselves; the
    // other top-level entries name the range already shown.
    expect(contents).to.have.length(1 + 2000 + 1999);
    expect(contents.filter((n) => n.value?.includes('it holds itself'))).to.have.length(2000);
  });

  it('counting the SYCLBINs inside (the note of dump, json, extract) reads the nested binary once, not once per entry (2,000 entries: 20 s before)', () => {
    const b = selfImages(2000);
    const { src, read } = counting(b);
    const explained = explainInput(src);
    const before = read();
    expect(explained.syclbinImages!()).to.equal(0);
    expect(read() - before).to.be.at.most(CONTENTS_LIMITS.factor * b.length + CONTENTS_LIMITS.slackBytes);
  });
});

describe('amplification: compressed payloads of one input share the decompression cap', function () {
  this.timeout(20000);
  it('an OffloadBinary whose entries are each a compressed v3 binary: inspect inflates the nested payloads to the cap in all, then says the cap is spent (eight of 200 MB, 1.6 MB of input: 1.7 GB, 8 s)', () => {
    const inner = writeOffloadBinary([{ imageKind: 6, offloadKind: 4, strings: [['triple', 'x']], image: new Uint8Array(1 << 20) }], { version: 3, compression: 'zlib' });
    const outer = writeOffloadBinary(
      Array.from({ length: 4 }, () => ({ imageKind: 6, offloadKind: 4, strings: [['triple', 'x']] as [string, string][], image: inner })),
      { version: 2 },
    );
    const { tree } = explainInput(outer, { maxInflatedSize: (5 << 20) / 2 });
    const values = collect(tree, 'contents').map((n) => n.value ?? '');
    expect(values.filter((v) => v.startsWith('nested OffloadBinaries (1)'))).to.have.length(2);
    expect(values.filter((v) => /does not read: the payload, \d+ bytes, is more than the \d+ bytes left of the decompression cap/.test(v))).to.have.length(2);
  });

  it('the same binary through the nested listing of offload-list --llvm main: the nested payloads inflate to the cap in all, then a warning per image left', () => {
    const inner = writeOffloadBinary([{ imageKind: 6, offloadKind: 4, strings: [['triple', 'x']], image: new Uint8Array(1 << 20) }], { version: 3, compression: 'zlib' });
    const outer = writeOffloadBinary(
      Array.from({ length: 4 }, () => ({ imageKind: 6, offloadKind: 4, strings: [['triple', 'x']] as [string, string][], image: inner })),
      { version: 2 },
    );
    const warnings: string[] = [];
    const text = formatOffloadingText(readOffloadBinaries(outer), { era: llvmEra('main'), read: { maxInflatedSize: (5 << 20) / 2 }, warn: (m) => void warnings.push(m) });
    expect(text.match(/^nested images {3}1$/gm)).to.have.length(2);
    expect(warnings).to.have.length(2);
    expect(warnings[0]).to.match(/^failed to extract nested OffloadBinary: the payload, \d+ bytes, is more than the \d+ bytes left of the decompression cap/);
  });

  it('an archive whose members each inflate under the cap: the payloads inflate to the cap in all, then a LIMIT error per member left', async () => {
    const { readOffloadInput } = await import('../../src/offload/input.js');
    const size = 1 << 20;
    const member = writeOffloadBinary([{ imageKind: 1, offloadKind: 1, flags: 0, strings: [], image: new Uint8Array(size) }], { version: 3, compression: 'zlib' });
    expect(member.length).to.be.lessThan(size / 50);
    const a = concatChunks(archiveChunks(Array.from({ length: 5 }, (_, i) => ({ name: `m${i}.o`, data: member }))));
    const inflated = Number(readOffloadBinary(member).inflatedSize) - OFFLOAD_VERSIONS[3].header.fixedSize!;
    // Room for two payloads: the third and later members are refused, each with its error.
    const cap = 2 * inflated + 100;
    const memberErrors: { member: string; error: DecodeError }[] = [];
    const r = readOffloadInput(a, { maxInflatedSize: cap, memberErrors });
    expect(r.found).to.have.length(2);
    expect(memberErrors.map((m) => m.member)).to.deep.equal(['m2.o', 'm3.o', 'm4.o']);
    for (const { error } of memberErrors) {
      expect(error.code).to.equal('LIMIT');
      expect(error.message).to.contain(`left of the decompression cap (${cap} bytes) that the compressed payloads of one input share`);
    }
    // Alone, each member reads under that cap.
    expect(readOffloadInput(member, { maxInflatedSize: cap }).found).to.have.length(1);
    // A budget spent is no malformed member (LLVM reads it): no note says so, nothing after it stops.
    expect(r.notes.join('\n')).to.not.match(/malformed/);
    // A file that is OffloadBinaries itself is read alone by every command: no shared budget, as the docs say.
    const bare = concatChunks(Array.from({ length: 5 }, () => member.length % 8 ? concatChunks([member, new Uint8Array(8 - (member.length % 8))]) : member));
    expect(readOffloadInput(bare, { maxInflatedSize: cap }).found).to.have.length(5);
    expect(annotate(bare, { maxInflatedSize: cap }).error).to.equal(undefined);
  });
});

describe('amplification: per-member work in archives', function () {
  this.timeout(30_000);
  it('members that all get one note: said for the first MEMBER_NOTE_REPEATS, then counted; a long member name is clipped (review 2026-12-01b finding 3)', async () => {
    const { readOffloadInput, MEMBER_NOTE_REPEATS } = await import('../../src/offload/input.js');
    // 5,000 one-byte members, all named by one 100,000-character long name: 500 MB of notes before
    const r = readOffloadInput(sharedLongNames(5000, 100_000));
    expect(r.notes).to.have.length(MEMBER_NOTE_REPEATS + 1);
    expect(r.notes.every((n) => n.length < 1000)).to.equal(true);
    expect(r.notes[0]).to.match(/^A{200}… \(100000 characters\): not an object file, archive, OffloadBinary, bitcode or SPIR-V module \(starts with 78 79\); nothing read$/);
    expect(r.notes[MEMBER_NOTE_REPEATS]).to.equal(`${5000 - MEMBER_NOTE_REPEATS} more member(s): not an object file, archive, OffloadBinary, bitcode or SPIR-V module (starts with 78 79); nothing read`);
    // (a few members: each said)
    expect(readOffloadInput(sharedLongNames(3, 10)).notes).to.deep.equal(Array(3).fill('AAAAAAAAAA: not an object file, archive, OffloadBinary, bitcode or SPIR-V module (starts with 78 79); nothing read'));
  });

  it('an archive of host bitcode modules: each member\'s note counts its own OffloadBinaries (counted per module, not over everything found)', async () => {
    const bc = new Uint8Array(readFileSync(new URL('../../testdata/llvm22/containers/embedded.bc', import.meta.url)));
    const { dir, cleanup } = tempDir('syclbin-bc-ar-');
    try {
      writeFileSync(join(dir, 'mods.a'), concatChunks(archiveChunks([1, 2, 3].map((i) => ({ name: `m${i}.bc`, data: bc })))));
      const one = await cli(['offload-list', join(dir, 'mods.a')], dir);
      const counts = [...one.stderr.matchAll(/host bitcode module: (\d+) OffloadBinary/g)].map((m) => m[1]);
      expect(counts).to.have.length(3);
      expect(new Set(counts).size, one.stderr).to.equal(1);
    } finally {
      cleanup();
    }
  });
});
