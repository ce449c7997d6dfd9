/**
 * The SYCLBIN object model shared by every variant (bare v1, v1 in an OffloadBinary envelope, v2 role
 * entries). Spec: syclbin-format.md §1.2-§1.4 and §3 (metadata sets), §7 (runtime API).
 */
import type { V1Layout } from './v1-order.js';
import { ArgumentError, describeValue, formatPath, isChunk, type BlobRef, type BytesLike } from '../codec/index.js';
import { registryShapeProblem, type PropertySetRegistry } from '../props/model.js';

import { BUNDLE_STATES, IR_TYPES, SET, SYCLBIN_KEYS, type BundleState, type IRType } from '../../formats/property-sets.js';

export { BUNDLE_STATES, IR_TYPES, type BundleState, type IRType };
/** `[SYCLBIN/global metadata]` (formats/property-sets.ts). */
export const GLOBAL_METADATA_SET = SET.SYCLBIN_GLOBAL_METADATA;
/** `[SYCLBIN/ir module metadata]`. */
export const IR_MODULE_METADATA_SET = SET.SYCLBIN_IR_MODULE_METADATA;
/** `[SYCLBIN/native device code image metadata]`. */
export const NATIVE_IMAGE_METADATA_SET = SET.SYCLBIN_NATIVE_METADATA;

/**
 * An image as the writers take it: a blob (what the readers hand out, or `memoryBlob(bytes)`) or the
 * bytes themselves (a Uint8Array, an ArrayBuffer or a view of one; src/offload/write.ts imageBytes).
 */
export type ImageInput = BlobRef | BytesLike;

/**
 * An IR module or native image: its metadata and its bytes. `Image` is what `image` holds: a
 * {@link BlobRef} in a model the readers return, also bytes ({@link ImageInput}) in one a writer takes.
 */
export interface SyclbinImage<Image extends ImageInput = BlobRef> {
  /** Its property sets (`[SYCLBIN/ir module metadata]` or `[SYCLBIN/native device code image metadata]`, plus any others). */
  metadata: PropertySetRegistry;
  /** Where the bytes are and the bytes on demand (zero-copy view for in-memory input); a writer also takes the bytes. */
  image: Image;
}

/** An IR module (SPIR-V, PTX or AMDGCN; `type` in its metadata). */
export type IRModule<Image extends ImageInput = BlobRef> = SyclbinImage<Image>;
/** A native device code image (`arch` and `target` in its metadata). */
export type NativeImage<Image extends ImageInput = BlobRef> = SyclbinImage<Image>;

/** An abstract module (docs/spec/syclbin-format.md §1.2): its metadata and the IR modules and native images that implement it. */
export interface AbstractModule<Image extends ImageInput = BlobRef> {
  /** The module's property sets (kernel names, imported/exported symbols, device requirements, ...). */
  metadata: PropertySetRegistry;
  /** Its IR modules in file order. */
  irModules: IRModule<Image>[];
  /** Its native images in file order. */
  nativeImages: NativeImage<Image>[];
}

/** An IR module or native image as the writers take it: its image a blob or bytes. */
export type SyclbinImageInput = SyclbinImage<ImageInput>;
/** An IR module as the writers take it (`{ metadata, image: bytes }`). */
export type IRModuleInput = IRModule<ImageInput>;
/** A native image as the writers take it (`{ metadata, image: bytes }`). */
export type NativeImageInput = NativeImage<ImageInput>;
/** An abstract module as the writers take it: its images blobs or bytes. */
export type AbstractModuleInput = AbstractModule<ImageInput>;
/** A SYCLBIN model as the writers take it (`writeSyclbin`): a read model, or one built with images as bytes. */
export type SyclbinFileInput = SyclbinFile<ImageInput>;

/** How the file was wrapped, kept so that a rewrite can reproduce it. */
export type Envelope =
  | { kind: 'none' }
  | {
      /** v1 SYBI image carried by entry 0 of an OffloadBinary. */
      kind: 'offload';
      version: number;
      imageKind: number;
      offloadKind: number;
      flags: number;
      strings: Map<string, string>;
      /** The SYCL runtime's hand-built v2 envelope: no string table, image at 72 (syclbin.cpp@03f1899d). */
      runtimeStyle: boolean;
      /** Entries after the first (not read by SYCLBIN readers, reported by verify). */
      extraEntries: number;
      compression?: 'zlib' | 'zstd';
    }
  | {
      /** v2: the OffloadBinary is the SYCLBIN (role entries). */
      kind: 'roles';
      version: number;
      compression?: 'zlib' | 'zstd';
      /** Whether entries carry `sycl_format_version` (the earlier iteration had none). */
      formatVersionKey: boolean;
      /**
       * The role entries as read, in file order (not enumerable, and not the writer's input: it derives
       * each entry's kinds and strings from the metadata): what `inspect` lists and `diff` compares.
       */
      readonly entries?: readonly RoleEntryFields[];
    };

/** A SYCLBIN v2 role entry as read: its OffloadBinary entry fields (`key` names it by role, `am1.ir0`). */
export interface RoleEntryFields {
  /** The entry by role, module and position: `global_metadata`, `am0.metadata`, `am0.ir1`, `am2.native0`. */
  readonly key: string;
  /** ImageKind field. */
  readonly imageKind: number;
  /** OffloadKind field. */
  readonly offloadKind: number;
  /** Flags field. */
  readonly flags: number;
  /** String entries (a key given twice: the last value, as LLVM's map keeps it). */
  readonly strings: ReadonlyMap<string, string>;
}

/**
 * A SYCLBIN file of any variant, as read by `readSyclbin` and written by `writeSyclbin`. `Image` is
 * what its images hold (see {@link SyclbinImage}): blobs as read, also bytes as written ({@link SyclbinFileInput}).
 */
export interface SyclbinFile<Image extends ImageInput = BlobRef> {
  /** 1 for any SYBI-based file, 2 for role entries (the `Version:` line of syclbin-dump). */
  version: 1 | 2;
  /** v1: the SYBI header's version field (0 or 1) and its 4 reserved bytes as found. */
  headerVersion?: number;
  /** v1: the 4 reserved header bytes as found (writers emit zeros). */
  headerReserved?: Uint8Array;
  /** How the file was wrapped, so that a rewrite reproduces it. */
  envelope: Envelope;
  /**
   * v1: the order of the metadata and binary tables when the file follows one of the writers' orders
   * (src/syclbin/v1-order.ts), so that `writeSyclbin` writes it back the same; absent for a new model
   * and for a file whose blobs are shared, reordered or spaced (written canonical).
   */
  layout?: V1Layout;
  /** The global property sets (`[SYCLBIN/global metadata]` holds the bundle `state`). */
  globalMetadata: PropertySetRegistry;
  /** Abstract modules in file order. */
  abstractModules: AbstractModule<Image>[];
}

// ---------------------------------------------------------------------------------------------
// Shape of a model a caller hands in

/**
 * Where `v` is not a {@link SyclbinFile} a function can walk, and why (JavaScript callers are not held
 * to the types): the path of the first field of the wrong kind, or `[]` when `v` is no model at all
 * (bytes, null). Undefined for a model of the right shape (its values are checked by the writers).
 */
export function syclbinModelProblem(v: unknown): { path: (string | number)[]; message: string } | undefined {
  const isMap = (x: unknown): boolean => x instanceof Map;
  if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v) || v instanceof ArrayBuffer) {
    return { path: [], message: `expected a SYCLBIN model (what readSyclbin returns), not ${describeValue(v)}${typeof v === 'object' && v !== null ? ': for bytes, read them first with readSyclbin' : ''}` };
  }
  const f = v as Partial<Record<keyof SyclbinFile, unknown>>;
  if (f.version !== 1 && f.version !== 2) return { path: ['version'], message: `expected 1 or 2, not ${describeValue(f.version)}` };
  if (typeof f.envelope !== 'object' || f.envelope === null) return { path: ['envelope'], message: `expected an envelope object ({ kind: 'none' } for a bare file), not ${describeValue(f.envelope)}` };
  if (!isMap(f.globalMetadata)) return { path: ['globalMetadata'], message: `expected a PropertySetRegistry (a Map of sets), not ${describeValue(f.globalMetadata)}` };
  const shape = registryShapeProblem(f.globalMetadata as Map<unknown, unknown>);
  if (shape) return { path: ['globalMetadata'], message: shape };
  if (!Array.isArray(f.abstractModules)) return { path: ['abstractModules'], message: `expected an array of abstract modules, not ${describeValue(f.abstractModules)}` };
  for (let a = 0; a < f.abstractModules.length; a++) {
    const am = f.abstractModules[a] as Partial<Record<keyof AbstractModule, unknown>> | null;
    if (typeof am !== 'object' || am === null) return { path: ['abstractModules', a], message: `expected an abstract module object, not ${describeValue(am)}` };
    if (!isMap(am.metadata)) return { path: ['abstractModules', a, 'metadata'], message: `expected a PropertySetRegistry (a Map of sets), not ${describeValue(am.metadata)}` };
    const amShape = registryShapeProblem(am.metadata as Map<unknown, unknown>);
    if (amShape) return { path: ['abstractModules', a, 'metadata'], message: amShape };
    for (const list of ['irModules', 'nativeImages'] as const) {
      const items = am[list];
      if (!Array.isArray(items)) return { path: ['abstractModules', a, list], message: `expected an array, not ${describeValue(items)}` };
      for (let i = 0; i < items.length; i++) {
        const m = items[i] as { metadata?: unknown } | null;
        if (typeof m !== 'object' || m === null) return { path: ['abstractModules', a, list, i], message: `expected an object, not ${describeValue(m)}` };
        if (!isMap(m.metadata)) return { path: ['abstractModules', a, list, i, 'metadata'], message: `expected a PropertySetRegistry (a Map of sets), not ${describeValue(m.metadata)}` };
        const imgShape = registryShapeProblem(m.metadata as Map<unknown, unknown>);
        if (imgShape) return { path: ['abstractModules', a, list, i, 'metadata'], message: imgShape };
        // (what the writers take: bytes, or a blob as the readers hand out; src/offload/write.ts imageBytes)
        const image = (m as { image?: unknown }).image;
        const asBytes = image instanceof ArrayBuffer || ArrayBuffer.isView(image) ? image : undefined;
        if (!asBytes && !isChunk(image)) return { path: ['abstractModules', a, list, i, 'image'], message: `an image must be bytes (a Uint8Array, an ArrayBuffer or a view of one) or a blob, not ${describeValue(image)}` };
      }
    }
  }
  return undefined;
}

/** `v` as a {@link SyclbinFile} for `fn`, or an {@link ArgumentError} saying where it is not one. */
export function syclbinModelArgument(v: unknown, fn: string): SyclbinFile {
  const p = syclbinModelProblem(v);
  if (p) throw new ArgumentError(`${fn}: ${p.path.length ? `the model's ${formatPath(p.path)}: ` : ''}${p.message}`);
  return v as SyclbinFile;
}

// ---------------------------------------------------------------------------------------------
// Typed accessors of the SYCLBIN metadata sets

function u32Of(reg: PropertySetRegistry, set: string, key: string): number | undefined {
  const v = reg.get(set)?.get(key);
  return v?.type === 1 ? v.value : undefined;
}

/** Bytes as UTF-8 text (U+FFFD for bytes that are not), undefined for none. */
function text(b: Uint8Array | undefined): string | undefined {
  return b && new TextDecoder().decode(b);
}

function bytesOf(reg: PropertySetRegistry, set: string, key: string): Uint8Array | undefined {
  const v = reg.get(set)?.get(key);
  return v?.type === 2 ? v.bytes : undefined;
}

/** The IR module's `target` as the bytes stored (UTF-8 or not), or undefined when missing or not a byte array. */
export function irTargetBytes(ir: IRModule<ImageInput>): Uint8Array | undefined {
  return bytesOf(ir.metadata, IR_MODULE_METADATA_SET, SYCLBIN_KEYS.target);
}

/** The native image's `arch` as the bytes stored, or undefined when missing or not a byte array. */
export function nativeArchBytes(n: NativeImage<ImageInput>): Uint8Array | undefined {
  return bytesOf(n.metadata, NATIVE_IMAGE_METADATA_SET, SYCLBIN_KEYS.arch);
}

/** The native image's `target` as the bytes stored, or undefined when missing or not a byte array. */
export function nativeTargetBytes(n: NativeImage<ImageInput>): Uint8Array | undefined {
  return bytesOf(n.metadata, NATIVE_IMAGE_METADATA_SET, SYCLBIN_KEYS.target);
}

/** The bundle state, or undefined when `state` is missing; unknown numbers as `unknown(N)`. */
export function bundleState(file: Pick<SyclbinFileInput, 'globalMetadata'>): BundleState | `unknown(${number})` | undefined {
  const n = u32Of(file.globalMetadata, GLOBAL_METADATA_SET, SYCLBIN_KEYS.state);
  if (n === undefined) return undefined;
  return BUNDLE_STATES[n] ?? `unknown(${n})`;
}

/** The IR module's `type` by name (`SPIR-V`, `PTX`, `AMDGCN`), undefined when missing; unknown numbers as `unknown(N)`. */
export function irType(ir: IRModule<ImageInput>): IRType | `unknown(${number})` | undefined {
  const n = u32Of(ir.metadata, IR_MODULE_METADATA_SET, SYCLBIN_KEYS.type);
  if (n === undefined) return undefined;
  return IR_TYPES[n] ?? `unknown(${n})`;
}

/** The IR module's `type` number as stored, or undefined when missing or not a uint32. */
export function irTypeValue(ir: IRModule<ImageInput>): number | undefined {
  return u32Of(ir.metadata, IR_MODULE_METADATA_SET, SYCLBIN_KEYS.type);
}

/** The IR module's `target` triple, or undefined when missing or not a byte array. */
export function irTarget(ir: IRModule<ImageInput>): string | undefined {
  return text(irTargetBytes(ir));
}

/** The native image's `arch`, or undefined when missing or not a byte array. */
export function nativeArch(n: NativeImage<ImageInput>): string | undefined {
  return text(nativeArchBytes(n));
}

/** The native image's `target` triple, or undefined when missing or not a byte array. */
export function nativeTarget(n: NativeImage<ImageInput>): string | undefined {
  return text(nativeTargetBytes(n));
}

/** Criteria for `selectImages`; every criterion given must match. */
export interface ImageSelector {
  /** Only this abstract module (index). */
  abstractModule?: number;
  /** Only IR modules or only native images. */
  kind?: 'ir' | 'native';
  /** Only IR modules of this type (excludes native images). */
  irType?: IRType;
  /** Only native images of this arch (excludes IR modules). */
  arch?: string;
  /** Only images whose `target` triple is this. */
  target?: string;
}

/** An image chosen by `selectImages`, with where it is. */
export interface SelectedImage {
  /** Index of its abstract module. */
  abstractModule: number;
  /** IR module or native image. */
  kind: 'ir' | 'native';
  /** Index in the abstract module's `irModules` or `nativeImages`. */
  index: number;
  /** The image. */
  image: SyclbinImage;
}

/** Pick images by abstract module, kind, IR type, arch or target (the design review's selection API). */
export function selectImages(file: SyclbinFile, sel: ImageSelector = {}): SelectedImage[] {
  const out: SelectedImage[] = [];
  file.abstractModules.forEach((am, a) => {
    if (sel.abstractModule !== undefined && sel.abstractModule !== a) return;
    if (sel.kind !== 'native' && sel.arch === undefined) {
      am.irModules.forEach((ir, i) => {
        if (sel.irType !== undefined && irType(ir) !== sel.irType) return;
        if (sel.target !== undefined && irTarget(ir) !== sel.target) return;
        out.push({ abstractModule: a, kind: 'ir', index: i, image: ir });
      });
    }
    if (sel.kind !== 'ir' && sel.irType === undefined) {
      am.nativeImages.forEach((n, i) => {
        if (sel.arch !== undefined && nativeArch(n) !== sel.arch) return;
        if (sel.target !== undefined && nativeTarget(n) !== sel.target) return;
        out.push({ abstractModule: a, kind: 'native', index: i, image: n });
      });
    }
  });
  return out;
}
