/**
 * `syclbin dump FILE`: exactly what intel/llvm's `syclbin-dump` prints (spec syclbin-format.md §4
 * format F1, README rule 7) for every variant the reader knows. The text is a contract for
 * FileCheck-based tests and scripts, including the two failure lines:
 *   Failed to open or read file <name>: <reason>
 *   Failed to parse SYCLBIN file: <reason>
 * (stderr, exit status 1). `--verbose` adds a second line with our detail and the byte location.
 */
import { DecodeError } from '../../codec/errors.js';
import { readSyclbin } from '../../syclbin/read.js';
import { dumpSyclbin } from '../../syclbin/dump.js';
import { headlineOf, SyclbinFormatError } from '../../syclbin/errors.js';
import { openFileSource, errnoText, type FileSource } from '../../node/file-source.js';
import { writeFileAtomic } from '../../node/files.js';
import { EXIT, type Command } from '../command.js';

export const command: Command = {
  name: 'dump',
  summary: 'Print a SYCLBIN file exactly as intel/llvm syclbin-dump does',
  usage: 'dump [options] FILE',
  description: `Reads bare SYCLBIN v1 ("SYBI"), v1 inside an OffloadBinary v1/v2/v3 entry (including the SYCL
runtime's envelope) and v2 role-entry files, and prints the syclbin-dump text: Version, global
metadata, abstract modules with their metadata, IR modules and native images. Byte-array property
values are printed as their raw payload bytes. Only headers and metadata are read from disk.
On failure it prints "Failed to parse SYCLBIN file: <reason>" (or "Failed to open or read file
<name>: <reason>") on stderr and exits 1, as syclbin-dump does. For a typed, annotated view use
'syclbin inspect'; to find every problem in a file use 'syclbin verify'.`,
  options: {
    output: { type: 'string', short: 'o', arg: 'FILE', description: "Write the dump to FILE ('-' = stdout)", default: '-' },
    verbose: { type: 'boolean', short: 'v', description: 'On a parse failure, add a line with the detail, structure path and byte offset' },
    'max-inflated-size': { type: 'string', arg: 'BYTES', description: 'Cap on decompressed OffloadBinary v3 payloads (default 1073741824)' },
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin dump testdata/syclbin/v1_one_ir.syclbin', 'syclbin dump -o out.txt kernel.syclbin'],
  run({ values, positionals, io }) {
    const name = positionals[0]!;
    let src: FileSource;
    try {
      src = openFileSource(io.cwd, name);
    } catch (e) {
      io.stderr.write(`Failed to open or read file ${name}: ${errnoText(e)}\n`);
      return EXIT.FAILURE;
    }
    let text: Uint8Array;
    try {
      const cap = values['max-inflated-size'] === undefined ? undefined : Number(values['max-inflated-size']);
      text = dumpSyclbin(readSyclbin(src, { maxInflatedSize: cap }));
    } catch (e) {
      if (!(e instanceof DecodeError)) {
        if ((e as NodeJS.ErrnoException)?.syscall) {
          io.stderr.write(`Failed to open or read file ${name}: ${errnoText(e)}\n`);
          return EXIT.FAILURE;
        }
        throw e;
      }
      io.stderr.write(`Failed to parse SYCLBIN file: ${headlineOf(e)}\n`);
      if (values.verbose) {
        const detail = e instanceof SyclbinFormatError ? e.detail : '';
        io.stderr.write(`  ${detail ? detail + ' ' : ''}(at ${e.path || 'file'}, offset 0x${e.offset.toString(16)})\n`);
      }
      return EXIT.FAILURE;
    } finally {
      src.close();
    }
    const out = String(values.output ?? '-');
    if (out === '-') io.stdout.write(text);
    else writeFileAtomic(io.cwd, out, text);
    return EXIT.OK;
  },
};
