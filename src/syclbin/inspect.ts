/**
 * `syclbin inspect`: a readable, richer view than the syclbin-dump text — variant and envelope
 * details, header fields, the bundle state by name, typed property sets (src/props/typed), sizes,
 * targets, archs and image hashes.
 *
 * Built in two steps so that annotations can be added without touching the content: `inspectSyclbin`
 * makes a tree of nodes, each carrying the model path of what it shows (`globalMetadata`,
 * `abstractModules[0].irModules[1].bytes`, ... — the same paths the readers' `spans` collector uses,
 * after the envelope prefix such as `entries[0].image.`); `renderInspect` prints it and asks an
 * optional `annotate(node)` for a suffix (e.g. `@0x1c0+88` from the spans for `--offsets`).
 */
import { ArgumentError, describeValue, optionsArgument, type OptionKeys } from '../codec/errors.js';
import { decodeTypedRegistry } from '../props/typed/index.js';
import { explainRegistry, printable, quotedText } from '../props/explain.js';
import { imageKindLabel, offloadKindEntryText, offloadKindText } from '../../formats/kinds.js';
import { numberingFor, type LlvmEraInfo } from '../../formats/eras.js';
import type { PropertySetRegistry } from '../props/model.js';
import { syclbinModelArgument, GLOBAL_METADATA_SET, bundleState, irTarget, irType, nativeArch, nativeTarget, type SyclbinFile, type SyclbinImage } from './model.js';
import { HASH_NOT_COMPUTED, imageHashes, type Hasher, type ImageHashes } from './json.js';
import { identifyImage } from '../containers/identify.js';
import { contentsOf } from '../inspect/contents.js';

/** One node of the `syclbin inspect` tree: a labelled line with an optional value, lines and children. */
export interface InspectNode {
  /** Text at the start of the line. */
  label: string;
  /** Text after `label: ` on the same line. */
  value?: string;
  /** Model path of the structure shown (for offset annotations). */
  path?: string;
  /** Child nodes, printed one indent level deeper. */
  children?: InspectNode[];
  /** Preformatted lines printed under the node, one indent level deeper. */
  lines?: string[];
}

/** Options of `inspectSyclbin`. */
export interface InspectOptions {
  /** Size of the whole input in bytes (shown in the first line). */
  fileSize?: number;
  /** SHA-256 of each image (fed in windows; an ImageHashes shares its scope); absent or `false`: no hashing (no image bytes are read). */
  sha256?: Hasher | ImageHashes | false;
  /**
   * Where the SYCLBIN read lies in the file, when it is not the file (an OffloadBinary entry's image
   * read on its own): image offsets are then shown from the file's start (offset + this), and as
   * inside a compressed payload when `null` (the image is inflated bytes).
   */
  imageAt?: number | null;
  /**
   * Whose conventions name the envelope's offload kind (`inspect --llvm`): a version-1 number in
   * that era's numbering, with what else it may mean (image kind 7, SYCLBIN, in intel/llvm's). Absent:
   * in the numbering the version implies, with what else it may mean.
   */
  era?: LlvmEraInfo;
}

/** The options inspectSyclbin takes (any other key is an UnknownOptionError). */
const INSPECT_KEYS: OptionKeys<InspectOptions> = { fileSize: true, sha256: true, imageAt: true, era: true };

function variantText(file: SyclbinFile): string {
  const e = file.envelope;
  if (e.kind === 'none') return 'SYCLBIN v1 (bare SYBI image)';
  if (e.kind === 'roles') {
    return `SYCLBIN v2 (role entries in an OffloadBinary v${e.version}${e.compression ? `, ${e.compression}-compressed` : ''})`;
  }
  if (e.runtimeStyle) return 'SYCLBIN v1 in the SYCL runtime envelope (OffloadBinary v2, no string table)';
  return `SYCLBIN v1 in an OffloadBinary v${e.version} entry${e.compression ? ` (${e.compression}-compressed)` : ''}`;
}

function envelopeNode(file: SyclbinFile, era: LlvmEraInfo | undefined): InspectNode | undefined {
  const e = file.envelope;
  if (e.kind === 'none') return undefined;
  const kindText = (kind: number, imageKind: number): string => (era ? offloadKindEntryText(kind, e.version, imageKind, numberingFor(e.version, era)) : offloadKindText(kind, e.version));
  if (e.kind === 'roles') {
    return {
      label: 'Envelope',
      path: 'header',
      children: [
        { label: 'OffloadBinary version', value: String(e.version), path: 'header.version' },
        { label: 'compression', value: e.compression ?? 'none' },
        { label: 'sycl_format_version key', value: e.formatVersionKey ? 'present' : 'absent (earlier iteration of the v2 writer)' },
        ...(e.entries
          ? [
              {
                label: 'entries',
                value: `${e.entries.length} (file order: image kind, offload kind, flags, string entries)`,
                path: 'entries',
                children: e.entries.map(
                  (x, i): InspectNode => ({
                    label: `[${i}] ${x.key}`,
                    value: `image kind ${x.imageKind} (${imageKindLabel(x.imageKind)}), offload kind ${kindText(x.offloadKind, x.imageKind)}, flags 0x${x.flags.toString(16)}; ${[...x.strings].map(([k, v]) => `${printable(k)}=${quotedText(v)}`).join(' ')}`,
                    path: `entries[${i}]`,
                  }),
                ),
              },
            ]
          : []),
      ],
    };
  }
  const strings: InspectNode = e.strings.size
    ? { label: 'string entries', path: 'entries[0].strings', children: [...e.strings].map(([k, v]) => ({ label: printable(k), value: quotedText(v) })) }
    : { label: 'string entries', value: '(none)', path: 'entries[0].strings' };
  const children: InspectNode[] = [
    { label: 'OffloadBinary version', value: String(e.version), path: 'header.version' },
    { label: 'image kind', value: `${e.imageKind} (${imageKindLabel(e.imageKind)})`, path: 'entries[0].imageKind' },
    {
      label: 'offload kind',
      // The SYCL runtime's envelope stamps different numbers in different revisions: say what the number may mean.
      value: kindText(e.offloadKind, e.imageKind),
      path: 'entries[0].offloadKind',
    },
    { label: 'flags', value: `0x${e.flags.toString(16)}`, path: 'entries[0].flags' },
    strings,
    { label: 'compression', value: e.compression ?? 'none' },
  ];
  if (e.extraEntries) children.push({ label: 'other entries', value: `${e.extraEntries} (SYCLBIN readers use entry 0 only)`, path: 'entries' });
  return { label: 'Envelope', path: 'header', children };
}

function metadataNode(reg: PropertySetRegistry, path: string): InspectNode {
  if (reg.size === 0) return { label: 'Metadata', value: '(empty)', path };
  return { label: 'Metadata', path, lines: explainRegistry(decodeTypedRegistry(reg)).trimEnd().split('\n') };
}

function imageNodes(img: SyclbinImage, path: string, hash: ImageHashes | undefined, imageAt: number | null): InspectNode[] {
  const nodes: InspectNode[] = [{ label: 'size', value: `${img.image.size} bytes`, path: `${path}.bytes` }];
  if (img.image.offset !== undefined && imageAt !== null) nodes.push({ label: 'file offset', value: `0x${(img.image.offset + imageAt).toString(16)}` });
  else nodes.push({ label: 'file offset', value: '(inside the compressed payload)' });
  if (hash) nodes.push({ label: 'sha256', value: hash.of(img.image) ?? HASH_NOT_COMPUTED });
  // What the bytes are (a window of them: the header, a SPIR-V module's entry points): the kernels
  // of an IR module, as inspect lists them for an OffloadBinary's entries.
  nodes.push({ ...contentsOf(identifyImage(img.image)), path: `${path}.bytes` });
  nodes.push(metadataNode(img.metadata, `${path}.metadata`));
  return nodes;
}

/** The inspect tree of a SYCLBIN model: variant and size, envelope, SYBI header (v1), state, contents, global metadata, then each abstract module with its metadata and images (SHA-256 when `sha256` is given). */
export function inspectSyclbin(file: SyclbinFile, opts: InspectOptions = {}): InspectNode {
  opts = optionsArgument(opts, 'inspectSyclbin', INSPECT_KEYS);
  syclbinModelArgument(file, 'inspectSyclbin');
  const hash = imageHashes(opts.sha256);
  const imageAt = opts.imageAt === undefined ? 0 : opts.imageAt;
  const children: InspectNode[] = [];
  const env = envelopeNode(file, opts.era);
  if (env) children.push(env);
  if (file.version === 1 && file.headerVersion !== undefined) {
    const reserved = Array.from(file.headerReserved ?? [], (b) => b.toString(16).padStart(2, '0')).join(' ');
    const junk = file.headerReserved?.some((b) => b !== 0);
    children.push({
      label: 'SYBI header',
      path: 'header',
      children: [
        { label: 'version', value: String(file.headerVersion) + (file.headerVersion === 0 ? ' (accepted as LLVM does; writers emit 1)' : ''), path: 'header.version' },
        { label: 'reserved bytes', value: reserved + (junk ? ' (not zero: an LLVM writer left them uninitialised; ignored)' : ''), path: 'header.reserved' },
      ],
    });
  }
  const state = bundleState(file);
  const stateNum = file.globalMetadata.get(GLOBAL_METADATA_SET)?.get('state');
  children.push({
    label: 'State',
    value: state === undefined ? 'missing (no [SYCLBIN/global metadata] state)' : `${state}${stateNum?.type === 1 ? ` (${stateNum.value})` : ''}`,
  });
  const ir = file.abstractModules.reduce((n, am) => n + am.irModules.length, 0);
  const native = file.abstractModules.reduce((n, am) => n + am.nativeImages.length, 0);
  const bytes = file.abstractModules.reduce((n, am) => n + [...am.irModules, ...am.nativeImages].reduce((m, x) => m + x.image.size, 0), 0);
  children.push({
    label: 'Contents',
    value: `${file.abstractModules.length} abstract module(s), ${ir} IR module(s), ${native} native image(s), ${bytes} image bytes`,
  });
  children.push({ ...metadataNode(file.globalMetadata, 'globalMetadata'), label: 'Global metadata' });
  file.abstractModules.forEach((am, a) => {
    const ap = `abstractModules[${a}]`;
    const amChildren: InspectNode[] = [metadataNode(am.metadata, `${ap}.metadata`)];
    am.irModules.forEach((m, i) => {
      const target = irTarget(m);
      amChildren.push({
        label: `IR module ${i}`,
        value: `${irType(m) ?? 'type missing'}${target === undefined ? '' : `, target ${printable(target)}`}`,
        path: `${ap}.irModules[${i}]`,
        children: imageNodes(m, `${ap}.irModules[${i}]`, hash, imageAt),
      });
    });
    am.nativeImages.forEach((m, i) => {
      const arch = nativeArch(m);
      const target = nativeTarget(m);
      const parts = [arch === undefined ? 'arch missing' : `arch ${printable(arch) || '(empty)'}`];
      if (target !== undefined) parts.push(`target ${printable(target)}`);
      amChildren.push({ label: `Native image ${i}`, value: parts.join(', '), path: `${ap}.nativeImages[${i}]`, children: imageNodes(m, `${ap}.nativeImages[${i}]`, hash, imageAt) });
    });
    if (!am.irModules.length && !am.nativeImages.length) amChildren.push({ label: 'Images', value: '(none)' });
    children.push({ label: `Abstract module ${a}`, path: ap, children: amChildren });
  });
  const size = opts.fileSize === undefined ? '' : ` — ${opts.fileSize} bytes`;
  return { label: `${variantText(file)}${size}`, children };
}

/** Options of `renderInspect`. */
export interface RenderOptions {
  /** Suffix for a node's line (e.g. its byte range), or undefined. */
  annotate?: (node: InspectNode) => string | undefined;
  /** One indent level (default two spaces). */
  indent?: string;
}

/** The options renderInspect takes (any other key is an UnknownOptionError). */
const RENDER_KEYS: OptionKeys<RenderOptions> = { annotate: true, indent: true };

/**
 * The tree as text, one line per node (`label: value`), children indented; the root's label is the
 * first line and its children are not indented. A root that is no InspectNode (an object with a
 * string `label`, as inspectSyclbin and inspectInput make) is an ArgumentError, not text of nothing.
 */
export function renderInspect(root: InspectNode, opts: RenderOptions = {}): string {
  opts = optionsArgument(opts, 'renderInspect', RENDER_KEYS);
  if (typeof root !== 'object' || root === null || Array.isArray(root) || typeof (root as { label?: unknown }).label !== 'string') {
    throw new ArgumentError(`renderInspect: expected an InspectNode (inspectSyclbin's or inspectInput's tree, an object with a string label), not ${describeValue(root)}`);
  }
  if (opts.indent !== undefined && typeof opts.indent !== 'string') throw new ArgumentError(`renderInspect: the indent option must be a string, not ${describeValue(opts.indent)}`);
  if (opts.annotate !== undefined && typeof opts.annotate !== 'function') throw new ArgumentError(`renderInspect: the annotate option must be a function, not ${describeValue(opts.annotate)}`);
  const unit = opts.indent ?? '  ';
  const out: string[] = [];
  const walk = (n: InspectNode, depth: number, top: boolean) => {
    const pad = unit.repeat(depth);
    const note = opts.annotate?.(n);
    const head = top ? n.label : n.value !== undefined ? `${n.label}: ${n.value}` : `${n.label}:`;
    out.push(`${pad}${head}${note ? `  ${note}` : ''}`);
    for (const l of n.lines ?? []) out.push(`${pad}${unit}${l}`);
    for (const c of n.children ?? []) walk(c, top ? depth : depth + 1, false);
  };
  walk(root, 0, true);
  return out.join('\n') + '\n';
}
