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
import { forEachWindow, toHex, type BlobRef, optionsArgument } from '../codec/index.js';
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

/** Options of `syclbinToJson`. */
export interface SyclbinJsonOptions {
  /** Add `base64` (RFC 4648, padded) to every image. */
  withBytes?: boolean;
  /** SHA-256 of each image (src/node/sha256.ts gives node:crypto's); false: no hash, image bytes are not read. */
  sha256: Hasher | false;
}

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

function imageToJson(img: SyclbinImage, opts: SyclbinJsonOptions): JsonObject {
  const o: JsonObject = { size: String(img.image.size) };
  if (opts.sha256) o.sha256 = hashBlob(img.image, opts.sha256);
  if (img.image.offset !== undefined) o.offset = String(img.image.offset);
  if (opts.withBytes) o.base64 = encodeStandardBase64(img.image.bytes());
  return o;
}

/** The JSON document of a file (validated by schemas/syclbin.schema.json in the tests). */
export function syclbinToJson(file: SyclbinFile, opts: SyclbinJsonOptions): JsonObject {
  opts = optionsArgument(opts, 'syclbinToJson');
  syclbinModelArgument(file, 'syclbinToJson');
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
      image: imageToJson(ir, opts),
    })),
    nativeImages: am.nativeImages.map((n, i) => ({
      index: i,
      arch: nativeArch(n) ?? null,
      target: nativeTarget(n) ?? null,
      metadata: registryToJson(n.metadata),
      image: imageToJson(n, opts),
    })),
  }));
  return doc;
}

// ---------------------------------------------------------------------------------------------

/** Standard padded base64 (RFC 4648 §4), kept here for callers of this module. */
export { encodeStandardBase64 };
