/**
 * The named struct types a printed module defines: those LLVM's module printer would, in its order.
 *
 * AsmWriter prints the type definitions TypePrinting::incorporateTypes collects with a TypeFinder
 * run over the module (llvm/llvm-project:llvm/lib/IR/AsmWriter.cpp `printTypeIdentities`: numbered
 * types, then the named ones in the order found), so a named type nothing in the module reaches is
 * not printed: after a split, or when the input defined it without using it. TypeFinder::run
 * (llvm/llvm-project:llvm/lib/IR/TypeFinder.cpp) looks, in this order, at:
 * - each global variable's value type and initializer, then each alias's and ifunc's;
 * - each function: its type (return type, then parameter types), then the types of its type
 *   attributes (`byval(T)`, `sret(T)`, …), then per instruction its type, its operands that are
 *   constants (with their operands), a GEP's source type, an alloca's type, a call's type
 *   attributes, and the metadata attached to it (not `!dbg`) or passed to it;
 * - the operands of named metadata, nodes depth first.
 * Function and global metadata attachments are not looked at. Each type found brings the types
 * inside it (a struct's elements, an array's element, a typed pointer's pointee, a function
 * type's return and parameter types), found as TypeFinder::incorporateType does: a worklist that
 * marks a subtype visited when it is pushed.
 *
 * Read off the printed text: a `%name` naming a module struct is taken as a use of that type (a
 * local value of the same name would keep the type, never drop a used one). Within an entity the
 * text's order stands for TypeFinder's, but for type attributes, taken after the other types of the
 * function header or instruction they are written in. Numbered types (`%0 = type …`) are not
 * handled here: the input's are never used (the reader refuses a use) and print.ts drops them, as
 * LLVM's printer drops unused types; the ones an edit adds come first, numbered from 0 in TypeFinder
 * order (src/lower/post-link/sanitizers.ts).
 *
 * Portable: no Node APIs.
 */
import type { LStruct, LType } from './parse/model.js';

/** Attributes whose argument is a type (Attribute::isTypeAttribute). */
const TYPE_ATTRIBUTES = new Set(['byval', 'sret', 'byref', 'inalloca', 'preallocated', 'elementtype']);
/** The length of the longest of {@link TYPE_ATTRIBUTES}: a longer word before `(` is none of them. */
const LONGEST_TYPE_ATTRIBUTE = Math.max(...[...TYPE_ATTRIBUTES].map((a) => a.length));

/** The characters the scan acts on (a quote, a comment, a type or metadata name, a parenthesis, a debug record, a line end). */
const INTERESTING = /["%;!()#\n]/g;

/** Characters of an unquoted LLVM name (`[-a-zA-Z$._0-9]`). */
function isNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 36 || c === 46 || c === 95;
}

/** The subtypes of `t` in order (Type::subtypes). */
function subtypes(t: LType): readonly LType[] {
  switch (t.kind) {
    case 'struct':
      return t.elements;
    case 'array':
    case 'vector':
      return [t.element];
    case 'ptr':
      return t.pointee ? [t.pointee] : [];
    case 'function':
      return [t.ret, ...t.params];
    default:
      return [];
  }
}

/**
 * The names (without `%`) of the named struct types of `structs` that the printed entities
 * `entities` use, in the order LLVM's AsmWriter prints their definitions. `entities` are the
 * module's printed top-level entities in printed order (type definitions are ignored).
 */
export function usedNamedTypes(entities: readonly string[], structs: ReadonlyMap<string, LStruct>): string[] {
  const found: string[] = [];
  const visitedTypes = new Set<LType>();
  const visitedNodes = new Set<string>();
  const incorporateType = (ty: LType): void => {
    if (visitedTypes.has(ty)) return;
    visitedTypes.add(ty);
    const work: LType[] = [ty];
    while (work.length) {
      const t = work.pop()!;
      if (t.kind === 'struct' && t.name !== undefined && !/^[0-9]+$/.test(t.name)) found.push(t.name);
      const subs = subtypes(t);
      for (let i = subs.length - 1; i >= 0; i--) {
        const s = subs[i]!;
        if (!visitedTypes.has(s)) {
          visitedTypes.add(s);
          work.push(s);
        }
      }
    }
  };
  const globals: string[] = [];
  const aliases: string[] = [];
  const functions: string[] = [];
  const named: string[] = [];
  const nodes = new Map<string, string>();
  for (const e of entities) {
    const c = e.charCodeAt(0);
    if (c === 64 /* @ */) (/^@(?:"[^"]*"|[-\w$.]+)\s*=\s*(?:[a-z_]+(?:\([^)]*\))?\s+)*?(?:alias|ifunc)\b/.test(e) ? aliases : globals).push(e);
    else if (e.startsWith('define') || e.startsWith('declare')) functions.push(e);
    else if (c === 33 /* ! */) {
      const n = /^!([0-9]+)\s*=\s*/.exec(e);
      if (n) nodes.set(n[1]!, e.slice(n[0].length));
      else named.push(e.slice(e.indexOf('=') + 1));
    }
  }

  /**
   * Scans `text` for type names and metadata references. `mode`: `global` (metadata references
   * not followed), `header` (likewise; type attributes taken at the end), `body` (per line, type
   * attributes at its end; `!dbg` and debug records not followed), `md` (references followed).
   */
  const scan = (text: string, mode: 'global' | 'header' | 'body' | 'md'): void => {
    const deferred: string[] = [];
    let attrDepth = 0; // > 0 inside the parentheses of a type attribute
    let recordDepth = 0; // > 0 inside a `#dbg_…(` record
    let depth = 0;
    let attrAt = -1;
    let recordAt = -1;
    let skipNextNode = false;
    const flush = (): void => {
      for (const n of deferred) incorporateType(structs.get(n)!);
      deferred.length = 0;
    };
    const n = text.length;
    let i = 0;
    while (i < n) {
      // (to the next character that matters: the text between is names and numbers)
      INTERESTING.lastIndex = i;
      if (!INTERESTING.test(text)) break;
      i = INTERESTING.lastIndex - 1;
      const c = text.charCodeAt(i);
      if (c === 10) {
        if (mode === 'body') flush();
        i++;
      } else if (c === 34 /* " */) {
        const close = text.indexOf('"', i + 1);
        i = close < 0 ? n : close + 1;
      } else if (c === 59 /* ; */) {
        const nl = text.indexOf('\n', i);
        i = nl < 0 ? n : nl;
      } else if (c === 37 /* % */) {
        let name: string;
        if (text.charCodeAt(i + 1) === 34) {
          const close = text.indexOf('"', i + 2);
          name = text.slice(i + 2, close < 0 ? n : close);
          i = close < 0 ? n : close + 1;
        } else {
          let j = i + 1;
          while (j < n && isNameChar(text.charCodeAt(j))) j++;
          name = text.slice(i + 1, j);
          i = j;
        }
        const s = structs.get(name);
        if (s && !/^[0-9]+$/.test(name)) {
          if (attrDepth > 0) deferred.push(name);
          else incorporateType(s);
        }
      } else if (c === 33 /* ! */) {
        let j = i + 1;
        while (j < n && isNameChar(text.charCodeAt(j))) j++;
        const word = text.slice(i + 1, j);
        i = j;
        if (/^[0-9]+$/.test(word)) {
          const follow = (mode === 'md' || mode === 'body') && !skipNextNode && recordDepth === 0;
          skipNextNode = false;
          if (follow) node(word);
        } else if (word === 'dbg') skipNextNode = true;
      } else if (c === 40 /* ( */) {
        depth++;
        // A type attribute (`byval(`): the word right before the parenthesis.
        if (mode !== 'md' && mode !== 'global' && attrDepth === 0) {
          let j = i;
          while (j > 0 && i - j <= LONGEST_TYPE_ATTRIBUTE && isNameChar(text.charCodeAt(j - 1))) j--;
          if (j < i && i - j <= LONGEST_TYPE_ATTRIBUTE && (j === 0 || !isNameChar(text.charCodeAt(j - 1))) && TYPE_ATTRIBUTES.has(text.slice(j, i))) {
            attrAt = depth;
            attrDepth = 1;
          }
        }
        i++;
      } else if (c === 41 /* ) */) {
        if (depth === attrAt) {
          attrAt = -1;
          attrDepth = 0;
        }
        if (depth === recordAt) {
          recordAt = -1;
          recordDepth = 0;
        }
        depth--;
        i++;
      } else if (c === 35 /* # */ && text.startsWith('#dbg_', i)) {
        let j = i + 1;
        while (j < n && isNameChar(text.charCodeAt(j))) j++;
        i = j;
        if (text.charCodeAt(i) === 40) {
          depth++;
          recordAt = depth;
          recordDepth = 1;
          i++;
        }
      } else i++;
    }
    flush();
  };
  const node = (num: string): void => {
    if (visitedNodes.has(num)) return;
    visitedNodes.add(num);
    const text = nodes.get(num);
    if (text !== undefined) scan(text, 'md');
  };

  for (const g of globals) scan(g, 'global');
  for (const a of aliases) scan(a, 'global');
  for (const f of functions) {
    const brace = f.indexOf('{\n');
    if (brace < 0) scan(f, 'header');
    else {
      scan(f.slice(0, brace), 'header');
      scan(f.slice(brace + 1), 'body');
    }
  }
  for (const nm of named) scan(nm, 'md');
  return found;
}
