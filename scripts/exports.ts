/**
 * Exports for the tools people already use: a Kaitai Struct `.ksy` and an ImHex `.hexpat` for LLVM
 * OffloadBinary and SYCLBIN v1, GENERATED from the descriptions in formats/: struct fields in order,
 * integer widths, magic bytes, reserved bytes, arrays with their count references, the version table
 * of OffloadBinary, the layouts (where each table sits: src/codec/geometry.ts expressions, printed in
 * each tool's syntax) and the relations of fields (blobs, tables, strings). Nothing about where a
 * structure sits is written here. Committed outputs live in formats/generated/ (regenerate with
 * `npm run generate`); test/hex/export.test.ts regenerates and compares them, compiles the .ksy with
 * the real kaitai-struct-compiler and checks its parser against our reader.
 */
import type { Expr, EnumNode, EnumTable, Layout, MagicNode, Node, Region, Relation, Role, StructNode, ArrayNode } from '../src/codec/index.js';
import { OFFLOAD_VERSIONS, OffloadHeaderPrefix, OFFLOAD_BINARY_MAGIC } from '../formats/offload-binary.js';
import { SyclbinV1Layout } from '../formats/syclbin-v1.js';

type AnyNode = Node<unknown, unknown, Role>;
type AnyStruct = StructNode<Record<string, AnyNode>>;
type Yaml = string | number | boolean | Yaml[] | { [k: string]: Yaml };

const U64_NOTE =
  "u8 fields are read by Kaitai's JavaScript target as a double (exact up to 2^53); the offsets and sizes of the files this toolkit reads stay below 2^53 (its reader rejects larger ones).";

/** `metadataTableSize` -> `metadata_table_size` (Kaitai identifiers). */
export function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();
}

function typeName(s: AnyStruct): string {
  return snake(s.describe.replace(/[^A-Za-z0-9]/g, ''));
}

function pascal(s: AnyStruct): string {
  return s.describe.replace(/[^A-Za-z0-9]/g, '');
}

function fieldsOf(s: AnyStruct): [string, AnyNode][] {
  return Object.entries(s.fields) as [string, AnyNode][];
}

/** How a tool spells the parts of an expression. */
interface ExprSyntax {
  ref(dotted: string): string;
  regionStart(name: string): string;
}

/** Print a geometry expression. `layout` expands region ends (start + size) inline. */
function printExpr(e: Expr, syn: ExprSyntax, layout?: Layout): string {
  if (typeof e === 'number') return String(e);
  if ('ref' in e) return syn.ref(e.ref);
  if ('add' in e) return e.add.map((x) => printExpr(x, syn, layout)).filter((t) => t !== '0').join(' + ') || '0';
  if ('sub' in e) return `${printExpr(e.sub[0], syn, layout)} - (${printExpr(e.sub[1], syn, layout)})`;
  if ('mul' in e) return `${paren(e.mul[0], syn, layout)} * ${paren(e.mul[1], syn, layout)}`;
  if ('alignUp' in e) return `(${printExpr(e.alignUp, syn, layout)} + ${e.to - 1}) / ${e.to} * ${e.to}`;
  if ('start' in e) return syn.regionStart(e.start);
  const r = layout?.regions[e.end as never] as Region | undefined;
  if (!r) throw new Error(`export: region '${e.end}' is not in the layout`);
  const at = printExpr(r.at, syn, layout);
  return at === '0' ? regionSize(r, syn, layout) : `${at} + ${regionSize(r, syn, layout)}`;
}

function paren(e: Expr, syn: ExprSyntax, layout?: Layout): string {
  const t = printExpr(e, syn, layout);
  return /^[\w.]+$/.test(t) ? t : `(${t})`;
}

function regionSize(r: Region, syn: ExprSyntax, layout?: Layout): string {
  if (r.table) return `${r.table.elem.fixedSize} * ${paren(r.table.count, syn, layout)}`;
  if (r.node) return String(r.node.fixedSize);
  return paren(r.size ?? 0, syn, layout);
}

const KSY_INT: Record<string, string> = { u8: 'u1', u16: 'u2', u32: 'u4', u64: 'u8' };
const HEXPAT_INT: Record<string, string> = { u8: 'u8', u16: 'u16', u32: 'u32', u64: 'u64' };

/** The fixed name table of an enumeration node (formats/ `enumeration(…, table)`), if it has one. */
function enumTable(n: AnyNode): EnumTable | undefined {
  return (n as unknown as Partial<EnumNode<unknown>>).table;
}

// ---------------------------------------------------------------------------------------------
// Kaitai

/** The enumerations the attributes of one description name, by the types map they were collected with. */
const KSY_ENUMS = new WeakMap<Map<string, AnyStruct>, Map<string, EnumTable>>();

/** `{ enums }` for a description whose attributes name enumerations, else nothing. */
function withEnums(types: Map<string, AnyStruct>): { enums?: { [k: string]: Yaml } } {
  const enums = ksyEnums(types);
  return enums ? { enums } : {};
}

/** Kaitai `enums`: each enumeration's values by number, named in Kaitai's lower-case identifiers. */
function ksyEnums(types: Map<string, AnyStruct>): { [k: string]: Yaml } | undefined {
  const tables = KSY_ENUMS.get(types);
  if (!tables?.size) return undefined;
  const out: { [k: string]: Yaml } = {};
  for (const [id, t] of tables) out[id] = Object.fromEntries(Object.entries(t.values).map(([name, v]) => [String(v), snake(name)]));
  return out;
}

/** One `seq` attribute for a node (struct fields, arrays with count refs, magic, reserved). */
function ksyAttr(id: string, n: AnyNode, types: Map<string, AnyStruct>): { [k: string]: Yaml } {
  const a: { [k: string]: Yaml } = { id: snake(id) };
  if (n.kind === 'magic') a.contents = Array.from((n as unknown as MagicNode).magicBytes);
  else if (KSY_INT[n.kind]) {
    a.type = KSY_INT[n.kind]!;
    const table = enumTable(n);
    if (table) {
      // (the number is kept as it is: a value the table does not name still reads)
      a.enum = snake(table.name);
      let tables = KSY_ENUMS.get(types);
      if (!tables) KSY_ENUMS.set(types, (tables = new Map()));
      tables.set(snake(table.name), table);
    }
  } else if (n.kind === 'reserved' || (n.kind === 'bytes' && n.fixedSize !== undefined)) a.size = n.fixedSize!;
  else if (n.kind === 'struct') {
    const s = n as unknown as AnyStruct;
    types.set(typeName(s), s);
    a.type = typeName(s);
  } else if (n.kind === 'array') {
    const arr = n as unknown as ArrayNode<AnyNode>;
    Object.assign(a, ksyAttr(id, arr.elem, types));
    a.id = snake(id);
    a.repeat = 'expr';
    a['repeat-expr'] = typeof arr.count === 'number' ? arr.count : arr.count.split('.').map(snake).join('.');
  } else throw new Error(`no Kaitai mapping for node kind ${n.kind} (${n.describe})`);
  if (n.role === 'derived') a.doc = `written by the writer: ${(n as unknown as { measures: string }).measures}`;
  if (n.kind === 'reserved') a.doc = 'reserved/padding bytes (LLVM writers may leave them uninitialised)';
  return a;
}

/** Kaitai instances for a struct's relations (positions in the root stream). */
function ksyRelations(s: AnyStruct, types: Map<string, AnyStruct>, regionOffset: (r: string) => string, tableType?: (rel: Relation) => Yaml): { [k: string]: Yaml } | undefined {
  const out: { [k: string]: Yaml } = {};
  for (const [name, rel] of Object.entries(s.relations)) {
    const io = '_root._io';
    switch (rel.kind) {
      case 'blob':
        out[snake(name)] = { io, pos: `${regionOffset(rel.region)} + ${snake(rel.offset)}`, size: snake(rel.size) };
        break;
      case 'bytes':
        out[snake(name)] = { io, pos: snake(rel.offset), size: snake(rel.size), ...(rel.text ? { type: 'str', encoding: 'UTF-8' } : {}) };
        break;
      case 'cstring':
        out[snake(name)] = { io, pos: snake(rel.offset), type: 'strz', encoding: 'UTF-8' };
        break;
      case 'table': {
        const elem = rel.elem as unknown as AnyStruct;
        types.set(typeName(elem), elem);
        out[snake(name)] = { io, pos: snake(rel.offset), type: tableType?.(rel) ?? typeName(elem), repeat: 'expr', 'repeat-expr': snake(rel.count) };
        break;
      }
      case 'slice':
        break; // an index range of another table: Kaitai has no slices; readers resolve it
    }
  }
  return Object.keys(out).length ? out : undefined;
}

function ksyType(s: AnyStruct, types: Map<string, AnyStruct>, instances?: { [k: string]: Yaml }): { [k: string]: Yaml } {
  const t: { [k: string]: Yaml } = { seq: fieldsOf(s).map(([k, n]) => ksyAttr(k, n, types)) };
  if (instances) t.instances = instances;
  return t;
}

/** Kaitai description of one OffloadBinary at the start of the file (every version of the version table). */
export function offloadBinaryKsy(): { [k: string]: Yaml } {
  const types = new Map<string, AnyStruct>();
  const built: { [k: string]: Yaml } = {};
  const versions = Object.values(OFFLOAD_VERSIONS);
  const hv = (v: number) => `header_v${v}`;
  const instances: { [k: string]: Yaml } = {};
  for (const v of versions) {
    const h = v.header as unknown as AnyStruct;
    built[typeName(h)] = ksyType(h, types);
    instances[hv(v.version)] = { pos: 0, type: typeName(h), if: `version == ${v.version}` };
  }
  const perVersion = (pick: (v: (typeof versions)[number]) => string): string =>
    versions.reduceRight((acc, v, i) => (i === versions.length - 1 ? pick(v) : `version == ${v.version} ? ${pick(v)} : ${acc}`), '');
  const syn = (v: number): ExprSyntax => ({ ref: (r) => r.replace(/^header\./, `${hv(v)}.`).split('.').map(snake).join('.'), regionStart: (r) => `${snake(r)}_offset` });
  const compressed = versions.filter((v) => v.compression).map((v) => `version == ${v.version} and ${hv(v.version)}.${snake(v.compression!.flag)} != 0`);
  instances.compressed = { value: compressed.length ? compressed.join(' or ') : 'false' };
  instances.entries_offset = { value: perVersion((v) => printExpr(v.layout.regions.entries.at, syn(v.version))) };
  instances.entries_count = { value: perVersion((v) => printExpr(v.layout.regions.entries.table!.count, syn(v.version))) };
  const entry = versions[0]!.entry as unknown as AnyStruct;
  instances.entries = { pos: 'entries_offset', type: typeName(entry), repeat: 'expr', 'repeat-expr': 'entries_count', if: 'not compressed' };
  // The entry's string-entry record differs per version: one type, its `strings` switches on the version.
  const stringType = (): Yaml => {
    const cases: { [k: string]: Yaml } = {};
    const last = versions[versions.length - 1]!;
    for (const v of versions) if (v !== last) cases[String(v.version)] = typeName(v.stringEntry as unknown as AnyStruct);
    cases._ = typeName(last.stringEntry as unknown as AnyStruct);
    return { 'switch-on': '_root.version', cases };
  };
  built[typeName(entry)] = ksyType(entry, types, ksyRelations(entry, types, (r) => r, stringType));
  for (const v of versions) {
    const se = v.stringEntry as unknown as AnyStruct;
    built[typeName(se)] ??= ksyType(se, types, ksyRelations(se, types, (r) => r));
  }
  const prefix = OffloadHeaderPrefix as unknown as AnyStruct;
  return {
    meta: { id: 'offload_binary', title: 'LLVM OffloadBinary, versions 1-3', endian: 'le', 'file-extension': ['bin', 'syclbin'] },
    doc: `Generated from formats/offload-binary.ts by scripts/exports.ts (syclbin-toolkit); do not edit. One OffloadBinary at the start of the file (docs/spec/syclbin-format.md §1.5). A compressed v3 binary (inflated_size != 0) keeps its entries inside the zlib/zstd payload, which this description does not decompress. ${U64_NOTE}`,
    seq: fieldsOf(prefix).map(([k, n]) => ksyAttr(k, n, types)),
    instances,
    types: built,
    ...withEnums(types),
  };
}

/** Kaitai description of a bare SYCLBIN v1 image (its layout's regions and its headers' relations). */
export function syclbinV1Ksy(): { [k: string]: Yaml } {
  const types = new Map<string, AnyStruct>();
  const built: { [k: string]: Yaml } = {};
  const l = SyclbinV1Layout as Layout;
  const syn: ExprSyntax = { ref: (r) => r.split('.').map(snake).join('.'), regionStart: (r) => `${snake(r)}_offset` };
  const seq: { [k: string]: Yaml }[] = [];
  const instances: { [k: string]: Yaml } = {};
  let prev: string | undefined;
  for (const [name, r] of Object.entries(l.regions) as [string, Region][]) {
    // Structures and tables that follow each other from the start are the `seq`; byte tables are placed.
    const sequential = typeof r.at === 'number' ? r.at === 0 && !prev : 'end' in r.at && r.at.end === prev;
    if ((r.node || r.table) && sequential) {
      seq.push(ksyAttr(name, (r.node ?? { kind: 'array', elem: r.table!.elem, count: printExpr(r.table!.count, syn), role: 'value' }) as AnyNode, types));
      prev = name;
      continue;
    }
    instances[`${snake(name)}_offset`] = { value: printExpr(r.at, syn, l) };
  }
  const region = (r: string) => `_root.${snake(r)}_offset`;
  const header = l.regions.header!.node as unknown as AnyStruct;
  // The header's own relations become root instances (below); the table entries get theirs as type instances.
  for (const s of types.values()) built[typeName(s)] = ksyType(s, types, s === header ? undefined : ksyRelations(s, types, region));
  for (const [name, rel] of Object.entries(header.relations)) {
    if (rel.kind === 'blob') instances[snake(name)] = { pos: `${snake(rel.region)}_offset + header.${snake(rel.offset)}`, size: `header.${snake(rel.size)}` };
  }
  return {
    meta: { id: 'syclbin_v1', title: 'SYCLBIN v1 ("SYBI" header tables, intel/llvm)', endian: 'le', 'file-extension': 'syclbin' },
    doc: `Generated from formats/syclbin-v1.ts by scripts/exports.ts (syclbin-toolkit); do not edit. A bare SYCLBIN v1 image (docs/spec/syclbin-format.md §1.2; in an OffloadBinary envelope it is entry 0's image). An abstract module's IR modules and native images are index ranges of the header tables. ${U64_NOTE}`,
    seq,
    instances,
    types: built,
    ...withEnums(types),
  };
}

// ---------------------------------------------------------------------------------------------
// YAML text (a small emitter: block mappings/sequences, JSON-quoted scalars where needed)

function scalar(v: string | number | boolean): string {
  if (typeof v !== 'string') return String(v);
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(v) && !/^(true|false|null|yes|no|on|off|y|n)$/i.test(v) ? v : JSON.stringify(v);
}

function key(k: string): string {
  return /^[A-Za-z_0-9][A-Za-z0-9_-]*$/.test(k) ? k : JSON.stringify(k);
}

function emit(v: Yaml, indent: string, out: string[]): void {
  if (Array.isArray(v)) {
    for (const item of v) {
      if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
        const inner: string[] = [];
        emit(item, indent + '  ', inner);
        out.push(indent + '- ' + inner[0]!.slice(indent.length + 2), ...inner.slice(1));
      } else out.push(`${indent}- ${scalar(item as string)}`);
    }
    return;
  }
  if (typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (Array.isArray(x) && x.every((y) => typeof y !== 'object')) out.push(`${indent}${key(k)}: [${x.map((y) => scalar(y as string)).join(', ')}]`);
      else if (typeof x === 'object') {
        out.push(`${indent}${key(k)}:`);
        emit(x, indent + '  ', out);
      } else out.push(`${indent}${key(k)}: ${scalar(x)}`);
    }
  }
}

/** YAML text of a document of mappings, sequences and scalars. */
export function toYaml(doc: Yaml): string {
  const out: string[] = [];
  emit(doc, '', out);
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// ImHex pattern language

function hexpatStruct(s: AnyStruct, extra: string[] = []): string {
  const lines = [`struct ${pascal(s)} {`];
  for (const [k, n] of fieldsOf(s)) {
    if (n.kind === 'magic') lines.push(`    u8 ${k}[${n.fixedSize}]; // magic ${Array.from((n as unknown as MagicNode).magicBytes, (b) => b.toString(16).padStart(2, '0')).join(' ')}`);
    else if (HEXPAT_INT[n.kind]) lines.push(`    ${enumTable(n)?.name ?? HEXPAT_INT[n.kind]} ${k};${n.role === 'derived' ? ` // ${(n as unknown as { measures: string }).measures}` : ''}`);
    else if (n.kind === 'reserved') lines.push(`    padding[${n.fixedSize}];`);
    else throw new Error(`no ImHex mapping for ${n.kind} in ${s.describe}`);
  }
  lines.push(...extra, '};');
  return lines.join('\n');
}

/** ImHex `enum` declarations of the enumerations the fields of `structs` name (each once, before the structs). */
function hexpatEnums(structs: readonly AnyStruct[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const s of structs) {
    for (const [, n] of fieldsOf(s)) {
      const t = enumTable(n);
      if (!t || seen.has(t.name)) continue;
      seen.add(t.name);
      out.push(`enum ${t.name} : ${HEXPAT_INT[n.kind]} {`, ...Object.entries(t.values).map(([name, v]) => `    ${name} = ${v},`), '};', '');
    }
  }
  return out;
}

/** ImHex pattern for one OffloadBinary at offset 0. */
export function offloadBinaryHexpat(): string {
  const versions = Object.values(OFFLOAD_VERSIONS);
  const entry = versions[0]!.entry as unknown as AnyStruct;
  const image = entry.relations.image as Extract<Relation, { kind: 'bytes' }>;
  const structs: string[] = [];
  const described: AnyStruct[] = [];
  const seen = new Set<string>();
  const add = (s: AnyStruct, extra: string[] = []): void => {
    if (seen.has(pascal(s))) return;
    seen.add(pascal(s));
    described.push(s);
    structs.push(hexpatStruct(s, extra));
  };
  for (const v of versions) add(v.header as unknown as AnyStruct);
  for (const v of versions) add(v.stringEntry as unknown as AnyStruct);
  add(entry, [`    u8 image[${image.size}] @ ${image.offset};`]);
  const syn: ExprSyntax = { ref: (r) => r, regionStart: (r) => r };
  const blocks: string[] = [];
  versions.forEach((v, i) => {
    const h = v.header as unknown as AnyStruct;
    const cond = i === 0 ? `if (obVersion == ${v.version}) {` : i === versions.length - 1 ? '} else {' : `} else if (obVersion == ${v.version}) {`;
    const count = printExpr(v.layout.regions.entries.table!.count, syn);
    const at = printExpr(v.layout.regions.entries.at, syn);
    const strings = entry.relations.strings ? `    ${pascal(v.stringEntry as unknown as AnyStruct)} strings${v.version}[entries[0].${(v.entry.relations.strings as Extract<Relation, { kind: 'table' }>).count}] @ entries[0].${(v.entry.relations.strings as Extract<Relation, { kind: 'table' }>).offset};` : '';
    const placed = [`    ${pascal(entry)} entries[${count}] @ ${at};`, strings].filter(Boolean);
    blocks.push(cond, `    ${pascal(h)} header @ 0x00;`);
    if (v.compression) blocks.push(`    if (header.${v.compression.flag} == 0) {`, ...placed.map((x) => `    ${x}`), '    }');
    else blocks.push(...placed);
  });
  blocks.push('}');
  return [
    '// LLVM OffloadBinary, versions 1-3 (docs/spec/syclbin-format.md §1.5).',
    '// Generated from formats/offload-binary.ts by scripts/exports.ts (syclbin-toolkit); do not edit.',
    '// A compressed v3 binary keeps its entries inside the compressed payload.',
    `// Magic: ${OFFLOAD_BINARY_MAGIC.map((b) => b.toString(16).padStart(2, '0')).join(' ')}.`,
    '#pragma endian little',
    '',
    ...hexpatEnums(described),
    ...structs,
    '',
    `u32 obVersion @ 0x${(OffloadHeaderPrefix.offsets.version).toString(16).padStart(2, '0')};`,
    ...blocks,
    '',
  ].join('\n');
}

/** ImHex pattern for a bare SYCLBIN v1 image. */
export function syclbinV1Hexpat(): string {
  const l = SyclbinV1Layout as Layout;
  const syn: ExprSyntax = { ref: (r) => r, regionStart: (r) => `${r}Offset` };
  const structs: string[] = [];
  const placed: string[] = [];
  for (const [name, r] of Object.entries(l.regions) as [string, Region][]) {
    const at = printExpr(r.at, syn, l);
    if (r.node) {
      structs.push(hexpatStruct(r.node as unknown as AnyStruct));
      placed.push(`${pascal(r.node as unknown as AnyStruct)} ${name} @ ${at === '0' ? '0x00' : at};`);
    } else if (r.table) {
      structs.push(hexpatStruct(r.table.elem as unknown as AnyStruct));
      placed.push(`${pascal(r.table.elem as unknown as AnyStruct)} ${name}[${printExpr(r.table.count, syn)}] @ ${at};`);
    } else {
      placed.push(`u64 ${name}Offset = ${at};`, `u8 ${name}[${printExpr(r.size ?? 0, syn)}] @ ${name}Offset;`);
    }
  }
  return [
    '// SYCLBIN v1 ("SYBI" header tables, intel/llvm; docs/spec/syclbin-format.md §1.2).',
    '// Generated from formats/syclbin-v1.ts by scripts/exports.ts (syclbin-toolkit); do not edit.',
    '#pragma endian little',
    '',
    ...structs,
    '',
    ...placed,
    '',
  ].join('\n');
}

/** Every generated file: name -> text (committed under formats/generated/). */
export function generatedExports(): Record<string, string> {
  return {
    'offload_binary.ksy': toYaml(offloadBinaryKsy()),
    'syclbin_v1.ksy': toYaml(syclbinV1Ksy()),
    'offload_binary.hexpat': offloadBinaryHexpat(),
    'syclbin_v1.hexpat': syclbinV1Hexpat(),
  };
}
