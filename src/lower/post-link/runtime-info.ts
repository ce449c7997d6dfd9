/**
 * Properties of computeModuleProperties read off the IR (intel/llvm:llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp):
 * `[SYCL/kernel param opt]` and the `sycl-grf-size` and `optLevel` entries of `[SYCL/misc properties]`.
 *
 * `[SYCL/kernel param opt]` of `-emit-param-info`: for each function with an omitted-arguments
 * attachment, one bit per argument the front end emitted, set where dead argument elimination
 * removed it. Read from the IR as sycl-post-link reads it; nothing is optimised here:
 * - SYCLKernelParamOptInfoAnalysis::run (intel/llvm:llvm/tools/sycl-post-link/SYCLKernelParamOptInfo.cpp@18e9bde7):
 *   every function of the module with the attachment, its operands `ConstantInt`s (bit =
 *   `static_cast<unsigned>(getZExtValue()) != 0`);
 * - the `EmitKernelParamInfo` block of computeModuleProperties
 *   (intel/llvm:llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp@09168482): the set is created even
 *   when no function has bits, a function with none is skipped, and the value is a byte array of the
 *   BitVector's storage (argument i is bit i, least significant first) with the bit count as its size.
 * Two eras, told apart by the attachment's name: `!spir_kernel_omit_args` was read by the
 * SPIRKernelParamOptInfo of older sycl-post-link into a `std::map<StringRef, BitVector>`
 * (intel/llvm:llvm/tools/sycl-post-link/SPIRKernelParamOptInfo.h@36d4d367), so its properties come
 * sorted by name, as omit_kernel_args.ll@36d4d367 checks; `!sycl_kernel_omit_args` by today's, into a
 * `DenseMap<StringRef, BitVector>` (intel/llvm:llvm/include/llvm/SYCLLowerIR/SYCLKernelParamOptInfo.h@4d3ad52e),
 * so they come in that map's bucket order, computed with LLVM 19's `hash_value(StringRef)`
 * (src/offload/densemap-order.ts). LLVM replaced that hash with xxh3 in April 2026
 * (llvm/llvm-project#194567), which reorders the buckets of intel/llvm revisions that took it in;
 * the copied upstream test no longer checks the order.
 *
 * Portable: no Node APIs.
 */
import { LlvmStringDenseMap } from '../../offload/densemap-order.js';
import { byteArray, type PropertySet } from '../../props/model.js';
import { irErrorAt } from '../llvm-ir/parse/errors.js';
import type { LFunction, LModule } from '../llvm-ir/parse/model.js';
import { fnMd, mdOperands } from './image-requirements.js';
import { functionAttribute } from './split.js';
import { isSpirOrSpirvTriple } from './device-libs.js';

/**
 * `optLevel` of `[SYCL/misc properties]`: the `"sycl-optlevel"` of the first entry point whose value
 * reads as a decimal `int` (StringRef::getAsInteger(10, int): an optional `-`, digits, nothing else),
 * as computeModuleProperties takes it (intel/llvm:llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp@09168482:
 * the split has already separated kernels of different levels). Undefined when none has one, or
 * when that value is -1 (the loop's own "none").
 */
export function optLevelOf(m: LModule, entries: readonly LFunction[]): number | undefined {
  for (const f of entries) {
    const v = functionAttribute(m, f, 'sycl-optlevel');
    if (v === undefined || !/^-?[0-9]+$/.test(v)) continue;
    const n = Number(v);
    // The first that reads ends the search; -1 is the "none" value of the loop, so it writes nothing.
    if (n >= -(2 ** 31) && n < 2 ** 31 && Number.isSafeInteger(n)) return n === -1 ? undefined : n;
  }
  return undefined;
}

/**
 * A `uint32_t` entry of `[SYCL/misc properties]` taken from a function attribute: the value of
 * `key` on the first entry point that has it (any_of over the entry points,
 * ComputeModuleRuntimeInfo.cpp@46a4a43c and @09168482), read as a decimal `uint32_t`
 * (getAttributeAsInteger; a value that is not one stops LLVM with an assertion: an error here).
 * Undefined when no entry point has the attribute.
 */
function u32EntryAttribute(m: LModule, entries: readonly LFunction[], key: string): number | undefined {
  for (const f of entries) {
    const v = functionAttribute(m, f, key);
    if (v === undefined) continue;
    if (!/^[0-9]+$/.test(v) || Number(v) > 0xffffffff) {
      throw irErrorAt(m, f.headerFrom, `"${key}"="${v}" of @${f.name} is not a 32-bit unsigned number`);
    }
    return Number(v);
  }
  return undefined;
}

/** `sycl-grf-size` of `[SYCL/misc properties]` (see {@link u32EntryAttribute}). */
export function grfSizeOf(m: LModule, entries: readonly LFunction[]): number | undefined {
  return u32EntryAttribute(m, entries, 'sycl-grf-size');
}

/**
 * `sycl-register-alloc-mode` of `[SYCL/misc properties]` (see {@link u32EntryAttribute}), written
 * before `sycl-grf-size` by the sycl-post-link of the compilers that put the attribute on kernels
 * (ComputeModuleRuntimeInfo.cpp@46a4a43c; @09168482, whose compilers write `sycl-grf-size`
 * instead, no longer reads it).
 */
export function regAllocModeOf(m: LModule, entries: readonly LFunction[]): number | undefined {
  return u32EntryAttribute(m, entries, 'sycl-register-alloc-mode');
}

/** The attachments that carry the omitted-argument bits: current intel/llvm's, then the older name. */
export const OMIT_ARGS_METADATA = ['sycl_kernel_omit_args', 'spir_kernel_omit_args'] as const;

/**
 * The `[SYCL/kernel param opt]` set of an image whose module holds `functions` (in module order);
 * `name` gives a function's property key (its name as UTF-8 text).
 */
export function kernelParamOptInfo(m: LModule, functions: readonly LFunction[], name: (f: LFunction) => string): PropertySet {
  const found: { f: LFunction; kind: string }[] = [];
  for (const f of functions) {
    const kind = OMIT_ARGS_METADATA.find((k) => fnMd(f, k) !== undefined);
    if (kind !== undefined) found.push({ f, kind });
  }
  // The older name alone: that era's std::map, by name (StringRef's byte order: the names are byte strings here).
  const older = found.length > 0 && found.every((x) => x.kind === OMIT_ARGS_METADATA[1]);
  if (older) found.sort((x, y) => (x.f.name < y.f.name ? -1 : x.f.name > y.f.name ? 1 : 0));
  const map = new LlvmStringDenseMap<{ bits: boolean[] }>();
  const inOrder: [string, boolean[]][] = [];
  for (const { f, kind } of found) {
    const bits = mdOperands(m, fnMd(f, kind)!).map((op) => {
      // cast<ConstantAsMetadata> + cast<ConstantInt>: anything else stops LLVM with an assertion.
      if (op.k !== 'int') {
        throw irErrorAt(m, f.headerFrom, `!${kind} of @${f.name} must hold integer constants`);
      }
      // static_cast<unsigned>(getZExtValue()) != 0: zero-extended from its width, then cut to 32 bits.
      return BigInt.asUintN(32, BigInt.asUintN(op.bits, op.v)) !== 0n;
    });
    if (older) inOrder.push([name(f), bits]);
    else map.tryEmplace(name(f), { bits });
  }
  const set: PropertySet = new Map();
  for (const [key, bits] of older ? inOrder : map.entries().map(([k, v]): [string, boolean[]] => [k, v.bits])) {
    if (bits.length === 0) continue; // "Nothing to add"
    const bytes = new Uint8Array(Math.ceil(bits.length / 8));
    bits.forEach((b, i) => {
      if (b) bytes[i >> 3]! |= 1 << (i & 7);
    });
    set.set(key, byteArray(bytes, BigInt(bits.length)));
  }
  return set;
}

/**
 * `[SYCL/implicit local arg]`: getKernelNamesUsingImplicitLocalMem
 * (intel/llvm:llvm/lib/SYCLLowerIR/LowerWGLocalMemory.cpp, read by computeModuleProperties of
 * ComputeModuleRuntimeInfo.cpp@46a4a43c and @09168482): in a module with a SPIR or SPIR-V triple,
 * every function (module order) with the `spir_kernel` calling convention and the
 * `"sycl-work-group-static"` attribute, with the index of its first parameter that has the
 * `"sycl-implicit-local-arg"` attribute (the argument SYCLLowerWGLocalMemory appends), or -1 when
 * none has (not lowered to an implicit argument, or removed by dead-argument elimination); the
 * property stores the int as a uint32, so -1 is 4294967295.
 */
export function implicitLocalArgs(m: LModule, functions: readonly LFunction[]): [LFunction, number][] {
  if (!isSpirOrSpirvTriple(m.triple)) return [];
  const out: [LFunction, number][] = [];
  for (const f of functions) {
    if (f.cc !== 'spir_kernel' || functionAttribute(m, f, 'sycl-work-group-static') === undefined) continue;
    out.push([f, f.params.findIndex((p) => p.attrs.some((a) => a.key === 'sycl-implicit-local-arg'))]);
  }
  return out;
}
