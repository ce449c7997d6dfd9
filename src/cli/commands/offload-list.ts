/**
 * `syclbin offload-list FILE`: the `llvm-objdump-19 --offloading FILE` text for a file holding
 * OffloadBinaries, or for an ELF object holding them in SHT_LLVM_OFFLOADING sections
 * (src/offload/objdump-text.ts, src/offload/elf.ts), optionally with every string entry, or as JSON
 * (schemas/offload-list.schema.json).
 */
import { EXIT, UsageError, type Command, type CommandContext, type Output } from '../command.js';
import { readOffloadBinaries, type OffloadBinaryModel, type ReadOffloadOptions } from '../../offload/read.js';
import { isElf, readElfOffloadBinaries, type ElfOffloadResult } from '../../offload/elf.js';
import { elfListJson, formatElfOffloadingText, formatOffloadingText, offloadListJson } from '../../offload/objdump-text.js';
import { openInput } from '../../node/files.js';
import { SyclbinError } from '../../codec/errors.js';
import type { ByteSource } from '../../codec/source.js';

/** What offload-list and offload-extract read: a raw sequence of OffloadBinaries, or an ELF object's. */
export interface OffloadInput {
  binaries: OffloadBinaryModel[];
  /** Set when the input is an ELF object. */
  elf?: ElfOffloadResult;
}

/**
 * Read FILE as an ELF object when it starts with the ELF magic, otherwise as OffloadBinaries back to
 * back. Notes about ELF sections not read go to `stderr` as `syclbin CMD: FILE: note: ...`.
 */
export function readOffloadInput(source: ByteSource, opts: ReadOffloadOptions & { byName?: boolean }, stderr: Output, prefix: string): OffloadInput {
  if (!isElf(source)) return { binaries: readOffloadBinaries(source, opts) };
  const elf = readElfOffloadBinaries(source, opts);
  for (const note of elf.notes) stderr.write(`${prefix}: note: ${note}\n`);
  return { binaries: elf.binaries, elf };
}

/** Parse a byte count option (decimal, optional K/M/G suffix for KiB/MiB/GiB). */
export function parseByteCount(text: string, option: string): number {
  const m = /^(\d+)([KMG]?)$/i.exec(text);
  if (!m) throw new UsageError(`${option} must be a byte count such as 1048576 or 64M (got '${text}')`);
  const mult = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[m[2]!.toUpperCase() as '' | 'K' | 'M' | 'G'];
  const n = Number(m[1]) * mult;
  if (!Number.isSafeInteger(n)) throw new UsageError(`${option} ${text} is too large`);
  return n;
}

export const command: Command = {
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
    strings: { type: 'boolean', description: 'Also print every string entry (key and value) of each image' },
    json: { type: 'boolean', description: 'Print JSON (schemas/offload-list.schema.json) instead of text' },
    'max-inflated-size': { type: 'string', arg: 'BYTES', description: 'Cap on a compressed binary\'s decompressed size (default 1G)' },
    'by-name': { type: 'boolean', description: 'ELF input: also read sections named .llvm.offloading whose type is not SHT_LLVM_OFFLOADING' },
  },
  positionals: { min: 1, max: 1 },
  examples: [
    'syclbin offload-list dev.bin',
    'syclbin offload-list --strings dev.bin',
    'syclbin offload-list --json dev.bin | jq .binaries[0].entries',
    'syclbin offload-list omp.o   # clang-19 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu -c omp.c',
  ],
  run(ctx: CommandContext): number {
    const file = ctx.positionals[0]!;
    if (ctx.values.strings && ctx.values.json) throw new UsageError('--strings and --json cannot be combined (JSON always has the strings)');
    const capText = ctx.values['max-inflated-size'] as string | undefined;
    const maxInflatedSize = capText === undefined ? undefined : parseByteCount(capText, '--max-inflated-size');
    const input = openInput(ctx.io.cwd, file);
    try {
      let read: OffloadInput;
      try {
        const opts = { ...(maxInflatedSize === undefined ? {} : { maxInflatedSize }), byName: Boolean(ctx.values['by-name']) };
        read = readOffloadInput(input.source, opts, ctx.io.stderr, `syclbin offload-list: ${file}`);
      } catch (e) {
        // Name the file: the DecodeError message already gives the offset and structure path.
        if (e instanceof SyclbinError) {
          ctx.io.stderr.write(`syclbin offload-list: ${file}: ${e.message}\n`);
          return EXIT.FAILURE;
        }
        throw e;
      }
      const { binaries, elf } = read;
      const listing = { strings: Boolean(ctx.values.strings) };
      if (ctx.values.json) ctx.io.stdout.write(JSON.stringify(offloadListJson(file, binaries, elf ? elfListJson(elf) : undefined), null, 2) + '\n');
      else ctx.io.stdout.write(elf ? formatElfOffloadingText(file, elf, listing) : formatOffloadingText(binaries, listing));
    } finally {
      input.close();
    }
    return EXIT.OK;
  },
};
