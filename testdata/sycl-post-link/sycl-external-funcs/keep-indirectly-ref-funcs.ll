; RUN: sycl-post-link -ir-output-only -split=auto -S < %s -o %t.ll
; RUN: FileCheck %s -input-file=%t.ll

; This test checks that indirectly referenced functions (with sycl-module-id
; attribute) are not dropped from the module.

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-linux"

define dso_local spir_func void @indRefDeviceFunc() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" "referenced-indirectly"}

; CHECK: define dso_local spir_func void @indRefDeviceFunc()
