import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { runCli } from '../../src/cli/run.js';

const sampleBytes = readFileSync(new URL('../../testdata/props/sample.prop', import.meta.url));
const schema = JSON.parse(readFileSync(new URL('../../schemas/props.schema.json', import.meta.url), 'utf8')) as object;

async function run(argv: string[], cwd: string): Promise<{ code: number; out: string; err: string; outBytes: Uint8Array }> {
  const out: Uint8Array[] = [];
  const err: string[] = [];
  const enc = new TextEncoder();
  const code = await runCli(argv, {
    stdout: { write: (c) => void out.push(typeof c === 'string' ? enc.encode(c) : c) },
    stderr: { write: (c) => void err.push(typeof c === 'string' ? c : new TextDecoder().decode(c)) },
    cwd,
    env: {},
  });
  const outBytes = Buffer.concat(out);
  return { code, out: new TextDecoder().decode(outBytes), err: err.join(''), outBytes };
}

describe('props/cli: syclbin props', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'props-cli-'));
    writeFileSync(join(dir, 'sample.prop'), sampleBytes);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('--help shows usage and an example', async () => {
    const r = await run(['props', '--help'], dir);
    expect(r.code).to.equal(0);
    expect(r.out).to.contain('Usage: syclbin props');
    expect(r.out).to.contain('Examples:');
    expect(r.out).to.contain('syclbin props --check module_0.prop');
  });

  it('prints typed sets: descriptor tables, aspect names, masks, device globals, raw hex', async () => {
    const r = await run(['props', 'sample.prop'], dir);
    expect(r.code, r.err).to.equal(0);
    expect(r.out).to.contain('[SYCL/device requirements]');
    expect(r.out).to.contain('aspects: host (0), cpu (1), fp64 (6), image (9), queue_profiling (12)');
    expect(r.out).to.match(/#\s+id\s+offset\s+size\n\s+0\s+0\s+0\s+4\n\s+1\s+1\s+4\s+1\n\s+2\s+padding\s+5\s+3/);
    expect(r.out).to.contain('SpirKernel2: 11-bit mask, set: 1, 2, 3, 4, 5, 6, 9, 10');
    expect(r.out).to.contain('6da74a122db9f35d____ZL7dg_int1: size 4, deviceImageScope 0');
    expect(r.out).to.contain('sanUsed: "tsan"');
    expect(r.out).to.contain('[vendor/unknown set]  (unknown set)');
    expect(r.out).to.contain('bar: bytes [1] 01');
  });

  it('--json validates against the schema; --encode gives the identical bytes on stdout and with -o', async () => {
    const j = await run(['props', '--json', 'sample.prop'], dir);
    expect(j.code, j.err).to.equal(0);
    const doc = JSON.parse(j.out) as unknown;
    const validate = new Ajv({ strict: true }).compile(schema);
    expect(validate(doc), JSON.stringify(validate.errors)).to.equal(true);
    writeFileSync(join(dir, 's.json'), j.out);
    const e = await run(['props', '--encode', 's.json'], dir);
    expect(e.code, e.err).to.equal(0);
    expect(Buffer.from(e.outBytes).equals(sampleBytes)).to.equal(true);
    const o = await run(['props', '--encode', 's.json', '-o', 'back.prop'], dir);
    expect(o.code, o.err).to.equal(0);
    expect(o.out).to.equal('');
    expect(readFileSync(join(dir, 'back.prop')).equals(sampleBytes)).to.equal(true);
  });

  it('--json says on stderr, once per kind, what of text the reader accepts --encode will not reproduce; canonical text gets no note', async () => {
    expect((await run(['props', '--json', 'sample.prop'], dir)).err).to.equal('');
    for (const [text, kinds] of [
      ['[A]\r\nk=1|5\r\n', ['line 1 (and 1 more line(s)): a line ends in "\\r\\n"']],
      ['[A]\nk=1|5', ['line 2: the last line has no line feed']],
      ['[A]\nk=1|0005\nj=01|5\n', ['line 2 (and 1 more line(s)): a type or uint32 value with leading zeros']],
      ['\n[A]\n\nk=1|5\n', ['line 1 (and 1 more line(s)): a blank line']],
      ['[A] \nk=1|5\n', ['line 1: text after the "]" of a set header']],
      ['[A]\nk=2|QAAAAAAAAAQACQ\n', ['line 2: a byte array whose last Base64 character has unused bits set']],
      ['[A]\nk=1|5\nk=1|6\n', ['line 3: a set named again or a key given again']],
      ['[A]\r\nk=1|5', ['line 1: a line ends in "\\r\\n"', 'line 2: the last line has no line feed']],
    ] as const) {
      writeFileSync(join(dir, 'q.prop'), text);
      const j = await run(['props', '--json', 'q.prop'], dir);
      expect(j.code, j.err).to.equal(0);
      const lines = j.err.split('\n').filter(Boolean);
      expect(lines, text).to.have.length(kinds.length);
      kinds.forEach((k, i) => expect(lines[i], text).to.match(new RegExp(`^q\\.prop: note: ${k.replace(/[()[\]\\.|]/g, '\\$&')}.*: props --encode of this JSON will not reproduce it$`)));
      writeFileSync(join(dir, 'q.json'), j.out);
      const e = await run(['props', '--encode', 'q.json'], dir);
      expect(e.code, e.err).to.equal(0);
      expect(Buffer.from(e.outBytes).equals(Buffer.from(text)), text).to.equal(false);
      // --check and verify say it too (a repeat once, as what LLVM folds): notes, status 0.
      const c = await run(['props', '--check', 'q.prop'], dir);
      expect(c.code, c.out).to.equal(0);
      const v = await run(['verify', 'q.prop'], dir);
      expect(v.code, v.out).to.equal(0);
      for (const k of kinds) {
        if (k.includes('named again')) continue;
        expect(c.out, text).to.contain(`q.prop: note: ${k}`);
        expect(c.out, text).to.contain("LLVM's reader accepts it, --encode writes it otherwise\n");
        expect(v.out, text).to.contain(`(file): ${k}`);
      }
    }
  });

  it('an input that does not read says why when its bytes tell: a byte order mark, a SYCLBIN given as text', async () => {
    writeFileSync(join(dir, 'bom.prop'), Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('[s]\nk=1|5\n')]));
    const b = await run(['props', 'bom.prop'], dir);
    expect([b.code, b.err.split('\n')[1]]).to.deep.equal([1, "bom.prop: note: the text starts with a UTF-8 byte order mark, which LLVM's readers do not skip (remove its 3 bytes)"]);
    writeFileSync(join(dir, 'bin.prop'), readFileSync(new URL('../../testdata/syclbin/v1_one_ir.syclbin', import.meta.url)));
    const s = await run(['props', 'bin.prop'], dir);
    expect([s.code, s.err.split('\n')[1]]).to.deep.equal([1, "bin.prop: note: it is a SYCLBIN file: its property sets are shown by 'syclbin json' or 'syclbin inspect'"]);
    // Plain bad text gets no note.
    writeFileSync(join(dir, 'bad.prop'), 'k=1|5\n');
    expect((await run(['props', 'bad.prop'], dir)).err).to.not.contain('note:');
  });

  it('--check exits 0 with notes only, 1 with errors', async () => {
    const ok = await run(['props', '--check', 'sample.prop'], dir);
    expect(ok.code).to.equal(0);
    expect(ok.out).to.contain('sample.prop: 0 error(s), 0 warning(s), 2 note(s)');
    writeFileSync(join(dir, 'bad.prop'), '[SYCL/device globals]\ng=2|gAAAAAAAAAQAAAAA\n[SYCL/device requirements]\naspects=1|5\n');
    const bad = await run(['props', '--check', 'bad.prop'], dir);
    expect(bad.code).to.equal(1);
    expect(bad.out).to.contain('bad.prop: error: [SYCL/device globals] g: device global value is 4 bytes, expected 8');
    expect(bad.out).to.contain('bad.prop: error: [SYCL/device requirements] aspects: expected a byte array (type 2), found a uint32 (type 1)');
    expect(bad.out).to.contain('2 error(s)');
  });

  it('syntax errors are reported as FILE:LINE:COLUMN with exit 1', async () => {
    writeFileSync(join(dir, 'syntax.prop'), '[a]\nk=1|12x\n');
    const r = await run(['props', 'syntax.prop'], dir);
    expect(r.code).to.equal(1);
    // The structure path as verify names the byte.
    expect(r.err).to.equal('syntax.prop:2:7: error: invalid property value: "12x" (decimal digits expected) (at ["a"]["k"], offset 0xa)\n');
    const v = await run(['verify', '--json', 'syntax.prop'], dir);
    expect((JSON.parse(v.out) as { problems: { offset: number; path: string }[] }).problems[0]).to.deep.include({ offset: 10, path: '["a"]["k"]' });
  });

  it('usage errors exit 2; bad JSON and unreadable files exit 1', async () => {
    expect((await run(['props', '--json', '--check', 'sample.prop'], dir)).code).to.equal(2);
    expect((await run(['props'], dir)).code).to.equal(2);
    expect((await run(['props', '--encode', 's.json', 'sample.prop'], dir)).code).to.equal(2);
    writeFileSync(join(dir, 'bad.json'), '{"format":"syclbin-props","version":1,"sets":[{"name":"s","properties":[{"key":"k","type":1}]}]}');
    const b = await run(['props', '--encode', 'bad.json'], dir);
    expect(b.code).to.equal(1);
    expect(b.err).to.contain('neither a typed nor a raw value');
    expect((await run(['props', 'missing.prop'], dir)).code).to.equal(1);
  });

  it('--check and --llvm-json say what LLVM folds: a set named again, a key given again (last value, first place)', async () => {
    writeFileSync(join(dir, 'dup.prop'), '[a]\nx=1|1\ny=1|2\nx=1|3\n[b]\nz=1|4\n[a]\nw=1|5\n');
    const c = await run(['props', '--check', 'dup.prop'], dir);
    expect(c.code).to.equal(0);
    expect(c.out).to.contain("dup.prop: warning: [a] x: line 4: the key is given again in its set: LLVM's PropertySetRegistry::read keeps this last value, at the first one's place");
    expect(c.out).to.contain("dup.prop: warning: [a]: line 7: the set is named again");
    expect(c.out).to.contain('0 error(s), 2 warning(s)');
    const j = await run(['props', '--llvm-json', 'dup.prop'], dir);
    expect(j.out).to.equal('{"a":{"w":5,"x":3,"y":2},"b":{"z":4}}');
    expect(j.err).to.contain('[a] x: line 4: the key is given again');
    // A registry without repeats gets no such warning.
    expect((await run(['props', '--check', 'sample.prop'], dir)).out).to.not.contain('again');
  });

  it('--encode reports every name, key and value it cannot write, then writes nothing', async () => {
    const doc = JSON.parse((await run(['props', '--json', 'dup.prop'], dir)).out) as { sets: { name: string; properties: { key: string }[] }[] };
    doc.sets[0]!.properties[0]!.key = 'bad\nkey';
    doc.sets[0]!.properties[1]!.key = '[x';
    doc.sets[1]!.name = 'a\nb';
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(doc));
    const r = await run(['props', '--encode', 'bad.json', '-o', 'out.prop'], dir);
    expect(r.code).to.equal(1);
    expect(r.err.match(/bad\.json: error: /g)).to.have.length(3);
    expect(r.err).to.contain('property key contains a line feed');
    expect(r.err).to.contain("property key starting with '[' would read back as a set header");
    expect(r.err).to.contain('property set name contains a line feed');
    expect(r.err).to.contain('bad.json: 3 problem(s): nothing written');
    expect(existsSync(join(dir, 'out.prop'))).to.equal(false);
  });
});
