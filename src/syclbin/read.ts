/**
 * One entry point for every SYCLBIN variant (docs/spec/README.md rule 4, syclbin-format.md §1.4
 * "Reader dispatch"):
 *   file starts with `49 42 59 53`               -> bare v1
 *   else an OffloadBinary (0 entries = error):
 *     entry 0's image starts with the SYBI magic -> v1 on that image (other entries, kinds and
 *                                                    strings of the envelope are not checked)
 *     else                                       -> v2 role entries
 *   anything else -> "Incorrect SYCLBIN magic number." (after the 56-byte size check, as LLVM).
 * Input is a buffer (zero-copy views) or a ByteSource (positioned reads: headers and metadata
 * only, image bytes on demand).
 */
import { ArgumentError, DecodeError, describeValue, hasMagic, hexText, Space, toSource, type ByteSource, type PathKey, type ReadOptions, type SpanNode, optionsArgument, type OptionKeys, type BytesLike } from '../codec/index.js';
import { SyclbinFileHeader, SyclbinMagic } from '../../formats/syclbin-v1.js';
import { OffloadHeaderV2, OffloadMagic } from '../../formats/offload-binary.js';
import { escapedStrings, insidePayload, readOffloadBinary, type OffloadBinaryModel } from '../offload/read.js';
import { asObjectParseError, LLVM_MESSAGES as M, SyclbinFormatError } from './errors.js';
import type { AbstractModule, SyclbinFile } from './model.js';
import { readSyclbinV1, type V1Geometry } from './read-v1.js';
import { readSyclbinV2 } from './read-v2.js';
import { VISIT_SHARES_BLOBS } from './visit-sharing.js';
import { withReaderHint } from '../offload/sniff.js';

/** Options of `readSyclbin`. */
export interface ReadSyclbinOptions extends ReadOptions {
  /**
   * Internal (src/syclbin/visit-sharing.ts): the visitor keeps and changes nothing it is handed.
   * @internal
   */
  [VISIT_SHARES_BLOBS]?: boolean;
  /** Cap on decompressed OffloadBinary v3 payloads (default 1 GiB). */
  maxInflatedSize?: number;
  /** Shared with other reads of one input: see ReadOffloadOptions.inflatedBudget. */
  inflatedBudget?: { left?: number };
  /** The input is the inflated address space of a compressed v3 envelope (see ReadOffloadOptions.inflated). */
  inflated?: boolean;
  /** Receives the layout facts of every v1 image read (verify, annotate). */
  geometry?: V1Geometry[];
  /** Receives the OffloadBinary the file is (v2) or is wrapped in (v1 in an envelope). */
  offload?: OffloadBinaryModel[];
  /**
   * A v1 metadata blob that several headers name is charged against the sharing budget
   * (V1_SHARING_LIMITS, src/syclbin/read-v1.ts) once, not for every header: for a consumer whose
   * work grows with its output anyway (dump prints every module's metadata, as syclbin-dump does).
   * Others leave it unset: a small file of a thousand modules naming one large blob is refused
   * (LIMIT) instead of handing them a thousand copies.
   */
  sharedBlobsFree?: boolean;
  /**
   * With `sharedBlobsFree`: told (once) the LIMIT error a reader without it would stop with, when the
   * blobs named again go past the sharing budget (verify warns that json, inspect and extract refuse
   * the file).
   */
  onRepeatBudget?: (error: SyclbinFormatError) => void;
  /**
   * Hand the abstract modules to a visitor as they are read instead of keeping them (the returned
   * model then has none): a listing of any number of modules holds one at a time.
   */
  visit?: SyclbinVisitor;
}

/** What a streaming reader sees: the file's head, then each abstract module in order. */
export interface SyclbinVisitor {
  /** The version, envelope and global metadata, and how many abstract modules follow. */
  start(head: Omit<SyclbinFile, 'abstractModules'>, moduleCount: number): void;
  /** One abstract module, as soon as it is read (modules arrive in order). */
  module(module: AbstractModule, index: number): void;
}

function startsWith(src: ByteSource, magic: typeof SyclbinMagic, offset = 0): boolean {
  const n = magic.fixedSize!;
  return src.size - offset >= n && hasMagic(magic, src.read(offset, n));
}

/** The keys of {@link ReadSyclbinOptions}: any other is an UnknownOptionError (a typo is not silently no option). */
const READ_SYCLBIN_KEYS: OptionKeys<ReadSyclbinOptions> = {
  tree: true, problems: true, maxInflatedSize: true, inflatedBudget: true, inflated: true, geometry: true,
  offload: true, sharedBlobsFree: true, onRepeatBudget: true, visit: true,
};

/** Read any SYCLBIN variant. Throws the first problem (LLVM's first, in LLVM's order); see {@link ReadOptions} for collect mode. */
export function readSyclbin(input: BytesLike | ByteSource, opts: ReadSyclbinOptions = {}): SyclbinFile {
  opts = optionsArgument(opts, 'readSyclbin', READ_SYCLBIN_KEYS);
  // (a JavaScript caller is not held to the types: these would end in a TypeError deep in the reader)
  for (const k of ['geometry', 'offload'] as const) if (opts[k] !== undefined && !Array.isArray(opts[k])) throw new ArgumentError(`readSyclbin: the ${k} option must be an array the reader pushes to, not ${describeValue(opts[k])}`);
  const visit = opts.visit as Partial<SyclbinVisitor> | null | undefined;
  if (visit !== undefined && (typeof visit !== 'object' || visit === null || typeof visit.start !== 'function' || typeof visit.module !== 'function')) throw new ArgumentError(`readSyclbin: the visit option must be a SyclbinVisitor (an object with start and module functions), not ${describeValue(visit)}`);
  const src = toSource(input);
  const file = new Space(src, 0, opts.tree);
  if (startsWith(src, SyclbinMagic)) return readSyclbinV1(file, { kind: 'none' }, opts, [], undefined);
  if (startsWith(src, OffloadMagic)) return readEnveloped(src, file, opts);
  const headerSize = SyclbinFileHeader.fixedSize!;
  if (src.size < headerSize) {
    // (a file of another kind says so, and which function reads it: the reason's hint, not LLVM's headline)
    throw withReaderHint(
      new SyclbinFormatError('EOF', M.size, `The file has ${src.size} bytes, fewer than the ${headerSize}-byte SYCLBIN header.`, 0, [], {
        needed: headerSize,
        available: src.size,
      }),
      src,
      'readSyclbin',
    );
  }
  const text = hexText(src.read(0, 4));
  // The bytes the error is about, named as the error names them (when recording spans).
  opts.tree?.add(opts.tree.at(['header']), 'magic', 0, 4, 'magic', text);
  throw withReaderHint(new SyclbinFormatError('MAGIC', M.magic, `Found ${text}; expected 49 42 59 53 (SYCLBIN v1) or 10 ff 10 ad (OffloadBinary).`, 0, ['header', 'magic']), src, 'readSyclbin');
}

/** An OffloadBinary: v1 in its first entry, or v2 role entries. */
function readEnveloped(src: ByteSource, file: Space, opts: ReadSyclbinOptions): SyclbinFile {
  const problems: DecodeError[] | undefined = opts.problems ? [] : undefined;
  let ob: OffloadBinaryModel;
  try {
    ob = readOffloadBinary(src, 0, { maxInflatedSize: opts.maxInflatedSize, inflatedBudget: opts.inflatedBudget, inflated: opts.inflated, tree: opts.tree, problems, path: [] });
  } catch (e) {
    throw e instanceof DecodeError ? asObjectParseError(e) : e;
  } finally {
    for (const p of problems ?? []) opts.problems!.push(asObjectParseError(p));
  }
  opts.offload?.push(ob);
  if (!ob.entries.length) {
    throw new SyclbinFormatError('FORMAT', M.noEntries, '', OffloadHeaderV2.offsets.entriesCount, ['header', 'entriesCount']);
  }
  const first = ob.entries[0]!;
  const ref = first.imageRef;
  const inFile = !ob.compression && ref.offset !== undefined;
  const img = inFile ? file.sub(ref.offset!, ref.size) : Space.detached(first.image);
  if (!startsWith(img.src, SyclbinMagic)) return within(ob, opts, (o) => readSyclbinV2(ob, file, o));
  const raw = first.raw;
  const envelope: SyclbinFile['envelope'] = {
    kind: 'offload',
    version: ob.version,
    imageKind: first.imageKind,
    offloadKind: first.offloadKind,
    flags: first.flags,
    strings: escapedStrings(first),
    // The SYCL runtime's hand-built envelope (sycl/source/detail/syclbin.cpp@03f1899d).
    runtimeStyle: ob.version === 2 && raw.numStrings === 0 && raw.stringOffset === 0 && raw.imageOffset === 72 && ob.entries.length === 1,
    extraEntries: ob.entries.length - 1,
  };
  if (ob.compression) envelope.compression = ob.compression;
  const path: PathKey[] = ['entries', 0, 'image'];
  const node: SpanNode | undefined = inFile && opts.tree ? opts.tree.at(path) : undefined;
  // (inside a compressed payload the image's offsets start at its place in the inflated binary)
  return within(ob, opts, (o) => readSyclbinV1(img, envelope, o, path, node), Number(first.raw.imageOffset));
}

/**
 * Run a reader over an OffloadBinary's content. Inside a compressed payload no offset exists in the
 * input: problems there are placed at the payload (`compressedPayload`, its first byte) with the
 * inner location kept in the message (src/offload/read.ts insidePayload), so every tool names those
 * bytes alike. `base`: where the space `read` reads starts in the inflated binary (an image read
 * as a detached space; its offsets are the image's own).
 */
function within<T>(ob: OffloadBinaryModel, opts: ReadSyclbinOptions, read: (o: ReadSyclbinOptions) => T, base = 0): T {
  if (!ob.compression) return read(opts);
  return insidePayload(payloadOffset(ob), [], opts, (o) => read({ ...opts, problems: o.problems }), base);
}

/** Where the compressed payload of a v3 binary starts. */
function payloadOffset(ob: OffloadBinaryModel): number {
  return ob.offset + (ob.header.entriesOffset as number);
}
