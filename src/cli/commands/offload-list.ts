/**
 * `syclbin offload-list FILE`: the `llvm-objdump --offloading FILE` text of the chosen LLVM era
 * (`--llvm 19|22|main`, formats/eras.ts; src/offload/objdump-text.ts) for a file holding
 * OffloadBinaries or an object holding them in offloading sections, optionally with every string
 * entry, or as JSON (schemas/offload-list.schema.json).
 */
import { readOffloadInput } from '../../offload/input.js';
import { elfListJson, formatElfOffloadingText, offloadingTextBlocks, offloadingTextStream, offloadListJson, type ListingOptions } from '../../offload/objdump-text.js';
import { isOffloadBinary } from '../../offload/read.js';
import { llvmEra } from '../../../formats/eras.js';
import { defineCommand, EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { llvmEraOption, maxInflatedSizeOption, opt, outputOptions } from '../options.js';

export const command = defineCommand({
  name: 'offload-list',
  summary: 'List the images of LLVM OffloadBinaries (same text as llvm-objdump --offloading)',
  usage: 'offload-list [--llvm 19|22|main] [--strings | --json] [--by-name] FILE',
  description: `
FILE holds one or more OffloadBinaries back to back (versions 1, 2 and 3, compressed or not), as
llvm-offload-binary / clang-offload-packager write them or as an .llvm.offloading section holds them.
Zero bytes after the last binary are taken as padding.

FILE may also be an ELF object (32- or 64-bit, either byte order), such as clang -fopenmp
-fopenmp-targets=... -c writes: then the binaries are those of its sections of type
SHT_LLVM_OFFLOADING (0x6fff4c0b), in section order, as llvm-objdump reads them, and the listing
starts with llvm-objdump's '<FILE>:<TAB>file format elf64-x86-64' line. Sections named
.llvm.offloading of another type (e.g. added by llvm-objcopy --add-section without
--set-section-type) are skipped as llvm-objdump skips them, with a note on stderr; --by-name reads
them too.

The text is byte for byte what llvm-objdump --offloading of the chosen era prints (--llvm):
  22 (default)  llvm-objdump-22 (LLVM 22.1): offload kinds are the bitmask of llvm-project #135809
                (openmp 1, cuda 2, hip 4, sycl 8; anything else 'none'); image kind 6 (SPIR-V) is
                '<none>'.
  19            llvm-objdump-19 (LLVM 19.1): sequential kinds (openmp 1, cuda 2, hip 3; LLVM 19 has
                no SYCL kind, so intel/llvm's sycl = 4 and LLVM 22's sycl = 8 show as 'none').
  main          upstream llvm-objdump after llvm-project #185425 (unreleased; read from its source
                and tests): image kind 6 is 'spir-v', every block ends with 'image size  N bytes',
                and an image that is itself an OffloadBinary is followed by 'nested images  N' and
                its images as [i.j], indented by two spaces per level.
The same file can mean different things: a version-1 binary does not say which era wrote it (offload
kind 4 is hip in LLVM 22 and sycl in intel/llvm; 3 is hip only before LLVM 21). --json says so for
each such entry (offloadKindAmbiguity). Versions 2 and 3 exist only in the bitmask era and are named
with it in every mode; no released LLVM reads them (llvm-objdump-19 and -22 report 'Invalid data'),
so in modes 19 and 22 they are listed in that era's layout, with a note on stderr.

--strings adds, after each image's lines, the number of string entries and every key and value
(control characters shown as \\xNN). --json prints a JSON document (schemas/offload-list.schema.json)
with every header field, kind numbers and names, image offsets and sizes, all strings, the kernel
names of clang-sycl-linker images (the 'symbols' entry: newline-separated text in LLVM 22, a binary
table on main) and nested binaries; 64-bit quantities are decimal strings.`,
  options: {
    llvm: llvmEraOption('whose llvm-objdump text to print and how to name kind numbers'),
    strings: opt.flag('Also print every string entry (key and value) of each image'),
    json: opt.flag('Print JSON (schemas/offload-list.schema.json) instead of text'),
    'max-inflated-size': maxInflatedSizeOption(),
    'by-name': opt.flag('ELF input: also read sections named .llvm.offloading whose type is not SHT_LLVM_OFFLOADING'),
    ...outputOptions(),
  },
  positionals: { min: 1, max: 1 },
  examples: [
    'syclbin offload-list dev.bin                 # = llvm-objdump-22 --offloading dev.bin',
    'syclbin offload-list --llvm 19 dev.bin       # = llvm-objdump-19 --offloading dev.bin',
    'syclbin offload-list --llvm main multi.bin   # image sizes and nested binaries, as upstream main',
    'syclbin offload-list --strings dev.bin',
    'syclbin offload-list --json a.out.spirv64..img | jq .binaries[0].entries[0].kernels',
    'syclbin offload-list omp.o   # clang-22 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu -c omp.c',
  ],
  run({ opts, file, files, prog, io }) {
    if (opts.strings && opts.json) throw new UsageError('--strings and --json cannot be combined (JSON always has the strings)');
    const era = llvmEra(opts.llvm);
    const read = { maxInflatedSize: opts['max-inflated-size'] };
    const note = (message: string): void => void io.stderr.write(`${prog}: ${file}: note: ${message}\n`);
    const warn = (m: string): void => void io.stderr.write(`${prog}: warning: ${file}: ${m}\n`);
    if (!opts.json && !opts.strings) {
      // OffloadBinaries back to back: printed while they are walked (no models, one window of memory).
      const streamed = files.read(file, (src) => {
        if (src.size < 4 || !isOffloadBinary(src.read(0, 4))) return false;
        const out = files.output(opts.output);
        const versions = new Set<number>();
        for (const piece of offloadingTextStream(src, { era, read, warn, onVersion: (v) => versions.add(v) })) out.write(piece);
        const unreadable = [...versions].filter((v) => !era.reads.includes(v));
        if (unreadable.length) note(unreadableNote(era.objdump, unreadable));
        return true;
      });
      if (streamed) return EXIT.OK;
    }
    const { binaries, elf } = files.read(file, (src) => readOffloadInput(src, { ...read, byName: opts['by-name'] }));
    for (const n of elf?.notes ?? []) note(n);
    const unreadable = [...new Set(binaries.map((b) => b.version).filter((v) => !era.reads.includes(v)))];
    if (unreadable.length && !opts.json) {
      note(unreadableNote(era.objdump, unreadable));
    }
    if (opts.json) {
      files.write(opts.output, JSON.stringify(offloadListJson(file, binaries, elf ? elfListJson(elf) : undefined, { era, read }), null, 2) + '\n');
      return EXIT.OK;
    }
    const listing: ListingOptions = { strings: opts.strings, era, read, warn };
    const out = files.output(opts.output);
    if (elf) out.write(formatElfOffloadingText(file, elf, listing));
    else for (const piece of offloadingTextBlocks(binaries, listing)) out.write(piece);
    return EXIT.OK;
  },
});

function unreadableNote(tool: string, versions: readonly number[]): string {
  return `${tool} cannot read version ${versions.join(' and ')} OffloadBinaries (no released LLVM does; it reports 'Invalid data'); listed in its layout anyway`;
}
