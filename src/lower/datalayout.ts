/**
 * LLVM DataLayout: parse a `target datalayout` string and compute sizes, alignments and struct
 * member offsets exactly like llvm/lib/IR/DataLayout.cpp (intel/llvm, LLVM 19/20-era
 * `parseLayoutString` and `getAlignment`/`getTypeAllocSize`/`StructLayout`).
 *
 * Rules (all sizes in bytes unless "bits"):
 *  - size in bits: iN → N; half/float/double → 16/32/64; array → N × allocSize(elem) × 8;
 *    struct → StructLayout size × 8; vector → N × scalar bits (bit-packed, so `<3 x float>` = 96).
 *  - store size = ceil(bits / 8) (i1 → 1, `<3 x float>` → 12).
 *  - ABI alignment: integers → the spec with the smallest width >= N, else the largest spec;
 *    floats → exact `f<bits>` spec, else PowerOf2Ceil(bits / 8); vectors → exact `v<bits>` spec, else
 *    PowerOf2Ceil(store size); arrays → element's; packed struct → 1; struct → max(`a:` ABI,
 *    max member alignment).
 *  - alloc size: array → N × allocSize(elem); packed struct → layout size; struct →
 *    alignTo(layout size, max(`a:` ABI, layout alignment)); iN → alignTo(ceil(N/8), int align);
 *    others → alignTo(store size, ABI alignment) (`<3 x float>` with v96:128 → 16).
 *  - StructLayout: each member at alignTo(offset, packed ? 1 : ABI align(member)), then
 *    offset += allocSize(member); the size is finally aligned to the max member alignment.
 *
 * Defaults (DataLayout.cpp `DefaultIntSpecs`…): i8:8, i16:16, i32:32, i64:32:64, f16:16, f32:32,
 * f64:64, f128:128, v64:64, v128:128, a:0:64, little-endian.
 */
import { LowerError } from './errors.js';
import { scalarBits, type IrType, type StructType } from './types.js';

/** The data layout sycl-post-link's SPIR-V tests use (spec lowering.md fact 28); the manifest default. */
export const DEFAULT_SPIR_DATALAYOUT =
  'e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64';

/** One `i`, `f` or `v` specification: a bit width and its alignments. */
export interface PrimitiveSpec {
  /** Size in bits the alignments apply to. */
  readonly bitWidth: number;
  /** bytes */
  readonly abiAlign: number;
  /** bytes */
  readonly prefAlign: number;
}

/** A struct's layout under a data layout (LLVM StructLayout). */
export interface StructLayoutInfo {
  /** Byte offset of each member. */
  readonly offsets: readonly number[];
  /** StructLayout::getSizeInBytes (includes tail padding to the max member alignment). */
  readonly size: number;
  /** StructLayout::getAlignment (max member alignment; 1 for packed). */
  readonly alignment: number;
}

const MAX_SIZE = Number.MAX_SAFE_INTEGER;

function alignTo(n: number, a: number): number {
  const r = n % a;
  return r === 0 ? n : n + (a - r);
}

function powerOf2Ceil(n: number): number {
  if (n <= 1) return 1;
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** A parsed LLVM datalayout string: the sizes and alignments the lowering needs (integers, floats, vectors, aggregates). Build it with `DataLayout.parse`. */
export class DataLayout {
  /** The datalayout string as given. */
  readonly text: string;
  /** `E` (big-endian) rather than `e`. */
  readonly bigEndian: boolean;
  /** Integer alignments (`iN:abi:pref`), LLVM's defaults overridden by the string. */
  readonly intSpecs: readonly PrimitiveSpec[];
  /** Floating-point alignments (`fN:abi:pref`). */
  readonly floatSpecs: readonly PrimitiveSpec[];
  /** Vector alignments (`vN:abi:pref`). */
  readonly vectorSpecs: readonly PrimitiveSpec[];
  /** Aggregate ABI alignment in bytes (`a:abi:pref`; default 1). */
  readonly structAbiAlign: number;
  /** Aggregate preferred alignment in bytes (default 8). */
  readonly structPrefAlign: number;
  private readonly structCache = new WeakMap<StructType, StructLayoutInfo>();

  private constructor(text: string, f: {
    bigEndian: boolean;
    intSpecs: PrimitiveSpec[];
    floatSpecs: PrimitiveSpec[];
    vectorSpecs: PrimitiveSpec[];
    structAbiAlign: number;
    structPrefAlign: number;
  }) {
    this.text = text;
    this.bigEndian = f.bigEndian;
    this.intSpecs = f.intSpecs;
    this.floatSpecs = f.floatSpecs;
    this.vectorSpecs = f.vectorSpecs;
    this.structAbiAlign = f.structAbiAlign;
    this.structPrefAlign = f.structPrefAlign;
  }

  /**
   * Parses a datalayout string with the checks of DataLayout::parseLayoutString (LLVM 19+ wording,
   * simplified). Pointer, mangling, address-space and native-integer specifications are validated
   * for shape and otherwise ignored (no pointer types reach the lowering).
   */
  static parse(text: string, path: readonly (string | number)[] = ['dataLayout']): DataLayout {
    const fail = (spec: string, msg: string): never => {
      throw new LowerError(`invalid data layout specification '${spec}': ${msg}`, path);
    };
    const intSpecs: PrimitiveSpec[] = [
      { bitWidth: 8, abiAlign: 1, prefAlign: 1 },
      { bitWidth: 16, abiAlign: 2, prefAlign: 2 },
      { bitWidth: 32, abiAlign: 4, prefAlign: 4 },
      { bitWidth: 64, abiAlign: 4, prefAlign: 8 },
    ];
    const floatSpecs: PrimitiveSpec[] = [
      { bitWidth: 16, abiAlign: 2, prefAlign: 2 },
      { bitWidth: 32, abiAlign: 4, prefAlign: 4 },
      { bitWidth: 64, abiAlign: 8, prefAlign: 8 },
      { bitWidth: 128, abiAlign: 16, prefAlign: 16 },
    ];
    const vectorSpecs: PrimitiveSpec[] = [
      { bitWidth: 64, abiAlign: 8, prefAlign: 8 },
      { bitWidth: 128, abiAlign: 16, prefAlign: 16 },
    ];
    let bigEndian = false;
    let structAbiAlign = 1;
    let structPrefAlign = 8;

    const uint = (spec: string, s: string, what: string, max: number): number => {
      if (!/^[0-9]+$/.test(s)) fail(spec, `${what} must be a decimal integer`);
      const n = Number(s);
      if (n > max) fail(spec, `${what} is too large`);
      return n;
    };
    const alignment = (spec: string, s: string, what: string, allowZero = false): number => {
      if (s === '') fail(spec, `${what} alignment component cannot be empty`);
      const v = uint(spec, s, `${what} alignment`, 0xffff);
      if (v === 0) {
        if (!allowZero) fail(spec, `${what} alignment must be non-zero`);
        return 1;
      }
      if (v % 8 !== 0 || ((v / 8) & (v / 8 - 1)) !== 0) fail(spec, `${what} alignment must be a power of two times the byte width`);
      return v / 8;
    };
    const setSpec = (list: PrimitiveSpec[], s: PrimitiveSpec): void => {
      const i = list.findIndex((x) => x.bitWidth >= s.bitWidth);
      if (i >= 0 && list[i]!.bitWidth === s.bitWidth) list[i] = s;
      else if (i >= 0) list.splice(i, 0, s);
      else list.push(s);
    };

    if (text !== '') {
      for (const spec of text.split('-')) {
        if (spec === '') fail(spec, 'empty specification is not allowed');
        if (spec.startsWith('ni')) {
          if (!/^ni(:[0-9]+)+$/.test(spec)) fail(spec, 'must be of the form "ni:<address space>[:<address space>]..."');
          continue;
        }
        const c = spec[0]!;
        const rest = spec.slice(1);
        if (c === 'i' || c === 'f' || c === 'v') {
          const parts = rest.split(':');
          if (parts.length < 2 || parts.length > 3) fail(spec, `must be of the form "${c}<size>:<abi>[:<pref>]"`);
          const bitWidth = uint(spec, parts[0]!, 'size', 0xffffff);
          if (bitWidth === 0) fail(spec, 'size must be a non-zero 24-bit integer');
          const abiAlign = alignment(spec, parts[1]!, 'ABI');
          if (c === 'i' && bitWidth === 8 && abiAlign !== 1) fail(spec, 'i8 must be 8-bit aligned');
          const prefAlign = parts.length > 2 ? alignment(spec, parts[2]!, 'preferred') : abiAlign;
          if (prefAlign < abiAlign) fail(spec, 'preferred alignment cannot be less than the ABI alignment');
          setSpec(c === 'i' ? intSpecs : c === 'f' ? floatSpecs : vectorSpecs, { bitWidth, abiAlign, prefAlign });
          continue;
        }
        switch (c) {
          case 'a': {
            const parts = rest.split(':');
            if (parts.length < 2 || parts.length > 3) fail(spec, 'must be of the form "a:<abi>[:<pref>]"');
            if (parts[0] !== '' && (!/^[0-9]+$/.test(parts[0]!) || Number(parts[0]) !== 0)) fail(spec, 'size must be zero');
            structAbiAlign = alignment(spec, parts[1]!, 'ABI', true);
            structPrefAlign = parts.length > 2 ? alignment(spec, parts[2]!, 'preferred') : structAbiAlign;
            if (structPrefAlign < structAbiAlign) fail(spec, 'preferred alignment cannot be less than the ABI alignment');
            break;
          }
          case 'p':
            if (!/^p[0-9]*:[0-9]+:[0-9]+(:[0-9]+(:[0-9]+)?)?$/.test(spec)) fail(spec, 'must be of the form "p[<n>]:<size>:<abi>[:<pref>[:<idx>]]"');
            break;
          case 'e':
          case 'E':
            if (rest !== '') fail(spec, "must be just 'e' or 'E'");
            bigEndian = c === 'E';
            break;
          case 'n':
            if (!/^[0-9]+(:[0-9]+)*$/.test(rest) || rest.split(':').some((x) => Number(x) === 0)) fail(spec, 'must be of the form "n<size>[:<size>]..."');
            break;
          case 'S':
            alignment(spec, rest, 'stack natural');
            break;
          case 's':
            break; // deprecated, ignored by LLVM
          case 'F':
            if (!/^F[in][0-9]+$/.test(spec)) fail(spec, 'must be of the form "F<type><abi>"');
            break;
          case 'P':
          case 'A':
          case 'G':
            if (!/^[0-9]+$/.test(rest)) fail(spec, `must be of the form "${c}<address space>"`);
            break;
          case 'm':
            if (!/^m:[elomwxa]$/.test(spec)) fail(spec, 'unknown mangling mode');
            break;
          default:
            fail(spec, `unknown specifier '${c}'`);
        }
      }
    }
    if (bigEndian) {
      throw new LowerError(
        'big-endian data layouts are not supported: sycl-post-link copies default values in host (little-endian) byte order and SPIR-V is little-endian',
        path,
      );
    }
    return new DataLayout(text, { bigEndian, intSpecs, floatSpecs, vectorSpecs, structAbiAlign, structPrefAlign });
  }

  private integerAlign(bits: number): number {
    // DataLayout::getIntegerAlignment: first spec with width >= bits, else the largest one.
    const s = this.intSpecs.find((x) => x.bitWidth >= bits) ?? this.intSpecs[this.intSpecs.length - 1]!;
    return s.abiAlign;
  }

  /** DataLayout::getTypeSizeInBits. */
  sizeInBits(t: IrType): number {
    switch (t.kind) {
      case 'int':
      case 'float':
        return scalarBits(t);
      case 'vector':
        return checked(t.length * scalarBits(t.element));
      case 'array':
        return checked(t.length * this.allocSize(t.element) * 8);
      case 'struct':
        return checked(this.structLayout(t).size * 8);
    }
  }

  /** DataLayout::getTypeStoreSize: ceil(bits / 8). */
  storeSize(t: IrType): number {
    return Math.ceil(this.sizeInBits(t) / 8);
  }

  /** DataLayout::getABITypeAlign, in bytes. */
  abiAlign(t: IrType): number {
    switch (t.kind) {
      case 'int':
        return this.integerAlign(t.bits);
      case 'float': {
        const bits = scalarBits(t);
        const s = this.floatSpecs.find((x) => x.bitWidth === bits);
        return s ? s.abiAlign : powerOf2Ceil(bits / 8);
      }
      case 'vector': {
        const bits = this.sizeInBits(t);
        const s = this.vectorSpecs.find((x) => x.bitWidth === bits);
        return s ? s.abiAlign : powerOf2Ceil(this.storeSize(t));
      }
      case 'array':
        return this.abiAlign(t.element);
      case 'struct':
        if (t.packed) return 1;
        return Math.max(this.structAbiAlign, this.structLayout(t).alignment);
    }
  }

  /** DataLayout::getTypeAllocSize. */
  allocSize(t: IrType): number {
    switch (t.kind) {
      case 'array':
        return checked(t.length * this.allocSize(t.element));
      case 'struct': {
        const l = this.structLayout(t);
        if (t.packed) return l.size;
        return alignTo(l.size, Math.max(this.structAbiAlign, l.alignment));
      }
      case 'int':
        return alignTo(Math.ceil(t.bits / 8), this.integerAlign(t.bits));
      default:
        return alignTo(this.storeSize(t), this.abiAlign(t));
    }
  }

  /** StructLayout (DataLayout::getStructLayout). Cached per struct object. */
  structLayout(t: StructType): StructLayoutInfo {
    const hit = this.structCache.get(t);
    if (hit) return hit;
    let size = 0;
    let alignment = 1;
    const offsets: number[] = [];
    for (const el of t.elements) {
      const a = t.packed ? 1 : this.abiAlign(el);
      size = alignTo(size, a);
      alignment = Math.max(alignment, a);
      offsets.push(size);
      size = checked(size + this.allocSize(el));
    }
    size = alignTo(size, alignment);
    const info: StructLayoutInfo = { offsets, size, alignment };
    this.structCache.set(t, info);
    return info;
  }
}

function checked(n: number): number {
  if (!Number.isSafeInteger(n) || n > MAX_SIZE) throw new LowerError('type is too large (its size does not fit in 2^53 bits)', [], 'LIMIT');
  return n;
}

/** Parses the manifest's `dataLayout` (default {@link DEFAULT_SPIR_DATALAYOUT}). */
export function parseDataLayout(text: string = DEFAULT_SPIR_DATALAYOUT, path: readonly (string | number)[] = ['dataLayout']): DataLayout {
  return DataLayout.parse(text, path);
}
