/**
 * Property-set registry text codec (intel/llvm PropertySetIO.cpp `PropertySetRegistry::read/write`).
 *
 * Binding rules: docs/spec/README.md rule 2 and "Where we are stricter than LLVM";
 * syclbin-format.md §3 (layout) and §5 (upstream messages, reused here).
 *
 * Reading, in short:
 * - lines end at `\n` or `\r\n`; a lone `\r` is content; empty lines are skipped; empty text = empty
 *   registry;
 * - `[`-line: the set name is the text between the `[` and the *last* `]` (anything after it is
 *   ignored, as LLVM's `rfind` does); a repeated header continues the existing set (LLVM `operator[]`);
 * - property line: key = before the first `=`, type = up to the first `|`, value = the rest, all
 *   non-empty; a repeated key overwrites the value and keeps its first position (MapVector);
 * - stricter than LLVM: uint32 values are decimal digits and <= 4294967295 (LLVM truncates), `[]` is
 *   rejected, NUL bytes are rejected, a byte array's payload must be ceil(bits/8) bytes long.
 *
 * Names and keys are JS strings; bytes that are not valid UTF-8 are kept as U+DC80+byte escapes
 * (see text.ts) so any registry round-trips byte-exactly.
 */
import { ByteBuilder, DecodeError, EncodeError, type PathKey, type SpanNode, type SpanTree, optionsArgument, type OptionKeys, wholeNumberArgument, type BytesLike } from '../codec/index.js';
import { PROPERTY_TYPE } from '../../formats/property-sets.js';
import { decodeBase64, decodedLength, decodeBase64Into, encodeBase64, encodeBase64Bytes, encodeBase64Into, encodedLength } from './base64.js';
import { propertyDisplay } from './display.js';
import { PropertySetError } from './errors.js';
import { registryArgument, type PropertySet, type PropertySetRegistry, type PropertyValue } from './model.js';
import { decodeText, decodeTextRange, encodeText, quotedText } from './text.js';
import { rangeArgument } from '../codec/errors.js';
import { bytesEqual, toTextBytes } from '../codec/source.js';
import { withReaderHint } from '../offload/sniff.js';

const LF = 0x0a;
const CR = 0x0d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const EQUALS = 0x3d;
const BAR = 0x7c;
const MAX_U32 = 4294967295;
const MAX_U64 = (1n << 64n) - 1n;
/** Size of the bit-count prefix of a raw byte array (PropertyValue::SizeTy = uint64_t). */
export const BIT_COUNT_SIZE = 8;

/** A syntax error in registry text: offset = absolute byte offset, plus line and column. */
export class RegistrySyntaxError extends PropertySetError {
  /** 1-based line number. */
  readonly line: number;
  /** 1-based column, counted in bytes from the start of the line. */
  readonly column: number;
  constructor(reason: string, offset: number, line: number, column: number, llvm?: string, path: readonly PathKey[] = []) {
    // The path is the set's name and the key: names from the data.
    super('SYNTAX', `line ${line}, column ${column}: ${reason}`, offset, llvm, path, path.length);
    this.line = line;
    this.column = column;
  }
}

/** Options of `readRegistry`. */
export interface ReadRegistryOptions {
  /** Absolute offset of the text's first byte (errors and spans). */
  base?: number;
  /**
   * Decode only `bytes[from, to)` (default: all of it), e.g. one blob of a metadata table without a
   * view of it; `base` is then the absolute offset of `bytes[from]`. Offsets count bytes (of the
   * UTF-8 text when the input is a string); a range past the text, reversed or not of whole numbers
   * is an ArgumentError.
   */
  from?: number;
  /** End of the range to decode (exclusive; bytes, as `from`). */
  to?: number;
  /**
   * Record each line in this span tree under `parent` (the blob's node): a set header line as
   * `[SET]` (kind `property-set`), a property line as `[SET][KEY]` (kind `property`), a blank line as
   * `blankLine`. A `metadata` parent gets the registry as its value.
   */
  tree?: SpanTree;
  /** The blob's span node to record under. */
  parent?: SpanNode;
  /**
   * Told of every line that LLVM's reader folds into an earlier one (a set header naming a set seen
   * before, a key already in its set): the registry keeps LLVM's result, `syclbin props --check`
   * says what was folded.
   */
  repeats?: RegistryRepeat[];
}

/** A line LLVM's PropertySetRegistry::read folds into an earlier one (see ReadRegistryOptions.repeats). */
export interface RegistryRepeat {
  /** `set`: a `[SET]` header naming a set seen before; `key`: a key already in its set. */
  kind: 'set' | 'key';
  /** The set. */
  set: string;
  /** The key (kind `key`). */
  key?: string;
  /** Line number (1-based) of the repeat. */
  line: number;
  /** Absolute byte offset of the repeating line. */
  offset: number;
}

/** Printable excerpt of a line for error messages (upstream quotes the whole line). */
function excerpt(bytes: Uint8Array): string {
  const s = decodeText(bytes.length > 120 ? bytes.subarray(0, 120) : bytes);
  // (bytes that are not UTF-8 as \xNN, not as the U+DC80+byte code units decodeText keeps them in)
  return quotedText(s) + (bytes.length > 120 ? '...' : '');
}

/** `excerpt` of `bytes[from, to)`. */
function show(bytes: Uint8Array, from: number, to: number): string {
  return excerpt(bytes.subarray(from, to));
}

/** The text of `bytes[from, to)`, as LLVM's messages quote it. */
function text(bytes: Uint8Array, from: number, to: number): string {
  return decodeText(bytes.subarray(from, to));
}

/** Decimal digits `bytes[from, to)` -> number without rounding (stops counting once past `limit`). */
function parseDecimal(bytes: Uint8Array, from: number, to: number, limit: number): number {
  let v = 0;
  for (let i = from; i < to; i++) {
    v = v * 10 + (bytes[i]! - 0x30);
    if (v > limit) return Infinity;
  }
  return v;
}

/** The first byte of `bytes[from, to)` outside `0`..`9`, or -1. */
function firstNonDigit(bytes: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) if (bytes[i]! < 0x30 || bytes[i]! > 0x39) return i;
  return -1;
}

/**
 * Where a line is, for its errors. The reader keeps one and moves it from line to line; an error is
 * built only when raised. `llvm`: PropertySetRegistry::read's own message for the same failure
 * (PropertySetIO.cpp@08de0d4c; its printf-style createStringError calls drop their argument: "bad
 * property type ").
 */
class LineAt {
  /** 1-based line number and the index of the line's first byte. */
  no = 0;
  start = 0;
  /** Absolute offset of `bytes[0]` (the text's own first byte may be further in). */
  origin = 0;
  /** The set the line is in, and the line's key once it is read: the error's path. */
  set: string | undefined;
  key: string | undefined;
  fail(reason: string, col: number, llvm?: string): RegistrySyntaxError {
    const path = this.set === undefined ? [] : this.key === undefined ? [this.set] : [this.set, this.key];
    return new RegistrySyntaxError(reason, this.origin + this.start + col - 1, this.no, col, llvm, path);
  }
}

const LINE = new LineAt();

/** The bytes a line scan stops at: line feed, NUL, `=`, `|`, `]` (a table: one test for the others). */
const SPECIAL = (() => {
  const t = new Uint8Array(256);
  for (const b of [LF, 0, EQUALS, BAR, RBRACKET]) t[b] = 1;
  return t;
})();

/**
 * The keys of {@link ReadRegistryOptions}: any other is an UnknownOptionError. There is no
 * `problems` (collect mode): the text is read to its first syntax error, as LLVM's
 * PropertySetRegistry::read stops at its first (intel/llvm: llvm/lib/Support/PropertySetIO.cpp),
 * so `problems` given here was silently never filled.
 */
const READ_REGISTRY_KEYS: OptionKeys<ReadRegistryOptions> = { base: true, from: true, to: true, tree: true, parent: true, repeats: true };

/** Decode registry text; see the module comment for the rules. */
export function readRegistry(input: BytesLike | string, opts: ReadRegistryOptions = {}): PropertySetRegistry {
  opts = optionsArgument(opts, 'readRegistry', READ_REGISTRY_KEYS);
  const bytes = toTextBytes(input, 'the property-set text');
  const tree = opts.tree;
  const { from, to } = rangeArgument(opts.from, opts.to, bytes.length);
  const base = (opts.base === undefined ? 0 : wholeNumberArgument(opts.base, 'base')) - from;
  // One LineAt for every read: a read calls out to nothing that reads another registry.
  const line = LINE;
  line.origin = base;
  line.no = 0;
  line.set = undefined;
  const registry: PropertySetRegistry = new Map();
  let current: PropertySet | null = null;
  let currentName = '';
  let setNode: SpanNode | undefined;
  // A read that records spans keeps what it folded for its blob's node (registryRepeatsOf): verify
  // then needs no second read of the text to say it.
  const keep = tree !== undefined && opts.parent !== undefined && opts.parent.kind === 'metadata';
  const repeats = opts.repeats ?? (keep ? [] : undefined);
  // The loop works on indices into `bytes`: no per-line views, closures or strings but the names and
  // keys (and those come from a cache: every module's metadata repeats the same few). One pass over
  // a line finds its end and what the rules look for in it: the first NUL, the last `]`, the first
  // `=` and the first `|` after it (a search call each costs more than the line on short lines).
  let start = from;
  /** Where the line being read ends (its line feed included). */
  let lineNext = from;
  try {
    while (start < to) {
      line.no++;
      let nul = -1;
      let close = -1;
      let eqAt = -1;
      let barAt = -1;
      let nl = start;
      for (; nl < to; nl++) {
        const b = bytes[nl]!;
        if (!SPECIAL[b]) continue;
        if (b === LF) break;
        if (b === EQUALS) {
          if (eqAt < 0) eqAt = nl;
        } else if (b === BAR) {
          if (eqAt >= 0 && barAt < 0) barAt = nl;
        } else if (b === RBRACKET) close = nl;
        else if (nul < 0) nul = nl;
      }
      const next = nl < to ? nl + 1 : to;
      lineNext = next;
      // `\r\n` ends a line; a lone `\r` (also one at the very end of the text) is content.
      const end = nl < to && nl > start && bytes[nl - 1] === CR ? nl - 1 : nl;
      line.start = start;
      line.key = undefined;
      const s0 = start;
      start = next;
      const len = end - s0;
      if (nul >= 0) throw line.fail('NUL byte in property set registry text', nul - s0 + 1);
      if (len === 0) {
        tree?.add(opts.parent, 'blankLine', base + s0, next - s0, 'blank-line');
        continue;
      }
      if (bytes[s0] === LBRACKET) {
        // A header line belongs to no set until it reads: its errors name no earlier set.
        line.set = undefined;
        if (close < s0) throw line.fail(`invalid line: ${show(bytes, s0, end)} (no closing ']')`, len + 1, `invalid line: ${text(bytes, s0, end)}`);
        // `[]` is the set named "" (PropertySetRegistry::read: `LI->substr(1, EndPos - 1)`, a map key
        // like any other)
        currentName = decodeTextRange(bytes, s0 + 1, close);
        line.set = currentName;
        let set = registry.get(currentName);
        if (!set) registry.set(currentName, (set = new Map()));
        else repeats?.push({ kind: 'set', set: currentName, line: line.no, offset: base + s0 });
        current = set;
        if (tree) setNode = tree.add(opts.parent, currentName, base + s0, next - s0, 'property-set', currentName);
        continue;
      }
      if (!current) throw line.fail('property category missing (a property line before the first [set] line)', 1, 'property category missing');
      const eq = eqAt < 0 ? -1 : eqAt - s0;
      if (eq < 0) throw line.fail(`invalid property line: ${show(bytes, s0, end)} (no '=')`, len + 1, `invalid property line: ${text(bytes, s0, end)}`);
      if (eq === 0) throw line.fail(`invalid property line: ${show(bytes, s0, end)} (empty key)`, 1, `invalid property line: ${text(bytes, s0, end)}`);
      if (eq === len - 1) throw line.fail(`invalid property line: ${show(bytes, s0, end)} (nothing after '=')`, eq + 2, `invalid property line: ${text(bytes, s0, end)}`);
      const key = decodeTextRange(bytes, s0, s0 + eq);
      line.key = key;
      const r0 = s0 + eq + 1; // the value part: TYPE|VALUE
      const bar = barAt < 0 ? -1 : barAt - r0;
      const typeCol = eq + 2;
      if (bar < 0) throw line.fail(`invalid property value: ${show(bytes, r0, end)} (no '|')`, len + 1, `invalid property value: ${text(bytes, r0, end)}`);
      if (bar === 0) throw line.fail(`invalid property value: ${show(bytes, r0, end)} (empty type)`, typeCol, `invalid property value: ${text(bytes, r0, end)}`);
      if (r0 + bar === end - 1) throw line.fail(`invalid property value: ${show(bytes, r0, end)} (empty value)`, typeCol + bar + 1, `invalid property value: ${text(bytes, r0, end)}`);
      const typeEnd = r0 + bar;
      if (firstNonDigit(bytes, r0, typeEnd) >= 0) throw line.fail(`invalid property type: ${show(bytes, r0, typeEnd)} (decimal digits expected)`, typeCol, `invalid property type: ${text(bytes, r0, typeEnd)}`);
      const typeNum = parseDecimal(bytes, r0, typeEnd, MAX_U32);
      if (typeNum === PROPERTY_TYPE.NONE) throw line.fail('unsupported property type: 0', typeCol, 'unsupported property type: ');
      if (typeNum !== PROPERTY_TYPE.UINT32 && typeNum !== PROPERTY_TYPE.BYTE_ARRAY) {
        throw line.fail(`bad property type ${text(bytes, r0, typeEnd)} (1 = uint32, 2 = byte array)`, typeCol, 'bad property type ');
      }
      const valCol = typeCol + bar + 1;
      const v0 = typeEnd + 1;
      let value: PropertyValue;
      if (typeNum === PROPERTY_TYPE.UINT32) {
        const bad = firstNonDigit(bytes, v0, end);
        if (bad >= 0) throw line.fail(`invalid property value: ${show(bytes, v0, end)} (decimal digits expected)`, valCol + bad - v0, 'invalid property value: ');
        const v = parseDecimal(bytes, v0, end, MAX_U32);
        if (v > MAX_U32) throw line.fail(`invalid property value: ${show(bytes, v0, end)} (larger than 4294967295)`, valCol);
        value = { type: 1, value: v };
      } else {
        value = parseByteArray(bytes, v0, end, line, valCol, currentName, key);
      }
      if (repeats && current.has(key)) repeats.push({ kind: 'key', set: currentName, key, line: line.no, offset: base + s0 });
      current.set(key, value);
      if (tree) {
        // A property's span shows what its own line says (a key given again: each line its value; the
        // registry keeps the last, as LLVM's reader does).
        tree.add(setNode, key, base + s0, next - s0, 'property', propertyDisplay(value), { offset: base + v0, size: end - v0 });
      }
    }
  } catch (e) {
    // A property line that did not read, once its key is read, gets a span at the error's path (set
    // and key), so the error and annotate name its bytes alike; the lines before it keep theirs.
    if (tree && e instanceof DecodeError && line.set !== undefined && line.key !== undefined) {
      tree.add(setNode, line.key, base + line.start, lineNext - line.start, 'property');
    } else if (tree && e instanceof DecodeError && line.set !== undefined && line.start >= from && line.start < to && e.pathSegments.length >= 1) {
      // A line of a set that has no key (no '=', or an empty one): named as its error names it, by
      // the set (a span beside the set's header line, as a header given again is), so annotate and
      // hexdump put the error's path on its bytes.
      tree.add(opts.parent, line.set, base + line.start, lineNext - line.start, 'property');
    }
    // Bytes of another kind given as a whole (an ELF file, a SYCLBIN): what they are and which
    // function reads them. (A blob of a file, read with a base or range, is its file's reader's to explain.)
    if (opts.base === undefined && from === 0) throw withReaderHint(e, input, 'readRegistry');
    throw e;
  }
  // The blob's span keeps what it holds (the inspector and verify look at its registry).
  if (keep) {
    opts.parent!.value = registry;
    REPEATS.set(opts.parent!, repeats!.length ? repeats! : NO_REPEATS);
  }
  return registry;
}

/** What reads that recorded spans folded, by the blob's node (see {@link registryRepeatsOf}). */
const REPEATS = new WeakMap<SpanNode, readonly RegistryRepeat[]>();
const NO_REPEATS: readonly RegistryRepeat[] = Object.freeze([]);

/**
 * The lines a read of the registry whose spans went under `node` (a `metadata` span) folded into
 * earlier ones ({@link ReadRegistryOptions.repeats}), or undefined when no such read completed.
 */
export function registryRepeatsOf(node: SpanNode): readonly RegistryRepeat[] | undefined {
  return REPEATS.get(node);
}

/** Base64 of byte-array values is decoded here first (grown as needed); the payload is copied out. */
let scratch = new Uint8Array(256);

/** `BigInt(n)` of the bit counts of short values, made once. */
const SMALL_BITS: readonly bigint[] = Array.from({ length: 4096 }, (_, i) => BigInt(i));

/**
 * A byte-array value `bytes[from, to)` (column `valCol` of `line`): Base64 of the 8-byte LE bit count
 * and the payload; the payload must be ceil(bits/8) bytes.
 */
function parseByteArray(bytes: Uint8Array, from: number, to: number, line: LineAt, valCol: number, set: string, key: string): PropertyValue {
  // Base64 text is ASCII; other bytes are reported by the Base64 decoder as foreign characters.
  const n = decodedLength(to - from);
  if (scratch.length < n) scratch = new Uint8Array(Math.max(n, scratch.length * 2));
  const raw = scratch;
  try {
    decodeBase64Into(bytes, from, to, raw);
  } catch (e) {
    if (e instanceof PropertySetError) throw line.fail(e.reason, valCol + e.offset, e.llvm);
    throw e;
  }
  if (n < BIT_COUNT_SIZE) {
    throw line.fail(`invalid byte array value: ${n} byte(s) decoded, the 8-byte bit count needs 8`, valCol);
  }
  const size = n - BIT_COUNT_SIZE;
  const lo = (raw[0]! | (raw[1]! << 8) | (raw[2]! << 16) | (raw[3]! << 24)) >>> 0;
  const hi = (raw[4]! | (raw[5]! << 8) | (raw[6]! << 16) | (raw[7]! << 24)) >>> 0;
  // Bit counts below 2^32 (all real ones) are checked without BigInt arithmetic.
  if (hi === 0 && size === Math.ceil(lo / 8)) return { type: 2, bytes: raw.slice(BIT_COUNT_SIZE, n), bits: lo < SMALL_BITS.length ? SMALL_BITS[lo]! : BigInt(lo) };
  const bits = (BigInt(hi) << 32n) | BigInt(lo);
  const want = (bits + 7n) / 8n;
  if (BigInt(size) !== want) {
    throw line.fail(`invalid byte array value: bit count ${bits} needs ${want} payload byte(s), the value has ${size} (set ${quotedText(set)}, key ${quotedText(key)})`, valCol);
  }
  return { type: 2, bytes: raw.slice(BIT_COUNT_SIZE, n), bits };
}

/** A way registry text the reader accepts differs from what {@link writeRegistry} writes for it. */
export type TextIrregularityKind = 'crlf' | 'no-final-newline' | 'blank-line' | 'after-bracket' | 'leading-zeros' | 'base64' | 'repeat' | 'other';

/** One kind of {@link TextIrregularityKind} in a text: its first line, how many lines show it, and what it is. */
export interface TextIrregularity {
  /** What differs. */
  kind: TextIrregularityKind;
  /** 1-based number of the first line that shows it. */
  line: number;
  /** Lines that show it. */
  count: number;
  /** What it is, and what `writeRegistry` writes instead. */
  message: string;
}

const IRREGULARITY_MESSAGES: Readonly<Record<TextIrregularityKind, string>> = {
  crlf: 'a line ends in "\\r\\n" (the writer ends every line with "\\n")',
  'no-final-newline': 'the last line has no line feed (the writer ends every line with one)',
  'blank-line': 'a blank line (the reader skips it; the writer writes none)',
  'after-bracket': 'text after the "]" of a set header (the reader ignores it; the writer writes none)',
  'leading-zeros': 'a type or uint32 value with leading zeros (the writer writes none)',
  base64: 'a byte array whose last Base64 character has unused bits set (the reader ignores them; the writer writes them as zero)',
  repeat: 'a set named again or a key given again (the registry holds what the reader folds them into; the writer writes each set and key once)',
  other: 'the text is not what the writer writes for it',
};

/**
 * How `bytes`, registry text that {@link readRegistry} read into `registry`, differs from what
 * {@link writeRegistry} writes for that registry: one entry per kind, in the order first seen. The
 * reader accepts all of these as LLVM's PropertySetRegistry::read does (docs/spec/README.md rules 1
 * and 2); the writer writes none of them (PropertySetRegistry::write), so such text does not
 * round-trip. `repeats`: what the read reported through {@link ReadRegistryOptions.repeats}.
 */
export function textIrregularities(input: BytesLike | string, registry: PropertySetRegistry, repeats: readonly RegistryRepeat[] = []): TextIrregularity[] {
  const bytes = toTextBytes(input, 'the property-set text');
  let canonical: Uint8Array | undefined;
  try {
    canonical = writeRegistry(registry);
  } catch (e) {
    if (!(e instanceof EncodeError)) throw e;
  }
  if (canonical && bytesEqual(canonical, bytes)) return [];
  const found = new Map<TextIrregularityKind, TextIrregularity>();
  const saw = (kind: TextIrregularityKind, line: number): void => {
    const f = found.get(kind);
    if (f) f.count++;
    else found.set(kind, { kind, line, count: 1, message: IRREGULARITY_MESSAGES[kind] });
  };
  const zeroLed = (from: number, to: number): boolean => to - from > 1 && bytes[from] === 0x30;
  let no = 0;
  for (let start = 0; start < bytes.length; ) {
    no++;
    let nl = bytes.indexOf(LF, start);
    if (nl < 0) {
      nl = bytes.length;
      saw('no-final-newline', no);
    }
    const crlf = nl < bytes.length && nl > start && bytes[nl - 1] === CR;
    const end = crlf ? nl - 1 : nl;
    const s0 = start;
    start = nl + 1;
    if (crlf) saw('crlf', no);
    if (end === s0) {
      saw('blank-line', no);
      continue;
    }
    if (bytes[s0] === LBRACKET) {
      if (bytes.lastIndexOf(RBRACKET, end - 1) !== end - 1) saw('after-bracket', no);
      continue;
    }
    // A property line that read: KEY=TYPE|VALUE, TYPE 1 or 2.
    const eq = bytes.indexOf(EQUALS, s0);
    const bar = bytes.indexOf(BAR, eq);
    if (zeroLed(eq + 1, bar)) saw('leading-zeros', no);
    if (parseDecimal(bytes, eq + 1, bar, MAX_U32) === PROPERTY_TYPE.UINT32) {
      if (zeroLed(bar + 1, end)) saw('leading-zeros', no);
    } else {
      const value = bytes.subarray(bar + 1, end);
      const again = encodeBase64Bytes(decodeBase64(value));
      if (again.length !== value.length || again.some((b, i) => b !== value[i])) saw('base64', no);
    }
  }
  for (const r of repeats) saw('repeat', r.line);
  if (!found.size && canonical) saw('other', 1);
  return [...found.values()];
}

/** Raw byte-array form: 8-byte LE bit count followed by the payload (lowering.md fact 3). */
export function rawByteArray(value: { bytes: Uint8Array; bits: bigint }, path: (string | number)[] = []): Uint8Array {
  if (typeof value.bits !== 'bigint' || value.bits < 0n || value.bits > MAX_U64) {
    throw new EncodeError(`bit count ${String(value.bits)} is not a u64`, path, path.length);
  }
  if (BigInt(value.bytes.length) !== (value.bits + 7n) / 8n) {
    throw new EncodeError(`bit count ${value.bits} needs ${(value.bits + 7n) / 8n} byte(s), the value has ${value.bytes.length}`, path, path.length);
  }
  const raw = new Uint8Array(BIT_COUNT_SIZE + value.bytes.length);
  new DataView(raw.buffer).setBigUint64(0, value.bits, true);
  raw.set(value.bytes, BIT_COUNT_SIZE);
  return raw;
}

/** Where {@link writeRegistry} assembles the raw form of a byte array (grown as needed up to SCRATCH_MAX). */
let rawScratch = new Uint8Array(256);
/** The largest raw value the scratch buffer is kept for. */
const SCRATCH_MAX = 1 << 16;

/**
 * {@link rawByteArray} of a value into `rawScratch` (its length returned); the common case, a bit
 * count below 2^32, without BigInt arithmetic or a path array (the checks and errors of rawByteArray
 * otherwise).
 */
function rawByteArrayInto(value: { bytes: Uint8Array; bits: bigint }, set: string, key: string): number {
  const { bytes, bits } = value;
  const n = BIT_COUNT_SIZE + bytes.length;
  // (values past SCRATCH_MAX get a buffer of their own, dropped with the call: the module keeps no
  // copy of the largest value ever written)
  if (rawScratch.length < n) rawScratch = n > SCRATCH_MAX ? new Uint8Array(n) : new Uint8Array(Math.min(SCRATCH_MAX, Math.max(n, rawScratch.length * 2)));
  const bitsNumber = typeof bits === 'bigint' && bits >= 0n && bits <= 0xffffffffn ? Number(bits) : -1;
  if (bitsNumber >= 0 && Math.ceil(bitsNumber / 8) === bytes.length) {
    const raw = rawScratch;
    raw[0] = bitsNumber & 0xff;
    raw[1] = (bitsNumber >>> 8) & 0xff;
    raw[2] = (bitsNumber >>> 16) & 0xff;
    raw[3] = bitsNumber >>> 24;
    raw[4] = raw[5] = raw[6] = raw[7] = 0;
    raw.set(bytes, BIT_COUNT_SIZE);
    return n;
  }
  rawScratch.set(rawByteArray(value, [set, key]));
  return n;
}

/** Text of one value as LLVM writes it after `=`: `1|<decimal>` or `2|<base64>`. */
export function encodePropertyValue(value: PropertyValue, path: (string | number)[] = []): string {
  if (value.type === PROPERTY_TYPE.UINT32) {
    if (!Number.isInteger(value.value) || value.value < 0 || value.value > MAX_U32) {
      throw new EncodeError(`uint32 value ${String(value.value)} is out of range 0..4294967295`, path, path.length);
    }
    return `1|${value.value}`;
  }
  if (value.type === PROPERTY_TYPE.BYTE_ARRAY) return `2|${encodeBase64(rawByteArray(value, path))}`;
  throw new EncodeError(`unsupported property type ${String((value as { type: unknown }).type)}`, path, path.length);
}

/**
 * Write a registry exactly as PropertySetRegistry::write: `[name]\n`, then `key=<type>|<value>\n` per
 * property, insertion order; empty sets still get their header (lowering.md fact 1). Names/keys that
 * could not be read back identically are rejected (EncodeError).
 */
export function writeRegistry(registry: PropertySetRegistry): Uint8Array {
  registryArgument(registry, 'writeRegistry');
  const out = new ByteBuilder();
  for (const [name, set] of registry) {
    out.text('[');
    // A plain ASCII name (almost all) straight into the output, as plain keys below.
    if (plainAsciiSetName(name)) out.text(name);
    else {
      const nameBytes = encodeText(name, [name]);
      checkSetName(nameBytes, name);
      out.bytes(nameBytes);
    }
    out.text(']\n');
    for (const [key, value] of set) {
      // A plain ASCII key (almost all) goes straight into the output, checked as it is copied; any
      // other is encoded (escapes to their bytes) and its bytes checked.
      if (plainAsciiKey(key)) out.text(key);
      else {
        const keyBytes = encodeText(key, [name, key]);
        checkKey(keyBytes, name, key);
        out.bytes(keyBytes);
      }
      if (value.type === PROPERTY_TYPE.BYTE_ARRAY) {
        // The Base64 text straight into the output (the same text as encodePropertyValue writes), of
        // the raw form assembled in a scratch buffer: no array per value.
        out.text('=2|');
        const n = rawByteArrayInto(value, name, key);
        const at = out.claim(encodedLength(n));
        encodeBase64Into(rawScratch, n, out.target, at);
        if (rawScratch.length > SCRATCH_MAX) rawScratch = new Uint8Array(256);
      } else if (value.type === PROPERTY_TYPE.UINT32 && Number.isInteger(value.value) && value.value >= 0 && value.value <= MAX_U32) {
        out.text('=1|');
        out.decimal(value.value);
      } else {
        out.text('=');
        out.text(encodePropertyValue(value, [name, key]));
      }
      out.u8(LF);
    }
  }
  return out.result();
}

/**
 * Every reason {@link writeRegistry} would refuse `registry`, not only the first: set names and
 * keys it cannot write, values out of range. Empty when it encodes.
 */
export function registryProblems(registry: PropertySetRegistry): EncodeError[] {
  const problems: EncodeError[] = [];
  const attempt = (f: () => unknown): void => {
    try {
      f();
    } catch (e) {
      if (!(e instanceof EncodeError)) throw e;
      problems.push(e);
    }
  };
  for (const [name, set] of registry) {
    if (!plainAsciiSetName(name)) attempt(() => checkSetName(encodeText(name, [name]), name));
    for (const [key, value] of set) {
      // (the checks writeRegistry makes, with its shortcuts: a plain ASCII key and a uint32 in range pass)
      if (!plainAsciiKey(key)) attempt(() => checkKey(encodeText(key, [name, key]), name, key));
      if (value.type === PROPERTY_TYPE.UINT32 && Number.isInteger(value.value) && value.value >= 0 && value.value <= MAX_U32) continue;
      attempt(() => (value.type === PROPERTY_TYPE.BYTE_ARRAY ? rawByteArray(value, [name, key]) : encodePropertyValue(value, [name, key])));
    }
  }
  return problems;
}

function checkSetName(b: Uint8Array, name: string): void {
  if (b.includes(LF)) throw new EncodeError('property set name contains a line feed', [name], 1);
  if (b.includes(0)) throw new EncodeError('property set name contains a NUL byte', [name], 1);
  const other = readsBackAs(b, name);
  if (other !== undefined) throw new EncodeError(`property set name ${escapesMessage(other)}`, [name], 1);
}

function checkKey(b: Uint8Array, set: string, key: string): void {
  const problem = keyBytesProblem(b) ?? escapesProblem(b, key);
  if (problem !== undefined) throw new EncodeError(problem, [set, key], 2);
}

/**
 * The text the reader makes of `b`, the bytes of `text`, when it is not `text`: escapes U+DC80..U+DCFF
 * (src/props/text.ts) that stand for bytes which together are UTF-8 (`\udcc3\udca9` is the bytes of
 * `é`) read back as that text, so two names the model keeps apart would be one name in the text (a
 * key given twice: the reader keeps one). Undefined when `text` reads back as itself.
 */
function readsBackAs(b: Uint8Array, text: string): string | undefined {
  if (!ESCAPE.test(text)) return undefined;
  const back = decodeText(b);
  return back === text ? undefined : back;
}

/** A lone low surrogate that escapes a byte (src/props/text.ts). */
const ESCAPE = /[\udc80-\udcff]/;

/** Why a name whose escapes read back as `back` cannot be written. */
function escapesMessage(back: string): string {
  return `escapes bytes that are UTF-8 text (U+DC80..U+DCFF stand only for bytes that are not): it would read back as ${JSON.stringify(back)}; give that text instead`;
}

/** {@link readsBackAs} of a key as a problem (see {@link keyBytesProblem}), or undefined. */
function escapesProblem(b: Uint8Array, key: string): string | undefined {
  const back = readsBackAs(b, key);
  return back === undefined ? undefined : `property key ${escapesMessage(back)}`;
}

/**
 * True when `key` is ASCII text that {@link keyBytesProblem} would accept as it is (not
 * empty, no `[` first, no `=`, line feed or NUL): its UTF-8 is its code units, so it needs no encoding.
 */
function plainAsciiKey(key: string): boolean {
  const n = key.length;
  if (n === 0 || key.charCodeAt(0) === LBRACKET) return false;
  for (let i = 0; i < n; i++) {
    const c = key.charCodeAt(i);
    if (c > 0x7f || c === EQUALS || c === LF || c === 0) return false;
  }
  return true;
}

/** True when `name` is ASCII text {@link checkSetName} accepts as it is (not empty, no line feed or NUL). */
function plainAsciiSetName(name: string): boolean {
  const n = name.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = name.charCodeAt(i);
    if (c > 0x7f || c === LF || c === 0) return false;
  }
  return true;
}

/** Why the encoded key `b` cannot be written as a property key (the key ends at the first `=`, a line at LF), or undefined. */
function keyBytesProblem(b: Uint8Array): string | undefined {
  if (b.length === 0) return 'empty property key cannot be written';
  if (b[0] === LBRACKET) return "property key starting with '[' would read back as a set header";
  if (b.includes(EQUALS)) return "property key contains '=' (the key ends at the first '=')";
  if (b.includes(LF)) return 'property key contains a line feed';
  if (b.includes(0)) return 'property key contains a NUL byte';
  return undefined;
}

/**
 * Why `key` cannot be a property key of registry text, or undefined when it can: the rules
 * {@link writeRegistry} applies when it writes one, for readers of other inputs (a lowering
 * manifest) that want to refuse such a name where it is written.
 */
export function propertyKeyProblem(key: string): string | undefined {
  let b: Uint8Array;
  try {
    b = encodeText(key);
  } catch (e) {
    if (e instanceof EncodeError) return e.reason;
    throw e;
  }
  return keyBytesProblem(b) ?? escapesProblem(b, key);
}

/**
 * The former name of {@link readRegistry} (the readers and writers of every format are `read…` / `write…`).
 * @deprecated Use {@link readRegistry}.
 */
export const decodeRegistry = readRegistry;
/**
 * The former name of {@link writeRegistry}.
 * @deprecated Use {@link writeRegistry}.
 */
export const encodeRegistry = writeRegistry;
/**
 * The former name of {@link ReadRegistryOptions}.
 * @deprecated Use {@link ReadRegistryOptions}.
 */
export type DecodeRegistryOptions = ReadRegistryOptions;

/** Why registry text that starts with a UTF-8 byte order mark does not read (undefined when it does not start so). */
export function byteOrderMarkHint(bytes: Uint8Array): string | undefined {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? "the text starts with a UTF-8 byte order mark, which LLVM's readers do not skip (remove its 3 bytes)" : undefined;
}
