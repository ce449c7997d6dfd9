/**
 * Typed values of property-set entries: what the bytes of one property mean, decoded and encoded.
 *
 * Every decoder is exact: a typed value re-encodes to the identical PropertyValue (same type, same bit
 * count, same bytes), otherwise decoding reports a problem and the caller keeps the raw value. Record
 * layouts come from formats/property-records.ts (CONTRIBUTING: never hand-walk a described structure).
 * Spec: docs/spec/lowering.md §1.A fact 3 (byte arrays), §1.C facts 9-12, §1.D fact 15,
 * §1.F facts 34-35; syclbin-format.md §2-3 (SYCLBIN metadata enums).
 */
import type { ValueKind, EnumNames } from '../../../formats/property-sets.js';
import { decode, decodeRecords, encode, DecodeError, EncodeError, array, isWellFormed } from '../../codec/index.js';
import {
  DeviceGlobalRecord,
  HostPipeRecord,
  LegacyDeviceGlobalRecord,
  SPEC_CONST_PADDING_ID,
  SpecConstantDescriptor,
  U32Element,
  U64Element,
} from '../../../formats/property-records.js';
import { byteArray, PROPERTY_TYPE, uint32, type ByteArrayProperty, type PropertyValue } from '../model.js';
import { aspectInfo } from './aspects.js';
// (the offset of the first byte that starts no valid sequence, from one pass: not from prefixes fed to
// the shared decoder with `stream: true`, which kept an unfinished sequence for the next value's decode)
import { firstInvalidUtf8 } from '../text.js';

/** One `{ID, Offset, Size}` record of a `[SYCL/specialization constants]` value. */
export interface SpecConstDescriptor {
  /** Spec-constant ID (0xFFFFFFFF for padding). */
  id: number;
  /** Offset relative to the start of the constant's value. */
  offset: number;
  /** Size in bytes. */
  size: number;
}

/** One entry of a spec-constant default blob split with the runtime walk (lowering.md fact 30). */
export interface SpecConstDefault {
  /** Symbolic ID (key of `[SYCL/specialization constants]`). */
  symbolicId: string;
  /** Start of this constant in the `all` blob. */
  blobOffset: number;
  /** Bytes this constant covers in the blob (padding descriptors included). */
  size: number;
  /** Its descriptors with where each lies in the blob; `padding` for ID 0xFFFFFFFF. */
  descriptors: (SpecConstDescriptor & { blobOffset: number; padding: boolean })[];
}

/** The meaning of a property value, by the kind its schema rule gives (formats/property-sets.ts ValueKind). */
export type TypedValue =
  | { kind: 'uint32'; value: number }
  | { kind: 'enum'; value: number; name?: string }
  | { kind: 'string'; text: string }
  | { kind: 'u32-array'; values: number[] }
  | { kind: 'u64-array'; values: bigint[] }
  | { kind: 'aspects'; aspects: { value: number; name?: string }[] }
  | { kind: 'bitmask'; bits: number; set: number[] }
  | { kind: 'spec-const-descriptors'; descriptors: SpecConstDescriptor[] }
  | { kind: 'spec-const-defaults'; bytes: Uint8Array; constants?: SpecConstDefault[] }
  | { kind: 'device-global'; size: number; deviceImageScope: number; layout: 'u32' | 'legacy-u8' }
  | { kind: 'host-pipe'; size: number };

export type { ValueKind, EnumNames } from '../../../formats/property-sets.js';
// Every kind formats/ names has a typed form here, and no other.
const KINDS_AGREE: [ValueKind] extends [TypedValue['kind']] ? ([TypedValue['kind']] extends [ValueKind] ? true : never) : never = true;
void KINDS_AGREE;

/** A finding made while decoding one value; `offset` is a byte offset in the value payload. */
export interface ValueProblem {
  /** How bad it is. */
  severity: 'error' | 'warning' | 'note';
  /** What was found, for people. */
  message: string;
  /** Byte offset in the value payload, when the finding has one. */
  offset?: number;
}

/** What decodeTypedValue returns: the typed value (null when it does not decode exactly) and the findings. */
export type ValueDecodeResult = { typed: TypedValue; problems: ValueProblem[] } | { typed: null; problems: ValueProblem[] };


const TYPE_NAME = { 1: 'uint32', 2: 'byte array' } as const;

/** Which property type each kind is stored as. */
export const KIND_TYPE: Readonly<Record<ValueKind, 1 | 2>> = {
  uint32: 1,
  enum: 1,
  string: 2,
  'u32-array': 2,
  'u64-array': 2,
  aspects: 2,
  bitmask: 2,
  'spec-const-descriptors': 2,
  'spec-const-defaults': 2,
  'device-global': 2,
  'host-pipe': 2,
};

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function problem(message: string, offset?: number, severity: ValueProblem['severity'] = 'error'): ValueProblem {
  return offset === undefined ? { severity, message } : { severity, message, offset };
}

/**
 * A byte array whose bit count is not 8 x its length, where every kind but bitmask holds whole bytes:
 * a warning. PropertySetIO writes these values from bytes, but the SYCL runtime reads the payload by
 * its size in bytes, never by the bit count (intel/llvm sycl/source/detail/device_binary_image.cpp
 * `DeviceBinaryProperty::asByteArray`: `{ValAddr, ValSize}`), so the payload is decoded all the same.
 */
function wholeBytes(v: ByteArrayProperty): ValueProblem | null {
  if (v.bits !== BigInt(v.bytes.length) * 8n) {
    return problem(`bit count ${v.bits} is not 8 x the ${v.bytes.length}-byte payload (bytes expected; the SYCL runtime reads the ${v.bytes.length} bytes)`, undefined, 'warning');
  }
  return null;
}

function records<T>(decodeAll: () => T[]): { values: T[] } | { error: ValueProblem } {
  try {
    return { values: decodeAll() };
  } catch (e) {
    if (e instanceof DecodeError) return { error: problem(e.reason, e.offset) };
    throw e;
  }
}

/** Decode `value` as `kind`. `enumNames` names the values of an enum kind. */
export function decodeTypedValue(kind: ValueKind, value: PropertyValue, enumNames?: EnumNames): ValueDecodeResult {
  const want = KIND_TYPE[kind];
  if (value.type !== want) {
    return { typed: null, problems: [problem(`expected a ${TYPE_NAME[want]} (type ${want}), found a ${TYPE_NAME[value.type]} (type ${value.type})`)] };
  }
  if (value.type === PROPERTY_TYPE.UINT32) {
    if (kind === 'enum') {
      const name = enumNames?.[value.value];
      const problems = name === undefined ? [problem(`unknown value ${value.value} (known: ${describeEnum(enumNames)})`)] : [];
      return { typed: name === undefined ? { kind, value: value.value } : { kind, value: value.value, name }, problems };
    }
    return { typed: { kind: 'uint32', value: value.value }, problems: [] };
  }
  if (kind === 'bitmask') return decodeBitmask(value);
  const notWhole = wholeBytes(value);
  const r = decodeBytes(kind, value.bytes);
  return notWhole ? { typed: r.typed, problems: [notWhole, ...r.problems] } : r;
}

/** The payload `b` of a byte array decoded as `kind` (not bitmask). */
function decodeBytes(kind: ValueKind, b: Uint8Array): ValueDecodeResult {
  switch (kind) {
    case 'string': {
      try {
        return { typed: { kind, text: strictUtf8.decode(b) }, problems: [] };
      } catch {
        return { typed: null, problems: [problem('string value is not valid UTF-8', firstInvalidUtf8(b))] };
      }
    }
    case 'u32-array':
    case 'aspects': {
      const r = records(() => decodeRecords(U32Element, b));
      if ('error' in r) return { typed: null, problems: [problem(`u32 array: ${r.error.message}`, r.error.offset)] };
      if (kind === 'u32-array') return { typed: { kind, values: r.values }, problems: [] };
      const problems: ValueProblem[] = [];
      const aspects = r.values.map((v, i) => {
        const info = aspectInfo(v);
        if (!info) problems.push(problem(`unknown aspect value ${v}`, i * 4, 'warning'));
        else if (info.deprecated) problems.push(problem(`aspect ${info.name} (${v}) is deprecated: ${info.deprecated}`, i * 4, 'note'));
        return info ? { value: v, name: info.name } : { value: v };
      });
      return { typed: { kind, aspects }, problems };
    }
    case 'u64-array': {
      const r = records(() => decodeRecords(U64Element, b));
      if ('error' in r) return { typed: null, problems: [problem(`u64 array: ${r.error.message}`, r.error.offset)] };
      return { typed: { kind, values: r.values }, problems: [] };
    }
    case 'spec-const-descriptors': {
      const r = records(() => decodeRecords(SpecConstantDescriptor, b));
      if ('error' in r) return { typed: null, problems: [problem(`spec-constant descriptors: ${r.error.message}`, r.error.offset)] };
      return { typed: { kind, descriptors: r.values }, problems: [] };
    }
    case 'spec-const-defaults':
      return { typed: { kind, bytes: b.slice() }, problems: [] };
    case 'device-global':
      return decodeDeviceGlobal(b);
    case 'host-pipe': {
      if (b.length !== HostPipeRecord.fixedSize) {
        return { typed: null, problems: [problem(`host pipe value is ${b.length} bytes, expected ${HostPipeRecord.fixedSize} (u32 size)`)] };
      }
      return { typed: { kind, size: decode(HostPipeRecord, b).size }, problems: [] };
    }
    default:
      return { typed: null, problems: [problem(`kind ${kind} cannot hold a byte array`)] };
  }
}

function describeEnum(names?: EnumNames): string {
  return names ? Object.entries(names).map(([v, n]) => `${v} ${n}`).join(', ') : 'none';
}

/** `[SYCL/kernel param opt]`: bit i set <=> kernel argument i was eliminated (lowering.md V5). */
function decodeBitmask(v: ByteArrayProperty): ValueDecodeResult {
  if (v.bits > BigInt(Number.MAX_SAFE_INTEGER)) return { typed: null, problems: [problem(`bit count ${v.bits} is too large`)] };
  const bits = Number(v.bits);
  const set: number[] = [];
  for (let i = 0; i < bits; i++) if (v.bytes[i >> 3]! & (1 << (i & 7))) set.push(i);
  const tail = bits & 7;
  if (tail && v.bytes[v.bytes.length - 1]! >> tail) {
    return {
      typed: null,
      problems: [problem(`bits above the ${bits}-bit mask are set in the last byte`, v.bytes.length - 1, 'warning')],
    };
  }
  return { typed: { kind: 'bitmask', bits, set }, problems: [] };
}

/** `{u32 size, u32 deviceImageScope}`; the older `{u32, u8}` 5-byte form is read with a warning. */
function decodeDeviceGlobal(b: Uint8Array): ValueDecodeResult {
  if (b.length === DeviceGlobalRecord.fixedSize) {
    const r = decode(DeviceGlobalRecord, b);
    const problems: ValueProblem[] = [];
    if (r.deviceImageScope > 1) {
      problems.push(
        problem(
          `deviceImageScope is ${r.deviceImageScope}, expected 0 or 1` +
            ((r.deviceImageScope & 0xff) <= 1 ? ' (looks like the legacy u32+u8 layout with non-zero padding bytes)' : ''),
          DeviceGlobalRecord.offsets.deviceImageScope,
          'warning',
        ),
      );
    }
    return { typed: { kind: 'device-global', size: r.size, deviceImageScope: r.deviceImageScope, layout: 'u32' }, problems };
  }
  if (b.length === LegacyDeviceGlobalRecord.fixedSize) {
    const r = decode(LegacyDeviceGlobalRecord, b);
    return {
      typed: { kind: 'device-global', size: r.size, deviceImageScope: r.deviceImageScope, layout: 'legacy-u8' },
      problems: [
        problem(
          'device global uses the older 5-byte {u32 size, u8 deviceImageScope} layout; the current runtime reads two u32 and asserts 8 bytes',
          undefined,
          'warning',
        ),
      ],
    };
  }
  return {
    typed: null,
    problems: [problem(`device global value is ${b.length} bytes, expected 8 ({u32 size, u32 deviceImageScope})`)],
  };
}

/** Encode a typed value back to a property value (exact inverse of decodeTypedValue). */
export function encodeTypedValue(t: TypedValue, path: (string | number)[] = []): PropertyValue {
  try {
    switch (t.kind) {
      case 'uint32':
      case 'enum':
        return uint32(t.value);
      case 'string':
        // A typed string is UTF-8 text (decodeTypedValue gives none for other bytes): a lone
        // surrogate has no UTF-8, and TextEncoder would write U+FFFD for it, a value other than the
        // one given. Bytes that are not UTF-8 are given raw (`hex`).
        if (typeof t.text === 'string' && !isWellFormed(t.text)) {
          throw new EncodeError('a typed string is UTF-8 text and this one has a lone surrogate (it would be written as U+FFFD); give bytes that are not UTF-8 as the raw value (hex)');
        }
        return byteArray(new TextEncoder().encode(t.text));
      case 'u32-array':
        return byteArray(encode(array(U32Element, t.values.length), t.values));
      case 'aspects':
        return byteArray(encode(array(U32Element, t.aspects.length), t.aspects.map((a) => a.value)));
      case 'u64-array':
        return byteArray(encode(array(U64Element, t.values.length), t.values));
      case 'bitmask': {
        if (!Number.isSafeInteger(t.bits) || t.bits < 0) throw new EncodeError(`bit count ${t.bits} is not a non-negative integer`);
        const bytes = new Uint8Array(Math.ceil(t.bits / 8));
        for (const i of t.set) {
          if (!Number.isInteger(i) || i < 0 || i >= t.bits) throw new EncodeError(`bit ${i} is outside the ${t.bits}-bit mask`);
          bytes[i >> 3]! |= 1 << (i & 7);
        }
        return byteArray(bytes, BigInt(t.bits));
      }
      case 'spec-const-descriptors':
        return byteArray(encode(array(SpecConstantDescriptor, t.descriptors.length), t.descriptors.map(({ id, offset, size }) => ({ id, offset, size }))));
      case 'spec-const-defaults':
        return byteArray(t.bytes.slice());
      case 'device-global':
        return t.layout === 'legacy-u8'
          ? byteArray(encode(LegacyDeviceGlobalRecord, { size: t.size, deviceImageScope: t.deviceImageScope }))
          : byteArray(encode(DeviceGlobalRecord, { size: t.size, deviceImageScope: t.deviceImageScope }));
      case 'host-pipe':
        return byteArray(encode(HostPipeRecord, { size: t.size }));
    }
  } catch (e) {
    if (e instanceof EncodeError) throw e.withinNames(...path);
    throw e;
  }
}

/** Whether `d` is a padding descriptor (ID 0xFFFFFFFF). */
export function isPadding(d: SpecConstDescriptor): boolean {
  return d.id === SPEC_CONST_PADDING_ID;
}
