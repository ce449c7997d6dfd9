/**
 * `syclbin offload-pack`: the bundling mode of `llvm-offload-binary` / `clang-offload-packager`.
 *
 * For the same command line the output is byte-identical to the packer of the chosen era
 * (formats/eras.ts; `--llvm`, default 22): `llvm-offload-binary-22`, `clang-offload-packager-19`, or
 * upstream main's `llvm-offload-binary`. `--image` values are parsed as those tools do
 * (src/offload/packager-args.ts: DenseMap key order, repeated keys joined with ",", `file=a,file=b` →
 * two images, image kind from bitcode magic or file extension). 19 and 22 write one version-1
 * OffloadBinary per image, concatenated (`bundleImages`: `OffloadBinary::write` per image); main writes
 * one version-3 binary holding every image (`OffloadBinary::write(ArrayRef<OffloadingImage>)`).
 */
import { describePackagerImages, parseImageArgument, parseImageArguments } from '../../offload/packager-args.js';
import { offloadBinaryChunks, type OffloadEntryInput } from '../../offload/write.js';
import { OFFLOAD_KIND_NUMBERINGS, offloadKindLabel, offloadKindValue, type OffloadKindNumbering } from '../../../formats/kinds.js';
import { llvmEra } from '../../../formats/eras.js';
import { initZstd, nodeCompressor } from '../../node/compressors.js';
import { blobRef, type ByteSource, type Chunk } from '../../codec/index.js';
import { defineCommand, EXIT } from '../command.js';
import { CommandFailure, FileFailure, UsageError } from '../errors.js';
import { llvmEraOption, opt } from '../options.js';

/** `syclbin offload-pack`: Bundle device images into LLVM OffloadBinaries (clang-offload-packager --image syntax). */
export const command = defineCommand({
  name: 'offload-pack',
  statuses: 'llvm',
  llvmOptionSpellings: true,
  summary: 'Bundle device images into LLVM OffloadBinaries (clang-offload-packager --image syntax)',
  usage: 'offload-pack [--llvm 19|22|main] -o OUT --image=file=F[,triple=T][,arch=A][,kind=K][,key=value...] [--image=...]',
  responseFiles: true,
  description: `
Writes what llvm-offload-binary (formerly clang-offload-packager) writes for the same --image
arguments. Each --image value is a comma-separated list of key=value pairs. 'file' may repeat
(file=a.o,file=b.o): one image per file, sharing the other keys. A repeated key's values are joined
with ','. 'kind' sets the offload kind; every key other than 'file' and 'kind' becomes a string entry,
in the order LLVM's packager writes them (its DenseMap bucket order, not command-line order). The
image kind is 'bitcode' when the file starts with the bitcode magic, otherwise it comes from the
extension: .o object, .bc bitcode, .cubin, .fatbin, .s PTX (and .spv SPIR-V on main), anything else
none.

Whose packer to match (--llvm); the output is byte-identical to it for the same command line:
  22 (default)  llvm-offload-binary-22 (LLVM 22.1): one version-1 binary per image, concatenated;
                offload kinds openmp 1, cuda 2, hip 4, sycl 8 (llvm-project #135809); only 'file' is
                required; .spv is image kind 0.
  19            clang-offload-packager-19 (LLVM 19.1): the same layout; 'file' and 'triple' are
                required; kinds openmp 1, cuda 2, hip 3 (no SYCL kind: kind=sycl writes 0).
  main          upstream llvm-offload-binary (unreleased; read from its source): one version-3
                binary holding every image; .spv is image kind 6 (SPIR-V). No released LLVM reads
                versions 2 and 3 (llvm-objdump-22 reports 'Invalid data').

Overrides:
  --format-version 1|2|3   1: one binary per image; 2, 3: one binary holding every image
                           (3 can be --compress'ed, as on main).
  --offload-kinds llvm19|intel|bitmask   kind=NAME numbers: LLVM 19's, intel/llvm's sequential
                           numbering (sycl 4, what the intel/llvm fork writes), or the bitmask.
                           Default: the era's for version 1; the bitmask for versions 2 and 3,
                           which exist only in the bitmask era (readers name their kinds so).
Unknown kind names give 0, as in LLVM (with a warning here). Without -o this help is printed
(status 0, as llvm-offload-binary-22 prints its own); with --llvm 19 nothing is written (status 0,
as clang-offload-packager-19).`,
  options: {
    output: opt.output('Output file, written atomically ("-" = standard output, as in LLVM; \'\' = none, as in LLVM)', { short: 'o', arg: 'OUT', emptyIsNone: true }),
    image: opt.list('SPEC', "An image: file=F[,triple=T][,arch=A][,kind=K][,key=value...] (repeatable; --llvm 19 also requires triple)"),
    llvm: llvmEraOption('whose packer to match byte for byte (22: llvm-offload-binary-22)'),
    'format-version': opt.choice(['1', '2', '3'], 'N', "OffloadBinary version to write (default: the era's, 1 for 19 and 22, 3 for main)"),
    compress: opt.choice(['zlib', 'zstd'], 'zlib|zstd', 'Compress the payload (version 3 only; zlib level 6 / zstd level 5 as LLVM)'),
    'offload-kinds': opt.choice(['llvm19', 'intel', 'bitmask'], 'llvm19|intel|bitmask', "How kind=NAME maps to a number (default: the era's; see above)"),
    force: opt.flag('Allow the output to overwrite one of the image files'),
    archive: opt.flag('Accepted and ignored (llvm-offload-binary accepts --archive when packing and ignores it; it applies to offload-extract)'),
  },
  // An input file is LLVM's extraction mode (offload-extract here): taken, to answer as LLVM does.
  // (LLVM's packer takes one input file: its extraction mode, answered here with a pointer to offload-extract)
  positionals: { min: 0, max: 1 },
  examples: [
    'syclbin offload-pack -o dev.bin --image=file=k.o,triple=nvptx64-nvidia-cuda,arch=sm_70,kind=cuda   # = llvm-offload-binary-22',
    'syclbin offload-pack --llvm 19 -o dev.bin --image=file=a.bc,file=b.bc,triple=amdgcn-amd-amdhsa,arch=gfx90a,kind=hip',
    'syclbin offload-pack --llvm main -o dev.bin --image=file=k.spv,triple=spirv64-unknown-unknown,kind=sycl',
    'syclbin offload-pack --llvm main --compress zstd -o dev.bin --image=file=k.spv,triple=spirv64-unknown-unknown,kind=sycl',
    'syclbin offload-pack --offload-kinds intel -o dev.bin --image=file=k.syclbin,triple=spir64-unknown-unknown,kind=sycl',
  ],
  async run({ opts, args, files, io, prog, help }) {
    const output = opts.output;
    const era = llvmEra(opts.llvm);
    if (args.length) {
      // llvm-offload-binary / clang-offload-packager given an input file extract from it, and with -o
      // fail with this line, status 1 (llvm/tools/llvm-offload-binary/llvm-offload-binary.cpp, main).
      const extract = `'syclbin offload-extract ${args[0]} --image=...'`;
      // Without -o, llvm-offload-binary opens the input to extract from it: a missing one (or an
      // @file that does not exist, kept as an argument by the response-file expansion) is
      // `error: 'X': No such file or directory`; with -o, the two modes are mutually exclusive (below).
      if (args[0] !== '-' && output === undefined) {
        try {
          files.input(args[0]!);
        } catch (e) {
          if (e instanceof FileFailure) throw new CommandFailure(`${prog}: error: '${args[0]}': ${e.message}`);
          throw e;
        }
      }
      if (output !== undefined) throw new CommandFailure(`${prog}: error: Packaging to an output file and extracting from an input file are mutually exclusive.\n${prog}: note: to extract images from ${args[0]}, run ${extract}`);
      throw new UsageError(`offload-pack packs --image files into -o OUT; to extract images from ${args[0]}, run ${extract}`);
    }
    if (!output) {
      // Without -o the era's packer prints its help or writes nothing, status 0 either way
      // (formats/eras.ts pack.withoutOutput; llvm/llvm-project:llvm/tools/llvm-offload-binary/
      // llvm-offload-binary.cpp, main). A build script sees the same status; the help text is ours.
      if (era.pack.withoutOutput === 'nothing') io.stderr.write(`${prog}: note: no -o OUT: nothing written (${era.packer} writes nothing too, status 0)\n`);
      else io.stdout.write(help());
      return EXIT.OK;
    }
    if (opts.archive) io.stderr.write(`${prog}: note: --archive applies to extraction (syclbin offload-extract); ignored when packing, as llvm-offload-binary ignores it\n`);
    const images = opts.image;
    const version = (opts['format-version'] ? Number(opts['format-version']) : era.pack.version) as 1 | 2 | 3;
    const compression = opts.compress;
    if (compression && version !== 3) throw new UsageError('--compress needs version 3 (--llvm main or --format-version 3)');
    const numbering: OffloadKindNumbering = opts['offload-kinds'] ?? (version === 1 ? era.numbering : 'bitmask');
    // Versions 2 and 3 are read in the bitmask numbering by every reader (formats/kinds.ts): a
    // sequential number in one is written as asked, but said to be misnamed when read, for the kinds
    // whose number differs (openmp and cuda are 1 and 2 in every numbering).
    if (version !== 1 && numbering !== 'bitmask') {
      const misnamed = new Set<string>();
      for (const spec of images) {
        const kind = parseImageArguments(spec).find(([k]) => k === 'kind')?.[1];
        if (kind === undefined) continue;
        // (by the name as written: the writer takes kind names case-sensitively, kind=SYCL is 0)
        const table = OFFLOAD_KIND_NUMBERINGS[numbering];
        const ours = Object.hasOwn(table, kind) ? table[kind] : undefined;
        if (ours !== undefined && ours !== offloadKindValue(kind, 'bitmask')) misnamed.add(`${kind} ${ours} as ${offloadKindLabel(ours, 'bitmask')}`);
      }
      if (misnamed.size) io.stderr.write(`${prog}: warning: --offload-kinds ${numbering} with version ${version}: readers name the kinds of version ${version} binaries in the bitmask numbering (hip 4, sycl 8), so these will be misnamed: ${[...misnamed].join(', ')}\n`);
    }
    const offloadKinds = OFFLOAD_KIND_NUMBERINGS[numbering];
    // LLVM reads '-' as standard input (MemoryBuffer::getFileOrSTDIN); files.readAll does the same.
    // Images are blobs of their files: copied to the output in windows, never loaded whole.
    const described = describePackagerImages(images, (file) => fileBlob(files.input(file).source), { era, offloadKinds });

    // Say when a kind name was not in the chosen table (LLVM writes 0 silently).
    const warned = new Set<string>();
    for (const spec of images) {
      if (!parseImageArgument(spec, { era, offloadKinds }).files.length) {
        io.stderr.write(`${prog}: note: --image=${spec} adds no image: 'file' has no '=' (${era.packer} skips such an --image too; file=NAME names a file)\n`);
      }
      const kind = parseImageArguments(spec).find(([k]) => k === 'kind');
      if (!kind) continue;
      const name = kind[1];
      if (name === 'none' || Object.prototype.hasOwnProperty.call(offloadKinds, name) || warned.has(name)) continue;
      warned.add(name);
      const hint =
        name === 'sycl'
          ? " (LLVM 19's clang-offload-packager has no SYCL offload kind and writes 0 too; --llvm 22 writes 8, --offload-kinds intel 4)"
          : name.includes(',')
            ? ' (a repeated kind= key joins its values with a comma, as in LLVM)'
            : '';
      const table = opts['offload-kinds'] ? `--offload-kinds ${numbering}` : era.packer;
      io.stderr.write(`${prog}: warning: kind=${name} is not an offload kind of ${table}; writing 0${hint}\n`);
    }

    const entries: OffloadEntryInput[] = described.map((d) => ({ imageKind: d.imageKind, offloadKind: d.offloadKind, flags: d.flags, strings: d.strings, image: d.image }));
    let chunks: Chunk[];
    if (version === 1) {
      // One binary per image; no --image at all writes an empty file, like the real tool.
      chunks = entries.flatMap((e) => offloadBinaryChunks([e], { version: 1 }));
    } else {
      // (A binary of no entries is refused by this toolkit's readers, as EntriesCount 0 is malformed.)
      if (!entries.length) throw new UsageError(`version ${version} (one binary holding every image) needs at least one image${images.length ? ": no --image given names a file ('file' without '=' adds none)" : ' (--image=file=…)'}`);
      if (compression === 'zstd') await initZstd();
      chunks = offloadBinaryChunks(entries, { version, compression, compressor: nodeCompressor });
    }
    // LLVM's ToolOutputFile treats "-" as standard output; so does files.write.
    files.write(output, chunks);
    return EXIT.OK;
  },
});

/** A whole input as a blob. */
function fileBlob(src: ByteSource): ReturnType<typeof blobRef> {
  return blobRef(src, 0, src.size, 0);
}
