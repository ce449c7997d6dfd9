/**
 * A problem inside a compressed OffloadBinary v3 has no offset in the file: the readers place it at
 * the payload's first byte (`compressedPayload`, where annotate names those bytes) and say where it
 * is inside as an offset of the inflated binary, header included: the offset `annotate --inflated`
 * gives the same field. `verify` says each such problem once (review 2026-12-03b finding 1).
 */
import { expect } from 'chai';
import { deflateSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { annotateInflated } from '../../src/hex/annotate.js';
import { verify } from '../../src/hex/verify.js';
import { inflateOffloadBinary, readOffloadBinary } from '../../src/offload/read.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { DecodeError } from '../../src/codec/errors.js';
import { OFFLOAD_VERSIONS } from '../../formats/offload-binary.js';
import { SyclbinFileHeader } from '../../formats/syclbin-v1.js';
import { expectDecodeError } from './support.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const V3 = new Uint8Array(readFileSync(ROOT + 'testdata/syclbin/v1_in_offload_v3_zlib.syclbin'));
const H = OFFLOAD_VERSIONS[3].header;

/** The v3 file again, its inflated payload changed by `patch` (recompressed with zlib, sizes updated, padded to 8). */
function repack(patch: (inflated: Uint8Array, view: DataView) => void): Uint8Array {
  const whole = inflateOffloadBinary(V3).bytes.slice();
  patch(whole, new DataView(whole.buffer));
  const payload = deflateSync(whole.subarray(H.fixedSize), { level: 6 });
  const size = H.fixedSize + payload.length;
  const out = new Uint8Array(Math.ceil(size / 8) * 8);
  out.set(V3.subarray(0, H.fixedSize));
  out.set(payload, H.fixedSize);
  const dv = new DataView(out.buffer);
  dv.setBigUint64(H.offsets.size!, BigInt(size), true);
  dv.setBigUint64(H.offsets.inflatedSize!, BigInt(whole.length), true);
  return out;
}

/** The inflated offset of the leaf at `path` as annotate --inflated gives it. */
function inflatedOffsetOf(file: Uint8Array, path: string): number {
  const span = annotateInflated(file).annotation.spans.find((s) => s.path === path);
  expect(span, path).to.not.equal(undefined);
  return span!.offset;
}

describe('offload: problems inside a compressed payload are placed at the payload, their inflated offset as annotate --inflated gives it', () => {
  it('the SYCLBIN image inside: globalMetadataOffset past its table (the offset of the field in the inflated binary, not in the image)', () => {
    const imageAt = Number(readOffloadBinary(V3).entries[0]!.raw.imageOffset);
    const file = repack((_, dv) => dv.setBigUint64(imageAt + SyclbinFileHeader.offsets.globalMetadataOffset, 999n, true));
    const e = expectDecodeError(() => readSyclbin(file));
    const at = inflatedOffsetOf(file, 'entries[0].image.header.globalMetadataOffset');
    expect(at).to.equal(imageAt + SyclbinFileHeader.offsets.globalMetadataOffset);
    expect([e.offset, e.path]).to.deep.equal([H.fixedSize, 'compressedPayload']);
    expect(e.message).to.include(`(inside the compressed payload: entries[0].image.header.globalMetadataOffset at inflated offset 0x${at.toString(16)})`);
    const v = verify(file);
    expect(v.counts.error).to.equal(1);
    const err = v.problems.find((p) => p.severity === 'error')!;
    expect([err.offset, err.path]).to.deep.equal([H.fixedSize, 'compressedPayload']);
    expect(err.message).to.include(`(at 0x${at.toString(16)} of the inflated binary, header included`);
  });

  it('the envelope inside: an entry whose imageSize runs past the binary is placed at the payload, not at a file offset that is zlib data', () => {
    const entryAt = H.fixedSize; // (the entry table follows the header in the inflated binary: EntriesOffset 40)
    const imageSizeAt = entryAt + OFFLOAD_VERSIONS[3].entry.offsets.imageSize!;
    const file = repack((_, dv) => dv.setBigUint64(imageSizeAt, 9999n, true));
    expect(inflatedOffsetOf(file, 'entries[0].imageSize')).to.equal(imageSizeAt);
    const e = expectDecodeError(() => readOffloadBinary(file));
    expect([e.offset, e.path]).to.deep.equal([H.fixedSize, 'compressedPayload']);
    expect(e.message).to.include(`(inside the compressed payload: entries[0].imageSize at inflated offset 0x${imageSizeAt.toString(16)})`);
    // (the library's collect mode places it alike)
    const problems: DecodeError[] = [];
    try {
      readOffloadBinary(file, 0, { problems });
    } catch {
      // (collect mode may still stop)
    }
    for (const p of problems) expect(p.offset === H.fixedSize || p.offset < H.fixedSize, p.message).to.equal(true);
    const v = verify(file);
    expect(v.counts.error).to.equal(1);
    expect(v.problems.find((p) => p.severity === 'error')!.message).to.include(`(at 0x${imageSizeAt.toString(16)} of the inflated binary, header included`);
  });

  it('a header field of a compressed binary keeps its own file offset (the header is not compressed), also for a binary further in', () => {
    const file = repack(() => {});
    const dv = new DataView(file.buffer);
    dv.setBigUint64(H.offsets.entriesCount!, 1000n, true);
    const two = new Uint8Array(8 + file.length);
    two.set(file, 8);
    for (const [bytes, at] of [[file, 0], [two, 8]] as const) {
      const e = expectDecodeError(() => readOffloadBinary(bytes, at));
      expect([e.path, e.offset]).to.deep.equal(['header.entriesCount', at + H.offsets.entriesCount!]);
    }
  });
});
