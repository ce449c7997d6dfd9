/**
 * `node --import tsx bench/syclbin-dump.ts [--runs N] [--quick]` (after `npm run build`): syclbin dump at 10k/200k abstract modules vs a header walk, and every command on a 1 GiB file.
 * Kept for the commands the docs quote; it is now the `dump,big-file` workload of bench/run.ts
 * (`npm run bench -- --only dump,big-file`), writing bench/out/syclbin-dump.json instead of bench/results.json.
 */
import { join } from 'node:path';
import { ROOT } from './context.js';
import { main } from './run.js';

process.exitCode = await main(['--only', 'dump,big-file', '--out', join(ROOT, 'bench', 'out', 'syclbin-dump.json'), ...process.argv.slice(2)]);
