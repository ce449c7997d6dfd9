/**
 * Every file a command reads or writes goes through one `Files` per run:
 * - `read`/`input`/`readAll`/`readText`: the one input opener (src/node/input.ts: files with
 *   positioned reads, `-` and pipes read fully); errors name the file;
 * - `output`/`write`: the one output writer (src/node/output.ts: temporary file + rename, `-` is
 *   standard output everywhere; a symbolic link is written through, a FIFO or device in place). It
 *   refuses to write over any input of the run (whichever was named first), or twice to one path,
 *   unless `--force`; standard input is read once and standard output written by one output.
 * Errors name the file as the user gave it, never a temporary file.
 */
import { statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { isThinArchive, thinArchiveSource } from '../containers/thin-archive.js';
import { ArThinMagic } from '../../formats/ar.js';
import { SyclbinError, type ByteSource, type Chunk } from '../codec/index.js';
import { errnoText, openInput, type InputFile } from '../node/input.js';
import { atomicFile, directFile, ensureDir, fileIdentity, outputTarget, type OutputSink } from '../node/output.js';
import type { CommandIO } from './command.js';
import { FileFailure } from './errors.js';
import { clipText } from '../codec/messages.js';
import { terminalSafe } from '../hex/terminal.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Characters gathered before {@link Files.writePieces} writes them. */
const WRITE_SLICE = 1 << 20;

/** Names of standard output on Linux (and BSDs/macOS for /dev/stdout, /dev/fd/1). */
const STDOUT_NAMES: ReadonlySet<string> = new Set(['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']);

/** Bytes thin-archive members may name again beyond {@link THIN_REPEAT_FACTOR} times the distinct files' bytes. */
export const THIN_REPEAT_SLACK = 64 * 1024 * 1024;
/** See {@link THIN_REPEAT_SLACK}. */
export const THIN_REPEAT_FACTOR = 8;

/**
 * A thin archive's member file that could not be opened: the member's name and the path it was looked
 * for at (raw, for JSON), LLVM's reason, and `text`, the `(MEMBER): 'PATH': REASON` that follows the
 * archive's name in a message (LLVM's `ARCHIVE(MEMBER): 'PATH': STRERROR`), safe for a terminal.
 */
export interface ThinMemberMissing {
  /** The member's name as the archive gives it. */
  member: string;
  /** Where its file was looked for (relative to the archive's folder, as LLVM looks). */
  path: string;
  /** Why it could not be opened (the errno text LLVM prints). */
  message: string;
  /** `(MEMBER): 'PATH': REASON`, names with control bytes escaped and clipped: what follows the archive's name. */
  text: string;
}

/** The files of one command run. */
export class Files {
  private readonly inputs: InputFile[] = [];
  /** Outputs by absolute path: their identity (or the path, for a new file) and the name given. */
  private readonly outputs = new Map<string, string>();
  /** Outputs by file identity (an existing file written under another name). */
  private readonly outputIds = new Map<string, string>();
  private readonly outputNames = new Map<string, string>();
  private readonly pending: { name: string; sink: OutputSink }[] = [];
  /** Pending file outputs by their real path (for `replace`). */
  private readonly byPath = new Map<string, OutputSink>();
  private stdinRead = false;
  private stdoutTaken = false;

  /**
   * @param force `--force` was given: outputs may replace inputs.
   * @param canForce the command has a `--force` option (the LLVM drop-ins have none: their refusal
   *   says to name another output instead of pointing to an option they do not accept).
   */
  constructor(
    private readonly io: CommandIO,
    private readonly force: boolean,
    private readonly canForce = true,
  ) {}

  /** The end of a refusal: how to get past it with this command. */
  private way(what: 'input' | 'twice'): string {
    if (this.canForce) return what === 'input' ? 'pass --force to do it anyway' : 'pass --force to write it twice';
    return what === 'input' ? 'this command never writes over an input; name another output' : 'name each output once';
  }

  /** Open an input (kept open until the run ends). Open failures name the file. */
  input(name: string): InputFile {
    if (name === '-') {
      if (this.stdinRead) throw new FileFailure(name, new Error('standard input is already an input of this command (it can be read once)'));
      this.stdinRead = true;
    }
    let f: InputFile;
    try {
      f = openInput(name, { cwd: this.io.cwd, stdin: this.io.stdin });
    } catch (e) {
      throw new FileFailure(name, new Error(errnoText(e)));
    }
    this.inputs.push(f);
    // An output named before this input (`offload-list FILE -o FILE` opens its output first).
    if (!this.force && (f.path || f.identity !== undefined)) {
      for (const [abs, id] of this.outputs) {
        if (abs === f.path || (f.identity !== undefined && id === f.identity)) {
          throw new FileFailure(this.outputNames.get(abs) ?? abs, new Error(`refusing to overwrite the input ${name} (${this.way('input')})`));
        }
      }
    }
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

  /**
   * A thin archive input (`!<thin>`) as the archive it stands for, its members read from the files they
   * name (relative to the archive's folder, as LLVM's Archive::Child::getFullName; standard input: the
   * current folder); any other input as it is (src/containers/thin-archive.ts). `note` is told how
   * many member files were read.
   */
  withThinMembers(name: string, src: ByteSource, note?: (message: string) => void): ByteSource & { thin?: true; missing?: ThinMemberMissing } {
    const magic = ArThinMagic.fixedSize!;
    if (src.size < magic || !isThinArchive(src.read(0, magic))) return src;
    const dir = name === '-' ? '' : dirname(name);
    // A file named by several members is opened once: known by its device and inode, so no spelling of
    // its path (`/d/./f`, `/d/../d/f`, a link) opens it again. Only regular files are members: a FIFO
    // would block, a device never ends (LLVM would read them whole).
    const opened = new Map<string, ByteSource>();
    // Each member is read as a whole object, so a file named again is parsed again (as LLVM does):
    // what is named again may add up to THIN_REPEAT_FACTOR times the distinct files' bytes and
    // THIN_REPEAT_SLACK, then the member fails as one whose file cannot be read (the members before it
    // are read). A 120 KB archive naming one 320 KB object 2,000 times was 640 MB of parsing.
    let distinct = 0;
    let again = 0;
    const open = (m: string): ByteSource => {
      const path = isAbsolute(m) || !dir ? m : join(dir, m);
      let st;
      try {
        st = statSync(resolve(this.io.cwd, path));
      } catch (e) {
        throw new Error(errnoText(e));
      }
      if (!st.isFile()) throw new Error(st.isDirectory() ? 'Is a directory' : 'not a regular file (a thin archive member is read only from a regular file)');
      const id = `${st.dev}:${st.ino}`;
      let s = opened.get(id);
      if (!s) {
        opened.set(id, (s = this.input(path).source));
        distinct += s.size;
      } else {
        again += s.size;
        const budget = THIN_REPEAT_FACTOR * distinct + THIN_REPEAT_SLACK;
        if (again > budget) throw new Error(`thin archive members name files again and again: ${again} bytes named again, more than ${budget} (${THIN_REPEAT_FACTOR} times the ${distinct} bytes of the distinct files, and ${THIN_REPEAT_SLACK}); not read further`);
      }
      return s;
    };
    const { source, members, missing } = thinArchiveSource(src, open);
    const files = members.filter((m) => !m.stored).length;
    note?.(`a thin archive: its ${files} member file(s) are read as its members, as LLVM reads them (offsets count in the archive they make: ${source.size} bytes)`);
    const out: ByteSource & { thin: true; missing?: ThinMemberMissing } = { ...source, read: source.read, thin: true };
    // A member file that cannot be opened: the members before it are read, then the command fails (as LLVM).
    if (missing) {
      const path = isAbsolute(missing.member.name) || !dir ? missing.member.name : join(dir, missing.member.name);
      const message = missing.error instanceof Error ? missing.error.message : String(missing.error);
      // The names come from the archive: shown with control bytes escaped and long ones clipped, as
      // every other name from a file is (a member name with ESC sequences would act on the terminal).
      const member = terminalSafe(clipText(missing.member.name));
      out.missing = { member: missing.member.name, path, message, text: `(${member}): '${terminalSafe(clipText(path))}': ${message}` };
    }
    return out;
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

  /**
   * An output: `-` is standard output; a file is written atomically when the run succeeds. `replace`:
   * a path this command already writes is written again, the later output replacing the earlier (as
   * LLVM's tools overwrite a file they wrote; otherwise a second output to one path is an error).
   */
  output(name: string, opts: { replace?: boolean } = {}): OutputSink {
    // Standard output by its device names is standard output (opening /dev/stdout fails when it is a socket).
    if (STDOUT_NAMES.has(name)) name = '-';
    if (name === '') throw new FileFailure("''", new Error('an empty file name'));
    if (name === '-') {
      if (this.stdoutTaken) throw new FileFailure(name, new Error('standard output is already an output of this command (give one of them a file name)'));
      this.stdoutTaken = true;
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
    let sink: OutputSink;
    let abs = '';
    try {
      const target = outputTarget(resolve(this.io.cwd, name));
      const earlier = opts.replace ? this.byPath.get(target.path) : undefined;
      if (earlier) {
        earlier.abort();
        this.outputs.delete(target.path);
        const id = fileIdentity(target.path);
        if (id) this.outputIds.delete(id);
      }
      this.check(name, target.path);
      abs = target.path;
      sink = target.special ? directFile(target.path) : atomicFile(target.path);
    } catch (e) {
      if (e instanceof FileFailure) throw e;
      throw new FileFailure(name, new Error(errnoText(e)));
    }
    // Write errors (a full disk) name the output as given, not its temporary file.
    const named = <A extends unknown[]>(f: (...a: A) => void) => (...a: A): void => {
      try {
        f(...a);
      } catch (e) {
        if ((e as NodeJS.ErrnoException)?.code) throw new FileFailure(name, new Error(errnoText(e)));
        throw e;
      }
    };
    const wrapped: OutputSink = { write: named(sink.write), writeChunks: named(sink.writeChunks), commit: named(sink.commit), abort: sink.abort };
    if (sink.seal) wrapped.seal = named(sink.seal);
    this.pending.push({ name, sink: wrapped });
    this.byPath.set(abs, wrapped);
    return wrapped;
  }

  /**
   * Is the output `name` a stream rather than a file written whole: standard output (`-` or one of
   * its device names), a FIFO or a device? A command's status line about what it wrote is left out
   * for such an output: it would land in the stream (`pack -o /dev/stdout > f`).
   */
  isStream(name: string): boolean {
    if (name === '-' || STDOUT_NAMES.has(name)) return true;
    try {
      return outputTarget(resolve(this.io.cwd, name)).special;
    } catch {
      return false;
    }
  }

  /** Write a whole output (`-` = standard output); `replace` as for {@link output}. */
  write(name: string, data: string | Uint8Array | readonly Chunk[], opts: { replace?: boolean } = {}): void {
    const out = this.output(name, opts);
    if (typeof data === 'string' || data instanceof Uint8Array) out.write(data);
    else out.writeChunks(data);
    out.seal?.();
  }

  /**
   * Write an output made of many pieces (`-` = standard output) in slices of about 1 MiB: the whole
   * text is never one string, so an output larger than a JavaScript string can hold (about 512 MiB)
   * is written too, and memory stays at a slice. `replace` as for {@link output}.
   */
  writePieces(name: string, pieces: Iterable<string>, opts: { replace?: boolean } = {}): void {
    const out = this.output(name, opts);
    let slice = '';
    for (const p of pieces) {
      slice += p;
      if (slice.length >= WRITE_SLICE) {
        out.write(slice);
        slice = '';
      }
    }
    if (slice) out.write(slice);
    out.seal?.();
  }

  /** A directory for outputs (created if needed). */
  dir(name: string): string {
    try {
      return ensureDir(resolve(this.io.cwd, name));
    } catch (e) {
      throw new FileFailure(name, new Error(errnoText(e)));
    }
  }

  /** `dir/file` for an output inside a directory made by `dir`. */
  join(dir: string, file: string): string {
    return join(dir, file);
  }

  /** Refuse an output over an input of this run, or a second output to the same path. */
  private check(name: string, abs: string): void {
    if (this.force) return;
    const id = fileIdentity(abs);
    // (by path, then by file identity: one lookup each, not a scan of every output so far)
    const prior = this.outputs.get(abs) ?? (id ? this.outputIds.get(id) : undefined);
    if (prior !== undefined) throw new FileFailure(name, new Error(`is already an output of this command (${this.way('twice')})`));
    for (const f of this.inputs) {
      if (f.path === abs || (id !== undefined && f.identity === id)) {
        throw new FileFailure(name, new Error(`refusing to overwrite the input ${f.name === '-' ? "- (standard input is this file)" : f.name} (${this.way('input')})`));
      }
    }
    this.outputs.set(abs, id ?? abs);
    if (id) this.outputIds.set(id, abs);
    this.outputNames.set(abs, name);
  }

  /** The run succeeded: commit every output; close every input. */
  finish(): void {
    try {
      this.commitPending();
    } finally {
      this.close();
    }
  }

  /**
   * Put every output written so far in place now (a command that, like the LLVM tool it follows,
   * keeps what it wrote before a later failure); later outputs are still written atomically.
   */
  commitPending(): void {
    const pending = this.pending.splice(0);
    for (let i = 0; i < pending.length; i++) {
      try {
        pending[i]!.sink.commit();
      } catch (e) {
        // One output could not be put in place: those not yet in place are dropped (no temporary file stays).
        for (const o of pending.slice(i + 1)) o.sink.abort();
        throw e;
      }
    }
  }

  /** The run failed: drop every pending output; close every input. */
  abort(): void {
    for (const o of this.pending.splice(0)) o.sink.abort();
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
