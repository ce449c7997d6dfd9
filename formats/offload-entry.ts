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
 * bytes apart, device image 80 bytes, descriptor 32 bytes), the i686 wrappers k2.i386.wrapper.o
 * (entries 48 bytes apart, the last 44 long) and k2.i386.coff.wrapper.obj (48-byte entries), and
 * containers/i386.o (one 44-byte entry) / ppc32be.o (48 bytes).
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
 * `EntryTy` on a 32-bit target: 44 bytes of fields. As an array element (the descriptor's private
 * copy `.sycl_offloading.entries_arr`) it takes 48 bytes where i64 is 8-aligned (ARM, PowerPC, RISC-V,
 * i386 on Windows, ...: 4 bytes of tail padding) and 44 on i386 ELF targets, where i64 is 4-aligned.
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

/**
 * Alignment of each entry global in `llvm_offload_entries`: `emitOffloadingEntry` sets
 * `Align(object::OffloadBinary::getAlignment())`, 8 (llvm/lib/Frontend/Offloading/Utility.cpp@02260850).
 */
export const OFFLOAD_ENTRY_GLOBAL_ALIGN = 8;

/**
 * Size of `EntryTy` as an array element (its alloc size; the stride of the descriptor's entry range):
 * 56 on 64-bit targets, 48 on 32-bit ones, 44 on i386 ELF (4-aligned i64).
 */
export function offloadEntryArrayStride(pointerBits: 32 | 64, i64Align4: boolean): number {
  if (pointerBits === 64) return OffloadEntry64.fixedSize!;
  return i64Align4 ? OffloadEntry32.fixedSize! : OffloadEntry32.fixedSize! + 4;
}

/**
 * Where the entries of an `llvm_offload_entries` section lie. Each entry is its own global, aligned to
 * {@link OFFLOAD_ENTRY_GLOBAL_ALIGN}: they are `stride` apart (the array stride rounded up to 8) and
 * the last one of the section may end without that padding (i386 ELF: entries 48 bytes apart, the last
 * 44 bytes long; two SYCL kernels for i686-pc-linux-gnu make a 92-byte section,
 * testdata/llvm22/sycl/k2.i386.wrapper.o.readelf.txt). `count` entries fit in `size` bytes; `leftover`
 * bytes after them hold no whole entry.
 */
export function offloadEntrySectionLayout(pointerBits: 32 | 64, i64Align4: boolean, size: number): { stride: number; count: number; leftover: number } {
  const fields = OFFLOAD_ENTRIES[pointerBits].fixedSize!;
  const elem = offloadEntryArrayStride(pointerBits, i64Align4);
  const stride = Math.ceil(elem / OFFLOAD_ENTRY_GLOBAL_ALIGN) * OFFLOAD_ENTRY_GLOBAL_ALIGN;
  let count = Math.floor(size / stride);
  let rest = size - count * stride;
  if (rest >= fields) {
    count++;
    rest = 0;
  }
  return { stride, count, leftover: rest };
}

/** The section the wrappers put the entries in. */
export const OFFLOAD_ENTRIES_SECTION = 'llvm_offload_entries';

/**
 * The section the wrappers put the entries' name strings in (`emitOffloadingEntry`,
 * llvm/llvm-project:llvm/lib/Frontend/Offloading/Utility.cpp; testdata/llvm22/sycl/k.wrapper.ll).
 */
export const OFFLOADING_STRINGS_SECTION = '.llvm.rodata.offloading';

/**
 * The PE section lld-link makes of `.llvm.offloading` and `.llvm.rodata.offloading` (the input's name
 * up to a second `.`, as for `llvm_off` below): the device images and the kernel names together
 * (testdata/llvm22/sycl/k.coff.exe.readobj.txt).
 */
export const PE_OFFLOADING_SECTION = '.llvm';

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

/** `__sycl.tgt_device_image` on a 32-bit target: 40 bytes (pointers 4-aligned, no padding after Format). */
export const SyclDeviceImage32 = struct(
  {
    version: u16,
    offloadKind: u8,
    format: u8,
    target: u32,
    compileOptions: u32,
    linkOptions: u32,
    imageStart: u32,
    imageEnd: u32,
    entriesBegin: u32,
    entriesEnd: u32,
    propertiesBegin: u32,
    propertiesEnd: u32,
  },
  '__sycl.tgt_device_image (32-bit)',
);

/** `__sycl.tgt_bin_desc` on a 32-bit target: 16 bytes. */
export const SyclBinDesc32 = struct(
  {
    version: u16,
    numDeviceImages: u16,
    deviceImages: u32,
    hostEntriesBegin: u32,
    hostEntriesEnd: u32,
  },
  '__sycl.tgt_bin_desc (32-bit)',
);

/**
 * The SYCL descriptor structures by pointer size (checked on the i686 wrappers
 * testdata/llvm22/sycl/k.i386.wrapper.o and k.i386.coff.wrapper.obj: the triple and image range they
 * point at are the ones `llvm-dis` shows in the wrapper's IR).
 */
export const SYCL_DESCRIPTORS = {
  64: { binDesc: SyclBinDesc64, deviceImage: SyclDeviceImage64 },
  32: { binDesc: SyclBinDesc32, deviceImage: SyclDeviceImage32 },
} as const;

/** The symbol `wrapSYCLBinaries` gives the descriptor (k.wrapper.ll, k2.wrapper.o.readelf.txt). */
export const SYCL_DESCRIPTOR_SYMBOL = '.sycl_offloading.descriptor';

/** A decoded 64-bit offload entry. */
export type OffloadEntry64Value = Decoded<typeof OffloadEntry64>;
/** A decoded 32-bit offload entry. */
export type OffloadEntry32Value = Decoded<typeof OffloadEntry32>;
