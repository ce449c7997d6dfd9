/**
 * The documentation's command blocks run as written (issue 13 §5): every command line in the
 * README's opening block and in the ```sh blocks of README.md and docs/*.md runs in a fresh copy of
 * the repository (its tracked files, with this checkout's node_modules and build), with `syclbin` on
 * PATH as the built CLI, and must exit 0 (or the status its comment names: `# … (exit 1)`).
 *
 * Example names the docs use for the user's own files (`dev.bin`, `a.out`, `device.ll`, …) are
 * copies of bundled files (FIXTURES, each with why it stands for the name), placed in the copy's
 * root before the first block runs; blocks of one document run in order, so later lines may use what
 * earlier lines wrote. Lines this suite cannot run are listed in NOT_RUN with the reason.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { requireTool } from '../support/tools.js';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Documents whose command blocks are checked: the README and the top level of docs/. */
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Names the docs give the user's files, and the bundled file each one is in the fresh copy. */
const FIXTURES: Record<string, string> = {
  // a device image and an IR file clang would hand to the packager (any bytes will do for packing)
  'k.o': 'testdata/llvm22/src/k.o',
  'k.bc': 'testdata/llvm22/src/k.bc',
  // a program linked by clang++-22 -fsycl (testdata/llvm22/README.md), and the image clang-sycl-linker left
  'a.out': 'testdata/llvm22/sycl/k.exe',
  'a.out.spirv64..img': 'testdata/llvm22/sycl/k.img',
  // device IR with spec constants and device globals, from intel/llvm's sycl-post-link tests
  'device.ll': 'testdata/sycl-post-link/spec-constants/composite-default-value.ll',
  'device.bc': 'testdata/llvm22/sycl/k.device.bc',
  // a SYCLBIN and a compressed one (OffloadBinary v3, zstd), a property-set file, a pack manifest
  'kernel.syclbin': 'testdata/conformance/sample_v1_one_ir.syclbin',
  'compressed.syclbin': 'testdata/syclbin/v2_roles_v3_zstd.syclbin',
  's.prop': 'testdata/props/sample.prop',
};

/** What a document's commands need made first (a shell line run in the copy's root before its first block). */
const DOC_SETUP: Record<string, string> = {
  // module_0.prop: property sets as sycl-post-link writes them, whole-byte arrays only; m.prop: the
  // same in bytewise order (what a registry read back from upstream JSON is)
  'docs/props-json.md':
    'syclbin lower testdata/lower/issue-example.json --props-out module_0.prop && syclbin props --llvm-json module_0.prop -o setup.json && syclbin props --encode setup.json -o m.prop',
};

/** Command lines that are not run here, and why (matched at the start of the line). */
const NOT_RUN: [string, string][] = [
  ['npm test', 'this suite is part of it'],
  ['npm ci', 'installing is what the fresh clone in CI does (.ci/run); the rest of the line runs'],
  ['apt-get', 'installs system packages (.ci/run does)'],
  ['npm run bench', 'minutes of measurement (test/bench/harness.test.ts runs the harness)'],
  ['npm run bench:decompress', 'a measurement on 256 MiB payloads'],
  ['npm run fuzz', 'the fuzz suite runs after mocha in npm test'],
  ['npm run screenshots', 'runs the Chromium tests, which run in this suite'],
  ['git clone', 'needs the repository URL; the fresh-clone run in CI is this'],
];

interface DocCommand {
  doc: string;
  line: number;
  text: string;
  status: number;
}

/** Command lines of a document: the README's indented opening block, every ```sh/bash/console block and the `$ ` lines of indented examples. */
function commandsOf(doc: string): DocCommand[] {
  const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
  const out: DocCommand[] = [];
  let fenced = false;
  let opening = doc === 'README.md';
  lines.forEach((raw, i) => {
    if (/^```(sh|bash|console|shell)\s*$/.test(raw)) return void (fenced = true);
    if (fenced && raw.startsWith('```')) return void (fenced = false);
    const indented = opening && raw.startsWith('    ');
    if (opening && raw.trim() && !indented && i > 1) opening = false;
    // An indented example with a prompt: its `$ ` lines are commands, the others their output.
    const prompt = !fenced && /^ {4}\$ /.test(raw);
    if (!fenced && !indented && !prompt) return;
    let text = raw.trim().replace(/^\$ /, '');
    if (!text || text.startsWith('#')) return;
    const comment = /\s#\s.*$/.exec(text);
    const status = comment ? Number(/\(exit (\d+)\)/.exec(comment[0])?.[1] ?? 0) : 0;
    if (comment) text = text.slice(0, comment.index).trim();
    out.push({ doc, line: i + 1, text, status });
  });
  return out;
}

/** The line with NOT_RUN prefixes removed (`npm ci && x` runs x), or undefined when nothing is left. */
function runnable(text: string): string | undefined {
  const parts = text.split(/\s*&&\s*/).filter((p) => !NOT_RUN.some(([prefix]) => p === prefix || p.startsWith(prefix + ' ')));
  return parts.length ? parts.join(' && ') : undefined;
}

/** A copy of the checkout's tracked files (as they are in the working tree), with node_modules and dist linked. */
function freshCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'syclbin-docs-'));
  const ls = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  expect(ls.status, ls.stderr).to.equal(0);
  for (const f of ls.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, f))) continue; // deleted in the working tree
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(dir, f));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(join(ROOT, 'dist'), join(dir, 'dist'));
  mkdirSync(join(dir, 'web', 'dist'), { recursive: true });
  copyFileSync(join(ROOT, 'web', 'dist', 'inspector.js'), join(dir, 'web', 'dist', 'inspector.js'));
  const bin = join(dir, '.bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'syclbin'), `#!/bin/sh\nexec node "${join(dir, 'dist', 'cli', 'main.js')}" "$@"\n`);
  chmodSync(join(bin, 'syclbin'), 0o755);
  for (const [name, from] of Object.entries(FIXTURES)) copyFileSync(join(ROOT, from), join(dir, name));
  return dir;
}

describe('docs: the README names what exists', () => {
  it('every function the Library section lists is exported by the package', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = /## Library\n([\s\S]*?)\n## /.exec(readme)![1]!;
    const prose = section.replace(/```[\s\S]*?```/g, '');
    const names = [...prose.matchAll(/`([a-zA-Z][a-zA-Z0-9]*)`/g)].map((m) => m[1]!).filter((n) => /^[a-z]/.test(n) && !['src'].includes(n));
    expect(names.length).to.be.greaterThan(10);
    const lib = (await import('../../src/index.js')) as Record<string, unknown>;
    const missing = names.filter((n) => typeof lib[n] !== 'function');
    expect(missing, 'listed in README "Library" but not exported').to.deep.equal([]);
    // And the code block's imports.
    for (const m of section.matchAll(/import \{([^}]*)\} from 'syclbin-toolkit'/g)) {
      for (const n of m[1]!.split(',').map((x) => x.trim())) expect(typeof lib[n], n).to.equal('function');
    }
  });

  // The ```ts blocks of the docs, compiled as a user's program that imports the package by its name
  // (the package resolves itself through its exports map: the built dist/ types, what a user gets),
  // and the README's first block run on a bundled SYCLBIN: the import checks above named the
  // functions, not their signatures or what the block says they return.
  describe('the ```ts blocks of the docs', function () {
    this.timeout(180_000);
    /** Names the blocks use for the user's own values, declared so that the blocks type-check as fragments. */
    const PRELUDE = 'declare const bytes: Uint8Array;\ndeclare const bytesOfAZstdFile: Uint8Array;\n';
    const blocks = DOCS.flatMap((doc) =>
      [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/^```(?:ts|typescript)\n([\s\S]*?)^```$/gm)].map((m, i) => ({ doc, i, code: m[1]! })),
    );
    let dir: string;
    before(() => {
      mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
      dir = mkdtempSync(join(ROOT, 'test-artifacts', 'docs-ts-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('finds the README\'s blocks (the extractor is not vacuous)', () => {
      expect(blocks.filter((b) => b.doc === 'README.md').length).to.be.greaterThanOrEqual(2);
    });

    it('every block type-checks against the package (strict, NodeNext, as a consumer compiles it)', () => {
      const files = blocks.map((b) => {
        const f = join(dir, `${b.doc.replace(/\W/g, '_')}_${b.i}.mts`);
        writeFileSync(f, `${PRELUDE}${b.code}export {};\n`);
        return f;
      });
      const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
      const r = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--lib', 'es2022,dom', '--types', 'node', '--skipLibCheck', ...files], { cwd: ROOT, encoding: 'utf8' });
      expect(r.status, `${r.stdout}${r.stderr}`).to.equal(0);
    });

    it('the README\'s first block runs as shown: the model\'s image reads, writeSyclbin gives the same bytes again, dumpSyclbin the dump', () => {
      const first = blocks.find((b) => b.doc === 'README.md')!.code;
      const input = join(ROOT, 'testdata/syclbin/v1_one_ir.syclbin');
      // (each statement the block shows, its value printed: the block itself discards them)
      const shown = first
        .replace(/^(file\.abstractModules\[0\]\.irModules\[0\]\.image\.bytes\(\));/m, 'console.log(JSON.stringify({ image: $1.length }));')
        .replace(/^writeSyclbin\(file\);/m, 'console.log(JSON.stringify({ same: Buffer.compare(writeSyclbin(file), bytes) === 0 }));')
        .replace(/^(new TextDecoder\(\)\.decode\(dumpSyclbin\(file\)\));/m, 'console.log(JSON.stringify({ dump: $1 }));');
      expect(shown.match(/console\.log/g)?.length, 'the block changed: update this test with it').to.equal(3);
      const f = join(dir, 'readme-first.mjs');
      writeFileSync(f, `import { readFileSync } from 'node:fs';\nconst bytes = new Uint8Array(readFileSync(${JSON.stringify(input)}));\n${shown}`);
      const r = spawnSync(process.execPath, [f], { cwd: ROOT, encoding: 'utf8' });
      expect(r.status, r.stderr).to.equal(0);
      const [image, same, dump] = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(image!.image).to.be.greaterThan(0);
      expect(same!.same).to.equal(true);
      expect(dump!.dump).to.equal(readFileSync(join(ROOT, 'testdata/syclbin/v1_one_ir.dump.txt'), 'utf8'));
    });
  });

  it('every command the README table names exists, and every command is in the table', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = [...readme.matchAll(/^\| `([a-z-]+)[ `]/gm)].map((m) => m[1]!);
    const also = [...readme.matchAll(/^\| `annotate` \/ (.*?) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([a-z-]+)`/g)].map((x) => x[1]!));
    const pairs = [...readme.matchAll(/^\| `[a-z-]+ [^`]*` \/ `([a-z-]+)/gm)].map((m) => m[1]!);
    const { COMMAND_NAMES } = await import('../../src/cli/registry.js');
    expect([...new Set([...table, ...also, ...pairs])].sort()).to.deep.equal([...COMMAND_NAMES].sort());
  });
});

/**
 * The files the `--help` examples name, per command: each command's examples run in order in a folder
 * of their own holding FIXTURES and these (the same name stands for different files in different
 * commands: `k.o` is a device image to pack, and an object clang++-22 -fsycl wrote to extract from).
 */
const ONE_IR = 'testdata/conformance/sample_v1_one_ir.syclbin';
const EXAMPLE_FIXTURES: Record<string, Record<string, string>> = {
  inspect: { 'big.syclbin': ONE_IR },
  json: { 'big.syclbin': ONE_IR, 'k.syclbin': ONE_IR },
  pack: { 'in.syclbin': ONE_IR },
  'offload-pack': { 'a.bc': 'testdata/llvm22/src/k.bc', 'b.bc': 'testdata/llvm22/src/k.bc', 'k.spv': 'testdata/llvm22/src/k.spv', 'k.syclbin': ONE_IR },
  // llvm-offload-binary-22's CUDA image (sm_70), a two-image binary, clang-22's OpenMP object
  'offload-list': { 'dev.bin': 'testdata/llvm22/pack/cuda.ob22.bin', 'multi.bin': 'testdata/llvm22/pack/multi.ob22.bin', 'omp.o': 'testdata/llvm22/containers/omp22.o' },
  'offload-extract': { 'dev.bin': 'testdata/llvm22/pack/cuda.ob22.bin', 'k.o': 'testdata/llvm22/sycl/k.o' },
  lower: { 'spec.json': 'testdata/lower/issue-example.json' },
  props: { 'spec.json': 'testdata/lower/issue-example.json' },
  specialize: { 'spec.json': 'testdata/lower/issue-example.json' },
  diff: { 'old.syclbin': ONE_IR, 'new.syclbin': 'testdata/conformance/sample_v1_in_offload_v1.syclbin', 'a.syclbin': ONE_IR, 'b.syclbin': 'testdata/syclbin/v1_two_modules_mixed.syclbin' },
};
/** What a command's examples need made first (a shell line, run in its folder). */
const EXAMPLE_SETUP: Record<string, string> = {
  pack: 'syclbin extract kernel.syclbin -o m && mv m/* . && rmdir m', // manifest.json and its images
  props: 'syclbin lower spec.json --props-out module_0.prop', // whole-byte arrays (--llvm-json refuses bit masks)
  specialize: 'syclbin lower spec.json -o app.syclbin',
};
/** Examples whose status is not 0: the files differ; the drop-in fails where LLVM fails. */
const EXAMPLE_STATUS: Record<string, number> = {
  'syclbin diff old.syclbin new.syclbin': 1,
  'syclbin diff --bytes a.syclbin b.syclbin': 1,
  'syclbin offload-extract --strict a.out --image=triple=spirv64-unknown-unknown': 1,
};
/** Examples not run: a server that runs until stopped (test/cli/serve.test.ts runs it). */
const EXAMPLE_NOT_RUN = ['syclbin serve'];

describe('docs: every --help example runs as written', function () {
  this.timeout(300000);
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const examples: { command: string; text: string }[] = [];

  before(async () => {
    expect(existsSync(join(ROOT, 'dist', 'cli', 'main.js')), 'run `npm run build` first (npm test does)').to.equal(true);
    dir = freshCopy();
    env = { ...process.env, PATH: `${join(dir, '.bin')}:${process.env.PATH ?? ''}`, NO_COLOR: '1' };
    const { COMMAND_NAMES, loadCommand } = await import('../../src/cli/registry.js');
    for (const name of COMMAND_NAMES) for (const e of (await loadCommand(name))!.examples) examples.push({ command: name, text: e });
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('every command has examples, and every one runs in a folder of its command with the status it should have', () => {
    requireTool('jq');
    const commands = [...new Set(examples.map((e) => e.command))];
    expect(commands.length).to.be.greaterThan(15);
    let ran = 0;
    for (const command of commands) {
      const cwd = join(dir, `help-${command}`);
      mkdirSync(cwd);
      for (const [name, from] of Object.entries({ ...FIXTURES, ...EXAMPLE_FIXTURES[command] })) copyFileSync(join(ROOT, from), join(cwd, name));
      // (the examples use testdata/ paths too)
      symlinkSync(join(dir, 'testdata'), join(cwd, 'testdata'));
      const setup = EXAMPLE_SETUP[command];
      if (setup) {
        const r = spawnSync('bash', ['-o', 'pipefail', '-c', setup], { cwd, env, encoding: 'utf8' });
        expect(r.status, `${command} setup: ${setup}\n${r.stderr}`).to.equal(0);
      }
      for (const e of examples.filter((x) => x.command === command)) {
        const text = e.text.replace(/\s+#\s.*$/, '').trim();
        if (EXAMPLE_NOT_RUN.some((p) => text === p || text.startsWith(p + ' '))) continue;
        const r = spawnSync('bash', ['-o', 'pipefail', '-c', text], { cwd, env, encoding: 'utf8', maxBuffer: 256 << 20 });
        expect(r.status, `syclbin ${command} --help: ${e.text}\n${r.stderr}`).to.equal(EXAMPLE_STATUS[text] ?? 0);
        ran++;
      }
    }
    expect(ran).to.be.greaterThan(55);
  });
});

describe('docs: every command block runs as written', function () {
  this.timeout(300000);
  let dir: string;
  let env: NodeJS.ProcessEnv;

  before(() => {
    expect(existsSync(join(ROOT, 'dist', 'cli', 'main.js')), 'run `npm run build` first (npm test does)').to.equal(true);
    dir = freshCopy();
    env = { ...process.env, PATH: `${join(dir, '.bin')}:${process.env.PATH ?? ''}`, NO_COLOR: '1' };
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the fixtures stand for files that exist', () => {
    for (const from of Object.values(FIXTURES)) expect(existsSync(join(ROOT, from)), from).to.equal(true);
  });

  for (const doc of DOCS) {
    const commands = commandsOf(doc);
    if (!commands.length) continue;
    it(`${doc}: ${commands.length} command line(s)`, () => {
      if (commands.some((c) => /\bjq\b/.test(c.text))) requireTool('jq');
      const setup = DOC_SETUP[doc];
      if (setup) {
        const r = spawnSync('bash', ['-o', 'pipefail', '-c', setup], { cwd: dir, env, encoding: 'utf8' });
        expect(r.status, `${doc} setup: ${setup}\n${r.stderr}`).to.equal(0);
      }
      for (const c of commands) {
        const text = runnable(c.text);
        if (text === undefined) continue;
        const r = spawnSync('bash', ['-o', 'pipefail', '-c', text], { cwd: dir, env, encoding: 'utf8', maxBuffer: 256 << 20 });
        expect(r.status, `${c.doc}:${c.line}: ${c.text}\n${r.stderr}`).to.equal(c.status);
      }
    });
  }

  it('finds the README opening commands and the docs blocks (the extractor is not vacuous)', () => {
    const readme = commandsOf('README.md');
    expect(readme[0]?.text).to.match(/^npm ci && node dist\/cli\/main\.js dump /);
    expect(readme.map((c) => c.text)).to.include('npm test');
    expect(DOCS.reduce((n, d) => n + commandsOf(d).length, 0)).to.be.greaterThan(10);
    expect(runnable('npm ci && syclbin dump x')).to.equal('syclbin dump x');
    expect(runnable('npm test')).to.equal(undefined);
  });
});
