/**
 * `syclbin offload-extract FILE -o DIR`: write every image of the OffloadBinaries in FILE to DIR,
 * one file each, atomically (src/offload/extract.ts names them).
 */
import { readOffloadInput } from '../../offload/input.js';
import { extractedImageNames } from '../../offload/extract.js';
import { defineCommand, EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { maxInflatedSizeOption, opt } from '../options.js';

export const command = defineCommand({
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
    output: opt.string('DIR', 'Directory to write the images to', { short: 'o' }),
    'max-inflated-size': maxInflatedSizeOption(),
    force: opt.flag('Allow an extracted image to replace FILE itself'),
    'by-name': opt.flag('ELF input: also read sections named .llvm.offloading whose type is not SHT_LLVM_OFFLOADING'),
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin offload-extract dev.bin -o images/   # images/0-nvptx64-nvidia-cuda-sm_70.o, ...', 'syclbin offload-extract omp.o -o images/   # images/0-x86_64-unknown-linux-gnu.o'],
  run({ opts, file, files, prog, io }) {
    const dir = opts.output;
    if (!dir) throw new UsageError('missing -o DIR');
    const { binaries, elf } = files.read(file, (src) => readOffloadInput(src, { maxInflatedSize: opts['max-inflated-size'], byName: opts['by-name'] }));
    for (const note of elf?.notes ?? []) io.stderr.write(`${prog}: ${file}: note: ${note}\n`);
    const names = extractedImageNames(binaries);
    const absDir = files.dir(dir);
    const entries = binaries.flatMap((b) => b.entries);
    names.forEach((name, i) => {
      const e = entries[i]!;
      // The image is copied from the input in windows (a blob), not loaded whole.
      files.write(files.join(absDir, name), [e.imageRef]);
      io.stdout.write(`${files.join(dir, name)} (${e.imageRef.size} bytes)\n`);
    });
    return EXIT.OK;
  },
});
