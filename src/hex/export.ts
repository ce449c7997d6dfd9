/**
 * Exports for the tools people already use (issue 6 §3): a Kaitai Struct `.ksy` and an ImHex `.hexpat`
 * for LLVM OffloadBinary and SYCLBIN v1, GENERATED from the declarative descriptions in formats/ (the
 * generator walks the node trees: struct fields in order, integer widths, magic bytes, reserved
 * bytes, arrays with their count references). What the descriptions do not hold — where tables and
 * blobs are (offset fields relative to a table start, spec syclbin-format.md §1.2 and §1.5) — is stated
 * once below as "relations" that name description fields; the generator checks every name it uses
 * exists in the description, so a renamed field fails generation instead of producing a stale export.
 * Committed outputs live in formats/generated/; test/hex/export.test.ts regenerates and compares them,
 * compiles the .ksy with the real kaitai-struct-compiler and checks its parser against our reader.
 */
import type { Node, Role, StructNode } from '../codec/index.js';
import { OffloadEntry, OffloadHeaderV1, OffloadHeaderV2, OffloadHeaderV3, OffloadStringEntryV1, OffloadStringEntryV2 } from '../../formats/offload-binary.js';
import { AbstractModuleHeader, IRModuleHeader, NativeImageHeader, SyclbinFileHeader, SyclbinHeaderTables, SYCLBIN_FILE_HEADER_SIZE, SYCLBIN_TABLE_HEADER_SIZE } from '../../formats/syclbin-v1.js';

type AnyNode = Node<unknown, unknown, Role>;
type AnyStruct = StructNode<Record<string, AnyNode>>;
type Yaml = string | number | boolean | Yaml[] | { [k: string]: Yaml };

const U64_NOTE =
  "u8 fields are read by Kaitai's JavaScript target as a double (exact up to 2^53); the offsets and sizes of the files this toolkit reads stay below 2^53 (its reader rejects larger ones).";

export function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();
}

function typeName(s: AnyStruct): string {
  return snake(s.describe.replace(/[^A-Za-z0-9]/g, ''));
}

function fieldsOf(s: AnyStruct): [string, AnyNode][] {
  return Object.entries(s.fields) as [string, AnyNode][];
}

function hasField(s: AnyStruct, f: string): string {
  if (!(f in s.fields)) throw new Error(`export relation names '${f}', which ${s.describe} (formats/) does not have`);
  return snake(f);
}

const KSY_INT: Record<string, string> = { u8: 'u1', u16: 'u2', u32: 'u4', u64: 'u8' };
const HEXPAT_INT: Record<string, string> = { u8: 'u8', u16: 'u16', u32: 'u32', u64: 'u64' };

/** One `seq` attribute for a node (struct fields, arrays with count refs, magic, reserved). */
function ksyAttr(id: string, n: AnyNode, types: Map<string, AnyStruct>): { [k: string]: Yaml } {
  const a: { [k: string]: Yaml } = { id: snake(id) };
  const ext = n as unknown as { magicBytes?: Uint8Array; elem?: AnyNode; count?: string | number; fields?: unknown };
  if (n.kind === 'magic' && ext.magicBytes) a.contents = Array.from(ext.magicBytes);
  else if (KSY_INT[n.kind]) a.type = KSY_INT[n.kind]!;
  else if (n.kind === 'reserved' || (n.kind === 'bytes' && n.fixedSize !== undefined)) a.size = n.fixedSize!;
  else if (n.kind === 'struct') {
    const s = n as unknown as AnyStruct;
    types.set(typeName(s), s);
    a.type = typeName(s);
  } else if (n.kind === 'array' && ext.elem) {
    Object.assign(a, ksyAttr(id, ext.elem, types));
    a.id = snake(id);
    a.repeat = 'expr';
    a['repeat-expr'] = typeof ext.count === 'number' ? ext.count : ext.count!.split('.').map(snake).join('.');
  } else throw new Error(`no Kaitai mapping for node kind ${n.kind} (${n.describe})`);
  if (n.role === 'derived') a.doc = n.describe.replace(/^\w+ \((.*)\)$/, 'written by the writer: $1');
  if (n.kind === 'reserved') a.doc = 'reserved/padding bytes (LLVM writers may leave them uninitialised)';
  return a;
}

function ksyType(s: AnyStruct, types: Map<string, AnyStruct>, instances?: { [k: string]: Yaml }): { [k: string]: Yaml } {
  const t: { [k: string]: Yaml } = { seq: fieldsOf(s).map(([k, n]) => ksyAttr(k, n, types)) };
  if (instances) t.instances = instances;
  return t;
}

// ---------------------------------------------------------------------------------------------
// Kaitai: OffloadBinary

export function offloadBinaryKsy(): { [k: string]: Yaml } {
  const types = new Map<string, AnyStruct>();
  const h1 = typeName(OffloadHeaderV1 as unknown as AnyStruct);
  const h2 = typeName(OffloadHeaderV2 as unknown as AnyStruct);
  const h3 = typeName(OffloadHeaderV3 as unknown as AnyStruct);
  const e = OffloadEntry as unknown as AnyStruct;
  const s1 = OffloadStringEntryV1 as unknown as AnyStruct;
  const s2 = OffloadStringEntryV2 as unknown as AnyStruct;
  const V1 = OffloadHeaderV1 as unknown as AnyStruct;
  const V2 = OffloadHeaderV2 as unknown as AnyStruct;
  const V3 = OffloadHeaderV3 as unknown as AnyStruct;
  const built: { [k: string]: Yaml } = {};
  const add = (s: AnyStruct, inst?: { [k: string]: Yaml }): void => {
    built[typeName(s)] = ksyType(s, types, inst);
  };
  add(V1);
  add(V2);
  add(V3);
  // Relations (spec syclbin-format.md §1.5): offsets are relative to the binary start.
  add(e, {
    strings: {
      io: '_root._io',
      pos: hasField(e, 'stringOffset'),
      type: { 'switch-on': '_root.version', cases: { 1: typeName(s1), _: typeName(s2) } },
      repeat: 'expr',
      'repeat-expr': hasField(e, 'numStrings'),
    },
    image: { io: '_root._io', pos: hasField(e, 'imageOffset'), size: hasField(e, 'imageSize') },
  });
  add(s1, {
    key: { io: '_root._io', pos: hasField(s1, 'keyOffset'), type: 'strz', encoding: 'UTF-8' },
    value: { io: '_root._io', pos: hasField(s1, 'valueOffset'), type: 'strz', encoding: 'UTF-8' },
  });
  add(s2, {
    key: { io: '_root._io', pos: hasField(s2, 'keyOffset'), type: 'strz', encoding: 'UTF-8' },
    value: { io: '_root._io', pos: hasField(s2, 'valueOffset'), size: hasField(s2, 'valueSize'), type: 'str', encoding: 'UTF-8' },
  });
  const eo1 = hasField(V1, 'entryOffset');
  const eo2 = hasField(V2, 'entriesOffset');
  const ec2 = hasField(V2, 'entriesCount');
  const inflated = hasField(V3, 'inflatedSize');
  return {
    meta: { id: 'offload_binary', title: 'LLVM OffloadBinary, versions 1-3', endian: 'le', 'file-extension': ['bin', 'syclbin'] },
    doc: `Generated from formats/offload-binary.ts by src/hex/export.ts (syclbin-toolkit); do not edit. One OffloadBinary at the start of the file (spec syclbin-format.md §1.5). A compressed v3 binary (inflated_size != 0) keeps its entries inside the zlib/zstd payload, which this description does not decompress. ${U64_NOTE}`,
    seq: [
      { id: 'magic', contents: Array.from((OffloadHeaderV1.fields.magic as unknown as { magicBytes: Uint8Array }).magicBytes) },
      { id: 'version', type: 'u4' },
    ],
    instances: {
      header_v1: { pos: 0, type: h1, if: 'version == 1' },
      header_v2: { pos: 0, type: h2, if: 'version == 2' },
      header_v3: { pos: 0, type: h3, if: 'version == 3' },
      compressed: { value: `version == 3 and header_v3.${inflated} != 0` },
      entries_offset: { value: `version == 1 ? header_v1.${eo1} : version == 2 ? header_v2.${eo2} : header_v3.${eo2}` },
      entries_count: { value: `version == 1 ? 1 : version == 2 ? header_v2.${ec2} : header_v3.${ec2}` },
      entries: { pos: 'entries_offset', type: typeName(e), repeat: 'expr', 'repeat-expr': 'entries_count', if: 'not compressed' },
    },
    types: built,
  };
}

// ---------------------------------------------------------------------------------------------
// Kaitai: SYCLBIN v1

export function syclbinV1Ksy(): { [k: string]: Yaml } {
  const types = new Map<string, AnyStruct>();
  const H = SyclbinFileHeader as unknown as AnyStruct;
  const T = SyclbinHeaderTables as unknown as AnyStruct;
  const AM = AbstractModuleHeader as unknown as AnyStruct;
  const IR = IRModuleHeader as unknown as AnyStruct;
  const NI = NativeImageHeader as unknown as AnyStruct;
  const built: { [k: string]: Yaml } = {};
  built[typeName(H)] = ksyType(H, types);
  // Relations (spec syclbin-format.md §1.2): metadata offsets relative to the metadata table, binary
  // offsets to the binary table; IR/native index ranges of an abstract module.
  const md = (s: AnyStruct) => ({ io: '_root._io', pos: `_root.metadata_table_offset + ${hasField(s, 'metadataOffset')}`, size: hasField(s, 'metadataSize') });
  built[typeName(AM)] = ksyType(AM, types, { metadata: md(AM) });
  built[typeName(IR)] = ksyType(IR, types, {
    metadata: md(IR),
    raw_ir_bytes: { io: '_root._io', pos: `_root.binary_table_offset + ${hasField(IR, 'rawIRBytesOffset')}`, size: hasField(IR, 'rawIRBytesSize') },
  });
  built[typeName(NI)] = ksyType(NI, types, {
    metadata: md(NI),
    binary_bytes: { io: '_root._io', pos: `_root.binary_table_offset + ${hasField(NI, 'binaryBytesOffset')}`, size: hasField(NI, 'binaryBytesSize') },
  });
  const hdr = (f: string) => `header.${hasField(H, f)}`;
  const seq = [ksyAttr('header', H, types), ...fieldsOf(T).map(([k, n]) => ksyAttr(k, n, types))];
  return {
    meta: { id: 'syclbin_v1', title: 'SYCLBIN v1 ("SYBI" header tables, intel/llvm)', endian: 'le', 'file-extension': 'syclbin' },
    doc: `Generated from formats/syclbin-v1.ts by src/hex/export.ts (syclbin-toolkit); do not edit. A bare SYCLBIN v1 image (spec syclbin-format.md §1.2; in an OffloadBinary envelope it is entry 0's image). ${U64_NOTE}`,
    seq,
    instances: {
      metadata_table_offset: { value: `${SYCLBIN_FILE_HEADER_SIZE} + ${SYCLBIN_TABLE_HEADER_SIZE} * (${hdr('abstractModuleCount')} + ${hdr('irModuleCount')} + ${hdr('nativeImageCount')})` },
      binary_table_offset: { value: `metadata_table_offset + (${hdr('metadataTableSize')} + 7) / 8 * 8` },
      global_metadata: { pos: `metadata_table_offset + ${hdr('globalMetadataOffset')}`, size: hdr('globalMetadataSize') },
    },
    types: built,
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

export function toYaml(doc: Yaml): string {
  const out: string[] = [];
  emit(doc, '', out);
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// ImHex pattern language

function hexpatStruct(s: AnyStruct): string {
  const lines = [`struct ${s.describe.replace(/[^A-Za-z0-9]/g, '')} {`];
  for (const [k, n] of fieldsOf(s)) {
    const ext = n as unknown as { magicBytes?: Uint8Array };
    if (n.kind === 'magic') lines.push(`    u8 ${k}[${n.fixedSize}]; // magic ${Array.from(ext.magicBytes ?? [], (b) => b.toString(16).padStart(2, '0')).join(' ')}`);
    else if (HEXPAT_INT[n.kind]) lines.push(`    ${HEXPAT_INT[n.kind]} ${k};${n.role === 'derived' ? ` // ${n.describe.replace(/^\w+ \((.*)\)$/, '$1')}` : ''}`);
    else if (n.kind === 'reserved') lines.push(`    padding[${n.fixedSize}];`);
    else throw new Error(`no ImHex mapping for ${n.kind} in ${s.describe}`);
  }
  lines.push('};');
  return lines.join('\n');
}

export function offloadBinaryHexpat(): string {
  const V1 = OffloadHeaderV1 as unknown as AnyStruct;
  const V2 = OffloadHeaderV2 as unknown as AnyStruct;
  const V3 = OffloadHeaderV3 as unknown as AnyStruct;
  const e = OffloadEntry as unknown as AnyStruct;
  const name = (s: AnyStruct) => s.describe.replace(/[^A-Za-z0-9]/g, '');
  return [
    '// LLVM OffloadBinary, versions 1-3 (spec syclbin-format.md §1.5).',
    '// Generated from formats/offload-binary.ts by src/hex/export.ts (syclbin-toolkit); do not edit.',
    '// A compressed v3 binary (inflatedSize != 0) keeps its entries inside the compressed payload.',
    '#pragma endian little',
    '',
    hexpatStruct(V1),
    hexpatStruct(V2),
    hexpatStruct(V3),
    hexpatStruct(OffloadStringEntryV1 as unknown as AnyStruct),
    hexpatStruct(OffloadStringEntryV2 as unknown as AnyStruct),
    hexpatStruct(e).replace(
      /\n};$/,
      `\n    u8 image[${e.fields.imageSize ? 'imageSize' : ''}] @ ${e.fields.imageOffset ? 'imageOffset' : ''};\n};`,
    ),
    '',
    'u32 obVersion @ 0x04;',
    `if (obVersion == 1) {`,
    `    ${name(V1)} header @ 0x00;`,
    `    ${name(e)} entries[1] @ header.${hasRaw(V1, 'entryOffset')};`,
    `    ${name(OffloadStringEntryV1 as unknown as AnyStruct)} strings[entries[0].numStrings] @ entries[0].stringOffset;`,
    `} else if (obVersion == 2) {`,
    `    ${name(V2)} header @ 0x00;`,
    `    ${name(e)} entries[header.${hasRaw(V2, 'entriesCount')}] @ header.${hasRaw(V2, 'entriesOffset')};`,
    `} else {`,
    `    ${name(V3)} header @ 0x00;`,
    `    if (header.${hasRaw(V3, 'inflatedSize')} == 0) {`,
    `        ${name(e)} entries[header.entriesCount] @ header.entriesOffset;`,
    `    }`,
    `}`,
    '',
  ].join('\n');
}

function hasRaw(s: AnyStruct, f: string): string {
  hasField(s, f);
  return f;
}

export function syclbinV1Hexpat(): string {
  const H = SyclbinFileHeader as unknown as AnyStruct;
  const T = SyclbinHeaderTables as unknown as AnyStruct;
  const AM = AbstractModuleHeader as unknown as AnyStruct;
  const IR = IRModuleHeader as unknown as AnyStruct;
  const NI = NativeImageHeader as unknown as AnyStruct;
  const name = (s: AnyStruct) => s.describe.replace(/[^A-Za-z0-9]/g, '');
  // Header tables in order, each placed after the previous one (array count refs from formats/).
  const placed: string[] = [];
  let at = String(SYCLBIN_FILE_HEADER_SIZE);
  for (const [k, n] of fieldsOf(T)) {
    const ext = n as unknown as { elem: AnyStruct; count: string };
    placed.push(`${name(ext.elem)} ${k}[${ext.count}] @ ${at};`);
    at = `${at} + ${ext.elem.fixedSize} * ${ext.count}`;
  }
  const h = (f: string) => `header.${hasRaw(H, f)}`;
  return [
    '// SYCLBIN v1 ("SYBI" header tables, intel/llvm; spec syclbin-format.md §1.2).',
    '// Generated from formats/syclbin-v1.ts by src/hex/export.ts (syclbin-toolkit); do not edit.',
    '#pragma endian little',
    '',
    hexpatStruct(H),
    hexpatStruct(AM),
    hexpatStruct(IR),
    hexpatStruct(NI),
    '',
    `${name(H)} header @ 0x00;`,
    ...placed,
    `u64 metadataTableOffset = ${at};`,
    `u64 binaryTableOffset = metadataTableOffset + (${h('metadataTableSize')} + 7) / 8 * 8;`,
    `u8 metadataTable[${h('metadataTableSize')}] @ metadataTableOffset;`,
    `u8 binaryTable[${h('binaryTableSize')}] @ binaryTableOffset;`,
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
