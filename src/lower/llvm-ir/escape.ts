/**
 * LLVM's `printEscapedString` (llvm/llvm-project:llvm/lib/Support/StringExtras.cpp), the one
 * spelling AsmWriter uses inside quotes: metadata strings (`!"…"`), `c"…"` arrays, quoted names
 * (`@"…"`) and the `target` strings. A backslash prints as `\\`, a printable ASCII byte other than
 * `"` as itself, every other byte as `\XX` in upper-case hex. Checked against llvm-dis-14, -15 and
 * -19: `!"a\5Cb"` reads back as `!"a\\b"`, `c"\5C\22"` as `c"\\\22"`.
 */

import { utf8ByteString } from '../../codec/bytes.js';

/** Escapes a byte string (one character per byte, codes 0–255, as the IR reader decodes text). */
export function escapeLlvmBytes(bytes: string): string {
  let plain = true;
  for (let i = 0; i < bytes.length && plain; i++) {
    const c = bytes.charCodeAt(i);
    plain = c >= 0x20 && c < 0x7f && c !== 0x22 && c !== 0x5c;
  }
  if (plain) return bytes;
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes.charCodeAt(i);
    if (c === 0x5c) out += '\\\\';
    else if (c >= 0x20 && c < 0x7f && c !== 0x22) out += bytes[i];
    else out += '\\' + HEX[(c >> 4) & 15] + HEX[c & 15];
  }
  return out;
}

/** Escapes the UTF-8 bytes of `s` (names and strings given as text rather than read from IR). */
export function escapeLlvmString(s: string): string {
  return escapeLlvmBytes(utf8ByteString(s));
}

const HEX = '0123456789ABCDEF';

/**
 * A name as AsmWriter prints it after its sigil (`@`, `%`, `$`): bare when every byte is a letter,
 * a digit, `-`, `.` or `_` and the first is not a digit (llvm/llvm-project:llvm/lib/IR/AsmWriter.cpp
 * `printLLVMNameWithoutPrefix`; so `$` is quoted: llvm-dis-19 prints `@"a$b"`), else quoted and
 * escaped. `bytes` is a byte string; with `slots`, a name of digits only is bare (a numbered value,
 * `%0`). Checked against llvm-dis-19.
 */
export function printLlvmName(sigil: string, bytes: string, slots = false): string {
  // A quoted local name of digits (the lexer's NAMED_DIGITS prefix, a NUL no name holds): quoted again.
  if (bytes.charCodeAt(0) === 0) return `${sigil}"${escapeLlvmBytes(bytes.slice(1))}"`;
  let plain = bytes.length > 0;
  for (let i = 0; i < bytes.length && plain; i++) {
    const c = bytes.charCodeAt(i);
    plain = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 95;
  }
  const c0 = bytes.charCodeAt(0);
  if (plain && c0 >= 48 && c0 <= 57) plain = slots && /^[0-9]+$/.test(bytes);
  return plain ? sigil + bytes : `${sigil}"${escapeLlvmBytes(bytes)}"`;
}

/**
 * The UTF-8 bytes of `s` as a byte string; a lone surrogate U+DC80..U+DCFF (a name read from IR whose
 * bytes are not UTF-8, src/codec/bytes.ts keyFromLatin1) is the byte it stands for, not U+FFFD's.
 */
export { utf8ByteString };
