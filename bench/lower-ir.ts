/**
 * `node --import tsx bench/lower-ir.ts [--runs N] [--quick]` (after `npm run build`): lowering 10,000 spec constants from a manifest and from LLVM IR (vs llvm-as-19).
 * Kept for the commands the docs quote; it is now the `lower` workload of bench/run.ts
 * (`npm run bench -- --only lower`), writing bench/out/lower-ir.json instead of bench/results.json.
 */
import { join } from 'node:path';
import { ROOT } from './context.js';
import { main } from './run.js';

process.exitCode = await main(['--only', 'lower', '--out', join(ROOT, 'bench', 'out', 'lower-ir.json'), ...process.argv.slice(2)]);
