/**
 * The committed LLVM 22 / LLVM 19 goldens (testdata/llvm22, made by scripts/fixtures/llvm22.sh with
 * the command of each golden in goldens.tsv) reproduced by our CLI with the same command line:
 *   - `llvm-offload-binary-22 -o F --image=...` / `clang-offload-packager-19 -o F ...` → `offload-pack
 *     [--llvm 19]`: the same bytes;
 *   - `llvm-objdump-22 --offloading F` / `llvm-objdump-19 ...` → `offload-list [--llvm 19]`: the same
 *     text and exit status, for every file the tool reads (files the tools refuse but we read on
 *     purpose are checked for what we print instead, elsewhere);
 *   - `llvm-offload-binary-22 F --image=...` (extract mode) → `offload-extract F --image=...`: the same
 *     files (names, sizes, SHA-256), warnings and exit status.
 * These run without the tools; test/llvm22/interop.test.ts runs the tools themselves.
 */
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from '../offload/support.js';

import { LLVM22 } from './support.js';

/** One line of goldens.tsv. */
export interface Golden {
  golden: string;
  exit: number;
  /** Directory the command ran in (relative to testdata/llvm22), the tool and its arguments. */
  dir: string;
  tool: string;
  args: string[];
}

/** Shell words of a goldens.tsv command: single-quoted words or plain words. */
function words(s: string): string[] {
  return [...s.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

/** The goldens whose command is `(cd DIR && TOOL ARGS...)` with nothing else. */
export function goldens(): Golden[] {
  const out: Golden[] = [];
  for (const line of readFileSync(join(LLVM22, 'goldens.tsv'), 'utf8').split('\n').slice(1)) {
    const [golden, exit, command] = line.split('\t');
    const m = /^\(cd (\S+) && (\S+) ([^|<>;&]*)\)$/.exec(command ?? '');
    if (!m) continue;
    out.push({ golden: golden!, exit: Number(exit), dir: m[1]!, tool: m[2]!, args: words(m[3]!) });
  }
  return out;
}

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Where an input of an extract golden lives (the fixtures are kept once, under pack/, sycl/, containers/). */
function findInput(name: string): string {
  for (const d of ['pack', 'sycl', 'containers', 'strict']) if (existsSync(join(LLVM22, d, name))) return join(LLVM22, d, name);
  throw new Error(`no fixture ${name}`);
}

describe('llvm22 goldens: offload-pack = llvm-offload-binary-22 / clang-offload-packager-19', () => {
  const cases = goldens().filter((g) => /\.pack$/.test(g.golden) && g.args[0] === '-o');
  it('finds the pack goldens', () => expect(cases.length).to.be.greaterThanOrEqual(20));
  for (const g of cases) {
    const era = g.tool === 'clang-offload-packager-19' ? '19' : '22';
    it(`${g.golden} (${g.tool})`, async () => {
      const out = join(LLVM22, g.dir, g.args[1]!);
      const stderrFile = join(LLVM22, `${g.golden}.stderr.txt`);
      const r = await cli(['offload-pack', '--llvm', era, '-o', '-', ...g.args.slice(2)], join(LLVM22, g.dir));
      expect(r.code, r.stderr).to.equal(g.exit);
      if (g.exit === 0) expect(Buffer.from(r.stdoutBytes).equals(readFileSync(out)), `${g.golden}: same bytes`).to.equal(true);
      else {
        // The tool's message, after its program name, is ours after ours.
        const theirs = readFileSync(stderrFile, 'utf8').replace(/^[^:]+: error: /, '').trim();
        expect(r.stderr).to.include(theirs);
      }
    });
  }
});

describe('llvm22 goldens: offload-list = llvm-objdump-22 / llvm-objdump-19 --offloading', () => {
  // Files the tools refuse but we read on purpose (v2 in a section; wrapper objects and executables,
  // whose offloading section holds bare SPIR-V; bitcode modules): test/llvm22/beyond.test.ts; an
  // OffloadBinary beside bare SPIR-V in one section: test/containers/mixed-section.test.ts.
  // Malformed inputs (testdata/llvm22/strict) where LLVM and this toolkit's reader disagree on purpose:
  // test/llvm22/strict-rules.test.ts checks what we print for them; --strict follows LLVM (below).
  const deliberate = /(v2-in-elf\.o|mixed-[a-z-]+\.r\.o|\.wrapper\.o|two-wrappers\.r\.o|two-wrappers\.stripped\.so|\.wrapper\.obj|\.exe|\.bc|^strict\/(entrysize|image-past-end|entry-at-header|one-padded|one-truncated|trunc-member|trunc-data|offload-member|compressed|text-section)\.[a-z]+)\.objdump(19|22)$/;
  const cases = goldens().filter((g) => /\.objdump(19|22)$/.test(g.golden) && !deliberate.test(g.golden));
  it('finds the listing goldens', () => expect(cases.length).to.be.greaterThanOrEqual(60));
  for (const g of cases) {
    const era = g.tool === 'llvm-objdump-19' ? '19' : '22';
    it(`${g.golden}`, async () => {
      const file = g.args[g.args.length - 1]!;
      const r = await cli(['offload-list', '--llvm', era, file], join(LLVM22, g.dir));
      expect(r.code, r.stderr).to.equal(g.exit);
      const want = join(LLVM22, `${g.golden}.txt`);
      expect(r.stdout).to.equal(existsSync(want) ? readFileSync(want, 'utf8') : '');
    });
  }
});

describe('llvm22 goldens: offload-list --strict = llvm-objdump-22 / -19 --offloading, also where they fail', () => {
  // Every listing golden, the files the tools refuse included: the same standard output, the same
  // status, and the error line after the program name.
  const cases = goldens().filter((g) => /\.objdump(19|22)$/.test(g.golden));
  it('finds the listing goldens, failing ones among them', () => {
    expect(cases.length).to.be.greaterThanOrEqual(80);
    expect(cases.filter((g) => g.exit !== 0).length).to.be.greaterThanOrEqual(15);
  });
  for (const g of cases) {
    const era = g.tool === 'llvm-objdump-19' ? '19' : '22';
    it(`${g.golden} --strict`, async () => {
      const file = g.args[g.args.length - 1]!;
      const r = await cli(['offload-list', '--strict', '--llvm', era, file], join(LLVM22, g.dir));
      expect(r.code, r.stderr).to.equal(g.exit);
      const want = join(LLVM22, `${g.golden}.txt`);
      expect(r.stdout).to.equal(existsSync(want) ? readFileSync(want, 'utf8') : '');
      const stderr = join(LLVM22, `${g.golden}.stderr.txt`);
      const theirs = existsSync(stderr) ? readFileSync(stderr, 'utf8').replace(/^[^:]+: /, '') : '';
      expect(r.stderr.replace(/^syclbin offload-list: /, '')).to.equal(theirs);
    });
  }
});

describe('llvm22 goldens: offload-extract FILE --image=... = llvm-offload-binary-22 FILE --image=...', () => {
  // Where we differ on purpose (test/llvm22/beyond.test.ts): LLVM 22 stops at a v2 binary and at a
  // wrapper object; we extract from both.
  // --strict does what LLVM does there too: every golden, the same files, status and error line.
  // strict-*: malformed inputs LLVM refuses and this toolkit reads (testdata/llvm22/strict, section 4b of the script).
  const differ = new Set(['v2-input', 'sycl-wrapper', 'strict-entrysize', 'strict-padded-o']);
  const all = goldens().filter((g) => /^extract\/[^/]+\/run$/.test(g.golden) && g.tool === 'llvm-offload-binary-22');
  const cases = [...all.filter((g) => !differ.has(g.golden.split('/')[1]!)).map((g) => ({ g, strict: false })), ...all.map((g) => ({ g, strict: true }))];
  it('finds the extract goldens', () => expect(cases.length).to.be.greaterThanOrEqual(30));
  for (const { g, strict } of cases) {
    const name = g.golden.split('/')[1]!;
    it(`${name}${strict ? ' --strict' : ''}`, async function () {
      const listing = join(LLVM22, 'extract', `${name}.files.txt`);
      const input = g.args[0]!;
      const { dir, cleanup } = tempDir('syclbin-extract-');
      try {
        copyFileSync(findInput(input), join(dir, input));
        const r = await cli(['offload-extract', ...(strict ? ['--strict'] : []), ...g.args], dir);
        expect(r.code, r.stderr).to.equal(g.exit);
        const stderr = join(LLVM22, g.golden + '.stderr.txt');
        const theirs = existsSync(stderr) ? readFileSync(stderr, 'utf8') : '';
        if (strict) expect(r.stderr.replace(/^syclbin offload-extract: /gm, '')).to.equal(theirs.replace(/^[^:]+: /gm, ''));
        else for (const line of theirs.split('\n').filter(Boolean)) expect(r.stderr).to.include(line.replace(/^[^:]+: /, ''));
        const files = readdirSync(dir)
          .filter((f) => f !== input)
          .sort()
          .map((f) => `${statSync(join(dir, f)).size}\t${sha256(readFileSync(join(dir, f)))}\t${f}`);
        const want = existsSync(listing) ? readFileSync(listing, 'utf8').split('\n').filter(Boolean).sort((a, b) => (a.split('\t')[2]! < b.split('\t')[2]! ? -1 : 1)) : [];
        expect(files).to.deep.equal(want);
      } finally {
        cleanup();
      }
    });
  }
});
