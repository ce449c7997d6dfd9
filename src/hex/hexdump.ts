/**
 * Annotated hexdump (issue 6 §2): classic 16-byte rows — offset, hex, ASCII — followed by the paths of
 * the fields that start on the row (a field continuing from an earlier row is shown as `…path`).
 * Colours (ANSI, one per field, cycling) only when asked for (the CLI asks only for a TTY).
 * Long images/compressed payloads/unreferenced runs are elided to their first and last rows unless
 * `full` is set. `focus` (a path pattern) blanks every byte outside the matching spans and prints only
 * the rows that hold focused bytes.
 */
import { terminalSafe } from './terminal.js';
import { ArgumentError, describeValue, toSource, wholeNumberArgument, type ByteSource, optionsArgument, type BytesLike, type OptionKeys } from '../codec/index.js';
import { leavesOf, matchingRanges, type Annotation, type AnnotatedSpan } from './annotate.js';
import { isWithin, pathMatcher } from './paths.js';
import { placeNames } from './place-names.js';

/** Options of `hexdump`. */
export interface HexdumpOptions {
  /** [start, end) byte range: whole offsets, start within the file; the end is clamped to the file ({@link HexRangeError} otherwise). */
  range?: [number, number];
  /** Path pattern (see paths.ts matchPath); one that matches no span is an {@link ArgumentError}. */
  path?: string;
  /** Colour the rows by field (ANSI SGR). */
  color?: boolean;
  /** Do not elide long blobs. */
  full?: boolean;
}

/** The options hexdump and hexdumpLines take (typed: a new option cannot be left out; any other key is an UnknownOptionError). */
const HEXDUMP_KEYS: OptionKeys<HexdumpOptions> = { range: true, path: true, color: true, full: true };

const PALETTE = [36, 33, 32, 35, 34, 91, 96, 93, 92, 95];
const ELIDE_KINDS = new Set(['image', 'compressed', 'unreferenced']);
const ELIDE_ROWS = 16;

function sgr(code: string, text: string, on: boolean): string {
  return on ? `\x1b[${code}m${text}\x1b[0m` : text;
}

function colourOf(s: AnnotatedSpan, index: number): string {
  if (s.kind === 'padding') return '2';
  if (s.kind === 'padding-nonzero' || s.kind === 'unreferenced') return '41;97';
  return String(PALETTE[index % PALETTE.length]);
}

/** A malformed or impossible range (`--range` text, or the `range` option): an ArgumentError; the CLI reports it as a usage error, exit 2. */
export class HexRangeError extends ArgumentError {}

/** Parse `--range` text (`A:B`, `A:`, `:B`; decimal or 0x hex; B exclusive, clamped to `size`). {@link HexRangeError} for malformed text. */
export function parseRange(text: string, size: number): [number, number] {
  // (from JavaScript: not text was "text.trim is not a function"; the size a whole number, as the range's end is clamped to it)
  if (typeof text !== 'string') throw new HexRangeError(`parseRange: the range must be text ('A:B', 'A:', ':B'), not ${describeValue(text)}`);
  wholeNumberArgument(size, 'size');
  // Trimmed first (String#trim drops exactly the characters \s matches): the former
  // /^\s*([0-9a-fA-FxX]*)\s*:\s*([0-9a-fA-FxX]*)\s*$/ let two \s* meet wherever a part was
  // empty, and split a blank run every way: ':' and 100,000 blanks then 'z' took seconds (cubic with
  // blanks on both sides). Here no two quantified parts can match the same characters.
  const m = /^([0-9a-fA-FxX]*)\s*:\s*([0-9a-fA-FxX]*)$/.exec(text.trim());
  // Read whole (any number of digits: an end past the file is clamped, whatever its size).
  const num = (t: string, dflt: number): bigint => {
    if (t === '') return BigInt(dflt);
    if (!/^(0x[0-9a-f]+|[0-9]+)$/i.test(t)) throw new HexRangeError(`bad offset '${t}' (decimal or 0x hex)`);
    return BigInt(t.toLowerCase());
  };
  if (!m) throw new HexRangeError(`bad range '${text}' (expected A:B, A: or :B; decimal or 0x hex; B exclusive)`);
  const start = num(m[1]!, 0);
  if (start > BigInt(size)) throw new HexRangeError(`bad range '${text}': start ${start} is past the end of the ${size}-byte file`);
  const a = Number(start);
  const end = num(m[2]!, size);
  const b = end < BigInt(size) ? Number(end) : size;
  if (a > b) throw new HexRangeError(`bad range '${text}': start is after end`);
  return [a, b];
}

/**
 * A `range` option given through the library, checked as parseRange checks `--range` text: whole
 * offsets, start not past the file or the end; the end clamped to the file (rows past its end would
 * be blank, and a huge end would print without bound).
 */
function checkedRange(range: readonly [number, number], size: number): [number, number] {
  // (text such as '0:16' is parseRange's: this takes the two numbers it returns)
  if (!Array.isArray(range) || range.length !== 2) throw new HexRangeError(`range must be [start, end] (two numbers; parseRange reads 'A:B' text), not ${describeValue(range)}${typeof range === 'string' ? ` '${range}'` : ''}`);
  const [a, b] = range;
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 0 || b < 0) throw new HexRangeError(`bad range [${a}, ${b}]: offsets are whole numbers from 0`);
  if (a > size) throw new HexRangeError(`bad range [${a}, ${b}]: start ${a} is past the end of the ${size}-byte file`);
  if (a > b) throw new HexRangeError(`bad range [${a}, ${b}]: start is after end`);
  return [a, Math.min(b, size)];
}

/**
 * A label shortened in its middle when longer than `max`: a path may hold a key as long as its line
 * (a property line of 60 KB), and repeating it on every row of the field made the dump quadratic
 * (fuzz case 301952 of seed 24301: 191 MB of text for a 35 KB file).
 */
function shortLabel(path: string, max: number): string {
  return path.length <= max ? path : `${path.slice(0, max / 2)}…${path.slice(-max / 2)}`;
}
/** A continuing field's label. */
const CONTINUED_MAX = 120;
/**
 * The label where a field starts, shortened past this length likewise (its middle: the key at its
 * end stays): a 50 KB set name in every key's path made a row per key print the whole name, the
 * dump quadratic in the file. `annotate` lists the whole paths.
 */
const LABEL_MAX = 400;

/**
 * The merged, sorted byte ranges of the spans matching path pattern `path` (paths.ts): by their own
 * path or by a path that shares their bytes (tail-merged strings). Empty when nothing matches.
 */
export function pathRanges(ann: Annotation, path: string): [number, number][] {
  return matchingRanges(ann, pathMatcher(withSectionIndices(ann, path)));
}

/**
 * `path` with the sections it names by name as `diff` prints them (`sections[".llvm.offloading"]`, a
 * later section of the same name `sections[".text"#2]`; `sectionHeaders[...]` alike) named by index,
 * as the span tree names them (`sections[11]`): a path `diff` printed selects its bytes here. A name
 * the file has no section of is left as it is (it then matches nothing, and says so).
 */
export function withSectionIndices(ann: Annotation, path: string): string {
  if (!path.includes('["')) return path;
  // (the names as diff gives them: an ELF file's section table, a COFF object's listing, an archive's
  // members and their sections; src/hex/place-names.ts)
  const places = placeNames(ann);
  if (places.sections?.length) return sectionsByIndex(path, places.sections);
  if (!places.members?.length) return path;
  const members = places.members;
  // members["k.o"] (a later member of the same name: members["k.o"#2]) → members[i]
  const byName = NAMED_MEMBER.exec(path);
  let rest = path;
  let member: (typeof members)[number] | undefined;
  if (byName) {
    const name = jsonName(byName[1]!);
    let left = byName[2] === undefined ? 1 : Number(byName[2]);
    member = name === undefined ? undefined : members.find((m) => m.name === name && --left === 0);
    if (!member) return path;
    rest = path.slice(byName[0].length);
  } else {
    const byIndex = /^members\[(\d+)\]/.exec(path);
    if (!byIndex) return path;
    member = members.find((m) => m.index === Number(byIndex[1]));
    rest = path.slice(byIndex[0].length);
  }
  if (!member) return path;
  const head = `members[${member.index}]`;
  // …data.sections[".text"] of that member → its section's index
  return member.sections && rest.startsWith('.data.') ? `${head}.data.${sectionsByIndex(rest.slice('.data.'.length), member.sections)}` : head + rest;
}

/** An archive member named as diff names it, at the start of a path: `members["NAME"]` or `members["NAME"#n]`. */
const NAMED_MEMBER = /^members\[("(?:[^"\\]|\\.)*")(?:#(\d+))?\]/;

/** A JSON string's value, or undefined when it is none. */
function jsonName(quoted: string): string | undefined {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}

/** `path` with each `sections["NAME"#n]` / `sectionHeaders[…]` written with the index `names` gives it (left as it is when there is none). */
function sectionsByIndex(path: string, names: readonly string[]): string {
  return path.replace(/\b(sections|sectionHeaders)\[("(?:[^"\\]|\\.)*")(?:#(\d+))?\]/g, (whole, head: string, quotedName: string, nth?: string) => {
    const name = jsonName(quotedName);
    if (name === undefined) return whole;
    let left = nth === undefined ? 1 : Number(nth);
    for (let i = 0; i < names.length; i++) if (names[i] === name && --left === 0) return `${head}[${i}]`;
    return whole;
  });
}

/**
 * `/^(.*\.images\[\d+\])(?:#\d+)?\.(?:triple|offloadKind|kernels(?:\.length|\[.*\]))$/.exec(path)`
 * (index 1: the image) by a scan: the pattern tried `.*\]$` to the end after every '.images[N]',
 * quadratic on a long --path ('.images[0].kernels[' x 5,000 + 'x': 0.48 s, 100x per 10x). The
 * greedy `.*` takes the last '.images[' the rest matches after; `.` stops at line breaks.
 */
export function imageOfPath(path: string): [string, string] | undefined {
  if (/[\n\r\u2028\u2029]/.test(path)) return undefined;
  const after = /\d+\](?:#\d+)?/y;
  for (let k = path.lastIndexOf('.images['); k >= 0; k = k > 0 ? path.lastIndexOf('.images[', k - 1) : -1) {
    after.lastIndex = k + 8;
    const m = after.exec(path);
    if (!m) continue;
    const rest = path.slice(after.lastIndex);
    if (rest === '.triple' || rest === '.offloadKind' || rest === '.kernels.length' || (rest.length >= 10 && rest.startsWith('.kernels[') && rest.endsWith(']'))) {
      return [path, path.slice(0, k + 8 + m[0].indexOf(']') + 1)];
    }
  }
  return undefined;
}

/**
 * Why `path` selects no bytes, and what would: structures it names that are empty (a 0-byte
 * metadata blob), or the same path deeper in the file (a SYCLBIN inside an envelope has paths that
 * start with the entry's, `entries[0].image.abstractModules[0]…`).
 */
function noMatch(ann: Annotation, given: string): string {
  const path = withSectionIndices(ann, given);
  const matcher = pathMatcher(path);
  const empty = ann.spans.filter((s) => matcher(s.path));
  if (empty.length) return `'${path}' matches only empty structures (0 bytes): ${empty.slice(0, 3).map((s) => s.path).join(', ')}${empty.length > 3 ? ', …' : ''}`;
  // (what 'syclbin diff' says of a device image beside its bytes: read from the descriptor and entries tables, no span of its own)
  const image = imageOfPath(given);
  if (image && !path.includes('*')) return `no span matches '${given}': a device image's triple, offload kind and kernels (the paths 'syclbin diff' gives them, IMAGE.triple, IMAGE.offloadKind, IMAGE.kernels["NAME"]) are not byte spans; '${image[1]}' is the image ('syclbin offload-list' lists its kernels)`;
  const same = sharedTwin(ann, path);
  if (same) return `no span matches '${path}': ${same.via} is the very bytes of ${same.twin}, which are explained there; did you mean '${same.suggestion}'?`;
  const deeper = pathMatcher(`**.${path}`);
  const found = ann.spans.find((s) => s.size > 0 && deeper(s.path));
  if (!found) {
    // An archive member's own contents are under members[i].data (its header under .header): a
    // pattern that left '.data' out is answered with the path that has it.
    const member = /^(members\[(?:\d+|"(?:[^"\\]|\\.)*"(?:#\d+)?)\])\.(?!data\b|header\b)/.exec(given);
    if (member) {
      const withData = `${member[1]}.data.${given.slice(member[0].length)}`;
      const m = pathMatcher(withSectionIndices(ann, withData));
      if (ann.spans.some((s) => s.size > 0 && m(s.path))) return `no span matches '${given}'; did you mean '${withData}'? (an archive member's contents are under members[…].data, its header under members[…].header)`;
    }
    return `no span matches '${given}'${given === path ? '' : ` (read as '${path}')`}`;
  }
  // The suggestion: the first span's path up to where the pattern starts (a pattern with wildcards is suggested as '**.PATTERN').
  let suggestion = `**.${path}`;
  if (!path.includes('*')) {
    for (let i = found.path.indexOf('.' + path); i >= 0; i = found.path.indexOf('.' + path, i + 1)) {
      const after = found.path[i + 1 + path.length];
      if (after === undefined || after === '.' || after === '[') {
        suggestion = found.path.slice(0, i + 1) + path;
        break;
      }
    }
  }
  return `no span matches '${path}'; did you mean '${suggestion}'? (paths start at the file's outermost structure; '**.${path}' matches at any depth)`;
}

/**
 * For a path below a structure that shares all its bytes with another one (entries whose images are
 * one SYCLBIN: only the first is explained, the others share its bytes), the other structure and the
 * path below it that does match. One pass over the spans.
 */
function sharedTwin(ann: Annotation, path: string): { via: string; twin: string; suggestion: string } | undefined {
  if (path.includes('*')) return undefined;
  // The structure the path goes through: a span that owns the shared bytes, or one of its sharers.
  const through = (x: AnnotatedSpan): boolean => x.size > 0 && x.path !== path && isWithin(path, x.path);
  let via: AnnotatedSpan | undefined;
  for (const s of ann.spans) {
    via = s.shared?.length && through(s) ? s : s.sharers?.find(through);
    if (via) break;
  }
  if (!via) return undefined;
  const twin = ann.spans.find((g) => g.kind === 'group' && g.offset === via!.offset && g.size === via!.size && g.path !== via!.path);
  if (!twin) return undefined;
  const suggestion = twin.path + path.slice(via.path.length);
  return ann.spans.some((x) => x.size > 0 && isWithin(x.path, suggestion)) ? { via: via.path, twin: twin.path, suggestion } : undefined;
}

/** The annotated hexdump of `input` (only the rows printed are read). */
export function hexdump(input: BytesLike | ByteSource, ann: Annotation, opts: HexdumpOptions = {}): string {
  // (joined once: a string grown line by line is rebuilt as it grows)
  const lines: string[] = [];
  for (const line of hexdumpLines(input, ann, opts)) lines.push(line);
  return lines.join('');
}

/**
 * The annotated hexdump of `input` a row at a time (each line with its `\n`), for outputs larger
 * than one string can hold. Checks its arguments (and `path`, ArgumentError when nothing matches)
 * before the first row.
 */
export function hexdumpLines(input: BytesLike | ByteSource, ann: Annotation, opts: HexdumpOptions = {}): Generator<string> {
  opts = optionsArgument(opts, 'hexdump', HEXDUMP_KEYS);
  const src = toSource(input);
  const size = src.size;
  // The annotation names the bytes: one made of another input would label these wrongly.
  if (typeof ann !== 'object' || ann === null || !Array.isArray((ann as Annotation).spans)) throw new ArgumentError(`hexdump: expected the annotation of the input (annotate(input)), not ${describeValue(ann)}`);
  if (ann.size !== size) throw new ArgumentError(`hexdump: the annotation is of a ${ann.size}-byte input, this input is ${size} bytes: annotate this input`);
  const leaves = leavesOf(ann);
  const color = opts.color ?? false;
  let [start, end] = opts.range ? checkedRange(opts.range, size) : [0, size];
  // Focus: the union of the spans whose path matches.
  let focus: [number, number][] | undefined;
  let match: ((path: string) => boolean) | undefined;
  if (opts.path !== undefined) {
    if (typeof opts.path !== 'string') throw new ArgumentError(`hexdump: the path option must be a path pattern (a string such as 'abstractModules[0].**'), not ${describeValue(opts.path)}`);
    match = pathMatcher(withSectionIndices(ann, opts.path));
    focus = matchingRanges(ann, match);
    // Not an empty dump that looks like a result: the caller asked for bytes that have no name.
    if (!focus.length) throw new ArgumentError(noMatch(ann, opts.path));
    start = Math.max(start, focus[0]![0]);
    end = Math.min(end, focus[focus.length - 1]![1]);
  }
  // An empty range (`--range 0x1c1:0x1c1`, or one starting at the end of the file) has no rows.
  if (start >= end) return (function* (): Generator<string> {})();
  // Merged, sorted focus ranges: the first range ending after `o`, by binary search.
  const rangeAfter = (o: number): number => {
    let lo = 0;
    let hi = focus!.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (focus![mid]![1] <= o) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const inFocus = (o: number): boolean => {
    if (o < start || o >= end) return false;
    if (!focus) return true;
    const r = focus[rangeAfter(o)];
    return r !== undefined && r[0] <= o;
  };
  // Leaf index of each offset, by binary search over the tiling.
  // (rows are read in order: the leaf of the byte before, or the next one, is tried first)
  let near = -1;
  const holds = (k: number, o: number): boolean => k >= 0 && k < leaves.length && o >= leaves[k]!.offset && o < leaves[k]!.offset + leaves[k]!.size;
  const leafAt = (o: number): number => {
    if (holds(near, o)) return near;
    if (holds(near + 1, o)) return ++near;
    let lo = 0;
    let hi = leaves.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = leaves[mid]!;
      if (o < s.offset) hi = mid - 1;
      else if (o >= s.offset + s.size) lo = mid + 1;
      else return (near = mid);
    }
    return -1;
  };
  const width = Math.max(8, (size > 0 ? size - 1 : 0).toString(16).length);
  return rows();
  function* rows(): Generator<string> {
  let row = Math.floor(start / 16) * 16;
  while (row < end) {
    // Skip rows without focused bytes.
    if (focus) {
      let any = false;
      for (let o = Math.max(row, start); o < Math.min(row + 16, end); o++) {
        if (inFocus(o)) {
          any = true;
          break;
        }
      }
      if (!any) {
        const next = focus[rangeAfter(row + 15)];
        if (!next) break;
        row = Math.max(row + 16, Math.floor(next[0] / 16) * 16);
        continue;
      }
    }
    // Elide the middle of a long blob that covers whole rows.
    const li = leafAt(row);
    const leaf = li >= 0 ? leaves[li]! : undefined;
    if (!opts.full && leaf && ELIDE_KINDS.has(leaf.kind) && leaf.size > ELIDE_ROWS * 16) {
      const firstFull = Math.ceil(leaf.offset / 16) * 16;
      const lastRow = Math.floor((leaf.offset + leaf.size) / 16) * 16 - 16;
      if (row >= firstFull + 32 && row < lastRow) {
        const skipTo = Math.min(lastRow, Math.floor(end / 16) * 16);
        if (skipTo > row) {
          const n = (skipTo - row) / 16;
          yield sgr('2', `${'*'.padEnd(width)}  … ${n} row(s) of ${terminalSafe(shortLabel(leaf.path, LABEL_MAX))} (0x${row.toString(16)}..0x${skipTo.toString(16)}) …`, color) + '\n';
          row = skipTo;
          continue;
        }
      }
    }
    let hex = '';
    let ascii = '';
    const names: string[] = [];
    const labels: string[] = [];
    const rowBytes = src.read(row, Math.max(0, Math.min(16, size - row)));
    for (let i = 0; i < 16; i++) {
      const o = row + i;
      if (i === 8) hex += ' ';
      if (o >= size || !inFocus(o)) {
        hex += '   ';
        ascii += ' ';
        continue;
      }
      const b = rowBytes[i]!;
      const k = leafAt(o);
      const s = k >= 0 ? leaves[k] : undefined;
      const c = s ? colourOf(s, k) : '0';
      hex += sgr(c, b.toString(16).padStart(2, '0'), color) + ' ';
      ascii += sgr(c, b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.', color);
      // A leaf is named where it starts, and where a focused range starts inside it (at a row's
      // first byte, or after bytes outside the focus: a tail-merged string's sharer starts mid-leaf).
      if (s && (o === s.offset || o === row || !inFocus(o - 1))) {
        // Focused on a path that shares the leaf's bytes (a tail-merged string of another entry):
        // named as asked, not by the owner.
        const name = match && !match(s.path) ? (s.shared?.find(match) ?? s.path) : s.path;
        const label = terminalSafe(o === s.offset ? shortLabel(name, LABEL_MAX) : `…${shortLabel(name, CONTINUED_MAX)}`);
        if (!labels.includes(label)) {
          labels.push(label);
          names.push(sgr(c, label, color));
        }
      }
    }
    yield `${row.toString(16).padStart(width, '0')}  ${hex} |${ascii}|${names.length ? '  ' + names.join(' ') : ''}`.trimEnd() + '\n';
    row += 16;
  }
  }
}
