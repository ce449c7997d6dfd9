/**
 * Device globals of parsed LLVM IR (spec lowering.md §1.F facts 33–34;
 * intel/llvm:llvm/lib/SYCLLowerIR/DeviceGlobals.cpp@2c6f27de `isDeviceGlobalVariable`,
 * `getGlobalVariableUniqueId`, `hasDeviceImageScopeProperty`):
 *   - a global variable is a device global iff it has the attribute `sycl-device-global-size`
 *     (in an attribute group `#N` or written inline);
 *   - its key is the `sycl-unique-id` value, its Size the integer value of `sycl-device-global-size`;
 *   - DeviceImageScope: `sycl-device-image-scope` present with a value other than `"false"`. The
 *     unprefixed `device_image_scope` of older IR (spec §3 item 6) is read the same way when the
 *     prefixed one is absent;
 *   - `sycl-host-access` (0 read, 1 write, 2 read_write, 3 none), `sycl-init-mode` (0 reprogram,
 *     1 reset) and `sycl-implement-in-csr` are carried for the SPIR-V decorations.
 * Order = module global order. Errors are {@link IrSyntaxError}s at the global.
 */
import { utf8FromLatin1 } from '../../codec/bytes.js';
import { irErrorAt } from '../llvm-ir/parse/errors.js';
import type { LAttribute, LGlobal, LModule } from '../llvm-ir/parse/model.js';
import type { DeviceGlobalInput, HostAccess, InitMode } from '../device-globals.js';
import { Types, type IrType } from '../types.js';
import { appendAll } from '../../codec/arrays.js';

/**
 * All attributes of a global in the order LLVM adds them: its inline ones, then its groups' (a
 * group's value replaces an inline one of the same key: LLParser validateEndOfModule merges the
 * groups into the global's attributes).
 */
export function globalAttributes(m: LModule, g: LGlobal): LAttribute[] {
  const out: LAttribute[] = [];
  appendAll(out, g.attrs);
  for (const n of g.attrGroups) {
    const grp = m.attributeGroups.get(n);
    if (!grp) {
      throw irErrorAt(m, g.tokFrom, `attribute group #${n} of @${g.name} is not defined`, 'SYNTAX');
    }
    appendAll(out, grp);
  }
  return out;
}

/** The attribute `key` of a list: the last occurrence wins, as AttrBuilder::addAttribute replaces. */
export function lastAttribute(attrs: readonly LAttribute[], key: string): LAttribute | undefined {
  for (let i = attrs.length - 1; i >= 0; i--) if (attrs[i]!.key === key) return attrs[i];
  return undefined;
}
const attr = lastAttribute;

/**
 * The `"sycl-unique-id"` of global `g` (a device global or a host pipe: `what`) as a property key
 * (getGlobalVariableUniqueId asserts it): an error at `g` when it is missing, empty (no reader of
 * property sets takes an empty key) or not a key (`=`, a line break, NUL).
 */
export function uniqueIdKey(m: LModule, g: LGlobal, attrs: readonly LAttribute[], what: string): string {
  const id = attr(attrs, 'sycl-unique-id')?.value;
  if (id === undefined) throw irErrorAt(m, g.tokFrom, `${what} @${g.name} has no "sycl-unique-id" attribute`);
  if (id === '') throw irErrorAt(m, g.tokFrom, `${what} @${g.name} has an empty "sycl-unique-id" attribute`);
  if (/[=\r\n\0]/.test(id)) throw irErrorAt(m, g.tokFrom, `"sycl-unique-id" of @${g.name} cannot be a property key: it contains '=', a line break or NUL`);
  return id;
}

/** `"key"="N"` of global `g` as a 32-bit unsigned integer (getAttributeAsInteger<uint32_t>), else an error at `g`. */
export function u32Attribute(m: LModule, g: LGlobal, key: string, text: string): number {
  if (!/^[0-9]+$/.test(text) || Number(text) > 0xffffffff) throw irErrorAt(m, g.tokFrom, `"${key}"="${text}" of @${g.name} is not a 32-bit unsigned integer`);
  return Number(text);
}

/** A device global found in IR: the lowering input plus where it is. */
export interface IrDeviceGlobal extends DeviceGlobalInput {
  /** The IR global variable. */
  readonly global: LGlobal;
  /** `sycl-device-global-size`. */
  readonly size: number;
}

/** True when `g` carries `sycl-device-global-size`. */
export function isDeviceGlobal(m: LModule, g: LGlobal): boolean {
  return attr(globalAttributes(m, g), 'sycl-device-global-size') !== undefined;
}

/**
 * Device globals among `globals` (default: all of the module's), in their order. `sizes`: a
 * `sycl-device-global-size` a pass set in place of the one written (SanitizerKernelMetadataPass),
 * for globals that are device globals already.
 */
export function findDeviceGlobals(m: LModule, globals: readonly LGlobal[] = m.globals, sizes?: ReadonlyMap<LGlobal, number>): IrDeviceGlobal[] {
  const out: IrDeviceGlobal[] = [];
  for (const g of globals) {
    const attrs = globalAttributes(m, g);
    const sizeAttr = attr(attrs, 'sycl-device-global-size');
    if (!sizeAttr) continue;
    const fail = (msg: string): never => {
      throw irErrorAt(m, g.tokFrom, msg);
    };
    const id = uniqueIdKey(m, g, attrs, 'device global');
    const size = u32Attribute(m, g, 'sycl-device-global-size', sizes?.has(g) ? String(sizes.get(g)) : (sizeAttr.value ?? ''));
    const scope = attr(attrs, 'sycl-device-image-scope') ?? attr(attrs, 'device_image_scope');
    const deviceImageScope = scope !== undefined && scope.value !== 'false';
    const hostAccessText = attr(attrs, 'sycl-host-access')?.value;
    const hostAccess: HostAccess | undefined = hostAccessText === undefined ? undefined : (['read', 'write', 'read_write', 'none'] as const)[Number(hostAccessText)];
    if (hostAccessText !== undefined && hostAccess === undefined) fail(`"sycl-host-access"="${hostAccessText}" of @${g.name} is not 0, 1, 2 or 3`);
    const initText = attr(attrs, 'sycl-init-mode')?.value;
    const initMode: InitMode | undefined = initText === undefined ? undefined : (['reprogram', 'reset'] as const)[Number(initText)];
    if (initText !== undefined && initMode === undefined) fail(`"sycl-init-mode"="${initText}" of @${g.name} is not 0 or 1`);
    const csr = attr(attrs, 'sycl-implement-in-csr');
    // The underlying T is not recoverable from `{ T addrspace(4)* }` with opaque pointers; the
    // lowering only needs its size, so T is described as `[size x i8]`.
    const type: IrType = { kind: 'array', length: size, element: Types.i8 };
    out.push({
      name: id,
      irName: g.name,
      type,
      size,
      deviceImageScope,
      ...(hostAccess ? { hostAccess } : {}),
      ...(initMode ? { initMode } : {}),
      ...(csr ? { implementInCsr: csr.value !== 'false' } : {}),
      global: g,
      // (a path for people: the name as the text its UTF-8 bytes spell)
      path: [`@${utf8FromLatin1(g.name)}`],
    });
  }
  return out;
}
