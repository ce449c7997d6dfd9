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

/**
 * The text of a registry, appended to `line` (the caller's pending text): uint32 values stay in the
 * string; a byte array flushes the string and is written as raw bytes. Returns the pending text.
 * Joining text into long strings lets the builder encode it in one native call.
 */
function writeRegistry(w: ByteBuilder, reg: PropertySetRegistry, indent: number, line: string): string {
  const pad = ' '.repeat(indent);
  const vpad = ' '.repeat(indent + 2);
  for (const [name, set] of reg) {
    line += `${pad}${name}:\n`;
    for (const [key, value] of set) {
      line += `${vpad}${key}: `;
      if (value.type === 1) line += `${value.value}\n`;
      else {
        w.text(line);
        line = '\n';
        writeValue(w, value, indent + 2);
      }
    }
  }
  return line;
}

function writeImage(w: ByteBuilder, img: SyclbinImage, indent: number, bytesLabel: string, line: string): string {
  const pad = ' '.repeat(indent);
  line = writeRegistry(w, img.metadata, indent + 2, `${line}${pad}Metadata:\n`);
  return `${line}${pad}${bytesLabel}: <Binary blob of ${img.image.size} bytes>\n`;
}

/** The lines before the abstract modules. */
function writeHead(w: ByteBuilder, head: Omit<SyclbinFile, 'abstractModules'>, count: number): void {
  const line = writeRegistry(w, head.globalMetadata, 2, `Version: ${head.version}\nGlobal metadata:\n`);
  w.text(`${line}Number of Abstract Modules: ${count}\n`);
}

function writeModule(w: ByteBuilder, am: AbstractModule, a: number): void {
  let line = writeRegistry(w, am.metadata, 4, `Abstract Module ${a}:\n  Metadata:\n`);
  line += `  Number of IR Modules: ${am.irModules.length}\n`;
  am.irModules.forEach((ir, i) => {
    line = writeImage(w, ir, 4, 'Raw IR bytes', `${line}  IR module ${i}:\n`);
  });
  line += `  Number of Native Device Code Images: ${am.nativeImages.length}\n`;
  am.nativeImages.forEach((n, i) => {
    line = writeImage(w, n, 4, 'Raw native device code image bytes', `${line}  Native device code image ${i}:\n`);
  });
  w.text(line);
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
