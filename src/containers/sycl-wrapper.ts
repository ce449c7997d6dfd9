/**
 * What a wrapper object or a linked executable says about its device images besides the image
 * bytes: the offload entry table (`llvm_offload_entries`, formats/offload-entry.ts `EntryTy`) with
 * the entries' names, and the SYCL registration descriptor `wrapSYCLBinaries` emits
 * (`.sycl_offloading.descriptor` → `__sycl.tgt_device_image`s: target triple, image start/end, the
 * image's own entry range). Pointers are followed by the file's pointer reader
 * (src/containers/pointers.ts): src/containers/elf-pointers.ts for ELF objects and executables,
 * src/containers/coff-pointers.ts for COFF objects.
 *
 * Upstream: llvm/lib/Frontend/Offloading/OffloadWrapper.cpp@047a29f1 (`wrapSYCLBinaries`: one
 * device image per packaged image, its bytes in section `.llvm.offloading`, one entry per kernel
 * name in `llvm_offload_entries` and a private copy of them per image, `.sycl_offloading.descriptor`
 * registering all images), llvm/include/llvm/Frontend/Offloading/Utility.h@080f30cb (`EntryTy`);
 * what LLVM 22 emits: testdata/llvm22/sycl/k.wrapper.ll, k2.wrapper.ll and the `*.readelf.txt`
 * files (docs/upstream-llvm.md §5). For a COFF host the entries go to section
 * `llvm_offload_entries$OE` (llvm/lib/Frontend/Offloading/Utility.cpp@02260850 `emitOffloadingEntry`;
 * testdata/llvm22/sycl/k.coff.wrapper.obj), the rest is the same.
 *
 * The descriptor is found by its symbol name in the symbol table (`.symtab` of the ELF wrapper
 * objects and unstripped executables; the COFF symbol table). Without it (a stripped executable), the offloading section is one image
 * and its kernels are the SYCL entries of `llvm_offload_entries` (a note says so).
 *
 * Portable: no Node APIs.
 */
import { decode, DecodeError, hex, type Decoded, type Node, type Role } from '../codec/index.js';
import { OFFLOAD_ENTRIES, offloadEntriesSectionName, offloadEntryArrayStride, offloadEntrySectionLayout, SYCL_BIN_DESC_VERSION, SYCL_DESCRIPTOR_SYMBOL, SYCL_DESCRIPTORS, SYCL_DEVICE_IMAGE_VERSIONS } from '../../formats/offload-entry.js';
import { sectionPlace, type PointerReader, type PointerSection, type PointerTarget } from './pointers.js';
import { someOf } from '../codec/messages.js';
import { appendAll } from '../codec/arrays.js';

/** `OFK_SYCL`: the entry kind of SYCL kernels. */
export const ENTRY_KIND_SYCL = 8;

/** One offload entry. */
export interface OffloadEntryRecord {
  /** Index in its table. */
  index: number;
  /** Absolute offset of the entry in the input. */
  offset: number;
  /** The entry's Version field. */
  version: number;
  /** The consumer (1 OpenMP, 2 CUDA, 4 HIP, 8 SYCL). */
  kind: number;
  /** The entry's Flags field. */
  flags: number;
  /** The entry's name (a kernel's LLVM function name), when its pointer could be followed. */
  name?: string;
  /** The entry's Size field (0 for kernels; a global's size in bytes). */
  size: bigint;
}

/** A table of `count` entries `stride` bytes apart at a place (the section, or a descriptor's range). */
function readEntries<S extends PointerSection>(p: PointerReader<S>, s: S, from: number, count: number, stride: number, what: string): OffloadEntryRecord[] {
  const rec = OFFLOAD_ENTRIES[p.file.pointerBits];
  const bytes = p.bytes(s);
  const out: OffloadEntryRecord[] = [];
  for (let i = 0; i < count; i++) {
    const at = from + i * stride;
    const e = decode(rec, bytes, at, { le: p.file.littleEndian, base: p.file.origin + s.offset, path: [...p.file.path, 'sections', s.index, 'entries', i] });
    const r: OffloadEntryRecord = { index: i, offset: p.file.origin + s.offset + at, version: e.version, kind: e.kind, flags: e.flags, size: BigInt(e.size) };
    if (BigInt(e.reserved) !== 0n) {
      p.notes.push(`${what} [${i}]: Reserved is ${hex(e.reserved)}, not 0 (an older entry layout?); its name is not read`);
    } else {
      const t = p.follow(s, at + rec.offsets.symbolName, `${what} [${i}] name`);
      const name = t && p.string(t, `${what} [${i}] name`);
      if (name !== undefined) r.name = name;
    }
    out.push(r);
  }
  return out;
}

/** The entries of the offload entries section (`llvm_offload_entries`; COFF: `llvm_offload_entries$OE`), in table order (absent section: none). */
export function offloadEntries<S extends PointerSection>(p: PointerReader<S>, format: 'elf' | 'coff' | 'pe' = 'elf'): OffloadEntryRecord[] {
  const name = offloadEntriesSectionName(format);
  const s = p.file.sections.find((x) => x.name === name);
  if (!s) return [];
  const { stride, count, leftover } = offloadEntrySectionLayout(p.file.pointerBits, p.file.i64Align4, s.size);
  if (leftover) p.notes.push(`${sectionPlace(s)} is ${s.size} bytes, which is not ${count} entries ${stride} bytes apart; the last ${leftover} bytes are not read`);
  return readEntries(p, s, 0, count, stride, s.name);
}

/** One `__sycl.tgt_device_image` of the descriptor. */
export interface SyclDeviceImageInfo<S extends PointerSection = PointerSection> {
  /** Its absolute offset in the input. */
  offset: number;
  /** The descriptor's Version field. */
  version: number;
  /** The image's OffloadKind (8 = SYCL). */
  offloadKind: number;
  /** The image kind of the packaged image (0 for clang-sycl-linker-22's SPIR-V). */
  format: number;
  /** Target triple, when its pointer could be followed. */
  triple?: string;
  /** Compile options string, when its pointer could be followed. */
  compileOptions?: string;
  /** Link options string, when its pointer could be followed. */
  linkOptions?: string;
  /** Where the image bytes are (section and offset, size). */
  image?: PointerTarget<S> & { size: number };
  /** The image's entries (the private copy the descriptor points at). */
  entries?: OffloadEntryRecord[];
  /**
   * ImageStart leads to an address in no section with contents (`end`: ImageEnd's address, when it
   * reads), or, in a program without section headers, into a segment whose bytes there are all zero
   * (`zeroFilledIn`: that segment, set by the caller that knows there are no sections): the descriptor names an image whose bytes are not in the file (`llvm-objcopy -R
   * .llvm.offloading` removes the section and leaves the descriptor). ELF and PE programs only (the
   * readers that know addresses).
   */
  missing?: { start: bigint; end?: bigint; zeroFilledIn?: string };
  /** Where this device-image record is (section, offset) and its size. */
  record?: PointerTarget<S> & { size: number };
}

/**
 * The device images of the SYCL descriptors (the layout of the file's pointer size), in file order,
 * or undefined when the file has no `.sycl_offloading.descriptor` symbol (and, with `scan`, no
 * descriptor is found by its shape); what cannot be followed is left out, with notes. LLVM's
 * wrapper writes one descriptor per link, but a file may hold several: `ld -r` of two wrapper
 * objects, or a program linked from them, keeps each one's (local) symbol and its device images.
 * With `scan` and `missing`, the shape looked for also takes device-image records whose image bytes
 * are not in the file ({@link scanForSyclDescriptors}).
 */
export function syclDescriptor<S extends PointerSection>(p: PointerReader<S>, opts: { scan?: boolean; missing?: boolean } = {}): SyclDeviceImageInfo<S>[] | undefined {
  const symbols = p.symbolPlaces(SYCL_DESCRIPTOR_SYMBOL);
  let places = symbols.filter((t): t is PointerTarget<S> => t !== null);
  if (!symbols.length && opts.scan) places = scanForSyclDescriptors(p, { missing: !!opts.missing });
  // (one place named by two symbols is one descriptor)
  const seen = new Set<string>();
  places = places.filter((t) => {
    const key = `${t.section.index}:${t.offset}`;
    return !seen.has(key) && !!seen.add(key);
  });
  if (!places.length) return undefined;
  if (places.length > MAX_DESCRIPTORS) {
    p.notes.push(`${SYCL_DESCRIPTOR_SYMBOL}: ${places.length} descriptors; the first ${MAX_DESCRIPTORS} are read`);
    places = places.slice(0, MAX_DESCRIPTORS);
  }
  const notesBefore = p.notes.length;
  const images: SyclDeviceImageInfo<S>[] = [];
  // Images sharing one entry range read it once (up to 65,535 images may point at the same one).
  const entries = new Map<string, OffloadEntryRecord[]>();
  // The device-image lists already read, as byte ranges per section: each descriptor has its own
  // list, so one whose list overlaps an earlier one's (at any offset) is not read again.
  const claimed = new Map<number, [number, number][]>();
  // Entry records still to be read per section (see deviceImage).
  const entryBudget = new Map<number, number>();
  let read = false;
  const repeated: PointerTarget<S>[] = [];
  let capped = false;
  for (const place of places) {
    const r = descriptorImages(p, place, images, entries, claimed, entryBudget);
    if (r === 'repeated') repeated.push(place);
    if (r === 'capped') capped = true;
    read = r === 'read' || read;
  }
  compactImageNotes(p.notes, notesBefore);
  if (repeated.length) {
    p.notes.push(`${SYCL_DESCRIPTOR_SYMBOL}: ${repeated.length} descriptor(s) whose device-image records are those of an earlier one were not read again (at ${someOf(repeated.map(placeText))})`);
  }
  if (capped) p.notes.push(`${SYCL_DESCRIPTOR_SYMBOL}: more than ${MAX_DEVICE_IMAGES} device images in all; the descriptors past that are not read`);
  return read ? images : undefined;
}

/**
 * How many descriptors are read, named by symbols or found by their shape. LLVM's wrapper writes one
 * per link (a program holds several only when wrapper objects are linked together by hand), while a
 * hostile file can name thousands, or fill its data with their shape.
 */
export const MAX_DESCRIPTORS = 64;

/** How many device images are read from all descriptors together (one descriptor has at most 65,535). */
export const MAX_DEVICE_IMAGES = 0xffff;

/** How many offload entries are read for the device images of a file, all together (its kernels, for a real file). */
export const MAX_ENTRIES_READ = 1 << 18;

/**
 * The notes about device images added since `from`, one per kind of problem: `device image [7]
 * target: …` for 60,000 garbage records would be 60,000 lines (`device image [0], [1], … (60000
 * images): target: …`).
 */
function compactImageNotes(notes: string[], from: number): void {
  // Grouped by the problem with its numbers (addresses, offsets) left out; a group whose texts differ
  // only there says so.
  const groups = new Map<string, { indices: string[]; texts: Set<string> }>();
  const order: string[] = [];
  for (const n of notes.slice(from)) {
    const m = /^device image \[(\d+)\](.*)$/s.exec(n);
    const key = m ? m[2]!.replace(/0x[0-9a-f]+/g, '0x…') : `\0${n}`;
    let g = groups.get(key);
    if (!g) {
      groups.set(key, (g = { indices: [], texts: new Set() }));
      order.push(key);
    }
    g.indices.push(m ? m[1]! : n);
    if (m && g.texts.size < 2) g.texts.add(m[2]!);
  }
  notes.length = from;
  for (const key of order) {
    const g = groups.get(key)!;
    if (key.startsWith('\0')) appendAll(notes, g.indices);
    else if (g.indices.length === 1) notes.push(`device image [${g.indices[0]}]${[...g.texts][0]}`);
    else notes.push(`device images ${someOf(g.indices.map((i) => `[${i}]`))} (${g.indices.length} images)${g.texts.size === 1 ? [...g.texts][0] : `${key} (the numbers differ)`}`);
  }
}

/** `offset 0x… of section [i] 'name'`. */
function placeText(t: PointerTarget): string {
  return `offset ${hex(t.offset)} of ${sectionPlace(t.section)}`;
}

/**
 * Appends the device images of the descriptor at `place` to `images`: `unread` when the descriptor
 * cannot be read (noted), `repeated` when its list overlaps one read for an earlier descriptor,
 * `capped` when its images would pass {@link MAX_DEVICE_IMAGES}.
 */
function descriptorImages<S extends PointerSection>(p: PointerReader<S>, place: PointerTarget<S>, images: SyclDeviceImageInfo<S>[], entries: Map<string, OffloadEntryRecord[]>, claimed: Map<number, [number, number][]>, entryBudget: Map<number, number>): 'read' | 'unread' | 'repeated' | 'capped' {
  const { binDesc, deviceImage: image } = SYCL_DESCRIPTORS[p.file.pointerBits];
  const d = readAt(p, place, binDesc, SYCL_DESCRIPTOR_SYMBOL);
  if (!d) return 'unread';
  const list = p.follow(place.section, place.offset + binDesc.offsets.deviceImages, `${SYCL_DESCRIPTOR_SYMBOL} DeviceImages`);
  if (!list) return 'unread';
  const size = image.fixedSize!;
  if (d.numDeviceImages * size > list.section.size - list.offset) {
    p.notes.push(`${SYCL_DESCRIPTOR_SYMBOL}: ${d.numDeviceImages} device images of ${size} bytes do not fit in ${sectionPlace(list.section)}`);
    return 'unread';
  }
  const start = list.offset;
  const end = list.offset + d.numDeviceImages * size;
  let ranges = claimed.get(list.section.index);
  if (ranges?.some(([a, z]) => start < z && a < end)) return 'repeated';
  if (images.length + d.numDeviceImages > MAX_DEVICE_IMAGES) return 'capped';
  if (!ranges) claimed.set(list.section.index, (ranges = []));
  ranges.push([start, end]);
  for (let i = 0; i < d.numDeviceImages; i++) images.push(deviceImage(p, { section: list.section, offset: list.offset + i * size }, images.length, entries, entryBudget));
  return 'read';
}

/** A fixed-size record at a target, if it fits in its section. */
function readAt<S extends PointerSection, N extends Node<unknown, unknown, Role>>(p: PointerReader<S>, t: PointerTarget<S>, node: N, what: string): Decoded<N> | undefined {
  const bytes = p.bytes(t.section);
  if (t.offset + node.fixedSize! > bytes.length) {
    p.notes.push(`${what}: ${node.describe} at offset ${hex(t.offset)} runs past the end of ${sectionPlace(t.section)}`);
    return undefined;
  }
  return decode(node, bytes, t.offset, { le: p.file.littleEndian, base: p.file.origin + t.section.offset });
}

function deviceImage<S extends PointerSection>(p: PointerReader<S>, at: PointerTarget<S>, i: number, entriesRead: Map<string, OffloadEntryRecord[]>, entryBudget: Map<number, number>): SyclDeviceImageInfo<S> {
  const what = `device image [${i}]`;
  const image = SYCL_DESCRIPTORS[p.file.pointerBits].deviceImage;
  const d = readAt(p, at, image, what)!;
  const o = image.offsets;
  const info: SyclDeviceImageInfo<S> = { offset: p.file.origin + at.section.offset + at.offset, version: d.version, offloadKind: d.offloadKind, format: d.format, record: { ...at, size: image.fixedSize! } };
  // (found by its symbol, a record is read whatever its version; a descriptor found by its shape has a known one)
  if (!SYCL_DEVICE_IMAGE_VERSIONS.includes(d.version)) p.notes.push(`${what}: ${unknownImageVersionText(d.version)}`);
  const str = (field: 'target' | 'compileOptions' | 'linkOptions'): string | undefined => {
    const t = p.follow(at.section, at.offset + o[field], `${what} ${field}`);
    return t && p.string(t, `${what} ${field}`);
  };
  const triple = str('target');
  if (triple !== undefined) info.triple = triple;
  const compile = str('compileOptions');
  if (compile !== undefined) info.compileOptions = compile;
  const link = str('linkOptions');
  if (link !== undefined) info.linkOptions = link;
  const range = (a: 'imageStart' | 'entriesBegin', b: 'imageEnd' | 'entriesEnd'): { start: PointerTarget<S>; size: number } | undefined => {
    const start = p.follow(at.section, at.offset + o[a], `${what} ${a}`);
    const end = p.follow(at.section, at.offset + o[b], `${what} ${b}`, true);
    if (!start || !end) return undefined;
    if (start.section !== end.section || end.offset < start.offset) {
      p.notes.push(`${what}: ${a}..${b} do not delimit a range of one section`);
      return undefined;
    }
    return { start, size: end.offset - start.offset };
  };
  const bytes = range('imageStart', 'imageEnd');
  if (bytes) info.image = { ...bytes.start, size: bytes.size };
  else {
    const start = p.unmapped?.get(`${what} imageStart`);
    // (ImageEnd may well lead somewhere: to the start of the section that followed the removed one)
    const end = start === undefined ? undefined : p.address?.(at.section, at.offset + o.imageEnd, `${what} imageEnd`);
    if (start !== undefined) info.missing = end !== undefined && end >= start ? { start, end } : { start };
  }
  const entries = range('entriesBegin', 'entriesEnd');
  if (entries) {
    // The descriptor's private copy is one array: entries one alloc size apart.
    const stride = offloadEntryArrayStride(p.file.pointerBits, p.file.i64Align4);
    if (entries.size % stride) p.notes.push(`${what}: its entry range is ${entries.size} bytes, not a whole number of ${stride}-byte entries`);
    else {
      const key = `${entries.start.section.index}:${entries.start.offset}:${entries.size}`;
      let list = entriesRead.get(key);
      if (!list) {
        // The entry records read from a section, all images together, at most twice what it holds:
        // images whose ranges overlap without being equal (no wrapper writes that) would read one
        // array again and again (2,000 images over one array: 2,000,000 records).
        // And at most MAX_ENTRIES_READ in all: section headers may name the same bytes many times over.
        const s = entries.start.section;
        const count = entries.size / stride;
        const left = (entryBudget.get(s.index) ?? 2 * Math.floor(s.size / stride) + 64) - count;
        const total = (entryBudget.get(-1) ?? MAX_ENTRIES_READ) - count;
        if (left < 0 || total < 0) {
          p.notes.push(`${what}: its entries are not read: the device images' entry ranges overlap, and reading them all would read the entry arrays many times over`);
          return info;
        }
        entryBudget.set(s.index, left);
        entryBudget.set(-1, total);
        entriesRead.set(key, (list = readEntries(p, s, entries.start.offset, entries.size / stride, stride, `${what} entries`)));
      }
      info.entries = list;
    }
  }
  return info;
}

/**
 * The SYCL descriptors of a file without a symbol table (a linked PE image, a stripped ELF program),
 * found by their shape: a pointer-aligned `__sycl.tgt_bin_desc` (Version 1, 1–256 device images;
 * zero padding on 64-bit targets) whose DeviceImages pointer leads to that many
 * `__sycl.tgt_device_image` records of a known version and offload kind 8 (SYCL), each with a target
 * string and an ImageStart..ImageEnd range inside one section. Every such place is found, in file
 * order (a program linked from two wrapper objects has two). Pointers that do not lead anywhere while
 * scanning leave no notes. Work is linear in the sections' bytes (a cheap test of the first 8 bytes
 * before any pointer is followed). `missing`: a record whose ImageStart is an address no section
 * holds is taken too (see deviceImageLooksRight), for a program whose image section was removed.
 */
export function scanForSyclDescriptors<S extends PointerSection>(p: PointerReader<S>, opts: { missing?: boolean } = {}): PointerTarget<S>[] {
  let more = false;
  const quiet = p.notes.length;
  const { binDesc } = SYCL_DESCRIPTORS[p.file.pointerBits];
  const align = p.file.pointerBits / 8;
  const le = p.file.littleEndian;
  const found: PointerTarget<S>[] = [];
  // Well-shaped runs of device-image records (several candidates may point into one list): each record is checked once.
  const runs = new Map<number, Map<number, number>>();
  for (const s of p.file.sections) {
    let b: Uint8Array;
    try {
      b = p.bytes(s);
    } catch (e) {
      if (e instanceof DecodeError) continue; // a section outside the file holds no descriptor
      throw e;
    }
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    for (let at = 0; at + binDesc.fixedSize! <= b.length; at += align) {
      const n = v.getUint16(at + binDesc.offsets.numDeviceImages, le);
      if (v.getUint16(at + binDesc.offsets.version, le) !== SYCL_BIN_DESC_VERSION || n < 1 || n > 256) continue;
      if ('pad' in binDesc.offsets && v.getUint32(at + binDesc.offsets.pad, le) !== 0) continue;
      let ok = false;
      try {
        ok = deviceImagesLookRight(p, s, at, n, runs, !!opts.missing);
      } catch (e) {
        if (!(e instanceof DecodeError)) throw e; // a pointer into a section outside the file
      }
      p.notes.length = quiet; // pointers that led nowhere while scanning are not worth a note
      if (ok) {
        if (found.length === MAX_DESCRIPTORS) {
          more = true;
          break;
        }
        found.push({ section: s, offset: at });
        at += binDesc.fixedSize! - align; // (the next descriptor starts after this one)
      }
    }
    if (more) break;
  }
  if (found.length) {
    const where = someOf(found.map(placeText));
    p.notes.push(`${SYCL_DESCRIPTOR_SYMBOL}: no such symbol (no symbol table, or it was stripped or renamed); ${found.length === 1 ? 'the descriptor was' : `${found.length} descriptors were`} found by ${found.length === 1 ? 'its shape' : 'their shape'} at ${where}`);
    if (more) p.notes.push(`${SYCL_DESCRIPTOR_SYMBOL}: more than ${MAX_DESCRIPTORS} places have a descriptor's shape; the first ${MAX_DESCRIPTORS} are read`);
  }
  return found;
}

/**
 * The `n` device-image records a candidate descriptor at `at` of `s` points to have the expected shape.
 * `runs` remembers, per section and record offset, how many well-shaped records start there back to
 * back, so each record of the file is checked once however many candidates point into a list.
 */
function deviceImagesLookRight<S extends PointerSection>(p: PointerReader<S>, s: S, at: number, n: number, runs: Map<number, Map<number, number>>, missing: boolean): boolean {
  const { binDesc } = SYCL_DESCRIPTORS[p.file.pointerBits];
  const list = p.follow(s, at + binDesc.offsets.deviceImages, 'scan');
  if (!list) return false;
  let byOffset = runs.get(list.section.index);
  if (!byOffset) runs.set(list.section.index, (byOffset = new Map()));
  return wellShapedRun(p, list.section, list.offset, byOffset, missing) >= n;
}

/** How many well-shaped device-image records start at `offset` of `s`, back to back (memoized in `known`). */
function wellShapedRun<S extends PointerSection>(p: PointerReader<S>, s: S, offset: number, known: Map<number, number>, missing: boolean): number {
  const size = SYCL_DESCRIPTORS[p.file.pointerBits].deviceImage.fixedSize!;
  let lb: Uint8Array;
  try {
    lb = p.bytes(s);
  } catch (e) {
    if (e instanceof DecodeError) return 0; // a section outside the file
    throw e;
  }
  const lv = new DataView(lb.buffer, lb.byteOffset, lb.byteLength);
  const fresh: number[] = [];
  let o = offset;
  let tail = 0;
  for (;;) {
    const k = known.get(o);
    if (k !== undefined) {
      tail = k;
      break;
    }
    if (o + size > lb.length || !deviceImageLooksRight(p, s, lv, o, missing)) {
      known.set(o, 0);
      break;
    }
    fresh.push(o);
    o += size;
  }
  for (let j = fresh.length - 1; j >= 0; j--) known.set(fresh[j]!, ++tail);
  return known.get(offset)!;
}

/**
 * The device-image record at `r` of `s`: a known version, offload kind SYCL, a target string, an image
 * range in one section; with `missing`, or an image range (ImageStart < ImageEnd) whose start is an
 * address in no section with contents (an ELF program whose image section was removed and whose
 * symbol table was stripped: `llvm-objcopy -R .llvm.offloading --strip-all`).
 */
function deviceImageLooksRight<S extends PointerSection>(p: PointerReader<S>, s: S, lv: DataView, r: number, missing: boolean): boolean {
  const img = SYCL_DESCRIPTORS[p.file.pointerBits].deviceImage.offsets;
  const le = p.file.littleEndian;
  if (!SYCL_DEVICE_IMAGE_VERSIONS.includes(lv.getUint16(r + img.version, le)) || lv.getUint8(r + img.offloadKind) !== ENTRY_KIND_SYCL) return false;
  try {
    const target = p.follow(s, r + img.target, 'scan');
    if (!target || !p.hasString(target)) return false;
    const start = p.follow(s, r + img.imageStart, 'scan');
    if (!start) {
      // (`unmapped` holds ImageStart's address only when no section holds it, not when it could not be read)
      const a = missing ? p.unmapped?.get('scan') : undefined;
      const z = a === undefined ? undefined : p.address?.(s, r + img.imageEnd, 'scan');
      return a !== undefined && a !== 0n && a === p.address?.(s, r + img.imageStart, 'scan') && z !== undefined && z > a;
    }
    const end = p.follow(s, r + img.imageEnd, 'scan', true);
    return !!end && start.section === end.section && end.offset >= start.offset;
  } catch (e) {
    if (e instanceof DecodeError) return false; // a pointer into a section outside the file
    throw e;
  }
}

/** What a device-image record of version `version`, not one known here, is said to be (offload-list's note, verify's warning). */
export function unknownImageVersionText(version: number): string {
  return `version ${version} is not one of the __sycl.tgt_device_image versions known here (${SYCL_DEVICE_IMAGE_VERSIONS.join(', ')}; LLVM 22 writes 3): its fields are read as version 3's`;
}
