import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { lowerManifestJson } from '../../src/lower/lower.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/lower-manifest.schema.json', import.meta.url), 'utf8'));
const example = JSON.parse(readFileSync(new URL('../../testdata/lower/issue-example.json', import.meta.url), 'utf8'));

describe('lower: manifest schema (schemas/lower-manifest.schema.json)', () => {
  const ajv = new Ajv({ strict: true, allErrors: true });
  const validate = ajv.compile(schema);
  it('accepts the issue example, which lowers', () => {
    expect(validate(example), JSON.stringify(validate.errors)).to.equal(true);
    const r = lowerManifestJson(example);
    expect(r.specConstants.constants.map((c) => c.descriptors.length)).to.deep.equal([1, 3, 3, 3, 1]);
  });
  it('rejects what the tool rejects structurally', () => {
    for (const bad of [
      { ...example, mode: 'jit' },
      { ...example, extra: true },
      { ...example, specConstants: [{ name: 'a=b', type: 'i32', default: 1 }] },
      { ...example, specConstants: [{ name: 'a', type: 'i32' }] },
      { ...example, specConstants: [{ name: 'a', type: 'i32', default: 1, specId: 4294967295 }] },
      { ...example, deviceGlobals: [{ name: 'g', type: 'i32', hostAccess: 'rw' }] },
    ]) {
      expect(validate(bad), JSON.stringify(bad).slice(0, 120)).to.equal(false);
      expect(() => lowerManifestJson(bad)).to.throw();
    }
  });
});
