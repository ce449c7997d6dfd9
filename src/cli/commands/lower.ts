/**
 * `syclbin lower MANIFEST.json`: spec-constant and device-global lowering (issue 5, src/lower).
 *
 * Outputs are pluggable: each entry of {@link lowerOutputs} adds one `--<option> FILE` that writes
 * `produce(result)` to FILE. The property-set writer is here; the SPIR-V binary, the SPIR-V-friendly
 * LLVM IR and the .syclbin writers plug in by appending an entry (the option spec and help text come
 * from the entry, so `--help` stays complete).
 */
import { EXIT, UsageError, type Command, type CommandContext, type OptionSpec } from '../command.js';
import { checkNotOverwritingInput, readInput, writeFileAtomic } from '../../node/files.js';
import { encodeRegistry } from '../../props/registry.js';
import { decodeText } from '../../props/text.js';
import { CrossModuleDeviceGlobalError, LowerError } from '../../lower/errors.js';
import { lowerManifest, type LoweringResult } from '../../lower/lower.js';
import { parseManifestText } from '../../lower/manifest.js';
import { loweringReport } from '../../lower/report.js';
import { emitSpirv } from '../../lower/spirv/emit.js';
import { emitLlvmIr } from '../../lower/llvm-ir/emit.js';
import { writeLoweredSyclbin } from '../../lower/syclbin-output.js';
import { lowerIrModule } from '../../lower/from-ir/lower-ir.js';
import { IrSyntaxError } from '../../lower/llvm-ir/parse/errors.js';
import { isBitcode, latin1 } from '../../lower/post-link/driver.js';
import { llvmTools } from './post-link.js';

/** One file output of `syclbin lower`. */
export interface LowerOutput {
  /** Long option name without dashes, e.g. `props-out`. */
  readonly option: string;
  readonly spec: OptionSpec;
  /** The file's bytes (strings are written as UTF-8). */
  produce(result: LoweringResult): Uint8Array | string;
}

export const lowerOutputs: LowerOutput[] = [
  {
    option: 'props-out',
    spec: { type: 'string', arg: 'FILE', description: 'Write the property sets (.prop text, as sycl-post-link writes them) to FILE' },
    produce: (r) => encodeRegistry(r.registry),
  },
  {
    option: 'spirv-out',
    spec: { type: 'string', arg: 'FILE', description: 'Write the SPIR-V module (spec constants with SpecIds, device globals with INTEL decorations) to FILE' },
    produce: (r) => emitSpirv(r),
  },
  {
    option: 'spirv-plain-out',
    spec: {
      type: 'string',
      arg: 'FILE',
      description: 'Write the SPIR-V module without the INTEL global-variable decorations, for spirv-val (its 2023.1 grammar lacks them)',
    },
    produce: (r) => emitSpirv(r, { intelDecorations: false }),
  },
  {
    option: 'ir-out',
    spec: { type: 'string', arg: 'FILE', description: 'Write the SPIR-V friendly LLVM IR (llvm-as-15 -opaque-pointers=0; llvm-spirv-15) to FILE' },
    produce: (r) => emitLlvmIr(r),
  },
  {
    option: 'output',
    spec: { type: 'string', short: 'o', arg: 'FILE', description: 'Write a .syclbin (one abstract module: the property sets, the SPIR-V as IR module) to FILE' },
    produce: (r) => writeLoweredSyclbin(r),
  },
];

export const command: Command = {
  name: 'lower',
  summary: 'Lower spec constants and device globals of a manifest to SYCL property sets',
  usage: 'lower MANIFEST.json|MODULE.ll|MODULE.bc [--mode native|emulation] [--props-out FILE.prop] [--spirv-out FILE.spv] [--ir-out FILE.ll] [-o FILE.syclbin] [--json] [--emit-program-metadata]',
  description: `
MODULE.ll / MODULE.bc (device LLVM IR as clang writes it; .bc needs llvm-dis) is read the way
sycl-post-link reads it: the __sycl_get*SpecConstantValue calls in use-list order with their symbolic
IDs and specialization_id defaults, and the globals with sycl-device-global-size (--mode picks native or
emulation). See also 'syclbin post-link' for sycl-post-link's own command line.

MANIFEST.json (schemas/lower-manifest.schema.json) lists specialization constants (name, LLVM IR
type, default value, optional explicit specId) and device globals, in the order sycl-post-link
would meet them, with the spec-constant mode ("native" for SPIR-V JIT, "emulation" for AOT/PTX/AMDGCN)
and an optional LLVM data layout.

The result is what sycl-post-link writes for such a module: [SYCL/specialization constants] (IDs and
12-byte descriptors), [SYCL/specialization constants default values] (key "all"), [SYCL/program
metadata] <id>@global_id_mapping (with --emit-program-metadata or "emitProgramMetadata": true) and
[SYCL/device globals] (u32 size, u32 device_image_scope). Without an output option the property text
goes to stdout. --json prints IDs, descriptors, leaves, default bytes, the emulation buffer layout,
device-global sizes and warnings instead.

When "modules" are given, a device_image_scope device global used by more than one module is the
sycl-post-link error "device_global variable '<ir name>' with property "device_image_scope" is used in
more than one device image." (exit 1). Cases where sycl-post-link's output differs from the memory
layout (array/vector elements with alloc size != store size) are reproduced and reported as warnings.`,
  get options(): Record<string, OptionSpec> {
    const o: Record<string, OptionSpec> = {};
    for (const out of lowerOutputs) o[out.option] = out.spec;
    o.json = { type: 'boolean', description: 'Print the lowering as JSON (IDs, descriptors, defaults, layout) on stdout' };
    o['emit-program-metadata'] = { type: 'boolean', description: 'Add [SYCL/program metadata] <id>@global_id_mapping (sycl-post-link -emit-program-metadata)' };
    o.force = { type: 'boolean', description: 'Allow an output to overwrite the manifest' };
    o.mode = { type: 'string', arg: 'native|emulation', description: 'Spec-constant mode for LLVM IR input (sycl-post-link -spec-const); manifests carry their own', default: 'native' };
    return o;
  },
  positionals: { min: 1, max: 1 },
  examples: [
    'syclbin lower spec.json',
    'syclbin lower spec.json --props-out spec.prop --emit-program-metadata',
    'syclbin lower spec.json --json | jq .specConstants[0].descriptors',
    'syclbin lower spec.json --spirv-out spec.spv --ir-out spec.ll -o spec.syclbin',
    'syclbin lower device.ll --mode emulation --json',
  ],
  run(ctx: CommandContext): number {
    const file = ctx.positionals[0]!;
    const force = Boolean(ctx.values.force);
    const outputs = lowerOutputs.filter((o) => typeof ctx.values[o.option] === 'string');
    for (const o of outputs) {
      const path = ctx.values[o.option] as string;
      if (path === '') throw new UsageError(`--${o.option} needs a file name`);
      checkNotOverwritingInput(ctx.io.cwd, path, [file], force);
    }
    const bytes = readInput(ctx.io.cwd, file);
    // LLVM IR (.ll text, or .bc through llvm-dis) is lowered as sycl-post-link reads it; JSON is a manifest.
    const isIr = /\.(ll|bc)$/i.test(file) || isBitcode(bytes) || !/^\s*[{[]/.test(decodeText(bytes.subarray(0, 64)));
    const mode = ctx.values.mode as string;
    if (mode !== 'native' && mode !== 'emulation') throw new UsageError(`--mode must be native or emulation, not "${mode}"`);
    let result: LoweringResult;
    let produced: (Uint8Array | string)[];
    try {
      const emitProgramMetadata = Boolean(ctx.values['emit-program-metadata']);
      if (isIr) {
        let irText: string;
        if (isBitcode(bytes)) irText = llvmTools.disassemble!(bytes);
        else irText = latin1(bytes);
        result = lowerIrModule(irText, { mode, emitProgramMetadata });
      } else result = lowerManifest(parseManifestText(decodeText(bytes)), { emitProgramMetadata });
      produced = outputs.map((o) => o.produce(result));
    } catch (e) {
      if (e instanceof CrossModuleDeviceGlobalError) {
        ctx.io.stderr.write(`syclbin lower: error: ${e.message}\n`);
        return EXIT.FAILURE;
      }
      if (e instanceof LowerError) {
        ctx.io.stderr.write(`syclbin lower: ${file}: ${e.message}\n`);
        return EXIT.FAILURE;
      }
      if (e instanceof IrSyntaxError) {
        ctx.io.stderr.write(`syclbin lower: ${file}:${e.line}:${e.column}: error: ${e.reason}\n`);
        return EXIT.FAILURE;
      }
      throw e;
    }
    for (const w of result.warnings) ctx.io.stderr.write(`syclbin lower: warning: ${w}\n`);
    outputs.forEach((o, i) => writeFileAtomic(ctx.io.cwd, ctx.values[o.option] as string, produced[i]!));
    if (ctx.values.json) ctx.io.stdout.write(JSON.stringify(loweringReport(result), null, 2) + '\n');
    else if (outputs.length === 0) ctx.io.stdout.write(encodeRegistry(result.registry));
    return EXIT.OK;
  },
};
