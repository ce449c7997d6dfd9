/**
 * The contract every `syclbin` subcommand implements. Commands live in `src/cli/commands/`, one
 * module each, and are listed in `src/cli/registry.ts`. Options are parsed by `node:util`
 * `parseArgs` (strict), so unknown options are usage errors (exit 2).
 */

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** Placeholder shown in help, e.g. `FILE`. */
  arg?: string;
  description: string;
  default?: string | boolean;
}

export interface Output {
  write(chunk: string | Uint8Array): void;
  /** True when the stream is an interactive terminal (colours allowed). */
  readonly isTTY?: boolean;
}

export interface CommandIO {
  stdout: Output;
  stderr: Output;
  /** Directory relative paths are resolved against. */
  cwd: string;
  env: Record<string, string | undefined>;
  /** Standard input, when the caller provides it (tests); commands fall back to file descriptor 0. */
  stdin?: () => Uint8Array;
}

export interface CommandContext {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
  io: CommandIO;
}

export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Usage line without the program name, e.g. `dump FILE`. */
  usage: string;
  /** Paragraphs of help text. */
  description: string;
  options: Record<string, OptionSpec>;
  /** Number of positional arguments accepted. */
  positionals: { min: number; max: number };
  /**
   * The command parses its own arguments (a drop-in for another tool's command line, e.g.
   * `post-link` takes sycl-post-link's `-spec-const=native`): runCli skips `parseArgs` and hands
   * every argument over as a positional.
   */
  rawArguments?: boolean;
  examples: string[];
  /** Returns the process exit status (see EXIT in main.ts). */
  run(ctx: CommandContext): Promise<number> | number;
}

/** Exit statuses shared by all commands. */
export const EXIT = {
  OK: 0,
  /** The input could not be read/parsed, a check found errors, or an output could not be written. */
  FAILURE: 1,
  /** Wrong command line (unknown option, missing argument). */
  USAGE: 2,
} as const;

/** Raised inside a command for a command-line problem; main prints it with the usage line. */
export class UsageError extends Error {}
