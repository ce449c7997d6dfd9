/**
 * Specialization constants → IDs, descriptors and default-value blob, a port of SpecConstantsPass
 * (intel/llvm llvm/lib/SYCLLowerIR/SpecConstants.cpp @08fde7a7; spec lowering.md §1.D facts 14–29).
 *
 * Native mode (`-spec-const=native`, SPIR-V JIT):
 *   - IDs: a counter starting at 0; each new constant takes consecutive IDs in a depth-first walk
 *     of its type (emitSpecConstantRecursiveImpl). Which elements are "defined" is decided by
 *     collectDefinedElements: the scalar leaves of the default value keyed by their byte offset
 *     (array/vector elements at *alloc-size* stride); an aggregate element whose offset has no
 *     defined leaf is passed as `undef` and consumes exactly one ID (fact 17, 29).
 *   - Upstream quirk replicated: the very first ID-consuming element reuses the pre-pushed
 *     `{NextID, Undef=false}` entry, so if it is undef it is *not* marked undef (see
 *     {@link assignNativeIds}).
 *   - Descriptors (collectCompositeElementsInfoRecursive, facts 18–19): `{ID, Offset, StoreSize}` per
 *     defined scalar leaf; struct members at `base + StructLayout offset`; array/vector elements back
 *     to back by what each consumed (store size — the §3 item 7 quirk); after every struct with
 *     tail padding `{0xFFFFFFFF, end, structSize - (end - base)}`.
 * Emulation mode (`-spec-const=emulation`, AOT/PTX/AMDGCN, facts 21–22): one ID per constant, one
 *   descriptor `{ID, 0, StoreSize}`; constants placed at offsets aligned to their ABI alignment; the
 *   alignment gap is described by `{0xFFFFFFFF, prevSize, pad}` appended to the *previous*
 *   constant and filled with zeros in the default blob.
 * Default blob (fact 23–24): concatenation of the constants' default bytes in first-encounter
 *   (= manifest) order, see {@link encodeDefaultValue}.
 *
 * Explicit SpecIds (`specId`, HLSL `[[vk::constant_id(N)]]`, seed 002): scalar constants only; the
 * constant's single leaf gets SpecId N and does not advance the sequential counter; any ID used
 * twice (pinned vs pinned, or pinned vs a sequential ID, undef-consumed IDs included) is an error.
 */
import { LowerError } from './errors.js';
import type { DataLayout } from './datalayout.js';
import { isScalar, sameStructure, typeToString, type AggregateType, type IrType, type ScalarType } from './types.js';
import { ByteBuilder } from '../codec/bytes.js';
import {
  aggregateElement,
  encodeDefaultValue,
  hasStoreAllocQuirk,
  type ConstValue,
  type ScalarConst,
} from './values.js';

/** `std::numeric_limits<unsigned>::max()`: the ID of padding descriptors, skipped by the runtime. */
export const PADDING_ID = 0xffffffff;

/** sycl-post-link `-spec-const` mode: `native` (SPIR-V JIT) or `emulation` (AOT/PTX/AMDGCN); see the module comment. */
export type SpecConstMode = 'native' | 'emulation';

/** One 12-byte `SpecConstantDescriptor {uint32 ID; uint32 Offset; uint32 Size}` (fact 15). */
export interface SpecConstantDescriptor {
  /** Spec-constant ID (PADDING_ID for padding). */
  readonly id: number;
  /** Offset relative to the start of the constant's value. */
  readonly offset: number;
  /** Size in bytes. */
  readonly size: number;
}

/** An entry of SpecConstantsPass's per-constant ID list (`struct ID {unsigned ID; bool Undef;}`). */
export interface IdEntry {
  /** The ID. */
  readonly id: number;
  /** The element was passed as `undef` (its ID is consumed but never decorated). */
  readonly undef: boolean;
}

/**
 * The SPIR-V view of one native-mode constant: exactly the `__spirv_SpecConstant` (scalar) and
 * `__spirv_SpecConstantComposite` (aggregate) calls SpecConstantsPass emits, in emission order.
 *   - `scalar`: `OpSpecConstant{,True,False}` with `SpecId id` and the default literal.
 *   - `undef`: the element is passed to the enclosing composite as `undef` (OpUndef); its `id` was
 *     consumed but is never decorated.
 *   - `composite`: `OpSpecConstantComposite` of the element nodes.
 */
export type SpecConstantNode =
  | { readonly kind: 'scalar'; readonly type: ScalarType; readonly id: number; readonly default: ScalarConst }
  | { readonly kind: 'undef'; readonly type: IrType; readonly id: number }
  | { readonly kind: 'composite'; readonly type: AggregateType; readonly elements: readonly SpecConstantNode[] };

/** A specialization constant to lower (from the manifest or read from IR). */
export interface SpecConstantInput {
  /** Symbolic ID (property key). */
  readonly name: string;
  /** Its type. */
  readonly type: IrType;
  /** Its default value. */
  readonly default: ConstValue;
  /** Explicit SpecId (vk::constant_id), native mode, scalars only. */
  readonly specId?: number;
  /** JSON path of the manifest entry, for errors. */
  readonly path?: readonly (string | number)[];
  /** How a message about another entry names this one (default: `at specConstants[i]`; from IR: `first used at line 8, column 3`). */
  readonly label?: string;
}

/** Where an emulation-mode constant sits in the emulation buffer. */
export interface EmulationPlacement {
  /** Byte offset of the constant in the emulation buffer (what the kernel's GEP uses). */
  readonly offset: number;
  /** getTypeStoreSize(type): how far NextOffset advances. */
  readonly size: number;
  /** getABITypeAlign(type). */
  readonly align: number;
  /** Zero bytes inserted before this constant (described on the previous constant). */
  readonly paddingBefore: number;
}

/** One constant lowered: IDs, descriptors, default bytes, and the SPIR-V tree or emulation placement. */
export interface LoweredSpecConstant {
  /** Symbolic ID (property key). */
  readonly name: string;
  /** Its type. */
  readonly type: IrType;
  /** Its default value. */
  readonly default: ConstValue;
  /** JSON path of the manifest entry (`specConstants[i]` when the input gave none), for errors. */
  readonly path: readonly (string | number)[];
  /** Upstream ID list (native: one per scalar leaf or undef element; emulation: one). */
  readonly ids: readonly IdEntry[];
  /** Descriptor list written as the property value (padding descriptors included). */
  readonly descriptors: readonly SpecConstantDescriptor[];
  /** This constant's bytes in the default blob (without inter-constant padding). */
  readonly defaultBytes: Uint8Array;
  /** Where `defaultBytes` start in the `all` blob. */
  readonly blobOffset: number;
  /** True when `specId` pinned the ID. */
  readonly explicitSpecId: boolean;
  /** Native mode: the SPIR-V spec-constant tree (may be built on each access: read it once). */
  readonly tree?: SpecConstantNode;
  /**
   * Native mode: build the tree as {@link tree} does, calling `check` on each composite before any
   * of its elements is built (an output that cannot hold a composite refuses it before the work).
   */
  buildTree?(check: CompositeCheck): SpecConstantNode;
  /** Emulation mode: the buffer placement. */
  readonly emulation?: EmulationPlacement;
}

/** The result of lowering all spec constants of a module. */
export interface SpecConstantsLowering {
  /** Mode lowered for. */
  readonly mode: SpecConstMode;
  /** Constants in first-encounter (manifest) order. */
  readonly constants: readonly LoweredSpecConstant[];
  /** Value of `[SYCL/specialization constants default values] all`. */
  readonly defaultBlob: Uint8Array;
  /** Native: NextID after the last constant; emulation: number of constants. */
  readonly nextId: number;
  /** Emulation: NextOffset after the last constant (size of the buffer the kernels index). */
  readonly bufferSize: number;
  /** Cases where the output replicates a known upstream quirk (spec §3 item 7), human readable. */
  readonly warnings: readonly string[];
  /** {@link warnings} with the path of the constant each is about (a manifest entry, or the IR call). */
  readonly locatedWarnings: readonly LocatedWarning[];
}

/** A warning and the path of what it is about (`specConstants[2]`; from IR: the call's `line L:C (byte B)`). */
export interface LocatedWarning {
  /** The text, as in `warnings`. */
  readonly message: string;
  /** The path of the constant. */
  readonly path: readonly (string | number)[];
}

/** Placeholder until the blob is complete. */
const NO_BYTES = new Uint8Array(0);

/** Upper bound on IDs per constant, so a pathological `[4294967295 x i8]` cannot hang the tool. */
export const MAX_LEAVES_PER_CONSTANT = 1 << 20;

/**
 * Upper bounds for one lowering, all constants together: the SPIR-V IDs of native mode and the bytes
 * of the default values (each constant's alloc size: its slice of the "all" blob, and its emulation
 * buffer). A kilobyte of IR can declare a `[1000000000 x i32]` constant, or many constants of the
 * per-constant maximum; without a budget the outputs (property text, IR, JSON) would take gigabytes
 * before failing. sycl-post-link has no such limit; real spec constants take bytes to kilobytes.
 */
export const MAX_IDS_PER_LOWERING = 1 << 20;
/** See {@link MAX_IDS_PER_LOWERING}. */
export const MAX_DEFAULT_VALUE_BYTES = 64 << 20;
/**
 * Upper bound on the type nodes (scalars, aggregates, their elements) of the spec constants of one
 * lowering, expanded (native mode walks each value's tree several times): zero-sized elements (`[4294967295 x {}]`, a DAG of empty structs
 * naming each other twice) take no ID and no byte, so neither limit above bounds them, and a
 * kilobyte of valid IR would otherwise keep the tool busy for hours (or make sycl-post-link's
 * rewrite write a composite per element until memory runs out).
 */
export const MAX_NODES_PER_LOWERING = 1 << 22;

/** What the native walks of one lowering may still visit (see {@link MAX_NODES_PER_LOWERING}). */
export class NodeBudget {
  private used = 0;
  constructor(private readonly limit = MAX_NODES_PER_LOWERING) {}
  /** `n` more nodes to visit (a type's expanded node count): a LIMIT error past the budget. */
  charge(n: number): void {
    this.used += n;
    if (this.used > this.limit) {
      throw new LowerError(
        `the types of the spec constants up to this one have ${this.used > Number.MAX_SAFE_INTEGER ? 'more than 2^53' : this.used} nodes to walk (every struct, array and vector element and each of their elements, zero-sized ones such as those of [4294967295 x {}] included), more than the ${this.limit} this tool walks in one module (a limit of this tool: sycl-post-link has none)`,
        [],
        'LIMIT',
      );
    }
  }
}

/**
 * The nodes of `t` expanded (itself, its struct fields and every array or vector element, recursively):
 * what a walk over a value of the type visits at most. Computed over the type's description
 * (memoized per type object), never by expanding it: `[4294967295 x {}]` is 4294967296 at once.
 * The nesting of types is bounded by their readers (256 levels).
 */
export function typeNodes(t: IrType, memo = new Map<IrType, number>()): number {
  let n = memo.get(t);
  if (n !== undefined) return n;
  if (t.kind === 'struct') {
    n = 1;
    for (const e of t.elements) n += typeNodes(e, memo);
  } else if (t.kind === 'array' || t.kind === 'vector') n = 1 + t.length * typeNodes(t.element, memo);
  else n = 1;
  memo.set(t, n);
  return n;
}

// ------------------------------------------------------------------------------------------------
// Native mode

/** The defined scalar leaves of a default value: byte offsets (ascending) and the leaves. */
interface DefinedElements {
  readonly offsets: number[];
  readonly values: ScalarConst[];
}

/** collectDefinedElements: (offset, scalar) for every defined leaf, array/vector at alloc stride. */
function collectDefinedElements(c: ConstValue, dl: DataLayout, at: number, out: DefinedElements): void {
  if (c.kind === 'undef') return;
  const t = c.type;
  if (c.kind === 'int' || c.kind === 'fp') {
    if (out.offsets.length >= MAX_LEAVES_PER_CONSTANT) throw new LowerError(`more than ${MAX_LEAVES_PER_CONSTANT} scalar leaves in one spec constant`, [], 'LIMIT');
    out.offsets.push(at);
    out.values.push(c);
    return;
  }
  if (t.kind === 'struct') {
    const sl = dl.structLayout(t);
    for (let i = 0; i < t.elements.length; i++) collectDefinedElements(aggregateElement(c, i), dl, at + sl.offsets[i]!, out);
  } else if (t.kind === 'array' || t.kind === 'vector') {
    const stride = dl.allocSize(t.element);
    for (let i = 0; i < t.length; i++) collectDefinedElements(aggregateElement(c, i), dl, at + i * stride, out);
  }
}

/** Index of the first defined leaf at or after `offset` (llvm::lower_bound). */
function lowerBound(offsets: readonly number[], offset: number): number {
  let lo = 0;
  let hi = offsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Native ID assignment for a *new* constant starting at `firstId`: a port of
 * emitSpecConstantRecursive / emitSpecConstantRecursiveImpl. Returns the ID list (whose length is
 * what NextID advances by) and the spec-constant tree.
 *
 * Replicated quirk: the list starts as `[{firstId, Undef: false}]` and entries are appended only
 * when `Index >= IDs.size()`, so the first ID-consuming element uses the pre-pushed entry even when
 * it is undef, leaving it marked defined. A constant with no leaves at all (`{}`, `[0 x i32]`)
 * still consumes that one ID.
 */
export function assignNativeIds(type: IrType, dflt: ConstValue, firstId: number, dl: DataLayout, check?: CompositeCheck, budget = new NodeBudget()): { ids: IdEntry[]; tree: SpecConstantNode } {
  return nativeIds(type, dflt, firstId, dl, true, budget, check) as { ids: IdEntry[]; tree: SpecConstantNode };
}

/**
 * Called for each composite node of a spec-constant tree before its elements are built: an output
 * with a limit on composites (SPIR-V: vector widths, constituents per instruction) throws here, so a
 * constant it cannot hold is refused before a million-leaf tree is built for nothing.
 */
export type CompositeCheck = (type: AggregateType) => void;

/** {@link assignNativeIds}; without `withTree` only the IDs (no node is built). */
function nativeIds(type: IrType, dflt: ConstValue, firstId: number, dl: DataLayout, withTree: boolean, budget: NodeBudget, check?: CompositeCheck): { ids: IdEntry[]; tree: SpecConstantNode | undefined } {
  // Every walk below (and nativeDescriptors') visits at most the nodes of the type expanded: charged
  // before any of them starts, so a zero-sized [4294967295 x {}] fails at once instead of looping.
  // collectDefinedElements walks the default, whose type need not be the constant's: IR reads the
  // default from the specialization_id's element 0 and the type from the call, as SpecConstantsPass
  // does (intel/llvm:llvm/lib/SYCLLowerIR/SpecConstants.cpp, collectDefinedElements(DefaultValue)), so
  // an i32 call with a `[4294967295 x [4294967295 x {}]]` default walked it element by element.
  // (the larger of the two: the charge of a default of the constant's own type is unchanged)
  const memo = new Map<IrType, number>();
  budget.charge(Math.max(typeNodes(type, memo), dflt.type === type ? 0 : typeNodes(dflt.type, memo)));
  const defined: DefinedElements = { offsets: [], values: [] };
  collectDefinedElements(dflt, dl, 0, defined);
  const ids: IdEntry[] = [{ id: firstId, undef: false }];
  let index = 0;
  const take = (undef: boolean): number => {
    if (index >= ids.length) {
      if (ids.length >= MAX_LEAVES_PER_CONSTANT) throw new LowerError(`more than ${MAX_LEAVES_PER_CONSTANT} IDs in one spec constant`, [], 'LIMIT');
      ids.push({ id: ids[ids.length - 1]!.id + 1, undef });
    }
    return ids[index++]!.id;
  };
  const emit = (ty: IrType, cur: number): SpecConstantNode => {
    if (isScalar(ty)) {
      const i = lowerBound(defined.offsets, cur);
      if (i >= defined.offsets.length || defined.offsets[i] !== cur) throw new LowerError('a scalar spec constant needs a defined default value', []);
      const id = take(false);
      return withTree ? { kind: 'scalar', type: ty, id, default: defined.values[i]! } : NO_NODE;
    }
    check?.(ty as AggregateType);
    const elements: SpecConstantNode[] = [];
    const visit = (elTy: IrType, local: number): void => {
      const elOff = cur + local;
      const i = lowerBound(defined.offsets, elOff);
      let node: SpecConstantNode;
      if (i >= defined.offsets.length || defined.offsets[i] !== elOff) {
        const id = take(true);
        node = withTree ? { kind: 'undef', type: elTy, id } : NO_NODE;
      } else node = emit(elTy, elOff);
      if (withTree) elements.push(node);
    };
    if (ty.kind === 'struct') {
      const sl = dl.structLayout(ty);
      for (let i = 0; i < ty.elements.length; i++) visit(ty.elements[i]!, sl.offsets[i]!);
    } else {
      const stride = dl.allocSize(ty.element);
      for (let i = 0; i < ty.length; i++) visit(ty.element, i * stride);
    }
    return withTree ? { kind: 'composite', type: ty, elements } : NO_NODE;
  };
  const tree = emit(type, 0);
  return { ids, tree: withTree ? tree : undefined };
}

/** What the ID walk returns for a node when no tree is built. */
const NO_NODE: SpecConstantNode = { kind: 'undef', type: { kind: 'int', bits: 8 }, id: -1 };

/**
 * A native-mode constant whose SPIR-V tree is built when asked for (property sets need only the IDs
 * and descriptors; the tree is for the IR pass and SPIR-V output, which read it once per constant),
 * and not kept: a module's thousands of trees then never outlive their use. The tree is a
 * prototype getter: a spread copy (`{ ...c }`) does not carry it.
 */
class NativeConstant implements LoweredSpecConstant {
  defaultBytes: Uint8Array = NO_BYTES;
  readonly default: ConstValue;

  constructor(
    readonly name: string,
    readonly type: IrType,
    dflt: ConstValue,
    readonly path: readonly (string | number)[],
    readonly ids: readonly IdEntry[],
    readonly descriptors: readonly SpecConstantDescriptor[],
    readonly blobOffset: number,
    readonly explicitSpecId: boolean,
    private readonly dl: DataLayout,
  ) {
    this.default = dflt;
  }

  get tree(): SpecConstantNode {
    return assignNativeIds(this.type, this.default, this.ids[0]!.id, this.dl).tree;
  }

  buildTree(check: CompositeCheck): SpecConstantNode {
    return assignNativeIds(this.type, this.default, this.ids[0]!.id, this.dl, check).tree;
  }
}

/**
 * Native descriptors: a port of collectCompositeElementsInfoRecursive (facts 18–19). Reading past
 * the ID list is undefined behaviour upstream; it only happens here for zero-sized trailing
 * elements (harmless: nothing is emitted either way) or after the first-element-undef quirk on an
 * aggregate, which is reported as an error.
 */
export function nativeDescriptors(type: IrType, ids: readonly IdEntry[], dl: DataLayout): SpecConstantDescriptor[] {
  const out: SpecConstantDescriptor[] = [];
  let it = 0;
  const walk = (ty: IrType, off: { v: number }): void => {
    const entry = ids[it];
    if (entry?.undef) {
      it++;
      return;
    }
    if (ty.kind === 'array' || ty.kind === 'vector') {
      for (let i = 0; i < ty.length; i++) walk(ty.element, off);
      return;
    }
    if (ty.kind === 'struct') {
      const sl = dl.structLayout(ty);
      const base = off.v;
      const local = { v: off.v };
      ty.elements.forEach((e, i) => {
        local.v = off.v + sl.offsets[i]!;
        walk(e, local);
      });
      const pad = base + sl.size - local.v;
      if (pad !== 0) out.push({ id: PADDING_ID, offset: local.v >>> 0, size: pad >>> 0 });
      off.v += sl.size;
      return;
    }
    if (!entry) {
      throw new LowerError(
        'sycl-post-link would read past the end of its ID list for this constant (undefined behaviour: its first element is an undef aggregate, see SpecConstants.cpp HandleUndef); give the first element a defined value',
        [],
      );
    }
    const size = dl.storeSize(ty);
    out.push({ id: entry.id, offset: off.v, size });
    it++;
    off.v += size;
  };
  walk(type, { v: 0 });
  return out;
}

// ------------------------------------------------------------------------------------------------

function checkU32(n: number, what: string, path: readonly (string | number)[]): void {
  if (n > 0xffffffff) throw new LowerError(`${what} ${n} does not fit in the 32-bit descriptor field`, path, 'LIMIT');
}

/**
 * Lowers all spec constants of a manifest in the given (first-encounter) order.
 * Errors carry the JSON path of the constant (`path` of each input).
 */
export function lowerSpecConstants(allInputs: readonly SpecConstantInput[], mode: SpecConstMode, dl: DataLayout): SpecConstantsLowering {
  // A constant used several times is listed at each use; later uses reuse the first one's IDs and
  // offset (SpecConstantsPass IDMap / OffsetMap keyed by the symbolic ID), so only the first counts.
  const seen = new Map<string, number>();
  const inputs: SpecConstantInput[] = [];
  allInputs.forEach((sc, i) => {
    const path = sc.path ?? ['specConstants', i];
    const prev = seen.get(sc.name);
    if (prev !== undefined) {
      const first = allInputs[prev]!;
      // (structurally equal types with other struct names are one constant: upstream reuses the IDs
      // and offset whatever the later call's type, and llvm-link names one C++ type %T and %T.0)
      if (!sameStructure(first.type, sc.type)) {
        throw new LowerError(`spec constant "${sc.name}" is used with type ${typeToString(sc.type)} but first with ${typeToString(first.type)} (${first.label ?? `at specConstants[${prev}]`})`, [...path, 'type']);
      }
      if (first.specId !== sc.specId) throw new LowerError(`spec constant "${sc.name}" is used with a different specId than ${first.label ?? `at specConstants[${prev}]`}`, [...path, 'specId']);
      return;
    }
    seen.set(sc.name, i);
    inputs.push(sc.path ? sc : { ...sc, path });
    if (sc.default.kind === 'undef') throw new LowerError('the default value of a spec constant cannot be undef (null)', [...path, 'default']);
    if (sc.specId !== undefined) {
      if (mode !== 'native') throw new LowerError('specId (vk::constant_id) needs mode "native": emulated constants have no SPIR-V SpecId', [...path, 'specId']);
      if (!isScalar(sc.type)) throw new LowerError(`specId (vk::constant_id) applies to scalar constants only, not ${typeToString(sc.type)}`, [...path, 'specId']);
      if (!Number.isInteger(sc.specId) || sc.specId < 0 || sc.specId >= PADDING_ID) {
        throw new LowerError(`specId must be an integer in 0..4294967294 (4294967295 marks padding), got ${sc.specId}`, [...path, 'specId']);
      }
    }
  });

  // The budget of default-value bytes, checked before anything is built (alloc sizes come from types).
  let defaultBytes = 0;
  inputs.forEach((sc, i) => {
    let largerDefault = false;
    try {
      // The blob holds the default as encoded (its own type's bytes): for IR, the specialization_id's
      // element 0, whose type may be larger than the call's (an i32 call with a [100000000 x i32]
      // default wrote 400 MB before any limit was met).
      const own = dl.allocSize(sc.type);
      const held = sc.default.type === sc.type ? own : dl.allocSize(sc.default.type);
      largerDefault = held > own;
      defaultBytes += Math.max(own, held);
    } catch (e) {
      // (a type too large to size at all: named by its constant, as the budget's error is)
      if (e instanceof LowerError && !e.pathSegments.length) throw e.within(...(sc.path ?? ['specConstants', i]), 'type');
      throw e;
    }
    if (defaultBytes > MAX_DEFAULT_VALUE_BYTES) {
      throw new LowerError(
        `the default values of the spec constants up to this one (${typeToString(sc.type)}${largerDefault ? `, its default a ${typeToString(sc.default.type)}` : ''}) take ${defaultBytes} bytes, more than the ${MAX_DEFAULT_VALUE_BYTES} this tool lowers in one module (a limit of this tool: sycl-post-link has none)`,
        [...(sc.path ?? ['specConstants', i]), 'type'],
        'LIMIT',
      );
    }
  });

  const warnings: LocatedWarning[] = [];
  const blob = new ByteBuilder();
  /** End of each constant's default bytes in the blob (index = constant). */
  const blobEnds: number[] = [];
  const quirk = new Map<IrType, boolean>();
  const storeAllocQuirk = (t: IrType): boolean => {
    let q = quirk.get(t);
    if (q === undefined) {
      q = hasStoreAllocQuirk(t, dl);
      quirk.set(t, q);
    }
    return q;
  };
  const constants: LoweredSpecConstant[] = [];
  let nextId = 0;
  let nextOffset = 0;

  if (mode === 'native') {
    // Owner of each ID: the constant's index, and whether the ID was pinned or consumed by an undef
    // element (the message is built only on a conflict).
    const owners = new Map<number, { readonly sc: number; readonly how: 'explicit' | 'sequential' | 'undef' }>();
    const ownerText = (o: { readonly sc: number; readonly how: 'explicit' | 'sequential' | 'undef' }): string =>
      `"${inputs[o.sc]!.name}" (${o.how === 'explicit' ? 'explicit specId' : o.how === 'undef' ? 'sequential ID, consumed by an undef element' : 'sequential ID'})`;
    const claim = (id: number, owner: { readonly sc: number; readonly how: 'explicit' | 'sequential' | 'undef' }, path: () => readonly (string | number)[]): void => {
      const other = owners.get(id);
      if (other !== undefined) throw new LowerError(`SpecId ${id} is used twice: by ${ownerText(other)} and by ${ownerText(owner)}`, path());
      // Sequential IDs only grow, so they can only collide with pinned ones: only those are kept.
      if (owner.how === 'explicit') owners.set(id, owner);
    };
    // Pinned IDs first, so the conflict message names both sides whatever the order.
    inputs.forEach((sc, i) => {
      if (sc.specId !== undefined) claim(sc.specId, { sc: i, how: 'explicit' }, () => [...(sc.path ?? ['specConstants', i]), 'specId']);
    });
    // (one budget for every walk of every constant: the trees built later from these constants, one
    // at a time, stay within it)
    const budget = new NodeBudget();
    inputs.forEach((sc, i) => {
      const path = sc.path ?? ['specConstants', i];
      try {
        const explicit = sc.specId !== undefined;
        const { ids } = nativeIds(sc.type, sc.default, explicit ? sc.specId! : nextId, dl, false, budget);
        if (!explicit) {
          const seq = { sc: i, how: 'sequential' } as const;
          const undef = { sc: i, how: 'undef' } as const;
          for (const e of ids) claim(e.id, e.undef ? undef : seq, () => path);
          nextId += ids.length;
          if (nextId > MAX_IDS_PER_LOWERING) {
            throw new LowerError(`the spec constants up to this one need ${nextId} SPIR-V IDs, more than the ${MAX_IDS_PER_LOWERING} this tool lowers in one module (a limit of this tool: sycl-post-link has none)`, path, 'LIMIT');
          }
        }
        const descriptors = nativeDescriptors(sc.type, ids, dl);
        for (const d of descriptors) checkU32(d.offset + d.size, 'descriptor end offset', path);
        const blobOffset = blob.length;
        encodeDefaultValue(sc.default, dl, blob, path, 'default');
        blobEnds.push(blob.length);
        if (storeAllocQuirk(sc.type)) {
          warnings.push({
            message: `${typeToString(sc.type)} of "${sc.name}" has array/vector elements whose alloc size differs from their store size: its descriptors place them back to back by store size, unlike the memory layout (replicated sycl-post-link quirk, spec lowering.md §3 item 7)`,
            path,
          });
        }
        // The runtime walks the blob by the descriptors (a constant takes up to its last descriptor's
        // end): a default of another length moves every later constant's default. sycl-post-link writes
        // the same blob (intel/llvm:llvm/lib/SYCLLowerIR/SpecConstants.cpp@08fde7a7: an undef element
        // gets no descriptor and no offset in collectCompositeElementsInfoRecursive, yet its store size
        // of zero bytes in collectCompositeElementsDefaultValuesRecursive, as a zeroinitializer of a
        // quirk type gets its memory layout), so it is written as computed and said here.
        const last = descriptors[descriptors.length - 1];
        const walked = last ? last.offset + last.size : 0;
        const held = blob.length - blobOffset;
        if (walked !== held) {
          warnings.push({
            message: `the default of "${sc.name}" (${typeToString(sc.type)}) is ${held} byte(s) but its descriptors walk ${walked}: the runtime reads the defaults of the constants after it ${Math.abs(held - walked)} byte(s) ${held > walked ? 'early' : 'late'} (sycl-post-link writes the same blob; verify and specialize refuse such a file, its 'props --check' says where)`,
            path,
          });
        }
        // defaultBytes is set below: a view of the final blob.
        constants.push(new NativeConstant(sc.name, sc.type, sc.default, path, ids, descriptors, blobOffset, explicit, dl));
      } catch (e) {
        if (e instanceof LowerError && !e.pathSegments.length) throw e.within(...path);
        throw e;
      }
    });
  } else {
    inputs.forEach((sc, i) => {
      const path = sc.path ?? ['specConstants', i];
      try {
        const size = dl.storeSize(sc.type);
        const align = dl.abiAlign(sc.type);
        let cur = nextOffset;
        let pad = 0;
        if (cur % align !== 0) {
          pad = align - (cur % align);
          nextOffset += pad;
          cur += pad;
          // updatePaddingInLastMDNode: {max, PrevSize, Padding} on the previous constant. The first
          // constant is at offset 0, so a previous constant always exists here.
          const prev = constants[constants.length - 1]!;
          const prevSize = prev.descriptors[0]!.size;
          constants[constants.length - 1] = { ...prev, descriptors: [...prev.descriptors, { id: PADDING_ID, offset: prevSize, size: pad }] };
          blob.zeros(pad);
        }
        checkU32(cur + size, 'emulation buffer offset', path);
        // The descriptor's Size is the store size of the *default value's* type, while the buffer
        // offsets advance by the store size of SCTy (the call's type or sret type): SpecConstantsPass::run
        // passes `auto *DefValTy = DefaultValue->getType(); generateSpecConstantMetadata(M, SymID,
        // DefValTy, NextID, false)`, whose emulation branch writes `getTypeStoreSize(SCTy)` of that
        // argument (intel/llvm:llvm/lib/SYCLLowerIR/SpecConstants.cpp@08fde7a7, docs/spec/lowering.md
        // fact 21). The two differ only when the default's type is not the call's (warned below).
        const descSize = dl.storeSize(sc.default.type);
        const id = nextId++;
        const blobOffset = blob.length;
        encodeDefaultValue(sc.default, dl, blob, path, 'default');
        blobEnds.push(blob.length);
        const defaultBytes = NO_BYTES; // set below: a view of the final blob
        if (blob.length - blobOffset !== size) {
          warnings.push({
            message: `default bytes of "${sc.name}" (${blob.length - blobOffset}) differ from its store size (${size}): the emulation buffer layout and the default blob disagree after it (replicated sycl-post-link quirk, spec lowering.md §3 item 7)`,
            path,
          });
        }
        nextOffset += size;
        constants.push({
          name: sc.name,
          type: sc.type,
          default: sc.default,
          path,
          ids: [{ id, undef: false }],
          descriptors: [{ id, offset: 0, size: descSize }],
          defaultBytes,
          blobOffset,
          explicitSpecId: false,
          emulation: { offset: cur, size, align, paddingBefore: pad },
        });
      } catch (e) {
        if (e instanceof LowerError && !e.pathSegments.length) throw e.within(...path);
        throw e;
      }
    });
  }
  // Each constant's default bytes are a view of the one blob (no array per constant).
  const defaultBlob = blob.result();
  constants.forEach((c, i) => ((c as { defaultBytes: Uint8Array }).defaultBytes = defaultBlob.subarray(c.blobOffset, blobEnds[i])));
  return { mode, constants, defaultBlob, nextId, bufferSize: nextOffset, warnings: warnings.map((w) => w.message), locatedWarnings: warnings };
}
