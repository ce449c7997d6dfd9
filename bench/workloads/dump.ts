/**
 * `syclbin dump` at 10,000 and 200,000 abstract modules (bare SYCLBIN v1 written by our writer, one
 * 64-byte IR module per abstract module with type/target metadata), against:
 *  - walk: `node bench/syclbin-walk-baseline.mjs FILE` — a hand-written DataView walk with positioned
 *    reads (file header, the three header tables, the metadata table; no parsing): the least a
 *    "headers only" reader costs in Node (the baseline);
 *  - `cat FILE` (reading every byte) and `node -e 0` (Node's start-up).
 * And in-process (no start-up, code optimised): the CLI's streaming dump (dumpSyclbinSource over a file
 * source, dist/) vs the same DataView walk done in-process; the bytes the dump read are printed.
 */
import { closeSync, fstatSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringProperty, uint32, type PropertyValue } from '../../src/props/model.js';
import type { SyclbinFile } from '../../src/syclbin/model.js';
import { memoryBlob, writeSyclbin } from '../../src/syclbin/write.js';
import { bytes, cli, count, fileSize, load, ROOT, short, type BenchContext, type Workload } from '../context.js';

/** The header walk baseline script. */
export const WALK = join(ROOT, 'bench', 'syclbin-walk-baseline.mjs');

/**
 * A bare SYCLBIN v1 file of `n` abstract modules, one 64-byte IR module each. Each module and IR
 * module has a metadata blob of its own, as a compiler writes them; `distinct` false: they say what
 * a compiler's mostly do (one target, optimisation levels 0–3, so most blobs repeat an earlier
 * one's bytes); true: every blob differs (module `a` has optimisation level `a` and an IR target
 * of its own), the case where every blob is parsed.
 */
export function writeManyModules(n: number, path: string, distinct = false): void {
  const target = stringProperty('spir64-unknown-unknown');
  const file: SyclbinFile = {
    version: 1,
    envelope: { kind: 'none' },
    globalMetadata: new Map([['SYCLBIN/global metadata', new Map([['state', uint32(2)]])]]),
    abstractModules: Array.from({ length: n }, (_, a) => ({
      metadata: new Map([['SYCL/misc properties', new Map([['optLevel', uint32(distinct ? a : a % 4)]])]]),
      irModules: [
        {
          metadata: new Map([['SYCLBIN/ir module metadata', new Map<string, PropertyValue>([['type', uint32(0)], ['target', distinct ? stringProperty(`spir64-unknown-unknown-m${a}`) : target]])]]),
          image: memoryBlob(Uint8Array.from({ length: 64 }, (_, i) => (i * 7 + a) & 0xff)),
        },
      ],
      nativeImages: [],
    })),
  };
  writeFileSync(path, writeSyclbin(file));
}

/** The DataView header walk of bench/syclbin-walk-baseline.mjs, in-process; returns a checksum. */
export function walkInProcess(path: string): number {
  const fd = openSync(path, 'r');
  try {
    const read = (pos: number, len: number): Uint8Array => {
      const b = new Uint8Array(len);
      for (let at = 0; at < len; ) {
        const n = readSync(fd, b, at, len - at, pos + at);
        if (n === 0) break;
        at += n;
      }
      return b;
    };
    const h = read(0, 56);
    const dv = new DataView(h.buffer);
    const n = dv.getUint32(8, true);
    const m = dv.getUint32(12, true);
    const l = dv.getUint32(16, true);
    const tables = read(56, 32 * (n + m + l));
    const md = read(56 + tables.length, Number(dv.getBigUint64(24, true)));
    const tv = new DataView(tables.buffer);
    let lines = 0;
    for (let a = 0; a < n; a++) lines += tv.getUint32(32 * a + 16, true);
    fstatSync(fd);
    return lines + md.length;
  } finally {
    closeSync(fd);
  }
}

/** The dump workload. */
export const dump: Workload = {
  name: 'dump',
  summary: 'syclbin dump vs a DataView header walk (and cat, node -e 0) at 10k/200k abstract modules',
  async run(ctx: BenchContext) {
    const { dumpSyclbinSource } = await load<typeof import('../../src/syclbin/dump.js')>('src/syclbin/dump');
    const { openFileSource } = await load<typeof import('../../src/node/file-source.js')>('src/node/file-source');
    const sizes: [number, boolean][] = ctx.quick ? [[1_000, false], [5_000, false], [5_000, true]] : [[10_000, false], [200_000, false], [200_000, true]];
    for (const [n, distinct] of sizes) {
      const file = join(ctx.tmp, `am-${n}${distinct ? '-distinct' : ''}.syclbin`);
      ctx.progress(`dump: writing ${count(n)} abstract modules${distinct ? ', every metadata blob distinct' : ''}`);
      writeManyModules(n, file, distinct);
      const id = `dump-${short(n)}${distinct ? '-distinct' : ''}`;
      ctx.measure({
        id,
        title: `dump a bare SYCLBIN v1 of ${count(n)} abstract modules (${bytes(fileSize(file))})${distinct ? ', every metadata blob distinct' : ''}, output to /dev/null`,
        baseline: 'walk (node DataView header walk)',
        contenders: [
          { name: 'walk (node DataView header walk)', argv: [process.execPath, WALK, file] },
          { name: 'syclbin dump', argv: cli('dump', file) },
          { name: 'cat', argv: ['cat', file] },
          { name: 'node -e 0', argv: [process.execPath, '-e', '0'] },
        ],
      });
      let bytesRead = 0;
      ctx.measure({
        id: `${id}-inprocess`,
        title: `the same in-process: streaming dump (dumpSyclbinSource over a file source) vs the DataView walk`,
        baseline: 'walk in-process',
        contenders: [
          { name: 'walk in-process', fn: () => walkInProcess(file) },
          {
            name: 'dumpSyclbinSource (file source)',
            fn: () => {
              const s = openFileSource('/', file);
              dumpSyclbinSource(s);
              bytesRead = s.bytesRead;
              s.close();
            },
          },
        ],
      });
      // (positional reads: a byte two reads cover counts twice, so the sum may pass the file's size)
      ctx.fact(`${id}.bytesRead`, `${id}: the dump's reads came to ${count(bytesRead)} bytes, from a file of ${count(fileSize(file))}`, { bytesRead, fileBytes: fileSize(file) });
      rmSync(file, { force: true });
    }
  },
};
