/**
 * `syclbin inspect --offsets` (issue 6 §2): the inspect tree (src/syclbin/inspect.ts) with the byte
 * range of every node, taken from the byte annotation. Node paths are model paths; inside an
 * OffloadBinary envelope the v1 image's paths get its prefix (`entries[0].image.`), while the
 * "Envelope" subtree names the OffloadBinary itself.
 */
import type { BytesLike } from '../codec/source.js';
import type { ByteSource } from '../codec/index.js';
import { annotate, annotateInflated, matchingRanges, type Annotation, type AnnotateOptions } from './annotate.js';
import { isWithin } from './paths.js';
import { renderInspect, type InspectNode } from '../syclbin/inspect.js';

/** Merged byte ranges of every span at or below `path`. */
export function rangesOf(ann: Annotation, path: string): [number, number][] {
  return matchingRanges(ann, (p) => isWithin(p, path));
}

function rangeText(r: [number, number][], at: string): string | undefined {
  if (!r.length) return undefined;
  const parts = r.slice(0, 4).map(([a, b]) => `${at}0x${a.toString(16)}+${b - a}`);
  return parts.join(' ') + (r.length > 4 ? ` (+${r.length - 4} more ranges)` : '');
}

/**
 * An `annotate` callback for renderInspect: byte ranges of each node from `ann`. For a compressed
 * OffloadBinary v3, `inflated` is the annotation of its inflated space (annotateInflated): the
 * envelope's header is in the file, its entries and the SYCLBIN inside are in the payload, so their
 * ranges are inflated offsets, printed `@inflated 0x88+56` (the offsets of `annotate --inflated`).
 */
export function offsetAnnotator(ann: Annotation, root: InspectNode, inflated?: Annotation): (n: InspectNode) => string | undefined {
  const inner = inflated ?? ann;
  const prefix = inner.v1Images[0]?.path ? `${inner.v1Images[0].path}.` : '';
  const resolved = new WeakMap<InspectNode, { path: string; ann: Annotation }>();
  const walk = (n: InspectNode, inEnvelope: boolean): void => {
    const env = inEnvelope || n.label === 'Envelope';
    if (n.path !== undefined) resolved.set(n, env ? { path: n.path, ann: isWithin(n.path, 'header') ? ann : inner } : { path: prefix + n.path, ann: inner });
    for (const c of n.children ?? []) walk(c, env);
  };
  walk(root, false);
  return (n) => {
    const p = resolved.get(n);
    return p === undefined ? undefined : rangeText(rangesOf(p.ann, p.path), p.ann === inflated ? '@inflated ' : '@');
  };
}

/**
 * The inspect text of a SYCLBIN with byte ranges: `tree` is inspectSyclbin's tree of `input` (as
 * inspectInput returns it for a SYCLBIN), the ranges come from the annotation of the same input (and,
 * for a compressed envelope, of its inflated space: see {@link offsetAnnotator}).
 */
export function renderWithOffsets(input: BytesLike | ByteSource, tree: InspectNode, opts: Pick<AnnotateOptions, 'maxInflatedSize'> = {}): string {
  const ann = annotate(input, opts);
  const inflated = ann.spans.some((s) => s.kind === 'compressed') ? annotateInflated(input, opts).annotation : undefined;
  return renderInspect(tree, { annotate: offsetAnnotator(ann, tree, inflated) });
}
