import { EncodeError, encodeEscapedUtf8 } from '../codec/index.js';

/**
 * LLVM `StringTableBuilder(ELF)` + `finalize()` as OffloadBinary writers use it.
 * Spec: docs/spec/README.md rule 3 and syclbin-format.md §3:
 *  - offset 0 holds NUL; identical strings are stored once;
 *  - unique strings are sorted descending by their reversed bytes (a string that is a suffix of
 *    another sorts after it), then laid out from offset 1; a string that is a suffix of the last
 *    *placed* string shares its bytes (tail merge);
 *  - "" always maps to offset 0. No trailing padding (OffloadBinary pads to 8 after the table).
 * Upstream: llvm/lib/MC/StringTableBuilder.cpp (multikeySort on reversed strings, finalizeStringTable).
 */

/**
 * A string's bytes: its UTF-8, where a lone low surrogate U+DC80..U+DCFF stands for the byte it
 * escapes (bytes that are not UTF-8, src/codec/bytes.ts decodeEscapedUtf8). Other lone surrogates have
 * no bytes.
 */
function bytesOf(s: string): Uint8Array {
  return encodeEscapedUtf8(s, (code, index) => {
    throw new EncodeError(`string ${JSON.stringify(s.slice(0, 40))} has a lone surrogate U+${code.toString(16).toUpperCase()} at ${index} (not UTF-8 text)`);
  });
}

/** Compare two byte strings from their last byte backwards; a string that runs out is smaller. */
function compareReversed(a: Uint8Array, b: Uint8Array): number {
  let i = a.length - 1;
  let j = b.length - 1;
  for (; i >= 0 && j >= 0; i--, j--) {
    if (a[i] !== b[j]) return a[i]! - b[j]!;
  }
  return i - j; // the longer one (with bytes left) is larger
}

function endsWith(s: Uint8Array, suffix: Uint8Array): boolean {
  if (suffix.length > s.length) return false;
  const d = s.length - suffix.length;
  for (let i = 0; i < suffix.length; i++) if (s[d + i] !== suffix[i]) return false;
  return true;
}

/** A string table as LLVM's StringTableBuilder (ELF kind) lays it out. */
export interface StringTable {
  /** The table bytes (starts with NUL; every string NUL-terminated). */
  bytes: Uint8Array;
  /** Offset of each string in the table. */
  offsetOf(s: string): number;
}

/** Lay out `strings` (duplicates once) as StringTableBuilder does for ELF: a leading NUL, then the strings in LLVM's tail-merge order, a string that is a suffix of the last placed one sharing its bytes; `""` at offset 0 (see the module comment). */
export function buildStringTable(strings: Iterable<string>): StringTable {
  const unique = new Map<string, Uint8Array>();
  for (const s of strings) if (!unique.has(s)) unique.set(s, bytesOf(s));
  // Sort descending: LLVM's multikey sort orders so that superstrings precede their suffixes.
  const order = [...unique.entries()].sort((x, y) => compareReversed(y[1], x[1]));
  const offsets = new Map<string, number>();
  let size = 1; // ELF: the table starts with a NUL byte
  let previous: Uint8Array = new Uint8Array(0);
  for (const [s, b] of order) {
    if (endsWith(previous, b)) {
      offsets.set(s, size - b.length - 1);
      continue;
    }
    offsets.set(s, size);
    size += b.length + 1;
    previous = b;
  }
  offsets.set('', 0);
  const bytes = new Uint8Array(size);
  for (const [s, b] of order) {
    const at = offsets.get(s)!;
    if (b.length && at + b.length < size) bytes.set(b, at);
  }
  return {
    bytes,
    offsetOf(s: string): number {
      const o = offsets.get(s);
      if (o === undefined) throw new Error(`string not in table: ${JSON.stringify(s)}`);
      return o;
    },
  };
}
