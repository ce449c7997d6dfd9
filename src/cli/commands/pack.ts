/**
 * `syclbin pack MANIFEST.json -o OUT.syclbin`: build a SYCLBIN file from a JSON manifest
 * (schemas/syclbin-manifest.schema.json) naming image files relative to the manifest.
 * The output is written atomically and never over an input (the manifest or an image) unless --force.
 */
import { dirname, resolve } from 'node:path';
import { EncodeError, SyclbinError } from '../../codec/errors.js';
import { manifestToModel, modelDifference } from '../../syclbin/manifest.js';
import { readSyclbin } from '../../syclbin/read.js';
import { writeSyclbin } from '../../syclbin/write.js';
import { checkNotOverwritingInput, readInput, writeFileAtomic } from '../../node/files.js';
import { initZstd, nodeCompressor } from '../../node/compressors.js';
import { EXIT, UsageError, type Command } from '../command.js';

/** Parse MANIFEST (a path relative to cwd) and build the file bytes; `inputs` gets every file read. */
export async function packManifest(cwd: string, manifest: string, inputs: string[] = []): Promise<Uint8Array> {
  const abs = resolve(cwd, manifest);
  inputs.push(abs);
  const text = new TextDecoder('utf-8', { fatal: true }).decode(readInput(cwd, manifest));
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new EncodeError(`not JSON: ${(e as Error).message}`);
  }
  const base = dirname(abs);
  const { file, options } = manifestToModel(doc, (p) => {
    const path = resolve(base, p);
    inputs.push(path);
    return readInput(base, p);
  });
  const env = file.envelope;
  if (env.kind !== 'none' && env.compression === 'zstd') await initZstd();
  const bytes = writeSyclbin(file, { ...options, compressor: nodeCompressor });
  // Guard against writer bugs: what we wrote must read back as the model the manifest describes.
  const diff = modelDifference(file, readSyclbin(bytes));
  if (diff) throw new EncodeError(`internal check failed: the written file reads back differently (${diff})`);
  return bytes;
}

export const command: Command = {
  name: 'pack',
  summary: 'Build a SYCLBIN file (v1 or v2, any envelope) from a JSON manifest and image files',
  usage: 'pack MANIFEST.json -o OUT.syclbin [--force]',
  description: `The manifest (schemas/syclbin-manifest.schema.json) gives:
  syclbinVersion  1 (SYBI tables) or 2 (role entries in one OffloadBinary)
  layout          v1 table order: "canonical" (the first LLVM writer's, default) or "grouped"
  envelope        v1: "none" | "offload-v1" | "offload-v2" | "offload-v3" | "runtime", or
                  {"kind":"offload","version":N,"imageKind":7,"offloadKind":K,"flags":0,
                   "strings":[{"key":..,"value":..}],"compression":"zlib"|"zstd"|null};
                  v2: {"kind":"roles","version":2|3,"formatVersionKey":true,"compression":..}
  state           "input" | "object" | "executable" (or give "globalMetadata")
  abstractModules [{ "metadata": <props JSON>,
                     "irModules": [{"file":"k.spv","type":"SPIR-V","target":"spir64-unknown-unknown"}],
                     "nativeImages": [{"file":"k.bin","arch":"intel_gpu_pvc","target":"spir64_gen-unknown-unknown"}] }]
Metadata registries use the shape of 'syclbin props --json'; an image's "metadata" replaces its
shorthand fields (type/target/arch) and must agree with them when both are given. Image paths are
relative to the manifest. 'syclbin extract' writes such a manifest. The output is written atomically
(temporary file + rename) and is read back and compared with the manifest before it is written.`,
  options: {
    output: { type: 'string', short: 'o', arg: 'OUT', description: 'The SYCLBIN file to write' },
    force: { type: 'boolean', description: 'Allow OUT to be one of the inputs (manifest or image)' },
  },
  positionals: { min: 1, max: 1 },
  examples: [
    'syclbin pack manifest.json -o kernel.syclbin',
    'syclbin extract in.syclbin -o dir && syclbin pack dir/manifest.json -o same.syclbin && cmp in.syclbin same.syclbin',
  ],
  async run(ctx) {
    const manifest = ctx.positionals[0]!;
    const out = ctx.values.output;
    if (typeof out !== 'string') throw new UsageError('missing -o OUT.syclbin');
    const inputs: string[] = [];
    let bytes: Uint8Array;
    try {
      bytes = await packManifest(ctx.io.cwd, manifest, inputs);
    } catch (e) {
      if (e instanceof SyclbinError) {
        ctx.io.stderr.write(`syclbin pack: ${manifest}: ${e.message}\n`);
        return EXIT.FAILURE;
      }
      if (e instanceof TypeError && /encoded data/.test(e.message)) {
        ctx.io.stderr.write(`syclbin pack: ${manifest}: not UTF-8 text\n`);
        return EXIT.FAILURE;
      }
      throw e;
    }
    checkNotOverwritingInput(ctx.io.cwd, out, inputs, ctx.values.force === true);
    writeFileAtomic(ctx.io.cwd, out, bytes);
    ctx.io.stdout.write(`${out} (${bytes.length} bytes)\n`);
    return EXIT.OK;
  },
};
