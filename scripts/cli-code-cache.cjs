/*
 * Writes V8's code cache for the `syclbin` bundle (dist/cli/syclbin.cjs.cache, read by dist/cli/main.js:
 * src/cli/bin.cjs says why). Run by scripts/build.ts with plain `node` (no loader, no flags: V8 rejects a
 * cache made under other flags). It loads the bundle exactly as the bin does, runs the commands below
 * in-process with their output discarded, so that what they compile is in the cache, and stores it.
 * The commands are the everyday ones, on files of testdata/: functions they never call stay lazily
 * compiled, as without a cache. Usage: node scripts/cli-code-cache.cjs (from anywhere).
 */
'use strict';
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const { load, CACHE } = require(join(ROOT, 'dist/cli/main.js'));

const TRAINING = [
  ['--help'],
  ['dump', 'testdata/syclbin/v1_object_state.syclbin'],
  ['inspect', 'testdata/syclbin/v1_object_state.syclbin'],
  ['offload-list', 'testdata/offload/multi.v1.bin'],
];

async function train() {
  const { script, exports } = load(undefined);
  const sink = { write() {}, isTTY: false };
  for (const argv of TRAINING) {
    const status = await exports.runCli(argv, { stdout: sink, stderr: sink, cwd: ROOT, env: {} });
    if (status !== 0) throw new Error(`syclbin ${argv.join(' ')} exited ${status} while making the code cache`);
  }
  writeFileSync(CACHE, script.createCachedData());
}

train().catch((e) => {
  console.error(`cli-code-cache: ${e && e.stack ? e.stack : e}`);
  process.exitCode = 1;
});
