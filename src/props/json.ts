/**
 * JSON form of a property-set registry (`syclbin props --json`, schema: schemas/props.schema.json)
 * and its inverse (`syclbin props --encode`).
 *
 * Every property carries its raw value (`value` for uint32; `bits` + `hex` payload for byte arrays),
 * the exact registry `text` after the `|`, and for known keys a `typed` object. 64-bit numbers are
 * decimal strings. On encode any of `typed`, the raw fields and `text` may be given; when several are
 * given they must describe the same bytes (so a stale field is reported instead of silently winning).
 * Informational fields (`known`, `meaning`, `problems`, `name` of enums/aspects when a value is given,
 * `padding`, `constants` of default blobs) are ignored on encode.
 *
 * Wherever property-set JSON is read, upstream LLVM's form (src/props/llvm-json.ts) is accepted too;
 * `propsJsonForm` tells the two apart.
 */
import { DecodeError, EncodeError, hexBytes, jsonChecks, toHex, type JsonObject, type PathKey, type BytesLike } from '../codec/index.js';
import { PropertySetError } from './errors.js';
import { byteArray, registryArgument, uint32, type PropertySetRegistry, type PropertyValue } from './model.js';
import { readRegistry, encodePropertyValue } from './registry.js';
import { SPEC_CONST_PADDING_ID as SPEC_CONST_PADDING } from '../../formats/property-records.js';
import { aspectValue, decodeTypedRegistry, encodeTypedRegistry, type TypedSet, type TypedSetInput, type TypedValue } from './typed/index.js';
import { parseLlvmJson, readLlvmProperties, type LlvmJsonDocument, type LlvmJsonNote, type LlvmJsonValue } from './llvm-json.js';
import { bytesEqual, toTextBytes } from '../codec/source.js';

/** `format` of our JSON form. */
export const PROPS_JSON_FORMAT = 'syclbin-props';
/** `version` of our JSON form. */
export const PROPS_JSON_VERSION = 1;


/** `hexBytes` with its error at `path` of the document. */
function fromHex(s: string, path: (string | number)[]): Uint8Array {
  const b = hexBytes(s);
  if (!b) throw new EncodeError('hex must be an even number of hex digits without separators', path);
  return b;
}

function typedToJson(t: TypedValue): JsonObject {
  switch (t.kind) {
    case 'uint32':
    case 'host-pipe':
      return t.kind === 'uint32' ? { kind: t.kind, value: t.value } : { kind: t.kind, size: t.size };
    case 'enum':
      return t.name === undefined ? { kind: t.kind, value: t.value } : { kind: t.kind, value: t.value, name: t.name };
    case 'string':
      return { kind: t.kind, text: t.text };
    case 'u32-array':
      return { kind: t.kind, values: t.values };
    case 'u64-array':
      return { kind: t.kind, values: t.values.map(String) };
    case 'aspects':
      return { kind: t.kind, aspects: t.aspects.map((a): JsonObject => (a.name === undefined ? { value: a.value } : { value: a.value, name: a.name })) };
    case 'bitmask':
      return { kind: t.kind, bits: t.bits, set: t.set };
    case 'spec-const-descriptors':
      return { kind: t.kind, descriptors: t.descriptors.map((d) => ({ id: d.id, offset: d.offset, size: d.size, padding: d.id === SPEC_CONST_PADDING })) };
    case 'spec-const-defaults': {
      const o: JsonObject = { kind: t.kind, hex: toHex(t.bytes) };
      if (t.constants) {
        o.constants = t.constants.map((c) => ({
          symbolicId: c.symbolicId,
          blobOffset: c.blobOffset,
          size: c.size,
          descriptors: c.descriptors.map((d) => ({
            id: d.id,
            offset: d.offset,
            size: d.size,
            blobOffset: d.blobOffset,
            padding: d.padding,
            hex: toHex(t.bytes.subarray(Math.max(0, d.blobOffset), Math.max(0, d.blobOffset + d.size))),
          })),
        }));
      }
      return o;
    }
    case 'device-global':
      return { kind: t.kind, size: t.size, deviceImageScope: t.deviceImageScope, layout: t.layout };
  }
}

/** The JSON text `syclbin props --json` writes for a registry: {@link registryToJson}, indented by two, ending in a newline ({@link readPropsJson} reads it back). */
export function writePropsJson(registry: PropertySetRegistry): string {
  registryArgument(registry, 'writePropsJson');
  return JSON.stringify(registryToJson(registry), null, 2) + '\n';
}

/**
 * The text of {@link writePropsJson} in pieces, a set at a time (each set's JSON is made as it is
 * written): a registry of a million sets is written without one 200 MB string or every set's JSON
 * object alive at once. The pieces joined are exactly writePropsJson's text.
 */
export function* propsJsonPieces(registry: PropertySetRegistry): Generator<string> {
  registryArgument(registry, 'propsJsonPieces');
  const sets = decodeTypedRegistry(registry);
  yield `{\n  "format": ${JSON.stringify(PROPS_JSON_FORMAT)},\n  "version": ${JSON.stringify(PROPS_JSON_VERSION)},\n  "sets": [`;
  for (let i = 0; i < sets.length; i++) yield `${i ? ',' : ''}\n    ${JSON.stringify(typedSetToJson(sets[i]!), null, 2).replace(/\n/g, '\n    ')}`;
  yield sets.length ? '\n  ]\n}\n' : ']\n}\n';
}

/** One typed set as the JSON document lists it. */
function typedSetToJson(s: TypedSet): JsonObject {
  return {
    name: s.name,
    known: s.known,
    properties: s.properties.map((p) => {
      const o: JsonObject = { key: p.key, type: p.value.type };
      if (p.value.type === 1) o.value = p.value.value;
      else {
        o.bits = p.value.bits.toString();
        o.hex = toHex(p.value.bytes);
      }
      o.text = encodePropertyValue(p.value).slice(2);
      if (p.rule) o.meaning = p.rule.meaning;
      if (p.typed) o.typed = typedToJson(p.typed);
      if (p.problems.length) o.problems = p.problems.map((x) => ({ ...x }));
      return o;
    }),
  };
}

/** JSON document for a registry (validated by schemas/props.schema.json). */
export function registryToJson(registry: PropertySetRegistry): JsonObject {
  const sets = decodeTypedRegistry(registry).map(typedSetToJson);
  return { format: PROPS_JSON_FORMAT, version: PROPS_JSON_VERSION, sets };
}

// ---- JSON -> registry -----------------------------------------------------------------------------

const J = jsonChecks();
const obj = J.object;
const arr = J.array;
const str = J.string;
const u32n = (v: unknown, path: (string | number)[]): number => J.integer(v, path, 0xffffffff);
const u64s = J.u64;
/** Each element of the array at `path`, read by `fn` with its own path. */
const each = <T>(v: unknown, path: (string | number)[], fn: (x: unknown, p: (string | number)[]) => T): T[] => arr(v, path).map((x, i) => fn(x, [...path, i]));

function typedFromJson(v: unknown, path: (string | number)[]): TypedValue {
  const o = obj(v, path);
  const kind = str(o.kind, [...path, 'kind']);
  const at = (k: string): (string | number)[] => [...path, k];
  switch (kind) {
    case 'uint32':
      return { kind, value: u32n(o.value, at('value')) };
    case 'enum':
      return { kind, value: u32n(o.value, at('value')) };
    case 'string':
      return { kind, text: str(o.text, at('text')) };
    case 'u32-array':
      return { kind, values: each(o.values, at('values'), u32n) };
    case 'u64-array':
      return { kind, values: each(o.values, at('values'), u64s) };
    case 'aspects':
      return {
        kind,
        aspects: each(o.aspects, at('aspects'), (x, p) => {
          const a = obj(x, p);
          if (a.value !== undefined) return { value: u32n(a.value, [...p, 'value']) };
          const name = str(a.name, [...p, 'name']);
          const value = aspectValue(name);
          if (value === undefined) throw new EncodeError(`unknown aspect name '${name}'; give its numeric value`, p);
          return { value };
        }),
      };
    case 'bitmask':
      return { kind, bits: u32n(o.bits, at('bits')), set: each(o.set, at('set'), u32n) };
    case 'spec-const-descriptors':
      return {
        kind,
        descriptors: each(o.descriptors, at('descriptors'), (x, p) => {
          const d = obj(x, p);
          const id = d.id === undefined && d.padding === true ? SPEC_CONST_PADDING : u32n(d.id, [...p, 'id']);
          return { id, offset: u32n(d.offset, [...p, 'offset']), size: u32n(d.size, [...p, 'size']) };
        }),
      };
    case 'spec-const-defaults':
      return { kind, bytes: fromHex(str(o.hex, at('hex')), at('hex')) };
    case 'device-global': {
      const layout = o.layout === undefined ? 'u32' : str(o.layout, at('layout'));
      if (layout !== 'u32' && layout !== 'legacy-u8') throw new EncodeError("layout must be 'u32' or 'legacy-u8'", at('layout'));
      return { kind, size: u32n(o.size, at('size')), deviceImageScope: u32n(o.deviceImageScope, at('deviceImageScope')), layout };
    }
    case 'host-pipe':
      return { kind, size: u32n(o.size, at('size')) };
    default:
      throw new EncodeError(`unknown typed kind '${kind}'`, at('kind'));
  }
}

function rawFromJson(o: JsonObject, path: (string | number)[]): PropertyValue | undefined {
  const type = o.type;
  if (type === undefined) return undefined;
  if (type === 1) return o.value === undefined ? undefined : uint32(u32n(o.value, [...path, 'value']));
  if (type === 2) {
    if (o.hex === undefined) return undefined;
    const bytes = fromHex(str(o.hex, [...path, 'hex']), [...path, 'hex']);
    return byteArray(bytes, o.bits === undefined ? BigInt(bytes.length) * 8n : u64s(o.bits, [...path, 'bits']));
  }
  throw new EncodeError('type must be 1 (uint32) or 2 (byte array)', [...path, 'type']);
}

function textFromJson(o: JsonObject, path: (string | number)[]): PropertyValue | undefined {
  if (o.text === undefined) return undefined;
  const text = str(o.text, [...path, 'text']);
  if (o.type !== 1 && o.type !== 2) throw new EncodeError("'text' needs 'type' 1 or 2", [...path, 'type']);
  // Decimal digits of a uint32 (what `--json` writes for every type-1 value) read as the registry
  // reader reads them, without making a registry of them.
  if (o.type === 1 && text.length > 0 && text.length <= 10 && DIGITS.test(text)) {
    const v = Number(text);
    if (v <= 0xffffffff) return uint32(v);
  }
  // One value, as written after the `|` of its line: a line feed would end the line, and the lines
  // after it would be read as more properties of the one-line registry below and dropped (or, naming
  // its key again, replace the value: "5\nk=1|9" was 9); a carriage return is a line end's too.
  const lineEnd = text.search(/[\r\n]/);
  if (lineEnd >= 0) throw new EncodeError(`'text' is not a valid value: a ${text[lineEnd] === '\n' ? 'line feed' : 'carriage return'} at character ${lineEnd} (a value is the rest of one line)`, [...path, 'text']);
  // Parse through the registry reader so `text` obeys exactly the rules of the file format.
  try {
    const reg = readRegistry(new TextEncoder().encode(`[x]\nk=${o.type}|${text}\n`));
    return reg.get('x')!.get('k')!;
  } catch (e) {
    // The reason alone: the line, column and path of the one-line registry made here mean nothing to
    // the author of the JSON (the error's own path names `text`).
    if (!(e instanceof DecodeError)) throw e;
    throw new EncodeError(`'text' is not a valid value: ${e.reason.replace(/^line \d+, column \d+: /, '')}`, [...path, 'text']);
  }
}

const DIGITS = /^[0-9]+$/;

/** True when two values are the same (type, number or bits and bytes): what comparing their texts tells, without writing them. */
function sameValue(a: PropertyValue, b: PropertyValue): boolean {
  if (a.type === 1) return b.type === 1 && a.value === b.value;
  return b.type === 2 && a.bits === b.bits && bytesEqual(a.bytes, b.bytes);
}

/** Parse a `--json` document back into a registry; see the module comment for the rules. */
export function registryFromJson(doc: unknown): PropertySetRegistry {
  const root = obj(doc, []);
  if (root.format !== PROPS_JSON_FORMAT) throw new EncodeError(`'format' must be '${PROPS_JSON_FORMAT}'`, ['format']);
  if (root.version !== PROPS_JSON_VERSION) throw new EncodeError(`unsupported 'version' ${JSON.stringify(root.version)} (this tool writes ${PROPS_JSON_VERSION})`, ['version']);
  const sets: TypedSetInput[] = arr(root.sets, ['sets']).map((sv, i) => {
    const sp = ['sets', i];
    const s = obj(sv, sp);
    return {
      name: str(s.name, [...sp, 'name']),
      properties: arr(s.properties, [...sp, 'properties']).map((pv, j) => {
        const pp = [...sp, 'properties', j];
        const p = obj(pv, pp);
        const key = str(p.key, [...pp, 'key']);
        const typed = p.typed === undefined ? undefined : typedFromJson(p.typed, [...pp, 'typed']);
        const raw = rawFromJson(p, pp);
        const text = textFromJson(p, pp);
        if (raw && text && !sameValue(raw, text) && encodePropertyValue(raw) !== encodePropertyValue(text)) {
          throw new EncodeError(`'text' (${encodePropertyValue(text)}) and the raw value (${encodePropertyValue(raw)}) disagree; remove one of them`, pp);
        }
        const value = raw ?? text;
        return value ? { key, typed, value } : { key, typed };
      }),
    };
  });
  return encodeTypedRegistry(sets);
}

// ---- which form ---------------------------------------------------------------------------------

/** {@link propsJsonForm} of a document read by LLVM's grammar: an object whose `format` member (its last value, as both readers keep) is not an object. */
function isOurForm(root: LlvmJsonValue): boolean {
  if (root.kind !== 'object') return false;
  const format = root.members.get('format');
  return format !== undefined && format.kind !== 'object';
}

/** The two JSON forms of a registry: ours (`syclbin props --json`) and upstream LLVM's. */
export type PropsJsonForm = 'syclbin' | 'llvm';

/**
 * The one recogniser of property-set JSON, by shape: ours is an object with a `format` member that is
 * not an object (the string `syclbin-props`); upstream LLVM's is an object of set name -> object, so
 * a valid upstream document never has a non-object member. Everything else is read as upstream JSON
 * and refused by LLVM's rules (`expected JSON object`, `expected JSON array`).
 */
export function propsJsonForm(doc: unknown): PropsJsonForm {
  const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
  return isObject(doc) && Object.hasOwn(doc, 'format') && !isObject(doc.format) ? 'syclbin' : 'llvm';
}

/** A property-set JSON document read in whichever form it is. */
export interface PropsJsonRead {
  /** Which form the document is in (ours or upstream's). */
  form: PropsJsonForm;
  /** The registry read. */
  registry: PropertySetRegistry;
  /** What LLVM's lax reader let through (upstream form), sets and keys listed again (ours). */
  notes: LlvmJsonNote[];
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Read property-set JSON of either form. Ours: RFC 8259 JSON (a UTF-8 BOM is skipped), errors are
 * PropertySetError (a DecodeError: JSON syntax, or a document not of our shape, with its path and
 * offset). Upstream: exactly as `llvm::offloading::readPropertiesFromJSON` (llvm-json.ts), whose
 * parser also decides about text that is no RFC 8259 JSON (LLVM's grammar is wider: `01`, `+1`).
 */
export function readPropsJson(input: BytesLike | string): PropsJsonRead {
  const bytes = toTextBytes(input, 'the JSON text');
  // Upstream JSON (what LLVM's grammar reads and is not our form) is read from LLVM's parse alone: the
  // JSON.parse below would only tell the form, which the parse tells as well. Anything else takes the
  // steps below, which decide as before.
  // A document that opens with a "format" member (what --json writes) is ours in all likelihood: it
  // goes to the steps below at once, not through a parse that would be made for nothing.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 64));
  if (!/^\s*\{\s*"format"\s*:/.test(head)) {
    let llvmParse: LlvmJsonDocument | undefined;
    try {
      llvmParse = parseLlvmJson(bytes);
    } catch {
      // (said again below, where the form is known)
    }
    if (llvmParse && !isOurForm(llvmParse.root)) return { form: 'llvm', ...readLlvmProperties(llvmParse) };
  }
  let doc: unknown;
  let notJson: Error | undefined;
  try {
    doc = JSON.parse(strictUtf8.decode(bytes));
  } catch (e) {
    notJson = e as Error;
  }
  if (!notJson && propsJsonForm(doc) === 'syclbin') {
    try {
      const registry = registryFromJson(doc);
      return { form: 'syclbin', registry, notes: repeatedNames(doc, bytes) };
    } catch (e) {
      // A reader's error: the value's place in the document, found in the parse that keeps spans.
      if (!(e instanceof EncodeError)) throw e;
      // A path of set name and key (a value the registry refuses) is found in the document by name.
      const named = e.namedKeys.filter(Boolean).length;
      const docPath = named ? documentPathOf(doc, e.pathSegments) : e.pathSegments;
      throw new PropertySetError('FORMAT', e.reason, valueOffset(parseLlvmJson(bytes).root, docPath), undefined, e.pathSegments, named);
    }
  }
  const parsed = parseLlvmJson(bytes);
  const root = parsed.root;
  // Our form in a syntax only LLVM's grammar takes: report what the strict parser said.
  const top = root.kind === 'object' ? Object.fromEntries([...root.members].map(([k, v]) => [k, v.kind === 'object' ? {} : null])) : null;
  if (notJson && propsJsonForm(top) === 'syclbin') throw new PropertySetError('SYNTAX', `not JSON: ${notJson.message}`, parsed.lax[0]?.offset ?? 0, undefined, parsed.lax[0]?.path ?? []);
  return { form: 'llvm', ...readLlvmProperties(parsed) };
}

/**
 * A set listed twice, or a key twice in one set, in our JSON form: the registry folds them as LLVM's
 * reader folds a text file's (a set named again continues the first; a key given again keeps its
 * last value), so `--encode` writes each once. Said as notes, once per repeat, as `--json` and
 * `--check` say it of text. Only for documents that read (`doc` passed registryFromJson); `bytes`
 * is the document's text, which the notes' offsets (`at`) are in.
 */
export function repeatedNames(doc: unknown, bytes: Uint8Array): LlvmJsonNote[] {
  const notes: LlvmJsonNote[] = [];
  // Byte offsets from the parse that keeps spans, made only when there is a repeat to place (a
  // document with a byte order mark reads with JSON.parse but not with LLVM's grammar: no offset then).
  let root: LlvmJsonValue | null | undefined;
  const offsetOf = (path: PathKey[]): number | undefined => {
    if (root === undefined) {
      try {
        root = parseLlvmJson(bytes).root;
      } catch {
        root = null;
      }
    }
    return root ? valueOffset(root, path) : undefined;
  };
  const sets = (doc as { sets: { name: string; properties: { key: string }[] }[] }).sets;
  const keysOf = new Map<string, Set<string>>();
  sets.forEach((s, i) => {
    let keys = keysOf.get(s.name);
    if (keys) notes.push({ severity: 'note', set: s.name, message: `set listed again (sets[${i}]): its properties join the first listing's, as LLVM's reader joins a set named again`, at: offsetOf(['sets', i]) });
    else keysOf.set(s.name, (keys = new Set()));
    s.properties.forEach((p, j) => {
      if (keys!.has(p.key)) notes.push({ severity: 'note', set: s.name, key: p.key, message: `key listed again (sets[${i}].properties[${j}]): the last value is kept, as LLVM's reader keeps it`, at: offsetOf(['sets', i, 'properties', j]) });
      keys!.add(p.key);
    });
  });
  return notes;
}

/** Byte offset of the value at `path` in a parsed document (of the deepest part of the path that exists). */
/** `["SET", "KEY"]` as the place in our JSON form: `sets[i].properties[j]` (as far as they are found). */
function documentPathOf(doc: unknown, [set, key]: readonly PathKey[]): PathKey[] {
  const sets = (doc as { sets?: unknown }).sets;
  if (!Array.isArray(sets)) return [];
  const i = sets.findIndex((x) => (x as { name?: unknown })?.name === set);
  if (i < 0) return [];
  const props = (sets[i] as { properties?: unknown }).properties;
  const j = Array.isArray(props) ? props.findIndex((x) => (x as { key?: unknown })?.key === key) : -1;
  return j < 0 || key === undefined ? ['sets', i] : ['sets', i, 'properties', j];
}

function valueOffset(root: LlvmJsonValue, path: readonly PathKey[]): number {
  let node = root;
  for (const k of path) {
    const next = node.kind === 'object' && typeof k === 'string' ? node.members.get(k) : node.kind === 'array' && typeof k === 'number' ? node.items[k] : undefined;
    if (!next) break;
    node = next;
  }
  return node.start;
}
