/**
 * Where the entries of a lowering manifest read from LLVM IR came from: a spec constant's call, a
 * device global's definition. The shared lowering (src/lower/spec-constants.ts, src/lower/lower.ts)
 * reports problems by JSON path; for a manifest read from IR those paths are these keys, and
 * {@link atIrEntry} turns such an error back into an IR location (`FILE:LINE:COLUMN: error: …`).
 */
import { utf8FromLatin1 } from '../../codec/bytes.js';
import { LowerError } from '../errors.js';
import { irErrorAt, IrSyntaxError } from '../llvm-ir/parse/errors.js';
import type { LModule } from '../llvm-ir/parse/model.js';

/**
 * The path key of a spec constant read from IR: the place of its call (`line 8:3 (byte 210)`), which
 * {@link atIrEntry} turns back into a location. A manifest read from IR has no JSON paths.
 */
export function irUseKey(m: LModule, tok: number): string {
  const t = m.tokens.placeOf(tok);
  return `line ${t.line}:${t.column} (byte ${t.offset})`;
}

/** How messages about another use name this one (`first used at line 8, column 3`). */
export function irUseLabel(m: LModule, tok: number): string {
  const t = m.tokens.placeOf(tok);
  return `first used at line ${t.line}, column ${t.column}`;
}

/** How messages about another global name this one (`at line 3, column 1`, where it is defined). */
export function irDefinitionLabel(m: LModule, tok: number): string {
  const t = m.tokens.placeOf(tok);
  return `at line ${t.line}, column ${t.column}`;
}

/** The IR place an {@link irUseKey} path names (its first key), or undefined for another path. */
export function irPlace(path: readonly (string | number)[]): { line: number; column: number; offset: number } | undefined {
  const key = path[0];
  const use = typeof key === 'string' ? /^line (\d+):(\d+) \(byte (\d+)\)$/.exec(key) : null;
  return use ? { line: Number(use[1]), column: Number(use[2]), offset: Number(use[3]) } : undefined;
}

/**
 * A {@link LowerError} about an entry of a manifest read from IR (its path starts with an
 * {@link irUseKey} or the `@name` of a device global) as the {@link IrSyntaxError} at that call or
 * global, so that it is reported as `FILE:LINE:COLUMN: error: …` like every other IR problem;
 * anything else unchanged.
 */
export function atIrEntry(m: LModule, e: unknown): unknown {
  if (!(e instanceof LowerError)) return e;
  const key = e.pathSegments[0];
  if (typeof key !== 'string') return e;
  const use = irPlace(e.pathSegments);
  if (use) return new IrSyntaxError(e.reason, use.line, use.column, 'FORMAT', use.offset);
  const g = key.startsWith('@') ? m.globals.find((x) => utf8FromLatin1(x.name) === key.slice(1)) : undefined;
  return g ? irErrorAt(m, g.tokFrom, e.reason) : e;
}
