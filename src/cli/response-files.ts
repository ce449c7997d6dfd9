/**
 * `@FILE` arguments: the response files LLVM's command-line parsers expand before reading options
 * (llvm/lib/Support/CommandLine.cpp `ExpansionContext::expandResponseFiles`, used by llvm::cl for
 * clang-offload-packager / llvm-offload-binary and sycl-post-link, and by OptTable for llvm-objdump),
 * so the drop-in commands take the same build-script command lines:
 * - the file's text is split as `cl::TokenizeGNUCommandLine` splits it (whitespace separates; `'` and
 *   `"` quote; a backslash takes the next character literally, inside quotes too);
 * - `@FILE` inside a response file is expanded too (paths relative to the working directory, as
 *   llvm::cl's default); a file that includes itself, directly or not, is an error;
 * - an `@FILE` that names no existing file stays an argument, as LLVM leaves it.
 * Bounded: at most MAX_RESPONSE_FILES files and MAX_RESPONSE_BYTES bytes in all are read; no recursion.
 */
import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from './errors.js';
import { concatBytes } from '../codec/index.js';
import { errnoText } from '../node/input.js';

/** How many response files one command line may expand (a chain of distinct files is finite, but no build needs this many). */
export const MAX_RESPONSE_FILES = 10_000;
/** The most bytes read from response files for one command line. */
export const MAX_RESPONSE_BYTES = 64 << 20;
/** The most arguments a command line may expand to (no command needs more; option parsing would slow down past it). */
export const MAX_EXPANDED_ARGUMENTS = 100_000;

/** `cl::TokenizeGNUCommandLine`: the arguments in `text` (stopping once there are more than `limit`). */
export function tokenizeGnu(text: string, limit = Infinity): string[] {
  const out: string[] = [];
  let token = '';
  let inToken = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      token += text[++i];
      inToken = true;
      continue;
    }
    if (c === '"' || c === "'") {
      inToken = true;
      for (i++; i < text.length && text[i] !== c; i++) {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        token += text[i];
      }
      continue;
    }
    // (LLVM's isWhitespace: space, tab, CR, LF; not \v or \f)
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      // (LLVM pushes only non-empty tokens: "" alone is no argument.)
      if (token) out.push(token);
      if (out.length > limit) return out;
      token = '';
      inToken = false;
      continue;
    }
    token += c;
    inToken = true;
  }
  if (inToken && token) out.push(token);
  return out;
}

/** The command line with every `@FILE` argument replaced by the arguments in FILE (see the module comment); relative paths from `cwd`. */
export function expandResponseFiles(args: readonly string[], cwd = '.'): string[] {
  const out: string[] = [];
  // Files being expanded, innermost last: an explicit stack (a chain of response files is input-controlled).
  const stack: { items: readonly string[]; next: number; real?: string }[] = [{ items: args, next: 0 }];
  let files = 0;
  let bytesRead = 0;
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.next >= top.items.length) {
      stack.pop();
      continue;
    }
    const a = top.items[top.next++]!;
    if (!a.startsWith('@') || a.length === 1) {
      out.push(a);
      continue;
    }
    const path = a.slice(1);
    let real: string;
    let size: number;
    try {
      const st = statSync(resolve(cwd, path));
      if (!st.isFile()) throw new Error('not a file');
      size = st.size;
      real = realpathSync(resolve(cwd, path));
    } catch {
      out.push(a); // no such file: an ordinary argument, as LLVM keeps it
      continue;
    }
    if (stack.some((f) => f.real === real)) throw new UsageError(`recursive expansion of: '${path}'`);
    if (++files > MAX_RESPONSE_FILES) throw new UsageError(`more than ${MAX_RESPONSE_FILES} response files on one command line`);
    // Read to at most the bytes left (a /proc file reports size 0 and has no end).
    let bytes: Uint8Array;
    try {
      bytes = readAtMost(real, MAX_RESPONSE_BYTES - bytesRead + 1);
    } catch (e) {
      throw new UsageError(`response file '${path}': ${errnoText(e)}`);
    }
    bytesRead += Math.max(size, bytes.length);
    if (bytesRead > MAX_RESPONSE_BYTES) throw new UsageError(`response files of more than ${MAX_RESPONSE_BYTES} bytes on one command line (at '${path}')`);
    stack.push({ items: tokenizeGnu(new TextDecoder().decode(bytes), MAX_EXPANDED_ARGUMENTS), next: 0, real });
    if (out.length > MAX_EXPANDED_ARGUMENTS) break;
  }
  if (out.length > MAX_EXPANDED_ARGUMENTS || stack.some((f) => f.items.length > MAX_EXPANDED_ARGUMENTS)) {
    throw new UsageError(`the command line expands to more than ${MAX_EXPANDED_ARGUMENTS} arguments`);
  }
  return out;
}

/** The first `limit` bytes of the file at `path` (or all of it when shorter), read in pieces. */
function readAtMost(path: string, limit: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const chunks: Uint8Array[] = [];
    let total = 0;
    while (total < limit) {
      const b = new Uint8Array(Math.min(1 << 20, limit - total));
      const n = readSync(fd, b, 0, b.length, null);
      if (n === 0) break;
      chunks.push(b.subarray(0, n));
      total += n;
    }
    return concatBytes(chunks);
  } finally {
    closeSync(fd);
  }
}
