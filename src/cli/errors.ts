/**
 * Errors a command raises for the dispatcher to report (src/cli/run.ts maps every error to an exit
 * status in one place).
 */
import { DecodeError, messageWithoutHint } from '../codec/errors.js';

/** A command-line problem: printed with the usage line, exit status 2. */
export class UsageError extends Error {}

/** A failure the command has worded itself (printed as is). `status` defaults to the command's failure status. */
export class CommandFailure extends Error {
  constructor(
    message: string,
    /** Exit status (default: the command's failure status, 1, or 2 for `diff`). */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** An error while reading or writing a named file: reported as `syclbin CMD: FILE: message`. */
export class FileFailure extends Error {
  constructor(
    /** The file name as the user gave it. */
    readonly file: string,
    /** The underlying error (its message is this error's message). */
    override readonly cause: unknown,
    /** Notes printed after the error line (`PROG: FILE: note: …`), e.g. how another mode reads the file. */
    readonly notes: readonly string[] = [],
    /** The error line names the file quoted (`PROG: error: 'FILE': message`), as the LLVM tools the drop-ins replace name their input. */
    readonly quoted = false,
  ) {
    // (a reader's hint of what else the input is names library functions: the CLI says it in its own words)
    super(cause instanceof DecodeError ? messageWithoutHint(cause) : ((cause as Error)?.message ?? String(cause)));
  }
}
