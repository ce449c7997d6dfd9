/**
 * The contents of an object file's sections in the span tree, so that `annotate`, `hexdump`,
 * `verify` and the inspector name every byte of an ordinary object or program (`sections[3] =
 * ".text"`) instead of calling what the offloading readers do not model "unreferenced".
 *
 * A node per section with contents, in section-table order, made before the offloading sections are
 * read: a `bytes` leaf valued with the section's name, in the background (src/codec/spans.ts
 * `background`): a reader that records binaries or a device image under it makes it their group,
 * and binaries found in it by scanning keep their own bytes. Portable: no Node APIs.
 */
import { spanInt, type PathKey, type SpanTree } from '../codec/index.js';

/** Where a section's contents lie. */
export interface SectionExtent {
  /** Index in the section table (the `sections[i]` key). */
  index: number;
  /** Section name, the leaf's value. */
  name: string;
  /** Absolute offset of the contents in the input. */
  offset: number;
  /** Size of the contents in bytes (> 0). */
  size: number;
}

/**
 * Record `sections` (contents that lie in the file only; the caller filters) as `[...prefix, key, i]`:
 * `sections`, or `segments` for a linked program's PT_LOAD segments when it has no section headers
 * (index: the program header's).
 */
export function recordSectionContents(tree: SpanTree | undefined, prefix: readonly PathKey[], sections: readonly SectionExtent[], key: 'sections' | 'segments' = 'sections'): void {
  if (!tree || sections.length === 0) return;
  const parent = tree.at([...prefix, key]);
  for (const s of sections) {
    const n = tree.child(parent, s.index);
    if (n.offset >= 0) continue; // already recorded by a reader
    n.offset = spanInt(s.offset);
    n.size = spanInt(s.size);
    n.kind = 'bytes';
    n.value = s.name;
    n.background = true;
  }
}
