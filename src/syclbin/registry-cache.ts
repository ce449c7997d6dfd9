/**
 * Registries of metadata blobs by their bytes, for a streaming read whose visitor keeps and changes
 * nothing it is handed (VISIT_SHARES_BLOBS: `dump`). A compiler writes every abstract module and
 * every IR module of a SYCLBIN its own metadata blob, and those blobs mostly say the same thing (one
 * target triple, a handful of optimisation levels): a blob whose bytes are those of a blob parsed
 * before reads as the registry that one read as, since registry text means the same wherever it lies
 * (src/props/registry.ts; only an error's offset depends on the place, and blobs that did not read
 * are never kept). The dump writer then also finds the same set objects again and copies their
 * text (src/syclbin/dump.ts, DumpWriter.set).
 *
 * Lookups that keep missing (a file whose blobs all differ) rest for a while: such a file is read at
 * the cost of a lookup in every seventeen blobs.
 *
 * Bounded: a direct-mapped table of {@link SLOTS} slots, blobs of at most {@link MAX_BLOB} bytes
 * kept as their place in the buffer they lie in (nothing copied); a lookup hashes the blob's
 * bytes, a hit compares them once, linear in the blob as the parse it saves is.
 */
import type { PropertySetRegistry } from '../props/model.js';

/** Slots of the table (a power of two). */
const SLOTS = 256;
/** Longest blob kept (longer ones are parsed each time: their parse outweighs the lookup anyway). */
const MAX_BLOB = 512;
/** Lookups per window of the hit count, the share of hits below which lookups rest (1 in RARE), and for how many blobs. */
const WINDOW = 1024;
const RARE = 16;
const REST = 16384;

/**
 * Registries of the blobs of one buffer (a v1 metadata table) read so far, by their bytes (see the
 * module comment). A blob is kept as its place in that buffer: nothing is copied, and a miss costs
 * a hash of its bytes.
 */
export class RegistryCache {
  /** The buffer the kept places are in (the first one looked up in; another one starts afresh). */
  private buffer: Uint8Array | undefined;
  private view: DataView | undefined;
  private readonly starts = new Int32Array(SLOTS);
  private readonly lengths = new Int32Array(SLOTS).fill(-1);
  private readonly registries: (PropertySetRegistry | undefined)[] = new Array(SLOTS);
  /** Slot of the last {@link get} that missed, for {@link set} (-1: not to be kept). */
  private slot = -1;

  /** Lookups and hits in the current window (see {@link WINDOW}), and blobs left to pass unlooked-at. */
  private looked = 0;
  private hits = 0;
  private resting = 0;

  /** The registry a blob of the bytes `bytes[from, to)` read as before, or undefined. */
  get(bytes: Uint8Array, from: number, to: number): PropertySetRegistry | undefined {
    const n = to - from;
    this.slot = -1;
    if (n > MAX_BLOB) return undefined;
    // A file whose blobs do not repeat pays for lookups that miss: after a window of them that hit
    // less than one time in RARE, the next REST blobs are not looked at (then another window).
    if (this.resting > 0) {
      this.resting--;
      return undefined;
    }
    if (++this.looked === WINDOW) {
      if (this.hits * RARE < WINDOW) this.resting = REST;
      this.looked = 0;
      this.hits = 0;
    }
    if (bytes !== this.buffer) {
      this.buffer = bytes;
      this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.lengths.fill(-1);
      this.registries.fill(undefined);
    }
    // A multiplicative hash of the length and every byte, four at a time (blobs that differ in one
    // digit must not share a slot; a byte at a time cost a tenth of a dump of distinct blobs).
    const view = this.view!;
    let h = Math.imul(0x811c9dc5 ^ n, 16777619);
    let i = from;
    for (const end = to - 3; i < end; i += 4) h = Math.imul(h ^ view.getUint32(i, true), 0x9e3779b1);
    for (; i < to; i++) h = Math.imul(h ^ bytes[i]!, 16777619);
    h ^= h >>> 15;
    const slot = (h ^ (h >>> 8) ^ (h >>> 16)) & (SLOTS - 1);
    this.slot = slot;
    if (this.lengths[slot] !== n) return undefined;
    const at = this.starts[slot]!;
    if (at !== from) for (let i = 0; i < n; i++) if (bytes[at + i] !== bytes[from + i]) return undefined;
    this.hits++;
    return this.registries[slot];
  }

  /** Keep `registry` as what `bytes[from, to)` read as, after a {@link get} of the same range missed. */
  set(bytes: Uint8Array, from: number, to: number, registry: PropertySetRegistry): void {
    if (this.slot < 0 || bytes !== this.buffer) return;
    this.starts[this.slot] = from;
    this.lengths[this.slot] = to - from;
    this.registries[this.slot] = registry;
    this.slot = -1;
  }
}
