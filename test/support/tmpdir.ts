/**
 * One temporary folder per test run (a mocha root-hook plugin, loaded before any test file by
 * .mocharc.json): TMPDIR points into it, so what the tests and the tools they run leave behind
 * (clang's and clang-linker-wrapper's intermediate files, which a failed link keeps) is removed with
 * it when the run ends, not left in the system's /tmp run after run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const outer = process.env.TMPDIR;
const dir = mkdtempSync(join(tmpdir(), 'syclbin-test-run-'));
process.env.TMPDIR = dir;

/** Mocha root hooks: the folder goes when the run ends (TMPDIR is restored first). */
export const mochaHooks = {
  afterAll(): void {
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
    rmSync(dir, { recursive: true, force: true });
  },
};
