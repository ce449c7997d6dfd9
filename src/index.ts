/**
 * syclbin-toolkit public API (portable core: Uint8Array/DataView only, runs in a browser).
 * Node-only helpers (files, positioned reads, zstd compressor) are in `syclbin-toolkit/node`.
 */
export { ArgumentError, DecodeError, EncodeError, SyclbinError, UnknownOptionError, type ErrorCode } from './codec/errors.js';
export { formatPath, type PathKey } from './codec/spans.js';
export { memorySource, sliceSource, type ByteSource, type BlobRef, type BytesLike, type Chunk } from './codec/source.js';
export type { JsonObject } from './codec/json.js';
export type { ReadOptions } from './codec/codec.js';
export * as codec from './codec/index.js';

export { readOffloadBinaries, readOffloadBinary, inflateOffloadBinary, escapedStrings, isOffloadBinary, regionIsOneBinary, type OffloadBinaryModel, type OffloadEntryModel, type ReadOffloadOptions, type RegionOptions } from './offload/read.js';
export { writeOffloadBinary, writeOffloadBinaries, offloadBinaryChunks, offloadEntryInput, type OffloadEntryInput, type WriteOffloadOptions } from './offload/write.js';
export { buildStringTable } from './offload/strtab.js';
export * from '../formats/kinds.js';
export { DEFAULT_MAX_INFLATED_SIZE, defaultCompressor, ZSTD_LEVEL, ZstdUnavailableError, type Compression, type Compressor } from './offload/compress.js';
export { provideZstd, compileZstd, zstdAvailable } from './offload/libzstd.js';

export * from './props/index.js';

export { readSyclbin, type ReadSyclbinOptions } from './syclbin/read.js';
export { writeSyclbin, writeSybi, syclbinChunks, runtimeEnvelope, memoryBlob, type WriteSyclbinOptions, type EnvelopeChoice } from './syclbin/write.js';
export type { V1Layout } from './syclbin/v1-order.js';
export { manifestToModel, modelToManifest, type ManifestNote, type PackPlan, type LoadImage, type ManifestOptions, type ManifestPath } from './syclbin/manifest.js';
export { dumpSyclbin, dumpSyclbinSource } from './syclbin/dump.js';
export { SyclbinFormatError, LLVM_MESSAGES } from './syclbin/errors.js';
export * from './syclbin/model.js';

export * as lower from './lower/index.js';
export {
  lowerManifest,
  lowerManifestJson,
  parseManifest,
  parseManifestText,
  lowerIrModule,
  postLink,
  postLinkOptions,
  parsePostLinkArgs,
  PostLinkUsageError,
  LowerError,
  IrSyntaxError,
  PostLinkError,
  type LoweringManifest,
  type LoweringResult,
  type PostLinkOptions,
  // (the types of these functions' parameters and results, importable by name as the functions are)
  type LowerOptions,
  type LowerIrOptions,
  type IrLoweringResult,
  type PostLinkFileSystem,
  type PostLinkTools,
  type PostLinkResult,
} from './lower/index.js';
export { inspectIrText, looksLikeIrText, type InspectIrOptions } from './lower/inspect-ir.js';
export { inspectInput, explainInput, notSyclbin, notSyclbinInput, describeImage, type InspectInputOptions, type InputKind, type ExplainedInput } from './inspect/input.js';
export { inspectSyclbin, renderInspect, type InspectNode } from './syclbin/inspect.js';
export * from '../formats/eras.js';
export { formatOffloadingText, offloadingTextStream, type ListingOptions } from './offload/objdump-text.js';
export { inputOffloadingText, strictOffloadingText, type StrictListing } from './offload/input-text.js';
export { offloadListJson, inputListJson } from './offload/list-json.js';
export { walkOffloadEntries, OffloadEntryCursor, summarizeOffloadBinary, type BinarySummary, type EntrySummary, type WalkItem, type WalkOptions } from './offload/walk.js';
export { syclKernelNames, decodeSyclSymbolTable, type SyclKernelNames } from './offload/sycl-symbols.js';
export { planLlvmExtraction, binaryCandidates, bareCandidates, type ExtractCandidate, type ExtractPlan } from './offload/extract.js';
export { describePackagerImages, parseImageArgument, type PackagerOptions } from './offload/packager-args.js';

export { annotate, annotateInflated, FINDING_CODES, MAX_EMBEDDED_SPANS, annotationToJson, checkTiling, leavesOf, type Annotation, type AnnotatedSpan, type InflatedAnnotation } from './hex/annotate.js';
export { verify, verifyAnnotation, formatReport, reportLines, type VerifyReport } from './hex/verify.js';
export { hexdump, hexdumpLines, parseRange, HexRangeError, type HexdumpOptions } from './hex/hexdump.js';
export { ImageHashes, syclbinToJson } from './syclbin/json.js';
export { diffFiles, formatDiff, type DiffResult } from './hex/diff.js';
export { isElf, findOffloadingSections, readElfOffloadBinaries, readElfSectionTable } from './offload/elf.js';
export { RepeatBudget, REPEAT_FACTOR, REPEAT_SLACK } from './offload/repeats.js';
export {
  readOffloadInput,
  identifyImage,
  offloadContainerOf,
  type OffloadInput,
  type ReadOffloadInputOptions,
  type FoundBinary,
  type BareImage,
  type BareImageKind,
  type ImageSite,
  type ImageInfo,
  type ObjectListing,
  type OffloadContainer,
  type PeerFailure,
  type MissingDeviceImage,
  OBJDUMP_ERRORS,
  OFFLOAD_CONTAINERS,
} from './offload/input.js';
export { llvmCreateCheck, llvmExtractRegion, LLVM_CREATE_ERRORS, type LlvmBinaryView, type LlvmCreateError, type LlvmRegionResult } from './offload/llvm-rules.js';
export { readArchive, writeArchive, archiveChunks, isArchive, type ArchiveFile, type ArchiveMember, type ArchiveMemberInput, type ArchiveStop, type BigArchiveSymbolTable } from './containers/archive.js';
export { readCoffOffloadBinaries, readCoffSectionTable, identifyCoff, type CoffFile, type CoffSection } from './containers/coff.js';
export { elfArchiveSymbols } from './containers/elf-symbols.js';
export { bitcodeArchiveSymbols, bitcodeKernels, type BitcodeArchiveSymbols } from './containers/bitcode-symbols.js';
export { archiveMemberSymbols, type MemberSymbols } from './containers/archive-symbols.js';
export { scanForOffloadBinaries, type ScanResult } from './containers/scan.js';
export { readOffloadBundles, OffloadBundleError, BUNDLE_LLVM_ERRORS, type OffloadBundleEntryModel, type BundleSection, type ReadBundlesOptions } from './containers/offload-bundle.js';

// Types that the signatures above use (options, results, model parts), so TypeScript users can name them.
export type { ReadOneOptions, StringEntryModel } from './offload/read.js';
export type { StringTable } from './offload/strtab.js';
export type { SyclbinVisitor } from './syclbin/read.js';
export type { V1Geometry, BlobUse } from './syclbin/read-v1.js';
export type { InspectOptions, RenderOptions } from './syclbin/inspect.js';
export type { ListJsonOptions, OffloadListJson, OffloadListElfJson, OffloadListSectionJson, OffloadListBareJson, OffloadListBinaryJson, OffloadListBundleJson, OffloadListEntryJson, StringJson } from './offload/list-json.js';
export type { PackagerImage, ParsedImageArgument } from './offload/packager-args.js';
export type { AnnotateOptions, EmbeddedSyclbin, FileFormat, Finding, FindingCode, JsonSpan, MetadataBlob, V1Image } from './hex/annotate.js';
export type { SyclbinJsonOptions, Hasher } from './syclbin/json.js';
export type { DiffEntry, ByteDiffEntry } from './hex/diff.js';
export type { ElfFile, ElfOffloadResult, ElfOffloadSectionRead, ElfSection, ForeignPart, OffloadingSection, ReadElfOffloadOptions, ReadElfOptions, ReadSectionsOptions, SectionsRead } from './offload/elf.js';
export type { ArchiveKind, ArchiveSpecial, ReadArchiveOptions } from './containers/archive.js';
export type { CoffOffloadResult, ReadCoffOffloadOptions, ReadCoffOptions } from './containers/coff.js';
export type { ScanOptions } from './containers/scan.js';
export type { BitcodeInfo, ElfInfo, OffloadBinaryInfo, SpirvInfo, SyclbinInfo, UnknownInfo } from './containers/identify.js';
