/**
 * The LLVM tools the IR commands call when they are installed: `llvm-dis` to read bitcode and
 * `llvm-as` to write it (Debian package llvm-19; newer versions and the unversioned names are tried next). Node-only.
 */
import { spawnSync } from 'node:child_process';
import { LowerError } from '../lower/errors.js';
import type { PostLinkTools } from '../lower/post-link/driver.js';

/**
 * What a failed tool said, for an error message: its standard error without the crash report LLVM's
 * signal handler appends (llvm-project:llvm/lib/Support/PrettyStackTrace.cpp's "PLEASE submit a bug
 * report" line, then "Stack dump:" and the frames, which are about the tool, not the input), and how
 * it ended (an exit status, or the signal that killed it: a crash has no exit status).
 */
export function toolFailureText(stderr: string, status: number | null, signal: NodeJS.Signals | null): string {
  const lines = stderr.split(/\r?\n/);
  const crash = lines.findIndex((l) => /^PLEASE submit a bug report|^Stack dump:/.test(l));
  const said = (crash < 0 ? lines : lines.slice(0, crash)).join('\n').trim();
  const ended = signal ? `it crashed with ${signal}` : status === null ? 'it did not finish' : `exit status ${status}`;
  const notes = [...(signal || !said ? [ended] : []), ...(crash < 0 ? [] : ['its crash backtrace is left out'])];
  return said ? (notes.length ? `${said} (${notes.join('; ')})` : said) : notes.join('; ');
}

/**
 * Runs the installed tools of `names` in order with `input` on stdin until one succeeds; undefined
 * when none is installed. A later one is tried when an earlier one fails: an older llvm-dis cannot
 * read a newer LLVM's bitcode ("Unknown attribute kind (102) (Producer: 'LLVM22.1.8' Reader:
 * 'LLVM 19.1.7')"), while the preferred LLVM 19 text stays what the tests were written against.
 */
function runTool(names: readonly string[], args: readonly string[], input: Uint8Array | string): Uint8Array | undefined {
  const failures: string[] = [];
  for (const n of names) {
    const r = spawnSync(n, args, { input, maxBuffer: 1 << 30 });
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') continue;
    if (r.status === 0) return new Uint8Array(r.stdout);
    failures.push(`${n} failed: ${toolFailureText(r.stderr?.toString() ?? '', r.status, r.signal)}`);
  }
  if (failures.length) throw new LowerError(failures.join('; '));
  return undefined;
}

/** llvm-dis: LLVM 19 first (the text our tests were written against), then newer ones, then the unversioned name. */
const LLVM_DIS = ['llvm-dis-19', 'llvm-dis-22', 'llvm-dis-21', 'llvm-dis-20', 'llvm-dis'];

/**
 * llvm-as: the same order. Text that an older llvm-as cannot parse (LLVM 22's `captures(none)`, from
 * a module llvm-dis-22 read) is assembled by the newer one that can.
 */
const LLVM_AS = ['llvm-as-19', 'llvm-as-22', 'llvm-as-21', 'llvm-as-20', 'llvm-as'];

/** llvm-dis / llvm-as through child processes; a clear error naming the package when missing. */
export const llvmTools: PostLinkTools = {
  disassemble(bc) {
    // (with the use-list order bitcode keeps: LLVM's reader of the file restores it, and spec-constant IDs follow it)
    const out = runTool(LLVM_DIS, ['-preserve-ll-uselistorder', '-o', '-', '-'], bc);
    if (!out) throw new LowerError('the input is LLVM bitcode; reading it needs llvm-dis (install the Debian package llvm-19, or llvm-22 for LLVM 22 bitcode) — or pass the .ll text');
    return new TextDecoder().decode(out);
  },
  assemble(text) {
    const out = runTool(LLVM_AS, ['-o', '-', '-'], text);
    if (!out) throw new LowerError('writing bitcode needs llvm-as (install the Debian package llvm-19, or llvm-22 for LLVM 22 IR); add -S to write LLVM IR text');
    return out;
  },
};
