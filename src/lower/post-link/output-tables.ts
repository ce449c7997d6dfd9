/**
 * sycl-post-link's file tables when `-o` is given more than once (intel/llvm#12727; read at
 * intel/llvm:llvm/tools/sycl-post-link/sycl-post-link.cpp@676a364f `saveModule`,
 * `isTargetCompatibleWithModule`): one table per `-o`, in `-o` order, each listing the modules in
 * the order they are made, minus those an `-o <target>,<file>` target cannot run:
 *
 * - no target, or a target the device configuration file does not know: every module;
 * - otherwise a module is listed when every aspect it uses is one of the target's, by name (the
 *   `{!"name", iN value}` pairs of `!sycl_used_aspects`; the target's `maySupportOtherAspects` is not
 *   consulted), and its entry points' `!intel_reqd_sub_group_size`, if any, is one of the target's
 *   sub-group sizes.
 *
 * A targeted table's Properties column names `<stem>_<N>.<target>.prop`, the module's properties
 * with `compile_target` = the target appended to `[SYCL/device requirements]`; the IR and symbol
 * files are the module's own, named after the first `-o`, and written once.
 *
 * Portable: no Node APIs.
 */
import { deviceTarget } from './device-targets.js';
import type { DeviceRequirements } from './image-requirements.js';

/**
 * Whether a module with requirements `reqs` goes into the table of `target`
 * (isTargetCompatibleWithModule), by the device configuration file of `era` (device-targets.ts).
 */
export function targetCompatible(target: string | undefined, reqs: DeviceRequirements, era: 'tests' | 'main'): boolean {
  if (target === undefined || target === '') return true;
  const info = deviceTarget(target, era);
  // "unrecognized targets have no filtering applied to them" (upstream's comment): not an error.
  if (!info) return true;
  for (const name of reqs.aspects.values()) if (!info.aspects.includes(name)) return false;
  // (ESIMD modules skip this check upstream; ESIMD is refused here.)
  if (reqs.subGroupSize !== undefined && !info.subGroupSizes.includes(reqs.subGroupSize)) return false;
  return true;
}
