/**
 * The SYCL runtime's walk over spec-constant descriptors, which places every constant in the default
 * blob (`device_image_impl::updateSpecConstSymMap`, docs/spec/lowering.md §1.E fact 30):
 *   per property (in order): LocalOffset = 0
 *   per descriptor {Id, CompositeOffset, Size}:
 *     BlobOffset += CompositeOffset - LocalOffset; record unless Id == 0xFFFFFFFF;
 *     LocalOffset = CompositeOffset + Size; BlobOffset += Size
 * Padding descriptors advance the blob; gaps between descriptors of one constant advance it too.
 * The final BlobOffset must equal the blob size (fact 31).
 */
import { isPadding, type SpecConstDefault, type SpecConstDescriptor } from './values.js';

/** A descriptor the runtime's walk would mishandle. */
export interface WalkIssue {
  /** The constant (property key). */
  symbolicId: string;
  /** Index of the descriptor in its property value. */
  index: number;
  /** What is wrong, for people. */
  message: string;
}

/** The result of the runtime's descriptor walk. */
export interface WalkResult {
  /** Each constant with its place in the blob, in property order. */
  constants: SpecConstDefault[];
  /** Final BlobOffset = the blob size the runtime expects. */
  total: number;
  /** Descriptors that overlap the previous one (the runtime would write over earlier bytes). */
  issues: WalkIssue[];
}

/** Walk the descriptors of `[SYCL/specialization constants]` (property order) as the runtime does: each constant's place in the default blob, the total size, and the overlaps found. */
export function walkSpecConstants(properties: readonly (readonly [string, readonly SpecConstDescriptor[]])[]): WalkResult {
  const constants: SpecConstDefault[] = [];
  const issues: WalkIssue[] = [];
  let blobOffset = 0;
  for (const [symbolicId, descriptors] of properties) {
    let localOffset = 0;
    const start = blobOffset;
    const placed: SpecConstDefault['descriptors'] = [];
    descriptors.forEach((d, index) => {
      if (d.offset < localOffset) {
        // C++ size_t arithmetic would wrap; the runtime then writes over earlier bytes.
        issues.push({
          symbolicId,
          index,
          message: `descriptor ${index} (id ${d.id}) starts at offset ${d.offset}, inside the previous descriptor (which ends at ${localOffset}): overlapping descriptors`,
        });
      }
      blobOffset += d.offset - localOffset;
      placed.push({ ...d, blobOffset, padding: isPadding(d) });
      localOffset = d.offset + d.size;
      blobOffset += d.size;
    });
    constants.push({ symbolicId, blobOffset: start, size: blobOffset - start, descriptors: placed });
  }
  return { constants, total: blobOffset, issues };
}
