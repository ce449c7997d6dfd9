/**
 * Semantic checks of a property-set registry: what the SYCL runtime would trip over, or what
 * sycl-post-link would never have written. Syntax errors are the reader's job (registry.ts); these
 * checks run on a registry that parsed.
 * Spec: docs/spec/lowering.md §1.C-§1.F (facts 11, 15, 19, 22-23, 30-31, 34-36), §3 questions 2-4;
 * syclbin-format.md §3 (SYCLBIN metadata sets).
 */
import { SYCLBIN_KEYS } from '../../formats/property-sets.js';
import { SpecConstantDescriptor } from '../../formats/property-records.js';
import type { PropertySetRegistry } from './model.js';
import type { RegistryRepeat } from './registry.js';
import { printable } from './explain.js';
import { decodeTypedRegistry, isPadding, SET, walkSpecConstants, type SpecConstDescriptor, type TypedSet } from './typed/index.js';

/** How bad a finding is. */
export type Severity = 'error' | 'warning' | 'note';

/** A finding of the property-set checks, with its set and key. */
export interface PropDiagnostic {
  /** How bad it is. */
  severity: Severity;
  /** Set name. */
  set: string;
  /** Property key, when the finding is about one property. */
  key?: string;
  /** Byte offset in the value payload (after the 8-byte bit count). */
  offset?: number;
  /** What was found, for people. */
  message: string;
}

const DESCRIPTOR_SIZE = SpecConstantDescriptor.fixedSize!;

/**
 * LLVM keeps sets and keys in a DenseMap whose tombstone key is "_" (and empty key "", which the
 * reader already rejects): PropertySetKeyInfo in intel/llvm llvm/include/llvm/Support/PropertySetIO.h
 * @004f15c4. Inserting "_" is undefined behaviour there, so such a registry cannot round-trip LLVM.
 */
const LLVM_TOMBSTONE_KEY = '_';
const TOMBSTONE_MESSAGE = (what: string): string =>
  `"_" as a ${what} is LLVM's DenseMap tombstone key (PropertySetKeyInfo): LLVM tools cannot store it`;

/** Run every check; diagnostics come in registry order, then cross-set findings. */
export function checkRegistry(registry: PropertySetRegistry): PropDiagnostic[] {
  return checkTypedSets(decodeTypedRegistry(registry));
}

/** {@link checkRegistry} on sets already decoded with `decodeTypedRegistry`. */
export function checkTypedSets(sets: readonly TypedSet[]): PropDiagnostic[] {
  const out: PropDiagnostic[] = [];
  for (const s of sets) {
    if (!s.known) out.push({ severity: 'note', set: s.name, message: 'unknown property set; values kept raw' });
    if (s.name === LLVM_TOMBSTONE_KEY) out.push({ severity: 'warning', set: s.name, message: TOMBSTONE_MESSAGE('set name') });
    for (const p of s.properties) {
      if (p.key === LLVM_TOMBSTONE_KEY) out.push({ severity: 'warning', set: s.name, key: p.key, message: TOMBSTONE_MESSAGE('key') });
      for (const pr of p.problems) {
        const d: PropDiagnostic = { severity: pr.severity, set: s.name, key: p.key, message: pr.message };
        if (pr.offset !== undefined) d.offset = pr.offset;
        out.push(d);
      }
      if (s.known && !p.rule) out.push({ severity: 'note', set: s.name, key: p.key, message: 'unknown key in a known set; value kept raw' });
    }
  }
  checkSpecConstants(sets, out);
  checkDeviceGlobals(sets, out);
  checkDeviceRequirements(sets, out);
  checkSyclbinMetadata(sets, out);
  return out;
}

function findSet(sets: readonly TypedSet[], name: string): TypedSet | undefined {
  return sets.find((s) => s.name === name);
}

function checkSpecConstants(sets: readonly TypedSet[], out: PropDiagnostic[]): void {
  const descSet = findSet(sets, SET.SPEC_CONSTANTS);
  const defSet = findSet(sets, SET.SPEC_CONSTANTS_DEFAULT_VALUES);
  if (defSet) {
    for (const p of defSet.properties) {
      if (p.key !== 'all') {
        out.push({
          severity: 'warning',
          set: defSet.name,
          key: p.key,
          message: "the runtime reads the first property of this set as the blob; sycl-post-link writes only the key 'all'",
        });
      }
    }
  }
  if (!descSet) {
    if (defSet && defSet.properties.length) out.push({ severity: 'warning', set: defSet.name, message: `default values without a [${SET.SPEC_CONSTANTS}] set` });
    return;
  }
  const lists: [string, SpecConstDescriptor[]][] = [];
  const ownerOfId = new Map<number, string>();
  for (const p of descSet.properties) {
    if (p.typed?.kind !== 'spec-const-descriptors') {
      // (its own problem is reported with its value) The runtime walk needs every constant's
      // descriptors: say that the set-wide checks did not run, rather than pass them silently.
      out.push({ severity: 'note', set: descSet.name, key: p.key, message: 'its descriptors do not decode: the checks across the set (IDs used twice, overlaps, the default blob size) are not made' });
      return;
    }
    const ds = p.typed.descriptors;
    lists.push([p.key, ds]);
    if (ds.length === 0) out.push({ severity: 'warning', set: descSet.name, key: p.key, message: 'spec constant has no descriptors' });
    ds.forEach((d, i) => {
      const at = i * DESCRIPTOR_SIZE;
      if (d.size === 0) {
        out.push({ severity: 'warning', set: descSet.name, key: p.key, offset: at + SpecConstantDescriptor.offsets.size, message: `descriptor ${i} has size 0` });
      }
      if (isPadding(d)) return;
      const owner = ownerOfId.get(d.id);
      if (owner !== undefined) {
        out.push({
          severity: 'error',
          set: descSet.name,
          key: p.key,
          offset: at + SpecConstantDescriptor.offsets.id,
          message: `descriptor ${i}: id ${d.id} is already used by ${owner === p.key ? 'an earlier descriptor of this constant' : `'${owner}'`}`,
        });
      } else ownerOfId.set(d.id, p.key);
    });
  }
  const walk = walkSpecConstants(lists);
  for (const issue of walk.issues) {
    out.push({
      severity: 'error',
      set: descSet.name,
      key: issue.symbolicId,
      offset: issue.index * DESCRIPTOR_SIZE + SpecConstantDescriptor.offsets.offset,
      message: issue.message,
    });
  }
  const all = defSet?.properties.find((p) => p.key === 'all') ?? defSet?.properties[0];
  if (!all) {
    // Older sycl-post-link emitted defaults only in emulation mode (lowering.md §3 question 2).
    if (lists.length) out.push({ severity: 'note', set: descSet.name, message: `no [${SET.SPEC_CONSTANTS_DEFAULT_VALUES}] 'all' blob (older native-mode output, or it was dropped)` });
    return;
  }
  if (all.value.type !== 2) return; // reported as a type problem
  const blobSize = all.value.bytes.length;
  // Where the typed view split 'all' (src/props/typed/index.ts attachDefaultSplit), it carries this
  // finding with its value already: said once.
  const split = all.key === 'all' && all.typed?.kind === 'spec-const-defaults' && all.typed.constants !== undefined;
  if (walk.total !== blobSize && !split) {
    out.push({
      severity: 'error',
      set: defSet!.name,
      key: all.key,
      offset: Math.min(walk.total, blobSize),
      message: `descriptors cover ${walk.total} byte(s) of the default blob (runtime walk), but '${all.key}' holds ${blobSize} byte(s)`,
    });
  }
}

function checkDeviceGlobals(sets: readonly TypedSet[], out: PropDiagnostic[]): void {
  const s = findSet(sets, SET.DEVICE_GLOBALS);
  if (!s) return;
  // An empty set is never written (lowering.md fact 36).
  if (s.properties.length === 0) out.push({ severity: 'warning', set: s.name, message: 'empty device-globals set (sycl-post-link never writes an empty header)' });
  for (const p of s.properties) {
    if (p.typed?.kind === 'device-global' && p.typed.size === 0) {
      out.push({ severity: 'warning', set: s.name, key: p.key, offset: 0, message: 'device global of size 0' });
    }
  }
}

function checkDeviceRequirements(sets: readonly TypedSet[], out: PropDiagnostic[]): void {
  const s = findSet(sets, SET.DEVICE_REQUIREMENTS);
  if (!s) return;
  for (const p of s.properties) {
    const t = p.typed;
    if (p.key === 'aspects' && t?.kind === 'aspects') {
      // Written from a std::set: ascending, no duplicates (lowering.md fact 11).
      for (let i = 1; i < t.aspects.length; i++) {
        if (t.aspects[i]!.value <= t.aspects[i - 1]!.value) {
          out.push({ severity: 'warning', set: s.name, key: p.key, offset: i * 4, message: 'aspects are not in ascending order without duplicates (sycl-post-link writes a sorted set)' });
          break;
        }
      }
    }
    if (t?.kind === 'u64-array' || t?.kind === 'u32-array') {
      if (t.values.length < 1 || t.values.length > 3) {
        out.push({ severity: 'warning', set: s.name, key: p.key, message: `work-group size has ${t.values.length} dimension(s), expected 1 to 3` });
      }
    }
    if (p.key === 'work_group_num_dim' && t?.kind === 'uint32' && (t.value < 1 || t.value > 3)) {
      out.push({ severity: 'warning', set: s.name, key: p.key, message: `work_group_num_dim is ${t.value}, expected 1 to 3` });
    }
  }
}

function checkSyclbinMetadata(sets: readonly TypedSet[], out: PropDiagnostic[]): void {
  const g = findSet(sets, SET.SYCLBIN_GLOBAL_METADATA);
  // Runtime message: "SYCLBIN global metadata missing 'state'." (syclbin-format.md §5)
  if (g && !g.properties.some((p) => p.key === 'state')) out.push({ severity: 'error', set: g.name, message: "SYCLBIN global metadata missing 'state'" });
  // What the runtime reads of them (intel/llvm sycl/source/detail/syclbin.cpp, SYCLBINBinaries): an
  // IR module is taken as SPIR-V for spir64 whatever its 'type' and 'target' say; a native image's
  // 'target' picks the devices it runs on (without it, none); its 'arch' is informational. Writers
  // (llvm/lib/Object/SYCLBIN.cpp, the runtime's own) write all of them.
  const ir = findSet(sets, SET.SYCLBIN_IR_MODULE_METADATA);
  for (const key of [SYCLBIN_KEYS.type, SYCLBIN_KEYS.target]) {
    if (ir && !ir.properties.some((p) => p.key === key)) out.push({ severity: 'note', set: ir.name, message: `IR module metadata without '${key}' (writers write it; the SYCL runtime does not read it: it takes an IR module as SPIR-V for spir64)` });
  }
  const nat = findSet(sets, SET.SYCLBIN_NATIVE_METADATA);
  if (nat && !nat.properties.some((p) => p.key === SYCLBIN_KEYS.target)) out.push({ severity: 'warning', set: nat.name, message: "native image metadata without 'target': the SYCL runtime matches the image to devices by it, and without it to none" });
  if (nat && !nat.properties.some((p) => p.key === SYCLBIN_KEYS.arch)) out.push({ severity: 'note', set: nat.name, message: "native image metadata without 'arch' (writers write it; the SYCL runtime does not read it)" });
}

/**
 * What LLVM's reader folds together (docs/spec/README.md rule 2: a set named again continues the
 * first one, a key given again overwrites its value at the first one's place), as warnings: the lines
 * `readRegistry` reports through its `repeats` option. `syclbin props --check` and `verify` say it alike.
 */
export function repeatDiagnostics(repeats: readonly RegistryRepeat[]): PropDiagnostic[] {
  return repeatGroups(repeats).map(({ first: r, count }) => {
    const lines = count > 1 ? `line ${r.line} (and ${count - 1} more line(s))` : `line ${r.line}`;
    return {
      severity: 'warning',
      set: r.set,
      ...(r.key === undefined ? {} : { key: r.key }),
      message:
        r.kind === 'set'
          ? `${lines}: the set is named again: LLVM's PropertySetRegistry::read adds what follows to the first [${printable(r.set)}]`
          : `${lines}: the key is given again in its set: LLVM's PropertySetRegistry::read keeps this last value, at the first one's place`,
    };
  });
}

/**
 * The repeats of one set name, or of one key in its set, as one group each (its first repeat and how
 * many there are), in the order of their first repeats: what {@link repeatDiagnostics} says, one
 * diagnostic per group (a key given 1,000,000 times was 1,000,000 warnings, 159 MB).
 */
export function repeatGroups(repeats: readonly RegistryRepeat[]): { first: RegistryRepeat; count: number }[] {
  const groups = new Map<string, { first: RegistryRepeat; count: number }>();
  for (const r of repeats) {
    const id = r.kind === 'set' ? `s\u0000${r.set}` : `k\u0000${r.set}\u0000${r.key ?? ''}`;
    const g = groups.get(id);
    if (g) g.count++;
    else groups.set(id, { first: r, count: 1 });
  }
  return [...groups.values()];
}

/** True when any diagnostic is an error. */
export function hasErrors(diags: readonly PropDiagnostic[]): boolean {
  return diags.some((d) => d.severity === 'error');
}
