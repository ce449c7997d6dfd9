/**
 * `node --import tsx bench/decompress.ts [--runs N] [--quick]` (after `npm run build`): syclbin inspect of a 256 MiB compressed payload vs zcat / zstd -d, and hostile files.
 * Kept for the commands the docs quote; it is now the `decompress` workload of bench/run.ts
 * (`npm run bench -- --only decompress`), writing bench/out/decompress.json instead of bench/results.json.
 */
import { join } from 'node:path';
import { ROOT } from './context.js';
import { main } from './run.js';

process.exitCode = await main(['--only', 'decompress', '--out', join(ROOT, 'bench', 'out', 'decompress.json'), ...process.argv.slice(2)]);
