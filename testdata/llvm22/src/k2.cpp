// Two SYCL kernels in one translation unit (two names in clang-sycl-linker's `symbols`).
template <typename KernelName, typename KernelType>
[[clang::sycl_kernel_entry_point(KernelName)]]
void kernel_single_task(KernelType kernelFunc) {
  kernelFunc();
}

struct First;
namespace ns { struct Second; }

int main() {
  int x = 1;
  kernel_single_task<First>([=]() { (void)x; });
  kernel_single_task<ns::Second>([=]() { (void)x; });
  return 0;
}
