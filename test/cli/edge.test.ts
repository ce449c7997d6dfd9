/**
 * The one CLI edge: typed options parsed once, one input opener (`-`, pipes), one output writer that
 * never replaces an input or writes twice to one path, one error-to-exit map, a closed pipe ending
 * quietly. Each test is a symptom from the issue "One description of every layout, one span tree,
 * one CLI edge" that must stay fixed.
 */
import { expect } from 'chai';
import { requireTool } from '../support/tools.js';
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliCaptured, type CliRun } from '../support/run-cli.js';
import { AbstractModuleHeader, SyclbinFileHeader } from '../../formats/syclbin-v1.js';
import { OffloadHeaderV2 } from '../../formats/offload-binary.js';
import { writeOffloadBinary } from '../../src/offload/write.js';
import { archiveChunks } from '../../src/containers/archive.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const CLI = join(ROOT, 'dist/cli/main.js'); // the package's bin (scripts/build.ts)

const run = (args: string[], cwd = ROOT, stdin?: Uint8Array): Promise<CliRun> => runCliCaptured(args, cwd, stdin);

describe('cli edge: symptoms that stay fixed', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'syclbin-edge-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('dump -v names the field whose offset it gives (abstract module range: count at +16)', async () => {
    const r = await run(['dump', '-v', 'testdata/broken/v1-am-ir-range.syclbin']);
    expect(r.code).to.equal(1);
    const at = SyclbinFileHeader.fixedSize! + AbstractModuleHeader.fixedSize! * 1 + AbstractModuleHeader.offsets.irModuleCount;
    expect(r.stderr).to.contain(`(at abstractModules[1].irModuleCount, offset 0x${at.toString(16)})`);
    const v = JSON.parse((await run(['verify', '--json', 'testdata/broken/v1-am-ir-range.syclbin'])).stdout) as { problems: { path: string; offset: number }[] };
    expect(v.problems.filter((p) => p.offset === at).map((p) => p.path)).to.deep.equal(['abstractModules[1].irModuleCount']);
  });

  it('dump -v of an empty file: the error of the whole file has no path, "(at offset 0x0)" as json says it (it said "at file")', async () => {
    writeFileSync(join(dir, 'empty.syclbin'), new Uint8Array(0));
    const d = await run(['dump', '-v', join(dir, 'empty.syclbin')]);
    expect(d.code).to.equal(1);
    expect(d.stderr).to.match(/\(at offset 0x0\)\n$/);
    const j = await run(['json', join(dir, 'empty.syclbin')]);
    expect(j.stderr).to.include('(at offset 0x0)');
  });

  it('verify rejects an OffloadBinary v2 with EntriesCount 0, as dump does', async () => {
    const bin = writeOffloadBinary([{ imageKind: 7, offloadKind: 8, image: new Uint8Array(8) }], { version: 2 });
    new DataView(bin.buffer).setBigUint64(OffloadHeaderV2.offsets.entriesCount, 0n, true);
    writeFileSync(join(dir, 'empty.bin'), bin);
    const d = await run(['dump', 'empty.bin'], dir);
    expect([d.code, d.stderr]).to.deep.equal([1, 'Failed to parse SYCLBIN file: OffloadBinary contains no entries.\n']);
    const v = await run(['verify', 'empty.bin'], dir);
    expect(v.code).to.equal(1);
    expect(v.stdout).to.contain('OffloadBinary contains no entries.');
  });

  it('every command parses --max-inflated-size alike (64M works, nonsense is a usage error)', async () => {
    const v3 = 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin';
    for (const [cmd, ...rest] of [['dump'], ['json'], ['inspect'], ['verify'], ['annotate'], ['offload-list'], ['hexdump'], ['specialize'], ['diff', v3], ['extract', '-o', join(dir, 'x')]]) {
      const ok = await run([cmd!, '--max-inflated-size', '64M', ...rest, v3]);
      expect(ok.code, `${cmd}: ${ok.stderr}`).to.equal(0);
      const bad = await run([cmd!, '--max-inflated-size', 'lots', ...rest, v3]);
      expect(bad.code, cmd).to.equal(cmd!.startsWith('offload-') ? 1 : 2); // the drop-ins of LLVM tools: 1, as LLVM's parsers
      expect(bad.stderr).to.match(/--max-inflated-size must be a byte count/);
    }
    const capped = await run(['dump', '--max-inflated-size', '1K', v3]);
    expect(capped.code).to.equal(1);
    // syclbin-dump's line, then the cap named without -v (the user set it; "Invalid data" blames the file).
    expect(capped.stderr).to.equal(`Failed to parse SYCLBIN file: Invalid data was encountered while parsing the file\nnote: ${v3}: OffloadBinary: the payload, 2000 bytes (InflatedSize 2040 less the 40-byte header), exceeds the decompression cap of 1024 bytes (raise the cap to read it: --max-inflated-size on the command line, maxInflatedSize in the library)\n`);
    // A cap of 0 can never be met: a usage error.
    const zero = await run(['dump', '--max-inflated-size', '0', v3]);
    expect([zero.code, zero.stderr.split('\n')[0]]).to.deep.equal([2, "syclbin dump: error: --max-inflated-size must be at least 1 byte (got '0')"]);
    // diff: a payload over the cap is trouble (2), its error on a '!' line.
    const diffCapped = await run(['diff', '--max-inflated-size', '1K', v3, v3]);
    expect(diffCapped.code).to.equal(2);
    expect(diffCapped.stdout).to.match(/^! .*cap/m);
  });

  it('no command writes over its input; props -o - is standard output; outputs are atomic', async () => {
    copyFileSync(join(ROOT, 'testdata/props/sample.prop'), join(dir, 's.prop'));
    copyFileSync(join(ROOT, 'testdata/syclbin/v1_one_ir.syclbin'), join(dir, 'k.syclbin'));
    const before = readFileSync(join(dir, 's.prop'));
    const p = await run(['props', '--json', 's.prop', '-o', 's.prop'], dir);
    expect(p.code).to.equal(1);
    expect(p.stderr).to.match(/s\.prop: refusing to overwrite the input s\.prop/);
    expect(readFileSync(join(dir, 's.prop'))).to.deep.equal(before);
    for (const cmd of ['dump', 'json', 'inspect', 'verify', 'annotate']) {
      const r = await run([cmd, 'k.syclbin', '-o', './k.syclbin'], dir);
      expect(r.code, cmd).to.equal(1);
      expect(r.stderr, cmd).to.match(/refusing to overwrite the input/);
    }
    const stdout = await run(['props', 's.prop', '-o', '-'], dir);
    expect(stdout.code).to.equal(0);
    expect(stdout.stdout).to.contain('[SYCL/device requirements]');
    expect(existsSync(join(dir, '-'))).to.equal(false);
    const forced = await run(['props', '--json', 's.prop', '-o', 's.prop', '--force'], dir);
    expect(forced.code).to.equal(0);
    expect(readFileSync(join(dir, 's.prop'), 'utf8')).to.match(/^\{/);
  });

  it('standard input redirected from a file is that file: no output over it (dump, json, inspect, verify, annotate, hexdump, post-link modules); --force allows it', () => {
    copyFileSync(join(ROOT, 'testdata/syclbin/v1_one_ir.syclbin'), join(dir, 'in.syclbin'));
    const before = readFileSync(join(dir, 'in.syclbin'));
    const withStdin = (args: string[], file: string): ReturnType<typeof spawnSync> => {
      const fd = openSync(join(dir, file), 'r');
      try {
        return spawnSync(process.execPath, [CLI, ...args], { cwd: dir, stdio: [fd, 'pipe', 'pipe'], encoding: 'utf8' });
      } finally {
        closeSync(fd);
      }
    };
    for (const cmd of ['dump', 'json', 'inspect', 'verify', 'annotate', 'hexdump']) {
      for (const out of ['in.syclbin', '/dev/stdin']) {
        const r = withStdin([cmd, '-', '-o', out], 'in.syclbin');
        expect([r.status, String(r.stderr)], `${cmd} -o ${out}`).to.deep.equal([1, `syclbin ${cmd}: error: ${out}: refusing to overwrite the input - (standard input is this file) (pass --force to do it anyway)\n`]);
      }
    }
    expect(readFileSync(join(dir, 'in.syclbin'))).to.deep.equal(before);
    writeFileSync(join(dir, 'm_0.ll'), readFileSync(join(ROOT, 'testdata/sycl-post-link/device-globals/test_global_variable.ll')));
    const pl = withStdin(['post-link', '-symbols', '-S', '-o', 'm.table', '-'], 'm_0.ll');
    expect([pl.status, String(pl.stderr)]).to.deep.equal([1, 'syclbin post-link: error: m_0.ll: refusing to overwrite the input - (standard input is this file) (this command never writes over an input; name another output)\n']);
    const forced = withStdin(['dump', '--force', '-', '-o', 'in.syclbin'], 'in.syclbin');
    expect(forced.status).to.equal(0);
    expect(readFileSync(join(dir, 'in.syclbin'), 'utf8')).to.match(/^Version: /);
  });

  it('-o=FILE is -o FILE in every command (the LLVM drop-ins read it so); -o =X (two arguments) still names =X; after -- it is an operand', async () => {
    copyFileSync(join(ROOT, 'testdata/syclbin/v1_one_ir.syclbin'), join(dir, 'k.syclbin'));
    copyFileSync(join(ROOT, 'testdata/props/sample.prop'), join(dir, 's.prop'));
    copyFileSync(join(ROOT, 'testdata/conformance/sample_v1_in_offload_v1.syclbin'), join(dir, 'e.syclbin'));
    for (const [args, out] of [
      [['dump', '-o=d.txt', 'k.syclbin'], 'd.txt'],
      [['props', '-o=p.txt', 's.prop'], 'p.txt'],
      [['offload-list', '-o=l.txt', 'e.syclbin'], 'l.txt'],
      [['annotate', '-o=a.txt', 'k.syclbin'], 'a.txt'],
    ] as const) {
      const r = await run([...args], dir);
      expect([r.code, existsSync(join(dir, out)), existsSync(join(dir, `=${out}`))], `${args[0]}: ${r.stderr}`).to.deep.equal([0, true, false]);
    }
    const two = await run(['dump', '-o', '=x.txt', 'k.syclbin'], dir);
    expect([two.code, existsSync(join(dir, '=x.txt'))]).to.deep.equal([0, true]);
    const after = await run(['dump', '--', '-o=y'], dir);
    expect(after.stderr).to.contain('-o=y');
  });

  it('lower refuses two outputs to one path', async () => {
    copyFileSync(join(ROOT, 'testdata/lower/issue-example.json'), join(dir, 'm.json'));
    const r = await run(['lower', 'm.json', '--props-out', 'x', '--spirv-out', 'x'], dir);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.match(/x: is already an output of this command/);
    expect(existsSync(join(dir, 'x'))).to.equal(false); // nothing committed when the run fails
  });

  it('diff exits as diff(1): 0 same, 1 different, 2 trouble', async () => {
    const a = 'testdata/conformance/sample_v1_one_ir.syclbin';
    expect((await run(['diff', a, a])).code).to.equal(0);
    expect((await run(['diff', a, 'testdata/conformance/sample_v1_in_offload_v1.syclbin'])).code).to.equal(1);
    const missing = await run(['diff', a, 'no-such-file']);
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.match(/no-such-file: No such file or directory/);
    expect((await run(['diff', a])).code).to.equal(2);
    // A file that does not read to its end is trouble (2), even compared with itself.
    const broken = await run(['diff', 'testdata/broken/v1-truncated.syclbin', 'testdata/broken/v1-truncated.syclbin']);
    expect(broken.code).to.equal(2);
    expect(broken.stdout).to.contain('! A: Unexpected file contents size.');
  });

  it('a failure to write standard output is trouble (2) for diff, whose 1 means "different"; 1 for the others', () => {
    // The executable from the sources (main.ts maps the write error), so no build is needed.
    const a = 'testdata/conformance/sample_v1_one_ir.syclbin';
    const sh = (cmd: string) => spawnSync('/bin/sh', ['-c', `node --import tsx src/cli/main.ts ${cmd} > /dev/full`], { cwd: ROOT, encoding: 'utf8' });
    for (const [cmd, status] of [[`diff ${a} ${a}`, 2], [`dump ${a}`, 1]] as const) {
      const r = sh(cmd);
      expect([r.status, r.stderr], cmd).to.deep.equal([status, `syclbin ${cmd.split(' ')[0]}: error: standard output: No space left on device\n`]);
    }
  });

  it("'-' reads standard input for every command that reads a file", async () => {
    const k = readFileSync(join(ROOT, 'testdata/syclbin/v1_one_ir.syclbin'));
    const viaFile = await run(['dump', 'testdata/syclbin/v1_one_ir.syclbin']);
    const viaStdin = await run(['dump', '-'], ROOT, k);
    expect(viaStdin).to.deep.equal(viaFile);
    for (const cmd of [['inspect', '--no-hash'], ['json'], ['verify'], ['annotate'], ['hexdump']]) {
      const r = await run([...cmd, '-'], ROOT, k);
      expect(r.code, cmd.join(' ')).to.equal(0);
    }
    const ob = readFileSync(join(ROOT, 'testdata/offload/multi.v1.bin'));
    expect((await run(['offload-list', '-'], ROOT, ob)).stdout).to.equal((await run(['offload-list', 'testdata/offload/multi.v1.bin'])).stdout);
    const missing = await run(['offload-list', 'nope.bin']);
    expect([missing.code, missing.stderr]).to.deep.equal([1, "syclbin offload-list: error: 'nope.bin': No such file or directory\n"]);
  });

  it('pipes and /dev/stdin are read fully; a closed pipe ends quietly (status 141, as SIGPIPE)', function () {
    if (!existsSync(CLI)) this.skip(); // built by `npm test` (npm run build) before the tests
    const file = join(ROOT, 'testdata/syclbin/v1_two_modules_mixed.syclbin');
    const want = spawnSync('node', [CLI, 'dump', file], { encoding: 'utf8' }).stdout;
    const piped = spawnSync('bash', ['-c', `cat '${file}' | node '${CLI}' dump /dev/stdin`], { encoding: 'utf8' });
    expect([piped.status, piped.stdout, piped.stderr]).to.deep.equal([0, want, '']);
    const dash = spawnSync('node', [CLI, 'dump', '-'], { input: readFileSync(file), encoding: 'utf8' });
    expect(dash.stdout).to.equal(want);
    // A listing longer than a pipe buffer into `head -c 1`.
    const big = join(dir, 'many.bin');
    const one = readFileSync(join(ROOT, 'testdata/offload/cuda-sm70.v1.bin'));
    writeFileSync(big, Buffer.concat(Array.from({ length: 4000 }, () => one)));
    const closed = spawnSync('bash', ['-c', `set -o pipefail; node '${CLI}' offload-list '${big}' | head -c 1 >/dev/null; echo "status \${PIPESTATUS[0]}"`], { encoding: 'utf8' });
    expect(closed.stderr).to.equal('');
    expect(closed.stdout).to.equal('status 141\n');
    // `--llvm 19` as llvm-objdump-19: LLVM's pipe-signal handler exits 74 (EX_IOERR), silently; the
    // real tool on the same pipe when it is installed (review 2026-12-02a finding 3).
    const pipe = (cmd: string): string => spawnSync('bash', ['-c', `set -o pipefail; ${cmd} '${big}' | head -c 1 >/dev/null; echo "status \${PIPESTATUS[0]}"`], { encoding: 'utf8' }).stdout;
    for (const strict of ['', ' --strict']) expect(pipe(`node '${CLI}' offload-list --llvm 19${strict}`), strict).to.equal('status 74\n');
    expect(pipe(`node '${CLI}' offload-list --llvm 22`)).to.equal('status 141\n');
    expect(pipe(requireTool('llvm-objdump-19') + ' --offloading')).to.equal('status 74\n');
    expect(pipe(requireTool('llvm-objdump-22') + ' --offloading')).to.equal('status 141\n');
    // A device that never ends is read only so far (16 MiB), not forever; /dev/null is an empty input.
    const dev = spawnSync('node', [CLI, 'verify', '/dev/zero'], { encoding: 'utf8', timeout: 10_000 });
    expect(dev.status).to.equal(1);
    expect(dev.stderr).to.match(/a device that gives more than 16777216 bytes is not read to its end/);
    const nul = spawnSync('node', [CLI, 'dump', '/dev/null'], { encoding: 'utf8', timeout: 10_000 });
    expect([nul.status, nul.stderr.split('\n')[0]]).to.deep.equal([1, 'Failed to parse SYCLBIN file: Unexpected file contents size.']);
  });

  describe('outputs that are not plain new files, and outputs named before inputs', () => {
    const sh = (script: string): { status: number; stdout: string; stderr: string } => {
      const r = spawnSync('/bin/sh', ['-c', script], { cwd: dir, encoding: 'utf8', env: { ...process.env, CLI } });
      return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    };
    const listing = (): string => readFileSync(join(ROOT, 'testdata/llvm22/pack/multi.ob22.bin.objdump22.txt'), 'utf8');
    beforeEach(() => copyFileSync(join(ROOT, 'testdata/llvm22/pack/multi.ob22.bin'), join(dir, 'in.bin')));

    it('offload-list FILE -o FILE (the output named first) is refused; the input is untouched', async () => {
      const before = readFileSync(join(dir, 'in.bin'));
      const r = await run(['offload-list', 'in.bin', '-o', 'in.bin'], dir);
      expect(r.code).to.equal(1);
      expect(r.stderr).to.contain("error: 'in.bin': refusing to overwrite the input in.bin");
      expect(readFileSync(join(dir, 'in.bin')).equals(before)).to.equal(true);
      const ok = await run(['offload-list', 'in.bin', '-o', 'out.txt'], dir);
      expect(ok.code, ok.stderr).to.equal(0);
      expect(readFileSync(join(dir, 'out.txt'), 'utf8')).to.equal(listing());
    });

    it('-o through a symbolic link writes its target (the link stays a link), also a dangling one', async () => {
      writeFileSync(join(dir, 'target.txt'), 'old');
      symlinkSync('target.txt', join(dir, 'link.txt'));
      symlinkSync('new.txt', join(dir, 'dangling.txt'));
      for (const [out, target] of [['link.txt', 'target.txt'], ['dangling.txt', 'new.txt']]) {
        const r = await run(['offload-list', 'in.bin', '-o', out!], dir);
        expect(r.code, r.stderr).to.equal(0);
        expect(lstatSync(join(dir, out!)).isSymbolicLink()).to.equal(true);
        expect(readFileSync(join(dir, target!), 'utf8')).to.equal(listing());
      }
      // A link to an input is that input.
      symlinkSync('in.bin', join(dir, 'in-link.bin'));
      expect((await run(['offload-list', 'in.bin', '-o', 'in-link.bin'], dir)).stderr).to.contain('refusing to overwrite the input');
    });

    it('-o FIFO and -o /dev/stdout are written in place, not replaced by a regular file', () => {
      const r = sh('mkfifo p && { cat p > got & } && node "$CLI" offload-list in.bin -o p && wait && test -p p && node "$CLI" offload-list in.bin -o /dev/stdout');
      expect(r.status, r.stderr).to.equal(0);
      expect(readFileSync(join(dir, 'got'), 'utf8')).to.equal(listing());
      expect(r.stdout).to.equal(listing());
    });

    it('errors name the output as given (no temporary file), once; a full disk is one line and status 1', () => {
      const r1 = sh('node "$CLI" offload-list in.bin -o nodir/x.txt; echo "status $?"; node "$CLI" offload-list in.bin -o .; echo "status $?"');
      expect(r1.stderr).to.equal('syclbin offload-list: error: nodir/x.txt: No such file or directory\nsyclbin offload-list: error: .: Is a directory\n');
      expect(r1.stdout).to.equal('status 1\nstatus 1\n');
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).to.deep.equal([]);
      const r2 = sh('node "$CLI" offload-list in.bin > /dev/full; echo "status $?"; node "$CLI" offload-list in.bin -o /dev/full; echo "status $?"');
      expect(r2.stderr).to.equal('syclbin offload-list: error: standard output: No space left on device\nsyclbin offload-list: error: /dev/full: No space left on device\n');
      expect(r2.stdout).to.equal('status 1\nstatus 1\n');
      const r3 = sh('node "$CLI" inspect .');
      expect(r3.stderr).to.equal('syclbin inspect: error: .: Is a directory\n');
    });

    it('standard input is read once, standard output written by one output', async () => {
      const d = await run(['diff', '-', '-'], dir, readFileSync(join(dir, 'in.bin')));
      expect(d.code).to.equal(2);
      expect(d.stderr).to.contain('-: standard input is already an input of this command');
      const manifest = join(ROOT, 'testdata/lower/issue-example.json');
      const l1 = await run(['lower', manifest, '--json', '-o', '-'], dir);
      expect([l1.code, l1.stdout]).to.deep.equal([2, '']);
      expect(l1.stderr).to.contain('-o, --json: only one output can go to standard output');
      const l2 = await run(['lower', manifest, '--props-out', '-', '--spirv-out', '-'], dir);
      expect(l2.code).to.equal(2);
      // Two outputs that are one file through a link not made yet.
      symlinkSync('a.prop', join(dir, 'l.prop'));
      const l3 = await run(['lower', manifest, '--props-out', 'a.prop', '-o', 'l.prop'], dir);
      expect(l3.code).to.equal(1);
      expect(l3.stderr).to.contain('l.prop: is already an output of this command');
    });
  });

  it('every command names the bad field of a single-binary file alike (no binaries[0] in some, not in others)', async () => {
    const cases: [file: string, extra: string[], want: string][] = [
      ['testdata/broken/offload-image-out-of-range.bin', [], '(at entries[0].imageSize, offset 0x40)'],
      ['testdata/syclbin/v1_in_offload_v3_zlib.syclbin', ['--max-inflated-size', '1K'], '(at header.inflatedSize, offset 0x20)'],
    ];
    // Property-set text with an error further down is property-set text (inspect said "no known kind").
    for (const cmd of ['inspect', 'verify', 'annotate']) {
      const r = await run([cmd, 'testdata/broken/prop-bad-type.prop']);
      expect(r.stderr + r.stdout, cmd).to.contain('line 3, column 5: bad property type 3 (1 = uint32, 2 = byte array) (at ["SYCL/misc properties"]["bad"], offset 0x28)');
    }
    for (const [file, extra, want] of cases) {
      for (const cmd of [['inspect'], ['dump', '-v'], ['verify'], ['annotate'], ['offload-list'], ['hexdump']]) {
        const r = await run([...cmd, ...extra, file]);
        const at = /\(at [^)]*\)/.exec(r.stderr + r.stdout)?.[0];
        expect(at, `${cmd.join(' ')} ${file}`).to.equal(want);
      }
    }
  });

  it("LLVM's option spellings for the drop-ins of LLVM tools: -o=X, --o=X, -image=V, -image V (llvm::cl), a value taken from the next argument whatever it looks like", async () => {
    const { llvmSpellings } = await import('../../src/cli/run.js');
    const { command } = await import('../../src/cli/commands/offload-pack.js');
    expect(llvmSpellings(['-o=X', '-image=file=a,triple=t', '--o=Y', '-image', '-o=weird', '--', '-o=Z'], command)).to.deep.equal([
      '--output=X',
      '--image=file=a,triple=t',
      '--output=Y',
      // llvm::cl: a value-taking option takes the next argument, whatever it looks like
      '--image=-o=weird',
      '--',
      '-o=Z',
    ]);
    expect(llvmSpellings(['-o', '-x', '--image', '--image=v'], command)).to.deep.equal(['--output=-x', '--image=--image=v']);
    writeFileSync(join(dir, 'seven.bin'), '1234567');
    for (const args of [['-o=a.bin'], ['--o=b.bin'], ['-o', 'c.bin']]) {
      const r = await run(['offload-pack', ...args, '-image=file=seven.bin,triple=t'], dir);
      expect(r.code, r.stderr).to.equal(0);
    }
    const a = readFileSync(join(dir, 'a.bin'));
    expect(readFileSync(join(dir, 'b.bin')).equals(a) && readFileSync(join(dir, 'c.bin')).equals(a)).to.equal(true);
    expect(existsSync(join(dir, '=a.bin'))).to.equal(false);
    // `-o -x` writes a file named "-x", as both LLVM packers do; `-o` with nothing after it is an error.
    const dash = await run(['offload-pack', '-o', '-x', '-image=file=seven.bin,triple=t'], dir);
    expect(dash.code, dash.stderr).to.equal(0);
    expect(readFileSync(join(dir, '-x')).equals(a)).to.equal(true);
    const none = await run(['offload-pack', '-image=file=seven.bin,triple=t', '-o'], dir);
    expect([none.code, none.stderr.split('\n')[0]]).to.deep.equal([1, "syclbin offload-pack: error: option '--output' needs a value"]);
    // Commands that are not drop-ins keep getopt-style parsing.
    expect((await run(['dump', '-verbose', 'x'], dir)).code).to.equal(2);
  });

  it("-oFILE (a value joined to -o) is refused by the drop-ins of llvm::cl tools, as llvm-offload-binary-22 and clang-offload-packager-19 refuse it, instead of writing FILE", async () => {
    writeFileSync(join(dir, 'seven.bin'), '1234567');
    const pack = await run(['offload-pack', '-ofoo.bin', '--image=file=seven.bin,triple=t'], dir);
    expect(pack.code, pack.stderr).to.equal(1);
    expect(pack.stderr.split('\n')[0]).to.equal("syclbin offload-pack: error: unknown option '-ofoo.bin': a value is not joined to -o here (LLVM's option parser refuses it); write -o foo.bin or -o=foo.bin");
    expect(existsSync(join(dir, 'foo.bin'))).to.equal(false);
    expect((await run(['offload-pack', '-o', 'a.bin', '--image=file=seven.bin,triple=t'], dir)).code).to.equal(0);
    const extract = await run(['offload-extract', 'a.bin', '-oout', '--image=triple=t'], dir);
    expect(extract.code, extract.stderr).to.equal(1);
    expect(extract.stderr).to.contain("unknown option '-oout'");
    expect(existsSync(join(dir, 'out'))).to.equal(false);
    // (after `--` it is an operand; commands that are not drop-ins keep getopt's -oFILE)
    const { llvmSpellings } = await import('../../src/cli/run.js');
    const { command } = await import('../../src/cli/commands/offload-pack.js');
    expect(llvmSpellings(['--', '-ofoo'], command)).to.deep.equal(['--', '-ofoo']);
    expect((await run(['props', '-op.txt', join(ROOT, 'testdata/props/sample.prop')], dir)).code).to.equal(0);
    expect(existsSync(join(dir, 'p.txt'))).to.equal(true);
  });

  it('notes name the LLVM tool the command stands in for (offload-extract: the packer; offload-list --llvm 19: llvm-objdump-19); inspect quotes strings as offload-list --strings escapes them', async () => {
    const wrapper = 'testdata/llvm22/sycl/k.wrapper.o';
    copyFileSync(join(ROOT, wrapper), join(dir, 'k.wrapper.o'));
    const x = await run(['offload-extract', 'k.wrapper.o', '--image=file=k.spv,triple=spirv64-unknown-unknown'], dir);
    expect(x.code, x.stderr).to.equal(0);
    expect(x.stderr).to.contain('note: llvm-offload-binary-22 fails on this file');
    expect(x.stderr).to.not.contain('llvm-objdump');
    const l = await run(['offload-list', '--llvm', '19', wrapper]);
    expect(l.stderr).to.contain('note: llvm-objdump-19 --offloading fails on this file');
    const i = await run(['inspect', 'testdata/llvm22/sycl/k2.img']);
    expect(i.stdout).to.contain('symbols: "_ZTS5First\\x0a_ZTSN2ns6SecondE"');
  });

  it('extract into the folder of its own input: refused before any line claims a file was written', async () => {
    mkdirSync(join(dir, 'exs'));
    copyFileSync(join(ROOT, 'testdata/syclbin/v1_one_ir.syclbin'), join(dir, 'exs', 'manifest.json'));
    const r = await run(['extract', 'exs/manifest.json', '-o', 'exs'], dir);
    expect([r.code, r.stdout]).to.deep.equal([1, '']);
    expect(r.stderr).to.equal('syclbin extract: error: exs/manifest.json: refusing to overwrite the input exs/manifest.json (pass --force to do it anyway)\n');
    expect(readdirSync(join(dir, 'exs'))).to.deep.equal(['manifest.json']);
  });

  it("-o - for a folder (extract, offload-extract) is a usage error, not a folder named '-'; ./- is one", async () => {
    copyFileSync(join(ROOT, 'testdata/syclbin/v1_one_ir.syclbin'), join(dir, 'k.syclbin'));
    writeFileSync(join(dir, 'dev.bin'), writeOffloadBinary([{ imageKind: 1, offloadKind: 1, strings: new Map([['triple', 't']]), image: new Uint8Array(8) }]));
    for (const args of [['extract', 'k.syclbin', '-o', '-'], ['offload-extract', 'dev.bin', '-o', '-'], ['extract', 'k.syclbin', '-o', '']]) {
      const r = await run(args, dir);
      expect(r.code, args.join(' ')).to.equal(args[0] === 'offload-extract' ? 1 : 2);
      expect(r.stderr).to.match(/--output names a folder, and '-' \(standard output\) cannot hold files|--output needs a folder name/);
    }
    expect(readdirSync(dir).sort()).to.deep.equal(['dev.bin', 'k.syclbin']);
    const ok = await run(['extract', 'k.syclbin', '-o', './-'], dir);
    expect(ok.code, ok.stderr).to.equal(0);
    expect(readdirSync(join(dir, '-'))).to.include('manifest.json');
  });

  it('offload-list: zero padding after the last binary, which LLVM rejects, is listed with a note saying so', async () => {
    const bin = readFileSync(join(ROOT, 'testdata/llvm22/pack/openmp.ob22.bin'));
    writeFileSync(join(dir, 'pad.bin'), Buffer.concat([bin, Buffer.alloc(16)]));
    for (const extra of [[], ['--json']]) {
      const r = await run(['offload-list', ...extra, 'pad.bin'], dir);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stderr).to.contain(`note: 16 zero byte(s) after the last OffloadBinary (at offset 0x${bin.length.toString(16)}) are read as padding; llvm-objdump-22 reads no padding and rejects the file`);
    }
    const plain = await run(['offload-list', 'testdata/llvm22/pack/openmp.ob22.bin']);
    expect(plain.stderr).to.equal('');
  });

  it('input-sized lists are appended by loops: an archive of 125,000 members lists (it overflowed the stack with a spread)', async () => {
    // 125,000 empty members written by the toolkit's archive writer (src/containers/archive.ts).
    const members = Array.from({ length: 125000 }, () => ({ name: 'a.o', data: new Uint8Array(0) }));
    writeFileSync(join(dir, 'many.a'), Buffer.concat(archiveChunks(members).map((c) => (c instanceof Uint8Array ? c : c.bytes()))));
    for (const args of [['offload-list', 'many.a'], ['offload-list', '--strict', 'many.a'], ['offload-extract', '--strict', 'many.a', '--image=triple=t']]) {
      const r = await run(args, dir);
      expect(r.code, `${args.join(' ')}: ${r.stderr.slice(0, 200)}`).to.equal(0);
      expect(r.stderr).to.not.contain('RangeError');
    }
  });

  it('output paths: a relative link inside a linked directory resolves as the kernel does; long names get a temporary; -o FILE for a folder is refused plainly', async () => {
    mkdirSync(join(dir, 'a', 'b', 'c'), { recursive: true });
    symlinkSync(join(dir, 'a', 'b', 'c'), join(dir, 'd'));
    symlinkSync('../target.txt', join(dir, 'd', 'lnk'));
    const bin = 'testdata/llvm22/pack/multi.ob22.bin';
    expect((await run(['offload-list', join(ROOT, bin), '-o', 'd/lnk'], dir)).code).to.equal(0);
    expect(existsSync(join(dir, 'a', 'b', 'target.txt'))).to.equal(true);
    expect(existsSync(join(dir, 'target.txt'))).to.equal(false);
    const long = 'n'.repeat(250);
    const r = await run(['offload-list', join(ROOT, bin), '-o', long], dir);
    expect(r.code, r.stderr).to.equal(0);
    expect(existsSync(join(dir, long))).to.equal(true);
    writeFileSync(join(dir, 'afile'), '');
    const x = await run(['offload-extract', join(ROOT, bin), '-o', 'afile'], dir);
    expect([x.code, x.stderr]).to.deep.equal([1, 'syclbin offload-extract: error: afile: exists and is not a directory\n']);
  });
});


describe('cli edge: one output option for every command that prints a result', () => {
  const F = 'testdata/syclbin/v1_two_modules_mixed.syclbin';
  const G = 'testdata/syclbin/v1_one_ir.syclbin';
  it('-o FILE writes what standard output gets (hexdump, diff, specialize as dump, annotate, verify, ...); never over an input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-o-'));
    try {
      for (const args of [['hexdump', F], ['diff', F, G], ['specialize', F], ['specialize', '--json', F], ['annotate', F], ['verify', F], ['dump', F]]) {
        const out = await run(args);
        const file = join(dir, `${args[0]}.txt`);
        const to = await run([...args, '-o', file]);
        expect([to.code, to.stdout], args.join(' ')).to.deep.equal([out.code, '']);
        expect(readFileSync(file, 'utf8'), args.join(' ')).to.equal(out.stdout);
        expect((await run([args[0]!, '--help'])).stdout, args[0]).to.match(/-o, --output FILE/);
      }
      const over = await run(['hexdump', F, '-o', F]);
      expect([over.code, over.stderr]).to.deep.equal([1, `syclbin hexdump: error: ${F}: refusing to overwrite the input ${F} (pass --force to do it anyway)\n`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cli: one error line form (review finding: annotate had no error: tag, offload-list did)', () => {
  it('every command but dump (syclbin-dump\'s words) says `syclbin CMD: error:` for a missing file and for a cut program; the drop-ins quote the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-errform-'));
    try {
      writeFileSync(join(dir, 'cut.exe'), readFileSync(join(ROOT, 'testdata/llvm22/sycl/k.exe')).subarray(0, 100));
      const k = join(ROOT, 'testdata/llvm22/sycl/k.exe');
      const commands: [string, string[], string[]][] = [
        ['annotate', [], []],
        ['hexdump', [], []],
        ['inspect', [], []],
        ['json', [], []],
        ['verify', [], []],
        ['specialize', [], []],
        ['lower', [], []],
        ['extract', [], ['-o', 'x']],
        ['diff', [], [k]],
        ['props', [], []],
        ['offload-list', [], []],
        ['offload-extract', [], ['--image=kind=sycl']],
      ];
      for (const [cmd, before, after] of commands) {
        const quoted = cmd.startsWith('offload-');
        const missing = await run([cmd, ...before, 'nope.bin', ...after], dir);
        expect(missing.stderr.split('\n')[0], cmd).to.equal(`syclbin ${cmd}: error: ${quoted ? "'nope.bin'" : 'nope.bin'}: No such file or directory`);
        // (diff reports a file that does not read on a '!' line of its output, verify in its report, props as a compiler)
        if (cmd === 'diff' || cmd === 'verify' || cmd === 'props') continue;
        const cut = await run([cmd, ...before, 'cut.exe', ...after], dir);
        expect(cut.code, cmd).to.equal(1);
        expect(cut.stderr.split('\n')[0], cmd).to.match(new RegExp(`^syclbin ${cmd}: error: ${quoted ? "'cut\\.exe'" : 'cut\\.exe'}: `));
      }
      // dump keeps syclbin-dump's lines.
      expect((await run(['dump', 'nope.bin'], dir)).stderr).to.equal('Failed to open or read file nope.bin: No such file or directory\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the LLVM drop-ins take `-h` or `--version` after a value option as its value, as llvm::cl does (clang-offload-packager -o -h writes a file "-h")', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-edge-'));
    try {
    writeFileSync(join(dir, 'img'), 'abc');
    const pack = await run(['offload-pack', '-o', '-h', '--image=file=img,triple=x,arch=y'], dir);
    expect([pack.code, pack.stdout], pack.stderr).to.deep.equal([0, '']);
    const named = await run(['offload-pack', '-o', 'named.bin', '--image=file=img,triple=x,arch=y'], dir);
    expect(named.code, named.stderr).to.equal(0);
    expect(readFileSync(join(dir, '-h'))).to.deep.equal(readFileSync(join(dir, 'named.bin')));
    // (alone, -h is still help; so is -help after a value given with '=')
    expect((await run(['offload-pack', '-h'], dir)).stdout).to.match(/^Usage: syclbin offload-pack/);
    expect((await run(['offload-pack', '-o=x', '-help'], dir)).stdout).to.match(/^Usage: syclbin offload-pack/);
    // sycl-post-link's -o too: the table is written to "-h"
    const ll = join(ROOT, 'testdata/sycl-post-link/spec-constants/SYCL-2020.ll');
    const post = await run(['post-link', '-o', '-h', '-spec-const=native', '-S', ll], dir);
    expect([post.code, post.stdout], post.stderr).to.deep.equal([0, '']);
    expect(readFileSync(join(dir, '-h'), 'utf8')).to.match(/^\[Code\|Properties\]/);
    expect((await run(['post-link', '-split=kernel', '-help'], dir)).stdout).to.match(/^Usage: syclbin post-link/);
    expect((await run(['post-link', '-o', '--version'], dir)).stdout).to.equal('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
