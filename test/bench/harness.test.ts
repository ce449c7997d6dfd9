/**
 * The benchmark harness (bench/harness.ts) and runner (bench/run.ts): statistics, interleaving,
 * ratios, the goals check, and a smoke run of two in-process workloads with tiny inputs. Deterministic:
 * nothing here asserts how fast anything is.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable, interleavedOrder, measureTable, median, stats, type ContenderResult, type TableResult } from '../../bench/harness.js';
import { checkGoals, parseArgs } from '../../bench/run.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('bench harness', () => {
  it('median of odd and even counts, min and max', () => {
    expect(median([3, 1, 2])).to.equal(2);
    expect(median([4, 1, 3, 2])).to.equal(2.5);
    expect(median([7])).to.equal(7);
    expect(() => median([])).to.throw();
    expect(stats([5, 9, 1, 3, 7])).to.deep.equal({ median: 5, min: 1, max: 9, n: 5 });
  });

  it('interleaves contenders A B C A B C …', () => {
    expect(interleavedOrder(3, 2)).to.deep.equal([0, 1, 2, 0, 1, 2]);
    expect(interleavedOrder(2, 0)).to.deep.equal([]);
  });

  it('measures in-process contenders interleaved, after one warm-up each, with ratios to the baseline', () => {
    const calls: string[] = [];
    const t = measureTable({
      id: 't',
      title: 'test',
      baseline: 'a',
      runs: 3,
      minSampleMs: 0,
      contenders: [
        { name: 'a', fn: () => calls.push('a') },
        { name: 'b', fn: () => calls.push('b') },
        { name: 'c', fn: () => calls.push('c'), compareTo: 'b' },
      ],
    });
    // minSampleMs 0: calibration makes one call (the warm-up), then one call per run.
    expect(calls.join('')).to.equal('abc' + 'abcabcabc');
    expect(t.order).to.deep.equal(['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b', 'c']);
    expect(t.contenders.map((c) => c.samples.length)).to.deep.equal([3, 3, 3]);
    expect(t.contenders[0]!.ratio).to.deep.equal({ to: 'a', wall: 1 });
    expect(t.contenders[2]!.ratio.to).to.equal('b');
    const b = t.contenders[1]!;
    const c = t.contenders[2]!;
    expect(c.ratio.wall).to.equal(c.wallMs.median / b.wallMs.median);
    expect(formatTable(t)).to.match(/^\[t\] test — 3 interleaved runs/).and.include('(baseline)');
  });

  it('refuses a table whose reference is not a contender, or repeated names', () => {
    expect(() => measureTable({ id: 'x', title: '', baseline: 'nope', runs: 1, contenders: [{ name: 'a', fn: () => 0 }] })).to.throw(/nope/);
    expect(() =>
      measureTable({
        id: 'x',
        title: '',
        baseline: 'a',
        runs: 1,
        contenders: [
          { name: 'a', fn: () => 0 },
          { name: 'a', fn: () => 0 },
        ],
      }),
    ).to.throw(/repeat/);
  });

  it('parses the runner options', () => {
    const o = parseArgs(['--only', 'codec,base64', '--runs', '3', '--quick']);
    expect(o.only).to.deep.equal(['codec', 'base64']);
    expect(o.runs).to.equal(3);
    expect(o.quick).to.equal(true);
    expect(o.out).to.equal(join(ROOT, 'bench', 'results.json'));
    expect(() => parseArgs(['--only', 'nosuch'])).to.throw(/unknown workload/);
    expect(() => parseArgs(['--runs', '0'])).to.throw(/positive/);
    expect(() => parseArgs(['--fast'])).to.throw(/unknown option/);
  });

  it('checks the goals against the measured ratios', () => {
    const proc = (name: string, wall: number, rss: number, to: string, ratioWall: number, ratioRss: number): ContenderResult => ({
      name,
      kind: 'process',
      samples: [],
      wallMs: stats([wall]),
      rssMiB: stats([rss]),
      ratio: { to, wall: ratioWall, rss: ratioRss },
    });
    const table = (id: string, contenders: ContenderResult[]): TableResult => ({ id, title: id, baseline: contenders[0]!.name, runs: 1, order: [], loadavgBefore: [], loadavgAfter: [], contenders });
    const od = 'llvm-objdump-19 --offloading';
    const ours = 'syclbin offload-list --llvm 19';
    const tables = new Map([
      ['listing-200k', table('listing-200k', [proc(od, 100, 200, od, 1, 1), proc(ours, 90, 120, od, 0.9, 0.6)])],
      ['listing-1m', table('listing-1m', [proc(od, 500, 900, od, 1, 1), proc(ours, 460, 500, od, 0.92, 0.56)])],
      ['dump-200k', table('dump-200k', [proc('walk (node DataView header walk)', 400, 170, 'walk (node DataView header walk)', 1, 1), proc('syclbin dump', 600, 190, 'walk (node DataView header walk)', 1.5, 1.1)])],
      ['dump-200k-distinct', table('dump-200k-distinct', [proc('walk (node DataView header walk)', 410, 170, 'walk (node DataView header walk)', 1, 1), proc('syclbin dump', 902, 190, 'walk (node DataView header walk)', 2.2, 1.1)])],
      ['big-file', table('big-file', [proc('node -e 0', 40, 40, 'node -e 0', 1, 1), proc('syclbin dump', 120, 60, 'node -e 0', 3, 1.5), proc('syclbin json --no-hash', 2000, 60, 'node -e 0', 50, 1.5), proc('syclbin json', 1200, 60, 'node -e 0', 30, 1.5), proc('sha256sum', 1000, 2, 'node -e 0', 25, 0.05), proc('syclbin diff', 2000, 60, 'node -e 0', 50, 1.5), proc('cmp', 1000, 2, 'node -e 0', 25, 0.05)])],
    ]);
    const goals = checkGoals(tables);
    const by = (s: string) => goals.find((g) => g.goal.includes(s))!;
    expect(by('200k: wall').met).to.equal(true);
    expect(by('200k: peak RSS').met).to.equal(false);
    expect(by('linear').met).to.equal(true);
    expect(by('dump 200k').met).to.equal(true);
    expect(by('dump 200k').measured).to.equal('1.50× (600 vs 400 ms); every metadata blob distinct: 2.20× (902 vs 410 ms)');
    expect(by('syclbin dump <').met).to.equal(true);
    expect(by('syclbin json --no-hash <').met).to.equal(false);
    expect(by('syclbin json (reads every image byte) ≤ 1.5× sha256sum').met).to.equal(true);
    expect(by('syclbin json (reads every image byte)').measured).to.match(/^1\.20× \(1200 vs 1000 ms\)/);
    expect(by('syclbin diff (reads every image byte) ≤ 1.5× cmp on the same files').met).to.equal(false);
    expect(goals.some((g) => g.goal.includes('syclbin inspect (reads'))).to.equal(false);
    expect(goals.some((g) => g.goal.includes('10k'))).to.equal(false);
    expect(goals.some((g) => g.goal.includes('pack'))).to.equal(false);
  });

  it("checks the hostile cases against issue 11's bound in every run, not the median, and leaves out the printers", () => {
    const proc = (name: string, runs: [number, number][]): ContenderResult => ({
      name,
      kind: 'process',
      samples: runs.map(([wallMs, mib]) => ({ wallMs, maxRssKiB: mib * 1024, status: 0 })),
      wallMs: stats(runs.map((r) => r[0])),
      rssMiB: stats(runs.map((r) => r[1])),
      ratio: { to: 'base', wall: 1 },
    });
    const t: TableResult = {
      id: 'hostile',
      title: '',
      baseline: 'base',
      runs: 3,
      order: [],
      loadavgBefore: [],
      loadavgAfter: [],
      contenders: [
        proc('base', [[150, 50], [160, 50], [170, 50]]),
        proc('fast', [[300, 60], [310, 61], [320, 62]]),
        proc('one slow run', [[300, 60], [1200, 60], [320, 60]]),
        proc('one heavy run', [[300, 60], [300, 120], [300, 60]]),
        proc('syclbin hexdump, big', [[5000, 900], [5000, 900], [5000, 900]]),
      ],
    };
    const goals = checkGoals(new Map([['hostile', t]]));
    expect(goals.map((g) => [g.goal.split(':')[1]!.trim(), g.met, g.measured])).to.deep.equal([
      ['fast', true, 'slowest run 320 ms, at most 12 MiB beyond'],
      ['one slow run', false, 'slowest run 1200 ms, at most 10 MiB beyond'],
      ['one heavy run', false, 'slowest run 300 ms, at most 70 MiB beyond'],
    ]);
  });

  it('npm run bench --quick --runs 1 --only codec,base64 prints tables and writes results', function () {
    this.timeout(120_000);
    const dir = mkdtempSync(join(tmpdir(), 'bench-test-'));
    try {
      const out = join(dir, 'results.json');
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick', '--runs', '1', '--only', 'codec,base64', '--out', out], { cwd: ROOT, encoding: 'utf8' });
      expect(r.status, r.stderr).to.equal(0);
      expect(r.stdout).to.match(/^machine: .+, \d+ cores/);
      expect(r.stdout).to.include('[codec-offload]').and.include('[base64-small]');
      const res = JSON.parse(readFileSync(out, 'utf8')) as { machine: { cores: number }; tables: TableResult[]; errors: unknown[]; workloads: string[] };
      expect(res.workloads).to.deep.equal(['codec', 'base64']);
      expect(res.errors).to.deep.equal([]);
      expect(res.tables.map((t) => t.id)).to.deep.equal(['codec-offload', 'codec-entry', 'base64-encode', 'base64-decode', 'base64-small']);
      for (const t of res.tables) for (const c of t.contenders) expect(c.samples).to.have.length(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
