/**
 * `[SYCL/host pipes]` (src/lower/post-link/host-pipes.ts): written for every image that has a
 * host pipe (a global with "sycl-host-pipe"), keyed by "sycl-unique-id", valued by the 4-byte
 * "sycl-host-pipe-size"; after [SYCL/device globals], before specConstsReplacedWithDefault; each
 * split image lists its own pipes. The values are intel/llvm's Base64 of `{ uint32 Size }` with a
 * 32-bit size prefix (the device-global records of the copied lit tests use the same encoder).
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { parseLlvmIr } from '../../src/lower/llvm-ir/parse/parser.js';
import { hostPipes } from '../../src/lower/post-link/host-pipes.js';
import { buildRegistry } from '../../src/lower/lower.js';

const PIPES = `target triple = "spir64-unknown-unknown"
%struct.P = type { i8 }
@pipe_a = linkonce_odr dso_local addrspace(1) constant %struct.P zeroinitializer, align 1 #0
@pipe_b = linkonce_odr dso_local addrspace(1) constant %struct.P zeroinitializer, align 1 #1
@dg = addrspace(1) global i32 0 #3
define spir_kernel void @ka() #2 {
  %a = load i8, ptr addrspace(1) @pipe_a
  %d = load i32, ptr addrspace(1) @dg
  ret void
}
define spir_kernel void @kb() #2 {
  %b = load i8, ptr addrspace(1) @pipe_b
  ret void
}
attributes #0 = { "sycl-host-pipe" "sycl-host-pipe-size"="4" "sycl-unique-id"="uid_a" }
attributes #1 = { "sycl-host-pipe" "sycl-host-pipe-size"="256" "sycl-unique-id"="uid_b" }
attributes #2 = { "sycl-module-id"="a.cpp" }
attributes #3 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid_dg" }
`;

describe('post-link: [SYCL/host pipes]', () => {
  let dir = '';
  let err = '';
  const postLink = async (ir: string, ...args: string[]): Promise<number> => {
    err = '';
    writeFileSync(join(dir, 'in.ll'), ir);
    return runCli(['post-link', '-S', '-symbols', ...args, 'in.ll', '-o', 'out.table'], { stdout: { write: () => undefined }, stderr: { write: (c) => void (err += String(c)) }, cwd: dir, env: {} });
  };
  const prop = (i: number): string => readFileSync(join(dir, `out_${i}.prop`), 'latin1');
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'syclbin-pipes-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('lists every host pipe of the image, in global order, size as 4 bytes; no option needed', async () => {
    expect(await postLink(PIPES)).to.equal(0);
    expect(prop(0)).to.match(/\[SYCL\/host pipes\]\nuid_a=2\|gAAAAAAAAAABAAAA\nuid_b=2\|gAAAAAAAAAAABAAA\n$/);
    expect(hostPipes(parseLlvmIr(PIPES), parseLlvmIr(PIPES).globals)).to.deep.equal([
      { key: 'uid_a', size: 4 },
      { key: 'uid_b', size: 256 },
    ]);
  });

  it('follows [SYCL/device globals] and precedes a misc set opened by specConstsReplacedWithDefault; each split image has its own pipes', async () => {
    expect(await postLink(PIPES, '--device-globals', '-split=kernel')).to.equal(0);
    // Images in sycl-post-link's order (kb first); @dg is external, so in both.
    expect(prop(0)).to.match(/\[SYCL\/device globals\]\nuid_dg=2\|ABAAAAAAAAABAAAAAAAAAA\n\[SYCL\/host pipes\]\nuid_b=2\|gAAAAAAAAAAABAAA\n$/);
    expect(prop(1)).to.match(/\[SYCL\/device globals\]\nuid_dg=2\|ABAAAAAAAAABAAAAAAAAAA\n\[SYCL\/host pipes\]\nuid_a=2\|gAAAAAAAAAABAAAA\n$/);
    const registry = buildRegistry({ emitProgramMetadata: false, deviceGlobals: [], emitDeviceGlobals: true, hostPipes: [{ key: 'p', record: new Uint8Array(4) }], specConstsReplacedWithDefault: true });
    expect([...registry.keys()]).to.deep.equal(['SYCL/host pipes', 'SYCL/misc properties']);
  });

  it('a unique id given twice keeps its first place and its last size (MapVector insert_or_assign)', async () => {
    const dup = PIPES.replace('"sycl-unique-id"="uid_b"', '"sycl-unique-id"="uid_a"');
    expect(await postLink(dup)).to.equal(0);
    expect(prop(0)).to.match(/\[SYCL\/host pipes\]\nuid_a=2\|gAAAAAAAAAAABAAA\n$/);
  });

  it('a host pipe without its size or unique id is an error at its line', async () => {
    expect(await postLink(PIPES.replace(' "sycl-host-pipe-size"="4"', ''))).to.equal(1);
    expect(err).to.contain('3:1').and.contain('@pipe_a has no "sycl-host-pipe-size"');
    expect(await postLink(PIPES.replace(' "sycl-unique-id"="uid_b"', ''))).to.equal(1);
    expect(err).to.contain('4:1').and.contain('@pipe_b has no "sycl-unique-id"');
    expect(await postLink(PIPES.replace('"sycl-host-pipe-size"="4"', '"sycl-host-pipe-size"="4x"'))).to.equal(1);
    expect(err).to.contain('is not a 32-bit unsigned integer');
  });
});
