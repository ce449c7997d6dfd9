/**
 * syclbin-toolkit public API (portable core: Uint8Array/DataView only, runs in a browser).
 * Node-only helpers (files, positioned reads, zstd compressor) are in `syclbin-toolkit/node`.
 */
export { DecodeError, EncodeError, SyclbinError, type ErrorCode } from './codec/errors.js';
export { formatPath, type PathKey } from './codec/spans.js';
export { memorySource, sliceSource, type ByteSource, type BlobRef } from './codec/source.js';
export * as codec from './codec/index.js';

export { readOffloadBinaries, readOffloadBinary, isOffloadBinary, type OffloadBinaryModel, type OffloadEntryModel } from './offload/read.js';
export { writeOffloadBinary, writeOffloadBinaries, type OffloadEntryInput, type WriteOffloadOptions } from './offload/write.js';
export { buildStringTable } from './offload/strtab.js';
export * from '../formats/kinds.js';
export { DEFAULT_MAX_INFLATED_SIZE, type Compression, type Compressor } from './offload/compress.js';
export { provideZstd, compileZstd, zstdAvailable } from './offload/libzstd.js';

export * from './props/index.js';

export { readSyclbin, type ReadSyclbinOptions } from './syclbin/read.js';
export { writeSyclbin, writeSybi, runtimeEnvelope, memoryBlob, type WriteSyclbinOptions, type EnvelopeChoice } from './syclbin/write.js';
export { dumpSyclbin } from './syclbin/dump.js';
export { SyclbinFormatError, LLVM_MESSAGES } from './syclbin/errors.js';
export * from './syclbin/model.js';

export * as lower from './lower/index.js';

export { annotate, annotationToJson, checkTiling, leavesOf, type Annotation, type AnnotatedSpan } from './hex/annotate.js';
export { verify, formatReport, type VerifyReport } from './hex/verify.js';
export { syclbinToJson } from './syclbin/json.js';
export { diffFiles, formatDiff, type DiffResult } from './hex/diff.js';
export { isElf, findOffloadingSections, readElfOffloadBinaries, readElfSectionTable } from './offload/elf.js';
