; Hand-written for syclbin-toolkit's test/post-link/debug-info.test.ts (checked to assemble with
; llvm-as-19): units StripDeadDebugInfo treats specially. `nodebug.cpp` (emissionKind: NoDebug, as
; clang writes for -Rpass without -g) is not one of Module::debug_compile_units, so by itself it
; never makes the list change; `constu.cpp` and `consts.cpp` hold only constant expressions
; (`DW_OP_constu, C` and `DW_OP_consts, C`, both constants for DIExpression::isConstant), so they stay.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@g1 = internal addrspace(1) global i32 0, !dbg !10

define spir_kernel void @k1() #0 !dbg !20 {
entry:
  ret void, !dbg !22
}

define spir_kernel void @k2() #0 !dbg !30 {
entry:
  %v = load i32, ptr addrspace(1) @g1, align 4, !dbg !32
  ret void, !dbg !32
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!llvm.dbg.cu = !{!0, !3, !5, !7}
!llvm.module.flags = !{!50, !51}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !2)
!1 = !DIFile(filename: "a.cpp", directory: "/src")
!2 = !{!10}
!3 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !4, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: NoDebug)
!4 = !DIFile(filename: "nodebug.cpp", directory: "/src")
!5 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !6, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !40)
!6 = !DIFile(filename: "constu.cpp", directory: "/src")
!7 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !8, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !44)
!8 = !DIFile(filename: "consts.cpp", directory: "/src")
!10 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())
!11 = distinct !DIGlobalVariable(name: "g1", scope: !0, file: !1, line: 1, type: !15, isLocal: true, isDefinition: true)
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!20 = distinct !DISubprogram(name: "k1", scope: !1, file: !1, line: 3, type: !21, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DISubroutineType(types: !23)
!22 = !DILocation(line: 3, column: 1, scope: !20)
!23 = !{null}
!30 = distinct !DISubprogram(name: "k2", scope: !1, file: !1, line: 4, type: !21, scopeLine: 4, spFlags: DISPFlagDefinition, unit: !0)
!32 = !DILocation(line: 4, column: 1, scope: !30)
!40 = !{!41}
!41 = !DIGlobalVariableExpression(var: !42, expr: !DIExpression(DW_OP_constu, 5))
!42 = distinct !DIGlobalVariable(name: "five", scope: !5, file: !6, line: 1, type: !15, isLocal: true, isDefinition: true)
!44 = !{!45}
!45 = !DIGlobalVariableExpression(var: !46, expr: !DIExpression(DW_OP_consts, 18446744073709551615, DW_OP_stack_value))
!46 = distinct !DIGlobalVariable(name: "minus_one", scope: !7, file: !8, line: 1, type: !15, isLocal: true, isDefinition: true)
!50 = !{i32 7, !"Dwarf Version", i32 4}
!51 = !{i32 2, !"Debug Info Version", i32 3}
