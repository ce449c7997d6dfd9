/**
 * Upstream LLVM's JSON property sets (llvm-project #147321): `llvm::offloading::writePropertiesToJSON`
 * and `readPropertiesFromJSON` (llvm/llvm-project:llvm/lib/Frontend/Offloading/PropertySet.cpp,
 * llvm/include/llvm/Frontend/Offloading/PropertySet.h), reproduced byte for byte and decision for
 * decision. Facts and their provenance: docs/upstream-llvm.md §6; goldens testdata/llvm22/props/.
 *
 * Shape: `{"set":{"key":<uint32>|"<base64>"}}` — one line, no spaces, no trailing newline; sets and
 * keys in `std::map` order (bytewise); byte arrays as RFC 4648 base64 (`=`-padded) of the payload
 * alone. Intel's registry text (intel/llvm:llvm/include/llvm/Support/PropertySetIO.h) stores a byte
 * array as an 8-byte little-endian bit count followed by ceil(bits / 8) payload bytes
 * (`PropertyValue(const byte *, SizeTy DataBitSize)` in intel/llvm:llvm/lib/Support/PropertySetIO.cpp;
 * containers and strings get bits = 8 × size). Our model keeps that count as `bits`, so:
 * - writing drops it, which is lossless only when bits = 8 × payload length: a bit size that is not a
 *   whole number of bytes, or that disagrees with the payload, is refused (EncodeError naming the set
 *   and key); every dropped prefix is stated in a note;
 * - reading gives every byte array bits = 8 × length (the prefix an intel writer would give it).
 *
 * Reading accepts exactly what LLVM 22 accepts: `llvm::json::parse` (llvm/llvm-project:
 * llvm/lib/Support/JSON.cpp, `Parser`) first — the whole input must be UTF-8, numbers are any run of
 * `0-9 e E + - .` that strtoll, strtoull or strtod read completely (so `01`, `+1` and `-0` are
 * integers), a repeated name keeps its first position and its last value — then the registry rules:
 * the top level and each set are objects; a value is a non-negative integer (T_Integer ≥ 0 or
 * T_UINT64, cut to its low 32 bits) or a string that `llvm::decodeBase64` accepts. Where LLVM is lax
 * we read what LLVM reads and add a warning: repeated names, integers above 4294967295, number tokens
 * that are not RFC 8259 numbers, unpaired `\uD800`-style escapes (U+FFFD), base64 tails with
 * non-zero unused bits. With several bad values LLVM reports the first in `json::Object` iteration
 * order (a DenseMap keyed by the names' hash): so do we (src/offload/densemap-order.ts; checked against
 * libLLVM 22 by test/props/llvm-json-interop.test.ts).
 *
 * Nothing here recurses on input depth: the parser keeps its own stack, printing walks a work list.
 */
import { ByteBuilder, decodeEscapedUtf8, EncodeError, type BytesLike } from '../codec/index.js';
import { PROPERTY_TYPE } from '../../formats/property-sets.js';
import { LlvmStringDenseMap } from '../offload/densemap-order.js';
import { decodeStandardBase64, encodeStandardBase64Into, standardBase64Length } from './base64.js';
import { PropertySetError } from './errors.js';
import type { PropertySet, PropertySetRegistry, PropertyValue } from './model.js';
import { byteArray, registryArgument } from './model.js';
import { encodePropertyValue, RegistrySyntaxError } from './registry.js';
import { encodeText, firstInvalidUtf8 } from './text.js';
import { toTextBytes } from '../codec/source.js';
import { printable, printableClipped } from './explain.js';

/** A JSON value as `llvm::json::parse` builds it, with the byte span it came from. */
export type LlvmJsonValue = { start: number; end: number } & (
  | { kind: 'object'; members: Map<string, LlvmJsonValue> }
  | { kind: 'array'; items: LlvmJsonValue[] }
  | { kind: 'string'; text: string }
  /** strtoll (T_Integer) or, for positive tokens past int64, strtoull (T_UINT64) read the whole token. */
  | { kind: 'integer'; value: bigint }
  | { kind: 'double'; value: number }
  | { kind: 'true' | 'false' | 'null' }
);

/** Something LLVM accepts but a strict reader would not, or a conversion that changes the data. */
export interface LlvmJsonNote {
  /** How much it matters. */
  severity: 'warning' | 'note';
  /** The set (and key) it concerns; both absent for the whole document. */
  set?: string;
  /** The key it concerns, when one. */
  key?: string;
  /** What was found, for people. */
  message: string;
  /** Byte offset in the document, where there is one. */
  at?: number;
  /** A stable name for notes of one kind that a caller may summarise (`prefix-dropped`: an intel bit-size prefix was dropped). */
  code?: 'prefix-dropped';
}

/** A parsed document and the lax spots the parser met (offset, path of names/indices, message). */
export interface LlvmJsonDocument {
  /** The document's value. */
  root: LlvmJsonValue;
  /** Where the document relies on LLVM's leniency: byte offset, path of member names and indices, message. */
  lax: { offset: number; path: (string | number)[]; message: string }[];
}

const utf8 = new TextEncoder();
/** Decodes valid UTF-8; replaces each maximal invalid subpart by U+FFFD, as LLVM's `json::fixUTF8`. */
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
/** Decodes valid UTF-8 only, a leading BOM kept as U+FEFF (what a document's text is). */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const [QUOTE, BACKSLASH, COMMA, COLON] = [0x22, 0x5c, 0x2c, 0x3a];
const CLOSE: Record<number, number> = { 0x7b: 0x7d, 0x5b: 0x5d };
const ESCAPES: Record<number, number> = { 0x22: 0x22, 0x5c: 0x5c, 0x2f: 0x2f, 0x62: 8, 0x66: 12, 0x6e: 10, 0x72: 13, 0x74: 9 };
const LITERALS: Record<number, 'true' | 'false' | 'null'> = { 0x74: 'true', 0x66: 'false', 0x6e: 'null' };
/** `Parser::isNumber`: the characters a number token is made of. */
const isNumberChar = (c: number): boolean => (c >= 0x30 && c <= 0x39) || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d || c === 0x2e;
const isSpace = (c: number | undefined): boolean => c === 0x20 || c === 0x0d || c === 0x0a || c === 0x09;
const INT64_MIN = -(1n << 63n);
const INT64_END = 1n << 63n;
const UINT64_END = 1n << 64n;

/**
 * `llvm::json::parse` of `bytes`, accepting and rejecting exactly what it does. Errors are
 * RegistrySyntaxError (1-based line and byte column of LLVM's error position; `llvm` = LLVM's message,
 * `[line:column, byte=offset]: what`, with LLVM's 0-based column).
 */
export function parseLlvmJson(input: BytesLike | string): LlvmJsonDocument {
  const bytes = toTextBytes(input, 'the JSON text');
  const end = bytes.length;
  let p = 0;
  const fail = (what: string, at = p): RegistrySyntaxError => {
    // (lastIndexOf from -1 would search from the end of the document)
    const lineStart = at > 0 ? bytes.lastIndexOf(0x0a, at - 1) + 1 : 0;
    let line = 1;
    for (let i = bytes.indexOf(0x0a); i >= 0 && i < at; i = bytes.indexOf(0x0a, i + 1)) line++;
    return new RegistrySyntaxError(what, at, line, at - lineStart + 1, `[${line}:${at - lineStart}, byte=${at}]: ${what}`);
  };
  // The document as text, when it is all ASCII (a byte offset is then a string index): names and
  // values are slices of it. Otherwise each is decoded from its bytes.
  let asciiText: string | undefined;
  try {
    const t = strictUtf8.decode(bytes);
    if (t.length === bytes.length) asciiText = t;
  } catch {
    const bad = firstInvalidUtf8(bytes);
    if (bad >= 0) throw fail('Invalid UTF-8 sequence', bad);
  }
  const next = (): number => (p < end ? bytes[p++]! : 0);
  const skipSpace = (): void => {
    while (isSpace(bytes[p])) p++;
  };
  const lax: LlvmJsonDocument['lax'] = [];
  type Frame = { node: LlvmJsonValue & { kind: 'object' | 'array' }; key: string };
  const stack: Frame[] = [];
  const path = (): (string | number)[] => stack.map((f) => (f.node.kind === 'object' ? f.key : f.node.items.length));

  /** The path of a string just read, for its lax notes: a member name's (`isName`) or a value's. */
  const where = (isName: boolean, text: string): (string | number)[] => (isName ? [...path().slice(0, -1), text] : path());

  /** The bytes of the string being decoded (see parseString): one buffer for the whole parse. */
  let scratch = new Uint8Array(256);
  /** `Parser::parseString` after the opening quote (`isName`: a member name, for the path of lax notes). */
  const parseString = (isName: boolean): string => {
    // Plain ASCII up to the closing quote (no escape, control or multi-byte character: nearly every
    // name and value) is its own text; anything else takes the general path below from the start.
    let q = p;
    while (q < end) {
      const c = bytes[q]!;
      if (c === QUOTE || c === BACKSLASH || c < 0x20 || c >= 0x80) break;
      q++;
    }
    if (q < end && bytes[q] === QUOTE) {
      const text = asciiText !== undefined ? asciiText.slice(p, q) : decodeEscapedUtf8(bytes, p, q);
      p = q + 1;
      return text;
    }
    // The text's bytes, decoded into the parse's one scratch buffer as they come (two arrays per
    // escape cost 550 bytes of heap each; a buffer per string, sized from the rest of the document,
    // zero-filled up to 64 KiB for every string with an escape). It grows by doubling.
    let buf = scratch;
    let n = 0;
    const room = (k: number): void => {
      if (n + k <= buf.length) return;
      const grown = new Uint8Array(Math.max(buf.length * 2, n + k));
      grown.set(buf.subarray(0, n));
      buf = scratch = grown;
    };
    const copy = (from: number, to: number): void => {
      room(to - from);
      buf.set(bytes.subarray(from, to), n);
      n += to - from;
    };
    const opening = p - 1;
    let run = p;
    let replaced = false;
    let combined = false;
    /** The UTF-8 bytes of code point `cp` (an unpaired surrogate never gets here: it became U+FFFD). */
    const emit = (cp: number): void => {
      room(4);
      if (cp < 0x80) buf[n++] = cp;
      else if (cp < 0x800) {
        buf[n++] = 0xc0 | (cp >> 6);
        buf[n++] = 0x80 | (cp & 0x3f);
      } else if (cp < 0x10000) {
        buf[n++] = 0xe0 | (cp >> 12);
        buf[n++] = 0x80 | ((cp >> 6) & 0x3f);
        buf[n++] = 0x80 | (cp & 0x3f);
      } else {
        buf[n++] = 0xf0 | (cp >> 18);
        buf[n++] = 0x80 | ((cp >> 12) & 0x3f);
        buf[n++] = 0x80 | ((cp >> 6) & 0x3f);
        buf[n++] = 0x80 | (cp & 0x3f);
      }
    };
    const hex4 = (): number => {
      const d = [next(), next(), next(), next()];
      let v = 0;
      for (const c of d) {
        const h = c >= 0x30 && c <= 0x39 ? c - 0x30 : (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 ? (c | 0x20) - 0x57 : -1;
        if (h < 0) throw fail('Invalid \\u escape sequence');
        v = v * 16 + h;
      }
      return v;
    };
    for (let c = next(); c !== QUOTE; c = next()) {
      if (p === end) throw fail('Unterminated string');
      if (c < 0x20) throw fail('Control character in string');
      if (c !== BACKSLASH) continue;
      copy(run, p - 1);
      const e = next();
      if (e === 0x75) {
        // Parser::parseUnicode: pairs surrogates; an unpaired one becomes U+FFFD (RFC 8259 §8.2).
        let first = hex4();
        for (;;) {
          if (first < 0xd800 || first >= 0xe000) emit(first);
          else if (first >= 0xdc00 || p + 2 > end || bytes[p] !== BACKSLASH || bytes[p + 1] !== 0x75) {
            emit(0xfffd);
            replaced = true;
          } else {
            p += 2;
            const second = hex4();
            if (second < 0xdc00 || second >= 0xe000) {
              emit(0xfffd);
              replaced = true;
              first = second;
              continue;
            }
            // With `|`, as LLVM combines them (llvm/lib/Support/JSON.cpp Parser::parseUnicode): for a
            // leading surrogate from D840 (its bit 6 set) that is not the code point UTF-16 means
            // (\ud840\udc00 is U+10000 to LLVM, not U+20000); a drop-in reads what LLVM reads.
            const code = 0x10000 | ((first - 0xd800) << 10) | (second - 0xdc00);
            if (code !== 0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00)) combined = true;
            emit(code);
          }
          break;
        }
      } else if (ESCAPES[e] !== undefined) {
        room(1);
        buf[n++] = ESCAPES[e]!;
      }
      else throw fail('Invalid escape sequence');
      run = p;
    }
    copy(run, p - 1);
    const text = lenient.decode(buf.subarray(0, n));
    if (replaced) lax.push({ offset: opening, path: where(isName, text), message: 'an unpaired UTF-16 surrogate escape: LLVM reads it as U+FFFD' });
    if (combined) lax.push({ offset: opening, path: where(isName, text), message: 'a surrogate pair whose leading half has bit 6 set (\\ud840-\\ud87f, \\ud8c0-\\ud8ff, ...): LLVM combines the halves with |, which gives 0x10000 less than the code point it stands for (\\ud840\\udc00 is U+10000 to it, not U+20000)' });
    return text;
  };

  /** One scalar, or an empty container; undefined after opening a non-empty container. */
  const parseValue = (): LlvmJsonValue | undefined => {
    skipSpace();
    if (p === end) throw fail('Unexpected EOF');
    const start = p;
    const c = next();
    const close = CLOSE[c];
    if (close !== undefined) {
      const node: Frame['node'] = c === 0x7b ? { kind: 'object', start, end: -1, members: new Map() } : { kind: 'array', start, end: -1, items: [] };
      skipSpace();
      if (bytes[p] === close) {
        node.end = ++p;
        return node;
      }
      stack.push({ node, key: '' });
      if (node.kind === 'object') memberName(stack[stack.length - 1]!);
      return undefined;
    }
    if (c === QUOTE) {
      const text = parseString(false);
      return { kind: 'string', start, end: p, text };
    }
    const literal = LITERALS[c];
    if (literal) {
      for (let i = 1; i < literal.length; i++) if (next() !== literal.charCodeAt(i)) throw fail(`Invalid JSON value (${literal}?)`);
      return { kind: literal, start, end: p };
    }
    if (!isNumberChar(c)) throw fail('Invalid JSON value');
    while (p < end && isNumberChar(bytes[p]!)) p++;
    return number(start);
  };

  /** `Parser::parseNumber`: strtoll, then (no leading '-') strtoull, then strtod must read it all. */
  const number = (start: number): LlvmJsonValue => {
    // An RFC 8259 integer of up to 15 digits (what writers write) is an exact double: read here.
    const n = p - start;
    if (n <= 15 && (bytes[start] !== 0x30 || n === 1)) {
      let v = 0;
      let i = start;
      for (; i < p; i++) {
        const d = bytes[i]! - 0x30;
        if (d < 0 || d > 9) break;
        v = v * 10 + d;
      }
      if (i === p) return { kind: 'integer', start, end: p, value: BigInt(v) };
    }
    const token = lenient.decode(bytes.subarray(start, p));
    if (!/^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(token)) lax.push({ offset: start, path: path(), message: `the number ${token} is not written as RFC 8259 JSON: LLVM reads it` });
    // (More than 20 significant digits is past uint64 anyway; BigInt of a huge token would be slow.)
    if (/^[+-]?[0-9]+$/.test(token) && token.replace(/^[+-]?0*/, '').length <= 20) {
      const value = BigInt(token);
      if ((value >= INT64_MIN && value < INT64_END) || (token[0] !== '-' && value < UINT64_END)) return { kind: 'integer', start, end: p, value };
    }
    if (!/^[+-]?([0-9]+(?:\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(token)) throw fail('Invalid JSON value (number?)');
    return { kind: 'double', start, end: p, value: Number(token) };
  };

  /** `"name"` `:` of the next member of the object in `f`. */
  const memberName = (f: Frame): void => {
    if (next() !== QUOTE) throw fail('Expected object key');
    const at = p - 1;
    f.key = parseString(true);
    const node = f.node as LlvmJsonValue & { kind: 'object' };
    if (node.members.has(f.key)) lax.push({ offset: at, path: path(), message: 'the name is given more than once: LLVM keeps the last value' });
    skipSpace();
    if (next() !== COLON) throw fail('Expected : after object key');
    skipSpace();
  };

  let root: LlvmJsonValue | undefined;
  while (root === undefined) {
    let v = parseValue();
    while (v !== undefined) {
      const f = stack[stack.length - 1];
      if (!f) {
        root = v;
        break;
      }
      if (f.node.kind === 'object') f.node.members.set(f.key, v);
      else f.node.items.push(v);
      skipSpace();
      const c = next();
      if (c === COMMA) {
        skipSpace();
        if (f.node.kind === 'object') memberName(f);
        v = undefined;
      } else if (c === CLOSE[bytes[f.node.start]!]) {
        stack.pop();
        f.node.end = p;
        v = f.node;
      } else throw fail(f.node.kind === 'object' ? 'Expected , or } after object property' : 'Expected , or ] after array element');
    }
  }
  skipSpace();
  if (p !== end) throw fail('Text after end of document');
  return { root, lax };
}

/** `json::quote`: `"` and `\` escaped, `\t \n \r`, other C0 controls as `\u00xx` (lower-case hex). */
export function quoteLlvmJson(s: string): string {
  if (!QUOTED.test(s)) return `"${s}"`;
  return `"${s.replace(QUOTED_ALL, (c) => SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

/** What {@link quoteLlvmJson} escapes, and how (the rest of C0 as `\u00xx`). */
const QUOTED = /["\\\u0000-\u001f]/;
const QUOTED_ALL = /["\\\u0000-\u001f]/g;
const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '"': '\\"', '\\': '\\\\' };

/**
 * `printf("%.17g")`, as `json::OStream` writes a double: the exact binary value rounded to 17
 * significant digits half to even, as glibc rounds (JavaScript's toFixed/toExponential round an
 * exact tie away from zero: 562949953421312.125 is ...12 to glibc, ...13 to them).
 */
export function formatDouble(x: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'nan' : x < 0 ? '-inf' : 'inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const { digits, exponent } = roundedDigits(Math.abs(x), 17);
  const sign = x < 0 ? '-' : '';
  const trimFraction = (s: string): string => s.replace(/0+$/, '');
  if (exponent < -4 || exponent >= 17) {
    const fraction = trimFraction(digits.slice(1));
    return `${sign}${digits[0]}${fraction ? `.${fraction}` : ''}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${trimFraction(digits)}`;
  const fraction = trimFraction(digits.slice(exponent + 1));
  return `${sign}${digits.slice(0, exponent + 1)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The first `n` significant decimal digits of finite `x` > 0, rounded half to even from its exact
 * value, and the decimal exponent of the first one (x ≈ d.ddd × 10^exponent).
 */
function roundedDigits(x: number, n: number): { digits: string; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(view.getUint32(4));
  if (biased) mantissa |= 1n << 52n;
  const e2 = (biased || 1) - 1075;
  // x = mantissa × 2^e2 = D × 10^p exactly (2^-k = 5^k / 10^k).
  const D = e2 >= 0 ? mantissa << BigInt(e2) : mantissa * 5n ** BigInt(-e2);
  const p = e2 >= 0 ? 0 : e2;
  let all = D.toString();
  let exponent = all.length - 1 + p;
  if (all.length <= n) return { digits: all.padEnd(n, '0'), exponent };
  const kept = all.slice(0, n);
  const rest = all.slice(n);
  const up = rest[0]! > '5' || (rest[0] === '5' && (/[1-9]/.test(rest.slice(1)) || Number(kept[n - 1]) % 2 === 1));
  if (!up) return { digits: kept, exponent };
  all = (BigInt(kept) + 1n).toString();
  if (all.length > n) {
    all = all.slice(0, n);
    exponent++;
  }
  return { digits: all, exponent };
}

/** A UTF-16 surrogate code unit: a name holding none is valid Unicode text of BMP characters. */
const SURROGATE = /[\ud800-\udfff]/;

/**
 * Entries sorted by the bytes of their names, as `std::map<std::string, …>` orders them, with each
 * name's bytes; `undefined` bytes when no name has a surrogate code unit. Such names are their own
 * UTF-8 text, and UTF-16 order is byte order for them (code points below U+D800 and from U+E000 keep
 * their order in both), so they sort as strings; an escaped byte (U+DC80..U+DCFF) or a character
 * past the BMP (a surrogate pair) needs the bytes.
 */
function byBytes<T>(entries: Iterable<[string, T]>): [string, T, Uint8Array | undefined][] {
  const plain = [...entries];
  if (!plain.some(([k]) => SURROGATE.test(k))) {
    return plain.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, v, undefined]);
  }
  const rows = plain.map(([k, v]): [string, T, Uint8Array] => [k, v, encodeText(k)]);
  return rows.sort(([, , a], [, , b]) => {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  });
}

/** A value as `formatv("{0}", json::Value)` prints it: compact, object members sorted. */
export function printLlvmJson(v: LlvmJsonValue): string {
  let out = '';
  const work: (LlvmJsonValue | string)[] = [v];
  while (work.length) {
    const w = work.pop()!;
    if (typeof w === 'string') out += w;
    else if (w.kind === 'object' || w.kind === 'array') {
      const parts: (LlvmJsonValue | string)[] = [w.kind === 'object' ? '{' : '['];
      if (w.kind === 'object') byBytes(w.members).forEach(([k, x], i) => parts.push(`${i ? ',' : ''}${quoteLlvmJson(k)}:`, x));
      else w.items.forEach((x, i) => parts.push(...(i ? [',', x] : [x])));
      parts.push(w.kind === 'object' ? '}' : ']');
      for (let i = parts.length - 1; i >= 0; i--) work.push(parts[i]!);
    } else if (w.kind === 'string') out += quoteLlvmJson(w.text);
    else if (w.kind === 'integer') out += w.value.toString();
    else if (w.kind === 'double') out += formatDouble(w.value);
    else out += w.kind;
  }
  return out;
}

/** What `readPropertiesFromJSON` made of a document, plus the warnings of the lax spots it passed. */
export interface LlvmPropsRead {
  /** Sets and keys in LLVM's `std::map` order (bytewise). */
  registry: PropertySetRegistry;
  /** What LLVM accepts that a strict reader would not, and conversions that change the data. */
  notes: LlvmJsonNote[];
}

/** Members of an object in `json::Object` iteration order (a DenseMap replayed from the insertions). */
function llvmOrder(members: Map<string, LlvmJsonValue>): Iterable<[string, LlvmJsonValue]> {
  const m = new LlvmStringDenseMap<LlvmJsonValue>();
  for (const [k, v] of members) m.tryEmplace(k, v);
  return m.entries();
}

/**
 * `llvm::offloading::readPropertiesFromJSON` of a document (see the module comment). Errors:
 * RegistrySyntaxError (JSON syntax), PropertySetError (registry rules; path [set, key], offset of the
 * value, `llvm` = LLVM's message).
 */
export function readLlvmPropertiesJson(bytes: BytesLike | string): LlvmPropsRead {
  return readLlvmProperties(parseLlvmJson(bytes));
}

/** `readLlvmPropertiesJson` of an already parsed document. */
export function readLlvmProperties(doc: LlvmJsonDocument): LlvmPropsRead {
  const { root } = doc;
  const notes: LlvmJsonNote[] = doc.lax.map((l) => ({ severity: 'warning', ...nameOf(l.path), message: l.message, at: l.offset }));
  // Each error has two texts: `llvm`, LLVM's message byte for byte (names raw, the value quoted in
  // full, as formatv in llvm/llvm-project:llvm/lib/Frontend/Offloading/PropertySet.cpp writes it), and
  // the reason people read: names through `printable` (a NUL or a line feed in a name would break
  // the line) and at most MAX_QUOTED characters of the value (a 2,000,000-number array is no message).
  if (root.kind !== 'object') {
    const got = printLlvmJson(root);
    const what = 'error while deserializing property set registry: expected JSON object, got ';
    throw new PropertySetError('FORMAT', `${what}${printableClipped(got)}`, root.start, `${what}${got}`);
  }
  const sets = new Map<string, PropertySet>();
  const walk = (order: (m: Map<string, LlvmJsonValue>) => Iterable<[string, LlvmJsonValue]>): PropertySetError | undefined => {
    for (const [name, setValue] of order(root.members)) {
      if (setValue.kind !== 'object') {
        // ("array" is LLVM's word; what it wants is an object, which the reason says)
        const got = printLlvmJson(setValue);
        const human = `error while deserializing property set ${printable(name)}: expected JSON array, got ${printableClipped(got)} (a property set must be a JSON object)`;
        return new PropertySetError('FORMAT', human, setValue.start, `error while deserializing property set ${name}: expected JSON array, got ${got}`, [name], 1);
      }
      const set: PropertySet = new Map();
      sets.set(name, set);
      for (const [key, v] of order(setValue.members)) {
        const value = readValue(v, name, key, notes);
        if ('llvm' in value) {
          const human = `error while deserializing property ${printable(key)} in property set ${printable(name)}: ${value.human}`;
          const m = `error while deserializing property ${key} in property set ${name}: ${value.llvm}`;
          return new PropertySetError(v.kind === 'string' ? 'SYNTAX' : 'FORMAT', human, v.start, m, [name, key], 2);
        }
        set.set(key, value);
      }
    }
    return undefined;
  };
  // Whether a document is accepted does not depend on the order; which error LLVM reports does.
  if (walk((m) => m)) throw walk(llvmOrder)!;
  // (a document LLVM wrote is in that order already: its maps are kept as they are)
  const inOrder = <T>(m: Map<string, T>): Map<string, T> => {
    const o = bytewiseOrder(m);
    return o.moved ? new Map(o.names.map((k) => [k, m.get(k)!])) : m;
  };
  const registry: PropertySetRegistry = inOrder(sets);
  // (replacing a set's value keeps the registry's order)
  for (const [name, set] of registry) {
    const o = inOrder(set);
    if (o !== set) registry.set(name, o);
  }
  return { registry, notes };
}

function nameOf(path: (string | number)[]): { set?: string; key?: string } {
  return { ...(typeof path[0] === 'string' ? { set: path[0] } : {}), ...(typeof path[1] === 'string' ? { key: path[1] } : {}) };
}

/** `readPropertyValueFromJSON`: the value, or LLVM's complaint (`llvm`: its words exactly; `human`: the value clipped and printable). */
function readValue(v: LlvmJsonValue, set: string, key: string, notes: LlvmJsonNote[]): PropertyValue | { llvm: string; human: string } {
  if (v.kind === 'integer' && v.value >= 0n) {
    const value = Number(v.value & 0xffffffffn);
    if (v.value > 0xffffffffn) notes.push({ severity: 'warning', set, key, message: `${v.value} does not fit in a uint32: LLVM keeps the low 32 bits, ${value}`, at: v.start });
    return { type: PROPERTY_TYPE.UINT32, value };
  }
  if (v.kind !== 'string') {
    const got = printLlvmJson(v);
    return { llvm: `expected a uint64 or a string, got ${got}`, human: `expected a uint64 or a string, got ${printableClipped(got)}` };
  }
  let decoded;
  try {
    decoded = decodeStandardBase64(utf8.encode(v.text));
  } catch (e) {
    if (e instanceof PropertySetError) return { llvm: `unable to base64 decode the string ${v.text}: ${e.llvm}`, human: `unable to base64 decode the string ${printableClipped(v.text)}: ${e.llvm}` };
    throw e;
  }
  if (!decoded.canonical) notes.push({ severity: 'warning', set, key, message: `base64 ${printableClipped(v.text)} has non-zero unused bits in its last character: LLVM ignores them`, at: v.start });
  return byteArray(decoded.bytes);
}

/** What `writeLlvmPropertiesJson` wrote and what it changed on the way. */
export interface LlvmPropsWritten {
  /** Exactly the bytes of `writePropertiesToJSON` (one line, no trailing newline). */
  json: Uint8Array;
  /** Conversions that change the data (bit-count prefixes dropped, names fixed, order changed). */
  notes: LlvmJsonNote[];
}

/**
 * `llvm::offloading::writePropertiesToJSON` of a registry of our model: byte arrays lose the intel
 * bit-count prefix (a note each); names that are not valid UTF-8 get U+FFFD per bad sequence
 * (`json::OStream::attributeBegin` → `fixUTF8`; a note each); sets and keys come out bytewise
 * sorted (one note when that changes the order). EncodeError (path [set, key]) for a byte array whose
 * bit size is not a whole number of bytes or disagrees with its payload, and for out-of-range values.
 */
export function writeLlvmPropertiesJson(registry: PropertySetRegistry): LlvmPropsWritten {
  registryArgument(registry, 'writeLlvmPropertiesJson');
  const notes: LlvmJsonNote[] = [];
  // The output is bytes from the start: names, numbers and Base64 go straight into one builder
  // (no string per property, no encoding of one long string at the end).
  const out = new ByteBuilder(1 << 16);
  // The names already written in the object being written (the set names, then each set's keys):
  // two names that are not valid UTF-8 can come out as the same text, and a reader of the JSON
  // (LLVM's, this toolkit's) keeps one property of that name, with the last value.
  let written = new Map<string, string>();
  const name = (s: string, bytes: Uint8Array | undefined, set?: string): void => {
    // (no bytes: no name of this object has a surrogate, so every name is valid UTF-8 as it is
    // and no two come out alike)
    if (bytes === undefined) {
      quotedName(out, s);
      return;
    }
    const fixed = lenient.decode(bytes);
    const where = set === undefined ? { set: s } : { set, key: s };
    if (fixed !== s) notes.push({ severity: 'note', ...where, message: `not valid UTF-8: written as ${quoteLlvmJson(fixed)} (U+FFFD for each bad sequence, as LLVM does)` });
    // (a valid name may meet a repaired one: "k\u{FFFD}" itself)
    const earlier = written.get(fixed);
    if (earlier !== undefined) {
      const what = set === undefined ? 'set' : 'key';
      notes.push({ severity: 'warning', ...where, message: `written as ${quoteLlvmJson(fixed)}, as the ${what} ${printable(earlier)} is: reading the JSON back (readPropertiesFromJSON, props --encode) keeps one ${what} of that name, the last one written` });
    }
    written.set(fixed, s);
    out.text(quoteLlvmJson(fixed));
  };
  const sets = bytewiseOrder(registry);
  let reordered = sets.moved;
  out.u8(0x7b);
  for (let i = 0; i < sets.names.length; i++) {
    const setName = sets.names[i]!;
    const set = registry.get(setName)!;
    const setNames = written;
    if (i) out.u8(COMMA);
    name(setName, sets.bytes?.[i]);
    out.u8(COLON);
    out.u8(0x7b);
    written = new Map();
    const keys = bytewiseOrder(set);
    reordered ||= keys.moved;
    for (let j = 0; j < keys.names.length; j++) {
      const key = keys.names[j]!;
      const value = set.get(key)!;
      if (j) out.u8(COMMA);
      name(key, keys.bytes?.[j], setName);
      out.u8(COLON);
      if (value.type !== PROPERTY_TYPE.BYTE_ARRAY) {
        const v = value.value;
        if (Number.isInteger(v) && v >= 0 && v <= 0xffffffff) out.decimal(v);
        else out.text(encodePropertyValue(value, [setName, key]).slice(2));
        continue;
      }
      const { bits, bytes } = value;
      if (bits % 8n !== 0n) throw new EncodeError(`a byte array of ${bits} bits is not a whole number of bytes: upstream JSON property sets hold whole bytes only`, [setName, key], 2);
      if (bits !== BigInt(bytes.length) * 8n) throw new EncodeError(`bit size ${bits} disagrees with the ${bytes.length}-byte payload (${bytes.length * 8} bits)`, [setName, key], 2);
      notes.push({ severity: 'note', set: setName, key, code: 'prefix-dropped', message: `intel 8-byte bit-size prefix (${bytes.length * 8} bits) dropped: upstream JSON holds the ${bytes.length} payload byte(s) only` });
      const n = standardBase64Length(bytes.length);
      const at = out.claim(n + 2);
      const t = out.target;
      t[at] = QUOTE;
      encodeStandardBase64Into(bytes, t, at + 1);
      t[at + n + 1] = QUOTE;
    }
    out.u8(0x7d);
    written = setNames;
  }
  out.u8(0x7d);
  if (reordered) notes.unshift({ severity: 'note', message: "sets and keys written in LLVM's std::map order (bytewise), not in the registry's order" });
  return { json: out.result(), notes };
}

/**
 * A name that needs no escape and no repair (`"`, `\\`, C0 controls and non-ASCII aside) copied
 * into `out` between quotes as it is checked; any other through {@link quoteLlvmJson}.
 */
function quotedName(out: ByteBuilder, s: string): void {
  const n = s.length;
  const at = out.claim(n + 2);
  const t = out.target;
  t[at] = QUOTE;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === QUOTE || c === BACKSLASH) {
      out.length = at;
      out.text(quoteLlvmJson(s));
      return;
    }
    t[at + 1 + i] = c;
  }
  t[at + n + 1] = QUOTE;
}

/**
 * The names of a map in `std::map<std::string, …>` order (bytewise; see {@link byBytes}), whether
 * that order differs from the map's, and each name's bytes in that order when some name has a
 * surrogate code unit (undefined otherwise: every name is its own UTF-8 text).
 */
function bytewiseOrder(map: ReadonlyMap<string, unknown>): { names: string[]; moved: boolean; bytes: Uint8Array[] | undefined } {
  const names = Array.from(map.keys());
  let sorted = true;
  let surrogate = false;
  for (let i = 0; i < names.length; i++) {
    const k = names[i]!;
    if (i && sorted && !(names[i - 1]! < k)) sorted = false;
    if (!surrogate && SURROGATE.test(k)) surrogate = true;
  }
  if (!surrogate) {
    if (!sorted) names.sort();
    return { names, moved: !sorted, bytes: undefined };
  }
  const rows = byBytes(names.map((k): [string, undefined] => [k, undefined]));
  return { names: rows.map((r) => r[0]), moved: rows.some((r, i) => r[0] !== names[i]), bytes: rows.map((r) => r[2]!) };
}
