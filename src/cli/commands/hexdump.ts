/** `syclbin hexdump FILE [--path PATTERN] [--range A:B] [--no-color] [--full]` (issue 6 §2). */
import { annotate, annotateInflated } from '../../hex/annotate.js';
import { HexRangeError, hexdumpLines, parseRange } from '../../hex/hexdump.js';
import { terminalSafe } from '../../hex/terminal.js';
import { ArgumentError } from '../../codec/errors.js';
import { defineCommand, EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { inflatedOption, maxInflatedSizeOption, maxSpansOption, opt, outputOptions } from '../options.js';

/** `syclbin hexdump`: Hexdump with the structure path of the fields on each row. */
export const command = defineCommand({
  name: 'hexdump',
  summary: 'Hexdump with the structure path of the fields on each row',
  usage: 'hexdump [options] FILE',
  description: `Prints 16-byte rows (offset, hex, ASCII) followed by the paths of the fields that start on the
row ("…path" for a field continuing from an earlier row). In a terminal each field has its own
colour (padding dim, non-zero padding and unreferenced bytes highlighted); no colours when the
output is not a terminal, with --no-color, or when NO_COLOR is set to a non-empty value
(no-color.org). --path focuses on one structure: PATTERN is a path
such as "header" or 'abstractModules[0].metadata' (a structure and everything below it), with "*"
matching inside one name and "**" across names. Paths start at the file's outermost structure: in a
SYCLBIN inside an OffloadBinary they start with the entry's ('entries[0].image.abstractModules[0]'),
and '**.abstractModules[0].metadata' matches at any depth. A SYCLBIN v1 module's path also covers
its entries in the file-wide header tables ('abstractModules[1]' shows 'nativeImages[3]' when that
is its first native image). An object's sections may be named as 'syclbin diff' names them
('sections[".llvm.offloading"]', a repeated name 'sections[".text"#2]') or by index ('sections[3]',
as annotate names them). A PATTERN that matches no bytes is an
error (status 1) that says what would match (the same path deeper in the file) or that it names only
empty structures. --range A:B limits the rows (decimal or 0x hex, B exclusive; A: to the end, :B from the start;
B past the end is the end; the structures around the range are kept, the rest of the file is read
but not kept, so a few rows of a large file cost little memory). An empty range (A = B, or A at the
end of the file) prints nothing; A past the end of the file is a usage error. Images, compressed payloads and unreferenced runs longer
than 16 rows show their first and last rows unless --full. --inflated shows a compressed
OffloadBinary v3 from the inside: its header and inflated payload, with offsets into that inflated
space. A file that does not read to its end is dumped as far as it reads, the rest as unreferenced
bytes; the error follows on standard error and the status is 1.`,
  options: {
    path: opt.string('PATTERN', 'Only the bytes of structures whose path matches'),
    range: opt.string('A:B', 'Only bytes A (inclusive) to B (exclusive)'),
    'no-color': opt.flag('No ANSI colours even in a terminal'),
    full: opt.flag('Do not elide the middle of long blobs'),
    inflated: inflatedOption(),
    'max-inflated-size': maxInflatedSizeOption(),
    'max-spans': maxSpansOption(),
    ...outputOptions(),
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin hexdump kernel.syclbin', "syclbin hexdump --path 'header' kernel.syclbin", 'syclbin hexdump --range 0x40:0x80 kernel.syclbin', "syclbin hexdump --inflated --path 'entries[0].strings' compressed.syclbin"],
  run({ opts, file: name, files, io, prog }) {
    return files.read(name, (file) => {
      const maxInflatedSize = opts['max-inflated-size'];
      const maxSpans = opts['max-spans'];
      const inside = opts.inflated ? annotateInflated(file, { maxInflatedSize, maxSpans }) : undefined;
      const src = inside?.source ?? file;
      // (an empty pattern matches nothing a user means: the whole file is hexdump without --path)
      if (opts.path === '') throw new UsageError("--path needs a PATTERN (e.g. 'header' or '**.abstractModules[0].metadata'); without --path the whole file is shown");
      let range: [number, number] | undefined;
      if (opts.range !== undefined) {
        try {
          range = parseRange(opts.range, src.size);
        } catch (e) {
          if (e instanceof HexRangeError) throw new UsageError(e.message);
          throw e;
        }
      }
      // Rows of a range need the spans there only (whole rows: a field's label is on the row it starts).
      const spansWindow: [number, number] | undefined = range && opts.path === undefined ? [range[0] - (range[0] % 16), range[1] + 16] : undefined;
      const ann = inside?.annotation ?? annotate(src, { maxInflatedSize, spansWindow, maxSpans });
      // Colour only for a terminal on standard output (never into a file).
      const color = opts.output === '-' && Boolean(io.stdout.isTTY) && !opts['no-color'] && !io.env.NO_COLOR; // (set and not empty: no-color.org)
      let text: Iterable<string>;
      try {
        text = hexdumpLines(src, ann, { range, path: opts.path, color, full: opts.full });
      } catch (e) {
        // --path that names no span (the library's ArgumentError): said, with the file's own error if it has one.
        if (!(e instanceof ArgumentError) || opts.path === undefined) throw e;
        io.stderr.write(`${prog}: error: ${name}: ${e.message}\n`);
        if (ann.error) io.stderr.write(`${prog}: error: ${name}: ${terminalSafe(ann.error.message)}\n`);
        return EXIT.FAILURE;
      }
      files.writePieces(opts.output, text);
      // The rows are printed either way (the bytes are what one looks at in a broken file), but the
      // file is invalid: status 1, as annotate and verify.
      if (ann.error) {
        io.stderr.write(`${prog}: error: ${name}: ${terminalSafe(ann.error.message)}\n`);
        return EXIT.FAILURE;
      }
      return EXIT.OK;
    });
  },
});
