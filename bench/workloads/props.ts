/**
 * Property sets: intel's registry text (`[set]` and `key=type|value` lines, src/props/registry.ts)
 * and upstream LLVM's JSON property sets (llvm-project #147321, src/props/llvm-json.ts), on a
 * registry of 300,000 lines (quick: 10,000): sets of 49 properties, every seventh a 5-byte byte
 * array, the rest uint32s (the shape of a big `[SYCL/specialization constants]`-style metadata).
 *
 * - In-process: `readRegistry` and `writeRegistry` of the text, next to the floor of reading it as
 *   lines at all (`TextDecoder#decode` + `split('\n')`): no C++ reader of intel's text is packaged.
 * - Processes, against libLLVM 22 (Debian clang-22 and llvm-22-dev; the harness
 *   scripts/fixtures/props-json.cpp, built here with clang++-22 -O2):
 *   - writing upstream JSON: `syclbin props --llvm-json R.prop` (reads intel's text, writes
 *     `writePropertiesToJSON`'s bytes) vs `props-json write R.reg` (reads its own tab-separated
 *     listing of the same registry into a `PropertySetRegistry`, calls `writePropertiesToJSON`);
 *     their outputs are compared byte for byte first;
 *   - reading upstream JSON: `syclbin props --encode R.json` (reads it as `readPropertiesFromJSON`
 *     does, writes intel's text) vs `props-json read R.json` (`readPropertiesFromJSON`, then prints
 *     the registry and `writePropertiesToJSON` of it: more output than ours, the same read).
 * Tools: clang++-22 and llvm-config-22 (a missing one stops the workload with its Debian package).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { byteArray, uint32, type PropertySetRegistry, type PropertySet } from '../../src/props/model.js';
import { buildLlvm22Program } from '../../test/support/tools.js';
import { bytes, cli, count, fileSize, load, runToFile, sha256File, ROOT, type BenchContext, type Workload } from '../context.js';

/** The benchmark registry of `n` lines (set headers included), made in memory. */
export function propsRegistry(n: number): PropertySetRegistry {
  const reg: PropertySetRegistry = new Map();
  let set: PropertySet | undefined;
  for (let i = 0; i < n; i++) {
    if (i % 50 === 0) reg.set(`SYCL/set ${i}`, (set = new Map()));
    else set!.set(`key${i}`, i % 7 === 0 ? byteArray(Uint8Array.of(1, 2, 3, 4, i & 0xff)) : uint32(i));
  }
  return reg;
}

/** The harness's `.reg` listing of a registry of ASCII names (scripts/fixtures/props-json.cpp). */
function harnessListing(reg: PropertySetRegistry): string {
  const lines: string[] = [];
  for (const [name, set] of reg) {
    lines.push(`set\t${name}`);
    for (const [key, v] of set) lines.push(v.type === 1 ? `u32\t${key}\t${v.value}` : `bytes\t${key}\t${Buffer.from(v.bytes).toString('hex')}`);
  }
  return lines.join('\n') + '\n';
}

/** The property-set workload. */
export const props: Workload = {
  name: 'props',
  summary: 'property-set text read/write (in-process) and upstream JSON vs libLLVM 22 (processes)',
  async run(ctx: BenchContext) {
    const registry = await load<typeof import('../../src/props/registry.js')>('src/props/registry');
    const llvmJson = await load<typeof import('../../src/props/llvm-json.js')>('src/props/llvm-json');
    const n = ctx.quick ? 10_000 : 300_000;
    const reg = propsRegistry(n);
    const text = registry.writeRegistry(reg);
    const json = llvmJson.writeLlvmPropertiesJson(reg).json;
    const propFile = join(ctx.tmp, 'r.prop');
    const jsonFile = join(ctx.tmp, 'r.json');
    const regFile = join(ctx.tmp, 'r.reg');
    writeFileSync(propFile, text);
    writeFileSync(jsonFile, json);
    writeFileSync(regFile, harnessListing(reg));
    const decoder = new TextDecoder();
    ctx.measure({
      id: 'props-text',
      title: `registry text of ${count(n)} lines (${bytes(text.length)}), in-process`,
      baseline: 'floor: TextDecoder + split lines',
      contenders: [
        { name: 'floor: TextDecoder + split lines', fn: () => decoder.decode(text).split('\n') },
        { name: 'readRegistry', fn: () => registry.readRegistry(text) },
        { name: 'writeRegistry', fn: () => registry.writeRegistry(reg) },
      ],
    });
    ctx.progress('props: building scripts/fixtures/props-json.cpp against libLLVM 22');
    const harness = buildLlvm22Program(join(ROOT, 'scripts', 'fixtures', 'props-json.cpp'), 'props-json', ['-O2']);
    try {
      const ours = join(ctx.tmp, 'ours.json');
      const theirs = join(ctx.tmp, 'theirs.json');
      const ra = runToFile(cli('props', '--llvm-json', propFile), ours);
      const rb = runToFile([harness.exe, 'write', regFile], theirs);
      const identical = ra.status === 0 && rb.status === 0 && sha256File(ours) === sha256File(theirs);
      ctx.fact('props.llvm-json.identical', `props: syclbin props --llvm-json vs libLLVM 22 writePropertiesToJSON: ${identical ? 'identical' : `DIFFERENT (exit ${ra.status}/${rb.status}, ${fileSize(ours)} vs ${fileSize(theirs)} bytes)`}, ${bytes(fileSize(theirs))} of JSON`, identical);
      rmSync(ours, { force: true });
      rmSync(theirs, { force: true });
      // Each direction: the peer (the baseline), then ours.
      for (const [verb, peer, peerArgv, ours, oursArgv] of [
        ['write', 'libLLVM 22 writePropertiesToJSON', [harness.exe, 'write', regFile], 'syclbin props --llvm-json', cli('props', '--llvm-json', propFile)],
        ['read', 'libLLVM 22 readPropertiesFromJSON (+ print, + write JSON)', [harness.exe, 'read', jsonFile], 'syclbin props --encode', cli('props', '--encode', jsonFile)],
      ] as const) {
        ctx.measure({
          id: `props-llvm-json-${verb}`,
          title: `${verb} upstream JSON property sets of ${count(n)} lines (${bytes(json.length)}), output to /dev/null`,
          baseline: peer,
          contenders: [
            { name: peer, argv: peerArgv },
            { name: ours, argv: oursArgv },
          ],
        });
      }
    } finally {
      rmSync(harness.dir, { recursive: true, force: true });
    }
  },
};
