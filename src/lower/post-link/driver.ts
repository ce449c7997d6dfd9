/**
 * `postLink`: what sycl-post-link does with one input module
 * (intel/llvm:llvm/tools/sycl-post-link/sycl-post-link.cpp@676a364f `processInputModule`,
 * `saveModule`, `saveModuleProperties`, `saveModuleSymbolTable`), as a library function over an
 * injected file system, so the CLI (`syclbin post-link`) and the tests share it:
 *
 *   1. read the input (LLVM IR text; bitcode through the injected `disassemble`, e.g. llvm-dis);
 *   2. drop `llvm.used`, drop device globals from `llvm.compiler.used` (erasing those left unused);
 *   3. group entry points (`-split`), check cross-module `device_image_scope` use (`--device-globals`);
 *   4. per group: optionally a copy with spec constants replaced by defaults
 *      (`-generate-device-image-default-spec-consts`), then the spec-constant pass
 *      (`-spec-const=native|emulation`), cleanup (GlobalDCE, dead prototypes), and the files
 *      `<stem>_<N>.ll|.bc`, `<stem>_<N>.prop`, `<stem>_<N>.sym`;
 *   5. the file table `[Code|Properties|Symbols]` at `-o`, or with `--ir-output-only` just the IR.
 *
 * Property sets written (docs/post-link.md lists what is not): spec constants and their default
 * values, exported symbols, program metadata (`@reqd_work_group_size`, `@reqd_sub_group_size`, …, `@global_id_mapping`),
 * device globals, host pipes, `specConstsReplacedWithDefault`.
 */
import { ArgumentError, describeValue, optionsArgument, SyclbinError } from '../../codec/errors.js';
import { decodeLatin1, encodeLatin1, keyFromLatin1, utf8FromLatin1 } from '../../codec/bytes.js';
import { toBytes } from '../../codec/source.js';
import { writeRegistry } from '../../props/registry.js';
import { stringProperty, uint32, type PropertySetRegistry, type PropertyValue } from '../../props/model.js';
import { SET } from '../../../formats/property-sets.js';
import { lowerDeviceGlobals, verifyNoCrossModuleDeviceGlobalUsage } from '../device-globals.js';
import { buildRegistry } from '../lower.js';
import { atIrEntry, irDefinitionLabel } from '../from-ir/ir-entries.js';
import { findDeviceGlobals, type IrDeviceGlobal } from '../from-ir/device-globals.js';
import { intrinsicsCalled, runSpecConstantsPass, type LeafBudget } from '../from-ir/spec-constants-pass.js';
import { MAX_IDS_PER_LOWERING } from '../spec-constants.js';
import { isNvptxTriple, runCudaSpecConstantToSymbol } from '../from-ir/cuda-spec-constants.js';
import { notIrText } from '../../containers/ir-text.js';
import { moduleDataLayout } from '../from-ir/lower-ir.js';
import type { LFunction, LGlobal, LModule } from '../llvm-ir/parse/model.js';
import { fromUpstreamClang, producerIdents } from '../llvm-ir/producer.js';
import { parseLlvmIr } from '../llvm-ir/parse/parser.js';
import { upgradeDebugInfo } from '../llvm-ir/upgrade-debug-info.js';
import { irErrorAt, IrSyntaxError } from '../llvm-ir/parse/errors.js';
import { newModuleEdits, printModule, setFunctionAttributeGroup, type ModuleEdits } from '../llvm-ir/print.js';
import { AttributeGroupNumbering, attributeSetText, moduleGroups, type AttributeText } from '../llvm-ir/attribute-groups.js';
import { escapeLlvmBytes } from '../llvm-ir/escape.js';
import { globalDce, ReferenceGraph } from './module-view.js';
import { cleanUsedLists } from './used-lists.js';
import { postLinkOptions, type PostLinkOptions } from './options.js';
import { computeDeviceRequirements, withoutReqdWorkGroupSize, deviceLibReqMask, deviceRequirementsSet, kernelProgramMetadata } from './image-requirements.js';
import { targetCompatible } from './output-tables.js';
import { stripDeadDebugInfo } from './dead-debug-info.js';
import { ESIMD_MARKER_MD, firstEsimdFunction, firstInvokeSimd } from './esimd.js';
import { grfSizeOf, implicitLocalArgs, kernelParamOptInfo, optLevelOf, regAllocModeOf } from './runtime-info.js';
import { REGISTERED_KERNELS_MD, registeredKernels } from './registered-kernels.js';
import { kernelsUsingAssert } from './assert-used.js';
import { hostPipeRecord, hostPipes } from './host-pipes.js';
import { applySanitizerMetadata, planSanitizerMetadata, sanitizerEntry, sanitizerPostOptimizerWarnings } from './sanitizers.js';
import { BF16_DEVICELIB_FUNCTIONS, importableDefinitions, importedSymbols, internalize } from './dynamic-linking.js';
import { BF16_DEVICE_LIBS, deviceLibProperties, usesBf16DeviceLib } from './device-libs.js';
import { functionAttribute, groupClosure, groupEntryPoints, isIntrinsicOrBuiltin, isKernel, splitRoots, virtualFunctionCleanup, virtualFunctionSets, type EntryPointGroup } from './split.js';

/** The files the driver reads and writes. `-` is standard input / output. */
export interface PostLinkFileSystem {
  /** The bytes of `path` (`-` is standard input). */
  read(path: string): Uint8Array;
  /** Write `bytes` to `path` (`-` is standard output). */
  write(path: string, bytes: Uint8Array): void;
}

/** Optional external tools (the CLI plugs in llvm-dis / llvm-as when installed). */
export interface PostLinkTools {
  /** Bitcode → IR text. */
  disassemble?(bitcode: Uint8Array): string;
  /** IR text → bitcode (output without `-S`). */
  assemble?(text: string): Uint8Array;
}

/** A failure sycl-post-link reports as `sycl-post-link: <message>` with exit status 1. */
export class PostLinkError extends SyclbinError {
  constructor(message: string) {
    super('FORMAT', message);
  }
}

/** What a post-link run did. */
export interface PostLinkResult {
  /** Paths written, in order. */
  readonly written: string[];
  /** Notes sycl-post-link prints on stderr (not errors). */
  readonly notes: string[];
  /**
   * What sycl-post-link would also write for this module and this implementation does not (docs/
   * post-link.md "Not implemented"): said, so an output that differs from upstream's never does so
   * silently.
   */
  readonly warnings: string[];
}

/**
 * The device globals current upstream exports (`--era=main`; ComputeModuleRuntimeInfo.cpp@09168482,
 * after the functions): every definition of external linkage without device_image_scope, in module order.
 */
function exportedDeviceGlobals(globals: readonly LGlobal[], found: readonly IrDeviceGlobal[]): string[] {
  const byName = new Map(globals.map((g) => [g.name, g]));
  const out: string[] = [];
  for (const dg of found) {
    const g = byName.get(dg.irName)!;
    if (g.initTo > g.initFrom && g.linkage === undefined && !dg.deviceImageScope) out.push(g.name);
  }
  return out;
}

/**
 * The device globals current upstream imports (`--era=main` with -allow-device-image-dependencies;
 * ComputeModuleRuntimeInfo.cpp@09168482): declarations of external linkage whose value type is a
 * named struct with `device_global` in its name (declarations carry no attributes).
 */
function importedDeviceGlobals(globals: readonly LGlobal[]): string[] {
  return globals.filter((g) => g.initTo <= g.initFrom && (g.linkage === undefined || g.linkage === 'external') && g.valueType.kind === 'struct' && (g.valueType.name ?? '').includes('device_global')).map((g) => g.name);
}

/**
 * Each of `entries` gets its attribute set plus `"sycl-entry-point"` (F->addFnAttr), as a group of
 * `numbering` (an existing group of that set, or a new one printed with the image). Attributes
 * written inline in a header stay there (LLVM would fold them into the group: the same attributes).
 */
function markEntryPoints(m: LModule, entries: readonly LFunction[], eg: { numbering: AttributeGroupNumbering; groups: ReturnType<typeof moduleGroups> }, edits: ModuleEdits): void {
  const added = new Set<string>();
  for (const f of entries) {
    const attrs: AttributeText[] = [];
    for (const n of f.attrGroups) for (const a of eg.groups.get(String(n))?.attrs ?? []) attrs.push(a);
    attrs.push({ key: 'sycl-entry-point', isString: true, text: '"sycl-entry-point"' });
    const group = eg.numbering.groupFor(attributeSetText(attrs));
    setFunctionAttributeGroup(m, edits, f, group);
    if (eg.numbering.added.has(group)) added.add(group);
  }
  // (printed in number order, after the module's groups and the sanitizer pass's, which come first in numbering)
  for (const n of [...added].sort((a, b) => Number(a) - Number(b))) edits.newAttributeGroups.push(`attributes #${n} = { ${eg.numbering.added.get(n)!} }`);
}

/** The `[SYCL/misc properties]` computeModuleProperties writes before the device globals (of those implemented), in its order. */
function miscOf(regAllocMode: number | undefined, grfSize: number | undefined, optLevel: number | undefined, idQueriesRange: PostLinkOptions['idQueriesRange']): [string, PropertyValue][] {
  const out: [string, PropertyValue][] = [];
  if (regAllocMode !== undefined) out.push(['sycl-register-alloc-mode', uint32(regAllocMode)]);
  if (grfSize !== undefined) out.push(['sycl-grf-size', uint32(grfSize)]);
  if (optLevel !== undefined) out.push(['optLevel', uint32(optLevel >>> 0)]);
  if (idQueriesRange !== 'int') out.push(['idQueriesRange', uint32(ID_QUERIES_RANGE_VALUES[idQueriesRange])]);
  return out;
}

/** `idQueriesRange`'s value per `-id-queries-range` (the upstream test: uint 1, size_t 2; int writes none). */
const ID_QUERIES_RANGE_VALUES = { uint: 1, size_t: 2 } as const;

/**
 * `registry` with `compile_target` = `target` appended to `[SYCL/device requirements]`
 * (saveModuleProperties: `PropSet.add(SYCL_DEVICE_REQUIREMENTS, "compile_target", Target)`; the
 * set is created at the end when missing, as PropertySetRegistry::add does).
 */
function withCompileTarget(registry: PropertySetRegistry, target: string): PropertySetRegistry {
  const out = new Map(registry);
  out.set(SET.DEVICE_REQUIREMENTS, new Map([...(registry.get(SET.DEVICE_REQUIREMENTS) ?? []), ['compile_target', stringProperty(target)]]));
  return out;
}

/** Bytes as a string of the same code units (ISO-8859-1): the codec's decodeLatin1. */
export const latin1 = decodeLatin1;
const latin1Bytes = encodeLatin1;
/** A byte string (IR names are read byte for byte) as the text those UTF-8 bytes spell. */
const utf8Name = utf8FromLatin1;
/**
 * A byte string as a property key or value (bytes that are not UTF-8 kept as U+DC80+byte, written
 * back as those bytes, as sycl-post-link writes names: keyFromLatin1 in src/codec/bytes.ts).
 */
const keyName = keyFromLatin1;

/** True for LLVM bitcode (raw `BC\xC0\xDE` or the wrapper magic 0x0B17C0DE). */
export function isBitcode(b: Uint8Array): boolean {
  return (b[0] === 0x42 && b[1] === 0x43 && b[2] === 0xc0 && b[3] === 0xde) || (b[0] === 0xde && b[1] === 0xc0 && b[2] === 0x17 && b[3] === 0x0b);
}

function splitPath(p: string): { dir: string; base: string } {
  const i = p.lastIndexOf('/');
  return i < 0 ? { dir: '', base: p } : { dir: p.slice(0, i), base: p.slice(i + 1) };
}
/** llvm::sys::path::stem */
function stem(p: string): string {
  const { base } = splitPath(p);
  if (base === '.' || base === '..') return base;
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? base : base.slice(0, dot);
}

/**
 * Reads and parses the input module (IR text, or bitcode through `tools.disassemble`), as LLParser
 * leaves it: debug info of a version other than 3 stripped (src/lower/llvm-ir/upgrade-debug-info.ts),
 * LLVM's warning about it handed to `warn` (as `warning: …`, the line LLVM prints).
 */
export function readInputModule(input: Uint8Array, tools: PostLinkTools, name: string, warn?: (line: string) => void): LModule {
  // (A file system the caller supplies may hand back an ArrayBuffer or a view.)
  const bytes = toBytes(input, `${name}: the input`);
  let text: string;
  if (isBitcode(bytes)) {
    if (!tools.disassemble) throw new PostLinkError(`${name}: the input is LLVM bitcode; reading it needs llvm-dis (Debian package llvm-19), which is not installed — or pass the .ll text`);
    text = tools.disassemble(bytes);
    // llvm-dis writes UTF-8 text; keep bytes exact.
    text = latin1(new TextEncoder().encode(text));
  } else {
    const why = notIrText(bytes);
    if (why) throw new PostLinkError(`${name}: ${why}`);
    text = latin1(bytes);
  }
  const { module, warning } = upgradeDebugInfo(parseLlvmIr(text), name);
  if (warning !== undefined) warn?.(`warning: ${warning}`);
  return module;
}

/**
 * Runs sycl-post-link's processing on the options' `input`; writes through `fs`. `given` is what
 * {@link parsePostLinkArgs} makes of a command line, or only the fields a caller sets
 * ({@link postLinkOptions} fills in the rest). Returns the paths written, notes and warnings.
 */
export function postLink(given: Partial<PostLinkOptions>, fs: PostLinkFileSystem, tools: PostLinkTools = {}): PostLinkResult {
  // A library caller may give only the fields it sets (the others default as on a command line without them).
  const opts = postLinkOptions(given);
  if (typeof fs !== 'object' || fs === null || typeof fs.read !== 'function' || typeof fs.write !== 'function') throw new ArgumentError(`postLink: the file system must be an object with read(path) and write(path, bytes), not ${describeValue(fs)}`);
  tools = optionsArgument(tools, 'postLink');
  const written: string[] = [];
  const notes: string[] = [];
  const write = (path: string, bytes: Uint8Array): void => {
    fs.write(path, bytes);
    written.push(path);
  };
  const m = readInputModule(fs.read(opts.input), tools, opts.input === '-' ? '<stdin>' : opts.input, (w) => notes.push(w));
  try {
    return processModule(m, opts, tools, (p) => fs.read(p), write, written, notes);
  } catch (e) {
    // The shared lowering names an entry read from IR by a path: report it at its call or global.
    throw atIrEntry(m, e);
  }
}

/** A producer string as a warning quotes it: at most 120 characters (JSON-quoted by the caller: no control characters reach the terminal). */
function clipIdent(s: string): string {
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}

/**
 * A defined, externally visible function that is no kernel and no builtin, in a module from upstream
 * clang where no function has the "sycl-module-id" attribute (see src/lower/llvm-ir/producer.ts).
 */
function unmarkedExternal(m: LModule): LFunction | undefined {
  if (!fromUpstreamClang(m)) return undefined;
  if (m.functions.some((f) => functionAttribute(m, f, 'sycl-module-id') !== undefined)) return undefined;
  return m.functions.find((f) => !f.isDeclaration && !isKernel(f) && !isIntrinsicOrBuiltin(f.name) && f.linkage !== 'internal' && f.linkage !== 'private');
}

/** processInputModule and main()'s output: everything after the module is read. */
function processModule(m: LModule, opts: PostLinkOptions, tools: PostLinkTools, read: (path: string) => Uint8Array, write: (path: string, bytes: Uint8Array) => void, written: string[], notes: string[]): PostLinkResult {
  // What sycl-post-link would also do that is not done here is said (docs/post-link.md "Not implemented").
  const warnings = opts.irOutputOnly ? [] : sanitizerPostOptimizerWarnings(m);
  // ESIMD (src/lower/post-link/esimd.ts): nothing to do for a module without it; not done for one with it.
  const invokeSimd = firstInvokeSimd(m);
  if (invokeSimd && opts.splitEsimd) throw new PostLinkError("'invoke_simd' calls detected, '-split-esimd' must not be specified");
  const esimd = firstEsimdFunction(m);
  if (esimd && (opts.lowerEsimd || opts.splitEsimd)) {
    // At the function, so the message has its line and column.
    throw irErrorAt(m, esimd.headerFrom, `option '-${opts.splitEsimd ? 'split-esimd' : 'lower-esimd'}' is not supported by syclbin post-link for this module: @${utf8Name(esimd.name)} is an ESIMD function (!${ESIMD_MARKER_MD}); splitting SYCL and ESIMD code and lowering ESIMD are not implemented`);
  }
  if (esimd) warnings.push(`sycl-post-link would split the SYCL and ESIMD entry points of this module and link them back (@${utf8Name(esimd.name)} has !${ESIMD_MARKER_MD}); not implemented here, the module is handled as SYCL code (docs/post-link.md)`);
  if (invokeSimd) warnings.push(`sycl-post-link would rewrite the __builtin_invoke_simd calls (@${utf8Name(invokeSimd.name)}) with SYCLLowerInvokeSimdPass; not implemented here (docs/post-link.md)`);
  // Upstream clang marks no SYCL_EXTERNAL function "sycl-module-id" (intel's clang does): such a
  // module's exported functions are no entry points, as in sycl-post-link; said, not left to surprise.
  const external = opts.irOutputOnly ? undefined : unmarkedExternal(m);
  if (external) {
    warnings.push(
      `this module is from ${JSON.stringify(clipIdent(producerIdents(m)[0]!))}, which marks no function "sycl-module-id" (intel/llvm's clang marks SYCL_EXTERNAL functions so): its functions that are not kernels, such as @${utf8Name(external.name)}, are no entry points here, as in sycl-post-link (not exported; made internal with -support-dynamic-linking or --era=main)`,
    );
  }
  const dl = moduleDataLayout(m);
  // `out.bc` without a dot is upstream's own default name (intel/llvm:llvm/tools/sycl-post-link/sycl-post-link.cpp, `IROutputOnly ? (OutputAssembly ? ".out.ll" : "out.bc")`).
  const output = opts.output ?? stem(opts.input) + (opts.irOutputOnly ? (opts.outputAssembly ? '.out.ll' : 'out.bc') : '.files');
  const graph = new ReferenceGraph(m);

  // 2. llvm.used / llvm.compiler.used
  const base = newModuleEdits();
  const { removed, compilerUsedRefs, compilerUsed, hadCompilerUsed } = cleanUsedLists(m, graph);
  if (compilerUsed) base.newGlobals.push(compilerUsed);
  const allNames = new Set([...graph.byName.keys()].filter((n) => !removed.has(n)));
  // The sanitizer's metadata globals, re-created as device globals before the split (SanitizerKernelMetadataPass).
  const sanitizerPlan = planSanitizerMetadata(m, dl);
  // Current upstream's cleanup marks each entry point "sycl-entry-point" before InternalizePass
  // (ModuleDesc::cleanup, ModuleSplitter.cpp@01e7e04f; not with -allow-device-image-dependencies):
  // the sets it makes, numbered after the module's groups and the sanitizer pass's.
  const entryGroups = opts.era === 'main' && !opts.allowDeviceImageDependencies ? { numbering: new AttributeGroupNumbering(m, sanitizerPlan?.newGroups.keys()), groups: moduleGroups(m) } : undefined;
  /** Re-created with external linkage: never discardable. */
  const sanitizerGlobals = sanitizerPlan ? sanitizerPlan.fixes.map((f) => f.global.name).filter((n) => !removed.has(n)) : [];

  // 3. groups
  const splitting = (opts.splitGiven || opts.era === 'main') && opts.split !== 'none';
  let groups: EntryPointGroup[] = groupEntryPoints(m, splitting ? opts.split : 'none', opts.emitOnlyKernelsAsEntryPoints, opts.irOutputOnly);
  const doSplit = splitting && groups.some((g) => g.entries.length > 0);
  if (groups.length === 0) groups = [{ key: '<GLOBAL>', entries: [] }];
  const globalRoots = doSplit ? [...splitRoots(graph, removed, compilerUsedRefs), ...sanitizerGlobals] : [];
  // -allow-device-image-dependencies: a split module does not pull in what another image provides.
  const imported = opts.allowDeviceImageDependencies && doSplit ? importableDefinitions(m) : undefined;
  const declaredImports: Set<string>[] = groups.map(() => new Set());
  const closures: Set<string>[] = doSplit ? groups.map((g, gi) => new Set([...groupClosure(graph, g, globalRoots, imported, declaredImports[gi])].filter((n) => !removed.has(n)))) : [allNames];
  if (!doSplit) groups = [{ key: '<GLOBAL>', entries: groups.flatMap((g) => g.entries) }];
  const allDeviceGlobals = findDeviceGlobals(m);
  if (opts.deviceGlobals && doSplit) verifyNoCrossModuleDeviceGlobalUsage(allDeviceGlobals, groups.map((g) => ({ name: g.key, uses: groupClosure(graph, g) })), 'irName');
  if (opts.irOutputOnly && closures.length > 1) throw new PostLinkError("some modules had to be split, '-ir-output-only' can't be used");

  const moduleId = opts.input === '-' ? '<stdin>' : opts.input;
  /** `Modified` of processInputModule before the spec-constant pass: llvm.used / llvm.compiler.used touched, or a split. */
  const baseModified = removed.has('llvm.used') || hadCompilerUsed || (doSplit && groups.length > 1) || sanitizerPlan !== undefined;
  const dirBase = opts.outDir ?? splitPath(output).dir;
  const resultName = (ext: string, i: number): string => `${dirBase === '' ? '' : dirBase.endsWith('/') ? dirBase : dirBase + '/'}${stem(output)}_${i}${ext}`;
  // One file table per `-o` (src/lower/post-link/output-tables.ts); without `-o`, the derived name.
  const tables = (opts.outputs.length ? opts.outputs : [{ file: output }]).map((o) => ({ ...o, rows: [] as string[][] }));
  // `.prop` files and the table's Properties column: always in the copied tests' era (before
  // intel/llvm#14220), only with -properties in current upstream's (saveModule: `if (DoPropGen)`).
  const writeProps = !opts.embedAuxInfoAsMetadata && (opts.era === 'tests' || opts.legacyProperties);
  let id = 0;

  const emitIr = (text: string, path: string): void => {
    if (opts.outputAssembly) write(path, latin1Bytes(text));
    else {
      if (!tools.assemble) throw new PostLinkError('writing bitcode needs llvm-as (Debian package llvm-19), which is not installed; add -S to write LLVM IR text');
      write(path, tools.assemble(new TextDecoder().decode(latin1Bytes(text))));
    }
  };

  // The spec-constant trees the calls of all split modules emit, together (src/lower/from-ir/spec-constants-pass.ts).
  const leafBudget: LeafBudget = { left: MAX_IDS_PER_LOWERING };
  // Whether an image written declares a bfloat16 device-library function (src/lower/post-link/device-libs.ts).
  let bf16Used = false;
  // (the few functions of the input that can make it so, found once: asked per split module, a scan of
  // every function made -split=kernel quadratic in the kernels)
  const bf16Candidates = m.functions.filter((f) => BF16_DEVICELIB_FUNCTIONS.has(f.name));
  for (let gi = 0; gi < groups.length; gi++) {
    const group = groups[gi]!;
    const kept = closures[gi]!;
    // The group's functions in module order, found from its names (not a pass over the module per group).
    const scope = graph.kept(kept).functions;
    const order = doSplit ? 'cloned' : 'parsed';

    // ModuleDesc::cleanup runs on the split module before the spec-constant pass: deleted virtual
    // function bodies are not lowered.
    const virtualFns = virtualFunctionCleanup(m, group, scope);
    // Functions another image provides, reached but not pulled in: CloneModule leaves them declarations.
    const importDeclared = declaredImports[gi]!.size ? scope.filter((f) => declaredImports[gi]!.has(f.name)) : [];
    const deletedBodies = new Set([...virtualFns.bodyDeleted, ...importDeclared]);
    const passScope = deletedBodies.size ? scope.filter((f) => !deletedBodies.has(f)) : scope;

    // checkForCallsToUndefinedFunctions runs once per split module (extractCallGraph), not per image made of it.
    let undefinedChecked = false;
    const produce = (mode: 'native' | 'emulation' | 'default_values' | undefined, fileIndex: number): void => {
      const edits: ModuleEdits = newModuleEdits();
      for (const l of base.newGlobals) edits.newGlobals.push(l);
      for (const f of virtualFns.bodyDeleted) edits.bodyDeleted.add(f);
      for (const f of virtualFns.externalized) edits.externalized.add(f);
      for (const f of importDeclared) edits.bodyDeleted.add(f);
      let lowering;
      let met = false;
      if (mode) {
        const r = runSpecConstantsPass(m, dl, mode, edits, order, passScope, leafBudget);
        lowering = r.lowering;
        met = r.modified;
        // NVPTX: the spec-constant buffer argument becomes a per-kernel global (src/lower/from-ir/cuda-spec-constants.ts).
        if (isNvptxTriple(m.triple)) runCudaSpecConstantToSymbol(m, edits, passScope);
      }
      if (opts.allowDeviceImageDependencies || opts.era === 'main') {
        // ModuleDesc::cleanup: InternalizePass after the virtual functions, before GlobalDCE; current
        // upstream runs it without -allow-device-image-dependencies too, keeping the module's entry
        // points and its indirectly-callable / referenced-indirectly functions (mustPreserveGV,
        // ModuleSplitter.cpp@01e7e04f).
        const before = graph.kept(kept);
        const entries = new Set(group.entries);
        const preserve = opts.allowDeviceImageDependencies
          ? undefined
          : (f: LFunction): boolean =>
              // (by the attribute: a function the input already marks "sycl-entry-point" is kept too)
              entries.has(f) || functionAttribute(m, f, 'sycl-entry-point') !== undefined || functionAttribute(m, f, 'indirectly-callable') !== undefined || functionAttribute(m, f, 'referenced-indirectly') !== undefined;
        const inner = internalize(m, before.functions, before.globals, edits.bodyDeleted, edits.externalized, preserve);
        for (const [f, how] of inner.functions) edits.internalized.set(f, how);
        for (const c of inner.nodeduplicate) edits.nodeduplicateComdats.add(c);
        for (const g of inner.globalsDroppingComdat) edits.globalsDroppingComdat.add(g);
      }
      // Externalized virtual functions are no longer discardable: GlobalDCE keeps them (unless internalized after).
      const final = graph.kept(
        globalDce(graph, kept, edits, [...compilerUsedRefs, ...sanitizerGlobals].filter((n) => kept.has(n)).concat(virtualFns.externalized.filter((f) => !edits.internalized.has(f)).map((f) => f.name))),
      );
      // Current upstream warns, after a split module's cleanup, of every function it still calls but does
      // not define (ModuleSplitter.cpp@01e7e04f extractCallGraph, checkForCallsToUndefinedFunctions; the
      // split path only, and not with -allow-device-image-dependencies), in the module's function order.
      if (opts.era === 'main' && doSplit && !opts.allowDeviceImageDependencies && !undefinedChecked) {
        undefinedChecked = true;
        for (const f of final.functions) {
          if ((f.isDeclaration || edits.bodyDeleted.has(f)) && !isIntrinsicOrBuiltin(f.name)) notes.push(`warning: Undefined function ${f.name} found in ${moduleId}. This may result in runtime errors.`);
        }
      }
      // The re-created metadata globals and, per image, the sentinel kernels (SanitizerPostSplitProcessing, before the spec-constant pass).
      if (sanitizerPlan) applySanitizerMetadata(m, sanitizerPlan, final.globals, final.names, edits);
      if (entryGroups) markEntryPoints(m, group.entries.filter((f) => final.names.has(f.name) && !f.isDeclaration && !edits.bodyDeleted.has(f)), entryGroups, edits);
      // ModuleDesc::cleanup: StripDeadDebugInfoPass after GlobalDCE.
      stripDeadDebugInfo(m, final.functions, final.globals, edits);
      // ModuleDesc::cleanup's cleanupSYCLRegisteredKernels: the pairs of the functions this module has.
      const registered = registeredKernels(m, new Set(final.functions.map((f) => f.name)));
      if (registered.operands) edits.replaceNamedMetadata.set(REGISTERED_KERNELS_MD, registered.operands);
      // The split module prints what it keeps (its entities, the metadata, attribute groups and comdats they use).
      edits.only = graph.itemsKept(final, edits);
      if (opts.irOutputOnly) {
        emitIr(printModule(m, edits, moduleId), output);
        return;
      }
      const sanitizer = sanitizerEntry(m, final.globals, final.functions);
      const foundDgs = findDeviceGlobals(m, final.globals, sanitizerPlan?.sizes);
      const dgs = lowerDeviceGlobals(foundDgs.map((g) => ({ ...g, name: keyName(g.name), irName: utf8Name(g.irName), label: irDefinitionLabel(m, g.global.tokFrom) })), dl);
      const imageEntries = group.entries.filter((f) => final.names.has(f.name));
      // computeModuleProperties: virtual functions are linked another way, not exported.
      const exported = opts.emitExportedSymbols ? imageEntries.filter((f) => f.cc === 'spir_func' && functionAttribute(m, f, 'indirectly-callable') === undefined).map((f) => keyName(f.name)) : [];
      // Function::deleteBody cleared the deleted virtual functions' metadata attachments; a function left to another image is a bare declaration.
      const withMetadata = edits.bodyDeleted.size ? final.functions.filter((f) => !edits.bodyDeleted.has(f)) : final.functions;
      const computed = computeDeviceRequirements(m, withMetadata, imageEntries);
      // Not split, the module's required work-group size would bind every kernel in it (those with
      // another size or none could not be launched): sycl-post-link drops it (intel/llvm#16236;
      // intel/llvm:llvm/tools/sycl-post-link/sycl-post-link.cpp computeModuleProperties,
      // `if (SplitMode == module_split::SPLIT_NONE) PropSet.remove(..., PROPERTY_REQD_WORK_GROUP_SIZE)`).
      const requirements = opts.split === 'none' ? withoutReqdWorkGroupSize(computed) : computed;
      // Current upstream's computeModuleProperties (ComputeModuleRuntimeInfo.cpp@09168482, --era=main) writes
      // no [SYCL/devicelib req mask], no sycl-register-alloc-mode and no [SYCL/host pipes], and imports
      // nothing but the bfloat16 device-library functions without -allow-device-image-dependencies
      // (canBeImportedFunction of ModuleSplitter.cpp@01e7e04f).
      const main = opts.era === 'main';
      const registry = buildRegistry({
          ...(main ? {} : { devicelibReqMask: deviceLibReqMask(m, final.functions) }),
          deviceRequirements: deviceRequirementsSet(requirements),
          ...(lowering ? { specConstants: { ...lowering, constants: lowering.constants.map((c) => ({ ...c, name: keyName(c.name) })) } } : {}),
          specConstantsMet: met && mode !== 'default_values',
          ...(opts.emitParamInfo ? { kernelParamOpt: kernelParamOptInfo(m, withMetadata, (f) => keyName(f.name)) } : {}),
          miscProperties: miscOf(main ? undefined : regAllocModeOf(m, imageEntries), grfSizeOf(m, imageEntries), optLevelOf(m, imageEntries), opts.idQueriesRange),
          // (current upstream writes no [SYCL/assert used]: ComputeModuleRuntimeInfo.cpp@09168482)
          assertUsed: opts.era === 'main' ? [] : kernelsUsingAssert(m, final.functions, withMetadata, order).map(keyName),
          implicitLocalArg: implicitLocalArgs(m, final.functions).map(([f, pos]) => [keyName(f.name), pos] as const),
          ...(sanitizer ? { sanitizer } : {}),
          exportedSymbols: main && opts.emitExportedSymbols ? [...exported, ...exportedDeviceGlobals(final.globals, foundDgs).map(keyName)] : exported,
          // computeModuleProperties (ComputeModuleRuntimeInfo.cpp@09168482): the entry points with `hasKernelCallingConv`.
          kernelNames: opts.emitKernelNames ? imageEntries.filter(isKernel).map((f) => keyName(f.name)) : [],
          importedSymbols: opts.emitImportedSymbols
            ? [
                ...importedSymbols(m, final.functions, edits.bodyDeleted).filter((n) => !main || opts.allowDeviceImageDependencies || BF16_DEVICELIB_FUNCTIONS.has(n)),
                ...(main && opts.allowDeviceImageDependencies ? importedDeviceGlobals(final.globals) : []),
              ].map(keyName)
            : [],
          emitProgramMetadata: opts.emitProgramMetadata,
          kernelProgramMetadata: opts.emitProgramMetadata ? kernelProgramMetadata(m, withMetadata, (w) => void (warnings.includes(w) || warnings.push(w))) : [],
          deviceGlobals: dgs,
          emitDeviceGlobals: opts.deviceGlobals,
          hostPipes: main ? [] : hostPipes(m, final.globals).map((p) => ({ key: p.key, record: hostPipeRecord(p) })),
          specConstsReplacedWithDefault: mode === 'default_values',
          registeredKernels: registered.properties.map(([k, v]) => [keyName(k), keyName(v)]),
          virtualFunctions: new Map([...virtualFunctionSets(m, final.functions.filter((f) => !f.isDeclaration && !edits.bodyDeleted.has(f)))].map(([k, v]) => [k, keyName(v)])),
        });
      const properties = writeRegistry(registry);
      // Asked of the module before its cleanup (sycl-post-link.cpp processInputModule:
      // isSYCLDeviceLibBF16Used before prepareModuleBeforeSave): a split module is a clone that has
      // every function of the input, those not extracted as declarations; not split, the input itself.
      bf16Used ||= usesBf16DeviceLib(m, bf16Candidates, (f) => f.isDeclaration || edits.bodyDeleted.has(f) || (doSplit && !kept.has(f.name)));
      // computeModuleSymbolTable: the entry points' names, one per line (names are byte strings).
      const symbols = opts.symbols ? group.entries.map((f) => f.name + '\n').join('') : undefined;
      if (opts.embedAuxInfoAsMetadata) {
        // -embed-aux-info-as-metadata (intel/llvm#14197; test embed_aux_info_as_metadata.ll@52d12b5f):
        // the texts the files would hold become one-string nodes of named metadata, after what the
        // passes added; no .prop or .sym file is written.
        edits.newNamedMetadata.push({ name: 'sycl_properties', nodes: [`!{!"${escapeLlvmBytes(decodeLatin1(properties))}"}`] });
        if (symbols !== undefined) edits.newNamedMetadata.push({ name: 'sycl_symbol_table', nodes: [`!{!"${escapeLlvmBytes(symbols)}"}`] });
      }
      const text = printModule(m, edits, moduleId);
      // Nothing changed and no -o: sycl-post-link lists the input itself as the code file and says so.
      let irPath: string;
      if (!baseModified && !met && mode !== 'default_values' && opts.output === undefined) {
        irPath = opts.input;
        notes.push('sycl-post-link NOTE: no modifications to the input LLVM IR have been made');
      } else {
        irPath = resultName(opts.outputAssembly ? '.ll' : '.bc', fileIndex);
        emitIr(text, irPath);
      }
      let symPath: string | undefined;
      if (symbols !== undefined && !opts.embedAuxInfoAsMetadata) {
        symPath = resultName('.sym', fileIndex);
        write(symPath, latin1Bytes(symbols));
      }
      // saveModule: a row in each table whose target can run the module, with its own property file
      // for a target. Upstream writes a file again for each table naming it, with the same bytes: once here.
      const propsWritten = new Set<string>();
      for (const t of tables) {
        if (!targetCompatible(t.target, computed, opts.era)) continue;
        const row = [irPath];
        if (writeProps) {
          const targeted = t.target !== undefined && t.target !== '';
          const propPath = resultName(targeted ? `.${t.target}.prop` : '.prop', fileIndex);
          if (!propsWritten.has(propPath)) write(propPath, targeted ? writeRegistry(withCompileTarget(registry, t.target!)) : properties);
          propsWritten.add(propPath);
          row.push(propPath);
        }
        if (symPath !== undefined) row.push(symPath);
        t.rows.push(row);
      }
    };

    const hasSpecConsts = intrinsicsCalled(m, passScope);
    produce(opts.specConst, id);
    if (opts.irOutputOnly) return { written, notes, warnings };
    id++;
    if (opts.generateDefaultSpecConsts && hasSpecConsts) {
      produce('default_values', id);
      id++;
    }
  }
  if (bf16Used && opts.deviceLibDir !== undefined) {
    // saveDeviceLibModule, after every image: the libraries as read, their own properties.
    for (const name of BF16_DEVICE_LIBS) {
      const path = `${opts.deviceLibDir}/${name}`;
      let lib: LModule;
      try {
        lib = readInputModule(read(path), tools, path, (w) => notes.push(w));
      } catch (e) {
        // (upstream's words, then which file and why)
        const why = e instanceof IrSyntaxError ? `${path}:${e.line}:${e.column}: ${e.reason}` : e instanceof SyclbinError ? e.message : `${path} cannot be read${e instanceof Error ? ` (${e.message})` : ''}`;
        throw new PostLinkError(`failed to load bfloat16 device library modules: ${why}`);
      }
      const irPath = resultName(opts.outputAssembly ? '.ll' : '.bc', id);
      emitIr(printModule(lib, newModuleEdits(), path), irPath);
      let symPath: string | undefined;
      if (opts.symbols && !opts.embedAuxInfoAsMetadata) write((symPath = resultName('.sym', id)), new Uint8Array(0));
      const registry = deviceLibProperties(lib, name);
      const requirements = computeDeviceRequirements(lib, lib.functions, []);
      const propsWritten = new Set<string>();
      for (const t of tables) {
        if (!targetCompatible(t.target, requirements, opts.era)) continue;
        const row = [irPath];
        if (writeProps) {
          const targeted = t.target !== undefined && t.target !== '';
          const propPath = resultName(targeted ? `.${t.target}.prop` : '.prop', id);
          if (!propsWritten.has(propPath)) write(propPath, writeRegistry(targeted ? withCompileTarget(registry, t.target!) : registry));
          propsWritten.add(propPath);
          row.push(propPath);
        }
        if (symPath !== undefined) row.push(symPath);
        t.rows.push(row);
      }
      id++;
    }
  }
  const titles = opts.embedAuxInfoAsMetadata ? ['Code'] : ['Code', ...(writeProps ? ['Properties'] : []), ...(opts.symbols ? ['Symbols'] : [])];
  for (const t of tables) write(t.file, new TextEncoder().encode(`[${titles.join('|')}]\n` + t.rows.map((r) => r.join('|') + '\n').join('')));
  return { written, notes, warnings };
}

