/**
 * The targets of intel/llvm's device configuration file, as sycl-post-link's `-o <target>,<file>`
 * filtering reads them (`DeviceConfigFile::TargetTable`): per target, the aspects it supports (by
 * name), the sub-group sizes it supports, and whether it may support aspects not listed.
 *
 * Transcribed from intel/llvm:llvm/include/llvm/SYCLLowerIR/DeviceConfigFile.td@89110f9ef3217ff04ff722d21c0d470273ef14b8
 * (every `TargetInfo` record, lists expanded as TableGen expands `!listconcat` and `#`); the two
 * `__Test…` records are entries of the generated map too: the table the copied lit tests were
 * written against (`post-link --era tests`). Later revisions add targets (LNL, BMG, PTL, NVL, CRI) and
 * aspects: `--era main` filters with ./device-targets-main.ts. A target not in the table is treated
 * as sycl-post-link treats one not in its own: no filtering.
 *
 * Portable: no Node APIs.
 */
import { DEVICE_TARGETS_MAIN } from './device-targets-main.js';

/** One target of the device configuration file. */
export interface DeviceTarget {
  /** Aspect names the target supports (`aspects`). */
  readonly aspects: readonly string[];
  /** Sub-group sizes the target supports (`subGroupSizes`). */
  readonly subGroupSizes: readonly number[];
  /** `maySupportOtherAspects` (not read by the filter, see src/lower/post-link/output-tables.ts). */
  readonly maySupportOtherAspects: boolean;
}

const A0: readonly string[] = ["cpu", "gpu", "accelerator", "custom", "fp16", "fp64", "image", "online_compiler", "online_linker", "queue_profiling", "usm_device_allocations", "usm_host_allocations", "usm_shared_allocations", "usm_system_allocations", "ext_intel_pci_address", "ext_intel_gpu_eu_count", "ext_intel_gpu_eu_simd_width", "ext_intel_gpu_slices", "ext_intel_gpu_subslices_per_slice", "ext_intel_gpu_eu_count_per_subslice", "ext_intel_max_mem_bandwidth", "ext_intel_mem_channel", "usm_atomic_host_allocations", "usm_atomic_shared_allocations", "atomic64", "ext_intel_device_info_uuid", "ext_oneapi_srgb", "ext_oneapi_native_assert", "host_debuggable", "ext_intel_gpu_hw_threads_per_eu", "ext_oneapi_cuda_async_barrier", "ext_intel_free_memory", "ext_intel_device_id", "ext_intel_memory_clock_rate", "ext_intel_memory_bus_width", "emulated", "ext_intel_legacy_image", "ext_oneapi_bindless_images", "ext_oneapi_bindless_images_shared_usm", "ext_oneapi_bindless_images_1d_usm", "ext_oneapi_bindless_images_2d_usm", "ext_oneapi_interop_memory_import", "ext_oneapi_interop_memory_export", "ext_oneapi_interop_semaphore_import", "ext_oneapi_interop_semaphore_export", "ext_oneapi_mipmap", "ext_oneapi_mipmap_anisotropy", "ext_oneapi_mipmap_level_reference", "ext_oneapi_cubemap", "ext_oneapi_cubemap_seamless_filtering", "ext_oneapi_bindless_sampled_image_fetch_1d_usm", "ext_oneapi_bindless_sampled_image_fetch_1d", "ext_oneapi_bindless_sampled_image_fetch_2d_usm", "ext_oneapi_bindless_sampled_image_fetch_2d", "ext_oneapi_bindless_sampled_image_fetch_3d_usm", "ext_oneapi_bindless_sampled_image_fetch_3d", "ext_intel_esimd", "ext_oneapi_ballot_group", "ext_oneapi_fixed_size_group", "ext_oneapi_opportunistic_group", "ext_oneapi_tangle_group", "ext_intel_matrix", "ext_oneapi_is_composite", "ext_oneapi_is_component", "ext_oneapi_graph", "ext_oneapi_limited_graph", "ext_oneapi_private_alloca", "ext_oneapi_queue_profiling_tag", "ext_oneapi_virtual_mem", "ext_oneapi_cuda_cluster_group"];
const A1: readonly string[] = ["int64_base_atomics", "int64_extended_atomics", "usm_system_allocator", "usm_restricted_shared_allocations", "host"];
const A2: readonly string[] = [];
const A3: readonly string[] = ["ext_intel_esimd", "fp16", "fp64", "atomic64"];
const A4: readonly string[] = ["ext_intel_esimd", "fp16", "atomic64"];
const A5: readonly string[] = ["usm_device_allocations", "usm_host_allocations", "usm_shared_allocations", "usm_system_allocations", "usm_atomic_host_allocations", "usm_atomic_shared_allocations", "gpu", "fp64", "online_compiler", "online_linker", "queue_profiling", "ext_intel_pci_address", "ext_intel_max_mem_bandwidth", "ext_intel_memory_bus_width", "ext_intel_device_info_uuid", "ext_oneapi_native_assert", "ext_intel_free_memory", "ext_intel_device_id", "ext_intel_memory_clock_rate", "ext_oneapi_ballot_group", "ext_oneapi_fixed_size_group", "ext_oneapi_opportunistic_group", "ext_oneapi_graph", "ext_oneapi_limited_graph", "ext_oneapi_bindless_images", "ext_oneapi_bindless_images_shared_usm", "ext_oneapi_bindless_images_1d_usm", "ext_oneapi_bindless_images_2d_usm", "ext_oneapi_interop_memory_import", "ext_oneapi_interop_semaphore_import", "ext_oneapi_mipmap", "ext_oneapi_mipmap_anisotropy", "ext_oneapi_mipmap_level_reference", "ext_oneapi_cubemap", "ext_oneapi_cubemap_seamless_filtering"];
const A6: readonly string[] = ["usm_device_allocations", "usm_host_allocations", "usm_shared_allocations", "usm_system_allocations", "usm_atomic_host_allocations", "usm_atomic_shared_allocations", "gpu", "fp64", "online_compiler", "online_linker", "queue_profiling", "ext_intel_pci_address", "ext_intel_max_mem_bandwidth", "ext_intel_memory_bus_width", "ext_intel_device_info_uuid", "ext_oneapi_native_assert", "ext_intel_free_memory", "ext_intel_device_id", "ext_intel_memory_clock_rate", "ext_oneapi_ballot_group", "ext_oneapi_fixed_size_group", "ext_oneapi_opportunistic_group", "ext_oneapi_graph", "ext_oneapi_limited_graph", "ext_oneapi_bindless_images", "ext_oneapi_bindless_images_shared_usm", "ext_oneapi_bindless_images_1d_usm", "ext_oneapi_bindless_images_2d_usm", "ext_oneapi_interop_memory_import", "ext_oneapi_interop_semaphore_import", "ext_oneapi_mipmap", "ext_oneapi_mipmap_anisotropy", "ext_oneapi_mipmap_level_reference", "ext_oneapi_cubemap", "ext_oneapi_cubemap_seamless_filtering", "fp16"];
const A7: readonly string[] = ["usm_device_allocations", "usm_host_allocations", "usm_shared_allocations", "usm_system_allocations", "usm_atomic_host_allocations", "usm_atomic_shared_allocations", "gpu", "fp64", "online_compiler", "online_linker", "queue_profiling", "ext_intel_pci_address", "ext_intel_max_mem_bandwidth", "ext_intel_memory_bus_width", "ext_intel_device_info_uuid", "ext_oneapi_native_assert", "ext_intel_free_memory", "ext_intel_device_id", "ext_intel_memory_clock_rate", "ext_oneapi_ballot_group", "ext_oneapi_fixed_size_group", "ext_oneapi_opportunistic_group", "ext_oneapi_graph", "ext_oneapi_limited_graph", "ext_oneapi_bindless_images", "ext_oneapi_bindless_images_shared_usm", "ext_oneapi_bindless_images_1d_usm", "ext_oneapi_bindless_images_2d_usm", "ext_oneapi_interop_memory_import", "ext_oneapi_interop_semaphore_import", "ext_oneapi_mipmap", "ext_oneapi_mipmap_anisotropy", "ext_oneapi_mipmap_level_reference", "ext_oneapi_cubemap", "ext_oneapi_cubemap_seamless_filtering", "fp16", "atomic64"];
const A8: readonly string[] = ["usm_device_allocations", "usm_host_allocations", "usm_shared_allocations", "usm_system_allocations", "usm_atomic_host_allocations", "usm_atomic_shared_allocations", "gpu", "fp64", "online_compiler", "online_linker", "queue_profiling", "ext_intel_pci_address", "ext_intel_max_mem_bandwidth", "ext_intel_memory_bus_width", "ext_intel_device_info_uuid", "ext_oneapi_native_assert", "ext_intel_free_memory", "ext_intel_device_id", "ext_intel_memory_clock_rate", "ext_oneapi_ballot_group", "ext_oneapi_fixed_size_group", "ext_oneapi_opportunistic_group", "ext_oneapi_graph", "ext_oneapi_limited_graph", "ext_oneapi_bindless_images", "ext_oneapi_bindless_images_shared_usm", "ext_oneapi_bindless_images_1d_usm", "ext_oneapi_bindless_images_2d_usm", "ext_oneapi_interop_memory_import", "ext_oneapi_interop_semaphore_import", "ext_oneapi_mipmap", "ext_oneapi_mipmap_anisotropy", "ext_oneapi_mipmap_level_reference", "ext_oneapi_cubemap", "ext_oneapi_cubemap_seamless_filtering", "fp16", "atomic64", "ext_oneapi_cuda_async_barrier"];
const A9: readonly string[] = ["usm_device_allocations", "usm_host_allocations", "usm_shared_allocations", "usm_system_allocations", "usm_atomic_host_allocations", "usm_atomic_shared_allocations", "gpu", "fp64", "online_compiler", "online_linker", "queue_profiling", "ext_intel_pci_address", "ext_intel_max_mem_bandwidth", "ext_intel_memory_bus_width", "ext_intel_device_info_uuid", "ext_oneapi_native_assert", "ext_intel_free_memory", "ext_intel_device_id", "ext_intel_memory_clock_rate", "ext_oneapi_ballot_group", "ext_oneapi_fixed_size_group", "ext_oneapi_opportunistic_group", "ext_oneapi_graph", "ext_oneapi_limited_graph", "ext_oneapi_bindless_images", "ext_oneapi_bindless_images_shared_usm", "ext_oneapi_bindless_images_1d_usm", "ext_oneapi_bindless_images_2d_usm", "ext_oneapi_interop_memory_import", "ext_oneapi_interop_semaphore_import", "ext_oneapi_mipmap", "ext_oneapi_mipmap_anisotropy", "ext_oneapi_mipmap_level_reference", "ext_oneapi_cubemap", "ext_oneapi_cubemap_seamless_filtering", "fp16", "atomic64", "ext_oneapi_cuda_async_barrier", "ext_oneapi_cuda_cluster_group"];
const A10: readonly string[] = ["gpu", "fp64", "online_compiler", "online_linker", "queue_profiling", "ext_intel_pci_address", "ext_intel_max_mem_bandwidth", "ext_intel_device_id", "ext_intel_memory_clock_rate", "ext_intel_memory_bus_width", "ext_intel_free_memory", "usm_device_allocations", "usm_host_allocations", "usm_shared_allocations", "usm_system_allocations", "usm_atomic_host_allocations", "usm_atomic_shared_allocations", "ext_intel_device_info_uuid", "ext_oneapi_graph", "ext_oneapi_limited_graph"];
const A11: readonly string[] = ["gpu", "fp64", "online_compiler", "online_linker", "queue_profiling", "ext_intel_pci_address", "ext_intel_max_mem_bandwidth", "ext_intel_device_id", "ext_intel_memory_clock_rate", "ext_intel_memory_bus_width", "ext_intel_free_memory", "usm_device_allocations", "usm_host_allocations", "usm_shared_allocations", "usm_system_allocations", "usm_atomic_host_allocations", "usm_atomic_shared_allocations", "ext_intel_device_info_uuid", "ext_oneapi_graph", "ext_oneapi_limited_graph", "ext_oneapi_native_assert"];
const A12: readonly string[] = ["gpu", "fp64", "online_compiler", "online_linker", "queue_profiling", "ext_intel_pci_address", "ext_intel_max_mem_bandwidth", "ext_intel_device_id", "ext_intel_memory_clock_rate", "ext_intel_memory_bus_width", "ext_intel_free_memory", "usm_device_allocations", "usm_host_allocations", "usm_shared_allocations", "usm_system_allocations", "usm_atomic_host_allocations", "usm_atomic_shared_allocations"];
const A13: readonly string[] = ["gpu", "fp64", "online_compiler", "online_linker", "queue_profiling", "ext_intel_pci_address", "ext_intel_max_mem_bandwidth", "ext_intel_device_id", "ext_intel_memory_clock_rate", "ext_intel_memory_bus_width", "ext_intel_free_memory"];
const A14: readonly string[] = ["gpu", "fp64", "online_compiler", "online_linker", "queue_profiling", "ext_intel_pci_address", "ext_intel_max_mem_bandwidth", "ext_intel_device_id", "ext_intel_memory_clock_rate", "ext_intel_memory_bus_width", "usm_device_allocations", "usm_host_allocations", "usm_shared_allocations", "usm_system_allocations", "usm_atomic_host_allocations", "usm_atomic_shared_allocations"];

/** The targets by name (DeviceConfigFile.td@89110f9e). */
export const DEVICE_TARGETS: ReadonlyMap<string, DeviceTarget> = new Map<string, DeviceTarget>([
  ["__TestAspectList", { aspects: A0, subGroupSizes: [], maySupportOtherAspects: false }],
  ["__TestDeprecatedAspectList", { aspects: A1, subGroupSizes: [], maySupportOtherAspects: false }],
  ["spir64", { aspects: A2, subGroupSizes: [], maySupportOtherAspects: true }],
  ["spir64_gen", { aspects: A2, subGroupSizes: [], maySupportOtherAspects: true }],
  ["spir64_x86_64", { aspects: A2, subGroupSizes: [], maySupportOtherAspects: true }],
  ["spir64_fpga", { aspects: A2, subGroupSizes: [], maySupportOtherAspects: true }],
  ["x86_64", { aspects: A2, subGroupSizes: [], maySupportOtherAspects: true }],
  ["intel_gpu_arl_h", { aspects: A3, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_mtl_h", { aspects: A3, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_mtl_u", { aspects: A3, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_pvc_vg", { aspects: A3, subGroupSizes: [16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_pvc", { aspects: A3, subGroupSizes: [16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_acm_g12", { aspects: A4, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_acm_g11", { aspects: A4, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_acm_g10", { aspects: A4, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_dg1", { aspects: A4, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_adl_n", { aspects: A4, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_adl_p", { aspects: A4, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_adl_s", { aspects: A4, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_rkl", { aspects: A4, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_tgllp", { aspects: A4, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_ehl", { aspects: A4, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_icllp", { aspects: A4, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_cml", { aspects: A3, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_aml", { aspects: A3, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_whl", { aspects: A3, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_glk", { aspects: A3, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_apl", { aspects: A3, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_cfl", { aspects: A3, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_kbl", { aspects: A3, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_skl", { aspects: A3, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["intel_gpu_bdw", { aspects: A3, subGroupSizes: [8, 16, 32], maySupportOtherAspects: false }],
  ["nvidia_gpu_sm_50", { aspects: A5, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_52", { aspects: A5, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_53", { aspects: A6, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_60", { aspects: A7, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_61", { aspects: A7, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_62", { aspects: A7, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_70", { aspects: A7, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_72", { aspects: A7, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_75", { aspects: A7, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_80", { aspects: A8, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_86", { aspects: A8, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_87", { aspects: A8, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_89", { aspects: A8, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_90", { aspects: A9, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["nvidia_gpu_sm_90a", { aspects: A9, subGroupSizes: [32], maySupportOtherAspects: true }],
  ["amd_gpu_gfx908", { aspects: A10, subGroupSizes: [64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx90a", { aspects: A11, subGroupSizes: [64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx940", { aspects: A10, subGroupSizes: [64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1030", { aspects: A10, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1100", { aspects: A10, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx906", { aspects: A12, subGroupSizes: [64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx700", { aspects: A13, subGroupSizes: [16], maySupportOtherAspects: false }],
  ["amd_gpu_gfx701", { aspects: A13, subGroupSizes: [16], maySupportOtherAspects: false }],
  ["amd_gpu_gfx702", { aspects: A13, subGroupSizes: [16], maySupportOtherAspects: false }],
  ["amd_gpu_gfx801", { aspects: A13, subGroupSizes: [16], maySupportOtherAspects: false }],
  ["amd_gpu_gfx802", { aspects: A13, subGroupSizes: [16], maySupportOtherAspects: false }],
  ["amd_gpu_gfx803", { aspects: A13, subGroupSizes: [16], maySupportOtherAspects: false }],
  ["amd_gpu_gfx805", { aspects: A13, subGroupSizes: [16], maySupportOtherAspects: false }],
  ["amd_gpu_gfx810", { aspects: A13, subGroupSizes: [16], maySupportOtherAspects: false }],
  ["amd_gpu_gfx900", { aspects: A13, subGroupSizes: [64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx902", { aspects: A13, subGroupSizes: [64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx904", { aspects: A13, subGroupSizes: [64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx909", { aspects: A13, subGroupSizes: [64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx90c", { aspects: A12, subGroupSizes: [64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1010", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1011", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1012", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1013", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1031", { aspects: A14, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1032", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1033", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1034", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1035", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1036", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1101", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1102", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1103", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1150", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1151", { aspects: A12, subGroupSizes: [32, 64], maySupportOtherAspects: false }],
  ["amd_gpu_gfx941", { aspects: A2, subGroupSizes: [], maySupportOtherAspects: false }],
  ["amd_gpu_gfx942", { aspects: A2, subGroupSizes: [], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1200", { aspects: A2, subGroupSizes: [], maySupportOtherAspects: false }],
  ["amd_gpu_gfx1201", { aspects: A2, subGroupSizes: [], maySupportOtherAspects: false }],
]);

/**
 * The target `name` of the device configuration file of an era: the revision the copied lit tests
 * were written against (`tests`, DeviceConfigFile.td@89110f9e) or the newest one read (`main`,
 * ./device-targets-main.ts). Undefined for a target that revision does not define.
 */
export function deviceTarget(name: string, era: 'tests' | 'main'): DeviceTarget | undefined {
  return (era === 'main' ? DEVICE_TARGETS_MAIN : DEVICE_TARGETS).get(name);
}
