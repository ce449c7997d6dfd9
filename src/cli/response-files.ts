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
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from './errors.js';

/** How many response files one command line may expand (a chain of distinct files is finite, but no build needs this many). */
export const MAX_RESPONSE_FILES = 10_000;
/** The most bytes read from response files for one command line. */
export const MAX_RESPONSE_BYTES = 64 << 20;

/** `cl::TokenizeGNUCommandLine`: the arguments in `text`. */
export function tokenizeGnu(text: string): string[] {
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
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\v' || c === '\f') {
      // (LLVM pushes only non-empty tokens: "" alone is no argument.)
      if (token) out.push(token);
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
    bytesRead += size;
    if (bytesRead > MAX_RESPONSE_BYTES) throw new UsageError(`response files of more than ${MAX_RESPONSE_BYTES} bytes on one command line (at '${path}')`);
    const bytes = readFileSync(real);
    stack.push({ items: tokenizeGnu(new TextDecoder().decode(bytes)), next: 0, real });
  }
  return out;
}
