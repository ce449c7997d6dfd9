#!/usr/bin/env node
/*
 * The `syclbin` bin (package.json "bin" -> dist/cli/main.js; scripts/build.ts copies this file there).
 *
 * The commands are one CommonJS bundle, dist/cli/syclbin.cjs (src/cli/entry.ts). Compiling it is most
 * of a short command's start-up, so the build also stores V8's code cache for it
 * (dist/cli/syclbin.cjs.cache, made by scripts/cli-code-cache.cjs after running a few commands): with
 * it, Node deserializes the functions those commands compiled instead of parsing the source again.
 * This is what `vm.Script`'s `cachedData` is for (https://nodejs.org/api/vm.html#new-vmscriptcode-options);
 * Node 20 has no module compile cache (module.enableCompileCache is Node 22). V8 rejects a cache made
 * by another V8 version, with other flags or for a source of another length, and then compiles the
 * source as if there were no cache: the cache changes how fast, never what runs.
 */
'use strict';
const { isAscii } = require('node:buffer');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { Script } = require('node:vm');
const Module = require('node:module');

const BUNDLE = join(__dirname, 'syclbin.cjs');
const CACHE = BUNDLE + '.cache';
/**
 * The name stack traces give the bundle. Not its path: V8 (Node 20) keeps the script name stored in
 * the code cache, which is the path of the build that made it, so a trace of an installed copy would
 * name the build machine's folder. One fixed name, with or without the cache.
 */
const SCRIPT_NAME = 'syclbin-toolkit/dist/cli/syclbin.cjs';

/** The bundle's source. esbuild writes ASCII (only a few comments are not), and ASCII read as Latin-1 skips UTF-8 decoding. */
function source() {
  const bytes = readFileSync(BUNDLE);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/** Compile and run the bundle as a CommonJS module; its exports are { main, runCli }. */
function load(cachedData) {
  const script = new Script(Module.wrap(source()), { filename: SCRIPT_NAME, cachedData });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, Module.createRequire(BUNDLE), module, BUNDLE, __dirname);
  return { script, exports: module.exports };
}

if (require.main === module) {
  let cachedData;
  try {
    cachedData = readFileSync(CACHE);
  } catch {
    // no cache (a build that could not make one): compile from source
  }
  load(cachedData).exports.main();
} else {
  module.exports = { load, BUNDLE, CACHE, SCRIPT_NAME };
}
