/**
 * The fuzzer's random numbers: every case has its own generator, derived from (seed, case index)
 * alone, so any case can be replayed by itself (`npm run fuzz -- --seed S --case I`) and the result
 * of a run does not depend on how cases are split between processes. sfc32 seeded through splitmix32.
 */

/** A small deterministic random source. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, index: number) {
    let s = (Math.imul(seed >>> 0, 0x9e3779b1) ^ index) >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next() ^ index;
    this.b = next();
    this.c = next();
    this.d = 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** Uniform in [0, 2^32). */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return n <= 0x100000000 ? Math.floor((this.u32() / 0x100000000) * n) : Math.floor((this.u32() * 0x100000000 + this.u32()) / 2 ** 64 * n);
  }

  /** Integer in [lo, hi], log-uniform (as many small values as large ones). */
  logInt(lo: number, hi: number): number {
    const l = Math.log(lo);
    return Math.min(hi, Math.max(lo, Math.round(Math.exp(l + (this.u32() / 0x100000000) * (Math.log(hi) - l)))));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.u32() / 0x100000000 < p;
  }

  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }

  /** `n` random bytes. */
  bytes(n: number): Uint8Array {
    const b = new Uint8Array(n);
    for (let i = 0; i < n; i++) b[i] = this.u32() & 0xff;
    return b;
  }
}
