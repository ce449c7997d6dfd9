/**
 * `syclbin offload-extract`: get the device images out of OffloadBinaries (or of objects holding
 * them). Two modes:
 * - `FILE --image=KEY=VALUE,... [--archive]` (or FILE alone): the extract mode of
 *   `llvm-offload-binary` of the chosen era, same files and names (src/offload/extract.ts
 *   `planLlvmExtraction`), a drop-in in build scripts;
 * - `FILE -o DIR` without `--image`: every image into DIR as `<index>-<triple>-<arch>.<ext>`.
 */
import { identifyImage, OBJDUMP_ERRORS, offloadContainerOf, readOffloadInput, type ImageInfo } from '../../offload/input.js';
import { BUNDLE_SNIFF, holdsOffloadBundle, type OffloadBundleEntryModel } from '../../containers/offload-bundle.js';
import { bareCandidates, binaryCandidates, ExtractError, extractedImageNames, planLlvmExtraction, safeFileName, type ExtractCandidate } from '../../offload/extract.js';
import { archiveChunks } from '../../containers/archive.js';
import { archiveMemberSymbols } from '../../containers/archive-symbols.js';
import { followsLlvmRules, llvmEra, type LlvmEraInfo } from '../../../formats/eras.js';
import { offloadKindName } from '../../../formats/kinds.js';
import { defineCommand, EXIT } from '../command.js';
import { CommandFailure, FileFailure, UsageError } from '../errors.js';
import { DecodeError, SyclbinError } from '../../codec/errors.js';
import { blobRef, type BlobRef, type ByteSource } from '../../codec/source.js';
import { carriesV2Roles } from '../../../formats/syclbin-v2.js';
import { encodeLatin1, utf8ByteString } from '../../codec/bytes.js';
import { irTextInputNote } from '../syclbin-input.js';
import { clipText } from '../../codec/messages.js';
import { llvmEraOption, maxInflatedSizeOption, opt, sectionChoice, sectionOptions, sectionOptionsNote } from '../options.js';
import { terminalSafe } from '../../hex/terminal.js';

/** File name extensions of bundle entries by what they are (an empty host entry gets none). */
const BUNDLE_EXTENSIONS: Readonly<Record<ImageInfo['kind'], string>> = { elf: 'o', bitcode: 'bc', spirv: 'spv', 'offload-binary': 'bin', syclbin: 'syclbin', unknown: '' };

/** An object of the input has a section named as clang-offload-bundler's (`.hip_fatbin`): its bundles are read by inspect and offload-list. */
function looksLikeHipBundles(input: { elf?: { elf: { sections: readonly { name: string }[] } }; coff?: { coff: { sections: readonly { name: string }[] } } }): boolean {
  const names = [...(input.elf?.elf.sections ?? []), ...(input.coff?.coff.sections ?? [])].map((s) => s.name);
  return names.some((n) => n === '.hip_fatbin' || n.startsWith('__CLANG_OFFLOAD_BUNDLE__'));
}

/** What the images of the input are known by, for a note about an --image that selects none. */
function candidatesText(candidates: readonly ExtractCandidate[], era: LlvmEraInfo): string {
  if (!candidates.length) return 'the input holds no image';
  const shown = candidates.slice(0, 4).map((c) => {
    const kind = offloadKindName(c.offloadKind, era.numbering);
    // (values cut short: a note is one line, whatever a triple holds)
    const v = (key: string): string => clipText(c.strings.get(key) ?? '');
    return [`triple=${v('triple')}`, ...(c.strings.has('arch') ? [`arch=${v('arch')}`] : []), `kind=${kind === 'none' ? c.offloadKind : kind}`].join(',');
  });
  return `the ${candidates.length} image(s) here: ${shown.join('; ')}${candidates.length > 4 ? '; ...' : ''}`;
}

/**
 * Folder mode's default bound on what it writes: 8 times what the input holds, its bytes and what its
 * compressed payloads inflate to, each once, plus 64 MiB. Every entry of a compressed bundle is in the
 * one decompressed buffer: counted per bundle of each object (`object`: bundles are numbered per
 * object, and archive members may share a name), not per entry.
 */
export function defaultOutputBudget(inputSize: number, found: readonly { binary: { compression?: unknown; inflatedSize?: bigint } }[], bundles: readonly { object: number; entry: Pick<OffloadBundleEntryModel, 'bundle' | 'compressed' | 'inflatedSize' | 'data'> }[]): number {
  const inflatedBundles = new Map<string, number>();
  for (const b of bundles) if (b.entry.compressed) inflatedBundles.set(`${b.object}\0${b.entry.bundle}`, b.entry.inflatedSize ?? b.entry.data.size);
  let inflated = 0;
  for (const f of found) if (f.binary.compression && f.binary.inflatedSize !== undefined) inflated += Number(f.binary.inflatedSize);
  for (const n of inflatedBundles.values()) inflated += n;
  return 8 * (inputSize + inflated) + 64 * 1024 * 1024;
}

/** Folder mode's default --max-files: more files than any build's images, fewer than a hostile file lists. */
const MAX_FOLDER_FILES = 100_000;

/** `syclbin offload-extract`: Extract device images from OffloadBinaries (llvm-offload-binary FILE --image=... syntax). */
export const command = defineCommand({
  name: 'offload-extract',
  statuses: 'llvm',
  llvmOptionSpellings: true,
  summary: 'Extract device images from OffloadBinaries (llvm-offload-binary FILE --image=... syntax)',
  usage: 'offload-extract [--llvm 19|22|main] FILE --image=KEY=VALUE[,KEY=VALUE...] [--image=...] [--archive] | syclbin offload-extract FILE -o DIR',
  responseFiles: true,
  description: `
FILE is anything 'syclbin offload-list' reads: OffloadBinaries, ELF and COFF objects and executables,
static archives (--section NAME and --by-name choose more sections), host LLVM bitcode modules (the
globals their !llvm.embedded.objects lists, as LLVM reads them). Device images outside any
OffloadBinary — the bare SPIR-V module in a clang++ -fsycl wrapper object or program, where LLVM stops
with 'Invalid data' — are extracted too, known by their triple (from the SYCL descriptor) and offload
kind (sycl), with no arch. OffloadBinaries found only by scanning ordinary data are extracted with
--scan always.

LLVM's extract mode (with --image, or without -o): does what 'llvm-offload-binary FILE --image=...'
of the chosen era does (--llvm; 22 = llvm-offload-binary-22 by default, 19 =
clang-offload-packager-19, main = upstream llvm-offload-binary), writing the same files:
  - each --image selects the images whose strings match every KEY=VALUE ('triple', 'arch' or any
    other key; a missing string reads as ''); 'kind=NAME' compares the offload kind with NAME's
    number in the era (22: openmp 1, cuda 2, hip 4, sycl 8; 19: hip 3, no sycl); 'file' only names
    the output;
  - file=OUT writes the last match to OUT (a warning when several match); --archive writes all
    matches to OUT as a static archive (members named after FILE as typed, or after the archive
    member holding the image), as LLVM does;
  - without file=, each match goes to <stem>-<triple>-<arch>.<n>.<ext> in the current directory
    (stem: FILE's name without directory and last extension; n counts this --image's matches from 0;
    ext: o, bc, cubin, fatbin, s, and nothing for other kinds, so a SPIR-V image of LLVM 22 becomes
    'k-spirv64-unknown-unknown-.0.'). On main '-<arch>' is left out when arch is empty, images that are
    themselves OffloadBinaries are extracted from, and 'Extracted: NAME' is printed per file;
  - without any --image nothing is extracted in 19 and 22 (a note says so), every image on main.
With -o DIR too, the files go to DIR instead of the current directory.

Our folder mode (-o DIR, no --image): every image to DIR (created if needed) as
<index>-<triple>-<arch>.<ext> (<index>-<triple>.<ext> when arch is empty): index across the input,
as 'syclbin offload-list --json' labels images (with --scan always the binaries found by scanning
follow, in the order of its 'scanned'); ext from the image kind (o, bc, cubin, fatbin, s, spv;
kind 7: syclbin when the bytes are a SYCLBIN, prop and bin for a SYCLBIN v2's metadata and module
role entries; when LLVM has no name for the kind, what the bytes are: spv, bc or o, else bin; so
clang-sycl-linker's kind-0 SPIR-V is a .spv, as the same module found in the program is).
Characters other than letters, digits and . _ + - in the triple/arch become _. An OffloadBinary
of SYCLBIN v2 role entries is the SYCLBIN itself: it is also written whole, as binary<k>.syclbin
(k: its index in offload-list --json's 'binaries'), the file 'syclbin dump' reads. The entries of
HIP offload bundles (clang-offload-bundler, HIP without -fgpu-rdc) follow, numbered on, as
<index>-[<member>-]bundle<n>-<ID>[.<ext>]: the bytes llvm-objdump-22 --offloading writes for them
(decompressed, as clang-offload-bundler --unbundle, for a compressed bundle). One line per file
written is printed.

--strict does exactly what the era's llvm-offload-binary does, for build scripts: no device images
outside OffloadBinaries, no notes, and where it fails (a wrapper object or program, a version it
cannot read, trailing padding) its error line ('error: MESSAGE') and status 1 with nothing written;
a module or unknown file yields nothing and status 0, as there. In modes 19 and 22 binaries are read
by LLVM's own rules (see 'syclbin offload-list --help'); -o with an input is LLVM's "mutually
exclusive" error. Where LLVM would read outside a binary (undefined behaviour), this toolkit's error
is given. Checked on every extract golden of the repository's testdata/llvm22 and live on archives, modules and broken
files.

Every file is written atomically; an image file is never written over FILE itself unless --force.`,
  options: {
    image: opt.list('KEY=VALUE,...', 'Select images and name their output, as llvm-offload-binary --image (repeatable)'),
    archive: opt.flag("Write each --image's matches to its file=OUT as a static archive"),
    llvm: llvmEraOption("whose llvm-offload-binary to follow (names, kind numbers, what no --image does)"),
    output: opt.outputDir('Folder to write to (folder mode without --image; the base of relative outputs with --image)', { short: 'o' }),
    'max-inflated-size': maxInflatedSizeOption(),
    'max-output-size': opt.bytes('BYTES', 'Folder mode: refuse, before writing anything, to write more than BYTES in all (images and bundle entries may all name the same bytes of FILE)', { defaultText: '8 x (FILE + its payloads inflated) + 64M', min: 1 }),
    'max-files': opt.int('N', 'Folder mode: refuse, before writing anything, to write more than N files (each image and bundle entry is one; every one waits to be renamed into place at the end)', { min: 1, default: MAX_FOLDER_FILES }),
    force: opt.flag('Allow an extracted image to replace FILE itself'),
    strict: opt.flag("Do exactly what the era's llvm-offload-binary does: no images outside OffloadBinaries, no notes, its error and status where it fails"),
    ...sectionOptions(),
    scan: opt.choice(['auto', 'always', 'never'], 'auto|always|never', 'always: also extract OffloadBinaries found by scanning ordinary data (LLVM does not)', { default: 'auto' }),
  },
  positionals: { min: 1, max: 1 },
  examples: [
    'syclbin offload-extract dev.bin --image=file=k.cubin,triple=nvptx64-nvidia-cuda,arch=sm_70   # = llvm-offload-binary-22',
    'syclbin offload-extract k.o --image=triple=spirv64-unknown-unknown   # k-spirv64-unknown-unknown-generic.0.bc (clang++-22 -fsycl -c)',
    'syclbin offload-extract a.out.spirv64..img --image=triple=spirv64-unknown-unknown   # a.out.spirv64.-spirv64-unknown-unknown-.0. (SPIR-V)',
    'syclbin offload-extract dev.bin --archive --image=file=nvptx.a,triple=nvptx64-nvidia-cuda',
    'syclbin offload-extract --llvm main dev.bin   # every image, "Extracted: ..." per file',
    'syclbin offload-extract dev.bin -o images/   # images/0-nvptx64-nvidia-cuda-sm_70.o, ...',
    'syclbin offload-extract --strict a.out --image=triple=spirv64-unknown-unknown   # fails as llvm-offload-binary-22 fails',
  ],
  async run({ opts, file, files, prog, io }) {
    const era = llvmEra(opts.llvm);
    const read = { maxInflatedSize: opts['max-inflated-size'] };
    // (a note quotes names from the file, an archive member's among them: control characters and bytes
    // that are not UTF-8 are shown as \xNN, as hexdump and annotate show them, not sent to the terminal)
    const note = (message: string): void => void io.stderr.write(`${prog}: ${file}: note: ${message.split('\n').map(terminalSafe).join('\n')}\n`);
    // llvm-offload-binary (and clang-offload-packager-19) given an input and -o, with or without
    // --image: this error, status 1 (LLVM has no folder mode; --strict answers as LLVM does).
    if (opts.strict && opts.output !== undefined) throw new CommandFailure(`${prog}: error: Packaging to an output file and extracting from an input file are mutually exclusive.`);
    if (opts.strict && opts.scan === 'always') throw new UsageError('--strict extracts what llvm-offload-binary extracts: no --scan always');
    if (opts.archive && opts.output !== undefined && !opts.image.length) throw new UsageError('--archive writes the images an --image selects into the archive its file= names; folder mode (-o DIR without --image) writes one file per image');
    let input;
    const folder = opts.output !== undefined && !opts.image.length;
    // (--image writes what llvm-offload-binary writes, bound by nothing but what it selects)
    if (opts['max-output-size'] !== undefined && !folder) throw new UsageError('--max-output-size bounds folder mode (-o DIR without --image); --image writes what llvm-offload-binary writes');
    // Folder mode (ours) also writes the entries of HIP offload bundles (clang-offload-bundler), read as
    // llvm-objdump-22 reads them (src/containers/offload-bundle.ts): LLVM's packer does not read them.
    let bundles: { member?: string; object: number; entry: OffloadBundleEntryModel }[] = [];
    let inputSize = 0;
    let source: ByteSource | undefined;
    const bundleNotes: string[] = [];
    try {
      input = await files.readAsync(file, async (given) => {
        const src = files.withThinMembers(file, given, opts.strict ? undefined : note);
        inputSize = src.size;
        source = src;
        const unused = opts.strict ? undefined : sectionOptionsNote(opts, src.read(0, Math.min(8, src.size)));
        if (unused) note(unused);
        // A thin archive's member file that cannot be opened: LLVM's extraction fails there, nothing is written.
        if (src.missing) throw new CommandFailure(opts.strict ? `${prog}: error: '${terminalSafe(clipText(src.missing.path))}': ${src.missing.message}` : `${prog}: error: ${file}${src.missing.text}\n${prog}: ${file}: note: nothing extracted`);
        // llvm-offload-binary finds nothing, successfully, in a file of no kind it reads.
        if (opts.strict && offloadContainerOf(src.read(0, Math.min(64, src.size))) === 'unknown') return undefined;
        // A malformed archive member fails the extraction (nothing is written), named as LLVM names it: `FILE(MEMBER)`.
        const memberErrors: { member: string; error: DecodeError }[] | undefined = opts.strict ? undefined : [];
        let found: ReturnType<typeof readOffloadInput>;
        try {
          found = readOffloadInput(src, { ...read, ...sectionChoice(opts), scan: opts.strict ? 'never' : opts.scan, peer: era.packer, peerReads: era.reads, peerTool: 'packer', llvmRules: opts.strict && followsLlvmRules(era), membersAligned: src.thin === true, memberErrors });
        } catch (e) {
          const ir = e instanceof DecodeError ? await irTextInputNote(src, file, era.packer) : undefined;
          throw ir ? new FileFailure(file, e, [ir]) : e;
        }
        if (memberErrors?.length) throw new CommandFailure(memberErrors.map((m) => `${prog}: error: ${file}${m.member ? `(${terminalSafe(clipText(m.member))})` : ''}: ${m.error.message}`).join('\n') + `\n${prog}: ${file}: note: nothing extracted`);
        if (folder && (looksLikeHipBundles(found) || found.container === 'archive' || holdsOffloadBundle(src.read(0, Math.min(BUNDLE_SNIFF, src.size)), src.size))) {
          const withBundles = readOffloadInput(src, { ...read, ...sectionChoice(opts), scan: 'never', peer: llvmEra('22').objdump, bundles: true, membersAligned: src.thin === true });
          // (those llvm-objdump-22 writes out, then those it does not read: a bundle file, a COFF object's)
          const lists = [...withBundles.objects.map((o) => ({ member: o.member, entries: o.bundles ?? [] })), ...(withBundles.otherBundles ?? [])];
          bundles = lists.flatMap((o, object) => o.entries.map((entry) => ({ ...(o.member === undefined ? {} : { member: o.member }), object, entry })));
          // Why a bundle could not be read (a COFF object, the inflate cap, a corrupt stream), per object.
          // (an archive member of an all-blank name, which llvm-objdump lists as `FILE():`, is said in words, not as an empty ': ')
          for (const f of withBundles.bundleFailures ?? []) bundleNotes.push(`${f.member === undefined ? '' : f.member === '' ? 'the archive member with an empty name: ' : `${f.member}: `}llvm-objdump-22 fails on the offload bundles ("${f.message}"): ${f.why}`);
        }
        return found;
      });
    } catch (e) {
      // --strict: llvm-offload-binary's lines: `error: 'FILE': STRERROR` where it cannot open or read
      // the file, `error: MESSAGE` where it cannot parse it (this toolkit's message for a malformed file).
      if (opts.strict && e instanceof FileFailure && e.file === file) {
        // LLVM's line is its message alone: our reason without the path and offset, as offload-list --strict says it.
        throw new CommandFailure(e.cause instanceof DecodeError ? `${prog}: error: ${e.cause.reason}` : e.cause instanceof SyclbinError ? `${prog}: error: ${e.message}` : `${prog}: error: '${file}': ${e.message}`);
      }
      // Without --strict: the file quoted, as llvm-offload-binary (and offload-list) name it, this toolkit's message and notes.
      if (e instanceof FileFailure && e.file === file) throw new FileFailure(e.file, e.cause, e.notes, true);
      throw e;
    }
    if (!input) return EXIT.OK;
    if (opts.strict) {
      // Where llvm-offload-binary fails: its error ("error: MESSAGE"), status 1, nothing written.
      const unreadable = input.found.some((f) => !era.reads.includes(f.binary.version));
      const failure = input.peerFailure?.message ?? (unreadable ? OBJDUMP_ERRORS.invalidData : undefined);
      if (failure) throw new CommandFailure(`${prog}: error: ${failure}`);
    } else for (const n of input.notes) note(n);
    // What LLVM's extractOffloadBinaries finds (not the scan finds, unless asked for), then the device
    // images outside OffloadBinaries (wrapper objects, executables), which LLVM cannot extract.
    // (scan finds last, in file order: the numbers of the others are those of offload-list --json's
    // `binaries`, the scan finds follow in the order of its `scanned`)
    const listed = [...input.found.filter((f) => !f.byScan), ...(opts.scan === 'always' ? input.found.filter((f) => f.byScan) : [])];
    // A bitcode or SPIR-V file given as the input is itself the one module: --image (LLVM's command
    // line, where llvm-offload-binary finds nothing in it, status 0) writes no copy of it; -o DIR does.
    const whole = input.container === 'bitcode' || input.container === 'spirv';
    const bare = opts.strict || (whole && !folder) ? [] : input.bare;
    const candidates = [...binaryCandidates(listed.map((f) => f.binary), listed.map((f) => f.site.memberName)), ...bareCandidates(bare)];
    if (whole && !folder && !opts.strict && input.bare.length) note(`the input is itself one module: nothing to extract from it with --image (as ${era.packer}); -o DIR writes a copy`);
    else if (bare.length) {
      const theirs = input.peerFailure ? `${era.packer} fails on this file` : `${era.packer} finds none of them`;
      note(`${bare.length} device image(s) outside any OffloadBinary ${folder ? 'are extracted too' : 'are extracted too where --image selects them'} (${theirs})`);
    }

    if (folder) {
      // A binary of SYCLBIN v2 role entries is itself the SYCLBIN (formats/syclbin-v2.ts): its entries
      // are parts of it (registry text, prefixed modules) that nothing reads alone, so it is written
      // whole too, as `binary<k>.syclbin` (k: its index in offload-list --json's `binaries`), the file
      // `syclbin dump` reads. (A bitcode global's binary has no bytes of the input to copy.)
      const wholeSyclbins: { index: number; first: number; last: number; bytes: BlobRef }[] = [];
      let firstImage = 0;
      listed.forEach((f, index) => {
        const first = firstImage;
        firstImage += f.binary.entries.length;
        if (carriesV2Roles(f.binary.entries) && f.site.global === undefined && source) {
          wholeSyclbins.push({ index, first, last: firstImage - 1, bytes: blobRef(source, f.site.offset, f.binary.size, f.site.offset) });
        }
      });
      // Entries may all name the same bytes (one range listed thousands of times): what folder mode
      // writes is bounded by the input's size, checked before anything is written.
      const total = candidates.reduce((n, c) => n + c.image.size, 0) + bundles.reduce((n, b) => n + b.entry.data.size, 0) + wholeSyclbins.reduce((n, w) => n + w.bytes.size, 0);
      const budget = opts['max-output-size'] ?? defaultOutputBudget(inputSize, input.found, bundles);
      // Every file waits, written under a temporary name, to be renamed when all are (nothing is left
      // half done): a file of a million tiny binaries would hold a million of them, and their names.
      const count = candidates.length + bundles.length + wholeSyclbins.length;
      if (count > opts['max-files']!) {
        throw new CommandFailure(`${prog}: error: ${file}: ${count} images and bundle entries, more than ${opts['max-files']} files (--max-files): nothing written; raise --max-files to write them all`);
      }
      if (total > budget) {
        throw new CommandFailure(
          `${prog}: error: ${file}: the ${candidates.length + bundles.length} images and bundle entries add up to ${total} bytes, more than ${budget} (--max-output-size; by default 8 times the input, its payloads inflated, and 64 MiB): entries naming the same bytes over and over? Nothing written; raise --max-output-size to write them all`,
        );
      }
      files.dir(opts.output!);
      for (const n of bundleNotes) note(n);
      if (!candidates.length && !bundles.length) {
        // Say why, with what does read what is there.
        const scanned = input.found.filter((f) => f.byScan).length;
        const why = scanned
          ? `the ${scanned} OffloadBinary(s) found by scanning ordinary data are extracted with --scan always`
          : looksLikeHipBundles(input)
            ? `its offload bundles (HIP without -fgpu-rdc) could not be read${bundleNotes.length ? ' (the note above says why)' : ''}`
            : 'no OffloadBinary and no device image in it';
        note(`nothing extracted: ${why}`);
      }
      // Every output is checked (not over an input, not twice) before any line says it was written.
      const lines: string[] = [];
      extractedImageNames(candidates).forEach((name, i) => {
        const image = candidates[i]!.image;
        // The image is copied from the input in windows (a blob), not loaded whole.
        files.write(files.join(opts.output!, name), [image]);
        lines.push(`${files.join(opts.output!, name)} (${image.size} bytes)\n`);
      });
      // A binary of SYCLBIN v2 role entries is itself the SYCLBIN (formats/syclbin-v2.ts): its entries
      // are parts of it (registry text, prefixed modules) that nothing reads alone, so it is written
      // whole too, as `binary<k>.syclbin` (k: its index in offload-list --json's `binaries`), the file
      // `syclbin dump` reads. (A bitcode global's binary has no bytes of the input to copy.)
      for (const w of wholeSyclbins) {
        const name = files.join(opts.output!, `binary${w.index}.syclbin`);
        files.write(name, [w.bytes]);
        lines.push(`${name} (${w.bytes.size} bytes)\n`);
        note(`images ${w.first}-${w.last} are the parts of one SYCLBIN v2 (OffloadBinary ${w.index}): ${name} is all of it, the file 'syclbin dump' reads`);
      }
      // Bundle entries numbered on after the images: `<n>-bundle<b>-<ID>[.<ext>]` (an archive member's
      // entries with the member's name first, as llvm-objdump-22 names its files).
      bundles.forEach(({ member, entry }, i) => {
        const ext = BUNDLE_EXTENSIONS[identifyImage(entry.data).kind];
        // Member names and IDs are cut so the name stays within file-system limits (255 bytes).
        const name = `${candidates.length + i}-${member === undefined ? '' : `${safeFileName(member).slice(0, 80)}-`}bundle${entry.bundle}-${safeFileName(entry.id).slice(0, 120)}${ext ? `.${ext}` : ''}`;
        files.write(files.join(opts.output!, name), [entry.data]);
        lines.push(`${files.join(opts.output!, name)} (${entry.data.size} bytes)\n`);
      });
      // In place first: no line names a file that a failed rename (a name too long, a full disk) left unwritten.
      files.commitPending();
      io.stdout.write(lines.join(''));
      return EXIT.OK;
    }

    const planOf = (images: readonly string[]): ReturnType<typeof planLlvmExtraction> => {
      try {
        return planLlvmExtraction(candidates, file, images, { era, archive: opts.archive, read });
      } catch (e) {
        if (e instanceof ExtractError) throw new CommandFailure(`${prog}: error: ${e.message}`);
        throw e;
      }
    };
    if (!opts.image.length && era.extract.withoutImage === 'nothing' && !opts.strict) {
      note(`nothing extracted: without --image ${era.packer} extracts nothing; pass --image=..., --llvm main (every image) or -o DIR`);
    }
    const base = opts.output === undefined ? undefined : files.dir(opts.output);
    const at = (path: string): string => (base === undefined ? path : files.join(base, path));
    // Two --image options naming the same output: LLVM writes both, the later over the earlier; so the
    // last one is written here (once: the output writer refuses a second write to a path).
    const last = <T extends { path: string }>(list: T[]): T[] => {
      const at = new Map(list.map((x, i) => [x.path, i]));
      const kept = list.filter((x, i) => at.get(x.path) === i);
      if (kept.length < list.length && !opts.strict) {
        for (const p of new Set(list.filter((x, i) => at.get(x.path) !== i).map((x) => x.path))) note(`${p} is named by more than one --image: the last one is written (${era.packer} writes each in turn, the last over the others)`);
      }
      return kept;
    };
    /** Writes what `plan` writes; returns the lines LLVM prints of it, for after the outputs are in place. */
    const writePlan = (plan: ReturnType<typeof planLlvmExtraction>): string[] => {
      for (const w of plan.warnings) io.stderr.write(`${prog}: warning: ${w}\n`);
      // LLVM says nothing when an --image selects nothing; a note says what there is to select.
      if (!opts.strict && plan.unmatched.length) for (const spec of plan.unmatched) note(`--image=${spec} selects no image (${candidatesText(candidates, era)})`);
      for (const f of last(plan.files)) files.write(at(f.path), [f.image], { replace: opts.strict });
      for (const a of last(plan.archives)) {
        // Members that are object files or bitcode get LLVM's archive symbol table (writeArchive NormalSymtab).
        const members = a.members.map((m, i) => {
          let found;
          try {
            found = archiveMemberSymbols(m.image);
          } catch (e) {
            // An object LLVM cannot read either (writeArchive fails: `error: 'MEMBER': ...`; its wording
            // is not reproduced): the member is named.
            if (!(e instanceof SyclbinError)) throw e;
            throw new CommandFailure(opts.strict ? `${prog}: error: '${m.name}': ${e.message}` : `${prog}: error: ${a.path}: member ${i} (${m.name}): ${e.message}`);
          }
          const { symbols, problem, llvmToo } = found;
          if (problem && llvmToo) {
            // LLVM's warning (writeArchive's Warn: `warning: 'MEMBER': MESSAGE`); under --strict only where its text is known.
            if (!opts.strict) io.stderr.write(`${prog}: warning: ${a.path}: member ${i} (${m.name}): not bitcode LLVM can read (${problem}): written as data, without symbols, as ${era.packer} writes it (it warns${llvmToo.message ? ` "${llvmToo.message}"` : ''})\n`);
            // (LLVM's writeArchive warning has no program name before it.)
            else if (llvmToo.message) io.stderr.write(`warning: '${m.name}': ${llvmToo.message}\n`);
          } else if (problem) io.stderr.write(`${prog}: warning: ${a.path}: member ${i} (${m.name}): its symbols are not in the archive's symbol table (${problem}); ${era.packer} would list them\n`);
          return { name: m.name, data: m.image, ...(symbols ? { symbols } : {}) };
        });
        // LLVM's writeArchive keeps a temporary file under the name given (llvm/lib/Object/ArchiveWriter.cpp
        // `writeArchive`: TempFile::keep), so `file=-` with --archive is a file named '-', not standard
        // output (llvm-offload-binary-22 does so: test/llvm22/strict-rules.test.ts).
        files.write(a.path === '-' && base === undefined ? './-' : at(a.path), archiveChunks(members), { replace: opts.strict });
      }
      return plan.stdout;
    };
    // (names as their bytes: a file name's bytes that are not UTF-8 printed as LLVM prints them)
    const say = (lines: readonly string[]): void => {
      for (const line of lines) io.stdout.write(encodeLatin1(utf8ByteString(`${line}\n`)));
    };
    if (!opts.strict) {
      // Ours: every --image planned and checked first, then every output written atomically: a failure
      // anywhere leaves no output (docs/offload.md, "Where we differ").
      const lines = writePlan(planOf(opts.image));
      files.commitPending();
      say(lines);
      return EXIT.OK;
    }
    // --strict: each --image in turn, as llvm-offload-binary's unbundleImages runs them; what an
    // earlier one wrote stays when a later one fails (its error line, status 1), and the warnings of
    // the --image options it never reaches are not printed.
    for (const images of opts.image.length ? opts.image.map((i) => [i]) : [[]]) {
      try {
        const lines = writePlan(planOf(images));
        files.commitPending();
        say(lines);
      } catch (e) {
        // A write it cannot make: LLVM's `error: STRERROR` (its writeFile names no file).
        if (e instanceof FileFailure) throw new CommandFailure(`${prog}: error: ${e.message}`);
        throw e;
      }
    }
    return EXIT.OK;
  },
});
