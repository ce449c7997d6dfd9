/** SHA-256 from node:crypto, as the streaming Hasher the JSON and inspect views take. */
import { createHash } from 'node:crypto';
import type { Hasher } from '../syclbin/json.js';

/** node:crypto SHA-256, fed in windows. */
export const nodeSha256: Hasher = () => {
  const h = createHash('sha256');
  return { update: (w) => void h.update(w), digest: () => h.digest('hex') };
};
