/**
 * verify's check of the global symbol tables of AIX big archives (src/hex/big-archive-symtab-check.ts),
 * read as llvm/llvm-project:llvm/lib/Object/Archive.cpp reads them (`BigArchive::BigArchive`,
 * `appendGlobalSymbolTableInfo`, `Archive::Symbol::getMember`, `getNext`): archives by llvm-ar-22
 * verify clean (only a 32-bit table, only a 64-bit one, both), and each corruption of a table gives
 * one located finding, never an exception. Inputs: testdata/offload/aix-big.a, aix-big-32.a,
 * aix-big-64.a (provenance in that folder's README); the corruptions patch their tables.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArchive } from '../../src/containers/archive.js';
import { verify } from '../../src/hex/verify.js';
import { ArBigFixedHeader, ArBigMemberHeader, ArBigSymbolOffset, ArBigSymbolTableHeader } from '../../formats/ar.js';
import { readBytes, tempDir, TESTDATA } from '../offload/support.js';
import { requireTool } from '../support/tools.js';

const COUNT = ArBigSymbolTableHeader.fixedSize!;
const ENTRY = ArBigSymbolOffset.fixedSize!;
const FILES = ['aix-big.a', 'aix-big-32.a', 'aix-big-64.a'] as const;
const bytesOf = (f: string): Uint8Array => readBytes(join(TESTDATA, f));

/** The global symbol tables of `f` as the reader finds them, with their counts read here. */
function tablesOf(bytes: Uint8Array) {
  const a = readArchive(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (a.globalSymbolTables ?? []).map((t) => ({ ...t, count: Number(view.getBigUint64(t.dataOffset, false)), namesAt: t.dataOffset + COUNT + Number(view.getBigUint64(t.dataOffset, false)) * ENTRY }));
}

/** A copy of `src` with `data` written at `at`. */
function patch(src: Uint8Array, at: number, data: Uint8Array | number[]): Uint8Array {
  const b = Uint8Array.from(src);
  b.set(data, at);
  return b;
}

const u64be = (v: bigint): Uint8Array => {
  const b = new Uint8Array(ENTRY);
  new DataView(b.buffer).setBigUint64(0, v, false);
  return b;
};

/** A blank-padded decimal field of `width` bytes. */
const field = (text: string, width: number): Uint8Array => new TextEncoder().encode(text.padEnd(width));

/** The problems verify reports, as [severity, path, offset]; verify must not throw. */
function findings(bytes: Uint8Array): [string, string, number][] {
  return verify(bytes).problems.map((p) => [p.severity, p.path, p.offset]);
}

describe('verify: AIX big archive global symbol tables', () => {
  it('archives by llvm-ar-22 verify clean: 32-bit table only, 64-bit table only, both', () => {
    const bits = FILES.map((f) => tablesOf(bytesOf(f)).map((t) => [t.bits, t.count]));
    expect(bits).to.deep.equal([
      [
        [32, 2],
        [64, 5],
      ],
      [[32, 2]],
      [[64, 2]],
    ]);
    for (const f of FILES) expect(verify(bytesOf(f)).problems, f).to.deep.equal([]);
    // (other archives have none)
    expect(readArchive(bytesOf('other-objects.a')).globalSymbolTables).to.equal(undefined);
  });

  it('the tables read as llvm-nm-22 --print-armap lists them (count, and each offset a member header)', () => {
    const nm = requireTool('llvm-nm-22');
    for (const f of FILES) {
      const out = spawnSync(nm, ['--print-armap', f], { cwd: TESTDATA, encoding: 'utf8' });
      expect(out.status, f).to.equal(0);
      const map = out.stdout.split('\n\n')[0]!.split('\n').slice(1);
      const bytes = bytesOf(f);
      const a = readArchive(bytes);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const ours: string[] = [];
      for (const t of tablesOf(bytes)) {
        const names = new TextDecoder().decode(bytes.subarray(t.namesAt, t.dataOffset + t.size)).split('\0');
        for (let i = 0; i < t.count; i++) {
          const at = Number(view.getBigUint64(t.dataOffset + COUNT + i * ENTRY, false));
          ours.push(`${names[i]} in ${a.members.find((m) => m.headerOffset === at)!.name}`);
        }
      }
      expect(ours, f).to.deep.equal(map);
    }
  });

  for (const f of FILES) {
    const bytes = bytesOf(f);
    const tables = tablesOf(bytes);
    for (const t of tables) {
      const at = `${f}, ${t.bits}-bit table`;
      const d = `${t.key}.data`;

      it(`${at}: a count too big for the table is an error at the count`, () => {
        expect(findings(patch(bytes, t.dataOffset, u64be(BigInt(t.count + 1000))))).to.deep.equal([['error', `${d}.count`, t.dataOffset]]);
        // (and a count past 2^64 - 1 offsets' room, past 2^53)
        expect(findings(patch(bytes, t.dataOffset, u64be(0xffff_ffff_ffff_ffffn)))).to.deep.equal([['error', `${d}.count`, t.dataOffset]]);
        // (one more than the offsets fit: the names' bytes would be offsets)
        const one = Math.floor((t.size - COUNT) / ENTRY) + 1;
        expect(findings(patch(bytes, t.dataOffset, u64be(BigInt(one))))).to.deep.equal([['error', `${d}.count`, t.dataOffset]]);
      });

      it(`${at}: an offset into the middle of a member is an error at that offset`, () => {
        const a = readArchive(bytes);
        const last = t.count - 1;
        const off = t.dataOffset + COUNT + last * ENTRY;
        const p = verify(patch(bytes, off, u64be(BigInt(a.members[0]!.headerOffset + 30))));
        expect(p.problems.map((x) => [x.severity, x.path, x.offset, x.size])).to.deep.equal([['error', `${d}.offsets[${last}]`, off, ENTRY]]);
        expect(p.problems[0]!.message).to.match(/30 byte\(s\) into member 0 \('xcoff(32|64)\.o'\)/);
        // (past the end of the archive, past 2^53: the same finding)
        expect(findings(patch(bytes, off, u64be(BigInt(bytes.length))))).to.deep.equal([['error', `${d}.offsets[${last}]`, off]]);
        expect(findings(patch(bytes, off, u64be(1n << 60n)))).to.deep.equal([['error', `${d}.offsets[${last}]`, off]]);
        // (at the table itself: no member)
        expect(verify(patch(bytes, off, u64be(BigInt(t.headerOffset)))).problems[0]!.message).to.contain(`inside the ${t.bits}-bit global symbol table`);
      });

      it(`${at}: a last name without its NUL is an error at that name`, () => {
        const end = t.dataOffset + t.size;
        const start = bytes.lastIndexOf(0, end - 2) + 1;
        expect(findings(patch(bytes, end - 1, [0x78]))).to.deep.equal([['error', `${d}.names[${t.count - 1}]`, start]]);
      });

      it(`${at}: fewer names than the count is an error at the names`, () => {
        // (the first name's NUL made a letter: names run together, the last still terminated)
        const nul = bytes.indexOf(0, t.namesAt);
        const p = verify(patch(bytes, nul, [0x5f]));
        expect(p.problems.map((x) => [x.severity, x.path, x.offset])).to.deep.equal([['error', `${d}.names`, t.namesAt]]);
        expect(p.problems[0]!.message).to.contain(`says ${t.count} symbol(s) but holds ${t.count - 1} NUL-terminated name(s)`);
        // (and the count raised by one: the offsets eat the first name's bytes, or do not fit)
        const more = findings(patch(bytes, t.dataOffset, u64be(BigInt(t.count + 1))));
        expect(more.length).to.be.greaterThan(0);
        expect(more.every(([s, p]) => s === 'error' && p.startsWith(`${d}.`))).to.equal(true);
      });

      it(`${at}: a table shorter than its count is an error at its size`, () => {
        const sizeAt = t.headerOffset + ArBigMemberHeader.offsets.size!;
        for (const size of [4, 0]) {
          // (the table's bytes past the new size are then no table's: the unreferenced-bytes warning, as for any such bytes)
          expect(findings(patch(bytes, sizeAt, field(String(size), ArBigMemberHeader.fields.size.fixedSize!)))).to.deep.equal([
            ['error', `${t.key}.header.size`, sizeAt],
            ['warning', 'unreferenced', t.dataOffset + size],
          ]);
        }
      });
    }
  }

  it('both tables: bytes after the 32-bit names shift the 64-bit names (LLVM reads the tables as one): a warning there', () => {
    const bytes = bytesOf('aix-big.a');
    const [t32] = tablesOf(bytes);
    // The 32-bit table's size made one more: the NUL that pads it to an even length is in it.
    expect(t32!.size % 2).to.equal(1);
    expect(bytes[t32!.dataOffset + t32!.size]).to.equal(0);
    const sizeAt = t32!.headerOffset + ArBigMemberHeader.offsets.size!;
    const grown = patch(bytes, sizeAt, field(String(t32!.size + 1), ArBigMemberHeader.fields.size.fixedSize!));
    expect(findings(grown)).to.deep.equal([['warning', 'symbolTable.data.names', t32!.dataOffset + t32!.size]]);
    // The same without the 64-bit table (its offset in the fixed-length header made 0): nothing is
    // shifted, no finding about the table (the 64-bit table's bytes are now no table's: unreferenced).
    const alone = patch(grown, ArBigFixedHeader.offsets.globalSymbols64!, field('0', ArBigFixedHeader.fields.globalSymbols64.fixedSize!));
    expect(tablesOf(alone).map((t) => t.bits)).to.deep.equal([32]);
    expect(findings(alone).filter(([, p]) => p.startsWith('symbolTable'))).to.deep.equal([]);
  });

  it('llvm-nm-22 --print-armap misreads or fails on each corruption reported', () => {
    const nm = requireTool('llvm-nm-22');
    const bytes = bytesOf('aix-big.a');
    const [t32, t64] = tablesOf(bytes);
    const a = readArchive(bytes);
    const clean = spawnSync(nm, ['--print-armap', join(TESTDATA, 'aix-big.a')], { encoding: 'utf8' });
    const variants: Record<string, Uint8Array> = {
      'mid.a': patch(bytes, t64!.dataOffset + COUNT, u64be(BigInt(a.members[0]!.headerOffset + 30))),
      'nonul.a': patch(bytes, t64!.dataOffset + t64!.size - 1, [0x78]),
      'fewer.a': patch(bytes, bytes.indexOf(0, t64!.namesAt), [0x5f]),
      'shift.a': patch(bytes, t32!.headerOffset + ArBigMemberHeader.offsets.size!, field(String(t32!.size + 1), ArBigMemberHeader.fields.size.fixedSize!)),
    };
    const { dir, cleanup } = tempDir('syclbin-bigsym-');
    try {
      for (const [f, b] of Object.entries(variants)) {
        writeFileSync(join(dir, f), b);
        expect(verify(b).problems, f).to.have.length(1);
        const r = spawnSync(nm, ['--print-armap', f], { cwd: dir, encoding: 'utf8' });
        expect(r.status !== 0 || r.stdout.split('\n\n')[0] !== clean.stdout.split('\n\n')[0], f).to.equal(true);
      }
    } finally {
      cleanup();
    }
  });
});
