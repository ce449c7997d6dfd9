/**
 * Listing: `syclbin offload-list` vs `llvm-objdump --offloading` (LLVM 19 and 22, Debian packages
 * llvm-19 / llvm-22) on files of 10,000, 200,000 and 1,000,000 concatenated version-1
 * OffloadBinaries — what `clang-offload-packager` writes, one binary per image, and the only version
 * both released llvm-objdumps read (llvm/lib/Object/OffloadBinary.cpp, `OffloadBinary::create`
 * rejects other versions in LLVM 19 and 22). Each binary holds one image of 16–28 bytes with the
 * packager's `triple` and `arch` strings, offload kinds 1, 2, 3 (LLVM 19's openmp, cuda, hip).
 *
 * `--llvm 19` prints what llvm-objdump-19 prints and the default (22) what llvm-objdump-22 prints;
 * before timing, each pair's outputs are compared byte for byte (SHA-256) and the result printed.
 * The files are generated in batches of 10,000 binaries appended to the file, never whole in memory.
 */
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { OffloadEntryInput } from '../../src/offload/write.js';
import { writeOffloadBinaries } from '../../src/offload/write.js';
import { requireTool } from '../../test/support/tools.js';
import { bytes, cli, count, fileSize, runToFile, sha256File, short, type BenchContext, type Workload } from '../context.js';

const ARCHS = ['sm_70', 'sm_80', 'sm_90', 'gfx90a', 'gfx1030', 'pvc'];
const TRIPLES = ['nvptx64-nvidia-cuda', 'amdgcn-amd-amdhsa', 'spir64-unknown-unknown'];

/** Image `i` of the listing files (deterministic). */
export function listingEntry(i: number): OffloadEntryInput {
  return {
    imageKind: 1 + (i % 5),
    offloadKind: [1, 2, 3, 1][i % 4]!,
    strings: [
      ['triple', TRIPLES[i % 3]!],
      ['arch', ARCHS[i % 6]!],
    ],
    image: Uint8Array.from({ length: 16 + (i % 13) }, (_, j) => (i + j) & 0xff),
  };
}

/** Write `n` version-1 OffloadBinaries (one image each) back to back to `path`, 10,000 at a time. */
export function writeListingFile(n: number, path: string): void {
  const fd = openSync(path, 'w');
  try {
    for (let at = 0; at < n; at += 10_000) {
      const batch: OffloadEntryInput[][] = [];
      for (let i = at; i < Math.min(n, at + 10_000); i++) batch.push([listingEntry(i)]);
      writeSync(fd, writeOffloadBinaries(batch, { version: 1 }));
    }
  } finally {
    closeSync(fd);
  }
}

/** The listing workload. */
export const listing: Workload = {
  name: 'listing',
  summary: 'syclbin offload-list vs llvm-objdump-19/-22 --offloading, 10k/200k/1M v1 binaries',
  run(ctx: BenchContext) {
    const od19 = requireTool('llvm-objdump-19');
    const od22 = requireTool('llvm-objdump-22');
    const sizes = ctx.quick ? [1_000, 5_000, 20_000] : [10_000, 200_000, 1_000_000];
    for (const n of sizes) {
      const file = join(ctx.tmp, `listing-${n}.bin`);
      ctx.progress(`listing: writing ${count(n)} binaries`);
      writeListingFile(n, file);
      const id = `listing-${short(n)}`;
      // Same output? (also warms the page cache)
      const same: string[] = [];
      for (const [ours, theirs, era] of [
        [cli('offload-list', '--llvm', '19', file), [od19, '--offloading', file], '19'],
        [cli('offload-list', file), [od22, '--offloading', file], '22'],
      ] as const) {
        const a = join(ctx.tmp, 'ours.txt');
        const b = join(ctx.tmp, 'theirs.txt');
        const ra = runToFile(ours, a);
        const rb = runToFile(theirs, b);
        const identical = ra.status === 0 && rb.status === 0 && sha256File(a) === sha256File(b);
        same.push(`LLVM ${era}: ${identical ? 'identical' : `DIFFERENT (exit ${ra.status}/${rb.status}, ${fileSize(a)} vs ${fileSize(b)} bytes)`}, ${bytes(fileSize(b))} of text`);
        ctx.fact(`${id}.identical${era}`, `${id}: syclbin offload-list${era === '19' ? ' --llvm 19' : ''} output vs llvm-objdump-${era} --offloading: ${same[same.length - 1]}`, identical);
        rmSync(a, { force: true });
        rmSync(b, { force: true });
      }
      ctx.measure({
        id,
        title: `list ${count(n)} version-1 OffloadBinaries (${bytes(fileSize(file))}), output to /dev/null`,
        baseline: 'llvm-objdump-19 --offloading',
        contenders: [
          { name: 'llvm-objdump-19 --offloading', argv: [od19, '--offloading', file] },
          { name: 'syclbin offload-list --llvm 19', argv: cli('offload-list', '--llvm', '19', file) },
          { name: 'llvm-objdump-22 --offloading', argv: [od22, '--offloading', file] },
          { name: 'syclbin offload-list', argv: cli('offload-list', file), compareTo: 'llvm-objdump-22 --offloading' },
          { name: 'node -e 0', argv: [process.execPath, '-e', '0'] },
        ],
      });
      rmSync(file, { force: true });
    }
  },
};
