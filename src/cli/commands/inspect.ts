/**
 * `syclbin inspect FILE`: a readable view richer than `syclbin dump` — variant and envelope details,
 * header fields, the state by name, typed property sets, sizes, targets, archs, offsets, hashes.
 */
import { inspectSyclbin, renderInspect } from '../../syclbin/inspect.js';
import { inspectWithOffsets } from '../../hex/inspect-offsets.js';
import { nodeSha256 } from '../../node/sha256.js';
import { defineCommand, EXIT } from '../command.js';
import { maxInflatedSizeOption, opt, outputOptions } from '../options.js';
import { readSyclbinInput } from '../syclbin-input.js';

export const command = defineCommand({
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
    'no-hash': opt.flag('Do not hash images (reads headers and metadata only)'),
    offsets: opt.flag('Add the byte range of every node (@0xOFFSET+SIZE, from syclbin annotate)'),
    'max-inflated-size': maxInflatedSizeOption(),
    ...outputOptions(),
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin inspect testdata/syclbin/v1_two_modules_mixed.syclbin', 'syclbin inspect --no-hash big.syclbin', 'syclbin inspect --offsets kernel.syclbin'],
  run(ctx) {
    const { file, source } = readSyclbinInput(ctx, ctx.file, { maxInflatedSize: ctx.opts['max-inflated-size'] });
    const sha256 = ctx.opts['no-hash'] ? false : nodeSha256;
    const text = ctx.opts.offsets ? inspectWithOffsets(source, file, { sha256 }) : renderInspect(inspectSyclbin(file, { fileSize: source.size, sha256 }));
    ctx.files.write(ctx.opts.output, text);
    return EXIT.OK;
  },
});
