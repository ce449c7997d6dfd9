/**
 * `syclbin inspect FILE`: a readable view richer than `syclbin dump` — variant and envelope details,
 * header fields, the state by name, typed property sets, sizes, targets, archs, offsets, hashes.
 */
import { inspectSyclbin, renderInspect } from '../../syclbin/inspect.js';
import { EXIT, type Command } from '../command.js';
import { emit, nodeSha256, openSyclbin } from './json.js';
import { inspectWithOffsets } from '../../hex/inspect-offsets.js';
import { readInput } from '../../node/files.js';

export const command: Command = {
  name: 'inspect',
  summary: 'Show a SYCLBIN file in detail: envelope, state, typed metadata, images with sizes and hashes',
  usage: 'inspect [--no-hash] [--offsets] [-o OUT.txt] FILE',
  description: `Reads any SYCLBIN variant and prints what it is (bare v1, v1 in an OffloadBinary entry or the SYCL
runtime envelope, v2 role entries), the envelope (OffloadBinary version, image and offload kind by
name, flags, string entries, compression), the v1 header's version and reserved bytes, the bundle
state by name, and for every abstract module its typed property sets (spec constants, device globals,
aspects, ... as 'syclbin props' shows them) and its IR modules (type, target) and native images (arch,
target) with size, file offset and sha256. The text is for people; use 'syclbin dump' for the
syclbin-dump contract and 'syclbin json' for programs. --no-hash skips hashing, so image bytes are
never read (fast on huge files).`,
  options: {
    'no-hash': { type: 'boolean', description: 'Do not hash images (reads headers and metadata only)' },
    offsets: { type: 'boolean', description: 'Add the byte range of every node (@0xOFFSET+SIZE, from syclbin annotate; reads the whole file)' },
    output: { type: 'string', short: 'o', arg: 'FILE', description: "Write to FILE (atomically) instead of standard output ('-' = stdout)" },
    'max-inflated-size': { type: 'string', arg: 'BYTES', description: 'Cap on decompressed OffloadBinary v3 payloads (default 1G)' },
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin inspect testdata/syclbin/v1_two_modules_mixed.syclbin', 'syclbin inspect --no-hash big.syclbin', 'syclbin inspect --offsets kernel.syclbin'],
  run(ctx) {
    const r = openSyclbin(ctx, 'inspect');
    if (typeof r === 'number') return r;
    try {
      const sha256 = ctx.values['no-hash'] === true ? false : nodeSha256;
      if (ctx.values.offsets === true) emit(ctx, inspectWithOffsets(readInput(ctx.io.cwd, ctx.positionals[0]!), r.file, { sha256 }));
      else emit(ctx, renderInspect(inspectSyclbin(r.file, { fileSize: r.src.size, sha256 })));
    } finally {
      r.src.close();
    }
    return EXIT.OK;
  },
};
