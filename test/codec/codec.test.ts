/**
 * Unit tests of the declarative codec layer (src/codec): every node kind, derived fields, spans,
 * error locations, u64 narrowing, and "bad input never escapes as RangeError/TypeError".
 */
import { expect } from 'chai';
import fc from 'fast-check';
import {
  array,
  bytes,
  countOf,
  cstring,
  decode,
  decodeRecords,
  decodeWithSize,
  DecodeError,
  derived,
  encode,
  EncodeError,
  enumeration,
  magic,
  reserved,
  sizedBytes,
  sizeOf,
  SpanTree,
  descendants,
  descendantList,
  forEachDescendant,
  pathOf,
  formatPath,
  type SpanNode,
  struct,
  u16,
  u32,
  u64,
  u64n,
  u8,
  variant,
  type Decoded,
} from '../../src/codec/index.js';
import { OffloadEntry, OffloadHeaderV1, OffloadHeaderV2, OffloadHeaderV3, OffloadStringEntryV1, OffloadStringEntryV2 } from '../../formats/offload-binary.js';

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');
const fromHex = (s: string): Uint8Array => Uint8Array.from(s.split(/\s+/).filter(Boolean), (x) => parseInt(x, 16));

function decodeError(f: () => unknown): DecodeError {
  try {
    f();
  } catch (e) {
    if (e instanceof DecodeError) return e;
    throw new Error(`expected DecodeError, got ${(e as Error).constructor.name}: ${(e as Error).message}`);
  }
  throw new Error('expected DecodeError, decoding succeeded');
}
function encodeError(f: () => unknown): EncodeError {
  try {
    f();
  } catch (e) {
    if (e instanceof EncodeError) return e;
    throw new Error(`expected EncodeError, got ${(e as Error).constructor.name}: ${(e as Error).message}`);
  }
  throw new Error('expected EncodeError, encoding succeeded');
}

// A description exercising every node kind together: a header with a magic, a version tag, a count
// derived from an array, a size derived from a blob, reserved bytes, a versioned body.
const Item = struct({ id: u16, flags: u8, pad: reserved(1), value: u32 }, 'Item');
const BodyV1 = struct({ name: cstring }, 'BodyV1');
const BodyV2 = struct({ name: cstring, big: u64 }, 'BodyV2');
const Doc = struct(
  {
    magic: magic([0xca, 0xfe], 'doc magic'),
    version: u8,
    count: countOf(u8, 'items'),
    blobSize: derived(u32, (scope) => (scope.blob as Uint8Array).length, 'size of blob'),
    offset: u64n,
    items: array(Item, 'count'),
    blob: sizedBytes('blobSize'),
    tail: bytes(2),
    body: variant('version', { 1: BodyV1, 2: BodyV2 }),
  },
  'Doc',
);
type DocValue = Decoded<typeof Doc>;

const docInput = {
  version: 2,
  offset: 0x1_0000_0001,
  items: [
    { id: 0x0102, flags: 3, value: 0xdeadbeef },
    { id: 7, flags: 0, pad: Uint8Array.of(0x55), value: 1 },
  ],
  blob: Uint8Array.of(9, 8, 7),
  tail: Uint8Array.of(0xaa, 0xbb),
  body: { name: 'kernel✓', big: 0xfedcba9876543210n },
};
const docBytes = fromHex(`
  ca fe 02 02 03 00 00 00 01 00 00 00 01 00 00 00
  02 01 03 00 ef be ad de
  07 00 00 55 01 00 00 00
  09 08 07 aa bb
  6b 65 72 6e 65 6c e2 9c 93 00
  10 32 54 76 98 ba dc fe`);

describe('codec: node kinds', () => {
  it('integers decode little-endian and encode with range checks', () => {
    expect(decode(u8, Uint8Array.of(0xff))).to.equal(255);
    expect(decode(u16, Uint8Array.of(0x34, 0x12))).to.equal(0x1234);
    expect(decode(u32, Uint8Array.of(0x78, 0x56, 0x34, 0x12))).to.equal(0x12345678);
    expect(decode(u64, fromHex('ff ff ff ff ff ff ff ff'))).to.equal((1n << 64n) - 1n);
    expect(decode(u32, Uint8Array.of(0, 1, 2, 3, 4), 1)).to.equal(0x04030201);
    expect(hex(encode(u16, 0xabcd))).to.equal('cd ab');
    expect(hex(encode(u64, 0x0102030405060708n))).to.equal('08 07 06 05 04 03 02 01');
    expect(encodeError(() => encode(u8, 256)).message).to.match(/u8 value 256 is out of range/);
    expect(encodeError(() => encode(u16, -1)).message).to.match(/out of range/);
    expect(encodeError(() => encode(u32, 1.5)).message).to.match(/out of range/);
    expect(encodeError(() => encode(u64, 1n << 64n)).message).to.match(/out of range/);
    expect(encodeError(() => encode(u64, -1n)).message).to.match(/out of range/);
  });

  it('a value of the wrong JavaScript type says so (review apirev: a bigint 1n was "u16 value 1 is out of range 0..65535")', () => {
    expect(encodeError(() => encode(u16, 1n as never)).message).to.equal('u16 value 1n (a bigint, not a number) is out of range 0..65535');
    expect(encodeError(() => encode(u32, '7' as never)).message).to.equal("u32 value '7' (a string, not a number) is out of range 0..4294967295");
    expect(encodeError(() => encode(u8, undefined as never)).message).to.equal('u8 value undefined (undefined, not a number) is out of range 0..255');
    expect(encodeError(() => encode(u64, 5 as never)).message).to.equal('u64 value 5 (a number, not a bigint) is out of range');
    expect(encodeError(() => encode(u64n, 5n as never)).message).to.equal('u64 value 5n (a bigint, not a number) is not a non-negative safe integer');
    // (values of the right type keep their messages)
    expect(encodeError(() => encode(u64n, 2 ** 53)).message).to.equal('u64 value 9007199254740992 is not a non-negative safe integer');
    expect(encodeError(() => encode(u16, -1)).message).to.equal('u16 value -1 is out of range 0..65535');
  });

  it('u64n narrows to a safe number and rejects values above 2^53-1 with their location', () => {
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    const le = (v: bigint): Uint8Array => {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setBigUint64(0, v, true);
      return b;
    };
    expect(decode(u64n, le(max))).to.equal(Number.MAX_SAFE_INTEGER);
    expect(decode(u64n, le(0n))).to.equal(0);
    for (const bad of [max + 1n, 1n << 63n, (1n << 64n) - 1n]) {
      const e = decodeError(() => decode(u64n, le(bad)));
      expect(e.code).to.equal('RANGE');
      expect(e.offset).to.equal(0);
      expect(e.message).to.include(`0x${bad.toString(16)}`);
    }
    // Inside a struct the error names the field.
    const S = struct({ a: u32, size: u64n });
    const buf = new Uint8Array(12);
    buf.set(le(max + 1n), 4);
    const e = decodeError(() => decode(S, buf));
    expect(e.path).to.equal('size');
    expect(e.offset).to.equal(4);
    expect(encodeError(() => encode(u64n, 2 ** 53)).message).to.match(/not a non-negative safe integer/);
    expect(encodeError(() => encode(u64n, -1)).message).to.match(/not a non-negative safe integer/);
  });

  it('magic constants are checked and are not part of the encode input', () => {
    const M = struct({ m: magic([1, 2, 3]), v: u8 });
    expect(decode(M, Uint8Array.of(1, 2, 3, 9)).v).to.equal(9);
    const e = decodeError(() => decode(M, Uint8Array.of(1, 2, 4, 9)));
    expect(e.code).to.equal('MAGIC');
    expect(e.message).to.match(/expected 01 02 03, found 01 02 04/);
    expect(e.path).to.equal('m');
    expect(hex(encode(M, { v: 5 }))).to.equal('01 02 03 05');
  });

  it('bytes and sizedBytes decode as zero-copy views', () => {
    const buf = Uint8Array.of(2, 0xaa, 0xbb, 0xcc);
    const v = decode(bytes(2), buf, 1);
    expect(v.buffer).to.equal(buf.buffer);
    expect(v.byteOffset).to.equal(1);
    expect(hex(v)).to.equal('aa bb');
    const S = struct({ n: u8, data: sizedBytes('n') });
    const s = decode(S, buf);
    expect(s.data.buffer).to.equal(buf.buffer);
    expect(hex(s.data)).to.equal('aa bb');
    expect(encodeError(() => encode(bytes(3), Uint8Array.of(1))).message).to.match(/expected 3 bytes, got 1/);
  });

  it('reserved bytes keep their content for lossless round trips and default to zeros', () => {
    const S = struct({ a: u8, r: reserved(3) });
    const d = decode(S, Uint8Array.of(1, 7, 0, 9));
    expect(hex(d.r)).to.equal('07 00 09');
    expect(hex(encode(S, d))).to.equal('01 07 00 09');
    expect(hex(encode(S, { a: 1 }))).to.equal('01 00 00 00');
    expect(encodeError(() => encode(S, { a: 1, r: Uint8Array.of(1) })).message).to.match(/reserved field needs 3 bytes/);
  });

  it('cstring reads UTF-8 up to NUL, refuses NUL inside on encode and an unterminated string on decode', () => {
    expect(decodeWithSize(cstring, Uint8Array.of(0x68, 0xc3, 0xa9, 0, 0x41))).to.deep.equal({ value: 'hé', size: 4 });
    expect(hex(encode(cstring, 'hé'))).to.equal('68 c3 a9 00');
    expect(sizeOf(cstring, 'hé')).to.equal(4);
    const e = decodeError(() => decode(cstring, Uint8Array.of(0x41, 0x42)));
    expect(e.code).to.equal('EOF');
    expect(e.message).to.match(/not NUL-terminated/);
    expect(encodeError(() => encode(cstring, 'a\0b')).message).to.match(/cannot contain NUL/);
  });

  it('structs: field order, fixed size and field offsets', () => {
    expect(sizeOf(OffloadEntry)).to.equal(40);
    expect(OffloadEntry.offsets).to.deep.equal({ imageKind: 0, offloadKind: 2, flags: 4, stringOffset: 8, numStrings: 16, imageOffset: 24, imageSize: 32 });
    expect(sizeOf(OffloadHeaderV1)).to.equal(32);
    expect(sizeOf(OffloadHeaderV2)).to.equal(32);
    expect(sizeOf(OffloadHeaderV3)).to.equal(40);
    expect(OffloadHeaderV3.offsets.inflatedSize).to.equal(32);
    expect(sizeOf(OffloadStringEntryV1)).to.equal(16);
    expect(sizeOf(OffloadStringEntryV2)).to.equal(24);
    expect(sizeOf(Item)).to.equal(8);
    expect(Doc.fixedSize).to.equal(undefined);
  });

  it('arrays with a count reference or a constant count', () => {
    const A = array(u16, 3);
    expect(A.fixedSize).to.equal(6);
    expect(decode(A, Uint8Array.of(1, 0, 2, 0, 3, 0))).to.deep.equal([1, 2, 3]);
    expect(encodeError(() => encode(A, [1, 2])).message).to.match(/expected 3 elements, got 2/);
    const S = struct({ n: u8, xs: array(u8, 'n') });
    expect(decode(S, Uint8Array.of(2, 5, 6, 7)).xs).to.deep.equal([5, 6]);
  });

  it('decodes the full example description', () => {
    const { value, size } = decodeWithSize(Doc, docBytes);
    expect(size).to.equal(docBytes.length);
    const v: DocValue = value;
    expect(v.version).to.equal(2);
    expect(v.count).to.equal(2);
    expect(v.blobSize).to.equal(3);
    expect(v.offset).to.equal(0x1_0000_0001);
    expect(v.items.map((i) => [i.id, i.flags, hex(i.pad), i.value])).to.deep.equal([
      [0x0102, 3, '00', 0xdeadbeef],
      [7, 0, '55', 1],
    ]);
    expect(hex(v.blob)).to.equal('09 08 07');
    expect(hex(v.tail)).to.equal('aa bb');
    expect(v.body).to.deep.equal({ name: 'kernel✓', big: 0xfedcba9876543210n });
  });

  it('derived fields are computed on encode, never taken from the caller', () => {
    expect(hex(encode(Doc, docInput))).to.equal(hex(docBytes));
    // A caller-supplied (wrong) count/size is ignored: the value is measured.
    const withLies = { ...docInput, count: 99, blobSize: 1 } as typeof docInput;
    expect(hex(encode(Doc, withLies))).to.equal(hex(docBytes));
    // Decoding keeps what the file says (a derived value is a claim the reader checks).
    const d = decode(Doc, docBytes);
    expect(hex(encode(Doc, d))).to.equal(hex(docBytes));
  });

  it('variants choose the case by tag, and reject unknown tags on decode and encode', () => {
    const v1 = encode(Doc, { ...docInput, version: 1, body: { name: 'x' } });
    expect(decode(Doc, v1).body).to.deep.equal({ name: 'x' });
    const bad = docBytes.slice();
    bad[2] = 9;
    const e = decodeError(() => decode(Doc, bad));
    expect(e.code).to.equal('VERSION');
    expect(e.message).to.match(/unsupported version 9 \(known: 1, 2\)/);
    expect(e.path).to.equal('body');
    expect(encodeError(() => encode(Doc, { ...docInput, version: 3 })).message).to.match(/unsupported version 3/);
  });

  it('decodeRecords reads whole records and locates a trailing partial record', () => {
    const recs = decodeRecords(Item, fromHex('01 00 02 00 03 00 00 00 04 00 05 00 06 00 00 00'));
    expect(recs.map((r) => r.id)).to.deep.equal([1, 4]);
    const e = decodeError(() => decodeRecords(Item, new Uint8Array(12), { base: 100 }));
    expect(e.code).to.equal('FORMAT');
    expect(e.offset).to.equal(108);
    expect(e.path).to.equal('[1]');
  });
});

/** Decode while recording a span tree; every node with its path as text. */
function spans(node: Parameters<typeof decode>[0], bytes: Uint8Array, offset = 0, opts: { base?: number; path?: (string | number)[] } = {}): { tree: SpanTree; spans: (SpanNode & { path: string })[] } {
  const tree = new SpanTree();
  const parent = opts.path ? tree.at(opts.path.slice(0, -1)) : undefined;
  decode(node, bytes, offset, { base: opts.base, tree, parent, key: opts.path ? opts.path[opts.path.length - 1] : 'doc' });
  return { tree, spans: [...descendants(tree.root)].map((n) => Object.assign(n, { path: formatPath(pathOf(n)) })) };
}

describe('codec: spans', () => {
  it('descendantList is descendants as an array: the same nodes in the same order', () => {
    const { tree } = spans(Doc, docBytes, 0, { base: 0x1000 });
    expect(descendantList(tree.root)).to.deep.equal([...descendants(tree.root)]);
    const visited: unknown[] = [];
    forEachDescendant(tree.root, (n) => void visited.push(n));
    expect(visited).to.deep.equal([...descendants(tree.root)]);
    expect(descendantList(tree.root).length).to.be.greaterThan(5);
    expect(descendantList(new SpanTree().root)).to.deep.equal([]);
  });

  it('records offset, size, path and kind of every leaf and group', () => {
    const { spans: raw } = spans(Doc, docBytes, 0, { base: 0x1000 });
    const sp = raw.map((s) => ({ ...s, path: s.path.replace(/^doc\.?/, '') }));
    const by = new Map(sp.map((s) => [s.path, s]));
    expect(by.get('')).to.include({ offset: 0x1000, size: docBytes.length, kind: 'group' });
    expect(by.get('magic')).to.include({ offset: 0x1000, size: 2, kind: 'magic', value: 'ca fe' });
    expect(by.get('version')).to.include({ offset: 0x1002, size: 1, kind: 'field', value: 2 });
    expect(by.get('blobSize')).to.include({ offset: 0x1004, size: 4, value: 3 });
    expect(by.get('offset')).to.include({ offset: 0x1008, size: 8, value: 0x1_0000_0001 });
    expect(by.get('items')).to.include({ offset: 0x1010, size: 16, kind: 'group' });
    expect(by.get('items[1]')).to.include({ offset: 0x1018, size: 8, kind: 'group' });
    expect(by.get('items[1].value')).to.include({ offset: 0x101c, size: 4, value: 1 });
    expect(by.get('items[0].pad')).to.include({ offset: 0x1013, size: 1, kind: 'padding' });
    expect(by.get('items[1].pad')).to.include({ offset: 0x101b, size: 1, kind: 'padding-nonzero' });
    expect(by.get('blob')).to.include({ offset: 0x1020, size: 3, kind: 'bytes' });
    expect(by.get('body.name')).to.include({ offset: 0x1025, size: 10, kind: 'string', value: 'kernel✓' });
    expect(by.get('body.big')).to.include({ offset: 0x102f, size: 8, value: 0xfedcba9876543210n });
  });

  it('the leaves tile the decoded bytes exactly (no gap, no overlap)', () => {
    const { spans: sp } = spans(Doc, docBytes);
    const leaves = sp.filter((s: SpanNode) => s.kind !== 'group').sort((a: SpanNode, b: SpanNode) => a.offset - b.offset);
    let at = 0;
    for (const s of leaves) {
      expect(s.offset, s.path).to.equal(at);
      at += s.size;
    }
    expect(at).to.equal(docBytes.length);
  });

  it('spans honour a path prefix', () => {
    const { spans: sp } = spans(OffloadEntry, new Uint8Array(40), 0, { path: ['entries', 3] });
    expect(sp.map((s: { path: string }) => s.path)).to.include('entries[3].imageSize');
    // The same keys as a structured path, not a string to re-parse.
    expect(sp.map((s) => pathOf(s))).to.deep.include(['entries', 3, 'imageSize']);
  });
});

describe('codec: enumeration', () => {
  const Kind = enumeration(u16, (v) => (v === 7 ? 'seven' : undefined));
  // The name of `tag` depends on the field read before it.
  const Tagged = struct({ family: u8, tag: enumeration(u8, (v, fields) => (fields['family'] === 1 ? `a${v}` : undefined)) });
  it('reads and writes exactly as the integer it names, any value kept', () => {
    for (const v of [0, 7, 0xffff]) {
      expect(decode(Kind, encode(Kind, v))).to.equal(v);
      expect(encode(Kind, v)).to.deep.equal(encode(u16, v));
    }
    expect(sizeOf(Kind)).to.equal(2);
    expect(() => encode(Kind, 0x10000)).to.throw(EncodeError);
    expect(() => enumeration(cstring as never, () => undefined)).to.throw(/not a fixed-size leaf/);
  });
  it('a recorded span carries the name of its value; a value without a name has none', () => {
    const S = struct({ a: Kind, b: Kind });
    const { spans: sp } = spans(S, new Uint8Array([7, 0, 8, 0]));
    const by = new Map(sp.map((s) => [s.path.replace(/^[^.]*\./, ''), s]));
    expect(by.get('a')).to.include({ value: 7, label: 'seven' });
    expect(by.get('b')!.value).to.equal(8);
    expect(by.get('b')!.label).to.equal(undefined);
  });
  it('a name may depend on the fields of the struct read before it', () => {
    const named = spans(Tagged, new Uint8Array([1, 5])).spans.find((s) => s.path.endsWith('tag'))!;
    expect(named.label).to.equal('a5');
    const other = spans(Tagged, new Uint8Array([2, 5])).spans.find((s) => s.path.endsWith('tag'))!;
    expect(other.label).to.equal(undefined);
    expect(decode(Tagged, new Uint8Array([1, 5]))).to.deep.equal({ family: 1, tag: 5 });
  });
});

describe('codec: errors', () => {
  it('a truncated field reports offset, path, needed and available', () => {
    const cut = docBytes.subarray(0, 0x1e); // inside items[1].value
    const e = decodeError(() => decode(Doc, cut, 0, { base: 0x200, path: ['file'] }));
    expect(e.code).to.equal('EOF');
    expect(e.path).to.equal('file.items');
    // The array checks all of its fixed-size elements at once, before allocating anything.
    expect(e.offset).to.equal(0x210);
    expect(e.needed).to.equal(16);
    expect(e.available).to.equal(14);
    expect(e.message).to.match(/needs 16 byte\(s\) but only 14 remain \(at file\.items, offset 0x210\)/);
  });

  it('a variable-size element reports the innermost path', () => {
    const S = struct({ n: u8, names: array(struct({ s: cstring }), 'n') });
    const e = decodeError(() => decode(S, Uint8Array.of(2, 0x61, 0, 0x62)));
    expect(e.path).to.equal('names[1].s');
    expect(e.offset).to.equal(3);
  });

  it('a count larger than the input is rejected before any allocation', () => {
    const S = struct({ n: u64, xs: array(Item, 'n') });
    const b = new Uint8Array(16);
    new DataView(b.buffer).setBigUint64(0, (1n << 64n) - 1n, true);
    const e = decodeError(() => decode(S, b));
    expect(e.code).to.equal('EOF');
    expect(e.path).to.equal('xs');
    const T = struct({ n: u32, xs: array(struct({ s: cstring }), 'n') });
    const e2 = decodeError(() => decode(T, Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0)));
    expect(e2.code).to.equal('EOF');
  });

  it('reads never pass the `end` option even when the buffer is longer', () => {
    const e = decodeError(() => decode(u32, new Uint8Array(8), 2, { end: 4 }));
    expect(e.available).to.equal(2);
  });

  it('property: every truncation of a valid encoding fails with DecodeError (never RangeError/TypeError)', () => {
    const itemArb = fc.record({ id: fc.integer({ min: 0, max: 0xffff }), flags: fc.integer({ min: 0, max: 255 }), value: fc.nat({ max: 0xffffffff }) });
    fc.assert(
      fc.property(
        fc.record({
          version: fc.constantFrom(1, 2),
          offset: fc.nat(),
          items: fc.array(itemArb, { maxLength: 5 }),
          blob: fc.uint8Array({ maxLength: 20 }),
          tail: fc.uint8Array({ minLength: 2, maxLength: 2 }),
          name: fc.string({ unit: 'grapheme', maxLength: 8 }).filter((s) => !s.includes('\0')),
          big: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        }),
        fc.nat(),
        (m, cutSeed) => {
          const body = m.version === 1 ? { name: m.name } : { name: m.name, big: m.big };
          const full = encode(Doc, { version: m.version, offset: m.offset, items: m.items, blob: m.blob, tail: m.tail, body });
          const back = decode(Doc, full);
          expect(hex(encode(Doc, back))).to.equal(hex(full));
          const cut = cutSeed % full.length;
          const e = decodeError(() => decode(Doc, full.subarray(0, cut)));
          expect(e.offset).to.be.at.most(full.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: arbitrary bytes never escape as a bare RangeError/TypeError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (b) => {
        for (const node of [Doc, OffloadHeaderV3, OffloadEntry]) {
          try {
            decode(node, b);
          } catch (e) {
            if (!(e instanceof DecodeError)) throw e;
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('EncodeError carries the structure path of the bad value', () => {
    const e = encodeError(() => encode(Doc, { ...docInput, items: [docInput.items[0]!, { id: 70000, flags: 0, value: 0 }] }));
    expect(e.path).to.equal('items[1].id');
    expect(e.message).to.match(/u16 value 70000 is out of range 0\.\.65535 \(at items\[1\]\.id\)/);
  });
});
