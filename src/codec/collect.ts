/**
 * Reading a node either plainly or while recording spans — one call site for format readers that
 * support annotation (`syclbin annotate`, hexdump, the web inspector).
 */
import { decode, spans as spansOf, type DecodeOptions } from './codec.js';
import type { Decoded, Node, Role, Span } from './schema.js';

export function readNode<N extends Node<unknown, unknown, Role>>(
  node: N,
  bytes: Uint8Array,
  offset: number,
  opts: DecodeOptions,
  collector: Span[] | undefined,
): Decoded<N> {
  if (!collector) return decode(node, bytes, offset, opts);
  const r = spansOf(node, bytes, offset, opts);
  for (const s of r.spans) collector.push(s);
  return r.value;
}
