/**
 * The SYCL runtime's view of spec-constant property sets (spec lowering.md §1.E facts 30–32):
 * given a device image's property sets and raw values for some constants, the filled
 * spec-constant blob and the `urProgramSetSpecializationConstants` writes a native JIT build issues.
 *
 * Model of intel/llvm sycl/source/detail/device_image_impl.hpp:
 *   - `updateSpecConstSymMap`: the descriptor walk of fact 30 (src/props/typed/spec-constants.ts
 *     `walkSpecConstants`); padding descriptors advance the blob but are not registered.
 *   - the default blob (first property of the default-values set) must be exactly the walked size
 *     (`assert(MSpecConstsDefValBlob.size() == MSpecConstsBlob.size())`, fact 31) and is copied in.
 *   - `set_specialization_constant_raw_value`: for every registered descriptor of the constant,
 *     `memcpy(blob + BlobOffset, value + CompositeOffset, Size)` and mark it set (fact 32).
 *   - native build: for each constant of `MSpecConstSymMap` — a `std::map`, so symbolic IDs in
 *     byte-wise lexicographic order — and each of its descriptors marked set, one
 *     `(SpecID, Size, blob + BlobOffset)` write. Emulation passes the whole blob as a kernel argument.
 */
import { bytesEqual, decodeRecords } from '../codec/index.js';
import { SpecConstantDescriptor as DescriptorRecord } from '../../formats/property-records.js';
import { registryArgument, type PropertySetRegistry } from '../props/model.js';
import { ArgumentError, describeValue } from '../codec/errors.js';
import { SET } from '../../formats/property-sets.js';
import { walkSpecConstants } from '../props/typed/spec-constants.js';
import { LowerError } from './errors.js';
import { MAX_DEFAULT_VALUE_BYTES, PADDING_ID, type SpecConstantDescriptor } from './spec-constants.js';

/** A non-padding descriptor and where the runtime keeps its leaf in the blob. */
export interface RegisteredDescriptor extends SpecConstantDescriptor {
  /** Where the runtime keeps this leaf in the blob. */
  readonly blobOffset: number;
}

/** One constant as the runtime registers it (`updateSpecConstSymMap`). */
export interface RuntimeSpecConstant {
  /** Symbolic ID. */
  readonly name: string;
  /** All descriptors as written (padding included). */
  readonly descriptors: readonly SpecConstantDescriptor[];
  /** Registered (non-padding) descriptors with their blob offsets. */
  readonly registered: readonly RegisteredDescriptor[];
  /** Start of this constant in the blob and the bytes it covers there. */
  readonly blobOffset: number;
  /** Bytes it covers in the blob (padding included). */
  readonly blobSize: number;
}

/** One `urProgramSetSpecializationConstants` entry of a native build. */
export interface SpecConstantWrite {
  /** Symbolic ID of the constant. */
  readonly name: string;
  /** SPIR-V SpecId of the leaf. */
  readonly specId: number;
  /** Size of the leaf in bytes. */
  readonly size: number;
  /** The leaf's value bytes. */
  readonly bytes: Uint8Array;
}

/** The runtime's state after setting raw values: constants, blob and native writes. */
export interface SpecializeResult {
  /** The registered constants in property order. */
  readonly constants: readonly RuntimeSpecConstant[];
  /** The spec-constant blob after applying the values (emulation: the kernel argument). */
  readonly blob: Uint8Array;
  /** Native mode: the `(SpecID, Size, bytes)` writes, in the runtime's order. */
  readonly writes: readonly SpecConstantWrite[];
  /** What the runtime does differently for this module (no default blob: it starts from zeros). */
  readonly notes: readonly string[];
}

/** Reads `[SYCL/specialization constants]` into descriptor lists (property order). */
export function readSpecConstantDescriptors(registry: PropertySetRegistry): { name: string; descriptors: SpecConstantDescriptor[] }[] {
  const set = registry.get(SET.SPEC_CONSTANTS);
  if (!set) return [];
  const out: { name: string; descriptors: SpecConstantDescriptor[] }[] = [];
  for (const [name, v] of set) {
    if (v.type !== 2) throw new LowerError(`property "${name}" of [${SET.SPEC_CONSTANTS}] must be a byte array`, [SET.SPEC_CONSTANTS, name], 'FORMAT');
    let descriptors: SpecConstantDescriptor[];
    try {
      descriptors = decodeRecords(DescriptorRecord, v.bytes).map((d) => ({ id: d.id, offset: d.offset, size: d.size }));
    } catch (e) {
      throw new LowerError(`property "${name}": ${(e as Error).message}`, [SET.SPEC_CONSTANTS, name], 'FORMAT');
    }
    out.push({ name, descriptors });
  }
  return out;
}

function byteCompare(a: string, b: string): number {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/**
 * Applies raw values (the host objects' bytes, e.g. from {@link encodeMemoryImage}) to the default
 * blob and lists the native writes, as the SYCL runtime does (intel/llvm
 * sycl/source/detail/device_image_impl.hpp `set_specialization_constant_raw_value`): a descriptor
 * whose new bytes equal the default blob's is not set and not written; without a default-values set
 * the blob starts as zeros (`updateSpecConstSymMap` resizes it) and every descriptor given is
 * written. Unknown names, too-short values, a default blob of the wrong size or overlapping
 * descriptors are errors (the runtime would assert or corrupt memory there).
 */
export function specialize(registry: PropertySetRegistry, values: ReadonlyMap<string, Uint8Array> | Readonly<Record<string, Uint8Array>>): SpecializeResult {
  registryArgument(registry, 'specialize');
  if (typeof values !== 'object' || values === null || Array.isArray(values)) throw new ArgumentError(`specialize: the values must be a Map or an object of name to bytes, not ${describeValue(values)}`);
  const props = readSpecConstantDescriptors(registry);
  const walk = walkSpecConstants(props.map((p) => [p.name, p.descriptors] as const));
  if (walk.issues.length) {
    const i = walk.issues[0]!;
    throw new LowerError(i.message, [SET.SPEC_CONSTANTS, i.symbolicId, i.index], 'FORMAT');
  }
  const defaults = registry.get(SET.SPEC_CONSTANTS_DEFAULT_VALUES);
  const first = defaults ? [...defaults.values()][0] : undefined;
  const notes: string[] = [];
  let blob: Uint8Array;
  /** The default bytes the runtime compares new values with (none without the set). */
  let defaultBlob: Uint8Array = new Uint8Array(0);
  if (props.length === 0) blob = new Uint8Array(0);
  else if (!first) {
    // getSpecConstsDefValBlob gives an empty blob: the runtime's blob starts as zeros, as large as the
    // descriptors say. Their sizes come from the file, not its bytes (one descriptor of 0xffffffff bytes
    // in a 192-byte file asked for 4 GiB): past the lowering's own limit for a default blob, refused.
    if (walk.total > MAX_DEFAULT_VALUE_BYTES) {
      throw new LowerError(
        `there is no [${SET.SPEC_CONSTANTS_DEFAULT_VALUES}] set and the descriptors describe a ${walk.total}-byte blob to start as zeros, more than ${MAX_DEFAULT_VALUE_BYTES} bytes (the largest default blob a lowering makes)`,
        [SET.SPEC_CONSTANTS],
        'LIMIT',
      );
    }
    blob = new Uint8Array(walk.total);
    // (an empty set is the same to the runtime as none: it has no first property to take the blob from)
    notes.push(`${defaults ? `the [${SET.SPEC_CONSTANTS_DEFAULT_VALUES}] set is empty` : `there is no [${SET.SPEC_CONSTANTS_DEFAULT_VALUES}] set`}: the blob starts as ${walk.total} zero byte(s), as the runtime starts it, and every value given is written`);
  } else {
    if (first.type !== 2) throw new LowerError(`[${SET.SPEC_CONSTANTS_DEFAULT_VALUES}]: its first property is not a byte array`, [SET.SPEC_CONSTANTS_DEFAULT_VALUES], 'FORMAT');
    if (first.bytes.length !== walk.total) {
      throw new LowerError(
        `the default blob has ${first.bytes.length} bytes but the descriptors describe ${walk.total} (the runtime asserts they are equal, spec lowering.md fact 31)`,
        [SET.SPEC_CONSTANTS_DEFAULT_VALUES],
        'DERIVED',
      );
    }
    blob = first.bytes.slice();
    defaultBlob = first.bytes;
  }
  const constants: RuntimeSpecConstant[] = walk.constants.map((c, i) => ({
    name: c.symbolicId,
    descriptors: props[i]!.descriptors,
    registered: c.descriptors.filter((d) => d.id !== PADDING_ID).map((d) => ({ id: d.id, offset: d.offset, size: d.size, blobOffset: d.blobOffset })),
    blobOffset: c.blobOffset,
    blobSize: c.size,
  }));
  const byName = new Map(constants.map((c) => [c.name, c]));
  const entries: [string, Uint8Array][] = values instanceof Map ? [...values.entries()] : Object.entries(values);
  /** The descriptors set (IsSet) of each constant given: those whose bytes differ from the default's. */
  const set = new Map<string, Set<number>>();
  for (const [name, value] of entries) {
    const c = byName.get(name);
    if (!c) throw new LowerError(`no spec constant "${name}" in [${SET.SPEC_CONSTANTS}]`, ['values', name]);
    let need = 0;
    for (const d of c.registered) need = Math.max(need, d.offset + d.size);
    if (value.length < need) throw new LowerError(`value of "${name}" has ${value.length} bytes, its descriptors read ${need}`, ['values', name]);
    const ids = new Set<number>();
    for (const d of c.registered) {
      const bytes = value.subarray(d.offset, d.offset + d.size);
      // memcmp with the default blob: equal bytes reset IsSet and are not copied.
      if (defaultBlob.length && bytesEqual(bytes, defaultBlob.subarray(d.blobOffset, d.blobOffset + d.size))) continue;
      blob.set(bytes, d.blobOffset);
      ids.add(d.id);
    }
    set.set(name, ids);
  }
  const writes: SpecConstantWrite[] = [];
  for (const c of [...constants].sort((a, b) => byteCompare(a.name, b.name))) {
    const ids = set.get(c.name);
    if (!ids) continue;
    for (const d of c.registered) if (ids.has(d.id)) writes.push({ name: c.name, specId: d.id, size: d.size, bytes: blob.slice(d.blobOffset, d.blobOffset + d.size) });
  }
  return { constants, blob, writes, notes };
}
