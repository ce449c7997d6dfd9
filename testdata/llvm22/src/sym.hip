// HIP device code for scripts/fixtures/llvm22.sh (containers/hip-rdc.o): global, static, weak and extern
// device functions and variables, so the bitcode image has archive symbols of every kind of linkage.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
__device__ int counter = 3;
__device__ static int hidden = 4;
__device__ double table[4] = {1, 2, 3, 4};
extern __device__ int defined_elsewhere;
__device__ int bump(int x) { return x + counter + hidden + defined_elsewhere; }
__device__ static int twice(int x) { return 2 * x; }
__device__ __attribute__((weak)) int weak_fn(int x) { return twice(x); }
__global__ void kern(int *p) { *p = bump(weak_fn(1)) + (int)table[2]; }
