/**
 * In-memory model of an LLVM property-set registry (intel/llvm PropertySetIO).
 * Spec: docs/spec/README.md rule 2; syclbin-format.md §3; lowering.md §1.A.
 *
 * Sets and properties keep insertion order (LLVM uses MapVector), so a Map is the model.
 */

export { PROPERTY_TYPE } from '../../formats/property-sets.js';

export interface Uint32Property {
  readonly type: 1;
  /** 0 ..= 4294967295 */
  readonly value: number;
}

export interface ByteArrayProperty {
  readonly type: 2;
  /** The payload, without the 8-byte bit-count prefix. Length = ceil(bits / 8). */
  readonly bytes: Uint8Array;
  /** Declared size in bits (8 x bytes.length for ordinary values; e.g. 11 for kernel param opt). */
  readonly bits: bigint;
}

export type PropertyValue = Uint32Property | ByteArrayProperty;

/** One `[name]` section: key -> value, insertion order. */
export type PropertySet = Map<string, PropertyValue>;

/** A whole registry: set name -> set, insertion order. */
export type PropertySetRegistry = Map<string, PropertySet>;

export function uint32(value: number): Uint32Property {
  return { type: 1, value };
}

export function byteArray(bytes: Uint8Array, bits: bigint = BigInt(bytes.length) * 8n): ByteArrayProperty {
  return { type: 2, bytes, bits };
}

export function stringProperty(text: string): ByteArrayProperty {
  return byteArray(new TextEncoder().encode(text));
}
