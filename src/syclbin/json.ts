/**
 * JSON form of the SYCLBIN object model (`syclbin json FILE`; schema: schemas/syclbin.schema.json).
 *
 * - 64-bit values (sizes, offsets) are decimal strings; small fixed-width fields (u16/u32) are numbers.
 * - Metadata registries are in the shape of `syclbin props --json` (schemas/props.schema.json).
 * - Images are given as size + sha256 (+ absolute offset in the file when the bytes are stored
 *   uncompressed); `withBytes` adds the bytes as standard RFC 4648 base64 (alphabet A-Z a-z 0-9 + /,
 *   `=` padding) — NOT the intel/llvm LSB-first Base64 of property values (spec §3).
 *
 * Portable core: no node:crypto. The default digest is the SHA-256 below (FIPS 180-4); the CLI
 * passes a node:crypto digest, which is faster on large images.
 */
import { imageKindLabel, numberingForVersion, offloadKindLabel } from '../../formats/kinds.js';
import { registryToJson } from '../props/json.js';
import { toHex } from '../props/json.js';
import { bundleState, irTarget, irType, irTypeValue, nativeArch, nativeTarget, type SyclbinFile, type SyclbinImage } from './model.js';

export const SYCLBIN_JSON_FORMAT = 'syclbin-json';
export const SYCLBIN_JSON_VERSION = 1;

export type { Json, JsonObject } from '../codec/index.js';
import type { Json, JsonObject } from '../codec/index.js';

/** Hex SHA-256 of bytes. */
export type Digest = (bytes: Uint8Array) => string;

export interface SyclbinJsonOptions {
  /** Add `base64` (RFC 4648, padded) to every image. */
  withBytes?: boolean;
  /** SHA-256 implementation (default: the portable one in this module). */
  sha256?: Digest;
}

/** The variant in words a SYCL engineer recognises. */
export function variantOf(file: SyclbinFile): 'bare-v1' | 'v1-in-offload' | 'v1-runtime-envelope' | 'v2-roles' {
  const e = file.envelope;
  if (e.kind === 'none') return 'bare-v1';
  if (e.kind === 'roles') return 'v2-roles';
  return e.runtimeStyle ? 'v1-runtime-envelope' : 'v1-in-offload';
}

export function envelopeToJson(file: SyclbinFile): JsonObject {
  const e = file.envelope;
  if (e.kind === 'none') return { kind: 'none' };
  if (e.kind === 'roles') return { kind: 'roles', version: e.version, formatVersionKey: e.formatVersionKey, compression: e.compression ?? null };
  const numbering = numberingForVersion(e.version);
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
  const bytes = img.image.bytes();
  const o: JsonObject = { size: String(img.image.size), sha256: (opts.sha256 ?? sha256Hex)(bytes) };
  if (img.image.offset !== undefined) o.offset = String(img.image.offset);
  if (opts.withBytes) o.base64 = encodeStandardBase64(bytes);
  return o;
}

/** The JSON document of a file (validated by schemas/syclbin.schema.json in the tests). */
export function syclbinToJson(file: SyclbinFile, opts: SyclbinJsonOptions = {}): JsonObject {
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
// Standard base64 (RFC 4648 §4, with padding)

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function encodeStandardBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  let i = 0;
  for (; i + 3 <= bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    chunk += B64[n >>> 18]! + B64[(n >>> 12) & 63]! + B64[(n >>> 6) & 63]! + B64[n & 63]!;
    if (chunk.length >= 1 << 16) {
      parts.push(chunk);
      chunk = '';
    }
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    chunk += B64[n >>> 18]! + B64[(n >>> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    chunk += B64[n >>> 18]! + B64[(n >>> 12) & 63]! + B64[(n >>> 6) & 63]! + '=';
  }
  parts.push(chunk);
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------
// SHA-256 (FIPS 180-4), synchronous and portable

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

function compress(h: Uint32Array, w: Uint32Array, block: Uint8Array, at: number): void {
  for (let t = 0; t < 16; t++) {
    const j = at + 4 * t;
    w[t] = (block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!;
  }
  for (let t = 16; t < 64; t++) {
    const x = w[t - 15]!;
    const y = w[t - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
  }
  let a = h[0]!, b = h[1]!, c = h[2]!, d = h[3]!, e = h[4]!, f = h[5]!, g = h[6]!, k = h[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (k + S1 + ch + K[t]! + w[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    k = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = h[0]! + a;
  h[1] = h[1]! + b;
  h[2] = h[2]! + c;
  h[3] = h[3]! + d;
  h[4] = h[4]! + e;
  h[5] = h[5]! + f;
  h[6] = h[6]! + g;
  h[7] = h[7]! + k;
}

export function sha256Hex(data: Uint8Array): string {
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const full = data.length - (data.length % 64);
  for (let at = 0; at < full; at += 64) compress(h, w, data, at);
  // Final block(s): rest, 0x80, zeros, 64-bit big-endian bit length.
  const restLen = data.length - full;
  const tail = new Uint8Array(restLen < 56 ? 64 : 128);
  tail.set(data.subarray(full));
  tail[restLen] = 0x80;
  const bits = BigInt(data.length) * 8n;
  for (let i = 0; i < 8; i++) tail[tail.length - 1 - i] = Number((bits >> BigInt(8 * i)) & 0xffn);
  for (let at = 0; at < tail.length; at += 64) compress(h, w, tail, at);
  let out = '';
  for (const x of h) out += x.toString(16).padStart(8, '0');
  return out;
}
