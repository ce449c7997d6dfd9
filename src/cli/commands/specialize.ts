/**
 * `syclbin specialize FILE.syclbin --set NAME=VALUE…`: the SYCL runtime's view of an abstract
 * module's spec constants (src/lower/runtime.ts `specialize`, spec lowering.md §1.E).
 */
import { defineCommand, EXIT } from '../command.js';
import { CommandFailure, FileFailure, UsageError } from '../errors.js';
import { maxInflatedSizeOption, opt, outputOptions } from '../options.js';
import { readSyclbinInput } from '../syclbin-input.js';
import { SyclbinError } from '../../codec/errors.js';
import { clipText } from '../../codec/messages.js';
import { hexBytes } from '../../lower/report.js';
import { readSpecConstantDescriptors, specialize } from '../../lower/runtime.js';
import { decimalToFpBits, isDecimalText } from '../../lower/values.js';
import type { PropertySetRegistry } from '../../props/model.js';
import { SPEC_CONST_PADDING_ID } from '../../../formats/property-records.js';

/**
 * A --set value that is well written but does not suit its constant (its width comes from the file):
 * input trouble, status 1, as a name the module lacks (a VALUE written wrong is a usage error, 2).
 */
export class SetValueMismatch extends Error {}

/**
 * VALUE forms (the SYCLBIN carries no types, only descriptors):
 *   x:<hex>     raw bytes of the host object (e.g. x:2a000000)
 *   i:<int>     integer, little-endian, as wide as the constant (its last descriptor's end)
 *   f:<number>  half/float/double by that width (2/4/8), correctly rounded from the decimal
 *               (or inf/infinity/nan with an optional sign, any case, as strtod reads them)
 */
export function parseSetValue(text: string, width: number, name: string): Uint8Array {
  const m = /^([xif]):(.*)$/s.exec(text);
  if (!m) throw new UsageError(`--set ${clipText(`${name}=${text}`)}: VALUE must be x:<hex bytes>, i:<integer> or f:<number>`);
  const [, kind, body] = m as unknown as [string, string, string];
  if (kind === 'x') {
    const bad = /[^0-9A-Fa-f]/.exec(body);
    if (bad) throw new UsageError(`--set ${clipText(name)}: x:${clipText(body)}: '${bad[0]}' is not a hex digit (x: takes two hex digits per byte)`);
    if (body.length % 2) throw new UsageError(`--set ${clipText(name)}: x: needs an even number of hex digits (two per byte), not ${body.length}`);
    return Uint8Array.from(body.match(/../g) ?? [], (h) => parseInt(h, 16));
  }
  // The VALUE's own syntax first (a usage error whatever the constant), then whether it suits the constant.
  if (kind === 'i' && !/^[+-]?[0-9]+$/.test(body)) throw new UsageError(`--set ${clipText(name)}: i: needs a decimal integer`);
  if (kind === 'f' && /\s/.test(body)) throw new UsageError(`--set ${clipText(name)}: f: needs a decimal number without blanks, not '${clipText(body)}'`);
  if (kind === 'f' && !/^[+-]?(inf|infinity|nan)$/i.test(body) && !isDecimalText(body)) {
    throw new UsageError(`--set ${clipText(name)}: f: needs a decimal number (or inf, -inf, nan), not '${clipText(body)}'; x:<hex> gives any bits`);
  }
  if (![1, 2, 4, 8].includes(width) && kind === 'i') throw new SetValueMismatch(`--set ${clipText(name)}: the constant is ${width} bytes wide; use x:<hex>`);
  let v: bigint;
  if (kind === 'i') {
    v = BigInt(body);
    const bits = BigInt(width * 8);
    if (v >= 1n << bits || v < -(1n << (bits - 1n))) throw new SetValueMismatch(`--set ${clipText(name)}: ${clipText(body)} does not fit in ${width} byte(s)`);
    v = BigInt.asUintN(width * 8, v);
  } else {
    const fmt = width === 2 ? 'half' : width === 4 ? 'float' : width === 8 ? 'double' : undefined;
    if (!fmt) throw new SetValueMismatch(`--set ${clipText(name)}: the constant is ${width} bytes wide, not a half/float/double; use x:<hex>`);
    let b: bigint | undefined;
    // A decimal number, or inf/infinity/nan with an optional sign (any case, as strtod reads them);
    // nothing else (no JavaScript hex or binary literals, no blanks): x: gives any other bits.
    const special = /^([+-]?)(inf|infinity|nan)$/i.exec(body);
    if (/\s/.test(body)) throw new UsageError(`--set ${clipText(name)}: f: needs a decimal number without blanks, not '${clipText(body)}'`);
    if (special) {
      const neg = special[1] === '-';
      const nan = special[2]!.toLowerCase() === 'nan';
      b = nan ? FP_QUIET_NAN[fmt] : FP_INFINITY[fmt] | (neg ? FP_SIGN[fmt] : 0n);
      if (nan && neg) b |= FP_SIGN[fmt];
    } else {
      try {
        b = decimalToFpBits(body, fmt);
      } catch {
        throw new UsageError(`--set ${clipText(name)}: f: needs a decimal number (or inf, -inf, nan), not '${clipText(body)}'; x:<hex> gives any bits`);
      }
    }
    if (b === undefined) throw new SetValueMismatch(`--set ${clipText(name)}: ${clipText(body)} is out of range for ${fmt}`);
    // A number too small for the format rounds to zero, as one too large would round to infinity,
    // which is refused: so is this (strtod says ERANGE for both), rather than setting 0 unsaid.
    if (!special && (b & ~FP_SIGN[fmt]) === 0n && /[1-9]/.test(body.replace(/[eE].*$/, ''))) {
      throw new SetValueMismatch(`--set ${clipText(name)}: ${clipText(body)} is too small for ${fmt}: it rounds to zero (write 0 for zero, or x:<hex> for other bits)`);
    }
    v = b;
  }
  const out = new Uint8Array(width);
  for (let i = 0; i < width; i++) out[i] = Number((v >> BigInt(8 * i)) & 0xffn);
  return out;
}

/** IEEE bits of +infinity, a quiet NaN and the sign, by format. */
const FP_INFINITY = { half: 0x7c00n, float: 0x7f800000n, double: 0x7ff0000000000000n } as const;
const FP_QUIET_NAN = { half: 0x7e00n, float: 0x7fc00000n, double: 0x7ff8000000000000n } as const;
const FP_SIGN = { half: 0x8000n, float: 0x80000000n, double: 0x8000000000000000n } as const;

/** `format` of the `syclbin specialize --json` document (schemas/specialize.schema.json). */
export const SPECIALIZE_JSON_FORMAT = 'syclbin-specialize';
/** `version` of that document: raised when a field changes meaning or goes away. */
export const SPECIALIZE_JSON_VERSION = 1;

/** `syclbin specialize`: Show the spec-constant blob and SpecId writes the SYCL runtime makes for given values. */
export const command = defineCommand({
  name: 'specialize',
  summary: 'Show the spec-constant blob and SpecId writes the SYCL runtime makes for given values',
  usage: 'specialize FILE.syclbin [--module N] [--set NAME=VALUE]... [--json] [-o FILE]',
  description: `
Reads the [SYCL/specialization constants] and [SYCL/specialization constants default values] sets
of abstract module N (default 0), places every constant in the default blob as the SYCL runtime does
(descriptor walk, padding descriptors skipped), applies the --set values and prints the resulting
blob and the (SpecID, size, bytes) writes a native (SPIR-V JIT) build issues, in the runtime's order
(symbolic IDs sorted bytewise; a leaf whose value equals its default is not written, and without a
default-values set the blob starts as zeros, as in the runtime). Emulated constants use the blob itself as the kernel argument.

VALUE: x:<hex> raw bytes of the host object (sizeof(T), struct padding included), i:<integer>
(little-endian, as wide as the constant), f:<number> (half/float/double by the constant's width: a
decimal number, correctly rounded, or inf, -inf, nan; one too large or, not zero, too small for the
format is refused).

Exit status 1 also when a --set names no spec constant of the module or its value does not suit the
constant (a width the file gives: wrong number of bytes, an integer too large, a number the float
cannot hold, no float that wide);
2 when NAME=VALUE itself is written wrong (no x:, i: or f:, a bad hex digit, an odd digit count).`,
  options: {
    set: opt.list('NAME=VALUE', 'Value of a spec constant (x:<hex>, i:<int>, f:<number>); repeatable'),
    module: opt.int('N', 'Abstract module index', { default: 0 }),
    json: opt.flag('Print JSON (schemas/specialize.schema.json) instead of text'),
    'max-inflated-size': maxInflatedSizeOption(),
    ...outputOptions(),
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin specialize app.syclbin', 'syclbin specialize app.syclbin --set uid1234____ZL6id_int=i:7 --set uid1234____ZL4id_A=x:010000000000404000008040'],
  async run(ctx) {
    const file = ctx.file;
    const mod = ctx.opts.module!;
    const f = (await readSyclbinInput(ctx, file, { maxInflatedSize: ctx.opts['max-inflated-size'] })).file;
    const am = f.abstractModules[mod];
    if (!am) throw new CommandFailure(`${ctx.prog}: error: ${file}: no abstract module ${mod} (the file has ${f.abstractModules.length})`);
    const registry: PropertySetRegistry = am.metadata;
    const modText = String(mod);
    try {
      // Per constant: `need`, where its registered descriptors end (what a value must cover), and
      // `size`, where all of them end, padding included (sizeof(T) of the host object). A loop, not
      // a spread: the descriptor count comes from the file.
      const widths = new Map<string, { need: number; size: number }>();
      for (const p of readSpecConstantDescriptors(registry)) {
        let need = 0;
        let size = 0;
        for (const d of p.descriptors) {
          size = Math.max(size, d.offset + d.size);
          if (d.id !== SPEC_CONST_PADDING_ID) need = Math.max(need, d.offset + d.size);
        }
        widths.set(p.name, { need, size });
      }
      const values = new Map<string, Uint8Array>();
      const given = new Map<string, number>();
      for (const s of ctx.opts.set) {
        const eq = s.indexOf('=');
        if (eq <= 0) throw new UsageError(`--set needs NAME=VALUE, got '${clipText(s)}'`);
        const name = s.slice(0, eq);
        const width = widths.get(name);
        if (width === undefined) {
          // The name is checked against the file, not the command line: input trouble (status 1), with what there is.
          const known = [...widths.keys()];
          const have = known.length ? `it has ${known.slice(0, 20).map((k) => clipText(k)).join(', ')}${known.length > 20 ? `, … (${known.length} in all)` : ''}` : 'it has none';
          throw new CommandFailure(`${ctx.prog}: error: --set ${clipText(name)}: no such spec constant in abstract module ${modText} (${have})`);
        }
        const value = parseSetValue(s.slice(eq + 1), width.need, name);
        if (value.length < width.need || value.length > width.size) {
          const want = width.need === width.size ? `${width.size}` : `${width.need} to ${width.size}`;
          throw new SetValueMismatch(`--set ${clipText(name)}: the value has ${value.length} byte(s); the constant takes ${want} (sizeof the host object${width.need === width.size ? '' : ', with or without its trailing padding'})`);
        }
        // (a later --set of a name wins, as a later option does; said once per name, below, for it may be a typo of another name)
        given.set(name, (given.get(name) ?? 0) + 1);
        values.set(name, value);
      }
      for (const [name, n] of given) if (n > 1) ctx.io.stderr.write(`${ctx.prog}: note: --set ${clipText(name)} is given ${n} times: the last value is used\n`);
      const r = specialize(registry, values);
      for (const n of r.notes) ctx.io.stderr.write(`${ctx.prog}: ${file}: note: ${n}\n`);
      if (ctx.opts.json) {
        ctx.files.write(
          ctx.opts.output,
          JSON.stringify(
            {
              format: SPECIALIZE_JSON_FORMAT,
              version: SPECIALIZE_JSON_VERSION,
              module: mod,
              blob: hexBytes(r.blob),
              constants: r.constants.map((c) => ({ name: c.name, blobOffset: c.blobOffset, blobSize: c.blobSize, descriptors: c.registered })),
              writes: r.writes.map((w) => ({ name: w.name, specId: w.specId, size: w.size, bytes: hexBytes(w.bytes) })),
            },
            null,
            2,
          ) + '\n',
        );
      } else {
        const lines = [`Blob (${r.blob.length} bytes): ${hexBytes(r.blob)}`];
        for (const c of r.constants) {
          lines.push(`${c.name}: blob offset ${c.blobOffset}, ${c.blobSize} bytes`);
          for (const d of c.registered) lines.push(`  SpecID ${d.id}: value offset ${d.offset}, size ${d.size}, blob offset ${d.blobOffset}`);
        }
        lines.push(`Writes (${r.writes.length}):`);
        for (const w of r.writes) lines.push(`  SpecID ${w.specId} size ${w.size}: ${hexBytes(w.bytes)}   (${w.name})`);
        ctx.files.write(ctx.opts.output, lines.join('\n') + '\n');
      }
      return EXIT.OK;
    } catch (e) {
      if (e instanceof SyclbinError) throw new FileFailure(file, e);
      if (e instanceof SetValueMismatch) throw new CommandFailure(`${ctx.prog}: error: ${e.message}`);
      throw e;
    }
  },
});
