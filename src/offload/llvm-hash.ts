/**
 * `llvm::hash_value(StringRef)` of LLVM 19, bit for bit, over the UTF-8 bytes of a string.
 *
 * Why we need it: `clang-offload-packager` (LLVM 19) collects each `--image=` key/value list in an
 * `llvm::DenseMap<StringRef, StringRef>`, so the order of the string entries it writes is the
 * DenseMap bucket order, and the bucket of a key is the low 32 bits of this hash
 * (see `densemap-order.ts`).
 *
 * Sources (llvm-19-dev headers, identical to llvm/llvm-project release/19.x):
 * - `llvm/include/llvm/ADT/Hashing.h`: `hash_short` and its length classes `hash_1to3_bytes`,
 *   `hash_4to8_bytes`, `hash_9to16_bytes`, `hash_17to32_bytes`, `hash_33to64_bytes`, the 56-byte
 *   `hash_state` (CityHash-derived) used above 64 bytes, and `hash_combine_range_impl(ValueT *,
 *   ValueT *)`, the contiguous-bytes overload that `hash_value(StringRef)` reaches.
 * - `llvm/lib/Support/StringRef.cpp`: `hash_value(StringRef S) { return hash_combine_range(S.begin(),
 *   S.end()); }` and `DenseMapInfo<StringRef>::getHashValue(Val) { return (unsigned)hash_value(Val); }`.
 * - Seed: `get_execution_seed()` in Hashing.h returns the address of `install_fatal_error_handler`
 *   (a per-process value!) when `LLVM_ENABLE_ABI_BREAKING_CHECKS` is set, and the fixed
 *   `0xff51afd7ed558ccd` otherwise. Release builds such as Debian's `libllvm19` have
 *   `LLVM_ENABLE_ABI_BREAKING_CHECKS 0` (`llvm/Config/abi-breaking.h`), hence the fixed seed — which is
 *   what makes the packager's key order reproducible at all. An assertions-enabled LLVM build orders
 *   keys differently on every run.
 *
 * All arithmetic is on u64 `bigint`s (wrapping); multi-byte loads are little-endian, as `fetch64` /
 * `fetch32` byte-swap on big-endian hosts. Portable: no Node APIs.
 */

const M64 = (1n << 64n) - 1n;

/** `get_execution_seed()` of a build without ABI-breaking checks (llvm/ADT/Hashing.h). */
export const LLVM_HASH_FIXED_SEED = 0xff51afd7ed558ccdn;

// "Some primes between 2^63 and 2^64 for various uses." (Hashing.h)
const k0 = 0xc3a5c85c97cb3127n;
const k1 = 0xb492b66fbe98f273n;
const k2 = 0x9ae16a3b2f90404fn;
const k3 = 0xc949d7c7509e6557n;
const kMul = 0x9ddfea08eb382d69n;

const add = (a: bigint, b: bigint): bigint => (a + b) & M64;
const sub = (a: bigint, b: bigint): bigint => (a - b) & M64;
const mul = (a: bigint, b: bigint): bigint => (a * b) & M64;

/** `llvm::rotr<uint64_t>` / `hashing::detail::rotate` (a shift of 0 is the identity). */
function rotr(v: bigint, shift: number): bigint {
  const s = BigInt(shift & 63);
  if (s === 0n) return v;
  return ((v >> s) | (v << (64n - s))) & M64;
}

const shiftMix = (v: bigint): bigint => v ^ (v >> 47n);

function fetch64(s: Uint8Array, p: number): bigint {
  let lo = 0;
  let hi = 0;
  for (let i = 3; i >= 0; i--) {
    lo = lo * 256 + s[p + i]!;
    hi = hi * 256 + s[p + 4 + i]!;
  }
  return (BigInt(hi) << 32n) | BigInt(lo);
}

function fetch32(s: Uint8Array, p: number): bigint {
  return BigInt(s[p]! + s[p + 1]! * 0x100 + s[p + 2]! * 0x10000 + s[p + 3]! * 0x1000000);
}

/** Murmur-inspired `hash_16_bytes(low, high)`. */
function hash16Bytes(low: bigint, high: bigint): bigint {
  let a = mul(low ^ high, kMul);
  a ^= a >> 47n;
  let b = mul(high ^ a, kMul);
  b ^= b >> 47n;
  return mul(b, kMul);
}

function hash1to3(s: Uint8Array, len: number, seed: bigint): bigint {
  const a = s[0]!;
  const b = s[len >> 1]!;
  const c = s[len - 1]!;
  // uint32_t y, z (no overflow possible: a + b*256 < 2^16, len + c*4 < 2^11)
  const y = BigInt(a + (b << 8));
  const z = BigInt(len + (c << 2));
  return mul(shiftMix(mul(y, k2) ^ mul(z, k3) ^ seed), k2);
}

function hash4to8(s: Uint8Array, len: number, seed: bigint): bigint {
  const a = fetch32(s, 0);
  return hash16Bytes(add(BigInt(len), (a << 3n) & M64), seed ^ fetch32(s, len - 4));
}

function hash9to16(s: Uint8Array, len: number, seed: bigint): bigint {
  const a = fetch64(s, 0);
  const b = fetch64(s, len - 8);
  return hash16Bytes(seed ^ a, rotr(add(b, BigInt(len)), len)) ^ b;
}

function hash17to32(s: Uint8Array, len: number, seed: bigint): bigint {
  const a = mul(fetch64(s, 0), k1);
  const b = fetch64(s, 8);
  const c = mul(fetch64(s, len - 8), k2);
  const d = mul(fetch64(s, len - 16), k0);
  const L = BigInt(len);
  return hash16Bytes(
    add(add(rotr(sub(a, b), 43), rotr(c ^ seed, 30)), d),
    add(sub(add(a, rotr(b ^ k3, 20)), c), add(L, seed)),
  );
}

function hash33to64(s: Uint8Array, len: number, seed: bigint): bigint {
  let z = fetch64(s, 24);
  let a = add(fetch64(s, 0), mul(add(BigInt(len), fetch64(s, len - 16)), k0));
  let b = rotr(add(a, z), 52);
  let c = rotr(a, 37);
  a = add(a, fetch64(s, 8));
  c = add(c, rotr(a, 7));
  a = add(a, fetch64(s, 16));
  const vf = add(a, z);
  const vs = add(add(b, rotr(a, 31)), c);
  a = add(fetch64(s, 16), fetch64(s, len - 32));
  z = fetch64(s, len - 8);
  b = rotr(add(a, z), 52);
  c = rotr(a, 37);
  a = add(a, fetch64(s, len - 24));
  c = add(c, rotr(a, 7));
  a = add(a, fetch64(s, len - 16));
  const wf = add(a, z);
  const ws = add(add(b, rotr(a, 31)), c);
  const r = shiftMix(add(mul(add(vf, ws), k2), mul(add(wf, vs), k0)));
  return mul(shiftMix(add(seed ^ mul(r, k0), vs)), k2);
}

/** `hash_short(s, length, seed)` for length <= 64. */
function hashShort(s: Uint8Array, len: number, seed: bigint): bigint {
  if (len >= 4 && len <= 8) return hash4to8(s, len, seed);
  if (len > 8 && len <= 16) return hash9to16(s, len, seed);
  if (len > 16 && len <= 32) return hash17to32(s, len, seed);
  if (len > 32) return hash33to64(s, len, seed);
  if (len !== 0) return hash1to3(s, len, seed);
  return k2 ^ seed;
}

/** `hashing::detail::hash_state` (56 bytes of state, mixes 64-byte chunks). */
class HashState {
  h0 = 0n;
  h1 = 0n;
  h2 = 0n;
  h3 = 0n;
  h4 = 0n;
  h5 = 0n;
  h6 = 0n;

  /** `hash_state::create(s, seed)`: initial state, then `mix` of the first 64-byte chunk. */
  static create(s: Uint8Array, p: number, seed: bigint): HashState {
    const st = new HashState();
    st.h0 = 0n;
    st.h1 = seed;
    st.h2 = hash16Bytes(seed, k1);
    st.h3 = rotr(seed ^ k1, 49);
    st.h4 = mul(seed, k1);
    st.h5 = shiftMix(seed);
    st.h6 = hash16Bytes(st.h4, st.h5);
    st.mix(s, p);
    return st;
  }

  /** `mix_32_bytes(s, a, b)`; returns the new [a, b]. */
  private static mix32(s: Uint8Array, p: number, a: bigint, b: bigint): [bigint, bigint] {
    a = add(a, fetch64(s, p));
    const c = fetch64(s, p + 24);
    b = rotr(add(add(b, a), c), 21);
    const d = a;
    a = add(a, add(fetch64(s, p + 8), fetch64(s, p + 16)));
    b = add(b, add(rotr(a, 44), d));
    a = add(a, c);
    return [a, b];
  }

  /** `hash_state::mix(s)` over the 64 bytes at `p`. */
  mix(s: Uint8Array, p: number): void {
    this.h0 = mul(rotr(add(add(add(this.h0, this.h1), this.h3), fetch64(s, p + 8)), 37), k1);
    this.h1 = mul(rotr(add(add(this.h1, this.h4), fetch64(s, p + 48)), 42), k1);
    this.h0 ^= this.h6;
    this.h1 = add(this.h1, add(this.h3, fetch64(s, p + 40)));
    this.h2 = mul(rotr(add(this.h2, this.h5), 33), k1);
    this.h3 = mul(this.h4, k1);
    this.h4 = add(this.h0, this.h5);
    [this.h3, this.h4] = HashState.mix32(s, p, this.h3, this.h4);
    this.h5 = add(this.h2, this.h6);
    this.h6 = add(this.h1, fetch64(s, p + 16));
    [this.h5, this.h6] = HashState.mix32(s, p + 32, this.h5, this.h6);
    [this.h2, this.h0] = [this.h0, this.h2]; // std::swap(h2, h0)
  }

  /** `hash_state::finalize(length)`. */
  finalize(length: number): bigint {
    return hash16Bytes(
      add(add(hash16Bytes(this.h3, this.h5), mul(shiftMix(this.h1), k1)), this.h2),
      add(add(hash16Bytes(this.h4, this.h6), mul(shiftMix(BigInt(length)), k1)), this.h0),
    );
  }
}

const utf8 = new TextEncoder();

/**
 * `llvm::hash_value(StringRef)` (LLVM 19, 64-bit `size_t`): the u64 hash of the bytes, or of the UTF-8
 * encoding of a string. `seed` defaults to the fixed seed of release builds.
 *
 * Mirrors `hash_combine_range_impl(ValueT *first, ValueT *last)` in llvm/ADT/Hashing.h: up to 64 bytes
 * go through `hash_short`; longer inputs mix every whole 64-byte chunk after the first, then (if the
 * length is not a multiple of 64) the *last* 64 bytes, overlapping the previous chunk.
 */
export function llvmHashValue(data: Uint8Array | string, seed: bigint = LLVM_HASH_FIXED_SEED): bigint {
  const s = typeof data === 'string' ? utf8.encode(data) : data;
  const len = s.length;
  const sd = seed & M64;
  if (len <= 64) return hashShort(s, len, sd);
  const alignedEnd = len - (len % 64);
  const st = HashState.create(s, 0, sd);
  for (let p = 64; p !== alignedEnd; p += 64) st.mix(s, p);
  if (len % 64 !== 0) st.mix(s, len - 64);
  return st.finalize(len);
}

/**
 * `DenseMapInfo<StringRef>::getHashValue` (llvm/lib/Support/StringRef.cpp, LLVM 19):
 * `(unsigned)hash_value(Val)`, i.e. the low 32 bits, as a non-negative number.
 */
export function denseMapStringRefHash(data: Uint8Array | string, seed: bigint = LLVM_HASH_FIXED_SEED): number {
  return Number(llvmHashValue(data, seed) & 0xffffffffn);
}
