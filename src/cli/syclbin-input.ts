/**
 * Reading a SYCLBIN file for a command (dump, inspect, json, extract, specialize): the input through
 * `ctx.files`, the decompression cap option, failures worded as `syclbin-dump` words them.
 */
import { DecodeError, messageWithoutHint, type ByteSource } from '../codec/index.js';
import { readSyclbin, type ReadSyclbinOptions } from '../syclbin/read.js';
import type { SyclbinFile } from '../syclbin/model.js';
import { headlineOf, SyclbinFormatError } from '../syclbin/errors.js';
import type { Context } from './command.js';
import { CommandFailure } from './errors.js';

/**
 * The model of input `name`; a parse failure names the file and says "Failed to parse SYCLBIN file",
 * and for a file that is something else (an OffloadBinary, an object, property sets) what it is and
 * which command reads it ({@link notSyclbinNote}).
 */
export async function readSyclbinInput(ctx: Context<unknown>, name: string, opts: ReadSyclbinOptions & { extracting?: boolean } = {}): Promise<{ file: SyclbinFile; source: ByteSource }> {
  const { extracting, ...read } = opts;
  let source: ByteSource | undefined;
  try {
    source = ctx.files.input(name).source;
    return { file: readSyclbin(source, read), source };
  } catch (e) {
    if (e instanceof DecodeError) {
      const note = source ? await notSyclbinNote(source, name, { maxInflatedSize: opts.maxInflatedSize, extracting }) : '';
      // A file that is something else: what it is comes first, the SYCLBIN reader's complaint
      // (about a structure the file does not have) second, as a note. Only dump, the drop-in of
      // syclbin-dump, keeps LLVM's error line first (and a bare `note:` line under it).
      // (the reader's hint names library functions; the note says what the file is in CLI terms)
      const message = messageWithoutHint(e);
      if (note) throw new CommandFailure(`${ctx.prog}: error: ${name}: ${note}\n${ctx.prog}: ${name}: note: read as a SYCLBIN: ${message}`);
      throw new CommandFailure(`${ctx.prog}: error: ${name}: Failed to parse SYCLBIN file: ${message}`);
    }
    throw e;
  }
}

/**
 * For a file that failed to parse as a SYCLBIN: a note (its text, without prefix or newline:
 * `not a SYCLBIN: <what it is>; see '<command>'`) saying what it is instead and which command reads it (`props` for property-set text, `offload-list` /
 * `offload-extract` for OffloadBinaries, objects, archives and programs, `inspect` for anything), or
 * '' when it looks like a SYCLBIN or like nothing known. The readers of every container are loaded
 * only here.
 */
export async function notSyclbinNote(src: ByteSource, name: string, opts: { maxInflatedSize?: number; extracting?: boolean } = {}): Promise<string> {
  // Told by their first bytes, without reading on: a bundle file's entries may inflate to a gigabyte,
  // and a thin archive's members are other files (what the offload commands and inspect read).
  const head = src.read(0, Math.min(64, src.size));
  const { BUNDLE_SNIFF, holdsOffloadBundle } = await import('../containers/offload-bundle.js');
  if (holdsOffloadBundle(head.subarray(0, BUNDLE_SNIFF), src.size)) return `not a SYCLBIN: a clang-offload-bundler file (HIP --cuda-device-only output) — ${src.size} bytes; see 'syclbin inspect ${name}'`;
  const { isThinArchive } = await import('../containers/thin-archive.js');
  if (isThinArchive(head)) return `not a SYCLBIN: a thin archive (its members are the files it names) — ${src.size} bytes; see 'syclbin inspect ${name}' or '${opts.extracting ? `syclbin offload-extract ${name} -o DIR` : `syclbin offload-list ${name}`}'`;
  const { notSyclbinInput } = await import('../inspect/input.js');
  const what = notSyclbinInput(src, { maxInflatedSize: opts.maxInflatedSize });
  if (!what) {
    // LLVM IR text is no container: its reader is loaded only to tell it.
    if (src.size === 0) return '';
    const ir = await import('../lower/inspect-ir.js');
    return ir.looksLikeIrText(src.read(0, Math.min(ir.IR_HEAD, src.size)), src.size <= ir.IR_HEAD) ? `not a SYCLBIN: LLVM IR text; see 'syclbin inspect ${name}' or 'syclbin lower ${name}'` : '';
  }
  const commands = [`syclbin inspect ${name}`];
  // A module that embeds nothing has nothing to list or extract: inspect alone explains it.
  if (what.kind === 'property-sets') commands.push(`syclbin props ${name}`);
  else if (what.kind !== 'module') commands.push(opts.extracting ? `syclbin offload-extract ${name} -o DIR` : `syclbin offload-list ${name}`);
  // SYCLBIN images inside (a clang -fembed-offload-object object, a multi-entry binary): how to get them out.
  const count = what.syclbinImages?.() ?? 0;
  // (`extract` already names that command among the ones to see: not again)
  const inside = !count ? '' : opts.extracting ? `; it holds ${count} SYCLBIN image(s), which that command writes out as files this command reads` : `; it holds ${count} SYCLBIN image(s): 'syclbin offload-extract ${name} -o DIR' writes them out as files this command reads`;
  return `not a SYCLBIN: ${what.tree.label}; see ${commands.map((c) => `'${c}'`).join(' or ')}${inside}`;
}

/**
 * The note for an offload command's input that no reader took when it is LLVM IR text (a host
 * module `clang -S -emit-llvm` wrote): the LLVM tools read bitcode, not text, and `inspect` shows
 * what the module embeds. Undefined for anything else.
 */
export async function irTextInputNote(src: ByteSource, name: string, peer: string): Promise<string | undefined> {
  if (src.size === 0) return undefined;
  const ir = await import('../lower/inspect-ir.js');
  if (!ir.looksLikeIrText(src.read(0, Math.min(ir.IR_HEAD, src.size)), src.size <= ir.IR_HEAD)) return undefined;
  return `the input is LLVM IR text, which ${peer} does not read either (it reads host bitcode: 'llvm-as ${name}' makes it); 'syclbin inspect ${name}' shows the objects the module embeds`;
}

/** Why a limit stopped the reader: our detail under LLVM's sentence (`Invalid data …`), without its parentheses. */
export function limitReason(e: DecodeError): string {
  if (!(e instanceof SyclbinFormatError)) return e.reason;
  return /^\(.*\)$/s.test(e.detail) ? e.detail.slice(1, -1) : e.detail;
}

/** The two lines `syclbin dump` prints for a parse failure (LLVM's sentence; our detail with --verbose). */
export function dumpFailure(e: DecodeError, verbose: boolean): string {
  const headline = headlineOf(e);
  let text = `Failed to parse SYCLBIN file: ${headline}\n`;
  if (verbose) {
    // Our reason where the headline is LLVM's own (shorter) message for it, e.g. a property line's
    // line, column and what was wrong.
    const detail = e instanceof SyclbinFormatError ? e.detail : e.reason !== headline ? e.reason : '';
    // (an error of the whole file has no path: "(at offset 0x0)", as json and verify give it)
    text += `  ${detail ? detail + ' ' : ''}(at ${e.path ? `${e.path}, ` : ''}offset 0x${e.offset.toString(16)})\n`;
  }
  return text;
}

