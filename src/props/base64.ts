/**
 * The two Base64 codecs of property sets, over one alphabet (`A-Za-z0-9+/`):
 * - intel/llvm's own Base64 (intel/llvm:llvm/lib/Support/Base64.cpp, class `llvm::Base64`), used for
 *   BYTE_ARRAY values of registry text. Not RFC 4648: bits are packed least-significant first and
 *   there is no `=` padding. Spec: docs/spec/README.md rule 1; syclbin-format.md §3; lowering.md §1.A
 *   fact 4.
 * - RFC 4648 Base64 as upstream LLVM's `llvm::encodeBase64` / `llvm::decodeBase64`
 *   (llvm/llvm-project:llvm/lib/Support/Base64.cpp, llvm/include/llvm/Support/Base64.h), used by the
 *   upstream JSON property sets (docs/upstream-llvm.md §6) and by `syclbin json --with-bytes`.
 */
import { toBytes, toTextBytes, type BytesLike } from '../codec/source.js';
import { PropertySetError } from './errors.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** char code -> 6-bit value, -1 for characters outside the alphabet. */
const DECODE_TABLE: Int8Array = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) t[ALPHABET.charCodeAt(i)] = i;
  return t;
})();

/** Encoded length for `n` bytes: ceil(8n/6) (Base64::getEncodedSize). */
export function encodedLength(n: number): number {
  return Math.ceil((n * 8) / 6);
}

/** Alphabet character codes, by 6-bit value. */
const ENCODE_TABLE: Uint8Array = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));

/** The Base64 text of `bytes` as ASCII bytes (what a property-set file holds; no string built). */
export function encodeBase64Bytes(input: Uint8Array): Uint8Array {
  const bytes = toBytes(input, 'the bytes to encode');
  const out = new Uint8Array(encodedLength(bytes.length));
  encodeBase64Into(bytes, bytes.length, out, 0);
  return out;
}

/**
 * intel's Base64 of `bytes[0, n)` written as ASCII into `out` from `at` ({@link encodedLength}(n)
 * bytes): a writer encodes a value straight into its output, with no array per value.
 */
export function encodeBase64Into(bytes: Uint8Array, n: number, out: Uint8Array, at: number): void {
  const full = n - (n % 3);
  let o = at;
  for (let i = 0; i < full; i += 3) {
    const b0 = bytes[i]!;
    const b1 = bytes[i + 1]!;
    const b2 = bytes[i + 2]!;
    out[o++] = ENCODE_TABLE[b0 & 63]!;
    out[o++] = ENCODE_TABLE[((b1 << 2) | (b0 >> 6)) & 63]!;
    out[o++] = ENCODE_TABLE[((b2 << 4) | (b1 >> 4)) & 63]!;
    out[o++] = ENCODE_TABLE[(b2 >> 2) & 63]!;
  }
  const rem = n - full;
  if (rem === 1) {
    const b0 = bytes[full]!;
    out[o++] = ENCODE_TABLE[b0 & 63]!;
    out[o++] = ENCODE_TABLE[b0 >> 6]!;
  } else if (rem === 2) {
    const b0 = bytes[full]!;
    const b1 = bytes[full + 1]!;
    out[o++] = ENCODE_TABLE[b0 & 63]!;
    out[o++] = ENCODE_TABLE[((b1 << 2) | (b0 >> 6)) & 63]!;
    out[o++] = ENCODE_TABLE[b1 >> 4]!;
  }
}

/** llvm::Base64::encode: 3 bytes → 4 characters, least-significant bits first, no padding. */
export function encodeBase64(bytes: Uint8Array): string {
  const b = encodeBase64Bytes(bytes);
  let out = '';
  for (let i = 0; i < b.length; i += 0x2000) out += String.fromCharCode.apply(null, b.subarray(i, i + 0x2000) as unknown as number[]);
  return out;
}

/** Base64 text as a string or as its (ASCII) bytes — registry values are decoded straight from the bytes. */
export type Base64Text = string | Uint8Array;

/** Character codes of Base64 text: the bytes themselves, or a string's UTF-16 code units. */
type Codes = Uint8Array | Uint16Array;

function codesOf(text: Base64Text): Codes {
  if (typeof text !== 'string') return text instanceof Uint8Array ? text : toTextBytes(text, 'Base64 text');
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return codes;
}

function badChar(text: Codes, from: number, pos: number, reason: string): PropertySetError {
  const code = text[from + pos]!;
  // Upstream prints `0x` followed by the *decimal* char value (Twine(int)); we print real hex and add
  // the position, which is what a person needs to find the character.
  // LLVM's text: a bad char in a full quad prints "0x" + the (signed) char as *decimal*
  // (Twine(int), Base64.cpp decode4); a bad remainder char has no value in the message.
  const llvm = reason === 'invalid char in Base64Impl encoding' ? `${reason}: 0x${code > 0x7f && code < 0x100 ? code - 0x100 : code}` : reason;
  return new PropertySetError('SYNTAX', `${reason}: 0x${code.toString(16).padStart(2, '0')} at character ${pos}`, pos, llvm);
}

function sextet(text: Codes, pos: number): number {
  const c = text[pos]!;
  return c < 128 ? DECODE_TABLE[c]! : -1;
}

/** Bytes `n` characters of intel/llvm Base64 decode to (a 1-character remainder adds none: it is an error). */
export function decodedLength(n: number): number {
  const rem = n & 3;
  return (n >> 2) * 3 + (rem >= 2 ? rem - 1 : 0);
}

/**
 * Decode intel/llvm Base64. Errors (DecodeError, code SYNTAX) carry `offset` = character position in
 * `text`, and are checked in upstream's order: bad characters in full quads first, then the remainder
 * length (1 char = "invalid encoded sequence length"), then the remainder's characters. Unused high
 * bits of the last character of a 2/3-char tail are ignored, as upstream does (README rule 1).
 */
export function decodeBase64(text: Base64Text): Uint8Array {
  const codes = codesOf(text);
  const out = new Uint8Array(decodedLength(codes.length));
  decodeBase64Into(codes, 0, codes.length, out);
  return out;
}

/**
 * {@link decodeBase64} of the character codes `text[from, to)` into `out[0, decodedLength(to - from))` (the caller's
 * buffer, e.g. a scratch one: nothing is allocated). Errors as decodeBase64, positions counted from
 * `from`.
 */
export function decodeBase64Into(text: Codes, from: number, to: number, out: Uint8Array): void {
  const n = to - from;
  const quads = n >> 2;
  const rem = n & 3;
  // Quads are checked before the length, like Base64Impl::decode.
  let o = 0;
  for (let q = 0; q < quads; q++) {
    const p = from + q * 4;
    const c0 = sextet(text, p);
    const c1 = sextet(text, p + 1);
    const c2 = sextet(text, p + 2);
    const c3 = sextet(text, p + 3);
    if ((c0 | c1 | c2 | c3) < 0) {
      const bad = [c0, c1, c2, c3].findIndex((c) => c < 0);
      throw badChar(text, from, q * 4 + bad, 'invalid char in Base64Impl encoding');
    }
    out[o++] = (c0 | (c1 << 6)) & 0xff;
    out[o++] = ((c1 >> 2) | (c2 << 4)) & 0xff;
    out[o++] = ((c2 >> 4) | (c3 << 2)) & 0xff;
  }
  if (rem === 0) return;
  const p = quads * 4;
  if (rem === 1) {
    throw new PropertySetError('SYNTAX', `invalid encoded sequence length (1 character left over at character ${p})`, p, 'invalid encoded sequence length');
  }
  const c0 = sextet(text, from + p);
  const c1 = sextet(text, from + p + 1);
  const c2 = rem === 3 ? sextet(text, from + p + 2) : 0;
  if ((c0 | c1 | c2) < 0) {
    const bad = [c0, c1, c2].findIndex((c) => c < 0);
    throw badChar(text, from, p + bad, 'invalid characters in the encoded sequence remainder');
  }
  out[o++] = (c0 | (c1 << 6)) & 0xff;
  if (rem === 3) out[o++] = ((c1 >> 2) | (c2 << 4)) & 0xff;
}

// ---- RFC 4648 (upstream LLVM) ---------------------------------------------------------------------

const B64_CHUNK = 3 * 8192;

/** Length of the padded RFC 4648 Base64 text of `n` bytes. */
export function standardBase64Length(n: number): number {
  return Math.ceil(n / 3) * 4;
}

/**
 * The padded RFC 4648 Base64 text of `bytes` (`llvm::encodeBase64`: most-significant bits first)
 * written as ASCII into `out` from `at` ({@link standardBase64Length} bytes); no string is made.
 */
export function encodeStandardBase64Into(bytes: Uint8Array, out: Uint8Array, at: number): void {
  const full = bytes.length - (bytes.length % 3);
  let o = at;
  for (let i = 0; i < full; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = ENCODE_TABLE[v >> 18]!;
    out[o++] = ENCODE_TABLE[(v >> 12) & 63]!;
    out[o++] = ENCODE_TABLE[(v >> 6) & 63]!;
    out[o++] = ENCODE_TABLE[v & 63]!;
  }
  const rem = bytes.length - full;
  if (rem === 0) return;
  const v = (bytes[full]! << 16) | (rem === 2 ? bytes[full + 1]! << 8 : 0);
  out[o++] = ENCODE_TABLE[v >> 18]!;
  out[o++] = ENCODE_TABLE[(v >> 12) & 63]!;
  out[o++] = rem === 2 ? ENCODE_TABLE[(v >> 6) & 63]! : EQ;
  out[o] = EQ;
}

/** Standard padded base64 of bytes (btoa, which browsers and Node have, per bounded chunk). */
export function encodeStandardBase64(input: BytesLike): string {
  const bytes = toBytes(input, 'the bytes to encode');
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += B64_CHUNK) {
    const chunk = bytes.subarray(at, Math.min(bytes.length, at + B64_CHUNK));
    let bin = '';
    for (let i = 0; i < chunk.length; i++) bin += String.fromCharCode(chunk[i]!);
    parts.push(btoa(bin));
  }
  return parts.join('');
}

const EQ = 0x3d;

/** `%#2.2x` of a `char` passed through varargs (signed: 0xE9 prints as 0xffffffe9; zero as `00`). */
function llvmCharHex(b: number): string {
  return b === 0 ? '00' : `0x${(b < 0x80 ? b : (b | 0xffffff00) >>> 0).toString(16).padStart(2, '0')}`;
}

/**
 * `llvm::decodeBase64` of upstream LLVM, accepting and rejecting exactly what it does: the length is
 * a multiple of 4 (empty is fine), every character is in the alphabet, `=` only as the last one or
 * two characters; the unused bits of a padded tail are ignored (`AR==` reads as `01`).
 * `canonical` is false when those ignored bits are not zero. Errors: PropertySetError (SYNTAX,
 * offset = byte index in `text`) whose `llvm` is LLVM's message.
 */
export function decodeStandardBase64(input: Base64Text): { bytes: Uint8Array; canonical: boolean } {
  // A string is read as its UTF-8 bytes, as LLVM reads the text (lengths and indices count bytes).
  const text = typeof input === 'string' ? toTextBytes(input, 'Base64 text') : codesOf(input);
  const n = text.length;
  if (n % 4 !== 0) {
    const m = 'Base64 encoded strings must be a multiple of 4 bytes in length';
    throw new PropertySetError('SYNTAX', `${m} (${n} bytes)`, 0, m);
  }
  const pad = n > 0 && text[n - 1] === EQ ? (text[n - 2] === EQ ? 2 : 1) : 0;
  const out = new Uint8Array((n / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < n; i += 4) {
    let quad = 0;
    for (let k = 0; k < 4; k++) {
      const b = text[i + k]!;
      const v = b === EQ ? (i + k >= n - pad ? 0 : -1) : b < 128 ? DECODE_TABLE[b]! : -1;
      if (v < 0) {
        const m = `Invalid Base64 character ${llvmCharHex(b)} at index ${i + k}`;
        throw new PropertySetError('SYNTAX', m, i + k, m);
      }
      quad = (quad << 6) | v;
    }
    for (const byte of [quad >>> 16, (quad >>> 8) & 0xff, quad & 0xff]) if (o < out.length) out[o++] = byte;
  }
  // The ignored bits: the low 4 (two '=') or 2 (one '=') bits of the last data character.
  const tail = pad === 0 ? 0 : DECODE_TABLE[text[n - pad - 1]!]! & (pad === 2 ? 0x0f : 0x03);
  return { bytes: out, canonical: tail === 0 };
}
