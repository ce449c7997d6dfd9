/** node:crypto SHA-256 (the portable core has its own, src/syclbin/json.ts; this one is faster on large images). */
import { createHash } from 'node:crypto';

/** Hex SHA-256 of bytes. */
export const nodeSha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
