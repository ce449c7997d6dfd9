; Hand-written (syclbin-toolkit test input): one SYCL 2020 spec constant and one device global whose
; names hold "é" as LLVM writes it: escaped (\C3\A9) in c"..." and attribute strings, raw UTF-8 in a
; quoted global name. Read by test/lower/ir-reader.test.ts and test/lower/cli.test.ts.
target triple = "spir64-unknown-unknown"
@name = private unnamed_addr constant [6 x i8] c"caf\C3\A9\00"
@id = internal addrspace(1) constant { i32 } { i32 7 }
@"dg.café" = addrspace(1) global { i32 } zeroinitializer, align 4 #0
declare i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
define spir_kernel void @k() {
entry:
  %v = call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @name to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @id to ptr addrspace(4)), ptr addrspace(4) null)
  ret void
}
attributes #0 = { "sycl-unique-id"="dg\C3\A9" "sycl-device-global-size"="4" }
