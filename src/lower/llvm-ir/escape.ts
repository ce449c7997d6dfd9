/**
 * LLVM's `printEscapedString` (llvm/llvm-project:llvm/lib/Support/StringExtras.cpp), the one
 * spelling AsmWriter uses inside quotes: metadata strings (`!"…"`), `c"…"` arrays, quoted names
 * (`@"…"`) and the `target` strings. A backslash prints as `\\`, a printable ASCII byte other than
 * `"` as itself, every other byte as `\XX` in upper-case hex. Checked against llvm-dis-14, -15 and
 * -19: `!"a\5Cb"` reads back as `!"a\\b"`, `c"\5C\22"` as `c"\\\22"`.
 */

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
  const utf8 = new TextEncoder().encode(s);
  let bytes = '';
  for (const b of utf8) bytes += String.fromCharCode(b);
  return escapeLlvmBytes(bytes);
}

const HEX = '0123456789ABCDEF';
