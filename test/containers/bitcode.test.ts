/**
 * LLVM bitcode: the bitstream reader (src/containers/bitstream.ts) on streams written here bit by bit,
 * and the module reader (src/containers/bitcode.ts) on what LLVM 22 wrote: containers/host.bc
 * (clang-22 -fopenmp -emit-llvm: one embedded OffloadBinary) and containers/embedded.bc (llvm-as-22
 * of embedded.ll: the rules of extractFromBitcode), checked against what llvm-offload-binary-22
 * extracted from them (extract/bitcode-input.files.txt, extract/bitcode-rules.files.txt) and the IR
 * text; hostile streams give a problem or a DecodeError, never anything else.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { blobRef, encode, memorySource } from '../../src/codec/index.js';
import { BitcodeWrapperHeader } from '../../formats/llvm-bitcode.js';
import { bitcodeEmbeddedObjects, bitcodeTriple } from '../../src/containers/bitcode.js';
import { bitcodeArchiveSymbols } from '../../src/containers/bitcode-symbols.js';
import { BitstreamError, BitstreamReader } from '../../src/containers/bitstream.js';
import { readOffloadBinaries } from '../../src/offload/read.js';
import { readOffloadInput } from '../../src/offload/input.js';
import { inputOffloadingText } from '../../src/offload/input-text.js';
import { bytesOf, onlyDecodeErrors, overwrite, textOf } from './support.js';

const blobOf = (b: Uint8Array): ReturnType<typeof blobRef> => blobRef(memorySource(b), 0, b.length, 0);
const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** Writes fields from the least significant bit, as LLVM's BitstreamWriter. */
class BitWriter {
  private bits: number[] = [];
  fixed(v: number, w: number): this {
    for (let i = 0; i < w; i++) this.bits.push(Math.floor(v / 2 ** i) % 2);
    return this;
  }
  /** A VBR of any 64-bit value (record operands: a double's bits). */
  vbrBig(v: bigint, w: number): this {
    const hi = 1n << BigInt(w - 1);
    do {
      const piece = Number(v % hi);
      v /= hi;
      this.fixed(v ? piece + Number(hi) : piece, w);
    } while (v);
    return this;
  }
  vbr(v: number, w: number): this {
    const hi = 2 ** (w - 1);
    do {
      const piece = v % hi;
      v = Math.floor(v / hi);
      this.fixed(v ? piece + hi : piece, w);
    } while (v);
    return this;
  }
  align32(): this {
    while (this.bits.length % 32) this.bits.push(0);
    return this;
  }
  get length(): number {
    return this.bits.length;
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(Math.ceil(this.bits.length / 8));
    this.bits.forEach((b, i) => (out[i >> 3]! |= b << (i & 7)));
    return out;
  }
}

/** A stream of one block (id 8, abbreviation width 3) holding what `body` writes, with its length word. */
function inBlock(body: (w: BitWriter) => void): Uint8Array {
  const w = new BitWriter();
  w.fixed(1, 2).vbr(8, 8).vbr(3, 4).align32();
  const lengthAt = w.length;
  w.fixed(0, 32);
  body(w);
  w.fixed(0, 3).align32(); // END_BLOCK
  const bytes = w.bytes();
  new DataView(bytes.buffer).setUint32(lengthAt / 8, (w.length - lengthAt - 32) / 32, true);
  return bytes;
}

describe('bitstream reader', () => {
  it('abbreviated records: literal code, fixed, vbr, char6, an array of fixed(8) read again as bytes, a blob', () => {
    const w = new BitWriter();
    // ENTER_SUBBLOCK id 8, width 3, then the length in words (patched below).
    w.fixed(1, 2).vbr(8, 8).vbr(3, 4).align32();
    const lengthAt = w.length;
    w.fixed(0, 32);
    // DEFINE_ABBREV [literal 7, fixed 5, vbr 3, char6, array of fixed 8]: six operands
    w.fixed(2, 3).vbr(6, 5);
    w.fixed(1, 1).vbr(7, 8);
    w.fixed(0, 1).fixed(1, 3).vbr(5, 5);
    w.fixed(0, 1).fixed(2, 3).vbr(3, 5);
    w.fixed(0, 1).fixed(4, 3);
    w.fixed(0, 1).fixed(3, 3);
    w.fixed(0, 1).fixed(1, 3).vbr(8, 5);
    // record with abbreviation 4: 21, 300, 'Z', [1, 2, 255]
    w.fixed(4, 3).fixed(21, 5).vbr(300, 3).fixed(51, 6).vbr(3, 6).fixed(1, 8).fixed(2, 8).fixed(255, 8);
    // DEFINE_ABBREV [literal 9, blob]; record: blob "hello"
    w.fixed(2, 3).vbr(2, 5).fixed(1, 1).vbr(9, 8).fixed(0, 1).fixed(5, 3);
    w.fixed(5, 3).vbr(5, 6).align32();
    for (const c of 'hello') w.fixed(c.charCodeAt(0), 8);
    w.align32();
    w.fixed(0, 3).align32(); // END_BLOCK
    const words = (w.length - lengthAt - 32) / 32;
    const bytes = w.bytes();
    new DataView(bytes.buffer).setUint32(lengthAt / 8, words, true);
    const r = new BitstreamReader(blobOf(bytes), 0, bytes.length);
    const b = r.next();
    expect(b).to.deep.include({ kind: 'block', id: 8, newWidth: 3, lengthWords: words });
    r.enter(b as never);
    const rec = r.next();
    const x = r.record(rec as never);
    expect([x.code, x.ops]).to.deep.equal([7, [21, 300, 'Z'.charCodeAt(0), 1, 2, 255]]);
    const out = new Uint8Array(3);
    r.arrayBytes(x, out);
    expect([...out]).to.deep.equal([1, 2, 255]);
    const y = r.record(r.next() as never);
    expect(y.code).to.equal(9);
    expect(new TextDecoder().decode(bytes.subarray(y.blob!.offset, y.blob!.offset + y.blob!.size))).to.equal('hello');
    expect(r.next()).to.deep.equal({ kind: 'end' });
    expect(r.next()).to.deep.equal({ kind: 'end' }); // top level: the end of the stream
  });

  it('fixed(0) and vbr(0) operands are literal zeros; vbr(1) reads 1-bit chunks until a 0 and is 0 (as LLVM)', () => {
    const bytes = inBlock((w) => {
      w.fixed(2, 3).vbr(3, 5).fixed(1, 1).vbr(4, 8).fixed(0, 1).fixed(1, 3).vbr(0, 5).fixed(0, 1).fixed(2, 3).vbr(1, 5);
      w.fixed(4, 3).fixed(1, 1).fixed(1, 1).fixed(0, 1); // the vbr(1) operand: 1, 1, 0
    });
    const r = new BitstreamReader(blobOf(bytes), 0, bytes.length);
    r.enter(r.next() as never);
    const x = r.record(r.next() as never);
    expect([x.code, x.ops]).to.deep.equal([4, [0, 0]]);
  });

  it('BLOCKINFO abbreviations come first in their block (numbered from 4), shared on entry; a second BLOCKINFO replaces the first (as LLVM)', () => {
    // Top level: BLOCKINFO (width 3): SETBID 8, DEFINE_ABBREV [literal 11, fixed 4]; then block 8 using
    // abbreviation 4; then another BLOCKINFO defining [literal 22, fixed 4]; block 8 again.
    const w = new BitWriter();
    const block = (id: number, body: () => void): void => {
      w.fixed(1, 2).vbr(id, 8).vbr(3, 4).align32();
      const at = w.length;
      w.fixed(0, 32);
      body();
      w.fixed(0, 3).align32();
      lengths.push([at, (w.length - at - 32) / 32]);
    };
    const lengths: [number, number][] = [];
    const info = (code: number): void =>
      block(0, () => {
        w.fixed(3, 3).vbr(1, 6).vbr(1, 6).vbr(8, 6); // SETBID 8
        w.fixed(2, 3).vbr(2, 5).fixed(1, 1).vbr(code, 8).fixed(0, 1).fixed(1, 3).vbr(4, 5);
      });
    info(11);
    block(8, () => void w.fixed(4, 3).fixed(9, 4));
    info(22);
    block(8, () => void w.fixed(4, 3).fixed(5, 4));
    const bytes = w.bytes();
    for (const [at, words] of lengths) new DataView(bytes.buffer).setUint32(at / 8, words, true);
    const r = new BitstreamReader(blobOf(bytes), 0, bytes.length);
    const seen: [number, number[]][] = [];
    for (let it = r.next(); it.kind !== 'end'; it = r.next()) {
      if (it.kind !== 'block') continue;
      r.enter(it);
      if (it.id !== 8) continue;
      const rec = r.record(r.next() as never);
      seen.push([rec.code, rec.ops]);
      expect(r.next()).to.deep.equal({ kind: 'end' });
    }
    expect(seen).to.deep.equal([
      [11, [9]],
      [22, [5]],
    ]);
  });

  it('a VBR value past 2^53 - 1 is a BitstreamError (never rounded); a range past the blob reads as a stream that ends there', () => {
    const w = new BitWriter();
    w.vbr(2 ** 53 - 1, 6).vbr(2 ** 53 - 1, 32).align32();
    const ok = w.bytes();
    const r = new BitstreamReader(blobOf(ok), 0, ok.length);
    expect([r.vbr(6), r.vbr(32)]).to.deep.equal([2 ** 53 - 1, 2 ** 53 - 1]);
    const big = new BitWriter();
    // 2^53 + 1 as vbr6: 11 chunks of 5 bits.
    const value = 2n ** 53n + 1n;
    for (let v = value; ; v >>= 5n) {
      const piece = Number(v & 31n);
      const more = v >> 5n > 0n;
      big.fixed(more ? piece + 32 : piece, 6);
      if (!more) break;
    }
    const b = big.align32().bytes();
    expect(() => new BitstreamReader(blobOf(b), 0, b.length).vbr(6)).to.throw(BitstreamError, /larger than 2\^53 - 1/);
    expect(() => new BitstreamReader(blobOf(ok), 0, ok.length + 1000).fixed(32 * 8)).to.throw(BitstreamError, /the stream ends/);
  });

  it('a record operand past 2^53 - 1 (legal: 64-bit, e.g. the bits of the double 4.0) is NaN in a `wide` record, refused only where it is used; past 64 bits it is an error', () => {
    const FOUR = 0x4010000000000000n; // 4.0 as an IEEE double, what clang writes in CST_CODE_FLOAT
    const bytes = inBlock((w) => {
      // UNABBREV_RECORD code 6 (CST_CODE_FLOAT), one operand; then code 1 with operand 5.
      w.fixed(3, 3).vbr(6, 6).vbr(1, 6).vbrBig(FOUR, 6);
      w.fixed(3, 3).vbr(1, 6).vbr(1, 6).vbr(5, 6);
      // DEFINE_ABBREV [literal 2, vbr 8]; a record with it holding 2^64 - 1.
      w.fixed(2, 3).vbr(2, 5).fixed(1, 1).vbr(2, 8).fixed(0, 1).fixed(2, 3).vbr(8, 5);
      w.fixed(4, 3).vbrBig(2n ** 64n - 1n, 8);
    });
    const r = new BitstreamReader(blobOf(bytes), 0, bytes.length);
    r.enter(r.next() as never);
    const item = r.next() as { kind: 'record'; abbrev: number; at: number };
    const f = r.record(item);
    expect([f.code, f.wide, Number.isNaN(f.ops[0])]).to.deep.equal([6, true, true]);
    expect(() => r.usedOps(f, 'CST_CODE_FLOAT', item.at)).to.throw(BitstreamError, /^CST_CODE_FLOAT: an operand is larger than 2\^53 - 1 \(at byte \d+\)$/);
    const n = r.record(r.next() as never);
    expect([n.code, n.ops, n.wide]).to.deep.equal([1, [5], undefined]);
    const a = r.record(r.next() as never);
    expect([a.code, a.wide]).to.deep.equal([2, true]);
    expect(r.next()).to.deep.equal({ kind: 'end' });
    // A chunk continuing past bit 64: LLVM's ReadVBR64 "Unterminated VBR".
    const long = new BitWriter().vbrBig(2n ** 70n, 6).align32().bytes();
    expect(() => new BitstreamReader(blobOf(long), 0, long.length).vbr(6, true)).to.throw(BitstreamError, /longer than 64 bits/);
  });

  for (const [what, write, message] of [
    ['an abbreviation id that is not defined', (w: BitWriter) => void w.fixed(7, 3), /abbreviation id 7 is not defined in block 8/],
    ['an array that is not the operand before last', (w: BitWriter) => void w.fixed(2, 3).vbr(4, 5).fixed(1, 1).vbr(1, 8).fixed(0, 1).fixed(3, 3).fixed(0, 1).fixed(1, 3).vbr(8, 5).fixed(0, 1).fixed(1, 3).vbr(8, 5), /array operand must be followed/],
    ['a blob that is not last', (w: BitWriter) => void w.fixed(2, 3).vbr(3, 5).fixed(1, 1).vbr(1, 8).fixed(0, 1).fixed(5, 3).fixed(0, 1).fixed(1, 3).vbr(8, 5), /blob operand must be last/],
    ['an abbreviation starting with an array', (w: BitWriter) => void w.fixed(2, 3).vbr(2, 5).fixed(0, 1).fixed(3, 3).fixed(0, 1).fixed(1, 3).vbr(8, 5), /must start with a scalar/],
    ['a block longer than the stream', (w: BitWriter) => void w.fixed(1, 3).vbr(9, 8).vbr(3, 4).align32().fixed(1000, 32), /run past the end of the stream/],
    ['a record claiming more operands than bits left', (w: BitWriter) => void w.fixed(3, 3).vbr(1, 6).vbr(1_000_000, 6), /a record of 1000000 operands/],
    // [literal 1, array of fixed 8] with 2^40 elements claimed: refused before anything is allocated.
    ['an array claiming more elements than bits left', (w: BitWriter) => void w.fixed(2, 3).vbr(3, 5).fixed(1, 1).vbr(1, 8).fixed(0, 1).fixed(3, 3).fixed(0, 1).fixed(1, 3).vbr(8, 5).fixed(4, 3).vbr(2 ** 40, 6), /an array of 1099511627776 elements/],
  ] as const) {
    it(`${what}: a BitstreamError with its byte offset`, () => {
      const stream = inBlock(write);
      const bytes = new Uint8Array(100 + stream.length);
      bytes.set(stream, 100); // the stream starts at byte 100 of its input
      const r = new BitstreamReader(blobOf(bytes), 100, stream.length);
      let err: unknown;
      try {
        for (let it = r.next(), n = 0; it.kind !== 'end' && n < 10; it = r.next(), n++) {
          if (it.kind === 'block') r.enter(it);
          else r.record(it);
        }
      } catch (e) {
        err = e;
      }
      expect(err).to.be.instanceOf(BitstreamError);
      expect((err as BitstreamError).message).to.match(message);
      expect((err as BitstreamError).offset).to.be.at.least(100);
    });
  }
});

describe('bitcode modules: the triple and the embedded OffloadBinaries (extractFromBitcode)', () => {
  it('triples as the IR says (host.bc: the default target; k.device.bc: its .ll)', () => {
    const dev = bytesOf('sycl/k.device.bc');
    const devLl = /^target triple = "(.*)"$/m.exec(textOf('sycl/k.device.bc.ll.txt'))![1];
    expect(bitcodeTriple(blobOf(dev), 0, dev.length)).to.deep.equal({ triple: devLl });
    const emb = bytesOf('containers/embedded.bc');
    expect(bitcodeTriple(blobOf(emb), 0, emb.length)).to.deep.equal({ triple: /^target triple = "(.*)"$/m.exec(textOf('containers/embedded.ll'))![1] });
  });

  it('host.bc: @llvm.embedded.object holds the one binary; its image is the file llvm-offload-binary-22 extracted', () => {
    const b = bytesOf('containers/host.bc');
    const e = bitcodeEmbeddedObjects(blobOf(b), 0, b.length);
    expect([e.hasMetadata, e.problem, e.skipped, e.objects.map((o) => [o.global, o.section])]).to.deep.equal([true, undefined, [], [['@llvm.embedded.object', '.llvm.offloading']]]);
    const [bin, ...more] = readOffloadBinaries(memorySource(e.objects[0]!.bytes));
    expect(more).to.deep.equal([]);
    expect(bin!.size).to.equal(e.objects[0]!.bytes.length);
    const [size, hash, name] = textOf('extract/bitcode-input.files.txt').trim().split('\t');
    expect(name).to.equal('host-x86_64-unknown-linux-gnu-generic.0.bc');
    const image = bin!.entries[0]!.imageRef.bytes();
    expect([image.length, sha(image)]).to.deep.equal([Number(size), hash]);
  });

  it('embedded.bc: metadata order, only section .llvm.offloading, only ConstantDataSequential, only two-operand nodes, unlisted globals ignored', () => {
    const b = bytesOf('containers/embedded.bc');
    const e = bitcodeEmbeddedObjects(blobOf(b), 0, b.length);
    expect(e.objects.map((o) => o.global)).to.deep.equal(['@obj.two', '@obj.multi']);
    expect(e.objects.map((o) => o.bytes)).to.deep.equal([bytesOf('pack/two.ob22.bin'), bytesOf('pack/multi.ob22.bin')]);
    expect(e.skipped).to.have.length(3);
    expect(e.skipped[0]).to.match(/operand 1: section '\.other', not \.llvm\.offloading/);
    expect(e.skipped[1]).to.match(/operand 2: @obj\.zero has no ConstantDataSequential initializer/);
    expect(e.skipped[2]).to.match(/operand 3: not a node of two operands/);
  });

  it('a device module (no !llvm.embedded.objects) has none, and stays a bare image', () => {
    const b = bytesOf('sycl/k.device.bc');
    expect(bitcodeEmbeddedObjects(blobOf(b), 0, b.length)).to.deep.equal({ hasMetadata: false, objects: [], skipped: [], unread: [], moduleCount: 1 });
    expect(readOffloadInput(memorySource(b)).bare.map((x) => x.kind)).to.deep.equal(['bitcode']);
  });

  it('readOffloadInput: the binaries are found (site: the global), the host module is not a device image; the listing names the global', () => {
    const r = readOffloadInput(memorySource(bytesOf('containers/embedded.bc')));
    expect([r.container, r.binaries, r.bare]).to.deep.equal(['bitcode', [], []]);
    expect(r.found.map((f) => [f.site.global, f.site.path.join('.'), f.binary.entries.length])).to.deep.equal([
      ['@obj.two', 'globals.0.binaries.0', 1],
      ['@obj.two', 'globals.0.binaries.1', 1],
      ['@obj.multi', 'globals.1.binaries.0', 1],
      ['@obj.multi', 'globals.1.binaries.1', 1],
      ['@obj.multi', 'globals.1.binaries.2', 1],
      ['@obj.multi', 'globals.1.binaries.3', 1],
      ['@obj.multi', 'globals.1.binaries.4', 1],
    ].slice(0, r.found.length));
    expect(r.found.length).to.equal(readOffloadBinaries(memorySource(bytesOf('pack/two.ob22.bin'))).length + readOffloadBinaries(memorySource(bytesOf('pack/multi.ob22.bin'))).length);
    expect(r.notes.join('\n')).to.match(/host bitcode module: \d+ OffloadBinary\(s\) in @obj\.two, @obj\.multi/);
    expect(r.notes.join('\n')).to.match(/section '\.other', not \.llvm\.offloading \(skipped, as LLVM skips it\)/);
    const text = [...inputOffloadingText('embedded.bc', r)].join('');
    expect(text.match(/^OffloadBinary in @obj\.\w+: /gm)).to.have.length(r.found.length);
    expect(text).to.include(textOf('pack/two.ob22.bin.objdump22.txt').split('\nOFFLOADING IMAGE [1]')[0]);
  });

  it('property (fixed seed): damaged and truncated modules give a problem or a DecodeError, never another exception', () => {
    for (const f of ['containers/host.bc', 'containers/embedded.bc']) {
      const b0 = bytesOf(f);
      fc.assert(
        fc.property(fc.nat(b0.length - 1), fc.uint8Array({ minLength: 1, maxLength: 8 }), (at, v) => {
          const b = overwrite(b0, at, v);
          bitcodeEmbeddedObjects(blobOf(b), 0, b.length);
          bitcodeTriple(blobOf(b), 0, b.length);
          onlyDecodeErrors(() => readOffloadInput(memorySource(b)), f);
        }),
        { seed: 2026, numRuns: 1000 },
      );
      for (let n = 0; n < b0.length; n += 7) {
        const p = b0.subarray(0, n);
        bitcodeEmbeddedObjects(blobOf(p), 0, p.length);
        onlyDecodeErrors(() => readOffloadInput(memorySource(p)), `${f} prefix ${n}`);
      }
    }
  });
});

describe('bitcode archive symbols (writeArchive / ModuleSymbolTable, src/containers/bitcode-symbols.ts)', () => {
  /** The amdgcn bitcode image of containers/hip-rdc.o (clang-22 -x hip --offload-new-driver -fgpu-rdc). */
  const hipImage = (): Uint8Array => {
    const input = readOffloadInput(memorySource(bytesOf('containers/hip-rdc.o')));
    expect(input.found).to.have.length(1);
    const ref = input.found[0]!.binary.entries[0]!.imageRef;
    return ref.slice(0, ref.size);
  };

  it('hip-rdc.o: the names llvm-nm-22 --print-armap lists for llvm-offload-binary-22 --archive, in its order', () => {
    const map = textOf('extract/archive-bitcode.armap.txt').split('\n\n')[0]!.split('\n').slice(1).filter(Boolean);
    const want = map.map((l) => l.replace(/ in hip-rdc\.o$/, ''));
    expect(want).to.include.members(['_Z4bumpi', '_Z7weak_fni', '_Z4kernPi', 'counter', 'table']);
    expect(bitcodeArchiveSymbols(blobOf(hipImage()))).to.deep.equal({ symbols: want });
  });

  it('hip-rdc.o\'s device module, whose constants hold 64-bit operands (a double\'s bits), is read to its end: no problem, the triple, no embedded objects', () => {
    const b = blobOf(hipImage());
    const e = bitcodeEmbeddedObjects(b, 0, b.size);
    expect([e.problem, e.objects]).to.deep.equal([undefined, []]);
    expect(bitcodeTriple(b, 0, b.size)).to.deep.equal({ triple: 'amdgcn-amd-amdhsa' });
  });

  it('the device module of clang++-22 -fsycl: its one kernel; not bitcode: undefined; wrapper header: read behind it', () => {
    expect(bitcodeArchiveSymbols(blobOf(bytesOf('sycl/k.device.bc')))).to.deep.equal({ symbols: ['_ZTS5KName'] });
    expect(bitcodeArchiveSymbols(blobOf(bytesOf('pack/multi.ob22.bin')))).to.equal(undefined);
    const raw = hipImage();
    // A bitcode wrapper header (formats/llvm-bitcode.ts BitcodeWrapperHeader) then the module.
    const W = BitcodeWrapperHeader.fixedSize!;
    const wrap = (size: number): Uint8Array => {
      const b = new Uint8Array(W + raw.length);
      b.set(encode(BitcodeWrapperHeader, { version: 0, offset: W, size, cpuType: 0 }), 0);
      b.set(raw, W);
      return b;
    };
    expect(bitcodeArchiveSymbols(blobOf(wrap(raw.length)))).to.deep.equal(bitcodeArchiveSymbols(blobOf(raw)));
    expect(bitcodeArchiveSymbols(blobOf(wrap(raw.length + 1)))?.problem).to.match(/outside the/);
  });

  it('property (fixed seed): damaged and truncated bitcode gives symbols, a problem or undefined, never an exception', () => {
    const b0 = hipImage();
    fc.assert(
      fc.property(fc.nat(b0.length - 1), fc.uint8Array({ minLength: 1, maxLength: 8 }), (at, v) => {
        const r = bitcodeArchiveSymbols(blobOf(overwrite(b0, at, v)));
        if (r) expect(r.symbols !== undefined || r.problem !== undefined).to.equal(true);
      }),
      { seed: 2026, numRuns: 1000 },
    );
    for (let n = 0; n < b0.length; n += 5) bitcodeArchiveSymbols(blobOf(b0.subarray(0, n)));
  });

  it('hostile: an abbreviation of literals used over and over is refused by a work bound, not read in quadratic time', () => {
    const bytes = inBlock((w) => {
      // DEFINE_ABBREV of 2,000 literal operands, then 20,000 records of 3 bits each using it.
      w.fixed(2, 3).vbr(2000, 5);
      for (let i = 0; i < 2000; i++) w.fixed(1, 1).vbr(i % 7, 8);
      for (let i = 0; i < 20000; i++) w.fixed(4, 3);
    });
    const r = new BitstreamReader(blobOf(bytes), 0, bytes.length);
    r.enter(r.next() as never);
    let records = 0;
    expect(() => {
      for (let it = r.next(); it.kind !== 'end'; it = r.next()) if (it.kind === 'record') (r.record(it), records++);
    }).to.throw(BitstreamError, /abbreviated records expand to more than/);
    // The bound stops it after about a hundred records (20,000 would be 40 million operands).
    expect(records).to.be.lessThan(200);
  });

  it('hostile: global value records cheaper than LLVM writes them (literal abbreviations) give a problem, not a table of millions', () => {
    // BC C0 DE, then a MODULE_BLOCK: VERSION 2 (unabbreviated), an abbreviation [literal FUNCTION, 8 literals], 100,000 uses.
    const w = new BitWriter();
    for (const b of [0x42, 0x43, 0xc0, 0xde]) w.fixed(b, 8);
    w.fixed(1, 2).vbr(8, 8).vbr(3, 4).align32();
    const lengthAt = w.length;
    w.fixed(0, 32);
    w.fixed(3, 3).vbr(1, 6).vbr(1, 6).vbr(2, 6); // UNABBREV_RECORD VERSION [2]
    w.fixed(2, 3).vbr(9, 5).fixed(1, 1).vbr(8, 8);
    for (let i = 0; i < 8; i++) w.fixed(1, 1).vbr(0, 8);
    for (let i = 0; i < 100000; i++) w.fixed(4, 3);
    w.fixed(0, 3).align32();
    const bytes = w.bytes();
    new DataView(bytes.buffer).setUint32(lengthAt / 8, (w.length - lengthAt - 32) / 32, true);
    expect(bitcodeArchiveSymbols(blobOf(bytes))?.problem).to.match(/a global value record of 3 bits at byte \d+: fewer than LLVM writes/);
  });
});

