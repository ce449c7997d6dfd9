/** `syclbin diff A B [--bytes] [--json]`: structural diff of two files (issue 6 §2). */
import { diffFiles, formatDiff } from '../../hex/diff.js';
import { defineCommand } from '../command.js';
import { maxInflatedSizeOption, opt, outputOptions } from '../options.js';
import { jsonDocumentPieces } from '../json-pieces.js';

/** `syclbin diff`: Structural diff of two files (SYCLBIN/OffloadBinary/property-set models; any other file by its annotated spans). */
export const command = defineCommand({
  name: 'diff',
  summary: 'Structural diff of two files (SYCLBIN, OffloadBinary and property-set models; other files by their annotated spans)',
  usage: 'diff [options] A B',
  description: `Compares what the files mean, not their bytes: envelope, global and module metadata (property
values in registry form), numbers of modules, IR modules and native images, and image bytes
(compared in full, shown as size + FNV-1a hash, as are byte-array property values over 256 bytes:
their 8-byte bit count and payload); the SYBI header's reserved bytes, which LLVM's
writers leave uninitialised and readers ignore, differ only for --bytes. The order of a registry's sets and of a set's keys, which LLVM's reader
keeps and the runtime reads ([SYCL/specialization constants] in order places the constants in the
blob), is compared too: "~ SET: key order: ..." (a property-set file's sets: "(sets): set order:"),
the names both files have, from the first that moved. String entries are compared
byte for byte (bytes that are not UTF-8 shown as \\xNN). Plain OffloadBinary files are compared entry by
entry, property-set files key by key; their paths are the model's (strings by key:
entries[0].strings["triple"]), not annotate's span paths, which --bytes lines use and
'syclbin hexdump --path' takes. Files of any other kind (ELF, COFF and PE files, archives,
SPIR-V and bitcode modules, bytes of no known format) are compared span by span as 'syclbin annotate'
names them: each header field by its value, each section, image or gap by its bytes (a path seen
again is numbered: PATH#2); an ELF file's sections and section headers by the section's name
(sections[".llvm.offloading"], a repeated name numbered .text#2; 'syclbin hexdump --path' takes these
paths, annotate names sections by index), so that a section added or moved shifts no other, and a
section emptied is changed to 0 bytes; an archive's members by name (members["k.o"], its ELF members' sections by name
too), so that members in another order are compared member by member (the archive's symbol and
long-name tables, which hold member offsets and names, differ all the same). Each device image
outside an OffloadBinary (a wrapper object's or a program's, as 'syclbin offload-list' lists them) is
also compared by what offload-list reads of it under the image's path: PATH.triple,
PATH.offloadKind, PATH.kernels.length and its kernels by name, PATH.kernels["NAME"] (a kernel added
or removed, whatever its place in the entries table), e.g.
sections[".llvm.offloading"].images[0].kernels["_ZTS5KName"]; these name no bytes of their own
('syclbin hexdump --path PATH' shows the image). Lines: "- path: value" only in A, "+ path: value" only in B,
"~ path: a -> b" changed. --bytes also lists the annotated spans (see 'syclbin annotate') whose
offset, size or bytes differ ("@ path: A-location B-location (what)").
Exit status as diff(1): 0 when there is no structural difference (and, with --bytes, no span that
differs), 1 when there is, 2 when a file cannot be read or does not read to its end (what could be
read is still compared and printed, the error on a '!' line; two files of one format of which one
did not read far enough for its model are both compared span by span, as a '#' line says), or for
a usage error.`,
  options: {
    bytes: opt.flag('Also list the spans whose bytes, offset or size differ'),
    json: opt.flag('Print JSON {formats, entries, bytes?, errors, notes?} (schemas/diff.schema.json)'),
    'max-inflated-size': maxInflatedSizeOption(),
    ...outputOptions(),
  },
  statuses: 'diff',
  positionals: { min: 2, max: 2 },
  examples: ['syclbin diff old.syclbin new.syclbin', 'syclbin diff --bytes a.syclbin b.syclbin'],
  run({ opts, args, files }) {
    const [na, nb] = args as [string, string];
    const a = files.input(na).source;
    const b = files.input(nb).source;
    const r = diffFiles(a, b, { bytes: opts.bytes, maxInflatedSize: opts['max-inflated-size'] });
    files.writePieces(opts.output, opts.json ? jsonDocumentPieces(r) : [formatDiff(r, na, nb)]);
    // diff(1): trouble (2) outranks a difference (1).
    if (r.errors.length) return 2;
    // (--bytes asks about the bytes too: spans that differ are a difference, though the meaning is the same)
    return r.entries.length || r.bytes?.length ? 1 : 0;
  },
});
