/**
 * `syclbin pack MANIFEST.json -o OUT.syclbin`: build a SYCLBIN file from a JSON manifest
 * (schemas/syclbin-manifest.schema.json) naming image files relative to the manifest.
 * The output is written atomically and never over an input (the manifest or an image) unless --force.
 */
import { bytePositions, jsonValuePosition, jsonValuePositions, parseJsonText, type JsonPosition } from '../../codec/json-syntax.js';
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { blobRef, DecodeError, EncodeError, formatPath, hasMagic, SyclbinError, type Chunk, type PathKey } from '../../codec/index.js';
import { SyclbinMagic } from '../../../formats/syclbin-v1.js';
import { OffloadMagic } from '../../../formats/offload-binary.js';
import { manifestToModel } from '../../syclbin/manifest.js';
import { lintSyclbinModel, type ModelFinding } from '../../syclbin/lint.js';
import { syclbinChunks } from '../../syclbin/write.js';
import { initZstd, nodeCompressor } from '../../node/compressors.js';
import { defineCommand, EXIT, type Context } from '../command.js';
import type { Files } from '../files.js';
import { CommandFailure, FileFailure, UsageError } from '../errors.js';
import { opt } from '../options.js';
import { sayCapped } from '../repeated-notes.js';

/**
 * Where an image named by a manifest is: relative to the manifest's folder, and below it unless
 * `anywhere` (a manifest from someone else must not make `pack` embed ../../etc/passwd), also
 * once symbolic links are followed (`link.spv -> /etc/passwd`, `root -> /` then `root/etc/passwd`).
 */
export function imagePath(manifestDir: string, name: string, anywhere: boolean): string {
  if (name.includes('\0')) throw new EncodeError(`image path ${JSON.stringify(name)} contains a NUL character`);
  const abs = resolve(manifestDir, name);
  if (anywhere) return abs;
  const leaves = (dir: string, path: string): boolean => {
    const rel = relative(dir, path);
    // `..` as a whole first segment, not a name that starts with two dots (`..k.spv` is inside).
    return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
  };
  let real: string | undefined;
  let realDir: string | undefined;
  try {
    real = realpathSync(abs);
    realDir = realpathSync(manifestDir);
  } catch {
    // A file that does not resolve (missing, a dangling link) fails when it is opened, with its own
    // error; so does one whose folder stopped resolving after the manifest was read.
    real = undefined;
  }
  if (leaves(manifestDir, abs) || (real !== undefined && realDir !== undefined && leaves(realDir, real))) {
    throw new EncodeError(`image path ${JSON.stringify(name)} leaves the manifest's folder${real !== undefined && real !== abs ? ` (it resolves to ${JSON.stringify(real)})` : ''} (pass --allow-any-path to allow it)`);
  }
  return abs;
}

/**
 * Where a finding about the model is in the manifest the user wrote: an image's bytes are its
 * `file`; metadata a manifest did not write (made from an image's shorthand fields, or the global
 * metadata from `state`) is named by the fields that made it. Other paths are the manifest's own.
 * `keys`: the manifest value to place the finding at (its line and column).
 */
function manifestPlace(doc: unknown, f: ModelFinding): { name: string; keys: PathKey[] } {
  const k = f.keys;
  const field = (o: unknown, key: PathKey): unknown => (o !== null && typeof o === 'object' ? (o as Record<PathKey, unknown>)[key] : undefined);
  const written = (o: unknown, key: string): boolean => o !== null && typeof o === 'object' && !Array.isArray(o) && Object.hasOwn(o, key);
  const inside = (from: number): string => (k.length > from ? `: ${formatPath(k.slice(from), f.named)}` : '');
  if (k[0] === 'abstractModules' && (k[2] === 'irModules' || k[2] === 'nativeImages')) {
    const entry = field(field(field(field(doc, 'abstractModules'), k[1]!), k[2]), k[3]!);
    const at = formatPath(k.slice(0, 4));
    if (k[4] === 'bytes') return { name: `${at}.file (${JSON.stringify(field(entry, 'file'))})`, keys: [...k.slice(0, 4), 'file'] };
    if (k[4] === 'metadata' && !written(entry, 'metadata')) return { name: `${at} (the metadata its ${k[2] === 'irModules' ? 'type and target' : 'arch and target'} fields make${inside(5)})`, keys: k.slice(0, 4) };
  }
  if (k[0] === 'globalMetadata' && !written(doc, 'globalMetadata')) return { name: `state (the global metadata it makes${inside(1)})`, keys: written(doc, 'state') ? ['state'] : [] };
  return { name: f.path, keys: [...k] };
}

/**
 * The line and column of each of `places` in the manifest text (the deepest value of its keys the
 * text holds: a finding about a key of metadata the manifest gives is placed at that key's value),
 * from one pass over the text.
 */
function placesIn(text: string, places: readonly { keys: PathKey[] }[]): JsonPosition[] {
  const wanted = places.flatMap((p) => p.keys.map((_, i) => p.keys.slice(0, p.keys.length - i)));
  const at = jsonValuePositions(text, [...wanted, []]);
  // (no key of it in the text: the document's first value)
  const top = at[wanted.length] ?? { offset: 0, line: 1, column: 1 };
  let w = 0;
  return places.map((p) => {
    let found: JsonPosition | undefined;
    for (let i = 0; i < p.keys.length; i++, w++) found ??= at[w];
    return found ?? top;
  });
}

/**
 * Parse MANIFEST and describe the file as chunks (images stay blobs of their input files); `warn`
 * gets the notes about upstream-JSON registries and what verify would say of the file, the latter
 * with the line and column of the manifest value they are about.
 */
export async function packManifest(files: Files, cwd: string, manifest: string, anywhere = false, warn: (line: string, at?: { line: number; column: number }) => void = () => {}): Promise<Chunk[]> {
  const bytes = files.readAll(manifest);
  let doc: unknown;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    doc = parseJsonText(text);
  } catch (e) {
    // A binary given in place of its manifest: say what it is and what turns it into one.
    const what = hasMagic(SyclbinMagic, bytes) ? 'a SYCLBIN file' : hasMagic(OffloadMagic, bytes) ? 'an OffloadBinary file' : undefined;
    if (what) throw new EncodeError(`not a manifest: ${what} (pack reads the JSON manifest 'syclbin extract FILE -o DIR' writes from one)`);
    throw new EncodeError(`not JSON: ${(e as Error).message}`);
  }
  const base = dirname(resolve(cwd, manifest));
  let model: ReturnType<typeof manifestToModel>;
  try {
    model = manifestToModel(
      doc,
      (p, at) => {
        // An image that cannot be used is named with the manifest field that names it.
        try {
          const src = files.input(imagePath(base, p, anywhere)).source;
          return blobRef(src, 0, src.size, undefined);
        } catch (e) {
          if (e instanceof EncodeError && !e.pathSegments.length) throw new EncodeError(e.reason, at);
          if (e instanceof FileFailure) throw new FileFailure(e.file, e.cause, [...e.notes, `the image named at ${formatPath(at)} in ${manifest}`]);
          throw e;
        }
      },
      bytes,
    );
  } catch (e) {
    // An error at a value of the manifest is placed at its line and column too, as an IR error is
    // (FILE:LINE:COLUMN): one walk of the text, only now that there is an error to place.
    // (a registry the manifest gives that does not read is a DecodeError at its JSON path: placed alike)
    const at = (e instanceof EncodeError || e instanceof DecodeError) && e.pathSegments.length ? jsonValuePosition(text, e.pathSegments) : undefined;
    if (at) throw new PlacedManifestError(at.line, at.column, e as EncodeError | DecodeError);
    throw e;
  }
  const { file, options, manifestNotes } = model;
  const noteAt = bytePositions(bytes, manifestNotes.flatMap((n) => (n.byte === undefined ? [] : [n.byte])));
  // (a message repeated past NOTE_REPEATS times is counted, as props counts it: src/cli/repeated-notes.ts)
  sayCapped(
    manifestNotes,
    (n) => warn(`${n.severity}: ${n.path}: ${n.message}`, n.byte === undefined ? undefined : noteAt.get(n.byte)),
    (severity, message, count) => warn(`${severity}: ${count} more like the above: ${message}`),
  );
  // What verify would say of the file that needs no written bytes (a manifest typed by hand: a type
  // that does not match its target, a bundle without state); written as given all the same.
  // Placed as a compiler places a warning (FILE:LINE:COLUMN: severity: ...), at the value of the
  // manifest the finding is about: one walk of the text, only when there is something to say.
  const findings = lintSyclbinModel(file);
  if (findings.length) {
    const places = findings.map((f) => manifestPlace(doc, f));
    const where = placesIn(text, places);
    findings.forEach((f, i) => warn(`${f.severity}: ${places[i]!.name}: ${f.message} (written as given; 'syclbin verify' checks the file)`, where[i]));
  }
  const env = file.envelope;
  if (env.kind !== 'none' && env.compression === 'zstd') await initZstd();
  return syclbinChunks(file, { ...options, compressor: nodeCompressor });
}

/**
 * A manifest error at a value the manifest text holds, with the value's 1-based line and column
 * (UTF-16 code units, as the JSON syntax errors count them), for `pack` to print as
 * `PROG: FILE:LINE:COLUMN: error: message`.
 */
export class PlacedManifestError extends Error {
  constructor(
    /** 1-based line of the value. */
    readonly line: number,
    /** 1-based column of the value. */
    readonly column: number,
    /** The error, with its JSON path. */
    override readonly cause: EncodeError | DecodeError,
  ) {
    // (a DecodeError's offset is a byte of the manifest: the line and column say where, in its terms)
    super(cause instanceof DecodeError ? `${cause.reason} (at ${cause.path})` : cause.message);
  }
}

/** `syclbin pack`: Build a SYCLBIN file (v1 or v2, any envelope) from a JSON manifest and image files. */
export const command = defineCommand({
  name: 'pack',
  summary: 'Build a SYCLBIN file (v1 or v2, any envelope) from a JSON manifest and image files',
  usage: 'pack MANIFEST.json -o OUT.syclbin [--allow-any-path] [--force]',
  description: `The manifest (schemas/syclbin-manifest.schema.json; 'syclbin extract' writes one) is JSON.
The least it holds (format, version and state are required):
  {"format": "syclbin-manifest", "version": 1, "state": "input",
   "abstractModules": [{"irModules": [{"file": "k.spv", "target": "spir64-unknown-unknown"}]}]}
Its fields:
  format          "syclbin-manifest" (required)
  version         1, the manifest format's version (required)
  syclbinVersion  1 (SYBI tables, the default) or 2 (role entries in one OffloadBinary)
  layout          v1 table order: "canonical" (the first LLVM writer's, default) or "grouped"
  envelope        v1: "none" | "offload-v1" | "offload-v2" | "offload-v3" | "runtime", or
                  {"kind":"offload","version":N,"imageKind":7,"offloadKind":K,"flags":0,
                   "strings":[{"key":..,"value":..}],"compression":"zlib"|"zstd"|null};
                  v2: {"kind":"roles","version":2|3,"formatVersionKey":true,"compression":..}
  state           "input" | "object" | "executable" (required, unless "globalMetadata" gives
                  the global metadata registry itself)
  abstractModules [{ "metadata": <props JSON>,
                     "irModules":
                       [{"file":"k.spv","type":"SPIR-V","target":"spir64-unknown-unknown"}],
                     "nativeImages":
                       [{"file":"k.bin","arch":"intel_gpu_pvc",
                         "target":"spir64_gen-unknown-unknown"}]
                   }]
Metadata registries use the shape of 'syclbin props --json' or upstream LLVM's JSON property sets
({"SET":{"KEY":uint32 or "base64"}}, read exactly as LLVM 22 reads them; warnings on stderr where
LLVM is lax; byte arrays get intel's bit-size prefix, bits = 8 x length); an image's "metadata" replaces its
shorthand fields (type/target/arch) and must agree with them when both are given. Image paths are
relative to the manifest's folder (the folder of the path given, a link not followed; for '-',
standard input, the current folder) and must lie below it (--allow-any-path lifts that); they are
read once, streamed into the output. 'syclbin extract' writes such a manifest. The output is written
atomically (temporary file + rename). What 'syclbin verify' would say of the file without reading it
back (property-set problems, no bundle state, an IR type that does not match its target, an IR
module of type SPIR-V whose bytes are not) is said on stderr as
'syclbin pack: MANIFEST:LINE:COLUMN: error|warning: PATH: ...', at the manifest value it is about;
the file is written as given all the same (status 0). A warning repeated more than 20 times is then
counted. Errors that stop it are placed alike ('syclbin pack: MANIFEST:LINE:COLUMN: error: ...').`,
  options: {
    output: opt.output("The SYCLBIN file to write ('-' = standard output)", { short: 'o', arg: 'OUT' }),
    force: opt.flag('Allow OUT to be one of the inputs (manifest or image)'),
    'allow-any-path': opt.flag("Allow image paths outside the manifest's folder"),
  },
  positionals: { min: 1, max: 1 },
  examples: [
    'syclbin pack manifest.json -o kernel.syclbin',
    'syclbin extract in.syclbin -o dir && syclbin pack dir/manifest.json -o same.syclbin && cmp in.syclbin same.syclbin',
  ],
  async run(ctx: Context<{ output: string | undefined; force: boolean; 'allow-any-path': boolean }>) {
    const { opts, files, io } = ctx;
    const manifest = ctx.file;
    const out = opts.output;
    if (!out) throw new UsageError('missing -o OUT.syclbin');
    let chunks: Chunk[];
    try {
      chunks = await packManifest(files, io.cwd, manifest, opts['allow-any-path'], (n, at) => io.stderr.write(`${ctx.prog}: ${manifest}${at ? `:${at.line}:${at.column}` : ''}: ${n}\n`));
    } catch (e) {
      if (e instanceof PlacedManifestError) throw new CommandFailure(`${ctx.prog}: ${manifest}:${e.line}:${e.column}: error: ${e.message}`);
      if (e instanceof SyclbinError) throw new FileFailure(manifest, e);
      throw e;
    }
    const size = chunks.reduce((n, c) => n + (c instanceof Uint8Array ? c.length : c.size), 0);
    files.write(out, chunks);
    // (no status line for standard output by any name, a FIFO or a device: it would join the bytes)
    if (!files.isStream(out)) io.stdout.write(`${out} (${size} bytes)\n`);
    return EXIT.OK;
  },
});
