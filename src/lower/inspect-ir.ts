/**
 * LLVM IR text explained for `syclbin inspect`: the module (source file, triple, data layout), its
 * functions and kernels, and what sycl-post-link writes for it: the property sets of its spec
 * constants and device globals, as `syclbin lower FILE.ll --props-out` lowers them (src/lower; a
 * construct the lowering refuses is said on a line, the rest of the module is still explained).
 * In the lowering layer (it runs the lowering), apart from src/inspect/input.ts, so that inspecting
 * a binary does not load the IR reader.
 *
 * Portable: no Node APIs.
 */
import { decodeLatin1, utf8FromLatin1, optionsArgument, type BytesLike } from '../codec/index.js';
import { someOf } from '../codec/messages.js';
import { unescapeLlvm } from './llvm-ir/parse/lexer.js';
import { EMBEDDED_OBJECTS_METADATA, EMBEDDED_OFFLOADING_SECTION } from '../containers/bitcode.js';
import { parseLlvmIr } from './llvm-ir/parse/parser.js';
import { manifestFromIr } from './from-ir/lower-ir.js';
import { atIrEntry } from './from-ir/ir-entries.js';
import { lowerManifest } from './lower.js';
import { isKernel } from './post-link/split.js';
import { SyclbinError } from '../codec/errors.js';
import { IrSyntaxError } from './llvm-ir/parse/errors.js';
import { decodeTypedRegistry } from '../props/typed/index.js';
import { explainRegistry, printable } from '../props/explain.js';
import type { InspectNode } from '../syclbin/inspect.js';
import { toTextBytes } from '../codec/source.js';

// (how IR text is told from other files: src/containers/ir-text.ts, which binary readers load too)
export { IR_HEAD, looksLikeIrText } from '../containers/ir-text.js';

/** Options of {@link inspectIrText}. */
export interface InspectIrOptions {
  /** Spec-constant mode of the property sets shown (sycl-post-link -spec-const; default native). */
  mode?: 'native' | 'emulation';
  /**
   * Explains the bytes of an object the module embeds (a global of `!llvm.embedded.objects`, as
   * `clang -fembed-offload-object` writes it: OffloadBinaries); without it they are named with their
   * size. `syclbin inspect` passes its own explainer (src/inspect/input.ts).
   */
  embedded?: (bytes: Uint8Array, global: string) => InspectNode;
}

/**
 * The objects a host module embeds, as LLVM's extractFromBitcode finds them: each operand of
 * `!llvm.embedded.objects` a node `!{ptr @G, !".llvm.offloading"}` whose global has a `c"…"`
 * initializer (src/containers/bitcode.ts reads the same from bitcode); other operands are skipped
 * with the reason.
 */
function embeddedObjects(m: ReturnType<typeof parseLlvmIr>): { objects: { global: string; bytes: Uint8Array }[]; skipped: string[] } {
  const objects: { global: string; bytes: Uint8Array }[] = [];
  const skipped: string[] = [];
  const named = new Set<string>();
  for (const [i, op] of (m.namedMetadata.get(EMBEDDED_OBJECTS_METADATA) ?? []).entries()) {
    const what = `!${EMBEDDED_OBJECTS_METADATA} operand ${i}`;
    const node = m.metadata.get(op.replace(/^!/, ''));
    // `!{<type> @G, !"section"[, more]}`, `distinct` or not; LLVM reads operands 0 and 1. (No two
    // parts of the pattern match the same characters: linear on any node, whatever it holds.)
    const parts = node && /^(?:distinct\s+)?!\{([^@,}]*)@("(?:[^"\\]|\\.)*"|[-\w.$]+)\s*,\s*!"((?:[^"\\]|\\.)*)"\s*(?:,[^}]*)?\}$/.exec(node.text.trim());
    if (!parts) {
      skipped.push(`${what}: not a node of a global and a section name (skipped, as LLVM skips it)`);
      continue;
    }
    const global = parts[2]!.startsWith('"') ? unescapeLlvm(parts[2]!.slice(1, -1)) : parts[2]!;
    if (unescapeLlvm(parts[3]!) !== EMBEDDED_OFFLOADING_SECTION) {
      skipped.push(`${what}: section '${unescapeLlvm(parts[3]!)}', not ${EMBEDDED_OFFLOADING_SECTION} (skipped, as LLVM skips it)`);
      continue;
    }
    // A global named again (by another operand) is one object, read once.
    if (named.has(global)) {
      skipped.push(`${what}: @${global} again (read once)`);
      continue;
    }
    named.add(global);
    const g = m.globalsByName.get(global);
    const init = g?.initializer?.value;
    if (!init || init.k !== 'cstr') {
      skipped.push(`${what}: @${global} has no ConstantDataSequential (c"…") initializer (skipped, as LLVM skips it)`);
      continue;
    }
    objects.push({ global, bytes: Uint8Array.from(init.bytes, (c) => c.charCodeAt(0)) });
  }
  return { objects, skipped: groupAgain(skipped) };
}

const AGAIN = ' again (read once)';

/**
 * `line.replace(/^.*: (@.*) again \(read once\)$/, '$1')` by a scan: a name from the IR can hold
 * a line break (`@"…\0A…"`), where `.` stops, and then every ': @' before it was tried to the
 * break: quadratic, 3.9 s on 100,000 characters. `.` covers all but \n \r \u2028 \u2029; the
 * greedy `.*` takes the last ': @' before the suffix.
 */
export function againName(line: string): string {
  if (!line.endsWith(AGAIN) || /[\n\r\u2028\u2029]/.test(line)) return line;
  const core = line.slice(0, -AGAIN.length);
  const k = core.lastIndexOf(': @');
  return k < 0 ? line : core.slice(k + 2);
}

/** The "named again" lines as one (a global may be named by thousands of operands). */
function groupAgain(lines: readonly string[]): string[] {
  const again = lines.filter((l) => l.endsWith(' again (read once)'));
  if (again.length <= 1) return [...lines];
  return [...lines.filter((l) => !l.endsWith(' again (read once)')), `${again.length} more operands name a global already named (read once): ${someOf(again.map(againName))}`];
}

/**
 * The `syclbin inspect` tree of LLVM IR text. Throws IrSyntaxError (line and column) for text the
 * reader does not parse.
 */
export function inspectIrText(bytes: BytesLike | string, opts: InspectIrOptions = {}): InspectNode {
  opts = optionsArgument(opts, 'inspectIrText');
  // One character per byte, as `syclbin lower` and LLVM read IR (columns count bytes); names are
  // shown as the UTF-8 their bytes spell.
  const text = toTextBytes(bytes, 'the LLVM IR text');
  const m = parseLlvmIr(decodeLatin1(text));
  const shown = (s: string): string => printable(utf8FromLatin1(s));
  const mode = opts.mode ?? 'native';
  const children: InspectNode[] = [];
  const module: InspectNode[] = [];
  if (m.sourceFilename !== undefined) module.push({ label: 'source_filename', value: shown(m.sourceFilename) });
  module.push({ label: 'triple', value: m.triple === undefined ? '(none)' : shown(m.triple) });
  if (m.dataLayout !== undefined) module.push({ label: 'datalayout', value: shown(m.dataLayout) });
  children.push({ label: 'Module', children: module });
  const defined = m.functions.filter((f) => !f.isDeclaration);
  const kernels = defined.filter(isKernel);
  // (aliases are read into the module's globals: counted apart, as llvm-dis lists them apart)
  const aliases = m.globals.reduce((n, g) => n + (g.isAlias ? 1 : 0), 0);
  children.push({ label: 'Functions', value: `${defined.length} defined, ${m.functions.length - defined.length} declared, ${m.globals.length - aliases} global variable(s)${aliases > 0 ? `, ${aliases} alias(es)` : ''}` });
  if (kernels.length) children.push({ label: 'Kernels', value: String(kernels.length), lines: kernels.map((f) => `${f.cc} ${shown(f.name)}`) });
  const embedded = embeddedObjects(m);
  if (embedded.objects.length || embedded.skipped.length) {
    children.push({
      label: `Embedded objects (!${EMBEDDED_OBJECTS_METADATA}, what llvm-offload-binary extracts from the module as bitcode)`,
      value: String(embedded.objects.length),
      children: embedded.objects.map((o) => ({ label: `@${shown(o.global)}`, value: `${o.bytes.length} bytes`, ...(opts.embedded ? { children: [opts.embedded(o.bytes, o.global)] } : {}) })),
      ...(embedded.skipped.length ? { lines: embedded.skipped } : {}),
    });
  }
  try {
    const lowered = lowerManifest(manifestFromIr(m, mode, false));
    // Distinct constants (a constant used twice is one), as `syclbin lower --json` counts them.
    const constants = lowered.specConstants.constants.length;
    const globals = lowered.deviceGlobals.length;
    const head = `${constants} spec constant(s), ${globals} device global(s); the property sets sycl-post-link -spec-const=${mode === 'native' ? 'native' : 'emulation'} --device-globals writes ('syclbin lower FILE --props-out OUT.prop')`;
    const text = lowered.registry.size ? explainRegistry(decodeTypedRegistry(lowered.registry)).trimEnd().split('\n') : [];
    children.push({ label: 'Lowering', value: head, ...(text.length ? { lines: text } : {}) });
  } catch (thrown) {
    // The module parsed: what the lowering refuses (often an IrSyntaxError at the construct) is said
    // here, at its call or global when the shared lowering refused an entry read from the IR.
    const e = atIrEntry(m, thrown);
    if (!(e instanceof SyclbinError)) throw e;
    children.push({ label: 'Lowering', value: `not lowered: ${e instanceof IrSyntaxError ? `${e.line}:${e.column}: ${e.reason}` : e.message}` });
  }
  return { label: `LLVM IR text module — ${text.length} bytes`, children };
}
