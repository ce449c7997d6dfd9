/**
 * dump writes set names and keys as the bytes they were read from: syclbin-dump prints the
 * registry's `SmallString`s unchanged (intel/llvm:llvm/tools/syclbin-dump/syclbin-dump.cpp
 * `PrintProperties`: `OS << Ind << PropertySet.first << ":\n"`), so a name that is not UTF-8 stays so
 * (review 2026-11-27y finding 2).
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { readSyclbin } from '../../src/syclbin/read.js';
import { writeSyclbin } from '../../src/syclbin/write.js';
import { dumpSyclbin, dumpSyclbinSource } from '../../src/syclbin/dump.js';
import { uint32 } from '../../src/props/model.js';
import { concatBytes } from '../../src/codec/index.js';

describe('dump: names and keys that are not UTF-8', () => {
  it('a set named S\\xff with the key k\\xfe\\xc3 prints those bytes, from the model and from the file', () => {
    const file = readSyclbin(new Uint8Array(readFileSync(new URL('../../testdata/syclbin/v1_one_ir.syclbin', import.meta.url))));
    // (the reader holds such bytes as lone surrogates U+DC80+byte: src/codec/bytes.ts decodeEscapedUtf8)
    file.abstractModules[0]!.metadata = new Map([['S\udcff', new Map([['k\udcfe\udcc3', uint32(7)]])]]);
    const bytes = writeSyclbin(file);
    expect(Buffer.from(bytes).includes(Buffer.from('[S\xff]\nk\xfe\xc3=1|7\n', 'latin1'))).to.equal(true);
    const want = Buffer.from('    S\xff:\n      k\xfe\xc3: 7\n', 'latin1');
    for (const out of [dumpSyclbin(readSyclbin(bytes)), concatBytes(dumpSyclbinSource(bytes))]) {
      expect(Buffer.from(out).includes(want)).to.equal(true);
      expect(Buffer.from(out).includes(Buffer.from([0xef, 0xbf, 0xbd]))).to.equal(false);
    }
  });
});
