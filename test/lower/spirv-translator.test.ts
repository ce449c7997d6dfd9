/**
 * SPIR-V output checked against the real tools (issue 5 item 3):
 *   - every module we emit passes `spirv-val` (SPIRV-Tools 2023.1) in its variant without the INTEL
 *     global-variable decorations, whose numbers that grammar does not know;
 *   - our binary is canonical: `spirv-dis --raw-id` + `spirv-as --preserve-numeric-ids` gives the
 *     same words back (only the generator word differs);
 *   - the SPIR-V-friendly LLVM IR, assembled by `llvm-as-15 -opaque-pointers=0` and translated by
 *     `llvm-spirv-15 --spirv-ext=+SPV_INTEL_global_variable_decorations`, gives the same spec-constant
 *     and decoration instructions as the direct binary: `spirv-dis` text of both (INTEL decorations
 *     stripped) normalised by src/lower/spirv/normalise.ts, and the INTEL decorations compared word
 *     by word per variable;
 *   - llvm-spirv-15 reads our full binary and turns its decorations back into `!spirv.Decorations`;
 *   - every full binary reads back through `llvm-spirv-15 -r` and `-to-text` (composite-last.json:
 *     a module ending on an OpSpecConstantComposite made the translator abort).
 * Manifests: testdata/lower/spirv/*.json.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { lowerManifestJson, type LoweringResult } from '../../src/lower/lower.js';
import { emitLlvmIr } from '../../src/lower/llvm-ir/emit.js';
import { decodeSpirvModule, filterSpirvModule, readString, type SpirvInstruction } from '../../src/lower/spirv/binary.js';
import { emitSpirv } from '../../src/lower/spirv/emit.js';
import { Capability, Decoration, EXT_GLOBAL_VARIABLE_DECORATIONS, LinkageType, Op } from '../../formats/spirv-enums.js';
import { normaliseSpirvDis } from '../../src/lower/spirv/normalise.js';
import { HOST_ACCESS_CODE } from '../../src/lower/device-globals.js';
import { requireTool } from '../support/tools.js';

const DATA = new URL('../../testdata/lower/spirv/', import.meta.url).pathname;
const MANIFESTS = readdirSync(DATA).filter((f) => f.endsWith('.json')).sort();
const INTEL_DECORATIONS: number[] = [Decoration.HostAccessINTEL, Decoration.InitModeINTEL, Decoration.ImplementInCSRINTEL];

function lowerFile(file: string): LoweringResult {
  return lowerManifestJson(JSON.parse(readFileSync(join(DATA, file), 'utf8')));
}

/** Whether an instruction belongs to SPV_INTEL_global_variable_decorations. */
function isIntel(ins: SpirvInstruction): boolean {
  if (ins.opcode === Op.Capability) return ins.operands[0] === Capability.GlobalVariableDecorationsINTEL;
  if (ins.opcode === Op.Extension) return readString(ins.operands, 0).text === EXT_GLOBAL_VARIABLE_DECORATIONS;
  if (ins.opcode === Op.Decorate) return INTEL_DECORATIONS.includes(ins.operands[1]!);
  return false;
}

/** INTEL decorations per variable, keyed by the variable's OpName, as sorted text. */
function intelDecorations(bytes: Uint8Array): string[] {
  const m = decodeSpirvModule(bytes);
  const names = new Map<number, string>();
  for (const i of m.instructions) if (i.opcode === Op.Name) names.set(i.operands[0]!, readString(i.operands, 1).text);
  const out: string[] = [];
  for (const i of m.instructions) {
    if (i.opcode !== Op.Decorate || !INTEL_DECORATIONS.includes(i.operands[1]!)) continue;
    const target = names.get(i.operands[0]!) ?? `<unnamed ${i.operands[0]}>`;
    let ops: string;
    if (i.operands[1] === Decoration.HostAccessINTEL) ops = `${i.operands[2]} ${JSON.stringify(readString(i.operands, 3).text)}`;
    else ops = i.operands.slice(2).join(' ');
    out.push(`${target}: ${i.operands[1]} ${ops}`);
  }
  return out.sort();
}

/** The LinkageAttributes of the module's functions, as `<linkage name> Export|Import` (none: no decoration), sorted. */
function functionLinkage(bytes: Uint8Array): string[] {
  const m = decodeSpirvModule(bytes);
  const functions = new Set(m.instructions.filter((i) => i.opcode === Op.Function).map((i) => i.operands[1]));
  return m.instructions
    .filter((i) => i.opcode === Op.Decorate && i.operands[1] === Decoration.LinkageAttributes && functions.has(i.operands[0]))
    .map((i) => {
      const name = readString(i.operands, 2);
      return `${name.text} ${i.operands[2 + name.words] === LinkageType.Export ? 'Export' : 'Import'}`;
    })
    .sort();
}

function run(tool: string, args: string[], input?: Uint8Array | string): Buffer {
  const r = spawnSync(tool, args, { input, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${r.status}): ${r.stderr?.toString()}`);
  return r.stdout;
}

describe('SPIR-V against spirv-tools 2023.1 and llvm-spirv-15', function () {
  this.timeout(120_000);
  let tmp: string;
  let tools: { val: string; dis: string; as: string; llvmAs: string; llvmDis: string; translator: string };

  before(() => {
    const llvmAs = requireTool('llvm-as-15');
    const llvmDis = join(dirname(llvmAs), 'llvm-dis');
    if (!existsSync(llvmDis)) throw new Error(`llvm-dis missing next to ${llvmAs} (Debian package llvm-15)`);
    tools = { val: requireTool('spirv-val'), dis: requireTool('spirv-dis'), as: requireTool('spirv-as'), llvmAs, llvmDis, translator: requireTool('llvm-spirv-15') };
    tmp = mkdtempSync(join(tmpdir(), 'syclbin-spirv-'));
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  const validate = (bytes: Uint8Array, name: string): void => {
    const f = join(tmp, `${name}.val.spv`);
    writeFileSync(f, bytes);
    const r = spawnSync(tools.val, [f], { encoding: 'utf8' });
    expect(r.status, `spirv-val ${name}: ${r.stderr}${r.stdout}`).to.equal(0);
  };
  const disassemble = (bytes: Uint8Array): string => run(tools.dis, ['--raw-id', '-'], bytes).toString('utf8');
  /** IR text → llvm-as-15 → llvm-spirv-15 (with the INTEL extension) → binary. */
  const translate = (ir: string, name: string): Uint8Array => {
    const ll = join(tmp, `${name}.ll`);
    const bc = join(tmp, `${name}.bc`);
    const spv = join(tmp, `${name}.tr.spv`);
    writeFileSync(ll, ir);
    run(tools.llvmAs, ['-opaque-pointers=0', ll, '-o', bc]);
    run(tools.translator, [`--spirv-ext=+${EXT_GLOBAL_VARIABLE_DECORATIONS}`, bc, '-o', spv]);
    return new Uint8Array(readFileSync(spv));
  };

  for (const file of MANIFESTS) {
    const base = file.replace(/\.json$/, '');
    describe(file, () => {
      let result: LoweringResult;
      let full: Uint8Array;
      let plain: Uint8Array;
      before(() => {
        result = lowerFile(file);
        full = emitSpirv(result);
        plain = emitSpirv(result, { intelDecorations: false });
      });

      it('passes spirv-val (variant without the INTEL decorations)', () => {
        validate(plain, base);
      });

      it('without its INTEL instructions, the full module is exactly the plain variant', () => {
        expect(Buffer.from(filterSpirvModule(full, isIntel)).equals(Buffer.from(plain))).to.equal(true);
        if (result.deviceGlobals.length) expect(full.length).to.be.greaterThan(plain.length);
      });

      it('round-trips through spirv-dis --raw-id / spirv-as --preserve-numeric-ids word for word', () => {
        const text = disassemble(plain);
        const again = new Uint8Array(run(tools.as, ['--preserve-numeric-ids', '--target-env', 'spv1.1', '-o', '-', '-'], text));
        const a = decodeSpirvModule(plain);
        const b = decodeSpirvModule(again);
        expect(b.version).to.deep.equal(a.version);
        expect(b.bound).to.equal(a.bound);
        expect(b.instructions).to.deep.equal(a.instructions);
      });

      it('matches llvm-spirv-15 on the SPIR-V-friendly LLVM IR (normalised spirv-dis, INTEL decorations word by word)', () => {
        const translated = translate(emitLlvmIr(result), base);
        const translatedPlain = filterSpirvModule(translated, isIntel);
        validate(translatedPlain, `${base}.translator`);
        const ours = normaliseSpirvDis(disassemble(plain));
        const theirs = normaliseSpirvDis(disassemble(translatedPlain));
        expect(ours.length, 'nothing to compare').to.be.greaterThan(0);
        expect(ours.join('\n')).to.equal(theirs.join('\n'));
        expect(intelDecorations(full)).to.deep.equal(intelDecorations(translated));
        // The functions' linkage too (docs/post-link.md "`--spirv-out`: the __spec_const functions"):
        // the translator exports each `__spec_const.<n>` of the IR, and so do we.
        expect(functionLinkage(full), 'function linkage').to.deep.equal(functionLinkage(translated));
        if (result.specConstants.mode === 'native' && result.specConstants.constants.length) expect(functionLinkage(full)).to.include('__spec_const.0 Export');
        // Every scalar leaf and every device global made it into the comparison.
        const leaves = ours.filter((l) => / SpecId /.test(l)).length;
        const expectedLeaves = result.specConstants.mode === 'native' ? countScalarLeaves(result) : 0;
        expect(leaves).to.equal(expectedLeaves);
        expect(ours.filter((l) => / = OpVariable /.test(l)).length).to.equal(result.deviceGlobals.length);
      });

      it('llvm-spirv-15 reads the full binary back (-r and -to-text), which ends on a function when it has spec constants', () => {
        const spv = join(tmp, `${base}.back.spv`);
        writeFileSync(spv, full);
        // (no `run`: an abort must fail the test with the translator's message, not throw elsewhere)
        for (const args of [['-r', spv, '-o', join(tmp, `${base}.back.bc`)], ['-to-text', spv, '-o', join(tmp, `${base}.back.spt`)]]) {
          const r = spawnSync(tools.translator, args, { encoding: 'utf8' });
          expect(r.status, `llvm-spirv-15 ${args[0]} ${base}: ${r.stderr}`).to.equal(0);
        }
        const m = decodeSpirvModule(full);
        if (result.specConstants.mode === 'native' && result.specConstants.constants.length) {
          expect(m.instructions[m.instructions.length - 1]!.opcode).to.equal(Op.FunctionEnd);
          expect(m.instructions.filter((i) => i.opcode === Op.Function).length).to.equal(result.specConstants.constants.filter((c) => c.tree).length);
        }
      });

      if (file === 'device-globals.json') {
        it('llvm-spirv-15 reads our full binary back into !spirv.Decorations', () => {
          const spv = join(tmp, `${base}.full.spv`);
          const bc = join(tmp, `${base}.rev.bc`);
          writeFileSync(spv, full);
          run(tools.translator, ['-r', '--spirv-target-env=SPV-IR', spv, '-o', bc]);
          const text = run(tools.llvmDis, [bc, '-o', '-']).toString('utf8');
          for (const g of result.deviceGlobals) {
            const code = HOST_ACCESS_CODE[g.hostAccess ?? 'read_write'];
            const escaped = g.name.replace(/"/g, '\\22');
            expect(text).to.include(`!{i32 6147, i32 ${code}, !"${escaped}"}`);
          }
          expect(text).to.include('!{i32 6148, i32 1}');
          expect(text).to.include('!{i32 6149, i32 1}');
        });
      }
    });
  }

  it('the comparison fails when a default value, a SpecId or a decoration differs', () => {
    const result = lowerFile('device-globals.json');
    const ours = normaliseSpirvDis(disassemble(emitSpirv(result, { intelDecorations: false })));
    const ir = emitLlvmIr(result);
    const changedDefault = ir.replace('i32 0, i32 42)', 'i32 0, i32 43)');
    const changedId = ir.replace('i32 0, i32 42)', 'i32 99, i32 42)');
    const changedAlign = ir.replace(/align 8/, 'align 16');
    for (const [what, text] of [
      ['default', changedDefault],
      ['SpecId', changedId],
      ['alignment', changedAlign],
    ] as const) {
      expect(text, what).to.not.equal(ir);
      const theirs = normaliseSpirvDis(disassemble(filterSpirvModule(translate(text, `mut-${what}`), isIntel)));
      expect(theirs.join('\n'), what).to.not.equal(ours.join('\n'));
    }
    const changedAccess = ir.replace('!{i32 6147, i32 2,', '!{i32 6147, i32 1,');
    expect(intelDecorations(translate(changedAccess, 'mut-access'))).to.not.deep.equal(intelDecorations(emitSpirv(result)));
  });
});

function countScalarLeaves(result: LoweringResult): number {
  let n = 0;
  for (const c of result.specConstants.constants) {
    const visit = (node: NonNullable<typeof c.tree>): void => {
      if (node.kind === 'scalar') n++;
      else if (node.kind === 'composite') node.elements.forEach(visit);
    };
    if (c.tree) visit(c.tree);
  }
  return n;
}

