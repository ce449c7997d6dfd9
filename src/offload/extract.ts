/**
 * Names of extracted images: `<index>-<triple>-<arch>.<ext>` where index is the `OFFLOADING IMAGE
 * [index]` number of `syclbin offload-list` / `llvm-objdump --offloading`, `ext` is LLVM's
 * `getImageKindName` (llvm/lib/Object/OffloadBinary.cpp: o, bc, cubin, fatbin, s, spv), `syclbin` for
 * IMG_SYCLBIN (7, intel/llvm) and `bin` otherwise. An empty arch or triple is left out.
 */
import { IMAGE_KIND, imageKindName } from '../../formats/kinds.js';
import type { OffloadBinaryModel } from './read.js';

/**
 * A string from a file as a file name: characters outside `[A-Za-z0-9._+-]` become `_` and leading
 * dots too, so a string entry can never name a path outside the output folder.
 */
export function safeFileName(s: string): string {
  return s.replace(/[^A-Za-z0-9._+-]/g, '_').replace(/^\.+/, (dots) => '_'.repeat(dots.length));
}

/** The file name each image gets, in `offload-list` order. */
export function extractedImageNames(binaries: readonly OffloadBinaryModel[]): string[] {
  const names: string[] = [];
  for (const bin of binaries) {
    for (const e of bin.entries) {
      const parts = [String(names.length)];
      const triple = e.strings.get('triple') ?? '';
      const arch = e.strings.get('arch') ?? '';
      if (triple) parts.push(safeFileName(triple));
      if (arch) parts.push(safeFileName(arch));
      const ext = imageKindName(e.imageKind) || (e.imageKind === IMAGE_KIND.syclbin ? 'syclbin' : 'bin');
      names.push(`${parts.join('-')}.${ext}`);
    }
  }
  return names;
}
