/**
 * Generator of deliberately broken files for `syclbin verify` (issue 6 tests): each file has ONE seeded
 * problem; `cases.json` records where it is (severity, code, path, byte offset) and
 * test/hex/broken.test.ts asserts that verify reports it there.
 *
 * Run from the repository root:  npx tsx testdata/broken/generate.ts
 * Base files are written by the project's writers (test/hex/fixtures.ts sampleModel) and by LLVM 19's
 * clang-offload-packager (testdata/offload/cuda-sm70.v1.bin). Offsets of patched fields come from the
 * spec layouts (syclbin-format.md §1.2, §1.5); offsets of text/strings from the base file's annotation.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { annotate } from '../../src/hex/annotate.js';
import { readOffloadBinary } from '../../src/offload/read.js';
import { writeOffloadBinary, type OffloadEntryInput } from '../../src/offload/write.js';
import { writeSyclbin } from '../../src/syclbin/write.js';
import { sampleModel } from '../../test/hex/fixtures.js';

const DIR = new URL('./', import.meta.url).pathname;

interface Case {
  file: string;
  description: string;
  expect: { severity: 'error' | 'warning' | 'note'; code: string; path: string; offset: number };
}

const cases: Case[] = [];
const enc = new TextEncoder();

function emit(file: string, bytes: Uint8Array, description: string, expect: Case['expect']): void {
  writeFileSync(DIR + file, bytes);
  cases.push({ file, description, expect });
}

const le = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const spanOf = (bytes: Uint8Array, path: string) => {
  const s = annotate(bytes).spans.find((x) => x.path === path);
  if (!s) throw new Error(`no span ${path}`);
  return s;
};
/** Offset of `needle` inside the span at `path`. */
const textAt = (bytes: Uint8Array, path: string, needle: string): number => {
  const s = spanOf(bytes, path);
  const hay = new TextDecoder('latin1').decode(bytes.subarray(s.offset, s.offset + s.size));
  const i = hay.indexOf(needle);
  if (i < 0) throw new Error(`'${needle}' not in ${path}`);
  return s.offset + i;
};

// Base: bare v1, canonical layout. Header block: 56 + 32 x (2 AM + 2 IR + 1 native) = 216.
const base = writeSyclbin(sampleModel(), { format: 1, envelope: 'none' });
const N = 2;
const M = 2;
const IR_AT = 56 + 32 * N; // IR module headers
const NAT_AT = IR_AT + 32 * M;
const MD_TABLE = NAT_AT + 32;
const mdSize = Number(le(base).getBigUint64(24, true));
const binSize = Number(le(base).getBigUint64(32, true));
const BIN_TABLE = MD_TABLE + Math.ceil(mdSize / 8) * 8;
const copy = () => base.slice();

{
  const b = copy();
  b[0] = 0x48;
  emit('v1-bad-magic.syclbin', b, 'first magic byte changed', { severity: 'error', code: 'structure', path: 'header.magic', offset: 0 });
}
{
  const b = copy();
  le(b).setUint32(4, 2, true);
  emit('v1-version-2.syclbin', b, 'SYCLBIN header version 2', { severity: 'error', code: 'structure', path: 'header.version', offset: 4 });
}
{
  const b = copy();
  b.set([0xde, 0xc0, 0xad, 0x0b], 20);
  emit('v1-reserved-nonzero.syclbin', b, 'uninitialised reserved header bytes (as LLVM writers leave them)', {
    severity: 'note',
    code: 'padding',
    path: 'header.reserved',
    offset: 20,
  });
}
{
  const b = copy();
  le(b).setBigUint64(IR_AT + 32, 0xffffn, true);
  emit('v1-ir-metadata-out-of-range.syclbin', b, 'IR module header 1: metadata offset past the metadata table', {
    severity: 'error',
    code: 'structure',
    path: 'irModules[1].metadataOffset',
    offset: IR_AT + 32,
  });
}
{
  const b = copy();
  le(b).setUint32(56 + 32 + 16, 5, true);
  emit('v1-am-ir-range.syclbin', b, 'abstract module 1 claims 5 IR modules', { severity: 'error', code: 'structure', path: 'abstractModules[1].irModuleCount', offset: 56 + 32 + 16 });
}
{
  // IR0 bytes [0,9), native [9,14), IR1 [14,17): move IR1 to [8,11).
  const b = copy();
  le(b).setBigUint64(IR_AT + 32 + 16, 8n, true);
  emit('v1-overlapping-images.syclbin', b, 'IR module 1 bytes overlap IR module 0 and the native image', {
    severity: 'warning',
    code: 'overlap',
    path: 'abstractModules[1].irModules[0].bytes',
    offset: BIN_TABLE + 8,
  });
}
{
  const b = copy();
  le(b).setBigUint64(IR_AT + 24, 5n, true); // IR0 size 9 -> 5: 4 bytes nobody refers to
  emit('v1-unreferenced-bytes.syclbin', b, 'IR module 0 shrunk: 4 bytes of the binary table are unreferenced', {
    severity: 'warning',
    code: 'unreferenced',
    path: 'binaryTable.unreferenced',
    offset: BIN_TABLE + 5,
  });
}
{
  const b = copy();
  const padAt = BIN_TABLE + binSize;
  if (padAt >= b.length) throw new Error('base has no binary-table padding');
  b[padAt] = 0x55;
  emit('v1-padding-nonzero.syclbin', b, 'non-zero byte in the binary table padding', { severity: 'warning', code: 'padding', path: 'padding', offset: padAt });
}
{
  const b = copy();
  const at = textAt(b, 'globalMetadata["SYCLBIN/global metadata"]["state"]', '|2') + 1;
  b[at] = 0x78; // 'x'
  emit('v1-property-syntax.syclbin', b, "global metadata 'state=1|x' (not decimal)", { severity: 'error', code: 'property', path: 'globalMetadata["SYCLBIN/global metadata"]["state"]', offset: at });
}
{
  const b = copy();
  const set = spanOf(b, 'globalMetadata["SYCLBIN/global metadata"]');
  b.set(enc.encode('stale'), textAt(b, 'globalMetadata["SYCLBIN/global metadata"]["state"]', 'state'));
  emit('v1-missing-state.syclbin', b, "global metadata without 'state' (key renamed to 'stale')", {
    severity: 'error',
    code: 'property',
    path: 'globalMetadata["SYCLBIN/global metadata"]',
    offset: set.offset,
  });
}
{
  const b = copy();
  const at = textAt(b, 'globalMetadata["SYCLBIN/global metadata"]["state"]', '|2') + 1;
  b[at] = 0x37; // '7'
  emit('v1-unknown-state.syclbin', b, 'bundle state 7', { severity: 'error', code: 'enum', path: 'globalMetadata["SYCLBIN/global metadata"]["state"]', offset: at });
}
{
  const b = copy();
  const at = textAt(b, 'abstractModules[0].irModules[0].metadata["SYCLBIN/ir module metadata"]["type"]', '|0') + 1;
  b[at] = 0x31; // type 1 = PTX, target stays spir64
  const target = spanOf(b, 'abstractModules[0].irModules[0].metadata["SYCLBIN/ir module metadata"]["target"]');
  emit('v1-ir-type-target-mismatch.syclbin', b, 'IR type PTX with a spir64 target', {
    severity: 'warning',
    code: 'target',
    path: 'abstractModules[0].irModules[0].metadata["SYCLBIN/ir module metadata"]["target"]',
    offset: target.offset,
  });
}
{
  const m = sampleModel();
  m.envelope = { kind: 'offload', version: 1, imageKind: 7, offloadKind: 4, flags: 0, strings: new Map([['triple', 'nvptx64-nvidia-cuda']]), runtimeStyle: false, extraEntries: 0 };
  const b = writeSyclbin(m, { format: 1 });
  emit('v1-offload-triple-mismatch.syclbin', b, 'OffloadBinary envelope triple names no image of the SYCLBIN', {
    severity: 'warning',
    code: 'target',
    path: 'entries[0].strings[0].value',
    offset: spanOf(b, 'entries[0].strings[0].value').offset,
  });
}
{
  const b = writeSyclbin(sampleModel(), { format: 1, envelope: 'offload-v2' });
  const out = new Uint8Array(b.length + 8);
  out.set(b);
  out.fill(0xee, b.length);
  emit('v1-offload-trailing-bytes.syclbin', out, '8 bytes after the OffloadBinary Size', { severity: 'warning', code: 'unreferenced', path: 'unreferenced', offset: b.length });
}
{
  const b = copy().subarray(0, BIN_TABLE + 4);
  emit('v1-truncated.syclbin', b, 'file cut inside the binary table', { severity: 'error', code: 'structure', path: 'binaryTable', offset: BIN_TABLE });
}
{
  const b = writeSyclbin(sampleModel(), { format: 1, envelope: 'none', layout: 'grouped' });
  emit('v1-grouped-layout.syclbin', b, 'grouped (non-canonical) v1 layout', { severity: 'note', code: 'layout', path: '', offset: 0 });
}
{
  const b = copy();
  le(b).setUint32(56 + 32 + 16, 0, true); // AM1 no longer refers to IR header 1
  emit('v1-unreferenced-ir-header.syclbin', b, 'IR module header 1 is referenced by no abstract module', { severity: 'warning', code: 'unreferenced', path: 'irModules[1]', offset: IR_AT + 32 });
}

// v2 role entries, rewritten with one StringData value changed.
function v2With(change: (i: number, strings: [string, string][]) => void): Uint8Array {
  const ob = readOffloadBinary(writeSyclbin(sampleModel(), { format: 2 }));
  const entries: OffloadEntryInput[] = ob.entries.map((e, i) => {
    const strings = [...e.strings.entries()];
    change(i, strings);
    return { imageKind: e.imageKind, offloadKind: e.offloadKind, flags: e.flags, strings, image: e.image };
  });
  return writeOffloadBinary(entries, { version: 2 });
}
{
  // Entries: 0 global, 1 am0, 2 ir, 3 native, 4 am1, 5 ir.
  const b = v2With((i, s) => {
    if (i === 2) s.find(([k]) => k === 'triple')![1] = 'spirv64-unknown-unknown';
  });
  const ann = annotate(b);
  const key = ann.spans.find((x) => x.kind === 'string' && x.value === 'triple' && /^entries\[2\]\.strings\[\d+\]\.key$/.test(x.path))
    ?? ann.spans.find((x) => x.shared?.some((p) => /^entries\[2\]\.strings\[\d+\]\.key$/.test(p)) && x.value === 'triple');
  const path = (key!.path.startsWith('entries[2]') ? key!.path : key!.shared!.find((p) => p.startsWith('entries[2]'))!).replace(/\.key$/, '.value');
  emit('v2-triple-mismatch.syclbin', b, "v2 ir entry StringData triple disagrees with its metadata target", {
    severity: 'warning',
    code: 'target',
    path,
    offset: spanOf(b, path).offset,
  });
}
{
  const b = v2With((i, s) => {
    if (i === 3) s.find(([k]) => k === 'role')![1] = 'bogus';
  });
  // The reader reports the role at the bytes of its value string (entry 3's last `role` string entry).
  const list = readOffloadBinary(b).entries[3]!.stringEntries;
  const j = list.map((s) => s.key).lastIndexOf('role');
  emit('v2-unknown-role.syclbin', b, "v2 entry with role 'bogus'", { severity: 'error', code: 'structure', path: `entries[3].strings[${j}].value`, offset: list[j]!.valueOffset });
}

// Plain OffloadBinary made by clang-offload-packager-19 (testdata/offload/README.md).
const cuda = new Uint8Array(readFileSync(new URL('../offload/cuda-sm70.v1.bin', import.meta.url)));
{
  const b = cuda.slice();
  le(b).setBigUint64(32 + 32, 0x10000n, true);
  emit('offload-image-out-of-range.bin', b, 'entry image size runs past the binary (the size is blamed: the offset is inside)', { severity: 'error', code: 'structure', path: 'entries[0].imageSize', offset: 32 + 32 });
}
{
  const b = cuda.slice();
  le(b).setUint16(32, 42, true);
  emit('offload-unknown-image-kind.bin', b, 'image kind 42', { severity: 'warning', code: 'enum', path: 'entries[0].imageKind', offset: 32 });
}

// Property-set registry text.
{
  const text = '[SYCL/misc properties]\noptLevel=1|2\nbad=3|x\n';
  emit('prop-bad-type.prop', enc.encode(text), 'property type 3', { severity: 'error', code: 'property', path: '["SYCL/misc properties"]["bad"]', offset: text.indexOf('3|') });
}

writeFileSync(DIR + 'cases.json', JSON.stringify(cases, null, 2) + '\n');
console.log(`${cases.length} broken files written to ${DIR}`);
