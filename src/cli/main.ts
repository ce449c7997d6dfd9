#!/usr/bin/env node
/** The `syclbin` executable: Node edge around runCli. */
import { runCli } from './run.js';

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
