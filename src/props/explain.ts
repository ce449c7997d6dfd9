/**
 * Human-readable view of a typed registry (`syclbin props FILE.prop`): one block per set, typed values
 * in words, descriptor lists and default-blob splits as tables, raw bytes in hex.
 */
import type { PropertyValue } from './model.js';
import { isPadding, type TypedProperty, type TypedSet, type TypedValue } from './typed/index.js';
import { appendAll, maxOf } from '../codec/arrays.js';
import { MAX_QUOTED } from '../codec/messages.js';

const MAX_HEX_BYTES = 64;

/** Bytes as `00 11 22`, shortened after MAX_HEX_BYTES. */
export function hexBytes(b: Uint8Array, limit = MAX_HEX_BYTES): string {
  const shown = Array.from(b.subarray(0, limit), (x) => x.toString(16).padStart(2, '0')).join(' ');
  return b.length > limit ? `${shown} ... (${b.length} bytes)` : shown;
}

/** Names may hold control characters or U+DC80+byte escapes of non-UTF-8 bytes: show them as \xNN. */
export function printable(s: string): string {
  // (a low surrogate that ends a pair is part of a character, not an escaped byte)
  return s.replace(/[\u0000-\u001f\u007f]|(?<![\ud800-\udbff])[\udc80-\udcff]/g, (c) => {
    const code = c.charCodeAt(0);
    return `\\x${(code >= 0xdc80 ? code - 0xdc00 : code).toString(16).padStart(2, '0')}`;
  });
}

/**
 * {@link printable} of at most `max` characters of `s`, then `… (N characters)` as clipText says it
 * (src/codec/messages.ts): linear in `max`, not in `s` (a value a file repeats thousands of times is
 * quoted in a message once per place).
 */
export function printableClipped(s: string, max = MAX_QUOTED): string {
  if (s.length <= max) return printable(s);
  // (a cut between the halves of a surrogate pair would leave half a character)
  const cut = s.charCodeAt(max - 1) >= 0xd800 && s.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
  return `${printable(s.slice(0, cut))}… (${s.length} characters)`;
}

/** {@link quotedText} of text.ts, where it lives so that the registry reader's messages can use it. */
export { quotedText } from './text.js';

function rawText(v: PropertyValue): string {
  if (v.type === 1) return `uint32 ${v.value}`;
  const bits = v.bits === BigInt(v.bytes.length) * 8n ? '' : `, ${v.bits} bits`;
  return `bytes [${v.bytes.length}${bits}] ${hexBytes(v.bytes)}`;
}

function table(rows: string[][], indent: string): string[] {
  const widths = rows[0]!.map((_, i) => maxOf(rows.map((r) => r[i]!.length)));
  return rows.map((r) => indent + r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]! + 2))).join('').trimEnd());
}

/**
 * A typed value in words, on one line (what `syclbin props` prints after the key; its tables and
 * hex dumps left out): for displays that show a value per line, such as the web inspector's tree.
 */
export function typedValueSummary(p: TypedProperty): string | undefined {
  return p.typed ? typedLines(p.typed, p).head : undefined;
}

function typedLines(t: TypedValue, p: TypedProperty): { head: string; body: string[] } {
  switch (t.kind) {
    case 'uint32':
      return { head: p.rule?.hex ? `0x${t.value.toString(16)} (${t.value})` : String(t.value), body: [] };
    case 'enum':
      return { head: t.name === undefined ? `${t.value} (unknown)` : `${t.value} (${t.name})`, body: [] };
    case 'string':
      return { head: JSON.stringify(t.text), body: [] };
    case 'u32-array':
      return { head: `[${t.values.join(', ')}]`, body: [] };
    case 'u64-array':
      return { head: `[${t.values.join(', ')}] (u64)`, body: [] };
    case 'aspects':
      return {
        head: t.aspects.length ? t.aspects.map((a) => `${a.name ?? 'unknown'} (${a.value})`).join(', ') : '(none)',
        body: [],
      };
    case 'bitmask':
      return { head: `${t.bits}-bit mask, set: ${t.set.length ? t.set.join(', ') : '(none)'}`, body: [] };
    case 'spec-const-descriptors': {
      const rows = [['#', 'id', 'offset', 'size']];
      t.descriptors.forEach((d, i) => rows.push([String(i), isPadding(d) ? 'padding' : String(d.id), String(d.offset), String(d.size)]));
      return { head: `${t.descriptors.length} descriptor(s)`, body: t.descriptors.length ? table(rows, '      ') : [] };
    }
    case 'spec-const-defaults': {
      const head = `${t.bytes.length} byte(s)`;
      if (!t.constants) return { head, body: [`      ${hexBytes(t.bytes)}`] };
      const rows = [['constant', 'id', 'blob', 'size', 'bytes']];
      for (const c of t.constants) {
        for (const d of c.descriptors) {
          const slice = t.bytes.subarray(Math.max(0, d.blobOffset), Math.max(0, d.blobOffset + d.size));
          const short = slice.length < d.size ? ` (${slice.length} of ${d.size}: the blob ends)` : '';
          rows.push([printable(c.symbolicId), d.padding ? 'padding' : String(d.id), String(d.blobOffset), String(d.size), hexBytes(slice, 16) + short]);
        }
      }
      return { head, body: table(rows, '      ') };
    }
    case 'device-global':
      return {
        head: `size ${t.size}, deviceImageScope ${t.deviceImageScope}${t.layout === 'legacy-u8' ? ' (legacy u32+u8 layout)' : ''}`,
        body: [],
      };
    case 'host-pipe':
      return { head: `size ${t.size}`, body: [] };
  }
}

/** Render typed sets as text (trailing newline included; empty registry -> a note line). */
export function explainRegistry(sets: readonly TypedSet[]): string {
  if (sets.length === 0) return '(empty property set registry)\n';
  const lines: string[] = [];
  for (const s of sets) {
    lines.push(`[${printable(s.name)}]${s.known ? '' : '  (unknown set)'}`);
    for (const p of s.properties) {
      const key = printable(p.key);
      if (p.typed) {
        const { head, body } = typedLines(p.typed, p);
        lines.push(`  ${key}: ${head}`);
        // (a body has a line per descriptor or constant: input-sized, so no spread into push)
        appendAll(lines, body);
      } else {
        lines.push(`  ${key}: ${rawText(p.value)}`);
      }
      for (const pr of p.problems) lines.push(`    ${pr.severity}: ${pr.message}${pr.offset === undefined ? '' : ` (value byte ${pr.offset})`}`);
    }
  }
  return lines.join('\n') + '\n';
}
