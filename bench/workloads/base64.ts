/**
 * intel/llvm Base64 (src/props/base64.ts: `llvm::Base64` of intel/llvm llvm/lib/Support/Base64.cpp,
 * bits least-significant first, no padding; the encoding of BYTE_ARRAY property values) against
 * Node's native RFC 4648 base64 (`Buffer#toString('base64')`, `Buffer.from(text, 'base64')`, C++ in
 * Node), in-process, library from dist/. Not the same encoding (intel packs bits the other way), the
 * same amount of work: 3 bytes to 4 characters. Our RFC 4648 codec (`encodeStandardBase64`, used by
 * `syclbin json --with-bytes` and upstream LLVM JSON property sets) is listed too.
 * Two shapes: one 1 MiB value, and 10,000 values of 24 bytes (what a property set holds: many small
 * byte arrays, e.g. spec-constant descriptors).
 */
import { count, load, noise, type BenchContext, type Workload } from '../context.js';

/** The base64 workload. */
export const base64: Workload = {
  name: 'base64',
  summary: "intel Base64 (property values) vs Node's native base64 (in-process)",
  async run(ctx: BenchContext) {
    const b64 = await load<typeof import('../../src/props/base64.js')>('src/props/base64');
    const big = noise(ctx.quick ? 64 << 10 : 1 << 20, 7);
    const bigBuf = Buffer.from(big.buffer, big.byteOffset, big.byteLength);
    const nodeText = bigBuf.toString('base64');
    const intelText = b64.encodeBase64(big);
    const intelAscii = b64.encodeBase64Bytes(big);
    const stdAscii = new TextEncoder().encode(nodeText);
    // Round trips (and agreement of our RFC 4648 codec with Node's).
    if (!Buffer.from(b64.decodeBase64(intelText)).equals(bigBuf)) throw new Error('base64: intel round trip');
    if (b64.encodeStandardBase64(big) !== nodeText || !Buffer.from(b64.decodeStandardBase64(stdAscii).bytes).equals(bigBuf)) throw new Error('base64: RFC 4648 disagrees with Node');
    const size = `${(big.length / 1024).toFixed(0)} KiB`;
    ctx.measure({
      id: 'base64-encode',
      title: `encode one ${size} value`,
      baseline: "Node Buffer toString('base64')",
      contenders: [
        { name: "Node Buffer toString('base64')", fn: () => bigBuf.toString('base64') },
        { name: 'intel encodeBase64 (string)', fn: () => b64.encodeBase64(big) },
        { name: 'intel encodeBase64Bytes (ASCII bytes)', fn: () => b64.encodeBase64Bytes(big) },
        { name: 'RFC 4648 encodeStandardBase64', fn: () => b64.encodeStandardBase64(big) },
      ],
    });
    ctx.measure({
      id: 'base64-decode',
      title: `decode one ${size} value`,
      baseline: "Node Buffer.from(text, 'base64')",
      contenders: [
        { name: "Node Buffer.from(text, 'base64')", fn: () => Buffer.from(nodeText, 'base64') },
        { name: 'intel decodeBase64 (string)', fn: () => b64.decodeBase64(intelText) },
        { name: 'intel decodeBase64 (ASCII bytes)', fn: () => b64.decodeBase64(intelAscii) },
        { name: 'RFC 4648 decodeStandardBase64', fn: () => b64.decodeStandardBase64(stdAscii) },
      ],
    });
    const n = ctx.quick ? 1_000 : 10_000;
    const small = Array.from({ length: n }, (_, i) => noise(24, i + 1));
    const smallBufs = small.map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength));
    const smallNode = smallBufs.map((b) => b.toString('base64'));
    const smallIntel = small.map((v) => b64.encodeBase64(v));
    ctx.measure({
      id: 'base64-small',
      title: `encode / decode ${count(n)} values of 24 bytes (time for all of them)`,
      baseline: 'Node encode',
      contenders: [
        { name: 'Node encode', fn: () => smallBufs.map((b) => b.toString('base64')) },
        { name: 'intel encode', fn: () => small.map((v) => b64.encodeBase64(v)) },
        { name: 'Node decode', fn: () => smallNode.map((t) => Buffer.from(t, 'base64')), compareTo: 'Node decode' },
        { name: 'intel decode', fn: () => smallIntel.map((t) => b64.decodeBase64(t)), compareTo: 'Node decode' },
      ],
    });
  },
};
