/**
 * Errors of the LLVM IR text reader: every malformed or unsupported construct is an
 * {@link IrSyntaxError} with the 1-based line and column of the offending token, so a person can
 * find it and a program can match on `code` (`SYNTAX` for malformed text, `LIMIT` for a nesting or
 * size limit, `FORMAT` for well-formed IR that the lowering cannot handle).
 */
import { SyclbinError, type ErrorCode } from '../../../codec/errors.js';

/** A problem in LLVM IR text at `line`:`column` (both 1-based), byte `offset` of the file. */
export class IrSyntaxError extends SyclbinError {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column (in bytes of the line: IR text is read one character per byte, as LLVM reads it). */
  readonly column: number;
  /** Byte offset of the offending token in the file (undefined only for text that was never a file). */
  readonly offset: number | undefined;
  /** What is wrong, without the location. */
  readonly reason: string;
  constructor(reason: string, line: number, column: number, code: ErrorCode = 'SYNTAX', offset?: number) {
    super(code, `${line}:${column}: ${reason}`);
    this.reason = reason;
    this.line = line;
    this.column = column;
    this.offset = offset;
  }
}

/**
 * Hard nesting limit for types, constants and metadata in IR text (issue: hostile IR). LLVM's own
 * parser recurses without a limit; we refuse deeper input with a typed `LIMIT` error instead of
 * risking the stack. 256 levels is far beyond anything clang emits for a SYCL type.
 */
export const MAX_IR_NESTING = 256;

/** The message for input nested deeper than {@link MAX_IR_NESTING}: says it is this tool's limit, as the other limit messages do. */
export const IR_NESTING_MESSAGE = `nesting deeper than ${MAX_IR_NESTING} levels (a limit of this tool: llvm-as has none)`;

/** What {@link irErrorAt} needs of a module: its tokens' places. */
interface TokenPlaces {
  readonly tokens: { get(i: number): { readonly line: number; readonly column: number; readonly start: number } | undefined };
}

/** The {@link IrSyntaxError} at token `tok` of module `m` (its line, column and byte offset); `FORMAT` unless said. */
export function irErrorAt(m: TokenPlaces, tok: number, msg: string, code: ErrorCode = 'FORMAT'): IrSyntaxError {
  const t = m.tokens.get(tok)!;
  return new IrSyntaxError(msg, t.line, t.column, code, t.start);
}
