/**
 * SYCLBIN v2 ("role" entries in one OffloadBinary): the fixed part of an `ir`/`native` entry image.
 * Spec: docs/spec/README.md rule 6; syclbin-format.md §1.4
 * (intel/llvm llvm/lib/Object/SYCLBIN.cpp@003d792a): image = u64 LE metadata size ‖ registry text ‖ raw bytes.
 */
import { struct, u64n } from '../src/codec/index.js';
import { fromLayout } from './layout.js';

export const SyclbinV2ImagePrefix = struct({ metadataSize: fromLayout(u64n, 'metadataSize') }, 'SyclbinV2ImagePrefix');

/** StringData keys of role entries. */
export const V2_KEYS = {
  formatVersion: 'sycl_format_version',
  role: 'role',
  amIndex: 'am_index',
  irType: 'ir_type',
  triple: 'triple',
  arch: 'arch',
} as const;

export const V2_ROLES = ['global_metadata', 'am_metadata', 'ir', 'native'] as const;
export type V2Role = (typeof V2_ROLES)[number];
