/**
 * What a file given as LLVM IR text is when it is plainly not text: the binary formats the toolkit
 * reads, by their magic bytes (formats/), or binary data (a NUL byte near the start, which IR text
 * never holds). `syclbin lower` and `syclbin post-link` say this instead of a lexer error about a
 * control byte on line 1. And whether a file looks like IR text ({@link looksLikeIrText}), for the
 * commands that read binaries (annotate, verify, inspect) to name it: light, no IR reader loaded.
 */
import { AR_MAGIC, AR_THIN_MAGIC } from '../../formats/ar.js';
import { ELF_MAGIC } from '../../formats/elf.js';
import { OFFLOAD_BINARY_MAGIC } from '../../formats/offload-binary.js';
import { SPIRV_MAGIC_BE, SPIRV_MAGIC_LE } from '../../formats/spirv.js';
import { SYCLBIN_MAGIC } from '../../formats/syclbin-v1.js';
import { decodeUtf8, type BytesLike } from '../codec/index.js';
import { toTextBytes } from '../codec/source.js';

/** Magic bytes at offset 0 and what a file starting with them is. */
const KNOWN: readonly [readonly number[], string][] = [
  [SYCLBIN_MAGIC, 'a SYCLBIN file'],
  [OFFLOAD_BINARY_MAGIC, 'an LLVM OffloadBinary'],
  [ELF_MAGIC, 'an ELF file'],
  [SPIRV_MAGIC_LE, 'a SPIR-V module'],
  [SPIRV_MAGIC_BE, 'a SPIR-V module'],
  [AR_MAGIC, 'a static archive'],
  [AR_THIN_MAGIC, 'a thin archive'],
];

/** How far a NUL byte is looked for. */
const TEXT_WINDOW = 4096;

/**
 * Why `bytes` (not LLVM bitcode: the caller has sent that to llvm-dis) cannot be LLVM IR text, or
 * undefined when it may be (the parser then says what is wrong, by line and column).
 */
export function notIrText(bytes: Uint8Array): string | undefined {
  for (const [magic, what] of KNOWN) if (bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)) return `not LLVM IR: it is ${what}`;
  if (bytes.subarray(0, TEXT_WINDOW).includes(0)) return 'not LLVM IR text: it holds NUL bytes (binary data)';
  return undefined;
}

/**
 * What IR text starts with, after blank lines and `;` comments: a top-level entity LLVM's parser
 * takes, written as clang and llvm-dis write them (a sigil is a name and `=`, so shell scripts,
 * Markdown or batch files are not taken for IR).
 */
const TOP_LEVEL = /^(source_filename\s*=|target\s+(triple|datalayout)\s*=|define\s|declare\s|attributes\s+#\d|module\s+asm\s|[@%!$](?:[-\w.$]+|"[^"]*")\s*=)/;

/** How many bytes are looked at to tell IR text (lit tests start with long comment headers). */
export const IR_HEAD = 1 << 20;

/**
 * Whether `head` (the first bytes of a file) looks like LLVM IR text: no magic of a binary format,
 * no NUL, and its first line that is not blank or a comment starts a top-level entity. `whole`:
 * `head` is the whole file, so a file of `;` comments only is IR too (the empty module llvm-as
 * reads from it).
 */
export function looksLikeIrText(head: BytesLike | string, whole = false): boolean {
  const all = toTextBytes(head);
  const b = all.subarray(0, IR_HEAD);
  if (notIrText(b) !== undefined) return false;
  let comment = false;
  // (decodeUtf8 is lenient: a character cut at the end of the window is a replacement character.)
  for (const raw of decodeUtf8(b, 0, b.length).split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith(';')) {
      comment = true;
      continue;
    }
    return TOP_LEVEL.test(line);
  }
  // Nothing but comments: an empty module, as llvm-as reads it, when that is the whole file.
  return whole && comment && all.length <= IR_HEAD;
}

