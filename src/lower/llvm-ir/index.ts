/** SPIR-V-friendly LLVM IR output of the lowering (issue 5 item 3, first form). */
export * from './mangle.js';
export * from './emit.js';
