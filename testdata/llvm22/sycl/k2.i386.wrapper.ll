; ModuleID = 'k2.sycl.image.wrapper.bc'
source_filename = "offload.wrapper.module"
target triple = "i686-pc-linux-gnu"

%struct.__tgt_offload_entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }
%__sycl.tgt_device_image = type { i16, i8, i8, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr }
%__sycl.tgt_bin_desc = type { i16, i16, ptr, ptr, ptr }

@.sycl_offloading.target.0 = internal unnamed_addr constant [24 x i8] c"spirv64-unknown-unknown\00"
@.sycl_offloading.opts.compile.0 = internal unnamed_addr constant [1 x i8] zeroinitializer
@.sycl_offloading.opts.link.0 = internal unnamed_addr constant [1 x i8] zeroinitializer
@.sycl_offloading.0.data = internal unnamed_addr constant [460 x i8] c"\03\02#\07\00\04\01\00\16\00+\00\18\00\00\00\00\00\00\00\11\00\02\00\06\00\00\00\11\00\02\00\04\00\00\00\0B\00\05\00\01\00\00\00OpenCL.std\00\00\0E\00\03\00\02\00\00\00\02\00\00\00\0F\00\06\00\06\00\00\00\08\00\00\00_ZTS5First\00\00\0F\00\08\00\06\00\00\00\0A\00\00\00_ZTSN2ns6SecondE\00\00\00\00\10\00\03\00\08\00\00\00\1F\00\00\00\10\00\03\00\0A\00\00\00\1F\00\00\00\03\00\03\00\04\00\00\00\A0\86\01\00\05\00\06\00\03\00\00\00class.anon.1\00\00\00\00\05\00\05\00\08\00\00\00_ZTS5First\00\00\05\00\07\00\0A\00\00\00_ZTSN2ns6SecondE\00\00\00\00G\00\04\00\07\00\00\00,\00\00\00\04\00\00\00G\00\04\00\07\00\00\00&\00\00\00\02\00\00\00G\00\04\00\09\00\00\00,\00\00\00\04\00\00\00G\00\04\00\09\00\00\00&\00\00\00\02\00\00\00\15\00\04\00\02\00\00\00 \00\00\00\00\00\00\00\1E\00\03\00\03\00\00\00\02\00\00\00 \00\04\00\04\00\00\00\07\00\00\00\03\00\00\00\13\00\02\00\05\00\00\00!\00\04\00\06\00\00\00\05\00\00\00\04\00\00\006\00\05\00\05\00\00\00\08\00\00\00\04\00\00\00\06\00\00\007\00\03\00\04\00\00\00\07\00\00\00\F8\00\02\00\0B\00\00\00\FD\00\01\008\00\01\006\00\05\00\05\00\00\00\0A\00\00\00\04\00\00\00\06\00\00\007\00\03\00\04\00\00\00\09\00\00\00\F8\00\02\00\0C\00\00\00\FD\00\01\008\00\01\00", section ".llvm.offloading"
@.offloading.entry_name = internal unnamed_addr constant [11 x i8] c"_ZTS5First\00", section ".llvm.rodata.offloading", align 1
@.offloading.entry._ZTS5First = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 8, i32 0, ptr null, ptr @.offloading.entry_name, i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry_name.1 = internal unnamed_addr constant [17 x i8] c"_ZTSN2ns6SecondE\00", section ".llvm.rodata.offloading", align 1
@.offloading.entry._ZTSN2ns6SecondE = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 8, i32 0, ptr null, ptr @.offloading.entry_name.1, i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.sycl_offloading.entries_arr = internal constant [2 x %struct.__tgt_offload_entry] [%struct.__tgt_offload_entry { i64 0, i16 1, i16 8, i32 0, ptr null, ptr @.offloading.entry_name, i64 0, i64 0, ptr null }, %struct.__tgt_offload_entry { i64 0, i16 1, i16 8, i32 0, ptr null, ptr @.offloading.entry_name.1, i64 0, i64 0, ptr null }]
@.sycl_offloading.device_images = internal unnamed_addr constant [1 x %__sycl.tgt_device_image] [%__sycl.tgt_device_image { i16 3, i8 8, i8 0, ptr @.sycl_offloading.target.0, ptr @.sycl_offloading.opts.compile.0, ptr @.sycl_offloading.opts.link.0, ptr @.sycl_offloading.0.data, ptr getelementptr ([460 x i8], ptr @.sycl_offloading.0.data, i64 0, i64 460), ptr @.sycl_offloading.entries_arr, ptr getelementptr ([2 x %struct.__tgt_offload_entry], ptr @.sycl_offloading.entries_arr, i64 0, i64 2), ptr null, ptr null }]
@.sycl_offloading.descriptor = internal constant %__sycl.tgt_bin_desc { i16 1, i16 1, ptr @.sycl_offloading.device_images, ptr null, ptr null }
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @sycl.descriptor_reg, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @sycl.descriptor_unreg, ptr null }]

define internal void @sycl.descriptor_reg() section ".text.startup" {
entry:
  call void @__sycl_register_lib(ptr @.sycl_offloading.descriptor)
  ret void
}

declare void @__sycl_register_lib(ptr)

define internal void @sycl.descriptor_unreg() section ".text.startup" {
entry:
  call void @__sycl_unregister_lib(ptr @.sycl_offloading.descriptor)
  ret void
}

declare void @__sycl_unregister_lib(ptr)

!llvm.offloading.symbols = !{!0, !1}

!0 = !{ptr @.offloading.entry_name}
!1 = !{ptr @.offloading.entry_name.1}
