/**
 * One fuzz case through every reader and analysis the library exports (src/index.ts): the SYCLBIN
 * reader and what is built on it (dump, inspect, JSON, write + read back), the OffloadBinary and
 * ELF readers with their listings, annotate (with its tiling check), hexdump, verify, diff against
 * the file the case came from, the property-set registry codec with its typed view, checks,
 * explanation and JSON, and the LLVM IR reader for IR text. Allowed outcomes: success, or the
 * library's typed errors (SyclbinError and its subclasses: DecodeError, SyclbinFormatError,
 * PropertySetError, IrSyntaxError, EncodeError). Anything else is returned as the failure.
 */
import { performance } from 'node:perf_hooks';
import { checkTiling, annotate } from '../../src/hex/annotate.js';
import { hexdump } from '../../src/hex/hexdump.js';
import { verifyAnnotation } from '../../src/hex/verify.js';
import { diffFiles, formatDiff } from '../../src/hex/diff.js';
import { SyclbinError } from '../../src/codec/errors.js';
import { memorySource } from '../../src/codec/source.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { dumpSyclbin } from '../../src/syclbin/dump.js';
import { inspectSyclbin, renderInspect } from '../../src/syclbin/inspect.js';
import { syclbinToJson } from '../../src/syclbin/json.js';
import { writeSyclbin } from '../../src/syclbin/write.js';
import { readOffloadInput } from '../../src/offload/input.js';
import { formatOffloadingText } from '../../src/offload/objdump-text.js';
import { strictOffloadingText } from '../../src/offload/input-text.js';
import { binaryCandidates } from '../../src/offload/extract.js';
import { isThinArchive, thinArchiveSource } from '../../src/containers/thin-archive.js';
import { offloadListJson } from '../../src/offload/list-json.js';
import { readRegistry, writeRegistry } from '../../src/props/registry.js';
import { decodeTypedRegistry } from '../../src/props/typed/index.js';
import { checkTypedSets } from '../../src/props/check.js';
import { explainRegistry } from '../../src/props/explain.js';
import { registryFromJson, registryToJson } from '../../src/props/json.js';
import { parseLlvmIr } from '../../src/lower/llvm-ir/parse/parser.js';
import { printModule } from '../../src/lower/llvm-ir/print.js';
import { lowerIrModule } from '../../src/lower/from-ir/lower-ir.js';
import { emitSpirv } from '../../src/lower/spirv/emit.js';
import { emitLlvmIr } from '../../src/lower/llvm-ir/emit.js';
import { writeLoweredSyclbin } from '../../src/lower/syclbin-output.js';
import { postLink } from '../../src/lower/post-link/driver.js';
import { parsePostLinkArgs } from '../../src/lower/post-link/options.js';
import { nodeCompressor } from '../../src/node/compressors.js';
import { nodeSha256 } from '../../src/node/sha256.js';
import type { FuzzInput } from './generators.js';

/** A step that failed with something other than the library's typed errors. */
export interface StepFailure {
  step: string;
  error: string;
}

/** Hexdump and diff print every row: keep them to inputs of reasonable size. */
const PRINT_LIMIT = 1 << 20;

/**
 * Run every reader on `input`; the first disallowed exception, or undefined. The printers that
 * only format what the readers found (hexdump, diff) run when `print` is set (every fourth case:
 * they cost more than all the readers together). `timings` receives each step's milliseconds.
 */
export function runCase(input: FuzzInput, print = true, timings?: Record<string, number>): StepFailure | undefined {
  const m = input.bytes;
  const read = { maxInflatedSize: input.maxInflatedSize };
  const steps: [string, () => unknown][] = [
    [
      'readSyclbin+dump+inspect+json+write',
      () => {
        const file = readSyclbin(m, read);
        dumpSyclbin(file);
        renderInspect(inspectSyclbin(file));
        syclbinToJson(file, { sha256: nodeSha256 });
        readSyclbin(writeSyclbin(file, { compressor: nodeCompressor }), read);
      },
    ],
    [
      'readOffloadInput+listing',
      () => {
        const r = readOffloadInput(memorySource(m), read);
        formatOffloadingText(r.binaries);
        offloadListJson('fuzz', r.binaries);
      },
    ],
    [
      // --strict: LLVM's own rules (src/offload/llvm-rules.ts) for llvm-objdump and the packer, whose
      // models of binaries this reader refuses may hold images outside them (their reads must fail typed).
      'readOffloadInput --strict (objdump, packer) + thin archive',
      () => {
        const src = isThinArchive(m.subarray(0, 8)) ? thinArchiveSource(memorySource(m), () => memorySource(m.subarray(0, Math.min(m.length, 4096)))).source : memorySource(m);
        strictOffloadingText('fuzz', readOffloadInput(src, { ...read, scan: 'never', llvmRules: true, bundles: true }));
        const packed = readOffloadInput(src, { ...read, scan: 'never', llvmRules: true, peerTool: 'packer' });
        for (const c of binaryCandidates(packed.found.map((f) => f.binary))) if (c.image.size) c.image.slice(0, Math.min(16, c.image.size));
      },
    ],
    [
      // verify = annotate + verifyAnnotation: the annotation is made once for both.
      'annotate+verify+hexdump',
      () => {
        const a = annotate(m, read);
        const bad = checkTiling(a);
        if (bad !== undefined) throw new Error(`annotate spans do not tile the input: ${bad}`);
        verifyAnnotation(m, a);
        if (print && m.length <= PRINT_LIMIT) hexdump(m, a);
      },
    ],
    [
      'diff',
      () => {
        if (print && input.original && m.length <= PRINT_LIMIT) formatDiff(diffFiles(input.original, m));
      },
    ],
    [
      'readRegistry+typed+check+explain+json',
      () => {
        const reg = readRegistry(m);
        const sets = decodeTypedRegistry(reg);
        checkTypedSets(sets);
        explainRegistry(sets);
        registryFromJson(JSON.parse(JSON.stringify(registryToJson(reg))));
        readRegistry(writeRegistry(reg));
      },
    ],
    [
      'parseLlvmIr+print',
      () => {
        if (input.ir) printModule(parseLlvmIr(new TextDecoder().decode(m)));
      },
    ],
    [
      'lowerIrModule+spirv+ir+syclbin',
      () => {
        if (!input.ir) return;
        const r = lowerIrModule(m, { mode: input.irMode ?? 'native', emitProgramMetadata: true });
        if (!print) return;
        emitSpirv(r);
        emitLlvmIr(r);
        writeLoweredSyclbin(r);
      },
    ],
    [
      'postLink',
      () => {
        if (!input.ir || !input.postLinkArgs) return;
        const files = new Map<string, Uint8Array>([['in.ll', m]]);
        postLink(parsePostLinkArgs([...input.postLinkArgs, 'in.ll', '-o', 'out.table']), { read: (p) => files.get(p)!, write: (p, b) => void files.set(p, b) });
      },
    ],
  ];
  for (const [step, f] of steps) {
    const t0 = timings ? performance.now() : 0;
    try {
      f();
    } catch (e) {
      if (e instanceof SyclbinError) continue;
      const err = e as Error;
      return { step, error: `${err?.name ?? typeof e}: ${err?.message ?? String(e)}\n${(err?.stack ?? '').split('\n').slice(1, 8).join('\n')}` };
    } finally {
      if (timings) timings[step] = performance.now() - t0;
    }
  }
  return undefined;
}
