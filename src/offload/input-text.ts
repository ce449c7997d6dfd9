/**
 * `llvm-objdump --offloading` text for any input readOffloadInput reads (src/offload/input.ts):
 * object files get llvm-objdump's header line before their binaries; device images outside
 * OffloadBinaries (wrapper objects, programs, bare modules) get our `DEVICE IMAGE` / `MODULE`
 * blocks. The binaries' own blocks are src/offload/objdump-text.ts.
 *
 * For an object file llvm-objdump first prints the object's header line, then the image blocks:
 *   outs() << '\n' << O->getFileName() << ":\tfile format " << O->getFileFormatName().lower() << "\n";
 * (llvm/tools/llvm-objdump/llvm-objdump.cpp `dumpObject`).
 *
 * Portable: no Node APIs.
 */
import type { ElfOffloadResult } from './elf.js';
import { OBJDUMP_ERRORS, type BareImage, type ObjectListing, type OffloadInput, type PeerFailure } from './input.js';
import type { OffloadBundleEntryModel } from '../containers/offload-bundle.js';
import { utf8ByteString } from '../codec/index.js';
import { byteText, escapeForListing, formatOffloadingText, imageBlockText, leftJustify, objdumpProducer, offloadingTextBlocks, type ListingOptions } from './objdump-text.js';
import { llvmEra } from '../../formats/eras.js';
import { elfFileFormatName } from '../../formats/elf.js';
import { COFF_IMPORT_FILE_FORMAT } from '../../formats/coff.js';

/** The line llvm-objdump prints before the listing of an object file: `\nFILE:\tfile format NAME\n`. */
export function objectFileHeaderText(file: string, formatName: string): string {
  // A COFF short import member gets one more newline (llvm-objdump.cpp dumpObject(COFFImportFile)).
  return `\n${file}:\tfile format ${formatName}\n${formatName === COFF_IMPORT_FILE_FORMAT ? '\n' : ''}`;
}

/** `llvm-objdump --offloading FILE` for an ELF object (header line, then the images). */
export function formatElfOffloadingText(file: string, result: ElfOffloadResult, opts: ListingOptions = {}): string {
  return objectFileHeaderText(file, elfFileFormatName(result.elf.class, result.elf.machine, result.elf.littleEndian)) + formatOffloadingText(result.binaries, opts);
}

/**
 * The file llvm-objdump-22 writes a bundle entry to (OffloadDump.cpp: `<FileName>.<BundleNum>.<ID>`,
 * FileName the input as given, or the archive member's name), relative to the working directory.
 */
export function bundleFileName(file: string, o: Pick<ObjectListing, 'member'>, b: Pick<OffloadBundleEntryModel, 'bundle' | 'id'>): string {
  return `${o.member ?? file}.${b.bundle}.${b.id}`;
}

/**
 * `llvm-objdump --offloading FILE` for any input readOffloadInput reads (src/offload/input.ts): per
 * object file its header line (`\nFILE:\tfile format F\n`, an archive member as `FILE(MEMBER)`; none for
 * a raw OffloadBinary file), then its images numbered from 0 (llvm/tools/llvm-objdump/OffloadDump.cpp;
 * checked against testdata/llvm22 goldens). Device images that are not inside an OffloadBinary
 * (wrapper objects and executables: llvm-objdump stops with "Invalid data" there) follow as our
 * extension, `DEVICE IMAGE [i]` blocks with what is known of them (see bareImageText).
 */
export function* inputOffloadingText(file: string, input: OffloadInput, opts: ListingOptions & { scanned?: boolean } = {}): Generator<string> {
  // Names as the bytes they are in byte-string mode (ListingOptions.byteStrings).
  const t = (s: string): string => (opts.byteStrings ? byteText(s) : s);
  for (const o of input.objects) {
    if (o.afterPeer) continue;
    if (o.fileFormat) yield objectFileHeaderText(t(o.member === undefined ? file : `${file}(${o.member})`), o.fileFormat);
    yield* offloadingTextBlocks(o.binaries, opts);
    // (the ID is one character per byte already: only the file name is turned into bytes)
    for (const b of o.bundles ?? []) yield `Extracting offload bundle: ${opts.byteStrings ? bundleFileName(t(o.member ?? file), {}, b) : bundleFileName(file, o, b)}\n`;
  }
  // Archive members llvm-objdump does not reach (it failed on an earlier one, or cannot list this
  // OffloadBinary file): after its text, each under a line that says so. Their offload bundles are
  // not written (llvm-objdump writes none of them); --json lists them.
  const objdump = (opts.era ?? llvmEra()).objdump;
  for (const o of input.objects) {
    if (!o.afterPeer) continue;
    const what = o.fileFormat ? `file format ${o.fileFormat}` : 'a file of OffloadBinaries';
    const bundles = o.bundles?.length ? `; ${o.bundles.length} offload bundle entr${o.bundles.length === 1 ? 'y' : 'ies'} (see --json)` : '';
    yield `\n${t(o.member === undefined ? file : `${file}(${o.member})`)}: (${what}; ${objdump} stops before it${bundles})\n`;
    yield* offloadingTextBlocks(o.binaries, opts);
  }
  if (opts.scanned) {
    for (const f of input.found.filter((x) => x.byScan)) {
      yield `\nOffloadBinary at offset 0x${f.site.offset.toString(16)}${f.site.member === undefined ? '' : ` of ${t(f.site.member)}`}: (found by scanning; not in an offloading section)\n`;
      yield* offloadingTextBlocks([f.binary], opts);
    }
  }
  // A host bitcode module's embedded binaries (llvm-objdump rejects bitcode; llvm-offload-binary extracts them).
  for (const f of input.found.filter((x) => x.site.global !== undefined)) {
    yield `\nOffloadBinary in ${t(f.site.global!)}${f.site.member === undefined ? '' : ` of ${t(f.site.member)}`}: (a host bitcode module's !llvm.embedded.objects; not an object file)\n`;
    yield* offloadingTextBlocks([f.binary], opts);
  }
  // The input itself is a module (bitcode, SPIR-V), or images sit outside OffloadBinaries (wrappers).
  const whole = input.container === 'bitcode' || input.container === 'spirv';
  let i = 0;
  // In an archive, the images of each member under a line naming it: after the member listings
  // above, a block would otherwise read as the last member's.
  let member: string | undefined;
  for (const b of input.bare) {
    if (b.site.member !== undefined && b.site.member !== member) {
      member = b.site.member;
      yield `
${t(`${file}(${member})`)}: (device images outside an OffloadBinary)
`;
    }
    yield bareImageText(b, i++, { ...opts, whole });
  }
}

/**
 * One device image found outside any OffloadBinary, in the layout of an objdump block:
 * kind (`spir-v`, `llvm ir`, `elf`, `<none>`), triple, producer (from the SYCL descriptor's offload
 * kind), image size, where it is, and one `kernel` line per name of its `llvm_offload_entries`.
 * `whole`: the image is the input itself (a bitcode or SPIR-V file, which llvm-objdump rejects).
 */
export function bareImageText(b: BareImage, index: number, opts: ListingOptions & { whole?: boolean } = {}): string {
  const era = opts.era ?? llvmEra();
  const t = (s: string): string => (opts.byteStrings ? byteText(s) : s);
  const line = (k: string, v: string): string => `${leftJustify(k, 16)}${t(v)}\n`;
  const where = b.site.section ? (b.site.section.segment === undefined ? `section [${b.site.section.index}] ${b.site.section.name}` : b.site.section.name) : 'file';
  let text = opts.whole ? `\nMODULE: (the whole input; not an object file)\n` : `\nDEVICE IMAGE [${index}]: (not in an OffloadBinary)\n`;
  text += line('kind', BARE_KIND_NAMES[b.kind]);
  text += line('triple', b.triple ?? '');
  if (!opts.whole) text += line('producer', b.offloadKind === undefined ? '' : objdumpProducer(b.offloadKind, 2, era));
  text += line('image size', `${b.image.size} bytes`);
  if (!opts.whole) text += line('location', `${b.site.member === undefined ? '' : `member ${b.site.member}, `}${where}, offset 0x${b.site.offset.toString(16)}`);
  for (const k of b.kernels) text += line('kernel', escapeForListing(k));
  return text;
}

/** How a bare image's kind is printed (objdump's names for the image kinds where they exist). */
const BARE_KIND_NAMES: Readonly<Record<BareImage['kind'], string>> = { spirv: 'spir-v', bitcode: 'llvm ir', elf: 'elf', unknown: '<none>' };

/** What `llvm-objdump --offloading FILE` of the era prints and how it ends (see {@link strictOffloadingText}). */
export interface StrictListing {
  /** Its standard output (a byte string, src/codec/bytes.ts decodeLatin1, when `bytes`). */
  text: string;
  /** `text` holds bytes, one per character (the views of llvmRules): write it with encodeLatin1. */
  bytes?: boolean;
  /** Its warnings (`warning: LABEL: MESSAGE` on standard error), in order, before any error. */
  warnings?: { label: string; message: string }[];
  /** Its error, when it fails: the line after its program name is `error: LABEL: MESSAGE`. */
  error?: { label: string; message: string };
}

/**
 * Exactly what the era's llvm-objdump prints for `input`, and whether it fails (`syclbin offload-list
 * --strict`): the object listings up to the one it fails on, none of our extensions (device images
 * outside OffloadBinaries, scan finds, embedded objects of bitcode). It fails where the input reader
 * says (OffloadInput.peerFailure) or at the first binary of a version the era cannot read (2 and 3
 * before upstream main: "Invalid data ..." for a raw file that starts with one, with the extraction
 * prefix when it follows a readable binary or sits in a section, whose header line is printed).
 * For a malformed input the reader's own error is thrown instead (LLVM's wording is not reproduced).
 */
export function strictOffloadingText(file: string, input: OffloadInput, opts: ListingOptions & { givenName?: string } = {}): StrictListing {
  // llvm-objdump's text names a buffer (`<stdin>` for `-`); its error line names the path as given.
  const given = opts.givenName ?? file;
  const era = opts.era ?? llvmEra();
  // With LLVM's views (llvmRules) the text is a byte string (src/codec/bytes.ts decodeLatin1): the
  // strings' bytes as LLVM prints them, and the file name's UTF-8 bytes.
  const bytesOut = opts.byteStrings === true || input.objects.some((o) => o.views);
  const name = bytesOut ? utf8ByteString(file) : file;
  const label = (l: PeerFailure['label']): string => (l.kind === 'input' ? `'${given}'` : l.kind === 'object' ? `'${file}'` : l.kind === 'member' ? `'${l.member}'` : l.kind === 'member-of' ? `${file}(${l.member})` : '');
  const header = (o: ObjectListing): string => (o.fileFormat ? objectFileHeaderText(o.member === undefined ? name : `${name}(${bytesOut ? utf8ByteString(o.member) : o.member})`, o.fileFormat) : '');
  let text = '';
  let index = 0;
  const objects = input.objects;
  for (let i = 0; i < objects.length; i++) {
    const o = objects[i]!;
    const unreadable = o.views ? -1 : o.binaries.findIndex((b) => !era.reads.includes(b.version));
    if (unreadable >= 0) {
      // LLVM reads all of a raw file's binaries before printing anything; an object prints its header line first.
      text += header(o);
      const message = !o.fileFormat && unreadable === 0 ? OBJDUMP_ERRORS.invalidData : OBJDUMP_ERRORS.extracting;
      return { text, ...(bytesOut ? { bytes: true } : {}), error: { label: o.member === undefined ? `'${message === OBJDUMP_ERRORS.extracting ? file : given}'` : `'${o.member}'`, message } };
    }
    const last = i === objects.length - 1;
    if (last && input.peerFailure?.dropLastObject) break;
    text += header(o);
    if (o.views) {
      // llvm-objdump numbers the images of each object from 0 (OffloadDump.cpp printBinary).
      index = 0;
      for (const v of o.views) text += imageBlockText(index++, { ...v, version: 1, imageSize: 0 }, era);
    } else for (const piece of offloadingTextBlocks(o.binaries, opts)) text += piece;
    for (const b of o.bundles ?? []) text += `Extracting offload bundle: ${bytesOut ? bundleFileName(utf8ByteString(o.member ?? file), {}, b) : bundleFileName(file, o, b)}\n`;
  }
  const f = input.peerFailure;
  const out: StrictListing = { text };
  if (bytesOut) out.bytes = true;
  if (input.peerWarnings?.length) out.warnings = input.peerWarnings.map((w) => ({ label: label(w.label), message: w.message }));
  if (f) out.error = { label: label(f.label), message: f.message };
  return out;
}

