/**
 * `syclbin props`: show, check, export and re-encode SYCL property-set registries (.prop files).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EXIT, UsageError, type Command, type CommandContext } from '../command.js';
import { decodeRegistry, encodeRegistry, RegistrySyntaxError } from '../../props/registry.js';
import { decodeTypedRegistry } from '../../props/typed/index.js';
import { explainRegistry, printable } from '../../props/explain.js';
import { checkTypedSets, hasErrors, type PropDiagnostic } from '../../props/check.js';
import { registryFromJson, registryToJson } from '../../props/json.js';
import { EncodeError } from '../../codec/errors.js';

function formatDiagnostic(file: string, d: PropDiagnostic): string {
  const where = `[${printable(d.set)}]${d.key === undefined ? '' : ` ${printable(d.key)}`}`;
  const at = d.offset === undefined ? '' : ` (value byte ${d.offset})`;
  return `${file}: ${d.severity}: ${where}: ${d.message}${at}\n`;
}

async function emit(ctx: CommandContext, data: string | Uint8Array): Promise<void> {
  const out = ctx.values.output;
  if (typeof out === 'string') await writeFile(resolve(ctx.io.cwd, out), data);
  else ctx.io.stdout.write(data);
}

async function run(ctx: CommandContext): Promise<number> {
  const { values, positionals, io } = ctx;
  const encodeFrom = values.encode;
  const modes = [values.json === true, values.check === true, typeof encodeFrom === 'string'].filter(Boolean).length;
  if (modes > 1) throw new UsageError('--json, --check and --encode are mutually exclusive');

  if (typeof encodeFrom === 'string') {
    if (positionals.length) throw new UsageError('--encode takes the JSON file as its argument; no FILE.prop');
    const text = await readFile(resolve(io.cwd, encodeFrom), 'utf8');
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      io.stderr.write(`syclbin props: ${encodeFrom}: not JSON: ${(e as Error).message}\n`);
      return EXIT.FAILURE;
    }
    try {
      await emit(ctx, encodeRegistry(registryFromJson(doc)));
    } catch (e) {
      if (e instanceof EncodeError) {
        io.stderr.write(`syclbin props: ${encodeFrom}: ${e.message}\n`);
        return EXIT.FAILURE;
      }
      throw e;
    }
    return EXIT.OK;
  }

  const file = positionals[0];
  if (file === undefined) throw new UsageError('missing FILE.prop');
  const bytes = new Uint8Array(await readFile(resolve(io.cwd, file)));
  let registry;
  try {
    registry = decodeRegistry(bytes);
  } catch (e) {
    if (e instanceof RegistrySyntaxError) {
      // compiler-style location: FILE:LINE:COLUMN
      io.stderr.write(`${file}:${e.line}:${e.column}: error: ${e.reason.replace(/^line \d+, column \d+: /, '')} (byte offset ${e.offset})\n`);
      return EXIT.FAILURE;
    }
    throw e;
  }
  if (values.json === true) {
    await emit(ctx, JSON.stringify(registryToJson(registry), null, 2) + '\n');
    return EXIT.OK;
  }
  const sets = decodeTypedRegistry(registry);
  if (values.check === true) {
    const diags = checkTypedSets(sets);
    const counts = { error: 0, warning: 0, note: 0 };
    let text = '';
    for (const d of diags) {
      counts[d.severity]++;
      text += formatDiagnostic(file, d);
    }
    text += `${file}: ${counts.error} error(s), ${counts.warning} warning(s), ${counts.note} note(s)\n`;
    await emit(ctx, text);
    return hasErrors(diags) ? EXIT.FAILURE : EXIT.OK;
  }
  await emit(ctx, explainRegistry(sets));
  return EXIT.OK;
}

export const command: Command = {
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
  options: {
    json: { type: 'boolean', description: 'Print JSON (schemas/props.schema.json) instead of the text view' },
    check: { type: 'boolean', description: 'Print diagnostics; exit 1 if any is an error' },
    encode: { type: 'string', arg: 'FILE.json', description: 'Encode a --json document back to registry text' },
    output: { type: 'string', short: 'o', arg: 'FILE', description: 'Write to FILE instead of standard output' },
  },
  positionals: { min: 0, max: 1 },
  examples: [
    'syclbin props module_0.prop',
    'syclbin props --check module_0.prop',
    'syclbin props --json module_0.prop > m.json && syclbin props --encode m.json -o same.prop',
  ],
  run,
};
