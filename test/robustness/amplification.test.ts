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
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DecodeError } from '../../src/codec/errors.js';
import { MAX_TABLE_STRING, TerminatedStrings, TEXT_BUDGET_FACTOR } from '../../src/codec/source.js';
import { decodeUtf8 } from '../../src/codec/schema.js';
import { archiveChunks, readArchive } from '../../src/containers/archive.js';
import { concatChunks } from '../../src/codec/index.js';
import { readOffloadBinary } from '../../src/offload/read.js';
import { cli, tempDir } from '../offload/support.js';

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

describe('amplification: per-member work in archives', function () {
  this.timeout(30_000);
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
