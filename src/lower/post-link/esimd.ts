/**
 * What this implementation knows of ESIMD (explicit SIMD) code, which it does not lower: enough to
 * say when sycl-post-link would do ESIMD work on a module.
 *
 * - An ESIMD function carries `!sycl_explicit_simd` (intel/llvm:llvm/include/llvm/SYCLLowerIR/ESIMD/ESIMDUtils.h
 *   `ESIMD_MARKER_MD`, `isESIMD`). sycl-post-link always splits a module's SYCL and ESIMD entry
 *   points (`handleESIMD`: `splitByESIMD`, linked back unless `-split-esimd`) and, with
 *   `-lower-esimd`, lowers the ESIMD part. A module with no ESIMD function has one SYCL part: both
 *   switches then change nothing, which is what the SYCL compiler driver's usual command line
 *   (`… -split-esimd -lower-esimd …`) relies on.
 * - `__builtin_invoke_simd` calls (`INVOKE_SIMD_PREF` = `_Z33__regcall3____builtin_invoke_simd`)
 *   are rewritten before the split by SYCLLowerInvokeSimdPass (ModuleSplitter.cpp@01e7e04f
 *   `runPreSplitProcessingPipeline`), and with `-split-esimd` sycl-post-link stops:
 *   "'invoke_simd' calls detected, '-split-esimd' must not be specified" (sycl-post-link.cpp@676a364f).
 *
 * Portable: no Node APIs.
 */
import type { LFunction, LModule } from '../llvm-ir/parse/model.js';

/** The metadata that marks an ESIMD function. */
export const ESIMD_MARKER_MD = 'sycl_explicit_simd';
/** The name prefix of the `__builtin_invoke_simd` overloads. */
export const INVOKE_SIMD_PREFIX = '_Z33__regcall3____builtin_invoke_simd';

/** The module's first ESIMD function, if any. */
export function firstEsimdFunction(m: LModule): LFunction | undefined {
  return m.functions.find((f) => f.metadata.some((a) => a.kind === ESIMD_MARKER_MD));
}

/** The module's first `__builtin_invoke_simd` function, if any. */
export function firstInvokeSimd(m: LModule): LFunction | undefined {
  return m.functions.find((f) => f.name.startsWith(INVOKE_SIMD_PREFIX));
}
