/**
 * Kaitai Struct / ImHex exports (issue 6 §3): the committed files in formats/generated/ are exactly what
 * the generator (scripts/exports.ts, walking formats/) produces now; the .ksy files compile with the real
 * kaitai-struct-compiler (its JavaScript build, npm) to JavaScript, and the generated parsers, run on
 * the kaitai-struct runtime, read the same field values, strings and blobs as our readers on every
 * test file.
 */
import { expect } from 'chai';
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { generatedExports, snake } from '../../scripts/exports.js';
import { IMAGE_KIND } from '../../formats/kinds.js';
import { annotate, leavesOf } from '../../src/hex/annotate.js';
import { readOffloadBinary } from '../../src/offload/read.js';
import { sampleModel, VARIANTS, writeVariant } from './fixtures.js';

const require = createRequire(import.meta.url);
const ROOT = new URL('../../', import.meta.url).pathname;
const GENERATED = ROOT + 'formats/generated/';
const OUT = ROOT + 'test-artifacts/kaitai/';
const CONFORMANCE = ROOT + 'testdata/conformance/';

interface KaitaiCompiler {
  compile(lang: string, ksy: unknown, importer: unknown, debug: boolean): Promise<Record<string, string>>;
}
type KObj = Record<string, unknown>;
type KParser = new (stream: unknown) => KObj;

const camel = (ours: string): string => snake(ours).replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

function testFiles(): { name: string; bytes: Uint8Array }[] {
  const out: { name: string; bytes: Uint8Array }[] = [];
  for (const dir of [ROOT + 'testdata/offload/', ROOT + 'testdata/syclbin/', CONFORMANCE]) {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const n of names.filter((x) => /\.(bin|syclbin)$/.test(x))) out.push({ name: dir.replace(ROOT, '') + n, bytes: new Uint8Array(readFileSync(dir + n)) });
  }
  for (const v of VARIANTS) out.push({ name: `writer:${v.name}`, bytes: writeVariant(sampleModel(), v) });
  return out;
}

describe('hex: Kaitai/ImHex exports', function () {
  this.timeout(120000);
  let SyclbinV1: KParser;
  let OffloadBinary: KParser;
  let KaitaiStream: new (buf: ArrayBuffer) => unknown;

  it('committed exports equal the generator output (regenerate with the command in formats/generated/README.md)', () => {
    for (const [name, text] of Object.entries(generatedExports())) {
      expect(readFileSync(GENERATED + name, 'utf8'), name).to.equal(text);
    }
  });

  it('the .ksy files compile with kaitai-struct-compiler to JavaScript', async () => {
    const compiler = require('kaitai-struct-compiler') as KaitaiCompiler;
    const yaml = require('js-yaml') as { load(t: string): unknown };
    mkdirSync(OUT, { recursive: true });
    for (const f of ['syclbin_v1', 'offload_binary']) {
      const files = await compiler.compile('javascript', yaml.load(readFileSync(`${GENERATED}${f}.ksy`, 'utf8')), null, false);
      for (const [n, t] of Object.entries(files)) writeFileSync(OUT + n.replace(/\.js$/, '.cjs'), t);
    }
    KaitaiStream = require('kaitai-struct/KaitaiStream') as typeof KaitaiStream;
    SyclbinV1 = (require(OUT + 'SyclbinV1.cjs') as { SyclbinV1: KParser }).SyclbinV1;
    OffloadBinary = (require(OUT + 'OffloadBinary.cjs') as { OffloadBinary: KParser }).OffloadBinary;
    expect(SyclbinV1).to.be.a('function');
    expect(OffloadBinary).to.be.a('function');
  });

  const stream = (b: Uint8Array) => new KaitaiStream(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
  const bytesOf = (v: unknown): number[] => Array.from(v as Uint8Array);

  it('the Kaitai SYCLBIN v1 parser reads the same values as our reader', () => {
    let checked = 0;
    for (const { name, bytes } of testFiles()) {
      const ann = annotate(bytes);
      for (const g of ann.v1Images) {
        const image = bytes.subarray(g.offset, g.offset + g.size);
        const k = new SyclbinV1(stream(image));
        const pre = g.path ? `${g.path}.` : '';
        // Every header/table field leaf of the annotation.
        for (const s of leavesOf(ann)) {
          if (s.kind !== 'field' || !s.path.startsWith(pre)) continue;
          const rel = s.path.slice(pre.length);
          const m = /^(header|abstractModules\[(\d+)\]|irModules\[(\d+)\]|nativeImages\[(\d+)\])\.(\w+)$/.exec(rel);
          if (!m) continue;
          const obj = (m[1] === 'header' ? k.header : m[2] ? (k.abstractModules as KObj[])[+m[2]] : m[3] ? (k.irModules as KObj[])[+m[3]] : (k.nativeImages as KObj[])[+m[4]!]) as KObj;
          expect(obj[camel(m[5]!)], `${name}: ${s.path}`).to.equal(s.value);
          checked++;
        }
        // Blobs: metadata and image bytes through the model.
        const model = ann.model!;
        expect(bytesOf(k.globalMetadata)).to.deep.equal(bytesOf(image.subarray(ann.metadata.find((b) => b.path === `${pre}globalMetadata`)!.offset - g.offset).subarray(0, (k.header as KObj).globalMetadataSize as number)));
        model.abstractModules.forEach((am, a) => {
          const kam = (k.abstractModules as KObj[])[a]!;
          for (const [kind, first, bytesKey] of [
            ['irModules', kam.irModuleOffset, 'bytes'],
            ['nativeImages', kam.nativeImageOffset, 'bytes'],
          ] as const) {
            am[kind].forEach((img, j) => {
              const kimg = (k[kind] as KObj[])[(first as number) + j]!;
              expect(bytesOf(kimg[bytesKey]), `${name}: ${kind}[${j}]`).to.deep.equal(bytesOf(img.image.bytes()));
              // (a blob several headers name is named by the first one, whose group lists the others in `shared`)
              const blobPath = `${pre}abstractModules[${a}].${kind}[${j}].metadata`;
              const blob = ann.metadata.find((b) => b.path === blobPath) ?? ann.spans.find((x) => x.shared?.includes(blobPath))!;
              expect(bytesOf(kimg.metadata)).to.deep.equal(bytesOf(bytes.subarray(blob.offset, blob.offset + blob.size)));
            });
          }
        });
      }
    }
    expect(checked).to.be.greaterThan(200);
  });

  it('the Kaitai OffloadBinary parser reads the same values as our reader', () => {
    let checked = 0;
    for (const { name, bytes } of testFiles()) {
      if (bytes[0] !== 0x10) continue;
      const ours = readOffloadBinary(bytes, 0);
      const k = new OffloadBinary(stream(bytes));
      expect(k.version, name).to.equal(ours.version);
      const kh = k[`headerV${ours.version}`] as KObj;
      for (const [f, v] of Object.entries(ours.header)) {
        if (f === 'magic') continue;
        expect(kh[camel(f)], `${name}: header.${f}`).to.equal(typeof v === 'bigint' ? Number(v) : v);
      }
      if (ours.compression) {
        expect(k.compressed).to.equal(true);
        continue;
      }
      const kes = k.entries as KObj[];
      expect(kes.length).to.equal(ours.entries.length);
      ours.entries.forEach((e, i) => {
        const ke = kes[i]!;
        for (const [f, v] of Object.entries(e.raw)) expect(ke[camel(f)], `${name}: entries[${i}].${f}`).to.equal(v);
        const strings = new Map((ke.strings as KObj[]).map((s) => [s.key as string, s.value as string]));
        expect([...strings], `${name}: entries[${i}].strings`).to.deep.equal([...e.strings]);
        expect(bytesOf(ke.image)).to.deep.equal(bytesOf(e.image));
        checked++;
      });
    }
    expect(checked).to.be.greaterThan(20);
  });

  it('the .hexpat files declare every field of the formats/ structures', () => {
    const ex = generatedExports();
    for (const f of ['magic', 'version', 'abstractModuleCount', 'metadataTableSize', 'globalMetadataSize', 'rawIRBytesOffset', 'binaryBytesSize']) expect(ex['syclbin_v1.hexpat']).to.match(new RegExp(`\\b${f}\\b`));
    for (const f of ['entryOffset', 'entriesCount', 'inflatedSize', 'imageKind', 'offloadKind', 'stringOffset', 'numStrings', 'imageOffset', 'imageSize', 'keyOffset', 'valueSize']) expect(ex['offload_binary.hexpat']).to.match(new RegExp(`\\b${f}\\b`));
    expect(ex['syclbin_v1.hexpat']).to.contain('padding[4];');
  });

  it("enumerations with a fixed table are exported with their names (formats/kinds.ts); the offload kind, whose names depend on the era, is not", () => {
    const ex = generatedExports();
    const ksy = ex['offload_binary.ksy']!;
    expect(ksy).to.match(/- id: image_kind\n {8}type: u2\n {8}enum: image_kind\n/);
    expect(ksy).to.match(/- id: flags\n {8}type: u4\n {8}enum: offload_entry_flags\n/);
    expect(ksy).to.match(/- id: offload_kind\n {8}type: u2\n {6}-/);
    const names = Object.entries(IMAGE_KIND).map(([name, v]) => `    ${v}: ${name}`).join('\n');
    expect(ksy).to.contain(`enums:\n  image_kind:\n${names}\n  offload_entry_flags:\n    0: oif_none\n    1: oif_metadata\n`);
    const hexpat = ex['offload_binary.hexpat']!;
    expect(hexpat).to.contain('enum ImageKind : u16 {\n    none = 0,');
    expect(hexpat).to.contain('    ImageKind imageKind;\n    u16 offloadKind;\n    OffloadEntryFlags flags;\n');
    // Declared before the structures that use them.
    expect(hexpat.indexOf('enum ImageKind')).to.be.lessThan(hexpat.indexOf('struct OffloadEntry'));
  });
});
