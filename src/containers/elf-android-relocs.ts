/**
 * Android's packed relocation tables (`ld.lld --pack-dyn-relocs=android`, SHT_ANDROID_REL/RELA; after
 * GNU strip the same bytes under SHT_RELA): "APS2", then SLEB128 numbers: the count, the first offset,
 * and groups of relocations that share an offset step, an r_info or an addend. Decoded as LLVM's
 * `ELFFile::android_relas` decodes them (llvm/include/llvm/Object/ELF.h@llvmorg-19.1.7): offsets and
 * addends are sums modulo 2^64, an addend is reset to 0 in a group without addends, and a group larger
 * than the relocations left is "relocation group unexpectedly large".
 *
 * Bounded: a relocation may take no bytes of the stream (a group sharing its offset step and info),
 * so the count is capped by the caller (`max`: as many as plain RELA records would fit in the file,
 * so a packed table costs no more than a plain one of the same file), not by the stream's bytes.
 *
 * Portable: no Node APIs.
 */
import { ANDROID_RELOC_GROUP, ANDROID_RELOCS_MAGIC } from '../../formats/elf.js';

/** One decoded relocation (r_info as stored: the caller splits it by ELF class). */
export interface PackedReloc {
  /** r_offset: the address relocated. */
  offset: bigint;
  /** r_info: symbol and type. */
  info: bigint;
  /** r_addend (0 in a group without addends). */
  addend: bigint;
}

/** The stream is not a packed table LLVM reads: why, and at which byte of the section. */
export class PackedRelocsError extends Error {
  constructor(
    message: string,
    /** Byte offset in the section's contents. */
    readonly at: number,
  ) {
    super(message);
  }
}

/** Whether section contents start with the packed-relocation magic. */
export function isPackedRelocs(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && ANDROID_RELOCS_MAGIC.every((c, i) => bytes[i] === c);
}

/**
 * The relocations of a packed table (`bytes`: its section contents), in a list (see
 * {@link forEachPackedReloc}).
 */
export function decodePackedRelocs(bytes: Uint8Array, max: number): PackedReloc[] {
  const out: PackedReloc[] = [];
  forEachPackedReloc(bytes, max, (r) => void out.push(r));
  return out;
}

/**
 * Hands each relocation of a packed table to `f`, in stream order. At most `max` are decoded: a
 * table that declares more is a PackedRelocsError before any is decoded (LLVM reads them all; the
 * caller's `max` is what a table of plain records in a file of that size could hold).
 */
export function forEachPackedReloc(bytes: Uint8Array, max: number, f: (r: PackedReloc) => void): void {
  if (!isPackedRelocs(bytes)) throw new PackedRelocsError('invalid packed relocation header', 0);
  let at = 4;
  const sleb = (): bigint => {
    let result = 0n;
    let shift = 0n;
    const from = at;
    for (;;) {
      if (at >= bytes.length) throw new PackedRelocsError('malformed sleb128, extends past end', from);
      const b = bytes[at++]!;
      if (shift >= 64n && b !== 0 && b !== 0x7f) throw new PackedRelocsError('sleb128 too big for int64', from);
      result |= BigInt(b & 0x7f) << shift;
      shift += 7n;
      if ((b & 0x80) === 0) {
        if (b & 0x40 && shift < 64n) result |= -1n << shift;
        return BigInt.asIntN(64, result);
      }
    }
  };
  const u64 = (v: bigint): bigint => BigInt.asUintN(64, v);
  let left = u64(sleb());
  let offset = u64(sleb());
  let addend = 0n;
  if (left > BigInt(max)) throw new PackedRelocsError(`declares ${left} relocations, more than the ${max} kept for this file (as many as plain records of its size could hold, and at most 2^20 in all)`, 4);
  while (left > 0n) {
    const groupAt = at;
    const inGroup = u64(sleb());
    if (inGroup > left) throw new PackedRelocsError('relocation group unexpectedly large', groupAt);
    left -= inGroup;
    const flags = u64(sleb());
    const byInfo = (flags & BigInt(ANDROID_RELOC_GROUP.BY_INFO)) !== 0n;
    const byOffsetDelta = (flags & BigInt(ANDROID_RELOC_GROUP.BY_OFFSET_DELTA)) !== 0n;
    const byAddend = (flags & BigInt(ANDROID_RELOC_GROUP.BY_ADDEND)) !== 0n;
    const hasAddend = (flags & BigInt(ANDROID_RELOC_GROUP.HAS_ADDEND)) !== 0n;
    const delta = byOffsetDelta ? sleb() : 0n;
    const info = byInfo ? u64(sleb()) : 0n;
    if (byAddend && hasAddend) addend = u64(addend + sleb());
    if (!hasAddend) addend = 0n;
    for (let i = 0n; i < inGroup; i++) {
      offset = u64(offset + (byOffsetDelta ? delta : sleb()));
      const r = byInfo ? info : u64(sleb());
      if (hasAddend && !byAddend) addend = u64(addend + sleb());
      f({ offset, info: r, addend });
    }
  }
}
