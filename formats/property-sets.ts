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
  /**
   * The values set at run time, in the layout of the defaults: written by the SYCL runtime's own
   * SYCLBIN writer when a kernel bundle with set constants is saved (intel/llvm
   * sycl/source/detail/syclbin.cpp `overrideSpecConstants`); absent from compiler output.
   */
  SPEC_CONSTANTS_SET_VALUES: 'SYCL/specialization constants set values',
  DEVICELIB_REQ_MASK: 'SYCL/devicelib req mask',
  DEVICELIB_METADATA: 'SYCL/devicelib metadata',
  KERNEL_PARAM_OPT: 'SYCL/kernel param opt',
  PROGRAM_METADATA: 'SYCL/program metadata',
  MISC_PROPERTIES: 'SYCL/misc properties',
  ASSERT_USED: 'SYCL/assert used',
  EXPORTED_SYMBOLS: 'SYCL/exported symbols',
  KERNEL_NAMES: 'SYCL/kernel names',
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
/** A `state` name. */
export type BundleState = (typeof BUNDLE_STATES)[number];

/** IR module `type` values. Writers always use 0 (SPIR-V). */
export const IR_TYPES = ['SPIR-V', 'PTX', 'AMDGCN'] as const;
/** An IR `type` name. */
export type IRType = (typeof IR_TYPES)[number];

/** Target triple prefixes that go with each IR type (for consistency checks). */
export const IR_TYPE_TRIPLES: Readonly<Record<number, RegExp>> = { 0: /^spir/, 1: /^nvptx/, 2: /^amdgcn/ };

/** Property value types as written in registry text (`key=<type>|<value>`; PropertySetIO.h). */
export const PROPERTY_TYPE = { NONE: 0, UINT32: 1, BYTE_ARRAY: 2 } as const;

/** Key of the default-values set (the code, not PropertySets.md; docs/spec/README.md "Decisions"). */
export const DEFAULT_VALUES_KEY = 'all';

// ---------------------------------------------------------------------------------------------
// What each known set holds: for each set name, which keys exist and the kind of their values.
// Keys not matched by a rule, and sets not listed, stay raw. Project notes: docs/spec/lowering.md
// §1.C facts 9-12 and §3 question 9; docs/spec/syclbin-format.md §2-3 (SYCLBIN metadata sets).

/** How a property value is read (src/props/typed/values.ts decodes each kind). */
export type ValueKind =
  | 'uint32'
  | 'enum'
  | 'string'
  | 'u32-array'
  | 'u64-array'
  | 'aspects'
  | 'bitmask'
  | 'spec-const-descriptors'
  | 'spec-const-defaults'
  | 'device-global'
  | 'host-pipe';

/** Names of the values of an enum kind (SYCLBIN `state`, IR `type`). */
export type EnumNames = Readonly<Record<number, string>>;

/** How the properties of a set with a given key (or key suffix) are read. */
export interface KeyRule {
  /** Exact key, or `*` for any key (see `suffix` for key suffixes). */
  readonly key?: string;
  /** Key suffix (`@reqd_work_group_size`): the rule applies to longer keys that end with it. */
  readonly suffix?: string;
  /** How the value is read. */
  readonly kind: ValueKind;
  /** Short description for the human view and the JSON schema docs. */
  readonly meaning: string;
  /** Value names for kind `enum`. */
  readonly enumNames?: EnumNames;
  /** Show uint32 values in hex (masks). */
  readonly hex?: boolean;
}

/** What a property set holds: its name, its meaning and the rules of its keys. */
export interface SetSchema {
  /** Set name (`SYCL/kernel names`, ...). */
  readonly name: string;
  /** Short description for the human view and the JSON schema docs. */
  readonly meaning: string;
  /** Key rules; exact keys win over suffixes, suffixes over `*`. */
  readonly rules: readonly KeyRule[];
}



/** SYCLBIN BundleState (syclbin-format.md §2). */
export const BUNDLE_STATE: EnumNames = Object.fromEntries(BUNDLE_STATES.map((n, i) => [i, n]));
/** SYCLBIN IR type (syclbin-format.md §2). */
export const IR_TYPE: EnumNames = Object.fromEntries(IR_TYPES.map((n, i) => [i, n]));

const any = (kind: ValueKind, meaning: string, extra: Partial<KeyRule> = {}): KeyRule => ({ key: '*', kind, meaning, ...extra });

/** The property sets this toolkit knows, with their key rules (docs/spec/lowering.md §1.C, docs/spec/syclbin-format.md §2-3). */
export const SET_SCHEMAS: readonly SetSchema[] = [
  {
    name: SET.SPEC_CONSTANTS,
    meaning: 'per symbolic spec-constant ID: {id, offset, size} descriptors (id 0xFFFFFFFF = padding)',
    rules: [any('spec-const-descriptors', 'descriptors of one spec constant')],
  },
  {
    name: SET.SPEC_CONSTANTS_DEFAULT_VALUES,
    meaning: 'default values of all spec constants, one blob',
    rules: [{ key: 'all', kind: 'spec-const-defaults', meaning: 'concatenated default values (runtime walk splits it)' }],
  },
  {
    name: SET.SPEC_CONSTANTS_SET_VALUES,
    meaning: 'values set at run time, one blob laid out as the defaults (the SYCL runtime writes it when it saves a kernel bundle; its reader restores which constants are set)',
    rules: [{ key: 'all', kind: 'spec-const-defaults', meaning: 'concatenated effective values (runtime walk splits it)' }],
  },
  {
    name: SET.DEVICELIB_REQ_MASK,
    meaning: 'device libraries the image needs',
    rules: [{ key: 'DeviceLibReqMask', kind: 'uint32', meaning: 'bitmask of required device libraries', hex: true }],
  },
  { name: SET.DEVICELIB_METADATA, meaning: 'device library metadata (kept raw)', rules: [] },
  {
    name: SET.KERNEL_PARAM_OPT,
    meaning: 'per kernel: bit i set = argument i eliminated',
    rules: [any('bitmask', 'eliminated-argument mask')],
  },
  {
    name: SET.PROGRAM_METADATA,
    meaning: 'per kernel / per device global program metadata',
    rules: [
      { suffix: '@reqd_work_group_size', kind: 'u32-array', meaning: 'required work-group size' },
      { suffix: '@work_group_num_dim', kind: 'uint32', meaning: 'work-group dimensions' },
      { suffix: '@max_work_group_size', kind: 'u32-array', meaning: 'maximum work-group size' },
      // (ComputeModuleRuntimeInfo.cpp: UINT32 properties, as sycl-post-link writes them; src/lower/post-link/image-requirements.ts)
      { suffix: '@reqd_sub_group_size', kind: 'uint32', meaning: 'required sub-group size' },
      { suffix: '@max_linear_work_group_size', kind: 'uint32', meaning: 'maximum linear work-group size' },
      { suffix: '@global_id_mapping', kind: 'string', meaning: 'IR name of the device global' },
    ],
  },
  {
    name: SET.MISC_PROPERTIES,
    meaning: 'miscellaneous image properties',
    rules: [
      { key: 'isEsimdImage', kind: 'uint32', meaning: 'ESIMD image flag' },
      { key: 'sycl-register-alloc-mode', kind: 'uint32', meaning: 'register allocation mode' },
      { key: 'sycl-grf-size', kind: 'uint32', meaning: 'GRF size' },
      { key: 'optLevel', kind: 'uint32', meaning: 'optimization level' },
      { key: 'sanUsed', kind: 'string', meaning: 'sanitizer in use' },
      { key: 'asanUsed', kind: 'uint32', meaning: 'AddressSanitizer in use (older form)' },
      { key: 'specConstsReplacedWithDefault', kind: 'uint32', meaning: 'spec constants replaced by their defaults' },
    ],
  },
  { name: SET.ASSERT_USED, meaning: 'kernels that use assert', rules: [any('uint32', 'kernel uses assert')] },
  { name: SET.EXPORTED_SYMBOLS, meaning: 'exported functions', rules: [any('uint32', 'exported')] },
  { name: SET.KERNEL_NAMES, meaning: 'kernels of the image', rules: [any('uint32', 'kernel')] },
  { name: SET.IMPORTED_SYMBOLS, meaning: 'imported functions', rules: [any('uint32', 'imported')] },
  {
    name: SET.DEVICE_GLOBALS,
    meaning: 'per device-global unique ID: {size, deviceImageScope}',
    rules: [any('device-global', 'device global size and image scope')],
  },
  {
    name: SET.DEVICE_REQUIREMENTS,
    meaning: 'what a device must support to run the image',
    rules: [
      { key: 'aspects', kind: 'aspects', meaning: 'required aspects' },
      { key: 'fixed_target', kind: 'aspects', meaning: 'fixed target device aspects' },
      { key: 'joint_matrix', kind: 'string', meaning: 'joint matrix types' },
      { key: 'joint_matrix_mad', kind: 'string', meaning: 'joint matrix mad types' },
      { key: 'reqd_sub_group_size', kind: 'uint32', meaning: 'required sub-group size' },
      { key: 'reqd_work_group_size_uint64_t', kind: 'u64-array', meaning: 'required work-group size' },
      { key: 'reqd_work_group_size', kind: 'u32-array', meaning: 'required work-group size (older u32 form)' },
      { key: 'work_group_num_dim', kind: 'uint32', meaning: 'work-group dimensions' },
    ],
  },
  { name: SET.HOST_PIPES, meaning: 'per host-pipe unique ID: {size}', rules: [any('host-pipe', 'host pipe size')] },
  { name: SET.VIRTUAL_FUNCTIONS, meaning: 'virtual function sets', rules: [any('string', 'virtual function set names')] },
  { name: SET.IMPLICIT_LOCAL_ARG, meaning: 'per kernel: index of the implicit local argument', rules: [any('uint32', 'argument index')] },
  { name: SET.REGISTERED_KERNELS, meaning: 'registered kernel name -> mangled name', rules: [any('string', 'mangled kernel name')] },
  {
    name: SET.SYCLBIN_GLOBAL_METADATA,
    meaning: 'SYCLBIN global metadata',
    rules: [{ key: 'state', kind: 'enum', meaning: 'bundle state', enumNames: BUNDLE_STATE }],
  },
  {
    name: SET.SYCLBIN_IR_MODULE_METADATA,
    meaning: 'SYCLBIN IR module metadata',
    rules: [
      { key: 'type', kind: 'enum', meaning: 'IR type', enumNames: IR_TYPE },
      { key: 'target', kind: 'string', meaning: 'target triple' },
    ],
  },
  {
    name: SET.SYCLBIN_NATIVE_METADATA,
    meaning: 'SYCLBIN native device code image metadata',
    rules: [
      { key: 'arch', kind: 'string', meaning: 'architecture' },
      { key: 'target', kind: 'string', meaning: 'target triple' },
    ],
  },
];

const BY_NAME = new Map(SET_SCHEMAS.map((s) => [s.name, s]));

/** The schema of set `name`, if it is a known one. */
export function setSchema(name: string): SetSchema | undefined {
  return BY_NAME.get(name);
}

/** The rule that describes `key` in set `name`, if any (exact keys first, then suffixes, then `*`). */
export function keyRule(name: string, key: string): KeyRule | undefined {
  const s = BY_NAME.get(name);
  if (!s) return undefined;
  return (
    s.rules.find((r) => r.key === key) ??
    s.rules.find((r) => r.suffix !== undefined && key.endsWith(r.suffix) && key.length > r.suffix.length) ??
    s.rules.find((r) => r.key === '*')
  );
}
