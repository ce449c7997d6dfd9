/**
 * Kernel names from the `symbols` string entry of clang-sycl-linker images (formats/sycl-symbols.ts
 * describes both encodings: LLVM 22's newline-joined text, upstream main's binary table).
 *
 * Portable: no Node APIs.
 */
import { ArgumentError, DecodeError, decodeEscapedUtf8, describeValue, locate, lookupIn, memorySource, place, Space, toBytes, type PathKey, type BytesLike } from '../codec/index.js';
import { SYCL_SYMBOLS_KEY, SyclSymbolTableEntry, SyclSymbolTableHeader, SyclSymbolTableLayout, SYCL_SYMBOL_SEPARATORS } from '../../formats/sycl-symbols.js';
import type { OffloadEntryModel } from './read.js';

/** Kernel names of one image and how they were stored. */
export interface SyclKernelNames {
  /** The kernel names in stored order. */
  names: string[];
  /** `table`: upstream main's binary symbol table; `text`: names joined by `separator` (LLVM 22). */
  encoding: 'table' | 'text';
  /** For `text`: the separator between names. */
  separator?: '\n' | '\0';
}

/**
 * Decode upstream main's binary symbol table (a v2/v3 string value). Every offset and size is checked
 * against the value; a failure is a DecodeError whose path starts with `path` (e.g. the string entry).
 */
export function decodeSyclSymbolTable(input: BytesLike, path: readonly PathKey[] = [SYCL_SYMBOLS_KEY]): string[] {
  const value = toBytes(input, 'the symbol table');
  const space = new Space(memorySource(value), -1, undefined);
  const header = space.decode(SyclSymbolTableHeader, 0, { path: [...path, 'header'] });
  const entries = place(SyclSymbolTableLayout, lookupIn({ header })).entries;
  if (entries.size > value.length - entries.at) {
    throw new DecodeError('RANGE', `${header.count} symbol table entries do not fit in the ${value.length}-byte value`, SyclSymbolTableHeader.offsets.count, [...path, 'header', 'count']);
  }
  const names: string[] = [];
  for (let i = 0; i < header.count; i++) {
    const ep = [...path, 'entries', i];
    const at = entries.at + i * SyclSymbolTableEntry.fixedSize!;
    const e = space.decode(SyclSymbolTableEntry, at, { path: ep });
    const name = locate(SyclSymbolTableEntry.relations.name, e, value.length);
    if (!name.ok) throw new DecodeError('RANGE', `symbol ${i}: ${name.reason}`, at + SyclSymbolTableEntry.offsets[name.field as 'symbolSize'], [...ep, name.field]);
    names.push(decodeEscapedUtf8(value, name.at, name.at + name.size));
  }
  return names;
}

/**
 * The kernel names an image's `symbols` entry holds, or undefined when it has none. A v2/v3 value is
 * read as the binary table when its header and entries are consistent with its size, otherwise (and
 * for v1, whose values are NUL-terminated text) as text split at newlines (LLVM 22) or NULs.
 */
export function syclKernelNames(entry: Pick<OffloadEntryModel, 'stringEntries'>): SyclKernelNames | undefined {
  // (from JavaScript: "entry.stringEntries is not iterable")
  if (typeof entry !== 'object' || entry === null || !Array.isArray(entry.stringEntries)) throw new ArgumentError(`syclKernelNames: expected an OffloadBinary entry (an element of a binary's entries, with its stringEntries), not ${describeValue(entry)}`);
  let found;
  for (const s of entry.stringEntries) if (s.key === SYCL_SYMBOLS_KEY) found = s; // the last value wins, as in LLVM
  if (!found) return undefined;
  if (found.valueBytes) {
    try {
      return { names: decodeSyclSymbolTable(found.valueBytes), encoding: 'table' };
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
    }
  }
  const text = found.value;
  if (text === '') return { names: [], encoding: 'text', separator: '\n' };
  const separator = SYCL_SYMBOL_SEPARATORS.find((c) => text.includes(c)) ?? '\n';
  return { names: text.split(separator).filter((n) => n !== ''), encoding: 'text', separator };
}
