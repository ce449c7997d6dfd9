/**
 * Generator of testdata/syclbin: every SYCLBIN variant the toolkit reads, each with its expected
 * `syclbin dump` text. Run from the repository root:
 *
 *   node --import tsx testdata/syclbin/generate.ts          # (re)write the files
 *   node --import tsx testdata/syclbin/generate.ts --check  # compare with the committed files
 *
 * Two sources of bytes:
 *  - our writer (src/syclbin/write.ts) for models described below;
 *  - hand-laid bytes: the spec's derived hex (syclbin-format.md §1.6 buildLegacyV1Buffer and the
 *    §1.3 runtime envelope header) copied literally, and layout-freedom files whose tables are laid
 *    out here explicitly (encoded through formats/syclbin-v1.ts with a hand-made LayoutPlan).
 * The expected dumps are rendered by `expectedDump` below from the case descriptions — a second,
 * independent rendering of syclbin-format.md §4 F1 / README rule 7 (not src/syclbin/dump.ts). The
 * generator fails if our reader + dump disagree with it, or if a hand-laid file disagrees with the
 * spec's hex.
 *
 * Images: `k.spv` is a real SPIR-V kernel module (`spirv-as --target-env spv1.2 k.spvasm -o k.spv`,
 * SPIRV-Tools v2023.1; `spirv-val --target-env opencl2.2` accepts it). Native images are ELF64
 * headers shaped like an Intel GPU zebin (e_machine 205, EM_INTELGT) or a CUDA cubin (e_machine 190)
 * followed by deterministic filler: real-looking, not runnable.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { encodeInto, Sink } from '../../src/codec/index.js';
import type { LayoutPlan } from '../../formats/layout.js';
import { SyclbinFileHeader, SyclbinHeaderTables } from '../../formats/syclbin-v1.js';
import { byteArray, stringProperty, uint32, type PropertySetRegistry, type PropertyValue } from '../../src/props/model.js';
import { writeSyclbin, memoryBlob, type WriteSyclbinOptions } from '../../src/syclbin/write.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { dumpSyclbin } from '../../src/syclbin/dump.js';
import type { Envelope, SyclbinFile } from '../../src/syclbin/model.js';
import { initZstd, nodeCompressor } from '../../src/node/compressors.js';

export const DIR = new URL('./', import.meta.url).pathname;

// ---- descriptions -------------------------------------------------------------------------------

/** A property value: u32, UTF-8 text, raw payload bytes, or payload with an explicit bit count. */
export type V = number | string | Uint8Array | { bits: bigint; bytes: Uint8Array };
export type Sets = [string, [string, V][]][];
export interface ImgDesc {
  md: Sets;
  bytes: Uint8Array;
}
export interface AmDesc {
  md: Sets;
  ir: ImgDesc[];
  native: ImgDesc[];
}
export interface Desc {
  version: 1 | 2;
  global: Sets;
  ams: AmDesc[];
}

export interface Case {
  name: string;
  /** One line for the README: what it is and how it was made. */
  how: string;
  variant: 'bare-v1' | 'v1-in-offload' | 'v1-runtime-envelope' | 'v2-roles';
  /** read -> write (same options) reproduces the bytes. */
  canonical: boolean;
  desc: Desc;
  bytes: Uint8Array;
}

const te = new TextEncoder();

export function toRegistry(sets: Sets): PropertySetRegistry {
  const reg: PropertySetRegistry = new Map();
  for (const [name, props] of sets) {
    const set = new Map<string, PropertyValue>();
    for (const [k, v] of props) {
      if (typeof v === 'number') set.set(k, uint32(v));
      else if (typeof v === 'string') set.set(k, stringProperty(v));
      else if (v instanceof Uint8Array) set.set(k, byteArray(v));
      else set.set(k, byteArray(v.bytes, v.bits));
    }
    reg.set(name, set);
  }
  return reg;
}

export function toModel(desc: Desc, envelope: Envelope): SyclbinFile {
  return {
    version: desc.version,
    envelope,
    globalMetadata: toRegistry(desc.global),
    abstractModules: desc.ams.map((am) => ({
      metadata: toRegistry(am.md),
      irModules: am.ir.map((x) => ({ metadata: toRegistry(x.md), image: memoryBlob(x.bytes) })),
      nativeImages: am.native.map((x) => ({ metadata: toRegistry(x.md), image: memoryBlob(x.bytes) })),
    })),
  };
}

// ---- the independent expected-dump renderer (spec §4 F1, README rule 7) --------------------------

const latin1 = (b: Uint8Array): string => Array.from(b, (x) => String.fromCharCode(x)).join('');

export function expectedDump(desc: Desc): Uint8Array {
  let out = '';
  const line = (indent: number, s: string) => (out += ' '.repeat(indent) + s + '\n');
  const value = (v: V, keyIndent: number): string => {
    if (typeof v === 'number') return String(v);
    const raw = typeof v === 'string' ? latin1(te.encode(v)) : latin1(v instanceof Uint8Array ? v : v.bytes);
    if (!/[\r\n]/.test(raw)) return raw;
    const I = ' '.repeat(keyIndent + 2);
    return ('\n' + I + raw).replace(/\r\n|\r|\n/g, '\n' + I);
  };
  const sets = (s: Sets, indent: number) => {
    for (const [name, props] of s) {
      line(indent, `${name}:`);
      for (const [k, v] of props) line(indent + 2, `${k}: ${value(v, indent + 2)}`);
    }
  };
  line(0, `Version: ${desc.version}`);
  line(0, 'Global metadata:');
  sets(desc.global, 2);
  line(0, `Number of Abstract Modules: ${desc.ams.length}`);
  desc.ams.forEach((am, a) => {
    line(0, `Abstract Module ${a}:`);
    line(2, 'Metadata:');
    sets(am.md, 4);
    line(2, `Number of IR Modules: ${am.ir.length}`);
    am.ir.forEach((m, i) => {
      line(2, `IR module ${i}:`);
      line(4, 'Metadata:');
      sets(m.md, 6);
      line(4, `Raw IR bytes: <Binary blob of ${m.bytes.length} bytes>`);
    });
    line(2, `Number of Native Device Code Images: ${am.native.length}`);
    am.native.forEach((m, i) => {
      line(2, `Native device code image ${i}:`);
      line(4, 'Metadata:');
      sets(m.md, 6);
      line(4, `Raw native device code image bytes: <Binary blob of ${m.bytes.length} bytes>`);
    });
  });
  return Uint8Array.from(out, (c) => c.charCodeAt(0));
}

// ---- images and metadata that look like the toolchain's --------------------------------------------

export const SPIRV_KERNEL = new Uint8Array(readFileSync(new URL('./k.spv', import.meta.url)));

function filler(n: number, seed: number): Uint8Array {
  let x = seed * 2654435761;
  return Uint8Array.from({ length: n }, () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x >>> 24;
  });
}

/** ELF64 little-endian header (64 bytes) + filler: e_machine 205 = EM_INTELGT, 190 = EM_CUDA. */
export function elfImage(machine: number, size: number, seed: number): Uint8Array {
  const b = new Uint8Array(Math.max(size, 64));
  b.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
  const dv = new DataView(b.buffer);
  dv.setUint16(16, 1, true); // ET_REL
  dv.setUint16(18, machine, true);
  dv.setUint32(20, 1, true); // EV_CURRENT
  dv.setUint16(52, 64, true); // e_ehsize
  b.set(filler(b.length - 64, seed), 64);
  return b;
}

const PTX = te.encode('//\n// Generated by LLVM NVPTX Back-End\n//\n\n.version 7.8\n.target sm_80\n.address_size 64\n\n.visible .entry _ZTSZ4mainE10TestKernel()\n{\n\tret;\n}\n');

const IR_SET = 'SYCLBIN/ir module metadata';
const NATIVE_SET = 'SYCLBIN/native device code image metadata';
const GLOBAL_SET = 'SYCLBIN/global metadata';
const SPIR64 = 'spir64-unknown-unknown';
const SPIR64_GEN = 'spir64_gen-unknown-unknown';

const state = (s: number): Sets => [[GLOBAL_SET, [['state', s]]]];
const irMd = (type: number, target: string): Sets => [[IR_SET, [['type', type], ['target', target]]]];
const nativeMd = (arch: string, target: string): Sets => [[NATIVE_SET, [['arch', arch], ['target', target]]]];

const u32s = (...xs: number[]): Uint8Array => {
  const b = new Uint8Array(4 * xs.length);
  xs.forEach((x, i) => new DataView(b.buffer).setUint32(4 * i, x, true));
  return b;
};

/** AM metadata as sycl-post-link writes it for a kernel with a spec constant and a device global. */
const KERNEL = '_ZTSZ4mainE10TestKernel';
const AM_MD_FULL: Sets = [
  ['SYCL/devicelib req mask', [['DeviceLibReqMask', 0]]],
  ['SYCL/kernel param opt', [[KERNEL, { bits: 3n, bytes: Uint8Array.of(0b010) }]]],
  ['SYCL/specialization constants', [['uid7f0e2b4c2b96e3f3____ZL10coeff_spec', u32s(0, 0, 4)]]],
  ['SYCL/specialization constants default values', [['all', u32s(0x3f800000)]]],
  ['SYCL/device globals', [['uid7f0e2b4c2b96e3f3____ZL7counter', u32s(8, 1)]]],
  ['SYCL/device requirements', [['aspects', u32s(1, 6)], ['reqd_work_group_size_uint64_t', new Uint8Array([64, 0, 0, 0, 0, 0, 0, 0])]]],
  ['SYCL/misc properties', [['optLevel', 2]]],
];
const AM_MD_SMALL: Sets = [
  ['SYCL/devicelib req mask', [['DeviceLibReqMask', 0]]],
  ['SYCL/misc properties', [['optLevel', 3]]],
];
const AM_MD_OBJECT: Sets = [
  ['SYCL/exported symbols', [['_Z12shared_helperi', 1]]],
  ['SYCL/imported symbols', [['_Z10other_funcv', 1]]],
  ['SYCL/misc properties', [['optLevel', 2]]],
];

const TWO_MODULES: Desc = {
  version: 1,
  global: state(2),
  ams: [
    {
      md: AM_MD_FULL,
      ir: [{ md: irMd(0, SPIR64), bytes: SPIRV_KERNEL }],
      native: [{ md: nativeMd('intel_gpu_pvc', SPIR64_GEN), bytes: elfImage(205, 301, 1) }],
    },
    { md: AM_MD_SMALL, ir: [], native: [{ md: nativeMd('intel_gpu_dg2_g10', SPIR64_GEN), bytes: elfImage(205, 179, 2) }] },
  ],
};

const ONE_IR: Desc = { version: 1, global: state(0), ams: [{ md: [], ir: [{ md: irMd(0, SPIR64), bytes: SPIRV_KERNEL }], native: [] }] };

const OBJECT_STATE: Desc = {
  version: 1,
  global: state(1),
  ams: [
    { md: AM_MD_OBJECT, ir: [{ md: irMd(0, SPIR64), bytes: SPIRV_KERNEL }], native: [] },
    { md: AM_MD_SMALL, ir: [{ md: irMd(0, SPIR64), bytes: filler(52, 9) }], native: [] },
  ],
};

/** SPIR-V + PTX IR, Intel + CUDA natives; odd values exercising the dump rules. */
const MULTI_TARGET: Desc = {
  version: 1,
  global: state(2),
  ams: [
    {
      md: [
        ['SYCL/misc properties', [['optLevel', 2], ['sanUsed', 'none']]],
        // Not a real set: values with \n, \r\n, a lone \r, NUL and non-UTF-8 bytes (dump prints payload bytes).
        ['toolkit/test values', [['multi', 'line one\nline two\r\nline three\rend'], ['trailing', 'x\n'], ['binary', Uint8Array.of(0, 0xff, 0xfe, 0x41)], ['bits11', { bits: 11n, bytes: Uint8Array.of(0xff, 0x07) }]]],
      ],
      ir: [
        { md: irMd(0, SPIR64), bytes: SPIRV_KERNEL },
        { md: irMd(1, 'nvptx64-nvidia-cuda'), bytes: PTX },
      ],
      native: [
        { md: nativeMd('intel_gpu_pvc', SPIR64_GEN), bytes: elfImage(205, 257, 3) },
        { md: nativeMd('sm_80', 'nvptx64-nvidia-cuda'), bytes: elfImage(190, 203, 4) },
      ],
    },
  ],
};

const EMPTY: Desc = { version: 1, global: state(2), ams: [] };

const V2: Desc = {
  version: 2,
  global: state(2),
  ams: [
    {
      md: AM_MD_FULL,
      ir: [{ md: irMd(0, SPIR64), bytes: SPIRV_KERNEL }],
      native: [{ md: nativeMd('intel_gpu_pvc', SPIR64_GEN), bytes: elfImage(205, 301, 1) }],
    },
    { md: [], ir: [{ md: irMd(0, SPIR64), bytes: filler(40, 5) }], native: [] },
  ],
};

const V2_SMALL: Desc = { version: 2, global: state(0), ams: [{ md: [], ir: [{ md: irMd(0, SPIR64), bytes: SPIRV_KERNEL }], native: [] }] };

// ---- hand-laid bytes ----------------------------------------------------------------------------

export function fromHex(text: string): Uint8Array {
  const clean = text.replace(/[^0-9a-fA-F]/g, '');
  return Uint8Array.from({ length: clean.length / 2 }, (_, i) => parseInt(clean.slice(2 * i, 2 * i + 2), 16));
}

/**
 * syclbin-format.md §1.6 (SYCLBINTest buildLegacyV1Buffer, 252 bytes), copied from the spec:
 * header + AM header + IR header as hex, the metadata text as written there, pad, DE AD BE EF.
 */
export function legacyV1Buffer(): Uint8Array {
  const head = fromHex(`
    49 42 59 53 01 00 00 00 01 00 00 00 01 00 00 00
    00 00 00 00 00 00 00 00 7c 00 00 00 00 00 00 00
    04 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    24 00 00 00 00 00 00 00 24 00 00 00 00 00 00 00
    00 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00
    00 00 00 00 00 00 00 00 24 00 00 00 00 00 00 00
    58 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    04 00 00 00 00 00 00 00 5b 53 59 43 4c 42 49 4e`);
  const text = te.encode('/global metadata]\nstate=1|0\n[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=2|wCAAAAAAAAwcwlmc2QTL152au92du1Sdutmbvdnb\n');
  const tail = fromHex('00 00 00 00 de ad be ef');
  const out = new Uint8Array(head.length + text.length + tail.length);
  out.set(head);
  out.set(text, head.length);
  out.set(tail, head.length + text.length);
  if (out.length !== 252) throw new Error(`§1.6 buffer is ${out.length} bytes, the spec says 252`);
  if (head.length + text.length !== 0xf4) throw new Error('§1.6: the metadata text must end at 0xf4');
  return out;
}

const LEGACY_DESC: Desc = { version: 1, global: state(0), ams: [{ md: [], ir: [{ md: irMd(0, SPIR64), bytes: fromHex('de ad be ef') }], native: [] }] };

/** syclbin-format.md §1.3: the runtime envelope header derived for the 256-byte padded §1.6 image. */
export const RUNTIME_ENVELOPE_HEADER_HEX = `
  10 ff 10 ad 02 00 00 00 48 01 00 00 00 00 00 00
  20 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00
  07 00 08 00 00 00 00 00 00 00 00 00 00 00 00 00
  00 00 00 00 00 00 00 00 48 00 00 00 00 00 00 00
  00 01 00 00 00 00 00 00`;

export function runtimeEnvelopeFile(): Uint8Array {
  const head = fromHex(RUNTIME_ENVELOPE_HEADER_HEX);
  const img = new Uint8Array(256); // §1.6 buffer with its binary table padded to 8 (runtime padTo8)
  img.set(legacyV1Buffer());
  const out = new Uint8Array(head.length + img.length);
  out.set(head);
  out.set(img, head.length);
  if (out.length !== 0x148) throw new Error('runtime envelope: Size must be 0x148');
  return out;
}

/** A v1 image laid out by hand: explicit tables and header values, encoded via formats/syclbin-v1.ts. */
export interface HandSybi {
  version?: number;
  reserved?: Uint8Array;
  /** Metadata table (unpadded; its size goes in the header) and what follows it up to the 8-aligned binary table. */
  md: Uint8Array;
  mdPad?: Uint8Array;
  bin: Uint8Array;
  /** Bytes after the binary table (padding or nothing). */
  trailer?: Uint8Array;
  global: [number, number];
  ams: { md: [number, number]; ir: [number, number]; native: [number, number] }[];
  irs: { md: [number, number]; bytes: [number, number] }[];
  natives: { md: [number, number]; bytes: [number, number] }[];
  /** Override the declared binary table size (e.g. a huge sparse one); default bin.length. */
  binSize?: number;
}

/** The header block + metadata table (+ pad) of a hand-laid v1 image, and the full image. */
export function handSybiHead(h: HandSybi): Uint8Array {
  const plan: LayoutPlan = new WeakMap();
  const header: Record<string, unknown> = { version: h.version ?? 1 };
  if (h.reserved) header.reserved = h.reserved;
  plan.set(header, { metadataTableSize: h.md.length, binaryTableSize: h.binSize ?? h.bin.length, metadataOffset: h.global[0], metadataSize: h.global[1] });
  const mk = (fields: Record<string, number>): object => {
    const o = {};
    plan.set(o, fields);
    return o;
  };
  const tables = {
    abstractModules: h.ams.map((a) =>
      mk({ metadataOffset: a.md[0], metadataSize: a.md[1], irModuleCount: a.ir[0], irModuleIndex: a.ir[1], nativeImageCount: a.native[0], nativeImageIndex: a.native[1] }),
    ),
    irModules: h.irs.map((x) => mk({ metadataOffset: x.md[0], metadataSize: x.md[1], bytesOffset: x.bytes[0], bytesSize: x.bytes[1] })),
    nativeImages: h.natives.map((x) => mk({ metadataOffset: x.md[0], metadataSize: x.md[1], bytesOffset: x.bytes[0], bytesSize: x.bytes[1] })),
  };
  const pad = h.mdPad ?? new Uint8Array((8 - (h.md.length % 8)) % 8);
  if ((h.md.length + pad.length) % 8 !== 0 || pad.length >= 8) throw new Error('mdPad must pad the metadata table to 8');
  const sink = new Sink(1024, plan);
  encodeInto(sink, SyclbinFileHeader, header as never, { scopes: [tables], path: ['header'] });
  encodeInto(sink, SyclbinHeaderTables, tables as never, { scopes: [{ header }] });
  sink.bytes(h.md);
  sink.bytes(pad);
  return sink.result();
}

export function handSybi(h: HandSybi): Uint8Array {
  const head = handSybiHead(h);
  const trailer = h.trailer ?? new Uint8Array(0);
  const out = new Uint8Array(head.length + h.bin.length + trailer.length);
  out.set(head);
  out.set(h.bin, head.length);
  out.set(trailer, head.length + h.bin.length);
  return out;
}

/** Builds a byte table from pieces, returning [offset, size] of each piece. */
class Table {
  private parts: Uint8Array[] = [];
  size = 0;
  add(b: Uint8Array | string): [number, number] {
    const bytes = typeof b === 'string' ? te.encode(b) : b;
    const at = this.size;
    this.parts.push(bytes);
    this.size += bytes.length;
    return [at, bytes.length];
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

// Registry texts written by hand (targets' intel Base64 from syclbin-format.md §3).
const T_GLOBAL2 = '[SYCLBIN/global metadata]\nstate=1|2\n';
const T_IR_SPIR64 = '[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=2|wCAAAAAAAAwcwlmc2QTL152au92du1Sdutmbvdnb\n';
const T_NATIVE_PVC = '[SYCLBIN/native device code image metadata]\narch=2|oBAAAAAAAAQauRXZs91ZwV3XwZ3Y\n';
const T_AM_OPT = '[SYCL/misc properties]\noptLevel=1|2\n';

/**
 * Layout freedom (README rule 5): reversed metadata order (native md first, global last), junk gaps
 * between blobs, two IR modules sharing one metadata blob and one binary blob, an IR header no
 * module refers to, junk in the header's reserved bytes (LLVM leaves them uninitialised), header
 * version 0 (accepted as LLVM does), non-zero metadata padding, and no padding after the binary table.
 */
function layoutFreedom(): { bytes: Uint8Array; desc: Desc } {
  const md = new Table();
  const nmd = md.add(T_NATIVE_PVC);
  md.add(Uint8Array.of(0x00, 0xaa, 0xaa)); // gap
  const irmd = md.add(T_IR_SPIR64); // shared by both IR modules
  const ammd = md.add(T_AM_OPT);
  md.add('junk');
  const gmd = md.add(T_GLOBAL2);
  const bin = new Table();
  const nat = bin.add(elfImage(205, 97, 7));
  bin.add(Uint8Array.of(0xcc, 0xcc, 0xcc)); // gap
  const spv = bin.add(SPIRV_KERNEL); // shared by both IR modules
  const unusedIr = bin.add(filler(13, 8));
  if (md.size % 8 === 0) md.add('!');
  const bytes = handSybi({
    version: 0,
    reserved: Uint8Array.of(0xbe, 0xba, 0xfe, 0xca),
    md: md.bytes(),
    mdPad: new Uint8Array((8 - (md.size % 8)) % 8).fill(0xee),
    bin: bin.bytes(),
    global: gmd,
    // AM0: IR headers [1, 2) and native [0, 1); AM1: IR [2, 3), no native (index past the end, count 0).
    ams: [
      { md: ammd, ir: [1, 1], native: [1, 0] },
      { md: [0, 0], ir: [1, 2], native: [0, 1] },
    ],
    irs: [
      { md: irmd, bytes: unusedIr }, // header 0: not referenced by any module
      { md: irmd, bytes: spv },
      { md: irmd, bytes: spv },
    ],
    natives: [{ md: nmd, bytes: nat }],
  });
  const native = elfImage(205, 97, 7);
  const desc: Desc = {
    version: 1,
    global: state(2),
    ams: [
      { md: [['SYCL/misc properties', [['optLevel', 2]]]], ir: [{ md: irMd(0, SPIR64), bytes: SPIRV_KERNEL }], native: [{ md: [[NATIVE_SET, [['arch', 'intel_gpu_pvc']]]], bytes: native }] },
      { md: [], ir: [{ md: irMd(0, SPIR64), bytes: SPIRV_KERNEL }], native: [] },
    ],
  };
  return { bytes, desc };
}

/**
 * Writer B of syclbin-format.md §1.2 (intel/llvm SYCLBIN.cpp@efc12707, before fix #18512): grouped
 * order and IRModuleOffset/NativeDeviceCodeImageOffset written as 0 for every module, so every
 * module reads IR header 0. A valid file (readers follow the indices); its dump shows the bug.
 */
function writerBBug(): { bytes: Uint8Array; desc: Desc } {
  const md = new Table();
  const g = md.add('[SYCLBIN/global metadata]\nstate=1|0\n');
  const am0 = md.add('');
  const am1 = md.add('');
  const ir0 = md.add('[SYCLBIN/ir module metadata]\ntype=1|0\n');
  const ir1 = md.add('[SYCLBIN/ir module metadata]\ntype=1|0\n');
  const bin = new Table();
  const k0 = bin.add(SPIRV_KERNEL);
  const k1 = bin.add(filler(44, 11));
  const bytes = handSybi({
    md: md.bytes(),
    bin: bin.bytes(),
    trailer: new Uint8Array((8 - (bin.size % 8)) % 8),
    global: g,
    ams: [
      { md: am0, ir: [1, 0], native: [0, 0] },
      { md: am1, ir: [1, 0], native: [0, 0] },
    ],
    irs: [
      { md: ir0, bytes: k0 },
      { md: ir1, bytes: k1 },
    ],
    natives: [],
  });
  const irOnly: ImgDesc = { md: [[IR_SET, [['type', 0]]]], bytes: SPIRV_KERNEL };
  return { bytes, desc: { version: 1, global: state(0), ams: [{ md: [], ir: [irOnly], native: [] }, { md: [], ir: [irOnly], native: [] }] } };
}

// ---- the cases ----------------------------------------------------------------------------------

const NONE: Envelope = { kind: 'none' };
const offloadEnv = (version: number, offloadKind: number, strings: [string, string][], compression?: 'zlib' | 'zstd'): Envelope => {
  const e: Envelope = { kind: 'offload', version, imageKind: 7, offloadKind, flags: 0, strings: new Map(strings), runtimeStyle: false, extraEntries: 0 };
  if (compression) e.compression = compression;
  return e;
};
const roles = (version: number, formatVersionKey: boolean, compression?: 'zlib' | 'zstd'): Envelope => {
  const e: Envelope = { kind: 'roles', version, formatVersionKey };
  if (compression) e.compression = compression;
  return e;
};

export async function buildCases(): Promise<Case[]> {
  await initZstd();
  const w = (desc: Desc, env: Envelope, opts: WriteSyclbinOptions = {}) => writeSyclbin(toModel(desc, env), { compressor: nodeCompressor, ...opts });
  const cases: Case[] = [];
  const add = (c: Omit<Case, 'bytes'> & { bytes: Uint8Array }) => cases.push(c);

  add({ name: 'v1_one_ir', how: 'writer: bare v1, one abstract module with one SPIR-V IR module (state input)', variant: 'bare-v1', canonical: true, desc: ONE_IR, bytes: w(ONE_IR, NONE) });
  add({
    name: 'v1_two_modules_mixed',
    how: 'writer: bare v1, two modules: SPIR-V IR + intel_gpu_pvc native with sycl-post-link metadata; native-only dg2 module (state executable)',
    variant: 'bare-v1',
    canonical: true,
    desc: TWO_MODULES,
    bytes: w(TWO_MODULES, NONE),
  });
  add({ name: 'v1_grouped', how: "writer, layout 'grouped' (later LLVM/runtime order) of v1_two_modules_mixed's model", variant: 'bare-v1', canonical: false, desc: TWO_MODULES, bytes: w(TWO_MODULES, NONE, { layout: 'grouped' }) });
  add({ name: 'v1_object_state', how: 'writer: bare v1 in object state, exported/imported symbol sets, two IR-only modules', variant: 'bare-v1', canonical: true, desc: OBJECT_STATE, bytes: w(OBJECT_STATE, NONE) });
  add({
    name: 'v1_multi_target',
    how: 'writer: SPIR-V + PTX IR, Intel + CUDA natives; values with \\n, \\r\\n, lone \\r, NUL, non-UTF-8 bytes, an 11-bit byte array',
    variant: 'bare-v1',
    canonical: true,
    desc: MULTI_TARGET,
    bytes: w(MULTI_TARGET, NONE),
  });
  add({ name: 'v1_empty_runtime', how: 'writer: empty executable bundle (0 modules) in the SYCL runtime envelope (SYCLBINSerialize "empty bundle")', variant: 'v1-runtime-envelope', canonical: true, desc: EMPTY, bytes: w(EMPTY, NONE, { envelope: 'runtime' }) });
  const triple: [string, string][] = [['triple', SPIR64], ['arch', '']];
  add({ name: 'v1_in_offload_v1', how: 'writer: v1 in an OffloadBinary v1 entry (image kind 7, offload kind 4 = sycl in the sequential numbering, triple/arch strings)', variant: 'v1-in-offload', canonical: true, desc: TWO_MODULES, bytes: w(TWO_MODULES, offloadEnv(1, 4, triple)) });
  add({ name: 'v1_in_offload_v2', how: 'writer: v1 in an OffloadBinary v2 entry (offload kind 8, triple string)', variant: 'v1-in-offload', canonical: true, desc: ONE_IR, bytes: w(ONE_IR, offloadEnv(2, 8, [['triple', SPIR64]])) });
  add({ name: 'v1_in_offload_v3_zlib', how: 'writer: v1 in an OffloadBinary v3 entry, zlib-compressed (pako level 6)', variant: 'v1-in-offload', canonical: true, desc: TWO_MODULES, bytes: w(TWO_MODULES, offloadEnv(3, 8, [['triple', SPIR64]], 'zlib')) });
  add({ name: 'v1_in_offload_v3_zstd', how: 'writer: v1 in an OffloadBinary v3 entry, zstd-compressed (libzstd wasm, level 5)', variant: 'v1-in-offload', canonical: true, desc: MULTI_TARGET, bytes: w(MULTI_TARGET, offloadEnv(3, 8, [['triple', SPIR64]], 'zstd')) });
  add({ name: 'v1_legacy_252', how: 'by hand: the 252-byte buildLegacyV1Buffer of spec §1.6, copied from the spec hex (binary table unpadded)', variant: 'bare-v1', canonical: false, desc: LEGACY_DESC, bytes: legacyV1Buffer() });
  add({
    name: 'v1_runtime_envelope',
    how: 'by hand: the runtime envelope header of spec §1.3 (hex copied) + the §1.6 buffer padded to 256; equals our writer\'s runtime envelope',
    variant: 'v1-runtime-envelope',
    canonical: true,
    desc: LEGACY_DESC,
    bytes: runtimeEnvelopeFile(),
  });
  const lf = layoutFreedom();
  add({ name: 'v1_layout_freedom', how: 'by hand: reversed metadata order, junk gaps, shared metadata and binary blobs, unreferenced IR header, reserved bytes be ba fe ca, header version 0, unpadded end', variant: 'bare-v1', canonical: false, desc: lf.desc, bytes: lf.bytes });
  const wb = writerBBug();
  add({ name: 'v1_writer_b_bug', how: 'by hand: writer B order with the pre-#18512 bug (every module points at IR header 0)', variant: 'bare-v1', canonical: false, desc: wb.desc, bytes: wb.bytes });
  add({ name: 'v2_roles', how: 'writer: v2 role entries with sycl_format_version in an OffloadBinary v2 (2 modules, ir + native)', variant: 'v2-roles', canonical: true, desc: V2, bytes: w(V2, roles(2, true)) });
  add({ name: 'v2_roles_no_format_version', how: 'writer: v2 role entries without sycl_format_version (earlier iteration, id 56761207307)', variant: 'v2-roles', canonical: true, desc: V2, bytes: w(V2, roles(2, false)) });
  add({ name: 'v2_roles_in_ob_v3', how: 'writer: v2 role entries in an uncompressed OffloadBinary v3 (40-byte header)', variant: 'v2-roles', canonical: true, desc: V2_SMALL, bytes: w(V2_SMALL, roles(3, true)) });
  add({ name: 'v2_roles_v3_zstd', how: 'writer: v2 role entries in a zstd-compressed OffloadBinary v3', variant: 'v2-roles', canonical: true, desc: V2, bytes: w(V2, roles(3, true, 'zstd')) });

  // Cross-checks: the hand-laid runtime file is what our writer makes of the same model, and every
  // file reads back and dumps as the independent renderer says.
  const rt = writeSyclbin(toModel(LEGACY_DESC, NONE), { envelope: 'runtime' });
  if (!equal(rt, runtimeEnvelopeFile())) throw new Error('spec §1.3 runtime envelope hex differs from writeSyclbin(…, {envelope: "runtime"})');
  if (!equal(writeSyclbin(toModel(LEGACY_DESC, NONE)).subarray(0, 252), legacyV1Buffer())) throw new Error('spec §1.6 buffer differs from our canonical writer');
  for (const c of cases) {
    const got = dumpSyclbin(readSyclbin(c.bytes));
    if (!equal(got, expectedDump(c.desc))) throw new Error(`${c.name}: our dump differs from the expected dump:\n${latin1(got)}\n---\n${latin1(expectedDump(c.desc))}`);
  }
  return cases;
}

export function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** The example the project README shows. */
export const README_EXAMPLE = 'v1_two_modules_mixed';

function readme(cases: Case[]): string {
  const rows = cases.map((c) => `| \`${c.name}.syclbin\` | ${c.bytes.length} | ${c.variant} | ${c.canonical ? 'yes' : 'no'} | ${c.how} |`);
  return `# testdata/syclbin — one file per SYCLBIN variant, with its expected \`syclbin dump\`

Generated by \`node --import tsx testdata/syclbin/generate.ts\` (do not edit the \`.syclbin\`/\`.dump.txt\` files by
hand; \`--check\` compares the committed files with a fresh run, and \`test/syclbin/testdata.test.ts\` does the same).
Each \`NAME.dump.txt\` is rendered by the generator's own renderer of spec §4 F1 from the case description, not by
src/syclbin/dump.ts; the generator stops if the two disagree. \`cases.json\` lists the files for the tests.

"canonical" = reading the file and writing it with the same envelope/options reproduces it byte for byte
(README rule 5 canonical layout); the others round-trip to an equal model.

| file | bytes | variant | canonical | how it was made |
|---|---|---|---|---|
${rows.join('\n')}

Images: \`k.spv\` is a real SPIR-V kernel module assembled from \`k.spvasm\`
(\`spirv-as --target-env spv1.2 k.spvasm -o k.spv\`, SPIRV-Tools v2023.1; \`spirv-val --target-env opencl2.2\`
accepts it). Native images are ELF64 headers shaped like an Intel GPU zebin (e_machine 205) or a CUDA cubin
(e_machine 190) followed by deterministic filler — real-looking, not runnable. The PTX IR module is PTX text.

Hand-made files: \`v1_legacy_252\` is the spec's §1.6 hex copied literally (it must be 252 bytes with the metadata
ending at 0xf4); \`v1_runtime_envelope\` is the spec's §1.3 derived header hex followed by the §1.6 buffer padded to
256 bytes, and the generator checks it equals our writer's \`envelope: 'runtime'\` output for the same model.
\`v1_layout_freedom\` and \`v1_writer_b_bug\` are laid out explicitly in the generator (tables encoded through
formats/syclbin-v1.ts with a hand-made layout plan).

The README example is \`${README_EXAMPLE}.syclbin\`.
`;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const cases = await buildCases();
  const files: [string, Uint8Array | string][] = [];
  for (const c of cases) {
    files.push([`${c.name}.syclbin`, c.bytes], [`${c.name}.dump.txt`, expectedDump(c.desc)]);
  }
  files.push(['cases.json', JSON.stringify(cases.map((c) => ({ name: c.name, variant: c.variant, canonical: c.canonical, how: c.how })), null, 2) + '\n']);
  files.push(['README.md', readme(cases)]);
  let stale = 0;
  for (const [name, data] of files) {
    const bytes = typeof data === 'string' ? te.encode(data) : data;
    if (check) {
      let old: Uint8Array | undefined;
      try {
        old = new Uint8Array(readFileSync(DIR + name));
      } catch {
        old = undefined;
      }
      if (!old || !equal(old, bytes)) {
        console.error(`stale: ${name}`);
        stale++;
      }
    } else writeFileSync(DIR + name, bytes);
  }
  if (check && stale) process.exitCode = 1;
  else console.log(`${check ? 'checked' : 'wrote'} ${files.length} files in ${DIR}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
