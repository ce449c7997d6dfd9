/**
 * SPIR-V binary form (SPIR-V specification §2.3 "Physical Layout of a SPIR-V Module and Instruction"):
 * a 5-word header — magic 0x07230203, version (0 | major | minor | 0 bytes, i.e. `major << 16 |
 * minor << 8`), generator, bound (every <id> is < bound), schema 0 — then instructions, each starting
 * with `wordCount << 16 | opcode`. Words are little-endian here (the magic number tells a reader the
 * endianness; we only write LE, and read LE).
 *
 * The header is a fixed structure, so it is described once with the declarative codec
 * (`SpirvHeader`); the instruction stream is a sequence of self-sized records handled below.
 * Literal strings (§2.2.1): UTF-8, NUL-terminated, zero-padded to a word boundary, packed low byte
 * first into each word.
 */
import { DecodeError, EncodeError, decode, encode, hex } from '../../codec/index.js';
import { SPIRV_HEADER_SIZE, SPIRV_MAGIC, SpirvHeader, spirvVersion, spirvVersionWord } from '../../../formats/spirv.js';

/** The header is described once, in formats/spirv.ts. */
export { SPIRV_HEADER_SIZE, SpirvHeader };

/** One instruction: opcode and operand words (the word count is computed when encoding). */
export interface SpirvInstruction {
  /** Opcode (the low 16 bits of the first word). */
  readonly opcode: number;
  /** Operand words (everything after the first word). */
  readonly operands: readonly number[];
}

/** What `encodeSpirvModule` writes: header fields and instructions. */
export interface SpirvModuleWords {
  /** SPIR-V version for the header. */
  readonly version: { major: number; minor: number };
  /** Generator magic for the header. */
  readonly generator: number;
  /** The header's Bound (one more than the largest <id>). */
  readonly bound: number;
  /** Instructions in logical-layout order. */
  readonly instructions: readonly SpirvInstruction[];
}

/** Encodes a header word for `major.minor` (formats/spirv.ts). */
export const versionWord = spirvVersionWord;

/** Words of a literal string (UTF-8, NUL terminator, zero padding to 4 bytes). */
export function stringWords(text: string): number[] {
  const utf8 = new TextEncoder().encode(text);
  if (utf8.includes(0)) throw new EncodeError(`a SPIR-V literal string cannot contain NUL: ${JSON.stringify(text)}`);
  const n = Math.floor(utf8.length / 4) + 1; // at least one NUL byte
  const words: number[] = new Array<number>(n).fill(0);
  utf8.forEach((b, i) => {
    words[i >> 2]! |= b << (8 * (i & 3));
  });
  return words.map((w) => w >>> 0);
}

/** Reads a literal string starting at `operands[at]`; returns the text and the words it used. */
export function readString(operands: readonly number[], at: number): { text: string; words: number } {
  const bytes: number[] = [];
  for (let i = at; i < operands.length; i++) {
    const w = operands[i]!;
    for (let k = 0; k < 4; k++) {
      const b = (w >>> (8 * k)) & 0xff;
      if (b === 0) return { text: new TextDecoder('utf-8', { fatal: false }).decode(Uint8Array.from(bytes)), words: i - at + 1 };
      bytes.push(b);
    }
  }
  throw new Error('unterminated literal string');
}

/** Serialises a module: header + instructions, little-endian. */
export function encodeSpirvModule(m: SpirvModuleWords): Uint8Array {
  let total = 5;
  for (const ins of m.instructions) total += 1 + ins.operands.length;
  const out = new Uint8Array(total * 4);
  out.set(encode(SpirvHeader, { version: versionWord(m.version.major, m.version.minor), generator: m.generator, bound: m.bound, schema: 0 }), 0);
  const view = new DataView(out.buffer);
  let pos = SPIRV_HEADER_SIZE;
  m.instructions.forEach((ins, i) => {
    const count = 1 + ins.operands.length;
    if (count > 0xffff) throw new EncodeError(`instruction ${i} (opcode ${ins.opcode}) needs ${count} words; SPIR-V allows at most 65535`, ['instructions', i]);
    if (!Number.isInteger(ins.opcode) || ins.opcode < 0 || ins.opcode > 0xffff) throw new EncodeError(`bad opcode ${ins.opcode}`, ['instructions', i]);
    view.setUint32(pos, ((count << 16) | ins.opcode) >>> 0, true);
    pos += 4;
    ins.operands.forEach((w, k) => {
      if (!Number.isInteger(w) || w < 0 || w > 0xffffffff) throw new EncodeError(`operand ${k} = ${w} is not a 32-bit word`, ['instructions', i, 'operands', k]);
      view.setUint32(pos, w, true);
      pos += 4;
    });
  });
  return out;
}

/**
 * Parses a little-endian SPIR-V module into header fields and instructions. Bad input raises
 * DecodeError with the byte offset (size not a multiple of 4, wrong magic, word count 0 or past the end).
 */
export function decodeSpirvModule(bytes: Uint8Array): SpirvModuleWords {
  if (bytes.length % 4 !== 0) {
    throw new DecodeError('FORMAT', `a SPIR-V module is a sequence of 32-bit words; ${bytes.length} bytes is not a multiple of 4`, bytes.length - (bytes.length % 4), ['SpirvModule']);
  }
  const h = decode(SpirvHeader, bytes, 0, { path: ['header'] });
  if (h.magic !== SPIRV_MAGIC) throw new DecodeError('MAGIC', `bad SPIR-V magic: expected 03 02 23 07 (little-endian ${hex(SPIRV_MAGIC)}), found ${hex(h.magic)}`, 0, ['header', 'magic']);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const instructions: SpirvInstruction[] = [];
  let pos = SPIRV_HEADER_SIZE;
  while (pos < bytes.length) {
    const first = view.getUint32(pos, true);
    const count = first >>> 16;
    const opcode = first & 0xffff;
    const index = instructions.length;
    if (count === 0) throw new DecodeError('FORMAT', `instruction with word count 0 (opcode ${opcode})`, pos, ['instructions', index]);
    if (pos + count * 4 > bytes.length) {
      throw new DecodeError('EOF', `instruction (opcode ${opcode}) needs ${count} words but only ${(bytes.length - pos) / 4} remain`, pos, ['instructions', index], {
        needed: count * 4,
        available: bytes.length - pos,
      });
    }
    const operands: number[] = [];
    for (let k = 1; k < count; k++) operands.push(view.getUint32(pos + 4 * k, true));
    instructions.push({ opcode, operands });
    pos += count * 4;
  }
  return {
    version: spirvVersion(h.version),
    generator: h.generator,
    bound: h.bound,
    instructions,
  };
}

/** A copy of `bytes` without the instructions `drop` selects (header kept, bound unchanged). */
export function filterSpirvModule(bytes: Uint8Array, drop: (ins: SpirvInstruction) => boolean): Uint8Array {
  const m = decodeSpirvModule(bytes);
  return encodeSpirvModule({ ...m, instructions: m.instructions.filter((i) => !drop(i)) });
}
