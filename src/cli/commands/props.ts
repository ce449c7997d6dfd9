/**
 * `syclbin props`: show, check, export (our JSON, upstream LLVM JSON) and re-encode SYCL property-set
 * registries (.prop files).
 */
import { byteOrderMarkHint, readRegistry, writeRegistry, registryProblems, RegistrySyntaxError, textIrregularities, type RegistryRepeat } from '../../props/registry.js';
import { decodeTypedRegistry } from '../../props/typed/index.js';
import { explainRegistry, printable } from '../../props/explain.js';
import { checkTypedSets, hasErrors, repeatDiagnostics, type PropDiagnostic } from '../../props/check.js';
import { propsJsonPieces, readPropsJson } from '../../props/json.js';
import { writeLlvmPropertiesJson, type LlvmJsonNote } from '../../props/llvm-json.js';
import { EncodeError, messageWithoutHint, SyclbinError } from '../../codec/errors.js';
import { hasMagic } from '../../codec/index.js';
import { SyclbinMagic } from '../../../formats/syclbin-v1.js';
import { OffloadMagic } from '../../../formats/offload-binary.js';
import { defineCommand, EXIT, type Context } from '../command.js';
import { CommandFailure, FileFailure, UsageError } from '../errors.js';
import { opt, outputOptions, type OptValues } from '../options.js';
import { sayCapped } from '../repeated-notes.js';

function formatDiagnostic(file: string, d: PropDiagnostic | LlvmJsonNote): string {
  const where = d.set === undefined ? '' : `[${printable(d.set)}]${d.key === undefined ? '' : ` ${printable(d.key)}`}: `;
  // (a byte of the file at `offset 0x…`, as verify and dump -v write it; a byte inside a value by its index)
  const at = 'offset' in d && d.offset !== undefined ? ` (value byte ${d.offset})` : 'at' in d && d.at !== undefined ? ` (offset 0x${d.at.toString(16)})` : '';
  return `${file}: ${d.severity}: ${where}${d.message}${at}\n`;
}

/**
 * Run `fn` on input `file`; bad input comes out as FILE:LINE:COLUMN (syntax) or naming the file,
 * with a note when the bytes say why (`bytes`: the input, for what it starts with).
 */
function reading<T>(file: string, fn: () => T, bytes?: Uint8Array): T {
  try {
    return fn();
  } catch (e) {
    const hint = bytes ? inputHint(bytes) : undefined;
    if (e instanceof RegistrySyntaxError) {
      // compiler-style location: FILE:LINE:COLUMN
      // (the structure path as verify names the same byte, where the line belongs to one)
      throw new CommandFailure(`${file}:${e.line}:${e.column}: error: ${messageWithoutHint(e, e.reason).replace(/^line \d+, column \d+: /, '')} (${e.path ? `at ${e.path}, ` : ''}offset 0x${e.offset.toString(16)})${hint ? `\n${file}: note: ${hint}` : ''}`);
    }
    if (e instanceof SyclbinError) throw new FileFailure(file, e, hint ? [hint] : []);
    throw e;
  }
}

/** What an input that did not read starts with, when that explains it (a BOM, a binary file). */
function inputHint(bytes: Uint8Array): string | undefined {
  const bom = byteOrderMarkHint(bytes);
  if (bom) return bom;
  if (hasMagic(SyclbinMagic, bytes)) return "it is a SYCLBIN file: its property sets are shown by 'syclbin json' or 'syclbin inspect'";
  if (hasMagic(OffloadMagic, bytes)) return "it is an OffloadBinary file: 'syclbin inspect' explains it";
  return undefined;
}

const options = {
  json: opt.flag('Print JSON (schemas/props.schema.json) instead of the text view'),
  check: opt.flag('Print diagnostics; exit 1 if any is an error'),
  'llvm-json': opt.flag("Print the registry as upstream LLVM JSON, byte for byte what LLVM's writePropertiesToJSON writes"),
  encode: opt.string('FILE.json', 'Encode a --json document (or upstream LLVM JSON) back to registry text'),
  ...outputOptions(),
};

function run(ctx: Context<OptValues<typeof options>>): number {
  const { opts, args, files, io } = ctx;
  const modes = [opts.json, opts.check, opts['llvm-json'], opts.encode !== undefined].filter(Boolean).length;
  if (modes > 1) throw new UsageError('--json, --check, --llvm-json and --encode are mutually exclusive');
  const notes = (file: string, list: readonly (LlvmJsonNote | PropDiagnostic)[]): void => {
    // (a message repeated past NOTE_REPEATS times is counted: src/cli/repeated-notes.ts)
    sayCapped(
      list,
      (n) => io.stderr.write(formatDiagnostic(file, n)),
      (severity, message, count) => io.stderr.write(`${file}: ${severity}: ${count} more like the above: ${message}\n`),
    );
  };

  if (opts.encode !== undefined) {
    const input = opts.encode;
    if (args.length) throw new UsageError('--encode takes the JSON file as its argument; no FILE.prop');
    const bytes = files.readAll(input);
    const read = reading(input, () => readPropsJson(bytes), bytes);
    notes(input, read.notes);
    // Every set name, key and value that cannot be written, in one run (not one run per problem):
    // looked for once the writer refuses the registry (a registry it writes has none).
    let text: Uint8Array | undefined;
    let problems: EncodeError[] = [];
    try {
      text = writeRegistry(read.registry);
    } catch (e) {
      if (!(e instanceof EncodeError)) throw e;
      problems = registryProblems(read.registry);
      if (!problems.length) problems = [e];
    }
    if (!text) {
      for (const p of problems) {
        const [set, key] = p.pathSegments.map(String);
        io.stderr.write(formatDiagnostic(input, { severity: 'error', set: set ?? '', ...(key === undefined ? {} : { key }), message: p.reason }));
      }
      throw new CommandFailure(`${input}: ${problems.length} problem(s): nothing written`);
    }
    files.write(opts.output, text);
    return EXIT.OK;
  }

  const file = args[0];
  if (file === undefined) throw new UsageError('missing FILE.prop');
  const bytes = files.readAll(file);
  const repeats: RegistryRepeat[] = [];
  const registry = reading(file, () => readRegistry(bytes, { repeats }), bytes);
  // What LLVM's reader folds together (a set named twice, a key given twice): the registry holds its result.
  const folded = repeatDiagnostics(repeats);
  if (opts['llvm-json']) {
    const written = reading(file, () => writeLlvmPropertiesJson(registry));
    // A note per dropped prefix reads well for a few; a registry of many byte arrays gets one line.
    const dropped = written.notes.filter((n) => n.code === 'prefix-dropped');
    if (dropped.length > 3) {
      const some = dropped.slice(0, 3).map((n) => `[${printable(n.set ?? '')}] ${printable(n.key ?? '')}`);
      notes(file, [...folded, ...written.notes.filter((n) => n.code !== 'prefix-dropped')]);
      io.stderr.write(`${file}: note: intel's 8-byte bit-size prefix dropped from ${dropped.length} byte arrays (upstream JSON holds the payload bytes only): ${some.join(', ')}, …\n`);
    } else notes(file, [...folded, ...written.notes]);
    files.write(opts.output, written.json);
    return EXIT.OK;
  }
  if (opts.json) {
    // The JSON holds the registry, not its text: say once per kind what --encode will write otherwise.
    for (const t of textIrregularities(bytes, registry, repeats)) {
      const more = t.count > 1 ? ` (and ${t.count - 1} more line(s))` : '';
      io.stderr.write(`${file}: note: line ${t.line}${more}: ${t.message}: props --encode of this JSON will not reproduce it\n`);
    }
    files.writePieces(opts.output, propsJsonPieces(registry));
    return EXIT.OK;
  }
  const sets = decodeTypedRegistry(registry);
  if (opts.check) {
    // How the text differs from what a writer writes (CRLF, blank lines, ...): read as LLVM reads it,
    // but not reproduced by --encode. (Repeats are the folded diagnostics already.)
    const layout: LlvmJsonNote[] = textIrregularities(bytes, registry, repeats)
      .filter((t) => t.kind !== 'repeat')
      .map((t) => ({ severity: 'note', message: `line ${t.line}${t.count > 1 ? ` (and ${t.count - 1} more line(s))` : ''}: ${t.message}; LLVM's reader accepts it, --encode writes it otherwise` }));
    const checked = [...folded, ...checkTypedSets(sets)];
    const diags = [...folded, ...layout, ...checked.slice(folded.length)];
    const counts = { error: 0, warning: 0, note: 0 };
    let text = '';
    for (const d of diags) {
      counts[d.severity]++;
      text += formatDiagnostic(file, d);
    }
    text += `${file}: ${counts.error} error(s), ${counts.warning} warning(s), ${counts.note} note(s)\n`;
    files.write(opts.output, text);
    return hasErrors(checked) ? EXIT.FAILURE : EXIT.OK;
  }
  files.write(opts.output, explainRegistry(sets));
  return EXIT.OK;
}

/** `syclbin props`: Show, check, export (JSON) and re-encode SYCL property sets (.prop registry text). */
export const command = defineCommand({
  name: 'props',
  summary: 'Show, check, export (JSON) and re-encode SYCL property sets (.prop registry text)',
  usage: 'props [--json | --check | --llvm-json] FILE.prop | syclbin props --encode FILE.json [-o FILE.prop]',
  description: [
    'Reads LLVM/SYCL property-set registry text ([set] lines and key=type|value lines, as written by',
    'sycl-post-link and stored in SYCLBIN metadata) and shows every known set with typed values:',
    'spec-constant descriptor tables, the default-value blob split per constant, aspect names,',
    'device-global records, kernel-argument masks; unknown sets and keys are shown as raw bytes.',
    '',
    '--json prints the registry as JSON (schemas/props.schema.json; 64-bit values as strings).',
    '--encode turns such JSON back into registry text as LLVM\'s writer writes it: byte-identical to the',
    'original when the JSON is unchanged and the original is in that form. Text the reader also accepts',
    '("\\r\\n" line ends, no final line feed, blank lines, text after a set\'s "]", leading zeros, unused',
    'Base64 bits, a set or key given twice) is not kept: --json says on stderr, once per kind, what',
    '--encode will write otherwise, and --check notes it. --check lists semantic problems (descriptor',
    'sizes vs the default blob, overlapping descriptors, device-global records that are not 8 bytes,',
    'wrong value types, unknown aspects, what LLVM folds) and exits with status 1 when there are errors',
    '(notes alone: status 0). Syntax errors are reported as FILE:LINE:COLUMN.',
    '',
    "--llvm-json writes the registry as upstream LLVM's JSON property sets (llvm/Frontend/Offloading/",
    'PropertySet.h, LLVM 22): the bytes writePropertiesToJSON writes, one line, no newline. Byte arrays',
    "lose intel's 8-byte bit-size prefix (a note on stderr names them, one line for up to 3, else one summary line); a byte array whose bit size",
    'is not a whole number of bytes, or disagrees with its payload, is refused (exit 1). --encode also',
    'takes upstream JSON (told apart by its shape) and reads it exactly as readPropertiesFromJSON does;',
    'its byte arrays get the prefix back (bits = 8 x length); where LLVM is lax (repeated names, numbers',
    'above 4294967295 cut to 32 bits, leading zeros) a warning on stderr says so. docs/props-json.md.',
  ].join('\n'),
  options,
  positionals: { min: 0, max: 1 },
  examples: [
    'syclbin props module_0.prop',
    'syclbin props --check module_0.prop',
    'syclbin props --json module_0.prop > m.json && syclbin props --encode m.json -o same.prop',
    "syclbin props --llvm-json module_0.prop -o module_0.json && syclbin props --encode module_0.json -o back.prop   # whole-byte arrays only: a [SYCL/kernel param opt] bit mask is refused",
  ],
  run,
});
