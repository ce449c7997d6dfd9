/**
 * Checked reading of JSON documents (manifests, property-set JSON): one set of accessors, each
 * failing with the JSON path of the bad value through the caller's error type.
 */
import { EncodeError } from './errors.js';
import type { PathKey } from './spans.js';

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
/** A JSON object. */
export type JsonObject = { [k: string]: Json };

/** Accessors that check a value's shape and say where it is when it is wrong. */
export interface JsonChecks {
  /** A JSON object (not an array or null). */
  object(v: unknown, path: readonly PathKey[]): JsonObject;
  /** Refuse keys outside `allowed`. */
  only(o: JsonObject, allowed: readonly string[], path: readonly PathKey[]): void;
  /** A JSON array. */
  array(v: unknown, path: readonly PathKey[]): Json[];
  /** A string. */
  string(v: unknown, path: readonly PathKey[]): string;
  /** `true` or `false`. */
  boolean(v: unknown, path: readonly PathKey[]): boolean;
  /** An integer in [0, max]. */
  integer(v: unknown, path: readonly PathKey[], max: number): number;
  /** A 64-bit value: a decimal string (or a small number). */
  u64(v: unknown, path: readonly PathKey[]): bigint;
}

/** JSON checks failing with `fail(message, path)` (default: EncodeError). */
export function jsonChecks(fail: (message: string, path: PathKey[]) => Error = (m, p) => new EncodeError(m, p)): JsonChecks {
  const bad = (m: string, p: readonly PathKey[]): never => {
    throw fail(m, [...p]);
  };
  return {
    object: (v, p) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonObject) : bad('expected an object', p)),
    only(o, allowed, p) {
      for (const k of Object.keys(o)) if (!allowed.includes(k)) bad(`unknown field '${k}' (allowed: ${allowed.join(', ')})`, p);
    },
    array: (v, p) => (Array.isArray(v) ? (v as Json[]) : bad('expected an array', p)),
    string: (v, p) => (typeof v === 'string' ? v : bad('expected a string', p)),
    boolean: (v, p) => (typeof v === 'boolean' ? v : bad('expected true or false', p)),
    integer: (v, p, max) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max ? v : bad(`expected an integer 0..${max}`, p)),
    u64(v, p) {
      if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
      if (typeof v !== 'string' || !/^[0-9]+$/.test(v)) return bad('expected a decimal string (64-bit value)', p);
      const b = BigInt(v);
      return b > (1n << 64n) - 1n ? bad('value does not fit in 64 bits', p) : b;
    },
  };
}
