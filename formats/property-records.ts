/**
 * Fixed records stored inside BYTE_ARRAY property values (payload after the 8-byte bit count).
 * Spec: docs/spec/lowering.md §1.D fact 15 (spec-constant descriptors), §1.F facts 34-35 (device
 * globals), README "Decisions" (device globals written as two u32, older u32+u8 read with a diagnostic).
 */
import { struct, u32, u8, u64 } from '../src/codec/index.js';

/**
 * `SpecConstantDescriptor {uint32 ID; uint32 Offset; uint32 Size;}`, 12 bytes, little-endian, a
 * property value is a plain sequence of them (bits = 96 x n). `id` 0xFFFFFFFF marks padding
 * (lowering.md facts 19, 22); `offset` is relative to the start of the spec constant's value.
 */
export const SpecConstantDescriptor = struct({ id: u32, offset: u32, size: u32 }, 'SpecConstantDescriptor');

/** Descriptor id of padding descriptors (`std::numeric_limits<unsigned>::max()`). */
export const SPEC_CONST_PADDING_ID = 0xffffffff;

/**
 * Current `DeviceGlobalProperty {uint32_t Size; uint32_t DeviceImageScope;}` (intel/llvm#5848), 8 bytes;
 * the runtime consumes exactly two u32 (lowering.md fact 35).
 */
export const DeviceGlobalRecord = struct({ size: u32, deviceImageScope: u32 }, 'DeviceGlobalProperty');

/**
 * Older `{uint32_t Size; uint8_t DeviceImageScope;}` read as its 5 meaningful bytes (the 3 trailing
 * padding bytes of the C++ struct were indeterminate; lowering.md fact 34 and §3 question 4).
 */
export const LegacyDeviceGlobalRecord = struct({ size: u32, deviceImageScope: u8 }, 'DeviceGlobalProperty(legacy)');

/** Element types of the plain numeric arrays found in property values (aspects, work-group sizes). */
export const U32Element = u32;
/** Element type of u64 arrays. */
export const U64Element = u64;

/**
 * `[SYCL/host pipes]` value: `HostPipeProperty {uint32_t Size;}` (intel/llvm sycl-post-link
 * collectHostPipeProperties; runtime unittests build it with `makeHostPipeInfo(name, sizeof(int))`).
 * Not covered by our spec; read from upstream.
 */
export const HostPipeRecord = struct({ size: u32 }, 'HostPipeProperty');
