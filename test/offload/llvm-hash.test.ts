/**
 * `llvm::hash_value(StringRef)` (src/offload/llvm-hash.ts) and the DenseMap<StringRef> replay
 * (src/offload/densemap-order.ts).
 *
 * Oracles:
 * - Golden values of `HashingTest.HashCombineRangeGoldenTest`, 64-bit table, from
 *   llvm/unittests/ADT/HashingTest.cpp (arames/llvm-project@23bcfab91691b45a0ca2ef5e4bc2f1bd416a0c75;
 *   the test was dropped upstream once the seed became per-process in assertion builds). They hash
 *   `hash_combine_range(str.begin(), str.end())` with the fixed seed 0xff51afd7ed558ccd, exactly what
 *   `hash_value(StringRef)` computes in release builds.
 * - The real LLVM 19 library: a 25-line C++ program linked against the `libLLVM.so.19.1` that
 *   `clang-offload-packager` itself loads, calling the exported `llvm::hash_value(llvm::StringRef)` and
 *   `llvm::DenseMapInfo<llvm::StringRef>::getHashValue` on thousands of random byte strings.
 * The DenseMap replay is checked against clang-offload-packager itself in packager-args.test.ts.
 */
import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { INSTALL_HINT, requireTool } from '../support/tools.js';
import { denseMapStringRefHash, LLVM_HASH_FIXED_SEED, llvmHashValue } from '../../src/offload/llvm-hash.js';
import { denseMapIterationOrder, LlvmStringDenseMap } from '../../src/offload/densemap-order.js';

const abc = 'abcdefghijklmnopqrstuvwxyz';
const a32 = 'a'.repeat(32);
const z32 = 'z'.repeat(32);
const ab32 = 'ab'.repeat(16);

// HashingTest.cpp HashCombineRangeGoldenTest, `#if SIZE_MAX == UINT64_MAX || SIZE_MAX == UINT32_MAX`.
const GOLDEN: Array<[string, bigint]> = [
  ['a', 0xaeb6f9d5517c61f8n],
  ['ab', 0x7ab1edb96be496b4n],
  ['abc', 0xe38e60bf19c71a3fn],
  ['abcde', 0xd24461a66de97f6en],
  ['abcdefgh', 0x4ef872ec411dec9dn],
  ['abcdefghijklm', 0xe8a865539f4eadfen],
  ['abcdefghijklmnopqrstu', 0x261cdf85faaf4e79n],
  [abc + 'abcdef', 0x43ba70e4198e3b2an],
  [abc + 'abcdef' + abc + 'ghijkl' + abc + 'mnopqr' + abc + 'stuvwx' + abc + 'yzabcd', 0xdcd57fb2afdf72ben],
  ['aa', 0xf2b3b69a9736a1ebn],
  ['aaa', 0xf752eb6f07b1cafen],
  ['aaaaa', 0x812bd21e1236954cn],
  ['aaaaaaaa', 0xff07a2cff08ac587n],
  ['aaaaaaaaaaaaa', 0x84ac949d54d704ecn],
  ['aaaaaaaaaaaaaaaaaaaaa', 0xcb2c8fb6be8f5648n],
  [a32, 0xcc40ab7f164091b6n],
  [a32.repeat(5), 0xc58e174c1e78ffe9n],
  ['z', 0x1ba160d7e8f8785cn],
  ['zz', 0x2c5c03172f1285d7n],
  ['zzz', 0x9d2c4f4b507a2ac3n],
  ['zzzzz', 0x0f03b9031735693an],
  ['zzzzzzzz', 0xe674147c8582c08en],
  ['zzzzzzzzzzzzz', 0x3162d9fa6938db83n],
  ['zzzzzzzzzzzzzzzzzzzzz', 0x37b9a549e013620cn],
  [z32, 0x8921470aff885016n],
  [z32.repeat(5), 0xf60fdcd9beb08441n],
  ['aba', 0x3edb049950884d0an],
  ['ababa', 0x8f2de9e73a97714bn],
  ['abababab', 0xee14a29ddf0ce54cn],
  ['ababababababa', 0x38b3ddaada2d52b4n],
  ['ababababababababababa', 0xd3665364219f2b85n],
  [ab32, 0xa75cd6afbf1bc972n],
  [ab32.repeat(5), 0x840192d129f7a22bn],
];

describe('offload/llvm-hash: llvm::hash_value(StringRef) of LLVM 19', () => {
  it('matches every 64-bit golden value of HashingTest.cpp HashCombineRangeGoldenTest', () => {
    for (const [s, h] of GOLDEN) expect(llvmHashValue(s), `hash_value("${s}")`).to.equal(h);
  });

  it('covers every length class of hash_short and the >64-byte hash_state path', () => {
    const lengths = new Set(GOLDEN.map(([s]) => s.length));
    for (const l of [1, 2, 3, 5, 8, 13, 21, 32, 160]) expect(lengths.has(l), `length ${l}`).to.equal(true);
  });

  it('hashes strings as their UTF-8 bytes, and takes the default seed explicitly too', () => {
    const s = 'värde-名前-🚀';
    expect(llvmHashValue(s)).to.equal(llvmHashValue(new TextEncoder().encode(s)));
    expect(llvmHashValue('abc', LLVM_HASH_FIXED_SEED)).to.equal(0xe38e60bf19c71a3fn);
    expect(llvmHashValue('abc', 1n)).to.not.equal(0xe38e60bf19c71a3fn);
  });

  it('DenseMapInfo<StringRef>::getHashValue is the low 32 bits', () => {
    expect(denseMapStringRefHash('a')).to.equal(0x517c61f8);
    expect(denseMapStringRefHash('abcdefghijklm')).to.equal(0x9f4eadfe);
    for (const [s, h] of GOLDEN) expect(denseMapStringRefHash(s)).to.equal(Number(h & 0xffffffffn));
  });

  it('returns u64 values (0 <= h < 2^64) for random inputs of every length up to 300', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const h = llvmHashValue(bytes);
        return h >= 0n && h < 1n << 64n;
      }),
      { numRuns: 300 },
    );
  });
});

/** Build (once) a tiny program that calls the hash functions exported by the packager's libLLVM. */
function buildLibLlvmOracle(dir: string): string {
  const packager = requireTool('clang-offload-packager-19');
  const clangxx = join(dirname(packager), 'clang++');
  if (!existsSync(clangxx)) throw new Error(`clang++ of LLVM 19 not found next to ${packager}; ${INSTALL_HINT}`);
  // The very libLLVM the packager runs with.
  const ldd = execFileSync('ldd', [packager], { encoding: 'utf8' });
  const lib = /libLLVM[^\s]*\s+=>\s+(\S+)/.exec(ldd)?.[1];
  if (!lib) throw new Error(`clang-offload-packager-19 is not linked against a shared libLLVM:\n${ldd}`);
  // Layout-compatible stand-ins for llvm::StringRef {const char *, size_t} and llvm::hash_code {size_t}
  // give the same Itanium mangling and calling convention as the real declarations
  // (llvm/ADT/StringRef.h, llvm/ADT/Hashing.h), so no LLVM headers (llvm-19-dev) are needed.
  const src = `#include <cstddef>
#include <cstdio>
#include <iostream>
#include <string>
namespace llvm {
struct StringRef { const char *Data; size_t Length; };
struct hash_code { size_t Value; };
hash_code hash_value(StringRef S);
template <typename T, typename Enable> struct DenseMapInfo;
template <> struct DenseMapInfo<StringRef, void> { static unsigned getHashValue(StringRef Val); };
}
static int nib(char c) { return c <= '9' ? c - '0' : c - 'a' + 10; }
int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    std::string b;
    for (size_t i = 0; i + 1 < line.size(); i += 2) b.push_back((char)(nib(line[i]) * 16 + nib(line[i + 1])));
    llvm::StringRef s{b.data(), b.size()};
    std::printf("%016zx %08x\\n", llvm::hash_value(s).Value, llvm::DenseMapInfo<llvm::StringRef, void>::getHashValue(s));
  }
}
`;
  writeFileSync(join(dir, 'oracle.cpp'), src);
  const exe = join(dir, 'oracle');
  const r = spawnSync(clangxx, ['-O1', '-x', 'c++', join(dir, 'oracle.cpp'), '-x', 'none', lib, '-o', exe], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`could not build the libLLVM hash oracle (${clangxx}): ${r.stderr}; ${INSTALL_HINT}`);
  return exe;
}

describe('offload/llvm-hash vs the LLVM 19 library the packager uses (libLLVM.so.19.1)', function () {
  this.timeout(120_000);
  let dir = '';
  let oracle = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'llvm-hash-'));
    oracle = buildLibLlvmOracle(dir);
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('agrees on hash_value and getHashValue for 4000 random byte strings of length 0..300', () => {
    const inputs: Uint8Array[] = [new Uint8Array(0)];
    for (let len = 1; len <= 200; len++) inputs.push(Uint8Array.from({ length: len }, (_, i) => (i * 131 + len * 7) & 0xff));
    inputs.push(...fc.sample(fc.uint8Array({ maxLength: 300 }), { numRuns: 3800, seed: 0x5eed }));
    const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    const out = execFileSync(oracle, { input: inputs.map(hex).join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 26 });
    const lines = out.trim().split('\n');
    expect(lines.length).to.equal(inputs.length);
    inputs.forEach((b, i) => {
      const [h64, h32] = lines[i]!.split(' ');
      expect(llvmHashValue(b).toString(16).padStart(16, '0'), `hash_value(${hex(b)})`).to.equal(h64);
      expect(denseMapStringRefHash(b).toString(16).padStart(8, '0'), `getHashValue(${hex(b)})`).to.equal(h32);
    });
  });
});

describe('offload/densemap-order: llvm::DenseMap<StringRef, V> replay', () => {
  const keys = (n: number, prefix = 'key') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  it('has 0 buckets until the first insert, then 64', () => {
    const m = new LlvmStringDenseMap<number>();
    expect(m.numBuckets).to.equal(0);
    m.tryEmplace('triple', 1);
    expect(m.numBuckets).to.equal(64);
  });

  it('grows to 128 buckets at the 48th distinct key and to 256 at the 96th (load factor 3/4)', () => {
    const m = new LlvmStringDenseMap<number>();
    const ks = keys(200);
    ks.forEach((k, i) => {
      m.tryEmplace(k, i);
      const n = i + 1;
      const expected = n < 48 ? 64 : n < 96 ? 128 : n < 192 ? 256 : 512;
      expect(m.numBuckets, `after ${n} keys`).to.equal(expected);
    });
    // A repeated key never grows the table.
    const before = m.numBuckets;
    expect(m.tryEmplace('key5', -1)).to.equal(false);
    expect(m.numBuckets).to.equal(before);
    expect(m.get('key5')).to.equal(5);
  });

  it('puts a key at hash & (NumBuckets-1) when that bucket is free, and iterates by bucket', () => {
    const m = new LlvmStringDenseMap<null>();
    m.tryEmplace('triple', null);
    m.tryEmplace('arch', null);
    for (const { key, bucket } of m.layout()) expect(bucket).to.equal(denseMapStringRefHash(key) & 63);
    const order = m.entries().map(([k]) => k);
    const byBucket = ['triple', 'arch'].sort((a, b) => (denseMapStringRefHash(a) & 63) - (denseMapStringRefHash(b) & 63));
    expect(order).to.deep.equal(byBucket);
  });

  it('resolves collisions by quadratic probing (+1, +2, +3, ...)', () => {
    // Find three keys with the same home bucket in a 64-bucket table.
    const home = new Map<number, string[]>();
    let trio: string[] | undefined;
    for (let i = 0; !trio; i++) {
      const k = `c${i}`;
      const b = denseMapStringRefHash(k) & 63;
      const list = home.get(b) ?? [];
      list.push(k);
      home.set(b, list);
      if (list.length === 3) trio = list;
    }
    const m = new LlvmStringDenseMap<null>();
    for (const k of trio) m.tryEmplace(k, null);
    const h = denseMapStringRefHash(trio[0]!) & 63;
    const where = new Map(m.layout().map(({ key, bucket }) => [key, bucket]));
    expect(where.get(trio[0]!)).to.equal(h);
    expect(where.get(trio[1]!)).to.equal((h + 1) & 63);
    expect(where.get(trio[2]!)).to.equal((h + 1 + 2) & 63);
  });

  it('keeps every key exactly once, for any insertion sequence', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 150 }), (ks) => {
        const order = denseMapIterationOrder(ks);
        expect([...order].sort()).to.deep.equal([...new Set(ks)].sort());
      }),
      { numRuns: 200 },
    );
  });

  it('treats the empty string as an ordinary key and compares keys as UTF-8 bytes', () => {
    const m = new LlvmStringDenseMap<number>();
    expect(m.tryEmplace('', 1)).to.equal(true);
    expect(m.tryEmplace('', 2)).to.equal(false);
    expect(m.tryEmplace('é', 3)).to.equal(true);
    expect(m.tryEmplace('e\u0301', 4)).to.equal(true); // different bytes, different key
    expect(m.size).to.equal(3);
    expect(m.get('')).to.equal(1);
  });

  it('reuses a tombstone left by delete, as LookupBucketFor prefers the first tombstone', () => {
    const m = new LlvmStringDenseMap<number>();
    m.tryEmplace('a', 1);
    const [{ bucket }] = m.layout();
    expect(m.delete('a')).to.equal(true);
    expect(m.has('a')).to.equal(false);
    m.tryEmplace('a', 2);
    expect(m.layout()).to.deep.equal([{ key: 'a', bucket }]);
  });
});
