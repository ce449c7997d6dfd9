/**
 * The one growable byte buffer of the toolkit: encoders (`Sink`), the property-set writer and the
 * text printers (`syclbin dump`) all append to a ByteBuilder. Capacity doubles, so appending n bytes
 * costs O(n) overall; ASCII text is copied byte by byte (most of what the printers write), other
 * text goes through one TextEncoder.
 *
 * `flushAt` turns it into a streaming writer: once `length` reaches the threshold, the filled part is
 * handed to `flush` and the buffer starts over, so printing a huge listing needs a bounded buffer.
 */
const encoder = new TextEncoder();

/** Growable little- or big-endian byte buffer. */
export class ByteBuilder {
  protected buf: Uint8Array;
  protected view: DataView;
  /** Bytes written (since the last flush). */
  length = 0;

  constructor(
    capacity = 256,
    /** Byte order of multi-byte integers. */
    public le = true,
    private readonly flush?: (chunk: Uint8Array) => void,
    private readonly flushAt = 1 << 16,
  ) {
    this.buf = new Uint8Array(Math.max(16, capacity));
    this.view = new DataView(this.buf.buffer);
  }

  /** Make room for `n` more bytes (flushing first when streaming). */
  protected room(n: number): void {
    if (this.flush && this.length >= this.flushAt) this.drain();
    if (this.length + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.length + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** Streaming mode: hand what is buffered to the flush callback. */
  drain(): void {
    if (!this.flush || this.length === 0) return;
    // A copy: the callback may keep the chunk (e.g. a test collecting output).
    this.flush(this.buf.slice(0, this.length));
    this.length = 0;
  }

  u8(v: number): void {
    this.room(1);
    this.buf[this.length++] = v;
  }
  u16(v: number): void {
    this.room(2);
    this.view.setUint16(this.length, v, this.le);
    this.length += 2;
  }
  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.length, v, this.le);
    this.length += 4;
  }
  u64(v: bigint): void {
    this.room(8);
    this.view.setBigUint64(this.length, v, this.le);
    this.length += 8;
  }
  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  zeros(n: number): void {
    this.room(n);
    this.buf.fill(0, this.length, this.length + n);
    this.length += n;
  }
  /** Zero-fill up to a multiple of `align` (of the bytes written since the start). */
  alignTo(align: number): void {
    const pad = (align - (this.length % align)) % align;
    if (pad) this.zeros(pad);
  }
  /** Append text as UTF-8 (ASCII fast path for short strings, the native encoder for long ones). */
  text(s: string): void {
    if (s.length >= 32) {
      this.room(s.length * 3);
      this.length += encoder.encodeInto(s, this.buf.subarray(this.length)).written;
      return;
    }
    this.room(s.length);
    const start = this.length;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7f) {
        this.length = start;
        this.bytes(encoder.encode(s));
        return;
      }
      this.buf[this.length++] = c;
    }
  }
  /** The bytes written, as a new buffer of exactly that length. */
  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}
