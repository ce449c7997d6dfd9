/**
 * Our upstream JSON property sets against the real libLLVM 22: the harness
 * scripts/fixtures/props-json.cpp is built once (clang++-22, llvm-config-22; Debian packages clang-22
 * and llvm-22-dev), then for a few hundred generated registries (fast-check, fixed seed; names with
 * UTF-8, invalid UTF-8, control characters, quotes, backslashes, empty names, empty sets, sets big
 * enough to grow LLVM's DenseMap):
 *   - our writer's bytes = writePropertiesToJSON's bytes;
 *   - LLVM's JSON of the registry, mutated (tokens inserted, bytes deleted, values swapped for bad
 *     ones, truncated, ...), is read by readPropertiesFromJSON and by ours: same decision, same
 *     registry (as the harness prints it, plus LLVM's JSON of it), same error message.
 * Without the tools the suite fails with the command that installs them (test/support/tools.ts).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PropertySetError } from '../../src/props/errors.js';
import { readLlvmPropertiesJson, writeLlvmPropertiesJson } from '../../src/props/llvm-json.js';
import { byteArray, uint32, type PropertySetRegistry, type PropertyValue } from '../../src/props/model.js';
import { decodeText } from '../../src/props/text.js';
import { ourRead, printReg } from './llvm-json-support.js';
import { useLlvm22Program } from '../support/tools.js';

const HARNESS = new URL('../../scripts/fixtures/props-json.cpp', import.meta.url).pathname;
const SEED = 20260147;
const RUNS = 250;

const bytesOf = (s: string): number[] => [...new TextEncoder().encode(s)];
/** Pieces names are made of: ASCII, JSON specials, controls, valid and invalid UTF-8. */
const PIECES: number[][] = [
  ...['a', 'Z', '0', '_', '~', '/', ' ', '"', '\\', '\t', '\n', '\r', '\x00', '\x01', '\x08', '\x1f', '\x7f', 'é', '€', '😀', '\u2028', '\ufeff', 'SYCL/'].map(bytesOf),
  [0xff],
  [0x80],
  [0xe9],
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf0, 0x9f, 0x98],
];
const name = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('', 'a', 'b', 'B', 'optLevel', 'aspects', 'SYCL/misc properties', 'SYCL/device requirements') },
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...PIECES), { maxLength: 5 }).map((p) => decodeText(Uint8Array.from(p.flat()))) },
);
const value: fc.Arbitrary<PropertyValue> = fc.oneof(
  fc.constantFrom(0, 1, 2, 0x7fffffff, 0xffffffff).map(uint32),
  fc.nat().map(uint32),
  fc.uint8Array({ maxLength: 20 }).map((b) => byteArray(b)),
);
const bigSet = fc.integer({ min: 45, max: 70 }).map((n) => Array.from({ length: n }, (_, i): [string, PropertyValue] => [`k${i}`, uint32(i)]));
const registry: fc.Arbitrary<PropertySetRegistry> = fc
  .array(fc.tuple(name, fc.oneof({ weight: 6, arbitrary: fc.array(fc.tuple(name, value), { maxLength: 6 }) }, { weight: 1, arbitrary: bigSet })), { maxLength: 5 })
  .map((sets) => {
    const reg: PropertySetRegistry = new Map();
    for (const [n, props] of sets) {
      const set = reg.get(n) ?? new Map();
      reg.set(n, set);
      for (const [k, v] of props) set.set(k, v);
    }
    return reg;
  });

/** Tokens inserted by the mutations: JSON syntax, LLVM's lax numbers, good and bad base64, raw bytes. */
const TOKENS = [
  ...['{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', '0', '01', '-', '+', '.', 'e', '1e5', '-1', '-0', '+7', '1.0', '4294967296', '18446744073709551615', '18446744073709551616'],
  ...['true', 'null', '"AQ=="', '"AR=="', '"!!!!"', '"=AAA"', '"AQ=A"', '"\\ud800"', '"\\ud83d\\ude00"', '"\\u00e9"', '\\u0000', '"a":1', ',"a":2', ',"s":{}', '{"x":{}}', '\ufeff', '/'],
].map((t) => Uint8Array.from(bytesOf(t)));
/** Values swapped in: refused ones first, then ones LLVM reads laxly or at the edges of its number rules. */
const SWAPS = [
  ...['"!!!!"', '"@@@@"', '"AQI"', '-1', '1.5', 'null', '[1]', '{"x":1}', '"-_8="', '1e3', '0.0', '-9223372036854775809', '18446744073709551616'],
  ...['18446744073709551615', '9223372036854775808', '-9223372036854775808', '4294967296', '01', '+5', '-0', '000000000000000000000000042', '"AR=="', '""', '"\\u0041QID"'],
  ...['"Aé="', '"\\u0000AAA"', '"\\ud800A"'],
].map((t) => bytesOf(t));

type Mutation = (b: Uint8Array) => Uint8Array;
const splice = (b: Uint8Array, at: number, del: number, ins: ArrayLike<number>): Uint8Array => Uint8Array.from([...b.subarray(0, at), ...Array.from(ins), ...b.subarray(at + del)]);
/** Replace every value after `":` (a key's value) that `pick` selects by `bad`. */
function replaceValues(b: Uint8Array, pick: (i: number) => boolean, bad: (i: number) => number[]): Uint8Array {
  const text = Buffer.from(b).toString('latin1');
  let i = 0;
  return Uint8Array.from(Buffer.from(text.replace(/(?<=":)(?:"[^"\\]*"|[0-9]+)(?=[,}])/g, (m) => (pick(i++) ? Buffer.from(bad(i)).toString('latin1') : m)), 'latin1'));
}
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.constant((b: Uint8Array) => b) },
  { weight: 4, arbitrary: fc.tuple(fc.nat(), fc.constantFrom(...TOKENS)).map(([at, t]): Mutation => (b) => splice(b, at % (b.length + 1), 0, t)) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3 })).map(([at, n]): Mutation => (b) => splice(b, at % (b.length + 1), n, [])) },
  { weight: 1, arbitrary: fc.nat().map((at): Mutation => (b) => b.subarray(0, at % (b.length + 1))) },
  { weight: 3, arbitrary: fc.tuple(fc.nat({ max: 7 }), fc.nat()).map(([k, s]): Mutation => (b) => replaceValues(b, (i) => (i + s) % (k + 1) === 0, (i) => SWAPS[(i + s) % SWAPS.length]!)) },
  { weight: 1, arbitrary: fc.nat().map((s): Mutation => (b) => replaceValues(b, () => true, (i) => SWAPS[(i + s) % 3]!)) },
);

/** Run the harness; its stdout and exit status (1 = LLVM refused the input). */
function harness(exe: string, mode: 'write' | 'read' | 'read-batch', file: string): Promise<{ status: number; out: string }> {
  return new Promise((done, fail) => {
    execFile(exe, [mode, file], { encoding: 'buffer', maxBuffer: 1 << 26 }, (err, stdout) => {
      const status = err ? (err as { code?: unknown }).code : 0;
      if (typeof status !== 'number') fail(err);
      else done({ status, out: Buffer.from(stdout).toString('latin1') });
    });
  });
}

async function inPool<T>(items: T[], n: number, fn: (t: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  }));
}

describe('props/llvm-json interop with libLLVM 22 (scripts/fixtures/props-json.cpp)', function () {
  const llvm = useLlvm22Program(HARNESS, 'props-json', 600_000);

  it(`writer and reader agree with LLVM on ${RUNS} generated registries and their mutated JSON`, async function () {
    this.timeout(600_000);
    const cases = fc.sample(fc.tuple(registry, mutation), { seed: SEED, numRuns: RUNS });
    const tally = { accepted: 0, refused: 0, notes: 0 };
    await inPool(cases, 4, async ([reg, mutate], i) => {
      const regFile = join(llvm.dir, `${i}.reg`);
      writeFileSync(regFile, printReg(reg));
      const w = await harness(llvm.exe, 'write', regFile);
      expect(w.status, `case ${i}: LLVM write`).to.equal(0);
      const ours = writeLlvmPropertiesJson(reg);
      expect(Buffer.from(ours.json).toString('latin1'), `case ${i}: writer\n${printReg(reg)}`).to.equal(w.out);
      const mutated = mutate(Uint8Array.from(Buffer.from(w.out, 'latin1')));
      const jsonFile = join(llvm.dir, `${i}.json`);
      writeFileSync(jsonFile, mutated);
      const r = await harness(llvm.exe, 'read', jsonFile);
      expect(Buffer.from(ourRead(mutated)).toString('latin1'), `case ${i}: reader on ${JSON.stringify(Buffer.from(mutated).toString('latin1'))}`).to.equal(r.out);
      tally[r.status === 0 ? 'accepted' : 'refused']++;
      tally.notes += ours.notes.length;
    });
    // Both outcomes were exercised (the comparison above cannot pass by never reaching one of them).
    expect(tally.accepted).to.be.greaterThan(RUNS / 5);
    expect(tally.refused).to.be.greaterThan(RUNS / 5);
    expect(tally.notes).to.be.greaterThan(RUNS);
  });

  it('documents found by differential review read as LLVM reads them: surrogate pairs combined with |, an error at byte 0 after a newline, doubles rounded half to even', async () => {
    const docs: [string, Uint8Array][] = [
      ['pair from D840 (LLVM: U+10000, colliding with the raw key)', Uint8Array.from(Buffer.from('{"s":{"\\ud840\\udc00":1,"\u{10000}":2}}'))],
      ['pair DBFF DFFF', Uint8Array.from(Buffer.from('{"\\udbff\\udfff":{"k":1}}'))],
      ['pair D83D DE00 (no bit 6)', Uint8Array.from(Buffer.from('{"\\ud83d\\ude00":{"k":1}}'))],
      ['invalid UTF-8 at byte 0, newline later', Uint8Array.of(0x82, 0x0a, 0x7b, 0x7d)],
      ['a double on an exact tie', Uint8Array.from(Buffer.from('{"s":{"k":562949953421312.125}}'))],
      ['a double of 17 digits', Uint8Array.from(Buffer.from('{"s":{"k":2.5e-5}}'))],
    ];
    for (const [what, doc] of docs) {
      const file = join(llvm.dir, 'review.json');
      writeFileSync(file, doc);
      const r = await harness(llvm.exe, 'read', file);
      expect(Buffer.from(ourRead(doc)).toString('latin1'), what).to.equal(r.out);
    }
  });

  it('every number token of up to 4 of the characters 0 1 9 e E + - ., every byte after a backslash, in a string, in base64 and as a document, and \\u escapes of 26 code units alone and in pairs: read as LLVM reads them', async function () {
    this.timeout(120_000);
    // Review 2026-11-28: the enumeration of the differential run, kept (the harness's read-batch, one
    // process for all of them).
    const e = (t: string): number[] => bytesOf(t);
    const docs: number[][] = [];
    const chars = ['0', '1', '9', 'e', 'E', '+', '-', '.'];
    const tokens: string[] = [];
    const grow = (t: string, n: number): void => {
      if (t) tokens.push(t);
      if (n) for (const c of chars) grow(t + c, n - 1);
    };
    grow('', 4);
    for (const t of tokens) docs.push(e(`{"s":{"k":${t}}}`));
    for (const t of tokens.filter((x) => x.length <= 2)) docs.push(e(t), e(`{"s":${t}}`), e(`{"s":{"k":[${t}]}}`));
    for (const n of ['9223372036854775807', '9223372036854775808', '18446744073709551615', '18446744073709551616', '4294967296'])
      for (const pre of ['', '+', '-', '0', '-0', '00000000000000000000']) for (const suf of ['', '0', '.0', 'e0', 'e-0']) docs.push(e(`{"s":{"k":${pre}${n}${suf}}}`));
    for (let b = 0; b < 256; b++) {
      docs.push([...e('{"s":{"a\\'), b, ...e('b":1}}')], [...e('{"s":{"a'), b, ...e('b":1}}')], [...e('{"s":'), b, ...e('{"k":1}}')], [b]);
      docs.push([...e('{"s":{"k":"AAA'), b, ...e('"}}')], [...e('{"s":{"k":"AA'), b, ...e('="}}')], [...e('{"s":{"k":"A'), b, ...e('=="}}')]);
    }
    const units = [0, 1, 0x1f, 0x22, 0x2f, 0x5c, 0x7f, 0x80, 0xff, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xd83d, 0xd840, 0xdbff, 0xdc00, 0xde00, 0xdfff, 0xe000, 0xfeff, 0xfffd, 0xfffe, 0xffff, 0x100, 0x20];
    const u = (c: number, upper: boolean): string => `\\u${upper ? c.toString(16).padStart(4, '0').toUpperCase() : c.toString(16).padStart(4, '0')}`;
    for (const a of units) {
      docs.push(e(`{"${u(a, false)}":{}}`));
      for (const b of units) docs.push(e(`{"s":{"${u(a, (b & 1) === 1)}${u(b, false)}":"AQ=="}}`), e(`{"s":{"k":"${u(a, false)}${u(b, true)}"}}`));
    }
    const file = join(llvm.dir, 'batch.bin');
    writeFileSync(file, Buffer.concat(docs.flatMap((d) => {
      const length = Buffer.alloc(4);
      length.writeUInt32LE(d.length);
      return [length, Buffer.from(d)];
    })));
    const r = await harness(llvm.exe, 'read-batch', file);
    expect(r.status).to.equal(0);
    const answers = r.out.split('\x01END\n');
    expect(answers.length).to.equal(docs.length + 1);
    let accepted = 0;
    docs.forEach((d, i) => {
      const doc = Uint8Array.from(d);
      if (!answers[i]!.startsWith('error\t')) accepted++;
      expect(Buffer.from(ourRead(doc)).toString('latin1'), JSON.stringify(Buffer.from(doc).toString('latin1'))).to.equal(answers[i]);
    });
    expect(accepted).to.be.greaterThan(500);
  });

  it('an error about a long value carries LLVM\'s whole message in `llvm` (the reason people read quotes 200 characters of it)', async () => {
    // Review 2026-11-28 (differential run, 100,000+ documents): every divergence was a value of more
    // than MAX_QUOTED characters, which `llvm` held clipped (`… (N characters)`) where LLVM quotes it all.
    const x = 'x'.repeat(1001);
    const docs: [string, string][] = [
      ['a long string that is no base64', `{"s":{"k":"${x}"}}`],
      ['a long array as a value', `{"s":{"k":[${'1,'.repeat(400)}1]}}`],
      ['a long object as a set', `{"s":[{"${x}":1}]}`],
      ['a long string as the document', `"${x}"`],
      ['a pair of surrogates at the cut, a NUL and a line feed in the names', `{"a\\u0000\\n":{"k\\n":"${'a'.repeat(199)}${'\u{1F600}'.repeat(20)}"}}`],
    ];
    for (const [what, text] of docs) {
      const doc = Uint8Array.from(Buffer.from(text));
      const file = join(llvm.dir, 'long.json');
      writeFileSync(file, doc);
      const r = await harness(llvm.exe, 'read', file);
      expect(r.status, what).to.equal(1);
      expect(Buffer.from(ourRead(doc)).toString('latin1'), what).to.equal(r.out);
      // (and the reason is short, on one line)
      let reason = '';
      try {
        readLlvmPropertiesJson(doc);
      } catch (e) {
        reason = (e as PropertySetError).reason;
      }
      expect(reason, what).to.match(/^[^\n\u0000]{1,400}$/u);
      expect(reason, `${what}: half a surrogate pair`).not.to.match(/[\ud800-\udbff](?![\udc00-\udfff])/);
    }
  });
});
