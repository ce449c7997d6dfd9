/**
 * Tokenizer for LLVM IR text (the `.ll` syntax of llvm/lib/AsmParser/LLLexer.cpp, LLVM 14–19):
 * one linear pass over the characters, no recursion, no backtracking beyond one token. Every token
 * records its offset and 1-based line and column; comments (`;` to end of line) are dropped, line
 * breaks are kept as `nl` tokens because the reader uses them to delimit instructions the way LLVM
 * prints them.
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
  readonly kind: TokenKind;
  /** Unescaped name / literal text / punctuation character(s). */
  readonly value: string;
  /** Offset of the token's first character in the text. */
  readonly start: number;
  /** Offset just past the token. */
  readonly end: number;
  readonly line: number;
  readonly column: number;
  /** For `lvar`/`gvar`/`label`: the name was written in quotes. */
  readonly quoted: boolean;
}

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

function isDigit(c: number): boolean {
  return c >= C.ZERO && c <= C.NINE;
}
function isHex(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}
/** Characters of an unquoted identifier: `[-a-zA-Z$._0-9]` (LLLexer). */
function isIdChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || isDigit(c) || c === C.MINUS || c === C.DOLLAR || c === C.DOT || c === C.UNDERSCORE;
}
/** Characters of a keyword/word: letters, digits, `_`, `.` (for `x86_fp80`, `llvm.foo` attribute words). */
function isWordChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || isDigit(c) || c === C.UNDERSCORE || c === C.DOT;
}

/** Unescapes LLVM's `\XX` and `\\` in a quoted string, as LLLexer's UnEscapeLexed. */
export function unescapeLlvm(s: string): string {
  if (!s.includes('\\')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '\\' && i + 1 < s.length) {
      if (s[i + 1] === '\\') {
        out += '\\';
        i++;
        continue;
      }
      if (i + 2 < s.length && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) {
        out += String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
        i += 2;
        continue;
      }
    }
    out += ch;
  }
  return out;
}

/** A token of a {@link TokenList}; its value is computed on first use. */
class ListToken implements Token {
  private v: string | undefined;
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
    if (this.v === undefined) this.v = this.list.valueOf(this.index);
    return this.v;
  }
}

const KIND_NAMES: readonly TokenKind[] = ['lvar', 'gvar', 'attrgrp', 'comdat', 'meta', 'str', 'cstr', 'int', 'fp', 'hexfp', 'label', 'word', 'punct', 'nl', 'eof'];
const KIND_CODE = Object.fromEntries(KIND_NAMES.map((k, i) => [k, i])) as Record<TokenKind, number>;

/**
 * The tokens of a text, stored column-wise in typed arrays (a module of several MB has millions of
 * tokens; one object each would make the garbage collector the main cost). {@link TokenList.get}
 * builds a {@link Token} on demand — values are sliced and unescaped from the text lazily — and keeps
 * the most recent ones in a small cache, as parsers look at the same few tokens repeatedly.
 */
export class TokenList {
  private kinds: Uint8Array;
  private starts: Int32Array;
  private ends: Int32Array;
  private lines: Int32Array;
  private cols: Int32Array;
  private quotes: Uint8Array;
  private n = 0;
  private readonly cache: (Token | undefined)[] = new Array<Token | undefined>(256);

  constructor(readonly text: string) {
    const cap = Math.max(16, (text.length >> 2) + 16);
    this.kinds = new Uint8Array(cap);
    this.starts = new Int32Array(cap);
    this.ends = new Int32Array(cap);
    this.lines = new Int32Array(cap);
    this.cols = new Int32Array(cap);
    this.quotes = new Uint8Array(cap);
  }

  /** Number of tokens (the last one is `eof`). */
  get length(): number {
    return this.n;
  }

  /** Appends a token (used by {@link tokenize}). */
  add(kind: number, start: number, end: number, line: number, column: number, quoted: boolean): void {
    if (this.n === this.kinds.length) this.grow();
    const i = this.n++;
    this.kinds[i] = kind;
    this.starts[i] = start;
    this.ends[i] = end;
    this.lines[i] = line;
    this.cols[i] = column;
    this.quotes[i] = quoted ? 1 : 0;
  }

  private grow(): void {
    const cap = this.kinds.length * 2;
    const g = <T extends Uint8Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.kinds = g(this.kinds, (n) => new Uint8Array(n));
    this.starts = g(this.starts, (n) => new Int32Array(n));
    this.ends = g(this.ends, (n) => new Int32Array(n));
    this.lines = g(this.lines, (n) => new Int32Array(n));
    this.cols = g(this.cols, (n) => new Int32Array(n));
    this.quotes = g(this.quotes, (n) => new Uint8Array(n));
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
    return this.ends[i]! - start === v.length && this.text.startsWith(v, start);
  }

  /** 1-based line of token `i`. */
  lineOf(i: number): number {
    return this.lines[i]!;
  }

  /** 1-based column of token `i`. */
  columnOf(i: number): number {
    return this.cols[i]!;
  }

  /** Kind of token `i` without building the token. */
  kindAt(i: number): TokenKind | undefined {
    return i < this.n ? KIND_NAMES[this.kinds[i]!] : undefined;
  }

  /** The value of token `i` (see {@link Token.value}): names without sigils, strings unescaped. */
  valueOf(i: number): string {
    const kind = KIND_NAMES[this.kinds[i]!]!;
    const start = this.starts[i]!;
    const end = this.ends[i]!;
    const quoted = this.quotes[i] === 1;
    const t = this.text;
    switch (kind) {
      case 'lvar':
      case 'gvar':
      case 'comdat':
        return quoted ? unescapeLlvm(t.slice(start + 2, end - 1)) : t.slice(start + 1, end);
      case 'attrgrp':
        return t.slice(start + 1, end);
      case 'meta':
        return unescapeLlvm(t.slice(start + 1, end));
      case 'str':
        return unescapeLlvm(t.slice(start + 1, end - 1));
      case 'cstr':
        return unescapeLlvm(t.slice(start + 2, end - 1));
      case 'label':
        return quoted ? unescapeLlvm(t.slice(start + 1, end - 2)) : t.slice(start, end - 1);
      case 'nl':
        return '\n';
      case 'eof':
        return '';
      default:
        return t.slice(start, end);
    }
  }

  /** Token `i` (undefined past the end). */
  get(i: number): Token | undefined {
    if (i < 0 || i >= this.n) return undefined;
    const slot = i & 255;
    const hit = this.cache[slot];
    if (hit && hit.start === this.starts[i] && hit.kind === KIND_NAMES[this.kinds[i]!] && hit.end === this.ends[i]) return hit;
    const tok: Token = new ListToken(this, i, KIND_NAMES[this.kinds[i]!]!, this.starts[i]!, this.ends[i]!, this.lines[i]!, this.cols[i]!, this.quotes[i] === 1);
    this.cache[slot] = tok;
    return tok;
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
  const fail = (msg: string, at: number): never => {
    throw new IrSyntaxError(msg, line, at - lineStart + 1);
  };
  const push = (kind: TokenKind, _value: string, start: number, end: number, quoted = false): void => {
    toks.add(KIND_CODE[kind], start, end, line, start - lineStart + 1, quoted);
  };
  /** Reads `"…"` starting at the quote; returns the raw (escaped) contents and the end offset. */
  const quoted = (q: number): [string, number] => {
    const close = text.indexOf('"', q + 1);
    if (close < 0) fail('unterminated string constant', q);
    const raw = text.slice(q + 1, close);
    // Strings may span lines in LLVM; keep line accounting right.
    for (let k = q + 1; k < close; k++) {
      if (text.charCodeAt(k) === C.NL) {
        line++;
        lineStart = k + 1;
      }
    }
    return [raw, close + 1];
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === C.SPACE || c === C.TAB || c === C.CR) {
      i++;
      continue;
    }
    if (c === C.NL) {
      push('nl', '\n', i, i + 1);
      i++;
      line++;
      lineStart = i;
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
      const kind: TokenKind = c === C.PERCENT ? 'lvar' : c === C.AT ? 'gvar' : 'comdat';
      const next = text.charCodeAt(i + 1);
      if (next === C.QUOTE) {
        const sl = line;
        const sc = start - lineStart + 1;
        const [raw, end] = quoted(i + 1);
        if (raw.includes('\0')) fail('NUL character is not allowed in names', start);
        void raw;
        toks.add(KIND_CODE[kind], start, end, sl, sc, true);
        i = end;
        continue;
      }
      let j = i + 1;
      while (j < n && isIdChar(text.charCodeAt(j))) j++;
      if (j === i + 1) fail(`expected a name after '${text[i]}'`, start);
      push(kind, text.slice(i + 1, j), start, j);
      i = j;
      continue;
    }
    if (c === C.HASH) {
      let j = i + 1;
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      if (j === i + 1) fail("expected a number after '#'", start);
      push('attrgrp', text.slice(i + 1, j), start, j);
      i = j;
      continue;
    }
    if (c === C.BANG) {
      const next = text.charCodeAt(i + 1);
      if (isIdChar(next) || next === C.BACKSLASH) {
        let j = i + 1;
        while (j < n && (isIdChar(text.charCodeAt(j)) || text.charCodeAt(j) === C.BACKSLASH)) j++;
        push('meta', unescapeLlvm(text.slice(i + 1, j)), start, j);
        i = j;
        continue;
      }
      push('punct', '!', start, i + 1);
      i++;
      continue;
    }
    if (c === C.QUOTE) {
      const sl = line;
      const sc = start - lineStart + 1;
      const [raw, end] = quoted(i);
      // A quoted label: "name":
      if (text.charCodeAt(end) === C.COLON) {
        void raw;
        toks.add(KIND_CODE.label, start, end + 1, sl, sc, true);
        i = end + 1;
        continue;
      }
      void raw;
      toks.add(KIND_CODE.str, start, end, sl, sc, false);
      i = end;
      continue;
    }
    if (c === 99 /* c */ && text.charCodeAt(i + 1) === C.QUOTE) {
      const sl = line;
      const sc = start - lineStart + 1;
      const [raw, end] = quoted(i + 1);
      void raw;
      toks.add(KIND_CODE.cstr, start, end, sl, sc, false);
      i = end;
      continue;
    }
    if (c === C.DOT && text.startsWith('...', i)) {
      push('punct', '...', start, i + 3);
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
        push('hexfp', text.slice(i, j), start, j);
        i = j;
        continue;
      }
      let j = i + 1;
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      // A numeric label `42:`
      if (text.charCodeAt(j) === C.COLON && c !== C.MINUS && c !== C.PLUS) {
        push('label', text.slice(i, j), start, j + 1);
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
      push(isFp ? 'fp' : 'int', text.slice(i, j), start, j);
      i = j;
      continue;
    }
    if ((c === 117 || c === 115) && text.startsWith('0x', i + 1)) {
      let j = i + 3;
      while (j < n && isHex(text.charCodeAt(j))) j++;
      if (j > i + 3) {
        push('int', text.slice(i, j), start, j);
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
        push('label', text.slice(i, k), start, k + 1);
        i = k + 1;
        continue;
      }
      if (j === i) fail(`unexpected character '${text[i]}'`, start);
      push('word', text.slice(i, j), start, j);
      i = j;
      continue;
    }
    if ('=,()[]{}<>*:|'.includes(text[i]!)) {
      push('punct', text[i]!, start, i + 1);
      i++;
      continue;
    }
    fail(`unexpected character '${text[i]!}'`, start);
  }
  toks.add(KIND_CODE.eof, n, n, line, n - lineStart + 1, false);
  return toks;
}
