/**
 * The keyword attributes of LLVM IR text (function, return, parameter and call-site attributes
 * written as a bare word, with or without an argument: `nounwind`, `align 4`, `sret(%T)`,
 * `memory(read)`), as LLParser reads them. String attributes (`"sycl-unique-id"="..."`) are any
 * quoted key; these are the only bare words it accepts where attributes are read, and any other word
 * there ends the attribute list (so `declare void @f() garbage` is an error, as llvm-as says).
 *
 * Upstream: the ATTRIBUTE_ENUM names of llvm/IR/Attributes.inc (generated from
 * llvm/include/llvm/IR/Attributes.td) as Debian's llvm-15-dev, llvm-19-dev and llvm-22-dev install
 * them, their union: the IR this toolkit reads comes from clang and sycl-post-link of those eras
 * (typed pointers up to 15, opaque after). `argmemonly`, `inaccessiblememonly`,
 * `inaccessiblemem_or_argmemonly` (LLVM 15; 16 and later still read them and upgrade them to
 * `memory(...)`) and `nocapture` (up to 20; 21 and later read it as `captures(none)`) are among them.
 */
export const LLVM_ATTRIBUTE_KEYWORDS: ReadonlySet<string> = new Set([
  'align', 'alignstack', 'allocalign', 'allockind', 'allocptr', 'allocsize', 'alwaysinline', 'argmemonly',
  'builtin', 'byref', 'byval', 'captures', 'cold', 'convergent', 'coro_elide_safe',
  'coro_only_destroy_when_complete', 'dead_on_return', 'dead_on_unwind', 'dereferenceable',
  'dereferenceable_or_null', 'disable_sanitizer_instrumentation', 'elementtype', 'fn_ret_thunk_extern',
  'hot', 'hybrid_patchable', 'immarg', 'inaccessiblemem_or_argmemonly', 'inaccessiblememonly', 'inalloca',
  'initializes', 'inlinehint', 'inreg', 'jumptable', 'memory', 'minsize', 'mustprogress', 'naked', 'nest',
  'noalias', 'nobuiltin', 'nocallback', 'nocapture', 'nocf_check', 'nocreateundeforpoison',
  'nodivergencesource', 'noduplicate', 'noext', 'nofpclass', 'nofree', 'noimplicitfloat', 'noinline',
  'nomerge', 'nonlazybind', 'nonnull', 'noprofile', 'norecurse', 'noredzone', 'noreturn',
  'nosanitize_bounds', 'nosanitize_coverage', 'nosync', 'noundef', 'nounwind', 'null_pointer_is_valid',
  'optdebug', 'optforfuzzing', 'optnone', 'optsize', 'preallocated', 'presplitcoroutine', 'range',
  'readnone', 'readonly', 'returned', 'returns_twice', 'safestack', 'sanitize_address',
  'sanitize_alloc_token', 'sanitize_hwaddress', 'sanitize_memory', 'sanitize_memtag',
  'sanitize_numerical_stability', 'sanitize_realtime', 'sanitize_realtime_blocking', 'sanitize_thread',
  'sanitize_type', 'shadowcallstack', 'signext', 'skipprofile', 'speculatable', 'speculative_load_hardening',
  'sret', 'ssp', 'sspreq', 'sspstrong', 'strictfp', 'swiftasync', 'swifterror', 'swiftself', 'uwtable',
  'vscale_range', 'willreturn', 'writable', 'writeonly', 'zeroext',
]);
