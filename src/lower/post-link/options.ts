/**
 * sycl-post-link's command line (intel/llvm:llvm/tools/sycl-post-link/sycl-post-link.cpp@676a364f,
 * LLVM `cl::opt` syntax): options are written with one or two dashes, values as `-name=value` or
 * `-name value`, and the input file is the positional argument (default `-`, standard input).
 *
 * Supported: `-o` (repeatable, `-o <target>,<file>` for a table filtered by target), `-out-dir`, `-S`, `-f`, `-ir-output-only`, `-split=source|kernel|auto`,
 * `-symbols`, `-spec-const=native|emulation` (old spellings `rt` = native, `default` = emulation),
 * `-device-globals`, `-emit-program-metadata`, `-emit-exported-symbols`, `-emit-kernel-names`,
 * `-emit-imported-symbols`, `-support-dynamic-linking` / `-allow-device-image-dependencies`,
 * `-emit-param-info`, `-emit-only-kernels-as-entry-points`,
 * `-generate-device-image-default-spec-consts`, `-embed-aux-info-as-metadata`, `-O0`…`-Oz` (no
 * effect without ESIMD lowering), `-split-esimd` and `-lower-esimd` (for a module without ESIMD
 * code, where they change nothing; the driver refuses them for one with some) and `-properties`
 * (accepted; `.prop` files are always written, as sycl-post-link did before intel/llvm#14220 made
 * them depend on this switch), `-force-disable-esimd-opt` (ESIMD lowering only: no effect),
 * `-id-queries-range=int|uint|size_t` and `--device-lib-dir DIR`. Options whose work this implementation does not do (debug output
 * of an assertions build) are refused by name with {@link PostLinkUsageError}, never ignored.
 */
import { ArgumentError, describeValue, SyclbinError } from '../../codec/errors.js';
import { suggestOption } from '../../codec/suggest.js';

/** A command-line problem (sycl-post-link exits 1 with a message on stderr). */
export class PostLinkUsageError extends SyclbinError {
  constructor(message: string) {
    super('SYNTAX', message);
  }
}

/** `-split`: `none` (not given), one module per source file, per kernel, or `auto`. */
export type SplitMode = 'none' | 'source' | 'kernel' | 'auto';

/** Parsed options. */
export interface PostLinkOptions {
  /** Input file; `-` is standard input. */
  input: string;
  /** The first `-o`'s file; undefined = derived from the input name as sycl-post-link does. Every module file is named after it. */
  output?: string;
  /**
   * Every `-o`, in order: a file table each (src/lower/post-link/output-tables.ts). `-o <target>,<file>`
   * lists only the modules compatible with the target (sycl-post-link's `TargetFilenamePairParser`:
   * split at the first comma; with no comma, or nothing after it, the value is the file).
   */
  outputs: { readonly target?: string; readonly file: string }[];
  /** `-out-dir`: directory for the output files. */
  outDir?: string;
  /** `-S`: write `.ll` text (otherwise bitcode). */
  outputAssembly: boolean;
  /** `-f`: write bitcode to a terminal anyway. */
  force: boolean;
  /** `-ir-output-only`: write the (single) output module only, no file table or property files. */
  irOutputOnly: boolean;
  /**
   * Whose sycl-post-link to follow where revisions differ (this toolkit's `--era`, not an option of
   * sycl-post-link): `tests` (the default), the rules the copied lit tests were written for (no split
   * without `-split`, `.prop` files written with or without `-properties`, functions internalized only
   * with `-allow-device-image-dependencies`, `[SYCL/assert used]`); `main`, current intel/llvm's
   * (sycl-post-link.cpp of index id 51796436727 and ModuleSplitter.cpp@01e7e04f): `-split` defaults to
   * `auto`, `.prop` files and the table's Properties column only with `-properties`, every output
   * module internalized but its entry points (marked `"sycl-entry-point"`) and its
   * `indirectly-callable`/`referenced-indirectly` functions (`ModuleDesc::cleanup`, `mustPreserveGV`),
   * the property sets of ComputeModuleRuntimeInfo.cpp@09168482 (no `[SYCL/assert used]`,
   * `[SYCL/devicelib req mask]`, `sycl-register-alloc-mode`, `[SYCL/host pipes]`; imports only with
   * `-allow-device-image-dependencies`); docs/post-link.md says what of it is not done.
   */
  era: 'tests' | 'main';
  /** `-split` mode (`none` when not given, `auto` in `--era main`). */
  split: SplitMode;
  /** True when `-split` was given (sycl-post-link checks getNumOccurrences). */
  splitGiven: boolean;
  /** `-symbols`: write a `.sym` file of entry point names per module. */
  symbols: boolean;
  /** `-spec-const` mode, when given. */
  specConst?: 'native' | 'emulation';
  /** `-device-globals`: write `[SYCL/device globals]` properties. */
  deviceGlobals: boolean;
  /** `-emit-program-metadata`: write `[SYCL/program metadata]` properties. */
  emitProgramMetadata: boolean;
  /** `-emit-exported-symbols`: write `[SYCL/exported symbols]` properties. */
  emitExportedSymbols: boolean;
  /** `-emit-param-info`: write `[SYCL/kernel param opt]` from the functions' omitted-argument metadata. */
  emitParamInfo: boolean;
  /** `-emit-kernel-names`: write `[SYCL/kernel names]` (the entry points with a kernel calling convention). */
  emitKernelNames: boolean;
  /** `-emit-imported-symbols`: write `[SYCL/imported symbols]` (src/lower/post-link/dynamic-linking.ts). */
  emitImportedSymbols: boolean;
  /**
   * `-support-dynamic-linking`, renamed `-allow-device-image-dependencies` (intel/llvm#15258; both
   * spellings taken): split modules leave functions another image provides as declarations, and
   * cleanup internalizes the rest but the kernels (src/lower/post-link/dynamic-linking.ts).
   */
  allowDeviceImageDependencies: boolean;
  /**
   * `-embed-aux-info-as-metadata` (intel/llvm#14197, for thinLTO): each module carries its property
   * text as `!sycl_properties` and, with `-symbols`, its symbol table as `!sycl_symbol_table`; no
   * `.prop` or `.sym` file is written and the table has the `Code` column only.
   */
  embedAuxInfoAsMetadata: boolean;
  /** `-emit-only-kernels-as-entry-points`: only kernels are entry points (not SYCL_EXTERNAL functions). */
  emitOnlyKernelsAsEntryPoints: boolean;
  /** `-generate-device-image-default-spec-consts`: also write each image with spec constants replaced by their defaults. */
  generateDefaultSpecConsts: boolean;
  /** `-properties` was given (accepted; `.prop` files are written either way, as sycl-post-link wrote them before intel/llvm#14220 made them depend on it). */
  legacyProperties: boolean;
  /**
   * `-reduce-memory-usage` (sycl-post-link of 2021–2023: one ValueToValueMapTy shared by all split
   * modules, to save memory). Accepted; it changes how much memory that tool used, not what it
   * wrote for SPIR targets, and this implementation shares nothing between split modules anyway.
   */
  reduceMemoryUsage: boolean;
  /**
   * `-O0`…`-O3`, `-Os`, `-Oz` as given. Accepted: sycl-post-link reads them only to choose the passes
   * after ESIMD lowering (sycl-post-link.cpp `getOptLevel`, used by `lowerEsimdConstructs` alone),
   * and no ESIMD code is lowered here, so they change nothing this implementation writes.
   */
  optLevels: string[];
  /**
   * `-lower-esimd` / `-split-esimd`: accepted for a module without ESIMD code, where sycl-post-link
   * has nothing to split or lower (src/lower/post-link/esimd.ts); refused, naming the ESIMD function,
   * for a module with some.
   */
  lowerEsimd: boolean;
  /** See {@link PostLinkOptions.lowerEsimd}. */
  splitEsimd: boolean;
  /**
   * `-force-disable-esimd-opt` (hidden upstream): no optimisation after ESIMD lowering. Accepted as
   * the `-O` levels are: only ESIMD lowering reads it (sycl-post-link.cpp `ESIMDProcessingOptions`).
   */
  forceDisableEsimdOpt: boolean;
  /**
   * `-id-queries-range=int|uint|size_t` (what `-fsycl-id-queries-range` promises the IDs fit in; the
   * driver forwards it): `uint` and `size_t` add `idQueriesRange` (1 and 2) to `[SYCL/misc properties]`,
   * `int`, the default, adds nothing (ComputeModuleRuntimeInfo.h `computeModuleProperties(...,
   * int IdQueriesRange)`; the upstream test checks `idQueriesRange=1|1` and `1|2`).
   */
  idQueriesRange: 'int' | 'uint' | 'size_t';
  /**
   * `--device-lib-dir DIR` (clang-linker-wrapper passes it whenever DIR/libsycl-native-bfloat16.bc
   * exists): where the bfloat16 device libraries are; appended as two more images when an image
   * declares one of their functions (src/lower/post-link/device-libs.ts), otherwise unused.
   */
  deviceLibDir?: string;
  /**
   * The boolean flags the command line gave, whatever their value (`-device-globals=false` included),
   * by their field names: sycl-post-link's main() counts most of them by occurrence
   * (getNumOccurrences). Set by {@link parsePostLinkArgs}; a library caller leaves it out (a flag is
   * then given when it is true).
   */
  flagsGiven?: readonly string[];
}

/** Options this implementation refuses, with the reason printed. */
export const UNSUPPORTED_OPTIONS: Readonly<Record<string, string>> = {
  'debug-only': 'debug output exists only in an assertions build of sycl-post-link',
};

/** The boolean flags (cl::opt<bool> in sycl-post-link.cpp) and the option each sets. */
type BoolOption = { [K in keyof PostLinkOptions]: PostLinkOptions[K] extends boolean ? K : never }[keyof PostLinkOptions];
const BOOL_OPTIONS: ReadonlyMap<string, BoolOption> = new Map<string, BoolOption>([
  ['S', 'outputAssembly'],
  ['f', 'force'],
  ['ir-output-only', 'irOutputOnly'],
  ['symbols', 'symbols'],
  ['device-globals', 'deviceGlobals'],
  ['emit-program-metadata', 'emitProgramMetadata'],
  ['emit-exported-symbols', 'emitExportedSymbols'],
  ['emit-param-info', 'emitParamInfo'],
  ['emit-kernel-names', 'emitKernelNames'],
  ['emit-imported-symbols', 'emitImportedSymbols'],
  ['support-dynamic-linking', 'allowDeviceImageDependencies'],
  ['allow-device-image-dependencies', 'allowDeviceImageDependencies'],
  ['embed-aux-info-as-metadata', 'embedAuxInfoAsMetadata'],
  ['emit-only-kernels-as-entry-points', 'emitOnlyKernelsAsEntryPoints'],
  ['generate-device-image-default-spec-consts', 'generateDefaultSpecConsts'],
  ['properties', 'legacyProperties'],
  ['reduce-memory-usage', 'reduceMemoryUsage'],
  ['lower-esimd', 'lowerEsimd'],
  ['split-esimd', 'splitEsimd'],
  ['force-disable-esimd-opt', 'forceDisableEsimdOpt'],
]);
const VALUE_OPTIONS = new Set(['o', 'out-dir', 'split', 'spec-const', 'id-queries-range', 'device-lib-dir', 'era']);
/** The options of `syclbin post-link` that take a value (the next argument when none is joined with `=`). */
export const POST_LINK_VALUE_OPTIONS: ReadonlySet<string> = VALUE_OPTIONS;
/** `--era` values (see PostLinkOptions.era). */
const ERAS: readonly PostLinkOptions['era'][] = ['tests', 'main'];
/** `-id-queries-range` values. */
const ID_QUERIES_RANGES: readonly PostLinkOptions['idQueriesRange'][] = ['int', 'uint', 'size_t'];
/** The optimisation-level flags (cl::opt<bool> each in sycl-post-link.cpp). */
const OPT_LEVELS: ReadonlySet<string> = new Set(['O0', 'O1', 'O2', 'O3', 'Os', 'Oz']);

/** The options of a command line with no flags (what every flag leaves as it is when not given). */
function defaultPostLinkOptions(): PostLinkOptions {
  return {
    input: '-',
    outputs: [],
    outputAssembly: false,
    force: false,
    irOutputOnly: false,
    era: 'tests',
    split: 'none',
    splitGiven: false,
    symbols: false,
    deviceGlobals: false,
    emitProgramMetadata: false,
    emitExportedSymbols: false,
    emitParamInfo: false,
    emitKernelNames: false,
    emitImportedSymbols: false,
    allowDeviceImageDependencies: false,
    embedAuxInfoAsMetadata: false,
    emitOnlyKernelsAsEntryPoints: false,
    generateDefaultSpecConsts: false,
    legacyProperties: false,
    reduceMemoryUsage: false,
    optLevels: [],
    lowerEsimd: false,
    splitEsimd: false,
    forceDisableEsimdOpt: false,
    idQueriesRange: 'int',
  };
}

/**
 * Options for {@link postLink} from the fields a library caller gives (`input`, `output` or
 * `outputs`, `split`, `specConst`, the flags by their {@link PostLinkOptions} names); the others
 * take their defaults (the flag not given). Each field is checked (an {@link ArgumentError} names
 * it), `splitGiven` follows `split`, and the command line's rules hold (an action is needed;
 * `irOutputOnly` refuses what it cannot write: a {@link PostLinkUsageError}).
 */
export function postLinkOptions(given: Partial<PostLinkOptions>): PostLinkOptions {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw new ArgumentError(`postLink: the options must be an object (parsePostLinkArgs([...]) gives one from a command line), not ${describeValue(given)}`);
  const o = defaultPostLinkOptions();
  const known = new Set<string>([...Object.keys(o), 'output', 'outDir', 'specConst', 'flagsGiven', 'deviceLibDir']);
  for (const [k, v] of Object.entries(given)) {
    if (!known.has(k)) throw new ArgumentError(`postLink: unknown option '${k}' (the PostLinkOptions fields: ${[...known].join(', ')})`);
    if (v === undefined) continue;
    const want = typeof (o as unknown as Record<string, unknown>)[k];
    if (want === 'boolean' && typeof v !== 'boolean') throw new ArgumentError(`postLink: option '${k}' must be true or false, not ${describeValue(v)}`);
    if ((k === 'input' || k === 'output' || k === 'outDir' || k === 'deviceLibDir') && typeof v !== 'string') throw new ArgumentError(`postLink: option '${k}' must be a string (a path), not ${describeValue(v)}`);
  }
  Object.assign(o, Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)));
  if (!SPLIT_MODES.includes(o.split)) throw new ArgumentError(`postLink: split must be ${SPLIT_MODES.join(', ')}, not ${JSON.stringify(o.split)}`);
  if (given.splitGiven === undefined) o.splitGiven = given.split !== undefined;
  if (!ERAS.includes(o.era)) throw new ArgumentError(`postLink: era must be ${ERAS.join(' or ')}, not ${describeValue(o.era)}`);
  eraDefaults(o);
  if (!ID_QUERIES_RANGES.includes(o.idQueriesRange)) throw new ArgumentError(`postLink: idQueriesRange must be ${ID_QUERIES_RANGES.join(', ')}, not ${describeValue(o.idQueriesRange)}`);
  if (o.specConst !== undefined && o.specConst !== 'native' && o.specConst !== 'emulation') throw new ArgumentError(`postLink: specConst must be 'native' or 'emulation', not ${JSON.stringify(o.specConst)}`);
  if (!Array.isArray(o.outputs) || o.outputs.some((x) => typeof x !== 'object' || x === null || typeof x.file !== 'string')) throw new ArgumentError('postLink: outputs must be an array of { file, target? }');
  if (!Array.isArray(o.optLevels) || o.optLevels.some((x) => !OPT_LEVELS.has(x))) throw new ArgumentError(`postLink: optLevels must be an array of ${[...OPT_LEVELS].join(', ')}`);
  // One output file named: the table list the command line's `-o FILE` makes.
  if (o.output !== undefined && !o.outputs.length) o.outputs = [{ file: o.output }];
  if (o.output === undefined && o.outputs.length) o.output = o.outputs[0]!.file;
  if (o.flagsGiven !== undefined && (!Array.isArray(o.flagsGiven) || o.flagsGiven.some((f) => typeof f !== 'string' || typeof (o as unknown as Record<string, unknown>)[f] !== 'boolean'))) {
    throw new ArgumentError('postLink: flagsGiven must be an array of the names of boolean options');
  }
  checkPostLinkOptions(o);
  return o;
}

const SPLIT_MODES: readonly SplitMode[] = ['none', 'source', 'kernel', 'auto'];

/** Parses sycl-post-link arguments (without the program name). */
export function parsePostLinkArgs(args: readonly string[]): PostLinkOptions {
  if (!Array.isArray(args) || args.some((a) => typeof a !== 'string')) throw new ArgumentError(`parsePostLinkArgs takes the command line as an array of strings, not ${describeValue(args)}`);
  const o = defaultPostLinkOptions();
  let inputGiven = false;
  const seen = new Set<string>();
  // Flags given at all, whatever their value (`--device-globals=false`): sycl-post-link's main()
  // decides on actions and conflicts by getNumOccurrences() for most of them.
  const occurred = new Set<NonNullable<BoolOption>>();
  let operandsOnly = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    // `--` ends the options (llvm::cl: every later argument is positional).
    if (a === '--' && !operandsOnly) {
      operandsOnly = true;
      continue;
    }
    if (operandsOnly || a === '-' || !a.startsWith('-')) {
      if (inputGiven) throw new PostLinkUsageError(`Too many positional arguments specified! Can specify at most 1 positional arguments: See: syclbin post-link --help (extra: '${a}')`);
      o.input = a;
      inputGiven = true;
      continue;
    }
    const body = a.replace(/^--?/, '');
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    let value = eq >= 0 ? body.slice(eq + 1) : undefined;
    const unsupported = UNSUPPORTED_OPTIONS[name] ?? (name.startsWith('debug-only') ? UNSUPPORTED_OPTIONS['debug-only'] : undefined);
    if (unsupported) throw new PostLinkUsageError(`option '-${name}' is not supported by syclbin post-link: ${unsupported}`);
    // Every option of sycl-post-link but `-o` (a cl::list) is a cl::opt (cl::Optional): LLVM's parser refuses a second one.
    if ((BOOL_OPTIONS.has(name) || VALUE_OPTIONS.has(name) || OPT_LEVELS.has(name)) && name !== 'o' && seen.has(name)) throw new PostLinkUsageError(`for the -${name} option: may only occur zero or one times!`);
    seen.add(name);
    const flag = BOOL_OPTIONS.get(name);
    if (flag || OPT_LEVELS.has(name)) {
      if (value !== undefined && !/^(true|false|1|0)$/.test(value)) throw new PostLinkUsageError(`for the -${name} option: '${value}' is invalid value for boolean argument! Try 0 or 1`);
      const on = value === undefined || value === 'true' || value === '1';
      if (flag) {
        o[flag] = on;
        occurred.add(flag);
      }
      else if (on) o.optLevels.push(name);
      continue;
    }
    if (!VALUE_OPTIONS.has(name)) {
      // `-oFILE` (cl::opt prefix form is not used by sycl-post-link; report as unknown).
      // LLVM's cl adds the nearest option it knows, value kept, in PrintArg's spelling (`--` before a
      // name of more than one letter): llvm/lib/Support/CommandLine.cpp LookupNearestOption.
      const hint = suggestOption(value === undefined ? `-${name}` : `-${name}=${value}`, [...BOOL_OPTIONS.keys(), ...VALUE_OPTIONS, ...OPT_LEVELS].map((n) => `-${n}`));
      const spelled = hint === undefined ? undefined : hint.replace(/^-(?=[^=]{2})/, '--');
      throw new PostLinkUsageError(`Unknown command line argument '${a}'.  Try: 'syclbin post-link --help'${spelled ? `\nsyclbin post-link: Did you mean '${spelled}'?` : ''}`);
    }
    if (value === undefined) {
      if (i + 1 >= args.length) throw new PostLinkUsageError(`for the -${name} option: requires a value!`);
      value = args[++i]!;
    }
    switch (name) {
      case 'o': {
        // TargetFilenamePairParser (intel/llvm:llvm/tools/sycl-post-link/sycl-post-link.cpp@676a364f):
        // `<target>,<file>`; `<file>` alone or `<file>,` is a file without a target.
        const comma = value.indexOf(',');
        const out = comma < 0 || comma === value.length - 1 ? { file: comma < 0 ? value : value.slice(0, comma) } : { target: value.slice(0, comma), file: value.slice(comma + 1) };
        o.outputs.push(out);
        o.output ??= out.file;
        break;
      }
      case 'out-dir':
        o.outDir = value;
        break;
      case 'split':
        // `none` as current upstream spells "no split" (intel/llvm:llvm/lib/SYCLPostLink/ModuleSplitter.cpp@16c65834, convertStringToSplitMode).
        if (!['source', 'kernel', 'auto', 'none'].includes(value)) throw new PostLinkUsageError(`for the -split option: Cannot find option named '${value}'!`);
        o.split = value as SplitMode;
        o.splitGiven = true;
        break;
      case 'device-lib-dir':
        o.deviceLibDir = value;
        break;
      case 'era':
        if (!(ERAS as readonly string[]).includes(value)) throw new PostLinkUsageError(`for the -era option: Cannot find option named '${value}'! (tests: the copied lit tests' rules; main: current intel/llvm's)`);
        o.era = value as PostLinkOptions['era'];
        break;
      case 'id-queries-range':
        if (!(ID_QUERIES_RANGES as readonly string[]).includes(value)) throw new PostLinkUsageError(`for the -id-queries-range option: Cannot find option named '${value}'!`);
        o.idQueriesRange = value as PostLinkOptions['idQueriesRange'];
        break;
      case 'spec-const': {
        const map: Record<string, 'native' | 'emulation'> = { native: 'native', emulation: 'emulation', rt: 'native', default: 'emulation' };
        const m = map[value];
        if (!m) throw new PostLinkUsageError(`for the -spec-const option: Cannot find option named '${value}'!`);
        o.specConst = m;
        break;
      }
    }
  }
  if (occurred.size) o.flagsGiven = [...occurred];
  eraDefaults(o);
  checkPostLinkOptions(o);
  return o;
}

/** Current sycl-post-link's default split mode, `auto` (sycl-post-link.cpp: `cl::init(module_split::SPLIT_AUTO)`), in `--era main`. */
function eraDefaults(o: PostLinkOptions): void {
  if (o.era === 'main' && !o.splitGiven) o.split = 'auto';
}

/**
 * The checks of sycl-post-link's main() on its options, in its order: an action, and what
 * -ir-output-only cannot write (intel/llvm:llvm/tools/sycl-post-link/sycl-post-link.cpp, main).
 * A flag is given when it is true or named in `flagsGiven` (it occurred on the command line): main() decides by
 * getNumOccurrences() for -split-esimd, -lower-esimd, -emit-param-info, -emit-program-metadata,
 * -emit-exported-symbols, -emit-imported-symbols, -device-globals and
 * -generate-device-image-default-spec-consts (so `-device-globals=false` is an action, which then
 * writes no device-global set), by the value for -symbols and -properties. A library caller's
 * options have no command line: a flag is given when it is true.
 */
function checkPostLinkOptions(o: PostLinkOptions): void {
  const by = (f: NonNullable<BoolOption>): boolean => o[f] || (o.flagsGiven?.includes(f) ?? false);
  // DoSplit: in the copied tests' era (sycl-post-link.cpp@676a364f, `-split` defaulting to none) by
  // occurrence, `SplitMode.getNumOccurrences() > 0`, so `-split=none` is an action there; in current
  // upstream's (`--era=main`, defaulting to auto) `SplitMode != module_split::SPLIT_NONE`.
  const doSplit = o.era === 'main' ? o.split !== 'none' : o.splitGiven;
  const anyAction =
    doSplit || o.specConst !== undefined || o.symbols || o.legacyProperties || by('emitParamInfo') || by('emitProgramMetadata') || by('splitEsimd') || by('emitExportedSymbols') || by('emitImportedSymbols') || by('deviceGlobals') || by('lowerEsimd') || o.emitKernelNames;
  if (!anyAction) throw new PostLinkUsageError('no actions specified; try --help for usage info');
  const conflicts: [boolean, string][] = [
    // (`-split=none`, current upstream's spelling of no split, is one module: sycl-post-link.cpp@676a364f
    // asserts `!IROutputOnly || SplitMode == SPLIT_NONE || SplitMode == SPLIT_AUTO`.)
    [o.splitGiven && o.split !== 'auto' && o.split !== 'none', `-split=${o.split}`],
    [by('splitEsimd'), '-split-esimd'],
    [o.symbols, '-symbols'],
    [o.legacyProperties, '-properties'],
    [by('emitParamInfo'), '-emit-param-info'],
    [by('emitProgramMetadata'), '-emit-program-metadata'],
    [by('emitExportedSymbols'), '-emit-exported-symbols'],
    [by('emitImportedSymbols'), '-emit-imported-symbols'],
    // -emit-kernel-names as the sycl-post-link.cpp of index id 51796436727 refuses it; -embed-aux-info-
    // as-metadata, whose source was not found, refused rather than ignored: -ir-output-only writes no
    // properties or symbols to embed.
    [o.emitKernelNames, '-emit-kernel-names'],
    [o.embedAuxInfoAsMetadata, '-embed-aux-info-as-metadata'],
    [by('generateDefaultSpecConsts'), '-generate-device-image-default-spec-consts'],
  ];
  if (o.irOutputOnly) {
    for (const [bad, what] of conflicts) if (bad) throw new PostLinkUsageError(`error: ${what} can't be used with -ir-output-only`);
  }
}
