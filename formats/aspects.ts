/**
 * SYCL aspect enum values (one of the enumerations of formats/), as stored in `[SYCL/device requirements] aspects` (u32 array).
 *
 * Source: intel/llvm sycl/include/sycl/info/aspects.def (@7c06067c, values 1..60),
 * aspects_deprecated.def (@df84a293: host 0, int64_base_atomics 7, int64_extended_atomics 8,
 * usm_restricted_shared_allocations 16) and the later list in the generated
 * device_aspect_macros.hpp (61..81). Upstream renumbered once: an older aspects.def (@03f055e1) has
 * ext_intel_fpga_task_sequence = 61, the later list has ext_oneapi_graph = 61 and
 * ext_intel_fpga_task_sequence = 62; this table follows the later list. Values missing here (71)
 * were never assigned in the copies read. Negative/internal aspects are dropped by sycl-post-link
 * (lowering.md fact 11), so they never appear in a property value.
 */

export interface AspectInfo {
  /** The aspect's name (`fp16`, `usm_device_allocations`, ...). */
  readonly name: string;
  /** Deprecation or removal message, for aspects that have one. */
  readonly deprecated?: string;
}

const ASPECTS: readonly (readonly [number, string, string?])[] = [
  [0, 'host', "removed in SYCL 2020, 'host' device has been removed"],
  [1, 'cpu'],
  [2, 'gpu'],
  [3, 'accelerator'],
  [4, 'custom'],
  [5, 'fp16'],
  [6, 'fp64'],
  [7, 'int64_base_atomics', 'use atomic64 instead'],
  [8, 'int64_extended_atomics', 'use atomic64 instead'],
  [9, 'image'],
  [10, 'online_compiler'],
  [11, 'online_linker'],
  [12, 'queue_profiling'],
  [13, 'usm_device_allocations'],
  [14, 'usm_host_allocations'],
  [15, 'usm_shared_allocations'],
  [16, 'usm_restricted_shared_allocations', 'deprecated in SYCL 2020'],
  [17, 'usm_system_allocations'],
  [18, 'ext_intel_pci_address'],
  [19, 'ext_intel_gpu_eu_count'],
  [20, 'ext_intel_gpu_eu_simd_width'],
  [21, 'ext_intel_gpu_slices'],
  [22, 'ext_intel_gpu_subslices_per_slice'],
  [23, 'ext_intel_gpu_eu_count_per_subslice'],
  [24, 'ext_intel_max_mem_bandwidth'],
  [25, 'ext_intel_mem_channel'],
  [26, 'usm_atomic_host_allocations'],
  [27, 'usm_atomic_shared_allocations'],
  [28, 'atomic64'],
  [29, 'ext_intel_device_info_uuid'],
  [30, 'ext_oneapi_srgb'],
  [31, 'ext_oneapi_native_assert'],
  [32, 'host_debuggable'],
  [33, 'ext_intel_gpu_hw_threads_per_eu'],
  [34, 'ext_oneapi_cuda_async_barrier'],
  [35, 'ext_oneapi_bfloat16_math_functions'],
  [36, 'ext_intel_free_memory'],
  [37, 'ext_intel_device_id'],
  [38, 'ext_intel_memory_clock_rate'],
  [39, 'ext_intel_memory_bus_width'],
  [40, 'emulated'],
  [41, 'ext_intel_legacy_image'],
  [42, 'ext_oneapi_bindless_images'],
  [43, 'ext_oneapi_bindless_images_shared_usm'],
  [44, 'ext_oneapi_bindless_images_1d_usm'],
  [45, 'ext_oneapi_bindless_images_2d_usm'],
  [46, 'ext_oneapi_interop_memory_import'],
  [47, 'ext_oneapi_interop_memory_export'],
  [48, 'ext_oneapi_interop_semaphore_import'],
  [49, 'ext_oneapi_interop_semaphore_export'],
  [50, 'ext_oneapi_mipmap'],
  [51, 'ext_oneapi_mipmap_anisotropy'],
  [52, 'ext_oneapi_mipmap_level_reference'],
  [53, 'ext_intel_esimd'],
  [54, 'ext_oneapi_ballot_group'],
  [55, 'ext_oneapi_fixed_size_group'],
  [56, 'ext_oneapi_opportunistic_group'],
  [57, 'ext_oneapi_tangle_group'],
  [58, 'ext_intel_matrix'],
  [59, 'ext_oneapi_is_composite'],
  [60, 'ext_oneapi_is_component'],
  [61, 'ext_oneapi_graph'],
  [62, 'ext_intel_fpga_task_sequence'],
  [63, 'ext_oneapi_limited_graph'],
  [64, 'ext_oneapi_private_alloca'],
  [65, 'ext_oneapi_cubemap'],
  [66, 'ext_oneapi_cubemap_seamless_filtering'],
  [67, 'ext_oneapi_bindless_sampled_image_fetch_1d_usm'],
  [68, 'ext_oneapi_bindless_sampled_image_fetch_1d'],
  [69, 'ext_oneapi_bindless_sampled_image_fetch_2d_usm'],
  [70, 'ext_oneapi_bindless_sampled_image_fetch_2d'],
  [72, 'ext_oneapi_bindless_sampled_image_fetch_3d'],
  [73, 'ext_oneapi_queue_profiling_tag'],
  [74, 'ext_oneapi_virtual_mem'],
  [75, 'ext_oneapi_cuda_cluster_group'],
  [76, 'ext_oneapi_image_array'],
  [77, 'ext_oneapi_unique_addressing_per_dim'],
  [78, 'ext_oneapi_bindless_images_sample_1d_usm'],
  [79, 'ext_oneapi_bindless_images_sample_2d_usm'],
  [80, 'ext_oneapi_atomic16'],
  [81, 'ext_oneapi_virtual_functions'],
];

const BY_VALUE = new Map<number, AspectInfo>(ASPECTS.map(([v, name, deprecated]) => [v, deprecated ? { name, deprecated } : { name }]));
const BY_NAME = new Map<string, number>(ASPECTS.map(([v, name]) => [name, v]));

/** Name and deprecation note of an aspect value, or undefined when the value is not in the table. */
export function aspectInfo(value: number): AspectInfo | undefined {
  return BY_VALUE.get(value);
}

/** Aspect value for a name (as in `sycl::aspect::<name>`), or undefined. */
export function aspectValue(name: string): number | undefined {
  return BY_NAME.get(name);
}
