/**
 * What an image is, from its first bytes: a SPIR-V module (formats/spirv.ts: byte order, version,
 * generator, bound, schema), LLVM bitcode (formats/llvm-bitcode.ts: raw or in a wrapper; the module's
 * target triple when src/containers/bitcode.ts finds it), an ELF file (formats/elf.ts: class, byte
 * order, type, machine and the `llvm-objdump` file format name), an OffloadBinary (a nested one), a
 * SYCLBIN (formats/syclbin-v1.ts: its file header's version and counts), or unknown (its first bytes). Reads a bounded window of the image, never all of it (the bitcode
 * triple: at most `BITCODE_TRIPLE_WINDOW` bytes). Never throws for bad input: what could not be read
 * is in `problem`.
 *
 * Portable: no Node APIs.
 */
import { decode, DecodeError, decodeUtf8, hasMagic, hexText, memoryBlob, Space, type BlobRef, type ByteSource, type PathKey, type SpanTree, type BytesLike } from '../codec/index.js';
import { ELF_HEADERS, ElfIdent, elfFileFormatName } from '../../formats/elf.js';
import { BitcodeMagic, BitcodeWrapperHeader } from '../../formats/llvm-bitcode.js';
import { OffloadHeaderPrefix, OffloadMagic } from '../../formats/offload-binary.js';
import { SyclbinFileHeader, SyclbinMagic } from '../../formats/syclbin-v1.js';
import { SPIRV_HEADER_SIZE, SPIRV_WORD, SpirvHeader, spirvByteOrder, spirvGenerator, spirvOpcode, spirvVersion, spirvWordCount } from '../../formats/spirv.js';
import { ENTRY_POINT_PREAMBLE, Op } from '../../formats/spirv-enums.js';
import { bitcodeTriple } from './bitcode.js';
import { bitcodeKernels } from './bitcode-symbols.js';

/** SPIR-V module facts (the header). */
export interface SpirvInfo {
  /** Discriminant of `ImageInfo`. */
  kind: 'spirv';
  /** Image size in bytes. */
  size: number;
  /** Byte order of the words (from the magic). */
  byteOrder: 'le' | 'be';
  /** SPIR-V version from the header. */
  version: { major: number; minor: number };
  /** Tool id and version; vendor and tool from the Khronos registry when the id is a known one. */
  generator: { id: number; version: number; vendor?: string; tool?: string };
  /** The header's Bound (one more than the largest <id>). */
  bound: number;
  /** The header's Schema word (reserved, 0). */
  schema: number;
  /** The module's OpEntryPoints in order (kernels of an OpenCL/SYCL module: execution model Kernel), the first MAX_LISTED_NAMES. */
  entryPoints: { model: number; name: string }[];
  /** OpEntryPoints past the first MAX_LISTED_NAMES, counted, not kept. */
  entryPointsOmitted?: number;
}

/** LLVM bitcode facts. */
export interface BitcodeInfo {
  /** Discriminant of `ImageInfo`. */
  kind: 'bitcode';
  /** Image size in bytes. */
  size: number;
  /** The bitcode wrapper header, when the image has one. */
  wrapper?: { version: number; offset: number; size: number; cpuType: number };
  /** The module's target triple (MODULE_BLOCK TRIPLE record), when found. */
  triple?: string;
  /** The kernels the module defines (spir_kernel, ptx_kernel, amdgpu_kernel functions), in module order, the first MAX_LISTED_NAMES. */
  kernels?: string[];
  /** Kernels past the first MAX_LISTED_NAMES, counted, not kept. */
  kernelsOmitted?: number;
}

/** ELF facts. */
export interface ElfInfo {
  /** Discriminant of `ImageInfo`. */
  kind: 'elf';
  /** Image size in bytes. */
  size: number;
  /** ELF class (EI_CLASS): 32- or 64-bit. */
  class: 32 | 64;
  /** Byte order (EI_DATA). */
  littleEndian: boolean;
  /** e_type */
  type: number;
  /** e_machine */
  machine: number;
  /** What llvm-objdump calls it (`elf64-x86-64`, `elf64-amdgpu`). */
  fileFormat: string;
}

/** A nested OffloadBinary. */
export interface OffloadBinaryInfo {
  /** Discriminant of `ImageInfo`. */
  kind: 'offload-binary';
  /** Image size in bytes. */
  size: number;
  /** OffloadBinary header version. */
  version: number;
}

/** A SYCLBIN v1 image (intel/llvm's SYCLBIN: the `SYBI` magic; image kind 7 in an OffloadBinary). */
export interface SyclbinInfo {
  /** Discriminant of `ImageInfo`. */
  kind: 'syclbin';
  /** Image size in bytes. */
  size: number;
  /** The file header's version. */
  version: number;
  /** The file header's counts of abstract modules, IR modules and native images. */
  abstractModules: number;
  /** IR module headers. */
  irModules: number;
  /** Native image headers. */
  nativeImages: number;
}

/** Anything else. */
export interface UnknownInfo {
  /** Discriminant of `ImageInfo`. */
  kind: 'unknown';
  /** Image size in bytes. */
  size: number;
  /** The first (up to 4) bytes, hex. */
  magic: string;
}

/** What {@link identifyImage} tells. `problem`: the image looked like the kind but its header could not be read. */
export type ImageInfo = (SpirvInfo | BitcodeInfo | ElfInfo | OffloadBinaryInfo | SyclbinInfo | UnknownInfo) & { problem?: string };

/** Bytes read to identify an image (all headers fit). */
const HEAD = 64;

/** Identify an image from its first bytes. */
export function identifyImage(image: BlobRef | BytesLike): ImageInfo {
  // A blob, or bytes in any form (memoryBlob: an ArrayBuffer or any view of one; else an ArgumentError).
  const isBlob = typeof image === 'object' && image !== null && !ArrayBuffer.isView(image) && typeof (image as BlobRef).size === 'number' && typeof (image as BlobRef).slice === 'function';
  const blob = isBlob ? (image as BlobRef) : memoryBlob(image as Uint8Array);
  const size = blob.size;
  const head = blob.slice(0, Math.min(HEAD, size));
  try {
    const order = spirvByteOrder(head);
    if (order && size >= SPIRV_HEADER_SIZE) {
      const h = decode(SpirvHeader, head, 0, { le: order === 'le' });
      const info: ImageInfo = { kind: 'spirv', size, byteOrder: order, version: spirvVersion(h.version), generator: spirvGenerator(h.generator), bound: h.bound, schema: h.schema, entryPoints: [] };
      const { problem, omitted } = readEntryPoints(blob, order === 'le', info.entryPoints);
      if (omitted) info.entryPointsOmitted = omitted;
      return problem ? { ...info, problem } : info;
    }
    // The SPIR-V magic with less than its 5-word header after it: a module cut short, said as such.
    if (order) return { kind: 'unknown', size, magic: hexText(head.subarray(0, 4)), problem: `a SPIR-V module cut short: ${size} of its ${SPIRV_HEADER_SIZE}-byte header` };
    if (hasMagic(BitcodeMagic, head)) return withTriple({ kind: 'bitcode', size }, blob, 0, size);
    if (hasMagic(BitcodeWrapperHeader.fields.magic, head)) {
      const w = decode(BitcodeWrapperHeader, head, 0, { path: ['bitcodeWrapper'] });
      const info: BitcodeInfo = { kind: 'bitcode', size, wrapper: { version: w.version, offset: w.offset, size: w.size, cpuType: w.cpuType } };
      if (w.offset > size || w.size > size - w.offset) return { ...info, problem: `the wrapper's bitcode [${w.offset}, +${w.size}) is outside the ${size}-byte image` };
      return withTriple(info, blob, w.offset, w.size);
    }
    if (hasMagic(ElfIdent.fields.magic, head)) return elfInfo(head, size);
    if (hasMagic(OffloadMagic, head) && size >= OffloadHeaderPrefix.fixedSize! && head.length >= OffloadHeaderPrefix.fixedSize!) {
      return { kind: 'offload-binary', size, version: new DataView(head.buffer, head.byteOffset).getUint32(OffloadHeaderPrefix.offsets.version, true) };
    }
    if (hasMagic(SyclbinMagic, head)) {
      // (a header cut short is a DecodeError: the catch below says so)
      const h = decode(SyclbinFileHeader, head, 0, { path: ['syclbin'] });
      return { kind: 'syclbin', size, version: h.version, abstractModules: h.abstractModuleCount, irModules: h.irModuleCount, nativeImages: h.nativeImageCount };
    }
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    return { kind: 'unknown', size, magic: hexText(head.subarray(0, 4)), problem: e.message };
  }
  return { kind: 'unknown', size, magic: hexText(head.subarray(0, 4)) };
}

/** Bytes read at a time by {@link spirvModuleProblem} (a multiple of the word size). */
const SPIRV_WALK_WINDOW = 1 << 16;

/**
 * The first structural problem of the SPIR-V module that is the whole of `src` (a valid header
 * checked by the caller), as spirv-val reports it before validating anything: a size that is not a
 * whole number of words, an instruction with word count 0, an instruction running past the end.
 * Every instruction's first word is read once, in windows: work is linear in the module, memory one
 * window. The path is annotate's span (`instructions`, one span of words); the message counts the
 * instruction. Undefined when the instruction stream is well formed.
 */
export function spirvModuleProblem(src: ByteSource, le: boolean): { offset: number; path: PathKey[]; message: string } | undefined {
  const size = src.size;
  if (size % SPIRV_WORD !== 0) {
    return { offset: size - (size % SPIRV_WORD), path: ['instructions'], message: `the module is ${size} bytes, not a whole number of 32-bit words (spirv-val: "file size should be a multiple of 4")` };
  }
  let window: Uint8Array = new Uint8Array(0);
  let view = new DataView(window.buffer);
  let base = 0;
  let index = 0;
  for (let at = SPIRV_HEADER_SIZE; at < size; index++) {
    if (at + SPIRV_WORD > base + window.length) {
      base = at;
      window = src.read(at, Math.min(SPIRV_WALK_WINDOW, size - at));
      view = new DataView(window.buffer, window.byteOffset, window.byteLength);
    }
    const first = view.getUint32(at - base, le);
    const words = spirvWordCount(first);
    const opcode = spirvOpcode(first);
    if (words === 0) return { offset: at, path: ['instructions'], message: `instruction ${index} (opcode ${opcode}) has word count 0` };
    if (words * SPIRV_WORD > size - at) return { offset: at, path: ['instructions'], message: `instruction ${index} (opcode ${opcode}) is ${words} words, ${(size - at) / SPIRV_WORD} remain in the module` };
    at += words * SPIRV_WORD;
  }
  return undefined;
}

/** Names (entry points, kernels) kept per module; more are counted: memory stays bounded by what a listing can show. */
export const MAX_LISTED_NAMES = 1 << 16;

/** Bytes read per instruction of the preamble (an OpEntryPoint's name and interface list fit; longer ones are read whole). */
const INSTRUCTION_WINDOW = 256;

/**
 * The OpEntryPoints of a SPIR-V module: the instructions after the header are walked while they are
 * of the preamble (formats/spirv-enums.ts ENTRY_POINT_PREAMBLE: capabilities, extensions, imports,
 * memory model, entry points); an OpEntryPoint is [word count | opcode, ExecutionModel, <id>, name
 * (a NUL-terminated UTF-8 literal padded to words), interface <id>s...]. Work is linear in the
 * preamble; a malformed instruction ends the walk with a problem (the header stays valid).
 */
function readEntryPoints(blob: BlobRef, le: boolean, out: { model: number; name: string }[]): { problem?: string; omitted: number } {
  const WORD = SPIRV_WORD;
  let at = SPIRV_HEADER_SIZE;
  let omitted = 0;
  const done = (problem?: string): { problem?: string; omitted: number } => (problem ? { problem, omitted } : { omitted });
  while (at + WORD <= blob.size) {
    const head = blob.slice(at, Math.min(INSTRUCTION_WINDOW, blob.size - at));
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    const first = view.getUint32(0, le);
    const opcode = spirvOpcode(first);
    const words = spirvWordCount(first);
    if (!ENTRY_POINT_PREAMBLE.has(opcode)) return done();
    if (words === 0) return done(`instruction at byte ${at}: word count 0`);
    if (at + words * WORD > blob.size) return done(`instruction at byte ${at}: ${words} words run past the end of the module`);
    if (opcode === Op.EntryPoint && out.length >= MAX_LISTED_NAMES) omitted++;
    else if (opcode === Op.EntryPoint) {
      if (words < 4) return done(`OpEntryPoint at byte ${at}: ${words} words, too short for a model, an <id> and a name`);
      const bytes = words * WORD <= head.length ? head.subarray(0, words * WORD) : blob.slice(at, words * WORD);
      const model = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(WORD, le);
      // The name's bytes are in memory order on little-endian modules; a big-endian module stores
      // each word's bytes reversed (SPIR-V spec §2.2.1: literal strings fill words from the low-order byte).
      const chars = bytes.slice(3 * WORD);
      if (!le) for (let w = 0; w + WORD <= chars.length; w += WORD) chars.subarray(w, w + WORD).reverse();
      const nul = chars.indexOf(0);
      if (nul < 0) return done(`OpEntryPoint at byte ${at}: its name has no terminating NUL inside the instruction`);
      out.push({ model, name: decodeUtf8(chars, 0, nul) });
    }
    at += words * WORD;
  }
  return done();
}

function elfInfo(head: Uint8Array, size: number): ImageInfo {
  const ident = decode(ElfIdent, head, 0, { path: ['header', 'e_ident'] });
  const cls = ident.class === 1 ? 32 : ident.class === 2 ? 64 : undefined;
  const le = ident.data === 1 ? true : ident.data === 2 ? false : undefined;
  if (cls === undefined || le === undefined) return { kind: 'unknown', size, magic: hexText(head.subarray(0, 4)), problem: `ELF magic with EI_CLASS ${ident.class} and EI_DATA ${ident.data}` };
  const h = decode(ELF_HEADERS[cls === 32 ? 1 : 2], head, 0, { le, path: ['header'] });
  return { kind: 'elf', size, class: cls, littleEndian: le, type: h.e_type, machine: h.e_machine, fileFormat: elfFileFormatName(cls, h.e_machine, le) };
}

function withTriple(info: BitcodeInfo, blob: BlobRef, offset: number, size: number): ImageInfo {
  const t = bitcodeTriple(blob, offset, size);
  if (t.triple !== undefined) info.triple = t.triple;
  // The kernels a device module defines (src/containers/bitcode-symbols.ts), whatever the triple
  // search found; a module the walk cannot follow says why it has no kernel list.
  const k = bitcodeKernels(blob, MAX_LISTED_NAMES);
  if (k?.kernels) info.kernels = k.kernels;
  if (k?.omitted) info.kernelsOmitted = k.omitted;
  const problem = t.problem ?? k?.problem;
  return problem ? { ...info, problem } : info;
}

/** The bare image kind of an identification. */
export function bareKind(info: ImageInfo): 'spirv' | 'bitcode' | 'elf' | 'unknown' {
  return info.kind === 'spirv' || info.kind === 'bitcode' || info.kind === 'elf' ? info.kind : 'unknown';
}

/**
 * Records in `tree` what a file that is one module consists of: a SPIR-V module's header fields and
 * its instruction words; an LLVM bitcode file's magic and bitstream (behind the wrapper header when it
 * has one; bytes around the wrapped bitcode are left to the caller's tiling). The module itself is
 * not parsed: `inspect` says what is in it. Returns what the file is, or undefined when it is neither.
 * DecodeErrors name the field (a wrapper range outside the file: `wrapper.offset` / `wrapper.size`).
 */
export function recordModuleSpans(src: ByteSource, tree: SpanTree): 'spirv' | 'bitcode' | undefined {
  const head = src.read(0, Math.min(src.size, HEAD));
  const order = spirvByteOrder(head);
  if (order) {
    const file = new Space(src, 0, tree, order === 'le');
    file.decode(SpirvHeader, 0, { path: ['header'], parent: tree.root, key: 'header' });
    if (src.size > SPIRV_HEADER_SIZE) file.record({ path: ['instructions'], parent: tree.root, key: 'instructions' }, SPIRV_HEADER_SIZE, src.size - SPIRV_HEADER_SIZE, 'bytes');
    return 'spirv';
  }
  const file = new Space(src, 0, tree);
  let at = 0;
  let size = src.size;
  if (hasMagic(BitcodeWrapperHeader.fields.magic, head)) {
    const w = file.decode(BitcodeWrapperHeader, 0, { path: ['wrapper'], parent: tree.root, key: 'wrapper' });
    const field = (f: 'offset' | 'size'): number => BitcodeWrapperHeader.offsets[f];
    // LLVM reads the bitcode at [Offset, +Size) and wants its magic there ("Invalid bitcode signature").
    if (w.offset < BitcodeWrapperHeader.fixedSize!) throw new DecodeError('FORMAT', `the wrapped bitcode starts at ${w.offset}, inside the ${BitcodeWrapperHeader.fixedSize}-byte wrapper header`, field('offset'), ['wrapper', 'offset']);
    if (w.size < BitcodeMagic.fixedSize!) throw new DecodeError('FORMAT', `the wrapped bitcode is ${w.size} bytes, too short for its magic`, field('size'), ['wrapper', 'size']);
    if (w.offset > src.size) throw new DecodeError('EOF', `the wrapped bitcode starts at ${w.offset}, past the end of the ${src.size}-byte file`, field('offset'), ['wrapper', 'offset']);
    if (w.size > src.size - w.offset) throw new DecodeError('EOF', `the wrapped bitcode [${w.offset}, +${w.size}) runs past the end of the ${src.size}-byte file`, field('size'), ['wrapper', 'size']);
    at = w.offset;
    size = w.size;
  } else if (!hasMagic(BitcodeMagic, head)) return undefined;
  file.decode(BitcodeMagic, at, { path: ['magic'], parent: tree.root, key: 'magic' });
  const magic = BitcodeMagic.fixedSize!;
  if (size > magic) file.record({ path: ['bitstream'], parent: tree.root, key: 'bitstream' }, at + magic, size - magic, 'bytes');
  return 'bitcode';
}
