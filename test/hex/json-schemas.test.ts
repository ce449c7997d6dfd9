/**
 * `annotate --json`, `verify --json` and `diff --json` validate against their schemas
 * (schemas/annotate.schema.json, verify.schema.json, diff.schema.json) for every bundled file of the
 * kinds they read, broken ones included; the finding codes of the schema are the toolkit's list.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { runCli } from '../../src/cli/run.js';
import { FINDING_CODES } from '../../src/hex/annotate.js';
import { initZstd } from '../../src/node/compressors.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const schema = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(ROOT, 'schemas', name), 'utf8')) as Record<string, unknown>;
const ajv = new Ajv({ allErrors: true, strict: true });
ajv.addSchema(schema('annotate.schema.json'));
const validate = {
  annotate: ajv.getSchema('https://syclbin-toolkit.invalid/schemas/annotate.schema.json')!,
  verify: ajv.compile(schema('verify.schema.json')),
  diff: ajv.compile(schema('diff.schema.json')),
};

async function json(args: string[]): Promise<{ code: number; doc: unknown }> {
  let out = '';
  const code = await runCli(args, { stdout: { write: (c) => void (out += String(c)) }, stderr: { write: () => undefined }, cwd: ROOT, env: {} });
  return { code, doc: JSON.parse(out) as unknown };
}

/** The bundled files of the kinds these commands read (no sources, notes or JSON). */
function bundled(): string[] {
  const out: string[] = [];
  for (const dir of ['testdata/syclbin', 'testdata/broken', 'testdata/offload', 'testdata/llvm22/sycl', 'testdata/llvm22/strict', 'testdata/llvm22/containers', 'testdata/props', 'testdata/conformance']) {
    for (const f of readdirSync(join(ROOT, dir))) {
      const p = join(dir, f);
      if (!statSync(join(ROOT, p)).isFile() || /\.(ts|json|md|txt|cpp|ll|spvasm|sh)$/.test(f)) continue;
      out.push(p);
    }
  }
  return out;
}

describe('hex: annotate, verify and diff --json against their schemas', () => {
  before(initZstd);

  it('the schema lists the finding codes of the toolkit, no more, no fewer', () => {
    const codes = (((schema('annotate.schema.json').definitions as Record<string, { enum: string[] }>).code)!).enum;
    expect(codes).to.deep.equal([...FINDING_CODES]);
  });

  it('every bundled file: annotate --json and verify --json validate; diff --json of neighbours (and --bytes) validates', async function () {
    this.timeout(120_000);
    const files = bundled();
    expect(files.length).to.be.greaterThan(40);
    const codes = new Set<string>();
    for (const f of files) {
      const a = await json(['annotate', '--json', f]);
      expect(validate.annotate(a.doc), `annotate ${f}: ${ajv.errorsText(validate.annotate.errors)}`).to.equal(true);
      const v = await json(['verify', '--json', f]);
      expect(validate.verify(v.doc), `verify ${f}: ${ajv.errorsText(validate.verify.errors)}`).to.equal(true);
      for (const p of (v.doc as { problems: { code: string }[] }).problems) codes.add(p.code);
    }
    // The broken files exercise most codes.
    expect(codes.size).to.be.greaterThan(5);
    for (let i = 1; i < files.length; i += 3) {
      const d = await json(['diff', '--bytes', '--json', files[i - 1]!, files[i]!]);
      expect(validate.diff(d.doc), `diff ${files[i - 1]} ${files[i]}: ${ajv.errorsText(validate.diff.errors)}`).to.equal(true);
    }
    const inflated = await json(['annotate', '--json', '--inflated', 'testdata/syclbin/v2_roles_v3_zstd.syclbin']);
    expect(validate.annotate(inflated.doc), ajv.errorsText(validate.annotate.errors)).to.equal(true);
  });

  it('the schemas are not vacuous: an unknown field, kind or code fails them', async () => {
    const a = (await json(['annotate', '--json', 'testdata/syclbin/v1_one_ir.syclbin'])).doc as { spans: Record<string, unknown>[] };
    expect(validate.annotate({ ...a, extra: 1 })).to.equal(false);
    expect(validate.annotate({ ...a, spans: [{ ...a.spans[0], kind: 'thing' }] })).to.equal(false);
    const v = (await json(['verify', '--json', 'testdata/broken/v1-bad-magic.syclbin'])).doc as { problems: Record<string, unknown>[] };
    expect(validate.verify(v)).to.equal(true);
    expect(validate.verify({ ...v, problems: [{ ...v.problems[0], code: 'other' }] })).to.equal(false);
  });
});
