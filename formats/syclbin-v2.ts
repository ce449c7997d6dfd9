/**
 * SYCLBIN v2: role entries in one OffloadBinary (v2 or v3). Upstream: intel/llvm
 * llvm/lib/Object/SYCLBIN.cpp@003d792a (`SYCLBIN::readV2`, the v2 writer). Project notes:
 * docs/spec/README.md rule 6, docs/spec/syclbin-format.md §1.4.
 *
 * Every entry has ImageKind IMG_SYCLBIN (7); StringData says its role. `global_metadata` and
 * `am_metadata` images are registry text; `ir` and `native` images are a u64 metadata size, the
 * registry text, then the raw bytes.
 */
import { E, layout, struct, u64n } from '../src/codec/index.js';
import { fromLayout } from './layout.js';
import { IMAGE_KIND } from './kinds.js';

/** The fixed part of an `ir`/`native` entry image, with what it measures. */
export const SyclbinV2ImagePrefix = struct({ metadataSize: fromLayout(u64n, 'metadataSize') }, 'SyclbinV2ImagePrefix');

/** An `ir`/`native` image: prefix, metadata text, raw bytes to the end of the image. */
export const SyclbinV2ImageLayout = layout('SYCLBIN v2 image', {
  prefix: { at: 0, node: SyclbinV2ImagePrefix },
  metadata: { at: E.end('prefix'), size: E.ref('prefix.metadataSize'), doc: 'property-set registry text' },
  bytes: { at: E.end('metadata'), size: E.sub(E.ref('image.size'), E.end('metadata')), doc: 'the IR module or native image' },
});

/** StringData keys of role entries. */
export const V2_KEYS = {
  formatVersion: 'sycl_format_version',
  role: 'role',
  amIndex: 'am_index',
  irType: 'ir_type',
  triple: 'triple',
  arch: 'arch',
} as const;

/** The roles, in the order the writer emits them per module. */
export const V2_ROLES = ['global_metadata', 'am_metadata', 'ir', 'native'] as const;
/** A v2 entry's `role`. */
export type V2Role = (typeof V2_ROLES)[number];

/** The only `sycl_format_version` a reader accepts (an empty or missing key is the earlier iteration). */
export const V2_FORMAT_VERSION = '2';

/** Every v2 entry's image kind. */
export const V2_IMAGE_KIND = IMAGE_KIND.syclbin;

/** Roles whose image is property-set registry text (the others: prefix, metadata text, raw bytes). */
export const V2_METADATA_ROLES: ReadonlySet<string> = new Set<V2Role>(['global_metadata', 'am_metadata']);

/**
 * Whether the entries of one OffloadBinary are a SYCLBIN v2's: an entry carries a `role` string.
 * Image kind 7 alone makes none (any tool may stamp it; a one-entry binary around a v1 SYCLBIN has it).
 */
export function carriesV2Roles(entries: readonly { readonly strings: ReadonlyMap<string, string> }[]): boolean {
  return entries.some((e) => e.strings.has(V2_KEYS.role));
}
