/** Helpers shared by the offload tests: in-process CLI runs, temporary directories, goldens. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import { runCli } from '../../src/cli/run.js';
import { DecodeError } from '../../src/codec/errors.js';

export const TESTDATA = new URL('../../testdata/offload/', import.meta.url).pathname;
export const CONFORMANCE = new URL('../../testdata/conformance/', import.meta.url).pathname;

/** The OffloadBinary envelopes among the conformance samples (the others are bare SYCLBIN v1). */
export const CONFORMANCE_ENVELOPES = ['sample_v1_in_offload_v1.syclbin', 'sample_v2_roles.syclbin', 'sample_v2_roles_v3_zlib.syclbin'];
/** Goldens written by clang-offload-packager-19 (testdata/offload/README.md). */
export const PACKAGER_GOLDENS = ['cuda-sm70.v1.bin', 'multi.v1.bin', 'sycl-utf8.v1.bin', 'two-files.v1.bin', 'lto-magic.v1.bin'];

export function readBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(path));
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  stdoutBytes: Uint8Array;
}

/** Run `syclbin ARGS` in-process with captured output. */
export async function cli(args: string[], cwd: string, stdin?: Uint8Array): Promise<CliResult> {
  const out: Uint8Array[] = [];
  let stderr = '';
  const enc = new TextEncoder();
  const code = await runCli(args, {
    stdout: { write: (c) => void out.push(typeof c === 'string' ? enc.encode(c) : c) },
    stderr: { write: (c) => void (stderr += typeof c === 'string' ? c : new TextDecoder().decode(c)) },
    cwd,
    env: {},
    ...(stdin ? { stdin: () => stdin } : {}),
  });
  const total = out.reduce((a, c) => a + c.length, 0);
  const stdoutBytes = new Uint8Array(total);
  let at = 0;
  for (const c of out) {
    stdoutBytes.set(c, at);
    at += c.length;
  }
  return { code, stdout: new TextDecoder().decode(stdoutBytes), stderr, stdoutBytes };
}

/** A fresh temporary directory, removed by the returned cleanup. */
export function tempDir(prefix = 'syclbin-offload-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Run a tool; returns status and raw stdout/stderr. */
export function run(tool: string, args: string[], cwd: string): { status: number; stdout: Buffer; stderr: string } {
  const r = spawnSync(tool, args, { cwd, maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
}

export function hexdiff(a: Uint8Array, b: Uint8Array): string {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  if (i === n && a.length === b.length) return 'identical';
  const h = (x: Uint8Array): string => Array.from(x.subarray(i, i + 16), (v) => v.toString(16).padStart(2, '0')).join(' ');
  return `first difference at 0x${i.toString(16)} (lengths ${a.length} vs ${b.length}): ${h(a)} | ${h(b)}`;
}

/** Assert that `f` throws the library's DecodeError (never a RangeError/TypeError) and return it. */
export function expectDecodeError(f: () => unknown, what = ''): DecodeError {
  try {
    f();
  } catch (e) {
    if (!(e instanceof DecodeError)) {
      expect.fail(`${what}: expected DecodeError, got ${(e as Error)?.constructor?.name}: ${(e as Error)?.message}`);
    }
    return e;
  }
  return expect.fail(`${what}: expected a DecodeError, but decoding succeeded`);
}

/**
 * A version-1 OffloadBinary of `total` bytes laid out by hand, as a hostile or odd file is: the
 * header, one entry (image kind 1, offload kind 1) at 32, its `numStrings` string entries at 72 and
 * its image at `imageOffset`; the caller writes the string entries and the strings.
 */
export function handV1Binary(total: number, numStrings: number, imageOffset: number, imageSize: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  bytes.set([0x10, 0xff, 0x10, 0xad]);
  view.setUint32(4, 1, true);
  view.setBigUint64(8, BigInt(total), true);
  view.setBigUint64(16, 32n, true);
  view.setBigUint64(24, 40n, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 1, true);
  view.setBigUint64(40, 72n, true);
  view.setBigUint64(48, BigInt(numStrings), true);
  view.setBigUint64(56, BigInt(imageOffset), true);
  view.setBigUint64(64, BigInt(imageSize), true);
  return { bytes, view };
}
