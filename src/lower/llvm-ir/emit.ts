/**
 * SPIR-V-friendly LLVM IR text of a lowering result: what sycl-post-link hands to llvm-spirv
 * (seed 000 §2.1 "Transformation of LLVM IR to SPIR-V friendly IR form"; SpecConstants.cpp
 * emitSpecConstantRecursiveImpl), in the typed-pointer dialect of LLVM 15 (`llvm-as-15
 * -opaque-pointers=0`).
 *
 * - Each native spec constant becomes a function `@"__spec_const.<n>"` returning the value: one
 *   `call <T> @_Z20__spirv_SpecConstant…(i32 <ID>, <T> <default>)` per scalar leaf and one
 *   `call <Agg> @_Z29__spirv_SpecConstantComposite…(<elements>)` per aggregate, leaves first
 *   (depth-first, the order emitSpecConstantRecursiveImpl creates them); an element sycl-post-link
 *   treats as undef is passed as `undef`. Names come from mangle.ts. Deviation: when one mangled
 *   name is needed with two function types (literal structs with equal members, e.g. `{ i32, i8 }`
 *   and `<{ i32, i8 }>`, both `…ia_R`), upstream `getOrInsertFunction` calls the first declaration
 *   through a `bitcast`, which llvm-spirv-15 rejects ("FunctionPointers: Can't translate function
 *   pointer"); we declare the second type as `<name>.1` (LLVM's own suffix for clashing names) —
 *   the translator recognises builtins by the demangled base name, so the SPIR-V is the same. The
 *   same suffix keeps generated names (`__spec_const.<n>`, the mangled declarations) clear of a
 *   device global of the same name (generated-names.ts).
 * - Each device global is `@<irName> = addrspace(1) global <class type> zeroinitializer, align N,
 *   !spirv.Decorations !k` with `!{i32 6147, i32 <access>, !"<unique id>"}` (HostAccessINTEL),
 *   `!{i32 6148, i32 <mode>}` (InitModeINTEL), `!{i32 6149, i32 <0|1>}` (ImplementInCSRINTEL): the
 *   numbers SPIRV-LLVM-Translator 15 maps (spirv_internal.hpp; its test
 *   SPV_INTEL_global_variable_decorations/global_var_decorations.ll uses this metadata form).
 * - FP literals are written in LLVM's exact hex form (`0x…` double bits for float/double, `0xH…` for
 *   half), since LLParser rejects decimal literals a float cannot represent exactly.
 */
import { ArgumentError, describeValue, optionsArgument } from '../../codec/errors.js';
import { loweringResultArgument } from '../lower.js';
import type { LoweringResult } from '../lower.js';
import type { SpecConstantNode } from '../spec-constants.js';
import { collectNamedStructs, formatTypeName, structBodyToString, typeToString, type IrType } from '../types.js';
import { convertFpBits, type ScalarConst } from '../values.js';
import { deviceGlobalVariable } from '../spirv/device-global-model.js';
import { mangleFuncItanium, SPIRV_SPEC_CONSTANT, SPIRV_SPEC_CONSTANT_COMPOSITE } from './mangle.js';
import { appendAll } from '../../codec/arrays.js';
import { escapeLlvmString, printLlvmName, utf8ByteString } from './escape.js';
import { moduleNames, specConstFunctionName } from '../generated-names.js';

/** The default target triple of emitted modules. */
export const SPIR64_TRIPLE = 'spir64-unknown-unknown';


/** `@name` or `@"quoted name"`. */
export function formatGlobalName(name: string): string {
  return printLlvmName('@', utf8ByteString(name));
}

/** A scalar constant in LLVM IR syntax (without the type). */
export function formatScalar(c: ScalarConst): string {
  if (c.kind === 'int') {
    if (c.type.bits === 1) return c.value !== 0n ? 'true' : 'false';
    return BigInt.asIntN(c.type.bits, c.value).toString();
  }
  if (c.type.float === 'half') return '0xH' + c.bits.toString(16).toUpperCase().padStart(4, '0');
  const dbits = c.type.float === 'double' ? c.bits : convertFpBits(c.bits, 'float', 'double')!.bits;
  return '0x' + dbits.toString(16).toUpperCase().padStart(16, '0');
}

interface Decl {
  readonly name: string;
  readonly ret: IrType;
  readonly params: readonly IrType[];
}

function fnType(ret: IrType, params: readonly IrType[]): string {
  return `${typeToString(ret)} (${params.map(typeToString).join(', ')})`;
}

/** Options of `emitLlvmIr`. */
export interface EmitLlvmIrOptions {
  /** `target triple` (default spir64-unknown-unknown). */
  triple?: string;
}

/** The SPIR-V-friendly LLVM IR module text. */
export function emitLlvmIr(result: LoweringResult, opts: EmitLlvmIrOptions = {}): string {
  opts = optionsArgument(opts, 'emitLlvmIr');
  loweringResultArgument(result, 'emitLlvmIr');
  if (opts.triple !== undefined && typeof opts.triple !== 'string') throw new ArgumentError(`emitLlvmIr: the triple must be a string, not ${describeValue(opts.triple)}`);
  const dl = result.dataLayout;
  const lines: string[] = [];
  lines.push('; SPIR-V friendly LLVM IR (typed pointers: assemble with llvm-as-15 -opaque-pointers=0,');
  lines.push('; translate with llvm-spirv-15 --spirv-ext=+SPV_INTEL_global_variable_decorations)');
  lines.push(`; spec-constant mode: ${result.specConstants.mode}`);
  lines.push(`target datalayout = "${escapeLlvmString(dl.text)}"`);
  lines.push(`target triple = "${escapeLlvmString(opts.triple ?? SPIR64_TRIPLE)}"`);
  lines.push('');

  // (each tree built once: `tree` builds it on each access)
  const native = result.specConstants.mode === 'native' ? result.specConstants.constants.flatMap((c) => {
    const tree = c.tree;
    return tree ? [{ c, tree }] : [];
  }) : [];
  const globals = result.deviceGlobals.map((g) => deviceGlobalVariable(g, dl));
  const named = collectNamedStructs([...native.map(({ c }) => c.type), ...globals.map((g) => g.valueType)]);
  for (const s of named) lines.push(`${formatTypeName(s.name!)} = type ${structBodyToString(s)}`);
  if (named.length) lines.push('');

  const metadata: string[] = [];
  const md = (text: string): number => {
    metadata.push(text);
    return metadata.length - 1;
  };
  for (const g of globals) {
    const nodes = g.decorations.map((d) => md(`!{i32 ${d.decoration}, ${d.operands.map((o) => (typeof o === 'number' ? `i32 ${o}` : `!"${escapeLlvmString(o)}"`)).join(', ')}}`));
    const list = md(`!{${nodes.map((n) => `!${n}`).join(', ')}}`);
    const member = g.usmPointer ? `${typeToString(g.valueType)} addrspace(4)*` : typeToString(g.valueType);
    lines.push(`; device global "${escapeLlvmString(g.uniqueId)}"`);
    lines.push(`${formatGlobalName(g.irName)} = addrspace(1) ${g.constant ? 'constant' : 'global'} { ${member} } zeroinitializer, align ${g.align}, !spirv.Decorations !${list}`);
  }
  if (globals.length) lines.push('');

  const decls = new Map<string, Decl>();
  // Generated names stay clear of the module's own (device globals): generated-names.ts.
  const taken = moduleNames(result);
  const fnNames = native.map((_, n) => specConstFunctionName(n, taken));
  native.forEach(({ c, tree }, n) => {
    const body: string[] = [];
    let next = 0;
    const call = (base: string, ret: IrType, args: readonly { type: IrType; text: string }[]): string => {
      const params = args.map((a) => a.type);
      const mangled = mangleFuncItanium(base, ret, params);
      const type = fnType(ret, params);
      let name = mangled;
      for (let k = 1; decls.has(name) ? fnType(decls.get(name)!.ret, decls.get(name)!.params) !== type : taken.has(name); k++) name = `${mangled}.${k}`;
      if (!decls.has(name)) {
        decls.set(name, { name, ret, params });
        taken.add(name);
      }
      const callee = formatGlobalName(name);
      const v = `%${next++}`;
      body.push(`  ${v} = call ${typeToString(ret)} ${callee}(${args.map((a) => `${typeToString(a.type)} ${a.text}`).join(', ')})`);
      return v;
    };
    const visit = (node: SpecConstantNode): string => {
      if (node.kind === 'scalar') {
        // A bool whose default is the in-memory i8 (SYCL 2020 specialization_id<bool>): sycl-post-link
        // emits `call i8 @…ia(i32 ID, i8 v)` and truncates to i1 (SpecConstants.cpp@08fde7a7 emitCall).
        const dt = node.default.type;
        if (node.type.kind === 'int' && node.type.bits === 1 && dt.kind === 'int' && dt.bits === 8) {
          const v8 = call(SPIRV_SPEC_CONSTANT, dt, [{ type: { kind: 'int', bits: 32 }, text: String(node.id) }, { type: dt, text: formatScalar(node.default) }]);
          const t = `%${next++}`;
          body.push(`  ${t} = trunc i8 ${v8} to i1`);
          return t;
        }
        return call(SPIRV_SPEC_CONSTANT, node.type, [{ type: { kind: 'int', bits: 32 }, text: String(node.id) }, { type: dt, text: formatScalar(node.default) }]);
      }
      if (node.kind === 'undef') return 'undef';
      const args = node.elements.map((e) => ({ type: e.type, text: visit(e) }));
      return call(SPIRV_SPEC_CONSTANT_COMPOSITE, node.type, args);
    };
    lines.push(`; spec constant "${escapeLlvmString(c.name)}"${c.explicitSpecId ? ' (explicit SpecId)' : ''}`);
    lines.push(`define spir_func ${typeToString(c.type)} ${formatGlobalName(fnNames[n]!)}() {`);
    lines.push('entry:');
    const root = visit(tree);
    appendAll(lines, body);
    lines.push(`  ret ${typeToString(c.type)} ${root}`);
    lines.push('}');
    lines.push('');
  });
  for (const d of decls.values()) lines.push(`declare ${typeToString(d.ret)} ${formatGlobalName(d.name)}(${d.params.map(typeToString).join(', ')})`);
  if (decls.size) lines.push('');
  metadata.forEach((m, i) => lines.push(`!${i} = ${m}`));
  return lines.join('\n') + '\n';
}
