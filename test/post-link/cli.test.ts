/**
 * `syclbin post-link` as a drop-in for sycl-post-link's command line, beyond what the copied lit tests
 * cover: refused options, standard input/output, bitcode in and out (llvm-dis-19 / llvm-as-19), the
 * current cross-module device_global diagnostic, emulation padding, .sym/.table files, and SPIR-V
 * from IR checked against spirv-val and llvm-spirv-15 on sycl-post-link's own output.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { lowerIrModule } from '../../src/lower/from-ir/lower-ir.js';
import { IrSyntaxError } from '../../src/lower/llvm-ir/parse/errors.js';
import { emitSpirv } from '../../src/lower/spirv/emit.js';
import { normaliseSpirvDis } from '../../src/lower/spirv/normalise.js';
import { postLink, type PostLinkFileSystem } from '../../src/lower/post-link/driver.js';
import { parsePostLinkArgs, postLinkOptions } from '../../src/lower/post-link/options.js';
import { readRegistry } from '../../src/props/registry.js';

const LIT = new URL('../../testdata/sycl-post-link/', import.meta.url).pathname;
const DL = 'e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64';

async function cli(args: string[], cwd: string, stdin?: Uint8Array, tty = false): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const dec = new TextDecoder();
  const code = await runCli(['post-link', ...args], {
    stdout: { write: (c) => void (out += typeof c === 'string' ? c : dec.decode(c)), isTTY: tty },
    stderr: { write: (c) => void (err += typeof c === 'string' ? c : dec.decode(c)) },
    cwd,
    env: {},
    ...(stdin ? { stdin: () => stdin } : {}),
  });
  return { code, out, err };
}

function tool(name: string, pkg: string): string {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${name} is not installed: install the Debian package ${pkg}`);
  return r.stdout.trim();
}

/** An in-memory file system for the library driver. */
function memFs(files: Record<string, string | Uint8Array>): PostLinkFileSystem & { files: Map<string, Uint8Array> } {
  const m = new Map<string, Uint8Array>(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? new TextEncoder().encode(v) : v]));
  return {
    files: m,
    read: (p) => {
      const b = m.get(p);
      if (!b) throw new Error(`no file ${p}`);
      return b;
    },
    write: (p, b) => void m.set(p, b),
  };
}

/** Two kernels in two source modules, both using one device_image_scope device global. */
const CROSS = `target datalayout = "${DL}"
target triple = "spir64-unknown-unknown"
@dg = internal addrspace(1) global { i32 } zeroinitializer, align 4 #0
define spir_kernel void @k1() #1 {
  %v = load i32, ptr addrspace(1) @dg, align 4
  ret void
}
define spir_kernel void @k2() #2 {
  store i32 1, ptr addrspace(1) @dg, align 4
  ret void
}
attributes #0 = { "sycl-unique-id"="uid_dg" "sycl-device-global-size"="4" "sycl-device-image-scope" }
attributes #1 = { "sycl-module-id"="a.cpp" }
attributes #2 = { "sycl-module-id"="b.cpp" }
`;

/** half then int in emulation mode: int needs 2 bytes of alignment padding (spec lowering.md fact 26). */
const EMU = `target datalayout = "${DL}"
target triple = "spir64-unknown-unknown"
@n0 = private unnamed_addr constant [8 x i8] c"id_half\\00"
@n1 = private unnamed_addr constant [7 x i8] c"id_int\\00"
@s0 = internal addrspace(1) constant { half } { half 0xH4000 }
@s1 = internal addrspace(1) constant { i32 } { i32 42 }
declare half @_Z37__sycl_getScalar2020SpecConstantValueIDhET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
define spir_kernel void @k(ptr addrspace(4) %buf) {
entry:
  %h = call half @_Z37__sycl_getScalar2020SpecConstantValueIDhET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n0 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @s0 to ptr addrspace(4)), ptr addrspace(4) %buf)
  %i = call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n1 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @s1 to ptr addrspace(4)), ptr addrspace(4) %buf)
  ret void
}
`;

describe('syclbin post-link command line', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'syclbin-postlink-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses options it does not implement by name, and a command line without action', async () => {
    for (const [opt, why] of [['-debug-only=SpecConst', /assertions build/]] as const) {
      const r = await cli(['-spec-const=native', opt, 'x.ll'], dir);
      expect(r.code, opt).to.equal(1);
      expect(r.err).to.contain(`option '-${opt.replace(/^-/, '').replace(/=.*/, '')}' is not supported`);
      expect(r.err).to.match(why);
    }
    expect((await cli(['x.ll'], dir)).err).to.contain('no actions specified');
    expect((await cli(['-O2', 'x.ll'], dir)).err, '-O2 is no action').to.contain('no actions specified');
    // -split=none: an action in the copied tests' era (DoSplit by occurrence, sycl-post-link.cpp@676a364f),
    // none in current upstream's (--era=main: DoSplit = SplitMode != SPLIT_NONE), alone or with --ir-output-only.
    for (const args of [['--era=main', '-split=none'], ['--era=main', '-split=none', '--ir-output-only']]) {
      const r = await cli([...args, 'x.ll'], dir);
      expect(r.code, args.join(' ')).to.equal(1);
      expect(r.err, args.join(' ')).to.contain('no actions specified');
    }
    expect(parsePostLinkArgs(['-split=none', 'x.ll']).split).to.equal('none');
    // A mistyped option: LLVM's cl adds the nearest option, value kept, in its spelling (--name).
    expect((await cli(['-spilt=auto', 'x.ll'], dir)).err).to.equal("syclbin post-link: Unknown command line argument '-spilt=auto'.  Try: 'syclbin post-link --help'\nsyclbin post-link: Did you mean '--split=auto'?\n");
    expect((await cli(['--symbls', 'x.ll'], dir)).err).to.contain("syclbin post-link: Did you mean '--symbols'?\n");
    expect((await cli(['-zzzzzz', 'x.ll'], dir)).err).to.not.contain('Did you mean');
    expect((await cli(['-O2', '-O2', '-split=kernel', 'x.ll'], dir)).err).to.contain('for the -O2 option: may only occur zero or one times!');
    expect((await cli(['-spec-const=bogus', 'x.ll'], dir)).err).to.contain("Cannot find option named 'bogus'");
    expect((await cli(['--ir-output-only', '-split=kernel', '-spec-const=native', 'x.ll'], dir)).err).to.contain("-split=kernel can't be used with -ir-output-only");
    // Refused by main() before the module is read, as in sycl-post-link.cpp: -split-esimd and -properties too.
    for (const flag of ['-split-esimd', '-properties']) {
      const r = await cli(['--ir-output-only', flag, '-spec-const=native', 'missing.ll'], dir);
      expect([r.code, r.err], flag).to.deep.equal([1, `syclbin post-link: error: ${flag} can't be used with -ir-output-only\n`]);
    }
  });

  it('flags main() counts by occurrence are actions even when given =false; -- ends the options; bitcode to a terminal needs -f', async () => {
    writeFileSync(join(dir, 'dg.ll'), CROSS);
    // -device-globals=false: an action (getNumOccurrences), which writes no device-global set.
    const off = await cli(['-device-globals=false', '-S', '-o', join(dir, 'off.table'), 'dg.ll'], dir);
    expect(off.code, off.err).to.equal(0);
    expect(readFileSync(join(dir, 'off_0.prop'), 'utf8')).to.not.contain('[SYCL/device globals]');
    expect((await cli(['-emit-program-metadata=0', '-S', '-o', join(dir, 'pm.table'), 'dg.ll'], dir)).code).to.equal(0);
    // -symbols is decided by its value.
    expect((await cli(['-symbols=false', 'dg.ll'], dir)).err).to.contain('no actions specified');
    // The library: what occurred travels in flagsGiven, so a copy of parsed options keeps it.
    const parsed = parsePostLinkArgs(['-device-globals=false', 'dg.ll']);
    expect(parsed.flagsGiven).to.deep.equal(['deviceGlobals']);
    expect(() => postLinkOptions({ ...parsed, input: 'other.ll' })).to.not.throw();
    expect(() => postLinkOptions({ input: 'x.ll', deviceGlobals: false })).to.throw(/no actions specified/);
    expect(() => postLinkOptions({ input: 'x.ll', flagsGiven: ['nonsense'] })).to.throw(/flagsGiven must be an array of the names of boolean options/);
    // `--`: what follows is the input, even when it starts with '-'.
    writeFileSync(join(dir, '-dash.ll'), EMU);
    const dash = await cli(['-spec-const=emulation', '-S', '-o', join(dir, 'dash.table'), '--', '-dash.ll'], dir);
    expect(dash.code, dash.err).to.equal(0);
    expect(existsSync(join(dir, 'dash_0.ll'))).to.equal(true);
    // Bitcode to a terminal: LLVM's warning and nothing written, unless -f.
    tool('llvm-as-19', 'llvm-19'); // the CLI writes bitcode through it
    const tty = await cli(['-spec-const=native', '--ir-output-only', '-o', '-', 'dg.ll'], dir, undefined, true);
    expect([tty.code, tty.out]).to.deep.equal([0, '']);
    expect(tty.err).to.equal("WARNING: You're attempting to print out a bitcode file.\nThis is inadvisable as it may cause display problems. If\nyou REALLY want to taste LLVM bitcode first-hand, you\ncan force output with the `-f' option.\n\n");
    const forced = await cli(['-f', '-spec-const=native', '--ir-output-only', '-o', '-', 'dg.ll'], dir, undefined, true);
    expect(forced.code, forced.err).to.equal(0);
    expect(forced.out.startsWith('BC')).to.equal(true);
    // -S text is written to a terminal as it is.
    expect((await cli(['-S', '-spec-const=native', '--ir-output-only', '-o', '-', 'dg.ll'], dir, undefined, true)).out).to.contain('target triple');
  });

  it('-split-esimd and -lower-esimd: actions that change nothing for a module without ESIMD code; refused for a module with some; invoke_simd with -split-esimd is upstream\'s error', async () => {
    const sycl = 'target triple = "spir64-unknown-unknown"\ndefine spir_kernel void @k() #0 {\n  ret void\n}\nattributes #0 = { "sycl-module-id"="a.cpp" }\n';
    writeFileSync(join(dir, 'sycl.ll'), sycl);
    const plain = await cli(['-symbols', '-S', '-split=auto', '-o', join(dir, 'p.table'), 'sycl.ll'], dir);
    const esimdFlags = await cli(['-symbols', '-S', '-split=auto', '-split-esimd', '-lower-esimd', '-O2', '-o', join(dir, 'e.table'), 'sycl.ll'], dir);
    expect([plain.code, esimdFlags.code, esimdFlags.err]).to.deep.equal([0, 0, '']);
    expect(readFileSync(join(dir, 'e_0.ll'), 'utf8')).to.equal(readFileSync(join(dir, 'p_0.ll'), 'utf8'));
    expect(readFileSync(join(dir, 'e_0.prop'), 'utf8')).to.equal(readFileSync(join(dir, 'p_0.prop'), 'utf8'));
    expect((await cli(['-lower-esimd', '-ir-output-only', '-S', '-o', join(dir, 'o.ll'), 'sycl.ll'], dir)).code, '-lower-esimd is an action').to.equal(0);

    writeFileSync(join(dir, 'esimd.ll'), sycl + 'define spir_kernel void @e() #0 !sycl_explicit_simd !0 {\n  ret void\n}\n!0 = !{}\n');
    for (const opt of ['-split-esimd', '-lower-esimd']) {
      const r = await cli(['-symbols', '-S', opt, '-o', join(dir, 'x.table'), 'esimd.ll'], dir);
      expect(r.code, opt).to.equal(1);
      expect(r.err).to.contain(`esimd.ll:6:1: error: option '${opt}' is not supported by syclbin post-link for this module: @e is an ESIMD function (!sycl_explicit_simd)`);
    }
    const warned = await cli(['-symbols', '-S', '-o', join(dir, 'w.table'), 'esimd.ll'], dir);
    expect(warned.code).to.equal(0);
    expect(warned.err).to.contain('warning: sycl-post-link would split the SYCL and ESIMD entry points of this module');

    writeFileSync(join(dir, 'is.ll'), sycl.replace('  ret void', '  call void @_Z33__regcall3____builtin_invoke_simdXX()\n  ret void') + 'declare void @_Z33__regcall3____builtin_invoke_simdXX()\n');
    const is = await cli(['-symbols', '-S', '-split-esimd', '-o', join(dir, 'i.table'), 'is.ll'], dir);
    expect([is.code, is.err]).to.deep.equal([1, "syclbin post-link: error: 'invoke_simd' calls detected, '-split-esimd' must not be specified\n"]);
    expect((await cli(['-symbols', '-S', '-o', join(dir, 'j.table'), 'is.ll'], dir)).err).to.contain('SYCLLowerInvokeSimdPass');
  });

  it('-emit-kernel-names alone is an action; it and -embed-aux-info-as-metadata are refused with -ir-output-only', async () => {
    writeFileSync(join(dir, 'kn.ll'), 'define spir_kernel void @k() {\n  ret void\n}\ndefine spir_func void @f() #0 {\n  ret void\n}\nattributes #0 = { "sycl-module-id"="a.cpp" }\n');
    const r = await cli(['-emit-kernel-names', 'kn.ll', '-o', 'kn.table'], dir);
    expect(r.code, r.err).to.equal(0);
    // The kernel only: SYCL_EXTERNAL @f is an entry point but not a kernel (hasKernelCallingConv).
    expect(readFileSync(join(dir, 'kn_0.prop'), 'utf8')).to.contain('[SYCL/kernel names]\nk=1|1\n').and.not.contain('f=1|1');
    for (const opt of ['-emit-kernel-names', '-embed-aux-info-as-metadata']) {
      const bad = await cli(['--ir-output-only', '-spec-const=native', opt, 'kn.ll', '-o', 'x.ll'], dir);
      expect(bad.code, opt).to.equal(1);
      expect(bad.err).to.contain(`error: ${opt} can't be used with -ir-output-only`);
    }
  });

  it('-embed-aux-info-as-metadata: the embedded texts read back through llvm-as-22 | llvm-dis-22 unchanged (quotes, backslashes, UTF-8 in names)', async () => {
    const as = tool('llvm-as-22', 'llvm-22');
    const dis = tool('llvm-dis-22', 'llvm-22');
    // A kernel whose name needs quoting and escaping, and a spec constant whose symbolic ID has a quote, a backslash and UTF-8.
    const ir = `target datalayout = "${DL}"
target triple = "spir64-unknown-unknown"
%class.sid = type { i32 }
@id = private unnamed_addr constant [9 x i8] c"a\\22b\\5Cc\\C3\\A9d\\00", align 1
@sid = internal addrspace(1) constant %class.sid { i32 7 }, align 4
define spir_kernel void @"k\\22\\5C\\C3\\A9"() #0 {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @id to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @sid to ptr addrspace(4)), ptr addrspace(4) null)
  ret void
}
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
attributes #0 = { "sycl-module-id"="a.cpp" }
`;
    writeFileSync(join(dir, 'emb.ll'), ir);
    const r = await cli(['-spec-const=native', '-symbols', '-emit-kernel-names', '-embed-aux-info-as-metadata', '-S', 'emb.ll', '-o', 'emb.table'], dir);
    expect(r.code, r.err).to.equal(0);
    expect(readFileSync(join(dir, 'emb.table'), 'utf8')).to.equal('[Code]\nemb_0.ll\n');
    expect(existsSync(join(dir, 'emb_0.prop')) || existsSync(join(dir, 'emb_0.sym'))).to.equal(false);
    const ours = readFileSync(join(dir, 'emb_0.ll'), 'latin1');
    const mdLines = (text: string): string[] => text.split('\n').filter((l) => /^!(sycl_properties|sycl_symbol_table) = |^!\d+ = !\{!"\[SYCL|^!\d+ = !\{!"k/.test(l));
    expect(mdLines(ours)).to.have.length(4);
    expect(ours).to.contain('[SYCL/specialization constants]\\0Aa\\22b\\\\c\\C3\\A9d=2|');
    expect(ours).to.contain('[SYCL/kernel names]\\0Ak\\22\\\\\\C3\\A9=1|1\\0A');
    const bc = spawnSync(as, ['-', '-o', '-'], { input: Buffer.from(ours, 'latin1') });
    expect(bc.status, bc.stderr.toString()).to.equal(0);
    const back = spawnSync(dis, ['-', '-o', '-'], { input: bc.stdout });
    expect(mdLines(back.stdout.toString('latin1'))).to.deep.equal(mdLines(ours));
  });

  it("syclbin lower of a module writes the sets post-link writes for it unsplit (every copied test, both modes): device globals it erases or drops left out, SYCL 1.2.1 emulation's empty sets kept", () => {
    const omitted = new Set(['SYCL/devicelib req mask', 'SYCL/device requirements', 'SYCL/misc properties']);
    let compared = 0;
    for (const dir of ['spec-constants', 'device-globals']) {
      for (const f of readdirSync(LIT + dir).filter((x) => x.endsWith('.ll'))) {
        const bytes = readFileSync(LIT + dir + '/' + f);
        for (const mode of ['native', 'emulation'] as const) {
          const fs = memFs({ 'in.ll': bytes });
          postLink(parsePostLinkArgs([`-spec-const=${mode}`, '--device-globals', '-emit-program-metadata', '-S', 'in.ll', '-o', 'o.table']), fs);
          const theirs = readRegistry(fs.files.get('o_0.prop')!);
          for (const k of omitted) theirs.delete(k);
          const pm = theirs.get('SYCL/program metadata');
          if (pm) {
            for (const k of [...pm.keys()]) if (k.endsWith('@reqd_work_group_size')) pm.delete(k);
            if (!pm.size) theirs.delete('SYCL/program metadata');
          }
          const ours = lowerIrModule(bytes, { mode, emitProgramMetadata: true }).registry;
          expect(ours, `${dir}/${f} ${mode}`).to.deep.equal(theirs);
          compared++;
        }
      }
    }
    expect(compared).to.be.greaterThan(40);
  });

  it('a device global that only llvm.used and llvm.compiler.used refer to is erased (llvm.used goes first, as removeSYCLKernelsConstRefArray does)', () => {
    const src = readFileSync(LIT + 'device-globals/test_global_variable_drop_used.ll', 'latin1');
    const used = '@llvm.used = appending global [1 x i8 addrspace(4)*] [i8 addrspace(4)* addrspacecast (%"class.cl::sycl::ext::oneapi::device_global.0" addrspace(1)* @_ZL7no_dg_int1 to i8 addrspace(4)*)], section "llvm.metadata"\n';
    const text = src.replace('@_ZL7dg_int1 = weak_odr', used + '@_ZL7dg_int1 = weak_odr');
    expect(text).to.not.equal(src);
    const fs = memFs({ 'in.ll': text });
    postLink(parsePostLinkArgs(['--device-globals', '-S', 'in.ll', '-o', 'o.table']), fs);
    const prop = new TextDecoder().decode(fs.files.get('o_0.prop'));
    expect(prop).to.contain('[SYCL/device globals]');
    expect(prop).to.not.contain('no_dg_int1');
    expect(new TextDecoder().decode(fs.files.get('o_0.ll'))).to.not.match(/@_ZL7no_dg_int1 =/);
    expect([...lowerIrModule(new TextEncoder().encode(text)).registry.get('SYCL/device globals')!.keys()].some((k) => k.includes('no_dg_int1'))).to.equal(false);
  });

  it('a module from upstream clang (no function marked "sycl-module-id"): a warning names a non-kernel function that is no entry point, as sycl-post-link takes it; none for intel-era idents, marked functions or -ir-output-only (review 2026-12-03a F6)', () => {
    const module = (ident: string, attrs = '') => `target triple = "spirv64-unknown-unknown"
define spir_func i32 @_Z6helperi(i32 %x) #0 {
  %y = add i32 %x, 1
  ret i32 %y
}
define spir_kernel void @_ZTS1K() #1 {
  ret void
}
attributes #0 = { ${attrs} }
attributes #1 = { "sycl-module-id"="x" }
!llvm.ident = !{!0}
!0 = !{!"${ident}"}
`;
    const warn = (text: string, args: string[] = ['-symbols', '-split=auto']) => postLink(parsePostLinkArgs([...args, '-S', 'in.ll', '-o', 'o.table']), memFs({ 'in.ll': text })).warnings;
    // (the kernel here carries the attribute: "no function marked" means none of the module's; so the check is on the helper alone)
    const unmarked = module('Debian clang version 22.1.8 (1~deb12u1)').replace('attributes #1 = { "sycl-module-id"="x" }', 'attributes #1 = { }');
    const w = warn(unmarked);
    expect(w.filter((x) => x.includes('sycl-module-id'))).to.have.length(1);
    expect(w.find((x) => x.includes('sycl-module-id'))).to.match(/^this module is from "Debian clang version 22\.1\.8 \(1~deb12u1\)", which marks no function "sycl-module-id".*such as @_Z6helperi, are no entry points here/);
    const none = (text: string, args?: string[]) => expect(warn(text, args).filter((x) => x.includes('sycl-module-id'))).to.deep.equal([]);
    none(unmarked.replace('Debian clang version 22.1.8 (1~deb12u1)', 'clang version 14.0.0'));
    none(unmarked.replace('Debian clang version 22.1.8 (1~deb12u1)', 'clang version 21.0.0git (https://github.com/intel/llvm f8eada76)'));
    none(module('Debian clang version 22.1.8 (1~deb12u1)'));
    none(unmarked, ['--ir-output-only', '-split=auto']);
    // (the producer string is quoted and clipped: no control characters reach the terminal)
    const evil = warn(unmarked.replace('Debian clang version 22.1.8 (1~deb12u1)', 'clang version 22.0.0 \\1B[2J\\0Asyclbin post-link: error: fake')).find((x) => x.includes('sycl-module-id'))!;
    expect(evil).to.include('"clang version 22.0.0 \\u001b[2J\\nsyclbin post-link: error: fake"');
    expect(evil).to.not.match(/[\x00-\x1f]/);
  });

  it('an output over the input is refused with a way out this command accepts (it has no --force)', async () => {
    writeFileSync(join(dir, 'k_0.ll'), readFileSync(LIT + 'spec-constants/bool.ll'));
    const r = await cli(['-spec-const=native', '-symbols', '-S', 'k_0.ll', '-o', 'k.table'], dir);
    expect([r.code, r.err]).to.deep.equal([1, 'syclbin post-link: error: k_0.ll: refusing to overwrite the input k_0.ll (this command never writes over an input; name another output)\n']);
    const o = await cli(['-spec-const=native', '--ir-output-only', '-S', 'k_0.ll', '-o', 'k_0.ll'], dir);
    expect(o.err).to.contain('never writes over an input');
    expect(readFileSync(join(dir, 'k_0.ll')).equals(readFileSync(LIT + 'spec-constants/bool.ll'))).to.equal(true);
  });

  it('reads standard input and writes --ir-output-only to standard output', async () => {
    const r = await cli(['-spec-const=native', '--ir-output-only', '-S', '-o', '-'], dir, readFileSync(LIT + 'spec-constants/bool.ll'));
    expect(r.code, r.err).to.equal(0);
    expect(r.out).to.contain("; ModuleID = '<stdin>'");
    expect(r.out).to.match(/call i8 @_Z20__spirv_SpecConstantia\(i32 0, i8 1\)/);
    expect(spawnSync(tool('llvm-as-19', 'llvm-19'), ['-o', '/dev/null', '-'], { input: r.out }).status).to.equal(0);
  });

  it("the module header is AsmWriter's: ModuleID, source_filename (the module identifier when the input has none), target lines, no blank line between", async () => {
    const opt = tool('opt-19', 'llvm-19');
    const cases: [string, string][] = [
      ['plain.ll', `target datalayout = "${DL}"\ntarget triple = "spir64-unknown-unknown"\n\ndefine spir_kernel void @k() {\n  ret void\n}\n`],
      ['named.ll', `source_filename = "a\\5Cb.cpp"\n\ntarget datalayout = "${DL}"\ntarget triple = "spir64-unknown-unknown"\n\ndefine spir_kernel void @k() {\n  ret void\n}\n`],
    ];
    for (const [name, text] of cases) {
      writeFileSync(join(dir, name), text);
      const r = await cli(['--ir-output-only', '-spec-const=native', '-S', '-o', '-', name], dir);
      expect(r.code, r.err).to.equal(0);
      const theirs = spawnSync(opt, ['-S', name, '-o', '-'], { cwd: dir, encoding: 'utf8' });
      expect(theirs.status, theirs.stderr).to.equal(0);
      const head = (t: string): string => t.split('\n').slice(0, 5).join('\n');
      expect(head(r.out), name).to.equal(head(theirs.stdout));
    }
  });

  it('reads bitcode through llvm-dis-19 and writes it through llvm-as-19 (same properties as the .ll)', async () => {
    const llvmAs = tool('llvm-as-19', 'llvm-19');
    tool('llvm-dis-19', 'llvm-19');
    const src = join(LIT, 'spec-constants/struct-with-undef-padding-2.ll');
    expect(spawnSync(llvmAs, [src, '-o', join(dir, 'in.bc')]).status).to.equal(0);
    const fromBc = await cli(['-spec-const=native', 'in.bc', '-o', 'bc.table'], dir);
    expect(fromBc.code, fromBc.err).to.equal(0);
    const fromLl = await cli(['-spec-const=native', '-S', src, '-o', 'll.table'], dir);
    expect(fromLl.code, fromLl.err).to.equal(0);
    expect(readFileSync(join(dir, 'bc_0.prop'), 'utf8')).to.equal(readFileSync(join(dir, 'll_0.prop'), 'utf8'));
    expect(readFileSync(join(dir, 'bc.table'), 'utf8')).to.equal('[Code|Properties]\nbc_0.bc|bc_0.prop\n');
    expect(readFileSync(join(dir, 'bc_0.bc')).subarray(0, 4)).to.deep.equal(Buffer.from([0x42, 0x43, 0xc0, 0xde]));
  });

  it('LLVM 22 bitcode (clang++-22 -fsycl) in and out: llvm-dis-22 reads it, llvm-as-22 writes the output that llvm-as-19 cannot parse', async () => {
    tool('llvm-as-22', 'llvm-22');
    const dis22 = tool('llvm-dis-22', 'llvm-22');
    const r = await cli(['-spec-const=native', new URL('../../testdata/llvm22/sycl/k.device.bc', import.meta.url).pathname, '-o', 'k22.table'], dir);
    expect(r.code, r.err).to.equal(0);
    expect(readFileSync(join(dir, 'k22.table'), 'utf8')).to.equal('[Code|Properties]\nk22_0.bc|k22_0.prop\n');
    const back = spawnSync(dis22, ['-o', '-', join(dir, 'k22_0.bc')], { encoding: 'utf8' });
    expect(back.status, back.stderr).to.equal(0);
    expect(back.stdout).to.contain('target triple = "spirv64');
  });

  it('reports a device_image_scope device global used by two device images with the current wording', async () => {
    writeFileSync(join(dir, 'cross.ll'), CROSS);
    const r = await cli(['--device-globals', '-split=source', '-S', 'cross.ll', '-o', 'cross.table'], dir);
    expect(r.code).to.equal(1);
    expect(r.err).to.equal(`sycl-post-link: error: device_global variable 'dg' with property "device_image_scope" is used in more than one device image.\n`);
    // Without --device-globals the check does not run (as upstream) and both modules are written.
    const ok = await cli(['-split=source', '-S', '-symbols', 'cross.ll', '-o', 'ok.table'], dir);
    expect(ok.code, ok.err).to.equal(0);
    expect(readFileSync(join(dir, 'ok.table'), 'utf8')).to.equal('[Code|Properties|Symbols]\nok_0.ll|ok_0.prop|ok_0.sym\nok_1.ll|ok_1.prop|ok_1.sym\n');
    expect(readFileSync(join(dir, 'ok_0.sym'), 'utf8')).to.equal('k2\n'); // b.cpp first: groups are taken from the back
    expect(readFileSync(join(dir, 'ok_1.sym'), 'utf8')).to.equal('k1\n');
  });

  it('emulation: buffer offsets and the padding descriptor of the previous constant (fact 26), via the library driver', () => {
    const fs = memFs({ 'emu.ll': EMU });
    postLink(parsePostLinkArgs(['-spec-const=emulation', '-S', 'emu.ll', '-o', 'out/emu.table']), fs);
    expect([...fs.files.keys()].sort()).to.deep.equal(['emu.ll', 'out/emu.table', 'out/emu_0.ll', 'out/emu_0.prop']);
    const ll = new TextDecoder().decode(fs.files.get('out/emu_0.ll'));
    expect(ll).to.contain('%gep = getelementptr i8, ptr addrspace(4) %buf, i32 0');
    expect(ll).to.contain('%gep1 = getelementptr i8, ptr addrspace(4) %buf, i32 4');
    expect(ll).to.contain('%load = load half, ptr addrspace(4) %bc, align 2');
    expect(ll).to.contain('!{!"id_half", i32 0, i32 0, i32 2, i32 -1, i32 2, i32 2}');
    expect(ll).to.contain('!{[2 x i8] zeroinitializer}');
    const props = readRegistry(fs.files.get('out/emu_0.prop')!);
    const half = props.get('SYCL/specialization constants')!.get('id_half')!;
    expect(half.type === 2 && Array.from(half.bytes)).to.deep.equal([0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 2, 0, 0, 0, 2, 0, 0, 0]);
    const all = props.get('SYCL/specialization constants default values')!.get('all')!;
    expect(all.type === 2 && Array.from(all.bytes)).to.deep.equal([0x00, 0x40, 0, 0, 42, 0, 0, 0]);
    expect(spawnSync(tool('llvm-as-19', 'llvm-19'), ['-o', '/dev/null', '-'], { input: ll }).status).to.equal(0);
  });

  it('SPIR-V from IR is spirv-val clean and has the spec constants llvm-spirv-15 makes of sycl-post-link output', async () => {
    const val = tool('spirv-val', 'spirv-tools');
    const dis = tool('spirv-dis', 'spirv-tools');
    const translator = tool('llvm-spirv-15', 'llvm-spirv-15');
    const llvmAs15 = existsSync('/usr/lib/llvm-15/bin/llvm-as') ? '/usr/lib/llvm-15/bin/llvm-as' : tool('llvm-as-15', 'llvm-15');
    for (const f of ['spec-constants/SYCL-2020-zeroinitializer.ll', 'spec-constants/bool.ll', 'spec-constants/composite-padding-desc.ll']) {
      const src = join(LIT, f);
      const ours = emitSpirv(lowerIrModule(readFileSync(src)), { intelDecorations: false });
      writeFileSync(join(dir, 'ours.spv'), ours);
      const v = spawnSync(val, [join(dir, 'ours.spv')], { encoding: 'utf8' });
      expect(v.status, `${f}: ${v.stderr}${v.stdout}`).to.equal(0);
      // sycl-post-link's SPIR-V friendly output (ours), through llvm-as-15 and llvm-spirv-15.
      const r = await cli(['-spec-const=native', '--ir-output-only', '-S', src, '-o', 'friendly.ll'], dir);
      expect(r.code, r.err).to.equal(0);
      const a = spawnSync(llvmAs15, ['-opaque-pointers=0', join(dir, 'friendly.ll'), '-o', join(dir, 'friendly.bc')], { encoding: 'utf8' });
      expect(a.status, a.stderr).to.equal(0);
      const t = spawnSync(translator, [join(dir, 'friendly.bc'), '-o', join(dir, 'theirs.spv')], { encoding: 'utf8' });
      expect(t.status, t.stderr).to.equal(0);
      const norm = (p: string): string[] => normaliseSpirvDis(spawnSync(dis, ['--raw-id', p], { encoding: 'utf8' }).stdout);
      const mine = norm(join(dir, 'ours.spv'));
      expect(mine.filter((l) => l.includes('OpSpecConstant')).length, f).to.be.greaterThan(0);
      expect(mine, f).to.deep.equal(norm(join(dir, 'theirs.spv')));
    }
  });
});

describe('post-link --era=main: checkForCallsToUndefinedFunctions (ModuleSplitter.cpp@01e7e04f)', () => {
  it('warns, per split module in order, of each function it calls but does not define (not intrinsics, __ names or builtins); not without a split, not with -allow-device-image-dependencies, not in the tests era', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-pl-undef-'));
    try {
      writeFileSync(
        join(dir, 'c.ll'),
        'target triple = "spir64-unknown-unknown"\n' +
          'define spir_kernel void @k() #0 {\n  call spir_func void @ext()\n  call spir_func void @__other()\n  call void @llvm.donothing()\n  call spir_func void @_Z20__spirv_SpecConstantii(i32 0, i32 0)\n  ret void\n}\n' +
          'define spir_kernel void @k2() #1 {\n  call spir_func void @ext2()\n  ret void\n}\n' +
          'declare spir_func void @ext() #0\ndeclare spir_func void @ext2() #0\ndeclare spir_func void @unused() #0\ndeclare spir_func void @__other() #0\ndeclare void @llvm.donothing()\ndeclare spir_func void @_Z20__spirv_SpecConstantii(i32, i32)\n' +
          'attributes #0 = { "sycl-module-id"="a.cpp" }\nattributes #1 = { "sycl-module-id"="b.cpp" }\n',
      );
      const r = await cli(['--era=main', '-properties', '-S', 'c.ll', '-o', 'c.table'], dir);
      expect(r.code, r.err).to.equal(0);
      // The module of b.cpp is written first (c_0), so it is checked first.
      expect(r.err).to.equal('warning: Undefined function ext2 found in c.ll. This may result in runtime errors.\nwarning: Undefined function ext found in c.ll. This may result in runtime errors.\n');
      for (const args of [['--era=main', '-properties', '-split=none', '-symbols'], ['--era=main', '-properties', '-allow-device-image-dependencies'], ['-properties', '-split=auto']]) {
        const q = await cli([...args, '-S', 'c.ll', '-o', 'q.table'], dir);
        expect([q.code, q.err], args.join(' ')).to.deep.equal([0, '']);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('post-link: metadata that names a global the output does not have (review 2026-12-01d finding 1)', () => {
  it('a node operand becomes null and the node distinct, a debug record location poison; a global only debug records name is deleted; llvm-as-22 reads every output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-pl-dropped-'));
    try {
      // (a -g build: the specialization_id is a template argument in the debug info, the name string
      // is what a #dbg_value record says; both globals go once the call is lowered)
      writeFileSync(
        join(dir, 'g.ll'),
        [
          `target datalayout = "${DL}"`,
          'target triple = "spir64-unknown-unknown"',
          '%class.sid = type { i32 }',
          '@id = internal addrspace(1) constant %class.sid { i32 7 }, align 4',
          '@n = private unnamed_addr addrspace(1) constant [3 x i8] c"id\\00", align 1',
          'define spir_kernel void @K(ptr addrspace(1) %o) #0 !dbg !10 {',
          '  #dbg_value(ptr addrspace(4) addrspacecast (ptr addrspace(1) @n to ptr addrspace(4)), !13, !DIExpression(), !14)',
          '  #dbg_value(!DIArgList(ptr addrspace(1) @id, i32 7), !13, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !14)',
          '  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr addrspace(1) @n to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id to ptr addrspace(4)), ptr addrspace(4) null)',
          '  store i32 %v, ptr addrspace(1) %o, align 4',
          '  ret void',
          '}',
          'declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))',
          'attributes #0 = { "sycl-module-id"="g.cpp" }',
          '!llvm.dbg.cu = !{!0}',
          '!llvm.module.flags = !{!2, !3}',
          '!keep = !{!5}',
          '!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)',
          '!1 = !DIFile(filename: "g.cpp", directory: "/")',
          '!2 = !{i32 2, !"Debug Info Version", i32 3}',
          '!3 = !{i32 7, !"Dwarf Version", i32 4}',
          '!5 = !{ptr addrspace(1) @id, i32 1}',
          '!10 = distinct !DISubprogram(name: "K", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, templateParams: !15)',
          '!11 = !DISubroutineType(types: !12)',
          '!12 = !{null}',
          '!13 = !DILocalVariable(name: "name", scope: !10, file: !1, line: 1, type: !17)',
          '!14 = !DILocation(line: 1, scope: !10)',
          '!15 = !{!16}',
          '!16 = !DITemplateValueParameter(name: "S", type: !17, value: ptr addrspace(1) @id)',
          '!17 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)',
          '',
        ].join('\n'),
      );
      const as = tool('llvm-as-22', 'llvm-22');
      for (const args of [['-spec-const=native', '-S', 'g.ll', '-o', 'n.table'], ['-spec-const=emulation', '-split=kernel', '-S', 'g.ll', '-o', 'e.table']]) {
        const r = await cli(args, dir);
        expect(r.code, r.err).to.equal(0);
        const out = readFileSync(join(dir, `${args.at(-1)!.replace('.table', '')}_0.ll`), 'utf8');
        expect(out).not.to.match(/^@(id|n) = /m);
        expect(out).to.contain('!5 = distinct !{null, i32 1}');
        expect(out).to.contain('!16 = distinct !DITemplateValueParameter(name: "S", type: !17, value: null)');
        expect(out).to.contain('#dbg_value(ptr addrspace(4) poison, !13, !DIExpression(), !14)');
        expect(out).to.contain('#dbg_value(!DIArgList(ptr addrspace(1) poison, i32 7), !13,');
        const v = spawnSync(as, ['-o', '/dev/null', join(dir, `${args.at(-1)!.replace('.table', '')}_0.ll`)], { encoding: 'utf8' });
        expect([v.status, v.stderr], args.join(' ')).to.deep.equal([0, '']);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('post-link: the use-list order bitcode keeps (review 2026-12-01d finding 2)', () => {
  it('a .bc is read with its use-list order (llvm-dis -preserve-ll-uselistorder), so spec-constant IDs follow it as LLVM reading the file would; the .ll without the directive gives the order LLParser makes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-pl-ulo-'));
    try {
      const f = '_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_';
      const call = (x: string): string => `  %${x.toLowerCase()} = call i32 @${f}(ptr addrspace(4) addrspacecast (ptr addrspace(1) @n${x} to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id${x} to ptr addrspace(4)), ptr addrspace(4) null)`;
      const text = [
        'target triple = "spir64-unknown-unknown"',
        '@nA = private unnamed_addr addrspace(1) constant [2 x i8] c"A\\00"',
        '@nB = private unnamed_addr addrspace(1) constant [2 x i8] c"B\\00"',
        '@idA = internal addrspace(1) constant { i32 } { i32 1 }',
        '@idB = internal addrspace(1) constant { i32 } { i32 2 }',
        `declare i32 @${f}(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))`,
        'define spir_kernel void @k(ptr addrspace(1) %o) #0 {',
        call('A'),
        call('B'),
        '  %s = add i32 %a, %b',
        '  store i32 %s, ptr addrspace(1) %o',
        '  ret void',
        '}',
        'attributes #0 = { "sycl-module-id"="u.cpp" }',
        '',
      ].join('\n');
      writeFileSync(join(dir, 'plain.ll'), text);
      writeFileSync(join(dir, 'ordered.ll'), `${text}uselistorder ptr @${f}, { 1, 0 }\n`);
      const as = spawnSync(tool('llvm-as-22', 'llvm-22'), [join(dir, 'ordered.ll'), '-o', join(dir, 'ordered.bc')], { encoding: 'utf8' });
      expect(as.status, as.stderr).to.equal(0);
      const ids = async (input: string, out: string): Promise<string[]> => {
        const r = await cli(['-spec-const=native', '-S', input, '-o', `${out}.table`], dir);
        expect(r.code, r.err).to.equal(0);
        const ll = readFileSync(join(dir, `${out}_0.ll`), 'utf8');
        expect(ll).not.to.contain('uselistorder');
        return [...ll.matchAll(/^!\d+ = !\{!"([AB])", i32 (\d+)/gm)].map((x) => `${x[1]}=${x[2]}`);
      };
      // declared first: LLParser's order is B, A; the directive swaps it
      expect(await ids('plain.ll', 'p')).to.deep.equal(['B=0', 'A=1']);
      expect(await ids('ordered.ll', 'o')).to.deep.equal(['A=0', 'B=1']);
      expect(await ids('ordered.bc', 'b')).to.deep.equal(['A=0', 'B=1']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('post-link: global aliases (clang -mconstructor-aliases; review 2026-12-01d finding 3)', () => {
  it('a kernel that constructs through the C1 alias keeps the alias and its aliasee in its module; an alias nothing names goes with the module it is not in; ifuncs are refused by name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-pl-alias-'));
    try {
      writeFileSync(
        join(dir, 'a.ll'),
        [
          'target triple = "spir64-unknown-unknown"',
          '@_ZN4BaseC1Ei = unnamed_addr alias void (ptr addrspace(4), i32), ptr @_ZN4BaseC2Ei',
          '@_ZN4OtherC1Ev = unnamed_addr alias void (ptr addrspace(4)), ptr @_ZN4OtherC2Ev',
          'define spir_kernel void @K1(ptr addrspace(4) %p) #0 {',
          '  call spir_func void @_ZN4BaseC1Ei(ptr addrspace(4) %p, i32 3)',
          '  ret void',
          '}',
          'define spir_kernel void @K2(ptr addrspace(4) %p) #0 {',
          '  call spir_func void @_ZN4OtherC1Ev(ptr addrspace(4) %p)',
          '  ret void',
          '}',
          'define spir_func void @_ZN4BaseC2Ei(ptr addrspace(4) %this, i32 %v) unnamed_addr #1 {',
          '  store i32 %v, ptr addrspace(4) %this',
          '  ret void',
          '}',
          'define spir_func void @_ZN4OtherC2Ev(ptr addrspace(4) %this) unnamed_addr #1 {',
          '  ret void',
          '}',
          'attributes #0 = { "sycl-module-id"="a.cpp" }',
          'attributes #1 = { nounwind }',
          '',
        ].join('\n'),
      );
      const r = await cli(['-split=kernel', '-symbols', '-S', 'a.ll', '-o', 'a.table'], dir);
      expect(r.code, r.err).to.equal(0);
      const as = tool('llvm-as-22', 'llvm-22');
      const defs = (n: number): string[] => {
        const ll = readFileSync(join(dir, `a_${n}.ll`), 'utf8');
        const v = spawnSync(as, ['-o', '/dev/null', join(dir, `a_${n}.ll`)], { encoding: 'utf8' });
        expect([v.status, v.stderr]).to.deep.equal([0, '']);
        return [...ll.matchAll(/^(?:@(\S+) = .*alias|define .*@(\w+)\()/gm)].map((x) => x[1] ?? x[2]!);
      };
      // (modules in descending order: K2's first)
      expect(defs(0)).to.deep.equal(['_ZN4OtherC1Ev', 'K2', '_ZN4OtherC2Ev']);
      expect(defs(1)).to.deep.equal(['_ZN4BaseC1Ei', 'K1', '_ZN4BaseC2Ei']);
      // an aliasee written without its type (LLParser reads a constant expression there) is kept as written
      writeFileSync(join(dir, 'u.ll'), 'target triple = "spir64-unknown-unknown"\n@g = global i32 1\n@u = alias i32, getelementptr (i8, ptr @g, i64 0)\ndefine spir_kernel void @k(ptr %p) #0 {\n  %v = load i32, ptr @u\n  store i32 %v, ptr %p\n  ret void\n}\nattributes #0 = { "sycl-module-id"="u.cpp" }\n');
      const u = await cli(['-split=kernel', '-S', 'u.ll', '-o', 'u.table'], dir);
      expect(u.code, u.err).to.equal(0);
      expect(readFileSync(join(dir, 'u_0.ll'), 'utf8')).to.contain('@u = alias i32, getelementptr (i8, ptr @g, i64 0)');
      expect(spawnSync(as, ['-o', '/dev/null', join(dir, 'u_0.ll')]).status).to.equal(0);
      writeFileSync(join(dir, 'i.ll'), 'define ptr @r() {\n  ret ptr null\n}\n@f = ifunc void (), ptr @r\n');
      const i = await cli(['-split=kernel', '-S', 'i.ll', '-o', 'i.table'], dir);
      expect([i.code, i.err]).to.deep.equal([1, 'syclbin post-link: i.ll:4:6: error: global ifuncs are not supported\n']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('post-link -S: where module asm goes', () => {
  it("module asm is printed right after the target lines, after a blank line, as AsmWriter's printModule places it, wherever the input has it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-pl-asm-'));
    try {
      writeFileSync(
        join(dir, 'a.ll'),
        'target triple = "spir64-unknown-unknown"\n%t = type { i32 }\n@g = global i32 0\n' +
          'define spir_kernel void @k() #0 {\n  ret void\n}\nmodule asm "// one"\nmodule asm "// two"\nattributes #0 = { "sycl-module-id"="a.cpp" }\n',
      );
      const r = await cli(['-split=kernel', '-S', 'a.ll', '-o', 'a.table'], dir);
      expect(r.code, r.err).to.equal(0);
      const text = readFileSync(join(dir, 'a_0.ll'), 'utf8');
      expect(text.split('\n').slice(2, 7)).to.deep.equal(['target triple = "spir64-unknown-unknown"', '', 'module asm "// one"', 'module asm "// two"', '']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('post-link: [SYCL/implicit local arg] (getKernelNamesUsingImplicitLocalMem, LowerWGLocalMemory.cpp)', () => {
  it('every spir_kernel with "sycl-work-group-static", with the index of its "sycl-implicit-local-arg" parameter (-1, as a uint32, when none); after [SYCL/assert used], before the sanitizer entry; in both eras', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-pl-implicit-'));
    try {
      const module = (triple: string): string =>
        `target triple = "${triple}"\n` +
        'define spir_kernel void @a(ptr addrspace(1) %x, ptr addrspace(3) noalias "sycl-implicit-local-arg" %l) #1 {\n  call spir_func void @__devicelib_assert_fail()\n  ret void\n}\n' +
        'define spir_kernel void @b(i32 %n) #1 {\n  ret void\n}\n' +
        'define spir_kernel void @c(ptr addrspace(3) "sycl-implicit-local-arg" %l) #0 {\n  ret void\n}\n' +
        'define spir_func void @d(ptr addrspace(3) "sycl-implicit-local-arg" %l) #1 {\n  ret void\n}\n' +
        'declare spir_func void @__devicelib_assert_fail()\n@__AsanKernelMetadata = global i32 0\n' +
        'attributes #0 = { "sycl-module-id"="m.cpp" }\nattributes #1 = { "sycl-module-id"="m.cpp" "sycl-work-group-static"="1" }\n';
      writeFileSync(join(dir, 'm.ll'), module('spir64-unknown-unknown'));
      const r = await cli(['-symbols', '-S', '-o', 'm.table', 'm.ll'], dir);
      expect([r.code, r.err]).to.deep.equal([0, '']);
      const prop = readFileSync(join(dir, 'm_0.prop'), 'utf8');
      expect(prop).to.match(/\[SYCL\/assert used\]\na=1\|1\n\[SYCL\/implicit local arg\]\na=1\|1\nb=1\|4294967295\n\[SYCL\/misc properties\]\nsanUsed=2\|/);
      const main = await cli(['--era=main', '-properties', '-S', '-o', 'main.table', 'm.ll'], dir);
      expect([main.code, main.err]).to.deep.equal([0, '']);
      expect(readFileSync(join(dir, 'main_0.prop'), 'utf8')).to.contain('[SYCL/implicit local arg]\na=1|1\nb=1|4294967295\n');
      // Not a SPIR or SPIR-V module: no set.
      writeFileSync(join(dir, 'n.ll'), module('nvptx64-nvidia-cuda'));
      const n = await cli(['-symbols', '-S', '-o', 'n.table', 'n.ll'], dir);
      expect(n.code, n.err).to.equal(0);
      expect(readFileSync(join(dir, 'n_0.prop'), 'utf8')).to.not.contain('implicit local arg');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('post-link: the [SYCL/misc properties] of function attributes', () => {
  it('"sycl-register-alloc-mode", "sycl-grf-size" and "sycl-optlevel" of the first entry point that has each, in that order, then [SYCL/assert used]; no warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-pl-misc-'));
    try {
      writeFileSync(
        join(dir, 'm.ll'),
        'target triple = "spir64-unknown-unknown"\ndefine spir_kernel void @k() #0 {\n  call spir_func void @__devicelib_assert_fail()\n  ret void\n}\ndefine spir_kernel void @k2() #0 {\n  ret void\n}\n' +
          'declare spir_func void @__devicelib_assert_fail()\nattributes #0 = { "sycl-module-id"="m.cpp" "sycl-optlevel"="2" "sycl-grf-size"="256" "sycl-register-alloc-mode"="2" }\n',
      );
      const r = await cli(['-spec-const=native', '-S', '-o', 'm.table', 'm.ll'], dir);
      expect([r.code, r.err]).to.deep.equal([0, '']);
      // (ComputeModuleRuntimeInfo.cpp@46a4a43c; registerallocmode.ll checks sycl-register-alloc-mode=1|2.)
      expect(readFileSync(join(dir, 'm_0.prop'), 'utf8')).to.match(/\[SYCL\/misc properties\]\nsycl-register-alloc-mode=1\|2\nsycl-grf-size=1\|256\noptLevel=1\|2\n\[SYCL\/assert used\]\nk=1\|1\n$/);
      writeFileSync(join(dir, 'bad.ll'), 'target triple = "spir64-unknown-unknown"\ndefine spir_kernel void @k() #0 {\n  ret void\n}\nattributes #0 = { "sycl-register-alloc-mode"="big" }\n');
      const bad = await cli(['-symbols', '-S', '-o', 'b.table', 'bad.ll'], dir);
      expect([bad.code, bad.err]).to.deep.equal([1, 'syclbin post-link: bad.ll:2:1: error: "sycl-register-alloc-mode"="big" of @k is not a 32-bit unsigned number\n']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('post-link: unnamed values and blocks are numbered as LLParser numbers them (review 2026-12-02d findings 1, 2)', () => {
  it('a block after a terminator without a label, an entry block after parameter numbers that skip ahead, quoted names of digits: @f as llvm-as-22 | llvm-dis-22 prints it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-pl-blocks-'));
    try {
      const kernel = (args: string): string => `define spir_kernel void @k(ptr addrspace(1) %p) #0 {\n  %r = call spir_func i32 @f(${args})\n  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\nattributes #0 = { "sycl-module-id"="a.cpp" }\n`;
      const inputs = {
        'ub.ll': 'define spir_func i32 @f(i32 %0) {\n  %2 = add i32 %0, 1\n  br label %3\n3:\n  %4 = add i32 %2, 1\n  br label %7\n  %6 = add i32 %4, 1\n  br label %7\n7:\n  %8 = phi i32 [ %4, %3 ], [ %6, %5 ]\n  ret i32 %8\n}\n' + kernel('i32 1'),
        // %"2" is the value named "2", not the unnamed %2 (review 2026-12-02d finding 2)
        'qn.ll': 'define spir_func i32 @f(i32 %"0", i32 %0) {\n  %"2" = add i32 %"0", %0\n  %2 = add i32 %"2", 1\n  br label %"7"\n"7":\n  %3 = phi i32 [ %2, %1 ]\n  ret i32 %3\n}\n' + kernel('i32 1, i32 2'),
        'gap.ll': 'define spir_func i32 @f(i32 %0, i32 %5) {\n  %7 = add i32 %0, %5\n  br label %10\n10:\n  %12 = phi i32 [ %7, %6 ], [ %13, %10 ]\n  %13 = add i32 %12, 1\n  %c = icmp eq i32 %13, 9\n  br i1 %c, label %20, label %10\n20:\n  ret i32 %13\n}\n' + kernel('i32 1, i32 2'),
      };
      const as = tool('llvm-as-22', 'llvm-22');
      const dis = tool('llvm-dis-22', 'llvm-22');
      const bodyOf = (text: string): string => /define spir_func i32 @f\([^]*?\n}/.exec(text)![0].replace(/ *;.*$/gm, '');
      for (const [name, body] of Object.entries(inputs)) {
        writeFileSync(join(dir, name), 'target triple = "spir64-unknown-unknown"\n' + body);
        const r = await cli(['-split=kernel', '-S', '-o', `${name}.table`, name], dir);
        expect(r.code, r.err).to.equal(0);
        const out = readFileSync(join(dir, `${name}_0.ll`), 'utf8');
        expect(spawnSync(as, [join(dir, `${name}_0.ll`), '-o', '/dev/null'], { encoding: 'utf8' }).status, name).to.equal(0);
        const llvm = spawnSync('sh', ['-c', `'${as}' '${join(dir, name)}' -o - | '${dis}'`], { encoding: 'utf8' }).stdout;
        expect(bodyOf(out), name).to.equal(bodyOf(llvm));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('post-link: an attribute both inline and in a group has the group\'s value, as LLParser merges them (review 2026-12-02d finding 3)', () => {
  it('-split=source: @k3 #3 "sycl-module-id"="b.cpp" with #3 = { "sycl-module-id"="c.cpp" } is in c.cpp\'s image', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-pl-attr-'));
    try {
      writeFileSync(
        join(dir, 'at.ll'),
        'target triple = "spir64-unknown-unknown"\n' +
          'define spir_kernel void @k1() "sycl-module-id"="a.cpp" {\n  ret void\n}\n' +
          'define spir_kernel void @k2() #7 {\n  ret void\n}\n' +
          'define spir_kernel void @k3() #3 "sycl-module-id"="b.cpp" {\n  ret void\n}\n' +
          'attributes #7 = { "sycl-module-id"="b.cpp" }\nattributes #3 = { "sycl-module-id"="c.cpp" }\n',
      );
      const r = await cli(['-split=source', '-symbols', '-S', '-o', 't.table', 'at.ll'], dir);
      expect(r.code, r.err).to.equal(0);
      const syms = readdirSync(dir).filter((f) => f.endsWith('.sym')).map((f) => readFileSync(join(dir, f), 'utf8')).sort();
      expect(syms).to.deep.equal(['k1\n', 'k2\n', 'k3\n']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('post-link: virtual functions (ModuleDesc::cleanup, [SYCL/virtual functions])', () => {
  const ir =
    'target triple = "spir64-unknown-unknown"\n$foo = comdat any\n' +
    'define linkonce_odr spir_func void @foo(i32 %x, ptr %p) #0 comdat personality ptr null !md !0 {\n  ret void\n}\n' +
    'define spir_kernel void @k(ptr %fp) #1 {\n  call spir_func void %fp(i32 1, ptr null)\n  ret void\n}\n' +
    'define spir_kernel void @k2() #2 {\n  call spir_func void @foo(i32 2, ptr null)\n  ret void\n}\n' +
    'attributes #0 = { "indirectly-callable"="set-foo" "sycl-module-id"="v.cpp" }\nattributes #1 = { "calls-indirectly"="set-foo,set-bar" "sycl-module-id"="v.cpp" }\n' +
    'attributes #2 = { "sycl-module-id"="w.cpp" }\n!0 = !{}\n';
  it('the image of the set defines it with external linkage; the others declare it (no names, comdat, personality or metadata); the sets are written; no warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-pl-vf-'));
    try {
      writeFileSync(join(dir, 'v.ll'), ir);
      const r = await cli(['-split=auto', '-symbols', '-S', '-o', 'v.table', 'v.ll'], dir);
      expect([r.code, r.err]).to.deep.equal([0, '']);
      const sym = (n: number): string => readFileSync(join(dir, `v_${n}.sym`), 'utf8');
      const ll = (n: number): string => readFileSync(join(dir, `v_${n}.ll`), 'utf8');
      const props = (n: number): string => new TextDecoder().decode(readFileSync(join(dir, `v_${n}.prop`)));
      // Groups (descending keys): w.cpp (k2), v.cpp with the set (foo), v.cpp (k).
      expect([sym(0), sym(1), sym(2)]).to.deep.equal(['k2\n', 'foo\n', 'k\n']);
      expect(ll(0)).to.contain('declare spir_func void @foo(i32, ptr) #0\n').and.not.contain('comdat').and.not.contain('personality');
      expect(ll(1)).to.contain('define spir_func void @foo(i32 %x, ptr %p) #0 comdat personality ptr null !md !0 {');
      expect(props(1)).to.contain('[SYCL/virtual functions]\nvirtual-functions-set=2|');
      expect(props(2)).to.contain('[SYCL/virtual functions]\nuses-virtual-functions-set=2|');
      const sets = readRegistry(readFileSync(join(dir, 'v_2.prop'))).get('SYCL/virtual functions')!;
      const v = sets.get('uses-virtual-functions-set')!;
      expect(v.type === 2 ? new TextDecoder().decode(v.bytes) : '').to.equal('set-foo,set-bar');
      expect(props(0)).not.to.contain('virtual functions');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('post-link options: a flag given twice is refused, as LLVM refuses a second cl::opt (-o is a cl::list)', () => {
  for (const args of [['-spec-const=native', '-spec-const=emulation'], ['-S', '-S', '-spec-const=native'], ['-split=kernel', '-split=source'], ['-symbols', '-symbols']]) {
    it(args.join(' '), () => {
      const name = args.find((a, i) => args.indexOf(a) !== i || args.findIndex((b) => b.split('=')[0] === a.split('=')[0]) !== i)!.split('=')[0]!;
      expect(() => parsePostLinkArgs([...args, 'm.ll'])).to.throw(`for the ${name} option: may only occur zero or one times!`);
    });
  }
});

describe('post-link --device-globals: a missing and an empty "sycl-unique-id" are told apart', () => {
  it('each is an error at the global, with what is wrong', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-pl-uid-'));
    try {
      const mod = (attr: string): string =>
        `target triple = "spir64-unknown-unknown"\n@dg = addrspace(1) global i32 0, align 4 #0\ndefine spir_kernel void @k() {\n  %v = load i32, ptr addrspace(1) @dg\n  ret void\n}\nattributes #0 = { "sycl-device-global-size"="4"${attr} }\n`;
      writeFileSync(join(dir, 'empty.ll'), mod(' "sycl-unique-id"=""'));
      writeFileSync(join(dir, 'none.ll'), mod(''));
      const e = await cli(['--device-globals', '-S', '-o', 'e.table', 'empty.ll'], dir);
      expect([e.code, e.err]).to.deep.equal([1, 'syclbin post-link: empty.ll:2:1: error: device global @dg has an empty "sycl-unique-id" attribute\n']);
      const n = await cli(['--device-globals', '-S', '-o', 'n.table', 'none.ll'], dir);
      expect([n.code, n.err]).to.deep.equal([1, 'syclbin post-link: none.ll:2:1: error: device global @dg has no "sycl-unique-id" attribute\n']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('errors of the shared lowering on IR input are located in the IR (lower and post-link alike)', () => {
  const head = `target datalayout = "${DL}"\ntarget triple = "spir64-unknown-unknown"\n`;
  const twoTypes =
    head +
    `@n = private unnamed_addr constant [2 x i8] c"n\\00", align 1
@id = dso_local global { i32 } { i32 5 }, align 4
@id64 = dso_local global { i64 } { i64 5 }, align 8
define spir_kernel void @K(ptr %buf) {
entry:
  %x = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPvS3_(ptr @n, ptr @id, ptr %buf)
  %y = call spir_func i64 @_Z37__sycl_getScalar2020SpecConstantValueIxET_PKcPvS3_(ptr @n, ptr @id64, ptr %buf)
  ret void
}
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPvS3_(ptr, ptr, ptr)
declare spir_func i64 @_Z37__sycl_getScalar2020SpecConstantValueIxET_PKcPvS3_(ptr, ptr, ptr)
`;
  const nulName = twoTypes.replace('[2 x i8] c"n\\00"', '[3 x i8] c"n\\00\\00"').replace(/  %y = .*\n/, '');
  async function run(args: string[], cwd: string): Promise<{ code: number; err: string }> {
    let err = '';
    const code = await runCli(args, { stdout: { write: () => undefined }, stderr: { write: (c) => void (err += String(c)) }, cwd, env: {} });
    return { code, err };
  }
  it('a specialization_id without a default value: undef, or written with only undef members (LLVM folds it to undef) says so', () => {
    const module = (init: string): string =>
      [
        'target triple = "spir64-unknown-unknown"',
        '%struct.S = type { i8 }',
        '@n = private unnamed_addr constant [2 x i8] c"n\\00", align 1',
        `@sid = internal addrspace(1) constant { [1 x %struct.S] } ${init}, align 1`,
        'define spir_kernel void @K() {',
        'entry:',
        '  %t = alloca [1 x %struct.S], align 1',
        '  %a = addrspacecast [1 x %struct.S]* %t to [1 x %struct.S] addrspace(4)*',
        '  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueIA1_1SET_PKcPKvS6_([1 x %struct.S] addrspace(4)* sret([1 x %struct.S]) align 1 %a, i8 addrspace(4)* addrspacecast (i8* getelementptr inbounds ([2 x i8], [2 x i8]* @n, i64 0, i64 0) to i8 addrspace(4)*), i8 addrspace(4)* addrspacecast (i8 addrspace(1)* bitcast ({ [1 x %struct.S] } addrspace(1)* @sid to i8 addrspace(1)*) to i8 addrspace(4)*), i8 addrspace(4)* null)',
        '  ret void',
        '}',
        'declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueIA1_1SET_PKcPKvS6_([1 x %struct.S] addrspace(4)* sret([1 x %struct.S]) align 1, i8 addrspace(4)*, i8 addrspace(4)*, i8 addrspace(4)*)',
        '',
      ].join('\n');
    expect(() => lowerIrModule(module('undef'))).to.throw(IrSyntaxError, /^4:1: specialization_id @sid is undef: it has no default value$/);
    expect(() => lowerIrModule(module('{ [1 x %struct.S] [%struct.S undef] }'))).to.throw(IrSyntaxError, /^4:1: specialization_id @sid is undef \(its initializer has only undef members, which LLVM folds to undef\): it has no default value$/);
    expect(lowerIrModule(module('{ [1 x %struct.S] [%struct.S { i8 7 }] }')).specConstants.constants.map((c) => c.name)).to.deep.equal(['n']);
  });

  it('a name used with two struct types of one structure (%struct.A, %struct.A.0 as llvm-link makes them) is one constant (review 2026-11-27q)', () => {
    const call = (t: string, m: string): string =>
      `  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI${m}ET_PKcPKvS5_(%${t} addrspace(4)* sret(%${t}) align 4 %${m}, i8 addrspace(4)* addrspacecast (i8* getelementptr inbounds ([2 x i8], [2 x i8]* @n, i64 0, i64 0) to i8 addrspace(4)*), i8 addrspace(4)* addrspacecast (i8 addrspace(1)* bitcast ({ %struct.A } addrspace(1)* @id to i8 addrspace(1)*) to i8 addrspace(4)*), i8 addrspace(4)* null)`;
    const decl = (t: string, m: string): string => `declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI${m}ET_PKcPKvS5_(%${t} addrspace(4)* sret(%${t}) align 4, i8 addrspace(4)*, i8 addrspace(4)*, i8 addrspace(4)*)`;
    const module = (second: string): string =>
      [
        'target triple = "spir64-unknown-unknown"',
        '%struct.A = type { i32, float }',
        `%struct.A.0 = type ${second}`,
        '@n = private unnamed_addr constant [2 x i8] c"n\\00", align 1',
        '@id = internal addrspace(1) constant { %struct.A } { %struct.A { i32 1, float 2.0 } }, align 4',
        'define spir_kernel void @K() {',
        'entry:',
        '  %t = alloca %struct.A, align 4',
        '  %u = alloca %struct.A.0, align 4',
        '  %a = addrspacecast %struct.A* %t to %struct.A addrspace(4)*',
        '  %b = addrspacecast %struct.A.0* %u to %struct.A.0 addrspace(4)*',
        call('struct.A', 'a'),
        call('struct.A.0', 'b'),
        '  ret void',
        '}',
        decl('struct.A', 'a'),
        decl('struct.A.0', 'b'),
        '',
      ].join('\n');
    const r = lowerIrModule(module('{ i32, float }'));
    expect(r.specConstants.constants.map((c) => [c.name, c.ids.map((x) => x.id)])).to.deep.equal([['n', [0, 1]]]);
    const files = new Map<string, Uint8Array>([['in.ll', new TextEncoder().encode(module('{ i32, float }'))]]);
    postLink(parsePostLinkArgs(['-spec-const=native', '-S', 'in.ll', '-o', 'o.table']), { read: (p) => files.get(p)!, write: (p, b) => void files.set(p, b) });
    const ll = new TextDecoder().decode(files.get('o_0.ll'));
    // each call's tree in its own type, with the first call's IDs
    expect(ll.match(/@_Z20__spirv_SpecConstantii\(i32 [01], i32 1\)/g)).to.have.length(2);
    expect(ll).to.match(/= call %struct\.A @_Z29__spirv_SpecConstantCompositeif_Rstruct\.A\(/);
    expect(ll).to.match(/= call %struct\.A\.0 @_Z29__spirv_SpecConstantCompositeif_Rstruct\.A\.0\(/);
    // Another structure under the name stays an error.
    expect(() => lowerIrModule(module('{ float, i32 }'))).to.throw(IrSyntaxError, /spec constant "n" is used with type %struct\.A\.0 but first with %struct\.A/);
  });

  it('a name used with two types: FILE:LINE:COLUMN at the second call, naming the first (no manifest paths)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-irerr-'));
    try {
      writeFileSync(join(dir, 't.ll'), twoTypes);
      const want = 't.ll:9:3: error: spec constant "n" is used with type i64 but first with i32 (first used at line 8, column 3)\n';
      expect(await run(['lower', 't.ll'], dir)).to.deep.equal({ code: 1, err: `syclbin lower: ${want}` });
      // The library's error has the byte offset of that call too.
      expect(() => lowerIrModule(twoTypes)).to.throw(IrSyntaxError).that.deep.include({ line: 9, column: 3, offset: twoTypes.indexOf('  %y = ') + 2 });
      expect(await run(['post-link', '-spec-const=native', '-S', '-o', 't.table', 't.ll'], dir)).to.deep.equal({ code: 1, err: `syclbin post-link: ${want}` });
      // A name with a NUL before its end: no property key can hold it (--ir-output-only writes it into the IR, as sycl-post-link).
      writeFileSync(join(dir, 'z.ll'), nulName);
      const nul = 'z.ll:8:3: error: spec constant name "n\\u0000" cannot be a property-set key: property key contains a NUL byte\n';
      expect(await run(['lower', 'z.ll'], dir)).to.deep.equal({ code: 1, err: `syclbin lower: ${nul}` });
      expect(await run(['post-link', '-spec-const=native', '-S', '-o', 'z.table', 'z.ll'], dir)).to.deep.equal({ code: 1, err: `syclbin post-link: ${nul}` });
      expect((await run(['post-link', '-spec-const=native', '-S', '--ir-output-only', '-o', 'z.out.ll', 'z.ll'], dir)).code).to.equal(0);
      expect(readFileSync(join(dir, 'z.out.ll'), 'utf8')).to.contain('!{!"n\\00", i32 0, i32 0, i32 4}');
      // The other keys the property text cannot hold, likewise ('=' ends a key).
      writeFileSync(join(dir, 'q.ll'), nulName.replace('[3 x i8] c"n\\00\\00"', '[4 x i8] c"a=b\\00"'));
      expect(await run(['post-link', '-spec-const=native', '-S', '-o', 'q.table', 'q.ll'], dir)).to.deep.equal({ code: 1, err: "syclbin post-link: q.ll:8:3: error: spec constant name \"a=b\" cannot be a property-set key: property key contains '=' (the key ends at the first '=')\n" });
      // inspect says where, too.
      let out = '';
      await runCli(['inspect', 't.ll'], { stdout: { write: (c) => void (out += String(c)) }, stderr: { write: () => undefined }, cwd: dir, env: {} });
      expect(out).to.contain('not lowered: 9:3: spec constant "n" is used with type i64 but first with i32 (first used at line 8, column 3)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('post-link: the command line intel/llvm\u2019s driver passes (clang/test/Driver/sycl-post-link-options.cpp)', () => {
  it('-O2 -device-globals -id-queries-range=int --device-lib-dir=DIR -properties ... runs as sycl-post-link would (review 2026-11-27v)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syclbin-driver-line-'));
    try {
      writeFileSync(join(dir, 'k.ll'), 'target triple = "spir64-unknown-unknown"\ndefine weak_odr spir_kernel void @k() #0 {\n  ret void\n}\nattributes #0 = { "sycl-module-id"="a.cpp" }\n');
      // (the driver's JIT options; DIR holds no library: no image uses the bfloat16 functions, so none is read)
      const line = ['-O2', '-device-globals', '-id-queries-range=int', `--device-lib-dir=${dir}/nolibs`, '-properties', '-spec-const=native', '-emit-only-kernels-as-entry-points', '-emit-param-info', '-symbols', '-emit-exported-symbols', '-emit-imported-symbols', '-split-esimd', '-lower-esimd', '-O0', '-force-disable-esimd-opt', '-S', '-o', 'k.table', 'k.ll'];
      const r = await cli(line, dir);
      expect(r, r.err).to.deep.include({ code: 0 });
      expect(readFileSync(join(dir, 'k.table'), 'utf8')).to.equal('[Code|Properties|Symbols]\nk_0.ll|k_0.prop|k_0.sym\n');
      expect((await cli(['-id-queries-range=x', '-split=auto', 'k.ll'], dir)).err).to.equal("syclbin post-link: for the -id-queries-range option: Cannot find option named 'x'!\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
