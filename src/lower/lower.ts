/**
 * Manifest → property sets, as sycl-post-link writes them for one device image (spec lowering.md
 * §1.C fact 10 order: `[SYCL/specialization constants]`, `[SYCL/specialization constants default
 * values]`, `[SYCL/program metadata]`, `[SYCL/device globals]`; sets that sycl-post-link always adds
 * but that the manifest says nothing about — devicelib req mask, device requirements — are not
 * produced).
 */
import { encode } from '../codec/index.js';
import { DeviceGlobalRecord, SpecConstantDescriptor as DescriptorRecord } from '../../formats/property-records.js';
import { byteArray, stringProperty, type PropertySet, type PropertySetRegistry } from '../props/model.js';
import type { DataLayout } from './datalayout.js';
import { lowerDeviceGlobals, verifyNoCrossModuleDeviceGlobalUsage, type LoweredDeviceGlobal } from './device-globals.js';
import { parseManifest, type LoweringManifest } from './manifest.js';
import { lowerSpecConstants, type SpecConstantDescriptor, type SpecConstantsLowering } from './spec-constants.js';

/** Property-set names (PropertySetIO.h, fact 9). */
export const SET_SPEC_CONSTANTS = 'SYCL/specialization constants';
export const SET_SPEC_CONSTANTS_DEFAULT_VALUES = 'SYCL/specialization constants default values';
export const SET_PROGRAM_METADATA = 'SYCL/program metadata';
export const SET_DEVICE_GLOBALS = 'SYCL/device globals';
/** The single key of the default-values set (fact 23; spec README decision). */
export const DEFAULT_VALUES_KEY = 'all';

export interface LowerOptions {
  /** Force `[SYCL/program metadata]` (sycl-post-link `-emit-program-metadata`) even if the manifest says false. */
  emitProgramMetadata?: boolean;
}

export interface LoweringResult {
  readonly manifest: LoweringManifest;
  readonly dataLayout: DataLayout;
  readonly specConstants: SpecConstantsLowering;
  readonly deviceGlobals: readonly LoweredDeviceGlobal[];
  /** The property sets, in sycl-post-link's order. */
  readonly registry: PropertySetRegistry;
  readonly emitProgramMetadata: boolean;
  readonly warnings: readonly string[];
}

/** The 12-byte records of one spec constant's property value (formats/property-records.ts). */
export function encodeSpecConstantDescriptors(descriptors: readonly SpecConstantDescriptor[]): Uint8Array {
  const out = new Uint8Array(descriptors.length * 12);
  descriptors.forEach((d, i) => out.set(encode(DescriptorRecord, { id: d.id, offset: d.offset, size: d.size }), i * 12));
  return out;
}

/** The 8-byte `{u32 Size; u32 DeviceImageScope}` record (fact 34, current uint32 form). */
export function encodeDeviceGlobalRecord(g: { size: number; deviceImageScope: boolean }): Uint8Array {
  return encode(DeviceGlobalRecord, { size: g.size, deviceImageScope: g.deviceImageScope ? 1 : 0 });
}

/** Lowers a validated manifest. */
export function lowerManifest(manifest: LoweringManifest, opts: LowerOptions = {}): LoweringResult {
  const dl = manifest.dataLayout;
  const specConstants = lowerSpecConstants(manifest.specConstants, manifest.mode, dl);
  const deviceGlobals = lowerDeviceGlobals(manifest.deviceGlobals, dl);
  if (manifest.modules) verifyNoCrossModuleDeviceGlobalUsage(deviceGlobals, manifest.modules);
  const emitProgramMetadata = Boolean(opts.emitProgramMetadata) || manifest.emitProgramMetadata;

  const registry: PropertySetRegistry = new Map();
  if (specConstants.constants.length > 0) {
    const set: PropertySet = new Map();
    for (const c of specConstants.constants) set.set(c.name, byteArray(encodeSpecConstantDescriptors(c.descriptors)));
    registry.set(SET_SPEC_CONSTANTS, set);
    registry.set(SET_SPEC_CONSTANTS_DEFAULT_VALUES, new Map([[DEFAULT_VALUES_KEY, byteArray(specConstants.defaultBlob)]]));
  }
  if (emitProgramMetadata && deviceGlobals.length > 0) {
    const set: PropertySet = new Map();
    for (const g of deviceGlobals) set.set(`${g.name}@global_id_mapping`, stringProperty(g.irName));
    registry.set(SET_PROGRAM_METADATA, set);
  }
  if (deviceGlobals.length > 0) {
    const set: PropertySet = new Map();
    for (const g of deviceGlobals) set.set(g.name, byteArray(encodeDeviceGlobalRecord(g)));
    registry.set(SET_DEVICE_GLOBALS, set);
  }
  return { manifest, dataLayout: dl, specConstants, deviceGlobals, registry, emitProgramMetadata, warnings: specConstants.warnings };
}

/** Validates manifest JSON (already parsed) and lowers it. */
export function lowerManifestJson(json: unknown, opts: LowerOptions = {}): LoweringResult {
  return lowerManifest(parseManifest(json), opts);
}
