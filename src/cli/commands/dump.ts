/**
 * `syclbin dump FILE`: exactly what intel/llvm's `syclbin-dump` prints (docs/spec/syclbin-format.md §4
 * format F1, README rule 7) for every variant the reader knows. The text is a contract for
 * FileCheck-based tests and scripts, including the two failure lines:
 *   Failed to open or read file <name>: <reason>
 *   Failed to parse SYCLBIN file: <reason>
 * (stderr, exit status 1). `--verbose` adds a second line with our detail and the byte location.
 */
import { DecodeError } from '../../codec/errors.js';
import { dumpSyclbinChunks } from '../../syclbin/dump.js';
import { SpillBuffer, SpillError } from '../../node/spill.js';
import { errnoText } from '../../node/input.js';
import { defineCommand, EXIT } from '../command.js';
import { CommandFailure, FileFailure } from '../errors.js';
import { maxInflatedSizeOption, opt } from '../options.js';
import { dumpFailure, limitReason, notSyclbinNote } from '../syclbin-input.js';

/** `syclbin dump`: Print a SYCLBIN file exactly as intel/llvm syclbin-dump does. */
export const command = defineCommand({
  name: 'dump',
  summary: 'Print a SYCLBIN file exactly as intel/llvm syclbin-dump does',
  usage: 'dump [options] FILE',
  description: `Reads bare SYCLBIN v1 ("SYBI"), v1 inside an OffloadBinary v1/v2/v3 entry (including the SYCL
runtime's envelope) and v2 role-entry files, and prints the syclbin-dump text: Version, global
metadata, abstract modules with their metadata, IR modules and native images. Byte-array property
values are printed as their raw payload bytes. Only headers and metadata are read from disk.
FILE '-' reads standard input (as syclbin-dump does).
On failure it prints "Failed to parse SYCLBIN file: <reason>" (or "Failed to open or read file
<name>: <reason>") on stderr and exits 1, as syclbin-dump does. For a typed, annotated view use
'syclbin inspect'; to find every problem in a file use 'syclbin verify'.`,
  options: {
    output: opt.output("Write the dump to FILE ('-' = stdout)", { short: 'o', default: '-' }),
    verbose: opt.flag('On a parse failure, add a line with the detail, structure path and byte offset', { short: 'v' }),
    'max-inflated-size': maxInflatedSizeOption(),
    force: opt.flag('Allow -o to replace an input'),
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin dump testdata/syclbin/v1_one_ir.syclbin', 'syclbin dump -o out.txt kernel.syclbin', 'cat kernel.syclbin | syclbin dump -'],
  async run({ opts, file: name, files }) {
    let src;
    try {
      src = files.input(name).source;
    } catch (e) {
      throw new CommandFailure(`Failed to open or read file ${name}: ${e instanceof FileFailure ? e.message : errnoText(e)}`);
    }
    // Printed only once the whole file has read (syclbin-dump prints nothing for a file that fails
    // part-way), held meanwhile in bounded memory: past 64 MiB in a temporary file.
    const held = new SpillBuffer();
    try {
      dumpSyclbinChunks(src, (c) => held.push(c), { maxInflatedSize: opts['max-inflated-size'], sharedBlobsFree: true });
    } catch (e) {
      held.dispose();
      if (e instanceof SpillError) throw new CommandFailure(`syclbin dump: ${e.message}`);
      if (e instanceof DecodeError) {
        // syclbin-dump's line first; then, for a file that is something else, what it is.
        // What else the file is: loaded only here (it reads every container format the toolkit knows).
        const note = await notSyclbinNote(src, name, { maxInflatedSize: opts['max-inflated-size'] });
        // A limit the user set (the decompression cap) is named even without -v: syclbin-dump's line
        // blames the file ("Invalid data"), where the cap is the reason.
        const limit = e.code === 'LIMIT' && !opts.verbose ? `note: ${name}: ${limitReason(e)}\n` : '';
        throw new CommandFailure(dumpFailure(e, opts.verbose) + limit + (note ? `note: ${name}: ${note}\n` : ''));
      }
      if ((e as NodeJS.ErrnoException)?.syscall) throw new CommandFailure(`Failed to open or read file ${name}: ${errnoText(e)}`);
      throw e;
    }
    const out = files.output(opts.output);
    held.drainTo((c) => out.write(c));
    out.seal?.();
    return EXIT.OK;
  },
});
