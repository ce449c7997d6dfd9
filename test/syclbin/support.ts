/** Helpers for the SYCLBIN tests: the testdata/conformance file lists, model comparison, CLI runs. */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { decode } from '../../src/codec/index.js';
import { SyclbinFileHeader } from '../../formats/syclbin-v1.js';
import { OffloadHeaderV1 } from '../../formats/offload-binary.js';
import { isOffloadBinary } from '../../src/offload/read.js';
import { modelDifference } from '../../src/syclbin/manifest.js';
import type { SyclbinFile } from '../../src/syclbin/model.js';

export { cli, tempDir, readBytes, hexdiff, expectDecodeError, CONFORMANCE } from '../offload/support.js';

export const SYCLBIN_TESTDATA = new URL('../../testdata/syclbin/', import.meta.url).pathname;

export interface TestdataCase {
  name: string;
  variant: string;
  canonical: boolean;
  how: string;
}

export const TESTDATA_CASES: TestdataCase[] = JSON.parse(readFileSync(SYCLBIN_TESTDATA + 'cases.json', 'utf8'));

/** The conformance sample files (ground truth written by an independent implementation). */
export const CONFORMANCE_SAMPLES = [
  'sample_v1_one_ir',
  'sample_v1_two_modules_mixed',
  'sample_v1_in_offload_v1',
  'sample_v2_roles',
  'sample_v2_roles_v3_zlib',
];

/** Every valid file with its expected dump: [label, path of .syclbin, path of .dump.txt]. */
export function allValidFiles(conformanceDir: string): [string, string, string][] {
  return [
    ...TESTDATA_CASES.map((c): [string, string, string] => [`testdata/${c.name}`, `${SYCLBIN_TESTDATA}${c.name}.syclbin`, `${SYCLBIN_TESTDATA}${c.name}.dump.txt`]),
    ...CONFORMANCE_SAMPLES.map((n): [string, string, string] => [`conformance/${n}`, `${conformanceDir}${n}.syclbin`, `${conformanceDir}${n}.dump.txt`]),
  ];
}

export function expectSameModel(a: SyclbinFile, b: SyclbinFile, what: string): void {
  const d = modelDifference(a, b);
  expect(d, `${what}: ${d}`).to.equal(undefined);
}

/**
 * The shortest prefix a reader must accept: an OffloadBinary needs its header's Size bytes
 * (trailing padding after Size is ignored, README rule 3); a bare v1 image needs header block +
 * padded metadata table + unpadded binary table (README rule 5).
 */
export function requiredLength(bytes: Uint8Array): number {
  if (isOffloadBinary(bytes)) return Number(decode(OffloadHeaderV1, bytes, 0).size);
  const h = decode(SyclbinFileHeader, bytes, 0);
  // docs/spec/README.md rule 5: 56-byte header, then 32-byte table headers (an oracle, not formats/).
  const block = 56 + 32 * (h.abstractModuleCount + h.irModuleCount + h.nativeImageCount);
  return block + Math.ceil(h.metadataTableSize / 8) * 8 + h.binaryTableSize;
}

export const latin1 = (b: Uint8Array): string => Array.from(b, (x) => String.fromCharCode(x)).join('');
