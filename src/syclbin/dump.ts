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

function writeRegistry(w: ByteBuilder, reg: PropertySetRegistry, indent: number): void {
  const pad = ' '.repeat(indent);
  const vpad = ' '.repeat(indent + 2);
  // Lines are joined into one string per set (one text() call instead of one per fragment).
  for (const [name, set] of reg) {
    let line = `${pad}${name}:\n`;
    for (const [key, value] of set) {
      line += `${vpad}${key}: `;
      if (value.type === 1) line += `${value.value}\n`;
      else {
        w.text(line);
        line = '\n';
        writeValue(w, value, indent + 2);
      }
    }
    w.text(line);
  }
}

function writeImage(w: ByteBuilder, img: SyclbinImage, indent: number, bytesLabel: string): void {
  const pad = ' '.repeat(indent);
  w.text(`${pad}Metadata:\n`);
  writeRegistry(w, img.metadata, indent + 2);
  w.text(`${pad}${bytesLabel}: <Binary blob of ${img.image.size} bytes>\n`);
}

/** The lines before the abstract modules. */
function writeHead(w: ByteBuilder, head: Omit<SyclbinFile, 'abstractModules'>, count: number): void {
  w.text(`Version: ${head.version}\n`);
  w.text('Global metadata:\n');
  writeRegistry(w, head.globalMetadata, 2);
  w.text(`Number of Abstract Modules: ${count}\n`);
}

function writeModule(w: ByteBuilder, am: AbstractModule, a: number): void {
  w.text(`Abstract Module ${a}:\n`);
  w.text('  Metadata:\n');
  writeRegistry(w, am.metadata, 4);
  w.text(`  Number of IR Modules: ${am.irModules.length}\n`);
  am.irModules.forEach((ir, i) => {
    w.text(`  IR module ${i}:\n`);
    writeImage(w, ir, 4, 'Raw IR bytes');
  });
  w.text(`  Number of Native Device Code Images: ${am.nativeImages.length}\n`);
  am.nativeImages.forEach((n, i) => {
    w.text(`  Native device code image ${i}:\n`);
    writeImage(w, n, 4, 'Raw native device code image bytes');
  });
}

/** The full dump of a file, as bytes. */
export function dumpSyclbin(file: SyclbinFile): Uint8Array {
  const w = new ByteBuilder(4096);
  writeHead(w, file, file.abstractModules.length);
  file.abstractModules.forEach((am, a) => writeModule(w, am, a));
  return w.result();
}

/**
 * Read and dump in one walk: each abstract module is printed when it is read and then dropped, so
 * memory holds the output, not the model (src/syclbin/read.ts `visit`). Throws what readSyclbin
 * throws; nothing is returned for a file that does not read, as syclbin-dump prints nothing then.
 */
export function dumpSyclbinSource(input: Uint8Array | ByteSource, opts: Omit<ReadSyclbinOptions, 'visit'> = {}): Uint8Array {
  const w = new ByteBuilder(1 << 16);
  readSyclbin(input, { ...opts, visit: { start: (head, count) => writeHead(w, head, count), module: (m, a) => writeModule(w, m, a) } });
  return w.result();
}
