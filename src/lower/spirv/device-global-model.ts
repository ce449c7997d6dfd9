/**
 * What a device global looks like in the device module, shared by the SPIR-V binary emitter and the
 * SPIR-V-friendly LLVM IR emitter.
 *
 * Variable type (seed 003 "device_global" design, section "Changes to the DPC++ headers"): without
 * `device_image_scope` the class holds `T *usmptr` — a pointer to a USM buffer that the runtime
 * allocates and writes into the variable — so the module-scope variable is `{ T addrspace(4)* }`
 * (a generic pointer); with `device_image_scope` it holds `T val` directly: `{ T }`. In both cases the
 * member is the first one, as the design requires. The variable lives in the global address space
 * (`addrspace(1)` = SPIR-V CrossWorkgroup) and is zero-initialised.
 *
 * Decorations (seed 003, "Changes to the sycl-post-link tool"): HostAccessINTEL is always emitted
 * (access = the `host_access` property, read_write when absent; name = the `sycl-unique-id`),
 * InitModeINTEL only when `init_mode` is given, ImplementInCSRINTEL only when `implement_in_csr` is
 * given. Access codes 0 read, 1 write, 2 read_write, 3 none and init modes 0 reprogram, 1 reset are
 * src/lower/device-globals.ts HOST_ACCESS_CODE / INIT_MODE_CODE (SPV_INTEL_global_variable_decorations,
 * the extension SPIRV-LLVM-Translator 15 implements).
 */
import { LowerError } from '../errors.js';
import type { DataLayout } from '../datalayout.js';
import { HOST_ACCESS_CODE, INIT_MODE_CODE, type LoweredDeviceGlobal } from '../device-globals.js';
import type { IrType } from '../types.js';
import { Decoration } from '../../../formats/spirv-enums.js';

/** One OpDecorate of a device global variable. */
export interface GlobalDecoration {
  /** Decoration number (spirv/enums.ts Decoration). */
  readonly decoration: number;
  /** Literal operands: numbers are words, strings literal strings. */
  readonly operands: readonly (number | string)[];
}

/** How a device global is emitted (SPIR-V variable and LLVM IR global alike): name, type, wrapper, alignment, decorations. */
export interface DeviceGlobalVariable {
  /** IR / SPIR-V name of the variable (the manifest's `irName`). */
  readonly irName: string;
  /** `sycl-unique-id` (property key, HostAccessINTEL name). */
  readonly uniqueId: string;
  /** The underlying T. */
  readonly valueType: IrType;
  /** true: `{ T addrspace(4)* }` (no device_image_scope); false: `{ T }`. */
  readonly usmPointer: boolean;
  /** ABI alignment of the variable's type (`align` in IR, Alignment decoration in SPIR-V). */
  readonly align: number;
  /** INTEL decorations in emission order. */
  readonly decorations: readonly GlobalDecoration[];
  /** Read-only (`constant` in IR, decorated Constant in SPIR-V). */
  readonly constant: boolean;
}

/** 64-bit generic pointers: the SPIR data layouts leave `p` at LLVM's default `p:64:64:64`. */
export const POINTER_SIZE = 8;

/**
 * Does `t` contain i1? Each aggregate type is looked into once (`clear`: those without one): named
 * structs may form a DAG (`%Z1 = { %Z0, %Z0 }` … `%Z60`), whose tree walk is 2^60 visits.
 */
function containsBool(t: IrType, clear = new Set<IrType>()): boolean {
  if (t.kind === 'int') return t.bits === 1;
  if (t.kind === 'float') return false;
  if (clear.has(t)) return false;
  const found = t.kind === 'struct' ? t.elements.some((e) => containsBool(e, clear)) : containsBool(t.element, clear);
  if (!found) clear.add(t);
  return found;
}

/** The emitted form of a lowered device global: HostAccessINTEL always (read_write when not given), InitModeINTEL and ImplementInCSRINTEL when given; a USM pointer wrapper unless device_image_scope. Throws for a type containing i1. */
export function deviceGlobalVariable(g: LoweredDeviceGlobal, dl: DataLayout): DeviceGlobalVariable {
  if (containsBool(g.type)) {
    // SPIR-V has no in-memory representation of OpTypeBool for Kernel modules; C++ bool lives in
    // memory as i8, which is how clang types a device_global<bool>.
    throw new LowerError('a device global type cannot contain i1: SYCL stores bool in memory as i8 (use i8)', [...g.path, 'type']);
  }
  const decorations: GlobalDecoration[] = [{ decoration: Decoration.HostAccessINTEL, operands: [HOST_ACCESS_CODE[g.hostAccess ?? 'read_write'], g.name] }];
  if (g.initMode !== undefined) decorations.push({ decoration: Decoration.InitModeINTEL, operands: [INIT_MODE_CODE[g.initMode]] });
  if (g.implementInCsr !== undefined) decorations.push({ decoration: Decoration.ImplementInCSRINTEL, operands: [g.implementInCsr ? 1 : 0] });
  const usmPointer = !g.deviceImageScope;
  const align = usmPointer ? POINTER_SIZE : dl.abiAlign({ kind: 'struct', packed: false, elements: [g.type] });
  return { irName: g.irName, uniqueId: g.name, valueType: g.type, usmPointer, align, decorations, constant: g.constant === true };
}
