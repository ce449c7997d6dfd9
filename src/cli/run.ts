/**
 * Command-line dispatcher, usable in-process (tests call `runCli` with captured streams) and from
 * the `syclbin` executable (main.ts).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { EXIT, UsageError, type Command, type CommandIO } from './command.js';
import { commands } from './registry.js';
import { SyclbinError } from '../codec/errors.js';

const PROGRAM = 'syclbin';

export function formatCommandHelp(c: Command): string {
  const lines: string[] = [];
  lines.push(`Usage: ${PROGRAM} ${c.usage}`, '', c.summary, '');
  if (c.description) lines.push(c.description.trim(), '');
  const opts = Object.entries(c.options);
  lines.push('Options:');
  const rows: [string, string][] = opts.map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.arg ?? 'VALUE'}` : ''}`;
    const def = o.default !== undefined && o.default !== false ? ` (default: ${String(o.default)})` : '';
    return [flag, o.description + def];
  });
  rows.push(['-h, --help', 'Show this help and exit']);
  const w = Math.max(...rows.map(([f]) => f.length)) + 2;
  for (const [f, d] of rows) lines.push(`  ${f.padEnd(w)}${d}`);
  if (c.examples.length) {
    lines.push('', 'Examples:');
    for (const e of c.examples) lines.push(`  ${e}`);
  }
  lines.push('', 'Exit status: 0 success; 1 the input is invalid, a check found errors, or output failed; 2 usage error.');
  return lines.join('\n') + '\n';
}

export function formatMainHelp(): string {
  const lines = [
    `Usage: ${PROGRAM} <command> [options] [arguments]`,
    '',
    'Read, write, explain and build SYCLBIN files, LLVM OffloadBinary envelopes and SYCL property sets.',
    '',
    'Commands:',
  ];
  const w = Math.max(8, ...commands.map((c) => c.name.length)) + 2;
  for (const c of commands) lines.push(`  ${c.name.padEnd(w)}${c.summary}`);
  lines.push('', `Run '${PROGRAM} <command> --help' for the options of a command.`);
  lines.push('Exit status: 0 success; 1 the input is invalid, a check found errors, or output failed; 2 usage error.');
  return lines.join('\n') + '\n';
}

export async function runCli(argv: string[], io: CommandIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    const c = topic ? commands.find((x) => x.name === topic) : undefined;
    if (topic && !c) {
      io.stderr.write(`${PROGRAM}: unknown command '${topic}'\n`);
      return EXIT.USAGE;
    }
    io.stdout.write(c ? formatCommandHelp(c) : formatMainHelp());
    return name === undefined ? EXIT.USAGE : EXIT.OK;
  }
  if (name === '--version' || name === '-V') {
    io.stdout.write('syclbin-toolkit 0.1.0\n');
    return EXIT.OK;
  }
  const cmd = commands.find((c) => c.name === name);
  if (!cmd) {
    io.stderr.write(`${PROGRAM}: unknown command '${name}'. Run '${PROGRAM} --help' for the list.\n`);
    return EXIT.USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(formatCommandHelp(cmd));
    return EXIT.OK;
  }
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [k, o] of Object.entries(cmd.options)) {
    options[k] = { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) };
    if (o.default !== undefined) (options[k] as { default?: string | boolean }).default = o.default;
  }
  let parsed;
  try {
    parsed = cmd.rawArguments ? { values: {}, positionals: rest } : parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  } catch (e) {
    io.stderr.write(`${PROGRAM} ${cmd.name}: ${(e as Error).message}\nUsage: ${PROGRAM} ${cmd.usage}\n`);
    return EXIT.USAGE;
  }
  const { positionals } = parsed;
  if (positionals.length < cmd.positionals.min || positionals.length > cmd.positionals.max) {
    const want = cmd.positionals.min === cmd.positionals.max ? `${cmd.positionals.min}` : `${cmd.positionals.min} to ${cmd.positionals.max}`;
    io.stderr.write(`${PROGRAM} ${cmd.name}: expected ${want} argument(s), got ${positionals.length}\nUsage: ${PROGRAM} ${cmd.usage}\n`);
    return EXIT.USAGE;
  }
  try {
    return await cmd.run({ values: parsed.values as never, positionals, io });
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`${PROGRAM} ${cmd.name}: ${e.message}\nUsage: ${PROGRAM} ${cmd.usage}\n`);
      return EXIT.USAGE;
    }
    if (e instanceof SyclbinError) {
      io.stderr.write(`${PROGRAM} ${cmd.name}: ${e.message}\n`);
      return EXIT.FAILURE;
    }
    const err = e as NodeJS.ErrnoException;
    if (err && typeof err.code === 'string' && err.syscall) {
      io.stderr.write(`${PROGRAM} ${cmd.name}: ${err.message}\n`);
      return EXIT.FAILURE;
    }
    throw e;
  }
}
