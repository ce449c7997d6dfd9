/**
 * `lowerIrModule`: LLVM IR in, the same {@link LoweringResult} the manifest path produces out — so
 * property sets, the JSON report, SPIR-V, SPIR-V-friendly IR and .syclbin output all work from real
 * device IR. The IR is read as sycl-post-link's SpecConstantsPass reads it
 * (src/lower/from-ir/spec-constants-pass.ts: intrinsic calls in use-list order, symbolic IDs,
 * specialization_id defaults, sret/return types) and DeviceGlobals.cpp does
 * (src/lower/from-ir/device-globals.ts); the result is turned into a {@link LoweringManifest} and
 * lowered by {@link lowerManifest}, the code the manifest path runs.
 */
import { ArgumentError, optionsArgument, type OptionKeys } from '../../codec/errors.js';
import { decodeLatin1, keyFromLatin1, utf8FromLatin1 } from '../../codec/bytes.js';
import { toTextBytes, type BytesLike } from '../../codec/source.js';
import { DataLayout } from '../datalayout.js';
import { LowerError } from '../errors.js';
import { lowerManifest, type LowerOptions, type LoweringResult } from '../lower.js';
import type { LoweringManifest, ManifestDeviceGlobal, ManifestSpecConstant } from '../manifest.js';
import type { SpecConstMode } from '../spec-constants.js';
import { TypeTable } from '../types.js';
import { IrSyntaxError } from '../llvm-ir/parse/errors.js';
import type { LGlobal, LModule } from '../llvm-ir/parse/model.js';
import { parseLlvmIr } from '../llvm-ir/parse/parser.js';
import { TypeConverter } from './convert.js';
import { findDeviceGlobals, isDeviceGlobal } from './device-globals.js';
import { liveAfterPostLink } from '../post-link/used-lists.js';
import { findSpecConstantUses, usesThePassLowers } from './spec-constants-pass.js';
import { atIrEntry, irDefinitionLabel, irUseKey, irUseLabel } from './ir-entries.js';

/** Options of `lowerIrModule`. */
export interface LowerIrOptions extends LowerOptions {
  /** `native` (SPIR-V JIT, default) or `emulation`. */
  mode?: SpecConstMode;
}

/** The lowering of one IR module plus the parsed module. */
export interface IrLoweringResult extends LoweringResult {
  /** The parsed module. */
  readonly module: LModule;
}

/**
 * The module's `target datalayout` (LLVM's defaults where it says nothing); a bad one is an
 * IrSyntaxError at the `target` line, as llvm-as reports it.
 */
export function moduleDataLayout(m: LModule): DataLayout {
  try {
    return DataLayout.parse(m.dataLayout ?? '', ['target datalayout']);
  } catch (e) {
    if (e instanceof LowerError) {
      const item = m.items.find((it) => it.kind === 'text' && it.what === 'target');
      const t = item && item.kind === 'text' ? m.tokens.get(item.tokFrom)! : m.tokens.get(0)!;
      throw new IrSyntaxError(e.reason, t.line, t.column, 'FORMAT', t.start);
    }
    throw e;
  }
}

/** The globals of `globals` named in `names`, in their order. */
function live(globals: readonly LGlobal[], names: ReadonlySet<string>): LGlobal[] {
  return globals.filter((g) => names.has(g.name));
}

/** The manifest an IR module amounts to (spec constants in first-encounter order, device globals in global order). */
export function manifestFromIr(m: LModule, mode: SpecConstMode = 'native', emitProgramMetadata = false): LoweringManifest {
  const dataLayout = moduleDataLayout(m);
  // (the uses post-link's pass rewrites: llvm.sycl.alloca stays on SPIR targets in emulation mode)
  const uses = usesThePassLowers(m, findSpecConstantUses(m, 'parsed', new TypeConverter()), mode);
  const specConstants: ManifestSpecConstant[] = uses
    .filter((u) => !(mode === 'emulation' && u.is121))
    .map((u) => ({
      // IR names are bytes (read one character per byte); a manifest holds the text they spell (a
      // byte that is not UTF-8 kept as U+DC80+byte: it is a property key, written back as that byte).
      name: keyFromLatin1(u.symId),
      type: u.type,
      default: u.default,
      path: [irUseKey(m, u.inst.tokFrom)],
      label: irUseLabel(m, u.inst.tokFrom),
    }));
  // The device globals sycl-post-link's output keeps: those llvm.compiler.used alone held are erased,
  // those no entry point reaches are removed by its GlobalDCE (src/lower/post-link/used-lists.ts).
  const deviceGlobals: ManifestDeviceGlobal[] = (m.globals.some((g) => isDeviceGlobal(m, g)) ? findDeviceGlobals(m, live(m.globals, liveAfterPostLink(m))) : []).map((g) => ({
    name: keyFromLatin1(g.name),
    irName: utf8FromLatin1(g.irName),
    type: g.type,
    deviceImageScope: g.deviceImageScope,
    ...(g.hostAccess ? { hostAccess: g.hostAccess } : {}),
    ...(g.initMode ? { initMode: g.initMode } : {}),
    ...(g.implementInCsr !== undefined ? { implementInCsr: g.implementInCsr } : {}),
    ...(g.global.isConstant ? { constant: true } : {}),
    path: [`@${utf8FromLatin1(g.irName)}`],
    label: irDefinitionLabel(m, g.global.tokFrom),
  }));
  // The module calls the spec-constant intrinsics: sycl-post-link writes both spec-constant sets even
  // when none is lowered (SYCL 1.2.1 constants in emulation mode are replaced by their defaults).
  return { mode, dataLayout, types: new TypeTable({}), specConstants, deviceGlobals, emitProgramMetadata, ...(uses.length ? { specConstantsMet: true } : {}) };
}

/** The keys of {@link LowerIrOptions}: any other is an UnknownOptionError. */
const LOWER_IR_KEYS: OptionKeys<LowerIrOptions> = { emitProgramMetadata: true, mode: true };

/**
 * Parses and lowers LLVM IR text (errors: IrSyntaxError with line and column, LowerError). The IR
 * is given as its bytes (a `.ll` file as read), or as a string, which is taken as Unicode text and
 * read as its UTF-8 bytes: either way the module is read one character per byte as LLVM reads it
 * (columns count bytes), and names become the text their UTF-8 bytes spell (a byte that is not
 * UTF-8 kept as U+DC80+byte, which a property-set key writes back as that byte).
 */
export function lowerIrModule(ir: BytesLike | string, opts: LowerIrOptions = {}): IrLoweringResult {
  opts = optionsArgument(opts, 'lowerIrModule', LOWER_IR_KEYS);
  if (opts.mode !== undefined && opts.mode !== 'native' && opts.mode !== 'emulation') throw new ArgumentError(`lowerIrModule: mode must be 'native' or 'emulation', not ${JSON.stringify(opts.mode)}`);
  // ASCII text is its own byte string; anything else is read through its bytes (toTextBytes: an
  // ArrayBuffer or view in place, a string as UTF-8).
  const text = typeof ir === 'string' && !/[^\x00-\x7f]/.test(ir) ? ir : decodeLatin1(toTextBytes(ir, 'the LLVM IR'));
  const m = parseLlvmIr(text);
  const manifest = manifestFromIr(m, opts.mode ?? 'native', Boolean(opts.emitProgramMetadata));
  try {
    // (lowerManifest takes no mode: that was this function's, for reading the IR)
    return { ...lowerManifest(manifest, { emitProgramMetadata: opts.emitProgramMetadata }), module: m };
  } catch (e) {
    throw atIrEntry(m, e);
  }
}

