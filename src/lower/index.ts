/**
 * Lowering of SYCL specialization constants and device globals (issue 5; spec lowering.md).
 *
 *   parseManifest(json) → LoweringManifest            (manifest.ts; schemas/lower-manifest.schema.json)
 *   lowerManifest(m)    → LoweringResult             (lower.ts: IDs, descriptors, blobs, registry)
 *   specialize(registry, values) → blob + writes      (runtime.ts, the runtime's view)
 *
 * Building blocks: types.ts (LLVM type AST), datalayout.ts (sizes/alignments/offsets),
 * values.ts (constants and byte encodings), spec-constants.ts, device-globals.ts.
 *
 * From LLVM IR (docs/post-link.md):
 *   parseLlvmIr(text) → LModule                      (llvm-ir/parse: typed errors with line:column)
 *   lowerIrModule(text) → the same LoweringResult    (from-ir: the IR read as SpecConstantsPass reads it)
 *   postLink(options, fileSystem) → files written    (post-link: sycl-post-link's processing and files)
 */
export * from './errors.js';
export * from './types.js';
export * from './datalayout.js';
export * from './values.js';
export * from './spec-constants.js';
export * from './device-globals.js';
export * from './manifest.js';
export * from './lower.js';
export * from './runtime.js';
export * from './report.js';
export { parseLlvmIr } from './llvm-ir/parse/parser.js';
export { KIND_NAMES, tokenize, TK, TokenList, TokenPlace, type Token, type TokenKind } from './llvm-ir/parse/lexer.js';
export { IrSyntaxError, MAX_IR_NESTING } from './llvm-ir/parse/errors.js';
export type { LModule, LAttribute, LBlock, LCall, LFunction, LGlobal, LInstruction, LParam, LStruct, LTopItem, LType, LTyped, LValue } from './llvm-ir/parse/model.js';
export type { SplitMode } from './post-link/options.js';
export { editorFor, FunctionEditor, newMetadataNode, newModuleEdits, printModule, type ModuleEdits, type NewInstruction } from './llvm-ir/print.js';
export { emitSpirv, type EmitSpirvOptions } from './spirv/emit.js';
export type { SpirvBuilderOptions } from './spirv/module.js';
export { emitLlvmIr, type EmitLlvmIrOptions } from './llvm-ir/emit.js';
export { loweredSyclbinModel, writeLoweredSyclbin, type LoweredSyclbinOptions } from './syclbin-output.js';
export { lowerIrModule, manifestFromIr, type IrLoweringResult, type LowerIrOptions } from './from-ir/lower-ir.js';
export { parsePostLinkArgs, postLinkOptions, PostLinkUsageError, type PostLinkOptions } from './post-link/options.js';
export { postLink, PostLinkError, type PostLinkFileSystem, type PostLinkResult, type PostLinkTools } from './post-link/driver.js';
