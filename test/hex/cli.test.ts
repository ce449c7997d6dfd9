/**
 * CLI goldens for `syclbin hexdump`, `verify` and `diff` on a few files (test/hex/golden/; refresh with
 * UPDATE_GOLDENS=1 after checking the difference by eye), plus annotate --json and exit statuses.
 */
import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { annotateInflated } from '../../src/hex/annotate.js';
import { readOffloadBinary } from '../../src/offload/read.js';
import { OFFLOAD_BINARY_MAGIC, OffloadHeaderPrefix } from '../../formats/offload-binary.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const GOLDEN = new URL('./golden/', import.meta.url).pathname;

async function run(args: string[], tty = false): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const dec = new TextDecoder();
  const code = await runCli(args, {
    stdout: { write: (c) => void (stdout += typeof c === 'string' ? c : dec.decode(c)), isTTY: tty },
    stderr: { write: (c) => void (stderr += typeof c === 'string' ? c : dec.decode(c)) },
    cwd: ROOT,
    env: {},
  });
  return { code, stdout, stderr };
}

function golden(name: string, text: string): void {
  const p = GOLDEN + name;
  if (process.env.UPDATE_GOLDENS || !existsSync(p)) {
    if (!process.env.UPDATE_GOLDENS) throw new Error(`missing golden ${name}; run with UPDATE_GOLDENS=1 and review it`);
    writeFileSync(p, text);
  }
  expect(text).to.equal(readFileSync(p, 'utf8'));
}

const CASES: [string, string[], number][] = [
  ['hexdump-v1-in-offload.txt', ['hexdump', 'testdata/conformance/sample_v1_in_offload_v1.syclbin'], 0],
  ['hexdump-v2-path.txt', ['hexdump', '--path', 'entries[2]', 'testdata/conformance/sample_v2_roles.syclbin'], 0],
  ['hexdump-offload-range.txt', ['hexdump', '--range', '0x20:0x70', 'testdata/offload/multi.v1.bin'], 0],
  ['hexdump-prop-path.txt', ['hexdump', '--path', '["SYCL/device requirements"]', 'testdata/props/sample.prop'], 0],
  ['verify-layout-freedom.txt', ['verify', 'testdata/syclbin/v1_layout_freedom.syclbin'], 0],
  ['verify-overlapping.txt', ['verify', 'testdata/broken/v1-overlapping-images.syclbin'], 0],
  ['verify-ir-out-of-range.txt', ['verify', 'testdata/broken/v1-ir-metadata-out-of-range.syclbin'], 1],
  ['verify-v2-role.txt', ['verify', 'testdata/broken/v2-unknown-role.syclbin'], 1],
  ['diff-v1-vs-offload.txt', ['diff', 'testdata/conformance/sample_v1_one_ir.syclbin', 'testdata/conformance/sample_v1_in_offload_v1.syclbin'], 1],
  ['hexdump-inflated-zstd.txt', ['hexdump', '--inflated', '--path', 'entries[0].image.header', 'testdata/syclbin/v1_in_offload_v3_zstd.syclbin'], 0],
  ['annotate-inflated-zlib.txt', ['annotate', '--inflated', '--leaves', 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin'], 0],
  ['diff-bytes-state.txt', ['diff', '--bytes', 'testdata/broken/v1-reserved-nonzero.syclbin', 'testdata/broken/v1-unknown-state.syclbin'], 1],
];

describe('hex: CLI goldens', () => {
  for (const [name, args, status] of CASES) {
    it(`syclbin ${args.join(' ')}`, async () => {
      const r = await run(args);
      expect(r.code, r.stderr).to.equal(status);
      golden(name, r.stdout);
    });
  }

  it('diff of a file with itself: no differences, exit 0', async () => {
    const r = await run(['diff', '--bytes', 'testdata/conformance/sample_v2_roles.syclbin', 'testdata/conformance/sample_v2_roles.syclbin']);
    expect(r.code).to.equal(0);
    expect(r.stdout).to.contain('no structural differences');
    expect(r.stdout).to.contain('bytes: 0 span(s) differ');
  });

  it('hexdump colours only for a TTY, never with --no-color', async () => {
    const f = 'testdata/conformance/sample_v1_one_ir.syclbin';
    expect((await run(['hexdump', f], true)).stdout).to.contain('\x1b[');
    expect((await run(['hexdump', f], false)).stdout).to.not.contain('\x1b[');
    expect((await run(['hexdump', '--no-color', f], true)).stdout).to.not.contain('\x1b[');
    // NO_COLOR set and not empty turns colour off; set empty it does not (no-color.org).
    const withEnv = async (env: Record<string, string>): Promise<string> => {
      let out = '';
      await runCli(['hexdump', f], { stdout: { write: (c) => void (out += String(c)), isTTY: true }, stderr: { write: () => undefined }, cwd: ROOT, env });
      return out;
    };
    expect(await withEnv({ NO_COLOR: '1' })).to.not.contain('\x1b[');
    expect(await withEnv({ NO_COLOR: '' })).to.contain('\x1b[');
  });

  it('--range reads 0X as 0x and clamps an end of any size to the file', async () => {
    const f = 'testdata/conformance/sample_v1_one_ir.syclbin';
    const whole = (await run(['hexdump', '--range', '0x10:', f])).stdout;
    expect((await run(['hexdump', '--range', '0X10:', f])).stdout).to.equal(whole);
    const huge = await run(['hexdump', '--range', '0x10:99999999999999999999999', f]);
    expect([huge.code, huge.stdout]).to.deep.equal([0, whole]);
    const past = await run(['hexdump', '--range', '99999999999999999999:', f]);
    expect(past.code).to.equal(2);
    expect(past.stderr).to.contain('start 99999999999999999999 is past the end');
  });

  it('annotate --json tiles the file and exits 1 with the error for a broken file', async () => {
    const ok = await run(['annotate', '--json', 'testdata/conformance/sample_v1_one_ir.syclbin']);
    expect(ok.code).to.equal(0);
    const doc = JSON.parse(ok.stdout) as { size: number; spans: { offset: number; size: number; kind: string }[] };
    let pos = 0;
    for (const s of doc.spans.filter((x) => x.kind !== 'group')) {
      expect(s.offset).to.equal(pos);
      pos += s.size;
    }
    expect(pos).to.equal(doc.size);
    const bad = await run(['annotate', '--json', 'testdata/broken/v1-truncated.syclbin']);
    expect(bad.code).to.equal(1);
    expect((JSON.parse(bad.stdout) as { error: { path: string } }).error.path).to.equal('binaryTable');
  });

  it('annotate and hexdump name the file in the error line, an empty file too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-hex-'));
    try {
      const empty = join(dir, 'empty.bin');
      writeFileSync(empty, new Uint8Array(0));
      for (const cmd of ['annotate', 'hexdump']) {
        const r = await run([cmd, empty]);
        expect([r.code, r.stderr], cmd).to.deep.equal([1, `syclbin ${cmd}: error: ${empty}: empty file\n`]);
      }
      const bad = await run(['annotate', 'testdata/broken/v1-truncated.syclbin']);
      expect(bad.stderr).to.match(/^syclbin annotate: error: testdata\/broken\/v1-truncated\.syclbin: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hexdump of a broken file prints the rows it can and exits 1 with the error, as annotate', async () => {
    const r = await run(['hexdump', '--no-color', 'testdata/broken/offload-image-out-of-range.bin']);
    expect(r.code).to.equal(1);
    expect(r.stdout).to.contain('entries[0].imageSize');
    expect(r.stderr).to.equal('syclbin hexdump: error: testdata/broken/offload-image-out-of-range.bin: image [144, +65536) does not fit in the 160-byte binary (at entries[0].imageSize, offset 0x40)\n');
  });

  it('verify --json exits 1 on errors and lists them', async () => {
    const r = await run(['verify', '--json', 'testdata/broken/v1-version-2.syclbin']);
    expect(r.code).to.equal(1);
    const doc = JSON.parse(r.stdout) as { problems: { path: string; offset: number; severity: string }[] };
    expect(doc.problems[0]).to.include({ path: 'header.version', offset: 4, severity: 'error' });
  });

  it('verify of several files: a report each in order, a summing line; one not read is said and the others checked; --json an array (schema-valid)', async () => {
    const files = ['testdata/syclbin/v1_one_ir.syclbin', 'testdata/broken/v1-version-2.syclbin', 'no-such-file.bin', 'testdata/llvm22/sycl/k.img'];
    const r = await run(['verify', ...files]);
    expect(r.code).to.equal(1);
    const heads = r.stdout.split('\n').filter((l) => /^\S+: [a-z0-9-]+, \d+ bytes$/.test(l)).map((l) => l.replace(/: .*/, ''));
    expect(heads).to.deep.equal([files[0], files[1], files[3]]);
    const single = (f: string) => run(['verify', f]);
    const errors = JSON.parse((await run(['verify', '--json', files[1]!])).stdout).counts.error as number;
    expect(r.stdout.trimEnd().split('\n').pop()).to.match(new RegExp(`^4 files: ${errors} error\\(s\\), \\d+ warning\\(s\\), \\d+ note\\(s\\); 1 file\\(s\\) with errors, 1 not read$`));
    expect(r.stderr).to.contain('no-such-file.bin');
    // Each file's report is the one verify gives it alone.
    expect(r.stdout).to.contain((await single(files[3]!)).stdout);
    const clean = await run(['verify', files[0]!, files[3]!]);
    expect(clean.code).to.equal(0);
    const j = await run(['verify', '--json', ...files]);
    const doc = JSON.parse(j.stdout) as { file: string; error?: string }[];
    // One element per argument, in order; the file not read is its error.
    expect(doc.map((d) => d.file)).to.deep.equal(files);
    expect(doc[2]).to.deep.equal({ file: 'no-such-file.bin', error: doc[2]!.error });
    expect(doc[2]!.error).to.match(/No such file/);
    const { Ajv } = await import('ajv');
    const ajv = new Ajv({ allErrors: true });
    ajv.addSchema(JSON.parse(readFileSync(join(ROOT, 'schemas/annotate.schema.json'), 'utf8')), 'annotate.schema.json');
    const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/verify.schema.json'), 'utf8')));
    expect(validate(doc), JSON.stringify(validate.errors)).to.equal(true);
    expect(validate(JSON.parse((await run(['verify', '--json', files[0]!])).stdout))).to.equal(true);
  });

  it('--help of every hex command has an example', async () => {
    for (const c of ['annotate', 'hexdump', 'verify', 'diff']) {
      const r = await run([c, '--help']);
      expect(r.code).to.equal(0);
      expect(r.stdout).to.contain('Examples:');
    }
  });

  it('inspect --offsets of a compressed envelope: the header at file offsets, the entries and the SYCLBIN at inflated offsets', async () => {
    const r = await run(['inspect', '--offsets', '--no-hash', 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin']);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.match(/^Envelope: {2}@0x0\+40$/m);
    expect(r.stdout).to.contain('OffloadBinary version: 3  @0x4+4');
    expect(r.stdout).to.contain('image kind: 7 (syclbin)  @inflated 0x28+2');
    // Where `annotate --inflated` puts the SYBI header: the entry's image at inflated offset 0x88.
    const inside = annotateInflated(new Uint8Array(readFileSync(ROOT + 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin'))).annotation;
    expect(inside.spans.find((s) => s.path === 'entries[0].image.header')).to.include({ offset: 0x88, size: 56 });
    expect(r.stdout).to.match(/^SYBI header: {2}@inflated 0x88\+56$/m);
    expect(r.stdout).to.match(/^ {2}version: 1 {2}@inflated 0x8c\+4$/m);
    // No inner node is given a file offset.
    for (const line of r.stdout.split('\n').slice(3)) if (!/^ {2}OffloadBinary version/.test(line)) expect(line).to.not.match(/ @0x/);
  });

  it('inspect --offsets adds byte ranges from the annotation', async () => {
    const r = await run(['inspect', '--offsets', '--no-hash', 'testdata/conformance/sample_v1_in_offload_v1.syclbin']);
    expect(r.code, r.stderr).to.equal(0);
    // OffloadBinary version at 4 (syclbin-format.md §1.5); the SYBI header at the entry's image offset 0x90.
    expect(r.stdout).to.contain('OffloadBinary version: 1  @0x4+4');
    expect(r.stdout).to.match(/SYBI header:\s+@0x90\+56/);
    expect(r.stdout).to.match(/version: 1 {2}@0x94\+4/);
    expect(r.stdout).to.contain('size: 37 bytes  @0x268+37');
    const plain = await run(['inspect', '--no-hash', 'testdata/conformance/sample_v1_in_offload_v1.syclbin']);
    expect(plain.stdout).to.not.contain('@0x');
  });

  it('inspect --offsets of a SYCLBIN v2 (role entries) gives the envelope version its range too, as for v1 in an OffloadBinary', async () => {
    for (const [f, compressed] of [['testdata/syclbin/v2_roles.syclbin', false], ['testdata/syclbin/v2_roles_v3_zstd.syclbin', true]] as const) {
      const r = await run(['inspect', '--offsets', '--no-hash', f]);
      expect(r.code, r.stderr).to.equal(0);
      // (the outer header's version field: at file offset 4 in a compressed file too)
      expect(r.stdout, f).to.match(/^ {2}OffloadBinary version: [23] {2}@0x4\+4$/m);
      expect(compressed).to.equal(r.stdout.includes('@inflated'));
    }
  });

  it('inspect --offsets on a file that is not a SYCLBIN explains it as without --offsets, with one note', async () => {
    for (const f of ['testdata/props/sample.prop', 'testdata/llvm22/containers/omp22.o', 'testdata/offload/multi.v1.bin']) {
      const r = await run(['inspect', '--offsets', '--no-hash', f]);
      const plain = await run(['inspect', '--no-hash', f]);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.equal(plain.stdout);
      expect(r.stderr).to.equal(`syclbin inspect: ${f}: note: --offsets applies to SYCLBIN files only\n`);
    }
  });

  it('--inflated: the inflated space is the one the reader inflates, and an uncompressed file is refused', async () => {
    // The inflated view's image span holds the image the reader inflates from the same file.
    const file = new Uint8Array(readFileSync(ROOT + 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin'));
    const inside = annotateInflated(file);
    const span = inside.annotation.spans.find((s) => s.path === 'entries[0].image')!;
    expect(inside.source.read(span.offset, span.size)).to.deep.equal(readOffloadBinary(file).entries[0]!.image);
    const r = await run(['annotate', '--inflated', '--json', 'testdata/syclbin/v2_roles_v3_zstd.syclbin']);
    expect(r.code, r.stderr).to.equal(0);
    const ann = JSON.parse(r.stdout) as { format: string; size: number; spans: { path: string; kind: string }[] };
    expect(ann.format).to.equal('syclbin-v2');
    expect(ann.size).to.equal(2440);
    expect(ann.spans.some((s) => s.kind === 'compressed')).to.equal(false);
    expect(ann.spans.filter((s) => /^entries\[\d+\]\.image$/.test(s.path)).length).to.be.greaterThan(0);
    const plain = await run(['annotate', '--inflated', 'testdata/conformance/sample_v1_in_offload_v1.syclbin']);
    expect(plain.code).to.equal(1);
    expect(plain.stderr).to.match(/: the inflated view needs a compressed OffloadBinary \(version 3\) at offset 0: OffloadBinary version 1 at offset 0 is not compressed \(at header\.version, offset 0x4\)/);
    const sybi = await run(['hexdump', '--inflated', 'testdata/conformance/sample_v1_one_ir.syclbin']);
    expect(sybi.code).to.equal(1);
    expect(sybi.stderr).to.match(/: the inflated view needs a compressed OffloadBinary \(version 3\) at offset 0: bad OffloadBinary magic: expected 10 ff 10 ad, found 49 42 59 53 \(at header\.magic, offset 0x0\)/);
  });

  it('rejects a bad --range as a usage error', async () => {
    expect((await run(['hexdump', '--range', 'zz', 'testdata/conformance/sample_v1_one_ir.syclbin'])).code).to.equal(2);
  });

  it('hexdump: an empty --range prints no row (not a blank one), also one starting at the end of the file', async () => {
    const f = 'testdata/conformance/sample_v1_one_ir.syclbin';
    const size = readFileSync(ROOT + f).length;
    for (const range of ['0x1c1:0x1c1', '0x1c0:0x1c0', `${size}:`, `0x${size.toString(16)}:${size + 100}`]) {
      const r = await run(['hexdump', '--range', range, f]);
      expect([r.code, r.stdout, r.stderr], range).to.deep.equal([0, '', '']);
    }
    // one byte further is past the end: a usage error
    expect((await run(['hexdump', '--range', `${size + 1}:`, f])).code).to.equal(2);
    expect((await run(['hexdump', '--help'])).stdout.replace(/\s+/g, ' ')).to.contain('An empty range (A = B, or A at the end of the file) prints nothing');
  });

  it('hexdump --path that matches nothing: the message on stderr, status 1', async () => {
    const f = 'testdata/conformance/sample_v1_one_ir.syclbin';
    const r = await run(['hexdump', '--path', 'nomatch', f]);
    expect([r.code, r.stdout, r.stderr]).to.deep.equal([1, '', `syclbin hexdump: error: ${f}: no span matches 'nomatch'\n`]);
    // An empty pattern is a usage error, not the whole file (review 2026-11-28).
    const noPattern = await run(['hexdump', '--path', '', f]);
    expect([noPattern.code, noPattern.stdout]).to.deep.equal([2, '']);
    expect(noPattern.stderr).to.contain("syclbin hexdump: error: --path needs a PATTERN (e.g. 'header' or '**.abstractModules[0].metadata')");
    // The help's own example on a SYCLBIN inside an envelope: the path with its entry prefix is suggested, and works.
    const env = 'testdata/syclbin/v1_in_offload_v1.syclbin';
    const e = await run(['hexdump', '--path', 'abstractModules[0].metadata', env]);
    expect([e.code, e.stdout]).to.deep.equal([1, '']);
    expect(e.stderr).to.equal(`syclbin hexdump: error: ${env}: no span matches 'abstractModules[0].metadata'; did you mean 'entries[0].image.abstractModules[0].metadata'? (paths start at the file's outermost structure; '**.abstractModules[0].metadata' matches at any depth)\n`);
    for (const p of ['entries[0].image.abstractModules[0].metadata', '**.abstractModules[0].metadata']) {
      const ok = await run(['hexdump', '--path', p, env]);
      expect([ok.code, ok.stderr], p).to.deep.equal([0, '']);
      expect(ok.stdout, p).to.contain('entries[0].image.abstractModules[0].metadata');
    }
    // A structure that is there but empty (0 bytes) is named as such, not as a typo.
    const empty = await run(['hexdump', '--path', 'abstractModules[0].metadata', 'testdata/syclbin/v1_one_ir.syclbin']);
    expect([empty.code, empty.stderr]).to.deep.equal([1, "syclbin hexdump: error: testdata/syclbin/v1_one_ir.syclbin: 'abstractModules[0].metadata' matches only empty structures (0 bytes): abstractModules[0].metadata\n"]);
  });
});

describe('an unreadable OffloadBinary in an object: every explaining command fails on it (inspect and offload-list do too)', () => {
  it('verify, annotate and hexdump exit 1 naming the field; diff exits 2 ("does not read to its end")', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-bad-in-elf-'));
    try {
      const b = new Uint8Array(readFileSync(ROOT + 'testdata/llvm22/containers/omp22.o'));
      const at = Buffer.from(b).indexOf(Buffer.from(OFFLOAD_BINARY_MAGIC));
      new DataView(b.buffer).setUint32(at + OffloadHeaderPrefix.offsets.version!, 4, true);
      const bad = join(dir, 'bad.o');
      writeFileSync(bad, b);
      const why = 'unsupported OffloadBinary version 4 (this reader supports 1, 2 and 3) (at sections[12].binaries[0].header.version';
      for (const cmd of ['verify', 'annotate', 'hexdump', 'inspect', 'offload-list']) {
        const r = await run([cmd, bad]);
        expect(r.code, cmd).to.equal(1);
        expect(r.stdout + r.stderr, cmd).to.contain(why);
      }
      const d = await run(['diff', bad, 'testdata/llvm22/containers/omp22.o']);
      expect(d.code).to.equal(2);
      expect(d.stdout).to.contain(`! A: ${why}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('annotate writes its listing in slices (an output larger than one string can be is written, not a RangeError)', () => {
  it('--json is exactly JSON.stringify of the document (with an error, without spans, inflated) and the text lists every span', async () => {
    const { annotate, annotationToJson } = await import('../../src/hex/annotate.js');
    const replacer = (_k: string, v: unknown): unknown => (typeof v === 'bigint' ? v.toString() : v);
    const dir = mkdtempSync(join(tmpdir(), 'ann-'));
    try {
      writeFileSync(join(dir, 'empty'), new Uint8Array(0));
      const files = ['testdata/syclbin/v1_two_modules_mixed.syclbin', 'testdata/broken/v1-am-ir-range.syclbin', 'testdata/props/sample.prop', join(dir, 'empty')];
      for (const f of files) {
        const bytes = new Uint8Array(readFileSync(f.startsWith('/') ? f : join(ROOT, f)));
        const ann = annotate(bytes);
        const r = await run(['annotate', '--json', f]);
        expect(r.stdout, f).to.equal(JSON.stringify(annotationToJson(ann), replacer, 2) + '\n');
        const t = await run(['annotate', f]);
        expect(t.stdout.split('\n').length - 2, f).to.equal(ann.spans.length); // the head line, then a line per span
      }
      const z = await run(['annotate', '--json', '--inflated', 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin']);
      const inner = annotateInflated(new Uint8Array(readFileSync(join(ROOT, 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin')))).annotation;
      expect(z.stdout).to.equal(JSON.stringify(annotationToJson(inner), replacer, 2) + '\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
