/**
 * An address space: the bytes a structure's offsets are relative to (a whole file, one binary inside
 * it, an image inside that, or an inflated payload that exists only in memory), with where it lies in
 * the input. Readers decode nodes at offsets of a space; the space bounds-checks, turns relative
 * offsets into absolute ones for errors and spans, and records spans only for bytes that exist in
 * the input (an inflated payload's do not).
 */
import { cursorFor } from './codec.js';
import { decodeUtf8, type Decoded, type Node, type Role, type StructNode } from './schema.js';
import { DecodeError } from './errors.js';
import { memorySource, readRange, windowOf, type ByteSource } from './source.js';
import type { PathKey, SpanKind, SpanNode, SpanTree } from './spans.js';

/** Where to record what is read, and how to name it in errors. */
export interface At {
  /** Path keys of the node (for errors). */
  readonly path: readonly PathKey[];
  /**
   * Parent span node and key. Nothing is recorded unless one of them is given (a read that only
   * looks, like sniffing a version, leaves no span); no key: the fields go straight under `parent`.
   */
  readonly parent?: SpanNode;
  /** Key of the recorded node under `parent`. */
  readonly key?: PathKey;
}

/** A byte range addressed from 0, placed at `base` in the input (-1: not in the input). */
export class Space {
  /** Size of the space in bytes. */
  readonly size: number;
  /** The span tree, only when the bytes are in the input. */
  readonly tree: SpanTree | undefined;

  constructor(
    /** The bytes of the space, addressed from 0. */
    readonly src: ByteSource,
    /** Absolute offset of this space's byte 0 in the input, or -1 for bytes that exist only in memory. */
    readonly base: number,
    tree: SpanTree | undefined,
    /** Byte order of multi-byte integers. */
    readonly le = true,
  ) {
    this.size = src.size;
    this.tree = base >= 0 ? tree : undefined;
  }

  /** A window `[offset, +size)` of this space as its own space. */
  sub(offset: number, size: number): Space {
    return new Space(windowOf(this.src, offset, size), this.base < 0 ? -1 : this.base + offset, this.tree, this.le);
  }

  /** A space over bytes in memory that are not in the input (e.g. an inflated payload). */
  static detached(bytes: Uint8Array, le = true): Space {
    return new Space(memorySource(bytes), -1, undefined, le);
  }

  /** Absolute offset of `o` for errors: inside a detached space, the space's own offsets. */
  abs(o: number): number {
    return this.base < 0 ? o : this.base + o;
  }

  /** `length` bytes at `o`, bounds-checked (EOF error at `o` with the given path). */
  bytes(o: number, length: number, what: string, path: readonly PathKey[]): Uint8Array {
    try {
      return readRange(this.src, o, length, what);
    } catch (e) {
      if (e instanceof DecodeError) throw e.rebase(this.abs(0)).within(...path);
      throw e;
    }
  }

  /** Decode `node` at `o` (a fixed-size node reads exactly its size; others read from `o` to the end). */
  decode<N extends Node<unknown, unknown, Role>>(node: N, o: number, at: At): Decoded<N> {
    const n = node.fixedSize ?? Math.max(0, this.size - o);
    const mem = this.src.bytes;
    const bytes = mem ?? this.bytes(o, n, node.describe, at.path);
    const start = mem ? o : 0;
    const c = cursorFor(bytes, start, { base: mem ? this.abs(0) : this.abs(o), end: mem ? Math.min(mem.length, o + n) : bytes.length, le: this.le });
    if (this.tree && (at.parent !== undefined || at.key !== undefined)) {
      c.tree = this.tree;
      c.parent = at.parent;
      c.key = at.key;
    }
    try {
      if (mem && (o < 0 || o + n > mem.length)) c.need(n, node.describe);
      return node.read(c) as Decoded<N>;
    } catch (e) {
      if (e instanceof DecodeError) e.within(...at.path);
      throw e;
    }
  }

  /**
   * A NUL-terminated UTF-8 string at `o`: its text and its size including the NUL. File sources are
   * read in growing chunks, so a long string costs O(length), a missing NUL O(space size).
   */
  cstring(o: number, at: At): { value: string; size: number } {
    const mem = this.src.bytes;
    let b: Uint8Array;
    let nul: number;
    if (mem) {
      nul = mem.indexOf(0, o);
      b = mem;
    } else {
      let chunk = 64;
      for (;;) {
        const n = Math.min(chunk, this.size - o);
        b = this.src.read(o, n);
        const i = b.indexOf(0);
        if (i >= 0 || o + n >= this.size) {
          nul = i < 0 ? -1 : o + i;
          break;
        }
        chunk *= 4;
      }
    }
    if (nul < 0) throw new DecodeError('EOF', 'string is not NUL-terminated before the end of its region', this.abs(o), at.path);
    const value = mem ? decodeUtf8(mem, o, nul) : decodeUtf8(b, 0, nul - o);
    const size = nul + 1 - o;
    this.record(at, o, size, 'string', value);
    return { value, size };
  }

  /** Record a span for `[o, +size)` of this space (nothing when not recording or not in the input). */
  record(at: At, o: number, size: number, kind: SpanKind, value?: unknown): SpanNode | undefined {
    // (as {@link At} says: a read given neither parent nor key records nothing; the tree would take
    // a keyless span under no parent as the root's own extent)
    if (!this.tree || (at.parent === undefined && at.key === undefined)) return undefined;
    return this.tree.add(at.parent, at.key, this.base + o, size, kind, value);
  }

  /**
   * A fixed-size structure at `o` that the space cuts short: its fields that fit are recorded (each
   * by its own node, as a whole read records it) under a group for what is there, so the bytes of a
   * truncated header are still named; nothing is returned (the caller reports the truncation). Only
   * when spans are recorded.
   */
  recordPrefix(s: StructNode<Record<string, Node<unknown, unknown, Role>>>, o: number, at: At): void {
    if (!this.tree || (at.parent === undefined && at.key === undefined) || s.fixedSize === undefined) return;
    const available = Math.max(0, Math.min(this.size - o, s.fixedSize));
    if (available === 0) return;
    const group = this.record(at, o, available, 'group');
    for (const [key, node] of Object.entries(s.fields)) {
      const off = s.offsets[key];
      if (off === undefined || node.fixedSize === undefined || off + node.fixedSize > available) break;
      try {
        this.decode(node, o + off, { path: [...at.path, key], parent: group, key });
      } catch (e) {
        if (!(e instanceof DecodeError)) throw e;
        // A field whose bytes are there but whose value is refused (a wrong magic, a u64 past 2^53):
        // named all the same, without a value, so the error's path is on its bytes (annotate,
        // hexdump); the fields after it, at their fixed places, are read on.
        this.tree.add(group, key, this.abs(o + off), node.fixedSize, e.code === 'MAGIC' ? 'magic' : 'field');
      }
    }
  }
}

/** Where a structure (an object file, an archive member) lies in a larger input. */
export interface InputPlacement {
  /** Absolute offset of its byte 0 (default 0). */
  origin?: number;
  /** Its size (default: the rest of the input). */
  size?: number;
  /** Path keys before its own paths (default none), e.g. `['members', 3, 'data']`. */
  path?: readonly PathKey[];
}

/**
 * The address space of a placed structure (a window of the input, spans and errors at absolute
 * offsets) and the span node its structures go under (the node at its path; the root without one).
 */
export function placedSpace(src: ByteSource, place: InputPlacement, tree?: SpanTree, le = true): { file: Space; node: SpanNode | undefined; path: readonly PathKey[] } {
  const origin = place.origin ?? 0;
  const whole = new Space(src, 0, tree, le);
  const file = origin === 0 && place.size === undefined ? whole : whole.sub(origin, place.size ?? src.size - origin);
  const path = place.path ?? [];
  return { file, node: tree && path.length ? tree.at(path) : undefined, path };
}

/** Run `read`; a DecodeError leaving it gets `path` in front of its own path. */
export function withinPath<T>(path: readonly PathKey[], read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof DecodeError && path.length) e.within(...path);
    throw e;
  }
}
