/** Short display values of properties (span values in annotate/hexdump, diff, the inspector). */
import { hexText } from '../codec/index.js';
import type { PropertyValue } from './model.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Short display value of a property: the number, the text, or hex of (the first 32 bytes of) the payload. */
export function propertyDisplay(v: PropertyValue): string | number {
  if (v.type === 1) return v.value;
  try {
    const t = utf8.decode(v.bytes);
    // eslint-disable-next-line no-control-regex
    if (!/[\u0000-\u0008\u000e-\u001f\u007f]/.test(t)) return t;
  } catch {
    /* not UTF-8: hex below */
  }
  const shown = v.bytes.subarray(0, 32);
  return `0x${hexText(shown).replace(/ /g, '')}${v.bytes.length > 32 ? `… (${v.bytes.length} bytes)` : ''}`;
}
