/**
 * The lowering manifest (issue 5; JSON Schema: schemas/lower-manifest.schema.json) and its
 * validation into typed inputs. Every error names the JSON path of the offending value
 * (`specConstants[2].default[1]`, `types["struct.A"]`).
 */
import { jsonSyntaxProblem, jsonValuePosition, parseJsonText } from '../codec/json-syntax.js';
import { toTextBytes } from '../codec/source.js';
import { escapedUtf8Offset } from '../codec/bytes.js';
import { isWellFormed } from '../codec/bytes.js';
import { decodeText, quotedText } from '../props/text.js';
import { clipText } from '../codec/messages.js';
import { propertyKeyProblem } from '../props/registry.js';
import { LowerError } from './errors.js';
import { DataLayout, DEFAULT_SPIR_DATALAYOUT } from './datalayout.js';
import { TypeTable, Types, type IrType } from './types.js';
import { parseConstValue, type ConstValue } from './values.js';
import type { SpecConstMode } from './spec-constants.js';
import type { DeviceGlobalInput, HostAccess, InitMode } from './device-globals.js';

/** The manifest as JSON (what users write). */
export interface LoweringManifestJson {
  /** JSON Schema reference (ignored). */
  $schema?: string;
  /** Free text (ignored). */
  description?: string;
  /** `native` (SPIR-V JIT: one SpecId per scalar leaf) or `emulation` (AOT/PTX/AMDGCN: one ID per constant, values in a buffer), as sycl-post-link `-spec-const`. */
  mode: SpecConstMode;
  /** LLVM target datalayout string (default: SPIR's); sizes, alignments and member offsets follow it. */
  dataLayout?: string;
  /** Named struct types referenced as `%name`: name (without `%`) to struct body in LLVM IR syntax. */
  types?: Record<string, string>;
  /** Spec constants in first-encounter order (it decides IDs and the default blob layout). */
  specConstants?: {
    name: string;
    type: string;
    default: unknown;
    specId?: number;
  }[];
  /** Device globals in module global order. */
  deviceGlobals?: {
    name: string;
    irName?: string;
    type: string;
    deviceImageScope?: boolean;
    hostAccess?: HostAccess;
    initMode?: InitMode;
    implementInCsr?: boolean;
    constant?: boolean;
  }[];
  /** Device images after splitting and the names their entry points use (for the device_image_scope cross-module check). */
  modules?: { name: string; uses: string[] }[];
  /** Add `[SYCL/program metadata]` `<name>@global_id_mapping` entries (sycl-post-link `-emit-program-metadata`). */
  emitProgramMetadata?: boolean;
}

/** A validated spec constant of the manifest. */
export interface ManifestSpecConstant {
  /** Symbolic ID (the property key). */
  readonly name: string;
  /** Its type. */
  readonly type: IrType;
  /** Its default value (a bool constant's as the i8 clang stores). */
  readonly default: ConstValue;
  /** Explicit SPIR-V SpecId (native mode, scalar types only). */
  readonly specId?: number;
  /** JSON path of the entry, for errors found later. */
  readonly path: readonly (string | number)[];
  /** How a message about another entry names this one (SpecConstantInput.label). */
  readonly label?: string;
}

/** A device global as the manifest gives it (same shape the lowering consumes), with its JSON path. */
export type ManifestDeviceGlobal = DeviceGlobalInput & { readonly path: readonly (string | number)[] };

/** A validated manifest with parsed types and constants. */
export interface LoweringManifest {
  /** Spec-constant lowering mode. */
  readonly mode: SpecConstMode;
  /** The parsed datalayout. */
  readonly dataLayout: DataLayout;
  /** The manifest's named types, resolved (definition order). */
  readonly types: TypeTable;
  /** Spec constants in manifest order. */
  readonly specConstants: readonly ManifestSpecConstant[];
  /** Device globals in manifest order. */
  readonly deviceGlobals: readonly ManifestDeviceGlobal[];
  /** Split device images and the names they use, when given. */
  readonly modules?: readonly { readonly name: string; readonly uses: readonly string[] }[];
  /** Whether to add `[SYCL/program metadata]` global_id_mapping entries. */
  readonly emitProgramMetadata: boolean;
  /**
   * The module calls the spec-constant intrinsics (set by the IR path): the two spec-constant sets are
   * written even when no constant is lowered, as sycl-post-link writes them (SYCL 1.2.1 constants in
   * emulation mode become their defaults and have no descriptors).
   */
  readonly specConstantsMet?: boolean;
}

type Path = readonly (string | number)[];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function kind(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}

function obj(v: unknown, path: Path, allowed: readonly string[], required: readonly string[]): Record<string, unknown> {
  if (!isObject(v)) throw new LowerError(`expected an object, got ${kind(v)}`, path);
  for (const k of Object.keys(v)) {
    // (names from the file are quoted with control characters and bytes that are not UTF-8 escaped, and clipped)
    if (!allowed.includes(k)) throw new LowerError(`unknown property ${quotedText(clipText(k))} (allowed: ${allowed.join(', ')})`, [...path, k]);
  }
  for (const k of required) if (!(k in v)) throw new LowerError(`missing required property "${k}"`, path);
  return v;
}

function str(v: unknown, path: Path, what = 'a string'): string {
  if (typeof v !== 'string') throw new LowerError(`expected ${what}, got ${kind(v)}`, path);
  return v;
}

function bool(v: unknown, path: Path): boolean {
  if (typeof v !== 'boolean') throw new LowerError(`expected true or false, got ${kind(v)}`, path);
  return v;
}

function arr(v: unknown, path: Path): unknown[] {
  if (!Array.isArray(v)) throw new LowerError(`expected an array, got ${kind(v)}`, path);
  return v;
}

/**
 * A property key must survive the registry text (`key=type|value\n`, key ends at the first `=`;
 * spec README rule 2): the registry writer's rules (propertyKeyProblem: not empty, no leading `[`,
 * no `=`, line feed or NUL, UTF-8 text), plus no carriage return, refused here at the name's path
 * rather than when the lowered registry is written.
 */
function propertyKey(v: unknown, path: Path): string {
  const s = str(v, path);
  const problem = propertyKeyProblem(s) ?? (s.includes('\r') ? 'property key contains a carriage return' : undefined);
  if (problem !== undefined) throw new LowerError(`${JSON.stringify(s)} cannot be a property key: ${problem}`, path);
  return s;
}

/** `type` laid out under the manifest's data layout now, so that a type too large is reported at its path. */
function laidOut(type: IrType, dataLayout: DataLayout, path: Path): IrType {
  try {
    dataLayout.allocSize(type);
  } catch (e) {
    if (e instanceof LowerError && e.pathSegments.length === 0) throw e.within(...path);
    throw e;
  }
  return type;
}

function oneOf<T extends string>(v: unknown, path: Path, values: readonly T[]): T {
  if (typeof v !== 'string' || !values.includes(v as T)) throw new LowerError(`expected one of ${values.map((x) => JSON.stringify(x)).join(', ')}, got ${JSON.stringify(v)}`, path);
  return v as T;
}

/** Validates a parsed JSON manifest. */
export function parseManifest(json: unknown): LoweringManifest {
  const m = obj(json, [], ['$schema', 'description', 'mode', 'dataLayout', 'types', 'specConstants', 'deviceGlobals', 'modules', 'emitProgramMetadata'], ['mode']);
  const mode = oneOf(m.mode, ['mode'], ['native', 'emulation'] as const);
  const dataLayout = DataLayout.parse(m.dataLayout === undefined ? DEFAULT_SPIR_DATALAYOUT : str(m.dataLayout, ['dataLayout']), ['dataLayout']);
  if (m.types !== undefined && !isObject(m.types)) throw new LowerError(`expected an object of type definitions, got ${kind(m.types)}`, ['types']);
  const typeDefs: Record<string, string> = {};
  for (const [k, v] of Object.entries((m.types ?? {}) as Record<string, unknown>)) typeDefs[k] = str(v, ['types', k], 'a type in LLVM IR syntax');
  const types = new TypeTable(typeDefs);
  types.resolveAll();

  const specConstants = arr(m.specConstants ?? [], ['specConstants']).map((raw, i): ManifestSpecConstant => {
    const path = ['specConstants', i];
    const o = obj(raw, path, ['name', 'type', 'default', 'specId', 'description'], ['name', 'type', 'default']);
    const name = propertyKey(o.name, [...path, 'name']);
    const type = laidOut(types.parse(str(o.type, [...path, 'type'], 'a type in LLVM IR syntax'), [...path, 'type']), dataLayout, [...path, 'type']);
    let dflt = parseConstValue(o.default, type, [...path, 'default']);
    // A bool constant: its specialization_id holds the in-memory bool, an i8 (what clang emits and
    // sycl-post-link reads), so the default is that i8 — which makes the emitters produce
    // `call i8 @_Z20__spirv_SpecConstantia(i32 N, i8 v)` + trunc, as sycl-post-link does (bool.ll).
    if (type.kind === 'int' && type.bits === 1 && dflt.kind === 'int') dflt = { kind: 'int', type: Types.i8, value: dflt.value };
    let specId: number | undefined;
    if (o.specId !== undefined) {
      if (typeof o.specId !== 'number' || !Number.isInteger(o.specId)) throw new LowerError(`expected an integer SpecId, got ${kind(o.specId)}`, [...path, 'specId']);
      specId = o.specId;
    }
    return specId === undefined ? { name, type, default: dflt, path } : { name, type, default: dflt, specId, path };
  });

  const deviceGlobals = arr(m.deviceGlobals ?? [], ['deviceGlobals']).map((raw, i): ManifestDeviceGlobal => {
    const path = ['deviceGlobals', i];
    const o = obj(raw, path, ['name', 'irName', 'type', 'deviceImageScope', 'hostAccess', 'initMode', 'implementInCsr', 'constant', 'description'], ['name', 'type']);
    const name = propertyKey(o.name, [...path, 'name']);
    const irName = o.irName === undefined ? name : str(o.irName, [...path, 'irName']);
    if (irName === '') throw new LowerError('must not be empty', [...path, 'irName']);
    // An IR name is bytes: a lone surrogate has none, and was written as U+FFFD (EF BF BD) into the
    // IR, the SPIR-V and the global_id_mapping value alike.
    if (!isWellFormed(irName)) throw new LowerError(`${JSON.stringify(irName)} has a lone surrogate, which is no text: an IR name is UTF-8 bytes`, [...path, 'irName']);
    const type = laidOut(types.parse(str(o.type, [...path, 'type'], 'a type in LLVM IR syntax'), [...path, 'type']), dataLayout, [...path, 'type']);
    const g: ManifestDeviceGlobal = {
      name,
      irName,
      type,
      deviceImageScope: o.deviceImageScope === undefined ? false : bool(o.deviceImageScope, [...path, 'deviceImageScope']),
      ...(o.hostAccess !== undefined ? { hostAccess: oneOf(o.hostAccess, [...path, 'hostAccess'], ['read', 'write', 'read_write', 'none'] as const) } : {}),
      ...(o.initMode !== undefined ? { initMode: oneOf(o.initMode, [...path, 'initMode'], ['reprogram', 'reset'] as const) } : {}),
      ...(o.implementInCsr !== undefined ? { implementInCsr: bool(o.implementInCsr, [...path, 'implementInCsr']) } : {}),
      ...(o.constant !== undefined && bool(o.constant, [...path, 'constant']) ? { constant: true } : {}),
      path,
    };
    return g;
  });

  const known = new Set([...specConstants.map((s) => s.name), ...deviceGlobals.map((g) => g.name)]);
  let modules: { name: string; uses: string[] }[] | undefined;
  if (m.modules !== undefined) {
    const names = new Set<string>();
    modules = arr(m.modules, ['modules']).map((raw, i) => {
      const path = ['modules', i];
      const o = obj(raw, path, ['name', 'uses', 'description'], ['name', 'uses']);
      const name = str(o.name, [...path, 'name']);
      if (names.has(name)) throw new LowerError(`module ${quotedText(clipText(name))} is listed twice`, [...path, 'name']);
      names.add(name);
      const uses = arr(o.uses, [...path, 'uses']).map((u, j) => {
        const s = str(u, [...path, 'uses', j]);
        if (!known.has(s)) throw new LowerError(`${quotedText(clipText(s))} is neither a spec constant nor a device global of this manifest`, [...path, 'uses', j]);
        return s;
      });
      return { name, uses };
    });
  }
  const emitProgramMetadata = m.emitProgramMetadata === undefined ? false : bool(m.emitProgramMetadata, ['emitProgramMetadata']);
  return { mode, dataLayout, types, specConstants, deviceGlobals, ...(modules ? { modules } : {}), emitProgramMetadata };
}


/**
 * Parses manifest text (JSON), given as a string or as its UTF-8 bytes (an ArrayBuffer or any view
 * of one). Its errors are LowerErrors with their JSON path and, in `line`, `column` and `offset` (in
 * bytes), where in the text: a syntax error's first mistake, a value's start.
 */
export function parseManifestText(text: string | Uint8Array): LoweringManifest {
  const source = typeof text === 'string' ? text : decodeText(toTextBytes(text, 'the manifest text'));
  let json: unknown;
  try {
    json = parseJsonText(source);
  } catch (e) {
    const at = jsonSyntaxProblem(source);
    const error = new LowerError(`manifest is not valid JSON: ${(e as Error).message}`);
    throw at ? error.placedAt({ line: at.line, column: at.column, offset: escapedUtf8Offset(source, at.offset) }) : error;
  }
  try {
    return parseManifest(json);
  } catch (e) {
    // A value's error is placed at its line and column too (as `syclbin lower` places it): one walk
    // of the text, only when there is an error to place.
    if (e instanceof LowerError && e.line === undefined && e.pathSegments.length) {
      const at = jsonValuePosition(source, e.pathSegments);
      if (at) e.placedAt({ line: at.line, column: at.column, offset: escapedUtf8Offset(source, at.offset) });
    }
    throw e;
  }
}
