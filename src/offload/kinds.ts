/**
 * Names of OffloadBinary image kinds and offload kinds (spec syclbin-format.md §2).
 * Unknown values are kept as numbers, never rejected.
 */

export const IMAGE_KIND = { none: 0, object: 1, bitcode: 2, cubin: 3, fatbinary: 4, ptx: 5, spirv: 6, syclbin: 7 } as const;

/** `getImageKindName` (llvm/lib/Object/OffloadBinary.cpp): file-extension style names. */
export function imageKindName(kind: number): string {
  switch (kind) {
    case 1:
      return 'o';
    case 2:
      return 'bc';
    case 3:
      return 'cubin';
    case 4:
      return 'fatbin';
    case 5:
      return 's';
    case 6:
      return 'spv';
    default:
      return '';
  }
}

/** Descriptive name for human views: IMG_SYCLBIN is 7 in intel/llvm (it was 6 briefly, when 6 was not yet SPIR-V). */
export function imageKindLabel(kind: number): string {
  const names = ['none', 'object', 'bitcode', 'cubin', 'fatbinary', 'ptx', 'spirv', 'syclbin'];
  return names[kind] ?? `unknown(${kind})`;
}

/** The column `llvm-objdump --offloading` prints (OffloadDump.cpp getImageName). */
export function objdumpImageKind(kind: number): string {
  switch (kind) {
    case 1:
      return 'elf';
    case 2:
      return 'llvm ir';
    case 3:
      return 'cubin';
    case 4:
      return 'fatbinary';
    case 5:
      return 'ptx';
    default:
      return '<none>';
  }
}

/**
 * Offload kinds: LLVM <= 19 numbered them sequentially (openmp 1, cuda 2, hip 3; intel/llvm added
 * sycl 4); llvm-project #135809 (2025-04) made them a bitmask (openmp 1, cuda 2, hip 4, sycl 8).
 * OffloadBinary v1 files come from the sequential era, v2/v3 from the bitmask era.
 */
export type OffloadKindEra = 'sequential' | 'bitmask';

const SEQUENTIAL: Record<string, number> = { none: 0, openmp: 1, cuda: 2, hip: 3, sycl: 4 };
const BITMASK: Record<string, number> = { none: 0, openmp: 1, cuda: 2, hip: 4, sycl: 8 };

export function eraForVersion(version: number): OffloadKindEra {
  return version <= 1 ? 'sequential' : 'bitmask';
}

export function offloadKindValue(name: string, era: OffloadKindEra): number | undefined {
  return (era === 'sequential' ? SEQUENTIAL : BITMASK)[name.toLowerCase()];
}

/** `getOffloadKindName`-style name, for the numbering era of the file's version. */
export function offloadKindName(kind: number, era: OffloadKindEra): string {
  const table = era === 'sequential' ? SEQUENTIAL : BITMASK;
  for (const [k, v] of Object.entries(table)) if (v === kind) return k;
  return 'none';
}

/** Like offloadKindName, but says `unknown(N)` instead of folding unknown values into "none". */
export function offloadKindLabel(kind: number, era: OffloadKindEra): string {
  const n = offloadKindName(kind, era);
  return n === 'none' && kind !== 0 ? `unknown(${kind})` : n;
}
