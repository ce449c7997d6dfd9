/**
 * The CLI run in-process (src/cli/run.ts `runCli`) with its output gathered: what most CLI tests
 * need, in one place. Bytes written to the streams are decoded as UTF-8.
 */
import { runCli } from '../../src/cli/run.js';

/** What a run printed and its exit status. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run `syclbin ARGS` in `cwd` (no environment; `stdin`, when given, is standard input). */
export async function runCliCaptured(args: string[], cwd: string, stdin?: Uint8Array): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const dec = new TextDecoder();
  const code = await runCli(args, {
    stdout: { write: (c) => void (stdout += typeof c === 'string' ? c : dec.decode(c)) },
    stderr: { write: (c) => void (stderr += typeof c === 'string' ? c : dec.decode(c)) },
    cwd,
    env: {},
    ...(stdin ? { stdin: () => stdin } : {}),
  });
  return { code, stdout, stderr };
}
