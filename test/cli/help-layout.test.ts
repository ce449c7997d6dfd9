/**
 * The help layout (src/cli/help.ts): every line of every help text fits HELP_WIDTH columns (examples
 * are copied whole and exempt), and wrapping only moves line breaks: the words and their order stay.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { formatUsage, HELP_WIDTH, wrapBlock } from '../../src/cli/help.js';
import { runCli } from '../../src/cli/run.js';
import { COMMAND_NAMES, loadCommand } from '../../src/cli/registry.js';

async function help(args: string[]): Promise<string> {
  let out = '';
  const w = { write: (c: string | Uint8Array) => void (out += typeof c === 'string' ? c : new TextDecoder().decode(c)) };
  expect(await runCli(args, { stdout: w, stderr: w, cwd: '/', env: {} })).to.equal(0);
  return out;
}

/** The lines of a help text outside its Examples block. */
function prose(text: string): string[] {
  const lines = text.split('\n');
  const a = lines.indexOf('Examples:');
  const b = lines.findIndex((l, i) => i > a && l.startsWith('Exit status:'));
  return a < 0 ? lines : [...lines.slice(0, a), ...lines.slice(b)];
}

const words = (s: string) => s.split(/\s+/).filter(Boolean);

describe('cli: help layout', () => {
  for (const args of [['--help'], ...COMMAND_NAMES.map((n) => [n, '--help'])]) {
    it(`${args.join(' ')}: no line wider than ${HELP_WIDTH} columns outside the examples`, async () => {
      for (const line of prose(await help(args))) {
        expect([...line].length, line).to.be.at.most(HELP_WIDTH);
      }
    });
  }

  it('a usage of two forms (A | syclbin CMD B) is two lines, the second aligned under the first', async () => {
    const props = (await loadCommand('props'))!;
    expect(formatUsage(props).split('\n')).to.deep.equal([
      'Usage: syclbin props [--json | --check | --llvm-json] FILE.prop',
      '       syclbin props --encode FILE.json [-o FILE.prop]',
    ]);
  });

  it('a long usage wraps between bracketed groups, never inside one, continuing after the command name', async () => {
    const lines = formatUsage((await loadCommand('post-link'))!).split('\n');
    expect(lines.length).to.be.greaterThan(1);
    for (const l of lines.slice(1)) expect(l).to.match(/^ {25}\[/);
    for (const l of lines) expect((l.match(/\[/g) ?? []).length, l).to.equal((l.match(/\]/g) ?? []).length);
  });

  it('wrapBlock keeps every word in order, fits lines to the width, and keeps short lines as written', () => {
    const word = fc.stringMatching(/^[a-z().,'-]{1,14}$/);
    const line = fc.tuple(fc.constantFrom('', '  ', '  - ', '    '), fc.array(word, { minLength: 1, maxLength: 40 })).map(([ind, ws]) => ind + ws.join(' '));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const text = lines.join('\n');
        const out = wrapBlock(text);
        expect(words(out)).to.deep.equal(words(text));
        for (const l of out.split('\n')) expect(l.length <= HELP_WIDTH || words(l).length === 1, l).to.equal(true);
        if (lines.every((l) => l.length <= HELP_WIDTH)) expect(out).to.equal(text);
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });

  it('a two-column row keeps its label and gap; its text wraps under its own column', () => {
    const out = wrapBlock(`  name          ${'word '.repeat(40).trim()}`).split('\n');
    expect(out[0]).to.match(/^ {2}name {10}word/);
    for (const l of out) expect(l.length).to.be.at.most(HELP_WIDTH);
    for (const l of out.slice(1)) expect(l).to.match(/^ {16}word/);
  });

  it('a wrapped line continues at the deeper indent of the line after it (a table\u2019s second column)', () => {
    const row = '  22 (default)  ' + 'word '.repeat(30).trim();
    const out = wrapBlock(`${row}\n                more words`).split('\n');
    expect(out[0]!.length).to.be.at.most(HELP_WIDTH);
    for (const l of out.slice(1)) expect(l).to.match(/^ {16}\S/);
    expect(out.at(-1)).to.match(/more words$/);
  });
});
