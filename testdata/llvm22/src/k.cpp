// One SYCL kernel for clang++-22 -fsycl (upstream SYCL, LLVM 22).
template <typename KernelName, typename KernelType>
[[clang::sycl_kernel_entry_point(KernelName)]]
void kernel_single_task(KernelType kernelFunc) {
  kernelFunc();
}

struct KName;

int main() {
  int x = 0;
  kernel_single_task<KName>([=]() { (void)x; });
  return 0;
}
