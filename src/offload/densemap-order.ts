/**
 * The iteration order of an `llvm::DenseMap<StringRef, V>` (LLVM 19), computed from the sequence of
 * keys inserted into it.
 *
 * `clang-offload-packager` (LLVM 19, `getImageArguments` in
 * clang/tools/clang-offload-packager/ClangOffloadPackager.cpp) stores each `--image=` key/value list in
 * such a map and then walks it with a range-for, so the string entries of the OffloadBinary it writes
 * come out in bucket order. This module replays the map exactly.
 *
 * Semantics, all from llvm/include/llvm/ADT/DenseMap.h (llvm-19-dev headers = release/19.x):
 * - A default-constructed `DenseMap` has 0 buckets (`init(0)` → `getMinBucketToReserveForEntries(0)`
 *   is 0). The first insertion grows it: `InsertIntoBucketImpl` sees `NewNumEntries*4 >= NumBuckets*3`
 *   (4 >= 0) and calls `grow(NumBuckets*2)` = `grow(0)`, which allocates
 *   `max(64, (unsigned)NextPowerOf2(AtLeast-1))` buckets: `AtLeast-1` wraps to 0xFFFFFFFF,
 *   `NextPowerOf2` of that (as uint64_t) is 2^32, truncated to `unsigned` is 0, so 64 buckets.
 * - Load factor: inserting the n-th distinct key grows the table to twice its size when
 *   `n*4 >= NumBuckets*3` — the 48th key for 64 buckets, the 96th for 128, and so on. The tombstone
 *   rule (`NumBuckets-(NewNumEntries+NumTombstones) <= NumBuckets/8` → rehash at the same size) is
 *   implemented too, though without erasure it can never fire before the load-factor rule.
 * - Growth (`moveFromOldBuckets`) re-inserts the live entries walking the *old* buckets from index 0
 *   upwards, each with a fresh `LookupBucketFor` in the new table.
 * - `LookupBucketFor`: start at `getHashValue(Key) & (NumBuckets-1)`, quadratic probing
 *   `BucketNo += ProbeAmt++; BucketNo &= NumBuckets-1`, stop at the key or at the first empty bucket
 *   (preferring the first tombstone seen on the way).
 * - Iteration (`begin()`): buckets from index 0 upwards, skipping empty and tombstone buckets
 *   (`LLVM_ENABLE_REVERSE_ITERATION` is 0 in release builds, llvm/Config/abi-breaking.h).
 * - `getHashValue` is `DenseMapInfo<StringRef>::getHashValue` = low 32 bits of `hash_value(StringRef)`
 *   (llvm/lib/Support/StringRef.cpp), see `llvm-hash.ts`.
 * - Keys are equal when their bytes are equal (`StringRef::operator==`); the empty string is an
 *   ordinary key (DenseMapInfo's empty/tombstone keys are sentinel *pointers*, never real strings).
 *
 * Portable: no Node APIs.
 */
import { bytesEqual } from '../codec/source.js';
import { denseMapStringRefHash } from './llvm-hash.js';

const utf8 = new TextEncoder();

interface Bucket<V> {
  readonly key: string;
  /** UTF-8 bytes of `key`: what `StringRef` compares and hashes. */
  readonly bytes: Uint8Array;
  readonly hash: number;
  value: V;
}

/** A slot: undefined = empty bucket, TOMBSTONE = erased, otherwise a live entry. */
const TOMBSTONE = Symbol('tombstone');
type Slot<V> = Bucket<V> | typeof TOMBSTONE | undefined;

/** `llvm::NextPowerOf2(uint64_t)` truncated to `unsigned`, as `DenseMap::grow` uses it. */
function nextPowerOf2U32(a: number): number {
  // For a < 2^32 the result is at most 2^32; the static_cast<unsigned> turns exactly 2^32 into 0.
  let p = 1;
  while (p <= a) p *= 2;
  return p >= 2 ** 32 ? 0 : p;
}

/**
 * A replay of `llvm::DenseMap<StringRef, V>`: same buckets, same probing, same growth, hence the same
 * iteration order. Keys are JavaScript strings, hashed and compared as their UTF-8 bytes.
 */
export class LlvmStringDenseMap<V> {
  private buckets: Slot<V>[] = [];
  private numEntries = 0;
  private numTombstones = 0;

  /** Current bucket count (0, then 64, 128, ...). */
  get numBuckets(): number {
    return this.buckets.length;
  }

  /** Number of keys. */
  get size(): number {
    return this.numEntries;
  }

  /** `DenseMap::LookupBucketFor`: [found, bucket index to use]; index -1 when there are no buckets. */
  private lookup(bytes: Uint8Array, hash: number): [boolean, number] {
    const n = this.buckets.length;
    if (n === 0) return [false, -1];
    let foundTombstone = -1;
    let bucketNo = hash & (n - 1);
    let probeAmt = 1;
    for (;;) {
      const slot = this.buckets[bucketNo];
      if (slot !== undefined && slot !== TOMBSTONE && bytesEqual(slot.bytes, bytes)) return [true, bucketNo];
      if (slot === undefined) return [false, foundTombstone >= 0 ? foundTombstone : bucketNo];
      if (slot === TOMBSTONE && foundTombstone < 0) foundTombstone = bucketNo;
      bucketNo = (bucketNo + probeAmt++) & (n - 1);
    }
  }

  /** `DenseMap::grow(AtLeast)` followed by `moveFromOldBuckets` in old bucket order. */
  private grow(atLeast: number): void {
    const old = this.buckets;
    const count = Math.max(64, nextPowerOf2U32((atLeast - 1) >>> 0));
    this.buckets = new Array<Slot<V>>(count).fill(undefined);
    this.numEntries = 0;
    this.numTombstones = 0;
    for (const slot of old) {
      if (slot === undefined || slot === TOMBSTONE) continue;
      const [found, at] = this.lookup(slot.bytes, slot.hash);
      if (found) throw new Error('internal: key already in the new DenseMap');
      this.buckets[at] = slot;
      this.numEntries++;
    }
  }

  /**
   * `DenseMap::try_emplace(Key, Value)`: inserts when the key is new and returns true; otherwise
   * leaves the map unchanged and returns false.
   */
  tryEmplace(key: string, value: V): boolean {
    const bytes = utf8.encode(key);
    const hash = denseMapStringRefHash(bytes);
    let [found, at] = this.lookup(bytes, hash);
    if (found) return false;
    // InsertIntoBucketImpl
    const newNumEntries = this.numEntries + 1;
    const n = this.buckets.length;
    if (newNumEntries * 4 >= n * 3) {
      this.grow(n * 2);
      [, at] = this.lookup(bytes, hash);
    } else if (n - (newNumEntries + this.numTombstones) <= Math.floor(n / 8)) {
      this.grow(n);
      [, at] = this.lookup(bytes, hash);
    }
    this.numEntries++;
    if (this.buckets[at] === TOMBSTONE) this.numTombstones--;
    this.buckets[at] = { key, bytes, hash, value };
    return true;
  }

  /** The value stored for `key`, or undefined (`DenseMap::lookup` / `find`). */
  get(key: string): V | undefined {
    const bytes = utf8.encode(key);
    const [found, at] = this.lookup(bytes, denseMapStringRefHash(bytes));
    if (!found) return undefined;
    return (this.buckets[at] as Bucket<V>).value;
  }

  /** Whether `key` is present. */
  has(key: string): boolean {
    const bytes = utf8.encode(key);
    return this.lookup(bytes, denseMapStringRefHash(bytes))[0];
  }

  /** Replace the value of an existing key (`It->second = ...`); returns false if the key is absent. */
  set(key: string, value: V): boolean {
    const bytes = utf8.encode(key);
    const [found, at] = this.lookup(bytes, denseMapStringRefHash(bytes));
    if (!found) return false;
    (this.buckets[at] as Bucket<V>).value = value;
    return true;
  }

  /** `DenseMap::erase(Key)`: leaves a tombstone, as LLVM does. Returns whether the key was present. */
  delete(key: string): boolean {
    const bytes = utf8.encode(key);
    const [found, at] = this.lookup(bytes, denseMapStringRefHash(bytes));
    if (!found) return false;
    this.buckets[at] = TOMBSTONE;
    this.numEntries--;
    this.numTombstones++;
    return true;
  }

  /** Entries in DenseMap iteration order (bucket index ascending). */
  entries(): Array<[key: string, value: V]> {
    const out: Array<[string, V]> = [];
    for (const slot of this.buckets) if (slot !== undefined && slot !== TOMBSTONE) out.push([slot.key, slot.value]);
    return out;
  }

  /** Keys with their bucket index, in iteration order (for diagnostics and tests). */
  layout(): Array<{ key: string; bucket: number }> {
    const out: Array<{ key: string; bucket: number }> = [];
    this.buckets.forEach((slot, bucket) => {
      if (slot !== undefined && slot !== TOMBSTONE) out.push({ key: slot.key, bucket });
    });
    return out;
  }
}

/**
 * The iteration order of a fresh `llvm::DenseMap<StringRef, ...>` after inserting `keys` in the given
 * order (repeated keys keep their first bucket and are listed once).
 */
export function denseMapIterationOrder(keys: Iterable<string>): string[] {
  const map = new LlvmStringDenseMap<null>();
  for (const k of keys) map.tryEmplace(k, null);
  return map.entries().map(([k]) => k);
}
