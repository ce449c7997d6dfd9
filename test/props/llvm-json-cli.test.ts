/**
 * The command line of upstream JSON property sets: `syclbin props --llvm-json` (stdout, -o, notes
 * about dropped prefixes, refusals), `props --encode` and `pack` taking upstream JSON, and the round
 * trip our JSON -> .prop -> upstream JSON -> .prop.
 */
import { expect } from 'chai';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { encodeBase64 } from '../../src/props/base64.js';
import { registryToJson } from '../../src/props/json.js';
import { byteArray, uint32, type PropertySetRegistry, type PropertyValue } from '../../src/props/model.js';
import { readRegistry, writeRegistry } from '../../src/props/registry.js';
import { cli, tempDir } from '../offload/support.js';
import { parseReg } from './llvm-json-support.js';

const REPO = new URL('../../', import.meta.url).pathname;
const W12 = `${REPO}testdata/llvm22/`;
const schema = (n: string) => JSON.parse(readFileSync(`${REPO}schemas/${n}`, 'utf8')) as object;
const ajv = new Ajv({ allErrors: true, strict: true });
ajv.addSchema(schema('props.schema.json'));
ajv.addSchema(schema('llvm-props.schema.json'));
const validateManifest = ajv.compile(schema('syclbin-manifest.schema.json'));
const text = (b: Uint8Array): string => Buffer.from(b).toString('latin1');

/** A registry in bytewise order with whole-byte arrays only: what upstream JSON carries losslessly. */
const LOSSLESS: PropertySetRegistry = new Map([
  ['SYCL/device requirements', new Map<string, PropertyValue>([['aspects', byteArray(Uint8Array.of(1, 0, 0, 0, 2, 0, 0, 0))], ['reqd_sub_group_size', uint32(32)]])],
  ['SYCL/misc properties', new Map<string, PropertyValue>([['optLevel', uint32(2)], ['sanUsed', byteArray(new TextEncoder().encode('tsan'))]])],
  ['empty', new Map()],
]);

describe('props/llvm-json: syclbin props --llvm-json, --encode and pack with upstream JSON', () => {
  let t: ReturnType<typeof tempDir>;
  const at = (f: string): string => join(t.dir, f);
  before(() => {
    t = tempDir('props-llvm-json-');
    writeFileSync(at('w12.prop'), writeRegistry(parseReg(readFileSync(`${W12}src/props/w12-sycl-sets.reg`, 'utf8'))));
    writeFileSync(at('sample.prop'), readFileSync(`${REPO}testdata/props/sample.prop`));
  });
  after(() => t.cleanup());

  it("--llvm-json prints LLVM's bytes (no newline) on stdout and with -o, and notes each dropped prefix on stderr", async () => {
    const golden = text(readFileSync(`${W12}props/w12-sycl-sets.write.txt`));
    const r = await cli(['props', '--llvm-json', 'w12.prop'], t.dir);
    expect(r.code, r.stderr).to.equal(0);
    expect(text(r.stdoutBytes)).to.equal(golden);
    const notes = r.stderr.trimEnd().split('\n');
    expect(notes).to.include("w12.prop: note: [SYCL/specialization constants] _ZTS3Foo: intel 8-byte bit-size prefix (96 bits) dropped: upstream JSON holds the 12 payload byte(s) only");
    expect(notes.filter((n) => n.includes('bit-size prefix'))).to.have.length(3);
    expect(notes.filter((n) => n.includes("std::map order"))).to.have.length(1); // the .reg order is not bytewise
    const o = await cli(['props', '--llvm-json', 'w12.prop', '-o', 'w12.json'], t.dir);
    expect([o.code, o.stdout]).to.deep.equal([0, '']);
    expect(text(readFileSync(at('w12.json')))).to.equal(golden);
  });

  it('--llvm-json: more than three dropped prefixes are one note line, naming the first three', async () => {
    const set = new Map([0, 1, 2, 3, 4].map((i) => [`k${i}`, byteArray(new Uint8Array([i, 1, 2, 3]))] as const));
    writeFileSync(at('many.prop'), writeRegistry(new Map([['SYCL/specialization constants', set]])));
    const r = await cli(['props', '--llvm-json', 'many.prop'], t.dir);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stderr).to.equal("many.prop: note: intel's 8-byte bit-size prefix dropped from 5 byte arrays (upstream JSON holds the payload bytes only): [SYCL/specialization constants] k0, [SYCL/specialization constants] k1, [SYCL/specialization constants] k2, …\n");
  });

  it('--llvm-json refuses a bit size that is not whole bytes, or disagrees with the payload, naming set, key and bits (exit 1, no output)', async () => {
    const r = await cli(['props', '--llvm-json', 'sample.prop', '-o', 'sample.json'], t.dir);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.equal('syclbin props: error: sample.prop: a byte array of 2 bits is not a whole number of bytes: upstream JSON property sets hold whole bytes only (at ["SYCL/kernel param opt"]["SpirKernel1"])\n');
    expect(existsSync(at('sample.json'))).to.equal(false);
    writeFileSync(at('short.prop'), `[s]\nk=2|${encodeBase64(Uint8Array.of(24, 0, 0, 0, 0, 0, 0, 0, 1, 2))}\n`);
    const s = await cli(['props', '--llvm-json', 'short.prop'], t.dir);
    expect(s.code).to.equal(1);
    expect(s.stderr).to.match(/^short\.prop:2:5: error: invalid byte array value: bit count 24 needs 3 payload byte\(s\), the value has 2 \(set "s", key "k"\)/);
    expect((await cli(['props', '--llvm-json', '--json', 'w12.prop'], t.dir)).code).to.equal(2);
  });

  it('--encode of hostile upstream JSON: a warning repeated 10,000 times is said 20 times, then counted (300,000 repeated names wrote 35 MB of warnings)', async () => {
    writeFileSync(at('dups.json'), `{"s":{${Array.from({ length: 10_001 }, (_, i) => `"k":${i}`).join(',')}}}`);
    const r = await cli(['props', '--encode', 'dups.json'], t.dir);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.equal('[s]\nk=1|10000\n');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).to.have.length(21);
    expect(lines[0]).to.equal('dups.json: warning: [s] k: the name is given more than once: LLVM keeps the last value (offset 0xc)');
    expect(lines[20]).to.equal('dups.json: warning: 9980 more like the above: the name is given more than once: LLVM keeps the last value');
  });

  it('--encode takes upstream JSON (byte arrays get the prefix back), warns where LLVM is lax, refuses what LLVM refuses', async () => {
    writeFileSync(at('up.json'), '{"s":{"b":"AQI=","a":7,"a":4294967303},"r":{}}');
    const r = await cli(['props', '--encode', 'up.json'], t.dir);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.equal(`[r]\n[s]\na=1|7\nb=2|${encodeBase64(Uint8Array.of(16, 0, 0, 0, 0, 0, 0, 0, 1, 2))}\n`);
    expect(r.stderr).to.equal(
      'up.json: warning: [s] a: the name is given more than once: LLVM keeps the last value (offset 0x17)\n' +
        'up.json: warning: [s] a: 4294967303 does not fit in a uint32: LLVM keeps the low 32 bits, 7 (offset 0x1b)\n',
    );
    writeFileSync(at('bad.json'), '{"s":{"a":"AQ=A"}}');
    const b = await cli(['props', '--encode', 'bad.json'], t.dir);
    expect(b.code).to.equal(1);
    expect(b.stderr).to.contain('bad.json: error while deserializing property a in property set s: unable to base64 decode the string AQ=A: Invalid Base64 character 0x3d at index 2');
    writeFileSync(at('syntax.json'), '{"s":{"a":1,}}');
    const y = await cli(['props', '--encode', 'syntax.json'], t.dir);
    expect([y.code, y.stderr]).to.deep.equal([1, 'syntax.json:1:14: error: Expected object key (offset 0xd)\n']);
    writeFileSync(at('empty-name.json'), '{"":{"k":1}}');
    const e = await cli(['props', '--encode', 'empty-name.json'], t.dir);
    // (the set "" is `[]`, which intel's reader reads back as that set)
    expect([e.code, e.stderr, e.stdout]).to.deep.equal([0, '', '[]\nk=1|1\n']);
  });

  it('round trip our JSON -> .prop -> upstream JSON -> .prop is byte-identical where lossless', async () => {
    writeFileSync(at('ours.json'), JSON.stringify(registryToJson(LOSSLESS)));
    expect((await cli(['props', '--encode', 'ours.json', '-o', 'a.prop'], t.dir)).code).to.equal(0);
    const u = await cli(['props', '--llvm-json', 'a.prop', '-o', 'a.json'], t.dir);
    expect(u.code, u.stderr).to.equal(0);
    expect(u.stderr).to.not.contain('std::map order');
    expect((await cli(['props', '--encode', 'a.json', '-o', 'b.prop'], t.dir)).code).to.equal(0);
    const a = readFileSync(at('a.prop'));
    expect(text(readFileSync(at('b.prop')))).to.equal(text(a));
    expect(readRegistry(a)).to.deep.equal(LOSSLESS);
  });

  it('pack reads upstream JSON metadata exactly like our form (same bytes), warns and refuses at the value line and column, with the manifest path', async () => {
    writeFileSync(at('k.spv'), Uint8Array.of(3, 2, 0x23, 7, 0, 0, 1, 0));
    const upstream = new TextDecoder().decode(readFileSync(at('a.json')));
    const manifest = (metadata: string, global: string): string =>
      `{"format":"syclbin-manifest","version":1,"state":"executable","globalMetadata":${global},"abstractModules":[{"metadata":${metadata},"irModules":[{"file":"k.spv"}]}]}`;
    const oursGlobal = JSON.stringify(registryToJson(new Map([['SYCLBIN/global metadata', new Map([['state', uint32(2)]])]])));
    writeFileSync(at('m-ours.json'), manifest(JSON.stringify(registryToJson(LOSSLESS)), oursGlobal));
    writeFileSync(at('m-up.json'), manifest(upstream, '{"SYCLBIN/global metadata":{"state":2}}'));
    for (const m of ['m-ours.json', 'm-up.json']) expect(validateManifest(JSON.parse(readFileSync(at(m), 'utf8'))), `${m} ${JSON.stringify(validateManifest.errors)}`).to.equal(true);
    const o = await cli(['pack', 'm-ours.json', '-o', 'ours.syclbin'], t.dir);
    const p = await cli(['pack', 'm-up.json', '-o', 'up.syclbin'], t.dir);
    expect([o.code, p.code, p.stderr]).to.deep.equal([0, 0, '']);
    expect(text(readFileSync(at('up.syclbin')))).to.equal(text(readFileSync(at('ours.syclbin'))));

    const lax = manifest('{"s":{"n":4294967296}}', '{"SYCLBIN/global metadata":{"state":2}}');
    writeFileSync(at('m-lax.json'), lax);
    const l = await cli(['pack', 'm-lax.json', '-o', 'lax.syclbin'], t.dir);
    expect(l.code, l.stderr).to.equal(0);
    expect(l.stderr).to.equal(`syclbin pack: m-lax.json:1:${lax.indexOf('4294967296') + 1}: warning: abstractModules[0].metadata["s"]["n"]: 4294967296 does not fit in a uint32: LLVM keeps the low 32 bits, 0\n`);
    // Over several lines, after characters of several UTF-8 bytes (columns count UTF-16 units, as the JSON errors do).
    const laxLines = lax.replace('"metadata":', '\n "metadata": ').replace('{"s":{', '{"s\u00e9\u{1F600}":{\n   ');
    writeFileSync(at('m-lax2.json'), laxLines);
    const l2 = await cli(['pack', 'm-lax2.json', '-o', 'lax2.syclbin'], t.dir);
    const lastLine = laxLines.slice(0, laxLines.indexOf('4294967296')).split('\n').pop()!;
    expect(l2.stderr).to.equal(`syclbin pack: m-lax2.json:3:${lastLine.length + 1}: warning: abstractModules[0].metadata["s\u00e9\u{1F600}"]["n"]: 4294967296 does not fit in a uint32: LLVM keeps the low 32 bits, 0\n`);

    // One warning for 1,000 values: said NOTE_REPEATS (20) times, then counted, as props --encode counts it.
    const many = manifest(JSON.stringify({ s: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`n${i}`, 4294967296])) }), '{"SYCLBIN/global metadata":{"state":2}}');
    writeFileSync(at('m-many.json'), many);
    const mm = await cli(['pack', 'm-many.json', '-o', 'many.syclbin'], t.dir);
    expect(mm.code, mm.stderr).to.equal(0);
    const manyLines = mm.stderr.split('\n').filter(Boolean);
    expect(manyLines.length).to.equal(21);
    expect(manyLines[19]).to.match(/^syclbin pack: m-many\.json:1:\d+: warning: abstractModules\[0\]\.metadata\["s"\]\["n19"\]: /);
    expect(manyLines[20]).to.equal('syclbin pack: m-many.json: warning: 980 more like the above: 4294967296 does not fit in a uint32: LLVM keeps the low 32 bits, 0');

    const bad = manifest('{"s":{"n":-1}}', '{"SYCLBIN/global metadata":{"state":2}}');
    writeFileSync(at('m-bad.json'), bad);
    const b = await cli(['pack', 'm-bad.json', '-o', 'bad.syclbin'], t.dir);
    expect(b.code).to.equal(1);
    expect(b.stderr).to.equal(
      `syclbin pack: m-bad.json:1:${bad.indexOf('-1') + 1}: error: error while deserializing property n in property set s: expected a uint64 or a string, got -1 (at abstractModules[0].metadata["s"]["n"])\n`,
    );
  });

  it('--help shows --llvm-json and an example', async () => {
    const r = await cli(['props', '--help'], t.dir);
    expect(r.stdout).to.contain('--llvm-json');
    expect(r.stdout).to.contain('syclbin props --llvm-json module_0.prop -o module_0.json');
  });
});
