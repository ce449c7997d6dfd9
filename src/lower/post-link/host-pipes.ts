/**
 * `[SYCL/host pipes]`: one entry per host pipe variable of an image, keyed by its `sycl-unique-id`,
 * whose value is the pipe's element size as a 4-byte little-endian record (a byte array of 32 bits:
 * `HostPipeProperty { uint32_t Size; }`).
 *
 * - A host pipe is a global variable with the attribute `"sycl-host-pipe"`
 *   (intel/llvm:llvm/lib/SYCLLowerIR/HostPipes.cpp@d0fb7d7a `isHostPipeVariable`); its size is the
 *   integer value of `"sycl-host-pipe-size"` (`getHostPipeTypeSize`, an assertion when missing:
 *   an error here), its key the value of `"sycl-unique-id"`. SYCL's headers write all three
 *   (`add_ir_attributes_global_variable("sycl-host-pipe", "sycl-host-pipe-size", …)`).
 * - Written for every output module that has one, with no option (`saveModuleProperties` in
 *   intel/llvm:llvm/tools/sycl-post-link/sycl-post-link.cpp@676a364f; `computeModuleProperties` in
 *   ComputeModuleRuntimeInfo.cpp@86501a4c calls `collectHostPipeProperties` after the device globals),
 *   in the image's global order; a key given twice keeps its first place and its last value (MapVector).
 *
 * Portable: no Node APIs.
 */
import { irErrorAt } from '../llvm-ir/parse/errors.js';
import type { LGlobal, LModule } from '../llvm-ir/parse/model.js';
import { globalAttributes, lastAttribute, u32Attribute, uniqueIdKey } from '../from-ir/device-globals.js';
import { utf8FromLatin1 } from '../../codec/bytes.js';

/** One `[SYCL/host pipes]` entry. */
export interface HostPipe {
  /** `sycl-unique-id` (as the text its UTF-8 bytes spell): the property key. */
  readonly key: string;
  /** `sycl-host-pipe-size`: the size of the pipe's element type. */
  readonly size: number;
}

/** The host pipes among `globals` (an image's global variables, in module order). */
export function hostPipes(m: LModule, globals: readonly LGlobal[]): HostPipe[] {
  const out: HostPipe[] = [];
  for (const g of globals) {
    const attrs = globalAttributes(m, g);
    if (!lastAttribute(attrs, 'sycl-host-pipe')) continue;
    const key = uniqueIdKey(m, g, attrs, 'host pipe');
    const sizeText = lastAttribute(attrs, 'sycl-host-pipe-size')?.value;
    if (sizeText === undefined) throw irErrorAt(m, g.tokFrom, `host pipe @${g.name} has no "sycl-host-pipe-size" attribute (sycl-post-link asserts it: getHostPipeTypeSize)`);
    out.push({ key: utf8FromLatin1(key), size: u32Attribute(m, g, 'sycl-host-pipe-size', sizeText) });
  }
  return out;
}

/** The value of a `[SYCL/host pipes]` entry: `Size` as 4 little-endian bytes. */
export function hostPipeRecord(p: HostPipe): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, p.size, true);
  return b;
}
