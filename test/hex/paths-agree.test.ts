/**
 * One span tree, one name per byte: for every valid and broken file in testdata/, `dump -v`,
 * `verify --json` and `annotate --json` give the same path for the same offset. A finding's path P
 * at offset O agrees with the annotation when the leaf that holds byte O is P, lies below P (an
 * error about a whole structure), is an opaque leaf P lies below (a blob that did not parse, a
 * compressed payload), or lists P among the paths sharing its bytes (tail-merged strings).
 */
import { expect } from 'chai';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runCliCaptured, type CliRun } from '../support/run-cli.js';
import { isWithin } from '../../src/hex/paths.js';

const ROOT = new URL('../../', import.meta.url).pathname;

interface Json {
  spans: { offset: number; size: number; path: string; kind: string; shared?: string[] }[];
  problems?: { offset: number; path: string; severity: string; code: string }[];
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else if (/\.(syclbin|bin|prop|o)$/.test(name)) out.push(p);
  }
  return out;
}

const run = (args: string[]): Promise<CliRun> => runCliCaptured(args, ROOT);

/** Does finding (path, offset) agree with the annotation's leaf at that offset? */
function agrees(ann: Json, path: string, offset: number): string | undefined {
  const leaves = ann.spans.filter((s) => s.kind !== 'group');
  const leaf = leaves.find((s) => s.offset <= offset && offset < s.offset + s.size) ?? leaves.find((s) => s.offset === offset);
  if (!leaf) return offset === ann.spans.reduce((n, s) => Math.max(n, s.offset + s.size), 0) || path === '' ? undefined : `no leaf holds byte 0x${offset.toString(16)}`;
  // (and the names a group holding it lists in `shared`: the other headers of a blob they share)
  const aliases = ann.spans.filter((s) => s.kind === 'group' && s.shared && s.offset <= offset && offset < s.offset + s.size).flatMap((s) => s.shared!);
  // (and the regions holding it: a finding about a whole table, the binary table cut short, names the
  // table its first byte is in)
  const regions = ann.spans.filter((s) => s.kind === 'group' && s.offset <= offset && offset < s.offset + s.size).map((s) => s.path);
  const names = [leaf.path, ...(leaf.shared ?? []), ...aliases, ...regions];
  if (names.some((n) => n === path || isWithin(n, path) || isWithin(path, n))) return undefined;
  return `the byte at 0x${offset.toString(16)} is ${names.join(' / ')}, the finding says ${path}`;
}

describe('hex: dump -v, verify --json and annotate --json name each byte alike', function () {
  this.timeout(60_000);
  const files = filesUnder(join(ROOT, 'testdata')).filter((f) => !f.includes('/llvm22/'));
  it('finds valid and broken files', () => {
    expect(files.filter((f) => f.includes('/broken/')).length).to.be.greaterThan(15);
    expect(files.length).to.be.greaterThan(40);
  });
  for (const file of files) {
    const rel = file.slice(ROOT.length);
    it(rel, async () => {
      const ann = JSON.parse((await run(['annotate', '--json', rel])).stdout) as Json;
      const ver = JSON.parse((await run(['verify', '--json', rel])).stdout) as Json;
      for (const p of ver.problems ?? []) {
        const why = agrees(ann, p.path, p.offset);
        expect(why, `${rel}: verify ${p.severity} ${p.code}`).to.equal(undefined);
      }
      // dump reads SYCLBIN; a file annotated as something else is refused by it (issue 12 words that).
      const format = (JSON.parse((await run(['annotate', '--json', rel])).stdout) as { format: string }).format;
      if (!/\.(syclbin|bin)$/.test(file) || !/^(syclbin-|unknown)/.test(format)) return;
      const dump = await run(['dump', '-v', rel]);
      if (dump.code === 0) return;
      const m = /\(at (?:(.*), )?offset 0x([0-9a-f]+)\)\n$/.exec(dump.stderr);
      expect(m, `${rel}: dump -v names the place: ${dump.stderr}`).to.not.equal(null);
      const path = m![1] ?? '';
      const offset = parseInt(m![2]!, 16);
      expect(agrees(ann, path, offset), `${rel}: dump -v`).to.equal(undefined);
      // dump's error is one of verify's errors, at the same place under the same name.
      expect((ver.problems ?? []).some((p) => p.severity === 'error' && p.path === path && p.offset === offset), `${rel}: verify reports dump's error ${path} @0x${offset.toString(16)}`).to.equal(true);
    });
  }
});
