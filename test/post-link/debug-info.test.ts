/**
 * Device IR with debug info (clang -g), in both of LLVM's textual forms: debug records
 * (`#dbg_value(...)` lines, LLVM 19's default) and the older intrinsics with `declare !dbg !N` (a
 * declaration's metadata attachments come right after `declare`). testdata/lower/debug-info holds
 * clang-19's output of one OpenCL C file and the command that made each. post-link reads them, keeps
 * the debug info in the modules it writes, and those assemble (llvm-as-19, Debian package llvm-19).
 * Also: what LLParser refuses is refused here (a word after a declaration, a global used but not
 * defined), and what it accepts is accepted (named metadata right after a declaration).
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { parseLlvmIr } from '../../src/lower/llvm-ir/parse/parser.js';
import { IrSyntaxError } from '../../src/lower/llvm-ir/parse/errors.js';
import { requireTool } from '../support/tools.js';

const DEBUG = new URL('../../testdata/lower/debug-info/', import.meta.url).pathname;

/** The message of the IrSyntaxError LLParser's rules give `text` (fails when it is accepted). */
function fail(text: string): string {
  try {
    parseLlvmIr(text);
  } catch (e) {
    expect(e).to.be.instanceOf(IrSyntaxError);
    return (e as Error).message;
  }
  return expect.fail(`accepted: ${text}`);
}

async function postLink(args: string[], cwd: string): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await runCli(['post-link', ...args], { stdout: { write: () => undefined }, stderr: { write: (c) => void (err += String(c)) }, cwd, env: {} });
  return { code, err };
}

describe('post-link: device IR with debug info (clang-19 -g)', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'syclbin-dbg-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  for (const [file, marker] of [
    ['k-O2-g.ll', /^\s+#dbg_value\(/m],
    ['k-O2-g-old.ll', /^declare !dbg !\d+ /m],
  ] as const) {
    it(`${file}: split per kernel with symbols; the debug info stays and every module assembles`, async () => {
      const r = await postLink(['-spec-const=native', '-symbols', '-split=kernel', '-S', '-o', join(dir, 'out.table'), DEBUG + file], dir);
      expect(r.code, r.err).to.equal(0);
      const modules = readdirSync(dir).filter((f) => f.endsWith('.ll')).sort();
      expect(modules).to.deep.equal(['out_0.ll', 'out_1.ll']);
      expect(modules.some((m) => marker.test(readFileSync(join(dir, m), 'utf8'))), 'the debug info is kept').to.equal(true);
      const as = requireTool('llvm-as-19');
      for (const m of modules) {
        const a = spawnSync(as, [join(dir, m), '-o', '/dev/null'], { encoding: 'utf8' });
        expect(a.status, `${m}: ${a.stderr}`).to.equal(0);
      }
    });
  }

  /**
   * What a module's debug info says once printed: the files of the units `!llvm.dbg.cu` lists,
   * each with the names of the variables its `globals:` keeps ('-' without the field), sorted
   * (node numbers and the list's order differ between printers).
   */
  function units(text: string): string[] {
    const nodes = new Map<string, string>();
    for (const l of text.split('\n')) {
      const m = /^!(\d+) = (.*)$/.exec(l);
      if (m) nodes.set(m[1]!, m[2]!);
    }
    const field = (node: string | undefined, f: string): string | undefined => new RegExp(`[(, ]${f}: (![0-9]+|"[^"]*")`).exec(node ?? '')?.[1];
    const node = (ref: string | undefined): string | undefined => (ref === undefined ? undefined : nodes.get(ref.slice(1)));
    const refs = (t: string | undefined): string[] => [...(t ?? '').matchAll(/!\d+/g)].map((x) => x[0]);
    const listed = /^!llvm\.dbg\.cu = (.*)$/m.exec(text)?.[1];
    return refs(listed)
      .map((cu) => {
        const file = field(node(field(node(cu), 'file')), 'filename');
        const globals = field(node(cu), 'globals');
        const names = globals === undefined ? '-' : refs(node(globals)).map((gve) => field(node(field(node(gve), 'var')), 'name')).join(',');
        return `${file}:${names}`;
      })
      .sort();
  }

  for (const file of ['dead-units.ll', 'unit-kinds.ll', 'k-O2-g.ll']) {
    it(`${file}: each split image keeps the compile units and global variable expressions opt-19's strip-dead-debug-info keeps (StripDeadDebugInfoPass of ModuleDesc::cleanup)`, async () => {
      const opt = requireTool('opt-19');
      const as = requireTool('llvm-as-19');
      const r = await postLink(['-symbols', '-split=kernel', '-S', '-o', join(dir, 'out.table'), DEBUG + file], dir);
      expect(r.code, r.err).to.equal(0);
      // The same image made by LLVM: the image's entry points and the module's non-discardable
      // globals kept public, the rest internalized and dropped by GlobalDCE, then the pass.
      const source = readFileSync(DEBUG + file, 'latin1');
      const kept = parseLlvmIr(source)
        .globals.filter((g) => g.linkage === undefined || ['external', 'weak', 'weak_odr', 'common', 'appending'].includes(g.linkage))
        .map((g) => g.name);
      const images = readdirSync(dir).filter((f) => /^out_\d+\.ll$/.test(f));
      expect(images.length).to.be.greaterThan(1);
      for (const image of images) {
        const entries = readFileSync(join(dir, image.replace(/\.ll$/, '.sym')), 'utf8').trim().split('\n');
        const theirs = spawnSync(opt, ['-S', '-passes=internalize,globaldce,strip-dead-debug-info', `-internalize-public-api-list=${[...entries, ...kept].join(',')}`, DEBUG + file, '-o', '-'], { encoding: 'latin1' });
        expect(theirs.status, theirs.stderr).to.equal(0);
        const ours = readFileSync(join(dir, image), 'latin1');
        expect(units(ours), `${file} ${image} (${entries.join(', ')})`).to.deep.equal(units(theirs.stdout));
        const a = spawnSync(as, [join(dir, image), '-o', '/dev/null'], { encoding: 'utf8' });
        expect(a.status, `${image}: ${a.stderr}`).to.equal(0);
      }
    });
  }

  it('dead-units.ll: a list that loses an expression becomes a tuple of the rest (a new node), the unit is the same node; dead units are left out', async () => {
    const r = await postLink(['-symbols', '-split=kernel', '-S', '-o', join(dir, 'out.table'), DEBUG + 'dead-units.ll'], dir);
    expect(r.code, r.err).to.equal(0);
    const k1 = ['out_0.ll', 'out_1.ll'].map((f) => readFileSync(join(dir, f), 'latin1')).find((t) => t.includes('define spir_kernel void @k1'))!;
    expect(k1).to.match(/^!llvm\.dbg\.cu = !\{!0, !14, !22\}$/m);
    expect(k1).to.match(/^!0 = distinct !DICompileUnit\(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !62, imports: !3, splitDebugInlining: false, nameTableKind: None\)$/m);
    expect(k1).to.match(/^!62 = !\{!30, !34\}$/m);
    expect(k1).not.to.match(/^!(2|10|18|32) = /m);
  });

  it('a cycle of inlinedAt locations (which the verifier would reject) ends: each location is met once', async () => {
    const ir = `target triple = "spir64-unknown-unknown"
define spir_kernel void @k() #0 !dbg !20 {
entry:
  ret void, !dbg !21
}
attributes #0 = { "sycl-module-id"="a.cpp" }
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!51}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a", directory: "/")
!2 = !DISubroutineType(types: !{null})
!20 = distinct !DISubprogram(name: "k", scope: !1, file: !1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DILocation(line: 1, scope: !20, inlinedAt: !22)
!22 = !DILocation(line: 2, scope: !20, inlinedAt: !21)
!51 = !{i32 2, !"Debug Info Version", i32 3}
`;
    writeFileSync(join(dir, 'cycle.ll'), ir);
    const r = await postLink(['-symbols', '-split=kernel', '-S', '-o', join(dir, 'out.table'), join(dir, 'cycle.ll')], dir);
    expect(r.code, r.err).to.equal(0);
    expect(readFileSync(join(dir, 'out_0.ll'), 'latin1')).to.match(/^!llvm\.dbg\.cu = !\{!0\}$/m);
  });

  it('as llvm-as: a word after a declaration, and a global used but not defined, are errors at their place; named metadata right after a declaration is not', () => {
    expect(fail('declare void @f() garbage\n')).to.match(/^1:19: unexpected 'garbage' after the end of the entity/);
    // A NUL in a name, literal or escaped (LLLexer::LexVar, after unescaping), as llvm-as-22 says it; `\\00` is a backslash.
    expect(fail('define void @f(i32 %"a\\00") {\n ret void\n}\n')).to.match(/^1:20: NUL character is not allowed in names/);
    expect(() => parseLlvmIr('define void @f(i32 %"a\\\\00") {\n ret void\n}\n')).not.to.throw();
    // Module-level refusals of LLParser, at llvm-as-22's line and column (review 2026-12-02d finding 4).
    expect(fail('declare void @f(i32 %x, i32 %x)\n')).to.match(/^1:25: redefinition of argument '%x'/);
    expect(fail('$c = comdat any\n$c = comdat any\n')).to.match(/^2:1: redefinition of comdat '\$c'/);
    expect(fail('@g = global i32 1, comdat($nope)\n')).to.match(/^1:27: use of undefined comdat '\$nope'/);
    expect(fail('!0 = !{!2, !1}\n')).to.match(/^1:13: use of undefined metadata '!1'/);
    expect(fail('!named = !{!5}\n')).to.match(/^1:13: use of undefined metadata '!5'/);
    expect(() => parseLlvmIr('$c = comdat any\n@g = global i32 1, comdat($c)\n!0 = !{!1}\n!1 = !{}\n')).not.to.throw();
    expect(fail('@g = global i32 0 garbage\n')).to.match(/^1:19: /);
    expect(fail('declare void @f(i32 garbage garbage)\n')).to.match(/^1:21: expected ',' or '\)'/);
    expect(fail('define void @k() {\n  call void @nowhere()\n  ret void\n}\n')).to.match(/^2:13: use of undefined value '@nowhere'/);
    expect(fail('define void @k() {\n  %x = load i32, ptr @nothing\n  ret void\n}\n')).to.match(/^2:22: use of undefined value '@nothing'/);
    // Accepted: named metadata after a declaration; an undeclared intrinsic (LLVM 20+ declares known ones).
    const m = parseLlvmIr('declare void @f(ptr)\n\n!llvm.offloading.symbols = !{!0}\n!0 = !{ptr @f}\ndefine void @k() {\n  call void @llvm.donothing()\n  ret void\n}\n');
    expect(m.namedMetadata.get('llvm.offloading.symbols')).to.deep.equal(['!0']);
    expect(m.functions[0]!.metadata).to.deep.equal([]);
  });

  /**
   * A module's IR as a set of comparable lines: comments gone, blanks collapsed, and every `!N`
   * reference replaced by what node N says (nested references expanded the same way, a node
   * reaching itself as `!self`), so two printers' numbering does not matter.
   */
  function expanded(text: string): string[] {
    const nodes = new Map<string, string>();
    const rest: string[] = [];
    for (const raw of text.split('\n')) {
      const l = raw.replace(/\s*;.*$/, '').replace(/\s+/g, ' ').trim();
      if (l === '') continue;
      const d = /^!(\d+) = (.*)$/.exec(l);
      if (d) nodes.set(d[1]!, d[2]!);
      else rest.push(l);
    }
    const expand = (t: string, seen: readonly string[]): string =>
      t.replace(/!(\d+)\b/g, (_, n: string) => (seen.includes(n) ? '!self' : nodes.has(n) ? `<${expand(nodes.get(n)!, [...seen, n])}>` : `!${n}`));
    return rest.map((l) => expand(l, []));
  }

  const noVersion = (intrinsics: boolean): string => `target triple = "spir64-unknown-unknown"

@g = addrspace(1) global i32 7, align 4, !dbg !30
@h = addrspace(1) global i32 8, align 4, !dbg !30, !foo !40

declare !dbg !25 spir_func void @ext(ptr)
${intrinsics ? 'declare void @llvm.dbg.declare(metadata, metadata, metadata)\n' : ''}
define spir_kernel void @k(ptr addrspace(1) %p, i32 %n) #0 !dbg !3 {
entry:
  %a = alloca i32, align 4
${intrinsics ? '  call void @llvm.dbg.declare(metadata ptr %a, metadata !6, metadata !DIExpression()), !dbg !5' : '    #dbg_declare(ptr %a, !6, !DIExpression(), !5)'}
  store i32 1, ptr addrspace(1) %p, align 4, !dbg !5
  call spir_func void @ext(ptr %a), !dbg !DILocation(line: 9, scope: !3), !heapallocsite !7
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %j = add i32 %i, 1
  %c = icmp slt i32 %j, %n
  br i1 %c, label %loop, label %mid, !llvm.loop !10

mid:
  br i1 %c, label %mid, label %exit, !llvm.loop !20

exit:
  %v = load i32, ptr addrspace(1) @g, align 4
  store i32 %v, ptr addrspace(1) @h, align 4, !foo !40
  ret void, !dbg !5
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!50, !51}
!llvm.gcov = !{!40}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !{!30})
!1 = !DIFile(filename: "a.cpp", directory: "/tmp")
!2 = !DISubroutineType(types: !{})
!3 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !2, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DILocation(line: 2, scope: !3)
!6 = !DILocalVariable(name: "a", scope: !3, file: !1, line: 2, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !{!10, !11, !12, !13}
!11 = !DILocation(line: 3, scope: !3)
!12 = !DILocation(line: 4, scope: !3)
!13 = !{!"llvm.loop.mustprogress"}
!20 = distinct !{!20, !11, !DILocation(line: 5, scope: !3)}
!25 = !DISubprogram(name: "ext", scope: !1, file: !1, line: 1, type: !2, spFlags: 0)
!30 = !DIGlobalVariableExpression(var: !31, expr: !DIExpression())
!31 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !7, isLocal: false, isDefinition: true)
!40 = !{!"keep"}
!50 = !{i32 7, !"Dwarf Version", i32 5}
!51 = !{i32 2, !"Debug Info Version", i32 1}
`;

  for (const intrinsics of [false, true]) {
    it(`a module whose "Debug Info Version" is not 3 loses its debug info as LLParser strips it (${intrinsics ? 'llvm.dbg intrinsics' : 'debug records'}): the same module as opt-19 reads, and LLVM's warning`, async () => {
      const opt = requireTool('opt-19');
      writeFileSync(join(dir, 'v1.ll'), noVersion(intrinsics));
      const r = await postLink(['-symbols', '-S', '-o', 'out.table', 'v1.ll'], dir);
      expect(r.code, r.err).to.equal(0);
      expect(r.err).to.equal('warning: ignoring debug info with an invalid version (1) in v1.ll\n');
      const ours = readFileSync(join(dir, 'out_0.ll'), 'latin1');
      const theirs = spawnSync(opt, ['-S', 'v1.ll', '-o', '-'], { cwd: dir, encoding: 'latin1' });
      expect(theirs.status, theirs.stderr).to.equal(0);
      expect(theirs.stderr).to.include('warning: ignoring debug info with an invalid version (1) in v1.ll');
      // (opt prints the data layout it assumes; the loop IDs: !10 keeps its non-location operand, !20 goes)
      expect(expanded(ours)).to.deep.equal(expanded(theirs.stdout).filter((l) => !l.startsWith('target datalayout')));
      expect(ours).to.match(/^  br i1 %c, label %loop, label %mid, !llvm\.loop !10$/m);
      expect(ours).to.match(/^!10 = distinct !\{!10, !13\}$/m);
      expect(ours).not.to.match(/dbg|DI[A-Z]/);
    });
  }

  it('a module without the flag and without debug info is read as it is, without a warning; version 3 keeps its debug info', async () => {
    writeFileSync(join(dir, 'plain.ll'), 'target triple = "spir64-unknown-unknown"\ndefine spir_kernel void @k() #0 {\n  ret void\n}\nattributes #0 = { "sycl-module-id"="a.cpp" }\n');
    let r = await postLink(['-symbols', '-S', '-o', 'out.table', 'plain.ll'], dir);
    expect(r.code, r.err).to.equal(0);
    expect(r.err).to.equal('');
    writeFileSync(join(dir, 'v3.ll'), noVersion(false).replace('"Debug Info Version", i32 1', '"Debug Info Version", i32 3'));
    r = await postLink(['-symbols', '-S', '-o', 'v3.table', 'v3.ll'], dir);
    expect(r.code, r.err).to.equal(0);
    expect(r.err).to.equal('');
    const kept = readFileSync(join(dir, 'v3_0.ll'), 'latin1');
    expect(kept).to.match(/^ {4}#dbg_declare\(ptr %a, !6, !DIExpression\(\), !5\)$/m);
    expect(kept).to.match(/^!llvm\.dbg\.cu = !\{!0\}$/m);
  });

  it('a loop ID that reaches a location through another node, or that another node names, is refused by name (not stripped halfway)', async () => {
    writeFileSync(join(dir, 'loop.ll'), noVersion(false).replace('!13 = !{!"llvm.loop.mustprogress"}', '!13 = !{!"llvm.loop.mustprogress", !11}'));
    const r = await postLink(['-symbols', '-S', '-o', 'out.table', 'loop.ll'], dir);
    expect(r.code).to.not.equal(0);
    expect(r.err).to.match(/loop\.ll:20:49: .*loop ID !10 reaches a DILocation through !13; stripping debug info from such a loop ID .* is not implemented/);
    writeFileSync(join(dir, 'used.ll'), noVersion(false).replace('!40 = !{!"keep"}', '!40 = !{!"keep", !10}'));
    const u = await postLink(['-symbols', '-S', '-o', 'used.table', 'used.ll'], dir);
    expect(u.code).to.not.equal(0);
    expect(u.err).to.match(/used\.ll:20:49: .*loop ID !10 is also an operand of !40; .*not implemented for a loop ID used elsewhere/);
  });

  it('as LLParser: debug records and the old llvm.dbg intrinsics in one module are refused at the second kind met (llvm.dbg.label goes with either)', () => {
    const value = 'call void @llvm.dbg.value(metadata i32 %n, metadata !6, metadata !DIExpression())';
    const record = '#dbg_value(i32 %n, !6, !DIExpression(), !5)';
    const fn = (a: string, b: string): string => `define void @k(i32 %n) {\nentry:\n  ${a}\n  ${b}\n  ret void\n}\n!5 = !{}\n!6 = !{}\n`;
    expect(fail(fn(value, record))).to.match(/^4:3: debug record should not appear in a module containing debug info intrinsics/);
    expect(fail(fn(record, value))).to.match(/^4:8: llvm\.dbg intrinsic should not appear in a module using non-intrinsic debug info/);
    expect(fail(fn(record, 'tail call\n     void @llvm.dbg.declare(metadata ptr null, metadata !6, metadata !DIExpression())'))).to.match(/^5:6: llvm\.dbg intrinsic/);
    expect(() => parseLlvmIr(fn(record, 'call void @llvm.dbg.label(metadata !6)'))).not.to.throw();
    expect(() => parseLlvmIr(fn('call void @llvm.dbg.label(metadata !6)', record))).not.to.throw();
  });
});
