/**
 * What the offload commands read: a file of OffloadBinaries back to back, or an ELF object whose
 * offloading sections hold them (src/offload/elf.ts). Portable: no Node APIs.
 */
import type { ByteSource } from '../codec/index.js';
import { isElf, readElfOffloadBinaries, type ElfOffloadResult, type ReadElfOffloadOptions } from './elf.js';
import { readOffloadBinaries, type OffloadBinaryModel } from './read.js';

/** The binaries of an input, and the ELF facts when it is an ELF object. */
export interface OffloadInput {
  binaries: OffloadBinaryModel[];
  /** Set when the input is an ELF object (its `notes` say which candidate sections were not read). */
  elf?: ElfOffloadResult;
}

/** Read `source` as an ELF object when it starts with the ELF magic, otherwise as OffloadBinaries back to back. */
export function readOffloadInput(source: ByteSource, opts: ReadElfOffloadOptions = {}): OffloadInput {
  if (!isElf(source)) return { binaries: readOffloadBinaries(source, opts) };
  const elf = readElfOffloadBinaries(source, opts);
  return { binaries: elf.binaries, elf };
}
