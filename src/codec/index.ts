/**
 * The declarative codec layer (public surface). It knows no file format: formats/ describes them.
 *
 * Describe a structure once in `formats/`:
 *   const Entry = struct({ imageKind: u16, offloadKind: u16, flags: u32, imageOffset: u64n, imageSize: u64n });
 * then
 *   decode(Entry, bytes, offset)            -> typed value (type inferred from the description)
 *   decodeRecords(Entry, bytes)             -> array of records filling `bytes` exactly
 *   encode(Entry, value)                    -> Uint8Array (derived fields computed)
 *   sizeOf(Entry)                           -> 40
 *   decode(Entry, bytes, offset, {tree})    -> the value, with every field recorded in a span tree
 *   Entry.offsets.imageSize                 -> 32 (field offsets of fixed-size structs)
 * Node kinds: u8 u16 u24 u32 i32 u64 i64 (bigint) u64n (u64 checked to a safe number), bytes(n), sizedBytes(ref),
 * reserved(n), magic([...]), cstring, fixedText(width), asciiNumber(width, radix), struct({...}, name,
 * relations), array(node, countRef|n), derived(node, measure), countOf(node, arrayRef), variant(tagRef, {tag: node}),
 * bits(intNode, {name: [shift, width]}), enumeration(intNode, nameOf) (named values), absent (a zero-byte variant case).
 * Geometry (src/codec/geometry.ts): expressions, layouts of regions, relations of fields.
 */
export * from './schema.js';
export * from './codec.js';
export * from './errors.js';
export * from './spans.js';
export * from './geometry.js';
export * from './bytes.js';
export * from './source.js';
export * from './space.js';
export * from './json.js';
export * from './arrays.js';
