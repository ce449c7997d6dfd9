/**
 * `syclbin offload-list FILE`: the `llvm-objdump-19 --offloading FILE` text for a file holding
 * OffloadBinaries, or for an ELF object holding them in SHT_LLVM_OFFLOADING sections
 * (src/offload/objdump-text.ts, src/offload/elf.ts), optionally with every string entry, or as JSON
 * (schemas/offload-list.schema.json).
 */
import { readOffloadInput } from '../../offload/input.js';
import { elfListJson, formatElfOffloadingText, formatOffloadingText, offloadListJson } from '../../offload/objdump-text.js';
import { defineCommand, EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { maxInflatedSizeOption, opt, outputOptions } from '../options.js';

export const command = defineCommand({
  name: 'offload-list',
  summary: 'List the images of LLVM OffloadBinaries (same text as llvm-objdump --offloading)',
  usage: 'offload-list [--strings | --json] [--by-name] FILE',
  description: `
FILE holds one or more OffloadBinaries back to back (versions 1, 2 and 3, compressed or not), as
clang-offload-packager writes them or as an .llvm.offloading section holds them. Zero bytes after the
last binary are taken as padding.

FILE may also be a little-endian ELF object (32- or 64-bit), such as clang -fopenmp
-fopenmp-targets=... -c writes: then the binaries are those of its sections of type
SHT_LLVM_OFFLOADING (0x6fff4c0b), in section order, as llvm-objdump-19 reads them, and the listing
starts with llvm-objdump's '<FILE>:<TAB>file format elf64-x86-64' line. Sections named
.llvm.offloading of another type (e.g. added by llvm-objcopy --add-section without
--set-section-type) are skipped as llvm-objdump-19 skips them, with a note on stderr; --by-name
reads them too.

The default output is byte for byte what llvm-objdump-19 --offloading prints for such a file: for
each image a blank line, 'OFFLOADING IMAGE [i]:', then kind, arch, triple and producer. The producer
name follows the file's era: version 1 uses LLVM 19's names (openmp 1, cuda 2, hip 3; LLVM 19 has no
SYCL kind, so intel/llvm's sycl = 4 shows as 'none', as llvm-objdump-19 prints it); versions 2 and 3
use the bitmask names (openmp 1, cuda 2, hip 4, sycl 8). llvm-objdump-19 itself rejects versions 2
and 3 and trailing zero padding; this command lists them in the same layout.

--strings adds, after each image's four lines, the number of string entries and every key and value
(control characters shown as \\xNN). --json prints a JSON document (schemas/offload-list.schema.json)
with every header field, kind numbers and names, image offsets and sizes, and all strings; 64-bit
quantities are decimal strings.`,
  options: {
    strings: opt.flag('Also print every string entry (key and value) of each image'),
    json: opt.flag('Print JSON (schemas/offload-list.schema.json) instead of text'),
    'max-inflated-size': maxInflatedSizeOption(),
    'by-name': opt.flag('ELF input: also read sections named .llvm.offloading whose type is not SHT_LLVM_OFFLOADING'),
    ...outputOptions(),
  },
  positionals: { min: 1, max: 1 },
  examples: [
    'syclbin offload-list dev.bin',
    'syclbin offload-list --strings dev.bin',
    'syclbin offload-list --json dev.bin | jq .binaries[0].entries',
    'syclbin offload-list omp.o   # clang-19 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu -c omp.c',
  ],
  run({ opts, file, files, prog, io }) {
    if (opts.strings && opts.json) throw new UsageError('--strings and --json cannot be combined (JSON always has the strings)');
    const { binaries, elf } = files.read(file, (src) => readOffloadInput(src, { maxInflatedSize: opts['max-inflated-size'], byName: opts['by-name'] }));
    for (const note of elf?.notes ?? []) io.stderr.write(`${prog}: ${file}: note: ${note}\n`);
    const listing = { strings: opts.strings };
    if (opts.json) files.write(opts.output, JSON.stringify(offloadListJson(file, binaries, elf ? elfListJson(elf) : undefined), null, 2) + '\n');
    else files.write(opts.output, elf ? formatElfOffloadingText(file, elf, listing) : formatOffloadingText(binaries, listing));
    return EXIT.OK;
  },
});
