/**
 * `syclbin post-link`: a drop-in for sycl-post-link's command line (spec-constant and
 * device-global lowering, module split, property and symbol files, file table). A thin shell around
 * the library driver `postLink` (src/lower/post-link/driver.ts): this file only maps paths to the
 * file system and standard streams and plugs in llvm-dis / llvm-as when they are installed.
 */
import { defineCommand, EXIT } from '../command.js';
import { CommandFailure } from '../errors.js';
import { llvmTools } from '../../node/llvm-tools.js';
import { IrSyntaxError } from '../../lower/llvm-ir/parse/errors.js';
import { LowerError } from '../../lower/errors.js';
import { parsePostLinkArgs, POST_LINK_VALUE_OPTIONS, PostLinkUsageError } from '../../lower/post-link/options.js';
import { postLink, PostLinkError } from '../../lower/post-link/driver.js';
import { CrossModuleDeviceGlobalError } from '../../lower/errors.js';
import { hasMagic } from '../../codec/index.js';
import { BitcodeMagic } from '../../../formats/llvm-bitcode.js';

/** What LLVM tools print instead of writing bitcode to a terminal (llvm/lib/Support/SystemUtils.cpp CheckBitcodeOutputToConsole). */
const BITCODE_TO_CONSOLE_WARNING =
  "WARNING: You're attempting to print out a bitcode file.\nThis is inadvisable as it may cause display problems. If\nyou REALLY want to taste LLVM bitcode first-hand, you\ncan force output with the `-f' option.\n\n";

/** `syclbin post-link`: sycl-post-link's command line: lower spec constants and device globals of LLVM IR, split, write .prop/.sym/.table. */
export const command = defineCommand({
  name: 'post-link',
  statuses: 'llvm',
  summary: "sycl-post-link's command line: lower spec constants and device globals of LLVM IR, split, write .prop/.sym/.table",
  usage: 'post-link [-spec-const=native|emulation] [--device-globals] [-emit-program-metadata] [-split=kernel|source|auto|none] [-symbols] [-S] [--ir-output-only] [-generate-device-image-default-spec-consts] [-o [TARGET,]OUT.table]... [INPUT.ll|INPUT.bc|-]',
  responseFiles: true,
  description: `
Takes the options of intel/llvm's sycl-post-link, with one or two dashes, values as -opt=value or
-opt value, and the input as a file (.ll, or .bc through llvm-dis) or '-' for standard input.

Writes what sycl-post-link writes: with -o X.table the file table ([Code|Properties|Symbols]) and per
device image X_N.ll (-S) or X_N.bc, X_N.prop and, with -symbols, X_N.sym; with --ir-output-only the
transformed module alone at -o ('-' = standard output); with -embed-aux-info-as-metadata the
properties and symbols go into each module as !sycl_properties / !sycl_symbol_table instead of
files, and the table has the Code column only. -o may be given again as -o TARGET,FILE: one more
table, listing only the images that TARGET (a target of intel/llvm's DeviceConfigFile.td, e.g.
intel_gpu_pvc; with --era main of its newest revision read, e.g. intel_gpu_bmg_g21) can run, each with X_N.TARGET.prop (compile_target added); an unknown target
filters nothing; every image file is named after the first -o.

Options: -spec-const=native|emulation (old spellings rt|default), --device-globals,
-emit-program-metadata, -emit-exported-symbols, -emit-kernel-names, -emit-imported-symbols,
-emit-param-info, -support-dynamic-linking (or its later name -allow-device-image-dependencies),
-emit-only-kernels-as-entry-points, -split=kernel|source|auto|none, -symbols, -S, -f,
--ir-output-only, -out-dir DIR, -generate-device-image-default-spec-consts,
-embed-aux-info-as-metadata, -properties (.prop files are written with or without it, as
sycl-post-link wrote them before intel/llvm#14220), -reduce-memory-usage (older tool's memory
switch; no effect on what is written), -O0..-O3, -Os, -Oz (they only choose the passes after ESIMD
lowering: no effect here; likewise -force-disable-esimd-opt), -split-esimd and -lower-esimd (they
change nothing for a module without ESIMD code, the compiler driver's usual case; refused for a
module with some), -id-queries-range=int|uint|size_t (idQueriesRange in [SYCL/misc properties]),
--device-lib-dir DIR (the bfloat16 device libraries as two more images when an image uses them). Options for
work this tool does not do (-debug-only) are refused by name.

--era=tests|main (this toolkit's, not sycl-post-link's): whose sycl-post-link to follow where
revisions differ. tests (the default): the rules the copied lit tests were written for. main:
current intel/llvm's, as the current clang driver calls it (no -split on its command line):
-split defaults to auto (-split=none is no split), .prop files and the Properties column only with
-properties, every output module internalized but its entry points and its indirectly-callable or
referenced-indirectly functions, no [SYCL/assert used]. See docs/post-link.md.`,
  options: {},
  positionals: { min: 0, max: Number.MAX_SAFE_INTEGER },
  rawArguments: true,
  rawValueOptions: POST_LINK_VALUE_OPTIONS,
  examples: [
    'syclbin post-link -spec-const=native -symbols -split=kernel -S -o out.table device.ll',
    'syclbin post-link --ir-output-only -spec-const=emulation -S -o - device.ll',
    'syclbin post-link --device-globals -emit-program-metadata -S < device.ll -o out.table',
    'syclbin post-link -symbols -split=auto -S -o out.table -o intel_gpu_tgllp,out-tgllp.table device.ll',
    'syclbin post-link --era=main -O2 -device-globals -properties -spec-const=native -symbols -emit-exported-symbols -S -o out.table device.ll',
  ],
  run({ args, files, io, prog }) {
    let opts;
    try {
      opts = parsePostLinkArgs(args);
    } catch (e) {
      if (e instanceof PostLinkUsageError) throw new CommandFailure(`${prog}: ${e.message}`);
      throw e;
    }
    const input = opts.input;
    // '-' is standard input / output, as in sycl-post-link; files are written atomically on success.
    const fs = {
      read: (path: string): Uint8Array => files.readAll(path),
      write: (path: string, bytes: Uint8Array): void => {
        // saveModuleIR: bitcode goes to a terminal only with -f (llvm/lib/Support/SystemUtils.cpp
        // CheckBitcodeOutputToConsole: this warning, and nothing written).
        if (path === '-' && !opts.force && io.stdout.isTTY && hasMagic(BitcodeMagic, bytes)) {
          io.stderr.write(BITCODE_TO_CONSOLE_WARNING);
          return;
        }
        files.write(path, bytes);
      },
    };
    try {
      const r = postLink(opts, fs, llvmTools);
      for (const n of r.notes) io.stderr.write(n + '\n');
      for (const w of r.warnings) io.stderr.write(`${prog}: warning: ${w}\n`);
    } catch (e) {
      if (e instanceof IrSyntaxError) throw new CommandFailure(`${prog}: ${input === '-' ? '<stdin>' : input}:${e.line}:${e.column}: error: ${e.reason}`);
      // sycl-post-link's own diagnostics keep its wording and prefix (drop-in for its lit tests).
      if (e instanceof CrossModuleDeviceGlobalError) throw new CommandFailure(`sycl-post-link: error: ${e.message}`);
      if (e instanceof PostLinkError || e instanceof LowerError) throw new CommandFailure(`${prog}: error: ${e.message}`);
      throw e;
    }
    return EXIT.OK;
  },
});
