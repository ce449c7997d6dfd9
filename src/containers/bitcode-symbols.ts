/**
 * The archive symbols of an LLVM bitcode file: the names `llvm-ar` / LLVM's `writeArchive` (and so
 * `llvm-offload-binary --archive`) list in an archive's symbol table for a bitcode member.
 *
 * Upstream: writeArchive (llvm/lib/Object/ArchiveWriter.cpp) reads a bitcode member as an IRObjectFile,
 * whose symbols are ModuleSymbolTable's: `M->global_values()` — the functions, then the global
 * variables, then the aliases, then the ifuncs, each in module order — followed by the symbols of
 * module-level inline assembly (CollectAsmSymbols, which needs LLVM's assemblers: not done here, such
 * a module gives a `problem`). It keeps a symbol when `isArchiveSymbol`: not SF_FormatSpecific, SF_Global
 * and not SF_Undefined, where ModuleSymbolTable::getSymbolFlags gives
 *  - SF_Undefined to a declaration for the linker: a function without body (`isproto`), a variable
 *    without initializer, anything of available_externally linkage;
 *  - SF_Global to anything not of local (internal, private) linkage;
 *  - SF_FormatSpecific to private linkage, names starting with `llvm.`, and variables in the section
 *    `llvm.metadata`.
 * The name is printed with the data layout's global prefix (Mangler::getNameWithPrefix: `_` for the
 * MachO and Windows-x86 manglings `m:o` / `m:x`, none otherwise); a name starting with `\1` is taken
 * as it is without the `\1`. The `@N` decorations of vectorcall functions (and, under `m:x`, stdcall
 * and fastcall ones) are not computed (a `problem` says so), nor those of aliases of such functions.
 *
 * Module records (llvm/lib/Bitcode/Writer/BitcodeWriter.cpp writeModuleInfo; formats/llvm-bitcode.ts):
 * with MODULE_CODE_VERSION ≥ 2 each global value record starts with its name's offset and size in the
 * STRTAB blob; older bitcode (names in a value symbol table) gives a `problem`.
 *
 * Checked against llvm-offload-binary-22 --archive of the amdgcn bitcode images of clang-22 -fopenmp
 * objects (test/llvm22/interop.test.ts) and against llvm-nm-22 on committed bitcode (test/containers).
 *
 * Portable: no Node APIs.
 */
import { ArgumentError, blobArgument, decodeEscapedUtf8, type BlobRef } from '../codec/index.js';
import { ALIAS_FIELD, BITCODE_BLOCK, FUNCTION_FIELD, GLOBALVAR_FIELD, IFUNC_FIELD, LINKAGE, MODULE_CODE } from '../../formats/llvm-bitcode.js';
import { bitcodeStream, latin1, readStrtabBlock } from './bitcode.js';
import { BitstreamError, BitstreamReader, type BitItem } from './bitstream.js';


/** The MODULE_BLOCK records whose operands {@link moduleFacts} uses. */
const MODULE_RECORDS_READ: ReadonlySet<number> = new Set([MODULE_CODE.VERSION, MODULE_CODE.DATALAYOUT, MODULE_CODE.ASM, MODULE_CODE.SECTIONNAME, MODULE_CODE.GLOBALVAR, MODULE_CODE.FUNCTION, MODULE_CODE.ALIAS, MODULE_CODE.IFUNC]);
/** What {@link bitcodeArchiveSymbols} found. */
export interface BitcodeArchiveSymbols {
  /** The archive symbol names in ModuleSymbolTable order (absent with `problem`). */
  symbols?: string[];
  /** Why the symbols could not be computed as LLVM computes them. */
  problem?: string;
  /**
   * With `problem`: the bitcode is malformed (its stream cannot be followed, no module, names outside
   * the STRTAB), so LLVM cannot read it either: writeArchive warns and leaves the member without
   * symbols. Otherwise the problem is this reader's limit, and LLVM would list symbols.
   */
  invalid?: boolean;
  /**
   * LLVM's own message for it where this reader knows it (BitcodeReader: "Invalid bitcode signature"
   * for a stream whose size is not a multiple of 4 bytes, llvm/lib/Bitcode/Reader/BitcodeReader.cpp
   * `initStream`; checked against llvm-offload-binary-22 --archive).
   */
  llvmMessage?: string;
}

/** Linkage as BitcodeReader's getDecodedLinkage maps the record's number (unknown numbers: external). */
type Linkage = 'external' | 'appending' | 'internal' | 'externalWeak' | 'common' | 'private' | 'availableExternally' | 'weak' | 'linkonce';

function decodedLinkage(n: number): Linkage {
  return LINKAGE[n as keyof typeof LINKAGE] ?? 'external';
}

/** One global value of the module, with what the archive symbol rule needs. */
interface GlobalValueFacts {
  kind: 'function' | 'variable' | 'alias' | 'ifunc';
  nameOffset: number;
  nameSize: number;
  linkage: Linkage;
  declaration: boolean;
  /** SECTIONNAME index + 1 (0: none); variables only. */
  section: number;
  /** Calling convention (functions only). */
  callingConv: number;
}

/**
 * Calling conventions Mangler::getNameWithPrefix decorates (llvm/IR/CallingConv.h): X86_StdCall and
 * X86_FastCall under the Windows-x86 mangling, X86_VectorCall under every mangling.
 */
const CC_STDCALL = 64;
const CC_FASTCALL = 65;
const CC_VECTORCALL = 80;

const FORMAT_SPECIFIC_SECTION = 'llvm.metadata';


/** The mangling mode of a data layout string (`m:X`), or undefined. */
function manglingMode(layout: string): string | undefined {
  for (const part of layout.split('-')) if (part.startsWith('m:')) return part.slice(2);
  return undefined;
}

const KINDS = ['function', 'variable', 'alias', 'ifunc'] as const;
const LINKAGES: readonly Linkage[] = ['external', 'appending', 'internal', 'externalWeak', 'common', 'private', 'availableExternally', 'weak', 'linkonce'];
/** Fields per global value in {@link GlobalTable}. */
const FIELDS = 7;

/**
 * The module's global values, seven 32-bit fields each (kind, linkage, declaration, section,
 * calling convention, name offset and size): a hostile module of many cheap records costs 28 bytes
 * per global here, not a JavaScript object each.
 */
class GlobalTable {
  private data = new Uint32Array(FIELDS * 64);
  length = 0;
  push(g: GlobalValueFacts): void {
    if ((this.length + 1) * FIELDS > this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const d = this.data;
    const at = this.length++ * FIELDS;
    d[at] = KINDS.indexOf(g.kind);
    d[at + 1] = LINKAGES.indexOf(g.linkage);
    d[at + 2] = g.declaration ? 1 : 0;
    // Values past 32 bits are clamped: a name offset there is outside any STRTAB and reported so.
    d[at + 3] = Math.min(g.section, 0xffffffff);
    d[at + 4] = Math.min(g.callingConv, 0xffffffff);
    d[at + 5] = Math.min(g.nameOffset, 0xffffffff);
    d[at + 6] = Math.min(g.nameSize, 0xffffffff);
  }
  *[Symbol.iterator](): Generator<GlobalValueFacts> {
    for (let i = 0; i < this.length; i++) yield this.get(i);
  }
  get(i: number): GlobalValueFacts {
    const d = this.data.subarray(i * FIELDS, i * FIELDS + FIELDS);
    return { kind: KINDS[d[0]!]!, linkage: LINKAGES[d[1]!]!, declaration: d[2] === 1, section: d[3]!, callingConv: d[4]!, nameOffset: d[5]!, nameSize: d[6]! };
  }
}

/**
 * Fewest bits a global value record takes as LLVM writes one (GLOBALVAR through its abbreviation:
 * the id, strtab offset and size, type, flags, initializer, linkage: over 30 bits; FUNCTION
 * unabbreviated, over 100): a cheaper one comes from an abbreviation of literals, not from LLVM.
 */
const MIN_GLOBAL_RECORD_BITS = 24;
/** Characters kept of a string record (data layout, section name): far more than LLVM writes. */
const MAX_STRING = 4096;
/** Section names kept (a global's section index must fall among them). */
const MAX_SECTIONS = 1 << 16;

/** What the module records say, for the views below. */
interface ModuleFacts {
  /** MODULE_BLOCKs read: 0 or 1 (LLVM reads a file of none as a module list that is empty). */
  modules: number;
  globals: GlobalTable;
  sections: string[];
  layout: string;
  asm: boolean;
  /** The STRTAB blob (names). */
  names: Uint8Array;
}

/**
 * Walk the module records of the bitcode in `blob` (raw, `BC C0 DE` first, or behind the bitcode
 * wrapper header): `undefined` when it is not bitcode, `{ problem }` when the stream cannot be
 * followed or is not what this reader knows (several modules, names outside a STRTAB).
 */
function moduleFacts(blob: BlobRef): ModuleFacts | { problem: string; invalid?: boolean; llvmMessage?: string } | undefined {
  const stream = bitcodeStream(blob);
  if (!stream) return stream;
  if ('problem' in stream) return { ...stream, invalid: true };
  const { offset, size } = stream;
  if (size % 4 !== 0) return { problem: `the bitcode is ${size} bytes, not a multiple of 4`, invalid: true, llvmMessage: 'Invalid bitcode signature' };
  const r = new BitstreamReader(blob, offset, size);
  const globals = new GlobalTable();
  const sections: string[] = [];
  let version = 0;
  let layout = '';
  let asm = false;
  let modules = 0;
  let strtab: { offset: number; size: number } | undefined;
  try {
    r.fixed(32);
    // LLVM's getBitcodeFileContents stops looking for modules where no module can fit: when the next
    // top-level item would start within 8 bytes of the end (garbage some tools leave after the stream).
    // Where there is room, the next item must be one: an END_BLOCK at the top level (zero bytes) is
    // its "Malformed block".
    const roomForModule = (): boolean => Math.floor(r.pos / 8) + 8 < size;
    const nextTopLevel = (): BitItem => {
      if (!roomForModule()) return END;
      const item = r.next();
      if (item.kind === 'end') throw new TopLevelEnd();
      return item;
    };
    for (let it = nextTopLevel(); it.kind !== 'end'; it = nextTopLevel()) {
      if (it.kind === 'record') r.record(it, false);
      else if (it.id === BITCODE_BLOCK.MODULE) {
        // A file of several modules (llvm-cat -b) is read by IRObjectFile as all of them; not done here.
        if (++modules > 1) return { problem: `a second MODULE_BLOCK at byte ${r.byteAt(it.at)}: the file holds more than one module` };
        r.enter(it);
        for (let m = r.next(); m.kind !== 'end'; m = r.next()) {
          if (m.kind === 'block') {
            r.skip(m);
            continue;
          }
          const rec = r.record(m, true, MAX_STRING);
          // Records this reader interprets must fit JavaScript numbers; others (a double constant's bits) may not.
          const ops = MODULE_RECORDS_READ.has(rec.code) ? r.usedOps(rec, `MODULE_BLOCK record ${rec.code}`, m.at) : rec.ops;
          switch (rec.code) {
            case MODULE_CODE.VERSION:
              version = ops[0] ?? 0;
              break;
            case MODULE_CODE.DATALAYOUT:
              layout = latin1(ops);
              break;
            case MODULE_CODE.ASM:
              if (ops.length) asm = true;
              break;
            case MODULE_CODE.SECTIONNAME:
              if (sections.length >= MAX_SECTIONS) return { problem: `more than ${MAX_SECTIONS} section names (the next at byte ${r.byteAt(m.at)})` };
              sections.push(latin1(ops));
              break;
            case MODULE_CODE.ALIAS_OLD:
              return { problem: 'an old-style alias record (bitcode before LLVM 3.8)' };
            case MODULE_CODE.GLOBALVAR:
            case MODULE_CODE.FUNCTION:
            case MODULE_CODE.ALIAS:
            case MODULE_CODE.IFUNC: {
              if (version < 2) return { problem: `bitcode version ${version} keeps names in a value symbol table (only STRTAB names, version 2 and later, are read)` };
              if (r.pos - m.at < MIN_GLOBAL_RECORD_BITS) return { problem: `a global value record of ${r.pos - m.at} bits at byte ${r.byteAt(m.at)}: fewer than LLVM writes (an abbreviation of literal operands)` };
              const f = ops.slice(2);
              const g: GlobalValueFacts = { kind: 'variable', nameOffset: ops[0] ?? 0, nameSize: ops[1] ?? 0, linkage: 'external', declaration: false, section: 0, callingConv: 0 };
              if (rec.code === MODULE_CODE.GLOBALVAR) {
                g.linkage = decodedLinkage(f[GLOBALVAR_FIELD.linkage] ?? 0);
                g.declaration = (f[GLOBALVAR_FIELD.initId] ?? 0) === 0;
                g.section = f[GLOBALVAR_FIELD.section] ?? 0;
              } else if (rec.code === MODULE_CODE.FUNCTION) {
                g.kind = 'function';
                g.linkage = decodedLinkage(f[FUNCTION_FIELD.linkage] ?? 0);
                g.declaration = (f[FUNCTION_FIELD.isProto] ?? 0) !== 0;
                g.callingConv = f[FUNCTION_FIELD.callingConv] ?? 0;
              } else if (rec.code === MODULE_CODE.IFUNC) {
                g.kind = 'ifunc';
                g.linkage = decodedLinkage(f[IFUNC_FIELD.linkage] ?? 0);
              } else {
                g.kind = 'alias';
                g.linkage = decodedLinkage(f[ALIAS_FIELD.linkage] ?? 0);
              }
              globals.push(g);
              break;
            }
          }
        }
      } else if (it.id === BITCODE_BLOCK.STRTAB) strtab = readStrtabBlock(r, it) ?? strtab;
      else r.skip(it);
    }
  } catch (e) {
    if (e instanceof TopLevelEnd) return { problem: `an END_BLOCK at the top level of the stream (byte ${r.byteAt()})`, invalid: true, llvmMessage: 'Malformed block' };
    if (!(e instanceof BitstreamError)) throw e;
    return { problem: `bitstream: ${e.message}`, invalid: true };
  }
  if (globals.length && !strtab) return { problem: 'no STRTAB block for the names of the global values', invalid: true };
  const names = strtab ? blob.slice(strtab.offset, strtab.size) : new Uint8Array(0);
  for (const g of globals) {
    if (g.nameOffset > names.length || g.nameSize > names.length - g.nameOffset) return { problem: `a name [${g.nameOffset}, +${g.nameSize}) is outside the ${names.length}-byte STRTAB`, invalid: true };
  }
  return { modules, globals, sections, layout, asm, names };
}

/** The top-level end (no more items). */
const END = { kind: 'end' } as const;

/** An END_BLOCK where LLVM's getBitcodeFileContents expects an item (its "Malformed block"). */
class TopLevelEnd extends Error {}

/**
 * The archive symbols of the bitcode in `blob` (raw, `BC C0 DE` first, or behind the bitcode wrapper
 * header); `undefined` when it is not bitcode. Never throws for bad input: a stream that cannot be
 * followed, or a module whose symbols need more than this reader knows, gives `problem`.
 */
export function bitcodeArchiveSymbols(blob: BlobRef): BitcodeArchiveSymbols | undefined {
  blobArgument(blob, 'bitcodeArchiveSymbols: the blob');
  const facts = moduleFacts(blob);
  if (!facts || 'problem' in facts) return facts;
  // No module: LLVM's IRObjectFile of an empty module list, a symbolic file with no symbols (the
  // archive still gets its symbol table, empty).
  if (!facts.modules) return { symbols: [] };
  const { globals, sections, layout, asm, names } = facts;
  if (asm) return { problem: 'the module has module-level inline assembly, whose symbols only LLVM’s assembler can list' };
  const mode = manglingMode(layout);
  const prefix = mode === 'o' || mode === 'x' ? '_' : '';
  const symbols: string[] = [];
  for (const kind of ['function', 'variable', 'alias', 'ifunc'] as const) {
    for (const g of globals) {
      if (g.kind !== kind) continue;
      const name = decodeEscapedUtf8(names, g.nameOffset, g.nameOffset + g.nameSize);
      const local = g.linkage === 'internal' || g.linkage === 'private';
      const undefinedForLinker = g.declaration || g.linkage === 'availableExternally';
      const formatSpecific = g.linkage === 'private' || name.startsWith('llvm.') || (g.kind === 'variable' && g.section > 0 && sections[g.section - 1] === FORMAT_SPECIFIC_SECTION);
      if (local || undefinedForLinker || formatSpecific) continue;
      if (!name) return { problem: 'an unnamed global value of global linkage (LLVM names it __unnamed_N by its position)' };
      if (name.startsWith('\x01')) {
        symbols.push(name.slice(1));
        continue;
      }
      if (g.kind === 'function' && !name.startsWith('?') && (g.callingConv === CC_VECTORCALL || (mode === 'x' && (g.callingConv === CC_STDCALL || g.callingConv === CC_FASTCALL)))) {
        return { problem: `function ${name}: the '@N' decorations of its calling convention are not computed` };
      }
      symbols.push(mode === 'x' && name.startsWith('?') ? name : prefix + name);
    }
  }
  return { symbols };
}

/**
 * Kernel calling conventions (llvm/IR/CallingConv.h): PTX_Kernel 71, SPIR_KERNEL 76, AMDGPU_KERNEL 91.
 * A device module's kernels are its defined functions of these conventions.
 */
const KERNEL_CALLING_CONVS: ReadonlySet<number> = new Set([71, 76, 91]);

/**
 * The kernels a device bitcode module defines (functions with a body and a kernel calling convention:
 * `spir_kernel`, `ptx_kernel`, `amdgpu_kernel`), in module order, by their IR names, the first `max`
 * of them (the rest `omitted`, counted); `undefined` when `blob` is not bitcode. Never throws for bad
 * input (`problem`).
 */
export function bitcodeKernels(blob: BlobRef, max = Infinity): { kernels?: string[]; omitted?: number; problem?: string } | undefined {
  // (a blob that is none was "blob.slice is not a function"; a max that is no count listed nothing or all)
  blobArgument(blob, 'bitcodeKernels: the blob');
  if (typeof max !== 'number' || Number.isNaN(max) || max < 0 || (max !== Infinity && !Number.isSafeInteger(max))) throw new ArgumentError(`bitcodeKernels: max must be a whole number from 0, or Infinity (got ${typeof max === 'number' ? String(max) : typeof max})`);
  const facts = moduleFacts(blob);
  if (!facts || 'problem' in facts) return facts;
  if (!facts.modules) return { problem: 'no module block' };
  const kernels: string[] = [];
  let omitted = 0;
  for (const g of facts.globals) {
    if (g.kind !== 'function' || g.declaration || !KERNEL_CALLING_CONVS.has(g.callingConv)) continue;
    if (kernels.length < max) kernels.push(decodeEscapedUtf8(facts.names, g.nameOffset, g.nameOffset + g.nameSize));
    else omitted++;
  }
  return omitted ? { kernels, omitted } : { kernels };
}
