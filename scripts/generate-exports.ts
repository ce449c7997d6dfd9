/**
 * Regenerate the Kaitai Struct / ImHex exports from formats/:  npm run generate
 * (test/hex/export.test.ts fails when the committed files in formats/generated/ differ from this output).
 */
import { writeFileSync } from 'node:fs';
import { generatedExports } from './exports.js';

for (const [name, text] of Object.entries(generatedExports())) writeFileSync(new URL(`../formats/generated/${name}`, import.meta.url), text);
