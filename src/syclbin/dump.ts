/**
 * `syclbin-dump` text (format F1 of spec syclbin-format.md §4, README rule 7): the exact bytes
 * intel/llvm's sycl/tools/syclbin-dump prints. Output is bytes, not text: byte-array values are
 * printed as their raw payload and may hold NUL or non-UTF-8 bytes.
 */
import { ArgumentError, ByteBuilder, describeValue, encodeLatin1, type ByteSource, optionsArgument, type OptionKeys, type BytesLike, utf8ByteString } from '../codec/index.js';
import type { PropertySet, PropertySetRegistry, PropertyValue } from '../props/model.js';
import { syclbinModelArgument, type AbstractModule, type SyclbinFile, type SyclbinImage } from './model.js';
import { readSyclbin, type ReadSyclbinOptions } from './read.js';
import { VISIT_SHARES_BLOBS } from './visit-sharing.js';

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

/** Sets the dump writer remembers, the most recent (DumpWriter.set). */
const RECENT_SETS = 16;

/**
 * Writes the dump into a ByteBuilder. The heads of set lines (`<pad>NAME:\n`) and property lines
 * (`<pad>KEY: `) are encoded once per indent and name (every module's metadata repeats the same few
 * names and keys), so a line head is one lookup and one copy. Registries are walked with `forEach`
 * and methods of the writer (no iterator or entry array per set and property).
 */
class DumpWriter {
  private readonly heads: Map<string, Uint8Array>[] = [];
  /** Indent of the sets of the registry being written (their properties are 2 deeper). */
  private indent = 0;
  /**
   * The last RECENT_SETS sets written, by their Map (a v1 blob many headers name hands every one the
   * same set objects: src/syclbin/read-v1.ts): their text at an indent, made the second time a set is
   * written and copied while it is among them (syclbin-dump prints such a blob once per header; a blob
   * of more sets than that is written each time, which costs about what copying does).
   */
  private readonly recent: { set: PropertySet; indent: number; text: Uint8Array | undefined }[] = [];
  /** Where the next set goes in `recent` once it is full (the oldest). */
  private next = 0;
  constructor(public w: ByteBuilder) {}

  private head(indent: number, name: string, suffix: ':\n' | ': '): Uint8Array {
    const slot = indent * 2 + (suffix === ': ' ? 1 : 0);
    let m = this.heads[slot];
    if (!m) m = this.heads[slot] = new Map();
    let b = m.get(name);
    if (!b) {
      if (m.size >= LINE_CACHE_MAX) m.clear();
      // Names and keys as the bytes they were read from (a byte that is not UTF-8 is held as a lone
      // surrogate, src/props/text.ts): syclbin-dump writes the line's bytes as they are.
      m.set(name, (b = encodeLatin1(utf8ByteString(pad(indent) + name + suffix))));
    }
    return b;
  }

  /** The text of a registry: sets at `indent`, their properties 2 deeper. */
  registry(reg: PropertySetRegistry, indent: number): void {
    this.indent = indent;
    reg.forEach(this.set, this);
  }
  private set(this: DumpWriter, set: PropertySet, name: string): void {
    this.w.bytes(this.head(this.indent, name, ':\n'));
    // A set written again at the same indent (a blob many headers name: the same set objects) is
    // copied from the text made its second time. The last RECENT_SETS sets written are looked at, by
    // identity (no hashing, nothing held past them: a dump of 200,000 modules, each with its own
    // sets, keeps none of them).
    const indent = this.indent;
    const recent = this.recent;
    for (let i = 0; i < recent.length; i++) {
      const r = recent[i]!;
      if (r.set !== set || r.indent !== indent) continue;
      if (r.text === undefined) {
        const out = this.w;
        this.w = new ByteBuilder(4096);
        set.forEach(this.property, this);
        r.text = this.w.result();
        this.w = out;
      }
      this.w.bytes(r.text);
      return;
    }
    if (recent.length < RECENT_SETS) recent.push({ set, indent, text: undefined });
    else recent[this.next++ % RECENT_SETS] = { set, indent, text: undefined };
    set.forEach(this.property, this);
  }
  private property(this: DumpWriter, value: PropertyValue, key: string): void {
    const w = this.w;
    w.bytes(this.head(this.indent + 2, key, ': '));
    if (value.type === 1) w.decimal(value.value);
    else writeValue(w, value, this.indent + 2);
    w.u8(NL);
  }

  /** The lines before the abstract modules. */
  start(head: Omit<SyclbinFile, 'abstractModules'>, count: number): void {
    const w = this.w;
    w.bytes(T.version);
    w.decimal(head.version);
    w.bytes(T.global);
    this.registry(head.globalMetadata, 2);
    w.bytes(T.moduleCount);
    w.decimal(count);
    w.u8(NL);
  }

  /** `countLine` then the images of one kind of an abstract module, each under its own `title i:` line. */
  private images(countLine: Uint8Array, title: Uint8Array, bytesLine: Uint8Array, images: readonly SyclbinImage[]): void {
    const w = this.w;
    w.bytes(countLine);
    w.decimal(images.length);
    w.u8(NL);
    for (let i = 0; i < images.length; i++) {
      const img = images[i]!;
      w.bytes(title);
      w.decimal(i);
      w.bytes(T.imageMetadata);
      this.registry(img.metadata, 6);
      w.bytes(bytesLine);
      // (a model built by hand may hold the bytes themselves, as the writers take them)
      const image: unknown = img.image;
      w.decimal(ArrayBuffer.isView(image) || image instanceof ArrayBuffer ? image.byteLength : img.image.size);
      w.bytes(T.bytesEnd);
    }
  }

  module(am: AbstractModule, a: number): void {
    const w = this.w;
    w.bytes(T.module);
    w.decimal(a);
    w.bytes(T.moduleMetadata);
    this.registry(am.metadata, 4);
    this.images(T.irCount, T.irModule, T.irBytes, am.irModules);
    this.images(T.nativeCount, T.nativeImage, T.nativeBytes, am.nativeImages);
  }
}

/** The full dump of a file, as bytes. */
export function dumpSyclbin(file: SyclbinFile): Uint8Array {
  syclbinModelArgument(file, 'dumpSyclbin (for bytes: dumpSyclbinSource)');
  const d = new DumpWriter(new ByteBuilder(4096));
  d.start(file, file.abstractModules.length);
  file.abstractModules.forEach((am, a) => d.module(am, a));
  return d.w.result();
}

/** Size of the chunks of a streamed dump. */
const CHUNK = 1 << 20;

/**
 * The keys dumpSyclbinSource and dumpSyclbinChunks take (readSyclbin's but `visit`, which they set):
 * any other is an UnknownOptionError naming the dump function, not readSyclbin.
 */
const DUMP_KEYS: OptionKeys<Omit<ReadSyclbinOptions, 'visit'>> = {
  tree: true, problems: true, maxInflatedSize: true, inflatedBudget: true, inflated: true, geometry: true,
  offload: true, sharedBlobsFree: true, onRepeatBudget: true,
};

/**
 * Read and dump in one walk: each abstract module is printed when it is read and then dropped, so
 * memory holds the output, not the model (src/syclbin/read.ts `visit`). The output is a list of
 * chunks, never joined (write them in order). Throws what readSyclbin throws; nothing is returned
 * for a file that does not read, as syclbin-dump prints nothing then.
 */
export function dumpSyclbinSource(input: BytesLike | ByteSource, opts: Omit<ReadSyclbinOptions, 'visit'> = {}): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  dumpSyclbinChunks(input, (c) => chunks.push(c), optionsArgument(opts, 'dumpSyclbinSource', DUMP_KEYS));
  return chunks;
}

/**
 * {@link dumpSyclbinSource} handing each chunk (about 1 MiB) to `sink` as it is made, so memory holds
 * one chunk and one module. The sink may see chunks of a file that then fails to read (throws): hold
 * them until this returns where nothing must be printed for such a file (src/cli/commands/dump.ts dumpHeld).
 */
export function dumpSyclbinChunks(input: BytesLike | ByteSource, sink: (chunk: Uint8Array) => void, opts: Omit<ReadSyclbinOptions, 'visit'> = {}): void {
  opts = optionsArgument(opts, 'dumpSyclbinChunks', DUMP_KEYS);
  if (typeof sink !== 'function') throw new ArgumentError(`dumpSyclbinChunks: the sink must be a function, not ${describeValue(sink)}`);
  const d = new DumpWriter(new ByteBuilder(CHUNK, true, sink));
  readSyclbin(input, { ...opts, [VISIT_SHARES_BLOBS]: true, visit: { start: (head, count) => d.start(head, count), module: (m, a) => d.module(m, a) } });
  d.w.finish();
}
