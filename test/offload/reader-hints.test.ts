/**
 * A reader given bytes of another known kind says, after its own reason, what they are and which
 * function reads them (`DecodeError.hint`); LLVM's headline (what `syclbin dump` prints) is unchanged,
 * and the CLI, which says what a file is in its own words, prints no hint.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { DecodeError, messageWithoutHint } from '../../src/codec/errors.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { headlineOf, SyclbinFormatError } from '../../src/syclbin/errors.js';
import { readOffloadBinaries, readOffloadBinary } from '../../src/offload/read.js';
import { readElfOffloadBinaries } from '../../src/offload/elf.js';
import { readRegistry } from '../../src/props/registry.js';
import { readerHint } from '../../src/offload/sniff.js';
import { writeSybi } from '../../src/syclbin/write.js';
import { cli } from './support.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const bytesOf = (p: string): Uint8Array => new Uint8Array(readFileSync(ROOT + p));
const ELF = 'testdata/llvm22/containers/omp22.o';
const elf = bytesOf(ELF);
const archive = bytesOf('testdata/llvm22/containers/omp.a');
const coff = bytesOf('testdata/llvm22/containers/coff.obj');
const spirv = bytesOf('testdata/offload/k.spv');
const bitcode = bytesOf('testdata/offload/k.bc');
const props = bytesOf('testdata/props/sample.prop');
const sybi = writeSybi({ version: 1, envelope: { kind: 'none' }, globalMetadata: new Map(), abstractModules: [] });
const offload = bytesOf('testdata/broken/v2-triple-mismatch.syclbin');

function errorOf(f: () => unknown): DecodeError {
  try {
    f();
  } catch (e) {
    expect(e).to.be.instanceOf(DecodeError);
    return e as DecodeError;
  }
  expect.fail('no error');
}

describe('wrong-reader errors say what the bytes are and which function reads them', () => {
  it('readSyclbin: an ELF file, an archive, LLVM bitcode, property-set text; the LLVM headline and detail unchanged', () => {
    const e = errorOf(() => readSyclbin(elf)) as SyclbinFormatError;
    expect(e.hint).to.equal('the bytes are an ELF file: readElfOffloadBinaries reads the OffloadBinaries in its sections (readOffloadInput reads any container)');
    expect(e.message).to.equal(
      'Incorrect SYCLBIN magic number. Found 7f 45 4c 46; expected 49 42 59 53 (SYCLBIN v1) or 10 ff 10 ad (OffloadBinary). The bytes are an ELF file: readElfOffloadBinaries reads the OffloadBinaries in its sections (readOffloadInput reads any container). (at header.magic, offset 0x0)',
    );
    expect(headlineOf(e)).to.equal('Incorrect SYCLBIN magic number.');
    expect(e.detail).to.equal('Found 7f 45 4c 46; expected 49 42 59 53 (SYCLBIN v1) or 10 ff 10 ad (OffloadBinary).');
    expect(messageWithoutHint(e)).to.equal('Incorrect SYCLBIN magic number. Found 7f 45 4c 46; expected 49 42 59 53 (SYCLBIN v1) or 10 ff 10 ad (OffloadBinary). (at header.magic, offset 0x0)');
    expect(errorOf(() => readSyclbin(archive)).hint).to.match(/an archive: readOffloadInput reads the OffloadBinaries in its members/);
    expect(errorOf(() => readSyclbin(coff)).hint).to.match(/a COFF object: readOffloadInput/);
    expect(errorOf(() => readSyclbin(bitcode)).hint).to.match(/LLVM bitcode: readOffloadInput reads the OffloadBinaries it embeds/);
    expect(errorOf(() => readSyclbin(spirv)).hint).to.match(/a SPIR-V module: .*identifyImage/);
    expect(errorOf(() => readSyclbin(props)).hint).to.equal('the bytes are property-set text: readRegistry reads it');
    // (a file shorter than the header: LLVM's size sentence, then the hint)
    const short = errorOf(() => readSyclbin(new TextEncoder().encode('[SYCL/x]\nk=1|2\n')));
    expect(short.message).to.match(/^Unexpected file contents size\. .* The bytes are property-set text: readRegistry reads it\. \(at offset 0x0\)$/);
  });

  it('readOffloadBinaries: an ELF file, a SYCLBIN v1 image, property-set text (at the region read)', () => {
    const e = errorOf(() => readOffloadBinaries(elf));
    expect(e.message).to.equal(
      'bad OffloadBinary magic: expected 10 ff 10 ad, found 7f 45 4c 46; the bytes are an ELF file: readElfOffloadBinaries reads the OffloadBinaries in its sections (readOffloadInput reads any container) (at binaries[0].header.magic, offset 0x0)',
    );
    expect(errorOf(() => readOffloadBinaries(sybi)).hint).to.equal('the bytes are a SYCLBIN v1 image (SYBI magic): readSyclbin reads it');
    expect(errorOf(() => readOffloadBinaries(props)).hint).to.equal('the bytes are property-set text: readRegistry reads it');
    const both = new Uint8Array(8 + elf.length);
    both.set(elf, 8);
    expect(errorOf(() => readOffloadBinaries(both, { start: 8 })).hint).to.match(/an ELF file/);
  });

  it('readElfOffloadBinaries and readRegistry: an OffloadBinary, a SYCLBIN', () => {
    expect(errorOf(() => readElfOffloadBinaries(offload)).hint).to.equal('the bytes are an LLVM OffloadBinary: readOffloadBinaries reads it (readSyclbin a SYCLBIN in one)');
    expect(errorOf(() => readElfOffloadBinaries(props)).hint).to.match(/property-set text/);
    expect(errorOf(() => readRegistry(sybi)).hint).to.match(/SYCLBIN v1 image .*readSyclbin/);
    expect(errorOf(() => readRegistry(elf)).hint).to.match(/an ELF file: readElfOffloadBinaries/);
  });

  it('no hint for bytes of no known kind (zeros, text), for the kind the reader reads, or inside a file', () => {
    for (const f of [() => readSyclbin(new Uint8Array(100)), () => readOffloadBinaries(new Uint8Array(100)), () => readRegistry(new Uint8Array(100)), () => readSyclbin(new TextEncoder().encode('x'.repeat(80)))]) {
      expect(errorOf(f).hint).to.equal(undefined);
    }
    expect(readerHint(elf.subarray(0, 256), 'readElfOffloadBinaries')).to.equal(undefined);
    expect(readerHint(offload.subarray(0, 256), 'readSyclbin')).to.equal(undefined);
    // A registry blob read with a base (a file's metadata) is its file's reader's to explain.
    expect(errorOf(() => readRegistry(elf, { base: 100 })).hint).to.equal(undefined);
    // readOffloadBinary (one binary where a walker of a file found its magic) adds none.
    expect(errorOf(() => readOffloadBinary(elf)).hint).to.equal(undefined);
  });

  it('the CLI says what the file is in its own words: no library function names', async () => {
    const j = await cli(['json', ELF], ROOT);
    expect(j.code).to.equal(1);
    expect(j.stderr).to.include('note: read as a SYCLBIN: Incorrect SYCLBIN magic number. Found 7f 45 4c 46;');
    expect(j.stderr).to.not.match(/readElfOffloadBinaries|readOffloadInput/);
    const d = await cli(['dump', '--verbose', ELF], ROOT);
    expect(d.stderr).to.match(/^Failed to parse SYCLBIN file: Incorrect SYCLBIN magic number\.\n/);
    expect(d.stderr).to.not.match(/readElfOffloadBinaries|readOffloadInput/);
    const p = await cli(['props', ELF], ROOT);
    expect(p.code).to.equal(1);
    expect(p.stderr).to.not.match(/readElfOffloadBinaries|readOffloadInput/);
  });
});
