/**
 * Where JSON text stops being JSON (RFC 8259), for messages that say "line L, column C": V8's
 * `JSON.parse` errors give a character position for some mistakes and none for others ("Unexpected
 * token 'x', "…" is not valid JSON"). One linear pass with an explicit stack (no recursion, so
 * nesting depth costs memory, not the call stack). Library core: no Node APIs.
 */

/** The first syntax error of `text`: its UTF-16 offset, 1-based line and column, and what was expected. */
export interface JsonSyntaxProblem {
  /** Offset of the offending character (the text's length for an early end). */
  readonly offset: number;
  /** 1-based line of that offset. */
  readonly line: number;
  /** 1-based column of that offset (UTF-16 code units, as editors count them in most JSON files). */
  readonly column: number;
  /** What is wrong there. */
  readonly message: string;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * The character a syntax error found, for the message: a printable one quoted; a control character
 * as U+XXXX (written raw it would act on the terminal, or vanish); a byte that is not UTF-8 (held as
 * U+DC80+byte, src/codec/bytes.ts decodeEscapedUtf8) as that byte.
 */
function foundText(cp: number): string {
  if (cp >= 0xdc80 && cp <= 0xdcff) return `the byte 0x${(cp - 0xdc00).toString(16)} (not UTF-8 text)`;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (cp >= 0xd800 && cp <= 0xdfff)) return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${String.fromCodePoint(cp)}'`;
}

/** The first syntax error in `text`, or undefined when it is valid JSON. */
export function jsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
  const n = text.length;
  let p = 0;
  // Each open container: its closing character, and whether an element has been read ('next': a
  // separator or the end comes next) or not ('first': an element or the end).
  const stack: { close: number; state: 'first' | 'next' }[] = [];
  const at = (offset: number, message: string): JsonSyntaxProblem => {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset && i < n; i++) {
      if (text.charCodeAt(i) === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    const found = offset >= n ? 'the end of the text' : foundText(text.codePointAt(offset)!);
    return { offset, line, column: offset - lineStart + 1, message: `${message}, found ${found}` };
  };
  const ws = (): void => {
    while (p < n && WS.has(text.charCodeAt(p))) p++;
  };
  const string = (): JsonSyntaxProblem | undefined => {
    p++; // opening quote
    for (;;) {
      if (p >= n) return at(p, 'unterminated string: expected \'"\'');
      const c = text.charCodeAt(p);
      if (c === 0x22) {
        p++;
        return undefined;
      }
      if (c < 0x20) return at(p, 'control character in a string (write it as \\uXXXX)');
      if (c === 0x5c) {
        const e = text[p + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(p + 2, p + 6))) return at(p, 'expected four hex digits after \\u');
          p += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) p += 2;
        else return at(p, 'invalid escape in a string');
      } else p++;
    }
  };
  const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
  /** One scalar value or the opening of a container at `p`. */
  const value = (): JsonSyntaxProblem | undefined => {
    ws();
    if (p >= n) return at(p, 'expected a value');
    const c = text[p]!;
    if (c === '{' || c === '[') {
      stack.push({ close: c === '{' ? 0x7d : 0x5d, state: 'first' });
      p++;
      return undefined;
    }
    if (c === '"') return string();
    for (const lit of ['true', 'false', 'null']) {
      if (text.startsWith(lit, p)) {
        p += lit.length;
        return undefined;
      }
    }
    NUMBER.lastIndex = p;
    if (NUMBER.test(text) && NUMBER.lastIndex > p) {
      p = NUMBER.lastIndex;
      return undefined;
    }
    return at(p, 'expected a value');
  };
  let problem = value();
  while (!problem && stack.length) {
    const top = stack[stack.length - 1]!;
    const isObject = top.close === 0x7d;
    ws();
    const close = String.fromCharCode(top.close);
    if (p >= n) return at(p, top.state === 'next' ? `expected ',' or '${close}'` : isObject ? `expected a double-quoted property name or '}'` : `expected a value or ']'`);
    const c = text.charCodeAt(p);
    if (top.state === 'first' && c === top.close) {
      p++;
      stack.pop();
      continue;
    }
    if (top.state === 'next') {
      if (c === top.close) {
        p++;
        stack.pop();
        continue;
      }
      if (c !== 0x2c) return at(p, `expected ',' or '${close}'`);
      p++;
      ws();
    }
    top.state = 'next';
    if (isObject) {
      if (text.charCodeAt(p) !== 0x22) return at(p, 'expected a double-quoted property name');
      problem = string();
      if (problem) break;
      ws();
      if (text.charCodeAt(p) !== 0x3a) return at(p, "expected ':' after the property name");
      p++;
    }
    problem = value();
  }
  if (problem) return problem;
  ws();
  return p < n ? at(p, 'expected the end of the text after the JSON value') : undefined;
}

/** `JSON.parse(text)`, its SyntaxError reworded with the line and column of the first mistake. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    const p = jsonSyntaxProblem(text);
    throw new SyntaxError(p ? `line ${p.line}, column ${p.column}: ${p.message}` : e.message);
  }
}

/** Where a value starts in JSON text: its UTF-16 offset and 1-based line and column (counted as {@link JsonSyntaxProblem}'s). */
export interface JsonPosition {
  /** Offset of the value's first character. */
  readonly offset: number;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column (UTF-16 code units). */
  readonly column: number;
}

/**
 * Where the value at `path` (object keys and array indexes, as error paths give them) starts in
 * `text`, JSON that `JSON.parse` accepted; undefined when the path names nothing there (or the text
 * is not JSON). A repeated key means its last member, the one `JSON.parse` keeps. See
 * {@link jsonValuePositions}: one pass over the text, no tree built.
 */
export function jsonValuePosition(text: string, path: readonly (string | number)[]): JsonPosition | undefined {
  return jsonValuePositions(text, [path])[0];
}

/** A node of the trie of wanted paths: where its last value started (-1: not met). */
interface Wanted {
  readonly children: Map<string, Wanted>;
  offset: number;
}

/**
 * {@link jsonValuePosition} of each of `paths`, from one pass over `text` (linear in the text plus
 * the paths' length, whatever their number, so that placing every message about a large document
 * stays bounded). Containers no wanted path enters are skipped by scanning for their end; nothing
 * is decoded but the member names on the wanted paths.
 */
export function jsonValuePositions(text: string, paths: readonly (readonly (string | number)[])[]): (JsonPosition | undefined)[] {
  const root: Wanted = { children: new Map(), offset: -1 };
  for (const path of paths) {
    let node = root;
    for (const k of path) {
      const key = String(k);
      let next = node.children.get(key);
      if (!next) node.children.set(key, (next = { children: new Map(), offset: -1 }));
      node = next;
    }
  }
  const n = text.length;
  let p = 0;
  const ws = (): void => {
    while (p < n && WS.has(text.charCodeAt(p))) p++;
  };
  /** The end of the string opening at `q` (just past its closing quote). */
  const stringEnd = (q: number): number => {
    for (q++; q < n; q++) {
      const c = text.charCodeAt(q);
      if (c === 0x5c) q++;
      else if (c === 0x22) return q + 1;
    }
    return n;
  };
  /** Moves `p` past the value starting at `p`, looking at nothing inside it. */
  const skip = (): void => {
    const c = text.charCodeAt(p);
    if (c === 0x22) {
      p = stringEnd(p);
      return;
    }
    if (c === 0x7b || c === 0x5b) {
      let depth = 0;
      while (p < n) {
        const d = text.charCodeAt(p);
        if (d === 0x22) {
          p = stringEnd(p);
          continue;
        }
        p++;
        if (d === 0x7b || d === 0x5b) depth++;
        else if ((d === 0x7d || d === 0x5d) && --depth === 0) return;
      }
      return;
    }
    while (p < n && !WS.has(text.charCodeAt(p)) && !',]}'.includes(text[p]!)) p++;
  };
  // The open containers on wanted paths: their trie node, kind and next array index.
  const stack: { node: Wanted; array: boolean; index: number }[] = [];
  /** The value at `p`, which `node` (if any) wants: its start recorded, entered when a wanted path goes on. */
  const value = (node: Wanted | undefined): void => {
    if (node) node.offset = p;
    const c = text.charCodeAt(p);
    if (node && node.children.size && (c === 0x7b || c === 0x5b)) {
      stack.push({ node, array: c === 0x5b, index: 0 });
      p++;
    } else skip();
  };
  ws();
  if (p < n) value(root);
  while (stack.length && p < n) {
    const top = stack[stack.length - 1]!;
    ws();
    const c = text.charCodeAt(p);
    if (c === 0x2c) {
      p++;
      continue;
    }
    if (c === 0x7d || c === 0x5d) {
      p++;
      stack.pop();
      continue;
    }
    if (top.array) {
      value(top.node.children.get(String(top.index++)));
      continue;
    }
    const nameStart = p;
    p = stringEnd(p);
    const raw = text.slice(nameStart + 1, p - 1);
    // Escaped names are compared decoded (JSON.parse's view), plain ones as written.
    const name = raw.includes('\\') ? (JSON.parse(text.slice(nameStart, p)) as string) : raw;
    ws();
    p++; // ':'
    ws();
    value(top.node.children.get(name));
  }
  // A value of a repeated key's earlier member was recorded too: it counts only inside the last
  // occurrence of its parent, which starts after every earlier one ends.
  const starts = paths.map((path) => {
    let node = root;
    let at = root.offset;
    if (at < 0) return -1;
    for (const k of path) {
      node = node.children.get(String(k))!;
      if (node.offset <= at) return -1;
      at = node.offset;
    }
    return at;
  });
  // Lines and columns: one count of the line breaks, up to the last offset wanted.
  const order = starts.map((_, i) => i).filter((i) => starts[i]! >= 0).sort((x, y) => starts[x]! - starts[y]!);
  const out: (JsonPosition | undefined)[] = paths.map(() => undefined);
  let line = 1;
  let lineStart = 0;
  let nl = text.indexOf('\n');
  for (const i of order) {
    const offset = starts[i]!;
    while (nl !== -1 && nl < offset) {
      line++;
      lineStart = nl + 1;
      nl = text.indexOf('\n', nl + 1);
    }
    out[i] = { offset, line, column: offset - lineStart + 1 };
  }
  return out;
}

/**
 * The line and column (UTF-16 code units, as {@link jsonValuePosition} counts them) of each byte
 * offset of `ats` in UTF-8 text (a JSON document read as bytes, whose readers give byte offsets): one
 * pass in offset order, however many there are. Keyed by offset.
 */
export function bytePositions(bytes: Uint8Array, ats: readonly number[]): Map<number, { line: number; column: number }> {
  const out = new Map<number, { line: number; column: number }>();
  const order = [...new Set(ats)].sort((a, b) => a - b);
  let line = 1;
  let start = 0;
  let nl = bytes.indexOf(0x0a);
  // Column: UTF-16 units from the line's start; counted from the previous offset on the same line.
  let col = 1;
  // (a byte order mark is no character of the text: TextDecoder drops it, and so does the count)
  let from = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (const at of order) {
    while (nl >= 0 && nl < at) {
      line++;
      start = from = nl + 1;
      col = 1;
      nl = bytes.indexOf(0x0a, start);
    }
    for (let i = from; i < at && i < bytes.length; i++) {
      const b = bytes[i]!;
      // a UTF-8 lead byte starts a character: one UTF-16 unit, two for a 4-byte sequence
      if ((b & 0xc0) !== 0x80) col += b >= 0xf0 ? 2 : 1;
    }
    from = Math.max(from, at);
    out.set(at, { line, column: col });
  }
  return out;
}
