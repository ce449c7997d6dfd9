/**
 * `syclbin props`: show, check, export and re-encode SYCL property-set registries (.prop files).
 */
import { decodeRegistry, encodeRegistry, RegistrySyntaxError } from '../../props/registry.js';
import { decodeTypedRegistry } from '../../props/typed/index.js';
import { explainRegistry, printable } from '../../props/explain.js';
import { checkTypedSets, hasErrors, type PropDiagnostic } from '../../props/check.js';
import { registryFromJson, registryToJson } from '../../props/json.js';
import { EncodeError } from '../../codec/errors.js';
import { defineCommand, EXIT, type Context } from '../command.js';
import { CommandFailure, UsageError } from '../errors.js';
import { opt, outputOptions, type OptValues } from '../options.js';

function formatDiagnostic(file: string, d: PropDiagnostic): string {
  const where = `[${printable(d.set)}]${d.key === undefined ? '' : ` ${printable(d.key)}`}`;
  const at = d.offset === undefined ? '' : ` (value byte ${d.offset})`;
  return `${file}: ${d.severity}: ${where}: ${d.message}${at}\n`;
}

const options = {
  json: opt.flag('Print JSON (schemas/props.schema.json) instead of the text view'),
  check: opt.flag('Print diagnostics; exit 1 if any is an error'),
  encode: opt.string('FILE.json', 'Encode a --json document back to registry text'),
  ...outputOptions(),
};

function run(ctx: Context<OptValues<typeof options>>): number {
  const { opts, args, files, prog } = ctx;
  const modes = [opts.json, opts.check, opts.encode !== undefined].filter(Boolean).length;
  if (modes > 1) throw new UsageError('--json, --check and --encode are mutually exclusive');

  if (opts.encode !== undefined) {
    if (args.length) throw new UsageError('--encode takes the JSON file as its argument; no FILE.prop');
    const text = files.readText(opts.encode);
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      throw new CommandFailure(`${prog}: ${opts.encode}: not JSON: ${(e as Error).message}`);
    }
    try {
      files.write(opts.output, encodeRegistry(registryFromJson(doc)));
    } catch (e) {
      if (e instanceof EncodeError) throw new CommandFailure(`${prog}: ${opts.encode}: ${e.message}`);
      throw e;
    }
    return EXIT.OK;
  }

  const file = args[0];
  if (file === undefined) throw new UsageError('missing FILE.prop');
  const bytes = files.readAll(file);
  let registry;
  try {
    registry = decodeRegistry(bytes);
  } catch (e) {
    if (e instanceof RegistrySyntaxError) {
      // compiler-style location: FILE:LINE:COLUMN
      throw new CommandFailure(`${file}:${e.line}:${e.column}: error: ${e.reason.replace(/^line \d+, column \d+: /, '')} (byte offset ${e.offset})`);
    }
    throw e;
  }
  if (opts.json) {
    files.write(opts.output, JSON.stringify(registryToJson(registry), null, 2) + '\n');
    return EXIT.OK;
  }
  const sets = decodeTypedRegistry(registry);
  if (opts.check) {
    const diags = checkTypedSets(sets);
    const counts = { error: 0, warning: 0, note: 0 };
    let text = '';
    for (const d of diags) {
      counts[d.severity]++;
      text += formatDiagnostic(file, d);
    }
    text += `${file}: ${counts.error} error(s), ${counts.warning} warning(s), ${counts.note} note(s)\n`;
    files.write(opts.output, text);
    return hasErrors(diags) ? EXIT.FAILURE : EXIT.OK;
  }
  files.write(opts.output, explainRegistry(sets));
  return EXIT.OK;
}

export const command = defineCommand({
  name: 'props',
  summary: 'Show, check, export (JSON) and re-encode SYCL property sets (.prop registry text)',
  usage: 'props [--json | --check] FILE.prop | props --encode FILE.json [-o FILE.prop]',
  description: [
    'Reads LLVM/SYCL property-set registry text ([set] lines and key=type|value lines, as written by',
    'sycl-post-link and stored in SYCLBIN metadata) and shows every known set with typed values:',
    'spec-constant descriptor tables, the default-value blob split per constant, aspect names,',
    'device-global records, kernel-argument masks; unknown sets and keys are shown as raw bytes.',
    '',
    '--json prints the registry as JSON (schemas/props.schema.json; 64-bit values as strings).',
    '--encode turns such JSON back into registry text, byte-identical to the original when the JSON',
    'is unchanged. --check lists semantic problems (descriptor sizes vs the default blob, overlapping',
    'descriptors, device-global records that are not 8 bytes, wrong value types, unknown aspects) and',
    'exits with status 1 when there are errors. Syntax errors are reported as FILE:LINE:COLUMN.',
  ].join('\n'),
  options,
  positionals: { min: 0, max: 1 },
  examples: [
    'syclbin props module_0.prop',
    'syclbin props --check module_0.prop',
    'syclbin props --json module_0.prop > m.json && syclbin props --encode m.json -o same.prop',
  ],
  run,
});
