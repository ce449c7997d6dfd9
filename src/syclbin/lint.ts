/**
 * What `syclbin pack` says of a model it is about to write (a manifest someone typed): the checks
 * of `syclbin verify` that need no bytes of a written file. The property sets' problems (the checks
 * of `syclbin props --check`, src/props/check.ts), global metadata without a bundle state (the
 * runtime's error), an IR module whose type does not match its target triple, and an IR module of
 * type 0 (SPIR-V) whose bytes do not start with the SPIR-V magic. Each image is read for its first
 * bytes only. A model read from a file that has these problems is written as it is: they are said,
 * never corrected.
 */
import { formatPath, hexText, type PathKey } from '../codec/index.js';
import { IR_TYPE_TRIPLES, SET } from '../../formats/property-sets.js';
import { spirvByteOrder } from '../../formats/spirv.js';
import { checkRegistry } from '../props/check.js';
import type { PropertySetRegistry } from '../props/model.js';
import { GLOBAL_METADATA_SET, irTarget, irTypeValue, type IRModule, type SyclbinFile } from './model.js';

/** One finding of {@link lintSyclbinModel}. */
export interface ModelFinding {
  /** `error`: the runtime refuses it; `warning`: a tool or the runtime trips on it. */
  severity: 'error' | 'warning';
  /** Where in the model (`abstractModules[0].irModules[1].metadata`). */
  path: string;
  /** The same place as keys; the last `named` of them are names from the data (a set, a key). */
  keys: readonly PathKey[];
  /** How many of the last `keys` are property-set and property names (formatPath's `named`). */
  named: number;
  /** What is wrong. */
  message: string;
}

/**
 * An IR module whose type does not match its target triple (type 0 SPIR-V with `spir…`, 1 PTX with
 * `nvptx…`, 2 AMDGCN with `amdgcn…`): the message, or undefined. `syclbin verify` says it at the
 * metadata line, `pack` of the model.
 */
export function irTypeTargetProblem(ir: IRModule): string | undefined {
  const type = irTypeValue(ir);
  const target = irTarget(ir);
  const re = type === undefined ? undefined : IR_TYPE_TRIPLES[type];
  return re && target !== undefined && target !== '' && !re.test(target) ? `IR type ${type} does not match target triple '${target}'` : undefined;
}

/** Global metadata without a `[SYCLBIN/global metadata]` set: the runtime's missing-'state' error (syclbin-format.md §5), or undefined. */
export function globalMetadataSetProblem(globalMetadata: PropertySetRegistry): string | undefined {
  return globalMetadata.has(GLOBAL_METADATA_SET) ? undefined : `SYCLBIN global metadata missing 'state' (there is no [${SET.SYCLBIN_GLOBAL_METADATA}] set)`;
}

/** An image declared SPIR-V or bitcode (`why`: by what) whose first bytes `head` are not: the message. */
export function declaredFormatProblem(why: string, kind: 'spirv' | 'bitcode', head: Uint8Array): string {
  return `${why}, but its bytes are not ${kind === 'spirv' ? 'a SPIR-V module' : 'LLVM bitcode'} (they start with ${hexText(head.subarray(0, 4))})`;
}

/** Why an IR module declares SPIR-V, as {@link declaredFormatProblem} says it. */
export const IR_TYPE_SPIRV_WHY = 'its IR module metadata says type 0, SPIR-V';

/** The problems of `file` a writer can see without writing it (see the module comment). */
export function lintSyclbinModel(file: SyclbinFile): ModelFinding[] {
  const out: ModelFinding[] = [];
  const registry = (keys: readonly PathKey[], reg: PropertySetRegistry): void => {
    for (const d of checkRegistry(reg)) {
      if (d.severity === 'note') continue;
      const at = [...keys, d.set, ...(d.key === undefined ? [] : [d.key])];
      const named = d.key === undefined ? 1 : 2;
      out.push({ severity: d.severity, path: formatPath(at, named), keys: at, named, message: d.message });
    }
  };
  registry(['globalMetadata'], file.globalMetadata);
  const noState = globalMetadataSetProblem(file.globalMetadata);
  if (noState) out.push({ severity: 'error', path: 'globalMetadata', keys: ['globalMetadata'], named: 0, message: `${noState}: the runtime refuses the file` });
  file.abstractModules.forEach((am, a) => {
    registry(['abstractModules', a, 'metadata'], am.metadata);
    am.irModules.forEach((ir, j) => {
      const keys: PathKey[] = ['abstractModules', a, 'irModules', j];
      registry([...keys, 'metadata'], ir.metadata);
      const mismatch = irTypeTargetProblem(ir);
      if (mismatch) out.push({ severity: 'warning', path: formatPath([...keys, 'metadata']), keys: [...keys, 'metadata'], named: 0, message: mismatch });
      if (irTypeValue(ir) === 0 && ir.image.size > 0) {
        const head = ir.image.slice(0, Math.min(4, ir.image.size));
        if (!spirvByteOrder(head)) out.push({ severity: 'warning', path: formatPath([...keys, 'bytes']), keys: [...keys, 'bytes'], named: 0, message: declaredFormatProblem(IR_TYPE_SPIRV_WHY, 'spirv', head) });
      }
    });
    am.nativeImages.forEach((n, j) => registry(['abstractModules', a, 'nativeImages', j, 'metadata'], n.metadata));
  });
  return out;
}
