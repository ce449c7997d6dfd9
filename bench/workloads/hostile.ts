/**
 * The hostile inputs of issue 11 that are not compression bombs (those are the `decompress`
 * workload's), each as a command a user runs, against `syclbin verify` of a small property file:
 *
 * - `verify` of property text of 100,000 lines (1.7 MB): once with every key unknown to its known set
 *   (98,000 notes: the shape that was quadratic, 185 s, when each diagnostic copied the line list),
 *   once as sets of a name verify does not know (2,000 notes);
 * - `verify`, `annotate` and `hexdump` of an OffloadBinary with 50,000 strings (the spread of a span
 *   list that overflowed the stack; annotate and hexdump print every byte, about 18 MB of text);
 * - `verify /dev/zero` (read until 4 GiB before; now a device is read up to 16 MiB and refused);
 * - `pack` of manifests naming `/dev/zero` (refused as outside the manifest's folder, and with
 *   `--allow-any-path` as a device read up to 16 MiB), a file outside the folder
 *   (`../../outside.bin`) and a path with a NUL (refused before anything is read). Each refusal is
 *   checked once for its reason before it is measured.
 *
 * Goal (issue 11): each is done (refused, or checked) in under 1 s and under 64 MiB beyond the
 * small-file verify, in every run. The two commands that print the whole file are held to what they
 * print instead (their time and memory are said; the goal is marked for them as not applicable).
 * bench/run.ts lists each case with the other goals, MET or MISSED with its figures; a missed goal
 * does not fail the run (the README says which are missed and why).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeOffloadBinary } from '../../src/offload/write.js';
import type { ContenderResult, TableResult } from '../harness.js';
import { bytes, cli, ROOT, writeOneImageManifest, type BenchContext, type Workload } from '../context.js';

/** The cases held to what they print, not to the goal (their names). */
export const PRINTS_WHOLE_FILE = /^syclbin (annotate|hexdump),/;

/** The slowest run of `c` and its largest peak RSS beyond `baseMiB` (never below 0). */
export function worstBeyond(c: ContenderResult, baseMiB: number): { ms: number; mib: number } {
  let ms = 0;
  let mib = 0;
  for (const s of c.samples) {
    ms = Math.max(ms, s.wallMs);
    mib = Math.max(mib, s.maxRssKiB! / 1024 - baseMiB);
  }
  return { ms, mib };
}

/**
 * The goal lines of the `hostile` table: every case not in {@link PRINTS_WHOLE_FILE} done in under
 * 1 s and under 64 MiB beyond the small verify (the table's first contender) in every run.
 */
export function hostileGoals(table: TableResult): { goal: string; met: boolean; measured: string }[] {
  const base = table.contenders[0]!.rssMiB!.median;
  return table.contenders
    .slice(1)
    .filter((c) => !PRINTS_WHOLE_FILE.test(c.name))
    .map((c) => {
      const w = worstBeyond(c, base);
      return { goal: `hostile: ${c.name}: < 1 s and < 64 MiB beyond a small verify`, met: w.ms < 1000 && w.mib < 64, measured: `slowest run ${w.ms.toFixed(0)} ms, at most ${w.mib.toFixed(0)} MiB beyond` };
    });
}

/** Property text of `n` lines: a set header every 50 lines, of the set `name(i)`, the rest `keyI=1|I`. */
function propertyText(n: number, name: (i: number) => string): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(i % 50 === 0 ? `[${name(i)}]` : `key${i}=1|${i}`);
  return lines.join('\n') + '\n';
}

/** One OffloadBinary v1 whose entry has `n` strings (`triple` and `keyJ=valueJ`). */
function manyStrings(n: number): Uint8Array {
  const strings: [string, string][] = [['triple', 'spir64-unknown-unknown']];
  for (let j = 1; j < n; j++) strings.push([`key${j}`, `value${j}`]);
  return writeOffloadBinary([{ imageKind: 1, offloadKind: 4, strings, image: new Uint8Array(16) }], { version: 1 });
}

/** The hostile-input workload. */
export const hostile: Workload = {
  name: 'hostile',
  summary: "issue 11's hostile inputs (property lines, many strings, devices, manifests) within < 1 s and < 64 MiB beyond a small verify",
  run(ctx: BenchContext) {
    const t = ctx.tmp;
    const lines = ctx.quick ? 10_000 : 100_000;
    const strings = ctx.quick ? 5_000 : 50_000;
    const unknownKeys = join(t, 'unknown-keys.prop');
    writeFileSync(unknownKeys, propertyText(lines, () => 'SYCL/devicelib req mask'));
    const unknownSets = join(t, 'unknown-sets.prop');
    writeFileSync(unknownSets, propertyText(lines, (i) => `SYCL/set ${i}`));
    const many = join(t, 'strings.bin');
    const manyBytes = manyStrings(strings);
    writeFileSync(many, manyBytes);
    // Manifests in their own folder: one naming a device, one a file beside the folder, one a NUL.
    const dir = join(t, 'm');
    mkdirSync(dir);
    writeFileSync(join(t, 'outside.bin'), new Uint8Array(64));
    const manifest = (name: string, file: string): string => {
      const sub = join(dir, name);
      mkdirSync(sub);
      return writeOneImageManifest(sub, file);
    };
    const devManifest = manifest('dev', '/dev/zero');
    const small = 'syclbin verify (small property file)';
    const cases = [
      { name: `syclbin verify, ${lines.toLocaleString('en')} property lines, every key a note`, argv: cli('verify', unknownKeys) },
      { name: `syclbin verify, ${lines.toLocaleString('en')} property lines, unknown sets`, argv: cli('verify', unknownSets) },
      { name: `syclbin verify, OffloadBinary of ${strings.toLocaleString('en')} strings`, argv: cli('verify', many) },
      ...['annotate', 'hexdump'].map((c) => ({ name: `syclbin ${c}, OffloadBinary of ${strings.toLocaleString('en')} strings`, argv: cli(c, many) })),
      { name: 'syclbin verify /dev/zero', argv: cli('verify', '/dev/zero'), expectStatus: [1], reason: /a device that gives more than \d+ bytes/ },
      { name: 'syclbin pack, manifest naming /dev/zero', argv: cli('pack', devManifest, '-o', join(t, 'a.syclbin')), expectStatus: [1], reason: /leaves the manifest's folder/ },
      { name: 'syclbin pack --allow-any-path, manifest naming /dev/zero', argv: cli('pack', '--allow-any-path', devManifest, '-o', join(t, 'a.syclbin')), expectStatus: [1], reason: /a device that gives more than \d+ bytes/ },
      { name: 'syclbin pack, manifest naming ../../outside.bin', argv: cli('pack', manifest('out', '../../outside.bin'), '-o', join(t, 'b.syclbin')), expectStatus: [1], reason: /leaves the manifest's folder/ },
      { name: 'syclbin pack, manifest path with a NUL', argv: cli('pack', manifest('nul', 'a\u0000b.bin'), '-o', join(t, 'c.syclbin')), expectStatus: [1], reason: /contains a NUL character/ },
    ];
    // A refusal is measured only once it is the right one (not, say, a manifest that does not read).
    for (const c of cases) {
      if (!c.reason) continue;
      const r = spawnSync(c.argv[0]!, c.argv.slice(1), { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
      if (r.status !== 1 || !c.reason.test(r.stderr)) throw new Error(`${c.name}: expected status 1 and ${c.reason}, got ${r.status}: ${r.stderr.trim()}`);
    }
    ctx.fact(
      'hostile.files',
      `hostile: property texts of ${lines.toLocaleString('en')} lines (${bytes(Buffer.byteLength(propertyText(lines, () => 'SYCL/devicelib req mask')))}), an OffloadBinary of ${strings.toLocaleString('en')} strings (${bytes(manyBytes.length)})`,
    );
    const r = ctx.measure({
      id: 'hostile',
      title: 'hostile inputs (goal: done in < 1 s and < 64 MiB beyond the small verify, every run); output to /dev/null',
      baseline: small,
      contenders: [{ name: small, argv: cli('verify', join(ROOT, 'testdata/props/sample.prop')) }, ...cases.map(({ reason: _, ...c }) => c)],
    });
    // (the goals themselves are checked with the others: bench/run.ts checkGoals, hostileGoals)
    const base = r.contenders[0]!.rssMiB!.median;
    for (const c of r.contenders.filter((x) => PRINTS_WHOLE_FILE.test(x.name))) {
      const w = worstBeyond(c, base);
      ctx.fact(`hostile.${c.name}`, `hostile: ${c.name}: prints the whole file (goal n/a): slowest run ${w.ms.toFixed(0)} ms, at most ${w.mib.toFixed(0)} MiB beyond`, w);
    }
  },
};
