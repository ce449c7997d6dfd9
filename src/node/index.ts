/** Node-only helpers: the input opener, windowed file sources, atomic outputs, libzstd and the compressors. */
export { openInput, errnoText, FileError, DEFAULT_MAX_STREAM_BYTES, type InputFile, type OpenInputOptions } from './input.js';
export { openFileSource, windowedFileSource, type FileSource, type OpenFileSource } from './file-source.js';
export { atomicFile, writeFileAtomic, ensureDir, copyChunks, type OutputSink } from './output.js';
export type { Chunk } from '../codec/source.js';
export { nodeCompressor, ZSTD_LEVEL } from './compressors.js';
export { initZstd, zstdWasmPath } from './zstd.js';
export { nodeSha256 } from './sha256.js';
