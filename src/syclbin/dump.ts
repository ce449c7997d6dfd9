/**
 * `syclbin-dump` text (format F1 of spec syclbin-format.md §4, README rule 7): the exact bytes
 * intel/llvm's sycl/tools/syclbin-dump prints. Output is bytes, not text: byte-array values are
 * printed as their raw payload and may hold NUL or non-UTF-8 bytes.
 */
import { ByteBuilder } from '../codec/index.js';
import type { PropertySetRegistry, PropertyValue } from '../props/model.js';
import type { SyclbinFile, SyclbinImage } from './model.js';

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
  for (const [name, set] of reg) {
    w.text(`${pad}${name}:\n`);
    for (const [key, value] of set) {
      w.text(`${vpad}${key}: `);
      writeValue(w, value, indent + 2);
      w.text('\n');
    }
  }
}

function writeImage(w: ByteBuilder, img: SyclbinImage, indent: number, bytesLabel: string): void {
  const pad = ' '.repeat(indent);
  w.text(`${pad}Metadata:\n`);
  writeRegistry(w, img.metadata, indent + 2);
  w.text(`${pad}${bytesLabel}: <Binary blob of ${img.image.size} bytes>\n`);
}

/** The full dump of a file, as bytes. */
export function dumpSyclbin(file: SyclbinFile): Uint8Array {
  const w = new ByteBuilder(4096);
  w.text(`Version: ${file.version}\n`);
  w.text('Global metadata:\n');
  writeRegistry(w, file.globalMetadata, 2);
  w.text(`Number of Abstract Modules: ${file.abstractModules.length}\n`);
  file.abstractModules.forEach((am, a) => {
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
  });
  return w.result();
}
