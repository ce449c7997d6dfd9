/**
 * Typed command-line options. Each command declares its options with these constructors; the
 * dispatcher parses the command line (node:util parseArgs, strict), then each option's `parse` turns
 * the raw text into its typed value or a usage error (exit 2). Byte counts, kinds and outputs are
 * parsed here once, so `--max-inflated-size 64M` means the same thing to every command.
 */
import { UsageError } from './errors.js';
import { DEFAULT_LLVM_ERA, LLVM_ERAS_ORDER, type LlvmEra } from '../../formats/eras.js';
import { ElfIdent } from '../../formats/elf.js';
import { AR_MAGIC, AR_THIN_MAGIC } from '../../formats/ar.js';
import { DEFAULT_MAX_SPANS, hasMagic } from '../codec/index.js';

/** One option: how it looks on the command line and how its value is parsed. */
export interface Opt<T> {
  /** A flag (`boolean`) or an option that takes a value (`string`). */
  readonly type: 'boolean' | 'string';
  /** The option may be repeated; its values are collected. */
  readonly multiple?: boolean;
  /** One-letter alias (`o` for `-o`). */
  readonly short?: string;
  /** Placeholder shown in help, e.g. `FILE`. */
  readonly arg?: string;
  /** Help text. */
  readonly description: string;
  /** Default shown in help. */
  readonly defaultText?: string;
  /** Raw value (string, string[], boolean or undefined) to typed value; UsageError when malformed. */
  parse(raw: unknown, flag: string): T;
}

/** The typed values of a command's options. */
export type OptValues<O> = { [K in keyof O]: O[K] extends Opt<infer T> ? T : never };

/** Parse a byte count: decimal digits with an optional K/M/G (KiB/MiB/GiB) suffix. */
export function parseByteCount(text: string, flag: string): number {
  const m = /^(\d+)([KMG]?)$/i.exec(text.trim());
  if (!m) throw new UsageError(`${flag} must be a byte count such as 1048576 or 64M (got '${text}')`);
  const mult = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[m[2]!.toUpperCase() as '' | 'K' | 'M' | 'G'];
  const n = Number(m[1]) * mult;
  if (!Number.isSafeInteger(n)) throw new UsageError(`${flag} ${text} is too large`);
  return n;
}

interface Common {
  short?: string;
}

/** A string-valued option: its help fields and how the raw text (or its absence) becomes T. */
function valued<T>(arg: string, description: string, o: Common & { defaultText?: string }, parse: (raw: unknown, flag: string) => T, multiple = false): Opt<T> {
  return {
    type: 'string',
    arg,
    description,
    ...(multiple ? { multiple } : {}),
    ...(o.short ? { short: o.short } : {}),
    ...(o.defaultText !== undefined ? { defaultText: o.defaultText } : {}),
    parse,
  };
}

/** Option constructors. */
export const opt = {
  /** A switch. */
  flag(description: string, o: Common = {}): Opt<boolean> {
    return { type: 'boolean', description, ...o, parse: (raw) => raw === true };
  },
  /** A string (undefined when absent, or the default). */
  string<D extends string | undefined = undefined>(arg: string, description: string, o: Common & { default?: D } = {}): Opt<D extends string ? string : string | undefined> {
    return valued(arg, description, { ...o, defaultText: o.default }, (raw) => (typeof raw === 'string' ? raw : o.default) as never);
  },
  /** A repeatable string option (in command-line order). */
  list(arg: string, description: string, o: Common = {}): Opt<string[]> {
    return valued(arg, description, o, (raw) => (Array.isArray(raw) ? (raw as string[]) : []), true);
  },
  /** A byte count (`64M`). */
  bytes(arg: string, description: string, o: Common & { default?: number; defaultText?: string; min?: number } = {}): Opt<number | undefined> {
    return valued(arg, description, o, (raw, flag) => {
      if (typeof raw !== 'string') return o.default;
      const n = parseByteCount(raw, flag);
      if (o.min !== undefined && n < o.min) throw new UsageError(`${flag} must be at least ${o.min} byte${o.min === 1 ? '' : 's'} (got '${raw}')`);
      return n;
    });
  },
  /** A non-negative integer in [min, max]. */
  int(arg: string, description: string, o: Common & { min?: number; max?: number; default?: number } = {}): Opt<number | undefined> {
    const min = o.min ?? 0;
    const max = o.max ?? Number.MAX_SAFE_INTEGER;
    return valued(arg, description, { ...o, defaultText: o.default === undefined ? undefined : String(o.default) }, (raw, flag) => {
      if (typeof raw !== 'string') return o.default;
      const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be an integer from ${min} to ${max} (got '${raw}')`);
      return n;
    });
  },
  /** One of a few names. */
  choice<const C extends string, D extends C | undefined = undefined>(values: readonly C[], arg: string, description: string, o: Common & { default?: D } = {}): Opt<D extends C ? C : C | undefined> {
    return valued(arg, description, { ...o, defaultText: o.default }, (raw, flag) => {
      if (typeof raw !== 'string') return o.default as never;
      if (!(values as readonly string[]).includes(raw)) throw new UsageError(`${flag} must be ${values.join(', ').replace(/, ([^,]*)$/, ' or $1')} (got '${raw}')`);
      return raw as never;
    });
  },
  /** An output file (`-` = standard output; written atomically, never over an input without --force). */
  output<D extends string | undefined = undefined>(description: string, o: Common & { arg?: string; default?: D; emptyIsNone?: boolean } = {}): Opt<D extends string ? string : string | undefined> {
    return valued(o.arg ?? 'FILE', description, { ...o, defaultText: o.default }, (raw, flag) => {
      // emptyIsNone: `-o ''` is no output, as LLVM's packers read an empty OutputFile (a drop-in's rule).
      if (raw === '' && o.emptyIsNone) return undefined as never;
      if (raw === '') throw new UsageError(`${flag} needs a file name ('-' for standard output)`);
      return (typeof raw === 'string' ? raw : o.default) as never;
    });
  },
  /**
   * An output folder (created when missing). `-` is refused: standard output cannot hold files, and
   * a folder named `-` is written `./-`.
   */
  outputDir(description: string, o: Common = {}): Opt<string | undefined> {
    return valued('DIR', description, o, (raw, flag) => {
      if (raw === '') throw new UsageError(`${flag} needs a folder name`);
      if (raw === '-') throw new UsageError(`${flag} names a folder, and '-' (standard output) cannot hold files; write ./- for a folder named '-'`);
      return typeof raw === 'string' ? raw : undefined;
    });
  },
};

/** `-o FILE` (default standard output) and `--force`: the output options of a command that prints one result. */
export const outputOptions = () => ({
  output: opt.output("Write to FILE (atomically) instead of standard output ('-' = stdout)", { short: 'o', default: '-' }),
  force: opt.flag('Allow -o to replace an input'),
});

/** The decompression cap every command that reads OffloadBinaries takes. */
export const maxInflatedSizeOption = (): Opt<number | undefined> =>
  // A cap of 0 would refuse every compressed payload (each holds at least a header): a mistake, said at once.
  opt.bytes('BYTES', 'Cap on the decompressed size of compressed OffloadBinary v3 payloads, each and, in objects and archives, all of a file together (K/M/G suffixes)', { defaultText: '1G', min: 1 });

/** `n` with its thousands grouped by commas (2,000,000), without Intl: loading a locale costs a command's start-up 17 ms. */
function groupedDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** `--max-spans N`: the most spans a command that explains every byte builds (src/hex/annotate.ts AnnotateOptions.maxSpans). */
export const maxSpansOption = (): Opt<number | undefined> =>
  opt.int('N', `Explain the file with at most N spans (structures); past them the reading ends in a limit error at the structure that did not fit (default ${groupedDigits(DEFAULT_MAX_SPANS)}; each span and its tree node take memory)`, { min: 1 });

/** `--inflated`: explain a compressed OffloadBinary v3 from the inside (src/hex/annotate.ts annotateInflated). */
export const inflatedOption = (): Opt<boolean> =>
  opt.flag('Compressed OffloadBinary v3: show its header and inflated payload (offsets are into that inflated space)');

/**
 * `--llvm 19|22|main`: whose conventions the offload commands follow (formats/eras.ts). The default is
 * LLVM 22, the newest release Debian ships.
 */
export const llvmEraOption = (matches: string): Opt<LlvmEra> => {
  const choice = opt.choice(LLVM_ERAS_ORDER, '19|22|main', `Follow LLVM 19, 22 or upstream main: ${matches}`, { default: DEFAULT_LLVM_ERA });
  return {
    ...choice,
    parse: (raw, flag) => {
      // The releases between those checked here: which one numbers kinds as they do, said, not guessed.
      const between = typeof raw === 'string' ? BETWEEN_ERAS[raw] : undefined;
      if (between) throw new UsageError(`${flag} must be ${LLVM_ERAS_ORDER.join(', ').replace(/, ([^,]*)$/, ' or $1')} (got '${raw}'): ${between}`);
      return choice.parse(raw, flag);
    },
  };
};

/** What to give `--llvm` for the LLVM releases whose tools were not checked here (kinds: llvm-project #135809, in LLVM 21). */
const BETWEEN_ERAS: Readonly<Record<string, string>> = {
  '20': "LLVM 20 numbers offload kinds as 19 does (sequential, hip 3): '--llvm 19' follows that numbering; its tools' exact text was not checked here",
  '21': "LLVM 21 numbers offload kinds as 22 does (bitmask, hip 4, sycl 8; llvm-project #135809): '--llvm 22' follows that numbering; its tools' exact text was not checked here",
};

/** `--by-name` and `--section NAME`: which sections of an ELF object hold OffloadBinaries (src/offload/elf.ts). */
export const sectionOptions = () => ({
  'by-name': opt.flag('ELF input: also read sections named .llvm.offloading whose type is not SHT_LLVM_OFFLOADING'),
  section: opt.list('NAME', 'ELF input: also read sections of this name (e.g. .cray.llvm.offloading), whatever their type (repeatable)'),
});

/**
 * The note for `--section` / `--by-name` given with an input they cannot apply to (not an ELF
 * object, nor an archive that may hold some): said rather than silently ignored. Undefined when
 * neither is given or the input may have ELF sections. `head`: the input's first 8 bytes.
 */
export function sectionOptionsNote(opts: { 'by-name': boolean; section: string[] }, head: Uint8Array): string | undefined {
  if (!opts.section.length && !opts['by-name']) return undefined;
  if (hasMagic(ElfIdent.fields.magic, head) || [AR_MAGIC, AR_THIN_MAGIC].some((m) => m.every((b, i) => head[i] === b))) return undefined;
  return `${opts.section.length ? '--section' : '--by-name'} applies to ELF objects (and archives of them); this input is not one, so it changes nothing`;
}

/** The reader options of sectionOptions: named sections are read whatever their type. */
export function sectionChoice(opts: { 'by-name': boolean; section: string[] }): { byName: boolean; sectionNames?: string[] } {
  if (!opts.section.length) return { byName: opts['by-name'] };
  return { byName: true, sectionNames: ['.llvm.offloading', ...opts.section] };
}

/** An option as node:util parseArgs reports it with `tokens: true`. */
export interface OptionToken {
  /** `option` for an option; other kinds (`positional`, `option-terminator`) are passed over. */
  readonly kind: string;
  /** The option's long name. */
  readonly name?: string;
  /** How it was spelled (`-o`, `--output`). */
  readonly rawName?: string;
  /** Its value (undefined for a flag). */
  readonly value?: string | undefined;
}

/**
 * The usage error for an option that takes one value given more than once (`--range A:B --range
 * C:D`): parseArgs would keep the last silently. Options declared repeatable (`multiple`, whose help
 * says "(repeatable)") collect their values; a flag given twice means what it means once.
 * Undefined when no such option repeats.
 */
export function repeatedOptionMessage(tokens: readonly OptionToken[], options: Readonly<Record<string, Opt<unknown>>>): string | undefined {
  const first = new Map<string, OptionToken>();
  for (const t of tokens) {
    if (t.kind !== 'option' || t.name === undefined) continue;
    const o = options[t.name];
    if (!o || o.multiple || o.type !== 'string') continue;
    const before = first.get(t.name);
    if (!before) {
      first.set(t.name, t);
      continue;
    }
    const spelled = before.rawName === t.rawName ? `'${t.rawName}'` : `'${before.rawName}' and '${t.rawName}'`;
    return `${spelled} given more than once ('${before.value ?? ''}', then '${t.value ?? ''}'): --${t.name} takes one value`;
  }
  return undefined;
}
