/**
 * `syclbin json FILE`: the SYCLBIN object model as JSON (schemas/syclbin.schema.json). 64-bit
 * values are decimal strings; metadata registries are in the `syclbin props --json` shape; images are
 * size + sha256 (+ file offset), `--with-bytes` adds the bytes as standard RFC 4648 base64.
 */
import { createHash } from 'node:crypto';
import { DecodeError } from '../../codec/errors.js';
import { readSyclbin } from '../../syclbin/read.js';
import { syclbinToJson } from '../../syclbin/json.js';
import type { SyclbinFile } from '../../syclbin/model.js';
import { openFileSource, errnoText, type FileSource } from '../../node/file-source.js';
import { writeFileAtomic } from '../../node/files.js';
import { EXIT, type Command, type CommandContext } from '../command.js';
import { parseByteCount } from './offload-list.js';

/** node:crypto SHA-256 (the portable core has its own; this one is faster on large images). */
export const nodeSha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/**
 * Open FILE with positioned reads and read the model; on failure print `syclbin CMD: FILE: <reason>`
 * and return the exit status instead. The caller closes the source.
 */
export function openSyclbin(ctx: CommandContext, cmd: string): { file: SyclbinFile; src: FileSource } | number {
  const name = ctx.positionals[0]!;
  let src: FileSource;
  try {
    src = openFileSource(ctx.io.cwd, name);
  } catch (e) {
    ctx.io.stderr.write(`syclbin ${cmd}: Failed to open or read file ${name}: ${errnoText(e)}\n`);
    return EXIT.FAILURE;
  }
  try {
    const cap = ctx.values['max-inflated-size'];
    const opts = typeof cap === 'string' ? { maxInflatedSize: parseByteCount(cap, '--max-inflated-size') } : {};
    return { file: readSyclbin(src, opts), src };
  } catch (e) {
    src.close();
    if (e instanceof DecodeError) {
      ctx.io.stderr.write(`syclbin ${cmd}: ${name}: Failed to parse SYCLBIN file: ${e.message}\n`);
      return EXIT.FAILURE;
    }
    throw e;
  }
}

export function emit(ctx: CommandContext, data: string | Uint8Array): void {
  const out = ctx.values.output;
  if (typeof out === 'string' && out !== '-') writeFileAtomic(ctx.io.cwd, out, data);
  else ctx.io.stdout.write(data);
}

export const command: Command = {
  name: 'json',
  summary: 'Print the SYCLBIN object model as JSON (schemas/syclbin.schema.json)',
  usage: 'json [--with-bytes] [-o OUT.json] FILE',
  description: `Reads any SYCLBIN variant (bare v1, v1 in an OffloadBinary v1/v2/v3 or the runtime envelope, v2
role entries) and prints: the variant, the envelope (OffloadBinary version, image/offload kind, flags,
string entries, compression), the v1 header's version and reserved bytes, the bundle state, and every
metadata registry in the shape of 'syclbin props --json'; each IR module and native image with its
typed fields (IR type, target, arch), size, sha256 and file offset. 64-bit values are decimal strings.
--with-bytes adds each image's bytes as standard RFC 4648 base64 (with '=' padding; not the intel/llvm
Base64 of property values). Without it, images are read only to hash them.`,
  options: {
    'with-bytes': { type: 'boolean', description: 'Add each image as standard (RFC 4648) base64' },
    output: { type: 'string', short: 'o', arg: 'FILE', description: "Write to FILE (atomically) instead of standard output ('-' = stdout)" },
    'max-inflated-size': { type: 'string', arg: 'BYTES', description: 'Cap on decompressed OffloadBinary v3 payloads (default 1G)' },
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin json testdata/syclbin/v1_two_modules_mixed.syclbin', "syclbin json --with-bytes k.syclbin | jq -r '.abstractModules[0].irModules[0].image.base64' | base64 -d > k.spv"],
  run(ctx) {
    const r = openSyclbin(ctx, 'json');
    if (typeof r === 'number') return r;
    try {
      const doc = syclbinToJson(r.file, { withBytes: ctx.values['with-bytes'] === true, sha256: nodeSha256 });
      emit(ctx, JSON.stringify(doc, null, 2) + '\n');
    } finally {
      r.src.close();
    }
    return EXIT.OK;
  },
};
