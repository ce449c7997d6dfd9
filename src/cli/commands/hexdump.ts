/** `syclbin hexdump FILE [--path PATTERN] [--range A:B] [--no-color] [--full]` (issue 6 §2). */
import { annotate } from '../../hex/annotate.js';
import { hexdump, parseRange } from '../../hex/hexdump.js';
import { readInput } from '../../node/files.js';
import { EXIT, UsageError, type Command } from '../command.js';

export const command: Command = {
  name: 'hexdump',
  summary: 'Hexdump with the structure path of the fields on each row',
  usage: 'hexdump [options] FILE',
  description: `Prints 16-byte rows (offset, hex, ASCII) followed by the paths of the fields that start on the
row ("…path" for a field continuing from an earlier row). In a terminal each field has its own
colour (padding dim, non-zero padding and unreferenced bytes highlighted); no colours when the
output is not a terminal or with --no-color. --path focuses on one structure: PATTERN is a path
such as "header" or 'abstractModules[0].metadata' (a structure and everything below it), with "*"
matching inside one name and "**" across names. --range A:B limits the rows (decimal or 0x hex,
B exclusive). Images, compressed payloads and unreferenced runs longer than 16 rows show their
first and last rows unless --full.`,
  options: {
    path: { type: 'string', arg: 'PATTERN', description: 'Only the bytes of structures whose path matches' },
    range: { type: 'string', arg: 'A:B', description: 'Only bytes A (inclusive) to B (exclusive)' },
    'no-color': { type: 'boolean', description: 'No ANSI colours even in a terminal' },
    full: { type: 'boolean', description: 'Do not elide the middle of long blobs' },
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin hexdump kernel.syclbin', "syclbin hexdump --path 'header' kernel.syclbin", 'syclbin hexdump --range 0x40:0x80 kernel.syclbin'],
  run({ values, positionals, io }) {
    const bytes = readInput(io.cwd, positionals[0]!);
    let range: [number, number] | undefined;
    if (typeof values.range === 'string') {
      try {
        range = parseRange(values.range, bytes.length);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
    }
    const ann = annotate(bytes);
    const color = Boolean(io.stdout.isTTY) && !values['no-color'] && io.env.NO_COLOR === undefined;
    io.stdout.write(hexdump(bytes, ann, { range, path: typeof values.path === 'string' ? values.path : undefined, color, full: Boolean(values.full) }));
    if (ann.error) io.stderr.write(`syclbin hexdump: note: ${ann.error.message}\n`);
    return EXIT.OK;
  },
};
