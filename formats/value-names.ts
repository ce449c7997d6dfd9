/**
 * Helpers that turn the name tables of formats/ into the `nameOf` functions of enumeration nodes
 * (src/codec/schema.ts `enumeration`): a table of values, and a table of flag bits.
 */

/** The name of a value in `table` (undefined for values it does not name). */
export function named(table: Readonly<Record<number, string>>): (v: number) => string | undefined {
  return (v) => (Object.hasOwn(table, v) ? table[v] : undefined);
}

/** One bit-field inside a flags value that holds a number, not a bit (COFF's section alignment). */
export interface FlagsField {
  /** The bits of the field. */
  readonly mask: bigint;
  /** The name of the field's value (already shifted down), undefined for a value it does not name. */
  readonly name: (value: number) => string | undefined;
}

/**
 * The names of the bits set in a flags value, joined with `|`, in the order of `bits`; a `field`'s
 * value by its name; the bits no name covers as a hex number after them (`SHF_ALLOC|SHF_EXECINSTR`,
 * `SHF_ALLOC|0x10000000`); undefined for 0.
 */
export function flagNames(bits: readonly (readonly [bigint, string])[], fields: readonly FlagsField[] = []): (v: number | bigint) => string | undefined {
  return (v) => {
    let left = BigInt(v);
    if (left === 0n) return undefined;
    const out: string[] = [];
    for (const [bit, name] of bits) {
      if ((left & bit) === 0n) continue;
      out.push(name);
      left &= ~bit;
    }
    for (const f of fields) {
      const raw = left & f.mask;
      if (raw === 0n) continue;
      let shift = 0n;
      while (((f.mask >> shift) & 1n) === 0n) shift++;
      const name = f.name(Number(raw >> shift));
      if (name === undefined) continue;
      out.push(name);
      left &= ~f.mask;
    }
    if (left !== 0n) out.push(`0x${left.toString(16)}`);
    return out.join('|');
  };
}
