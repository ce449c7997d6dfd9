/**
 * What `syclbin pack` says of a model it is about to write (a manifest someone typed): the checks
 * of `syclbin verify` that need no bytes of a written file. The property sets' problems (the checks
 * of `syclbin props --check`, src/props/check.ts), global metadata without a bundle state (the
 * runtime's error), an IR module whose type does not match its target triple, and an IR module of
 * type 0 (SPIR-V) whose bytes do not start with the SPIR-V magic. Each image is read for its first
 * bytes only. A model read from a file that has these problems is written as it is: they are said,
 * never corrected.
 */
import { formatPath, type PathKey } from '../codec/index.js';
import { IR_TYPE_TRIPLES, SET } from '../../formats/property-sets.js';
import { spirvByteOrder } from '../../formats/spirv.js';
import { checkRegistry } from '../props/check.js';
import type { PropertySetRegistry } from '../props/model.js';
import { GLOBAL_METADATA_SET, irTarget, irTypeValue, type SyclbinFile } from './model.js';

/** One finding of {@link lintSyclbinModel}. */
export interface ModelFinding {
  /** `error`: the runtime refuses it; `warning`: a tool or the runtime trips on it. */
  severity: 'error' | 'warning';
  /** Where in the model (`abstractModules[0].irModules[1].metadata`). */
  path: string;
  /** What is wrong. */
  message: string;
}

/** The problems of `file` a writer can see without writing it (see the module comment). */
export function lintSyclbinModel(file: SyclbinFile): ModelFinding[] {
  const out: ModelFinding[] = [];
  const registry = (keys: readonly PathKey[], reg: PropertySetRegistry): void => {
    for (const d of checkRegistry(reg)) {
      if (d.severity === 'note') continue;
      out.push({ severity: d.severity, path: formatPath([...keys, d.set, ...(d.key === undefined ? [] : [d.key])], d.key === undefined ? 1 : 2), message: d.message });
    }
  };
  registry(['globalMetadata'], file.globalMetadata);
  if (!file.globalMetadata.has(GLOBAL_METADATA_SET)) {
    out.push({ severity: 'error', path: 'globalMetadata', message: `SYCLBIN global metadata missing 'state' (there is no [${SET.SYCLBIN_GLOBAL_METADATA}] set): the runtime refuses the file` });
  }
  file.abstractModules.forEach((am, a) => {
    registry(['abstractModules', a, 'metadata'], am.metadata);
    am.irModules.forEach((ir, j) => {
      const keys: PathKey[] = ['abstractModules', a, 'irModules', j];
      registry([...keys, 'metadata'], ir.metadata);
      const type = irTypeValue(ir);
      const target = irTarget(ir);
      const re = type === undefined ? undefined : IR_TYPE_TRIPLES[type];
      if (re && target !== undefined && !re.test(target)) out.push({ severity: 'warning', path: formatPath([...keys, 'metadata']), message: `IR type ${type} does not match target triple '${target}'` });
      if (type === 0 && ir.image.size > 0 && !spirvByteOrder(ir.image.slice(0, Math.min(4, ir.image.size)))) {
        out.push({ severity: 'warning', path: formatPath([...keys, 'bytes']), message: 'its metadata says type 0, SPIR-V, but its bytes do not start with the SPIR-V magic' });
      }
    });
    am.nativeImages.forEach((n, j) => registry(['abstractModules', a, 'nativeImages', j, 'metadata'], n.metadata));
  });
  return out;
}
