/**
 * Test inputs whose OffloadBinary entries name the same image bytes (hostile and unusual layouts the
 * writers never make): an OffloadBinary v2 is written, then entries' ImageOffset/ImageSize are set to
 * another entry's image. Field offsets come from formats/offload-binary.ts.
 */
import { OFFLOAD_VERSIONS } from '../../formats/offload-binary.js';
import { readOffloadBinary } from '../../src/offload/read.js';
import type { OffloadEntryInput } from '../../src/offload/write.js';

/** An entry with one `triple` string (image kind 6 SPIR-V unless given). */
export function entryOf(image: Uint8Array, imageKind = 6, offloadKind = 4): OffloadEntryInput {
  return { imageKind, offloadKind, flags: 0, strings: [['triple', 'spir64']], image };
}

/**
 * Point entries `from` of the OffloadBinary v2 `b` (in place) at entry `target`'s image; with
 * `skip(i)`, entry i names that image from byte skip(i) on (ranges that overlap without being equal).
 */
export function pointEntriesAt(b: Uint8Array, from: Iterable<number>, target: number, skip: (i: number) => number = () => 0): Uint8Array {
  const ob = readOffloadBinary(b);
  const v = OFFLOAD_VERSIONS[2];
  const dv = new DataView(b.buffer, b.byteOffset);
  const at = Number(ob.header[v.fields.entriesOffset]);
  const image = ob.entries[target]!.imageRef;
  for (const i of from) {
    const s = skip(i);
    dv.setBigUint64(at + v.entry.fixedSize! * i + v.entry.offsets.imageOffset!, BigInt(image.offset! + s), true);
    dv.setBigUint64(at + v.entry.fixedSize! * i + v.entry.offsets.imageSize!, BigInt(image.size - s), true);
  }
  return b;
}

/** The integers [from, to). */
export function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}
