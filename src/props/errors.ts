/**
 * Errors of the property-set readers (registry text, Base64): a DecodeError that also carries LLVM's
 * own message for the same failure, where LLVM has the check (intel/llvm PropertySetIO.cpp and
 * Base64.cpp), so `syclbin dump` can print exactly what `syclbin-dump` prints.
 */
import { DecodeError, type ErrorCode, type PathKey } from '../codec/index.js';

/** A property-set or Base64 syntax error. */
export class PropertySetError extends DecodeError {
  /** LLVM's message for the same failure (undefined where only we check). */
  readonly llvm: string | undefined;
  /** `named`: how many of the last path keys are set names and keys from the data (see DecodeError.named). */
  constructor(code: ErrorCode, reason: string, offset: number, llvm: string | undefined, path: readonly PathKey[] = [], named = 0) {
    super(code, reason, offset, path, { named });
    this.llvm = llvm;
  }
}
