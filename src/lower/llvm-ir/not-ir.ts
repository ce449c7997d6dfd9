/**
 * What a file given as LLVM IR text is when it is plainly not text: the binary formats the toolkit
 * reads, by their magic bytes (formats/), or binary data (a NUL byte near the start, which IR text
 * never holds). `syclbin lower` and `syclbin post-link` say this instead of a lexer error about a
 * control byte on line 1.
 */
import { AR_MAGIC, AR_THIN_MAGIC } from '../../../formats/ar.js';
import { ELF_MAGIC } from '../../../formats/elf.js';
import { OFFLOAD_BINARY_MAGIC } from '../../../formats/offload-binary.js';
import { SPIRV_MAGIC_BE, SPIRV_MAGIC_LE } from '../../../formats/spirv.js';
import { SYCLBIN_MAGIC } from '../../../formats/syclbin-v1.js';

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
