/**
 * `syclbin json FILE`: the SYCLBIN object model as JSON (schemas/syclbin.schema.json). 64-bit
 * values are decimal strings; metadata registries are in the `syclbin props --json` shape; images are
 * size + sha256 (+ file offset), `--with-bytes` adds the bytes as standard RFC 4648 base64.
 */
import { syclbinToJson } from '../../syclbin/json.js';
import { nodeSha256 } from '../../node/sha256.js';
import { defineCommand, EXIT } from '../command.js';
import { maxInflatedSizeOption, opt, outputOptions } from '../options.js';
import { readSyclbinInput } from '../syclbin-input.js';
import { CommandFailure } from '../errors.js';

/** Most base64 characters `json --with-bytes` writes: under V8's longest string (2^29 - 24 characters), with room for the rest of the document. */
export const MAX_JSON_BASE64 = (1 << 29) - (1 << 24);

/** `syclbin json`: Print the SYCLBIN object model as JSON (schemas/syclbin.schema.json). */
export const command = defineCommand({
  name: 'json',
  summary: 'Print the SYCLBIN object model as JSON (schemas/syclbin.schema.json)',
  usage: 'json [--with-bytes] [--no-hash] [-o OUT.json] FILE',
  description: `Reads any SYCLBIN variant (bare v1, v1 in an OffloadBinary v1/v2/v3 or the runtime envelope, v2
role entries) and prints: the variant, the envelope (OffloadBinary version, image/offload kind, flags,
string entries, compression), the v1 header's version and reserved bytes, the bundle state, and every
metadata registry in the shape of 'syclbin props --json'; each IR module and native image with its
typed fields (IR type, target, arch), size, sha256 and file offset. 64-bit values are decimal strings.
--with-bytes adds each image's bytes as standard RFC 4648 base64 (with '=' padding; not the intel/llvm
Base64 of property values). Without it, images are read only to hash them; --no-hash leaves the
hashes out and reads headers and metadata only (as 'inspect --no-hash').`,
  options: {
    'with-bytes': opt.flag('Add each image as standard (RFC 4648) base64'),
    'no-hash': opt.flag('Leave out the sha256 of images (reads headers and metadata only)'),
    'max-inflated-size': maxInflatedSizeOption(),
    ...outputOptions(),
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin json kernel.syclbin', 'syclbin json --no-hash big.syclbin', "syclbin json --with-bytes k.syclbin | jq -r '.abstractModules[0].irModules[0].image.base64' | base64 -d > k.spv"],
  async run(ctx) {
    const { file } = await readSyclbinInput(ctx, ctx.file, { maxInflatedSize: ctx.opts['max-inflated-size'] });
    if (ctx.opts['with-bytes']) {
      // Base64 of every image (each once per module that names it) in one JSON text: refused before
      // any is encoded when it cannot fit in one JavaScript string (V8's end, near 2^29 characters),
      // not after minutes of encoding.
      let chars = 0;
      for (const am of file.abstractModules) for (const img of [...am.irModules, ...am.nativeImages]) chars += 4 * Math.ceil(img.image.size / 3);
      if (chars > MAX_JSON_BASE64) {
        throw new CommandFailure(`${ctx.prog}: error: ${ctx.file}: --with-bytes: the images' base64 adds up to ${chars} characters, more than one JSON text this tool builds holds (${MAX_JSON_BASE64}); 'syclbin extract FILE -o DIR' writes the images as files`);
      }
    }
    const doc = syclbinToJson(file, { withBytes: ctx.opts['with-bytes'], sha256: ctx.opts['no-hash'] ? false : nodeSha256 });
    ctx.files.write(ctx.opts.output, JSON.stringify(doc, null, 2) + '\n');
    return EXIT.OK;
  },
});
