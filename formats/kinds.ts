/**
 * Every enumeration of the OffloadBinary world with its names, in one place: image kinds (with the
 * names each tool gives them) and offload kinds in each numbering LLVM has used. Readers, writers,
 * listings, `verify`, `inspect` and the exporters take names from here; unknown values are kept as
 * numbers, never rejected.
 *
 * Upstream: llvm/include/llvm/Object/OffloadBinary.h (`ImageKind`), llvm/lib/Object/OffloadBinary.cpp
 * (`getImageKindName`, `getOffloadKindName`), llvm/tools/llvm-objdump/OffloadDump.cpp (`getImageName`),
 * llvm/include/llvm/Frontend/Offloading/Utility.h / clang `Action::OffloadKind` (#135809: bitmask),
 * intel/llvm llvm/include/llvm/Object/OffloadBinary.h (`OFK_SYCL = 4`, `IMG_SYCLBIN = 7`).
 * Checked with Debian's tools: docs/spec/llvm-eras.md.
 */

/** One image kind and the names tools give it. */
export interface ImageKindInfo {
  /** The ImageKind number. */
  readonly value: number;
  /** Descriptive name for people and JSON (`object`, `bitcode`, ..., `syclbin`). */
  readonly label: string;
  /** `getImageKindName` (file-extension style; '' where LLVM has none). */
  readonly ext: string;
  /** The `kind` column of `llvm-objdump --offloading` (OffloadDump.cpp getImageName). */
  readonly objdump: string;
}

/**
 * Image kinds. 6 (SPIR-V) exists upstream since LLVM 20 (`IMG_SPIRV`), but LLVM 22's
 * getImageKindName has no name for it ('' — checked with llvm-offload-binary-22) and llvm-objdump up
 * to 22 prints `<none>`; main names it `spv` / `spir-v` (formats/eras.ts). 7 is `IMG_LAST` upstream and
 * `IMG_SYCLBIN` in intel/llvm.
 */
export const IMAGE_KINDS: readonly ImageKindInfo[] = [
  { value: 0, label: 'none', ext: '', objdump: '<none>' },
  { value: 1, label: 'object', ext: 'o', objdump: 'elf' },
  { value: 2, label: 'bitcode', ext: 'bc', objdump: 'llvm ir' },
  { value: 3, label: 'cubin', ext: 'cubin', objdump: 'cubin' },
  { value: 4, label: 'fatbinary', ext: 'fatbin', objdump: 'fatbinary' },
  { value: 5, label: 'ptx', ext: 's', objdump: 'ptx' },
  { value: 6, label: 'spirv', ext: '', objdump: '<none>' },
  { value: 7, label: 'syclbin', ext: '', objdump: '<none>' },
];

/** Image kind numbers by label. */
export const IMAGE_KIND = { none: 0, object: 1, bitcode: 2, cubin: 3, fatbinary: 4, ptx: 5, spirv: 6, syclbin: 7 } as const;

/** The entry of a known image kind. */
export function imageKindInfo(kind: number): ImageKindInfo | undefined {
  return IMAGE_KINDS[kind];
}

/** Per-era names that replace `IMAGE_KINDS` columns (formats/eras.ts `imageKindNames`). */
export type ImageKindOverrides = Readonly<Record<number, { readonly ext: string; readonly objdump: string }>>;

/** `getImageKindName`: file-extension style names ('' when LLVM has none), optionally as an era names them. */
export function imageKindName(kind: number, era?: { imageKindNames: ImageKindOverrides }): string {
  return era?.imageKindNames[kind]?.ext ?? IMAGE_KINDS[kind]?.ext ?? '';
}

/** Descriptive name for human views (`unknown(N)` for values no era defines). */
export function imageKindLabel(kind: number): string {
  return IMAGE_KINDS[kind]?.label ?? `unknown(${kind})`;
}

/** The `kind` column `llvm-objdump --offloading` prints, optionally as an era prints it. */
export function objdumpImageKind(kind: number, era?: { imageKindNames: ImageKindOverrides }): string {
  return era?.imageKindNames[kind]?.objdump ?? IMAGE_KINDS[kind]?.objdump ?? '<none>';
}

/**
 * How offload kinds are numbered:
 * - `llvm19`: upstream LLVM up to 20 (openmp 1, cuda 2, hip 3; no SYCL kind: its tools write 0);
 * - `intel`: the intel/llvm fork's sequential numbering (adds sycl 4);
 * - `bitmask`: llvm-project #135809 (April 2025, LLVM 21+): openmp 1, cuda 2, hip 4, sycl 8.
 */
export type OffloadKindNumbering = 'llvm19' | 'intel' | 'bitmask';

/** Offload kind number by name, per numbering. */
export const OFFLOAD_KIND_NUMBERINGS: Readonly<Record<OffloadKindNumbering, Readonly<Record<string, number>>>> = {
  llvm19: { none: 0, openmp: 1, cuda: 2, hip: 3 },
  intel: { none: 0, openmp: 1, cuda: 2, hip: 3, sycl: 4 },
  bitmask: { none: 0, openmp: 1, cuda: 2, hip: 4, sycl: 8 },
};

/** The number of an offload kind name in a numbering (undefined when the numbering has no such kind). */
export function offloadKindValue(name: string, numbering: OffloadKindNumbering): number | undefined {
  return OFFLOAD_KIND_NUMBERINGS[numbering][name.toLowerCase()];
}

/** `getOffloadKindName` in a numbering: the name, or `none` for values it does not define (as LLVM prints them). */
export function offloadKindName(kind: number, numbering: OffloadKindNumbering): string {
  return KIND_NAMES[numbering].get(kind) ?? 'none';
}

/** Names by number, per numbering (listings name every entry: no scan per call). */
const KIND_NAMES = Object.fromEntries(
  Object.entries(OFFLOAD_KIND_NUMBERINGS).map(([n, table]) => [n, new Map(Object.entries(table).map(([name, value]) => [value, name]))]),
) as Record<OffloadKindNumbering, Map<number, string>>;

/** Like offloadKindName, but `unknown(N)` instead of folding unknown values into `none`. */
export function offloadKindLabel(kind: number, numbering: OffloadKindNumbering): string {
  const n = offloadKindName(kind, numbering);
  return n === 'none' && kind !== 0 ? `unknown(${kind})` : n;
}

/**
 * The numbering a reader assumes without being told: version 1 binaries come from the sequential era
 * (named with intel/llvm's table, the superset: sycl 4), versions 2 and 3 only exist in the bitmask era.
 * A version 1 binary written by LLVM 22 uses the bitmask numbers (hip 4, sycl 8), which this names
 * wrongly (4 as 'sycl'): when the producing LLVM is known, name kinds with `numberingFor(version,
 * llvmEra('22'))` (formats/eras.ts) instead, as the commands do.
 */
export function numberingForVersion(version: number): OffloadKindNumbering {
  return version <= 1 ? 'intel' : 'bitmask';
}

/** The numbering family a JSON listing names: `sequential` (llvm19, intel) or `bitmask`. */
export function numberingFamily(n: OffloadKindNumbering): 'sequential' | 'bitmask' {
  return n === 'bitmask' ? 'bitmask' : 'sequential';
}

/** How each numbering is described to people. */
export const NUMBERING_DESCRIPTIONS: Readonly<Record<OffloadKindNumbering, string>> = {
  llvm19: 'LLVM 19/20 (sequential)',
  intel: 'intel/llvm (sequential, sycl 4)',
  bitmask: 'LLVM 21+ (bitmask, llvm-project #135809)',
};

/** A kind number that different numberings name differently. */
export interface OffloadKindAmbiguity {
  /** Its name in every numbering (`unknown(N)` where a numbering has no such kind). */
  meanings: { numbering: OffloadKindNumbering; name: string }[];
  /** One sentence for people. */
  note: string;
}

/**
 * Whether the offload kind of a binary of `version` means different things in different eras: only
 * version-1 binaries can come from either numbering (versions 2 and 3 are bitmask-only). Undefined
 * when the numberings that define the number agree on its name (0, 1, 2 everywhere; 3, hip, in the
 * sequential ones only; 8, sycl, in the bitmask one only): a number one era leaves undefined is no
 * other kind there ({@link offloadKindElsewhere} says where it is defined).
 */
export function offloadKindAmbiguity(kind: number, version: number): OffloadKindAmbiguity | undefined {
  if (version >= 2) return undefined;
  const meanings = (Object.keys(OFFLOAD_KIND_NUMBERINGS) as OffloadKindNumbering[]).map((numbering) => ({ numbering, name: offloadKindLabel(kind, numbering) }));
  const defined = meanings.filter((m) => !m.name.startsWith('unknown('));
  if (new Set(defined.map((m) => m.name)).size <= 1) return undefined;
  const undefinedIn = meanings.filter((m) => m.name.startsWith('unknown(')).map((m) => NUMBERING_DESCRIPTIONS[m.numbering]);
  const said = defined.map((m) => `${m.name} in ${NUMBERING_DESCRIPTIONS[m.numbering]}`).join(', ');
  const none = undefinedIn.length ? `; ${undefinedIn.join(' and ')} ${undefinedIn.length === 1 ? 'has' : 'have'} no kind ${kind}` : '';
  return { meanings, note: `offload kind ${kind} of a version-1 binary is ${said}${none} (a version-1 file does not say which era wrote it)` };
}

/**
 * Where an offload kind that `numbering` does not define is defined, for a binary of `version`:
 * `sycl in LLVM 21+ (bitmask, …)`; undefined when `numbering` defines it, or no numbering does.
 */
export function offloadKindElsewhere(kind: number, version: number, numbering: OffloadKindNumbering): string | undefined {
  if (kind === 0 || KIND_NAMES[numbering].has(kind)) return undefined;
  const others = possibleNumberings(version).filter((n) => KIND_NAMES[n].has(kind));
  return others.length ? others.map((n) => `${offloadKindLabel(kind, n)} in ${NUMBERING_DESCRIPTIONS[n]}`).join(', ') : undefined;
}

/**
 * The offload kind of an entry in words, as {@link offloadKindEraText}, except that a version-1
 * entry whose image kind is 7 (SYCLBIN, which only intel/llvm's tools write: LLVM's ImageKind ends
 * at SPIR-V) is named in intel/llvm's numbering, the one its writer used, with what the chosen
 * era's llvm-objdump calls the number when that differs.
 */
export function offloadKindEntryText(kind: number, version: number, imageKind: number, numbering: OffloadKindNumbering): string {
  if (version >= 2 || imageKind !== IMAGE_KIND.syclbin) return offloadKindEraText(kind, version, numbering);
  const ours = offloadKindLabel(kind, 'intel');
  const theirs = offloadKindLabel(kind, numbering);
  return `${kind} (${ours}; intel/llvm's numbering, as image kind 7, SYCLBIN, is intel/llvm's${theirs !== ours ? `; ${NUMBERING_DESCRIPTIONS[numbering]} calls it ${theirs}` : ''})`;
}

/**
 * The numberings an OffloadBinary of `version` may use: a version-1 file does not say which era
 * wrote it (LLVM 19/20 sequential, intel/llvm's sequential, or LLVM 21+'s bitmask, all version 1);
 * versions 2 and 3 exist only in the bitmask era.
 */
export function possibleNumberings(version: number): readonly OffloadKindNumbering[] {
  return version >= 2 ? ['bitmask'] : (Object.keys(OFFLOAD_KIND_NUMBERINGS) as OffloadKindNumbering[]);
}

/** Offload kind `kind` is defined by some numbering a binary of `version` may use (0, none, is always defined). */
export function offloadKindKnown(kind: number, version: number): boolean {
  return kind === 0 || possibleNumberings(version).some((n) => KIND_NAMES[n].has(kind));
}

/** Entry flag bits (OffloadBinary.h `OffloadEntryFlags`): only bit 0 is defined. */
export const OFFLOAD_ENTRY_FLAGS = { OIF_None: 0, OIF_Metadata: 1 } as const;

/**
 * An offload kind number in words, as `inspect` and the web inspector show it: its name in the
 * numbering of the binary's version, which numbering that is, and what else the number may mean.
 */
export function offloadKindText(kind: number, version: number): string {
  const numbering = numberingForVersion(version);
  const ambiguity = offloadKindAmbiguity(kind, version);
  const elsewhere = ambiguity ? undefined : offloadKindElsewhere(kind, version, numbering);
  return `${kind} (${offloadKindLabel(kind, numbering)}, ${numberingFamily(numbering)} numbering)${ambiguity ? ` — ${ambiguity.note}` : elsewhere ? ` — ${elsewhere}` : ''}`;
}

/**
 * An offload kind number of a plain OffloadBinary in words, as `inspect` lists it: its name in the
 * numbering the reader follows (`numbering`: the chosen LLVM era's, formats/eras.ts numberingFor),
 * and, where the number means different kinds in different eras, that it is ambiguous.
 */
export function offloadKindEraText(kind: number, version: number, numbering: OffloadKindNumbering): string {
  const ambiguity = offloadKindAmbiguity(kind, version);
  const elsewhere = ambiguity ? undefined : offloadKindElsewhere(kind, version, numbering);
  return `${kind} (${offloadKindLabel(kind, numbering)})${ambiguity ? ` — ambiguous: ${ambiguity.note}` : elsewhere ? ` — ${elsewhere}` : ''}`;
}

/** Short names of the numberings, for one-line labels. */
const NUMBERING_SHORT: Readonly<Record<OffloadKindNumbering, string>> = {
  llvm19: 'LLVM 19/20',
  intel: 'intel/llvm',
  bitmask: 'LLVM 21+',
};

/**
 * The name an entry's offload-kind field carries in the span tree (annotate, the web inspector):
 * in a version-2/3 binary its bitmask name; in a version-1 binary with image kind 7 (SYCLBIN, only
 * intel/llvm writes it) its intel/llvm name; in any other version-1 binary the name every numbering
 * that defines the number agrees on, or each name with its numbering where they differ
 * (`sycl (intel/llvm) or hip (LLVM 21+)`): the file does not say which era wrote it. Undefined for a
 * number no numbering defines.
 */
export function offloadKindFieldName(kind: number, version: number, imageKind?: unknown): string | undefined {
  const numberings: readonly OffloadKindNumbering[] = version >= 2 ? ['bitmask'] : imageKind === IMAGE_KIND.syclbin ? ['intel'] : possibleNumberings(version);
  const byName = new Map<string, OffloadKindNumbering[]>();
  for (const n of numberings) {
    const name = KIND_NAMES[n].get(kind);
    if (name !== undefined) byName.set(name, [...(byName.get(name) ?? []), n]);
  }
  if (byName.size <= 1) return byName.keys().next().value;
  return [...byName].map(([name, ns]) => `${name} (${ns.map((n) => NUMBERING_SHORT[n]).join(', ')})`).join(' or ');
}

/** The name of an entry's flags (OffloadBinary.h `OffloadEntryFlags`); undefined for bits it does not define. */
export function offloadEntryFlagsName(flags: number): string | undefined {
  return flags === OFFLOAD_ENTRY_FLAGS.OIF_None ? 'OIF_None' : flags === OFFLOAD_ENTRY_FLAGS.OIF_Metadata ? 'OIF_Metadata' : undefined;
}

/** The name of a known image kind (`imageKindLabel` without the `unknown(N)` of other values). */
export function imageKindFieldName(kind: number): string | undefined {
  return IMAGE_KINDS[kind]?.label;
}
