/** `syclbin verify FILE [--json]`: every problem with severity, offset and path (issue 6 §2). */
import { reportLines, verify } from '../../hex/verify.js';
import { jsonDocumentPieces } from '../json-pieces.js';
import { defineCommand, EXIT } from '../command.js';
import { FileFailure } from '../errors.js';
import { SyclbinError } from '../../codec/errors.js';
import { maxInflatedSizeOption, maxSpansOption, opt, outputOptions } from '../options.js';

/** `syclbin verify`: Lint a SYCLBIN, OffloadBinary, object, program, module or property-set file: every problem with severity, offset and path. */
export const command = defineCommand({
  name: 'verify',
  summary: 'Lint a SYCLBIN, OffloadBinary, object, program, module or property-set file: every problem with severity, offset and path',
  usage: 'verify [options] FILE...',
  description: `Reads the file as far as possible and reports all problems, each with a severity (error,
warning, note), the byte offset and the structure path: structural errors (the reader's, in LLVM's
wording where LLVM has the check, plus every out-of-range blob of a v1 table), non-zero padding (the
v1 header's 4 reserved bytes are a note: LLVM writers leave them uninitialised), unreferenced bytes
and header entries, overlapping blobs, a non-canonical layout, property-set problems (the checks of
'syclbin props'), IR/native targets that disagree with their metadata, the envelope strings or v2
StringData, and unknown enum values (image kind, offload kind, bundle state, IR type). A file that
is one module is checked as far as its own reader would stop: a SPIR-V module's words and
instruction lengths (what spirv-val checks before validating), an LLVM bitcode file's stream (what
BitcodeReader cannot follow); their contents are for spirv-val and llvm-dis. So is every device
image inside a container (a SYCLBIN's IR modules and native images, an OffloadBinary's entries, the
bare module of a clang++ -fsycl object or program) that is a SPIR-V module or bitcode, its problems
warnings at the image's place (code image: the container reads, the runtime stops on the image); an
image declared SPIR-V (IR type 0, image kind 6) or bitcode (image kind 2) whose bytes are not is a
warning too. In a compressed
OffloadBinary v3 the inflated payload is checked too: its problems are reported at the compressed
payload, with their path and offset inside it (what annotate --inflated shows). A SYCLBIN image in
the OffloadBinaries of an object, archive or program is checked as the SYCLBIN it is, its problems at
their place in the file (annotate shows its structures under the image's path).
Several files are checked one after the other, each report headed by its file's line, and a last
line sums them up; a file that cannot be read is said on stderr and the others are still checked.
With --json one file gives its report object, several an array with one element per file in
command-line order: its report, or {file, error} for a file that could not be read.
Exit status 1 when there is at least one error in any file, or a file could not be read (warnings
and notes alone exit 0).`,
  options: {
    json: opt.flag('Print JSON {file, format, size, problems, counts} (schemas/verify.schema.json); an array of them for several files'),
    'max-inflated-size': maxInflatedSizeOption(),
    'max-spans': maxSpansOption(),
    ...outputOptions(),
  },
  positionals: { min: 1, max: Infinity },
  examples: ['syclbin verify kernel.syclbin', 'syclbin verify --json kernel.syclbin', 'syclbin verify kernel.syclbin a.out a.out.spirv64..img'],
  run({ opts, args, files, io, prog }) {
    const one = (name: string) => files.read(name, (src) => verify(src, { maxInflatedSize: opts['max-inflated-size'], maxSpans: opts['max-spans'] }));
    if (args.length === 1) {
      const r = one(args[0]!);
      // (written as it is made: a report of 100,000 findings is never one string)
      files.writePieces(opts.output, opts.json ? jsonDocumentPieces({ file: args[0]!, ...r }) : reportLines(r, args[0]!));
      return r.counts.error ? EXIT.FAILURE : EXIT.OK;
    }
    // Several files: one report each, in order; one that cannot be read is said and skipped.
    const reports: ({ file: string } & ReturnType<typeof verify>)[] = [];
    // (in --json, one element per argument: a file that cannot be read is its error)
    const elements: unknown[] = [];
    let unreadable = 0;
    for (const name of args) {
      try {
        const r = { file: name, ...one(name) };
        reports.push(r);
        elements.push(r);
      } catch (e) {
        if (!(e instanceof FileFailure || e instanceof SyclbinError)) throw e;
        unreadable++;
        io.stderr.write(`${prog}: error: ${e instanceof FileFailure ? `${e.file}: ` : `${name}: `}${e.message}\n`);
        elements.push({ file: name, error: e.message });
      }
    }
    const sum = (k: 'error' | 'warning' | 'note'): number => reports.reduce((n, r) => n + r.counts[k], 0);
    const withErrors = reports.filter((r) => r.counts.error).length;
    if (opts.json) files.writePieces(opts.output, jsonDocumentPieces(elements, 3)); // (the array, each report, its lists)
    else {
      const total = `${args.length} files: ${sum('error')} error(s), ${sum('warning')} warning(s), ${sum('note')} note(s); ${withErrors} file(s) with errors${unreadable ? `, ${unreadable} not read` : ''}\n`;
      files.writePieces(opts.output, (function* () {
        for (const r of reports) yield* reportLines(r, r.file);
        yield total;
      })());
    }
    return withErrors || unreadable ? EXIT.FAILURE : EXIT.OK;
  },
});
