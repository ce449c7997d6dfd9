/**
 * `diffFiles` on images: identical images compare equal window by window without hashing, a
 * difference anywhere (also in the last byte, past the first compare window) is found, and only a
 * changed image is described by its FNV-1a hash. bench/ found diff hashing both 1 GiB images whole.
 */
import { expect } from 'chai';
import { diffFiles } from '../../src/hex/diff.js';
import { memorySource, type ByteSource } from '../../src/codec/source.js';
import { memoryBlob, writeSyclbin } from '../../src/syclbin/write.js';
import { sampleModel } from './fixtures.js';
import { SyclbinFileHeader } from '../../formats/syclbin-v1.js';

/** A v1 file whose first IR module is `image`. */
function fileWith(image: Uint8Array): Uint8Array {
  const m = sampleModel();
  m.abstractModules[0]!.irModules[0]!.image = memoryBlob(image);
  return writeSyclbin(m, { format: 1, envelope: 'none' });
}

/** A source that counts the bytes read from it. */
function counting(bytes: Uint8Array): { src: ByteSource; read: () => number } {
  const inner = memorySource(bytes);
  let n = 0;
  const src: ByteSource = {
    size: inner.size,
    read(at, length) {
      n += length;
      return inner.read(at, length);
    },
  };
  return { src, read: () => n };
}

describe('hex: diff of images', () => {
  const SIZE = 3 * (1 << 20) + 5; // three compare windows and an odd tail
  const image = new Uint8Array(SIZE).map((_, i) => (i * 7) & 0xff);

  it('identical images: no difference, each side read about once (no hash pass)', () => {
    const a = counting(fileWith(image));
    const b = counting(fileWith(image.slice()));
    const r = diffFiles(a.src, b.src);
    expect(r.entries).to.deep.equal([]);
    // annotate reads headers and metadata; the compare reads each image once. A hash pass would double it.
    expect(a.read()).to.be.below(SIZE * 1.5);
    expect(b.read()).to.be.below(SIZE * 1.5);
  });

  // each of the four words compared per step, the words after the last full step, the byte tail
  for (const at of [0, 3, 4, 8, 13, (1 << 20) + 1, SIZE - 5, SIZE - 1]) {
    it(`a byte changed at ${at} is a changed image, described by size and hash`, () => {
      const other = image.slice();
      other[at] ^= 0xff;
      const r = diffFiles(fileWith(image), fileWith(other));
      expect(r.entries.map((e) => e.path)).to.deep.equal(['abstractModules[0].irModules[0].bytes']);
      const e = r.entries[0]!;
      expect(e.op).to.equal('changed');
      expect(e.a).to.match(new RegExp(`^<${SIZE} bytes, fnv1a [0-9a-f]{8}>$`));
      expect(e.a).to.not.equal(e.b);
    });
  }
});

describe('hex: diff of SYCLBIN headers', () => {
  it("the SYBI header's version is meaning (readers check it): 0 and 1 differ; its reserved bytes are only a byte difference", () => {
    const one = fileWith(Uint8Array.of(1, 2, 3));
    const zero = one.slice();
    new DataView(zero.buffer).setUint32(SyclbinFileHeader.offsets.version, 0, true);
    expect(diffFiles(one, zero).entries).to.deep.equal([{ op: 'changed', path: 'header.version', a: '1', b: '0' }]);
    const reserved = one.slice();
    reserved[SyclbinFileHeader.offsets.reserved] = 0xff;
    expect(diffFiles(one, reserved).entries).to.deep.equal([]);
    expect(diffFiles(one, reserved, { bytes: true }).bytes!.map((b) => b.path)).to.include('header.reserved');
  });
});

describe('diff of property sets: a value that changes type', () => {
  it('an empty byte array reads "empty" with its encoding, the uint32 as its number', () => {
    const src = (t: string): ByteSource => memorySource(new TextEncoder().encode(t));
    expect(diffFiles(src('[S]\nk=2|AAAAAAAAAAA\n'), src('[S]\nk=1|0\n')).entries).to.deep.equal([{ op: 'changed', path: '["S"]["k"]', a: 'empty (2|AAAAAAAAAAA)', b: '0' }]);
  });
});
