/**
 * Codec field decoding, in-process (the library from dist/), against a hand-written DataView decoder
 * (the baseline) and the two libraries the design named, `binary-parser` 2.3 and `restructure` 3
 * (described independently from the spec in test/codec/oracles.ts):
 *  1. a whole 10,000-entry version-2 OffloadBinary into entries + string maps + image views (our
 *     reader `readOffloadBinaries` vs the same work by hand with the same checks, binary-parser
 *     following offsets with pointers, restructure positioning its stream);
 *  2. 100,000 × the 40-byte Entry struct alone (`decodeRecords(OffloadEntry, …)` over the formats/
 *     description).
 * All four decoders are checked to give the same result before timing.
 */
import { writeOffloadBinary, type OffloadEntryInput } from '../../src/offload/write.js';
import { bpEntry, oracleDecodeBinary, Parser, r, rEntry, rStringEntryV2, rU64, type RStream, type RType } from '../../test/codec/oracles.js';
import { bytes, count, load, type BenchContext, type Workload } from '../context.js';

interface Decoded {
  count: number;
  keys: number;
  imageBytes: number;
}

const utf8 = new TextDecoder();

/** The baseline: a hand-written DataView walk with the checks our reader makes. */
function dataView(bytes: Uint8Array): Decoded {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u64 = (at: number): number => {
    if (at + 8 > bytes.length) throw new Error('eof');
    const v = dv.getBigUint64(at, true);
    if (v > 9007199254740991n) throw new Error('range');
    return Number(v);
  };
  if (bytes[0] !== 0x10 || bytes[1] !== 0xff || bytes[2] !== 0x10 || bytes[3] !== 0xad) throw new Error('magic');
  const size = u64(8);
  if (size > bytes.length) throw new Error('size');
  const entriesOffset = u64(16);
  const n = u64(24);
  if (entriesOffset + 40 * n > size) throw new Error('entries');
  let keys = 0;
  let imageBytes = 0;
  const out: { imageKind: number; offloadKind: number; flags: number; strings: Map<string, string>; image: Uint8Array }[] = [];
  for (let i = 0; i < n; i++) {
    const at = entriesOffset + 40 * i;
    const imageKind = dv.getUint16(at, true);
    const offloadKind = dv.getUint16(at + 2, true);
    const flags = dv.getUint32(at + 4, true);
    const stringOffset = u64(at + 8);
    const numStrings = u64(at + 16);
    const imageOffset = u64(at + 24);
    const imageSize = u64(at + 32);
    if (stringOffset + 24 * numStrings > size || imageOffset + imageSize > size) throw new Error('range');
    const strings = new Map<string, string>();
    for (let j = 0; j < numStrings; j++) {
      const se = stringOffset + 24 * j;
      const k = u64(se);
      const v = u64(se + 8);
      const vs = u64(se + 16);
      let end = k;
      while (end < size && bytes[end] !== 0) end++;
      if (end >= size || v + vs > size) throw new Error('string');
      strings.set(utf8.decode(bytes.subarray(k, end)), utf8.decode(bytes.subarray(v, v + vs)));
    }
    keys += strings.size;
    const image = bytes.subarray(imageOffset, imageOffset + imageSize);
    imageBytes += image.length;
    out.push({ imageKind, offloadKind, flags, strings, image });
  }
  return { count: out.length, keys, imageBytes };
}

function binaryParser(bytes: Uint8Array): Decoded {
  const b = oracleDecodeBinary(bytes);
  let keys = 0;
  let imageBytes = 0;
  for (const e of b.entries) {
    keys += new Map(e.strings).size;
    imageBytes += e.image.length;
  }
  return { count: b.entries.length, keys, imageBytes };
}

interface RDecodeStream extends RStream {
  readString(length: number, encoding: string): string;
}
const RDecodeStreamCtor = (r as unknown as { DecodeStream: new (b: Uint8Array) => RDecodeStream }).DecodeStream;
const rHeaderV2 = new r.Struct<{ magic: Uint8Array; version: number; size: bigint; entriesOffset: bigint; entriesCount: bigint }>({
  magic: new r.Buffer(4),
  version: r.uint32le,
  size: rU64,
  entriesOffset: rU64,
  entriesCount: rU64,
});
const rCString = new (r as unknown as { String: new (length: null, enc: string) => RType<string> }).String(null, 'utf8');

function restructure(bytes: Uint8Array): Decoded {
  const s = new RDecodeStreamCtor(bytes);
  const h = rHeaderV2.decode(s);
  s.pos = Number(h.entriesOffset);
  const list = new r.Array(rEntry, Number(h.entriesCount)).decode(s);
  let keys = 0;
  let imageBytes = 0;
  for (const e of list) {
    s.pos = Number(e.stringOffset);
    const ses = new r.Array(rStringEntryV2, Number(e.numStrings)).decode(s);
    const strings = new Map<string, string>();
    for (const se of ses) {
      s.pos = Number(se.keyOffset);
      const k = rCString.decode(s);
      s.pos = Number(se.valueOffset);
      strings.set(k, s.readString(Number(se.valueSize), 'utf8'));
    }
    keys += strings.size;
    imageBytes += bytes.subarray(Number(e.imageOffset), Number(e.imageOffset + e.imageSize)).length;
  }
  return { count: list.length, keys, imageBytes };
}

/** `n` 40-byte Entry structs with varied fields. */
function entryRecords(n: number): Uint8Array {
  const b = new Uint8Array(40 * n);
  const dv = new DataView(b.buffer);
  for (let i = 0; i < n; i++) {
    const at = 40 * i;
    dv.setUint16(at, i % 7, true);
    dv.setUint16(at + 2, i % 9, true);
    dv.setUint32(at + 4, i, true);
    for (let k = 0; k < 4; k++) dv.setBigUint64(at + 8 + 8 * k, BigInt(i * 8 + k), true);
  }
  return b;
}

function entriesDataView(b: Uint8Array): number {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const n = b.length / 40;
  const out: { imageKind: number; offloadKind: number; flags: number; stringOffset: number; numStrings: number; imageOffset: number; imageSize: number }[] = [];
  const u64 = (at: number): number => {
    const v = dv.getBigUint64(at, true);
    if (v > 9007199254740991n) throw new Error('range');
    return Number(v);
  };
  for (let i = 0; i < n; i++) {
    const at = 40 * i;
    out.push({
      imageKind: dv.getUint16(at, true),
      offloadKind: dv.getUint16(at + 2, true),
      flags: dv.getUint32(at + 4, true),
      stringOffset: u64(at + 8),
      numStrings: u64(at + 16),
      imageOffset: u64(at + 24),
      imageSize: u64(at + 32),
    });
  }
  return out.length;
}

/** The codec workload. */
export const codec: Workload = {
  name: 'codec',
  summary: 'codec field decoding vs DataView, binary-parser and restructure (in-process)',
  async run(ctx: BenchContext) {
    const { readOffloadBinaries } = await load<typeof import('../../src/offload/read.js')>('src/offload/read');
    const { decodeRecords } = await load<typeof import('../../src/codec/index.js')>('src/codec/index');
    const { OffloadEntry } = await load<typeof import('../../formats/offload-binary.js')>('formats/offload-binary');
    const n = ctx.quick ? 1_000 : 10_000;
    const archs = ['sm_70', 'sm_80', 'sm_90', 'gfx90a', 'gfx1030', 'pvc'];
    const triples = ['nvptx64-nvidia-cuda', 'amdgcn-amd-amdhsa', 'spir64-unknown-unknown'];
    const entries: OffloadEntryInput[] = Array.from({ length: n }, (_, i) => ({
      imageKind: 1 + (i % 5),
      offloadKind: [1, 2, 4, 8][i % 4]!,
      strings: [
        ['triple', triples[i % 3]!],
        ['arch', archs[i % 6]!],
        ['producer', `bench-${i}`],
      ],
      image: Uint8Array.from({ length: 16 + (i % 13) }, (_, j) => (i + j) & 0xff),
    }));
    const v2 = writeOffloadBinary(entries, { version: 2 });
    const ours = (b: Uint8Array): Decoded => {
      const bins = readOffloadBinaries(b);
      let keys = 0;
      let imageBytes = 0;
      let c = 0;
      for (const bin of bins) for (const e of bin.entries) (keys += e.strings.size), (imageBytes += e.image.length), c++;
      return { count: c, keys, imageBytes };
    };
    const expected = JSON.stringify(ours(v2));
    for (const [name, f] of [
      ['DataView', dataView],
      ['binary-parser', binaryParser],
      ['restructure', restructure],
    ] as const) {
      const got = JSON.stringify(f(v2));
      if (got !== expected) throw new Error(`codec: ${name} decoded ${got}, ours ${expected}`);
    }
    ctx.measure({
      id: 'codec-offload',
      title: `decode a ${count(n)}-entry version-2 OffloadBinary (${bytes(v2.length)}) into entries, string maps, image views`,
      baseline: 'hand-written DataView',
      contenders: [
        { name: 'hand-written DataView', fn: () => dataView(v2) },
        { name: 'syclbin-toolkit readOffloadBinaries', fn: () => ours(v2) },
        { name: 'binary-parser 2.3', fn: () => binaryParser(v2) },
        { name: 'restructure 3', fn: () => restructure(v2) },
      ],
    });

    const m = ctx.quick ? 10_000 : 100_000;
    const recs = entryRecords(m);
    const bp = new Parser().array('list', { type: bpEntry, length: m });
    const rs = new r.Array(rEntry, m);
    const last = decodeRecords(OffloadEntry, recs)[m - 1]!;
    if (last.imageSize !== (m - 1) * 8 + 3) throw new Error('codec: Entry decode mismatch');
    if ((bp.parse(recs) as { list: unknown[] }).list.length !== m || rs.decode(new RDecodeStreamCtor(recs)).length !== m) throw new Error('codec: oracle Entry count');
    ctx.measure({
      id: 'codec-entry',
      title: `decode ${count(m)} × the 40-byte OffloadBinary Entry struct`,
      baseline: 'hand-written DataView',
      contenders: [
        { name: 'hand-written DataView', fn: () => entriesDataView(recs) },
        { name: 'syclbin-toolkit decodeRecords', fn: () => decodeRecords(OffloadEntry, recs).length },
        { name: 'binary-parser 2.3', fn: () => (bp.parse(recs) as { list: unknown[] }).list.length },
        { name: 'restructure 3', fn: () => rs.decode(new RDecodeStreamCtor(recs)).length },
      ],
    });
  },
};
