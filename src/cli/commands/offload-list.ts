/**
 * `syclbin offload-list FILE`: the `llvm-objdump --offloading FILE` text of the chosen LLVM era
 * (`--llvm 19|22|main`, formats/eras.ts; src/offload/objdump-text.ts) for a file holding
 * OffloadBinaries or an object holding them in offloading sections, optionally with every string
 * entry, or as JSON (schemas/offload-list.schema.json).
 */
import { offloadingTextStream, type ListingOptions } from '../../offload/objdump-text.js';
import { isOffloadBinary } from '../../offload/read.js';
import { followsLlvmRules, llvmEra } from '../../../formats/eras.js';
import { SyclbinError, type DecodeError } from '../../codec/errors.js';
import type { ByteSource } from '../../codec/index.js';
import type { OffloadInput } from '../../offload/input.js';
import type { bundleFileName as BundleFileName } from '../../offload/input-text.js';
import { defineCommand, EXIT } from '../command.js';
import { CommandFailure, FileFailure, UsageError } from '../errors.js';
import { irTextInputNote } from '../syclbin-input.js';
import type { ThinMemberMissing } from '../files.js';
import { clipText } from '../../codec/messages.js';
import { llvmEraOption, maxInflatedSizeOption, opt, outputOptions, sectionChoice, sectionOptions, sectionOptionsNote } from '../options.js';
import { latin1Bytes } from '../../node/output.js';
import { terminalSafe } from '../../hex/terminal.js';

/** `syclbin offload-list`: List the images of LLVM OffloadBinaries (same text as llvm-objdump --offloading). */
export const command = defineCommand({
  name: 'offload-list',
  statuses: 'llvm',
  summary: 'List the images of LLVM OffloadBinaries (same text as llvm-objdump --offloading)',
  usage: 'offload-list [--llvm 19|22|main] [--strings | --json | --strict] [--section NAME] [--scan auto|always|never] [FILE...]',
  responseFiles: true,
  description: `
Several FILEs are listed one after another and the first that fails ends the run, as llvm-objdump
does; with none, a.out is read. (--json takes one FILE.)

FILE is whatever llvm-objdump --offloading reads, and more:
  - OffloadBinaries back to back (versions 1, 2 and 3, compressed or not), as llvm-offload-binary
    writes them or an .llvm.offloading section holds them; fewer than 64 zero bytes after the last are
    padding (llvm-objdump rejects them; a note says so);
  - ELF objects, executables and shared objects (32/64-bit, either byte order): the binaries of their
    sections of type SHT_LLVM_OFFLOADING, in section order, after llvm-objdump's
    '<FILE>:<TAB>file format elf64-x86-64' line. Sections named .llvm.offloading of another type are
    skipped as llvm-objdump skips them (a note says so); --by-name reads them, --section NAME reads
    sections of other names too (e.g. .cray.llvm.offloading);
  - COFF objects (sections named .llvm.offloading*), and static archives of any of these
    ('<FILE>(<MEMBER>):' header per member); llvm-objdump stops at a member that is an OffloadBinary
    file or an archive: that member (a nested archive's members as FILE(INNER(MEMBER))) and every
    later one follow its text, each under '<FILE>(<MEMBER>): (...; llvm-objdump-22 stops before it)'
    (--json: afterObjdump; their offload bundles are not written). A malformed member is an error
    naming FILE(MEMBER), status 1, with the members around it listed; Windows programs (PE images),
    of which llvm-objdump prints only the header line: their SYCL device images are found through
    the SYCL descriptor;
  - wrapper objects and programs linked by clang++ -fsycl, whose .llvm.offloading section holds a bare
    SPIR-V module (llvm-objdump stops there with 'Invalid data'): after what llvm-objdump prints, a
    'DEVICE IMAGE [i]' block gives its kind, triple, size, place and the kernel names of the
    llvm_offload_entries table (COFF: llvm_offload_entries$OE); LLVM bitcode and SPIR-V files get a
    'MODULE' block, except a host bitcode module: its !llvm.embedded.objects OffloadBinaries (what
    llvm-offload-binary extracts) are listed under 'OffloadBinary in @GLOBAL';
  - OffloadBinaries embedded in ordinary data are found by their magic and validated (--scan auto,
    the default, when no offloading section holds one); llvm-objdump does not list them, so they are
    only noted (one note per object: how many, where the first is) unless --scan always (or --json)
    asks for them;
  - Mach-O, WebAssembly and XCOFF objects: llvm-objdump's header line ('mach-o 64-bit x86-64', 'wasm',
    'aixcoff-rs6000', ...) and nothing else (llvm-objdump warns that --offloading reads COFF and ELF
    only; status 0); Mach-O universal binaries: nothing (status 0), and in an archive llvm-objdump
    stops there as at a nested archive.

HIP objects built without -fgpu-rdc hold clang-offload-bundler bundles (.hip_fatbin): with --llvm 22
(the default) and main, their entries are WRITTEN TO FILES next to FILE (FILE's path followed by
.<bundle>.<ID>; for an archive member, MEMBER.<bundle>.<ID> in the working directory), one
'Extracting offload bundle: NAME' line each, as llvm-objdump-22 does (a compressed bundle's entries
are written decompressed, where llvm-objdump-22.1 writes other bytes; --llvm 19 and --json write
nothing; docs/offload.md 'HIP offload bundles').

The text is byte for byte what llvm-objdump --offloading of the chosen era prints (--llvm):
  22 (default)  llvm-objdump-22 (LLVM 22.1): offload kinds are the bitmask of llvm-project #135809
                (openmp 1, cuda 2, hip 4, sycl 8; anything else 'none'); image kind 6 (SPIR-V) is
                '<none>'.
  19            llvm-objdump-19 (LLVM 19.1): sequential kinds (openmp 1, cuda 2, hip 3; LLVM 19 has
                no SYCL kind, so intel/llvm's sycl = 4 and LLVM 22's sycl = 8 show as 'none').
  main          upstream llvm-objdump after llvm-project #185425 (unreleased; read from its source
                and tests): image kind 6 is 'spir-v', every block ends with 'image size  N bytes',
                and an image that is itself an OffloadBinary is followed by 'nested images  N' and
                its images as [i.j], indented by two spaces per level.
The same file can mean different things: a version-1 binary does not say which era wrote it (offload
kind 4 is hip in LLVM 22 and sycl in intel/llvm; 3 is hip only before LLVM 21). --json says so for
each such entry (offloadKindAmbiguity). Versions 2 and 3 exist only in the bitmask era and are named
with it in every mode; no released LLVM reads them (llvm-objdump-19 and -22 report 'Invalid data'),
so in modes 19 and 22 they are listed in that era's layout, with a note on stderr.

--strict is the drop-in for scripts: exactly the standard output of the era's llvm-objdump, and where
it fails (a wrapper object, a program, a module file, a version it cannot read, trailing padding, an
OffloadBinary file inside an archive) what it printed before failing, then its error line
('syclbin offload-list: error: 'FILE': MESSAGE') and status 1; its warnings likewise; no extension
blocks, no notes. (Where a container itself is malformed, e.g. an archive member whose ELF header
points past its end, the label is LLVM's and the message this toolkit's.) In modes 19 and 22
binaries are read by LLVM's own rules (OffloadBinary::create: EntrySize is checked, an image's
end is not, an entry may overlap the header; string bytes are printed as they are, UTF-8 or not),
with LLVM's messages ('Invalid data was encountered while parsing the
file', 'The end of the file was unexpectedly encountered'). Where LLVM would read outside a binary
(undefined behaviour: it may crash), this toolkit's error is given instead. Checked on every
llvm-objdump-19/-22 golden of the repository's testdata/llvm22 and on mutated files against both tools.

--strings adds, after each image's lines, the number of keys and every key and value (control
characters and bytes that are not UTF-8 shown as \\xNN, an empty key as ""); a key given more than once keeps its last
value, as in every reader, and the count says how many string entries there are. --json prints a
JSON document (schemas/offload-list.schema.json) with every header field, kind numbers and names,
image offsets and sizes, all strings (with their bytes in hex where they are not UTF-8; a repeated
key's every entry and value under repeatedKeys), the kernel names of
clang-sycl-linker images (the 'symbols' entry: newline-separated text in LLVM 22, a binary
table on main) and nested binaries; the 64-bit fields of a binary (offset, size, imageOffset,
imageSize) are decimal strings, what a reader found (image.size, bare images) are numbers.`,
  options: {
    llvm: llvmEraOption('whose llvm-objdump text to print and how to name kind numbers'),
    strings: opt.flag('Also print every string entry (key and value) of each image'),
    strict: opt.flag("Print exactly what the era's llvm-objdump prints and fail where it fails (no extensions, no notes)"),
    json: opt.flag('Print JSON (schemas/offload-list.schema.json) instead of text'),
    // So that `llvm-objdump --offloading FILE` becomes `syclbin offload-list --offloading FILE` by
    // replacing the program name alone.
    offloading: opt.flag("Accepted and ignored: llvm-objdump's flag for this listing, so a command line swaps by its program name alone"),
    // llvm-objdump-22 --offloading prints the same text with -C: its listing names no symbol.
    demangle: opt.flag("Accepted and ignored, as llvm-objdump's -C changes nothing of its --offloading text (the listing names no symbol)", { short: 'C' }),
    'max-inflated-size': maxInflatedSizeOption(),
    ...sectionOptions(),
    scan: opt.choice(['auto', 'always', 'never'], 'auto|always|never', 'Search ordinary data for embedded OffloadBinaries (auto: only when no offloading section holds one)', { default: 'auto' }),
    ...outputOptions(),
  },
  positionals: { min: 0, max: Infinity },
  examples: [
    'syclbin offload-list dev.bin                 # = llvm-objdump-22 --offloading dev.bin',
    'syclbin offload-list --llvm 19 dev.bin       # = llvm-objdump-19 --offloading dev.bin',
    'syclbin offload-list --offloading dev.bin    # the same (--offloading is accepted and ignored)',
    'syclbin offload-list --llvm main multi.bin   # image sizes and nested binaries, as upstream main',
    'syclbin offload-list --strings dev.bin',
    'syclbin offload-list --strict a.out || echo "llvm-objdump-22 would fail too"',
    'syclbin offload-list --json a.out.spirv64..img | jq .binaries[0].entries[0].kernels',
    'syclbin offload-list omp.o   # clang-22 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu -c omp.c',
  ],
  async run({ opts, args, files, prog, io }) {
    if (opts.strings && opts.json) throw new UsageError('--strings and --json cannot be combined (JSON always has the strings)');
    // As llvm-objdump: several files are listed one after the other (stopping at the first that fails),
    // and none means a.out.
    // (llvm-objdump skips empty names: `''` alone means a.out too.)
    const given = args.filter((a) => a !== '');
    const inputs = given.length ? given : ['a.out'];
    if (opts.json && inputs.length > 1) throw new UsageError('--json lists one file (run it once per file)');
    // How llvm-objdump names a file in its text and in the offload bundle files it writes: standard
    // input is `<stdin>` (MemoryBuffer's name for it); its error lines name the path as given (`'-'`).
    const shown = (f: string): string => (f === '-' ? '<stdin>' : f);
    if (opts.strict && (opts.strings || opts.json)) throw new UsageError('--strict prints llvm-objdump\'s text only: no --strings or --json');
    // llvm-objdump lists only what its reader finds (no scanning of ordinary data): as offload-extract --strict.
    if (opts.strict && opts.scan === 'always') throw new UsageError("--strict lists what llvm-objdump lists: no --scan always");
    const era = llvmEra(opts.llvm);
    if (era.listing.closedPipeStatus !== 141) io.closedPipeStatus?.(era.listing.closedPipeStatus);
    const read = { maxInflatedSize: opts['max-inflated-size'] };
    const out = files.output(opts.output);
    const versions = new Set<number>();
    const notedVersions = new Set<number>();
    let file = inputs[0]!;
    // (a note quotes names from the file, an archive member's among them: control characters and bytes
    // that are not UTF-8 are shown as \xNN, as hexdump and annotate show them, not sent to the terminal)
    const note = (message: string): void => void io.stderr.write(`${prog}: ${file}: note: ${message.split('\n').map(terminalSafe).join('\n')}\n`);
    const warn = (m: string): void => void io.stderr.write(`${prog}: warning: ${file}: ${m}\n`);
    // Text is written as the bytes llvm-objdump prints (string values that are not UTF-8 included).
    const listing: ListingOptions = { strings: opts.strings, era, read, warn, byteStrings: true };
    // The offload bundles of the objects listed (HIP without -fgpu-rdc): written where llvm-objdump-22
    // writes them, `<FILE or MEMBER>.<bundle>.<ID>`, beside FILE as given or, for an archive member, in
    // the working directory. An ID or member name that would name another directory is refused (LLVM
    // writes there: an archive from anyone could drop files anywhere). A name written twice (members of
    // one name, a file listed twice) is written again, the later replacing the earlier, as LLVM does.
    const plain = (x: string): boolean => !x.includes('/') && !x.includes('\0');
    const writeBundles = (given: string, input: OffloadInput, nameOf: typeof BundleFileName): { written: number; decompressed: number } => {
      let n = 0;
      let decompressed = 0;
      for (const o of input.objects) {
        // (as llvm-objdump-22: the objects it does not reach write nothing)
        if (o.afterPeer) continue;
        for (const b of o.bundles ?? []) {
          if (!plain(b.id)) throw new CommandFailure(`${prog}: error: ${given}: offload bundle ${b.bundle} has an entry ID ${JSON.stringify(b.id)}: not written (it would name another directory)`);
          if (o.member !== undefined && !plain(o.member)) throw new CommandFailure(`${prog}: error: ${given}: member ${JSON.stringify(o.member)} holds offload bundles: not written (its name would put them in another directory)`);
          files.write(nameOf(given, o, b), [b.data], { replace: true });
          n++;
          if (b.compressed) decompressed++;
        }
      }
      return { written: n, decompressed };
    };
    let stdinRead = false;
    const memberErrors: { member: string; error: DecodeError }[] = [];
    for (file of inputs) {
      if (file === '-' && stdinRead && opts.strict) {
        // llvm-objdump reads standard input again and finds it empty.
        const { OBJDUMP_ERRORS } = await import('../../offload/input.js');
        io.stderr.write(`${prog}: error: '-': ${OBJDUMP_ERRORS.notAnObject}\n`);
        return EXIT.FAILURE;
      }
      if (file === '-') stdinRead = true;
      let strictError: { label: string; message: string } | undefined;
      let missing: ThinMemberMissing | undefined;
      await strictFileErrors(opts.strict, prog, file, () => files.readAsync(file, async (given) => {
        const src = files.withThinMembers(file, given, opts.strict ? undefined : note);
        try {
          await list(src);
        } catch (e) {
          throw opts.strict ? e : await withLlvmListsNote(e, file, src);
        }
      }));
      async function list(src: ReturnType<typeof files.withThinMembers>): Promise<void> {
        missing = src.missing;
        const unused = opts.strict ? undefined : sectionOptionsNote(opts, src.read(0, Math.min(8, src.size)));
        if (unused) note(unused);
        if (!opts.json && !opts.strings && !opts.strict && src.size >= 4 && isOffloadBinary(src.read(0, 4))) {
          // OffloadBinaries back to back: printed while they are walked (no models, one window of memory).
          const onPadding = (at: number, n: number): void =>
            note(`${n} zero byte(s) after the last OffloadBinary (at offset 0x${at.toString(16)}) are read as padding; ${era.objdump} reads no padding and rejects the file ("while extracting offloading files: Invalid data was encountered while parsing the file")`);
          for (const piece of offloadingTextStream(src, { ...listing, singlePaths: true, onPadding, onVersion: (v) => versions.add(v) })) out.write(latin1Bytes(piece));
          return;
        }
        // Anything else: the container readers are loaded only now (a plain OffloadBinary file, the
        // common case, does not pay for loading the ELF, COFF, archive and bitcode readers).
        const [{ readOffloadInput, offloadContainerOf, OBJDUMP_ERRORS }, { inputOffloadingText, strictOffloadingText, bundleFileName }, { inputListJson }] = await Promise.all([
          import('../../offload/input.js'),
          import('../../offload/input-text.js'),
          import('../../offload/list-json.js'),
        ]);
        if (opts.strict) {
          // What the era's llvm-objdump prints, where it stops, and its error line.
          if (offloadContainerOf(src.read(0, Math.min(64, src.size))) === 'unknown') {
            strictError = { label: `'${file}'`, message: OBJDUMP_ERRORS.notAnObject };
            return;
          }
          // A malformed archive member ends the listing there, with LLVM's `FILE(MEMBER): ` label (memberErrors).
          const input = readOffloadInput(src, { ...read, ...sectionChoice(opts), scan: 'never', peer: era.objdump, peerReads: era.reads, llvmRules: followsLlvmRules(era), membersAligned: src.thin === true, bundles: era.listing.bundles, memberErrors: [] });
          const r = strictOffloadingText(shown(file), input, { ...listing, givenName: file });
          writeBundles(shown(file), input, bundleFileName);
          out.write(r.bytes ? latin1Bytes(r.text) : r.text);
          for (const w of r.warnings ?? []) io.stderr.write(`${prog}: warning: ${w.label}: ${w.message}\n`);
          strictError = r.error;
          return;
        }
        // A malformed archive member ends llvm-objdump's listing (an error); the other members are still listed here.
        // (what scanning found is said in one note per object, with how to list it)
        const scanNoteAdvice = opts.scan !== 'always' && !opts.json ? '--scan always lists them too, --json has them under "scanned"' : undefined;
        const input = readOffloadInput(src, { ...read, ...sectionChoice(opts), scan: opts.scan, peer: era.objdump, peerReads: era.reads, bundles: era.listing.bundles, memberErrors, scanNoteAdvice });
        // The bundle entries are files only in the text listing (as llvm-objdump-22 writes them); --json lists them.
        const { written, decompressed } = opts.json ? { written: 0, decompressed: 0 } : writeBundles(shown(file), input, bundleFileName);
        // (a compressed bundle's entries are written decompressed; llvm-objdump-22.1 writes other bytes there: docs/offload.md)
        if (written) note(`${written} offload bundle entr${written === 1 ? 'y' : 'ies'} written to files where ${era.objdump} writes them (the 'Extracting offload bundle' lines)${decompressed ? `; ${decompressed} from compressed bundles, written decompressed (${era.objdump} writes other bytes for them: docs/offload.md 'HIP offload bundles')` : ', with the bytes it writes'}`);
        for (const n of input.notes) if (opts.json || n !== input.versionNote) note(n);
        for (const b of input.found) versions.add(b.binary.version);
        // (which versions the era's llvm-objdump rejects is said once: --json by the input's note, the
        // text listing by its own line below, which adds that --strict lists the file as it fails)
        if (opts.json) for (const b of input.binaries) if (!era.reads.includes(b.version)) notedVersions.add(b.version);
        // A module file (bitcode, SPIR-V) is listed as itself: it may be a host module, so it is not called a device image.
        if (input.bare.length && (input.container === 'bitcode' || input.container === 'spirv')) note(`the input is ${input.container === 'bitcode' ? 'an LLVM bitcode' : 'a SPIR-V'} module, not an object file: listed as one MODULE block`);
        else if (input.bare.length) note(`${input.bare.length} device image(s) outside any OffloadBinary: listed after what llvm-objdump lists`);
        if (opts.json) out.write(JSON.stringify(inputListJson(file, input, { era, read }), null, 2) + '\n');
        else for (const piece of inputOffloadingText(shown(file), input, { ...listing, scanned: opts.scan === 'always' })) out.write(latin1Bytes(piece));
      }
      /**
       * This reader is stricter than LLVM's in places (docs/offload.md): a file it refuses that the
       * era's llvm-objdump lists gets a note saying so, and that --strict lists it as llvm-objdump does.
       */
      async function withLlvmListsNote(e: unknown, name: string, src: ByteSource & { thin?: true }): Promise<unknown> {
        if (!(e instanceof SyclbinError)) return e;
        const [{ readOffloadInput }, { strictOffloadingText }] = await Promise.all([import('../../offload/input.js'), import('../../offload/input-text.js')]);
        let lists = false;
        try {
          const input = readOffloadInput(src, { ...read, ...sectionChoice(opts), scan: 'never', peer: era.objdump, peerReads: era.reads, llvmRules: followsLlvmRules(era), membersAligned: src.thin === true, bundles: era.listing.bundles, memberErrors: [] });
          const r = strictOffloadingText(shown(name), input, { ...listing, warn: () => undefined, givenName: name });
          lists = !r.error;
          // Where llvm-objdump fails too, the text it prints before failing (an object's header line)
          // is printed here as well: standard output stays llvm-objdump's.
          if (r.error && !opts.json && !opts.strings) out.write(r.bytes ? latin1Bytes(r.text) : r.text);
        } catch {
          // LLVM's rules refuse it before printing anything.
        }
        if (lists) return new FileFailure(name, e, [`${era.objdump} --offloading lists this file (it does not check what failed here); --strict lists it as ${era.objdump} does`]);
        const ir = await irTextInputNote(src, name, era.objdump);
        return ir ? new FileFailure(name, e, [ir]) : e;
      }
      if (strictError) {
        io.stderr.write(`${prog}: error: ${strictError.label}: ${strictError.message}\n`);
        return EXIT.FAILURE;
      }
      if (memberErrors.length) {
        // Listed around them; each named by its member, as llvm-objdump names it (`FILE(MEMBER)`).
        for (const m of memberErrors) io.stderr.write(`${prog}: error: ${shown(file)}${m.member ? `(${terminalSafe(clipText(m.member))})` : ''}: ${m.error.message}\n`);
        return EXIT.FAILURE;
      }
      if (missing) {
        // A thin archive's member file that cannot be opened: listed up to it, then LLVM's error
        // (`ARCHIVE(MEMBER): 'PATH': STRERROR`).
        io.stderr.write(`${prog}: error: ${shown(file)}${missing.text}\n`);
        return EXIT.FAILURE;
      }
    }
    const unreadable = [...versions].filter((v) => !era.reads.includes(v) && !notedVersions.has(v));
    if (unreadable.length) note(`${era.objdump} cannot read version ${unreadable.join(' and ')} OffloadBinaries (no released LLVM does; it fails with "Invalid data was encountered while parsing the file"); listed anyway${opts.json ? '' : ' (--strict: as it fails)'}`);
    return EXIT.OK;
  },
});

/**
 * Under --strict, a file llvm-objdump cannot open or read, or one this toolkit cannot read, fails with
 * llvm-objdump's line: `PROG: error: 'FILE': MESSAGE` (strerror text for I/O errors, as LLVM prints
 * `EC.message()`; this toolkit's message for a malformed file). Without --strict the line names the
 * file the same way (quoted), followed by this toolkit's notes, if any.
 */
async function strictFileErrors(strict: boolean, prog: string, file: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    if (strict && e instanceof FileFailure && e.file === file) throw new CommandFailure(`${prog}: error: '${file}': ${e.message}`);
    // Without --strict the file is named as --strict and LLVM name it (quoted), its notes after it.
    if (e instanceof FileFailure && e.file === file) throw new FileFailure(e.file, e.cause, e.notes, true);
    throw e;
  }
}
