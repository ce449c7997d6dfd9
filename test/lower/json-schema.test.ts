/**
 * `syclbin lower --json` and `syclbin specialize --json` validate against their schemas
 * (schemas/lowering.schema.json, schemas/specialize.schema.json), for every spec-constant and
 * device-global input of sycl-post-link's tests (testdata/sycl-post-link) in both modes.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { cli, tempDir } from '../offload/support.js';
import { LOWERING_JSON_FORMAT } from '../../src/lower/report.js';

const root = new URL('../../', import.meta.url).pathname;
const ajv = new Ajv({ allErrors: true, strict: true });
const schema = (name: string): object => JSON.parse(readFileSync(join(root, 'schemas', name), 'utf8')) as object;
const validateLowering = ajv.compile(schema('lowering.schema.json'));
const validateSpecialize = ajv.compile(schema('specialize.schema.json'));

describe('lower --json and specialize --json: their schemas', () => {
  it('lower --json of every spec-constant and device-global test module, native and emulation, validates', async function () {
    this.timeout(60_000);
    const dirs = ['spec-constants', 'device-globals'].map((d) => join(root, 'testdata/sycl-post-link', d));
    const inputs = dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.ll')).map((f) => join(d, f)));
    let validated = 0;
    const seen = { leaves: false, emulation: false, bufferSize: false, deviceGlobals: false, hostAccess: false };
    for (const f of inputs) {
      for (const mode of ['native', 'emulation']) {
        const r = await cli(['lower', f, '--mode', mode, '--json'], root);
        if (r.code !== 0) continue; // modules the tests expect to fail (a cross-module device global, a bad triple)
        const doc = JSON.parse(r.stdout) as { format: string; specConstants: { leaves?: unknown; emulation?: unknown }[]; bufferSize?: number; deviceGlobals: { hostAccess?: string }[] };
        expect(validateLowering(doc), `${f} ${mode}: ${ajv.errorsText(validateLowering.errors)}`).to.equal(true);
        expect(doc.format).to.equal(LOWERING_JSON_FORMAT);
        seen.leaves ||= doc.specConstants.some((c) => c.leaves !== undefined);
        seen.emulation ||= doc.specConstants.some((c) => c.emulation !== undefined);
        seen.bufferSize ||= doc.bufferSize !== undefined;
        seen.deviceGlobals ||= doc.deviceGlobals.length > 0;
        seen.hostAccess ||= doc.deviceGlobals.some((g) => g.hostAccess !== undefined);
        validated++;
      }
    }
    expect(validated).to.be.greaterThan(40);
    // Every optional part of the schema was exercised.
    expect(seen).to.deep.equal({ leaves: true, emulation: true, bufferSize: true, deviceGlobals: true, hostAccess: true });
    // The schema is not vacuous: a field it does not know, a wrong format or a bad hex string fail it.
    const good = JSON.parse((await cli(['lower', join(root, 'testdata/lower/issue-example.json'), '--json'], root)).stdout) as Record<string, unknown>;
    expect(validateLowering(good)).to.equal(true);
    for (const bad of [{ ...good, extra: 1 }, { ...good, format: 'x' }, { ...good, defaultBlob: 'abc' }, { ...good, mode: 'aot' }]) expect(validateLowering(bad)).to.equal(false);
  });

  it('specialize --json validates, names its module, and the schema refuses what it does not describe', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const lowered = await cli(['lower', join(root, 'testdata/lower/issue-example.json'), '-o', join(dir, 'a.syclbin')], root);
      expect(lowered.code, lowered.stderr).to.equal(0);
      const r = await cli(['specialize', 'a.syclbin', '--set', 'uid1234____ZL6id_int=i:7', '--json'], dir);
      expect(r.code, r.stderr).to.equal(0);
      const doc = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(validateSpecialize(doc), ajv.errorsText(validateSpecialize.errors)).to.equal(true);
      expect(doc).to.deep.include({ format: 'syclbin-specialize', version: 1, module: 0 });
      expect(doc.writes).to.deep.equal([{ name: 'uid1234____ZL6id_int', specId: 0, size: 4, bytes: '07000000' }]);
      for (const bad of [{ ...doc, module: -1 }, { ...doc, blob: 'zz' }, { ...doc, extra: true }]) expect(validateSpecialize(bad)).to.equal(false);
    } finally {
      cleanup();
    }
  });
});
