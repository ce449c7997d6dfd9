/**
 * Manifest → property sets, as sycl-post-link writes them for one device image (spec lowering.md
 * §1.C fact 10 order: `[SYCL/specialization constants]`, `[SYCL/specialization constants default
 * values]`, `[SYCL/program metadata]`, `[SYCL/device globals]`; sets that sycl-post-link always adds
 * but that the manifest says nothing about — devicelib req mask, device requirements — are not
 * produced).
 */
import { ArgumentError, describeValue, encode, optionsArgument, type OptionKeys } from '../codec/index.js';
import { DeviceGlobalRecord, SpecConstantDescriptor as SpecConstantDescriptorRecord } from '../../formats/property-records.js';
import { DEFAULT_VALUES_KEY, SET } from '../../formats/property-sets.js';
import { propertyKeyProblem } from '../props/registry.js';
import { byteArray, stringProperty, uint32, type PropertySet, type PropertySetRegistry, type PropertyValue } from '../props/model.js';
import { DataLayout } from './datalayout.js';
import { LowerError } from './errors.js';
import { lowerDeviceGlobals, verifyNoCrossModuleDeviceGlobalUsage, type LoweredDeviceGlobal } from './device-globals.js';
import { parseManifest, type LoweringManifest } from './manifest.js';
import { lowerSpecConstants, type LocatedWarning, type SpecConstantDescriptor, type SpecConstantsLowering } from './spec-constants.js';


/** Options of `lowerManifest`. */
export interface LowerOptions {
  /** Force `[SYCL/program metadata]` (sycl-post-link `-emit-program-metadata`) even if the manifest says false. */
  emitProgramMetadata?: boolean;
}

/** What `lowerManifest` produced: the validated manifest, the lowered constants and globals, and the property sets. */
export interface LoweringResult {
  /** The validated manifest. */
  readonly manifest: LoweringManifest;
  /** The data layout used (the manifest's, or SPIR's default). */
  readonly dataLayout: DataLayout;
  /** The lowered spec constants. */
  readonly specConstants: SpecConstantsLowering;
  /** The lowered device globals. */
  readonly deviceGlobals: readonly LoweredDeviceGlobal[];
  /** The property sets, in sycl-post-link's order. */
  readonly registry: PropertySetRegistry;
  /** Whether `[SYCL/program metadata]` global_id_mapping entries were written. */
  readonly emitProgramMetadata: boolean;
  /** Where the output replicates a known upstream quirk, for people. */
  readonly warnings: readonly string[];
  /** {@link warnings} with the path of the constant each is about. */
  readonly locatedWarnings: readonly LocatedWarning[];
}

/**
 * `v` as a {@link LoweringResult} for `fn` (what lowerManifest, lowerManifestJson and lowerIrModule
 * return), or an {@link ArgumentError}: JavaScript callers are not held to the types.
 */
export function loweringResultArgument(v: unknown, fn: string): LoweringResult {
  const r = v as Partial<LoweringResult> | null;
  if (typeof r !== 'object' || r === null || !(r.dataLayout instanceof DataLayout) || typeof r.specConstants !== 'object' || r.specConstants === null || !(r.registry instanceof Map) || !Array.isArray(r.deviceGlobals)) {
    throw new ArgumentError(`${fn}: expected a lowering result (what lowerIrModule, lowerManifest or lowerManifestJson return), not ${describeValue(v)}`);
  }
  return r as LoweringResult;
}

const DESCRIPTOR_SIZE = SpecConstantDescriptorRecord.fixedSize!;
const DESCRIPTOR_AT = SpecConstantDescriptorRecord.offsets;

/** The 12-byte records of one spec constant's property value (formats/property-records.ts). */
export function encodeSpecConstantDescriptors(descriptors: readonly SpecConstantDescriptor[]): Uint8Array {
  // The little-endian u32 records of formats/property-records.ts SpecConstantDescriptor (stride and
  // field offsets from there), written directly: one DataView for the whole list, as this runs once
  // per constant, 10 000s of times.
  const { id, offset, size } = DESCRIPTOR_AT;
  const out = new Uint8Array(descriptors.length * DESCRIPTOR_SIZE);
  const dv = new DataView(out.buffer);
  descriptors.forEach((d, i) => {
    const at = i * DESCRIPTOR_SIZE;
    dv.setUint32(at + id, d.id >>> 0, true);
    dv.setUint32(at + offset, d.offset >>> 0, true);
    dv.setUint32(at + size, d.size >>> 0, true);
  });
  return out;
}

/** The 8-byte `{u32 Size; u32 DeviceImageScope}` record (fact 34, current uint32 form). */
export function encodeDeviceGlobalRecord(g: { size: number; deviceImageScope: boolean }): Uint8Array {
  return encode(DeviceGlobalRecord, { size: g.size, deviceImageScope: g.deviceImageScope ? 1 : 0 });
}

/** The keys of {@link LowerOptions}: any other is an UnknownOptionError. */
const LOWER_KEYS: OptionKeys<LowerOptions> = { emitProgramMetadata: true };

/**
 * Lowers a manifest already parsed by `parseManifest` (for the JSON document itself, use
 * `lowerManifestJson`, which parses and validates it first).
 */
export function lowerManifest(manifest: LoweringManifest, opts: LowerOptions = {}): LoweringResult {
  opts = optionsArgument(opts, 'lowerManifest', LOWER_KEYS);
  // JSON passed here by mistake (JSON.parse returns any, so the type does not stop it): say what to call.
  if (!(manifest?.dataLayout instanceof DataLayout)) throw new LowerError('lowerManifest takes a parsed manifest (parseManifest(json)); for the JSON document call lowerManifestJson(json)');
  const dl = manifest.dataLayout;
  const specConstants = lowerSpecConstants(manifest.specConstants, manifest.mode, dl);
  const deviceGlobals = lowerDeviceGlobals(manifest.deviceGlobals, dl);
  if (manifest.modules) verifyNoCrossModuleDeviceGlobalUsage(deviceGlobals, manifest.modules);
  const emitProgramMetadata = Boolean(opts.emitProgramMetadata) || manifest.emitProgramMetadata;

  const registry = buildRegistry({ specConstants, deviceGlobals, emitProgramMetadata, emitDeviceGlobals: true, specConstantsMet: manifest.specConstantsMet === true });
  return { manifest, dataLayout: dl, specConstants, deviceGlobals, registry, emitProgramMetadata, warnings: specConstants.warnings, locatedWarnings: specConstants.locatedWarnings };
}

/** What {@link buildRegistry} writes, in sycl-post-link's set order (spec lowering.md fact 10). */
export interface RegistryInput {
  /** `[SYCL/devicelib req mask] DeviceLibReqMask` (sycl-post-link always writes it; the manifest path does not). */
  readonly devicelibReqMask?: number;
  /** `[SYCL/device requirements]` (always written by sycl-post-link). */
  readonly deviceRequirements?: PropertySet;
  /** Spec constants; the two spec-constant sets are written when present (even with no constants: sycl-post-link writes them whenever the module had spec-constant metadata). */
  readonly specConstants?: SpecConstantsLowering;
  /** Write the spec-constant sets even when there are no constants (module had the intrinsics). */
  readonly specConstantsMet?: boolean;
  /** `[SYCL/kernel param opt]` (`-emit-param-info`: written even when empty; src/lower/post-link/runtime-info.ts). */
  readonly kernelParamOpt?: PropertySet;
  /** Entry points with the `spir_func` calling convention (`-emit-exported-symbols`). */
  readonly exportedSymbols?: readonly string[];
  /** Entry points with a kernel calling convention (`-emit-kernel-names`), written when not empty. */
  readonly kernelNames?: readonly string[];
  /** Importable function declarations (`-emit-imported-symbols`, src/lower/post-link/dynamic-linking.ts), written when not empty. */
  readonly importedSymbols?: readonly string[];
  /** Write `[SYCL/program metadata]` `<name>@global_id_mapping` entries. */
  readonly emitProgramMetadata: boolean;
  /** Per-function `[SYCL/program metadata]` entries (`<kernel>@reqd_work_group_size`, …), in function order. */
  readonly kernelProgramMetadata?: readonly { readonly key: string; readonly value: PropertyValue }[];
  /** The lowered device globals. */
  readonly deviceGlobals: readonly LoweredDeviceGlobal[];
  /** Write `[SYCL/device globals]` (`--device-globals`; the manifest path always does). */
  readonly emitDeviceGlobals: boolean;
  /**
   * `[SYCL/misc properties]` entries computeModuleProperties adds after the program metadata
   * (`optLevel`), which place the set there; `specConstsReplacedWithDefault` is appended to it.
   */
  readonly miscProperties?: readonly (readonly [string, PropertyValue])[];
  /** `[SYCL/assert used]`: kernels that reach `__devicelib_assert_fail` (src/lower/post-link/assert-used.ts), written when not empty. */
  readonly assertUsed?: readonly string[];
  /**
   * `[SYCL/implicit local arg]`: kernel name → index of its implicit local-memory argument (-1: none;
   * src/lower/post-link/runtime-info.ts implicitLocalArgs), after the assert set, written when not empty.
   */
  readonly implicitLocalArg?: readonly (readonly [string, number])[];
  /** The misc entry naming the image's sanitizer (src/lower/post-link/sanitizers.ts), after the assert set. */
  readonly sanitizer?: { readonly key: 'sanUsed'; readonly value: string } | { readonly key: 'asanUsed' };
  /** `[SYCL/host pipes]` entries (src/lower/post-link/host-pipes.ts), written when not empty, after the device globals. */
  readonly hostPipes?: readonly { readonly key: string; readonly record: Uint8Array }[];
  /** `[SYCL/misc properties] specConstsReplacedWithDefault=1|1` (fact 27). */
  readonly specConstsReplacedWithDefault?: boolean;
  /** `[SYCL/virtual functions]` keys and their string values (src/lower/post-link/split.ts virtualFunctionSets), written when not empty. */
  readonly virtualFunctions?: ReadonlyMap<string, string>;
  /** `[SYCL/registered kernels]`: name → mangled name (src/lower/post-link/registered-kernels.ts), written when not empty. */
  readonly registeredKernels?: readonly (readonly [string, string])[];
}

/**
 * The property sets of one device image, in the order ComputeModuleRuntimeInfo /
 * sycl-post-link `saveModuleProperties` add them (intel/llvm:llvm/tools/sycl-post-link/
 * sycl-post-link.cpp@676a364f, intel/llvm:llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp@09168482):
 * devicelib req mask, device requirements, spec constants, default values (`all`), kernel param
 * opt, exported symbols, kernel names, imported symbols, program metadata (`@reqd_work_group_size`, `@reqd_sub_group_size`,
 * `@work_group_num_dim`, `@max_work_group_size`, `@max_linear_work_group_size`,
 * `@global_id_mapping`), misc properties when `sycl-grf-size` or `optLevel` open the set here, assert used,
 * implicit local arg,
 * the sanitizer entry (into the misc set, or opening it),
 * device globals (only when non-empty, fact 36), host pipes (only when non-empty), `specConstsReplacedWithDefault` (into the misc set
 * where it is, else a misc set here), virtual functions, registered kernels. Shared by the manifest
 * path and the IR path.
 */
export function buildRegistry(r: RegistryInput): PropertySetRegistry {
  const registry: PropertySetRegistry = new Map();
  if (r.devicelibReqMask !== undefined) registry.set(SET.DEVICELIB_REQ_MASK, new Map([['DeviceLibReqMask', uint32(r.devicelibReqMask)]]));
  if (r.deviceRequirements) registry.set(SET.DEVICE_REQUIREMENTS, r.deviceRequirements);
  const sc = r.specConstants;
  if (sc && (sc.constants.length > 0 || r.specConstantsMet)) {
    const set: PropertySet = new Map();
    for (const c of sc.constants) {
      // A name read from IR becomes a key of the property text (`key=type|value\n`, src/props/registry.ts):
      // one that cannot be (a NUL inside, which getStringLiteralArg leaves as it strips one trailing NUL
      // only; '=', a line break, a leading '[', empty) is refused here, at the entry, not when written.
      const problem = propertyKeyProblem(c.name) ?? (c.name.includes('\r') ? 'property key contains a carriage return' : undefined);
      if (problem !== undefined) throw new LowerError(`spec constant name ${JSON.stringify(c.name)} cannot be a property-set key: ${problem}`, [...c.path, 'name']);
      set.set(c.name, byteArray(encodeSpecConstantDescriptors(c.descriptors)));
    }
    registry.set(SET.SPEC_CONSTANTS, set);
    registry.set(SET.SPEC_CONSTANTS_DEFAULT_VALUES, new Map([[DEFAULT_VALUES_KEY, byteArray(sc.defaultBlob)]]));
  }
  if (r.kernelParamOpt) registry.set(SET.KERNEL_PARAM_OPT, r.kernelParamOpt);
  if (r.exportedSymbols && r.exportedSymbols.length > 0) {
    registry.set(SET.EXPORTED_SYMBOLS, new Map(r.exportedSymbols.map((n) => [n, uint32(1)])));
  }
  if (r.kernelNames && r.kernelNames.length > 0) registry.set(SET.KERNEL_NAMES, new Map(r.kernelNames.map((n) => [n, uint32(1)])));
  if (r.importedSymbols && r.importedSymbols.length > 0) registry.set(SET.IMPORTED_SYMBOLS, new Map(r.importedSymbols.map((n) => [n, uint32(1)])));
  if (r.emitProgramMetadata && ((r.kernelProgramMetadata?.length ?? 0) > 0 || r.deviceGlobals.length > 0)) {
    const set: PropertySet = new Map();
    // MapVector::insert keeps the first value of a key (a function name is unique, so none repeats).
    for (const k of r.kernelProgramMetadata ?? []) if (!set.has(k.key)) set.set(k.key, k.value);
    for (const g of r.deviceGlobals) set.set(`${g.name}@global_id_mapping`, stringProperty(g.irName));
    registry.set(SET.PROGRAM_METADATA, set);
  }
  if (r.miscProperties && r.miscProperties.length > 0) registry.set(SET.MISC_PROPERTIES, new Map(r.miscProperties));
  if (r.assertUsed && r.assertUsed.length > 0) {
    const set: PropertySet = new Map();
    // PropertySet::insert keeps a key's first value: a kernel met twice stays where it was first met.
    for (const k of r.assertUsed) if (!set.has(k)) set.set(k, uint32(1));
    registry.set(SET.ASSERT_USED, set);
  }
  if (r.implicitLocalArg && r.implicitLocalArg.length > 0) {
    const set: PropertySet = new Map();
    // PropSet.add(…, int): the int as a uint32 (-1 is 4294967295); a name met twice keeps its first value.
    for (const [k, pos] of r.implicitLocalArg) if (!set.has(k)) set.set(k, uint32(pos >>> 0));
    registry.set(SET.IMPLICIT_LOCAL_ARG, set);
  }
  if (r.sanitizer) {
    // Into the misc set where an earlier entry opened it, else the set starts here (MapVector).
    const value = r.sanitizer.key === 'sanUsed' ? stringProperty(r.sanitizer.value) : uint32(1);
    const misc = registry.get(SET.MISC_PROPERTIES);
    if (misc) misc.set(r.sanitizer.key, value);
    else registry.set(SET.MISC_PROPERTIES, new Map([[r.sanitizer.key, value]]));
  }
  if (r.emitDeviceGlobals && r.deviceGlobals.length > 0) {
    const set: PropertySet = new Map();
    for (const g of r.deviceGlobals) set.set(g.name, byteArray(encodeDeviceGlobalRecord(g)));
    registry.set(SET.DEVICE_GLOBALS, set);
  }
  if (r.hostPipes && r.hostPipes.length > 0) {
    const set: PropertySet = new Map();
    for (const p of r.hostPipes) set.set(p.key, byteArray(p.record));
    registry.set(SET.HOST_PIPES, set);
  }
  // Added by sycl-post-link after computeModuleProperties: into the misc set where it already is (MapVector), else a new set here.
  if (r.specConstsReplacedWithDefault) {
    const misc = registry.get(SET.MISC_PROPERTIES);
    if (misc) misc.set('specConstsReplacedWithDefault', uint32(1));
    else registry.set(SET.MISC_PROPERTIES, new Map([['specConstsReplacedWithDefault', uint32(1)]]));
  }
  // After the misc properties, as computeModuleProperties adds it (ComputeModuleRuntimeInfo.cpp@46a4a43c).
  if (r.virtualFunctions && r.virtualFunctions.size > 0) registry.set(SET.VIRTUAL_FUNCTIONS, new Map([...r.virtualFunctions].map(([k, v]) => [k, stringProperty(v)])));
  if (r.registeredKernels && r.registeredKernels.length > 0) {
    const set: PropertySet = new Map();
    // MapVector::insert keeps the first value of a name.
    for (const [k, v] of r.registeredKernels) if (!set.has(k)) set.set(k, stringProperty(v));
    registry.set(SET.REGISTERED_KERNELS, set);
  }
  return registry;
}

/** Validates manifest JSON (already parsed) and lowers it. */
export function lowerManifestJson(json: unknown, opts: LowerOptions = {}): LoweringResult {
  opts = optionsArgument(opts, 'lowerManifestJson', LOWER_KEYS);
  // The document, parsed: its text (a string or bytes) is for parseManifestText.
  if (typeof json === 'string' || ArrayBuffer.isView(json) || json instanceof ArrayBuffer) throw new ArgumentError(`lowerManifestJson takes the parsed manifest (JSON.parse's result), not ${describeValue(json)}: for its text, lowerManifest(parseManifestText(text))`);
  // (a value that is no object is no manifest document at all: the caller's argument, not a manifest error at its root)
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new ArgumentError(`lowerManifestJson takes the parsed manifest, a JSON object, not ${describeValue(json)}`);
  return lowerManifest(parseManifest(json), opts);
}
