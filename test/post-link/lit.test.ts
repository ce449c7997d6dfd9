/**
 * The lit interpreter's skip rules (test/post-link/lit.ts): a line is skipped only for a reason of
 * SKIP_REASONS, and a line reading what a skipped line wrote is skipped too — but only that: a line
 * that writes or reads other files runs, so a failure there is seen.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLitTest, SKIP_REASONS } from './lit.js';

const MODULE = `target triple = "spir64-unknown-unknown"
define spir_kernel void @k() #0 { ret void }
attributes #0 = { "sycl-module-id"="a.cpp" }
`;
/** The module with an ESIMD kernel (what makes -split-esimd / -lower-esimd lines skipped). */
const ESIMD_MODULE = MODULE + 'define spir_kernel void @e() #0 !sycl_explicit_simd !0 { ret void }\n!0 = !{}\n';

async function statuses(runLines: string[], module = ESIMD_MODULE): Promise<{ status: string; reason?: string }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'syclbin-lit-skip-'));
  try {
    const file = join(dir, 't.ll');
    writeFileSync(file, runLines.map((l) => `; ${l}`).join('\n') + '\n; SYM: k\n; NOPE: this_symbol_does_not_exist\n' + module);
    return (await runLitTest(file, join(dir, 'work'))).map((r) => ({ status: r.status, ...(r.reason ? { reason: r.reason } : {}) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('lit runner: skipped lines and the lines that depend on them', function () {
  this.timeout(20_000);
  it('a line writing another file after a skipped -o %t.table runs, and its failing check is seen', async () => {
    const r = await statuses([
      'RUN: sycl-post-link -split-esimd -lower-esimd -S < %s -o %t.table',
      'RUN: sycl-post-link -split=kernel -symbols -S < %s -o %t.files.table',
      'RUN: FileCheck %s -input-file=%t.files_0.sym --check-prefix=NOPE',
    ]);
    expect(r).to.deep.equal([{ status: 'skipped', reason: SKIP_REASONS.esimd }, { status: 'pass' }, { status: 'fail' }]);
  });
  it('what reads the skipped line\u2019s table or split files is skipped; an output merely sharing its prefix is not', async () => {
    const r = await statuses([
      'RUN: sycl-post-link -S -split=auto -symbols -split-esimd -lower-esimd < %s -o %t.out.table',
      'RUN: FileCheck %s --input-file=%t.out_0.sym --check-prefix=SYM',
      'RUN: FileCheck %s --input-file %t.out.table --check-prefix=SYM',
      'RUN: sycl-post-link -S -split=kernel -symbols < %s -o %t.out_ir.table',
      'RUN: FileCheck %s --input-file=%t.out_ir_0.sym --check-prefix=SYM',
      'RUN: sycl-module-split -split=source -S < %s -o %t1',
      'RUN: FileCheck %s -input-file=%t1_0.sym --check-prefix=SYM',
      'RUN: FileCheck %s -input-file=%t_0.sym --check-prefix=SYM',
    ]);
    expect(r.map((x) => x.reason ?? x.status)).to.deep.equal([
      SKIP_REASONS.esimd,
      SKIP_REASONS.dependent,
      SKIP_REASONS.dependent,
      'pass',
      'pass',
      SKIP_REASONS.moduleSplit,
      SKIP_REASONS.dependent,
      'fail', // %t_0.sym was never written: the line ran
    ]);
  });
  it('-split-esimd / -lower-esimd lines run on a module without ESIMD code (they change nothing there)', async () => {
    const r = await statuses(['RUN: sycl-post-link -split-esimd -lower-esimd -symbols -S < %s -o %t.table', 'RUN: FileCheck %s -input-file=%t_0.sym --check-prefix=SYM'], MODULE);
    expect(r).to.deep.equal([{ status: 'pass' }, { status: 'pass' }]);
  });
  it('the ESIMD images of a skipped line (STEM_esimd_N) are its outputs too', async () => {
    const r = await statuses([
      'RUN: sycl-post-link -split-esimd -lower-esimd -symbols -S < %s -o %t.table',
      'RUN: FileCheck %s -input-file=%t_esimd_0.ll --check-prefix=NOPE',
    ]);
    expect(r.map((x) => x.reason ?? x.status)).to.deep.equal([SKIP_REASONS.esimd, SKIP_REASONS.dependent]);
  });
  it('a line that fails leaves no files of an earlier run of the same outputs for a later line to pass on', async () => {
    const r = await statuses([
      'RUN: sycl-post-link -split=kernel -symbols -S < %s -o %t.table',
      'RUN: FileCheck %s -input-file=%t_0.sym --check-prefix=SYM',
      'RUN: sycl-post-link -split=kernel -no-such-flag -symbols -S < %s -o %t.table',
      'RUN: FileCheck %s -input-file=%t_0.sym --check-prefix=SYM',
    ]);
    expect(r.map((x) => x.status)).to.deep.equal(['pass', 'pass', 'fail', 'fail']);
  });
});
