/** `syclbin diff A B [--bytes] [--json]`: structural diff of two files (issue 6 §2). */
import { diffFiles, formatDiff } from '../../hex/diff.js';
import { readInput } from '../../node/files.js';
import { EXIT, type Command } from '../command.js';

export const command: Command = {
  name: 'diff',
  summary: 'Structural diff of two SYCLBIN/OffloadBinary/property-set files (models and property values)',
  usage: 'diff [options] A B',
  description: `Compares what the files mean, not their bytes: envelope, global and module metadata (property
values in registry form), numbers of modules, IR modules and native images, and image bytes
(compared in full, shown as size + FNV-1a hash). Plain OffloadBinary files are compared entry by
entry, property-set files key by key. Lines: "- path: value" only in A, "+ path: value" only in B,
"~ path: a -> b" changed. --bytes also lists the annotated spans (see 'syclbin annotate') whose
offset, size or bytes differ ("@ path: A-location B-location (what)").
Exit status 0 when there is no structural difference, 1 otherwise (as diff(1)).`,
  options: {
    bytes: { type: 'boolean', description: 'Also list the spans whose bytes, offset or size differ' },
    json: { type: 'boolean', description: 'Print JSON {formats, entries, bytes?, errors}' },
  },
  positionals: { min: 2, max: 2 },
  examples: ['syclbin diff old.syclbin new.syclbin', 'syclbin diff --bytes a.syclbin b.syclbin'],
  run({ values, positionals, io }) {
    const [na, nb] = positionals as [string, string];
    const r = diffFiles(readInput(io.cwd, na), readInput(io.cwd, nb), { bytes: Boolean(values.bytes) });
    if (values.json) io.stdout.write(JSON.stringify(r, null, 2) + '\n');
    else io.stdout.write(formatDiff(r, na, nb));
    return r.entries.length || r.errors.length ? EXIT.FAILURE : EXIT.OK;
  },
};
