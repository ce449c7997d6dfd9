/**
 * One entry point for every SYCLBIN variant (spec README rule 4, syclbin-format.md §1.4 "Reader
 * dispatch"):
 *   file starts with `49 42 59 53`               -> bare v1
 *   else an OffloadBinary (0 entries = error):
 *     entry 0's image starts with the SYBI magic -> v1 on that image (other entries, kinds and
 *                                                    strings of the envelope are not checked)
 *     else                                       -> v2 role entries
 *   anything else -> "Incorrect SYCLBIN magic number." (after the 56-byte size check, as LLVM).
 * Input is a buffer (zero-copy views) or a ByteSource (positioned reads: headers and metadata
 * only, image bytes on demand).
 */
import { blobRef, DecodeError, formatPath, readNode, sliceSource, toSource, type ByteSource, type Span } from '../codec/index.js';
import {
  SYCLBIN_FILE_HEADER_SIZE,
  SYCLBIN_MAGIC,
  SYCLBIN_TABLE_HEADER_SIZE,
  SyclbinFileHeader,
  SyclbinHeaderTables,
  type AbstractModuleHeaderValue,
} from '../../formats/syclbin-v1.js';
import { isOffloadBinary, readOffloadBinary, type OffloadBinaryModel } from '../offload/read.js';
import { decodeRegistry } from '../props/registry.js';
import type { PropertySetRegistry } from '../props/model.js';
import { LLVM_MESSAGES as M, SyclbinFormatError } from './errors.js';
import type { AbstractModule, SyclbinFile } from './model.js';
import { readSyclbinV2 } from './read-v2.js';

export interface ReadSyclbinOptions {
  /** Cap on decompressed OffloadBinary v3 payloads (default 1 GiB). */
  maxInflatedSize?: number;
  /** When given, leaf spans of everything read are appended (for annotation). */
  spans?: Span[];
}

function startsWithSybi(src: ByteSource, offset = 0): boolean {
  if (src.size - offset < 4) return false;
  const b = src.read(offset, 4);
  return SYCLBIN_MAGIC.every((m, i) => b[i] === m);
}

export function readSyclbin(input: Uint8Array | ByteSource, opts: ReadSyclbinOptions = {}): SyclbinFile {
  const src = toSource(input);
  if (startsWithSybi(src)) return readSyclbinV1(src, 0, { kind: 'none' }, opts);
  if (isOffloadBinary(src.size >= 4 ? src.read(0, 4) : new Uint8Array(0))) {
    let ob: OffloadBinaryModel;
    try {
      ob = readOffloadBinary(src, 0, { maxInflatedSize: opts.maxInflatedSize, spans: opts.spans });
    } catch (e) {
      if (e instanceof DecodeError && !(e instanceof SyclbinFormatError)) {
        // LLVM reports every OffloadBinary::create failure as object_error::parse_failed.
        throw new SyclbinFormatError(e.code, M.objectParse, `(OffloadBinary: ${e.reason})`, e.offset, e.pathSegments);
      }
      throw e;
    }
    if (!ob.entries.length) throw new SyclbinFormatError('FORMAT', M.noEntries, '', 24, ['header', 'entriesCount']);
    const first = ob.entries[0]!;
    const firstSrc = ob.compression ? undefined : first.imageRef.offset !== undefined ? sliceSource(src, first.imageRef.offset, first.imageRef.size) : undefined;
    const img = firstSrc ?? toSource(first.image);
    if (startsWithSybi(img)) {
      const raw = first.raw;
      const envelope: SyclbinFile['envelope'] = {
        kind: 'offload',
        version: ob.version,
        imageKind: first.imageKind,
        offloadKind: first.offloadKind,
        flags: first.flags,
        strings: first.strings,
        runtimeStyle: ob.version === 2 && raw.numStrings === 0 && raw.stringOffset === 0 && raw.imageOffset === 72 && ob.entries.length === 1,
        extraEntries: ob.entries.length - 1,
      };
      if (ob.compression) envelope.compression = ob.compression;
      const base = ob.compression ? -1 : first.imageRef.offset!;
      return readSyclbinV1(img, base, envelope, { ...opts, spans: base < 0 ? undefined : opts.spans }, ['entries', 0, 'image']);
    }
    return readSyclbinV2(ob, src);
  }
  if (src.size < SYCLBIN_FILE_HEADER_SIZE) {
    throw new SyclbinFormatError('EOF', M.size, `The file has ${src.size} bytes, fewer than the 56-byte SYCLBIN header.`, 0, [], {
      needed: SYCLBIN_FILE_HEADER_SIZE,
      available: src.size,
    });
  }
  const head = src.read(0, 4);
  const text = Array.from(head, (b) => b.toString(16).padStart(2, '0')).join(' ');
  throw new SyclbinFormatError('MAGIC', M.magic, `Found ${text}; expected 49 42 59 53 (SYCLBIN v1) or 10 ff 10 ad (OffloadBinary).`, 0, ['header', 'magic']);
}

/**
 * SYCLBIN v1 (spec README rule 5). `base` is the absolute offset of the image in the input (-1 when
 * it lies in a decompressed payload), used for error offsets, spans and image locations.
 */
export function readSyclbinV1(
  src: ByteSource,
  base: number,
  envelope: SyclbinFile['envelope'],
  opts: ReadSyclbinOptions = {},
  outer: (string | number)[] = [],
): SyclbinFile {
  const abs = (o: number): number => (base < 0 ? o : base + o);
  const at0 = Math.max(base, 0);
  const spans = opts.spans;
  if (src.size < SYCLBIN_FILE_HEADER_SIZE) {
    throw new SyclbinFormatError('EOF', M.size, `The SYCLBIN image has ${src.size} bytes, fewer than its 56-byte header.`, abs(0), [...outer, 'header'], {
      needed: SYCLBIN_FILE_HEADER_SIZE,
      available: src.size,
    });
  }
  const headBytes = src.read(0, SYCLBIN_FILE_HEADER_SIZE);
  let header;
  try {
    header = readNode(SyclbinFileHeader, headBytes, 0, { base: at0, path: [...outer, 'header'] }, spans);
  } catch (e) {
    if (e instanceof DecodeError && e.code === 'MAGIC') throw new SyclbinFormatError('MAGIC', M.magic, e.reason, e.offset, e.pathSegments);
    throw asSizeError(e);
  }
  // LLVM rejects Version > 1 and accepts 0 (spec README rule 5).
  if (header.version > 1) throw new SyclbinFormatError('VERSION', M.version(header.version), 'This reader supports SYCLBIN version 1.', abs(4), [...outer, 'header', 'version']);
  const { abstractModuleCount: N, irModuleCount: M_, nativeImageCount: L, metadataTableSize: mdSize, binaryTableSize: binSize } = header;
  const headerBlock = SYCLBIN_FILE_HEADER_SIZE + SYCLBIN_TABLE_HEADER_SIZE * (N + M_ + L);
  const mdTable = headerBlock;
  const binTable = headerBlock + alignTo8(mdSize);
  // The file must hold header block + padded metadata table + the *unpadded* binary table.
  if (binTable + binSize > src.size) {
    throw new SyclbinFormatError(
      'EOF',
      M.size,
      `The header block (${headerBlock} bytes for ${N} abstract modules, ${M_} IR modules, ${L} native images), the metadata table (${mdSize} bytes, padded to 8) and the binary table (${binSize} bytes) need ${binTable + binSize} bytes; the SYCLBIN image has ${src.size}.`,
      abs(8),
      [...outer, 'header'],
      { needed: binTable + binSize, available: src.size },
    );
  }
  let tables;
  try {
    tables = readNode(
      SyclbinHeaderTables,
      src.read(SYCLBIN_FILE_HEADER_SIZE, headerBlock - SYCLBIN_FILE_HEADER_SIZE),
      0,
      { base: abs(SYCLBIN_FILE_HEADER_SIZE), path: outer, scopes: [{ header }] },
      spans,
    );
  } catch (e) {
    throw asSizeError(e);
  }
  const md = src.read(mdTable, mdSize);
  const metadataAt = (offset: number, size: number, path: (string | number)[], fieldOffset: number, what: string): PropertySetRegistry => {
    if (offset > mdSize || size > mdSize - offset) {
      throw new SyclbinFormatError('RANGE', M.size, `The ${what} metadata [${offset}, +${size}) lies outside the ${mdSize}-byte metadata table.`, abs(fieldOffset), [
        ...outer,
        ...path,
        'metadataOffset',
      ]);
    }
    try {
      return decodeRegistry(md.subarray(offset, offset + size), { base: abs(mdTable + offset) });
    } catch (e) {
      if (e instanceof DecodeError) e.within(...outer, ...path, 'metadata');
      throw e;
    }
  };
  const globalMetadata = metadataAt(header.globalMetadataOffset, header.globalMetadataSize, ['header', 'global'], 40, 'global');
  if (spans) recordMetadataSpan(spans, abs(mdTable + header.globalMetadataOffset), header.globalMetadataSize, [...outer, 'globalMetadata']);

  const amBase = SYCLBIN_FILE_HEADER_SIZE;
  const irBase = amBase + 32 * N;
  const nBase = irBase + 32 * M_;
  const abstractModules: AbstractModule[] = tables.abstractModules.map((amh: AbstractModuleHeaderValue, a) => {
    const apath = ['abstractModules', a];
    const metadata = metadataAt(amh.metadataOffset, amh.metadataSize, apath, amBase + 32 * a, `abstract module ${a}`);
    if (spans) recordMetadataSpan(spans, abs(mdTable + amh.metadataOffset), amh.metadataSize, [...outer, ...apath, 'metadata']);
    // Stricter than LLVM: the module's IR range must lie within the IR headers (spec README).
    if (amh.irModuleOffset > M_ || amh.irModuleCount > M_ - amh.irModuleOffset) {
      throw new SyclbinFormatError('RANGE', M.size, `Abstract module ${a} refers to IR modules [${amh.irModuleOffset}, +${amh.irModuleCount}) but the file has ${M_} IR module headers.`, abs(amBase + 32 * a + 16), [
        ...outer,
        ...apath,
        'irModuleOffset',
      ]);
    }
    const images = (kind: 'irModules' | 'nativeImages', first: number, count: number, hdrBase: number) =>
      Array.from({ length: count }, (_, j) => {
        const h = tables[kind][first + j]!;
        const bytesOffset = 'rawIRBytesOffset' in h ? h.rawIRBytesOffset : h.binaryBytesOffset;
        const bytesSize = 'rawIRBytesSize' in h ? h.rawIRBytesSize : h.binaryBytesSize;
        const ipath = [...apath, kind, j];
        const hdrAt = hdrBase + 32 * (first + j);
        const label = kind === 'irModules' ? `IR module ${j} of abstract module ${a}` : `native image ${j} of abstract module ${a}`;
        const metadata = metadataAt(h.metadataOffset, h.metadataSize, ipath, hdrAt, label);
        if (bytesOffset > binSize || bytesSize > binSize - bytesOffset) {
          throw new SyclbinFormatError('RANGE', M.size, `The bytes of ${label} [${bytesOffset}, +${bytesSize}) lie outside the ${binSize}-byte binary table.`, abs(hdrAt + 16), [
            ...outer,
            ...ipath,
            kind === 'irModules' ? 'rawIRBytesOffset' : 'binaryBytesOffset',
          ]);
        }
        if (spans) {
          recordMetadataSpan(spans, abs(mdTable + h.metadataOffset), h.metadataSize, [...outer, ...ipath, 'metadata']);
          spans.push({ offset: abs(binTable + bytesOffset), size: bytesSize, path: formatPath([...outer, ...ipath, 'bytes']), kind: 'image' });
        }
        return { metadata, image: blobRef(src, binTable + bytesOffset, bytesSize, base < 0 ? undefined : base + binTable + bytesOffset) };
      });
    // LLVM's order: the module's metadata, then each IR module (header, metadata, bytes), then each
    // native image — so the native range is checked only after the IR modules were read.
    const irModules = images('irModules', amh.irModuleOffset, amh.irModuleCount, irBase);
    if (amh.nativeImageOffset > L || amh.nativeImageCount > L - amh.nativeImageOffset) {
      throw new SyclbinFormatError(
        'RANGE',
        M.size,
        `Abstract module ${a} refers to native images [${amh.nativeImageOffset}, +${amh.nativeImageCount}) but the file has ${L} native image headers.`,
        abs(amBase + 32 * a + 24),
        [...outer, ...apath, 'nativeImageOffset'],
      );
    }
    return { metadata, irModules, nativeImages: images('nativeImages', amh.nativeImageOffset, amh.nativeImageCount, nBase) };
  });
  return { version: 1, headerVersion: header.version, headerReserved: header.reserved, envelope, globalMetadata, abstractModules };
}

/**
 * A u64 offset/size beyond 2^53 (the codec's RANGE error) lies outside any table, which LLVM reports
 * as "Unexpected file contents size." (its bounds checks); keep the codec's reason as the detail.
 */
function asSizeError(e: unknown): unknown {
  if (e instanceof DecodeError && !(e instanceof SyclbinFormatError) && e.code === 'RANGE') {
    return new SyclbinFormatError('RANGE', M.size, e.reason, e.offset, e.pathSegments);
  }
  return e;
}

function recordMetadataSpan(spans: Span[], offset: number, size: number, path: (string | number)[]): void {
  spans.push({ offset, size, path: formatPath(path), kind: 'metadata' });
}


function alignTo8(n: number): number {
  return Math.ceil(n / 8) * 8;
}
