/**
 * `syclbin-dump` text (format F1 of spec syclbin-format.md §4, README rule 7): the exact bytes
 * intel/llvm's sycl/tools/syclbin-dump prints. Output is bytes, not text: byte-array values are
 * printed as their raw payload and may hold NUL or non-UTF-8 bytes.
 */
import { ByteBuilder, type ByteSource } from '../codec/index.js';
import type { PropertySetRegistry, PropertyValue } from '../props/model.js';
import type { AbstractModule, SyclbinFile, SyclbinImage } from './model.js';
import { readSyclbin, type ReadSyclbinOptions } from './read.js';

const enc = new TextEncoder();

const NL = 0x0a;
const CR = 0x0d;

/** Whether `b` holds a `\n` or `\r` (one pass over a short value instead of two searches). */
function hasLineEnd(b: Uint8Array): boolean {
  if (b.length > 64) return b.includes(NL) || b.includes(CR);
  for (let i = 0; i < b.length; i++) if (b[i] === NL || b[i] === CR) return true;
  return false;
}

/**
 * A value containing `\r\n`, `\r` or `\n` is printed as "\n" + I + value with every newline
 * (that first one included) replaced by "\n" + I, I = value indent + 2 — so the first line carries
 * I twice (syclbin-dump.cpp; spec README rule 7).
 */
function writeValue(w: ByteBuilder, value: PropertyValue, indent: number): void {
  if (value.type === 1) {
    w.text(String(value.value));
    return;
  }
  const bytes = value.bytes;
  if (!hasLineEnd(bytes)) {
    w.bytes(bytes);
    return;
  }
  const I = enc.encode('\n' + ' '.repeat(indent + 2));
  w.bytes(I);
  w.bytes(I.subarray(1));
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== NL && b !== CR) continue;
    w.bytes(bytes.subarray(start, i));
    w.bytes(I);
    if (b === CR && bytes[i + 1] === NL) i++;
    start = i + 1;
  }
  w.bytes(bytes.subarray(start));
}

/** Indentation by width (the dump nests at most a few levels). */
const PADS: readonly string[] = Array.from({ length: 16 }, (_, i) => ' '.repeat(i));
function pad(n: number): string {
  return PADS[n] ?? ' '.repeat(n);
}

/** The fixed text of the dump, encoded once. */
const T = {
  version: enc.encode('Version: '),
  global: enc.encode('\nGlobal metadata:\n'),
  moduleCount: enc.encode('Number of Abstract Modules: '),
  module: enc.encode('Abstract Module '),
  moduleMetadata: enc.encode(':\n  Metadata:\n'),
  irCount: enc.encode('  Number of IR Modules: '),
  irModule: enc.encode('  IR module '),
  irBytes: enc.encode('    Raw IR bytes: <Binary blob of '),
  nativeCount: enc.encode('  Number of Native Device Code Images: '),
  nativeImage: enc.encode('  Native device code image '),
  nativeBytes: enc.encode('    Raw native device code image bytes: <Binary blob of '),
  imageMetadata: enc.encode(':\n    Metadata:\n'),
  bytesEnd: enc.encode(' bytes>\n'),
};

/** Most names and keys a line cache keeps per indent (a file of endless distinct keys stays bounded). */
const LINE_CACHE_MAX = 4096;

/**
 * The encoded heads of set lines (`<pad>NAME:\n`) and property lines (`<pad>KEY: `) by indent and
 * name: every module's metadata repeats the same few names and keys, so a line head is one lookup
 * and one copy instead of encoding its text again.
 */
class LineHeads {
  private readonly byIndent: Map<string, Uint8Array>[] = [];
  get(indent: number, name: string, suffix: ':\n' | ': '): Uint8Array {
    const slot = indent * 2 + (suffix === ': ' ? 1 : 0);
    let m = this.byIndent[slot];
    if (!m) m = this.byIndent[slot] = new Map();
    let b = m.get(name);
    if (!b) {
      if (m.size >= LINE_CACHE_MAX) m.clear();
      m.set(name, (b = enc.encode(pad(indent) + name + suffix)));
    }
    return b;
  }
}

/** The text of a registry: sets at `indent`, their properties 2 deeper. */
function writeRegistry(w: ByteBuilder, heads: LineHeads, reg: PropertySetRegistry, indent: number): void {
  for (const [name, set] of reg) {
    w.bytes(heads.get(indent, name, ':\n'));
    for (const [key, value] of set) {
      w.bytes(heads.get(indent + 2, key, ': '));
      if (value.type === 1) w.decimal(value.value);
      else writeValue(w, value, indent + 2);
      w.u8(NL);
    }
  }
}

/** The lines before the abstract modules. */
function writeHead(w: ByteBuilder, heads: LineHeads, head: Omit<SyclbinFile, 'abstractModules'>, count: number): void {
  w.bytes(T.version);
  w.decimal(head.version);
  w.bytes(T.global);
  writeRegistry(w, heads, head.globalMetadata, 2);
  w.bytes(T.moduleCount);
  w.decimal(count);
  w.u8(NL);
}

/** `countLine` then the images of one kind of an abstract module, each under its own `title i:` line. */
function writeImages(w: ByteBuilder, heads: LineHeads, countLine: Uint8Array, title: Uint8Array, bytesLine: Uint8Array, images: readonly SyclbinImage[]): void {
  w.bytes(countLine);
  w.decimal(images.length);
  w.u8(NL);
  for (let i = 0; i < images.length; i++) {
    const img = images[i]!;
    w.bytes(title);
    w.decimal(i);
    w.bytes(T.imageMetadata);
    writeRegistry(w, heads, img.metadata, 6);
    w.bytes(bytesLine);
    w.decimal(img.image.size);
    w.bytes(T.bytesEnd);
  }
}

function writeModule(w: ByteBuilder, heads: LineHeads, am: AbstractModule, a: number): void {
  w.bytes(T.module);
  w.decimal(a);
  w.bytes(T.moduleMetadata);
  writeRegistry(w, heads, am.metadata, 4);
  writeImages(w, heads, T.irCount, T.irModule, T.irBytes, am.irModules);
  writeImages(w, heads, T.nativeCount, T.nativeImage, T.nativeBytes, am.nativeImages);
}

/** The full dump of a file, as bytes. */
export function dumpSyclbin(file: SyclbinFile): Uint8Array {
  const w = new ByteBuilder(4096);
  const heads = new LineHeads();
  writeHead(w, heads, file, file.abstractModules.length);
  file.abstractModules.forEach((am, a) => writeModule(w, heads, am, a));
  return w.result();
}

/** Size of the chunks of a streamed dump. */
const CHUNK = 1 << 20;

/**
 * Read and dump in one walk: each abstract module is printed when it is read and then dropped, so
 * memory holds the output, not the model (src/syclbin/read.ts `visit`). The output is a list of
 * chunks, never joined (write them in order). Throws what readSyclbin throws; nothing is returned
 * for a file that does not read, as syclbin-dump prints nothing then.
 */
export function dumpSyclbinSource(input: Uint8Array | ByteSource, opts: Omit<ReadSyclbinOptions, 'visit'> = {}): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  const w = new ByteBuilder(CHUNK, true, (c) => chunks.push(c));
  const heads = new LineHeads();
  readSyclbin(input, { ...opts, visit: { start: (head, count) => writeHead(w, heads, head, count), module: (m, a) => writeModule(w, heads, m, a) } });
  w.finish();
  return chunks;
}
