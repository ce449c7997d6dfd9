/** `syclbin verify FILE [--json]`: every problem with severity, offset and path (issue 6 §2). */
import { formatReport, verify } from '../../hex/verify.js';
import { defineCommand, EXIT } from '../command.js';
import { maxInflatedSizeOption, opt, outputOptions } from '../options.js';

/** `syclbin verify`: Lint a SYCLBIN, OffloadBinary, object, program, module or property-set file: every problem with severity, offset and path. */
export const command = defineCommand({
  name: 'verify',
  summary: 'Lint a SYCLBIN, OffloadBinary, object, program, module or property-set file: every problem with severity, offset and path',
  usage: 'verify [options] FILE',
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
Exit status 1 when there is at least one error (warnings and notes alone exit 0).`,
  options: {
    json: opt.flag('Print JSON {file, format, size, problems, counts} (schemas/verify.schema.json)'),
    'max-inflated-size': maxInflatedSizeOption(),
    ...outputOptions(),
  },
  positionals: { min: 1, max: 1 },
  examples: ['syclbin verify kernel.syclbin', 'syclbin verify --json kernel.syclbin'],
  run({ opts, file: name, files }) {
    const r = files.read(name, (src) => verify(src, { maxInflatedSize: opts['max-inflated-size'] }));
    files.write(opts.output, opts.json ? JSON.stringify({ file: name, ...r }, null, 2) + '\n' : formatReport(r, name));
    return r.counts.error ? EXIT.FAILURE : EXIT.OK;
  },
});
