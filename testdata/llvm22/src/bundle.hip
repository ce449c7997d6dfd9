// HIP code for scripts/fixtures/llvm22.sh (hip/*.o): compiled without -fgpu-rdc, clang keeps the device
// code in a clang-offload-bundler bundle (section .hip_fatbin), which llvm-objdump-22 --offloading
// writes out as files. The runtime's launch functions are declared here (no HIP headers needed).
typedef struct { unsigned x, y, z; } dim3;
extern "C" int hipLaunchKernel(const void *, dim3, dim3, void **, unsigned long, void *);
extern "C" int __hipPushCallConfiguration(dim3, dim3, unsigned long, void *);
extern "C" int __hipPopCallConfiguration(dim3 *, dim3 *, unsigned long *, void *);
__attribute__((global)) void k(int *p) { *p = 1; }
