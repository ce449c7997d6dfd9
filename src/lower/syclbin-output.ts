/**
 * A complete `.syclbin` for a lowering result (issue 5 item 4): one abstract module whose metadata
 * holds the property sets sycl-post-link writes (lower.ts), with the SPIR-V module of
 * spirv/emit.ts as its IR module.
 *
 * Metadata (syclbin-format.md §1.2–1.4 and §3; spec README rules 5–7):
 *   global   `[SYCLBIN/global metadata] state=1|<bundle state>` (default input = 0: SPIR-V that still
 *            has to be JIT-compiled, which is where native spec constants are set);
 *   module   the lowering's registry ([SYCL/specialization constants], [… default values],
 *            [SYCL/program metadata], [SYCL/device globals]);
 *   IR       `[SYCLBIN/ir module metadata] type=1|0` (SPIR-V) and `target=2|spir64-unknown-unknown`.
 * Native mode only gets the IR module: in emulation mode sycl-post-link lowers spec constants to
 * loads from a kernel argument for AOT/PTX/AMDGCN targets, whose device code this tool cannot
 * produce, so the abstract module then carries the metadata alone (unless `spirv` is passed).
 * Written with the SYCLBIN writer (src/syclbin/write.ts), by default as a bare v1 SYBI file.
 */
import { ArgumentError, describeValue, optionsArgument } from '../codec/errors.js';
import { loweringResultArgument } from './lower.js';
import { stringProperty, uint32, type PropertySetRegistry, type PropertyValue } from '../props/model.js';
import { GLOBAL_METADATA_SET, IR_MODULE_METADATA_SET, BUNDLE_STATES, type BundleState, type SyclbinFile } from '../syclbin/model.js';
import { memoryBlob, writeSyclbin, type WriteSyclbinOptions } from '../syclbin/write.js';
import type { LoweringResult } from './lower.js';
import { SPIR64_TRIPLE } from './llvm-ir/emit.js';
import { emitSpirv, type EmitSpirvOptions } from './spirv/emit.js';

/** Options of `loweredSyclbinModel` and `writeLoweredSyclbin`. */
export interface LoweredSyclbinOptions {
  /** Bundle state recorded in the global metadata (default 'input'). */
  state?: BundleState;
  /** `target` of the IR module (default spir64-unknown-unknown). */
  target?: string;
  /**
   * The IR module bytes. Default: {@link emitSpirv} of the result in native mode, none in
   * emulation mode. Pass `null` to write no IR module.
   */
  spirv?: Uint8Array | null;
  /** Options for the default SPIR-V emission. */
  spirvOptions?: EmitSpirvOptions;
}

/** The SYCLBIN object model of a lowering result. */
export function loweredSyclbinModel(result: LoweringResult, opts: LoweredSyclbinOptions = {}): SyclbinFile {
  opts = optionsArgument(opts, 'loweredSyclbinModel');
  loweringResultArgument(result, 'loweredSyclbinModel');
  const state = BUNDLE_STATES.indexOf(opts.state ?? 'input');
  if (state < 0) throw new ArgumentError(`loweredSyclbinModel: unknown state ${JSON.stringify(opts.state)} (${BUNDLE_STATES.join(', ')})`);
  if (opts.target !== undefined && typeof opts.target !== 'string') throw new ArgumentError(`loweredSyclbinModel: the target must be a string (a triple), not ${describeValue(opts.target)}`);
  const spirv = opts.spirv === undefined ? (result.specConstants.mode === 'native' ? emitSpirv(result, opts.spirvOptions) : null) : opts.spirv;
  const globalMetadata: PropertySetRegistry = new Map([[GLOBAL_METADATA_SET, new Map([['state', uint32(state)]])]]);
  // Copy the registry so that later changes to the result do not leak into the model.
  const metadata: PropertySetRegistry = new Map([...result.registry].map(([k, v]) => [k, new Map(v)]));
  const irModules = spirv
    ? [
        {
          metadata: new Map([
            [
              IR_MODULE_METADATA_SET,
              new Map<string, PropertyValue>([
                ['type', uint32(0)],
                ['target', stringProperty(opts.target ?? SPIR64_TRIPLE)],
              ]),
            ],
          ]) as PropertySetRegistry,
          image: memoryBlob(spirv),
        },
      ]
    : [];
  return {
    version: 1,
    envelope: { kind: 'none' },
    globalMetadata,
    abstractModules: [{ metadata, irModules, nativeImages: [] }],
  };
}

/** The `.syclbin` bytes (default: bare SYCLBIN v1; `write` selects v2 or an OffloadBinary envelope). */
export function writeLoweredSyclbin(result: LoweringResult, opts: LoweredSyclbinOptions & { write?: WriteSyclbinOptions } = {}): Uint8Array {
  opts = optionsArgument(opts, 'writeLoweredSyclbin');
  return writeSyclbin(loweredSyclbinModel(result, opts), opts.write ?? {});
}

