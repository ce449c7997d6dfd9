/**
 * Every command that takes a SYCLBIN or OffloadBinary file, on a 1 GiB one: wall time and peak RSS
 * against `node -e 0` (Node's start-up: the floor of any command) and `cat` (reading every byte);
 * the commands that must read every image byte (hashes, comparison) also against `sha256sum` and `cmp`
 * on the same files.
 *
 * Inputs (sparse: the 1 GiB of zeros is a hole, so generating them writes a few hundred bytes):
 *  - a bare SYCLBIN v1 with one abstract module holding one 1 GiB IR module (header block and
 *    metadata laid out by testdata/syclbin/generate.ts `handSybiHead`), and a second, identical file
 *    for `diff`;
 *  - a version-1 OffloadBinary with one 1 GiB image (kind object, triple/arch strings; header written by
 *    our writer around a 1 GiB blob that is never read), for the offload-* commands; llvm-objdump-19
 *    lists it too, for reference;
 *  - a 1 GiB file of zeros (hole) as the image of `pack` and `offload-pack`.
 * Commands that write files (extract, pack, offload-extract, offload-pack) write into the temporary
 * directory; what they wrote is removed after each run, untimed. `props`, `lower`, `post-link`,
 * `specialize` and `serve` take no container file and are not in this table.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BlobRef } from '../../src/codec/index.js';
import { offloadBinaryChunks } from '../../src/offload/write.js';
import { handSybiHead } from '../../testdata/syclbin/generate.js';
import { requireTool } from '../../test/support/tools.js';
import { bytes, cli, ROOT, writeSparse, type BenchContext, type Workload, writeOneImageManifest } from '../context.js';

/** A bare SYCLBIN v1 whose one IR module is `size` bytes of zeros (sparse). */
export function writeBigSyclbin(path: string, size: number): void {
  const g = '[SYCLBIN/global metadata]\nstate=1|0\n';
  const ir = '[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=2|wCAAAAAAAAwcwlmc2QTL152au92du1Sdutmbvdnb\n';
  const head = handSybiHead({
    md: new TextEncoder().encode(g + ir),
    bin: new Uint8Array(0),
    binSize: size,
    global: [0, g.length],
    ams: [{ md: [0, 0], ir: [1, 0], native: [0, 0] }],
    irs: [{ md: [g.length, ir.length], bytes: [0, size] }],
    natives: [],
  });
  writeSparse(path, head, head.length + size);
}

/** A version-1 OffloadBinary with one image of `size` zero bytes (sparse); the image is never materialised. */
export function writeBigOffload(path: string, size: number): void {
  const never = (): Uint8Array => {
    throw new Error('the big image is not materialised');
  };
  const image: BlobRef = { offset: undefined, size, bytes: never, slice: never };
  const chunks = offloadBinaryChunks([{ imageKind: 1, offloadKind: 1, strings: [['triple', 'x86_64-unknown-linux-gnu'], ['arch', 'native']], image }], { version: 1 });
  const head = chunks[0] as Uint8Array;
  let total = 0;
  for (const c of chunks) total += c instanceof Uint8Array ? c.length : c.size;
  writeSparse(path, head, total);
}

/** Our CLI's floor: start-up plus a dump of a 252-byte file. */
export const CLI_FLOOR = 'syclbin dump (252-byte file)';
const TINY = join(ROOT, 'testdata', 'syclbin', 'v1_legacy_252.syclbin');

/** Names of the commands that should read headers and metadata only (the goal of issue "bench"). */
export const HEADER_ONLY = ['syclbin dump', 'syclbin inspect --no-hash', 'syclbin annotate', 'syclbin hexdump', 'syclbin verify', 'syclbin json --no-hash', 'syclbin offload-list'];

/**
 * Commands that read every image byte by design, with the peer that reads the same bytes the same way:
 * `json` and `inspect` print each image's SHA-256 (as `sha256sum` does), `diff` compares two images
 * (as `cmp` does).
 */
export const READ_ALL: readonly (readonly [ours: string, peer: string])[] = [
  ['syclbin json', 'sha256sum'],
  ['syclbin inspect', 'sha256sum'],
  ['syclbin diff', 'cmp'],
];

/** The 1 GiB workload. */
export const bigFile: Workload = {
  name: 'big-file',
  summary: 'every command on a 1 GiB file: time and peak RSS vs node -e 0 and cat',
  run(ctx: BenchContext) {
    const size = ctx.quick ? 16 << 20 : 1 << 30;
    const t = ctx.tmp;
    const sy = join(t, 'big.syclbin');
    const sy2 = join(t, 'big-copy.syclbin');
    const ob = join(t, 'big.offload');
    const zeros = join(t, 'zeros.img');
    writeBigSyclbin(sy, size);
    writeBigSyclbin(sy2, size);
    writeBigOffload(ob, size);
    writeSparse(zeros, new Uint8Array(0), size);
    const manifest = writeOneImageManifest(t, 'zeros.img');
    const out = join(t, 'out');
    const clean = (): void => rmSync(out, { recursive: true, force: true });
    const mk = (): void => void mkdirSync(out, { recursive: true });
    mk();
    const reset = (): void => {
      clean();
      mk();
    };
    const od19 = requireTool('llvm-objdump-19');
    ctx.fact('big-file.inputs', `big-file: SYCLBIN with one ${bytes(size)} IR module; OffloadBinary v1 with one ${bytes(size)} image; both sparse (holes read as zeros)`, { size });
    ctx.measure({
      id: 'big-file',
      title: `every command on a ${bytes(size)} file (bare SYCLBIN v1 / OffloadBinary v1 with one ${bytes(size)} image), output to /dev/null or the temporary directory`,
      baseline: 'node -e 0',
      contenders: [
        { name: 'node -e 0', argv: [process.execPath, '-e', '0'] },
        { name: 'cat', argv: ['cat', sy] },
        { name: CLI_FLOOR, argv: cli('dump', TINY) },
        { name: 'syclbin dump', argv: cli('dump', sy) },
        { name: 'syclbin inspect --no-hash', argv: cli('inspect', '--no-hash', sy) },
        { name: 'syclbin inspect', argv: cli('inspect', sy) },
        { name: 'syclbin json --no-hash', argv: cli('json', '--no-hash', sy) },
        { name: 'syclbin json', argv: cli('json', sy) },
        { name: 'sha256sum', argv: ['sha256sum', sy] },
        { name: 'syclbin annotate', argv: cli('annotate', sy) },
        { name: 'syclbin hexdump', argv: cli('hexdump', sy) },
        { name: 'syclbin verify', argv: cli('verify', sy) },
        { name: 'syclbin diff', argv: cli('diff', sy, sy2) },
        { name: 'cmp', argv: ['cmp', sy, sy2] },
        { name: 'syclbin extract', argv: cli('extract', sy, '-o', join(out, 'x')), after: reset },
        { name: 'syclbin pack', argv: cli('pack', manifest, '-o', join(out, 'p.syclbin')), after: reset },
        { name: 'syclbin offload-list', argv: cli('offload-list', ob) },
        { name: 'llvm-objdump-19 --offloading', argv: [od19, '--offloading', ob] },
        { name: 'syclbin offload-extract', argv: cli('offload-extract', ob, '-o', join(out, 'ox')), after: reset },
        {
          name: 'syclbin offload-pack',
          argv: cli('offload-pack', '-o', join(out, 'p.offload'), `--image=file=${zeros},triple=spir64-unknown-unknown,arch=pvc`),
          after: reset,
        },
      ],
    });
    clean();
  },
};
