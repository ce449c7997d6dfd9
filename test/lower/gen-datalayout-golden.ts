/**
 * Regenerates testdata/lower/datalayout-golden.json from LLVM 19 itself: for each (data layout,
 * type) pair, `opt-19 -passes=instcombine` folds constant GEPs to `getelementptr i8, ptr %x, i64 N`,
 * which gives
 *   allocSize  = offset of `getelementptr T, ptr %x, i32 1`
 *   abiAlign   = offset of member 1 of `{ i8, T }`
 *   offsets[k] = offset of `getelementptr T, ptr %x, i32 0, i32 k` (structs)
 * Run: npx tsx test/lower/gen-datalayout-golden.ts   (needs opt-19, Debian package llvm-19)
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { typeToString, type IrType } from '../../src/lower/types.js';
import { DEFAULT_SPIR_DATALAYOUT } from '../../src/lower/datalayout.js';
import { typeArb } from './arbitraries.js';

const LAYOUTS = [DEFAULT_SPIR_DATALAYOUT, '', 'e-i64:64-i16:32-f16:32-v96:64-a:32', 'e-p:32:32-i64:32:64-f64:32:64-v128:64-a:0:32-n32'];
const FIXED = [
  'i1', 'i8', 'i16', 'i32', 'i64', 'half', 'float', 'double',
  '<3 x float>', '<2 x float>', '<3 x i8>', '<4 x i32>', '<3 x half>', '<3 x double>', '<5 x i1>', '<16 x i8>', '<3 x i64>',
  '[3 x <3 x float>]', '[0 x i32]', '{}', '<{}>', '{ i8, i32 }', '{ i32, i8 }', '{ i8, { i8, i32, i8 }, i8 }',
  '<{ float, i8, [3 x i8], i32, i8, [3 x i8] }>', '{ double, i8 }', '{ i64, i1 }', '{ <3 x float>, i32 }', '[2 x { i32, i8 }]',
  '{ i8, <{ i32, i8 }>, i16 }', '{ [0 x i64], i8 }', '{ i16, <3 x i8>, i8 }',
];

const randomTypes = fc.sample(typeArb({ i1Vectors: true, empty: true }), { seed: 20240605, numRuns: 60 }).map(typeToString);
const types = [...FIXED, ...randomTypes.filter((t) => !FIXED.includes(t))];

interface Golden { dataLayout: string; type: string; allocSize: number; abiAlign: number; offsets?: number[] }
const out: Golden[] = [];
for (const dl of LAYOUTS) {
  let ir = `target datalayout = "${dl}"\n`;
  const queries: { t: string; what: string }[] = [];
  const q = (t: string, what: string, gep: string): void => {
    ir += `define ptr @q${queries.length}(ptr %x) {\n  %p = getelementptr ${gep}, ptr %x, ${what === 'size' ? 'i32 1' : what === 'align' ? 'i32 0, i32 1' : `i32 0, i32 ${what.slice(1)}`}\n  ret ptr %p\n}\n`;
    queries.push({ t, what });
  };
  for (const t of types) {
    q(t, 'size', t);
    q(t, 'align', `{ i8, ${t} }`);
    const m = /^<?\{(.*)\}>?$/.exec(t);
    if (m && m[1]!.trim() !== '') {
      // count top-level members
      let depth = 0, n = 1;
      for (const ch of m[1]!) { if ('{[<'.includes(ch)) depth++; else if ('}]>'.includes(ch)) depth--; else if (ch === ',' && depth === 0) n++; }
      for (let k = 0; k < n; k++) q(t, `m${k}`, t);
    }
  }
  const res = execFileSync('opt-19', ['-S', '-passes=instcombine', '-o', '-'], { input: ir, encoding: 'utf8' });
  const offsets = new Map<number, number>();
  for (const fn of res.split(/^define /m).slice(1)) {
    const idx = Number(/@q(\d+)/.exec(fn)![1]);
    const g = /getelementptr (?:inbounds )?i8, ptr %x, i(?:32|64) (-?\d+)/.exec(fn);
    offsets.set(idx, g ? Number(g[1]) : 0);
  }
  const byType = new Map<string, Golden>();
  queries.forEach((qq, i) => {
    let g = byType.get(qq.t);
    if (!g) { g = { dataLayout: dl, type: qq.t, allocSize: 0, abiAlign: 0 }; byType.set(qq.t, g); out.push(g); }
    const v = offsets.get(i)!;
    if (qq.what === 'size') g.allocSize = v;
    else if (qq.what === 'align') g.abiAlign = v;
    else (g.offsets ??= []).push(v);
  });
}
const file = new URL('../../testdata/lower/datalayout-golden.json', import.meta.url);
writeFileSync(file, JSON.stringify({ generatedBy: 'test/lower/gen-datalayout-golden.ts with opt-19 (LLVM 19) -passes=instcombine', vectors: out }, null, 1) + '\n');
console.log(`${out.length} vectors`);
export type { IrType };
