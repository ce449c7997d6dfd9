import { expect } from 'chai';
import { descendants, pathOf, SpanTree } from '../../src/codec/index.js';
import fc from 'fast-check';
import {
  encodePropertyValue,
  readRegistry,
  writeRegistry,
  RegistrySyntaxError,
} from '../../src/props/registry.js';
import { byteArray, stringProperty, uint32, type PropertySetRegistry, type PropertyValue } from '../../src/props/model.js';
import { decodeText } from '../../src/props/text.js';
import { EncodeError } from '../../src/codec/errors.js';

const enc = new TextEncoder();
const text = (s: string): Uint8Array => enc.encode(s);
const str = (b: Uint8Array): string => new TextDecoder().decode(b);
const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');

/** Plain-data view of a registry for deep comparison (Maps and bigints made explicit). */
function plain(reg: PropertySetRegistry): unknown {
  return [...reg].map(([n, set]) => [
    n,
    [...set].map(([k, v]) => [k, v.type === 1 ? { u32: v.value } : { bits: v.bits.toString(), hex: hex(v.bytes) }]),
  ]);
}

function expectSyntaxError(input: string | Uint8Array, line: number, column: number, pattern: RegExp): RegistrySyntaxError {
  const bytes = typeof input === 'string' ? text(input) : input;
  try {
    readRegistry(bytes);
  } catch (e) {
    expect(e, String(e)).to.be.instanceOf(RegistrySyntaxError);
    const r = e as RegistrySyntaxError;
    expect(r.code).to.equal('SYNTAX');
    expect([r.line, r.column], r.message).to.deep.equal([line, column]);
    expect(r.message).to.match(pattern);
    expect(r.message).to.contain(`line ${line}, column ${column}`);
    // offset = start of that line + column - 1
    let lineStart = 0;
    for (let l = 1; l < line; l++) lineStart = bytes.indexOf(0x0a, lineStart) + 1;
    expect(r.offset).to.equal(lineStart + column - 1);
    return r;
  }
  return expect.fail(`should fail: ${JSON.stringify(typeof input === 'string' ? input : hex(input))}`);
}

describe('props/registry: reading', () => {
  it('reads sets and keys in file order with both value types (lowering.md V5, omit_kernel_args.ll @36d4d367)', () => {
    const src = '[SYCL/kernel param opt]\nSpirKernel1=2|CAAAAAAAAAQA\nSpirKernel2=2|LAAAAAAAAAgfGA\n[SYCL/misc properties]\nspecConstsReplacedWithDefault=1|1\n';
    const reg = readRegistry(text(src));
    expect(plain(reg)).to.deep.equal([
      [
        'SYCL/kernel param opt',
        [
          ['SpirKernel1', { bits: '2', hex: '01' }],
          ['SpirKernel2', { bits: '11', hex: '7e 06' }],
        ],
      ],
      ['SYCL/misc properties', [['specConstsReplacedWithDefault', { u32: 1 }]]],
    ]);
    expect(str(writeRegistry(reg))).to.equal(src);
  });

  it('a line that does not read: a header line names no earlier set; a property line with its key gets a span at its path, the lines before keep theirs', () => {
    const te = new TextEncoder();
    const fail = (text: string, tree?: SpanTree): RegistrySyntaxError => {
      try {
        readRegistry(te.encode(text), tree ? { tree } : {});
      } catch (e) {
        expect(e).to.be.instanceOf(RegistrySyntaxError);
        return e as RegistrySyntaxError;
      }
      throw new Error('read');
    };
    expect(fail('[A]\nk=1|2\n[B\n').path).to.equal('');
    expect(fail('[A]\nk=1|2\n=1|3\n').path).to.equal('["A"]');
    const tree = new SpanTree();
    expect(fail('[A]\nk=1|2\nbad=3|x\n', tree).path).to.equal('["A"]["bad"]');
    expect([...descendants(tree.root)].map((n) => [pathOf(n).join('/'), n.offset, n.size, n.value])).to.deep.equal([
      ['A', 0, 4, 'A'],
      ['A/k', 4, 6, 2],
      ['A/bad', 10, 8, undefined],
    ]);
    const header = new SpanTree();
    fail('[A]\nk=1|2\n[B\n', header);
    expect([...descendants(header.root)].map((n) => pathOf(n).join('/'))).to.deep.equal(['A', 'A/k']);
  });

  it('an empty text, or one with only line ends, is an empty registry; empty registry writes 0 bytes', () => {
    expect(readRegistry(new Uint8Array()).size).to.equal(0);
    expect(readRegistry(text('\n\r\n\n')).size).to.equal(0);
    expect(writeRegistry(new Map()).length).to.equal(0);
  });

  it('accepts \\r\\n line ends and skips blank lines; a lone \\r is content', () => {
    const reg = readRegistry(text('\r\n[a]\r\n\r\nk=1|5\r\n\n[b\rc]\nx\ry=1|7'));
    expect(plain(reg)).to.deep.equal([
      ['a', [['k', { u32: 5 }]]],
      ['b\rc', [['x\ry', { u32: 7 }]]],
    ]);
    // a lone \r at the end of a uint32 value is content -> not a digit
    expectSyntaxError('[a]\nk=1|5\r', 2, 6, /invalid property value/);
  });

  it('set name runs to the LAST ] and ignores what follows; a header with no entries is kept', () => {
    const reg = readRegistry(text('[a]b]junk\n[empty]\n'));
    expect([...reg.keys()]).to.deep.equal(['a]b', 'empty']);
    expect(reg.get('empty')!.size).to.equal(0);
    expect(str(writeRegistry(reg))).to.equal('[a]b]\n[empty]\n');
  });

  it('a repeated set header continues the set; a repeated key overwrites and keeps its first position', () => {
    const reg = readRegistry(text('[s]\nk1=1|1\nk2=1|2\n[t]\n[s]\nk1=1|9\nk3=1|3\n'));
    expect(plain(reg)).to.deep.equal([
      [
        's',
        [
          ['k1', { u32: 9 }],
          ['k2', { u32: 2 }],
          ['k3', { u32: 3 }],
        ],
      ],
      ['t', []],
    ]);
  });

  it('key is before the first =, type up to the first |, value is the rest', () => {
    // '=' and '|' in set names are plain text; '|' may be in a key; '=' in the type part makes it invalid
    const reg = readRegistry(text('[a=b|c]\nk|x=1|1\n'));
    expect(plain(reg)).to.deep.equal([['a=b|c', [['k|x', { u32: 1 }]]]]);
  });

  it('uint32: leading zeros accepted, 4294967295 accepted', () => {
    const reg = readRegistry(text('[s]\na=1|0007\nb=1|4294967295\nc=01|2\n'));
    expect(plain(reg)).to.deep.equal([
      [
        's',
        [
          ['a', { u32: 7 }],
          ['b', { u32: 4294967295 }],
          ['c', { u32: 2 }],
        ],
      ],
    ]);
  });

  it('names and keys that are not UTF-8 round-trip byte-exactly (U+DC80+byte escapes)', () => {
    const bytes = Uint8Array.from([...text('[n'), 0xff, 0xc3, ...text(']\nk'), 0x80, 0xe2, 0x82, 0xac, ...text('=1|1\n')]);
    const reg = readRegistry(bytes);
    const [name] = reg.keys();
    expect(name).to.equal('n\udcff\udcc3');
    expect([...reg.get(name!)!.keys()]).to.deep.equal(['k\udc80\u20ac']);
    expect(hex(writeRegistry(reg))).to.equal(hex(bytes));
  });
});

describe('props/registry: malformed input (README rule 2, syclbin-format.md §5 messages)', () => {
  it('"[" line without "]"', () => expectSyntaxError('[a]\nk=1|1\n[abc\n', 3, 5, /invalid line: "\[abc" \(no closing '\]'\)/));
  it('empty set name [] is the set "", as intel\'s reader reads it (review 2026-12-02c finding 3), and is written back', () => {
    const reg = readRegistry(new TextEncoder().encode('[]\nk=1|1\n[a]\n'));
    expect([...reg.keys()]).to.deep.equal(['', 'a']);
    expect(reg.get('')!.get('k')).to.deep.equal({ type: 1, value: 1 });
    expect(new TextDecoder().decode(writeRegistry(reg))).to.equal('[]\nk=1|1\n[a]\n');
  });
  it('property before any set', () => expectSyntaxError('\nk=1|1\n[a]\n', 2, 1, /property category missing/));
  it('no "="', () => expectSyntaxError('[a]\nkey\n', 2, 4, /invalid property line: "key"/));
  it('empty key', () => expectSyntaxError('[a]\n=1|1\n', 2, 1, /invalid property line.*empty key/));
  it('nothing after "="', () => expectSyntaxError('[a]\nkey=\n', 2, 5, /invalid property line.*nothing after '='/));
  it('no "|"', () => expectSyntaxError('[a]\nk=12\n', 2, 5, /invalid property value: "12" \(no '\|'\)/));
  it('empty type', () => expectSyntaxError('[a]\nk=|12\n', 2, 3, /invalid property value.*empty type/));
  it('empty value', () => expectSyntaxError('[a]\nk=1|\n', 2, 5, /invalid property value.*empty value/));
  it('type not decimal', () => {
    expectSyntaxError('[a]\nk=x|1\n', 2, 3, /invalid property type: "x"/);
    expectSyntaxError('[a]\nk=+1|1\n', 2, 3, /invalid property type/);
    expectSyntaxError('[a]\nk= 1|1\n', 2, 3, /invalid property type/);
  });
  it('type 0 and types > 2', () => {
    expectSyntaxError('[a]\nk=0|1\n', 2, 3, /unsupported property type: 0/);
    expectSyntaxError('[a]\nk=3|1\n', 2, 3, /bad property type 3/);
    expectSyntaxError('[a]\nk=99999999999999999999|1\n', 2, 3, /bad property type/);
  });
  it('uint32 value with a sign, space or other character names that character', () => {
    expectSyntaxError('[a]\nk=1|-1\n', 2, 5, /invalid property value: "-1"/);
    expectSyntaxError('[a]\nk=1|12 \n', 2, 7, /invalid property value/);
    expectSyntaxError('[a]\nk=1|0x10\n', 2, 6, /invalid property value/);
  });
  it('uint32 value above 4294967295 (LLVM truncates; we reject)', () => {
    expectSyntaxError('[a]\nk=1|4294967296\n', 2, 5, /larger than 4294967295/);
    expectSyntaxError('[a]\nk=1|99999999999999999999999\n', 2, 5, /larger than 4294967295/);
  });
  it('Base64 errors are located at the offending character', () => {
    expectSyntaxError('[a]\nk=2|AAAAAAAAAA=\n', 2, 15, /invalid characters in the encoded sequence remainder: 0x3d/);
    expectSyntaxError('[a]\nk=2|AAAAAAAAAAA=\n', 2, 16, /invalid char in Base64Impl encoding: 0x3d/);
    expectSyntaxError('[a]\nk=2|AA-AAAAAAAA\n', 2, 7, /invalid char in Base64Impl encoding: 0x2d/);
    expectSyntaxError('[a]\nk=2|AAAAAAAAAAAAA\n', 2, 17, /invalid encoded sequence length/);
  });
  it('byte array shorter than its 8-byte bit count', () => expectSyntaxError('[a]\nk=2|AAAA\n', 2, 5, /3 byte\(s\) decoded/));
  it('payload length must match the bit count', () => {
    // 16 bits declared, one payload byte
    expectSyntaxError('[a]\nk=2|QAAAAAAAAAQA\n', 2, 5, /bit count 16 needs 2 payload byte\(s\), the value has 1/);
    // 0 bits declared, one payload byte
    expectSyntaxError('[a]\nk=2|AAAAAAAAAAQA\n', 2, 5, /bit count 0 needs 0/);
  });
  it('NUL bytes are rejected at their position (LLVM stops reading there)', () => {
    expectSyntaxError(Uint8Array.from([...text('[a]\nk=1|1'), 0, ...text('\n')]), 2, 6, /NUL byte/);
  });
  it('offsets are shifted by opts.base', () => {
    try {
      readRegistry(text('[a]\nkey\n'), { base: 100 });
      expect.fail('should throw');
    } catch (e) {
      expect((e as RegistrySyntaxError).offset).to.equal(100 + 4 + 3);
    }
  });
});

describe('props/registry: a range of a larger buffer (opts.from/to)', () => {
  /** Registry-like text: lines of the characters the rules look at, valid or not. */
  const line = fc.oneof(
    fc.constantFrom('[a]', '[SYCL/misc]', '[]', '[x]y]', 'k=1|7', 'key=2|QAAAAAAAAABh', 'k=2|AAAA', 'k=1|99999999999', 'k=3|1', '=1|1', 'k', 'k=', 'k=1|', 'k=|1', ''),
    fc.string({ unit: fc.constantFrom('[', ']', '=', '|', '1', '2', 'A', 'Q', 'k', '\r', '\u0000', '\u00e9'), maxLength: 12 }),
  );
  const registryText = fc.array(line, { maxLength: 8 }).map((ls) => text(ls.join('\n')));
  const outcome = (read: () => PropertySetRegistry): unknown => {
    try {
      return { registry: plain(read()) };
    } catch (e) {
      if (!(e instanceof RegistrySyntaxError)) throw e;
      return { message: e.message, offset: e.offset, line: e.line, column: e.column, llvm: e.llvm };
    }
  };
  it('property: decoding bytes[from, to) with base = its absolute offset is decoding a view of it', () => {
    fc.assert(
      fc.property(registryText, fc.uint8Array({ maxLength: 6 }), fc.uint8Array({ maxLength: 6 }), fc.nat(1000), (t, before, after, base) => {
        const all = Uint8Array.from([...before, ...t, ...after]);
        const from = before.length;
        const want = outcome(() => readRegistry(t, { base }));
        expect(outcome(() => readRegistry(all, { base, from, to: from + t.length }))).to.deep.equal(want);
        // The spans recorded (up to an error, if any) are the same too.
        const spans = (read: (tree: SpanTree) => unknown): unknown => {
          const tree = new SpanTree();
          outcome(() => read(tree) as PropertySetRegistry);
          return [...descendants(tree.root)].map((n) => [pathOf(n), n.offset, n.size, n.kind]);
        };
        expect(spans((tree) => readRegistry(all, { base, from, to: from + t.length, tree }))).to.deep.equal(spans((tree) => readRegistry(t, { base, tree })));
      }),
      { numRuns: 500 },
    );
  });
});

/** The line spans a registry read records: [path, offset, size, kind, value] in reading order. */
function lineSpans(bytes: Uint8Array, base = 0): { registry: ReturnType<typeof readRegistry>; spans: { keys: (string | number)[]; offset: number; size: number; kind: string; value?: unknown }[] } {
  const tree = new SpanTree();
  const registry = readRegistry(bytes, { base, tree });
  return { registry, spans: [...descendants(tree.root)].map((n) => ({ keys: pathOf(n), offset: n.offset, size: n.size, kind: n.kind, ...(n.value === undefined ? {} : { value: n.value }) })) };
}

describe('props/registry: spans', () => {
  it('records each line with its bytes under [set] and [set][key]', () => {
    const src = '[S]\r\n\nk=1|42\nb=2|IAAAAAAAAAQA';
    const { registry, spans } = lineSpans(text(src), 10);
    expect(registry.get('S')!.get('k')).to.deep.equal(uint32(42));
    expect(spans).to.deep.equal([
      { keys: ['S'], offset: 10, size: 5, kind: 'property-set', value: 'S' },
      { keys: ['S', 'k'], offset: 16, size: 7, kind: 'property', value: 42 },
      { keys: ['S', 'b'], offset: 23, size: 16, kind: 'property', value: '0x01' },
      { keys: ['blankLine'], offset: 15, size: 1, kind: 'blank-line' },
    ]);
  });
});

describe('props/registry: writing', () => {
  it('writes LLVM layout: [name]\\n, key=type|value\\n, insertion order, strings as 8*len bits', () => {
    const reg: PropertySetRegistry = new Map([
      ['SYCLBIN/ir module metadata', new Map<string, PropertyValue>([['type', uint32(0)], ['target', stringProperty('spir64-unknown-unknown')]])],
    ]);
    // syclbin-format.md §3 derived string
    expect(str(writeRegistry(reg))).to.equal('[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=2|wCAAAAAAAAwcwlmc2QTL152au92du1Sdutmbvdnb\n');
  });

  it('keeps an odd bit count (11-bit kernel param opt, omit_kernel_args.ll @36d4d367)', () => {
    const reg: PropertySetRegistry = new Map([['SYCL/kernel param opt', new Map([['SpirKernel2', byteArray(Uint8Array.of(0x7e, 0x06), 11n)]])]]);
    const out = str(writeRegistry(reg));
    expect(out).to.equal('[SYCL/kernel param opt]\nSpirKernel2=2|LAAAAAAAAAgfGA\n');
    expect(readRegistry(text(out)).get('SYCL/kernel param opt')!.get('SpirKernel2')!).to.deep.include({ bits: 11n });
  });

  it('byte arrays of every length mod 3, past the writer scratch buffer and back to short ones, are written as encodePropertyValue writes them', () => {
    // (the writer assembles each raw value in a reused buffer: a short value after a long one must
    // not carry the long one's bytes; lengths 0..5, then 253..260 across the first growth, 4 KiB)
    const lengths = [0, 1, 2, 3, 4, 5, 253, 254, 255, 256, 257, 258, 259, 260, 4096, 1, 2, 0, 7];
    const set = new Map<string, PropertyValue>(lengths.map((n, i) => [`k${i}`, byteArray(Uint8Array.from({ length: n }, (_, j) => (j * 37 + n) & 0xff))]));
    set.set('odd', byteArray(Uint8Array.of(0x7e, 0x06), 11n));
    const out = str(writeRegistry(new Map([['s', set]])));
    const want = ['[s]', ...[...set].map(([k, v]) => `${k}=${encodePropertyValue(v)}`)].join('\n') + '\n';
    expect(out).to.equal(want);
    expect(readRegistry(text(out)).get('s')).to.deep.equal(set);
  });

  it('a byte array whose bit count disagrees with its payload names its set and key', () => {
    const reg: PropertySetRegistry = new Map([['s', new Map([['ok', byteArray(Uint8Array.of(1))], ['bad', byteArray(Uint8Array.of(1, 2, 3), 8n)]])]]);
    expect(() => writeRegistry(reg)).to.throw(EncodeError, /bit count 8 needs 1 byte\(s\), the value has 3/).with.property('pathSegments').deep.equal(['s', 'bad']);
  });

  it('rejects models that would not read back identically', () => {
    const bad: [string, string, PropertyValue][] = [
      ['a\nb', 'k', uint32(1)],
      ['s', '', uint32(1)],
      ['s', '[k', uint32(1)],
      ['s', 'a=b', uint32(1)],
      ['s', 'a\nb', uint32(1)],
      ['s', 'k\0', uint32(1)],
      ['s', 'k', uint32(4294967296)],
      ['s', 'k', uint32(-1)],
      ['s', 'k', uint32(1.5)],
      ['s', 'k', byteArray(Uint8Array.of(1, 2), 8n)],
      ['s', 'k', byteArray(Uint8Array.of(), -1n)],
      ['s', '\ud800', uint32(1)],
      ['s', '\udc10', uint32(1)],
    ];
    for (const [n, k, v] of bad) {
      expect(() => writeRegistry(new Map([[n, new Map([[k, v]])]])), JSON.stringify([n, k])).to.throw(EncodeError);
    }
  });
});

// ---- property-based round trips ----------------------------------------------------------------

/** Bytes for names: anything but LF and NUL, biased to the registry's syntax characters and UTF-8. */
const nameByte = fc.oneof(
  fc.constantFrom(...'=|[]\r '.split('').map((c) => c.charCodeAt(0))),
  fc.integer({ min: 0x20, max: 0x7e }),
  fc.integer({ min: 0x80, max: 0xff }),
  fc.integer({ min: 1, max: 9 }),
);
const utf8Text = fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }).map((s) => Array.from(enc.encode(s)));
const nameBytes = fc
  .array(fc.oneof(nameByte.map((b) => [b]), utf8Text), { minLength: 1, maxLength: 8 })
  .map((parts) => Uint8Array.from(parts.flat().filter((b) => b !== 0x0a && b !== 0)))
  .filter((b) => b.length > 0);
const setName = nameBytes.map(decodeText);
const keyName = nameBytes
  .map((b) => b.filter((x) => x !== 0x3d))
  .filter((b) => b.length > 0 && b[0] !== 0x5b)
  .map(decodeText);
const value: fc.Arbitrary<PropertyValue> = fc.oneof(
  fc.integer({ min: 0, max: 4294967295 }).map(uint32),
  fc.integer({ min: 0, max: 300 }).chain((bits) =>
    fc.uint8Array({ minLength: Math.ceil(bits / 8), maxLength: Math.ceil(bits / 8) }).map((b) => byteArray(b, BigInt(bits))),
  ),
  fc.uint8Array({ maxLength: 40 }).map((b) => byteArray(b)),
);
/** A registry of these sets (a name given again adds to its set). */
function registryOf(sets: [string, [string, PropertyValue][]][]): PropertySetRegistry {
  const reg: PropertySetRegistry = new Map();
  for (const [n, props] of sets) {
    const s = reg.get(n) ?? new Map();
    for (const [k, v] of props) s.set(k, v);
    reg.set(n, s);
  }
  return reg;
}
const registryArb: fc.Arbitrary<PropertySetRegistry> = fc.array(fc.tuple(setName, fc.array(fc.tuple(keyName, value), { maxLength: 6 })), { maxLength: 6 }).map(registryOf);

describe('props/registry: property-based round trips', () => {
  it('a name whose escapes spell UTF-8 text is refused, not written as a second copy of that text', () => {
    // "\udcc3\udca9" escapes the bytes C3 A9, which are UTF-8 for "é": written, both keys would be
    // the line "é=…" and the text would read back as one key (the last value), one set.
    const twoKeys: PropertySetRegistry = new Map([['s', new Map([['\u00e9', uint32(1)], ['\udcc3\udca9', uint32(2)]])]]);
    expect(() => writeRegistry(twoKeys)).to.throw(EncodeError, /it would read back as "é"/);
    const twoSets: PropertySetRegistry = new Map([['\udcc3\udca9', new Map()], ['\u00e9', new Map([['k', uint32(3)]])]]);
    expect(() => writeRegistry(twoSets)).to.throw(EncodeError, /set name escapes bytes that are UTF-8 text/);
    // Escapes of bytes that are no UTF-8 (a lone C3, or FF) are what the reader makes: written as they are.
    const fine: PropertySetRegistry = new Map([['\udcc3x', new Map([['k\udcff', uint32(4)]])]]);
    expect(plain(readRegistry(writeRegistry(fine)))).to.deep.equal(plain(fine));
  });

  it('whatever names the writer takes read back as the same registry (escapes in any combination)', () => {
    const unit = fc.oneof(fc.constantFrom('a', '\u00e9', '=', '['), fc.integer({ min: 0x80, max: 0xff }).map((b) => String.fromCharCode(0xdc00 + b)));
    const anyName = fc.array(unit, { minLength: 1, maxLength: 4 }).map((u) => u.join(''));
    const anyRegistry = fc.array(fc.tuple(anyName, fc.array(fc.tuple(anyName, value), { maxLength: 3 })), { maxLength: 3 }).map(registryOf);
    fc.assert(
      fc.property(anyRegistry, (reg) => {
        let t: Uint8Array;
        try {
          t = writeRegistry(reg);
        } catch (e) {
          if (e instanceof EncodeError) return;
          throw e;
        }
        expect(plain(readRegistry(t))).to.deep.equal(plain(reg));
      }),
      { numRuns: 300, seed: 20261128 },
    );
  });

  it('registry -> text -> registry is the identity', () => {
    fc.assert(
      fc.property(registryArb, (reg) => {
        expect(plain(readRegistry(writeRegistry(reg)))).to.deep.equal(plain(reg));
      }),
      { numRuns: 300 },
    );
  });

  it('text -> registry -> text is byte-identical (for text an LLVM writer produces)', () => {
    fc.assert(
      fc.property(registryArb, (reg) => {
        const t = writeRegistry(reg);
        expect(hex(writeRegistry(readRegistry(t)))).to.equal(hex(t));
      }),
      { numRuns: 300 },
    );
  });

  it('spans tile the whole text and each value span re-reads to the same value', () => {
    fc.assert(
      fc.property(registryArb, (reg) => {
        const t = writeRegistry(reg);
        const { spans } = lineSpans(t);
        const lines = [...spans].sort((a, b) => a.offset - b.offset);
        let at = 0;
        for (const s of lines) {
          expect(s.offset).to.equal(at);
          at += s.size;
          if (s.kind === 'property') {
            // The line re-reads to the same value under its own set and key.
            const [set, key] = s.keys as [string, string];
            const lineText = t.subarray(s.offset, s.offset + s.size);
            const head = text('[x]\n');
            const again = readRegistry(Uint8Array.from([...head, ...lineText]));
            expect(plain(again)).to.deep.equal(plain(new Map([['x', new Map([[key, reg.get(set)!.get(key)!]])]])));
          }
        }
        expect(at).to.equal(t.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('props/registry: bytes that are not UTF-8 are quoted as \\xNN in messages (review 2026-11-28 message sweep)', () => {
  it('an unclosed set line: "\\xff", not the "\\udcff" code unit the text is held in', () => {
    const bytes = new Uint8Array([...text('[SYCL/misc pro'), 0xff, 0xfe, 0x0a, ...text('k=1|1\n')]);
    const e = expectSyntaxError(bytes, 1, 17, /invalid line: "\[SYCL\/misc pro\\xff\\xfe" \(no closing '\]'\)/);
    expect(e.message).not.to.match(/\\udc/);
  });
  it('a byte array of a bad bit count, in a set and key that are not UTF-8', () => {
    // bit count 24 (3 payload bytes) and 2 payload bytes: "GAAAAAAAAABhYg" is 18 00 00 00 00 00 00 00 61 62
    const bytes = new Uint8Array([0x5b, 0x73, 0xff, 0x5d, 0x0a, 0x6b, 0xfe, ...text('=2|GAAAAAAAAABhYg\n')]);
    const e = expectSyntaxError(bytes, 2, 6, /\(set "s\\xff", key "k\\xfe"\)/);
    expect(e.message).not.to.match(/\\udc/);
  });
});
