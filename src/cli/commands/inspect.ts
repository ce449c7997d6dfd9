/**
 * `syclbin inspect FILE`: what a file is and what it holds, for any input the toolkit reads
 * (src/inspect/input.ts): SYCLBIN of every variant in detail (variant and envelope, header fields,
 * the state by name, typed property sets, sizes, targets, archs, offsets, hashes), OffloadBinaries of
 * any era that hold no SYCLBIN, objects, archives, wrapper objects and programs, bitcode and SPIR-V
 * modules, property-set text.
 */
import { decode, DecodeError } from '../../codec/index.js';
import { OffloadMagic } from '../../../formats/offload-binary.js';
import { explainInput } from '../../inspect/input.js';
import type { InspectNode } from '../../syclbin/inspect.js';
import { renderInspect } from '../../syclbin/inspect.js';
import { renderWithOffsets } from '../../hex/inspect-offsets.js';
import { SyclbinFormatError } from '../../syclbin/errors.js';
import { IrSyntaxError } from '../../lower/llvm-ir/parse/errors.js';
import { llvmEra } from '../../../formats/eras.js';
import { nodeSha256 } from '../../node/sha256.js';
import { defineCommand, EXIT } from '../command.js';
import { CommandFailure, FileFailure } from '../errors.js';
import { llvmEraOption, maxInflatedSizeOption, opt, outputOptions, sectionChoice, sectionOptions, sectionOptionsNote } from '../options.js';

/** LLVM IR text inspect reads whole (its reader holds the text and its tokens). */
const MAX_IR_TEXT = 256 << 20;

/** `syclbin inspect`: Say what a file is and explain it: SYCLBIN in detail, OffloadBinaries, objects, archives, modules, property sets. */
export const command = defineCommand({
  name: 'inspect',
  summary: 'Say what a file is and explain it: SYCLBIN in detail, OffloadBinaries, objects, archives, modules, IR, property sets',
  usage: 'inspect [--no-hash] [--offsets] [--llvm 19|22|main] [-o OUT.txt] FILE',
  description: `
Recognises what it is given and explains it:
  - SYCLBIN, every variant (bare v1, v1 in an OffloadBinary entry or the SYCL runtime envelope, v2
    role entries): the envelope (OffloadBinary version, image and offload kind by name, the offload
    kind as --llvm's LLVM names it, except for image kind 7, SYCLBIN, whose writers number kinds as
    intel/llvm does, flags, string entries, compression), the v1 header's version and reserved bytes, the bundle state by name, and
    for every abstract module its typed property sets (spec constants, device globals, aspects, ... as
    'syclbin props' shows them) and its IR modules (type, target) and native images (arch, target)
    with size, file offset and sha256;
  - an OffloadBinary of any era that holds no SYCLBIN (llvm-offload-binary output, clang-sycl-linker's
    images): every entry with its kinds named as --llvm's LLVM names them (and where a number means
    different things in different eras), its strings, the kernel names of 'symbols', and what its
    image is: SPIR-V header fields, LLVM bitcode and its triple, ELF class and machine, a nested
    OffloadBinary, or a SYCLBIN, which is then inspected in place;
  - ELF and COFF objects, executables, static archives (as 'syclbin offload-list' reads them, also
    --section NAME), wrapper objects and programs of clang++ -fsycl (the bare SPIR-V module and its
    kernels), LLVM bitcode and SPIR-V files;
  - property-set registry text (its typed sets);
  - LLVM IR text (a device module as clang writes it): source file, triple, data layout, functions
    and kernels, and the property sets sycl-post-link writes for its spec constants and device
    globals ('syclbin lower' writes them; up to 256 MiB of text).
The text is for people; use 'syclbin dump' for the syclbin-dump contract and 'syclbin json' or
'syclbin offload-list --json' for programs. --no-hash skips hashing, so image bytes are never read
(fast on huge files). --offsets (SYCLBIN only) adds the byte range of every node; any other input
is explained as without it, with a note on stderr.`,
  options: {
    'no-hash': opt.flag('Do not hash images (reads headers and metadata only)'),
    offsets: opt.flag('SYCLBIN: add the byte range of every node (@0xOFFSET+SIZE, from syclbin annotate)'),
    llvm: llvmEraOption('how offload and image kind numbers are named'),
    'max-inflated-size': maxInflatedSizeOption(),
    ...sectionOptions(),
    ...outputOptions(),
  },
  positionals: { min: 1, max: 1 },
  examples: [
    'syclbin inspect kernel.syclbin',
    'syclbin inspect --no-hash big.syclbin',
    'syclbin inspect --offsets kernel.syclbin',
    'syclbin inspect device.ll   # LLVM IR text: kernels, spec constants, device globals',
    'syclbin inspect a.out.spirv64..img   # clang-sycl-linker image: SPIR-V, kernel names',
    'syclbin inspect a.out                # a program linked by clang++ -fsycl',
  ],
  async run({ opts, file, files, io, prog }) {
    let source: ReturnType<typeof files.withThinMembers>;
    try {
      source = files.withThinMembers(file, files.input(file).source, (m) => void io.stderr.write(`${prog}: ${file}: note: ${m}\n`));
    } catch (e) {
      // (a thin archive whose own table does not read: named by the file, as every other input error)
      if (e instanceof DecodeError) throw new FileFailure(file, e);
      throw e;
    }
    if (source.missing) io.stderr.write(`${prog}: ${file}: note: member ${source.missing.text}; the members before it are explained\n`);
    const unused = sectionOptionsNote(opts, source.read(0, Math.min(8, source.size)));
    if (unused) io.stderr.write(`${prog}: ${file}: note: ${unused}\n`);
    const sha256 = opts['no-hash'] ? false : nodeSha256;
    const maxInflatedSize = opts['max-inflated-size'];
    let text: string;
    try {
      const { kind, tree } = explainInput(source, { sha256, era: llvmEra(opts.llvm), maxInflatedSize, ...sectionChoice(opts) });
      // A SYCLBIN's tree is inspectSyclbin's: the annotation of the same input names its nodes' bytes.
      // Other inputs read as without --offsets.
      const syclbin = kind === 'syclbin';
      if (opts.offsets && !syclbin) io.stderr.write(`${prog}: ${file}: note: --offsets applies to SYCLBIN files only\n`);
      text = opts.offsets && syclbin ? renderWithOffsets(source, tree, { maxInflatedSize }) : renderInspect(tree);
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      // LLVM IR text (a device module as clang writes it): its reader is loaded only for it.
      if (!(e instanceof SyclbinFormatError) && source.size > 0) {
        const ir = await import('../../lower/inspect-ir.js');
        if (ir.looksLikeIrText(source.read(0, Math.min(ir.IR_HEAD, source.size)), source.size <= ir.IR_HEAD)) {
          if (opts.offsets) io.stderr.write(`${prog}: ${file}: note: --offsets applies to SYCLBIN files only\n`);
          if (source.size > MAX_IR_TEXT) throw new CommandFailure(`${prog}: error: ${file}: LLVM IR text of ${source.size} bytes: more than the ${MAX_IR_TEXT}-byte limit of inspect ('syclbin lower' reads it)`);
          let tree;
          try {
            // An embedded object (clang -fembed-offload-object) is explained as the file it would be.
            // (the module's embedded objects inflate to the cap together, as the payloads of one input do)
            const inflatedBudget = {};
            const explain = (bytes: Uint8Array): InspectNode => {
              try {
                return explainInput(bytes, { sha256, era: llvmEra(opts.llvm), maxInflatedSize, inflatedBudget }).tree;
              } catch (err) {
                if (err instanceof DecodeError) return { label: 'not read', value: err.message };
                throw err;
              }
            };
            // LLVM's extractFromBitcode reads each initializer as OffloadBinaries back to back
            // (llvm-project:llvm/lib/Object/OffloadBinary.cpp): one that does not start with the
            // magic ends llvm-offload-binary with an error, said here as for a bitcode module.
            const notBinaries = (err: DecodeError, holds?: InspectNode): InspectNode => ({
              label: 'its initializer is not OffloadBinaries',
              value: `${err.reason}, at its byte ${err.offset}; llvm-offload-binary-22 stops with an error here${holds ? '. What it holds:' : ''}`,
              ...(holds ? { children: [holds] } : {}),
            });
            const embedded = (bytes: Uint8Array): InspectNode => {
              try {
                decode(OffloadMagic, bytes);
              } catch (err) {
                if (!(err instanceof DecodeError)) throw err;
                return notBinaries(err, explain(bytes));
              }
              // Binaries back to back: one that does not read (after a good one: junk at the end)
              // stops LLVM too; a limit of ours (the decompression cap) is not LLVM's failure.
              try {
                return explainInput(bytes, { sha256, era: llvmEra(opts.llvm), maxInflatedSize, inflatedBudget }).tree;
              } catch (err) {
                if (!(err instanceof DecodeError)) throw err;
                return err.code === 'LIMIT' ? { label: 'not read', value: err.message } : notBinaries(err);
              }
            };
            tree = ir.inspectIrText(source.read(0, source.size), { embedded });
          } catch (err) {
            // As `syclbin lower` reports it: FILE:LINE:COLUMN: error: REASON.
            if (err instanceof IrSyntaxError) throw new CommandFailure(`${prog}: ${file}:${err.line}:${err.column}: error: ${err.reason}`);
            throw err;
          }
          files.write(opts.output, renderInspect(tree));
          return EXIT.OK;
        }
      }
      // A SYCLBIN that does not read keeps syclbin-dump's sentence; anything else says what it is not.
      throw new CommandFailure(`${prog}: error: ${file}: ${e instanceof SyclbinFormatError ? `Failed to parse SYCLBIN file: ${e.message}` : e.message}`);
    }
    files.write(opts.output, text);
    return EXIT.OK;
  },
});
