/**
 * Figures in the docs come from bench/ output (issue 13 §5, issue 11 §5): the run recorded in
 * bench/results.json is what docs/bench.md prints verbatim, and every line the README quotes in its
 * Measurements block is a line `npm run bench` printed in that run.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url).pathname;
const results = JSON.parse(readFileSync(ROOT + 'bench/results.json', 'utf8')) as { printed: string[]; machine: { cpu: string; cores: number } };
const printed = results.printed.join('\n').split('\n');

/** The ```text blocks of a markdown file. */
function textBlocks(file: string): string[][] {
  const out: string[][] = [];
  let cur: string[] | undefined;
  for (const line of readFileSync(ROOT + file, 'utf8').split('\n')) {
    if (!cur && line === '```text') cur = [];
    else if (cur && line === '```') {
      out.push(cur);
      cur = undefined;
    } else cur?.push(line);
  }
  return out;
}

describe('docs: quoted figures come from bench/results.json', () => {
  it('docs/bench.md prints the recorded run verbatim', () => {
    const blocks = textBlocks('docs/bench.md');
    expect(blocks.length).to.be.greaterThan(0);
    expect(blocks[0]!.join('\n').trim()).to.equal(printed.join('\n').trim());
  });

  it('every line of the README Measurements block is a printed line of that run, and the machine is named', () => {
    const readme = readFileSync(ROOT + 'README.md', 'utf8');
    const section = /## Measurements\n([\s\S]*?)\n## /.exec(readme)![1]!;
    const quoted = textBlocks('README.md').flat().filter((l) => section.includes(l) && l.trim());
    expect(quoted.length, 'the README quotes figures in a ```text block').to.be.greaterThan(3);
    const lines = new Set(printed.map((l) => l.trimEnd()));
    const unknown = quoted.filter((l) => !lines.has(l.trimEnd()) && l.trim() !== '…');
    expect(unknown, 'README lines not printed by the recorded bench run').to.deep.equal([]);
    expect(quoted.some((l) => l.startsWith('machine: '))).to.equal(true);
  });
});
