/**
 * The `syclbin` process: standard streams, exit status and a closed pipe around runCli. `main.ts`
 * (tsc's runnable `dist/src/cli/main.js`) and the bundled bin (`dist/cli/main.js`, scripts/build.ts)
 * both call {@link main}; the bin's build also calls {@link runCli} here to compile what commands use.
 */
import { runCli } from './run.js';
import { EXIT } from './command.js';
import { writeSync } from 'node:fs';
import { errnoText } from '../node/input.js';

export { runCli };

/** Run `syclbin` with this process's arguments, streams and environment; sets `process.exitCode`. */
export function main(): void {
  // A closed pipe (`syclbin dump FILE | head`) ends the program quietly, with the status a Unix tool
  // killed by SIGPIPE reports (128 + 13); Node ignores SIGPIPE, so the write fails with EPIPE instead.
  // Any other failure to write (a full disk: `> /dev/full`) is said once, without a stack trace, and
  // ends the program with the command's failure status (2, "trouble", for diff: its 1 means "different").
  let SIGPIPE_STATUS = 141;
  let failureStatus: number = EXIT.FAILURE;
  let prog = 'syclbin';
  let tag = '';
  for (const [stream, what] of [
    [process.stdout, 'standard output'],
    [process.stderr, 'standard error'],
  ] as const) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(SIGPIPE_STATUS);
      if (stream === process.stdout) {
        try {
          process.stderr.write(`${prog}: ${tag}${what}: ${errnoText(e)}\n`);
        } catch {
          /* standard error is gone too */
        }
      }
      process.exit(failureStatus);
    });
  }

  // Standard output is written with blocking writes: process.stdout queues in memory whatever a
  // pipe does not take at once (`syclbin dump BIG | slow-reader` held the whole output, 1.4 GB).
  // A non-blocking pipe (EAGAIN) is waited on, a closed one ends the program as SIGPIPE would.
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const writeOut = (c: string | Uint8Array): void => {
    const b = typeof c === 'string' ? Buffer.from(c) : c;
    for (let at = 0; at < b.length; ) {
      try {
        at += writeSync(1, b, at, b.length - at);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') {
          Atomics.wait(pause, 0, 0, 1);
          continue;
        }
        if (code === 'EPIPE') process.exit(SIGPIPE_STATUS);
        try {
          process.stderr.write(`${prog}: ${tag}standard output: ${errnoText(e)}\n`);
        } catch {
          /* standard error is gone too */
        }
        process.exit(failureStatus);
      }
    }
  };
  const out = {
    write: writeOut,
    get isTTY() {
      return Boolean(process.stdout.isTTY);
    },
  };
  const err = { write: (c: string | Uint8Array) => void process.stderr.write(c), isTTY: Boolean(process.stderr.isTTY) };

  const failureStatusOf = (status: number, name: string, errorTag: string): void => {
    failureStatus = status;
    prog = name;
    tag = errorTag;
  };
  const closedPipeStatus = (status: number): void => {
    SIGPIPE_STATUS = status;
  };
  runCli(process.argv.slice(2), { stdout: out, stderr: err, cwd: process.cwd(), env: process.env, failureStatus: failureStatusOf, closedPipeStatus }).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`syclbin: internal error: ${(e as Error)?.stack ?? String(e)}\n`);
      process.exitCode = 70;
    },
  );
}
