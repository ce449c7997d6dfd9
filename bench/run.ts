/**
 * Benchmarks (issue 2 §2 and §4), run by `npm run bench` (not part of `npm test`):
 *
 *  1. Decoding a 10,000-entry version-2 OffloadBinary into entries + strings + image views:
 *     our reader vs a hand-written DataView loop (the baseline), binary-parser 2.3.0 and
 *     restructure 3 (both described in test/codec/oracles.ts). Ratios are to the baseline,
 *     measured in the same run.
 *  2. Listing it through the CLI (`node dist/src/cli/main.js offload-list`) vs
 *     `llvm-objdump-19 --offloading` on the same file (wall time of the processes). llvm-objdump-19
 *     accepts only version 1 (it rejects the v2 file after reading its header), so the tools are
 *     also compared on the equivalent file of 10,000 concatenated v1 binaries, which both list.
 *  3. The codec micro-benchmark: decoding N 40-byte Entry structs: ours (decodeRecords over the
 *     formats/ description) vs DataView vs binary-parser vs restructure.
 *
 * Results: a table on stdout and bench/out/results.json (bench/out is gitignored).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import os from 'node:os';
import type { OffloadEntryInput } from '../src/offload/write.js';
import { bpEntry, oracleDecodeBinary, Parser, r, rEntry, rStringEntryV2, rU64, type RStream, type RType } from '../test/codec/oracles.js';
import { requireTool } from '../test/support/tools.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

// Our code is measured as users run it: the tsc output in dist/ (`npm run bench` builds first).
// Running src/ through tsx instead adds esbuild's keepNames `__name` wrappers and is slower.
// Types come from src/; the modules from dist/ when present.
const DIST = join(ROOT, 'dist');
const fromDist = existsSync(join(DIST, 'src', 'offload', 'read.js'));
async function load<T>(rel: string): Promise<T> {
  const url = pathToFileURL(fromDist ? join(DIST, `${rel}.js`) : join(ROOT, `${rel}.ts`)).href;
  return (await import(url)) as T;
}
const { decodeRecords } = await load<typeof import('../src/codec/index.js')>('src/codec/index');
const { OffloadEntry } = await load<typeof import('../formats/offload-binary.js')>('formats/offload-binary');
const { readOffloadBinaries } = await load<typeof import('../src/offload/read.js')>('src/offload/read');
const { writeOffloadBinaries, writeOffloadBinary } = await load<typeof import('../src/offload/write.js')>('src/offload/write');
const { runCli } = await load<typeof import('../src/cli/run.js')>('src/cli/run');
const OUT = join(ROOT, 'bench', 'out');
mkdirSync(OUT, { recursive: true });

// ---------------------------------------------------------------------------------------------
// Timing: warm up, then take the median of several samples, each running the function enough
// times to last >= 50 ms.

function timeIt(fn: () => unknown, minMs = 50, samples = 7): number {
  for (let i = 0; i < 3; i++) fn();
  let reps = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    if (performance.now() - t0 >= minMs / 4) break;
    reps *= 2;
  }
  const times: number[] = [];
  for (let s = 0; s < samples; s++) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    times.push((performance.now() - t0) / reps);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

function wall(cmd: string, args: string[], runs = 5): { ms: number; status: number; stdout: string; stderr: string } {
  const times: number[] = [];
  let last = spawnSync(cmd, args, { maxBuffer: 1 << 30 });
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = spawnSync(cmd, args, { maxBuffer: 1 << 30 });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, status: last.status ?? -1, stdout: last.stdout.toString('utf8'), stderr: last.stderr.toString('utf8') };
}

// ---------------------------------------------------------------------------------------------
// The 10,000-entry file.

const N_ENTRIES = 10_000;
const archs = ['sm_70', 'sm_80', 'sm_90', 'gfx90a', 'gfx1030', 'pvc'];
const triples = ['nvptx64-nvidia-cuda', 'amdgcn-amd-amdhsa', 'spir64-unknown-unknown'];
const entries: OffloadEntryInput[] = Array.from({ length: N_ENTRIES }, (_, i) => ({
  imageKind: 1 + (i % 5),
  offloadKind: [1, 2, 4, 8][i % 4]!,
  strings: [
    ['triple', triples[i % 3]!],
    ['arch', archs[i % 6]!],
    ['producer', `bench-${i}`],
  ],
  image: Uint8Array.from({ length: 16 + (i % 13) }, (_, j) => (i + j) & 0xff),
}));
const v2 = writeOffloadBinary(entries, { version: 2 });
// The same images as LLVM 19 would pack them: one v1 binary each, with sequential kinds.
const v1 = writeOffloadBinaries(entries.map((e, i) => [{ ...e, offloadKind: [1, 2, 3, 1][i % 4]! }]), { version: 1 });
const v2Path = join(OUT, 'offload-10k.v2.bin');
const v1Path = join(OUT, 'offload-10k.v1.bin');
writeFileSync(v2Path, v2);
writeFileSync(v1Path, v1);

interface Decoded {
  count: number;
  keys: number;
  imageBytes: number;
}

// Our reader: the full model (header, entries, string maps, image views).
function ours(bytes: Uint8Array): Decoded {
  const bins = readOffloadBinaries(bytes);
  let keys = 0;
  let imageBytes = 0;
  for (const b of bins) for (const e of b.entries) (keys += e.strings.size), (imageBytes += e.image.length);
  return { count: bins.reduce((a, b) => a + b.entries.length, 0), keys, imageBytes };
}

// The baseline: a hand-written DataView walk doing the same work with the same checks
// (u64 narrowed to safe numbers, ranges inside the binary, NUL-terminated keys, UTF-8 strings).
const utf8 = new TextDecoder();
function dataView(bytes: Uint8Array): Decoded {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u64 = (at: number): number => {
    if (at + 8 > bytes.length) throw new Error('eof');
    const v = dv.getBigUint64(at, true);
    if (v > 9007199254740991n) throw new Error('range');
    return Number(v);
  };
  if (bytes[0] !== 0x10 || bytes[1] !== 0xff || bytes[2] !== 0x10 || bytes[3] !== 0xad) throw new Error('magic');
  const size = u64(8);
  if (size > bytes.length) throw new Error('size');
  const entriesOffset = u64(16);
  const count = u64(24);
  if (entriesOffset + 40 * count > size) throw new Error('entries');
  let keys = 0;
  let imageBytes = 0;
  const out: { imageKind: number; offloadKind: number; flags: number; strings: Map<string, string>; image: Uint8Array }[] = [];
  for (let i = 0; i < count; i++) {
    const at = entriesOffset + 40 * i;
    const imageKind = dv.getUint16(at, true);
    const offloadKind = dv.getUint16(at + 2, true);
    const flags = dv.getUint32(at + 4, true);
    const stringOffset = u64(at + 8);
    const numStrings = u64(at + 16);
    const imageOffset = u64(at + 24);
    const imageSize = u64(at + 32);
    if (stringOffset + 24 * numStrings > size || imageOffset + imageSize > size) throw new Error('range');
    const strings = new Map<string, string>();
    for (let j = 0; j < numStrings; j++) {
      const se = stringOffset + 24 * j;
      const k = u64(se);
      const v = u64(se + 8);
      const vs = u64(se + 16);
      let end = k;
      while (end < size && bytes[end] !== 0) end++;
      if (end >= size || v + vs > size) throw new Error('string');
      strings.set(utf8.decode(bytes.subarray(k, end)), utf8.decode(bytes.subarray(v, v + vs)));
    }
    keys += strings.size;
    const image = bytes.subarray(imageOffset, imageOffset + imageSize);
    imageBytes += image.length;
    out.push({ imageKind, offloadKind, flags, strings, image });
  }
  return { count: out.length, keys, imageBytes };
}

// binary-parser: the whole-binary parser following offsets with pointers (test/codec/oracles.ts).
function binaryParser(bytes: Uint8Array): Decoded {
  const b = oracleDecodeBinary(bytes);
  let keys = 0;
  let imageBytes = 0;
  for (const e of b.entries) {
    const m = new Map(e.strings);
    keys += m.size;
    imageBytes += e.image.length;
  }
  return { count: b.entries.length, keys, imageBytes };
}

// restructure: its structs for header/entries/string entries, a NUL-terminated String for keys,
// and the offsets followed by positioning its DecodeStream (restructure has no absolute pointers
// that fit this layout without a pointer-typed field).
interface RDecodeStream extends RStream {
  readString(length: number, encoding: string): string;
}
const RDecodeStreamCtor = (r as unknown as { DecodeStream: new (b: Uint8Array) => RDecodeStream }).DecodeStream;
const rHeaderV2 = new r.Struct<{ magic: Uint8Array; version: number; size: bigint; entriesOffset: bigint; entriesCount: bigint }>({
  magic: new r.Buffer(4),
  version: r.uint32le,
  size: rU64,
  entriesOffset: rU64,
  entriesCount: rU64,
});
const rCString = new (r as unknown as { String: new (length: null, enc: string) => RType<string> }).String(null, 'utf8');
function restructure(bytes: Uint8Array): Decoded {
  const s = new RDecodeStreamCtor(bytes);
  const h = rHeaderV2.decode(s);
  s.pos = Number(h.entriesOffset);
  const list = new r.Array(rEntry, Number(h.entriesCount)).decode(s);
  let keys = 0;
  let imageBytes = 0;
  for (const e of list) {
    s.pos = Number(e.stringOffset);
    const ses = new r.Array(rStringEntryV2, Number(e.numStrings)).decode(s);
    const strings = new Map<string, string>();
    for (const se of ses) {
      s.pos = Number(se.keyOffset);
      const k = rCString.decode(s);
      s.pos = Number(se.valueOffset);
      strings.set(k, s.readString(Number(se.valueSize), 'utf8'));
    }
    keys += strings.size;
    imageBytes += bytes.subarray(Number(e.imageOffset), Number(e.imageOffset + e.imageSize)).length;
  }
  return { count: list.length, keys, imageBytes };
}

// Sanity: all four decode the same thing.
const expected = ours(v2);
for (const [name, f] of [
  ['DataView', dataView],
  ['binary-parser', binaryParser],
  ['restructure', restructure],
] as const) {
  const got = f(v2);
  if (JSON.stringify(got) !== JSON.stringify(expected)) throw new Error(`${name} decoded ${JSON.stringify(got)}, ours ${JSON.stringify(expected)}`);
}

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: os.cpus()[0]?.model,
  file: { entries: N_ENTRIES, v2Bytes: v2.length, v1Bytes: v1.length },
  oursFrom: fromDist ? 'dist (tsc output)' : 'src via tsx (dist missing: run npm run build)',
};

const rows: [string, string, string][] = [];
function section(title: string): void {
  rows.push([title, '', '']);
}

// 1. Decoding the 10,000-entry v2 file.
section(`1. decode a ${N_ENTRIES}-entry v2 OffloadBinary (${v2.length} bytes)`);
const dec = {
  DataView: timeIt(() => dataView(v2)),
  ours: timeIt(() => ours(v2)),
  'binary-parser': timeIt(() => binaryParser(v2)),
  restructure: timeIt(() => restructure(v2)),
};
for (const [k, ms] of Object.entries(dec)) rows.push([`  ${k}`, `${ms.toFixed(2)} ms`, `${(ms / dec.DataView).toFixed(2)}x`]);
results.decode10k = Object.fromEntries(Object.entries(dec).map(([k, ms]) => [k, { ms, ratioToDataView: ms / dec.DataView }]));

// 2. Listing via the CLI vs llvm-objdump-19.
section('2. list 10,000 images: syclbin offload-list vs llvm-objdump-19 --offloading (process wall time)');
const main = join(ROOT, 'dist', 'src', 'cli', 'main.js');
let objdump: string | undefined;
try {
  objdump = requireTool('llvm-objdump-19');
} catch (e) {
  rows.push(['  llvm-objdump-19 missing', (e as Error).message, '']);
}
const listing: Record<string, unknown> = {};
// In-process (no Node start-up): the library + formatting cost.
const devnull = { write: () => undefined };
const inproc = timeIt(() => runCli(['offload-list', v2Path], { stdout: devnull, stderr: devnull, cwd: ROOT, env: {} }), 200, 5);
const oursV2 = wall(process.execPath, [main, 'offload-list', v2Path]);
const oursV1 = wall(process.execPath, [main, 'offload-list', v1Path]);
const nodeStart = wall(process.execPath, ['-e', '0']);
if (oursV1.status !== 0 || oursV2.status !== 0) throw new Error(`offload-list failed: ${oursV1.stderr}${oursV2.stderr}`);
rows.push(['  syclbin offload-list v2 (in-process, no start-up)', `${inproc.toFixed(1)} ms`, '']);
rows.push(['  node start-up alone (node -e 0)', `${nodeStart.ms.toFixed(1)} ms`, '']);
rows.push(['  syclbin offload-list v2 file', `${oursV2.ms.toFixed(1)} ms`, '']);
rows.push(['  syclbin offload-list v1 file (10,000 v1 binaries)', `${oursV1.ms.toFixed(1)} ms`, '']);
Object.assign(listing, { inProcessV2Ms: inproc, nodeStartupMs: nodeStart.ms, oursV2Ms: oursV2.ms, oursV1Ms: oursV1.ms });
if (objdump) {
  const odV1 = wall(objdump, ['--offloading', v1Path]);
  const odV2 = wall(objdump, ['--offloading', v2Path]);
  if (odV1.status !== 0) throw new Error(`llvm-objdump-19 failed on the v1 file: ${odV1.stderr}`);
  const same = odV1.stdout === oursV1.stdout;
  rows.push(['  llvm-objdump-19 v1 file', `${odV1.ms.toFixed(1)} ms`, `ours/objdump ${(oursV1.ms / odV1.ms).toFixed(2)}x (output ${same ? 'identical' : 'DIFFERS'})`]);
  rows.push(['  llvm-objdump-19 v2 file', `${odV2.ms.toFixed(1)} ms`, `exit ${odV2.status}: ${odV2.stderr.trim().split(': ').slice(-1)[0]}`]);
  rows.push(['  ratio ours(v2) / objdump(v1)', '', `${(oursV2.ms / odV1.ms).toFixed(2)}x`]);
  Object.assign(listing, {
    objdumpV1Ms: odV1.ms,
    objdumpV2Ms: odV2.ms,
    objdumpV2Status: odV2.status,
    outputIdenticalV1: same,
    ratioOursV1ToObjdumpV1: oursV1.ms / odV1.ms,
    ratioOursV2ToObjdumpV1: oursV2.ms / odV1.ms,
  });
}
results.listing = listing;

// 3. Codec micro-benchmark: N Entry structs.
const N_MICRO = 100_000;
section(`3. codec micro-benchmark: decode ${N_MICRO} x 40-byte Entry`);
const micro = new Uint8Array(40 * N_MICRO);
{
  const dv = new DataView(micro.buffer);
  for (let i = 0; i < N_MICRO; i++) {
    const at = 40 * i;
    dv.setUint16(at, i % 7, true);
    dv.setUint16(at + 2, i % 9, true);
    dv.setUint32(at + 4, i, true);
    for (let k = 0; k < 4; k++) dv.setBigUint64(at + 8 + 8 * k, BigInt(i * 8 + k), true);
  }
}
function microDataView(b: Uint8Array): number {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const n = b.length / 40;
  const out: { imageKind: number; offloadKind: number; flags: number; stringOffset: number; numStrings: number; imageOffset: number; imageSize: number }[] = [];
  const u64 = (at: number): number => {
    const v = dv.getBigUint64(at, true);
    if (v > 9007199254740991n) throw new Error('range');
    return Number(v);
  };
  for (let i = 0; i < n; i++) {
    const at = 40 * i;
    out.push({
      imageKind: dv.getUint16(at, true),
      offloadKind: dv.getUint16(at + 2, true),
      flags: dv.getUint32(at + 4, true),
      stringOffset: u64(at + 8),
      numStrings: u64(at + 16),
      imageOffset: u64(at + 24),
      imageSize: u64(at + 32),
    });
  }
  return out.length;
}
const bpEntries = new Parser().array('list', { type: bpEntry, length: N_MICRO });
const rEntries = new r.Array(rEntry, N_MICRO);
const microRes = {
  DataView: timeIt(() => microDataView(micro)),
  ours: timeIt(() => decodeRecords(OffloadEntry, micro).length),
  'binary-parser': timeIt(() => (bpEntries.parse(micro) as { list: unknown[] }).list.length),
  restructure: timeIt(() => rEntries.decode(new RDecodeStreamCtor(micro)).length),
};
if (decodeRecords(OffloadEntry, micro)[N_MICRO - 1]!.imageSize !== (N_MICRO - 1) * 8 + 3) throw new Error('micro decode mismatch');
for (const [k, ms] of Object.entries(microRes)) rows.push([`  ${k}`, `${ms.toFixed(2)} ms`, `${(ms / microRes.DataView).toFixed(2)}x`]);
results.microEntry = Object.fromEntries(Object.entries(microRes).map(([k, ms]) => [k, { ms, ratioToDataView: ms / microRes.DataView }]));

// Print and save.
const w0 = Math.max(...rows.map((r0) => (r0[1] || r0[2] ? r0[0].length : 0)));
let text = `syclbin-toolkit benchmarks — ${results.date} — Node ${process.version} — ${String(results.cpu)} — ours from ${String(results.oursFrom)}\n`;
for (const [a, b, c] of rows) text += b || c ? `${a.padEnd(w0 + 2)}${b.padStart(12)}  ${c}\n` : `\n${a}\n`;
process.stdout.write(text);
writeFileSync(join(OUT, 'results.json'), JSON.stringify(results, null, 2) + '\n');
writeFileSync(join(OUT, 'results.txt'), text);
process.stdout.write(`\nwritten: ${join('bench', 'out', 'results.json')}, results.txt\n`);
