/**
 * Tokenizer for LLVM IR text (the `.ll` syntax of llvm/lib/AsmParser/LLLexer.cpp, LLVM 14–19):
 * one linear pass over the character codes, no recursion, no backtracking beyond one token, and no
 * allocation per token: tokens are stored column-wise in typed arrays (kind, start, end; lines from the line starts) and
 * their values are sliced lazily and interned (one string per distinct name or keyword, see
 * {@link TokenList.valueOf}). Every token has its 1-based line and column; comments (`;` to end of
 * line) are dropped, line breaks are kept as `nl` tokens because the reader uses them to delimit
 * instructions the way LLVM prints them.
 *
 * Token kinds:
 *   - `lvar` `%name` / `%"quoted"` / `%42`  (value: the name, unescaped)
 *   - `gvar` `@name` / `@"quoted"` / `@42`
 *   - `attrgrp` `#42`                        (value: the number as text)
 *   - `comdat` `$name`
 *   - `meta` `!name` / `!42`                  (value: name or number text; `!"…"` is `!` + `str`)
 *   - `str` `"…"` (value: the unescaped bytes as a latin-1 string), `cstr` `c"…"` (same)
 *   - `int` `-?[0-9]+`, `fp` decimal with `.`/exponent, `hexfp` `0x…` / `0xH…` / `0xK…` / `0xL…` /
 *     `0xM…` / `0xR…`, `uhex`/`shex` `u0x…`/`s0x…`
 *   - `label` `name:` (label definition at the start of a block)
 *   - `word` keywords, types (`i32`, `ptr`, `float`), opcodes
 *   - punctuation: `=` `,` `(` `)` `[` `]` `{` `}` `<` `>` `*` `!` `:` `|` and `...`
 */
import { IrSyntaxError } from './errors.js';

/** What a token is (the module comment lists each kind and its value). */
export type TokenKind =
  | 'lvar'
  | 'gvar'
  | 'attrgrp'
  | 'comdat'
  | 'meta'
  | 'str'
  | 'cstr'
  | 'int'
  | 'fp'
  | 'hexfp'
  | 'label'
  | 'word'
  | 'punct'
  | 'nl'
  | 'eof';

/** One token of IR text. */
export interface Token {
  /** What the token is. */
  readonly kind: TokenKind;
  /** Unescaped name / literal text / punctuation character(s). */
  readonly value: string;
  /** Offset of the token's first character in the text. */
  readonly start: number;
  /** Offset just past the token. */
  readonly end: number;
  /** 1-based line of the token's first character. */
  readonly line: number;
  /** 1-based column of the token's first character. */
  readonly column: number;
  /** For `lvar`/`gvar`/`label`: the name was written in quotes. */
  readonly quoted: boolean;
}

/**
 * The prefix of a local value's name that is all digits but was written quoted (`%"2"`), which
 * keeps it apart from the unnamed value `%2` (see TokenList.namedLocal).
 */
export const NAMED_DIGITS = '\u0000';

/** Token kinds as small integers (the order of {@link KIND_NAMES}), what the reader compares. */
export const TK = {
  lvar: 0,
  gvar: 1,
  attrgrp: 2,
  comdat: 3,
  meta: 4,
  str: 5,
  cstr: 6,
  int: 7,
  fp: 8,
  hexfp: 9,
  label: 10,
  word: 11,
  punct: 12,
  nl: 13,
  eof: 14,
} as const;

/** Kind names by {@link TK} code. */
export const KIND_NAMES: readonly TokenKind[] = ['lvar', 'gvar', 'attrgrp', 'comdat', 'meta', 'str', 'cstr', 'int', 'fp', 'hexfp', 'label', 'word', 'punct', 'nl', 'eof'];

const enum C {
  TAB = 9,
  NL = 10,
  CR = 13,
  SPACE = 32,
  QUOTE = 34,
  HASH = 35,
  DOLLAR = 36,
  PERCENT = 37,
  PLUS = 43,
  MINUS = 45,
  DOT = 46,
  ZERO = 48,
  NINE = 57,
  COLON = 58,
  SEMI = 59,
  AT = 64,
  BACKSLASH = 92,
  UNDERSCORE = 95,
  BANG = 33,
}

/** Character classes of the ASCII range, one bit each (a table look-up per character in the scan loops). */
const enum CC {
  HEX = 1,
  /** `[-a-zA-Z$._0-9]`: an unquoted identifier (LLLexer). */
  ID = 2,
  /** Letters, digits, `_`, `.`: a keyword/word (`x86_fp80`, `llvm.foo` attribute words). */
  WORD = 4,
  /** Single-character punctuation: `= , ( ) [ ] { } < > * : |`. */
  PUNCT = 8,
}
const CLASSES = ((): Uint8Array => {
  const t = new Uint8Array(128);
  const set = (from: number, to: number, bits: number): void => {
    for (let c = from; c <= to; c++) t[c]! |= bits;
  };
  set(C.ZERO, C.NINE, CC.HEX | CC.ID | CC.WORD);
  set(65, 70, CC.HEX);
  set(97, 102, CC.HEX);
  set(65, 90, CC.ID | CC.WORD);
  set(97, 122, CC.ID | CC.WORD);
  for (const c of [C.UNDERSCORE, C.DOT]) set(c, c, CC.ID | CC.WORD);
  for (const c of [C.MINUS, C.DOLLAR]) set(c, c, CC.ID);
  for (const ch of '=,()[]{}<>*:|') set(ch.charCodeAt(0), ch.charCodeAt(0), CC.PUNCT);
  return t;
})();
/** Whether character code `c` (any value, NaN past the end of a text) is in class `cls`. */
function isClass(c: number, cls: CC): boolean {
  return c < 128 && (CLASSES[c]! & cls) !== 0;
}
function isDigit(c: number): boolean {
  return c >= C.ZERO && c <= C.NINE;
}
function isHex(c: number): boolean {
  return isClass(c, CC.HEX);
}
/** Characters of an unquoted identifier: `[-a-zA-Z$._0-9]` (LLLexer). */
function isIdChar(c: number): boolean {
  return isClass(c, CC.ID);
}
/** Characters of a keyword/word: letters, digits, `_`, `.` (for `x86_fp80`, `llvm.foo` attribute words). */
function isWordChar(c: number): boolean {
  return isClass(c, CC.WORD);
}
/** Single-character punctuation: `= , ( ) [ ] { } < > * : |`. */
function isPunctChar(c: number): boolean {
  return isClass(c, CC.PUNCT);
}

/** Unescapes LLVM's `\XX` and `\\` in a quoted string, as LLLexer's UnEscapeLexed (a flat string, built from slices). */
export function unescapeLlvm(s: string): string {
  let bs = s.indexOf('\\');
  if (bs < 0) return s;
  const parts: string[] = [];
  let from = 0;
  while (bs >= 0) {
    if (bs + 1 < s.length && s.charCodeAt(bs + 1) === C.BACKSLASH) {
      parts.push(s.slice(from, bs), '\\');
      from = bs + 2;
    } else if (bs + 2 < s.length && isHex(s.charCodeAt(bs + 1)) && isHex(s.charCodeAt(bs + 2))) {
      parts.push(s.slice(from, bs), String.fromCharCode(parseInt(s.slice(bs + 1, bs + 3), 16)));
      from = bs + 3;
    } else {
      parts.push(s.slice(from, bs + 1));
      from = bs + 1;
    }
    bs = s.indexOf('\\', from);
  }
  parts.push(s.slice(from));
  return parts.join('');
}

/** A token of a {@link TokenList}, built on request (error paths and callers outside the reader). */
class ListToken implements Token {
  constructor(
    private readonly list: TokenList,
    private readonly index: number,
    readonly kind: TokenKind,
    readonly start: number,
    readonly end: number,
    readonly line: number,
    readonly column: number,
    readonly quoted: boolean,
  ) {}
  get value(): string {
    return this.list.valueOf(this.index);
  }
}

/**
 * Where a token is, for a message that may never be written: its line and column are computed
 * (two binary searches) only when read. Passes record a place per call they resolve; almost none is
 * ever reported.
 */
export class TokenPlace {
  constructor(
    private readonly list: TokenList,
    private readonly index: number,
  ) {}
  /** 1-based line. */
  get line(): number {
    return this.list.lineOf(this.index);
  }
  /** 1-based column. */
  get column(): number {
    return this.list.columnOf(this.index);
  }
  /** Offset of the token's first character. */
  get offset(): number {
    return this.list.startOf(this.index);
  }
}

/** `t` holds the characters of `s` at offset `at` (a loop: cheaper than startsWith for short strings). */
function sameChars(t: string, at: number, s: string): boolean {
  for (let k = 0; k < s.length; k++) if (t.charCodeAt(at + k) !== s.charCodeAt(k)) return false;
  return true;
}

/** Initial capacity of the intern table (a power of two). */
const INTERN_INITIAL = 1 << 12;

/**
 * The tokens of a text, stored column-wise in typed arrays (a module of several MB has millions of
 * tokens; one object each would make the garbage collector the main cost). The reader works on
 * token indices ({@link TokenList.kindCode}, {@link TokenList.charAt}, {@link TokenList.textIs},
 * {@link TokenList.valueOf}); {@link TokenList.get} builds a {@link Token} object for other callers.
 *
 * Values are interned: the same name or keyword spelled twice yields the same string, found by a
 * hash of the characters in the text (no substring is made to look it up). Values that need
 * unescaping (quoted names, strings, `c"…"`) are unescaped once per token and interned by content.
 */
export class TokenList {
  private kinds: Uint8Array;
  private starts: Int32Array;
  private ends: Int32Array;
  private n = 0;
  /** Offset of the first character of each line (index = line - 1). */
  private lineStarts: Int32Array;
  private lineCount = 1;
  // Intern table: open addressing over FNV-1a hashes of raw text ranges.
  private slots: Int32Array = new Int32Array(INTERN_INITIAL);
  private hashes: Int32Array = new Int32Array(INTERN_INITIAL);
  private readonly interned: string[] = [];
  private internCount = 0;
  /** Per token: 1 + index of its value in `interned` once computed, 0 before. */
  private valueIds: Int32Array;
  /** Id of the value the last intern/unescape produced (0: not interned, e.g. `nl`). */
  private lastId = 0;

  /** The IR text the tokens index into. */
  readonly text: string;
  constructor(text: string) {
    this.text = text;
    const cap = Math.max(16, (text.length >> 2) + 16);
    this.kinds = new Uint8Array(cap);
    this.starts = new Int32Array(cap);
    this.ends = new Int32Array(cap);
    this.valueIds = new Int32Array(cap);
    this.lineStarts = new Int32Array(Math.max(16, text.length >> 5));
  }

  /** Number of tokens (the last one is `eof`). */
  get length(): number {
    return this.n;
  }

  /** Appends a token (used by {@link tokenize}); `kind` is a {@link TK} code. */
  add(kind: number, start: number, end: number): void {
    if (this.n === this.kinds.length) this.grow();
    const i = this.n++;
    this.kinds[i] = kind;
    this.starts[i] = start;
    this.ends[i] = end;
  }

  /** Records that line `line` (1-based) starts at `offset` (used by {@link tokenize}). */
  newLine(line: number, offset: number): void {
    if (line > this.lineStarts.length) {
      const b = new Int32Array(this.lineStarts.length * 2);
      b.set(this.lineStarts);
      this.lineStarts = b;
    }
    this.lineStarts[line - 1] = offset;
    if (line > this.lineCount) this.lineCount = line;
  }

  private grow(): void {
    const cap = this.kinds.length * 2;
    const k = new Uint8Array(cap);
    k.set(this.kinds);
    this.kinds = k;
    const s = new Int32Array(cap);
    s.set(this.starts);
    this.starts = s;
    const e = new Int32Array(cap);
    e.set(this.ends);
    this.ends = e;
    this.valueIds = new Int32Array(cap);
  }

  /** Offset of token `i`'s first character. */
  startOf(i: number): number {
    return this.starts[i]!;
  }

  /** Offset just past token `i`. */
  endOf(i: number): number {
    return this.ends[i]!;
  }

  /** Whether token `i`'s text is exactly `v` (no token object built). */
  textIs(i: number, v: string): boolean {
    const start = this.starts[i]!;
    return this.ends[i]! - start === v.length && sameChars(this.text, start, v);
  }

  /** Character code of token `i`'s first character (NaN past the end of the text). */
  charAt(i: number): number {
    return this.text.charCodeAt(this.starts[i]!);
  }

  /**
   * How token `i` changes the bracket depth: +1 for `(` `[` `{` `<`, -1 for `)` `]` `}` `>`, 0 for
   * any other token (what the walkers that find an operand's extent count).
   */
  bracketDelta(i: number): number {
    if (this.kindCode(i) !== TK.punct) return 0;
    const c = this.charAt(i);
    return c === 0x28 || c === 0x5b || c === 0x7b || c === 0x3c ? 1 : c === 0x29 || c === 0x5d || c === 0x7d || c === 0x3e ? -1 : 0;
  }

  /** Length of token `i`'s text. */
  lengthOf(i: number): number {
    return this.ends[i]! - this.starts[i]!;
  }

  /** 1-based line of token `i`. */
  lineOf(i: number): number {
    // The last line starting at or before the token (binary search over the line starts).
    const at = this.starts[i]!;
    let lo = 0;
    let hi = this.lineCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** 1-based column of token `i`. */
  columnOf(i: number): number {
    return this.starts[i]! - this.lineStarts[this.lineOf(i) - 1]! + 1;
  }

  /** Token `i`'s place, its line and column computed when read. */
  placeOf(i: number): TokenPlace {
    return new TokenPlace(this, i);
  }

  /** {@link TK} code of token `i` ({@link TK.eof} past the end). */
  kindCode(i: number): number {
    return i < this.n && i >= 0 ? this.kinds[i]! : TK.eof;
  }

  /** Kind of token `i` without building the token. */
  kindAt(i: number): TokenKind | undefined {
    return i < this.n && i >= 0 ? KIND_NAMES[this.kinds[i]!] : undefined;
  }

  /** Whether token `i` was written in quotes (`%"…"`, `@"…"`, `$"…"`, `"…":`). */
  quotedAt(i: number): boolean {
    const k = this.kinds[i]!;
    const c = this.text.charCodeAt(this.starts[i]!);
    if (k === TK.label) return c === C.QUOTE;
    return (k === TK.lvar || k === TK.gvar || k === TK.comdat) && this.text.charCodeAt(this.starts[i]! + 1) === C.QUOTE;
  }

  /** The value of token `i` (see {@link Token.value}): names without sigils, strings unescaped; interned. */
  valueOf(i: number): string {
    const id = this.valueIds[i]!;
    if (id !== 0) return this.interned[id - 1]!;
    const v = this.computeValue(i);
    if (this.lastId !== 0) this.valueIds[i] = this.lastId;
    return v;
  }

  /**
   * A small number naming token `i`'s value (equal values, equal numbers; 1 … number of distinct
   * values), so a reader can keep per-name flags in an array instead of a string set.
   */
  valueIdOf(i: number): number {
    if (this.valueIds[i] === 0) this.valueOf(i);
    return this.valueIds[i]!;
  }

  private computeValue(i: number): string {
    this.lastId = 0;
    const kind = this.kinds[i]!;
    const start = this.starts[i]!;
    const end = this.ends[i]!;
    switch (kind) {
      case TK.lvar:
        return this.text.charCodeAt(start + 1) === C.QUOTE ? this.namedLocal(this.unescaped(start + 2, end - 1)) : this.intern(start + 1, end);
      case TK.gvar:
      case TK.comdat:
        return this.text.charCodeAt(start + 1) === C.QUOTE ? this.unescaped(start + 2, end - 1) : this.intern(start + 1, end);
      case TK.attrgrp:
        return this.intern(start + 1, end);
      case TK.meta:
        return this.unescaped(start + 1, end);
      case TK.str:
        return this.unescaped(start + 1, end - 1);
      case TK.cstr:
        return this.unescaped(start + 2, end - 1);
      case TK.label:
        return this.text.charCodeAt(start) === C.QUOTE ? this.namedLocal(this.unescaped(start + 1, end - 2)) : this.intern(start, end - 1);
      case TK.nl:
        return '\n';
      case TK.eof:
        return '';
      default:
        return this.intern(start, end);
    }
  }

  /** The unescaped text of [from, to) (interned when it has no escape). */
  /**
   * A quoted local name: `%"2"` is the value named "2", not the unnamed `%2` (LLParser keeps them
   * apart), so a name of digits is held as {@link NAMED_DIGITS} + the digits (a NUL, which no name
   * may hold); printLlvmName prints it quoted again.
   */
  private namedLocal(v: string): string {
    if (v.length === 0 || !/^[0-9]+$/.test(v)) return v;
    return this.intern(0, 0, NAMED_DIGITS + v);
  }

  private unescaped(from: number, to: number): string {
    const t = this.text;
    // A backslash inside [from, to) only: `indexOf` from `from` would scan on to the next backslash
    // of the whole text, for every string of a long line (fuzz case 176390 of seed 24301: an
    // attribute group of 1.3 MB on one line, 1.3 s).
    let bs = -1;
    for (let k = from; k < to; k++) {
      if (t.charCodeAt(k) === C.BACKSLASH) {
        bs = k;
        break;
      }
    }
    if (bs < 0) return this.intern(from, to);
    // Interned by content, so an escaped spelling and a plain one of the same value share an id.
    return this.intern(0, 0, unescapeLlvm(t.slice(from, to)));
  }

  /** The text of [from, to) (or of all of `src` when given) as an interned string. */
  private intern(from: number, to: number, src?: string): string {
    const t = src ?? this.text;
    if (src !== undefined) {
      from = 0;
      to = src.length;
    }
    let h = 0x811c9dc5 | 0;
    for (let k = from; k < to; k++) h = Math.imul(h ^ t.charCodeAt(k), 0x01000193);
    const len = to - from;
    const mask = this.slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = this.slots[s]!;
      if (e === 0) {
        const str = t.slice(from, to);
        this.interned.push(str);
        this.slots[s] = this.lastId = ++this.internCount;
        this.hashes[s] = h;
        if (this.internCount * 2 > this.slots.length) this.rehash();
        return str;
      }
      if (this.hashes[s] === h) {
        const cand = this.interned[e - 1]!;
        if (cand.length === len && sameChars(t, from, cand)) {
          this.lastId = e;
          return cand;
        }
      }
    }
  }

  private rehash(): void {
    const oldSlots = this.slots;
    const oldHashes = this.hashes;
    const size = oldSlots.length * 2;
    this.slots = new Int32Array(size);
    this.hashes = new Int32Array(size);
    const mask = size - 1;
    for (let s = 0; s < oldSlots.length; s++) {
      const e = oldSlots[s]!;
      if (e === 0) continue;
      const h = oldHashes[s]!;
      let d = h & mask;
      while (this.slots[d] !== 0) d = (d + 1) & mask;
      this.slots[d] = e;
      this.hashes[d] = h;
    }
  }

  /** Token `i` as an object (undefined past the end). */
  get(i: number): Token | undefined {
    if (i < 0 || i >= this.n) return undefined;
    return new ListToken(this, i, KIND_NAMES[this.kinds[i]!]!, this.starts[i]!, this.ends[i]!, this.lineOf(i), this.columnOf(i), this.quotedAt(i));
  }
}

/**
 * Tokenizes the whole text. Strings are returned as latin-1 "byte strings" of their UTF-8 bytes
 * when the caller decoded the file as latin-1; the reader decodes files that way so byte values
 * survive exactly (`c"\E2\82\AC"` and a raw `€` give the same bytes).
 */
export function tokenize(text: string): TokenList {
  const toks = new TokenList(text);
  const n = text.length;
  let i = 0;
  let line = 1;
  let lineStart = 0;
  toks.newLine(1, 0);
  const fail = (msg: string, at: number): never => {
    throw new IrSyntaxError(msg, line, at - lineStart + 1, 'SYNTAX', at);
  };
  /** Skips `"…"` starting at the quote (line breaks inside are counted); returns the offset past it. */
  const quoted = (q: number): number => {
    const close = text.indexOf('"', q + 1);
    if (close < 0) fail('unterminated string constant', q);
    // Strings may span lines in LLVM; keep line accounting right. Only the string's own characters are
    // looked at: a search for the next line break past it scanned the rest of a long line for every
    // string (fuzz case 299695 of seed 24301: 1.3 MB on one line, 9.5 s).
    for (let k = q + 1; k < close; k++) {
      if (text.charCodeAt(k) !== C.NL) continue;
      line++;
      lineStart = k + 1;
      toks.newLine(line, lineStart);
    }
    return close + 1;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === C.SPACE || c === C.TAB || c === C.CR) {
      i++;
      continue;
    }
    if (c === C.NL) {
      toks.add(TK.nl, i, i + 1);
      i++;
      line++;
      lineStart = i;
      toks.newLine(line, i);
      continue;
    }
    if (c === C.SEMI) {
      const e = text.indexOf('\n', i);
      i = e < 0 ? n : e;
      continue;
    }
    const start = i;
    // Sigil names: % @ $ ! #
    if (c === C.PERCENT || c === C.AT || c === C.DOLLAR) {
      const kind = c === C.PERCENT ? TK.lvar : c === C.AT ? TK.gvar : TK.comdat;
      const next = text.charCodeAt(i + 1);
      if (next === C.QUOTE) {
        const close = text.indexOf('"', i + 2);
        // NUL inside the name only (a search of the whole rest of the text was quadratic in names).
        // (LLLexer::LexVar refuses a NUL after unescaping: `\00` too, not `\\00`)
        for (let k = i + 2; k < close; k++) {
          const ch = text.charCodeAt(k);
          if (ch === 0) fail('NUL character is not allowed in names', start);
          if (ch === C.BACKSLASH) {
            if (text.charCodeAt(k + 1) === 48 && text.charCodeAt(k + 2) === 48) fail('NUL character is not allowed in names', start);
            k += text.charCodeAt(k + 1) === C.BACKSLASH ? 1 : 2;
          }
        }
        const end = quoted(i + 1);
        toks.add(kind, start, end);
        i = end;
        continue;
      }
      let j = i + 1;
      while (j < n && isIdChar(text.charCodeAt(j))) j++;
      if (j === i + 1) fail(`expected a name after '${text[i]}'`, start);
      toks.add(kind, start, j);
      i = j;
      continue;
    }
    if (c === C.HASH) {
      let j = i + 1;
      if (text.startsWith('dbg_', j)) {
        // A debug record (LLVM 19 and later: `#dbg_value(...)`, `#dbg_declare(...)`, `#dbg_assign`,
        // `#dbg_label`), on its own line in a function body: a word, so the line is kept as the
        // instruction-like tokens it is (LLLexer's DbgRecordType token).
        while (j < n && isIdChar(text.charCodeAt(j))) j++;
        toks.add(TK.word, start, j);
        i = j;
        continue;
      }
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      if (j === i + 1) fail("expected a number after '#'", start);
      // LLLexer::LexUIntID (llvm/llvm-project:llvm/lib/AsmParser/LLLexer.cpp): an ID is an unsigned
      // 32-bit number (a longer one read as a double became #Infinity, or two IDs the same group).
      let k = i + 1;
      while (k < j - 1 && text.charCodeAt(k) === 0x30) k++;
      if (j - k > 10 || (j - k === 10 && Number(text.slice(k, j)) > 0xffffffff)) fail('invalid value number (too large)', start);
      toks.add(TK.attrgrp, start, j);
      i = j;
      continue;
    }
    if (c === C.BANG) {
      const next = text.charCodeAt(i + 1);
      if (isIdChar(next) || next === C.BACKSLASH) {
        let j = i + 1;
        while (j < n && (isIdChar(text.charCodeAt(j)) || text.charCodeAt(j) === C.BACKSLASH)) j++;
        toks.add(TK.meta, start, j);
        i = j;
        continue;
      }
      toks.add(TK.punct, start, i + 1);
      i++;
      continue;
    }
    if (c === C.QUOTE) {
      const end = quoted(i);
      // A quoted label: "name":
      if (text.charCodeAt(end) === C.COLON) {
        toks.add(TK.label, start, end + 1);
        i = end + 1;
        continue;
      }
      toks.add(TK.str, start, end);
      i = end;
      continue;
    }
    if (c === 99 /* c */ && text.charCodeAt(i + 1) === C.QUOTE) {
      const end = quoted(i + 1);
      toks.add(TK.cstr, start, end);
      i = end;
      continue;
    }
    if (c === C.DOT && text.startsWith('...', i)) {
      toks.add(TK.punct, start, i + 3);
      i += 3;
      continue;
    }
    // Numbers: -?[0-9]+ (.[0-9]*)? ([eE][-+]?[0-9]+)?, 0x…, u0x…, s0x…
    if (isDigit(c) || ((c === C.MINUS || c === C.PLUS) && isDigit(text.charCodeAt(i + 1)))) {
      if (c === C.ZERO && text.charCodeAt(i + 1) === 120 /* x */) {
        let j = i + 2;
        const kindCh = text.charCodeAt(j);
        if (kindCh === 75 || kindCh === 76 || kindCh === 77 || kindCh === 72 || kindCh === 82) j++; // K L M H R
        const digitsStart = j;
        while (j < n && isHex(text.charCodeAt(j))) j++;
        if (j === digitsStart) fail('expected hexadecimal digits after 0x', start);
        toks.add(TK.hexfp, start, j);
        i = j;
        continue;
      }
      let j = i + 1;
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      // A numeric label `42:`
      if (text.charCodeAt(j) === C.COLON && c !== C.MINUS && c !== C.PLUS) {
        toks.add(TK.label, start, j + 1);
        i = j + 1;
        continue;
      }
      let isFp = false;
      if (text.charCodeAt(j) === C.DOT) {
        isFp = true;
        j++;
        while (j < n && isDigit(text.charCodeAt(j))) j++;
        const e = text.charCodeAt(j);
        if (e === 101 || e === 69) {
          let k = j + 1;
          const s = text.charCodeAt(k);
          if (s === C.PLUS || s === C.MINUS) k++;
          if (isDigit(text.charCodeAt(k))) {
            while (k < n && isDigit(text.charCodeAt(k))) k++;
            j = k;
          }
        }
      }
      toks.add(isFp ? TK.fp : TK.int, start, j);
      i = j;
      continue;
    }
    if ((c === 117 || c === 115) && text.charCodeAt(i + 1) === C.ZERO && text.charCodeAt(i + 2) === 120) {
      let j = i + 3;
      while (j < n && isHex(text.charCodeAt(j))) j++;
      if (j > i + 3) {
        toks.add(TK.int, start, j);
        i = j;
        continue;
      }
    }
    if (isIdChar(c) && c !== C.MINUS) {
      let j = i;
      while (j < n && isWordChar(text.charCodeAt(j))) j++;
      // Labels may contain '-' and '$': `for.body-1:`
      let k = j;
      while (k < n && isIdChar(text.charCodeAt(k))) k++;
      if (text.charCodeAt(k) === C.COLON && text.charCodeAt(k + 1) !== C.COLON) {
        toks.add(TK.label, start, k + 1);
        i = k + 1;
        continue;
      }
      if (j === i) fail(`unexpected character ${shownChar(text.charCodeAt(i))}`, start);
      toks.add(TK.word, start, j);
      i = j;
      continue;
    }
    if (isPunctChar(c)) {
      toks.add(TK.punct, start, i + 1);
      i++;
      continue;
    }
    fail(`unexpected character ${shownChar(text.charCodeAt(i))}`, start);
  }
  toks.add(TK.eof, n, n);
  return toks;
}

/**
 * A character for a message: quoted when printable ASCII, else its byte or code point (`0x01`), so
 * that a binary file given as IR does not put control bytes on the terminal. (The text is read as
 * Latin-1: one character per byte.)
 */
function shownChar(c: number): string {
  return c >= 0x20 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, '0')}`;
}
