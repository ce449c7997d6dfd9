/**
 * Entry points that turn a node description into decoders, encoders and sizes, and the options
 * every reader shares (span recording, collect mode).
 */
import { Cursor, Sink, type Decoded, type EncodeInput, type Node, type Role } from './schema.js';
import { DecodeError, EncodeError } from './errors.js';
import type { PathKey, SpanNode, SpanTree } from './spans.js';

/** Options of `decode`. */
export interface DecodeOptions {
  /** Absolute offset of `bytes[0]` in the original input, for error offsets and spans. */
  base?: number;
  /** Reads may not go past this index (defaults to bytes.length). */
  end?: number;
  /** Path keys to prefix to errors (e.g. `['entries', 2]`). */
  path?: readonly PathKey[];
  /** Outer scopes for references that point outside the node (innermost last). */
  scopes?: Record<string, unknown>[];
  /** Byte order (default little-endian). */
  le?: boolean;
  /** Record what is read under `parent` (key `key`; no key: straight into `parent`). */
  tree?: SpanTree;
  /** Span node to record under. */
  parent?: SpanNode;
  /** Key of the recorded node under `parent`. */
  key?: PathKey;
}

/** A cursor over `bytes` set up from decode options. */
export function cursorFor(bytes: Uint8Array, offset: number, opts: DecodeOptions): Cursor {
  const c = new Cursor(bytes, offset, opts.base ?? 0, opts.end ?? bytes.length);
  if (opts.scopes) c.scopes.push(...opts.scopes);
  if (opts.le === false) c.le = false;
  if (opts.tree) {
    c.tree = opts.tree;
    c.parent = opts.parent;
    c.key = opts.key;
  }
  return c;
}

function located(e: unknown, opts: DecodeOptions): unknown {
  if (e instanceof DecodeError && opts.path?.length) e.within(...opts.path);
  return e;
}

/** Decode `node` at `offset` of `bytes`. Bad input raises DecodeError (never RangeError). */
export function decode<N extends Node<unknown, unknown, Role>>(node: N, bytes: Uint8Array, offset = 0, opts: DecodeOptions = {}): Decoded<N> {
  const c = cursorFor(bytes, offset, opts);
  try {
    return node.read(c) as Decoded<N>;
  } catch (e) {
    throw located(e, opts);
  }
}

/** Decode and also report how many bytes were consumed. */
export function decodeWithSize<N extends Node<unknown, unknown, Role>>(
  node: N,
  bytes: Uint8Array,
  offset = 0,
  opts: DecodeOptions = {},
): { value: Decoded<N>; size: number } {
  const c = cursorFor(bytes, offset, opts);
  try {
    const value = node.read(c) as Decoded<N>;
    return { value, size: c.pos - offset };
  } catch (e) {
    throw located(e, opts);
  }
}

/**
 * Decode a buffer that is exactly a sequence of fixed-size records (e.g. the 12-byte spec-constant
 * descriptors of a property value). A trailing partial record is an error at its offset.
 */
export function decodeRecords<N extends Node<unknown, unknown, Role>>(node: N, bytes: Uint8Array, opts: DecodeOptions = {}): Decoded<N>[] {
  const size = node.fixedSize;
  if (!size) throw new Error(`decodeRecords needs a fixed-size node (${node.describe})`);
  if (bytes.length % size !== 0) {
    const at = bytes.length - (bytes.length % size);
    throw located(
      new DecodeError('FORMAT', `${bytes.length} bytes is not a whole number of ${size}-byte ${node.describe} records`, (opts.base ?? 0) + at, [at / size]),
      opts,
    );
  }
  const c = cursorFor(bytes, 0, opts);
  const out: Decoded<N>[] = [];
  for (let i = 0; c.pos < bytes.length; i++) {
    try {
      out.push(node.read(c) as Decoded<N>);
    } catch (e) {
      if (e instanceof DecodeError) e.within(i);
      throw located(e, opts);
    }
  }
  return out;
}

/** Options of `encode`. */
export interface EncodeOptions {
  /** Context handed to `derived` measure functions (e.g. a layout plan). */
  context?: unknown;
  /** Outer scopes for references (innermost last), e.g. the arrays a count measures. */
  scopes?: Record<string, unknown>[];
  /** Structure path before the value's own (prefixes EncodeError paths). */
  path?: PathKey[];
  /** Byte order (default little-endian). */
  le?: boolean;
}

/** Encode a value; derived fields are computed, never taken from the caller. */
export function encode<N extends Node<unknown, unknown, Role>>(node: N, value: EncodeInput<N>, opts: EncodeOptions = {}): Uint8Array {
  const s = new Sink(node.fixedSize ?? 256, opts.context, opts.le ?? true);
  encodeInto(s, node, value, opts);
  return s.result();
}

/** Encode into an existing sink (used by format writers that lay out several structures). */
export function encodeInto<N extends Node<unknown, unknown, Role>>(s: Sink, node: N, value: EncodeInput<N>, opts: EncodeOptions = {}): void {
  const depth = s.scopes.length;
  if (opts.scopes) s.scopes.push(...opts.scopes);
  const pdepth = s.path.length;
  if (opts.path) s.path.push(...opts.path);
  try {
    node.write(s, value);
  } catch (e) {
    if (e instanceof EncodeError || !(e instanceof Error)) throw e;
    throw new EncodeError(`${e.message}`, [...s.path]);
  } finally {
    s.scopes.length = depth;
    s.path.length = pdepth;
  }
}

/** Encoded size of a value (fixed-size nodes need no value). */
export function sizeOf<N extends Node<unknown, unknown, Role>>(node: N, value?: EncodeInput<N>): number {
  if (node.fixedSize !== undefined) return node.fixedSize;
  if (value === undefined) throw new Error(`${node.describe} has no fixed size; pass a value`);
  return node.sizeOf(value);
}

/**
 * What every reader accepts besides its input: a span tree to record into, and collect mode.
 * In collect mode (`problems` given) a reader reports each problem there and reads on wherever the
 * rest of the input still makes sense (skipping the bad blob, clamping the bad range); without it,
 * the first problem is thrown. Both modes run the same checks in the same order, so the first
 * problem collected is the error a strict read throws.
 */
export interface ReadOptions {
  /** Record the structures read in this span tree. */
  tree?: SpanTree;
  /**
   * Collect mode: problems are pushed here and reading goes on wherever the rest still makes sense. A
   * problem after which nothing can be read (a header that does not fit, a v2 role that is unknown) is
   * thrown, not pushed, as without collect mode.
   */
  problems?: DecodeError[];
}

/** Report a problem: collected in collect mode, thrown otherwise. */
export function report(opts: ReadOptions, e: DecodeError): void {
  if (!opts.problems) throw e;
  opts.problems.push(e);
}
