/**
 * Output held back until it is known to be wanted, in bounded memory: chunks stay in memory up to a
 * limit, then go to a temporary file, and are written out in order once the producer has finished
 * (`drainTo`) or dropped (`dispose`). For a command that must print nothing when its input fails
 * part-way (dump: syclbin-dump reads the whole file before it prints), whatever the output's size.
 * Node-only.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bytes kept in memory before the rest goes to a temporary file. */
export const SPILL_AFTER = 64 * 1024 * 1024;

/** The temporary file for held output could not be made or written (the message says where and why). */
export class SpillError extends Error {}

/** Chunks in memory, then in a temporary file. */
export class SpillBuffer {
  private readonly chunks: Uint8Array[] = [];
  private held = 0;
  private file: { dir: string; fd: number; size: number } | undefined;
  /** Removes the temporary file when the process ends first (an exit while writing, Ctrl-C). */
  private readonly onExit = (): void => this.dispose();
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    this.dispose();
    process.kill(process.pid, signal);
  };

  constructor(private readonly limit = SPILL_AFTER) {}

  /** Keep `chunk` (it is not copied while in memory: the caller must not reuse it). */
  push(chunk: Uint8Array): void {
    if (!this.file && this.held + chunk.length <= this.limit) {
      this.chunks.push(chunk);
      this.held += chunk.length;
      return;
    }
    if (!this.file) {
      let dir: string | undefined;
      try {
        dir = mkdtempSync(join(tmpdir(), 'syclbin-spill-'));
        this.file = { dir, fd: openSync(join(dir, 'out'), 'w+', 0o600), size: 0 };
      } catch (e) {
        if (dir) rmSync(dir, { recursive: true, force: true });
        throw new SpillError(`cannot hold more than ${this.limit} bytes of output in a temporary file in ${tmpdir()} (set TMPDIR to another folder): ${(e as Error).message}`);
      }
      process.on('exit', this.onExit);
      process.once('SIGINT', this.onSignal);
      process.once('SIGTERM', this.onSignal);
      for (const c of this.chunks) this.append(c);
      this.chunks.length = 0;
      this.held = 0;
    }
    this.append(chunk);
  }

  private append(c: Uint8Array): void {
    const f = this.file!;
    try {
      for (let at = 0; at < c.length; ) at += writeSync(f.fd, c, at, c.length - at, f.size + at);
    } catch (e) {
      const where = f.dir;
      this.dispose();
      throw new SpillError(`cannot hold the output in a temporary file in ${where}: ${(e as Error).message}`);
    }
    f.size += c.length;
  }

  /** Hand everything kept to `write`, in order (in 1 MiB windows once spilled), then let it go. */
  drainTo(write: (chunk: Uint8Array) => void): void {
    try {
      if (!this.file) {
        for (const c of this.chunks) write(c);
        return;
      }
      const window = new Uint8Array(1 << 20);
      for (let at = 0; at < this.file.size; ) {
        const n = readSync(this.file.fd, window, 0, Math.min(window.length, this.file.size - at), at);
        if (n <= 0) throw new Error(`the temporary file of held output ended at ${at} of ${this.file.size} bytes`);
        write(window.slice(0, n));
        at += n;
      }
    } finally {
      this.dispose();
    }
  }

  /** Drop what is kept (the temporary file is removed). */
  dispose(): void {
    this.chunks.length = 0;
    this.held = 0;
    if (this.file) {
      const f = this.file;
      this.file = undefined;
      process.off('exit', this.onExit);
      process.off('SIGINT', this.onSignal);
      process.off('SIGTERM', this.onSignal);
      try {
        closeSync(f.fd);
      } catch {
        // (already closed)
      }
      rmSync(f.dir, { recursive: true, force: true });
    }
  }
}
