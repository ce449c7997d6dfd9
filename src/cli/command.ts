/**
 * The contract every `syclbin` subcommand implements. Commands live in `src/cli/commands/`, one
 * module each, and are listed in `src/cli/registry.ts`; no command imports another. Options are
 * typed (src/cli/options.ts); files go through `ctx.files` (src/cli/files.ts); errors are mapped to
 * exit statuses by the dispatcher (src/cli/run.ts).
 */
import type { Files } from './files.js';
import type { Opt, OptValues } from './options.js';

/** A text or byte stream. */
export interface Output {
  /** Write text or bytes. */
  write(chunk: string | Uint8Array): void;
  /** True when the stream is an interactive terminal (colours allowed). */
  readonly isTTY?: boolean;
}

/** What a command run gets from its environment. */
export interface CommandIO {
  /** Standard output. */
  stdout: Output;
  /** Standard error. */
  stderr: Output;
  /** Directory relative paths are resolved against. */
  cwd: string;
  /** Environment variables (`NO_COLOR`, ...). */
  env: Record<string, string | undefined>;
  /** Standard input's bytes (tests inject it; the executable reads file descriptor 0). */
  stdin?: () => Uint8Array;
  /**
   * Told the failure status of the command about to run (1, or 2 for `diff`, whose 1 means
   * "different") and its name as messages start (`syclbin dump`) before it runs: the executable
   * exits with it, saying so under that name, when writing standard output fails. `tag` is what
   * follows the name on an error line: `error: ` for the LLVM tools' drop-ins, otherwise empty.
   */
  failureStatus?: (status: number, prog: string, tag: string) => void;
  /**
   * Told the status to exit with when standard output is closed, where it is not 141 (a program
   * killed by SIGPIPE): `offload-list --llvm 19` exits 74 (EX_IOERR) as llvm-objdump-19 does, whose
   * InitLLVM installs LLVM's one-shot pipe-signal handler.
   */
  closedPipeStatus?: (status: number) => void;
}

/** What a command's `run` gets. */
export interface Context<V> {
  /** Parsed option values. */
  opts: V;
  /** Positional arguments (every argument for `rawArguments` commands). */
  args: string[];
  /** The first argument ('' when there is none): the input of most commands. */
  file: string;
  /** Streams, working directory, environment. */
  io: CommandIO;
  /** File access (reads, atomic writes) for this run. */
  files: Files;
  /** `syclbin NAME`, for messages. */
  prog: string;
  /** This command's `--help` text (for a command that, like the LLVM tool it replaces, prints it unasked). */
  help(): string;
}

/** Exit statuses shared by all commands. */
export const EXIT = {
  OK: 0,
  /** The input could not be read/parsed, a check found errors, or an output could not be written. */
  FAILURE: 1,
  /** Wrong command line (unknown option, missing argument). */
  USAGE: 2,
} as const;

/** A subcommand. */
export interface CommandSpec<O extends Record<string, Opt<unknown>>> {
  /** Subcommand name (`syclbin NAME`). */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Usage line without the program name, e.g. `dump FILE`. */
  usage: string;
  /** Paragraphs of help text. */
  description: string;
  /** Option specs by long name. */
  options: O;
  /** Number of positional arguments accepted. */
  positionals: { min: number; max: number };
  /**
   * The command parses its own arguments (a drop-in for another tool's command line, e.g.
   * `post-link` takes sycl-post-link's `-spec-const=native`): the dispatcher skips option parsing
   * (except `--help`) and hands every argument over in `args`.
   */
  rawArguments?: boolean;
  /**
   * For `rawArguments` commands: the names of the options that take the next argument as their value
   * when none is joined with `=` (llvm::cl's ValueRequired options: `-o -h` names a file "-h"), so
   * that such a value is not taken for `-h` or `--version`.
   */
  rawValueOptions?: ReadonlySet<string>;
  /**
   * Also accept LLVM's spellings of the options (a drop-in for an LLVM tool, whose llvm::cl parser
   * takes any option with one or two dashes and `=`: `-image=...`, `--o=X`, `-o=X`): see
   * src/cli/run.ts `llvmSpellings`.
   */
  llvmOptionSpellings?: boolean;
  /**
   * Expand `@FILE` arguments (response files) before anything else, as LLVM's command-line parsers do
   * (src/cli/response-files.ts): for the drop-ins of LLVM tools.
   */
  responseFiles?: boolean;
  /** Example command lines for `--help`. */
  examples: string[];
  /**
   * Exit statuses: `standard` (0 ok, 1 invalid input or findings, 2 usage), `diff` (as diff(1):
   * 0 same, 1 different, 2 trouble) or `llvm` (a drop-in for an LLVM tool, whose command-line parser
   * exits 1 on a usage error: 0 ok, 1 any error).
   */
  statuses?: 'standard' | 'diff' | 'llvm';
  /** Returns the exit status. */
  run(ctx: Context<OptValues<O>>): Promise<number> | number;
}

/** A command of any option shape (what the registry holds). */
export type Command = CommandSpec<Record<string, Opt<unknown>>>;

/** Define a command; the option types flow into `run`. */
export function defineCommand<O extends Record<string, Opt<unknown>>>(spec: CommandSpec<O>): Command {
  return spec as unknown as Command;
}
