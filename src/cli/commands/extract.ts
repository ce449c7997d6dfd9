/**
 * `syclbin extract FILE -o DIR`: write every image of a SYCLBIN file and a manifest (DIR/manifest.json,
 * schemas/syclbin-manifest.schema.json) such that `syclbin pack DIR/manifest.json` rebuilds the file:
 * byte for byte when FILE is in a layout our writer produces (canonical or grouped v1, our v2 writer,
 * LLVM/runtime envelopes), otherwise the same model (stderr says so and why).
 */
import { join } from 'node:path';
import { DecodeError, SyclbinError } from '../../codec/errors.js';
import { readSyclbin } from '../../syclbin/read.js';
import { writeSyclbin } from '../../syclbin/write.js';
import { imageFileNames, manifestToModel, modelDifference, modelToManifest } from '../../syclbin/manifest.js';
import type { SyclbinFile } from '../../syclbin/model.js';
import { checkNotOverwritingInput, ensureDir, readInput, writeFileAtomic } from '../../node/files.js';
import { initZstd, nodeCompressor } from '../../node/compressors.js';
import { EXIT, UsageError, type Command } from '../command.js';
import type { JsonObject } from '../../syclbin/json.js';
import { parseByteCount } from './offload-list.js';

export const MANIFEST_NAME = 'manifest.json';

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export interface ExtractPlan {
  manifest: JsonObject;
  /** file name -> bytes */
  images: Map<string, Uint8Array>;
  /** True when packing the manifest gives the input bytes. */
  byteExact: boolean;
  /** Why not (when not byte-exact). */
  notes: string[];
}

/** Decide the manifest for `file` read from `bytes` (pure apart from zstd initialisation). */
export async function planExtract(file: SyclbinFile, bytes: Uint8Array): Promise<ExtractPlan> {
  const names = imageFileNames(file);
  const images = new Map<string, Uint8Array>();
  file.abstractModules.forEach((am, a) => {
    am.irModules.forEach((m, i) => images.set(names.ir[a]![i]!, m.image.bytes()));
    am.nativeImages.forEach((m, i) => images.set(names.native[a]![i]!, m.image.bytes()));
  });
  if (file.envelope.kind !== 'none' && file.envelope.compression === 'zstd') await initZstd();
  const pack = (manifest: JsonObject) => {
    const plan = manifestToModel(JSON.parse(JSON.stringify(manifest)), (p) => images.get(p)!);
    return { model: plan.file, bytes: writeSyclbin(plan.file, { ...plan.options, compressor: nodeCompressor }) };
  };
  const layouts: ('canonical' | 'grouped')[] = file.version === 1 ? ['canonical', 'grouped'] : ['canonical'];
  for (const layout of layouts) {
    const manifest = modelToManifest(file, { layout });
    if (equal(pack(manifest).bytes, bytes)) return { manifest, images, byteExact: true, notes: [] };
  }
  const manifest = modelToManifest(file);
  const notes: string[] = [];
  if (file.headerReserved?.some((b) => b !== 0)) notes.push('the SYBI header has non-zero reserved bytes (writers write zeros)');
  if (file.headerVersion === 0) notes.push('the SYBI header version is 0 (writers write 1)');
  const env = file.envelope;
  if (env.kind === 'offload' && env.extraEntries) notes.push(`the envelope has ${env.extraEntries} entries after the first; they are not extracted`);
  if (env.kind !== 'none' && env.compression) notes.push(`the ${env.compression} stream may come from another compressor or level`);
  if (!notes.length) notes.push('its tables, blobs, padding or string table are laid out differently from our writer (layout freedom)');
  const diff = modelDifference(file, pack(manifest).model);
  if (diff) notes.push(`the packed model differs: ${diff}`);
  return { manifest, images, byteExact: false, notes };
}

export const command: Command = {
  name: 'extract',
  summary: 'Write the images of a SYCLBIN file and a manifest that `syclbin pack` rebuilds it from',
  usage: 'extract FILE -o DIR [--force]',
  description: `Writes DIR/manifest.json and one file per image: am<A>.ir<I>.spv (.ptx/.amdgcn by IR type) and
am<A>.native<I>.<arch>.bin. Metadata goes into the manifest as typed shorthands (state, type, target,
arch) when they reproduce it exactly, else in the 'syclbin props --json' shape (unknown sets, keys
and their order are kept). 'syclbin pack DIR/manifest.json -o OUT' then rebuilds FILE byte for byte
when FILE is in a layout our writer produces (canonical or grouped v1 tables, the LLVM and runtime
envelopes, the v2 entry order); for other files (junk reserved bytes, shared or reordered blobs,
other padding) it rebuilds the same model and this command says so on stderr. Each file is
written atomically (temporary file + rename); none is written over FILE unless --force.`,
  options: {
    output: { type: 'string', short: 'o', arg: 'DIR', description: 'Directory to write to (created if needed)' },
    force: { type: 'boolean', description: 'Allow an output file to replace FILE' },
    'max-inflated-size': { type: 'string', arg: 'BYTES', description: 'Cap on decompressed OffloadBinary v3 payloads (default 1G)' },
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin extract kernel.syclbin -o kernel.d && syclbin pack kernel.d/manifest.json -o again.syclbin && cmp kernel.syclbin again.syclbin'],
  async run(ctx) {
    const name = ctx.positionals[0]!;
    const dir = ctx.values.output;
    if (typeof dir !== 'string') throw new UsageError('missing -o DIR');
    const cap = ctx.values['max-inflated-size'];
    const bytes = readInput(ctx.io.cwd, name);
    let file: SyclbinFile;
    try {
      file = readSyclbin(bytes, typeof cap === 'string' ? { maxInflatedSize: parseByteCount(cap, '--max-inflated-size') } : {});
    } catch (e) {
      if (e instanceof DecodeError) {
        ctx.io.stderr.write(`syclbin extract: ${name}: Failed to parse SYCLBIN file: ${e.message}\n`);
        return EXIT.FAILURE;
      }
      throw e;
    }
    let plan: ExtractPlan;
    try {
      plan = await planExtract(file, bytes);
    } catch (e) {
      if (e instanceof SyclbinError) {
        ctx.io.stderr.write(`syclbin extract: ${name}: ${e.message}\n`);
        return EXIT.FAILURE;
      }
      throw e;
    }
    const absDir = ensureDir(ctx.io.cwd, dir);
    const outputs: [string, Uint8Array | string][] = [...plan.images];
    outputs.push([MANIFEST_NAME, JSON.stringify(plan.manifest, null, 2) + '\n']);
    const force = ctx.values.force === true;
    for (const [n] of outputs) checkNotOverwritingInput(ctx.io.cwd, join(absDir, n), [name], force);
    for (const [n, data] of outputs) {
      writeFileAtomic(ctx.io.cwd, join(absDir, n), data);
      ctx.io.stdout.write(`${join(dir, n)} (${data.length} ${typeof data === 'string' ? 'characters' : 'bytes'})\n`);
    }
    if (plan.byteExact) ctx.io.stderr.write(`syclbin extract: 'syclbin pack ${join(dir, MANIFEST_NAME)}' reproduces ${name} byte for byte\n`);
    else {
      ctx.io.stderr.write(`syclbin extract: note: ${name} is not in a layout this writer produces, so 'syclbin pack ${join(dir, MANIFEST_NAME)}' rebuilds the same model, not the same bytes:\n`);
      for (const n of plan.notes) ctx.io.stderr.write(`  - ${n}\n`);
    }
    return EXIT.OK;
  },
};
