/**
 * What sycl-post-link does for a device image built with a sanitizer.
 *
 * 1. The `[SYCL/misc properties]` entry that tells the runtime to enable the Unified Runtime's
 *    sanitizer layer ({@link sanitizerEntry}):
 *    - `sanUsed` = "asan", "msan" or "tsan" (a string property) when the image has a global whose
 *      name starts with `__AsanKernelMetadata`, `__MsanKernelMetadata` or `__TsanKernelMetadata`, in
 *      that order of precedence (intel/llvm:llvm/lib/SYCLPostLink/ComputeModuleRuntimeInfo.cpp@46a4a43c
 *      and @09168482 `isModuleUsingAsan/Msan/Tsan` test the exact names; later revisions, whose
 *      instrumentation suffixes a per-module id (`__AsanKernelMetadata_<id>`), the prefix);
 *    - else the older `asanUsed` = 1 when the module's `!device.sanitizer` names "asan" (intel/llvm#11989,
 *      the form `device-sanitizer/asan.ll@0706755` checks), before intel/llvm#15955 renamed it; or,
 *      the oldest form, when the image has a function named `__asan_init` (sycl-post-link.cpp before
 *      intel/llvm#11989: `isModuleUsingAsan` is `M.getFunction("__asan_init")`).
 *    The entry follows `[SYCL/assert used]`: appended to the misc set when an earlier entry (`optLevel`,
 *    `sycl-grf-size`) opened it, else opening it there (PropertySetRegistry is a MapVector).
 *
 * 2. Before the split, on the whole module, the metadata globals are made device globals the runtime
 *    can read ({@link planSanitizerMetadata}; SanitizerKernelMetadataPass, run by
 *    intel/llvm:llvm/lib/SYCLPostLink/ModuleSplitter.cpp@01e7e04f `runPreSplitProcessingPipeline` when
 *    the module uses a sanitizer; the body read is intel/llvm:llvm/lib/SYCLLowerIR/SanitizerKernelMetadata.cpp
 *    of the per-module-id era, which takes every global with one of the three prefixes). For each, in
 *    module order: a new global of type `%N = type { <old type> }` (an unnamed struct:
 *    StructType::create) with external linkage, not constant, in address space 1, initialized with
 *    `%N { <old initializer> }`, appended to the module's globals, takes the old one's name; it has
 *    the old one's dso_local, visibility, unnamed_addr, thread-local mode, DLL storage, section,
 *    partition, alignment, code model, sanitizer flags, externally_initialized and attributes
 *    (GlobalVariable::copyAttributesFrom: not its comdat or metadata), plus
 *    `"sycl-device-global-size"` = its alloc size and `!spirv.Decorations` = `!{!{i32 6147, i32 0,
 *    !"_Z20__SanitizerKernelMetadata"}}`. The old global is erased.
 *
 * 3. After the split, in each image, a `__sanitizerModule<suffix>` kernel for every metadata global
 *    the image has, `<suffix>` being the rest of the global's name after its prefix (the id the
 *    instrumentation gave the module): `define weak_odr dso_local spir_kernel void @…() #N { entry: ret
 *    void }` with `#N = { "sycl-entry-point" }`, appended to the image's functions, not one of its entry
 *    points ({@link sanitizerSentinels}; intel/llvm:llvm/lib/SYCLPostLink/SanitizerPostSplitProcessing.cpp@e32d6bb9
 *    `createSanitizerModuleID`, called by sycl-post-link.cpp@613080b4 `handleSanitizers` before the
 *    spec-constant pass). Both are done whether or not a revision in between had them: the tests of
 *    each era check only what its revision adds.
 *
 * The printed module numbers the new types, attribute groups and metadata nodes after the module's
 * own (LLVM's AsmWriter renumbers everything; docs/post-link.md "What is produced").
 *
 * Portable: no Node APIs.
 */
import { TK } from '../llvm-ir/parse/lexer.js';
import { IrSyntaxError, irErrorAt } from '../llvm-ir/parse/errors.js';
import type { LFunction, LGlobal, LModule } from '../llvm-ir/parse/model.js';
import { printLlvmName } from '../llvm-ir/escape.js';
import { comdatAt } from '../llvm-ir/comdat.js';
import { newMetadataNode, nextMetadataNode, tokensText, type ModuleEdits } from '../llvm-ir/print.js';
import { AttributeGroupNumbering, attributeSetText, inlineAttributeText, moduleGroups, type AttributeText } from '../llvm-ir/attribute-groups.js';
import { TypeConverter } from '../from-ir/convert.js';
import { isNvptxTriple } from '../from-ir/cuda-spec-constants.js';
import type { DataLayout } from '../datalayout.js';
import { mdOperands } from './image-requirements.js';

/** The metadata globals of each sanitizer, in the order computeModuleProperties tests them. */
export const SANITIZER_METADATA_PREFIXES: readonly (readonly [string, string])[] = [
  ['asan', '__AsanKernelMetadata'],
  ['msan', '__MsanKernelMetadata'],
  ['tsan', '__TsanKernelMetadata'],
];

/** The prefix `name` starts with, if it names a sanitizer metadata global. */
function metadataPrefixOf(name: string): string | undefined {
  for (const [, prefix] of SANITIZER_METADATA_PREFIXES) if (name.startsWith(prefix)) return prefix;
  return undefined;
}

/**
 * The sanitizer entry of one image, given the global variables and functions it keeps (`functions`:
 * the module's when not given).
 */
export function sanitizerEntry(m: LModule, globals: readonly LGlobal[], functions: readonly LFunction[] = m.functions): { readonly key: 'sanUsed'; readonly value: string } | { readonly key: 'asanUsed' } | undefined {
  for (const [san, prefix] of SANITIZER_METADATA_PREFIXES) if (globals.some((g) => g.name.startsWith(prefix))) return { key: 'sanUsed', value: san };
  // !device.sanitizer = !{!N}, !N = !{!"asan"}: the first operand's first string (isModuleUsingAsan of intel/llvm#11989).
  const ops = m.namedMetadata.get('device.sanitizer');
  const first = ops?.[0];
  if (first !== undefined) {
    const inner = mdOperands(m, first.startsWith('!') ? first.slice(1) : first)[0];
    if (inner?.k === 'str' && inner.s === 'asan') return { key: 'asanUsed' };
  }
  // The oldest form: the image has a function `__asan_init` (a declaration will do; sycl-post-link.cpp
  // before intel/llvm#11989, `isModuleUsingAsan`: `M.getFunction("__asan_init")`).
  if (functions.some((f) => f.name === '__asan_init')) return { key: 'asanUsed' };
  return undefined;
}

/** The decoration SanitizerKernelMetadataPass attaches (6147: HostAccessINTEL of SPV_INTEL_global_variable_host_access, access 0). */
const DECORATION = '!{i32 6147, i32 0, !"_Z20__SanitizerKernelMetadata"}';

/** What the pre-split pass makes of one metadata global. */
interface MetadataGlobalFix {
  readonly global: LGlobal;
  /** `"sycl-device-global-size"` after the fix: the wrapped type's alloc size. */
  readonly size: number;
  /** The new global's text with `%{type}` and `%{md}` left to fill per image. */
  readonly text: string;
  /** The attribute group the new global uses. */
  readonly group: string;
}

/** SanitizerKernelMetadataPass for a module, worked out once and applied to each image it keeps. */
export interface SanitizerMetadataPlan {
  /** The metadata globals, in module order. */
  readonly fixes: readonly MetadataGlobalFix[];
  /** `sycl-device-global-size` of each fixed global, for `[SYCL/device globals]`. */
  readonly sizes: ReadonlyMap<LGlobal, number>;
  /** Attribute groups the plan adds: number → the text inside `{ … }`. */
  readonly newGroups: ReadonlyMap<string, string>;
  /** The group of the sentinel kernels (`{ "sycl-entry-point" }`), an existing one when the module has it. */
  readonly sentinelGroup: string;
}

function fail(m: LModule, tok: number, msg: string): never {
  throw irErrorAt(m, tok, msg);
}

/**
 * The new global's text for `g` (see the module comment), with `%{type}` for its struct type's
 * number and `%{md}` for its decoration node, and `#<group>` appended by the caller.
 */
function wrappedGlobalText(m: LModule, g: LGlobal): string {
  const t = m.tokens;
  const kw = globalKeyword(m, g);
  // Prefix: linkage and address space go (external linkage prints no keyword; the new global is in addrspace(1)).
  const prefix: string[] = [];
  let linkageSeen = false;
  for (let i = g.tokFrom + 2; i < kw; i++) {
    if (t.kindCode(i) === TK.nl) continue;
    if (!linkageSeen && g.linkage !== undefined && t.kindCode(i) === TK.word && t.textIs(i, g.linkage)) {
      linkageSeen = true;
      continue;
    }
    const isCall = t.kindCode(i + 1) === TK.punct && t.charAt(i + 1) === 0x28;
    if (t.kindCode(i) === TK.word && isCall) {
      // addrspace(N) / thread_local(model): one piece of four tokens.
      if (!t.textIs(i, 'addrspace')) prefix.push(tokensText(m, i, i + 4).replace(/ /g, ''));
      i += 3;
      continue;
    }
    prefix.push(tokensText(m, i, i + 1));
  }
  // A local global is implicitly dso_local (GlobalValue::isImplicitDSOLocal); the external copy prints it.
  const wasLocal = g.linkage === 'internal' || g.linkage === 'private';
  if (wasLocal && !prefix.some((w) => w === 'dso_local' || w === 'hidden' || w === 'protected')) prefix.unshift('dso_local');
  const ei = prefix.indexOf('externally_initialized');
  prefix.splice(ei < 0 ? prefix.length : ei, 0, 'addrspace(1)');
  if (g.initTo <= g.initFrom) fail(m, g.tokFrom, `sanitizer metadata global @${g.name} has no initializer (SanitizerKernelMetadataPass wraps it)`);
  const typeText = valueTypeText(m, g);
  const initText = tokensText(m, g.initFrom, g.initTo);
  // ConstantStruct::get of one all-zero / undef / poison element is that constant of the struct type.
  const init = initText === 'zeroinitializer' || initText === 'undef' || initText === 'poison' ? initText : `{ ${typeText} ${initText} }`;
  // Trailer: section, partition, code model, sanitizer flags and alignment are copied; comdat and metadata are not.
  let trailer = '';
  let i = g.initTo;
  const skipNl = (at: number): number => {
    while (at < g.tokTo && t.kindCode(at) === TK.nl) at++;
    return at;
  };
  while ((i = skipNl(i)) < g.tokTo && t.kindCode(i) === TK.punct && t.charAt(i) === 0x2c) {
    const j = skipNl(i + 1);
    const k = t.kindCode(j);
    if (k === TK.meta) {
      // `!kind !N`, `!kind !{…}`, `!kind !"…"`: dropped.
      let e = j + 1;
      if (t.kindCode(e) === TK.meta) e++;
      else if (t.kindCode(e) === TK.punct && t.charAt(e) === 0x21) {
        e++;
        if (t.kindCode(e) === TK.punct && t.charAt(e) === 0x7b) {
          let depth = 0;
          for (; e < g.tokTo; e++) {
            if (t.kindCode(e) !== TK.punct) continue;
            if (t.charAt(e) === 0x7b) depth++;
            else if (t.charAt(e) === 0x7d && --depth === 0) break;
          }
          e++;
        } else e++;
      }
      i = e;
      continue;
    }
    if (k !== TK.word) break;
    const c = comdatAt(m, j, g.name);
    if (c) {
      i = c.to;
      continue;
    }
    const w = t.valueOf(j);
    const width = w === 'section' || w === 'partition' || w === 'code_model' || w === 'align' ? 2 : 1;
    trailer += ', ' + tokensText(m, j, j + width);
    i = j + width;
  }
  return `${printLlvmName('@', g.name)} = ${prefix.join(' ')} global %{type} ${init}${trailer}, !spirv.Decorations %{md}`;
}

/**
 * SanitizerKernelMetadataPass for `m` (module comment, item 2), worked out once: undefined when the
 * module has no sanitizer metadata global.
 */
export function planSanitizerMetadata(m: LModule, dl: DataLayout): SanitizerMetadataPlan | undefined {
  const globals = m.globals.filter((g) => metadataPrefixOf(g.name) !== undefined);
  if (globals.length === 0) return undefined;
  const existing = moduleGroups(m);
  const groups = new AttributeGroupNumbering(m);
  const t = m.tokens;
  // Globals the pass erases (eraseFromParent without replacing their uses) that something names:
  // in address space 1 the new global keeps the name and the type of the uses; elsewhere the uses
  // would name a global of another type (upstream: "Uses remain when a value is destroyed").
  const usedElsewhere = new Map<string, LGlobal>();
  for (const g of globals) if (g.addrspace !== 1) usedElsewhere.set(g.name, g);
  if (usedElsewhere.size) {
    for (let i = 0; i < t.length; i++) {
      if (t.kindCode(i) !== TK.gvar) continue;
      const g = usedElsewhere.get(t.valueOf(i));
      if (g && i !== g.tokFrom) fail(m, i, `@${g.name} is a sanitizer metadata global in addrspace(${g.addrspace}) used here: SanitizerKernelMetadataPass re-creates it in addrspace(1) and erases it with its uses in place (an assertion upstream)`);
    }
  }
  const groupFor = (text: string): string => groups.groupFor(text);
  const types = new TypeConverter();
  const fixes: MetadataGlobalFix[] = [];
  const sizes = new Map<LGlobal, number>();
  for (const g of globals) {
    const at = m.tokens.placeOf(g.tokFrom);
    // The alloc size of `{ T }` is T's: T's alloc size is a multiple of T's alignment, the struct's.
    let size: number;
    try {
      size = dl.allocSize(types.convert(g.valueType, at));
    } catch (e) {
      if (!(e instanceof IrSyntaxError)) throw e;
      // (The type converter's own reason speaks of spec constants; the instrumentation writes [N x { i64, i64 }].)
      fail(m, g.tokFrom, `the alloc size of sanitizer metadata global @${g.name} (its "sycl-device-global-size", set by SanitizerKernelMetadataPass) is computed here only for integer, floating-point, array, vector and struct types, not ${valueTypeText(m, g)}`);
    }
    // (inline first, then the groups': a group's value replaces an inline one, as LLParser merges them)
    const attrs: AttributeText[] = [];
    for (const a of g.attrs) attrs.push(inlineAttributeText(a));
    for (const n of g.attrGroups) {
      const group = existing.get(String(n));
      if (!group) fail(m, g.tokFrom, `attribute group #${n} of @${g.name} is not defined`);
      for (const a of group.attrs) attrs.push(a);
    }
    attrs.push({ key: 'sycl-device-global-size', isString: true, text: `"sycl-device-global-size"="${size}"` });
    fixes.push({ global: g, size, text: wrappedGlobalText(m, g), group: groupFor(attributeSetText(attrs)) });
    sizes.set(g, size);
  }
  const sentinelGroup = groupFor('"sycl-entry-point"');
  return { fixes, sizes, newGroups: groups.added, sentinelGroup };
}

/**
 * Applies `plan` to one output module keeping `kept` (its global variables in module order): the
 * re-created globals, their types, decoration nodes and attribute groups, and the sentinel kernels
 * (module comment, item 3). `names`: every global value name of the module, for unique sentinel names.
 */
export function applySanitizerMetadata(m: LModule, plan: SanitizerMetadataPlan, kept: readonly LGlobal[], names: ReadonlySet<string>, edits: ModuleEdits): void {
  const keptSet = new Set(kept);
  const fixes = plan.fixes.filter((f) => keptSet.has(f.global));
  if (fixes.length === 0) return;
  // One decoration for all (MDNode::get uniques): `!{!B}` numbered before its operand `!B`, as the slot tracker meets them.
  const list = nextMetadataNode(m, edits);
  newMetadataNode(m, edits, `!{!${Number(list.slice(1)) + 1}}`);
  newMetadataNode(m, edits, DECORATION);
  const groupsUsed = new Set<string>();
  fixes.forEach((f, k) => {
    // Numbered types in the order the module's globals use them (TypeFinder): the re-created globals come last, in this order.
    edits.newTypes.push(`%${k} = type { ${valueTypeText(m, f.global)} }`);
    edits.replacedGlobals.set(f.global, { text: `${f.text.replace('%{type}', `%${k}`).replace('%{md}', list)} #${f.group}`, attributeGroups: plan.newGroups.has(f.group) ? [] : [f.group] });
    groupsUsed.add(f.group);
  });
  // Sentinels: one per metadata global of the image, in the order of the image's globals.
  const taken = new Set(names);
  // ValueSymbolTable::makeUniqueName: base + `.` (none on NVPTX) + the table's one counter, LastUnique,
  // which a split module's fresh table starts at 0.
  const sep = isNvptxTriple(m.triple) ? '' : '.';
  let lastUnique = 0;
  for (const f of fixes) {
    const prefix = metadataPrefixOf(f.global.name)!;
    const base = '__sanitizerModule' + f.global.name.slice(prefix.length);
    let name = base;
    while (taken.has(name)) name = `${base}${sep}${++lastUnique}`;
    taken.add(name);
    edits.newDefinitions.push({
      text: `define weak_odr dso_local spir_kernel void ${printLlvmName('@', name)}() #${plan.sentinelGroup} {\nentry:\n  ret void\n}`,
      attributeGroups: plan.newGroups.has(plan.sentinelGroup) ? [] : [plan.sentinelGroup],
    });
  }
  groupsUsed.add(plan.sentinelGroup);
  for (const [n, text] of plan.newGroups) if (groupsUsed.has(n)) edits.newAttributeGroups.push(`attributes #${n} = { ${text} }`);
}

/** The token of `global` / `constant` in `g`'s definition: the first such word after `@name =`. */
function globalKeyword(m: LModule, g: LGlobal): number {
  const t = m.tokens;
  let kw = g.tokFrom + 2;
  while (kw < g.tokTo && !(t.kindCode(kw) === TK.word && (t.textIs(kw, 'global') || t.textIs(kw, 'constant')))) kw++;
  return kw;
}

/** The old global's value type as written (the tokens between `global`/`constant` and the initializer). */
function valueTypeText(m: LModule, g: LGlobal): string {
  return tokensText(m, globalKeyword(m, g) + 1, g.initFrom);
}

/**
 * What the later form of the pass (SanitizerPostOptimizer, intel/llvm#20161; body read at
 * intel/llvm:llvm/lib/SYCLLowerIR/SanitizerPostOptimizer.cpp@861cefc6 and the per-module-id
 * revision) would also change in `m`, and this implementation does not, as warnings: MSan checks
 * of a constant-zero shadow (`EliminateDeadCheck`) and `weak_odr` sanitizer configuration globals
 * (`FixWeakGlobalVariable`). Whether sycl-post-link runs that form was not confirmed from the
 * sources (docs/post-link.md): said, not guessed.
 */
export function sanitizerPostOptimizerWarnings(m: LModule): string[] {
  if (!m.globals.some((g) => metadataPrefixOf(g.name) !== undefined)) return [];
  const out: string[] = [];
  const msanPrefix = SANITIZER_METADATA_PREFIXES.find(([san]) => san === 'msan')![1];
  if (m.globals.some((g) => g.name.startsWith(msanPrefix))) {
    const dead = m.functions.some((f) =>
      f.blocks.some((b) =>
        b.instructions.some((i) => {
          const c = i.call;
          if (!c || c.callee.value.k !== 'global' || !c.callee.value.name.includes('__msan_maybe_warning_')) return false;
          const shadow = c.args[0]?.value.value;
          return shadow?.k === 'int' && shadow.value === 0n;
        }),
      ),
    );
    if (dead) out.push('later sycl-post-link revisions also erase __msan_maybe_warning_* calls whose shadow argument is constant zero (SanitizerPostOptimizer EliminateDeadCheck); not implemented here (docs/post-link.md)');
  }
  const weak = m.globals.filter((g) => (g.name === '__asan_check_shadow_bounds' || g.name === '__msan_track_origins') && g.linkage !== 'linkonce_odr');
  for (const g of weak) out.push(`later sycl-post-link revisions also give @${g.name} linkonce_odr linkage (SanitizerPostOptimizer FixWeakGlobalVariable); not implemented here (docs/post-link.md)`);
  return out;
}
