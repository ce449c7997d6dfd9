/**
 * `syclbin extract FILE -o DIR`: write every image of a SYCLBIN file and a manifest (DIR/manifest.json,
 * schemas/syclbin-manifest.schema.json) such that `syclbin pack DIR/manifest.json` rebuilds the file:
 * byte for byte when FILE is in a layout our writer produces (canonical or grouped v1, our v2 writer,
 * LLVM/runtime envelopes), otherwise the same model (stderr says so and why).
 */
import { appendAll, blobOrigin, chunkSize, chunksSource, firstDifference, hasMagic, SyclbinError, type BlobRef, type ByteSource, type Chunk } from '../../codec/index.js';
import { OFFLOAD_BINARY_ALIGN, OFFLOAD_BINARY_MAGIC, OffloadMagic } from '../../../formats/offload-binary.js';
import { escapedStrings, readOffloadBinary, type OffloadBinaryModel } from '../../offload/read.js';
import { printable, quotedText } from '../../props/explain.js';
import { syclbinChunks } from '../../syclbin/write.js';
import { imageFileNames, manifestToModel, modelDifference, modelToManifest } from '../../syclbin/manifest.js';
import type { SyclbinFile } from '../../syclbin/model.js';
import type { JsonObject } from '../../syclbin/json.js';
import { initZstd, nodeCompressor } from '../../node/compressors.js';
import { defineCommand, EXIT } from '../command.js';
import { CommandFailure, FileFailure, UsageError } from '../errors.js';
import { maxInflatedSizeOption, opt } from '../options.js';
import { readSyclbinInput } from '../syclbin-input.js';
import { verify } from '../../hex/verify.js';

/** File name of the manifest written into the output directory. */
export const MANIFEST_NAME = 'manifest.json';

/** What `syclbin extract` writes for one input: the manifest and the image files. */
export interface ExtractPlan {
  /** The manifest (`syclbin pack` input). */
  manifest: JsonObject;
  /** file name -> image (a blob of the input, copied in windows) */
  images: Map<string, BlobRef>;
  /** True when packing the manifest gives the input bytes. */
  byteExact: boolean;
  /** Why not (when not byte-exact). */
  notes: string[];
}

/**
 * Decide the manifest for `file` read from `source`: a manifest packs back to the same bytes when the
 * writer's chunks equal the input (images that land where they already are are not re-read).
 */
export async function planExtract(file: SyclbinFile, source: ByteSource, maxInflatedSize?: number): Promise<ExtractPlan> {
  const names = imageFileNames(file);
  const images = new Map<string, BlobRef>();
  file.abstractModules.forEach((am, a) => {
    am.irModules.forEach((m, i) => images.set(names.ir[a]![i]!, m.image));
    am.nativeImages.forEach((m, i) => images.set(names.native[a]![i]!, m.image));
  });
  if (file.envelope.kind !== 'none' && file.envelope.compression === 'zstd') await initZstd();
  const pack = (manifest: JsonObject) => {
    const plan = manifestToModel(JSON.parse(JSON.stringify(manifest)), (p) => images.get(p)!);
    return { model: plan.file, chunks: syclbinChunks(plan.file, { ...plan.options, compressor: nodeCompressor }) };
  };
  const layouts: ('canonical' | 'grouped')[] = file.version === 1 ? ['canonical', 'grouped'] : ['canonical'];
  for (const layout of layouts) {
    const manifest = modelToManifest(file, { layout });
    if (firstDifference(source, pack(manifest).chunks) < 0) return { manifest, images, byteExact: true, notes: [] };
  }
  const manifest = modelToManifest(file);
  // The canonical rebuild, once: every note below compares with it (a compressed envelope would be
  // compressed again for each).
  const rebuilt = pack(manifest);
  const notes: string[] = [];
  const env = file.envelope;
  if (env.kind === 'offload' && env.extraEntries) notes.push(`the envelope has ${env.extraEntries} entries after the first; they are not extracted`);
  // Where the canonical rebuild first differs says why when it is at an end: the file stops inside
  // the padding our writer adds after a compressed binary, or has bytes after what the writer writes.
  const total = rebuilt.chunks.reduce((n, c) => n + chunkSize(c), 0);
  const at = firstDifference(source, rebuilt.chunks);
  const compression = env.kind !== 'none' ? env.compression : undefined;
  const same = compression ? ` (the ${compression} stream itself is the same)` : '';
  if (at === source.size && total > source.size && compression) notes.push(`the file ends ${total - source.size} byte(s) short of the zero padding our writer adds after the compressed binary${same}`);
  else if (at === total && source.size > total) notes.push(`the file has ${source.size - total} byte(s) after what our writer writes${same}`);
  else if (compression) notes.push(`the ${compression} stream may come from another compressor or level`);
  if (env.kind !== 'none') appendAll(notes, envelopeLosses(source, rebuilt.chunks, maxInflatedSize));
  // Metadata text the reader accepts and the writer writes otherwise (CRLF, blank lines, a set named
  // twice, ...): the manifest holds the registry, whose text is the writer's. verify names each.
  const text = verify(source, { maxInflatedSize }).problems.filter((p) => p.code === 'property' && p.message.includes('a writer writes it otherwise'));
  if (text.length) {
    const shown = text.slice(0, 3).map((p) => `${p.path}: ${p.message.replace(/; LLVM's reader accepts it, a writer writes it otherwise$/, '')}`);
    notes.push(`metadata text is not in the form the writer writes, which the manifest cannot keep: ${shown.join('; ')}${text.length > 3 ? `; and ${text.length - 3} more ('syclbin verify' lists them)` : ''}`);
  }
  if (!notes.length) notes.push('its tables, blobs, padding or string table are laid out differently from our writer (layout freedom)');
  const diff = modelDifference(file, rebuilt.model);
  if (diff) notes.push(`the packed model differs: ${diff}`);
  return { manifest, images, byteExact: false, notes };
}

/**
 * What the rebuild from the manifest leaves out of the file's OffloadBinary envelope, each said: the
 * binaries that follow it (LLVM concatenates binaries; the SYCLBIN is the first), and of its entries
 * the offload kinds, flags and string entries the rebuilt entries do not have (a SYCLBIN v2
 * manifest does not carry them: the writer derives them from the metadata). Both are read as
 * OffloadBinaries (the rebuild from its chunks, not put together).
 */
function envelopeLosses(source: ByteSource, rebuilt: readonly Chunk[], maxInflatedSize?: number): string[] {
  const notes: string[] = [];
  let theirs: OffloadBinaryModel;
  let ours: OffloadBinaryModel;
  try {
    // (the command's cap: the file was read under it, and the rebuild holds the same payload)
    theirs = readOffloadBinary(source, 0, { maxInflatedSize });
    ours = readOffloadBinary(chunksSource(rebuilt), 0, { maxInflatedSize });
  } catch (e) {
    if (e instanceof SyclbinError) return notes; // the file's own reading said what is wrong
    throw e;
  }
  // The next binary starts at the next multiple of 8 (src/offload/read.ts offloadBinaries).
  const next = Math.ceil(theirs.size / OFFLOAD_BINARY_ALIGN) * OFFLOAD_BINARY_ALIGN;
  if (next + OFFLOAD_BINARY_MAGIC.length <= source.size && hasMagic(OffloadMagic, source.read(next, OFFLOAD_BINARY_MAGIC.length))) {
    notes.push(`the ${source.size - next} byte(s) after the envelope hold more OffloadBinaries ('syclbin offload-list' lists them); they are not extracted`);
  }
  const missing = <T>(mine: Iterable<T>, kept: Iterable<T>): T[] => {
    const have = new Set(kept);
    return [...new Set(mine)].filter((x) => !have.has(x));
  };
  const list = (xs: readonly string[]): string => (xs.length > 4 ? `${xs.slice(0, 4).join(', ')} and ${xs.length - 4} more` : xs.join(', '));
  const kinds = missing(theirs.entries.map((e) => e.offloadKind), ours.entries.map((e) => e.offloadKind));
  if (kinds.length) notes.push(`the entries' offload kind ${kinds.join(', ')} is written as ${[...new Set(ours.entries.map((e) => e.offloadKind))].join(', ')} (the manifest does not carry it)`);
  const flags = missing(theirs.entries.map((e) => e.flags), ours.entries.map((e) => e.flags));
  if (flags.length) notes.push(`the entries' flags ${flags.map((f) => `0x${f.toString(16)}`).join(', ')} are written as ${[...new Set(ours.entries.map((e) => `0x${e.flags.toString(16)}`))].join(', ')} (the manifest does not carry them)`);
  // (byte for byte: escapedStrings keeps bytes that are not UTF-8; compared as they are, shown with \xNN)
  const pairs = (m: OffloadBinaryModel): string[] => m.entries.flatMap((e) => [...escapedStrings(e)].map((kv) => JSON.stringify(kv)));
  const strings = missing(pairs(theirs), pairs(ours)).map((kv) => {
    const [k, v] = JSON.parse(kv) as [string, string];
    return `${printable(k)}=${quotedText(v)}`;
  });
  if (strings.length) notes.push(`string entries not written again: ${list(strings)} (the writer derives the entries' strings from the metadata)`);
  return notes;
}

/** `syclbin extract`: Write the images of a SYCLBIN file and a manifest that `syclbin pack` rebuilds it from. */
export const command = defineCommand({
  name: 'extract',
  summary: 'Write the images of a SYCLBIN file and a manifest that `syclbin pack` rebuilds it from',
  usage: 'extract FILE -o DIR [--force]',
  description: `Writes DIR/manifest.json and one file per image: am<A>.ir<I>.spv (.ptx/.amdgcn by IR type, .bin for another) and
am<A>.native<I>.<arch>.bin. Metadata goes into the manifest as typed shorthands (state, type, target,
arch) when they reproduce it exactly, else in the 'syclbin props --json' shape (unknown sets, keys
and their order are kept). 'syclbin pack DIR/manifest.json -o OUT' then rebuilds FILE byte for byte
when FILE is in a layout our writer produces (canonical or grouped v1 tables, the LLVM and runtime
envelopes, the v2 entry order; the SYBI header's version and reserved bytes and a v1 envelope's
kinds, flags and strings, bytes that are not UTF-8 included, are kept; a v2 file's entry kinds and
strings are the writer's, derived from the metadata); for other files (shared or reordered
blobs, other padding, bytes after the file, metadata text in another form) it rebuilds the same
modules, images and metadata and this command says why on stderr. Each file is written atomically (temporary file + rename); none is written over
FILE unless --force.`,
  options: {
    output: opt.outputDir('Directory to write to (created if needed)', { short: 'o' }),
    force: opt.flag('Allow an output file to replace FILE'),
    'max-inflated-size': maxInflatedSizeOption(),
    'max-output-size': opt.bytes('BYTES', 'Refuse, before writing anything, to write more than BYTES of images in all (headers may all name the same bytes of FILE)', { defaultText: '8 x (FILE, or its distinct image bytes where more: a compressed one inflated) + 64M', min: 1 }),
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin extract kernel.syclbin -o kernel.d && syclbin pack kernel.d/manifest.json -o again.syclbin && cmp kernel.syclbin again.syclbin'],
  async run(ctx) {
    const { opts, files, io, prog } = ctx;
    const name = ctx.file;
    const dir = opts.output;
    if (!dir) throw new UsageError('missing -o DIR');
    const { file, source } = await readSyclbinInput(ctx, name, { maxInflatedSize: opts['max-inflated-size'], extracting: true });
    let plan: ExtractPlan;
    try {
      plan = await planExtract(file, source, opts['max-inflated-size']);
    } catch (e) {
      throw e instanceof SyclbinError ? new FileFailure(name, e) : e;
    }
    // Headers may all name the same bytes (one range as the image of thousands of modules): what is
    // written is bounded by what the file holds, checked before anything is written (as offload-extract).
    // The base is what the file holds: its bytes, or its images' distinct bytes where more (a
    // compressed envelope's images are its inflated payload); ranges named again add nothing to it.
    let total = 0;
    let distinct = 0;
    const ranges = new Map<unknown, Set<string>>();
    for (const [, image] of plan.images) {
      total += image.size;
      const o = blobOrigin(image);
      if (!o) {
        distinct += image.size;
        continue;
      }
      let seen = ranges.get(o.source);
      if (!seen) ranges.set(o.source, (seen = new Set()));
      const key = `${o.at}:${image.size}`;
      if (!seen.has(key)) {
        seen.add(key);
        distinct += image.size;
      }
    }
    const budget = opts['max-output-size'] ?? 8 * Math.max(source.size, distinct) + 64 * 1024 * 1024;
    if (total > budget) {
      throw new CommandFailure(
        `${prog}: error: ${name}: ${plan.images.size === 1 ? 'the image is' : `the ${plan.images.size} images add up to`} ${total} bytes, more than ${budget} (--max-output-size; by default 8 times the file, or its distinct image bytes where more, and 64 MiB): modules naming the same bytes over and over? Nothing written; raise --max-output-size to write them all`,
      );
    }
    files.dir(dir);
    // Every output is checked (not over an input, not twice) before any line says it was written.
    const lines: string[] = [];
    for (const [n, image] of plan.images) {
      files.write(files.join(dir, n), [image]);
      lines.push(`${files.join(dir, n)} (${image.size} bytes)\n`);
    }
    const manifest = JSON.stringify(plan.manifest, null, 2) + '\n';
    files.write(files.join(dir, MANIFEST_NAME), manifest);
    lines.push(`${files.join(dir, MANIFEST_NAME)} (${new TextEncoder().encode(manifest).length} bytes)\n`);
    // In place first: no line names a file that a failed rename left unwritten.
    files.commitPending();
    io.stdout.write(lines.join(''));
    const packed = files.join(dir, MANIFEST_NAME);
    // (what was read from standard input is called that, not "-")
    if (plan.byteExact) io.stderr.write(`${prog}: 'syclbin pack ${packed}' reproduces ${name === '-' ? 'the file read from standard input' : name} byte for byte\n`);
    else {
      io.stderr.write(`${prog}: ${name}: note: not in a layout this writer produces, so 'syclbin pack ${packed}' rebuilds the same modules, images and metadata, not the same bytes:\n`);
      for (const n of plan.notes) io.stderr.write(`  - ${n}\n`);
    }
    return EXIT.OK;
  },
});
