/**
 * hexdump on fields with very long paths (fuzz case 301952 of seed 24301, `npm run fuzz -- --case
 * 301952`): a property line of tens of KB names its span by its whole key, and the label of a field
 * continuing from an earlier row used to repeat that path on every row, 5,000 characters of output
 * per byte of input. The full path stays on the row where the field starts.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { annotate } from '../../src/hex/annotate.js';
import { HexRangeError, hexdump, hexdumpLines, imageOfPath, parseRange } from '../../src/hex/hexdump.js';
import { SyclbinError } from '../../src/codec/index.js';

describe('hex: hexdump of fields with long paths', () => {
  it('prints a long path in full once, and shortened on the rows the field continues on', () => {
    const key = 'k'.repeat(40000);
    const text = new TextEncoder().encode(`[SYCL/misc properties]\n${key}=1|7\n`);
    const ann = annotate(text);
    expect(ann.format).to.equal('property-sets');
    const out = hexdump(text, ann);
    const rows = out.trimEnd().split('\n');
    expect(rows.length).to.equal(Math.ceil(text.length / 16));
    // Linear in the input: bounded labels; the row where the field starts shows its path's ends
    // (annotate lists the whole path).
    expect(out.length).to.be.lessThan(rows.length * 600);
    expect(out.split(key).length - 1).to.equal(0);
    expect(out).to.match(/\["SYCL\/misc properties"\]\["k{150,}…k{150,}"\]\n/);
    const continuing = rows[rows.length - 2]!;
    expect(continuing).to.match(/ …\["SYCL\/misc properties"\]\["k+…k+"\]$/);
  });

  it('a long set name in the path of every key: each row is bounded (the dump was quadratic in the file), each key still named by its end', () => {
    const name = 'A'.repeat(50_000);
    const text = new TextEncoder().encode(`[${name}]\n${Array.from({ length: 200 }, (_, i) => `k${i}=1|0\n`).join('')}`);
    const ann = annotate(text);
    const lines = [...hexdumpLines(text, ann)];
    expect(lines.join('')).to.equal(hexdump(text, ann));
    expect(lines.length).to.equal(Math.ceil(text.length / 16));
    for (const l of lines) expect(l.length).to.be.lessThan(2000);
    expect(lines.join('')).to.match(/ \["A+…A+"\]\["k199"\]\n$/);
    // Arguments are checked when the lines are asked for, before the first row.
    expect(() => hexdumpLines(text, ann, { path: 'nothing.here' })).to.throw(/no span matches 'nothing.here'/);
  });

  it('keeps short continuation labels as they were', () => {
    const key = 'k'.repeat(50);
    const text = new TextEncoder().encode(`[SYCL/misc properties]\n${key}=1|7\n`);
    const rows = hexdump(text, annotate(text)).trimEnd().split('\n');
    expect(rows[3]).to.match(new RegExp(` …\\["SYCL/misc properties"\\]\\["${key}"\\]$`));
  });

  it('parseRange: A:B, A:, :B in decimal or hex, clamped to the size; malformed text is a typed HexRangeError', () => {
    expect(parseRange('0x10:0x20', 100)).to.deep.equal([16, 32]);
    expect(parseRange('90:', 100)).to.deep.equal([90, 100]);
    expect(parseRange(':8', 100)).to.deep.equal([0, 8]);
    expect(parseRange('0:1000', 100)).to.deep.equal([0, 100]);
    for (const bad of ['zz', '5:4', '0x:1', '1:2:3', '99999999999999999999:']) {
      let err: unknown;
      try {
        parseRange(bad, 100);
      } catch (e) {
        err = e;
      }
      expect(err, bad).to.be.instanceOf(HexRangeError).and.instanceOf(SyclbinError);
      expect((err as SyclbinError).code).to.equal('ARGUMENT'); // an ArgumentError, as every bad range option is
    }
    expect(() => parseRange('900:1000', 872)).to.throw(HexRangeError, "bad range '900:1000': start 900 is past the end of the 872-byte file");
    expect(parseRange('872:', 872)).to.deep.equal([872, 872]);
  });

  it('the range option (library): the end is clamped to the file, bad offsets are a HexRangeError, not unbounded rows or a TypeError', () => {
    const text = new TextEncoder().encode('[SYCL/misc properties]\nk=1|7\n');
    const ann = annotate(text);
    const whole = hexdump(text, ann);
    expect(hexdump(text, ann, { range: [0, 1e9] })).to.equal(whole);
    expect(hexdump(text, ann, { range: [0, Number.MAX_SAFE_INTEGER] })).to.equal(whole);
    expect(hexdump(text, ann, { range: [text.length, text.length + 5] })).to.equal('');
    for (const bad of [[-10, 20], [0, -1], [1.5, 4], [Number.NaN, 4], [0, Infinity], [20, 10], [text.length + 1, text.length + 2]] as [number, number][]) {
      expect(() => hexdump(text, ann, { range: bad }), String(bad)).to.throw(HexRangeError);
    }
  });
});

describe('hex: hexdump --path on a string that shares another entry\'s bytes', () => {
  it('labels the rows with the path asked for, not the owner\'s', async () => {
    const { readFileSync } = await import('node:fs');
    const bytes = new Uint8Array(readFileSync(new URL('../../testdata/syclbin/v2_roles.syclbin', import.meta.url)));
    const ann = annotate(bytes);
    const shared = ann.spans.find((s) => s.shared?.includes('entries[2].strings[2].key'));
    expect(shared, 'a tail-merged key in the fixture').to.not.equal(undefined);
    const out = hexdump(bytes, ann, { path: 'entries[2].strings[2].key' });
    expect(out).to.contain('entries[2].strings[2].key');
    expect(out).to.not.contain(shared!.path);
  });
});

describe('hex: a SYCLBIN v1 header-table entry and the module image it is name each other', () => {
  const load = async (name: string): Promise<Uint8Array> => {
    const { readFileSync } = await import('node:fs');
    return new Uint8Array(readFileSync(new URL(`../../testdata/syclbin/${name}`, import.meta.url)));
  };

  it('annotate lists the image path on the entry; hexdump --path of a module shows its header entries', async () => {
    const bytes = await load('v1_grouped.syclbin');
    const ann = annotate(bytes);
    const entry = (path: string) => ann.spans.find((s) => s.path === path && s.kind === 'group');
    // Module 1's range starts at native image 1 of the file-wide table (abstractModules[1].nativeImageOffset = 1).
    expect(entry('nativeImages[1]')?.shared).to.deep.equal(['abstractModules[1].nativeImages[0]']);
    expect(entry('nativeImages[0]')?.shared).to.deep.equal(['abstractModules[0].nativeImages[0]']);
    expect(entry('irModules[0]')?.shared).to.deep.equal(['abstractModules[0].irModules[0]']);
    const header = entry('nativeImages[1]')!;
    const rows = (path: string) => hexdump(bytes, ann, { path }).split('\n').filter(Boolean).map((l) => parseInt(l.slice(0, 8), 16));
    // The rows of the 32 header bytes (0xb8: rows 0xb0, 0xc0, 0xd0; row 0xc0 is the header's alone).
    const headerRows = [0, 16, 31].map((d) => (header.offset + d) & ~15);
    expect(rows('abstractModules[1]'), 'its native image header').to.include.members(headerRows);
    expect(rows('abstractModules[1].nativeImages[0]')).to.include.members(headerRows);
    expect(rows('abstractModules[0]')).to.not.include(headerRows[1]);
    // Labels keep the fields' own names: the bytes are those of the file-wide table.
    expect(hexdump(bytes, ann, { path: 'abstractModules[1]' })).to.contain('nativeImages[1].binaryBytesSize');
  });

  it('inside an envelope the names carry its prefix', async () => {
    const bytes = await load('v1_in_offload_v1.syclbin');
    const ann = annotate(bytes);
    const entries = ann.spans.filter((s) => s.kind === 'group' && /\.nativeImages\[\d+\]$/.test(s.path) && !s.path.includes('abstractModules'));
    expect(entries.length).to.be.greaterThan(0);
    for (const e of entries) {
      for (const alias of e.shared ?? []) expect(alias.startsWith(e.path.slice(0, e.path.indexOf('nativeImages[')))).to.equal(true, alias);
      expect(e.shared?.length, e.path).to.be.greaterThan(0);
    }
  });

  it('an entry two modules reach names both; an entry no module reaches names nothing else', async () => {
    const bytes = (await load('v1_grouped.syclbin')).slice();
    const ann0 = annotate(bytes);
    const field = (a: typeof ann0, path: string) => a.spans.find((s) => s.path === path)!;
    // Module 1 takes IR module 0 too: irModuleCount 1 at irModuleOffset 0 (a layout readers accept).
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    view.setUint32(field(ann0, 'abstractModules[1].irModuleCount').offset, 1, true);
    view.setUint32(field(ann0, 'abstractModules[1].irModuleOffset').offset, 0, true);
    const ann = annotate(bytes);
    expect(ann.error).to.equal(undefined);
    expect(ann.spans.find((s) => s.path === 'irModules[0]')?.shared).to.deep.equal(['abstractModules[0].irModules[0]', 'abstractModules[1].irModules[0]']);
    const unref = await (async () => {
      const { readFileSync } = await import('node:fs');
      return new Uint8Array(readFileSync(new URL('../../testdata/broken/v1-unreferenced-ir-header.syclbin', import.meta.url)));
    })();
    const a2 = annotate(unref);
    const irEntries = a2.spans.filter((s) => /^irModules\[\d+\]$/.test(s.path));
    expect(irEntries.length).to.be.greaterThan(1);
    expect(irEntries.filter((s) => !s.shared), 'the unreferenced IR header').to.have.length(1);
  });
});

describe('hex: hexdump --path below an image that is the very bytes of another entry\'s SYCLBIN', () => {
  it('says where those bytes are explained and suggests the path there', async () => {
    const { readFileSync } = await import('node:fs');
    const { writeOffloadBinary } = await import('../../src/offload/write.js');
    const { entryOf, pointEntriesAt } = await import('../support/shared-images.js');
    const syclbin = new Uint8Array(readFileSync(new URL('../../testdata/syclbin/v1_grouped.syclbin', import.meta.url)));
    // Entry 1 names entry 0's image.
    const b = pointEntriesAt(writeOffloadBinary([entryOf(syclbin), entryOf(new Uint8Array(8))], { version: 2 }), [1], 0);
    const ann = annotate(b);
    expect(() => hexdump(b, ann, { path: 'entries[1].image.header' })).to.throw(
      "no span matches 'entries[1].image.header': entries[1].image is the very bytes of entries[0].image, which are explained there; did you mean 'entries[0].image.header'?",
    );
    expect(hexdump(b, ann, { path: 'entries[0].image.header' })).to.contain('entries[0].image.header.magic');
  });
});

describe('hex: hexdump --range records the spans of its rows only (AnnotateOptions.spansWindow)', () => {
  it('prints the same rows as with every span, on the test files and a sequence of many binaries (fast-check ranges, fixed seed)', async function () {
    this.timeout(60000);
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const fc = (await import('fast-check')).default;
    const { writeOffloadBinary } = await import('../../src/offload/write.js');
    const root = new URL('../../testdata/', import.meta.url).pathname;
    const files: Uint8Array[] = [];
    const walk = (d: string): void => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(bin|o|obj|a|img|syclbin|exe|out)$/.test(f) && statSync(p).size < 2_000_000) files.push(new Uint8Array(readFileSync(p)));
      }
    };
    walk(root);
    const one = writeOffloadBinary([{ imageKind: 1, offloadKind: 1, flags: 0, strings: [['triple', 'x']], image: new Uint8Array(24).fill(7) }]);
    const many = new Uint8Array(one.length * 300);
    for (let i = 0; i < 300; i++) many.set(one, i * one.length);
    files.push(many);
    // Files far larger than the window's margin (annotate WINDOW_MARGIN, 4 KiB), whole and damaged:
    // a SYCLBIN of 3,000 modules, and the same with runs of bytes nothing names (a table entry's
    // offsets pointing elsewhere, a stretch of garbage), so unnamed runs cross the window's edges.
    const { memoryBlob, writeSyclbin } = await import('../../src/syclbin/write.js');
    const { uint32 } = await import('../../src/props/model.js');
    const modules = writeSyclbin(
      {
        version: 1,
        envelope: { kind: 'none' },
        globalMetadata: new Map([['SYCLBIN/global metadata', new Map([['state', uint32(2)]])]]),
        abstractModules: Array.from({ length: 3000 }, (_, i) => ({
          metadata: new Map([['SYCL/misc properties', new Map([['optLevel', uint32(i % 4)]])]]),
          irModules: [{ metadata: new Map([['SYCLBIN/ir module metadata', new Map([['type', uint32(0)]])]]), image: memoryBlob(new Uint8Array(16 + (i % 40)).fill(i & 0xff)) }],
          nativeImages: [],
        })),
      } as never,
      { format: 1, envelope: 'none' },
    );
    files.push(modules);
    const damaged = modules.slice();
    // (IR module 1500's image offset moved past its image: its bytes become unnamed; garbage in the binary table)
    new DataView(damaged.buffer).setUint32(24 + 3000 * 32 + 1500 * 32 + 24, 0, true);
    damaged.fill(0x5a, damaged.length - 20000, damaged.length - 9000);
    files.push(damaged);
    const ends = files.length;
    expect(files.length).to.be.greaterThan(30);
    const full = files.map((f) => annotate(f));
    fc.assert(
      fc.property(fc.nat(files.length - 1), fc.nat(1 << 20), fc.nat(200), (i, a0, len) => {
        const f = files[i]!;
        const a = a0 % (f.length + 1);
        const range: [number, number] = [a, Math.min(f.length, a + len)];
        const windowed = annotate(f, { spansWindow: [range[0] - (range[0] % 16), range[1] + 16] });
        expect(hexdump(f, windowed, { range }), `file ${i} range ${range}`).to.equal(hexdump(f, full[i]!, { range }));
        expect(windowed.error?.message).to.equal(full[i]!.error?.message);
      }),
      { seed: 20261127, numRuns: 400 },
    );
    // The sequence: far fewer spans for a window of a few rows.
    const w = annotate(many, { spansWindow: [0, 32] });
    expect(w.spans.length * 50).to.be.lessThan(full[ends - 3]!.spans.length);
    // ... and in a SYCLBIN of many modules, whose reader reads the whole file (the tree keeps the window's).
    const mid = modules.length >> 1;
    const wm = annotate(modules, { spansWindow: [mid, mid + 64] });
    expect(wm.spans.length * 20).to.be.lessThan(full[ends - 2]!.spans.length);
    // The ranges drawn above land in the large files too, near their middles and edges.
    for (const i of [ends - 2, ends - 1]) {
      const f = files[i]!;
      for (const a of [0, 4000, 4090, mid - 5000, mid, f.length - 9100, f.length - 8990, f.length - 20010, f.length - 100]) {
        const range: [number, number] = [a, Math.min(f.length, a + 100)];
        const windowed = annotate(f, { spansWindow: [range[0] - (range[0] % 16), range[1] + 16] });
        expect(hexdump(f, windowed, { range }), `file ${i} range ${range}`).to.equal(hexdump(f, full[i]!, { range }));
      }
    }
  });
});

describe('hex: --range text is matched in linear time', () => {
  const OLD = /^\s*([0-9a-fA-FxX]*)\s*:\s*([0-9a-fA-FxX]*)\s*$/;
  it('blank runs around the colon are refused at once (the old pattern split them every way: 8.6 s for a colon, 10^5 blanks and z, 25 s with 3,000 blanks each side)', () => {
    const blanks = ' '.repeat(100_000);
    const t0 = Date.now();
    expect(() => parseRange(`${blanks}:${blanks}z`, 100)).to.throw(HexRangeError, 'bad range');
    expect(() => parseRange(`${blanks}z`, 100)).to.throw(HexRangeError, 'bad range');
    expect(parseRange(`${blanks}0x10 : 0x20${blanks}`, 100)).to.deep.equal([16, 32]);
    expect(Date.now() - t0).to.be.below(1000);
  });
  it('fast-check: the trimmed pattern takes exactly the texts and parts the old one took', () => {
    const NEW = /^([0-9a-fA-FxX]*)\s*:\s*([0-9a-fA-FxX]*)$/;
    const ch = fc.constantFrom(' ', '\t', '\n', '\u00a0', '\ufeff', ':', '0', 'x', 'X', 'f', 'g', 'z', '-');
    fc.assert(fc.property(fc.array(ch, { maxLength: 14 }).map((a) => a.join('')), (s) => {
      const a = OLD.exec(s);
      const b = NEW.exec(s.trim());
      expect(b === null).to.equal(a === null);
      if (a && b) expect([b[1], b[2]]).to.deep.equal([a[1], a[2]]);
    }), { numRuns: 20_000 });
  });
});

describe('hex: a device-image --path is recognised in linear time', () => {
  const OLD = /^(.*\.images\[\d+\])(?:#\d+)?\.(?:triple|offloadKind|kernels(?:\.length|\[.*\]))$/;
  it("'.images[0].kernels[' x 50,000 then 'x' is refused at once (the pattern took 0.48 s on 100,000 characters, quadratic)", () => {
    const t0 = Date.now();
    expect(imageOfPath(`${'.images[0].kernels['.repeat(50_000)}x`)).to.equal(undefined);
    expect(imageOfPath('entries[0].images[2]#1.kernels["k"]')?.[1]).to.equal('entries[0].images[2]');
    expect(Date.now() - t0).to.be.below(1000);
  });
  it('fast-check: the scan finds what the replaced pattern found', () => {
    const c = fc.constantFrom('.images[', '.images', '[', ']', '0', '12', '#', '#3', '.', '.triple', '.offloadKind', '.kernels', '.length', '.kernels[', 'x', '\n');
    fc.assert(fc.property(fc.array(c, { maxLength: 10 }).map((a) => a.join('')), (s) => {
      const a = OLD.exec(s);
      const b = imageOfPath(s);
      expect(b === undefined).to.equal(a === null);
      if (a && b) expect(b[1]).to.equal(a[1]);
    }), { numRuns: 30_000 });
  });
});
