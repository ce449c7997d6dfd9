/**
 * Helpers of the container tests: the committed LLVM 22 fixtures (testdata/llvm22, README there), the
 * `llvm-objdump-22 --offloading` text of what `readOffloadInput` says objdump lists (to compare with
 * the `*.objdump22.txt` goldens byte for byte), and readers of the `llvm-readelf-22` goldens.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { DecodeError } from '../../src/codec/errors.js';
import { memorySource } from '../../src/codec/source.js';
import { llvmEra } from '../../formats/eras.js';
import { inputOffloadingText } from '../../src/offload/input-text.js';
import { readOffloadInput, type OffloadInput, type ReadOffloadInputOptions } from '../../src/offload/input.js';

export const LLVM22 = new URL('../../testdata/llvm22/', import.meta.url).pathname;

export function bytesOf(rel: string): Uint8Array {
  return new Uint8Array(readFileSync(LLVM22 + rel));
}

export function textOf(rel: string): string {
  return readFileSync(LLVM22 + rel, 'utf8');
}

export function sha256(b: Uint8Array): string {
  return createHash('sha256').update(b).digest('hex');
}

export function input(rel: string, opts: ReadOffloadInputOptions = {}): OffloadInput {
  return readOffloadInput(memorySource(bytesOf(rel)), opts);
}

/**
 * `llvm-objdump-22 --offloading NAME` as LLVM 22 prints it, from the objects readOffloadInput found
 * (src/offload/objdump-text.ts inputOffloadingText, without our blocks for images outside OffloadBinaries).
 */
export function objdump22(name: string, r: OffloadInput): string {
  return [...inputOffloadingText(name, { ...r, bare: [] }, { era: llvmEra('22') })].join('');
}

/** A section line of `llvm-readelf -S`: index, name, type, address, offset, size. */
export function readelfSection(readelf: string, name: string): { index: number; type: string; addr: number; offset: number; size: number } {
  const line = readelf.split('\n').find((l) => new RegExp(`^\\s*\\[\\s*\\d+\\] ${name.replace(/\./g, '\\.')}\\s`).test(l));
  expect(line, `section ${name} in the readelf golden`).to.be.a('string');
  const m = /\[\s*(\d+)\]\s+\S+\s+(\S+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)/.exec(line!)!;
  return { index: Number(m[1]), type: m[2]!, addr: parseInt(m[3]!, 16), offset: parseInt(m[4]!, 16), size: parseInt(m[5]!, 16) };
}

/** The relocations of section `name` in `llvm-readelf -r`: offset, type, symbol value/name, addend. */
export function readelfRelocs(readelf: string, name: string): { offset: number; type: string; rest: string }[] {
  const lines = readelf.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`Relocation section '${name}'`));
  expect(at, `relocation section ${name}`).to.be.greaterThan(-1);
  const out: { offset: number; type: string; rest: string }[] = [];
  for (let i = at + 2; i < lines.length && lines[i]!.trim(); i++) {
    const m = /^([0-9a-f]+)\s+[0-9a-f]+\s+(R_\S+)\s*(.*)$/.exec(lines[i]!)!;
    out.push({ offset: parseInt(m[1]!, 16), type: m[2]!, rest: m[3]!.trim() });
  }
  return out;
}

/** A section of `llvm-readobj --sections`: its Number (from 1), RawDataSize, PointerToRawData, PointerToRelocations, RelocationCount. */
export function readobjSection(readobj: string, name: string): { number: number; size: number; offset: number; relocations: number; relocationCount: number; virtualAddress: number } {
  const blocks = readobj.split(/\n  Section \{\n/).slice(1);
  const b = blocks.find((x) => new RegExp(`^    Name: ${name.replace(/[.$]/g, (c) => `\\${c}`)} \\(`, 'm').test(x));
  expect(b, `section ${name} in the readobj golden`).to.be.a('string');
  const field = (k: string): number => Number(new RegExp(`^    ${k}: (\\S+)$`, 'm').exec(b!)![1]);
  return { number: field('Number'), size: field('RawDataSize'), offset: field('PointerToRawData'), relocations: field('PointerToRelocations'), relocationCount: field('RelocationCount'), virtualAddress: field('VirtualAddress') };
}

/** The relocations of section `name` in `llvm-readobj --relocations` (COFF): offset, type, symbol name and index. */
export function readobjRelocs(readobj: string, name: string): { offset: number; type: string; symbol: string; index: number }[] {
  const lines = readobj.split('\n');
  const at = lines.findIndex((l) => new RegExp(`^  Section \\(\\d+\\) ${name.replace(/[.$]/g, (c) => `\\${c}`)} \\{$`).test(l));
  expect(at, `relocations of ${name}`).to.be.greaterThan(-1);
  const out: { offset: number; type: string; symbol: string; index: number }[] = [];
  for (let i = at + 1; !lines[i]!.startsWith('  }'); i++) {
    const m = /^ {4}(0x[0-9A-F]+) (\S+) (.*) \((\d+)\)$/.exec(lines[i]!)!;
    out.push({ offset: Number(m[1]), type: m[2]!, symbol: m[3]!, index: Number(m[4]) });
  }
  return out;
}

/** A symbol of `llvm-readobj --symbols` (COFF): its Value and section number. */
export function readobjSymbol(readobj: string, name: string): { value: number; section: number } {
  const m = new RegExp(`^    Name: ${name.replace(/[.$]/g, (c) => `\\${c}`)}\n    Value: (\\d+)\n    Section: \\S+ \\((\\d+)\\)$`, 'm').exec(readobj);
  expect(m, `symbol ${name} in the readobj golden`).to.not.equal(null);
  return { value: Number(m![1]), section: Number(m![2]) };
}

/** Assert that `f` throws the library's DecodeError and return it. */
export function decodeErrorOf(f: () => unknown, what = ''): DecodeError {
  try {
    f();
  } catch (e) {
    if (e instanceof DecodeError) return e;
    expect.fail(`${what}: expected DecodeError, got ${(e as Error)?.constructor?.name}: ${(e as Error)?.message}`);
  }
  return expect.fail(`${what}: expected a DecodeError`);
}

/** Run `f`: a result or the library's DecodeError are fine, anything else fails (hostile inputs). */
export function onlyDecodeErrors(f: () => unknown, what = ''): void {
  try {
    f();
  } catch (e) {
    if (!(e instanceof DecodeError)) expect.fail(`${what}: expected a result or a DecodeError, got ${(e as Error)?.constructor?.name}: ${(e as Error)?.message}`);
  }
}

/** A copy of `b` with `v` written at `at` (clipped at the end). */
export function overwrite(b: Uint8Array, at: number, v: Uint8Array): Uint8Array {
  const c = b.slice();
  c.set(v.subarray(0, Math.max(0, c.length - at)), at);
  return c;
}
