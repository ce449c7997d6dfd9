/**
 * Direct SPIR-V emission of a lowering result: the module llvm-spirv-15 would produce from the
 * SPIR-V-friendly LLVM IR of src/lower/llvm-ir (same spec-constant and decoration instructions), built
 * without LLVM.
 *
 * Spec constants (native mode only; seed 000 "SPIRV-LLVM-Translator" section): one
 * `OpSpecConstant` / `OpSpecConstantTrue` / `OpSpecConstantFalse` per scalar leaf, decorated
 * `SpecId <leaf ID>`; one `OpSpecConstantComposite` per aggregate (constituents = the leaves and
 * nested composites, `OpUndef` for elements sycl-post-link passes as `undef`, fact 17 / §1.D 29).
 * Literals follow SPIR-V §2.2.1: one word for types up to 32 bits (value in the low-order bits,
 * high bits zero for Signedness 0 integers and floats — so a half default is its 16 bits in the low
 * half), two words low-order first for 64-bit types. In emulation mode sycl-post-link turns spec
 * constants into loads from a kernel argument, so the module has no spec constants. Each native
 * constant also gets the function llvm-spirv-15 writes for the `--ir-out` module: `__spec_const.<n>`
 * (`LinkageAttributes … Export`) returning it, after every type and constant.
 *
 * Device globals: module-scope `OpVariable` in CrossWorkgroup of the device_global class type (see
 * device-global-model.ts), initialised with `OpConstantNull`, decorated `LinkageAttributes "<irName>"
 * Export` and `Alignment` (what llvm-spirv-15 writes for an external `addrspace(1) global … align N`)
 * and the INTEL decorations (HostAccessINTEL / InitModeINTEL / ImplementInCSRINTEL) with capability
 * GlobalVariableDecorationsINTEL and `OpExtension "SPV_INTEL_global_variable_decorations"`.
 * `intelDecorations: false` leaves those out (for `spirv-val`, whose grammar lacks them).
 *
 * Module frame: capabilities Addresses, Linkage, Kernel (a linkable OpenCL-flavoured module without
 * entry points) plus Int8/Int16/Int64/Float16/Float64/Vector16/GenericPointer as the types need;
 * `OpMemoryModel Physical64 OpenCL`; version 1.1 by default (≤ 1.4: SPIRV-LLVM-Translator 15 reads
 * nothing newer). Types follow llvm-spirv-15's choices: array lengths are 64-bit `OpConstant`s,
 * packed structs are decorated `CPacked`, named and literal structs map to `OpTypeStruct`.
 */
import { optionsArgument } from '../../codec/errors.js';
import { loweringResultArgument } from '../lower.js';
import { LowerError } from '../errors.js';
import type { LoweringResult } from '../lower.js';
import type { SpecConstantNode } from '../spec-constants.js';
import { typeToString, type AggregateType, type IrType } from '../types.js';
import type { ScalarConst } from '../values.js';
import { deviceGlobalVariable } from './device-global-model.js';
import { AddressingModel, Capability, Decoration, EXT_GLOBAL_VARIABLE_DECORATIONS, LinkageType, MemoryModel, Op, StorageClass } from '../../../formats/spirv-enums.js';
import { SpirvModuleBuilder, type SpirvBuilderOptions } from './module.js';
import { moduleNames, specConstFunctionName } from '../generated-names.js';

/** Options of the SPIR-V emitter (header fields and what to add). */
export interface EmitSpirvOptions extends SpirvBuilderOptions {
  /** Emit the SPV_INTEL_global_variable_decorations decorations (default true). */
  intelDecorations?: boolean;
  /** Add `OpName "<symbolic ID>"` to each top-level spec constant (default true). */
  names?: boolean;
}

/**
 * The longest literal string (UTF-8 bytes, its NUL terminator not counted) this emitter's
 * instructions can hold: an instruction is at most 65535 words (SPIR-V §2.3), and the longest one
 * with a string, `OpDecorate <id> LinkageAttributes "<name>" Export` (or `HostAccessINTEL <access>
 * "<name>"`), has 4 words besides the string's.
 */
export const MAX_LITERAL_STRING_BYTES = (0xffff - 4) * 4 - 1;

const literalEncoder = new TextEncoder();

/**
 * `text` as a SPIR-V literal string, or a {@link LowerError} at `path` (the manifest entry or IR
 * definition it came from) when no instruction can hold it: a NUL (it would end the string) or more
 * than {@link MAX_LITERAL_STRING_BYTES} bytes. Checked here, where the name and its entry are both
 * known: the encoder's own checks can only name an instruction number of the output.
 */
function literal(text: string, path: readonly (string | number)[]): string {
  if (text.includes('\0')) throw new LowerError(`${clip(text)} cannot be a SPIR-V literal string: it contains NUL`, path);
  // (UTF-8 is at most 3 bytes per UTF-16 code unit: only a long text needs encoding to be measured)
  const bytes = text.length * 3 <= MAX_LITERAL_STRING_BYTES ? 0 : literalEncoder.encode(text).length;
  if (bytes > MAX_LITERAL_STRING_BYTES) throw new LowerError(`a name of ${bytes} bytes cannot be a SPIR-V literal string: one instruction holds at most ${MAX_LITERAL_STRING_BYTES}`, path);
  return text;
}

/** `text` as a message quotes it: JSON-escaped, at most 80 characters of it. */
function clip(text: string): string {
  return JSON.stringify(text.length > 80 ? text.slice(0, 80) + '…' : text);
}

/** Vector sizes SPIR-V allows (§2.16.1: 2, 3, 4; 8 and 16 with the Vector16 capability). */
const VECTOR_SIZES = [2, 3, 4, 8, 16];

/** Maps the lowering's IR types to SPIR-V types, declaring capabilities as types need them. */
export class SpirvTypeMapper {
  constructor(private readonly b: SpirvModuleBuilder) {}

  /**
   * The <id> of each type object already mapped: a struct's members were mapped again at every use
   * before its interned <id> was found, so a DAG of named structs (`%Z1 = { %Z0, %Z0 }` … `%Z60`) took
   * 2^60 steps.
   */
  private readonly mapped = new Map<IrType, number>();

  /** The SPIR-V type <id> of `t` (declared once; capabilities added as needed: Int8/16/64, Float16/64, Vector16). LowerError for vectors and arrays SPIR-V cannot express. */
  type(t: IrType): number {
    let id = this.mapped.get(t);
    if (id === undefined) this.mapped.set(t, (id = this.map(t)));
    return id;
  }

  /** {@link SpirvTypeMapper.type}, not yet mapped. */
  private map(t: IrType): number {
    const b = this.b;
    switch (t.kind) {
      case 'int':
        if (t.bits === 1) return b.typeBool();
        if (t.bits === 8) b.capability(Capability.Int8);
        if (t.bits === 16) b.capability(Capability.Int16);
        if (t.bits === 64) b.capability(Capability.Int64);
        return b.typeInt(t.bits);
      case 'float':
        if (t.float === 'half') b.capability(Capability.Float16);
        if (t.float === 'double') b.capability(Capability.Float64);
        return b.typeFloat(t.float === 'half' ? 16 : t.float === 'float' ? 32 : 64);
      case 'vector': {
        checkVectorWidth(t);
        if (t.length > 4) b.capability(Capability.Vector16);
        return b.typeVector(this.type(t.element), t.length);
      }
      case 'array': {
        if (t.length < 1) throw new LowerError(`SPIR-V arrays need at least one element (${typeToString(t)})`);
        const el = this.type(t.element);
        return b.typeArray(el, this.u64Constant(BigInt(t.length)));
      }
      case 'struct': {
        const members = t.elements.map((e) => this.type(e));
        const key = t.name !== undefined ? `%${t.name}` : `${t.packed ? '<' : ''}{${members.join(',')}}`;
        return b.intern(`s:${key}`, () => {
          const id = b.define(Op.TypeStruct, undefined, members);
          // (no path here: the constant's or global's type path is added by the caller)
          if (t.name !== undefined) b.name(id, literal(t.name, []));
          if (t.packed) b.decorate(id, Decoration.CPacked);
          return id;
        });
      }
    }
  }

  /** An `OpConstant` of a 64-bit unsigned int (array lengths, as llvm-spirv-15 writes them). */
  u64Constant(v: bigint): number {
    this.b.capability(Capability.Int64);
    return this.b.constant(this.b.typeInt(64), [Number(v & 0xffffffffn), Number(v >> 32n)]);
  }

  /** `T addrspace(4)*` → OpTypePointer Generic T. */
  genericPointer(t: IrType): number {
    this.b.capability(Capability.GenericPointer);
    return this.b.typePointer(StorageClass.Generic, this.type(t));
  }
}

/** The literal words of a scalar default (SPIR-V §2.2.1); not used for i1. */
export function literalWords(c: ScalarConst): number[] {
  const bits = c.kind === 'int' ? c.value : c.bits;
  const width = c.kind === 'int' ? c.type.bits : c.type.float === 'half' ? 16 : c.type.float === 'float' ? 32 : 64;
  if (width <= 32) return [Number(bits & 0xffffffffn)];
  return [Number(bits & 0xffffffffn), Number((bits >> 32n) & 0xffffffffn)];
}

/** A vector SPIR-V can declare (2, 3, 4, 8 or 16 components), else the LowerError that says so. */
function checkVectorWidth(t: IrType & { kind: 'vector' }): void {
  if (!VECTOR_SIZES.includes(t.length)) throw new LowerError(`SPIR-V vectors have 2, 3, 4, 8 or 16 components, not ${t.length} (${typeToString(t)})`);
}

/** Constituents an OpSpecConstantComposite holds at most: 65535 words less its three fixed ones. */
export const MAX_COMPOSITE_CONSTITUENTS = 0xffff - 3;

/**
 * A composite SPIR-V can declare as one OpSpecConstantComposite, else the LowerError that says why:
 * one instruction is at most 65535 words (SPIR-V §2.3: opcode word, result type, result <id>, then
 * the constituents), and a vector has 2, 3, 4, 8 or 16 components. Called as the spec-constant tree
 * is built (before any element of the composite is), so the error names the constant (the caller adds
 * its IR line) rather than an output instruction, and comes before the work.
 */
export function checkSpirvComposite(type: AggregateType): void {
  if (type.kind === 'vector') checkVectorWidth(type);
  const count = type.kind === 'struct' ? type.elements.length : type.length;
  if (count > MAX_COMPOSITE_CONSTITUENTS) {
    throw new LowerError(
      `a SPIR-V composite of ${typeToString(type)} has ${count} constituents; one instruction holds at most ${MAX_COMPOSITE_CONSTITUENTS} (llvm-spirv splits longer ones only with SPV_INTEL_long_composites, which this tool does not emit)`,
      [],
      'LIMIT',
    );
  }
}

/** The IR type of the value {@link emitTree} defines for `n`: a bool with an i8 default is its 8-bit spec constant. */
function specConstantValueType(n: SpecConstantNode): IrType {
  if (n.kind !== 'scalar') return n.type;
  const dt = n.default.type;
  return n.type.kind === 'int' && n.type.bits === 1 && dt.kind === 'int' && dt.bits === 8 ? dt : n.type;
}

/** Emits one native spec-constant tree; returns the <id> of its root. */
function emitTree(b: SpirvModuleBuilder, types: SpirvTypeMapper, n: SpecConstantNode): number {
  switch (n.kind) {
    case 'scalar': {
      // A bool with an i8 default (SYCL 2020 specialization_id<bool>) is an 8-bit spec constant, as
      // llvm-spirv makes of sycl-post-link's `call i8 @_Z20__spirv_SpecConstantia` (+ trunc to i1).
      const dt = n.default.type;
      const ty = types.type(n.type.kind === 'int' && n.type.bits === 1 && dt.kind === 'int' && dt.bits === 8 ? dt : n.type);
      let id: number;
      if (n.type.kind === 'int' && n.type.bits === 1 && dt.kind === 'int' && dt.bits === 8) {
        id = b.define(Op.SpecConstant, ty, literalWords(n.default));
      } else if (n.type.kind === 'int' && n.type.bits === 1) {
        const on = n.default.kind === 'int' && n.default.value !== 0n;
        id = b.define(on ? Op.SpecConstantTrue : Op.SpecConstantFalse, ty);
      } else {
        id = b.define(Op.SpecConstant, ty, literalWords(n.default));
      }
      b.decorate(id, Decoration.SpecId, n.id);
      return id;
    }
    case 'undef':
      return b.undef(types.type(n.type));
    case 'composite': {
      checkSpirvComposite(n.type);
      const elements = n.elements.map((e) => emitTree(b, types, e));
      return b.define(Op.SpecConstantComposite, types.type(n.type), elements);
    }
  }
}

/** Ids of what {@link buildSpirvModule} defined, for callers that extend the module. */
export interface SpirvEmission {
  /** The builder, for adding more before encoding. */
  readonly builder: SpirvModuleBuilder;
  /** Symbolic ID → <id> of the spec constant's root (native mode). */
  readonly specConstants: ReadonlyMap<string, number>;
  /** Unique ID → <id> of the OpVariable. */
  readonly deviceGlobals: ReadonlyMap<string, number>;
}

/** Builds (without encoding) the module for a lowering result. */
export function buildSpirvModule(result: LoweringResult, opts: EmitSpirvOptions = {}): SpirvEmission {
  const b = new SpirvModuleBuilder(opts);
  const intel = opts.intelDecorations ?? true;
  b.capability(Capability.Addresses);
  b.capability(Capability.Linkage);
  b.capability(Capability.Kernel);
  b.memoryModel(AddressingModel.Physical64, MemoryModel.OpenCL);
  const types = new SpirvTypeMapper(b);

  const specConstants = new Map<string, number>();
  if (result.specConstants.mode === 'native') {
    let n = 0;
    const taken = moduleNames(result);
    for (const c of result.specConstants.constants) {
      try {
        // (built once, here: `tree` builds it on each access)
        const tree = c.buildTree ? c.buildTree(checkSpirvComposite) : c.tree;
        if (!tree) continue;
        const id = emitTree(b, types, tree);
        specConstants.set(c.name, id);
        if (opts.names ?? true) b.name(id, literal(c.name, [...c.path, 'name']));
        // The function `__spec_const.<n>` returning the constant, as llvm-spirv-15 writes it from the
        // --ir-out module (src/lower/llvm-ir/emit.ts). Besides matching that output, it keeps the module
        // from ending on an OpSpecConstantComposite: SPIRV-LLVM-Translator's composite decoder looks
        // ahead for OpSpecConstantCompositeContinuedINTEL (SPIRVDecoder::getContinuedInstructions,
        // intel/llvm:llvm-spirv/lib/SPIRV/libSPIRV/SPIRVStream.cpp@2632015470c6c9e0f28202590b2aec2db8f12ec2),
        // reads past the end, and the failed stream survives its seekg, so getEntry's
        // "SPIRV stream fails" assertion aborts llvm-spirv-15 -r / -to-text. Exported, as llvm-spirv-15
        // exports the IR's external function (an internal one it drops, spec constants and all), and
        // so that spirv-opt keeps it; why the possible name clash is accepted: docs/post-link.md
        // "`--spirv-out`: the `__spec_const` functions".
        const fn = b.functionReturning(types.type(specConstantValueType(tree)), id);
        const fnName = specConstFunctionName(n++, taken);
        b.name(fn, fnName);
        b.decorate(fn, Decoration.LinkageAttributes, fnName, LinkageType.Export);
      } catch (e) {
        if (e instanceof LowerError && !e.pathSegments.length) throw e.within(...c.path, 'type');
        throw e;
      }
    }
  }

  const deviceGlobals = new Map<string, number>();
  for (const g of result.deviceGlobals) {
    const v = deviceGlobalVariable(g, result.dataLayout);
    let classType: number;
    try {
      const member = v.usmPointer ? types.genericPointer(v.valueType) : types.type(v.valueType);
      classType = b.intern(`s:{${member}}`, () => b.define(Op.TypeStruct, undefined, [member]));
    } catch (e) {
      if (e instanceof LowerError && !e.pathSegments.length) throw e.within(...g.path, 'type');
      throw e;
    }
    literal(v.irName, [...g.path, 'irName']);
    // (HostAccessINTEL names the global by its unique ID)
    if (intel) literal(g.name, [...g.path, 'name']);
    const ptr = b.typePointer(StorageClass.CrossWorkgroup, classType);
    const init = b.constantNull(classType);
    const id = b.define(Op.Variable, ptr, [StorageClass.CrossWorkgroup, init]);
    b.name(id, v.irName);
    b.decorate(id, Decoration.LinkageAttributes, v.irName, LinkageType.Export);
    b.decorate(id, Decoration.Alignment, v.align);
    // (SPIRVWriter.cpp transValueWithoutDecoration: addVariable(…, GV->isConstant(), …), which
    // decorates the variable Constant)
    if (v.constant) b.decorate(id, Decoration.Constant);
    if (intel) {
      for (const d of v.decorations) b.decorate(id, d.decoration, ...d.operands);
    }
    deviceGlobals.set(g.name, id);
  }
  if (intel && result.deviceGlobals.length > 0) {
    b.capability(Capability.GlobalVariableDecorationsINTEL);
    b.extension(EXT_GLOBAL_VARIABLE_DECORATIONS);
  }
  return { builder: b, specConstants, deviceGlobals };
}

/** The SPIR-V binary (little-endian) of a lowering result. */
export function emitSpirv(result: LoweringResult, opts: EmitSpirvOptions = {}): Uint8Array {
  opts = optionsArgument(opts, 'emitSpirv');
  loweringResultArgument(result, 'emitSpirv');
  return buildSpirvModule(result, opts).builder.encode();
}
