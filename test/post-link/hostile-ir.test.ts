/**
 * Hostile LLVM IR is normal input (issue item 5): mutations of the copied sycl-post-link test modules
 * (byte flips, deleted and duplicated spans, splices, truncation, bracket floods) go through the
 * reader and the whole post-link driver. The only acceptable failures are the library's typed errors
 * (SyclbinError subclasses: IrSyntaxError with line and column, LowerError, PostLinkError, …); never a
 * RangeError (stack), TypeError, a hang or a huge allocation. Deterministic (fixed fast-check seed).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { SyclbinError } from '../../src/codec/errors.js';
import { IrSyntaxError } from '../../src/lower/llvm-ir/parse/errors.js';
import { parseLlvmIr } from '../../src/lower/llvm-ir/parse/parser.js';
import { postLink } from '../../src/lower/post-link/driver.js';
import { parsePostLinkArgs } from '../../src/lower/post-link/options.js';
import { lowerIrModule } from '../../src/lower/from-ir/lower-ir.js';

const ROOT = new URL('../../testdata/sycl-post-link/', import.meta.url).pathname;
const corpus = (JSON.parse(readFileSync(ROOT + 'SOURCES.json', 'utf8')).tests as { file: string }[]).map((t) => readFileSync(ROOT + t.file, 'latin1'));

type Mutation = (s: string) => string;
const TOKENS = ['{', '}', '[', ']', '<', '>', '(', ')', ',', '*', '%', '@', '!', '"', 'c"', '0x', 'ptr', 'i8', 'zeroinitializer', 'undef', '\n', ' x ', 'addrspace(4)', 'call', 'define', '#0', ';'];

const mutation = (len: number): fc.Arbitrary<Mutation> =>
  fc.oneof(
    fc.record({ at: fc.nat(len), n: fc.integer({ min: 1, max: 40 }) }).map(({ at, n }) => (s: string) => s.slice(0, at) + s.slice(at + n)),
    fc.record({ at: fc.nat(len), t: fc.constantFrom(...TOKENS), k: fc.integer({ min: 1, max: 3 }) }).map(({ at, t, k }) => (s: string) => s.slice(0, at) + t.repeat(k) + s.slice(at)),
    fc.record({ at: fc.nat(len), c: fc.integer({ min: 0, max: 255 }) }).map(({ at, c }) => (s: string) => s.slice(0, at) + String.fromCharCode(c) + s.slice(at + 1)),
    fc.record({ from: fc.nat(len), to: fc.nat(len), n: fc.integer({ min: 1, max: 200 }) }).map(({ from, to, n }) => (s: string) => s.slice(0, to) + s.slice(from, from + n) + s.slice(to)),
    fc.nat(len).map((at) => (s: string) => s.slice(0, at)),
    fc.record({ at: fc.nat(len), t: fc.constantFrom('{', '[', '<{', '(', '!{', 'bitcast (ptr '), n: fc.integer({ min: 300, max: 20000 }) }).map(({ at, t, n }) => (s: string) => s.slice(0, at) + t.repeat(n) + s.slice(at)),
  );

function typedOnly(run: () => void): void {
  try {
    run();
  } catch (e) {
    if (!(e instanceof SyclbinError)) throw e;
    if (e instanceof IrSyntaxError) {
      expect(e.line).to.be.greaterThan(0);
      expect(e.column).to.be.greaterThan(0);
    }
  }
}

describe('hostile LLVM IR (fast-check, fixed seed)', function () {
  this.timeout(120_000);

  it('the reader and the lowering fail only with typed errors', () => {
    fc.assert(
      fc.property(fc.nat(corpus.length - 1), fc.array(mutation(12000), { minLength: 1, maxLength: 4 }), (i, muts) => {
        let text = corpus[i]!;
        for (const m of muts) text = m(text);
        typedOnly(() => parseLlvmIr(text));
        typedOnly(() => lowerIrModule(text));
      }),
      { seed: 0x5eed, numRuns: 250 },
    );
  });

  it('the post-link driver fails only with typed errors (native, emulation, split, default-value images)', () => {
    const argSets = [
      ['-spec-const=native', '-S', 'in.ll', '-o', 'o.table'],
      ['-spec-const=emulation', '-S', '-split=kernel', '-symbols', 'in.ll', '-o', 'o.table'],
      ['-spec-const=native', '--device-globals', '-emit-program-metadata', '-split=source', '-generate-device-image-default-spec-consts', '-S', 'in.ll', '-o', 'o.table'],
    ];
    fc.assert(
      fc.property(fc.nat(corpus.length - 1), fc.array(mutation(12000), { minLength: 1, maxLength: 3 }), fc.nat(argSets.length - 1), (i, muts, a) => {
        let text = corpus[i]!;
        for (const m of muts) text = m(text);
        const files = new Map<string, Uint8Array>([['in.ll', Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff)]]);
        typedOnly(() =>
          postLink(parsePostLinkArgs(argSets[a]!), {
            read: (p) => files.get(p) ?? new Uint8Array(),
            write: (p, b) => void files.set(p, b),
          }),
        );
      }),
      { seed: 0xb01d, numRuns: 120 },
    );
  });

  it('200 000 tokens of one bracket nest are refused with a typed error (a hang would hit the mocha timeout)', () => {
    for (const t of ['{', '[', '(', '!{', '<{']) {
      expect(() => parseLlvmIr(`@x = global i8 ${t.repeat(200_000)}`)).to.throw(IrSyntaxError);
      expect(() => parseLlvmIr(`define void @f() {\nentry:\n  call void @g(${t.repeat(200_000)}\n}`)).to.throw(IrSyntaxError);
    }
  });
});
