/**
 * Every file a command reads or writes goes through one `Files` per run:
 * - `read`/`input`/`readAll`/`readText`: the one input opener (src/node/input.ts: files with
 *   positioned reads, `-` and pipes read fully); errors name the file;
 * - `output`/`write`: the one output writer (src/node/output.ts: temporary file + rename, `-` is
 *   standard output everywhere). It refuses to write over any input of the run, or twice to one path,
 *   unless `--force`.
 */
import { join, resolve } from 'node:path';
import { SyclbinError, type ByteSource, type Chunk } from '../codec/index.js';
import { errnoText, openInput, type InputFile } from '../node/input.js';
import { atomicFile, ensureDir, fileIdentity, type OutputSink } from '../node/output.js';
import type { CommandIO } from './command.js';
import { FileFailure } from './errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The files of one command run. */
export class Files {
  private readonly inputs: InputFile[] = [];
  private readonly outputs = new Map<string, string>();
  private readonly pending: OutputSink[] = [];

  constructor(
    private readonly io: CommandIO,
    private readonly force: boolean,
  ) {}

  /** Open an input (kept open until the run ends). Open failures name the file. */
  input(name: string): InputFile {
    let f: InputFile;
    try {
      f = openInput(name, { cwd: this.io.cwd, stdin: this.io.stdin });
    } catch (e) {
      throw new FileFailure(name, new Error(errnoText(e)));
    }
    this.inputs.push(f);
    return f;
  }

  /** Run `fn` on input `name`; the toolkit's errors (bad input) come out naming the file. */
  read<T>(name: string, fn: (src: ByteSource, file: InputFile) => T): T {
    const f = this.input(name);
    try {
      return fn(f.source, f);
    } catch (e) {
      if (e instanceof SyclbinError) throw new FileFailure(name, e);
      throw e;
    }
  }

  /** As {@link Files.read}, for a `fn` that awaits (e.g. loads the module that reads this kind of input). */
  async readAsync<T>(name: string, fn: (src: ByteSource, file: InputFile) => Promise<T>): Promise<T> {
    const f = this.input(name);
    try {
      return await fn(f.source, f);
    } catch (e) {
      if (e instanceof SyclbinError) throw new FileFailure(name, e);
      throw e;
    }
  }

  /** The whole input in memory. */
  readAll(name: string): Uint8Array {
    const src = this.input(name).source;
    return src.bytes ?? src.read(0, src.size);
  }

  /** The whole input as UTF-8 text. */
  readText(name: string): string {
    try {
      return utf8.decode(this.readAll(name));
    } catch (e) {
      if (e instanceof TypeError) throw new FileFailure(name, new Error('not UTF-8 text'));
      throw e;
    }
  }

  /** An output: `-` is standard output; a file is written atomically when the run succeeds. */
  output(name: string): OutputSink {
    if (name === '-') {
      const out = this.io.stdout;
      return {
        write: (c) => out.write(c),
        writeChunks: (chunks) => {
          for (const c of chunks) out.write(c instanceof Uint8Array ? c : c.bytes());
        },
        commit: () => undefined,
        abort: () => undefined,
      };
    }
    const abs = resolve(this.io.cwd, name);
    this.check(name, abs);
    const sink = atomicFile(abs);
    this.pending.push(sink);
    return sink;
  }

  /** Write a whole output (`-` = standard output). */
  write(name: string, data: string | Uint8Array | readonly Chunk[]): void {
    const out = this.output(name);
    if (typeof data === 'string' || data instanceof Uint8Array) out.write(data);
    else out.writeChunks(data);
  }

  /** A directory for outputs (created if needed). */
  dir(name: string): string {
    return ensureDir(resolve(this.io.cwd, name));
  }

  /** `dir/file` for an output inside a directory made by `dir`. */
  join(dir: string, file: string): string {
    return join(dir, file);
  }

  /** Refuse an output over an input of this run, or a second output to the same path. */
  private check(name: string, abs: string): void {
    if (this.force) return;
    const id = fileIdentity(abs);
    const prior = this.outputs.get(abs) ?? (id ? [...this.outputs.entries()].find(([, v]) => v === id)?.[0] : undefined);
    if (prior !== undefined) throw new FileFailure(name, new Error('is already an output of this command (pass --force to write it twice)'));
    for (const f of this.inputs) {
      if (f.path === abs || (id !== undefined && f.identity === id)) {
        throw new FileFailure(name, new Error(`refusing to overwrite the input ${f.name} (pass --force to do it anyway)`));
      }
    }
    this.outputs.set(abs, id ?? abs);
  }

  /** The run succeeded: commit every output; close every input. */
  finish(): void {
    try {
      for (const o of this.pending.splice(0)) o.commit();
    } finally {
      this.close();
    }
  }

  /** The run failed: drop every pending output; close every input. */
  abort(): void {
    for (const o of this.pending.splice(0)) o.abort();
    this.close();
  }

  private close(): void {
    for (const f of this.inputs.splice(0)) {
      try {
        f.close();
      } catch {
        /* closing a file we only read */
      }
    }
  }
}
