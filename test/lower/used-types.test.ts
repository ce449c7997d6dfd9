/**
 * The printer defines only the named struct types the printed module uses, in the order LLVM's
 * AsmWriter prints them (src/lower/llvm-ir/used-types.ts: TypeFinder's order), checked against
 * what `llvm-as-19 | llvm-dis-19` prints for the same module.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';

/** The `%name = type …` lines of a printed module, in order. */
function typeLines(text: string): string[] {
  return text.split('\n').filter((l) => /^%\S.* = type /.test(l));
}

/** What llvm-dis-19 prints for `text` after llvm-as-19. */
function llvmRoundTrip(text: string): string {
  const as = spawnSync('llvm-as-19', ['-', '-o', '-'], { input: text, maxBuffer: 1 << 26 });
  if (as.error) throw new Error('llvm-as-19 is not installed: install the Debian package llvm-19 (apt-get install -y llvm-19)');
  expect(as.status, as.stderr.toString()).to.equal(0);
  const dis = spawnSync('llvm-dis-19', ['-', '-o', '-'], { input: as.stdout, maxBuffer: 1 << 26 });
  expect(dis.status, dis.stderr.toString()).to.equal(0);
  return dis.stdout.toString();
}

async function postLink(args: string[], cwd: string): Promise<number> {
  return runCli(['post-link', ...args], { stdout: { write: () => undefined }, stderr: { write: () => undefined }, cwd, env: {} });
}

const HEAD = 'target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"\ntarget triple = "spir64-unknown-unknown"\n\n';

/** Types used through another type, a byval attribute, a signature, a load, a GEP, named metadata; one unused; two kernels. */
const MODULE = `${HEAD}%"class.sycl::_V1::specialization_id" = type { i32 }
%unused = type { i64 }
%inner = type { i16 }
%outer = type { %inner, i8 }
%byv = type { [2 x i64] }
%sig = type { float }
%mdonly = type { i8 }
%first = type { %second }
%second = type { i32 }
%ld = type { i64, i64 }

@sc = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { i32 7 }
@g = internal addrspace(1) global %outer zeroinitializer

define weak_odr spir_kernel void @k1(ptr byval(%byv) align 8 %r, %sig %s) #0 {
entry:
  %v = load i32, ptr addrspace(1) @sc, align 4
  %l = load %ld, ptr %r, align 8
  %p = getelementptr inbounds %first, ptr %r, i64 0, i32 0
  ret void
}

define weak_odr spir_kernel void @k2() #0 {
entry:
  %a = load i8, ptr addrspace(1) @g, align 1
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!named = !{!0}
!0 = !{%mdonly zeroinitializer}
`;

describe('IR printer: the named types LLVM would print (TypeFinder order)', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'syclbin-types-'));
    writeFileSync(join(dir, 'a.ll'), MODULE);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('no split: an unused type is dropped; types used only inside another type, by a byval attribute (after the signature\'s), a signature, an instruction or named metadata are kept, in llvm-dis-19\'s order', async () => {
    expect(await postLink(['-S', '-symbols', '-o', 'n.table', 'a.ll'], dir)).to.equal(0);
    const ours = typeLines(readFileSync(join(dir, 'n_0.ll'), 'utf8'));
    expect(ours).to.deep.equal(typeLines(llvmRoundTrip(MODULE)));
    expect(ours.map((l) => l.slice(0, l.indexOf(' ')))).to.deep.equal(['%"class.sycl::_V1::specialization_id"', '%outer', '%inner', '%sig', '%byv', '%ld', '%first', '%second', '%mdonly']);
  });

  it('-split=kernel: an image that no longer uses a type does not define it (the other keeps it), each as llvm-dis-19 prints that image', async () => {
    expect(await postLink(['-split=kernel', '-S', '-symbols', '-o', 'o.table', 'a.ll'], dir)).to.equal(0);
    const k2 = readFileSync(join(dir, 'o_0.ll'), 'utf8');
    const k1 = readFileSync(join(dir, 'o_1.ll'), 'utf8');
    expect(k2).to.contain('@k2(').and.not.contain('specialization_id');
    expect(typeLines(k2)).to.deep.equal(['%outer = type { %inner, i8 }', '%inner = type { i16 }', '%mdonly = type { i8 }']);
    expect(typeLines(k1)[0]).to.equal('%"class.sycl::_V1::specialization_id" = type { i32 }');
    for (const text of [k1, k2]) expect(typeLines(text)).to.deep.equal(typeLines(llvmRoundTrip(text)));
  });
});
