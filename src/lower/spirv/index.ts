/**
 * SPIR-V output of the lowering (issue 5 item 3): a direct binary emitter (emit.ts) on a tiny module
 * builder (module.ts, binary.ts), and a normaliser for `spirv-dis` text used to compare our binary
 * with llvm-spirv-15's translation of the SPIR-V-friendly LLVM IR (normalise.ts).
 */
export * from '../../../formats/spirv-enums.js';
export * from './binary.js';
export * from './module.js';
export * from './device-global-model.js';
export * from './emit.js';
export * from './normalise.js';
