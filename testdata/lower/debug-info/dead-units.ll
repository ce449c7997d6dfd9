; Hand-written for syclbin-toolkit's test/post-link/debug-info.test.ts (checked to assemble with
; llvm-as-19): five compile units, of which a split image keeps those its functions reach (a
; subprogram's unit, a unit reached through another's imports, the unit of an inlined function)
; and globals: lists that lose the expressions of globals the image does not keep (a constant
; expression stays). What LLVM's StripDeadDebugInfo makes of each image is compared with
; opt-19 -passes='internalize,globaldce,strip-dead-debug-info'.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@g1 = internal addrspace(1) global i32 1, align 4, !dbg !30
@g2 = internal addrspace(1) global i32 2, align 4, !dbg !32

define spir_kernel void @k1() #0 !dbg !40 {
entry:
  %v = load i32, ptr addrspace(1) @g1, align 4, !dbg !43
  store i32 %v, ptr addrspace(1) @g1, align 4, !dbg !44
  ret void, !dbg !43
}

define spir_kernel void @k2() #0 !dbg !50 {
entry:
  %v = load i32, ptr addrspace(1) @g2, align 4, !dbg !52
  ret void, !dbg !52
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!llvm.dbg.cu = !{!0, !10, !14, !18, !22}
!llvm.module.flags = !{!60, !61}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !2, imports: !3, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "a.cpp", directory: "/src")
!2 = !{!30, !32, !34}
!3 = !{!4}
!4 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !0, entity: !15, file: !1, line: 3)
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!10 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !11, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!11 = !DIFile(filename: "b.cpp", directory: "/src")
!14 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !16, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!15 = distinct !DISubprogram(name: "c_fn", scope: !16, file: !16, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !14)
!16 = !DIFile(filename: "c.cpp", directory: "/src")
!18 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !19, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!19 = !DIFile(filename: "d.cpp", directory: "/src")
!22 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !23, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!23 = !DIFile(filename: "e.cpp", directory: "/src")
!24 = distinct !DISubprogram(name: "e_inline", scope: !23, file: !23, line: 5, type: !6, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !22)
!30 = !DIGlobalVariableExpression(var: !31, expr: !DIExpression())
!31 = distinct !DIGlobalVariable(name: "g1", scope: !0, file: !1, line: 1, type: !5, isLocal: true, isDefinition: true)
!32 = !DIGlobalVariableExpression(var: !33, expr: !DIExpression())
!33 = distinct !DIGlobalVariable(name: "g2", scope: !0, file: !1, line: 2, type: !5, isLocal: true, isDefinition: true)
!34 = !DIGlobalVariableExpression(var: !35, expr: !DIExpression(DW_OP_constu, 7, DW_OP_stack_value))
!35 = distinct !DIGlobalVariable(name: "SEVEN", scope: !0, file: !1, line: 4, type: !5, isLocal: true, isDefinition: true)
!40 = distinct !DISubprogram(name: "k1", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0)
!43 = !DILocation(line: 11, column: 3, scope: !40)
!44 = !DILocation(line: 6, column: 1, scope: !24, inlinedAt: !43)
!50 = distinct !DISubprogram(name: "k2", scope: !11, file: !11, line: 20, type: !6, scopeLine: 20, spFlags: DISPFlagDefinition, unit: !10)
!52 = !DILocation(line: 21, column: 3, scope: !50)
!60 = !{i32 2, !"Debug Info Version", i32 3}
!61 = !{i32 7, !"Dwarf Version", i32 4}
