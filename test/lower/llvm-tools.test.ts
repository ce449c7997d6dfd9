/**
 * src/node/llvm-tools.ts: what the error says when llvm-dis / llvm-as fail (review 2026-11-28 message
 * sweep: a crashing llvm-dis's "Stack dump:" and frames were copied into `syclbin lower`'s error).
 */
import { expect } from 'chai';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toolFailureText } from '../../src/node/llvm-tools.js';
import { runCliCaptured } from '../support/run-cli.js';

const CRASH = 'LLVM ERROR: Invalid encoding\nPLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.\nStack dump:\n0.\tProgram arguments: llvm-dis -o - -\n #0 0x00007fda6d4a5291 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/lib/libLLVM.so+0xea5291)\n';

describe('llvm tools: the failure text', () => {
  it('keeps what the tool said and leaves out the crash backtrace', () => {
    expect(toolFailureText(CRASH, null, 'SIGABRT')).to.equal('LLVM ERROR: Invalid encoding (it crashed with SIGABRT; its crash backtrace is left out)');
  });
  it('a plain error is the tool\'s line alone', () => {
    expect(toolFailureText('llvm-dis-19: error: Invalid encoding\n', 1, null)).to.equal('llvm-dis-19: error: Invalid encoding');
  });
  it('says how a silent tool ended: a signal or an exit status, never "null"', () => {
    expect(toolFailureText('', null, 'SIGKILL')).to.equal('it crashed with SIGKILL');
    expect(toolFailureText('', 3, null)).to.equal('exit status 3');
    expect(toolFailureText('', null, null)).to.equal('it did not finish');
  });
  it('syclbin lower of bitcode a crashing llvm-dis reads: no stack frames in the error', async function () {
    if (process.platform === 'win32') this.skip();
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-tools-'));
    const path = process.env.PATH;
    try {
      // (PATH is this folder alone: the installed llvm-dis-NN are not found, and the script uses shell builtins only)
      // A stand-in llvm-dis that crashes the way LLVM 14's did on a corrupt bitcode file.
      writeFileSync(join(dir, 'llvm-dis'), `#!/bin/sh\nprintf '%s' '${CRASH.replace(/'/g, '')}' >&2\nkill -ABRT $$\n`);
      chmodSync(join(dir, 'llvm-dis'), 0o755);
      writeFileSync(join(dir, 'in.bc'), new Uint8Array([0x42, 0x43, 0xc0, 0xde, 0, 0, 0, 0]));
      process.env.PATH = dir;
      const r = await runCliCaptured(['lower', 'in.bc'], dir);
      expect(r.code).to.equal(1);
      expect(r.stderr).to.equal('syclbin lower: error: in.bc: llvm-dis failed: LLVM ERROR: Invalid encoding (it crashed with SIGABRT; its crash backtrace is left out)\n');
    } finally {
      process.env.PATH = path;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
