/**
 * The bfloat16 device libraries sycl-post-link adds as images of their own (`--device-lib-dir DIR`):
 * when a module it writes declares, before its cleanup, one of the bfloat16 conversion functions of the SYCL device
 * library and its triple is SPIR or SPIR-V (intel/llvm:llvm/lib/SYCLLowerIR/SYCLDeviceLibBF16.cpp@031015cc
 * `isSYCLDeviceLibBF16Used`), it appends `DIR/libsycl-fallback-bfloat16.bc` and
 * `DIR/libsycl-native-bfloat16.bc` as two more images, in that order, each saved as it was read (no
 * cleanup, no entry points), with the properties of `computeDeviceLibProperties`
 * (intel/llvm:llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp@46a4a43c): `[SYCL/exported symbols]`
 * (every defined `spir_func` whose name starts with `__devicelib_`, value 1) and
 * `[SYCL/devicelib metadata]` `bfloat16` (1 for the native library, 0 for the fallback)
 * (intel/llvm:llvm/tools/sycl-post-link/sycl-post-link.cpp `processInputModule`, `saveDeviceLibModule`).
 */
import { uint32, type PropertySetRegistry } from '../../props/model.js';
import { SET } from '../../../formats/property-sets.js';
import type { LFunction, LModule } from '../llvm-ir/parse/model.js';
import { BF16_DEVICELIB_FUNCTIONS } from './dynamic-linking.js';

/** The two library files, in the order their images are written. */
export const BF16_DEVICE_LIBS = ['libsycl-fallback-bfloat16.bc', 'libsycl-native-bfloat16.bc'] as const;

/** Triple::isSPIROrSPIRV: the spir, spir64, spirv, spirv32 and spirv64 architectures (and SPIR-V versions). */
export function isSpirOrSpirvTriple(triple: string | undefined): boolean {
  return /^(spir|spir64|spirv|spirv32|spirv64)(v1\.\d)?(_[A-Za-z0-9_]*)?(-|$)/.test(triple ?? '');
}

/**
 * isSYCLDeviceLibBF16Used of an output module: a SPIR or SPIR-V triple and a declaration of one of
 * the bfloat16 conversion functions among `functions` (`declared(f)`: a declaration in the output).
 */
export function usesBf16DeviceLib(m: LModule, functions: readonly LFunction[], declared: (f: LFunction) => boolean): boolean {
  return isSpirOrSpirvTriple(m.triple) && functions.some((f) => BF16_DEVICELIB_FUNCTIONS.has(f.name) && declared(f));
}

/** computeDeviceLibProperties of a library module read from the file named `name`. */
export function deviceLibProperties(lib: LModule, name: string): PropertySetRegistry {
  const registry: PropertySetRegistry = new Map();
  const exported = lib.functions.filter((f) => !f.isDeclaration && f.name.startsWith('__devicelib_') && f.cc === 'spir_func');
  if (exported.length) registry.set(SET.EXPORTED_SYMBOLS, new Map(exported.map((f) => [f.name, uint32(1)])));
  // "only bfloat16 conversion devicelib is supported, the metadata value '0' means fallback version and '1' means native version"
  registry.set(SET.DEVICELIB_METADATA, new Map([['bfloat16', uint32(name.includes('native') ? 1 : 0)]]));
  return registry;
}
