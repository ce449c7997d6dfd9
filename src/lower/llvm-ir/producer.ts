/**
 * Which compiler wrote a module, as its `!llvm.ident` says (clang writes `!llvm.ident =
 * !{!N}`, `!N = !{!"<vendor> clang version …"}`): intel/llvm's DPC++ and upstream clang mark SYCL
 * code differently (intel's clang sets the `"sycl-module-id"` attribute on SYCL_EXTERNAL functions,
 * which sycl-post-link takes as entry points; upstream clang-22 sets none), and `post-link` says so
 * when that changes what it does.
 *
 * Portable: no Node APIs.
 */
import { TK } from './parse/lexer.js';
import type { LModule } from './parse/model.js';
import { tupleOperands } from './upgrade-debug-info.js';

/** The strings of `!llvm.ident` (each operand node's first string), in order; empty when there is none. */
export function producerIdents(m: LModule): string[] {
  const t = m.tokens;
  const out: string[] = [];
  for (const ref of m.namedMetadata.get('llvm.ident') ?? []) {
    const node = m.metadata.get(ref.slice(1));
    if (!node) continue;
    const ops = tupleOperands(t, node.tokFrom, node.tokTo);
    const first = ops?.[0];
    if (first && first[1] === first[0] + 2 && t.textIs(first[0], '!') && t.kindCode(first[0] + 1) === TK.str) out.push(t.valueOf(first[0] + 1));
  }
  return out;
}

/**
 * Whether the module names an upstream clang that compiles SYCL as its producer: `clang version` 20 or
 * later (upstream SYCL kernels, `sycl_kernel_entry_point`, came after), built from llvm/llvm-project
 * or a distribution's package (no other repository named), with no mention of Intel or DPC++. The
 * hand-reduced tests of sycl-post-link name intel's clang, forks or old versions (`clang version 14.0.0`):
 * not taken for upstream.
 */
export function fromUpstreamClang(m: LModule): boolean {
  const idents = producerIdents(m);
  return (
    idents.length > 0 &&
    idents.every((s) => {
      const v = /clang version (\d+)\./.exec(s);
      if (!v || Number(v[1]) < 20 || /intel|dpc\+\+/i.test(s)) return false;
      const repo = /\((?:https?:\/\/|git@)[^ )]*/.exec(s);
      return !repo || /llvm\/llvm-project/.test(repo[0]);
    })
  );
}
