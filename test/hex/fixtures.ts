/**
 * SYCLBIN models and files for the hex tests, written with the project's writers (so every variant
 * the readers know is covered: bare v1 canonical/grouped, v1 in OffloadBinary v1/v2/v3 and the
 * runtime envelope, v2 role entries in OffloadBinary v2/v3, compressed v3).
 */
import { memoryBlob, writeSyclbin, type WriteSyclbinOptions } from '../../src/syclbin/write.js';
import type { SyclbinFile } from '../../src/syclbin/model.js';
import { byteArray, stringProperty, uint32, type PropertySetRegistry, type PropertyValue } from '../../src/props/model.js';
import { nodeCompressor } from '../../src/node/compressors.js';

export function registry(sets: Record<string, Record<string, PropertyValue>>): PropertySetRegistry {
  return new Map(Object.entries(sets).map(([name, props]) => [name, new Map(Object.entries(props))]));
}

const le32 = (...xs: number[]): Uint8Array => {
  const b = new Uint8Array(4 * xs.length);
  const v = new DataView(b.buffer);
  xs.forEach((x, i) => v.setUint32(4 * i, x, true));
  return b;
};

/** One abstract module with spec constants, a device global, one IR module and one native image. */
export function sampleModel(): SyclbinFile {
  return {
    version: 1,
    envelope: { kind: 'none' },
    globalMetadata: registry({ 'SYCLBIN/global metadata': { state: uint32(2) } }),
    abstractModules: [
      {
        metadata: registry({
          'SYCL/specialization constants': { uid_sample____ZL6id_int: byteArray(le32(0, 0, 4)) },
          'SYCL/specialization constants default values': { all: byteArray(le32(42)) },
          'SYCL/device globals': { uid_sample____ZL2dg: byteArray(le32(4, 1)) },
        }),
        irModules: [
          {
            metadata: registry({ 'SYCLBIN/ir module metadata': { type: uint32(0), target: stringProperty('spir64-unknown-unknown') } }),
            image: memoryBlob(Uint8Array.from([0x03, 0x02, 0x23, 0x07, 1, 2, 3, 4, 5])),
          },
        ],
        nativeImages: [
          {
            metadata: registry({
              'SYCLBIN/native device code image metadata': { arch: stringProperty('intel_gpu_pvc'), target: stringProperty('spir64_gen-unknown-unknown') },
            }),
            image: memoryBlob(Uint8Array.from([0xde, 0xad, 0xbe, 0xef, 0x7f])),
          },
        ],
      },
      {
        metadata: registry({}),
        irModules: [
          {
            metadata: registry({ 'SYCLBIN/ir module metadata': { type: uint32(0), target: stringProperty('spir64-unknown-unknown') } }),
            image: memoryBlob(Uint8Array.from([9, 8, 7])),
          },
        ],
        nativeImages: [],
      },
    ],
  };
}

export interface Variant {
  name: string;
  opts: WriteSyclbinOptions;
}

export const VARIANTS: readonly Variant[] = [
  { name: 'v1-canonical', opts: { format: 1, envelope: 'none' } },
  { name: 'v1-grouped', opts: { format: 1, envelope: 'none', layout: 'grouped' } },
  { name: 'v1-offload-v1', opts: { format: 1, envelope: 'offload-v1' } },
  { name: 'v1-offload-v2', opts: { format: 1, envelope: 'offload-v2' } },
  { name: 'v1-offload-v3', opts: { format: 1, envelope: 'offload-v3' } },
  { name: 'v1-runtime', opts: { format: 1, envelope: 'runtime' } },
  { name: 'v1-offload-v3-zlib', opts: { format: 1, envelope: 'offload-v3', compression: 'zlib', compressor: nodeCompressor } },
  { name: 'v2-roles', opts: { format: 2 } },
  { name: 'v2-roles-v3', opts: { format: 2, offloadVersion: 3 } },
  { name: 'v2-roles-v3-zlib', opts: { format: 2, offloadVersion: 3, compression: 'zlib', compressor: nodeCompressor } },
];

export function writeVariant(model: SyclbinFile, v: Variant): Uint8Array {
  return writeSyclbin(model, v.opts);
}
