/**
 * The one growable byte buffer of the toolkit: encoders (`Sink`), the property-set writer and the
 * text printers (`syclbin dump`) all append to a ByteBuilder. Capacity doubles, so appending n bytes
 * costs O(n) overall; ASCII text is copied byte by byte (most of what the printers write), other
 * text goes through one TextEncoder.
 *
 * A `flush` callback turns it into a chunked writer: when the buffer is full, its filled part is
 * handed to `flush` as it is (a view, no copy) and writing goes on in a new buffer, so a large
 * output is a list of chunks, never copied into one buffer (`finish()` hands over the last one).
 * Chunks start at `FIRST_CHUNK` bytes and double up to the capacity given: a long output reaches
 * its first hand-over early, while the writer's code is still being compiled (a branch first taken
 * in optimised code costs a deoptimisation and a second compilation).
 */
const encoder = new TextEncoder();

/** The first chunk of a chunked builder. */
const FIRST_CHUNK = 1 << 14;

/** Longest text appended with a character loop; longer text goes through one `encodeInto` call. */
const LOOP_TEXT = 256;

/** Longest byte array appended with a loop; longer ones go through one `set` call. */
const LOOP_BYTES = 48;

/** Growable little- or big-endian byte buffer. */
export class ByteBuilder {
  protected buf: Uint8Array;
  protected view: DataView;
  /** Bytes written (since the last flush). */
  length = 0;
  /** Bytes handed to `flush` so far. */
  private flushed = 0;

  constructor(
    capacity = 256,
    /** Byte order of multi-byte integers. */
    public le = true,
    /** Chunked mode: receives each filled buffer (see the file comment). */
    private readonly flush?: (chunk: Uint8Array) => void,
  ) {
    this.chunk = Math.max(16, capacity);
    this.buf = new Uint8Array(flush ? Math.min(this.chunk, FIRST_CHUNK) : this.chunk);
    this.view = new DataView(this.buf.buffer);
  }
  /** Chunked mode: the largest chunk. */
  private readonly chunk: number;

  /** Make room for `n` more bytes (in chunked mode: hand over a full buffer first). */
  protected room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    if (this.flush && this.length > 0) {
      this.drain();
      if (n <= this.buf.length) return;
    }
    let cap = this.buf.length * 2;
    while (cap < this.length + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** Chunked mode: hand what is buffered to the flush callback (the chunk is the caller's to keep). */
  drain(): void {
    if (!this.flush || this.length === 0) return;
    this.flush(this.buf.subarray(0, this.length));
    this.flushed += this.length;
    this.length = 0;
    this.buf = new Uint8Array(Math.min(this.buf.length * 2, this.chunk));
    this.view = new DataView(this.buf.buffer);
  }

  /** Chunked mode: hand over the last chunk; the builder is not written to afterwards. */
  finish(): void {
    if (!this.flush || this.length === 0) return;
    this.flush(this.buf.subarray(0, this.length));
    this.flushed += this.length;
    this.length = 0;
    this.buf = new Uint8Array(16);
    this.view = new DataView(this.buf.buffer);
  }

  /** Append one byte. */
  u8(v: number): void {
    this.room(1);
    this.buf[this.length++] = v;
  }
  /** Append a 16-bit integer in the builder's byte order. */
  u16(v: number): void {
    this.room(2);
    this.view.setUint16(this.length, v, this.le);
    this.length += 2;
  }
  /** Append a 32-bit integer in the builder's byte order. */
  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.length, v, this.le);
    this.length += 4;
  }
  /** Append a 64-bit integer in the builder's byte order. */
  u64(v: bigint): void {
    this.room(8);
    this.view.setBigUint64(this.length, v, this.le);
    this.length += 8;
  }
  /** Append bytes. */
  bytes(b: Uint8Array): void {
    const n = b.length;
    this.room(n);
    // A short array by a loop: TypedArray.prototype.set costs more per call than copying a few
    // dozen bytes (the dump printer appends millions of cached line heads of 10 to 40 bytes).
    if (n <= LOOP_BYTES) {
      const buf = this.buf;
      const at = this.length;
      for (let i = 0; i < n; i++) buf[at + i] = b[i]!;
    } else this.buf.set(b, this.length);
    this.length += n;
  }
  /** Append `n` zero bytes. */
  zeros(n: number): void {
    this.room(n);
    this.buf.fill(0, this.length, this.length + n);
    this.length += n;
  }
  /** Zero-fill up to a multiple of `align` (of the bytes written since the start). */
  alignTo(align: number): void {
    const pad = (align - ((this.flushed + this.length) % align)) % align;
    if (pad) this.zeros(pad);
  }
  /** Append text as UTF-8 (a character loop for short ASCII text, the native encoder otherwise). */
  text(s: string): void {
    const n = s.length;
    if (n <= LOOP_TEXT) {
      this.room(n);
      const buf = this.buf;
      const start = this.length;
      for (let i = 0; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c > 0x7f) {
          this.bytes(encoder.encode(s));
          return;
        }
        buf[start + i] = c;
      }
      this.length = start + n;
      return;
    }
    this.room(n * 3);
    this.length += encoder.encodeInto(s, this.buf.subarray(this.length)).written;
  }
  /** Append the decimal digits of a non-negative safe integer (no string made). */
  decimal(v: number): void {
    if (v < 10) {
      this.room(1);
      this.buf[this.length++] = 0x30 + v;
      return;
    }
    let digits = 1;
    for (let p = 10; p <= v; p *= 10) digits++;
    this.room(digits);
    const buf = this.buf;
    let at = this.length + digits;
    this.length = at;
    while (v >= 10) {
      const q = Math.floor(v / 10);
      buf[--at] = 0x30 + (v - q * 10);
      v = q;
    }
    buf[--at] = 0x30 + v;
  }
  /**
   * Make room for `n` bytes and count them as written: they are `target[at, at + n)` for the `at`
   * returned, for the caller to fill before its next append (an encoder that writes into the
   * buffer directly, as Base64 does, with no intermediate array per value).
   */
  claim(n: number): number {
    this.room(n);
    const at = this.length;
    this.length += n;
    return at;
  }
  /** The buffer the last {@link claim} returned an index into (replaced when the builder grows). */
  get target(): Uint8Array {
    return this.buf;
  }
  /** The bytes written, as a new buffer of exactly that length. */
  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/**
 * Bytes as a string of the same code units (ISO-8859-1: one character per byte, 0-255), for text
 * that must reach its output byte for byte whatever its encoding (what LLVM's tools print of a
 * string is its bytes). Decoded in chunks joined once; ASCII natively.
 */
export function decodeLatin1(bytes: Uint8Array): string {
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return new TextDecoder().decode(bytes);
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x2000) parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + 0x2000) as unknown as number[]));
  return parts.join('');
}

/**
 * A string made by {@link decodeLatin1}, ready for a writer that encodes strings as UTF-8: the
 * string itself when it is ASCII (its UTF-8 bytes are its Latin-1 bytes, and the writer encodes it
 * without a copy here), else its bytes ({@link encodeLatin1}).
 */
export function latin1Output(s: string): string | Uint8Array {
  return /[^\x00-\x7f]/.test(s) ? encodeLatin1(s) : s;
}

/** The bytes of a string made by {@link decodeLatin1} (each code unit's low 8 bits). */
export function encodeLatin1(s: string): Uint8Array {
  if (!/[^\x00-\x7f]/.test(s)) return new TextEncoder().encode(s);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

/**
 * The text a string made by {@link decodeLatin1} spells when its bytes are read as UTF-8: how a
 * name read byte for byte (LLVM IR, whose names are bytes) becomes the Unicode text a manifest,
 * a property-set key or a display holds. ASCII is returned as is; bytes that are not UTF-8 become
 * U+FFFD, as every UTF-8 decoder does.
 */
export function utf8FromLatin1(s: string): string {
  return /[^\x00-\x7f]/.test(s) ? new TextDecoder().decode(encodeLatin1(s)) : s;
}

/**
 * The text a string made by {@link decodeLatin1} spells as a property-set key or name: its bytes
 * read as UTF-8 as {@link utf8FromLatin1} reads them, but a byte that is not part of a valid UTF-8
 * sequence becomes the lone surrogate U+DC80+byte ({@link decodeEscapedUtf8}), which the property-set
 * writer writes back as that byte. sycl-post-link writes a name's bytes as they are
 * (llvm/lib/Support/PropertySetIO.cpp); with U+FFFD two names that differ in such bytes (c"\FF" and
 * c"\FE") would become one key.
 */
export function keyFromLatin1(s: string): string {
  return /[^\x00-\x7f]/.test(s) ? decodeEscapedUtf8(encodeLatin1(s)) : s;
}

/**
 * Length of the well-formed UTF-8 sequence at position `i` of a byte string (one code unit per
 * byte, as {@link decodeLatin1} makes them): 1 to 4, or 0 when the bytes there are not one. The
 * Unicode Standard's Table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF.
 */
export function utf8SequenceAt(s: string, i: number): number {
  const b0 = s.charCodeAt(i);
  if (b0 < 0x80) return 1;
  const n = b0 >= 0xc2 && b0 <= 0xdf ? 2 : b0 >= 0xe0 && b0 <= 0xef ? 3 : b0 >= 0xf0 && b0 <= 0xf4 ? 4 : 0;
  if (n === 0 || i + n > s.length) return 0;
  const b1 = s.charCodeAt(i + 1);
  const lo = b0 === 0xe0 ? 0xa0 : b0 === 0xf0 ? 0x90 : 0x80;
  const hi = b0 === 0xed ? 0x9f : b0 === 0xf4 ? 0x8f : 0xbf;
  if (b1 < lo || b1 > hi) return 0;
  for (let k = 2; k < n; k++) {
    const b = s.charCodeAt(i + k);
    if (b < 0x80 || b > 0xbf) return 0;
  }
  return n;
}

/** The two hex digits of every byte value (one lookup per byte instead of a format call). */
const HEX_DIGITS: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Bytes as lower-case hex without separators (JSON documents carry byte strings so). */
export function toHex(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += HEX_DIGITS[b[i]!]!;
  return s;
}

/** The bytes of `s`, two hex digits per byte without separators (either case), or undefined when it is not that. */
export function hexBytes(s: string): Uint8Array | undefined {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(s)) return undefined;
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** True when `text` has no lone surrogate, i.e. it is the decoding of valid UTF-8 (String.prototype.isWellFormed, which Node 20 lacks). */
export function isWellFormed(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

const utf8Encoder = new TextEncoder();

/**
 * Where UTF-16 index `at` of `text` is in its bytes as {@link encodeEscapedUtf8} writes them: the
 * byte offset in the bytes {@link decodeEscapedUtf8} read `text` from (an escaped byte U+DC80..U+DCFF
 * is one byte), or in the UTF-8 of a string given as text. Counted without encoding (a manifest
 * error's offset, src/lower/manifest.ts); another lone surrogate counts as the 3 bytes of the U+FFFD
 * a UTF-8 encoder writes for it.
 */
export function escapedUtf8Offset(text: string, at: number): number {
  let n = 0;
  for (let i = 0; i < at; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < at && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4; // a pair: one code point beyond the BMP
      i++;
    } else if (c >= 0xdc80 && c <= 0xdcff) n += 1;
    else n += 3;
  }
  return n;
}

/**
 * The UTF-8 bytes of `text`, where a lone low surrogate U+DC80..U+DCFF stands for the byte 0x80..0xFF
 * it escapes (the "surrogateescape" that the property-set text decoder, src/props/text.ts decodeText,
 * uses for bytes that are not UTF-8), so such a string encodes back to the bytes it was read from.
 * Any other lone surrogate has no bytes: `onLone` is told (its code unit and index) and must throw.
 */
export function encodeEscapedUtf8(text: string, onLone: (code: number, index: number) => never): Uint8Array {
  // Fast path: no surrogate code units at all.
  if (!/[\ud800-\udfff]/.test(text)) return utf8Encoder.encode(text);
  const parts: number[] = [];
  let run = '';
  const flush = (): void => {
    if (run) for (const b of utf8Encoder.encode(run)) parts.push(b);
    run = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        run += text[i]! + text[i + 1]!;
        i++;
        continue;
      }
      onLone(c, i);
    }
    if (c >= 0xdc00 && c <= 0xdfff) {
      if (c < 0xdc80 || c > 0xdcff) onLone(c, i);
      flush();
      parts.push(c - 0xdc00);
      continue;
    }
    run += text[i]!;
  }
  flush();
  return Uint8Array.from(parts);
}

/** Length of the valid UTF-8 sequence starting at `i`, or 0 if the bytes there are not valid UTF-8. */
export function utf8SequenceLength(b: Uint8Array, i: number): number {
  const b0 = b[i]!;
  if (b0 < 0x80) return 1;
  let len: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) len = 2;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    len = 3;
    if (b0 === 0xe0) lo = 0xa0; // overlong
    if (b0 === 0xed) hi = 0x9f; // UTF-16 surrogates
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    len = 4;
    if (b0 === 0xf0) lo = 0x90; // overlong
    if (b0 === 0xf4) hi = 0x8f; // > U+10FFFF
  } else return 0;
  if (i + len > b.length) return 0;
  const b1 = b[i + 1]!;
  if (b1 < lo || b1 > hi) return 0;
  for (let k = 2; k < len; k++) {
    const bk = b[i + k]!;
    if (bk < 0x80 || bk > 0xbf) return 0;
  }
  return len;
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Longest text the ASCII fast path of {@link decodeEscapedUtf8} builds from a reused array. */
const SHORT_MAX = 256;
/** One reused array of code units per length (1..SHORT_MAX): fromCharCode.apply takes the whole array. */
const SHORT_UNITS: number[][] = Array.from({ length: SHORT_MAX + 1 }, (_, n) => new Array<number>(n).fill(0));

/**
 * `bytes[from, to)` as UTF-8 text, where a byte that is not part of a valid UTF-8 sequence becomes
 * the lone low surrogate U+DC80+byte ("surrogateescape", as Python does): arbitrary bytes survive
 * decode and {@link encodeEscapedUtf8} unchanged (property-set names and keys, archive member names),
 * and valid UTF-8 never gives a lone surrogate, so the mapping is unambiguous. Shown to people, such
 * a code unit is written as U+FFFD (or `\xNN` where a display escapes it).
 */
export function decodeEscapedUtf8(bytes: Uint8Array, from = 0, to = bytes.length): string {
  // Fast path: short ASCII texts (almost all names) without a TextDecoder call or a view of the
  // range (a view of a Node Buffer is a Buffer, as costly to make as the string), made in one piece.
  const len = to - from;
  if (len <= SHORT_MAX) {
    let i = from;
    while (i < to && bytes[i]! <= 0x7f) i++;
    if (i === to) {
      if (len === 0) return '';
      const units = SHORT_UNITS[len]!;
      for (let k = 0; k < len; k++) units[k] = bytes[from + k]!;
      return String.fromCharCode.apply(null, units);
    }
  }
  const b = from === 0 && to === bytes.length ? bytes : bytes.subarray(from, to);
  try {
    return fatalUtf8.decode(b);
  } catch {
    // escape the bytes that are not UTF-8
  }
  // Code units into a buffer turned into a string a few thousand at a time, the parts joined once:
  // linear whatever the mix of text and bad bytes (no string grown a character at a time, no call
  // per sequence). Each sequence was checked by utf8SequenceLength before it is decoded here.
  const parts: string[] = [];
  const units = new Uint16Array(4096);
  let n = 0;
  let i = 0;
  while (i < b.length) {
    if (n >= units.length - 2) {
      parts.push(String.fromCharCode.apply(null, units.subarray(0, n) as unknown as number[]));
      n = 0;
    }
    const c = b[i]!;
    const len = c < 0x80 ? 1 : utf8SequenceLength(b, i);
    if (len === 1) units[n++] = c;
    else if (len === 0) units[n++] = 0xdc00 + c;
    else if (len === 2) units[n++] = ((c & 0x1f) << 6) | (b[i + 1]! & 0x3f);
    else if (len === 3) units[n++] = ((c & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f);
    else {
      const cp = (((c & 0x07) << 18) | ((b[i + 1]! & 0x3f) << 12) | ((b[i + 2]! & 0x3f) << 6) | (b[i + 3]! & 0x3f)) - 0x10000;
      units[n++] = 0xd800 + (cp >> 10);
      units[n++] = 0xdc00 + (cp & 0x3ff);
    }
    i += len || 1;
  }
  if (n) parts.push(String.fromCharCode.apply(null, units.subarray(0, n) as unknown as number[]));
  return parts.join('');
}

/**
 * The bytes of `text` as a byte string (one code unit per byte, as {@link decodeLatin1} makes them):
 * its UTF-8, a lone surrogate U+DC80..U+DCFF (from {@link decodeEscapedUtf8}) as the byte it stands
 * for, any other lone surrogate as U+FFFD's bytes (what a UTF-8 writer prints for it). How names read
 * from a file are printed byte for byte where LLVM's tools print their bytes.
 */
export function utf8ByteString(text: string): string {
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  const fixed = text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udc7f\udd00-\udfff]/g, '\ufffd');
  return decodeLatin1(encodeEscapedUtf8(fixed, () => {
    throw new Error('unreachable: every other lone surrogate was replaced');
  }));
}
