/**
 * Typed view of a whole registry: every property with its raw value, its typed value (when the set
 * and key are known and the bytes decode exactly) and the problems found while decoding.
 * `encodeTypedRegistry` is the inverse; unknown sets and keys are written back unchanged.
 */
import { EncodeError } from '../../codec/errors.js';
import type { PropertySetRegistry, PropertyValue } from '../model.js';
import { encodePropertyValue } from '../registry.js';
import { keyRule, SET, setSchema, type KeyRule } from './sets.js';
import { walkSpecConstants } from './spec-constants.js';
import { decodeTypedValue, encodeTypedValue, type SpecConstDescriptor, type TypedValue, type ValueProblem } from './values.js';

export * from './values.js';
export * from './sets.js';
export * from './aspects.js';
export * from './spec-constants.js';

/** One property of a typed set: raw value, typed value and decoding problems. */
export interface TypedProperty {
  /** Property key. */
  readonly key: string;
  /** The stored value, always present. */
  readonly value: PropertyValue;
  /** Typed meaning, or null for unknown sets/keys and values that do not decode exactly. */
  readonly typed: TypedValue | null;
  /** The schema rule that applied, if any. */
  readonly rule?: KeyRule;
  /** What did not decode exactly (empty when the value is clean). */
  readonly problems: ValueProblem[];
}

/** One property set in typed form. */
export interface TypedSet {
  /** Set name (`SYCL/kernel names`, ...). */
  readonly name: string;
  /** True when the set name is in the schema table (sets.ts). */
  readonly known: boolean;
  /** Its properties in registry order. */
  readonly properties: TypedProperty[];
}

/** Input of encodeTypedRegistry: a property given by its typed value, its raw value, or both (must agree). */
export interface TypedPropertyInput {
  /** Property key. */
  key: string;
  /** Raw value. */
  value?: PropertyValue;
  /** Typed value (encoded by the set's schema rule for the key). */
  typed?: TypedValue | null;
}

/** Input of encodeTypedRegistry: one set. */
export interface TypedSetInput {
  /** Set name. */
  name: string;
  /** Its properties in the order to write. */
  properties: TypedPropertyInput[];
}

function sameValue(a: PropertyValue, b: PropertyValue): boolean {
  return encodePropertyValue(a) === encodePropertyValue(b);
}

/**
 * How many things the typed form of `sets` holds: each set and property, each element of a typed
 * array (bitmask bits set, aspects, descriptors, default constants, u32/u64 values) and each problem.
 * What a consumer builds and prints of a registry (JSON, an explanation) grows with this, not with the
 * text: a byte-array bit list of N bytes is up to 8N elements (src/syclbin/read-v1.ts charges a blob
 * named again by it).
 */
export function typedElementCount(sets: readonly TypedSet[]): number {
  let n = 0;
  for (const set of sets) {
    n += 1 + set.properties.length;
    for (const p of set.properties) {
      n += p.problems.length;
      const t = p.typed;
      if (!t) continue;
      switch (t.kind) {
        case 'u32-array':
        case 'u64-array':
          n += t.values.length;
          break;
        case 'aspects':
          n += t.aspects.length;
          break;
        case 'bitmask':
          n += t.set.length;
          break;
        case 'spec-const-descriptors':
          n += t.descriptors.length;
          break;
        case 'spec-const-defaults':
          n += t.constants?.length ?? 0;
          break;
        default:
          break;
      }
    }
  }
  return n;
}

/** Decode every known property of `registry` into its typed form. */
export function decodeTypedRegistry(registry: PropertySetRegistry): TypedSet[] {
  const sets: TypedSet[] = [];
  for (const [name, set] of registry) {
    const properties: TypedProperty[] = [];
    for (const [key, value] of set) {
      const rule = keyRule(name, key);
      if (!rule) {
        properties.push({ key, value, typed: null, problems: [] });
        continue;
      }
      const r = decodeTypedValue(rule.kind, value, rule.enumNames);
      let typed = r.typed;
      const problems = [...r.problems];
      // Safety net for byte-exactness: a typed value must re-encode to the stored bytes.
      if (typed && !sameValue(encodeTypedValue(typed), value)) {
        // (a bit count that is not 8 x the payload is said already: typed values are whole bytes)
        const oddBits = value.type === 2 && value.bits !== BigInt(value.bytes.length) * 8n;
        if (!oddBits) problems.push({ severity: 'warning', message: `the ${rule.kind} view would not re-encode identically; kept raw` });
        typed = null;
      }
      properties.push({ key, value, typed, rule, problems });
    }
    sets.push({ name, known: setSchema(name) !== undefined, properties });
  }
  attachDefaultSplit(sets);
  return sets;
}

/**
 * Split the default-values blob, and the set-values blob the runtime's SYCLBIN writer adds, per
 * constant when the descriptors are in the same registry.
 */
function attachDefaultSplit(sets: TypedSet[]): void {
  const descriptorSet = sets.find((s) => s.name === SET.SPEC_CONSTANTS);
  if (!descriptorSet) return;
  const lists: [string, SpecConstDescriptor[]][] = [];
  for (const p of descriptorSet.properties) {
    if (p.typed?.kind !== 'spec-const-descriptors') return; // cannot walk past an undecodable list
    lists.push([p.key, p.typed.descriptors]);
  }
  const walk = walkSpecConstants(lists);
  for (const name of [SET.SPEC_CONSTANTS_DEFAULT_VALUES, SET.SPEC_CONSTANTS_SET_VALUES]) {
    const blob = sets.find((s) => s.name === name)?.properties.find((p) => p.key === 'all');
    if (!blob || blob.typed?.kind !== 'spec-const-defaults') continue;
    blob.typed.constants = walk.constants;
    // The split shows what the runtime's walk reads; where the blob ends before (or after) it, the
    // view says so here, as `props --check` does (src/props/check.ts), so a short last slice is never
    // shown as if it were the whole value.
    const held = blob.typed.bytes.length;
    if (walk.total > held) {
      blob.problems.push({ severity: 'error', offset: held, message: `the descriptors cover ${walk.total} byte(s) of the blob (runtime walk) but it holds ${held}: the slices past byte ${held} are cut short (the runtime reads past the value)` });
    } else if (walk.total < held) {
      blob.problems.push({ severity: 'error', offset: walk.total, message: `the descriptors cover ${walk.total} byte(s) of the blob (runtime walk) but it holds ${held}: ${held - walk.total} byte(s) after the last slice belong to no constant` });
    }
  }
}

/** Build a registry from typed sets. Typed values win over nothing; given both, they must agree. */
export function encodeTypedRegistry(sets: readonly TypedSetInput[]): PropertySetRegistry {
  const registry: PropertySetRegistry = new Map();
  for (const s of sets) {
    let set = registry.get(s.name);
    if (!set) registry.set(s.name, (set = new Map()));
    for (const p of s.properties) set.set(p.key, resolveValue(s.name, p));
  }
  return registry;
}

function resolveValue(setName: string, p: TypedPropertyInput): PropertyValue {
  const path = [setName, p.key];
  const fromTyped = p.typed ? encodeTypedValue(p.typed, path) : undefined;
  if (fromTyped && p.value && !sameValue(fromTyped, p.value)) {
    throw new EncodeError(
      `typed value (${encodePropertyValue(fromTyped)}) and raw value (${encodePropertyValue(p.value)}) disagree; remove one of them`,
      path,
      2,
    );
  }
  const v = fromTyped ?? p.value;
  if (!v) throw new EncodeError('property has neither a typed nor a raw value', path, 2);
  return v;
}
