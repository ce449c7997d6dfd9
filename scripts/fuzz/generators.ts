/**
 * What the fuzzer feeds the readers (issue 11 §4): random mutations of every file under testdata/,
 * and targeted hostile inputs per format — SYCLBIN with huge counts and lying offsets,
 * OffloadBinaries with huge entry and string counts (claimed and real), compression bombs with lying
 * sizes and windows, property-set text of up to a million lines, ELF objects with up to 70,000
 * sections, OffloadBinaries nested in each other's images. Each generator builds one case from its
 * own random source (scripts/fuzz/rng.ts).
 */
import { OFFLOAD_VERSIONS } from '../../formats/offload-binary.js';
import { SyclbinFileHeader, SyclbinMagic } from '../../formats/syclbin-v1.js';
import { Elf64Header, Elf64SectionHeader, SHT_LLVM_OFFLOADING, SHT_PROGBITS, SHT_STRTAB } from '../../formats/elf.js';
import { concatBytes, encode } from '../../src/codec/index.js';
import { readPeSectionTable } from '../../src/containers/coff.js';
import { SYCL_DESCRIPTORS } from '../../formats/offload-entry.js';
import { CoffSectionHeader } from '../../formats/coff.js';
import { writeOffloadBinary, type OffloadEntryInput } from '../../src/offload/write.js';
import { zlibCompress } from '../../src/offload/compress.js';
import { zstdCompress } from '../../src/offload/libzstd.js';
import { offloadV3, rleBlocks, zlibZeros, zstdFrame, zstdSkippableFrame, type ZstdBlock } from './compressed.js';
import { irMutate, irOptions, irScale } from './ir.js';
import type { Rng } from './rng.js';

/** One input and how to read it. */
export interface FuzzInput {
  /** What made it (for the failure report). */
  what: string;
  bytes: Uint8Array;
  /** The corpus file it was made from (diffed against it). */
  original?: Uint8Array;
  /** Text the LLVM IR reader should parse too. */
  ir?: boolean;
  /** Decompression cap handed to the readers. */
  maxInflatedSize?: number;
  /** For IR: the `lowerIrModule` mode. */
  irMode?: 'native' | 'emulation';
  /** For IR: a sycl-post-link command line for `post-link` (without input and `-o`). */
  postLinkArgs?: readonly string[];
}

/** A file of the corpus. */
export interface CorpusFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * How large the generated structures get. `SIZES.ci` keeps every case of the readers as they are
 * within the 2 s bound on a loaded 2-core machine (the suite `npm test` runs); `SIZES.huge` is the
 * issue's 10^5–10^6 lines, strings and sections (`npm run fuzz -- --huge`).
 */
export interface Sizes {
  propLines: number;
  sections: number;
  entries: number;
  strings: number;
  depth: number;
  emptyBlocks: number;
  /** Bytes a compression bomb inflates to. */
  bombOutput: number;
  /** Bytes of hostile data a PE image's descriptor scan goes through. */
  peScan: number;
  /** Spec constants of a generated IR module (`ir-scale`). */
  irConstants: number;
}
/** The suite's sizes and the issue's. */
export const SIZES: Readonly<Record<'ci' | 'huge', Sizes>> = {
  ci: { propLines: 2000, sections: 400, entries: 400, strings: 1000, depth: 100, emptyBlocks: 100000, bombOutput: 16 << 20, peScan: 256 << 10, irConstants: 1500 },
  huge: { propLines: 1000000, sections: 70000, entries: 100000, strings: 1000000, depth: 300, emptyBlocks: 1000000, bombOutput: 1 << 30, peScan: 16 << 20, irConstants: 50000 },
};

/** A generator: a name (for `--target`), a weight, and how to build a case. */
export interface Generator {
  name: string;
  weight: number;
  /** Added after the recorded runs: draws from its own random stream (scripts/fuzz/cases.ts makeCase). */
  later?: boolean;
  make(rng: Rng, corpus: readonly CorpusFile[], sizes: Sizes): FuzzInput;
}

const U64_EDGES = [0n, 1n, 7n, 8n, 40n, 0xffn, 0xffffn, 0xffffffffn, 1n << 32n, (1n << 53n) - 1n, 1n << 53n, 1n << 63n, (1n << 64n) - 8n, (1n << 64n) - 1n];
const U32_EDGES = [0, 1, 2, 8, 0x7f, 0x80, 0xff, 0x100, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff];

function setU64(b: Uint8Array, at: number, v: bigint): void {
  if (at >= 0 && at + 8 <= b.length) new DataView(b.buffer, b.byteOffset).setBigUint64(at, v & ((1n << 64n) - 1n), true);
}
function setU32(b: Uint8Array, at: number, v: number): void {
  if (at >= 0 && at + 4 <= b.length) new DataView(b.buffer, b.byteOffset).setUint32(at, v >>> 0, true);
}

/** A value a size or offset field may be set to: an edge, the file size (±), or something random. */
function sizeish(rng: Rng, len: number): bigint {
  switch (rng.int(4)) {
    case 0:
      return rng.pick(U64_EDGES);
    case 1:
      return BigInt(Math.max(0, len + rng.int(33) - 16));
    case 2:
      return BigInt(rng.u32());
    default:
      return BigInt(rng.int(len + 1));
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations of corpus files

type Mutation = (rng: Rng, b: Uint8Array, corpus: readonly CorpusFile[]) => Uint8Array;

const MUTATIONS: readonly [string, Mutation][] = [
  ['flip', (rng, b) => (b.length && (b[rng.int(b.length)]! ^= 1 << rng.int(8)), b)],
  ['byte', (rng, b) => (b.length && (b[rng.int(b.length)] = rng.u32() & 0xff), b)],
  ['u64', (rng, b) => (setU64(b, 8 * rng.int(Math.ceil(b.length / 8)), sizeish(rng, b.length)), b)],
  ['u32', (rng, b) => (setU32(b, 4 * rng.int(Math.ceil(b.length / 4)), rng.pick(U32_EDGES)), b)],
  ['truncate', (rng, b) => b.slice(0, rng.int(b.length + 1))],
  [
    'splice',
    (rng, b, corpus) => {
      const from = rng.pick(corpus).bytes;
      const at = rng.int(b.length + 1);
      const start = rng.int(from.length + 1);
      const chunk = from.subarray(start, start + rng.logInt(1, 4096));
      return concatBytes([b.subarray(0, at), chunk, b.subarray(Math.min(b.length, at + (rng.chance(0.5) ? chunk.length : 0)))]);
    },
  ],
  ['insert', (rng, b) => {
    const at = rng.int(b.length + 1);
    return concatBytes([b.subarray(0, at), rng.bytes(rng.logInt(1, 256)), b.subarray(at)]);
  }],
  ['delete', (rng, b) => {
    const at = rng.int(b.length + 1);
    return concatBytes([b.subarray(0, at), b.subarray(Math.min(b.length, at + rng.logInt(1, 1024)))]);
  }],
  ['repeat', (rng, b) => {
    // A range repeated many times: long tables, many lines, deep-looking structure.
    const at = rng.int(b.length + 1);
    const chunk = b.slice(at, at + rng.logInt(1, 128));
    const times = rng.logInt(2, 20000);
    const parts: Uint8Array[] = [b.subarray(0, at) as Uint8Array];
    for (let i = 0; i < times && chunk.length; i++) parts.push(chunk);
    parts.push(b.subarray(at));
    return concatBytes(parts);
  }],
];

const mutate: Generator = {
  name: 'mutate',
  weight: 70,
  make(rng, corpus) {
    const f = rng.pick(corpus);
    let b: Uint8Array = f.bytes.slice();
    const names: string[] = [];
    for (let n = 1 + rng.int(4), i = 0; i < n; i++) {
      const [name, m] = rng.pick(MUTATIONS);
      names.push(name);
      b = m(rng, b, corpus);
    }
    const ir = f.name.endsWith('.ll');
    return { what: `${f.name} ${names.join('+')}`, bytes: b, original: f.bytes, ir, ...(ir ? irOptions(rng) : {}) };
  },
};

// ---------------------------------------------------------------------------------------------
// SYCLBIN with huge counts and lying offsets

const syclbinCounts: Generator = {
  name: 'syclbin-counts',
  weight: 5,
  make(rng, corpus) {
    const files = corpus.filter((f) => findMagic(f.bytes, SyclbinMagic.magicBytes) >= 0);
    const f = rng.pick(files);
    const b = f.bytes.slice();
    const at = findMagic(b, SyclbinMagic.magicBytes);
    const o = SyclbinFileHeader.offsets;
    const fields = ['abstractModuleCount', 'irModuleCount', 'nativeImageCount'] as const;
    const sizes = ['metadataTableSize', 'binaryTableSize', 'globalMetadataOffset'] as const;
    for (let n = 1 + rng.int(3), i = 0; i < n; i++) {
      if (rng.chance(0.5)) setU32(b, at + o[rng.pick(fields)], rng.chance(0.5) ? rng.pick(U32_EDGES) : rng.logInt(1, 1 << 24));
      else setU64(b, at + o[rng.pick(sizes)], sizeish(rng, b.length));
    }
    return { what: `${f.name} SYCLBIN header counts/offsets`, bytes: b, original: f.bytes };
  },
};

function findMagic(b: Uint8Array, m: Uint8Array): number {
  for (let i = 0; i + m.length <= b.length; i++) if (b[i] === m[0] && b[i + 1] === m[1] && b[i + 2] === m[2] && b[i + 3] === m[3]) return i;
  return -1;
}

// ---------------------------------------------------------------------------------------------
// OffloadBinaries: huge counts, claimed and real

function entry(rng: Rng, i: number, strings: number): OffloadEntryInput {
  const pairs: [string, string][] = [];
  for (let j = 0; j < strings; j++) pairs.push([j === 0 ? 'triple' : `k${j % 1000}_${i}`, rng.chance(0.5) ? 'spir64-unknown-unknown' : `v${rng.u32()}`]);
  return { imageKind: 1 + rng.int(6), offloadKind: rng.pick([1, 2, 4, 8]), strings: pairs, image: rng.bytes(rng.int(64)) };
}

const offloadCounts: Generator = {
  name: 'offload-counts',
  weight: 5,
  make(rng, _corpus, sizes) {
    const version = rng.pick([1, 2, 3] as const);
    const real = rng.chance(0.3);
    // Real tables of many entries (v2/v3) or many string entries.
    const entries = version === 1 ? 1 : real ? rng.logInt(1, sizes.entries) : 1 + rng.int(3);
    const strings = real && rng.chance(0.5) ? rng.logInt(1, Math.max(1, Math.floor(sizes.strings / entries))) : 1 + rng.int(3);
    const list = Array.from({ length: entries }, (_, i) => entry(rng, i, strings));
    const compression = version === 3 && rng.chance(0.3) ? rng.pick(['zlib', 'zstd'] as const) : undefined;
    const b = writeOffloadBinary(list, { version, compression, compressor: (d, k) => (k === 'zlib' ? zlibCompress(d) : zstdCompress(d, 1)) }).slice();
    const v = OFFLOAD_VERSIONS[version];
    if (!real || rng.chance(0.5)) {
      // Claimed counts: the entry count, an entry's string count or image size, a string's value size.
      const h = v.header.offsets;
      const e0 = compression ? -1 : (Number(new DataView(b.buffer).getBigUint64(h[v.fields.entriesOffset]!, true)) as number);
      const targets = [h[v.fields.entriesCount ?? v.fields.entriesOffset]!, h.size!, e0 + v.entry.offsets.numStrings, e0 + v.entry.offsets.imageSize, e0 + v.entry.offsets.stringOffset];
      for (let n = 1 + rng.int(2), i = 0; i < n; i++) setU64(b, rng.pick(targets), sizeish(rng, b.length));
    }
    return { what: `OffloadBinary v${version} ${entries} entries x ${strings} strings${compression ? ` ${compression}` : ''}${real ? '' : ' (claimed counts)'}`, bytes: b };
  },
};

// ---------------------------------------------------------------------------------------------
// Compression bombs

const bombs: Generator = {
  name: 'bomb',
  weight: 6,
  make(rng, _corpus, sizes) {
    const cap = rng.pick([1024, 1 << 16, 1 << 20, 16 << 20, undefined]);
    const declared = rng.chance(0.5) ? rng.logInt(1, 1 << 26) : rng.pick([0, 1, 1024, (1 << 20) + 1, 2 ** 31, 2 ** 40]);
    const kind = rng.int(7);
    let stream: Uint8Array;
    let what: string;
    if (kind === 0) {
      const n = rng.logInt(1, sizes.bombOutput);
      stream = zlibZeros(n);
      what = `zlib bomb ${n} bytes`;
    } else if (kind === 1) {
      const e = rng.int(32);
      const blockSize = Math.min(128 << 10, 2 ** (10 + e));
      const blocks = rleBlocks(Math.min(rng.logInt(1, sizes.bombOutput), blockSize * sizes.emptyBlocks), rng.int(256), blockSize);
      stream = zstdFrame({ window: { exponent: e, mantissa: rng.int(8) }, contentSize: rng.chance(0.3) ? BigInt(rng.logInt(1, 2 ** 40)) : undefined, blocks });
      what = `zstd RLE bomb window 2^${10 + e}, ${blocks.length} blocks`;
    } else if (kind === 2) {
      // Many empty raw blocks: a long walk over block headers.
      const n = rng.logInt(1, sizes.emptyBlocks);
      const blocks: ZstdBlock[] = Array.from({ length: n }, () => ({ type: 'raw', bytes: new Uint8Array(0) }));
      stream = zstdFrame({ window: { exponent: rng.int(8) }, checksum: rng.chance(0.5), blocks });
      what = `zstd ${n} empty blocks`;
    } else if (kind === 3) {
      stream = zstdFrame({ window: { exponent: 21 + rng.int(11) }, contentSize: BigInt(declared), blocks: [{ type: 'reserved', size: 0 }] });
      what = 'zstd huge window';
    } else if (kind === 4) {
      stream = rng.chance(0.5) ? zstdSkippableFrame(rng.bytes(rng.int(64)), rng.int(16)) : concatBytes([zstdFrame({ contentSize: 0n, blocks: rleBlocks(0) }), zstdFrame({ contentSize: 0n, blocks: rleBlocks(0) })]);
      what = 'zstd skippable / two frames';
    } else {
      // A real stream, then damaged.
      const data = rng.bytes(rng.logInt(1, 1 << 16));
      stream = (kind === 5 ? zlibCompress(data) : zstdCompress(data, 5)).slice();
      for (let n = rng.int(4), i = 0; i < n; i++) stream[rng.int(stream.length)] = rng.u32() & 0xff;
      if (rng.chance(0.3)) stream = stream.subarray(0, rng.int(stream.length + 1));
      what = `${kind === 5 ? 'zlib' : 'zstd'} stream of ${data.length} bytes, damaged`;
    }
    const claim = rng.chance(0.1) ? sizeish(rng, stream.length) : declared;
    return { what: `${what}, declares ${claim}, cap ${cap ?? 'default'}`, bytes: offloadV3(stream, claim), maxInflatedSize: cap };
  },
};

// ---------------------------------------------------------------------------------------------
// Property-set text with up to 10^6 lines

const PROP_LINES = [
  () => '[SYCL/specialization constants]',
  () => '[SYCL/device requirements]',
  () => '[SYCL/misc properties]',
  (rng: Rng) => `[set${rng.int(100)}]`,
  (rng: Rng) => `key${rng.int(1 << 20)}=1|${rng.u32()}`,
  (rng: Rng) => `aspects=2|${'gCAAAAAAAAAAAAAABAAAAYAAAAQCAAAAMAAAAA'.slice(0, rng.int(40))}`,
  (rng: Rng) => `name${rng.int(100)}=0|${'x'.repeat(rng.int(100))}`,
  () => 'broken line',
  () => '',
  (rng: Rng) => `k=${rng.int(10)}|\u00e9\u0000\u{1f600}`,
];

const props: Generator = {
  name: 'props-lines',
  weight: 3,
  make(rng, _corpus, sizes) {
    const n = rng.logInt(10, sizes.propLines);
    const broken = rng.chance(0.3);
    const lines: string[] = [];
    // Sets of a name verify knows (each unknown key a finding: a per-finding scan of the set was
    // quadratic) or of names it does not.
    const known = rng.chance(0.5);
    for (let i = 0; i < n; i++) lines.push(broken ? rng.pick(PROP_LINES)(rng) : i % 50 === 0 ? (known ? '[SYCL/devicelib req mask]' : `[SYCL/set ${i}]`) : `key${i}=1|${i}`);
    return { what: `property text, ${n} lines${broken ? ' (mixed, broken)' : ''}`, bytes: new TextEncoder().encode(lines.join('\n') + '\n') };
  },
};

// ---------------------------------------------------------------------------------------------
// ELF objects with many sections

const elfSections: Generator = {
  name: 'elf-sections',
  weight: 3,
  make(rng, _corpus, sizes) {
    const n = rng.logInt(2, sizes.sections);
    const names = ['', '.llvm.offloading', '.text', '.shstrtab'];
    const strtab = concatBytes(names.map((s) => new TextEncoder().encode(s + '\0')));
    const nameAt = [0, 1, 18, 24];
    const ob = writeOffloadBinary([entry(rng, 0, 2)], { version: rng.pick([1, 2] as const) });
    const shoff = 64 + strtab.length + ob.length + 7 - ((64 + strtab.length + ob.length + 7) % 8);
    const headers: Uint8Array[] = [];
    for (let i = 0; i < n; i++) {
      const kind = i === 0 ? 0 : i === n - 1 ? 3 : rng.chance(0.1) ? 1 : 2;
      headers.push(
        encode(Elf64SectionHeader, {
          sh_name: nameAt[kind]!,
          sh_type: kind === 0 ? 0 : kind === 3 ? SHT_STRTAB : kind === 1 ? (rng.chance(0.5) ? SHT_LLVM_OFFLOADING : SHT_PROGBITS) : SHT_PROGBITS,
          sh_flags: 0n,
          sh_addr: 0n,
          sh_offset: kind === 3 ? 64 : kind === 1 ? 64 + strtab.length : 0,
          // Section 0 holds the real count when it does not fit in e_shnum (SHN_XINDEX scheme).
          sh_size: kind === 0 ? (n >= 0xff00 ? n : 0) : kind === 3 ? strtab.length : kind === 1 ? ob.length : 0,
          sh_link: 0,
          sh_info: 0,
          sh_addralign: 1n,
          sh_entsize: 0n,
        }),
      );
    }
    const header = encode(Elf64Header, {
      e_ident: { class: 2, data: 1, version: 1, osabi: 0, abiversion: 0, pad: undefined },
      e_type: 1,
      e_machine: 62,
      e_version: 1,
      e_entry: 0n,
      e_phoff: 0n,
      e_shoff: shoff,
      e_flags: 0,
      e_ehsize: 64,
      e_phentsize: 0,
      e_phnum: 0,
      e_shentsize: 64,
      e_shnum: n >= 0xff00 ? 0 : n,
      e_shstrndx: n - 1 >= 0xff00 ? 0xffff : n - 1,
    } as never);
    const b = concatBytes([header, strtab, ob, new Uint8Array(shoff - 64 - strtab.length - ob.length), ...chunked(headers)]);
    if (rng.chance(0.3)) for (let k = 0; k < 3; k++) setU64(b, shoff + 64 * rng.int(n) + rng.pick([24, 32]), sizeish(rng, b.length));
    return { what: `ELF64 with ${n} sections`, bytes: b };
  },
};

/** Section headers joined a block at a time (no spread of a 70,000-element list into one call). */
function chunked(list: Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < list.length; i += 4096) out.push(concatBytes(list.slice(i, i + 4096)));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Nesting: OffloadBinaries inside each other's images

const nesting: Generator = {
  name: 'nesting',
  weight: 3,
  make(rng, _corpus, sizes) {
    const depth = rng.logInt(1, sizes.depth);
    let image: Uint8Array = rng.bytes(8);
    for (let i = 0; i < depth; i++) image = writeOffloadBinary([{ imageKind: 6, offloadKind: 4, strings: [['triple', 'x']], image }], { version: rng.pick([1, 2, 3] as const) });
    if (rng.chance(0.3)) image[rng.int(image.length)] ^= 0xff;
    return { what: `OffloadBinary nested ${depth} deep`, bytes: image };
  },
};

// ---------------------------------------------------------------------------------------------
// PE images without a symbol table: the SYCL descriptor is found by its shape (src/containers/sycl-wrapper.ts
// scanForSyclDescriptors). Hostile data: many device-image records, some malformed, and many candidate
// descriptors pointing into them with large image counts; pointers right, random or outside the image.

const peScan: Generator = {
  name: 'pe-scan',
  weight: 2,
  make(rng, corpus, sizes) {
    const pes = corpus.filter((f) => f.name.endsWith('.coff.exe'));
    const f = rng.pick(pes);
    const pe = readPeSectionTable(f.bytes);
    const last = pe.sections[pe.sections.length - 1]!;
    const n = rng.logInt(64, sizes.peScan);
    const b = new Uint8Array(last.offset + n);
    b.set(f.bytes.subarray(0, Math.min(f.bytes.length, last.offset)));
    const v = new DataView(b.buffer);
    v.setUint32(last.headerOffset + CoffSectionHeader.offsets.virtualSize, n, true);
    v.setUint32(last.headerOffset + CoffSectionHeader.offsets.sizeOfRawData, n, true);
    const wide = pe.pe32Plus;
    const { binDesc, deviceImage } = SYCL_DESCRIPTORS[wide ? 64 : 32];
    // The program's own descriptor (and anything shaped like one) is erased, so the scan reaches the hostile section.
    for (const sec of pe.sections.slice(0, -1)) {
      for (let at = sec.offset; sec.offset && at + binDesc.fixedSize! <= Math.min(b.length, sec.offset + sec.size); at += wide ? 8 : 4) {
        if (v.getUint16(at, true) === 1) v.setUint16(at, 0, true);
      }
    }
    const base = pe.imageBase + BigInt(last.virtualAddress);
    const ptr = (at: number, rel: number): void => {
      const addr = rng.chance(0.05) ? BigInt(rng.u32()) : base + BigInt(rel);
      if (at + (wide ? 8 : 4) > b.length) return;
      if (wide) v.setBigUint64(at, addr, true);
      else v.setUint32(at, Number(addr & 0xffffffffn), true);
    };
    b.set(new TextEncoder().encode('spirv\0\0\0'), last.offset);
    const size = deviceImage.fixedSize!;
    const records = Math.floor((n - 8) / (size + binDesc.fixedSize!));
    const bad = rng.pick([0, 2, 16, 256, 1000]);
    const o = deviceImage.offsets;
    for (let i = 0; i < records; i++) {
      const r = last.offset + 8 + i * size;
      v.setUint16(r + o.version, bad && i % bad === bad - 1 ? 9 : 3, true);
      b[r + o.offloadKind] = 8;
      ptr(r + o.target, 0);
      ptr(r + o.imageStart, 0);
      ptr(r + o.imageEnd, 4);
    }
    const claim = rng.pick([1, 2, 255, 256]);
    for (let j = 0, c = last.offset + 8 + records * size; c + binDesc.fixedSize! <= b.length; j++, c += binDesc.fixedSize!) {
      v.setUint16(c + binDesc.offsets.version, 1, true);
      v.setUint16(c + binDesc.offsets.numDeviceImages, claim, true);
      ptr(c + binDesc.offsets.deviceImages, 8 + (j % Math.max(1, records)) * size);
    }
    return { what: `${f.name}: ${records} device-image records (every ${bad || 'none'} malformed), candidates claiming ${claim}`, bytes: b };
  },
};

/** Every generator, by name. */
export const GENERATORS: readonly Generator[] = [mutate, syclbinCounts, offloadCounts, bombs, props, elfSections, nesting, peScan, irMutate, irScale];
