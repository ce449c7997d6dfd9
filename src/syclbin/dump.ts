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
  if (!bytes.includes(NL) && !bytes.includes(CR)) {
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

/**
 * The text of a registry: sets at `indent`, their properties 2 deeper. Written piece by piece into
 * the builder (short ASCII pieces are a character loop, numbers are digits written in place), so a
 * module's text makes no intermediate strings.
 */
function writeRegistry(w: ByteBuilder, reg: PropertySetRegistry, indent: number): void {
  const setPad = pad(indent);
  const keyPad = pad(indent + 2);
  for (const [name, set] of reg) {
    w.text(setPad);
    w.text(name);
    w.text(':\n');
    for (const [key, value] of set) {
      w.text(keyPad);
      w.text(key);
      w.text(': ');
      if (value.type === 1) w.decimal(value.value);
      else writeValue(w, value, indent + 2);
      w.text('\n');
    }
  }
}

function writeImage(w: ByteBuilder, img: SyclbinImage, indent: number, bytesLabel: string): void {
  const p = pad(indent);
  w.text(p);
  w.text('Metadata:\n');
  writeRegistry(w, img.metadata, indent + 2);
  w.text(p);
  w.text(bytesLabel);
  w.text(': <Binary blob of ');
  w.decimal(img.image.size);
  w.text(' bytes>\n');
}

/** The lines before the abstract modules. */
function writeHead(w: ByteBuilder, head: Omit<SyclbinFile, 'abstractModules'>, count: number): void {
  w.text('Version: ');
  w.decimal(head.version);
  w.text('\nGlobal metadata:\n');
  writeRegistry(w, head.globalMetadata, 2);
  w.text('Number of Abstract Modules: ');
  w.decimal(count);
  w.text('\n');
}

/** `label` then the images of one kind of an abstract module, each under its own `title i:` line. */
function writeImages(w: ByteBuilder, label: string, title: string, bytesLabel: string, images: readonly SyclbinImage[]): void {
  w.text(label);
  w.decimal(images.length);
  w.text('\n');
  for (let i = 0; i < images.length; i++) {
    w.text(title);
    w.decimal(i);
    w.text(':\n');
    writeImage(w, images[i]!, 4, bytesLabel);
  }
}

function writeModule(w: ByteBuilder, am: AbstractModule, a: number): void {
  w.text('Abstract Module ');
  w.decimal(a);
  w.text(':\n  Metadata:\n');
  writeRegistry(w, am.metadata, 4);
  writeImages(w, '  Number of IR Modules: ', '  IR module ', 'Raw IR bytes', am.irModules);
  writeImages(w, '  Number of Native Device Code Images: ', '  Native device code image ', 'Raw native device code image bytes', am.nativeImages);
}

/** The full dump of a file, as bytes. */
export function dumpSyclbin(file: SyclbinFile): Uint8Array {
  const w = new ByteBuilder(4096);
  writeHead(w, file, file.abstractModules.length);
  file.abstractModules.forEach((am, a) => writeModule(w, am, a));
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
  readSyclbin(input, { ...opts, visit: { start: (head, count) => writeHead(w, head, count), module: (m, a) => writeModule(w, m, a) } });
  w.finish();
  return chunks;
}
