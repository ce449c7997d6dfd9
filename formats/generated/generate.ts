/**
 * Regenerate the Kaitai Struct / ImHex exports from formats/:  npx tsx formats/generated/generate.ts
 * (test/hex/export.test.ts fails when the committed files differ from this output).
 */
import { writeFileSync } from 'node:fs';
import { generatedExports } from '../../src/hex/export.js';

for (const [name, text] of Object.entries(generatedExports())) writeFileSync(new URL(`./${name}`, import.meta.url), text);
