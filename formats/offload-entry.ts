/**
 * What the offloading wrappers put in a host object besides the image: the offload entry table
 * (`llvm::offloading::EntryTy`, section `llvm_offload_entries`) and the SYCL registration
 * descriptors of `offloading::wrapSYCLBinaries` (`__sycl.tgt_device_image`, `__sycl.tgt_bin_desc`).
 * The single description of these structures; src/containers/sycl-wrapper.ts reads them.
 *
 * Layout in memory of the host target, hence in its ELF byte order; pointers are target-sized (8 on
 * 64-bit, 4 on 32-bit targets). In a relocatable object a pointer field holds 0 (RELA) or the addend
 * (REL) and is given by a relocation; in an executable it is an address (or a RELATIVE relocation's
 * addend): src/containers/elf-pointers.ts follows both.
 *
 * Upstream: llvm/include/llvm/Frontend/Offloading/Utility.h@080f30cb (`struct EntryTy`: Reserved,
 * Version, Kind, Flags, Address, SymbolName, Size, Data, AuxAddr; the same in LLVM 22's installed
 * header), its IR type `{ i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }` in
 * testdata/llvm22/sycl/k.wrapper.ll; llvm/lib/Frontend/Offloading/OffloadWrapper.cpp@047a29f1
 * (`getSyclDeviceImageTy`: `{ i16 Version, i8 OffloadKind, i8 Format, ptr Target, ptr
 * CompileOptions, ptr LinkOptions, ptr ImageStart, ptr ImageEnd, ptr EntriesBegin, ptr EntriesEnd,
 * ptr PropertiesBegin, ptr PropertiesEnd }`; `getSyclBinDescTy`: `{ i16 Version, i16
 * NumDeviceImages, ptr DeviceImages, ptr HostEntriesBegin, ptr HostEntriesEnd }`), the same types in
 * k.wrapper.ll. Sizes checked against testdata/llvm22/sycl/k2.wrapper.o.readelf.txt (entries 56
 * bytes apart, device image 80 bytes, descriptor 32 bytes) and containers/i386.o (44-byte entries)
 * / ppc32be.o (48-byte entries).
 */
import { reserved, struct, u16, u32, u64, u8, type Decoded } from '../src/codec/index.js';

/** `EntryTy` on a 64-bit target: 56 bytes. */
export const OffloadEntry64 = struct(
  {
    /** Always 0 (detects the older `__tgt_offload_entry`). */
    reserved: u64,
    /** 1 */
    version: u16,
    /** The consumer: an OffloadKind bit (1 OpenMP, 2 CUDA, 4 HIP, 8 SYCL). */
    kind: u16,
    flags: u32,
    /** The registered global (null for SYCL kernels). */
    address: u64,
    /** The entry's name (a NUL-terminated string, `.llvm.rodata.offloading` in the wrappers). */
    symbolName: u64,
    size: u64,
    data: u64,
    auxAddr: u64,
  },
  'EntryTy (64-bit)',
);

/**
 * `EntryTy` on a 32-bit target: 44 bytes of fields. Where i64 is 8-aligned (ARM, PowerPC, RISC-V,
 * ...) the table stride is 48 (4 bytes of tail padding); on i386, where i64 is 4-aligned, it is 44.
 */
export const OffloadEntry32 = struct(
  {
    reserved: u64,
    version: u16,
    kind: u16,
    flags: u32,
    address: u32,
    symbolName: u32,
    size: u64,
    data: u64,
    auxAddr: u32,
  },
  'EntryTy (32-bit)',
);

/** The offload entry structures by pointer size, and where the name pointer lies in each. */
export const OFFLOAD_ENTRIES = { 64: OffloadEntry64, 32: OffloadEntry32 } as const;

/** Table stride of `EntryTy`: 56 on 64-bit targets, 48 on 32-bit ones, 44 on i386 (4-aligned i64). */
export function offloadEntryStride(elfClass: 32 | 64, i64Align4: boolean): number {
  if (elfClass === 64) return OffloadEntry64.fixedSize!;
  return i64Align4 ? OffloadEntry32.fixedSize! : OffloadEntry32.fixedSize! + 4;
}

/** The section the wrappers put the entries in. */
export const OFFLOAD_ENTRIES_SECTION = 'llvm_offload_entries';

/**
 * The entries' section in a file of `format`: COFF objects append `$OE` (the linker merges
 * `$`-suffixed sections, sorted by suffix, between the `$OA` and `$OZ` markers),
 * llvm/lib/Frontend/Offloading/Utility.cpp@02260850 `emitOffloadingEntry`; in a PE image lld-link
 * names the output section after the input's name up to the `$` (or a second `.`), cut to the 8
 * characters a PE section name holds: `llvm_off` (testdata/llvm22/sycl/k.coff.exe.readobj.txt).
 */
export function offloadEntriesSectionName(format: 'elf' | 'coff' | 'pe'): string {
  return format === 'coff' ? `${OFFLOAD_ENTRIES_SECTION}$OE` : format === 'pe' ? OFFLOAD_ENTRIES_SECTION.slice(0, 8) : OFFLOAD_ENTRIES_SECTION;
}

/** `__sycl.tgt_bin_desc` Version as wrapSYCLBinaries writes it (k.wrapper.ll). */
export const SYCL_BIN_DESC_VERSION = 1;
/** `__sycl.tgt_device_image` versions a descriptor scan accepts (LLVM 22 writes 3). */
export const SYCL_DEVICE_IMAGE_VERSIONS: readonly number[] = [1, 2, 3];

/** `__sycl.tgt_device_image` on a 64-bit target: 80 bytes. */
export const SyclDeviceImage64 = struct(
  {
    /** 3 in LLVM 22. */
    version: u16,
    /** 8 (OFK_SYCL). */
    offloadKind: u8,
    /** The image kind of the packaged image (0 for clang-sycl-linker-22's SPIR-V). */
    format: u8,
    pad: reserved(4),
    /** NUL-terminated target triple. */
    target: u64,
    compileOptions: u64,
    linkOptions: u64,
    imageStart: u64,
    imageEnd: u64,
    entriesBegin: u64,
    entriesEnd: u64,
    propertiesBegin: u64,
    propertiesEnd: u64,
  },
  '__sycl.tgt_device_image (64-bit)',
);

/** `__sycl.tgt_bin_desc` on a 64-bit target: 32 bytes. */
export const SyclBinDesc64 = struct(
  {
    /** 1 */
    version: u16,
    numDeviceImages: u16,
    pad: reserved(4),
    deviceImages: u64,
    hostEntriesBegin: u64,
    hostEntriesEnd: u64,
  },
  '__sycl.tgt_bin_desc (64-bit)',
);

/** The symbol `wrapSYCLBinaries` gives the descriptor (k.wrapper.ll, k2.wrapper.o.readelf.txt). */
export const SYCL_DESCRIPTOR_SYMBOL = '.sycl_offloading.descriptor';

/** A decoded 64-bit offload entry. */
export type OffloadEntry64Value = Decoded<typeof OffloadEntry64>;
/** A decoded 32-bit offload entry. */
export type OffloadEntry32Value = Decoded<typeof OffloadEntry32>;
