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
import { IrSyntaxError } from '../llvm-ir/parse/errors.js';
import type { LGlobal, LModule } from '../llvm-ir/parse/model.js';
import { globalAttributes } from '../from-ir/device-globals.js';
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
    // The last occurrence of a key wins, as AttrBuilder::addAttribute replaces.
    const attr = (key: string): { value?: string } | undefined => {
      for (let i = attrs.length - 1; i >= 0; i--) if (attrs[i]!.key === key) return attrs[i];
      return undefined;
    };
    if (!attr('sycl-host-pipe')) continue;
    const fail = (msg: string): never => {
      const t = m.tokens.get(g.tokFrom)!;
      throw new IrSyntaxError(msg, t.line, t.column, 'FORMAT', t.start);
    };
    const id = attr('sycl-unique-id')?.value;
    if (id === undefined || id === '') fail(`host pipe @${utf8FromLatin1(g.name)} has no "sycl-unique-id" attribute (the key of its [SYCL/host pipes] entry)`);
    if (/[=\r\n\0]/.test(id!)) fail(`"sycl-unique-id" of host pipe @${utf8FromLatin1(g.name)} cannot be a property key: it contains '=', a line break or NUL`);
    const sizeText = attr('sycl-host-pipe-size')?.value;
    if (sizeText === undefined) fail(`host pipe @${utf8FromLatin1(g.name)} has no "sycl-host-pipe-size" attribute (sycl-post-link asserts it: getHostPipeTypeSize)`);
    if (!/^[0-9]+$/.test(sizeText!) || Number(sizeText) > 0xffffffff) fail(`"sycl-host-pipe-size"="${sizeText}" of @${utf8FromLatin1(g.name)} is not a 32-bit unsigned integer`);
    out.push({ key: utf8FromLatin1(id!), size: Number(sizeText) });
  }
  return out;
}

/** The value of a `[SYCL/host pipes]` entry: `Size` as 4 little-endian bytes. */
export function hostPipeRecord(p: HostPipe): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, p.size, true);
  return b;
}
