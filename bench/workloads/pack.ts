/**
 * Packing one image (deterministic incompressible bytes, a real file on disk, not sparse), at two
 * sizes: 256 MiB (table `pack`; Node's start-up, about 80 ms, is then nearly the whole of `cp`'s run)
 * and 1 GiB (table `pack-1g`; the size the benchmark issue measured "Writing 1 GiB" at, where the
 * copy itself dominates). The contenders:
 *  - `cp IMAGE OUT` (the baseline: the copy every packer must at least make; coreutils cp, which
 *    copies in the kernel with copy_file_range(2) where it can);
 *  - `syclbin pack MANIFEST -o OUT` (a bare SYCLBIN v1 holding it as its one IR module);
 *  - `syclbin offload-pack --llvm 19` and `clang-offload-packager-19` (LLVM 19.1,
 *    clang/tools/clang-offload-packager) with the same `--image=file=…,triple=…,arch=…`; their outputs
 *    are compared byte for byte before timing;
 *  - `node bench/node-copy-floor.mjs IMAGE OUT`: the bare read/write loop of a Node program (1 MiB
 *    windows), the floor of any packer in Node, since Node offers copy_file_range(2) only as whole-file
 *    fs.copyFile;
 *  - `node -e 0`.
 * Every output is removed after each run, untimed.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireTool } from '../../test/support/tools.js';
import { bytes, cli, noise, ROOT, runToFile, type BenchContext, type Workload, writeOneImageManifest } from '../context.js';

/** The bare Node copy loop (the floor of a Node packer). */
const FLOOR = join(ROOT, 'bench', 'node-copy-floor.mjs');

/** The pack workload. */
export const pack: Workload = {
  name: 'pack',
  summary: 'syclbin pack / offload-pack vs cp and clang-offload-packager-19 on a 256 MiB and a 1 GiB image',
  run(ctx: BenchContext) {
    const sizes: readonly [string, number][] = ctx.quick ? [['pack', 8 << 20]] : [['pack', 256 << 20], ['pack-1g', 1 << 30]];
    for (const [id, size] of sizes) packOne(ctx, id, size);
  },
};

/** One table: pack an image of `size` bytes, each contender interleaved with the others. */
function packOne(ctx: BenchContext, id: string, size: number): void {
  const t = ctx.tmp;
  const image = join(t, 'image.bin');
  writeFileSync(image, noise(size));
  const manifest = writeOneImageManifest(t, 'image.bin');
  const packager = requireTool('clang-offload-packager-19');
  const spec = `--image=file=${image},triple=spir64-unknown-unknown,arch=pvc`;
  const out = join(t, 'out.bin');
  const rm = (): void => rmSync(out, { force: true });
  // Same bytes as LLVM 19's packager?
  const a = join(t, 'a.offload');
  const b = join(t, 'b.offload');
  runToFile(cli('offload-pack', '--llvm', '19', '-o', a, spec), '/dev/null');
  runToFile([packager, '-o', b, spec], '/dev/null');
  const same = readFileSync(a).equals(readFileSync(b));
  ctx.fact(`${id}.identical`, `${id}: syclbin offload-pack --llvm 19 output vs clang-offload-packager-19: ${same ? 'identical' : 'DIFFERENT'}`, same);
  rmSync(a, { force: true });
  rmSync(b, { force: true });
  ctx.measure({
    id,
    title: `pack one ${bytes(size)} image (incompressible, on disk) into a new file`,
    baseline: 'cp',
    contenders: [
      { name: 'cp', argv: ['cp', image, out], after: rm },
      { name: 'syclbin pack', argv: cli('pack', manifest, '-o', out), after: rm },
      { name: 'syclbin offload-pack --llvm 19', argv: cli('offload-pack', '--llvm', '19', '-o', out, spec), after: rm },
      { name: 'clang-offload-packager-19', argv: [packager, '-o', out, spec], after: rm },
      { name: 'node copy loop (floor)', argv: [process.execPath, FLOOR, image, out], after: rm },
      { name: 'node -e 0', argv: [process.execPath, '-e', '0'] },
    ],
  });
  rmSync(image, { force: true });
}
