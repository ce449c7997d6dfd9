/**
 * JSON-friendly report of a lowering (what `syclbin lower --json` prints) and tree helpers.
 */
import { toHex } from '../codec/bytes.js';
import { writeRegistry } from '../props/registry.js';
import type { LoweringResult } from './lower.js';
import type { SpecConstantNode } from './spec-constants.js';
import { typeToString, type IrType } from './types.js';
import { constToJson } from './values.js';

/** One ID-consuming leaf of a native spec constant, for the report. */
export interface SpecConstantLeaf {
  /** 'scalar' = a decorated OpSpecConstant; 'undef' = ID consumed by an undef element. */
  readonly kind: 'scalar' | 'undef';
  /** The SpecId it consumed. */
  readonly id: number;
  /** Element indices from the constant's root (struct member / array or vector index). */
  readonly path: readonly number[];
  /** Its type. */
  readonly type: IrType;
  /** The scalar's default (JSON form); absent for undef. */
  readonly default?: unknown;
}

/** Leaves of a native spec-constant tree in ID order (depth first). */
export function specConstantLeaves(tree: SpecConstantNode): SpecConstantLeaf[] {
  const out: SpecConstantLeaf[] = [];
  const visit = (n: SpecConstantNode, path: number[]): void => {
    if (n.kind === 'composite') n.elements.forEach((e, i) => visit(e, [...path, i]));
    else if (n.kind === 'scalar') out.push({ kind: 'scalar', id: n.id, path, type: n.type, default: constToJson(n.default) });
    else out.push({ kind: 'undef', id: n.id, path, type: n.type });
  };
  visit(tree, []);
  return out;
}

/** Lower-case hex of bytes, without separators. */
export function hexBytes(b: Uint8Array): string {
  return toHex(b);
}

/** `format` of the `syclbin lower --json` document (schemas/lowering.schema.json). */
export const LOWERING_JSON_FORMAT = 'syclbin-lowering';
/** `version` of that document: raised when a field changes meaning or goes away. */
export const LOWERING_JSON_VERSION = 1;

/** The `--json` document of `syclbin lower` (schemas/lowering.schema.json). */
export function loweringReport(r: LoweringResult): Record<string, unknown> {
  const sc = r.specConstants;
  return {
    format: LOWERING_JSON_FORMAT,
    version: LOWERING_JSON_VERSION,
    mode: sc.mode,
    dataLayout: r.dataLayout.text,
    specConstants: sc.constants.map((c) => ({
      name: c.name,
      type: typeToString(c.type),
      default: constToJson(c.default),
      ids: c.ids.map((e) => ({ id: e.id, undef: e.undef })),
      explicitSpecId: c.explicitSpecId,
      descriptors: c.descriptors.map((d) => ({ id: d.id, offset: d.offset, size: d.size, padding: d.id === 0xffffffff })),
      defaultBytes: hexBytes(c.defaultBytes),
      blobOffset: c.blobOffset,
      ...(c.tree ? { leaves: specConstantLeaves(c.tree).map((l) => ({ ...l, type: typeToString(l.type) })) } : {}),
      ...(c.emulation ? { emulation: c.emulation } : {}),
    })),
    defaultBlob: hexBytes(sc.defaultBlob),
    nextId: sc.nextId,
    ...(sc.mode === 'emulation' ? { bufferSize: sc.bufferSize } : {}),
    deviceGlobals: r.deviceGlobals.map((g) => ({
      name: g.name,
      irName: g.irName,
      type: typeToString(g.type),
      size: g.size,
      deviceImageScope: g.deviceImageScope,
      ...(g.hostAccess !== undefined ? { hostAccess: g.hostAccess } : {}),
      ...(g.initMode !== undefined ? { initMode: g.initMode } : {}),
      ...(g.implementInCsr !== undefined ? { implementInCsr: g.implementInCsr } : {}),
      ...(g.constant ? { constant: true } : {}),
    })),
    properties: new TextDecoder().decode(writeRegistry(r.registry)),
    warnings: r.warnings,
  };
}
