/**
 * `syclbin lower MANIFEST.json`: spec-constant and device-global lowering (issue 5, src/lower).
 *
 * Outputs are pluggable: each entry of {@link lowerOutputs} adds one `--<option> FILE` that writes
 * `produce(result)` to FILE. The property-set writer is here; the SPIR-V binary, the SPIR-V-friendly
 * LLVM IR and the .syclbin writers plug in by appending an entry (the option spec and help text come
 * from the entry, so `--help` stays complete).
 */
import { defineCommand, EXIT } from '../command.js';
import { CommandFailure, UsageError } from '../errors.js';
import { opt, type Opt } from '../options.js';
import { readRegistry, writeRegistry } from '../../props/registry.js';
import { decodeText } from '../../props/text.js';
import { CrossModuleDeviceGlobalError, LowerError } from '../../lower/errors.js';
import { lowerManifest, type LoweringResult } from '../../lower/lower.js';
import { parseManifestText } from '../../lower/manifest.js';
import { jsonSyntaxProblem, jsonValuePosition, jsonValuePositions } from '../../codec/json-syntax.js';
import { loweringReport } from '../../lower/report.js';
import { emitSpirv } from '../../lower/spirv/emit.js';
import { emitLlvmIr } from '../../lower/llvm-ir/emit.js';
import { writeLoweredSyclbin } from '../../lower/syclbin-output.js';
import { lowerIrModule } from '../../lower/from-ir/lower-ir.js';
import { atIrEntry, irPlace } from '../../lower/from-ir/ir-entries.js';
import { formatPath } from '../../codec/spans.js';
import { IrSyntaxError } from '../../lower/llvm-ir/parse/errors.js';
import { notIrText } from '../../containers/ir-text.js';
import { isBitcode } from '../../lower/post-link/driver.js';
import { llvmTools } from '../../node/llvm-tools.js';

/** One file output of `syclbin lower`. */
export interface LowerOutput {
  /** Long option name without dashes, e.g. `props-out`. */
  readonly option: string;
  /** The option's spec (help text, value). */
  readonly spec: Opt<string | undefined>;
  /** The file's bytes (strings are written as UTF-8). */
  produce(result: LoweringResult): Uint8Array | string;
}

/** The output files `syclbin lower` can write, one option each (`--props-out`, `--spirv-out`, ...). */
export const lowerOutputs: LowerOutput[] = [
  {
    option: 'props-out',
    spec: opt.output('Write the property sets (.prop text, as sycl-post-link writes them) to FILE'),
    produce: (r) => writeRegistry(r.registry),
  },
  {
    option: 'spirv-out',
    spec: opt.output('Write the SPIR-V module (spec constants with SpecIds, device globals with INTEL decorations) to FILE'),
    produce: (r) => emitSpirv(r),
  },
  {
    option: 'spirv-plain-out',
    spec: opt.output('Write the SPIR-V module without the INTEL global-variable decorations, for spirv-val (its 2023.1 grammar lacks them)'),
    produce: (r) => emitSpirv(r, { intelDecorations: false }),
  },
  {
    option: 'ir-out',
    spec: opt.output('Write the SPIR-V friendly LLVM IR to FILE (for llvm-as-15 -opaque-pointers=0, then llvm-spirv-15; with device globals llvm-spirv-15 needs --spirv-ext=+SPV_INTEL_global_variable_decorations)'),
    produce: (r) => emitLlvmIr(r),
  },
  {
    option: 'output',
    spec: opt.output('Write a .syclbin (one abstract module: the property sets, the SPIR-V as IR module) to FILE', { short: 'o' }),
    // (the IR module's target: the module's own SPIR/SPIR-V triple when it has one)
    produce: (r) => writeLoweredSyclbin(r, loweredTarget(r)),
  },
];

/** The SPIR or SPIR-V triple of the module a result was lowered from, if it names one (else the writer's default, spir64-unknown-unknown). */
function loweredTarget(r: LoweringResult): { target?: string } {
  const triple = (r as { module?: { triple?: string } }).module?.triple;
  // (spir, spir64, spirv64, spirv64v1.6, spirv32v1.0, ...: llvm/lib/TargetParser/Triple.cpp parseArch)
  return triple !== undefined && /^spirv?(64|32)?(v\d+(\.\d+)*)?-/.test(triple) ? { target: triple } : {};
}

/** `syclbin lower`: Lower spec constants and device globals of a manifest or of LLVM IR to SYCL property sets. */
export const command = defineCommand({
  name: 'lower',
  summary: 'Lower spec constants and device globals of a manifest or of LLVM IR to SYCL property sets',
  usage: 'lower MANIFEST.json|MODULE.ll|MODULE.bc [--mode native|emulation] [--props-out FILE.prop] [--spirv-out FILE.spv] [--spirv-plain-out FILE.spv] [--ir-out FILE.ll] [-o FILE.syclbin] [--json] [--emit-program-metadata] [--force]',
  description: `
MODULE.ll / MODULE.bc (device LLVM IR as clang writes it; .bc needs llvm-dis) is read the way
sycl-post-link reads it: the __sycl_get*SpecConstantValue calls in use-list order with their symbolic
IDs and specialization_id defaults, and the globals with sycl-device-global-size (--mode picks native or
emulation). See also 'syclbin post-link' for sycl-post-link's own command line.

MANIFEST.json (schemas/lower-manifest.schema.json) lists specialization constants (name, LLVM IR
type, default value, optional explicit specId) and device globals, in the order sycl-post-link
would meet them, with the spec-constant mode ("native" for SPIR-V JIT, "emulation" for AOT/PTX/AMDGCN)
and an optional LLVM data layout.

The result is these sets of what sycl-post-link writes for such a module (for IR: the same sets as
'syclbin post-link --device-globals -spec-const=MODE' of the unsplit module, device globals it erases
or drops as unused left out): [SYCL/specialization constants] (IDs and 12-byte descriptors),
[SYCL/specialization constants default values] (key "all"), [SYCL/program metadata] <id>@global_id_mapping
(with --emit-program-metadata or "emitProgramMetadata": true) and [SYCL/device globals] (u32 size,
u32 device_image_scope); post-link also writes the devicelib mask, device requirements and
<kernel>@reqd_work_group_size. Without an output option the property text
goes to stdout. --json prints IDs, descriptors, leaves, default bytes, the emulation buffer layout,
device-global sizes and warnings instead.

When "modules" are given, a device_image_scope device global used by more than one module is the
sycl-post-link error "device_global variable '<ir name>' with property "device_image_scope" is used in
more than one device image." (exit 1). Cases where sycl-post-link's output differs from the memory
layout (array/vector elements with alloc size != store size) are reproduced and reported as warnings.
The SPIR-V and IR written (--spirv-out, --spirv-plain-out, --ir-out, -o) declare the spec constants
and device globals, not the module's code (each native spec constant is returned by an exported
function __spec_const.<n>, as llvm-spirv writes the --ir-out module); a device global is declared by its size, as a manifest
gives it (its value type [size x i8] in a struct, aligned as that), for IR input too.`,
  options: {
    ...(Object.fromEntries(lowerOutputs.map((o) => [o.option, o.spec])) as Record<string, Opt<string | undefined>>),
    json: opt.flag('Print the lowering as JSON (schemas/lowering.schema.json: IDs, descriptors, defaults, layout) on stdout'),
    'emit-program-metadata': opt.flag('Add [SYCL/program metadata] <id>@global_id_mapping (sycl-post-link -emit-program-metadata)'),
    mode: opt.choice(['native', 'emulation'], 'native|emulation', 'Spec-constant mode for LLVM IR input (sycl-post-link -spec-const; default native); a manifest carries its own, which --mode may only repeat'),
    force: opt.flag('Allow an output to overwrite the input (manifest or module), or two outputs to be one file'),
  },
  positionals: { min: 1, max: 1 },
  examples: [
    'syclbin lower spec.json',
    'syclbin lower spec.json --props-out spec.prop --emit-program-metadata',
    'syclbin lower spec.json --json | jq .specConstants[0].descriptors',
    'syclbin lower spec.json --spirv-out spec.spv --ir-out spec.ll -o spec.syclbin',
    'syclbin lower device.ll --mode emulation --json',
  ],
  run({ opts, file, files, io, prog }) {
    const values = opts as Record<string, unknown>;
    const bytes = files.readAll(file);
    // LLVM IR (.ll text, or .bc through llvm-dis) is lowered as sycl-post-link reads it; JSON is a manifest.
    const isIr = /\.(ll|bc)$/i.test(file) || isBitcode(bytes) || !/^\s*[{[]/.test(decodeText(bytes.subarray(0, 64)));
    let result: LoweringResult;
    const outputs = lowerOutputs.filter((o) => typeof values[o.option] === 'string');
    // Two outputs on standard output would be one unreadable stream: refused before any work.
    const toStdout = outputs.filter((o) => values[o.option] === '-').map((o) => (o.option === 'output' ? '-o' : `--${o.option}`));
    if (values.json) toStdout.push('--json');
    if (toStdout.length > 1) throw new UsageError(`${toStdout.join(', ')}: only one output can go to standard output; give the others file names`);
    let produced: (Uint8Array | string)[];
    let lowered: LoweringResult | undefined;
    try {
      const emitProgramMetadata = opts['emit-program-metadata'];
      if (isIr) {
        const why = isBitcode(bytes) ? undefined : notIrText(bytes);
        if (why) throw new CommandFailure(`${prog}: error: ${file}: ${why} (see 'syclbin inspect ${file}')`);
        // An empty file is an empty module to LLVM (llvm-as reads it): nothing to lower, said once.
        if (bytes.length === 0) io.stderr.write(`${prog}: ${file}: note: the input is empty: an empty LLVM IR module, with no spec constants or device globals\n`);
        result = lowerIrModule(isBitcode(bytes) ? llvmTools.disassemble!(bytes) : bytes, { mode: opts.mode ?? 'native', emitProgramMetadata });
      } else {
        // Text starting with '[' that is not JSON but reads as property sets is named for what it is.
        if (/^\s*\[/.test(decodeText(bytes.subarray(0, 64))) && jsonSyntaxProblem(decodeText(bytes)) !== undefined) {
          let sets: number | undefined;
          try {
            sets = readRegistry(bytes).size;
          } catch {
            // not property sets either: the JSON reader says what is wrong
          }
          if (sets !== undefined) throw new CommandFailure(`${prog}: error: ${file}: not a lowering manifest: it is property-set registry text (${sets} set${sets === 1 ? '' : 's'}), what lower writes; see 'syclbin props ${file}'`);
        }
        const manifest = parseManifestText(decodeText(bytes));
        // A manifest carries its mode: a --mode that says otherwise is a contradiction, not ignored.
        if (opts.mode !== undefined && opts.mode !== manifest.mode) throw new UsageError(`--mode ${opts.mode} contradicts the manifest's "mode": "${manifest.mode}" (a manifest carries its own mode; --mode is for LLVM IR input)`);
        result = lowerManifest(manifest, { emitProgramMetadata });
      }
      lowered = result;
      produced = outputs.map((o) => o.produce(result));
    } catch (caught) {
      // An output's error about a constant read from IR (SPIR-V limits) is placed at its IR line too.
      const module = (lowered as { module?: Parameters<typeof atIrEntry>[0] } | undefined)?.module;
      const e = module ? atIrEntry(module, caught) : caught;
      if (e instanceof CrossModuleDeviceGlobalError) throw new CommandFailure(`${prog}: error: ${e.message}`);
      if (e instanceof LowerError) {
        // A manifest value is placed at its line and column too, as an IR error is (FILE:LINE:COLUMN):
        // one walk of the text, only now that there is an error to place.
        const at = !isIr && e.pathSegments.length ? jsonValuePosition(decodeText(bytes), e.pathSegments) : undefined;
        if (at) throw new CommandFailure(`${prog}: ${file}:${at.line}:${at.column}: error: ${e.message}`);
        throw new CommandFailure(`${prog}: error: ${file}: ${e.message}`);
      }
      if (e instanceof IrSyntaxError) throw new CommandFailure(`${prog}: ${file}:${e.line}:${e.column}: error: ${e.reason}`);
      throw e;
    }
    // Warnings are placed as errors are: at the IR call (FILE:LINE:COLUMN), or the manifest entry.
    const module = (result as { module?: Parameters<typeof atIrEntry>[0] }).module;
    // (a manifest's warnings placed all at once: one pass over its text however many there are)
    const manifestPlaces = !module && result.locatedWarnings.length ? jsonValuePositions(decodeText(bytes), result.locatedWarnings.map((w) => w.path)) : [];
    result.locatedWarnings.forEach((w, i) => {
      const place = module ? irPlace(w.path) : manifestPlaces[i];
      if (place) io.stderr.write(`${prog}: ${file}:${place.line}:${place.column}: warning: ${w.message}${module ? '' : ` (at ${formatPath(w.path)})`}\n`);
      else io.stderr.write(`${prog}: ${file}: warning: ${w.message} (at ${formatPath(w.path)})\n`);
    });
    // From a module, what is written is its lowering, not a translation of it: said once, where a
    // SPIR-V module or a .syclbin of it is written (one that looks like the device code, but is not).
    if (module) {
      const code = outputs.filter((o) => o.option !== 'props-out').map((o) => (o.option === 'output' ? '-o' : `--${o.option}`));
      const kernels = module.functions.filter((f) => !f.isDeclaration && /_kernel$/.test(f.cc ?? '')).length;
      const defined = module.functions.filter((f) => !f.isDeclaration).length;
      if (code.length) {
        io.stderr.write(`${prog}: ${file}: note: ${code.join(', ')}: the spec constants and device globals, declared; not the module's ${defined} function definition(s) (${kernels} kernel(s)): translate the module itself (llvm-spirv) for its device code, and 'syclbin pack' it with these property sets\n`);
      }
      if (bytes.length > 0 && result.specConstants.constants.length === 0 && result.deviceGlobals.length === 0) io.stderr.write(`${prog}: ${file}: note: the module has no spec constants or device globals: nothing to lower\n`);
    }
    outputs.forEach((o, i) => files.write(values[o.option] as string, produced[i]!));
    if (values.json) io.stdout.write(JSON.stringify(loweringReport(result), null, 2) + '\n');
    else if (outputs.length === 0) io.stdout.write(writeRegistry(result.registry));
    return EXIT.OK;
  },
});
