/**
 * `syclbin dump FILE`: exactly what intel/llvm's `syclbin-dump` prints (docs/spec/syclbin-format.md §4
 * format F1, README rule 7) for every variant the reader knows. The text is a contract for
 * FileCheck-based tests and scripts, including the two failure lines:
 *   Failed to open or read file <name>: <reason>
 *   Failed to parse SYCLBIN file: <reason>
 * (stderr, exit status 1). `--verbose` adds a second line with our detail and the byte location.
 */
import { DecodeError } from '../../codec/errors.js';
import type { ByteSource } from '../../codec/source.js';
import { dumpSyclbinChunks } from '../../syclbin/dump.js';
import { readSyclbin, type ReadSyclbinOptions } from '../../syclbin/read.js';
import { errnoText } from '../../node/input.js';
import { defineCommand, EXIT } from '../command.js';
import { CommandFailure, FileFailure } from '../errors.js';
import { maxInflatedSizeOption, opt } from '../options.js';
import { dumpFailure, limitReason, notSyclbinNote } from '../syclbin-input.js';

/** Output held in memory before any is printed: most dumps are smaller; a larger one is streamed after a check. */
export const HOLD_LIMIT = 64 << 20;

/** Thrown by the holding sink when the dump outgrows {@link HOLD_LIMIT}. */
const OUTGROWN = Symbol('outgrown');

/**
 * Dump `src` to `write` as syclbin-dump does: nothing printed for a file that fails part-way. Output up
 * to `holdLimit` bytes is held in memory and written once the file has read. A dump that outgrows it
 * (headers that name one blob many times print it as many times) is abandoned, the file is read once
 * through without printing (each blob parsed once: work linear in the file, not in the output), and
 * then dumped again straight to `write`, streamed: no temporary file, a reader of the output (`| head`)
 * gets bytes at once, and signals keep their default action. Throws what the reader throws (before
 * anything is written, unless the file changes between the reads).
 */
export function dumpHeld(src: ByteSource, write: (chunk: Uint8Array) => void, opts: Omit<ReadSyclbinOptions, 'visit'>, holdLimit = HOLD_LIMIT): void {
  const held: Uint8Array[] = [];
  let size = 0;
  try {
    dumpSyclbinChunks(src, (c) => {
      size += c.length;
      if (size > holdLimit) throw OUTGROWN;
      held.push(c);
    }, opts);
  } catch (e) {
    if (e !== OUTGROWN) throw e;
    held.length = 0;
    readSyclbin(src, { ...opts, visit: { start() {}, module() {} } });
    dumpSyclbinChunks(src, write, opts);
    return;
  }
  for (const c of held) write(c);
}

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
  examples: ['syclbin dump kernel.syclbin', 'syclbin dump -o out.txt kernel.syclbin', 'cat kernel.syclbin | syclbin dump -'],
  async run({ opts, file: name, files }) {
    let src;
    try {
      src = files.input(name).source;
    } catch (e) {
      throw new CommandFailure(`Failed to open or read file ${name}: ${e instanceof FileFailure ? e.message : errnoText(e)}`);
    }
    // Printed only once the whole file has read (syclbin-dump prints nothing for a file that fails
    // part-way): dumpHeld holds it, or checks the file first when the output is large.
    const out = () => files.output(opts.output);
    let opened: ReturnType<typeof out> | undefined;
    try {
      dumpHeld(src, (c) => (opened ??= out()).write(c), { maxInflatedSize: opts['max-inflated-size'], sharedBlobsFree: true });
    } catch (e) {
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
    const o = opened ?? out();
    o.seal?.();
    return EXIT.OK;
  },
});
