/**
 * `syclbin inspect --offsets` (issue 6 §2): the inspect tree (src/syclbin/inspect.ts) with the byte
 * range of every node, taken from the byte annotation. Node paths are model paths; inside an
 * OffloadBinary envelope the v1 image's paths get its prefix (`entries[0].image.`), while the
 * "Envelope" subtree names the OffloadBinary itself.
 */
import type { ByteSource } from '../codec/index.js';
import { annotate, type Annotation } from './annotate.js';
import { isWithin } from './paths.js';
import { inspectSyclbin, renderInspect, type InspectNode, type InspectOptions } from '../syclbin/inspect.js';
import type { SyclbinFile } from '../syclbin/model.js';
import { mergeRanges } from './ranges.js';

/** Merged byte ranges of every span at or below `path`. */
export function rangesOf(ann: Annotation, path: string): [number, number][] {
  return mergeRanges(
    ann.spans
      .filter((s) => s.size > 0 && (isWithin(s.path, path) || s.shared?.some((p) => isWithin(p, path))))
      .map((s): [number, number] => [s.offset, s.offset + s.size]),
  );
}

function rangeText(r: [number, number][]): string | undefined {
  if (!r.length) return undefined;
  const parts = r.slice(0, 4).map(([a, b]) => `@0x${a.toString(16)}+${b - a}`);
  return parts.join(' ') + (r.length > 4 ? ` (+${r.length - 4} more ranges)` : '');
}

/** An `annotate` callback for renderInspect: byte ranges of each node from `ann`. */
export function offsetAnnotator(ann: Annotation, root: InspectNode): (n: InspectNode) => string | undefined {
  const prefix = ann.v1Images[0]?.path ? `${ann.v1Images[0].path}.` : '';
  const resolved = new WeakMap<InspectNode, string>();
  const walk = (n: InspectNode, inEnvelope: boolean): void => {
    const env = inEnvelope || n.label === 'Envelope';
    if (n.path !== undefined) resolved.set(n, env ? n.path : prefix + n.path);
    for (const c of n.children ?? []) walk(c, env);
  };
  walk(root, false);
  return (n) => {
    const p = resolved.get(n);
    return p === undefined ? undefined : rangeText(rangesOf(ann, p));
  };
}

/** The inspect text with byte ranges (from the annotation of the same input). */
export function inspectWithOffsets(input: Uint8Array | ByteSource, file: SyclbinFile, opts: InspectOptions = {}): string {
  const ann = annotate(input);
  const tree = inspectSyclbin(file, { fileSize: ann.size, ...opts });
  return renderInspect(tree, { annotate: offsetAnnotator(ann, tree) });
}
