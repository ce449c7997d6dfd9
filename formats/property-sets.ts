/**
 * Names of property sets and the enumerations their values use — one place for every set name.
 * Upstream: intel/llvm llvm/include/llvm/Support/PropertySetIO.h (`PropertySetRegistry::SYCL_*`),
 * llvm/lib/Object/SYCLBIN.cpp (the SYCLBIN metadata sets), sycl/source/detail/syclbin.cpp.
 * Project notes: docs/spec/lowering.md §1.C fact 9, docs/spec/syclbin-format.md §2-3.
 */

/** Every property set name the toolkit knows. */
export const SET = {
  SPEC_CONSTANTS: 'SYCL/specialization constants',
  SPEC_CONSTANTS_DEFAULT_VALUES: 'SYCL/specialization constants default values',
  DEVICELIB_REQ_MASK: 'SYCL/devicelib req mask',
  DEVICELIB_METADATA: 'SYCL/devicelib metadata',
  KERNEL_PARAM_OPT: 'SYCL/kernel param opt',
  PROGRAM_METADATA: 'SYCL/program metadata',
  MISC_PROPERTIES: 'SYCL/misc properties',
  ASSERT_USED: 'SYCL/assert used',
  EXPORTED_SYMBOLS: 'SYCL/exported symbols',
  IMPORTED_SYMBOLS: 'SYCL/imported symbols',
  DEVICE_GLOBALS: 'SYCL/device globals',
  DEVICE_REQUIREMENTS: 'SYCL/device requirements',
  HOST_PIPES: 'SYCL/host pipes',
  VIRTUAL_FUNCTIONS: 'SYCL/virtual functions',
  IMPLICIT_LOCAL_ARG: 'SYCL/implicit local arg',
  REGISTERED_KERNELS: 'SYCL/registered kernels',
  SYCLBIN_GLOBAL_METADATA: 'SYCLBIN/global metadata',
  SYCLBIN_IR_MODULE_METADATA: 'SYCLBIN/ir module metadata',
  /** The code constant has no "module" (the design doc's "…image module metadata" is wrong). */
  SYCLBIN_NATIVE_METADATA: 'SYCLBIN/native device code image metadata',
} as const;

/** Keys of the SYCLBIN metadata sets. */
export const SYCLBIN_KEYS = {
  state: 'state',
  type: 'type',
  target: 'target',
  arch: 'arch',
} as const;

/** sycl::bundle_state as stored in `state` (ext_oneapi_source = 3 is never valid in a SYCLBIN). */
export const BUNDLE_STATES = ['input', 'object', 'executable'] as const;
export type BundleState = (typeof BUNDLE_STATES)[number];

/** IR module `type` values. Writers always use 0 (SPIR-V). */
export const IR_TYPES = ['SPIR-V', 'PTX', 'AMDGCN'] as const;
export type IRType = (typeof IR_TYPES)[number];

/** Target triple prefixes that go with each IR type (for consistency checks). */
export const IR_TYPE_TRIPLES: Readonly<Record<number, RegExp>> = { 0: /^spir/, 1: /^nvptx/, 2: /^amdgcn/ };

/** Property value types as written in registry text (`key=<type>|<value>`; PropertySetIO.h). */
export const PROPERTY_TYPE = { NONE: 0, UINT32: 1, BYTE_ARRAY: 2 } as const;

/** Key of the default-values set (the code, not PropertySets.md; docs/spec/README.md "Decisions"). */
export const DEFAULT_VALUES_KEY = 'all';
