/**
 * In-memory model of an LLVM property-set registry (intel/llvm PropertySetIO).
 * Spec: docs/spec/README.md rule 2; syclbin-format.md §3; lowering.md §1.A.
 *
 * Sets and properties keep insertion order (LLVM uses MapVector), so a Map is the model.
 */

import { toBytes, type BytesLike } from '../codec/source.js';
import { ArgumentError, describeValue } from '../codec/errors.js';
export { PROPERTY_TYPE } from '../../formats/property-sets.js';

/** A property of type 1 (UINT32). */
export interface Uint32Property {
  /** Property type (PROPERTY_TYPE.UINT32). */
  readonly type: 1;
  /** 0 ..= 4294967295 */
  readonly value: number;
}

/** A property of type 2 (BYTE_ARRAY): bytes with a declared bit size. */
export interface ByteArrayProperty {
  /** Property type (PROPERTY_TYPE.BYTE_ARRAY). */
  readonly type: 2;
  /** The payload, without the 8-byte bit-count prefix. Length = ceil(bits / 8). */
  readonly bytes: Uint8Array;
  /** Declared size in bits (8 x bytes.length for ordinary values; e.g. 11 for kernel param opt). */
  readonly bits: bigint;
}

/** A property value, by its type. */
export type PropertyValue = Uint32Property | ByteArrayProperty;

/** One `[name]` section: key -> value, insertion order. */
export type PropertySet = Map<string, PropertyValue>;

/** A whole registry: set name -> set, insertion order. */
export type PropertySetRegistry = Map<string, PropertySet>;

/**
 * `v` as a {@link PropertySetRegistry} for `fn`, or an {@link ArgumentError}: a Map of sets, each a
 * Map. The result of a reader that returns more than the registry (`readPropsJson`,
 * `readLlvmPropertiesJson`: `{ registry, notes }`) is named, with what to pass instead.
 */
export function registryArgument(v: unknown, fn: string): PropertySetRegistry {
  if (!(v instanceof Map)) {
    const hint = typeof v === 'object' && v !== null && (v as { registry?: unknown }).registry instanceof Map ? ': this is a reader\'s result; pass its .registry' : '';
    throw new ArgumentError(`${fn}: expected a PropertySetRegistry (a Map of set name to a Map of properties), not ${describeValue(v)}${hint}`);
  }
  const p = registryShapeProblem(v);
  if (p) throw new ArgumentError(`${fn}: ${p}`);
  return v as PropertySetRegistry;
}

/**
 * What keeps a Map from being a {@link PropertySetRegistry} a writer can take, or undefined: set
 * names and keys must be strings, sets Maps, values objects of type 1 (`value`) or 2 (`bytes`, a
 * Uint8Array, and `bits`, a bigint). What is of that shape but cannot be written (a uint32 out of
 * range, a name with a line feed, another type number) is the writer's EncodeError at its path.
 * One pass over the registry.
 */
export function registryShapeProblem(v: ReadonlyMap<unknown, unknown>): string | undefined {
  for (const [name, set] of v) {
    if (typeof name !== 'string') return `a set name must be a string, not ${describeValue(name)}`;
    if (!(set instanceof Map)) return `set ${JSON.stringify(name)} must be a Map of properties, not ${describeValue(set)}`;
    for (const [key, value] of set as Map<unknown, unknown>) {
      if (typeof key !== 'string') return `set ${JSON.stringify(name)}: a key must be a string, not ${describeValue(key)}`;
      // (the place is said only when something is wrong: a string per property made this check a
      // seventh of `props --llvm-json` of 300,000 lines)
      const at = (): string => `property [${JSON.stringify(name)}][${JSON.stringify(key)}]`;
      if (typeof value !== 'object' || value === null) return `${at()} must be { type: 1, value } or { type: 2, bytes, bits }, not ${describeValue(value)}`;
      const x = value as { type?: unknown; bytes?: unknown; bits?: unknown };
      if (x.type === 2 && (!(x.bytes instanceof Uint8Array) || typeof x.bits !== 'bigint')) {
        return `${at()}: a byte array needs bytes (a Uint8Array) and bits (a bigint), not bytes ${describeValue(x.bytes)} and bits ${describeValue(x.bits)} (byteArray(bytes) makes one)`;
      }
    }
  }
  return undefined;
}

/** A UINT32 property. */
export function uint32(value: number): Uint32Property {
  return { type: 1, value };
}

/** A BYTE_ARRAY property of `bytes` (bit size `8 x length` unless given). */
export function byteArray(input: BytesLike, bits?: bigint): ByteArrayProperty {
  const bytes = toBytes(input, 'a byte array');
  return { type: 2, bytes, bits: bits ?? BigInt(bytes.length) * 8n };
}

/** A BYTE_ARRAY property holding `text` as UTF-8. */
export function stringProperty(text: string): ByteArrayProperty {
  return byteArray(new TextEncoder().encode(text));
}
