; Made by (Debian clang-19, in testdata/lower/debug-info): clang-19 --target=spir64 -cl-std=CL2.0 -O2 -g -emit-llvm -S -mllvm --write-experimental-debuginfo=false k.cl -o k-O2-g-old.ll
; Debug info in the older intrinsic form (llvm.dbg.value calls, declare !dbg !N); read by test/post-link/debug-info.test.ts.
; ModuleID = 'k.cl'
source_filename = "k.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

@table = dso_local local_unnamed_addr addrspace(2) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4, !dbg !0
@.str = private unnamed_addr addrspace(2) constant [7 x i8] c"%d %f\0A\00", align 1, !dbg !7

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none)
define dso_local spir_func range(i32 -2147483647, -2147483648) i32 @helper(i32 noundef %0) local_unnamed_addr #0 !dbg !22 {
  tail call void @llvm.dbg.value(metadata i32 %0, metadata !26, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !27
  switch i32 %0, label %4 [
    i32 0, label %6
    i32 5, label %2
    i32 9, label %3
  ], !dbg !28

2:                                                ; preds = %1
  br label %6, !dbg !29

3:                                                ; preds = %1
  br label %6, !dbg !31

4:                                                ; preds = %1
  %5 = sub nsw i32 0, %0, !dbg !32
  br label %6, !dbg !33

6:                                                ; preds = %1, %4, %3, %2
  %7 = phi i32 [ %5, %4 ], [ 81, %3 ], [ 7, %2 ], [ 1, %1 ], !dbg !34
  ret i32 %7, !dbg !35
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k1(ptr addrspace(1) noundef align 4 %0, ptr addrspace(1) nocapture noundef align 32 %1, i32 noundef %2) local_unnamed_addr #1 !dbg !36 !kernel_arg_addr_space !62 !kernel_arg_access_qual !63 !kernel_arg_type !64 !kernel_arg_base_type !64 !kernel_arg_type_qual !65 {
  tail call void @llvm.dbg.value(metadata ptr addrspace(1) %0, metadata !56, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !66
  tail call void @llvm.dbg.value(metadata ptr addrspace(1) %1, metadata !57, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !66
  tail call void @llvm.dbg.value(metadata i32 %2, metadata !58, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !66
  tail call void @llvm.dbg.value(metadata i32 0, metadata !59, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !66
  tail call void @llvm.dbg.value(metadata i32 0, metadata !60, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !67
  %4 = icmp sgt i32 %2, 0, !dbg !68
  br i1 %4, label %5, label %24, !dbg !70

5:                                                ; preds = %3, %12
  %6 = phi i32 [ %21, %12 ], [ 0, %3 ]
  %7 = phi i32 [ %19, %12 ], [ 0, %3 ]
  tail call void @llvm.dbg.value(metadata i32 %6, metadata !60, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !67
  tail call void @llvm.dbg.value(metadata i32 %7, metadata !59, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !66
  tail call void @llvm.dbg.value(metadata i32 %6, metadata !26, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !71
  switch i32 %6, label %10 [
    i32 0, label %12
    i32 5, label %8
    i32 9, label %9
  ], !dbg !74

8:                                                ; preds = %5
  br label %12, !dbg !75

9:                                                ; preds = %5
  br label %12, !dbg !76

10:                                               ; preds = %5
  %11 = sub nsw i32 0, %6, !dbg !77
  br label %12, !dbg !78

12:                                               ; preds = %5, %8, %9, %10
  %13 = phi i32 [ %11, %10 ], [ 81, %9 ], [ 7, %8 ], [ 1, %5 ], !dbg !79
  %14 = and i32 %6, 3, !dbg !80
  %15 = zext nneg i32 %14 to i64, !dbg !81
  %16 = getelementptr inbounds [4 x i32], ptr addrspace(2) @table, i64 0, i64 %15, !dbg !81
  %17 = load i32, ptr addrspace(2) %16, align 4, !dbg !81, !tbaa !82
  %18 = add i32 %13, %7, !dbg !86
  %19 = add i32 %18, %17, !dbg !87
  tail call void @llvm.dbg.value(metadata i32 %19, metadata !59, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !66
  %20 = icmp slt i32 %19, 1001, !dbg !88
  tail call void @llvm.dbg.value(metadata i32 %6, metadata !60, metadata !DIExpression(DW_OP_plus_uconst, 1, DW_OP_lit0, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value)), !dbg !67
  %21 = add nuw nsw i32 %6, 1
  tail call void @llvm.dbg.value(metadata i32 %21, metadata !60, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !67
  tail call void @llvm.dbg.value(metadata i32 %21, metadata !60, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !67
  tail call void @llvm.dbg.value(metadata i32 %19, metadata !59, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !66
  %22 = icmp slt i32 %21, %2
  %23 = select i1 %20, i1 %22, i1 false, !dbg !90
  br i1 %23, label %5, label %24, !dbg !90, !llvm.loop !91

24:                                               ; preds = %12, %3
  %25 = phi i32 [ 0, %3 ], [ %19, %12 ], !dbg !66
  tail call void @llvm.dbg.value(metadata i32 %25, metadata !59, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !66
  %26 = getelementptr inbounds i8, ptr addrspace(1) %1, i64 8, !dbg !93
  %27 = load float, ptr addrspace(1) %26, align 8, !dbg !93, !tbaa !94
  %28 = fptosi float %27 to i32, !dbg !96
  %29 = add nsw i32 %25, %28, !dbg !97
  %30 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #6, !dbg !98
  %31 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %30, !dbg !99
  store i32 %29, ptr addrspace(1) %31, align 4, !dbg !100, !tbaa !82
  %32 = tail call spir_func i32 @_Z10atomic_addPU3AS1Vii(ptr addrspace(1) noundef %0, i32 noundef 1) #7, !dbg !101
  %33 = getelementptr inbounds i8, ptr addrspace(1) %1, i64 32, !dbg !102
  %34 = load <4 x double>, ptr addrspace(1) %33, align 32, !dbg !102, !tbaa !103
  %35 = fmul <4 x double> %34, <double 2.000000e+00, double 2.000000e+00, double 2.000000e+00, double 2.000000e+00>, !dbg !104
  store <4 x double> %35, ptr addrspace(1) %33, align 32, !dbg !105, !tbaa !103
  ret void, !dbg !106
}

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare !dbg !107 dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare !dbg !112 dso_local spir_func i32 @_Z10atomic_addPU3AS1Vii(ptr addrspace(1) noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k2(ptr addrspace(1) nocapture noundef align 4 %0, ptr addrspace(3) nocapture noundef align 4 %1) local_unnamed_addr #1 !dbg !117 !kernel_arg_addr_space !125 !kernel_arg_access_qual !126 !kernel_arg_type !127 !kernel_arg_base_type !127 !kernel_arg_type_qual !128 {
  tail call void @llvm.dbg.value(metadata ptr addrspace(1) %0, metadata !123, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !129
  tail call void @llvm.dbg.value(metadata ptr addrspace(3) %1, metadata !124, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !129
  %3 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #6, !dbg !130
  %4 = getelementptr inbounds float, ptr addrspace(1) %0, i64 %3, !dbg !131
  %5 = load float, ptr addrspace(1) %4, align 4, !dbg !131, !tbaa !94
  %6 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #6, !dbg !132
  %7 = getelementptr inbounds float, ptr addrspace(3) %1, i64 %6, !dbg !133
  store float %5, ptr addrspace(3) %7, align 4, !dbg !134, !tbaa !94
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #7, !dbg !135
  %8 = load float, ptr addrspace(3) %1, align 4, !dbg !136, !tbaa !94
  %9 = fcmp ogt float %8, 0.000000e+00, !dbg !137
  br i1 %9, label %10, label %12, !dbg !136

10:                                               ; preds = %2
  %11 = tail call spir_func float @_Z4sqrtf(float noundef %8) #6, !dbg !138, !fpmath !139
  br label %16, !dbg !136

12:                                               ; preds = %2
  %13 = getelementptr inbounds i8, ptr addrspace(3) %1, i64 4, !dbg !140
  %14 = load float, ptr addrspace(3) %13, align 4, !dbg !140, !tbaa !94
  %15 = fneg float %14, !dbg !141
  br label %16, !dbg !136

16:                                               ; preds = %12, %10
  %17 = phi float [ %11, %10 ], [ %15, %12 ], !dbg !136
  %18 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #6, !dbg !142
  %19 = getelementptr inbounds float, ptr addrspace(1) %0, i64 %18, !dbg !143
  store float %17, ptr addrspace(1) %19, align 4, !dbg !144, !tbaa !94
  %20 = trunc i64 %18 to i32, !dbg !145
  %21 = load float, ptr addrspace(1) %0, align 4, !dbg !146, !tbaa !94
  %22 = fpext float %21 to double, !dbg !146
  %23 = tail call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str, i32 noundef %20, double noundef %22) #7, !dbg !147
  ret void, !dbg !148
}

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare !dbg !149 dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare !dbg !150 dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare !dbg !155 dso_local spir_func float @_Z4sqrtf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nofree nounwind
declare !dbg !158 dso_local spir_func noundef i32 @printf(ptr addrspace(2) nocapture noundef readonly, ...) local_unnamed_addr #4

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare void @llvm.dbg.value(metadata, metadata, metadata) #5

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { convergent norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #2 = { convergent mustprogress nofree nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { convergent nofree nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #5 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #6 = { convergent nounwind willreturn memory(none) }
attributes #7 = { convergent nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!16, !17, !18, !19}
!opencl.ocl.version = !{!20}
!opencl.spir.version = !{!20}
!llvm.ident = !{!21}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 2, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "table", scope: !2, file: !3, line: 2, type: !13, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !6, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "k.cl", directory: "/tmp/dbgfx", checksumkind: CSK_MD5, checksum: "7f11c103f662e35669ea7d160c225c14")
!4 = !{!5}
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !{!0, !7}
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(scope: null, file: !3, line: 15, type: !9, isLocal: true, isDefinition: true)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 56, elements: !11)
!10 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!11 = !{!12}
!12 = !DISubrange(count: 7)
!13 = !DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 128, elements: !14)
!14 = !{!15}
!15 = !DISubrange(count: 4)
!16 = !{i32 7, !"Dwarf Version", i32 5}
!17 = !{i32 2, !"Debug Info Version", i32 3}
!18 = !{i32 1, !"wchar_size", i32 4}
!19 = !{i32 7, !"frame-pointer", i32 2}
!20 = !{i32 2, i32 0}
!21 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!22 = distinct !DISubprogram(name: "helper", scope: !3, file: !3, line: 3, type: !23, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !25)
!23 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !24)
!24 = !{!5, !5}
!25 = !{!26}
!26 = !DILocalVariable(name: "x", arg: 1, scope: !22, file: !3, line: 3, type: !5)
!27 = !DILocation(line: 0, scope: !22)
!28 = !DILocation(line: 3, column: 21, scope: !22)
!29 = !DILocation(line: 3, column: 60, scope: !30)
!30 = distinct !DILexicalBlock(scope: !22, file: !3, line: 3, column: 32)
!31 = !DILocation(line: 3, column: 78, scope: !30)
!32 = !DILocation(line: 3, column: 106, scope: !30)
!33 = !DILocation(line: 3, column: 99, scope: !30)
!34 = !DILocation(line: 3, scope: !30)
!35 = !DILocation(line: 3, column: 112, scope: !22)
!36 = distinct !DISubprogram(name: "k1", scope: !3, file: !3, line: 4, type: !37, scopeLine: 4, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !55)
!37 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !38)
!38 = !{null, !39, !40, !5}
!39 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !5, size: 64, dwarfAddressSpace: 1)
!40 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !41, size: 64, dwarfAddressSpace: 1)
!41 = !DIDerivedType(tag: DW_TAG_typedef, name: "S", file: !3, line: 1, baseType: !42)
!42 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !3, line: 1, size: 512, elements: !43)
!43 = !{!44, !45, !50}
!44 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !42, file: !3, line: 1, baseType: !5, size: 32)
!45 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !42, file: !3, line: 1, baseType: !46, size: 96, offset: 32)
!46 = !DICompositeType(tag: DW_TAG_array_type, baseType: !47, size: 96, elements: !48)
!47 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!48 = !{!49}
!49 = !DISubrange(count: 3)
!50 = !DIDerivedType(tag: DW_TAG_member, name: "v", scope: !42, file: !3, line: 1, baseType: !51, size: 256, offset: 256)
!51 = !DIDerivedType(tag: DW_TAG_typedef, name: "double4", file: !52, line: 226, baseType: !53)
!52 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!53 = !DICompositeType(tag: DW_TAG_array_type, baseType: !54, size: 256, flags: DIFlagVector, elements: !14)
!54 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!55 = !{!56, !57, !58, !59, !60}
!56 = !DILocalVariable(name: "out", arg: 1, scope: !36, file: !3, line: 4, type: !39)
!57 = !DILocalVariable(name: "s", arg: 2, scope: !36, file: !3, line: 4, type: !40)
!58 = !DILocalVariable(name: "n", arg: 3, scope: !36, file: !3, line: 4, type: !5)
!59 = !DILocalVariable(name: "acc", scope: !36, file: !3, line: 5, type: !5)
!60 = !DILocalVariable(name: "i", scope: !61, file: !3, line: 6, type: !5)
!61 = distinct !DILexicalBlock(scope: !36, file: !3, line: 6, column: 3)
!62 = !{i32 1, i32 1, i32 0}
!63 = !{!"none", !"none", !"none"}
!64 = !{!"int*", !"S*", !"int"}
!65 = !{!"", !"", !""}
!66 = !DILocation(line: 0, scope: !36)
!67 = !DILocation(line: 0, scope: !61)
!68 = !DILocation(line: 6, column: 21, scope: !69)
!69 = distinct !DILexicalBlock(scope: !61, file: !3, line: 6, column: 3)
!70 = !DILocation(line: 6, column: 3, scope: !61)
!71 = !DILocation(line: 0, scope: !22, inlinedAt: !72)
!72 = distinct !DILocation(line: 6, column: 40, scope: !73)
!73 = distinct !DILexicalBlock(scope: !69, file: !3, line: 6, column: 31)
!74 = !DILocation(line: 3, column: 21, scope: !22, inlinedAt: !72)
!75 = !DILocation(line: 3, column: 60, scope: !30, inlinedAt: !72)
!76 = !DILocation(line: 3, column: 78, scope: !30, inlinedAt: !72)
!77 = !DILocation(line: 3, column: 106, scope: !30, inlinedAt: !72)
!78 = !DILocation(line: 3, column: 99, scope: !30, inlinedAt: !72)
!79 = !DILocation(line: 3, scope: !30, inlinedAt: !72)
!80 = !DILocation(line: 6, column: 60, scope: !73)
!81 = !DILocation(line: 6, column: 52, scope: !73)
!82 = !{!83, !83, i64 0}
!83 = !{!"int", !84, i64 0}
!84 = !{!"omnipotent char", !85, i64 0}
!85 = !{!"Simple C/C++ TBAA"}
!86 = !DILocation(line: 6, column: 50, scope: !73)
!87 = !DILocation(line: 6, column: 37, scope: !73)
!88 = !DILocation(line: 6, column: 74, scope: !89)
!89 = distinct !DILexicalBlock(scope: !73, file: !3, line: 6, column: 70)
!90 = !DILocation(line: 6, column: 70, scope: !73)
!91 = distinct !{!91, !70, !92}
!92 = !DILocation(line: 6, column: 89, scope: !61)
!93 = !DILocation(line: 7, column: 38, scope: !36)
!94 = !{!95, !95, i64 0}
!95 = !{!"float", !84, i64 0}
!96 = !DILocation(line: 7, column: 33, scope: !36)
!97 = !DILocation(line: 7, column: 31, scope: !36)
!98 = !DILocation(line: 7, column: 7, scope: !36)
!99 = !DILocation(line: 7, column: 3, scope: !36)
!100 = !DILocation(line: 7, column: 25, scope: !36)
!101 = !DILocation(line: 8, column: 3, scope: !36)
!102 = !DILocation(line: 9, column: 13, scope: !36)
!103 = !{!84, !84, i64 0}
!104 = !DILocation(line: 9, column: 15, scope: !36)
!105 = !DILocation(line: 9, column: 8, scope: !36)
!106 = !DILocation(line: 10, column: 1, scope: !36)
!107 = !DISubprogram(name: "get_global_id", linkageName: "_Z13get_global_idj", scope: !3, file: !3, line: 7, type: !108, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!108 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !109)
!109 = !{!110, !111}
!110 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!111 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!112 = !DISubprogram(name: "atomic_add", linkageName: "_Z10atomic_addPU3AS1Vii", scope: !3, file: !3, line: 8, type: !113, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!113 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !114)
!114 = !{!5, !115, !5}
!115 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !116, size: 64, dwarfAddressSpace: 1)
!116 = !DIDerivedType(tag: DW_TAG_volatile_type, baseType: !5)
!117 = distinct !DISubprogram(name: "k2", scope: !3, file: !3, line: 11, type: !118, scopeLine: 11, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !122)
!118 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !119)
!119 = !{null, !120, !121}
!120 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !47, size: 64, dwarfAddressSpace: 1)
!121 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !47, size: 64, dwarfAddressSpace: 3)
!122 = !{!123, !124}
!123 = !DILocalVariable(name: "f", arg: 1, scope: !117, file: !3, line: 11, type: !120)
!124 = !DILocalVariable(name: "l", arg: 2, scope: !117, file: !3, line: 11, type: !121)
!125 = !{i32 1, i32 3}
!126 = !{!"none", !"none"}
!127 = !{!"float*", !"float*"}
!128 = !{!"", !""}
!129 = !DILocation(line: 0, scope: !117)
!130 = !DILocation(line: 12, column: 26, scope: !117)
!131 = !DILocation(line: 12, column: 24, scope: !117)
!132 = !DILocation(line: 12, column: 5, scope: !117)
!133 = !DILocation(line: 12, column: 3, scope: !117)
!134 = !DILocation(line: 12, column: 22, scope: !117)
!135 = !DILocation(line: 13, column: 3, scope: !117)
!136 = !DILocation(line: 14, column: 25, scope: !117)
!137 = !DILocation(line: 14, column: 30, scope: !117)
!138 = !DILocation(line: 14, column: 39, scope: !117)
!139 = !{float 3.000000e+00}
!140 = !DILocation(line: 14, column: 53, scope: !117)
!141 = !DILocation(line: 14, column: 52, scope: !117)
!142 = !DILocation(line: 14, column: 5, scope: !117)
!143 = !DILocation(line: 14, column: 3, scope: !117)
!144 = !DILocation(line: 14, column: 23, scope: !117)
!145 = !DILocation(line: 15, column: 21, scope: !117)
!146 = !DILocation(line: 15, column: 44, scope: !117)
!147 = !DILocation(line: 15, column: 3, scope: !117)
!148 = !DILocation(line: 16, column: 1, scope: !117)
!149 = !DISubprogram(name: "get_local_id", linkageName: "_Z12get_local_idj", scope: !3, file: !3, line: 12, type: !108, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!150 = !DISubprogram(name: "barrier", linkageName: "_Z7barrierj", scope: !3, file: !3, line: 13, type: !151, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!151 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !152)
!152 = !{null, !153}
!153 = !DIDerivedType(tag: DW_TAG_typedef, name: "cl_mem_fence_flags", file: !52, line: 372, baseType: !154)
!154 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !52, line: 129, baseType: !111)
!155 = !DISubprogram(name: "sqrt", linkageName: "_Z4sqrtf", scope: !3, file: !3, line: 14, type: !156, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!156 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !157)
!157 = !{!47, !47}
!158 = !DISubprogram(name: "printf", scope: !52, file: !52, line: 687, type: !159, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!159 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !160)
!160 = !{!5, !161, null}
!161 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !162, size: 64, dwarfAddressSpace: 2)
!162 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !10)
