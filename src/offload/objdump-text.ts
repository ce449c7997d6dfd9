/**
 * The text listing of OffloadBinaries: exactly what `llvm-objdump --offloading FILE` of the chosen
 * era (formats/eras.ts: 19, 22 or main) prints for a file that is a sequence of OffloadBinaries.
 * Object files and images outside OffloadBinaries are listed by src/offload/input-text.ts, the JSON
 * listing is src/offload/list-json.ts: this module does not load the container readers, so listing a
 * plain OffloadBinary file (`syclbin offload-list`'s streaming path) loads only what it runs.
 *
 * Upstream (llvm/tools/llvm-objdump/OffloadDump.cpp; LLVM 19.1 and 22.1 print the same layout):
 *   static void printBinary(const OffloadBinary &OB, uint64_t Index) {
 *     outs() << "\nOFFLOADING IMAGE [" << Index << "]:\n";
 *     outs() << left_justify("kind", 16) << getImageName(OB) << "\n";
 *     outs() << left_justify("arch", 16) << OB.getArch() << "\n";
 *     outs() << left_justify("triple", 16) << OB.getTriple() << "\n";
 *     outs() << left_justify("producer", 16) << getOffloadKindName(OB.getOffloadKind()) << "\n";
 *   }
 * Upstream main (llvm/llvm-project:llvm/test/tools/llvm-objdump/Offloading/nested-offload-binary.test,
 * docs/upstream-llvm.md §2.2) indents every line but the leading empty one by 2 × nesting level, adds
 * `image size      N bytes`, and for an image that is itself an OffloadBinary `nested images   N`
 * followed by the inner images as `[i.j]` one level deeper.
 * `dumpOffloadBinary` prints every binary `extractOffloadBinaries` finds, index counting from 0, and
 * nothing else for a raw OffloadBinary file (no "file format" line; that line belongs to the object
 * path). `getArch`/`getTriple` are `getString("arch")`/`getString("triple")`: "" when absent, the
 * last value when a key repeats. `getOffloadKindName` follows the era's numbering (19: openmp 1,
 * cuda 2, hip 3; 22 and main: the bitmask of llvm-project #135809, openmp 1, cuda 2, hip 4, sycl 8;
 * any other value is "none"). Versions 2 and 3 exist only in the bitmask era and are named with it
 * whatever the era; LLVM 19 and 22 cannot read them at all, so for them the text follows the era's
 * layout.
 *
 * For an object file llvm-objdump first prints the object's header line, then the same blocks for the
 * binaries of its offloading sections (src/offload/elf.ts says which sections):
 *   outs() << '\n' << O->getFileName() << ":\tfile format " << O->getFileFormatName().lower() << "\n";
 * (llvm/tools/llvm-objdump/llvm-objdump.cpp `dumpObject`; checked against llvm-objdump-19 19.1.7 and
 * 22.1.8: "\nomp.o:\tfile format elf64-x86-64\n"). A raw OffloadBinary file is not an ObjectFile there
 * and gets no such line. The file name is printed as given on the command line.
 *
 * Portable: no Node APIs.
 */
import { ArgumentError, blobSource, decodeLatin1, describeValue, optionsArgument, type OptionKeys, DecodeError, utf8ByteString, utf8SequenceAt, type ByteSource } from '../codec/index.js';
import { isOffloadBinary, lastStringEntries, readOffloadBinaries, readOffloadBinary, type OffloadBinaryModel, type OffloadEntryModel, type ReadOffloadOptions, type StringEntryModel, type RegionOptions } from './read.js';
import { OffloadEntryCursor } from './walk.js';
import { objdumpImageKind, offloadKindName } from '../../formats/kinds.js';
import { llvmEra, numberingFor, type LlvmEraInfo } from '../../formats/eras.js';

/** The `producer` column for an entry of a binary of `version`, as `era`'s llvm-objdump names it. */
export function objdumpProducer(offloadKind: number, version: number, era: LlvmEraInfo = llvmEra()): string {
  return offloadKindName(offloadKind, numberingFor(version, era));
}

/** `left_justify(Str, 16)`: pad to 16 columns; a longer string is printed whole, without padding. */
export function leftJustify(s: string, width: number): string {
  return s.length >= width ? s : s + ' '.repeat(width - s.length);
}

/**
 * Make a string value printable on one line in the `--strings` extension: control characters (C0
 * including NUL, which v2+ values may hold, DEL and C1) and backslashes are escaped as `\xNN` / `\\`.
 */
export function escapeForListing(s: string): string {
  return s.replace(/[\x00-\x1f\x7f-\x9f\\]/g, (c) => (c === '\\' ? '\\\\' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

/**
 * {@link escapeForListing} for a byte string (one code unit per byte, as the listings print bytes):
 * well-formed UTF-8 stays as its bytes; control characters (C0, DEL, and C1 as its two bytes),
 * backslashes and every byte that starts no well-formed UTF-8 sequence become `\xNN` / `\\`, so
 * a terminal never receives a control byte or a broken sequence.
 */
export function escapeByteString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; ) {
    const c = s.charCodeAt(i);
    const n = utf8SequenceAt(s, i);
    const control = n === 1 ? c < 0x20 || c === 0x7f : n === 2 && c === 0xc2 && s.charCodeAt(i + 1) <= 0x9f;
    if (n >= 1 && !control && c !== 0x5c) {
      out += s.slice(i, i + n);
      i += n;
    } else if (c === 0x5c) {
      out += '\\\\';
      i++;
    } else {
      const len = Math.max(n, 1);
      for (let k = 0; k < len; k++) out += `\\x${s.charCodeAt(i + k).toString(16).padStart(2, '0')}`;
      i += len;
    }
  }
  return out;
}

/** How to list. */
export interface ListingOptions {
  /** Also print every string entry of every image (our extension, after the objdump lines). */
  strings?: boolean;
  /** Whose llvm-objdump to match (default LLVM 22). */
  era?: LlvmEraInfo;
  /** Options for reading nested binaries (main era), e.g. the decompression cap. */
  read?: ReadOffloadOptions;
  /** Told when a nested binary cannot be read (main prints a warning and keeps the outer block). */
  warn?: (message: string) => void;
  /**
   * Make the text a byte string (one character per byte, src/codec/bytes.ts decodeLatin1; write it
   * with encodeLatin1): string values print as their bytes, as llvm-objdump prints them, also where
   * they are not valid UTF-8. Default: the text as UTF-8 decoded strings.
   */
  byteStrings?: boolean;
}

/**
 * `text` as the bytes LLVM prints, one character per byte (see ListingOptions.byteStrings): `raw`
 * when the reader kept the bytes of a string that is not UTF-8, else the text's UTF-8 encoding.
 */
export function byteText(text: string, raw?: Uint8Array): string {
  if (raw) return decodeLatin1(raw);
  return utf8ByteString(text);
}

/** Nested binaries deeper than this are not listed (with a warning): the input must not choose our stack depth. */
export const MAX_NESTING = 32;

/**
 * The binaries inside an image that starts with the OffloadBinary magic (upstream main lists and
 * extracts them), or undefined when the image is not one. Throws DecodeError when it starts like
 * one but cannot be read. `opts.inflatedBudget`, when given, is what the nested payloads inflate
 * to in all (shared with the caller's other reads).
 */
export function nestedBinaries(e: OffloadEntryModel, opts: ReadOffloadOptions = {}): OffloadBinaryModel[] | undefined {
  if (e.imageRef.size < 4 || !isOffloadBinary(e.imageRef.slice(0, 4))) return undefined;
  return readOffloadBinaries(blobSource(e.imageRef), { maxInflatedSize: opts.maxInflatedSize, inflatedBudget: opts.inflatedBudget });
}

interface Frame {
  entry: OffloadEntryModel;
  version: number;
  label: string;
  level: number;
}

/** How `--strings` shows an empty key (a blank column would hide it). */
const EMPTY_KEY = '""';

/** The value of string `key` of entry `e` as printed ('' when absent; the last value of a repeated key). */
function stringOf(e: OffloadEntryModel, key: string, bytes?: boolean): string {
  if (!bytes) return e.strings.get(key) ?? '';
  let last: StringEntryModel | undefined;
  for (const se of e.stringEntries) if (se.key === key) last = se;
  return last ? byteText(last.value, last.valueRaw) : '';
}

/** What {@link imageBlockText} prints of one image. */
export interface ImageBlockFields {
  /** ImageKind. */
  imageKind: number;
  /** OffloadKind. */
  offloadKind: number;
  /** The binary's version (it decides how the offload kind is named). */
  version: number;
  /** The `arch` string as printed. */
  arch: string;
  /** The `triple` string as printed. */
  triple: string;
  /** The image's size (printed by the eras that print `image size`). */
  imageSize: number;
}

/**
 * The lines llvm-objdump prints for one image (OffloadDump.cpp `printBinary`, quoted above), each
 * indented by `ind` (nested images of main): the one place their text is made, for the models, the
 * fast walk's summaries and LLVM's own view of a binary (src/offload/input-text.ts).
 */
export function imageBlockText(label: string | number, f: ImageBlockFields, era: LlvmEraInfo, ind = ''): string {
  const text =
    `\n${ind}OFFLOADING IMAGE [${label}]:\n${ind}kind            ${objdumpImageKind(f.imageKind, era)}\n${ind}arch            ${f.arch}\n${ind}triple          ${f.triple}\n` +
    `${ind}producer        ${objdumpProducer(f.offloadKind, f.version, era)}\n`;
  return era.listing.imageSize ? `${text}${ind}image size      ${f.imageSize} bytes\n` : text;
}

/**
 * The read options for the nested binaries of one listing: its own decompression budget (unless the
 * caller shares one), so that the nested v3 payloads of a listing inflate to the cap in all, not each
 * (eight nested 200 MB payloads, 1.6 MB of input, took `offload-list --llvm main` 7 s; N of them, N
 * times the cap).
 */
const NESTED_READ = new WeakMap<ListingOptions, ReadOffloadOptions>();
function nestedRead(opts: ListingOptions): ReadOffloadOptions {
  let read = NESTED_READ.get(opts);
  if (!read) NESTED_READ.set(opts, (read = { ...opts.read, inflatedBudget: opts.read?.inflatedBudget ?? {} }));
  return read;
}

/** The text of one image's block, and the frames of its nested images (main). */
function block(f: Frame, opts: ListingOptions, era: LlvmEraInfo): { text: string; children: Frame[] } {
  const ind = ' '.repeat(2 * f.level);
  const e = f.entry;
  const line = (k: string, v: string): string => `${ind}${leftJustify(k, 16)}${v}\n`;
  let text = imageBlockText(
    f.label,
    { imageKind: e.imageKind, offloadKind: e.offloadKind, version: f.version, arch: stringOf(e, 'arch', opts.byteStrings), triple: stringOf(e, 'triple', opts.byteStrings), imageSize: e.imageRef.size },
    era,
    ind,
  );
  const children: Frame[] = [];
  if (era.listing.nested) {
    let inner: OffloadBinaryModel[] | undefined;
    try {
      inner = nestedBinaries(e, nestedRead(opts));
    } catch (err) {
      if (!(err instanceof DecodeError)) throw err;
      opts.warn?.(`failed to extract nested OffloadBinary: ${err.message}`);
    }
    if (inner && f.level + 1 > MAX_NESTING) opts.warn?.(`image [${f.label}]: nested OffloadBinaries deeper than ${MAX_NESTING} levels are not listed`);
    else if (inner) {
      let j = 0;
      for (const b of inner) for (const entry of b.entries) children.push({ entry, version: b.version, label: `${f.label}.${j++}`, level: f.level + 1 });
      text += line('nested images', String(children.length));
    }
  }
  if (opts.strings) {
    // (string entries that repeat a key are counted: every reader keeps one value per key)
    const entries = e.stringEntries.length;
    text += `${ind}${leftJustify('strings', 16)}${e.strings.size}${entries > e.strings.size ? ` (of ${entries} string entries: a repeated key keeps its last value)` : ''}\n`;
    // (an empty key is shown as "", not as a blank column: the --strings lines are this toolkit's own)
    if (!opts.byteStrings) for (const [k, v] of e.strings) text += `${ind}  ${leftJustify(k === '' ? EMPTY_KEY : escapeForListing(k), 14)}${escapeForListing(v)}\n`;
    else {
      // The map's order (a repeated key keeps its first place and its last value), with the bytes kept for non-UTF-8 strings.
      for (const se of lastStringEntries(e).values()) {
        // Aligned by characters (this listing is our extension), printed as bytes.
        const key = se.key === '' ? EMPTY_KEY : escapeByteString(byteText(se.key, se.keyRaw));
        const pad = ' '.repeat(Math.max(0, 14 - (se.key === '' ? EMPTY_KEY : escapeForListing(se.key)).length));
        text += `${ind}  ${key}${pad}${escapeByteString(byteText(se.value, se.valueRaw))}\n`;
      }
    }
  }
  return { text, children };
}

/**
 * The `llvm-objdump --offloading` text for `binaries` (all read from one file), one piece per image
 * block as it is reached (so a caller can print while reading). Entries of v2/v3 binaries are
 * numbered on, one `OFFLOADING IMAGE` block per entry; nested images (main) follow their parent.
 */
export function* offloadingTextBlocks(binaries: Iterable<OffloadBinaryModel>, opts: ListingOptions = {}): Generator<string> {
  const era = opts.era ?? llvmEra();
  let index = 0;
  for (const bin of binaries) {
    for (const entry of bin.entries) {
      // Depth-first with an explicit stack: nesting depth is the input's choice, not our call stack's.
      const stack: Frame[] = [{ entry, version: bin.version, label: String(index++), level: 0 }];
      while (stack.length) {
        const { text, children } = block(stack.pop()!, opts, era);
        yield text;
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
      }
    }
  }
}

/**
 * The `llvm-objdump --offloading` text of the OffloadBinaries back to back in `src` (or a region of
 * it), walked without building models (src/offload/walk.ts) and handed out in pieces of about
 * `chunk` characters, so that a listing of any length is printed as it is read. Same text as
 * offloadingTextBlocks over the read binaries; `strings` is not supported here (it needs every string).
 */
export function* offloadingTextStream(
  src: ByteSource,
  opts: ListingOptions & RegionOptions & { chunk?: number; onVersion?: (version: number) => void } = {},
): Generator<string> {
  const state: TextState = {
    cursor: new OffloadEntryCursor(src, { maxInflatedSize: opts.read?.maxInflatedSize, start: opts.start, end: opts.end, path: opts.path, singlePaths: opts.singlePaths, onPadding: opts.onPadding, byteStrings: opts.byteStrings }),
    src,
    opts,
    era: opts.era ?? llvmEra(),
    index: 0,
    done: false,
  };
  const asked = opts.chunk ?? 1 << 16;
  const chunk = asked >= 1 ? asked : 1; // a piece holds at least one image's text (0, negative, NaN: one)
  while (!state.done) {
    const out = textPiece(state, chunk);
    if (out) yield out;
  }
}

/** Where {@link offloadingTextStream} is. */
interface TextState {
  cursor: OffloadEntryCursor;
  src: ByteSource;
  opts: ListingOptions & RegionOptions & { onVersion?: (version: number) => void };
  era: LlvmEraInfo;
  /** The next image's index. */
  index: number;
  done: boolean;
}

/**
 * The text of the next images, about `chunk` characters of it. A plain function (not the
 * generator's body) so that V8 optimizes its loop while it runs (on-stack replacement).
 */
function textPiece(st: TextState, chunk: number): string {
  const { cursor, opts, era } = st;
  let out = '';
  while (out.length < chunk) {
    const item = cursor.next();
    if (!item) {
      st.done = true;
      break;
    }
    const { summary: s, model } = item;
    opts.onVersion?.(model ? model.version : s.version);
    if (model || (s.nested && era.listing.nested)) {
      // Nested images and binaries the full reader took over print through the model path.
      const bin = model ?? readOffloadBinary(st.src, s.binaryOffset, { maxInflatedSize: opts.read?.maxInflatedSize, end: opts.end });
      const entries = model ? bin.entries : [bin.entries.find((e) => e.imageRef.offset === s.imageOffset && e.imageRef.size === s.imageSize)!];
      for (const entry of entries) {
        const stack: Frame[] = [{ entry, version: bin.version, label: String(st.index++), level: 0 }];
        while (stack.length) {
          const { text, children } = block(stack.pop()!, opts, era);
          out += text;
          for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
        }
      }
    } else {
      out += imageBlockText(st.index++, s, era);
    }
  }
  return out;
}

/** The options formatOffloadingText takes (typed: a new option cannot be left out; any other key is an UnknownOptionError). */
const LISTING_KEYS: OptionKeys<ListingOptions> = { strings: true, era: true, read: true, warn: true, byteStrings: true };

/** The whole `llvm-objdump --offloading` text for `binaries` (see offloadingTextBlocks). */
export function formatOffloadingText(binaries: Iterable<OffloadBinaryModel>, opts: ListingOptions = {}): string {
  // (was "binaries is not iterable")
  if (typeof (binaries as { [Symbol.iterator]?: unknown } | null)?.[Symbol.iterator] !== 'function' || typeof binaries === 'string') throw new ArgumentError(`formatOffloadingText: the binaries must be an array (or iterable) of OffloadBinary models (readOffloadBinaries' result), not ${describeValue(binaries)}`);
  opts = optionsArgument(opts, 'formatOffloadingText', LISTING_KEYS);
  let out = '';
  for (const piece of offloadingTextBlocks(binaries, opts)) out += piece;
  return out;
}
