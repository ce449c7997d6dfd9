/**
 * The section header table may lie at any offset: LLVM's ELFFile::sections checks e_shoff against
 * alignof(Elf_Shdr), which is 1 (ELFTypes.h builds the fields from packed integers of alignment 1),
 * so llvm-objdump-19/-22 list an object whose table starts at an odd offset. offload-list refused it
 * ("e_shoff 0xce1 is not a multiple of 8").
 */
import { expect } from 'chai';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { ERA_TOOLS, requireTool } from '../support/tools.js';
import { readElfOffloadBinaries } from '../../src/offload/elf.js';
import { Elf32Header, Elf64Header } from '../../formats/elf.js';
import { cli, readBytes, run, tempDir, TESTDATA } from './support.js';

const LLVM22 = new URL('../../testdata/llvm22/containers/', import.meta.url).pathname;

/** `elf` with `pad` zero bytes inserted before its section header table (e_shoff moved by as much). */
function shiftSectionTable(elf: Uint8Array, pad: number): Uint8Array {
  const v = new DataView(elf.buffer, elf.byteOffset, elf.byteLength);
  const is64 = elf[4] === 2;
  const le = elf[5] === 1;
  // (the table is last in these objects)
  const at = (is64 ? Elf64Header : Elf32Header).offsets.e_shoff;
  const shoff = is64 ? Number(v.getBigUint64(at, le)) : v.getUint32(at, le);
  const out = new Uint8Array(elf.length + pad);
  out.set(elf.subarray(0, shoff));
  out.set(elf.subarray(shoff), shoff + pad);
  const w = new DataView(out.buffer);
  if (is64) w.setBigUint64(at, BigInt(shoff + pad), le);
  else w.setUint32(at, shoff + pad, le);
  return out;
}

const INPUTS = [
  { name: 'omp64', bytes: () => readBytes(join(TESTDATA, 'omp-two-targets.o')), pads: [1, 4] },
  { name: 'i386', bytes: () => readBytes(join(LLVM22, 'i386.o')), pads: [1, 2] },
];

describe('offload ELF: a section header table at an unaligned offset', () => {
  for (const input of INPUTS) {
    for (const pad of input.pads) {
      it(`${input.name}, table moved by ${pad}: the same binaries as the original`, () => {
        const original = readElfOffloadBinaries(input.bytes());
        const moved = readElfOffloadBinaries(shiftSectionTable(input.bytes(), pad));
        expect(moved.binaries.map((b) => b.entries.map((e) => e.strings))).to.deep.equal(original.binaries.map((b) => b.entries.map((e) => e.strings)));
        expect(moved.binaries.length).to.be.greaterThan(0);
      });
    }
  }

  for (const era of ['19', '22'] as const) {
    it(`the text and status of llvm-objdump-${era} --offloading`, async () => {
      const objdump = requireTool(ERA_TOOLS[era].objdump);
      const { dir, cleanup } = tempDir('syclbin-shoff-');
      try {
        for (const input of INPUTS) {
          for (const pad of input.pads) {
            const f = `${input.name}-${pad}.o`;
            writeFileSync(join(dir, f), shiftSectionTable(input.bytes(), pad));
            const theirs = run(objdump, ['--offloading', f], dir);
            const ours = await cli(['offload-list', '--llvm', era, '--strict', f], dir);
            expect([ours.code, ours.stdout], f).to.deep.equal([theirs.status, theirs.stdout.toString('utf8')]);
            expect(theirs.status, f).to.equal(0);
          }
        }
      } finally {
        cleanup();
      }
    });
  }
});
