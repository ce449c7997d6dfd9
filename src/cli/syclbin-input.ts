/**
 * Reading a SYCLBIN file for a command (dump, inspect, json, extract, specialize): the input through
 * `ctx.files`, the decompression cap option, failures worded as `syclbin-dump` words them.
 */
import { DecodeError, type ByteSource } from '../codec/index.js';
import { readSyclbin, type ReadSyclbinOptions } from '../syclbin/read.js';
import type { SyclbinFile } from '../syclbin/model.js';
import { headlineOf, SyclbinFormatError } from '../syclbin/errors.js';
import type { Context } from './command.js';
import { CommandFailure } from './errors.js';

/** The model of input `name`; a parse failure names the file and says "Failed to parse SYCLBIN file". */
export function readSyclbinInput(ctx: Context<unknown>, name: string, opts: ReadSyclbinOptions = {}): { file: SyclbinFile; source: ByteSource } {
  let source: ByteSource | undefined;
  try {
    source = ctx.files.input(name).source;
    return { file: readSyclbin(source, opts), source };
  } catch (e) {
    if (e instanceof DecodeError) throw new CommandFailure(`${ctx.prog}: ${name}: Failed to parse SYCLBIN file: ${e.message}`);
    throw e;
  }
}

/** The two lines `syclbin dump` prints for a parse failure (LLVM's sentence; our detail with --verbose). */
export function dumpFailure(e: DecodeError, verbose: boolean): string {
  let text = `Failed to parse SYCLBIN file: ${headlineOf(e)}\n`;
  if (verbose) {
    const detail = e instanceof SyclbinFormatError ? e.detail : '';
    text += `  ${detail ? detail + ' ' : ''}(at ${e.path || 'file'}, offset 0x${e.offset.toString(16)})\n`;
  }
  return text;
}

