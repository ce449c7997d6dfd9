/**
 * The help texts (`syclbin --help`, `syclbin CMD --help`) and the usage line of usage errors, laid out
 * once: lines are wrapped to {@link HELP_WIDTH} columns with hanging indents, so no command's help has
 * a line a terminal folds in the middle of a word. Examples are never wrapped (they are copied whole).
 */
import type { Command } from './command.js';

const PROGRAM = 'syclbin';

/** The column help text is wrapped at (examples excepted). */
export const HELP_WIDTH = 100;

const EXIT_TEXT =
  'Exit status: 0 success; 1 the input is invalid, a check found errors, or output failed; 2 usage error; 141 standard output was closed (as a program killed by SIGPIPE); 70 internal error (a bug: please report it with the command line and the message).';

/** The exit-status line of each kind of command (Command.statuses). */
const STATUS_TEXT: Readonly<Record<NonNullable<Command['statuses']>, string>> = {
  standard: EXIT_TEXT,
  diff: 'Exit status: 0 no difference; 1 the files differ; 2 trouble (an input could not be read, output could not be written, or a usage error); 141 standard output was closed (as a program killed by SIGPIPE); 70 internal error (a bug).',
  llvm: 'Exit status: 0 success; 1 any error, a usage error included (as the LLVM tool it replaces); 141 standard output was closed; 70 internal error (a bug).',
};

/** The exit-status line of command `c`: offload-list's says where it exits as llvm-objdump-19 does. */
function statusText(c: Command): string {
  const text = STATUS_TEXT[c.statuses ?? 'standard'];
  return c.name === 'offload-list' ? text.replace('141 standard output was closed;', '141 standard output was closed (with --llvm 19: 74, as llvm-objdump-19);') : text;
}

/**
 * Greedy word wrap of `words` (joined by single spaces): the first line starts with `first`, later
 * ones with `rest`; a word longer than the room left stays whole on its own line.
 */
function fill(words: readonly string[], first: string, rest: string, width = HELP_WIDTH): string[] {
  const out: string[] = [];
  let line = first;
  let empty = true;
  for (const w of words) {
    if (!empty && line.length + 1 + w.length > width) {
      out.push(line);
      line = rest + w;
    } else {
      line += (empty ? '' : ' ') + w;
    }
    empty = false;
  }
  out.push(line);
  return out;
}

/** Splits text at spaces that are outside brackets, so `[--a | --b]` stays on one line. */
function groups(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '[' || ch === '(' || ch === '{') depth++;
    else if ((ch === ']' || ch === ')' || ch === '}') && depth > 0) depth--;
    if (ch === ' ' && depth === 0) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * The usage of a command: one line per form (`A | syclbin CMD B` becomes two lines), each wrapped
 * with its continuation aligned after `syclbin CMD `.
 */
export function formatUsage(c: Pick<Command, 'name' | 'usage'>): string {
  const forms = c.usage.split(` | ${PROGRAM} `);
  const lines: string[] = [];
  forms.forEach((form, i) => {
    const lead = i === 0 ? 'Usage: ' : ' '.repeat('Usage: '.length);
    const words = groups(`${PROGRAM} ${form}`);
    // Continuations align with the first operand: after `syclbin CMD `.
    const hang = ' '.repeat(lead.length + PROGRAM.length + 1 + (words[1]?.length ?? 0) + 1);
    lines.push(...fill(words, lead, hang));
  });
  return lines.join('\n');
}

/** The leading blanks of a line. */
function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/**
 * Wraps the lines of a free-text block that are wider than {@link HELP_WIDTH}. A wrapped line
 * continues at the indent of the line after it when that one is indented deeper (a hand-made
 * hanging indent, as in a table's second column), else at its own indent (two more after a `- `
 * bullet); what is left over joins that next line when it continues the same paragraph, so a long
 * line never leaves a one-word line behind.
 */
export function wrapBlock(text: string): string {
  const src = text.split('\n');
  const out: string[] = [];
  let carry: string[] = [];
  for (let i = 0; i < src.length; i++) {
    let line = src[i]!;
    const ind = indentOf(line);
    if (carry.length) {
      line = ' '.repeat(ind) + [...carry, line.trimStart()].join(' ');
      carry = [];
    }
    if (line.length <= HELP_WIDTH) {
      out.push(line);
      continue;
    }
    const next = src[i + 1];
    const nextInd = next !== undefined && next.trim() ? indentOf(next) : -1;
    const bullet = /^\s*- /.test(line) ? 2 : 0;
    // A two-column row (`  name    text`): the label and its gap stay as written, the text wraps
    // under its own column.
    const row = /^(\s*\S+(?: \S+)*? {2,})\S/.exec(line);
    const lead = row ? row[1]! : ' '.repeat(ind);
    const hang = nextInd > ind ? nextInd : row ? lead.length : ind + bullet;
    const wrapped = fill(line.slice(lead.length).split(/ +/), lead, ' '.repeat(hang));
    // Carry the tail into the next line when it is the same paragraph's continuation.
    const continues = next !== undefined && nextInd === hang && !/^\s*- /.test(next) && wrapped.length > 1;
    if (continues) {
      carry = wrapped.pop()!.trimStart().split(/ +/);
    }
    out.push(...wrapped);
  }
  if (carry.length) out.push(carry.join(' '));
  return out.join('\n');
}

/**
 * Whether a command answers `-V` as `--version`, as the top level does: not the drop-ins of LLVM
 * tools (their tools take only `--version`), nor a command whose own options use `-V`. Its help
 * lists `-V, --version` exactly then (src/cli/run.ts answers by this test).
 */
export function acceptsShortVersion(c: Pick<Command, 'statuses' | 'rawArguments' | 'options'>): boolean {
  return c.statuses !== 'llvm' && !c.rawArguments && !Object.values(c.options).some((o) => o.short === 'V');
}

/** The help text of one command. */
export function formatCommandHelp(c: Command): string {
  const lines: string[] = [];
  lines.push(formatUsage(c), '', wrapBlock(c.summary), '');
  if (c.description) lines.push(wrapBlock(c.description.trim()), '');
  lines.push('Options:');
  const rows: [string, string][] = Object.entries(c.options).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.arg ?? 'VALUE'}` : ''}`;
    const def = o.defaultText !== undefined ? ` (default: ${o.defaultText})` : '';
    return [flag, o.description + def];
  });
  if (c.responseFiles) rows.push(['@FILE', 'Read more arguments from FILE (a response file, split and expanded as LLVM does)']);
  rows.push(['-h, --help', 'Show this help and exit']);
  rows.push([acceptsShortVersion(c) ? '-V, --version' : '    --version', 'Print the version and exit']);
  lines.push(...optionRows(rows));
  if (c.examples.length) {
    lines.push('', 'Examples:');
    for (const e of c.examples) lines.push(`  ${e}`);
  }
  lines.push('', ...fill(statusText(c).split(' '), '', '  '));
  return lines.join('\n') + '\n';
}

/**
 * Two-column rows (flag, description): the description column starts after the widest flag, and a
 * flag too wide to leave 40 columns for its description puts its description on the next line.
 */
function optionRows(rows: readonly [string, string][]): string[] {
  const col = Math.min(2 + Math.max(...rows.map(([f]) => f.length)) + 2, HELP_WIDTH - 40);
  const out: string[] = [];
  for (const [f, d] of rows) {
    const head = `  ${f}`;
    const words = d.split(' ');
    if (head.length + 2 > col) {
      out.push(head, ...fill(words, ' '.repeat(col), ' '.repeat(col)));
    } else {
      out.push(...fill(words, head.padEnd(col), ' '.repeat(col)));
    }
  }
  return out;
}

/** The program's help text (the summary of every command). */
export function formatMainHelp(commands: readonly Command[]): string {
  const lines = [`Usage: ${PROGRAM} <command> [options] [arguments]`, '', 'Read, write, explain and build SYCLBIN files, LLVM OffloadBinary envelopes and SYCL property sets.', '', 'Commands:'];
  const col = 2 + Math.max(8, ...commands.map((c) => c.name.length)) + 2;
  for (const c of commands) lines.push(...fill(c.summary.split(' '), `  ${c.name}`.padEnd(col), ' '.repeat(col)));
  lines.push('');
  const para = (t: string) => lines.push(...fill(t.split(' '), '', '  '));
  para(`Run '${PROGRAM} <command> --help' for the options of a command; '${PROGRAM} --version' (or -V, or --version after any command) prints the version.`);
  para("Files: '-' is standard input (for inputs) or standard output (for outputs); outputs are written atomically and never over an input; a symbolic link is written through, a FIFO or device in place.");
  para(EXIT_TEXT);
  return lines.join('\n') + '\n';
}
