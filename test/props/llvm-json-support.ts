/**
 * The `.reg` line format of the harness scripts/fixtures/props-json.cpp (see its header comment):
 * reading it into our model and printing a registry the way the harness prints what LLVM read.
 */
import { PropertySetError } from '../../src/props/errors.js';
import { readLlvmPropertiesJson, writeLlvmPropertiesJson } from '../../src/props/llvm-json.js';
import { byteArray, uint32, type PropertySet, type PropertySetRegistry } from '../../src/props/model.js';
import { decodeText, encodeText } from '../../src/props/text.js';

/** NAME field of a .reg line -> our model's string (bytes via decodeText). */
function unescape(s: string): string {
  const out: number[] = [];
  const raw = new TextEncoder().encode(s);
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] !== 0x5c) {
      out.push(raw[i]!);
      continue;
    }
    const n = String.fromCharCode(raw[++i]!);
    if (n === '\\') out.push(0x5c);
    else if (n === 't') out.push(9);
    else if (n === 'n') out.push(10);
    else if (n === 'x') {
      out.push(parseInt(String.fromCharCode(raw[i + 1]!, raw[i + 2]!), 16));
      i += 2;
    } else throw new Error(`bad escape \\${n}`);
  }
  return decodeText(Uint8Array.from(out));
}

/** How the harness prints a name: backslash and every byte outside 0x20..0x7e as escapes. */
function escape(name: string): string {
  let out = '';
  for (const b of encodeText(name)) out += b === 0x5c ? '\\\\' : b >= 0x20 && b <= 0x7e ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
  return out;
}

/** Like the harness's `parseReg`: a repeated set continues it, a repeated key overwrites. */
export function parseReg(text: string): PropertySetRegistry {
  const reg: PropertySetRegistry = new Map();
  let cur: PropertySet | undefined;
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const f = line.split('\t');
    if (f[0] === 'set' && f.length === 2) {
      const name = unescape(f[1]!);
      cur = reg.get(name) ?? new Map();
      reg.set(name, cur);
    } else if (f[0] === 'u32' && f.length === 3 && cur) cur.set(unescape(f[1]!), uint32(Number(f[2])));
    else if (f[0] === 'bytes' && f.length === 3 && cur) cur.set(unescape(f[1]!), byteArray(Uint8Array.from(f[2]!.match(/../g) ?? [], (h) => parseInt(h, 16))));
    else throw new Error(`bad .reg line ${JSON.stringify(line)}`);
  }
  return reg;
}

/** The harness's `printReg` (sets and keys in the order given); the harness also reads it back as .reg. */
export function printReg(reg: PropertySetRegistry): string {
  let out = '';
  for (const [name, set] of reg) {
    out += `set\t${escape(name)}\n`;
    for (const [key, v] of set) {
      out += v.type === 1 ? `u32\t${escape(key)}\t${v.value}\n` : `bytes\t${escape(key)}\t${Array.from(v.bytes, (b) => b.toString(16).padStart(2, '0')).join('')}\n`;
    }
  }
  return out;
}

/** What the harness prints for `read FILE.json`, computed with our reader and writer. */
export function ourRead(bytes: Uint8Array): string {
  try {
    const { registry } = readLlvmPropertiesJson(bytes);
    return `${printReg(registry)}json\t${new TextDecoder().decode(writeLlvmPropertiesJson(registry).json)}\n`;
  } catch (e) {
    if (e instanceof PropertySetError && e.llvm !== undefined) return `error\t${e.llvm}\n`;
    throw e;
  }
}
