/**
 * The SPIR-V enumerants the spec-constant / device-global emitter uses.
 *
 * Core values: KhronosGroup/SPIRV-Headers include/spirv/unified1/spirv.core.grammar.json (opcodes,
 * `Decoration`, `Capability`, `StorageClass`, `AddressingModel`, `MemoryModel`, `LinkageType`);
 * the same numbers are in SPIRV-LLVM-Translator lib/SPIRV/libSPIRV/spirv.hpp.
 *
 * INTEL global-variable decorations: SPIRV-LLVM-Translator 15 (the Debian `llvm-spirv-15`) implements
 * `SPV_INTEL_global_variable_decorations` with *internal* numbers, lib/SPIRV/libSPIRV/spirv_internal.hpp
 * (`IDecHostAccessINTEL = 6147`, `IDecInitModeINTEL = 6148`, `IDecImplementInCSRINTEL = 6149`,
 * `ICapGlobalVariableDecorationsINTEL = 6146`), and its test
 * test/extensions/INTEL/SPV_INTEL_global_variable_decorations/global_var_decorations.ll writes them in
 * `!spirv.Decorations` as `!{i32 6147, i32 1, !"IntVarName"}`, `!{i32 6148, i32 0}`,
 * `!{i32 6149, i1 true}`. The later, registered extensions SPV_INTEL_global_variable_host_access
 * (HostAccessINTEL = 6188, capability 6187, with a *different* access numbering: 0 None, 1 Read,
 * 2 Write, 3 ReadWrite) and SPV_INTEL_global_variable_fpga_decorations (InitModeINTEL 6190,
 * ImplementInRegisterMapINTEL 6191) replaced them in newer translators; translator 15 rejects those.
 * SPIRV-Tools 2023.1 (Debian `spirv-tools`) knows neither set, so `spirv-val`/`spirv-dis` refuse a
 * module that declares capability 6146.
 */

/** `Op*` opcodes (spirv.core.grammar.json "instructions"). */
export const Op = {
  Undef: 1,
  Source: 3,
  Name: 5,
  MemberName: 6,
  String: 7,
  Extension: 10,
  ExtInstImport: 11,
  MemoryModel: 14,
  EntryPoint: 15,
  ExecutionMode: 16,
  Capability: 17,
  TypeVoid: 19,
  TypeBool: 20,
  TypeInt: 21,
  TypeFloat: 22,
  TypeVector: 23,
  TypeArray: 28,
  TypeStruct: 30,
  TypePointer: 32,
  TypeFunction: 33,
  ConstantTrue: 41,
  ConstantFalse: 42,
  Constant: 43,
  ConstantComposite: 44,
  ConstantNull: 46,
  SpecConstantTrue: 48,
  SpecConstantFalse: 49,
  SpecConstant: 50,
  SpecConstantComposite: 51,
  Function: 54,
  FunctionEnd: 56,
  Variable: 59,
  Label: 248,
  ReturnValue: 254,
  Decorate: 71,
  MemberDecorate: 72,
} as const;

/** `ExecutionModel` operand kind (the first operand of OpEntryPoint). */
export const ExecutionModel = {
  Vertex: 0,
  TessellationControl: 1,
  TessellationEvaluation: 2,
  Geometry: 3,
  Fragment: 4,
  GLCompute: 5,
  Kernel: 6,
} as const;

/** The name of an ExecutionModel number (`Kernel`), or `ExecutionModel(N)` for one not listed here. */
export function executionModelName(n: number): string {
  for (const [name, v] of Object.entries(ExecutionModel)) if (v === n) return name;
  return `ExecutionModel(${n})`;
}

/**
 * Instructions that may come before the OpEntryPoints and the entry points themselves, in the
 * logical layout (SPIR-V spec §2.4: capabilities, extensions, extended-instruction imports, the
 * memory model, entry points): a reader of the entry points stops at the first other opcode.
 */
export const ENTRY_POINT_PREAMBLE: ReadonlySet<number> = new Set([Op.Capability, Op.Extension, Op.ExtInstImport, Op.MemoryModel, Op.EntryPoint]);

/** `Decoration` operand kind. */
export const Decoration = {
  SpecId: 1,
  CPacked: 10,
  /** A read-only variable (SPIR-V 1.0 §3.20 Decoration 22: what llvm-spirv writes for a `constant` GlobalVariable). */
  Constant: 22,
  LinkageAttributes: 41,
  Alignment: 44,
  /** SPIRV-LLVM-Translator 15 spirv_internal.hpp IDecHostAccessINTEL (operands: access literal, name string). */
  HostAccessINTEL: 6147,
  /** IDecInitModeINTEL (operand: 0 = init on device reprogram, 1 = init on device reset). */
  InitModeINTEL: 6148,
  /** IDecImplementInCSRINTEL (operand: 0/1). */
  ImplementInCSRINTEL: 6149,
} as const;

/** `Capability` operand kind. */
export const Capability = {
  Addresses: 4,
  Linkage: 5,
  Kernel: 6,
  Vector16: 7,
  Float16Buffer: 8,
  Float16: 9,
  Float64: 10,
  Int64: 11,
  Int16: 22,
  GenericPointer: 38,
  Int8: 39,
  /** SPIRV-LLVM-Translator 15 spirv_internal.hpp ICapGlobalVariableDecorationsINTEL. */
  GlobalVariableDecorationsINTEL: 6146,
} as const;

/** The extension string translator 15 requires for the decorations above (`--spirv-ext=+…`). */
export const EXT_GLOBAL_VARIABLE_DECORATIONS = 'SPV_INTEL_global_variable_decorations';

/** SPIR-V StorageClass values used here. */
export const StorageClass = { CrossWorkgroup: 5, Generic: 8 } as const;
/** SPIR-V AddressingModel values used here. */
export const AddressingModel = { Physical64: 2 } as const;
/** SPIR-V MemoryModel values used here. */
export const MemoryModel = { OpenCL: 2 } as const;
/** SPIR-V LinkageType values (LinkageAttributes decoration). */
export const LinkageType = { Export: 0, Import: 1 } as const;

/** `SPIR-V` magic number (first word, little-endian: bytes 03 02 23 07), from formats/spirv.ts. */
export { SPIRV_MAGIC } from './spirv.js';
