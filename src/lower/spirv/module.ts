/**
 * A tiny SPIR-V module builder: <id> allocation, the logical-layout sections of SPIR-V §2.4 and
 * interning of types and constants (SPIR-V requires non-aggregate types to be unique; structs may
 * repeat, so named structs are keyed by name and literal ones by body, as LLVM uniques them).
 *
 * Section order written (§2.4 "Logical Layout of a Module"): OpCapability, OpExtension,
 * OpExtInstImport, OpMemoryModel, entry points / execution modes (unused here), debug
 * (OpName), annotations (OpDecorate), then types, constants, global OpVariables and OpUndef in
 * definition order (each definition only refers to earlier ones), then function definitions (see
 * {@link SpirvModuleBuilder.functionReturning}).
 */
import { EncodeError } from '../../codec/index.js';
import { encodeSpirvModule, stringWords, type SpirvInstruction } from './binary.js';
import { Op } from '../../../formats/spirv-enums.js';
import { appendAll } from '../../codec/arrays.js';

/** An instruction operand: a word, or a string (encoded as nul-terminated UTF-8 words). */
export type Operand = number | string;

function words(operands: readonly Operand[]): number[] {
  const out: number[] = [];
  for (const o of operands) {
    if (typeof o === 'string') appendAll(out, stringWords(o));
    else out.push(o >>> 0);
  }
  return out;
}

/** Header fields of the module a `SpirvModuleBuilder` writes. */
export interface SpirvBuilderOptions {
  /** SPIR-V version written in the header (default 1.1, what llvm-spirv-15 writes for such modules). */
  version?: { major: 1; minor: 0 | 1 | 2 | 3 | 4 | 5 | 6 };
  /** Generator magic (default 0: "no registered generator", SPIR-V §2.3). */
  generator?: number;
}

/** Builds one SPIR-V module: <id>s, sections in logical-layout order, interned types and constants (see the module comment). */
export class SpirvModuleBuilder {
  private nextId = 1;
  private readonly capabilities: number[] = [];
  private readonly extensions: string[] = [];
  private memoryModelIns: SpirvInstruction | undefined;
  private readonly debug: SpirvInstruction[] = [];
  private readonly annotations: SpirvInstruction[] = [];
  private readonly globals: SpirvInstruction[] = [];
  private readonly functions: SpirvInstruction[] = [];
  private readonly interned = new Map<string, number>();
  /** SPIR-V version written in the header. */
  readonly version: { major: number; minor: number };
  /** Generator magic written in the header. */
  readonly generator: number;

  constructor(opts: SpirvBuilderOptions = {}) {
    this.version = opts.version ?? { major: 1, minor: 1 };
    if (this.version.major !== 1 || this.version.minor > 6) throw new EncodeError(`unsupported SPIR-V version ${this.version.major}.${this.version.minor}`);
    this.generator = opts.generator ?? 0;
  }

  /** A fresh <id>. */
  id(): number {
    return this.nextId++;
  }

  /** The header's Bound: one more than the largest <id> handed out. */
  get bound(): number {
    return this.nextId;
  }

  /** Declare an OpCapability (once). */
  capability(c: number): void {
    if (!this.capabilities.includes(c)) this.capabilities.push(c);
  }

  /** Whether the capability was declared. */
  hasCapability(c: number): boolean {
    return this.capabilities.includes(c);
  }

  /** Declare an OpExtension (once). */
  extension(name: string): void {
    if (!this.extensions.includes(name)) this.extensions.push(name);
  }

  /** Set the OpMemoryModel (required before `instructions`). */
  memoryModel(addressing: number, memory: number): void {
    this.memoryModelIns = { opcode: Op.MemoryModel, operands: [addressing, memory] };
  }

  /** OpName: a debug name for `target`. */
  name(target: number, text: string): void {
    this.debug.push({ opcode: Op.Name, operands: [target, ...stringWords(text)] });
  }

  /** OpDecorate `target` with `decoration` and its literal operands. */
  decorate(target: number, decoration: number, ...operands: Operand[]): void {
    this.annotations.push({ opcode: Op.Decorate, operands: [target, decoration, ...words(operands)] });
  }

  /**
   * Appends a type/constant/global instruction with a result <id>. `resultType` is undefined for
   * type declarations (whose result <id> comes first).
   */
  define(opcode: number, resultType: number | undefined, operands: readonly Operand[] = []): number {
    const id = this.id();
    const ops = resultType === undefined ? [id, ...words(operands)] : [resultType, id, ...words(operands)];
    this.globals.push({ opcode, operands: ops });
    return id;
  }

  /** {@link define}, but returns the existing <id> when the same `key` was defined before. */
  intern(key: string, make: () => number): number {
    const hit = this.interned.get(key);
    if (hit !== undefined) return hit;
    const id = make();
    this.interned.set(key, id);
    return id;
  }

  /** The OpTypeVoid <id>. */
  typeVoid(): number {
    return this.intern('void', () => this.define(Op.TypeVoid, undefined));
  }
  /** The OpTypeBool <id>. */
  typeBool(): number {
    return this.intern('bool', () => this.define(Op.TypeBool, undefined));
  }
  /** OpTypeInt with Signedness 0 (the only signedness the Kernel capability allows). */
  typeInt(bits: number): number {
    return this.intern(`i${bits}`, () => this.define(Op.TypeInt, undefined, [bits, 0]));
  }
  /** The OpTypeFloat <id> of `bits` width. */
  typeFloat(bits: number): number {
    return this.intern(`f${bits}`, () => this.define(Op.TypeFloat, undefined, [bits]));
  }
  /** The OpTypeVector <id> of `count` `element`s. */
  typeVector(element: number, count: number): number {
    return this.intern(`v${count}x${element}`, () => this.define(Op.TypeVector, undefined, [element, count]));
  }
  /** The OpTypeArray <id> of `element` with the length given by constant `lengthId`. */
  typeArray(element: number, lengthId: number): number {
    return this.intern(`a${lengthId}x${element}`, () => this.define(Op.TypeArray, undefined, [element, lengthId]));
  }
  /** `key` identifies the struct (`%name` for named structs, the member list for literal ones). */
  typeStruct(key: string, members: readonly number[]): number {
    return this.intern(`s:${key}`, () => this.define(Op.TypeStruct, undefined, members));
  }
  /** The OpTypePointer <id> to `pointee` in `storageClass`. */
  typePointer(storageClass: number, pointee: number): number {
    return this.intern(`p${storageClass}:${pointee}`, () => this.define(Op.TypePointer, undefined, [storageClass, pointee]));
  }

  /** OpConstant with literal words (already laid out per SPIR-V §2.2.1). */
  constant(type: number, literal: readonly number[]): number {
    return this.intern(`c${type}:${literal.join(',')}`, () => this.define(Op.Constant, type, literal));
  }
  /** The OpConstantNull <id> of `type`. */
  constantNull(type: number): number {
    return this.intern(`null${type}`, () => this.define(Op.ConstantNull, type));
  }
  /** The OpUndef <id> of `type` (global, in the types/constants section). */
  undef(type: number): number {
    return this.intern(`undef${type}`, () => this.define(Op.Undef, type));
  }

  /**
   * Defines a function without parameters whose body returns `value` (of type `returnType`):
   * `OpTypeFunction` (interned), `OpFunction None`, `OpLabel`, `OpReturnValue`, `OpFunctionEnd`,
   * in the functions section (after every type, constant and global). Returns the function <id>.
   */
  functionReturning(returnType: number, value: number): number {
    const fnType = this.intern(`fn:${returnType}`, () => this.define(Op.TypeFunction, undefined, [returnType]));
    const fn = this.id();
    const label = this.id();
    this.functions.push(
      { opcode: Op.Function, operands: [returnType, fn, 0, fnType] },
      { opcode: Op.Label, operands: [label] },
      { opcode: Op.ReturnValue, operands: [value] },
      { opcode: Op.FunctionEnd, operands: [] },
    );
    return fn;
  }

  /** The module's instructions in logical-layout order. */
  instructions(): SpirvInstruction[] {
    if (!this.memoryModelIns) throw new EncodeError('a SPIR-V module needs an OpMemoryModel');
    return [
      ...this.capabilities.map((c) => ({ opcode: Op.Capability, operands: [c] })),
      ...this.extensions.map((e) => ({ opcode: Op.Extension, operands: stringWords(e) })),
      this.memoryModelIns,
      ...this.debug,
      ...this.annotations,
      ...this.globals,
      ...this.functions,
    ];
  }

  /** The binary module (little-endian words). */
  encode(): Uint8Array {
    return encodeSpirvModule({ version: this.version, generator: this.generator, bound: this.bound, instructions: this.instructions() });
  }
}
