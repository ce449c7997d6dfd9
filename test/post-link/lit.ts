/**
 * A small lit-like interpreter for the `; RUN:` lines of intel/llvm's sycl-post-link tests
 * (testdata/sycl-post-link/), run as they are written with only the tool name changed:
 * `sycl-post-link` runs `syclbin post-link` in-process (runCli with captured streams, standard input
 * piped, files in a temporary directory), `FileCheck` runs Debian's `FileCheck-19` as a process.
 *
 * Supported: `%s` `%S` `%t` `%T` `%%` substitutions, `\` line continuations, pipes `|`, `not`,
 * redirections `< f`, `> f`, `2>&1`, `2> f`, single and double quotes, `&&`. Other commands run as
 * processes. A RUN line that needs an assertions build (`-debug-only=…`), runs another tool
 * (`sycl-module-split`) or ESIMD lowering, or reads what such a line wrote, is skipped and reported
 * with that reason ({@link SKIP_REASONS}); `REQUIRES:` features are reported to the caller.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { runCli } from '../../src/cli/run.js';

export const FILECHECK = 'FileCheck-19';
export const FILECHECK_HINT = 'FileCheck-19 is not installed: install the Debian package llvm-19 (apt-get install -y llvm-19)';

/** One RUN line after joining continuations. */
export interface RunLine {
  readonly line: number;
  readonly text: string;
}

/** The outcome of one RUN line. */
export interface RunResult {
  readonly line: number;
  readonly command: string;
  readonly status: 'pass' | 'fail' | 'skipped';
  readonly reason?: string;
  readonly output?: string;
}

/** `; RUN:` lines with `\` continuations joined; `REQUIRES:` features. */
export function parseRunLines(text: string): { runs: RunLine[]; requires: string[] } {
  const runs: RunLine[] = [];
  const requires: string[] = [];
  let pending: { line: number; text: string } | undefined;
  text.split('\n').forEach((l, i) => {
    const m = /^\s*(?:;|\/\/)\s*RUN:\s?(.*)$/.exec(l);
    const r = /^\s*(?:;|\/\/)\s*REQUIRES:\s*(.*)$/.exec(l);
    if (r) requires.push(...r[1]!.split(',').map((s) => s.trim()).filter(Boolean));
    if (!m) return;
    const body = m[1]!.replace(/\s+$/, '');
    const cont = body.endsWith('\\');
    const part = cont ? body.slice(0, -1) : body;
    if (pending) pending.text += ' ' + part;
    else pending = { line: i + 1, text: part };
    if (!cont) {
      runs.push({ line: pending.line, text: pending.text.trim() });
      pending = undefined;
    }
  });
  if (pending) runs.push({ line: pending.line, text: pending.text.trim() });
  return { runs, requires };
}

/** Applies lit's substitutions. */
export function substitute(cmd: string, vars: { s: string; t: string }): string {
  return cmd.replace(/%(%|s|S|t|T|p)/g, (_m, c: string) => {
    switch (c) {
      case '%':
        return '%';
      case 's':
        return vars.s;
      case 'S':
      case 'p':
        return dirname(vars.s);
      case 't':
        return vars.t;
      default:
        return dirname(vars.t);
    }
  });
}

type Word = { text: string; op?: undefined } | { op: '|' | '&&' | '<' | '>' | '2>' | '2>&1' | '>>'; text?: undefined };

/** Shell-like word splitting with quotes and the operators lit tests use. */
export function shellWords(cmd: string): Word[] {
  const out: Word[] = [];
  let i = 0;
  while (i < cmd.length) {
    const c = cmd[i]!;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (cmd.startsWith('2>&1', i)) {
      out.push({ op: '2>&1' });
      i += 4;
      continue;
    }
    if (cmd.startsWith('&&', i)) {
      out.push({ op: '&&' });
      i += 2;
      continue;
    }
    if (cmd.startsWith('2>', i) && (i === 0 || cmd[i - 1] === ' ')) {
      out.push({ op: '2>' });
      i += 2;
      continue;
    }
    if (cmd.startsWith('>>', i)) {
      out.push({ op: '>>' });
      i += 2;
      continue;
    }
    if (c === '|' || c === '<' || c === '>') {
      out.push({ op: c });
      i++;
      continue;
    }
    let w = '';
    while (i < cmd.length && !' \t|<>'.includes(cmd[i]!)) {
      const ch = cmd[i]!;
      if (ch === "'" || ch === '"') {
        const end = cmd.indexOf(ch, i + 1);
        if (end < 0) throw new Error(`unterminated quote in: ${cmd}`);
        w += cmd.slice(i + 1, end);
        i = end + 1;
        continue;
      }
      if (ch === '\\' && i + 1 < cmd.length) {
        w += cmd[i + 1];
        i += 2;
        continue;
      }
      if (cmd.startsWith('&&', i)) break;
      w += ch;
      i++;
    }
    out.push({ text: w });
  }
  return out;
}

interface Stage {
  argv: string[];
  stdinFile?: string;
  stdoutFile?: string;
  stderrFile?: string;
  stderrToStdout: boolean;
}

function parsePipeline(words: Word[]): Stage[][] {
  const seqs: Stage[][] = [[]];
  let cur: Stage = { argv: [], stderrToStdout: false };
  const flush = (): void => {
    seqs[seqs.length - 1]!.push(cur);
    cur = { argv: [], stderrToStdout: false };
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.op === undefined) {
      cur.argv.push(w.text);
      continue;
    }
    switch (w.op) {
      case '|':
        flush();
        break;
      case '&&':
        flush();
        seqs.push([]);
        break;
      case '2>&1':
        cur.stderrToStdout = true;
        break;
      default: {
        const f = words[++i];
        if (!f || f.op !== undefined) throw new Error(`redirection ${w.op} without a file`);
        if (w.op === '<') cur.stdinFile = f.text;
        else if (w.op === '>' || w.op === '>>') cur.stdoutFile = f.text;
        else cur.stderrFile = f.text;
      }
    }
  }
  flush();
  return seqs;
}

function haveTool(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** Runs one stage; returns exit status and its streams. */
async function runStage(st: Stage, stdin: Uint8Array, cwd: string, era?: 'main'): Promise<{ status: number; stdout: Uint8Array; stderr: Uint8Array }> {
  let argv = [...st.argv];
  let invert = false;
  while (argv[0] === 'not') {
    invert = !invert;
    argv = argv.slice(1);
  }
  const input = st.stdinFile !== undefined ? new Uint8Array(readFileSync(resolve(cwd, st.stdinFile))) : stdin;
  let status: number;
  let stdout: Uint8Array;
  let stderr: Uint8Array;
  const [prog, ...args] = argv;
  if (prog === 'sycl-post-link') {
    const outs: Uint8Array[] = [];
    const errs: Uint8Array[] = [];
    const enc = new TextEncoder();
    // A test of current upstream's rules runs with `--era=main` (SOURCES.json "era"; docs/post-link.md).
    status = await runCli(['post-link', ...(era ? [`--era=${era}`] : []), ...args], {
      stdout: { write: (c) => void outs.push(typeof c === 'string' ? enc.encode(c) : c) },
      stderr: { write: (c) => void errs.push(typeof c === 'string' ? enc.encode(c) : c) },
      cwd,
      env: {},
      stdin: () => input,
    });
    stdout = Buffer.concat(outs);
    stderr = Buffer.concat(errs);
  } else {
    const exe = prog === 'FileCheck' ? FILECHECK : prog!;
    if (exe === FILECHECK && !haveTool(FILECHECK)) throw new Error(FILECHECK_HINT);
    const r = spawnSync(exe, args, { input, cwd, maxBuffer: 1 << 28 });
    if (r.error) throw new Error(`cannot run ${exe}: ${r.error.message}`);
    status = r.status ?? 1;
    stdout = r.stdout;
    stderr = r.stderr;
  }
  if (st.stderrToStdout) {
    stdout = Buffer.concat([stdout, stderr]);
    stderr = new Uint8Array();
  }
  if (st.stdoutFile !== undefined) {
    writeFileSync(resolve(cwd, st.stdoutFile), stdout);
    stdout = new Uint8Array();
  }
  if (st.stderrFile !== undefined) {
    writeFileSync(resolve(cwd, st.stderrFile), stderr);
    stderr = new Uint8Array();
  }
  if (invert) status = status === 0 ? 1 : 0;
  return { status, stdout, stderr };
}

/** Features this runner provides to `%if feature %{ … %}` (none: no assertions build). */
export const FEATURES: ReadonlySet<string> = new Set<string>();

/**
 * lit's `%if feature %{ A %} [%else %{ B %}]`: A when the feature is available, else B (or nothing).
 * Returns the command and, when a branch was dropped, the feature it needed.
 */
export function expandIf(cmd: string): { cmd: string; dropped?: string } {
  const m = /%if\s+(\S+)\s+%\{(.*?)%\}(?:\s*%else\s+%\{(.*?)%\})?/.exec(cmd);
  if (!m) return { cmd };
  const have = FEATURES.has(m[1]!);
  const repl = have ? m[2]! : m[3] ?? '';
  const rest = expandIf(cmd.slice(0, m.index) + repl + cmd.slice(m.index + m[0].length));
  return have ? rest : { cmd: rest.cmd, dropped: m[1]! };
}

/** The reasons a RUN line is not run (what a test may skip; anything else must run). */
export const SKIP_REASONS = {
  asserts: 'needs an assertions build of sycl-post-link (-debug-only)',
  assertsIf: 'needs an assertions build of sycl-post-link (%if asserts)',
  moduleSplit: 'runs sycl-module-split, another tool (not sycl-post-link)',
  llvmSplit: "runs llvm-split -sycl-split, intel/llvm's variant of another tool (not sycl-post-link)",
  esimd: 'ESIMD splitting and lowering (-split-esimd / -lower-esimd on a module with ESIMD code) are not implemented: syclbin post-link refuses them',
  dependent: 'reads the output of a line that was skipped',
} as const;

/**
 * Why a RUN line is not run, or undefined. `testText`: the test file, whose module the line reads
 * (`-split-esimd` / `-lower-esimd` run when it has no ESIMD function: they then change nothing).
 */
export function skipReason(cmd: string, testText = ''): string | undefined {
  if (/-debug-only[= ]/.test(cmd)) return SKIP_REASONS.asserts;
  if (/(^|[\s|])sycl-module-split\s/.test(cmd)) return SKIP_REASONS.moduleSplit;
  if (/(^|[\s|])llvm-split\s/.test(cmd)) return SKIP_REASONS.llvmSplit;
  if (/(^|[\s|])sycl-post-link\s/.test(cmd) && /\s-(split|lower)-esimd(\s|=|$)/.test(cmd) && /!sycl_explicit_simd\b/.test(testText)) return SKIP_REASONS.esimd;
  return undefined;
}

/**
 * What a skipped line writes, as patterns of whole paths: for `-o STEM[.table]` the file itself, the
 * table `STEM.table` and the `STEM_N.<ext>` files sycl-post-link / sycl-module-split write next to
 * it; for `> FILE` the file.
 */
function skippedOutputs(cmd: string): RegExp[] {
  return outputStems(cmd).map((stem) => new RegExp(`(?:^|[\\s=<])${quote(stem)}${OUTPUT_SUFFIX}(?=\\s|$)`));
}

/** A string as a regular expression matching it literally. */
function quote(x: string): string {
  return x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * What follows an output stem in the names of the files written for it: the table, or the
 * `_N.ext` files sycl-post-link writes next to it, also with the prefix of an ESIMD or large-GRF
 * image (`_esimd_0.ll`, `_large_grf_1.sym`, as the upstream tests name them).
 */
const OUTPUT_SUFFIX = '(?:\\.table|_(?:esimd_|large_grf_|double_grf_|esimd_large_grf_|esimd_double_grf_)?[0-9]+\\.[A-Za-z]+)?';

/** The stems of the files a command writes: after `-o` or `>`, absolute paths only (`%t…`), the `.table` dropped. */
function outputStems(cmd: string): string[] {
  const out: string[] = [];
  // Only files (`%t…` is absolute after substitution): not `-o -` (standard output) or `>&1`.
  for (const m of cmd.matchAll(/(?:^|\s)(?:-o|>)\s*(\/\S+)/g)) {
    const path = m[1]!;
    out.push(path.endsWith('.table') ? path.slice(0, -'.table'.length) : path);
  }
  return out;
}

/**
 * Removes what an earlier line wrote under the names `cmd` writes, before it runs: a line that
 * fails must not leave a later FileCheck line reading the files of a previous run (lit stops at
 * the first failing line; this runner goes on, to count every line).
 */
function removeOutputs(cmd: string): void {
  for (const stem of outputStems(cmd)) {
    const dir = dirname(stem);
    if (!existsSync(dir)) continue;
    const mine = new RegExp(`^${quote(basename(stem))}${OUTPUT_SUFFIX}$`);
    for (const f of readdirSync(dir)) if (mine.test(f)) rmSync(join(dir, f), { force: true, recursive: true });
  }
}

/** `cmd` reads a file one of `patterns` matches (what it writes, after `-o` or `>`, does not count). */
function readsSkippedOutput(cmd: string, patterns: readonly RegExp[]): boolean {
  const inputs = cmd.replace(/(?:^|\s)(?:-o|>)\s*\/\S+/g, ' ');
  return patterns.some((p) => p.test(inputs));
}

/**
 * Runs every RUN line of `testFile` (absolute) in `workDir`. `%t` is `<workDir>/<name>.tmp`.
 * Lines run in order; a failing line is reported, later lines still run.
 */
export async function runLitTest(testFile: string, workDir: string, era?: 'main'): Promise<RunResult[]> {
  if (!isAbsolute(testFile)) throw new Error('absolute test path expected');
  mkdirSync(workDir, { recursive: true });
  const text = readFileSync(testFile, 'utf8');
  const { runs } = parseRunLines(text);
  const t = join(workDir, testFile.split('/').pop()! + '.tmp');
  const results: RunResult[] = [];
  const skippedPrefixes: RegExp[] = [];
  for (const r of runs) {
    const expanded = expandIf(r.text);
    const cmd = substitute(expanded.cmd, { s: testFile, t });
    if (cmd.trim() === '' && expanded.dropped) {
      results.push({ line: r.line, command: r.text, status: 'skipped', reason: expanded.dropped === 'asserts' ? SKIP_REASONS.assertsIf : `needs the lit feature '${expanded.dropped}'` });
      continue;
    }
    const skip = skipReason(cmd, text) ?? (readsSkippedOutput(cmd, skippedPrefixes) ? SKIP_REASONS.dependent : undefined);
    if (skip) {
      results.push({ line: r.line, command: r.text, status: 'skipped', reason: skip });
      for (const p of skippedOutputs(cmd)) skippedPrefixes.push(p);
      continue;
    }
    removeOutputs(cmd);
    let ok = true;
    let log = '';
    for (const seq of parsePipeline(shellWords(cmd))) {
      let data: Uint8Array = new Uint8Array();
      let last = 0;
      let errText = '';
      for (const st of seq) {
        const res = await runStage(st, data, workDir, era);
        data = res.stdout;
        last = res.status;
        errText += Buffer.from(res.stderr).toString('utf8');
        // lit uses pipefail: any failing stage fails the pipeline.
        if (res.status !== 0) {
          ok = false;
          log += `[${st.argv.join(' ')}] exit ${res.status}\n`;
        }
      }
      log += errText + Buffer.from(data).toString('utf8');
      if (last !== 0 || !ok) {
        ok = false;
        break;
      }
    }
    results.push(ok ? { line: r.line, command: r.text, status: 'pass' } : { line: r.line, command: r.text, status: 'fail', output: log.slice(0, 4000) });
  }
  return results;
}
