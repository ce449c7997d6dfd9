/**
 * `JSON.stringify(value, null, 2) + '\n'` in pieces, for reports whose text can be tens of megabytes
 * (`verify --json` of 100,000 property lines: 98,000 findings): the outer arrays and objects are
 * written a member at a time, so the document is never one string and the members already written
 * are not held twice (Files.writePieces gathers pieces into slices of a megabyte).
 *
 * Same text as JSON.stringify with an indent of two, byte for byte: a member below the streamed
 * levels is stringified whole and indented to its depth (JSON strings hold no raw line feed, so
 * re-indenting its lines is exact); members JSON leaves out (undefined, functions, symbols) are left
 * out, array items of those kinds are `null`, as JSON.stringify writes them. Values with a `toJSON`
 * method are stringified whole (their member order is theirs).
 */

/** Levels of arrays and objects written a member at a time by default: a report and its lists (a finding is one piece). */
const STREAMED_LEVELS = 2;

/**
 * The pieces of `JSON.stringify(value, null, 2)` followed by a line feed. `levels`: how many
 * levels of nesting are written a member at a time (a constant of the caller, never the input's
 * depth: no recursion the input controls).
 */
export function* jsonDocumentPieces(value: unknown, levels = STREAMED_LEVELS): Generator<string> {
  yield* jsonPieces(value, '', levels);
  yield '\n';
}

/** One value's pieces at indentation `ind`. */
function* jsonPieces(value: unknown, ind: string, levels: number): Generator<string> {
  if (levels > 0 && typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    const inner = `${ind}  `;
    if (Array.isArray(value)) {
      if (!value.length) {
        yield '[]';
        return;
      }
      yield '[';
      for (let i = 0; i < value.length; i++) {
        yield `${i ? ',' : ''}\n${inner}`;
        const item: unknown = value[i];
        if (omitted(item)) yield 'null';
        else yield* jsonPieces(item, inner, levels - 1);
      }
      yield `\n${ind}]`;
      return;
    }
    let first = true;
    for (const [k, v] of Object.entries(value)) {
      if (omitted(v)) continue;
      yield `${first ? '{' : ','}\n${inner}${JSON.stringify(k)}: `;
      first = false;
      yield* jsonPieces(v, inner, levels - 1);
    }
    yield first ? '{}' : `\n${ind}}`;
    return;
  }
  const text = JSON.stringify(value, null, 2);
  yield ind && text.includes('\n') ? text.replace(/\n/g, `\n${ind}`) : text;
}

/** Values JSON.stringify leaves out of an object (and writes as null in an array). */
function omitted(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}
