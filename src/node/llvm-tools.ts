/**
 * The LLVM tools the IR commands call when they are installed: `llvm-dis` to read bitcode and
 * `llvm-as` to write it (Debian package llvm-19; the unversioned names are tried next). Node-only.
 */
import { spawnSync } from 'node:child_process';
import { LowerError } from '../lower/errors.js';
import type { PostLinkTools } from '../lower/post-link/driver.js';

/** Runs the first of `names` that is installed with `input` on stdin; undefined when none is. */
function runTool(names: readonly string[], args: readonly string[], input: Uint8Array | string): Uint8Array | undefined {
  for (const n of names) {
    const r = spawnSync(n, args, { input, maxBuffer: 1 << 30 });
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') continue;
    if (r.status !== 0) throw new LowerError(`${n} failed: ${r.stderr?.toString().trim() || `exit status ${r.status}`}`);
    return new Uint8Array(r.stdout);
  }
  return undefined;
}

/** llvm-dis / llvm-as through child processes; a clear error naming the package when missing. */
export const llvmTools: PostLinkTools = {
  disassemble(bc) {
    const out = runTool(['llvm-dis-19', 'llvm-dis'], ['-o', '-', '-'], bc);
    if (!out) throw new LowerError('the input is LLVM bitcode; reading it needs llvm-dis (install the Debian package llvm-19) — or pass the .ll text');
    return new TextDecoder().decode(out);
  },
  assemble(text) {
    const out = runTool(['llvm-as-19', 'llvm-as'], ['-o', '-', '-'], text);
    if (!out) throw new LowerError('writing bitcode needs llvm-as (install the Debian package llvm-19); add -S to write LLVM IR text');
    return out;
  },
};
