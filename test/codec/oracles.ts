/**
 * Independent oracles for the OffloadBinary structures, written with the design's two libraries
 * (issue 2 §2): `binary-parser` 2.3.0 (decode only; compiles its parsers with `new Function`, so it is
 * for tests and benchmarks on Node, never for the core) and `restructure` 3 (encode; its BigUInt64
 * path is broken, so a custom u64 type is used). Both are described from the spec
 * (docs/spec/syclbin-format.md §1.5), not from formats/offload-binary.ts, so they are
 * independent of our descriptions.
 *
 * binary-parser 2.3.0's types do not resolve through its package `exports` for ESM projects
 * (TS7016), so the module is loaded with createRequire and typed from its CJS declaration file.
 * restructure ships no types: the small surface used here is declared below.
 */
import { createRequire } from 'node:module';
import type * as BinaryParserModule from 'binary-parser/dist/binary_parser.js';

const require = createRequire(import.meta.url);
export const { Parser } = require('binary-parser') as typeof BinaryParserModule;
export type BinaryParser = InstanceType<typeof Parser>;

// ---------------------------------------------------------------------------------------------
// binary-parser descriptions (spec §1.5)

/** Entry, 40 bytes (all versions). */
export const bpEntry = new Parser()
  .uint16le('imageKind')
  .uint16le('offloadKind')
  .uint32le('flags')
  .uint64le('stringOffset')
  .uint64le('numStrings')
  .uint64le('imageOffset')
  .uint64le('imageSize');

export const bpHeaderV1 = new Parser().array('magic', { type: 'uint8', length: 4 }).uint32le('version').uint64le('size').uint64le('entryOffset').uint64le('entrySize');
export const bpHeaderV2 = new Parser().array('magic', { type: 'uint8', length: 4 }).uint32le('version').uint64le('size').uint64le('entriesOffset').uint64le('entriesCount');
export const bpHeaderV3 = new Parser()
  .array('magic', { type: 'uint8', length: 4 })
  .uint32le('version')
  .uint64le('size')
  .uint64le('entriesOffset')
  .uint64le('entriesCount')
  .uint64le('inflatedSize');

export const bpStringEntryV1 = new Parser().uint64le('keyOffset').uint64le('valueOffset');
export const bpStringEntryV2 = new Parser().uint64le('keyOffset').uint64le('valueOffset').uint64le('valueSize');

const cstr = new Parser().string('s', { zeroTerminated: true, encoding: 'utf8' });

/**
 * A whole uncompressed binary (v1 or v2/v3), following the offsets with binary-parser pointers:
 * header → entries → string entries → key/value strings, and each image as a buffer. Offsets are
 * relative to the start of the buffer handed to `parse` (= the binary's start, as in LLVM).
 */
function wholeBinary(version: 1 | 2 | 3): BinaryParser {
  const stringEntryV1 = new Parser()
    .useContextVars()
    .uint64le('keyOffset')
    .uint64le('valueOffset')
    .pointer('key', { type: cstr, offset: function (this: { keyOffset: bigint }) { return Number(this.keyOffset); } })
    .pointer('value', { type: cstr, offset: function (this: { valueOffset: bigint }) { return Number(this.valueOffset); } });
  const stringEntryV2 = new Parser()
    .useContextVars()
    .uint64le('keyOffset')
    .uint64le('valueOffset')
    .uint64le('valueSize')
    .pointer('key', { type: cstr, offset: function (this: { keyOffset: bigint }) { return Number(this.keyOffset); } })
    .pointer('value', {
      type: new Parser().buffer('b', { length: function (this: { $parent: { valueSize: bigint } }) { return Number(this.$parent.valueSize); } }),
      offset: function (this: { valueOffset: bigint }) { return Number(this.valueOffset); },
    });
  const entry = new Parser()
    .useContextVars()
    .uint16le('imageKind')
    .uint16le('offloadKind')
    .uint32le('flags')
    .uint64le('stringOffset')
    .uint64le('numStrings')
    .uint64le('imageOffset')
    .uint64le('imageSize')
    .pointer('strings', {
      type: new Parser().array('list', {
        type: version === 1 ? stringEntryV1 : stringEntryV2,
        length: function (this: { $parent: { numStrings: bigint } }) { return Number(this.$parent.numStrings); },
      }),
      offset: function (this: { stringOffset: bigint }) { return Number(this.stringOffset); },
    })
    .pointer('image', {
      type: new Parser().buffer('b', { length: function (this: { $parent: { imageSize: bigint } }) { return Number(this.$parent.imageSize); } }),
      offset: function (this: { imageOffset: bigint }) { return Number(this.imageOffset); },
    });
  const p = new Parser().useContextVars().array('magic', { type: 'uint8', length: 4 }).uint32le('version').uint64le('size');
  if (version === 1) {
    return p
      .uint64le('entryOffset')
      .uint64le('entrySize')
      .pointer('entries', {
        type: new Parser().array('list', { type: entry, length: 1 }),
        offset: function (this: { entryOffset: bigint }) { return Number(this.entryOffset); },
      });
  }
  const q = p.uint64le('entriesOffset').uint64le('entriesCount');
  if (version === 3) q.uint64le('inflatedSize');
  return q.pointer('entries', {
    type: new Parser().array('list', { type: entry, length: function (this: { $parent: { entriesCount: bigint } }) { return Number(this.$parent.entriesCount); } }),
    offset: function (this: { entriesOffset: bigint }) { return Number(this.entriesOffset); },
  });
}

export const bpBinary = { 1: wholeBinary(1), 2: wholeBinary(2), 3: wholeBinary(3) } as const;

/** What the binary-parser oracle decodes, normalised: u64 as bigint, strings as [key, value]. */
export interface OracleEntry {
  imageKind: number;
  offloadKind: number;
  flags: number;
  stringOffset: bigint;
  numStrings: bigint;
  imageOffset: bigint;
  imageSize: bigint;
  strings: [string, string][];
  image: Uint8Array;
}
export interface OracleBinary {
  version: number;
  size: bigint;
  entriesOffset: bigint;
  entries: OracleEntry[];
}

interface BpString {
  s: string;
}
interface BpRawEntry {
  imageKind: number;
  offloadKind: number;
  flags: number;
  stringOffset: bigint;
  numStrings: bigint;
  imageOffset: bigint;
  imageSize: bigint;
  strings: { list: { key: BpString; value: BpString | { b: Uint8Array } }[] };
  image: { b: Uint8Array };
}
interface BpRawBinary {
  version: number;
  size: bigint;
  entryOffset?: bigint;
  entriesOffset?: bigint;
  entries: { list: BpRawEntry[] };
}

const utf8 = new TextDecoder();

/** Decode one uncompressed binary that starts at `bytes[0]` with the binary-parser oracle. */
export function oracleDecodeBinary(bytes: Uint8Array): OracleBinary {
  const version = bytes[4]! as 1 | 2 | 3;
  const raw = bpBinary[version].parse(bytes) as BpRawBinary;
  return {
    version: raw.version,
    size: raw.size,
    entriesOffset: raw.entryOffset ?? raw.entriesOffset!,
    entries: raw.entries.list.map((e) => ({
      imageKind: e.imageKind,
      offloadKind: e.offloadKind,
      flags: e.flags,
      stringOffset: e.stringOffset,
      numStrings: e.numStrings,
      imageOffset: e.imageOffset,
      imageSize: e.imageSize,
      strings: e.strings.list.map((se): [string, string] => [se.key.s, 's' in se.value ? se.value.s : utf8.decode(se.value.b)]),
      image: e.image.b,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// restructure (encode oracle)

/** The part of restructure's API used here (it ships no types). */
export interface RStream {
  pos: number;
  view: DataView;
  buffer: Uint8Array;
}
export interface RType<T> {
  size(value?: T, ctx?: unknown): number;
  decode(stream: RStream, parent?: unknown): T;
  encode(stream: RStream, value: T, parent?: unknown): void;
}
export interface RStructT<T> extends RType<T> {
  fromBuffer(b: Uint8Array): T;
  toBuffer(v: T): Uint8Array;
}
interface RestructureModule {
  Struct: new <T>(fields: Record<string, RType<unknown>>) => RStructT<T>;
  Array: new <T>(type: RType<T>, length: number | string) => RType<T[]>;
  Buffer: new (length: number | string | ((parent: unknown) => number)) => RType<Uint8Array>;
  Reserved: new (type: RType<number>, count: number | ((parent: unknown) => number)) => RType<undefined>;
  uint8: RType<number>;
  uint16le: RType<number>;
  uint32le: RType<number>;
}
export const r = require('restructure') as RestructureModule;

/**
 * u64 little-endian as bigint. restructure 3 has no working 64-bit integer: its `BigUInt64`-style
 * DataView accessors are generated with a byte size of `undefined`, so reading one leaves the stream
 * position at NaN (issue 2 §2). This type does what u64 should.
 */
export const rU64: RType<bigint> = {
  size: () => 8,
  decode(stream) {
    const v = stream.view.getBigUint64(stream.pos, true);
    stream.pos += 8;
    return v;
  },
  encode(stream, value) {
    stream.view.setBigUint64(stream.pos, BigInt(value), true);
    stream.pos += 8;
  },
};

export interface REntry {
  imageKind: number;
  offloadKind: number;
  flags: number;
  stringOffset: bigint;
  numStrings: bigint;
  imageOffset: bigint;
  imageSize: bigint;
}
export const rEntry = new r.Struct<REntry>({
  imageKind: r.uint16le,
  offloadKind: r.uint16le,
  flags: r.uint32le,
  stringOffset: rU64,
  numStrings: rU64,
  imageOffset: rU64,
  imageSize: rU64,
});
export interface RHeader {
  magic: Uint8Array;
  version: number;
  size: bigint;
  entriesOffset: bigint;
  /** v1: EntrySize; v2/v3: EntriesCount. */
  fourth: bigint;
  inflatedSize?: bigint;
}
export const rHeader32 = new r.Struct<RHeader>({ magic: new r.Buffer(4), version: r.uint32le, size: rU64, entriesOffset: rU64, fourth: rU64 });
export const rHeader40 = new r.Struct<RHeader>({ magic: new r.Buffer(4), version: r.uint32le, size: rU64, entriesOffset: rU64, fourth: rU64, inflatedSize: rU64 });
export const rStringEntryV1 = new r.Struct<{ keyOffset: bigint; valueOffset: bigint }>({ keyOffset: rU64, valueOffset: rU64 });
export const rStringEntryV2 = new r.Struct<{ keyOffset: bigint; valueOffset: bigint; valueSize: bigint }>({ keyOffset: rU64, valueOffset: rU64, valueSize: rU64 });
