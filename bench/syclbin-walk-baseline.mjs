// Baseline for bench/syclbin-dump.ts: the least a "headers only" SYCLBIN v1 reader can do in Node —
// a hand-written DataView walk with positioned reads: file header, the three header tables and the
// metadata table (the text is not parsed), then one line per abstract module. No validation.
import { openSync, readSync, fstatSync, closeSync, writeSync } from 'node:fs';

const fd = openSync(process.argv[2], 'r');
const size = fstatSync(fd).size;
const read = (pos, len) => {
  const b = Buffer.allocUnsafe(len);
  let at = 0;
  while (at < len) {
    const n = readSync(fd, b, at, len - at, pos + at);
    if (n === 0) break;
    at += n;
  }
  return b;
};
const h = read(0, 56);
const dv = new DataView(h.buffer, h.byteOffset, 56);
const n = dv.getUint32(8, true), m = dv.getUint32(12, true), l = dv.getUint32(16, true);
const mdSize = Number(dv.getBigUint64(24, true));
const tables = read(56, 32 * (n + m + l));
const md = read(56 + tables.length, mdSize);
const tv = new DataView(tables.buffer, tables.byteOffset, tables.length);
let out = `size ${size} modules ${n} ir ${m} native ${l} metadata ${md.length}\n`;
for (let a = 0; a < n; a++) out += `module ${a}: ${tv.getUint32(32 * a + 16, true)} IR, ${tv.getUint32(32 * a + 24, true)} native\n`;
for (let i = 0; i < m; i++) out += `ir ${i}: ${tv.getBigUint64(32 * n + 32 * i + 24, true)} bytes\n`;
writeSync(1, out);
closeSync(fd);
