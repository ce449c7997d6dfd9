/** Every subcommand answers --help with a usage line, its options and at least one example. */
import { expect } from 'chai';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { COMMAND_NAMES } from '../../src/cli/registry.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  const dec = new TextDecoder();
  const w = (a: string[]) => ({ write: (c: string | Uint8Array) => void a.push(typeof c === 'string' ? c : dec.decode(c)) });
  return { io: { stdout: w(out), stderr: w(err), cwd: '/', env: {} }, out, err };
}

describe('cli: help and dispatch', () => {
  it('lists every command in the main help', async () => {
    const c = capture();
    expect(await runCli(['--help'], c.io)).to.equal(0);
    for (const name of COMMAND_NAMES) expect(c.out.join('')).to.contain(`  ${name} `);
  });

  for (const name of COMMAND_NAMES) {
    it(`${name} --help shows usage, options and an example`, async () => {
      const c = capture();
      expect(await runCli([name, '--help'], c.io)).to.equal(0);
      const text = c.out.join('');
      expect(text).to.match(new RegExp(`^Usage: syclbin ${name}\\b`));
      expect(text).to.contain('Options:');
      expect(text).to.contain('Examples:');
      expect(text).to.contain(`syclbin ${name}`);
      expect(text).to.contain('Exit status:');
    });
  }

  it('the status 74 of a closed pipe is said in offload-list --help only, the command that exits so', async () => {
    for (const name of ['offload-list', 'offload-pack', 'offload-extract', 'post-link']) {
      const c = capture();
      expect(await runCli([name, '--help'], c.io)).to.equal(0);
      const text = c.out.join('').replace(/\s+/g, ' ');
      expect(text).to.contain('141 standard output was closed');
      if (name === 'offload-list') expect(text).to.contain('141 standard output was closed (with --llvm 19: 74, as llvm-objdump-19)');
      else expect(text).not.to.contain('74');
    }
  });

  it("diff --help says device images are compared by kernel names too, and that those paths name no bytes", async () => {
    const c = capture();
    expect(await runCli(['diff', '--help'], c.io)).to.equal(0);
    const text = c.out.join('').replace(/\s+/g, ' ');
    expect(text).to.contain('PATH.kernels["NAME"] (a kernel added or removed, whatever its place in the entries table)');
    expect(text).to.contain("these name no bytes of their own ('syclbin hexdump --path PATH' shows the image)");
  });

  it('offload-list --help: --strings shows an empty key as "", and scanning finds are one note per object', async () => {
    const c = capture();
    expect(await runCli(['offload-list', '--help'], c.io)).to.equal(0);
    const text = c.out.join('').replace(/\s+/g, ' ');
    expect(text).to.contain('an empty key as ""');
    expect(text).to.contain('only noted (one note per object: how many, where the first is)');
  });

  it('unknown command and unknown option are usage errors (exit 2)', async () => {
    let c = capture();
    expect(await runCli(['no-such-command'], c.io)).to.equal(2);
    expect(c.err.join('')).to.contain("unknown command 'no-such-command'");
    c = capture();
    expect(await runCli(['dump', '--no-such-option', 'x'], c.io)).to.equal(2);
    expect(c.err.join('')).to.contain('Usage: syclbin dump');
  });

  it('a mistyped command or option: the nearest spelling is suggested (LLVM\u2019s parsers do), the value kept; none when nothing is near or two are as near', async () => {
    const first = async (args: string[], cwd = '/'): Promise<[number, string]> => {
      const c = capture();
      c.io.cwd = cwd;
      const code = await runCli(args, c.io);
      return [code, c.err.join('').split('\n')[0]!];
    };
    expect(await first(['dupm', 'x'])).to.deep.equal([2, "syclbin: unknown command 'dupm' (did you mean 'dump'?). Run 'syclbin --help' for the list."]);
    expect(await first(['help', 'ofload-list'])).to.deep.equal([2, "syclbin: unknown command 'ofload-list' (did you mean 'offload-list'?)"]);
    expect(await first(['zzz'])).to.deep.equal([2, "syclbin: unknown command 'zzz'. Run 'syclbin --help' for the list."]);
    expect(await first(['--verison'])).to.deep.equal([2, "syclbin: unknown option '--verison' (did you mean '--version'?): before a command only --help (-h) and --version (-V) are options. Run 'syclbin --help' for the list."]);
    expect(await first(['dump', '--vebose', 'x'])).to.deep.equal([2, "syclbin dump: error: unknown option '--vebose' (did you mean '--verbose'?)"]);
    expect(await first(['inspect', '--no-hsah', 'x'])).to.deep.equal([2, "syclbin inspect: error: unknown option '--no-hsah' (did you mean '--no-hash'?)"]);
    // An LLVM drop-in: its statuses (1) and tag; the value kept in the suggestion.
    expect(await first(['offload-pack', '--imag=file=k.o', '-o', 'x.bin'])).to.deep.equal([1, "syclbin offload-pack: error: unknown option '--imag' (did you mean '--image=file=k.o'?)"]);
    expect(await first(['offload-list', '--offloadin', 'x.o'])).to.deep.equal([1, "syclbin offload-list: error: unknown option '--offloadin' (did you mean '--offloading'?)"]);
    expect(await first(['dump', '--qqqqqq', 'x'])).to.deep.equal([2, "syclbin dump: error: unknown option '--qqqqqq'"]);
    // The '--' hint only where a file of that name exists.
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-suggest-'));
    try {
      copyFileSync(new URL('../../testdata/syclbin/v1_one_ir.syclbin', import.meta.url), join(dir, '--weird'));
      expect(await first(['dump', '--weird'], dir)).to.deep.equal([2, "syclbin dump: error: unknown option '--weird' (a file name starting with '-' goes after '--', as in: -- --weird)"]);
      // A cluster of short options is reported by its first letter; the file is the argument typed.
      copyFileSync(new URL('../../testdata/syclbin/v1_one_ir.syclbin', import.meta.url), join(dir, '-jsn'));
      expect((await first(['verify', '-jsn'], dir))[1]).to.match(/\(a file name starting with '-' goes after '--', as in: -- -jsn\)$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('-V after a command prints the version as at the top level (not for the LLVM drop-ins, whose tools take only --version)', async () => {
    const c = capture();
    expect(await runCli(['dump', '-V'], c.io)).to.equal(0);
    expect(c.out.join('')).to.match(/^syclbin-toolkit \d+\.\d+\.\d+\n$/);
    const d = capture();
    expect(await runCli(['offload-list', '-V'], d.io)).to.equal(1);
  });

  it('each --help lists -V beside --version exactly where the command answers -V (review: accepted but not listed)', async () => {
    for (const name of COMMAND_NAMES) {
      const h = capture();
      expect(await runCli([name, '--help'], h.io)).to.equal(0);
      const listed = /^ {2}-V, --version {2,}Print the version and exit$/m.test(h.out.join(''));
      const v = capture();
      const status = await runCli([name, '-V'], v.io);
      const answers = status === 0 && /^syclbin-toolkit \d+\.\d+\.\d+\n$/.test(v.out.join(''));
      expect(listed, `${name}: -V ${answers ? 'answers' : 'does not answer'}, help ${listed ? 'lists' : 'does not list'} it`).to.equal(answers);
    }
  });

  it('an option given a value it does not take, or a value starting with a dash, is a usage error in our words', async () => {
    const cases: [string[], string][] = [
      [['dump', '--help=1', 'x'], "syclbin dump: error: option '--help' takes no value\n"],
      [['verify', '--json=1', 'x'], "syclbin verify: error: option '--json' takes no value\n"],
      // A short flag given a value (parseArgs read -v, -=, -1 and named '-=').
      [['dump', '-v=1', 'x'], "syclbin dump: error: option '-v, --verbose' takes no value\n"],
      // (a short option with a value takes `=…` as it: the flag is named, not the first -X= — review 2026-11-30z F3)
      [['dump', '-o=out.txt', '-v=1', 'x'], "syclbin dump: error: option '-v, --verbose' takes no value\n"],
      [['dump', '-h=1', 'x'], "syclbin dump: error: option '-h, --help' takes no value\n"],
      [['specialize', 'x', '--module', '-1'], "syclbin specialize: error: option '--module' needs a value; a value starting with '-' is written --module=-VALUE\n"],
    ];
    for (const [args, first] of cases) {
      const c = capture();
      expect(await runCli(args, c.io), args.join(' ')).to.equal(2);
      expect(c.err.join(''), args.join(' ')).to.match(new RegExp(`^${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}Usage: `));
    }
  });

  it("offload-list -C=1: its flag's value named, with llvm-objdump's status for a bad argument (1)", async () => {
    const c = capture();
    expect(await runCli(['offload-list', '-C=1', 'x'], c.io)).to.equal(1);
    expect(c.err.join('')).to.match(/^syclbin offload-list: error: option '-C, --demangle' takes no value\n/);
  });

  it("the drop-ins of llvm::cl tools take -help and -version as those tools do (post-link, offload-pack, offload-extract); offload-list, as llvm-objdump, does not", async () => {
    for (const cmd of ['post-link', 'offload-pack', 'offload-extract']) {
      const h = capture();
      expect(await runCli([cmd, '-help'], h.io), cmd).to.equal(0);
      expect(h.out.join(''), cmd).to.match(new RegExp(`^Usage: syclbin ${cmd} `));
      const v = capture();
      expect(await runCli([cmd, '-version'], v.io), cmd).to.equal(0);
      expect(v.out.join(''), cmd).to.match(/^syclbin-toolkit \d/);
    }
    const l = capture();
    expect(await runCli(['offload-list', '-help'], l.io)).to.equal(1);
  });

  it('a one-value option given twice is a usage error, not the last kept; repeatable options and flags may repeat (review finding)', async () => {
    const first = async (args: string[]): Promise<[number, string]> => {
      const c = capture();
      const code = await runCli(args, c.io);
      return [code, c.err.join('').split('\n')[0]!];
    };
    expect(await first(['hexdump', '--range', '0:4', '--range', '4:8', 'x'])).to.deep.equal([2, "syclbin hexdump: error: '--range' given more than once ('0:4', then '4:8'): --range takes one value"]);
    expect(await first(['annotate', '-o', 'a.txt', '--output=b.txt', 'x'])).to.deep.equal([2, "syclbin annotate: error: '-o' and '--output' given more than once ('a.txt', then 'b.txt'): --output takes one value"]);
    // (repeatable options collect their values; a flag twice is the flag: both go on to read the file)
    const ROOT_FILE = new URL('../../testdata/conformance/sample_v1_one_ir.syclbin', import.meta.url).pathname;
    expect((await first(['verify', '--json', '--json', ROOT_FILE]))[0]).to.equal(0);
    expect((await first(['offload-list', '--section', '.a', '--section', '.b', '/nonexistent/x']))[1]).to.not.contain('more than once');
  });

  it('a missing positional argument is a usage error', async () => {
    const c = capture();
    expect(await runCli(['dump'], c.io)).to.equal(2);
    expect(c.err.join('')).to.contain('expected 1 argument(s), got 0');
    // (a command of any number of files: "at least", not "1 to Infinity")
    const v = capture();
    expect(await runCli(['verify'], v.io)).to.equal(2);
    expect(v.err.join('')).to.contain('expected at least 1 argument(s), got 0');
  });

  it('after -- an argument is an operand: dump -- --help opens a file named --help; --help before -- is help', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-help-'));
    try {
      let c = capture();
      c.io.cwd = dir;
      expect(await runCli(['dump', '--', '--help'], c.io)).to.equal(1);
      expect([c.out.join(''), c.err.join('')]).to.deep.equal(['', 'Failed to open or read file --help: No such file or directory\n']);
      copyFileSync(new URL('../../testdata/syclbin/v1_one_ir.syclbin', import.meta.url), join(dir, '-h'));
      c = capture();
      c.io.cwd = dir;
      expect(await runCli(['dump', '--', '-h'], c.io)).to.equal(0);
      expect(c.out.join('')).to.match(/^Version: 1\n/);
      c = capture();
      expect(await runCli(['dump', '--help', '--', 'x'], c.io)).to.equal(0);
      expect(c.out.join('')).to.match(/^Usage: syclbin dump/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cli: --version on every command (as the LLVM tools the drop-ins replace answer it)', () => {
  it('prints the package version, status 0, whatever the command', async () => {
    for (const args of [['--version'], ['offload-list', '--version'], ['offload-pack', '--version'], ['dump', '--version']]) {
      const c = capture();
      expect(await runCli(args, c.io), args.join(' ')).to.equal(0);
      expect(c.out.join('')).to.match(/^syclbin-toolkit \d+\.\d+\.\d+\n$/);
    }
  });
});
