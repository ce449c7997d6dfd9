/**
 * `syclbin offload-extract FILE -o DIR`: write every image of the OffloadBinaries in FILE to DIR,
 * one file each, atomically (temporary file + rename, src/node/files.ts).
 *
 * Names: `<index>-<triple>-<arch>.<ext>` where index is the `OFFLOADING IMAGE [index]` number of
 * `syclbin offload-list` / `llvm-objdump --offloading`, `ext` is LLVM's `getImageKindName`
 * (llvm/lib/Object/OffloadBinary.cpp: o, bc, cubin, fatbin, s, spv), `syclbin` for IMG_SYCLBIN (7,
 * intel/llvm) and `bin` otherwise. An empty arch or triple is left out; characters outside
 * `[A-Za-z0-9._+-]` become `_` so a string entry can never name a path outside DIR.
 */
import { EXIT, UsageError, type Command, type CommandContext } from '../command.js';
import type { OffloadBinaryModel } from '../../offload/read.js';
import { imageKindName } from '../../offload/kinds.js';
import { SyclbinError } from '../../codec/errors.js';
import { checkNotOverwritingInput, ensureDir, openInput, writeFileAtomic } from '../../node/files.js';
import { parseByteCount, readOffloadInput } from './offload-list.js';
import { join } from 'node:path';

function sanitize(s: string): string {
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
      if (triple) parts.push(sanitize(triple));
      if (arch) parts.push(sanitize(arch));
      const ext = imageKindName(e.imageKind) || (e.imageKind === 7 ? 'syclbin' : 'bin');
      names.push(`${parts.join('-')}.${ext}`);
    }
  }
  return names;
}

export const command: Command = {
  name: 'offload-extract',
  summary: 'Write each image of LLVM OffloadBinaries to its own file',
  usage: 'offload-extract [--by-name] FILE -o DIR',
  description: `
FILE is a file of OffloadBinaries back to back, or an ELF object holding them in sections of type
SHT_LLVM_OFFLOADING (as 'syclbin offload-list' reads it; --by-name also reads sections named
.llvm.offloading of another type).

Reads every OffloadBinary in FILE (versions 1-3, compressed or not) and writes each image to DIR
(created if needed) as <index>-<triple>-<arch>.<ext>: index as in 'syclbin offload-list', ext from the
image kind (o, bc, cubin, fatbin, s, spv, syclbin; bin when LLVM has no name). Characters other than
letters, digits and . _ + - in the triple/arch become _. Each file is written atomically; an existing
file of the same name is replaced. Prints one line per file written.`,
  options: {
    output: { type: 'string', short: 'o', arg: 'DIR', description: 'Directory to write the images to' },
    'max-inflated-size': { type: 'string', arg: 'BYTES', description: "Cap on a compressed binary's decompressed size (default 1G)" },
    force: { type: 'boolean', description: 'Allow an extracted image to replace FILE itself' },
    'by-name': { type: 'boolean', description: 'ELF input: also read sections named .llvm.offloading whose type is not SHT_LLVM_OFFLOADING' },
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin offload-extract dev.bin -o images/   # images/0-nvptx64-nvidia-cuda-sm_70.o, ...', 'syclbin offload-extract omp.o -o images/   # images/0-x86_64-unknown-linux-gnu.o'],
  run(ctx: CommandContext): number {
    const file = ctx.positionals[0]!;
    const dir = ctx.values.output as string | undefined;
    if (!dir) throw new UsageError('missing -o DIR');
    const capText = ctx.values['max-inflated-size'] as string | undefined;
    const maxInflatedSize = capText === undefined ? undefined : parseByteCount(capText, '--max-inflated-size');
    const input = openInput(ctx.io.cwd, file);
    try {
      let binaries: OffloadBinaryModel[];
      try {
        const opts = { ...(maxInflatedSize === undefined ? {} : { maxInflatedSize }), byName: Boolean(ctx.values['by-name']) };
        binaries = readOffloadInput(input.source, opts, ctx.io.stderr, `syclbin offload-extract: ${file}`).binaries;
      } catch (e) {
        if (e instanceof SyclbinError) {
          ctx.io.stderr.write(`syclbin offload-extract: ${file}: ${e.message}\n`);
          return EXIT.FAILURE;
        }
        throw e;
      }
      const names = extractedImageNames(binaries);
      const absDir = ensureDir(ctx.io.cwd, dir);
      const entries = binaries.flatMap((b) => b.entries);
      const force = Boolean(ctx.values.force);
      for (const name of names) checkNotOverwritingInput(ctx.io.cwd, join(absDir, name), [file], force);
      names.forEach((name, i) => {
        // `image` reads the bytes on demand (positioned read for large files).
        const image = entries[i]!.image;
        writeFileAtomic(ctx.io.cwd, join(absDir, name), image);
        ctx.io.stdout.write(`${join(dir, name)} (${image.length} bytes)\n`);
      });
    } finally {
      input.close();
    }
    return EXIT.OK;
  },
};
