/**
 * What a device image is, in words, for `inspect` (of an OffloadBinary's entries, an object's bare
 * modules, a SYCLBIN's IR modules and native images): one line from src/containers/identify.ts's
 * {@link ImageInfo}, and the kernels a module declares.
 */
import type { ImageInfo } from '../containers/identify.js';
import { executionModelName } from '../../formats/spirv-enums.js';
import { printable } from '../props/explain.js';
import type { InspectNode } from '../syclbin/inspect.js';

/**
 * The `contents` node of an image: what it is, and the kernels a device module declares (a SPIR-V
 * module's OpEntryPoints with their execution model, a bitcode module's kernel functions).
 */
export function contentsOf(info: ImageInfo): InspectNode {
  const node: InspectNode = { label: 'contents', value: describeImage(info) };
  if (info.kind === 'spirv' && info.entryPoints.length) {
    node.lines = info.entryPoints.map((e) => `entry point: ${executionModelName(e.model)} ${printable(e.name)}`);
    if (info.entryPointsOmitted) node.lines.push(`… and ${info.entryPointsOmitted} more entry points`);
  } else if (info.kind === 'bitcode' && info.kernels?.length) {
    node.lines = info.kernels.map((k) => `kernel: ${printable(k)}`);
    if (info.kernelsOmitted) node.lines.push(`… and ${info.kernelsOmitted} more kernels`);
  }
  return node;
}

/** One line for what an image is. */
export function describeImage(info: ImageInfo): string {
  const problem = info.problem ? ` (${info.problem})` : '';
  switch (info.kind) {
    case 'spirv': {
      const g = info.generator;
      const tool = g.tool ? (g.vendor && !g.tool.startsWith(g.vendor) ? `${g.vendor} ${g.tool}` : g.tool) : `tool ${g.id}`;
      return `SPIR-V ${info.version.major}.${info.version.minor} module (${info.byteOrder === 'le' ? 'little' : 'big'}-endian; generator ${tool}, version ${g.version}; bound ${info.bound})${problem}`;
    }
    case 'bitcode':
      return `LLVM bitcode${info.wrapper ? ' (with the bitcode wrapper header)' : ''}${info.triple !== undefined ? `, triple ${printable(info.triple)}` : ''}${problem}`;
    case 'elf':
      return `ELF ${info.class}-bit ${info.littleEndian ? 'little' : 'big'}-endian, ${info.fileFormat}, e_type ${info.type}${problem}`;
    case 'offload-binary':
      return `a nested OffloadBinary (version ${info.version})${problem}`;
    case 'syclbin':
      return `SYCLBIN (file header version ${info.version}; ${info.abstractModules} abstract module(s), ${info.irModules} IR module(s), ${info.nativeImages} native image(s))${problem}`;
    default:
      // (what is known of it first: a SPIR-V module cut short in its header)
      return info.size ? (info.problem ? `${info.problem} (starts with ${info.magic})` : `unknown data (starts with ${info.magic})`) : 'empty';
  }
}
