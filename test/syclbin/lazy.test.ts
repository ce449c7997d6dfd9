/**
 * Lazy reading (issue 4 "Reader"): reading from a path loads headers and metadata with positioned
 * reads and image bytes only when asked for. Checked with the file source's bytesRead counter on
 * files with a large IR module: a sparse 256 MiB bare v1 image laid out by hand, and 32 MiB images in
 * an OffloadBinary v1 envelope and in v2 role entries (written by our writer).
 */
import { expect } from 'chai';
import { closeSync, openSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openFileSource } from '../../src/node/file-source.js';
import { readSyclbin } from '../../src/syclbin/read.js';
import { dumpSyclbin } from '../../src/syclbin/dump.js';
import { writeSyclbin } from '../../src/syclbin/write.js';
import { irTarget, selectImages } from '../../src/syclbin/model.js';
import { handSybiHead, toModel, SPIRV_KERNEL, type Desc } from '../../testdata/syclbin/generate.js';
import { latin1, tempDir } from './support.js';

const IR_MD = '[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=2|wCAAAAAAAAwcwlmc2QTL152au92du1Sdutmbvdnb\n';
const GLOBAL = '[SYCLBIN/global metadata]\nstate=1|2\n';

/** A bare v1 file whose only IR module is `size` zero bytes, written sparse (header + metadata, then truncate). */
export function writeSparseV1(path: string, size: number): void {
  const md = new TextEncoder().encode(GLOBAL + IR_MD);
  const head = handSybiHead({
    md,
    bin: new Uint8Array(0),
    binSize: size,
    global: [0, GLOBAL.length],
    ams: [{ md: [0, 0], ir: [1, 0], native: [0, 0] }],
    irs: [{ md: [GLOBAL.length, IR_MD.length], bytes: [0, size] }],
    natives: [],
  });
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, head);
  } finally {
    closeSync(fd);
  }
  truncateSync(path, head.length + Math.ceil(size / 8) * 8);
}

function bigDesc(version: 1 | 2, size: number): Desc {
  return {
    version,
    global: [['SYCLBIN/global metadata', [['state', 2]]]],
    ams: [
      {
        md: [['SYCL/misc properties', [['optLevel', 2]]]],
        ir: [
          { md: [['SYCLBIN/ir module metadata', [['type', 0], ['target', 'spir64-unknown-unknown']]]], bytes: new Uint8Array(size).fill(0x5a) },
          { md: [['SYCLBIN/ir module metadata', [['type', 1], ['target', 'nvptx64-nvidia-cuda']]]], bytes: SPIRV_KERNEL },
        ],
        native: [],
      },
    ],
  };
}

describe('syclbin lazy reading from a file', () => {
  let t: ReturnType<typeof tempDir>;
  before(() => {
    t = tempDir('syclbin-lazy-');
  });
  after(() => t.cleanup());

  it('dump of a bare v1 file with a 256 MiB IR module reads a few KiB (one small window)', () => {
    const p = join(t.dir, 'big.syclbin');
    writeSparseV1(p, 256 << 20);
    const src = openFileSource('/', p);
    try {
      const text = latin1(dumpSyclbin(readSyclbin(src)));
      expect(text).to.contain(`Raw IR bytes: <Binary blob of ${256 << 20} bytes>`);
      expect(src.bytesRead).to.be.at.most(4096);
    } finally {
      src.close();
    }
  });

  for (const [name, version, opts] of [
    ['v1 in an OffloadBinary v1 envelope', 1, { envelope: 'offload-v1' }],
    ['v1 in the runtime envelope', 1, { envelope: 'runtime' }],
    ['v2 role entries (OffloadBinary v2)', 2, { offloadVersion: 2 }],
    ['v2 role entries (OffloadBinary v3)', 2, { offloadVersion: 3 }],
  ] as const) {
    it(`${name}: dump reads a few KiB of a file with a 32 MiB IR module; selecting one image reads at most it`, () => {
      const size = 32 << 20;
      const p = join(t.dir, 'env.syclbin');
      writeFileSync(p, writeSyclbin(toModel(bigDesc(version, size), version === 1 ? { kind: 'none' } : { kind: 'roles', version: opts.offloadVersion ?? 2, formatVersionKey: true }), opts));
      const src = openFileSource('/', p);
      try {
        const file = readSyclbin(src);
        expect(latin1(dumpSyclbin(file))).to.contain(`Raw IR bytes: <Binary blob of ${size} bytes>`);
        const afterDump = src.bytesRead;
        expect(afterDump).to.be.below(16384);
        const [ptx] = selectImages(file, { irType: 'PTX' });
        expect(ptx && irTarget(ptx.image)).to.equal('nvptx64-nvidia-cuda');
        expect(latin1(ptx!.image.image.bytes())).to.equal(latin1(SPIRV_KERNEL));
        // The small image may already lie in a window read for the metadata; never more than itself.
        expect(src.bytesRead - afterDump).to.be.at.most(SPIRV_KERNEL.length);
        const [big] = selectImages(file, { target: 'spir64-unknown-unknown' });
        expect(big!.image.image.bytes().every((b) => b === 0x5a)).to.equal(true);
      } finally {
        src.close();
      }
    });
  }
});
