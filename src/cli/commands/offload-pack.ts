/**
 * `syclbin offload-pack`: clang-offload-packager's bundling mode.
 *
 * For the same command line (and the default `--format-version 1`) the output is byte-identical to
 * Debian's clang-offload-packager 19 (LLVM 19.1): `--image` values are parsed as LLVM 19's
 * `getImageArguments` does (src/offload/packager-args.ts: DenseMap key order, repeated keys joined
 * with ",", `file=a,file=b` → two binaries, image kind from bitcode magic or file extension), and one
 * version-1 OffloadBinary per file is written, concatenated (ClangOffloadPackager.cpp `bundleImages`:
 * `OffloadBinary::write` per image, appended to the output buffer).
 *
 * Versions 2 and 3 (llvm-project after #135809 and #222774) put all images into one binary, with
 * bitmask offload kinds.
 */
import { describePackagerImages, parseImageArguments } from '../../offload/packager-args.js';
import { offloadBinaryChunks, type OffloadEntryInput } from '../../offload/write.js';
import { OFFLOAD_KIND_NUMBERINGS, type OffloadKindNumbering } from '../../../formats/kinds.js';
import { initZstd, nodeCompressor } from '../../node/compressors.js';
import type { Chunk } from '../../codec/index.js';
import { defineCommand, EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { opt } from '../options.js';

export const command = defineCommand({
  name: 'offload-pack',
  summary: 'Bundle device images into LLVM OffloadBinaries (clang-offload-packager --image syntax)',
  usage: 'offload-pack -o OUT --image=file=F,triple=T[,arch=A][,kind=K][,key=value...] [--image=...]',
  description: `
Writes the OffloadBinaries clang-offload-packager writes for the same --image arguments. Each --image
value is a comma-separated list of key=value pairs; 'file' and 'triple' are required. 'file' may
repeat (file=a.o,file=b.o): one image per file, sharing the other keys. A repeated key's values are
joined with ','. 'kind' sets the offload kind; every key other than 'file' and 'kind' becomes a string
entry, in the order LLVM 19's packager writes them (its DenseMap bucket order, not command-line
order). The image kind is 'bitcode' when the file starts with the bitcode magic, otherwise it comes
from the extension: .o object, .bc bitcode, .cubin, .fatbin, .s PTX, anything else none.

Output versions:
  1 (default)  one version-1 binary per image, concatenated: what LLVM 19 writes. Byte-identical to
               clang-offload-packager-19 for the same command line.
  2, 3         one binary holding every image (current upstream layout); 3 can be compressed.

Offload kind numbers (--offload-kinds, default llvm19 for version 1, bitmask for 2 and 3):
  llvm19   openmp 1, cuda 2, hip 3; anything else 0. Upstream LLVM 19 has no SYCL offload kind:
           its packager writes 0 (none) for kind=sycl, and so does this default (with a warning).
  intel    the sequential numbering of intel/llvm: openmp 1, cuda 2, hip 3, sycl 4.
  bitmask  llvm-project #135809: openmp 1, cuda 2, hip 4, sycl 8.
Unknown kind names give 0, as in LLVM.`,
  options: {
    output: opt.output('Output file, written atomically ("-" = standard output, as in LLVM)', { short: 'o', arg: 'OUT' }),
    image: opt.list('SPEC', 'An image: file=F,triple=T[,arch=A][,kind=K][,key=value...] (repeatable)'),
    'format-version': opt.choice(['1', '2', '3'], 'N', 'OffloadBinary version to write: 1, 2 or 3', { default: '1' }),
    compress: opt.choice(['zlib', 'zstd'], 'zlib|zstd', 'Compress the payload (version 3 only; zlib level 6 / zstd level 5 as LLVM)'),
    'offload-kinds': opt.choice(['llvm19', 'intel', 'bitmask'], 'llvm19|intel|bitmask', 'How kind=NAME maps to a number (see above)'),
    force: opt.flag('Allow the output to overwrite one of the image files'),
  },
  positionals: { min: 0, max: 0 },
  examples: [
    'syclbin offload-pack -o dev.bin --image=file=k.o,triple=nvptx64-nvidia-cuda,arch=sm_70,kind=cuda',
    'syclbin offload-pack -o dev.bin --image=file=a.bc,file=b.bc,triple=amdgcn-amd-amdhsa,arch=gfx90a,kind=hip',
    'syclbin offload-pack -o dev.bin --format-version 3 --compress zstd --image=file=k.spv,triple=spirv64,kind=sycl',
  ],
  async run({ opts, files, io, prog }) {
    const output = opts.output;
    if (!output) throw new UsageError('missing -o OUT');
    const images = opts.image;
    const version = Number(opts['format-version']) as 1 | 2 | 3;
    const compression = opts.compress;
    if (compression && version !== 3) throw new UsageError('--compress needs --format-version 3');
    const numbering: OffloadKindNumbering = opts['offload-kinds'] ?? (version === 1 ? 'llvm19' : 'bitmask');
    const offloadKinds = OFFLOAD_KIND_NUMBERINGS[numbering];
    // LLVM reads '-' as standard input (MemoryBuffer::getFileOrSTDIN); files.readAll does the same.
    const described = describePackagerImages(images, (file) => files.readAll(file), { offloadKinds });

    // Say when a kind name was not in the chosen table (LLVM writes 0 silently).
    const warned = new Set<string>();
    for (const spec of images) {
      const kind = parseImageArguments(spec).find(([k]) => k === 'kind');
      if (!kind) continue;
      const name = kind[1];
      if (name === 'none' || Object.prototype.hasOwnProperty.call(offloadKinds, name) || warned.has(name)) continue;
      warned.add(name);
      const hint =
        name === 'sycl'
          ? " (LLVM 19's clang-offload-packager has no SYCL offload kind and writes 0 too; use --offload-kinds intel for 4, or --format-version 2 for 8)"
          : name.includes(',')
            ? ' (a repeated kind= key joins its values with a comma, as in LLVM)'
            : '';
      io.stderr.write(`${prog}: warning: kind=${name} is not an offload kind of --offload-kinds ${numbering}; writing 0${hint}\n`);
    }

    const entries: OffloadEntryInput[] = described.map((d) => ({ imageKind: d.imageKind, offloadKind: d.offloadKind, flags: d.flags, strings: d.strings, image: d.image }));
    let chunks: Chunk[];
    if (version === 1) {
      // One binary per image; no --image at all writes an empty file, like the real tool.
      chunks = entries.flatMap((e) => offloadBinaryChunks([e], { version: 1 }));
    } else {
      if (!entries.length) throw new UsageError(`--format-version ${version} needs at least one --image`);
      if (compression === 'zstd') await initZstd();
      chunks = offloadBinaryChunks(entries, { version, compression, compressor: nodeCompressor });
    }
    // LLVM's ToolOutputFile treats "-" as standard output; so does files.write.
    files.write(output, chunks);
    return EXIT.OK;
  },
});
