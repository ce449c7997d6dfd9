/**
 * Device globals → `[SYCL/device globals]` records, `[SYCL/program metadata] <id>@global_id_mapping`
 * and the cross-module `device_image_scope` check (spec lowering.md §1.F facts 33–37).
 *
 * Size: the record's Size is the `sycl-device-global-size` IR attribute, which the SYCL headers set
 * to `sizeof(T)` of the underlying type (seed 003, "Attributes attached to the class";
 * intel/llvm sycl/include/sycl/ext/oneapi/device_global/device_global.hpp
 * `add_ir_attributes_global_variable("sycl-device-global-size", …, sizeof(T), …)`), and which
 * compiler-generated device globals set to `DL.getTypeAllocSize(Ty)` (SanitizerKernelMetadata).
 * C++ `sizeof` is the alloc size of the type's LLVM lowering, so Size = DataLayout alloc size of
 * the manifest `type` (e.g. `<3 x float>` → 16, `{ i32, i8 }` → 8).
 */
import { CrossModuleDeviceGlobalError, LowerError } from './errors.js';
import type { DataLayout } from './datalayout.js';
import type { IrType } from './types.js';

/** `sycl-host-access` values (HostAccessINTEL access operand: 0 read, 1 write, 2 read_write, 3 none). */
export type HostAccess = 'read' | 'write' | 'read_write' | 'none';
/** `sycl-init-mode` values (InitModeINTEL: 0 init on device reprogram, 1 init on device reset). */
export type InitMode = 'reprogram' | 'reset';

/** HostAccessINTEL operand of each `sycl-host-access` value. */
export const HOST_ACCESS_CODE: Record<HostAccess, number> = { read: 0, write: 1, read_write: 2, none: 3 };
/** InitModeINTEL operand of each `sycl-init-mode` value. */
export const INIT_MODE_CODE: Record<InitMode, number> = { reprogram: 0, reset: 1 };

/** A device global to lower (from the manifest or read from IR). */
export interface DeviceGlobalInput {
  /** `sycl-unique-id`: the property key. */
  readonly name: string;
  /** IR variable name (used by `@global_id_mapping` and the diagnostic of fact 37). */
  readonly irName: string;
  /** Underlying type T. */
  readonly type: IrType;
  /** `sycl-device-image-scope`: one instance per device image (so no two modules may use it). */
  readonly deviceImageScope: boolean;
  /** Absent = property not given (HostAccessINTEL is still emitted as read_write, seed 003). */
  readonly hostAccess?: HostAccess;
  /** `sycl-init-mode`, when given (InitModeINTEL is emitted only then). */
  readonly initMode?: InitMode;
  /** `sycl-implement-in-csr`, when given (ImplementInCSRINTEL is emitted only then). */
  readonly implementInCsr?: boolean;
  /**
   * The IR variable is `constant`, not `global` (read-only): the SPIR-V variable is decorated
   * Constant, as llvm-spirv-15 decorates a constant GlobalVariable. Absent = false.
   */
  readonly constant?: boolean;
  /** JSON path of the manifest entry, for errors. */
  readonly path?: readonly (string | number)[];
  /** How a message about another entry names this one (default: `at deviceGlobals[i]`; from IR: `at line 3, column 1`). */
  readonly label?: string;
}

/** A device global with its `[SYCL/device globals]` record size. */
export interface LoweredDeviceGlobal extends DeviceGlobalInput {
  /** The record's Size field: alloc size of `type`. */
  readonly size: number;
  /** JSON path of the entry (`deviceGlobals[i]` when the input gave none). */
  readonly path: readonly (string | number)[];
}

/** Size each device global (DataLayout alloc size of `type`) and check that no `name` or `irName` is used twice. Errors name the JSON path. */
export function lowerDeviceGlobals(inputs: readonly DeviceGlobalInput[], dl: DataLayout): LoweredDeviceGlobal[] {
  const seen = new Map<string, number>();
  const seenIr = new Map<string, number>();
  return inputs.map((g, i) => {
    const path = g.path ?? ['deviceGlobals', i];
    const prev = seen.get(g.name);
    if (prev !== undefined) throw new LowerError(`device global "${g.name}" is listed twice (first ${inputs[prev]!.label ?? `at deviceGlobals[${prev}]`})`, [...path, 'name']);
    seen.set(g.name, i);
    const prevIr = seenIr.get(g.irName);
    if (prevIr !== undefined) throw new LowerError(`IR name "${g.irName}" is used by two device globals (first ${inputs[prevIr]!.label ?? `at deviceGlobals[${prevIr}]`})`, [...path, 'irName']);
    seenIr.set(g.irName, i);
    const size = dl.allocSize(g.type);
    if (size > 0xffffffff) throw new LowerError(`device global size ${size} does not fit in the 32-bit Size field`, [...path, 'type'], 'LIMIT');
    return { ...g, size, path };
  });
}

/** A module (device image) and the spec constants / device globals its entry points use. */
export interface ModuleUse {
  /** Module (device image) name. */
  readonly name: string;
  /** Names of the spec constants and device globals its entry points use (unique IDs or IR names; see `by`). */
  readonly uses: readonly string[] | ReadonlySet<string>;
}

/**
 * `ModuleSplitterBase::verifyNoCrossModuleDeviceGlobalUsage` (ModuleSplitter.cpp @032dee01): with
 * at least two modules, the first device global (in global order) that has `device_image_scope`
 * and is used by two different modules raises the fact-37 diagnostic, naming the IR variable.
 * `by` says what `uses` holds: the unique IDs (manifests) or the IR names (sycl-post-link's closures).
 */
export function verifyNoCrossModuleDeviceGlobalUsage(globals: readonly DeviceGlobalInput[], modules: readonly ModuleUse[], by: 'name' | 'irName' = 'name'): void {
  if (modules.length < 2) return;
  const uses = modules.map((m) => (m.uses instanceof Set ? m.uses : new Set(m.uses)));
  for (const g of globals) {
    if (!g.deviceImageScope) continue;
    const users = modules.filter((_, i) => uses[i]!.has(g[by])).map((m) => m.name);
    if (users.length > 1) throw new CrossModuleDeviceGlobalError(g.irName, users);
  }
}
