/**
 * SYCLBIN v2: role entries in one OffloadBinary (spec README rule 6; syclbin-format.md §1.4,
 * intel/llvm llvm/lib/Object/SYCLBIN.cpp@003d792a). Error texts are LLVM's (spec §5).
 */
import { blobRef, DecodeError, readNode, sliceSource, toSource, type ByteSource } from '../codec/index.js';
import { SyclbinV2ImagePrefix, V2_KEYS } from '../../formats/syclbin-v2.js';
import type { OffloadBinaryModel, OffloadEntryModel } from '../offload/read.js';
import { IMAGE_KIND } from '../offload/kinds.js';
import { decodeRegistry } from '../props/registry.js';
import { LLVM_MESSAGES as M, SyclbinFormatError } from './errors.js';
import type { AbstractModule, SyclbinFile, SyclbinImage } from './model.js';

const U64_MAX = (1n << 64n) - 1n;

/** Where entry i's fields are in the file (for error offsets); -1 inside a compressed payload. */
function entryOffset(ob: OffloadBinaryModel, i: number, field = 0): number {
  if (ob.compression) return ob.offset;
  const h = ob.header as { entriesOffset?: number };
  return ob.offset + (h.entriesOffset ?? 32) + 40 * i + field;
}

/**
 * `src` (optional) is the input the OffloadBinary was read from: when given and the binary is not
 * compressed, ir/native entries are read with positioned reads (size prefix and metadata only), so
 * their raw bytes are not loaded until asked for.
 */
export function readSyclbinV2(ob: OffloadBinaryModel, src?: ByteSource): SyclbinFile {
  // The checks run in the order of LLVM's SYCLBIN::readV2 (SYCLBIN.cpp@003d792a), so a file with
  // several problems reports the same first one: pass 1 over the entries (ImageKind, role,
  // duplicate global, am_index), missing global, sycl_format_version, global metadata; pass 2 in
  // entry order (duplicate am_metadata, its registry; ir/native size prefix, their registry);
  // finally every abstract module needs its am_metadata.
  const n = ob.entries.length;
  let global: { entry: OffloadEntryModel; index: number } | undefined;
  const roles: { role: 'am_metadata' | 'ir' | 'native'; am: number; entry: OffloadEntryModel; index: number }[] = [];
  let maxAm = -1;
  let formatVersionKey = false;
  ob.entries.forEach((e, i) => {
    const path = ['entries', i];
    if (e.imageKind !== IMAGE_KIND.syclbin) {
      throw new SyclbinFormatError('FORMAT', M.v2ImageKind, `Entry ${i} has ImageKind ${e.imageKind}; every SYCLBIN v2 entry has ImageKind 7 (IMG_SYCLBIN).`, entryOffset(ob, i), [
        ...path,
        'imageKind',
      ]);
    }
    if (e.strings.has(V2_KEYS.formatVersion)) formatVersionKey = true;
    const role = e.strings.get(V2_KEYS.role) ?? '';
    if (role === 'global_metadata') {
      if (global) throw new SyclbinFormatError('FORMAT', M.v2MultipleGlobal, `Entries ${global.index} and ${i} both have role global_metadata.`, entryOffset(ob, i), path);
      global = { entry: e, index: i };
      return;
    }
    if (role !== 'am_metadata' && role !== 'ir' && role !== 'native') {
      throw new SyclbinFormatError('FORMAT', M.v2UnknownRole(role), `Entry ${i}: roles are global_metadata, am_metadata, ir and native.`, entryOffset(ob, i, 8), [...path, 'strings', 'role']);
    }
    const text = e.strings.get(V2_KEYS.amIndex) ?? '';
    // am_index: decimal digits only (no sign), fitting a u64 (parseAMIndex), below the entry count.
    if (!/^[0-9]+$/.test(text) || BigInt(text) > U64_MAX) {
      throw new SyclbinFormatError('FORMAT', M.v2InvalidAmIndex(text), `Entry ${i} (${role}) needs am_index as decimal digits.`, entryOffset(ob, i, 8), [...path, 'strings', 'am_index']);
    }
    const am = BigInt(text);
    if (am >= BigInt(n)) {
      throw new SyclbinFormatError('RANGE', M.v2AmIndexRange(am, n), `Entry ${i} (${role}).`, entryOffset(ob, i, 8), [...path, 'strings', 'am_index']);
    }
    const ai = Number(am);
    maxAm = Math.max(maxAm, ai);
    roles.push({ role, am: ai, entry: e, index: i });
  });
  if (!global) throw new SyclbinFormatError('FORMAT', M.v2MissingGlobal, `None of the ${n} entries has role global_metadata.`, entryOffset(ob, 0), ['entries']);
  const fv = global.entry.strings.get(V2_KEYS.formatVersion) ?? '';
  if (fv !== '' && fv !== '2') {
    throw new SyclbinFormatError('VERSION', M.v2FormatVersion(fv), '', entryOffset(ob, global.index, 8), ['entries', global.index, 'strings', 'sycl_format_version']);
  }
  const registryOf = (index: number, bytes: Uint8Array, at: number) => {
    try {
      return decodeRegistry(bytes, { base: Math.max(at, 0) });
    } catch (err) {
      if (err instanceof DecodeError) err.within('entries', index, 'metadata');
      throw err;
    }
  };
  const globalMetadata = registryOf(global.index, global.entry.image, global.entry.imageRef.offset ?? -1);
  const modules: { metadata?: AbstractModule['metadata']; irModules: SyclbinImage[]; nativeImages: SyclbinImage[] }[] = Array.from({ length: maxAm + 1 }, () => ({
    irModules: [],
    nativeImages: [],
  }));
  const amMetaEntry = new Map<number, number>();
  for (const r of roles) {
    const e = r.entry;
    const mod = modules[r.am]!;
    if (r.role === 'am_metadata') {
      if (mod.metadata) throw new SyclbinFormatError('FORMAT', M.v2DuplicateAm(r.am), `Entries ${amMetaEntry.get(r.am)} and ${r.index}.`, entryOffset(ob, r.index), ['entries', r.index]);
      amMetaEntry.set(r.am, r.index);
      mod.metadata = registryOf(r.index, e.image, e.imageRef.offset ?? -1);
      continue;
    }
    const path = ['entries', r.index, 'image'];
    const at = e.imageRef.offset;
    // Positioned reads when the entry lies in the input; the image bytes otherwise (compressed payload).
    const esrc = src && at !== undefined && !ob.compression ? sliceSource(src, at, e.imageRef.size) : toSource(e.image);
    const size = esrc.size;
    if (size < 8) {
      throw new SyclbinFormatError('EOF', M.v2ImageTooSmall, `Entry ${r.index} (${r.role}) has ${size} bytes; it needs at least the 8-byte metadata size.`, at ?? ob.offset, path, {
        needed: 8,
        available: size,
      });
    }
    let metadataSize: number;
    try {
      ({ metadataSize } = readNode(SyclbinV2ImagePrefix, esrc.read(0, 8), 0, { base: at ?? 0, path }, undefined));
    } catch (err) {
      // A size beyond 2^53 is certainly larger than the image: LLVM's "metadata size out of range".
      if (err instanceof DecodeError && err.code === 'RANGE') throw new SyclbinFormatError('RANGE', M.v2MetadataSize, err.reason, err.offset, err.pathSegments);
      throw err;
    }
    if (metadataSize > size - 8) {
      throw new SyclbinFormatError('RANGE', M.v2MetadataSize, `Entry ${r.index} declares ${metadataSize} metadata bytes but its image holds ${size - 8} after the size field.`, at ?? ob.offset, [
        ...path,
        'metadataSize',
      ]);
    }
    const metadata = registryOf(r.index, esrc.read(8, metadataSize), at === undefined ? -1 : at + 8);
    const rawStart = 8 + metadataSize;
    const image: SyclbinImage = {
      metadata,
      image: blobRef(esrc, rawStart, size - rawStart, at === undefined ? undefined : at + rawStart),
    };
    (r.role === 'ir' ? mod.irModules : mod.nativeImages).push(image);
  }
  const abstractModules: AbstractModule[] = modules.map((m, a) => {
    if (!m.metadata) throw new SyclbinFormatError('FORMAT', M.v2MissingAm(a), `Abstract module ${a} is referenced but has no am_metadata entry.`, entryOffset(ob, 0), ['entries']);
    return { metadata: m.metadata, irModules: m.irModules, nativeImages: m.nativeImages };
  });
  const envelope: SyclbinFile['envelope'] = { kind: 'roles', version: ob.version, formatVersionKey };
  if (ob.compression) envelope.compression = ob.compression;
  return { version: 2, envelope, globalMetadata, abstractModules };
}
