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
import type { BareImage, OffloadInput } from './input.js';
import { escapeForListing, formatOffloadingText, leftJustify, objdumpProducer, offloadingTextBlocks, type ListingOptions } from './objdump-text.js';
import { llvmEra } from '../../formats/eras.js';
import { elfFileFormatName } from '../../formats/elf.js';

/** The line llvm-objdump prints before the listing of an object file: `\nFILE:\tfile format NAME\n`. */
export function objectFileHeaderText(file: string, formatName: string): string {
  return `\n${file}:\tfile format ${formatName}\n`;
}

/** `llvm-objdump --offloading FILE` for an ELF object (header line, then the images). */
export function formatElfOffloadingText(file: string, result: ElfOffloadResult, opts: ListingOptions = {}): string {
  return objectFileHeaderText(file, elfFileFormatName(result.elf.class, result.elf.machine, result.elf.littleEndian)) + formatOffloadingText(result.binaries, opts);
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
  for (const o of input.objects) {
    if (o.fileFormat) yield objectFileHeaderText(o.member === undefined ? file : `${file}(${o.member})`, o.fileFormat);
    yield* offloadingTextBlocks(o.binaries, opts);
  }
  if (opts.scanned) {
    for (const f of input.found.filter((x) => x.byScan)) {
      yield `\nOffloadBinary at offset 0x${f.site.offset.toString(16)}${f.site.member === undefined ? '' : ` of ${f.site.member}`}: (found by scanning; not in an offloading section)\n`;
      yield* offloadingTextBlocks([f.binary], opts);
    }
  }
  // A host bitcode module's embedded binaries (llvm-objdump rejects bitcode; llvm-offload-binary extracts them).
  for (const f of input.found.filter((x) => x.site.global !== undefined)) {
    yield `\nOffloadBinary in ${f.site.global}${f.site.member === undefined ? '' : ` of ${f.site.member}`}: (a host bitcode module's !llvm.embedded.objects; not an object file)\n`;
    yield* offloadingTextBlocks([f.binary], opts);
  }
  // The input itself is a module (bitcode, SPIR-V), or images sit outside OffloadBinaries (wrappers).
  const whole = input.container === 'bitcode' || input.container === 'spirv';
  let i = 0;
  for (const b of input.bare) yield bareImageText(b, i++, { ...opts, whole });
}

/**
 * One device image found outside any OffloadBinary, in the layout of an objdump block:
 * kind (`spir-v`, `llvm ir`, `elf`, `<none>`), triple, producer (from the SYCL descriptor's offload
 * kind), image size, where it is, and one `kernel` line per name of its `llvm_offload_entries`.
 * `whole`: the image is the input itself (a bitcode or SPIR-V file, which llvm-objdump rejects).
 */
export function bareImageText(b: BareImage, index: number, opts: ListingOptions & { whole?: boolean } = {}): string {
  const era = opts.era ?? llvmEra();
  const line = (k: string, v: string): string => `${leftJustify(k, 16)}${v}\n`;
  const where = b.site.section ? `section [${b.site.section.index}] ${b.site.section.name}` : 'file';
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
