/**
 * Attribute groups (`attributes #N = { … }`) as LLVM's AsmWriter prints them, for passes that give
 * an entity another attribute set: the sanitizer metadata globals and sentinel kernels
 * (src/lower/post-link/sanitizers.ts), the `"sycl-entry-point"` attribute current sycl-post-link's
 * cleanup gives each entry point (src/lower/post-link/driver.ts, `--era=main`). A set equal to an
 * existing group's is that group (LLVM uniques attribute sets); a new one is numbered after every
 * group the module defines or names.
 */
import { TK } from './parse/lexer.js';
import type { LAttribute, LModule } from './parse/model.js';
import { escapeLlvmBytes } from './escape.js';
import { tokensText } from './print.js';

/** One attribute of a group as written: its key (string attributes sort by it) and its text. */
export interface AttributeText {
  /** Its key: an enum attribute's keyword, a string attribute's key (string attributes sort by it). */
  readonly key: string;
  /** A string attribute (`"key"` or `"key"="value"`), not an enum one (`nounwind`, `align 4`). */
  readonly isString: boolean;
  /** How it is written. */
  readonly text: string;
}

/** The attributes of `attributes #N = { … }` (tokens [from, to)), each with its text. */
export function groupAttributes(m: LModule, from: number, to: number): AttributeText[] {
  const t = m.tokens;
  let open = from;
  while (open < to && !(t.kindCode(open) === TK.punct && t.charAt(open) === 0x7b)) open++;
  const out: AttributeText[] = [];
  let start = -1;
  let depth = 0;
  const close = (end: number): void => {
    if (start >= 0) out.push({ key: t.valueOf(start), isString: t.kindCode(start) === TK.str, text: tokensText(m, start, end) });
    start = -1;
  };
  for (let i = open + 1; i < to; i++) {
    const k = t.kindCode(i);
    if (k === TK.nl) continue;
    if (k === TK.punct) {
      const c = t.charAt(i);
      if (c === 0x28) depth++;
      else if (c === 0x29) depth--;
      else if (c === 0x7d && depth === 0) {
        close(i);
        break;
      }
      continue;
    }
    // A new attribute starts at a word or string at depth 0 that is not the value of `key=`.
    const prev = i - 1;
    const afterEq = t.kindCode(prev) === TK.punct && t.charAt(prev) === 0x3d;
    if (depth === 0 && !afterEq && (k === TK.word || k === TK.str)) {
      close(i);
      start = i;
    }
  }
  return out;
}

/** `"key"` or `"key"="value"` for an attribute written inline after a global. */
export function inlineAttributeText(a: LAttribute): AttributeText {
  return { key: a.key, isString: true, text: `"${escapeLlvmBytes(a.key)}"${a.value === undefined ? '' : `="${escapeLlvmBytes(a.value)}"`}` };
}

/**
 * An attribute set as AsmWriter prints it: enum attributes in their order, then string attributes
 * sorted by key (AttributeSetNode keeps them sorted); a key given twice keeps its last value
 * (AttrBuilder::addAttribute replaces).
 */
export function attributeSetText(attrs: readonly AttributeText[]): string {
  const byKey = new Map<string, AttributeText>();
  for (const a of attrs) byKey.set((a.isString ? 's:' : 'e:') + a.key, a);
  const list = [...byKey.values()];
  const enums = list.filter((a) => !a.isString);
  const strings = list.filter((a) => a.isString).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return [...enums, ...strings].map((a) => a.text).join(' ');
}

/**
 * Every attribute group of `m`: number → its set's text. Groups with the same text are one
 * AttributeSet in LLVM (uniqued), so a new set equal to an existing group uses that group.
 */
export function moduleGroups(m: LModule): Map<string, { readonly attrs: AttributeText[]; readonly text: string }> {
  const out = new Map<string, { attrs: AttributeText[]; text: string }>();
  for (const it of m.items) {
    if (it.kind !== 'text' || it.what !== 'attributes') continue;
    const attrs = groupAttributes(m, it.tokFrom, it.tokTo);
    out.set(it.name!, { attrs, text: attributeSetText(attrs) });
  }
  return out;
}

/**
 * Numbers for the attribute sets a pass gives: `groupFor(text)` is the module's group of that text,
 * or a new number (after every group the module defines or names, and after `reserved`), recorded
 * in `added`.
 */
export class AttributeGroupNumbering {
  /** New groups: number → the text inside `{ … }`. */
  readonly added = new Map<string, string>();
  private readonly byText = new Map<string, string>();
  private next = 0;

  constructor(m: LModule, reserved: Iterable<string> = []) {
    for (const [n, { text }] of moduleGroups(m)) {
      if (!this.byText.has(text)) this.byText.set(text, n);
      this.next = Math.max(this.next, Number(n) + 1);
    }
    // LLParser accepts a reference to a group it never defines (upstream's msan.ll has one), which must not become a new one.
    const t = m.tokens;
    for (let i = 0; i < t.length; i++) if (t.kindCode(i) === TK.attrgrp) this.next = Math.max(this.next, Number(t.valueOf(i)) + 1);
    for (const n of reserved) this.next = Math.max(this.next, Number(n) + 1);
  }

  /** The group of the set `text` (attributeSetText's form). */
  groupFor(text: string): string {
    let n = this.byText.get(text);
    if (n === undefined) {
      n = String(this.next++);
      this.byText.set(text, n);
      this.added.set(n, text);
    }
    return n;
  }
}
