/**
 * The `[SYCL/misc properties]` entry that tells the runtime a device image was built with a
 * sanitizer (it then enables the Unified Runtime's sanitizer layer):
 *
 * - `sanUsed` = "asan", "msan" or "tsan" (a string property) when the image has a global whose
 *   name starts with `__AsanKernelMetadata`, `__MsanKernelMetadata` or `__TsanKernelMetadata`, in
 *   that order of precedence (intel/llvm:llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp@46a4a43c
 *   and @09168482 `isModuleUsingAsan/Msan/Tsan` test the exact names; later revisions, whose
 *   instrumentation suffixes a per-module id (`__AsanKernelMetadata_<id>`), the prefix);
 * - else the older `asanUsed` = 1 when the module's `!device.sanitizer` names "asan" (intel/llvm#11989,
 *   the form `device-sanitizer/asan.ll@0706755` checks), before intel/llvm#15955 renamed it.
 *
 * The entry follows `[SYCL/assert used]`: appended to the misc set when an earlier entry (`optLevel`,
 * `sycl-grf-size`) opened it, else opening it there (PropertySetRegistry is a MapVector).
 *
 * Not done here (warned about by the driver): SanitizerKernelMetadataPass's rewrite of the metadata
 * global (its device-global size attribute and `!spirv.Decorations`), and the `__sanitizerModule_<id>`
 * sentinel kernels of later revisions.
 *
 * Portable: no Node APIs.
 */
import type { LGlobal, LModule } from '../llvm-ir/parse/model.js';
import { mdOperands } from './image-requirements.js';

/** The metadata globals of each sanitizer, in the order computeModuleProperties tests them. */
export const SANITIZER_METADATA_PREFIXES: readonly (readonly [string, string])[] = [
  ['asan', '__AsanKernelMetadata'],
  ['msan', '__MsanKernelMetadata'],
  ['tsan', '__TsanKernelMetadata'],
];

/** The sanitizer entry of one image, given the global variables it keeps. */
export function sanitizerEntry(m: LModule, globals: readonly LGlobal[]): { readonly key: 'sanUsed'; readonly value: string } | { readonly key: 'asanUsed' } | undefined {
  for (const [san, prefix] of SANITIZER_METADATA_PREFIXES) if (globals.some((g) => g.name.startsWith(prefix))) return { key: 'sanUsed', value: san };
  // !device.sanitizer = !{!N}, !N = !{!"asan"}: the first operand's first string (isModuleUsingAsan of intel/llvm#11989).
  const ops = m.namedMetadata.get('device.sanitizer');
  const first = ops?.[0];
  if (first !== undefined) {
    const inner = mdOperands(m, first.startsWith('!') ? first.slice(1) : first)[0];
    if (inner?.k === 'str' && inner.s === 'asan') return { key: 'asanUsed' };
  }
  return undefined;
}
