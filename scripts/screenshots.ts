/**
 * `npm run screenshots`: the inspector's screenshots in docs/img/, taken by the Chromium tests that
 * open it each way (issue 13 §3): served by `syclbin serve` (test/hex/web.test.ts), opened from disk
 * (file://, same test), from the installed npm package (test/package/tarball.test.ts), and the
 * inflated view of a compressed file. The tests write them to test-artifacts/; this copies them.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const SHOTS = ['inspector-serve.png', 'inspector-file.png', 'inspector-installed.png', 'inspector-inflated.png'];

const run = spawnSync('npx', ['mocha', 'test/hex/web.test.ts', 'test/package/tarball.test.ts'], { cwd: ROOT, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
mkdirSync(join(ROOT, 'docs', 'img'), { recursive: true });
for (const name of SHOTS) {
  const from = join(ROOT, 'test-artifacts', name);
  if (!existsSync(from)) throw new Error(`the tests did not write ${from}`);
  copyFileSync(from, join(ROOT, 'docs', 'img', name));
  process.stdout.write(`docs/img/${name}\n`);
}
