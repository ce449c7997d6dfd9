/**
 * The two orders in which SYCLBIN v1 writers place blobs in the metadata and binary tables
 * (docs/spec/README.md rule 5), in one place for the writer (src/syclbin/write.ts `sybiChunks`)
 * and for the reader, which records the order a file follows so that a read file is written back
 * byte for byte:
 * - `canonical`, the original LLVM writer's: metadata table = global metadata, then per abstract
 *   module its metadata, its IR modules' metadata, its native images' metadata; binary table = per
 *   abstract module its IR bytes, then its native bytes;
 * - `grouped`, the later LLVM/runtime order: all module metadata, all IR metadata, all native
 *   metadata / all IR bytes, all native bytes.
 */

/** A v1 table order. */
export type V1Layout = 'canonical' | 'grouped';

/** Every {@link V1Layout}. */
export const V1_LAYOUTS: readonly V1Layout[] = ['canonical', 'grouped'];

/** The blobs of one abstract module, as an order sees them. */
export interface V1ModuleBlobs<T> {
  /** The module's metadata. */
  md: T;
  /** Its IR modules: metadata and bytes. */
  ir: readonly { md: T; bin: T }[];
  /** Its native images: metadata and bytes. */
  native: readonly { md: T; bin: T }[];
}

/** The metadata blobs and the binary blobs of a file in table order under `layout`. */
export function v1BlobOrder<T>(layout: V1Layout, global: T, ams: readonly V1ModuleBlobs<T>[]): { md: T[]; bin: T[] } {
  const md: T[] = [global];
  const bin: T[] = [];
  if (layout === 'canonical') {
    for (const am of ams) {
      md.push(am.md);
      for (const x of am.ir) md.push(x.md);
      for (const x of am.native) md.push(x.md);
      for (const x of am.ir) bin.push(x.bin);
      for (const x of am.native) bin.push(x.bin);
    }
  } else {
    for (const am of ams) md.push(am.md);
    for (const am of ams) for (const x of am.ir) md.push(x.md);
    for (const am of ams) for (const x of am.native) md.push(x.md);
    for (const am of ams) for (const x of am.ir) bin.push(x.bin);
    for (const am of ams) for (const x of am.native) bin.push(x.bin);
  }
  return { md, bin };
}

/** Where a blob was found: its offset in its table and its size. */
export interface PlacedBlob {
  /** Offset in its table. */
  offset: number;
  /** Size in bytes. */
  size: number;
}

/** Each blob starts where the one before it ends, the first at 0. */
function packed(blobs: readonly PlacedBlob[]): boolean {
  let at = 0;
  for (const b of blobs) {
    if (b.offset !== at) return false;
    at += b.size;
  }
  return true;
}

/**
 * The layout whose writer puts every blob exactly where the file has it, preferring canonical when
 * both do (a file of one module with one image reads the same in both); undefined when neither does
 * (shared, reordered or spaced blobs: layout freedom the writers do not reproduce).
 */
export function detectV1Layout(global: PlacedBlob, ams: readonly V1ModuleBlobs<PlacedBlob>[]): V1Layout | undefined {
  for (const layout of ['canonical', 'grouped'] as const) {
    const o = v1BlobOrder(layout, global, ams);
    if (packed(o.md) && packed(o.bin)) return layout;
  }
  return undefined;
}
