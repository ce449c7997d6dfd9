/**
 * `syclbin annotate FILE [--json]`: which bytes mean what (issue 6 §1). Prints spans that tile the file
 * (every byte in exactly one leaf) plus their parent groups; see src/hex/annotate.ts.
 */
import { someOf } from '../../codec/messages.js';
import { annotate, annotateInflated, spanToJson, type AnnotatedSpan, type Annotation } from '../../hex/annotate.js';
import { defineCommand, EXIT } from '../command.js';
import { terminalSafe } from '../../hex/terminal.js';
import { inflatedOption, maxInflatedSizeOption, maxSpansOption, opt, outputOptions } from '../options.js';

function jsonReplacer(_k: string, v: unknown): unknown {
  return typeof v === 'bigint' ? v.toString() : v;
}

function valueText(v: unknown, label: string | undefined): string {
  if (v === undefined) return '';
  return ` = ${typeof v === 'string' ? JSON.stringify(v) : String(v)}${label === undefined ? '' : ` (${label})`}`;
}

/** The text listing, a line at a time (the whole of it can be larger than one string may be). */
function* spanLines(head: string, spans: readonly AnnotatedSpan[]): Generator<string> {
  yield head;
  let w = 8;
  for (const s of spans) w = Math.max(w, s.offset.toString(16).length);
  for (const s of spans) {
    // (--json lists every path; a line names the first few)
    const shared = s.shared?.length ? `  (shared with ${someOf(s.shared)})` : '';
    yield terminalSafe(`0x${s.offset.toString(16).padStart(w, '0')} +${String(s.size).padEnd(6)} ${s.kind.padEnd(15)} ${s.path || '(file)'}${valueText(s.value, s.label)}${shared}`) + '\n';
  }
}

/**
 * The JSON document, a span at a time: the same text as `JSON.stringify(doc, replacer, 2)` (each span
 * is stringified alone and indented as the array's items are), never one string.
 */
function* jsonPieces(ann: Pick<Annotation, 'format' | 'size' | 'spans' | 'error'>): Generator<string> {
  // (annotationToJson's document, a span converted as it is written: no second list of the spans)
  const { spans } = ann;
  const head = JSON.stringify({ format: ann.format, size: ann.size }, jsonReplacer, 2);
  yield `${head.slice(0, -2)},\n  "spans": [`;
  for (let i = 0; i < spans.length; i++) yield `${i ? ',' : ''}\n    ${JSON.stringify(spanToJson(spans[i]!), jsonReplacer, 2).replace(/\n/g, '\n    ')}`;
  yield spans.length ? '\n  ]' : ']';
  if (ann.error) yield `,\n  "error": ${JSON.stringify(ann.error, jsonReplacer, 2).replace(/\n/g, '\n  ')}`;
  yield '\n}\n';
}

/** `syclbin annotate`: List what every byte of a SYCLBIN, OffloadBinary, object, program or property-set file means (spans that tile the file). */
export const command = defineCommand({
  name: 'annotate',
  summary: 'List what every byte of a SYCLBIN, OffloadBinary, object, program or property-set file means (spans that tile the file)',
  usage: 'annotate [options] FILE',
  description: `Reads the file with the toolkit's readers and prints spans {offset, size, path, kind, value, label}
sorted by offset. Files: SYCLBIN, OffloadBinaries, ELF and COFF objects, PE programs, archives, property
sets, and the headers of SPIR-V modules and LLVM bitcode files; a SYCLBIN image inside an object's
OffloadBinary is explained in place, under the image's path. Leaf spans cover every byte exactly once: header and table fields, property-set
lines inside metadata blobs (path ...metadata["SET"]["KEY"]), images, OffloadBinary strings (tail-merged
strings have one owner that lists the others under "shared"; a SYCLBIN v1 header-table entry such as
nativeImages[3] lists the module images it is, e.g. abstractModules[1].nativeImages[0], whose
metadata and bytes are named that way; an image, payload or padding that a broken file places over
a header or table field is named around it, the field listing it under "shared"), padding (kind
"padding" or "padding-nonzero") and bytes nothing refers to ("unreferenced"). Parent structures are listed with
kind "group". A file that does not read completely is annotated as far as the reader got; the error
is printed on stderr (and in the JSON as "error") and the exit status is 1. With --inflated, a
compressed OffloadBinary v3 is inflated and its header and payload are annotated; offsets are then
into the inflated space (header + payload, InflatedSize bytes), not the file.`,
  options: {
    json: opt.flag('Print JSON {format, size, spans, error?} (schemas/annotate.schema.json)'),
    leaves: opt.flag('Only the leaf spans (no groups)'),
    inflated: inflatedOption(),
    'max-inflated-size': maxInflatedSizeOption(),
    'max-spans': maxSpansOption(),
    ...outputOptions(),
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin annotate kernel.syclbin', 'syclbin annotate --json kernel.syclbin | jq ".spans[] | select(.kind==\\"unreferenced\\")"', 'syclbin annotate --inflated compressed.syclbin'],
  run({ opts, file, files, io, prog }) {
    const maxInflatedSize = opts['max-inflated-size'];
    // Only what is printed is kept past the reading: the span tree, models and layout facts the
    // annotation also holds are let go before millions of lines are made (a file of 200,000 modules
    // holds them at 450 bytes a span; the collector would walk them for every line's garbage).
    const { format, size, spans, error } = files.read(file, (src) => (opts.inflated ? annotateInflated(src, { maxInflatedSize, maxSpans: opts['max-spans'] }).annotation : annotate(src, { maxInflatedSize, maxSpans: opts['max-spans'] })));
    const ann = { format, size, spans: opts.leaves ? spans.filter((s) => s.kind !== 'group') : spans, ...(error ? { error } : {}) };
    if (opts.json) files.writePieces(opts.output, jsonPieces(ann));
    else files.writePieces(opts.output, spanLines(`# ${ann.format}, ${ann.size} bytes${opts.inflated ? ' inflated' : ''}\n`, ann.spans));
    if (ann.error) {
      io.stderr.write(`${prog}: error: ${file}: ${terminalSafe(ann.error.message)}\n`);
      return EXIT.FAILURE;
    }
    return EXIT.OK;
  },
});
