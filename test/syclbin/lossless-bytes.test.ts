/**
 * What a read file holds beyond text and defaults survives the library's and the CLI's round trips
 * (review 2026-11-28b): string entries that are not UTF-8 (kept as lone surrogates U+DC80+byte, the
 * escape property-set names use), binary v2+ string values, the runtime envelope's kinds and flags
 * (runtime revisions stamp different offload kinds), the SYBI header's version and reserved bytes (LLVM's
 * writers leave them uninitialised); `diff` compares such strings byte for byte and `extract` names
 * bytes after the file instead of "layout freedom".
 */
import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EncodeError } from '../../src/codec/errors.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import type { SyclbinFile } from '../../src/syclbin/model.js';
import { memoryBlob, writeSyclbin } from '../../src/syclbin/write.js';
import { readOffloadBinaries } from '../../src/offload/read.js';
import { offloadEntryInput, writeOffloadBinary } from '../../src/offload/write.js';
import { diffFiles, formatDiff } from '../../src/hex/diff.js';
import { printable, quotedText } from '../../src/props/explain.js';
import { byteArray, uint32, type PropertyValue } from '../../src/props/model.js';
import { OffloadEntryV2, OffloadHeaderV2 } from '../../formats/offload-binary.js';
import { nodeCompressor } from '../../src/node/compressors.js';
import { cli, readBytes, SYCLBIN_TESTDATA, tempDir } from './support.js';

const enc = new TextEncoder();

/** `bytes` with the first occurrence of `find` changed at `at` (from its start) to `to`. */
function patched(bytes: Uint8Array, find: string, at: number, to: number): Uint8Array {
  const out = bytes.slice();
  const i = Buffer.from(out).indexOf(find);
  expect(i, find).to.be.greaterThan(-1);
  out[i + at] = to;
  return out;
}

/** extract FILE, pack its manifest; the packed bytes and extract's stderr. */
async function extractAndPack(bytes: Uint8Array): Promise<{ packed: Uint8Array; stderr: string; manifest: string }> {
  const t = tempDir('syclbin-lossless-');
  try {
    writeFileSync(join(t.dir, 'in.syclbin'), bytes);
    const x = await cli(['extract', 'in.syclbin', '-o', 'parts'], t.dir);
    expect(x.code, x.stderr).to.equal(0);
    const p = await cli(['pack', 'parts/manifest.json', '-o', 'out.syclbin'], t.dir);
    expect(p.code, p.stderr).to.equal(0);
    return { packed: new Uint8Array(readFileSync(join(t.dir, 'out.syclbin'))), stderr: x.stderr, manifest: readFileSync(join(t.dir, 'parts/manifest.json'), 'utf8') };
  } finally {
    t.cleanup();
  }
}

describe('lossless: bytes a file holds beyond UTF-8 text and writer defaults', () => {
  it('an envelope string that is not UTF-8: the library and extract → pack write it back byte for byte; inspect and diff show \\xNN', async () => {
    const original = readBytes(`${SYCLBIN_TESTDATA}v1_in_offload_v1.syclbin`);
    const bytes = patched(original, 'spir64-unknown-unknown\0', 3, 0xff);
    const file = readSyclbin(bytes);
    expect(file.envelope.kind === 'offload' && file.envelope.strings.get('triple')).to.equal('spi\udcff64-unknown-unknown');
    expect(Buffer.from(writeSyclbin(file)).equals(Buffer.from(bytes))).to.equal(true);
    const r = await extractAndPack(bytes);
    expect(Buffer.from(r.packed).equals(Buffer.from(bytes))).to.equal(true);
    expect(r.stderr).to.contain('byte for byte');
    expect(r.manifest).to.contain('"spi\\udcff64-unknown-unknown"');
    const d = formatDiff(diffFiles(bytes, original));
    expect(d).to.contain('~ envelope.strings["triple"]: "spi\\xff64-unknown-unknown" -> "spir64-unknown-unknown"');
    const t = tempDir('syclbin-lossless-');
    try {
      writeFileSync(join(t.dir, 'f'), bytes);
      expect((await cli(['inspect', 'f'], t.dir)).stdout).to.contain('triple: "spi\\xff64-unknown-unknown"');
    } finally {
      t.cleanup();
    }
  });

  it('OffloadBinaries whose strings differ only in bytes that are not UTF-8 differ to diff (both decode to U+FFFD)', () => {
    const one = writeOffloadBinary([{ imageKind: 1, offloadKind: 2, strings: [['triple', 'nvptx64-nvidia-cuda'], ['arch', enc.encode('sm_70')]], image: Uint8Array.of(1, 2, 3) }]);
    const ff = patched(one, 'sm_70', 3, 0xff);
    const fe = patched(one, 'sm_70', 3, 0xfe);
    const d = diffFiles(ff, fe);
    expect(formatDiff(d)).to.contain('~ binaries[0].entries[0].strings["arch"]: "sm_\\xff0" -> "sm_\\xfe0"');
  });

  it('the runtime envelope keeps the kinds and flags it was read with (runtime revisions stamp other offload kinds)', async () => {
    const base = readBytes(`${SYCLBIN_TESTDATA}v1_runtime_envelope.syclbin`);
    const header = OffloadHeaderV2.fixedSize!; // the runtime's envelope is version 2
    for (const [field, value] of [
      ['offloadKind', 4],
      ['imageKind', 5],
      ['flags', 1],
    ] as const) {
      const bytes = base.slice();
      bytes[header + OffloadEntryV2.offsets[field]] = value;
      const file = readSyclbin(bytes);
      expect(file.envelope.kind === 'offload' && file.envelope.runtimeStyle, field).to.equal(true);
      expect(Buffer.from(writeSyclbin(file)).equals(Buffer.from(bytes)), field).to.equal(true);
      const r = await extractAndPack(bytes);
      expect(Buffer.from(r.packed).equals(Buffer.from(bytes)), field).to.equal(true);
      expect(JSON.parse(r.manifest).envelope).to.deep.equal({ kind: 'runtime', [field]: value });
      // A new model, or another envelope chosen, gets the runtime's own numbers.
      expect(Buffer.from(writeSyclbin(file, { envelope: 'runtime' })).equals(Buffer.from(base)), field).to.equal(true);
    }
  });

  it("the SYBI header's version 0 and reserved bytes survive extract → pack (the manifest's header)", async () => {
    const bytes = readBytes(`${SYCLBIN_TESTDATA}v1_one_ir.syclbin`).slice();
    bytes.set([0, 0, 0, 0], 4); // version 0
    bytes.set([0xbe, 0xba, 0xfe, 0xca], 20); // reserved
    const file = readSyclbin(bytes);
    expect(file.headerVersion).to.equal(0);
    const r = await extractAndPack(bytes);
    expect(Buffer.from(r.packed).equals(Buffer.from(bytes))).to.equal(true);
    expect(JSON.parse(r.manifest).header).to.deep.equal({ version: 0, reserved: 'bebafeca' });
  });

  it('extract names bytes after a bare SYCLBIN or an uncompressed envelope (not "layout freedom")', async () => {
    for (const name of ['v1_one_ir', 'v1_in_offload_v1', 'v1_runtime_envelope', 'v2_roles']) {
      const base = readBytes(`${SYCLBIN_TESTDATA}${name}.syclbin`);
      const bytes = new Uint8Array(base.length + 8);
      bytes.set(base);
      bytes.fill(0x58, base.length);
      const r = await extractAndPack(bytes);
      expect(r.stderr, name).to.contain('the file has 8 byte(s) after what our writer writes');
      expect(r.stderr, name).to.not.contain('layout freedom');
      expect(Buffer.from(r.packed).equals(Buffer.from(base)), name).to.equal(true);
    }
  });

  it("the SYCLBIN v2 writer writes an entry's triple and arch as the metadata's bytes (not their U+FFFD decoding)", () => {
    const file: SyclbinFile = {
      version: 2,
      envelope: { kind: 'none' },
      globalMetadata: new Map([['SYCLBIN/global metadata', new Map([['state', uint32(0)]])]]),
      abstractModules: [
        {
          metadata: new Map(),
          irModules: [{ metadata: new Map([['SYCLBIN/ir module metadata', new Map<string, PropertyValue>([['type', uint32(0)], ['target', byteArray(Uint8Array.of(0x41, 0xff))]])]]), image: memoryBlob(Uint8Array.of(1)) }],
          nativeImages: [{ metadata: new Map([['SYCLBIN/native device code image metadata', new Map<string, PropertyValue>([['arch', byteArray(Uint8Array.of(0x62, 0xfe))], ['target', byteArray(enc.encode('t'))]])]]), image: memoryBlob(Uint8Array.of(2)) }],
        },
      ],
    };
    const out = Buffer.from(writeSyclbin(file, { format: 2 }));
    expect(out.indexOf(Buffer.from([0x41, 0xff, 0]))).to.be.greaterThan(-1);
    expect(out.indexOf(Buffer.from([0x62, 0xfe, 0]))).to.be.greaterThan(-1);
    expect(out.indexOf(Buffer.from([0xef, 0xbf, 0xbd]))).to.equal(-1);
    const back = readSyclbin(out);
    expect(back.envelope.kind === 'roles' && back.envelope.entries!.find((e) => e.key === 'am0.ir0')!.strings.get('triple')).to.equal('A\udcff');
    // Written again from the model read: the same bytes.
    expect(Buffer.from(writeSyclbin(back)).equals(out)).to.equal(true);
  });

  it('offloadEntryInput: binary v3 values, keys that are not UTF-8 and repeated keys write back the bytes LLVM wrote', () => {
    const symbols = Uint8Array.of(1, 0, 0, 0, 0xff, 0xfe, 0, 0x80, 0xc3, 0x28, 0, 0);
    const bytes = writeOffloadBinary(
      [
        { imageKind: 6, offloadKind: 8, strings: [['triple', 'spirv64-unknown-unknown'], ['arch', ''], ['symbols', symbols], [Uint8Array.of(0x6b, 0xff), 'v']], image: Uint8Array.of(3, 2, 0x23, 7) },
        { imageKind: 6, offloadKind: 8, strings: { triple: 'spirv64' }, image: Uint8Array.of(9) },
      ],
      { version: 3 },
    );
    expect(Buffer.from(bytes).indexOf(Buffer.from(symbols))).to.be.greaterThan(-1);
    const [bin] = readOffloadBinaries(bytes);
    const again = writeOffloadBinary(bin!.entries.map(offloadEntryInput), { version: 3 });
    expect(Buffer.from(again).equals(Buffer.from(bytes))).to.equal(true);
    const zlib = writeOffloadBinary(bin!.entries.map(offloadEntryInput), { version: 3, compression: 'zlib', compressor: nodeCompressor });
    const [inflated] = readOffloadBinaries(zlib);
    expect(Buffer.from(writeOffloadBinary(inflated!.entries.map(offloadEntryInput), { version: 3 })).equals(Buffer.from(bytes))).to.equal(true);
  });

  it('the OffloadBinary writer: a lone surrogate U+DC80..U+DCFF is the byte it escapes, any other is refused at its path', () => {
    const b = writeOffloadBinary([{ imageKind: 1, offloadKind: 1, strings: [['arch', 'sm_\udcff0']], image: Uint8Array.of(1) }]);
    expect(Buffer.from(b).indexOf(Buffer.from([0x73, 0x6d, 0x5f, 0xff, 0x30, 0]))).to.be.greaterThan(-1);
    expect(() => writeOffloadBinary([{ imageKind: 1, offloadKind: 1, strings: [['arch', 'x\ud800']], image: Uint8Array.of(1) }])).to.throw(EncodeError, "the value of string key 'arch' has a lone surrogate that escapes no byte");
    expect(() => writeOffloadBinary([{ imageKind: 1, offloadKind: 1, strings: [['arch', 5 as never]], image: Uint8Array.of(1) }])).to.throw(EncodeError, 'must be a string or bytes (a Uint8Array)');
    expect(() => writeOffloadBinary([{ imageKind: 1, offloadKind: 1, strings: [[Uint8Array.of(0x61, 0), 'v']], image: Uint8Array.of(1) }])).to.throw(EncodeError, 'string keys cannot contain NUL');
  });

  it('one key in two spellings (its UTF-8 text, the escapes of those bytes) is one key: the later value, written once (review 2026-11-28c finding 5)', () => {
    const b = writeOffloadBinary([{ imageKind: 1, offloadKind: 1, strings: [['\u00e9', '1'], ['\udcc3\udca9', '2'], ['k', Uint8Array.of(0x76)], ['k', 'w']], image: Uint8Array.of(1) }]);
    const [bin] = readOffloadBinaries(b);
    expect(bin!.entries[0]!.stringEntries.map((e) => [e.key, e.value])).to.deep.equal([
      ['\u00e9', '2'],
      ['k', 'w'],
    ]);
  });

  it('pack: an envelope string with a lone surrogate that is no byte is an error at its manifest path, the code unit shown (finding 6)', async () => {
    const t = tempDir('syclbin-lossless-');
    try {
      writeFileSync(join(t.dir, 'in.syclbin'), readBytes(`${SYCLBIN_TESTDATA}v1_in_offload_v1.syclbin`));
      expect((await cli(['extract', 'in.syclbin', '-o', 'parts'], t.dir)).code).to.equal(0);
      const m = JSON.parse(readFileSync(join(t.dir, 'parts/manifest.json'), 'utf8'));
      m.envelope.strings[0].key = 'k\ud800';
      writeFileSync(join(t.dir, 'parts/manifest.json'), JSON.stringify(m));
      const r = await cli(['pack', 'parts/manifest.json', '-o', 'out.syclbin'], t.dir);
      expect(r.code).to.equal(1);
      expect(r.stderr).to.contain('a lone surrogate \\ud800 at character 1: not text, and not a byte');
      expect(r.stderr).to.contain('envelope.strings[0].key');
    } finally {
      t.cleanup();
    }
  });

  it("extract names a v2 entry string that differs from the metadata in bytes that are not UTF-8 (not 'layout freedom'; finding 4)", async () => {
    const file: SyclbinFile = {
      version: 2,
      envelope: { kind: 'none' },
      globalMetadata: new Map([['SYCLBIN/global metadata', new Map([['state', uint32(0)]])]]),
      abstractModules: [{ metadata: new Map(), irModules: [{ metadata: new Map([['SYCLBIN/ir module metadata', new Map<string, PropertyValue>([['type', uint32(0)], ['target', byteArray(Uint8Array.of(0x73, 0x70, 0xff))]])]]), image: memoryBlob(Uint8Array.of(1)) }], nativeImages: [] }],
    };
    const bytes = writeSyclbin(file, { format: 2 }).slice();
    const at = Buffer.from(bytes).indexOf(Buffer.from([0x73, 0x70, 0xff, 0]));
    bytes[at + 2] = 0xfe;
    const r = await extractAndPack(bytes);
    expect(r.stderr).to.contain('string entries not written again: triple="sp\\xfe"');
    expect(r.stderr).to.not.contain('layout freedom');
  });

  it('printable and quotedText show an escaped byte as \\xNN and keep a character of two code units whole (review 2026-11-28d F5)', () => {
    expect(printable('k\u{1F4A9}\udcff')).to.equal('k\u{1F4A9}\\xff');
    expect(quotedText('k\u{1F4A9}\udcff')).to.equal('"k\u{1F4A9}\\xff"');
  });
});
