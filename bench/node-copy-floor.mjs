// Floor for the pack workload (bench/workloads/pack.ts): the least any Node program can do to copy a
// file into a new one — one reused 1 MiB buffer, positioned readSync, writeSync — with no parsing,
// no temporary file and no rename. Node reaches the kernel's copy_file_range(2) (what `cp` uses) only
// through fs.copyFile, which truncates its destination and copies whole files, so a packer that
// writes a header before the image cannot use it: this loop is what such a packer is measured against.
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

const [src, dst] = process.argv.slice(2);
const WINDOW = 1 << 20;
const fi = openSync(src, 'r');
const fo = openSync(dst, 'w');
const size = fstatSync(fi).size;
const buf = new Uint8Array(WINDOW);
for (let at = 0; at < size; ) {
  const n = readSync(fi, buf, 0, Math.min(WINDOW, size - at), at);
  if (n === 0) break;
  for (let o = 0; o < n; ) o += writeSync(fo, buf, o, n - o);
  at += n;
}
closeSync(fo);
closeSync(fi);
