/**
 * `syclbin-dump` text (format F1 of spec syclbin-format.md §4, README rule 7): the exact bytes
 * intel/llvm's sycl/tools/syclbin-dump prints. Output is bytes, not text: byte-array values are
 * printed as their raw payload and may hold NUL or non-UTF-8 bytes.
 */
import type { PropertySetRegistry, PropertyValue } from '../props/model.js';
import type { SyclbinFile, SyclbinImage } from './model.js';

const enc = new TextEncoder();

/** Growing output buffer; ASCII text is copied byte by byte (most of a dump), the rest via TextEncoder. */
class ByteWriter {
  private buf = new Uint8Array(4096);
  private size = 0;
  private room(n: number): void {
    if (this.size + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.size + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.size));
    this.buf = next;
  }
  text(s: string): void {
    this.room(s.length);
    const start = this.size;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7f) {
        this.size = start;
        this.raw(enc.encode(s));
        return;
      }
      this.buf[this.size++] = c;
    }
  }
  raw(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.size);
    this.size += b.length;
  }
  result(): Uint8Array {
    return this.buf.slice(0, this.size);
  }
}

const NL = 0x0a;
const CR = 0x0d;

/**
 * A value containing `\r\n`, `\r` or `\n` is printed as "\n" + I + value with every newline
 * (that first one included) replaced by "\n" + I, I = value indent + 2 — so the first line carries
 * I twice (syclbin-dump.cpp; spec README rule 7).
 */
function writeValue(w: ByteWriter, value: PropertyValue, indent: number): void {
  if (value.type === 1) {
    w.text(String(value.value));
    return;
  }
  const bytes = value.bytes;
  if (!bytes.includes(NL) && !bytes.includes(CR)) {
    w.raw(bytes);
    return;
  }
  const I = enc.encode('\n' + ' '.repeat(indent + 2));
  w.raw(I);
  w.raw(I.subarray(1));
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== NL && b !== CR) continue;
    w.raw(bytes.subarray(start, i));
    w.raw(I);
    if (b === CR && bytes[i + 1] === NL) i++;
    start = i + 1;
  }
  w.raw(bytes.subarray(start));
}

function writeRegistry(w: ByteWriter, reg: PropertySetRegistry, indent: number): void {
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

function writeImage(w: ByteWriter, img: SyclbinImage, indent: number, bytesLabel: string): void {
  const pad = ' '.repeat(indent);
  w.text(`${pad}Metadata:\n`);
  writeRegistry(w, img.metadata, indent + 2);
  w.text(`${pad}${bytesLabel}: <Binary blob of ${img.image.size} bytes>\n`);
}

/** The full dump of a file, as bytes. */
export function dumpSyclbin(file: SyclbinFile): Uint8Array {
  const w = new ByteWriter();
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
