/**
 * JSON form of the SYCLBIN object model (`syclbin json FILE`; schema: schemas/syclbin.schema.json).
 *
 * - 64-bit values (sizes, offsets) are decimal strings; small fixed-width fields (u16/u32) are numbers.
 * - Metadata registries are in the shape of `syclbin props --json` (schemas/props.schema.json).
 * - Images are given as size + sha256 (+ absolute offset in the file when the bytes are stored
 *   uncompressed); `withBytes` adds the bytes as standard RFC 4648 base64 (alphabet A-Z a-z 0-9 + /,
 *   `=` padding) — NOT the intel/llvm LSB-first Base64 of property values (spec §3).
 *
 * Portable core: the caller supplies the SHA-256 (`Hasher`), fed in windows.
 */
import { forEachWindow, RangeMemo, toHex, type BlobRef, optionsArgument, type OptionKeys } from '../codec/index.js';
import { imageKindLabel, numberingForVersion, offloadKindLabel } from '../../formats/kinds.js';
import { encodeStandardBase64 } from '../props/base64.js';
import { registryToJson } from '../props/json.js';
import { syclbinModelArgument, bundleState, irTarget, irType, irTypeValue, nativeArch, nativeTarget, type SyclbinFile, type SyclbinImage } from './model.js';

/** The `format` value of `syclbin json` output (schemas/syclbin.schema.json). */
export const SYCLBIN_JSON_FORMAT = 'syclbin-json';
/** The `version` of the JSON output this tool writes. */
export const SYCLBIN_JSON_VERSION = 1;

export type { Json, JsonObject } from '../codec/index.js';
import type { JsonObject } from '../codec/index.js';

/**
 * A streaming hash (SHA-256 for the JSON and inspect views): fed an image in windows, so a huge
 * image is never held whole. The platform supplies it (src/node/sha256.ts: node:crypto).
 */
export type Hasher = () => {
  /** Feeds the next window of the blob. */
  update(window: Uint8Array): void;
  /** The digest of everything fed, as hex. */
  digest(): string;
};

/** Hex digest of a blob, fed in windows. */
export function hashBlob(b: BlobRef, hasher: Hasher): string {
  const h = hasher();
  forEachWindow(b, (w) => h.update(w));
  return h.digest();
}

/**
 * The image hashes of one view (an inspect tree, a JSON document), bounded by the input: a range of
 * a source that several entries name is hashed once, and the bytes hashed from one source add up to
 * at most `factor` times its size plus `slackBytes`. Images that do not overlap (what every writer
 * makes) sum to at most the source's size; 20,000 entries of a 3 MB OffloadBinary naming the same
 * 1 MB image made inspect hash 20 GB (13 s). Past the budget {@link ImageHashes.of} gives undefined:
 * the view says the hash was not computed. Blobs that are not ranges of a source are always hashed.
 */
export class ImageHashes {
  /** Budget per source: `factor` × its size + `slackBytes`. */
  static readonly LIMITS = { factor: 2, slackBytes: 64 << 20 } as const;
  private readonly memo = new RangeMemo<string>(ImageHashes.LIMITS);
  /** The hash to compute. */
  readonly hasher: Hasher;
  /** Hashes with `hasher`. */
  constructor(hasher: Hasher) {
    this.hasher = hasher;
  }

  /** The hex digest of `b`, or undefined when its source's budget is spent. */
  of(b: BlobRef): string | undefined {
    return this.memo.get(b, () => hashBlob(b, this.hasher));
  }
}

/** The hashes scope of a view: the one given, a new one for a Hasher, none for false/undefined. */
export function imageHashes(h: Hasher | ImageHashes | false | undefined): ImageHashes | undefined {
  return h instanceof ImageHashes ? h : h ? new ImageHashes(h) : undefined;
}

/** What a view shows for an image whose hash {@link ImageHashes.of} did not compute. */
export const HASH_NOT_COMPUTED = '(not computed: the images named so far overlap, and hashing them again would read the input many times over)';

/** Options of `syclbinToJson`. */
export interface SyclbinJsonOptions {
  /** Add `base64` (RFC 4648, padded) to every image. */
  withBytes?: boolean;
  /**
   * SHA-256 of each image (src/node/sha256.ts gives node:crypto's; an {@link ImageHashes} to share
   * its scope); false: no hash, image bytes are not read. An image whose bytes were hashed for other
   * images over and over past the scope's budget has no `sha256`.
   */
  sha256: Hasher | ImageHashes | false;
}

/** The options syclbinToJson takes (any other key is an UnknownOptionError). */
const SYCLBIN_JSON_KEYS: OptionKeys<SyclbinJsonOptions> = { withBytes: true, sha256: true };

/** The variant in words a SYCL engineer recognises. */
export function variantOf(file: SyclbinFile): 'bare-v1' | 'v1-in-offload' | 'v1-runtime-envelope' | 'v2-roles' {
  const e = file.envelope;
  if (e.kind === 'none') return 'bare-v1';
  if (e.kind === 'roles') return 'v2-roles';
  return e.runtimeStyle ? 'v1-runtime-envelope' : 'v1-in-offload';
}

/** The `envelope` member of the JSON view: kind, version, and for an OffloadBinary envelope its entry fields with names. */
export function envelopeToJson(file: SyclbinFile): JsonObject {
  const e = file.envelope;
  if (e.kind === 'none') return { kind: 'none' };
  const numbering = numberingForVersion(e.version);
  if (e.kind === 'roles') {
    const out: JsonObject = { kind: 'roles', version: e.version, formatVersionKey: e.formatVersionKey, compression: e.compression ?? null };
    // The role entries as read (a model written by our writer has none: they are derived).
    if (e.entries) {
      out.entries = e.entries.map((x) => ({
        key: x.key,
        imageKind: x.imageKind,
        imageKindName: imageKindLabel(x.imageKind),
        offloadKind: x.offloadKind,
        offloadKindName: offloadKindLabel(x.offloadKind, numbering),
        flags: x.flags,
        strings: [...x.strings].map(([key, value]) => ({ key, value })),
      }));
    }
    return out;
  }
  return {
    kind: 'offload',
    version: e.version,
    imageKind: e.imageKind,
    imageKindName: imageKindLabel(e.imageKind),
    offloadKind: e.offloadKind,
    offloadKindName: offloadKindLabel(e.offloadKind, numbering),
    flags: e.flags,
    strings: [...e.strings].map(([key, value]) => ({ key, value })),
    runtimeStyle: e.runtimeStyle,
    extraEntries: e.extraEntries,
    compression: e.compression ?? null,
  };
}

function imageToJson(img: SyclbinImage, opts: SyclbinJsonOptions, hashes: ImageHashes | undefined): JsonObject {
  const o: JsonObject = { size: String(img.image.size) };
  const digest = hashes?.of(img.image);
  if (digest !== undefined) o.sha256 = digest;
  if (img.image.offset !== undefined) o.offset = String(img.image.offset);
  if (opts.withBytes) o.base64 = encodeStandardBase64(img.image.bytes());
  return o;
}

/** The JSON document of a file (validated by schemas/syclbin.schema.json in the tests). */
export function syclbinToJson(file: SyclbinFile, opts: SyclbinJsonOptions): JsonObject {
  opts = optionsArgument(opts, 'syclbinToJson', SYCLBIN_JSON_KEYS);
  syclbinModelArgument(file, 'syclbinToJson');
  const hashes = imageHashes(opts.sha256);
  const doc: JsonObject = {
    format: SYCLBIN_JSON_FORMAT,
    version: SYCLBIN_JSON_VERSION,
    syclbinVersion: file.version,
    variant: variantOf(file),
  };
  if (file.version === 1 && file.headerVersion !== undefined) {
    doc.header = { version: file.headerVersion, reserved: toHex(file.headerReserved ?? new Uint8Array(4)) };
  }
  doc.envelope = envelopeToJson(file);
  doc.state = bundleState(file) ?? null;
  doc.globalMetadata = registryToJson(file.globalMetadata);
  doc.abstractModules = file.abstractModules.map((am, a) => ({
    index: a,
    metadata: registryToJson(am.metadata),
    irModules: am.irModules.map((ir, i) => ({
      index: i,
      type: irType(ir) ?? null,
      typeValue: irTypeValue(ir) ?? null,
      target: irTarget(ir) ?? null,
      metadata: registryToJson(ir.metadata),
      image: imageToJson(ir, opts, hashes),
    })),
    nativeImages: am.nativeImages.map((n, i) => ({
      index: i,
      arch: nativeArch(n) ?? null,
      target: nativeTarget(n) ?? null,
      metadata: registryToJson(n.metadata),
      image: imageToJson(n, opts, hashes),
    })),
  }));
  return doc;
}

// ---------------------------------------------------------------------------------------------

/** Standard padded base64 (RFC 4648 §4), kept here for callers of this module. */
export { encodeStandardBase64 };
