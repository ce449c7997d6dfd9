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
/** How many types not found in the globals are looked up in the rest of the text (see {@link usedNamedTypes}). */
const MAX_TYPES_LOOKED_UP = 8;

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
  // Once every named type is found the order is decided: the rest of the module is not scanned (the
  // types of a module of 10,000 spec constants are all in its first global).
  let wanted = 0;
  for (const name of structs.keys()) if (!/^[0-9]+$/.test(name)) wanted++;
  if (wanted === 0) return found;
  const done = (): boolean => found.length === wanted;
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
  const namedMetadata: string[] = [];
  const nodes = new Map<string, string>();
  for (const e of entities) {
    const c = e.charCodeAt(0);
    if (c === 64 /* @ */) (/^@(?:"[^"]*"|[-\w$.]+)\s*=\s*(?:[a-z_]+(?:\([^)]*\))?\s+)*?(?:alias|ifunc)\b/.test(e) ? aliases : globals).push(e);
    else if (e.startsWith('define') || e.startsWith('declare')) functions.push(e);
    else if (c === 33 /* ! */) {
      const n = /^!([0-9]+)\s*=\s*/.exec(e);
      if (n) nodes.set(n[1]!, e.slice(n[0].length));
      else namedMetadata.push(e.slice(e.indexOf('=') + 1));
    }
  }

  /** Where a scan of one text is, kept on a stack while the metadata node it met is scanned. */
  interface Frame {
    text: string;
    mode: 'global' | 'header' | 'body' | 'md';
    i: number;
    deferred: string[];
    attrDepth: number; // > 0 inside the parentheses of a type attribute
    recordDepth: number; // > 0 inside a `#dbg_…(` record
    depth: number;
    attrAt: number;
    recordAt: number;
    skipNextNode: boolean;
  }
  const frame = (text: string, mode: Frame['mode']): Frame => ({ text, mode, i: 0, deferred: [], attrDepth: 0, recordDepth: 0, depth: 0, attrAt: -1, recordAt: -1, skipNextNode: false });

  /**
   * Scans `text` for type names and metadata references. `mode`: `global` (metadata references
   * not followed), `header` (likewise; type attributes taken at the end), `body` (per line, type
   * attributes at its end; `!dbg` and debug records not followed), `md` (references followed).
   * A node met is scanned where it is met, depth first, as TypeFinder walks operands: on a stack of
   * frames, not by recursion (a chain of 100,000 nodes is input, not a bound on the stack).
   */
  const scan = (text: string, mode: Frame['mode']): void => {
    const stack: Frame[] = [frame(text, mode)];
    const flush = (f: Frame): void => {
      for (const n of f.deferred) incorporateType(structs.get(n)!);
      f.deferred.length = 0;
    };
    frames: while (stack.length) {
      const f = stack[stack.length - 1]!;
      const t = f.text;
      const n = t.length;
      let i = f.i;
      while (i < n) {
        if (found.length === wanted) return;
        // (to the next character that matters: the text between is names and numbers)
        INTERESTING.lastIndex = i;
        if (!INTERESTING.test(t)) break;
        i = INTERESTING.lastIndex - 1;
        const c = t.charCodeAt(i);
        if (c === 10) {
          if (f.mode === 'body') flush(f);
          i++;
        } else if (c === 34 /* " */) {
          const close = t.indexOf('"', i + 1);
          i = close < 0 ? n : close + 1;
        } else if (c === 59 /* ; */) {
          const nl = t.indexOf('\n', i);
          i = nl < 0 ? n : nl;
        } else if (c === 37 /* % */) {
          let name: string;
          if (t.charCodeAt(i + 1) === 34) {
            const close = t.indexOf('"', i + 2);
            name = t.slice(i + 2, close < 0 ? n : close);
            i = close < 0 ? n : close + 1;
          } else {
            let j = i + 1;
            while (j < n && isNameChar(t.charCodeAt(j))) j++;
            name = t.slice(i + 1, j);
            i = j;
          }
          const st = structs.get(name);
          if (st && !/^[0-9]+$/.test(name)) {
            if (f.attrDepth > 0) f.deferred.push(name);
            else incorporateType(st);
          }
        } else if (c === 33 /* ! */) {
          let j = i + 1;
          while (j < n && isNameChar(t.charCodeAt(j))) j++;
          const word = t.slice(i + 1, j);
          i = j;
          if (/^[0-9]+$/.test(word)) {
            const follow = (f.mode === 'md' || f.mode === 'body') && !f.skipNextNode && f.recordDepth === 0;
            f.skipNextNode = false;
            if (follow && !visitedNodes.has(word)) {
              visitedNodes.add(word);
              const body = nodes.get(word);
              if (body !== undefined) {
                // (this text resumes after the node, and everything it reaches, is scanned)
                f.i = i;
                stack.push(frame(body, 'md'));
                continue frames;
              }
            }
          } else if (word === 'dbg') f.skipNextNode = true;
        } else if (c === 40 /* ( */) {
          f.depth++;
          // A type attribute (`byval(`): the word right before the parenthesis.
          if (f.mode !== 'md' && f.mode !== 'global' && f.attrDepth === 0) {
            let j = i;
            while (j > 0 && i - j <= LONGEST_TYPE_ATTRIBUTE && isNameChar(t.charCodeAt(j - 1))) j--;
            if (j < i && i - j <= LONGEST_TYPE_ATTRIBUTE && (j === 0 || !isNameChar(t.charCodeAt(j - 1))) && TYPE_ATTRIBUTES.has(t.slice(j, i))) {
              f.attrAt = f.depth;
              f.attrDepth = 1;
            }
          }
          i++;
        } else if (c === 41 /* ) */) {
          if (f.depth === f.attrAt) {
            f.attrAt = -1;
            f.attrDepth = 0;
          }
          if (f.depth === f.recordAt) {
            f.recordAt = -1;
            f.recordDepth = 0;
          }
          f.depth--;
          i++;
        } else if (c === 35 /* # */ && t.startsWith('#dbg_', i)) {
          let j = i + 1;
          while (j < n && isNameChar(t.charCodeAt(j))) j++;
          i = j;
          if (t.charCodeAt(i) === 40) {
            f.depth++;
            f.recordAt = f.depth;
            f.recordDepth = 1;
            i++;
          }
        } else i++;
      }
      flush(f);
      stack.pop();
    }
  };

  for (const g of globals) if (!done()) scan(g, 'global');
  for (const a of aliases) if (!done()) scan(a, 'global');
  if (!done()) {
    // A type the text never names, nor a type it names contains, is never found: the scan would read
    // the whole rest of the module for nothing (after post-link the `specialization_id` type of 10,000
    // spec constants is used by no global left, and 10 MB of calls were scanned for it). The few
    // types not yet found are looked up in the text (`%name` or `%"name"`, a superset of what the
    // scan takes as a use) and the count to wait for is cut to those that can still be found.
    // Bounded: one substring search of the module per type, for at most a few types.
    const foundSet = new Set(found);
    const unfound: string[] = [];
    for (const name of structs.keys()) {
      if (/^[0-9]+$/.test(name) || foundSet.has(name)) continue;
      unfound.push(name);
      if (unfound.length > MAX_TYPES_LOOKED_UP) break;
    }
    if (unfound.length <= MAX_TYPES_LOOKED_UP) {
      const mentions = (e: string, plain: string, quoted: string): boolean => e.includes(plain) || e.includes(quoted);
      const reachable = new Set<LType>();
      const work: LType[] = [];
      for (const name of unfound) {
        const plain = `%${name}`;
        const quoted = `%"${name}"`;
        let present = functions.some((e) => mentions(e, plain, quoted)) || namedMetadata.some((e) => mentions(e, plain, quoted));
        if (!present) for (const body of nodes.values()) if ((present = mentions(body, plain, quoted))) break;
        if (!present) continue;
        const st = structs.get(name)!;
        if (!reachable.has(st)) {
          reachable.add(st);
          work.push(st);
        }
      }
      while (work.length) {
        for (const s of subtypes(work.pop()!)) {
          if (!reachable.has(s)) {
            reachable.add(s);
            work.push(s);
          }
        }
      }
      let more = 0;
      for (const t of reachable) if (t.kind === 'struct' && t.name !== undefined && !/^[0-9]+$/.test(t.name) && !foundSet.has(t.name)) more++;
      wanted = found.length + more;
    }
  }
  for (const f of functions) {
    if (done()) break;
    const brace = f.indexOf('{\n');
    if (brace < 0) scan(f, 'header');
    else {
      scan(f.slice(0, brace), 'header');
      scan(f.slice(brace + 1), 'body');
    }
  }
  for (const nm of namedMetadata) if (!done()) scan(nm, 'md');
  return found;
}
