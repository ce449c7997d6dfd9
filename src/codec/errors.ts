/**
 * Typed errors of the toolkit. Every error raised while reading input carries the byte offset
 * (absolute, in the input being decoded) and the structured path of what was being read, so a
 * person can find the bad bytes (`syclbin hexdump --range`) and a program can match on `code`.
 * The codec knows no format: format readers subclass these errors to add their own wording.
 */
import { formatPath, SpanTree, type PathKey } from './spans.js';

/** Category of a SyclbinError (each code says when it is used). */
export type ErrorCode =
  | 'EOF' // fewer bytes than the structure needs
  | 'MAGIC' // magic constant mismatch
  | 'RANGE' // a value outside its allowed range (u64 too large, offset past end, ...)
  | 'DERIVED' // a derived field (count/size/offset) disagrees with what it measures
  | 'VERSION' // unsupported version number
  | 'FORMAT' // other structural problem
  | 'LIMIT' // a configured resource limit (e.g. decompression cap) was hit
  | 'UNAVAILABLE' // the input needs an implementation that was not provided (e.g. libzstd for zstd payloads)
  | 'SYNTAX' // text formats (property-set registry, Base64, manifests)
  | 'ENCODE' // a value cannot be written
  | 'ARGUMENT'; // a caller's argument the function does not take (from JavaScript: a wrong type, an offset or option out of range)

/** Base class of the toolkit's own errors (input and model problems, never programming errors). */
export class SyclbinError extends Error {
  /** The error's category. */
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    // No stack trace (but for ArgumentError): these errors describe the input, not the program (the CLI prints their message
    // with its offset and path; a stack is printed only for internal errors, which are not these).
    // Capturing one cost 20 µs per error, and collect mode makes one per problem: 9,000 problems of a
    // fuzz case spent 180 ms there.
    // (V8's Error.stackTraceLimit; other engines ignore it.) A caller's wrong argument keeps its
    // stack: it points at the caller's mistake, not at the input.
    const engine = Error as ErrorConstructor & { stackTraceLimit?: number };
    const limit = engine.stackTraceLimit;
    if (code !== 'ARGUMENT') engine.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      engine.stackTraceLimit = limit;
    }
    this.code = code;
    this.name = new.target.name;
  }
}

/**
 * An argument the library function does not take: an input that is not bytes, an offset or option
 * that is not a whole number in range. TypeScript callers are held to the types; this is what a
 * JavaScript caller gets instead of a TypeError or RangeError from deep inside a reader.
 */
export class ArgumentError extends SyclbinError {
  constructor(message: string) {
    super('ARGUMENT', message);
  }
}

/**
 * The range `[from, to)` of an input of `size` bytes that options give (`from` defaults to 0, `to`
 * to `size`): whole numbers with `from <= to <= size`, else an {@link ArgumentError} naming the
 * options (`names`), never a silently empty or phantom range.
 */
export function rangeArgument(from: unknown, to: unknown, size: number, names: readonly [string, string] = ['from', 'to']): { from: number; to: number } {
  const f = from === undefined ? 0 : wholeNumberArgument(from, names[0]);
  const t = to === undefined ? size : wholeNumberArgument(to, names[1]);
  if (t > size) throw new ArgumentError(`${names[1]} (${t}) is past the end of the ${size}-byte input`);
  if (f > t) throw new ArgumentError(`${names[0]} (${f}) is after ${names[1]} (${t})`);
  return { from: f, to: t };
}

/**
 * A structure path given as an option (`path`: the keys put before the paths a reader makes): an
 * array of strings and whole numbers, or an {@link ArgumentError} naming `what`. Undefined is none.
 */
export function pathArgument(v: unknown, what: string): PathKey[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((k) => typeof k === 'string' || (typeof k === 'number' && Number.isSafeInteger(k) && k >= 0))) {
    throw new ArgumentError(`${what} must be an array of path keys (strings and whole numbers), not ${describeValue(v)}`);
  }
  return v as PathKey[];
}

/**
 * An options object of a library function holds a key the function does not take (a typo such as
 * `maxInflatedsize`, or an option of another function): refused, since an option silently ignored
 * does nothing the caller asked for. `option` is the key, `known` the keys the function takes.
 */
export class UnknownOptionError extends ArgumentError {
  constructor(
    /** The function whose options held the key. */
    readonly fn: string,
    /** The key the function does not take. */
    readonly option: string,
    /** The keys it takes (sorted; none for a function that takes no options yet, such as writeArchive). */
    readonly known: readonly string[],
  ) {
    const near = nearestKey(option, known);
    super(`${fn}: unknown option '${option}'${near === undefined ? '' : ` (did you mean '${near}'?)`}; ${known.length === 0 ? 'it takes no options' : `the options are ${known.join(', ')}`}`);
  }
}

/**
 * Every string key of the options type `T`, each mapped to `true`: declared with this type, a list
 * of the keys a function takes fails to compile when the type gains or loses a key, so the runtime
 * check ({@link optionsArgument}) and the type cannot drift apart. (Symbol keys are internal and
 * never checked.)
 */
export type OptionKeys<T> = { readonly [K in Extract<keyof T, string>]-?: true };

/** The key of `known` a typo most likely meant: the same letters in another case, or one edit away. */
function nearestKey(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const sameCase = known.find((k) => k.toLowerCase() === lower);
  if (sameCase !== undefined) return sameCase;
  return known.find((k) => editDistanceAtMostOne(k.toLowerCase(), lower));
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The options argument of a library function: `undefined` and `null` are no options (`{}`), an object
 * is itself, anything else (a string, a number, an array) an {@link ArgumentError} naming `fn`, not
 * silently no options. So is an object whose `tree` is not a SpanTree or whose `problems` is not an
 * array (the ReadOptions every reader's options extend), or whose `inflatedBudget` is not an object,
 * or whose `maxInflatedSize` is not a whole number.
 * Given `known` (the keys the function takes), a key not among them (and not undefined) is an
 * {@link UnknownOptionError}.
 */
export function optionsArgument<T extends object>(opts: T | null | undefined, fn: string, known?: OptionKeys<T>): T {
  if (opts === undefined || opts === null) return {} as T;
  if (typeof opts !== 'object' || Array.isArray(opts)) throw new ArgumentError(`${fn}: the options must be an object (or null or undefined for none), not ${describeValue(opts)}`);
  // A key the function does not take would be silently ignored (`{ maxInflatedsize: 1 }` read with no
  // cap of 1): refused, naming it. Only own string keys (symbol keys are internal flags), and only
  // those with a value: `{ key: undefined }` is no option, as an optional property left out is.
  if (known !== undefined) {
    for (const key of Object.keys(opts)) {
      if (!Object.hasOwn(known, key) && (opts as Record<string, unknown>)[key] !== undefined) throw new UnknownOptionError(fn, key, Object.keys(known).sort());
    }
  }
  // The options every reader's options extend (codec.ts ReadOptions): a tree that is no SpanTree or
  // problems that are no array would end deep in the reader in a TypeError (or, for problems, be
  // taken as collect mode and fail at the first problem): refused here, where every reader starts.
  const { tree, problems, inflatedBudget } = opts as { tree?: unknown; problems?: unknown; inflatedBudget?: unknown };
  if (tree !== undefined && !(tree instanceof SpanTree)) throw new ArgumentError(`${fn}: the tree option must be a SpanTree (codec.SpanTree), not ${describeValue(tree)}`);
  if (problems !== undefined && !Array.isArray(problems)) throw new ArgumentError(`${fn}: the problems option (collect mode) must be an array the problems are pushed to, not ${describeValue(problems)}`);
  // (and the decompression budget the readers of compressed payloads share, ReadOffloadOptions.inflatedBudget)
  // A cap that is no whole number was refused only when a compressed payload came to be inflated: on
  // any other input `{ maxInflatedSize: -1 }` read without a word. Refused where every reader starts.
  const { maxInflatedSize } = opts as { maxInflatedSize?: unknown };
  if (maxInflatedSize !== undefined) wholeNumberArgument(maxInflatedSize, 'maxInflatedSize');
  if (inflatedBudget !== undefined && (typeof inflatedBudget !== 'object' || inflatedBudget === null || Array.isArray(inflatedBudget))) throw new ArgumentError(`${fn}: the inflatedBudget option must be an object ({} to start a shared budget), not ${describeValue(inflatedBudget)}`);
  return opts;
}

/**
 * What a value is, for a message about an argument or a model field of the wrong kind: `null`,
 * `undefined`, the type of a primitive (`number`, `string`), `an array`, `a plain object`, or the
 * class of any other object with its article (`a Map`, `an ArrayBuffer`).
 */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v !== 'object') return typeof v;
  if (Array.isArray(v)) return 'an array';
  const name = (v as { constructor?: { name?: unknown } }).constructor?.name;
  if (typeof name !== 'string' || name === '' || name === 'Object') return 'a plain object';
  // (`an ArrayBuffer`, `a Uint16Array`: the article goes by the sound)
  return `${/^(?:[AEIO]|U(?!int))/.test(name) ? 'an' : 'a'} ${name}`;
}

/**
 * `value` as a message shows an option it cannot honour: a string quoted, and called a string when
 * it looks like the number that was meant (`'2' (a string)`); other values as they print.
 */
export function shownValue(value: unknown): string {
  return typeof value === 'string' ? `'${value}'${/^\d+$/.test(value) ? ' (a string)' : ''}` : String(value);
}

/** `value` when it is a whole number from `min` to 2^53 - 1, else an {@link ArgumentError} naming `what`. */
export function wholeNumberArgument(value: unknown, what: string, min = 0): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new ArgumentError(`${what} must be a whole number from ${min} (got ${typeof value === 'number' ? String(value) : typeof value})`);
  }
  return value;
}

/** Raised by every reader for bad input, with the byte offset and structured path of the problem. */
export class DecodeError extends SyclbinError {
  /** Absolute byte offset of the problem in the input handed to the reader. */
  offset: number;
  /** Path keys, outermost first (`['entries', 2, 'stringOffset']`). */
  readonly pathSegments: PathKey[];
  /**
   * For EOF errors: bytes the structure needs. Measured from `offset` for a field or record that
   * does not fit; for a size field that covers a whole structure (an OffloadBinary's `Size`, the
   * end of a SYCLBIN's binary table), the structure's total from its start, as the message says.
   */
  readonly needed?: number;
  /** For EOF errors: bytes there are, measured as {@link DecodeError.needed} is. */
  readonly available?: number;
  /** The message without the location suffix. */
  readonly reason: string;
  /**
   * Which path keys are names from the data (a property set's name, a property key): rendered
   * `["name"]` as the span tree renders them (`metadata["SYCL/misc properties"]["optLevel"]`).
   */
  readonly namedKeys: boolean[];

  constructor(code: ErrorCode, reason: string, offset: number, path: readonly PathKey[] = [], extra: { needed?: number; available?: number; named?: number } = {}) {
    super(code, reason);
    this.reason = reason;
    this.offset = offset;
    this.pathSegments = [...path];
    this.needed = extra.needed;
    this.available = extra.available;
    const plain = path.length - (extra.named ?? 0);
    this.namedKeys = path.map((_, i) => i >= plain);
    this.refreshMessage();
  }

  /** The path rendered for people: `entries[2].stringOffset`, `globalMetadata["SYCLBIN/global metadata"]["state"]`. */
  get path(): string {
    return formatPath(this.pathSegments, this.namedKeys);
  }

  /** Prepend outer path keys while the error unwinds through enclosing structures. */
  within(...outer: PathKey[]): this {
    this.pathSegments.unshift(...outer);
    this.namedKeys.unshift(...outer.map(() => false));
    this.refreshMessage();
    return this;
  }

  /** Shift the offset when a sub-buffer was decoded (e.g. an image inside an envelope). */
  rebase(base: number): this {
    this.offset += base;
    this.refreshMessage();
    return this;
  }

  /**
   * What the input looks like instead and which function reads it, when a reader was given bytes of
   * another known kind (`the bytes are an ELF file: readElfOffloadBinaries …`); also at the end of
   * {@link DecodeError.reason}. Undefined for input of no known kind.
   */
  hint?: string;

  /** Add {@link DecodeError.hint} to this error (at the end of its reason and message); returns the same error. */
  withHint(hint: string): this {
    this.hint = hint;
    (this as { reason: string }).reason = hintedReason(this.reason, hint);
    this.refreshMessage();
    return this;
  }

  /** Rebuild `message` from `reason`, the path and the offset (after either changed). */
  protected refreshMessage(): void {
    const where = this.pathSegments.length ? ` (at ${this.path}, offset ${hex(this.offset)})` : ` (at offset ${hex(this.offset)})`;
    this.message = this.reason + where;
  }
}

/** `reason` with `hint` after it: a new sentence after one that ends with a full stop, else after `; `. */
function hintedReason(reason: string, hint: string): string {
  return /\.$/.test(reason) ? `${reason} ${hintSentence(hint)}` : `${reason}; ${hint}`;
}

function hintSentence(hint: string): string {
  return `${hint[0]!.toUpperCase()}${hint.slice(1)}.`;
}

/**
 * The message of `e` (or `text`, its reason) without its {@link DecodeError.hint}, for a caller that
 * says what the input is in its own words, as the CLI does; unchanged when it has none.
 */
export function messageWithoutHint(e: DecodeError, text: string = e.message): string {
  if (e.hint === undefined) return text;
  for (const added of [` ${hintSentence(e.hint)}`, `; ${e.hint}`]) {
    const at = text.indexOf(added);
    if (at >= 0) return text.slice(0, at) + text.slice(at + added.length);
  }
  return text;
}

/** Raised by writers when a model cannot be written (value out of range, inconsistent model). */
export class EncodeError extends SyclbinError {
  /** Structure path of the value that could not be written, as keys. */
  readonly pathSegments: PathKey[];
  /** The message without the location suffix. */
  readonly reason: string;
  /** Which path keys are names from the data (rendered `["name"]`; see DecodeError.namedKeys). */
  readonly namedKeys: boolean[];
  /** `named`: how many of the last keys of `path` are names from the data. */
  constructor(reason: string, path: readonly PathKey[] = [], named = 0) {
    super('ENCODE', reason);
    this.reason = reason;
    this.pathSegments = [...path];
    this.namedKeys = path.map((_, i) => i >= path.length - named);
    this.message = this.pathSegments.length ? `${reason} (at ${this.path})` : reason;
  }
  /** The structure path as text (`entries[0].image`). */
  get path(): string {
    return formatPath(this.pathSegments, this.namedKeys);
  }
  /** Prefix the path with `outer` (an enclosing structure adds its place); returns the same error. */
  within(...outer: PathKey[]): this {
    return this.prefix(outer, false);
  }
  /** Prefix the path with names from the data (a property set's name and key); returns the same error. */
  withinNames(...names: PathKey[]): this {
    return this.prefix(names, true);
  }
  private prefix(keys: PathKey[], named: boolean): this {
    this.pathSegments.unshift(...keys);
    this.namedKeys.unshift(...keys.map(() => named));
    this.message = `${this.reason} (at ${this.path})`;
    return this;
  }
}

/** `0x1f` */
export function hex(n: number | bigint): string {
  return '0x' + n.toString(16);
}
