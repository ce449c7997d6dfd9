/** Node-only helpers: file sources with positioned reads, atomic writes, the zstd compressor. */
export { openFileSource, errnoText, type FileSource } from './file-source.js';
export { readInput, writeFileAtomic, checkNotOverwritingInput } from './files.js';
export { nodeCompressor, initZstd } from './compressors.js';
