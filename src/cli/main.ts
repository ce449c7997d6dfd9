#!/usr/bin/env node
/** The `syclbin` executable: Node edge around runCli. */
import { runCli } from './run.js';

// A closed pipe (`syclbin dump FILE | head`) ends the program quietly, with the status a Unix tool
// killed by SIGPIPE reports (128 + 13); Node ignores SIGPIPE, so the write fails with EPIPE instead.
const SIGPIPE_STATUS = 141;
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(SIGPIPE_STATUS);
    throw e;
  });
}

const out = {
  write: (c: string | Uint8Array) => void process.stdout.write(c),
  get isTTY() {
    return Boolean(process.stdout.isTTY);
  },
};
const err = { write: (c: string | Uint8Array) => void process.stderr.write(c), isTTY: Boolean(process.stderr.isTTY) };

runCli(process.argv.slice(2), { stdout: out, stderr: err, cwd: process.cwd(), env: process.env }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`syclbin: internal error: ${(e as Error)?.stack ?? String(e)}\n`);
    process.exitCode = 70;
  },
);
