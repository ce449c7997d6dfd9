/**
 * Command-line dispatcher, usable in-process (tests call `runCli` with captured streams) and from the
 * `syclbin` executable (main.ts). The mapping from error to exit status lives here, once:
 *   usage problems                          -> 2 (with the usage line)
 *   bad input, failed checks, I/O failures  -> 1 (`syclbin CMD: FILE: message`)
 *   commands with diff(1) statuses           -> 2 for trouble (their 1 means "different")
 *   anything else is a bug                   -> thrown (the executable prints it and exits 70)
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { SyclbinError } from '../codec/errors.js';
import { appendAll } from '../codec/arrays.js';
import { EXIT, type Command, type CommandIO } from './command.js';
import { CommandFailure, FileFailure, UsageError } from './errors.js';
import { Files } from './files.js';
import { expandResponseFiles } from './response-files.js';
import { repeatedOptionMessage } from './options.js';
import { COMMAND_NAMES, loadCommand, loadCommands } from './registry.js';
import { nearest, suggestOption } from '../codec/suggest.js';
import { errnoText } from '../node/input.js';
// Provides libzstd to the readers: every command can read zstd-compressed OffloadBinaries.
import '../node/zstd.js';
import { acceptsShortVersion, formatCommandHelp, formatMainHelp, formatUsage } from './help.js';

const PROGRAM = 'syclbin';
/** The package version (package.json). */
export const VERSION = '0.1.0';

/**
 * node:util parseArgs's message, in our words where its own is awkward: its unknown-option text
 * ends in an unbalanced quote (`as in '-- "--x"`).
 */
/**
 * `-o=FILE` is `-o FILE` in every command, as in the drop-ins of LLVM tools (llvm::cl reads `-o=X`):
 * getopt would take `=FILE` for the value and write a file named so. Only for a short option that
 * takes a value, before `--`; `-o =X` (two arguments) still names `=X`.
 */
function shortValueSpellings(args: readonly string[], cmd: Pick<Command, 'options'>): string[] {
  const valued = new Set<string>();
  for (const o of Object.values(cmd.options)) if (o.short && o.type === 'string') valued.add(o.short);
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      appendAll(out, args.slice(i));
      break;
    }
    const m = /^-([A-Za-z0-9])=([^]*)$/.exec(a);
    if (m && valued.has(m[1]!)) out.push(`-${m[1]}`, m[2]!);
    else out.push(a);
  }
  return out;
}

function parseArgsMessage(e: Error & { code?: string }, args: readonly string[], cmd: Pick<Command, 'options'>, cwd: string): string {
  const m = e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /^Unknown option '(.*?)'\. To specify a positional argument/.exec(e.message) : null;
  // `--help=1`, `--version=x`: the options exist (answered before parsing), the value is the problem.
  if (m && (m[1] === '--help' || m[1] === '--version') && args.some((a) => a.startsWith(`${m[1]}=`))) return `option '${m[1]}' takes no value`;
  if (m && (m[1] === '-h' || m[1] === '-V') && args.some((a) => a.startsWith(`${m[1]}=`))) return `option '${m[1]}, --${m[1] === '-h' ? 'help' : 'version'}' takes no value`;
  // `-C=1`: parseArgs reads a group of short flags (-C, -=, -1) and stumbles on '='; the value is the problem.
  if (m && m[1] === '-=') {
    // (a short option that takes a value reads `=…` as its value: only a flag can be the one)
    const flags: Record<string, string> = { h: 'help', V: 'version' };
    for (const [k, o] of Object.entries(cmd.options)) if (o.short && o.type === 'boolean') flags[o.short] = k;
    for (const a of args) {
      const short = /^-([A-Za-z0-9])=/.exec(a)?.[1];
      if (short !== undefined && Object.hasOwn(flags, short)) return `option '-${short}, --${flags[short]}' takes no value`;
    }
  }
  if (m) {
    // The option as typed (parseArgs names `--x` of `--x=v`; the suggestion keeps the value).
    // (a short option is reported alone: `-j` of `-jsn`, whose argument is the one typed)
    const typed = args.find((a) => a === m[1] || a.startsWith(`${m[1]}=`) || (!m[1]!.startsWith('--') && a.startsWith('-') && !a.startsWith('--') && a.includes(m[1]!.slice(1)))) ?? m[1]!;
    const hint = suggestOption(typed, optionSpellings(cmd));
    // The '--' hint only where a file of that name is there to be meant.
    const file = existsSync(resolve(cwd, typed)) ? ` (a file name starting with '-' goes after '--', as in: -- ${typed})` : '';
    return `unknown option '${m[1]}'${hint ? ` (did you mean '${hint}'?)` : ''}${file}`;
  }
  const flag = /^Option '(.*?)' does not take an argument/.exec(e.message);
  if (flag) return `option '${flag[1]}' takes no value`;
  const missing = /^Option '(?:-\w, )?(--[^ ']+) <value>' argument missing/.exec(e.message);
  if (missing) return `option '${missing[1]}' needs a value`;
  const dash = /^Option '(.*?)' argument is ambiguous/.exec(e.message);
  if (dash) return `option '${dash[1]}' needs a value; a value starting with '-' is written ${dash[1]}=-VALUE`;
  return e.message;
}

/** Every spelling of a command's options (`--name`, `-s`), with `--help`/`-h` and `--version`: what a mistyped option is compared with. */
function optionSpellings(cmd: Pick<Command, 'options'>): string[] {
  const out = ['--help', '-h', '--version'];
  for (const [k, o] of Object.entries(cmd.options)) {
    out.push(`--${k}`);
    if (o.short) out.push(`-${o.short}`);
  }
  return out;
}

/** `unknown command 'X'` (an option at the top level: `unknown option`), with the nearest command or top-level option. */
function unknownCommandMessage(name: string): string {
  if (name.startsWith('-')) {
    const hint = suggestOption(name, ['--help', '-h', '--version', '-V']);
    return `unknown option '${name}'${hint ? ` (did you mean '${hint}'?)` : ''}: before a command only --help (-h) and --version (-V) are options`;
  }
  const hint = nearest(name, COMMAND_NAMES);
  return `unknown command '${name}'${hint ? ` (did you mean '${hint}'?)` : ''}`;
}

/**
 * LLVM's option spellings rewritten to ours (llvm/lib/Support/CommandLine.cpp: one or two dashes
 * before any option name, `=` before a value, a one-letter option with `=` too): `-image=V` and
 * `--o=V` become `--image=V` and `--output=V`, `-o=V` becomes `--output=V` (where getopt-style
 * parsing would make the value "=V"). Arguments after `--` are left as they are.
 */
export function llvmSpellings(args: readonly string[], cmd: Pick<Command, 'options'>): string[] {
  const byName = new Map<string, string>();
  for (const [k, o] of Object.entries(cmd.options)) {
    byName.set(k, k);
    if (o.short) byName.set(o.short, k);
  }
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      out.push(...args.slice(i));
      break;
    }
    const m = /^--?([^=-][^=]*)(=[^]*)?$/.exec(a);
    const long = m ? byName.get(m[1]!) : undefined;
    if (long === undefined) {
      // `-ofoo`: llvm::cl has no option "ofoo" and reads no value joined to a one-letter option
      // that is not cl::Prefix (llvm/lib/Support/CommandLine.cpp, getOptionPred and the grouping
      // rules: "for the -o option: may not occur within a group!", then "Unknown command line
      // argument"), as llvm-offload-binary-22 and clang-offload-packager-19 refuse it; getopt-style
      // parsing would take "foo" for -o's value and write that file.
      const joined = /^-([A-Za-z0-9])([^=][^]*)$/.exec(a);
      const short = joined ? byName.get(joined[1]!) : undefined;
      if (joined && short !== undefined && cmd.options[short]!.type === 'string') {
        throw new UsageError(`unknown option '${a}': a value is not joined to -${joined[1]} here (LLVM's option parser refuses it); write -${joined[1]} ${joined[2]} or -${joined[1]}=${joined[2]}`);
      }
      out.push(a);
      continue;
    }
    // The next argument is this option's value, whatever it looks like (llvm::cl's ValueRequired
    // options take it even when it starts with '-': `-o -x` writes a file named "-x"): joined with
    // '=', so that the option parser cannot read it as an option.
    if (m![2] === undefined && cmd.options[long]!.type === 'string' && i + 1 < args.length) out.push(`--${long}=${args[++i]!}`);
    else out.push(`--${long}${m![2] ?? ''}`);
  }
  return out;
}

/**
 * `args` without the values of value options: for a `rawArguments` command, its `rawValueOptions`
 * given without `=` drop the argument after them; otherwise each value is joined to its option
 * (llvmSpellings), or the arguments are as given where it refuses a spelling.
 */
function argumentsBesideValues(args: readonly string[], cmd: Pick<Command, 'options' | 'rawArguments' | 'rawValueOptions'>): readonly string[] {
  if (cmd.rawArguments) {
    const values = cmd.rawValueOptions;
    if (!values) return args;
    const out: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const m = /^--?([^=]+)$/.exec(args[i]!);
      out.push(args[i]!);
      if (m && values.has(m[1]!)) i++;
    }
    return out;
  }
  try {
    return llvmSpellings(args, cmd);
  } catch (e) {
    if (e instanceof UsageError) return args;
    throw e;
  }
}

/**
 * What the input holds may be more text than JavaScript holds in one string or buffer (a 100 MB
 * property key of control bytes is 600 MB of JSON escapes; V8 strings end near 512 MB): the message
 * for such an error, a limit of this tool said as one (status 1), not an internal error; undefined
 * for anything else.
 */
export function outputLimitMessage(e: unknown): string | undefined {
  if (!(e instanceof RangeError) || !/^(Invalid string length|Array buffer allocation failed|Invalid typed array length)/.test(e.message)) return undefined;
  return `the output is larger than this tool can build in memory (${e.message}); 'syclbin dump' streams a SYCLBIN's text, 'syclbin props' a property set's`;
}

/** The tag of every command's error lines: `syclbin CMD: error: …` (src/cli/run.ts prints them, commands that word their own lines use it too). */
export const ERROR_TAG = 'error: ';

/** Run the command line `argv` (without the program name). Resolves to the exit status. */
export async function runCli(argv: string[], io: CommandIO): Promise<number> {
  const [name, ...given] = argv;
  let rest = given;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    const c = topic ? await loadCommand(topic) : undefined;
    if (topic && !c) {
      io.stderr.write(`${PROGRAM}: ${unknownCommandMessage(topic)}\n`);
      return EXIT.USAGE;
    }
    io.stdout.write(c ? formatCommandHelp(c) : formatMainHelp(await loadCommands()));
    return name === undefined ? EXIT.USAGE : EXIT.OK;
  }
  if (name === '--version' || name === '-V') {
    io.stdout.write(`syclbin-toolkit ${VERSION}\n`);
    return EXIT.OK;
  }
  const cmd = await loadCommand(name);
  if (!cmd) {
    io.stderr.write(`${PROGRAM}: ${unknownCommandMessage(name)}. Run '${PROGRAM} --help' for the list.\n`);
    return EXIT.USAGE;
  }
  const failure = cmd.statuses === 'diff' ? 2 : EXIT.FAILURE;
  io.failureStatus?.(failure, `${PROGRAM} ${cmd.name}`, ERROR_TAG);
  if (cmd.responseFiles) {
    try {
      rest = expandResponseFiles(rest, io.cwd);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      io.stderr.write(`${PROGRAM} ${cmd.name}: ${ERROR_TAG}${e.message}\n`);
      return EXIT.FAILURE; // (LLVM's parsers exit 1 here)
    }
  }
  // After `--` every argument is an operand (`syclbin dump -- --help` opens a file named --help).
  const end = rest.indexOf('--');
  const optionArgs = end < 0 ? rest : rest.slice(0, end);
  // The drop-ins of llvm::cl tools (sycl-post-link, clang-offload-packager / llvm-offload-binary)
  // take `-help` and `-version` as those tools do (any option with one dash or two).
  const cl = cmd.rawArguments === true || cmd.llvmOptionSpellings === true;
  // An option's value is not an option there: llvm::cl takes the argument after a value option
  // whatever it is (`clang-offload-packager -o -h` writes a file named "-h"), so the drop-ins look
  // for help and version among the arguments that are not values (llvmSpellings joins each value to
  // its option; a spelling it refuses is said by the parse below).
  const flagArgs = cl ? argumentsBesideValues(optionArgs, cmd) : optionArgs;
  if (flagArgs.includes('--help') || flagArgs.includes('-h') || (cl && flagArgs.includes('-help'))) {
    io.stdout.write(formatCommandHelp(cmd));
    return EXIT.OK;
  }
  // Every command answers --version (as the LLVM tools some of them replace do, status 0).
  // (-V too, as at the top level, where the command has no -V of its own and is no LLVM drop-in: their tools take only --version)
  const shortVersion = flagArgs.includes('-V') && acceptsShortVersion(cmd);
  if (flagArgs.includes('--version') || shortVersion || (cl && flagArgs.includes('-version'))) {
    io.stdout.write(`syclbin-toolkit ${VERSION}\n`);
    return EXIT.OK;
  }
  const prog = `${PROGRAM} ${cmd.name}`;
  // Every command tags its failures `error:` (`PROG: error: FILE: message`), as the LLVM tools the
  // drop-ins replace do, so a script that looks for the tag in standard error finds every failure;
  // notes and warnings are `PROG: FILE: note: …`. (Exceptions, each in its tool's words: dump's
  // failures, as syclbin-dump's, src/cli/commands/dump.ts; post-link's command-line errors, as
  // sycl-post-link's llvm::cl; the extra operands of the LLVM drop-ins, below.)
  const tag = ERROR_TAG;
  const usage = (message: string): number => {
    io.stderr.write(`${prog}: ${tag}${message}\n${formatUsage(cmd)}\n`);
    return cmd.statuses === 'llvm' ? EXIT.FAILURE : EXIT.USAGE;
  };
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [k, o] of Object.entries(cmd.options)) options[k] = { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) };
  let parsed;
  try {
    const args = shortValueSpellings(cmd.llvmOptionSpellings ? llvmSpellings(rest, cmd) : rest, cmd);
    parsed = cmd.rawArguments ? { values: {}, positionals: rest, tokens: [] } : parseArgs({ args, options, allowPositionals: true, strict: true, tokens: true });
  } catch (e) {
    return usage(parseArgsMessage(e as Error, rest, cmd, io.cwd));
  }
  // A one-value option given twice is refused rather than the last kept (the LLVM drop-ins keep
  // their tools' ways: llvm-objdump's option table takes the last value).
  const repeated = cmd.statuses === 'llvm' ? undefined : repeatedOptionMessage(parsed.tokens, cmd.options);
  if (repeated) return usage(repeated);
  const { positionals } = parsed;
  // The drop-ins of LLVM tools refuse extra operands in LLVM's words (llvm::cl, before any other check).
  if (cmd.statuses === 'llvm' && positionals.length > cmd.positionals.max) {
    io.stderr.write(`${prog}: Too many positional arguments specified!\nCan specify at most ${cmd.positionals.max} positional arguments: See: ${prog} --help\n`);
    return EXIT.FAILURE;
  }
  if (positionals.length < cmd.positionals.min || positionals.length > cmd.positionals.max) {
    const { min, max } = cmd.positionals;
    const want = min === max ? `${min}` : max === Number.POSITIVE_INFINITY ? `at least ${min}` : `${min} to ${max}`;
    const extra = positionals.length > cmd.positionals.max ? `: ${positionals.slice(cmd.positionals.max, cmd.positionals.max + 3).map((p) => `'${p}'`).join(' ')}${positionals.length - cmd.positionals.max > 3 ? ' ...' : ''} not expected` : '';
    return usage(`expected ${want} argument(s), got ${positionals.length}${extra}`);
  }
  const values = parsed.values as Record<string, unknown>;
  const opts: Record<string, unknown> = {};
  try {
    for (const [k, o] of Object.entries(cmd.options)) opts[k] = o.parse(values[k], `--${k}`);
  } catch (e) {
    if (e instanceof UsageError) return usage(e.message);
    throw e;
  }
  const files = new Files(io, opts.force === true, 'force' in cmd.options);
  try {
    const status = await cmd.run({ opts, args: positionals, file: positionals[0] ?? '', io, files, prog, help: () => formatCommandHelp(cmd) });
    files.finish();
    return status;
  } catch (e) {
    files.abort();
    if (e instanceof UsageError) return usage(e.message);
    if (e instanceof CommandFailure) {
      io.stderr.write(e.message.endsWith('\n') ? e.message : `${e.message}\n`);
      return e.status ?? failure;
    }
    if (e instanceof FileFailure) {
      // An empty name (`--image=file=,…`, `""`) would print as nothing between two colons.
      const shown = e.file === '' ? "'' (an empty file name)" : e.file;
      io.stderr.write(`${prog}: ${tag}${e.quoted ? `'${e.file}'` : shown}: ${e.message}\n`);
      for (const n of e.notes) io.stderr.write(`${prog}: ${shown}: note: ${n}\n`);
      return failure;
    }
    if (e instanceof SyclbinError) {
      io.stderr.write(`${prog}: ${tag}${e.message}\n`);
      return failure;
    }
    const err = e as NodeJS.ErrnoException;
    if (err && typeof err.code === 'string' && err.syscall) {
      io.stderr.write(`${prog}: ${tag}${err.path ? `${err.path}: ` : ''}${errnoText(err)}\n`);
      return failure;
    }
    const tooLarge = outputLimitMessage(e);
    if (tooLarge) {
      io.stderr.write(`${prog}: ${tag}${tooLarge}\n`);
      return failure;
    }
    throw e;
  }
}
