/**
 * `syclbin dump` prints nothing for a file that fails part-way (as syclbin-dump does), without a
 * temporary file (review 2026-11-28a findings 3-5): output up to a limit is held in memory; a larger
 * dump is abandoned, the file read through once without printing, then dumped again streamed. So a
 * reader of the output gets bytes at once and signals keep their default action.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DecodeError } from '../../src/codec/errors.js';
import { memorySource } from '../../src/codec/source.js';
import { dumpHeld, HOLD_LIMIT } from '../../src/cli/commands/dump.js';
import { dumpSyclbin, dumpSyclbinChunks } from '../../src/syclbin/dump.js';
import { readRegistry, writeRegistry } from '../../src/props/registry.js';
import { writeSyclbin } from '../../src/syclbin/write.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { byteArray, uint32 } from '../../src/props/model.js';
import type { SyclbinFile } from '../../src/syclbin/model.js';
import { AbstractModuleHeader, IRModuleHeader, SyclbinFileHeader } from '../../formats/syclbin-v1.js';
import { readBytes, SYCLBIN_TESTDATA, tempDir } from '../syclbin/support.js';

/** A v1 file of `modules` abstract modules, each with `keys` properties of its own (about 30 bytes of dump each). */
function bigFile(modules: number, keys: number): Uint8Array {
  const file: SyclbinFile = readSyclbin(readBytes(`${SYCLBIN_TESTDATA}v1_one_ir.syclbin`));
  const am = file.abstractModules[0]!;
  file.abstractModules = Array.from({ length: modules }, (_, a) => ({
    ...am,
    metadata: new Map([['SYCL/misc properties', new Map(Array.from({ length: keys }, (_, k) => [`key${a}_${k}`, k % 2 ? uint32(k) : byteArray(Uint8Array.of(k & 0xff, 1, 2))]))]]),
  }));
  return writeSyclbin(file);
}

/**
 * A file of `modules` abstract modules whose headers all name the first one's metadata blob of `keys`
 * properties (readers accept shared blobs; syclbin-dump prints the blob once per header): a dump many
 * times the file's size.
 */
function sharedFile(modules: number, keys: number): Uint8Array {
  const bytes = bigFile(modules, 0).slice();
  const one = bigFile(1, keys);
  const file = readSyclbin(bytes);
  file.abstractModules[0] = readSyclbin(one).abstractModules[0]!;
  const out = writeSyclbin(file).slice();
  const view = new DataView(out.buffer);
  const at = (a: number, field: 'metadataOffset' | 'metadataSize'): number => SyclbinFileHeader.fixedSize! + a * AbstractModuleHeader.fixedSize! + AbstractModuleHeader.offsets[field]!;
  for (let a = 1; a < modules; a++) {
    view.setBigUint64(at(a, 'metadataOffset'), view.getBigUint64(at(0, 'metadataOffset'), true), true);
    view.setBigUint64(at(a, 'metadataSize'), view.getBigUint64(at(0, 'metadataSize'), true), true);
  }
  return out;
}

/** `bytes` with the last abstract module's IR module count past the table: it fails there, after every other module read. */
function failingLast(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  const view = new DataView(out.buffer);
  const count = view.getUint32(SyclbinFileHeader.offsets.abstractModuleCount, true);
  view.setUint32(SyclbinFileHeader.fixedSize! + (count - 1) * AbstractModuleHeader.fixedSize! + AbstractModuleHeader.offsets.irModuleCount, 1000, true);
  return out;
}

function dumpAll(bytes: Uint8Array): Buffer {
  const parts: Uint8Array[] = [];
  dumpSyclbinChunks(bytes, (c) => parts.push(c.slice()), { sharedBlobsFree: true });
  return Buffer.concat(parts);
}

describe('dump: held in memory, or checked first and streamed (no temporary file)', () => {
  const big = bigFile(40, 2000); // about 2.5 MB of dump text: several 1 MiB chunks

  it('every testdata file, and a large one, dumps the same text held or streamed', () => {
    for (const name of ['v1_one_ir', 'v1_two_modules_mixed', 'v1_in_offload_v3_zlib', 'v2_roles']) {
      const bytes = readBytes(`${SYCLBIN_TESTDATA}${name}.syclbin`);
      for (const limit of [1 << 30, 0]) {
        const parts: Uint8Array[] = [];
        dumpHeld(memorySource(bytes), (c) => parts.push(c.slice()), { sharedBlobsFree: true }, limit);
        expect(Buffer.concat(parts).equals(dumpAll(bytes)), `${name} limit ${limit}`).to.equal(true);
      }
    }
    const parts: Uint8Array[] = [];
    dumpHeld(memorySource(big), (c) => parts.push(c.slice()), { sharedBlobsFree: true }, 1 << 20);
    expect(parts.length).to.be.greaterThan(1);
    expect(Buffer.concat(parts).equals(dumpAll(big))).to.equal(true);
  });

  it('a blob many headers name is printed once per header, its lines made once: the same text as copies of it', () => {
    const shared = sharedFile(6, 300);
    const file = readSyclbin(shared);
    for (const am of file.abstractModules) am.metadata = readRegistry(writeRegistry(am.metadata)); // sets of their own
    expect(dumpAll(shared).equals(Buffer.from(dumpSyclbin(file)))).to.equal(true);
    expect(dumpAll(shared).toString('latin1').split('key0_299: 299\n').length).to.equal(7);
  });

  it('a blob named at two indents in turn (module and IR module metadata): rendered once per indent, the same text as copies (review 2026-11-28c finding 7)', () => {
    const shared = sharedFile(5, 200).slice();
    const view = new DataView(shared.buffer);
    const count = (f: 'abstractModuleCount' | 'irModuleCount'): number => view.getUint32(SyclbinFileHeader.offsets[f]!, true);
    const irTable = SyclbinFileHeader.fixedSize! + count('abstractModuleCount') * AbstractModuleHeader.fixedSize!;
    const am0 = SyclbinFileHeader.fixedSize!;
    for (let i = 0; i < count('irModuleCount'); i++) {
      for (const f of ['metadataOffset', 'metadataSize'] as const) {
        view.setBigUint64(irTable + i * IRModuleHeader.fixedSize! + IRModuleHeader.offsets[f]!, view.getBigUint64(am0 + AbstractModuleHeader.offsets[f]!, true), true);
      }
    }
    const file = readSyclbin(shared, { sharedBlobsFree: true });
    // (the IR module names its abstract module's blob: the same set, each header owning its copy)
    const [irSet, amSet] = [file.abstractModules[1]!.irModules[0]!.metadata.get('SYCL/misc properties'), file.abstractModules[1]!.metadata.get('SYCL/misc properties')];
    expect(irSet).to.deep.equal(amSet);
    expect(irSet).to.not.equal(amSet);
    for (const am of file.abstractModules) {
      am.metadata = readRegistry(writeRegistry(am.metadata));
      for (const ir of am.irModules) ir.metadata = readRegistry(writeRegistry(ir.metadata));
    }
    expect(dumpAll(shared).equals(Buffer.from(dumpSyclbin(file)))).to.equal(true);
  });

  it('a file that fails after more than the limit was made: nothing written, the reader\'s error', () => {
    const bad = failingLast(big);
    // (the plain streaming dump would have handed out chunks before failing)
    let streamed = 0;
    expect(() => dumpSyclbinChunks(bad, () => void streamed++, { sharedBlobsFree: true })).to.throw(DecodeError);
    expect(streamed).to.be.greaterThan(0);
    for (const limit of [1 << 30, 1 << 20, 0]) {
      let written = 0;
      expect(() => dumpHeld(memorySource(bad), () => void written++, { sharedBlobsFree: true }, limit)).to.throw(DecodeError, 'Unexpected file contents size.');
      expect(written, `limit ${limit}`).to.equal(0);
    }
  });

  it('past the limit the output is streamed: the first chunk is written before the dump has finished', () => {
    const stop = new Error('reader closed');
    let written = 0;
    expect(() =>
      dumpHeld(
        memorySource(big),
        () => {
          written++;
          throw stop;
        },
        { sharedBlobsFree: true },
        1 << 20,
      ),
    ).to.throw(stop.message);
    expect(written).to.equal(1);
  });

  it('the CLI: a reader that stops early ends dump with status 141; SIGTERM ends a dump whose output waits (no handler holds it)', async function () {
    this.timeout(60000);
    const t = tempDir('syclbin-dump-held-');
    try {
      const file = join(t.dir, 'big.syclbin');
      const bytes = sharedFile(200, 20000);
      let size = 0;
      dumpSyclbinChunks(bytes, (c) => void (size += c.length), { sharedBlobsFree: true });
      expect(size).to.be.greaterThan(HOLD_LIMIT); // more than dump holds in memory
      writeFileSync(file, bytes);
      const main = new URL('../../dist/cli/main.js', import.meta.url).pathname;
      const run = (onStdout: (child: ReturnType<typeof spawn>) => void): Promise<{ code: number | null; signal: NodeJS.Signals | null; got: number }> =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, [main, 'dump', file], { stdio: ['ignore', 'pipe', 'pipe'] });
          let got = 0;
          child.stdout!.once('data', (d: Buffer) => {
            got += d.length;
            onStdout(child);
          });
          child.on('exit', (code, signal) => resolve({ code, signal, got }));
        });
      const closed = await run((child) => child.stdout!.destroy());
      expect(closed.got).to.be.greaterThan(0);
      expect(closed.code).to.equal(141);
      const killed = await run((child) => {
        child.stdout!.pause();
        child.kill('SIGTERM');
      });
      expect(killed.signal).to.equal('SIGTERM');
    } finally {
      t.cleanup();
    }
  });
});
