/**
 * src/lower/llvm-ir/demangle-prefix.ts against the demangler it stands for: llvm::itaniumDemangle of
 * Debian's libLLVM 22, through scripts/fixtures/itanium-demangle.cpp (built with clang++-22 and
 * llvm-config-22; Debian packages clang-22 and llvm-22-dev). The names: every `@_Z…` name of the
 * IR under testdata/, names that take the rarer paths, and seeded mutations (truncated, a character
 * replaced, inserted or removed) of a fixed list of such names (testdata/lower/itanium-names.txt, so
 * that adding IR to testdata does not change the mutations), which demangle, fail, or use
 * productions the reader does not follow. Every answer it gives must be LLVM's; for the real names
 * the fallback too.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { demangledPrefix, demangledStartsWithUnderscores } from '../../src/lower/llvm-ir/demangle-prefix.js';
import { useLlvm22Program } from '../support/tools.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const HARNESS = join(ROOT, 'scripts/fixtures/itanium-demangle.cpp');

function irFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) irFiles(p, out);
    else if (p.endsWith('.ll')) out.push(p);
  }
  return out;
}

/** Names that take the rarer paths: types as names, templates' return types, special and local names, suffixes. */
const EXTRA = [
  'n', 'g', 'i', 'Pi', '3__x', 'N5__foo3barE', 'u8__vendor', 'childA', '_Z', '_ZN', '_Z8__insidev', '_Z7outsidev',
  '_Z3fooIiEnT_', '_Z3fooIiET_S0_', '_Z1fIN5__abc1XEEvT_', '_Z1fIN5__abc1XEET_S2_', '_Z1fIiEDvT_', '_ZN5__spv3fooEv',
  '_ZL7spec_0', '_ZTV3Foo', '_ZZ4mainE1x', '_ZN3FooC2Ev', '_Z3foov.cold', '_Z3foovi', '_Z3fooPFvvE', '_ZN1AIiE1fIcEEvT_',
  '_Z1fIJicEEvDpT_', '_ZN4sycl3_V16detail9__foo_barEv', '_ZNSt6vectorIiSaIiEE9push_backERKi', '_Z4funcILi3EEvv',
];

describe('Itanium demangling prefix: hostile names', () => {
  it('deep nesting of every recursive production ends in an answer, not a RangeError', () => {
    for (const name of ['_Z1fI' + 'J'.repeat(50_000), '_Z1f' + 'P'.repeat(50_000) + 'i', '_Z1fI' + 'I'.repeat(50_000), '_Z' + 'Z'.repeat(50_000), '_Z1f' + 'F'.repeat(50_000), 'N'.repeat(50_000)]) {
      expect(() => demangledStartsWithUnderscores(name), name.slice(0, 12)).to.not.throw();
    }
  });
});

describe('Itanium demangling prefix (canBeImportedFunction\'s builtin test) against libLLVM 22', function () {
  const llvm = useLlvm22Program(HARNESS, 'demangle', 300_000);

  it('agrees with llvm::itaniumDemangle on every mangled name in testdata, the rare paths and 8,000 seeded mutations', function () {
    this.timeout(120_000);
    const base = new Set<string>();
    for (const f of irFiles(join(ROOT, 'testdata'))) for (const m of readFileSync(f, 'latin1').matchAll(/@"?(_Z[A-Za-z0-9_.$]+)/g)) base.add(m[1]!);
    const names = [...base, ...EXTRA];
    const real = names.length;
    const seeds = [...readFileSync(join(ROOT, 'testdata/lower/itanium-names.txt'), 'latin1').split('\n').filter((l) => l !== '' && !l.startsWith('#')), ...EXTRA];
    let state = 20261127;
    const rnd = (n: number): number => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return (state >>> 8) % n;
    };
    const alphabet = '_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.$';
    for (let k = 0; k < 8000; k++) {
      const s = seeds[rnd(seeds.length)]!;
      const p = rnd(s.length + 1);
      const ch = alphabet[rnd(alphabet.length)]!;
      const t = [s.slice(0, p), s.slice(0, p) + ch + s.slice(p + 1), s.slice(0, p) + ch + s.slice(p), s.slice(0, p) + s.slice(p + 1 + rnd(3))][rnd(4)]!;
      if (t !== '') names.push(t);
    }
    const theirs = execFileSync(llvm.exe, [], { input: names.join('\n') + '\n', maxBuffer: 1 << 28 }).toString('latin1').split('\n');
    let followed = 0;
    let demangled = 0;
    let underscores = 0;
    names.forEach((n, i) => {
      const t = theirs[i]!;
      const ok = t.startsWith('+');
      const text = t.slice(1);
      const d = demangledPrefix(n);
      if (d !== undefined) {
        followed++;
        expect(d.ok, `${n}: ${t}`).to.equal(ok);
        if (d.ok) expect(text.startsWith(d.first), `${n}: ${t} does not start with ${JSON.stringify(d.first)}`).to.equal(true);
      }
      // The fallback for names it does not follow assumes a compiler's name (valid): checked on the
      // real names; a mutated name it does not follow may be one LLVM refuses.
      if (d !== undefined || i < real) expect(demangledStartsWithUnderscores(n), `${n}: ${t}`).to.equal(ok && text.startsWith('__'));
      if (ok) demangled++;
      if (ok && text.startsWith('__')) underscores++;
    });
    // The comparison reached every kind of answer.
    expect(base.size).to.be.greaterThan(200);
    expect(followed / names.length).to.be.greaterThan(0.9);
    expect(demangled).to.be.greaterThan(names.length / 4);
    expect(demangled).to.be.lessThan(names.length);
    expect(underscores).to.be.greaterThan(100);
  });
});
