/**
 * SPIR-V module header — the single description (SPIR-V specification §2.3 "Physical Layout of a
 * SPIR-V Module and Instruction", table 1): five words, magic 0x07230203, version (`0 | major |
 * minor | 0` bytes, i.e. `major << 16 | minor << 8`), generator (`tool id << 16 | tool version`),
 * bound (every <id> is < bound), schema (0). The magic number tells the byte order: `03 02 23 07`
 * little-endian, `07 23 02 03` big-endian; the description is read in either order (the magic is a
 * word compared after reading), written little-endian.
 *
 * Generator tool ids: the Khronos registry, KhronosGroup/SPIRV-Headers:include/spirv/spir-v.xml
 * (`<ids type="vendor">`), a few common ones here; others are shown as numbers.
 */
import { derived, enumeration, struct, u32, type Decoded } from '../src/codec/index.js';

/** The magic number (first word). */
export const SPIRV_MAGIC = 0x07230203;
/** Its bytes in a little-endian module. */
export const SPIRV_MAGIC_LE = [0x03, 0x02, 0x23, 0x07] as const;
/** Its bytes in a big-endian module. */
export const SPIRV_MAGIC_BE = [0x07, 0x23, 0x02, 0x03] as const;

/**
 * The 20-byte module header. The magic, version and generator words carry their names in every view
 * of the bytes (`0x07230203`, `SPIR-V 1.4`, the generator tool), not only their numbers.
 */
export const SpirvHeader = struct(
  {
    magic: derived(
      enumeration(u32, (v: number) => (v === SPIRV_MAGIC ? '0x07230203' : undefined)),
      () => SPIRV_MAGIC,
      'SPIR-V magic number',
    ),
    version: enumeration(u32, (v: number) => spirvVersionName(v)),
    generator: enumeration(u32, (v: number) => spirvGeneratorName(v)),
    bound: u32,
    schema: u32,
  },
  'SpirvHeader',
);

/** A version word as people write it: `SPIR-V 1.4`. */
export function spirvVersionName(word: number): string {
  const { major, minor } = spirvVersion(word);
  return `SPIR-V ${major}.${minor}`;
}

/** A generator word as people say it: the registry's tool (or vendor) and its version (`LLVM SPIR-V Backend, version 22`). */
export function spirvGeneratorName(word: number): string {
  const g = spirvGenerator(word);
  return `${g.tool ?? (g.vendor === undefined ? `tool ${g.id}` : `${g.vendor} tool ${g.id}`)}, version ${g.version}`;
}

/** Size of the header in bytes. */
export const SPIRV_HEADER_SIZE = SpirvHeader.fixedSize!;

/** Bytes per word: every instruction is a whole number of words after the header. */
export const SPIRV_WORD = 4;

/**
 * An instruction's first word (SPIR-V specification §2.3, table 2): its word count, operands
 * included, in the high 16 bits (0 is invalid), its opcode in the low 16.
 */
export function spirvWordCount(first: number): number {
  return first >>> 16;
}

/** The opcode of an instruction's first word (see {@link spirvWordCount}). */
export function spirvOpcode(first: number): number {
  return first & 0xffff;
}

/** A decoded SPIR-V header. */
export type SpirvHeaderValue = Decoded<typeof SpirvHeader>;

/** Byte order of a module from its first four bytes (undefined: not SPIR-V). */
export function spirvByteOrder(b: Uint8Array): 'le' | 'be' | undefined {
  if (b.length < 4) return undefined;
  const is = (m: readonly number[]): boolean => m.every((x, i) => b[i] === x);
  return is(SPIRV_MAGIC_LE) ? 'le' : is(SPIRV_MAGIC_BE) ? 'be' : undefined;
}

/** The version word for `major.minor`. */
export function spirvVersionWord(major: number, minor: number): number {
  return ((major & 0xff) << 16) | ((minor & 0xff) << 8);
}

/** `major.minor` of a version word. */
export function spirvVersion(word: number): { major: number; minor: number } {
  return { major: (word >>> 16) & 0xff, minor: (word >>> 8) & 0xff };
}

/** Generator tools of the registry (spir-v.xml `<ids type="vendor">`): vendor and tool. */
export const SPIRV_GENERATORS: Readonly<Record<number, { vendor: string; tool?: string }>> = {
  0: { vendor: 'Khronos' },
  1: { vendor: 'LunarG' },
  2: { vendor: 'Valve' },
  3: { vendor: 'Codeplay' },
  4: { vendor: 'NVIDIA' },
  5: { vendor: 'ARM' },
  6: { vendor: 'Khronos', tool: 'LLVM/SPIR-V Translator' },
  7: { vendor: 'Khronos', tool: 'SPIR-V Tools Assembler' },
  8: { vendor: 'Khronos', tool: 'Glslang Reference Front End' },
  11: { vendor: 'Intel' },
  13: { vendor: 'Google', tool: 'Shaderc over Glslang' },
  17: { vendor: 'Khronos', tool: 'SPIR-V Tools Linker' },
  21: { vendor: 'Google', tool: 'Clspv' },
  22: { vendor: 'LLVM', tool: 'MLIR SPIR-V Serializer' },
  23: { vendor: 'Google', tool: 'Tint Compiler' },
  43: { vendor: 'LLVM', tool: 'LLVM SPIR-V Backend' },
};

/** Tool id, tool version, and the registry's vendor and tool names of a generator word. */
export function spirvGenerator(word: number): { id: number; version: number; vendor?: string; tool?: string } {
  const id = word >>> 16;
  return { id, version: word & 0xffff, ...SPIRV_GENERATORS[id] };
}
