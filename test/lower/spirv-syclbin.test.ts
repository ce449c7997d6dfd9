/**
 * The `.syclbin` of a lowering (issue 5 item 4): read back with our SYCLBIN reader and printed with
 * the syclbin-dump formatter; the abstract module's metadata is the lowering's property sets and its
 * IR module is the SPIR-V (magic 0x07230203) with `type=0`, `target=spir64-unknown-unknown`.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { emitLlvmIr } from '../../src/lower/llvm-ir/emit.js';
import { writeRegistry } from '../../src/props/registry.js';
import { lowerManifestJson } from '../../src/lower/lower.js';
import { emitSpirv } from '../../src/lower/spirv/emit.js';
import { loweredSyclbinModel, writeLoweredSyclbin } from '../../src/lower/syclbin-output.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { dumpSyclbin } from '../../src/syclbin/dump.js';
import { bundleState, irTarget, irType } from '../../src/syclbin/model.js';

const DATA = new URL('../../testdata/lower/spirv/', import.meta.url).pathname;

describe('lowering → .syclbin', () => {
  const result = lowerManifestJson(JSON.parse(readFileSync(DATA + 'device-globals.json', 'utf8')));

  for (const format of [1, 2] as const) {
    it(`SYCLBIN v${format}: property sets as module metadata, SPIR-V as the IR module, dumpable`, () => {
      const bytes = writeLoweredSyclbin(result, { write: { format } });
      const file = readSyclbin(bytes);
      expect(file.version).to.equal(format);
      expect(bundleState(file)).to.equal('input');
      expect(file.abstractModules).to.have.length(1);
      const am = file.abstractModules[0]!;
      expect(new TextDecoder().decode(writeRegistry(am.metadata))).to.equal(new TextDecoder().decode(writeRegistry(result.registry)));
      expect([...am.metadata.keys()]).to.deep.equal(['SYCL/specialization constants', 'SYCL/specialization constants default values', 'SYCL/device globals']);
      expect(am.irModules).to.have.length(1);
      expect(am.nativeImages).to.have.length(0);
      const ir = am.irModules[0]!;
      expect(irType(ir)).to.equal('SPIR-V');
      expect(irTarget(ir)).to.equal('spir64-unknown-unknown');
      const spirv = ir.image.bytes();
      expect(new DataView(spirv.buffer, spirv.byteOffset, 4).getUint32(0, true)).to.equal(0x07230203);
      expect(Buffer.from(spirv).equals(Buffer.from(emitSpirv(result)))).to.equal(true);

      const dump = new TextDecoder().decode(dumpSyclbin(file));
      expect(dump).to.include(`Version: ${format}\nGlobal metadata:\n  SYCLBIN/global metadata:\n    state: 0\nNumber of Abstract Modules: 1\nAbstract Module 0:\n  Metadata:\n    SYCL/specialization constants:\n`);
      expect(dump).to.include('      6da74a122db9f35d____ZL7dg_int1: ');
      expect(dump).to.include(
        `  Number of IR Modules: 1\n  IR module 0:\n    Metadata:\n      SYCLBIN/ir module metadata:\n        type: 0\n        target: spir64-unknown-unknown\n    Raw IR bytes: <Binary blob of ${spirv.length} bytes>\n`,
      );
    });
  }

  it('emulation mode: metadata only; state and target options are recorded', () => {
    const emu = lowerManifestJson({ mode: 'emulation', specConstants: [{ name: 'a', type: 'i32', default: 1 }] });
    const file = readSyclbin(writeLoweredSyclbin(emu, { state: 'object' }));
    expect(bundleState(file)).to.equal('object');
    expect(file.abstractModules[0]!.irModules).to.have.length(0);
    expect([...file.abstractModules[0]!.metadata.keys()]).to.deep.equal(['SYCL/specialization constants', 'SYCL/specialization constants default values']);
    const model = loweredSyclbinModel(result, { target: 'spirv64-unknown-unknown' });
    expect(irTarget(model.abstractModules[0]!.irModules[0]!)).to.equal('spirv64-unknown-unknown');
  });
});

describe('syclbin lower --spirv-out / --ir-out / -o', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'syclbin-lower-out-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const run = async (args: string[]): Promise<{ code: number; stderr: string }> => {
    let stderr = '';
    const code = await runCli(args, { stdout: { write: () => undefined }, stderr: { write: (c) => void (stderr += String(c)) }, cwd: dir, env: {} });
    return { code, stderr };
  };

  it('writes the SPIR-V, the IR text and the .syclbin', async () => {
    const text = readFileSync(DATA + 'device-globals.json', 'utf8');
    writeFileSync(join(dir, 'm.json'), text);
    const r = await run(['lower', 'm.json', '--spirv-out', 'm.spv', '--ir-out', 'm.ll', '-o', 'm.syclbin']);
    expect(r.code, r.stderr).to.equal(0);
    const result = lowerManifestJson(JSON.parse(text));
    expect(Buffer.from(readFileSync(join(dir, 'm.spv'))).equals(Buffer.from(emitSpirv(result)))).to.equal(true);
    expect(readFileSync(join(dir, 'm.ll'), 'utf8')).to.equal(emitLlvmIr(result));
    const file = readSyclbin(new Uint8Array(readFileSync(join(dir, 'm.syclbin'))));
    expect(Buffer.from(file.abstractModules[0]!.irModules[0]!.image.bytes()).equals(Buffer.from(emitSpirv(result)))).to.equal(true);
  });

  it('reports what SPIR-V cannot express with the manifest path and writes nothing', async () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ mode: 'native', specConstants: [{ name: 'v', type: '<5 x i32>', default: [1, 2, 3, 4, 5] }] }));
    const r = await run(['lower', 'bad.json', '--spirv-out', 'bad.spv', '--props-out', 'bad.prop']);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.include('at specConstants[0].type');
    expect(existsSync(join(dir, 'bad.spv'))).to.equal(false);
    expect(existsSync(join(dir, 'bad.prop'))).to.equal(false);
  });
});
