#!/usr/bin/env node
/** The `syclbin` executable as tsc compiles it (`dist/src/cli/main.js`); the package bin is the bundle of entry.ts. */
import { main } from './entry.js';

main();
