/**
 * Lossless bytes <-> JS string conversion for set names and keys of property-set registries.
 *
 * Registry text is bytes with no declared encoding (PropertySetIO.cpp copies them verbatim), but our
 * model keys are JS strings. Valid UTF-8 decodes normally. Every byte that is not part of a valid
 * UTF-8 sequence becomes the lone low surrogate U+DC80+byte ("surrogateescape", as Python does), so
 * arbitrary bytes survive decode -> encode unchanged. Valid UTF-8 can never produce a lone surrogate,
 * so the mapping is unambiguous. Writers reject any other lone surrogate.
 */
import { EncodeError } from '../codec/errors.js';
import { toBytes, type BytesLike } from '../codec/source.js';
import { decodeEscapedUtf8, encodeEscapedUtf8, utf8SequenceLength } from '../codec/bytes.js';

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Offset of the first byte that does not start a valid UTF-8 sequence, or -1 when all of `bytes` is
 * valid UTF-8 (the offset `llvm::json::isUTF8` reports, llvm/llvm-project:llvm/lib/Support/JSON.cpp).
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  try {
    strictDecoder.decode(bytes);
    return -1;
  } catch {
    // find where
  }
  for (let i = 0; i < bytes.length; ) {
    const len = utf8SequenceLength(bytes, i);
    if (len === 0) return i;
    i += len;
  }
  return -1;
}

/** Slots of the table of recently decoded short texts, and the longest text kept there. */
const INTERN_SLOTS = 1024;
const INTERN_MAX = 64;
const internBytes = new Uint8Array(INTERN_SLOTS * INTERN_MAX);
const internLength = new Int32Array(INTERN_SLOTS).fill(-1);
const internText: string[] = new Array<string>(INTERN_SLOTS).fill('');

/**
 * decodeText of `bytes[from, to)`. Short texts (set names and keys: every module's metadata repeats
 * the same few) are kept in a small table keyed by their bytes, so a repeated one costs a hash and a
 * compare instead of a new string; the table is a pure cache (the text is a function of the bytes).
 */
export function decodeTextRange(bytes: Uint8Array, from: number, to: number): string {
  const n = to - from;
  if (n > INTERN_MAX) return decodeEscapedUtf8(bytes, from, to);
  // The slot: a hash of the length and a few bytes (a collision only costs a decode).
  const h = n === 0 ? 0 : Math.imul(Math.imul(Math.imul(n ^ bytes[from]!, 0x01000193) ^ bytes[to - 1]!, 0x01000193) ^ bytes[from + (n >> 1)]!, 0x01000193) ^ bytes[from + (n >> 2)]!;
  const slot = (h ^ (h >>> 10) ^ (h >>> 20)) & (INTERN_SLOTS - 1);
  const at = slot * INTERN_MAX;
  if (internLength[slot] === n) {
    let i = 0;
    while (i < n && internBytes[at + i] === bytes[from + i]) i++;
    if (i === n) return internText[slot]!;
  }
  const text = decodeEscapedUtf8(bytes, from, to);
  for (let k = 0; k < n; k++) internBytes[at + k] = bytes[from + k]!;
  internLength[slot] = n;
  internText[slot] = text;
  return text;
}

/** Decode bytes as UTF-8, escaping invalid bytes as U+DC80..U+DCFF (src/codec/bytes.ts decodeEscapedUtf8). */
export function decodeText(input: BytesLike): string {
  return decodeEscapedUtf8(toBytes(input));
}

/** Inverse of decodeText. Lone surrogates other than U+DC80..U+DCFF cannot be written. */
export function encodeText(text: string, path: (string | number)[] = []): Uint8Array {
  return encodeEscapedUtf8(text, (code, i) => {
    throw new EncodeError(`lone surrogate U+${code.toString(16).toUpperCase()} at index ${i} cannot be written`, path, path.length);
  });
}

/**
 * `s` as a JSON string literal for people: bytes that are not UTF-8 (lone surrogates U+DC80+byte,
 * src/codec/bytes.ts decodeEscapedUtf8) as `\xNN` instead of `\udcNN`, control characters as JSON
 * escapes them. (Here, not in explain.ts, so that the registry reader's messages can use it.)
 */
export function quotedText(s: string): string {
  return JSON.stringify(s).replace(/\\(\\|udc[89a-f][0-9a-f])/g, (m, g: string) => (g === '\\' ? m : `\\x${g.slice(3)}`));
}

/** True when the string came from (or encodes to) valid UTF-8 without escapes. */
export { isWellFormed } from '../codec/bytes.js';
